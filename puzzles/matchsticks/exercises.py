"""Checks for the match-stick exercises (ids "matchsticks-1" .. "matchsticks-8").

Lesson 1 (the paper's game, takes 1..M, whoever takes the last stick loses): Winston's group
problem, the lost positions for every M, the length of a game (the paper's Remark B) and the
paper's Assertion C(i). Lesson 2 (beyond the paper): the lost positions of the family
S = {1, a, a+1}, misère against normal play. Lesson 3: sums of games with S = {1, 4}, misère Nim.

Every check first compares the answer with independent evidence where it can be computed:
the backward DP (``win_table``), a DP over every line of play (``game_lengths``) or a plain
game-tree search over several piles. Most then go where no table or search reaches (up to
10**18 sticks), comparing with the closed form the lesson proves; the tests of this unit check
those closed forms against the DP and the searches. Answers are called with exact integers
and must give exact values back: a float, None or a string is "Not yet" with its repr.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache, reduce
from itertools import combinations, combinations_with_replacement, product
from operator import xor

from puzzles.course.checker import (
    boolean,
    counterexample_place,
    exercise,
    first_disagreement,
    set_of_whole,
    whole,
)
from puzzles.course.display import format_set
from puzzles.matchsticks.model import game_lengths, win_table

__all__: list[str] = []

WITHOUT = "puzzles.matchsticks"
HUGE = 10**15  # far beyond any table: only a rule answers there in time
HUGEST = 10**18


def _report(found, what: str, where: str, names: str) -> tuple[bool, str]:
    """The verdict of a ``first_disagreement`` search: the range verified, or the first case."""
    if found is None:
        return True, f"{what} for every {where}."
    case, given, expected = found
    return False, (
        f"smallest counterexample at {counterexample_place(case, names)}: your answer gives "
        f"{given!r}, the right value is {expected!r}."
    )


def _whole_or_none(value) -> str | None:
    """The kind of an answer that is an integer or None (and nothing else)."""
    return None if value is None else whole(value)


def _float_traps(moduli: Iterable[int], remainders: Iterable[int]) -> list[int]:
    """Huge N just above powers of two, with each remainder mod each modulus.

    There ``N / (M + 1)`` in floating point is rounded, and an "is it an integer?" test or a
    ``math.ceil`` on it answers wrongly for some of them.
    """
    found = []
    for base in (2**53, 2**60, HUGEST):
        for modulus in moduli:
            for remainder in remainders:
                found.append(base - base % modulus + modulus + remainder % modulus)
    return found


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


@exercise(
    "matchsticks-1",
    on_timeout="This check goes on to n around 10**15 and 10**18, where"
    " no table can go: the exercise asks for a rule.",
    names="n",
    without=WITHOUT,
    asks="Winston's group problem (40 sticks, take 1..4): group_strategy(n), a winning take at every "
    "winning position, without the package.",
    verifies="the unique winning take at every winning n <= 2000 (DP), every line of play from 40, "
    "and winning n around 10**15 and 10**18.",
    giveaways=("(n - 1) % 5", "(n-1) % 5", "1 \\pmod 5", "1 (mod 5)", "1, 6, 11, 16"),
)
def _group_problem(answer) -> tuple[bool, str]:
    """M = 4: ``answer(n)`` is the take with n sticks on the table (checked at winning n)."""
    M = GROUP_M
    table = _dp_table(M)

    def winning_take(n: int) -> int:
        return (n - 1) % (M + 1) if n > GROUP_SMALL else _dp_winning_takes(n, M)[0]

    winning = [n for n in range(1, GROUP_SMALL + 1) if table[n]]
    huge = [n for base in (HUGE, HUGEST) for n in range(base, base + 2 * (M + 1)) if (n - 1) % (M + 1)]
    found = first_disagreement(answer, winning_take, [(n,) for n in winning + huge], kind=whole)
    if found is not None:
        (n,), given, expected = found
        if isinstance(given, str):  # a kind problem, already a sentence
            return False, f"with n = {n} sticks: {given}."
        if isinstance(given, int) and 1 <= given <= min(M, n):
            return False, (
                f"with n = {n} sticks you take {given}, leaving {n - given}, from which the opponent "
                f"can win; the only winning take is {expected}."
            )
        return (
            False,
            f"with n = {n} sticks you may take 1..{min(M, n)}, not {given!r}; "
            f"the winning take is {expected}.",
        )
    # play it out from 40 against every line of the opponent (a plain game-tree search)
    lines = 0

    def my_turn(n: int) -> bool:
        nonlocal lines
        left = n - answer(n)
        if left == 0:
            return False  # never happens: every take above wins
        for opponent in range(1, min(M, left) + 1):
            if left - opponent == 0:
                lines += 1  # the opponent took the last stick: this line is won
            elif not my_turn(left - opponent):
                return False
        return True

    if not my_turn(GROUP_N):  # pragma: no cover - excluded by the comparison above
        return False, "your strategy loses some line of play from N = 40."
    return True, (
        f"your take is the winning one at every winning n <= {GROUP_SMALL} (the DP agrees) and at "
        f"n around 10**15 and 10**18, where no table reaches; from 40 sticks it wins all {lines} "
        f"lines of play of the opponent, first taking {answer(GROUP_N)}."
    )


def _winning_first_picks_rule(N: int, M: int) -> set[int]:
    """Proved in lesson 1 (exercise 2): the lost positions are n = 1 (mod M + 1)."""
    m1 = (N - 1) % (M + 1)
    return {m1} if m1 else set()


PICKS_N, PICKS_M = 300, 25


@exercise(
    "matchsticks-2",
    on_timeout="This check goes on to N around 10**18, where no DP can go: the exercise asks for a rule.",
    names="N, M",
    without=WITHOUT,
    asks="Which positions are lost for every M (with proof); winning_first_picks(N, M), the set of "
    "every winning first pick, without the package.",
    verifies="the DP's set of winning first picks for every N <= 300, M <= 25, then N up to 10**18 "
    "with M up to 10**4 (where floating point rounds and no DP reaches).",
    giveaways=(
        "(N - 1) % (M + 1)",
        "(N-1) % (M+1)",
        "1 \\pmod{M+1}",
        "1 \\pmod{M + 1}",
        "1 (mod M+1)",
        "1 (mod M + 1)",
    ),
)
def _winning_first_picks(answer) -> tuple[bool, str]:
    """``answer(N, M)`` is the set of winning first picks (empty when the first player loses)."""
    small = sorted(
        ((N, M) for M in range(1, PICKS_M + 1) for N in range(1, PICKS_N + 1)),
        key=lambda case: (case[0] + case[1], case[1]),
    )

    def reference(N: int, M: int) -> set[int]:
        return set(_dp_winning_takes(N, M)) if N <= PICKS_N else _winning_first_picks_rule(N, M)

    moduli = (2, 3, 6, 7, 10, 1001, 10**4 + 1)
    huge = sorted((N, m - 1) for m in moduli for N in _float_traps([m], range(m if m < 12 else 3)))
    found = first_disagreement(answer, reference, small + huge, kind=set_of_whole)
    return _report(
        found,
        "your set of winning first picks agrees with the DP",
        f"N <= {PICKS_N} and M <= {PICKS_M}, and with the proved rule at {len(huge)} pairs with N up "
        "to 10**18 and M up to 10**4, where no DP reaches and floating point rounds",
        "N, M",
    )


def _picks_rule(N: int, M: int) -> int:
    """Proved in lesson 1 (exercise 3): q rounds of M + 1 sticks, and the end."""
    q, r = divmod(N - 1, M + 1)
    return 2 * q + 1 + (1 if r else 0)


LENGTH_N, LENGTH_M = 150, 10


@exercise(
    "matchsticks-3",
    on_timeout="This check goes on to N around 10**18, where"
    " no game can be played out: count the rounds instead.",
    names="N, M",
    asks="Remark B: picks_in_game(N, M), the number of picks in a game won by perfect play, the same "
    "on every line of the loser (with proof).",
    verifies="a DP over every line of the losing player for every N <= 150, M <= 10, then N up to "
    "10**18 with M up to 10**9.",
    giveaways=("2(p + 1)", "2(p+1)", "2p + 2", "2p+2", "2q + 1", "2q+1", "16 picks"),
)
def _picks_in_game(answer) -> tuple[bool, str]:
    """``answer(N, M)``: how many picks the game lasts when the player who can win always does."""
    small = sorted(
        ((N, M) for M in range(1, LENGTH_M + 1) for N in range(1, LENGTH_N + 1)),
        key=lambda case: (case[0] + case[1], case[1]),
    )

    def reference(N: int, M: int) -> int:
        if N > LENGTH_N:
            return _picks_rule(N, M)
        (length,) = game_lengths(N, M)  # one length on every line: Remark B
        return length

    huge = sorted((N, m - 1) for m in (2, 5, 6, 10**9 + 1) for N in _float_traps([m], range(min(m, 4))))
    found = first_disagreement(answer, reference, small + huge, kind=whole)
    return _report(
        found,
        "your number of picks agrees with a DP over every line of play",
        f"N <= {LENGTH_N} and M <= {LENGTH_M}, and with the rounds of Remark B at {len(huge)} pairs "
        "with N up to 10**18 and M up to 10**9, where no line of play can be followed to the end",
        "N, M",
    )


def _extreme_pick_rule(N: int, M: int) -> int | None:
    m1 = (N - 1) % (M + 1)
    return m1 if m1 in (1, M) else None


EXTREME_N, EXTREME_M = 600, 30


@exercise(
    "matchsticks-4",
    on_timeout="This check goes on to N around 10**18, where"
    " no DP can go: use the two divisibility tests of C(i).",
    names="N, M",
    without=WITHOUT,
    asks="Assertion C(i) (both directions, with proof): extreme_pick(N, M), the first pick C(i) "
    "determines (1 or M) or None, by two divisibility tests.",
    verifies="the DP's winning first pick where it is 1 or M, None elsewhere, for every N <= 600, "
    "M <= 30, then N up to 10**18 where float quotients round.",
    giveaways=("m_1 = M = 5", "m1 = M = 5", "m_1 = 5$", "m1 = 5 "),
)
def _extreme_pick(answer) -> tuple[bool, str]:
    """``answer(N, M)``: 1 or M as Assertion C(i) says, None when neither quotient is an integer."""
    small = sorted(
        ((N, M) for M in range(1, EXTREME_M + 1) for N in range(1, EXTREME_N + 1)),
        key=lambda case: (case[0] + case[1], case[1]),
    )

    def reference(N: int, M: int) -> int | None:
        if N > EXTREME_N:
            return _extreme_pick_rule(N, M)
        wins = _dp_winning_takes(N, M)
        return wins[0] if wins and wins[0] in (1, M) else None

    huge = sorted((N, m - 1) for m in (2, 3, 6, 7, 1000) for N in _float_traps([m], range(min(m, 4))))
    found = first_disagreement(answer, reference, small + huge, kind=_whole_or_none)
    return _report(
        found,
        "your pick agrees with the DP (1 or M where C(i) applies, None elsewhere)",
        f"N <= {EXTREME_N} and M <= {EXTREME_M} (the paper's instances among them), and at "
        f"{len(huge)} pairs with N up to 10**18, where a quotient in floating point can look whole",
        "N, M",
    )


# ---------------------------------------------------------------------------
# lessons 2 and 3: beyond the paper


def _lost_family_rule(n: int, a: int) -> bool:
    """Proved in lesson 2 (exercise 5): S = {1, a, a+1}, normal play."""
    period = 2 * a + 1 if a % 2 else 2 * a
    r = n % period
    return r % 2 == 0 and r < a


FAMILY_A, FAMILY_N = 40, 500


@exercise(
    "matchsticks-5",
    on_timeout="This check goes on to n around 10**18 and a up to 10**6, where"
    " no table can go: the exercise asks for a rule.",
    names="n, a",
    without=WITHOUT,
    asks="The lost positions of S = {1, a, a+1} under normal play for every a >= 2 (with proof): "
    "lost_1_a(n, a), without the package.",
    verifies="the DP for every a in 2..40 and n <= 500, then 223 positions with n up to 10**18 and "
    "a up to 10**6.",
    giveaways=("2a + 1", "2a+1", "2 a + 1", "r < a", "even and less than a"),
)
def _lost_family(answer) -> tuple[bool, str]:
    """``answer(n, a)`` is True when n is lost under normal play with S = {1, a, a + 1}."""
    tables = {a: win_table(FAMILY_N, (1, a, a + 1), misere=False) for a in range(2, FAMILY_A + 1)}
    small = [(n, a) for a in range(2, FAMILY_A + 1) for n in range(FAMILY_N + 1)]

    def reference(n: int, a: int) -> bool:
        if a <= FAMILY_A and n <= FAMILY_N:
            return not tables[a][n]
        return _lost_family_rule(n, a)

    rng = random.Random(5)
    huge = []
    for a in (41, 42, 999, 1000, 10**6 - 1, 10**6):
        period = 2 * a + 1 if a % 2 else 2 * a
        for base in (HUGE, HUGEST):
            start = base - base % period
            huge += [(start + r, a) for r in sorted(rng.sample(range(period), min(period, 12)))]
            huge += [(start + r, a) for r in (0, 1, 2, a - 1, a, a + 1, period - 1)]
    huge = sorted(set(huge))
    found = first_disagreement(answer, reference, small + huge, kind=boolean)
    return _report(
        found,
        "your rule agrees with the DP",
        f"a in 2..{FAMILY_A} and n <= {FAMILY_N}, and with the proved period at {len(huge)} positions "
        "with n up to 10**18 and a up to 10**6, where no table reaches",
        "n, a",
    )


SHIFT_N = 200


def _shift_sets() -> list[tuple[int, ...]]:
    sets = [s for size in range(1, 5) for s in combinations(range(1, 8), size)]
    rng = random.Random(6)
    for _ in range(60):
        size = rng.randint(1, 5)
        sets.append(tuple(sorted(rng.sample(range(1, 25), size))))
    return sets


@exercise(
    "matchsticks-6",
    on_timeout="This check goes on to sets of take sizes near 10**9, where"
    " no table can go: the exercise asks for a rule.",
    names="moves",
    without=WITHOUT,
    asks="The shift d with: n lost under misère play iff n - d >= 0 is lost under normal play "
    "(with proof): misere_shift(moves), without the package.",
    verifies="the DP's normal and misère sequences for n <= 200 on 158 sets S (all subsets of "
    "1..7 with at most 4 sizes, 60 random ones within 1..24), then sets of sizes near 10**9.",
    giveaways=("min(moves)", "min(S)", "d = \\min S", "delayed by", "by the smallest take"),
)
def _misere_shift(answer) -> tuple[bool, str]:
    """``answer(moves)`` (a frozenset) is the shift d."""
    sets = _shift_sets()
    for sizes in sets:
        shift = answer(frozenset(sizes))
        problem = whole(shift)
        if problem is not None:
            return False, f"for S = {format_set(sizes)}: {problem}."
        if shift < 0:
            return (
                False,
                f"for S = {format_set(sizes)} your shift is {shift}; "
                "a shift is a number of sticks, at least 0.",
            )
        normal = win_table(SHIFT_N, sizes, misere=False)
        misere = win_table(SHIFT_N, sizes, misere=True)
        for n in range(SHIFT_N + 1):
            shifted_lost = n - shift >= 0 and not normal[n - shift]
            if shifted_lost != (not misere[n]):
                return False, (
                    f"for S = {format_set(sizes)} your shift {shift} fails at n = {n}: under misère play "
                    f"n = {n} is {'lost' if not misere[n] else 'won'} for the player to move, but "
                    f"{'n - d' if n >= shift else 'n - d < 0'} "
                    f"{'is lost' if shifted_lost else 'is not a lost position'} under normal play."
                )
    big = [(10**9,), (10**9 + 7, 10**9 + 9), (999_999_937, 10**12), (3 * 10**9, 4 * 10**9, 5 * 10**9)]
    for sizes in big:
        shift = answer(frozenset(sizes))
        problem = whole(shift)
        if problem is not None:
            return False, f"for S = {format_set(sizes)}: {problem}."
        if shift != min(sizes):  # the rule proved in the lesson: no DP reaches these sizes
            return False, (
                f"for S = {format_set(sizes)} your shift is {shift!r}; the right shift is {min(sizes)} "
                "(sets with takes this large are beyond any table: the check uses the proved rule)."
            )
    return True, (
        f"your shift turns the normal-play lost positions into the misère ones for n <= {SHIFT_N} on "
        f"all {len(sets)} sets S tried (every subset of 1..7 with at most 4 sizes, 60 random ones "
        "within 1..24), and on sets of sizes around 10**9, where no table reaches."
    )


SUM_SET = (1, 4)


def _grundy_14(n: int) -> int:
    """Proved in lesson 3 (exercise 7): G(n) for S = {1, 4}."""
    return (0, 1, 0, 1, 2)[n % 5]


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


def _sum_positions() -> list[tuple[int, ...]]:
    small = [p for count in (1, 2, 3) for p in product(range(10), repeat=count)]
    small += list(product(range(6), repeat=4))
    return small


def _fill_sum_search() -> None:
    for piles in _sum_positions():
        _sum_search(tuple(sorted(piles)))


def _huge_piles(count: int, rng: random.Random) -> list[tuple[int, ...]]:
    found = []
    for piles in range(1, 7):
        for _ in range(count):
            found.append(tuple(rng.randrange(HUGE, HUGEST) for _ in range(piles)))
    return found


@exercise(
    "matchsticks-7",
    on_timeout="This check goes on to piles of 10**15 to 10**18 sticks, where"
    " no search can go: use the Grundy values.",
    names="piles",
    without=WITHOUT,
    prepare=_fill_sum_search,
    asks="Several piles, take 1 or 4 sticks from one pile, normal play: sum_move(piles), a winning "
    "(pile, take) or None, without the package.",
    verifies="a game-tree search on every position of 1-3 piles of 0..9 and 4 piles of 0..5 sticks, "
    "then 1-6 piles of 10**15..10**18 sticks (Grundy values proved in the lesson).",
    giveaways=("0, 1, 0, 1, 2", "0,1,0,1,2"),
)
def _sum_move(answer) -> tuple[bool, str]:
    """``answer(piles)`` (a list) is a winning move (pile index, take) or None when the piles are lost."""

    def wins(piles: tuple[int, ...]) -> bool:
        if max(piles) <= 9:
            return _sum_search(tuple(sorted(piles)))
        return reduce(xor, map(_grundy_14, piles), 0) != 0

    positions = _sum_positions() + _huge_piles(6, random.Random(7))
    for piles in positions:
        move = answer(list(piles))
        shown = list(piles)
        if not wins(piles):
            if move is not None:
                return False, f"piles {shown} are lost for the player to move, so answer None, not {move!r}."
            continue
        if move is None:
            return False, f"piles {shown} are won for the player to move, but you answered None."
        if not isinstance(move, (tuple, list)) or len(move) != 2:
            return False, f"from piles {shown} you answered {move!r}; a move is a pair (pile index, take)."
        for part in move:
            if (problem := whole(part)) is not None:
                return False, f"from piles {shown} you answered {move!r}: {problem}."
        i, k = move
        if not (0 <= i < len(piles) and k in SUM_SET and k <= piles[i]):
            return False, (
                f"{tuple(move)!r} is not a legal move from piles {shown} (a pile index 0..{len(piles) - 1} "
                "and a take 1 or 4 of at most that pile's sticks)."
            )
        after = list(piles)
        after[i] -= k
        if wins(tuple(after)):
            return (
                False,
                f"from piles {shown} your move {tuple(move)!r} leaves {after}, which the opponent wins.",
            )
    return True, (
        f"your move wins from every won position and you answer None at every lost one, on "
        f"{len(_sum_positions())} positions of up to 4 small piles (against a game-tree search) and "
        "36 positions of 1 to 6 piles of 10**15 to 10**18 sticks, where no search reaches."
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


def _nim_positions() -> list[tuple[int, ...]]:
    found = [p for count in range(1, 5) for p in product(range(6), repeat=count)]
    found += list(combinations_with_replacement(range(4), 5))
    return found


def _fill_nim_search() -> None:
    for piles in _nim_positions():
        _nim_search(tuple(sorted(piles)))


def _misere_nim_rule(piles: tuple[int, ...]) -> bool:
    """Bouton's misère rule (proved in lesson 3, exercise 8)."""
    if all(p <= 1 for p in piles):
        return sum(piles) % 2 == 0
    return reduce(xor, piles, 0) != 0


def _huge_nim_positions() -> list[tuple[int, ...]]:
    rng = random.Random(8)
    found = _huge_piles(4, rng)
    for ones in range(0, 6):  # one huge pile among single sticks, and its xor-zero twin
        big = rng.randrange(HUGE, HUGEST)
        found.append((1,) * ones + (big,))
        found.append((1,) * ones + (big, big))
        found.append((1,) * ones + (big, big ^ 1))
    for piles in range(1, 6):  # xor zero on purpose
        values = [rng.randrange(HUGE, HUGEST) for _ in range(piles)]
        found.append((*values, reduce(xor, values, 0)))
    return found


@exercise(
    "matchsticks-8",
    on_timeout="This check goes on to piles of up to 10**18 sticks, where"
    " no search can go: the exercise asks for a rule.",
    names="piles",
    without=WITHOUT,
    prepare=_fill_nim_search,
    asks="Misère Nim (whoever takes the last stick loses): misere_nim_wins(piles), True when the player "
    "to move wins, without the package.",
    verifies="a game-tree search on every position of 1-4 piles of 0..5 sticks and 5 piles of 0..3, "
    "then 47 positions of up to 7 piles of up to 10**18 sticks.",
    giveaways=("odd number of single", "even number of single", "sum(piles) % 2", "an *odd* number"),
)
def _misere_nim(answer) -> tuple[bool, str]:
    """``answer(piles)`` (a list) is True when the player to move wins misère Nim."""
    small = _nim_positions()
    huge = _huge_nim_positions()

    def reference(piles: tuple[int, ...]) -> bool:
        if max(piles) <= 5:
            return _nim_search(tuple(sorted(piles)))
        return _misere_nim_rule(piles)

    cases = [(piles,) for piles in small + huge]
    found = first_disagreement(lambda piles: answer(list(piles)), reference, cases, kind=boolean)
    if found is not None:
        (piles,), given, expected = found
        return False, (
            f"smallest counterexample at piles {list(piles)}: your answer gives {given!r}, "
            f"the right value is {expected!r}."
        )
    return True, (
        f"your rule agrees with a game-tree search on all {len(small)} positions of 1 to 4 piles of "
        f"0..5 sticks and 5 piles of 0..3, and with Bouton's rule on {len(huge)} positions of up to "
        "7 piles of up to 10**18 sticks, where no search reaches."
    )
