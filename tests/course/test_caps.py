"""Every cost cap listed by ``python -m puzzles.bench --caps``: the call just beyond it is refused
at once with a sentence (the timing of the call at the cap is printed by the bench, never
asserted in a test)."""

from __future__ import annotations

import pytest

from puzzles.bench import discover_caps

CAPS = discover_caps()


def test_every_unit_lists_its_caps():
    units = {cap.at_cap.__module__.split(".")[1] for cap in CAPS}
    assert units == {"egg", "matchsticks", "higher_lower", "mastermind", "trios"}


@pytest.mark.parametrize("cap", CAPS, ids=[f"{cap.function} {cap.call}" for cap in CAPS])
def test_beyond_the_cap_is_a_sentence(cap):
    with pytest.raises(ValueError) as refused:
        cap.beyond()
    sentence = str(refused.value)
    assert sentence and "\n" not in sentence and len(sentence) < 400


# -- caps that hold for the worst input they admit, not only the README's ----------------------

import random  # noqa: E402
from fractions import Fraction  # noqa: E402


def _random_fractions(count: int, digits: int, seed: int = 1) -> list[Fraction]:
    rng = random.Random(seed)
    return [Fraction(rng.randint(1, 10**digits), rng.randint(1, 10**digits)) for _ in range(count)]


def test_best_tree_refuses_long_exact_weights_before_computing():
    from puzzles.higher_lower import best_tree, tree_cost

    # 2000 random Fractions took 12.3 s and 4.6 GB: their common denominator has thousands of digits
    beyond = r"the work of the exact DP .* is beyond the largest .*limit_denominator"
    with pytest.raises(ValueError, match=beyond):
        best_tree(_random_fractions(2000, 6))
    # the same weights as floats are served, and the float answer prices right exactly
    weights = _random_fractions(2000, 6)
    cost, tree = best_tree([float(w) for w in weights])
    assert abs(cost - float(tree_cost(weights, tree))) <= 1e-9 * cost


def test_best_tree_on_exact_weights_agrees_with_brute_force_in_both_arithmetics():
    from puzzles.higher_lower import best_tree, search_trees, tree_cost

    rng = random.Random(5)
    for N in range(1, 8):
        for small in (True, False):  # int64 when the scaled weights fit, Python ints when not
            digits = 2 if small else 30
            weights = [Fraction(rng.randint(0, 10**digits), rng.randint(1, 10**digits)) for _ in range(N)]
            if not any(weights):
                weights[0] = Fraction(1)
            cost, tree = best_tree(weights)
            assert cost == min(tree_cost(weights, t) for t in search_trees(N)) == tree_cost(weights, tree)


def test_best_bounded_tree_weighs_the_length_of_exact_weights():
    from puzzles.higher_lower import best_bounded_tree, best_tree

    with pytest.raises(ValueError, match="64-bit words of the exact weights"):
        best_bounded_tree(_random_fractions(100, 30), 14)
    rng = random.Random(3)
    for digits in (3, 25):  # int64 and Python integers give the same exact answer as best_tree
        weights = [Fraction(rng.randint(1, 10**digits)) for _ in range(20)]
        assert best_bounded_tree(weights, 12)[0] == best_tree(weights)[0]


def test_dresher_refuses_tall_matrices_at_once_and_stops_a_growing_one_with_a_sentence():
    from puzzles.higher_lower import dresher, payoff_matrix

    with pytest.raises(ValueError, match=r"the number of rows = 5000 is beyond .*\(100\)"):
        dresher([[1]] * 5000)  # was a MemoryError after 69 s
    rng = random.Random(1)
    matrix = [[rng.randint(0, 10**6) for _ in range(71)] for _ in range(70)]  # was 8.7 s and more
    with pytest.raises(ValueError, match="Dresher's method on this 70 x 71 matrix grew its exact numbers"):
        dresher(matrix)
    from puzzles.higher_lower import solve

    assert dresher(payoff_matrix(5)).value == solve(5).value  # a second method: column generation


def test_expected_trials_weighs_the_length_of_exact_weights():
    from puzzles.egg import expected_trials, laplace_trials

    with pytest.raises(ValueError, match="64-bit words of the scaled weights"):
        expected_trials(2, _random_fractions(150, 12))
    # long but admitted weights no longer overflow a float infinity
    H = 12
    prior = [Fraction(10**400 + c) for c in range(H + 1)]
    assert 0 < expected_trials(2, prior) < H
    assert expected_trials(3, [Fraction(10**400)] * (H + 1)) == laplace_trials(3, H)
