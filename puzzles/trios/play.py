"""The Tricky Trios memory game behind the play widget: a small state machine, pure Python.

Source: the analysis of "Tricky Trios", Code Jam to I/O for Women 2018.

Cards are numbered by position 0..3N-1 (the widget shows them as cards 1..3N). A round is
up to three flips: after two different numbers, or after the third card, the round is over
and ``next_round()`` turns the cards back face down (the game remembers what was seen, as a
player with a perfect memory would). Three equal numbers in one round remove the trio.

``hint()`` gives the cards the analysis's rule allows next (``puzzles.trios.model.rule_flip``):
a known card only when it is one of the last cards needed to remove a trio, otherwise any
card never seen (they are all alike).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Literal

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import whole_number as _whole
from puzzles.trios.model import (
    FLIP_KNOWN,
    MAX_EXPLORE_TRIOS,
    check_trios,
    refuse_exercise_1,
    rule_flip,
    state_value,
)

__all__ = ["TriosGame", "CardView"]

CardView = Literal["face up", "removed", "known", "unknown"]
RoundState = Literal["ready", "open", "over"]


class TriosGame:
    """One game with N trios dealt by a seeded shuffle (or given as ``deal``, a list of numbers).

    State: ``cards`` (the hidden numbers), ``removed`` (positions), ``seen`` (position ->
    number, what the player has learned), ``face_up`` (this round's flips, in order),
    ``rounds`` (rounds started), ``three_known_rounds`` and the derived ``round_state``,
    ``finished``.
    """

    def __init__(self, N: int, seed: int = 0, deal: list[int] | None = None) -> None:
        self.N = check_trios(N)
        _cap(self.N, "N", MAX_EXPLORE_TRIOS, "the game's hints use f of states with at most 100 trios")
        self.seed = _whole(seed, "the seed")
        if deal is None:
            cards = [number for number in range(1, self.N + 1) for _ in range(3)]
            random.Random(self.seed).shuffle(cards)
        else:
            cards = [_whole(card, "each card of the deal") for card in _sequence(deal, "the deal")]
            if sorted(cards) != sorted(number for number in range(1, self.N + 1) for _ in range(3)):
                raise ValueError(f"a deal of {self.N} trios holds the numbers 1..{self.N} three times each")
        self.cards: list[int] = cards
        self.removed: set[int] = set()
        self.seen: dict[int, int] = {}
        self.face_up: list[int] = []
        self.rounds = 0
        self.history: list[tuple[int, ...]] = []  # the flips of every finished round

    # -- what is known ------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return len(self.removed) == len(self.cards)

    @property
    def round_state(self) -> RoundState:
        """ "ready" (no card face up), "open" (the round goes on) or "over" (turn the cards back)."""
        if not self.face_up:
            return "ready"
        numbers = [self.cards[p] for p in self.face_up]
        if len(numbers) == 3 or len(set(numbers)) > 1 or self.face_up[0] in self.removed:
            return "over"
        return "open"

    def view(self, position: int) -> CardView:
        """How card ``position`` looks to the player."""
        if position in self.face_up and position not in self.removed:
            return "face up"
        if position in self.removed:
            return "removed"
        return "known" if position in self.seen else "unknown"

    def known_positions(self, number: int) -> list[int]:
        """Positions of ``number`` that the player has seen and that are still on the table."""
        return sorted(p for p, n in self.seen.items() if n == number and p not in self.removed)

    def state(self) -> tuple[int, int, int, int]:
        """(K3, K2, K1, K0): trios on the table with 3, 2, 1 and 0 cards known."""
        counts = [0, 0, 0, 0]
        for number in range(1, self.N + 1):
            positions = [p for p, n in enumerate(self.cards) if n == number]
            if positions[0] in self.removed:
                continue
            counts[sum(p in self.seen for p in positions)] += 1
        return counts[3], counts[2], counts[1], counts[0]

    def expected_left(self) -> Fraction:
        """f(K3, K2, K1, K0): expected rounds still needed under the rule of Lesson I, between rounds.

        A game of two trios before either is removed is refused with a sentence: its value is
        what Exercise 1 of Lesson I asks to find by hand.
        """
        K3, K2, K1, K0 = self.state()
        refuse_exercise_1((K3, K2, K1, K0), "expected_left")
        return state_value(K2, K1, K0, K3)

    # -- playing ------------------------------------------------------------------------

    def flip(self, position: int) -> int:
        """Flip card ``position`` (0-based) and return its number."""
        position = _whole(position, "the card")
        if self.finished:
            raise ValueError("the game is over: every trio is removed, so start a new game")
        if not 0 <= position < len(self.cards):
            raise ValueError(f"there is no card {position + 1}: the cards are numbered 1..{len(self.cards)}")
        if position in self.removed:
            raise ValueError(f"card {position + 1} was removed with its trio: flip a card still on the table")
        state = self.round_state
        if state == "over":
            if len(self.face_up) == 3:
                raise ValueError(
                    "three cards are already face up: a round has at most three flips, "
                    "so press Next round to turn them back"
                )
            raise ValueError(
                "the two cards differ, so this round is over: press Next round to turn them back"
            )
        if position in self.face_up:
            raise ValueError(f"card {position + 1} is already face up in this round: flip another card")
        if state == "ready":
            self.rounds += 1
        self.face_up.append(position)
        self.seen[position] = self.cards[position]
        numbers = [self.cards[p] for p in self.face_up]
        if len(numbers) == 3 and len(set(numbers)) == 1:
            self.removed.update(self.face_up)
        return self.cards[position]

    def next_round(self) -> None:
        """Turn the face-up cards back (they stay remembered); the round must be over."""
        if self.round_state == "open":
            raise ValueError("the two cards match: flip a third card to finish the round")
        if self.face_up:
            self.history.append(tuple(self.face_up))
        self.face_up = []

    # -- the rule -------------------------------------------------------------------------

    def hint(self) -> tuple[int, ...]:
        """The cards the rule allows as the next flip (positions, sorted); () when none."""
        state = self.round_state
        if self.finished or state == "over":
            return ()
        unknown = tuple(p for p in range(len(self.cards)) if p not in self.seen and p not in self.removed)
        if state == "ready":
            complete = [n for n in range(1, self.N + 1) if len(self.known_positions(n)) == 3]
            if rule_flip(None, len(complete)) == FLIP_KNOWN:
                return tuple(self.known_positions(complete[0]))
            return unknown
        number = self.cards[self.face_up[0]]
        known = self.known_positions(number)
        if rule_flip(len(known)) == FLIP_KNOWN:
            return tuple(p for p in known if p not in self.face_up)
        return unknown

    def hint_text(self) -> str:
        """The rule's advice in one sentence."""
        if self.finished:
            return "Every trio is removed."
        state = self.round_state
        if state == "over":
            return "The round is over: press Next round."
        cards = self.hint()
        if cards and cards[0] in self.seen:
            names = ", ".join(str(p + 1) for p in cards)
            return f"Flip a known card: {names} (the last ones needed to remove a trio)."
        return "Flip any card you have not seen yet (they are all alike)."

    def play_hint(self) -> int:
        """Flip the first card the rule allows (turning the cards back first if the round is over)."""
        if self.round_state == "over":
            self.next_round()
        cards = self.hint()
        if not cards:
            raise ValueError("the game is over: every trio is removed, so start a new game")
        return self.flip(cards[0])

    # -- reports ------------------------------------------------------------------------

    def status(self) -> str:
        """One sentence on where the game stands."""
        rounds = f"{self.rounds} round" + ("" if self.rounds == 1 else "s")
        left = self.N - len(self.removed) // 3
        if self.finished:
            trios = "The trio" if self.N == 1 else f"All {self.N} trios"
            return f"{trios} removed in {rounds}."
        trios = f"{left} trio" + ("" if left == 1 else "s")
        return f"{rounds} so far; {trios} left on the table."

    def __repr__(self) -> str:
        return f"TriosGame(N={self.N}, seed={self.seed}): {self.status()}"
