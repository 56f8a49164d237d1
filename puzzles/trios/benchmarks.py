"""Tricky Trios benchmarks (the figure of the unit's issue), run by ``python -m puzzles.bench``."""

from __future__ import annotations

from puzzles.bench import Benchmark
from puzzles.trios import model


def _all_exact() -> None:
    model._TABLE = model._ScaledTable()  # start cold: no value from an earlier repeat
    values = model.rounds_table(100)
    assert len(values) == 100


def _memo_fractions() -> None:
    model._memo.cache_clear()
    model.expected_rounds_memo(40)


def _enumeration_four() -> None:
    model._enumerate.cache_clear()
    model.enumeration_summary(4)


def _simulation() -> None:
    model.simulate(10, 10_000, seed=1)


BENCHMARKS = [
    Benchmark("E(N) exact, N = 1..100 together (DP, integers)", "176,851 states", "< 2 s", 2.0, _all_exact),
    Benchmark(
        "E(N) by the Fraction memo, N = 1..40", "12,341 states", "(for comparison)", 10.0, _memo_fractions, 3
    ),
    Benchmark(
        "enumeration of every order, N = 4", "15,400 orders", "(small dataset)", 10.0, _enumeration_four, 3
    ),
    Benchmark("simulation, N = 10", "10,000 games", "(for comparison)", 10.0, _simulation, 3),
]


# -- cost caps (``python -m puzzles.bench --caps``) -------------------------------------------

from puzzles.bench import Cap  # noqa: E402
from puzzles.trios.play import TriosGame  # noqa: E402


def _cold(function, *args):
    def task():
        model._TABLE = model._ScaledTable()
        model._memo.cache_clear()
        model._most.cache_clear()
        model._free_value.cache_clear()
        return function(*args)

    return task


CAPS = [
    Cap(
        "expected_rounds, rounds_table, state_value",
        f"{model.MAX_EXPLORE_TRIOS} trios",
        "rounds_table(100), cold",
        _cold(model.rounds_table, model.MAX_EXPLORE_TRIOS),
        lambda: model.expected_rounds(model.MAX_EXPLORE_TRIOS + 1),
    ),
    Cap(
        "expected_rounds_memo",
        f"N <= {model.MEMO_LARGEST}",
        "expected_rounds_memo(40), cold",
        _cold(model.expected_rounds_memo, model.MEMO_LARGEST),
        lambda: model.expected_rounds_memo(model.MEMO_LARGEST + 1),
    ),
    Cap(
        "expected_rounds_free_choice, free_choice_*",
        f"{model.FREE_CHOICE_LARGEST} trios",
        "expected_rounds_free_choice(10), cold",
        _cold(model.expected_rounds_free_choice, model.FREE_CHOICE_LARGEST),
        lambda: model.expected_rounds_free_choice(model.FREE_CHOICE_LARGEST + 1),
    ),
    Cap(
        "most_rounds",
        f"{model.MOST_ROUNDS_LARGEST} trios",
        "most_rounds(0, 0, 40), cold",
        _cold(model.most_rounds, 0, 0, model.MOST_ROUNDS_LARGEST),
        lambda: model.most_rounds(0, 0, model.MOST_ROUNDS_LARGEST + 1),
    ),
    Cap(
        "count_orders",
        f"N <= {model.COUNT_ORDERS_LARGEST:,}",
        "count_orders(30_000)",
        lambda: model.count_orders(model.COUNT_ORDERS_LARGEST),
        lambda: model.count_orders(model.COUNT_ORDERS_LARGEST + 1),
    ),
    Cap(
        "canonical_orders",
        f"N <= {model.ORDER_LARGEST:,} (orders one at a time)",
        "the first order for N = 3000",
        lambda: next(model.canonical_orders(model.ORDER_LARGEST)),
        lambda: model.canonical_orders(model.ORDER_LARGEST + 1),
    ),
    Cap(
        "sample_rounds, simulate",
        f"N games <= {model.SIMULATION_LARGEST_WORK:,}",
        "simulate(100, 10_000)",
        lambda: model.simulate(100, 10_000),
        lambda: model.simulate(100, 10_001),
    ),
    Cap(
        "rounds_per_trio_limit",
        f"steps <= {model.RK4_LARGEST_STEPS:,}",
        "rounds_per_trio_limit(100_000)",
        lambda: model.rounds_per_trio_limit(model.RK4_LARGEST_STEPS),
        lambda: model.rounds_per_trio_limit(model.RK4_LARGEST_STEPS + 1),
    ),
    Cap(
        "TriosGame",
        f"N <= {model.MAX_EXPLORE_TRIOS} trios",
        "TriosGame(100)",
        lambda: TriosGame(model.MAX_EXPLORE_TRIOS),
        lambda: TriosGame(model.MAX_EXPLORE_TRIOS + 1),
    ),
]
