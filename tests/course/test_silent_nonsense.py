"""Calls that used to return an answer that means nothing now raise a sentence.

Each case is one the issue found: a plausible-looking result from an input outside the model
(a negative count, a fractional index, "no" read as True, a window of 0, a list of lists where a
tree is expected, half a deal).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
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


# -- Mastermind: replies, indices, bounds and strategy files ----------------------------------


@pytest.mark.parametrize("reply", [(2.5, 1), (True, False), (1,), "11", None, (1, 1, 0), ("1", "1")])
def test_a_reply_is_a_pair_of_whole_numbers(reply):
    # (2.5, 1) was read as (2, 1), index 10; (True, False) as (1, 0), index 5
    with pytest.raises(ValueError, match=r"a reply is a pair \(black, white\) of whole numbers"):
        Game(4, 6).feedback_index(reply)
    assert Game(4, 6).feedbacks[Game(4, 6).feedback_index((np.int64(2), 1))] == (2, 1)


@pytest.mark.parametrize("candidates", [np.array([-1]), [-1], [1296], None, [True], np.array([0.5]), "12"])
def test_reply_counts_refuses_indices_outside_the_game(candidates):
    # array([-1]) was wrapped by numpy to the last code
    with pytest.raises(ValueError, match=r"the candidates must be a list or array of code indices 0\.\.1295"):
        Game(4, 6).reply_counts(candidates)


def test_reply_counts_is_the_partition_by_brute_force():
    game = Game(2, 3)
    candidates = [0, 4, 8]
    counts = game.reply_counts(np.array(candidates))
    for g, guess in enumerate(game.codes):
        for f, reply in enumerate(game.feedbacks):
            assert counts[f, g] == sum(game.feedback(guess, game.code(s)) == reply for s in candidates)


@pytest.mark.parametrize("code", ["²²²²", "١٢٣٤", "1 23", 1.5, True, None])
def test_a_code_of_other_digits_is_refused_with_a_sentence(code):
    with pytest.raises(ValueError, match="a code (has exactly 4 digits|is a string of 4 digits)"):
        Game(4, 6).index(code)
    assert (
        Game(4, 6).index(np.int64(1123)) == Game(4, 6).index("1123") == (1 * 6 + 2)
    )  # digits 0 0 1 2 in base 6


@pytest.mark.parametrize("history", [None, "1122", [("1122",)], [("1122", (1, 1), 3)], [3]])
def test_a_history_is_a_list_of_guess_and_reply_pairs(history):
    with pytest.raises(ValueError, match="history"):
        Game(4, 6).consistent(history)


@pytest.mark.parametrize("depth", [-1, 0, 2.5, True, "2", None])
def test_an_outline_has_a_depth_of_at_least_one(depth):
    strategy = heuristic_strategy(Game(2, 3), "worst-case")
    with pytest.raises(ValueError, match="the depth of the outline must be"):
        strategy.outline(depth)
    assert strategy.outline(1) == strategy.first_guess


def test_the_search_infinity_is_never_an_answer():
    import math

    from puzzles.mastermind import OptimalSearch, plain_minimum_total
    from puzzles.mastermind.search import INFEASIBLE

    # tree_lower_bound(5, 3, 0) and plain_minimum_total(Game(3, 3), 0 or 1) returned 2**40
    with pytest.raises(ValueError, match="a cap of 0 guesses reveals none of the 5 candidates"):
        tree_lower_bound(5, 3, 0)
    with pytest.raises(ValueError, match=r"the cap on the number of guesses must be a whole number >= 1"):
        plain_minimum_total(Game(3, 3), 0)
    # a cap too small for any strategy: the least total over no strategy, infinite, not a number
    assert plain_minimum_total(Game(3, 3), 1) == math.inf == OptimalSearch(Game(3, 3), 1).value()
    assert tree_lower_bound(5, 3, 2) == math.inf  # 1 + 3 places within two guesses, 5 candidates
    assert tree_lower_bound(5, 3, 3) == 1 * 1 + 3 * 2 + 1 * 3 < INFEASIBLE  # places: 1, then 3, then 1 of 9
    assert plain_minimum_total(Game(2, 2), 3) == 8


def test_partition_entropy_of_huge_counts_is_a_number():
    from math import log2

    from puzzles.mastermind import partition_score

    tiny = partition_score("entropy", [10**400, 1])
    assert 0 < tiny < 1e-390 or tiny == 0.0
    assert (
        partition_score("entropy", [2, 2]) == 1.0
        and abs(partition_score("entropy", [3, 1]) - (2 - 0.75 * log2(3))) < 1e-12
    )


def _strategy_file(tmp_path, tree):
    import json

    path = tmp_path / "s.json"
    path.write_text(json.dumps({"pegs": 2, "colours": 2, "name": "x", "tree": tree}))
    return path


def test_a_reply_written_twice_in_a_strategy_file_is_refused(tmp_path):
    from puzzles.mastermind import Strategy

    # '0,0' and ' 0,0' used to be read as one reply, dropping one subtree without a word
    tree = ["11", {"0,0": ["22", {}], " 0,0": ["21", {}], "1,0": ["12", {}]}]
    with pytest.raises(ValueError, match="reply"):
        Strategy.load(_strategy_file(tmp_path, tree))


@pytest.mark.parametrize("content", [None, "not json", "[1, 2", "{}", '{"pegs": 2}'])
def test_a_bad_strategy_file_is_one_sentence(tmp_path, content):
    from puzzles.mastermind import Strategy

    if content is None:
        with pytest.raises(ValueError, match="the strategy file must be a path"):
            Strategy.load(None)
        with pytest.raises(ValueError, match="cannot be read"):
            Strategy.load(tmp_path / "absent.json")
        return
    path = tmp_path / "s.json"
    path.write_text(content)
    with pytest.raises(ValueError, match="strategy file"):
        Strategy.load(path)


def test_a_deep_strategy_file_is_refused_not_a_recursion_error(tmp_path):
    from puzzles.mastermind import Strategy

    deep = tmp_path / "deep.json"
    deep.write_text(
        '{"pegs": 2, "colours": 2, "tree": ' + '["11", {"0,0": ' * 100_000 + "0" + "}]" * 100_000 + "}"
    )
    with pytest.raises(ValueError, match="strategy"):
        Strategy.load(deep)
    nested = ["11", {}]
    for _ in range(150):
        nested = ["11", {"1,0": nested}]
    with pytest.raises(ValueError, match="more than 100 guesses"):
        Strategy.load(_strategy_file(tmp_path, nested))


# -- higher-lower: trees, weights and matrices -------------------------------------------------


def test_tree_cost_refuses_a_vector_that_is_no_tree_nor_a_subsequence_of_one():
    import itertools

    from puzzles.higher_lower import best_bounded_tree, full_tree_depths, search_trees

    with pytest.raises(ValueError, match=r"\(1, 1\) is not the depth vector of a search tree on 1\.\.2"):
        tree_cost([1, 1], [1, 1])
    # every search tree and every subsequence of F_h (the DP's answers, Section 2.3.5) is priced
    for N in range(1, 7):
        for tree in search_trees(N):
            assert tree_cost([1] * N, tree) == sum(tree)
    for h in (2, 3):
        F = full_tree_depths(h)
        subsequences = {
            tuple(F[p] for p in c)
            for n in range(1, len(F) + 1)
            for c in itertools.combinations(range(len(F)), n)
        }
        for n in range(1, 4):
            for vector in itertools.product(range(1, h + 1), repeat=n):
                if max(vector) == h and vector not in subsequences:
                    with pytest.raises(ValueError, match="not the depth vector"):
                        tree_cost([1] * n, vector)
                elif max(vector) == h:
                    assert tree_cost([1] * n, vector) == sum(vector)
    cost, depths = best_bounded_tree([2, 0, 0, 2], 3)
    assert tree_cost([2, 0, 0, 2], depths) == cost


def test_float_weights_whose_cost_overflows_are_refused():
    from puzzles.higher_lower import best_bounded_tree, best_tree

    with pytest.raises(ValueError, match="exceeds 10\\*\\*308"):
        best_tree([1e308, 1e308])
    with pytest.raises(ValueError, match="exceeds 10\\*\\*308"):
        best_bounded_tree([1e308, 1e308], 2)
    assert best_tree([10**308, 10**308]) == (3 * 10**308, (1, 2))  # exact weights never overflow


@pytest.mark.parametrize("weights", [[True, 1], [1, np.True_], ["1", "2"], ["0.5", 1]])
def test_bools_and_digit_strings_are_not_weights(weights):
    from puzzles.higher_lower import best_bounded_tree, best_tree, bob_best_payoff

    with pytest.raises(ValueError, match="must be a number|exact numbers"):
        best_tree(weights)
    with pytest.raises(ValueError, match="must be a number|exact numbers"):
        best_bounded_tree(weights, 2)
    with pytest.raises(ValueError, match="exact numbers"):
        bob_best_payoff(weights)


@pytest.mark.parametrize("matrix", [[[True]], [[np.False_, 1]], [["1"]], [[0.5, 1]]])
def test_bools_digit_strings_and_floats_are_not_payoffs(matrix):
    from puzzles.higher_lower import dresher

    with pytest.raises(ValueError, match="the payoff matrix must hold exact numbers"):
        dresher(matrix)


def test_numpy_numbers_are_weights_and_payoffs():
    from puzzles.higher_lower import best_tree, bob_best_payoff, dresher

    assert best_tree([np.int64(1), np.int64(1), np.int64(1)]) == best_tree([1, 1, 1])
    assert best_tree(np.array([0.25, 0.5, 0.25])) == best_tree([0.25, 0.5, 0.25])
    assert bob_best_payoff([np.int64(1)]) == 1
    assert dresher(np.array([[1, 2], [2, 1]])).value == dresher([[1, 2], [2, 1]]).value == Fraction(3, 2)


def test_solve_refuses_a_start_tree_that_is_no_tree():
    from puzzles.higher_lower import solve

    for trees in ([[1, 2]], [[1, 1, 1, 1, 1]], [[2, 1, 2]]):
        with pytest.raises(
            ValueError, match=r"each start tree must be the depth vector of a search tree on 1\.\.5"
        ):
            solve(5, trees=trees)
    assert solve(5, trees=[[3, 2, 3, 1, 2]]).value == solve(5).value


# -- match sticks and trios: records built by hand ---------------------------------------------


def test_mex_refuses_negative_values_and_too_many():
    with pytest.raises(ValueError, match="each value must be at least 0, got -1"):
        mex([-1, -2])
    with pytest.raises(ValueError, match=r"the number of values = 10000000 is beyond .*\(1000000\)"):
        mex(range(10**7))
    assert mex(range(10**6)) == 10**6 and mex({0, 1, 3}) == 2 and mex([np.int64(0)]) == 1


@pytest.mark.parametrize(
    "player, taken, left", [("x", 1, 0), ("you", -1, 3), ("you", 1, None), ("you", True, 2)]
)
def test_a_move_is_a_player_a_positive_take_and_what_is_left(player, taken, left):
    from puzzles.matchsticks.play import Move

    with pytest.raises(ValueError, match="the player of a move|the sticks taken|the sticks left"):
        Move(player, taken, left)
    assert Move("you", np.int64(2), 3) == Move("you", 2, 3)


@pytest.mark.parametrize("counts", [(-1, "x", None), (0, 0, -1), (1.5, 0, 0), (True, 0, 0), ("1", 0, 0)])
def test_a_state_holds_three_counts_of_trios(counts):
    with pytest.raises(ValueError, match="K[012] (must be a whole number|counts trios)"):
        State(*counts)
    assert State(np.int64(1), 2, 3) == (1, 2, 3) and type(State(np.int64(1), 2, 3).two_known) is int
