"""The egg model: closed forms against the DP, the DP against brute force, the paper's examples."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.egg import (
    dif,
    expected_drops,
    expected_trials,
    first,
    laplace_drops,
    laplace_numerator,
    laplace_rep,
    laplace_table,
    laplace_trials,
    max_size,
    nature_response,
    one_egg_laplace,
    rep,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)

N_MAX, K_MAX = 8, 600
WORST = worst_case_table(N_MAX, K_MAX)
LAPLACE = laplace_table(N_MAX, K_MAX)

eggs = st.integers(1, N_MAX)
sizes = st.integers(0, K_MAX)


# --- closed forms == the plain DP -----------------------------------------------------


@given(eggs, sizes)
@settings(max_examples=400, deadline=None)
def test_worst_case_closed_form_matches_dp(n, k):
    assert worst_case_trials(n, k) == WORST.value[n, k]
    if k:
        assert worst_case_drops(n, k) == WORST.drops[n][k]


@given(eggs, sizes)
@settings(max_examples=400, deadline=None)
def test_laplace_closed_form_matches_dp(n, k):
    assert laplace_numerator(n, k) == LAPLACE.value[n, k]
    assert laplace_trials(n, k) == LAPLACE.fraction(n, k)
    if k:
        assert laplace_drops(n, k) == LAPLACE.drops[n][k]


def test_laplace_dp_matches_equation_28_in_fractions():
    """The integer DP is eq. (28) multiplied by k + 1: recompute (28) itself with Fractions."""
    n_max, k_max = 4, 40
    value = {(0, 0): Fraction(0)}
    for n in range(1, n_max + 1):
        value[n, 0] = Fraction(0)
        for k in range(1, k_max + 1):
            options = []
            for x in range(1, k + 1):
                if n == 1 and x > 1:
                    continue  # eq. (2): one egg must go to the lowest untested height
                options.append(
                    1
                    + Fraction(1 + k - x, 1 + k) * value[n, k - x]
                    + Fraction(x, 1 + k) * value[n - 1, x - 1]
                )
            value[n, k] = min(options)
            assert value[n, k] == LAPLACE.fraction(n, k)
    for k in range(1, k_max + 1):
        assert value[1, k] == one_egg_laplace(k)  # eq. (10)


@given(st.integers(1, 12), st.integers(1, 60))
@settings(max_examples=300, deadline=None)
def test_rep_first_and_theorem_6(n, j):
    column = [int(WORST.value[n, k]) for k in range(1, K_MAX + 1)] if n <= N_MAX else None
    if column is not None and first(j + 1, n) <= K_MAX:
        assert rep(j, n) == column.count(j)  # definition of rep(j, n)
        assert first(j, n) == column.index(j) + 1  # definition of First(j, n)
    assert rep(j + 1, n + 1) == rep(j, n + 1) + rep(j, n)  # eq. (29)
    assert rep(j, n) == first(j + 1, n) - first(j, n)  # eq. (38)
    assert first(j, n) == rep(j, n + 1)  # eq. (39)
    if j <= n:
        assert rep(j, n) == 2 ** (j - 1)  # eq. (32)
    assert rep(n + 1, n) == 2**n - 1  # eq. (33)
    assert rep(j + 1, n + 1) == 1 + sum(rep(i, n) for i in range(1, j + 1))  # eq. (35), corrected


@given(st.integers(2, 12), st.integers(1, 10**6))
@settings(max_examples=300, deadline=None)
def test_theorem_6_and_lemma_16(n, k):
    w = worst_case_trials(n, k)
    assert w == next(j for j in range(1, k + 2) if rep(j + 1, n + 1) > k)  # eq. (37); rep grows with j
    assert sum(rep(i, n) for i in range(1, w + 1)) >= k > sum(rep(i, n) for i in range(1, w))  # (36)


def test_dif_and_rep_tables_from_the_dp():
    """Dif(j, n) from the DP's numerators; REP(j, n) counts them (Tables 9 and 10)."""
    for n in range(1, N_MAX + 1):
        difs = [int(LAPLACE.value[n, k] - LAPLACE.value[n, k - 1]) for k in range(1, K_MAX + 1)]
        assert difs == sorted(difs)  # Nom(n, .) is convex
        assert difs == [dif(j, n) for j in range(1, K_MAX + 1)]
        for j in range(1, difs[-1]):
            assert laplace_rep(j, n) == difs.count(j)


def test_max_size_is_the_largest_size_settled():
    for n in range(1, N_MAX + 1):
        for t in range(0, 12):
            settled = [k for k in range(K_MAX + 1) if WORST.value[n, k] <= t]
            if max_size(n, t) < K_MAX:
                assert max(settled) == max_size(n, t)


# --- the DP against brute force over explicit policies ---------------------------------


def policies(n, k):
    """Every feasible egg-dropping policy for n eggs and k untested heights, as a tree."""
    if k == 0:
        yield None
        return
    if n == 0:
        return
    for x in range(1, k + 1):
        for on_break in policies(n - 1, x - 1):
            for on_survive in policies(n, k - x):
                yield (x, on_break, on_survive)


def trials(policy, critical):
    """Play a policy against the critical height C (relative, 0..k): drop, look, repeat."""
    count, low = 0, 0  # heights low+1.. are untested; the policy's x is relative to low
    while policy is not None:
        x, on_break, on_survive = policy
        count += 1
        if low + x > critical:
            policy = on_break
        else:
            policy, low = on_survive, low + x
    return count


@pytest.mark.parametrize("n,k", [(n, k) for n in (1, 2, 3) for k in range(0, 8)] + [(4, 6)])
def test_dp_matches_brute_force_over_policies(n, k):
    best_worst, best_total = None, None
    first_worst, first_total = set(), set()
    for policy in policies(n, k):
        costs = [trials(policy, c) for c in range(k + 1)]
        worst, total = max(costs), sum(costs)
        x = policy[0] if policy else None
        if best_worst is None or worst < best_worst:
            best_worst, first_worst = worst, {x}
        elif worst == best_worst:
            first_worst.add(x)
        if best_total is None or total < best_total:
            best_total, first_total = total, {x}
        elif total == best_total:
            first_total.add(x)
    assert best_worst == worst_case_trials(n, k)
    assert Fraction(best_total, k + 1) == laplace_trials(n, k)
    if k:
        assert first_worst == set(worst_case_drops(n, k))
        assert first_total == set(laplace_drops(n, k))


@pytest.mark.parametrize("seed", range(6))
def test_expected_trials_matches_brute_force(seed):
    import random

    rng = random.Random(seed)
    n, size = rng.choice([(1, 4), (2, 5), (2, 6), (3, 6)])
    prior = [Fraction(rng.randint(1, 9), rng.randint(1, 4)) for _ in range(size + 1)]
    total = sum(prior)
    best, drops = None, set()
    for policy in policies(n, size):
        value = sum(p * trials(policy, c) for c, p in enumerate(prior)) / total
        if best is None or value < best:
            best, drops = value, {policy[0]}
        elif value == best:
            drops.add(policy[0])
    assert expected_trials(n, prior) == best
    assert set(expected_drops(n, prior)) == drops


def test_expected_trials_with_a_uniform_prior_is_laplace():
    for n, size in product((1, 2, 3), (0, 1, 5, 12)):
        assert expected_trials(n, [7] * (size + 1)) == laplace_trials(n, size)


# --- the paper's worked examples ---------------------------------------------------------


def test_lemma_1_example_three_heights():
    """H = 3, C uniform on 0..3, one egg: E[T] = 9/4 (the paper's example after Lemma 1)."""
    assert laplace_trials(1, 3) == Fraction(9, 4)
    assert expected_trials(1, [1, 1, 1, 1]) == Fraction(9, 4)


def test_theorem_6_example():
    """n = 7, k = 300: rep(10, 8) is the first value above 300, so W = 9."""
    assert rep(9, 8) <= 300 < rep(10, 8)
    assert worst_case_trials(7, 300) == 9


def test_h_11_second_largest_policy():
    """The worked H = 11 example: drop at the second largest element of X(2, k); Nature never breaks it."""
    k, heights = 11, []
    while k > 1:
        drops = worst_case_drops(2, k)
        p = drops[-2] if len(drops) > 1 else drops[-1]
        assert nature_response(2, k, p) in ("survive", "either")
        heights.append((heights[-1] if heights else 0) + p)
        k -= p
    heights.append(heights[-1] + 1)
    assert heights == [4, 7, 9, 10, 11]
    assert len(heights) == worst_case_trials(2, 11) == 5


def test_huge_sizes():
    assert worst_case_trials(1, 10**30) == 10**30
    t = worst_case_trials(2, 10**30)
    assert t * (t - 1) // 2 < 10**30 <= t * (t + 1) // 2
    for n in range(1, 65):
        t = worst_case_trials(n, 10**30)
        assert max_size(n, t - 1) < 10**30 <= max_size(n, t)


def test_y_inside_x_and_nature_ties():
    """Exercises 5 and 9 on the DP: every optimal Laplace drop is worst-case optimal."""
    for n in range(1, N_MAX + 1):
        for k in range(1, K_MAX + 1):
            assert set(LAPLACE.drops[n][k]) <= set(WORST.drops[n][k])


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: worst_case_trials(0, 5), "positive number of eggs, got 0"),
        (lambda: worst_case_trials(-2, 5), "positive number of eggs"),
        (lambda: worst_case_trials(2, -1), "cannot be negative"),
        (lambda: worst_case_trials(2.5, 3), "whole number"),
        (lambda: worst_case_drops(2, 0), "empty"),
        (lambda: laplace_trials(2, -3), "cannot be negative"),
        (lambda: laplace_drops(0, 3), "positive number of eggs"),
        (lambda: expected_trials(2, []), "prior is empty"),
        (lambda: expected_trials(2, [1, -1, 2]), "weight of C = 1 is -1"),
        (lambda: expected_trials(2, [1, 0.5]), "exact number"),
        (lambda: nature_response(2, 5, 6), "inside the interval, 1..5, got 6"),
        (lambda: nature_response(2, 5, 0), "inside the interval"),
        (lambda: rep(0, 3), "starts at 1"),
        (lambda: first(2, 0), "positive number of eggs"),
    ],
)
def test_bad_input_raises_a_sentence(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_nature_with_one_egg_breaks_a_skipping_drop():
    assert nature_response(1, 5, 3) == "break"
    assert nature_response(1, 5, 1) == "survive"
    assert nature_response(1, 1, 1) == "either"


@pytest.mark.parametrize("n, k", [(-1, 3), (0, 3), (9, 3), (2, 601), (2, -1), (2.5, 3), (True, 3), ("2", 3)])
def test_a_table_entry_outside_the_table_is_refused(n, k):
    # numpy wrapped -1 to the last row, and fraction(2, -1) divided by zero
    laplace = laplace_table(N_MAX, K_MAX)
    with pytest.raises(ValueError, match=r"this table holds n = 1\.\.8 and k = 0\.\.600|must be|at least"):
        laplace.fraction(n, k)
    # the entries inside still agree with the closed form
    assert laplace.fraction(8, 600) == laplace_trials(8, 600) and laplace.fraction(1, 0) == 0


@pytest.mark.parametrize("value, drops", [(None, None), ("x", 5), ([[0, 1]], [[range(0), range(1, 2)]])])
def test_a_table_is_built_by_the_package_not_by_hand(value, drops):
    from puzzles.egg import DPTable

    with pytest.raises(ValueError, match="DPTable"):
        DPTable(value, drops)


def test_max_size_refuses_negative_counts():
    with pytest.raises(ValueError, match="the number of eggs n must be at least 0, got -1"):
        max_size(-1, 5)
    with pytest.raises(ValueError, match="the number of trials t must be at least 0, got -3"):
        max_size(2, -3)
    # F(0, t) = F(n, 0) = 0: nothing is settled without an egg or a trial
    assert max_size(0, 5) == max_size(3, 0) == 0


def test_rep_holds_its_cap_on_the_number_of_eggs():
    from math import comb

    # rep(j, n) sums n - 1 binomials: the documented cap of 10 000 terms is on n
    with pytest.raises(ValueError, match=r"eggs n of rep\(j, n\).*10001.*\(10000\)"):
        rep(10**9, 10_001)
    with pytest.raises(ValueError, match=r"eggs n of REP\(j, n\)"):
        laplace_rep(10**9, 10_001)
    assert rep(40, 5) == sum(comb(39, i) for i in range(5))
