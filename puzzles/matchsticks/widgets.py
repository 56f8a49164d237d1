"""Interactive modules of the match-stick unit (ipywidgets 8), one line each in a notebook.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles": play the paper's game against the computer (N sticks, take 1..M, whoever takes the
last stick loses), and explore the win/lose pattern of any subtraction set.

Each factory returns a ``VBox`` subclass whose controls are attributes, so that tests (and
curious students) can set ``.value`` and ``.click()`` buttons. A ``ValueError`` raised by the
model or the game engine is shown in the widget's message line, never as a traceback.
"""

from __future__ import annotations

import html
import io

import ipywidgets as widgets

from puzzles.course.display import format_set
from puzzles.course.validate import shown
from puzzles.course.widgets import MessageLine, guarded, html_table, instruction, starting_option
from puzzles.course.widgets import int_slider as _slider
from puzzles.matchsticks.model import (
    grundy_table,
    losing_positions,
    outcome_period,
    parse_moves,
    win_table,
)
from puzzles.matchsticks.play import MatchGame
from puzzles.matchsticks.plots import plot_outcomes, set_label

__all__ = ["MatchStickGame", "PatternExplorer", "match_game", "pattern_explorer", "sticks_html"]

PLOT_DPI = 100  # the pattern explorer's strip: 9 inches at 100 dpi fill an output area of 900 pixels
_STICK = "display:inline-block;width:6px;height:34px;margin:0 2px;border-radius:2px"
_HEAD = "display:inline-block;width:6px;height:8px;margin:0 2px;border-radius:3px"


def _wrapping(text: str) -> str:
    """``text`` escaped, with a line break allowed after every comma: a long set such as
    {0,2,4,...,200} has no spaces and would otherwise run off the right edge of the output area."""
    return html.escape(text).replace(",", ",<wbr>")


def sticks_html(game: MatchGame, show_losing: bool = False) -> str:
    """The sticks on the table as little matches; with ``show_losing``, a strip of the counts
    0..N where the player to move loses (red), with the current count framed."""
    matches = "".join(
        f'<span style="display:inline-block;text-align:center">'
        f'<span style="{_HEAD};background:#c92a2a"></span><br>'
        f'<span style="{_STICK};background:#e0b872"></span></span>'
        for _ in range(game.sticks)
    )
    parts = [f'<div style="margin:6px 0;line-height:0">{matches or "<i>(no sticks left)</i>"}</div>']
    if show_losing:
        lost = set(game.losing_positions())
        cells = []
        for n in range(game.start + 1):
            colour = "#c92a2a;color:white" if n in lost else "#d3f9d8"
            frame = "outline:2px solid #1864ab;" if n == game.sticks else ""
            cells.append(
                f'<span style="display:inline-block;min-width:22px;text-align:center;font-size:12px;'
                f'margin:1px;{frame}background:{colour}">{n}</span>'
            )
        parts.append(
            '<div style="font-size:13px">losing positions for the player to move (red): '
            f"{_wrapping(format_set(sorted(lost)))}</div><div>{''.join(cells)}</div>"
        )
    return "".join(parts)


class MatchStickGame(widgets.VBox):
    """Play the match-stick game against the computer.

    ``game`` is the engine (``puzzles.matchsticks.play.MatchGame``); the controls are
    ``sticks`` ("sticks N"), ``largest`` ("take up to M"), ``first`` ("first move"),
    ``new_button`` ("New game"), ``take`` (an IntText "take"), ``take_button`` ("Take") and
    ``hint`` ("hint"); the table is drawn in ``table``, the ``status()`` sentence in
    ``status``, the moves so far in ``moves`` and errors in ``message``.
    """

    def __init__(self, N: int = 30, M: int = 3, first: str = "you") -> None:
        self.message = MessageLine()
        self.sticks = _slider("sticks N", N, 1, 100, "the number of sticks N")
        self.largest = _slider("take up to M", M, 1, 10, "the largest take M")
        first, first_note = starting_option(first, "who moves first", ("you", "computer"), "you")
        self.first = widgets.Dropdown(
            options=[("you", "you"), ("the computer", "computer")],
            value=first,
            description="first move",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="220px"),
        )
        self.new_button = widgets.Button(description="New game", button_style="info")
        self.take = widgets.IntText(value=1, description="take", layout=widgets.Layout(width="150px"))
        self.take_button = widgets.Button(description="Take", button_style="primary")
        self.hint = widgets.Checkbox(value=False, description="hint: show the losing positions", indent=False)
        self.hint_line = widgets.HTML()
        self.table = widgets.HTML()
        self.status = widgets.HTML()
        self.moves = widgets.HTML()
        self.game: MatchGame

        self.new_button.on_click(guarded(lambda _: self.new_game(), self.message))
        self.take_button.on_click(guarded(lambda _: self.play(), self.message))
        self.hint.observe(guarded(lambda _: self.refresh(), self.message), names="value")
        super().__init__(
            children=[
                instruction(
                    "Take turns with the computer; whoever takes the last stick loses. "
                    "Choose N, M and who starts, then press New game."
                ),
                widgets.HBox([self.sticks, self.largest, self.first, self.new_button]),
                widgets.HBox([self.take, self.take_button, self.hint]),
                self.message,
                self.status,
                self.hint_line,
                self.table,
                self.moves,
            ]
        )
        self.new_game()
        self.message.show_notes(self.sticks.start_note, self.largest.start_note, first_note)

    def new_game(self) -> None:
        """Start again with the sliders' N and M; the computer moves at once if it starts."""
        self.game = MatchGame(self.sticks.value, self.largest.value, self.first.value)
        self.take.value = 1
        self.message.clear()
        self.refresh()

    def play(self) -> None:
        """Take the number of sticks typed in ``take``; the computer answers at once."""
        self.game.take(self.take.value)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the table, the hint, the status and the moves from the engine."""
        game = self.game
        self.table.value = sticks_html(game, self.hint.value)
        verdict = html.escape(game.start_verdict())
        self.status.value = f"<b>{html.escape(game.status())}</b><br>{verdict}"
        if self.hint.value and not game.finished:
            wins = game.hint()
            last = all(not any(k <= game.sticks - take for k in game.moves) for take in game.legal_moves)
            if wins:
                advice = f"take {' or '.join(map(str, wins))} to leave the computer a losing position"
            elif last:
                advice = "whatever you take is the last move of the game, and you lose"
            else:
                advice = "every take leaves the computer a winning position: hope it slips"
            self.hint_line.value = f"Hint: {html.escape(advice)}."
        else:
            self.hint_line.value = ""
        rows = [(i, move.player, move.taken, move.left) for i, move in enumerate(game.history, start=1)]
        self.moves.value = (
            html_table(["move", "player", "took", "left"], rows, highlight=len(rows) - 1) if rows else ""
        )


def match_game(N: int = 30, M: int = 3, first: str = "you") -> MatchStickGame:
    """Play the paper's game against the computer: N sticks, take 1..M, last stick loses."""
    return MatchStickGame(N, M, first)


class PatternExplorer(widgets.VBox):
    """The win/lose pattern and Grundy values of any subtraction set.

    Controls: ``moves`` (a Text "take sizes", e.g. "1, 3, 4"), ``misere`` (a Checkbox),
    ``positions`` (a slider "positions n"); the result line is ``result``, the first values
    are in ``table``, and ``plot`` shows the strip as a PNG image (an Image widget, not an
    Output widget, so that it renders the same in JupyterLab, nbconvert and nbval).
    """

    def __init__(self, moves: str = "1, 3, 4", misere: bool = False, positions: int = 60) -> None:
        self.message = MessageLine()
        notes = []
        if not isinstance(moves, str):
            notes.append(
                f"the take sizes are typed as text such as '1, 3, 4', got {shown(moves)}; "
                "the widget starts at '1, 3, 4'"
            )
            moves = "1, 3, 4"
        misere, misere_note = starting_option(misere, "misere", (False, True), False)
        notes.append(misere_note)
        self.moves = widgets.Text(value=moves, description="take sizes", continuous_update=False)
        self.misere = widgets.Checkbox(value=misere, description="misère (last move loses)", indent=False)
        self.positions = _slider("positions n", positions, 10, 200, "the number of positions n")
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        # drawn at 100 dpi and shown at its own size (900 pixels for the 9-inch strip), as the
        # notebook's inline figures are: its text keeps 9 pt or more
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.figure = None
        update = guarded(lambda _: self.update(), self.message)
        for control in (self.moves, self.misere, self.positions):
            control.observe(update, names="value")
        super().__init__(
            children=[
                instruction(
                    "Type a set of take sizes: which positions are lost, and when does the pattern repeat?"
                ),
                widgets.HBox([self.moves, self.misere, self.positions]),
                self.message,
                self.result,
                self.table,
                self.plot,
            ]
        )
        update(None)
        self.message.show_notes(*notes, self.positions.start_note)

    def update(self) -> None:
        sizes = parse_moves(self.moves.value)
        misere, n_max = self.misere.value, self.positions.value
        pre, period = outcome_period(sizes, misere)
        lost = losing_positions(n_max, sizes, misere)
        rule = "misère" if misere else "normal"
        self.result.value = (
            f"<b>S = {html.escape(set_label(sizes))}, {rule} play: the win/lose sequence has period {period}"
            f" from n = {pre} on.</b><br>lost positions up to {n_max}: {_wrapping(format_set(lost))}"
        )
        wins = win_table(20, sizes, misere)
        header = ["n", *map(str, range(21))]
        rows = [["outcome", *("W" if bit else "L" for bit in wins)]]
        if not misere:
            rows.append(["G(n)", *map(str, grundy_table(20, sizes))])
        self.table.value = html_table(header, rows)
        self.figure = plot_outcomes([sizes], n_max, misere)
        image = io.BytesIO()
        self.figure.savefig(image, format="png", dpi=PLOT_DPI)
        self.plot.value = image.getvalue()


def pattern_explorer(moves: str = "1, 3, 4", misere: bool = False, positions: int = 60) -> PatternExplorer:
    """An explorer of subtraction games: "take sizes", "misère" and "positions n"."""
    return PatternExplorer(moves, misere, positions)
