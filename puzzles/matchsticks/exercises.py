"""Checks for the match-stick exercises (ids "matchsticks-1" .. "matchsticks-10").

Lesson 1 (the paper's game): Winston's group problem, the paper's instances (i)-(iv), and the
closed form of the first pick. Lesson 2 (beyond the paper): a subtraction set's losing
positions, Grundy values, misère against normal play, and sums of games (Nim).

Every check compares the student's answer with the backward DP (``win_table``), the mex
recursion, or a plain game-tree search over several piles, never with the package's closed
forms (``first_pick``, Bouton's rule), and reports the range verified or the smallest
counterexample.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

from puzzles.course.checker import counterexample_place, exercise, first_disagreement
from puzzles.course.display import format_set
from puzzles.matchsticks.model import grundy_table, win_table

__all__: list[str] = []

THEOREM_M, THEOREM_N = 50, 500  # range of the closed-form check
LONG = 3000  # positions checked for one-pile closed forms


def _report(found, what: str, where: str, names: str = "n") -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees with the dynamic programme for every {where}."
    case, given, expected = found
    shown = counterexample_place(case, names)
    return (
        False,
        f"smallest counterexample at {shown}: your answer gives {given!r}, the DP gives {expected!r}.",
    )


def _dp_winning_takes(N: int, M: int) -> list[int]:
    table = win_table(N, M)
    return [k for k in range(1, min(M, N) + 1) if not table[N - k]]


# ---------------------------------------------------------------------------
# lesson 1: the paper's game


@exercise("matchsticks-1")
def _group_problem(answer) -> tuple[bool, str]:
    """Winston's group problem: N = 40, take 1..4; ``answer(n)`` is the take with n sticks left."""
    N, M = 40, 4
    table = win_table(N, M)
    for n in range(1, N + 1):
        if table[n]:
            take = answer(n)
            if isinstance(take, bool) or not isinstance(take, int) or not 1 <= take <= min(M, n):
                return False, f"with {n} sticks you may take 1..{min(M, n)}, not {take!r}."
            if take not in _dp_winning_takes(n, M):
                return False, (
                    f"with {n} sticks you take {take}, but the only winning take is "
                    f"{format_set(_dp_winning_takes(n, M))}: after yours the opponent has "
                    f"{n - take} sticks and can win."
                )
    # play it out against every line of the opponent (a plain game-tree search)
    lines = 0

    def my_turn(n: int) -> bool:
        nonlocal lines
        take = answer(n)
        if not isinstance(take, int) or not 1 <= take <= min(M, n):
            return False
        left = n - take
        if left == 0:
            return False  # I took the last stick
        for opponent in range(1, min(M, left) + 1):
            if left - opponent == 0:
                lines += 1  # the opponent took the last stick: I win this line
                continue
            if not my_turn(left - opponent):
                return False
        return True

    if not my_turn(N):
        return False, "your strategy loses some line of play from N = 40."  # pragma: no cover
    return True, (
        f"your strategy makes a winning take at every winning n in 1..40 and wins all {lines} "
        f"lines of play from N = 40, first taking {answer(N)}."
    )


def _instance(answer, N: int, M: int) -> tuple[bool, str]:
    if not isinstance(answer, tuple) or len(answer) != 2:
        return False, "answer with a pair (p, m1), for example (3, 2)."
    p, m1 = answer
    wins = _dp_winning_takes(N, M)
    if m1 not in wins:
        left = N - m1 if isinstance(m1, int) else "?"
        return False, (
            f"m1 = {m1!r} leaves {left} sticks, a winning position for the opponent; "
            f"the DP's winning first take is {format_set(wins)}."
        )
    if N - m1 != p * (M + 1) + 1:
        return False, f"m1 = {m1} is right, but p = {p!r} does not satisfy N - m1 = p(M + 1) + 1."
    return True, (
        f"m1 = {m1} is the only winning first take (the DP agrees); it leaves "
        f"{N - m1} = {p}*{M + 1} + 1 sticks, and the replies {M + 1} - O keep the opponent "
        f"on 1 (mod {M + 1})."
    )


@exercise("matchsticks-2")
def _instance_i(answer) -> tuple[bool, str]:
    """The paper's instance (i): N = 60, M = 5; the answer is (p, m1)."""
    return _instance(answer, 60, 5)


@exercise("matchsticks-3")
def _instance_ii(answer) -> tuple[bool, str]:
    """The paper's instance (ii): N = 42, M = 4; the answer is (p, m1)."""
    return _instance(answer, 42, 4)


@exercise("matchsticks-4")
def _instance_iii(answer) -> tuple[bool, str]:
    """The paper's instance (iii): N = 72, M = 6; the answer is (p, m1)."""
    return _instance(answer, 72, 6)


@exercise("matchsticks-5")
def _instance_iv(answer) -> tuple[bool, str]:
    """The paper's instance (iv): is (M, N) = (5, 61) feasible (a bool)?"""
    if not isinstance(answer, bool):
        return False, "answer True or False."
    N, M = 61, 5
    wins = _dp_winning_takes(N, M)
    if answer != bool(wins):
        if answer:
            return False, (
                f"every first take 1..{M} leaves {N - M}..{N - 1} sticks, and the DP finds each "
                "of them winning for the opponent."
            )
        return False, f"the DP finds the winning first take {format_set(wins)}."  # pragma: no cover
    return True, (
        "no first take wins: 61 = 10*6 + 1 is a losing position, and each take 1..5 hands the "
        "opponent a winning one (the DP agrees)."
    )


@exercise("matchsticks-6")
def _closed_form(answer) -> tuple[bool, str]:
    """The first pick as a function of (N, M), None when the first player loses."""
    cases = [(N, M) for M in range(1, THEOREM_M + 1) for N in range(1, THEOREM_N + 1)]
    cases.sort(key=lambda case: (case[0] + case[1], case[1]))

    def reference(N: int, M: int):
        wins = _dp_winning_takes(N, M)
        return wins[0] if wins else None

    found = first_disagreement(answer, reference, cases)
    return _report(found, "your first pick", f"N <= {THEOREM_N} and M <= {THEOREM_M}", "N, M")


# ---------------------------------------------------------------------------
# lesson 2: beyond the paper


@exercise("matchsticks-7")
def _lost_134(answer) -> tuple[bool, str]:
    """S = {1, 3, 4}, normal play: ``answer(n)`` is True when n is a lost position."""
    table = win_table(LONG, (1, 3, 4), misere=False)
    found = first_disagreement(answer, lambda n: not table[n], [(n,) for n in range(LONG + 1)])
    return _report(found, "your rule for the lost positions of S = {1,3,4}", f"n in 0..{LONG}")


@exercise("matchsticks-8")
def _grundy_14(answer) -> tuple[bool, str]:
    """S = {1, 4}: ``answer(n)`` is the Grundy value G(n)."""
    values = grundy_table(LONG, (1, 4))
    found = first_disagreement(answer, lambda n: values[n], [(n,) for n in range(LONG + 1)])
    return _report(found, "your G(n) for S = {1,4}", f"n in 0..{LONG}")


@exercise("matchsticks-9")
def _misere_shift(answer) -> tuple[bool, str]:
    """``answer(moves)`` is the shift d with: n lost under misère play iff n - d lost under normal play."""
    sets = [s for size in range(1, 5) for s in combinations(range(1, 8), size)]
    n_max = 150
    for sizes in sets:
        shift = answer(frozenset(sizes))
        normal = win_table(n_max, sizes, misere=False)
        misere = win_table(n_max, sizes, misere=True)
        for n in range(n_max + 1):
            shifted_lost = isinstance(shift, int) and n - shift >= 0 and not normal[n - shift]
            if shifted_lost != (not misere[n]):
                return False, (
                    f"for S = {format_set(sizes)} your shift {shift!r} fails at n = {n}: under misère play "
                    f"n = {n} is {'lost' if not misere[n] else 'won'} for the player to move."
                )
    return True, (
        f"your shift turns the normal-play losing positions into the misère ones for all {len(sets)} "
        f"sets S inside {{1..7}} with at most 4 sizes, n <= {n_max}."
    )


@cache
def _sum_search(piles: tuple[int, ...], sizes: tuple[int, ...]) -> bool:
    """Plain game-tree search: True when the player to move wins the sum (normal play)."""
    for i, pile in enumerate(piles):
        for k in sizes:
            if k <= pile:
                after = tuple(sorted(piles[:i] + (pile - k,) + piles[i + 1 :]))
                if not _sum_search(after, sizes):
                    return True
    return False


@exercise("matchsticks-10")
def _sum_move(answer) -> tuple[bool, str]:
    """Three piles, S = {1, 2, 3}, normal play: ``answer(piles)`` is a winning (pile, take) or None."""
    sizes = (1, 2, 3)
    checked = 0
    for piles in product(range(9), repeat=3):
        wins = _sum_search(tuple(sorted(piles)), sizes)
        move = answer(list(piles))
        checked += 1
        if not wins:
            if move is not None:
                return (
                    False,
                    f"piles {list(piles)} are lost for the player to move, so answer None, not {move!r}.",
                )
            continue
        if move is None:
            return False, f"piles {list(piles)} are won for the player to move, but you answered None."
        try:
            i, k = move
            ok = k in sizes and 0 <= i < 3 and k <= piles[i]
        except (TypeError, ValueError):
            ok = False
        if not ok:
            return False, f"{move!r} is not a legal move (pile index, take) from piles {list(piles)}."
        after = list(piles)
        after[i] -= k
        if _sum_search(tuple(sorted(after)), sizes):
            return (
                False,
                f"from piles {list(piles)} your move {move!r} leaves {after}, which the opponent wins.",
            )
    return (
        True,
        (
            f"your move wins from every won position of three piles of 0..8 sticks "
            f"({checked} positions searched)."
        ),
    )


@cache
def _nim_search(piles: tuple[int, ...], misere: bool) -> bool:
    """Plain game-tree search of Nim: True when the player to move wins."""
    if not any(piles):
        return misere  # no move left: under misère the opponent made the last move
    for i, pile in enumerate(piles):
        for take in range(1, pile + 1):
            after = tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))
            if not _nim_search(after, misere):
                return True
    return False


@exercise("matchsticks-11")
def _misere_nim(answer) -> tuple[bool, str]:
    """Misère Nim: ``answer(piles)`` is True when the player to move wins."""
    cases = [piles for count in range(1, 5) for piles in product(range(6), repeat=count)]
    for piles in cases:
        expected = _nim_search(tuple(sorted(piles)), True)
        given = answer(list(piles))
        if given != expected:
            return False, (
                f"smallest counterexample at piles {list(piles)}: your answer gives {given!r}, "
                f"the game-tree search gives {expected}."
            )
    return (
        True,
        (
            f"your rule agrees with a game-tree search on all {len(cases)} Nim positions "
            "of 1 to 4 piles of 0..5 sticks."
        ),
    )
