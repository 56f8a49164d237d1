"""The branch-and-bound search against the plain recursion, lower bounds, and the 4x6 optimum."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.mastermind.model import Game
from puzzles.mastermind.search import (
    INFEASIBLE,
    OptimalSearch,
    optimal_strategy,
    plain_minimum_total,
    tree_lower_bound,
)
from puzzles.mastermind.strategy import evaluate

SMALL = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2), (2, 5)]


@pytest.mark.parametrize("pegs, colours", SMALL)
@pytest.mark.parametrize("cap", [None, 2, 3, 4])
def test_search_equals_plain_exhaustive_search(pegs, colours, cap):
    game = Game(pegs, colours)
    search = OptimalSearch(game, cap)
    assert search.value() == plain_minimum_total(game, cap)
    if search.value() < math.inf:
        result = evaluate(game, search.strategy())
        assert result.total == search.value()
        assert cap is None or result.worst <= cap


def plain_value(game: Game, candidates: frozenset[int]) -> int:
    """T(S) on a subset by the bare recursion (no bounds, no symmetry)."""
    if len(candidates) == 1:
        return 1
    best = INFEASIBLE
    for guess in range(game.size):
        parts: dict[int, set[int]] = {}
        for secret in candidates:
            parts.setdefault(int(game.table[guess, secret]), set()).add(secret)
        if len(parts) == 1 and game.hit_index not in parts:
            continue
        total = len(candidates) + sum(
            plain_value(game, frozenset(p)) for reply, p in parts.items() if reply != game.hit_index
        )
        best = min(best, total)
    return best


def test_subsets_of_3x4_agree_with_plain_recursion():
    game = Game(3, 4)
    search = OptimalSearch(game)
    rng = random.Random(1)
    for size in range(1, 9):
        for _ in range(4):
            subset = sorted(rng.sample(range(game.size), size))
            assert search.value([game.code(i) for i in subset]) == plain_value(game, frozenset(subset))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3000), st.integers(2, 20))
def test_tree_lower_bound_is_the_greedy_fill(size, replies):
    places, depth, total, left = 1, 1, 0, size
    while left:
        take = min(left, places)
        total, left, depth, places = total + take * depth, left - take, depth + 1, places * replies
    assert tree_lower_bound(size, replies) == total
    assert tree_lower_bound(size, replies, depth - 1) == total
    if depth - 2 >= 1:  # one guess too few: no strategy, the least total over none is infinite
        assert tree_lower_bound(size, replies, depth - 2) == math.inf
    else:  # a cap of 0 guesses is refused
        with pytest.raises(ValueError, match="a cap of 0 guesses reveals none"):
            tree_lower_bound(size, replies, 0)


def test_optimal_guesses_are_not_unique():
    game = Game()
    cell = game.partition("1123")[(3, 0)]
    search = OptimalSearch(game)
    best = search.optimal_guesses(cell)
    assert len(best) > 1
    assert all(search.guess_value(code, cell) == search.value(cell) for code in best)


def test_classic_optimum_from_scratch_is_koyama_and_lai():
    game = Game()
    free = optimal_strategy(game)
    result = evaluate(game, free)
    assert (free.first_guess, result.total, result.worst) == ("1123", 5625, 6)
    capped = optimal_strategy(game, 5)
    result = evaluate(game, capped)
    assert (result.total, result.worst) == (5626, 5)


def test_bad_cap():
    with pytest.raises(ValueError, match="cap"):
        OptimalSearch(Game(), 0)
    with pytest.raises(ValueError, match="within 2 guesses"):
        optimal_strategy(Game(2, 3), 2)


def test_history_counts_by_brute_force():
    from puzzles.mastermind.search import history_counts

    for pegs, colours in [(2, 3), (3, 3)]:
        game = Game(pegs, colours)
        one = {(g, game.feedback(g, s)) for g in game.codes for s in game.codes}
        two = {
            (g1, game.feedback(g1, s), g2, game.feedback(g2, s))
            for g1 in game.codes
            for g2 in game.codes
            for s in game.codes
            if s != g1  # a game ends when it is won
        }
        assert history_counts(game) == {
            "codes": game.size,
            "one-guess histories": len(one),
            "two-guess histories": len(two),
        }


def test_branch_and_bound_trace_follows_the_search():
    from puzzles.mastermind.search import branch_and_bound_trace

    steps = branch_and_bound_trace(Game(3, 3), depth=1)
    first = steps[0]
    assert (first["depth"], first["candidates"], first["guess"], first["partition"], first["bound"]) == (
        0,
        27,
        "112",
        "6+6+4+4+3+2+1+1",
        72,
    )
    assert first["outcome"] == "total 73: best so far"
    assert steps[-1]["guess"] == "123" and steps[-1]["outcome"].startswith("bound >= best 73: stop")
    # the outcomes fit a table column, and depth limits the steps shown
    assert all(len(step["outcome"]) <= 40 for step in steps)
    assert {step["depth"] for step in steps} == {0, 1}
    assert len(branch_and_bound_trace(Game(3, 3), depth=0)) == 2
    # a guess abandoned half-way: its cells got budgets below the best total
    steps = branch_and_bound_trace(Game(4, 2), depth=1)
    abandoned = [i for i, step in enumerate(steps) if step["outcome"].startswith("abandoned")]
    assert [steps[i]["guess"] for i in abandoned] == ["1122", "1111"]
    assert [step["budget"] for step in steps[abandoned[0] + 1 : abandoned[1]] if step["budget"]] == [
        10,
        10,
        9,
        9,
        8,
    ]
    # tracing changes nothing: the search still finds the optimum
    assert OptimalSearch(Game(4, 2)).value() == 44 and not any(
        step["budget"] for step in steps[: abandoned[0]]
    )
    with pytest.raises(ValueError, match="depth"):
        branch_and_bound_trace(Game(2, 2), depth=-1)
