"""The match-stick exercises: every check accepts the lessons' worked solutions (and numpy's
truth values where True or False is asked) and refuses near misses, lookup tables of what the
lessons show, the package by any route (every exercise is done without it), values whose
``==`` always says True, float arithmetic that rounds at 2**53 and beyond, and hand-written
DPs that cannot reach the sizes asked. The rules the checks use beyond the DP's reach are
checked here against plain recursions and game-tree searches. (Loops, forgotten returns and
the student edition are tested once for every exercise in ``tests/course``.)"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache, reduce
from itertools import product
from operator import xor
from pathlib import Path

import numpy as np
import pytest

from puzzles.course.checker import verify
from puzzles.matchsticks import exercises
from puzzles.matchsticks.model import (
    first_pick,
    game_lengths,
    win_table,
    winning_moves,
)
from puzzles.matchsticks.printed import PRINTED_INSTANCES
from support.adversaries import (
    PACKAGE_ROUTES,
    AlwaysEqualFrozenset,
    AlwaysEqualInt,
    AlwaysEqualSet,
    AlwaysEqualTuple,
    accepted,
    by_route,
    lookup_table,
    rejected,
    time_limit,
    worked_answer,
)
from support.shapes import hidden_cases_hold
from support.student_shapes.matchsticks import (
    misere_nim_normal_play_beyond_small_piles,
    misere_shift_searched_among_small_takes,
    sum_move_formula_beyond_small_sums,
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
# every exercise: the worked solution, the package by any route, always-equal values


def worked(exercise_id):
    return worked_answer(NOTEBOOK[exercise_id], exercise_id)


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_worked_solution_is_accepted_and_the_verdict_names_the_far_sizes(exercise_id):
    verdict = accepted(exercise_id, worked(exercise_id))
    assert any(size in verdict.message for size in ("10**18", "10**12", "10**9"))
    assert verdict.seconds is not None and verdict.time_limit == 5


# the package's own solver for each exercise: (the answer's arguments, the model function, its use)
PACKAGE_ANSWERS = {
    "matchsticks-1": ("n", "winning_moves", "F(n, 4)[0]"),
    "matchsticks-2": ("N, M", "winning_moves", "set(F(N, M))"),
    "matchsticks-3": ("N, M", "game_lengths", "min(F(N, M))"),
    "matchsticks-4": ("N, M", "first_pick", "F(N, M) if F(N, M) in (1, M) else None"),
    "matchsticks-5": ("n, a", "outcome", "F(n, (1, a, a + 1), misere=False) == 'lose'"),
    "matchsticks-6": ("moves", "subtraction_set", "min(F(moves))"),
    "matchsticks-7": ("piles", "sum_winning_moves", "next(iter(F(piles, (1, 4))), None)"),
    "matchsticks-8": ("piles", "nim_outcome", "F(piles, misere=True) == 'win'"),
}
MODEL = "puzzles.matchsticks.model"
ROUTES = PACKAGE_ROUTES


def package_answer(exercise_id, route):
    return by_route(MODEL, route, *PACKAGE_ANSWERS[exercise_id], label=exercise_id)


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("exercise_id", IDS)
def test_the_package_is_refused_by_any_route(exercise_id, route):
    assert exercises.WITHOUT == "puzzles.matchsticks"
    verdict = rejected(exercise_id, package_answer(exercise_id, route), why="without puzzles.matchsticks")
    assert PACKAGE_ANSWERS[exercise_id][1] in verdict.message or MODEL in verdict.message


def test_the_package_answers_are_right_where_the_package_reaches():
    """So the refusals above are for the package, not for a wrong value."""
    for exercise_id in IDS:
        args, name, use = PACKAGE_ANSWERS[exercise_id]
        scope = {"F": getattr(__import__(MODEL, fromlist=["_"]), name)}
        exec(f"def answer({args}):\n    return {use}\n", scope)
        answer = scope["answer"]
        reference = worked(exercise_id)
        for case in {
            "matchsticks-1": [(n,) for n in range(2, 60) if (n - 1) % 5],
            "matchsticks-6": [(frozenset(s),) for s in [(1,), (2, 3), (3, 5, 9)]],
            "matchsticks-7": [([p, q],) for p in range(8) for q in range(8)],
            "matchsticks-8": [([p, q, r],) for p in range(4) for q in range(4) for r in range(4)],
        }.get(exercise_id, [(N, M) for N in range(1, 40) for M in range(2, 6)]):
            if exercise_id == "matchsticks-7":
                move = answer(*case)
                assert (move is None) == (reference(*case) is None)
            else:
                assert answer(*case) == reference(*case), (exercise_id, case)


class Truthy:
    """Not a bool, but equal to everything and true."""

    def __eq__(self, other):
        return True

    def __bool__(self):
        return True

    __hash__ = object.__hash__


ALWAYS_EQUAL = {
    "matchsticks-1": lambda n: AlwaysEqualInt(1),
    "matchsticks-2": lambda N, M: AlwaysEqualSet({1}),
    "matchsticks-3": lambda N, M: AlwaysEqualInt(1),
    "matchsticks-4": lambda N, M: AlwaysEqualInt(1),
    "matchsticks-5": lambda n, a: Truthy(),
    "matchsticks-6": lambda moves: AlwaysEqualInt(1),
    "matchsticks-7": lambda piles: AlwaysEqualTuple((0, 1)),
    "matchsticks-8": lambda piles: AlwaysEqualInt(1),
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_value_whose_eq_always_says_true_is_compared_by_what_it_holds(exercise_id):
    rejected(exercise_id, ALWAYS_EQUAL[exercise_id])


def test_always_equal_values_holding_the_right_value_pass_and_frozensets_are_sets():
    rejected("matchsticks-2", lambda N, M: AlwaysEqualFrozenset({(N - 1) % (M + 1)}), why="(N, M) = (1, 1)")
    rule = worked("matchsticks-2")
    accepted("matchsticks-2", lambda N, M: AlwaysEqualFrozenset(rule(N, M)))
    picks = worked("matchsticks-3")
    accepted("matchsticks-3", lambda N, M: AlwaysEqualInt(picks(N, M)))
    verdict = rejected("matchsticks-8", ALWAYS_EQUAL["matchsticks-8"], why="True or False is asked")
    assert "piles = [1]" in verdict.message


def test_the_checks_reach_between_the_tables_and_two_to_the_53():
    """Wrong only between the DP's range and 2**53, or for large take limits, or for a > 40 at
    moderate n, or on many piles with a big one: each is refused."""
    rejected("matchsticks-1", lambda n: (n - 1) % 5 if n <= 2000 or n > 10**12 else 1, why="10")
    right2 = worked("matchsticks-2")
    rejected("matchsticks-2", lambda N, M: {1} if 300 < N < 10**12 else right2(N, M), why="(N, M)")
    rejected("matchsticks-2", lambda N, M: set() if M > 10**4 else right2(N, M), why="(N, M)")
    right3 = worked("matchsticks-3")
    rejected("matchsticks-3", lambda N, M: 3 if M > 10 and N <= M + 1 else right3(N, M), why="(N, M)")
    right5 = worked("matchsticks-5")
    rejected("matchsticks-5", lambda n, a: n % 2 == 0 if a > 40 and n < 10**6 else right5(n, a), why="a")
    nim = worked("matchsticks-8")
    rejected("matchsticks-8", lambda piles: True if len(piles) > 7 else nim(piles), why="piles")


# numpy 2 names its truth values np.bool (numpy 1: np.bool_): both are the truth values they stand for


def test_numpy_truth_values_are_accepted_where_they_are_right():
    family, nim = worked("matchsticks-5"), worked("matchsticks-8")
    accepted("matchsticks-5", lambda n, a: np.bool_(family(n, a)))
    accepted("matchsticks-5", lambda n, a: np.True_ if family(n, a) else np.False_)
    accepted("matchsticks-8", lambda piles: np.bool_(nim(piles)))
    accepted("matchsticks-8", lambda piles: np.True_ if nim(piles) else np.False_)
    rejected("matchsticks-5", lambda n, a: np.bool_(not family(n, a)), why="(n, a) = (0, 2)")
    rejected("matchsticks-8", lambda piles: np.True_, why="piles = [1]")
    accepted("matchsticks-1", lambda n: np.int64((n - 1) % 5))


# ---------------------------------------------------------------------------
# the far stages: sizes just above 2**53 and 2**60 and near 10**18, named, never "smallest"


@pytest.mark.parametrize("exercise_id", ["matchsticks-1", "matchsticks-2", "matchsticks-3", "matchsticks-4"])
def test_the_far_stages_hold_float_traps_and_ten_to_the_eighteen(exercise_id):
    from puzzles.course.checker import registration

    stages = [stage for stage in registration(exercise_id).plan().stages if not stage.again]
    assert stages[0].smallest and not any(stage.smallest for stage in stages[1:])
    low, high = stages[1], stages[2]
    # the far cases below 2**53 are named outside the table; only those beyond 2**53 speak of floats
    assert all(case[0] <= 2**53 for case in low.cases) and "2**53" not in low.far and "above" in low.far
    assert all(case[0] > 2**53 for case in high.cases) and "beyond 2**53" in high.far
    far = [case[0] for case in high.cases]
    for base in (2**53, 2**60, 10**18):
        assert any(base < N < base + 10**5 for N in far), base


@pytest.mark.parametrize(
    ("exercise_id", "answer", "place", "where"),
    [
        (
            "matchsticks-1",
            lambda n: (n - 1) % 5 if n <= 2100 else 1,
            "n = 10000",
            "beyond the table of n <= 2000",
        ),
        (
            "matchsticks-2",
            lambda N, M: ({(N - 1) % (M + 1)} - {0}) if N <= 300 and M <= 25 else {1},
            "(N, M) = (1, 26)",
            "outside the table of N <= 300 and M <= 25",
        ),
    ],
)
def test_a_far_failure_below_two_to_the_53_says_no_word_of_floats(exercise_id, answer, place, where):
    verdict = rejected(exercise_id, answer, why=place)
    assert (
        where in verdict.message and "2**53" not in verdict.message and "no DP reaches" not in verdict.message
    )


# ---------------------------------------------------------------------------
# Exercise 1: Winston's group problem


def test_group_problem_near_misses():
    rejected("matchsticks-1", lambda n: (n - 1) % 4 or 1, why="smallest counterexample at n = 5")  # M = 3
    rejected("matchsticks-1", lambda n: float((n - 1) % 5), why="float")
    floating = lambda n: int((n - 1) - 5 * math.floor((n - 1) / 5))  # noqa: E731
    verdict = rejected(
        "matchsticks-1", floating, why="beyond 2**53, where n / 5 in floating point is rounded"
    )
    assert "smallest" not in verdict.message and "right for every winning n <= 2000" in verdict.message
    rejected("matchsticks-1", lambda n: (n - 1) % 5 if n < 10**12 else 1, why="beyond the table of n <= 2000")


def test_group_problem_lookup_tables():
    shown_m3 = {n: winning_moves(n, 3)[0] for n in range(1, 31) if winning_moves(n, 3)}
    rejected("matchsticks-1", lookup_table(shown_m3, fallback=1))
    up_to_40 = {n: (n - 1) % 5 for n in range(1, 41)}
    rejected("matchsticks-1", lookup_table(up_to_40, fallback=1), why="n = 43")


def test_group_problem_the_lines_of_play_from_40_counted_independently():
    """Every line of the opponent from 40 against (n - 1) % 5, counted by a plain search."""

    def lines(n):  # n sticks, our turn
        left = n - (n - 1) % 5
        return sum(1 if left == k else lines(left - k) for k in range(1, min(4, left) + 1))

    verdict = accepted("matchsticks-1", worked("matchsticks-1"))
    assert f"wins all {lines(40)} lines of play" in verdict.message and lines(40) == 4**7


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
    rejected("matchsticks-2", lambda N, M: (N - 1) % (M + 1), why="a set of integers is asked")

    def paper_formula_in_floats(N, M):
        m1 = (N - 1) - math.ceil((N - (M + 1)) / (M + 1)) * (M + 1)
        return {m1} if 1 <= m1 <= M else set()

    verdict = rejected("matchsticks-2", paper_formula_in_floats, why="in floating point is rounded")
    assert "(N, M) = (10**18 + 2, 2)" in verdict.message and "smallest" not in verdict.message


def test_winning_first_picks_must_be_a_set_not_a_list_tuple_or_range():
    rule = worked("matchsticks-2")
    accepted("matchsticks-2", lambda N, M: frozenset(rule(N, M)))
    for verdict in (
        rejected("matchsticks-2", lambda N, M: sorted(rule(N, M)), why="a list: a set is asked"),
        rejected("matchsticks-2", lambda N, M: tuple(rule(N, M)), why="a tuple: a set is asked"),
        rejected("matchsticks-2", lambda N, M: [x for x in rule(N, M) for _ in range(2)], why="a list"),
        rejected("matchsticks-2", lambda N, M: range(0, 10**18), why="a range: a set is asked"),
    ):
        assert "can hold a pick twice" in verdict.message and "agrees" not in verdict.message
    rejected("matchsticks-2", lambda N, M: {r: True} if (r := (N - 1) % (M + 1)) else {}, why="a dict: a set")
    rejected("matchsticks-2", lambda N, M: {1.0}, why="a float")


def test_winning_first_picks_lookup_and_own_dp():
    shown = {
        (N, M): set(winning_moves(N, M)) for N, M in [(30, 3), (6, 3), (4, 3), (5, 3), (100, 7), (1000, 10)]
    }
    rejected("matchsticks-2", lookup_table(shown, fallback=set()))
    rejected("matchsticks-2", lambda N, M: {first_pick(N, M)} - {None}, why="first_pick")

    def own_dp(N, M):
        lost = [False]
        for n in range(1, N + 1):
            lost.append(not any(lost[n - k] for k in range(1, min(M, n) + 1)))
        return {k for k in range(1, min(M, N) + 1) if lost[N - k]}

    with time_limit("matchsticks-2", 2):
        rejected("matchsticks-2", own_dp, why="where no DP can go: the exercise asks for a rule")


# ---------------------------------------------------------------------------
# Exercise 3: Remark B, the length of a game


def test_picks_in_game_near_misses():
    won_games_only = lambda N, M: 2 * ((N - 1) // (M + 1)) + 2  # noqa: E731
    rejected("matchsticks-3", won_games_only, why="smallest counterexample at (N, M) = (1, 1)")
    lost_games_only = lambda N, M: 2 * ((N - 1) // (M + 1)) + 1  # noqa: E731
    rejected("matchsticks-3", lost_games_only, why="(N, M) = (2, 1)")
    rejected("matchsticks-3", lambda N, M: N // (M + 1) * 2 + 1, why="smallest counterexample")
    as_float = lambda N, M: float(2 * ((N - 1) // (M + 1)) + 1 + ((N - 1) % (M + 1) > 0))  # noqa: E731
    rejected("matchsticks-3", as_float, why="float")

    def rounds_in_floats(N, M):
        q = math.floor((N - 1) / (M + 1))
        return 2 * q + 1 + (1 if N - 1 - q * (M + 1) else 0)

    verdict = rejected("matchsticks-3", rounds_in_floats, why="beyond 2**53, where N / (M + 1)")
    assert "smallest" not in verdict.message


def test_picks_in_game_lookup_tables():
    rejected("matchsticks-3", lookup_table({(30, 3): 16}, fallback=0))
    shown = {(N, 3): min(game_lengths(N, 3)) for N in range(1, 31)}  # the table after the check
    rejected("matchsticks-3", lookup_table(shown, fallback=0), why="(N, M) = (1, 1)")


def test_picks_in_game_a_simulation_of_one_line_runs_out_of_time():
    def one_line(N, M):
        picks, n, loser_moves = 0, N, (N - 1) % (M + 1) == 0
        while n:
            take = 1 if loser_moves else (n - 1) % (M + 1) or 1
            n, picks, loser_moves = n - take, picks + 1, not loser_moves
        return picks

    with time_limit("matchsticks-3", 2):
        rejected("matchsticks-3", one_line, why="Count the rounds")


# ---------------------------------------------------------------------------
# Exercise 4: Assertion C(i)


def test_extreme_pick_near_misses():
    swapped = lambda N, M: M if (N - 2) % (M + 1) == 0 else (1 if N % (M + 1) == 0 else None)  # noqa: E731
    rejected("matchsticks-4", swapped, why="smallest counterexample at (N, M) = (2, 2)")

    def float_quotients(N, M):
        if ((N - 2) / (M + 1)).is_integer():
            return 1
        if ((N - (M + 1)) / (M + 1)).is_integer():
            return M
        return None

    verdict = rejected("matchsticks-4", float_quotients, why="(N, M) = (9007199254740995, 1)")
    assert "a quotient in floating point can look whole" in verdict.message
    every_pick = lambda N, M: (N - 1) % (M + 1) or None  # noqa: E731  (not only 1 and M)
    rejected("matchsticks-4", every_pick, why="(N, M) = (3, 3)")
    rejected("matchsticks-4", lambda N, M: c_i_pick(N, M) or 0, why="gives 0")  # 0 is not None


def test_extreme_pick_rejects_the_printed_instance_and_own_dp():
    printed = {(N, M): m1 or None for (N, M), (_, m1) in PRINTED_INSTANCES.items()}
    rejected("matchsticks-4", lookup_table(printed, fallback=None), why="(N, M) = (2, 1)")
    correct_except_instance_i = lambda N, M: 4 if (N, M) == (60, 5) else c_i_pick(N, M)  # noqa: E731
    rejected("matchsticks-4", correct_except_instance_i, why="(N, M) = (60, 5): your pick gives 4")

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
    rejected("matchsticks-5", odd_rule_for_all, why="smallest counterexample at (n, a) = (4, 2)")
    rejected("matchsticks-5", lambda n, a: n % 7 in (0, 2), why="(n, a) = (2, 2)")  # {1,3,4} only
    rejected("matchsticks-5", lambda n, a: int(family_lost(n, a)), why="True or False is asked")
    verdict = rejected("matchsticks-5", lambda n, a: family_lost(n, a) if a <= 40 else False)
    assert "at (n, a) = (0, 41)" in verdict.message and "the dynamic programme" in verdict.message
    verdict = rejected("matchsticks-5", lambda n, a: family_lost(n, a) if n < 10**4 else False)
    assert "beyond the tables above" in verdict.message and "smallest" not in verdict.message


def test_family_lookup_and_own_dp():
    shown = {(n, a): not tree_wins(n, (1, a, a + 1), False) for a in (1, 2, 3) for n in range(31)}
    rejected("matchsticks-5", lookup_table(shown, fallback=False), why="(n, a) = (32, 2)")

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


def test_the_shift_judge_accepts_exactly_the_smallest_take():
    """The check's DP criterion against the statement tested above by plain recursion."""
    for sizes in [(1,), (2,), (1, 3, 4), (2, 3), (2, 5, 6), (3, 5, 9), (4, 7), (5, 6, 11), (7, 24)]:
        for shift in range(-2, 40):
            problem = exercises._shift_problem((frozenset(sizes),), shift)
            assert (problem is None) == (shift == min(sizes)), (sizes, shift, problem)


def test_misere_shift_near_misses_and_lookup():
    rejected("matchsticks-6", lambda S: 1, why="at moves = {2} your shift 1 fails at n = 1")
    rejected("matchsticks-6", lambda S: max(S), why="moves = {1, 2}")
    rejected("matchsticks-6", lambda S: -1, why="a shift is a number of sticks")
    verdict = rejected("matchsticks-6", lambda S: min(S) if min(S) < 100 else 1, why="moves = {119}")
    assert "by the dynamic programme" in verdict.message  # a take of 25..150 among the public sets
    verdict = rejected("matchsticks-6", lambda S: min(S) if min(S) < 1000 else 1, why="beyond the sets above")
    assert "moves = {1000}" in verdict.message and "2**53" not in verdict.message
    floating = lambda S: int(min(float(size) for size in S))  # noqa: E731
    verdict = rejected("matchsticks-6", floating, why="moves = {9007199254740993}")
    assert "beyond 2**53" in verdict.message
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


@cache
def sum_tree_wins(piles: tuple[int, ...]) -> bool:
    return any(
        not sum_tree_wins(tuple(sorted(piles[:i] + (p - k,) + piles[i + 1 :])))
        for i, p in enumerate(piles)
        for k in (1, 4)
        if k <= p
    )


def test_the_move_judge_against_a_plain_search():
    """Every answer the judge takes at a position is right by an independent search, and the
    right ones are taken."""
    for piles in [p for count in (1, 2, 3) for p in product(range(7), repeat=count)]:
        won = sum_tree_wins(tuple(sorted(piles)))
        assert (exercises._sum_move_problem((list(piles),), None) is None) == (not won)
        for i, p in enumerate(piles):
            for k in (1, 4):
                if k <= p:
                    after = tuple(sorted(piles[:i] + (p - k,) + piles[i + 1 :]))
                    good = won and not sum_tree_wins(after)
                    assert (exercises._sum_move_problem((list(piles),), (i, k)) is None) == good


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
    rejected("matchsticks-7", lambda piles: [0, 1.0] if piles == [1] else None, why="piles = [1]")
    rejected("matchsticks-7", lambda piles: (5, 1) if piles == [1] else None, why="not a legal move")
    rejected("matchsticks-7", lambda piles: (0, 1, 0) if piles == [1] else None, why="a pair")
    right = worked("matchsticks-7")
    verdict = rejected("matchsticks-7", lambda piles: right(piles) if max(piles) < 10 else None)
    assert "won for the player to move" in verdict.message


def test_sum_move_may_mutate_its_piles_and_give_lists():
    right = worked("matchsticks-7")

    def mutating(piles):
        move = right(piles)
        piles.clear()  # each call gets its own list
        return None if move is None else list(move)

    accepted("matchsticks-7", mutating)


def test_sum_move_lookup_and_own_search():
    shown = {(5, 7, 9): (0, 3)}
    rejected("matchsticks-7", lambda piles: shown.get(tuple(piles)))

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
    normal_nim = lambda piles: reduce(xor, piles, 0) != 0  # noqa: E731
    # the first counterexample is a real position, one stick, not a table with no stick left
    rejected("matchsticks-8", normal_nim, why="smallest counterexample at piles = [1]:")
    odd_singles = lambda piles: sum(piles) % 2 == 1 if max(piles) <= 1 else reduce(xor, piles, 0) != 0  # noqa: E731
    rejected("matchsticks-8", odd_singles, why="piles = [1]:")
    rejected("matchsticks-8", lambda piles: int(misere_nim(piles)), why="True or False")
    verdict = rejected("matchsticks-8", lambda piles: misere_nim(piles) if max(piles) < 6 else True)
    assert "no search reaches them" in verdict.message and "smallest" not in verdict.message


def test_misere_nim_lookup_and_own_search():
    rejected("matchsticks-8", lambda piles: {(3, 4, 5): True}.get(tuple(piles), False))
    small_only = lambda piles: misere_nim_search(tuple(sorted(piles))) if max(piles) <= 5 else True  # noqa: E731
    with time_limit("matchsticks-8", 2):
        verdict = rejected("matchsticks-8", small_only)
    assert "no search reaches them" in verdict.message or "took longer" in verdict.message


# ---------------------------------------------------------------------------
# graded: the hidden cases


@pytest.mark.parametrize("exercise_id", IDS)
def test_graded_the_worked_solution_passes_and_a_table_of_the_public_cases_does_not(exercise_id):
    hidden_cases_hold(exercise_id, worked(exercise_id))


def test_the_notebook_refuses_a_formula_that_forgets_whether_a_take_fits():
    """One stick beside a huge pile, and five single sticks, are public cases: the notebook's
    check refuses the formula that plays (0, 4) there, and so does every grading."""
    assert sum_move_formula_beyond_small_sums([1, 10**18]) == (0, 4)  # the two positions it misplays
    assert sum_move_formula_beyond_small_sums([1, 1, 1, 1, 1]) == (0, 4)
    verdict = rejected("matchsticks-7", sum_move_formula_beyond_small_sums, why="not a legal move")
    assert "[1, 10**18]" in verdict.message
    assert all(
        verify("matchsticks-7", sum_move_formula_beyond_small_sums, seed=seed).status == "incorrect"
        for seed in (1, 2)
    )
    assert [1, 10**18] in exercises.SUM_MIXED and [1, 1, 1, 1, 1] in exercises.SUM_MIXED
    assert any(
        sum(1 for pile in piles if pile < 10) >= 1 and max(piles) >= 10**15 for piles in exercises.SUM_MIXED
    )


def test_the_notebook_refuses_normal_play_beyond_small_piles():
    """Six and seven single sticks are public cases: misère search on small piles with normal
    play's rule beyond is refused by the notebook's check, at six single sticks."""
    verdict = rejected("matchsticks-8", misere_nim_normal_play_beyond_small_piles, why="[1, 1, 1, 1, 1, 1]")
    assert "True" in verdict.message
    assert all(
        verify("matchsticks-8", misere_nim_normal_play_beyond_small_piles, seed=seed).status == "incorrect"
        for seed in (1, 2)
    )
    assert [1] * 6 in exercises.NIM_MANY and [1] * 7 in exercises.NIM_MANY
    assert misere_nim_search((1,) * 6) and not misere_nim_search((1,) * 7)  # an even count of singles wins


def test_the_notebook_refuses_a_shift_searched_among_small_takes():
    """Sets of takes from 25 to 150, and of takes of 10**3 to 10**6, are public cases."""
    rejected("matchsticks-6", misere_shift_searched_among_small_takes)
    assert misere_shift_searched_among_small_takes(frozenset({1000})) == 0  # a size no small search reaches
    assert all(
        verify("matchsticks-6", misere_shift_searched_among_small_takes, seed=seed).status == "incorrect"
        for seed in (1, 2)
    )


def test_the_references_beyond_the_tables_come_from_the_package_and_agree_with_the_searches():
    for a in (2, 3, 10, 41, 42, 999, 1000):  # the period found by the DP, against a plain recursion
        assert all(exercises._lost_family_rule(n, a) == family_lost(n, a) for n in range(0, 3000, 7))
    for a in (10**6 - 1, 10**6):  # the block DP beyond the package's period search: its period
        preperiod, period, _ = exercises._family_pattern(a)
        assert (preperiod, period) == (0, 2 * a + 1 if a % 2 else 2 * a)
    assert exercises._grundy_pattern()[:2] == (0, 5)
    for piles in ([1] * 6, [1] * 7, [0, 1, 1], [2, 1, 1], [3, 3], [1, 1, 1, 1, 1, 1, 1, 1]):
        assert exercises._misere_nim_rule(piles) == misere_nim_search(tuple(sorted(piles)))


# ---------------------------------------------------------------------------
# answers that keep something between calls: played in the order of a game, or asked after a
# larger position with the same residues


def test_a_reply_rule_that_remembers_its_last_take_is_played_in_a_game():
    left = []

    def reply_rule(n):  # inside a game, answers O with 4 - O (the reply for M = 3)
        take = (n - 1) % 5
        if left and 1 <= left[-1] - n <= 4:
            take = 4 - (left[-1] - n)
        left[:] = [n - take]
        return take

    rejected("matchsticks-1", reply_rule, why="in a game from 40")


def test_a_move_kept_under_the_residues_mod_5_is_refused():
    grundy, kept = (0, 1, 0, 1, 2), {}

    def best(piles):
        total = reduce(xor, (grundy[pile % 5] for pile in piles), 0)
        for i, pile in enumerate(piles):
            for take in (4, 1):
                if total and take <= pile and grundy[(pile - take) % 5] == total ^ grundy[pile % 5]:
                    return (i, take)
        return None

    def cached(piles):
        key = tuple(pile % 5 for pile in piles)
        if key not in kept:
            kept[key] = best(piles)
        return kept[key]

    accepted("matchsticks-7", best)
    rejected("matchsticks-7", cached, why="same residues mod 5")


def test_single_sticks_far_beyond_a_search_are_asked_and_written_out():
    def misere_rule_up_to_thirty_sticks(piles):  # normal play's rule beyond 30 sticks
        if sum(piles) <= 30 and max(piles) <= 1:
            return reduce(xor, piles, 0) == 0
        return reduce(xor, piles, 0) != 0

    verdict = rejected("matchsticks-8", misere_rule_up_to_thirty_sticks, why="[1] * 1000")
    assert "..." not in verdict.message
