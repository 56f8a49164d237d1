"""The figures build from exact values and refuse bad input."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from puzzles.trios import expected_rounds  # noqa: E402
from puzzles.trios.plots import plot_rounds_per_trio, plot_simulation  # noqa: E402


def test_rounds_per_trio():
    figure = plot_rounds_per_trio(30)
    assert isinstance(figure, Figure)
    points = figure.axes[0].lines[0].get_ydata()
    assert len(points) == 30 and points[3] == pytest.approx(float(expected_rounds(4)) / 4)


def test_simulation_plot():
    figure = plot_simulation(4, 500, seed=1)
    assert isinstance(figure, Figure)
    ax = figure.axes[0]
    assert "N = 4" in ax.get_title()
    # every legend entry stands for something wide enough to see: the bars and the line of E(N)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert sorted(labels) == [f"exact E(4) = {float(expected_rounds(4)):.4f}", "simulated games"]
    assert any("95% interval of the mean" in text.get_text() for text in ax.texts)


def test_bad_input():
    with pytest.raises(ValueError, match="positive number of trios"):
        plot_rounds_per_trio(0)
    with pytest.raises(ValueError, match="positive number of trios"):
        plot_simulation(0)


def test_rounds_per_trio_title_says_whose_play():
    """Beyond ten trios the values are the rule's: its optimality is not verified there."""
    ax = plot_rounds_per_trio(12).axes[0]
    assert ax.get_title() == "Expected rounds per trio under the rule"
