"""The match-stick exercises: every check accepts the lessons' worked solutions and rejects
near misses, lookup tables of what the lessons show, the package's own solvers (where the
exercise is done without it), hand-written DPs that cannot reach the sizes asked, loops and
answers returning None. The closed forms the checks use beyond the DP's reach are checked here
against plain recursions and game-tree searches; the student edition shows no answer above
its check."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache, reduce
from itertools import product
from operator import xor
from pathlib import Path

import pytest

from puzzles.course.checker import verify
from puzzles.matchsticks import exercises
from puzzles.matchsticks.model import (
    first_pick,
    game_lengths,
    nim_outcome,
    outcome,
    sum_winning_moves,
    win_table,
    winning_moves,
)
from puzzles.matchsticks.printed import PRINTED_INSTANCES
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
LESSON_1 = ROOT / "notebooks" / "matchsticks" / "01-the-match-stick-puzzle.ipynb"
LESSON_2 = ROOT / "notebooks" / "matchsticks" / "02-subtraction-games.ipynb"
LESSON_3 = ROOT / "notebooks" / "matchsticks" / "03-grundy-values-and-nim.ipynb"
LESSONS = {
    LESSON_1: [f"matchsticks-{i}" for i in range(1, 5)],
    LESSON_2: ["matchsticks-5", "matchsticks-6"],
    LESSON_3: ["matchsticks-7", "matchsticks-8"],
}
IDS = [exercise_id for ids in LESSONS.values() for exercise_id in ids]
NOTEBOOK = {exercise_id: path for path, ids in LESSONS.items() for exercise_id in ids}


# ---------------------------------------------------------------------------
# independent evidence: plain recursions and game-tree searches, no table, no closed form


@cache
def tree_wins(n: int, sizes: tuple[int, ...], misere: bool) -> bool:
    """Every line of play from one pile: True when the player to move can force a win."""
    legal = [k for k in sizes if k <= n]
    if not legal:
        return misere
    return any(not tree_wins(n - k, sizes, misere) for k in legal)


def every_line_length(n: int, M: int) -> set[int]:
    """Follow every line of the losing player, one by one (no table): the numbers of picks."""
    if n == 0:
        return {0}
    sizes = tuple(range(1, M + 1))
    takes = [k for k in sizes if k <= n]
    if tree_wins(n, sizes, True):
        takes = [k for k in takes if not tree_wins(n - k, sizes, True)]
    return {1 + rest for k in takes for rest in every_line_length(n - k, M)}


@cache
def grundy_by_mex(n: int, sizes: tuple[int, ...]) -> int:
    reached = {grundy_by_mex(n - k, sizes) for k in sizes if k <= n}
    value = 0
    while value in reached:
        value += 1
    return value


@cache
def misere_nim_search(piles: tuple[int, ...]) -> bool:
    if not any(piles):
        return True
    return any(
        not misere_nim_search(tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :])))
        for i, pile in enumerate(piles)
        for take in range(1, pile + 1)
    )


# right answers written out here (not imported), for the near misses built from them


def c_i_pick(N, M):
    if (N - 2) % (M + 1) == 0:
        return 1
    return M if N % (M + 1) == 0 else None


def family_lost(n, a):
    period = 2 * a + 1 if a % 2 else 2 * a
    return n % period % 2 == 0 and n % period < a


def misere_nim(piles):
    if max(piles) <= 1:
        return sum(piles) % 2 == 0
    return reduce(xor, piles, 0) != 0


def test_the_rules_used_beyond_the_dp_agree_with_plain_recursions():
    for M in range(1, 9):
        sizes = tuple(range(1, M + 1))
        for N in range(1, 80):
            winning = {k for k in sizes if k <= N and not tree_wins(N - k, sizes, True)}
            assert exercises._winning_first_picks_rule(N, M) == winning
            extreme = next(iter(winning)) if len(winning) == 1 and winning <= {1, M} else None
            assert exercises._extreme_pick_rule(N, M) == extreme
    for a in range(1, 13):
        for n in range(0, 8 * a + 20):
            assert exercises._lost_family_rule(n, a) == (not tree_wins(n, (1, a, a + 1), False))
    assert [exercises._grundy_14(n) for n in range(60)] == [grundy_by_mex(n, (1, 4)) for n in range(60)]
    for piles in product(range(5), repeat=3):
        assert exercises._misere_nim_rule(piles) == misere_nim_search(tuple(sorted(piles)))


def test_remark_b_every_line_of_play_has_one_length():
    for M in range(1, 5):
        for N in range(1, 17):
            lines = every_line_length(N, M)
            assert lines == game_lengths(N, M)
            assert lines == {exercises._picks_rule(N, M)}


def test_misere_play_is_normal_play_shifted_by_the_smallest_take():
    for sizes in [(1,), (2,), (1, 3, 4), (2, 3), (2, 5, 6), (3, 5, 9), (4, 7), (5, 6, 11)]:
        s = min(sizes)
        for n in range(0, 60):
            shifted_lost = n >= s and not tree_wins(n - s, sizes, False)
            assert shifted_lost == (not tree_wins(n, sizes, True))


def test_assertion_c_forces_the_first_pick_of_instance_i():
    """(60 - 6)/6 = 9 is an integer, so C(i) gives m1 = M = 5; the paper prints 4."""
    N, M = 60, 5
    assert Fraction(N - (M + 1), M + 1).denominator == 1
    assert {k for k in range(1, M + 1) if not tree_wins(N - k, tuple(range(1, M + 1)), True)} == {5}
    assert PRINTED_INSTANCES[(60, 5)] == (9, 4)
    printed = exercises._extreme_pick_rule(N, M)
    assert printed == 5 != PRINTED_INSTANCES[(60, 5)][1]


# ---------------------------------------------------------------------------
# the worked solutions pass, and the notebook's exercise cells are laid out as the course asks


@pytest.mark.parametrize("exercise_id", IDS)
def test_worked_solution_is_accepted(exercise_id):
    answer = worked_answer(NOTEBOOK[exercise_id], exercise_id)
    verdict = accepted(exercise_id, answer)
    assert "time limit" in verdict.message


# ---------------------------------------------------------------------------
# loops and forgotten returns


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_loop_is_stopped_and_none_is_not_an_answer(exercise_id):
    with time_limit(exercise_id, 1):
        rejected(exercise_id, looping, why="took longer than 1 s")
    verdict = rejected(exercise_id, returns_none)
    assert "None" in verdict.message


# ---------------------------------------------------------------------------
# Exercise 1: Winston's group problem


def test_group_problem_near_misses():
    rejected("matchsticks-1", lambda n: (n - 1) % 4 or 1, why="with n = 5 sticks")  # the M = 3 rule
    rejected("matchsticks-1", lambda n: float((n - 1) % 5), why="float")
    floating = lambda n: int((n - 1) - 5 * math.floor((n - 1) / 5))  # noqa: E731
    rejected("matchsticks-1", floating, why="with n = 1000000000000000000 sticks")


def test_group_problem_lookup_and_package():
    shown_m3 = {n: winning_moves(n, 3)[0] for n in range(1, 31) if winning_moves(n, 3)}
    rejected("matchsticks-1", lookup_table(shown_m3, fallback=1))
    up_to_40 = {n: (n - 1) % 5 for n in range(1, 41)}
    rejected("matchsticks-1", lookup_table(up_to_40, fallback=1), why="with n = 43")
    rejected("matchsticks-1", lambda n: winning_moves(n, 4)[0], why="winning_moves")


def _own_dp_take(n):
    """A backward DP written by hand: right, but it cannot reach n around 10**15."""
    lost = [False, True]
    for m in range(2, n + 1):
        lost.append(not any(lost[m - k] for k in range(1, min(4, m) + 1)))
    return next(k for k in range(1, min(4, n) + 1) if lost[n - k])


def test_group_problem_own_dp_runs_out_of_time():
    with time_limit("matchsticks-1", 2):
        rejected("matchsticks-1", _own_dp_take, why="where no table can go: the exercise asks for a rule")


# ---------------------------------------------------------------------------
# Exercise 2: winning first picks for every M


def test_winning_first_picks_near_misses():
    rejected("matchsticks-2", lambda N, M: {(N - 1) % (M + 1)}, why="(N, M) = (1, 1)")  # {0} when lost
    rejected("matchsticks-2", lambda N, M: (N - 1) % (M + 1), why="is a int")  # not a set

    def paper_formula_in_floats(N, M):
        m1 = (N - 1) - math.ceil((N - (M + 1)) / (M + 1)) * (M + 1)
        return {m1} if 1 <= m1 <= M else set()

    rejected("matchsticks-2", paper_formula_in_floats, why="(N, M) = (1000000000000000002, 2)")


def test_winning_first_picks_lookup_package_and_own_dp():
    shown = {
        (N, M): set(winning_moves(N, M)) for N, M in [(30, 3), (6, 3), (4, 3), (5, 3), (100, 7), (1000, 10)]
    }
    rejected("matchsticks-2", lookup_table(shown, fallback=set()))
    rejected("matchsticks-2", lambda N, M: set(winning_moves(N, M)), why="winning_moves")
    rejected("matchsticks-2", lambda N, M: {first_pick(N, M)} - {None}, why="first_pick")

    def own_dp(N, M):
        lost = [False]
        for n in range(1, N + 1):
            lost.append(not any(lost[n - k] for k in range(1, min(M, n) + 1)))
        return {k for k in range(1, min(M, N) + 1) if lost[N - k]}

    with time_limit("matchsticks-2", 2):
        rejected(
            "matchsticks-2",
            own_dp,
            why="where no DP can go: the exercise asks for a rule",
        )


# ---------------------------------------------------------------------------
# Exercise 3: Remark B, the length of a game


def test_picks_in_game_near_misses():
    rejected(
        "matchsticks-3", lambda N, M: 2 * ((N - 1) // (M + 1)) + 2, why="(N, M) = (1, 1)"
    )  # won games only
    rejected(
        "matchsticks-3", lambda N, M: 2 * ((N - 1) // (M + 1)) + 1, why="(N, M) = (2, 1)"
    )  # lost games only
    rejected("matchsticks-3", lambda N, M: N // (M + 1) * 2 + 1, why="smallest counterexample")
    rejected(
        "matchsticks-3",
        lambda N, M: float(2 * ((N - 1) // (M + 1)) + 1 + ((N - 1) % (M + 1) > 0)),
        why="float",
    )


def test_picks_in_game_lookup_and_the_packages_dp():
    rejected("matchsticks-3", lookup_table({(30, 3): 16}, fallback=0))
    shown = {(N, 3): min(game_lengths(N, 3)) for N in range(1, 31)}  # the table after the check
    rejected("matchsticks-3", lookup_table(shown, fallback=0))
    rejected("matchsticks-3", lambda N, M: min(game_lengths(N, M)), why="ValueError")


# ---------------------------------------------------------------------------
# Exercise 4: Assertion C(i)


def test_extreme_pick_near_misses():
    swapped = lambda N, M: M if (N - 2) % (M + 1) == 0 else (1 if N % (M + 1) == 0 else None)  # noqa: E731
    rejected("matchsticks-4", swapped, why="(N, M) = (2, 2)")

    def float_quotients(N, M):
        if ((N - 2) / (M + 1)).is_integer():
            return 1
        if ((N - (M + 1)) / (M + 1)).is_integer():
            return M
        return None

    rejected("matchsticks-4", float_quotients, why="(N, M) = (9007199254740995, 1)")
    every_pick = lambda N, M: (N - 1) % (M + 1) or None  # noqa: E731  (not only 1 and M)
    rejected("matchsticks-4", every_pick, why="(N, M) = (3, 3)")


def test_extreme_pick_rejects_the_printed_instance_and_the_package():
    printed = {(N, M): m1 or None for (N, M), (_, m1) in PRINTED_INSTANCES.items()}
    verdict = rejected("matchsticks-4", lookup_table(printed, fallback=None))
    assert "(N, M) = (2, 1)" in verdict.message
    correct_except_instance_i = lambda N, M: 4 if (N, M) == (60, 5) else c_i_pick(N, M)  # noqa: E731
    rejected("matchsticks-4", correct_except_instance_i, why="(N, M) = (60, 5): your answer gives 4")
    uses_package = lambda N, M: p if (p := first_pick(N, M)) in (1, M) else None  # noqa: E731
    rejected("matchsticks-4", uses_package, why="first_pick")

    def own_dp(N, M):
        lost = [False]
        for n in range(1, N + 1):
            lost.append(not any(lost[n - k] for k in range(1, min(M, n) + 1)))
        wins = [k for k in range(1, min(M, N) + 1) if lost[N - k]]
        return wins[0] if wins and wins[0] in (1, M) else None

    with time_limit("matchsticks-4", 2):
        rejected("matchsticks-4", own_dp, why="took longer than 2 s")


# ---------------------------------------------------------------------------
# Exercise 5: the family {1, a, a+1}


def test_family_near_misses():
    odd_rule_for_all = lambda n, a: (r := n % (2 * a + 1)) % 2 == 0 and r < a  # noqa: E731
    rejected("matchsticks-5", odd_rule_for_all, why="(n, a) = (4, 2)")
    rejected("matchsticks-5", lambda n, a: n % 7 in (0, 2), why="(n, a) = (2, 2)")  # {1,3,4} only
    rejected("matchsticks-5", lambda n, a: int(family_lost(n, a)), why="True or False is asked")


def test_family_lookup_package_and_own_dp():
    shown = {(n, a): not tree_wins(n, (1, a, a + 1), False) for a in (1, 2, 3) for n in range(31)}
    rejected("matchsticks-5", lookup_table(shown, fallback=False))
    rejected("matchsticks-5", lambda n, a: outcome(n, (1, a, a + 1), misere=False) == "lose", why="outcome")

    @cache
    def lost(n, a):
        return not any(lost(n - k, a) for k in (1, a, a + 1) if k <= n)

    def own_dp(n, a):
        for m in range(n + 1):  # upwards, so the recursion stays shallow
            lost(m, a)
        return lost(n, a)

    with time_limit("matchsticks-5", 2):
        rejected("matchsticks-5", own_dp, why="took longer than 2 s")


# ---------------------------------------------------------------------------
# Exercise 6: misère against normal play


def test_misere_shift_near_misses_and_lookup():
    rejected("matchsticks-6", lambda S: 1, why="for S = {2}")
    rejected("matchsticks-6", lambda S: max(S), why="for S = {1,2}")
    rejected("matchsticks-6", lambda S: min(S) if min(S) < 100 else 1, why="sets with takes this large")
    shown = {frozenset((1, 3, 4)): 1, frozenset((2, 3)): 2, frozenset((2, 5, 6)): 2}
    rejected("matchsticks-6", lookup_table(shown, fallback=1))
    rejected("matchsticks-6", lambda S: float(min(S)), why="float")


def test_misere_shift_package_and_own_search():
    def by_the_package(moves):
        normal = win_table(200, tuple(moves), misere=False)
        misere = win_table(200, tuple(moves), misere=True)
        return next(d for d in range(200) if all(misere[n] == (n < d or normal[n - d]) for n in range(200)))

    rejected("matchsticks-6", by_the_package, why="win_table")

    def own_search(moves):
        sizes = sorted(moves)
        length = 4 * sizes[-1] + 50

        def table(misere):
            win = []
            for n in range(length):
                legal = [k for k in sizes if k <= n]
                win.append(misere if not legal else any(not win[n - k] for k in legal))
            return win

        normal, misere = table(False), table(True)
        return next(
            d for d in range(length) if all(misere[n] == (n < d or normal[n - d]) for n in range(length))
        )

    with time_limit("matchsticks-6", 2):
        rejected("matchsticks-6", own_search, why="took longer than 2 s")


# ---------------------------------------------------------------------------
# Exercise 7: several piles, takes 1 or 4


def _move_by(grundy):
    def move(piles):
        values = [grundy(n) for n in piles]
        total = reduce(xor, values, 0)
        if not total:
            return None
        for i, n in enumerate(piles):
            for take in (1, 4):
                if take <= n and grundy(n - take) == values[i] ^ total:
                    return (i, take)
        return (0, 1)

    return move


def test_sum_move_near_misses():
    rejected("matchsticks-7", _move_by(lambda n: n % 4), why="piles")  # the {1,2,3} values
    rejected("matchsticks-7", _move_by(lambda n: n % 2), why="piles")  # the lost positions only
    rejected("matchsticks-7", lambda piles: None if not any(piles) else (0, 1), why="piles [2] are lost")

    def own_pile_only(piles):  # makes one pile lost, ignoring the others
        for i, n in enumerate(piles):
            for take in (1, 4):
                if take <= n and (n - take) % 5 in (0, 2):
                    return (i, take)
        return None

    rejected("matchsticks-7", own_pile_only, why="piles [1, 1] are lost")
    rejected("matchsticks-7", lambda piles: [0, 1.0] if piles == [1] else None, why="piles [1]")


def test_sum_move_lookup_package_and_own_search():
    shown = {(5, 7, 9): (0, 3)}
    rejected("matchsticks-7", lambda piles: shown.get(tuple(piles)))
    uses_package = lambda piles: next(iter(sum_winning_moves(piles, (1, 4))), None)  # noqa: E731
    rejected("matchsticks-7", uses_package, why="sum_winning_moves")

    @cache
    def wins(piles):
        return any(
            not wins(tuple(sorted(piles[:i] + (p - k,) + piles[i + 1 :])))
            for i, p in enumerate(piles)
            for k in (1, 4)
            if k <= p
        )

    def own_search(piles):
        for i, p in enumerate(piles):
            for k in (1, 4):
                if k <= p and not wins(tuple(sorted(piles[:i] + [p - k] + piles[i + 1 :]))):
                    return (i, k)
        return None

    with time_limit("matchsticks-7", 2):
        verdict = rejected("matchsticks-7", own_search)
    assert "took longer than 2 s" in verdict.message or "RecursionError" in verdict.message


# ---------------------------------------------------------------------------
# Exercise 8: misère Nim


def test_misere_nim_near_misses():
    rejected("matchsticks-8", lambda piles: reduce(xor, piles, 0) != 0, why="piles [0]")  # normal Nim
    odd_singles = lambda piles: sum(piles) % 2 == 1 if max(piles) <= 1 else reduce(xor, piles, 0) != 0  # noqa: E731
    rejected("matchsticks-8", odd_singles, why="piles [0]")
    rejected("matchsticks-8", lambda piles: int(misere_nim(piles)), why="True or False")


def test_misere_nim_lookup_package_and_own_search():
    rejected("matchsticks-8", lambda piles: {(3, 4, 5): True}.get(tuple(piles), False))
    rejected("matchsticks-8", lambda piles: nim_outcome(piles, misere=True) == "win", why="nim_outcome")
    small_only = lambda piles: misere_nim_search(tuple(sorted(piles))) if max(piles) <= 5 else True  # noqa: E731
    with time_limit("matchsticks-8", 2):
        verdict = rejected("matchsticks-8", small_only)
    assert "counterexample" in verdict.message or "took longer" in verdict.message


def test_stubs_are_not_attempted():
    def stub(*args): ...

    for exercise_id in IDS:
        assert verify(exercise_id, stub).status == "not attempted"
        assert verify(exercise_id, ...).status == "not attempted"
