"""The widgets, driven as a student would: set values, click buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from puzzles.mastermind.play import STEPPER_GAMES  # noqa: E402
from puzzles.mastermind.widgets import codebreaker, computer_breaker, search_stepper, strategy_named  # noqa: E402


def test_codebreaker_widget_plays_a_guess():
    box = codebreaker(secret="3456")
    assert "1296 codes" in box.status.value
    box.guess_box.value = "1123"
    box.preview_button.click()
    assert "14 cells" in box.preview.value and "276" in box.preview.value
    box.guess_button.click()
    assert box.message.text == ""
    assert "276 codes are still possible" in box.status.value
    assert "<td" in box.history.value and "1123" in box.history.value
    assert "Possible next guesses" in box.options.value
    box.new_button.click()
    assert box.game.guesses == 0 and box.games == 1


@pytest.mark.parametrize("typed, words", [("12345", "exactly 4 digits"), ("1299", "colours are numbered")])
def test_codebreaker_widget_shows_bad_input(typed, words):
    box = codebreaker(seed=1)
    box.guess_box.value = typed
    box.guess_button.click()
    assert words in box.message.text and "puzzles-error" in box.message.value
    assert box.game.guesses == 0


def test_computer_breaker_widget_finds_the_secret():
    box = computer_breaker(strategy="most-parts", secret="6543")
    while not box.engine.solved:
        box.auto_button.click()
        assert box.message.text == ""
    assert "Found 6543" in box.status.value


def test_computer_breaker_widget_typed_replies_and_errors():
    box = computer_breaker()
    assert "1122" in box.status.value
    box.reply_box.value = "3 1"
    box.answer_button.click()
    assert "impossible" in box.message.text
    box.reply_box.value = "1 0"
    box.answer_button.click()
    assert box.message.text == "" and len(box.engine.history) == 1
    box.reply_box.value = "0 4"
    box.answer_button.click()
    assert "no code gives 0 black, 4 white to 1344" in box.message.text
    box.strategy.value = "optimal"
    assert box.engine.guess == "1123" and box.engine.history == []
    box.secret_box.value = "12"
    assert "exactly 4 digits" in box.message.text


def test_optimal_only_for_the_classic_game():
    from puzzles.mastermind.model import Game

    with pytest.raises(ValueError, match="classic game"):
        strategy_named("optimal", Game(3, 4))


def test_search_stepper_widget_steps_through_the_search():
    box = search_stepper()
    assert "Step 1 of 11" in box.heading.value and "all 27 codes of the 3x3 game" in box.heading.value
    assert box.back_button.disabled and not box.next_button.disabled
    assert "Try 112" in box.why.value and "<td" in box.node.value and "72" in box.node.value
    assert "candidates: 111 112 113" in box.candidates.value
    assert "The cells of 112" in box.cells.value and "0 black, 1 white" in box.cells.value
    for _ in range(3):
        box.next_button.click()
        assert box.message.text == ""
    assert box.stepper.position == 3 and "Step 4 of 11" in box.heading.value
    assert "Pruned: the bound of 132" in box.why.value and "#8b0000" in box.why.value
    assert "12 with 122" in box.node.value and "never tried" in box.queue.value
    box.back_button.click()
    assert box.stepper.position == 2 and "122 totals" in box.why.value
    while not box.next_button.disabled:
        box.next_button.click()
    assert "T(all 27 codes) = 73" in box.why.value
    box.next_button.click()  # past the end: a sentence, not a traceback
    assert "search is over" in box.message.text and box.stepper.at_end
    box.reset_button.click()
    assert box.stepper.position == 0 and box.message.text == "" and box.back_button.disabled


def test_search_stepper_widget_other_games():
    box = search_stepper()
    assert set(box.game_menu.options) >= {("3 pegs, 3 colours (27 codes)", (3, 3))}
    box.game_menu.value = (4, 2)
    assert box.stepper.game.pegs == 4 and "Step 1 of 27" in box.heading.value
    box.game_menu.value = (3, 4)
    assert "all 64 codes" in box.heading.value and box.message.text == ""
    other = search_stepper(4, 6)  # not a stepper game: it starts at the first one, and says so
    assert other.game_menu.value == next(iter(STEPPER_GAMES))
    assert "the game (pegs, colours) must be one of" in other.message.text and "(4, 6)" in other.message.text
