"""Wrong answers as students write them, fitted to what a notebook's check asks (tests-only data).

Each passes the public cases of its check (the notebook's ``check()`` says Correct) and is wrong
elsewhere, in the way a student's answer is: a search where the public cases are small and a
formula beyond that forgets a condition the public cases never test, a cache keyed on part of
the input, a rule right on the take sets or sizes the public cases use. The grader's hidden
cases must refuse every one (``support.shapes.refused_when_graded``). None of them uses the
course package: they run where the exercise's unit is closed.
"""

from __future__ import annotations

from functools import cache, reduce
from operator import xor

__all__ = [
    "sum_move_formula_beyond_small_sums",
    "misere_nim_normal_play_beyond_small_piles",
    "misere_shift_searched_among_small_takes",
    "capped_total_memoised_without_the_game",
]


# -- match sticks ------------------------------------------------------------------------------------


@cache
def _sum_search_wins(piles: tuple[int, ...]) -> bool:
    """S = {1, 4}, normal play, several piles: a plain game-tree search."""
    for i, pile in enumerate(piles):
        for take in (1, 4):
            if take <= pile:
                after = tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))
                if not _sum_search_wins(after):
                    return True
    return False


def sum_move_formula_beyond_small_sums(piles):
    """matchsticks-7 as issue 32 found it: an exact search on up to 4 piles of up to 9 sticks,
    and beyond, the Grundy values of S = {1, 4} without checking that a take fits its pile
    (from [1, 10**18] and from [1, 1, 1, 1, 1] it plays (0, 4))."""
    if len(piles) <= 4 and max(piles, default=0) <= 9:
        for i, pile in enumerate(piles):
            for take in (1, 4):
                if take <= pile:
                    after = piles[:i] + [pile - take] + piles[i + 1 :]
                    if not _sum_search_wins(tuple(sorted(after))):
                        return (i, take)
        return None
    grundy = (0, 1, 0, 1, 2)
    total = reduce(xor, (grundy[pile % 5] for pile in piles), 0)
    if total == 0:
        return None
    for i, pile in enumerate(piles):
        for take in (4, 1):
            if grundy[(pile - take) % 5] == total ^ grundy[pile % 5]:
                return (i, take)
    return None


@cache
def _misere_search_wins(piles: tuple[int, ...]) -> bool:
    if not any(piles):
        return True
    for i, pile in enumerate(piles):
        for take in range(1, pile + 1):
            if not _misere_search_wins(tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))):
                return True
    return False


def misere_nim_normal_play_beyond_small_piles(piles):
    """matchsticks-8 as issue 32 found it: a misère search for up to 5 piles of up to 5 sticks,
    and beyond it normal play's rule (wrong on six or seven piles of one stick)."""
    if len(piles) <= 5 and max(piles, default=0) <= 5:
        return _misere_search_wins(tuple(sorted(piles)))
    return reduce(xor, piles, 0) != 0


def _lost_positions(sizes: tuple[int, ...], misere: bool, n_max: int) -> list[bool]:
    lost = []
    for n in range(n_max + 1):
        moves = [n - k for k in sizes if k <= n]
        lost.append(not misere if not moves else not any(lost[m] for m in moves))
    return lost


def misere_shift_searched_among_small_takes(moves):
    """matchsticks-6 by search: the first shift d in 0..24 that turns the normal-play lost
    positions into the misère ones up to n = 200 (the takes of the lesson's tables are small),
    and the smallest take for the sets of huge takes; 0 when no small shift fits."""
    sizes = tuple(sorted(moves))
    if sizes[0] > 10**6:
        return sizes[0]
    normal, misere = _lost_positions(sizes, False, 200), _lost_positions(sizes, True, 200)
    for shift in range(25):
        if all((n >= shift and normal[n - shift]) == misere[n] for n in range(201)):
            return shift
    return 0


# -- Mastermind ------------------------------------------------------------------------------------

_LEAST_BY_CELL: dict = {}  # kept between calls: the memo of the answer below


def capped_total_memoised_without_the_game(game, candidates, d):
    """mastermind-6 as issue 32 found it: the lesson's recursion, memoised on (cell, guesses left)
    in one memo kept between calls (as the lesson's ``naive_total`` invites), so a set asked
    again in another game gets the first game's total."""
    import math

    def least(cell, guesses_left):
        key = (cell, guesses_left)
        if key in _LEAST_BY_CELL:
            return _LEAST_BY_CELL[key]
        if guesses_left == 0:
            best = math.inf
        elif len(cell) == 1:
            best = 1
        else:
            best = math.inf
            for guess in game.codes:
                parts = game.partition(guess, cell)
                if len(parts) == 1 and game.hit not in parts:
                    continue
                cells = [tuple(part) for reply, part in parts.items() if reply != game.hit]
                best = min(best, len(cell) + sum(least(part, guesses_left - 1) for part in cells))
        _LEAST_BY_CELL[key] = best
        return best

    return least(tuple(sorted(candidates)), d)
