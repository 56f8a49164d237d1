"""Heuristic strategies and obviously-optimal guesses.

Source: the chapter draft's section "Obvious Guesses" (after Koyama and Lai 1993) and the four
heuristics it proves optimal on an obviously-optimal partition. Each heuristic scores the
partition P = (n_1, ..., n_k) of the n remaining candidates that a guess induces (the winning
cell included):

* ``"worst-case"`` (Knuth 1976): the largest cell, max n_i, smallest wins;
* ``"expected-size"`` (Irving 1978): the expected size of the cell that remains, sum n_i^2 / n,
  smallest wins;
* ``"entropy"`` (Neuwirth 1982): the information -sum (n_i/n) log2(n_i/n), largest wins;
* ``"most-parts"`` (Kooi 2005): the number of cells k, largest wins.

Ties go to a guess that is still possible, then to the lowest code. The entropy comparison is
exact: sum n_i log n_i ties exactly when prod n_i^(n_i) ties, which is checked in integers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache

import numpy as np

from puzzles.course.validate import cap, flag, one_of, sequence, shown, whole_number
from puzzles.mastermind.model import Game, check_game, number_of_feedbacks
from puzzles.mastermind.strategy import Node, Strategy

__all__ = [
    "HEURISTICS",
    "heuristic_guess",
    "heuristic_strategy",
    "obviously_optimal_guess",
    "partition_score",
]

HEURISTICS: tuple[str, ...] = ("worst-case", "expected-size", "entropy", "most-parts")
_BEST_IS_LARGEST = {"worst-case": False, "expected-size": False, "entropy": True, "most-parts": True}
HEURISTIC_LARGEST_CODES = 1296  # heuristic_strategy on the classic 4x6 game: about 1 s (4x8: 14 s)


def _check_heuristic(heuristic: str) -> None:
    try:
        one_of(heuristic, "the heuristic", HEURISTICS)
    except ValueError:
        raise ValueError(f"the heuristic is one of {', '.join(HEURISTICS)}; got {shown(heuristic)}") from None


def partition_score(heuristic: str, sizes: Sequence[int]) -> int | Fraction | float:
    """h(P) for cell sizes ``sizes``: max n_i, sum n_i^2/n (exact), entropy in bits (float), or k."""
    _check_heuristic(heuristic)
    try:
        cells = sequence(sizes, "the cell sizes")
    except ValueError:
        raise ValueError(
            f"the cell sizes must be a list of whole numbers such as [3, 2, 1], got {shown(sizes)}"
        ) from None
    sizes = [s for s in (whole_number(s, "each cell size", least=0) for s in cells) if s]
    if not sizes:
        raise ValueError("a partition needs at least one non-empty cell")
    n = sum(sizes)
    if heuristic == "worst-case":
        return max(sizes)
    if heuristic == "expected-size":
        return Fraction(sum(s * s for s in sizes), n)
    if heuristic == "entropy":
        if n < 2**53:
            return -sum(s / n * math.log2(s / n) for s in sizes) + 0.0
        # log2(n) - log2(s) rather than log2(s / n): s / n may round to 0 for huge counts
        return sum(s / n * (math.log2(n) - math.log2(s)) for s in sizes) + 0.0
    return len(sizes)


def _entropy_key(sizes: Iterable[int]) -> int:
    """prod n_i^(n_i): smaller means larger entropy (for a fixed n)."""
    return math.prod(s**s for s in sizes if s)


def _choose(game: Game, candidates: np.ndarray, heuristic: str) -> int:
    """The index of the guess the heuristic makes on these candidate indices."""
    if len(candidates) == 1:
        return int(candidates[0])
    counts = game.reply_counts(candidates)
    if heuristic == "worst-case":
        score = counts.max(axis=0)
    elif heuristic == "expected-size":
        score = (counts * counts).sum(axis=0)
    elif heuristic == "most-parts":
        score = -(counts > 0).sum(axis=0)
    else:
        cells = np.sort(counts, axis=0)  # the same multiset is summed in the same order
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(cells > 0, cells * np.log(np.maximum(cells, 1)), 0.0)
        score = terms.sum(axis=0)
    best = score.min()
    if heuristic == "entropy":
        near = np.flatnonzero(score <= best + 1e-9 * max(1.0, abs(float(best))))
        keys = {int(g): _entropy_key(counts[:, g].tolist()) for g in near}
        smallest = min(keys.values())
        ties = np.array(sorted(g for g, key in keys.items() if key == smallest))
    else:
        ties = np.flatnonzero(score == best)
    possible = ties[np.isin(ties, candidates)]
    return int(possible[0] if len(possible) else ties[0])


def heuristic_guess(game: Game, candidates: Iterable[str | int], heuristic: str) -> str:
    """The guess ``heuristic`` makes when ``candidates`` are the codes still possible."""
    check_game(game)
    _check_heuristic(heuristic)
    found = game._candidate_indices(candidates)
    return game.code(_choose(game, found, heuristic))


def obviously_optimal_guess(game: Game, candidates: Iterable[str | int]) -> str | None:
    """A guess splitting the candidates into singletons, one among them if possible, else None.

    Koyama and Lai's obviously-optimal guess: from the candidates it reveals one secret with one
    guess and every other with two, the least possible; from outside it reveals all with two.
    A candidate can do it only for at most as many candidates as the game has replies (at most
    p(p+3)/2), a code outside them for one fewer (none of them gets the win); the lowest
    separating candidate is returned, else the lowest separating code.
    """
    found = _obvious(check_game(game), game._candidate_indices(candidates))
    return None if found is None else game.code(found)


def _obvious(game: Game, found: np.ndarray) -> int | None:
    """The index of the obviously-optimal guess on candidate indices ``found``, or None."""
    if len(found) > number_of_feedbacks(game.pegs):
        return None
    inside = np.sort(game.table[np.ix_(found, found)], axis=1)
    separating = (inside[:, 1:] != inside[:, :-1]).all(axis=1)
    if separating.any():
        return int(found[np.argmax(separating)])
    perfect = np.flatnonzero(game.reply_counts(found).max(axis=0) == 1)
    return int(perfect[0]) if len(perfect) else None


def _build(
    game: Game, candidates: np.ndarray, heuristic: str, first: int | None, shortcut: bool, depth: int
) -> Node:
    if first is not None:
        guess = first
    elif shortcut and (obvious := _obvious(game, candidates)) is not None:
        guess = obvious
    else:
        guess = _choose(game, candidates, heuristic)
    node = Node(game.code(guess))
    replies = game.table[guess, candidates]
    for reply in np.unique(replies).tolist():
        if reply == game.hit_index:
            continue
        cell = candidates[replies == reply]
        if len(cell) == len(candidates):  # only a first guess given by hand can be useless
            raise ValueError(f"the guess {node.guess} tells nothing about the codes still possible")
        node.replies[game.feedbacks[reply]] = _build(game, cell, heuristic, None, shortcut, depth + 1)
    return node


@lru_cache(maxsize=64)
def _cached_strategy(pegs: int, colours: int, heuristic: str, first: str | None, shortcut: bool) -> Strategy:
    game = Game(pegs, colours)
    first_index = None if first is None else game.index(first)
    root = _build(game, np.arange(game.size), heuristic, first_index, shortcut, 1)
    name = f"{heuristic} heuristic" + ("" if first is None else f", first guess {first}")
    return Strategy(game, root, name, {"heuristic": heuristic, "first guess": root.guess})


def heuristic_strategy(
    game: Game, heuristic: str, first_guess: str | int | None = None, shortcut: bool = False
) -> Strategy:
    """The strategy that always makes ``heuristic``'s guess (ties: a possible code, then the lowest).

    ``first_guess`` fixes the opening; ``shortcut=True`` plays an obviously-optimal guess whenever
    one exists, which (the chapter's claim, proved in lesson 2, section 2) changes nothing.
    """
    check_game(game)
    _check_heuristic(heuristic)
    cap(
        game.size,
        f"the number of codes of {game!r}",
        HEURISTIC_LARGEST_CODES,
        "heuristic_guess(game, candidates, heuristic) gives one guess at a time",
    )
    first = None if first_guess is None else game.code(game.index(first_guess))
    return _cached_strategy(game.pegs, game.colours, heuristic, first, flag(shortcut, "shortcut"))
