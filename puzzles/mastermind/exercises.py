"""Checks for the Mastermind unit's exercises (ids "mastermind-1" .. "mastermind-6").

Every check compares the student's answer with independent evidence: the package's feedback
table on every pair of a small game and a seeded sample of the classic one, the enumeration of
replies, the heuristic and the search of the package on many candidate sets, and the shipped
first-guess totals (which the tests recompute).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from puzzles.course.checker import exercise, first_disagreement
from puzzles.mastermind.heuristics import _obvious, heuristic_guess, heuristic_strategy
from puzzles.mastermind.model import Game, feedback_pairs
from puzzles.mastermind.search import OptimalSearch

__all__: list[str] = []


def _report(found, what: str, where: str, names: str) -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees with the package for {where}."
    case, given, expected = found
    shown = ", ".join(repr(value) if isinstance(value, str) else str(value) for value in case)
    return (
        False,
        f"counterexample at {names} = ({shown}): your answer gives {given}, the package gives {expected}.",
    )


@exercise("mastermind-1")
def _feedback(answer) -> tuple[bool, str]:
    """feedback(guess, secret) -> (black, white) for digit strings."""
    small = Game(3, 4)
    cases = [(g, s) for g in small.codes for s in small.codes]
    found = first_disagreement(lambda g, s: tuple(answer(g, s)), small.feedback, cases)
    if found is not None:
        return _report(found, "", "", "(guess, secret)")
    classic = Game(4, 6)
    rng = random.Random(2024)
    cases = [(rng.choice(classic.codes), rng.choice(classic.codes)) for _ in range(4000)]
    found = first_disagreement(lambda g, s: tuple(answer(g, s)), classic.feedback, cases)
    return _report(
        found,
        "your feedback",
        "all 4096 pairs of 3x4 codes and 4000 random pairs of 4x6 codes",
        "(guess, secret)",
    )


@cache
def _replies_seen(pegs: int, colours: int) -> int:
    import numpy as np

    return len(np.unique(Game(pegs, colours).table))


@exercise("mastermind-2")
def _number_of_replies(answer) -> tuple[bool, str]:
    """distinct_replies(p): the number of replies (b, w) a game with p pegs can give."""
    found = first_disagreement(answer, lambda p: len(feedback_pairs(p)), [(p,) for p in range(1, 41)])
    if found is not None:
        return _report(found, "", "", "p")
    for pegs, colours in [(1, 2), (2, 3), (3, 4), (4, 5), (4, 6), (5, 5)]:
        if _replies_seen(pegs, colours) != answer(pegs):
            return (
                False,
                f"in the game {pegs}x{colours} the table shows {_replies_seen(pegs, colours)} replies.",
            )
    return True, (
        "your count equals the number of pairs b + w <= p other than (p-1, 1) for p = 1..40, "
        "and the replies that really occur in the 1x2, 2x3, 3x4, 4x5, 4x6 and 5x5 games."
    )


@exercise("mastermind-3")
def _knuth_guess(answer) -> tuple[bool, str]:
    """knuth_guess(candidates) -> the worst-case heuristic's guess (ties: possible, then lowest)."""
    game = Game(4, 6)
    knuth = heuristic_strategy(game, "worst-case")
    sets: list[tuple[str, ...]] = []

    def collect(node, candidates: list[str]) -> None:
        if len(candidates) > 1:
            sets.append(tuple(candidates))
        for reply, cell in game.partition(node.guess, candidates).items():
            if reply in node.replies:
                collect(node.replies[reply], cell)

    collect(knuth.root, list(game.codes))
    sets.sort(key=lambda s: (-len(s), s))
    cases = [(s,) for s in sets[:30]]
    found = first_disagreement(
        lambda s: str(answer(list(s))), lambda s: heuristic_guess(game, s, "worst-case"), cases
    )
    if found is not None:
        (case,), given, expected = found
        return False, (
            f"on the {len(case)} candidates {', '.join(case[:6])}{', ...' if len(case) > 6 else ''} "
            f"you guess {given}, Knuth's rule guesses {expected}."
        )
    return True, f"your guess is Knuth's on the {len(cases)} largest candidate sets his strategy meets."


@exercise("mastermind-4")
def _obviously_optimal(answer) -> tuple[bool, str]:
    """obviously_optimal(candidates) -> a separating guess (from the candidates if possible) or None."""
    game = Game(4, 6)
    rng = random.Random(7)
    checked = Counter()
    for trial in range(120):
        size = 1 + trial % 16
        candidates = sorted(rng.sample(game.codes, size))
        given = answer(list(candidates))
        index = _obvious(game, game._candidate_indices(candidates))
        if index is None:
            if given is not None:
                return False, f"no guess separates {candidates}, but you answered {given!r}."
            checked["none"] += 1
            continue
        if given is None:
            return False, f"{game.code(index)} separates {candidates}, but you answered None."
        sizes = game.partition_sizes(given, candidates).values()
        if max(sizes) != 1:
            return False, f"your guess {given} does not split {candidates} into single codes."
        if game.code(index) in candidates and given not in candidates:
            return (
                False,
                f"{given} separates {candidates}, but one of the candidates ({game.code(index)}) does too.",
            )
        checked["found"] += 1
    return True, (
        f"right on 120 random candidate sets of sizes 1..16 ({checked['found']} with an obviously-optimal "
        f"guess, {checked['none']} without)."
    )


@cache
def _small_search() -> OptimalSearch:
    return OptimalSearch(Game(3, 3))


@exercise("mastermind-5")
def _minimum_total(answer) -> tuple[bool, str]:
    """minimum_total(candidates) -> T(S) in the game with 3 pegs and 3 colours."""
    game = Game(3, 3)
    rng = random.Random(11)
    cases = [(tuple(sorted(rng.sample(game.codes, 1 + k % 9))),) for k in range(60)] + [(game.codes,)]
    search = _small_search()
    found = first_disagreement(lambda s: answer(list(s)), lambda s: search.value(list(s)), cases)
    if found is not None:
        (case,), given, expected = found
        return (
            False,
            f"for the {len(case)} candidates {', '.join(case[:8])}: "
            f"you give {given}, the search gives {expected}.",
        )
    return (
        True,
        "your T(S) agrees with the branch-and-bound search on 60 random sets and on all 27 codes (73).",
    )


@exercise("mastermind-6")
def _optimal_first_guesses(answer) -> tuple[bool, str]:
    """The number of first guesses (codes) of 4x6 that begin an optimal strategy."""
    from puzzles.mastermind.build_data import load_small_games

    totals = load_small_games()["first guess totals 4x6"]
    best = min(totals.values())
    game = Game(4, 6)

    def pattern(code: str) -> tuple[int, ...]:
        return tuple(sorted(Counter(code).values(), reverse=True))

    optimal_patterns = {pattern(code) for code, total in totals.items() if total == best}
    expected = sum(1 for code in game.codes if pattern(code) in optimal_patterns)
    if answer != expected:
        return (
            False,
            f"{answer} is not the number of codes with the colour pattern of an optimal first guess.",
        )
    names = " and ".join(sorted(code for code, total in totals.items() if total == best))
    return (
        True,
        f"{expected} codes share the colour pattern of {names}, which alone opens an optimal strategy.",
    )
