"""Calls that used to return an answer that means nothing now raise a sentence.

Each case is one the issue found: a plausible-looking result from an input outside the model
(a negative count, a fractional index, "no" read as True, a window of 0, a list of lists where a
tree is expected, half a deal).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from puzzles.higher_lower import alice_best_reply, is_search_tree, mirror, symmetric_matrix, tree_cost
from puzzles.mastermind import Game, heuristic_strategy, tree_lower_bound
from puzzles.matchsticks import eventual_period, mex, nim_outcome, outcome, win_table
from puzzles.matchsticks.play import MatchGame
from puzzles.trios import State, count_orders, play_order, transitions


def test_a_negative_state_has_no_transitions():
    # the 'probabilities' of (0, 0, -1) summed to 3/2
    with pytest.raises(ValueError, match="K0 counts trios and cannot be negative, got -1"):
        transitions(State(0, 0, -1))
    with pytest.raises(ValueError, match="a state is State"):
        transitions((1, 2))
    total = sum(p for p, *_ in transitions(State(1, 2, 3)))
    assert total == 1


@pytest.mark.parametrize("index", [-1, 2.7, 1296, True, "3"])
def test_a_code_index_outside_the_game_is_refused(index):
    game = Game(4, 6)
    with pytest.raises(ValueError, match="a code's index must be"):
        game.code(index)
    assert game.code(0) == "1111" and game.code(1295) == "6666"


@pytest.mark.parametrize("misere", ["no", "False", 0, None, 1.0])
def test_misere_must_be_true_or_false(misere):
    # outcome(..., misere="no") used to play misere (a non-empty string is true)
    for call in (
        lambda: outcome(5, 3, misere),
        lambda: win_table(5, 3, misere),
        lambda: nim_outcome([1, 2], misere),
        lambda: MatchGame(10, 3, "you", misere),
    ):
        with pytest.raises(ValueError, match="misere must be True or False"):
            call()


def test_a_window_of_zero_is_refused():
    with pytest.raises(ValueError, match="the window must be at least 1, got 0"):
        eventual_period([0, 1, 0, 1, 0, 1], 0)
    assert eventual_period([0, 1, 0, 1, 0, 1], 2) == (0, 2)


@pytest.mark.parametrize("values", [["a", "b"], [1.5], [None]])
def test_mex_takes_whole_numbers_only(values):
    with pytest.raises(ValueError, match="each value must be a whole number"):
        mex(values)


def test_a_tree_given_as_a_list_of_lists_is_refused():
    tree = [[1, 1, 1]]
    for call in (lambda: mirror(tree), lambda: is_search_tree(tree), lambda: tree_cost([1], tree)):
        with pytest.raises(ValueError, match="must be a whole number"):
            call()
    with pytest.raises(ValueError, match="is not a search tree on 1..3"):
        symmetric_matrix(3, [[1, 1, 1]])
    with pytest.raises(ValueError, match=r"Bob's mixture must be a list of \(probability, depths\) pairs"):
        alice_best_reply(3, [[1, 1, 1]])
    with pytest.raises(ValueError, match="not a search tree"):
        alice_best_reply(3, [(Fraction(1), (1, 1, 1))])


@pytest.mark.parametrize("order", [[1, 2], [1, 1, 1, 2], [1, 1, 1, 1], (2, 2)])
def test_half_a_deal_is_not_played(order):
    with pytest.raises(ValueError, match="a deal holds each number three times"):
        play_order(order)
    assert play_order((1, 1, 1, 2, 2, 2)) == (2, 0)


def test_flags_are_flags():
    with pytest.raises(ValueError, match="relabel must be True or False"):
        count_orders(3, relabel="yes")
    with pytest.raises(ValueError, match="shortcut must be True or False"):
        heuristic_strategy(Game(2, 3), "worst-case", shortcut="no")


def test_a_lower_bound_with_no_reply_but_the_win_is_refused_not_looped():
    with pytest.raises(ValueError, match="3 candidates cannot be revealed"):
        tree_lower_bound(3, 0)
    assert tree_lower_bound(1, 0) == 1 and tree_lower_bound(4, 1) == 10
