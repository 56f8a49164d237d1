"""The match-stick game behind the interactive module: a small state machine, pure Python.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles" (the paper's game: N sticks, take 1..M, whoever takes the last stick loses), and any
subtraction set under misere or normal play.

You play against the computer; either side may start. The computer plays the DP's winning
move when it has one (for S = {1..M} under misere play this is the paper's m1 and then
m_j = (M + 1) - O_{j-1}); from a lost position it takes the smallest legal number of sticks,
to drag the game out and give you room for a mistake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from puzzles.course.validate import cap, flag, one_of, whole_number
from puzzles.matchsticks.model import (
    WIN_TABLE_LARGEST,
    losing_positions,
    outcome,
    subtraction_set,
    winning_moves,
)

__all__ = ["Move", "MatchGame", "PLAYERS"]

Player = Literal["you", "computer"]
PLAYERS: tuple[str, ...] = ("you", "computer")


@dataclass(frozen=True)
class Move:
    """One move: who moved, how many sticks they took, and how many were left."""

    player: Player
    taken: int
    left: int

    def __post_init__(self) -> None:
        one_of(self.player, "the player of a move", ("you", "computer"))
        object.__setattr__(self, "taken", whole_number(self.taken, "the sticks taken", least=1))
        object.__setattr__(self, "left", whole_number(self.left, "the sticks left", least=0))


def _other(player: str) -> Player:
    return "computer" if player == "you" else "you"


class MatchGame:
    """One game with N = ``sticks`` sticks, take sizes ``moves`` (an int M or a set), ``first`` to move.

    State: ``sticks`` (on the table now), ``turn`` ("you" or "computer"), ``history`` (a list of
    ``Move``), and the derived ``finished``, ``winner`` and ``legal_moves``.
    """

    def __init__(self, sticks: int, moves=3, first: str = "you", misere: bool = True) -> None:
        sticks = whole_number(sticks, "the number of sticks N")
        if sticks < 1:
            raise ValueError(f"a game starts with at least one stick on the table, got N = {sticks}")
        cap(
            sticks,
            "the number of sticks N",
            WIN_TABLE_LARGEST,
            "play a smaller game; outcome_period(moves) tells who wins from any N",
        )
        try:
            first = one_of(first, "first", PLAYERS)
        except ValueError:
            raise ValueError(f"the first move is made by 'you' or by 'computer', got {first!r}") from None
        self.moves = subtraction_set(moves)
        self.misere = flag(misere, "misere")
        self.start = sticks
        self.first: Player = first  # type: ignore[assignment]
        self.sticks = sticks
        self.turn: Player = first  # type: ignore[assignment]
        self.history: list[Move] = []
        if self.turn == "computer" and not self.finished:
            self.computer_move()

    # -- what is known ------------------------------------------------------------------

    @property
    def legal_moves(self) -> list[int]:
        """The take sizes allowed now (none once the game is over)."""
        return [k for k in self.moves if k <= self.sticks]

    @property
    def finished(self) -> bool:
        """True when the player to move has no legal move."""
        return not self.legal_moves

    @property
    def winner(self) -> Player | None:
        """Who won, once the game is over: under misere play the player who made the last move
        loses (so the player left without a move wins); under normal play that player loses."""
        if not self.finished:
            return None
        return self.turn if self.misere else _other(self.turn)

    @property
    def rule(self) -> str:
        return "whoever takes the last stick loses" if self.misere else "whoever cannot move loses"

    def take_sizes_text(self) -> str:
        sizes = self.moves
        if sizes == tuple(range(1, sizes[-1] + 1)):
            return f"1 to {sizes[-1]}" if sizes[-1] > 1 else "1"
        return "{" + ", ".join(map(str, sizes)) + "}"

    def legal_text(self) -> str:
        """The takes allowed now, in words ("1", "1 or 2", "1 to 3", "1, 3 or 4"): with fewer
        sticks on the table than the largest take, fewer takes are legal."""
        sizes = self.legal_moves
        if not sizes:
            return "none"
        if len(sizes) >= 3 and sizes == list(range(sizes[0], sizes[-1] + 1)):
            return f"{sizes[0]} to {sizes[-1]}"
        if len(sizes) == 1:
            return str(sizes[0])
        return ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"

    # -- playing ------------------------------------------------------------------------

    def _apply(self, player: Player, taken: int) -> None:
        self.sticks -= taken
        self.history.append(Move(player, taken, self.sticks))
        self.turn = _other(player)

    def take(self, count: int) -> int | None:
        """You take ``count`` sticks; the computer answers at once. Returns its take (or None)."""
        if self.finished:
            raise ValueError("the game is over: start a new game to play again")
        if self.turn != "you":  # pragma: no cover - the computer always answers at once
            raise ValueError("it is the computer's turn")
        count = whole_number(count, "the number of sticks to take")
        if count not in self.moves:
            legal = self.legal_moves
            unit = "stick" if legal == [1] else "sticks"
            left = "1 stick" if self.sticks == 1 else f"{self.sticks} sticks"
            now = "" if legal == list(self.moves) else f"with {left} left "
            raise ValueError(f"{now}you may take {self.legal_text()} {unit}, not {count}")
        if count > self.sticks:
            left = "1 stick" if self.sticks == 1 else f"{self.sticks} sticks"
            raise ValueError(f"you cannot take {count}: only {left} left on the table")
        self._apply("you", count)
        if not self.finished:
            return self.computer_move()
        return None

    def computer_move(self) -> int:
        """The computer's move: a DP winning move if there is one, else the smallest legal take."""
        if self.finished:
            raise ValueError("the game is over: start a new game to play again")
        if self.turn != "computer":
            raise ValueError("it is your turn, not the computer's")
        wins = winning_moves(self.sticks, self.moves, self.misere)
        count = wins[-1] if wins else self.legal_moves[0]
        self._apply("computer", count)
        return count

    def hint(self) -> list[int]:
        """Your winning takes now (empty when every take loses against best play, or it is over)."""
        if self.finished or self.turn != "you":
            return []
        return winning_moves(self.sticks, self.moves, self.misere)

    def losing_positions(self) -> list[int]:
        """Stick counts 0..N at which the player to move loses against best play."""
        return losing_positions(self.start, self.moves, self.misere)

    # -- reports ------------------------------------------------------------------------

    def status(self) -> str:
        """One sentence: where the game stands, or who won."""
        sticks = "1 stick" if self.sticks == 1 else f"{self.sticks} sticks"
        if self.finished:
            left = f"{sticks} left on the table"
            if not self.history:
                return f"No legal move with {sticks}: the game is over before it begins."
            if self.winner == "you":
                why = "the computer made the last move" if self.misere else "the computer has no legal move"
                return f"You win: {why} ({left})."
            why = "you made the last move" if self.misere else "you have no legal move"
            return f"The computer wins: {why} ({left})."
        return f"{sticks.capitalize()} on the table; your move (take {self.legal_text()})."

    def start_verdict(self) -> str:
        """Who wins from the start against best play, as the DP says."""
        first = "you" if self.first == "you" else "the computer"
        if outcome(self.start, self.moves, self.misere) == "win":
            return f"With N = {self.start} the first player ({first}) can force a win."
        return f"With N = {self.start} the first player ({first}) loses against best play."

    def __repr__(self) -> str:
        return f"MatchGame(sticks={self.start}, moves={self.moves}, first={self.first!r}): {self.status()}"
