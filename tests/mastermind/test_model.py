"""Codes, feedback and partitions, against brute-force counts."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.mastermind.model import Game, feedback_pairs, number_of_feedbacks


def brute_feedback(guess: str, secret: str) -> tuple[int, int]:
    """Pair pegs off one at a time: first exact matches, then any colour match among the rest."""
    black = sum(a == b for a, b in zip(guess, secret, strict=False))
    rest_guess = [a for a, b in zip(guess, secret, strict=False) if a != b]
    rest_secret = [b for a, b in zip(guess, secret, strict=False) if a != b]
    white = 0
    for colour in rest_guess:
        if colour in rest_secret:
            rest_secret.remove(colour)
            white += 1
    return black, white


def test_codes_are_digit_strings_in_lexicographic_order():
    game = Game()
    assert game.size == 1296 and len(game.codes) == 1296
    assert game.codes[:3] == ("1111", "1112", "1113") and game.codes[-1] == "6666"
    assert game.index("1123") == game.codes.index("1123") and game.index(1123) == game.index("1123")
    assert all(game.index(code) == i for i, code in enumerate(game.codes))


@pytest.mark.parametrize("pegs, colours", [(1, 1), (2, 3), (3, 4), (4, 6)])
def test_table_equals_brute_force_on_every_pair(pegs, colours):
    game = Game(pegs, colours)
    codes = game.codes
    pairs = itertools.product(range(game.size), repeat=2) if game.size < 100 else None
    if pairs is None:  # 4x6: every pair is 1.7 million; check every row of a seeded sample fully
        rng = np.random.default_rng(5)
        pairs = [(int(g), s) for g in rng.choice(game.size, 60, replace=False) for s in range(game.size)]
    for g, s in pairs:
        assert game.feedbacks[game.table[g, s]] == brute_feedback(codes[g], codes[s])


@settings(max_examples=300, deadline=None)
@given(st.text("123456", min_size=4, max_size=4), st.text("123456", min_size=4, max_size=4))
def test_feedback_laws(guess, secret):
    game = Game()
    black, white = game.feedback(guess, secret)
    assert (black, white) == brute_feedback(guess, secret) == game.feedback(secret, guess)[:2]
    assert black + white <= 4 and (black, white) != (3, 1)
    assert (black == 4) == (guess == secret)


def test_the_number_of_replies_is_p_p_plus_3_over_2_and_they_all_occur_with_enough_colours():
    for pegs in range(1, 30):
        pairs = feedback_pairs(pegs)
        assert len(pairs) == len(set(pairs)) == number_of_feedbacks(pegs) == pegs * (pegs + 3) // 2
        assert pairs[-1] == (pegs, 0)
    for pegs, colours in [(1, 2), (2, 3), (3, 4), (4, 5), (4, 6)]:
        assert len(np.unique(Game(pegs, colours).table)) == number_of_feedbacks(pegs)
    assert len(np.unique(Game(4, 2).table)) < number_of_feedbacks(
        4
    )  # too few colours: (0,1), (0,3) never occur


def test_partition_of_1123_matches_counts():
    game = Game()
    cells = game.partition("1123")
    assert sum(len(cell) for cell in cells.values()) == 1296
    assert max(len(cell) for cell in cells.values()) == 276 and cells[(4, 0)] == ["1123"]
    for reply, cell in cells.items():
        assert all(brute_feedback("1123", code) == reply for code in cell)
    assert game.partition_sizes("1122")[(0, 0)] == 256
    assert game.consistent([("1122", (0, 0))]) == cells_without(game, "12")


def cells_without(game, colours):
    return [code for code in game.codes if not set(code) & set(colours)]


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda g: g.index("123"), "exactly 4 digits"),
        (lambda g: g.index("1237"), "colours are numbered 1 to 6"),
        (lambda g: g.index("12a4"), "exactly 4 digits"),
        (lambda g: g.index(None), "a code is a string"),
        (lambda g: g.feedback_index((3, 1)), "impossible"),
        (lambda g: g.feedback_index((3, 2)), "at most 4"),
        (lambda g: g.feedback_index((-1, 0)), "negative"),
        (lambda g: g.partition("1123", []), "empty"),
    ],
)
def test_bad_input_is_a_sentence(call, words):
    with pytest.raises(ValueError, match=words):
        call(Game())


@pytest.mark.parametrize(
    "pegs, colours, words",
    [
        (0, 6, "at least one peg"),
        (4, 0, "at least one colour"),
        (4, 10, "at most 9"),
        (7, 6, "at most 4096"),
        (4.0, 6, "whole"),
    ],
)
def test_bad_games(pegs, colours, words):
    with pytest.raises(ValueError, match=words):
        Game(pegs, colours)


def test_code_lookup_is_fast_and_still_validates():
    game = Game(4, 6)
    assert [game.index(code) for code in game.codes] == list(range(1296))
    assert game.index(" 1123 ") == game.index("1123") == game.index(1123)
    for bad in ("1127", "112", "abcd", "11230"):
        with pytest.raises(ValueError):
            game.index(bad)
