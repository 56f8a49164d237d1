"""Search trees, payoff matrices, best replies and Dresher's method, against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.higher_lower import (
    best_bounded_tree,
    best_tree,
    catalan,
    dresher,
    full_tree_depths,
    is_search_tree,
    mirror,
    payoff_matrix,
    search_trees,
    symmetric_matrix,
    tree_cost,
)


def brute_trees(N: int) -> set[tuple[int, ...]]:
    """Every depth vector of a search tree, by the definition: pick a root, recurse."""

    def build(keys: tuple[int, ...]) -> list[dict[int, int]]:
        if not keys:
            return [{}]
        out = []
        for i, root in enumerate(keys):
            for left in build(keys[:i]):
                for right in build(keys[i + 1 :]):
                    tree = {root: 1}
                    tree.update({k: d + 1 for k, d in left.items()})
                    tree.update({k: d + 1 for k, d in right.items()})
                    out.append(tree)
        return out

    return {tuple(t[k] for k in range(1, N + 1)) for t in build(tuple(range(1, N + 1)))}


@pytest.mark.parametrize("N", range(1, 9))
def test_search_trees_are_all_trees_once(N):
    trees = search_trees(N)
    assert len(trees) == catalan(N) == len(set(trees))
    assert set(trees) == brute_trees(N)


def test_catalan_recurrence():
    for N in range(1, 30):
        assert catalan(N) == sum(catalan(a - 1) * catalan(N - a) for a in range(1, N + 1))  # eq. 1.2


def test_payoff_matrix_three_and_four_match_the_thesis():
    # eq. (1.1) and eq. (1.19), transcribed; both recomputed here from the definition
    assert payoff_matrix(3).to_numpy().tolist() == [[1, 1, 2, 2, 3], [2, 3, 1, 3, 2], [3, 2, 2, 1, 1]]
    printed_119 = [
        [1, 1, 1, 1, 1, 2, 2, 2, 3, 2, 2, 3, 3, 4],
        [2, 2, 3, 3, 4, 1, 1, 3, 2, 3, 4, 2, 4, 3],
        [3, 4, 2, 4, 3, 2, 3, 1, 1, 4, 3, 3, 2, 2],
        [4, 3, 3, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 1],
    ]
    assert payoff_matrix(4).to_numpy().tolist() == printed_119
    # eq. (1.20): the folded, doubled matrix
    assert symmetric_matrix(4).to_numpy().tolist() == [[5, 4, 4, 3, 3, 5, 4], [5, 6, 5, 7, 7, 3, 4]]


@pytest.mark.parametrize("N", range(1, 8))
def test_is_search_tree_against_enumeration(N):
    trees = set(search_trees(N))
    for vector in itertools.product(range(1, N + 1), repeat=N):
        assert is_search_tree(vector) == (vector in trees)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=1, max_size=8).filter(any))
def test_best_tree_is_the_brute_force_minimum(weights):
    cost, depths = best_tree(weights)
    assert cost == min(tree_cost(weights, t) for t in search_trees(len(weights)))
    assert is_search_tree(depths) and tree_cost(weights, depths) == cost
    fractional = [Fraction(w, 7) for w in weights]
    assert best_tree(fractional)[0] == cost / 7
    float_cost, _ = best_tree([float(w) for w in weights])
    assert float_cost == pytest.approx(float(cost))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.floats(0, 5)), min_size=1, max_size=8).filter(
        lambda pairs: any(w for w, _ in pairs)
    )
)
def test_best_tied_tree_is_the_lexicographic_brute_force_minimum(pairs):
    """Among the exact best replies, the least tie-breaking cost (Knuth's DP, lexicographic)."""
    from puzzles.higher_lower.model import best_tied_tree

    weights = [w for w, _ in pairs]
    tie = [t for _, t in pairs]
    cost, depths = best_tied_tree(weights, tie)
    best = min(tree_cost(weights, t) for t in search_trees(len(weights)))
    ties = [t for t in search_trees(len(weights)) if tree_cost(weights, t) == best]
    assert cost == best and depths in ties
    assert float(np.dot(tie, depths)) == pytest.approx(min(float(np.dot(tie, t)) for t in ties))


def test_best_tied_tree_rejects_inexact_or_negative_weights():
    from puzzles.higher_lower.model import best_tied_tree

    with pytest.raises(ValueError, match="exact"):
        best_tied_tree([0.5, 0.5], [1, 1])
    with pytest.raises(ValueError, match="tie-breaking"):
        best_tied_tree([1, 1], [1, -1])
    with pytest.raises(ValueError, match="tie-breaking"):
        best_tied_tree([1, 1, 1], [1, 1])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 10**30), min_size=9, max_size=40))
def test_best_tree_knuth_equals_the_cubic_dp(weights):
    """Knuth's O(N^2) against the plain O(N^3) recurrence (2.1), exactly, for larger N."""
    N = len(weights)
    prefix = [0, *itertools.accumulate(weights)]
    E = {(a, a - 1): 0 for a in range(1, N + 2)}
    for length in range(1, N + 1):
        for a in range(1, N - length + 2):
            b = a + length - 1
            E[a, b] = min(E[a, r - 1] + E[r + 1, b] for r in range(a, b + 1)) + prefix[b] - prefix[a - 1]
    assert best_tree(weights)[0] == E[1, N]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=8), st.integers(1, 5))
def test_bounded_tree_is_the_best_tree_of_bounded_height(weights, height):
    N = len(weights)
    if N > 2**height - 1:
        with pytest.raises(ValueError, match="at most"):
            best_bounded_tree(weights, height)
        return
    cost, depths = best_bounded_tree(weights, height)
    allowed = [t for t in search_trees(N) if max(t) <= height]
    assert cost == min(tree_cost(weights, t) for t in allowed)
    assert is_search_tree(depths) and max(depths) <= height and tree_cost(weights, depths) == cost


def test_full_tree_and_the_thesis_example():
    assert full_tree_depths(3) == (3, 2, 3, 1, 3, 2, 3)  # F_3 of Section 2.3
    cost, depths = best_bounded_tree([2, 1, 1, 2], 3)  # Section 2.3.4: two optimal subsequences
    assert depths in {(2, 3, 1, 2), (2, 1, 3, 2)} and cost == 2 * 2 + 3 + 1 + 2 * 2
    assert cost == min(tree_cost([2, 1, 1, 2], t) for t in search_trees(4))


def test_mirror_pairs_trees():
    for N in range(1, 8):
        trees = set(search_trees(N))
        assert {mirror(t) for t in trees} == trees


@pytest.mark.parametrize(
    "weights, message",
    [
        ([], "empty"),
        ([1, -1, 2], "negative"),
        ([0, 0], "all zero"),
        ([0.0, -0.5], "negative"),
        (["a"], "number"),
    ],
)
def test_bad_weights(weights, message):
    with pytest.raises(ValueError, match=message):
        best_tree(weights)


@pytest.mark.parametrize("N", [0, -3, 2.5, "4", True])
def test_bad_sizes(N):
    with pytest.raises(ValueError, match="N must"):
        search_trees(N)


def test_too_many_trees_to_list():
    with pytest.raises(ValueError, match="too many"):
        search_trees(15)


def test_dresher_reproduces_the_thesis_trace_for_four():
    """Section 1.13: four iterations on the matrix (1.20), every printed basis, inverse and score."""
    result = dresher(symmetric_matrix(4))
    F = Fraction
    assert [s.basis for s in result.steps] == [(0, 1, 8), (0, 1, 6), (0, 4, 6), (0, 7, 6)]
    assert [s.value for s in result.steps] == [5, 5, F(13, 3), 4]
    assert [(s.entering, s.leaving) for s in result.steps] == [(6, 8), (4, 1), (7, 4), (None, None)]
    assert result.steps[0].inverse == ((5, 0, -1), (1, 0, 0), (0, 1, -1))
    assert result.steps[1].inverse == ((5, -1, 0), (1, F(-1, 2), F(1, 2)), (0, F(1, 2), F(-1, 2)))
    assert result.steps[2].inverse == (
        (F(13, 3), F(-2, 3), F(-1, 3)),
        (F(1, 3), F(-1, 6), F(1, 6)),
        (F(2, 3), F(1, 6), F(-1, 6)),
    )
    assert result.steps[3].inverse == (
        (4, F(-1, 2), F(-1, 2)),
        (1, F(-1, 2), F(1, 2)),
        (0, F(1, 2), F(-1, 2)),
    )
    assert result.steps[0].scores == (0, -1, 0, -2, -2, 2, 1, 0, -1)
    assert result.steps[1].scores == (0, 1, 1, 2, 2, 0, 1, -1, 0)
    assert result.steps[2].scores == (F(-2, 3), F(-1, 3), 0, 0, 0, 0, F(1, 3), F(-2, 3), F(-1, 3))
    assert result.steps[3].scores == (-1, -1, F(-1, 2), -1, -1, 0, 0, F(-1, 2), F(-1, 2))
    assert result.steps[2].ratios == {1: (1, F(-1, 2), F(1, 2)), 2: (1, F(1, 4), F(-1, 4))}
    assert result.value == 4 and result.hider == (F(1, 2), F(1, 2))
    assert result.searcher == (0, 0, 0, 0, 0, 0, 1)


@pytest.mark.parametrize("N", range(1, 7))
def test_dresher_solves_the_full_game(N):
    """On the whole payoff matrix the strategies are optimal: checked by brute force best replies."""
    A = payoff_matrix(N).to_numpy()
    result = dresher(A)
    x, y = np.array(result.hider, dtype=object), np.array(result.searcher, dtype=object)
    assert sum(x) == 1 and sum(y) == 1 and min(x) >= 0 and min(y) >= 0
    assert min(x.dot(A)) == result.value == max(A.dot(y))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(-5, 9), min_size=3, max_size=3), min_size=2, max_size=4))
def test_dresher_on_random_games(rows):
    result = dresher(rows)
    A = np.array(rows, dtype=object)
    x, y = np.array(result.hider, dtype=object), np.array(result.searcher, dtype=object)
    assert sum(x) == 1 and sum(y) == 1 and min(x) >= 0 and min(y) >= 0
    assert min(x.dot(A)) == result.value == max(A.dot(y))


def test_dresher_bad_matrix():
    with pytest.raises(ValueError, match="empty"):
        dresher([])
    with pytest.raises(ValueError, match="ragged"):
        dresher([[1, 2], [3]])
