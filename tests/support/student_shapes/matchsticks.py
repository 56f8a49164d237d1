"""Student-shaped wrong answers of the match-stick checks (see the package's docstring)."""

from __future__ import annotations

from functools import cache, reduce
from operator import xor

from . import shape


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


@shape("matchsticks-7", "search then formula")
def sum_move_formula_beyond_small_sums(piles):
    """An exact search on up to 4 piles of up to 9 sticks,
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


@shape("matchsticks-8", "search then formula")
def misere_nim_normal_play_beyond_small_piles(piles):
    """A misère search for up to 5 piles of up to 5 sticks,
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


@shape("matchsticks-6", "small inputs only")
def misere_shift_searched_among_small_takes(moves):
    """The first shift d in 0..24 that turns the normal-play lost
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
