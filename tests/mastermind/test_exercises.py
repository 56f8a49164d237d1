"""The Mastermind exercises (mastermind-1 .. mastermind-9).

Each check accepts the lesson's worked solution and refuses near misses, lookup tables of the
values the lessons show, always-equal objects, and the package's own functions by any route
(these exercises are done without the modules they name). The checks' references and case
lists are confirmed here by brute force and by a second algorithm: feedback written again,
reply tables enumerated, Knuth's rule and separating guesses by a plain scan of the reply
table, strategies played secret by secret, the capped recursion without bounds or symmetry,
the tree bound filled a level at a time, and the exhaustive optima searched again.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import random
import shutil
from collections import Counter
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from puzzles.course.checker import _printed as checker_printed
from puzzles.course.checker import registration, verify
from puzzles.course.manifest import record
from puzzles.mastermind import build_data
from puzzles.mastermind import exercises as checks
from puzzles.mastermind.model import Game
from puzzles.mastermind.reference import evaluate_determined
from puzzles.mastermind.search import INFEASIBLE, OptimalSearch, plain_minimum_total, tree_lower_bound
from puzzles.mastermind.strategy import Node, Strategy, evaluate
from support.adversaries import (
    AlwaysEqualInt,
    AlwaysEqualStr,
    AlwaysEqualTuple,
    accepted,
    lookup_table,
    rejected,
    time_limit,
    worked_answer,
)
from support.shapes import hidden_cases_hold, public_table, refused_when_graded
from support.student_shapes.mastermind import _LEAST_BY_CELL, capped_total_memoised_without_the_game

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "mastermind"
LESSON = {
    "mastermind-1": NOTEBOOKS / "01-codes-and-partitions.ipynb",
    "mastermind-2": NOTEBOOKS / "01-codes-and-partitions.ipynb",
    "mastermind-8": NOTEBOOKS / "01-codes-and-partitions.ipynb",
    "mastermind-3": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-9": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-4": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-5": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-6": NOTEBOOKS / "03-optimal-strategies.ipynb",
    "mastermind-7": NOTEBOOKS / "03-optimal-strategies.ipynb",
}
IDS = sorted(LESSON)
CLASSIC = Game(4, 6)
REBUILD = "python -m puzzles.mastermind.build_data"


def worked(exercise_id: str):
    return worked_answer(LESSON[exercise_id], exercise_id)


def by_hand(guess: str, secret: str) -> tuple[int, int]:
    """(black, white) written here, for answers that must not reach the package."""
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    return black, sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black


def replies_by_hand(pegs: int, colours: int) -> int:
    return 1 if colours == 1 else (pegs + 2) ** 2 // 4 if colours == 2 else pegs * (pegs + 3) // 2


def tree_bound(codes: int, branches: int) -> int:
    total, depth, places, left = 0, 1, 1, codes
    while left > 0:
        take = min(left, places)
        total, left, depth, places = total + take * depth, left - take, depth + 1, places * branches
    return total


def cells_by_table(game: Game, candidates) -> np.ndarray:
    """C[g] = the largest cell of guess g on the candidates, from the reply table (a plain scan)."""
    columns = game.table[:, game.indices(candidates)].astype(np.int64)
    counts = np.zeros((game.size, len(game.feedbacks)), dtype=np.int64)
    for column in columns.T:
        counts[np.arange(game.size), column] += 1
    return counts


# -- every exercise ----------------------------------------------------------------------------


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_worked_solution_is_accepted_and_its_time_is_told(exercise_id):
    verdict = accepted(exercise_id, worked(exercise_id))
    limit = registration(exercise_id).time_limit
    assert verdict.seconds is not None and verdict.time_limit == limit
    assert "Your answer took" in checker_printed(verdict)  # what check() prints, from the same verdict


ALWAYS_EQUAL = {
    "mastermind-1": lambda guess, secret: AlwaysEqualTuple((9, 9)),
    "mastermind-2": lambda pegs, colours: AlwaysEqualInt(-1),
    "mastermind-3": lambda candidates: AlwaysEqualStr("6666"),
    "mastermind-4": lambda candidates: AlwaysEqualStr("6666"),
    "mastermind-5": lambda strategy: AlwaysEqualInt(-1),
    "mastermind-6": lambda game, candidates, d: AlwaysEqualInt(-1),
    "mastermind-7": lambda pegs, colours: AlwaysEqualInt(-1),
    "mastermind-8": lambda pegs, colours, black, white: AlwaysEqualTuple(("1" * pegs, "1" * pegs)),
    "mastermind-9": lambda candidates: AlwaysEqualStr("6666"),
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_an_always_equal_value_is_judged_by_what_it_holds(exercise_id):
    rejected(exercise_id, ALWAYS_EQUAL[exercise_id])


# the package's own answer to each exercise, as an expression of the module M and the answer's arguments
PACKAGE = {
    "mastermind-1": (
        "puzzles.mastermind.model",
        "guess, secret",
        "M.Game.feedback(GAME, guess, secret)",
    ),
    "mastermind-2": (
        "puzzles.mastermind.model",
        "pegs, colours",
        "1 if colours == 1 else (pegs + 2) ** 2 // 4 if colours == 2 else M.number_of_feedbacks(pegs)",
    ),
    "mastermind-3": (
        "puzzles.mastermind.heuristics",
        "candidates",
        "M.heuristic_guess(GAME, candidates, 'worst-case')",
    ),
    "mastermind-4": (
        "puzzles.mastermind.heuristics",
        "candidates",
        "M.obviously_optimal_guess(GAME, candidates)",
    ),
    "mastermind-5": (
        "puzzles.mastermind.strategy",
        "strategy",
        "M._play(strategy.game, strategy, determined=True).total",
    ),
    "mastermind-6": (
        "puzzles.mastermind.search",
        "game, candidates, d",
        "M.OptimalSearch(game, d).value(candidates)",
    ),
    "mastermind-7": (
        "puzzles.mastermind.search",
        "pegs, colours",
        "M.tree_lower_bound(colours**pegs, R(pegs, colours) - 1)",
    ),
    "mastermind-9": (
        "puzzles.mastermind.heuristics",
        "candidates",
        "M.heuristic_guess(GAME, candidates, 'entropy')",
    ),
    "mastermind-8": (
        "puzzles.mastermind.model",
        "pegs, colours, black, white",
        "next(((g, s) for g in M.Game(pegs, colours).codes for s in M.Game(pegs, colours).codes "
        "if M.Game(pegs, colours).feedback(g, s) == (black, white)), None)",
    ),
}
ROUTES = {
    "a module imported before": "import {module} as M\ndef answer({args}):\n    return {expression}",
    "importlib": (
        "import importlib\ndef answer({args}):\n    M = importlib.import_module('{module}')\n"
        "    return {expression}"
    ),
    "__import__": (
        "def answer({args}):\n    M = __import__('{module}', fromlist=['x'])\n    return {expression}"
    ),
    "sys.modules": (
        "import sys\ndef answer({args}):\n    M = sys.modules['{module}']\n    return {expression}"
    ),
    "exec of a string": (
        "def answer({args}):\n    scope = {{}}\n    exec('import {module} as M', scope)\n    M = scope['M']\n"
        "    return {expression}"
    ),
}


def package_answer(exercise_id: str, route: str, module: str | None = None):
    known, args, expression = PACKAGE[exercise_id]
    source = ROUTES[route].format(module=module or known, args=args, expression=expression)
    scope = {"GAME": CLASSIC, "R": replies_by_hand}
    exec(compile(source, f"<{exercise_id} by {route}>", "exec"), scope)
    return scope["answer"]


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("exercise_id", IDS)
def test_the_package_is_refused_by_every_route(exercise_id, route):
    verdict = rejected(exercise_id, package_answer(exercise_id, route))
    entry = registration(exercise_id)
    assert f"without {entry.said_without}, and" in verdict.message, verdict
    # the unit's own checks are closed too (by the whole unit, or added to a part of it), but not
    # named: a student never met them
    assert "puzzles.mastermind.exercises" not in entry.said_without


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_exercise_forbids_what_it_asks_to_compute(exercise_id):
    forbidden = registration(exercise_id).without
    module = PACKAGE[exercise_id][0]
    assert forbidden and any(module == p or module.startswith(p + ".") for p in forbidden)


# -- 1. feedback --------------------------------------------------------------------------------------


def test_the_feedback_reference_agrees_with_the_package_table_and_with_a_hand_count():
    small = Game(3, 4)
    for g, s in itertools.product(small.codes, repeat=2):
        assert checks._reference_feedback(g, s) == small.feedback(g, s) == by_hand(g, s)
    short, pairs, longer = checks._feedback_cases()
    assert len(short) == 4**2 + 16**2 + 64**2 and short[0] == ("1", "1")
    assert [len(g) for g, _ in short] == sorted(len(g) for g, _ in short)  # the fewest pegs first
    for g, s in pairs + longer:
        assert checks._reference_feedback(g, s) == by_hand(g, s)
    assert {len(g) for g, _ in longer} == {1, 2, 5, 6, 8, 12} and max(max(g) for g, _ in longer) == "9"


def test_feedback_near_misses():
    rejected("mastermind-1", lambda g, s: (by_hand(g, s)[0], 0), why="smallest counterexample")

    def whites_without_multiplicity(g, s):
        black = sum(a == b for a, b in zip(g, s, strict=True))
        return black, len(set(g) & set(s)) - black

    rejected(
        "mastermind-1",
        whites_without_multiplicity,
        why="smallest counterexample at (guess, secret) = ('11', '11'): your feedback gives (2, -1)",
    )
    verdict = rejected("mastermind-1", lambda g, s: tuple(float(v) for v in by_hand(g, s)), why="a float")
    assert "counts of pegs, asked as int" in verdict.message and "use //" not in verdict.message
    rejected(
        "mastermind-1",
        lambda g, s: list(by_hand(g, s)) + [0],
        why="not a pair: a tuple (black, white) of two integers",
    )
    rejected("mastermind-1", lookup_table({("1123", "3456"): (0, 1), ("3345", "3456"): (1, 2)}, (4, 0)))


def test_feedback_right_on_short_codes_only_is_refused_where_it_goes_wrong():
    verdict = rejected("mastermind-1", lambda g, s: by_hand(g[:3], s[:3]))
    assert "right for every pair of codes of 1 to 3 pegs" in verdict.message
    assert "(a pair of the classic game)" in verdict.message
    # colours 1 to 6 only: right on the classic game, wrong with 9 colours
    verdict = rejected(
        "mastermind-1",
        lambda g, s: (
            sum(a == b for a, b in zip(g, s, strict=True)),
            sum(min(g.count(c), s.count(c)) for c in "123456")
            - sum(a == b for a, b in zip(g, s, strict=True)),
        ),
    )
    assert "(random codes of up to 12 pegs)" in verdict.message


# -- 2. replies that occur --------------------------------------------------------------------------


def test_reply_counts_equal_enumeration():
    for pegs in range(1, 13):
        for colours in range(1, 10):
            if colours**pegs > 4096:
                continue
            assert checks._replies_in_game(pegs, colours) == len(np.unique(Game(pegs, colours).table))
    small, large = checks._reply_games()
    assert len(small) + len(large) == 600 and (2, 2) in small and (1, 10) in large
    assert all(colours**pegs <= 1296 for pegs, colours in small)


@cache
def _whites(mismatched: int, colours: int) -> frozenset[int]:
    """Every w on ``mismatched`` pegs that differ, by enumerating the off-diagonal colour matrices."""
    cells = [(x, y) for x in range(colours) for y in range(colours) if x != y]
    found = set()
    for counts in itertools.product(range(mismatched + 1), repeat=len(cells)):
        if sum(counts) != mismatched:
            continue
        guess, secret = Counter(), Counter()
        for (x, y), count in zip(cells, counts, strict=True):
            guess[x] += count
            secret[y] += count
        found.add(sum(min(guess[x], secret[x]) for x in range(colours)))
    return frozenset(found)


def test_three_colours_give_every_reply_but_one_up_to_ten_pegs():
    # a reply (b, w) occurs iff w is a white count of p - b pegs that all differ
    for pegs in range(1, 11):
        replies = {(b, w) for b in range(pegs + 1) for w in _whites(pegs - b, 3)}
        assert len(replies) == checks._replies_in_game(pegs, 3) == pegs * (pegs + 3) // 2


def test_reply_count_near_misses():
    rejected(
        "mastermind-2",
        lambda p, c: p * (p + 3) // 2,
        why="smallest counterexample at (pegs, colours) = (1, 1): your count gives 2, the game's reply table "
        "gives 1",
    )
    rejected("mastermind-2", lambda p, c: 1 if c == 1 else p * (p + 3) // 2, why="(pegs, colours) = (2, 2)")
    rejected("mastermind-2", lambda p, c: 1 if c == 1 else (p + 1) ** 2 // 4 if c == 2 else p * (p + 3) // 2)
    rejected("mastermind-2", lambda p, c: replies_by_hand(p, c) / 1, why="a float")
    shown = {(4, c): n for c, n in zip(range(1, 7), [1, 9, 14, 14, 14, 14], strict=True)}
    shown |= {(p, 6): p * (p + 3) // 2 for p in range(1, 5)} | {(5, 5): 20}
    rejected("mastermind-2", lookup_table(shown))
    # right wherever a table is enumerated, wrong beyond
    verdict = rejected("mastermind-2", lambda p, c: replies_by_hand(p, c) if c**p <= 1296 else 0)
    assert "(beyond the enumerated games)" in verdict.message

    # a near miss is not told how the right count splits the games
    def short_of_one_for_seven_pegs(p, c):
        return replies_by_hand(p, c) - (c == 3 and p >= 7)

    verdict = rejected("mastermind-2", short_of_one_for_seven_pegs, why="the right count gives 35")
    assert "one, two" not in verdict.message and "three or more" not in verdict.message


def test_counting_replies_uses_no_package():
    """Before issue 26 mastermind-2 forbade nothing, so the package's count of all pairs passed."""
    from puzzles.mastermind import number_of_feedbacks

    def with_the_package(pegs, colours):
        return 1 if colours == 1 else (pegs + 2) ** 2 // 4 if colours == 2 else number_of_feedbacks(pegs)

    rejected("mastermind-2", with_the_package, why="without puzzles.mastermind")


def test_enumerating_replies_cannot_reach_forty_pegs():
    def by_enumeration(pegs, colours):
        codes = ["".join(c) for c in itertools.product("123456789ABCDEF"[:colours], repeat=pegs)]
        return len({by_hand(g, s) for g in codes for s in codes})

    with time_limit("mastermind-2", 2):
        rejected("mastermind-2", by_enumeration, why="took longer than 2 s")


# -- 8. a guess and a secret for every reply -------------------------------------------------------


def test_the_replies_said_to_occur_are_those_of_the_reply_tables_and_every_witness_scores_its_reply():
    for pegs in range(1, 8):
        for colours in range(1, 8):
            if colours**pegs > 4096:
                continue
            game = Game(pegs, colours)
            seen = {game.feedbacks[index] for index in np.unique(game.table)}
            for black in range(pegs + 1):
                for white in range(pegs - black + 1):
                    assert checks._reply_occurs(pegs, colours, black, white) == ((black, white) in seen)
                    pair = by_hand_witness(pegs, colours, black, white)
                    assert (pair is None) == ((black, white) not in seen)
                    if pair is not None:
                        assert game.feedback(*pair) == (black, white) == by_hand(*pair)


def test_the_witnesses_reach_far_games_by_the_hand_count():
    for pegs, colours in [(13, 2), (20, 3), (30, 9), (12, 1)]:
        for black in range(pegs + 1):
            for white in range(pegs - black + 1):
                pair = by_hand_witness(pegs, colours, black, white)
                assert (pair is None) == (not checks._reply_occurs(pegs, colours, black, white))
                if pair is not None:
                    assert by_hand(*pair) == (black, white)
                    assert set("".join(pair)) <= set("123456789"[:colours])
    # three colours give every reply but (p - 1, 1): the count of exercise 2, reply by reply
    for pegs in range(1, 11):
        occurring = sum(
            checks._reply_occurs(pegs, 3, b, w) for b in range(pegs + 1) for w in range(pegs - b + 1)
        )
        assert occurring == pegs * (pegs + 3) // 2 == replies_by_hand(pegs, 3)
        assert sum(checks._reply_occurs(pegs, 2, b, w) for b in range(pegs + 1) for w in range(pegs + 1)) == (
            replies_by_hand(pegs, 2)
        )


def test_witness_near_misses():
    def never(pegs, colours, black, white):
        return None

    rejected("mastermind-8", never, why="you answer None for the reply (1, 0), but some guess")

    def swapped(pegs, colours, black, white):
        pair = by_hand_witness(pegs, colours, black, white)
        return pair if pair is None else (pair[0], pair[0])

    rejected("mastermind-8", swapped, why="give (1, 0), not (0, 0)")

    def too_long(pegs, colours, black, white):
        pair = by_hand_witness(pegs, colours, black, white)
        return pair if pair is None else (pair[0] + "1", pair[1] + "1")

    rejected(
        "mastermind-8",
        too_long,
        why="is not a code of the game: a string of 1 digit, each from 1 to 1, is asked",
    )

    def as_digits(pegs, colours, black, white):
        pair = by_hand_witness(pegs, colours, black, white)
        return pair if pair is None else (int(pair[0]), int(pair[1]))

    rejected("mastermind-8", as_digits, why="whose entries are not codes (1 is int, not str)")
    accepted("mastermind-8", lambda *case: (lambda pair: pair and list(pair))(by_hand_witness(*case)))


def by_hand_witness(pegs, colours, black, white):
    """A witness written here by search over two small blocks, for answers without the package."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (colours == 2 and white % 2) or (mismatched == 1 and white == 1):
        return None
    block = {0: "", 1: "12/23", 3: "123/231"}.get(white % 2 and min(white, 3), "")
    guess, secret = block.split("/") if block else ("", "")
    guess, secret = guess + "12" * ((white - len(guess)) // 2), secret + "21" * ((white - len(secret)) // 2)
    guess, secret = guess + "1" * (mismatched - len(guess)), secret + "2" * (mismatched - len(secret))
    return "1" * black + guess, "1" * black + secret


# -- 3. Knuth's guess ----------------------------------------------------------------------------------


def knuth_by_scan(candidates) -> str:
    """Knuth's rule by a plain scan of the reply table: least largest cell, a candidate, the lowest."""
    largest = cells_by_table(CLASSIC, candidates).max(axis=1)
    possible = set(candidates)
    return min(CLASSIC.codes, key=lambda code: (largest[CLASSIC.index(code)], code not in possible, code))


def test_knuth_references_and_the_sets_reach_beyond_the_lesson():
    large, middle, arbitrary = checks._knuth_sets()
    assert [len(s) for s in large] == [208, 114, 96, 46, 44, 44]
    assert len(middle) == 12 and all(3 <= len(s) <= 40 for s in middle) and len(arbitrary) == 14
    assert knuth_by_scan(CLASSIC.codes) == "1122"
    ties_to_a_candidate = ties_to_the_lowest = 0
    for candidates in large + middle + arbitrary:
        expected = knuth_by_scan(candidates)
        assert checks._knuth(candidates) == expected
        largest = cells_by_table(CLASSIC, candidates).max(axis=1)
        least = [code for code in CLASSIC.codes if largest[CLASSIC.index(code)] == largest.min()]
        ties_to_a_candidate += expected != least[0]
        ties_to_the_lowest += expected not in candidates and len(least) > 1
    # each tie rule decides somewhere
    assert ties_to_a_candidate >= 5 and ties_to_the_lowest >= 3


def test_a_wrong_guess_is_told_both_largest_cells_and_who_is_a_candidate():
    """Issue 26: the message named Knuth's guess but not why."""

    def lowest_on_ties(candidates):  # forgets that a candidate wins a tie
        largest = cells_by_table(CLASSIC, candidates).max(axis=1)
        return min(CLASSIC.codes, key=lambda code: (largest[CLASSIC.index(code)], code))

    verdict = rejected("mastermind-3", lowest_on_ties)
    assert "whose largest cell holds" in verdict.message and verdict.message.count("largest cell holds") == 2
    assert "(not a candidate)" in verdict.message and "(a candidate)" in verdict.message
    assert "on a tie, a candidate wins" in verdict.message
    # the sizes stated are the true ones
    large, _, _ = checks._knuth_sets()
    candidates = next(s for s in large if lowest_on_ties(s) != knuth_by_scan(s))
    mine, knuth = lowest_on_ties(candidates), knuth_by_scan(candidates)
    cells = cells_by_table(CLASSIC, candidates).max(axis=1)
    assert f"you guess {mine}, whose largest cell holds {cells[CLASSIC.index(mine)]} codes" in verdict.message
    assert f"guesses {knuth}, whose largest cell holds {cells[CLASSIC.index(knuth)]} codes" in verdict.message

    def highest_on_ties(candidates):
        largest = cells_by_table(CLASSIC, candidates).max(axis=1)
        possible = set(candidates)
        return min(reversed(CLASSIC.codes), key=lambda c: (largest[CLASSIC.index(c)], c not in possible))

    rejected("mastermind-3", highest_on_ties, why="the lower code wins")
    rejected("mastermind-3", lambda candidates: sorted(candidates)[0], why="the smaller largest cell wins")


def test_knuth_near_misses():
    rejected("mastermind-3", lookup_table({tuple(CLASSIC.codes): "1122"}, "1122"))
    rejected("mastermind-3", lambda candidates: CLASSIC.index(knuth_by_scan(candidates)), why="not a code")
    rejected(
        "mastermind-3",
        lambda candidates: knuth_by_scan(candidates) + "1",
        why="not a code of the classic game",
    )


# -- 9. the entropy rule, exactly ------------------------------------------------------------------


def entropy_by_scan(candidates) -> str:
    """The entropy rule by a plain scan of the reply table: the least product of n_i^n_i (exact),
    a candidate, the lowest code."""
    counts = cells_by_table(CLASSIC, candidates)
    product = [math.prod(int(s) ** int(s) for s in row if s) for row in counts]
    possible = set(candidates)
    return min(CLASSIC.codes, key=lambda code: (product[CLASSIC.index(code)], code not in possible, code))


def test_entropy_references_agree_with_a_plain_scan():
    met, arbitrary = checks._entropy_sets()
    assert len(met) == 10 and all(len(s) >= 3 for s in met)
    for candidates in [*checks.ENTROPY_TIES, *checks.ENTROPY_NEAR_TIES, *met, *arbitrary]:
        assert checks._entropy(candidates) == entropy_by_scan(candidates)


def test_every_tie_set_ties_exactly_and_a_floating_point_sum_misranks_one():
    from support.student_shapes.mastermind import entropy_in_floating_point, entropy_in_nats

    floats = {
        "p log2 p": entropy_in_floating_point,
        "p ln p": entropy_in_nats,
        "n_i log2 n_i": lambda cs: min(
            CLASSIC.codes,
            key=lambda code: (
                sum(s * math.log2(s) for s in CLASSIC.partition_sizes(code, cs).values()),
                code not in set(cs),
                code,
            ),
        ),
    }
    misled = set()
    for candidates in checks.ENTROPY_TIES:
        counts = cells_by_table(CLASSIC, candidates)
        products = [math.prod(int(s) ** int(s) for s in row if s) for row in counts]
        assert products.count(min(products)) >= 2  # the best entropy is reached by several guesses
        for name, rule in floats.items():
            if rule(candidates) != entropy_by_scan(candidates):
                misled.add(name)
    assert misled == set(floats)


def test_the_last_tie_sets_tie_between_different_sizes_and_an_ordered_or_exact_sum_misranks_one():
    """In the last ENTROPY_TIES_APART sets two of the best guesses have different cell sizes (an
    equal product of n_i^n_i from other factors), so sorting the sizes or adding the rounded terms
    with math.fsum does not make the float entropies equal: each such rule takes a wrong guess on
    one of them at least, and the first six are ties of the same sizes in another order."""
    from support.student_shapes.mastermind import (
        entropy_by_fsum,
        entropy_over_sorted_cells,
        entropy_sum_of_n_log_n_sorted,
    )

    def tied_sizes(candidates):
        counts = cells_by_table(CLASSIC, candidates)
        rows = [[int(s) for s in row if s] for row in counts]
        least = min(math.prod(s**s for s in row) for row in rows)
        return {tuple(sorted(row)) for row in rows if math.prod(s**s for s in row) == least}

    apart = checks.ENTROPY_TIES[-checks.ENTROPY_TIES_APART :]
    assert all(len(tied_sizes(candidates)) == 1 for candidates in checks.ENTROPY_TIES[: -len(apart)])
    assert all(len(tied_sizes(candidates)) >= 2 for candidates in apart)
    rules = [entropy_over_sorted_cells, entropy_by_fsum, entropy_sum_of_n_log_n_sorted]
    for rule in rules:
        assert any(rule(candidates) != entropy_by_scan(candidates) for candidates in apart), rule.__name__


def test_every_near_tie_set_is_won_by_a_product_and_misranked_by_rounding():
    """On each near-tie set the exact rule's guess has a strictly smaller product than the guess of
    some rounded or tolerant float rule (so the float rule is wrong there, in integers), and each of
    the float rules is wrong on one set at least: rounding to 2 to 5 decimals, a tolerance of 10^-3,
    10^-5 or 2*10^-5 bits."""
    from support.student_shapes.mastermind import (
        entropy_rounded_to_decimals,
        entropy_within_a_thousandth,
        entropy_within_tolerance,
    )

    rules = {f"round {k}": entropy_rounded_to_decimals(k) for k in (2, 3, 4, 5)}
    rules["within 1e-3"] = entropy_within_a_thousandth
    rules["within 1e-5"] = entropy_within_tolerance(1e-5, "1e_5")
    rules["within 2e-5"] = entropy_within_tolerance(2e-5, "2e_5")
    misled = set()
    for candidates in checks.ENTROPY_NEAR_TIES:
        counts = cells_by_table(CLASSIC, candidates)
        products = {
            code: math.prod(int(s) ** int(s) for s in counts[CLASSIC.index(code)] if s)
            for code in CLASSIC.codes
        }
        best = entropy_by_scan(candidates)
        for name, rule in rules.items():
            guess = rule(candidates)
            if guess != best:
                assert products[guess] > products[best]  # a worse guess, not a tie
                misled.add(name)
    assert misled == set(rules)


def test_entropy_near_misses():
    def by_float(candidates):
        n, possible = len(candidates), set(candidates)

        def key(code):
            sizes = CLASSIC.partition_sizes(code, candidates).values()
            return (sum(s / n * math.log2(s / n) for s in sizes), code not in possible, code)

        return min(CLASSIC.codes, key=key)

    verdict = rejected("mastermind-9", by_float, why="their entropies are exactly equal")
    assert "the lower code wins" in verdict.message
    accepted("mastermind-9", entropy_by_scan)
    rejected("mastermind-9", lambda cs: knuth_by_scan(cs), why="its entropy is the larger")


# -- 4. obviously-optimal guesses ---------------------------------------------------------------------


def separating_by_scan(candidates) -> list[str]:
    if len(candidates) > 14:
        return []
    counts = cells_by_table(CLASSIC, candidates)
    return [code for code in CLASSIC.codes if counts[CLASSIC.index(code)].max() == 1]


def obvious_by_scan(candidates):
    found = separating_by_scan(candidates)
    inside = [code for code in found if code in candidates]
    return (inside or found or [None])[0]


def test_obvious_references_and_the_sets_hold_every_kind():
    sets = checks._obvious_sets()
    kinds = Counter()
    for candidates in sets:
        expected = obvious_by_scan(candidates)
        assert checks._obvious(candidates) == expected
        found = separating_by_scan(candidates)
        kind = "none" if expected is None else "inside" if expected in candidates else "outside"
        kinds[kind, len(candidates)] += 1
        kinds["outside lower than inside"] += (
            bool(found) and found[0] not in candidates and expected in candidates
        )
    assert sum(n for (kind, size), n in _items(kinds) if kind == "inside" and size == 14) >= 4
    assert sum(n for (kind, size), n in _items(kinds) if kind == "outside" and size == 13) >= 3
    assert sum(n for (kind, size), n in _items(kinds) if kind == "none" and size == 14) >= 1
    assert sum(n for (kind, size), n in _items(kinds) if kind == "none" and size >= 15) >= 4
    assert kinds["outside lower than inside"] >= 3


def _items(counts: Counter):
    return [(key, n) for key, n in counts.items() if isinstance(key, tuple)]


def test_an_answer_that_gives_up_at_fourteen_candidates_is_refused():
    """Issue 26: no separable set of 14 codes was tried, so stopping at 14 passed."""

    def gives_up_at(size):
        def obviously_optimal(candidates):
            return None if len(candidates) >= size else obvious_by_scan(candidates)

        return obviously_optimal

    verdict = rejected("mastermind-4", gives_up_at(14), why="the 14 candidates")
    assert "you answer None, but the candidate" in verdict.message
    rejected("mastermind-4", gives_up_at(13), why="you answer None, but")
    assert verify("mastermind-4", gives_up_at(15)).passed  # 14 is the most 4 pegs separate


def test_obvious_near_misses():
    def candidates_only(candidates):
        return next((c for c in candidates if c in separating_by_scan(candidates)), None)

    rejected("mastermind-4", candidates_only, why="you answer None, but the code")

    def outside_first(candidates):  # the lowest separating code, even when a candidate separates
        found = separating_by_scan(candidates)
        return found[0] if found and len(candidates) > 1 else obvious_by_scan(candidates)

    rejected("mastermind-4", outside_first, why="may win at once")
    (single,) = next(s for s in checks._obvious_sets() if len(s) == 1)
    rejected(
        "mastermind-4",
        lambda candidates: "1111" if len(candidates) == 1 else obvious_by_scan(candidates),
        why=f"with the single candidate {single} you answer 1111, but guessing {single} itself wins at once",
    )
    verdict = rejected(
        "mastermind-4",
        lambda candidates: obvious_by_scan(candidates) or (candidates[0] if len(candidates) > 1 else None),
    )
    assert (
        "does not split them into single codes: it leaves" in verdict.message
        and "both reply" in verdict.message
    )
    rejected(
        "mastermind-4",
        lookup_table({("1231", "1312", "2131", "3112"): "1231", ("2311", "3211"): "2311"}, None),
    )
    rejected("mastermind-4", lambda candidates: 0, why="a string such as '1122', or None, is asked")


def test_the_search_is_closed_too():
    def by_the_search(candidates):
        from puzzles.mastermind.search import OptimalSearch as Search

        found = Search(CLASSIC).optimal_guesses(candidates) if len(candidates) <= 14 else []
        return found[0] if found and Search(CLASSIC).value(candidates) <= 2 * len(candidates) else None

    rejected(
        "mastermind-4", by_the_search, why="without puzzles.mastermind.heuristics, puzzles.mastermind.search"
    )


# -- 5. reveal or determine -----------------------------------------------------------------------------


def _determined_by_play(strategy: Strategy) -> int:
    """Play each secret; count guesses until game.consistent(history) has one code (a second method)."""
    game, total = strategy.game, 0
    for secret in game.codes:
        history: list = []
        while len(game.consistent(history)) > 1:
            node = strategy.root
            for _, reply in history:
                node = node.replies[reply]
            history.append((node.guess, game.feedback(node.guess, secret)))
        total += len(history)
    return total


def _cases_as_strategies() -> list[Strategy]:
    return [Strategy.from_json(data) for (data,) in checks._determine_cases()]


def test_determined_totals_equal_play_by_play_counts():
    for (data,), strategy in zip(checks._determine_cases(), _cases_as_strategies(), strict=True):
        assert _determined_by_play(strategy) == checks._totals(data)[0], data["name"]
        assert evaluate(strategy.game, strategy).total == checks._totals(data)[1]
    keys = [(data["name"], data["pegs"], data["colours"]) for (data,) in checks._determine_cases()]
    assert len(keys) == len(set(keys)) == 46  # _totals is keyed by them


def test_the_strategies_cover_eight_games_optimal_and_dawdling_trees():
    names = Counter((data["pegs"], data["colours"]) for (data,) in checks._determine_cases())
    assert set(names) == {(4, 6), *checks.DETERMINE_SMALL_GAMES}
    dawdling = [data for (data,) in checks._determine_cases() if data["name"].endswith("dawdling")]
    assert len(dawdling) == 8
    for data in dawdling:  # reveal changes, determine does not
        slow = Strategy.from_json(data)
        plain = Strategy.from_json(
            next(
                d
                for (d,) in checks._determine_cases()
                if d["name"] + ", dawdling" == data["name"]
                and (d["pegs"], d["colours"]) == (data["pegs"], data["colours"])
            )
        )
        if slow.game.size > 1:
            assert evaluate(slow.game, slow).total > evaluate(plain.game, plain).total
        assert evaluate_determined(slow.game, slow).total == evaluate_determined(plain.game, plain).total
    classic = {
        d["name"]: checks._totals(d)[0]
        for (d,) in checks._determine_cases()
        if d["pegs"] == 4 and d["colours"] == 6
    }
    assert classic["optimal"] == 4668 and classic["optimal, at most 5"] == 4665


def _leaves(node: Node) -> int:
    return 1 if not node.replies else sum(_leaves(child) for child in node.replies.values())


def _revealed_by_hand(strategy) -> int:
    """The total to reveal every secret, walked here (the exercise closes the strategy module)."""
    game = strategy.game

    def walk(node, codes, depth):
        return sum(
            len(cell) * depth if reply == game.hit else walk(node.replies[reply], cell, depth + 1)
            for reply, cell in game.partition(node.guess, codes).items()
        )

    return walk(strategy.root, list(game.codes), 1)


def test_determine_near_misses():
    verdict = rejected("mastermind-5", lambda s: _revealed_by_hand(s) - _leaves(s.root), why="dawdling")
    # a strategy of the classic game: its determined total is the lesson's answer, so it is not told
    assert "not the number of guesses that determine" in verdict.message and "4849" not in verdict.message
    determine = worked("mastermind-5")
    verdict = rejected("mastermind-5", lambda s: determine(s) + 2 * (s.game.size < 1296))
    assert "determined after" in verdict.message  # a smaller game's totals are told
    verdict = rejected(
        "mastermind-5", _revealed_by_hand, why="is the total to reveal its secrets: a secret that"
    )
    assert "4849" not in verdict.message  # the first failure is Knuth's tree, whose total is not told
    rejected("mastermind-5", lambda s: _revealed_by_hand(s) - s.game.size)
    shown = {"worst-case heuristic": 5801, "expected-size heuristic": 5696, "most-parts heuristic": 5668}
    rejected("mastermind-5", lambda s: shown.get(s.name, 0))


def test_one_peg_and_one_colour_are_written_in_the_singular():
    """Issue 26: "1 pegs and 1 colours"."""
    determine = worked("mastermind-5")
    verdict = rejected("mastermind-5", lambda s: max(1, determine(s)))
    assert "the game with 1 peg and 1 colour (" in verdict.message and "1 pegs" not in verdict.message
    assert checks._game_words(4, 6) == "the game with 4 pegs and 6 colours"
    assert checks._game_words(1, 5) == "the game with 1 peg and 5 colours"


def test_the_strategy_an_answer_receives_can_be_read_while_its_module_is_closed():
    """The strategy is built in the check's child before puzzles.mastermind.strategy is closed: its
    data (game, root, each node's guess and replies) and its dunder methods still work; every other
    function of the module, its evaluations included, is refused."""
    determine = worked("mastermind-5")

    def reads_the_tree(strategy):
        assert repr(strategy).startswith("Strategy(")
        node = type(strategy.root)(strategy.root.guess, strategy.root.replies)  # the dataclass's __init__
        assert node == strategy.root and repr(node).startswith("Node(")  # and its __eq__, __repr__
        return determine(strategy)

    accepted("mastermind-5", reads_the_tree)
    rejected("mastermind-5", lambda s: determine(s) + 0 * len(s.first_guess), why="Strategy.first_guess")
    rejected("mastermind-5", lambda s: determine(s) + 0 * len(list(s.root.walk())), why="Node.walk")
    rejected(
        "mastermind-5",
        lambda s: evaluate_determined(s.game, s).total,
        why="without puzzles.mastermind.strategy",
    )

    def through_the_class(strategy):
        return (
            type(strategy).__module__
            and __import__(type(strategy).__module__, fromlist=["x"])
            ._play(strategy.game, strategy, determined=True)
            .total
        )

    rejected("mastermind-5", through_the_class, why="without puzzles.mastermind.strategy")


# -- 6. the capped recursion ---------------------------------------------------------------------------


def _cells_of(game, cell, guess) -> dict[int, set[int]]:
    """The cells ``guess`` splits ``cell`` into, by reply."""
    parts: dict[int, set[int]] = {}
    for secret in cell:
        parts.setdefault(int(game.table[guess, secret]), set()).add(secret)
    return parts


@cache
def _plain_capped(game: Game, cell: frozenset[int], left: int) -> float:
    """T_d(S) by the bare recursion over code indices (no bounds, no symmetry)."""
    if left == 0:
        return math.inf
    if len(cell) == 1:
        return 1
    best = math.inf
    for guess in range(game.size):
        parts = _cells_of(game, cell, guess)
        if len(parts) == 1 and game.hit_index not in parts:
            continue
        rest = sum(
            _plain_capped(game, frozenset(p), left - 1) for r, p in parts.items() if r != game.hit_index
        )
        best = min(best, len(cell) + rest)
    return best


def test_every_capped_set_is_what_the_check_says_by_the_bare_recursion():
    binding = 0
    for (pegs, colours), mask, tightest, free in checks._capped_sets():
        game = Game(pegs, colours)
        cell = frozenset(i for i in range(game.size) if mask >> i & 1)
        plain = _plain_capped(game, cell, 99)
        assert _plain_capped(game, cell, tightest - 1) == math.inf
        assert all(_plain_capped(game, cell, d) > plain for d in range(tightest, free))
        assert _plain_capped(game, cell, free) == plain == _plain_capped(game, cell, free + 1)
        binding += tightest < free
    assert binding == 13
    for game, candidates, d in checks._capped_cases():
        cell = frozenset(Game(*game).indices(candidates))
        assert checks._search(*game, d).value(candidates) == _plain_capped(Game(*game), cell, d)
    searched = len(find_capped_sets()) - 2  # besides the two whole games
    assert f"and {searched} sets of" in registration("mastermind-6").summary["verifies"]
    assert f"{binding} of the sets" in registration("mastermind-6").summary["verifies"]


def test_the_set_where_the_cap_binds_below_the_first_guess_by_the_bare_recursion():
    """34 within the cap 4; 33 when the cap is kept at the first guess only (cells at their least
    totals without a cap, among the guesses whose cells are finished within 3 guesses)."""
    (pegs, colours), candidates, d = checks.CAPPED_BELOW_THE_FIRST_GUESS
    game = Game(pegs, colours)
    cell = frozenset(game.indices(candidates))
    assert len(cell) == 12 and d == 4
    assert _plain_capped(game, cell, d) == 34 == checks._search(pegs, colours, d).value(candidates)
    assert _plain_capped(game, cell, 99) == 33 == _plain_capped(game, cell, d + 1)
    first_guess_only = math.inf
    for guess in range(game.size):
        parts = _cells_of(game, cell, guess)
        if len(parts) == 1 and game.hit_index not in parts:
            continue
        cells = [frozenset(p) for r, p in parts.items() if r != game.hit_index]
        if all(_plain_capped(game, part, d - 1) < math.inf for part in cells):
            first_guess_only = min(
                first_guess_only, len(cell) + sum(_plain_capped(game, part, 99) for part in cells)
            )
    assert first_guess_only == 33
    assert checks._cap_at_the_first_guess_only(pegs, colours, candidates, d) == 33


def find_capped_sets(seed: int = 6) -> list[tuple[tuple[int, int], int, int, int]]:
    """The search that found CAPPED_SETS: ((pegs, colours), mask, tightest cap, first cap costing nothing)."""
    rng = random.Random(seed)
    found = []
    wanted = [((4, 2), 12, 5, 9), ((2, 5), 1, 11, 11), ((3, 3), 0, 3, 8), ((2, 4), 0, 3, 8)]
    for (pegs, colours), binding_wanted, smallest, largest in wanted:
        game = Game(pegs, colours)
        free = OptimalSearch(game)
        caps = {d: OptimalSearch(game, d) for d in range(1, 8)}
        binding, others, seen = [], [], set()
        while len(binding) < binding_wanted or len(others) < 6:
            size = rng.randint(smallest, largest) if len(binding) < binding_wanted else rng.randint(3, 8)
            candidates = tuple(sorted(rng.sample(game.codes, size)))
            if candidates in seen:
                continue
            seen.add(candidates)
            least = free.value(candidates)
            tightest = next(d for d in range(1, 8) if caps[d].value(candidates) < INFEASIBLE)
            last = next(d for d in range(tightest, 8) if caps[d].value(candidates) == least)
            mask = sum(1 << game.index(code) for code in candidates)
            if tightest < last and len(binding) < binding_wanted:
                binding.append(((pegs, colours), mask, tightest, last))
            elif tightest == last and len(others) < 6 and size <= 8:
                others.append(((pegs, colours), mask, tightest, last))
        found += binding + others
        if game.size <= 16:
            tightest = next(d for d in range(1, 8) if caps[d].value() < INFEASIBLE)
            last = next(d for d in range(tightest, 8) if caps[d].value() == free.value())
            found.append(((pegs, colours), (1 << game.size) - 1, tightest, last))
    return found


def test_the_capped_sets_are_those_the_seeded_search_finds_and_the_doubles():
    doubles = [((2, 4), ("11", "22", "33", "44")), ((2, 5), ("11", "22", "33", "44", "55"))]
    found = [
        (game, sum(1 << Game(*game).index(code) for code in codes), tightest, tightest)
        for (game, codes), tightest in zip(doubles, (3, 4), strict=True)
    ]
    assert checks._capped_sets() == find_capped_sets() + found


def test_the_doubles_need_a_guess_outside_them_with_two_cells():
    """Without guesses that split a set in two cells and hold no win, the doubles cost more."""

    def least(game, cell, left, two_cells=True):
        if left == 0:
            return math.inf
        if len(cell) == 1:
            return 1
        best = math.inf
        for guess in game.codes:
            parts = game.partition(guess, cell)
            if game.hit not in parts and len(parts) <= (1 if two_cells else 2):
                continue
            rest = [tuple(p) for r, p in parts.items() if r != game.hit]
            best = min(best, len(cell) + sum(least(game, p, left - 1, two_cells) for p in rest))
        return best

    for pegs, colours, tightest, total in [(2, 4, 3, 10), (2, 5, 4, 14)]:
        game, doubles = Game(pegs, colours), [str(c) * 2 for c in range(1, colours + 1)]
        assert least(game, doubles, tightest) == least(game, doubles, 9) == total
        assert least(game, doubles, tightest, two_cells=False) == math.inf
    game = Game(2, 5)
    assert least(game, [str(c) * 2 for c in range(1, 6)], 9, two_cells=False) == 15


def test_capped_near_misses():
    def uncapped(game, candidates, d):  # the recursion of section 2, ignoring the cap
        return _plain_capped(game, frozenset(game.indices(candidates)), 99)

    verdict = rejected(
        "mastermind-6", uncapped, why="so your answer lets some secret take more than d = 3 guesses"
    )
    assert "at most d = " in verdict.message

    @cache
    def cells_keep_d(game, cell, left):  # forgets that the guess used one of the d guesses
        if len(cell) == 1:
            return 1
        best = math.inf
        for guess in game.codes:
            parts = game.partition(guess, cell)
            if len(parts) == 1 and game.hit not in parts:
                continue
            sub = [tuple(p) for r, p in parts.items() if r != game.hit]
            if left == 1 and sub:
                continue
            best = min(best, len(cell) + sum(cells_keep_d(game, p, left) for p in sub))
        return best

    rejected("mastermind-6", lambda game, candidates, d: cells_keep_d(game, tuple(sorted(candidates)), d))
    rejected(
        "mastermind-6",
        lambda game, candidates, d: _plain_capped(game, frozenset(game.indices(candidates)), d + 1),
        why="when a secret may take d + 1 = 4 guesses and without any cap",
    )
    rejected(
        "mastermind-6",
        lambda game, candidates, d: float(_plain_capped(game, frozenset(game.indices(candidates)), d)),
        why="a float",
    )
    rejected("mastermind-6", lookup_table({(Game(3, 3), Game(3, 3).codes, 4): 73}, 0))


# -- 7. the lower bound ---------------------------------------------------------------------------------


def test_the_bound_is_the_package_bound_with_the_replies_that_occur():
    for pegs in range(1, 5):
        for colours in range(1, 7):
            game = Game(pegs, colours)
            occurring = len(np.unique(game.table))
            assert checks._total_lower_bound(pegs, colours) == tree_lower_bound(game.size, occurring - 1)
    # one peg: the bound is exact, 1 + 2 + ... + c
    for colours in range(1, 7):
        assert checks._total_lower_bound(1, colours) == OptimalSearch(Game(1, colours)).value()
    for pegs, colours in [(40, 15), (40, 2), (37, 1)]:
        assert checks._total_lower_bound(pegs, colours) == tree_bound(
            colours**pegs, replies_by_hand(pegs, colours) - 1
        )


def test_the_bound_never_exceeds_the_exhaustive_optimum():
    shipped = {(r["pegs"], r["colours"]): r["optimal total"] for r in build_data.load_small_games()["games"]}
    assert checks._shipped_optima() == shipped
    for (pegs, colours), total in shipped.items():
        assert checks._total_lower_bound(pegs, colours) <= total
    for pegs, colours in [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)]:
        assert plain_minimum_total(Game(pegs, colours)) == shipped[(pegs, colours)]


def test_bound_near_misses_loops_and_the_package():
    def with_all_pairs(pegs, colours):  # the lesson's K - 1 whatever the colours
        replies = 1 if colours == 1 else pegs * (pegs + 3) // 2
        return tree_bound(colours**pegs, replies - 1)

    verdict = rejected(
        "mastermind-7", with_all_pairs, why="for the game with 3 pegs and 2 colours your bound is 15"
    )
    assert "(the exhaustive optimum is " in verdict.message
    shipped = {(r["pegs"], r["colours"]): r["optimal total"] for r in build_data.load_small_games()["games"]}
    rejected("mastermind-7", lookup_table(shipped, 1), why="the tree-counting bound is")
    rejected(
        "mastermind-7",
        lambda p, c: tree_bound(c**p, replies_by_hand(p, c) - 1) + 100 * (p == c == 3),
        why="exceeds the optimal total 73",
    )
    verdict = rejected("mastermind-7", lambda p, c: tree_bound(c**p, replies_by_hand(p, c) - 1) - (p > 30))
    assert "right for the 15 shipped games, but at (pegs, colours) = (31, 1)" in verdict.message

    def code_by_code(pegs, colours):
        replies = replies_by_hand(pegs, colours)
        total, depth, room, used = 0, 1, 1, 0
        for _ in range(colours**pegs):
            if used == room:
                depth, room, used = depth + 1, room * (replies - 1), 0
            total, used = total + depth, used + 1
        return total

    with time_limit("mastermind-7", 2):
        rejected("mastermind-7", code_by_code, why="took longer than 2 s")


def _damaged_copy(tmp_path: Path, damage: str, manifest: str) -> Path:
    """A copy of the data folder with small_games.json damaged; its manifest the shipped one,
    none, or one recording the damaged file (a rebuild gone wrong)."""
    folder = tmp_path / "data"
    folder.mkdir()
    if manifest != "none":
        shutil.copy(build_data.DATA / "MANIFEST.sha256", folder / "MANIFEST.sha256")
    if damage == "missing":
        return folder
    data = json.loads((build_data.DATA / "small_games.json").read_text())
    if damage == "change 3x3":
        for row in data["games"]:
            if (row["pegs"], row["colours"]) == (3, 3):
                row["optimal total"] = 72
    elif damage == "drop a key":
        del data["games"][4]["codes"]
    elif damage == "no games":
        data = {"games": []}
    text = "{not json" if damage == "not json" else json.dumps(data)
    (folder / "small_games.json").write_text(text)
    if manifest == "recorded":
        record(folder / "small_games.json")
    return folder


@pytest.mark.parametrize(
    "damage, manifest, why",
    [
        ("missing", "shipped", "is missing"),
        ("missing", "none", "is missing"),
        ("change 3x3", "shipped", "is damaged (its SHA-256 differs"),
        ("not json", "recorded", "cannot be read"),
        ("no games", "recorded", "does not hold one row for each of the games"),
        ("change 3x3", "recorded", "its optimal total for 3x3 is not 73"),
        ("drop a key", "recorded", "a row is not {"),
    ],
)
def test_a_missing_or_damaged_small_games_file_names_itself_and_its_command(
    tmp_path, monkeypatch, damage, manifest, why
):
    """Issue 26: the sentence named small_games.json but not the command that rebuilds it."""
    monkeypatch.setattr(build_data, "DATA", _damaged_copy(tmp_path, damage, manifest))
    verdict = verify("mastermind-7", worked("mastermind-7"))
    assert verdict.status == "check failed", verdict
    assert "small_games.json" in verdict.message and why in verdict.message, verdict.message
    assert f"`{REBUILD}`" in verdict.message, verdict.message
    assert "not your answer's" in verdict.message


# -- graded: the hidden cases -----------------------------------------------------------------------


def _tree_key(node) -> tuple:
    return (node.guess, tuple(sorted((reply, _tree_key(child)) for reply, child in node.replies.items())))


KEYS = {  # what a table of the public cases is keyed on, read from the arguments as data
    "mastermind-5": lambda strategy: (strategy.game.pegs, strategy.game.colours, _tree_key(strategy.root)),
    "mastermind-6": lambda game, candidates, d: (game.pegs, game.colours, tuple(candidates), d),
}


@pytest.mark.parametrize("exercise_id", IDS)
def test_graded_the_worked_solution_passes_and_a_table_of_the_public_cases_does_not(exercise_id):
    worked = worked_answer(LESSON[exercise_id], exercise_id)
    hidden_cases_hold(exercise_id, worked, table=False)
    table = public_table(exercise_id, worked, key=KEYS.get(exercise_id))
    refused_when_graded(exercise_id, table, seeds=(1, 2))


def test_a_capped_total_memoised_without_the_game_is_refused_by_the_notebooks_check():
    # issue 32: right on every set of one game, wrong once a set comes back in another game; the
    # notebook's check asks sets of 4x2 again in 4x3 and names the memo that forgot the game
    _LEAST_BY_CELL.clear()
    verdict = verify("mastermind-6", capped_total_memoised_without_the_game)
    assert verdict.status == "incorrect", verdict
    assert "in the game 4x3" in verdict.message and "keyed on the game" in verdict.message, verdict
    for seed in (1, 2):
        _LEAST_BY_CELL.clear()
        assert verify("mastermind-6", capped_total_memoised_without_the_game, seed=seed).status == "incorrect"


def test_the_public_check_asks_a_set_in_two_games():
    plan = registration("mastermind-6").plan()
    games = {}
    for _, (game, candidates, d) in plan.cases():
        games.setdefault((candidates, d), set()).add(game)
    assert any(len(seen) > 1 for seen in games.values())


def test_an_average_is_told_it_is_an_average_and_a_candidates_only_search_that_a_guess_outside_is_needed():
    from support.student_shapes.mastermind import (
        capped_total_as_an_average,
        capped_total_guessing_candidates_only,
    )

    verdict = verify("mastermind-6", capped_total_as_an_average)
    assert verdict.status == "incorrect" and "an average over the candidates" in verdict.message, verdict
    assert "use //" not in verdict.message
    verdict = verify("mastermind-6", capped_total_guessing_candidates_only)
    assert verdict.status == "incorrect" and "guesses kept among the candidates" in verdict.message
    assert checks._within_by_candidates(Game(2, 4), ("11", "22", "33", "44"), 3) is False
    assert checks._within_by_candidates(Game(2, 4), ("11", "22", "33", "44"), 4) is True


def test_an_infinite_total_names_every_fault_that_gives_it_and_blames_none():
    from support.student_shapes.mastermind import capped_total_one_guess_short

    verdict = verify("mastermind-6", capped_total_one_guess_short)
    assert verdict.status == "incorrect", verdict
    # the first case (three codes of 2x4, d = 2) gives inf under both a cap one short and candidates only
    assert "one guess short" in verdict.message and "guesses kept among the candidates" in verdict.message
    assert "cannot tell which" in verdict.message
    # two codes within two guesses: guessing a candidate works, so only the short cap gives inf
    alone = checks._capped_float(Game(2, 4), "here", ("11", "22"), math.inf, 3, 2)
    assert "one guess short" in alone and "among the candidates" not in alone, alone
    # the evidence for that: candidates alone suffice within two guesses, one guess does not
    assert checks._within_by_candidates(Game(2, 4), ("11", "22"), 2) is True
    assert checks.OptimalSearch(Game(2, 4), 1).value(("11", "22")) >= checks.INFEASIBLE


def test_an_infinite_total_is_told_no_strategy_was_found_where_one_exists():
    def capped_total(game, candidates, d):
        return math.inf

    verdict = verify("mastermind-6", capped_total)
    assert verdict.status == "incorrect", verdict
    assert "use //" not in verdict.message and "infinite" in verdict.message, verdict


def test_the_checks_own_reference_is_no_answer():
    # issue 34: the check's own reference, imported from the unit's checks, reaches a closed module
    from puzzles.mastermind.exercises import _obvious

    def obviously_optimal(candidates):
        return _obvious(tuple(sorted(candidates)))

    verdict = verify("mastermind-4", obviously_optimal)
    assert verdict.status == "incorrect" and "puzzles.mastermind.exercises" in verdict.message, verdict
    for exercise_id in ("mastermind-3", "mastermind-5", "mastermind-6"):
        assert "puzzles.mastermind.exercises" in registration(exercise_id).without


def test_graded_every_strategy_drawn_can_be_judged():
    # a strategy made to dawdle in a game of one peg may guess a code twice: such a draw is skipped
    for seed in range(40):
        plan = registration("mastermind-5").plan(seed)
        for _, (data,) in plan.cases()[plan.public_count() :]:
            checks._totals(data)
    assert verify("mastermind-5", worked_answer(LESSON["mastermind-5"], "mastermind-5"), seed=23).passed


def _lesson_three_code_cells() -> list[str]:
    notebook = json.loads(LESSON["mastermind-7"].read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_lesson_three_hands_over_no_tree_bound_before_exercise_9_is_checked():
    cells = _lesson_three_code_cells()
    checked = next(i for i, source in enumerate(cells) if 'check("mastermind-7"' in source)
    assert checked > 0
    for source in cells[:checked]:
        assert "tree_lower_bound" not in source, source
        assert "_tree_lower_bound" not in source, source


def test_section_three_programme_over_sizes_is_the_package_tree_bound():
    cells = _lesson_three_code_cells()
    source = next(source for source in cells if "def cheapest_totals" in source)
    definition = source[: source.index("\n\n\n")]
    space: dict = {"np": np}
    exec(definition, space)
    for branches in (1, 2, 3, 7, 13):
        least = space["cheapest_totals"](150, branches)
        assert least[0] == 0
        assert least[1:] == [tree_lower_bound(m, branches) for m in range(1, 151)], branches


def test_help_of_the_reference_module_gives_no_answer_away():
    """``help(puzzles.mastermind)`` lists the submodule ``reference``; what ``help()`` shows of it
    holds none of the giveaways of the Mastermind exercises (Exercise 7's rule among them)."""
    import pydoc

    import puzzles.mastermind.reference as reference
    from support.giveaways import giveaways

    text = " ".join(pydoc.render_doc(reference, renderer=pydoc.plaintext).split())
    ids = [f"mastermind-{k}" for k in range(1, 10)]
    found = [(i, g) for i in ids for g in giveaways(i) if " ".join(g.split()) in text]
    assert not found, found
    assert "determined" in text  # the page is the one that documents the function


def test_a_refusal_for_the_package_names_the_object_the_answer_made():
    """An answer that makes a Game (reached by importlib, past the names the check reads) is refused,
    and the verdict names Game as what called the closed function, not only the helper it reached."""

    def feedback(guess, secret):
        model = importlib.import_module("puzzles.mastermind.model")
        return getattr(model, "Ga" + "me")(len(guess), 9).feedback(guess, secret)

    verdict = verify("mastermind-1", feedback)
    assert verdict.status == "incorrect", verdict
    assert "which puzzles.mastermind.model.Game(...) calls" in verdict.message, verdict.message


def test_a_witness_of_ints_is_told_its_entries_are_not_codes():
    verdict = verify("mastermind-8", lambda pegs, colours, black, white: (1, 1))
    assert verdict.status == "incorrect", verdict
    assert (
        "your reply_witness gives (1, 1), whose entries are not codes (1 is int, not str)" in verdict.message
    )
