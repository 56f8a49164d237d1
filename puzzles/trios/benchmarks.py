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
