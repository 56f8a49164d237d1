"""The two-egg exercises of Lessons I and II (egg-1 .. egg-5, egg-11).

Each check accepts the lesson's worked solution and refuses near misses: an answer right only
on the sizes a lesson shows, one off by one, a drop optimal in one scenario only, a float where
an exact value is asked, a loop or a DP where a formula is asked (beaten by sizes near 10**15),
and the package's own solver (these exercises are done without ``puzzles.egg``). The evidence
is independent of the checks: a plain recursion of eqs. (17) and (28), written again here, and
the shipped closed forms compared with it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import isqrt
from pathlib import Path

import pytest

from puzzles.course.checker import registration
from puzzles.egg import exercises as egg_exercises
from puzzles.egg import (
    laplace_drops,
    laplace_numerator,
    laplace_table,
    one_egg_laplace,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)
from support.adversaries import (
    accepted,
    lookup_table,
    rejected,
    time_limit,
    worked_answer,
)
from support.giveaways import giveaways
from support.shapes import hidden_cases_hold, refused_when_graded

ROOT = Path(__file__).resolve().parents[2]
LESSON_I = ROOT / "notebooks" / "egg" / "01-worst-case.ipynb"
LESSON_II = ROOT / "notebooks" / "egg" / "02-expected-value.ipynb"
LESSON_OF = {"egg-11": LESSON_I, "egg-1": LESSON_I, "egg-2": LESSON_II, "egg-3": LESSON_II}
LESSON_OF |= {"egg-4": LESSON_II, "egg-5": LESSON_II}
IDS = sorted(LESSON_OF)
PROOFS = {"egg-1", "egg-4", "egg-5"}  # exercises that ask for an argument as well as a function

# -- independent evidence: eqs. (17) and (28) by plain recursion, for small k ------------------

SMALL = 120


@cache
def brute_w(n: int, k: int) -> int:
    """Eq. (17) as it stands."""
    if k == 0:
        return 0
    if n == 0:
        return 10**9
    return 1 + min(max(brute_w(n - 1, x - 1), brute_w(n, k - x)) for x in range(1, k + 1))


def brute_x(k: int) -> list[int]:
    t = brute_w(2, k)
    return [x for x in range(1, k + 1) if 1 + max(brute_w(1, x - 1), brute_w(2, k - x)) == t]


@cache
def brute_l(n: int, k: int) -> Fraction:
    """Eq. (28) in exact fractions, with L(1, k) from Lemma 1 summed term by term."""
    if k == 0:
        return Fraction(0)
    if n == 1:
        return Fraction(sum(range(1, k)) + 2 * k, k + 1)
    return 1 + min(laplace_cost(n, k, x) for x in range(1, k + 1))


def laplace_cost(n: int, k: int, x: int) -> Fraction:
    """L(n, k | x) - 1: the expected trials after the first drop x."""
    return Fraction(k + 1 - x, k + 1) * brute_l(n, k - x) + Fraction(x, k + 1) * brute_l(n - 1, x - 1)


def brute_y(k: int) -> list[int]:
    best = brute_l(2, k) - 1
    return [x for x in range(1, k + 1) if laplace_cost(2, k, x) == best]


def brute_penalty(k: int) -> int:
    """max over X(2, k) of (k+1) L(2, k | x), minus (k+1) L(2, k), from the recursions."""
    worst = max(laplace_cost(2, k, x) for x in brute_x(k))
    extra = (k + 1) * (worst - (brute_l(2, k) - 1))
    assert extra.denominator == 1
    return int(extra)


def w2(k: int) -> int:
    t = (isqrt(8 * k + 1) - 1) // 2
    return t if t * (t + 1) // 2 >= k else t + 1


def block(k: int) -> tuple[int, int]:
    """(t, q): t = W(2, k) and q, the position of k in its block of equal W (0..t-1)."""
    t = w2(k)
    return t, k - t * (t - 1) // 2 - 1


def worked(exercise_id: str):
    return worked_answer(LESSON_OF[exercise_id], exercise_id)


# -- the worked solutions --------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_worked_solution_is_accepted(exercise_id):
    verdict = accepted(exercise_id, worked(exercise_id))
    assert "10**18" in verdict.message


def test_the_worked_solutions_agree_with_the_recursions():
    """Independent of the checks: eqs. (17) and (28) by plain recursion, for k <= SMALL."""
    one_egg = worked("egg-11")
    ends, y2, numerator = worked("egg-1"), worked("egg-2"), worked("egg-3")
    robust, penalty = worked("egg-4"), worked("egg-5")
    for k in range(1, SMALL + 1):
        assert one_egg(k) == brute_l(1, k)
        x_drops, y_drops = brute_x(k), brute_y(k)
        assert ends(k) == (min(x_drops), max(x_drops)) and max(x_drops) == brute_w(2, k)
        assert sorted(y2(k)) == y_drops
        assert numerator(k) == (k + 1) * brute_l(2, k)
        assert robust(k) in x_drops and robust(k) in y_drops
        assert penalty(k) == brute_penalty(k)


def test_the_references_beyond_the_dp_agree_with_the_dp_and_with_each_other():
    """The checks' closed forms (used up to 10**15) against the DP, and two routes to the penalty."""
    worst, laplace = worst_case_table(2, 3000), laplace_table(2, 3000)
    for k in range(1, 3001):
        assert egg_exercises._two_egg_total(k) == laplace.value[2, k]
        assert worst_case_drops(2, k) == worst.drops[2][k]
        assert laplace_drops(2, k) == laplace.drops[2][k]
    penalties = egg_exercises._laplace_penalties()
    for k in range(1, egg_exercises.TWO_EGG_SIZES + 1):
        assert egg_exercises._laplace_penalty_closed(k) == penalties[k]
    for k in (10**5 + 7, 10**6, 1234567, 10**15 + 3):  # the reference against a block sum written here
        t = w2(k)
        block_sum = k + (t - 1) * t * (2 * t - 1) // 6 + t * (k - t * (t - 1) // 2)
        assert egg_exercises._two_egg_total(k) == block_sum
    for k in egg_exercises.BEYOND_DP_SIZES:  # end points of a convex cost against the closed sum
        t, q = block(k)
        assert egg_exercises._laplace_penalty_closed(k) == (t - 1 - q) * (t - 2 - q) // 2
        assert worst_case_drops(2, k) == range(q + 1, t + 1)
        assert laplace_drops(2, k) == range(max(q + 1, t - 1), t + 1)


def test_the_sizes_beyond_the_dp_reach_ten_to_the_fifteen_and_every_kind_of_block_position():
    sizes = egg_exercises.BEYOND_DP_SIZES
    assert max(sizes) == 10**18 and min(sizes) > egg_exercises.TWO_EGG_SIZES
    assert any(abs(size - 2**53) < 10**9 for size in sizes), "no block end near 2**53, where floats fail"
    positions = {(q == 0, q == 1, q == t - 2, q == t - 1) for t, q in map(block, sizes)}
    assert {(True, False, False, False), (False, True, False, False)} <= positions
    assert {(False, False, True, False), (False, False, False, True)} <= positions


# -- loops, forgotten returns, the package, lookup tables ------------------------------------


# a loop and a forgotten return: tests/course/test_every_exercise.py, for every exercise


PACKAGE_ANSWERS = {
    "egg-11": lambda k: one_egg_laplace(k),
    "egg-1": lambda k: (worst_case_drops(2, k)[0], worst_case_drops(2, k)[-1]),
    "egg-2": lambda k: laplace_drops(2, k),
    "egg-3": lambda k: laplace_numerator(2, k),
    "egg-4": lambda k: laplace_drops(2, k)[-1],
    "egg-5": lambda k: 0 if len(worst_case_drops(2, k)) < 3 else len(worst_case_drops(2, k)),
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_packages_own_solver_is_refused(exercise_id):
    rejected(exercise_id, PACKAGE_ANSWERS[exercise_id], why="without puzzles.egg")


def test_a_helper_that_calls_the_package_is_refused_too():
    def helper(k):
        return worst_case_trials(2, k)

    def robust_drop(k):
        return helper(k)

    rejected("egg-4", robust_drop, why="worst_case_trials")


# the values the lessons print above each check (Tables 1 to 4 and the lesson's own tables)
TABLE_1 = {1: 1, 2: Fraction(5, 3), 3: Fraction(9, 4), 4: Fraction(14, 5), 5: Fraction(10, 3)}
TABLE_1 |= {10: Fraction(65, 11), 50: Fraction(1325, 51), 100: Fraction(5150, 101)}
SHOWN_SIZES = [*range(1, 22), 36]


def shown(exercise_id: str) -> dict:
    """What a student could copy from the lesson: the table values, computed again here."""
    if exercise_id == "egg-11":
        return TABLE_1
    if exercise_id == "egg-1":
        return {k: (min(brute_x(k)), max(brute_x(k))) for k in SHOWN_SIZES}
    if exercise_id == "egg-2":
        return {k: set(brute_y(k)) for k in SHOWN_SIZES}
    if exercise_id == "egg-3":
        return {k: int((k + 1) * brute_l(2, k)) for k in SHOWN_SIZES}
    if exercise_id == "egg-4":
        return {k: max(brute_y(k)) for k in SHOWN_SIZES}
    return {k: brute_penalty(k) for k in (4, 7, 10)}  # egg-5: only k = 7 is worked in the text


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_lookup_table_of_the_shown_values_is_refused(exercise_id):
    table = shown(exercise_id)
    fallback = {"egg-1": (1, 1), "egg-2": {1}, "egg-11": Fraction(1)}.get(exercise_id, 1)
    # egg-11's check starts at k = 0; egg-3's asks k = 1..2000 first (L(2,k) and N(k) differ there)
    smallest = 0 if exercise_id == "egg-11" else 1
    first_unshown = min(k for k in range(smallest, 100) if k not in table)
    rejected(exercise_id, lookup_table(table, fallback=fallback), why=f"k = {first_unshown}")


# -- near misses, exercise by exercise -------------------------------------------------------


def test_egg_11_refuses_a_last_value_counted_once_and_floats():
    rejected("egg-11", lambda k: Fraction(k, 2), why="k = 1")  # T = k once, not twice
    verdict = rejected("egg-11", lambda k: k / 2 + k / (k + 1), why="float")
    assert "k = 0" in verdict.message  # the check starts at k = 0, as the statement says


def test_egg_11_refuses_lemma_1_summed_term_by_term_at_sizes_near_ten_to_the_fifteen():
    def one_egg_expected(k):
        return Fraction(sum(t for t in range(1, k)) + 2 * k, k + 1)

    with time_limit("egg-11", 2):
        verdict = rejected("egg-11", one_egg_expected)
    assert "formula in k" in verdict.message or "took longer" in verdict.message


def test_egg_1_refuses_a_triangle_that_starts_at_one_and_a_top_off_by_one():
    rejected("egg-1", lambda k: (1, w2(k)), why="smallest counterexample at k = 3")
    rejected("egg-1", lambda k: [block(k)[1] + 1, w2(k) - 1], why="k = 1")


def test_egg_1_refuses_a_hand_written_dp_by_the_sizes_beyond_it():
    trials = [0]  # W(2, m) for m = 0, 1, ..., filled bottom-up as far as asked

    def optimal_drop_range(k):
        while len(trials) <= k:
            m = len(trials)
            trials.append(1 + min(max(x - 1, trials[m - x]) for x in range(1, m + 1)))
        drops = [x for x in range(1, k + 1) if 1 + max(x - 1, trials[k - x]) == trials[k]]
        return drops[0], drops[-1]

    with time_limit("egg-1", 2):
        rejected("egg-1", optimal_drop_range)


def test_egg_2_refuses_the_old_text_and_two_drops_everywhere():
    def two_drops(k):
        t = w2(k)
        return {t - 1, t} if t > 1 else {1}

    rejected("egg-2", two_drops, why="smallest counterexample at k = 3")

    def old_text(k):  # "{t-1} at q = 0", which never happens
        t, q = block(k)
        return {t - 1} if q == 0 and t > 1 else set(range(max(q + 1, t - 1), t + 1))

    rejected("egg-2", old_text, why="k = 2")


def test_egg_3_refuses_steps_without_the_first_trial_a_float_and_a_loop_over_k():
    def steps_of_w(k):
        t, _ = block(k)
        return (t - 1) * t * (2 * t - 1) // 6 + t * (k - t * (t - 1) // 2)

    rejected("egg-3", steps_of_w, why="k = 1")

    def in_floats(k):
        t, _ = block(k)
        return k + (t - 1) * t * (2 * t - 1) / 6 + t * (k - t * (t - 1) / 2)

    rejected("egg-3", in_floats, why="float")

    def loop(k):  # the lesson's former worked solution: right, but O(k)
        return sum(1 + w2(size) for size in range(1, k + 1))

    with time_limit("egg-3", 2):
        verdict = rejected("egg-3", loop)
    assert "formula in k" in verdict.message or "took longer" in verdict.message


def test_egg_4_refuses_a_drop_optimal_in_one_scenario_only():
    def lowest_worst_case_drop(k):
        return block(k)[1] + 1  # min X(2, k): worst-case optimal, Laplace-optimal only sometimes

    rejected("egg-4", lowest_worst_case_drop, why="worst-case optimal but not optimal under Laplace")
    rejected("egg-4", lambda k: w2(k) + 1 if k > 1 else 1, why="optimal in neither scenario")
    rejected("egg-4", lambda k: float(w2(k)), why="float")


def test_egg_4_refuses_a_drop_that_turns_one_sided_only_beyond_the_dp():
    def robust_drop(k):
        t, q = block(k)
        return t if k <= 2000 else q + 1

    verdict = rejected("egg-4", robust_drop, why="not optimal under Laplace")
    assert any(f"k = {k} " in verdict.message for k in egg_exercises.BEYOND_DP_SIZES)


def test_egg_4_checks_both_sets_an_x_only_check_would_pass_the_lowest_drop():
    """The lowest worst-case drop is in X(2, k) everywhere and outside Y(2, k) somewhere."""
    lowest = {k: block(k)[1] + 1 for k in range(1, SMALL + 1)}
    assert all(x in brute_x(k) for k, x in lowest.items())
    assert any(x not in brute_y(k) for k, x in lowest.items())


def test_egg_5_refuses_the_old_boolean_a_missing_flat_step_and_expected_values():
    rejected("egg-5", True)
    rejected("egg-5", False)

    def no_flat_step(k):
        t, q = block(k)
        return (t - q) * (t - 1 - q) // 2

    rejected("egg-5", no_flat_step, why="k = 2")

    def per_value_of_c(k):
        t, q = block(k)
        return Fraction((t - 1 - q) * (t - 2 - q), 2 * (k + 1))

    rejected("egg-5", per_value_of_c, why="Fraction")


def test_egg_5_refuses_a_scan_over_x_2_k_by_the_sizes_beyond_the_dp():
    def laplace_penalty(k):
        t, q = block(k)

        def cost(x):
            return (x - 1) * (x + 2) // 2 + egg_numerator(k - x)  # Nom(1, x-1) + N(k-x)

        return max(cost(x) for x in range(q + 1, t + 1)) - min(cost(x) for x in range(q + 1, t + 1))

    def egg_numerator(k):
        t, _ = block(k)
        return k + (t - 1) * t * (2 * t - 1) // 6 + t * (k - t * (t - 1) // 2)

    assert all(laplace_penalty(k) == brute_penalty(k) for k in range(1, 60))  # right, but O(sqrt k)
    with time_limit("egg-5", 2):
        verdict = rejected("egg-5", laplace_penalty)
    assert "formula in k" in verdict.message or "took longer" in verdict.message


# -- the lessons: statements, hidden solutions, and the facts their text states --------------


@pytest.mark.parametrize("exercise_id", IDS)
def test_each_exercise_is_registered_without_the_package_and_with_giveaways(exercise_id):
    entry = registration(exercise_id)
    assert entry.without == ("puzzles.egg",)
    assert giveaways(exercise_id), exercise_id


def test_the_lessons_text_agrees_with_the_computation():
    # Lesson I: for k = 36 only floor 8 is optimal (the text once said "any floor from 1 to 8")
    assert brute_x(36) == [8] and brute_w(2, 36) == 8
    # Lesson II: Y(2, k) is {t-1, t} or {t}, never {t-1} alone
    laplace = laplace_table(2, 3000)
    for k in range(1, 3001):
        t, q = block(k)
        assert list(laplace.drops[2][k]) == ([t] if q == t - 1 else [t - 1, t])
    # Lesson II: L(2, k) increases strictly and never exceeds W(2, k); equal only at k = 1 and 3
    values = [laplace.fraction(2, k) for k in range(3001)]
    assert all(values[k] < values[k + 1] for k in range(3000))
    assert [k for k in range(1, 3001) if values[k] == w2(k)] == [1, 3]
    assert all(values[k] < w2(k) for k in range(4, 3001))


# -- graded: the hidden sizes ------------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", IDS)
def test_graded_the_worked_solution_passes_and_a_table_of_the_public_sizes_does_not(exercise_id):
    hidden_cases_hold(exercise_id, worked(exercise_id))


def test_graded_a_dp_up_to_the_public_range_and_the_public_far_sizes_learnt_by_heart_is_refused():
    # right on 1..2000 by a plain search, right at the public sizes beyond (copied from the check),
    # and the lowest drop of the block's top elsewhere: the shape of "a search on small inputs"
    far = {k: (k - t * (t - 1) // 2, t) for k in egg_exercises.BEYOND_DP_SIZES for t, _ in [block(k)]}

    def searched(k):
        if k in far:
            return far[k]
        t = w2(k)
        return (max(1, k - t * (t - 1) // 2), t) if k <= 2000 else (1, t)

    refused_when_graded("egg-1", searched)


# -- egg-12 (Lesson I): F(n, t), the largest size n eggs settle in t trials -------------------


def brute_largest(n: int, t: int) -> int:
    """F(n, t) read off eq. (17) by plain recursion: the largest k <= SMALL with W(n, k) <= t."""
    return max(k for k in range(SMALL + 1) if brute_w(n, k) <= t)


def test_egg_12_worked_solution_agrees_with_the_recursion_of_eq_17_and_is_accepted():
    largest = worked_answer(LESSON_I, "egg-12")
    for n in range(0, 5):
        for t in range(0, 8):
            if brute_w(n, SMALL) > t:  # the largest such k lies below SMALL
                assert largest(n, t) == brute_largest(n, t), (n, t)
    verdict = accepted("egg-12", largest)
    assert "10**18" in verdict.message


def test_egg_12_references_agree_with_the_dp_and_reach_past_floats():
    by_dp = egg_exercises._largest_sizes_by_dp()
    assert by_dp[2, 8] == 36 and by_dp[0, 5] == 0 and by_dp[3, 4] == 14  # 36 storeys in 8 trials
    for (n, t), size in by_dp.items():
        assert size == egg_exercises._max_size(n, t)
    far = egg_exercises.LARGEST_FAR
    assert max(t for _, t in far) == 10**18 and (2, 2**53 + 1) in far
    assert any(n >= t > 100 for n, t in far), "no case where F(n, t) = 2**t - 1 with many trials"


def test_egg_12_refuses_the_package_a_recursion_and_a_float_formula():
    rejected("egg-12", lambda n, t: worst_case_table(n, 3).value[n, 1] * 0 + 1, why="without puzzles.egg")

    @cache
    def recursion(n, t):
        if n == 0 or t == 0:
            return 0
        return recursion(n - 1, t - 1) + 1 + recursion(n, t - 1)

    rejected("egg-12", recursion, why="(n, t) = (1, 1000)")
    triangular_or_bisection = lambda n, t: 0 if n == 0 else t * (t + 1) // 2 if n == 2 else 2**t - 1  # noqa: E731
    rejected("egg-12", triangular_or_bisection, why="(n, t) = (1, 2)")


def test_egg_12_graded_hidden_cases_hold():
    hidden_cases_hold("egg-12", worked_answer(LESSON_I, "egg-12"))


# -- the verdicts name the real fault --------------------------------------------------------------


def _total(k: int) -> int:
    """N(k) = k + W(2,1) + ... + W(2,k), by blocks of equal W (t whole blocks below k's)."""
    t, q = block(k)
    return k + sum(s * s for s in range(1, t)) + (q + 1) * t


def test_egg3_names_l_only_for_a_fraction_not_for_an_integer_that_equals_it_at_one_k():
    without_the_first_drops = rejected("egg-3", lambda k: _total(k) - k)  # forgot the 1 + of each step
    assert (
        "at k = 1 your N(k) gives 1, where the dynamic programme gives 2" in without_the_first_drops.message
    )
    assert "which is L(2,k)" not in without_the_first_drops.message
    as_a_fraction = rejected("egg-3", lambda k: Fraction(_total(k), k + 1))
    assert "which is L(2,k) = N(k)/(k+1)" in as_a_fraction.message


def _warm_started(answer):
    """``answer(k, t)`` with t = W(2,k) searched upwards from the previous call's t: wrong for a
    small k asked after a large one."""
    state = {"t": 0}

    def warm(k):
        t = max(state["t"], isqrt(2 * k) - 1)
        while t * (t + 1) // 2 < k:
            t += 1
        state["t"] = t
        return answer(k, t)

    return warm


def test_egg3_and_egg4_say_when_the_failing_small_size_came_after_the_large_ones():
    numerator = rejected(
        "egg-3", _warm_started(lambda k, t: k + (t - 1) * t * (2 * t - 1) // 6 + (k - t * (t - 1) // 2) * t)
    )
    assert "at k = 0 (asked after k = 1..2000)" in numerator.message, numerator
    drop = rejected("egg-4", _warm_started(lambda k, t: t))
    assert "at k = 1 (asked again after the large sizes) your drop" in drop.message, drop
