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

import random  # noqa: E402
from fractions import Fraction  # noqa: E402

from puzzles.bench import Cap, largest_admitted, refused  # noqa: E402
from puzzles.egg import model  # noqa: E402


def _every_closed_form(k: int):
    def task() -> None:
        for n in (2, 3, 10, 100, 3000):
            model.worst_case_trials(n, k), model.worst_case_drops(n, k)
            model.laplace_trials(n, k), model.laplace_drops(n, k), model.dif(k, n)

    return task


def _largest_trials() -> int:
    """The largest t that max_size(10 000, t) admits: the most terms and the most digits."""
    terms = model.MAX_SIZE_TERMS
    return largest_admitted(
        lambda t: t, lambda t: not refused(lambda: model._check_size_cost(terms, t, "F")), terms + 1, 10**15
    )


def _random_prior(H: int, bits: int) -> list[Fraction]:
    rng = random.Random(H * 1000 + bits)
    return [Fraction(rng.getrandbits(bits) | 1, rng.getrandbits(bits) | 1) for _ in range(H + 1)]


def _worst_prior(H: int) -> list[Fraction]:
    """Random Fractions over C = 0..H with denominators as long as the cost cap admits (n = 2)."""
    return largest_admitted(
        lambda bits: _random_prior(H, bits),
        lambda prior: not refused(lambda: model._check_expected_cost(2, [Fraction(w) for w in prior])),
        1,
        4096,
    )


CAPS = [
    Cap(
        "max_size, rep, first, laplace_rep",
        f"{model.MAX_SIZE_DIGITS:,} digits, {model.MAX_SIZE_TERMS:,} terms",
        "max_size(10_000, t), t the largest admitted",
        lambda t: model.max_size(model.MAX_SIZE_TERMS, t),
        lambda: model.max_size(model.MAX_SIZE_TERMS + 1, 10**9),
        _largest_trials,
    ),
    Cap(
        "rep, laplace_rep (n eggs: n - 1 terms)",
        f"n <= {model.MAX_SIZE_TERMS:,} eggs",
        "rep(t + 1, 10_000), t the largest admitted",
        lambda t: model.rep(t + 1, model.MAX_SIZE_TERMS),
        lambda: model.rep(10**9, model.MAX_SIZE_TERMS + 1),
        _largest_trials,
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
        f"min(n, H) H**3 x 64-bit words <= {model.EXPECTED_LARGEST_WORK:,}",
        "n = 2, H = 181, random Fractions, longest admitted",
        lambda prior: model.expected_trials(2, prior),
        lambda: model.expected_trials(2, [Fraction(1, 7)] * 183),
        lambda: _worst_prior(181),
    ),
    Cap(
        "expected_trials, expected_drops",
        "(long denominators)",
        "n = 2, H = 90, random Fractions, longest admitted",
        lambda prior: model.expected_trials(2, prior),
        lambda: model.expected_trials(2, _random_prior(90, 4096)),
        lambda: _worst_prior(90),
    ),
]
