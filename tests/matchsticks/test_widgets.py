"""The unit's widgets, driven as a student would: set values, click buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import html  # noqa: E402

import ipywidgets as widgets  # noqa: E402

from puzzles.matchsticks.model import losing_positions, outcome_period  # noqa: E402
from puzzles.matchsticks.widgets import (  # noqa: E402
    MatchStickGame,
    PatternExplorer,
    match_game,
    pattern_explorer,
    sticks_html,
)


def test_match_game_starts_from_its_controls():
    box = match_game(N=30, M=3, first="you")
    assert isinstance(box, MatchStickGame) and isinstance(box, widgets.VBox)
    assert (box.sticks.description, box.largest.description, box.first.description) == (
        "sticks N",
        "take up to M",
        "first move",
    )
    assert (box.take.description, box.take_button.description, box.new_button.description) == (
        "take",
        "Take",
        "New game",
    )
    game = box.game
    assert (game.start, game.moves, game.sticks, game.history) == (30, (1, 2, 3), 30, [])
    assert html.escape(game.status()) in box.status.value
    assert "can force a win" in box.status.value
    assert box.table.value.count("#e0b872") == 30  # thirty matches drawn


def test_taking_sticks_plays_against_the_computer():
    box = match_game(N=30, M=3, first="you")
    box.take.value = 1
    box.take_button.click()
    assert box.message.text == ""
    assert [m.left for m in box.game.history] == [29, 28]  # the computer answers at once
    assert "28 sticks on the table" in box.status.value
    assert box.moves.value.count("<tr") == 3  # header + two moves
    assert box.table.value.count("#e0b872") == 28


def test_hint_shows_losing_positions_and_winning_take():
    box = match_game(N=30, M=3, first="you")
    box.hint.value = True
    assert "Hint: take 1 to leave the computer a losing position." in box.hint_line.value
    assert html.escape("{1,5,9,13,17,21,25,29}") in box.table.value.replace("<wbr>", "")
    while not box.game.finished:
        box.take.value = box.game.hint()[0]
        box.take_button.click()
        assert box.message.text == ""
    assert box.game.winner == "you" and "You win" in box.status.value
    assert box.hint_line.value == ""


def test_an_illegal_take_shows_the_sentence_instead_of_raising():
    box = match_game(N=10, M=3)
    box.take.value = 5
    box.take_button.click()
    assert box.message.text == "you may take 1 to 3 sticks, not 5"
    assert "puzzles-error" in box.message.value
    assert box.game.sticks == 10 and box.game.history == []
    box.take.value = 2
    box.take_button.click()
    assert box.message.text == "" and box.game.sticks < 8


def test_new_game_with_the_computer_first_and_other_sliders():
    box = match_game()
    box.sticks.value = 40
    box.largest.value = 4
    box.first.value = "computer"
    box.new_button.click()
    assert box.game.history[0].taken == 4 and box.game.sticks == 36  # Winston's group problem
    assert "36 sticks on the table" in box.status.value


def test_finished_game_refuses_more_takes_politely():
    box = match_game(N=2, M=1, first="you")
    box.take.value = 1
    box.take_button.click()  # you take 1, the computer must take the last stick
    assert box.game.winner == "you"
    box.take_button.click()
    assert "game is over" in box.message.text


def test_sticks_html_without_hint_has_no_strip():
    box = match_game(N=9, M=2)
    assert "losing positions" not in sticks_html(box.game)
    assert "losing positions" in sticks_html(box.game, show_losing=True)


def test_pattern_explorer_reads_a_subtraction_set():
    box = pattern_explorer("1, 3, 4")
    assert isinstance(box, PatternExplorer)
    assert "period 7" in box.result.value and "{1,3,4}" in box.result.value
    shown = box.result.value.replace("<wbr>", "")  # a line may break after each comma
    assert html.escape(str(losing_positions(60, (1, 3, 4), False)).replace(" ", "")[1:-1]) in shown
    assert "G(n)" in box.table.value
    assert box.plot.value[:4] == b"\x89PNG"
    box.misere.value = True
    assert "misère" in box.result.value and "G(n)" not in box.table.value
    box.moves.value = "2, 5, 6"
    pre, period = outcome_period((2, 5, 6), True)
    assert f"period {period} from n = {pre}" in box.result.value


def test_pattern_explorer_shows_bad_sets_as_a_sentence():
    box = pattern_explorer()
    before = box.result.value
    box.moves.value = "0, 2"
    assert "positive" in box.message.text and box.result.value == before
    box.moves.value = ""
    assert "empty" in box.message.text
    box.moves.value = "1, x"
    assert "not a whole number" in box.message.text
    box.moves.value = "1 2"
    assert box.message.text == "" and "period 3" in box.result.value


def test_the_game_says_which_takes_are_legal_now():
    # M = 10 and 12 sticks: after your 1 the computer takes 10 and leaves one stick
    box = match_game(N=12, M=10, first="you")
    assert "your move (take 1 to 10)" in box.status.value
    box.take.value = 1
    box.take_button.click()
    assert box.game.sticks == 1
    assert "1 stick on the table; your move (take 1)." in box.status.value
    assert "1 to 10" not in box.status.value
    box.hint.value = True
    assert "Hint: whatever you take is the last move of the game, and you lose." in box.hint_line.value
    box.take.value = 11
    box.take_button.click()
    assert box.message.text == "with 1 stick left you may take 1 stick, not 11"
    box.take.value = 1
    box.take_button.click()
    assert box.game.winner == "computer" and box.message.text == ""


def test_pattern_explorer_draws_its_strip_at_the_notebooks_size():
    import struct

    box = pattern_explorer("1, 3, 4", positions=200)
    width, height = struct.unpack(">II", box.plot.value[16:24])  # the PNG header's size
    assert width == 900 and 100 < height < 200  # 9 inches at 100 dpi, as the inline figures
    assert box.plot.layout.width is None and box.plot.layout.max_width == "100%"
    from support.figures import legibility_problems

    assert legibility_problems(box.figure) == []


def test_long_sets_of_lost_positions_may_wrap():
    # {0,2,4,...,200} has no space to break at: a break is allowed after every comma
    box = pattern_explorer("1", positions=200)
    assert "{0,<wbr>2,<wbr>4,<wbr>6,<wbr>" in box.result.value and "198,<wbr>200}" in box.result.value
    game = match_game(N=100, M=1)
    game.hint.value = True
    assert "{1,<wbr>3,<wbr>5,<wbr>" in game.table.value
