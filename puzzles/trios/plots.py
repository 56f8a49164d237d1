"""Figures for the Tricky Trios unit: each function returns a matplotlib Figure.

Values come exactly from ``puzzles.trios.model`` and become floats only here, for drawing.
Figures are closed after they are built, so a notebook shows each one once.
"""

from __future__ import annotations

from collections import Counter

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from puzzles.trios.model import (
    check_trios,
    expected_rounds,
    rounds_per_trio_limit,
    rounds_table,
    sample_rounds,
    simulate,
)

__all__ = ["plot_rounds_per_trio", "plot_simulation"]


def _ticks_inside(ax) -> None:
    """Keep only the major ticks inside the axes' limits (a label beyond them sits off the canvas)."""
    for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        low, high = sorted(limits)
        slack = 1e-9 * max(abs(low), abs(high), 1.0)
        axis.set_ticks([t for t in axis.get_majorticklocs() if low - slack <= t <= high + slack])


def plot_rounds_per_trio(n_max: int = 100) -> Figure:
    """E(N)/N and the increments E(N) - E(N-1) for N = 1..n_max, with the fluid limit."""
    n_max = check_trios(n_max)
    values = rounds_table(n_max)
    ns = list(range(1, n_max + 1))
    limit = rounds_per_trio_limit()
    figure, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
    plt.close(figure)
    ax.plot(ns, [float(v) / n for n, v in zip(ns, values, strict=True)], "o", markersize=3, label="E(N) / N")
    increments = [float(values[0])] + [float(b - a) for a, b in zip(values, values[1:], strict=False)]
    ax.plot(ns, increments, "-", color="C2", label="E(N) - E(N-1)")
    ax.axhline(limit, color="C3", linestyle="--", label=f"limit {limit:.6f} (fluid approximation)")
    ax.set_xlabel("number of trios N")
    ax.set_ylabel("expected rounds per trio")
    ax.set_title("Expected rounds per trio under the rule")
    ax.set_xlim(0, n_max + 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    _ticks_inside(ax)
    return figure


def plot_simulation(N: int = 10, games: int = 20000, seed: int = 0) -> Figure:
    """A histogram of the rounds of ``games`` random deals, the exact E(N), and the simulated mean with
    its 95% interval in words (the interval is too narrow to draw next to a bar)."""
    samples = sample_rounds(N, games, seed)  # checks the input
    result = simulate(N, games, seed)
    exact = float(expected_rounds(N))
    counts = Counter(samples)
    xs = sorted(counts)
    figure, ax = plt.subplots(figsize=(7, 4.2), layout="constrained")
    plt.close(figure)
    ax.bar(xs, [counts[x] / games for x in xs], color="#9ecae1", edgecolor="#3182bd", label="simulated games")
    ax.axvline(exact, color="C3", linewidth=2, label=f"exact E({N}) = {exact:.4f}")
    # The 95% interval of the mean is far narrower than a bar (0.03 rounds for N = 10 and 20000
    # games): drawn, it would vanish under the line of E(N), so the figure states it in words.
    ax.text(
        0.02,
        0.97,
        f"mean of the {games} games: {result.mean:.3f}\n"
        f"95% interval of the mean: {result.low:.3f}..{result.high:.3f}",
        transform=ax.transAxes,
        va="top",
        ha="left",
        fontsize=9,
    )
    ax.set_xlabel("rounds in a game")
    ax.set_ylabel("fraction of games")
    ax.set_title(f"{games} random deals of N = {N} trios, played by the rule")
    ax.set_ylim(0, 1.45 * max(counts.values()) / games)  # room for the legend above the bars
    ax.legend(loc="upper right")
    _ticks_inside(ax)
    return figure
