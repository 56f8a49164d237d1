"""Mastermind benchmarks (the figures of the unit's issue), run by ``python -m puzzles.bench``."""

from __future__ import annotations

from puzzles.bench import Benchmark
from puzzles.mastermind.heuristics import HEURISTICS, _cached_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.search import OptimalSearch
from puzzles.mastermind.strategy import evaluate


def _feedback_table() -> None:
    Game(4, 6).table  # a fresh Game computes its table  # noqa: B018


def _heuristic(heuristic: str):
    def task() -> None:
        _cached_strategy.cache_clear()
        game = Game(4, 6)
        strategy = _cached_strategy(4, 6, heuristic, None, False)  # computes its own feedback table
        evaluate(game, strategy)

    return task


def _optimal(max_guesses: int | None):
    def task() -> None:
        strategy = OptimalSearch(Game(4, 6), max_guesses).strategy()  # from scratch: table, symmetry, search
        assert strategy.info["total"] == (5625 if max_guesses is None else 5626)

    return task


BENCHMARKS = [
    Benchmark("feedback table 1296 x 1296", "4 pegs, 6 colours", "< 0.2 s", 0.2, _feedback_table),
    *[
        Benchmark(
            f"{h} strategy built and evaluated",
            "1296 secrets",
            "< 2 s",
            2.0,
            _heuristic(h),
            repeats=3,
        )
        for h in HEURISTICS
    ],
    Benchmark("optimal 4x6 strategy from scratch", "total 5625", "< 60 s", 60.0, _optimal(None), repeats=1),
    Benchmark(
        "optimal 4x6 strategy, at most 5 guesses",
        "total 5626",
        "< 60 s",
        60.0,
        _optimal(5),
        repeats=1,
    ),
]


# -- cost caps (``python -m puzzles.bench --caps``) -------------------------------------------

from puzzles.bench import Cap  # noqa: E402
from puzzles.mastermind import heuristics, model, search  # noqa: E402


def _heuristic_4x6() -> None:
    _cached_strategy.cache_clear()
    heuristics.heuristic_strategy(Game(4, 6), "entropy")


CAPS = [
    Cap(
        "Game",
        f"{model.MAX_CODES:,} codes, {model.MAX_PEGS} pegs",
        "Game(12, 2).table: 4096 x 4096 replies",
        lambda: Game(12, 2).table,
        lambda: Game(13, 1),
    ),
    Cap(
        "feedback_pairs",
        f"pegs <= {model.FEEDBACK_PAIRS_LARGEST:,}",
        "feedback_pairs(1000)",
        lambda: model.feedback_pairs(model.FEEDBACK_PAIRS_LARGEST),
        lambda: model.feedback_pairs(model.FEEDBACK_PAIRS_LARGEST + 1),
    ),
    Cap(
        "heuristic_strategy",
        f"{heuristics.HEURISTIC_LARGEST_CODES:,} codes",
        "heuristic_strategy(Game(4, 6), 'entropy')",
        _heuristic_4x6,
        lambda: heuristics.heuristic_strategy(Game(5, 5), "entropy"),
    ),
    Cap(
        "optimal_strategy, OptimalSearch",
        f"pegs <= 4 and colours <= 6, or <= {search.SEARCH_LARGEST_CODES} codes",
        "optimal_strategy(Game(4, 6))",
        lambda: search.optimal_strategy(Game(4, 6)),
        lambda: search.optimal_strategy(Game(3, 9)),
    ),
    Cap(
        "optimal_strategy, OptimalSearch",
        "(a game of at most 243 codes)",
        "optimal_strategy(Game(5, 3)): 243 codes",
        lambda: search.optimal_strategy(Game(5, 3)),
        lambda: search.optimal_strategy(Game(8, 2)),
    ),
    Cap(
        "plain_minimum_total",
        f"{search.PLAIN_LARGEST_CODES} codes",
        "plain_minimum_total(Game(2, 7))",
        lambda: search.plain_minimum_total(Game(2, 7)),
        lambda: search.plain_minimum_total(Game(3, 4)),
    ),
]
