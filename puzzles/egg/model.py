"""The mathematics of egg dropping: functional equations, closed forms and exact DP tables.

Source: Moshe Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in Braunschweig and
Hong Kong", INFORMS Transactions on Education.

Conventions (as in the paper): ``n`` is the number of test eggs, ``k`` the size of the
interval of uncertainty (IOU), and a drop ``x`` is a *relative* position 1..k inside the IOU.
The critical height C of a problem of size k is one of the k + 1 values 0..k.

Two counting facts carry the whole module:

* ``max_size(n, t)`` = F(n, t) is the largest size that n eggs settle in t trials (its
  recursion and closed form are Exercise 12 of Lesson I), so W(n, k) is the least t with
  F(n, t) >= k (this is Sniedovich's Theorem 6 in other words);
* with Nom(n, k) = (k + 1) L(n, k), the Laplace equation (28) becomes an equation in
  integers, which Lesson IV solves in closed form.

Both facts are verified against the plain dynamic programme (``worst_case_table`` and
``laplace_table``) by the test suite.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from numbers import Rational
from typing import Literal

import numpy as np

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import exact as _exact
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _check_int

__all__ = [
    "max_size",
    "worst_case_trials",
    "worst_case_drops",
    "laplace_trials",
    "laplace_numerator",
    "laplace_drops",
    "one_egg_laplace",
    "expected_trials",
    "expected_drops",
    "rep",
    "laplace_rep",
    "first",
    "dif",
    "nature_response",
    "worst_case_table",
    "laplace_table",
    "DPTable",
]

NatureReply = Literal["break", "survive", "either"]

# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster):
MAX_SIZE_DIGITS = 60_000  # F(n, t), rep, First: answers of at most this many decimal digits
MAX_SIZE_TERMS = 10_000  # F(n, t) adds min(n, t) binomials; 10 000 terms of 60 000 digits: under 1 s
MAX_K_DIGITS = 1_000  # sizes k below 10**1000: W, L, X, Y, z in milliseconds for any n
TABLE_LARGEST_CELLS = 50_000  # (n_max + 1)(k_max + 1) entries of a DP table (100 x 500: about 1.5 s)
TABLE_LARGEST_WORK = 200_000_000  # n_max * k_max**2 comparisons of a DP table (2 x 10 000: about 1.3 s)
EXPECTED_LARGEST_WORK = 12_000_000  # min(n, H) * H**3 steps of the prior DP (2 x 183**3: about 2 s)


# ---------------------------------------------------------------------------
# input checks: every public function speaks to the student in one sentence


def _check_eggs(n: object) -> int:
    n = _check_int(n, "the number of eggs n")
    if n < 1:
        raise ValueError(f"n must be a positive number of eggs, got {n}")
    return n


def _check_size(k: object, *, allow_empty: bool = True) -> int:
    k = _check_int(k, "the size k of the interval of uncertainty")
    if k < 0:
        raise ValueError(f"k is the number of untested heights and cannot be negative, got {k}")
    if k == 0 and not allow_empty:
        raise ValueError("k = 0: the interval of uncertainty is empty, so there is no drop to choose")
    _cap(_digits(k), "the number of digits of k", MAX_K_DIGITS, "no building is that tall")
    return k


def _digits(value: int) -> int:
    """About how many decimal digits ``value`` has (without printing it)."""
    return int(value.bit_length() * 0.30103) + 1


def _check_index(j: object, what: str = "j") -> int:
    j = _check_int(j, what)
    if j < 1:
        raise ValueError(f"{what} counts trials and starts at 1, got {j}")
    return j


# ---------------------------------------------------------------------------
# worst case: W(n, k) and X(n, k)


def _size_digits(n: int, t: int) -> int:
    """About how many decimal digits F(n, t) has (an upper estimate, for the cost cap)."""
    if n <= 0 or t <= 0:
        return 1
    if n >= t:
        return t * 30103 // 100_000 + 1  # 2**t - 1 has t bits (integers: t may exceed any float)
    # C(t, n) <= (e t / n)**n, and n <= MAX_SIZE_TERMS here: the logarithms stay small floats
    bits = min(t, n * (math.log2(t) - math.log2(n) + math.log2(math.e)))
    return int(bits * 0.30103) + 1


def _check_size_cost(n: int, t: int, what: str, eggs: int | None = None) -> None:
    """Refuse an F(n, t) beyond the caps, naming ``what`` is being computed.

    ``eggs`` is the caller's own number of eggs when it differs from ``n`` (rep(j, n) sums
    F(n - 1, j - 1)): the cap of MAX_SIZE_TERMS is stated, and held, on the caller's n.
    """
    if 0 < n < t:
        _cap(
            n if eggs is None else eggs,
            f"the number of eggs n of {what} (a sum of binomial terms)",
            MAX_SIZE_TERMS,
            "with n >= t the sum is 2**t - 1; otherwise use fewer eggs",
        )
    _cap(
        _size_digits(n, t),
        f"the number of digits of {what}",
        MAX_SIZE_DIGITS,
        "it is a sum of binomial coefficients C(t, i); math.comb(t, i) gives any one of them, "
        "and worst_case_trials(n, k) works for any size k",
    )


def max_size(n: int, t: int) -> int:
    """F(n, t): the largest size that n eggs settle in t trials, by its closed form.

    How F(n, t) is found and solved is Exercise 12 of Lesson I. F(n, t) = 0 for t = 0 or n = 0.
    Serves answers of up to ``MAX_SIZE_DIGITS`` digits, summed from at most ``MAX_SIZE_TERMS``
    terms.
    """
    n = _check_int(n, "the number of eggs n", least=0)
    t = _check_int(t, "the number of trials t", least=0)
    _check_size_cost(n, t, "F(n, t)")
    return _max_size(n, t)


def _max_size(n: int, t: int) -> int:
    """F(n, t) without input checks."""
    if n <= 0 or t <= 0:
        return 0
    if n >= t:
        return (1 << t) - 1
    total, term = 0, 1
    for i in range(1, n + 1):
        term = term * (t - i + 1) // i
        total += term
    return total


def _trials(n: int, k: int) -> int:
    """W(n, k) without input checks; n = 0 with k > 0 is impossible (a huge sentinel)."""
    if k == 0:
        return 0
    if n == 0:
        raise OverflowError("no eggs left for a non-empty interval")
    if n == 1:
        return k
    if n >= k.bit_length():  # enough eggs for plain bisection: F(n, t) = 2**t - 1 for t <= n
        return k.bit_length()
    # F(n, t) <= 2**t - 1, so F(n, t) < k for t = bit_length(k) - 1; gallop up, then bisect.
    low = k.bit_length() - 1
    step = 1
    high = low + step
    while _max_size(n, high) < k:
        low = high
        step *= 2
        high = low + step
    while high - low > 1:  # F(n, low) < k <= F(n, high)
        middle = (low + high) // 2
        if _max_size(n, middle) >= k:
            high = middle
        else:
            low = middle
    return high


def worst_case_trials(n: int, k: int) -> int:
    """W(n, k): Sniedovich eq. (17), the least number of trials that settles any C.

    Computed in closed form (Theorem 6); works for any size k.

    >>> worst_case_trials(2, 100)  # two eggs, a 100-storey building
    14
    >>> worst_case_trials(3, 10**30)  # closed form: no table needed
    18171205929
    """
    n, k = _check_eggs(n), _check_size(k)
    return _trials(n, k)


def _worst_case_interval(n: int, k: int) -> tuple[int, int]:
    t = _trials(n, k)
    low = max(1, k - _max_size(n, t - 1))
    high = min(k, _max_size(n - 1, t - 1) + 1)
    return low, high


def worst_case_drops(n: int, k: int) -> range:
    """X(n, k): Sniedovich eq. (19), every optimal first drop (relative positions) as a range.

    >>> worst_case_drops(2, 36)  # two eggs, 36 storeys: only storey 8
    range(8, 9)
    """
    n, k = _check_eggs(n), _check_size(k, allow_empty=False)
    low, high = _worst_case_interval(n, k)
    return range(low, high + 1)


# ---------------------------------------------------------------------------
# rep(j, n), First(j, n), REP(j, n), Dif(j, n)


def rep(j: int, n: int) -> int:
    """rep(j, n): how often j appears in (W(n,1), W(n,2), ...); Sniedovich Table 7, eq. (29)-(34)."""
    j, n = _check_index(j), _check_eggs(n)
    _check_size_cost(n - 1, j - 1, "rep(j, n)", eggs=n)
    return _max_size(n - 1, j - 1) + 1


def first(j: int, n: int) -> int:
    """First(j, n): the least size k with W(n, k) = j; Sniedovich Lemma 17, eq. (39)."""
    j, n = _check_index(j), _check_eggs(n)
    _check_size_cost(n, j - 1, "First(j, n)")
    return _max_size(n, j - 1) + 1


def dif(j: int, n: int) -> int:
    """Dif(j, n) = Nom(n, j) - Nom(n, j-1): Sniedovich Table 9, the step of the Laplace numerator."""
    j, n = _check_index(j), _check_eggs(n)
    _cap(_digits(j), "the number of digits of j", MAX_K_DIGITS, "no building is that tall")
    return 1 + _trials(n, j)


def laplace_rep(j: int, n: int) -> int:
    """REP(j, n): how often j appears in (Dif(1,n), Dif(2,n), ...); Sniedovich Table 10.

    How REP relates to rep is Exercise 6 of Lesson IV.
    """
    j, n = _check_index(j), _check_eggs(n)
    if j > 1:
        _check_size_cost(n - 1, j - 2, "REP(j, n)", eggs=n)
    return 0 if j == 1 else rep(j - 1, n)


# ---------------------------------------------------------------------------
# Laplace's scenario: L(n, k) and Y(n, k)


def one_egg_laplace(k: int) -> Fraction:
    """L(1, k): Sniedovich eq. (10) (Lemma 2), the expected number of trials with one egg when C
    is uniform on 0..k, exactly."""
    k = _check_size(k)
    return Fraction(k, 2) + Fraction(k, k + 1)


def _sum_of_trials(n: int, k: int) -> int:
    """W(n, 1) + ... + W(n, k) in closed form, for any size k.

    The derivation is the worked solution of Exercise 7 (notebooks/egg/04-laplace-many-eggs.ipynb).
    """
    if k == 0:
        return 0
    j = _trials(n, k)
    return j * (k + 1) - _max_size(n + 1, j)


def laplace_numerator(n: int, k: int) -> int:
    """Nom(n, k) = (k + 1) L(n, k): the total number of trials over the k + 1 values of C, an
    integer, computed in closed form for any size k."""
    n, k = _check_eggs(n), _check_size(k)
    return k + _sum_of_trials(n, k)


def laplace_trials(n: int, k: int) -> Fraction:
    """L(n, k): Sniedovich eq. (28), the least expected number of trials when C is uniform on 0..k.

    >>> print(laplace_trials(2, 10))
    40/11
    >>> laplace_drops(2, 10)
    range(4, 5)
    """
    n, k = _check_eggs(n), _check_size(k)
    return Fraction(k + _sum_of_trials(n, k), k + 1)


def laplace_drops(n: int, k: int) -> range:
    """Y(n, k): every optimal first drop under Laplace's scenario, as a range, computed in closed
    form for any size k (the closed form is Exercise 8 of Lesson IV)."""
    n, k = _check_eggs(n), _check_size(k, allow_empty=False)
    t = _trials(n, k)
    low = max(_max_size(n - 1, t - 2) + 1, k - _max_size(n, t - 1))
    high = min(_max_size(n - 1, t - 1) + 1, k - _max_size(n, t - 2))
    return range(low, high + 1)


# ---------------------------------------------------------------------------
# Mother Nature (Lemma 19)


def nature_response(n: int, k: int, x: int) -> NatureReply:
    """z(n, k, x): Mother Nature's optimal reply under the worst case, Sniedovich Lemma 19.

    "break" when W(n-1, x-1) > W(n, k-x), "survive" when it is smaller, "either" on a tie.
    With one egg left, a drop above the lowest untested height is answered with "break":
    the DM then has no egg to tell the heights below apart.
    """
    n, k = _check_eggs(n), _check_size(k, allow_empty=False)
    x = _check_int(x, "the drop x")
    if not 1 <= x <= k:
        raise ValueError(f"the drop x must be a position inside the interval, 1..{k}, got {x}")
    if n == 1 and x > 1:
        return "break"
    broken, survived = _trials(n - 1, x - 1), _trials(n, k - x)
    if broken > survived:
        return "break"
    if broken < survived:
        return "survive"
    return "either"


# ---------------------------------------------------------------------------
# the expected-value scenario with any prior: A(n, H, 1), eq. (27)


def _check_prior(prior: Sequence[Rational]) -> list[Fraction]:
    try:
        weights = _sequence(prior, "the prior (one weight for each C = 0..H)")
    except ValueError:
        raise ValueError("the prior must be a list of weights, one for each C = 0..H") from None
    if not weights:
        raise ValueError("the prior is empty: give one weight for each possible C = 0..H")
    exact = []
    for c, w in enumerate(weights):
        w = _exact(w, f"the weight of C = {c}")  # numpy integers become Python ints
        if w <= 0:
            raise ValueError(f"every weight must be positive, but the weight of C = {c} is {w}")
        exact.append(Fraction(w))
    return exact


def _expected_dp(n: int, weights: list[Fraction]) -> tuple[int, list[int], int]:
    """Total weighted trials and the optimal first drops; weights scaled to integers."""
    scale = lcm(*(w.denominator for w in weights))
    w = [int(v * scale) for v in weights]
    size = len(w) - 1  # H
    n = min(n, max(size, 1))  # H drops break at most H eggs: more eggs change nothing
    prefix = [0]
    for v in w:
        prefix.append(prefix[-1] + v)

    infinity = prefix[-1] * (size + 2) + 1  # above any total (at most H trials each): an int, never a float
    # cost[a][b]: total weighted trials that settle C in {a..b} (heights a+1..b untested)
    previous = [[0 if a == b else infinity for b in range(size + 1)] for a in range(size + 1)]
    first_drops: list[int] = []
    for eggs in range(1, n + 1):
        current = [[0] * (size + 1) for _ in range(size + 1)]
        for length in range(1, size + 1):
            for a in range(0, size - length + 1):
                b = a + length
                best, arg = infinity, []
                for x in range(1, length + 1):  # drop from height a + x
                    value = previous[a][a + x - 1] + current[a + x][b]
                    if value < best:
                        best, arg = value, [x]
                    elif value == best:
                        arg.append(x)
                current[a][b] = prefix[b + 1] - prefix[a] + best
                if eggs == n and a == 0 and b == size:
                    first_drops = arg
        previous = current
    return previous[0][size], first_drops, scale


def expected_trials(n: int, prior: Sequence[Rational]) -> Fraction:
    """A(n, H, 1): Sniedovich eq. (27), the least expected number of trials under a prior.

    ``prior`` gives positive weights (ints or Fractions) for C = 0, 1, ..., H, so
    H = len(prior) - 1; the weights need not sum to 1. O(n H^3) exact arithmetic.
    """
    n, weights = _check_eggs(n), _check_prior(prior)
    _check_expected_cost(n, weights)
    total, _, scale = _expected_dp(n, weights)
    return Fraction(total, scale) / sum(weights)


def _check_expected_cost(n: int, weights: list[Fraction]) -> None:
    H = len(weights) - 1
    alternative = (
        "for a uniform prior, laplace_trials(n, H) and laplace_drops(n, H) are closed forms for any H"
    )
    _cap(
        min(n, max(H, 1)) * H**3,
        f"min(n, H) * H**3 for H = {H} and n = {n}",
        EXPECTED_LARGEST_WORK,
        alternative,
    )
    # the DP adds integers as long as the weights' common denominator: long ones cost in proportion
    scale = lcm(*(w.denominator for w in weights))
    bits = (sum(w.numerator * (scale // w.denominator) for w in weights) * (H + 2)).bit_length()
    _cap(
        min(n, max(H, 1)) * H**3 * (1 + bits // 64),
        "the work of the DP, min(n, H) * H**3 times the 64-bit words of the scaled weights",
        EXPECTED_LARGEST_WORK,
        "give the weights with shorter denominators (Fraction.limit_denominator), or fewer heights",
    )


def expected_drops(n: int, prior: Sequence[Rational]) -> tuple[int, ...]:
    """The optimal first drops (heights 1..H) of eq. (27) under a prior over C = 0..H."""
    n, weights = _check_eggs(n), _check_prior(prior)
    _check_expected_cost(n, weights)
    if len(weights) == 1:
        return ()
    return tuple(_expected_dp(n, weights)[1])


# ---------------------------------------------------------------------------
# the plain dynamic programme, whole tables at once (numpy, exact integers)

_NEVER = np.iinfo(np.int64).max // 4  # stands for "impossible" (no egg left, heights left)


@dataclass(frozen=True)
class DPTable:
    """Values and optimal first drops for n = 1..n_max, k = 0..k_max from a functional equation.

    ``value[n, k]`` is W(n, k) for the worst case and Nom(n, k) = (k+1) L(n, k) for Laplace;
    ``drops[n][k]`` is X(n, k) or Y(n, k) as a range (empty for k = 0).
    """

    value: np.ndarray
    drops: list[list[range]]

    def __post_init__(self) -> None:
        value, drops = self.value, self.drops
        if not (isinstance(value, np.ndarray) and value.ndim == 2 and np.issubdtype(value.dtype, np.integer)):
            raise ValueError(
                "a DPTable holds a 2-D numpy array of whole numbers (its value) and the lists of "
                f"optimal drops; worst_case_table(n_max, k_max) and laplace_table(n_max, k_max) build one, "
                f"got value={_shown(value)}"
            )
        rows, columns = value.shape
        if (
            rows < 2
            or not isinstance(drops, list)
            or len(drops) != rows
            or any(not isinstance(row, list) or len(row) != columns for row in drops)
            or any(not isinstance(x, range) for row in drops for x in row)
        ):
            raise ValueError(
                f"a DPTable's drops must be {rows} lists of {columns} ranges, one per entry of its value; "
                "worst_case_table(n_max, k_max) and laplace_table(n_max, k_max) build one, "
                f"got {_shown(drops)}"
            )

    @property
    def n_max(self) -> int:
        """The largest number of eggs in the table."""
        return self.value.shape[0] - 1

    @property
    def k_max(self) -> int:
        """The largest size in the table."""
        return self.value.shape[1] - 1

    def fraction(self, n: int, k: int) -> Fraction:
        """L(n, k) = Nom(n, k) / (k + 1) (meaningful for a Laplace table), for 1 <= n <= n_max
        and 0 <= k <= k_max."""
        n = _check_int(n, "the number of eggs n", least=1)
        k = _check_int(k, "the size k", least=0)
        if n > self.n_max or k > self.k_max:
            raise ValueError(
                f"this table holds n = 1..{self.n_max} and k = 0..{self.k_max}, not (n, k) = ({n}, {k}); "
                "laplace_trials(n, k) gives any single entry"
            )
        return Fraction(int(self.value[n, k]), k + 1)


def _as_range(positions: np.ndarray) -> range:
    low, high = int(positions[0]) + 1, int(positions[-1]) + 1
    if high - low + 1 != len(positions):
        raise AssertionError(f"optimal drops are not an interval: {list(positions + 1)}")
    return range(low, high + 1)


def _solve_table(n_max: int, k_max: int, laplace: bool) -> DPTable:
    n_max, k_max = _check_eggs(n_max), _check_size(k_max)
    closed = (
        "laplace_trials(n, k) and laplace_drops(n, k)"
        if laplace
        else "worst_case_trials(n, k) and worst_case_drops(n, k)"
    )
    alternative = f"{closed} give single entries for any k in closed form"
    _cap(
        (n_max + 1) * (k_max + 1),
        "the number of table entries (n_max + 1)(k_max + 1)",
        TABLE_LARGEST_CELLS,
        alternative,
    )
    _cap(n_max * k_max**2, "the work n_max * k_max**2 of the table", TABLE_LARGEST_WORK, alternative)
    value = np.zeros((n_max + 1, k_max + 1), dtype=np.int64)
    value[0, 1:] = _NEVER
    drops: list[list[range]] = [[range(0)] * (k_max + 1)]
    for n in range(1, n_max + 1):
        below, here = value[n - 1], value[n]
        row = [range(0)]
        for k in range(1, k_max + 1):
            broken = below[:k]  # x = 1..k  ->  x - 1 = 0..k-1
            survived = here[k - 1 :: -1] if k > 0 else here[:0]  # k - x = k-1..0
            if laplace:
                candidates = np.minimum(broken + survived, _NEVER)
                best = candidates.min()
                here[k] = k + 1 + best
            else:
                candidates = np.maximum(broken, survived)
                best = candidates.min()
                here[k] = 1 + best
            row.append(_as_range(np.flatnonzero(candidates == best)))
        drops.append(row)
    return DPTable(value=value, drops=drops)


def worst_case_table(n_max: int, k_max: int) -> DPTable:
    """W(n, k) and X(n, k) for n <= n_max, k <= k_max by the DP (17)/(19), vectorised over x."""
    return _solve_table(n_max, k_max, laplace=False)


def laplace_table(n_max: int, k_max: int) -> DPTable:
    """Nom(n, k) = (k+1) L(n, k) and Y(n, k) by the DP (28), multiplied through by k + 1.

    (k+1) L(n,k) = (k+1) + min_x [x L(n-1,x-1) + (k+1-x) L(n,k-x)], and x L(n-1, x-1) is
    Nom(n-1, x-1): the equation becomes Nom(n,k) = k+1 + min_x [Nom(n-1,x-1) + Nom(n,k-x)],
    exact in integers.
    """
    return _solve_table(n_max, k_max, laplace=True)
