"""The unit's figures draw what they claim: paths, collapsed subtrees, a round's guesses, Dresher's panels."""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from puzzles.higher_lower import dresher, load_solution, search_trees, symmetric_matrix  # noqa: E402
from puzzles.higher_lower.play import path_to  # noqa: E402
from puzzles.higher_lower.plots import (  # noqa: E402
    FULL_TREE_KEYS,
    PATH_RED,
    plot_dresher_run,
    plot_guesses,
    plot_payoff_lines,
    plot_profiles,
    plot_tree,
    plot_trees,
)

EXAMPLE = (2, 3, 4, 5, 1, 4, 3, 2, 3, 4)  # the round of Section 1.2.1: the path to 6 is 5, 8, 7, 6


def _red_edges(figure) -> list[tuple[float, float]]:
    ax = figure.axes[0]
    # a node takes one unit of width: key k of a whole tree sits at x = k - 1/2
    return [tuple(x + 0.5 for x in line.get_xdata()) for line in ax.lines if line.get_color() == PATH_RED]


def _texts(figure) -> list[str]:
    return [t.get_text() for ax in figure.axes for t in ax.texts]


def test_the_path_is_drawn_edge_by_edge_from_the_root():
    figure = plot_tree(EXAMPLE, path_to(EXAMPLE, 6))
    assert sorted(_red_edges(figure)) == [(5, 8), (7, 6), (8, 7)]
    plt.close(figure)


def test_keys_that_are_not_a_path_get_no_edge():
    """Guesses 5, 3, 8 are not a path of this tree (3 is not a child of 5): no edge is marked,
    where the old drawing marked 5-8 because both keys were among the guesses."""
    figure = plot_tree(EXAMPLE, [5, 3, 8])
    assert _red_edges(figure) == []
    plt.close(figure)


@pytest.mark.parametrize("path", [[0], [11], [True], [2.0]])
def test_a_bad_path_is_refused(path):
    with pytest.raises(ValueError, match="between 1 and 10"):
        plot_tree(EXAMPLE, path)


def _shown(figure) -> list[int]:
    """Every key the drawing accounts for: a node's label, or each key of a range box."""
    keys = []
    for text in _texts(figure):
        if found := re.fullmatch(r"(\d+)\.\.(\d+)\n(\d+) keys", text):
            low, high, count = map(int, found.groups())
            assert count == high - low + 1
            keys += range(low, high + 1)
        elif text.isdigit():
            keys.append(int(text))
    return sorted(keys)


def test_a_large_tree_keeps_the_path_and_counts_the_rest():
    solution = load_solution(60)
    tree = max(solution.searcher)[1]
    for secret in (1, 30, 37, 60):
        path = path_to(tree, secret)
        figure = plot_tree(tree, path, "a tree")
        assert _shown(figure) == list(range(1, 61))  # each key once: as a node or in a counted range
        labels = _texts(figure)
        assert all(str(k) in labels for k in path)
        assert len(_red_edges(figure)) == len(path) - 1
        assert len([t for t in labels if t.isdigit()]) < 20  # not 60 nodes squeezed side by side
        assert figure.get_figwidth() <= 9
        plt.close(figure)


def test_a_small_tree_is_drawn_whole():
    tree = max(load_solution(FULL_TREE_KEYS).searcher)[1]
    figure = plot_tree(tree)
    assert sorted(int(t) for t in _texts(figure) if t.isdigit()) == list(range(1, FULL_TREE_KEYS + 1))
    plt.close(figure)


def test_the_guesses_are_drawn_in_order_with_the_intervals():
    guesses = [(30, "higher"), (45, "lower"), (38, "lower"), (34, "higher"), (36, "lower"), (35, "correct")]
    figure = plot_guesses(60, guesses)
    ax = figure.axes[0]
    (line,) = [line for line in ax.lines if line.get_color() == PATH_RED]
    assert list(line.get_xdata()) == [30, 45, 38, 34, 36, 35]
    widths = [patch.get_width() for patch in ax.patches]
    assert widths == [60, 30, 14, 7, 3, 1]  # 1..60, 31..60, 31..44, 31..37, 35..37, 35..35
    assert [t.get_text() for t in figure.axes[1].get_yticklabels()] == [a for _, a in guesses]
    assert "the number was 35" in ax.get_title()
    plt.close(figure)


def test_the_guesses_refuse_nonsense():
    with pytest.raises(ValueError, match="no guesses"):
        plot_guesses(10, [])
    with pytest.raises(ValueError, match="between 1 and 10"):
        plot_guesses(10, [(11, "lower")])
    with pytest.raises(ValueError, match="'higher', 'lower' or 'correct'"):
        plot_guesses(10, [(3, "warmer")])


def test_dresher_panels_share_one_legend():
    A = symmetric_matrix(4)
    steps = dresher(A).steps
    figure = plot_dresher_run(A.to_numpy().tolist(), steps)
    panels = [ax for ax in figure.axes if ax.get_visible() and ax.lines]
    assert len(panels) == len(steps) == 4
    assert [ax.get_legend() for ax in panels] == [None] * 4
    (legend,) = figure.legends
    labels = [t.get_text() for t in legend.get_texts()]
    assert "P4 = P5" in labels and "P4" not in labels  # identical columns share a line
    assert panels[-1].get_title() == "iteration 4: optimal"
    assert any(t.get_text() == "value 13/3" for t in panels[2].texts)
    plt.close(figure)


def test_one_payoff_picture_has_its_legend_beside_the_axes():
    A = symmetric_matrix(4)
    figure = plot_payoff_lines(A, dresher(A).steps[1])
    legend = figure.axes[0].get_legend()
    assert legend is not None and min(t.get_fontsize() for t in legend.get_texts()) >= 9
    with pytest.raises(ValueError, match="exactly two rows"):
        plot_payoff_lines([[1, 2], [3, 4], [5, 6]])
    plt.close(figure)


def test_profiles_draw_one_panel_per_size():
    figure = plot_profiles({N: load_solution(N).hider for N in (6, 12, 24)})
    assert len(figure.axes) == 3 and [len(ax.patches) for ax in figure.axes] == [6, 12, 24]
    with pytest.raises(ValueError, match="between 1 and 8"):
        plot_profiles({})
    plt.close(figure)


def test_small_trees_side_by_side():
    figure = plot_trees(search_trees(4))
    assert [ax.get_title() for ax in figure.axes] == [f"T{j}" for j in range(1, 15)]
    assert len({ax.get_ylim() for ax in figure.axes}) == 1  # one scale of levels for every panel
    plt.close(figure)


def test_the_column_generation_plots_keep_their_legends_off_the_curves():
    from puzzles.higher_lower.plots import plot_bounds, plot_iterations, plot_rounds

    iterations = plot_iterations({1: 0, 2: 1, 3: 2, 4: 12}, proved={4})
    line = iterations.axes[0].lines[0]
    drawn = [x for x, y in zip(line.get_xdata(), line.get_ydata(), strict=True) if x == x and y == y]
    assert drawn == [2, 3]  # N = 1 (0 iterations) has no place on the log axis, N = 4 is a dot
    bounds = plot_bounds([3.0, 2.5, 2.2], [1.0, 1.8, 2.2], 10)
    assert bounds.axes[0].get_legend()._loc == 4  # lower right: the bounds meet high on the right
    rounds = plot_rounds({"a": {2: 1, 3: 4}, "b": {2: 1, 3: 2}})
    legend = rounds.axes[0].get_legend()
    rounds.canvas.draw()
    assert legend.get_window_extent().y1 < rounds.axes[0].get_window_extent().y0  # below the axes
    for figure in (iterations, bounds, rounds):
        plt.close(figure)
