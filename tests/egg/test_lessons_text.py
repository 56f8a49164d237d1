"""What the egg lessons' text states, computed again: the ranges the exercise statements promise
are the ranges their checks test, and the facts the lessons add to the source hold.

A statement that says "up to 10^15" while its check goes to 10**18, or "10^{10} drops" while the
check meets 10**15 of them, misleads the student about what the check asks of her answer: these
tests tie every figure of a statement to the check's own constants.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from puzzles.course.display import decimal
from puzzles.egg import exercises as egg_exercises
from puzzles.egg import (
    expected_trials,
    first,
    laplace_drops,
    laplace_numerator,
    laplace_trials,
    rep,
    worst_case_drops,
    worst_case_trials,
)
from puzzles.egg.plots import honest_decimal
from puzzles.egg.widgets import prior_shape
from puzzles.instructor import course as model

COURSE = model.load()
EGG = {exercise.id: exercise for exercise in COURSE.exercises if exercise.id.startswith("egg-")}
TWO_EGGS = ("egg-11", "egg-1", "egg-2", "egg-3", "egg-4", "egg-5")
MANY_EGGS = ("egg-13", "egg-14", "egg-10", "egg-7", "egg-8", "egg-9")


def statement(exercise_id: str) -> str:
    exercise = EGG[exercise_id]
    return exercise.lesson.notebook.cells[exercise.cells.statement].source


def about(value: int) -> str:
    """``1.1 \\cdot 10^{15}``: a size as the statements write it, from the checks' own figure."""
    words = egg_exercises._powers(value)  # "about 1.1*10**15"
    mantissa, exponent = words.removeprefix("about ").split("*10**")
    power = exponent if len(exponent) == 1 else "{" + exponent + "}"
    return f"{mantissa} \\cdot 10^{power}"


def test_every_egg_exercise_is_covered():
    assert set(EGG) == set(TWO_EGGS) | set(MANY_EGGS) | {"egg-6", "egg-12"}


def test_exercise_12_states_the_range_its_check_tests():
    text = statement("egg-12")
    assert max(t for _, t in egg_exercises.LARGEST_FAR) == 10**18 and "$10^{18}$" in text
    assert max(n for n, _ in egg_exercises.LARGEST_FAR if n < 100) == 64 and "64 eggs" in text
    assert max(t for n, t in egg_exercises.LARGEST_FAR if t <= n < 10**6) == 200 and "$t = 200$" in text
    assert (
        f"$n \\le {egg_exercises.LARGEST_EGGS}$" in text and f"$k \\le {egg_exercises.LARGEST_SIZES}$" in text
    )


def test_exercise_13_states_the_float_sizes_its_check_tests():
    text = statement("egg-13")
    cases = egg_exercises._past_floats()
    assert max(k for _, k in cases) >= 10**18 - 10**10 and {n for n, _ in cases} == {2, 3}
    assert "$2^{53}$" in text and "$10^{18}$" in text and "two and three" in text


@pytest.mark.parametrize("exercise_id", TWO_EGGS)
def test_two_egg_statements_state_the_range_their_checks_test(exercise_id):
    sizes = egg_exercises.BEYOND_DP_SIZES
    assert max(sizes) == 10**18 and round(min(sizes), -4) == 10**4
    text = statement(exercise_id)
    assert "10^{18}" in text, exercise_id
    assert "up to $10^{15}$" not in text and "10^{15}$," not in text, exercise_id


@pytest.mark.parametrize("exercise_id", MANY_EGGS)
def test_many_egg_statements_state_the_range_their_checks_test(exercise_id):
    assert egg_exercises.MANY_LARGEST == 2**50 + 1
    assert max(n for n, _ in egg_exercises.MANY_BEYOND_SIZES) == 64
    text = statement(exercise_id)
    assert "2^{50} + 1" in text and "64 eggs" in text, exercise_id
    if exercise_id in ("egg-13", "egg-7"):  # the smallest size beyond the DP, rounded
        assert round(egg_exercises.MANY_SMALLEST, -3) == 10**3
        assert "$10^3$ to $2^{50} + 1$" in text
    assert "\\le 10^{15}$" not in text and "up to $10^{15}$" not in text, exercise_id


def test_the_sizes_the_statements_name_are_the_checks_largest():
    assert about(egg_exercises.MANY_LARGEST) == "1.1 \\cdot 10^{15}"
    for exercise_id in MANY_EGGS:
        assert about(egg_exercises.MANY_LARGEST) in statement(exercise_id)
    # Exercises 10 and 14: the most optimal drops the check meets, X(64, 2**50) = {1, ..., 2**50}
    assert egg_exercises.MOST_OPTIMAL_DROPS == 2**50 == len(worst_case_drops(64, 2**50))
    for exercise_id in ("egg-10", "egg-14"):
        assert f"about ${about(egg_exercises.MOST_OPTIMAL_DROPS)}$ drops" in statement(exercise_id)
    # Exercise 6: the largest count, REP(150, 100) = rep(149, 100)
    assert egg_exercises.REP_LARGEST == rep(149, 100)
    assert f"${about(egg_exercises.REP_LARGEST)}$ sizes" in statement("egg-6")
    # Exercise 5: X(2, k) holds up to W(2, k) drops, about 1.4e9 at the sizes near 10**18
    most = max(len(worst_case_drops(2, k)) for k in egg_exercises.BEYOND_DP_SIZES)
    assert f"about ${about(most)}$ drops" in statement("egg-5")


def test_lesson_i_hint_float_trouble_starts_at_two_to_the_53():
    assert float(2**53 + 1) == float(2**53) and round(2**53, -15) == 9 * 10**15
    assert "2^{53} \\approx 9 \\cdot 10^{15}" in statement("egg-1")


# -- Lesson II ------------------------------------------------------------------------------------


def test_lesson_ii_small_example_floors_one_and_three_tie_because_one_and_two_eggs_cost_the_same():
    def first_drop(x: int, k: int = 3) -> Fraction:
        return (
            1
            + Fraction(x, k + 1) * laplace_trials(1, x - 1)
            + Fraction(k + 1 - x, k + 1) * laplace_trials(2, k - x)
        )

    assert [first_drop(x) for x in (1, 2, 3)] == [Fraction(9, 4), 2, Fraction(9, 4)]
    assert laplace_trials(1, 2) == laplace_trials(2, 2) == Fraction(5, 3)
    assert laplace_trials(1, 3) != laplace_trials(2, 3)  # no mirror in general


def test_lesson_ii_geometric_prior_is_below_two_and_never_shown_as_two():
    value = expected_trials(2, prior_shape("geometric", 20))
    assert value == Fraction(4194280, 2097151) < 2
    assert decimal(value, 4) == "2.0000"  # what the lesson printed before
    assert decimal(value, 6) == "1.999990" and honest_decimal(value, 4) == "1.99999"
    far = expected_trials(2, prior_shape("geometric", 40))
    assert far < 2 and Fraction(honest_decimal(far, 5)) < 2


def test_lesson_ii_two_egg_laplace_drops_are_bars_one_floor_high():
    for k in range(1, 2001):
        drops = laplace_drops(2, k)
        assert len(drops) in (1, 2)


# -- Lesson III -----------------------------------------------------------------------------------


@cache
def _bisection_is_optimal(n: int, k: int) -> bool:
    if k == 0:
        return True
    x = (k + 1) // 2
    return (
        n > 0
        and x in worst_case_drops(n, k)
        and _bisection_is_optimal(n - 1, x - 1)
        and _bisection_is_optimal(n, k - x)
    )


@pytest.mark.parametrize("n", range(1, 11))
def test_lesson_iii_log_rule_and_bisection_hold_exactly_up_to_two_to_the_n_plus_one_minus_two(n):
    """Lemma 14 with Theorem 6: W(n, k) = 1 + floor(log2 k) for k <= 2**(n+1) - 2, and no further."""
    limit = 2 ** (n + 1) - 2
    settled = sum(rep(j, n) for j in range(1, n + 2))  # sizes that n + 1 trials settle
    assert settled == limit
    assert all(worst_case_trials(n, k) == k.bit_length() for k in range(1, limit + 1))
    assert worst_case_trials(n, limit + 1) == n + 2 != (limit + 1).bit_length()
    assert all(_bisection_is_optimal(n, k) for k in range(1, limit + 1))
    assert not _bisection_is_optimal(n, limit + 1)


# -- Lesson IV ------------------------------------------------------------------------------------


def test_lesson_iv_drops_below_the_clip_are_too_low_raising_them_lowers_the_total():
    for n in range(2, 7):
        for k in range(2, 600):
            j = worst_case_trials(n, k)
            q, low = k - first(j, n), rep(j - 1, n)
            for x in range(q + 1, low):  # worst-case optimal, below the clip
                now = laplace_numerator(n - 1, x - 1) + laplace_numerator(n, k - x)
                higher = laplace_numerator(n - 1, x) + laplace_numerator(n, k - x - 1)
                assert higher - now == worst_case_trials(n - 1, x) - worst_case_trials(n, k - x) < 0


def test_lesson_iv_one_egg_at_ten_to_the_fifteen_is_just_below_a_whole_number():
    value = laplace_trials(1, 10**15)
    assert value == 5 * 10**14 + 1 - Fraction(1, 10**15 + 1)
    assert decimal(value, 6) == "500000000000001.000000"  # why the lesson leaves one egg out


# -- Lessons I and II: statements checked against the DP -------------------------------------------


def test_exercise_12_states_the_many_eggs_its_check_tests():
    text = statement("egg-12")
    assert max(n for n, _ in egg_exercises.LARGEST_FAR) == 10**18 and "up to $10^{18}$ eggs" in text
    assert min(t for n, t in egg_exercises.LARGEST_FAR if n == 10**18) == 5


def _stretches_on_the_bisection_line(n: int, k_max: int) -> list[tuple[int, int]]:
    """The runs of k with W(n, k) = ceil(log2(k + 1)), from the DP (17) in integers."""
    from puzzles.egg import worst_case_table

    value = worst_case_table(n, k_max).value
    runs, start = [], None
    for k in range(1, k_max + 1):
        on = value[n, k] == k.bit_length()
        if on and start is None:
            start = k
        if not on and start is not None:
            runs.append((start, k - 1))
            start = None
    assert start is None, "a stretch reaches the table's end"
    return runs


def test_lesson_i_curves_come_back_to_the_bisection_line_as_stated():
    """Section 7: the curve first leaves the line at 2**(n+1) - 1, comes back (two eggs at 8..10,
    three at 16..25 and 32..41), in n stretches for n eggs, then stays above it."""
    assert _stretches_on_the_bisection_line(2, 300) == [(1, 6), (8, 10)]
    assert _stretches_on_the_bisection_line(3, 300) == [(1, 14), (16, 25), (32, 41)]
    assert len(_stretches_on_the_bisection_line(4, 600)) == 4


def test_lesson_ii_float_t_stays_robust_at_block_starts_and_is_never_too_large():
    """Exercise 4's statement: ceil((sqrt(8k+1) - 1)/2) is W(2,k) or one less, one less only near a
    block's start, where it still lies in X(2,k) and Y(2,k); checked exactly at both ends of
    blocks near 2**53 and 10**18."""
    import math

    def float_t(k: int) -> int:
        return math.ceil((math.sqrt(8 * k + 1) - 1) / 2)

    one_short = 0
    for top in (2**53, 10**18):
        t0 = worst_case_trials(2, top)
        for t in range(t0 - 40, t0):
            start, end = t * (t - 1) // 2 + 1, t * (t + 1) // 2
            for k in (*range(start, start + 300), *range(end - 300, end + 1)):
                x = float_t(k)
                assert x in (t, t - 1), k
                if x != t:
                    one_short += 1
                    assert x in worst_case_drops(2, k) and x in laplace_drops(2, k), k
    assert one_short > 0  # the float is wrong somewhere: the statement's warning is not idle


def test_lesson_ii_scenarios_differ_from_four_heights_on():
    """Cell 4's reason: with W(2, H) >= 3 and C = 0 settled in at most 2 trials, L(2,H) < W(2,H)."""
    agree = [h for h in range(1, 400) if laplace_trials(2, h) == worst_case_trials(2, h)]
    assert agree == [1, 3]
    assert all(worst_case_trials(2, h) >= 3 for h in range(4, 400))
