"""Every figure the units' ``plots`` modules return is legible at the notebook's display size:
text of 9 pt or more after the notebook shrinks a wide figure to fit, and no text off the canvas."""

from __future__ import annotations

import importlib
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from support.figures import legibility_problems  # noqa: E402

UNITS = ["egg", "matchsticks", "higher_lower", "mastermind", "trios"]


def _hl_step():
    from puzzles.higher_lower import dresher, symmetric_matrix

    return symmetric_matrix(4), dresher(symmetric_matrix(4)).steps[1]


def _hl_run():
    from puzzles.higher_lower import dresher, symmetric_matrix

    return symmetric_matrix(4).to_numpy().tolist(), dresher(symmetric_matrix(4)).steps


def _hl_distributions(top: int = 40):
    from puzzles.higher_lower import load_solution

    return {N: load_solution(N).hider for N in range(1, top + 1)}


def _hl_tree(N: int):
    from puzzles.higher_lower import load_solution

    return max(load_solution(N).searcher)[1]


def _hl_trees(N: int):
    from puzzles.higher_lower import search_trees

    return search_trees(N)


def _mm_results():
    from puzzles.mastermind import Game, evaluate, heuristic_strategy

    game = Game(3, 4)
    return {name: evaluate(game, heuristic_strategy(game, name)) for name in ("worst-case", "entropy")}


def _mm_strategy():
    from puzzles.mastermind import Game, heuristic_strategy

    return heuristic_strategy(Game(4, 6), "worst-case")


# Example calls: (args, kwargs) built lazily; every public plot function needs at least one.
EXAMPLES = {
    "egg.plot_trials": [
        ((), {}),
        ((), {"scenario": "laplace"}),
        ((), {"eggs": (1, 2, 3, 4, 8), "k_max": 10**6, "log": True}),
    ],
    "egg.plot_laplace_ratio": [((), {})],
    "egg.plot_drop_waves": [((), {}), ((), {"n": 3, "k_max": 2000, "mark": 1500})],
    "egg.plot_nature": [((), {}), ((), {"n": 3, "k_max": 80, "mark": (80, 1)})],
    "egg.plot_prior": [(([Fraction(1, 8)] * 8, 2), {})],
    "egg.plot_rep": [((), {})],
    "matchsticks.plot_outcomes": [(([3, (1, 3, 4)],), {}), (([3],), {"misere": True})],
    "matchsticks.plot_first_picks": [((), {})],
    "matchsticks.plot_grundy": [(([3, (1, 3, 4)],), {})],
    "higher_lower.plot_bounds": [(([3.0, 2.5, 2.2, 2.1], [1.0, 1.8, 2.0, 2.1], 20), {})],
    "higher_lower.plot_dips": [
        (({N: 0.1 * (N % 7) for N in range(3, 200)}, {N: 0.0 for N in range(3, 200)}), {})
    ],
    "higher_lower.plot_distribution": [(lambda: (_hl_distributions(20)[20], 20), {})],
    "higher_lower.plot_dresher_run": [(lambda: _hl_run(), {})],
    "higher_lower.plot_guesses": [
        ((60, [(30, "higher"), (45, "lower"), (38, "lower"), (36, "lower"), (35, "correct")]), {}),
        ((3, [(1, "higher")]), {}),
    ],
    "higher_lower.plot_heatmap": [(lambda: (_hl_distributions(),), {})],
    "higher_lower.plot_iterations": [(({N: N * 2 for N in range(1, 100)},), {})],
    "higher_lower.plot_payoff_lines": [(lambda: _hl_step(), {}), (lambda: (_hl_step()[0],), {})],
    "higher_lower.plot_profiles": [(lambda: ({N: _hl_distributions()[N] for N in (6, 12, 24, 40)},), {})],
    "higher_lower.plot_rounds": [
        (({"a": {N: N for N in range(1, 50)}, "b": {N: 2 * N for N in range(1, 50)}},), {})
    ],
    "higher_lower.plot_tree": [
        (((2, 1, 2),), {}),
        ((tuple([6, 5, 4, 3, 2, 1] + list(range(2, 56))),), {}),
        (lambda: (_hl_tree(60), [31, 47, 39, 35, 37], "a tree of Bob's for N = 60, its path to 37"), {}),
        (lambda: (_hl_tree(20), [], "a whole tree of 20 keys"), {}),
    ],
    "higher_lower.plot_trees": [(lambda: (_hl_trees(4),), {}), (lambda: (_hl_trees(3),), {"columns": 5})],
    "higher_lower.plot_values": [(({N: 1 + N / 10 for N in range(1, 100)},), {})],
    "mastermind.plot_distributions": [(lambda: (_mm_results(),), {})],
    "mastermind.plot_strategy": [(lambda: (_mm_strategy(),), {})],
    "mastermind.plot_partition": [(({(0, 0): 256, (0, 1): 308, (1, 0): 317, (4, 0): 1},), {})],
    "trios.plot_rounds_per_trio": [((), {})],
    "trios.plot_simulation": [((), {"games": 2000})],
}


def _plot_functions() -> list[str]:
    names = []
    for unit in UNITS:
        module = importlib.import_module(f"puzzles.{unit}.plots")
        names += [f"{unit}.{name}" for name in module.__all__ if name.startswith("plot_")]
    return names


def test_every_plot_function_has_an_example():
    assert sorted(set(_plot_functions()) - set(EXAMPLES)) == []


@pytest.mark.parametrize("qualified", sorted(EXAMPLES))
def test_every_figure_is_legible(qualified):
    unit, name = qualified.split(".")
    function = getattr(importlib.import_module(f"puzzles.{unit}.plots"), name)
    for args, kwargs in EXAMPLES[qualified]:
        args = args() if callable(args) else args
        figure = function(*args, **kwargs)
        try:
            assert legibility_problems(figure) == [], f"{qualified}{args!r:.60}"
        finally:
            plt.close(figure)
