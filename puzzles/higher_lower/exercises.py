"""Checks for the higher-lower exercises (higher-lower-1 .. higher-lower-10).

Each exercise registers a plan (``puzzles.course.checker``): its inputs, in stages, and for
each input a reference from independent evidence (the list of every tree, generating
functions, Dresher's exact method, an interval DP, the shipped certified data), or a
judgement of the answer's value (a depth vector is a search tree of least cost). The checker
runs the answer in a child, on plain data, and writes the messages.

Every exercise that asks for the student's own computation is done without the package: while
the answer runs, the modules named by ``without`` are closed to it (formatively in
the notebook, bindingly in the grader's sandbox: the README's "What the checks protect"). The inputs
never hold an answer: the iterations of Dresher's method (higher-lower-7) are taken every
other step of a run, so that no input's successor (the next basis and its inverse) is itself
an input; references are computed where the answer does not run, and cached only in this
module (whose caches the child empties).

When graded (``plan(seed)``), the checks of functions add cases drawn with the grader's seed:
sizes and heights between and beyond the public ones, trees built from new insertion orders
and their near misses, new games, weights and data sets. Higher-lower-3 asks for one value:
nothing to draw.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from scipy.optimize import linprog

from puzzles.course.checker import (
    PackFault,
    Plan,
    Stage,
    boolean,
    exact_number,
    exercise,
    hidden_stage,
    sequence_of,
    show,
    whole,
)
from puzzles.higher_lower.data import DATA, block_path, data_faults, hider_of, load_records, load_solution
from puzzles.higher_lower.model import (
    best_tree,
    dresher,
    payoff_matrix,
    search_trees,
    symmetric_matrix,
)

__all__: list[str] = []

WITHOUT = "puzzles.higher_lower"


def _tree_place(depths: Any, limit: int = 60) -> str:
    """A depth vector in a line: ``(3, 2, 1, 3, 2, 3)``, or its start and its number of keys."""
    text = show(depths, limit)
    if text.endswith("...") and isinstance(depths, (list, tuple)):
        return f"{text} ({len(depths)} keys)"
    return text


def _guesses(depths: tuple[int, ...]) -> str:
    """A small tree in words, level by level: ``guesses 2 first, then 1 or 3``."""
    levels = [[k for k, d in enumerate(depths, start=1) if d == level] for level in sorted(set(depths))]
    words = [" or ".join(map(str, keys)) for keys in levels]
    return "guesses " + words[0] + " first" + "".join(f", then {w}" for w in words[1:])


def _search_tree_problem(depths: Any) -> str | None:
    """None when ``depths`` is the depth vector of a search tree, else why not. Builds the tree:
    the keys a..b at level L need exactly one key of depth L (their root), none shallower."""
    stack = [(1, len(depths), 1)]
    while stack:
        a, b, level = stack.pop()
        if a > b:
            continue
        part = depths[a - 1 : b]
        roots = [a + i for i, d in enumerate(part) if d == level]
        if min(part) < level or len(roots) != 1:
            where = "" if level == 1 else f" among the keys {a}..{b} below their parent"
            return f"it needs exactly one key of depth {level}{where}, and none shallower"
        stack += [(a, roots[0] - 1, level + 1), (roots[0] + 1, b, level + 1)]
    return None


# ---------------------------------------------------------------------------
# lesson I: the game and its linear programme (exercises 1, 2, 3)


def _trees_by_height(largest_n: int, largest_h: int) -> list[list[int]]:
    """counts[h][n]: search trees on n keys with at most h levels, for n <= largest_n.

    By generating functions, a second route to the numbers: B_0(x) = 1 and
    B_h(x) = 1 + x B_{h-1}(x)^2, truncated at degree largest_n (a tree is empty, or a root
    with two trees of at most h - 1 levels)."""
    polynomial = [1] + [0] * largest_n
    counts = [polynomial]
    for _ in range(largest_h):
        square = [0] * (largest_n + 1)
        for i, p in enumerate(polynomial):
            if p:
                for j in range(largest_n - i + 1):
                    square[i + j] += p * polynomial[j]
        polynomial = [1] + square[:largest_n]
        counts.append(polynomial)
    return counts


SMALL_TREES = 10  # every tree is listed up to this size


def _large_height_pairs() -> list[tuple[int, int]]:
    """(N, h) up to N = 128: h from one below the fewest levels that hold N keys to three above,
    every h for five sizes from 11 to 40, and h = N - 2 to N + 1 up to N = 128."""
    pairs = [(12, 100), (40, 40)]
    for N in (20, 31, 32, 50, 63, 64, 100, 127, 128):
        lowest = N.bit_length()  # floor(lg N) + 1
        pairs += [(N, h) for h in range(lowest - 1, lowest + 4)]
    for N in (11, 13, 16, 24, 40):  # every height, up to one above N
        pairs += [(N, h) for h in range(N.bit_length() - 1, N + 2)]
    for N in (50, 64, 100, 127, 128):  # the top: N - 2 to N + 1 levels
        pairs += [(N, h) for h in range(N - 2, N + 2)]
    return sorted(dict.fromkeys(pairs))


LARGE_HEIGHT_PAIRS = _large_height_pairs()


@functools.cache
def _deepest(N: int) -> tuple[int, ...]:
    """The number of levels of every search tree on N keys, from the list of all trees."""
    return tuple(max(tree) for tree in search_trees(N))


def _listed_count(N: int, h: int) -> int:
    return sum(1 for levels in _deepest(N) if levels <= h)


@functools.cache
def _generated_counts() -> list[list[int]]:
    return _trees_by_height(128, 129)


def _generated_count(N: int, h: int) -> int:
    return _generated_counts()[h][N]


HEIGHT_SMALL = f"every (N, h) with N <= {SMALL_TREES} and h <= {SMALL_TREES + 1}"
HEIGHT_LARGE = f"the {len(LARGE_HEIGHT_PAIRS)} pairs up to N = 128"


def _height_hidden(draw: random.Random) -> list[Stage]:
    """12 (N, h) drawn for grading: 10 with N in 11..128 and h from one below the fewest levels that
    hold N to N + 1 (h at most 100), and 2 with h >= N (N and h up to 100)."""
    public = set(LARGE_HEIGHT_PAIRS)
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < 12:
        if len(pairs) < 10:
            N = draw.randint(SMALL_TREES + 1, 128)
            h = draw.randint(N.bit_length() - 1, min(N + 1, 100))
        else:
            N = draw.randint(SMALL_TREES + 1, 100)
            h = draw.randint(N, 100)
        if (N, h) not in public:
            pairs.add((N, h))
    return [
        hidden_stage(
            sorted(pairs),
            reference=_generated_count,
            label="pairs the grader drew",
            evidence="generating functions",
        )
    ]


@exercise(
    "higher-lower-1",
    names="N, h",
    without=WITHOUT,
    on_timeout="This check goes up to N = 128 and h = 129 (h up to N + 1), where no list of trees can go: "
    "count by a recurrence on N and h, memoised.",
    asks="trees_within(N, h): the number of search trees on N keys with at most h levels, "
    "by a recurrence of your own",
    verifies=f"every (N, h) with N <= {SMALL_TREES}, h <= {SMALL_TREES + 1} against the list of all trees; "
    f"{len(LARGE_HEIGHT_PAIRS)} pairs up to N = 128 (h from one below the fewest levels to three above, "
    "every h for N = 11, 13, 16, 24, 40, and h from N - 2 to N + 1) against generating functions; "
    "refuses floats and answers that reach puzzles.higher_lower",
    hidden=_height_hidden,
)
def _trees_within() -> Plan:
    """Exercise 1: trees on N keys with at most h levels, against enumeration and generating functions."""
    small = [(N, h) for N in range(1, SMALL_TREES + 1) for h in range(1, SMALL_TREES + 2)]
    return Plan(
        [
            Stage(small, reference=_listed_count, label=HEIGHT_SMALL, evidence="the list of every tree"),
            Stage(
                LARGE_HEIGHT_PAIRS,
                reference=_generated_count,
                label=HEIGHT_LARGE,
                evidence="counting by generating functions",
                smallest=False,
                far="no list of trees reaches it",
            ),
        ],
        what="your count",
        kind=whole,
        passed=f"your count agrees with the list of every tree for N <= {SMALL_TREES} (all heights) and "
        f"with generating functions on {len(LARGE_HEIGHT_PAIRS)} pairs up to N = 128, where no list of "
        "trees could reach.",
    )


def _random_tree(N: int, rng: random.Random) -> tuple[int, ...]:
    """The depths of the search tree built by inserting 1..N in a random order."""
    level: dict[int, int] = {}
    order = list(range(1, N + 1))
    rng.shuffle(order)
    placed: list[int] = []  # sorted keys inserted so far
    for key in order:
        position = bisect.bisect(placed, key)
        neighbours = [placed[i] for i in (position - 1, position) if 0 <= i < len(placed)]
        level[key] = 1 + max((level[k] for k in neighbours), default=0)
        placed.insert(position, key)
    return tuple(level[key] for key in range(1, N + 1))


VECTOR_SIZES = 5  # every vector in {1..N}^N up to this N
NEAR_SIZE = 6  # every tree on this many keys, and every vector one change away from one
OUTSIDE_SIZES = 4  # every vector in {0..N+1}^N with an entry 0 or N + 1 up to this N


def _one_change_away(trees: list[tuple[int, ...]], largest: int) -> list[tuple[int, ...]]:
    """The trees, then every vector that differs from one of them in one entry (any value in
    1..largest) or by two neighbouring entries swapped, each once, in order of first appearance."""
    found = dict.fromkeys(trees)
    for tree in trees:
        for i in range(len(tree)):
            for d in range(1, largest + 1):
                found.setdefault(tree[:i] + (d,) + tree[i + 1 :])
            if i + 1 < len(tree):
                found.setdefault(tree[:i] + (tree[i + 1], tree[i]) + tree[i + 2 :])
    return list(found)


def _zigzag(N: int) -> tuple[int, ...]:
    """The chain that guesses 1, then N, then 2, then N - 1, ...: each key one level below the last."""
    order = [key for pair in zip(range(1, N + 1), range(N, 0, -1), strict=True) for key in pair][:N]
    depth = {key: level for level, key in enumerate(dict.fromkeys(order), start=1)}
    return tuple(depth[key] for key in range(1, N + 1))


@functools.cache
def _built_and_near() -> tuple[list[tuple[tuple[int, ...]]], list[tuple[tuple[int, ...]]]]:
    """Search trees far beyond any list (random insertion orders, chains) and their near misses:
    two neighbouring depths swapped, one depth moved by 1 (most of them no longer trees)."""
    rng = random.Random(21)
    built: list[tuple[int, ...]] = []
    for N in (7, 8, 9, 10, 12, 15, 20, 31, 50, 64, 100, 200, 500, 1000, 2000):
        built += [_random_tree(N, rng) for _ in range(8 if N <= 200 else 3)]
    built += [tuple(range(1, N + 1)) for N in (10, 100, 200, 2000)]  # chains: 1 first, then 2, ...
    built += [tuple(range(N, 0, -1)) for N in (10, 100, 200, 2000)]
    built += [_zigzag(N) for N in (11, 2000)]  # 1, N, 2, N - 1, ...: a chain 2000 levels deep, inside out
    near: list[tuple[int, ...]] = []
    for tree in built:
        swapped = list(tree)
        i = rng.randrange(len(swapped) - 1)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        moved = list(tree)
        k, step = rng.randrange(len(moved)), rng.choice((-1, 1))
        moved[k] += step
        near += [tuple(swapped), tuple(moved)]
        _NEAR_CHANGE.setdefault(tuple(swapped), _swap_words(tree, i))
        _NEAR_CHANGE.setdefault(tuple(moved), f"the depth of key {k + 1} moved from {tree[k]} to {moved[k]}")
    return [(tree,) for tree in built], [(vector,) for vector in dict.fromkeys(near)]


_NEAR_CHANGE: dict[tuple[int, ...], str] = {}  # a near miss -> how it was made from its tree, in words


def _swap_words(tree: tuple[int, ...], i: int) -> str:
    return f"the depths of keys {i + 1} and {i + 2} ({tree[i]} and {tree[i + 1]}) swapped"


@functools.cache
def _listed_trees(N: int) -> frozenset[tuple[int, ...]]:
    return frozenset(search_trees(N))


def _is_listed(depths: tuple[int, ...]) -> bool:
    vector = tuple(depths)
    return vector in _listed_trees(len(vector))


def _built_judge(case: tuple, value: bool) -> str | None:
    (depths,) = case
    if value:
        return None
    return (
        f"at depths = {_tree_place(depths)}, a search tree on {len(depths)} keys (built by inserting them "
        "one by one), your is_tree gives False."
    )


def _near_judge(case: tuple, value: bool) -> str | None:
    (depths,) = case
    problem = _search_tree_problem(depths)
    if value == (problem is None):
        return None
    truth = (
        "it is the depth vector of a search tree" if problem is None else f"it is no search tree: {problem}"
    )
    change = _NEAR_CHANGE.get(tuple(depths), "two neighbouring depths swapped or one moved by 1")
    return (
        f"at depths = {_tree_place(depths)}, a search tree on {len(depths)} keys with {change}, your is_tree "
        f"gives {value}, but {truth}."
    )


def _vector_judge(case: tuple, value: bool) -> str | None:
    (depths,) = case
    problem = _search_tree_problem(depths)
    if value == (problem is None):
        return None
    truth = (
        "it is the depth vector of a search tree" if problem is None else f"it is no search tree: {problem}"
    )
    return f"at depths = {_tree_place(depths)} your is_tree gives {value}, but {truth}."


def _is_tree_hidden(draw: random.Random) -> list[Stage]:
    """Trees built from insertion orders drawn for grading (7 to 3000 keys) and their near misses,
    and 40 random vectors of 6 to 9 depths (most of them no tree)."""
    built = [_random_tree(draw.choice((7, 9, 13, 30, 100, 700, 3000)), draw) for _ in range(10)]
    near = []
    for tree in built:
        changed = list(tree)
        i = draw.randrange(len(changed) - 1)
        changed[i], changed[i + 1] = changed[i + 1], changed[i]
        near.append((tuple(changed),))
        _NEAR_CHANGE.setdefault(tuple(changed), _swap_words(tree, i))
    vectors = []
    for _ in range(40):
        N = draw.randint(6, 9)
        vectors.append((tuple(draw.randint(1, N) for _ in range(N)),))
    return [
        hidden_stage([(tree,) for tree in built], judge=_built_judge, label="trees the grader built"),
        hidden_stage(near, judge=_near_judge, label="their near misses"),
        hidden_stage(vectors, judge=_vector_judge, label="vectors the grader drew"),
    ]


@exercise(
    "higher-lower-2",
    names="depths",
    without=WITHOUT,
    asks="is_tree(depths): whether a vector of depths is the depth vector of a search tree "
    "(the thesis's [3, 3, 1, 3, 2, 3] is not)",
    verifies=f"every vector in {{1..N}}^N for N <= {VECTOR_SIZES}, every tree on {NEAR_SIZE} keys and every "
    f"vector one entry or one swap away, and every vector with an entry 0 or N + 1 for N <= {OUTSIDE_SIZES}, "
    "against the list of all trees; 115 search trees up to 2000 keys (random "
    "insertion orders, chains 2000 levels deep) and their near misses (two depths swapped, one moved "
    "by 1); refuses answers that reach puzzles.higher_lower",
    hidden=_is_tree_hidden,
)
def _is_tree() -> Plan:
    """Exercise 2: is a depth vector a search tree? Against the list of all trees and built trees."""
    small = [
        (vector,)
        for N in range(1, VECTOR_SIZES + 1)
        for vector in itertools.product(range(1, N + 1), repeat=N)
    ]
    six = [(vector,) for vector in _one_change_away(search_trees(NEAR_SIZE), NEAR_SIZE)]
    outside = [
        (vector,)
        for N in range(1, OUTSIDE_SIZES + 1)
        for vector in itertools.product(range(0, N + 2), repeat=N)
        if 0 in vector or N + 1 in vector
    ]
    built, near = _built_and_near()
    return Plan(
        [
            Stage(
                small,
                reference=_is_listed,
                label=f"every vector in {{1..N}}^N for N <= {VECTOR_SIZES}",
                evidence="the list of every tree",
            ),
            Stage(
                six,
                reference=_is_listed,
                label=f"every tree on {NEAR_SIZE} keys and every vector one change away",
                evidence="the list of every tree",
                smallest=False,
            ),
            Stage(
                outside,
                reference=_is_listed,
                label=f"every vector with an entry 0 or N + 1 for N <= {OUTSIDE_SIZES}",
                evidence="the list of every tree",
                smallest=False,
                far="an entry outside 1..N",
            ),
            Stage(built, judge=_built_judge, label=f"the {len(built)} search trees up to 2000 keys"),
            Stage(near, judge=_near_judge, label=f"the {len(near)} near misses of them"),
        ],
        what="your is_tree",
        kind=boolean,
        passed=f"your test agrees on all {len(small) + len(six) + len(outside) + len(built) + len(near)} "
        f"vectors: every vector of depths in 1..N for N <= {VECTOR_SIZES}, every tree on {NEAR_SIZE} keys "
        f"and every vector one entry or one swap away, every vector with an entry 0 or N + 1 for N <= "
        f"{OUTSIDE_SIZES}, and {len(built)} search trees with up to 2000 keys and their near misses, far "
        "beyond any list of trees.",
    )


def _three_probabilities(value: Any) -> str | None:
    """A list or tuple of three exact numbers."""
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return (
            "not a list of three exact probabilities, [Fraction(a, b), Fraction(c, d), Fraction(e, f)]: one "
            "for each of the secrets 1, 2 and 3"
        )
    for entry in value:
        if (problem := exact_number(entry)) is not None:
            return f"its entry {show(entry)} is {problem}"
    return None


@functools.cache
def _game_value_three() -> Fraction:
    return dresher(payoff_matrix(3)).value


def _alice_three_judge(case: tuple, value: Any) -> str | None:
    alpha = [Fraction(a) for a in value]
    if min(alpha) < 0 or sum(alpha) != 1:
        return (
            f"your alice3 is {show(value)}: Alice's probabilities must be non-negative and sum to 1; "
            f"yours sum to {show(sum(alpha))}."
        )
    trees = search_trees(3)
    averages = [sum((a * d for a, d in zip(alpha, tree, strict=True)), Fraction(0)) for tree in trees]
    worst = min(averages)
    if worst == _game_value_three():
        return None
    tree = trees[averages.index(worst)]
    return (
        f"against your alice3 = {show(value)} Bob's tree that {_guesses(tree)} (depths {show(tree)}) needs "
        f"only {show(worst)} guesses on average; Alice can force more."
    )


@exercise(
    "higher-lower-3",
    names="",
    asks="alice3: an optimal distribution of Alice for N = 3, found by hand from (1.5)",
    verifies="three exact non-negative numbers summing to 1, against each of Bob's 5 trees: the least "
    "average equals V(3) by Dresher's exact method (a value typed by hand: the check sees the value, "
    "not how it was found)",
)
def _alice_three() -> Plan:
    """Exercise 3: an optimal distribution of Alice for N = 3 (three Fractions)."""
    return Plan(
        [Stage([()], judge=_alice_three_judge, evidence="Dresher's exact method")],
        what="your alice3",
        kind=_three_probabilities,
        value=True,
        passed=f"against your distribution every one of Bob's 5 trees needs at least {_game_value_three()} "
        "guesses on average, the value of the game (Dresher's exact method): optimal.",
    )


def _bisection_depths(N: int) -> list[int]:
    """How many guesses bisection needs for each secret 1..N, found by playing every round: the
    guess is the middle of the interval, the lower of the two middles when they are two."""
    depths = []
    for secret in range(1, N + 1):
        low, high, guesses = 1, N, 0
        while True:
            guesses += 1
            guess = low + (high - low) // 2  # the lower middle
            if guess == secret:
                break
            low, high = (guess + 1, high) if secret > guess else (low, guess - 1)
        depths.append(guesses)
    return depths


def _bisection_cost_of(alpha: tuple) -> Fraction:
    depths = _bisection_depths(len(alpha))
    return sum((Fraction(a) * d for a, d in zip(alpha, depths, strict=True)), Fraction(0))


def _random_distribution(
    N: int, rng: random.Random, zeros: float = 0.0, largest: int = 12
) -> tuple[Fraction, ...]:
    """N exact probabilities from random integer weights up to ``largest`` (some of them zero),
    not all zero."""
    while True:
        weights = [0 if rng.random() < zeros else rng.randint(1, largest) for _ in range(N)]
        if sum(weights):
            return tuple(Fraction(w, sum(weights)) for w in weights)


BISECTION_SMALL = 12  # every N up to this, several distributions each
BISECTION_LARGE = (16, 31, 32, 33, 64, 100, 255, 256, 1000)
BISECTION_FINE = (100, 999, 1000)  # weights up to 10**6 and 10**9: denominators far beyond a float's


@functools.cache
def _bisection_cases() -> tuple[list[tuple], list[tuple]]:
    rng = random.Random(21)
    small = []
    for N in range(1, BISECTION_SMALL + 1):
        small.append((tuple(Fraction(1, N) for _ in range(N)),))
        small += [(_random_distribution(N, rng, zeros),) for zeros in (0.0, 0.0, 0.3)]
    large = [(_random_distribution(N, rng, zeros),) for N in BISECTION_LARGE for zeros in (0.0, 0.2)]
    large += [
        (_random_distribution(N, rng, 0.0, largest),) for N in BISECTION_FINE for largest in (10**6, 10**9)
    ]
    return small, large


def _bisection_hidden(draw: random.Random) -> list[Stage]:
    """14 distributions drawn for grading: 12 with N from 2 to 400, some with zeros, and 2 with N
    from 400 to 1000 and weights up to 10**6 (denominators no float carries)."""
    cases = [(_random_distribution(draw.randint(2, 400), draw, draw.choice((0.0, 0.3))),) for _ in range(12)]
    cases += [(_random_distribution(draw.randint(400, 1000), draw, 0.0, 10**6),) for _ in range(2)]
    return [
        hidden_stage(
            cases,
            reference=_bisection_cost_of,
            label="distributions the grader drew",
            evidence="bisection played guess by guess",
        )
    ]


@exercise(
    "higher-lower-21",
    names="alpha",
    without=WITHOUT,
    asks="bisection_cost(alpha): the exact expected number of guesses of Bob's bisection (the lower middle "
    "of the interval) against Alice's distribution alpha on 1..N",
    verifies=f"every N up to {BISECTION_SMALL} (the uniform distribution and three random ones, zeros among "
    f"them), two random distributions for each N in {', '.join(map(str, BISECTION_LARGE))}, and for N in "
    f"{', '.join(map(str, BISECTION_FINE))} distributions from random integer weights up to 10**6 and "
    "10**9 (denominators a float cannot carry, so a float sum rounded back to a Fraction fails), against "
    "bisection's rounds played guess by guess for every secret; refuses floats and answers that reach "
    "puzzles.higher_lower",
    hidden=_bisection_hidden,
)
def _bisection_cost() -> Plan:
    """Exercise 3b (check higher-lower-21): bisection's exact cost against a distribution of Alice."""
    small, large = _bisection_cases()
    return Plan(
        [
            Stage(
                small,
                reference=_bisection_cost_of,
                label=f"every N up to {BISECTION_SMALL}",
                evidence="bisection played guess by guess",
            ),
            Stage(
                large,
                reference=_bisection_cost_of,
                label=f"{len(large)} distributions up to N = 1000",
                evidence="bisection played guess by guess",
                smallest=False,
            ),
        ],
        what="your cost",
        kind=exact_number,
        build=lambda case: (list(case[0]),),
        passed=f"your cost equals bisection's, exactly, on {len(small) + len(large)} distributions: every N "
        f"up to {BISECTION_SMALL} and {len(large)} distributions up to N = 1000 (zeros among them, and "
        "weights up to 10**9).",
    )


# ---------------------------------------------------------------------------
# lesson II: Dresher's simplex method (exercises 7 and 8)


def _random_games(seed: int, entries: range, copies: int) -> list[list[list[int]]]:
    """Random games of 2 to 4 rows and 2 to 6 columns, rows ordered for Dresher's start basis
    (1.8): the last row has the largest first entry."""
    rng = random.Random(seed)
    games = []
    for m in (2, 3, 4):
        for n in (2, 3, 4, 5, 6):
            for _ in range(copies):
                game = [[rng.choice(entries) for _ in range(n)] for _ in range(m)]
                game.sort(key=lambda row: row[0])
                games.append(game)
    return games


ONE_ROW_GAMES = [[[3, 1, 2]], [[0, -2, 1]]]
# A tie on the first ratio R_i0 / v_i between rows with different v_i, where the next entries
# decide only once divided by v_i too (at the basis (0, 1, 3, 6), its step 1, column 4 enters and
# 1 leaves); its odd steps are asked.
RATIO_TIE_GAMES = [[[0, 3, 2, 0], [1, 1, -1, 1], [3, 3, -1, 1]]]
# Exact ties on the first ratio that floating point breaks the wrong way: at step 1 of the first
# game (basis (0, 1, 7, 4, 9), column 3 enters) R1 / v1 and R2 / v2 both start with 2/3, as
# 4/5 / (6/5) and 38/5 / (57/5), but float(4/5) / float(6/5) = 0.6666666666666667 exceeds
# float(38/5) / float(57/5) = 0.6666666666666666, so a comparison in floats lets P7 leave where
# the exact rule lets P1 leave. At step 1 of the second game (basis (0, 1, 3, 4, 2), column 6
# enters) R1 / v1 and R3 / v3 both start with 5, as 5/6 / (1/6) and 5/2 / (1/2), where floats give
# 5.000000000000001 and 5.0: P4 would leave instead of P1. Their odd steps are asked.
FLOAT_TIE_GAMES = [
    [[-2, -2, -1, 5, 1, -3], [7, 8, -2, 7, 6, 3], [7, -2, -2, -3, -3, 7], [9, 4, 2, -1, 9, 6]],
    [[-3, -1], [5, 5], [8, 5], [9, 0]],
]
# Five rows where two candidates R_i / v_i agree on their first three entries and the fourth
# decides (at the start basis column 2 enters; R5 / v5 = (0, 0, 0, 0, 1/5, -1/5) is less than
# R4 / v4 = (0, 0, 0, 1/5, 0, -1/5), so U_4 = 6 leaves, not U_3 = 5): its even steps are asked.
LONG_TIE_GAMES = [[[1, 0], [1, 0], [1, 5], [1, 5], [1, 0]]]


def _dresher_games() -> list[list[list[int]]]:
    """The thesis's games (1.1), (1.20) and (1.19); random games with positive entries (small
    entries tie often: the lexicographic rule decides); random games with zero and negative
    entries, where the provisional value can be zero or negative and the row of P0 (never a
    candidate to leave) would win the ratio test; two games of one row; four games whose ties
    in the ratio test are decided past the first entry."""
    games = [
        payoff_matrix(3).to_numpy().tolist(),
        symmetric_matrix(4).to_numpy().tolist(),
        payoff_matrix(4).to_numpy().tolist(),
    ]
    games += _random_games(7, range(1, 5), 3) + _random_games(8, range(1, 10), 3)
    games += _random_games(9, range(-3, 4), 4) + _random_games(10, range(0, 3), 2)
    games += ONE_ROW_GAMES  # m = 1: an answer must not assume a second row
    games += RATIO_TIE_GAMES + FLOAT_TIE_GAMES + LONG_TIE_GAMES
    return [[[int(x) for x in row] for row in game] for game in games]


def _key(game: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in game)


@functools.cache
def _dresher_steps() -> list[tuple[list[list[int]], tuple]]:
    """Each game with the iterations of Dresher's method on it (the package's ``dresher``)."""
    return [(game, dresher(game).steps) for game in _dresher_games()]


@functools.cache
def _dresher_runs() -> dict[tuple, dict[tuple[int, ...], Any]]:
    """For each game, Dresher's answer at each basis of its run: (entering, leaving, next inverse),
    or None at the optimum (the package's ``dresher``, tested against an LP solver)."""
    runs: dict[tuple, dict[tuple[int, ...], Any]] = {}
    for game, steps in _dresher_steps():
        run = runs.setdefault(_key(game), {})
        for k, step in enumerate(steps):
            if step.entering is None:
                run[step.basis] = None
            else:
                run[step.basis] = (step.entering, step.leaving, [list(row) for row in steps[k + 1].inverse])
    return runs


def _asked_parity(game: list[list[int]], index: int) -> int:
    """Which iterations of a game are asked: the odd ones of the tie games built for their odd
    step, the even ones of the long tie game, else by the game's place in the list."""
    if game in RATIO_TIE_GAMES or game in FLOAT_TIE_GAMES:
        return 1
    if game in LONG_TIE_GAMES:
        return 0
    return index % 2


def _pivot_cases() -> list[tuple[list[list[int]], tuple[int, ...], list[list[Fraction]]]]:
    """(A, basis, inverse) at every other iteration of each game's run (the even ones of the even
    games, the odd ones of the odd games): no input is the successor of another."""
    cases = []
    for index, (game, steps) in enumerate(_dresher_steps()):
        for k, step in enumerate(steps):
            if k % 2 == _asked_parity(game, index):
                cases.append((game, step.basis, [list(row) for row in step.inverse]))
    return cases


def _rows(matrix: Any) -> str:
    """A matrix of exact numbers row by row: ``R0 = [2, 0, -1]; R1 = [1, 0, 0]``."""
    return "; ".join(f"R{i} = {show(list(row), 200)}" for i, row in enumerate(matrix))


def _step_kind(value: Any) -> str | None:
    """None, or a triple (entering, leaving, new inverse) of two integers and rows of exact numbers."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return "neither None nor a triple (entering, leaving, new inverse)"
    entering, leaving, inverse = value
    for name, column in (("entering column", entering), ("leaving column", leaving)):
        if (problem := whole(column)) is not None:
            return f"its {name} is {problem}"
    if not isinstance(inverse, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in inverse):
        return "its new inverse is not a list of rows"
    for row in inverse:
        for entry in row:
            if (problem := exact_number(entry)) is not None:
                return f"an entry of its new inverse is {problem}"
    return None


def _pivot_judge(case: tuple, value: Any) -> str | None:
    A, basis, inverse = case
    runs = _dresher_runs()
    expected = (runs[_key(A)] if _key(A) in runs else _drawn_run(_key(A)))[tuple(basis)]
    where = f"at A = {show(A, 200)}, basis {show(tuple(basis))}, inverse {_rows(inverse)}:"
    if value is None and expected is None:
        return None
    if value is None:
        n = len(A[0])
        slack = f" (= U_{expected[0] - n}, a slack column)" if expected[0] > n else ""
        return (
            f"{where} your step gives None, but column {expected[0]}{slack} has a positive score: the basis "
            f"is not optimal; Dresher's rules give: {expected[0]} enters, {expected[1]} leaves."
        )
    if expected is None:
        return (
            f"{where} your step gives {show(value[:2])}, but no score is positive: the basis is optimal "
            "(None)."
        )
    entering, leaving, new = value
    if entering != expected[0]:
        return (
            f"{where} your entering column is {entering}; Dresher's rule (1.14) gives {expected[0]}, the "
            "largest score, the smallest index on ties."
        )
    if leaving != expected[1]:
        never = " P0 never leaves the basis: the candidates are the rows R1 to Rm." if leaving == 0 else ""
        return (
            f"{where} column {entering} enters and your leaving column is {leaving}; the lexicographic rule "
            f"(1.16) over the rows with v_i > 0 gives {expected[1]}.{never}"
            f"{_tie_words(A, basis, inverse, entering, leaving, expected[1])}"
        )
    given = [list(row) for row in new]
    if len(given) != len(expected[2]):
        return (
            f"{where} your new inverse has {len(given)} rows; it needs {len(expected[2])}, R0 to R{len(A)}."
        )
    for i, (mine, right) in enumerate(zip(given, expected[2], strict=True)):
        if len(mine) != len(right) or any(x != y for x, y in zip(mine, right, strict=True)):
            return (
                f"{where} column {entering} enters and {leaving} leaves, but row R{i} of your new inverse is "
                f"{show(mine, 200)}; the update (1.18) gives {show(right, 200)}."
            )
    return None


def _tie_words(A: list, basis: tuple, inverse: list, entering: int, leaving: int, right: int) -> str:
    """Where the answer's leaving row and the right one tie exactly on their first k entries of
    R_i / v_i, a sentence saying so (the rule then compares entry k + 1, exactly); else ''."""
    if leaving not in basis or leaving == 0:
        return ""
    column = _augmented_column(A, entering)
    rows = {}
    for j in (leaving, right):
        i = list(basis).index(j)
        v = sum(Fraction(x) * p for x, p in zip(inverse[i], column, strict=True))
        if v <= 0:
            return ""
        rows[j] = [Fraction(x) / v for x in inverse[i]]
    same = next(k for k, (x, y) in enumerate(zip(rows[leaving], rows[right], strict=True)) if x != y)
    if same == 0:
        return ""
    i, r = list(basis).index(leaving), list(basis).index(right)
    entries = "entry" if same == 1 else f"{same} entries"
    return (
        f" R{r} / v{r} (the rule's row) and R{i} / v{i} (yours) agree exactly on their first {entries} "
        f"({show(rows[right][:same], 120)}); the next entry decides: {show(rows[right][same])} against "
        f"{show(rows[leaving][same])}. Compare the whole rows, exactly (Fractions): floats can round "
        "such a tie apart."
    )


@functools.cache
def _drawn_run(game: tuple) -> dict[tuple[int, ...], Any]:
    """Dresher's answer at each basis of the run on a game drawn for grading (as ``_dresher_runs``)."""
    steps = dresher([list(row) for row in game]).steps
    run: dict[tuple[int, ...], Any] = {}
    for k, step in enumerate(steps):
        nxt = None if step.entering is None else [list(row) for row in steps[k + 1].inverse]
        run[step.basis] = None if step.entering is None else (step.entering, step.leaving, nxt)
    return run


def _pivot_hidden(draw: random.Random) -> list[Stage]:
    """Every iteration of Dresher's method on 8 games drawn for grading (2 to 5 rows, 2 to 7
    columns, entries -4..9, rows ordered for the start basis)."""
    cases = []
    for _ in range(8):
        m, n = draw.randint(2, 5), draw.randint(2, 7)
        game = sorted(([draw.randint(-4, 9) for _ in range(n)] for _ in range(m)), key=lambda row: row[0])
        for step in dresher(game).steps:
            cases.append((game, step.basis, [list(row) for row in step.inverse]))
    return [hidden_stage(cases, judge=_pivot_judge, label="iterations on games the grader drew")]


def _augmented_column(A: list[list[int]], j: int) -> list[Fraction]:
    """P_j of Dresher's augmented matrix G (1.7)."""
    m, n = len(A), len(A[0])
    if j == 0:
        return [Fraction(0)] + [Fraction(-1)] * m
    if j <= n:
        return [Fraction(1)] + [Fraction(A[i][j - 1]) for i in range(m)]
    return [Fraction(int(i == j - n)) for i in range(m + 1)]


def _solved(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """The solution of a square invertible system, exactly (Gauss-Jordan with Fractions)."""
    size = len(rows)
    table = [list(row) + [b] for row, b in zip(rows, rhs, strict=True)]
    for c in range(size):
        pivot = next(r for r in range(c, size) if table[r][c] != 0)
        table[c], table[pivot] = table[pivot], table[c]
        table[c] = [x / table[c][c] for x in table[c]]
        for r in range(size):
            if r != c and table[r][c] != 0:
                table[r] = [x - table[r][c] * y for x, y in zip(table[r], table[c], strict=True)]
    return [row[-1] for row in table]


def _basis_reading(A: list[list[int]], basis: tuple[int, ...]) -> tuple[list, list, Fraction]:
    """Alice's provisional x, Bob's provisional y on his columns 1..n and the provisional value
    of a basis, from the basis matrix B itself (not from its inverse): C_0 solves B c = e_0 and
    R_0 solves R B = e_0, and (1.12) reads R_0 = (l, -x) and C_0 = (u, y at the basis's columns)."""
    m, n = len(A), len(A[0])
    columns = [_augmented_column(A, j) for j in basis]
    B = [[columns[k][i] for k in range(m + 1)] for i in range(m + 1)]  # B[i][k]: row i of column k
    e0 = [Fraction(int(i == 0)) for i in range(m + 1)]
    c0 = _solved(B, e0)
    r0 = _solved([list(column) for column in columns], e0)  # R0 B = e0: B transposed
    y = [Fraction(0) for _ in range(n)]
    for position, j in enumerate(basis):
        if 1 <= j <= n:
            y[j - 1] = c0[position]
    return [-entry for entry in r0[1:]], y, r0[0]


def _reading_kind(value: Any) -> str | None:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return "not a triple (x, y, value)"
    for name, part in (("x", value[0]), ("y", value[1])):
        if not isinstance(part, (list, tuple)):
            return f"its {name} is not a list"
        for entry in part:
            if (problem := exact_number(entry)) is not None:
                return f"an entry of its {name} is {problem}"
    if (problem := exact_number(value[2])) is not None:
        return f"its value is {problem}"
    return None


def _reading_judge(case: tuple, value: Any) -> str | None:
    A, basis, inverse = case
    x, y, provisional = _basis_reading(A, tuple(basis))
    where = f"at A = {show(A, 200)}, basis {show(tuple(basis))}, inverse {_rows(inverse)}:"
    given_x, given_y, given_value = list(value[0]), list(value[1]), value[2]
    if given_value != provisional:
        return (
            f"{where} your value is {show(given_value)}; the provisional value, the first entry of R0, is "
            f"{show(provisional)}."
        )
    if given_x != x:
        return (
            f"{where} your x is {show(given_x, 200)}; Alice's provisional strategy is {show(x, 200)} "
            "(R0 = (l, -x_1, ..., -x_m), 1.12)."
        )
    if len(given_y) != len(y):
        return f"{where} your y has {len(given_y)} entries; Bob has {len(y)} columns, P1 to P{len(y)}."
    if given_y != y:
        wrong = next(j for j in range(len(y)) if given_y[j] != y[j]) + 1
        return (
            f"{where} your y is {show(given_y, 200)}; Bob's provisional weights are {show(y, 200)} (C0 = "
            f"(u, y_j1, ..., y_jm), placed at the column numbers j of the basis; the first difference is "
            f"y_{wrong})."
        )
    return None


@functools.cache
def _reading_cases() -> list[tuple]:
    """Every iteration of Dresher's method on the thesis's games and on 30 of the random games."""
    steps = _dresher_steps()
    chosen = steps[:3] + steps[3:183:6] + steps[183:186]  # and the one-row games, the first tie game
    return [(game, step.basis, [list(row) for row in step.inverse]) for game, run in chosen for step in run]


def _reading_hidden(draw: random.Random) -> list[Stage]:
    """Every iteration of Dresher's method on 6 games drawn for grading."""
    cases = []
    for _ in range(6):
        m, n = draw.randint(2, 5), draw.randint(2, 7)
        game = sorted(([draw.randint(-4, 9) for _ in range(n)] for _ in range(m)), key=lambda row: row[0])
        cases += [(game, step.basis, [list(row) for row in step.inverse]) for step in dresher(game).steps]
    return [hidden_stage(cases, judge=_reading_judge, label="iterations on games the grader drew")]


READ_AGAIN = 8  # bases read a second time, from the very lists of their first call


@exercise(
    "higher-lower-22",
    names="A, basis, inverse",
    without=WITHOUT,
    asks="read_basis(A, basis, inverse): Alice's provisional strategy x, Bob's provisional weights y on "
    "his columns 1..n and the provisional value, read from the inverse of a basis (1.12)",
    verifies="every iteration of Dresher's method on the games (1.1), (1.20), (1.19), 30 random games and "
    "the games of one row, against x, y and the value found from the basis matrix itself (B C0 = e0 and "
    f"R0 B = e0 solved exactly); reads {READ_AGAIN} bases a second time from the same lists (an answer "
    "that changes its arguments in place answers differently); refuses floats and answers that reach "
    "puzzles.higher_lower",
    hidden=_reading_hidden,
)
def _read_basis() -> Plan:
    """Exercise 4a (check higher-lower-22): reading a basis, (1.12)."""
    cases = _reading_cases()
    again = cases[:READ_AGAIN]
    return Plan(
        [
            Stage(cases, judge=_reading_judge, label=f"the {len(cases)} iterations"),
            Stage(
                again,
                judge=_read_again_judge,
                label=f"the {len(again)} iterations asked again on the same lists",
            ),
        ],
        what="your reading",
        kind=_reading_kind,
        build=_pivot_build,
        passed=f"your x, y and value agree on all {len(cases)} iterations of Dresher's method (the thesis's "
        "games and random ones, optimal bases included) with the strategies the basis matrix itself gives, "
        f"and your reading leaves the lists it is given unchanged ({len(again)} bases read twice from the "
        "same lists).",
    )


def _read_again_judge(case: tuple, value: Any) -> str | None:
    problem = _reading_judge(case, value)
    if problem is None:
        return None
    A, basis, inverse = case
    return (
        f"at A = {show(A, 200)}, basis {show(tuple(basis))}, inverse {_rows(inverse)}: your reading was "
        "right the first time, but asked again, with the very lists A and inverse it was given the first "
        f"time, it gave x = {show(list(value[0]), 200)}, y = {show(list(value[1]), 200)} and value "
        f"{show(value[2])}. The first call changed the lists it was given. Leave A, basis and inverse as "
        "they are: build x and y as new lists (x = [-entry for entry in inverse[0][1:]])."
    )


ASKED_AGAIN = 8  # iterations asked a second time, on the very lists of their first call


def _asked_again(cases: list[tuple]) -> list[tuple]:
    """The first iterations that are not optimal: the same case objects as in the first stage, so
    that ``_pivot_build`` hands the answer the same lists twice."""
    runs = _dresher_runs()
    return [case for case in cases if runs[_key(case[0])][tuple(case[1])] is not None][:ASKED_AGAIN]


_BUILT: dict[int, list] = {}  # id(case) -> [case, its arguments, how often they were handed out]


def _pivot_build(case: tuple) -> tuple:
    """Fresh lists for a case; for a case object asked a second time, the lists of its first ask.
    An answer that changes ``A`` or ``inverse`` in place then answers the second ask differently."""
    entry = _BUILT.get(id(case))
    if entry is not None and entry[0] is case and entry[2] % 2 == 1:
        entry[2] += 1
        return entry[1]
    made = ([list(row) for row in case[0]], tuple(case[1]), [list(row) for row in case[2]])
    _BUILT[id(case)] = [case, made, 1]
    return made


def _again_judge(case: tuple, value: Any) -> str | None:
    problem = _pivot_judge(case, value)
    if problem is None:
        return None
    A, basis, inverse = case
    gave = "None" if value is None else f"{show(tuple(value[:2]))} with the new inverse {_rows(value[2])}"
    return (
        f"at A = {show(A, 200)}, basis {show(tuple(basis))}, inverse {_rows(inverse)}: your step was right "
        f"the first time, but asked the same step again, with the very lists A and inverse it was given "
        f"the first time, it gave {gave}. The first call changed the lists it was given. Leave A, basis "
        "and inverse as they are, and build the new inverse as new lists (new = [list(row) for row in "
        "inverse], then change new)."
    )


@exercise(
    "higher-lower-7",
    names="A, basis, inverse",
    time_limit=10,
    without=WITHOUT,
    asks="dresher_step(A, basis, inverse): one iteration of Dresher's method (scores, entering column "
    "by 1.14, leaving column by the lexicographic rule 1.16, new inverse by 1.18), or None at the optimum",
    verifies="every other iteration of Dresher's method on the games (1.1), (1.20), (1.19) and 180 random "
    "games (2 to 4 rows, 2 to 6 columns, many ties; 90 of them with zero or negative entries, where the "
    "value can be zero or negative), 2 games of one row, and every other iteration of 4 games whose "
    "leaving row is decided by the lexicographic rule past the first entry (on the divided rows; on an "
    "exact tie that floats round apart; on the fourth entry, in 5 rows), against dresher(...).steps; asks "
    f"{ASKED_AGAIN} steps a second time on the same lists (an answer that changes its arguments in place "
    "answers differently); refuses floats and answers that reach puzzles.higher_lower",
    hidden=_pivot_hidden,
)
def _dresher_step() -> Plan:
    """Exercise 4 (check higher-lower-7): one pivot of Dresher's method, against ``dresher``'s steps."""
    cases = _pivot_cases()
    again = _asked_again(cases)
    games = len(_dresher_games())
    return Plan(
        [
            Stage(cases, judge=_pivot_judge, label=f"the {len(cases)} iterations of {games} games"),
            Stage(
                again, judge=_again_judge, label=f"the {len(again)} iterations asked again on the same lists"
            ),
        ],
        what="your step",
        kind=_step_kind,
        build=_pivot_build,
        passed=f"your step agrees with Dresher's method on {len(cases)} iterations of {games} games (the "
        "thesis's, and random ones with ties, zeros and negative entries), optimal bases included, and "
        f"leaves the lists it is given unchanged ({len(again)} steps asked twice on the same lists).",
    )


@functools.cache
def _two_row_games() -> list[list[list[int]]]:
    rng = random.Random(8)
    games = [symmetric_matrix(4).to_numpy().tolist(), [[1, 2], [3, 4]], [[4, 3], [2, 1]], [[5], [2]]]
    for k in (1, 2, 3, 4, 5, 7, 10):
        for _ in range(12):
            games.append([[rng.randint(-3, 9) for _ in range(k)] for _ in range(2)])
    for k in (2, 3, 4, 6, 9):  # large entries: values whose denominators no float rounding recovers
        for _ in range(3):
            games.append([[rng.randint(-(10**6), 10**6) for _ in range(k)] for _ in range(2)])
    return [[[int(x) for x in row] for row in game] for game in games]


@functools.cache
def _two_row_values() -> dict[tuple, Fraction]:
    return {_key(game): dresher(game).value for game in _two_row_games()}


def _two_row_value_of(game: list[list[int]]) -> Fraction:
    return _two_row_values()[_key(game)]


def _two_row_hidden(draw: random.Random) -> list[Stage]:
    """16 two-row games drawn for grading: 1 to 20 columns, entries -9..20."""
    games = []
    for _ in range(16):
        k = draw.randint(1, 20)
        games.append(([[draw.randint(-9, 20) for _ in range(k)] for _ in range(2)],))
    return [
        hidden_stage(
            games,
            reference=lambda game: dresher(game).value,
            label="games the grader drew",
            evidence="Dresher's exact method",
        )
    ]


@exercise(
    "higher-lower-8",
    names="A",
    without=WITHOUT,
    asks="two_row_value(A): the exact value of a game with two rows from the payoff lines "
    "(the top of their lower envelope)",
    verifies="the game (1.20), three games solved at an end of [0, 1], 84 random 2-row games with "
    "1 to 10 columns and entries -3..9, and 15 with 2 to 9 columns and entries up to a million (values "
    "no float rounding recovers), against Dresher's exact method; refuses floats and answers "
    "that reach puzzles.higher_lower",
    hidden=_two_row_hidden,
)
def _two_row_value() -> Plan:
    """Exercise 5 (check higher-lower-8): a 2-row game's value by the lower envelope, against Dresher."""
    games = _two_row_games()
    return Plan(
        [
            Stage(
                [(game,) for game in games],
                reference=_two_row_value_of,
                label=f"the {len(games)} games",
                evidence="Dresher's exact method",
                smallest=False,
            )
        ],
        what="your value",
        kind=exact_number,
        build=lambda case: ([list(row) for row in case[0]],),
        passed=f"your value equals Dresher's on the N = 4 game (1.20) and {len(games) - 1} other 2-row "
        "games, exactly.",
    )


# ---------------------------------------------------------------------------
# lesson III: column generation (exercises 4 and 5) and its appendix (exercise 9)


def _weights_place(weights: list, h: int | None = None) -> str:
    text = show(weights, 70)
    if text.endswith("..."):
        text += f" ({len(weights)} keys)"
    return f"weights = {text}" + ("" if h is None else f", h = {h}")


def _tree_judge(
    best: Callable[..., Any], evidence: str, height: bool = False
) -> Callable[[tuple, Any], str | None]:
    """The judgement of a tree: one depth per key, a search tree, at most h levels, of least cost."""

    def judge(case: tuple, depths: Any) -> str | None:
        weights = case[0]
        h = case[1] if height else None
        where = f"at {_weights_place(weights, h)}"
        if len(depths) != len(weights):
            return (
                f"{where} your answer gives {len(depths)} depths for {len(weights)} keys; one depth per key "
                "is asked."
            )
        if (problem := _search_tree_problem(depths)) is not None:
            return f"{where} your depths {_tree_place(depths, 90)} are no search tree: {problem}."
        if h is not None and max(depths) > h:
            return f"{where} your tree {_tree_place(depths, 90)} has {max(depths)} levels, more than h = {h}."
        cost = sum((w * d for w, d in zip(weights, depths, strict=True)), 0)
        least = best(*case)
        if cost != least:
            return (
                f"{where} your tree {_tree_place(depths, 90)} costs {show(cost)}, but the best one"
                f"{'' if h is None else ' with at most h levels'} costs {show(least)} ({evidence})."
            )
        return None

    return judge


def _weight_cases(seed: int, sizes, largest: int, zeros: float, fractions: bool = False) -> list[list]:
    """Random non-negative weights (ints, or Fractions), a share ``zeros`` of them zero, never all zero."""
    rng = random.Random(seed)
    cases = []
    for N in sizes:
        weights = [0 if rng.random() < zeros else rng.randint(1, largest) for _ in range(N)]
        if not any(weights):
            weights[rng.randrange(N)] = 1
        if fractions:
            weights = [Fraction(w, rng.randint(1, 9)) for w in weights]
        cases.append(weights)
    return cases


def _optimal_tree_cases() -> tuple[list[tuple[list]], list[tuple[list]]]:
    """Small cases (N <= 8: every tree listed) and large ones (N = 30..100: best_tree's exact cost)."""
    small = _weight_cases(41, [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], 9, 0.25)
    small += _weight_cases(42, [3, 4, 5, 6, 7, 8], 9, 0.0, fractions=True)
    small.sort(key=len)
    large = _weight_cases(43, [30, 45, 60, 80, 100], 100, 0.2)
    large += _weight_cases(44, [40], 9, 0.0, fractions=True)
    large.sort(key=len)
    return [(w,) for w in small + NEAR_TIES], [(w,) for w in large + SKEWED]


# Geometric weights: the best tree is a path as deep as N, so a DP that caps the height at a few
# levels above lg N (enough for the random weights above) is dearer here.
SKEWED = [
    [2 ** (30 - i) for i in range(30)],
    [0] * 5 + [3**i for i in range(36)] + [0] * 4,
]


# Weights a float cannot tell apart (10**20 and 10**20 + 1 are one float): the least cost is
# decided by the last unit, which a DP in floats rounds away.
NEAR_TIES = [
    [10**20, 10**20 + 1],
    [10**20 + 1, 10**20],
    [10**20, 10**20, 10**20 + 1],
    [
        Fraction(1, 3) + Fraction(1, 10**20),
        Fraction(1, 3),
        Fraction(1, 3),
        Fraction(1, 3) + Fraction(1, 10**20),
    ],
]


def _float_noted(judge: Callable[[tuple, Any], str | None]) -> Callable[[tuple, Any], str | None]:
    """``judge``, whose sentence on a dearer tree says so when the tree is of least cost for the
    weights rounded to floats (the weights then differ only beyond a float's 53 bits)."""

    def noted(case: tuple, depths: Any) -> str | None:
        verdict = judge(case, depths)
        weights = case[0]
        if (
            verdict is None
            or "costs" not in verdict
            or all(isinstance(w, int) and abs(w) < 2**53 for w in weights)
        ):
            return verdict
        rounded = tuple(Fraction(float(w)) for w in weights)
        if rounded == tuple(Fraction(w) for w in weights):
            return verdict
        cost = sum((w * d for w, d in zip(rounded, depths, strict=True)), Fraction(0))
        if cost != _least_listed_cost(rounded):
            return verdict
        return verdict[:-1] + (
            "; your tree is of least cost for these weights rounded to floats, which cannot tell them "
            "apart: keep the weights exact, as ints or Fractions (no float(), no / on ints, no "
            "rounding) in the table."
        )

    return noted


@functools.cache
def _least_listed_cost(weights: tuple, h: int | None = None) -> Any:
    trees = search_trees(len(weights))
    return min(
        sum((w * d for w, d in zip(weights, t, strict=True)), 0) for t in trees if h is None or max(t) <= h
    )


def _every_tree(weights: list, h: int | None = None) -> Any:
    return _least_listed_cost(tuple(weights), h)


def _best_tree_cost(weights: list) -> Any:
    return best_tree(weights)[0]


_DEPTH_VECTOR = sequence_of(whole, None, "a tuple of depths")


def DEPTHS(value: Any) -> str | None:  # noqa: N802 (a kind, like the constants it stands beside)
    """A tuple of depths; a pair (cost, depths), as ``best_tree`` and ``best_bounded_tree``
    return, is named as such."""
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], (int, float, Fraction))
        and isinstance(value[1], (tuple, list))
    ):
        return (
            "a pair (cost, depths), as best_tree and best_bounded_tree return: the depths alone are "
            "asked, as a tuple"
        )
    return _DEPTH_VECTOR(value)


TREE_ON_TIMEOUT = (
    "This check goes up to N = 100, where no list of the Catalan(N) trees can go: fill the table of "
    "(2.1) once, then trace the tree back."
)


def _drawn_weights(draw: random.Random, sizes: list[int], largest: int, zeros: float) -> list[list]:
    """Weights drawn for grading: whole numbers, a share ``zeros`` zero, one vector in four as Fractions."""
    return _weight_cases(draw.randrange(10**9), sizes, largest, zeros, fractions=draw.random() < 0.25)


def _optimal_tree_hidden(draw: random.Random) -> list[Stage]:
    """6 weight vectors drawn for grading: N from 9 to 100, zero weights among them."""
    cases = []
    for _ in range(6):
        cases += _drawn_weights(draw, [draw.randint(9, 100)], draw.choice((9, 100)), draw.choice((0.0, 0.3)))
    return [
        hidden_stage(
            [(w,) for w in sorted(cases, key=len)],
            judge=_tree_judge(_best_tree_cost, "the exact optimum"),
            label="weights the grader drew",
        )
    ]


@exercise(
    "higher-lower-4",
    names="weights",
    time_limit=20,
    without=WITHOUT,
    on_timeout=TREE_ON_TIMEOUT,
    asks="optimal_tree(weights): the depth vector of a tree of least weighted depth, traced back "
    "through the table of (2.1), without the course package",
    verifies="a search tree of least cost on 24 weight vectors (zeros, Fractions, and weights a float "
    "cannot tell apart, such as 10**20 and 10**20 + 1) with N <= 8 against every tree, and on 6 with "
    "N = 30..100 against best_tree's exact cost; refuses answers that reach "
    "puzzles.higher_lower",
    hidden=_optimal_tree_hidden,
)
def _optimal_tree() -> Plan:
    """Exercise 6 (check higher-lower-4): Bob's best reply as a tree, traced back through (2.1)."""
    small, large = _optimal_tree_cases()
    return Plan(
        [
            Stage(
                small,
                judge=_float_noted(_tree_judge(_every_tree, "every tree listed")),
                label=f"the {len(small)} weight vectors with N <= 8",
            ),
            Stage(
                large,
                judge=_tree_judge(_best_tree_cost, "the exact optimum"),
                label=f"the {len(large)} weight vectors with N = 30..100",
                smallest=False,
            ),
        ],
        what="your tree",
        kind=DEPTHS,
        build=lambda case: (list(case[0]),),
        passed=f"your tree is a search tree of least cost in all {len(small) + len(large)} cases: against "
        "every tree for N <= 8 (zero and fractional weights included), and against the exact optimum "
        "for N = 30..100 (geometric weights, whose best tree is as deep as N, among them), where no list "
        "of the Catalan(N) trees could go.",
    )


LOOP_SIZES = (21, 24, 25)
# One call with a tolerance of its own: at N = 12 the gaps fall below 0.03 a few rounds before
# the bounds meet (the last gaps before 0 lie between 0.018 and 0.05), so a loop that stops at a
# gap of its own choosing (1e-9, 1e-4, ...) goes on too long here or, at 0.05, stops too early.
LOOSE_CASE = (12, 0.03)
LOOP_TOLERANCE = 1e-6
STOP_TOLERANCE = 1e-9 + 1e-12  # the exercise's stop rule, with room for the last float digit


@functools.cache
def _game_value(N: int) -> Fraction:
    """V(N) from the shipped certified solution (a damaged file is the pack's fault: PackFault)."""
    return load_solution(N).value


def _real(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, (int, Fraction)) and not isinstance(value, bool)


def _rounds_kind(value: Any) -> str | None:
    """A non-empty list of rounds (upper, lower, tree): two finite real numbers and a depth vector."""
    if not isinstance(value, (list, tuple)) or not value:
        return "not a list of rounds (upper, lower, tree), one per round"
    for entry in value:
        if isinstance(entry, (list, tuple)) and len(entry) == 2:
            return (
                f"its round {show(entry, 60)} is a pair (upper, lower); each round is asked as a triple "
                "(upper, lower, tree), the tree being the column that entered the restricted LP for that "
                "round (the start tree in round 1), so that the check can solve your restricted LPs again"
            )
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            return f"its round {show(entry, 60)} is not a triple (upper, lower, tree)"
        for bound in entry[:2]:
            if not _real(bound):
                return f"the bound {show(bound, 40)} in its round {show(entry, 60)} is not a finite number"
        tree = entry[2]
        if not isinstance(tree, (list, tuple)) or not all(type(d) is int for d in tree):
            return f"the tree {show(tree, 60)} of a round is not a depth vector (a tuple of integers)"
    return None


def _restricted_lp(N: int, columns: list[tuple[int, ...]]) -> tuple[float, list[float]]:
    """Bob's restricted LP over ``columns`` (min u: every secret costs at most u), by HiGHS: its
    value and one optimal dual distribution of Alice (the rows' duals, clipped at 0 and scaled to 1).
    The variables are the weights of the columns, then u."""
    k = len(columns)
    costs = [[column[secret] for column in columns] + [-1] for secret in range(N)]
    result = linprog(
        [0] * k + [1],
        A_ub=costs,
        b_ub=[0] * N,
        A_eq=[[1] * k + [0]],
        b_eq=[1],
        bounds=[(0, None)] * k + [(None, None)],
        method="highs",
    )
    if result.status != 0:
        raise PackFault(f"HiGHS could not solve a restricted LP of N = {N}: {result.message}")
    alpha = [max(-float(m), 0.0) for m in result.ineqlin.marginals]
    total = sum(alpha)
    return float(result.fun), [a / total for a in alpha]


def _restricted_value(N: int, columns: list[tuple[int, ...]]) -> float:
    """The value of Bob's restricted LP over ``columns``, by HiGHS."""
    return _restricted_lp(N, columns)[0]


def _dot(alpha: list[float], tree: tuple[int, ...]) -> float:
    return sum(a * d for a, d in zip(alpha, tree, strict=True))


LOWER_CUTS = 40


def _is_best_reply_cost(
    N: int, columns: list[tuple[int, ...]], upper: float, lower: float, reply: tuple[int, ...], tol: float
) -> bool:
    """Whether ``lower`` is the cost of Bob's best reply ``reply`` to some optimal dual of the
    restricted LP over ``columns`` (value ``upper``). The optimal duals are the distributions alpha
    with alpha . depth_T >= upper for every T in ``columns``; among them the check looks for one
    with alpha . depth_reply = lower and no tree cheaper than ``lower``, adding each cheaper tree
    that the DP finds as a cut (an LP that minimises the largest violation s)."""
    cuts: list[tuple[int, ...]] = []
    for _ in range(LOWER_CUTS):
        rows = [[-d for d in T] + [-1] for T in columns] + [[-d for d in T] + [-1] for T in cuts]
        rhs = [-upper] * len(columns) + [-lower] * len(cuts)
        rows += [list(reply) + [-1], [-d for d in reply] + [-1]]
        rhs += [lower, -lower]
        result = linprog(
            [0] * N + [1],
            A_ub=rows,
            b_ub=rhs,
            A_eq=[[1] * N + [0]],
            b_eq=[1],
            bounds=[(0, None)] * (N + 1),
            method="highs",
        )
        if result.status != 0 or result.fun > tol:
            return False
        alpha = [max(float(a), 0.0) for a in result.x[:N]]
        cost, tree = best_tree(alpha)
        if float(cost) >= lower - tol:
            return True
        cuts.append(tuple(tree))
    return True


def _rounds_judge(case: tuple, rounds: Any) -> str | None:
    N, stop = (case[0], 1e-9) if len(case) == 1 else case
    tol = LOOP_TOLERANCE
    stop_within = STOP_TOLERANCE if len(case) == 1 else stop + 1e-12
    asked = "" if len(case) == 1 else f" with tol = {stop:g}"
    value = float(_game_value(N))
    rounds = [(float(upper), float(lower), tree) for upper, lower, tree in rounds]
    entered: list[tuple[int, ...]] = []
    duals: list[tuple[float, list[float]]] = []
    for k, (upper, _, tree) in enumerate(rounds, start=1):
        tree = tuple(tree)
        if len(tree) != N or (problem := _search_tree_problem(tree)) is not None:
            why = f"{len(tree)} depths, not N = {N}" if len(tree) != N else f"no search tree: {problem}"
            return (
                f"at N = {N}, round {k}: the tree {_tree_place(tree)} that entered the restricted LP is no "
                f"tree of the game ({why})."
            )
        entered.append(tree)
        restricted, alpha = _restricted_lp(N, entered)
        if abs(upper - restricted) > tol:
            return (
                f"at N = {N}, round {k}: your upper bound is {show(upper)}, but the restricted LP over the "
                f"{_plural_trees(k)} your rounds name so far is worth {restricted:.9g}: either the tree of a "
                "round is not the one that entered the LP for it (round 1 names the start tree, each later "
                "round the reply priced in the round before), or the upper bound is not the value of its "
                "round's restricted LP."
            )
        duals.append((restricted, alpha))
    for k, (upper, lower, _) in enumerate(rounds, start=1):
        if lower > value + tol:
            return (
                f"at N = {N}, round {k}: your lower bound {show(lower)} is above V({N}); Bob's best reply to "
                "any distribution of Alice costs at most V(N)."
            )
        if lower > upper + tol:
            return (
                f"at N = {N}, round {k}: your lower bound {show(lower)} is above the round's upper bound "
                f"{show(upper)}; Bob's best reply to Alice's restricted distribution costs at most the "
                "restricted LP's value."
            )
        if k < len(rounds) and lower >= upper - stop_within:
            return (
                f"at N = {N}{asked}, round {k}: your bounds ({show(upper)}, {show(lower)}) meet within "
                f"{stop:g}, yet your loop goes on for {len(rounds) - k} more round(s): it is to stop at the "
                f"first round whose bounds meet within tol ({stop:g} here)."
            )
    for k, (_, lower, _) in enumerate(rounds[:-1], start=1):
        (upper, alpha), reply = duals[k - 1], entered[k]
        if abs(_dot(alpha, reply) - lower) <= tol and abs(float(best_tree(alpha)[0]) - lower) <= tol:
            continue  # the duals HiGHS gives here already have this best reply
        if not _is_best_reply_cost(N, entered[:k], upper, lower, reply, tol):
            return (
                f"at N = {N}, round {k}: your lower bound {show(lower)} is not the cost of Bob's best reply "
                "to the duals of that round's restricted LP (the tree your next round adds being that "
                "reply): "
                "each round's lower bound is the pricing value of its own round, not a bound carried from "
                "another round or set by hand."
            )
    upper, lower, _ = rounds[-1]
    if len(case) == 1 and (abs(upper - value) > tol or upper - lower > tol):
        return (
            f"at N = {N} your last round has the bounds ({show(upper)}, {show(lower)}), which do not meet at "
            f"V({N}) (within {tol:g}): the loop must run until the bounds meet."
        )
    if upper - lower > stop_within:
        return (
            f"at N = {N}{asked} your loop stops with the bounds ({show(upper)}, {show(lower)}), "
            f"{upper - lower:.3g} apart: it is to run until they meet within tol ({stop:g} here)."
        )
    return None


def _plural_trees(count: int) -> str:
    return "tree" if count == 1 else f"{count} trees"


def _loop_hidden(draw: random.Random) -> list[Stage]:
    """One size drawn for grading between 8 and 20 (the certified V(N) shipped for each)."""
    return [hidden_stage([(draw.randint(8, 20),)], judge=_rounds_judge, label="a size the grader drew")]


@exercise(
    "higher-lower-5",
    names="N",
    time_limit=30,
    without=(
        "puzzles.higher_lower.solver",
        "puzzles.higher_lower.data",
        "puzzles.higher_lower.sweep",
        "puzzles.higher_lower.exercises",
    ),
    on_timeout="A plain loop needs a few seconds for these sizes: price with best_tree, and stop when the "
    "bounds meet within 1e-9.",
    asks="column_generation(N): the rounds (upper, lower, tree) of delayed column generation, a restricted "
    "LP solved by linprog and priced by best_tree, each with the tree that entered the LP for it",
    verifies=f"N = {', '.join(map(str, LOOP_SIZES))}: every round's tree is a search tree on N keys, every "
    "upper bound is the value of the restricted LP over the trees the rounds name so far (solved again by "
    f"HiGHS, within {LOOP_TOLERANCE:g}), every lower bound at most V(N) and the round's upper bound and the "
    "cost of Bob's best reply (the next round's tree) to an optimal dual of its round's restricted LP (found "
    "by an LP over those duals, cut by the DP's cheaper trees), the loop stops at the first round whose "
    f"bounds meet within 1e-9, and the last round's bounds equal V(N) within {LOOP_TOLERANCE:g} (certified "
    f"values); one call column_generation({LOOSE_CASE[0]}, {LOOSE_CASE[1]:g}) stops at the first round "
    "whose bounds meet within that tol; refuses answers that reach the package's solver or its shipped "
    "solutions",
    hidden=_loop_hidden,
)
def _column_generation() -> Plan:
    """Exercise 7 (check higher-lower-5): the column-generation loop, checked against the certified V(N)."""
    sizes = ", ".join(map(str, LOOP_SIZES))
    return Plan(
        [
            Stage(
                [(N,) for N in LOOP_SIZES],
                judge=_rounds_judge,
                label=f"the sizes N = {sizes}",
                smallest=False,
            ),
            Stage(
                [LOOSE_CASE],
                judge=_rounds_judge,
                label=f"N = {LOOSE_CASE[0]} with tol = {LOOSE_CASE[1]:g}",
            ),
        ],
        what="your rounds",
        kind=_rounds_kind,
        passed=f"for N = {sizes} every upper bound is the value of the restricted LP over your rounds' "
        "trees, every lower bound is the cost of Bob's best reply to an optimal dual of its round's LP, "
        "the loop stops at the first round whose bounds meet within 1e-9, and the last round meets at the "
        f"certified V(N) within {LOOP_TOLERANCE:g}; called with tol = {LOOSE_CASE[1]:g} at N = "
        f"{LOOSE_CASE[0]}, it stops at the first round whose bounds meet within that tol.",
    )


def _bounded_reference(weights: list, h: int) -> Any:
    """The least cost of a search tree with at most h levels, by the interval DP with the height
    threaded through (independent of the subsequence DP (2.2)): C_L(a, b) = sum_{a..b} w +
    min_r C_{L-1}(a, r-1) + C_{L-1}(r+1, b), with C_0 zero on empty intervals."""
    N = len(weights)
    prefix = list(itertools.accumulate(weights, initial=0))
    previous: dict[tuple[int, int], Any] = {(a, a - 1): 0 for a in range(1, N + 2)}
    for level in range(1, h + 1):
        current = {(a, a - 1): 0 for a in range(1, N + 2)}
        for length in range(1, min(N, 2**level - 1) + 1):
            for a in range(1, N - length + 2):
                b = a + length - 1
                options = [
                    previous[a, r - 1] + previous[r + 1, b]
                    for r in range(a, b + 1)
                    if (a, r - 1) in previous and (r + 1, b) in previous
                ]
                if options:
                    current[a, b] = min(options) + prefix[b] - prefix[a - 1]
        previous = current
    return previous[1, N]


# Every weight vector in {0, 1, 2}^N for N <= 4 (not all zero), with h = 3: every place a zero
# can take beside every other.
SMALL_WEIGHT_VECTORS = [
    (list(weights), 3)
    for N in range(1, 5)
    for weights in itertools.product(range(3), repeat=N)
    if any(weights)
]

_FAR = Fraction(1, 10**1000)
_FARTHER = Fraction(1, 10**4000)  # a gap between two costs, 4000 decimal places down
_FARTHEST = Fraction(1, 10**4200)  # a lone weight (Python writes ints of up to 4300 digits)

# Zero weights beside one or two small positive ones, with levels to spare: the least cost puts
# the weighted keys near the root and the zeros below. A number put in place of the zeros (1,
# 1/1000, 1e-9, ...) or added to every weight pulls the zeros up instead as soon as it is not
# far below the positive weights, on four keys already.
STAND_IN_CASES = [
    ([1, 0, 0], 3),
    ([Fraction(1, 10**12), 0, 0], 3),
    ([Fraction(1000000003, 10**9), 0, 1, 0], 3),  # a stand-in of (least weight) / (2 N h + 1) is too large
    ([0, 0, 0, 1], 3),
    ([Fraction(1, 10**4), 0, 0, 0], 3),
    ([0, 0, 0, Fraction(1, 10**7)], 3),
    ([Fraction(1, 10**10), 0, 0, 0], 3),
    ([0, 0, 0, 0, 0, Fraction(1, 10**20)], 4),
    ([Fraction(1, 10**40), 0, 0, 0, 0, Fraction(1, 10**40)], 4),
    ([0] * 29 + [Fraction(1, 10**50)] + [0] * 10, 7),
    # weights and gaps far below any constant put in for the zeros or added to every weight
    # (10**-60, least weight / 10**30, ...): the same patterns at 10**-1000
    ([_FAR, 0, 0], 3),
    ([0, _FAR, 0, 0, 0], 4),
    ([0, 0, 0, 0, 0, _FAR], 4),
    ([2 + _FAR, 1, 0, 0, 1, 0, 0], 5),
    # and again far below that: a number fixed in advance (10**-2000, least weight / 10**2000, ...)
    # must be smaller than every weight and every gap a check can hold, so it is too large here
    ([_FARTHEST, 0, 0], 3),
    ([0, _FARTHEST, 0, 0, 0], 4),
    ([0, 0, 0, 0, 0, _FARTHEST], 4),
    ([2 + _FARTHER, 1, 0, 0, 1, 0, 0], 5),
]


def _stand_in(weights: list, h: int, depths: tuple[int, ...]) -> str | None:
    """A stand-in for the zeros under which ``depths`` is a tree of least cost with at most h
    levels, in words ("each zero replaced by 1/1000"), or None when none of the few tried is: the
    least positive weight times 10**-3, 10**-9 or 10**-30, or 10**-9 or 10**-60, in place of every
    zero, or the least weight times 10**-3 or 10**-30, or 10**-60, added to every weight."""
    if 0 not in weights:
        return None
    least = min(Fraction(w) for w in weights if w)
    tries = [(least / 10**k, True) for k in (3, 9, 30)] + [(least / 10**k, False) for k in (3, 30)]
    tries += [(Fraction(1, 10**k), True) for k in (9, 60)] + [(Fraction(1, 10**60), False)]
    for stand_in, replace in tries:
        moved = [w if w else stand_in for w in weights] if replace else [w + stand_in for w in weights]
        cost = sum((w * d for w, d in zip(moved, depths, strict=True)), Fraction(0))
        if cost == _bounded_reference(moved, h):
            shown = show(stand_in)
            if stand_in.numerator == 1 and str(stand_in.denominator).strip("0") == "1":
                shown = f"10**-{len(str(stand_in.denominator)) - 1}"
            return f"each zero replaced by {shown}" if replace else f"{shown} added to every weight"
    return None


def _zeros_noted(judge: Callable[[tuple, Any], str | None]) -> Callable[[tuple, Any], str | None]:
    """``judge``, whose sentence on a dearer tree says, when the tree is the cheapest for some
    stand-in for the zeros, that the stand-in is what changed the trees."""

    def noted(case: tuple, depths: Any) -> str | None:
        verdict = judge(case, depths)
        if verdict is None or "costs" not in verdict:
            return verdict
        weights, h = case
        if (stand_in := _stand_in(weights, h, tuple(depths))) is None:
            return verdict
        return verdict[:-1] + (
            f"; your tree is of least cost with {stand_in}, for one: a positive number in place of the "
            "zeros (or added to every weight) changes which trees are cheapest once the weights, or the "
            "gaps between costs, are small enough beside it, so a number fixed in advance is too large "
            "for some weights."
        )

    return noted


_stand_in_judge = _zeros_noted(
    _tree_judge(_bounded_reference, "an interval DP over keys and height", height=True)
)


def _short_tree_cases() -> tuple[list[tuple[list, int]], list[tuple[list, int]]]:
    """Small cases (N <= 7: every tree of at most h levels listed) and large ones (N = 20..90)."""
    rng = random.Random(91)
    small = [([0, 2], 3), ([2, 1, 1, 2], 3)]
    for weights in _weight_cases(92, [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7], 9, 0.4):
        small.append((weights, rng.randint(len(weights).bit_length(), 4)))
    small += [(w, 3) for w in _weight_cases(93, [4, 5, 6], 9, 0.3, fractions=True)]
    # the same weights with two heights, the larger first: a table kept for the weights alone
    # answers h = 3 with the 5-level tree of h = 5
    small += [([8, 4, 2, 1, 0], 5), ([8, 4, 2, 1, 0], 3)]
    # 1 + 10**-20 is 1 in floats: a float DP ties two trees whose exact costs differ by
    # 10**-20 - 10**-24, and its tie-break by the sum of the depths takes the dearer one
    small.append(([1, 1, Fraction(1, 10**20), Fraction(1, 10**24)], 3))
    small.sort(key=lambda case: len(case[0]))
    large = []
    for weights in _weight_cases(94, [20, 31, 40, 63, 90], 50, 0.3):
        large.append((weights, len(weights).bit_length() + rng.randint(0, 2)))
    listed = [case for case in ZEROS_THAT_MATTER if len(case[0]) <= 7]
    return small + listed, large + [case for case in ZEROS_THAT_MATTER if case not in listed]


# Zeros whose place a stand-in weight changes: with levels to spare the two weighted keys go near
# the root and the zeros below; a 1, or an epsilon as large as the tiny weights, for each zero
# pulls the zeros up instead.
_TINY = Fraction(1, 10**15)
_DELTA = Fraction(1, 10**12)
ZEROS_THAT_MATTER = [
    ([1, 0, 0, 0, 0, 0, 1], 4),
    ([0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2], 5),
    ([_TINY, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, _TINY], 6),
    ([0] * 12 + [_TINY, _TINY / 2] + [0] * 12, 6),
    # two costs a 10**-12 apart: an epsilon scaled to the least weight (least weight / (2 N h + 1))
    # is still far larger, and pulls the zeros up at that price
    ([2 + _DELTA, 1, 0, 0, 1, 0, 0], 5),
    ([0, 1, 0, 1 + _DELTA, 2 + _DELTA, 1 + _DELTA, 2 + _DELTA, 1 + _DELTA, 0, 0], 4),
]


def _short_tree_hidden(draw: random.Random) -> list[Stage]:
    """8 cases drawn for grading: N from 8 to 90, h from the fewest levels that hold N to two more,
    a third of the weights zero in half of them; and 4 of zero weights beside one or two weights
    of 10**-61 to 10**-300 (one at an end), N from 4 to 40, one or two levels to spare."""
    cases = []
    for _ in range(8):
        (weights,) = _drawn_weights(draw, [draw.randint(8, 90)], 50, draw.choice((0.0, 0.3)))
        cases.append((weights, len(weights).bit_length() + draw.randint(0, 2)))
    tiny = []  # zeros beside weights far smaller than any the notebook's check asks
    for _ in range(4):
        N = draw.randint(4, 40)
        weights: list = [0] * N
        for key in {draw.choice((0, N - 1)), draw.randrange(N)}:
            weights[key] = Fraction(draw.randint(1, 9), 10 ** draw.randint(61, 300))
        tiny.append((weights, N.bit_length() + draw.randint(1, 2)))
    return [
        hidden_stage(
            sorted(cases, key=lambda case: len(case[0])),
            judge=_tree_judge(_bounded_reference, "an interval DP over keys and height", height=True),
            label="cases the grader drew",
        ),
        hidden_stage(
            sorted(tiny, key=lambda case: len(case[0])),
            judge=_stand_in_judge,
            label="zero weights beside tiny ones the grader drew",
        ),
    ]


@exercise(
    "higher-lower-9",
    names="weights, h",
    time_limit=20,
    without=WITHOUT,
    on_timeout="This check goes up to N = 90 with h = 7 (the grader's drawn cases to h = 9): fill the table "
    "of (2.2) once, O(N 2^h), then trace back.",
    asks="short_tree(weights, h): a valid search tree of least cost among those with at most h levels, "
    "by the subsequence DP (2.2) and its traceback, also when some weights are zero",
    verifies="a search tree of at most h levels and least cost, against every such tree on the cases "
    "with N <= 7 (zeros beside weights that a stand-in for a zero misplaces among them, weights 10**-20 "
    "and 10**-24 beside 1 that a float sum loses, the same weights asked with h = 5 and then h = 3) and "
    "on every "
    "weight vector in {0, 1, 2}^N for N <= 4 (h = 3); against an interval DP with the height on 18 "
    "cases of zero weights beside weights from 1 down to 10**-4200 (N = 3..40), some 10**-1000 or "
    "10**-4000 apart, and "
    "on cases with "
    "N = 10..90 (30% zero weights, some beside weights of 10**-15 or beside costs 10**-12 apart); "
    "refuses answers that reach puzzles.higher_lower",
    hidden=_short_tree_hidden,
)
def _short_tree() -> Plan:
    """Exercise 10: the bounded-height pricing (eq. 2.2) made safe for zero weights (Section 2.3.5)."""
    small, large = _short_tree_cases()
    return Plan(
        [
            Stage(
                small,
                judge=_zeros_noted(_tree_judge(_every_tree, "every such tree listed", height=True)),
                label=f"the {len(small)} cases with N <= 7",
            ),
            Stage(
                SMALL_WEIGHT_VECTORS,
                judge=_tree_judge(_every_tree, "every such tree listed", height=True),
                label=f"the {len(SMALL_WEIGHT_VECTORS)} weight vectors in {{0, 1, 2}}^N for N <= 4, h = 3",
            ),
            Stage(
                STAND_IN_CASES,
                judge=_stand_in_judge,
                label=f"the {len(STAND_IN_CASES)} cases of zero weights beside small positive ones",
            ),
            Stage(
                large,
                judge=_zeros_noted(
                    _tree_judge(_bounded_reference, "an interval DP over keys and height", height=True)
                ),
                label=f"the {len(large)} cases with N = 10..90",
                smallest=False,
            ),
        ],
        what="your tree",
        kind=DEPTHS,
        build=lambda case: (list(case[0]), case[1]),
        passed=f"your tree is a valid search tree of at most h levels and least cost in all "
        f"{len(small) + len(SMALL_WEIGHT_VECTORS) + len(STAND_IN_CASES) + len(large)} cases: against every "
        "such tree for N <= 7 (every weight vector in {0, 1, 2}^N for N <= 4 among them), and against an "
        "interval DP over (keys, height) for zero weights beside weights from 1 down to 10**-4200 and for "
        "N = 10..90 with zero weights.",
    )


# ---------------------------------------------------------------------------
# lesson IV: Alice's optimal distributions (exercise 6)

SHIPPED_UP_TO = 1024  # the shipped data cover every N = 1..1024


@functools.cache
def _shipped_hider() -> dict[int, tuple[Fraction, ...]]:
    """Alice's shipped distribution for every N = 1..1024, checked first: each record present,
    N probabilities, non-negative, summing to 1. A fault names the data file (PackFault)."""
    faults = data_faults()
    records = load_records()
    hider: dict[int, tuple[Fraction, ...]] = {}
    for N in range(1, SHIPPED_UP_TO + 1):
        extra = DATA / f"extra-{N:04d}.json.xz"  # a size solved on its own overrides its block
        path = extra if extra.exists() else block_path(N)
        if N not in records:
            if path in faults:
                raise faults[path]
            raise PackFault(f"the shipped data file {path.name} holds no record for N = {N}")
        try:
            record = records[N]
            pairs, denominator = record["pairs"], record["denominator"]
            whole_numbers = all(isinstance(x, int) and x >= 0 for x in [*pairs, denominator])
            total = 2 * sum(pairs) - (pairs[-1] if N % 2 else 0)  # the middle secret counts once
            if not whole_numbers or len(pairs) != (N + 1) // 2 or total != denominator:
                raise ValueError("the probabilities are not a distribution on 1..N")
            alpha = hider_of(record)
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError, AssertionError) as error:
            raise PackFault(
                f"the record for N = {N} in the shipped data file {path.name} is damaged ({error})"
            ) from None
        hider[N] = alpha
    return hider


def _uniform(N: int) -> tuple[Fraction, ...]:
    return (Fraction(1, N),) * N


def _nudged(alpha: tuple[Fraction, ...], gap: Fraction, secret: int = 1) -> tuple[Fraction, ...]:
    """``alpha`` with a_secret moved up by ``gap`` and the middle secret down by as much: still a
    distribution; with secret 1, a_1 != 2 a_2 by a margin no float sees when ``gap`` is tiny."""
    nudged = list(alpha)
    middle = (len(alpha) - 1) // 2
    nudged[secret - 1] += gap
    nudged[middle] -= gap
    return tuple(nudged)


ASYMMETRIC = "no longer symmetric"
NUDGES = {100: Fraction(1, 10**30), 200: Fraction(1, 10**12), 400: Fraction(1, 10**7)}  # where a_1 = 2 a_2
SHIPPED = "the shipped distributions, N = 1..1024"


@functools.cache
def _johnson_data_sets() -> dict[str, dict[int, tuple[Fraction, ...]]]:
    """The data sets a johnson_stretches check runs on, by their names (the shipped distributions
    first, then altered copies); every dictionary's sizes are listed in increasing order except
    where the name says otherwise."""
    shipped = _shipped_hider()
    small = {N: shipped[N] for N in range(1, 13)}
    for N in (5, 6, 7, 8, 10):
        small[N] = _uniform(N)
    shuffled = list(shipped)
    random.Random(6).shuffle(shuffled)
    nudged = dict(shipped)
    for N, gap in NUDGES.items():
        nudged[N] = _nudged(shipped[N], gap)
    gaps = ", ".join(f"10**-{len(str(gap.denominator)) - 1} at N = {N}" for N, gap in NUDGES.items())
    return {
        SHIPPED: shipped,
        "the shipped distributions for N <= 200 only": {N: a for N, a in shipped.items() if N <= 200},
        "the shipped distributions without N = 70": {N: a for N, a in shipped.items() if N != 70},
        "the shipped distributions with a uniform one for N = 500": shipped | {500: _uniform(500)},
        "the sizes 1..12 with uniform distributions for N = 5, 6, 7, 8, 10": small,
        "the even sizes only": {N: a for N, a in shipped.items() if N % 2 == 0},
        f"the shipped distributions with a_1 moved off 2 a_2 by {gaps} (and off a_N: {ASYMMETRIC})": nudged,
        "the shipped distributions with a_3 moved at N = 800 (a_1 = 2 a_2 still)": shipped
        | {800: _nudged(shipped[800], Fraction(1, 10**6), secret=3)},
        "the shipped distributions, largest N first": dict(reversed(shipped.items())),
        "the shipped distributions, sizes in a shuffled order": {N: shipped[N] for N in shuffled},
        "an empty dictionary": {},
        "the shipped distributions with uniform ones for N = 1025..1040 added": shipped
        | {N: _uniform(N) for N in range(1025, 1041)},
    }


def _johnson_two_stretches(hider: dict) -> list[tuple[int, int]]:
    """The reference: maximal runs of consecutive N >= 7 in ``hider`` with a_1 != 2 a_2, found as
    the groups of equal N - rank among the sizes that break the pattern."""
    breaking = [size for size in sorted(hider) if size >= 7 and hider[size][0] != 2 * hider[size][1]]
    runs = itertools.groupby(enumerate(breaking), key=lambda pair: pair[1] - pair[0])
    return [(group[0][1], group[-1][1]) for group in (list(items) for _, items in runs)]


_DRAWN_DATA_SETS: dict[str, dict[int, tuple[Fraction, ...]]] = {}  # hidden cases' data sets, by name


def _data_set(name: str) -> dict[int, tuple[Fraction, ...]]:
    """A data set by its name: a public one, or one drawn for grading."""
    data = _johnson_data_sets()
    return data[name] if name in data else _DRAWN_DATA_SETS[name]


def _johnson_hidden(draw: random.Random) -> list[Stage]:
    """3 data sets drawn for grading: the shipped distributions with sizes left out, with a_1 moved
    off 2 a_2 (by 10**-40 to 10**-5) at sizes drawn, and a range of sizes in shuffled order."""
    shipped = _shipped_hider()
    left_out = sorted(draw.sample(range(7, SHIPPED_UP_TO + 1), 5))
    moved = sorted(draw.sample(range(7, SHIPPED_UP_TO + 1), 4))
    gap = Fraction(1, 10 ** draw.randint(5, 40))
    at = ", ".join(map(str, moved))
    low = draw.randint(1, 600)
    window = list(range(low, low + draw.randint(50, 400)))
    draw.shuffle(window)
    sets = {
        f"the shipped distributions without N = {', '.join(map(str, left_out))}": {
            N: a for N, a in shipped.items() if N not in left_out
        },
        f"the shipped distributions with a_1 moved by {gap} (and off a_N) at N = {at}": shipped
        | {N: _nudged(shipped[N], gap) for N in moved},
        f"the sizes {min(window)}..{max(window)} in a shuffled order": {N: shipped[N] for N in window},
    }
    _DRAWN_DATA_SETS.update(sets)
    return [
        hidden_stage([(name,) for name in sets], judge=_stretches_judge, label="data sets the grader drew")
    ]


@functools.cache
def _stretches_of(name: str) -> list[tuple[int, int]]:
    return _johnson_two_stretches(_data_set(name))


STRETCHES = sequence_of(sequence_of(whole, 2, "a pair (first, last)"), None, "a list of pairs (first, last)")


def _stretches_judge(case: tuple, value: Any) -> str | None:
    (name,) = case
    wanted = _stretches_of(name)
    given = [tuple(pair) for pair in value]
    if given == wanted:
        return None
    place = next(i for i, (a, b) in enumerate(itertools.zip_longest(given, wanted)) if a != b)
    if not given:
        where = f"your list is empty, and the check finds {show(wanted[0])} first"
    elif place >= len(given):
        where = f"your list ends after {_stretches_count(len(given))}, where the check finds "
        where += show(wanted[place])
    elif not wanted:
        where = f"the check finds no stretch, and yours gives {show(given[0])}"
    elif place >= len(wanted):
        where = f"the check's list ends after {_stretches_count(len(wanted))}, where yours goes on with "
        where += show(given[place])
    else:
        where = f"at place {place + 1} of the list you give {show(given[place])}, the check finds "
        where += show(wanted[place])
    hint = ""
    if name.startswith("the shipped distributions with a_1 moved off 2 a_2"):
        hint = (
            " Here a_1 differs from 2 a_2 by as little as 10**-30, which no float or tolerance can see, "
            "and the distributions are no longer symmetric: compare a_1 and a_2 themselves, as Fractions."
        )
    return (
        f"on {name}, your stretches differ from the maximal runs of consecutive sizes N >= 7 (in increasing "
        f"order) where a_1 != 2 a_2 exactly: {where}.{hint}"
    )


def _stretches_count(count: int) -> str:
    return "1 stretch" if count == 1 else f"{count} stretches"


@exercise(
    "higher-lower-6",
    names="hider",
    without=WITHOUT,
    asks="johnson_stretches(hider): the maximal runs (first, last) of consecutive sizes N >= 7 where "
    "Alice's distribution breaks Johnson's pattern a_1 = 2 a_2",
    verifies="the shipped distributions for N = 1..1024 (checked first: every size present, each a "
    "distribution) and 11 altered data sets: sizes left out, a distribution replaced, sizes below 7 and "
    "above 1024, a_1 off 2 a_2 by 10**-30 to 10**-7 (beyond floats), a_3 moved, the sizes in decreasing "
    "and in shuffled order, an empty one; refuses answers that reach puzzles.higher_lower",
    hidden=_johnson_hidden,
)
def _johnson_stretches() -> Plan:
    """Exercise 8 (check higher-lower-6): the stretches of N where Johnson's pattern 2 fails.

    The inputs are the data sets' names: the dictionaries themselves (about half a million
    Fractions, read and checked here, in the process that asks for the check, so that a damaged
    file is the pack's fault before anything runs) are made into arguments by ``build``, a fresh
    copy for each call.
    """
    data = _johnson_data_sets()
    names = list(data)
    return Plan(
        [
            Stage(
                [(name,) for name in names],
                judge=_stretches_judge,
                label=f"the {len(names)} data sets",
                smallest=False,
            )
        ],
        what="your stretches",
        kind=STRETCHES,
        build=lambda case: (dict(_data_set(case[0])),),
        passed=f"your stretches are right on the shipped distributions for N = 1..{SHIPPED_UP_TO} (checked: "
        f"every size present, each a distribution) and on {len(names) - 1} altered data sets: sizes left "
        "out, added beyond 1024 or out of order, and a_1 off 2 a_2 by less than any float can see.",
    )


# ---------------------------------------------------------------------------
# lesson IV: what Alice's distribution guarantees her (exercise 9)

GUARANTEE_SHIPPED = (20, 37, 64)  # shipped distributions whose guarantee is the certified V(N)


def _geometric(N: int) -> tuple[Fraction, ...]:
    """a_i proportional to 2**-i: Bob's best reply is a path as deep as N (a DP capped at a few
    levels, or at a fixed 10, misses it)."""
    return _distribution([2 ** (N - i) for i in range(1, N + 1)])


def _distribution(weights: list) -> tuple[Fraction, ...]:
    total = sum(weights)
    return tuple(Fraction(w) / total for w in weights)


@functools.cache
def _guarantee_cases() -> tuple[list[tuple], ...]:
    """Small distributions (N <= 8: every tree listed), shipped ones (the certified V(N)), random
    ones with N = 30 and 50 (best_tree's exact cost), each as (alpha, None); and the bounded cases
    (alpha, h): small ones against every tree of at most h levels, the same alpha asked with two
    heights (the larger first), and N = 20, 24 and 30 against the interval DP with the height."""
    small = [(_uniform(N), None) for N in (1, 2, 3, 5, 8)]
    small += [(_distribution(w), None) for w in _weight_cases(61, [2, 3, 4, 5, 6, 7, 8, 8], 9, 0.3)]
    small.append((_geometric(8), None))  # its best reply has 8 levels
    small.sort(key=lambda case: len(case[0]))
    records = load_records()
    shipped = [(hider_of(records[N]), None) for N in GUARANTEE_SHIPPED]
    large = [(_distribution(w), None) for w in _weight_cases(62, [30, 50], 20, 0.2)]
    large.insert(1, (_geometric(30), None))  # its best reply has 30 levels
    rng = random.Random(63)
    short = [(_uniform(3), 2), (_uniform(7), 3), (hider_of(records[5]), 3), (hider_of(records[6]), 3)]
    for w in _weight_cases(64, [4, 5, 6, 7, 8, 8], 9, 0.3):
        fewest = len(w).bit_length()
        short.append((_distribution(w), rng.randint(fewest, fewest + 1)))
    twice = _distribution([9, 1, 1, 1, 1, 1, 1, 9])
    short += [(twice, 5), (twice, 4)]  # a cache keyed on alpha alone answers h = 4 with h = 5's value
    short.sort(key=lambda case: len(case[0]))
    tall = [
        (_distribution(w), len(w).bit_length() + k)
        for k, w in enumerate(_weight_cases(65, [20, 30], 20, 0.2))
    ]
    tall.append((hider_of(records[24]), 5))
    tall.sort(key=lambda case: len(case[0]))
    return small, shipped, large, short, tall


def _guarantee_kind(value: Any) -> str | None:
    if value is None:
        return (
            "where a Fraction or an integer is asked: every case of this check has a tree (N keys fit in h "
            "levels whenever N <= 2**h - 1, as the balanced tree shows)"
        )
    return exact_number(value)


def _listed_guarantee(alpha: tuple, h: int | None = None) -> Fraction:
    return Fraction(_least_listed_cost(tuple(alpha), h))


def _shipped_value(alpha: tuple, h: int | None = None) -> Fraction:
    return Fraction(load_records()[len(alpha)]["value"])


def _best_reply_cost(alpha: tuple, h: int | None = None) -> Fraction:
    if h is not None:
        return Fraction(_bounded_reference(list(alpha), h))
    return Fraction(best_tree(list(alpha))[0])


def _guarantee_hidden(draw: random.Random) -> list[Stage]:
    """4 distributions drawn for grading (N from 9 to 60, zeros in half of them), 2 with a height
    (N from 9 to 30, h from the fewest levels that hold N to one more) and one shipped
    distribution of a size drawn from 9 to 64."""
    cases = []
    for _ in range(4):
        size, largest, zeros = draw.randint(9, 60), draw.choice((9, 100)), draw.choice((0.0, 0.3))
        (weights,) = _drawn_weights(draw, [size], largest, zeros)
        cases.append((_distribution(weights), None))
    for _ in range(2):
        (weights,) = _drawn_weights(draw, [draw.randint(9, 30)], 9, draw.choice((0.0, 0.3)))
        cases.append((_distribution(weights), len(weights).bit_length() + draw.randint(0, 1)))
    N = draw.randint(9, 64)
    return [
        hidden_stage(
            sorted(cases, key=lambda case: len(case[0])),
            reference=_best_reply_cost,
            evidence="the exact cost of Bob's best reply",
            label="distributions the grader drew",
        ),
        hidden_stage(
            [(hider_of(load_records()[N]), None)],
            reference=_shipped_value,
            evidence="the certified value V(N)",
            label=f"the shipped distribution for N = {N}",
        ),
    ]


@exercise(
    "higher-lower-10",
    names="alpha, h",
    time_limit=20,
    without=WITHOUT,
    on_timeout="This check goes up to N = 64: fill the table of (2.1) once over the intervals, O(N^3) (times "
    "the levels when h is given), instead of listing Bob's trees.",
    asks="guarantee(alpha, h): the least expected number of guesses of any of Bob's trees with at most h "
    "levels (any tree when h is None) against Alice's distribution alpha, exactly, by an interval DP, "
    "without the course package",
    verifies="14 distributions with N <= 8 (uniform ones, zeros among them, a_i proportional to 2**-i) "
    "against every tree listed, Alice's shipped distributions for N = 20, 37, 64 against the certified "
    "V(N), and 3 with N = 30, 50 (one with a_i proportional to 2**-i, whose best reply has 30 levels) "
    "against best_tree's exact cost (h = None); 12 distributions with N <= 8 and a height "
    "against every tree of at most h levels listed (one asked with h = 5, then 4), and 3 with N = 20, 24, "
    "30 against an interval DP with the height; refuses floats and answers that reach puzzles.higher_lower",
    hidden=_guarantee_hidden,
)
def _guarantee() -> Plan:
    """Exercise 9: what a distribution of Alice guarantees her against trees of at most h levels."""
    small, shipped, large, short, tall = _guarantee_cases()
    return Plan(
        [
            Stage(small, reference=_listed_guarantee, evidence="every tree listed", label="N <= 8, h = None"),
            Stage(
                short,
                reference=_listed_guarantee,
                evidence="every tree of at most h levels listed",
                label="N <= 8 with a height h",
            ),
            Stage(
                shipped,
                reference=_shipped_value,
                evidence="the certified value V(N)",
                label=f"the shipped distributions for N = {', '.join(map(str, GUARANTEE_SHIPPED))}",
                smallest=False,
                far="a shipped distribution",
            ),
            Stage(
                large,
                reference=_best_reply_cost,
                evidence="the exact cost of Bob's best reply",
                label="N = 30 and 50, h = None",
                smallest=False,
                far="a size no list of trees reaches",
            ),
            Stage(
                tall,
                reference=_best_reply_cost,
                evidence="an interval DP over keys and height",
                label="N = 20, 24 and 30 with a height h",
                smallest=False,
                far="a size no list of trees reaches",
            ),
        ],
        what="your guarantee",
        kind=_guarantee_kind,
        build=lambda case: (tuple(case[0]), case[1]),
        passed=f"your guarantee is exact on {len(small)} distributions with N <= 8 (against every tree), "
        f"on Alice's shipped distributions for N = {', '.join(map(str, GUARANTEE_SHIPPED))} (it is the "
        f"certified value V(N)) and on {len(large)} with N = 30, 50, one of them a_i proportional to 2**-i "
        f"(against the exact best reply); with a height, on "
        f"{len(short)} distributions with N <= 8 (against every tree of at most h levels) and on "
        f"{len(tall)} with N = 20, 24, 30 (against an interval DP with the height).",
    )
