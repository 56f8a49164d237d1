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
