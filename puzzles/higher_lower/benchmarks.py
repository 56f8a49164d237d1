"""Higher-lower benchmarks (the figures of the unit's issue), run by ``python -m puzzles.bench``."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from puzzles.bench import Benchmark
from puzzles.higher_lower.model import best_tree
from puzzles.higher_lower.solver import solve

# V(509) as printed at the end of Section 3.3 of the thesis; the benchmark asserts equality.
PRINTED_V509 = Fraction(
    2801502958915667971701898342801970475106864163534168947198342637184804598745936500730055179424539352778,
    348972672955484856233658315037997346375742461317044535132989692886701957083971510200299209532106971303,
)


def _solve(N: int):
    def task() -> None:
        solution = solve(N)
        assert solution.certified

    return task


def _solve_509() -> None:
    solution = solve(509)
    assert solution.certified and solution.value == PRINTED_V509


def _sweep_step(N: int):
    """One step of the sweep: N from the shipped record of N - 1, exactly as the sweep does it."""
    from puzzles.higher_lower.data import load_records
    from puzzles.higher_lower.sweep import step

    def task() -> None:
        assert step(load_records()[N - 1], N).certified

    return task


def _pricing(exact: bool):
    rng = np.random.default_rng(0)
    weights = rng.integers(1, 10**6, size=1024)
    values = [int(w) for w in weights] if exact else weights.astype(float)
    return lambda: best_tree(values)


BENCHMARKS = [
    Benchmark("best_tree, Knuth O(N^2), floats", "N = 1024", "pricing step", 1.0, _pricing(False), repeats=3),
    Benchmark(
        "best_tree, Knuth O(N^2), exact ints", "N = 1024", "certificate step", 5.0, _pricing(True), repeats=3
    ),
    Benchmark("solve(100), certified", "N = 100", "< 2 s", 2.0, _solve(100), repeats=3),
    Benchmark("solve(256), certified", "N = 256", "< 30 s", 30.0, _solve(256), repeats=1),
    Benchmark("solve(509), certified, = thesis's V(509)", "N = 509", "< 3 min", 180.0, _solve_509, repeats=1),
    # a session's sweep of 1024 sizes on 2 cores leaves about 21 s per size and core
    Benchmark("sweep step from N - 1", "N = 800", "< 21 s", 21.0, _sweep_step(800), repeats=1),
    Benchmark("sweep step from N - 1", "N = 1000", "< 21 s", 21.0, _sweep_step(1000), repeats=1),
]
