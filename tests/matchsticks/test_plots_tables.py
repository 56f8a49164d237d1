"""Figures and tables: what they draw matches the model; bad input raises a sentence."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from puzzles.matchsticks.model import grundy_table, outcome_period, win_table  # noqa: E402
from puzzles.matchsticks.plots import (  # noqa: E402
    OUTCOME_COLOURS,
    plot_first_picks,
    plot_grundy,
    plot_outcomes,
    set_label,
)
from puzzles.matchsticks.tables import backward_table, period_table, theorem_table  # noqa: E402
from support.figures import legibility_problems  # noqa: E402


def test_plot_outcomes_draws_the_dp():
    figure = plot_outcomes([3, (1, 3, 4)], n_max=30)
    assert isinstance(figure, Figure)
    data = figure.axes[0].images[0].get_array()
    assert data.shape == (2, 31)
    assert list(data[1]) == [0 if bit else 1 for bit in win_table(30, (1, 3, 4), False)]
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels[1] == "S = {1,3,4}  (t=0, period 7)"


def test_plot_outcomes_marks_where_the_period_starts():
    sets = [(3, 5, 9), (1, 3, 4), (2, 4, 7)]
    for misere in (False, True):
        figure = plot_outcomes(sets, n_max=40, misere=misere)
        (bars,) = figure.axes[0].collections
        segments = bars.get_segments()
        assert len(segments) == len(sets)
        for row, (moves, segment) in enumerate(zip(sets, segments, strict=True)):
            t = outcome_period(moves, misere)[0]
            # a bar across the strip (row) on the left edge of position n = t
            assert [tuple(point) for point in segment] == [(t - 0.5, row - 0.5), (t - 0.5, row + 0.5)]
            labels = [label.get_text() for label in figure.axes[0].get_yticklabels()]
            assert f"(t={t}, period " in labels[row]
    # the pattern of {3, 5, 9} starts late: at n = 11 under normal play, 14 under misere play
    assert outcome_period((3, 5, 9), False)[0] == 11 and outcome_period((3, 5, 9), True)[0] == 14
    # a preperiod beyond the strip is not drawn
    assert not plot_outcomes([(3, 5, 9)], n_max=10).axes[0].collections


def test_plot_first_picks_draws_the_closed_form():
    figure = plot_first_picks((1, 4, 7), 40)
    panels = [axis for axis in figure.axes if axis.get_lines()]
    assert [axis.get_title(loc="left") for axis in panels] == ["M = 1", "M = 4", "M = 7"]
    for axis, M in zip(panels, (1, 4, 7), strict=True):
        picks, crosses = axis.get_lines()[:2]
        N, m1 = picks.get_data()
        assert list(N) == list(range(1, 41))
        for n, value in zip(N, m1, strict=True):
            # independent evidence: the DP's winning first takes (at most one, by lesson 1)
            wins = [k for k in range(1, M + 1) if k < n and not win_table(n, M)[n - k]]
            assert (np.isnan(value) and wins == []) or [value] == wins
        # a red cross on the "none" row at every N with no winning first pick
        lost = [int(n) for n in crosses.get_xdata()]
        assert lost == [n for n in range(1, 41) if (n - 1) % (M + 1) == 0]
        assert set(crosses.get_ydata()) == {0} and axis.get_yticklabels()[0].get_text() == "none"


def test_plot_grundy_marks_the_zeros():
    figure = plot_grundy([(1, 4), (2, 5, 6)], n_max=30)
    for axis, moves in zip(figure.axes, [(1, 4), (2, 5, 6)], strict=True):
        values = list(grundy_table(30, moves))
        (marks,) = axis.get_lines()
        # a zero-height bar shows nothing: each G(n) = 0 has a red square on the axis instead
        assert [int(n) for n in marks.get_xdata()] == [n for n, g in enumerate(values) if g == 0]
        assert set(marks.get_ydata()) == {0} and marks.get_marker() == "s"
        assert marks.get_color() == OUTCOME_COLOURS["lose"]
        assert axis.get_ylim()[0] < 0  # the squares sit inside the axes
    assert "red square" in figure.axes[-1].get_xlabel()


@pytest.mark.parametrize(
    "make",
    [
        lambda: plot_first_picks(),
        lambda: plot_first_picks((1, 2, 3, 5, 8, 12, 20, 30), 400),
        lambda: plot_outcomes(range(1, 7), n_max=60, misere=True),
        lambda: plot_outcomes([(1, 2), (2, 7, 10), (3, 5, 9)] * 10, n_max=2000),
        lambda: plot_grundy([(1, 2, 3), (1, 3, 4), (2, 5, 6), (3, 5, 9)], n_max=50),
        lambda: plot_grundy([tuple(range(1, 14))], n_max=400),
    ],
)
def test_lesson_sized_and_largest_figures_stay_legible(make):
    figure = make()
    assert legibility_problems(figure) == []


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: plot_outcomes([], 10), "at least one"),
        (lambda: plot_outcomes(3, 10), "as a list"),
        (lambda: plot_outcomes([{0}], 10), "positive"),
        (lambda: plot_grundy([2], 0), "at least 1"),
        (lambda: plot_first_picks([0], 10), "at least 1"),
        (lambda: plot_first_picks(3, 10), "as a list"),
        (lambda: plot_first_picks([], 10), "at least one"),
        (lambda: plot_first_picks(range(1, 10), 10), "at most 8"),
        (lambda: plot_first_picks([3], 401), "at most 400"),
        (lambda: plot_outcomes([3], 2001), "at most 2000"),
        (lambda: plot_outcomes([3] * 31, 10), "at most 30"),
        (lambda: plot_outcomes([3], 10, misere=1), "True or False"),
        (lambda: plot_grundy([3] * 9, 10), "at most 8"),
        (lambda: plot_grundy([3], 401), "at most 400"),
    ],
)
def test_plot_bad_input(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_set_label():
    assert set_label(5) == "{1..5}" and set_label(3) == "{1,2,3}" and set_label({4, 1}) == "{1,4}"


def test_tables():
    frame = backward_table(30, 3)
    assert frame.loc[29, "outcome"] == "lose" and frame.loc[30, "winning takes"] == "{1}"
    assert list(frame.index) == list(range(31))
    theorem = theorem_table([(60, 5), (61, 5)])
    assert theorem.loc[1, "m1 (theorem)"] == 5 and theorem.loc[2, "m1 (theorem)"] is None
    assert theorem.loc[1, "DP: winning takes"] == "{5}" and theorem.loc[2, "DP: outcome"] == "lose"
    assert theorem.loc[1, "levels n_j"] == "55, 49, ..., 1"
    periods = period_table([(1, 3, 4)], n_show=14)
    assert periods.loc["{1,3,4}", "normal (t, period)"] == (0, 7)
    assert periods.loc["{1,3,4}", "lost (normal), n <= 14"] == "{0,2,7,9,14}"
    assert not np.isnan(theorem.loc[1, "p"])


def test_printed_instances_only_instance_i_disagrees():
    from puzzles.matchsticks.printed import instance_errata

    frame = instance_errata()
    assert list(frame["agrees"]) == [False, True, True, True]
    assert frame.loc["(i)", "printed m1"] == 4 and frame.loc["(i)", "computed m1"] == 5
    assert frame.loc["(i)", "DP: winning first takes"] == "{5}"
    assert frame.loc["(iv)", "computed m1"] == 0 and frame.loc["(iv)", "DP: winning first takes"] == "{}"
