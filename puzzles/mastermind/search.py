"""Optimal strategies by exhaustive search: branch and bound over partitions, with symmetry.

Source: the chapter draft's "exhaustive search" (the objectives, the scale of the search) and
Koyama and Lai (1993), who found that the least total number of guesses over the 1296 secrets
of the classic game is 5625, and 5626 if no secret may need more than five guesses.

The recursion. Let T(S) be the least total number of guesses, counted from now, that reveal
every code of the candidate set S (each secret counted once). A guess g is paid once by every
secret of S; the secret g itself (if it lies in S) is then revealed, every other cell S_f of the
partition of S by g is a smaller problem:

    T(S) = |S| + min_g  sum_{f != win} T(S_f),      T({x}) = 1.

A cap on the number of guesses any secret may need changes this recursion; how is Exercise 8
of Lesson III.

Making it fast (all exact):

* the feedback table ``game.table`` gives the partition of S by *every* guess in one numpy
  ``bincount``;
* a lower bound per cell from its size alone (Lesson III, section 3: no strategy beats the
  cheapest tree whose guesses have at most K - 1 non-winning replies, K = p(p+3)/2), one table
  of them per cap. Guesses are tried in order of their bound, and a guess stops as soon as its
  cells' bounds reach the best total found (branch and bound);
* sizes 1 and 2 are exact (1 and 3), and for n <= K candidates an obviously-optimal guess gives
  2n - 1 (from the candidates) or 2n (from outside);
* symmetry: permuting colours and pegs changes no feedback. A permutation that fixes every
  guess made so far fixes the candidate set, so guesses in one orbit of that stabiliser cost the
  same; only the smallest code of each orbit is tried. (The first guess: 5 classes for 4x6.)
* memoisation: the exact value of every candidate set solved, and the best lower bound of every
  set whose search was cut off.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from numbers import Integral

import numpy as np

from puzzles.course.validate import cap, is_bool, shown, whole_number
from puzzles.mastermind.model import Game, check_game
from puzzles.mastermind.strategy import Node, Strategy

__all__ = [
    "OptimalSearch",
    "SearchStats",
    "branch_and_bound_trace",
    "history_counts",
    "optimal_strategy",
    "plain_minimum_total",
    "tree_lower_bound",
]

INFEASIBLE = 1 << 40  # "no strategy within the cap": larger than any total
_EXCLUDED = 1 << 50  # the bound given to guesses never worth trying: above every limit
MAX_GROUP = 2_000_000  # beyond this many colour-and-peg permutations, symmetry is not used
# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster).
# The exhaustive search serves the shipped sizes (pegs <= 4 and colours <= 6; 4x6 takes about
# 10 s) and any game of at most SEARCH_LARGEST_CODES codes (8x2, 256 codes: 7 s; 3x9, 729
# codes: over 2 min);
# the bare recursion serves games of at most PLAIN_LARGEST_CODES codes (2x7: about 2 s).
SEARCH_LARGEST_PEGS, SEARCH_LARGEST_COLOURS = 4, 6
SEARCH_LARGEST_CODES = 243
PLAIN_LARGEST_CODES = 49


def _check_searchable(game: Game) -> Game:
    game = check_game(game)
    if game.pegs <= SEARCH_LARGEST_PEGS and game.colours <= SEARCH_LARGEST_COLOURS:
        return game
    cap(
        game.size,
        f"the number of codes of {game!r}",
        SEARCH_LARGEST_CODES,
        f"the exhaustive search serves games of at most {SEARCH_LARGEST_PEGS} pegs and "
        f"{SEARCH_LARGEST_COLOURS} colours, or at most {SEARCH_LARGEST_CODES} codes; "
        "heuristic_strategy(game, 'entropy') is fast and close to optimal",
    )
    return game


def _check_cap(max_guesses: object, least: int = 1) -> int | None:
    if max_guesses is None:
        return None
    try:
        return whole_number(max_guesses, "the cap on the number of guesses", least=least)
    except ValueError:
        raise ValueError(
            f"the cap on the number of guesses must be a whole number >= {least} (or None), "
            f"got {max_guesses!r}"
        ) from None


def tree_lower_bound(size: int, replies: int, max_guesses: int | None = None) -> int:
    """The least conceivable total for ``size`` candidates when a guess has ``replies`` non-winning replies.

    A guess reveals at most one secret, itself, and splits the others among at most ``replies``
    cells; no strategy does better than the cheapest tree those two facts allow (lesson III,
    section 3). With ``max_guesses``, ``math.inf`` when no such tree reveals them all within the
    cap (the least total over no strategy); a cap of 0 guesses for some candidates is refused.
    """
    size = whole_number(size, "the number of candidates", least=0)
    replies = whole_number(replies, "the number of non-winning replies", least=0)
    max_guesses = _check_cap(max_guesses, least=0)
    if replies == 0 and size > 1:
        raise ValueError(
            f"with no reply but the win a guess tells nothing apart: {size} candidates cannot be revealed"
        )
    if max_guesses == 0 and size > 0:
        raise ValueError(
            f"a cap of 0 guesses reveals none of the {size} candidates: the cap must be at least 1"
        )
    bound = _tree_lower_bound(size, replies, max_guesses)
    return math.inf if bound >= INFEASIBLE else bound


def _tree_lower_bound(size: int, replies: int, max_guesses: int | None) -> int:
    """``tree_lower_bound`` without checks; INFEASIBLE (the search's infinity) beyond the cap."""
    if replies == 0 and size > 1:
        return INFEASIBLE
    if replies == 1:  # one place per guess: 1 + 2 + ... + size
        if max_guesses is not None and size > max_guesses:
            return INFEASIBLE
        return size * (size + 1) // 2
    total, depth, place, left = 0, 1, 1, size
    while left > 0:
        if max_guesses is not None and depth > max_guesses:
            return INFEASIBLE
        take = min(left, place)
        total += take * depth
        left -= take
        depth += 1
        place *= replies
    return total


@dataclass
class SearchStats:
    """What the search did: candidate sets searched, guesses expanded, sets memoised."""

    sets_searched: int = 0
    guesses_expanded: int = 0
    shortcuts: int = 0
    exact: int = 0
    bounded: int = 0

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


@dataclass
class _Symmetry:
    """The group of (peg permutation, colour permutation) pairs, acting on code indices."""

    game: Game
    pegs: np.ndarray = field(init=False)  # element -> peg permutation
    colours: np.ndarray = field(init=False)  # element -> colour permutation
    size: int = field(init=False)

    def __post_init__(self) -> None:
        p, c = self.game.pegs, self.game.colours
        if math.factorial(p) * math.factorial(c) > MAX_GROUP:
            self.pegs = np.arange(p, dtype=np.int64)[None, :]
            self.colours = np.arange(c, dtype=np.int64)[None, :]
        else:
            peg_perms = np.array(list(itertools.permutations(range(p))), dtype=np.int64)
            colour_perms = np.array(list(itertools.permutations(range(c))), dtype=np.int64)
            self.pegs = np.repeat(peg_perms, len(colour_perms), axis=0)
            self.colours = np.tile(colour_perms, (len(peg_perms), 1))
        self.size = len(self.pegs)
        self.weights = self.game.colours ** np.arange(p - 1, -1, -1, dtype=np.int64)

    def act(self, elements: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """(len(elements), len(codes)): the index of each code moved by each element."""
        digits = self.game.digits[codes].astype(np.int64)  # m x p
        result = np.zeros((len(elements), len(codes)), dtype=np.int64)
        colours = self.colours[elements]  # k x c
        for peg in range(self.game.pegs):
            source = digits[:, self.pegs[elements, peg]].T  # k x m: colour at the peg moved here
            result += np.take_along_axis(colours, source, axis=1) * self.weights[peg]
        return result

    def fixing(self, elements: np.ndarray, code: int) -> np.ndarray:
        """The elements (of ``elements``) that map ``code`` to itself."""
        return elements[self.act(elements, np.array([code]))[:, 0] == code]

    def representatives(self, elements: np.ndarray) -> np.ndarray:
        """Mask of the codes that are the smallest of their orbit under ``elements``."""
        everything = np.arange(self.game.size)
        if len(elements) == self.size:  # the whole group: the orbit of a code is its pattern
            smallest = np.array([self._pattern_code(row) for row in self.game.digits.tolist()])
            return smallest == everything
        smallest = everything.copy()
        for start in range(0, len(elements), 256):
            smallest = np.minimum(smallest, self.act(elements[start : start + 256], everything).min(axis=0))
        return smallest == everything

    def _pattern_code(self, digits: list[int]) -> int:
        counts = sorted((digits.count(colour) for colour in set(digits)), reverse=True)
        code = [colour for colour, count in enumerate(counts) for _ in range(count)]
        return int(np.dot(code, self.weights))


class OptimalSearch:
    """Exact minimum totals T(S) (optionally with a cap on the guesses) and the guesses achieving them.

    ``value(candidates)`` solves one candidate set; ``strategy()`` the whole game;
    ``optimal_guesses(candidates)`` lists every optimal guess (the optimum is seldom unique).
    """

    def __init__(self, game: Game, max_guesses: int | None = None) -> None:
        game = _check_searchable(game)
        max_guesses = _check_cap(max_guesses)
        self.game = game
        self.max_guesses = max_guesses
        self.replies = len(game.feedbacks) - 1
        self.stats = SearchStats()
        self._table = game.table
        self._offsets = np.arange(game.size, dtype=np.int64)
        self._rows = self._table.astype(np.int64) * game.size + self._offsets  # rows[s, g] = f * N + g
        self._bounds: dict[int | None, np.ndarray] = {}
        self._exact: dict[tuple[int, bytes], int] = {}
        self._lower: dict[tuple[int, bytes], int] = {}
        self._best: dict[tuple[int, bytes], int] = {}
        self._symmetry = _Symmetry(game)
        self._representatives: dict[bytes, np.ndarray] = {}
        self._everyone = np.arange(self._symmetry.size)
        self._trace: list[dict[str, object]] | None = None  # events, while branch_and_bound_trace records
        self._detail = False  # events also carry the codes, the path, the queue of guesses and the cells
        self._depth = 0  # guesses made between the traced set and the set being solved
        # the (guess, reply) pairs from the traced set down to the set being solved, while tracing
        self._path: list[tuple[str, tuple[int, int]]] = []

    # -- bounds -------------------------------------------------------------------------

    def _bound_table(self, guesses_left: int | None) -> np.ndarray:
        """LB[m] for m = 0..N with ``guesses_left`` guesses (None: no cap)."""
        table = self._bounds.get(guesses_left)
        if table is None:
            table = np.array(
                [0]
                + [_tree_lower_bound(m, self.replies, guesses_left) for m in range(1, self.game.size + 1)],
                dtype=np.int64,
            )
            self._bounds[guesses_left] = table
        return table

    def _left(self, guesses_left: int | None) -> int | None:
        return None if guesses_left is None else guesses_left - 1

    # -- the search -----------------------------------------------------------------------

    def _solve(self, cell: np.ndarray, limit: int, stabiliser: np.ndarray, guesses_left: int | None) -> int:
        """T(cell) if it is below ``limit``; otherwise some lower bound >= ``limit``."""
        n = len(cell)
        if n <= 2:
            if guesses_left is not None and guesses_left < n:
                return INFEASIBLE
            return 2 * n - 1
        key = (0 if guesses_left is None else guesses_left, cell.tobytes())
        known = self._exact.get(key)
        if known is not None:
            self._note(n, limit, outcome=f"solved before: T = {known}", cell=cell)
            return known
        lower = self._lower.get(key, 0)
        if lower >= limit:
            self._note(n, limit, outcome=f"known to cost >= {lower}: over budget", cell=cell)
            return lower
        if guesses_left is not None and guesses_left < 2:
            return self._bounded(key, INFEASIBLE)
        self.stats.sets_searched += 1
        table, size = self._table, self.game.size
        if n <= self.replies + 1:  # an obviously-optimal guess? (Koyama and Lai)
            inside = np.sort(table[np.ix_(cell, cell)], axis=1)
            separating = (inside[:, 1:] != inside[:, :-1]).all(axis=1)
            if separating.any():
                self.stats.shortcuts += 1
                guess = int(cell[np.argmax(separating)])
                self._note(n, limit, guess, outcome=f"a candidate separates: 2n-1 = {2 * n - 1}", cell=cell)
                return self._solved(key, 2 * n - 1, guess)
        counts = np.bincount(self._rows[cell].ravel(), minlength=len(self.game.feedbacks) * size)
        counts = counts.reshape(len(self.game.feedbacks), size)
        largest = counts.max(axis=0)
        if n <= self.replies + 1 and largest.min() == 1:
            self.stats.shortcuts += 1
            guess = int(np.argmin(largest))
            self._note(n, limit, guess, outcome=f"another code separates: 2n = {2 * n}", cell=cell)
            return self._solved(key, 2 * n, guess)
        below = self._bound_table(self._left(guesses_left))
        bounds = below[counts[: self.game.hit_index]].sum(axis=0) + n
        inside = np.zeros(size, dtype=bool)
        inside[cell] = True
        useful = (largest < n) | inside
        if len(stabiliser) > 1:
            useful &= self._orbit_representatives(stabiliser)
        bounds = np.where(useful, bounds, _EXCLUDED)
        lower = max(lower, int(bounds.min()))
        if lower >= limit:
            self._note(n, limit, outcome=f"every bound >= {lower}: over budget", cell=cell)
            return self._bounded(key, lower)
        order = np.argsort(bounds * 2 + ~inside, kind="stable")
        best, best_guess = limit, -1
        queue = None  # the guesses in the order tried, with their bounds (traced in detail only)
        if self._detail:
            queue = tuple(
                (self.game.code(g), int(bounds[g])) for g in order.tolist() if bounds[g] < _EXCLUDED
            )
        replies_in_cell = table[:, cell]
        hit = self.game.hit_index
        for tried, guess in enumerate(order.tolist()):
            bound = int(bounds[guess])
            if bound >= best:
                if self._trace is not None and bound < _EXCLUDED:
                    untried = int((bounds < _EXCLUDED).sum()) - tried - 1  # after this one
                    reason = "budget" if best_guess < 0 else "best"
                    self._note(
                        n,
                        limit,
                        guess,
                        bound,
                        f"bound >= {reason} {best}: stop, {untried} more left",
                        self._sizes(counts[:, guess]),
                        cell=cell,
                        best=(best, best_guess),
                        queue=queue,
                        cells=self._cells(cell, guess, None, below) if self._detail else None,
                    )
                break
            self.stats.guesses_expanded += 1
            column = replies_in_cell[guess]
            by_reply = np.argsort(column, kind="stable")
            sizes = counts[:, guess]
            ends = np.cumsum(sizes)
            pairs = zip(sizes[:hit].tolist(), ends[:hit].tolist(), strict=True)
            cells = sorted(((c, e) for c, e in pairs if c >= 3), reverse=True)
            total, sub_stabiliser = bound, None
            slot = None if self._trace is None else len(self._trace)
            solved: dict[int, tuple[int, int]] = {}  # reply -> (value, budget), traced in detail only
            for c, end in cells:
                if sub_stabiliser is None:
                    sub_stabiliser = (
                        self._symmetry.fixing(stabiliser, guess) if len(stabiliser) > 1 else stabiliser
                    )
                base = int(below[c])
                reply = int(column[by_reply[end - 1]])
                if self._trace is not None:
                    self._path.append((self.game.code(guess), self.game.feedbacks[reply]))
                self._depth += 1
                value = self._solve(
                    cell[by_reply[end - c : end]],
                    best - (total - base),
                    sub_stabiliser,
                    self._left(guesses_left),
                )
                self._depth -= 1
                if self._trace is not None:
                    self._path.pop()
                    solved[reply] = (value, best - (total - base))  # the cell's value, its budget
                total += value - base
                if total >= best:
                    break
            if slot is not None:
                if total < best:
                    outcome = f"total {total}: best so far"
                else:
                    reason = "budget" if best_guess < 0 else "best"
                    outcome = f"abandoned: reaches {reason} {best}"
                self._note(
                    n,
                    limit,
                    guess,
                    bound,
                    outcome,
                    self._sizes(counts[:, guess]),
                    slot,
                    cell=cell,
                    best=(best, best_guess),
                    queue=queue,
                    cells=self._cells(cell, guess, solved, below) if self._detail else None,
                    total=total,
                )
            if total < best:
                best, best_guess = total, guess
        if best_guess >= 0:
            return self._solved(key, best, best_guess)
        return self._bounded(key, max(lower, best))

    def _note(
        self,
        n: int,
        limit: int,
        guess: int | None = None,
        bound: int | None = None,
        outcome: str = "",
        sizes: str = "",
        slot: int | None = None,
        *,
        cell: np.ndarray | None = None,
        best: tuple[int, int] | None = None,
        queue: tuple[tuple[str, int], ...] | None = None,
        cells: tuple[dict[str, object], ...] | None = None,
        total: int | None = None,
    ) -> None:
        """Record one step of the search while ``branch_and_bound_trace`` is listening.

        ``slot`` puts a guess's step before the steps of its cells, which were solved first. The
        keyword arguments feed the details of ``branch_and_bound_trace(..., detail=True)``.
        """
        if self._trace is None:
            return
        event: dict[str, object] = {
            "depth": self._depth,
            "candidates": n,
            "budget": None if limit >= INFEASIBLE // 2 else limit,
            "guess": None if guess is None else self.game.code(guess),
            "partition": sizes,
            "bound": bound,
            "outcome": outcome,
        }
        if self._detail:
            found = best is not None and best[1] >= 0
            event |= {
                "codes": () if cell is None else tuple(self.game.code(i) for i in cell.tolist()),
                "path": tuple(self._path),
                "best": best[0] if found else None,
                "best guess": self.game.code(best[1]) if found else None,
                "queue": queue or (),
                "cells": cells or (),
                "total": total,
            }
        self._trace.insert(len(self._trace) if slot is None else slot, event)

    def _cells(
        self,
        cell: np.ndarray,
        guess: int,
        solved: dict[int, tuple[int, int]] | None,
        below: np.ndarray,
    ) -> tuple[dict[str, object], ...]:
        """The cells of ``guess`` on ``cell`` for a detailed trace, by reply: the codes, the lower
        bound L of the cell, and its value (exact, or a lower bound when it reached its budget)
        and budget where the guess was expanded (``solved`` is None for a guess never expanded).

        Cells of one or two codes are never searched: their bound is their value.
        """
        replies = self._table[guess, cell]
        rows = []
        for reply in np.unique(replies).tolist():
            codes = cell[replies == reply]
            won = reply == self.game.hit_index
            lower = 0 if won else int(below[len(codes)])
            value, budget = None, None
            if solved is not None and not won:
                value, budget = solved.get(reply, (lower if len(codes) <= 2 else None, None))
            if budget is not None and budget >= INFEASIBLE // 2:
                budget = None
            rows.append(
                {
                    "reply": self.game.feedbacks[reply],
                    "codes": tuple(self.game.code(i) for i in codes.tolist()),
                    "win": won,
                    "lower bound": lower,
                    "value": value,
                    "budget": budget,
                }
            )
        return tuple(rows)

    @staticmethod
    def _sizes(column: np.ndarray) -> str:
        """A partition's cell sizes, largest first: ``"6+6+4+4+3+2+1+1"``."""
        return "+".join(str(size) for size in sorted(column.tolist(), reverse=True) if size)

    def _solved(self, key: tuple[int, bytes], value: int, guess: int) -> int:
        self._exact[key] = value
        self._best[key] = guess
        self.stats.exact += 1
        return value

    def _bounded(self, key: tuple[int, bytes], value: int) -> int:
        self._lower[key] = value
        self.stats.bounded += 1
        return value

    def _orbit_representatives(self, stabiliser: np.ndarray) -> np.ndarray:
        key = stabiliser.tobytes()
        mask = self._representatives.get(key)
        if mask is None:
            mask = self._symmetry.representatives(stabiliser)
            self._representatives[key] = mask
        return mask

    # -- public ---------------------------------------------------------------------------

    def _indices(self, candidates: Iterable[str | int] | None) -> np.ndarray:
        return self.game._candidate_indices(candidates).astype(np.int64)

    def value(self, candidates: Iterable[str | int] | None = None, history: Iterable[str | int] = ()) -> int:
        """T(S): the least total number of guesses revealing every candidate (default: every code).

        ``history`` (the guesses made so far) only speeds the search up: the permutations fixing
        them are used as symmetries. ``math.inf`` means no strategy respects the cap (it
        compares above INFEASIBLE, the search's own infinity, which is never returned).
        """
        cell = self._indices(candidates)
        stabiliser = self._stabiliser(cell, [self.game.index(guess) for guess in history])
        total = self._solve(cell, INFEASIBLE + 1, stabiliser, self.max_guesses)
        return math.inf if total >= INFEASIBLE else total

    def _stabiliser(self, cell: np.ndarray, guesses: list[int]) -> np.ndarray:
        """The colour-and-peg permutations fixing each of ``guesses`` and mapping ``cell`` onto itself."""
        elements = self._everyone
        for guess in guesses:
            elements = self._symmetry.fixing(elements, guess)
        if len(cell) < self.game.size and len(elements) > 1:
            inside = np.zeros(self.game.size, dtype=bool)
            inside[cell] = True
            keep = [
                inside[self._symmetry.act(elements[i : i + 256], cell)].all(axis=1)
                for i in range(0, len(elements), 256)
            ]
            elements = elements[np.concatenate(keep)]
        return elements

    def guess_value(
        self,
        guess: str | int,
        candidates: Iterable[str | int] | None = None,
        limit: int = INFEASIBLE + 1,
        history: Iterable[str | int] = (),
    ) -> int:
        """The number of candidates plus the optimal totals of the cells of ``guess``: what ``guess``
        costs when played next.

        Exact when below ``limit``; otherwise the search stops early and returns a lower bound >= ``limit``.
        ``history`` (the guesses that led to the candidates) only speeds the search up.
        """
        cell = self._indices(candidates)
        g = self.game.index(guess)
        stabiliser = self._stabiliser(cell, [self.game.index(code) for code in history] + [g])
        replies = self._table[g, cell]
        left = self._left(self.max_guesses)
        total = len(cell)
        for reply in np.unique(replies).tolist():
            if reply == self.game.hit_index:
                continue
            part = cell[replies == reply]
            if len(part) == len(cell):
                return math.inf  # a useless guess is never optimal
            total += self._solve(part, limit - total, stabiliser, left)
            if total >= limit:
                break
        return math.inf if total >= INFEASIBLE else total

    def optimal_guesses(self, candidates: Iterable[str | int] | None = None) -> list[str]:
        """Every guess (all codes, no symmetry reduction) achieving T(S) on these candidates."""
        best = self.value(candidates)
        codes = [self.game.code(i) for i in self._indices(candidates).tolist()]
        return [code for code in self.game.codes if self.guess_value(code, codes, best + 1) == best]

    def strategy(self, name: str | None = None) -> Strategy:
        """The optimal strategy for the whole game (searching first if needed)."""
        total = self.value()
        if total >= INFEASIBLE:
            raise ValueError(
                f"no strategy reveals every code of {self.game!r} within {self.max_guesses} guesses"
            )
        root = self._node(np.arange(self.game.size, dtype=np.int64), self.max_guesses)
        cap = "" if self.max_guesses is None else f", at most {self.max_guesses} guesses"
        info = {"objective": "minimum total guesses" + cap, "total": total, "search": self.stats.as_dict()}
        return Strategy(self.game, root, name or "optimal" + cap, info)

    def _node(self, cell: np.ndarray, guesses_left: int | None) -> Node:
        n = len(cell)
        if n <= 2:
            guess = int(cell[0])
        else:
            key = (0 if guesses_left is None else guesses_left, cell.tobytes())
            if key not in self._best:
                self._solve(cell, INFEASIBLE + 1, self._everyone[:1], guesses_left)
            guess = self._best[key]
        node = Node(self.game.code(guess))
        replies = self._table[guess, cell]
        for reply in np.unique(replies).tolist():
            if reply != self.game.hit_index:
                node.replies[self.game.feedbacks[reply]] = self._node(
                    cell[replies == reply], self._left(guesses_left)
                )
        return node


def optimal_strategy(game: Game, max_guesses: int | None = None) -> Strategy:
    """A strategy minimising the total number of guesses over all secrets, exact by exhaustive search.

    ``max_guesses`` caps the worst case (Koyama and Lai: 5625 for 4x6, 5626 with the cap 5).
    """
    return OptimalSearch(game, max_guesses).strategy()


def branch_and_bound_trace(
    game: Game,
    candidates: Iterable[str | int] | None = None,
    max_guesses: int | None = None,
    depth: int = 1,
    detail: bool = False,
) -> list[dict[str, object]]:
    """The steps of a fresh search for T(candidates), down to ``depth`` guesses below the start.

    One dict per step, in the order the search takes them: ``depth`` (guesses made since the
    start), ``candidates`` (the size of the set being solved), ``budget`` (the total at or above
    which the set's caller no longer cares: a set whose bound reaches it is over budget; None at
    the start), ``guess``, ``partition`` (its cell sizes, the win included), ``bound`` (|S| plus
    the lower bounds of its cells) and ``outcome`` (the total found, or why the guess was
    abandoned, or why the search stopped; at most 40 characters). A step below a guess that was
    abandoned shows the budget its cell was given.

    With ``detail=True`` each step also holds ``codes`` (the candidates being solved), ``path``
    (the (guess, reply) pairs from the start to them), ``best`` and ``best guess`` (the best
    total found on this set before the step, or None), ``queue`` (every guess the search would
    try on this set, in order, with its bound), ``cells`` (for a guess: one dict per reply with
    its ``codes``, ``win``, ``lower bound``, and ``value`` and ``budget`` for a searched cell)
    and ``total`` (a guess's running total when it was finished or abandoned). The step-by-step
    module ``puzzles.mastermind.play.SearchStepper`` is built on these.
    """
    if is_bool(depth) or not isinstance(depth, Integral) or depth < 0:
        raise ValueError(f"the depth of a trace is a whole number >= 0, got {shown(depth)}")
    depth = int(depth)
    search = OptimalSearch(game, max_guesses)
    search._trace = []
    search._detail = bool(detail)
    try:
        search.value(candidates)
    finally:
        events, search._trace = search._trace, None
    return [event for event in events if event["depth"] <= depth]


def plain_minimum_total(game: Game, max_guesses: int | None = None) -> int:
    """The least total over all codes of a small game (at most 49 codes), optionally under a cap.

    A plain search without bounds or symmetry, kept to cross-check ``OptimalSearch`` (which gives
    the same totals far faster). With ``max_guesses`` (at least 1) too small for any strategy,
    the least total over no strategy is ``math.inf``.
    """
    check_game(game)
    cap(
        game.size,
        f"the number of codes of {game!r}",
        PLAIN_LARGEST_CODES,
        "OptimalSearch(game).value() finds the same total with bounds and symmetry",
    )
    max_guesses = _check_cap(max_guesses, least=1)
    table = game.table
    hit = game.hit_index

    memo: dict[tuple[frozenset[int], int | None], int] = {}

    def best(cell: frozenset[int], left: int | None) -> int:
        if left is not None and left < 1:
            return INFEASIBLE
        if len(cell) == 1:
            return 1
        key = (cell, left)
        if key not in memo:
            members = sorted(cell)
            value = INFEASIBLE
            for guess in range(game.size):
                parts: dict[int, set[int]] = {}
                for secret in members:
                    parts.setdefault(int(table[guess, secret]), set()).add(secret)
                if len(parts) == 1 and hit not in parts:
                    continue  # the guess tells nothing
                total = len(cell) + sum(
                    best(frozenset(part), None if left is None else left - 1)
                    for reply, part in parts.items()
                    if reply != hit
                )
                value = min(value, total)
            memo[key] = min(value, INFEASIBLE)
        return memo[key]

    total = best(frozenset(range(game.size)), max_guesses)
    return math.inf if total >= INFEASIBLE else total


def history_counts(game: Game) -> dict[str, int]:
    """The scale of a plain search: how many one- and two-guess histories leave some code possible.

    A history is (guess, reply) or (guess, reply, guess, reply) with a non-empty candidate set; a
    game ends when it is won, so a two-guess history starts with a reply other than the win.
    Two-guess histories are counted over the first-guess patterns, each weighted by the number
    of codes with that pattern (permuting colours and pegs maps histories one to one).
    """
    table = game.table.astype(np.int64)
    replies = len(game.feedbacks)
    win = replies - 1  # the winning reply is the last feedback
    one = int(sum(len(np.unique(row)) for row in table))
    symmetry = _Symmetry(game)
    pattern = np.array([symmetry._pattern_code(row) for row in game.digits.tolist()])
    two = 0
    for first, orbit in zip(*np.unique(pattern, return_counts=True), strict=False):
        going_on = table[first] != win  # the secrets the first guess does not hit
        joint = np.sort(table[first][going_on][None, :] * replies + table[:, going_on], axis=1)
        two += int(orbit) * int((np.diff(joint, axis=1) != 0).sum() + len(joint))
    return {"codes": game.size, "one-guess histories": one, "two-guess histories": two}
