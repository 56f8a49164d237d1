"""The widgets driven as a student would: set values, click buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from puzzles.higher_lower.data import sweep_range  # noqa: E402
from puzzles.higher_lower.widgets import dresher_stepper, play_game, solution_explorer  # noqa: E402


def test_play_as_bob_until_correct():
    w = play_game(10, "bob", seed=1)
    assert "Your guess" in w.status.value
    low, high = 1, 10
    while not w.game.finished:
        w.number.value = (low + high) // 2
        w.go.click()
        low, high = w.game.low, w.game.high
    assert "Correct" in w.status.value and bytes(w.picture.value).startswith(b"\x89PNG")
    assert "guess no." in w.history.value
    w.go.click()
    assert "round is over" in w.message.text
    w.again.click()
    assert w.message.text == "" and not w.game.finished


def test_play_errors_are_shown():
    w = play_game(10, "bob")
    w.number.value = 42
    w.go.click()
    assert "between 1 and 10" in w.message.text
    assert w.game.guesses == []


def test_play_as_alice_draws_the_tree():
    w = play_game(10, "alice", seed=2)
    assert w.go.description == "Hide"
    w.number.value = 4
    w.go.click()
    assert w.game.finished and "pays you" in w.status.value
    assert bytes(w.picture.value).startswith(b"\x89PNG")


def test_switching_role_and_size():
    w = play_game(10, "bob")
    w.role.value = "alice"
    assert w.game.role == "alice" and w.go.description == "Hide"
    w.size.value = 5
    assert w.game.N == 5 and "1..5" in w.status.value


def test_dresher_stepper():
    w = dresher_stepper()
    assert "P0, P1, P8" in w.text.value and "P6 has the largest score" in w.text.value
    w.step.value = 4
    assert "optimal" in w.text.value and "value 4" in w.text.value
    assert bytes(w.picture.value).startswith(b"\x89PNG")


def test_solution_explorer():
    w = solution_explorer(12)
    assert "1461/470" in w.text.value and "certified" in w.text.value
    w.size.value = 4
    assert "<td" in w.text.value and ">2<" in w.text.value
    assert w.size.max == sweep_range()


def test_the_iterations_plot_marks_the_proved_guesses():
    from puzzles.higher_lower.plots import plot_iterations

    figure = plot_iterations({1: 3, 2: 40, 3: 12, 4: 50}, proved={3})
    ax = figure.axes[0]
    lp, dots = ax.lines[:2]
    assert list(dots.get_xdata()) == [3] and list(dots.get_ydata()) == [12]
    assert [x for x in lp.get_xdata() if x == x] == [1, 2, 4]  # NaN breaks the line at 3
    assert ax.get_legend() is not None
    assert plot_iterations({1: 3, 2: 40}).axes[0].get_legend() is None
