"""Reference computations that answer exercises of the Mastermind lessons (for instructors).

Kept out of the modules the lessons import, so that ``help()`` on them does not show an answer
before its exercise; the checks refuse an answer that reaches this module or the strategy module.
"""

from __future__ import annotations

from puzzles.mastermind.model import Game
from puzzles.mastermind.strategy import Evaluation, Strategy, _play

__all__ = ["evaluate_determined"]


def evaluate_determined(game: Game, strategy: Strategy) -> Evaluation:
    """Like ``evaluate``, but counting the guesses until each secret is *determined*, not revealed.

    A secret is revealed when it is guessed (the reply (p, 0)); it is determined as soon as it is
    the only code consistent with the replies so far (the chapter's footnote). Lesson II's
    Exercise 7 asks for this total; its check compares answers with this function.
    """
    return _play(game, strategy, determined=True)
