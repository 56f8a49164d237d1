"""The games behind the interactive modules: small state machines, pure Python.

* ``Codebreaker``: the student breaks a hidden code. After each guess the engine shows the
  reply, the number of codes still possible and, for every possible next guess, the partition
  it would make of them.
* ``ComputerBreaker``: the computer breaks the student's code with a chosen strategy, one
  guess at a time; the student types each reply (or lets the engine compute it from a secret
  typed in). A reply that no code could give is refused with a sentence saying why.
* ``SearchStepper``: the branch-and-bound search for the least total of guesses on a small game
  (3 pegs and 3 colours by default), one step at a time: the guess tried on the current set of
  candidates, its bound, the best total so far, and why a guess is pruned. Built on
  ``puzzles.mastermind.search.branch_and_bound_trace(..., detail=True)``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from puzzles.course.validate import sequence, shown
from puzzles.mastermind.model import Feedback, Game
from puzzles.mastermind.search import branch_and_bound_trace
from puzzles.mastermind.strategy import Strategy

__all__ = [
    "STEPPER_GAMES",
    "Codebreaker",
    "ComputerBreaker",
    "GuessOption",
    "SearchStep",
    "SearchStepper",
    "parse_reply",
    "sizes_text",
]


def parse_reply(text: str | Sequence[int], game: Game) -> Feedback:
    """A reply typed as ``"1 2"``, ``"1,2"`` or ``"(1, 2)"`` (black, white), validated for ``game``."""
    if isinstance(text, str):
        numbers = re.findall(r"-?\d+", text)
        if len(numbers) != 2 or re.sub(r"[-\d\s,()]", "", text):
            raise ValueError(
                f"type the reply as two numbers, black then white (for example '1 2'), got {text!r}"
            )
        reply = (int(numbers[0]), int(numbers[1]))
    else:
        try:
            reply = tuple(sequence(text, "a reply", length=2))  # type: ignore[assignment]
        except ValueError:
            raise ValueError(
                f"a reply is two numbers, black then white, such as '1 2' or (1, 2); got {shown(text)}"
            ) from None
    return game.feedbacks[game.feedback_index(reply)]


def sizes_text(sizes: Sequence[int]) -> str:
    """Cell sizes, largest first: ``"4+3+1+1"``."""
    return "+".join(str(s) for s in sorted(sizes, reverse=True))


class GuessOption(tuple):
    """One possible next guess: (code, number of cells, largest cell, cell sizes as text)."""

    @property
    def code(self) -> str:
        return self[0]


class _Round:
    """What both games track: the guesses with their replies, and the codes still possible."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[tuple[str, Feedback]] = []
        self.candidates: list[str] = list(game.codes)

    @property
    def solved(self) -> bool:
        return bool(self.history) and self.history[-1][1] == self.game.hit

    @property
    def guesses(self) -> int:
        return len(self.history)

    def _possible(self) -> str:
        left = len(self.candidates)
        return "1 code is" if left == 1 else f"{left} codes are"


class Codebreaker(_Round):
    """The student guesses a hidden code; ``secret`` defaults to one drawn with ``seed``."""

    def __init__(self, game: Game | None = None, secret: str | None = None, seed: int = 0) -> None:
        super().__init__(game or Game())
        self.seed = seed
        if secret is None:
            secret = random.Random(seed).choice(self.game.codes)
        self.secret = self.game.code(self.game.index(secret))

    def guess(self, code: str) -> Feedback:
        """Make a guess; returns the reply and narrows the candidates."""
        if self.solved:
            raise ValueError(f"the game is over: you found {self.secret} in {self.guesses} guesses")
        code = self.game.code(self.game.index(code))
        reply = self.game.feedback(code, self.secret)
        self.history.append((code, reply))
        self.candidates = self.game.partition(code, self.candidates)[reply]
        return reply

    def preview(self, code: str) -> dict[Feedback, int]:
        """The partition (cell sizes) of the candidates that guessing ``code`` would make."""
        return self.game.partition_sizes(code, self.candidates)

    def options(self, limit: int = 12) -> list[GuessOption]:
        """The possible next guesses (codes still possible), best split first (smallest largest cell)."""
        game = self.game
        found = game.indices(self.candidates)
        counts = game.reply_counts(found)[:, found]  # column j: the partition by candidate j
        rows = []
        for j, code in enumerate(self.candidates):
            sizes = [int(v) for v in counts[:, j] if v]
            rows.append(GuessOption((code, len(sizes), max(sizes), sizes_text(sizes))))
        rows.sort(key=lambda row: (row[2], -row[1], row[0]))
        return rows[:limit]

    def status(self) -> str:
        if self.solved:
            return f"Solved: {self.secret} in {self.guesses} guesses."
        if not self.history:
            return f"Guess the secret code: {len(self.candidates)} codes are possible."
        code, (black, white) = self.history[-1]
        return (
            f"Guess {self.guesses}: {code} scores {black} black, {white} white; "
            f"{self._possible()} still possible."
        )


class ComputerBreaker(_Round):
    """The computer breaks your code with ``strategy``; you answer each guess with (black, white)."""

    def __init__(self, strategy: Strategy, secret: str | None = None) -> None:
        super().__init__(strategy.game)
        self.strategy = strategy
        self.secret = None if secret in (None, "") else self.game.code(self.game.index(secret))
        self.replies: list[Feedback] = []

    @property
    def guess(self) -> str | None:
        """The guess waiting for your reply (None once the code is found)."""
        return None if self.solved else self.strategy.next_guess(self.replies)

    def answer(self, reply: str | Sequence[int]) -> Feedback:
        """Give the reply to the current guess; a reply no remaining code could give is a ValueError."""
        if self.solved:
            raise ValueError("the code is already found; press Restart for a new game")
        reply = parse_reply(reply, self.game)
        guess = self.guess
        assert guess is not None
        cells = self.game.partition(guess, self.candidates)
        if reply not in cells:
            earlier = "" if not self.history else " and your earlier replies"
            raise ValueError(
                f"no code gives {reply[0]} black, {reply[1]} white to {guess}{earlier}: "
                "please check the reply"
            )
        if self.secret is not None and reply != self.game.feedback(guess, self.secret):
            right = self.game.feedback(guess, self.secret)
            raise ValueError(
                f"your secret {self.secret} scores {right[0]} black, {right[1]} white against {guess}"
            )
        self.history.append((guess, reply))
        self.candidates = cells[reply]
        if reply != self.game.hit:
            self.replies.append(reply)
        return reply

    def answer_for_me(self) -> Feedback:
        """Reply with the true score of the typed-in secret."""
        if self.secret is None:
            raise ValueError("type your secret code first, or type the reply yourself")
        guess = self.guess
        if guess is None:
            raise ValueError("the code is already found; press Restart for a new game")
        return self.answer(self.game.feedback(guess, self.secret))

    def status(self) -> str:
        if self.solved:
            return f"Found {self.history[-1][0]} with {self.guesses} guesses ({self.strategy.name})."
        return f"My guess {self.guesses + 1}: {self.guess}. {self._possible()} still possible. Your reply?"


# -- the branch-and-bound search, step by step ----------------------------------------------------

# The games the stepper offers: each search takes at most a few dozen steps and milliseconds.
STEPPER_GAMES: dict[tuple[int, int], str] = {
    (3, 3): "3 pegs, 3 colours (27 codes)",
    (2, 4): "2 pegs, 4 colours (16 codes)",
    (4, 2): "4 pegs, 2 colours (16 codes)",
    (3, 4): "3 pegs, 4 colours (64 codes)",
}


CODES_SHOWN = 8  # codes listed per cell of a guess; larger cells end with their size


def _reply_text(reply: Feedback) -> str:
    return f"{reply[0]} black, {reply[1]} white"


def _codes_text(n: int) -> str:
    return "1 code" if n == 1 else f"{n} codes"


class SearchStep(dict):
    """One step of the stepper: a trace event of the search (see ``branch_and_bound_trace``) with
    ``kind`` ("try", "result", "prune", "shortcut", "memo", "over budget" or "done")."""

    @property
    def kind(self) -> str:
        return self["kind"]


class SearchStepper:
    """The branch-and-bound search for T(all codes) of a small game, one step at a time.

    A guess whose cells are searched takes two steps: "try" (its bound is below the best total
    so far, so its cells are solved next) and "result" (after its cells: the total it reaches,
    a new best or abandoned). A guess whose bound reaches the best total is "prune": the search
    of that set stops, since the guesses are tried in increasing order of bound. "shortcut" is a
    set settled at once by an obviously-optimal guess, "memo" a set met before, "over budget" a
    set whose every guess is bounded above what its caller can use; "done" ends the search.
    ``next()``, ``back()`` and ``reset()`` move; ``step`` is the current step.
    """

    def __init__(self, pegs: int = 3, colours: int = 3) -> None:
        if (pegs, colours) not in STEPPER_GAMES:
            offered = ", ".join(f"{p}x{c}" for p, c in STEPPER_GAMES)
            raise ValueError(
                f"the step-by-step search is offered for the games {offered} (pegs x colours) only; "
                f"larger games take thousands of steps"
            )
        self.game = Game(pegs, colours)
        self.steps = self._build(branch_and_bound_trace(self.game, depth=self.game.size, detail=True))
        self.position = 0

    # -- moving ------------------------------------------------------------------------------------

    @property
    def step(self) -> SearchStep:
        return self.steps[self.position]

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps) - 1

    def next(self) -> SearchStep:
        if self.at_end:
            raise ValueError("the search is over; press Back to look again, or Reset to start over")
        self.position += 1
        return self.step

    def back(self) -> SearchStep:
        if self.at_start:
            raise ValueError("this is the first step of the search; press Next")
        self.position -= 1
        return self.step

    def reset(self) -> SearchStep:
        self.position = 0
        return self.step

    # -- the steps ---------------------------------------------------------------------------------

    @staticmethod
    def _kind(event: dict[str, object]) -> str:
        outcome = str(event["outcome"])
        if outcome.startswith(("total", "abandoned")):
            return "try"
        if outcome.startswith("bound"):
            return "prune"
        if "separates" in outcome:
            return "shortcut"
        if outcome.startswith(("solved before", "known to cost")):
            return "memo"
        return "over budget"

    def _build(self, trace: list[dict[str, object]]) -> list[SearchStep]:
        """Split each expanded guess into "try" and "result", the result after its cells' steps."""
        steps: list[SearchStep] = []
        pending: list[SearchStep] = []  # results waiting for the steps of their cells
        for event in trace:
            while pending and pending[-1]["depth"] >= event["depth"]:
                steps.append(pending.pop())
            kind = self._kind(event)
            steps.append(SearchStep(event, kind=kind))
            if kind == "try":
                pending.append(SearchStep(event, kind="result"))
        steps += reversed(pending)
        root = [step for step in steps if step["depth"] == 0 and step.kind == "result"]
        best = min(root, key=lambda step: step["total"])
        steps.append(
            SearchStep(
                best,
                kind="done",
                guess=best["guess"],
                tried=len(root),
                outcome=f"T = {best['total']}",
            )
        )
        return steps

    # -- what the widget shows ---------------------------------------------------------------------

    def where(self, step: SearchStep | None = None) -> str:
        """Which set of candidates the step works on: the guesses and replies that led to it."""
        step = self.step if step is None else step
        n = len(step["codes"])
        if not step["path"]:
            return f"At the start: all {n} codes of the {self.game.pegs}x{self.game.colours} game."
        history = ", then ".join(f"{guess} scored {_reply_text(reply)}" for guess, reply in step["path"])
        return f"After {history}: {_codes_text(n)} left."

    def heading(self) -> str:
        return f"Step {self.position + 1} of {len(self.steps)}. {self.where()}"

    def bound_text(self, step: SearchStep | None = None) -> str:
        """The bound of the step's guess written out: |S| + the lower bounds L of its cells."""
        step = self.step if step is None else step
        if step["bound"] is None:
            return ""
        parts = [str(cell["lower bound"]) for cell in step["cells"] if not cell["win"]]
        return f"{len(step['codes'])} + ({' + '.join(parts)}) = {step['bound']}"

    def total_text(self, step: SearchStep | None = None) -> str:
        """A finished or abandoned guess's total: |S| + the values found (bounds for cells not solved)."""
        step = self.step if step is None else step
        parts = []
        for cell in step["cells"]:
            if cell["win"]:
                continue
            value, budget = cell["value"], cell["budget"]
            if value is None:
                parts.append(f"[{cell['lower bound']}]")
            elif budget is not None and value >= budget:
                parts.append(f"≥{value}")
            else:
                parts.append(str(value))
        return f"{len(step['codes'])} + ({' + '.join(parts)}) = {step['total']}"

    def best_text(self, step: SearchStep | None = None) -> str:
        step = self.step if step is None else step
        if step.kind == "result":
            found = step["best"]
            if found is None or step["total"] < found:
                return f"{step['total']} with {step['guess']}"
        if step.kind in ("try", "prune", "result") and step["best"] is not None:
            return f"{step['best']} with {step['best guess']}"
        if step.kind == "done":
            return f"{step['total']} with {step['guess']}"
        return "none yet"

    def summary_row(self, step: SearchStep | None = None) -> tuple[object, ...]:
        """(candidates, guess, bound, best so far, budget) of the step, as the widget's table shows them."""
        step = self.step if step is None else step
        budget = "none" if step["budget"] is None else step["budget"]
        bound = "" if step["bound"] is None else step["bound"]
        return (len(step["codes"]), step["guess"] or "", bound, self.best_text(step), budget)

    def cell_rows(self, step: SearchStep | None = None) -> list[tuple[str, str, object, str]]:
        """For a guess: one row per reply, (reply, codes, lower bound L, value found)."""
        step = self.step if step is None else step
        if step.kind not in ("try", "result", "prune"):
            return []
        rows = []
        for cell in step["cells"]:
            shown = cell["codes"][:CODES_SHOWN]
            more = len(cell["codes"]) - len(shown)
            codes = " ".join(shown) + (f" ... ({len(cell['codes'])} codes)" if more else "")
            if cell["win"]:
                rows.append((_reply_text(cell["reply"]), codes, "", "won"))
                continue
            value, budget = cell["value"], cell["budget"]
            if step.kind != "result" or value is None:
                found = "" if step.kind != "result" else "not solved"
            elif budget is not None and value >= budget:
                found = f"≥ {value} (over its budget {budget})"
            else:
                found = str(value)
            rows.append((_reply_text(cell["reply"]), codes, cell["lower bound"], found))
        return rows

    def queue_rows(
        self, step: SearchStep | None = None, limit: int = 8
    ) -> tuple[list[tuple[str, int, str]], int]:
        """The guesses of the current set in the order the search takes them (bound, then candidates
        first), each with what has become of it by this step; at most ``limit`` rows, and the row
        of the step's own guess (or -1)."""
        index = self.position if step is None else self.steps.index(step)
        step = self.steps[index]
        if not step["queue"]:
            return [], -1
        same = [
            s
            for s in self.steps[: index + 1]
            if s["path"] == step["path"]
            and s["codes"] == step["codes"]
            and s.kind in ("try", "result", "prune")
        ]
        status: dict[str, str] = {}
        for s in same:
            if s.kind == "try":
                status[s["guess"]] = "cells being solved"
            elif s.kind == "result":
                best = s["best"]
                status[s["guess"]] = (
                    f"total {s['total']}, best so far"
                    if best is None or s["total"] < best
                    else f"abandoned at {s['total']}"
                )
            else:
                status[s["guess"]] = "pruned: the search stops here"
        queue = list(step["queue"])
        current = next((i for i, (guess, _) in enumerate(queue) if guess == step["guess"]), -1)
        rows = []
        stopped = step.kind in ("prune", "done")
        for i, (guess, bound) in enumerate(queue):
            if guess in status:
                text = status[guess]
            elif stopped and i > current:
                text = "never tried"
            else:
                text = "waiting"
            rows.append((guess, bound, text))
        if len(rows) > limit:
            start = max(0, min(current - limit // 2, len(rows) - limit))
            rows = rows[start : start + limit]
            current = current - start if current >= 0 else -1
        return rows, current

    def explanation(self, step: SearchStep | None = None) -> str:
        """One or two sentences: what the search did at this step and why."""
        step = self.step if step is None else step
        n, guess, budget = len(step["codes"]), step["guess"], step["budget"]
        kind = step.kind
        if kind == "try":
            if step["best"] is not None:
                why = f"below the best total so far, {step['best']} (with {step['best guess']})"
            elif budget is not None:
                why = f"below the budget {budget}, the total this set must stay under to matter"
            else:
                why = "and no total is known yet"
            return (
                f"Try {guess}: its bound is {self.bound_text(step)}, {why}, so it might win. "
                "Its cells of three or more codes are solved next, the largest first."
            )
        if kind == "result":
            best = step["best"]
            if best is None or step["total"] < best:
                return f"{guess} totals {self.total_text(step)}: the best total so far on these {n} codes."
            target = "the best total so far," if step["best guess"] is not None else "the budget"
            total = self.total_text(step)
            notes = []
            if "[" in total:
                notes.append("cells not solved count at their bounds, in brackets")
            if any(
                c["budget"] is not None and c["value"] is not None and c["value"] >= c["budget"]
                for c in step["cells"]
            ):
                notes.append("≥n is a cell that reached its budget: it costs n or more")
            notes_text = f" ({'; '.join(notes)})" if notes else ""
            return (
                f"{guess} is abandoned: its running total is {total}{notes_text}, not below {target} "
                f"{best}, and its other cells cannot bring it lower."
            )
        if kind == "prune":
            untried = int(str(step["outcome"]).split(", ")[1].split()[0])  # the classes after this one
            if step["best guess"] is not None:
                reason = f"is not below the best total so far, {step['best']} (with {step['best guess']})"
            else:
                reason = f"is not below the budget {budget}, the total this set must stay under to matter"
            later = {0: "", 1: " nor can the one class of guesses after it in the order,"}.get(
                untried, f" nor can the {untried} classes of guesses after it in the order,"
            )
            return (
                f"Pruned: the bound of {guess}, {self.bound_text(step)}, {reason}. The guesses are tried "
                f"in increasing order of bound, so {guess} cannot do better,{later} and the search of "
                f"these {n} codes stops."
            )
        if kind == "shortcut":
            if "candidate" in str(step["outcome"]):
                return (
                    f"Settled at once: the candidate {guess} splits the {n} codes into single codes (an "
                    f"obviously-optimal guess), so T = 2n - 1 = {2 * n - 1}: one code is revealed now, "
                    "the others with the next guess."
                )
            return (
                f"Settled at once: no candidate splits the {n} codes into single codes, but {guess} does, "
                f"so T = 2n = {2 * n}: every code is revealed with the next guess."
            )
        if kind == "memo":
            if str(step["outcome"]).startswith("solved"):
                found = str(step["outcome"]).split(": ")[1]
                return f"These {n} codes were solved before (memoised): {found}, no search."
            return (
                f"These {n} codes are known from an earlier search to cost at least "
                f"{step['outcome'].split('>= ')[1].split(':')[0]}, not below the budget {budget}: no search."
            )
        if kind == "over budget":
            lowest = str(step["outcome"]).split(">= ")[1].split(":")[0]
            return (
                f"Every guess on these {n} codes has a bound of at least {lowest}, not below the budget "
                f"{budget}: the set returns {lowest} as a lower bound, without searching, and the guess "
                "above it is abandoned."
            )
        tried = "one first guess was" if step["tried"] == 1 else f"{step['tried']} first guesses were"
        return (
            f"The search is over: T(all {self.game.size} codes) = {step['total']}, reached by the first "
            f"guess {guess}. Only {tried} expanded; every other was pruned by its bound or left out "
            "by symmetry (a permutation of colours and pegs makes it as good as one tried)."
        )
