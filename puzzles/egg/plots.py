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
    laplace_trials,
    nature_response,
    rep,
    worst_case_drops,
    worst_case_trials,
)

__all__ = ["plot_trials", "plot_drop_waves", "plot_nature", "plot_prior", "plot_rep", "NATURE_COLOURS"]

SCENARIOS = ("worst", "laplace", "both")
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
    figure, axes = plt.subplots(rows, columns, squeeze=False, **kwargs)
    plt.close(figure)
    return figure, axes


def plot_trials(eggs: Iterable[int] = (1, 2, 3, 4), k_max: int = 100, scenario: str = "worst") -> Figure:
    """W(n, k) (eq. (17)) as step curves over k = 0..k_max, one per n in ``eggs``.

    ``scenario="laplace"`` draws L(n, k) (eq. (28)) instead, and ``"both"`` overlays the two:
    W solid, L dashed in the same colour.
    """
    egg_values = _egg_list(eggs)
    k_max = _whole(k_max, "k_max", 1)
    if scenario not in SCENARIOS:
        raise ValueError(f"scenario must be 'worst', 'laplace' or 'both', got {scenario!r}")
    figure, axes = _figure(figsize=(7, 4.5))
    ax = axes[0, 0]
    ks = np.arange(k_max + 1)
    for index, n in enumerate(egg_values):
        colour = f"C{index % 10}"
        if scenario in ("worst", "both"):
            values = [worst_case_trials(n, k) for k in ks]
            ax.step(ks, values, where="post", color=colour, label=f"W({n}, k)")
        if scenario in ("laplace", "both"):
            values = [float(laplace_trials(n, int(k))) for k in ks]
            style = "--" if scenario == "both" else "-"
            ax.plot(ks, values, style, color=colour, label=f"L({n}, k)")
    titles = {
        "worst": "Worst case: least number of trials W(n, k)",
        "laplace": "Laplace's scenario: least expected number of trials L(n, k)",
        "both": "Worst case W(n, k) (solid) and Laplace's L(n, k) (dashed)",
    }
    ax.set_title(titles[scenario])
    ax.set_xlabel("size of the interval of uncertainty k")
    ax.set_ylabel("number of trials")
    ax.set_xlim(0, k_max)
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(title="n eggs")
    return figure


def plot_drop_waves(n: int = 2, k_max: int = 60) -> Figure:
    """The waves of optimal first drops: X(n, k) (eq. (19)) and Y(n, k), k = 1..k_max.

    For each k a vertical segment runs from min to max of the set; the X(n, k) segments form
    right triangles, the Y(n, k) segments parallelograms (Sniedovich, Appendix, Module 5).
    """
    n = _whole(n, "the number of eggs n", 1)
    k_max = _whole(k_max, "k_max", 1)
    figure, axes = _figure(1, 2, figsize=(11, 4.5), sharey=True)
    ks = np.arange(1, k_max + 1)
    panels = [
        (worst_case_drops, "X", "C0", "worst case: X({n}, k) waves are right triangles"),
        (laplace_drops, "Y", "C1", "Laplace: Y({n}, k) waves are parallelograms"),
    ]
    for ax, (drops_of, symbol, colour, title) in zip(axes[0], panels, strict=True):
        sets = [drops_of(n, int(k)) for k in ks]
        low = np.array([s.start for s in sets])
        high = np.array([s.stop - 1 for s in sets])
        ax.vlines(ks, low, high, color=colour, linewidth=2.5, label=f"{symbol}({n}, k): min to max")
        ax.plot(ks, low, ".", color=colour, markersize=3)
        ax.plot(ks, high, ".", color=colour, markersize=3)
        ax.set_title(title.format(n=n))
        ax.set_xlabel("size of the interval of uncertainty k")
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left")
    axes[0, 0].set_ylabel("optimal first drop x (relative position)")
    figure.suptitle(f"Optimal first drops with n = {n} eggs")
    figure.tight_layout()
    return figure


def plot_nature(n: int = 2, k_max: int = 30) -> Figure:
    """Mother Nature's optimal reply z(n, k, x) (Lemma 19) over 1 <= x <= k <= k_max.

    Each cell is "break", "survive" or "either" (a tie); black dots mark the DM's optimal
    drops X(n, k), where Nature's reply never lengthens the game beyond W(n, k).
    """
    n = _whole(n, "the number of eggs n", 1)
    k_max = _whole(k_max, "k_max", 1)
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
    dots = ax.scatter(optimal_k, optimal_x, s=8, color="black", label=f"optimal drops X({n}, k)")
    handles = [Patch(color=NATURE_COLOURS[name], label=f'z = "{name}"') for name in codes]
    handles.append(dots)
    ax.legend(handles=handles, loc="upper left", fontsize="small")
    ax.set_title(f"Mother Nature's reply z({n}, k, x) (Lemma 19)")
    ax.set_xlabel("size of the interval of uncertainty k")
    ax.set_ylabel("drop x (relative position)")
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
        f"Prior over C: least expected trials A({n}, {size}, 1) = {decimal(value, 4)}\n"
        f"optimal first drop h: {drops_text}"
    )
    ax.set_xlabel(f"critical height C (H = {size})")
    ax.set_ylabel("probability P(C)")
    ax.set_xlim(-0.6, size + 0.6)
    ax.set_ylim(0, 1.3 * max(weights) / total)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
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
    ax.grid(alpha=0.3, which="both")
    ax.legend(title="eggs")
    return figure
