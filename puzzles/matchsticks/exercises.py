"""Checks for the match-stick exercises (ids "matchsticks-1" .. "matchsticks-8").

Lesson 1 (the paper's game, takes 1..M, whoever takes the last stick loses): Winston's group
problem, the lost positions for every M, the length of a game (the paper's Remark B) and the
paper's Assertion C(i). Lesson 2 (beyond the paper): the lost positions of the family
S = {1, a, a+1}, misère against normal play. Lesson 3: sums of games with S = {1, 4}, misère Nim.

Every check first compares the answer with independent evidence, from the smallest case up:
the backward DP (``win_table``), a DP over every line of play (``game_lengths``) or a plain
game-tree search over several piles. Then it goes where no table or search reaches (up to
10**18 sticks, and just above 2**53 and 2**60, where a quotient in floating point is
rounded), comparing with the rule the lesson proves; the tests of this unit check those rules
against the DP and the searches. The checker writes the messages.

Every exercise asks for the student's own rule: while the answer runs, ``puzzles.matchsticks``
is closed to it (``exercise(..., without=WITHOUT)``; bindingly in the grader's sandbox). The
references beyond the tables are the package's documented functions (the paper's theorem,
periods found by the DP, Bouton's rule), never the answer written out.

When graded (``plan(seed)``), each check adds cases drawn with the grader's seed: sizes and take
limits between and beyond the public ones, and the positions the public cases leave out (small
piles beside huge ones, five to eight single sticks, take sets with larger sizes).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from functools import cache, reduce
from itertools import combinations, combinations_with_replacement, product
from operator import xor
from typing import Any

import numpy as np

from puzzles.course.checker import (
    PackFault,
    Plan,
    Stage,
    boolean,
    exercise,
    hidden_stage,
    pair_of,
    place,
    set_of_whole,
    show,
    whole,
)
from puzzles.matchsticks.model import (
    PERIOD_LARGEST_TAKE,
    first_pick,
    game_lengths,
    grundy_period,
    grundy_table,
    nim_outcome,
    outcome_period,
    theorem_p,
    win_table,
)

__all__: list[str] = []

WITHOUT = "puzzles.matchsticks"
HUGE = 10**15  # far beyond any table: only a rule answers there in time
HUGEST = 10**18
FLOAT_EXACT = 2**53  # beyond it a quotient in floating point is rounded


def _far_stages(
    cases: list[tuple],
    *,
    reference: Any,
    evidence: str,
    noun: str,
    start: str,
    below: str,
    beyond: str,
) -> list[Stage]:
    """The cases beyond the tables in two stages, so that a failure's place is named truly:
    first those up to 2**53 (``below`` says where they lie: outside the table checked before),
    then those beyond 2**53 (``beyond``: where floating point rounds). A stage's label reads
    "the 40 winning n from 10**4 to 2**53", from ``noun`` ("winning n") and ``start``."""
    low = [case for case in cases if case[0] <= FLOAT_EXACT]
    high = [case for case in cases if case[0] > FLOAT_EXACT]
    return [
        Stage(
            low,
            reference=reference,
            label=f"the {len(low)} {noun} from {start} to 2**53",
            evidence=evidence,
            smallest=False,
            far=below,
        ),
        Stage(
            high,
            reference=reference,
            label=f"the {len(high)} {noun} beyond 2**53",
            evidence=evidence,
            smallest=False,
            far=beyond,
        ),
    ]


def _whole_or_none(value: Any) -> str | None:
    """The kind of an answer that is an integer or None (and nothing else)."""
    return None if value is None else whole(value)


def _set_kind(value: Any) -> str | None:
    """A set (or frozenset) of integers, and nothing else: a list or tuple can hold a pick twice
    and be called a set only after ``set(...)``, so it is refused, as a dict or a range is."""
    if isinstance(value, (set, frozenset)):
        return set_of_whole(value)
    if isinstance(value, (list, tuple, range)):
        name = type(value).__name__
        return (
            f"a {name}: a set is asked (a {name} can hold a pick twice and has an order; "
            "return set(...) of your picks)"
        )
    return set_of_whole(value)  # "a dict: a set of integers is asked", and so on


def _same_set(given: Any, expected: set[int]) -> bool:
    return set(given) == expected


def _float_traps(moduli: Iterable[int], remainders: Iterable[int]) -> list[int]:
    """Huge N just above powers of two (and 10**18), with each remainder mod each modulus.

    There ``N / (M + 1)`` in floating point is rounded, and an "is it an integer?" test or a
    ``math.ceil`` on it answers wrongly for some of them.
    """
    found = []
    for base in (2**53, 2**60, HUGEST):
        for modulus in moduli:
            for remainder in remainders:
                found.append(base - base % modulus + modulus + remainder % modulus)
    return found


def _by_size(cases: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """(N, M) pairs from the smallest up: by N + M, then M."""
    return sorted(cases, key=lambda case: (case[0] + case[1], case[1]))


# ---------------------------------------------------------------------------
# lesson 1: the paper's game


DP_REACH = 2000  # the largest N the lesson-1 checks ask the DP about


@cache
def _dp_table(M: int) -> bytes:
    return win_table(DP_REACH, M)


def _dp_winning_takes(N: int, M: int) -> list[int]:
    """The DP's winning first takes from N sticks with takes 1..M (N <= DP_REACH)."""
    table = _dp_table(M)
    return [k for k in range(1, min(M, N) + 1) if not table[N - k]]


GROUP_M, GROUP_N = 4, 40
GROUP_SMALL = 2000


def _group_rule(n: int) -> int:
    """The winning take at a winning n, by the paper's theorem (the package's ``first_pick``)."""
    return first_pick(n, GROUP_M)


BAND = (10**4, 10**6, 10**9, 10**12)  # between the DP's reach and 2**53: no float rounds there


def _group_far() -> list[int]:
    """Winning n around 10**4, 10**6, 10**9, 10**12, 10**15 and 10**18, and just above 2**53
    and 2**60."""
    near = [n for base in (*BAND, HUGE, HUGEST) for n in range(base, base + 2 * (GROUP_M + 1))]
    traps = _float_traps([GROUP_M + 1], range(GROUP_M + 1))
    return sorted({n for n in near + traps if _group_rule(n) is not None})


def _log_uniform(draw: random.Random, low: int, high: int) -> int:
    """A whole number in low..high, its order of magnitude drawn evenly."""
    return min(high, max(low, int(10 ** draw.uniform(math.log10(low), math.log10(high)))))


def _group_hidden(draw: random.Random) -> list[Stage]:
    """12 winning n drawn between 2001 and 10**18, the order of magnitude even."""
    drawn: set[int] = set()
    while len(drawn) < 12:
        n = _log_uniform(draw, GROUP_SMALL + 1, HUGEST)
        if _group_rule(n) is not None:
            drawn.add(n)
    return [
        hidden_stage(
            [(n,) for n in sorted(drawn)],
            reference=_group_rule,
            label="12 winning n the grader drew",
            evidence="the paper's theorem",
        )
    ]


@cache
def _lines_won_from(n: int) -> int:
    """The lines of play of the opponent from n when the player to move always takes the DP's
    winning take (n winning): every line ends with the opponent taking the last stick."""
    left = n - _dp_winning_takes(n, GROUP_M)[0]
    lines = 0
    for opponent in range(1, min(GROUP_M, left) + 1):
        lines += 1 if left == opponent else _lines_won_from(left - opponent)
    return lines


@cache
def _lines_of_play(n: int) -> tuple[tuple[int, ...], ...]:
    """Every line of play of the opponent from n (winning), as the positions the player meets
    in turn, the player always taking the DP's winning take."""
    left = n - _dp_winning_takes(n, GROUP_M)[0]
    lines: list[tuple[int, ...]] = []
    for opponent in range(1, min(GROUP_M, left) + 1):
        if left == opponent:
            lines.append((n,))
        else:
            lines.extend((n, *line) for line in _lines_of_play(left - opponent))
    return tuple(lines)


GAMES_PLAYED = 120


def _games_played() -> list[tuple[int, ...]]:
    """The games from 40 the check plays with the answer, move by move: the opponent always
    taking 1, 2, 3 or 4, and lines of play drawn with a fixed seed."""
    steady = []
    for opponent in range(1, GROUP_M + 1):
        line, n = [], GROUP_N
        while n:
            line.append(n)
            left = n - _dp_winning_takes(n, GROUP_M)[0]
            n = left - min(opponent, left)
        steady.append(tuple(line))
    drawn = random.Random(GROUP_N).sample(_lines_of_play(GROUP_N), GAMES_PLAYED)
    return steady + [line for line in drawn if line not in steady][: GAMES_PLAYED - len(steady)]


@exercise(
    "matchsticks-1",
    on_timeout="This check goes on to n around 10**15 and 10**18, where no table can go: the exercise "
    "asks for a rule.",
    names="n",
    without=WITHOUT,
    asks="Winston's group problem (40 sticks, take 1..4): group_strategy(n), a winning take at every "
    "winning position, without the package.",
    verifies="the unique winning take at every winning n <= 2000 (DP), hence every line of play from 40, "
    "then winning n around 10**4, 10**6, 10**9, 10**12, 10**15 and 10**18 and just above 2**53 and 2**60 "
    f"(the proved rule), then {GAMES_PLAYED} games from 40 asked move by move in the order of play; refuses "
    "answers that reach puzzles.matchsticks.",
    hidden=_group_hidden,
)
def _group_problem() -> Plan:
    """M = 4: ``answer(n)`` is the take with n sticks on the table (checked at winning n)."""
    table = _dp_table(GROUP_M)
    winning = [(n,) for n in range(1, GROUP_SMALL + 1) if table[n]]
    far = [(n,) for n in _group_far()]
    first = _dp_winning_takes(GROUP_N, GROUP_M)[0]
    games = _games_played()
    return Plan(
        [
            Stage(
                winning,
                reference=lambda n: _dp_winning_takes(n, GROUP_M)[0],
                label=f"every winning n <= {GROUP_SMALL}",
                evidence="the dynamic programme's only winning take",
            ),
            *_far_stages(
                far,
                reference=_group_rule,
                evidence="the rule the DP's table shows (proved in Exercise 2)",
                noun="winning n",
                start="10**4",
                below=f"beyond the table of n <= {GROUP_SMALL} above",
                beyond="beyond 2**53, where n / 5 in floating point is rounded",
            ),
            Stage(
                [(n,) for line in games for n in line],
                reference=lambda n: _dp_winning_takes(n, GROUP_M)[0],
                label=f"{len(games)} games from 40, asked in the order of play",
                evidence="the dynamic programme's only winning take",
                smallest=False,
                far="in a game from 40, asked in the order of play after your previous take and the "
                "opponent's reply",
            ),
        ],
        what="your take",
        kind=whole,
        passed=f"your take is the only winning one at every winning n <= {GROUP_SMALL} (the dynamic "
        f"programme agrees), so from 40 sticks it wins all {_lines_won_from(GROUP_N)} lines of play of the "
        f"opponent, first taking {first}, and it won the {len(games)} games from 40 the check played with "
        f"it move by move; and it is right at {len(far)} winning n from 10**4 to 10**18 "
        "(around 10**4, 10**6, 10**9, 10**12, 10**15, 10**18 and just above 2**53 and 2**60), beyond "
        "the table.",
    )


def _winning_first_picks_rule(N: int, M: int) -> set[int]:
    """The winning first picks by the paper's theorem (the package's ``first_pick``)."""
    pick = first_pick(N, M)
    return set() if pick is None else {pick}


def _pairs_hidden(draw: random.Random, small_n: int, small_m: int, largest_m: int) -> list[tuple[int, int]]:
    """16 (N, M) drawn for grading: 4 just past the public N, 4 past the public M, 8 with N up to
    10**18 and M up to ``largest_m``, a third of them at N = 0, 1 or 2 (mod M + 1)."""
    cases = {(draw.randint(small_n + 1, 20 * small_n), draw.randint(1, small_m)) for _ in range(4)}
    cases |= {(draw.randint(1, 20 * small_n), draw.randint(small_m + 1, 4 * small_m)) for _ in range(4)}
    while len(cases) < 16:
        M = _log_uniform(draw, 1, largest_m)
        N = _log_uniform(draw, M + 2, HUGEST)
        if draw.random() < 0.4:
            N = N - N % (M + 1) + draw.choice((0, 1, 2))
        cases.add((max(N, 1), M))
    return sorted(cases, key=lambda case: (case[0] + case[1], case[1]))


def _first_picks_hidden(draw: random.Random) -> list[Stage]:
    return [
        hidden_stage(
            _pairs_hidden(draw, PICKS_N, PICKS_M, 10**6),
            reference=_winning_first_picks_rule,
            label="16 pairs the grader drew",
            evidence="the paper's theorem",
        )
    ]


PICKS_N, PICKS_M = 300, 25


def _pairs_band() -> list[tuple[int, int]]:
    """(N, M) between the DP's reach and 2**53, and with M up to 10**9: N around 10**3, 10**4,
    10**6, 10**9 and 10**12 at the residues 0, 1, 2, M // 2 + 1 and M of N mod M + 1, and the
    first rounds N = 1, 2, M, M + 1, M + 2, M + 3 (no round yet, p = 0, when N <= M + 1)."""
    cases = set()
    for M in (1, 4, 26, 1000, 10**5, 10**9):
        for base in (10**3, *BAND):
            start = base - base % (M + 1)
            cases |= {(start + r, M) for r in (0, 1, 2, M // 2 + 1, M) if start + r >= 1}
        cases |= {(N, M) for N in (1, 2, M, M + 1, M + 2, M + 3)}
    return sorted(cases)


def _first_picks_far() -> list[tuple[int, int]]:
    moduli = (2, 3, 6, 7, 10, 1001, 10**4 + 1, 10**6 + 1, 10**9 + 1)
    traps = [(N, m - 1) for m in moduli for N in _float_traps([m], range(m if m < 12 else 3))]
    return sorted(set(traps) | set(_pairs_band()))


@exercise(
    "matchsticks-2",
    on_timeout="This check goes on to N around 10**18, where no DP can go: the exercise asks for a rule.",
    names="N, M",
    without=WITHOUT,
    asks="Which positions are lost for every M (with proof); winning_first_picks(N, M), the set of "
    "every winning first pick, without the package.",
    verifies=f"the DP's set of winning first picks for every N <= {PICKS_N}, M <= {PICKS_M}, then "
    f"{len(_first_picks_far())} pairs with N from 1 to 10**18 and M up to 10**9 (N around 10**3 to "
    "10**12 and N <= M + 3 among them; beyond 2**53 floating point rounds); refuses answers that reach "
    "puzzles.matchsticks.",
    hidden=_first_picks_hidden,
)
def _winning_first_picks() -> Plan:
    """``answer(N, M)`` is the set of winning first picks (empty when the first player loses)."""
    small = _by_size((N, M) for M in range(1, PICKS_M + 1) for N in range(1, PICKS_N + 1))
    far = [case for case in _first_picks_far() if not (case[0] <= PICKS_N and case[1] <= PICKS_M)]
    return Plan(
        [
            Stage(
                small,
                reference=lambda N, M: set(_dp_winning_takes(N, M)),
                label=f"every N <= {PICKS_N} and M <= {PICKS_M}",
                evidence="the dynamic programme",
            ),
            *_far_stages(
                far,
                reference=_winning_first_picks_rule,
                evidence="the rule this exercise proves",
                noun="pairs with M up to 10**9 and N",
                start="1",
                below=f"outside the table of N <= {PICKS_N} and M <= {PICKS_M} above",
                beyond="beyond 2**53, where N / (M + 1) in floating point is rounded",
            ),
        ],
        what="your set of winning first picks",
        kind=_set_kind,
        same=_same_set,
        passed=f"your set of winning first picks agrees with the dynamic programme for every N <= {PICKS_N} "
        f"and M <= {PICKS_M}, and with the proved rule at {len(far)} pairs with N up to 10**18 and M up to "
        "10**9 outside that table (N from 10**3 to 10**12, N <= M + 3 with M from 26 to 10**9, and beyond "
        "2**53, where floating point rounds).",
    )


def _picks_rule(N: int, M: int) -> int:
    """The picks of a game by the paper's theorem: the winner's first pick (when N is won), then
    p rounds of two picks (the package's ``theorem_p``) and the loser's last pick."""
    return 2 * theorem_p(N, M) + (1 if first_pick(N, M) is None else 2)


def _length_hidden(draw: random.Random) -> list[Stage]:
    return [
        hidden_stage(
            _pairs_hidden(draw, LENGTH_N, LENGTH_M, 10**9),
            reference=_picks_rule,
            label="16 pairs the grader drew",
            evidence="the paper's theorem",
        )
    ]


LENGTH_N, LENGTH_M = 150, 10


def _length_far() -> list[tuple[int, int]]:
    traps = [(N, m - 1) for m in (2, 5, 6, 10**9 + 1) for N in _float_traps([m], range(min(m, 4)))]
    return sorted(set(traps) | set(_pairs_band()))


def _one_length(N: int, M: int) -> int:
    """The one number of picks on every line of the loser, by the DP over the lines (Remark B)."""
    (length,) = game_lengths(N, M)
    return length


@exercise(
    "matchsticks-3",
    on_timeout="This check goes on to N around 10**18 and M up to 10**9: no game can be played out and no "
    "loop over the takes 1..M can finish there. Count the rounds, and find the first pick by integer "
    "arithmetic (// and %).",
    names="N, M",
    without=WITHOUT,
    asks="Remark B: picks_in_game(N, M), the number of picks in a game won by perfect play, the same "
    "on every line of the loser (with proof), without the package.",
    verifies=f"a DP over every line of the losing player for every N <= {LENGTH_N}, M <= {LENGTH_M}, then "
    f"{len(_length_far())} pairs with N up to 10**18 and M up to 10**9 (N from 10**3 to 10**12, N <= M + 3 "
    "with M up to 10**9, and beyond 2**53; the rounds of Remark B); refuses "
    "answers that reach puzzles.matchsticks.",
    hidden=_length_hidden,
)
def _picks_in_game() -> Plan:
    """``answer(N, M)``: how many picks the game lasts when the player who can win always does."""
    small = _by_size((N, M) for M in range(1, LENGTH_M + 1) for N in range(1, LENGTH_N + 1))
    far = [case for case in _length_far() if not (case[0] <= LENGTH_N and case[1] <= LENGTH_M)]
    return Plan(
        [
            Stage(
                small,
                reference=_one_length,
                label=f"every N <= {LENGTH_N} and M <= {LENGTH_M}",
                evidence="a DP over every line of play",
            ),
            *_far_stages(
                far,
                reference=_picks_rule,
                evidence="counting the rounds (Remark B)",
                noun="pairs with M up to 10**9 and N",
                start="1",
                below=f"outside the DP's range of N <= {LENGTH_N} and M <= {LENGTH_M} above",
                beyond="beyond 2**53, where N / (M + 1) in floating point is rounded",
            ),
        ],
        what="your number of picks",
        kind=whole,
        passed=f"your number of picks agrees with a DP over every line of play for every N <= {LENGTH_N} and "
        f"M <= {LENGTH_M}, and with the rounds of Remark B at {len(far)} pairs with N up to 10**18 and M "
        "up to 10**9 (games with no round at all, N <= M + 1, among them), outside that range.",
    )


def _extreme_pick_rule(N: int, M: int) -> int | None:
    """The paper's first pick (the package's ``first_pick``) where it is 1 or M, else None."""
    pick = first_pick(N, M)
    return pick if pick in (1, M) else None


def _extreme_hidden(draw: random.Random) -> list[Stage]:
    cases = _pairs_hidden(draw, EXTREME_N, EXTREME_M, 10**6)
    for _ in range(6):  # where C(i) applies (N - 2 or N a multiple of M + 1), and just beside
        M = _log_uniform(draw, 2, 10**6)
        N = _log_uniform(draw, M + 2, HUGEST)
        N = N - N % (M + 1) + draw.choice((2, M + 1, 3, M))
        cases.append((N, M))
    return [
        hidden_stage(
            sorted(set(cases), key=lambda case: (case[0] + case[1], case[1])),
            reference=_extreme_pick_rule,
            label="the pairs the grader drew",
            evidence="the paper's theorem",
        )
    ]


EXTREME_N, EXTREME_M = 300, 30


def _extreme_far() -> list[tuple[int, int]]:
    traps = [(N, m - 1) for m in (2, 3, 6, 7, 1000) for N in _float_traps([m], range(min(m, 4)))]
    return sorted(set(traps) | set(_pairs_band()))


def _dp_extreme_pick(N: int, M: int) -> int | None:
    wins = _dp_winning_takes(N, M)
    return wins[0] if wins and wins[0] in (1, M) else None


@exercise(
    "matchsticks-4",
    on_timeout="This check goes on to N around 10**18, where no DP can go: use the two divisibility "
    "tests of C(i).",
    names="N, M",
    without=WITHOUT,
    asks="Assertion C(i) (both directions, with proof): extreme_pick(N, M), the first pick C(i) "
    "determines (1 or M) or None, by two divisibility tests.",
    verifies=f"the DP's winning first pick where it is 1 or M, None elsewhere, for every N <= {EXTREME_N}, "
    f"M <= {EXTREME_M}, then {len(_extreme_far())} pairs with N up to 10**18 and M up to 10**9 (beyond 2**53 "
    "float quotients round); "
    "refuses answers that reach puzzles.matchsticks.",
    hidden=_extreme_hidden,
)
def _extreme_pick() -> Plan:
    """``answer(N, M)``: 1 or M as Assertion C(i) says, None when neither quotient is an integer."""
    small = _by_size((N, M) for M in range(1, EXTREME_M + 1) for N in range(1, EXTREME_N + 1))
    far = [case for case in _extreme_far() if not (case[0] <= EXTREME_N and case[1] <= EXTREME_M)]
    return Plan(
        [
            Stage(
                small,
                reference=_dp_extreme_pick,
                label=f"every N <= {EXTREME_N} and M <= {EXTREME_M}",
                evidence="C(i) read off the DP's winning first pick (kept when it is 1 or M, else None)",
            ),
            *_far_stages(
                far,
                reference=_extreme_pick_rule,
                evidence="C(i) in exact arithmetic",
                noun="pairs with M up to 10**9 and N",
                start="1",
                below=f"outside the table of N <= {EXTREME_N} and M <= {EXTREME_M} above",
                beyond="beyond 2**53, where a quotient in floating point can look whole",
            ),
        ],
        what="your pick",
        kind=_whole_or_none,
        passed=f"your pick agrees with the dynamic programme (1 or M where C(i) applies, None elsewhere) for "
        f"every N <= {EXTREME_N} and M <= {EXTREME_M} (the paper's instances among them), and at {len(far)} "
        "pairs with N up to 10**18 and M up to 10**9 outside that table (and beyond 2**53, where a quotient "
        "in floating point can look whole).",
    )


# ---------------------------------------------------------------------------
# lessons 2 and 3: beyond the paper


@cache
def _family_pattern(a: int) -> tuple[int, int, bytes]:
    """(preperiod, period, win table through one period) of S = {1, a, a+1} under normal play.

    Up to the package's largest take for periods, its ``outcome_period`` and ``win_table``;
    beyond (a up to 10**6), the same backward DP run a block of a positions at a time (a
    position's takes a and a + 1 reach only the block before), and the period where the first
    a + 1 outcomes come back: the outcome of n depends only on the a + 1 before it.
    """
    moves = (1, a, a + 1)
    if a + 1 <= PERIOD_LARGEST_TAKE:
        preperiod, period = outcome_period(moves, misere=False)
        return preperiod, period, win_table(preperiod + period, moves, misere=False)
    length = 3 * (a + 1) + 1
    win = np.zeros(length, dtype=np.uint8)  # win[0] = 0: no move left, the player to move lost
    for start in range(1, length, a):
        end = min(start + a, length)
        n = np.arange(start, end)
        far_lost = np.zeros(end - start, dtype=bool)
        for take in (a, a + 1):
            reach = n >= take
            far_lost[reach] |= win[n[reach] - take] == 0
        # win[n] = far_lost[n] or not win[n - 1]: from the last n with far_lost, wins alternate
        marks = np.where(far_lost, np.arange(end - start), -1)
        last = np.maximum.accumulate(marks)
        offset = np.arange(end - start) - last
        before = win[start - 1]
        from_block = np.where(offset % 2 == 0, 1, 0)
        from_before = np.where((np.arange(end - start) + 1) % 2 == 0, before, 1 - before)
        win[start:end] = np.where(last >= 0, from_block, from_before)
    table = win.tobytes()
    period = table.find(table[: a + 1], 1)
    if period < 0:
        raise PackFault(
            f"the win/lose pattern of S = {{1, {a}, {a + 1}}} did not repeat within {length} positions"
        )
    return 0, period, table[:period]


def _lost_family_rule(n: int, a: int) -> bool:
    """Lost under normal play with S = {1, a, a+1}: n reduced by the pattern's period, then the DP."""
    preperiod, period, table = _family_pattern(a)
    if n >= preperiod:
        n = preperiod + (n - preperiod) % period
    return not table[n]


def _family_hidden(draw: random.Random) -> list[Stage]:
    """16 positions drawn for grading: a in 41..5000 or 2..40 with n beyond the public 500, and n
    at the ends of the pattern's runs (0, 1, a - 1, a, a + 1, one below the period) half the time."""
    cases = set()
    while len(cases) < 16:
        a = draw.randint(2, FAMILY_A) if len(cases) < 5 else _log_uniform(draw, FAMILY_A + 1, 5000)
        n = _log_uniform(draw, FAMILY_N + 1, HUGEST)
        if draw.random() < 0.5:
            _, period, _ = _family_pattern(a)
            n = n - n % period + draw.choice((0, 1, a - 1, a, a + 1, period - 1))
        cases.add((n, a))
    return [
        hidden_stage(
            sorted(cases, key=lambda case: (case[1], case[0])),
            reference=_lost_family_rule,
            label="16 positions the grader drew",
            evidence="the dynamic programme and its period",
        )
    ]


FAMILY_A, FAMILY_N = 40, 500


@cache
def _family_table(a: int) -> bytes:
    return win_table(FAMILY_N, (1, a, a + 1), misere=False)


FAMILY_WIDE = (41, 42, 99, 100, 1000, 1001)  # a beyond the public table, at moderate n


@cache
def _family_wide() -> list[tuple[int, int]]:
    """(n, a) for a in FAMILY_WIDE and n up to three periods: every n for a <= 100; for a around
    1000 the ends of the runs (n within 3 of a period's start or of a past it) and 150 more."""
    rng = random.Random(51)
    cases = set()
    for a in FAMILY_WIDE:
        period = _family_pattern(a)[1]
        if a <= 100:
            cases |= {(n, a) for n in range(3 * period + 1)}
            continue
        for start in (0, period, 2 * period, 3 * period):
            for end in (start, start + a):
                cases |= {(n, a) for n in range(max(0, end - 3), end + 4)}
        cases |= {(n, a) for n in rng.sample(range(3 * period + 1), 150)}
    return sorted(cases, key=lambda case: (case[1], case[0]))


@cache
def _family_far() -> list[tuple[int, int]]:
    rng = random.Random(5)
    far = []
    for a in (2, 3, 7, 40, 41, 99, 1000, 10**6):  # n from 10**3 to 10**12, below 2**53
        period = _family_pattern(a)[1]
        for base in (10**3, *BAND):
            start = base - base % period
            far += [(start + r, a) for r in (0, 1, 2, a - 1, a, a + 1, period - 1) if start + r >= 0]
    for a in (41, 42, 999, 1000, 10**6 - 1, 10**6):
        period = _family_pattern(a)[1]  # the DP's period
        for base in (HUGE, HUGEST):
            start = base - base % period
            far += [(start + r, a) for r in sorted(rng.sample(range(period), min(period, 12)))]
            far += [(start + r, a) for r in (0, 1, 2, a - 1, a, a + 1, period - 1)]
    return sorted(set(far))


@exercise(
    "matchsticks-5",
    on_timeout="This check goes on to n around 10**18 and a up to 10**6, where no table can go: the "
    "exercise asks for a rule.",
    names="n, a",
    without=WITHOUT,
    asks="The lost positions of S = {1, a, a+1} under normal play for every a >= 2 (with proof): "
    "lost_1_a(n, a), without the package.",
    verifies=f"the DP for every a in 2..{FAMILY_A} and n <= {FAMILY_N}, then {len(_family_wide())} positions "
    "with a = 41, 42, 99, 100, 1000, 1001 and n up to three periods (the DP), then "
    f"{len(_family_far())} positions with n from 10**3 to 10**18 and a up to 10**6 (the proved period); "
    "True or False, numpy's too; refuses answers that reach puzzles.matchsticks.",
    hidden=_family_hidden,
)
def _lost_family() -> Plan:
    """``answer(n, a)`` is True when n is lost under normal play with S = {1, a, a + 1}."""
    small = [(n, a) for a in range(2, FAMILY_A + 1) for n in range(FAMILY_N + 1)]
    wide = _family_wide()
    far = _family_far()
    return Plan(
        [
            Stage(
                small,
                reference=lambda n, a: not _family_table(a)[n],
                label=f"every a in 2..{FAMILY_A} and n <= {FAMILY_N}",
                evidence="the dynamic programme",
            ),
            Stage(
                wide,
                reference=_lost_family_rule,
                label=f"the {len(wide)} positions with a from 41 to 1001 and n up to three periods",
                evidence="the dynamic programme",
            ),
            *_far_stages(
                far,
                reference=_lost_family_rule,
                evidence="the proved period",
                noun="positions with n",
                start="10**3",
                below="beyond the tables above",
                beyond="beyond 2**53, where n / period in floating point is rounded",
            ),
        ],
        what="your answer",
        kind=boolean,
        passed=f"your rule agrees with the dynamic programme for every a in 2..{FAMILY_A} and "
        f"n <= {FAMILY_N} and at {len(wide)} positions with a from 41 to 1001 and n up to three periods, "
        f"and with the proved period at {len(far)} positions with n from 10**3 to 10**18 and a up to 10**6, "
        "where no table reaches.",
    )


SHIFT_N = 200


SHIFT_LARGE_TAKES = 150  # the largest take of the public sets the DP judges (n <= SHIFT_N)


def _shift_sets() -> list[tuple[int, ...]]:
    """Every subset of 1..7 with at most 4 sizes, 60 random sets within 1..24, and 20 random sets
    of takes 25..150 (a shift searched among small takes, as the lesson's tables show, fails there)."""
    sets = [s for size in range(1, 5) for s in combinations(range(1, 8), size)]
    rng = random.Random(6)
    for _ in range(60):
        size = rng.randint(1, 5)
        sets.append(tuple(sorted(rng.sample(range(1, 25), size))))
    for _ in range(20):
        size = rng.randint(1, 4)
        sets.append(tuple(sorted(rng.sample(range(25, SHIFT_LARGE_TAKES + 1), size))))
    sets += SHIFT_MANY
    return sets


# sets of many take sizes (6 to 56), which the sets above never reach
SHIFT_MANY = [
    tuple(range(1, 21)),
    tuple(range(3, 31)),
    tuple(range(5, 61)),
    (2, 3, 5, 7, 11, 13, 17, 19),
    (4, 6, 8, 9, 10, 12),
    (6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
]


def _shift_hidden(draw: random.Random) -> list[Stage]:
    """12 take sets drawn for grading: 1 to 6 sizes within 1..60 (judged by the DP, n <= 200)."""
    sets: set[frozenset[int]] = set()
    while len(sets) < 12:
        sets.add(frozenset(draw.sample(range(1, 61), draw.randint(1, 6))))
    return [
        hidden_stage(
            [(sizes,) for sizes in sorted(sets, key=sorted)],
            judge=_shift_problem,
            label="12 take sets the grader drew",
            evidence="the dynamic programme",
        )
    ]


SHIFT_FAR = [
    (1000,),
    (4321, 5000, 7919),
    (123_456, 654_321),
    (10**9,),
    (10**9 + 7, 10**9 + 9),
    (999_999_937, 10**12),
    (3 * 10**9, 4 * 10**9, 5 * 10**9),
    (2**53 + 1,),  # beyond 2**53 a take size converted to a float is rounded
    (2**60 + 3, 2**61 + 1),
    (10**18 + 1, 10**18 + 7),
]


def _shift_problem(case: tuple, shift: int) -> str | None:
    """None when n -> n - shift turns the normal-play lost positions into the misère ones for
    n <= SHIFT_N (by the DP), else where it fails, in a sentence."""
    (moves,) = case
    where = f"at {place(case, 'moves')} your shift {shift}"
    if shift < 0:
        return f"{where} is negative; a shift is a number of sticks, at least 0."
    sizes = tuple(sorted(moves))
    normal = win_table(SHIFT_N, sizes, misere=False)
    misere = win_table(SHIFT_N, sizes, misere=True)
    for n in range(SHIFT_N + 1):
        shifted_lost = n >= shift and not normal[n - shift]
        if shifted_lost != (not misere[n]):
            if n >= shift:
                reason = f"n - d = {n - shift} is {'lost' if shifted_lost else 'won'} under normal play"
            else:
                reason = "n - d is below 0, so your shift says won"
            return (
                f"{where} fails at n = {n}: by the dynamic programme, n = {n} is "
                f"{'lost' if not misere[n] else 'won'} under misère play for the player to move, "
                f"but {reason}."
            )
    return None


@exercise(
    "matchsticks-6",
    on_timeout="This check goes on to sets of take sizes from 10**3 to 10**18, where no table can go: the "
    "exercise asks for a rule.",
    names="moves",
    without=WITHOUT,
    asks="The shift d with: n lost under misère play iff n - d >= 0 is lost under normal play "
    "(with proof): misere_shift(moves), without the package.",
    verifies=f"the DP's normal and misère sequences for n <= {SHIFT_N} on {len(_shift_sets())} sets S (all "
    "subsets of 1..7 with at most 4 sizes, 60 random ones within 1..24, 20 within 25..150, 6 of 6 to 56 "
    "sizes), then sets of take sizes from 10**3 to 10**18 (the proved rule); refuses answers that reach "
    "puzzles.matchsticks.",
    hidden=_shift_hidden,
)
def _misere_shift() -> Plan:
    """``answer(moves)`` (a frozenset) is the shift d."""
    sets = _shift_sets()
    return Plan(
        [
            Stage(
                [(frozenset(sizes),) for sizes in sets],
                judge=_shift_problem,
                label=f"all {len(sets)} sets S with takes up to {SHIFT_LARGE_TAKES}",
                evidence="the dynamic programme",
            ),
            Stage(
                [(frozenset(sizes),) for sizes in SHIFT_FAR if min(sizes) <= FLOAT_EXACT],
                reference=min,
                label="sets of take sizes from 10**3 to 10**12",
                evidence="the rule this exercise proves",
                smallest=False,
                far=f"take sizes from 10**3 to 10**12, beyond the sets above (takes up to "
                f"{SHIFT_LARGE_TAKES})",
            ),
            Stage(
                [(frozenset(sizes),) for sizes in SHIFT_FAR if min(sizes) > FLOAT_EXACT],
                reference=min,
                label="sets of take sizes beyond 2**53",
                evidence="the rule this exercise proves",
                smallest=False,
                far="take sizes beyond 2**53, where a whole number turned into a float is rounded",
            ),
        ],
        what="your shift",
        kind=whole,
        passed=f"your shift turns the normal-play lost positions into the misère ones for n <= {SHIFT_N} on "
        f"all {len(sets)} sets S tried (every subset of 1..7 with at most 4 sizes, 60 random ones within "
        f"1..24, 20 within 25..{SHIFT_LARGE_TAKES}, {len(SHIFT_MANY)} of 6 to 56 sizes), and it is right "
        "on sets of take sizes from 10**3 to 10**18 (beyond 2**53 among them, where a float would round).",
    )


SUM_SET = (1, 4)


@cache
def _grundy_pattern() -> tuple[int, int, tuple[int, ...]]:
    """(preperiod, period, Grundy values through one period) for S = {1, 4}: the package's
    ``grundy_period`` and ``grundy_table``."""
    preperiod, period = grundy_period(SUM_SET)
    return preperiod, period, tuple(grundy_table(preperiod + period, SUM_SET))


def _grundy_14(n: int) -> int:
    """G(n) for S = {1, 4}: n reduced by the Grundy sequence's period, then its table."""
    preperiod, period, values = _grundy_pattern()
    if n >= preperiod:
        n = preperiod + (n - preperiod) % period
    return values[n]


@cache
def _sum_search(piles: tuple[int, ...]) -> bool:
    """Plain game-tree search, S = {1, 4}, normal play: True when the player to move wins."""
    for i, pile in enumerate(piles):
        for k in SUM_SET:
            if k <= pile:
                after = tuple(sorted(piles[:i] + (pile - k,) + piles[i + 1 :]))
                if not _sum_search(after):
                    return True
    return False


def _sum_positions() -> list[list[int]]:
    small = [p for count in (1, 2, 3) for p in product(range(10), repeat=count)]
    small += list(product(range(6), repeat=4))
    return [list(piles) for piles in small]


def _huge_piles(count: int, rng: random.Random) -> list[list[int]]:
    found = []
    for piles in range(1, 7):
        for _ in range(count):
            found.append([rng.randrange(HUGE, HUGEST) for _ in range(piles)])
    return found


def _sum_wins(piles: list[int]) -> bool:
    """Won for the player to move: the search where it reaches, the Grundy values beyond."""
    if max(piles) <= 9:
        return _sum_search(tuple(sorted(piles)))
    return reduce(xor, map(_grundy_14, piles), 0) != 0


def _move_kind(value: Any) -> str | None:
    return None if value is None else pair_of(whole, "a pair (pile index, take)")(value)


def _sum_move_problem(case: tuple, move: Any) -> str | None:
    """None for None at a lost position or a winning legal move at a won one, else a sentence."""
    (piles,) = case
    shown = show(piles, 100)
    if not _sum_wins(piles):
        if move is None:
            return None
        return f"piles {shown} are lost for the player to move, so answer None, not {show(move)}."
    if move is None:
        return f"piles {shown} are won for the player to move, but your answer is None."
    i, k = move
    if not (0 <= i < len(piles) and k in SUM_SET and k <= piles[i]):
        if not 0 <= i < len(piles):
            why = f"there is no pile {i}: the piles are numbered 0..{len(piles) - 1}, as Python counts"
        elif k not in SUM_SET:
            why = f"a take is 1 or 4 sticks, not {k}"
        else:
            why = f"pile {i} has {piles[i]} stick{'' if piles[i] == 1 else 's'}, fewer than {k}"
        return (
            f"{show(tuple(move))} is not a legal move from piles {shown} ({why}; a move is a pile index "
            f"0..{len(piles) - 1} and a take 1 or 4 of at most that pile's sticks)."
        )
    after = list(piles)
    after[i] -= k
    if _sum_wins(after):
        return (
            f"from piles {shown} your move {show(tuple(move))} leaves {show(after, 100)}, which the opponent "
            "wins."
        )
    return None


SUM_FAR = _huge_piles(6, random.Random(7))


def _mixed_positions() -> list[list[int]]:
    """Positions no search of four small piles covers: a small pile beside huge ones (one stick
    beside 10**18 among them), and five to seven small piles."""
    rng = random.Random(71)
    found = [[1, HUGEST], [HUGEST, 1], [1, 1, 1, 1, 1], [2, 3, HUGEST], [4, HUGE, HUGE + 1]]
    for _ in range(12):  # small and huge side by side
        count = rng.randint(2, 6)
        piles = [
            rng.randint(0, 9) if rng.random() < 0.5 else rng.randrange(HUGE, HUGEST) for _ in range(count)
        ]
        piles[rng.randrange(count)] = rng.randint(1, 3)
        found.append(piles)
    for count in (5, 5, 5, 6, 6, 7):  # more small piles than the search above
        found.append([rng.randint(0, 9) for _ in range(count)])
    found += [[1] * 5, [1, 1, 1, 1, 4], [0, 1, 1, 1, 1, 1], [1] * 6, [1] * 7]
    return found


SUM_MIXED = _mixed_positions()


def _large_then_small() -> list[list[int]]:
    """Pairs of five or six piles with the same residues mod 5, the larger first (every pile
    5 to 14 sticks) and then the small one (0 to 4 sticks): an answer that keeps a move from
    one call to the next, keyed on the residues, plays a take that no longer fits."""
    rng = random.Random(77)
    found: list[list[int]] = []
    while len(found) < 60:
        small = [rng.randint(0, 4) for _ in range(rng.choice((5, 5, 6)))]
        if small in found[1::2]:
            continue
        found += [[pile + 5 * rng.randint(1, 2) for pile in small], small]
    return found


SUM_PAIRS = _large_then_small()


def _after_a_larger_one(case: tuple, move: Any) -> str | None:
    problem = _sum_move_problem(case, move)
    if problem is None:
        return None
    return (
        f"{problem} This position was asked right after a position of larger piles with the same residues "
        "mod 5: does your answer keep something from one call to the next?"
    )


def _sum_hidden(draw: random.Random) -> list[Stage]:
    """Positions the public ones leave out, for grading: small piles beside huge ones (one stick
    beside 10**18 among them), five or six small piles, and 1 to 6 huge piles."""
    positions = [[1, HUGEST], [1, 1, 1, 1, 1]]
    for _ in range(8):  # small and huge mixed
        count = draw.randint(2, 6)
        piles = [
            draw.randint(0, 4) if draw.random() < 0.5 else draw.randrange(HUGE, HUGEST) for _ in range(count)
        ]
        piles[draw.randrange(count)] = draw.randint(1, 3)
        positions.append(piles)
    for _ in range(6):  # five or six piles a search still reaches
        positions.append([draw.randint(0, 9) for _ in range(draw.randint(5, 6))])
    positions += _huge_piles(1, draw)
    return [
        hidden_stage(
            [(piles,) for piles in positions],
            judge=_sum_move_problem,
            label=f"the {len(positions)} positions the grader drew",
            evidence="a game-tree search and the Grundy values",
        )
    ]


@exercise(
    "matchsticks-7",
    on_timeout="This check goes on to piles of 10**15 to 10**18 sticks, where no search can go: use the "
    "Grundy values.",
    names="piles",
    without=WITHOUT,
    asks="Several piles, take 1 or 4 sticks from one pile, normal play: sum_move(piles), a winning "
    "(pile, take) or None, without the package.",
    verifies=f"a game-tree search on all {len(_sum_positions())} positions of 1-3 piles of 0..9 and 4 piles "
    f"of 0..5 sticks, then {len(SUM_FAR)} positions of 1-6 piles of 10**15..10**18 sticks (Grundy values "
    f"proved in the lesson) and {len(SUM_MIXED)} of small piles beside huge ones or of 5 to 7 small piles; "
    "refuses answers that reach puzzles.matchsticks.",
    hidden=_sum_hidden,
)
def _sum_move() -> Plan:
    """``answer(piles)`` (a list) is a winning move (pile index, take) or None when the piles are lost."""
    small = _sum_positions()
    return Plan(
        [
            Stage(
                [(piles,) for piles in small],
                judge=_sum_move_problem,
                label=f"all {len(small)} positions of up to 4 small piles",
                evidence="a game-tree search",
            ),
            Stage(
                [(piles,) for piles in SUM_FAR],
                judge=_sum_move_problem,
                label=f"the {len(SUM_FAR)} positions of huge piles",
                evidence="the Grundy values proved in the lesson",
                smallest=False,
                far="no search reaches them",
            ),
            Stage(
                [(piles,) for piles in SUM_MIXED],
                judge=_sum_move_problem,
                label=f"the {len(SUM_MIXED)} positions of small piles beside huge ones or of 5-7 small piles",
                evidence="a game-tree search and the Grundy values",
                smallest=False,
                far="small piles beside huge ones, or more small piles than the search above",
            ),
            Stage(
                [(piles,) for piles in SUM_PAIRS],
                judge=_after_a_larger_one,
                label=f"{len(SUM_PAIRS) // 2} positions of 5 or 6 small piles, each asked after a larger one",
                smallest=False,
                far="asked right after a position of larger piles with the same residues mod 5: does your "
                "answer keep something from one call to the next?",
            ),
        ],
        what="your move",
        kind=_move_kind,
        build=lambda case: (list(case[0]),),
        passed=f"your move wins from every won position and you answer None at every lost one, on all "
        f"{len(small)} positions of up to 4 small piles (against a game-tree search), {len(SUM_FAR)} "
        "positions of 1 to 6 piles of 10**15 to 10**18 sticks, where no search reaches, "
        f"{len(SUM_MIXED)} positions of small piles beside huge ones or of 5 to 7 small piles, and "
        f"{len(SUM_PAIRS) // 2} positions of 5 or 6 small piles, each asked right after a larger one with "
        "the same residues mod 5.",
    )


@cache
def _nim_search(piles: tuple[int, ...]) -> bool:
    """Plain game-tree search of misère Nim: True when the player to move wins."""
    if not any(piles):
        return True  # no stick left: the opponent took the last one
    for i, pile in enumerate(piles):
        for take in range(1, pile + 1):
            after = tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))
            if not _nim_search(after):
                return True
    return False


NIM_FIVE = list(combinations_with_replacement(range(4), 5))  # 5 piles of 0..3, in sorted order


def _nim_positions() -> list[list[int]]:
    """Every position of 1 to 4 piles of 0..5 sticks and the sorted ones of 5 piles of 0..3,
    fewest sticks first; the tables with no stick left (a convention) come last."""
    found = [p for count in range(1, 5) for p in product(range(6), repeat=count)]
    found += NIM_FIVE
    return [list(piles) for piles in sorted(found, key=lambda p: (not any(p), sum(p), len(p), p))]


def _misere_nim_rule(piles: tuple[int, ...] | list[int]) -> bool:
    """Won for the player to move under misère play: the package's ``nim_outcome``."""
    return nim_outcome(piles, misere=True) == "win"


def _huge_nim_positions() -> list[list[int]]:
    rng = random.Random(8)
    found = _huge_piles(4, rng)
    for ones in range(0, 6):  # one huge pile among single sticks, and its xor-zero twin
        big = rng.randrange(HUGE, HUGEST)
        found.append([1] * ones + [big])
        found.append([1] * ones + [big, big])
        found.append([1] * ones + [big, big ^ 1])
    for piles in range(1, 6):  # xor zero on purpose
        values = [rng.randrange(HUGE, HUGEST) for _ in range(piles)]
        found.append([*values, reduce(xor, values, 0)])
    return found


NIM_FAR = _huge_nim_positions()


def _many_small_nim_positions() -> list[list[int]]:
    """Six to thirty small piles: single sticks only (six, seven, twenty and twenty-one of them
    among them), piles of at most 3 sticks (a search reaches them), and eight to thirteen piles
    with some of two or more sticks, lost (xor 0) and won (the rule of misère Nim beyond 3)."""
    rng = random.Random(81)
    found = [[1] * 6, [1] * 7, [1] * 8, [0, 1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 1, 1, 2], [1, 1, 1, 1, 1, 1, 3]]
    found += [[1] * 20, [1] * 21, [0] * 6 + [1] * 9, [0] * 7 + [1] * 10, [1] * 29 + [0]]
    # eight or more piles with a pile of two or more: lost ones (xor 0) and won ones
    found += [[2, 2] + [1] * 6, [5, 4, 1] + [1] * 6, [3, 2, 1] + [0] * 6, [3, 3] + [1] * 7]
    found += [[2, 3, 1] + [1] * 8]
    found += [[2, 2, 1] + [1] * 6, [3, 2] + [0] * 7, [3, 3, 2, 2] + [1] * 6]
    for _ in range(6):
        piles = [rng.randint(0, 3) for _ in range(rng.randint(7, 11))]
        last = reduce(xor, piles, 0)
        found.append([*piles, last] if last >= 2 else [*piles, 2, 2 ^ last])
    for _ in range(6):
        found.append([rng.randint(0, 1) for _ in range(rng.randint(6, 8))])
    for _ in range(8):
        found.append([rng.randint(0, 3) for _ in range(rng.randint(6, 7))])
    return found


NIM_MANY = _many_small_nim_positions()


def _nim_hidden(draw: random.Random) -> list[Stage]:
    """Positions the public ones leave out, for grading: six to eight piles of at most one stick
    (six and seven single sticks among them), six or seven small piles a search reaches, and
    huge piles beside single sticks."""
    positions = [[1] * 6, [1] * 7]
    for _ in range(4):
        positions.append([draw.randint(0, 1) for _ in range(draw.randint(6, 8))])
    for _ in range(4):
        positions.append([draw.randint(0, 3) for _ in range(draw.randint(6, 7))])
    for _ in range(4):
        big = draw.randrange(HUGE, HUGEST)
        positions.append([1] * draw.randint(0, 7) + [big, draw.choice((big, big ^ 1, 1))])
    return [
        hidden_stage(
            [(piles,) for piles in positions],
            reference=_nim_wins,
            label=f"the {len(positions)} positions the grader drew",
            evidence="a game-tree search and the rule of misère Nim",
        )
    ]


def _nim_wins(piles: list[int]) -> bool:
    """The search where it reaches (at most 30 piles of at most 3 sticks), the package's rule
    beyond (its tests compare it with the search)."""
    if _searched(piles):
        return _nim_search(tuple(sorted(piles)))
    return _misere_nim_rule(piles)


def _searched(piles: list[int]) -> bool:
    """Where the checks' game-tree search reaches: at most 30 piles of at most 3 sticks."""
    return max(piles) <= 3 and len(piles) <= 30


def _nim_evidence(piles: list[int]) -> str:
    if _searched(piles):
        return "a game-tree search"
    if max(piles) <= 1:
        return "the rule of misère Nim (no pile of two or more: every move takes a single stick)"
    return "the rule of misère Nim (beyond the search)"


def _piles_in_words(piles: list[int]) -> str:
    """A list of piles as Python writes it, runs of equal piles as ``[1] * 21``, never cut."""
    if len(piles) <= 12:
        return show(piles, 400)
    runs: list[list[int]] = []
    for pile in piles:
        if runs and runs[-1][0] == pile:
            runs[-1][1] += 1
        else:
            runs.append([pile, 1])
    return " + ".join(f"[{pile}] * {count}" if count > 2 else show([pile] * count) for pile, count in runs)


def _nim_judge(far: str) -> Any:
    def judge(case: tuple, value: Any) -> str | None:
        (piles,) = case
        expected = _nim_wins(piles)
        if bool(value) == expected:
            return None
        return (
            f"at piles = {_piles_in_words(piles)} ({far}) your answer gives {bool(value)}, where "
            f"{_nim_evidence(piles)} gives {expected}."
        )

    return judge


NIM_ONES = [
    [1] * 1000,
    [1] * 1001,
    [0] * 5 + [1] * 999,
    [1] * 4096 + [0],
    [1] * 4097,
    [1] * 1000 + [2],
    [1] * 1001 + [HUGEST],
    [1] * 1000 + [HUGEST, HUGEST],
]


@exercise(
    "matchsticks-8",
    on_timeout="This check goes on to piles of up to 10**18 sticks, where no search can go: the exercise "
    "asks for a rule.",
    names="piles",
    without=WITHOUT,
    asks="Misère Nim (whoever takes the last stick loses): misere_nim_wins(piles), True when the player "
    "to move wins, without the package.",
    verifies=f"a game-tree search on all {len(_nim_positions())} positions of 1-4 piles of 0..5 sticks and "
    f"the {len(NIM_FIVE)} sorted ones of 5 piles of 0..3 (positions with sticks first, fewest first), then "
    f"{len(NIM_FAR)} positions of up to 7 piles of up to 10**18 sticks (the rule of misère Nim) and "
    f"{len(NIM_MANY)} of 6 to 30 small piles, lost ones of 8 to 13 piles with a pile of 2 or more among "
    f"them (a search, or the rule beyond 3 sticks), and {len(NIM_ONES)} of 1000 to 4097 single sticks "
    "(the rule); True or False, numpy's too; "
    "refuses answers that reach puzzles.matchsticks.",
    hidden=_nim_hidden,
)
def _misere_nim() -> Plan:
    """``answer(piles)`` (a list) is True when the player to move wins misère Nim."""
    small = _nim_positions()
    return Plan(
        [
            Stage(
                [(piles,) for piles in small],
                reference=lambda piles: _nim_search(tuple(sorted(piles))),
                label=f"all {len(small)} positions of up to 5 small piles",
                evidence="a game-tree search",
            ),
            Stage(
                [(piles,) for piles in NIM_FAR],
                reference=_misere_nim_rule,
                label=f"the {len(NIM_FAR)} positions of huge piles",
                evidence="the rule of misère Nim",
                smallest=False,
                far="no search reaches them",
            ),
            Stage(
                [(piles,) for piles in NIM_MANY],
                judge=_nim_judge("six to thirty small piles, more than the search above"),
                smallest=False,
                far="six to thirty small piles, more than the search above",
                label=f"the {len(NIM_MANY)} positions of 6 to 30 small piles",
            ),
            Stage(
                [(piles,) for piles in NIM_ONES],
                judge=_nim_judge("a thousand piles or more, far beyond any search"),
                smallest=False,
                far="a thousand piles or more, far beyond any search",
                label=f"the {len(NIM_ONES)} positions of 1000 to 4097 single sticks",
            ),
        ],
        what="your answer",
        kind=boolean,
        build=lambda case: (list(case[0]),),
        passed=f"your rule agrees with a game-tree search on all {len(small) - len(NIM_FIVE)} positions of 1 "
        f"to 4 piles of 0..5 sticks, the {len(NIM_FIVE)} sorted ones of 5 piles of 0..3 and "
        f"{len(NIM_MANY)} positions of 6 to 30 small piles (lost ones of 8 to 13 piles with a pile of 2 or "
        f"more among them), with the rule of misère Nim on {len(NIM_FAR)} positions of up to 7 piles "
        f"of up to 10**18 sticks, where no search reaches, and on {len(NIM_ONES)} positions of 1000 to 4097 "
        "single sticks (one or two larger piles beside some of them), far beyond any search.",
    )
