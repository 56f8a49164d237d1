"""The worst values a student can type into the Mastermind widgets: a sentence, no traceback,
and the game as it was; a missing or damaged strategy file is one line naming the file."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import shutil  # noqa: E402

import pytest  # noqa: E402

from puzzles.mastermind import build_data  # noqa: E402
from puzzles.mastermind.widgets import codebreaker, computer_breaker  # noqa: E402

GUESSES = {  # typed as a guess, and words of the sentence shown
    "": "exactly 4 digits",
    "100000": "exactly 4 digits",
    str(10**20): "exactly 4 digits",
    "-1": "exactly 4 digits",
    "5.5": "exactly 4 digits",
    "1237": "colours are numbered 1 to 6",
    "0000": "colours are numbered 1 to 6",
}


@pytest.mark.parametrize("typed", sorted(GUESSES))
def test_a_bad_guess_leaves_the_game_as_it_was(typed):
    box = codebreaker(secret="3456")
    box.guess_box.value = "1122"
    box.guess_button.click()
    history, candidates = list(box.game.history), list(box.game.candidates)
    box.guess_box.value = typed
    box.guess_button.click()
    assert GUESSES[typed] in box.message.text, box.message.text
    assert box.game.history == history and box.game.candidates == candidates
    box.preview_button.click()
    assert GUESSES[typed] in box.message.text


REPLIES = {  # typed as a reply to the computer's guess, and words of the sentence shown
    "": "type the reply as two numbers",
    "100000": "type the reply as two numbers",
    "100000 1": "black + white is at most 4",
    f"{10**20} 0": "black + white is at most 4",
    "-1 0": "cannot be negative",
    "5.5 1": "type the reply as two numbers",
    "3 1": "is impossible",
}


@pytest.mark.parametrize("typed", sorted(REPLIES))
def test_a_bad_reply_leaves_the_computer_where_it_was(typed):
    box = computer_breaker(strategy="worst-case")
    engine, guess = box.engine, box.engine.guess
    box.reply_box.value = typed
    box.answer_button.click()
    assert REPLIES[typed] in box.message.text, box.message.text
    assert box.engine is engine and engine.history == [] and engine.guess == guess


@pytest.mark.parametrize("typed", ["100000", str(10**20), "-1", "5.5", "7777"])
def test_a_bad_secret_keeps_the_game_going(typed):
    box = computer_breaker(strategy="worst-case")
    engine = box.engine
    box.secret_box.value = typed
    assert box.message.text != "" and "puzzles-error" in box.message.value
    assert box.engine is engine


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(build_data.DATA, folder)
    monkeypatch.setattr(build_data, "DATA", folder)
    return folder


def test_a_missing_strategy_file_is_one_line_not_a_traceback(data_copy):
    (data_copy / "optimal_4x6.json").unlink()
    box = computer_breaker(strategy="optimal")
    assert "optimal_4x6.json is missing" in box.message.text
    assert "python -m puzzles.mastermind.build_data" in box.message.text
    box.answer_button.click()  # no engine yet: a sentence again
    assert "no strategy is loaded" in box.message.text
    box.strategy.value = "worst-case"  # a heuristic needs no file
    assert box.message.text == "" and box.engine is not None


def test_a_damaged_strategy_file_is_one_line_and_the_game_goes_on(data_copy):
    box = computer_breaker(strategy="worst-case")
    engine = box.engine
    path = data_copy / "optimal_4x6.json"
    path.write_text(path.read_text().replace("1123", "1124", 1))
    box.strategy.value = "optimal"
    assert "optimal_4x6.json is damaged" in box.message.text
    assert box.engine is engine
