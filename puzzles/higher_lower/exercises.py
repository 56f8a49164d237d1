"""Checks for the higher-lower exercises (ids "higher-lower-1" .. "higher-lower-6").

Every check compares the student's answer with independent evidence: the enumeration of all
search trees, brute-force best replies, Dresher's exact method, or the shipped certified data.
"""

from __future__ import annotations

import random
from fractions import Fraction

from puzzles.course.checker import exercise, first_disagreement
from puzzles.higher_lower.data import hider_of, load_records
from puzzles.higher_lower.model import dresher, payoff_matrix, search_trees, tree_cost

__all__: list[str] = []


def _report(found, what: str, where: str) -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees for {where}."
    case, given, expected = found
    return (
        False,
        f"smallest counterexample at {case}: your answer gives {given}, the check expects {expected}.",
    )


@exercise("higher-lower-1")
def _tree_count(answer) -> tuple[bool, str]:
    """Exercise 1: the number of search trees on N keys by recurrence (1.2), against enumeration."""
    found = first_disagreement(answer, lambda N: len(search_trees(N)), [(N,) for N in range(1, 13)])
    if found is not None:
        return _report(found, "", "")
    big = answer(30)
    if big != 3814986502092304:
        return (
            False,
            f"your count agrees up to N = 12 but gives {big} for N = 30, "
            "where there are 3814986502092304 trees.",
        )
    return (
        True,
        "your count agrees with the enumeration of every search tree for N = 1..12, and is right at N = 30.",
    )


@exercise("higher-lower-2")
def _alice_three(answer) -> tuple[bool, str]:
    """Exercise 2: an optimal distribution of Alice for N = 3 (three Fractions)."""
    try:
        alpha = [Fraction(a) for a in answer]
    except (TypeError, ValueError):
        return False, "give three exact fractions, such as [Fraction(1, 3), ...]."
    if len(alpha) != 3 or min(alpha) < 0 or sum(alpha) != 1:
        return False, "give three non-negative fractions that sum to 1."
    A = payoff_matrix(3).to_numpy()
    worst = min(sum(a * int(A[i, j]) for i, a in enumerate(alpha)) for j in range(A.shape[1]))
    value = dresher(A).value
    if worst == value:
        return (
            True,
            f"against your distribution every one of Bob's 5 trees needs at least {value} guesses "
            "on average: optimal.",
        )
    return (
        False,
        f"Bob has a tree that needs only {worst} guesses on average against it; Alice can force {value}.",
    )


@exercise("higher-lower-3")
def _two_row_value(answer) -> tuple[bool, str]:
    """Exercise 3: the value of a 2-row game by the lower envelope, against Dresher's method."""
    rng = random.Random(3)
    games = [
        [[rng.randint(1, 9) for _ in range(k)] for _ in range(2)]
        for k in (1, 2, 3, 4, 5, 7)
        for _ in range(12)
    ]
    games.insert(0, symmetric_matrix4())
    for game in games:
        expected = dresher(game).value
        given = answer(game)
        if Fraction(given) != expected:
            return False, f"for the game {game} your value is {given}, Dresher's method gives {expected}."
    return (
        True,
        f"your value equals Dresher's on the N = 4 game (1.20) and {len(games) - 1} random 2-row games.",
    )


def symmetric_matrix4() -> list[list[int]]:
    from puzzles.higher_lower.model import symmetric_matrix

    return symmetric_matrix(4).to_numpy().tolist()


def _random_weights(count: int, largest: int, seed: int) -> list[tuple[list[int]]]:
    rng = random.Random(seed)
    return [([rng.randint(0, 9) + 1 for _ in range(rng.randint(1, largest))],) for _ in range(count)]


@exercise("higher-lower-4")
def _cubic_dp(answer) -> tuple[bool, str]:
    """Exercise 4: the least weighted depth by recurrence (2.1), against every tree (N <= 8)."""
    cases = _random_weights(60, 8, 4)
    found = first_disagreement(
        lambda w: Fraction(answer(w)), lambda w: min(tree_cost(w, t) for t in search_trees(len(w))), cases
    )
    return _report(
        found, "your E[1, N]", "60 random weight vectors, N <= 8, each checked against all Catalan(N) trees"
    )


@exercise("higher-lower-5")
def _bounded_dp(answer) -> tuple[bool, str]:
    """Exercise 5: the subsequence DP (2.2) over trees with at most h levels, against every tree."""
    rng = random.Random(5)
    cases = []
    for _ in range(60):
        N = rng.randint(1, 7)
        h = rng.randint(max(1, N.bit_length()), 4)
        cases.append(([rng.randint(1, 9) for _ in range(N)], h))

    def reference(w, h):
        return min(tree_cost(w, t) for t in search_trees(len(w)) if max(t) <= h)

    found = first_disagreement(lambda w, h: Fraction(answer(w, h)), reference, cases)
    return _report(
        found, "your W(N, 2^h - 1)", "60 random (weights, h), checked against every tree of at most h levels"
    )


@exercise("higher-lower-6")
def _johnson_second(answer) -> tuple[bool, str]:
    """Exercise 6: the N in 7..200 of the shipped data where Alice's a_1 = 2 a_2 fails."""
    records = load_records()
    top = min(200, max(records) if records else 0)
    expected = {N for N in range(7, top + 1) if (a := hider_of(records[N]))[0] != 2 * a[1]}
    given = {int(N) for N in answer}
    if given == expected:
        return (
            True,
            f"exactly these {len(expected)} sizes in 7..{top} break a_1 = 2 a_2, by the certified solutions.",
        )
    missing, extra = sorted(expected - given)[:5], sorted(given - expected)[:5]
    return False, f"not the right set: missing for example {missing}, wrongly included {extra}."
