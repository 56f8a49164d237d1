"""The four heuristics: literature values for 4x6, a second implementation on small games."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from puzzles.mastermind.heuristics import (
    HEURISTICS,
    heuristic_guess,
    heuristic_strategy,
    obviously_optimal_guess,
    partition_score,
)
from puzzles.mastermind.model import Game
from puzzles.mastermind.strategy import evaluate

# Knuth (1976): 5801 guesses in all, at most 5, first guess 1122, distribution 1, 6, 62, 533, 694.
# Kooi (2005), averages over 1296 secrets: worst case 4.476, expected size 4.395, entropy 4.415,
# most parts 4.373 (first guesses 1122, 1123, 1234, 1123).
LITERATURE = {
    "worst-case": ("1122", 5801, 5),
    "expected-size": ("1123", 5696, 6),
    "entropy": ("1234", 5722, 6),
    "most-parts": ("1123", 5668, 6),
}
KOOI_AVERAGES = {"worst-case": "4.476", "expected-size": "4.395", "entropy": "4.415", "most-parts": "4.373"}


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_classic_game_matches_the_literature(heuristic):
    game = Game()
    strategy = heuristic_strategy(game, heuristic)
    result = evaluate(game, strategy)
    assert (strategy.first_guess, result.total, result.worst) == LITERATURE[heuristic]
    assert f"{float(result.average):.3f}" == KOOI_AVERAGES[heuristic]
    if heuristic == "worst-case":
        assert result.distribution == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}


def reference_guess(game: Game, candidates: list[str], heuristic: str) -> str:
    """A plain second implementation: score every code with partition_score, exact keys, the tie rule."""

    def key(code: str):
        sizes = list(game.partition_sizes(code, candidates).values())
        if heuristic == "entropy":  # largest entropy = smallest prod n^n, compared exactly
            score = math.prod(s**s for s in sizes)
        elif heuristic in ("most-parts",):
            score = -partition_score(heuristic, sizes)
        else:
            score = partition_score(heuristic, sizes)
        return (score, code not in candidates, code)

    return min(game.codes, key=key)


@pytest.mark.parametrize("heuristic", HEURISTICS)
@pytest.mark.parametrize("pegs, colours", [(2, 3), (3, 3), (2, 5)])
def test_guesses_agree_with_a_plain_implementation(heuristic, pegs, colours):
    game = Game(pegs, colours)
    rng = random.Random(pegs * 10 + colours)
    for trial in range(25):
        candidates = sorted(rng.sample(game.codes, 1 + trial % len(game.codes)))
        assert heuristic_guess(game, candidates, heuristic) == reference_guess(game, candidates, heuristic)


def test_entropy_ties_are_exact():
    # 4 log 4 = 4 * 2 log 2: cells {4,1,1,1,1} and {2,2,2,2} have the same entropy
    assert partition_score("entropy", [4, 1, 1, 1, 1]) == pytest.approx(
        partition_score("entropy", [2, 2, 2, 2])
    )
    assert math.prod(s**s for s in [4, 1, 1, 1, 1]) == math.prod(s**s for s in [2, 2, 2, 2])


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_singletons_score_best(heuristic):
    """The chapter's claim: the all-singleton partition Q has the best score of all partitions of n."""
    rng = random.Random(3)
    for n in range(1, 15):
        best = partition_score(heuristic, [1] * n)
        expected = {
            "worst-case": 1,
            "expected-size": Fraction(1),
            "entropy": math.log2(n) if n > 1 else 0.0,
            "most-parts": n,
        }
        assert best == pytest.approx(expected[heuristic])
        for _ in range(20):
            cuts = sorted(rng.sample(range(1, n), rng.randint(0, n - 1))) if n > 1 else []
            sizes = [b - a for a, b in zip([0, *cuts], [*cuts, n], strict=False)]
            score = partition_score(heuristic, sizes)
            better_or_equal = score >= best if heuristic in ("entropy", "most-parts") else score <= best
            assert not better_or_equal or sizes == [1] * n or score == pytest.approx(best) and max(sizes) == 1


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_the_obviously_optimal_shortcut_changes_nothing(heuristic):
    game = Game()
    assert heuristic_strategy(game, heuristic, shortcut=True).root == heuristic_strategy(game, heuristic).root


def test_obviously_optimal_guess():
    game = Game()
    assert obviously_optimal_guess(game, ["1234"]) == "1234"
    assert obviously_optimal_guess(game, game.codes[:15]) is None  # more than 14 candidates
    cells = game.partition("1123")
    assert obviously_optimal_guess(game, cells[(1, 3)]) == "1231"  # from among the candidates
    assert obviously_optimal_guess(game, cells[(2, 2)]) is None  # 5 codes, no separating guess
    assert max(game.partition_sizes("1231", cells[(1, 3)]).values()) == 1
    outside = ["1111", "2222"]  # any guess with 1 or 2 in it separates these; 1111 is the lowest
    assert obviously_optimal_guess(game, outside) == "1111"


def test_first_guess_and_bad_names():
    game = Game()
    assert evaluate(game, heuristic_strategy(game, "worst-case", "1123")).total == 5803
    with pytest.raises(ValueError, match="heuristic is one of"):
        heuristic_strategy(game, "luck")
    with pytest.raises(ValueError, match="colours are numbered"):
        heuristic_strategy(game, "entropy", "7777")
