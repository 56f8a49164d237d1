"""Student-shaped wrong answers of the egg-dropping checks (see the package's docstring).

Each is what a student writes after reading the lesson: the formula with a float in it, a
boundary off by one, a loop that is right on the sizes a table shows and a shortcut beyond,
a misreading of which set or which branch is meant. The helpers below are the student's own
(binomial sums, the least t with F(n, t) >= k), never the course package's.
"""

from __future__ import annotations

import math
from fractions import Fraction

from . import shape

# -- the student's own helpers ---------------------------------------------------------------


def _F(n: int, t: int) -> int:
    """F(n, t) = C(t, 1) + ... + C(t, n): the largest size n eggs settle in t trials."""
    total, term = 0, 1
    for i in range(1, min(n, t) + 1):
        term = term * (t - i + 1) // i
        total += term
    return total


def _W(n: int, k: int) -> int:
    """W(n, k): the least t with F(n, t) >= k, by doubling and bisection."""
    high = 1
    while _F(n, high) < k:
        high *= 2
    low = 0
    while low < high:
        middle = (low + high) // 2
        if _F(n, middle) >= k:
            high = middle
        else:
            low = middle + 1
    return low


def _W_float(n: int, k: int) -> int:
    """W(n, k) with bisection's count ceil(log2(k + 1)) in floats where it applies (k < 2**n)."""
    if k < 2**n:
        return math.ceil(math.log2(k + 1))
    return _W(n, k)


def _t2_float(k: int) -> int:
    """W(2, k) from the quadratic formula in floats: ceil((sqrt(8k + 1) - 1) / 2)."""
    return math.ceil((math.sqrt(8 * k + 1) - 1) / 2)


def _X_ends(n: int, k: int, t: int | None = None) -> tuple[int, int]:
    t = _W(n, k) if t is None else t
    return max(1, k - _F(n, t - 1)), min(k, _F(n - 1, t - 1) + 1)


def _Y_ends(n: int, k: int, t: int | None = None) -> tuple[int, int]:
    t = _W(n, k) if t is None else t
    low = max(_F(n - 1, t - 2) + 1, k - _F(n, t - 1))
    high = min(_F(n - 1, t - 1) + 1, k - _F(n, t - 2))
    return low, high


def _N(k: int) -> int:
    """(k + 1) L(2, k) = k + W(2, 1) + ... + W(2, k), summed by blocks of equal W."""
    t = _W(2, k)
    return k + t * (k + 1) - _F(3, t)


# -- Lesson I: egg-11 (L(1, k)) and egg-1 (the ends of X(2, k)) -----------------------------


@shape("egg-11", "float")
def one_egg_expected_in_floats(k):
    """The right formula k(k+3)/(2(k+1)), but with / : a float where an exact Fraction is asked."""
    return k * (k + 3) / (2 * (k + 1))


@shape("egg-11", "off by one")
def one_egg_expected_last_value_once(k):
    """Counts T = k once, forgetting that it collects C = k - 1 and C = k (Lemma 1's last case)."""
    return Fraction((k - 1) * k // 2 + k, k + 1)


@shape("egg-11", "wrong model")
def one_egg_expected_over_k_values(k):
    """Takes C uniform on k values, not on the k + 1 values 0..k: divides by k."""
    return Fraction((k - 1) * k // 2 + 2 * k, k)


@shape("egg-11", "search then formula")
def one_egg_expected_summed_then_float(k):
    """Sums t P[T = t] exactly up to k = 10**5, and beyond turns the float formula into a
    Fraction (exact only as far as the float was)."""
    if k <= 10**5:
        return Fraction(sum(range(1, k)) + 2 * k, k + 1)
    return Fraction(k * (k + 3) / (2 * (k + 1)))


@shape("egg-1", "float")
def optimal_drop_range_float_sqrt(k):
    """t = W(2, k) from the quadratic formula with math.sqrt: wrong at block ends beyond 2**53."""
    t = _t2_float(k)
    return k - (t - 1) * t // 2, t


@shape("egg-1", "off by one")
def optimal_drop_range_floor_not_ceiling(k):
    """t as the largest t with t(t+1)/2 <= k (a floor) where the least t with t(t+1)/2 >= k is
    W(2, k): one too small inside every block."""
    t = (math.isqrt(8 * k + 1) - 1) // 2
    return k - (t - 1) * t // 2, t


@shape("egg-1", "wrong model")
def optimal_drop_range_from_one(k):
    """Reads section 7's triangle as 'every drop up to t is optimal': (1, W(2, k))."""
    return 1, _W(2, k)


@shape("egg-1", "off by one")
def optimal_drop_range_survive_side_strict(k):
    """Writes the survive side as k - x < (t-1)t/2 (strict): the smallest drop one too high."""
    t = _W(2, k)
    return k - (t - 1) * t // 2 + 1, t


@shape("egg-1", "search then formula")
def optimal_drop_range_loop_then_float(k):
    """Walks the blocks exactly up to k = 10**6, and beyond uses math.sqrt."""
    if k <= 10**6:
        t = 0
        while t * (t + 1) // 2 < k:
            t += 1
    else:
        t = _t2_float(k)
    return k - (t - 1) * t // 2, t


@shape("egg-11", "off by one")
def one_egg_expected_one_trial_for_no_height(k):
    """The right formula, with a base case L(1, 0) = 1: no height is left to test, so no trial."""
    if k == 0:
        return 1
    return Fraction(k * (k + 3), 2 * (k + 1))


_LAST_NUMERATOR = [0, 0]  # k and (k + 1) L(1, k) of the previous call, kept between calls


@shape("egg-11", "partial cache")
def one_egg_expected_running_numerator(k):
    """Adds the next t P[T = t] to a running numerator kept between calls (a formula beyond 10**4):
    right while the sizes grow, wrong for a small k asked after a larger one."""
    if k > 10**4:
        return Fraction(k * (k + 3), 2 * (k + 1))
    size, numerator = _LAST_NUMERATOR
    while size < k:
        size += 1
        numerator += size + 1
    _LAST_NUMERATOR[:] = [size, numerator]
    return Fraction(numerator, k + 1)


_LAST_TRIALS = {"t": 1}  # kept between calls


@shape("egg-1", "partial cache")
def optimal_drop_range_warm_started(k):
    """Starts the search for t = W(2, k) from the t of the previous call and only goes upwards
    (galloping): right while the sizes grow, wrong for a small k asked after a large one."""
    t = _LAST_TRIALS["t"]
    if t * (t + 1) // 2 < k:
        step = 1
        while (t + step) * (t + step + 1) // 2 < k:
            step *= 2
        low, high = t + step // 2, t + step
        while high - low > 1:
            middle = (low + high) // 2
            if middle * (middle + 1) // 2 >= k:
                high = middle
            else:
                low = middle
        t = high
    _LAST_TRIALS["t"] = t
    return k - t * (t - 1) // 2, t


@shape("egg-12", "off by one")
def largest_size_from_the_empty_binomial(n, t):
    """Sums the binomials from C(t, 0): the recursion's +1 counted once too often, F(n, t) + 1."""
    return sum(math.comb(t, i) for i in range(0, min(n, t) + 1))


@shape("egg-12", "off by one")
def largest_size_one_binomial_short(n, t):
    """Sums C(t, 1) + ... + C(t, n - 1): the break branch's n - 1 eggs taken for the whole sum."""
    return sum(math.comb(t, i) for i in range(1, min(n - 1, t) + 1))


@shape("egg-12", "small inputs only")
def largest_size_summed_over_every_egg(n, t):
    """The binomial sum over i = 1..n, never stopped at i = t: right in value (C(t, i) = 0 beyond t),
    but it walks n terms, and with 10**18 eggs and 5 trials it never ends (the check's time limit
    refuses it)."""
    return sum(math.comb(t, i) for i in range(1, n + 1))


@shape("egg-12", "wrong model")
def largest_size_by_bisection(n, t):
    """2**t - 1, bisection's count, for any number of eggs: right only while n >= t."""
    return 2**t - 1


@shape("egg-12", "float")
def largest_size_with_float_binomials(n, t):
    """Each C(t, i) as a product of floats t(t-1).../i!, rounded: exact only below 2**53."""
    total = 0
    for i in range(1, min(n, t) + 1):
        term = 1.0
        for j in range(i):
            term *= (t - j) / (j + 1)
        total += round(term)
    return total


@shape("egg-12", "search then formula")
def largest_size_tabled_then_leading_term(n, t):
    """Fills F by the recursion, bottom-up, for t <= 2000, and beyond takes the leading term
    t**n / n! (or 2**t - 1 when n >= t): right on every table, too small far out."""
    if t <= 2000:
        row = [0] * (t + 1)  # F(e, 0..t) for e eggs, from e = 0 up
        for _ in range(min(n, t)):
            row = [0] + [row[s - 1] + 1 for s in range(1, t + 1)]
            for s in range(1, t + 1):
                row[s] += row[s - 1]
        return row[t]
    if n >= t:
        return 2**t - 1
    return t**n // math.factorial(n)


# -- Lesson II: egg-2 (Y(2, k)), egg-3 (N(k)), egg-4 (a robust drop), egg-5 (the penalty) -----


@shape("egg-2", "greedy")
def laplace_drops_the_largest_worst_case_drop(k):
    """Takes Laplace's optimal drop to be the worst case's largest one: {W(2, k)}."""
    return {_W(2, k)}


@shape("egg-2", "off by one")
def laplace_drops_always_two(k):
    """Reads the table's pattern as {t - 1, t} at every size."""
    t = _W(2, k)
    return {t - 1, t}


@shape("egg-2", "float")
def laplace_drops_float_sqrt(k):
    """The right pattern, with t = W(2, k) from math.sqrt: wrong at block ends beyond 2**53."""
    t = _t2_float(k)
    low, high = max(t - 1, k - t * (t - 1) // 2), min(t, k - (t - 2) * (t - 1) // 2)
    return set(range(low, high + 1))


@shape("egg-2", "wrong model")
def laplace_drops_are_the_worst_case_drops(k):
    """Takes Y(2, k) to be X(2, k): the same optimal drops in both scenarios."""
    low, high = _X_ends(2, k)
    return set(range(low, high + 1))


@shape("egg-3", "float")
def numerator_in_floats(k):
    """The block sum with / in it: a float where an integer is asked."""
    t = _W(2, k)
    return k + t * (k + 1) - t * (t + 1) * (t + 2) / 6


@shape("egg-3", "wrong model")
def numerator_divided_by_the_sizes(k):
    """Returns L(2, k) = N(k)/(k + 1), the expected trials, where the total N(k) is asked."""
    return Fraction(_N(k), k + 1)


@shape("egg-3", "off by one")
def numerator_sums_below_k(k):
    """Sums W(2, j) over j < k, forgetting the size k itself."""
    return _N(k) - _W(2, k)


@shape("egg-3", "wrong model")
def numerator_without_the_first_drop(k):
    """N(k) = W(2, 1) + ... + W(2, k): leaves out the k of N(k) = k + W(2, 1) + ... + W(2, k)."""
    return _N(k) - k


@shape("egg-3", "search then formula")
def numerator_summed_then_float(k):
    """Sums W(2, j) exactly up to k = 10**5, and beyond the block sum in floats, rounded."""
    if k <= 10**5:
        total, t = k, 0
        for j in range(1, k + 1):
            while t * (t + 1) // 2 < j:
                t += 1
            total += t
        return total
    t = _t2_float(k)
    return round(k + t * (k + 1) - t * (t + 1) * (t + 2) / 6)


def _warm_started_trials(state: dict, k: int) -> int:
    """t = W(2, k) searched upwards (galloping) from the t of the previous call, kept in ``state``."""
    t = state.setdefault("t", 1)
    if t * (t + 1) // 2 < k:
        step = 1
        while (t + step) * (t + step + 1) // 2 < k:
            step *= 2
        low, high = t + step // 2, t + step
        while high - low > 1:
            middle = (low + high) // 2
            if middle * (middle + 1) // 2 >= k:
                high = middle
            else:
                low = middle
        t = high
    state["t"] = t
    return t


_Y_STATE: dict = {}
_N_STATE: dict = {}
_PENALTY_STATE: dict = {}


@shape("egg-2", "partial cache")
def laplace_drops_warm_started(k):
    """The right pattern, with t searched upwards from the previous call's t: wrong for a small k
    asked after a large one."""
    t = _warm_started_trials(_Y_STATE, k)
    q = k - t * (t - 1) // 2 - 1
    return {t} if q == t - 1 else {t - 1, t}


@shape("egg-3", "partial cache")
def numerator_warm_started(k):
    """The right block sum, with t searched upwards from the previous call's t: wrong for a small
    k asked after a large one."""
    t = _warm_started_trials(_N_STATE, k)
    q = k - t * (t - 1) // 2 - 1
    return k + (t - 1) * t * (2 * t - 1) // 6 + (q + 1) * t


@shape("egg-3", "off by one")
def numerator_one_at_zero(k):
    """The right block sum for k >= 1, with N(0) = 1 (one trial though no height is left)."""
    return 1 if k == 0 else _N(k)


@shape("egg-5", "partial cache")
def penalty_warm_started(k):
    """The right penalty C(m, 2), m = t(t+1)/2 - k, with t searched upwards from the previous
    call's t: wrong for a small k asked after a large one."""
    t = _warm_started_trials(_PENALTY_STATE, k)
    m = t * (t + 1) // 2 - k
    return m * (m - 1) // 2


@shape("egg-4", "greedy")
def robust_drop_halfway(k):
    """Bisection's drop, halfway up the interval: (k + 1) // 2, optimal in neither scenario once k > 3."""
    return (k + 1) // 2


@shape("egg-4", "wrong model")
def robust_drop_the_smallest_worst_case_drop(k):
    """The smallest worst-case optimal drop, k - (t-1)t/2: not always optimal under Laplace."""
    return _X_ends(2, k)[0]


@shape("egg-4", "off by one")
def robust_drop_one_below_the_top(k):
    """W(2, k) - 1, from reading Table 2's second largest drop as the paper's rule."""
    t = _W(2, k)
    return max(1, t - 1)


@shape("egg-4", "float")
def robust_drop_midpoint_of_both(k):
    """The middle of the drops optimal in both scenarios, (low + high) / 2: a float where a
    height, an integer, is asked."""
    t = _W(2, k)
    low = max(_X_ends(2, k, t)[0], _Y_ends(2, k, t)[0])
    high = min(_X_ends(2, k, t)[1], _Y_ends(2, k, t)[1])
    return (low + high) / 2


def _penalty(k: int, ends) -> int:
    t = _W(2, k)
    low, high = _X_ends(2, k, t)

    def cost(x: int) -> int:
        m = x - 1
        return k + 1 + m * (m + 3) // 2 + _N(k - x)

    return ends(cost(low), cost(high)) - _N(k)


@shape("egg-5", "wrong model")
def penalty_of_the_best_worst_case_drop(k):
    """The least extra cost over X(2, k) (the best worst-case drop), where the most is asked."""
    return _penalty(k, min)


@shape("egg-5", "off by one")
def penalty_with_the_drop_counted_in_the_broken_branch(k):
    """One egg below the drop gets x heights, not x - 1: Nom(1, x) in place of Nom(1, x - 1)."""
    t = _W(2, k)
    low, high = _X_ends(2, k, t)
    return max(k + 1 + x * (x + 3) // 2 + _N(k - x) for x in (low, high)) - _N(k)


@shape("egg-5", "float")
def penalty_as_a_difference_of_averages(k):
    """The difference of the two expected values L(2, k | x) - L(2, k): a float per value of C,
    where the total over the k + 1 values of C, an integer, is asked."""
    return _penalty(k, max) / (k + 1)


@shape("egg-5", "greedy")
def penalty_of_the_largest_drop_only(k):
    """Assumes the worst worst-case-optimal drop is always the largest, x = W(2, k)."""
    t = _W(2, k)
    m = t - 1
    return k + 1 + m * (m + 3) // 2 + _N(k - t) - _N(k)


@shape("egg-5", "small inputs only")
def penalty_searched_up_to_a_cap(k):
    """Tries every drop of X(2, k) up to k = 10**5, and answers 0 beyond ("the penalty dies out")."""
    if k > 10**5:
        return 0
    low, high = _X_ends(2, k)
    return max(k + 1 + (x - 1) * (x + 2) // 2 + _N(k - x) for x in range(low, high + 1)) - _N(k)


# -- Lesson III: egg-13 (W), egg-14 (X), egg-10 (Mother Nature's replies) ---------------------


@shape("egg-13", "float")
def trials_bisection_in_floats(n, k):
    """Uses bisection's ceil(log2(k + 1)) in floats where k < 2**n: log2(2**50 + 1) is 50.0."""
    return _W_float(n, k)


@shape("egg-13", "float")
def trials_two_eggs_by_the_float_root(n, k):
    """Two eggs by the quadratic formula in floats, ceil((sqrt(8k + 1) - 1) / 2), more eggs by
    bisection over float binomial sums: right up to 2**50, one short near 2**53."""
    if n == 1:
        return k
    if n == 2:
        return _t2_float(k)

    def sizes(t: int) -> float:
        return sum(float(math.comb(t, i)) for i in range(1, min(n, t) + 1))

    high = 1
    while sizes(high) < k:
        high *= 2
    low = high // 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if sizes(middle) >= k else (middle, high)
    return high


@shape("egg-13", "off by one")
def trials_strictly_above(n, k):
    """The least t with F(n, t) > k, where F(n, t) >= k is asked: one too many at block ends."""
    return _W(n, k + 1)


@shape("egg-13", "wrong model")
def trials_with_the_empty_binomial(n, k):
    """Sums the binomials from C(t, 0): F(n, t) + 1, one size too many per t."""
    t = 0
    high = 1
    while _F(n, high) + 1 < k:
        high *= 2
    low = 0
    while low < high:
        t = (low + high) // 2
        if _F(n, t) + 1 >= k:
            high = t
        else:
            low = t + 1
    return low


@shape("egg-13", "search then formula")
def trials_scanned_then_root(n, k):
    """Steps t = 0, 1, 2, ... up to k = 10**6, and beyond the two-egg estimate's n-th root
    of n! k, rounded up (right in order of magnitude only)."""
    if k <= 10**6:
        t = 0
        while _F(n, t) < k:
            t += 1
        return t
    return math.ceil((math.factorial(n) * k) ** (1 / n))


@shape("egg-13", "off by one")
def trials_bisection_one_size_too_far(n, k):
    """Counts bisection's trials, k.bit_length(), for every k < 2**(n+1) when n >= 9, where
    bisection reaches only k <= 2**(n+1) - 2: one trial short at k = 2**(n+1) - 1."""
    if n >= 9 and k < 2 ** (n + 1):
        return k.bit_length()
    return _W(n, k)


@shape("egg-14", "wrong model")
def drops_as_the_pair_of_ends(n, k):
    """Returns the pair (smallest, largest) of the optimal drops, where the range is asked."""
    return _X_ends(n, k)


@shape("egg-14", "off by one")
def drops_without_the_end(n, k):
    """range(low, high): the largest optimal drop left out."""
    low, high = _X_ends(n, k)
    return range(low, high)


@shape("egg-14", "wrong model")
def drops_up_to_the_trials(n, k):
    """Exercise 1's rule max X = W carried over to every n: range(low, W(n, k) + 1)."""
    t = _W(n, k)
    low, _ = _X_ends(n, k, t)
    return range(low, t + 1)


@shape("egg-14", "float")
def drops_with_bisection_in_floats(n, k):
    """The right ends, with W from ceil(log2(k + 1)) in floats where k < 2**n."""
    low, high = _X_ends(n, k, _W_float(n, k))
    return range(max(1, low), high + 1)


@shape("egg-14", "search then formula")
def drops_searched_then_two_eggs(n, k):
    """Tests every drop by the two branches up to k = 400, and beyond uses the two-egg triangle
    range(k - (t-1)t/2, t + 1) whatever n is."""
    t = _W(n, k)
    if k <= 400:
        return [
            x
            for x in range(1, k + 1)
            if max(_W(n - 1, x - 1) if n > 1 else (math.inf if x > 1 else 0), _W(n, k - x)) == t - 1
        ]
    return range(max(1, k - (t - 1) * t // 2), t + 1)


@shape("egg-14", "wrong model")
def drops_as_a_set(n, k):
    """The right drops, as a set: beyond a few hundred thousand drops no check can read it,
    where a range is asked."""
    low, high = _X_ends(n, k)
    return set(range(low, high + 1)) if high - low < 10**6 else set(range(low, low + 10**6))


def _replies(n: int, k: int, xs) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for x in xs:
        broken, survived = (_W(n - 1, x - 1) if n > 1 else (0 if x == 1 else math.inf)), _W(n, k - x)
        counts[0 if broken < survived else 2 if broken > survived else 1] += 1
    return tuple(counts)


@shape("egg-10", "small inputs only")
def replies_asked_one_by_one_up_to_a_cap(n, k):
    """Asks Lemma 19 about each drop of X(n, k) while it holds at most 500 drops, and beyond
    calls them all "either"."""
    low, high = _X_ends(n, k)
    if high - low < 500:
        return _replies(n, k, range(low, high + 1))
    return (0, high - low + 1, 0)


@shape("egg-10", "off by one")
def replies_without_the_last_drop(n, k):
    """Counts over range(low, high): the largest optimal drop is left out."""
    low, high = _X_ends(n, k)
    if high - low > 500:
        return (0, high - low, 0)
    return _replies(n, k, range(low, high))


@shape("egg-10", "wrong model")
def replies_ties_broken(n, k):
    """Mother Nature breaks the egg on a tie: no drop is counted as "either"."""
    low, high = _X_ends(n, k)
    if high - low > 500:
        return (0, 0, high - low + 1)
    survive, either, broken = _replies(n, k, range(low, high + 1))
    return (survive, 0, either + broken)


@shape("egg-10", "greedy")
def replies_split_at_the_middle(n, k):
    """Guesses that the low half of X(n, k) survives and the high half breaks, with the middle
    drop "either" when the count is odd."""
    low, high = _X_ends(n, k)
    size = high - low + 1
    return (size // 2, size % 2, size // 2)


# -- Lesson IV: egg-6 (REP), egg-7 (L), egg-8 (Y), egg-9 (a robust policy) --------------------


@shape("egg-6", "wrong model")
def rep_count_is_rep(j, n):
    """REP(j, n) = rep(j, n): forgets that Dif = 1 + W shifts every value by one."""
    return _F(n - 1, j - 1) + 1


@shape("egg-6", "off by one")
def rep_count_without_the_one(j, n):
    """rep(j - 1, n) - 1: the binomial sum from C(j-2, 1), leaving out C(j-2, 0)."""
    return 0 if j == 1 else _F(n - 1, j - 2)


@shape("egg-6", "off by one")
def rep_count_with_j_one(j, n):
    """rep(j - 1, n) for j >= 2, and 1 at j = 1, where Dif never takes the value 1."""
    return 1 if j == 1 else _F(n - 1, j - 2) + 1


@shape("egg-6", "float")
def rep_count_in_powers_of_two(j, n):
    """Where j - 2 < n every binomial counts, and the sum is 2**(j-2), written 2.0 ** (j - 2): a float."""
    if j == 1:
        return 0
    if j - 2 < n:
        return 2.0 ** (j - 2)
    return _F(n - 1, j - 2) + 1


@shape("egg-6", "printed sizes")
def rep_count_bisection_beyond_forty_eggs(j, n):
    """Right up to 40 eggs, the most the check's grid once tried; beyond, "more than 40 eggs is as
    good as infinitely many": bisection's count 2**(j-2)."""
    if j == 1:
        return 0
    if n > 40:
        return 2 ** (j - 2)
    return _F(n - 1, j - 2) + 1


@shape("egg-6", "small inputs only")
def rep_count_eggs_capped_at_forty(j, n):
    """rep(j - 1, min(n, 40)): the eggs capped at 40."""
    return 0 if j == 1 else _F(min(n, 40) - 1, j - 2) + 1


@shape("egg-7", "float")
def laplace_total_in_floats(n, k):
    """The right closed form, divided with / : a float where an exact Fraction is asked."""
    t = _W(n, k)
    return (k + t * (k + 1) - _F(n + 1, t)) / (k + 1)


@shape("egg-7", "off by one")
def laplace_total_over_k(n, k):
    """Divides by k, the number of heights, not by k + 1, the number of values of C."""
    t = _W(n, k)
    return Fraction(k + t * (k + 1) - _F(n + 1, t), k)


@shape("egg-7", "wrong model")
def laplace_total_without_the_first_drop(n, k):
    """Nom(n, k) = W(n, 1) + ... + W(n, k): leaves out the k in Nom(n, k) = k + sum W."""
    t = _W(n, k)
    return Fraction(t * (k + 1) - _F(n + 1, t), k + 1)


@shape("egg-7", "search then formula")
def laplace_total_summed_then_float(n, k):
    """Sums W(n, j) exactly up to k = 10**4, and beyond turns the float closed form into a Fraction."""
    if k <= 10**4:
        return Fraction(k + sum(_W(n, j) for j in range(1, k + 1)), k + 1)
    t = _W(n, k)
    return Fraction((k + t * (k + 1) - _F(n + 1, t)) / (k + 1))


@shape("egg-8", "wrong model")
def laplace_drops_as_worst_case_drops(n, k):
    """Y(n, k) taken to be X(n, k): the worst case's optimal drops."""
    low, high = _X_ends(n, k)
    return range(low, high + 1)


@shape("egg-8", "off by one")
def laplace_drops_without_the_end(n, k):
    """range(low, high): the largest optimal drop left out."""
    low, high = _Y_ends(n, k)
    return range(low, high)


@shape("egg-8", "off by one")
def laplace_drops_broken_side_without_its_one(n, k):
    """The broken side's bound F(n-1, t-2) without the + 1: the low end one too low."""
    t = _W(n, k)
    low = max(_F(n - 1, t - 2), k - _F(n, t - 1))
    high = min(_F(n - 1, t - 1) + 1, k - _F(n, t - 2))
    return range(max(1, low), high + 1)


@shape("egg-8", "float")
def laplace_drops_with_bisection_in_floats(n, k):
    """The right ends, with W from ceil(log2(k + 1)) in floats where k < 2**n."""
    low, high = _Y_ends(n, k, _W_float(n, k))
    return range(low, high + 1)


@shape("egg-9", "greedy")
def robust_policy_the_largest_worst_case_drop(n, k):
    """The largest worst-case optimal drop: not optimal under Laplace at every state."""
    return _X_ends(n, k)[1]


@shape("egg-9", "wrong model")
def robust_policy_the_smallest_worst_case_drop(n, k):
    """The smallest worst-case optimal drop: not optimal under Laplace at every state."""
    return _X_ends(n, k)[0]


@shape("egg-9", "off by one")
def robust_policy_above_laplace(n, k):
    """One above the largest Laplace-optimal drop, from an off-by-one in Y's upper end."""
    return min(k, _Y_ends(n, k)[1] + 1)


@shape("egg-9", "float")
def robust_policy_midpoint_of_both(n, k):
    """The middle of the drops optimal in both scenarios, (low + high) / 2: a float where a
    height, an integer, is asked."""
    t = _W(n, k)
    low = max(_X_ends(n, k, t)[0], _Y_ends(n, k, t)[0])
    high = min(_X_ends(n, k, t)[1], _Y_ends(n, k, t)[1])
    return (low + high) / 2


# -- many eggs, few heights: right on the DP's table and at the sizes past 10**3, wrong below --


def _replies_by_thresholds(n: int, k: int) -> tuple[int, int, int]:
    """Mother Nature's replies over X(n, k), counted by Lemma 19's two thresholds on x: the broken
    branch needs t - 1 trials from x = F(n-1, t-2) + 2 on, the survived one up to x = k - F(n, t-2) - 1."""
    t = _W(n, k)
    low, high = _X_ends(n, k, t)
    below = -1 if t < 2 else _F(n - 1, t - 2)  # F(., -1) = -1: with one trial, no branch needs none
    broken_from = below + 2
    survived_to = k - (-1 if t < 2 else _F(n, t - 2)) - 1
    survive = max(0, min(high, broken_from - 1) - low + 1)
    broken = max(0, high - max(low, survived_to + 1) + 1)
    return survive, high - low + 1 - survive - broken, broken


@shape("egg-13", "wrong model")
def trials_one_more_with_many_eggs_below_a_thousand(n, k):
    """Adds a trial with nine or more eggs below k = 1000, as if bisection's count k.bit_length()
    were one short there: right on the DP's table (n <= 8) and past 10**3 only."""
    if n >= 9 and k < 1000:
        return k.bit_length() + 1
    return _W(n, k)


@shape("egg-14", "wrong model")
def drops_every_height_with_many_eggs(n, k):
    """Takes every height 1..k to be optimal with seven or more eggs below k = 1000 ("with that many
    eggs any drop will do"): right on the DP's table (n <= 6) and past 10**3 only."""
    if n >= 7 and k < 1000:
        return range(1, k + 1)
    low, high = _X_ends(n, k)
    return range(low, high + 1)


@shape("egg-10", "wrong model")
def replies_all_either_with_many_eggs(n, k):
    """Calls every optimal drop "either" with seven or more eggs below k = 1000: right on the DP's
    table (n <= 6) and past 10**3 only."""
    if n >= 7 and k < 1000:
        low, high = _X_ends(n, k)
        return (0, high - low + 1, 0)
    return _replies_by_thresholds(n, k)


@shape("egg-7", "off by one")
def laplace_total_one_more_with_many_eggs(n, k):
    """Nom(n, k) one too large with seven or more eggs below k = 1000: right on the DP's table
    (n <= 6) and past 10**3 only."""
    t = _W(n, k)
    total = k + t * (k + 1) - _F(n + 1, t)
    return Fraction(total + (n >= 7 and k < 1000), k + 1)


@shape("egg-8", "wrong model")
def laplace_drops_worst_case_with_many_eggs(n, k):
    """Y(n, k) taken to be X(n, k) with seven or more eggs below k = 1000: right on the DP's table
    (n <= 6) and past 10**3 only (wrong at (7, 8))."""
    low, high = _X_ends(n, k) if n >= 7 and k < 1000 else _Y_ends(n, k)
    return range(low, high + 1)


@shape("egg-9", "wrong model")
def robust_policy_lowest_worst_case_drop_with_many_eggs(n, k):
    """The lowest worst-case optimal drop with six or more eggs below k = 1000, the lowest drop of
    Y(n, k) elsewhere: right at the states played (n <= 5) and past 10**3 only (drop 1 at (6, 8))."""
    if n >= 6 and k < 1000:
        return _X_ends(n, k)[0]
    return _Y_ends(n, k)[0]
