"""Figures and tables: what they draw matches the model; bad input raises a sentence."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from puzzles.matchsticks.model import first_pick, grundy_table, win_table  # noqa: E402
from puzzles.matchsticks.plots import plot_first_picks, plot_grundy, plot_outcomes, set_label  # noqa: E402
from puzzles.matchsticks.tables import backward_table, period_table, theorem_table  # noqa: E402


def test_plot_outcomes_draws_the_dp():
    figure = plot_outcomes([3, (1, 3, 4)], n_max=30)
    assert isinstance(figure, Figure)
    data = figure.axes[0].images[0].get_array()
    assert data.shape == (2, 31)
    assert list(data[1]) == [0 if bit else 1 for bit in win_table(30, (1, 3, 4), False)]
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels[1] == "S = {1,3,4}   (t=0, p=7)"


def test_plot_first_picks_draws_the_closed_form():
    figure = plot_first_picks(4, 20)
    data = figure.axes[0].images[0].get_array()
    for M in range(1, 5):
        for N in range(1, 21):
            m1 = first_pick(N, M)
            assert (data.mask[M - 1, N - 1]) == (m1 is None)
            if m1 is not None:
                assert data[M - 1, N - 1] == m1


def test_plot_grundy_bars():
    figure = plot_grundy([(1, 4)], n_max=20)
    heights = [patch.get_height() for patch in figure.axes[0].patches]
    assert heights == list(grundy_table(20, (1, 4)))


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: plot_outcomes([], 10), "at least one"),
        (lambda: plot_outcomes(3, 10), "as a list"),
        (lambda: plot_outcomes([{0}], 10), "positive"),
        (lambda: plot_grundy([2], 0), "at least 1"),
        (lambda: plot_first_picks(0, 10), "at least 1"),
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
    assert periods.loc["{1,3,4}", "normal (t, p)"] == (0, 7)
    assert periods.loc["{1,3,4}", "lost (normal), n <= 14"] == "{0,2,7,9,14}"
    assert not np.isnan(theorem.loc[1, "p"])


def test_printed_instances_only_instance_i_disagrees():
    from puzzles.matchsticks.printed import instance_errata

    frame = instance_errata()
    assert list(frame["agrees"]) == [False, True, True, True]
    assert frame.loc["(i)", "printed m1"] == 4 and frame.loc["(i)", "computed m1"] == 5
    assert frame.loc["(i)", "DP: winning first takes"] == "{5}"
    assert frame.loc["(iv)", "computed m1"] == 0 and frame.loc["(iv)", "DP: winning first takes"] == "{}"
