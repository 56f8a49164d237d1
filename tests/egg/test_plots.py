"""The unit's figures: right shape, real content, nothing left open in pyplot."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from puzzles.egg.model import (  # noqa: E402
    expected_drops,
    laplace_drops,
    laplace_numerator,
    laplace_trials,
    rep,
    worst_case_drops,
    worst_case_trials,
)
from puzzles.egg.plots import (  # noqa: E402
    plot_drop_waves,
    plot_laplace_ratio,
    plot_nature,
    plot_prior,
    plot_rep,
    plot_trials,
)
from puzzles.egg.widgets import prior_shape  # noqa: E402


@pytest.fixture(autouse=True)
def no_figure_left_open():
    before = set(plt.get_fignums())
    yield
    assert set(plt.get_fignums()) == before


def test_plot_trials_draws_w_as_steps():
    figure = plot_trials(eggs=(1, 2, 3), k_max=40)
    assert isinstance(figure, Figure) and len(figure.axes) == 1
    ax = figure.axes[0]
    assert len(ax.lines) == 3
    assert "W(n, k)" in ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    x, y = ax.lines[1].get_data()
    assert list(y) == [worst_case_trials(2, int(k)) for k in x]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["W(1, k)", "W(2, k)", "W(3, k)"]


def test_plot_trials_laplace_and_both():
    laplace = plot_trials(eggs=(2,), k_max=20, scenario="laplace").axes[0]
    x, y = laplace.lines[0].get_data()
    assert np.allclose(y, [float(laplace_trials(2, int(k))) for k in x])
    both = plot_trials(eggs=(1, 2), k_max=20, scenario="both").axes[0]
    assert len(both.lines) == 4
    assert "L(n, k)" in both.get_title()


def test_one_egg_leaves_the_chart_with_a_note():
    ax = plot_trials(eggs=(1, 2, 3, 4), k_max=100).axes[0]
    bottom, top = ax.get_ylim()
    assert bottom == 0 and worst_case_trials(2, 100) < top < 30  # the curves of 2..4 eggs fill it
    notes = [t.get_text() for t in ax.texts]
    assert len(notes) == 1 and "W(1, 100) = 100" in notes[0]
    leave = int(notes[0].split("k = ")[1].split("\n")[0])
    assert leave == int(top) + 1  # W(1, k) = k first exceeds the top there
    alone = plot_trials(eggs=(1,), k_max=30).axes[0]
    assert alone.get_ylim()[1] >= 30 and not alone.texts


def test_plot_trials_on_log_axes_reaches_a_million():
    ax = plot_trials(eggs=(1, 2, 8), k_max=10**6, log=True).axes[0]
    assert ax.get_xscale() == ax.get_yscale() == "log"
    for line, n in zip(ax.lines[:3], (1, 2, 8), strict=True):
        x, y = line.get_data()
        assert x[-1] == 10**6 and len(x) < 5000
        assert all(worst_case_trials(n, int(k)) == v for k, v in zip(x, y, strict=True))
    x, y = ax.lines[3].get_data()  # any number of eggs: ceil(log2(k + 1))
    assert all(worst_case_trials(64, int(k)) == v for k, v in zip(x, y, strict=True))


def test_plot_laplace_ratio_tends_to_n_over_n_plus_1():
    figure = plot_laplace_ratio(eggs=(1, 2, 3), k_max=10**6)
    ax = figure.axes[0]
    curves = ax.lines[0::2]
    limits = ax.lines[1::2]
    for n, curve, limit in zip((1, 2, 3), curves, limits, strict=True):
        x, y = curve.get_data()
        for k, value in list(zip(x, y, strict=True))[:: max(1, len(x) // 50)]:
            exact = laplace_numerator(n, int(k)) / ((int(k) + 1) * worst_case_trials(n, int(k)))
            assert value == pytest.approx(exact)
        assert limit.get_ydata()[0] == pytest.approx(n / (n + 1))
        assert abs(y[-1] - n / (n + 1)) < 0.01
    # two eggs: the saw's teeth are the blocks of equal W, so both ends of each block are drawn
    x, _ = curves[1].get_data()
    assert {1, 2, 3, 4, 6, 7, 10, 11, 15} <= set(int(k) for k in x)
    with pytest.raises(ValueError, match="at least 1"):
        plot_laplace_ratio(k_max=0)


def test_plot_drop_waves_spans_min_to_max_of_x_and_y():
    figure = plot_drop_waves(n=2, k_max=30)
    assert len(figure.axes) == 2
    for ax, drops_of, symbol in zip(figure.axes, (worst_case_drops, laplace_drops), "XY", strict=True):
        assert f"{symbol}(2, k)" in ax.get_title()
        segments = ax.collections[0].get_segments()
        assert len(segments) == 30
        for k, segment in enumerate(segments, start=1):
            (_, low), (_, high) = segment
            expected = drops_of(2, k)
            assert (low, high) == (expected.start, expected.stop - 1)


def test_plot_drop_waves_names_the_shapes_each_number_of_eggs_draws():
    """One egg: the single drop 1; two: Laplace's bars one floor high; three or more: parallelograms."""
    titles = {n: [ax.get_title() for ax in plot_drop_waves(n=n, k_max=20).axes] for n in (1, 2, 3, 6)}
    assert titles[1] == ["worst case: X(1, k) = {1}", "Laplace: Y(1, k) = {1}"]
    assert titles[2] == ["worst case: X(2, k), triangles", "Laplace: Y(2, k), bars one floor high"]
    assert max(len(laplace_drops(2, k)) for k in range(1, 500)) == 2
    for n in (3, 6):
        assert titles[n] == [f"worst case: X({n}, k), triangles", f"Laplace: Y({n}, k), parallelograms"]


def test_plot_prior_never_rounds_a_value_below_two_up_to_two():
    prior = prior_shape("geometric", 20)  # A(2, 20, 1) = 4194280/2097151, just below 2
    title = plot_prior(prior, 2).axes[0].get_title()
    assert "= 1.99999" in title and "2.0000" not in title


def test_marks_on_the_waves_and_on_the_map():
    figure = plot_drop_waves(n=3, k_max=40, mark=17)
    for ax in figure.axes:
        assert any(list(line.get_xdata()) == [17, 17] for line in ax.lines)
    ax = plot_nature(n=3, k_max=20, mark=(17, 5)).axes[0]
    assert [list(p) for p in ax.collections[1].get_offsets()] == [[17, 5]]
    with pytest.raises(ValueError, match="at most 40"):
        plot_drop_waves(n=3, k_max=40, mark=41)
    with pytest.raises(ValueError, match="at most 17"):
        plot_nature(n=3, k_max=20, mark=(17, 18))


def test_plot_nature_colours_every_cell_of_the_triangle():
    figure = plot_nature(n=2, k_max=12)
    assert len(figure.axes) == 1
    ax = figure.axes[0]
    image = ax.images[0].get_array()
    assert image.count() == 12 * 13 // 2  # cells with 1 <= x <= k
    dots = ax.collections[0].get_offsets()
    assert len(dots) == sum(len(worst_case_drops(2, k)) for k in range(1, 13))
    assert "z(2, k, x)" in ax.get_title()


def test_plot_prior_marks_the_optimal_first_drops():
    prior = prior_shape("rising", 15)
    figure = plot_prior(prior, 2)
    assert len(figure.axes) == 1
    ax = figure.axes[0]
    assert len(ax.patches) == 16
    drops = expected_drops(2, prior)
    assert [line.get_xdata()[0] for line in ax.lines] == [h - 0.5 for h in drops]
    assert "A(2, 15, 1) = " in ax.get_title()


def test_plot_rep_is_logarithmic():
    figure = plot_rep(n_values=range(1, 4), j_max=8)
    ax = figure.axes[0]
    assert ax.get_yscale() == "log" and len(ax.lines) == 3
    assert list(ax.lines[2].get_ydata()) == [rep(j, 3) for j in range(1, 9)]


def test_figures_render():
    for figure in (plot_trials(k_max=10), plot_drop_waves(k_max=10), plot_nature(k_max=5), plot_rep()):
        figure.canvas.draw()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plot_trials(scenario="best"), "scenario must be"),
        (lambda: plot_trials(eggs=(0,)), "at least 1"),
        (lambda: plot_trials(eggs=()), "at least one number of eggs"),
        (lambda: plot_trials(k_max=0), "k_max must be at least 1"),
        (lambda: plot_drop_waves(n=0), "at least 1"),
        (lambda: plot_nature(k_max=2.5), "whole number"),
        (lambda: plot_prior([1, 0, 1], 2), "every weight must be positive"),
        (lambda: plot_prior([1, 1], 0), "positive number of eggs"),
        (lambda: plot_rep(j_max=0), "j_max must be at least 1"),
    ],
)
def test_bad_input_is_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()
