"""Figures for the egg-dropping unit: each function returns a matplotlib Figure.

Source: Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in Braunschweig and Hong Kong".
Values come exactly from ``puzzles.egg.model`` and become floats only here, for drawing.
Figures are closed after they are built, so a notebook shows each one once (as the cell's
value) and nothing accumulates in pyplot's list of open figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from numbers import Rational

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from puzzles.course.display import decimal
from puzzles.course.validate import whole_number as _whole
from puzzles.egg.model import (
    expected_drops,
    expected_trials,
    laplace_drops,
    laplace_numerator,
    laplace_trials,
    max_size,
    nature_response,
    rep,
    worst_case_drops,
    worst_case_trials,
)

__all__ = [
    "plot_trials",
    "plot_laplace_ratio",
    "plot_drop_waves",
    "plot_nature",
    "plot_prior",
    "plot_rep",
    "NATURE_COLOURS",
    "honest_decimal",
]

SCENARIOS = ("worst", "laplace", "both")


def honest_decimal(value: Rational, places: int) -> str:
    """``decimal(value, places)``, with more places where rounding would show a whole number the value
    is not: 4194280/2097151 reads 1.99999 (or 1.9999895), never 2.0000."""
    value = Fraction(value)
    shown = decimal(value, places)
    while places < 30 and Fraction(shown) != value and Fraction(shown).denominator == 1:
        places += 1
        shown = decimal(value, places)
    return shown


NATURE_COLOURS = {"break": "#d62728", "survive": "#2ca02c", "either": "#f2c94c"}


def _egg_list(eggs: Iterable[int]) -> list[int]:
    try:
        values = list(eggs)
    except TypeError:
        raise ValueError("give the numbers of eggs as a list, for example (1, 2, 3)") from None
    if not values:
        raise ValueError("give at least one number of eggs to plot")
    return [_whole(n, "a number of eggs n", 1) for n in values]


def _figure(rows: int = 1, columns: int = 1, **kwargs) -> tuple[Figure, np.ndarray]:
    kwargs.setdefault("layout", "constrained")
    figure, axes = plt.subplots(rows, columns, squeeze=False, **kwargs)
    plt.close(figure)
    return figure, axes


def _ticks_inside(ax) -> None:
    """Keep only the major ticks inside the axes' limits (a label beyond them sits off the canvas)."""
    for axis, limits in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        low, high = sorted(limits)
        slack = 1e-9 * max(abs(low), abs(high), 1.0)
        ticks = [t for t in axis.get_majorticklocs() if low - slack <= t <= high + slack]
        axis.set_ticks(ticks)


def _sizes(n: int, k_max: int, samples: int = 1500, max_blocks: int = 20000) -> list[int]:
    """Sizes 1..k_max to draw on a logarithmic k axis: the first and last size of every block of
    equal W(n, k) when there are at most ``max_blocks`` blocks, and ``samples`` sizes spread
    evenly on the log scale."""
    spread = {int(k) for k in np.unique(np.geomspace(1, k_max, samples).round())}
    spread.update((1, k_max))
    blocks = worst_case_trials(n, k_max)
    if blocks <= max_blocks:
        for j in range(1, blocks + 1):
            spread.add(max_size(n, j - 1) + 1)
            spread.add(min(max_size(n, j), k_max))
    return sorted(k for k in spread if 1 <= k <= k_max)


def plot_trials(
    eggs: Iterable[int] = (1, 2, 3, 4), k_max: int = 100, scenario: str = "worst", log: bool = False
) -> Figure:
    """W(n, k) (eq. (17)) as step curves over k = 0..k_max, one per n in ``eggs``.

    ``scenario="laplace"`` draws L(n, k) (eq. (28)) instead, and ``"both"`` overlays the two:
    W solid, L dashed in the same colour. One egg needs W(1, k) = k trials, far above the
    others: when ``eggs`` holds 1 and more, the vertical axis stops a little above the other
    curves and a note says where the one-egg curve leaves the chart.

    ``log=True`` draws both axes on a logarithmic scale, for k up to millions, with the least
    number of trials any number of eggs can reach, ceil(log2(k + 1)) (bisection), dotted:
    W(1, k) = k, W(2, k) ~ sqrt(2k), W(3, k) ~ (6k)^(1/3), ... close in on it, ever more slowly.
    """
    egg_values = _egg_list(eggs)
    k_max = _whole(k_max, "k_max", 1)
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be 'worst', 'laplace' or 'both', got {scenario!r}")
    if log not in (True, False):
        raise ValueError(f"log must be True or False, got {log!r}")
    if not log and k_max > 100_000:
        raise ValueError(
            f"k_max = {k_max} is too many sizes for a linear axis: use log=True, or k_max <= 100000"
        )
    figure, axes = _figure(figsize=(7, 4.5))
    ax = axes[0, 0]
    if log:
        ks = np.array(sorted(set().union(*(_sizes(n, k_max) for n in egg_values))))
    else:
        ks = np.arange(k_max + 1)
    drawn: dict[int, list[float]] = {}
    for index, n in enumerate(egg_values):
        colour = f"C{index % 10}"
        if scenario in ("worst", "both"):
            values = [worst_case_trials(n, int(k)) for k in ks]
            ax.step(ks, values, where="post", color=colour, label=f"W({n}, k)")
            drawn.setdefault(n, values)
        if scenario in ("laplace", "both"):
            values = [float(laplace_trials(n, int(k))) for k in ks]
            style = "--" if scenario == "both" else "-"
            ax.plot(ks, values, style, color=colour, label=f"L({n}, k)")
            drawn.setdefault(n, values)
    titles = {
        "worst": "Worst case: least number of trials W(n, k)",
        "laplace": "Laplace's scenario: least expected number of trials L(n, k)",
        "both": "Worst case W(n, k) (solid) and Laplace's L(n, k) (dashed)",
    }
    ax.set_title(titles[scenario])
    ax.set_xlabel("size of the interval of uncertainty k" + (" (log scale)" if log else ""))
    ax.set_ylabel("number of trials" + (" (log scale)" if log else ""))
    ax.grid(alpha=0.3, which="both" if log else "major")
    if log:
        bisection = [int(k).bit_length() for k in ks]  # ceil(log2(k + 1))
        ax.step(ks, bisection, where="post", color="0.35", linestyle=":", label="any number of eggs")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(1, k_max)
        ax.set_ylim(0.8, 1.5 * max(max(v) for v in drawn.values()))
        ax.legend(loc="upper left")
    else:
        ax.set_xlim(0, k_max)
        others = [n for n in egg_values if n > 1]
        if 1 in egg_values and others:
            top = max(max(drawn[n]) for n in others)
            ceiling = max(3, int(np.ceil(1.4 * top)))
            one = np.array(drawn[1])
            if one.max() > ceiling:
                ax.set_ylim(0, ceiling)
                leave = int(ks[np.argmax(one > ceiling)])
                if scenario == "laplace":
                    symbol, end = "L", decimal(laplace_trials(1, k_max), 2)
                else:
                    symbol, end = "W", str(worst_case_trials(1, k_max))
                ax.annotate(
                    f"one egg: {symbol}(1, k) leaves the chart at k = {leave}\n"
                    f"({symbol}(1, {k_max}) = {end})",
                    xy=(leave, ceiling),
                    xytext=(leave + 0.04 * k_max, 0.8 * ceiling),
                    color="C0",
                    arrowprops={"arrowstyle": "->", "color": "C0"},
                    va="top",
                )
            else:
                ax.set_ylim(bottom=0)
        else:
            ax.set_ylim(bottom=0)
        ax.legend(title="n eggs", loc="lower right")
    _ticks_inside(ax)
    return figure


def plot_laplace_ratio(eggs: Iterable[int] = (1, 2, 3), k_max: int = 10**6) -> Figure:
    """L(n, k) / W(n, k) for k = 1..k_max on a logarithmic k axis, one curve per n in ``eggs``.

    The ratio tends to n / (n + 1) (dashed): one egg's average is half its worst case, two
    eggs' average about 2/3 of theirs. Inside a block of equal W(n, k) the ratio rises, so the
    curve is a saw; it is drawn through the first and last size of every block (exact values,
    as floats), or through sizes spread on the log scale when the blocks are too many.
    """
    egg_values = _egg_list(eggs)
    k_max = _whole(k_max, "k_max", 1, 10**15)
    figure, axes = _figure(figsize=(7, 4.5))
    ax = axes[0, 0]
    for index, n in enumerate(egg_values):
        colour = f"C{index % 10}"
        ks = _sizes(n, k_max, samples=800)
        ratios = [float(Fraction(laplace_numerator(n, k), (k + 1) * worst_case_trials(n, k))) for k in ks]
        ax.plot(ks, ratios, color=colour, linewidth=1.2, label=f"L({n}, k) / W({n}, k)")
        limit = Fraction(n, n + 1)
        ax.axhline(float(limit), color=colour, linestyle="--", linewidth=1, label=f"limit {limit}")
    ax.set_xscale("log")
    ax.set_xlim(1, k_max)
    ax.set_ylim(0.45, 1.02)
    ax.set_title("Laplace's average against the worst case")
    ax.set_xlabel("size of the interval of uncertainty k (log scale)")
    ax.set_ylabel("L(n, k) / W(n, k)")
    ax.grid(alpha=0.3, which="major")
    ax.legend(loc="upper right", ncols=2)
    _ticks_inside(ax)
    return figure


def plot_drop_waves(n: int = 2, k_max: int = 60, mark: int | None = None) -> Figure:
    """The waves of optimal first drops: X(n, k) (eq. (19)) and Y(n, k), k = 1..k_max.

    For each k a vertical segment runs from min to max of the set; the X(n, k) segments form
    right isosceles triangles, the Y(n, k) segments bars one floor high for two eggs and
    parallelograms for three or more (Sniedovich, Appendix, Module 5); one egg has the single drop 1.
    ``mark`` (a size in 1..k_max) draws a vertical line at that k in both panels.
    """
    n = _whole(n, "the number of eggs n", 1)
    k_max = _whole(k_max, "k_max", 1)
    if mark is not None:
        mark = _whole(mark, "the marked size k", 1, k_max)
    figure, axes = _figure(1, 2, figsize=(9, 4.2), sharey=True)
    ks = np.arange(1, k_max + 1)
    shapes = (" = {{1}}", " = {{1}}") if n == 1 else (", triangles", ", parallelograms")
    if n == 2:
        shapes = (", triangles", ", bars one floor high")
    panels = [
        (worst_case_drops, "X", "C0", "worst case: X({n}, k)" + shapes[0]),
        (laplace_drops, "Y", "C1", "Laplace: Y({n}, k)" + shapes[1]),
    ]
    for ax, (drops_of, symbol, colour, title) in zip(axes[0], panels, strict=True):
        sets = [drops_of(n, int(k)) for k in ks]
        low = np.array([s.start for s in sets])
        high = np.array([s.stop - 1 for s in sets])
        width = 2.5 if k_max <= 80 else max(0.4, 200 / k_max)
        ax.vlines(ks, low, high, color=colour, linewidth=width, label=f"{symbol}({n}, k): min to max")
        if k_max <= 200:
            ax.plot(ks, low, ".", color=colour, markersize=3)
            ax.plot(ks, high, ".", color=colour, markersize=3)
        if mark is not None:
            ax.axvline(mark, color="0.2", linestyle=":", linewidth=1.2, label=f"k = {mark}", zorder=0)
        ax.set_title(title.format(n=n))
        ax.set_xlabel("size k")
        ax.set_xlim(0, k_max + 1)
        ax.set_ylim(0, max(high) + 1)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left")
    axes[0, 0].set_ylabel("optimal first drop x")
    figure.suptitle(f"Optimal first drops with n = {n} eggs")
    for ax in axes[0]:
        _ticks_inside(ax)
    return figure


def plot_nature(n: int = 2, k_max: int = 30, mark: tuple[int, int] | None = None) -> Figure:
    """Mother Nature's optimal reply z(n, k, x) (Lemma 19) over 1 <= x <= k <= k_max.

    Each cell is "break", "survive" or "either" (a tie); black dots mark the DM's optimal
    drops X(n, k), where Nature's reply never lengthens the game beyond W(n, k). ``mark`` =
    (k, x) circles one cell.
    """
    n = _whole(n, "the number of eggs n", 1)
    k_max = _whole(k_max, "k_max", 1)
    if mark is not None:
        try:
            k_mark, x_mark = mark
        except (TypeError, ValueError):
            raise ValueError(f"mark must be a pair (k, x), got {mark!r}") from None
        k_mark = _whole(k_mark, "the marked size k", 1, k_max)
        x_mark = _whole(x_mark, "the marked drop x", 1, k_mark)
    codes = {"break": 0, "survive": 1, "either": 2}
    grid = np.full((k_max, k_max), np.nan)  # grid[x - 1, k - 1]
    for k in range(1, k_max + 1):
        for x in range(1, k + 1):
            grid[x - 1, k - 1] = codes[nature_response(n, k, x)]
    figure, axes = _figure(figsize=(7, 6))
    ax = axes[0, 0]
    colours = ListedColormap([NATURE_COLOURS[name] for name in codes])
    ax.imshow(
        np.ma.masked_invalid(grid),
        origin="lower",
        cmap=colours,
        vmin=-0.5,
        vmax=2.5,
        extent=(0.5, k_max + 0.5, 0.5, k_max + 0.5),
        interpolation="nearest",
        aspect="equal",
    )
    optimal_k, optimal_x = [], []
    for k in range(1, k_max + 1):
        for x in worst_case_drops(n, k):
            optimal_k.append(k)
            optimal_x.append(x)
    size = 8 if k_max <= 40 else max(1.0, 8 * (40 / k_max) ** 2)
    dots = ax.scatter(optimal_k, optimal_x, s=size, color="black", label=f"optimal drops X({n}, k)")
    handles = [Patch(color=NATURE_COLOURS[name], label=f'z = "{name}"') for name in codes]
    handles.append(dots)
    if mark is not None:
        ring = ax.scatter(
            [k_mark],
            [x_mark],
            s=160,
            facecolors="none",
            edgecolors="#1864ab",
            linewidths=2,
            label=f"k = {k_mark}, x = {x_mark}",
        )
        handles.append(ring)
    ax.legend(handles=handles, loc="upper left")
    ax.set_title(f"Mother Nature's reply z({n}, k, x) (Lemma 19)")
    ax.set_xlabel("size of the interval of uncertainty k")
    ax.set_ylabel("drop x (relative position)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    _ticks_inside(ax)
    return figure


def plot_prior(prior: Sequence[Rational], n: int) -> Figure:
    """A prior over C = 0..H as bars, with the optimal first drops of eq. (27) marked.

    A drop from height h separates C <= h - 1 (survives) from C >= h (breaks), so it is drawn
    as a dashed line between the bars of h - 1 and h. The title gives A(n, H, 1), the least
    expected number of trials (``expected_trials``), as a decimal.
    """
    exact = expected_trials(n, prior)  # checks n and the prior
    value = Fraction(int(exact.numerator), int(exact.denominator))  # numpy ints would overflow
    drops = expected_drops(n, prior)
    weights = [float(w) for w in prior]
    total = sum(weights)
    size = len(weights) - 1
    figure, axes = _figure(figsize=(7, 4))
    ax = axes[0, 0]
    ax.bar(range(size + 1), [w / total for w in weights], color="#9ecae1", edgecolor="#3182bd")
    for index, height in enumerate(drops):
        ax.axvline(
            height - 0.5,
            color="#d62728",
            linestyle="--",
            label="optimal first drop h" if index == 0 else None,
        )
    if drops:
        ax.legend(loc="upper right")
    drops_text = ", ".join(str(h) for h in drops) if drops else "none needed"
    ax.set_title(
        f"Prior over C: least expected trials A({n}, {size}, 1) = {honest_decimal(value, 4)}\n"
        f"optimal first drop h: {drops_text}"
    )
    ax.set_xlabel(f"critical height C (H = {size})")
    ax.set_ylabel("probability P(C)")
    ax.set_xlim(-0.6, size + 0.6)
    ax.set_ylim(0, 1.3 * max(weights) / total)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _ticks_inside(ax)
    return figure


def plot_rep(n_values: Iterable[int] = range(1, 7), j_max: int = 12) -> Figure:
    """rep(j, n) = C(j-1, 0) + ... + C(j-1, n-1) on a log scale (Table 7, eq. (29)-(34)).

    rep(j, n) counts the sizes k with W(n, k) = j: the binomial partial sums of Pascal's triangle.
    """
    egg_values = _egg_list(n_values)
    j_max = _whole(j_max, "j_max", 1)
    figure, axes = _figure(figsize=(7, 4.5))
    ax = axes[0, 0]
    js = list(range(1, j_max + 1))
    for n in egg_values:
        ax.plot(js, [rep(j, n) for j in js], "o-", markersize=4, label=f"n = {n}")
    ax.set_yscale("log")
    ax.set_title("rep(j, n): how many sizes k have W(n, k) = j")
    ax.set_xlabel("number of trials j")
    ax.set_ylabel("rep(j, n) (log scale)")
    ax.set_xlim(0.5, j_max + 0.5)
    ax.grid(alpha=0.3, which="both")
    ax.legend(title="eggs")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _ticks_inside(ax)
    return figure
