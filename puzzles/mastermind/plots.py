"""Figures of the Mastermind unit; every function returns a matplotlib Figure (never plt.show()).

Figures are closed after they are built, so a notebook shows each one once (as the cell's value).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from puzzles.mastermind.strategy import Evaluation, Node, Strategy

__all__ = ["plot_distributions", "plot_strategy", "plot_partition"]

COLOURS = ["#4c6ef5", "#f59f00", "#37b24d", "#e64980", "#7950f2", "#868e96"]
LABEL_POINTS = 9  # the smallest text a figure shows (9 pt at display size)
WIDTH = 8.4  # inches: a JupyterLab output area of about 850 pixels shows it unscaled


def plot_distributions(
    results: Mapping[str, Evaluation], title: str = "Guesses needed over all secrets"
) -> Figure:
    """Grouped bars: for each strategy, how many secrets need 1, 2, 3, ... guesses, each bar
    labelled with its count (so that a bar of one or two secrets is seen)."""
    if not results:
        raise ValueError("give at least one strategy's evaluation to plot")
    worst = max(result.worst for result in results.values())
    fig, ax = plt.subplots(figsize=(8, 3.6))
    width = 0.8 / len(results)
    for i, (name, result) in enumerate(results.items()):
        xs = [g + (i - (len(results) - 1) / 2) * width for g in range(1, worst + 1)]
        ys = [result.distribution.get(g, 0) for g in range(1, worst + 1)]
        bars = ax.bar(xs, ys, width=width, color=COLOURS[i % len(COLOURS)], label=f"{name} ({result.total})")
        ax.bar_label(
            bars,
            labels=[str(y) if y else "" for y in ys],
            fontsize=LABEL_POINTS,
            rotation=90 if len(results) >= 3 else 0,
            padding=2,
        )
    _headroom(ax, max(max(r.distribution.values()) for r in results.values()), 1.18)
    ax.set_xticks(range(1, worst + 1))
    ax.set_xlabel("guesses needed")
    ax.set_ylabel("secrets")
    ax.set_title(title)
    ax.legend(fontsize=9)
    fig.tight_layout()
    plt.close(fig)
    return fig


def _headroom(ax, highest: float, factor: float) -> None:
    """Room above the highest bar for its label; only the y ticks inside the axes are kept."""
    top = highest * factor
    ax.set_ylim(0, top)
    ax.set_yticks([tick for tick in ax.get_yticks() if 0 <= tick <= top])


def plot_partition(sizes: Mapping[tuple[int, int], int], title: str = "") -> Figure:
    """Bars of the cell sizes of one partition, labelled by reply (black, white) and by size."""
    fig, ax = plt.subplots(figsize=(7, 2.8))
    labels = [f"{b},{w}" for b, w in sizes]
    bars = ax.bar(range(len(sizes)), list(sizes.values()), color=COLOURS[0])
    ax.bar_label(bars, fontsize=LABEL_POINTS, padding=2)
    _headroom(ax, max(sizes.values(), default=1), 1.15)
    ax.set_xticks(range(len(sizes)), labels, rotation=45, fontsize=9)
    ax.set_xlabel("reply (black, white)")
    ax.set_ylabel("codes")
    ax.set_title(title)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_strategy(strategy: Strategy, depth: int = 3) -> Figure:
    """An icicle drawing of the first ``depth`` levels (1 to 5), read from left to right.

    A column per guess number; a box per guess of the strategy, as tall as the number of secrets
    whose game passes through it, labelled "reply -> guess (secrets)" where the label fits at a
    legible size (a secret revealed by a guess leaves a gap of one under its box in the next
    column). Large games give a tall figure: the notebook scrolls, the labels stay 9 pt or more.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 5:
        raise ValueError(f"the drawing shows 1 to 5 levels of the strategy, got depth = {depth!r}")
    game = strategy.game
    height = min(13.0, max(3.0, 1.3 + game.size * 14 / 72))  # 14 pt a secret while it fits
    fig = plt.figure(figsize=(WIDTH, height))
    top, bottom = 1 - 0.8 / height, 0.45 / height  # inches kept for the title and the caption
    ax = fig.add_axes((0.01, bottom, 0.98, top - bottom))
    points_per_secret = (top - bottom) * height * 72 / game.size
    column_points = 0.98 * WIDTH * 72 / (depth - 0.5) if depth > 1 else 0.98 * WIDTH * 72
    smallest = math.ceil(LABEL_POINTS * 1.3 / points_per_secret)  # secrets in the lowest labelled box

    def left(level: int) -> float:  # the first column (one box, the first guess) is half as wide
        return 0.0 if level == 0 or depth == 1 else level - 0.5

    def right(level: int) -> float:
        return 1.0 if depth == 1 else level + 0.5

    unlabelled = 0

    def draw(node: Node, secrets: np.ndarray, first: float, level: int, label: str) -> None:
        nonlocal unlabelled
        size = len(secrets)
        ax.add_patch(
            plt.Rectangle(
                (left(level) + 0.02, first),
                right(level) - left(level) - 0.04,
                size,
                facecolor=COLOURS[level % len(COLOURS)],
                alpha=0.35,
                edgecolor="white",
                linewidth=0.8,
            )
        )
        text = f"{label}{node.guess} ({size})"
        room = (right(level) - left(level)) * column_points - 6
        if size >= smallest and len(text) * LABEL_POINTS * 0.62 <= room:
            ax.text(left(level) + 0.06, first + size / 2, text, ha="left", va="center", fontsize=LABEL_POINTS)
        else:
            unlabelled += 1
        if level + 1 >= depth:
            return
        guess = game.index(node.guess)
        replies = game.table[guess, secrets]
        start = first + (1 if guess in secrets else 0)  # the secret revealed here
        for reply in sorted(node.replies):
            cell = secrets[replies == game.feedback_index(reply)]
            draw(node.replies[reply], cell, start, level + 1, f"{reply[0]},{reply[1]} \u2192 ")
            start += len(cell)

    draw(strategy.root, np.arange(game.size), 0, 0, "")
    ax.set_xlim(0, right(depth - 1))
    ax.set_ylim(game.size, 0)
    ax.set_yticks([])
    ax.set_xticks(
        [(left(level) + right(level)) / 2 for level in range(depth)],
        [f"guess {level + 1}" for level in range(depth)],
    )
    ax.xaxis.tick_top()
    ax.tick_params(axis="x", length=0, labelsize=10)
    for side in ("left", "right", "bottom"):
        ax.spines[side].set_visible(False)
    note = f"; {unlabelled} boxes of fewer than {smallest} secrets are not labelled" if unlabelled else ""
    fig.text(
        0.01,
        0.12 / height,
        f"A box: reply \u2192 next guess (secrets whose game passes through it){note}.",
        fontsize=9,
    )
    fig.suptitle(
        f"{strategy.name}: the first {depth} guesses of {game.size} secrets",
        fontsize=11,
        y=1 - 0.1 / height,
        va="top",
    )
    plt.close(fig)
    return fig
