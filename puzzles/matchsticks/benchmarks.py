"""Match-stick benchmarks (the figures of the unit's issue), run by ``python -m puzzles.bench``."""

from __future__ import annotations

from puzzles.bench import Benchmark
from puzzles.matchsticks.model import _cached_grundy, _cached_table, theorem_disagreements


def _dp_million() -> None:
    _cached_table.cache_clear()  # time the DP itself, not the cache
    _cached_table((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), True, 10**6)


def _theorem_check() -> None:
    _cached_table.cache_clear()
    assert theorem_disagreements(50, 500) == []


def _grundy_sets() -> None:
    _cached_grundy.cache_clear()
    for moves in [(1, 3, 4), (2, 5, 6), (1, 4, 9, 16), (3, 5, 8, 13)]:
        _cached_grundy(moves, 10**5)


BENCHMARKS = [
    Benchmark("misère DP, take 1..10", "N = 10**6, M = 10", "< 1 s", 1.0, _dp_million),
    Benchmark("theorem vs DP, every (M, N)", "M <= 50, N <= 500", "< 1 s", 1.0, _theorem_check),
    Benchmark(
        "Grundy values, four subtraction sets", "n <= 10**5 each", "< 2 s", 2.0, _grundy_sets, repeats=3
    ),
]


# -- cost caps (``python -m puzzles.bench --caps``) -------------------------------------------

from puzzles.bench import Cap  # noqa: E402
from puzzles.matchsticks import model  # noqa: E402
from puzzles.matchsticks.play import MatchGame  # noqa: E402


def _fresh(function, *args):
    def task():
        model._cached_table.cache_clear()
        model._cached_grundy.cache_clear()
        return function(*args)

    return task


CAPS = [
    Cap(
        "win_table, outcome, winning_moves, ...",
        f"n <= {model.WIN_TABLE_LARGEST:,} positions",
        "win_table(10**6, 3)",
        _fresh(model.win_table, 10**6, 3),
        _fresh(model.win_table, 10**6 + 1, 3),
    ),
    Cap(
        "win_table, outcome, winning_moves, ...",
        "positions x largest take <= 10**9",
        "win_table(999_999, {1, 1000})",
        _fresh(model.win_table, 999_999, {1, 1000}),
        _fresh(model.win_table, 999_999, {1, 1001}),
    ),
    Cap(
        "grundy_table, grundy, grundy_sum, ...",
        f"positions x take sizes <= {model.GRUNDY_LARGEST_WORK:,}",
        "grundy_table(333_332, {1, 3, 4})",
        _fresh(model.grundy_table, 333_332, {1, 3, 4}),
        _fresh(model.grundy_table, 333_333, {1, 3, 4}),
    ),
    Cap(
        "outcome_period",
        f"largest take <= {model.PERIOD_LARGEST_TAKE:,}",
        "outcome_period({1, 10000}, misere=True)",
        _fresh(model.outcome_period, {1, 10_000}, True),
        _fresh(model.outcome_period, {1, 10_001}, True),
    ),
    Cap(
        "grundy_period",
        f"largest take <= {model.PERIOD_LARGEST_TAKE:,}, positions as grundy",
        "grundy_period({1, 10000})",
        _fresh(model.grundy_period, {1, 10_000}),
        _fresh(model.grundy_period, {1, 10_001}),
    ),
    Cap(
        "subtraction_set (moves = M)",
        f"M <= {model.LARGEST_M:,}",
        "subtraction_set(100_000)",
        lambda: model.subtraction_set(model.LARGEST_M),
        lambda: model.subtraction_set(model.LARGEST_M + 1),
    ),
    Cap(
        "theorem_levels",
        f"p + 1 <= {model.THEOREM_LEVELS_LARGEST:,} levels",
        "theorem_levels(2 * 10**6, 1)",
        lambda: model.theorem_levels(2 * 10**6, 1),
        lambda: model.theorem_levels(2 * 10**6 + 2, 1),
    ),
    Cap(
        "theorem_disagreements",
        f"M_max**2 N_max <= {model.THEOREM_CHECK_LARGEST:,}",
        "theorem_disagreements(100, 500)",
        _fresh(model.theorem_disagreements, 100, 500),
        _fresh(model.theorem_disagreements, 100, 501),
    ),
    Cap(
        "mex",
        f"{model.MEX_LARGEST:,} values",
        "mex(range(10**6)): every value present",
        lambda: model.mex(range(model.MEX_LARGEST)),
        lambda: model.mex(range(model.MEX_LARGEST + 1)),
    ),
    Cap(
        "MatchGame",
        f"N <= {model.WIN_TABLE_LARGEST:,} sticks",
        "MatchGame(10**6, 3, 'computer')",
        _fresh(MatchGame, 10**6, 3, "computer"),
        _fresh(MatchGame, 10**6 + 1, 3, "computer"),
    ),
]
