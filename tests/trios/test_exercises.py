"""The Tricky Trios checks: each accepts the lessons' worked solution and rejects near misses,
lookup tables of the values the lessons show, the package's own solver where the exercise is
done without it, slow answers and answers of the wrong kind.

The references the checks use are tested here against independent evidence: every order of
the deck played one by one, an explicit longest deal, a simulation, a second recursion.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb, factorial
from pathlib import Path

import pytest

from puzzles.course.checker import verify
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
    accepted,
    lookup_table,
    looping,
    rejected,
    returns_none,
    time_limit,
    worked_answer,
)

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


# --- trios-1: E(2) by hand ----------------------------------------------------------------------


def test_exercise_1_worked_solution_and_near_misses():
    accepted("trios-1", worked_answer(LESSON_1, "trios-1"))
    accepted("trios-1", 3 + Fraction(2, 5))
    # the value with the Three-Known round counted as part of the round before it (lesson II shows it)
    rejected("trios-1", Fraction(33, 10), why="Three-Known")
    rejected("trios-1", Fraction(7, 2), why="not the average")
    rejected("trios-1", Fraction(1, 3), why="not an average of 10 whole numbers")
    # the right value as a float, as the free-choice table of lesson I prints 3.4000 for another state
    rejected("trios-1", 3.4, why="float")
    rejected("trios-1", "17/5", why="a Fraction or an integer is asked")
    assert verify("trios-1", ...).status == "not attempted"


# --- trios-2: orders up to relabelling ----------------------------------------------------------


def test_exercise_2_worked_solution_and_near_misses():
    accepted("trios-2", worked_answer(LESSON_1, "trios-2"))
    rejected("trios-2", lambda N: factorial(3 * N) // 6**N, why="N = 2")  # relabelling forgotten
    rejected("trios-2", lambda N: factorial(3 * N) // (6**N * N), why="N = 3")  # divided by N, not N!
    rejected("trios-2", lambda N: factorial(3 * N) / (6**N * factorial(N)), why="float")


def test_exercise_2_lookup_table_of_the_shown_counts():
    shown = {1: 1, 2: 10, 3: 280, 4: 15400, 5: 1401400}
    rejected("trios-2", lookup_table(shown), why="N = 6")


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


def test_exercise_3_worked_solution_and_near_misses():
    accepted("trios-3", worked_answer(LESSON_1, "trios-3"))
    rejected("trios-3", lambda N: (5 * N - 1) // 2, why="N = 1")  # one trio forgotten
    rejected("trios-3", lambda N: 5 * N // 2 - 1 if N > 1 else 1, why="N = 3")  # even N only
    rejected("trios-3", lambda N: (5 * N - 1) / 2 if N > 1 else 1, why="float")
    rejected("trios-3", lambda N: 2 * N + N // 2 if N > 1 else 1, why="N = 2")


def test_exercise_3_lookup_table_of_the_shown_games():
    shown = {1: 1, 2: 4, 3: 7, 4: 9, 5: 12, 6: 14, 7: 17, 8: 19, 9: 22, 10: 24}
    rejected("trios-3", lookup_table(shown), why="N = 11")


def test_exercise_3_refuses_the_package():
    rejected("trios-3", longest_game, why="uses longest_game")
    rejected("trios-3", lambda N: most_rounds(0, 0, N), why="uses most_rounds")

    @cache
    def memoised(N):
        return longest_game(N)

    rejected("trios-3", memoised, why="uses longest_game")


def test_exercise_3_a_plain_dp_runs_out_of_time():
    with time_limit("trios-3", 2):
        verdict = rejected("trios-3", _longest_by_states, why="took longer than 2 s")
    assert "a formula" in verdict.message


# --- trios-4: the DP written without the package -------------------------------------------------


def _hand_dp(*, pair_two_known_rounds=2, other_zero_known=lambda K0: K0 - 1, memo=True):
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

    g = cache(f) if memo else f
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

    rejected("trios-4", only_small, why="the package's table of f")


def test_exercise_4_lookup_table_of_the_shown_values():
    shown = {(0, 0, N): expected_rounds(N) for N in range(1, 101)}
    rejected("trios-4", lookup_table(shown, fallback=Fraction(0)), why="(K2, K1, K0) = (0, 1, 0)")


def test_exercise_4_refuses_the_package():
    rejected("trios-4", state_value, why="uses state_value")

    @cache
    def lesson_f(K2, K1, K0):  # section 3 of the lesson, built on the package's transitions
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * (r + lesson_f(*nxt)) for p, r, nxt, _ in transitions(State(K2, K1, K0)))

    rejected("trios-4", lesson_f, why="uses transitions")

    def calls_a_cached_helper(K2, K1, K0):
        return lesson_f(K2, K1, K0)

    rejected("trios-4", calls_a_cached_helper, why="uses transitions")


def test_exercise_4_a_recursion_without_memo_runs_out_of_time():
    with time_limit("trios-4", 2):
        verdict = rejected("trios-4", _hand_dp(memo=False), why="took longer than 2 s")
    assert "memoise my_f" in verdict.message


# --- trios-5: rounds spent on Three-Known trios -------------------------------------------------


def test_exercise_5_worked_solution_and_near_misses():
    accepted("trios-5", worked_answer(LESSON_2, "trios-5"))
    rejected("trios-5", lambda N: expected_rounds(N) - N, why="N = 2")

    @cache
    def single_flip_rounds(K2, K1, K0):  # rounds that complete a Two-Known trio with one flip instead
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(
            p * ((how == "Two-Known trio completed") + single_flip_rounds(*nxt))
            for p, _, nxt, how in transitions(State(K2, K1, K0))
        )

    rejected("trios-5", lambda N: single_flip_rounds(0, 0, N), why="N = 2")
    rejected("trios-5", lambda N: float(three_known_rounds(N)), why="float")


def test_exercise_5_right_on_the_enumerated_range_only():
    def enumerated(N):
        return enumeration_summary(N).expected_three_known if N <= 4 else Fraction(N, 4)

    rejected("trios-5", enumerated, why="N = 5")


def test_exercise_5_lookup_table_of_the_shown_values():
    shown = {N: three_known_rounds(N) for N in (2, 3, 4)}
    rejected("trios-5", lookup_table(shown, fallback=Fraction(0)), why="N = 5")


# --- every exercise: loops, forgotten returns, stubs --------------------------------------------


@pytest.mark.parametrize("exercise_id", ["trios-2", "trios-3", "trios-4", "trios-5"])
def test_a_loop_or_a_forgotten_return_is_never_correct(exercise_id):
    with time_limit(exercise_id, 1):
        rejected(exercise_id, looping, why="took longer than 1 s")
    rejected(exercise_id, returns_none, why="None")

    def stub(*args): ...

    assert verify(exercise_id, stub).status == "not attempted"


def test_a_value_of_the_wrong_kind_is_never_correct():
    rejected("trios-1", "a sentence instead of a value")
    rejected("trios-1", 0.5, why="float")
    rejected("trios-1", True)
