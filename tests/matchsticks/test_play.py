"""The game engine: rules, turns, the computer's play, hints and errors."""

from __future__ import annotations

import random

import pytest

from puzzles.matchsticks.model import outcome, winning_moves
from puzzles.matchsticks.play import MatchGame, Move


def test_computer_starting_plays_the_paper_first_pick():
    game = MatchGame(30, 3, first="computer")
    assert game.history == [Move("computer", 1, 29)]  # Winston: take 1, leave 29
    assert game.turn == "you" and game.sticks == 29
    assert game.hint() == []  # 29 = 7*4 + 1 is lost for you
    assert "29 sticks on the table" in game.status()


@pytest.mark.parametrize(("N", "M"), [(30, 3), (40, 4), (60, 5), (42, 4), (72, 6), (17, 2)])
def test_computer_as_first_player_wins_every_line_when_n_is_winning(N, M):
    rng = random.Random(N * 100 + M)
    for _ in range(30):
        game = MatchGame(N, M, first="computer")
        while not game.finished:
            game.take(rng.choice(game.legal_moves))
        assert game.winner == "computer"
        # the computer always left a count of 1 (mod M + 1) after its moves
        assert all(move.left % (M + 1) == 1 for move in game.history if move.player == "computer")


def test_following_the_hint_beats_the_computer():
    for N, M in [(30, 3), (40, 4), (62, 5), (101, 10)]:
        game = MatchGame(N, M, first="you")
        assert game.hint() == winning_moves(N, M)
        while not game.finished:
            game.take(game.hint()[0])
        assert game.winner == "you"
        assert game.status().startswith("You win")


def test_from_a_lost_start_the_computer_exploits_any_slip():
    game = MatchGame(61, 5, first="you")
    assert outcome(61, 5) == "lose" and game.hint() == []
    while not game.finished:
        game.take(game.legal_moves[-1])
    assert game.winner == "computer" and game.status().startswith("The computer wins")


def test_illegal_moves_raise_a_sentence():
    game = MatchGame(5, 3)
    with pytest.raises(ValueError, match="you may take 1 to 3 sticks, not 4"):
        game.take(4)
    with pytest.raises(ValueError, match="you may take 1 to 3 sticks, not 0"):
        game.take(0)
    with pytest.raises(ValueError, match="whole number"):
        game.take(1.5)
    game.take(3)  # leaves 2; the computer takes 1 and leaves you the last stick
    assert game.sticks == 1 and game.history[-1] == Move("computer", 1, 1)
    game2 = MatchGame(2, 3, first="you")
    with pytest.raises(ValueError, match="only 2 sticks left"):
        game2.take(3)
    game.take(1)
    assert game.finished and game.winner == "computer"
    with pytest.raises(ValueError, match="game is over"):
        game.take(1)
    with pytest.raises(ValueError, match="game is over"):
        game.computer_move()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((0, 3), "at least one stick"),
        ((10, 0), "at least 1"),
        ((10, set()), "empty"),
        ((10, {0, 1}), "positive"),
        ((10, 3, "nobody"), "'you' or by 'computer'"),
        ((2.0, 3), "whole number"),
    ],
)
def test_bad_games_raise(args, words):
    with pytest.raises(ValueError, match=words):
        MatchGame(*args)


def test_subtraction_set_and_normal_play():
    game = MatchGame(10, {2, 3}, first="you", misere=False)
    assert game.take_sizes_text() == "{2, 3}"
    with pytest.raises(ValueError, match=r"you may take 2 or 3 sticks, not 1"):
        game.take(1)
    while not game.finished:
        game.take(game.hint()[0] if game.hint() else game.legal_moves[0])
    # 10 is a normal-play win for the first player with S = {2, 3} (10 mod 5 = 0 is lost)
    assert outcome(10, {2, 3}, misere=False) == "lose" and game.winner == "computer"
    assert game.sticks in (0, 1)  # a stick may be left on the table
    assert "no legal move" in game.status()


def test_the_status_names_the_takes_legal_now():
    # M = 10 and 12 sticks: you take 1, the computer takes 10 and leaves a single stick
    game = MatchGame(12, 10, first="you")
    assert game.status() == "12 sticks on the table; your move (take 1 to 10)."
    assert game.take(1) == 10 and game.sticks == 1
    assert game.legal_moves == [1] and game.legal_text() == "1"
    assert game.status() == "1 stick on the table; your move (take 1)."
    with pytest.raises(ValueError, match=r"^with 1 stick left you may take 1 stick, not 11$"):
        game.take(11)
    with pytest.raises(ValueError, match=r"^you cannot take 5: only 1 stick left on the table$"):
        game.take(5)
    # two sticks of a set: "1 or 2"; a set with gaps: "1, 3 or 4"; one size of a set: "2"
    assert MatchGame(2, 3).legal_text() == "1 or 2"
    assert MatchGame(2, 3).status() == "2 sticks on the table; your move (take 1 or 2)."
    assert MatchGame(9, {1, 3, 4}, misere=False).legal_text() == "1, 3 or 4"
    assert MatchGame(4, {2, 5, 6}, misere=False).legal_text() == "2"
    assert MatchGame(5, {2, 5, 6}, misere=False).legal_text() == "2 or 5"
    with pytest.raises(ValueError, match=r"^with 4 sticks left you may take 2 sticks, not 1$"):
        MatchGame(4, {2, 5, 6}, misere=False).take(1)


def test_game_over_before_it_begins():
    game = MatchGame(1, {2, 3}, first="you")
    assert game.finished and game.history == [] and game.winner == "you"
    assert "before it begins" in game.status()
    assert MatchGame(1, {2}, first="computer").history == []


def test_losing_positions_and_verdict():
    game = MatchGame(13, 3)
    assert game.losing_positions() == [1, 5, 9, 13]
    assert game.start_verdict() == "With N = 13 the first player (you) loses against best play."
    assert "can force a win" in MatchGame(14, 3).start_verdict()
    assert "MatchGame(sticks=13" in repr(game)
