"""Strategies as trees: the next guess for every feedback history; play, evaluate, save and load.

A ``Strategy`` is a tree of ``Node``s. A node holds the guess to make and, for every reply
other than the win (p, 0) that some still-possible secret gives, the node to continue with.
Playing a secret walks down the tree; ``evaluate`` plays every secret at once and reports the
total number of guesses, the average (an exact Fraction), the worst case and the distribution
of the number of guesses needed.

A strategy is saved as JSON::

    {"pegs": 4, "colours": 6, "name": "...", "tree": ["1123", {"0,1": ["1344", {...}], ...}]}

where each node is ``[guess, {"b,w": child, ...}]``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike
from pathlib import Path

import numpy as np

from puzzles.course.validate import shown, whole_number
from puzzles.mastermind.model import Feedback, Game, check_game

__all__ = ["Evaluation", "Node", "Strategy", "evaluate"]


@dataclass
class Node:
    """One guess of a strategy and the node to continue with after each reply (the win excluded)."""

    guess: str
    replies: dict[Feedback, Node] = field(default_factory=dict)

    def walk(self, depth: int = 1) -> Iterator[tuple[int, Node]]:
        """Every node below and including this one, depth first, with its depth (this one: ``depth``)."""
        yield depth, self
        for reply in sorted(self.replies):
            yield from self.replies[reply].walk(depth + 1)

    def to_json(self) -> list:
        return [self.guess, {f"{b},{w}": child.to_json() for (b, w), child in sorted(self.replies.items())}]


LOAD_LARGEST_DEPTH = 100  # guesses on one branch of a loaded strategy (the best 4x6 ones need 5 or 6)


def _node_from_json(game: Game, data: object) -> Node:
    """The tree written ``[guess, {"b,w": child, ...}]``, read without recursion (a file may nest
    deeply), at most LOAD_LARGEST_DEPTH guesses on a branch."""
    root = Node("")
    stack: list[tuple[Node, object, int]] = [(root, data, 1)]
    while stack:
        node, item, depth = stack.pop()
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], dict)):
            raise ValueError("a strategy node is written [guess, {reply: node, ...}]")
        if depth > LOAD_LARGEST_DEPTH:
            raise ValueError(
                f"the strategy has a branch of more than {LOAD_LARGEST_DEPTH} guesses; "
                "no strategy worth keeping needs that many"
            )
        node.guess = game.code(game.index(item[0]))
        for key, child in item[1].items():
            parts = key.split(",") if isinstance(key, str) else []
            if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
                raise ValueError(f"a reply is written 'black,white' (two whole numbers), got {shown(key)}")
            reply = game.feedbacks[game.feedback_index((int(parts[0]), int(parts[1])))]
            if reply == game.hit:
                raise ValueError(f"the winning reply {reply} ends the game and has no next guess")
            if reply in node.replies:
                raise ValueError(
                    f"the reply {reply} to the guess {node.guess} is written twice, so one of its subtrees "
                    "would be lost"
                )
            node.replies[reply] = Node("")
            stack.append((node.replies[reply], child, depth + 1))
    return root


@dataclass(frozen=True)
class Evaluation:
    """The result of playing every secret: total guesses, exact average, worst case, distribution."""

    secrets: int
    total: int
    worst: int
    distribution: dict[int, int]  # number of guesses -> number of secrets needing that many

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.secrets)

    def as_row(self) -> dict[str, object]:
        """A table row: total, average (exact and decimal), worst case, secrets per number of guesses."""
        row: dict[str, object] = {
            "total": self.total,
            "average": self.average,
            "average (decimal)": f"{float(self.average):.4f}",
            "worst case": self.worst,
        }
        for guesses in range(1, self.worst + 1):
            row[f"{guesses} guesses"] = self.distribution.get(guesses, 0)
        return row


class Strategy:
    """A tree of guesses for ``game``; ``name`` says how it was made."""

    def __init__(self, game: Game, root: Node, name: str = "strategy", info: dict | None = None) -> None:
        game = check_game(game)
        if not isinstance(root, Node):
            raise ValueError(
                f"the root of a strategy must be a Node, such as Node('1122'), got {shown(root)}"
            )
        if not isinstance(name, str):
            raise ValueError(f"the name of a strategy must be text, got {shown(name)}")
        if info is not None and not isinstance(info, dict):
            raise ValueError(f"the information on a strategy must be a dict (or None), got {shown(info)}")
        self.game = game
        self.root = root
        self.name = name
        self.info = dict(info or {})

    def __repr__(self) -> str:
        return f"Strategy({self.name!r}, {self.game!r}, first guess {self.root.guess})"

    @property
    def first_guess(self) -> str:
        return self.root.guess

    def node_after(self, replies: list[Feedback]) -> Node:
        """The node reached after the strategy's own guesses received ``replies`` in turn."""
        node = self.root
        for step, reply in enumerate(replies, start=1):
            reply = self.game.feedbacks[self.game.feedback_index(reply)]
            if reply == self.game.hit:
                raise ValueError(f"the reply {reply} to guess {step} already won the game")
            if reply not in node.replies:
                raise ValueError(
                    f"no secret gives the reply {reply} to the guess {node.guess} after the earlier replies, "
                    "so the strategy has no next guess: check the replies"
                )
            node = node.replies[reply]
        return node

    def next_guess(self, replies: list[Feedback]) -> str:
        """The guess the strategy makes after its earlier guesses received ``replies``."""
        return self.node_after(replies).guess

    def play(self, secret: str | int) -> list[tuple[str, Feedback]]:
        """The game against ``secret``: (guess, reply) pairs until the reply is the win."""
        secret = self.game.code(self.game.index(secret))
        node, moves = self.root, []
        while True:
            reply = self.game.feedback(node.guess, secret)
            moves.append((node.guess, reply))
            if reply == self.game.hit:
                return moves
            if reply not in node.replies or len(moves) > self.game.size:
                raise ValueError(f"the strategy has no guess after {moves} (secret {secret})")
            node = node.replies[reply]

    def guesses_needed(self, secret: str | int) -> int:
        return len(self.play(secret))

    @property
    def depth(self) -> int:
        """The largest number of guesses on any branch (the worst case if the tree is complete)."""
        return max(depth for depth, _ in self.root.walk())

    def outline(self, depth: int = 2) -> str:
        """The first ``depth`` levels (at least 1) as indented text: each reply, then the next guess."""
        depth = whole_number(depth, "the depth of the outline", least=1)
        lines = [f"{self.root.guess}"]

        def visit(node: Node, level: int) -> None:
            if level >= depth:
                return
            for reply in sorted(node.replies):
                child = node.replies[reply]
                more = " ..." if child.replies and level + 1 >= depth else ""
                lines.append(f"{'    ' * level}  {reply} -> {child.guess}{more}")
                visit(child, level + 1)

        visit(self.root, 1)
        return "\n".join(lines)

    # -- saving and loading ---------------------------------------------------------------

    def to_json(self) -> dict:
        data = {
            "pegs": self.game.pegs,
            "colours": self.game.colours,
            "name": self.name,
            "tree": self.root.to_json(),
        }
        if self.info:
            data["info"] = self.info
        return data

    def save(self, path: str | Path) -> None:
        """Write the strategy as compact JSON."""
        Path(path).write_text(json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True) + "\n")

    @classmethod
    def from_json(cls, data: dict) -> Strategy:
        if not isinstance(data, dict) or not {"pegs", "colours", "tree"} <= set(data):
            raise ValueError(f"a strategy file holds 'pegs', 'colours' and 'tree', got {shown(data)}")
        game = Game(data["pegs"], data["colours"])
        name = data.get("name", "strategy")
        return cls(
            game,
            _node_from_json(game, data["tree"]),
            name if isinstance(name, str) else str(name),
            data.get("info"),
        )

    @classmethod
    def load(cls, path: str | Path) -> Strategy:
        """Read a strategy written by ``save``."""
        if not isinstance(path, (str, PathLike)) or not str(path):
            raise ValueError(f"the strategy file must be a path (a str or a Path), got {shown(path)}")
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise ValueError(f"the strategy file {path} cannot be read: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise ValueError(f"the strategy file {path} is not text: save writes JSON") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise ValueError(
                f"the strategy file {path} is not valid JSON ({error.msg}, line {error.lineno})"
            ) from None
        except RecursionError:
            raise ValueError(
                f"the strategy file {path} nests deeper than a strategy of {LOAD_LARGEST_DEPTH} guesses can"
            ) from None
        return cls.from_json(data)


def _check_strategy(strategy: object) -> Strategy:
    if not isinstance(strategy, Strategy):
        raise ValueError(
            "the strategy must be a Strategy, such as heuristic_strategy(game, 'worst-case'), "
            f"got {shown(strategy)}"
        )
    return strategy


def evaluate(game: Game, strategy: Strategy) -> Evaluation:
    """Play ``strategy`` against every secret of ``game``: total, average, worst case, distribution.

    A secret the strategy cannot finish (a missing reply) is a ValueError.
    """
    return _play(game, strategy, determined=False)


def _play(game: Game, strategy: Strategy, determined: bool) -> Evaluation:
    """The guesses each secret takes under ``strategy``, until revealed or (``determined``) known."""
    game, strategy = check_game(game), _check_strategy(strategy)
    if strategy.game != game:
        raise ValueError(f"the strategy is for {strategy.game!r}, not for {game!r}")
    table = game.table
    distribution: dict[int, int] = {}

    def visit(node: Node, secrets: np.ndarray, depth: int) -> None:
        if determined and len(secrets) == 1:
            distribution[depth - 1] = distribution.get(depth - 1, 0) + 1
            return
        if depth > game.size:
            raise ValueError("the strategy goes round in circles: it guesses more often than there are codes")
        replies = table[game.index(node.guess), secrets]
        for reply in np.unique(replies).tolist():
            cell = secrets[replies == reply]
            if reply == game.hit_index:
                distribution[depth] = distribution.get(depth, 0) + 1
                continue
            feedback = game.feedbacks[reply]
            if feedback not in node.replies:
                raise ValueError(
                    f"the strategy has no guess after the reply {feedback} to {node.guess} "
                    f"(secret {game.code(int(cell[0]))} needs one)"
                )
            visit(node.replies[feedback], cell, depth + 1)

    visit(strategy.root, np.arange(game.size), 1)
    total = sum(guesses * count for guesses, count in distribution.items())
    return Evaluation(game.size, total, max(distribution), dict(sorted(distribution.items())))
