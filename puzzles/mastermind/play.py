"""The games behind the interactive modules: small state machines, pure Python.

* ``Codebreaker``: the student breaks a hidden code. After each guess the engine shows the
  reply, the number of codes still possible and, for every possible next guess, the partition
  it would make of them.
* ``ComputerBreaker``: the computer breaks the student's code with a chosen strategy, one
  guess at a time; the student types each reply (or lets the engine compute it from a secret
  typed in). A reply that no code could give is refused with a sentence saying why.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from puzzles.mastermind.model import Feedback, Game
from puzzles.mastermind.strategy import Strategy

__all__ = ["Codebreaker", "ComputerBreaker", "GuessOption", "parse_reply", "sizes_text"]


def parse_reply(text: str | Sequence[int], game: Game) -> Feedback:
    """A reply typed as ``"1 2"``, ``"1,2"`` or ``"(1, 2)"`` (black, white), validated for ``game``."""
    if isinstance(text, str):
        numbers = re.findall(r"-?\d+", text)
        if len(numbers) != 2 or re.sub(r"[-\d\s,()]", "", text):
            raise ValueError(
                f"type the reply as two numbers, black then white (for example '1 2'), got {text!r}"
            )
        reply = (int(numbers[0]), int(numbers[1]))
    else:
        reply = tuple(text)  # type: ignore[assignment]
    return game.feedbacks[game.feedback_index(reply)]


def sizes_text(sizes: Sequence[int]) -> str:
    """Cell sizes, largest first: ``"4+3+1+1"``."""
    return "+".join(str(s) for s in sorted(sizes, reverse=True))


class GuessOption(tuple):
    """One possible next guess: (code, number of cells, largest cell, cell sizes as text)."""

    @property
    def code(self) -> str:
        return self[0]


class _Round:
    """What both games track: the guesses with their replies, and the codes still possible."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[tuple[str, Feedback]] = []
        self.candidates: list[str] = list(game.codes)

    @property
    def solved(self) -> bool:
        return bool(self.history) and self.history[-1][1] == self.game.hit

    @property
    def guesses(self) -> int:
        return len(self.history)

    def _possible(self) -> str:
        left = len(self.candidates)
        return "1 code is" if left == 1 else f"{left} codes are"


class Codebreaker(_Round):
    """The student guesses a hidden code; ``secret`` defaults to one drawn with ``seed``."""

    def __init__(self, game: Game | None = None, secret: str | None = None, seed: int = 0) -> None:
        super().__init__(game or Game())
        self.seed = seed
        if secret is None:
            secret = random.Random(seed).choice(self.game.codes)
        self.secret = self.game.code(self.game.index(secret))

    def guess(self, code: str) -> Feedback:
        """Make a guess; returns the reply and narrows the candidates."""
        if self.solved:
            raise ValueError(f"the game is over: you found {self.secret} in {self.guesses} guesses")
        code = self.game.code(self.game.index(code))
        reply = self.game.feedback(code, self.secret)
        self.history.append((code, reply))
        self.candidates = self.game.partition(code, self.candidates)[reply]
        return reply

    def preview(self, code: str) -> dict[Feedback, int]:
        """The partition (cell sizes) of the candidates that guessing ``code`` would make."""
        return self.game.partition_sizes(code, self.candidates)

    def options(self, limit: int = 12) -> list[GuessOption]:
        """The possible next guesses (codes still possible), best split first (smallest largest cell)."""
        game = self.game
        found = game.indices(self.candidates)
        counts = game.reply_counts(found)[:, found]  # column j: the partition by candidate j
        rows = []
        for j, code in enumerate(self.candidates):
            sizes = [int(v) for v in counts[:, j] if v]
            rows.append(GuessOption((code, len(sizes), max(sizes), sizes_text(sizes))))
        rows.sort(key=lambda row: (row[2], -row[1], row[0]))
        return rows[:limit]

    def status(self) -> str:
        if self.solved:
            return f"Solved: {self.secret} in {self.guesses} guesses."
        if not self.history:
            return f"Guess the secret code: {len(self.candidates)} codes are possible."
        code, (black, white) = self.history[-1]
        return (
            f"Guess {self.guesses}: {code} scores {black} black, {white} white; "
            f"{self._possible()} still possible."
        )


class ComputerBreaker(_Round):
    """The computer breaks your code with ``strategy``; you answer each guess with (black, white)."""

    def __init__(self, strategy: Strategy, secret: str | None = None) -> None:
        super().__init__(strategy.game)
        self.strategy = strategy
        self.secret = None if secret in (None, "") else self.game.code(self.game.index(secret))
        self.replies: list[Feedback] = []

    @property
    def guess(self) -> str | None:
        """The guess waiting for your reply (None once the code is found)."""
        return None if self.solved else self.strategy.next_guess(self.replies)

    def answer(self, reply: str | Sequence[int]) -> Feedback:
        """Give the reply to the current guess; a reply no remaining code could give is a ValueError."""
        if self.solved:
            raise ValueError("the code is already found; press Restart for a new game")
        reply = parse_reply(reply, self.game)
        guess = self.guess
        assert guess is not None
        cells = self.game.partition(guess, self.candidates)
        if reply not in cells:
            earlier = "" if not self.history else " and your earlier replies"
            raise ValueError(
                f"no code gives {reply[0]} black, {reply[1]} white to {guess}{earlier}: "
                "please check the reply"
            )
        if self.secret is not None and reply != self.game.feedback(guess, self.secret):
            right = self.game.feedback(guess, self.secret)
            raise ValueError(
                f"your secret {self.secret} scores {right[0]} black, {right[1]} white against {guess}"
            )
        self.history.append((guess, reply))
        self.candidates = cells[reply]
        if reply != self.game.hit:
            self.replies.append(reply)
        return reply

    def answer_for_me(self) -> Feedback:
        """Reply with the true score of the typed-in secret."""
        if self.secret is None:
            raise ValueError("type your secret code first, or type the reply yourself")
        guess = self.guess
        if guess is None:
            raise ValueError("the code is already found; press Restart for a new game")
        return self.answer(self.game.feedback(guess, self.secret))

    def status(self) -> str:
        if self.solved:
            return f"Found {self.history[-1][0]} with {self.guesses} guesses ({self.strategy.name})."
        return f"My guess {self.guesses + 1}: {self.guess}. {self._possible()} still possible. Your reply?"
