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


# -- cost caps (``python -m puzzles.bench --caps``) -------------------------------------------

from fractions import Fraction  # noqa: E402

from puzzles.bench import Cap  # noqa: E402
from puzzles.egg import model  # noqa: E402


def _every_closed_form(k: int):
    def task() -> None:
        for n in (2, 3, 10, 100, 3000):
            model.worst_case_trials(n, k), model.worst_case_drops(n, k)
            model.laplace_trials(n, k), model.laplace_drops(n, k), model.dif(k, n)

    return task


CAPS = [
    Cap(
        "max_size, rep, first, laplace_rep",
        f"{model.MAX_SIZE_DIGITS:,} digits, {model.MAX_SIZE_TERMS:,} terms",
        "max_size(10_000, 10**9): 54 000 digits",
        lambda: model.max_size(10_000, 10**9),
        lambda: model.max_size(10_001, 10**9),
    ),
    Cap(
        "W, X, L, Y, Nom, Dif, z (closed forms)",
        f"k below 10**{model.MAX_K_DIGITS}, any n",
        "all of them, n = 2, 3, 10, 100, 3000",
        _every_closed_form(10**999 - 1),
        lambda: model.laplace_trials(2, 10**1000),
    ),
    Cap(
        "worst_case_table",
        f"(n+1)(k+1) <= {model.TABLE_LARGEST_CELLS:,}, n k**2 <= 2*10**8",
        "worst_case_table(2, 10_000)",
        lambda: model.worst_case_table(2, 10_000),
        lambda: model.worst_case_table(2, 10_001),
    ),
    Cap(
        "worst_case_table",
        "(the other corner)",
        "worst_case_table(99, 499)",
        lambda: model.worst_case_table(99, 499),
        lambda: model.worst_case_table(100, 499),
    ),
    Cap(
        "laplace_table",
        f"(n+1)(k+1) <= {model.TABLE_LARGEST_CELLS:,}, n k**2 <= 2*10**8",
        "laplace_table(2, 10_000)",
        lambda: model.laplace_table(2, 10_000),
        lambda: model.laplace_table(2, 10_001),
    ),
    Cap(
        "expected_trials, expected_drops",
        f"min(n, H) H**3 <= {model.EXPECTED_LARGEST_WORK:,}",
        "expected_trials(2, 182 weights): H = 181",
        lambda: model.expected_trials(2, [Fraction(1, 7)] * 182),
        lambda: model.expected_trials(2, [Fraction(1, 7)] * 183),
    ),
]
