"""The trios widgets at the edges of their sliders: a state beyond the model's cap is a sentence
in the message line, and the widget answers again once the sliders come back."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from puzzles.trios.model import MAX_EXPLORE_TRIOS  # noqa: E402
from puzzles.trios.widgets import StateExplorer, TriosBoard  # noqa: E402


def test_a_state_beyond_the_cap_is_a_sentence():
    box = StateExplorer(1, 1, 1)
    box.K2.value = 10**20  # clipped to the slider's bound
    assert box.K2.value == MAX_EXPLORE_TRIOS
    assert "the number of trios K2 + K1 + K0" in box.message.text
    assert "puzzles-error" in box.message.value
    box.K2.value = 1
    assert box.message.text == "" and "f(0, 1, 1, 1)" in box.result.value


def test_the_board_slider_stays_inside_the_game():
    board = TriosBoard(4)
    board.trios.value = 10**20
    assert board.trios.value == board.trios.max <= MAX_EXPLORE_TRIOS
    assert board.message.text == "" and board.game.N == board.trios.max
