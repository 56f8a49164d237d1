"""Each exercise check: the worked solution passes, a wrong answer fails, a stub is not attempted."""

from __future__ import annotations

from functools import cache

from puzzles.course.checker import verify
from puzzles.mastermind.heuristics import heuristic_guess, obviously_optimal_guess
from puzzles.mastermind.model import Game


def feedback(guess, secret):
    black = sum(a == b for a, b in zip(guess, secret, strict=False))
    return black, sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black


def test_exercise_1():
    assert verify("mastermind-1", feedback).passed
    wrong = verify("mastermind-1", lambda g, s: (sum(a == b for a, b in zip(g, s, strict=False)), 0))
    assert not wrong.passed and "counterexample" in wrong.message

    def stub(guess, secret): ...

    assert verify("mastermind-1", stub).status == "not attempted"


def test_exercise_2():
    assert verify("mastermind-2", lambda p: p * (p + 3) // 2).passed
    assert not verify("mastermind-2", lambda p: (p + 1) * (p + 2) // 2).passed


def test_exercise_3():
    game = Game()
    assert verify("mastermind-3", lambda c: heuristic_guess(game, c, "worst-case")).passed
    assert not verify("mastermind-3", lambda c: c[0]).passed


def test_exercise_4():
    game = Game()
    assert verify("mastermind-4", lambda c: obviously_optimal_guess(game, c)).passed
    assert not verify("mastermind-4", lambda c: c[0] if len(c) == 1 else None).passed


def test_exercise_5():
    game = Game(3, 3)

    @cache
    def total(cell):
        if len(cell) == 1:
            return 1
        best = None
        for guess in game.codes:
            parts = game.partition(guess, cell)
            if len(parts) == 1 and (3, 0) not in parts:
                continue
            value = len(cell) + sum(total(tuple(p)) for r, p in parts.items() if r != (3, 0))
            best = value if best is None else min(best, value)
        return best

    assert verify("mastermind-5", lambda c: total(tuple(sorted(c)))).passed
    assert not verify("mastermind-5", lambda c: 2 * len(c) - 1).passed


def test_exercise_6():
    assert verify("mastermind-6", 720).passed
    assert not verify("mastermind-6", 5).passed
