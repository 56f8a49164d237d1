"""Figures for the match-stick unit: each function returns a matplotlib Figure.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles", and the theory of subtraction games (Sprague-Grundy values, periodicity). Values
come from ``puzzles.matchsticks.model``; figures are closed after they are built, so a notebook
shows each one once (as the cell's value).
"""

from __future__ import annotations

from collections.abc import Iterable

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from puzzles.course.validate import whole_number as _count
from puzzles.matchsticks.model import (
    Moves,
    first_pick,
    grundy_table,
    outcome_period,
    subtraction_set,
    win_table,
)

__all__ = ["plot_outcomes", "plot_first_picks", "plot_grundy", "set_label", "OUTCOME_COLOURS"]

OUTCOME_COLOURS = {"win": "#d3f9d8", "lose": "#c92a2a"}


def _sets(sets: Iterable[Moves]) -> list[tuple[int, ...]]:
    if isinstance(sets, (int, str)):
        raise ValueError("give the subtraction sets as a list, for example [{1, 2}, {1, 3, 4}]")
    found = [subtraction_set(moves) for moves in sets]
    if not found:
        raise ValueError("give at least one subtraction set to plot")
    return found


def set_label(moves: Moves) -> str:
    """``{1,3,4}`` for a subtraction set; ``{1..M}`` for a full interval of length above 3."""
    sizes = subtraction_set(moves)
    if len(sizes) > 3 and sizes == tuple(range(1, sizes[-1] + 1)):
        return f"{{1..{sizes[-1]}}}"
    return "{" + ",".join(map(str, sizes)) + "}"


def plot_outcomes(sets: Iterable[Moves], n_max: int = 60, misere: bool = False) -> Figure:
    """One strip per subtraction set: position n = 0..n_max, red where the player to move loses.

    Each strip is labelled with the set and the (preperiod, period) of its win/lose sequence.
    """
    sizes = _sets(sets)
    n_max = _count(n_max, "the largest number of sticks", 1)
    grid = np.array([[0 if bit else 1 for bit in win_table(n_max, s, misere)] for s in sizes])
    height = 0.9 + 0.32 * len(sizes)
    figure, axis = plt.subplots(figsize=(10, height))
    plt.close(figure)
    axis.imshow(
        grid,
        aspect="auto",
        cmap=ListedColormap([OUTCOME_COLOURS["win"], OUTCOME_COLOURS["lose"]]),
        vmin=0,
        vmax=1,
        interpolation="nearest",
        extent=(-0.5, n_max + 0.5, len(sizes) - 0.5, -0.5),
    )
    labels = []
    for s in sizes:
        pre, period = outcome_period(s, misere)
        labels.append(f"S = {set_label(s)}   (t={pre}, p={period})")
    axis.set_yticks(range(len(sizes)), labels, fontsize=8)
    axis.set_xlabel("sticks n")
    axis.set_title(
        ("misère" if misere else "normal") + " play: positions lost for the player to move", fontsize=10
    )
    axis.legend(
        handles=[
            Patch(color=OUTCOME_COLOURS["lose"], label="lose"),
            Patch(color=OUTCOME_COLOURS["win"], label="win"),
        ],
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        fontsize=8,
    )
    figure.tight_layout()
    return figure


def plot_first_picks(M_max: int = 10, N_max: int = 60) -> Figure:
    """The paper's optimal first pick m1(N, M) on a grid; red where no winning pick exists."""
    M_max = _count(M_max, "the largest M", 1)
    N_max = _count(N_max, "the largest N", 1)
    grid = np.full((M_max, N_max), np.nan)
    for M in range(1, M_max + 1):
        for N in range(1, N_max + 1):
            m1 = first_pick(N, M)
            if m1 is not None:
                grid[M - 1, N - 1] = m1
    figure, axis = plt.subplots(figsize=(10, 0.9 + 0.3 * M_max))
    plt.close(figure)
    cmap = plt.get_cmap("viridis").with_extremes(bad=OUTCOME_COLOURS["lose"])
    image = axis.imshow(
        np.ma.masked_invalid(grid),
        aspect="auto",
        cmap=cmap,
        interpolation="nearest",
        extent=(0.5, N_max + 0.5, M_max + 0.5, 0.5),
    )
    axis.set_xlabel("sticks N")
    axis.set_ylabel("largest take M")
    axis.set_title("optimal first pick m1; red: N = 1 (mod M+1), the first player loses", fontsize=10)
    figure.colorbar(image, ax=axis, label="m1")
    figure.tight_layout()
    return figure


def plot_grundy(sets: Iterable[Moves], n_max: int = 40) -> Figure:
    """Sprague-Grundy values G(n), n = 0..n_max, one panel per subtraction set."""
    sizes = _sets(sets)
    n_max = _count(n_max, "the largest number of sticks", 1)
    figure, axes = plt.subplots(
        len(sizes), 1, figsize=(10, 1.0 + 1.3 * len(sizes)), sharex=True, squeeze=False
    )
    plt.close(figure)
    n = np.arange(n_max + 1)
    for axis, s in zip(axes[:, 0], sizes, strict=True):
        values = np.array(grundy_table(n_max, s))
        axis.bar(n, values, color=np.where(values == 0, OUTCOME_COLOURS["lose"], "#4c6ef5"), width=0.8)
        axis.set_ylabel("G(n)")
        axis.set_yticks(range(int(values.max()) + 1))
        axis.set_title(f"S = {set_label(s)}", fontsize=9, loc="left")
    axes[-1, 0].set_xlabel("sticks n (red: G(n) = 0, a lost position)")
    figure.tight_layout()
    return figure
