"""Figures of the higher-lower unit (matplotlib; every function returns a Figure).

After the thesis's figures: search trees (fig. 1.1, 1.3) and a round as the guesser played it,
the payoff lines of the folded N = 4 game with Dresher's iterations (Section 1.13), Alice's
distributions as heat maps and as a few profiles side by side (fig. 3.1-3.3), the
distribution for one N (fig. 3.4), iteration counts (fig. 3.5) and the bounds during a solve
(fig. 3.6).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from puzzles.higher_lower.model import DresherStep, check_size, is_search_tree

__all__ = [
    "plot_bounds",
    "plot_dips",
    "plot_distribution",
    "plot_dresher_run",
    "plot_guesses",
    "plot_heatmap",
    "plot_iterations",
    "plot_payoff_lines",
    "plot_profiles",
    "plot_rounds",
    "plot_tree",
    "plot_trees",
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


FULL_TREE_KEYS = 20  # a larger tree shows its top levels and the path; other subtrees as key ranges
PATH_RED, PATH_PINK, NODE_BLUE, EDGE_GREY = "#d62728", "#ffc9c9", "#e7f5ff", "#868e96"


def _bare(ax) -> None:
    """No ticks, labels or frame (unlike ``axis("off")``, which keeps its tick labels around)."""
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)


def _tree_items(depths: Sequence[int], path: Sequence[int]) -> list[tuple]:
    """The drawing of a tree, in key order: ``("node", key, level, parent)`` and, for a subtree
    left out, ``("range", low, high, level, parent)``. Trees of at most FULL_TREE_KEYS keys are
    drawn whole; a larger one keeps its top levels (three, or two when a path is shown) and the
    path, and shows each subtree hanging off them as the range of its keys."""
    N, parents = len(depths), _parents(depths)
    top = N if N <= FULL_TREE_KEYS else (2 if path else 3)
    shown: set[int] = set()
    for k in [k for k in range(1, N + 1) if depths[k - 1] <= top] + list(path):
        while k is not None and k not in shown:  # a shown key brings its ancestors
            shown.add(k)
            k = parents.get(k)
    items: list[tuple] = []
    stack: list[tuple] = [("visit", 1, N, 1, None)]
    while stack:
        entry = stack.pop()
        if entry[0] == "emit":
            items.append(entry[1])
            continue
        _, low, high, level, parent = entry
        if low > high:
            continue
        root = next(k for k in range(low, high + 1) if depths[k - 1] == level)
        if root not in shown and low < high:
            items.append(("range", low, high, level, parent))
            continue
        stack += [
            ("visit", root + 1, high, level + 1, root),
            ("emit", ("node", root, level, parent)),
            ("visit", low, root - 1, level + 1, root),
        ]
    return items


def plot_tree(depths: Sequence[int], path: Sequence[int] = (), title: str | None = None, ax=None) -> Figure:
    """A search tree, the root on top and key order from left to right (fig. 1.1).

    ``path`` is a sequence of keys from the root down (e.g. ``play.path_to(tree, secret)``):
    its keys are filled red and the edges between consecutive keys drawn bold. A tree of more
    than 20 keys keeps its top levels and the path, and shows every other subtree as a box
    with the range of its keys and their number, so that labels stay legible.
    """
    if not is_search_tree(depths):
        raise ValueError(f"{tuple(depths)!r} is not the depth vector of a search tree")
    path = list(path)
    if any(
        isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= len(depths) for k in path
    ):
        raise ValueError(f"the path must list keys between 1 and {len(depths)}, got {path!r}")
    items = _tree_items(depths, path)
    x, widths = {}, 0.0
    for item in items:  # a node takes one unit of width, a range box 1.7
        width = 1.0 if item[0] == "node" else 1.7
        x[item] = widths + width / 2
        widths += width
    levels = max(item[3] if item[0] == "range" else item[2] for item in items)
    own = ax is None
    if own:
        width_in = max(3.0, 0.36 * widths + 0.8)
        figure, ax = plt.subplots(figsize=(width_in, 0.6 * levels + 0.9), layout="constrained")
    else:
        figure = ax.figure
        width_in = ax.get_position().width * figure.get_figwidth()
    position = {item[1]: (x[item], -item[2]) for item in items if item[0] == "node"}
    path_edges = set(zip(path, path[1:], strict=False))
    digits = len(str(len(depths)))
    for item in items:
        parent = item[-1]
        if parent is None:
            continue
        px, py = position[parent]
        if item[0] == "node":
            bold = (parent, item[1]) in path_edges
            ax.plot(
                [px, x[item]],
                [py, -item[2]],
                color=PATH_RED if bold else EDGE_GREY,
                lw=2.2 if bold else 1,
                zorder=1,
            )
        else:
            ax.plot([px, x[item]], [py, -item[3]], color=EDGE_GREY, lw=1, ls="--", zorder=1)
    for item in items:
        if item[0] == "node":
            key = item[1]
            ax.scatter(
                [x[item]],
                [-item[2]],
                s=170 + 110 * digits,
                color=PATH_PINK if key in path else NODE_BLUE,
                edgecolor=PATH_RED if key in path else "#1c7ed6",
                zorder=2,
            )
            ax.text(x[item], -item[2], str(key), ha="center", va="center", fontsize=10, zorder=3)
        else:
            low, high, level = item[1], item[2], item[3]
            ax.text(
                x[item],
                -level,
                f"{low}..{high}\n{high - low + 1} keys",
                ha="center",
                va="center",
                fontsize=9,
                zorder=3,
                bbox={"boxstyle": "round,pad=0.25", "facecolor": "#f1f3f5", "edgecolor": "#adb5bd"},
            )
    ax.set_xlim(0, widths)
    ax.set_ylim(-levels - 0.6, -0.4)
    _bare(ax)
    if title:
        characters = max(16, int(width_in * 72 / 6.2))  # about 6 pt a character at 10 pt
        ax.set_title(textwrap.fill(title, characters), fontsize=10)
    return _closed(figure) if own else figure


def plot_trees(
    trees: Sequence[Sequence[int]], titles: Sequence[str] | None = None, columns: int = 7
) -> Figure:
    """Small trees side by side (fig. 1.3), ``columns`` to a row, titled T1, T2, ... by default."""
    trees = [tuple(t) for t in trees]
    if not trees:
        raise ValueError("there are no trees to draw")
    titles = list(titles) if titles is not None else [f"T{j}" for j in range(1, len(trees) + 1)]
    if len(titles) != len(trees):
        raise ValueError(f"{len(titles)} titles for {len(trees)} trees")
    columns = max(1, min(columns, len(trees)))
    rows = -(-len(trees) // columns)
    keys, levels = max(len(t) for t in trees), max(max(t) for t in trees)
    width = min(8.4, columns * (0.32 * keys + 0.35))  # a JupyterLab output area is about 850 px
    figure, axes = plt.subplots(
        rows, columns, figsize=(width, rows * (0.45 * levels + 0.6)), layout="constrained", squeeze=False
    )
    for ax in axes.flat[len(trees) :]:
        ax.axis("off")
    for tree, title, ax in zip(trees, titles, axes.flat, strict=False):
        plot_tree(tree, title=title, ax=ax)
        ax.set_ylim(-levels - 0.6, -0.4)  # one scale of levels for every panel
    return _closed(figure)


def plot_guesses(N: int, guesses: Sequence[tuple[int, str]]) -> Figure:
    """One round as the guesser played it: for each guess (a pair of the number and Alice's
    answer, "higher", "lower" or "correct") the interval where the secret could still lie
    before it (a bar), the guess (a dot) and the answer, from the first guess down."""
    N = check_size(N)
    guesses = list(guesses)
    if not guesses:
        raise ValueError("there are no guesses to draw yet")
    low, high, rows = 1, N, []
    for number, answer in guesses:
        if isinstance(number, bool) or not isinstance(number, int | np.integer) or not 1 <= number <= N:
            raise ValueError(f"a guess must be a whole number between 1 and {N}, got {number!r}")
        if answer not in ("higher", "lower", "correct"):
            raise ValueError(f"an answer is 'higher', 'lower' or 'correct', got {answer!r}")
        rows.append((low, high, number, answer))
        if answer == "higher":
            low = max(low, number + 1)
        elif answer == "lower":
            high = min(high, number - 1)
    n = len(rows)
    figure, ax = plt.subplots(figsize=(7.5, 0.5 * n + 1.5), layout="constrained")
    ys = [-i for i in range(1, n + 1)]
    for y, (low, high, _, _) in zip(ys, rows, strict=True):
        ax.barh(y, high - low + 1, left=low - 0.5, height=0.55, color=NODE_BLUE, edgecolor="#74c0fc")
    numbers = [r[2] for r in rows]
    ax.plot(numbers, ys, color=PATH_RED, lw=2, zorder=2)
    for y, (_, _, number, answer) in zip(ys, rows, strict=True):
        face = "#b2f2bb" if answer == "correct" else PATH_PINK
        ax.scatter([number], [y], s=170 + 110 * len(str(N)), color=face, edgecolor=PATH_RED, zorder=3)
        ax.text(number, y, str(number), ha="center", va="center", fontsize=10, zorder=4)
    ax.set_yticks(ys, [f"guess {i}" for i in range(1, n + 1)], fontsize=10)
    ax.set_ylim(-n - 0.7, -0.3)
    ax.set_xlim(0.5, N + 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=10, steps=[1, 2, 5, 10], integer=True, min_n_ticks=1))
    ax.set_xticks([t for t in ax.get_xticks() if 1 <= t <= N] or [1])
    answers = ax.twinx()
    answers.set_ylim(ax.get_ylim())
    answers.set_yticks(ys, [r[3] for r in rows], fontsize=10)
    for side in (ax, answers):
        side.tick_params(axis="y", length=0)
        for spine in ("left", "right", "top"):
            side.spines[spine].set_visible(False)
    ax.set_xlabel(
        f"the numbers 1..{N}; a bar: where the secret could still lie before the guess", fontsize=10
    )
    found = rows[-1][3] == "correct"
    ax.set_title(
        f"Your guesses: {n} of them, the number was {rows[-1][2]}"
        if found
        else f"Your guesses so far: {n}, the number lies in {low}..{high}",
        fontsize=10,
    )
    return _closed(figure)


def _payoff_lines(ax, matrix, step: DresherStep | None) -> None:
    """Draw the payoff lines of a two-row game on ``ax`` (identical lines share one label)."""
    rows = np.asarray(matrix.to_numpy() if hasattr(matrix, "to_numpy") else matrix, dtype=float)
    if rows.ndim != 2 or rows.shape[0] != 2:
        raise ValueError("the payoff lines need a game with exactly two rows")
    x = np.linspace(0, 1, 201)
    groups: dict[tuple[float, float], list[int]] = {}
    for j, (a, b) in enumerate(zip(rows[0], rows[1], strict=True), start=1):
        groups.setdefault((a, b), []).append(j)
    envelope = np.min([x * a + (1 - x) * b for a, b in groups], axis=0)
    ax.fill_between(
        x, min(3.0, envelope.min()) - 0.5, envelope, color="#ffd8a8", alpha=0.8, label="Alice can guarantee"
    )
    basic = set(step.basis[1:]) if step is not None else set()
    colours = plt.cm.tab10.colors
    for (a, b), columns in groups.items():
        ax.plot(
            x,
            x * a + (1 - x) * b,
            color=colours[(columns[0] - 1) % 10],
            lw=2.8 if basic & set(columns) else 1.2,
            label=" = ".join(f"P{j}" for j in columns),
        )
    if step is not None:
        x1, value = float(-step.inverse[0][1]), float(step.value)
        ax.scatter([x1], [value], color="black", zorder=5, s=40)
        right = x1 < 0.6  # the label goes where there is room, never over the frame
        ax.annotate(
            f"value {step.value}",
            (x1, value),
            textcoords="offset points",
            xytext=(7, 7) if right else (-7, 7),
            ha="left" if right else "right",
            fontsize=10,
            bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
            zorder=6,
        )
    ax.set_xlabel("$x^s_1$, Alice's weight on the pair {1, 4}", fontsize=10)
    ax.set_ylabel("payoff (doubled)", fontsize=10)
    ax.tick_params(labelsize=10)
    ax.set_xlim(0, 1)
    ax.set_ylim(2.5, 7.5)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0", "1/4", "1/2", "3/4", "1"])
    ax.set_yticks(range(3, 8))


def plot_payoff_lines(matrix: Sequence[Sequence], step: DresherStep | None = None, ax=None) -> Figure:
    """The folded N = 4 game (eq. 1.20): each column of Bob is the line x a_1j + (1 - x) a_2j.

    The shaded region lies under every line (the values Alice can guarantee); with a Dresher
    ``step``, Alice's provisional strategy x_1 and the provisional value are marked, and the
    basic columns are drawn bold. The legend sits to the right of the axes.
    """
    own = ax is None
    if own:
        figure, ax = plt.subplots(figsize=(7, 4), layout="constrained")
    else:
        figure = ax.figure
    _payoff_lines(ax, matrix, step)
    ax.legend(fontsize=10, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)
    return _closed(figure) if own else figure


def plot_dresher_run(matrix: Sequence[Sequence], steps: Sequence[DresherStep]) -> Figure:
    """Dresher's iterations on a two-row game (Section 1.13), one panel each, two to a row, with
    one legend for all: the basic columns bold, Alice's provisional strategy and value marked."""
    steps = list(steps)
    if not steps:
        raise ValueError("there are no iterations to draw")
    rows = -(-len(steps) // 2)
    figure, axes = plt.subplots(
        rows, 2, figsize=(8.4, 3.2 * rows + 0.6), layout="constrained", squeeze=False, sharey=True
    )
    for k, (step, ax) in enumerate(zip(steps, axes.flat, strict=False), start=1):
        _payoff_lines(ax, matrix, step)
        entering = f": P{step.entering} enters, P{step.leaving} leaves" if step.entering else ": optimal"
        ax.set_title(f"iteration {k}{entering}", fontsize=10)
        if k % 2 == 0:
            ax.set_ylabel("")
    for ax in axes.flat[len(steps) :]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    plain = [Line2D([], [], color=h.get_color(), lw=1.5) if isinstance(h, Line2D) else h for h in handles]
    figure.legend(plain, labels, loc="outside right upper", fontsize=10)
    return _closed(figure)


def plot_heatmap(distributions: dict[int, Sequence], title: str = "") -> Figure:
    """Alice's optimal distributions, one row per N (fig. 3.1, 3.3): row N is cut into N cells,
    coloured by N * P(secret = i), the probability relative to the uniform 1/N."""
    sizes = sorted(distributions)
    figure, ax = plt.subplots(figsize=(7, 0.02 * len(sizes) + 3.5), layout="constrained")
    cmap = plt.cm.viridis
    top = max(max(float(p) * N for p in distributions[N]) for N in sizes)
    for N in sizes:
        edges = np.linspace(0, 1, N + 1)
        values = np.array([[float(p) * N for p in distributions[N]]])
        ax.pcolormesh(edges, [N - 0.5, N + 0.5], values, cmap=cmap, vmin=0, vmax=top, shading="flat")
    mappable = plt.cm.ScalarMappable(cmap=cmap, norm=plt.Normalize(0, top))
    bar = figure.colorbar(mappable, ax=ax, label="N x P(secret = i)  (1: as often as uniform)")
    bar.set_ticks([tick for tick in np.arange(0, top + 1e-9, 0.5)])
    ax.set_xlabel("relative position (i - 1/2) / N of the secret i")
    ax.set_ylabel("N")
    ax.set_ylim(sizes[0] - 0.5, sizes[-1] + 0.5)
    _ticks_within_limits(ax)
    ax.set_title(title or f"Alice's optimal distribution, N = {sizes[0]}..{sizes[-1]}", fontsize=11)
    return _closed(figure)


def plot_profiles(distributions: dict[int, Sequence]) -> Figure:
    """A few of Alice's optimal distributions, one panel each (after fig. 3.2): bars of
    N * P(secret = i) over the relative position (i - 1/2) / N, the uniform level 1 dashed."""
    sizes = sorted(distributions)
    if not 1 <= len(sizes) <= 8:
        raise ValueError(f"draw between 1 and 8 distributions side by side, got {len(sizes)}")
    figure, axes = plt.subplots(
        len(sizes), 1, figsize=(7, 1.25 * len(sizes) + 0.9), sharex=True, sharey=True, layout="constrained"
    )
    axes = np.atleast_1d(axes)
    top = max(max(float(p) * N for p in distributions[N]) for N in sizes)
    for N, ax in zip(sizes, axes, strict=True):
        relative = [float(p) * N for p in distributions[N]]
        ax.bar(
            (np.arange(1, N + 1) - 0.5) / N, relative, width=1 / N, color="#4dabf7", edgecolor="white", lw=0.3
        )
        ax.axhline(1, color="#495057", lw=0.9, ls="--")
        ax.text(0.5, 0.93, f"N = {N}", transform=ax.transAxes, ha="center", va="top", fontsize=10)
        ax.set_ylim(0, top * 1.25)
        ax.set_yticks([0, 1, 2] if top < 2.6 else [0, 1, 2, 3])
        ax.tick_params(labelsize=10)
    axes[-1].set_xlim(0, 1)
    axes[-1].set_xticks([0, 0.25, 0.5, 0.75, 1], ["0", "1/4", "1/2", "3/4", "1"])
    axes[-1].set_xlabel("relative position (i - 1/2) / N of the secret i")
    figure.supylabel("N x P(secret = i)", fontsize=10)
    figure.suptitle("Alice's optimal distributions (dashed: uniform)", fontsize=11)
    return _closed(figure)


def plot_distribution(hider: Sequence, N: int) -> Figure:
    """Alice's optimal distribution for one N as bars (fig. 3.4), N/4, N/2 and 3N/4 dotted."""
    N = check_size(N)
    if len(hider) != N:
        raise ValueError(f"a distribution on 1..{N} has {N} probabilities, got {len(hider)}")
    figure, ax = plt.subplots(figsize=(7, 3.2), layout="constrained")
    ax.bar(range(1, N + 1), [float(p) for p in hider], width=1.0, color="#4dabf7", edgecolor="none")
    for q in (4, 2, 4 / 3):
        ax.axvline(N / q + 0.5, color="#868e96", lw=0.9, ls=":")
    ax.set_xlabel("secret i (dotted: N/4, N/2, 3N/4)")
    ax.set_ylabel("P(secret = i)")
    margin = 0.5 + N / 100  # the end bars, Alice's favourites, clear of the frame
    ax.set_xlim(1 - margin, N + margin)
    ax.set_ylim(0, None)
    ax.xaxis.set_major_locator(MaxNLocator(nbins=10, steps=[1, 2, 5, 10], integer=True))
    _ticks_within_limits(ax)
    ax.set_title(f"Alice's optimal distribution for N = {N}", fontsize=11)
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
    figure, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    rounds = np.arange(1, len(upper) + 1)
    ax.plot(rounds, upper, color="#1c7ed6", lw=1.6, label="upper: value of the restricted LP")
    ax.plot(
        np.arange(1, len(lower) + 1), lower, color="#e03131", lw=1, label="pricing: best reply to the duals"
    )
    ax.plot(
        np.arange(1, len(lower) + 1),
        np.maximum.accumulate(np.asarray(lower, dtype=float)),
        color="#495057",
        ls="--",
        lw=1.2,
        label="best lower bound so far",
    )
    ax.set_xlabel("round", fontsize=11)
    ax.set_ylabel("bound on V(N)", fontsize=11)
    ax.tick_params(labelsize=10)
    ax.set_title(f"Bounds during the column generation for N = {N}", fontsize=12)
    # the bounds close high on the right, so the lower right corner stays empty
    ax.legend(fontsize=10.5, loc="lower right")
    _ticks_within_limits(ax)
    return _closed(figure)


def plot_iterations(iterations: dict[int, int], proved: set[int] = frozenset()) -> Figure:
    """Rounds (LP re-solves, the records' ``iterations``) of the warm-started sweep per N (fig.
    3.5), powers of two marked; the sizes in ``proved`` (grown guess proved optimal without an LP)
    are dots: least-squares rounds."""
    sizes = sorted(iterations)
    figure, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    lp = [N if N not in proved else np.nan for N in sizes]
    # a size solved in no iteration (N = 1) has no place on the log axis: left out, not clipped
    counts = [iterations[N] if iterations[N] > 0 else np.nan for N in sizes]
    ax.plot(lp, counts, color="#5f3dc4", lw=1, label="column generation: rounds (LP re-solves)")
    if proved:
        marked = sorted(proved & set(sizes))
        ax.plot(
            marked,
            [iterations[N] for N in marked],
            ".",
            ms=5,
            color="#e8590c",
            label="guess proved: least-squares rounds",
        )
        # below the axes, where no curve can run under it
        ax.legend(fontsize=10.5, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, frameon=False)
    for k in range(1, int(math.log2(max(sizes))) + 1):
        ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    ax.set_xlabel("N", fontsize=11)
    ax.set_ylabel("rounds", fontsize=11)
    ax.tick_params(labelsize=10)
    ax.set_yscale("log")
    ax.set_title("Rounds per N (dotted: powers of two)", fontsize=12)
    _ticks_within_limits(ax)
    return _closed(figure)


def plot_rounds(rounds: dict[str, dict[int, int]]) -> Figure:
    """Rounds (LP re-solves) per N of several variants of one column generation (fig. 3.5),
    one line per variant, powers of two dotted."""
    figure, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    colours = ("#5f3dc4", "#e8590c", "#2b8a3e", "#1c7ed6")
    for (label, counts), colour in zip(rounds.items(), colours, strict=False):
        sizes = sorted(counts)
        ax.plot(sizes, [counts[N] for N in sizes], color=colour, lw=1.3, marker=".", ms=5, label=label)
    largest = max(max(counts) for counts in rounds.values())
    for k in range(1, int(math.log2(largest)) + 1):
        ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    ax.set_xlabel("N", fontsize=11)
    ax.set_ylabel("rounds (LP re-solves)", fontsize=11)
    ax.tick_params(labelsize=10)
    ax.set_yscale("log")
    ax.set_title("Rounds of column generation per N (dotted: powers of two)", fontsize=12)
    # below the axes, where no curve can run under it
    ax.legend(fontsize=10.5, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, frameon=False)
    _ticks_within_limits(ax)
    return _closed(figure)


def plot_values(values: dict[int, float]) -> Figure:
    """V(N) against log2(N): the value tracks log2(N) at a nearly constant distance."""
    sizes = sorted(values)
    logs = np.log2(sizes)
    figure, ax = plt.subplots(figsize=(6.5, 3.4), layout="constrained")
    ax.plot(logs, [values[N] for N in sizes], color="#2b8a3e", label="V(N)")
    ax.plot(logs, logs, color="#868e96", ls="--", label="log2(N)")
    ax.set_xlabel("log2(N)")
    ax.set_ylabel("expected number of guesses")
    ax.legend(fontsize=10)
    _ticks_within_limits(ax)
    return _closed(figure)


def plot_dips(depth: dict[int, float], where: dict[int, float]) -> Figure:
    """Gilbert's conjecture on every N: ``depth[N]`` is Alice's least probability on an inner
    secret (1 < i < N) divided by her median probability (1: no dip); ``where[N]`` is the relative
    position (i - 1/2) / N of that least probability, for the N that have a dip. N on a log
    scale, powers of two dotted."""
    sizes = sorted(depth)
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(7, 5.4), sharex=True, layout="constrained")
    top.plot(sizes, [depth[N] for N in sizes], color="#1c7ed6", lw=0.9)
    top.set_ylabel("least inner / median")
    top.set_title("Gilbert's dips: Alice's least inner probability against her median one", fontsize=11)
    marked = sorted(where)
    bottom.scatter(marked, [where[N] for N in marked], s=9, color="#e03131")
    for fraction in (1 / 16, 1 / 8, 1 / 4, 1 / 2):
        bottom.axhline(fraction, color="#adb5bd", lw=0.8, ls="--")
    bottom.set_yticks([0, 1 / 16, 1 / 8, 1 / 4, 1 / 2], ["0", "1/16", "1/8", "1/4", "1/2"])
    bottom.set_ylim(0, 0.55)
    bottom.set_ylabel("where: (i - 1/2) / N")
    bottom.set_xlabel("N (log scale; dotted: the powers of two)")
    for ax in (top, bottom):
        for k in range(1, int(math.log2(max(sizes))) + 1):
            ax.axvline(2**k, color="#adb5bd", lw=0.8, ls=":")
    bottom.set_xscale("log", base=2)
    bottom.set_xlim(min(sizes) - 0.5, max(sizes) * 1.05)
    for ax in (top, bottom):
        _ticks_within_limits(ax)
    return _closed(figure)
