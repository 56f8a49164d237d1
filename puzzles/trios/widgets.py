"""The play widget of the Tricky Trios unit (ipywidgets 8), one line in a notebook.

Source: the analysis of "Tricky Trios", Code Jam to I/O for Women 2018. The cards are
buttons; clicking one flips it through the game engine ``puzzles.trios.play.TriosGame``.
A ``ValueError`` of the engine (a removed card, a fourth flip, ...) is shown in the widget's
message line, never as a traceback.
"""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as widgets

from puzzles.course.display import decimal
from puzzles.course.widgets import MessageLine, guarded, instruction
from puzzles.course.widgets import int_slider as _slider
from puzzles.trios.model import (
    EXERCISE_1_STATES,
    MAX_EXPLORE_TRIOS,
    expected_rounds,
    round_outcomes,
    rounds_table,
    state_value,
)
from puzzles.trios.play import TriosGame

__all__ = [
    "TriosBoard",
    "StateExplorer",
    "TriosExplorer",
    "trios_game",
    "state_explorer",
    "trios_explorer",
    "card_label",
    "exact_html",
    "value_html",
]

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
        self.trios = _slider("trios N", N, 1, 12, "the number of trios N")
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
        self.message.show_notes(self.trios.start_note)

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
        if game.N == 2:  # E(2) is Exercise 1 of Lesson I, found by hand
            average = (
                "To compare: the average of a whole game of 2 trios played by the rule is E(2), which "
                "Lesson I's Exercise 1 asks you to find by hand, so it is not shown here."
            )
        else:
            average = (
                f"To compare: a whole game of {game.N} trios takes "
                f"{value_html(f'E({game.N})', expected_rounds(game.N))} rounds on average when played by "
                "the rule (the least possible); single games vary around it."
            )
        lines = [f"<b>{html.escape(game.status())}</b>", average]
        K3, K2, K1, K0 = game.state()
        if game.round_state == "ready" and not game.finished and (K2, K1, K0) not in EXERCISE_1_STATES:
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


# ---------------------------------------------------------------------------
# exact values: a decimal in the text, the fraction alongside or on demand


def exact_html(value: Fraction, limit: int = 24) -> str:
    """The exact value as ``a/b`` when it is short; a long one folded into a ``<details>``
    ("exact value, 21/20 digits") that opens on a click."""
    text = str(Fraction(value))
    if len(text) <= limit:
        return text
    numerator, _, denominator = text.partition("/")
    digits = (
        f"{len(numerator.lstrip('-'))}/{len(denominator)} digits" if denominator else f"{len(text)} digits"
    )
    return (
        f'<details style="display:inline-block;vertical-align:top"><summary>exact value, {digits}'
        f'</summary><code style="word-break:break-all;white-space:normal">{text}</code></details>'
    )


def value_html(name: str, value: Fraction, places: int = 4) -> str:
    """``x = 22/7 &asymp; 3.1429`` when the fraction is short, else ``x &asymp; 3.1416`` with the
    exact value in a ``<details>`` that opens on a click."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return f"{name} = {exact}"
    shown = decimal(exact, places)
    text = exact_html(exact)
    if text.startswith("<details"):
        return f"{name} &asymp; {shown} ({text})"
    return f"{name} = {text} &asymp; {shown}"


# ---------------------------------------------------------------------------
# the state explorer: every way the next round can end, with probabilities and f

_CELL = "padding:1px 8px;border-bottom:1px solid #ddd;text-align:right;vertical-align:top"


class StateExplorer(widgets.VBox):
    """Pick a state (K3, K2, K1, K0) and see every way the next round ends under the rule: its
    probability, the rounds it costs, the next state and f there, and the term
    p (rounds + f(next)); the terms add up to f(K2, K1, K0), the expected rounds left.

    Controls: sliders ``K3`` (the rule never holds two Three-Known trios, a player's own flips
    may), ``K2``, ``K1``, ``K0`` (0..MAX_EXPLORE_TRIOS; K2 + K1 + K0 at most that) and ``exact``
    (exact fractions alongside the decimals); ``result``, ``table`` and ``message`` show the text.
    """

    def __init__(self, K2: int = 1, K1: int = 1, K0: int = 1, K3: int = 0) -> None:
        rounds_table(MAX_EXPLORE_TRIOS)  # f of every state up to the cap: a few seconds, once per kernel
        self.message = MessageLine()
        self.K3 = _slider("K3", K3, 0, MAX_EXPLORE_TRIOS)
        self.K2 = _slider("K2", K2, 0, MAX_EXPLORE_TRIOS)
        self.K1 = _slider("K1", K1, 0, MAX_EXPLORE_TRIOS)
        self.K0 = _slider("K0", K0, 0, MAX_EXPLORE_TRIOS)
        self.exact = widgets.Checkbox(value=False, description="exact fractions", indent=False)
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        self._holding = False
        update = guarded(lambda _: self.update(), self.message)
        for control in (self.K3, self.K2, self.K1, self.K0, self.exact):
            control.observe(lambda change: None if self._holding else update(change), names="value")
        super().__init__(
            children=[
                instruction(
                    "Choose how many trios have three, two, one and no known cards: every way the next "
                    "round can end, with its probability, and the expected rounds f still needed."
                ),
                widgets.HBox([self.K3, self.K2]),
                widgets.HBox([self.K1, self.K0, self.exact]),
                self.message,
                self.result,
                self.table,
            ]
        )
        update(None)
        self.message.show_notes(
            self.K3.start_note, self.K2.start_note, self.K1.start_note, self.K0.start_note
        )

    def state(self) -> tuple[int, int, int, int]:
        return self.K3.value, self.K2.value, self.K1.value, self.K0.value

    def show(self, K3: int, K2: int, K1: int, K0: int) -> None:
        """Move the sliders to (K3, K2, K1, K0) and redraw once."""
        self._holding = True
        try:
            self.K3.value, self.K2.value, self.K1.value, self.K0.value = K3, K2, K1, K0
        finally:
            self._holding = False
        guarded(lambda: self.update(), self.message)()

    def _number(self, value: Fraction, places: int = 4) -> str:
        """A decimal, with the exact fraction alongside (long ones on a click) when ``exact`` is ticked."""
        shown = decimal(value, places)
        if self.exact.value and Fraction(value).denominator != 1:
            text = exact_html(value)
            shown += f" ({text})" if text.startswith("<details") else f" = {text}"
        return shown

    def update(self) -> None:
        K3, K2, K1, K0 = self.state()
        self.table.value = ""
        outcomes = round_outcomes(K2, K1, K0)  # refuses more than MAX_EXPLORE_TRIOS trios in words
        value = state_value(K2, K1, K0, K3)
        rest = state_value(K2, K1, K0)
        unknown = K2 + 2 * K1 + 3 * K0
        head = f"<b>f({K3}, {K2}, {K1}, {K0}) = {self._number(value)}</b> rounds expected from here"
        if not outcomes:
            tail = (
                "every trio is removed."
                if K3 == 0
                else "one round removes the Three-Known trio, and the game ends."
            )
            self.result.value = f"{head}: {tail}"
            return
        first = (
            f"First a round of its own removes the Three-Known trio (1 round); then, from "
            f"(K2, K1, K0) = ({K2}, {K1}, {K0}), "
            if K3
            else f"From (K2, K1, K0) = ({K2}, {K1}, {K0}), "
        )
        self.result.value = (
            f"{head}.<br>{first}with U = {unknown} unknown cards, the next round ends in one of these "
            f"{len(outcomes)} ways. The probabilities add up to "
            f"{sum((o.probability for o in outcomes), Fraction(0))}; the terms add up to "
            + (f"f({K2}, {K1}, {K0}) = {self._number(rest)}." if K3 else "f above.")
        )
        header = [
            "how the round ends",
            "probability",
            "rounds",
            "next (K2, K1, K0)",
            "f(next)",
            "p (rounds + f(next))",
        ]
        rows = [
            [
                html.escape(o.how),
                self._number(o.probability),
                str(o.rounds),
                str(tuple(o.next_state)),
                self._number(o.next_value),
                self._number(o.term),
            ]
            for o in outcomes
        ]
        parts = ['<table style="border-collapse:collapse">', "<tr>"]
        parts += [
            f'<th style="{_CELL}{";text-align:left" if i == 0 else ""}">{html.escape(h)}</th>'
            for i, h in enumerate(header)
        ]
        parts.append("</tr>")
        for row in rows:
            cells = [f'<td style="{_CELL};text-align:left">{row[0]}</td>']
            cells += [f'<td style="{_CELL}">{cell}</td>' for cell in row[1:]]
            parts.append("<tr>" + "".join(cells) + "</tr>")
        parts.append("</table>")
        self.table.value = "".join(parts)


def state_explorer(K2: int = 1, K1: int = 1, K0: int = 1, K3: int = 0) -> StateExplorer:
    """The state explorer: sliders K3, K2, K1, K0 (K2 + K1 + K0 at most 100) and "exact fractions"."""
    return StateExplorer(K2, K1, K0, K3)


class TriosExplorer(widgets.VBox):
    """The play widget with the state explorer next to it: between rounds the explorer shows the
    game's state (while ``follow`` is ticked), so each way the next round can end is in view.

    ``board`` is a ``TriosBoard``, ``explorer`` a ``StateExplorer``.
    """

    def __init__(self, N: int = 4, seed: int = 0) -> None:
        self.board = TriosBoard(N, seed)
        self.explorer = StateExplorer(0, 0, self.board.game.N)
        self.follow = widgets.Checkbox(value=True, description="the explorer follows the game", indent=False)
        self.board.status.observe(lambda _: self.sync(), names="value")
        self.follow.observe(lambda _: self.sync(), names="value")
        super().__init__(
            children=[
                self.board,
                widgets.HTML("<hr style='margin:6px 0'><b>The state explorer</b>"),
                self.follow,
                self.explorer,
            ]
        )
        self.sync()

    def sync(self) -> None:
        """Show the game's state in the explorer, between rounds and while ``follow`` is ticked."""
        game = self.board.game
        if self.follow.value and game.round_state == "ready":
            self.explorer.show(*game.state())


def trios_explorer(N: int = 4, seed: int = 0) -> TriosExplorer:
    """The game (slider "trios N", 1..12) with the state explorer following it between rounds."""
    return TriosExplorer(N, seed)
