"""The worst values a student can type into the match-stick widgets: a sentence, no traceback,
no frozen kernel, and the engine as it was.

Typing 100000 as a take size once made the pattern explorer build a 23 GB table; every field
and slider is now bounded by the model's caps, and a value beyond them shows the model's
sentence in the widget's message line.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from puzzles.matchsticks.model import LARGEST_M, PERIOD_LARGEST_TAKE, WIN_TABLE_LARGEST  # noqa: E402
from puzzles.matchsticks.widgets import match_game, pattern_explorer  # noqa: E402

TYPED = {  # what a student types into the take sizes, and the start of the sentence shown
    "": "the set of take sizes is empty",
    "   ": "the set of take sizes is empty",
    "100000": "the largest take size = 100000 is beyond the largest this computes in seconds",
    "1, 100000": "the largest take size = 100000 is beyond",
    str(10**20): "the largest take size = 100000000000000000000 is beyond",
    "-3": "every take size must be a positive number of sticks, got -3",
    "0": "every take size must be a positive number of sticks, got 0",
    "5.5": "'5.5' is not a whole number",
    "1, two": "'two' is not a whole number",
    "1e9": "'1e9' is not a whole number",
}


@pytest.mark.parametrize("typed", sorted(TYPED))
def test_the_pattern_explorer_shows_the_sentence_and_keeps_its_pattern(typed):
    box = pattern_explorer("1, 3, 4", misere=False, positions=60)
    before = (box.result.value, box.table.value, bytes(box.plot.value))
    box.moves.value = typed
    assert box.message.text.startswith(TYPED[typed]), box.message.text
    assert "puzzles-error" in box.message.value and not box.message.busy
    assert (box.result.value, box.table.value, bytes(box.plot.value)) == before
    box.moves.value = "2, 5"  # and it still answers
    assert box.message.text == "" and "S = {2,5}" in box.result.value


def test_the_explorer_serves_the_largest_take_it_promises():
    box = pattern_explorer("1", misere=True, positions=60)
    box.moves.value = f"1, {PERIOD_LARGEST_TAKE}"
    assert box.message.text == ""
    assert f"period {PERIOD_LARGEST_TAKE + 1}" in box.result.value


def test_the_positions_slider_stays_inside_its_bounds():
    box = pattern_explorer()
    for value in (10**20, 100000, -5):
        box.positions.value = max(box.positions.min, min(value, box.positions.max))
        assert box.message.text == ""
    assert box.positions.max <= WIN_TABLE_LARGEST


@pytest.mark.parametrize("typed", [100000, 10**20, -1, 0, 4])
def test_the_game_refuses_a_bad_take_and_keeps_the_table(typed):
    box = match_game(N=30, M=3, first="you")
    before = (box.game.sticks, list(box.game.history), box.status.value)
    box.take.value = typed
    box.take_button.click()
    assert box.message.text.startswith("you may take 1 to 3 sticks, not"), box.message.text
    assert (box.game.sticks, list(box.game.history), box.status.value) == before


def test_the_game_sliders_are_inside_the_model_caps():
    box = match_game()
    assert box.sticks.max <= WIN_TABLE_LARGEST and box.largest.max <= LARGEST_M
    box.sticks.value = 10**20  # an IntSlider clips what it is given to its bounds
    assert box.sticks.value == box.sticks.max
    box.new_button.click()
    assert box.message.text == "" and box.game.start == box.sticks.max
