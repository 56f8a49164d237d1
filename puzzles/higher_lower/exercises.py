"""Checks for the higher-lower exercises (ids "higher-lower-1" .. "higher-lower-8", and more).

Every check compares the student's answer with independent evidence: the enumeration of all
search trees, brute-force best replies, Dresher's exact method, or the shipped certified data.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from fractions import Fraction

from puzzles.course.checker import PackFault, boolean, exact_number, exercise, first_disagreement, whole
from puzzles.higher_lower.data import DATA, block_path, data_faults, hider_of, load_records
from puzzles.higher_lower.model import (
    dresher,
    is_search_tree,
    payoff_matrix,
    search_trees,
    symmetric_matrix,
    tree_cost,
)

__all__: list[str] = []


def _report(found, what: str, where: str) -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees for {where}."
    case, given, expected = found
    return (
        False,
        f"smallest counterexample at {case}: your answer gives {given}, the check expects {expected}.",
    )


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


_SMALL_TREES = 10  # every tree is listed up to this size


@functools.cache
def _height_reference() -> tuple[dict[tuple[int, int], int], list[tuple[int, int]]]:
    expected: dict[tuple[int, int], int] = {}
    for N in range(1, _SMALL_TREES + 1):
        deepest = [max(t) for t in search_trees(N)]  # the enumeration: independent of any formula
        for h in range(1, _SMALL_TREES + 2):
            expected[(N, h)] = sum(1 for d in deepest if d <= h)
    large: list[tuple[int, int]] = [(12, 100), (40, 40)]
    for N in (20, 31, 32, 50, 63, 64, 100, 127, 128, 200, 255, 256, 300):
        lowest = N.bit_length()  # the fewest levels that hold N keys, floor(lg N) + 1
        large += [(N, h) for h in range(lowest - 1, lowest + 4)]
    counts = _trees_by_height(300, 100)
    for N, h in large:
        expected[(N, h)] = counts[h][N]
    return expected, large


@exercise(
    "higher-lower-1",
    names="N, h",
    without="puzzles.higher_lower",
    prepare=_height_reference,
    asks="trees_within(N, h): the number of search trees on N keys with at most h levels, "
    "by a recurrence of your own",
    verifies="every (N, h) with N <= 10, h <= 11 against the list of all trees; 67 pairs up to "
    "N = 300 (h from one below the fewest levels to three above, and h >= N) against generating "
    "functions",
)
def _trees_within(answer) -> tuple[bool, str]:
    """Exercise 1: trees on N keys with at most h levels, against enumeration and generating functions."""
    expected, large = _height_reference()
    small = [(N, h) for N in range(1, _SMALL_TREES + 1) for h in range(1, _SMALL_TREES + 2)]
    found = first_disagreement(answer, lambda N, h: expected[(N, h)], small + large, kind=whole)
    if found is not None:
        (N, h), given, wanted = found
        listed = "by listing every tree" if N <= _SMALL_TREES else "(by generating functions)"
        return False, (
            f"at (N, h) = ({N}, {h}) your answer gives {given!r}; there are {wanted} trees {listed}."
        )
    return True, (
        f"your count agrees with the list of every tree for N <= {_SMALL_TREES} (all heights) and "
        f"with generating functions on {len(large)} pairs up to N = 300, where no list of trees "
        "could reach."
    )


def _random_tree(N: int, rng: random.Random) -> tuple[int, ...]:
    """The depths of the search tree built by inserting 1..N in a random order."""
    depths = [0] * N
    order = list(range(1, N + 1))
    rng.shuffle(order)
    placed: list[int] = []  # sorted keys inserted so far
    for key in order:
        position = bisect.bisect(placed, key)
        neighbours = [placed[i] for i in (position - 1, position) if 0 <= i < len(placed)]
        depths[key - 1] = 1 + max((depths[k - 1] for k in neighbours), default=0)
        placed.insert(position, key)
    return tuple(depths)


@functools.cache
def _tree_cases() -> tuple[list[tuple[tuple[int, ...]]], dict[tuple[int, ...], bool]]:
    """Depth vectors and whether each is a search tree: every vector in {1..N}^N for N <= 6
    (by the list of all trees), then random trees up to 2000 keys, chains, and near misses."""
    verdicts: dict[tuple[int, ...], bool] = {(3, 3, 1, 3, 2, 3): False, (3, 2, 1, 3, 2, 3): True}
    for N in range(1, 7):
        trees = set(search_trees(N))
        for vector in itertools.product(range(1, N + 1), repeat=N):
            verdicts[vector] = vector in trees
    for vector in [(0,), (2,), (1, 0), (1, 3), (2, 1, 0), (1, 2, 2), (2, 1, 2, 2), (3, 2, 3, 1, 3, 2)]:
        verdicts[vector] = vector in set(search_trees(len(vector)))
    rng = random.Random(21)
    grown: list[tuple[int, ...]] = []
    for N in (7, 8, 9, 10, 12, 15, 20, 31, 50, 64, 100, 200, 500, 1000, 2000):
        grown += [_random_tree(N, rng) for _ in range(8)]
    grown += [tuple(range(1, N + 1)) for N in (10, 100, 200)]  # chains: 1 first, then 2, ...
    grown += [tuple(range(N, 0, -1)) for N in (10, 100, 200)]
    for tree in grown:
        verdicts[tree] = True  # built as a tree
        near = list(tree)
        i = rng.randrange(len(near) - 1)
        near[i], near[i + 1] = near[i + 1], near[i]
        verdicts[tuple(near)] = is_search_tree(near)
        near = list(tree)
        near[rng.randrange(len(near))] += rng.choice((-1, 1))
        verdicts[tuple(near)] = is_search_tree(near)
    return list((v,) for v in verdicts), verdicts


@exercise(
    "higher-lower-2",
    names="depths",
    without="puzzles.higher_lower",
    prepare=_tree_cases,
    asks="is_tree(depths): whether a vector of depths is the depth vector of a search tree "
    "(the thesis's [3, 3, 1, 3, 2, 3] is not)",
    verifies="every vector in {1..N}^N for N <= 6 against the list of all trees; about 400 random "
    "trees (up to 2000 keys), chains and near misses (two entries swapped, one entry moved by 1)",
)
def _is_tree(answer) -> tuple[bool, str]:
    """Exercise 2: is a depth vector a search tree? Against the list of all trees and built trees."""
    cases, verdicts = _tree_cases()
    found = first_disagreement(answer, lambda d: verdicts[d], cases, kind=boolean)
    if found is not None:
        (depths,), given, wanted = found
        shown = list(depths) if len(depths) <= 12 else f"{list(depths[:12])[:-1]}, ... ({len(depths)} keys)]"
        return False, (
            f"for depths = {shown} your answer gives {given!r}, but it "
            f"{'is' if wanted else 'is not'} the depth vector of a search tree."
        )
    return True, (
        f"your test agrees on all {len(cases)} vectors: every vector of depths in 1..N for N <= 6, "
        "and random trees with up to 2000 keys and their near misses, far beyond any list of trees."
    )


def _exact_vector(value, length: int) -> str | None:
    """None for a list or tuple of ``length`` exact numbers, else what is wrong with it."""
    if not isinstance(value, (list, tuple)) or len(value) != length:
        return f"give a list of {length} exact fractions, such as [Fraction(1, 3), ...]; got {value!r:.80}"
    for entry in value:
        if (problem := exact_number(entry)) is not None:
            return problem
    return None


@exercise(
    "higher-lower-3",
    names="",
    asks="alice3: an optimal distribution of Alice for N = 3, found by hand from (1.5)",
    verifies="three exact non-negative numbers summing to 1, against each of Bob's 5 trees: the least "
    "average equals V(3) by Dresher's exact method",
    giveaways=("2/5", "9/5", "1.8"),
)
def _alice_three(answer) -> tuple[bool, str]:
    """Exercise 3: an optimal distribution of Alice for N = 3 (three Fractions)."""
    if (problem := _exact_vector(answer, 3)) is not None:
        return False, problem
    alpha = list(answer)
    if min(alpha) < 0 or sum(alpha) != 1:
        return False, f"Alice's probabilities must be non-negative and sum to 1; yours sum to {sum(alpha)}."
    trees = search_trees(3)
    averages = [sum((a * d for a, d in zip(alpha, tree, strict=True)), Fraction(0)) for tree in trees]
    worst = min(averages)
    value = dresher(payoff_matrix(3)).value
    if worst == value:
        return True, (
            f"against your distribution every one of Bob's {len(trees)} trees needs at least {value} "
            "guesses on average, the value of the game: optimal."
        )
    tree = trees[averages.index(worst)]
    return False, (
        f"against your distribution Bob's tree with depths {tree} needs only {worst} guesses on "
        "average; Alice can force more."
    )


# ---------------------------------------------------------------------------
# lesson II: Dresher's simplex method (exercises 7 and 8)


def _fractions(matrix) -> str:
    """A matrix of Fractions as text with a/b entries."""
    return "[" + ", ".join("[" + ", ".join(str(x) for x in row) + "]" for row in matrix) + "]"


def _dresher_games() -> list[list[list[int]]]:
    """The thesis's games (1.1), (1.20) and (1.19), then random games, rows ordered for Dresher's
    start basis (1.8): the last row has the largest first entry."""
    games = [
        payoff_matrix(3).to_numpy().tolist(),
        symmetric_matrix(4).to_numpy().tolist(),
        payoff_matrix(4).to_numpy().tolist(),
    ]
    rng = random.Random(7)
    for m in (2, 3, 4):
        for n in (2, 3, 4, 5, 6):
            for top in (4, 9):  # small entries tie often: the lexicographic rule decides
                for _ in range(3):
                    game = [[rng.randint(1, top) for _ in range(n)] for _ in range(m)]
                    game.sort(key=lambda row: row[0])
                    games.append(game)
    return [[[int(x) for x in row] for row in game] for game in games]


@functools.cache
def _pivot_cases() -> list[tuple]:
    """(A, basis, inverse, expected): each iteration of ``dresher`` on each game, and what Dresher's
    rule makes of it: (entering column, leaving column, next inverse), or None at the optimum."""
    cases = []
    for game in _dresher_games():
        steps = dresher(game).steps
        for k, step in enumerate(steps):
            if step.entering is None:
                expected = None
            else:
                expected = (step.entering, step.leaving, steps[k + 1].inverse)
            cases.append((game, step.basis, step.inverse, expected))
    return cases


def _step_problem(value) -> str | None:
    """None for None or a triple (entering, leaving, inverse) of whole numbers and exact rows."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return f"{value!r:.80} is neither None nor a triple (entering, leaving, new inverse)"
    entering, leaving, inverse = value
    for name, column in (("entering column", entering), ("leaving column", leaving)):
        if (problem := whole(column)) is not None:
            return f"the {name}: {problem}"
    if not isinstance(inverse, (list, tuple)) or not all(isinstance(row, (list, tuple)) for row in inverse):
        return f"the new inverse {inverse!r:.80} is not a list of rows"
    for row in inverse:
        for entry in row:
            if (problem := exact_number(entry)) is not None:
                return f"an entry of the new inverse: {problem}"
    return None


def _step_text(value) -> str:
    if value is None:
        return "None (the basis is optimal)"
    entering, leaving, inverse = value
    return f"P{entering} enters, P{leaving} leaves, new inverse {_fractions(inverse)}"


@exercise(
    "higher-lower-7",
    names="A, basis, inverse",
    without="puzzles.higher_lower",
    prepare=_pivot_cases,
    asks="dresher_step(A, basis, inverse): one iteration of Dresher's method (scores, entering column "
    "by 1.14, leaving column by the lexicographic rule 1.16, new inverse by 1.18), or None at the optimum",
    verifies="every iteration of Dresher's method on the games (1.1), (1.20), (1.19) and 90 random games "
    "(2 to 4 rows, 2 to 6 columns, many ties), against dresher(...).steps",
)
def _dresher_step(answer) -> tuple[bool, str]:
    """Exercise 7: one pivot of Dresher's method, against the recorded steps of ``dresher``."""
    cases = _pivot_cases()
    for game, basis, inverse, expected in cases:
        given = answer([list(row) for row in game], tuple(basis), [list(row) for row in inverse])
        if (problem := _step_problem(given)) is not None:
            wrong = problem
        elif (given is None) != (expected is None) or (
            given is not None
            and (
                given[0] != expected[0]
                or given[1] != expected[1]
                or [tuple(row) for row in given[2]] != [tuple(row) for row in expected[2]]
            )
        ):
            wrong = _step_text(given)
        else:
            continue
        return False, (
            f"for the game A = {game} at the basis {tuple(f'P{j}' for j in basis)} with inverse "
            f"{_fractions(inverse)}, your step gives {wrong}; Dresher's rules give {_step_text(expected)}."
        )
    games = len(_dresher_games())
    return True, (
        f"your step agrees with Dresher's method on all {len(cases)} iterations of {games} games, "
        "optimal bases included."
    )


@functools.cache
def _two_row_games() -> list[tuple[list[list[int]], Fraction]]:
    rng = random.Random(8)
    games = [symmetric_matrix(4).to_numpy().tolist(), [[1, 2], [3, 4]], [[4, 3], [2, 1]], [[5], [2]]]
    for k in (1, 2, 3, 4, 5, 7, 10):
        for _ in range(12):
            games.append([[rng.randint(-3, 9) for _ in range(k)] for _ in range(2)])
    games = [[[int(x) for x in row] for row in game] for game in games]
    return [(game, dresher(game).value) for game in games]


@exercise(
    "higher-lower-8",
    names="A",
    without="puzzles.higher_lower",
    prepare=_two_row_games,
    asks="two_row_value(A): the exact value of a game with two rows from the payoff lines "
    "(the top of their lower envelope)",
    verifies="the game (1.20), three games solved at an end of [0, 1], and 84 random 2-row games with "
    "1 to 10 columns and entries -3..9, against Dresher's exact method",
    giveaways=(),
)
def _two_row_value(answer) -> tuple[bool, str]:
    """Exercise 8: the value of a 2-row game by the lower envelope, against Dresher's method."""
    games = _two_row_games()
    values = {str(game): value for game, value in games}
    found = first_disagreement(
        answer, lambda game: values[str(game)], [(game,) for game, _ in games], kind=exact_number
    )
    if found is not None:
        (game,), given, wanted = found
        return False, f"for the game {game} your value is {given!r}; Dresher's method gives {wanted}."
    return True, (
        f"your value equals Dresher's on the N = 4 game (1.20) and {len(games) - 1} other 2-row games, "
        "exactly."
    )


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


# ---------------------------------------------------------------------------
# lesson IV: Alice's optimal distributions (exercise 6)

_SHIPPED_UP_TO = 1024  # the shipped data cover every N = 1..1024


@functools.cache
def _shipped_hider() -> dict[int, tuple[Fraction, ...]]:
    """Alice's shipped distribution for every N = 1..1024, checked first: each record present,
    N probabilities, non-negative, summing to 1. A fault names the data file (PackFault)."""
    faults = data_faults()
    records = load_records()
    hider: dict[int, tuple[Fraction, ...]] = {}
    for N in range(1, _SHIPPED_UP_TO + 1):
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


def _prepare_shipped() -> None:
    """Read the data before the clock starts; a fault is reported by the check itself."""
    try:
        _shipped_hider()
    except PackFault:
        pass


def _johnson_two_stretches(hider: dict) -> list[tuple[int, int]]:
    """The reference: maximal runs of consecutive N >= 7 in ``hider`` with a_1 != 2 a_2."""
    stretches: list[list[int]] = []
    for N in sorted(hider):
        alpha = hider[N]
        if N < 7 or alpha[0] == 2 * alpha[1]:
            continue
        if stretches and stretches[-1][1] == N - 1:
            stretches[-1][1] = N
        else:
            stretches.append([N, N])
    return [(first, last) for first, last in stretches]


def _stretches_problem(value) -> str | None:
    if not isinstance(value, (list, tuple)):
        return f"{value!r:.80} is a {type(value).__name__}; a list of pairs (first, last) is asked"
    for pair in value:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            return f"{pair!r:.80} is not a pair (first, last)"
        for end in pair:
            if (problem := whole(end)) is not None:
                return problem
    return None


def _uniform(N: int) -> tuple[Fraction, ...]:
    return (Fraction(1, N),) * N


@exercise(
    "higher-lower-6",
    names="hider",
    prepare=_prepare_shipped,
    asks="johnson_stretches(hider): the maximal runs (first, last) of consecutive sizes N >= 7 where "
    "Alice's distribution breaks Johnson's pattern a_1 = 2 a_2",
    verifies="the shipped distributions for N = 1..1024 (checked first: every size present, each a "
    "distribution) and 6 altered data sets: sizes left out, a distribution replaced, sizes below 7, "
    "an empty one",
    giveaways=("13-16", "31-37", "65-79", "135-163", "276-333", "558-674", "(13, 16)", "(558, 674)"),
)
def _johnson_stretches(answer) -> tuple[bool, str]:
    """Exercise 6: where Johnson's second pattern fails, as stretches of N, on the shipped data."""
    shipped = _shipped_hider()
    without_70 = {N: a for N, a in shipped.items() if N != 70}
    changed = dict(shipped)
    changed[500] = _uniform(500)  # a_1 = a_2 there, so the pattern fails at 500 alone
    small = {N: shipped[N] for N in range(1, 13)}
    for N in (5, 6, 7, 8, 10):
        small[N] = _uniform(N)
    datasets = [
        ("the shipped distributions, N = 1..1024", shipped),
        ("the shipped distributions for N <= 200 only", {N: a for N, a in shipped.items() if N <= 200}),
        ("the shipped distributions without N = 70", without_70),
        ("the shipped distributions with a uniform one for N = 500", changed),
        ("the sizes 1..12 with uniform distributions for N = 5, 6, 7, 8, 10", small),
        ("the even sizes only", {N: a for N, a in shipped.items() if N % 2 == 0}),
        ("an empty dictionary", {}),
    ]
    for name, hider in datasets:
        wanted = _johnson_two_stretches(hider)
        given = answer(dict(hider))
        if (problem := _stretches_problem(given)) is not None:
            return False, f"on {name}: {problem}."
        if [tuple(pair) for pair in given] != wanted:
            shown = [tuple(pair) for pair in given]
            place = next((i for i, (a, b) in enumerate(itertools.zip_longest(shown, wanted)) if a != b), 0)
            yours = shown[place] if place < len(shown) else "nothing"
            theirs = wanted[place] if place < len(wanted) else "nothing"
            return False, (
                f"on {name} your stretches differ from the maximal runs of consecutive sizes N >= 7 "
                f"(in increasing order) where a_1 != 2 a_2: at place {place + 1} of the list you give "
                f"{yours}, the check finds {theirs}."
            )
    return True, (
        f"your stretches are right on the shipped distributions for N = 1..{_SHIPPED_UP_TO} (checked: "
        f"every size present, each a distribution) and on {len(datasets) - 1} altered data sets."
    )
