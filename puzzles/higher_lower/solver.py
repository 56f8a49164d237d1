"""The exact solution of the higher-lower game for large N: column generation, then a certificate.

Bob's LP (the dual of the thesis's LP (1.4)) folded by the symmetry of Lemmas 2-3:

    minimise u  subject to  sum_j y_j e_p(T_j) <= u  for every pair p = {k, N+1-k},
                            sum_j y_j = 1,  y >= 0,

with e_p(T) = depth_T(k) + depth_T(N+1-k) (doubled, as in eq. 1.20, so that every entry is an
integer; u is twice the value). Only a few of the Catalan(N) columns are ever written down
(delayed column generation, Section 2.1): HiGHS solves the restricted LP, its row duals are
Alice's distribution, and ``best_tree`` (eq. 2.1, Knuth's O(N^2)) prices a new column.

Stabilisation: Bob prices against a blend  lam * centre + (1 - lam) * alpha  of the current
duals alpha and a centre (the thesis's guess gamma of Alice's optimal distribution, Section
2.4, replaced by any distribution with a better lower bound; Wentges smoothing). A blend
that yields no improving column ("mispricing") moves the centre and halves lam.

Purging: the restricted LP is dense, and every simplex pivot prices every column, so every
20 iterations the trees that have stayed non-basic with the largest reduced costs are dropped
(down to two per pair); the pricing may find them again.

Certification: the final basis is rebuilt in rational arithmetic (python-flint's fmpq_mat),
giving exact strategies for both players; ``certify`` checks them with exact best replies. If
the check fails, the exact best reply is added as a column and the loop goes on.

A proved guess: when the caller knows a candidate for Alice's optimal distribution exactly
(the sweep's grown guess), Bob's optimal mixtures are those mixtures of best replies to it
that pay the same at every key, a system of equations solved by nonnegative least squares
(no LP) and then exactly; only if that fails does the column generation run.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational

import flint
import highspy
import numpy as np
from scipy.linalg.blas import dger
from scipy.optimize import linprog, nnls
from threadpoolctl import threadpool_limits

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import flag as _flag
from puzzles.course.validate import is_bool
from puzzles.course.validate import number as _number
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _whole
from puzzles.higher_lower.model import (
    Depths,
    _best_tree,
    _weights,
    best_bounded_tree,
    best_tied_tree,
    best_tree,
    check_size,
    is_search_tree,
    mirror,
    tree_by_roots,
)

__all__ = ["Solution", "certify", "solve", "bob_best_payoff", "alice_best_reply", "plain_rounds"]

# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster):
SOLVE_LARGEST = 300  # from cold: solve(300) about 3 s (solve(512) about 50 s)
SOLVE_WARM_LARGEST = 400  # with a guess (a warm start, as the sweep's): solve(400, guess) about 2 s
# (the sweep's warm steps: median 4 s, at most 8 s for N = 300..399; 9 s and 37 s for 400..449 and
# 450..499; N = 1000 took 640 s)
EXACT_LARGEST = 100  # solve's default LP engine is the exact one up to here: solve(100) about 1 s
SOLVE_PATIENT_LARGEST = 2_000  # with patient=True, as the sweep runs it (minutes each, well under 1 GB)


@dataclass(frozen=True)
class Solution:
    """The certified solution of the game on 1..N.

    ``value``: V(N); ``hider``: Alice's optimal distribution over 1..N; ``searcher``: Bob's
    optimal mixture as (probability, depth vector) pairs; ``certified``: True only after the
    exact check; ``upper``/``lower``: the bounds on V(N) after each iteration of the solve
    (floats, for plots); ``iterations``: LP re-solves (least-squares rounds when ``method`` is
    "proved guess"); ``columns``: trees generated; ``tight``: the pairs {k, N+1-k} (by k) whose
    equations fix Bob's probabilities; ``method``: "column generation", or "proved guess" when
    an exact guess of Alice's distribution was proved optimal without an LP.
    """

    N: int
    value: Fraction
    hider: tuple[Fraction, ...]
    searcher: tuple[tuple[Fraction, Depths], ...]
    certified: bool
    upper: tuple[float, ...] = field(default=(), repr=False)
    lower: tuple[float, ...] = field(default=(), repr=False)
    iterations: int = 0
    columns: int = 0
    tight: tuple[int, ...] = field(default=(), repr=False)
    method: str = "column generation"

    @property
    def max_depth(self) -> int:
        """The most guesses any tree in Bob's optimal mixture may need (Table 3.1)."""
        return max(max(depths) for _, depths in self.searcher)


# ---------------------------------------------------------------------------
# exact checks


def _distribution(values: Sequence, what: str) -> list[Fraction]:
    try:
        items = _sequence(values, what, least=1)
    except ValueError:
        raise ValueError(f"{what} must be a list of exact numbers (ints or Fractions)") from None
    for v in items:  # bools, digit strings and floats are no exact probabilities
        if is_bool(v) or not isinstance(v, Rational):
            raise ValueError(f"{what} must be a list of exact numbers (ints or Fractions), got {_shown(v)}")
    fractions = [Fraction(int(v)) if isinstance(v, np.integer) else Fraction(v) for v in items]
    if any(f < 0 for f in fractions):
        raise ValueError(f"{what} has a negative probability")
    if sum(fractions) != 1:
        raise ValueError(f"{what} must sum to 1, but sums to {sum(fractions)}")
    return fractions


def bob_best_payoff(hider: Sequence) -> Fraction:
    """What Bob's best reply costs against Alice's distribution (exact, eq. 2.1)."""
    cost, _ = best_tree(_distribution(hider, "Alice's distribution"))
    return cost


def alice_best_reply(N: int, searcher: Sequence[tuple[object, Sequence[int]]]) -> tuple[Fraction, list[int]]:
    """Alice's best payoff against Bob's mixture, and the secrets that achieve it (exact)."""
    N = check_size(N)
    pairs = _mixture(searcher)
    probabilities = _distribution([p for p, _ in pairs], "Bob's mixture")
    trees = [tuple(d) for _, d in pairs]
    for depths in trees:
        if len(depths) != N or not is_search_tree(depths):
            raise ValueError(f"Bob's mixture holds {_shown(depths)}, which is not a search tree on 1..{N}")
    denominator = math.lcm(*(p.denominator for p in probabilities))
    numerators = np.array([p.numerator * (denominator // p.denominator) for p in probabilities], dtype=object)
    totals = numerators.dot(np.array(trees, dtype=np.int64).astype(object))
    best = max(totals)
    return Fraction(int(best), denominator), [i + 1 for i, t in enumerate(totals) if t == best]


def _mixture(searcher: object) -> list[tuple[object, Sequence[int]]]:
    """Bob's mixture as a list of (probability, depths) pairs, or a sentence saying how to write it."""
    form = "Bob's mixture must be a list of (probability, depths) pairs, such as [(1, (2, 1, 2))]"
    try:
        pairs = [
            tuple(_sequence(pair, "a pair", length=2))
            for pair in _sequence(searcher, "Bob's mixture", least=1)
        ]
        for _, depths in pairs:
            _sequence(depths, "the depths")
    except ValueError:
        raise ValueError(f"{form}; got {_shown(searcher)}") from None
    return pairs


def certify(N: int, hider: Sequence, searcher: Sequence[tuple[object, Sequence[int]]], value) -> bool:
    """Exact optimality check: Bob's best reply to ``hider`` costs ``value`` and Alice's best
    reply to ``searcher`` earns ``value`` (so both are optimal and ``value`` is V(N)).

    Raises ValueError for malformed input (wrong length, negative entries, sums other than 1,
    depth vectors that are not search trees).
    """
    N = check_size(N)
    hider = _distribution(hider, "Alice's distribution")
    if len(hider) != N:
        raise ValueError(f"Alice's distribution needs {N} entries, one per secret, got {len(hider)}")
    value = Fraction(_number(value, "the value"))
    if bob_best_payoff(hider) != value:
        return False
    best, _ = alice_best_reply(N, searcher)
    return bool(best == value)  # a truth value of Python's, whatever numbers were given


# ---------------------------------------------------------------------------
# the column generation


def _fold2(depths: Sequence[int]) -> list[int]:
    N = len(depths)
    return [depths[k] + depths[N - 1 - k] for k in range((N + 1) // 2)]


def _unfold(x: np.ndarray, N: int) -> np.ndarray:
    """Alice's full weights from pair weights (each member of a pair gets half)."""
    P = len(x)
    full = np.empty(N)
    full[:P] = x / 2
    full[N - P :] = (x / 2)[::-1]
    if N % 2:
        full[P - 1] = x[P - 1]
    return full


class _Columns:
    """The trees of a restricted LP, without duplicates (by their folded columns e(T)), and
    the purging rule both LP engines share."""

    def __init__(self, N: int) -> None:
        self.N, self.P = N, (N + 1) // 2
        self.trees: list[Depths] = []
        self.folded: list[list[int]] = []
        self.known: set[tuple[int, ...]] = set()
        self.generated = 0

    def _record(self, depths: Depths) -> list[int] | None:
        """The folded column of a new tree (now recorded), or None for a tree already held."""
        folded = _fold2(depths)
        if tuple(folded) in self.known:
            return None
        self.known.add(tuple(folded))
        self.generated += 1
        self.trees.append(depths)
        self.folded.append(folded)
        return folded

    def improves(self, depths: Depths, x: np.ndarray, u2: float, tol: float) -> bool:
        """Whether the tree costs Bob less than the restricted LP's value ``u2`` against the
        duals ``x`` (a negative reduced cost), by more than ``tol``, in floating point."""
        return float(np.dot(x, _fold2(depths))) < u2 - tol

    def _to_drop(self, basic: set[int], x: np.ndarray, u2: float, keep: int) -> list[int]:
        """Column purging: the non-basic trees with the largest reduced costs, until ``keep``
        remain (only trees whose reduced cost is clearly positive). Every pivot prices every
        column, so columns that left the basis long ago only slow the LP down; a purged tree
        may be generated again. Forgets the trees it returns (sorted)."""
        if len(self.trees) <= keep:
            return []
        reduced = np.array(self.folded, dtype=float) @ x - u2  # >= 0 at an optimal basis
        candidates = sorted((j for j in range(len(self.trees)) if j not in basic), key=lambda j: -reduced[j])
        drop = sorted(j for j in candidates[: len(self.trees) - keep] if reduced[j] > 1e-7 * u2)
        dropped = set(drop)
        for j in drop:
            self.known.discard(tuple(self.folded[j]))
        self.trees = [t for j, t in enumerate(self.trees) if j not in dropped]
        self.folded = [f for j, f in enumerate(self.folded) if j not in dropped]
        return drop


class _Master(_Columns):
    """The restricted LP in HiGHS (columns: u, then one per symmetric tree)."""

    def __init__(self, N: int) -> None:
        super().__init__(N)
        h = highspy.Highs()
        h.silent()
        h.setOptionValue("primal_feasibility_tolerance", 1e-10)
        h.setOptionValue("dual_feasibility_tolerance", 1e-10)
        h.setOptionValue("presolve", "off")
        h.setOptionValue(
            "simplex_strategy", 4
        )  # primal simplex: a new column keeps the basis primal feasible
        inf = highspy.kHighsInf
        h.addCol(1.0, -inf, inf, 0, np.array([], dtype=np.int32), np.array([], dtype=float))
        P = self.P
        for _ in range(P):
            h.addRow(-inf, 0.0, 1, np.array([0], dtype=np.int32), np.array([-1.0]))
        h.addRow(1.0, 1.0, 0, np.array([], dtype=np.int32), np.array([], dtype=float))
        self.h = h
        self.rows = np.arange(P + 1, dtype=np.int32)

    def add(self, depths: Depths) -> bool:
        folded = self._record(depths)
        if folded is None:
            return False
        values = np.array(folded + [1], dtype=float)
        self.h.addCol(0.0, 0.0, highspy.kHighsInf, self.P + 1, self.rows, values)
        return True

    def run(self) -> tuple[float, np.ndarray]:
        self.h.run()
        status = self.h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:  # numerical trouble: solve again from scratch
            self.h.clearSolver()
            self.h.run()
            status = self.h.getModelStatus()
        if status != highspy.HighsModelStatus.kOptimal:  # pragma: no cover - a HiGHS failure
            raise RuntimeError(f"HiGHS stopped with status {self.h.modelStatusToString(status)}")
        duals = np.array(self.h.getSolution().row_dual[: self.P])
        x = np.maximum(-duals, 0.0)
        total = x.sum()
        x = x / total if total > 0 else np.full(self.P, 1.0 / self.P)
        return self.h.getInfo().objective_function_value, x

    def settle(self) -> bool:
        """HiGHS solves to its own tolerances: nothing to confirm before the exact check."""
        return False

    def purge(self, x: np.ndarray, u2: float, keep: int) -> int:
        """Drop non-basic columns with the largest reduced cost until ``keep`` remain (see
        ``_Columns._to_drop``); returns the number dropped."""
        status = self.h.getBasis().col_status
        basic = {j - 1 for j, s in enumerate(status) if j > 0 and s == highspy.HighsBasisStatus.kBasic}
        drop = self._to_drop(basic, x, u2, keep)
        if drop:
            self.h.deleteCols(len(drop), np.array([j + 1 for j in drop], dtype=np.int32))
        return len(drop)

    def basis(self) -> tuple[list[int], list[int]]:
        """Basic tree columns and tight (non-basic) pair rows."""
        basis = self.h.getBasis()
        basic = highspy.HighsBasisStatus.kBasic
        columns = [j - 1 for j, s in enumerate(basis.col_status) if j > 0 and s == basic]
        rows = [p for p in range(self.P) if basis.row_status[p] != basic]
        return columns, rows

    def support(self, eps: float = 1e-9) -> tuple[list[int], list[int]]:
        solution = self.h.getSolution()
        y = solution.col_value[1:]
        u = solution.col_value[0]
        columns = [j for j, v in enumerate(y) if v > eps]
        rows = [p for p in range(self.P) if solution.row_value[p] > -eps * max(1.0, abs(u))]
        return columns, rows


class _DenseMaster(_Columns):
    """The restricted LP by a dense revised primal simplex in numpy (the fast master).

    The master is small and dense: ceil(N/2) + 1 rows, every tree column full. A general LP
    code pays for sparse bookkeeping there; this simplex keeps the basis inverse explicitly
    (rank-one updates through BLAS ``dger``, a fresh inverse every ``REFACTOR`` pivots and at
    the end of a solve that took ``TRUST`` pivots or more) and updates the reduced costs with
    the pivot row, one matrix-vector product with every column a pivot, about 0.2 ms a pivot
    at N = 967 against 2.5 ms in HiGHS. Variables: u (free, always basic), one
    slack per pair row, one column per tree; rows: e_p . y - u + s_p = 0, 1 . y = 1. Ratio test
    after Harris (tolerance 1e-9, largest pivot among the near-ties). Same interface as
    ``_Master``; when the exact check keeps failing, ``solve`` hands the columns to HiGHS.
    """

    REFACTOR = 400
    # Optimality is confirmed with a fresh inverse at most this often per solve. Near-singular
    # bases can make the fresh and the updated inverse disagree at the tolerance, one pivot
    # apart, for ever (seen at N = 1004: two bases in turn, an inverse each time). The basis
    # is then accepted: the duals only steer the pricing, and the exact check decides.
    CONFIRMATIONS = 3
    # A solve that took fewer pivots than this since the last fresh inverse ends without one
    # (``run(settle=True)`` confirms after any pivot; ``solve`` settles before the exact check).
    # The inverse costs as much as about 75 pivots at N = 1000; measured on the sweep step
    # N = 1000 together with the updated reduced costs: 170 s instead of 214 s.
    TRUST = 100

    def __init__(self, N: int) -> None:
        super().__init__(N)
        self.m = self.P + 1
        self.A = np.zeros((256, self.m))  # one row per tree column: (e(T), 1)
        self.reduced = np.zeros(1 + self.P + len(self.A))  # by variable: u, slacks, trees
        self.weights = np.ones(1 + self.P + len(self.A))  # devex reference weights
        self.n = 0
        self.variables: np.ndarray | None = None  # basic variables: 0 = u, 1..P slacks, P+1+j tree j
        self.pivots = 0
        self.settles = 0  # settling solves since the last tree added

    def add(self, depths: Depths) -> bool:
        folded = self._record(depths)
        if folded is None:
            return False
        if self.n == len(self.A):
            self.A = np.concatenate((self.A, np.zeros_like(self.A)))
            self.reduced = np.zeros(1 + self.P + len(self.A))
            self.weights = np.concatenate((self.weights, np.ones(len(self.A) // 2)))
        self.weights[1 + self.P + self.n] = 1.0
        self.A[self.n, : self.P] = folded
        self.A[self.n, self.P] = 1.0
        self.n += 1
        self.settles = 0
        return True

    def _column(self, v: int) -> np.ndarray:
        P = self.P
        if v == 0:
            column = np.zeros(self.m)
            column[:P] = -1.0
            return column
        if v <= P:
            column = np.zeros(self.m)
            column[v - 1] = 1.0
            return column
        return self.A[v - P - 1].copy()

    def _refactor(self) -> None:
        B = np.column_stack([self._column(int(v)) for v in self.variables])
        self.Binv = np.asfortranarray(np.linalg.inv(B))
        self.x = self.Binv[:, self.P].copy()  # B^-1 b with b = (0, ..., 0, 1)
        self.since = 0
        self._fresh_reduced()

    def _start(self) -> None:
        """Tree 0 alone: u = its largest pair entry, the other pairs slack."""
        top = int(np.argmax(self.A[0, : self.P]))
        self.variables = np.array([0 if p == top else 1 + p for p in range(self.P)] + [self.P + 1])
        self._refactor()

    def _times_columns(self, v: np.ndarray, out: np.ndarray) -> np.ndarray:
        """``out`` = v . a_j for every variable j (u, slacks, trees), with 0 for u, which is
        always basic: the reduced costs for v = -pi, the pivot row for v = a row of B^-1."""
        P = self.P
        out[0] = 0.0
        out[1 : P + 1] = v[:P]
        np.matmul(self.A[: self.n], v, out=out[P + 1 :])
        return out

    def _fresh_reduced(self) -> np.ndarray:
        """The reduced costs d_j = -pi . a_j of every variable, from the current inverse (pi
        is the row of B^-1 that belongs to u, the only variable with a cost), written into
        ``self.reduced`` (every fresh inverse refreshes them)."""
        u = int(np.flatnonzero(self.variables == 0)[0])
        return self._times_columns(-self.Binv[u], self.reduced[: 1 + self.P + self.n])

    def _entering(self, reduced: np.ndarray, tol: float) -> int | None:
        """The entering variable by devex pricing: the largest d_j^2 / w_j among the negative
        reduced costs d_j (reference weights w_j, Forrest and Goldfarb's approximation of
        steepest edge: about half the pivots of Dantzig's rule here)."""
        reduced[self.variables] = 0.0
        candidates = np.flatnonzero(reduced < -tol)
        if not len(candidates):
            return None
        score = reduced[candidates] ** 2 / self.weights[candidates]
        return int(candidates[np.argmax(score)])

    def _update_weights(self, q: int, r: int, alpha_rq: float, row: np.ndarray) -> None:
        """Devex: w_j = max(w_j, (alpha_rj / alpha_rq)^2 w_q) over the pivot row alpha_r. (row r
        of B^-1 times every column), and the leaving variable gets max(w_q / alpha_rq^2, 1);
        all weights restart at 1 once one of them exceeds 10^6."""
        w_q = self.weights[q]
        weights = self.weights[: 1 + self.P + self.n]
        np.maximum(weights, (row / alpha_rq) ** 2 * w_q, out=weights)
        self.weights[self.variables[r]] = max(w_q / alpha_rq**2, 1.0)
        if weights.max() > 1e6:  # the reference framework is stale: start a new one
            self.weights[:] = 1.0

    def run(self, settle: bool = False) -> tuple[float, np.ndarray]:
        """Primal simplex from the last basis. The reduced costs are computed afresh at the
        start and after every fresh inverse, and in between updated with the pivot row, which
        devex needs anyway: d_j -= d_q alpha_rj / alpha_rq (one product with every column a
        pivot instead of two)."""
        if self.variables is None:
            self._start()
        tol, limit = 1e-9, self.pivots + 200 * self.m
        confirmations = 0
        reduced = self._fresh_reduced()  # a view of self.reduced, which _refactor refreshes
        row = np.empty(1 + self.P + self.n)
        while True:
            q = self._entering(reduced, tol)
            if q is None:
                if self.since < (1 if settle else self.TRUST) or confirmations == self.CONFIRMATIONS:
                    break
                self._refactor()  # confirm optimality with a fresh inverse (and reduced costs)
                confirmations += 1
                continue
            if self.pivots > limit:
                raise RuntimeError("the dense master is cycling")
            alpha = self.Binv @ self._column(q)
            candidates = np.flatnonzero((alpha > 1e-9) & (self.variables != 0))
            if not len(candidates):  # pragma: no cover - u is bounded below by every tree
                raise RuntimeError("the restricted LP is unbounded")
            x = np.maximum(self.x[candidates], 0.0)
            bound = np.min((x + 1e-9) / alpha[candidates])
            near = candidates[x / alpha[candidates] <= bound]
            r = int(near[np.argmax(alpha[near])])
            self._times_columns(self.Binv[r], row)  # the pivot row
            self._update_weights(q, r, alpha[r], row)
            reduced -= (reduced[q] / alpha[r]) * row
            theta = max(self.x[r], 0.0) / alpha[r]
            self.x -= theta * alpha
            self.x[r] = theta
            pivot_row = self.Binv[r] / alpha[r]
            alpha[r] -= 1.0
            self.Binv = dger(-1.0, alpha, pivot_row, a=self.Binv, overwrite_a=True)
            self.variables[r] = q
            self.pivots += 1
            self.since += 1
            if self.since >= self.REFACTOR:
                self._refactor()
        u = int(np.flatnonzero(self.variables == 0)[0])
        x = np.maximum(-self.Binv[u, : self.P], 0.0)  # the duals of the pair rows
        total = x.sum()
        x = x / total if total > 0 else np.full(self.P, 1.0 / self.P)
        return float(self.x[u]), x

    def settle(self) -> bool:
        """Before the exact check: confirm the last solve with a fresh inverse (it may have
        stopped on the updated one, see ``TRUST``). True if that moved the basis, and the
        pricing must run again; at most ``CONFIRMATIONS`` times between two trees added."""
        if not self.since or self.settles >= self.CONFIRMATIONS:
            return False
        self.settles += 1
        before = self.pivots
        self.run(settle=True)
        return self.pivots != before

    def purge(self, x: np.ndarray, u2: float, keep: int) -> int:
        """Drop non-basic trees with the largest reduced costs until ``keep`` remain (see
        ``_Columns._to_drop``); returns the number dropped."""
        P = self.P
        drop = self._to_drop({int(v) - P - 1 for v in self.variables if v > P}, x, u2, keep)
        if drop:
            kept = np.ones(self.n, dtype=bool)
            kept[drop] = False
            index = np.cumsum(kept) - 1
            self.A[: kept.sum()] = self.A[: self.n][kept]
            tail = self.weights[1 + P : 1 + P + self.n][kept]
            self.weights[1 + P : 1 + P + len(tail)] = tail
            self.n = int(kept.sum())
            renumbered = [v if v <= P else P + 1 + int(index[v - P - 1]) for v in self.variables]
            self.variables = np.array(renumbered)
        return len(drop)

    def basis(self) -> tuple[list[int], list[int]]:
        """Basic tree columns and tight (non-basic slack) pair rows."""
        P = self.P
        slack = {int(v) - 1 for v in self.variables if 1 <= v <= P}
        columns = sorted(int(v) - P - 1 for v in self.variables if v > P)
        return columns, [p for p in range(P) if p not in slack]

    def support(self, eps: float = 1e-9) -> tuple[list[int], list[int]]:
        P = self.P
        pairs = zip(self.variables, self.x, strict=True)
        columns = sorted(int(v) - P - 1 for v, value in pairs if v > P and value > eps)
        return columns, self.basis()[1]

    def to_highs(self) -> _Master:
        """The same restricted LP in HiGHS (for the tight-tolerance retries)."""
        master = _Master(self.N)
        for tree in self.trees:
            master.add(tree)
        master.generated = self.generated
        return master


class _ExactMaster(_Columns):
    """The restricted LP by a revised primal simplex in exact integer arithmetic (python-flint).

    The same LP as ``_DenseMaster`` (variables u, one slack per pair row, one column per
    tree), with the basis inverse kept exactly as adj(B) / det(B), an integer matrix and its
    determinant, updated after each pivot by the fraction-free rank-one correction
    adj(B') = (adj(B) a_r - (a - det(B) e_r) (row r of adj(B))) / det(B), where a = adj(B)
    times the entering column and det(B') = a_r (the division is exact). Nothing is rounded,
    so every choice is fixed by the data alone: the entering variable is the most negative
    reduced cost (Dantzig's rule), the leaving one the least ratio, and every tie goes to the
    lowest variable number; after a run of degenerate pivots Bland's rule (the lowest
    variable number with a negative reduced cost) takes over until the value falls, so the
    method cannot cycle. The duals (Alice's distribution) and the value are exact fractions,
    the same on every machine and under every BLAS; ``run`` hands them to the column
    generation as floats (each rounded once, correctly), and ``improves`` and ``purge``
    compare exactly. Slower than the dense simplex by a factor that grows with N (about 3 at
    N = 100, 10 at N = 128), so ``solve`` uses it for small N (``EXACT_LARGEST``).
    """

    DEGENERATE = 20  # degenerate pivots in a row before Bland's rule takes over

    def __init__(self, N: int) -> None:
        super().__init__(N)
        self.m = self.P + 1
        self.basic: list[int] | None = None  # each row's basic variable: 0 = u, 1..P slacks, P+1+j tree j
        self.adjugate: flint.fmpz_mat | None = None  # adj(B): B^-1 = adjugate / determinant
        self.determinant = 1
        self.matrix: flint.fmpz_mat | None = None  # the tree columns (e(T), 1), one row per tree
        self.value: Fraction = Fraction(0)  # 2u at the last optimum
        self.duals: list[Fraction] = []  # Alice's pair weights at the last optimum
        self.pivots = 0

    def add(self, depths: Depths) -> bool:
        if self._record(depths) is None:
            return False
        self.matrix = None
        return True

    def _column(self, v: int) -> list[int]:
        P = self.P
        if v == 0:
            return [-1] * P + [0]
        if v <= P:
            return [1 if p == v - 1 else 0 for p in range(self.m)]
        return [*self.folded[v - P - 1], 1]

    def _start(self) -> None:
        """Tree 0 alone: u = its largest pair entry (the first such pair), the other pairs slack."""
        first = self.folded[0]
        top = first.index(max(first))
        self.basic = [0 if p == top else 1 + p for p in range(self.P)] + [self.P + 1]
        columns = [self._column(v) for v in self.basic]
        B = flint.fmpz_mat(self.m, self.m, [columns[j][i] for i in range(self.m) for j in range(self.m)])
        self.determinant = int(B.det())
        adjugate, one = (B.inv() * self.determinant).numer_denom()
        assert one == 1
        self.adjugate = adjugate

    def _row(self, r: int) -> list[int]:
        return [int(self.adjugate[r, j]) for j in range(self.m)]

    def _reduced(self, pi: list[int]) -> list[tuple[int, int]]:
        """(reduced cost times a positive factor, variable) of every non-basic variable but u,
        from the duals times the same factor: d_j = -pi . a_j."""
        P = self.P
        if self.matrix is None:
            self.matrix = flint.fmpz_mat(len(self.folded), self.m, [v for f in self.folded for v in (*f, 1)])
        products = (self.matrix * flint.fmpz_mat(self.m, 1, pi)).entries()
        basic = set(self.basic)
        reduced = [(-pi[p], 1 + p) for p in range(P) if 1 + p not in basic]
        reduced += [(-int(t), P + 1 + j) for j, t in enumerate(products) if P + 1 + j not in basic]
        return reduced

    def run(self) -> tuple[float, np.ndarray]:
        if self.basic is None:
            self._start()
        m, P = self.m, self.P
        u = self.basic.index(0)
        degenerate = 0
        while True:
            sign = 1 if self.determinant > 0 else -1
            pi = [sign * v for v in self._row(u)]  # the duals times |det B|: u's row of B^-1, u the only cost
            negative = [(d, v) for d, v in self._reduced(pi) if d < 0]
            if not negative:
                break
            q = min(negative, key=lambda pair: pair[1] if degenerate >= self.DEGENERATE else pair)[1]
            a = [int(v) for v in (self.adjugate * flint.fmpz_mat(m, 1, self._column(q))).entries()]
            x = [int(self.adjugate[i, P]) for i in range(m)]  # B^-1 b = x / det B, b = (0, ..., 0, 1)
            rows = [i for i in range(m) if sign * a[i] > 0 and i != u]  # alpha_i = a_i / det B > 0
            if not rows:  # pragma: no cover - u is bounded below by every tree
                raise RuntimeError("the restricted LP is unbounded")
            r = rows[0]  # the least ratio x_i / a_i (all these a_i have one sign: compare crosswise)
            for i in rows[1:]:  # then the lowest variable number
                left, right = x[i] * a[r], x[r] * a[i]
                if left < right:
                    r = i
                elif left == right and self.basic[i] < self.basic[r]:
                    r = i
            degenerate = degenerate + 1 if x[r] == 0 else 0
            row = flint.fmpz_mat(1, m, self._row(r))
            step = flint.fmpz_mat(m, 1, [(self.determinant if i == r else 0) - a[i] for i in range(m)])
            self.adjugate = (self.adjugate * a[r] + step * row) / self.determinant
            self.determinant = a[r]
            self.basic[r] = q
            self.pivots += 1
        scale = abs(self.determinant)
        self.value = Fraction(pi[P], scale)
        self.duals = [Fraction(-v, scale) for v in pi[:P]]  # >= 0 at an optimum, summing to 1
        return float(self.value), np.array([float(v) for v in self.duals])

    def improves(self, depths: Depths, x: np.ndarray, u2: float, tol: float) -> bool:
        """Whether the tree costs Bob less than the restricted LP's value against Alice's
        exact duals (a negative reduced cost), exactly."""
        return sum(v * e for v, e in zip(self.duals, _fold2(depths), strict=True)) < self.value

    def settle(self) -> bool:
        """The basis is exactly optimal: nothing to confirm."""
        return False

    def purge(self, x: np.ndarray, u2: float, keep: int) -> int:
        """Drop the non-basic trees with the largest exact reduced costs (only positive ones)
        until ``keep`` remain; ties go to the later tree. Returns the number dropped."""
        if len(self.trees) <= keep:
            return 0
        P = self.P
        basic = {v - P - 1 for v in self.basic if v > P}
        reduced = [sum(v * e for v, e in zip(self.duals, f, strict=True)) - self.value for f in self.folded]
        candidates = sorted(
            (j for j in range(len(self.trees)) if j not in basic), key=lambda j: (-reduced[j], -j)
        )
        drop = sorted(j for j in candidates[: len(self.trees) - keep] if reduced[j] > 0)
        if not drop:
            return 0
        dropped = set(drop)
        for j in drop:
            self.known.discard(tuple(self.folded[j]))
        index, kept = {}, 0
        for j in range(len(self.trees)):
            if j not in dropped:
                index[j] = kept
                kept += 1
        self.trees = [t for j, t in enumerate(self.trees) if j not in dropped]
        self.folded = [f for j, f in enumerate(self.folded) if j not in dropped]
        self.basic = [v if v <= P else P + 1 + index[v - P - 1] for v in self.basic]
        self.matrix = None
        return len(drop)

    def basis(self) -> tuple[list[int], list[int]]:
        """Basic tree columns and tight (non-basic slack) pair rows."""
        P = self.P
        slack = {v - 1 for v in self.basic if 1 <= v <= P}
        return sorted(v - P - 1 for v in self.basic if v > P), [p for p in range(P) if p not in slack]

    def support(self, eps: float = 0.0) -> tuple[list[int], list[int]]:
        return self.basis()


def _fraction(q: flint.fmpq) -> Fraction:
    return Fraction(int(q.p), int(q.q))


def _solve_exact(matrix: list[list[int]], rhs: list[int]) -> list[Fraction] | None:
    """A solution of matrix z = rhs in rationals (free variables 0), or None if inconsistent."""
    rows, cols = len(matrix), len(matrix[0])
    if rows == cols:
        M = flint.fmpq_mat(rows, cols, [v for r in matrix for v in r])
        try:
            z = M.solve(flint.fmpq_mat(rows, 1, rhs))
            return [Fraction(int(q.p), int(q.q)) for q in (z[i, 0] for i in range(cols))]
        except ZeroDivisionError:
            pass
    augmented = flint.fmpq_mat(rows, cols + 1, [v for r, b in zip(matrix, rhs, strict=True) for v in [*r, b]])
    reduced, rank = augmented.rref()
    z = [Fraction(0)] * cols
    for i in range(rank):
        lead = next(j for j in range(cols + 1) if reduced[i, j] != 0)
        if lead == cols:
            return None
        q = reduced[i, cols]
        z[lead] = Fraction(int(q.p), int(q.q))
    return z


def _exact_strategies(master: _Master, columns: list[int], rows: list[int]):
    """Exact (value, pair weights, column weights) on the face given by columns and tight rows."""
    if not columns or not rows:
        return None
    F = master.folded
    # Bob: sum_j y_j F[j][p] - u = 0 (p tight), sum_j y_j = 1
    bob = [[F[j][p] for j in columns] + [-1] for p in rows] + [[1] * len(columns) + [0]]
    z = _solve_exact(bob, [0] * len(rows) + [1])
    # Alice: sum_p x_p F[j][p] - v = 0 (j basic), sum_p x_p = 1
    alice = [[F[j][p] for p in rows] + [-1] for j in columns] + [[1] * len(rows) + [0]]
    w = _solve_exact(alice, [0] * len(columns) + [1])
    if z is None or w is None or z[-1] != w[-1]:
        return None
    if any(v < 0 for v in z[:-1]) or any(v < 0 for v in w[:-1]):
        return None
    x = [Fraction(0)] * master.P
    for p, v in zip(rows, w[:-1], strict=True):
        x[p] = v
    y = dict(zip(columns, z[:-1], strict=True))
    return z[-1], x, y, rows


def _full_hider(x: list[Fraction], N: int) -> list[Fraction]:
    P = len(x)
    hider = [Fraction(0)] * N
    for p in range(P):
        if N % 2 and p == P - 1:
            hider[p] = x[p]
        else:
            hider[p] = hider[N - 1 - p] = x[p] / 2
    return hider


def _full_searcher(master: _Master, y: dict[int, Fraction]) -> list[tuple[Fraction, Depths]]:
    mixture: dict[Depths, Fraction] = {}
    for j, p in y.items():
        if p == 0:
            continue
        tree = master.trees[j]
        for t in (tree, mirror(tree)):
            mixture[t] = mixture.get(t, Fraction(0)) + p / 2
    return sorted(((p, t) for t, p in mixture.items()), key=lambda pair: pair[1])


def _guess_trees(N: int, centre: np.ndarray) -> list[Depths]:
    trees = [best_tree(centre)[1], best_tree(np.ones(N))[1]]
    for shift in (0, 1):  # bisection that rounds down and up
        trees.append(tree_by_roots(N, lambda a, b, shift=shift: (a + b + shift) // 2))
    return trees


STALL = 40  # rounds over which the least-squares residual must shrink by a tenth


def _prove_guess(
    N: int, hider: list[Fraction], trees: Sequence[Depths], samples: int, rounds: int | None = None
) -> tuple[Solution | None, list[Depths]]:
    """Prove an exactly known distribution of Alice optimal, or give up (None).

    If ``hider`` is optimal, Bob's optimal mixtures use only best replies to it (complementary
    slackness), and since every key has positive weight, each such mixture pays exactly the best
    reply's cost V at every key. So the LP shrinks to a feasibility problem: find weights lambda
    >= 0 on best replies T_j with  sum_j lambda_j e_p(T_j) = 2V  for every pair p and  sum_j
    lambda_j = 1. Nonnegative least squares (Lawson-Hanson, no simplex) solves it over the
    columns at hand, for N <= ``EXACT_LARGEST`` in exact rationals (``_nnls_exact``: the same
    rounds on every machine), above in floating point (scipy's ``nnls``); while the residual r
    stays positive, the best reply with the largest r . e(T) (``best_tied_tree``: Knuth's DP,
    exact in ``hider``, ties broken by -r) joins them. The support found is then solved again in
    rationals, and Alice's exact best reply to Bob's mixture must earn V. Returns the certified
    solution, or None when a round finds no improving best reply (the guess is not optimal),
    when the residual has stalled (it shrank by less than a tenth over the last ``STALL``
    rounds), or after ``rounds`` rounds (default 3 ceil(N/2): a proof needs about one round per
    pair, measured 415 rounds at N = 962), together with the best replies collected (start
    columns for the column generation then).
    """
    P = (N + 1) // 2
    rounds = 3 * P + 40 if rounds is None else rounds
    if any(h <= 0 for h in hider):
        return None, []
    value, first = best_tied_tree(hider, np.ones(N))
    exact = np.array(hider, dtype=object)
    floats = np.array([float(h) for h in hider])

    def is_best(depths: Depths) -> bool:
        if len(depths) != N or not is_search_tree(depths):
            return False
        return exact.dot(np.array(depths, dtype=object)) == value

    columns: dict[tuple[int, ...], Depths] = {}

    def add(depths: Depths) -> bool:
        key = tuple(_fold2(depths))
        if key in columns or not is_best(depths):
            return False
        columns[key] = depths
        return True

    for tree in [first, *trees]:
        add(tuple(tree))
    noise = np.random.default_rng(N)
    height = N.bit_length() + 1
    for _ in range(samples):  # best replies with ties broken at random
        _, tree = best_bounded_tree(floats * (1 + 1e-7 * noise.standard_normal(N)), height)
        add(tree)
    target = np.concatenate((np.full(P, 2 * float(value)), [1.0]))
    exact_target = [2 * value] * P + [Fraction(1)]
    exactly = N <= EXACT_LARGEST  # least squares in rationals: the same rounds on every machine
    history: list[float] = []
    for iteration in range(1, rounds + 1):
        keys = list(columns)
        if exactly:
            weights_q, squared = _nnls_exact([[*k, 1] for k in keys], exact_target)
            weights = np.array([float(v) for v in weights_q])
            residual = math.sqrt(squared)
            solved = squared == 0
            r_exact = [
                t - sum(w * k[p] for w, k in zip(weights_q, keys, strict=True))
                for p, t in enumerate(exact_target[:P])
            ] + [1 - sum(weights_q)]
            r = np.array([float(v) for v in r_exact])
        else:
            matrix = np.vstack((np.array(keys, dtype=float).T, np.ones(len(keys))))
            weights, residual = nnls(matrix, target, maxiter=50 * len(keys))
            solved = residual < 1e-9
            r = target - matrix @ weights
        history.append(residual)
        if len(history) > STALL and residual > 0.9 * history[-1 - STALL]:
            break  # the residual has stalled: the guess is not optimal
        if solved:
            support = (
                [j for j, w in enumerate(weights_q) if w > 0] if exactly else np.flatnonzero(weights > 1e-12)
            )
            proof = _mixture_on(N, value, [columns[keys[j]] for j in support])
            if proof is not None:
                one = float(value)
                solution = Solution(
                    N,
                    value,
                    tuple(hider),
                    proof,
                    True,
                    (one,),
                    (one,),
                    iterations=iteration,
                    columns=len(columns),
                    tight=tuple(range(1, P + 1)),
                    method="proved guess",
                )
                return solution, list(columns.values())
        pair = -r[:P]  # tie weights per key: e_p counts both keys of pair p
        per_key = _unfold(2 * pair, N)
        shift = max(0.0, float(np.max(-per_key / floats)))
        tie = np.maximum(per_key + shift * floats, 0.0)
        _, tree = best_tied_tree(hider, tie)
        if exactly:
            gain = sum(v * e for v, e in zip(r_exact, _fold2(tree), strict=False)) + r_exact[P] > 0
        else:
            gain = float(r[:P] @ _fold2(tree)) + r[P] > 1e-12
        if not gain or not add(tree):
            break
    return None, list(columns.values())


def _nnls_exact(columns: list[list[int]], target: list[Fraction]) -> tuple[list[Fraction], Fraction]:
    """Nonnegative least squares, min |A z - b| over z >= 0, in exact rationals: Lawson and
    Hanson's active-set method (as scipy's ``nnls`` in floating point), with the entering
    column the largest gradient entry (the lowest index among ties) and every subproblem
    solved exactly by its normal equations. Returns z and the squared residual |A z - b|^2,
    the same on every machine (``_prove_guess`` uses it for small N)."""
    m, n = len(target), len(columns)
    A = flint.fmpz_mat(m, n, [columns[j][i] for i in range(m) for j in range(n)])
    b = flint.fmpq_mat(m, 1, [flint.fmpq(v.numerator, v.denominator) for v in target])
    z = [flint.fmpq(0)] * n
    passive: list[int] = []

    def residual() -> flint.fmpq_mat:
        return b - A * flint.fmpq_mat(n, 1, z)

    def least_squares(chosen: list[int]) -> list | None:
        sub = flint.fmpz_mat(m, len(chosen), [columns[j][i] for i in range(m) for j in chosen])
        gram = sub.transpose() * sub
        try:
            return flint.fmpq_mat(gram).solve(sub.transpose() * b).entries()
        except ZeroDivisionError:  # pragma: no cover - the entering column is independent
            return None

    for _ in range(10 * n + 10):
        w = (A.transpose() * residual()).entries()
        free = [j for j in range(n) if j not in passive and w[j] > 0]
        if not free:
            break
        passive.append(max(free, key=lambda j: (w[j], -j)))
        while True:
            s = least_squares(passive)
            if s is None:  # pragma: no cover
                passive.pop()
                break
            if all(v > 0 for v in s):
                for j, v in zip(passive, s, strict=True):
                    z[j] = v
                break
            step = min(z[j] / (z[j] - v) for j, v in zip(passive, s, strict=True) if v <= 0)
            for j, v in zip(passive, s, strict=True):
                z[j] = z[j] + step * (v - z[j])
            passive = [j for j in passive if z[j] > 0]
            for j in range(n):
                if j not in passive:
                    z[j] = flint.fmpq(0)
    r = residual().entries()
    return [Fraction(int(v.p), int(v.q)) for v in z], sum(
        (Fraction(int(v.p), int(v.q)) ** 2 for v in r), Fraction(0)
    )


def _mixture_on(N: int, value: Fraction, trees: list[Depths]) -> tuple[tuple[Fraction, Depths], ...] | None:
    """Bob's exact mixture of ``trees`` that pays 2 * value on every pair, if there is one with
    positive weights, checked against Alice's exact best reply."""
    P = (N + 1) // 2
    folded = [_fold2(t) for t in trees]
    scale = value.denominator  # in integers: sum_j z_j * scale * e_p(T_j) = 2 * numerator
    system = [[scale * f[p] for f in folded] for p in range(P)] + [[1] * len(trees)]
    z = _solve_exact(system, [2 * value.numerator] * P + [1])
    if z is None or any(w <= 0 for w in z):
        return None
    mixture: dict[Depths, Fraction] = {}
    for w, tree in zip(z, trees, strict=True):
        for t in (tree, mirror(tree)):
            mixture[t] = mixture.get(t, Fraction(0)) + w / 2
    searcher = tuple(sorted(((p, t) for t, p in mixture.items()), key=lambda pair: pair[1]))
    if alice_best_reply(N, searcher)[0] != value:
        return None
    return searcher


def solve(
    N: int,
    guess: Sequence[float] | None = None,
    trees: Sequence[Sequence[int]] = (),
    smoothing: float = 0.95,
    extra_points: Sequence[float] = (0.0,),
    purge: float = 2.0,
    ties: int = 0,
    max_iterations: int = 200_000,
    lp: str = "auto",
    patient: bool = False,
) -> Solution:
    """The exact, certified solution of the higher-lower game on 1..N.

    Serves N <= ``SOLVE_LARGEST`` from cold and N <= ``SOLVE_WARM_LARGEST`` with a ``guess`` (seconds);
    with ``patient=True`` N <= ``SOLVE_PATIENT_LARGEST`` (minutes each, as the sweep runs it).
    ``load_solution(N)`` reads the shipped solutions.

    ``guess``: a guessed optimal distribution of Alice (length N), the centre of the
    stabilisation (default: uniform); ``trees``: extra start columns (e.g. the previous N's
    optimal trees); ``smoothing``: the weight lam of the centre (0 = plain column generation);
    ``extra_points``: after an improving column, also price at these blends (factor * lam) and
    add every improving tree (measured: (0.0,) cuts the iterations near N = 300 by 2.5x);
    ``purge``: every 20 iterations, once the master holds more than 1.5 * purge * ceil(N/2)
    trees, drop the non-basic trees with the largest reduced costs down to purge * ceil(N/2)
    (0 = never; measured: 2.0 cuts the time of a cold solve(480) by a fifth); ``ties``: before
    the first LP, price the guess this many times under random relative perturbations of
    1e-7, which collects many different trees that are best replies to the guess. That pays
    when the guess is exactly optimal, as the sweep's guesses are between powers of two
    (measured at N = 646: 16 s instead of 27 s with ties = ceil(N/2)).
    An exact guess (ints or Fractions, summing to 1) is first tried as Alice's optimal
    distribution itself: ``ties`` random best replies to it (``ties = 0``, the default, takes
    ceil(N/2) here, and none before the first LP), then a
    nonnegative least-squares search for Bob's mixture among best replies, no LP (see
    ``_prove_guess``; measured at N = 800: 8 s instead of 40 s). If that fails, the column
    generation runs from the guess and the best replies found.
    ``lp``: the engine of the restricted LP, "exact" (``_ExactMaster``, a simplex in exact
    integer arithmetic with fixed tie-breaks: every round, count and strategy returned is the
    same on every machine and under every BLAS), "dense" (``_DenseMaster``, a dense simplex in
    floating point with numpy: measured at N = 967, 117 s instead of 913 s; which of several
    equally good duals a degenerate LP returns follows the last bits of BLAS dot products, so
    the rounds and the optimal strategies found can differ between machines, never the
    value), "highs" (HiGHS's primal simplex), or "auto" (the default): "exact" for N up to
    ``EXACT_LARGEST``, "dense" above.
    The numerical work runs with one BLAS thread: the matrices are small, and several
    threads per process only fight over the cores (measured: 10 ms a pivot instead of 0.2 ms
    with a second process busy).
    Raises RuntimeError rather than return an answer that failed the exact check.
    """
    if not isinstance(lp, str) or lp not in ("auto", "exact", "dense", "highs"):
        raise ValueError(f'the LP engine must be "auto", "exact", "dense" or "highs", not {_shown(lp)}')
    N = check_size(N)
    if lp == "auto":
        lp = "exact" if N <= EXACT_LARGEST else "dense"
    if _flag(patient, "patient"):
        _cap(N, "N", SOLVE_PATIENT_LARGEST, "load_solution(N) reads the shipped certified solutions")
    else:
        _cap(
            N,
            "N",
            SOLVE_LARGEST if guess is None else SOLVE_WARM_LARGEST,
            "load_solution(N) reads the certified solution shipped for N up to 1024; a guess of "
            f"Alice's distribution (a warm start) serves N up to {SOLVE_WARM_LARGEST}, and "
            f"patient=True N up to {SOLVE_PATIENT_LARGEST} in minutes",
        )
    guess, trees, smoothing, extra_points, purge, ties, max_iterations = _solve_options(
        N, guess, trees, smoothing, extra_points, purge, ties, max_iterations
    )
    with threadpool_limits(limits=1, user_api="blas"):
        return _solve(N, guess, trees, smoothing, extra_points, purge, ties, max_iterations, lp)


def _solve_options(N, guess, trees, smoothing, extra_points, purge, ties, max_iterations):
    """The options of ``solve``, checked: each a sentence when it is not what solve expects."""
    if guess is not None:
        guess = [_number(g, "each entry of the guess") for g in _sequence(guess, "the guess", length=N)]
        try:
            [float(g) for g in guess]
        except OverflowError:
            raise ValueError(
                "each entry of the guess must be below 10**308 (the guess is relative: scale it down)"
            ) from None
    trees = [
        [_whole(d, "each depth of a start tree") for d in _sequence(tree, "each start tree")]
        for tree in _sequence(trees, "the start trees")
    ]
    for tree in trees:  # a start column that is no tree on 1..N would be dropped or mislead the LP
        if len(tree) != N or not is_search_tree(tree):
            raise ValueError(
                f"each start tree must be the depth vector of a search tree on 1..{N}, "
                f"got {_shown(tuple(tree))}"
            )
    smoothing = _number(smoothing, "the smoothing weight", least=0, below=1)
    extra_points = [
        _number(x, "each extra point", least=0, most=1)
        for x in _sequence(extra_points, "the extra points", most=16)
    ]
    purge = _number(purge, "purge", least=0)
    ties = _whole(ties, "ties (a number of pricing rounds)", least=0)
    _cap(ties, "ties", max(64, 2 * N), "the sweep uses ties = ceil(N / 2)")
    max_iterations = _whole(max_iterations, "max_iterations", least=1)
    return guess, trees, smoothing, extra_points, purge, ties, max_iterations


def _solve(N, guess, trees, smoothing, extra_points, purge, ties, max_iterations, lp) -> Solution:
    N = check_size(N)
    if not 0 <= smoothing < 1:
        raise ValueError(f"the smoothing weight must lie in [0, 1), got {smoothing}")
    if ties < 0:
        raise ValueError(f"ties must be a number of pricing rounds, not {ties}")
    if N == 1:
        one = Fraction(1)
        return Solution(
            1, one, (one,), ((one, (1,)),), certify(1, [one], [(one, (1,))], one), (1.0,), (1.0,), 0, 1, (1,)
        )
    P = (N + 1) // 2
    if guess is not None and _is_exact(guess):  # first try to prove the guess optimal
        exact = [Fraction(v) for v in guess]
        total = sum(exact)
        if len(exact) != N or any(v < 0 for v in exact) or total <= 0:
            raise ValueError(f"the guess must be N = {N} non-negative weights, not all zero")
        hider = [(h + g) / (2 * total) for h, g in zip(exact, reversed(exact), strict=True)]  # Lemma 2
        solution, found = _prove_guess(N, hider, [tuple(t) for t in trees], samples=ties or P)
        if solution is not None:
            return solution
        trees, ties = [*trees, *found], 0  # its best replies start the column generation
    if guess is None:
        centre_full = np.full(N, 1.0 / N)
    else:
        centre_full = np.asarray(guess, dtype=float)
        if centre_full.shape != (N,) or np.any(centre_full < 0) or centre_full.sum() <= 0:
            raise ValueError(f"the guess must be N = {N} non-negative weights, not all zero")
        centre_full = centre_full / centre_full.sum()
    centre_full = (centre_full + centre_full[::-1]) / 2
    centre = _fold_weights(centre_full, P)
    master = {"exact": _ExactMaster, "dense": _DenseMaster, "highs": _Master}[lp](N)
    for tree in [*trees, *_guess_trees(N, centre_full)]:
        if len(tree) == N and is_search_tree(tree):
            master.add(tuple(tree))
    centre_bound = proven = 2 * best_tree(centre_full)[0]
    height = N.bit_length() + 1
    noise = np.random.default_rng(N)
    for _ in range(ties):  # best replies to the guess, ties broken at random
        _, tree = best_bounded_tree(centre_full * (1 + 1e-7 * noise.standard_normal(N)), height)
        if is_search_tree(tree):
            master.add(tree)
    upper, lower = [], []
    iterations = retries = 0
    while True:
        iterations += 1
        if iterations > max_iterations:
            raise ValueError(
                f"no certified solution for N = {N} within max_iterations = {max_iterations}; allow more"
            )
        try:
            u2, x = master.run()
            if purge and iterations % 20 == 0 and len(master.trees) > 1.5 * purge * P:
                if master.purge(x, u2, int(purge * P)):
                    u2, x = master.run()
        except RuntimeError:  # the dense simplex cycled: HiGHS takes over
            if not isinstance(master, _DenseMaster):
                raise
            master = master.to_highs()
            u2, x = master.run()
        tol = 1e-11 * u2
        added = False
        lam = smoothing
        while True:
            point = lam * centre + (1 - lam) * x
            weights = _unfold(point, N)
            tree = None
            if lam > 0:  # the fast bounded-height DP (eq. 2.2) first, as in the thesis
                cost, tree = best_bounded_tree(weights, height)
                if not is_search_tree(tree):
                    tree = None
            if tree is None:
                cost, tree = best_tree(weights)
                proven = max(proven, 2 * cost)  # a best reply's cost bounds V from below
            if 2 * cost > centre_bound:
                centre_bound, centre = 2 * cost, point
            if master.improves(tree, x, u2, tol) and master.add(tree):
                added = True
                for extra in extra_points:  # more columns per LP solve, from points nearer alpha
                    more_weights = _unfold(extra * lam * centre + (1 - extra * lam) * x, N)
                    _, more = best_bounded_tree(more_weights, height)
                    if is_search_tree(more) and master.improves(more, x, u2, tol):
                        master.add(more)
                break
            if lam == 0:
                break
            # mispricing: the centre has moved by a share (1 - lam) of the gap; go on from
            # there, and price at alpha itself once the gap is negligible
            if u2 - centre_bound < 1e-9 * u2:
                lam = 0.0
        upper.append(u2 / 2)
        lower.append(proven / 2)
        if added or master.settle():  # a new tree, or a basis the fresh inverse moved
            continue
        # no improving column in floating point at alpha itself: certify exactly
        exact = _exact_strategies(master, *master.basis()) or _exact_strategies(master, *master.support())
        if exact is not None:
            u2_exact, x_exact, y, tight = exact
            value = u2_exact / 2
            hider = _full_hider(x_exact, N)
            searcher = _full_searcher(master, y)
            reply_cost, reply = _best_tree(*_weights(hider))  # the solver's own call: no cost cap
            if reply_cost == value and alice_best_reply(N, searcher)[0] == value:
                # floating-point bounds that overshoot V by round-off are V's float: the bounds
                # stay on their sides of V and the lower one never falls
                v = float(value)
                upper = [max(b, v) for b in upper] + [v]
                lower = [min(b, v) for b in lower] + [v]
                return Solution(
                    N,
                    value,
                    tuple(hider),
                    tuple(searcher),
                    True,
                    tuple(upper),
                    tuple(lower),
                    iterations,
                    master.generated,
                    tuple(p + 1 for p in tight),
                )
            if reply_cost < value and master.add(reply):  # exact pricing found a better tree
                continue
        # the floating-point basis is not exactly optimal: tighten HiGHS and solve from scratch
        retries += 1
        if retries > 5 or isinstance(master, _ExactMaster):  # an exact optimum always passes
            raise RuntimeError(f"the exact check for N = {N} keeps failing")
        if isinstance(master, _DenseMaster):  # HiGHS takes over, with its tolerances
            master = master.to_highs()
            continue
        master.h.setOptionValue("primal_feasibility_tolerance", 1e-12)
        master.h.setOptionValue("dual_feasibility_tolerance", 1e-12)
        master.h.clearSolver()


def plain_rounds(N: int, price=best_tree, tol: float = 1e-9) -> list[tuple[float, float]]:
    """Plain delayed column generation (lesson III), in floating point: (upper, lower) per round.

    The unfolded restricted LP over the trees found so far is solved by ``linprog`` (HiGHS);
    Alice's distribution is its row duals, clipped at 0 and normalised; ``price`` (default
    ``best_tree``; any function of the weights returning ``(cost, depths)``, such as a
    bounded-height pricing) returns Bob's reply, whose cost is the round's lower bound. It
    stops when the lower bound comes within ``tol`` of the upper one. No stabilisation, no
    symmetry, no exact certificate: ``solve`` adds those.
    """
    N = check_size(N)
    trees = [price([1.0] * N)[1]]  # start: one balanced tree
    rounds: list[tuple[float, float]] = []
    while True:
        depths = np.array(trees, dtype=float).T  # N x |T|: depth of secret i in tree T
        lp = linprog(
            np.r_[np.zeros(len(trees)), 1.0],  # variables (y, u): minimise u
            A_ub=np.c_[depths, -np.ones(N)],  # Bob pays at most u for every secret
            b_ub=np.zeros(N),
            A_eq=np.r_[np.ones(len(trees)), 0.0][None, :],  # sum y = 1
            b_eq=[1.0],
            bounds=[(0, None)] * len(trees) + [(None, None)],
            method="highs",
        )
        alpha = np.maximum(-lp.ineqlin.marginals, 0)  # Alice's distribution: the duals
        lower, tree = price(alpha / alpha.sum())  # pricing: Bob's best reply to alpha
        rounds.append((float(lp.fun), float(lower)))
        if lower >= lp.fun - tol:  # the bounds meet: V(N)
            return rounds
        trees.append(tuple(tree))


def _is_exact(values: Sequence) -> bool:
    return all(isinstance(v, Rational) and not isinstance(v, bool) for v in values)


def _fold_weights(full: np.ndarray, P: int) -> np.ndarray:
    N = len(full)
    x = np.array([full[p] + full[N - 1 - p] if 2 * p + 1 != N else full[p] for p in range(P)])
    return x / x.sum()
