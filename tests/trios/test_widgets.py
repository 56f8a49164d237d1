"""The play widget, driven as a student would: click cards and buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import html  # noqa: E402
import re  # noqa: E402
from fractions import Fraction  # noqa: E402

import ipywidgets as widgets  # noqa: E402
import pytest  # noqa: E402

from puzzles.course.display import decimal  # noqa: E402
from puzzles.trios import State, expected_rounds, free_choice_value, transitions  # noqa: E402
from puzzles.trios.widgets import (  # noqa: E402
    StateExplorer,
    TriosBoard,
    card_label,
    exact_html,
    state_explorer,
    trios_explorer,
    trios_game,
    value_html,
)


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


# ---------------------------------------------------------------------------
# the status line, the state explorer and the explorer next to the game


def test_the_status_line_says_what_e_of_n_is():
    box = trios_game(N=4, seed=0)
    assert (
        "a whole game of 4 trios takes E(4) = 118609/15400 &asymp; 7.7019 rounds on average"
        in box.status.value
    )
    box.trios.value = 12  # 21/20 digits: a decimal, with the exact value on a click
    assert "a whole game of 12 trios takes E(12) &asymp; 24.7740 (<details" in box.status.value
    assert str(expected_rounds(12)) in box.status.value


def test_the_status_line_of_two_trios_leaves_e_of_2_to_exercise_1():
    box = trios_game(N=2, seed=0)
    status = box.status.value
    assert "E(2), which Lesson I's Exercise 1 asks you to find by hand" in status
    assert "17/5" not in status and "3.4" not in status
    assert "more rounds on average" not in status  # the start of two trios is not valued either
    for _ in range(20):  # the rule's flips until a single trio that is not Three-Known is left
        if box.game.round_state == "ready" and sum(box.game.state()[1:]) == 1:
            break
        box.play_hint()
        if box.game.round_state == "over":
            box.next_round()
    assert sum(box.game.state()[1:]) == 1 and not box.game.finished
    status = box.status.value
    assert "17/5" not in status
    assert "more rounds on average" in status  # valued again: no longer a state of Exercise 1


def test_exact_and_value_html():
    assert exact_html(Fraction(17, 5)) == "17/5"
    long = exact_html(expected_rounds(12))
    assert long.startswith("<details") and "exact value, 21/20 digits" in long
    assert value_html("E(2)", Fraction(17, 5)) == "E(2) = 17/5 &asymp; 3.4000"
    assert value_html("E(1)", Fraction(1)) == "E(1) = 1"


def _rows(box: StateExplorer) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", box.table.value)
    cells = [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r) for r in rows]
    return [[html.unescape(re.sub(r"<[^>]+>", "", c)) for c in row] for row in cells]


@pytest.mark.parametrize("state", [(0, 1, 1, 1), (0, 0, 0, 3), (1, 2, 1, 0), (0, 2, 0, 2), (0, 0, 3, 1)])
def test_the_explorer_adds_up_to_the_best_play_over_every_flip(state):
    K3, K2, K1, K0 = state
    box = state_explorer(K2=K2, K1=K1, K0=K0, K3=K3)
    best = free_choice_value(state)  # a second algorithm: every flip allowed, minimised
    assert f"<b>f({K3}, {K2}, {K1}, {K0}) = {decimal(best, 4)}</b>" in box.result.value
    header, *rows = _rows(box)
    assert header[0] == "how the round ends" and header[-1] == "p (rounds + f(next))"
    assert len(rows) == len(transitions(State(K2, K1, K0)))
    total = Fraction(0)
    for (how, p, rounds, nxt, f_next, term), (exact_p, exact_rounds, exact_nxt, exact_how) in zip(
        rows, transitions(State(K2, K1, K0)), strict=True
    ):
        assert (how, p, int(rounds), nxt) == (
            exact_how,
            decimal(exact_p, 4),
            exact_rounds,
            str(tuple(exact_nxt)),
        )
        value = free_choice_value((0, *exact_nxt))
        assert f_next == decimal(value, 4) and term == decimal(exact_p * (exact_rounds + value), 4)
        total += exact_p * (exact_rounds + value)
    assert K3 + total == best
    assert "The probabilities add up to 1" in box.result.value
    box.exact.value = True  # exact fractions alongside
    assert f"= {exact_html(best)}" in box.result.value or best.denominator == 1
    first = _rows(box)[1]
    assert (
        first[1]
        == f"{decimal(transitions(State(K2, K1, K0))[0][0], 4)} = {transitions(State(K2, K1, K0))[0][0]}"
    )


def test_the_explorer_refuses_too_many_trios_in_words_and_shows_the_end():
    box = state_explorer(0, 0, 1)
    assert (box.K2.max, box.K1.max, box.K0.max, box.K3.max) == (100, 100, 100, 100)
    box.K2.value, box.K1.value = 60, 50
    assert box.message.text == (
        "the number of trios K2 + K1 + K0 = 111 is beyond the largest this computes in seconds (100); "
        "the contest's largest game has 100 trios"
    )
    assert box.table.value == ""
    box.show(0, 0, 0, 100)  # the contest's largest game: 162-digit fractions, on a click
    assert box.message.text == ""
    assert f"f(0, 0, 0, 100) = {decimal(expected_rounds(100), 4)}" in box.result.value
    box.exact.value = True
    assert "<details" in box.result.value and str(expected_rounds(100)) in box.result.value
    box.show(0, 0, 0, 0)
    assert "every trio is removed" in box.result.value and box.table.value == ""
    box.show(1, 0, 0, 0)
    assert "f(1, 0, 0, 0) = 1" in box.result.value and "removes the Three-Known trio" in box.result.value


def test_the_explorer_follows_the_game_between_rounds():
    box = trios_explorer(N=4, seed=0)
    assert isinstance(box.board, TriosBoard) and isinstance(box.explorer, StateExplorer)
    assert box.explorer.state() == (0, 0, 0, 4)
    board = box.board
    while board.game.round_state != "over":
        board.hint_button.click()
    assert box.explorer.state() == (0, 0, 0, 4)  # a round in progress: the explorer waits
    board.next_button.click()
    assert box.explorer.state() == board.game.state() != (0, 0, 0, 4)
    assert f"f{board.game.state()}".replace(" ", "") in box.explorer.result.value.replace(" ", "")
    box.follow.value = False
    while board.game.round_state != "over":
        board.hint_button.click()
    board.next_button.click()
    assert box.explorer.state() != board.game.state() or board.game.finished
    board.trios.value = 6
    box.follow.value = True
    assert box.explorer.state() == (0, 0, 0, 6)
