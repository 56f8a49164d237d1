"""The worst values a student can type into the higher-lower widgets: a sentence, no traceback,
and the engine as it was; a damaged or missing data block is one line naming the file."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import shutil  # noqa: E402

import pytest  # noqa: E402

from puzzles.higher_lower import data as hl_data  # noqa: E402
from puzzles.higher_lower.play import MAX_PLAY_N  # noqa: E402
from puzzles.higher_lower.widgets import play_game, solution_explorer  # noqa: E402

SIZES = {  # typed into "N", and the start of the sentence shown
    100000: f"play with N at most {MAX_PLAY_N}",
    10**20: f"play with N at most {MAX_PLAY_N}",
    MAX_PLAY_N + 1: f"play with N at most {MAX_PLAY_N}",
    0: "N must be at least 1",
    -5: "N must be at least 1",
}


@pytest.mark.parametrize("typed", sorted(SIZES))
def test_a_size_beyond_the_game_gets_the_engines_sentence(typed):
    box = play_game(10, "bob", seed=1)
    box.number.value = 5
    box.go.click()
    game, guesses, status = box.game, list(box.game.guesses), box.status.value
    box.size.value = typed
    assert box.message.text.startswith(SIZES[typed]), box.message.text
    assert box.game is game and box.game.guesses == guesses and box.status.value == status
    box.size.value = 4  # and the widget still answers
    assert box.message.text == "" and box.game.N == 4


@pytest.mark.parametrize("typed", [100000, 10**20, -1, 0, 11])
def test_a_guess_outside_the_numbers_is_refused(typed):
    box = play_game(10, "bob", seed=1)
    box.number.value = typed
    box.go.click()
    assert box.message.text.startswith("your guess must lie between 1 and 10"), box.message.text
    assert box.game.guesses == []


@pytest.fixture
def damaged_copy(tmp_path, monkeypatch):
    """A copy of the shipped data, pointed at by the loaders (the caller damages it)."""
    folder = tmp_path / "data"
    shutil.copytree(hl_data.DATA, folder)
    monkeypatch.setattr(hl_data, "DATA", folder)
    hl_data.clear_cache()
    yield folder
    hl_data.clear_cache()


def test_the_explorer_names_a_damaged_first_block_instead_of_raising(damaged_copy):
    block = hl_data.block_path(1, damaged_copy)
    block.write_bytes(block.read_bytes()[:100])
    box = solution_explorer(12)
    assert "solutions-0001-0032.json.xz is damaged" in box.message.text
    assert "python -m puzzles.higher_lower.sweep" in box.message.text
    assert box.size.disabled and "Traceback" not in box.message.value


def test_the_explorer_names_a_missing_block_when_the_slider_reaches_it(damaged_copy):
    box = solution_explorer(12)
    assert box.message.text == "" and "N = 12" in box.text.value
    before = box.text.value
    hl_data.block_path(40, damaged_copy).unlink()
    hl_data.clear_cache()
    box.size.value = 40
    assert "solutions-0033-0064.json.xz is missing" in box.message.text
    assert box.text.value == before  # the last good view stays


def test_the_explorer_slider_stops_where_the_intact_data_stop(damaged_copy):
    block = hl_data.block_path(70, damaged_copy)
    block.write_bytes(b"not xz")
    hl_data.clear_cache()
    box = solution_explorer(100)
    assert box.size.max == 64 and box.size.value == 64
    # the slider stops short of the damaged block, and says so (it used to shrink without a word)
    assert "the slider stops at N = 64" in box.message.text
    assert "solutions-0065-0096.json.xz" in box.message.text and "sweep" in box.message.text
