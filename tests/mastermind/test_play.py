"""The game engines without a browser."""

from __future__ import annotations

import pytest

from puzzles.mastermind.heuristics import heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.play import Codebreaker, ComputerBreaker, parse_reply


def test_codebreaker_narrows_the_candidates():
    game = Codebreaker(secret="3456")
    assert "1296 codes" in game.status()
    reply = game.guess("1123")
    assert reply == (0, 1) and len(game.candidates) == 276
    assert "0 black, 1 white; 276 codes" in game.status()
    assert all(Game().feedback("1123", code) == (0, 1) for code in game.candidates)
    options = game.options(limit=5)
    assert len(options) == 5 and all(option.code in game.candidates for option in options)
    assert [row[2] for row in options] == sorted(row[2] for row in options)
    for code, cells, largest, text in options:  # the fast table agrees with one partition at a time
        sizes = game.preview(code).values()
        assert (cells, largest, text) == (
            len(sizes),
            max(sizes),
            "+".join(map(str, sorted(sizes, reverse=True))),
        )
    assert sum(game.preview("3456").values()) == 276
    while not game.solved:
        game.guess(game.candidates[0])
    assert game.status().startswith("Solved: 3456")
    with pytest.raises(ValueError, match="game is over"):
        game.guess("1111")


def test_codebreaker_seeded_secret_and_bad_guess():
    assert Codebreaker(seed=4).secret == Codebreaker(seed=4).secret
    with pytest.raises(ValueError, match="colours are numbered 1 to 6"):
        Codebreaker(seed=0).guess("1239")


@pytest.mark.parametrize("text, reply", [("1 2", (1, 2)), ("(0,4)", (0, 4)), ("4, 0", (4, 0))])
def test_parse_reply(text, reply):
    assert parse_reply(text, Game()) == reply


@pytest.mark.parametrize(
    "text, words",
    [("12", "two numbers"), ("1 x 2", "two numbers"), ("3 1", "impossible"), ("3 3", "at most 4")],
)
def test_parse_reply_refuses(text, words):
    with pytest.raises(ValueError, match=words):
        parse_reply(text, Game())


def test_computer_breaks_every_code_of_a_small_game():
    game = Game(3, 3)
    strategy = heuristic_strategy(game, "entropy")
    for secret in game.codes:
        engine = ComputerBreaker(strategy, secret)
        while not engine.solved:
            engine.answer_for_me()
        assert engine.history[-1][0] == secret
        assert len(engine.history) == strategy.guesses_needed(secret)


def test_computer_breaker_refuses_impossible_replies():
    engine = ComputerBreaker(heuristic_strategy(Game(), "worst-case"))
    assert engine.guess == "1122"
    engine.answer("1 0")
    assert engine.guess == "1344"
    with pytest.raises(ValueError, match="no code gives 0 black, 4 white to 1344 and your earlier"):
        engine.answer("0 4")  # 4 whites would need all of 1, 3, 4, 4 in the secret, but 1122 scored 1 0
    with pytest.raises(ValueError, match="type your secret"):
        engine.answer_for_me()
    liar = ComputerBreaker(heuristic_strategy(Game(), "worst-case"), "1122")
    with pytest.raises(ValueError, match="scores 4 black, 0 white"):
        liar.answer("0 0")
