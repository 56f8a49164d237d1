"""The game engine behind the play module: rounds of the higher-lower game against the computer.

As Bob (``role="bob"``) the student guesses; the computer is Alice and hides a number drawn
from her optimal distribution. As Alice (``role="alice"``) the student hides a number; the
computer is Bob and searches with a tree drawn from his optimal mixture. Either way Bob pays
Alice one unit per guess, the last (correct) guess included, and the engine keeps the score
against the game's value V(N). Pure Python; the random draws use a seeded generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from puzzles.higher_lower.model import Depths, check_size
from puzzles.higher_lower.solver import Solution, solve

__all__ = ["Guess", "HigherLowerGame", "ROLES", "path_to", "short_number"]

ROLES = ("bob", "alice")
MAX_PLAY_N = 60


@dataclass(frozen=True)
class Guess:
    """One guess and Alice's answer: "higher", "lower" or "correct"."""

    number: int
    answer: str


def short_number(value: Fraction) -> str:
    """A fraction as itself when it is short (``29/10``), else as a decimal (``≈ 5.077119``)."""
    text = str(value)
    return text if len(text) <= 10 else f"≈ {float(value):.6f}"


def path_to(depths: Depths, secret: int) -> list[int]:
    """The guesses a tree makes when the secret is ``secret``: the keys on the path from the root."""
    N = len(depths)
    low, high, path = 1, N, []
    while True:
        level = len(path) + 1
        guess = next(k for k in range(low, high + 1) if depths[k - 1] == level)
        path.append(guess)
        if guess == secret:
            return path
        if secret > guess:
            low = guess + 1
        else:
            high = guess - 1


def _whole(value: object, what: str, N: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number from 1 to {N}, got {value!r}")
    if not 1 <= value <= N:
        raise ValueError(f"{what} must lie between 1 and {N}, got {value}")
    return value


class HigherLowerGame:
    """Rounds of the higher-lower game on 1..N, the computer playing its optimal mixed strategy.

    ``HigherLowerGame(N=10, role="bob", seed=0)``: as Bob you call ``guess(k)``, as Alice
    (``role="alice"``) ``hide(k)``; ``new_round()`` starts the next round. N is at most 60.

    Attributes:
        N, role: the game's size and the student's side, ``"bob"`` or ``"alice"``.
        solution: the exact solution the computer plays, ``solve(N)`` unless one is given:
            ``solution.hider`` is one optimal distribution of Alice (a tuple of N Fractions; she
            may have others), ``solution.searcher`` Bob's optimal mixture as (probability,
            depth vector) pairs, ``solution.value`` the value V(N).
        value: V(N), exactly (``solution.value``).
        low, high: the interval of numbers still possible in this round (1 and N at its start).
        guesses: this round's guesses so far, each a ``Guess(number, answer)``.
        finished: whether this round has ended with a correct guess.
        rounds, total_paid: the rounds finished so far and the guesses Bob paid in them, all told.
        secret: the hidden number (drawn by the computer when you are Bob; yours once you hide it).
        tree: the depth vector of the computer's search tree when you are Alice (else None).
    """

    def __init__(
        self, N: int = 10, role: str = "bob", seed: int = 0, solution: Solution | None = None
    ) -> None:
        N = check_size(N)
        if N > MAX_PLAY_N:
            raise ValueError(f"play with N at most {MAX_PLAY_N}, so that a round stays short; got {N}")
        if role not in ROLES:
            raise ValueError(f"the role must be 'bob' (you guess) or 'alice' (you hide), got {role!r}")
        self.N, self.role = N, role
        self.solution = solution if solution is not None else solve(N)
        self.rng = random.Random(seed)
        self.rounds = 0
        self.total_paid = 0
        self.new_round()

    @property
    def value(self) -> Fraction:
        return self.solution.value

    def new_round(self) -> None:
        """Start a round: the computer draws its secret (as Alice) or its tree (as Bob)."""
        self.guesses: list[Guess] = []
        self.low, self.high = 1, self.N
        self.secret: int | None = None
        self.tree: Depths | None = None
        if self.role == "bob":
            weights = [float(p) for p in self.solution.hider]
            self.secret = self.rng.choices(range(1, self.N + 1), weights=weights)[0]
        else:
            weights = [float(p) for p, _ in self.solution.searcher]
            self.tree = self.rng.choices([t for _, t in self.solution.searcher], weights=weights)[0]

    @property
    def finished(self) -> bool:
        return bool(self.guesses) and self.guesses[-1].answer == "correct"

    def _answer(self, number: int) -> str:
        assert self.secret is not None
        return "correct" if number == self.secret else "higher" if self.secret > number else "lower"

    def _record(self, number: int) -> Guess:
        guess = Guess(number, self._answer(number))
        self.guesses.append(guess)
        if guess.answer == "higher":
            self.low = max(self.low, number + 1)
        elif guess.answer == "lower":
            self.high = min(self.high, number - 1)
        if guess.answer == "correct":
            self.rounds += 1
            self.total_paid += len(self.guesses)
        return guess

    def guess(self, number: int) -> Guess:
        """As Bob: guess ``number``; Alice answers truthfully."""
        if self.role != "bob":
            raise ValueError("you are Alice in this game: hide a number, the computer guesses")
        if self.finished:
            raise ValueError("this round is over: start a new round")
        return self._record(_whole(number, "your guess", self.N))

    def hide(self, number: int) -> list[Guess]:
        """As Alice: hide ``number``; the computer (Bob) searches with its tree and the round ends."""
        if self.role != "alice":
            raise ValueError("you are Bob in this game: guess a number, the computer hides")
        if self.finished:
            raise ValueError("this round is over: start a new round")
        self.secret = _whole(number, "the hidden number", self.N)
        assert self.tree is not None
        for k in path_to(self.tree, self.secret):
            self._record(k)
        return list(self.guesses)

    def _value_text(self) -> str:
        text = short_number(self.value)
        return f"= {text} = {float(self.value):.4f}" if not text.startswith("≈") else text

    def status(self) -> str:
        """One sentence on the round and the score."""
        N, paid = self.N, len(self.guesses)
        average = f"{self.total_paid / self.rounds:.2f}" if self.rounds else "-"
        score = (
            f"Rounds played: {self.rounds}, Bob paid {self.total_paid} in all (average {average}; "
            f"the value of the game is V({N}) {self._value_text()})."
        )
        if self.role == "bob":
            if not self.guesses:
                now = f"Alice has hidden a number in 1..{N}. Your guess?"
            elif self.finished:
                now = f"Correct, the number was {self.secret}: you pay {paid}."
            else:
                last = self.guesses[-1]
                now = (
                    f"{last.number}: {last.answer}. The number lies in {self.low}..{self.high}; "
                    f"guesses so far: {paid}."
                )
        else:
            if not self.finished:
                now = f"Bob has chosen a search tree. Hide a number in 1..{N}."
            else:
                seq = ", ".join(str(g.number) for g in self.guesses)
                now = f"Bob guessed {seq} and found {self.secret}: he pays you {paid}."
        return f"{now} {score}"
