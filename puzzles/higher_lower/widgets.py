"""Interactive modules of the higher-lower unit (ipywidgets 8), one line each in a notebook.

* ``play_game``: rounds against the computer's optimal mixed strategy, as Bob or as Alice,
  with the trees drawn (lesson 1);
* ``dresher_stepper``: Dresher's iterations on the folded N = 4 game, one at a time (lesson 2);
* ``solution_explorer``: the shipped certified solutions, N by N (lesson 4).

Figures are rendered to PNG bytes into an Image widget (not an Output widget). A ValueError
from the engine or the model lands in the widget's message line.
"""

from __future__ import annotations

import html
import io
import sys
from fractions import Fraction
from numbers import Rational

import ipywidgets as widgets
import matplotlib.pyplot as plt

from puzzles.course.validate import cap, is_bool, shown
from puzzles.course.widgets import (
    MessageLine,
    guarded,
    html_table,
    instruction,
    starting_option,
    starting_value,
)
from puzzles.higher_lower.data import data_faults, load_solution, sweep_range
from puzzles.higher_lower.model import dresher, symmetric_matrix
from puzzles.higher_lower.play import MAX_PLAY_N, HigherLowerGame, path_to, short_number
from puzzles.higher_lower.plots import plot_distribution, plot_guesses, plot_payoff_lines, plot_tree

__all__ = [
    "DresherStepper",
    "PlayGame",
    "SolutionExplorer",
    "dresher_stepper",
    "exact_on_demand",
    "play_game",
    "png",
    "solution_explorer",
]


def png(figure) -> bytes:
    """The figure as PNG bytes (and closed), at the notebook's own 100 dpi: text keeps its size."""
    image = io.BytesIO()
    figure.savefig(image, format="png", dpi=100, bbox_inches="tight")
    plt.close(figure)
    return image.getvalue()


class PlayGame(widgets.VBox):
    """Play rounds of the higher-lower game against the computer's optimal mix."""

    def __init__(self, N: int = 10, role: str = "bob", seed: int = 0) -> None:
        self.message = MessageLine()
        # an IntText, not a BoundedIntText: a size typed beyond MAX_PLAY_N gets the engine's
        # sentence instead of being clipped without a word; the factory's own N and role start
        # the widget where it can, and say so
        N, size_note = starting_value(N, "N", 1, MAX_PLAY_N)
        role, role_note = starting_option(role, "the role", ("bob", "alice"), "bob")
        self.notes = (size_note, role_note)
        self.size = widgets.IntText(value=N, description="N", layout=widgets.Layout(width="160px"))
        self.role = widgets.Dropdown(
            options=[("Bob: I guess", "bob"), ("Alice: I hide", "alice")], value=role, description="play as"
        )
        self.number = widgets.IntText(value=1, description="number")
        self.go = widgets.Button(description="Guess" if role == "bob" else "Hide")
        self.again = widgets.Button(description="New round")
        self.status = widgets.HTML()
        self.history = widgets.HTML()
        self.exact = widgets.HTML()
        # after a round: the student's own path, and a tree of Bob's optimal mix, each captioned;
        # hidden (no empty image) until there is something to draw
        self.path_caption, self.tree_caption = widgets.HTML(), widgets.HTML()
        self.path_picture, self.tree_picture = _picture(), _picture()
        self.pictures = widgets.VBox(
            [self.path_caption, self.path_picture, self.tree_caption, self.tree_picture],
            layout=widgets.Layout(display="none"),
        )
        self.seed = seed
        self.game = HigherLowerGame(N, role, seed)
        self.go.on_click(guarded(lambda _: self.play(), self.message))
        self.again.on_click(guarded(lambda _: self.new_round(), self.message))
        restart = guarded(lambda _: self.restart(), self.message)
        self.size.observe(restart, names="value")
        self.role.observe(restart, names="value")
        super().__init__(
            children=[
                instruction(
                    "As Bob, guess Alice's number; as Alice, hide a number from Bob. Bob pays one per guess."
                ),
                widgets.HBox([self.size, self.role]),
                widgets.HBox([self.number, self.go, self.again]),
                self.message,
                self.status,
                self.exact,
                self.history,
                self.pictures,
            ]
        )
        self.refresh()
        self.message.show_notes(*self.notes)

    def restart(self) -> None:
        self.game = HigherLowerGame(self.size.value, self.role.value, self.seed)
        self.go.description = "Guess" if self.role.value == "bob" else "Hide"
        self.refresh()

    def new_round(self) -> None:
        self.game.new_round()
        self.refresh()

    def play(self) -> None:
        if self.game.role == "bob":
            self.game.guess(self.number.value)
        else:
            self.game.hide(self.number.value)
        self.refresh()

    def refresh(self) -> None:
        game = self.game
        self.status.value = html.escape(game.status())
        self.exact.value = exact_on_demand(f"V({game.N})", game.value)
        rows = [(i, g.number, g.answer) for i, g in enumerate(game.guesses, start=1)]
        self.history.value = html_table(["guess no.", "number", "answer"], rows) if rows else ""
        self.path_picture.value = self.tree_picture.value = b""
        self.path_caption.value = self.tree_caption.value = ""
        for picture in (self.path_picture, self.path_caption):
            picture.layout.display = "none"
        if not game.finished:
            self.pictures.layout.display = "none"
            return
        assert game.secret is not None
        if game.role == "alice":
            assert game.tree is not None
            path = path_to(game.tree, game.secret)
            self.tree_caption.value = (
                f"<b>Bob's search tree this round</b>, drawn from his optimal mix; "
                f"in red his path to {game.secret}: {len(path)} guesses."
            )
            self.tree_picture.value = png(
                plot_tree(game.tree, path, f"Bob's tree this round, his path to {game.secret}")
            )
        else:
            self.path_caption.value = "<b>Your path</b>: your guesses this round, in order."
            self.path_picture.value = png(plot_guesses(game.N, [(g.number, g.answer) for g in game.guesses]))
            for picture in (self.path_picture, self.path_caption):
                picture.layout.display = ""
            self.tree_caption.value = _bob_caption(game)
            probability, tree = _likeliest_tree(game)
            path = path_to(tree, game.secret)
            title = (
                f"Bob's optimal mix, its likeliest tree (probability {float(probability):.3f}): "
                f"{len(path)} guesses to find {game.secret}"
            )
            self.tree_picture.value = png(plot_tree(tree, path, title))
        self.pictures.layout.display = ""


def _picture() -> widgets.Image:
    """An Image at the PNG's own size: shrunk only when wider than the notebook, and never
    stretched to the box's width (a VBox stretches its children unless they align themselves)."""
    return widgets.Image(
        format="png", layout=widgets.Layout(max_width="100%", height="auto", align_self="flex-start")
    )


def _likeliest_tree(game: HigherLowerGame):
    """The tree Bob's optimal mix plays most often (the first of them on a tie)."""
    return max(game.solution.searcher, key=lambda pair: pair[0])


def _bob_caption(game: HigherLowerGame) -> str:
    secret = game.secret
    assert secret is not None
    mix = sum(p * tree[secret - 1] for p, tree in game.solution.searcher)
    return (
        f"<b>For comparison, Bob's optimal play</b> (not your guesses): he mixes "
        f"{len(game.solution.searcher)} trees. Below, the one he plays most often, with its path to "
        f"{secret} in red. Averaged over his whole mix, finding {secret} costs him "
        f"{html.escape(short_number(mix))} guesses; you paid {len(game.guesses)}."
    )


EXACT_LARGEST_DIGITS = 100_000  # digits of a numerator or denominator written out in full


def _int_text(number: int) -> str:
    """All the digits of ``number``, past Python's default limit of 4300 digits for int -> str."""
    limit = sys.get_int_max_str_digits()
    if not limit or number.bit_length() < 3 * limit:
        return str(number)
    sys.set_int_max_str_digits(0)
    try:
        return str(number)
    finally:
        sys.set_int_max_str_digits(limit)


def exact_on_demand(name: str, value: Fraction) -> str:
    """HTML: nothing for a short fraction; for a long one a collapsed line that opens on the exact
    value, wrapped inside the notebook's width (any length up to EXACT_LARGEST_DIGITS digits)."""
    if not isinstance(name, str) or is_bool(value) or not isinstance(value, Rational):
        raise ValueError(
            f"exact_on_demand takes a name and an exact number, got {shown(name)}, {shown(value)}"
        )
    value = Fraction(value)
    bits = max(value.numerator.bit_length(), value.denominator.bit_length())
    cap(int(bits * 0.30103), "the digits of the value", EXACT_LARGEST_DIGITS, "float(value) gives its size")
    numerator, denominator = _int_text(value.numerator), _int_text(value.denominator)
    text = numerator if value.denominator == 1 else f"{numerator}/{denominator}"
    if len(text) <= 10:
        return ""
    digits = f"{len(numerator.lstrip('-'))} digits over {len(denominator)}"
    return (
        f"<details><summary>{html.escape(name)} as an exact fraction ({digits})</summary>"
        f'<div style="font-family:monospace;overflow-wrap:anywhere;max-width:640px">{text}</div></details>'
    )


def play_game(N: int = 10, role: str = "bob", seed: int = 0) -> PlayGame:
    """The play module: "N", "play as", "number", buttons "Guess"/"Hide" and "New round"."""
    return PlayGame(N, role, seed)


class DresherStepper(widgets.VBox):
    """Dresher's iterations on the folded N = 4 game (eq. 1.21), one step at a time."""

    def __init__(self) -> None:
        self.matrix = symmetric_matrix(4)
        self.result = dresher(self.matrix)
        self.message = MessageLine()
        self.step = widgets.IntSlider(value=1, min=1, max=len(self.result.steps), description="iteration")
        self.text = widgets.HTML()
        self.picture = _picture()
        self.step.observe(guarded(lambda _: self.refresh(), self.message), names="value")
        super().__init__(
            children=[
                instruction("Move the slider through Dresher's iterations for N = 4."),
                self.step,
                self.message,
                self.text,
                self.picture,
            ]
        )
        self.refresh()

    def refresh(self) -> None:
        step = self.result.steps[self.step.value - 1]
        basis = ", ".join(f"P{j}" for j in step.basis)
        inverse = html_table(
            ["", "col 0", "col 1", "col 2"], [[f"R{i}", *map(str, row)] for i, row in enumerate(step.inverse)]
        )
        scores = html_table(
            [f"P{j}" for j in range(1, len(step.scores) + 1)], [[str(s) for s in step.scores]]
        )
        x1, x2 = -step.inverse[0][1], -step.inverse[0][2]
        if step.entering is None:
            move = "No score is positive: the basis is optimal and the method stops."
        else:
            move = (
                f"P{step.entering} has the largest score and enters; "
                f"P{step.leaving} leaves (lexicographic rule)."
            )
        self.text.value = (
            f"<b>Basis ({basis})</b>: provisional value {step.value} (doubled), "
            f"Alice plays x1 = {x1}, x2 = {x2}.<br>B<sup>-1</sup>:{inverse}"
            f"Scores R<sub>0</sub>P<sub>j</sub>:{scores}{html.escape(move)}"
        )
        self.picture.value = png(plot_payoff_lines(self.matrix.to_numpy().tolist(), step))


def dresher_stepper() -> DresherStepper:
    """The step-through of Dresher's method for N = 4 (an "iteration" slider)."""
    return DresherStepper()


class SolutionExplorer(widgets.VBox):
    """The shipped certified solutions: Alice's distribution, V(N), Bob's mix, Johnson's patterns
    1 and 3. Pattern 2 (a1 = 2 a2) has no row: lesson IV's Exercise 8 asks where it fails."""

    def __init__(self, N: int = 100) -> None:
        top = sweep_range()
        self.message = MessageLine()
        start, note = starting_value(N, "N", 1, max(top, 1))
        self.size = widgets.IntSlider(value=start, min=1, max=max(top, 1), description="N", disabled=not top)
        self.text = widgets.HTML()
        self.picture = _picture()
        self.size.observe(guarded(lambda _: self.refresh(), self.message), names="value")
        super().__init__(
            children=[
                instruction(
                    "Slide through N: Alice's optimal distribution and Bob's mix, exactly, "
                    "from the shipped data. Long fractions show as decimals; click to see them exactly."
                ),
                self.size,
                self.message,
                self.text,
                self.picture,
            ]
        )
        guarded(lambda: self.refresh(), self.message)()
        faults = [str(fault) for fault in data_faults().values()]
        if top and faults:  # the slider stops short of a damaged block: say which, never silently
            note = "; ".join(filter(None, [note, f"the slider stops at N = {top}: {faults[0]}"]))
        if not self.message.text:
            self.message.show_notes(note)

    def refresh(self) -> None:
        if self.size.disabled:  # no intact block holds N = 1: say which file is damaged or missing
            faults = list(data_faults().values())
            if faults:
                raise faults[0]
            raise ValueError("there is no shipped data yet: run python -m puzzles.higher_lower.sweep")
        N = self.size.value
        s = load_solution(N)
        a = s.hider

        def pattern(holds: bool, first: int) -> str:
            return ("yes" if holds else "no") if N >= first else html.escape(f"- (for N >= {first})")

        rows = [
            ("V(N)", _fraction_cell(s.value)),
            ("certified", "yes" if s.certified else "no"),
            ("trees in Bob's mix", str(len(s.searcher))),
            ("most guesses in Bob's trees", str(s.max_depth)),
            ("P(secret = 1)", _fraction_cell(a[0])),
            ("Johnson 1: a1 = a2 + a3", pattern(N >= 5 and a[0] == a[1] + a[2], 5)),
            ("Johnson 3: a1 > aj, 1 < j < N", pattern(N >= 4 and all(a[0] > x for x in a[1:-1]), 4)),
        ]
        self.text.value = _summary_table(f"N = {N}", rows)
        self.picture.value = png(plot_distribution(a, N))


def _fraction_cell(value: Fraction) -> str:
    """HTML for a table cell: a short fraction as it is; a long one as a decimal that opens on
    the exact value, wrapped so that it never widens the table."""
    text = str(value)
    if len(text) <= 10:
        return html.escape(text)
    digits = f"{len(str(value.numerator))} digits over {len(str(value.denominator))}"
    return (
        f"<details><summary>{float(value):.10f}... (exact: {digits})</summary>"
        f'<div style="overflow-wrap:anywhere;max-width:36em">{text}</div></details>'
    )


def _summary_table(title: str, rows: list[tuple[str, str]]) -> str:
    """Two columns: a label that never wraps, and a value (HTML) that wraps within 30 em."""
    label = "padding:2px 12px 2px 0;white-space:nowrap;vertical-align:top;border-bottom:1px solid #ddd"
    value = (
        "padding:2px 0;max-width:30em;vertical-align:top;font-family:monospace;border-bottom:1px solid #ddd"
    )
    body = "".join(
        f'<tr><td style="{label}">{html.escape(name)}</td><td style="{value}">{cell}</td></tr>'
        for name, cell in rows
    )
    return (
        f'<table style="border-collapse:collapse;table-layout:auto">'
        f'<tr><th style="{label};text-align:left">{html.escape(title)}</th><th></th></tr>{body}</table>'
    )


def solution_explorer(N: int = 100) -> SolutionExplorer:
    """The explorer of the shipped data (an "N" slider); Johnson's pattern 2 is not shown, being
    lesson IV's Exercise 8."""
    return SolutionExplorer(N)
