"""The egg-dropping game behind the interactive module: a small state machine, pure Python.

Source: Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in Braunschweig and Hong Kong",
the first interactive module (Worst Case Scenario) and Appendix section 4 (Mother Nature).

The game speaks in *absolute* floors 1..H and critical heights C in 0..H: an egg dropped from
floor h breaks exactly when h > C. What the player knows is the interval of uncertainty
C in low..high, so the untested floors are low+1..high and the paper's size is k = high - low;
a floor h is the relative position x = h - low of the paper's state (n, k, m).

Mother Nature plays in one of two ways:

* ``"adversary"`` (Worst Case Scenario): she fixes no C in advance and answers each drop with
  her optimal reply z(n, k, x) of Lemma 19 (``model.nature_response``), tossing a seeded coin
  on a tie; against any policy she then forces at least W(n, H) trials;
* ``"laplace"`` (Laplace's Scenario): she draws C uniformly from 0..H with a seeded generator
  before the first drop, and every outcome is physical.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from puzzles.course.validate import whole_number as _whole
from puzzles.egg.model import nature_response, worst_case_drops, worst_case_trials

__all__ = ["Drop", "EggGame", "FloorState", "NATURES", "typed_number"]

Outcome = Literal["break", "survive"]
Nature = Literal["adversary", "laplace"]
NATURES: tuple[str, ...] = ("adversary", "laplace")


@dataclass(frozen=True)
class Drop:
    """One trial: the floor, what happened, and which egg (1, 2, ...) was dropped."""

    height: int
    outcome: Outcome
    egg: int


@dataclass(frozen=True)
class FloorState:
    """What is known about one floor, for drawing the building.

    ``label`` is "untested" (inside the interval of uncertainty), "safe" (an egg is known to
    survive there, floor <= low) or "breaks" (an egg is known to break there, floor > high);
    ``drops`` lists the trials made from this floor as (egg, outcome) pairs, oldest first.
    """

    floor: int
    label: Literal["untested", "safe", "breaks"]
    drops: tuple[tuple[int, Outcome], ...]


def typed_number(text: str) -> int | float | str:
    """What a student typed into a number field, for the model to judge in its own words.

    A whole number in ASCII digits ("12", " +3 ", "-1") becomes an int; a decimal that reads back
    as typed ("5.5") a float; anything else ("1e3", "١٢", "６") stays the text. ``EggGame.drop``
    then refuses all but an int with its sentence ("the floor must be a whole number, got 5.5"),
    quoting what was typed, instead of a browser field silently reading 5.5 as 55.
    More than 18 digits stay text: no building is that tall.
    """
    cleaned = str(text).strip()
    digits = cleaned.lstrip("+-")
    if digits.isdecimal() and digits.isascii() and len(cleaned) - len(digits) <= 1:
        return int(cleaned) if len(digits) <= 18 else cleaned
    try:
        value = float(cleaned) if len(cleaned) <= 40 and cleaned.isascii() else None
    except ValueError:
        return cleaned
    # a float only when it reads back as typed ("5.5"), so the sentence quotes the student's own
    # text: "1e1" or Arabic-Indic and full-width digits ("١٢", "６") stay text, never "got 12.0"
    return value if value is not None and repr(value) == cleaned else cleaned


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class EggGame:
    """One game of egg dropping from a building of H = ``storeys`` floors with ``eggs`` eggs.

    State: ``eggs_left``, the interval of uncertainty ``low..high`` (C lies in it), ``trials``,
    ``history`` (a list of ``Drop``), and the derived ``finished``, ``solved``, ``critical``
    and ``optimal`` = W(eggs, storeys), Sniedovich eq. (17).
    """

    def __init__(self, eggs: int, storeys: int, nature: str = "adversary", seed: int = 0) -> None:
        eggs = _whole(eggs, "the number of eggs")
        if eggs < 1:
            raise ValueError(f"the game needs at least one egg, got {eggs}")
        storeys = _whole(storeys, "the number of storeys H")
        if storeys < 0:
            raise ValueError(f"the number of storeys H cannot be negative, got {storeys}")
        if nature not in NATURES:
            raise ValueError(
                "Mother Nature plays either 'adversary' (worst case) or 'laplace' (uniform C), "
                f"got {nature!r}"
            )
        self.eggs = eggs
        self.storeys = storeys
        self.nature: Nature = nature  # type: ignore[assignment]
        self.seed = _whole(seed, "the seed")
        self._random = random.Random(self.seed)
        self._secret: int | None = self._random.randint(0, storeys) if nature == "laplace" else None
        self.eggs_left = eggs
        self.low = 0
        self.high = storeys
        self.trials = 0
        self.history: list[Drop] = []

    # -- what is known ------------------------------------------------------------------

    @property
    def size(self) -> int:
        """k = high - low: the number of untested floors (the paper's size of the IOU)."""
        return self.high - self.low

    @property
    def solved(self) -> bool:
        """True once C is identified (the interval of uncertainty is a single value)."""
        return self.low == self.high

    @property
    def finished(self) -> bool:
        """True when C is identified or no egg is left to test the untested floors."""
        return self.solved or self.eggs_left == 0

    @property
    def critical(self) -> int | None:
        """The identified critical height C, or None while C is not settled."""
        return self.low if self.solved else None

    @property
    def optimal(self) -> int:
        """W(eggs, storeys): Sniedovich eq. (17), the least worst-case number of trials."""
        return worst_case_trials(self.eggs, self.storeys)

    @property
    def drawn(self) -> int | None:
        """The C that Mother Nature drew under Laplace's scenario, revealed once the game is over.

        None while the game runs and always None for the adversary, who never fixes C.
        """
        return self._secret if self.finished else None

    @property
    def current_egg(self) -> int:
        """The number (1-based) of the egg in hand: eggs are used one after the other."""
        return self.eggs - self.eggs_left + 1

    # -- playing ------------------------------------------------------------------------

    def drop(self, height: int) -> Outcome:
        """Drop the egg in hand from floor ``height``; return "break" or "survive".

        The adversary answers with z(n, k, x) of Lemma 19 for n = eggs_left, k = high - low and
        x = height - low; under Laplace's scenario the egg breaks exactly when height > C.
        """
        if self.solved:
            raise ValueError(
                f"the game is over: C = {self.low} is settled, so start a new game to drop again"
            )
        if self.eggs_left == 0:
            raise ValueError("the game is over: you have no eggs left, so start a new game")
        height = _whole(height, "the floor")
        untested = f"the untested floors are {self.low + 1}..{self.high}"
        if not 1 <= height <= self.storeys:
            raise ValueError(f"floor {height} is not in the building: {untested}")
        if height <= self.low:
            raise ValueError(f"floor {height} is already settled (an egg survives there): {untested}")
        if height > self.high:
            raise ValueError(f"floor {height} is already settled (an egg breaks there): {untested}")

        if self._secret is None:
            reply = nature_response(self.eggs_left, self.size, height - self.low)
            if reply == "either":
                reply = self._random.choice(("break", "survive"))
            outcome: Outcome = reply  # type: ignore[assignment]
        else:
            outcome = "break" if height > self._secret else "survive"

        self.history.append(Drop(height=height, outcome=outcome, egg=self.current_egg))
        self.trials += 1
        if outcome == "break":
            self.eggs_left -= 1
            self.high = height - 1
        else:
            self.low = height
        return outcome

    def hint(self) -> range:
        """X(eggs_left, high - low), Sniedovich eq. (19), as absolute floors low + x.

        Every floor in the range keeps the worst case at its least value; empty once the game
        is over.
        """
        if self.finished:
            return range(self.low + 1, self.low + 1)
        drops = worst_case_drops(self.eggs_left, self.size)
        return range(self.low + drops.start, self.low + drops.stop)

    # -- reports ------------------------------------------------------------------------

    def status(self) -> str:
        """One sentence: where the game stands, or how it ended compared with W(eggs, storeys)."""
        trials = _plural(self.trials, "trial")
        w = self.optimal
        w_text = f"W({self.eggs}, {self.storeys}) = {w}"
        if self.solved:
            head = f"Solved: C = {self.low} in {trials}; {w_text}, so "
            if self.trials == w:
                verdict = "you played optimally."
                if self.nature == "laplace":
                    verdict = "you matched the best worst-case guarantee."
            elif self.trials < w:
                verdict = "you did better than the worst case: Mother Nature was not playing against you."
            else:
                verdict = f"you used {_plural(self.trials - w, 'trial')} more than the optimum."
            return head + verdict
        if self.eggs_left == 0:
            sentence = f"Out of eggs: C could still be any of {self.low}..{self.high}."
            if self._secret is not None:
                sentence += f" (Mother Nature had drawn C = {self._secret}.)"
            return sentence
        return (
            f"C is between {self.low} and {self.high}; {_plural(self.eggs_left, 'egg')} left; "
            f"{trials} so far."
        )

    def floor_states(self) -> list[FloorState]:
        """One ``FloorState`` per floor 1..H (index 0 is floor 1), for drawing the building."""
        dropped: dict[int, list[tuple[int, Outcome]]] = {}
        for drop in self.history:
            dropped.setdefault(drop.height, []).append((drop.egg, drop.outcome))
        states = []
        for floor in range(1, self.storeys + 1):
            if floor <= self.low:
                label = "safe"
            elif floor > self.high:
                label = "breaks"
            else:
                label = "untested"
            states.append(FloorState(floor, label, tuple(dropped.get(floor, ()))))
        return states

    def __repr__(self) -> str:
        return (
            f"EggGame(eggs={self.eggs}, storeys={self.storeys}, nature={self.nature!r}, "
            f"seed={self.seed}): {self.status()}"
        )
