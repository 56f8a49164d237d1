"""solve(N) against the dense LP, against Dresher's exact method, and the exact certificate."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from puzzles.higher_lower import (
    alice_best_reply,
    bob_best_payoff,
    certify,
    dresher,
    is_search_tree,
    payoff_matrix,
    solve,
)


def dense_lp_value(N: int) -> float:
    """LP (1.4) over all Catalan(N) trees with scipy: maximise v, x^T A >= v, sum x = 1."""
    A = payoff_matrix(N).to_numpy().astype(float)
    m, n = A.shape
    c = np.zeros(m + 1)
    c[-1] = -1
    A_ub = np.hstack([-A.T, np.ones((n, 1))])
    A_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    result = linprog(
        c, A_ub=A_ub, b_ub=np.zeros(n), A_eq=A_eq, b_eq=[1], bounds=[(0, None)] * m + [(None, None)]
    )
    assert result.status == 0
    return -result.fun


@pytest.mark.parametrize("N", range(1, 10))
def test_solve_matches_the_dense_lp(N):
    solution = solve(N)
    assert solution.certified
    assert float(solution.value) == pytest.approx(dense_lp_value(N), abs=1e-9)
    assert len(solution.hider) == N and sum(solution.hider) == 1
    assert sum(p for p, _ in solution.searcher) == 1
    assert all(is_search_tree(t) and p > 0 for p, t in solution.searcher)


@pytest.mark.parametrize("N", range(1, 7))
def test_solve_equals_dresher_exactly(N):
    assert solve(N).value == dresher(payoff_matrix(N)).value


def test_small_values_known_since_dresher():
    # N = 3 is Dresher's worked example, N = 4 the thesis's Section 1.13
    assert solve(3).value == Fraction(9, 5)
    assert solve(4).value == 2


@pytest.mark.parametrize("N", [12, 31, 64, 77])
def test_solution_is_an_equilibrium(N):
    """Both best replies recomputed: Bob's by the exact DP, Alice's by scanning all secrets."""
    s = solve(N)
    assert bob_best_payoff(s.hider) == s.value
    best, where = alice_best_reply(N, s.searcher)
    assert best == s.value
    assert all(s.hider[i - 1] == 0 for i in range(1, N + 1) if i not in where)  # complementary slackness
    assert s.hider == tuple(reversed(s.hider))  # Lemma 2
    assert s.upper[-1] == pytest.approx(float(s.value)) and s.iterations == len(s.upper) - 1


def test_bounds_bracket_the_value():
    s = solve(40)
    v = float(s.value)
    assert all(u >= v - 1e-9 for u in s.upper) and all(low <= v + 1e-9 for low in s.lower)
    assert list(s.lower) == sorted(s.lower)


def test_certify_rejects_wrong_answers():
    s = solve(10)
    assert certify(10, s.hider, s.searcher, s.value)
    assert not certify(10, s.hider, s.searcher, s.value + Fraction(1, 10**9))
    uniform = [Fraction(1, 10)] * 10
    assert not certify(10, uniform, s.searcher, s.value)
    one_tree = [(Fraction(1), s.searcher[0][1])]
    assert not certify(10, s.hider, one_tree, s.value)


def test_certify_bad_input():
    s = solve(5)
    with pytest.raises(ValueError, match="sum to 1"):
        certify(5, [Fraction(1, 5)] * 4 + [Fraction(1, 2)], s.searcher, s.value)
    with pytest.raises(ValueError, match="5 entries"):
        certify(5, [Fraction(1, 4)] * 4, s.searcher, s.value)
    with pytest.raises(ValueError, match="sum to 1"):
        certify(5, s.hider, [(Fraction(1, 2), s.searcher[0][1])], s.value)
    with pytest.raises(ValueError, match="not a search tree"):
        certify(5, s.hider, [(Fraction(1), (1, 1, 2, 3, 4))], s.value)
    with pytest.raises(ValueError, match="negative"):
        certify(5, [Fraction(-1, 5)] + [Fraction(3, 10)] * 4, s.searcher, s.value)


@pytest.mark.parametrize("N", [0, -1, 3.5])
def test_solve_bad_size(N):
    with pytest.raises(ValueError, match="N must"):
        solve(N)


def test_plain_column_generation_gives_the_same_value():
    assert solve(30, smoothing=0.0).value == solve(30, smoothing=0.9).value


@pytest.mark.parametrize("lp", ["exact", "dense", "highs"])
def test_column_purging_keeps_the_exact_answer(monkeypatch, lp):
    """An aggressive purge (keep at most 0.2 * ceil(N/2) non-basic trees) must drop columns
    many times and still reach the same certified value as a solve that never purges."""
    from puzzles.higher_lower import solver

    engine = {"exact": solver._ExactMaster, "dense": solver._DenseMaster, "highs": solver._Master}[lp]
    dropped = []
    original = engine.purge

    def counting(self, x, u2, keep):
        dropped.append(original(self, x, u2, keep))
        return dropped[-1]

    monkeypatch.setattr(engine, "purge", counting)
    purged = solve(90, purge=0.2, lp=lp)
    assert sum(dropped) > 0
    kept = solve(90, purge=0, lp=lp)
    assert purged.certified and kept.certified and purged.value == kept.value


@pytest.mark.parametrize("N", [2, 3, 17, 64, 101])
def test_the_dense_master_and_highs_agree(N):
    """The dense simplex and HiGHS reach the same exact value (and the thesis's V for
    small N is checked elsewhere against the full LP)."""
    dense, highs = solve(N, lp="dense"), solve(N, lp="highs")
    assert dense.certified and highs.certified and dense.value == highs.value


def _twin_masters(N: int, count: int, seed: int):
    """A dense master and a HiGHS master holding the same ``count`` random best replies."""
    from puzzles.higher_lower import solver
    from puzzles.higher_lower.model import best_tree

    rng = np.random.default_rng(seed)
    dense, highs = solver._DenseMaster(N), solver._Master(N)
    for _ in range(count):
        tree = best_tree(rng.random(N) ** 4)[1]
        dense.add(tree)
        highs.add(tree)
    return dense, highs


def test_the_dense_master_solves_a_restricted_lp_as_highs_does():
    """The same columns in both engines: the same optimum, a basis whose exact strategies
    reproduce it, and duals that form a distribution over the pairs."""
    from puzzles.higher_lower import solver

    dense, highs = _twin_masters(75, 120, seed=7)
    u_dense, x_dense = dense.run()
    u_highs, _ = highs.run()
    assert u_dense == pytest.approx(u_highs, rel=1e-12)
    assert x_dense.min() >= 0 and x_dense.sum() == pytest.approx(1.0)
    value, _, _, _ = solver._exact_strategies(dense, *dense.basis())
    assert float(value) == pytest.approx(u_dense, rel=1e-12)


def test_the_dense_master_accepts_a_basis_its_fresh_inverse_keeps_doubting(monkeypatch):
    """A fresh inverse that always sees one more improving pivot (as near-singular bases can,
    at the tolerance) no longer makes the solve alternate between two bases for ever: after
    ``CONFIRMATIONS`` fresh inverses the basis stands, and the optimum is the true one."""
    from puzzles.higher_lower import solver

    honest = solver._DenseMaster._entering
    doubts = []

    def doubting(self, reduced, tol):
        q = honest(self, reduced, tol)
        if q is None and self.since == 0 and self.pivots > 0:  # right after a fresh inverse
            nonbasic = np.ones(len(self.reduced), dtype=bool)
            nonbasic[self.variables] = False
            nonbasic[1 + self.P + self.n :] = False
            q = int(np.flatnonzero(nonbasic)[np.argmin(self.reduced[nonbasic])])  # a pivot uphill
            doubts.append(q)
        return q

    monkeypatch.setattr(solver._DenseMaster, "_entering", doubting)
    dense, highs = _twin_masters(60, 80, seed=3)
    u_dense, _ = dense.run(settle=True)  # settle: confirm even after a few pivots
    assert len(doubts) == solver._DenseMaster.CONFIRMATIONS
    assert u_dense == pytest.approx(highs.run()[0], rel=1e-12)


def test_a_failing_dense_master_hands_over_to_highs(monkeypatch):
    """If the dense simplex gives up (cycling), HiGHS finishes the solve from its columns."""
    from puzzles.higher_lower import solver

    def cycling(self):
        raise RuntimeError("the dense master is cycling")

    monkeypatch.setattr(solver._DenseMaster, "run", cycling)
    assert solve(40, lp="dense").value == solve(40, lp="highs").value
    with pytest.raises(ValueError, match="LP engine"):
        solve(10, lp="glpk")


def test_tie_breaking_start_columns_keep_the_exact_answer():
    """ties = k prices the guess k times with random tie-breaking before the first LP."""
    assert solve(60, ties=30).value == solve(60).value
    with pytest.raises(ValueError, match="ties"):
        solve(10, ties=-1)


def test_an_exact_optimal_guess_is_proved_without_the_lp():
    """solve(N, exact guess): Bob's mixture among best replies to Alice's optimal distribution,
    by nonnegative least squares and an exact solve; the answer matches the cold solve."""
    from puzzles.higher_lower.data import load_solution, record_of, solution_of

    for N in (12, 40, 101):
        cold = load_solution(N)
        proved = solve(N, guess=list(cold.hider))
        assert proved.certified and proved.value == cold.value and proved.hider == cold.hider
        assert certify(N, proved.hider, proved.searcher, proved.value)
        assert proved.upper == (float(cold.value),) and proved.method == "proved guess"  # no LP ran
        shipped = solution_of(record_of(proved, 0.0))  # the record keeps how it was solved
        assert shipped.certified and shipped.method == "proved guess" and shipped.value == cold.value


def test_an_exact_guess_that_is_not_optimal_falls_back_to_column_generation():
    """A uniform exact guess is not optimal for N = 30; the solve still ends exactly right."""
    uniform = [Fraction(1)] * 30  # normalised by solve
    solution = solve(30, guess=uniform)
    assert solution.certified and solution.value == solve(30).value
    assert len(solution.upper) > 1 and solution.method == "column generation"
    with pytest.raises(ValueError, match="guess"):
        solve(5, guess=[Fraction(1)] * 4)
    with pytest.raises(ValueError, match="guess"):
        solve(3, guess=[Fraction(1), Fraction(-1), Fraction(1)])


def test_plain_rounds_bound_the_value():
    """Lesson III's plain loop: upper bounds never rising, lower bounds below V(N), meeting at V(N)."""
    from puzzles.higher_lower.solver import plain_rounds

    for N in (1, 5, 12):
        rounds = plain_rounds(N)
        value = float(solve(N).value)
        assert all(b <= a + 1e-9 for (a, _), (b, _) in zip(rounds, rounds[1:], strict=False))
        assert all(upper >= value - 1e-9 and lower <= value + 1e-9 for upper, lower in rounds)
        assert abs(rounds[-1][0] - value) < 1e-6 and abs(rounds[-1][1] - value) < 1e-6


def test_alices_optimal_distributions_for_four_form_a_hexagon():
    """Lessons I and II: for N = 4 Alice's optimal set has six vertices, P(secret = 1) from 1/5 to 3/7."""
    from itertools import combinations

    columns = [list(map(int, column)) for column in payoff_matrix(4).to_numpy().T.tolist()]
    value = solve(4).value
    rows = [([Fraction(d) for d in column], value) for column in columns]  # every tree costs >= V
    rows += [([Fraction(int(i == j)) for j in range(4)], Fraction(0)) for i in range(4)]  # alpha >= 0

    def solved(matrix, rhs):
        m = [list(r) + [b] for r, b in zip(matrix, rhs, strict=True)]
        for c in range(4):
            pivot = next((r for r in range(c, 4) if m[r][c] != 0), None)
            if pivot is None:
                return None
            m[c], m[pivot] = m[pivot], m[c]
            m = [
                row if r == c else [a - row[c] / m[c][c] * b for a, b in zip(row, m[c], strict=True)]
                for r, row in enumerate(m)
            ]
        return tuple(m[i][4] / m[i][i] for i in range(4))

    vertices = set()
    for tight in combinations(rows, 3):
        alpha = solved([a for a, _ in tight] + [[Fraction(1)] * 4], [b for _, b in tight] + [Fraction(1)])
        if alpha and all(sum(a * x for a, x in zip(lhs, alpha, strict=True)) >= b for lhs, b in rows):
            vertices.add(alpha)
    assert len(vertices) == 6
    for alpha in vertices:  # each is optimal against the solver's own mixture for Bob
        assert certify(4, list(alpha), solve(4).searcher, value)
    assert {alpha[0] for alpha in vertices} >= {Fraction(1, 5), Fraction(3, 7)}
    assert min(alpha[0] for alpha in vertices) == Fraction(1, 5)
    assert max(alpha[0] for alpha in vertices) == Fraction(3, 7)
    assert Fraction(3, 8) in {alpha[0] for alpha in vertices}
