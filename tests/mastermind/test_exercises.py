"""The Mastermind exercises: each check accepts the notebook's worked solution and rejects near
misses, lookup tables of the values the lessons show, answers that use the package where the
exercise forbids it, loops and forgotten returns; the checks' references are confirmed here by
brute force and by a second algorithm.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from functools import cache
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzles.course.checker import registration, verify
from puzzles.mastermind import build_data
from puzzles.mastermind import exercises as checks
from puzzles.mastermind.heuristics import heuristic_guess, heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.search import INFEASIBLE, OptimalSearch, plain_minimum_total, tree_lower_bound
from puzzles.mastermind.strategy import Node, Strategy, evaluate, evaluate_determined
from support.adversaries import (
    accepted,
    lookup_table,
    looping,
    rejected,
    returns_none,
    time_limit,
    worked_answer,
)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "mastermind"
LESSON = {
    "mastermind-1": NOTEBOOKS / "01-codes-and-partitions.ipynb",
    "mastermind-2": NOTEBOOKS / "01-codes-and-partitions.ipynb",
    "mastermind-3": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-4": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-5": NOTEBOOKS / "02-heuristics.ipynb",
    "mastermind-6": NOTEBOOKS / "03-optimal-strategies.ipynb",
    "mastermind-7": NOTEBOOKS / "03-optimal-strategies.ipynb",
}
CLASSIC = Game(4, 6)


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


@pytest.mark.parametrize("exercise_id", sorted(LESSON))
def test_the_worked_solution_is_accepted(exercise_id):
    accepted(exercise_id, worked_answer(LESSON[exercise_id], exercise_id))


@pytest.mark.parametrize("exercise_id", sorted(LESSON))
def test_a_loop_and_a_forgotten_return_are_not_yet(exercise_id):
    with time_limit(exercise_id, 1):
        verdict = rejected(exercise_id, looping)
    assert "took longer than 1 s" in verdict.message
    rejected(exercise_id, returns_none)


# -- the student edition ---------------------------------------------------------------------


def test_cells_that_state_an_answer_come_after_its_check_and_are_marked():
    for path in sorted(set(LESSON.values())):
        cells = nbformat.read(path, as_version=4).cells
        checks_at = [i for i, cell in enumerate(cells) if "check" in cell.metadata.get("tags", [])]
        for index, cell in enumerate(cells):
            if "What exercise" in cell.source and cell.cell_type == "markdown":
                assert "reveals" in cell.metadata.get("tags", []), (path.name, index)
                assert any(i < index for i in checks_at)


# -- 1. feedback ------------------------------------------------------------------------------------


def test_feedback_reference_is_the_package_table():
    small = Game(3, 4)
    for g, s in itertools.product(small.codes, repeat=2):
        assert checks._reference_feedback(g, s) == small.feedback(g, s)


def test_feedback_near_misses_and_the_package():
    rejected("mastermind-1", lambda g, s: (by_hand(g, s)[0], 0), why="counterexample")
    # whites from colours shared as a set, without multiplicity
    rejected(
        "mastermind-1",
        lambda g, s: (
            sum(a == b for a, b in zip(g, s, strict=True)),
            len(set(g) & set(s)) - sum(a == b for a, b in zip(g, s, strict=True)),
        ),
    )
    # right, but as floats
    rejected(
        "mastermind-1",
        lambda g, s: tuple(float(v) for v in by_hand(g, s)),
        why="is a float",
    )
    # right on the classic game only: the package's own feedback
    rejected("mastermind-1", lambda g, s: CLASSIC.feedback(g, s), why="without the course package")
    rejected("mastermind-1", lookup_table({("1123", "3456"): (0, 1), ("3345", "3456"): (1, 2)}, (4, 0)))


# -- 2. replies that occur --------------------------------------------------------------------------


def test_reply_counts_equal_enumeration():
    for pegs in range(1, 9):
        for colours in range(1, 10):
            if colours**pegs > 4096:
                continue
            assert checks._replies_in_game(pegs, colours) == len(np.unique(Game(pegs, colours).table))


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
    rejected("mastermind-2", lambda p, c: p * (p + 3) // 2, why="(pegs, colours) = (1, 1)")
    rejected("mastermind-2", lambda p, c: 1 if c == 1 else p * (p + 3) // 2, why="(pegs, colours) = (2, 2)")
    rejected("mastermind-2", lambda p, c: 1 if c == 1 else (p + 1) ** 2 // 4 if c == 2 else p * (p + 3) // 2)
    rejected("mastermind-2", lambda p, c: checks._replies_in_game(p, c) / 1, why="is a float")
    shown = {(4, c): n for c, n in zip(range(1, 7), [1, 9, 14, 14, 14, 14], strict=True)}
    shown |= {(p, 6): p * (p + 3) // 2 for p in range(1, 5)} | {(5, 5): 20}
    rejected("mastermind-2", lookup_table(shown))


def test_enumerating_replies_cannot_reach_forty_pegs():
    def by_enumeration(pegs, colours):
        codes = ["".join(c) for c in itertools.product("123456789ABCDEF"[:colours], repeat=pegs)]
        return len({checks._reference_feedback(g, s) for g in codes for s in codes})

    with time_limit("mastermind-2", 2):
        rejected("mastermind-2", by_enumeration, why="took longer than 2 s")


# -- 3. Knuth's guess --------------------------------------------------------------------------------


def test_knuth_near_misses():
    def lowest_on_ties(candidates):
        return min(
            CLASSIC.codes, key=lambda code: (max(CLASSIC.partition_sizes(code, candidates).values()), code)
        )

    rejected("mastermind-3", lowest_on_ties, why="Knuth's rule guesses")
    rejected("mastermind-3", lambda candidates: sorted(candidates)[0])
    rejected("mastermind-3", lookup_table({tuple(CLASSIC.codes): "1122"}, "1122"))

    def knuth_as_index(candidates):
        possible = set(candidates)
        return min(
            range(CLASSIC.size),
            key=lambda i: (
                max(CLASSIC.partition_sizes(CLASSIC.codes[i], candidates).values()),
                CLASSIC.codes[i] not in possible,
                i,
            ),
        )

    rejected("mastermind-3", knuth_as_index, why="a code of the classic game such as '1122' is asked")


def test_knuth_cases_reach_beyond_the_lesson():
    cases = checks._knuth_cases()
    assert len(cases) == 32 and [len(candidates) for candidates, _ in cases[:6]] == [208, 114, 96, 46, 44, 44]
    # the six largest sets below the first guess's cells of 256 codes that Knuth's tree meets
    game, knuth = CLASSIC, heuristic_strategy(CLASSIC, "worst-case")
    second = [len(game.partition(knuth.root.guess)[reply]) for reply in knuth.root.replies]
    assert sorted(second, reverse=True)[:4] == [256, 256, 256, 208]
    # the tie rule matters somewhere: a candidate is preferred over a lower code
    assert any(expected in candidates for candidates, expected in cases[1:])


# -- 4. obviously-optimal guesses ---------------------------------------------------------------------


def _separating(candidates):
    return [code for code in CLASSIC.codes if max(CLASSIC.partition_sizes(code, candidates).values()) == 1]


def test_obvious_cases_cover_inside_outside_and_none():
    for candidates, expected in checks._obvious_cases():
        found = _separating(candidates) if len(candidates) <= 14 else []
        inside = [code for code in found if code in candidates]
        assert expected == (inside or found or [None])[0]


def test_obvious_near_misses():
    def candidates_only(candidates):
        return next(
            (c for c in candidates if max(CLASSIC.partition_sizes(c, candidates).values()) == 1), None
        )

    rejected("mastermind-4", candidates_only, why="you answered None")

    def outside_first(candidates):
        found = _separating(candidates) if len(candidates) <= 14 else []
        return found[0] if found else None

    rejected("mastermind-4", outside_first, why="may win at once")
    rejected(
        "mastermind-4",
        lookup_table({("1231", "1312", "2131", "3112"): "1231", ("2311", "3211"): "2311"}, None),
    )


# -- 5. reveal or determine ---------------------------------------------------------------------------


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


def test_determined_totals_equal_play_by_play_counts():
    for strategy, total in checks._determine_cases():
        if strategy.game.size <= 256:
            assert _determined_by_play(strategy) == total, strategy
    classic = {s.name: total for s, total in checks._determine_cases() if s.game == CLASSIC}
    assert classic["most-parts heuristic"] == _determined_by_play(heuristic_strategy(CLASSIC, "most-parts"))


def test_dawdling_strategies_change_reveal_but_not_determine():
    strategy = heuristic_strategy(Game(3, 3), "worst-case")
    slow = checks._dawdling(strategy)
    assert evaluate(slow.game, slow).total > evaluate(strategy.game, strategy).total
    assert evaluate_determined(slow.game, slow).total == evaluate_determined(strategy.game, strategy).total


def _leaves(node: Node) -> int:
    return 1 if not node.replies else sum(_leaves(child) for child in node.replies.values())


def _revealed_by_hand(strategy: Strategy) -> int:
    """The total to reveal every secret, walked here (the exercise forbids the strategy module)."""
    game = strategy.game

    def walk(node, codes, depth):
        return sum(
            len(cell) * depth if reply == game.hit else walk(node.replies[reply], cell, depth + 1)
            for reply, cell in game.partition(node.guess, codes).items()
        )

    return walk(strategy.root, list(game.codes), 1)


def test_determine_near_misses_and_the_package():
    for strategy, _ in checks._determine_cases()[:3]:
        assert _revealed_by_hand(strategy) == evaluate(strategy.game, strategy).total
    rejected("mastermind-5", lambda s: _revealed_by_hand(s) - _leaves(s.root), why="dawdling")
    rejected("mastermind-5", lambda s: _revealed_by_hand(s) - s.game.size)
    rejected("mastermind-5", lambda s: evaluate(s.game, s).total, why="without the course package")
    rejected("mastermind-5", lambda s: evaluate_determined(s.game, s).total, why="evaluate_determined")
    shown = {"worst-case heuristic": 5801, "expected-size heuristic": 5696, "most-parts heuristic": 5668}
    rejected("mastermind-5", lambda s: shown.get(s.name, 0))


# -- 6. the capped recursion ---------------------------------------------------------------------------


@cache
def _plain_capped(game: Game, cell: frozenset[int], left: int) -> float:
    """T_d(S) by the bare recursion over code indices (no bounds, no symmetry)."""
    if left == 0:
        return math.inf
    if len(cell) == 1:
        return 1
    best = math.inf
    for guess in range(game.size):
        parts: dict[int, set[int]] = {}
        for secret in cell:
            parts.setdefault(int(game.table[guess, secret]), set()).add(secret)
        if len(parts) == 1 and game.hit_index not in parts:
            continue
        rest = sum(
            _plain_capped(game, frozenset(p), left - 1) for r, p in parts.items() if r != game.hit_index
        )
        best = min(best, len(cell) + rest)
    return best


def test_capped_references_equal_the_bare_recursion():
    cases = checks._capped_cases()
    for game, candidates, d, value, plain in cases:
        cell = frozenset(game.indices(candidates))
        assert _plain_capped(game, cell, d) == value
        assert _plain_capped(game, cell, 99) == plain
        if d > 1:  # the cap is the tightest feasible one or the cap that first equals T(S)
            assert _plain_capped(game, cell, d - 1) == math.inf or _plain_capped(game, cell, d - 1) != plain
    sets = {(game, candidates) for game, candidates, *_ in cases}
    binding = {(game, candidates) for game, candidates, _, value, plain in cases if value != plain}
    assert (len(cases), len(sets), len(binding)) == (138, 110, 28)  # as the check's summary says
    assert sum(1 for game, candidates in sets if len(candidates) == game.size) == 2
    assert "108 random sets" in registration("mastermind-6").summary["verifies"]
    assert {f"{game.pegs}x{game.colours}" for game, _ in sets} == {"4x2", "2x5", "3x3", "2x4"}
    for pegs, colours in [(4, 2), (2, 4)]:
        game = Game(pegs, colours)
        least = next(d for d in range(1, 9) if plain_minimum_total(game, d) < INFEASIBLE)
        assert (game, game.codes, least, plain_minimum_total(game, least), plain_minimum_total(game)) in cases


def test_capped_near_misses():
    def uncapped(game, candidates, d):  # the recursion of section 2, ignoring the cap
        return _plain_capped(game, frozenset(game.indices(candidates)), 99)

    rejected("mastermind-6", uncapped, why="at most d =")

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
        lambda game, candidates, d: float(_plain_capped(game, frozenset(game.indices(candidates)), d)),
        why="float",
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


def test_the_bound_never_exceeds_the_exhaustive_optimum():
    shipped = {(r["pegs"], r["colours"]): r["optimal total"] for r in build_data.load_small_games()["games"]}
    for (pegs, colours), total in shipped.items():
        assert checks._total_lower_bound(pegs, colours) <= total
    for pegs, colours in [(2, 2), (3, 2), (2, 3), (4, 2), (3, 3)]:
        assert plain_minimum_total(Game(pegs, colours)) == shipped[(pegs, colours)]


def test_bound_near_misses_loops_and_the_package():
    def with_all_pairs(pegs, colours):  # the lesson's K - 1 whatever the colours
        replies = 1 if colours == 1 else pegs * (pegs + 3) // 2
        return tree_bound(colours**pegs, replies - 1)

    rejected("mastermind-7", with_all_pairs, why="(pegs, colours) = (3, 2)")
    shipped = {(r["pegs"], r["colours"]): r["optimal total"] for r in build_data.load_small_games()["games"]}
    rejected("mastermind-7", lookup_table(shipped, 1), why="(pegs, colours) = (1, 2)")
    rejected(
        "mastermind-7",
        lambda p, c: tree_bound(c**p, replies_by_hand(p, c) - 1) + 100 * (p == c == 3),
        why="exceeds",
    )
    rejected(
        "mastermind-7", lambda p, c: tree_bound(c**p, replies_by_hand(p, c) - 1) - (p > 30), why="(31, 1)"
    )
    rejected(
        "mastermind-7",
        lambda p, c: tree_lower_bound(c**p, checks._replies_in_game(p, c) - 1),
        why="without the course package",
    )

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


@pytest.mark.parametrize(
    "damage, why",
    [
        (None, "is missing"),
        ("{not json", "cannot be read"),
        (json.dumps({"games": []}), "should hold each of the games"),
        ("change 3x3", "a fresh search gives 73"),
        ("drop a key", "a row should hold"),
    ],
)
def test_a_damaged_small_games_file_is_the_packs_fault(tmp_path, monkeypatch, damage, why):
    text = (build_data.DATA / "small_games.json").read_text()
    if damage == "change 3x3":
        data = json.loads(text)
        for row in data["games"]:
            if (row["pegs"], row["colours"]) == (3, 3):
                row["optimal total"] = 72
        damage = json.dumps(data)
    elif damage == "drop a key":
        data = json.loads(text)
        del data["games"][4]["codes"]
        damage = json.dumps(data)
    if damage is not None:
        (tmp_path / "small_games.json").write_text(damage)
    monkeypatch.setattr(build_data, "DATA", tmp_path)
    verdict = verify("mastermind-7", worked_answer(LESSON["mastermind-7"], "mastermind-7"))
    assert verdict.status == "check failed", verdict
    assert "puzzles/mastermind/data/small_games.json" in verdict.message and why in verdict.message
    assert "not your answer's" in verdict.message


def test_the_packages_own_functions_are_refused():
    from puzzles.mastermind.heuristics import obviously_optimal_guess

    rejected(
        "mastermind-3",
        lambda candidates: heuristic_guess(CLASSIC, candidates, "worst-case"),
        why="heuristic_guess (puzzles.mastermind.heuristics)",
    )
    rejected(
        "mastermind-4",
        lambda candidates: obviously_optimal_guess(CLASSIC, candidates),
        why="obviously_optimal_guess",
    )
    rejected(
        "mastermind-6",
        lambda game, candidates, d: OptimalSearch(game, d).value(candidates),
        why="OptimalSearch (puzzles.mastermind.search)",
    )
    rejected(
        "mastermind-2",
        lambda pegs, colours: len(np.unique(Game(pegs, colours).table)),
        why="(pegs, colours) = (1, 10)",
    )
