"""Student-shaped wrong answers of the Mastermind checks (see the package's docstring)."""

from __future__ import annotations

from . import shape

_LEAST_BY_CELL: dict = {}  # kept between calls: the memo of the answer below


@shape("mastermind-6", "partial cache")
def capped_total_memoised_without_the_game(game, candidates, d):
    """The lesson's recursion, memoised on (cell, guesses left)
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
