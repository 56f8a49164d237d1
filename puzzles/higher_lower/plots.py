"""Figures of the higher-lower unit (matplotlib; every function returns a Figure).

After the thesis's figures: search trees (fig. 1.1, 1.3), the payoff lines of the folded N = 4
game with Dresher's iterations (Section 1.13), Alice's distributions as heat maps and in 3-D
(fig. 3.1-3.3), the distribution for one N (fig. 3.4), iteration counts (fig. 3.5) and the
bounds during a solve (fig. 3.6).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from puzzles.higher_lower.model import DresherStep, is_search_tree

__all__ = [
    "plot_bounds",
    "plot_dips",
    "plot_distribution",
    "plot_heatmap",
    "plot_iterations",
    "plot_payoff_lines",
    "plot_rounds",
    "plot_surface",
    "plot_tree",
    "plot_values",
]


def _closed(figure: Figure) -> Figure:
    """Detach a finished figure from pyplot: the notebook shows it once, as the cell's value."""
    plt.close(figure)
    return figure


def _parents(depths: Sequence[int]) -> dict[int, int]:
    parents, stack = {}, [(1, len(depths), None)]
    while stack:
        low, high, parent = stack.pop()
        if low > high:
            continue
        level = 1 if parent is None else depths[parent - 1] + 1
        root = next(k for k in range(low, high + 1) if depths[k - 1] == level)
        if parent is not None:
            parents[root] = parent
        stack += [(low, root - 1, root), (root + 1, high, root)]
    return parents


def plot_tree(depths: Sequence[int], path: Sequence[int] = (), title: str | None = None, ax=None) -> Figure:
    """A search tree drawn with key k at x = k and depth downwards; ``path`` keys are highlighted."""
    if not is_search_tree(depths):
        raise ValueError(f"{tuple(depths)!r} is not the depth vector of a search tree")
    own = ax is None
    if own:
        figure, ax = plt.subplots(figsize=(max(3.0, 0.42 * len(depths) + 1), 0.55 * max(depths) + 0.8))
    else:
        figure = ax.figure
    for child, parent in _parents(depths).items():
        on_path = child in path and parent in path
        ax.plot(
            [parent, child],
            [-depths[parent - 1], -depths[child - 1]],
            color="#d62728" if on_path else "#868e96",
            lw=2 if on_path else 1,
            zorder=1,
        )
    for k, d in enumerate(depths, start=1):
        colour = "#ffc9c9" if k in path else "#e7f5ff"
        ax.scatter([k], [-d], s=260, color=colour, edgecolor="#1c7ed6", zorder=2)
        ax.text(k, -d, str(k), ha="center", va="center", fontsize=8, zorder=3)
    ax.set_xlim(0.4, len(depths) + 0.6)
    ax.set_ylim(-max(depths) - 0.6, -0.4)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return _closed(figure) if own else figure


def plot_payoff_lines(matrix: Sequence[Sequence], step: DresherStep | None = None, ax=None) -> Figure:
    """The folded N = 4 game (eq. 1.20): each column of Bob is the line x a_1j + (1 - x) a_2j.

    The shaded region lies under every line (the values Alice can guarantee); with a Dresher
    ``step``, Alice's provisional strategy x_1 and the provisional value are marked, and the
    basic columns are drawn bold.
    """
    rows = [list(map(float, r)) for r in matrix]
    if len(rows) != 2:
        raise ValueError("the payoff lines need a game with exactly two rows")
    x = np.linspace(0, 1, 201)
    lines = np.array([x * a + (1 - x) * b for a, b in zip(rows[0], rows[1], strict=True)])
    own = ax is None
    if own:
        figure, ax = plt.subplots(figsize=(6, 4))
    else:
        figure = ax.figure
    envelope = lines.min(axis=0)
    ax.fill_between(
        x, min(3.0, envelope.min()) - 0.5, envelope, color="#ffd8a8", alpha=0.8, label="feasible for Alice"
    )
    basic = set(step.basis[1:]) if step is not None else set()
    colours = plt.cm.tab10.colors
    for j, line in enumerate(lines, start=1):
        ax.plot(x, line, color=colours[(j - 1) % 10], lw=2.6 if j in basic else 1.1, label=f"P{j}")
    if step is not None:
        x1 = float(-step.inverse[0][1])
        ax.scatter([x1], [float(step.value)], color="black", zorder=5, s=40)
        ax.annotate(f"value {step.value}", (x1, float(step.value)), textcoords="offset points", xytext=(6, 6))
    ax.set_xlabel("$x^s_1$ (weight of the pair {1, 4})")
    ax.set_ylabel("payoff (doubled)")
    ax.set_xlim(0, 1)
    ax.set_ylim(2.5, 7.5)
    ax.legend(fontsize=7, ncol=2, loc="upper right")
    return _closed(figure) if own else figure


def plot_heatmap(distributions: dict[int, Sequence], title: str = "") -> Figure:
    """Alice's optimal distributions, one row per N (fig. 3.1, 3.3): row N is cut into N cells,
    coloured by N * P(secret = i), the probability relative to the uniform 1/N."""
    sizes = sorted(distributions)
    figure, ax = plt.subplots(figsize=(7, 0.02 * len(sizes) + 3.5))
    cmap = plt.cm.viridis
    top = max(max(float(p) * N for p in distributions[N]) for N in sizes)
    for N in sizes:
        edges = np.linspace(0, 1, N + 1)
        values = np.array([[float(p) * N for p in distributions[N]]])
        ax.pcolormesh(edges, [N - 0.5, N + 0.5], values, cmap=cmap, vmin=0, vmax=top, shading="flat")
    mappable = plt.cm.ScalarMappable(cmap=cmap, norm=plt.Normalize(0, top))
    figure.colorbar(mappable, ax=ax, label="N x probability")
    ax.set_xlabel("position (i - 1/2) / N of the secret i")
    ax.set_ylabel("N")
    ax.set_ylim(sizes[0] - 0.5, sizes[-1] + 0.5)
    ax.set_title(title or f"Alice's optimal distribution, N = {sizes[0]}..{sizes[-1]}")
    return _closed(figure)


def plot_surface(distributions: dict[int, Sequence]) -> Figure:
    """The same data in 3-D (fig. 3.2): N * P(secret = i) over (relative position, N)."""
    figure = plt.figure(figsize=(7, 5))
    ax = figure.add_subplot(projection="3d")
    for N in sorted(distributions):
        positions = (np.arange(1, N + 1) - 0.5) / N
        ax.plot(
            positions,
            np.full(N, N),
            [float(p) * N for p in distributions[N]],
            color=plt.cm.viridis(N / max(distributions)),
            lw=1,
        )
    ax.set_xlabel("relative position")
    ax.set_ylabel("N")
    ax.set_zlabel("N x probability")
    ax.view_init(elev=30, azim=-60)
    return _closed(figure)


def plot_distribution(hider: Sequence, N: int) -> Figure:
    """Alice's optimal distribution for one N as bars (fig. 3.4), powers-of-two fractions marked."""
    figure, ax = plt.subplots(figsize=(7, 3.2))
    ax.bar(range(1, N + 1), [float(p) for p in hider], width=1.0, color="#4dabf7", edgecolor="none")
    for q in (4, 2, 4 / 3):
        ax.axvline(N / q + 0.5, color="#adb5bd", lw=0.8, ls=":")
    ax.set_xlabel("secret i")
    ax.set_ylabel("P(secret = i)")
    ax.set_xlim(0.5, N + 0.5)
    ax.set_title(f"Alice's optimal distribution for N = {N}")
    return _closed(figure)


def _ticks_within_limits(ax) -> None:
    """Keep only the major ticks inside the axes' limits (the locators add some beyond them)."""
    for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        low, high = min(low, high), max(low, high)
        axis.set_ticks([t for t in axis.get_majorticklocs() if low <= t <= high])
    ax.minorticks_off()


def plot_bounds(upper: Sequence[float], lower: Sequence[float], N: int) -> Figure:
    """The bounds on V(N) round by round during a column generation (fig. 3.6): the restricted
    LP's value (upper, never rising), the cost of Bob's best reply to the LP's duals (``lower``,
    as priced: it may fall), and the best lower bound so far (its running maximum)."""
    figure, ax = plt.subplots(figsize=(6.5, 3.6))
    rounds = np.arange(1, len(upper) + 1)
    ax.plot(rounds, upper, color="#1c7ed6", label="upper: value of the restricted LP")
    ax.plot(
        np.arange(1, len(lower) + 1), lower, color="#e03131", lw=0.9, label="pricing: best reply to the duals"
    )
    ax.plot(
        np.arange(1, len(lower) + 1),
        np.maximum.accumulate(np.asarray(lower, dtype=float)),
        color="#495057",
        ls="--",
        lw=1,
        label="best lower bound so far",
    )
    ax.set_xlabel("round")
    ax.set_ylabel("bound on V(N)")
    ax.set_title(f"Bounds during the column generation for N = {N}")
    ax.legend(fontsize=9)
    _ticks_within_limits(ax)
    figure.tight_layout()
    return _closed(figure)


def plot_iterations(iterations: dict[int, int], proved: set[int] = frozenset()) -> Figure:
    """LP iterations of the warm-started sweep per N (fig. 3.5), powers of two marked; the sizes
    in ``proved`` (grown guess proved optimal without an LP) are dots: least-squares rounds."""
    sizes = sorted(iterations)
    figure, ax = plt.subplots(figsize=(6.5, 3.4))
    lp = [N if N not in proved else np.nan for N in sizes]
    ax.plot(
        lp, [iterations[N] for N in sizes], color="#5f3dc4", lw=0.9, label="column generation: LP iterations"
    )
    if proved:
        marked = sorted(proved & set(sizes))
        ax.plot(
            marked,
            [iterations[N] for N in marked],
            ".",
            ms=3,
            color="#e8590c",
            label="guess proved: least-squares rounds",
        )
        ax.legend(fontsize=9, loc="upper left")
    for k in range(1, int(math.log2(max(sizes))) + 1):
        ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    ax.set_xlabel("N")
    ax.set_ylabel("iterations")
    ax.set_yscale("log")
    ax.set_title("Iterations per N (dotted: powers of two)")
    _ticks_within_limits(ax)
    figure.tight_layout()
    return _closed(figure)


def plot_rounds(rounds: dict[str, dict[int, int]]) -> Figure:
    """Rounds (LP re-solves) per N of several variants of one column generation (fig. 3.5),
    one line per variant, powers of two dotted."""
    figure, ax = plt.subplots(figsize=(6.5, 3.4))
    colours = ("#5f3dc4", "#e8590c", "#2b8a3e", "#1c7ed6")
    for (label, counts), colour in zip(rounds.items(), colours, strict=False):
        sizes = sorted(counts)
        ax.plot(sizes, [counts[N] for N in sizes], color=colour, lw=1.1, marker=".", ms=3, label=label)
    largest = max(max(counts) for counts in rounds.values())
    for k in range(1, int(math.log2(largest)) + 1):
        ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    ax.set_xlabel("N")
    ax.set_ylabel("rounds (LP re-solves)")
    ax.set_yscale("log")
    ax.set_title("Rounds of column generation per N (dotted: powers of two)")
    ax.legend(fontsize=9, loc="upper left")
    _ticks_within_limits(ax)
    figure.tight_layout()
    return _closed(figure)


def plot_values(values: dict[int, float]) -> Figure:
    """V(N) against log2(N): the value tracks log2(N) at a nearly constant distance."""
    sizes = sorted(values)
    logs = np.log2(sizes)
    figure, ax = plt.subplots(figsize=(6.5, 3.4))
    ax.plot(logs, [values[N] for N in sizes], color="#2b8a3e", label="V(N)")
    ax.plot(logs, logs, color="#adb5bd", ls="--", label="log2(N)")
    ax.set_xlabel("log2(N)")
    ax.set_ylabel("expected number of guesses")
    ax.legend()
    return _closed(figure)


def plot_dips(depth: dict[int, float], where: dict[int, float]) -> Figure:
    """Gilbert's conjecture on every N: ``depth[N]`` is Alice's least probability on an inner
    secret (1 < i < N) divided by her median probability (1: no dip); ``where[N]`` is the relative
    position (i - 1/2) / N of that least probability, for the N that have a dip. N on a log
    scale, powers of two dotted."""
    sizes = sorted(depth)
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 5.2), sharex=True)
    top.plot(sizes, [depth[N] for N in sizes], color="#1c7ed6", lw=0.9)
    top.set_ylabel("least inner / median")
    top.set_title("Gilbert's dips: Alice's least inner probability against her median one")
    marked = sorted(where)
    bottom.scatter(marked, [where[N] for N in marked], s=4, color="#e03131")
    for fraction in (1 / 8, 1 / 4, 1 / 2):
        bottom.axhline(fraction, color="#adb5bd", lw=0.8, ls="--")
    bottom.set_yticks([0, 1 / 8, 1 / 4, 1 / 2], ["0", "1/8", "1/4", "1/2"])
    bottom.set_ylim(0, 0.55)
    bottom.set_ylabel("where: (i - 1/2) / N")
    bottom.set_xlabel("N (log scale)")
    for ax in (top, bottom):
        for k in range(1, int(math.log2(max(sizes))) + 1):
            ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    bottom.set_xscale("log", base=2)
    bottom.set_xlim(min(sizes) - 0.5, max(sizes) * 1.05)
    figure.tight_layout()
    return _closed(figure)
