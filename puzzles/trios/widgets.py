"""The play widget of the Tricky Trios unit (ipywidgets 8), one line in a notebook.

Source: the analysis of "Tricky Trios", Code Jam to I/O for Women 2018. The cards are
buttons; clicking one flips it through the game engine ``puzzles.trios.play.TriosGame``.
A ``ValueError`` of the engine (a removed card, a fourth flip, ...) is shown in the widget's
message line, never as a traceback.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from puzzles.course.display import decimal
from puzzles.course.widgets import MessageLine, guarded, instruction
from puzzles.trios.model import expected_rounds
from puzzles.trios.play import TriosGame

__all__ = ["TriosBoard", "trios_game", "card_label"]

STYLES = {"face up": "warning", "removed": "success", "known": "", "unknown": ""}


def card_label(game: TriosGame, position: int, memory: bool = True) -> str:
    """What card ``position`` shows: its number face up, ✓ once removed, (n) if remembered, ?."""
    view = game.view(position)
    if view == "face up":
        return str(game.cards[position])
    if view == "removed":
        return "\u2713"
    if view == "known" and memory:
        return f"({game.seen[position]})"
    return "?"


class TriosBoard(widgets.VBox):
    """The memory game: ``cards`` (one Button per card, tooltip "card i"), ``trios`` slider,
    ``new_button``, ``next_button``, ``hint_button`` ("Play the hint"), ``hint`` and ``memory``
    checkboxes; ``status``, ``hint_line`` and ``message`` show the text. ``game`` is the engine.
    """

    def __init__(self, N: int = 4, seed: int = 0) -> None:
        self.seed = seed
        self.games = 0
        self.message = MessageLine()
        self.trios = widgets.IntSlider(
            value=min(max(N, 1), 12),
            min=1,
            max=12,
            description="trios N",
            style={"description_width": "initial"},
        )
        self.new_button = widgets.Button(description="New game", button_style="info")
        self.next_button = widgets.Button(description="Next round", button_style="primary")
        self.hint_button = widgets.Button(description="Play the hint")
        self.hint = widgets.Checkbox(value=False, description="hint", indent=False)
        self.memory = widgets.Checkbox(value=True, description="show the cards I have seen", indent=False)
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="4px"))
        self.status = widgets.HTML()
        self.hint_line = widgets.HTML()
        self.cards: list[widgets.Button] = []
        self.game: TriosGame

        self.new_button.on_click(guarded(lambda _: self.new_game(), self.message))
        self.next_button.on_click(guarded(lambda _: self.next_round(), self.message))
        self.hint_button.on_click(guarded(lambda _: self.play_hint(), self.message))
        self.trios.observe(guarded(lambda _: self.new_game(), self.message), names="value")
        self.hint.observe(lambda _: self.refresh(), names="value")
        self.memory.observe(lambda _: self.refresh(), names="value")

        super().__init__(
            children=[
                instruction(
                    "Click cards to flip them: two different numbers end the round; three equal ones "
                    "remove the trio. Press Next round to turn the cards back."
                ),
                widgets.HBox([self.trios, self.new_button]),
                self.grid,
                widgets.HBox([self.next_button, self.hint_button, self.hint, self.memory]),
                self.message,
                self.hint_line,
                self.status,
            ]
        )
        self.new_game(first=True)

    # -- actions --------------------------------------------------------------------------

    def new_game(self, first: bool = False) -> None:
        """Deal a new game of ``trios.value`` trios; each new game takes the next seed."""
        if not first:
            self.games += 1
        self.game = TriosGame(self.trios.value, seed=self.seed + self.games)
        count = 3 * self.game.N
        self.cards = []
        for position in range(count):
            button = widgets.Button(
                description="?",
                tooltip=f"card {position + 1}",
                layout=widgets.Layout(width="56px", height="44px"),
            )
            button.on_click(guarded(lambda _, p=position: self.flip(p), self.message))
            self.cards.append(button)
        columns = 6 if count <= 18 else 9
        self.grid.layout.grid_template_columns = f"repeat({columns}, 56px)"
        self.grid.children = self.cards
        self.message.clear()
        self.refresh()

    def flip(self, position: int) -> None:
        """Flip card ``position`` (0-based); the engine's complaint goes to ``message``."""
        try:
            self.game.flip(position)
        finally:
            self.refresh()

    def next_round(self) -> None:
        try:
            self.game.next_round()
        finally:
            self.refresh()

    def play_hint(self) -> None:
        try:
            self.game.play_hint()
        finally:
            self.refresh()

    # -- drawing --------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the cards, the hint and the status from the engine."""
        game = self.game
        hinted = set(game.hint()) if self.hint.value else set()
        for position, button in enumerate(self.cards):
            button.description = card_label(game, position, self.memory.value)
            style = STYLES[game.view(position)]
            if position in hinted:
                style = "info"
            button.button_style = style
        self.hint_line.value = f"Hint: {html.escape(game.hint_text())}" if self.hint.value else ""
        exact = expected_rounds(game.N)
        lines = [
            f"<b>{html.escape(game.status())}</b>",
            f"Optimal play needs E({game.N}) = {exact} &asymp; {decimal(exact, 4)} rounds on average.",
        ]
        if game.round_state == "ready" and not game.finished:
            K3, K2, K1, K0 = game.state()
            left = game.expected_left()
            lines.append(
                f"Known so far: (K3, K2, K1, K0) = ({K3}, {K2}, {K1}, {K0}); from here optimal play "
                f"needs {decimal(left, 4)} more rounds on average."
            )
        elif game.round_state == "over" and not game.finished:
            lines.append("This round is over: press Next round.")
        self.status.value = "<br>".join(lines)


def trios_game(N: int = 4, seed: int = 0) -> TriosBoard:
    """The Tricky Trios memory game with N trios (slider "trios N", 1..12) and a hint."""
    return TriosBoard(N, seed)
