"""The higher-lower checks of lesson III and its appendix (higher-lower-4, -5 and -9).

Each check accepts the notebook's worked solution and a plain direct version, and rejects a
near miss and a lookup table of the values the notebook shows; the checks done without the
package (4 and 9) stop a brute force over trees, written by hand, by the time limit. The
column-generation loop (5) may use ``best_tree`` but not the solver, the shipped solutions or
the check's own module. (Values that compare equal to anything and the package by every route
are refused for every exercise in ``test_exercises.py``.)

The references the checks use are tested against independent evidence: the depth-vector test
against the list of all trees, the interval DP with the height against the list of all trees
and against the subsequence DP (2.2), the certified values against a fresh exact solve.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import linprog

from puzzles.course.checker import PackFault, registration, verify
from puzzles.higher_lower import exercises
from puzzles.higher_lower.model import (
    best_bounded_tree,
    best_tree,
    full_tree_depths,
    is_search_tree,
    search_trees,
    tree_cost,
)
from puzzles.higher_lower.solver import solve
from support.adversaries import (
    accepted,
    lookup_table,
    rejected,
    time_limit,
    worked_answer,
)
from support.giveaways import giveaways
from support.student_shapes.higher_lower import restricted_lp
from support.student_shapes.higher_lower_late import _least_cost_within

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "higher-lower" / "03-column-generation.ipynb"
APPENDIX = ROOT / "notebooks" / "higher-lower" / "05-appendix-engineering.ipynb"
NOTEBOOK_OF = {"higher-lower-4": LESSON, "higher-lower-5": LESSON, "higher-lower-9": APPENDIX}


@pytest.fixture(scope="module")
def worked():
    return {exercise_id: worked_answer(path, exercise_id) for exercise_id, path in NOTEBOOK_OF.items()}


# -- answers written by hand, for the near misses ------------------------------------------


def _table_roots(weights):
    """E[a, b] and a root attaining it, by the recursion (2.1): an independent reference here."""
    N = len(weights)
    prefix = list(itertools.accumulate(weights, initial=0))
    E, R = {(a, a - 1): 0 for a in range(1, N + 2)}, {}
    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            costs = {r: E[a, r - 1] + E[r + 1, b] for r in range(a, b + 1)}
            R[a, b] = min(costs, key=costs.get)
            E[a, b] = costs[R[a, b]] + prefix[b] - prefix[a - 1]
    return E, R


def _depths_from(N, choose, first_depth=1):
    depths = [0] * N
    stack = [(1, N, first_depth)]
    while stack:
        a, b, depth = stack.pop()
        if a <= b:
            r = choose(a, b)
            depths[r - 1] = depth
            stack += [(a, r - 1, depth + 1), (r + 1, b, depth + 1)]
    return tuple(depths)


def heaviest_root_tree(weights):
    """Greedy: the heaviest key of each interval as its root (a plausible but wrong rule)."""
    return _depths_from(len(weights), lambda a, b: max(range(a, b + 1), key=lambda r: weights[r - 1]))


def root_at_depth_zero(weights):
    """The right tree, with the root counted as depth 0 (off by one)."""
    _, R = _table_roots(weights)
    return _depths_from(len(weights), lambda a, b: R[a, b], first_depth=0)


def _table_depths(weights):
    """The right tree, from the table of (2.1) written again here."""
    _, R = _table_roots(weights)
    return _depths_from(len(weights), lambda a, b: R[a, b])


def right_only_where_trees_can_be_listed(weights):
    """Every tree searched for N <= 8, a balanced tree beyond."""
    if len(weights) <= 8:
        return brute_force_tree(weights)
    return _depths_from(len(weights), lambda a, b: (a + b) // 2)


def brute_force_tree(weights):
    """Every tree listed, by hand (no package): hopeless beyond N = 12."""

    def trees(a, b):
        if a > b:
            yield {}
            return
        for r in range(a, b + 1):
            for left in trees(a, r - 1):
                for right in trees(r + 1, b):
                    depth = {k: d + 1 for k, d in (left | right).items()}
                    depth[r] = 1
                    yield depth

    best = min(trees(1, len(weights)), key=lambda d: sum(weights[k - 1] * d[k] for k in d))
    return tuple(best[k] for k in range(1, len(weights) + 1))


def package_tree(weights):
    return best_tree(weights)[1]


def _loop(N, stop=1e-9, lower_is_upper=False):
    trees = [best_tree([1] * N)[1]]
    rounds = []
    while True:
        lp = restricted_lp(trees, N)
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = best_tree(alpha / alpha.sum())
        rounds.append((lp.fun, lp.fun if lower_is_upper else lower, trees[-1]))
        if lower >= lp.fun - stop:
            return rounds
        trees.append(tree)


def loop_stopping_at_a_gap_of_a_hundredth(N):
    return _loop(N, stop=1e-2)


def loop_reporting_the_lp_value_as_lower_bound(N):
    return _loop(N, lower_is_upper=True)


def loop_asking_the_solver(N):
    value = float(solve(N).value)
    return [(value, value, best_tree([1] * N)[1])]


def plain_traceback(weights, h):
    """The traceback of section 2.3.3 as printed (the package's best_bounded_tree, by hand)."""
    F = [h - ((j & -j).bit_length() - 1) for j in range(1, 2**h)]
    m = len(F)
    W = [[0] * (m + 1)] + [[None] * (m + 1) for _ in weights]  # None: no room (infinity)
    for i, w in enumerate(weights, start=1):
        for j in range(1, m + 1):
            take = None if W[i - 1][j - 1] is None else W[i - 1][j - 1] + w * F[j - 1]
            W[i][j] = min((x for x in (W[i][j - 1], take) if x is not None), default=None)
    depths, j = [], m
    for i in range(len(weights), 0, -1):
        while W[i][j - 1] == W[i][j]:
            j -= 1
        depths.append(F[j - 1])
        j -= 1
    return tuple(reversed(depths))


def zeros_as_a_tiny_weight(weights, h):
    """A stand-in of 1e-9 for every zero weight: too large beside a weight of 1/10**10."""
    return plain_traceback([w if w else 1e-9 for w in weights], h)


def an_epsilon_chosen_from_the_weights(weights, h):
    """A different fix: whole weights w * D * (N h + 1) + 1, where D clears the denominators.
    Their cost is (N h + 1) D times the true cost plus the sum of depths, which is below N h + 1:
    the true cost decides, and the sum of depths breaks its ties."""
    D = math.lcm(*(Fraction(w).denominator for w in weights))
    scale = D * (len(weights) * h + 1)
    return plain_traceback([int(Fraction(w) * scale) + 1 for w in weights], h)


def unbounded_optimum(weights, h):
    """The best tree of any height: ignores h."""
    _, R = _table_roots(weights)
    return _depths_from(len(weights), lambda a, b: R[a, b])


def _is_tree(depths, a=1, b=None, level=1):
    """A search tree's depths, by hand: one root at ``level`` on a..b, none shallower."""
    b = len(depths) if b is None else b
    if a > b:
        return True
    roots = [k for k in range(a, b + 1) if depths[k - 1] == level]
    if len(roots) != 1 or min(depths[a - 1 : b]) < level:
        return False
    r = roots[0]
    return _is_tree(depths, a, r - 1, level + 1) and _is_tree(depths, r + 1, b, level + 1)


def brute_force_short_tree(weights, h):
    """Every subsequence of F_h tried, the valid ones kept, by hand: hopeless beyond small N."""
    F = [h - ((j & -j).bit_length() - 1) for j in range(1, 2**h)]
    best = None
    for positions in itertools.combinations(range(len(F)), len(weights)):
        d = tuple(F[p] for p in positions)
        if _is_tree(d):
            cost = sum(w * x for w, x in zip(weights, d, strict=True))
            if best is None or cost < best[0]:
                best = (cost, d)
    return best[1]


def package_short_tree(weights, h):
    return best_bounded_tree(weights, h)[1]


# -- higher-lower-4: the tree behind E[1, N] ------------------------------------------------


def memoised_tree(weights):
    """A plain direct version: the recursion (2.1) memoised over intervals, then the traceback."""
    from functools import cache

    @cache
    def E(a, b):
        if a > b:
            return 0, None
        total = sum(weights[a - 1 : b])
        root = min(range(a, b + 1), key=lambda r: E(a, r - 1)[0] + E(r + 1, b)[0])
        return E(a, root - 1)[0] + E(root + 1, b)[0] + total, root

    return _depths_from(len(weights), lambda a, b: E(a, b)[1])


def test_4_accepts_the_worked_solution_and_a_direct_version(worked):
    for answer in (worked["higher-lower-4"], memoised_tree):
        verdict = accepted("higher-lower-4", answer)
        assert "N = 30..100" in verdict.message and verdict.seconds is not None


@pytest.mark.parametrize(
    "answer, why",
    [
        (heaviest_root_tree, "but the best one costs"),
        (root_at_depth_zero, "are no search tree: it needs exactly one key of depth 1"),
        (right_only_where_trees_can_be_listed, "keys) your tree"),
        (lambda weights: _table_depths(weights)[:-1], "depths for"),
        (lambda weights: [float(d) for d in _table_depths(weights)], "a float: an exact integer is asked"),
    ],
)
def test_4_rejects_near_misses(answer, why):
    rejected("higher-lower-4", answer, why=why)


def test_4_names_the_weights_readably_with_their_number_of_keys():
    verdict = rejected("higher-lower-4", right_only_where_trees_can_be_listed)
    assert "at weights = [" in verdict.message and "(30 keys)" in verdict.message
    assert "(the exact optimum)" in verdict.message


def test_4_rejects_what_the_lesson_shows():
    shown = lookup_table({(2, 1, 1, 2): (2, 1, 3, 2)}, fallback=())
    rejected("higher-lower-4", lambda weights: shown(tuple(weights)))


def test_4_refuses_the_package_and_stops_a_brute_force_by_the_time_limit():
    rejected("higher-lower-4", package_tree, why="best_tree")
    with time_limit("higher-lower-4", 2):
        verdict = rejected("higher-lower-4", brute_force_tree, why="took longer than 2 s")
    assert "weights = [" in verdict.message  # it names the case it was stuck on


# -- higher-lower-5: the column-generation loop --------------------------------------------


def loop_without_a_method(N, tol=1e-9):
    """A plain direct version: linprog's default method, best_tree on a list."""
    trees = [best_tree([1] * N)[1]]
    rounds = []
    while True:
        depths = np.array(trees, dtype=float).T
        lp = linprog(
            np.r_[np.zeros(len(trees)), 1.0],
            A_ub=np.c_[depths, -np.ones(N)],
            b_ub=np.zeros(N),
            A_eq=np.r_[np.ones(len(trees)), 0.0][None, :],
            b_eq=[1.0],
            bounds=[(0, None)] * len(trees) + [(None, None)],
        )
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = best_tree(list(alpha / alpha.sum()))
        rounds.append((float(lp.fun), float(lower), trees[-1]))
        if lower >= lp.fun - tol:
            return rounds
        trees.append(tree)


def test_5_accepts_the_worked_solution_and_a_direct_version(worked):
    for answer in (worked["higher-lower-5"], loop_without_a_method):
        verdict = accepted("higher-lower-5", answer)
        assert verdict.seconds is not None


def test_5_rejects_a_loop_that_stops_before_the_bounds_meet():
    rejected(
        "higher-lower-5", loop_stopping_at_a_gap_of_a_hundredth, why="the loop must run until the bounds meet"
    )


def test_5_rejects_a_lower_bound_that_is_no_lower_bound():
    rejected("higher-lower-5", loop_reporting_the_lp_value_as_lower_bound, why="is above V(21)")


def _value(N):
    """V(N) from a fresh exact solve (not the check's reference)."""
    return float(solve(N).value)


def test_5_rejects_bounds_that_are_not_the_restricted_lps_and_values_without_a_loop():
    rounds = _loop(21)
    value = _value(21)
    rising = [rounds[0], (rounds[0][0] + 0.5, rounds[0][1], rounds[1][2]), *rounds[2:]]
    rejected(
        "higher-lower-5", lambda N: rising if N == 21 else _loop(N), why="restricted LP over the 2 trees"
    )
    below = [rounds[0], (value - 0.01, value - 0.01, rounds[1][2])]
    verdict = rejected("higher-lower-5", lambda N: below, why="restricted LP over the 2 trees")
    assert "3.7826" not in verdict.message and "87/23" not in verdict.message  # V(21) is never shown
    rejected("higher-lower-5", lambda N: [(value, None, rounds[0][2])], why="is not a finite number")
    # the certified values, copied in: a restricted LP with one tree is worth that tree's levels
    values = {N: _value(N) for N in exercises.LOOP_SIZES}
    rejected(
        "higher-lower-5",
        lambda N: [(values[N], values[N], best_tree([1] * N)[1])],
        why="restricted LP over the tree",
    )
    rejected(
        "higher-lower-5",
        lambda N: [(N.bit_length() - 1, 1.0, best_tree([1] * N)[1]), *_loop(N)[1:]],
        why="restricted LP over the tree",
    )
    # rounds without their trees: the check cannot solve the restricted LPs again
    rejected("higher-lower-5", lambda N: [(upper, lower) for upper, lower, _ in _loop(N)], why="is a pair")
    crooked = [*rounds[:-1], (rounds[-1][0], rounds[-1][1], (1,) * 21)]
    rejected("higher-lower-5", lambda N: crooked if N == 21 else _loop(N), why="no search tree")


def loop_with_u_first_and_the_newest_tree_first(N, tol=1e-9):
    """The same loop with the LP's variables in another order (u, then the trees, newest first):
    the restricted LPs are degenerate, so HiGHS returns other optimal duals in some rounds and the
    lower bounds and the trees priced differ from the check's own run."""
    trees = [best_tree([1] * N)[1]]
    rounds = []
    while True:
        columns = trees[::-1]
        lp = linprog(
            [1] + [0] * len(columns),
            A_ub=[[-1] + [column[secret] for column in columns] for secret in range(N)],
            b_ub=[0] * N,
            A_eq=[[0] + [1] * len(columns)],
            b_eq=[1],
            bounds=[(None, None)] + [(0, None)] * len(columns),
            method="highs",
        )
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = best_tree(alpha / alpha.sum())
        rounds.append((float(lp.fun), float(lower), trees[-1]))
        if lower >= lp.fun - tol:
            return rounds
        trees.append(tree)


def test_5_accepts_other_optimal_duals():
    ours, theirs = _loop(24), loop_with_u_first_and_the_newest_tree_first(24)
    assert [round(lower, 6) for _, lower, _ in ours] != [round(lower, 6) for _, lower, _ in theirs]
    accepted("higher-lower-5", loop_with_u_first_and_the_newest_tree_first)


def test_5_rejects_lower_bounds_that_are_not_the_round_s_pricing_value():
    def recorded(change):
        def loop(N):
            rounds = _loop(N)
            return [(u, change(k, u, lower, len(rounds)), tree) for k, (u, lower, tree) in enumerate(rounds)]

        return loop

    why = "is not the cost of Bob's best reply"
    # 0 until the last round, which copies u: every bound is at most V(N) and the end meets
    rejected("higher-lower-5", recorded(lambda k, u, lower, n: u if k == n - 1 else 0.0), why=why)
    # the best so far, not the round's own value
    best = []

    def best_so_far(k, u, lower, n):
        best[:] = [lower if k == 0 else max(best[0], lower)]
        return best[0]

    rejected("higher-lower-5", recorded(best_so_far), why=why)


def test_5_rejects_a_loop_that_goes_on_after_the_bounds_meet():
    def two_more(N):
        rounds = _loop(N)
        return [*rounds, rounds[-1], rounds[-1]]

    rejected("higher-lower-5", two_more, why="it is to stop at the first round")


def test_5_rejects_what_the_lesson_shows():
    shown = {20: _loop(20), 40: _loop(40)}
    rejected("higher-lower-5", lookup_table(shown, fallback=[]), why="not a list of rounds")


def test_5_refuses_the_solver_the_shipped_data_and_the_check_s_own_module():
    rejected("higher-lower-5", loop_asking_the_solver, why="solve")
    from puzzles.higher_lower.data import load_solution

    rejected("higher-lower-5", lambda N: [(float(load_solution(N).value),) * 2], why="load_solution")
    exercises._game_value(21)  # the reference cached in this process before the check forks

    def from_the_check(N):
        import importlib

        return [
            (5, 1),
            (float(importlib.import_module("puzzles.higher_lower.exercises")._game_value(N)),) * 2,
        ]

    rejected("higher-lower-5", from_the_check, why="without puzzles.higher_lower.solver")


def test_5_may_use_best_tree():
    assert registration("higher-lower-5").without == (
        "puzzles.higher_lower.solver",
        "puzzles.higher_lower.data",
        "puzzles.higher_lower.sweep",
        "puzzles.higher_lower.exercises",
    )


def test_5_blames_a_damaged_data_set_on_the_pack(monkeypatch):
    def damaged(N, check=True):
        raise PackFault("the data file solutions-0001-0032.json.xz does not match its manifest")

    exercises._game_value.cache_clear()
    monkeypatch.setattr(exercises, "load_solution", damaged)
    try:
        verdict = verify("higher-lower-5", loop_stopping_at_a_gap_of_a_hundredth)
    finally:
        monkeypatch.undo()
        exercises._game_value.cache_clear()
    assert verdict.status == "check failed" and "solutions-0001-0032.json.xz" in verdict.message
    assert "course pack's fault" in verdict.message


def test_the_loop_sizes_values_are_the_exact_values_of_a_fresh_solve():
    for N in exercises.LOOP_SIZES:
        assert solve(N).value == exercises._game_value(N)
        assert str(exercises._game_value(N)) in giveaways("higher-lower-5")


# -- higher-lower-9: bounded-height pricing that always gives a tree -----------------------


def test_9_accepts_the_worked_solution_and_another_fix(worked):
    for answer in (worked["higher-lower-9"], an_epsilon_chosen_from_the_weights):
        verdict = accepted("higher-lower-9", answer)
        assert verdict.seconds is not None


@pytest.mark.parametrize(
    "answer, why",
    [
        (plain_traceback, "are no search tree"),
        (zeros_as_a_tiny_weight, "a positive number in place of the zeros"),
        (unbounded_optimum, "levels, more than h = "),
        (lambda weights, h: tuple(min(d, h) for d in unbounded_optimum(weights, h)), "no search tree"),
    ],
)
def test_9_rejects_near_misses(answer, why):
    rejected("higher-lower-9", answer, why=why)


def test_9_rejects_what_the_appendix_shows():
    shown = lookup_table({((2, 1, 1, 2), 3): (2, 1, 3, 2), ((0, 2), 3): (3, 1)}, fallback=())
    rejected("higher-lower-9", lambda weights, h: shown(tuple(weights), h))


def test_9_refuses_the_package_and_stops_a_brute_force_by_the_time_limit():
    rejected("higher-lower-9", package_short_tree, why="best_bounded_tree")
    with time_limit("higher-lower-9", 2):
        rejected("higher-lower-9", brute_force_short_tree, why="took longer than 2 s")


# -- the references, against independent evidence ------------------------------------------


@pytest.mark.parametrize("N", range(1, 6))
def test_the_depth_vector_test_agrees_with_the_list_of_all_trees(N):
    trees = set(search_trees(N))
    for vector in itertools.product(range(1, N + 1), repeat=N):
        assert (exercises._search_tree_problem(vector) is None) == (vector in trees), vector
        assert (vector in trees) == is_search_tree(vector)


def test_the_interval_dp_with_a_height_against_every_tree_and_the_subsequence_dp():
    rng = random.Random(7)
    for _ in range(60):
        N = rng.randint(1, 8)
        weights = [rng.randint(0, 9) for _ in range(N)]
        weights[rng.randrange(N)] += 1
        for h in range(N.bit_length(), 5):
            listed = min(tree_cost(weights, t) for t in search_trees(N) if max(t) <= h)
            assert exercises._bounded_reference(weights, h) == listed
    for N in (20, 45, 70):
        weights = [rng.randint(1, 30) for _ in range(N)]  # positive: the subsequence DP is exact
        for h in (N.bit_length(), N.bit_length() + 2):
            assert exercises._bounded_reference(weights, h) == best_bounded_tree(weights, h)[0]


def test_every_subsequence_of_a_complete_tree_is_dominated_by_a_tree():
    """The lemma the appendix proves after Exercise 9, on every subsequence for h <= 4."""
    for h in range(1, 5):
        F = full_tree_depths(h)
        for N in range(1, 2**h):
            trees = [t for t in search_trees(N) if max(t) <= h] if N <= 8 else None
            if trees is None:
                continue
            for positions in itertools.combinations(range(len(F)), N):
                d = [F[p] for p in positions]
                assert any(all(t[i] <= d[i] for i in range(N)) for t in trees), (h, d)


def test_the_cases_of_the_checks_are_as_described():
    small, large = exercises._optimal_tree_cases()
    assert len(small) == 24 and all(len(w) <= 8 for (w,) in small)
    assert sorted(len(w) for (w,) in large) == [30, 30, 40, 45, 45, 60, 80, 100]
    assert all(w in [list(x) for (x,) in large] for w in exercises.SKEWED)
    cases = small + large
    assert any(0 in w for (w,) in cases) and any(isinstance(x, Fraction) for (w,) in cases for x in w)
    small, large = exercises._short_tree_cases()
    assert len(small) == 22 and all(len(w) <= 7 for w, _ in small)
    assert sorted(len(w) for w, _ in large) == [10, 11, 20, 21, 26, 31, 40, 63, 90]
    assert all(len(w) <= 2**h - 1 for w, h in small + large + exercises.STAND_IN_CASES)
    assert all(any(w) for w, _ in small + large + exercises.STAND_IN_CASES)


def test_9_the_stand_in_cases_refuse_every_stand_in_down_to_their_smallest_weight():
    """Each stand-in case: the interval DP's least cost against every tree listed (N <= 7), and
    a stand-in for the zeros as large as the case's smallest positive weight gives a dearer tree."""
    for weights, h in exercises.STAND_IN_CASES:
        least = exercises._bounded_reference(weights, h)
        if len(weights) <= 7:
            assert least == min(tree_cost(weights, t) for t in search_trees(len(weights)) if max(t) <= h)
        smallest = min(w for w in weights if w)
        misled = plain_traceback([w if w else smallest for w in weights], h)
        assert tree_cost(weights, misled) > least, (weights, h)


def test_the_tree_references_agree_with_the_table_written_here():
    """The costs the checks of 4 and 9 compare with, against (2.1) and the list of trees here."""
    small, large = exercises._optimal_tree_cases()
    for (weights,) in small + large:
        E, _ = _table_roots(weights)
        best = exercises._every_tree(weights) if len(weights) <= 8 else exercises._best_tree_cost(weights)
        assert best == E[1, len(weights)]
    for weights, h in exercises._short_tree_cases()[0]:
        listed = min(tree_cost(weights, t) for t in search_trees(len(weights)) if max(t) <= h)
        assert (
            exercises._every_tree(weights, h)
            == listed
            == tree_cost(weights, brute_force_short_tree(weights, h))
        )


@pytest.mark.parametrize(
    "N, typed", [(21, Fraction(87, 23)), (24, Fraction(828, 211)), (25, Fraction(251175, 63263))]
)
def test_5_refuses_two_rounds_that_are_no_column_generation(N, typed):
    # issues 34 and 32: one tree's levels with a first lower bound typed at V(ceil(N/2)) (below the
    # bound the check used to test), then the value typed in; the check solves the restricted LPs
    # over the rounds' own trees again, and two trees are not worth V(N)
    values = {21: Fraction(87, 23), 24: Fraction(828, 211), 25: Fraction(251175, 63263)}
    assert values[N] == typed == solve(N).value
    start = {n: best_tree([1] * n)[1] for n in values}
    second = {n: best_tree([1] * (n // 2) + [2] * (n - n // 2))[1] for n in values}
    half = {n: float(solve((n + 1) // 2).value) for n in values}

    def typed_in(n):
        value = float(values.get(n, typed))
        return [(n.bit_length(), half[n], start[n]), (value, value, second[n])]

    rejected("higher-lower-5", typed_in, why="restricted LP over the 2 trees")
    rejected(
        "higher-lower-5", lambda n: [(n.bit_length(), half[n]), (float(values[n]),) * 2], why="is a pair"
    )


def test_5_every_first_lower_bound_of_a_real_loop_is_within_the_half_size_value():
    # the bound the check uses, on the rounds of the lesson's own loop and a fresh solve of V
    for N in (*exercises.LOOP_SIZES, 8, 13, 20):
        first_lower = _loop(N)[0][1]
        assert first_lower <= max(float(solve(m).value) for m in range(1, (N + 1) // 2 + 1)) + 1e-9


def test_5_refuses_a_loop_that_ignores_tol():
    rejected("higher-lower-5", lambda N, tol=1e-9: _loop(N), why="with tol = 0.03")


def test_5_says_a_round_may_name_the_wrong_tree():
    def naming_the_priced_tree(N, tol=1e-9):
        rounds = _loop(N, stop=tol)
        return [
            (upper, lower, nxt)
            for (upper, lower, _), (_, _, nxt) in zip(rounds, rounds[1:] + rounds[-1:], strict=True)
        ]

    rejected("higher-lower-5", naming_the_priced_tree, why="round 1 names the start tree")


def test_4_names_the_float_rounding_only_where_it_explains_the_tree():
    judge = exercises._float_noted(exercises._tree_judge(exercises._every_tree, "every tree listed"))
    assert "rounded to floats" in judge(([10**20, 10**20 + 1],), (1, 2))
    assert "rounded to floats" not in judge(([7, 1, 1],), (2, 1, 2))


def test_9_names_a_stand_in_only_where_one_explains_the_tree():
    judge = exercises._stand_in_judge
    # the balanced tree on [0, 2]: no stand-in below the weight 2 makes it the cheapest
    assert "in place of the zeros" not in judge(([0, 2], 3), (1, 2))
    # [10**-1000, 0, 0]: the balanced tree, which a stand-in such as 10**-60 for each zero explains
    verdict = judge(([Fraction(1, 10**1000), 0, 0], 3), (2, 1, 2))
    assert "each zero replaced by 10**-" in verdict


def test_a_pair_cost_and_depths_is_named_as_such():
    """best_tree's and best_bounded_tree's (cost, depths), returned as the answer: the verdict
    names the pair and asks for the depths alone."""
    rejected("higher-lower-4", lambda weights: (0, (1,) * len(weights)), why="a pair (cost, depths)")
    rejected("higher-lower-9", lambda weights, h: (0, [1] * len(weights)), why="the depths alone")


def test_guarantee_without_a_height_is_not_a_capped_dp():
    """For h = None a height DP capped at two levels more than N needs is refused: a_i
    proportional to 2**-i at N = 8 has a best reply of 8 levels, worth 502/255, where the cap
    gives 168/85 (both computed by the student shapes' interval DP with the height)."""

    capped = _least_cost_within  # the shapes' interval DP with the height, independent of the pack

    geometric = tuple(Fraction(2 ** (8 - i), 255) for i in range(1, 9))
    assert capped(geometric, 8) == Fraction(502, 255)
    assert capped(geometric, (8).bit_length() + 2) == Fraction(168, 85)
    verdict = rejected(
        "higher-lower-10", lambda alpha, h: capped(alpha, min(h or len(alpha).bit_length() + 2, len(alpha)))
    )
    assert "168/85" in verdict.message and "502/255" in verdict.message
