"""Interactive modules of the egg-dropping unit (ipywidgets 8), one line each in a notebook.

Source: Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in Braunschweig and Hong Kong":
the game against Mother Nature (the first module), the solvers for W(n, k) and X(n, k)
(eq. (17), (19)) and for L(n, k) and Y(n, k) (eq. (28)), and an explorer of the expected
value scenario A(n, H, 1) (eq. (27)) under other priors than Laplace's.

Each factory returns a ``VBox`` subclass whose controls are attributes, so that tests (and
curious students) can set ``.value`` and ``.click()`` buttons. A ``ValueError`` raised by the
model or the game engine is shown in the widget's message line, never as a traceback.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import ipywidgets as widgets

from puzzles.course.display import Ratio, decimal, format_set
from puzzles.course.widgets import MessageLine, guarded, html_table, instruction, starting_option
from puzzles.course.widgets import int_slider as _slider
from puzzles.egg.model import (
    expected_drops,
    expected_trials,
    laplace_drops,
    laplace_numerator,
    laplace_trials,
    max_size,
    nature_response,
    worst_case_drops,
    worst_case_trials,
)
from puzzles.egg.play import EggGame, typed_number
from puzzles.egg.plots import honest_decimal, plot_drop_waves, plot_nature, plot_prior

__all__ = [
    "NatureGame",
    "WorstCaseSolver",
    "LaplaceSolver",
    "PriorExplorer",
    "AppendixModule",
    "NatureMap",
    "PRIOR_SHAPES",
    "building_html",
    "compact_set",
    "nature_game",
    "worst_case_solver",
    "laplace_solver",
    "prior_explorer",
    "prior_shape",
    "appendix_module",
    "nature_map",
    "nature_sentence",
]

# colours of the building, after the paper's coloured columns
FLOOR_COLOURS = {
    "untested": "#e9ecef",
    "safe": "#d3f9d8",
    "breaks": "#ffe3e3",
    "break": "#f2c94c",  # dropped here and broke (the paper's gold box)
    "survive": "#69db7c",  # dropped here and survived
}
_CELL = "width:64px;height:15px;padding:0 4px;font-size:11px;line-height:15px;text-align:center"


def compact_set(values: range, limit: int = 6) -> str:
    """``{1,2,3}`` for a short range (``format_set``), ``{a,...,b}`` for a longer one."""
    if len(values) > limit:
        return f"{{{values[0]},...,{values[-1]}}}"
    return format_set(values)


# ---------------------------------------------------------------------------
# the game against Mother Nature


class NatureGame(widgets.VBox):
    """Play against Mother Nature: find C with the fewest drops.

    ``game`` is the engine (``puzzles.egg.play.EggGame``); the controls are ``eggs``,
    ``storeys``, ``nature``, ``new_button``, ``floor`` (a text field: the game refuses in words
    anything but a whole floor, "5.5" included), ``drop_button`` and ``hint``; the
    building is drawn in ``building``, the ``status()`` sentence in ``status`` and errors in
    ``message``.
    """

    def __init__(self, eggs: int = 2, storeys: int = 11, seed: int = 0, nature: str = "adversary") -> None:
        self.seed = seed
        self.games = 0
        self.message = MessageLine()
        self.eggs = _slider("eggs", eggs, 1, 8, "the number of eggs")
        self.storeys = _slider("storeys", storeys, 1, 100, "the number of storeys")
        nature, nature_note = starting_option(nature, "Mother Nature", ("adversary", "laplace"), "adversary")
        self.nature = widgets.Dropdown(
            options=[
                ("plays against you (worst case)", "adversary"),
                ("draws C uniformly (Laplace)", "laplace"),
            ],
            value=nature,
            description="Mother Nature",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="390px"),
        )
        self.new_button = widgets.Button(description="New game", button_style="info")
        # a text field: the model judges what was typed ("5.5" is refused in words, never read as 55)
        self.floor = widgets.Text(value="1", description="floor", layout=widgets.Layout(width="160px"))
        self.drop_button = widgets.Button(description="Drop egg", button_style="primary")
        self.hint = widgets.Checkbox(value=False, description="hint", indent=False)
        self.hint_line = widgets.HTML()
        self.building = widgets.HTML()
        self.status = widgets.HTML()
        self.game: EggGame

        self.new_button.on_click(guarded(lambda _: self.new_game(), self.message))
        self.drop_button.on_click(guarded(lambda _: self.drop(), self.message))
        for control in (self.eggs, self.storeys, self.nature):
            control.observe(guarded(lambda _: self.new_game(), self.message), names="value")
        self.hint.observe(lambda _: self.refresh(), names="value")

        super().__init__(
            children=[
                instruction(
                    "Find the critical height C: type a floor and press Drop egg "
                    "(an egg breaks when dropped from above C)."
                ),
                widgets.HBox([self.eggs, self.storeys]),
                widgets.HBox([self.nature, self.new_button]),
                widgets.HBox([self.floor, self.drop_button, self.hint]),
                self.message,
                self.hint_line,
                self.status,
                self.building,
            ]
        )
        self.new_game(first=True)
        self.message.show_notes(self.eggs.start_note, self.storeys.start_note, nature_note)

    def new_game(self, first: bool = False) -> None:
        """Start again with the sliders' eggs and storeys; each new game takes the next seed."""
        if not first:
            self.games += 1
        self.game = EggGame(self.eggs.value, self.storeys.value, self.nature.value, self.seed + self.games)
        self.floor.value = str(max(1, (self.game.storeys + 1) // 2))
        self.message.clear()
        self.refresh()

    def drop(self) -> None:
        """Drop the egg in hand from the floor typed in ``floor``; errors go to ``message``."""
        height = typed_number(self.floor.value)
        self.game.drop(height)  # refuses anything but a whole floor of the building, in words
        game = self.game
        if not game.finished and not game.low < height <= game.high:
            self.floor.value = str((game.low + game.high + 1) // 2)
        self.refresh()

    def refresh(self) -> None:
        """Redraw the building, the hint and the status from the engine."""
        game = self.game
        self.building.value = building_html(game, game.hint() if self.hint.value else range(0))
        self.status.value = (
            f"<b>{html.escape(game.status())}</b><br>"
            f"trials: {game.trials}; best play against the worst case needs "
            f"W({game.eggs}, {game.storeys}) = {game.optimal}"
        )
        if self.hint.value and not game.finished:
            floors = game.hint()
            relative = worst_case_drops(game.eggs_left, game.size)
            self.hint_line.value = (
                f"Hint: drop from a floor in {compact_set(floors)} "
                f"(X({game.eggs_left}, {game.size}) = {compact_set(relative)}, "
                f"counted from floor {game.low})."
            )
        else:
            self.hint_line.value = ""


def building_html(game: EggGame, hint: range = range(0)) -> str:
    """The building as coloured boxes: one row per floor (top floor first), one column per egg.

    A box is grey while its floor is untested, green when an egg is known to survive there,
    red when one is known to break; a gold box marks a drop that broke the egg and a bright
    green box a drop it survived (the paper's coloured columns).
    """
    legend = " ".join(
        f'<span style="background:{FLOOR_COLOURS[key]};padding:0 6px;margin-right:4px">{text}</span>'
        for key, text in [
            ("untested", "untested"),
            ("safe", "known safe"),
            ("breaks", "known to break"),
            ("break", "dropped: broke"),
            ("survive", "dropped: survived"),
        ]
    )
    header = "".join(f'<th style="{_CELL}">egg {e}</th>' for e in range(1, game.eggs + 1))
    rows = [f'<tr><th style="{_CELL}">floor</th>{header}<th></th></tr>']
    for state in reversed(game.floor_states()):
        outcomes = dict(state.drops)  # an egg is dropped at most once from a floor that matters
        cells = []
        for egg in range(1, game.eggs + 1):
            outcome = outcomes.get(egg)
            colour = FLOOR_COLOURS[outcome or state.label]
            text = {"break": "broke", "survive": "survived"}.get(outcome or "", "")
            cells.append(f'<td style="{_CELL};background:{colour}">{text}</td>')
        mark = "&larr; hint" if state.floor in hint else ""
        rows.append(
            f'<tr><td style="{_CELL};font-weight:bold">{state.floor}</td>{"".join(cells)}'
            f'<td style="font-size:11px;color:#1864ab">{mark}</td></tr>'
        )
    table = '<table style="border-collapse:separate;border-spacing:2px">' + "".join(rows) + "</table>"
    return (
        f'<div style="margin:4px 0">{legend}</div><div style="max-height:440px;overflow-y:auto">{table}</div>'
    )


def nature_game(eggs: int = 2, storeys: int = 11, seed: int = 0) -> NatureGame:
    """The first interactive module of the paper: play the Worst Case Scenario against Mother Nature."""
    return NatureGame(eggs, storeys, seed)


# ---------------------------------------------------------------------------
# the solvers for W(n, k) and L(n, k)


class _Solver(widgets.VBox):
    """Two sliders "eggs n" and "size k", a result line, and a table for k near the chosen k."""

    text = "Choose n and k."
    k_max = 2000

    def __init__(self, n: int, k: int) -> None:
        self.message = MessageLine()
        self.n = _slider("eggs n", n, 1, 12)
        self.k = _slider("size k", k, 0, self.k_max)
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        update = guarded(lambda _: self.update(), self.message)
        self.n.observe(update, names="value")
        self.k.observe(update, names="value")
        super().__init__(
            children=[
                instruction(self.text),
                widgets.HBox([self.n, self.k]),
                self.message,
                self.result,
                self.table,
            ]
        )
        update(None)
        self.message.show_notes(self.n.start_note, self.k.start_note)

    def nearby(self) -> range:
        k = self.k.value
        low = max(0, min(k - 3, self.k_max - 6))
        return range(low, min(self.k_max, low + 6) + 1)

    def update(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class WorstCaseSolver(_Solver):
    """W(n, k) (eq. (17)) and X(n, k) (eq. (19)) for the sliders' n and k."""

    text = (
        "Move the sliders: W(n, k) is the least worst-case number of trials, X(n, k) the optimal first drops."
    )

    def update(self) -> None:
        n, k = self.n.value, self.k.value
        w = worst_case_trials(n, k)
        self.result.value = (
            f"<b>W({n}, {k}) = {w}</b> &nbsp;&nbsp; X({n}, {k}) = {_drops_text(worst_case_drops, n, k)}"
        )
        rows = [(j, worst_case_trials(n, j), _drops_text(worst_case_drops, n, j)) for j in self.nearby()]
        self.table.value = html_table(
            ["k", f"W({n}, k)", f"X({n}, k)"], rows, highlight=k - self.nearby().start
        )


class LaplaceSolver(_Solver):
    """L(n, k) (eq. (28)), exact over k + 1 as in the paper, and Y(n, k)."""

    text = "Move the sliders: L(n, k) is the least expected number of trials when C is uniform on 0..k."

    def update(self) -> None:
        n, k = self.n.value, self.k.value
        value = Ratio(laplace_numerator(n, k), k + 1)
        reduced = Fraction(value)
        equal = "" if str(value) == str(reduced) else f" = {reduced}"
        self.result.value = (
            f"<b>L({n}, {k}) = {value}{equal}</b> &asymp; {decimal(value)} &nbsp;&nbsp; "
            f"Y({n}, {k}) = {_drops_text(laplace_drops, n, k)}"
        )
        rows = [
            (
                j,
                str(Ratio(laplace_numerator(n, j), j + 1)),
                decimal(laplace_trials(n, j)),
                _drops_text(laplace_drops, n, j),
            )
            for j in self.nearby()
        ]
        self.table.value = html_table(
            ["k", f"L({n}, k)", "decimal", f"Y({n}, k)"], rows, highlight=k - self.nearby().start
        )


def _drops_text(drops_of, n: int, k: int) -> str:
    return "{}" if k == 0 else compact_set(drops_of(n, k))


def worst_case_solver(n: int = 2, k: int = 36) -> WorstCaseSolver:
    """A solver for W(n, k) and X(n, k): sliders "eggs n" (1..12) and "size k" (0..2000)."""
    return WorstCaseSolver(n, k)


def laplace_solver(n: int = 2, k: int = 15) -> LaplaceSolver:
    """A solver for L(n, k) and Y(n, k): sliders "eggs n" (1..12) and "size k" (0..2000)."""
    return LaplaceSolver(n, k)


# ---------------------------------------------------------------------------
# the expected value scenario under other priors

PRIOR_SHAPES = (
    "uniform (Laplace)",
    "rising",
    "falling",
    "peaked in the middle",
    "U-shaped",
    "geometric",
)


def prior_shape(name: str, H: int) -> list[int]:
    """Positive integer weights over C = 0..H for one of ``PRIOR_SHAPES``.

    uniform: 1; rising: c + 1; falling: H + 1 - c; peaked in the middle: H + 1 - |2c - H|;
    U-shaped: |2c - H| + 1; geometric: 2**(H - c), so that P(C = c) halves with each floor.
    """
    if isinstance(H, bool) or not isinstance(H, int):
        raise ValueError(f"the number of storeys H must be a whole number, got {H!r}")
    if H < 0:
        raise ValueError(f"the number of storeys H cannot be negative, got {H}")
    shapes = {
        "uniform (Laplace)": lambda c: 1,
        "rising": lambda c: c + 1,
        "falling": lambda c: H + 1 - c,
        "peaked in the middle": lambda c: H + 1 - abs(2 * c - H),
        "U-shaped": lambda c: abs(2 * c - H) + 1,
        "geometric": lambda c: 2 ** (H - c),
    }
    if name not in shapes:
        raise ValueError(f"there is no prior called {name!r}: choose one of {', '.join(PRIOR_SHAPES)}")
    return [shapes[name](c) for c in range(H + 1)]


class PriorExplorer(widgets.VBox):
    """A(n, H, 1) (eq. (27)) and its optimal first drops for a prior chosen by shape.

    ``figure`` holds the last ``plot_prior`` figure; ``plot`` shows it as a PNG image (an
    Image widget rather than an Output widget, so that it renders the same in JupyterLab,
    in nbconvert and under nbval).
    """

    H_max = 40  # expected_trials is O(n H^3): about 15 ms at n = 4, H = 40

    def __init__(self, n: int = 2, H: int = 20) -> None:
        self.message = MessageLine()
        self.prior = widgets.Dropdown(options=PRIOR_SHAPES, value=PRIOR_SHAPES[0], description="prior")
        self.n = _slider("eggs n", n, 1, 4)
        self.H = _slider("storeys H", H, 1, self.H_max)
        self.result = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.figure = None
        update = guarded(lambda _: self.update(), self.message)
        for control in (self.prior, self.n, self.H):
            control.observe(update, names="value")
        super().__init__(
            children=[
                instruction(
                    "Choose a prior for C: how do the expected trials and the best first drop change?"
                ),
                widgets.HBox([self.prior, self.n, self.H]),
                self.message,
                self.result,
                self.plot,
            ]
        )
        update(None)
        self.message.show_notes(self.n.start_note, self.H.start_note)

    def weights(self) -> list[int]:
        return prior_shape(self.prior.value, self.H.value)

    def update(self) -> None:
        n, H = self.n.value, self.H.value
        weights = self.weights()
        value = expected_trials(n, weights)
        drops = expected_drops(n, weights)
        uniform = laplace_trials(n, H)
        if value == uniform and self.prior.value == PRIOR_SHAPES[0]:
            comparison = f"the same as Laplace's L({n}, {H}) = {uniform} of eq. (28), as it must be"
        else:
            word = "fewer" if value < uniform else "more"
            comparison = (
                f"{honest_decimal(abs(value - uniform), 5)} {word} than under Laplace's uniform prior, "
                f"L({n}, {H}) = {uniform} &asymp; {honest_decimal(uniform, 5)}"
            )
        self.result.value = (
            f"<b>A({n}, {H}, 1) = {value}</b> &asymp; {honest_decimal(value, 5)} expected trials: "
            f"{comparison}.<br>"
            f"optimal first drops (floors): {format_set(drops)}; the worst case needs "
            f"W({n}, {H}) = {worst_case_trials(n, H)}."
        )
        self.figure = plot_prior(weights, n)
        self.plot.value = _png(self.figure)  # 100 dpi, shown at its own size: text of 10 pt stays 10 pt


def prior_explorer(n: int = 2, H: int = 20) -> PriorExplorer:
    """An explorer of the expected value scenario (eq. (27)) with "prior", "eggs n", "storeys H"."""
    return PriorExplorer(n, H)


# ---------------------------------------------------------------------------
# the appendix modules: W, X, L and Y with the waves of optimal first drops; Mother Nature's map


@contextmanager
def _busy(line: widgets.HTML, text: str) -> Iterator[None]:
    """Show ``text`` in ``line`` while the block runs (a figure can take a second to draw)."""
    line.value = f'<i class="puzzles-busy" style="color:#555">{html.escape(text)}</i>'
    try:
        yield
    finally:
        line.value = ""


def _png(figure) -> bytes:
    image = io.BytesIO()
    figure.savefig(image, format="png", dpi=100)
    return image.getvalue()


def _calm(*sliders: widgets.IntSlider) -> None:
    """Update on release only: dragging a slider must not queue a figure per pixel."""
    for slider in sliders:
        slider.continuous_update = False


class AppendixModule(widgets.VBox):
    """The appendix's solver for any n: W(n, k), X(n, k), L(n, k) and Y(n, k) for twelve sizes
    around k, and the X-versus-Y waves (``plot_drop_waves``) up to the end of k's block of
    equal W, with k marked.

    Controls ``n`` ("eggs n", 1..N_MAX) and ``k`` ("size k", 1..K_MAX); ``result`` (the values at
    k), ``table`` (HTML), ``plot`` (an Image of ``figure``), ``busy`` and ``message``.
    """

    N_MAX = 20
    K_MAX = 2000

    def __init__(self, n: int = 3, k: int = 15) -> None:
        self.message = MessageLine()
        self.busy = widgets.HTML()
        self.n = _slider("eggs n", n, 1, self.N_MAX)
        self.k = _slider("size k", k, 1, self.K_MAX)
        _calm(self.n, self.k)
        self.result = widgets.HTML()
        self.table = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.figure = None
        update = guarded(lambda _: self.update(), self.message)
        self.n.observe(update, names="value")
        self.k.observe(update, names="value")
        super().__init__(
            children=[
                instruction(
                    "Move the sliders: W, X (worst case) and L, Y (Laplace) at k and around it, and the "
                    "waves of optimal first drops up to the end of k's block of equal W."
                ),
                widgets.HBox([self.n, self.k]),
                self.message,
                self.busy,
                self.result,
                self.table,
                self.plot,
            ]
        )
        update(None)
        self.message.show_notes(self.n.start_note, self.k.start_note)

    def sizes(self) -> range:
        """The twelve sizes of the table: k and its neighbours, inside 1..K_MAX."""
        low = max(1, min(self.k.value - 5, self.K_MAX - 11))
        return range(low, low + 12)

    def block(self) -> range:
        """The sizes with the same W(n, k) as k: First(j, n) .. First(j + 1, n) - 1, j = W(n, k)."""
        n, k = self.n.value, self.k.value
        j = worst_case_trials(n, k)
        return range(max_size(n, j - 1) + 1, max_size(n, j) + 1)

    def update(self) -> None:
        n, k = self.n.value, self.k.value
        block = self.block()
        end = max(30, min(self.K_MAX, block[-1]))
        with _busy(self.busy, f"Drawing the waves of {n} eggs for k = 1..{end} ..."):
            value = Ratio(laplace_numerator(n, k), k + 1)
            reduced = Fraction(value)
            equal = "" if str(value) == str(reduced) else f" = {reduced}"
            self.result.value = (
                f"<b>W({n}, {k}) = {worst_case_trials(n, k)}</b>, X({n}, {k}) = "
                f"{_drops_text(worst_case_drops, n, k)} &nbsp;&nbsp; <b>L({n}, {k}) = {value}{equal}</b> "
                f"&asymp; {decimal(value)}, Y({n}, {k}) = {_drops_text(laplace_drops, n, k)}<br>"
                f"W({n}, k) = {worst_case_trials(n, k)} for the sizes k = {block[0]}..{block[-1]}; "
                f"the figure shows the waves for k = 1..{end}."
            )
            sizes = self.sizes()
            rows = [
                (
                    j,
                    worst_case_trials(n, j),
                    _drops_text(worst_case_drops, n, j),
                    str(Ratio(laplace_numerator(n, j), j + 1)),
                    decimal(laplace_trials(n, j), 4),
                    _drops_text(laplace_drops, n, j),
                )
                for j in sizes
            ]
            self.table.value = html_table(
                ["k", f"W({n}, k)", f"X({n}, k)", f"L({n}, k)", "decimal", f"Y({n}, k)"],
                rows,
                highlight=k - sizes.start,
            )
            self.figure = plot_drop_waves(n, end, mark=k)
            self.plot.value = _png(self.figure)


def appendix_module(n: int = 3, k: int = 15) -> AppendixModule:
    """W, X, L, Y around k and the X-versus-Y waves: sliders "eggs n" (1..20), "size k" (1..2000)."""
    return AppendixModule(n, k)


class NatureMap(widgets.VBox):
    """Mother Nature's response map z(n, k, x) (Lemma 19) for any n, with one drop explained.

    Controls ``n`` ("eggs n", 1..N_MAX), ``k`` ("size k", 1..K_MAX) and ``x`` ("drop x", 1..k);
    the map (``plot``, an Image of ``figure``) covers the sizes 1..max(20, k) and circles the
    cell (k, x); ``result`` gives z(n, k, x) with Lemma 19's comparison of the two branches.
    """

    N_MAX = 20
    K_MAX = 80

    def __init__(self, n: int = 3, k: int = 20, x: int = 5) -> None:
        self.message = MessageLine()
        self.busy = widgets.HTML()
        self.n = _slider("eggs n", n, 1, self.N_MAX)
        self.k = _slider("size k", k, 1, self.K_MAX)
        self.x = _slider("drop x", x, 1, self.k.value)
        _calm(self.n, self.k, self.x)
        self.result = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.figure = None
        self._holding = False
        update = guarded(lambda _: self.update(), self.message)
        self.n.observe(update, names="value")
        self.k.observe(guarded(lambda _: self._new_size(), self.message), names="value")
        self.x.observe(lambda change: None if self._holding else update(change), names="value")
        super().__init__(
            children=[
                instruction(
                    "Choose n, a size k and a drop x: Mother Nature answers by Lemma 19. The map shows "
                    "her reply to every drop x of every size k."
                ),
                widgets.HBox([self.n, self.k, self.x]),
                self.message,
                self.busy,
                self.result,
                self.plot,
            ]
        )
        update(None)
        self.message.show_notes(self.n.start_note, self.k.start_note, self.x.start_note)

    def _new_size(self) -> None:
        self._holding = True
        try:
            self.x.max = self.k.value  # clips x into 1..k
        finally:
            self._holding = False
        self.update()

    def update(self) -> None:
        n, k, x = self.n.value, self.k.value, self.x.value
        size = max(20, k)
        with _busy(self.busy, f"Drawing Mother Nature's map for {n} eggs and k = 1..{size} ..."):
            reply = nature_response(n, k, x)
            self.result.value = nature_sentence(n, k, x, reply)
            self.figure = plot_nature(n, size, mark=(k, x))
            self.plot.value = _png(self.figure)


def nature_sentence(n: int, k: int, x: int, reply: str) -> str:
    """Lemma 19 for one drop, as HTML: both branches' worst cases, the reply, and whether x is optimal."""

    def count(value: int, word: str) -> str:
        return f"{value} {word}" + ("" if value == 1 else "s")

    if n == 1 and x > 1:
        broken = f"no egg for the {count(x - 1, 'height')} below x: the DM could not settle C"
    elif x == 1:
        broken = "no height below x: C is settled, 0 more trials"
    else:
        broken = (
            f"{count(n - 1, 'egg')} for {count(x - 1, 'height')}: W({n - 1}, {x - 1}) = "
            f"{count(worst_case_trials(n - 1, x - 1), 'more trial')}"
        )
    survived = (
        f"{count(n, 'egg')} for {count(k - x, 'height')}: W({n}, {k - x}) = "
        f"{count(worst_case_trials(n, k - x), 'more trial')}"
    )
    choice = {
        "break": "Nature breaks the egg (the longer branch)",
        "survive": "Nature lets it survive (the longer branch)",
        "either": "both branches are as long, so either reply is optimal for her",
    }[reply]
    drops = worst_case_drops(n, k)
    w = worst_case_trials(n, k)
    verdict = (
        f"x = {x} is an optimal drop: X({n}, {k}) = {compact_set(drops)}, W({n}, {k}) = {w}."
        if x in drops
        else f"x = {x} is not an optimal drop: X({n}, {k}) = {compact_set(drops)}; W({n}, {k}) = {w}."
    )
    return (
        f"<b>z({n}, {k}, {x}) = {reply}</b>. A break leaves {broken}; a survival leaves {survived}: "
        f"{choice}.<br>{verdict}"
    )


def nature_map(n: int = 3, k: int = 20, x: int = 5) -> NatureMap:
    """Mother Nature's reply z(n, k, x) for any n: sliders "eggs n" (1..20), "size k" (1..80), "drop x"."""
    return NatureMap(n, k, x)
