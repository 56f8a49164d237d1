"""Student-shaped wrong answers of the higher-lower checks (see the package's docstring).

The shapes of Exercise 7 (check ``higher-lower-5``) price with a best-tree DP of their own, where
a student calls the package's ``best_tree``: a shape must run where the unit is closed.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import numpy as np

from . import shape

# -- 1. trees with at most h levels -----------------------------------------------------------------


@cache
def _within(N, h):
    if N == 0:
        return 1
    if h == 0:
        return 0
    return sum(_within(a - 1, h - 1) * _within(N - a, h - 1) for a in range(1, N + 1))


def _catalan(N):
    return math.comb(2 * N, N) // (N + 1)


def _listed(lo, hi):
    if lo > hi:
        yield ()
        return
    for root in range(lo, hi + 1):
        for left in _listed(lo, root - 1):
            for right in _listed(root + 1, hi):
                yield tuple(d + 1 for d in left) + (1,) + tuple(d + 1 for d in right)


@shape("higher-lower-1", "search then formula")
def trees_listed_then_catalan(N, h):
    """Lists every tree up to N = 10, and beyond counts all Catalan(N) trees once h >= N // 2,
    as if half as many levels held every tree."""
    if N <= 10:
        return sum(1 for tree in _listed(1, N) if max(tree, default=0) <= h)
    return _catalan(N) if h >= N // 2 else _within(N, h)


@shape("higher-lower-1", "off by one")
def trees_catalan_from_n_minus_one_levels(N, h):
    """Beyond the listed sizes, counts every tree once h >= N - 1, forgetting the 2^(N-1) chains
    that need all N levels."""
    if N > 10 and h >= N - 1:
        return _catalan(N)
    return _within(N, h)


@shape("higher-lower-1", "off by one")
def trees_below_h_levels(N, h):
    """Counts the trees with fewer than h levels: "within h" read as strictly below."""
    return _within(N, h - 1) if h >= 1 else 0


_BY_SIZE: dict = {}


@shape("higher-lower-1", "partial cache")
def trees_memoised_on_the_size(N, h):
    """The recurrence with a memo keyed on N alone and kept between calls: another h for the same
    N gets the first count."""
    if N not in _BY_SIZE:
        _BY_SIZE[N] = _within(N, h)
    return _BY_SIZE[N]


@shape("higher-lower-1", "float")
def trees_catalan_with_a_slash(N, h):
    """Counts with the recurrence, but once h >= N every tree fits and it returns
    comb(2N, N) / (N + 1), a float."""
    if h >= N:
        return math.comb(2 * N, N) / (N + 1)
    return _within(N, h)


# -- 2. is a vector of depths a search tree? ---------------------------------------------------------


@shape("higher-lower-2", "small inputs only")
def is_tree_recursive(depths):
    """The right test, written as a recursion on intervals: a chain of 2000 keys nests 2000 calls,
    past Python's limit."""
    d = list(depths)

    def ok(lo, hi, level):
        if lo >= hi:
            return True
        part = d[lo:hi]
        if min(part) != level or part.count(level) != 1:
            return False
        root = lo + part.index(level)
        return ok(lo, root, level + 1) and ok(root + 1, hi, level + 1)

    return ok(0, len(d), 1)


@shape("higher-lower-2", "wrong model")
def is_tree_by_level_counts(depths):
    """Kraft-style counting: one key at depth 1 and at most 2^(k-1) at depth k, whatever their order."""
    d = list(depths)
    if not d or d.count(1) != 1 or min(d) < 1:
        return False
    return all(d.count(k) <= 2 ** (k - 1) for k in set(d))


@shape("higher-lower-2", "wrong model")
def is_tree_by_neighbours(depths):
    """One root, and neighbouring keys at different depths: (2, 1, 3) passes."""
    d = list(depths)
    if not d or d.count(1) != 1 or min(d) < 1 or max(d) > len(d):
        return False
    return all(a != b for a, b in zip(d, d[1:], strict=False))


@shape("higher-lower-2", "wrong model")
def is_tree_skipping_levels(depths):
    """Each interval's shallowest key must be unique, but may sit below the level its parent asks
    (a child two levels down passes)."""
    d = list(depths)
    stack = [(0, len(d), 1)]
    while stack:
        lo, hi, level = stack.pop()
        if lo >= hi:
            continue
        part = d[lo:hi]
        low = min(part)
        if low < level or part.count(low) != 1:
            return False
        root = lo + part.index(low)
        stack += [(lo, root, low + 1), (root + 1, hi, low + 1)]
    return True


# -- 3. Alice's distribution for N = 3 ---------------------------------------------------------------

shape("higher-lower-3", "float", "alice3 in floats")([0.4, 0.2, 0.4])
shape("higher-lower-3", "wrong model", "alice3 uniform")([Fraction(1, 3)] * 3)
shape("higher-lower-3", "wrong model", "alice3 at the ends")([Fraction(1, 2), Fraction(0), Fraction(1, 2)])


# -- 4. a tree of least weighted depth ---------------------------------------------------------------


def _depths_from_roots(N, root_of):
    depths, stack = [0] * N, [(1, N, 1)]
    while stack:
        a, b, depth = stack.pop()
        if a <= b:
            r = root_of(a, b)
            depths[r - 1] = depth
            stack += [(a, r - 1, depth + 1), (r + 1, b, depth + 1)]
    return tuple(depths)


@shape("higher-lower-4", "greedy")
def optimal_tree_heaviest_root(weights):
    """Puts the heaviest key of every interval at its root (the lowest on ties): greedy, not the
    DP (2.1)."""
    w = list(weights)
    return _depths_from_roots(len(w), lambda a, b: max(range(a, b + 1), key=lambda r: (w[r - 1], -r)))


@shape("higher-lower-4", "greedy")
def optimal_tree_weighted_median(weights):
    """Roots every interval at its weighted median, splitting the weight in halves: greedy."""
    w = list(weights)

    def median(a, b):
        total, running = sum(w[a - 1 : b]), 0
        for r in range(a, b + 1):
            running += w[r - 1]
            if 2 * running >= total:
                return r
        return b

    return _depths_from_roots(len(w), median)


@shape("higher-lower-4", "off by one")
def optimal_tree_never_rooted_at_the_last_key(weights):
    """The DP (2.1) with roots r in range(a, b): the last key of an interval is never its root."""
    w, N = list(weights), len(weights)
    E, root = {}, {}

    def cost(a, b):
        return 0 if a > b else E[a, b]

    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            choices = range(a, b) if b > a else range(a, b + 1)
            root[a, b] = min(choices, key=lambda r: cost(a, r - 1) + cost(r + 1, b))
            E[a, b] = cost(a, root[a, b] - 1) + cost(root[a, b] + 1, b) + sum(w[a - 1 : b])
    return _depths_from_roots(N, lambda a, b: root[a, b])


@shape("higher-lower-4", "wrong model")
def optimal_tree_balanced(weights):
    """The balanced tree (middle key at every root), whatever the weights: the tree for uniform weights."""
    return _depths_from_roots(len(weights), lambda a, b: (a + b) // 2)


# -- 5. the column-generation loop (Exercise 7) ---------------------------------------------------------


def _best_tree(weights):
    """(least sum of w_i depth_i, its depth vector): the interval DP of lesson III, in floats."""
    N = len(weights)
    prefix = np.concatenate([[0.0], np.cumsum(np.asarray(weights, dtype=float))])
    E, root = {}, {}
    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            best = None
            for r in range(a, b + 1):
                c = E.get((a, r - 1), 0.0) + E.get((r + 1, b), 0.0)
                if best is None or c < best[0] - 1e-15:
                    best = (c, r)
            E[a, b], root[a, b] = best[0] + prefix[b] - prefix[a - 1], best[1]
    return E[1, N], _depths_from_roots(N, lambda a, b: root[a, b])


def restricted_lp(trees, N):
    """The restricted master LP of lesson III over ``trees`` (variables: their weights y and Bob's
    payment u; minimise u with every secret's expected depth at most u), by HiGHS."""
    from scipy.optimize import linprog

    depths = np.array(trees, dtype=float).T
    return linprog(
        np.r_[np.zeros(len(trees)), 1.0],
        A_ub=np.c_[depths, -np.ones(N)],
        b_ub=np.zeros(N),
        A_eq=np.r_[np.ones(len(trees)), 0.0][None, :],
        b_eq=[1.0],
        bounds=[(0, None)] * len(trees) + [(None, None)],
        method="highs",
    )


def _loop(N, tol=1e-9, rounds_at_most=200, price=None):
    price = price or _best_tree
    trees = [price([1.0] * N)[1]]
    rounds = []
    while len(rounds) < rounds_at_most:
        lp = restricted_lp(trees, N)
        alpha = np.maximum(-lp.ineqlin.marginals, 0)
        lower, tree = price(alpha / alpha.sum())
        rounds.append((lp.fun, lower, trees[-1]))
        if lower >= lp.fun - tol:
            break
        trees.append(tree)
    return rounds


@shape("higher-lower-5", "off by one")
def column_generation_one_round_short(N):
    """The loop, but it drops the round at which the bounds meet: its last round still has a gap."""
    rounds = _loop(N)
    return rounds[:-1] or rounds


@shape("higher-lower-5", "off by one")
def column_generation_without_the_first_round(N):
    """Drops the first round (the start tree's), as if the loop began after one pricing."""
    rounds = _loop(N)
    return rounds[1:] or rounds


@shape("higher-lower-5", "float")
def column_generation_loose_tolerance(N):
    """Stops once the bounds are within 0.05, a tolerance far looser than the 1e-6 asked."""
    return _loop(N, tol=0.05)


@shape("higher-lower-5", "wrong model")
def column_generation_without_the_trees(N):
    """Returns the pairs (upper, lower) of the rounds without the trees that entered the LP."""
    return [(upper, lower) for upper, lower, _ in _loop(N)]


@shape("higher-lower-5", "wrong model")
def column_generation_priced_on_counts(N):
    """Prices every round against a weight of 1 on each secret, not Alice's distribution: its
    "lower bound" is the total depth of a balanced tree, far above V(N)."""
    return _loop(N, rounds_at_most=30, price=lambda alpha: _best_tree([1.0] * N))


@shape("higher-lower-5", "wrong model")
def column_generation_lower_bound_as_upper(N):
    """Reports each round as (lower, upper, tree), the bounds the wrong way round."""
    return [(lower, upper, tree) for upper, lower, tree in _loop(N)]


# -- 6. Johnson's stretches --------------------------------------------------------------------------


def _stretches(sizes, fails):
    stretches = []
    for N in sizes:
        if not fails(N):
            continue
        if stretches and stretches[-1][1] == N - 1:
            stretches[-1] = (stretches[-1][0], N)
        else:
            stretches.append((N, N))
    return stretches


@shape("higher-lower-6", "float")
def johnson_compared_in_floats(hider):
    """Compares float(a_1) with 2 * float(a_2): a gap smaller than a float can see passes as equal."""
    return _stretches(sorted(hider), lambda N: N >= 7 and float(hider[N][0]) != 2 * float(hider[N][1]))


@shape("higher-lower-6", "off by one")
def johnson_from_eight(hider):
    """Starts at N > 7: the size 7 is left out."""
    return _stretches(sorted(hider), lambda N: N > 7 and hider[N][0] != 2 * hider[N][1])


@shape("higher-lower-6", "wrong model")
def johnson_across_missing_sizes(hider):
    """Joins two failing sizes whenever no size between them is in the dictionary and passing:
    a missing size does not end the run."""
    stretches, last = [], None
    for N in sorted(hider):
        if N < 7:
            continue
        if hider[N][0] != 2 * hider[N][1]:
            if stretches and last == stretches[-1][1]:
                stretches[-1] = (stretches[-1][0], N)
            else:
                stretches.append((N, N))
        last = N
    return stretches


@shape("higher-lower-6", "wrong model")
def johnson_in_the_dictionarys_order(hider):
    """Walks the sizes in the dictionary's own order, not sorted: runs break where the order jumps."""
    return _stretches(list(hider), lambda N: N >= 7 and hider[N][0] != 2 * hider[N][1])


# -- 21. bisection against Alice's distribution (Exercise 3b) ---------------------------------------


def _bisection(alpha, middle=lambda low, high: (low + high) // 2, first=1):
    def cost(low, high, depth):
        if low > high:
            return Fraction(0)
        guess = middle(low, high)
        return (
            depth * Fraction(alpha[guess - 1])
            + cost(low, guess - 1, depth + 1)
            + cost(guess + 1, high, depth + 1)
        )

    return cost(1, len(alpha), first)


@shape("higher-lower-21", "off by one")
def bisection_upper_middle(alpha):
    """Guesses the upper of the two middles of an interval with an even number of keys."""
    return _bisection(alpha, middle=lambda low, high: (low + high + 1) // 2)


@shape("higher-lower-21", "off by one")
def bisection_without_the_correct_guess(alpha):
    """Counts the guesses before the correct one: the root costs 0."""
    return _bisection(alpha, first=0)


@shape("higher-lower-21", "float")
def bisection_in_floats(alpha):
    """The right sum in floating point."""
    return float(_bisection(alpha))


@shape("higher-lower-21", "wrong model")
def bisection_worst_case(alpha):
    """Bisection's worst case, floor(log2 N) + 1 guesses, as if every secret needed it."""
    return Fraction(len(alpha).bit_length())


@shape("higher-lower-21", "wrong model")
def bisection_against_the_uniform_distribution(alpha):
    """Averages bisection's guesses over the secrets, ignoring Alice's probabilities."""
    N = len(alpha)
    return _bisection([Fraction(1, N)] * N)


@shape("higher-lower-21", "greedy")
def bisection_halving_the_probability(alpha):
    """Guesses where the probability, not the interval, is halved: a weighted median, not bisection."""

    def median(low, high):
        total, running = sum(Fraction(a) for a in alpha[low - 1 : high]), Fraction(0)
        for key in range(low, high + 1):
            running += Fraction(alpha[key - 1])
            if 2 * running >= total:
                return key
        return (low + high) // 2

    return _bisection(alpha, middle=median)


@shape("higher-lower-21", "float")
def bisection_float_sum_rounded_back(alpha):
    """Sums in floating point, then rounds back with Fraction(s).limit_denominator(): right while the
    denominators are small, wrong for weights up to 10**6 on N = 1000."""
    depths = [0] * len(alpha)
    stack = [(1, len(alpha), 1)]
    while stack:
        low, high, depth = stack.pop()
        if low > high:
            continue
        middle = (low + high) // 2
        depths[middle - 1] = depth
        stack += [(low, middle - 1, depth + 1), (middle + 1, high, depth + 1)]
    total = sum(float(a) * d for a, d in zip(alpha, depths, strict=True))
    return Fraction(total).limit_denominator()


# -- 22. reading a basis (Exercise 4a) -------------------------------------------------------------


def _reading(A, basis, inverse, *, x_sign=-1, y_from="column", y_place="column", slack=False):
    n, m = len(A[0]), len(A)
    x = [x_sign * Fraction(entry) for entry in inverse[0][1:]]
    y = [Fraction(0)] * (n + m if slack else n)
    for k, j in enumerate(basis):
        if 1 <= j <= (n + m if slack else n):
            weight = Fraction(inverse[k][0]) if y_from == "column" else Fraction(inverse[0][k])
            y[(j if y_place == "column" else k) - 1] = weight
    return x, y, Fraction(inverse[0][0])


@shape("higher-lower-22", "wrong model")
def reading_x_without_the_minus_sign(A, basis, inverse):
    """Reads Alice's x as R0's entries after the first, without the minus sign of (1.12)."""
    return _reading(A, basis, inverse, x_sign=1)


@shape("higher-lower-22", "wrong model")
def reading_y_from_the_first_row(A, basis, inverse):
    """Reads Bob's weights from the row R0 instead of the column C0."""
    return _reading(A, basis, inverse, y_from="row")


@shape("higher-lower-22", "off by one")
def reading_y_at_basis_positions(A, basis, inverse):
    """Puts the weight of the basis's k-th column at y_k, not at the column's own number."""
    return _reading(A, basis, inverse, y_place="position")


@shape("higher-lower-22", "wrong model")
def reading_y_with_the_slack_columns(A, basis, inverse):
    """Lists weights for all n + m columns of G, the slack columns U_i included."""
    return _reading(A, basis, inverse, slack=True)


@shape("higher-lower-22", "float")
def reading_in_floats(A, basis, inverse):
    """The right reading, with the value in floating point."""
    x, y, value = _reading(A, basis, inverse)
    return x, y, float(value)


@shape("higher-lower-22", "wrong model")
def reading_x_by_negating_the_first_row_in_place(A, basis, inverse):
    """Negates R0 in the caller's inverse to read x (against "leave the arguments unchanged"):
    a second call on the same lists gives x with the wrong sign."""
    n, m = len(A[0]), len(A)
    row = inverse[0]
    for k in range(1, m + 1):
        row[k] = -row[k]
    y = [Fraction(0)] * n
    for k, j in enumerate(basis):
        if 1 <= j <= n:
            y[j - 1] = Fraction(inverse[k][0])
    return [Fraction(entry) for entry in row[1:]], y, Fraction(row[0])


# -- 7. one iteration of Dresher's method (Exercise 4) ---------------------------------------------------


def _dresher(A, basis, inverse, *, entering="largest", ratio="divided", update="right", leaving="column"):
    m, n = len(A), len(A[0])

    def column(j):
        if j == 0:
            return [0] + [-1] * m
        if j <= n:
            return [1] + [A[i][j - 1] for i in range(m)]
        return [int(i == j - n) for i in range(m + 1)]

    def times(row, vector):
        return sum(Fraction(r) * p for r, p in zip(row, vector, strict=True))

    scores = [times(inverse[0], column(j)) for j in range(1, n + m + 1)]
    if max(scores) <= 0:
        return None
    if entering == "largest":
        s = scores.index(max(scores)) + 1
    else:
        s = next(j for j, score in enumerate(scores, start=1) if score > 0)
    v = [times(row, column(s)) for row in inverse]
    candidates = [i for i in range(1, m + 1) if v[i] > 0]
    if ratio == "divided":
        r = min(candidates, key=lambda i: [Fraction(x) / v[i] for x in inverse[i]])
    elif ratio == "float":
        r = min(candidates, key=lambda i: [float(x) / float(v[i]) for x in inverse[i]])
    elif ratio == "first three":
        r = min(candidates, key=lambda i: [Fraction(x) / v[i] for x in inverse[i]][:3])
    else:
        r = min(candidates, key=lambda i: [Fraction(inverse[i][0]) / v[i], *inverse[i][1:]])
    scale = [Fraction(x) / v[r] for x in inverse[r]]
    if update == "misprinted":
        new = [
            [v[i] * x for x in scale]
            if i == r
            else [x - v[i] * y for x, y in zip(inverse[i], scale, strict=True)]
            for i in range(m + 1)
        ]
    else:
        new = [
            scale if i == r else [x - v[i] * y for x, y in zip(inverse[i], scale, strict=True)]
            for i in range(m + 1)
        ]
    if update == "float":
        new = [[float(x) for x in row] for row in new]
    return s, (basis[r] if leaving == "column" else r), new


@shape("higher-lower-7", "wrong model")
def dresher_step_undivided_tie_break(A, basis, inverse):
    """Divides only the first entry by v_i in the ratio test (1.16); the later entries that break
    a tie are compared undivided."""
    return _dresher(A, basis, inverse, ratio="undivided")


@shape("higher-lower-7", "float")
def dresher_step_ratio_test_in_floats(A, basis, inverse):
    """Compares the rows R_i / v_i of the lexicographic rule (1.16) in floating point: an exact tie
    of the first entries (2/3 as 4/5 / (6/5) and as 38/5 / (57/5)) rounds apart, and the wrong row
    leaves."""
    return _dresher(A, basis, inverse, ratio="float")


@shape("higher-lower-7", "small inputs only")
def dresher_step_ratio_test_on_three_entries(A, basis, inverse):
    """Compares only the first three entries of R_i / v_i in the lexicographic rule (1.16): right
    while a tie ends by the third entry, wrong on five rows where the fourth decides."""
    return _dresher(A, basis, inverse, ratio="first three")


@shape("higher-lower-7", "greedy")
def dresher_step_first_positive_score(A, basis, inverse):
    """Enters the first column with a positive score (Bland's rule), not the largest score (1.14)."""
    return _dresher(A, basis, inverse, entering="first")


@shape("higher-lower-7", "off by one")
def dresher_step_leaving_row(A, basis, inverse):
    """Returns the leaving row's position r instead of its column basis[r]."""
    return _dresher(A, basis, inverse, leaving="row")


@shape("higher-lower-7", "wrong model")
def dresher_step_misprinted_update(A, basis, inverse):
    """Updates the pivot row as the thesis prints (1.18), scaled by v_i / v_r."""
    return _dresher(A, basis, inverse, update="misprinted")


@shape("higher-lower-7", "float")
def dresher_step_float_inverse(A, basis, inverse):
    """The right step with the new inverse in floats."""
    return _dresher(A, basis, inverse, update="float")


@shape("higher-lower-7", "wrong model")
def dresher_step_updates_the_callers_inverse(A, basis, inverse):
    """The right step, but the new inverse is written into the caller's rows (R = inverse, no
    copy) and that same list returned: the caller's B^-1 is lost."""
    step = _dresher(A, basis, inverse)
    if step is None:
        return None
    entering, leaving, new = step
    inverse[:] = new
    return entering, leaving, inverse


@shape("higher-lower-7", "wrong model")
def dresher_step_appends_the_slack_columns_to_A(A, basis, inverse):
    """The right step on G built by appending the slack columns U_i to the caller's rows of A,
    in place: the next call on the same A sees more columns."""
    m = len(A)
    for i, row in enumerate(A):
        row += [int(k == i) for k in range(m)]
    G = [row[: len(row) - m] for row in A]  # the step itself reads Bob's columns only
    return _dresher(G, basis, inverse)


# -- 8. two-row games (Exercise 5) --------------------------------------------------------------------


def _crossings(top, bottom, inside=True):
    points = set()
    for j in range(len(top)):
        for k in range(j + 1, len(top)):
            slope = (top[j] - bottom[j]) - (top[k] - bottom[k])
            if slope:
                x = Fraction(bottom[k] - bottom[j], slope)
                if not inside or 0 <= x <= 1:
                    points.add(x)
    return points


def _envelope(top, bottom, points):
    return max(min(a * x + b * (1 - x) for a, b in zip(top, bottom, strict=True)) for x in points)


@shape("higher-lower-8", "float")
def two_row_linprog_rounded(A):
    """Solves the LP in floats with scipy and guesses the fraction back with limit_denominator(1000)."""
    from scipy.optimize import linprog

    a = np.array(A, dtype=float)
    m, n = a.shape
    result = linprog(
        np.r_[np.zeros(m), -1.0],
        A_ub=np.hstack([-a.T, np.ones((n, 1))]),
        b_ub=np.zeros(n),
        A_eq=[[1.0] * m + [0.0]],
        b_eq=[1],
        bounds=[(0, None)] * m + [(None, None)],
    )
    return Fraction(-result.fun).limit_denominator(1000)


@shape("higher-lower-8", "off by one")
def two_row_without_the_ends(A):
    """Looks only where two lines cross, never at x = 0 or x = 1."""
    top, bottom = A
    points = _crossings(top, bottom) or {Fraction(1, 2)}
    return _envelope(top, bottom, points)


@shape("higher-lower-8", "wrong model")
def two_row_crossings_outside(A):
    """Keeps crossings outside [0, 1], where x is no probability."""
    top, bottom = A
    return _envelope(top, bottom, _crossings(top, bottom, inside=False) | {Fraction(0), Fraction(1)})


@shape("higher-lower-8", "wrong model")
def two_row_pure_maximin(A):
    """Alice's best pure row: the better of the two rows' smallest entries, no mixing."""
    return Fraction(max(min(row) for row in A))


# -- 9. a tree of at most h levels (the appendix) --------------------------------------------------------


def _subsequence(weights, h, tie_break):
    F = [h - ((j & -j).bit_length() - 1) for j in range(1, 2**h)]
    m, inf = len(F), (math.inf, 0)
    W = [[(0, 0)] * (m + 1)] + [[inf] * (m + 1) for _ in weights]
    for i, w in enumerate(weights, start=1):
        for j in range(1, m + 1):
            cost, total = W[i - 1][j - 1]
            step = (cost + w * F[j - 1], total + F[j - 1] if tie_break else 0)
            W[i][j] = min(W[i][j - 1], step)
    depths, j = [], m
    for i in range(len(weights), 0, -1):
        while W[i][j - 1] == W[i][j]:
            j -= 1
        depths.append(F[j - 1])
        j -= 1
    return tuple(reversed(depths))


@shape("higher-lower-9", "wrong model")
def short_tree_without_the_depth_tie_break(weights, h):
    """The subsequence DP (2.2) and its traceback on the cost alone: with zero weights the
    subsequence it returns need not be a search tree."""
    return _subsequence(weights, h, tie_break=False)


@shape("higher-lower-9", "off by one")
def short_tree_one_level_more(weights, h):
    """Runs the DP with F_(h+1): the tree it returns may have h + 1 levels."""
    return _subsequence(weights, h + 1, tie_break=True)


@shape("higher-lower-9", "greedy")
def short_tree_balanced(weights, h):
    """The balanced tree, which fits in the fewest levels, whatever the weights."""
    return _depths_from_roots(len(weights), lambda a, b: (a + b) // 2)


@shape("higher-lower-9", "greedy")
def short_tree_heaviest_root_within_height(weights, h):
    """Roots each interval at its heaviest key among those that leave both sides room within h
    levels: greedy, not the DP."""
    w = list(weights)
    N = len(w)
    depths, stack = [0] * N, [(1, N, 1)]
    while stack:
        a, b, depth = stack.pop()
        if a > b:
            continue
        room = 2 ** (h - depth) - 1  # keys each side can hold below this level
        fits = [r for r in range(a, b + 1) if r - a <= room and b - r <= room] or [(a + b) // 2]
        r = max(fits, key=lambda k: (w[k - 1], -k))
        depths[r - 1] = depth
        stack += [(a, r - 1, depth + 1), (r + 1, b, depth + 1)]
    return tuple(depths)


@shape("higher-lower-9", "wrong model")
def short_tree_zeros_as_ones(weights, h):
    """Stands a weight of 1 in for every zero, so the zero keys compete for the shallow places."""
    return _subsequence([w if w else 1 for w in weights], h, tie_break=True)


@shape("higher-lower-9", "float")
def short_tree_zeros_as_a_small_epsilon(weights, h):
    """Stands 1e-9 in for every zero: not small enough beside weights of 1e-15, and the costs
    become floats."""
    return _subsequence([w if w else 1e-9 for w in weights], h, tie_break=True)


@shape("higher-lower-4", "float")
def optimal_tree_in_floats(weights):
    """The DP (2.1) on the weights converted to floats: 10**20 and 10**20 + 1 tie, and the tie
    goes the wrong way."""
    w = [float(x) for x in weights]
    N = len(w)
    E, root = {}, {}
    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            options = {r: E.get((a, r - 1), 0.0) + E.get((r + 1, b), 0.0) for r in range(a, b + 1)}
            root[a, b] = min(options, key=options.get)
            E[a, b] = options[root[a, b]] + sum(w[a - 1 : b])
    return _depths_from_roots(N, lambda a, b: root[a, b])


@shape("higher-lower-8", "small inputs only")
def two_row_over_small_denominators(A):
    """Tries every x = p / q with q <= 40 and keeps the best: exact, but the best x of a game with
    large entries has a larger denominator."""
    top, bottom = A
    points = {Fraction(p, q) for q in range(1, 41) for p in range(q + 1)}
    return _envelope(top, bottom, points)


@shape("higher-lower-9", "wrong model")
def short_tree_epsilon_from_the_least_weight(weights, h):
    """Stands the least positive weight / (2 N h + 1) in for every zero: small beside every weight,
    but not beside two costs 10**-12 apart."""
    epsilon = Fraction(min(w for w in weights if w)) / (2 * len(weights) * h + 1)
    return _subsequence([w if w else epsilon for w in weights], h, tie_break=True)
