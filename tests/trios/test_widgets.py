"""The play widget, driven as a student would: click cards and buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402

from puzzles.trios import expected_rounds  # noqa: E402
from puzzles.trios.widgets import TriosBoard, card_label, trios_game  # noqa: E402


def _click_card(box: TriosBoard, position: int) -> None:
    box.cards[position].click()


def test_the_board_deals_a_game():
    box = trios_game(N=4, seed=0)
    assert isinstance(box, TriosBoard) and isinstance(box, widgets.VBox)
    assert len(box.cards) == 12 and all(b.description == "?" for b in box.cards)
    assert [b.tooltip for b in box.cards[:2]] == ["card 1", "card 2"]
    assert box.game.N == 4 and box.game.rounds == 0
    assert f"E(4) = {expected_rounds(4)}" in box.status.value


def test_clicking_cards_flips_them_and_next_round_turns_them_back():
    box = trios_game(N=4, seed=0)
    cards = box.game.cards
    first = 0
    second = next(p for p in range(1, 12) if cards[p] != cards[first])
    _click_card(box, first)
    assert box.cards[first].description == str(cards[first]) and box.cards[first].button_style == "warning"
    _click_card(box, second)
    assert box.game.round_state == "over" and "press Next round" in box.status.value
    box.next_button.click()
    assert box.cards[first].description == f"({cards[first]})"
    box.memory.value = False
    assert box.cards[first].description == "?"
    assert "Known so far: (K3, K2, K1, K0) = (0, 0, 2, 2)" in box.status.value


def test_a_removed_card_and_a_fourth_flip_show_the_sentence():
    box = trios_game(N=2, seed=0)
    cards = box.game.cards
    ones = [p for p in range(6) if cards[p] == cards[0]]
    for p in ones:
        _click_card(box, p)
    assert all(box.cards[p].description == "\u2713" for p in ones)
    other = next(p for p in range(6) if p not in ones)
    _click_card(box, other)  # a fourth card in the round
    assert "a round has at most three flips" in box.message.text
    assert "puzzles-error" in box.message.value
    box.next_button.click()
    assert box.message.text == ""
    _click_card(box, ones[0])
    assert box.message.text == f"card {ones[0] + 1} was removed with its trio: flip a card still on the table"
    assert box.game.rounds == 1


def test_the_hint_marks_cards_and_play_the_hint_finishes_the_game():
    box = trios_game(N=3, seed=5)
    box.hint.value = True
    assert "not seen yet" in box.hint_line.value
    assert all(b.button_style == "info" for b in box.cards)
    steps = 0
    while not box.game.finished:
        box.hint_button.click()
        assert box.message.text == ""
        steps += 1
    assert "All 3 trios removed" in box.status.value
    box.hint_button.click()
    assert "the game is over" in box.message.text


def test_the_slider_and_new_game_deal_new_games():
    box = trios_game(N=4, seed=0)
    deal = list(box.game.cards)
    box.trios.value = 6
    assert len(box.cards) == 18 and len(box.grid.children) == 18 and box.game.N == 6
    box.new_button.click()
    assert box.game.N == 6 and box.games == 2
    box.trios.value = 4
    assert box.game.cards != deal or box.games == 3


def test_card_label():
    box = trios_game(N=1, seed=0)
    assert card_label(box.game, 0) == "?"
