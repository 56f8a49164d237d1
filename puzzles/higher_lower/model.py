"""The higher-lower game: Bob's search trees, the payoff matrix, best replies and Dresher's method.

Source: the bachelor thesis "Hoger lager spel" (in Dutch) on Melvin Dresher's number-guessing
game, after M. Dresher, "Games of Strategy" (1961), S. M. Johnson and E. N. Gilbert.
Alice hides an integer in 1..N, Bob guesses and hears "higher", "lower" or "correct", and Bob
pays Alice the number of guesses. Bob's pure strategies are the binary search trees on N keys,
written here as *depth vectors*: ``depths[i - 1]`` is the number of guesses Bob needs when the
secret is ``i`` (the root has depth 1).

Pure Python and numpy; exact arithmetic (``int``, ``Fraction``) wherever the weights are exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from numbers import Rational

import numpy as np
import pandas as pd

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import is_bool
from puzzles.course.validate import number as _number
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _whole

__all__ = [
    "Depths",
    "DresherResult",
    "DresherStep",
    "best_bounded_tree",
    "best_tree",
    "best_tied_tree",
    "catalan",
    "check_size",
    "count_trees",
    "dresher",
    "full_tree_depths",
    "is_search_tree",
    "mirror",
    "payoff_matrix",
    "root_of",
    "search_trees",
    "symmetric_matrix",
    "tree_by_roots",
    "tree_cost",
]

Depths = tuple[int, ...]
MAX_ENUMERATED = 12  # Catalan(12) = 208,012 trees (payoff matrix: about 2 s, 220 MB): the most listed
# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster):
CATALAN_LARGEST = 100_000  # Catalan(100 000) has 60 000 digits: about 1 s
FULL_TREE_LARGEST_HEIGHT = 20  # F_20 lists 2**20 - 1 depths: about 0.2 s
BEST_TREE_LARGEST = 2_000  # keys of Knuth's O(N^2) DP: about 2 s
BOUNDED_LARGEST_WORK = 20_000_000  # N * 2**height cells of the subsequence DP with float weights (1 s)
BOUNDED_LARGEST_WORK_EXACT = 2_000_000  # the same with exact weights (Python integers): about 1 s
# exact weights: N (N + 1) / 2 cells x 64-bit words of the scaled weights (worst: 1000 random
# Fractions, about 3 s on a busy machine, 200 MB; 2000 random Fractions took 12 s and 4.6 GB)
BEST_TREE_LARGEST_EXACT_WORK = 20_000_000
DRESHER_LARGEST_ENTRIES = 5_000  # m * n entries of the matrix (payoff_matrix(7), 3003: about 1 s)
DRESHER_LARGEST_ROWS = 100  # rows: the inverse B^-1 holds (m + 1)**2 exact numbers
DRESHER_LARGEST_WORK = 400_000  # Fraction operations x 64-bit words, measured as the method goes (about 3 s)


def check_size(N: object, what: str = "N") -> int:
    """``N`` as an int, or a ValueError a student understands."""
    if isinstance(N, bool) or not isinstance(N, (int, np.integer)):
        raise ValueError(f"{what} must be a whole number of secrets (1, 2, 3, ...), got {N!r}")
    if N < 1:
        raise ValueError(f"{what} must be at least 1: Alice needs at least one number to hide, got {N}")
    return int(N)


def catalan(N: int) -> int:
    """Catalan(N) = binom(2N, N) / (N + 1): the number of search trees on N keys (Lemma 1, eq. 1.2).

    >>> [catalan(N) for N in range(1, 7)]
    [1, 2, 5, 14, 42, 132]
    """
    if isinstance(N, bool) or not isinstance(N, (int, np.integer)) or N < 0:
        raise ValueError(f"N must be a whole number at least 0, got {_shown(N)}")
    N = _cap(int(N), "N", CATALAN_LARGEST, "Catalan(N) is about 4**N / (N**1.5 sqrt(pi)): use its logarithm")
    return math.comb(2 * N, N) // (N + 1)


@cache
def _trees(N: int) -> tuple[Depths, ...]:
    if N == 0:
        return ((),)
    found = []
    for root in range(1, N + 1):
        for left in _trees(root - 1):
            for right in _trees(N - root):
                found.append(tuple(d + 1 for d in left) + (1,) + tuple(d + 1 for d in right))
    return tuple(found)


def search_trees(N: int) -> list[Depths]:
    """Every binary search tree on the keys 1..N as its depth vector, Catalan(N) of them.

    Ordered by root, then by left subtree, then by right subtree: for N = 3 and N = 4 this is
    the column order of the thesis's payoff matrices (1.1) and (1.19).
    """
    N = check_size(N)
    if N > MAX_ENUMERATED:
        count = f"{catalan(N):,}" if N <= 40 else "astronomically many (Catalan(N))"
        raise ValueError(
            f"N = {_shown(N)} has {count} search trees, too many to list; use N <= {MAX_ENUMERATED}"
        )
    return list(_trees(N))


COUNT_LIMITS = (500, 40)  # count_trees serves N <= 500 keys and heights <= 40 (about a second)


def count_trees(N: int, height: int | None = None) -> int:
    """The number of search trees on N keys with at most ``height`` levels (Catalan(N) without one).

    Bob's plans in which no secret needs more than ``height`` guesses: by recurrence (1.2) with
    the height threaded through, T_h(0) = 1, T_0(n) = 0 for n >= 1 and
    T_h(n) = sum_a T_{h-1}(a - 1) T_{h-1}(n - a). The thesis's Section 2.3 and Table 3.1 limit
    the height; this counts what such a limit leaves. Exact (int).
    """
    N = check_size(N)
    if height is None:
        return catalan(N)
    height = check_size(height, "the height")
    if height >= N:
        return catalan(N)
    if N.bit_length() > height:  # N > 2**height - 1 keys do not fit in height levels
        return 0
    largest_n, largest_h = COUNT_LIMITS
    if N > largest_n or height > largest_h:
        raise ValueError(
            f"count_trees serves N <= {largest_n} keys and heights <= {largest_h}; "
            f"N = {N} with height {height} is beyond that"
        )
    counts = [1] + [0] * N  # T_0
    for level in range(1, height + 1):
        reach = min(N, 2**level - 1)
        counts = [1] + [
            sum(counts[a - 1] * counts[n - a] for a in range(1, n + 1)) if n <= reach else 0
            for n in range(1, N + 1)
        ]
    return counts[N]


def payoff_matrix(N: int) -> pd.DataFrame:
    """The N x Catalan(N) payoff matrix M(k, F) = depth of k in tree F (eqs. 1.1 and 1.19).

    Rows are Alice's secrets 1..N, columns Bob's trees T1, T2, ...; an entry is what Bob pays.
    """
    trees = search_trees(N)
    columns = [f"T{j}" for j in range(1, len(trees) + 1)]
    frame = pd.DataFrame(np.array(trees, dtype=int).T, index=range(1, N + 1), columns=columns)
    frame.index.name = "secret"
    return frame


def _depths(depths: object, what: str = "the depths", least: int | None = 1) -> Depths:
    """A depth vector as a tuple of ints: a list or tuple of whole numbers (each >= ``least``)."""
    try:
        values = _sequence(depths, what)
    except ValueError:
        raise ValueError(
            f"{what} must be a list of whole numbers, one depth per key, such as (2, 1, 2); "
            f"got {_shown(depths)}"
        ) from None
    if least is not None and all(type(d) is int for d in values) and min(values, default=least) >= least:
        return tuple(values)  # plain ints in range: nothing to convert (a fast path for long vectors)
    return tuple(_whole(d, f"each entry of {what}", least=least) for d in values)


def mirror(depths: Sequence[int]) -> Depths:
    """The mirror image of a tree (Section 1.12): the depth of i becomes the depth of N + 1 - i."""
    return _depths(depths)[::-1]


def is_search_tree(depths: Sequence[int]) -> bool:
    """True when ``depths`` is the depth vector of a binary search tree on len(depths) keys
    (lesson I's Exercise 2 asks for such a test; this one is the package's, for the solver)."""
    # the tree, if any, is read off the depths in one pass (O(N))
    depths = _depths(depths, least=None)
    N = len(depths)
    if N == 0 or sum(1 for d in depths if d == 1) != 1:
        return False
    left = [-1] * N  # nearest shallower key to the left
    right = [-1] * N
    stack: list[int] = []
    for i, d in enumerate(depths):
        while stack and depths[stack[-1]] > d:
            right[stack.pop()] = i
        if stack and depths[stack[-1]] == d:
            return False
        left[i] = stack[-1] if stack else -1
        stack.append(i)
    for i, d in enumerate(depths):  # plain loops: this runs on every tree of a shipped mixture
        if d == 1:
            continue
        j, k = left[i], right[i]
        parent = depths[j] if j >= 0 else 0
        if k >= 0 and depths[k] > parent:
            parent = depths[k]
        if parent != d - 1:
            return False
    return True


def root_of(depths: Sequence[int]) -> int:
    """Bob's first guess in this tree (the key of depth 1)."""
    return list(depths).index(1) + 1


def _within_full_tree(depths: Depths) -> bool:
    """True when ``depths`` is a subsequence of F_h, h = max(depths): keys placed in order on
    the complete tree's positions (what the subsequence DP of ``best_bounded_tree`` ranges over,
    Section 2.3.5). Greedy: the next position of depth d after p is the next odd multiple of
    2**(h - d). O(N) steps on h-bit integers (h at most 4096 here)."""
    h = max(depths, default=0)
    if h > 4096:
        return False
    last, position = (1 << h) - 1, 0
    for d in depths:
        step = 1 << (h - d)
        multiple = position // step + 1
        if multiple % 2 == 0:
            multiple += 1
        position = multiple * step
        if position > last:
            return False
    return True


def tree_cost(weights: Sequence, depths: Sequence[int]):
    """sum_i weights_i * depth_i: what the tree costs Bob against Alice's (relative) weights.

    ``depths`` is a search tree's depth vector, or a subsequence of a complete tree's depths
    F_h (an answer of the subsequence DP that is not always a tree, Section 2.3.5).
    """
    depths = _depths(depths)
    weights = [_number(w, "each weight") for w in _sequence(weights, "the weights")]
    if len(weights) != len(depths):
        raise ValueError(f"the tree has {len(depths)} keys but there are {len(weights)} weights")
    if not (is_search_tree(depths) or _within_full_tree(depths)):
        raise ValueError(
            f"{_shown(depths)} is not the depth vector of a search tree on 1..{len(depths)} "
            "(is_search_tree says which vectors are), nor a subsequence of a complete tree's depths"
        )
    try:
        return sum(w * d for w, d in zip(weights, depths, strict=True))
    except OverflowError:
        raise ValueError(_TOO_BIG) from None


_TOO_BIG = (
    "a weight too large for a float (above 10**308): give every weight exact (ints or Fractions), "
    "or scale them down"
)


_TOO_BIG_SUM = (
    "the float weights are so large that the tree's cost (weights times depths, summed) exceeds 10**308; "
    "give the weights exact (ints or Fractions), or scale them down"
)


# ---------------------------------------------------------------------------
# best reply of Bob: the optimal search tree (eq. 2.1) with Knuth's speed-up


def _weights(weights: Iterable) -> tuple[np.ndarray, int | None]:
    """Validated weights as a numpy array: ints (object dtype) and a common denominator, or floats."""
    try:
        values = _sequence(weights.tolist() if isinstance(weights, np.ndarray) else weights, "the weights")
    except ValueError:
        raise ValueError(
            f"the weights must be a list of numbers, one per secret number 1..N; got {_shown(weights)}"
        ) from None
    if not values:
        raise ValueError("the weights are empty: give one weight per secret number 1..N")
    if not (isinstance(weights, np.ndarray) and weights.dtype.kind in "iuf"):  # arrays of numbers pass
        for w in values:  # bools and digit strings are not weights (float("1") would read one)
            _number(w, "each weight")
    exact = all(isinstance(w, (Rational, np.integer)) for w in values)
    if exact:
        fractions = [Fraction(int(w)) if isinstance(w, np.integer) else Fraction(w) for w in values]
        if any(f < 0 for f in fractions):
            raise ValueError("the weights must not be negative: they are Alice's probabilities")
        if not any(fractions):
            raise ValueError("the weights are all zero: Alice must hide some number with positive weight")
        denominator = math.lcm(*(f.denominator for f in fractions))
        scaled = [f.numerator * (denominator // f.denominator) for f in fractions]
        return np.array(scaled, dtype=object), denominator
    try:
        array = np.array([float(w) for w in values], dtype=float)
    except (TypeError, ValueError):
        raise ValueError("the weights must be numbers, one per secret number 1..N") from None
    except OverflowError:
        raise ValueError(_TOO_BIG) from None
    if not np.all(np.isfinite(array)):
        raise ValueError("the weights must be finite numbers")
    if np.any(array < 0):
        raise ValueError("the weights must not be negative: they are Alice's probabilities")
    if not np.any(array > 0):
        raise ValueError("the weights are all zero: Alice must hide some number with positive weight")
    return array, None


def _knuth(w: np.ndarray, tie: np.ndarray | None = None) -> tuple[object, np.ndarray]:
    """Optimal search tree by diagonals with Knuth's root monotonicity, O(N^2) in total.

    ``C[a, b]`` is the least total weighted depth of a tree on keys a..b (eq. 2.1 without the
    normalisation by p(a, b)), ``R[a, b]`` its smallest optimal root. Knuth:
    R[a, b-1] <= R[a, b] <= R[a+1, b], so each diagonal scans O(N) candidate roots.
    Works for float64, int64 and object arrays of Python ints (exact). With ``tie`` (float
    weights), ties in ``w`` go to the tree of least ``tie`` cost: the order is lexicographic,
    the limit of w + eps * tie as eps -> 0, so Knuth's monotonicity still holds.
    """
    N = len(w)
    prefix = np.concatenate((np.zeros(1, dtype=w.dtype), np.cumsum(w)))
    C = np.zeros((N + 2, N + 2), dtype=w.dtype)
    R = np.zeros((N + 2, N + 2), dtype=np.int64)
    keys = np.arange(1, N + 1)
    C[keys, keys] = w
    R[keys, keys] = keys
    if tie is not None:
        prefix2 = np.concatenate(([0.0], np.cumsum(tie)))
        C2 = np.zeros((N + 2, N + 2))
        C2[keys, keys] = tie
    for length in range(2, N + 1):
        a = np.arange(1, N - length + 2)
        b = a + length - 1
        low, high = R[a, b - 1], R[a + 1, b]
        counts = high - low + 1
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        segment = np.repeat(np.arange(len(a)), counts)
        roots = np.arange(counts.sum()) - starts[segment] + low[segment]
        values = C[a[segment], roots - 1] + C[roots + 1, b[segment]]
        best = np.minimum.reduceat(values, starts)
        hit = np.asarray(values == best[segment], dtype=bool)
        if tie is not None:  # among the tied roots, the least secondary cost
            second = np.where(hit, C2[a[segment], roots - 1] + C2[roots + 1, b[segment]], np.inf)
            best2 = np.minimum.reduceat(second, starts)
            hit = second == best2[segment]
            C2[a, b] = best2 + (prefix2[b] - prefix2[a - 1])
        hits = np.flatnonzero(hit)
        first = hits[np.searchsorted(hits, starts)]
        R[a, b] = roots[first]
        C[a, b] = best + (prefix[b] - prefix[a - 1])
    return C[1, N], R


def tree_by_roots(N: int, choose: Callable[[int, int], int]) -> Depths:
    """The depth vector of the search tree on 1..N whose subtree on keys a..b has root
    ``choose(a, b)`` (called only for a < b; a single key is its own root)."""
    N = check_size(N)
    _cap(N, "N", 2**FULL_TREE_LARGEST_HEIGHT - 1, "the trees of this package have at most 2**20 - 1 keys")
    depths = [0] * N
    stack = [(1, N, 1)]
    while stack:
        a, b, depth = stack.pop()
        if a > b:
            continue
        root = a if a == b else choose(a, b)
        depths[root - 1] = depth
        stack.append((a, root - 1, depth + 1))
        stack.append((root + 1, b, depth + 1))
    return tuple(depths)


def best_tree(weights: Sequence) -> tuple[object, Depths]:
    """A search tree minimising sum_i weights_i * depth_i: Bob's best reply (thesis eq. 2.1).

    O(N^2) with Knuth's root monotonicity. Exact when every weight is an int or a Fraction
    (the cost is then a Fraction); floats give a float cost. Ties go to the smallest root.
    Returns ``(cost, depths)``.

    >>> from fractions import Fraction
    >>> cost, depths = best_tree([Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)])
    >>> print(cost, depths)  # the likeliest key at the root
    3/2 (2, 1, 2)
    """
    array, denominator = _weights(weights)
    _cap(len(array), "the number of keys", BEST_TREE_LARGEST, "best_bounded_tree(weights, height) is faster")
    if denominator is not None:
        _cap(
            _exact_work(array),
            "the work of the exact DP (N**2 / 2 cells times the 64-bit words of the scaled weights)",
            BEST_TREE_LARGEST_EXACT_WORK,
            "these exact weights have long denominators: give them as floats, or round them to "
            "shorter fractions (Fraction.limit_denominator)",
        )
    return _best_tree(array, denominator)


def _exact_work(array: np.ndarray) -> int:
    """What the exact DP costs: N (N + 1) / 2 cells, each a sum of integers of ``bits`` bits."""
    N = len(array)
    bits = (int(sum(array)) * (N + 1)).bit_length()
    return N * (N + 1) // 2 * (1 + bits // 64)


def _best_tree(array: np.ndarray, denominator: int | None) -> tuple[object, Depths]:
    """``best_tree`` on validated weights, without its cost caps (the solver's own calls)."""
    N = len(array)
    if denominator is not None and int(sum(array)) * (N + 1) < 2**62:  # every cost fits in int64
        array = array.astype(np.int64)
    with np.errstate(over="ignore", invalid="ignore"):  # a float overflow is refused below
        cost, R = _knuth(array)
    depths = tree_by_roots(len(array), lambda a, b: int(R[a, b]))
    if denominator is None:
        if not math.isfinite(cost):
            raise ValueError(_TOO_BIG_SUM)
        return float(cost), depths
    return Fraction(int(cost), denominator), depths


def best_tied_tree(weights: Sequence, tie: Sequence[float]) -> tuple[Fraction, Depths]:
    """Among the trees that minimise sum_i weights_i * depth_i exactly, one that minimises
    sum_i tie_i * depth_i (the lexicographic order; ``weights`` exact, ints or Fractions;
    ``tie`` non-negative floats). Returns ``(exact cost under weights, depths)``.

    The solver prices Bob's best replies to an exactly known distribution of Alice with it.
    """
    array, denominator = _weights(weights)
    if denominator is None:
        raise ValueError("best_tied_tree needs exact weights (ints or Fractions)")
    _cap(len(array), "the number of keys", BEST_TREE_LARGEST, "best_bounded_tree(weights, height) is faster")
    secondary = np.asarray(
        [_number(t, "each tie-breaking weight") for t in _sequence(tie, "tie")], dtype=float
    )
    if secondary.shape != array.shape or not np.all(np.isfinite(secondary)) or np.any(secondary < 0):
        raise ValueError(f"the tie-breaking weights must be {len(array)} finite non-negative numbers")
    N = len(array)
    if int(sum(array)) * (N + 1) < 2**62:  # every cost fits in int64: the fast exact DP
        array = array.astype(np.int64)
    cost, R = _knuth(array, secondary)
    return Fraction(int(cost), denominator), tree_by_roots(N, lambda a, b: int(R[a, b]))


def full_tree_depths(height: int) -> Depths:
    """F_h of Section 2.3: the depths of the complete tree with 2^h - 1 keys, in key order."""
    height = check_size(height, "the height")
    _cap(
        height,
        "the height",
        FULL_TREE_LARGEST_HEIGHT,
        "the depth of key i is h + 1 - (number of trailing zeros of i + 1)",
    )
    return _full_tree_depths(height)


@cache
def _full_tree_depths(height: int) -> Depths:
    return tuple(height - (i & -i).bit_length() + 1 for i in range(1, 2**height))


def best_bounded_tree(weights: Sequence, height: int) -> tuple[object, Depths]:
    """Best tree of at most ``height`` levels by the thesis's subsequence DP (eq. 2.2).

    A tree with at most h levels is a subsequence of F_h (the complete tree's depths in key
    order); W(i, j) = min(W(i, j-1), W(i-1, j-1) + w_i F_h(j)) is the least cost of placing the
    first i keys among the first j positions, O(N 2^h). For strictly positive weights the best
    subsequence is a valid tree; with zero weights it may not be (Section 2.3.5), and then the
    returned depths fail ``is_search_tree``. Returns ``(cost, depths)``.
    """
    array, denominator = _weights(weights)
    height = check_size(height, "the height")
    N = len(array)
    if N.bit_length() > height:
        raise ValueError(f"a tree with at most {height} levels holds at most {2**height - 1} keys, not {N}")
    alternative = "best_tree(weights) is O(N^2) whatever the height"
    _cap(height, "the height", FULL_TREE_LARGEST_HEIGHT, alternative)
    if denominator is None:
        _cap(N * 2**height, "N * 2**height", BOUNDED_LARGEST_WORK, alternative)
    else:
        _cap(N * 2**height, "N * 2**height with exact weights", BOUNDED_LARGEST_WORK_EXACT, alternative)
        bits = (int(sum(array)) * (height + 1)).bit_length()
        # beyond int64 the DP runs on Python ints, a step at a time: four times the cost per word
        words = 1 if bits < 63 else 4 * (1 + bits // 64)
        _cap(
            N * 2**height * words,
            "N * 2**height times the 64-bit words of the exact weights",
            BOUNDED_LARGEST_WORK_EXACT,
            "these exact weights have long denominators: give them as floats, or round them to "
            "shorter fractions (Fraction.limit_denominator)",
        )
    F = np.array(_full_tree_depths(height), dtype=np.int64)
    if denominator is not None and int(sum(array)) * (height + 1) < 2**62:  # every cost fits in int64
        array = array.astype(np.int64)
    elif denominator is not None:  # products beyond int64: exact Python ints
        F = F.astype(object)
    slack = len(F) - N  # key i (0-based) sits at a position in i .. i + slack
    rows = []
    previous = np.zeros(slack + 1, dtype=array.dtype)  # W(0, j) = 0
    with np.errstate(over="ignore", invalid="ignore"):  # a float overflow is refused below
        for i in range(N):
            placed = previous + array[i] * F[i : i + slack + 1]
            row = _running_min(placed) if placed.dtype == object else np.minimum.accumulate(placed)
            rows.append(row)
            previous = row
    # walk back: at row i, position i + k; stay on the row while the value does not change
    depths = [0] * N
    k = slack
    for i in range(N - 1, -1, -1):
        while k > 0 and rows[i][k - 1] == rows[i][k]:
            k -= 1
        depths[i] = int(F[i + k])
    cost = rows[-1][slack]
    if denominator is None:
        if not math.isfinite(cost):
            raise ValueError(_TOO_BIG_SUM)
        return float(cost), tuple(depths)
    return Fraction(int(cost), denominator), tuple(depths)


def _running_min(values: np.ndarray) -> np.ndarray:
    out = values.copy()
    for j in range(1, len(out)):
        if out[j - 1] < out[j]:
            out[j] = out[j - 1]
    return out


# ---------------------------------------------------------------------------
# symmetry (Lemmas 2 and 3)


def symmetric_matrix(N: int, trees: Iterable[Sequence[int]] | None = None) -> pd.DataFrame:
    """The payoff matrix folded by the symmetry i <-> N + 1 - i, doubled as in eq. (1.20).

    Row k (k = 1..ceil(N/2)) stands for the pair {k, N + 1 - k}; a tree's entry is
    depth(k) + depth(N + 1 - k) (twice the depth for the middle key). Columns are the trees
    given (default: one tree per symmetric column, in the order of ``search_trees``).
    """
    N = check_size(N)
    if trees is not None:
        trees = [_depths(tree, "each tree") for tree in _sequence(trees, "the trees", least=1)]
        for tree in trees:
            if len(tree) != N or not is_search_tree(tree):
                raise ValueError(f"{_shown(tree)} is not a search tree on 1..{N}")
    if trees is None:  # one tree of each mirror pair, as in the thesis's eq. (1.20)
        seen: set[Depths] = set()
        trees = []
        for tree in search_trees(N):
            if mirror(tree) not in seen:
                trees.append(tree)
            seen.add(tree)
    columns = [_fold(tree) for tree in trees]
    frame = pd.DataFrame(
        np.array(columns, dtype=int).T,
        index=range(1, (N + 1) // 2 + 1),
        columns=[f"P{j}" for j in range(1, len(columns) + 1)],
    )
    frame.index.name = "pair"
    return frame


def _fold(depths: Sequence[int]) -> tuple[int, ...]:
    N = len(depths)
    return tuple(depths[k] + depths[N - 1 - k] for k in range((N + 1) // 2))


# ---------------------------------------------------------------------------
# Dresher's simplex method (Section 1.10)


@dataclass(frozen=True)
class DresherStep:
    """One iteration of Dresher's method.

    ``basis``: the columns of G in the basis (0 = P0, 1..n = Bob's strategies, n+1.. = U_i);
    ``inverse``: B^{-1} as rows R_0..R_m; ``value``: the provisional value (first entry of R_0);
    ``scores``: R_0 P_j for j = 1..n+m; ``entering`` and ``leaving``: column numbers, or None
    at the optimum; ``ratios``: R_i / v_i for the candidate rows, keyed by basis position.
    """

    basis: tuple[int, ...]
    inverse: tuple[tuple[Fraction, ...], ...]
    value: Fraction
    scores: tuple[Fraction, ...]
    entering: int | None
    leaving: int | None
    ratios: dict[int, tuple[Fraction, ...]]


@dataclass(frozen=True)
class DresherResult:
    """Optimal strategies (``hider``: rows, ``searcher``: columns), the value and the trace."""

    value: Fraction
    hider: tuple[Fraction, ...]
    searcher: tuple[Fraction, ...]
    steps: tuple[DresherStep, ...]
    row_order: tuple[int, ...]


def _matrix(matrix) -> list[list[Fraction]]:
    shape = "the payoff matrix must be a list of rows, each a list of numbers"
    try:
        rows = matrix.to_numpy().tolist() if isinstance(matrix, pd.DataFrame) else _sequence(matrix, "matrix")
        rows = [_sequence(r, "a row") for r in rows]
    except ValueError:
        raise ValueError(f"{shape}; got {_shown(matrix)}") from None
    if not rows or not rows[0]:
        raise ValueError("the payoff matrix is empty: give at least one row and one column")
    if any(len(r) != len(rows[0]) for r in rows):
        raise ValueError("the payoff matrix is ragged: every row needs the same number of entries")
    _cap(
        len(rows) * len(rows[0]),
        "the number of entries",
        DRESHER_LARGEST_ENTRIES,
        "solve(N) solves the game by column generation",
    )
    _cap(
        len(rows), "the number of rows", DRESHER_LARGEST_ROWS, "solve(N) solves the game by column generation"
    )
    for row in rows:  # bools, digit strings and floats are no exact payoffs
        for x in row:
            if is_bool(x) or not isinstance(x, Rational):
                raise ValueError(
                    f"the payoff matrix must hold exact numbers (ints or Fractions), got {_shown(x)}"
                )
    return [[Fraction(int(x)) if isinstance(x, np.integer) else Fraction(x) for x in r] for r in rows]


def dresher(matrix, max_steps: int = 10_000) -> DresherResult:
    """Solve a matrix game by Dresher's simplex method (Section 1.10), exactly.

    ``matrix[i][j]`` is what the column player (Bob, minimising) pays the row player (Alice,
    maximising). The rows are reordered so that the last row has the largest first entry
    (eq. 1.8; the order used is ``row_order``); the start basis is B0 = (P0, P1, U1..U_{m-1})
    (eq. 1.9); the entering column maximises R_0 P_j, smallest index on ties (eq. 1.14); the
    leaving row is the lexicographically smallest R_i / v_i over v_i > 0 (eq. 1.16); the inverse
    is updated by eq. (1.18). ``hider`` is in the caller's row order.
    """
    A = _matrix(matrix)
    max_steps = _whole(max_steps, "max_steps", least=1)
    m, n = len(A), len(A[0])
    top = max(range(m), key=lambda i: (A[i][0], i))
    order = [i for i in range(m) if i != top] + [top]
    A = [A[i] for i in order]

    def column(j: int) -> list[Fraction]:  # P_j of the augmented matrix G (eq. 1.7)
        if j == 0:
            return [Fraction(0)] + [Fraction(-1)] * m
        if j <= n:
            return [Fraction(1)] + [A[i][j - 1] for i in range(m)]
        return [Fraction(int(i == j - n)) for i in range(m + 1)]

    columns = [column(j) for j in range(n + m + 1)]
    basis = [0, 1] + [n + i for i in range(1, m)]
    a_m1 = A[m - 1][0]
    inverse = [[a_m1] + [Fraction(0)] * (m - 1) + [Fraction(-1)], [Fraction(1)] + [Fraction(0)] * m]
    for i in range(1, m):
        inverse.append([a_m1 - A[i - 1][0]] + [Fraction(int(k == i)) for k in range(1, m)] + [Fraction(-1)])
    entry_words = (
        1 + max(x.denominator.bit_length() + abs(x.numerator).bit_length() for r in A for x in r) // 64
    )
    steps = []
    work = 0  # measured as it goes: Fraction products, weighted by the length of their numbers
    for _ in range(max_steps):
        R0 = inverse[0]
        words = (
            1
            + max(x.denominator.bit_length() + abs(x.numerator).bit_length() for r in inverse for x in r)
            // 64
        )
        work += (
            (2 * (n + m) + 3 * (m + 1)) * (m + 1) * (words + entry_words)
        )  # this step's Fraction operations
        if work > DRESHER_LARGEST_WORK:
            raise ValueError(
                f"Dresher's method on this {m} x {n} matrix grew its exact numbers beyond what it computes "
                "in seconds; solve(N) solves the higher-lower game by column generation, and "
                "scipy.optimize.linprog solves any matrix game in floating point"
            )
        scores = tuple(sum(r * p for r, p in zip(R0, columns[j], strict=True)) for j in range(1, n + m + 1))
        best = max(scores)
        frozen = tuple(tuple(row) for row in inverse)
        if best <= 0:
            steps.append(DresherStep(tuple(basis), frozen, R0[0], scores, None, None, {}))
            break
        s = scores.index(best) + 1
        P = columns[s]
        v = [sum(r * p for r, p in zip(row, P, strict=True)) for row in inverse]
        ratios = {i: tuple(x / v[i] for x in inverse[i]) for i in range(1, m + 1) if v[i] > 0}
        r = min(ratios, key=lambda i: ratios[i])
        steps.append(DresherStep(tuple(basis), frozen, R0[0], scores, s, basis[r], ratios))
        pivot = ratios[r]
        inverse = [
            pivot if i == r else [x - v[i] * y for x, y in zip(inverse[i], pivot, strict=True)]
            for i in range(m + 1)
        ]
        basis[r] = s
    else:  # Dresher's rule never cycles: only a small max_steps gets here
        raise ValueError(
            f"Dresher's method needs more than max_steps = {max_steps} iterations on this matrix"
        )
    final = inverse
    x_sorted = [-x for x in final[0][1:]]
    hider = [Fraction(0)] * m
    for position, original in enumerate(order):
        hider[original] = x_sorted[position]
    searcher = [Fraction(0)] * n
    for position in range(1, m + 1):
        if 1 <= basis[position] <= n:
            searcher[basis[position] - 1] = final[position][0]
    return DresherResult(final[0][0], tuple(hider), tuple(searcher), tuple(steps), tuple(order))
