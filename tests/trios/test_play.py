"""The memory-game engine: every rule, the hint, and agreement with the model's player."""

from __future__ import annotations

import random

import pytest

from puzzles.trios import TriosGame, expected_rounds, play_order, state_value

DEAL = [1, 2, 1, 3, 2, 1, 3, 3, 2]  # positions 0..8


def test_a_deal_holds_each_number_three_times():
    game = TriosGame(5, seed=3)
    assert sorted(game.cards) == sorted(list(range(1, 6)) * 3)
    assert TriosGame(5, seed=3).cards == game.cards and TriosGame(5, seed=4).cards != game.cards


def test_a_round_of_two_different_cards():
    game = TriosGame(3, deal=DEAL)
    assert game.round_state == "ready" and game.state() == (0, 0, 0, 3)
    assert game.flip(0) == 1 and game.round_state == "open" and game.rounds == 1
    assert game.flip(1) == 2 and game.round_state == "over"
    assert game.view(0) == "face up"
    game.next_round()
    assert game.view(0) == "known" and game.view(3) == "unknown"
    assert game.state() == (0, 0, 2, 1)


def test_a_trio_is_removed_by_three_matching_flips():
    game = TriosGame(3, deal=DEAL)
    game.flip(0), game.flip(2)  # 1, 1: a pair, the round goes on
    assert game.round_state == "open"
    with pytest.raises(ValueError, match="flip a third card"):
        game.next_round()
    game.flip(5)
    assert game.removed == {0, 2, 5} and game.view(5) == "removed"
    game.next_round()
    assert game.state() == (0, 0, 0, 2) and game.rounds == 1


def test_removed_cards_and_a_fourth_flip_are_refused_in_words():
    game = TriosGame(3, deal=DEAL)
    for p in (0, 2, 5):
        game.flip(p)
    with pytest.raises(ValueError, match="a round has at most three flips"):
        game.flip(1)
    game.next_round()
    with pytest.raises(ValueError, match="card 1 was removed with its trio"):
        game.flip(0)
    game.flip(1)
    with pytest.raises(ValueError, match="already face up in this round"):
        game.flip(1)
    game.flip(3)  # 2 then 3: the round is over
    with pytest.raises(ValueError, match="the two cards differ, so this round is over"):
        game.flip(4)
    with pytest.raises(ValueError, match="there is no card 10"):
        game.next_round() or game.flip(9)
    with pytest.raises(ValueError, match="whole number"):
        game.flip("2")


def test_bad_games_are_refused():
    with pytest.raises(ValueError, match="N must be a positive number of trios"):
        TriosGame(0)
    with pytest.raises(ValueError, match="three times each"):
        TriosGame(2, deal=[1, 1, 2, 2, 2, 2])


def test_the_hint_follows_the_rule():
    game = TriosGame(3, deal=DEAL)
    assert game.hint() == tuple(range(9)) and "not seen yet" in game.hint_text()
    for p in (0, 1):  # 1, 2
        game.flip(p)
    assert game.hint() == () and "Next round" in game.hint_text()
    game.next_round()
    game.flip(3)  # 3 differs from the known... the round starts with an unknown card
    game.flip(4)  # 2: two 2s known now
    game.next_round()
    game.flip(6)  # a 3: the 3 at position 3 is known, but position 7 is not: flip unknown cards
    assert 3 not in game.hint() and set(game.hint()) == {2, 5, 7, 8}
    game.flip(7)  # 3 again: a pair, and the last 3 (position 3) is known: flip it
    assert game.hint() == (3,) and "known card" in game.hint_text()
    game.flip(3)
    assert {3, 6, 7} <= game.removed
    game.next_round()
    game.flip(8)  # the last 2: its two partners are known
    assert game.hint() == (1, 4)


def test_the_hint_removes_a_three_known_trio_first():
    game = TriosGame(3, deal=DEAL)
    for pair in [(0, 1), (2, 3), (4, 5)]:  # 1 2 | 1 3 | 2 1: the 1s are all known
        for p in pair:
            game.flip(p)
        game.next_round()
    assert game.state() == (1, 1, 1, 0)
    assert game.hint() == (0, 2, 5)


def _play_by_hint(game: TriosGame, rng: random.Random) -> TriosGame:
    while not game.finished:
        if game.round_state == "over":
            game.next_round()
        game.flip(rng.choice(game.hint()))
    return game


@pytest.mark.parametrize("N", [1, 2, 3, 5, 8])
def test_playing_the_hints_takes_as_many_rounds_as_the_model_player(N):
    for seed in range(20):
        game = TriosGame(N, seed=seed)
        _play_by_hint(game, random.Random(seed))
        # the order in which the unknown cards turned up, played by the model's player
        first_seen = []
        for flips in game.history + [tuple(game.face_up)]:
            for p in flips:
                if p not in first_seen:
                    first_seen.append(p)
        order = [game.cards[p] for p in first_seen]
        assert game.rounds == play_order(order)[0]


def test_average_rounds_of_hint_play_is_near_the_exact_value():
    rng = random.Random(0)
    games = [_play_by_hint(TriosGame(4, seed=s), rng).rounds for s in range(1500)]
    mean = sum(games) / len(games)
    assert abs(mean - float(expected_rounds(4))) < 0.15  # about 4 standard errors


def test_expected_left_is_the_state_value():
    game = TriosGame(3, deal=DEAL)
    assert game.expected_left() == expected_rounds(3)
    for pair in [(0, 1), (3, 4)]:  # 1 and 2, then 3 and 2: 2 Two-Known, 1 and 3 One-Known
        for p in pair:
            game.flip(p)
        game.next_round()
    assert game.state() == (0, 1, 2, 0)
    assert game.expected_left() == state_value(1, 2, 0)
    game.play_hint()
    assert game.status().startswith("3 rounds so far")


def test_finished_game():
    game = TriosGame(1, seed=0)
    for p in range(3):
        game.flip(p)
    assert game.finished and game.status() == "The trio removed in 1 round."
    with pytest.raises(ValueError, match="the game is over"):
        game.flip(0)
    assert game.hint() == ()


@pytest.mark.parametrize(
    ("deal", "first_round"),
    [
        ([1, 2, 1, 1, 2, 2], []),  # the start of a game of two trios
        ([1, 2, 1, 1, 2, 2], [0, 1]),  # both trios One-Known
        ([1, 1, 2, 1, 2, 2], [0, 1, 2]),  # one Two-Known, one One-Known
        ([1, 1, 1, 2, 2, 2, 3, 3, 3], [0, 1, 2]),  # three trios, one removed: two left, none known
    ],
)
def test_expected_left_refuses_the_two_trio_states_of_exercise_1(deal, first_round):
    """Lesson I's Exercise 1 asks for E(2) by hand: the two-trio states whose values give it
    at once are refused with a sentence, not valued."""
    game = TriosGame(len(deal) // 3, deal=deal)
    for position in first_round:
        game.flip(position)
    if first_round:
        game.next_round()
    with pytest.raises(ValueError, match="Exercise 1 asks you to find by hand") as raised:
        game.expected_left()
    assert "17" not in str(raised.value)


def test_expected_left_values_a_two_trio_game_once_a_trio_is_removed():
    game = TriosGame(2, deal=[1, 1, 1, 2, 2, 2])
    for position in (0, 1, 2):
        game.flip(position)
    game.next_round()
    assert game.state() == (0, 0, 0, 1)
    assert game.expected_left() == 1 == expected_rounds(1)
