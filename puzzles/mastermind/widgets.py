"""Interactive modules of the Mastermind unit (ipywidgets 8), one line each in a notebook.

* ``codebreaker()``: break a hidden code; the number of codes still possible and the
  partition that each possible next guess would make are on show.
* ``computer_breaker()``: the computer breaks your code step by step with a strategy you
  choose (one of the four heuristics, or the optimal strategy shipped with the unit).
* ``search_stepper()``: the branch-and-bound search for an optimal strategy on a small game,
  step by step (Next, Back, Reset): the guesses tried, their bounds, the best total so far, and
  why a guess is pruned.

Game logic lives in ``puzzles.mastermind.play``; a ``ValueError`` (a code with a wrong colour,
an impossible reply) is shown in the widget's message line, never as a traceback.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from puzzles.course.widgets import MessageLine, guarded, html_table, instruction, starting_option
from puzzles.mastermind.heuristics import HEURISTICS, heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.play import STEPPER_GAMES, Codebreaker, ComputerBreaker, SearchStepper, sizes_text
from puzzles.mastermind.strategy import Strategy

__all__ = [
    "CodebreakerWidget",
    "ComputerBreakerWidget",
    "SearchStepperWidget",
    "codebreaker",
    "computer_breaker",
    "search_stepper",
    "strategy_named",
]

STRATEGY_CHOICES = (*HEURISTICS, "optimal")


def strategy_named(name: str, game: Game) -> Strategy:
    """A heuristic strategy by name, or ``"optimal"``: the shipped 4x6 strategy (5625 guesses in all)."""
    if name == "optimal":
        if game != Game(4, 6):
            raise ValueError("the optimal strategy is shipped for the classic game (4 pegs, 6 colours) only")
        from puzzles.mastermind.build_data import load_optimal

        return load_optimal()
    return heuristic_strategy(game, name)


class CodebreakerWidget(widgets.VBox):
    """Break a hidden code. Controls: ``guess_box``, ``guess_button``, ``new_button``; text in
    ``status``, ``history``, ``options`` (the possible next guesses and their partitions),
    ``preview`` (the partition the typed guess would make) and ``message``."""

    def __init__(self, pegs: int = 4, colours: int = 6, seed: int = 0, secret: str | None = None) -> None:
        self.game_rules = Game(pegs, colours)
        self.seed = seed
        self.games = 0
        self.message = MessageLine()
        self.guess_box = widgets.Text(value="", description="guess", placeholder=self.game_rules.example)
        self.guess_button = widgets.Button(description="Guess", button_style="primary")
        self.preview_button = widgets.Button(description="Preview partition")
        self.new_button = widgets.Button(description="New game", button_style="info")
        self.status = widgets.HTML()
        self.history = widgets.HTML()
        self.preview = widgets.HTML()
        self.options = widgets.HTML()
        self.game: Codebreaker
        self.guess_button.on_click(guarded(lambda _: self.play(), self.message))
        self.preview_button.on_click(guarded(lambda _: self.show_preview(), self.message))
        self.new_button.on_click(guarded(lambda _: self.new_game(), self.message))
        super().__init__(
            children=[
                instruction(
                    f"Type a guess of {pegs} digits (colours 1..{colours}) and press Guess; "
                    "Preview partition shows how it would split the codes still possible."
                ),
                widgets.HBox([self.guess_box, self.guess_button, self.preview_button, self.new_button]),
                self.message,
                self.status,
                self.history,
                self.preview,
                self.options,
            ]
        )
        self.new_game(secret=secret, first=True)

    def new_game(self, secret: str | None = None, first: bool = False) -> None:
        if not first:
            self.games += 1
        self.game = Codebreaker(self.game_rules, secret, self.seed + self.games)
        self.preview.value = ""
        self.refresh()

    def play(self) -> None:
        self.game.guess(self.guess_box.value)
        self.preview.value = ""
        self.refresh()

    def show_preview(self) -> None:
        code = self.game_rules.code(self.game_rules.index(self.guess_box.value))
        sizes = self.game.preview(code)
        rows = [(f"{b} black, {w} white", size) for (b, w), size in sizes.items()]
        self.preview.value = (
            f"<b>{html.escape(code)}</b> would split the {len(self.game.candidates)} possible codes into "
            f"{len(sizes)} cells ({sizes_text(list(sizes.values()))}):" + html_table(["reply", "codes"], rows)
        )

    def refresh(self) -> None:
        game = self.game
        self.status.value = f"<b>{html.escape(game.status())}</b>"
        rows = [(number, code, b, w) for number, (code, (b, w)) in enumerate(game.history, start=1)]
        self.history.value = html_table(["#", "guess", "black", "white"], rows) if rows else ""
        if game.solved:
            self.options.value = ""
            return
        options = game.options(limit=12)
        shown = "" if len(game.candidates) <= 12 else f" (the 12 best of {len(game.candidates)})"
        self.options.value = f"Possible next guesses and the partition each makes{shown}:" + html_table(
            ["guess", "cells", "largest", "cell sizes"], options
        )


class ComputerBreakerWidget(widgets.VBox):
    """The computer breaks your code. Controls: ``strategy``, ``secret_box``, ``reply_box``,
    ``answer_button``, ``auto_button`` (answers from the typed secret), ``restart_button``; text in
    ``status``, ``history`` and ``message``."""

    def __init__(
        self, pegs: int = 4, colours: int = 6, strategy: str = "worst-case", secret: str = ""
    ) -> None:
        self.game_rules = Game(pegs, colours)
        self.message = MessageLine()
        choices = STRATEGY_CHOICES if self.game_rules == Game(4, 6) else HEURISTICS
        strategy, strategy_note = starting_option(strategy, "the strategy", tuple(choices), choices[0])
        self.strategy = widgets.Dropdown(options=list(choices), value=strategy, description="strategy")
        self.secret_box = widgets.Text(
            value=secret, description="your secret", placeholder="optional", continuous_update=False
        )
        self.reply_box = widgets.Text(value="", description="reply", placeholder="black white, e.g. 1 2")
        self.answer_button = widgets.Button(description="Answer", button_style="primary")
        self.auto_button = widgets.Button(description="Answer for me")
        self.restart_button = widgets.Button(description="Restart", button_style="info")
        self.status = widgets.HTML()
        self.history = widgets.HTML()
        self.engine: ComputerBreaker | None = None  # None until a strategy could be loaded
        self.answer_button.on_click(guarded(lambda _: self.answer(), self.message))
        self.auto_button.on_click(guarded(lambda _: self.answer_for_me(), self.message))
        self.restart_button.on_click(guarded(lambda _: self.restart(), self.message))
        self.strategy.observe(guarded(lambda _: self.restart(), self.message), names="value")
        self.secret_box.observe(guarded(lambda _: self.restart(), self.message), names="value")
        super().__init__(
            children=[
                instruction(
                    "Think of a code; the computer guesses. Type your reply (black, white) and press Answer, "
                    "or type your secret (Enter) and press Answer for me; a new secret restarts the game."
                ),
                widgets.HBox([self.strategy, self.secret_box, self.restart_button]),
                widgets.HBox([self.reply_box, self.answer_button, self.auto_button]),
                self.message,
                self.status,
                self.history,
            ]
        )
        guarded(lambda: self.restart(), self.message)()  # a missing strategy file: its sentence
        if not self.message.text:
            self.message.show_notes(strategy_note)

    def _engine(self) -> ComputerBreaker:
        if self.engine is None:
            raise ValueError("no strategy is loaded: choose a strategy (a heuristic needs no data file)")
        return self.engine

    def restart(self) -> None:
        self.engine = ComputerBreaker(
            strategy_named(self.strategy.value, self.game_rules), self.secret_box.value
        )
        self.reply_box.value = ""
        self.refresh()

    def answer(self) -> None:
        self._engine().answer(self.reply_box.value)
        self.reply_box.value = ""
        self.refresh()

    def answer_for_me(self) -> None:
        self._engine().answer_for_me()
        self.refresh()

    def refresh(self) -> None:
        engine = self._engine()
        self.status.value = f"<b>{html.escape(engine.status())}</b>"
        rows = [(n, code, b, w) for n, (code, (b, w)) in enumerate(engine.history, start=1)]
        self.history.value = html_table(["#", "my guess", "black", "white"], rows) if rows else ""


def codebreaker(
    pegs: int = 4, colours: int = 6, seed: int = 0, secret: str | None = None
) -> CodebreakerWidget:
    """Break a hidden code (drawn with ``seed`` unless ``secret`` is given)."""
    return CodebreakerWidget(pegs, colours, seed, secret)


def computer_breaker(
    pegs: int = 4, colours: int = 6, strategy: str = "worst-case", secret: str = ""
) -> ComputerBreakerWidget:
    """Let the computer break your code with ``strategy``, one guess at a time."""
    return ComputerBreakerWidget(pegs, colours, strategy, secret)


class SearchStepperWidget(widgets.VBox):
    """The branch-and-bound search on a small game, step by step. Controls: ``game_menu`` (one of
    ``STEPPER_GAMES``), ``next_button``, ``back_button``, ``reset_button``; text in ``heading``
    (the step and the set of candidates), ``why`` (what happened and why), ``node`` (a table of
    the candidates, the guess, its bound, the best total so far and the budget), ``candidates``,
    ``cells`` (the guess's cells with their bounds and values), ``queue`` (the set's guesses in
    the order tried) and ``message``. The engine is ``stepper`` (``play.SearchStepper``)."""

    def __init__(self, pegs: int = 3, colours: int = 3) -> None:
        game, game_note = starting_option(
            (pegs, colours), "the game (pegs, colours)", tuple(STEPPER_GAMES), next(iter(STEPPER_GAMES))
        )
        self.stepper = SearchStepper(*game)
        self.message = MessageLine()
        self.game_menu = widgets.Dropdown(
            options=[(label, game) for game, label in STEPPER_GAMES.items()],
            value=game,
            description="game",
            layout=widgets.Layout(width="300px"),
        )
        self.back_button = widgets.Button(description="Back")
        self.next_button = widgets.Button(description="Next", button_style="primary")
        self.reset_button = widgets.Button(description="Reset", button_style="info")
        self.heading = widgets.HTML()
        self.why = widgets.HTML()
        self.node = widgets.HTML()
        self.candidates = widgets.HTML()
        self.cells = widgets.HTML()
        self.queue = widgets.HTML()
        self.next_button.on_click(guarded(lambda _: self.move(self.stepper.next), self.message))
        self.back_button.on_click(guarded(lambda _: self.move(self.stepper.back), self.message))
        self.reset_button.on_click(guarded(lambda _: self.move(self.stepper.reset), self.message))
        self.game_menu.observe(
            guarded(lambda change: self.new_game(*change["new"]), self.message), names="value"
        )
        super().__init__(
            children=[
                instruction(
                    "Follow the search for the least total of guesses: Next and Back move one step, "
                    "Reset goes back to the start; the menu picks another small game."
                ),
                widgets.HBox([self.game_menu, self.back_button, self.next_button, self.reset_button]),
                self.message,
                self.heading,
                self.why,
                self.node,
                self.candidates,
                self.cells,
                self.queue,
            ]
        )
        self.refresh()
        self.message.show_notes(game_note)

    def new_game(self, pegs: int, colours: int) -> None:
        self.stepper = SearchStepper(pegs, colours)
        self.refresh()

    def move(self, action) -> None:
        action()
        self.refresh()

    def refresh(self) -> None:
        stepper = self.stepper
        step = stepper.step
        self.back_button.disabled = stepper.at_start
        self.next_button.disabled = stepper.at_end
        self.heading.value = f"<b>{html.escape(stepper.heading())}</b>"
        colour = {"prune": "#8b0000", "done": "#1b5e20"}.get(step.kind, "#212529")
        why = html.escape(stepper.explanation())
        self.why.value = f'<div style="color:{colour};max-width:860px;padding:2px 0">{why}</div>'
        self.node.value = html_table(
            ["candidates", "guess", "bound", "best so far", "budget"], [stepper.summary_row()]
        )
        codes = html.escape(" ".join(step["codes"]))
        self.candidates.value = (
            f'<div style="max-width:860px;font-family:monospace">candidates: {codes}</div>'
        )
        rows = stepper.cell_rows()
        self.cells.value = (
            f"The cells of {html.escape(step['guess'])}, one per reply:"
            + html_table(["reply", "codes", "bound L", "value"], rows)
            if rows
            else ""
        )
        queue, current = stepper.queue_rows()
        self.queue.value = (
            "The guesses the search would try on this set (one of each class of symmetric guesses), in order:"
            + html_table(["guess", "bound", "what became of it"], queue, highlight=current)
            if queue
            else ""
        )


def search_stepper(pegs: int = 3, colours: int = 3) -> SearchStepperWidget:
    """The branch-and-bound search for the least total of guesses, step by step (3 pegs, 3 colours
    by default; the menu offers the other games of ``STEPPER_GAMES``)."""
    return SearchStepperWidget(pegs, colours)
