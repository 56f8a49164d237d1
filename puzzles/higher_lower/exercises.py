"""Checks for the higher-lower exercises (ids "higher-lower-1" .. "higher-lower-8", and more).

Every check compares the student's answer with independent evidence: the enumeration of all
search trees, brute-force best replies, Dresher's exact method, or the shipped certified data.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import numbers
import random
from fractions import Fraction

from puzzles.course.checker import PackFault, boolean, exact_number, exercise, first_disagreement, whole
from puzzles.higher_lower.data import DATA, block_path, data_faults, hider_of, load_records, load_solution
from puzzles.higher_lower.model import (
    best_tree,
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
        listed = "(by listing every tree)" if N <= _SMALL_TREES else "(by generating functions)"
        return False, (
            f"at (N, h) = ({N}, {h}) your answer gives {given!r}; the number of such trees is {wanted} "
            f"{listed}."
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
            f"for the game A = {game} at the basis ({', '.join(f'P{j}' for j in basis)}) with inverse "
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


# ---------------------------------------------------------------------------
# lesson III: column generation (exercises 4 and 5) and its appendix (exercise 9)


def _depths_problem(value, N: int) -> str | None:
    """None for a list or tuple of N whole numbers (a depth vector), else what is wrong with it."""
    if not isinstance(value, (list, tuple)):
        return f"{value!r:.80} is a {type(value).__name__}; a tuple of {N} depths is asked"
    if len(value) != N:
        return f"{value!r:.80} has {len(value)} entries; a tuple of {N} depths (one per key) is asked"
    for entry in value:
        if (problem := whole(entry)) is not None:
            return problem
    return None


def _search_tree_problem(depths) -> str | None:
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


def _shown_weights(weights) -> str:
    text = "[" + ", ".join(str(w) for w in weights[:10]) + ("" if len(weights) <= 10 else ", ...") + "]"
    return text if len(weights) <= 10 else f"{text} ({len(weights)} keys)"


def _tree_verdict(answer, cases, reference, height=None) -> tuple[bool, str] | None:
    """The first case where ``answer``'s tree is of the wrong kind, no search tree, too tall or
    costs more than ``reference``; None when it is an optimal tree in every case."""
    for case in cases:
        weights = case[0]
        given = answer(list(weights), *case[1:])  # a copy: the check's weights stay as they are
        place = f"weights {_shown_weights(weights)}" + (f", h = {case[1]}" if height else "")
        if (problem := _depths_problem(given, len(weights))) is not None:
            return False, f"at {place}: {problem}."
        if (problem := _search_tree_problem(given)) is not None:
            return False, f"at {place} your depths {given!r:.90} are no search tree: {problem}."
        if height and max(given) > case[1]:
            return False, f"at {place} your tree has {max(given)} levels, more than h = {case[1]}."
        cost, best = tree_cost(weights, given), reference(*case)
        if cost != best:
            return False, f"at {place} your tree costs {cost}, but the best one costs {best}."
    return None


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


@functools.cache
def _optimal_tree_cases() -> tuple[list[tuple[list]], dict[int, object]]:
    """Small cases (N <= 8: every tree listed) and large ones (N = 30..100: best_tree's exact cost)."""
    small = _weight_cases(41, [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], 9, 0.25)
    small += _weight_cases(42, [3, 4, 5, 6, 7, 8], 9, 0.0, fractions=True)
    small.sort(key=len)
    large = _weight_cases(43, [30, 45, 60, 80, 100], 100, 0.2)
    large += _weight_cases(44, [40], 9, 0.0, fractions=True)
    large.sort(key=len)
    costs = {id(w): min(tree_cost(w, t) for t in search_trees(len(w))) for w in small}
    costs |= {id(w): best_tree(w)[0] for w in large}
    return [(w,) for w in small + large], costs


@exercise(
    "higher-lower-4",
    names="weights",
    time_limit=20,
    without="puzzles.higher_lower",
    prepare=_optimal_tree_cases,
    asks="optimal_tree(weights): the depth vector of a tree of least weighted depth, traced back "
    "through the table of (2.1), without the course package",
    verifies="a search tree of least cost on 20 weight vectors (zeros, Fractions) with N <= 8 against "
    "every tree, and on 6 with N = 30..100 against best_tree's exact cost",
    giveaways=("(2, 1, 3, 2)", "(2, 3, 1, 2)"),
)
def _optimal_tree(answer) -> tuple[bool, str]:
    """Exercise 4: Bob's best reply as a tree, traced back through the table of eq. (2.1)."""
    cases, costs = _optimal_tree_cases()
    verdict = _tree_verdict(answer, cases, lambda w: costs[id(w)])
    if verdict is not None:
        return verdict
    return True, (
        f"your tree is a search tree of least cost in all {len(cases)} cases: against every tree for "
        "N <= 8 (zero and fractional weights included), and against the exact cost of best_tree for "
        "N = 30..100, where no list of the Catalan(N) trees could go."
    )


@functools.cache
def _game_values() -> dict[int, Fraction]:
    """V(N) for the sizes the loop is checked on, from the shipped certified solutions."""
    return {N: load_solution(N).value for N in _LOOP_SIZES}


_LOOP_SIZES = (21, 26, 33, 37)
_LOOP_TOLERANCE = 1e-6


def _rounds_problem(rounds) -> str | None:
    """None for a non-empty list of (upper, lower) pairs of finite real numbers."""
    if not isinstance(rounds, (list, tuple)) or not rounds:
        return f"{rounds!r:.80} is no list of (upper, lower) pairs, one per round"
    for entry in rounds:
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            return f"the round {entry!r:.60} is not a pair (upper, lower)"
        for bound in entry:
            if isinstance(bound, bool) or not isinstance(bound, numbers.Real) or not math.isfinite(bound):
                return f"the bound {bound!r:.40} in the round {entry!r:.60} is not a finite number"
    return None


@exercise(
    "higher-lower-5",
    names="N",
    time_limit=60,
    without=("puzzles.higher_lower.solver", "puzzles.higher_lower.data", "puzzles.higher_lower.sweep"),
    prepare=_game_values,
    asks="column_generation(N): the rounds (upper, lower) of delayed column generation, a restricted LP "
    "solved by linprog and priced by best_tree",
    verifies=f"N = {', '.join(map(str, _LOOP_SIZES))}: every upper bound >= V(N) and non-increasing, every "
    f"lower bound <= V(N), the last round's bounds equal V(N) within {_LOOP_TOLERANCE:g} (certified values)",
    giveaways=("87/23", "3.7826", "497650/123921", "4.0158", "160/37", "4.3243", "184/41", "4.4878"),
)
def _column_generation(answer) -> tuple[bool, str]:
    """Exercise 5: the column-generation loop, checked against the certified V(N)."""
    values = _game_values()
    tol = _LOOP_TOLERANCE
    for N in _LOOP_SIZES:
        rounds = answer(N)
        if (problem := _rounds_problem(rounds)) is not None:
            return False, f"at N = {N}: {problem}."
        V, value = values[N], float(values[N])
        for k, (upper, lower) in enumerate(rounds, start=1):
            if upper < value - tol:
                return False, (
                    f"at N = {N}, round {k}: your upper bound {upper!r} is below V({N}) = {V} = {value:.9f}; "
                    "the value of a restricted LP can never be below the game's value."
                )
            if lower > value + tol:
                return False, (
                    f"at N = {N}, round {k}: your lower bound {lower!r} is above V({N}) = {V} = {value:.9f}; "
                    "Bob's best reply to any distribution of Alice costs at most V(N)."
                )
            if k > 1 and upper > rounds[k - 2][0] + tol:
                return False, (
                    f"at N = {N}, round {k}: your upper bound rose from {rounds[k - 2][0]!r} to {upper!r}; "
                    "a restricted LP with one more column cannot get worse."
                )
        upper, lower = rounds[-1]
        if abs(upper - value) > tol or upper - lower > tol:
            return False, (
                f"at N = {N} your last round has the bounds ({upper!r}, {lower!r}), but V({N}) = {V} = "
                f"{value:.9f}: the loop must run until the bounds meet (within {tol:g})."
            )
    return True, (
        f"for N = {', '.join(map(str, _LOOP_SIZES))} your rounds are valid bounds (upper never below V(N) "
        "and never rising, lower never above it) and the last round meets at the certified V(N) within "
        f"{tol:g}."
    )


def _bounded_reference(weights, h: int):
    """The least cost of a search tree with at most h levels, by the interval DP with the height
    threaded through (independent of the subsequence DP (2.2)): C_L(a, b) = sum_{a..b} w +
    min_r C_{L-1}(a, r-1) + C_{L-1}(r+1, b), with C_0 zero on empty intervals."""
    N = len(weights)
    prefix = list(itertools.accumulate(weights, initial=0))
    previous: dict[tuple[int, int], object] = {(a, a - 1): 0 for a in range(1, N + 2)}
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


@functools.cache
def _short_tree_cases() -> tuple[list[tuple[list, int]], dict[int, object]]:
    """Small cases (N <= 7: every tree of at most h levels listed) and large ones (N = 20..90)."""
    rng = random.Random(91)
    small = [([0, 2], 3), ([2, 1, 1, 2], 3)]
    for weights in _weight_cases(92, [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7], 9, 0.4):
        small.append((weights, rng.randint(len(weights).bit_length(), 4)))
    small += [(w, 3) for w in _weight_cases(93, [4, 5, 6], 9, 0.3, fractions=True)]
    small.sort(key=lambda case: len(case[0]))
    large = []
    for weights in _weight_cases(94, [20, 31, 40, 63, 90], 50, 0.3):
        large.append((weights, len(weights).bit_length() + rng.randint(0, 2)))
    costs = {id(w): min(tree_cost(w, t) for t in search_trees(len(w)) if max(t) <= h) for w, h in small}
    costs |= {id(w): _bounded_reference(w, h) for w, h in large}
    return small + large, costs


@exercise(
    "higher-lower-9",
    names="weights, h",
    time_limit=20,
    without="puzzles.higher_lower",
    prepare=_short_tree_cases,
    asks="short_tree(weights, h): a valid search tree of least cost among those with at most h levels, "
    "by the subsequence DP (2.2) and its traceback, also when some weights are zero",
    verifies="a search tree of at most h levels and least cost on 17 cases with N <= 7 against every "
    "such tree, and on 5 with N = 20..90 (30% zero weights) against an interval DP with the height",
    giveaways=("lexicographic",),
)
def _short_tree(answer) -> tuple[bool, str]:
    """Exercise 9: the bounded-height pricing (eq. 2.2) made safe for zero weights (Section 2.3.5)."""
    cases, costs = _short_tree_cases()
    verdict = _tree_verdict(answer, cases, lambda w, h: costs[id(w)], height=True)
    if verdict is not None:
        return verdict
    return True, (
        f"your tree is a valid search tree of at most h levels and least cost in all {len(cases)} cases: "
        "against every such tree for N <= 7, and against an interval DP over (keys, height) for "
        "N = 20..90 with zero weights."
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
