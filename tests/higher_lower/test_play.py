"""The game engine: rules, scores and errors, without a browser."""

from __future__ import annotations

import pytest

from puzzles.higher_lower import search_trees, solve
from puzzles.higher_lower.play import HigherLowerGame, path_to


def test_path_to_follows_the_tree():
    tree = (2, 3, 4, 5, 1, 4, 3, 2, 3, 4)  # the round of Section 1.2.1
    assert path_to(tree, 6) == [5, 8, 7, 6]
    for N in range(1, 6):
        for t in search_trees(N):
            for secret in range(1, N + 1):
                assert len(path_to(t, secret)) == t[secret - 1]


def test_bob_round_bisection():
    game = HigherLowerGame(10, "bob", seed=3)
    secret = game.secret
    low, high = 1, 10
    while not game.finished:
        guess = (low + high) // 2
        answer = game.guess(guess).answer
        assert answer == ("correct" if guess == secret else "higher" if secret > guess else "lower")
        low, high = game.low, game.high
        assert low <= secret <= high
    assert game.rounds == 1 and game.total_paid == len(game.guesses) <= 4
    assert "Correct" in game.status()
    with pytest.raises(ValueError, match="round is over"):
        game.guess(1)
    game.new_round()
    assert not game.finished and game.guesses == []


def test_alice_round_pays_the_depth():
    game = HigherLowerGame(12, "alice", seed=0)
    tree = game.tree
    guesses = game.hide(7)
    assert [g.number for g in guesses] == path_to(tree, 7)
    assert game.total_paid == tree[6] and game.finished
    assert "pays you" in game.status()


def test_average_payment_tends_to_the_value():
    """Alice's optimal mix holds every Bob strategy to at least V(N): bisection pays >= V on average."""
    N = 9
    value = float(solve(N).value)
    game = HigherLowerGame(N, "bob", seed=11)
    for _ in range(3000):
        low, high = 1, N
        while not game.finished:
            game.guess((low + high) // 2)
            low, high = game.low, game.high
        game.new_round()
    assert game.total_paid / game.rounds >= value - 0.08


@pytest.mark.parametrize(
    "args, message",
    [((0, "bob"), "N must"), ((61, "bob"), "at most 60"), ((5, "carol"), "role")],
)
def test_bad_games(args, message):
    with pytest.raises(ValueError, match=message):
        HigherLowerGame(*args)


def test_bad_moves():
    game = HigherLowerGame(8, "bob")
    for bad, message in (
        (0, "between 1 and 8"),
        (9, "between 1 and 8"),
        (2.5, "whole number"),
        ("3", "whole number"),
    ):
        with pytest.raises(ValueError, match=message):
            game.guess(bad)
    with pytest.raises(ValueError, match="you are Bob"):
        game.hide(3)
    alice = HigherLowerGame(8, "alice")
    with pytest.raises(ValueError, match="you are Alice"):
        alice.guess(3)
