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
    solution = solve(509, patient=True)  # from cold: beyond what solve serves in seconds
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


# -- cost caps (``python -m puzzles.bench --caps``) -------------------------------------------

import random  # noqa: E402
from fractions import Fraction  # noqa: E402

from puzzles.bench import Cap, largest_admitted  # noqa: E402
from puzzles.higher_lower import model, solver  # noqa: E402


def _payoff(N: int):
    def task() -> None:
        model._trees.cache_clear()
        model.payoff_matrix(N)

    return task


CAPS = [
    Cap(
        "catalan",
        f"N <= {model.CATALAN_LARGEST:,}",
        "catalan(100_000)",
        lambda: model.catalan(model.CATALAN_LARGEST),
        lambda: model.catalan(model.CATALAN_LARGEST + 1),
    ),
    Cap(
        "search_trees, payoff_matrix",
        f"N <= {model.MAX_ENUMERATED} (Catalan(12) = 208,012 trees)",
        "payoff_matrix(12)",
        _payoff(model.MAX_ENUMERATED),
        _payoff(model.MAX_ENUMERATED + 1),
    ),
    Cap(
        "full_tree_depths",
        f"height <= {model.FULL_TREE_LARGEST_HEIGHT}",
        "full_tree_depths(20)",
        lambda: model._full_tree_depths.__wrapped__(model.FULL_TREE_LARGEST_HEIGHT),
        lambda: model.full_tree_depths(model.FULL_TREE_LARGEST_HEIGHT + 1),
    ),
    Cap(
        "best_tree",
        f"N <= {model.BEST_TREE_LARGEST:,} keys",
        "best_tree(2000 random floats)",
        lambda weights: model.best_tree(weights),
        lambda: model.best_tree([Fraction(1, 2001)] * 2001),
        lambda: _random_floats(2000),
    ),
    Cap(
        "best_tree (exact)",
        f"N**2/2 x 64-bit words <= {model.BEST_TREE_LARGEST_EXACT_WORK:,}",
        "500 random Fractions, longest admitted",
        lambda weights: model.best_tree(weights),
        lambda: model.best_tree(_random_fractions(500, 64)),
        lambda: _worst_fractions(500),
    ),
    Cap(
        "best_tree (exact)",
        "(the other shapes)",
        "1000 random Fractions, longest admitted",
        lambda weights: model.best_tree(weights),
        lambda: model.best_tree(_random_fractions(1000, 64)),
        lambda: _worst_fractions(1000),
    ),
    Cap(
        "best_bounded_tree (floats)",
        f"N 2**height <= {model.BOUNDED_LARGEST_WORK:,}",
        "best_bounded_tree(1000 floats, 14)",
        lambda: model.best_bounded_tree([1.0] * 1000, 14),
        lambda: model.best_bounded_tree([1.0] * 1000, 15),
    ),
    Cap(
        "best_bounded_tree (exact)",
        f"N 2**height x words <= {model.BOUNDED_LARGEST_WORK_EXACT:,}",
        "122 random 40-bit integers (int64), height 14",
        lambda weights: model.best_bounded_tree(weights, 14),
        lambda: model.best_bounded_tree([Fraction(1, 100)] * 100, 15),
        lambda: [Fraction(w) for w in _random_integers(122, 40)],
    ),
    Cap(
        "best_bounded_tree (exact)",
        "(beyond int64: Python integers)",
        "15 random 60-bit weights, height 14",
        lambda weights: model.best_bounded_tree(weights, 14),
        lambda: model.best_bounded_tree(_random_fractions(16, 64), 14),
        lambda: [Fraction(w) for w in _random_integers(15, 60)],
    ),
    Cap(
        "dresher",
        f"m n <= {model.DRESHER_LARGEST_ENTRIES:,}, m <= {model.DRESHER_LARGEST_ROWS}",
        "dresher(payoff_matrix(7)): 3003 entries",
        lambda: model.dresher(model.payoff_matrix(7)),
        lambda: model.dresher([[1] * 5001]),
    ),
    Cap(
        "dresher",
        f"work <= {model.DRESHER_LARGEST_WORK:,}, measured",
        "random 70 x 71 integers (stops itself)",
        lambda matrix: model.dresher(matrix),
        lambda: model.dresher([[1]] * (model.DRESHER_LARGEST_ROWS + 1)),
        lambda: _random_matrix(70, 71),
    ),
    Cap(
        "dresher",
        "(the other shapes)",
        "random 100 x 50 Fractions (stops itself)",
        lambda matrix: model.dresher(matrix),
        lambda: model.dresher([[1] * 51] * 100),
        lambda: _random_matrix(100, 50, fractions=True),
    ),
    Cap(
        "dresher",
        "(the other shapes)",
        "random 2 x 2500 Fractions",
        lambda matrix: model.dresher(matrix),
        lambda: model.dresher([[1] * 2501] * 2),
        lambda: _random_matrix(2, 2500, fractions=True),
    ),
    Cap(
        "solve (from cold)",
        f"N <= {solver.SOLVE_LARGEST} ({solver.SOLVE_PATIENT_LARGEST:,} with patient=True)",
        "solve(300)",
        lambda: solver.solve(solver.SOLVE_LARGEST),
        lambda: solver.solve(solver.SOLVE_LARGEST + 1),
    ),
    Cap(
        "solve (with a guess: a warm start)",
        f"N <= {solver.SOLVE_WARM_LARGEST:,}",
        "solve(400, guess from N = 399)",
        lambda: _warm_solve(400),
        lambda: _warm_solve(401),
    ),
]


def _random_floats(count: int) -> list[float]:
    rng = random.Random(count)
    return [rng.random() for _ in range(count)]


def _random_integers(count: int, bits: int) -> list[int]:
    rng = random.Random(count * 7919 + bits)
    return [rng.getrandbits(bits) | 1 for _ in range(count)]


def _random_fractions(count: int, bits: int) -> list[Fraction]:
    numerators, denominators = _random_integers(count, bits), _random_integers(count, bits + 1)
    return [Fraction(a, b) for a, b in zip(numerators, denominators, strict=True)]


def _worst_fractions(N: int) -> list[Fraction]:
    """N random Fractions whose denominators are as long as best_tree's exact cap admits."""
    return largest_admitted(
        lambda bits: _random_fractions(N, bits),
        lambda weights: model._exact_work(model._weights(weights)[0]) <= model.BEST_TREE_LARGEST_EXACT_WORK,
        1,
        4096,
    )


def _random_matrix(m: int, n: int, fractions: bool = False) -> list[list]:
    rng = random.Random(m * 1000 + n)
    if fractions:
        return [[Fraction(rng.randint(1, 10**6), rng.randint(1, 10**6)) for _ in range(n)] for _ in range(m)]
    return [[rng.randint(0, 10**6) for _ in range(n)] for _ in range(m)]


def _warm_solve(N: int):
    from puzzles.higher_lower.data import load_records
    from puzzles.higher_lower.sweep import warm_start

    guess, trees = warm_start(load_records()[399], N)
    return solver.solve(N, guess=[float(g) for g in guess], trees=trees, ties=(N + 1) // 2)
