"""The worst values a student can type into the egg widgets: a sentence, no traceback, and the
game as it was; every slider stays inside the model's caps."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from puzzles.egg.model import TABLE_LARGEST_CELLS, TABLE_LARGEST_WORK  # noqa: E402
from puzzles.egg.widgets import laplace_solver, nature_game, worst_case_solver  # noqa: E402

FLOORS = {  # typed into "floor", and the start of the sentence shown
    "": "the floor must be a whole number",
    "100000": "floor 100000 is not in the building",
    str(10**20): "the floor must be a whole number",
    "-3": "floor -3 is not in the building",
    "5.5": "the floor must be a whole number, got 5.5",
    "two": "the floor must be a whole number",
}


@pytest.mark.parametrize("typed", sorted(FLOORS))
def test_a_bad_floor_leaves_the_game_as_it_was(typed):
    box = nature_game(2, 11)
    box.floor.value = "6"
    box.drop_button.click()
    state = (box.game.trials, box.game.low, box.game.high, box.game.eggs_left, box.status.value)
    box.floor.value = typed
    box.drop_button.click()
    assert box.message.text.startswith(FLOORS[typed]), box.message.text
    assert (box.game.trials, box.game.low, box.game.high, box.game.eggs_left, box.status.value) == state


@pytest.mark.parametrize("factory", [worst_case_solver, laplace_solver])
def test_the_solver_sliders_stay_inside_the_table_caps(factory):
    box = factory()
    n, k = box.n.max, box.k.max
    assert (n + 1) * (k + 1) <= TABLE_LARGEST_CELLS and n * k**2 <= TABLE_LARGEST_WORK
    box.n.value, box.k.value = 10**20, 10**20  # sliders clip what they are given
    assert (box.n.value, box.k.value) == (n, k) and box.message.text == ""
