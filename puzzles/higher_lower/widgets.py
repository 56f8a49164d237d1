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

import ipywidgets as widgets
import matplotlib.pyplot as plt

from puzzles.course.widgets import MessageLine, guarded, html_table, instruction
from puzzles.higher_lower.data import data_faults, load_solution, sweep_range
from puzzles.higher_lower.model import dresher, symmetric_matrix
from puzzles.higher_lower.play import HigherLowerGame, path_to
from puzzles.higher_lower.plots import plot_distribution, plot_payoff_lines, plot_tree

__all__ = [
    "DresherStepper",
    "PlayGame",
    "SolutionExplorer",
    "dresher_stepper",
    "play_game",
    "png",
    "solution_explorer",
]


def png(figure) -> bytes:
    """The figure as PNG bytes (and closed)."""
    image = io.BytesIO()
    figure.savefig(image, format="png", dpi=80, bbox_inches="tight")
    plt.close(figure)
    return image.getvalue()


class PlayGame(widgets.VBox):
    """Play rounds of the higher-lower game against the computer's optimal mix."""

    def __init__(self, N: int = 10, role: str = "bob", seed: int = 0) -> None:
        self.message = MessageLine()
        # an IntText, not a BoundedIntText: a size beyond MAX_PLAY_N gets the engine's sentence
        # instead of being clipped without a word
        self.size = widgets.IntText(value=N, description="N", layout=widgets.Layout(width="160px"))
        self.role = widgets.Dropdown(
            options=[("Bob: I guess", "bob"), ("Alice: I hide", "alice")], value=role, description="play as"
        )
        self.number = widgets.IntText(value=1, description="number")
        self.go = widgets.Button(description="Guess" if role == "bob" else "Hide")
        self.again = widgets.Button(description="New round")
        self.status = widgets.HTML()
        self.history = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="640px"))
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
                self.history,
                self.picture,
            ]
        )
        self.refresh()

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
        rows = [(i, g.number, g.answer) for i, g in enumerate(game.guesses, start=1)]
        self.history.value = html_table(["guess no.", "number", "answer"], rows) if rows else ""
        if game.role == "alice" and game.finished:
            assert game.tree is not None and game.secret is not None
            figure = plot_tree(game.tree, path_to(game.tree, game.secret), "Bob's search tree this round")
            self.picture.value = png(figure)
        elif game.role == "bob" and game.finished:
            assert game.secret is not None
            tree = _best_path_tree(game)
            self.picture.value = png(plot_tree(tree, [g.number for g in game.guesses], _bob_title(game)))
        else:
            self.picture.value = b""


def _bob_title(game: HigherLowerGame) -> str:
    trees = [t for _, t in game.solution.searcher]
    depth = min(t[game.secret - 1] for t in trees)
    return f"an optimal tree of Bob's mix: it finds {game.secret} in {depth} guesses"


def _best_path_tree(game: HigherLowerGame):
    trees = [t for _, t in game.solution.searcher]
    return min(trees, key=lambda t: t[game.secret - 1])


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
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="560px"))
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
    """The shipped certified solutions: Alice's distribution, V(N), Bob's mix, Johnson's patterns."""

    def __init__(self, N: int = 100) -> None:
        top = sweep_range()
        self.message = MessageLine()
        self.size = widgets.IntSlider(
            value=min(max(N, 1), max(top, 1)), min=1, max=max(top, 1), description="N", disabled=not top
        )
        self.text = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="640px"))
        self.size.observe(guarded(lambda _: self.refresh(), self.message), names="value")
        super().__init__(
            children=[
                instruction(
                    "Slide through N: Alice's optimal distribution and Bob's mix, exactly, "
                    "from the shipped data."
                ),
                self.size,
                self.message,
                self.text,
                self.picture,
            ]
        )
        guarded(lambda: self.refresh(), self.message)()

    def refresh(self) -> None:
        if self.size.disabled:  # no intact block holds N = 1: say which file is damaged or missing
            faults = list(data_faults().values())
            if faults:
                raise faults[0]
            raise ValueError("there is no shipped data yet: run python -m puzzles.higher_lower.sweep")
        N = self.size.value
        s = load_solution(N)
        a = s.hider
        johnson = []
        if N >= 5:
            johnson.append(f"a1 = a2 + a3: {'yes' if a[0] == a[1] + a[2] else 'no'}")
            johnson.append(f"a1 = 2 a2: {'yes' if a[0] == 2 * a[1] else 'no'}")
        if N >= 4:
            johnson.append(f"a1 > aj for 1 < j < N: {'yes' if all(a[0] > x for x in a[1:-1]) else 'no'}")
        rows = [
            ("V(N)", f"{s.value}"),
            ("V(N) as a decimal", f"{float(s.value):.6f}"),
            ("certified", "yes" if s.certified else "no"),
            ("trees in Bob's mix", str(len(s.searcher))),
            ("most guesses in Bob's trees", str(s.max_depth)),
            ("P(secret = 1)", f"{a[0]}"),
            ("Johnson's patterns", "; ".join(johnson) or "-"),
        ]
        self.text.value = html_table(["N = " + str(N), ""], rows)
        self.picture.value = png(plot_distribution(a, N))


def solution_explorer(N: int = 100) -> SolutionExplorer:
    """The explorer of the shipped data (an "N" slider)."""
    return SolutionExplorer(N)
