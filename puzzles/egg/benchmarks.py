"""Egg-dropping benchmarks (the figures of the foundation issue), run by ``python -m puzzles.bench``."""

from __future__ import annotations

from puzzles.bench import Benchmark
from puzzles.egg.model import laplace_table, laplace_trials, worst_case_table, worst_case_trials


def _worst_case_huge() -> None:
    for n in range(1, 65):
        worst_case_trials(n, 10**30)


def _laplace_million(n: int):
    return lambda: laplace_trials(n, 10**6)


def _full_tables() -> None:
    worst_case_table(12, 2000)
    laplace_table(12, 2000)


BENCHMARKS = [
    Benchmark("W(n, 10**30), n = 1..64, all together", "64 values", "milliseconds", 0.05, _worst_case_huge),
    *[
        Benchmark(f"L({n}, 10**6) exact", "k = 10**6", "< 1 s", 1.0, _laplace_million(n))
        for n in range(2, 13)
    ],
    Benchmark("DP tables W, X, L, Y (exact)", "n <= 12, k <= 2000", "< 10 s", 10.0, _full_tables, repeats=3),
]
