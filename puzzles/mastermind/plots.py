"""Figures of the Mastermind unit; every function returns a matplotlib Figure (never plt.show()).

Figures are closed after they are built, so a notebook shows each one once (as the cell's value).
"""

from __future__ import annotations

from collections.abc import Mapping

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from puzzles.mastermind.strategy import Evaluation, Node, Strategy

__all__ = ["plot_distributions", "plot_strategy", "plot_partition"]

COLOURS = ["#4c6ef5", "#f59f00", "#37b24d", "#e64980", "#7950f2", "#868e96"]


def plot_distributions(
    results: Mapping[str, Evaluation], title: str = "Guesses needed over all secrets"
) -> Figure:
    """Grouped bars: for each strategy, how many secrets need 1, 2, 3, ... guesses."""
    if not results:
        raise ValueError("give at least one strategy's evaluation to plot")
    worst = max(result.worst for result in results.values())
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(results)
    for i, (name, result) in enumerate(results.items()):
        xs = [g + (i - (len(results) - 1) / 2) * width for g in range(1, worst + 1)]
        ys = [result.distribution.get(g, 0) for g in range(1, worst + 1)]
        ax.bar(xs, ys, width=width, color=COLOURS[i % len(COLOURS)], label=f"{name} ({result.total})")
    ax.set_xticks(range(1, worst + 1))
    ax.set_xlabel("guesses needed")
    ax.set_ylabel("secrets")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_partition(sizes: Mapping[tuple[int, int], int], title: str = "") -> Figure:
    """Bars of the cell sizes of one partition, labelled by reply (black, white)."""
    fig, ax = plt.subplots(figsize=(7, 2.8))
    labels = [f"{b},{w}" for b, w in sizes]
    ax.bar(range(len(sizes)), list(sizes.values()), color=COLOURS[0])
    ax.set_xticks(range(len(sizes)), labels, rotation=45, fontsize=8)
    ax.set_xlabel("reply (black, white)")
    ax.set_ylabel("codes")
    ax.set_title(title)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_strategy(strategy: Strategy, depth: int = 3) -> Figure:
    """An icicle drawing of the first ``depth`` levels: one box per guess, as wide as its secrets."""
    game = strategy.game
    fig, ax = plt.subplots(figsize=(11, 0.9 * depth + 0.8))

    def draw(node: Node, secrets: np.ndarray, left: float, level: int, label: str) -> None:
        width = len(secrets)
        ax.add_patch(
            plt.Rectangle(
                (left, -level),
                width,
                0.9,
                facecolor=COLOURS[level % len(COLOURS)],
                alpha=0.35,
                edgecolor="white",
            )
        )
        if width >= game.size / 40:
            ax.text(
                left + width / 2,
                -level + 0.45,
                f"{label}\n{node.guess}",
                ha="center",
                va="center",
                fontsize=6,
            )
        if level + 1 >= depth:
            return
        guess = game.index(node.guess)
        replies = game.table[guess, secrets]
        start = left + (1 if guess in secrets else 0)  # the secret revealed here
        for reply in sorted(node.replies):
            cell = secrets[replies == game.feedback_index(reply)]
            draw(node.replies[reply], cell, start, level + 1, f"{reply[0]},{reply[1]}")
            start += len(cell)

    draw(strategy.root, np.arange(game.size), 0, 0, "start")
    ax.set_xlim(0, game.size)
    ax.set_ylim(-depth + 0.9, 1)
    ax.set_yticks([-level + 0.45 for level in range(depth)], [f"guess {level + 1}" for level in range(depth)])
    ax.set_xlabel("secrets (the width of a box: the secrets whose game passes through that guess)")
    ax.set_title(f"{strategy.name}: the first {depth} guesses")
    fig.tight_layout()
    plt.close(fig)
    return fig
