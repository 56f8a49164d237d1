"""Figures for the match-stick unit: each function returns a matplotlib Figure.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles", and the theory of subtraction games (Sprague-Grundy values, periodicity). Values
come from ``puzzles.matchsticks.model``; figures are closed after they are built, so a notebook
shows each one once (as the cell's value).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from puzzles.course.validate import flag as _flag
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
PERIOD_MARK = "#212529"  # the bar at n = t where a strip's periodic part starts


# Largest inputs drawn legibly and in well under a second (a strip of 2000 positions is
# already finer than the screen's pixels).
LARGEST_POSITIONS = 2000  # n_max of the strips
LARGEST_BARS = 400  # n_max of the Grundy bars
LARGEST_SETS = 30  # strips in one figure
LARGEST_PANELS = 8  # Grundy panels or values of M in one figure
WIDTH = 9.0  # inches: 900 pixels at 100 dpi, the width of a notebook's output area
LABEL_POINTS = 10  # tick labels, legends and panel titles
TITLE_POINTS = 11


def _sets(sets: Iterable[Moves], most: int = LARGEST_SETS) -> list[tuple[int, ...]]:
    if isinstance(sets, (int, str)):
        raise ValueError("give the subtraction sets as a list, for example [{1, 2}, {1, 3, 4}]")
    found = [subtraction_set(moves) for moves in sets]
    if not found:
        raise ValueError("give at least one subtraction set to plot")
    if len(found) > most:
        raise ValueError(f"{len(found)} sets are too many for one legible figure: give at most {most}")
    return found


def _positions(n_max: int, largest: int) -> int:
    n_max = _count(n_max, "the largest number of sticks", 1)
    if n_max > largest:
        raise ValueError(
            f"n_max = {n_max} positions are too many to draw legibly (at most {largest}); "
            "outcome_period gives the pattern of any n"
        )
    return n_max


def _ticks_inside(axis) -> None:
    """Keep only the x ticks inside the axes' limits (a label beyond them lands off the canvas)."""
    low, high = sorted(axis.get_xlim())
    axis.set_xticks([t for t in axis.get_xticks() if low <= t <= high])


def set_label(moves: Moves) -> str:
    """``{1,3,4}`` for a subtraction set; ``{1..M}`` for a full interval of length above 3."""
    sizes = subtraction_set(moves)
    if len(sizes) > 3 and sizes == tuple(range(1, sizes[-1] + 1)):
        return f"{{1..{sizes[-1]}}}"
    return "{" + ",".join(map(str, sizes)) + "}"


def plot_outcomes(sets: Iterable[Moves], n_max: int = 60, misere: bool = False) -> Figure:
    """One strip per subtraction set: position n = 0..n_max, red where the player to move loses.

    Each strip is labelled with the set, the preperiod t and the period of its win/lose
    sequence, and a black bar across the strip marks where the periodic part starts (the left
    edge of position n = t; at the strip's left end when t = 0). At most ``LARGEST_SETS``
    strips and ``LARGEST_POSITIONS`` positions.
    """
    sizes = _sets(sets)
    n_max = _positions(n_max, LARGEST_POSITIONS)
    misere = _flag(misere, "misere")
    grid = np.array([[0 if bit else 1 for bit in win_table(n_max, s, misere)] for s in sizes])
    figure, axis = plt.subplots(figsize=(WIDTH, 1.25 + 0.34 * len(sizes)), layout="constrained")
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
    labels, starts, rows = [], [], []
    for row, s in enumerate(sizes):
        pre, period = outcome_period(s, misere)
        labels.append(f"S = {set_label(s)}  (t={pre}, period {period})")
        if pre <= n_max:  # the periodic part starts at n = t, inside the strip
            starts.append(pre - 0.5)
            rows.append(row)
    if starts:
        axis.vlines(starts, np.array(rows) - 0.5, np.array(rows) + 0.5, colors=PERIOD_MARK, linewidth=2.5)
    axis.set_yticks(range(len(sizes)), labels, fontsize=LABEL_POINTS)
    axis.tick_params(axis="x", labelsize=LABEL_POINTS)
    axis.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    _ticks_inside(axis)
    axis.set_xlabel("sticks n", fontsize=LABEL_POINTS)
    axis.set_title(
        ("misère" if misere else "normal") + " play: positions lost for the player to move (red)",
        fontsize=TITLE_POINTS,
    )
    axis.legend(
        handles=[
            Patch(color=OUTCOME_COLOURS["lose"], label="lose"),
            Patch(color=OUTCOME_COLOURS["win"], label="win"),
            Line2D([], [], color=PERIOD_MARK, linewidth=2.5, label="period\nstarts (t)"),
        ],
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        fontsize=LABEL_POINTS,
    )
    return figure


def plot_first_picks(M_values: Iterable[int] = (2, 3, 5), N_max: int = 40) -> Figure:
    """The paper's optimal first pick m1(N, M) against N, one panel per M in ``M_values``.

    Dots joined by a line for m1 = (N - 1) - p (M + 1); a red cross on the "none" row where no
    first pick wins (the line breaks there). At most ``LARGEST_PANELS`` values of M and
    ``LARGEST_BARS`` sticks.
    """
    if isinstance(M_values, (numbers.Integral, str)):
        raise ValueError("give the values of M as a list, for example (2, 3, 5)")
    Ms = [_count(M, "each largest take M", 1) for M in M_values]
    if not Ms:
        raise ValueError("give at least one largest take M to plot")
    if len(Ms) > LARGEST_PANELS:
        raise ValueError(
            f"{len(Ms)} values of M are too many for one legible figure: give at most {LARGEST_PANELS}"
        )
    N_max = _count(N_max, "the largest N", 1)
    if N_max > LARGEST_BARS:
        raise ValueError(f"N_max = {N_max} is too many sticks to draw legibly (at most {LARGEST_BARS})")
    figure, axes = plt.subplots(
        len(Ms), 1, figsize=(WIDTH, 1.0 + 1.45 * len(Ms)), sharex=True, squeeze=False, layout="constrained"
    )
    plt.close(figure)
    N = np.arange(1, N_max + 1)
    dot = max(1.5, min(4.0, 160 / N_max))  # marker size: smaller dots where many sticks share the width
    for axis, M in zip(axes[:, 0], Ms, strict=True):
        picks = [first_pick(int(n), M) for n in N]
        values = np.array([np.nan if m1 is None else m1 for m1 in picks], dtype=float)
        lost = np.array([m1 is None for m1 in picks])
        axis.plot(N, values, marker="o", markersize=dot, linewidth=1.5, color="#1864ab", label="m1")
        axis.plot(
            N[lost],
            np.zeros(lost.sum()),
            linestyle="none",
            marker="x",
            markersize=dot + 3,
            markeredgewidth=2 if N_max <= 100 else 1,
            color=OUTCOME_COLOURS["lose"],
            label="no winning first pick",
        )
        axis.set_ylim(-0.7, M + 0.7)
        ticks = (
            list(range(1, M + 1)) if M <= 6 else list(MaxNLocator(nbins=5, integer=True).tick_values(1, M))
        )
        ticks = [0] + [t for t in ticks if 1 <= t <= M]
        axis.set_yticks(ticks, ["none"] + [str(int(t)) for t in ticks[1:]], fontsize=LABEL_POINTS)
        axis.get_yticklabels()[0].set_color(OUTCOME_COLOURS["lose"])
        axis.tick_params(axis="x", labelsize=LABEL_POINTS)
        axis.grid(axis="y", alpha=0.3)
        axis.set_ylabel("m1", fontsize=LABEL_POINTS)
        axis.set_title(f"M = {M}", fontsize=LABEL_POINTS, loc="left")
    last = axes[-1, 0]
    last.set_xlim(0.5, N_max + 0.5)
    last.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    _ticks_inside(last)
    last.set_xlabel("sticks N", fontsize=LABEL_POINTS)
    axes[0, 0].legend(
        loc="lower right", bbox_to_anchor=(1.0, 1.0), ncols=2, fontsize=LABEL_POINTS, frameon=False
    )
    figure.suptitle("The optimal first pick m1 against the number of sticks N", fontsize=TITLE_POINTS)
    return figure


def plot_grundy(sets: Iterable[Moves], n_max: int = 40) -> Figure:
    """Sprague-Grundy values G(n), n = 0..n_max, one panel per subtraction set.

    A value 0 has no bar to see, so every lost position (G(n) = 0) gets a red square on the
    axis. At most ``LARGEST_PANELS`` sets and ``LARGEST_BARS`` positions.
    """
    sizes = _sets(sets, LARGEST_PANELS)
    n_max = _positions(n_max, LARGEST_BARS)
    figure, axes = plt.subplots(
        len(sizes),
        1,
        figsize=(WIDTH, 1.1 + 1.4 * len(sizes)),
        sharex=True,
        squeeze=False,
        layout="constrained",
    )
    plt.close(figure)
    n = np.arange(n_max + 1)
    for axis, s in zip(axes[:, 0], sizes, strict=True):
        values = np.array(grundy_table(n_max, s))
        axis.bar(n, values, color="#4c6ef5", width=0.8)
        zero = values == 0
        axis.plot(
            n[zero],
            np.zeros(zero.sum()),
            linestyle="none",
            marker="s",
            markersize=6,
            color=OUTCOME_COLOURS["lose"],
            clip_on=False,
            zorder=3,
            label="G(n) = 0: lost",
        )
        top = int(values.max())
        axis.set_ylim(-0.45, top + 0.5)
        step = 1 if top <= 6 else int(np.ceil(top / 6))
        axis.set_yticks(range(0, top + 1, step))
        axis.tick_params(labelsize=LABEL_POINTS)
        axis.set_ylabel("G(n)", fontsize=LABEL_POINTS)
        axis.set_title(f"S = {set_label(s)}", fontsize=LABEL_POINTS, loc="left")
    last = axes[-1, 0]
    last.set_xlim(-0.6, n_max + 0.6)
    last.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    _ticks_inside(last)
    last.set_xlabel("sticks n (red square: G(n) = 0, a lost position)", fontsize=LABEL_POINTS)
    axes[0, 0].legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), fontsize=LABEL_POINTS, frameon=False)
    figure.suptitle("Sprague-Grundy values G(n) under normal play", fontsize=TITLE_POINTS)
    return figure
