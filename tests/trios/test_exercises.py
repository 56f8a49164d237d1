"""The Tricky Trios checks: each accepts the lessons' worked solution and refuses near misses,
lookup tables of the values the lessons show, the package's own solver by any route (trios-2,
-3 and -4 are done without ``puzzles.trios``, trios-5 without its ``three_known_rounds``),
values whose ``==`` always says True, slow answers and answers of the wrong kind. (Loops,
forgotten returns and the student edition are tested once for every exercise in
``tests/course``.)

The references the checks use are tested here against independent evidence: every order of
the deck played one by one, an explicit longest deal, a simulation, a second recursion.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, factorial
from pathlib import Path

import pytest

from puzzles.course.checker import registration, verify
from puzzles.trios import State, canonical_orders, expected_rounds, play_order, state_value, transitions
from puzzles.trios.model import (
    enumeration_summary,
    longest_deal,
    longest_game,
    most_rounds,
    sample_rounds,
    three_known_rounds,
)
from support.adversaries import (
    PACKAGE_ROUTES,
    AlwaysEqualFraction,
    AlwaysEqualInt,
    accepted,
    by_route,
    lookup_table,
    rejected,
    time_limit,
    worked_answer,
)
from support.shapes import hidden_cases_hold, refused_when_graded

ROOT = Path(__file__).resolve().parents[2]
LESSON_1 = ROOT / "notebooks" / "trios" / "01-the-game-and-the-rule.ipynb"
LESSON_2 = ROOT / "notebooks" / "trios" / "02-states-and-memoisation.ipynb"


# --- the checks' references against independent evidence ---------------------------------------


def test_the_ten_orders_of_two_trios_average_to_the_value_the_check_wants():
    rounds = sorted(play_order(order)[0] for order in canonical_orders(2))
    assert rounds == [2, 3, 3, 3, 3, 4, 4, 4, 4, 4]
    assert enumeration_summary(2).expected_rounds == Fraction(sum(rounds), 10) == expected_rounds(2)


@pytest.mark.parametrize("N", range(1, 5))
def test_orders_up_to_relabelling_three_ways(N):
    listed = sum(1 for _ in canonical_orders(N))
    by_first_card = 1
    for n in range(1, N + 1):
        by_first_card *= comb(3 * n - 1, 2)
    assert listed == by_first_card == factorial(3 * N) // (6**N * factorial(N))


@pytest.mark.parametrize("N", range(1, 6))
def test_longest_game_is_the_longest_order(N):
    longest = max(play_order(order)[0] for order in canonical_orders(N)) if N <= 4 else None
    summary = enumeration_summary(N) if N <= 4 else None
    if summary is not None:
        assert summary.most_rounds == longest
    assert longest_game(N) == most_rounds(0, 0, N)
    if longest is not None:
        assert longest_game(N) == longest


def test_longest_game_equals_the_longest_path_through_the_states():
    assert [longest_game(N) for N in range(1, 41)] == [most_rounds(0, 0, N) for N in range(1, 41)]


@pytest.mark.parametrize("N", [*range(1, 60), 101, 500, 1001, 2000])
def test_the_longest_deal_is_a_deal_and_reaches_the_bound(N):
    deal = longest_deal(N)
    assert Counter(deal) == {label: 3 for label in range(1, N + 1)}
    assert play_order(deal)[0] == longest_game(N)


def test_no_random_deal_beats_the_bound():
    rng = random.Random(7)
    for _ in range(300):
        N = rng.randint(1, 40)
        deal = [label for label in range(1, N + 1) for _ in range(3)]
        rng.shuffle(deal)
        assert play_order(deal)[0] <= longest_game(N)


@pytest.mark.parametrize("N", range(1, 5))
def test_three_known_rounds_is_the_average_over_every_order(N):
    assert three_known_rounds(N) == enumeration_summary(N).expected_three_known


def test_three_known_rounds_against_a_simulation():
    N, games = 30, 4000
    rng = random.Random(11)
    deck = [label for label in range(1, N + 1) for _ in range(3)]
    samples = []
    for _ in range(games):
        rng.shuffle(deck)
        samples.append(play_order(deck)[1])
    mean = sum(samples) / games
    variance = sum((s - mean) ** 2 for s in samples) / (games - 1)
    assert abs(mean - float(three_known_rounds(N))) < 4 * (variance / games) ** 0.5
    assert len(sample_rounds(N, 10, seed=1)) == 10


def test_three_known_rounds_refuses_what_it_cannot_serve_in_seconds():
    with pytest.raises(ValueError, match="N <= 60"):
        three_known_rounds(61)


# --- values whose == always says True, and the package by any route ------------------------------


class LyingFraction(Fraction):
    """Holds one value and names another."""

    numerator = property(lambda self: 17)
    denominator = property(lambda self: 5)

    def __eq__(self, other):
        return True

    __hash__ = Fraction.__hash__


MODEL = "puzzles.trios.model"
ROUTES = PACKAGE_ROUTES


PACKAGE_ANSWERS = {  # the exercise's value by the package: (arguments, function, use)
    "trios-2": ("N", "count_orders", "F(N, relabel=True)"),
    "trios-3": ("N", "longest_game", "F(N)"),
    "trios-6": ("N", "longest_deal", "F(N)"),
    "trios-4": ("K2, K1, K0", "state_value", "F(K2, K1, K0)"),
    "trios-5": ("N", "three_known_rounds", "F(N)"),
}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("exercise_id", PACKAGE_ANSWERS)
def test_the_packages_own_solver_is_refused_by_any_route(exercise_id, route):
    answer = by_route(MODEL, route, *PACKAGE_ANSWERS[exercise_id])
    forbidden = registration(exercise_id).without
    verdict = rejected(exercise_id, answer, why=f"to be done without {forbidden[0]}")
    assert PACKAGE_ANSWERS[exercise_id][1] in verdict.message


def test_the_package_answers_are_right_so_the_refusals_are_for_the_package():
    for exercise_id, (args, name, use) in PACKAGE_ANSWERS.items():
        scope = {"F": getattr(__import__(MODEL, fromlist=["_"]), name)}
        exec(f"def answer({args}):\n    return {use}\n", scope)
        cases = _states(5) if exercise_id == "trios-4" else [(N,) for N in range(1, 6)]
        right = worked_answer(LESSON_2 if exercise_id in ("trios-4", "trios-5") else LESSON_1, exercise_id)
        assert [scope["answer"](*case) for case in cases] == [right(*case) for case in cases]


def _states(trios):
    return [(K2, K1, trios - K2 - K1) for K2 in range(trios + 1) for K1 in range(trios - K2 + 1)]


ALWAYS_EQUAL = {
    "trios-2": lambda N: AlwaysEqualInt(1),
    "trios-3": lambda N: AlwaysEqualInt(1),
    "trios-4": lambda K2, K1, K0: AlwaysEqualFraction(1),
    "trios-5": lambda N: AlwaysEqualFraction(1, 3),
}


@pytest.mark.parametrize("exercise_id", ALWAYS_EQUAL)
def test_a_value_whose_eq_always_says_true_is_compared_by_what_it_holds(exercise_id):
    rejected(exercise_id, ALWAYS_EQUAL[exercise_id])


# --- trios-1: E(2) by hand ----------------------------------------------------------------------


def test_exercise_1_worked_solution_and_near_misses():
    accepted("trios-1", worked_answer(LESSON_1, "trios-1"))
    accepted("trios-1", 3 + Fraction(2, 5))
    # the value with the Three-Known round counted as part of the round before it (lesson II shows it)
    verdict = rejected("trios-1", Fraction(33, 10), why="Three-Known trio not counted")
    assert "one round short" not in verdict.message  # the verdict does not hand over the amount
    rejected("trios-1", Fraction(7, 2), why="E2 = 7/2 is not the average")
    rejected("trios-1", Fraction(1, 3), why="not an average of 10 whole numbers")
    rejected("trios-1", 3, why="E2 = 3 is not the average")
    rejected("trios-1", Fraction(9, 2), why="more than the longest game of two trios")
    # the right total divided by all 20 orders, not by the 10 that begin with a 1
    rejected("trios-1", Fraction(34, 20), why="divided by more than the 10 orders")
    # the right value as a float, as the free-choice table of lesson I prints 3.4000 for another state
    rejected("trios-1", 3.4, why="float")
    rejected("trios-1", "17/5", why="a Fraction or an integer is asked")
    rejected("trios-1", True, why="a Fraction or an integer is asked")
    assert verify("trios-1", ...).status == "not attempted"


def test_exercise_1_refuses_an_always_equal_fraction_by_the_value_it_holds():
    """A value cannot be watched while it was found; it is read as the number it holds."""
    verdict = rejected("trios-1", AlwaysEqualFraction(7, 2), why="E2 = 7/2 is not the average")
    assert "Fraction(" not in verdict.message
    rejected("trios-1", LyingFraction(7, 2), why="E2 = 7/2")
    rejected("trios-1", AlwaysEqualInt(3), why="E2 = 3")
    accepted("trios-1", AlwaysEqualFraction(17, 5))  # it does hold E(2)


# --- trios-2: orders up to relabelling ----------------------------------------------------------


def test_exercise_2_worked_solution_and_near_misses():
    accepted("trios-2", worked_answer(LESSON_1, "trios-2"))
    rejected("trios-2", lambda N: factorial(3 * N) // 6**N, why="smallest counterexample at N = 2")
    rejected("trios-2", lambda N: factorial(3 * N) // (6**N * N), why="N = 3")  # divided by N, not N!
    rejected("trios-2", lambda N: factorial(3 * N) / (6**N * factorial(N)), why="float")
    right = worked_answer(LESSON_1, "trios-2")
    verdict = rejected("trios-2", lambda N: right(N) if N <= 4 else right(N) + 1, why="at N = 5")
    assert "right for every N <= 4" in verdict.message and "a count by the first card" in verdict.message
    assert "yours is larger by 1." in verdict.message


def test_exercise_2_says_where_two_long_counts_differ():
    """Past N = 100 both counts are cut when printed, at the same digit: the message says by how
    much, and at which digit, the wrong count differs."""
    right = worked_answer(LESSON_1, "trios-2")
    verdict = rejected("trios-2", lambda N: right(N) + 7 if N > 100 else right(N), why="at N = 101")
    digits = len(str(right(101)))
    assert f"yours is larger by 7 (both have {digits} digits" in verdict.message
    assert f"differ at digit {digits} from the left" in verdict.message


def test_exercise_2_lookup_table_of_the_shown_counts():
    shown = {1: 1, 2: 10, 3: 280, 4: 15400, 5: 1401400}
    rejected("trios-2", lookup_table(shown), why="N = 6")


def test_exercise_2_refuses_listing_the_orders_with_the_package():
    rejected("trios-2", lambda N: sum(1 for _ in canonical_orders(N)), why="canonical_orders")


# --- trios-3: the longest game, without the package ----------------------------------------------


def _longest_by_states(N):
    """A plain DP written by hand: the longest path through (K2, K1, K0), layer by layer."""
    best = {(0, 0, 0): 0}
    for trios in range(1, N + 1):
        for U in range(trios, 3 * trios + 1):
            for K0 in range(trios + 1):
                K1 = U - trios - 2 * K0
                K2 = trios - K1 - K0
                if K1 < 0 or K2 < 0:
                    continue
                options = []
                if K2:
                    options.append(1 + best[(K2 - 1, K1, K0)])
                if K1:
                    options.append(1 + best[(K2, K1 - 1, K0)])
                    if K2:
                        options.append(2 + best[(K2, K1 - 1, K0)])
                    if K1 >= 2:
                        options.append(1 + best[(K2 + 2, K1 - 2, K0)])
                    if K0:
                        options.append(1 + best[(K2 + 1, K1, K0 - 1)])
                if K0:
                    options.append(1 + best[(K2, K1, K0 - 1)])
                    if K2:
                        options.append(2 + best[(K2, K1, K0 - 1)])
                        options.append(2 + best[(K2 - 1, K1 + 1, K0 - 1)])
                    if K1:
                        options.append(1 + best[(K2 + 2, K1 - 1, K0 - 1)])
                        options.append(1 + best[(K2 + 1, K1, K0 - 1)])
                    if K0 >= 2:
                        options.append(1 + best[(K2 + 1, K1 + 1, K0 - 2)])
                        options.append(1 + best[(K2, K1 + 2, K0 - 2)])
                best[(K2, K1, K0)] = max(options)
    return best[(0, 0, N)]


def test_the_hand_written_longest_path_is_right_where_it_can_go():
    assert [_longest_by_states(N) for N in range(1, 16)] == [most_rounds(0, 0, N) for N in range(1, 16)]


def test_exercise_1_verdict_is_no_oracle_for_a_scan():
    """Every wrong value k/10 between 2 and the longest two-trio game (4 rounds, from every
    order played) gets the same sentence: trying them in turn does not say which way E(2) lies."""
    longest = enumeration_summary(2).most_rounds
    sentences = set()
    for k in range(20, 10 * longest + 1):
        value = Fraction(k, 10)
        if value == enumeration_summary(2).expected_rounds:
            continue
        verdict = verify("trios-1", value)
        assert verdict.status == "incorrect"
        sentences.add(" ".join(verdict.message.split()).replace(f"E2 = {value} ", "E2 = V "))
        assert "small" not in verdict.message and "large" not in verdict.message
    assert len(sentences) == 1, sentences


def test_exercise_3_worked_solution_and_near_misses():
    accepted("trios-3", worked_answer(LESSON_1, "trios-3"))
    rejected("trios-3", lambda N: (5 * N - 1) // 2, why="smallest counterexample at N = 1")  # one trio
    rejected("trios-3", lambda N: 5 * N // 2 - 1 if N > 1 else 1, why="N = 3")  # even N only
    rejected("trios-3", lambda N: (5 * N - 1) / 2 if N > 1 else 1, why="float")
    rejected("trios-3", lambda N: 2 * N + N // 2 if N > 1 else 1, why="N = 2")
    right = worked_answer(LESSON_1, "trios-3")
    for wrong, way in [
        (lambda N: right(N) if N <= 40 else right(N) - 1, "too small"),
        (lambda N: right(N) + (N > 10**20), "too large"),
    ]:
        verdict = rejected("trios-3", wrong, why=way)
        assert "beyond the N <= 40 that the check plays through the states" in verdict.message
        assert "smallest" not in verdict.message
        # the far verdict says which way, never the longest game nor how it is proved
        N = int(re.search(r"at N = (\d+)", verdict.message).group(1))
        assert N > 40
        assert str(right(N)) not in verdict.message
        assert "counting" not in verdict.message and "unknown flips" not in verdict.message


def test_exercise_3_lookup_table_of_the_shown_games():
    shown = {1: 1, 2: 4, 3: 7, 4: 9, 5: 12, 6: 14, 7: 17, 8: 19, 9: 22, 10: 24}
    rejected("trios-3", lookup_table(shown), why="N = 11")


def test_exercise_3_refuses_the_package_behind_a_cache_or_a_helper():
    rejected("trios-3", lambda N: most_rounds(0, 0, N), why="most_rounds")

    @cache
    def memoised(N):
        return longest_game(N)

    rejected("trios-3", memoised, why="longest_game")

    def helper(N):
        return memoised(N)

    rejected("trios-3", helper, why="longest_game")


def test_exercise_3_a_plain_dp_runs_out_of_time():
    with time_limit("trios-3", 2):
        verdict = rejected("trios-3", _longest_by_states, why="took longer than 2 s")
    assert "a formula" in verdict.message


def test_exercise_3_messages_say_which_way_not_the_longest_game():
    for N, wrong in [(1, 2), (2, 3), (2, 5), (3, 8), (4, 10), (5, 11), (20, 50)]:
        right = longest_game(N)
        message = registration("trios-3").plan().stages[0 if N <= 4 else 1].judge((N,), wrong)
        assert ("no deal" in message) == (wrong > right) and ("some deal" in message) == (wrong < right)
        assert f"gives {wrong}" in message and f" {right} " not in message.replace(f"N = {N}:", "")


# --- trios-6 (Exercise 3b): a longest deal, as code ----------------------------------------------


def _another_longest_deal(N):
    """A longest deal built another way than the lesson's (a student's): 1 2 1 3 2 1 3 2, then
    x a y x y x for each two new trios, then the Two-Known trio's last card (odd N); for even N
    the same for N - 1 trios, with the new trio z as z a z z at the end."""
    if N <= 2:
        return [[1, 1, 1], [1, 2, 1, 2, 1, 2]][N - 1]
    odd = N if N % 2 else N - 1
    deal, two_known = [1, 2, 1, 3, 2, 1, 3, 2], 3
    for x in range(4, odd, 2):
        y = x + 1
        deal += [x, two_known, y, x, y, x]
        two_known = y
    if N % 2:
        return deal + [two_known]
    return deal + [N, two_known, N, N]


@pytest.mark.parametrize("N", [*range(1, 30), 1000])
def test_another_longest_deal_is_a_longest_deal(N):
    deal = _another_longest_deal(N)
    assert Counter(deal) == {label: 3 for label in range(1, N + 1)}
    assert play_order(deal)[0] == longest_game(N)
    if N <= 4:
        assert play_order(deal)[0] == enumeration_summary(N).most_rounds


def test_exercise_3b_accepts_any_longest_deal_and_refuses_near_misses():
    accepted("trios-6", worked_answer(LESSON_1, "trios-6"))
    accepted("trios-6", _another_longest_deal)
    rejected("trios-6", lambda N: [k for k in range(1, N + 1) for _ in range(3)], why="fewer than the bound")
    rejected("trios-6", lambda N: _another_longest_deal(N)[:-1], why="cards")
    rejected("trios-6", lambda N: [c + 1 for c in _another_longest_deal(N)], why="holds the card")
    rejected("trios-6", lambda N: tuple(float(c) for c in _another_longest_deal(N)), why="card numbers")
    rejected("trios-6", lambda N: "".join(map(str, _another_longest_deal(N))), why="not a list")


def test_exercise_3b_judge_against_every_order():
    """On every order of N <= 4 trios, the judge accepts exactly the orders that take the longest
    game found by playing them all."""
    judge = registration("trios-6").plan().stages[0].judge
    for N in range(1, 5):
        played = [(list(order), play_order(order)[0]) for order in canonical_orders(N)]
        most = max(rounds for _, rounds in played)
        for order, rounds in played[:: max(1, len(played) // 500)] + [p for p in played if p[1] == most]:
            assert (judge((N,), order) is None) == (rounds == most)


def test_exercise_3b_lookup_table_of_the_shown_deal_is_refused():
    shown = {5: [1, 2, 1, 2, 3, 1, 3, 2, 4, 3, 4, 5, 5, 4, 5]}
    rejected("trios-6", lambda N: shown.get(N, [1, 1, 1]), why="N = 2")


# --- trios-4: the DP written without the package -------------------------------------------------


def _hand_dp(*, pair_two_known_rounds=2, other_zero_known=lambda K0: K0 - 1, memo=True, maxsize=None):
    """The lesson's f written by hand; the keywords plant the pitfalls of the analysis."""

    def f(K2, K1, K0):
        U = K2 + 2 * K1 + 3 * K0
        if U == 0:
            return Fraction(0)
        total = Fraction(K2, U) * (1 + g(K2 - 1, K1, K0)) if K2 else Fraction(0)
        if K1:
            p = Fraction(2 * K1, U)
            total += p * Fraction(1, U - 1) * (1 + g(K2, K1 - 1, K0))
            total += p * Fraction(K2, U - 1) * (2 + g(K2, K1 - 1, K0))
            if K1 >= 2:
                total += p * Fraction(2 * (K1 - 1), U - 1) * (1 + g(K2 + 2, K1 - 2, K0))
            if K0:
                total += p * Fraction(3 * K0, U - 1) * (1 + g(K2 + 1, K1, K0 - 1))
        if K0:
            p = Fraction(3 * K0, U)
            pair = p * Fraction(2, U - 1)
            total += pair * Fraction(1, U - 2) * (1 + g(K2, K1, K0 - 1))
            total += pair * Fraction(K2, U - 2) * (pair_two_known_rounds + g(K2, K1, K0 - 1))
            if K1:
                total += pair * Fraction(2 * K1, U - 2) * (1 + g(K2 + 2, K1 - 1, K0 - 1))
            if K0 >= 2:
                total += pair * Fraction(3 * (K0 - 1), U - 2) * (1 + g(K2 + 1, K1 + 1, K0 - 2))
            if K2:
                total += p * Fraction(K2, U - 1) * (2 + g(K2 - 1, K1 + 1, K0 - 1))
            if K1:
                total += p * Fraction(2 * K1, U - 1) * (1 + g(K2 + 1, K1, K0 - 1))
            others = other_zero_known(K0)
            if K0 >= 2 and others:
                total += p * Fraction(3 * others, U - 1) * (1 + g(K2, K1 + 2, K0 - 2))
        return total

    g = (cache(f) if maxsize is None else lru_cache(maxsize=maxsize)(f)) if memo else f
    return g


def test_the_hand_written_dp_agrees_with_the_package():
    my_f = _hand_dp()
    for T in range(9):
        for K2 in range(T + 1):
            for K1 in range(T - K2 + 1):
                assert my_f(K2, K1, T - K2 - K1) == state_value(K2, K1, T - K2 - K1)


def test_exercise_4_worked_solution_and_near_misses():
    accepted("trios-4", worked_answer(LESSON_2, "trios-4"))
    accepted("trios-4", _hand_dp())
    # one round where a pair then a Two-Known trio's last card costs two
    rejected("trios-4", _hand_dp(pair_two_known_rounds=1), why="(K2, K1, K0) = (1, 0, 1)")
    # "another Zero-Known trio" counted with the trio of the first card included
    rejected("trios-4", _hand_dp(other_zero_known=lambda K0: K0), why="(K2, K1, K0) = (0, 0, 2)")
    exact = _hand_dp()
    rejected("trios-4", lambda K2, K1, K0: float(exact(K2, K1, K0)), why="float")


def test_exercise_4_right_on_small_states_only():
    small = _hand_dp()

    def only_small(K2, K1, K0):
        return small(K2, K1, K0) if K2 + K1 + K0 <= 6 else small(K2, K1, K0) + Fraction(1, 10**6)

    verdict = rejected("trios-4", only_small, why="the package's table of f")
    assert "right for all 84 states with at most 6 trios" in verdict.message


def test_exercise_4_lookup_table_of_the_shown_values():
    shown = {(0, 0, N): expected_rounds(N) for N in range(1, 101)}
    rejected("trios-4", lookup_table(shown, fallback=Fraction(0)), why="(K2, K1, K0) = (0, 1, 0)")


def test_exercise_4_refuses_the_packages_transitions_behind_a_cache():
    @cache
    def lesson_f(K2, K1, K0):  # section 3 of the lesson, built on the package's transitions
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * (r + lesson_f(*nxt)) for p, r, nxt, _ in transitions(State(K2, K1, K0)))

    rejected("trios-4", lesson_f, why="transitions")

    def calls_a_cached_helper(K2, K1, K0):
        return lesson_f(K2, K1, K0)

    rejected("trios-4", calls_a_cached_helper, why="transitions")


def test_exercise_4_a_recursion_without_memo_runs_out_of_time():
    with time_limit("trios-4", 2):
        verdict = rejected("trios-4", _hand_dp(memo=False), why="took longer than 2 s")
    assert "memoise my_f" in verdict.message


def test_exercise_4_a_bare_lru_cache_is_told_to_lift_its_bound():
    """A bare @lru_cache keeps 128 values: the advice names maxsize=None, not just lru_cache."""
    bounded = _hand_dp(maxsize=128)
    assert bounded.cache_info().maxsize == 128
    with time_limit("trios-4", 2):
        verdict = rejected("trios-4", bounded, why="took longer than 2 s")
    assert "lru_cache(maxsize=None)" in verdict.message
    assert "only the last 128 states" in verdict.message
    accepted("trios-4", _hand_dp())  # the same recursion, unbounded, within the check's 15 s


def test_state_s_help_does_not_point_at_exercise_4s_answer():
    assert "state_value" not in State.__doc__
    assert "under optimal play" not in state_value.__doc__


# --- trios-5: rounds spent on Three-Known trios, on the package's transitions --------------------


def _plain_e3():
    """A plain direct version of the worked solution: one memo, no filling loop."""

    @cache
    def e(K2, K1, K0):
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * ((r - 1) + e(*nxt)) for p, r, nxt, _ in transitions(State(K2, K1, K0)))

    return lambda N: e(0, 0, N)


def test_exercise_5_worked_solution_and_a_plain_version_on_the_packages_transitions():
    verdict = accepted("trios-5", worked_answer(LESSON_2, "trios-5"))
    assert "every N up to 25" in verdict.message
    accepted("trios-5", _plain_e3())


def test_exercise_5_closes_the_solver_in_the_check_only():
    """The package's solver is closed in the check's child: the lesson's kernel keeps it."""
    rejected("trios-5", three_known_rounds, why="three_known_rounds")
    assert three_known_rounds(4) == enumeration_summary(4).expected_three_known
    assert three_known_rounds(7) == _plain_e3()(7)
    accepted("trios-5", worked_answer(LESSON_2, "trios-5"))  # transitions stay open


FURTHER_ROUTES = {
    "its memoised helper": (
        "import importlib\nanswer = lambda N: importlib.import_module('{m}')._three_known(0, 0, N)"
    ),
    "a reload": (
        "import importlib, sys\n"
        "answer = lambda N: getattr(importlib.reload(sys.modules['{m}']), 'three_known' + '_rounds')(N)"
    ),
    "a fresh import": (
        "import importlib, sys\n"
        "def answer(N):\n    sys.modules.pop('{m}')\n"
        "    return getattr(importlib.import_module('{m}'), 'three_known' + '_rounds')(N)"
    ),
    "a copy of its source": (
        "import inspect, sys\n"
        "def answer(N):\n    scope = dict(vars(sys.modules['{m}']))\n"
        "    exec(inspect.getsource(sys.modules['{m}']), scope)\n    return scope['three_known_rounds'](N)"
    ),
}


@pytest.mark.parametrize("route", FURTHER_ROUTES)
def test_exercise_5_refuses_the_solver_by_further_routes(route):
    scope = {}
    exec(FURTHER_ROUTES[route].format(m=MODEL), scope)
    rejected("trios-5", scope["answer"], why="to be done without puzzles.trios.model.three_known_rounds")


def test_exercise_5_near_misses():
    rejected("trios-5", lambda N: expected_rounds(N) - N, why="smallest counterexample at N = 2")

    @cache
    def single_flip_rounds(K2, K1, K0):  # rounds that complete a Two-Known trio with one flip instead
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(
            p * ((how == "Two-Known trio completed") + single_flip_rounds(*nxt))
            for p, _, nxt, how in transitions(State(K2, K1, K0))
        )

    rejected("trios-5", lambda N: single_flip_rounds(0, 0, N), why="N = 2")
    plain = _plain_e3()
    rejected("trios-5", lambda N: float(plain(N)), why="float")
    rejected("trios-5", lambda N: AlwaysEqualFraction(plain(N) + Fraction(1, 10**9)), why="N = 1")
    accepted("trios-5", lambda N: AlwaysEqualFraction(plain(N)))


def test_exercise_5_right_on_the_enumerated_range_only():
    def enumerated(N):
        return enumeration_summary(N).expected_three_known if N <= 4 else Fraction(N, 4)

    verdict = rejected("trios-5", enumerated, why="at N = 5")
    assert "the recursion over the states" in verdict.message


def test_exercise_5_exact_up_to_25_then_extrapolated_is_refused_beyond():
    """Exact up to N = 25, where the check once stopped, and a straight line beyond."""
    plain = _plain_e3()

    def extrapolated(N):
        if N <= 25:
            return plain(N)
        return plain(25) + (N - 25) * (plain(25) - plain(24))

    verdict = rejected("trios-5", extrapolated, why="at N = 30")
    assert "right for every N up to 25" in verdict.message
    assert "yours is larger by about 0.00012" in verdict.message  # two long fractions, and their gap
    verdict = accepted("trios-5", plain)
    assert "N = 30 and 40, and for one N from 41 to 46 that the statement does not name" in verdict.message


def test_exercise_5_lookup_table_of_the_shown_values():
    shown = {N: three_known_rounds(N) for N in (2, 3, 4)}
    rejected("trios-5", lookup_table(shown, fallback=Fraction(0)), why="at N = 5")  # E3(1) = 0


def test_exercise_5_a_recursion_without_memo_runs_out_of_time():
    def e(K2, K1, K0):
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * ((r - 1) + e(*nxt)) for p, r, nxt, _ in transitions(State(K2, K1, K0)))

    with time_limit("trios-5", 2):
        verdict = rejected("trios-5", lambda N: e(0, 0, N), why="took longer than 2 s")
    assert "memoise the recursion" in verdict.message


# --- graded: the hidden cases ---------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", ["trios-2", "trios-3", "trios-4", "trios-5"])
def test_graded_the_worked_solution_passes_and_a_table_of_the_public_cases_does_not(exercise_id):
    lesson = LESSON_2 if exercise_id in ("trios-4", "trios-5") else LESSON_1
    hidden_cases_hold(exercise_id, worked_answer(lesson, exercise_id))


def test_graded_a_pasted_table_of_the_counts_up_to_300_gets_no_points():
    # issue 33's hand-in: the counts for N <= 300 typed in, and a guess beyond
    table = {N: factorial(3 * N) // (6**N * factorial(N)) for N in range(1, 301)}
    verdicts = refused_when_graded("trios-2", lambda N: table.get(N, 0))
    assert all("gives 0" in verdict.message for verdict in verdicts)


def test_graded_trios_1_asks_for_one_value_and_keeps_its_plan():
    entry = registration("trios-1")
    assert entry.plan(7) is entry.plan()
    assert verify("trios-1", worked_answer(LESSON_1, "trios-1"), seed=7).passed
