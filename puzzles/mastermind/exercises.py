"""Checks for the Mastermind unit's exercises ("mastermind-1" .. "mastermind-8").

Lesson I: the feedback of a guess (1), the number of replies a game with p pegs and c
colours can give (2), and a guess and a secret for each reply, or None where none exists (8).
Lesson II: Knuth's guess (3), the entropy rule's guess with exact ties (9), the obviously-optimal
guess (4), and the number of guesses a strategy needs to *determine* rather than reveal the secrets (5).
Lesson III: the least total under a cap on the number of guesses (6) and the tree-counting
lower bound on a whole game's total (7).

Every check is a ``Plan``: its cases are plain data (codes as digit strings, candidate sets as
tuples of codes, a strategy as its JSON tree, a game as ``(pegs, colours)``); ``build`` makes
the ``Game`` and ``Strategy`` objects in the check's child, before the modules the exercise
forbids are closed. The references are computed here, after the answer ran: a feedback written
without the package's table, enumeration of the reply table, the package's heuristics, strategy
evaluation and branch-and-bound search, and the shipped table of small games (verified when it
is read). The tests in ``tests/mastermind/test_exercises.py`` confirm every reference by brute
force.

When graded (``plan(seed)``), each check adds cases drawn with the grader's seed: random pairs of
longer codes, larger games, candidate sets and strategies the public cases do not hold, and (6)
sets asked again in another game after the public cases, where a memo that forgets the game
gives the other game's total.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

from puzzles.course.checker import PackFault, Plan, Stage, exercise, hidden_stage, show, whole
from puzzles.mastermind import build_data
from puzzles.mastermind.heuristics import HEURISTICS, _entropy_key, heuristic_guess, heuristic_strategy
from puzzles.mastermind.model import Game, feedback_pairs, number_of_feedbacks
from puzzles.mastermind.reference import evaluate_determined
from puzzles.mastermind.search import INFEASIBLE, OptimalSearch, _tree_lower_bound
from puzzles.mastermind.strategy import Strategy, evaluate

__all__: list[str] = []


@cache
def _game(pegs: int, colours: int) -> Game:
    """One ``Game`` per size, its table and codes made before any answer is timed."""
    game = Game(pegs, colours)
    game.table, game.codes, game._index_of  # noqa: B018 - computed once, outside the answer's time
    return game


def _classic() -> Game:
    return _game(4, 6)


def _plural(count: int, noun: str, plural: str | None = None) -> str:
    """``1 peg``, ``2 pegs``, ``1 colour``: a count with its noun."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def _game_words(pegs: int, colours: int) -> str:
    """``the game with 1 peg and 1 colour``; ``the game with 4 pegs and 6 colours``."""
    return f"the game with {_plural(pegs, 'peg')} and {_plural(colours, 'colour')}"


def _codes(candidates: tuple[str, ...] | list[str], shown: int = 6) -> str:
    """``1111, 1112, 1113, ... (46 codes)``: a set of codes in a line."""
    codes = list(candidates)
    if len(codes) <= shown:
        return ", ".join(codes)
    return ", ".join(codes[:shown]) + f", ... ({len(codes)} codes)"


def _the_candidates(candidates: tuple[str, ...]) -> str:
    """``the candidate 1122``, ``the 2 candidates 1122, 1123``, ``the 46 candidates 1111, ...``."""
    if len(candidates) == 1:
        return f"the candidate {candidates[0]}"
    return f"the {len(candidates)} candidates {_codes(candidates)}"


def _unsorted(codes: tuple[str, ...]) -> list[str]:
    """The codes in an order of their own (the same at every call), not sorted: a rule that breaks
    ties by the order of the list it is given, not by the codes, is seen."""
    order = list(codes)
    random.Random(len(order) * 7919 + sum(map(int, order))).shuffle(order)
    return order


def _classic_code(value: Any) -> str | None:
    """A code of the classic game, as a digit string."""
    if isinstance(value, str) and value in _classic()._index_of:
        return None
    if isinstance(value, str):
        return "not a code of the classic game: four digits 1 to 6 such as '1122' are asked"
    return "not a code: a string such as '1122' is asked"


# -- 1. feedback --------------------------------------------------------------------------------


def _reference_feedback(guess: str, secret: str) -> tuple[int, int]:
    """(black, white) by multiset intersection: an algorithm other than the package's."""
    black = sum(1 for a, b in zip(guess, secret, strict=True) if a == b)
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


FEEDBACK_SHORT = [(1, 4), (2, 4), (3, 4)]  # every pair of these games, the fewest pegs first
FEEDBACK_CLASSIC_PAIRS = 1000
FEEDBACK_LONG = [(1, 2), (1, 9), (2, 9), (5, 3), (6, 9), (8, 2), (8, 5), (12, 7)]
FEEDBACK_LONG_PAIRS = 125  # random pairs of each of these sizes


@cache
def _feedback_cases() -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]:
    """Every pair of codes of 1 to 3 pegs and 4 colours; random 4x6 pairs; random longer codes."""
    short = [
        (g, s)
        for pegs, colours in FEEDBACK_SHORT
        for g in _codes_of(pegs, colours)
        for s in _codes_of(pegs, colours)
    ]
    rng = random.Random(2024)
    classic = _codes_of(4, 6)
    pairs = [(rng.choice(classic), rng.choice(classic)) for _ in range(FEEDBACK_CLASSIC_PAIRS)]
    longer = []
    for pegs, colours in FEEDBACK_LONG:
        for _ in range(FEEDBACK_LONG_PAIRS):
            guess = "".join(rng.choice("123456789"[:colours]) for _ in range(pegs))
            secret = "".join(rng.choice("123456789"[:colours]) for _ in range(pegs))
            longer.append((guess, secret))
    return short, pairs, longer


def _codes_of(pegs: int, colours: int) -> list[str]:
    """Every code of ``pegs`` digits 1..colours, in lexicographic order (written here, not the package's)."""
    codes = [""]
    for _ in range(pegs):
        codes = [code + str(colour) for code in codes for colour in range(1, colours + 1)]
    return codes


def _score(value: Any) -> str | None:
    """A pair (black, white) of integers, as a tuple or a list."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return "not a pair: a tuple (black, white) of two integers is asked"
    for part in value:
        if isinstance(part, float):
            return f"a pair holding {show(part)}, a float: black and white are counts of pegs, asked as int"
        if (problem := whole(part)) is not None:
            return f"a pair holding {show(part)}, {problem}"
    return None


def _feedback_hidden(draw: random.Random) -> list[Stage]:
    """200 random pairs of 1 to 16 pegs, their colours drawn from a few of 1..9 (repeats common)."""
    pairs = []
    for _ in range(200):
        pegs = draw.randint(1, 16)
        palette = draw.sample("123456789", draw.randint(1, 4))
        guess = "".join(draw.choice(palette) for _ in range(pegs))
        secret = "".join(draw.choice(palette) for _ in range(pegs))
        pairs.append((guess, secret))
    return [hidden_stage(pairs, reference=_reference_feedback, label="200 pairs the grader drew")]


@exercise(
    "mastermind-1",
    names="guess, secret",
    without="puzzles.mastermind",
    asks="feedback(guess, secret): the pair (black, white) for two codes of any length, without the package",
    verifies=(
        "every pair of codes of 1 to 3 pegs with 4 colours (4368 pairs, the fewest pegs first), 1000 random "
        "4x6 pairs and 1000 random pairs of 1 to 12 pegs with up to 9 colours; the answer must be a pair of "
        "integers; refuses answers that reach puzzles.mastermind"
    ),
    hidden=_feedback_hidden,
)
def _feedback() -> Plan:
    """feedback(guess, secret) -> (black, white) for digit strings of any length."""
    short, pairs, longer = _feedback_cases()
    return Plan(
        [
            Stage(
                short,
                reference=_reference_feedback,
                label=f"every pair of codes of 1 to 3 pegs with 4 colours ({len(short)} pairs)",
                evidence="the right score",
            ),
            Stage(
                pairs,
                reference=_reference_feedback,
                label=f"the {len(pairs)} random pairs of the classic game",
                evidence="the right score",
                smallest=False,
                far="a pair of the classic game",
            ),
            Stage(
                longer,
                reference=_reference_feedback,
                label=f"the {len(longer)} random pairs of 1 to 12 pegs",
                evidence="the right score",
                smallest=False,
                far="random codes of up to 12 pegs",
            ),
        ],
        what="your feedback",
        kind=_score,
        same=lambda given, expected: tuple(given) == expected,
        passed=(
            f"your feedback is right on every pair of codes of 1 to 3 pegs with 4 colours "
            f"({len(short)} pairs), {len(pairs)} random pairs of 4x6 codes and {len(longer)} random pairs "
            "of codes with 1 to 12 pegs and up to 9 colours."
        ),
    )


# -- 2. replies that occur ------------------------------------------------------------------------


def _replies_in_game(pegs: int, colours: int) -> int:
    """The replies (b, w) that occur with p pegs and c colours, from the package's count and list of
    the replies a game with p pegs can give (``number_of_feedbacks``, ``feedback_pairs``): every one
    of them from three colours on, those with an even white count with two (on the pegs that
    are not black the guess and the secret swap colours), only the win with one."""
    if colours < 2:
        return 1
    if colours >= 3:
        return number_of_feedbacks(pegs)
    return sum(1 for _, white in feedback_pairs(pegs) if white % 2 == 0)


REPLY_PEGS, REPLY_COLOURS = 40, 15
ENUMERATED_CODES = 1296  # games of at most this many codes are counted on their reply table


@cache
def _replies_enumerated(pegs: int, colours: int) -> int:
    """The distinct replies in the game's table of every guess against every secret."""
    return len(np.unique(Game(pegs, colours).table))


def _reply_games() -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(games small enough to enumerate, the others), each in order of (pegs, colours)."""
    games = [(p, c) for p in range(1, REPLY_PEGS + 1) for c in range(1, REPLY_COLOURS + 1)]
    small = [(p, c) for p, c in games if c <= 9 and p <= 12 and c**p <= ENUMERATED_CODES]
    return small, [game for game in games if game not in small]


def _reply_hidden(draw: random.Random) -> list[Stage]:
    """12 games drawn beyond the public grid: up to 100 pegs and 60 colours (1 and 2 colours among them)."""
    games = {(draw.randint(REPLY_PEGS + 1, 100), draw.choice((1, 2, 3))) for _ in range(4)}
    games |= {(draw.randint(1, 100), draw.randint(REPLY_COLOURS + 1, 60)) for _ in range(8)}
    return [
        hidden_stage(
            sorted(games),
            reference=_replies_in_game,
            label="games the grader drew",
            evidence="the right count",
        )
    ]


@exercise(
    "mastermind-2",
    names="pegs, colours",
    without="puzzles.mastermind",
    asks="replies_in_game(pegs, colours): how many replies (b, w) occur in a game, for any pegs and colours, "
    "by reasoning, without the package",
    verifies=(
        f"equals the count of distinct replies in the reply table of every game of at most "
        f"{ENUMERATED_CODES} codes, and the closed form for every other game with 1 to {REPLY_PEGS} pegs "
        f"and 1 to {REPLY_COLOURS} colours (far beyond enumeration); the answer must be an integer; "
        "refuses answers that reach puzzles.mastermind"
    ),
    hidden=_reply_hidden,
)
def _number_of_replies() -> Plan:
    """replies_in_game(pegs, colours) -> the number of replies that occur in that game."""
    small, large = _reply_games()
    return Plan(
        [
            Stage(
                small,
                reference=_replies_enumerated,
                label=f"the {len(small)} games of at most {ENUMERATED_CODES} codes and 9 colours",
                evidence="the game's reply table",
            ),
            Stage(
                large,
                reference=_replies_in_game,
                label=f"the {len(large)} larger games",
                evidence="the right count",
                smallest=False,
                far="beyond the enumerated games",
            ),
        ],
        what="your count",
        kind=whole,
        passed=(
            f"your count equals the replies found in the table of every game of at most {ENUMERATED_CODES} "
            f"codes, and the closed form for every game up to {REPLY_PEGS} pegs and {REPLY_COLOURS} colours "
            "(one colour, two colours and three or more all behave differently)."
        ),
    )


# -- 8. a guess and a secret for every reply (lesson I) ---------------------------------------------


def _reply_occurs(pegs: int, colours: int, black: int, white: int) -> bool:
    """Whether some guess and secret of the game give (black, white), from the package's list of the
    replies p pegs can give (``feedback_pairs``) and the parity of the whites with two colours: the
    count of exercise 2, reply by reply (the tests confirm it on every reply table)."""
    if colours < 2:
        return (black, white) == (pegs, 0)
    if (black, white) not in feedback_pairs(pegs):
        return False
    return colours >= 3 or white % 2 == 0


WITNESS_SMALL = [(p, c) for p in range(1, 5) for c in range(1, 5)]
# every colour count for 5 to 8 pegs (a fresh colour for the pegs that must stay neutral is wrong
# with some of them only), then a spread of colours up to 12 pegs
WITNESS_LARGE = [(p, c) for p in range(5, 9) for c in range(1, 10)] + [
    (p, c) for p in range(9, 13) for c in (1, 2, 3, 4, 6, 9)
]


def _witness_cases(games: list[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """(pegs, colours, black, white) for every pair with b + w <= p of each game."""
    return [
        (pegs, colours, black, white)
        for pegs, colours in games
        for black in range(pegs + 1)
        for white in range(pegs - black + 1)
    ]


def _witness_kind(value: Any) -> str | None:
    """None, or a pair of strings."""
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return "not a pair: a tuple (guess, secret) of two codes, or None, is asked"
    for part in value:
        if not isinstance(part, str):
            return (
                f"whose entries are not codes ({show(part)} is {type(part).__name__}, not str): the guess "
                "and the secret are asked as digit strings such as '1122'"
            )
    return None


def _witness_judge(case: tuple, given: tuple[str, str] | None) -> str | None:
    pegs, colours, black, white = case
    game = _game_words(pegs, colours)
    reply = f"({black}, {white})"
    occurs = _reply_occurs(pegs, colours, black, white)
    if given is None:
        if not occurs:
            return None
        return f"in {game} you answer None for the reply {reply}, but some guess and secret give it."
    guess, secret = given
    allowed = "123456789"[:colours]
    for name, code in (("guess", guess), ("secret", secret)):
        if len(code) != pegs or any(digit not in allowed for digit in code):
            return (
                f"in {game} your {name} {show(code)} for the reply {reply} is not a code of the game: "
                f"a string of {_plural(pegs, 'digit')}, each from {allowed[0]} to {allowed[-1]}, is asked."
            )
    scored = _reference_feedback(guess, secret)
    if scored == (black, white):
        return None
    if not occurs:
        return (
            f"in {game} your guess {guess} and secret {secret} give {scored}, not {reply}; no pair gives "
            f"{reply}, so None is the answer there."
        )
    return f"in {game} your guess {guess} and secret {secret} give {scored}, not {reply}."


def _witness_hidden(draw: random.Random) -> list[Stage]:
    """40 replies of games with 13 to 30 pegs and 1 to 9 colours."""
    cases = set()
    while len(cases) < 40:
        pegs, colours = draw.randint(13, 30), draw.randint(1, 9)
        black = draw.randint(0, pegs)
        cases.add((pegs, colours, black, draw.randint(0, pegs - black)))
    return [hidden_stage(sorted(cases), judge=_witness_judge, label="replies the grader drew")]


@exercise(
    "mastermind-8",
    names="pegs, colours, black, white",
    without="puzzles.mastermind",
    asks=(
        "reply_witness(pegs, colours, black, white): a guess and a secret of the game with that reply, or "
        "None when no pair gives it, without the package"
    ),
    verifies=(
        "every reply (b, w) with b + w <= p of every game with 1 to 4 pegs and 1 to 4 colours, then of the "
        "games with 5 to 8 pegs and 1 to 9 colours and with 9 to 12 pegs and 1, 2, 3, 4, 6 or 9 colours: "
        "a pair must be two codes of the game "
        "whose score (by a feedback written in the check) is the reply, None must be given exactly where "
        "no pair exists; refuses answers that reach puzzles.mastermind"
    ),
    hidden=_witness_hidden,
)
def _witnesses() -> Plan:
    """reply_witness(pegs, colours, black, white) -> (guess, secret) with that score, or None."""
    small, large = _witness_cases(WITNESS_SMALL), _witness_cases(WITNESS_LARGE)
    return Plan(
        [
            Stage(
                small,
                judge=_witness_judge,
                label=f"the {len(small)} replies of the games with 1 to 4 pegs and 1 to 4 colours",
            ),
            Stage(
                large,
                judge=_witness_judge,
                label=f"the {len(large)} replies of the games with 5 to 12 pegs",
                smallest=False,
                far="games with 5 to 12 pegs",
            ),
        ],
        what="your reply_witness",
        kind=_witness_kind,
        passed=(
            f"a guess and a secret with the reply asked, or None where no pair gives it, for all "
            f"{len(small) + len(large)} replies (b, w) of the games with 1 to 4 pegs and 1 to 4 colours and "
            "of those with 5 to 8 pegs and 1 to 9 colours and with 9 to 12 pegs and 1, 2, 3, 4, 6 or 9 "
            "colours; every pair scored by a feedback written in the check."
        ),
    )


# -- 3. Knuth's guess ------------------------------------------------------------------------------


@cache
def _knuth_sets() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Candidate sets: (the large ones Knuth's tree meets, smaller ones from his tree, arbitrary).

    The large sets are the six largest below the three cells of 256 codes (208 down to 44
    codes): the cells of his first guess and of his second guesses. All 1296 codes (whose
    answer, 1122, the lesson prints) and the 256-code cells would repeat the same test at
    several times the cost. The smaller sets are met on seeded random walks down his tree.
    """
    game = _classic()
    first = heuristic_guess(game, game.codes, "worst-case")
    met = [
        tuple(cell) for reply, cell in game.partition(first).items() if reply != game.hit and len(cell) > 1
    ]
    for cell in list(met):
        if len(cell) >= 44:
            guess = heuristic_guess(game, cell, "worst-case")
            met += [tuple(c) for reply, c in game.partition(guess, cell).items() if reply != game.hit]
    met = sorted(set(met), key=lambda s: (-len(s), s))
    large = [s for s in met if len(s) < 256][:6]
    rng = random.Random(3)
    middle: list[tuple[str, ...]] = []
    while len(middle) < 12:
        cell = rng.choice([s for s in met if len(s) > 40])
        while len(cell) > 40:
            guess = heuristic_guess(game, cell, "worst-case")
            cells = [tuple(c) for reply, c in game.partition(guess, cell).items() if reply != game.hit]
            cell = rng.choice([c for c in cells if len(c) >= 3] or cells)
        if len(cell) >= 3 and cell not in middle:
            middle.append(cell)
    arbitrary = [tuple(sorted(rng.sample(game.codes, rng.randint(2, 25)))) for _ in range(14)]
    return large, middle, arbitrary


@cache
def _knuth(candidates: tuple[str, ...]) -> str:
    return heuristic_guess(_classic(), candidates, "worst-case")


def _worst_cell(guess: str, candidates: tuple[str, ...]) -> int:
    return max(_classic().partition_sizes(guess, candidates).values())


def _knuth_judge(case: tuple, given: str) -> str | None:
    (candidates,) = case
    expected = _knuth(candidates)
    if given == expected:
        return None
    among = set(candidates)

    def described(guess: str) -> str:
        role = "a candidate" if guess in among else "not a candidate"
        return f"{guess}, whose largest cell holds {_plural(_worst_cell(guess, candidates), 'code')} ({role})"

    if _worst_cell(given, candidates) > _worst_cell(expected, candidates):
        why = "the smaller largest cell wins"
    elif (given in among) == (expected in among):
        both = "candidates" if given in among else "non-candidates"
        why = f"on a tie between two {both}, the lower code wins"
    else:  # Knuth's largest cell is the least, so his guess is the candidate
        why = "on a tie, a candidate wins (it may be the secret)"
    return (
        f"on {_the_candidates(candidates)} you guess {described(given)}; Knuth's rule guesses "
        f"{described(expected)}: {why}."
    )


def _cells_after(draw: random.Random, count: int, largest: int) -> list[tuple[str, ...]]:
    """Cells of the classic game met after a random first and second guess (2 to ``largest`` codes)."""
    game = _classic()
    cells: list[tuple[str, ...]] = []
    while len(cells) < count:
        first = draw.choice(game.codes)
        reply, cell = draw.choice(sorted(game.partition(first).items()))
        if reply == game.hit or len(cell) < 2:
            continue
        if len(cell) > largest:
            second = draw.choice(game.codes)
            cell = draw.choice(sorted(game.partition(second, cell).values(), key=len))
        if 2 <= len(cell) <= largest:
            cells.append(tuple(cell))
    return cells


def _drawn_candidate_sets(
    draw: random.Random, judge: Callable, randoms: int, most: int, cells: int, cell_most: int
) -> list[Stage]:
    """The hidden stage of a heuristic's check: ``randoms`` random sets of 2 to ``most`` codes of
    the classic game, then ``cells`` cells (of at most ``cell_most`` codes) met after random guesses."""
    codes = _classic().codes
    sets = [tuple(sorted(draw.sample(codes, draw.randint(2, most)))) for _ in range(randoms)]
    sets += _cells_after(draw, cells, cell_most)
    return [hidden_stage([(s,) for s in dict.fromkeys(sets)], judge=judge, label="sets the grader drew")]


def _candidate_stage(sets, judge: Callable, label: str) -> Stage:
    """A stage asking the guess for each candidate set of ``sets``, in the order given."""
    return Stage([(s,) for s in sets], judge=judge, label=label, smallest=False)


def _knuth_hidden(draw: random.Random) -> list[Stage]:
    """10 candidate sets: 6 random sets of 2 to 60 codes and 4 cells met after random guesses."""
    return _drawn_candidate_sets(draw, _knuth_judge, 6, 60, 4, 120)


@exercise(
    "mastermind-3",
    names="candidates",
    time_limit=15,
    without="puzzles.mastermind.heuristics",
    asks="knuth_guess(candidates): Knuth's worst-case guess, ties to a candidate, then to the lowest code",
    verifies=(
        "6 large candidate sets Knuth's strategy meets (44 to 208 codes), 12 smaller ones from its tree "
        "and 14 arbitrary sets of 2 to 25 codes; a wrong guess is told its largest cell and Knuth's, and "
        "which is a candidate; refuses answers that reach puzzles.mastermind.heuristics"
    ),
    hidden=_knuth_hidden,
)
def _knuth_guess() -> Plan:
    """knuth_guess(candidates) -> the worst-case heuristic's guess (ties: possible, then lowest)."""
    large, middle, arbitrary = _knuth_sets()
    sizes = f"{min(map(len, large))} to {max(map(len, large))} codes"
    small = f"{min(map(len, arbitrary))} to {max(map(len, arbitrary))} codes"
    return Plan(
        [
            _candidate_stage(large, _knuth_judge, f"the {len(large)} large sets Knuth's tree meets"),
            _candidate_stage(middle, _knuth_judge, f"the {len(middle)} smaller sets of his tree"),
            _candidate_stage(arbitrary, _knuth_judge, f"the {len(arbitrary)} arbitrary sets"),
        ],
        what="your guess",
        kind=_classic_code,
        build=lambda case: (_unsorted(case[0]),),
        passed=(
            f"your guess is Knuth's on {len(large)} large candidate sets his strategy meets ({sizes}), "
            f"{len(middle)} smaller ones and {len(arbitrary)} arbitrary sets of {small}."
        ),
    )


# -- 9. the entropy rule, exactly (lesson II) --------------------------------------------------------

# Sets of the classic game on which the best entropy is reached by several guesses (an exact tie
# of the products of n_i^n_i) and a sum of floating-point terms ranks them by a rounding error, not
# by the tie rule. In the first six the tied guesses have the same cell sizes in another order, and
# a sum in the order of ``partition_sizes`` (-sum p log2 p, sum p ln p, sum n_i log2 n_i) fails on
# one of them at least; in the last three (``ENTROPY_TIES_APART``) the tied cell sizes differ
# (4+2+1+1+1+1+1+1 and 2+2+2+2+2+1+1 both give 1024), so the float terms differ too, and a sum over
# the sizes sorted either way, or ``math.fsum`` of the terms, fails on one of them at least. Found by
# a search over the cells of random guesses and random sets (the tests confirm both properties).
ENTROPY_TIES_APART = 3
ENTROPY_TIES: list[tuple[str, ...]] = [
    tuple("1365 1563 3561 3615 5136 6351".split()),
    tuple("1145 1153 1154 3115 3145 3154 5113 5114 5143".split()),
    tuple("3462 3464 3465 3611 3612 3615 6411 6412 6414 6415".split()),
    tuple("1124 1241 1242 1246 1424 1624".split()),
    tuple(
        (
            "2211 2351 2411 2536 2621 2641 3251 3351 3451 3512 3514 3515 3526 3536 3546 3556 4211 4351 4411 "
            "4536 4621 4641 5231 5321 5331 5341 5351 5431 5536 6221 6241 6421 6441 6532 6534 6535 6536 6621 "
            "6641"
        ).split()
    ),
    tuple(
        (
            "1112 1132 1142 1151 1153 1154 1312 1332 1342 1351 1353 1354 1412 1432 1442 1451 1453 1454 2221 "
            "2335 2345 2435 2445 3115 3135 3145 3221 3315 3415 3655 4115 4135 4145 4221 4315 4415 4655 5222 "
            "5223 5224 5563 5564 5566 5635 5645 5655 6355 6455 6655"
        ).split()
    ),
    tuple("1116 1151 1155 1166 1226 1353 1422 1424 1433 1443 1553 1626".split()),
    tuple(
        (
            "1344 1355 1541 2256 2434 2636 2651 3233 3665 4134 4146 4262 4311 4454 5135 6352 6414 6434 6465 "
            "6565"
        ).split()
    ),
    tuple(
        (
            "1246 1255 1265 1415 1442 1535 1541 2156 2164 2233 2521 2633 2663 3144 3146 3155 3165 3322 4115 "
            "5313 6135 6142 6326"
        ).split()
    ),
]


# Sets of the classic game on which the best guess beats another by less than 10^-3 bits (two
# different products of n_i^n_i), and the other is a candidate or the lower code: an entropy
# rounded to 2, 3 or 4 decimals (4 is what the lesson prints), or compared within a tolerance of
# 10^-3, picks the other. The last two come closer: on the 42 codes the best guess, 5625, wins by
# 3.9e-6 bits over 1252 (a tolerance of 10^-5 or 2*10^-5 takes 1252), on the 235 codes 6352 wins by
# 1.3e-6 bits over 6132 (rounding to 5 decimals, or a tolerance of 10^-5, takes 6132). Found by a
# search over random sets (the tests confirm, in integers, that the products differ).
ENTROPY_NEAR_TIES_CLOSEST = 2
ENTROPY_NEAR_TIES: list[tuple[str, ...]] = [
    tuple(
        (
            "1141 1236 1263 1553 2456 2636 3314 3363 3424 3544 3654 4336 4432 4544 4665 5115 5141 5525 5555 "
            "6125 6535 6536 6663"
        ).split()
    ),
    tuple(
        (
            "1116 1235 1246 1263 1425 1632 2345 2355 2444 2511 2523 2533 2662 3113 3135 3333 3456 3464 3646 "
            "4416 5423 5446 5515 5534 6156 6252 6255 6353 6526 6652"
        ).split()
    ),
    tuple(
        (
            "1235 1256 1365 1463 2233 2314 2323 2364 2416 2436 2463 2614 3125 3252 3363 3512 4121 4134 4214 "
            "4264 4332 4415 5131 5156 5242 6162 6166 6313 6346 6632"
        ).split()
    ),
    tuple(
        (
            "1135 1213 1224 1256 1422 1452 1551 1645 2116 2226 2266 2336 2433 2463 2563 2566 2612 2624 3123 "
            "3213 3223 3245 3246 3316 3366 3563 4225 4342 4415 4416 4433 4442 4632 5112 5233 5244 5346 5445 "
            "5541 5553 5622 5645 5652 6212 6342 6521 6554 6565 6612 6616"
        ).split()
    ),
    tuple(
        (
            "1352 1415 1416 1446 1453 1454 1512 1552 1562 1614 1622 1634 1644 1654 1655 2111 2165 2264 2311 "
            "2341 2433 2451 2552 2564 2642 3111 3126 3245 3253 3413 3415 3444 3451 3461 3536 3554 3555 3624 "
            "3631 4121 4142 4156 4216 4221 4225 4263 4342 4362 4434 4453 4513 4544 4564 4614 4635 4644 4651 "
            "5123 5153 5222 5314 5324 5413 5455 5525 5635 5636 6113 6136 6161 6313 6353 6364 6531 6622 6656 "
            "6665"
        ).split()
    ),
    tuple(
        (
            "1224 1225 1245 1251 1433 1463 2115 2125 2144 2222 2562 2615 3113 3232 3326 3331 3654 4115 4161 "
            "4221 4424 4513 4532 4616 5112 5125 5156 5243 5314 5422 5456 5516 5562 5652 6112 6141 6233 6243 "
            "6263 6434 6553 6566"
        ).split()
    ),
    tuple(
        (
            "1113 1133 1142 1143 1164 1226 1233 1251 1253 1256 1312 1323 1324 1341 1345 1352 1411 1416 1421 "
            "1435 1441 1446 1455 1513 1532 1542 1565 1566 1615 1625 1631 1634 1662 2111 2112 2122 2141 2162 "
            "2163 2165 2216 2232 2234 2252 2261 2263 2266 2311 2313 2314 2331 2344 2365 2416 2424 2431 2432 "
            "2442 2444 2446 2451 2454 2514 2516 2536 2556 2563 2612 2624 2636 2642 2654 2655 2664 3112 3131 "
            "3132 3146 3152 3153 3154 3215 3216 3224 3253 3261 3263 3321 3324 3332 3341 3342 3343 3344 3352 "
            "3355 3356 3362 3363 3415 3436 3442 3445 3463 3522 3526 3551 3552 3554 3621 3622 3633 3643 3646 "
            "3655 3661 3664 4114 4115 4121 4134 4135 4145 4151 4215 4222 4226 4245 4261 4265 4312 4316 4331 "
            "4345 4352 4353 4366 4415 4421 4424 4436 4445 4454 4521 4526 4531 4541 4544 4546 4553 4554 4561 "
            "4565 4612 4613 4644 4651 4661 5133 5143 5161 5232 5242 5243 5251 5256 5315 5324 5334 5362 5364 "
            "5423 5436 5443 5444 5451 5455 5456 5511 5523 5532 5533 5534 5553 5554 5564 5612 5623 5636 5665 "
            "5666 6113 6114 6115 6124 6142 6146 6156 6231 6232 6235 6252 6254 6255 6265 6313 6315 6323 6331 "
            "6346 6351 6355 6365 6422 6453 6521 6524 6532 6534 6541 6542 6545 6551 6556 6563 6564 6565 6612 "
            "6613 6633 6634 6646 6653 6662 6666"
        ).split()
    ),
]


@cache
def _entropy_sets() -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """(the cells the entropy strategy meets below its first guesses, arbitrary sets), seeded."""
    game = _classic()
    first = heuristic_guess(game, game.codes, "entropy")
    rng = random.Random(5)
    met: list[tuple[str, ...]] = []
    cells = [tuple(c) for reply, c in sorted(game.partition(first).items()) if reply != game.hit]
    while len(met) < 10:
        cell = rng.choice([c for c in cells if len(c) > 40])
        while len(cell) > 30:
            guess = heuristic_guess(game, cell, "entropy")
            parts = [
                tuple(c) for reply, c in sorted(game.partition(guess, cell).items()) if reply != game.hit
            ]
            cell = rng.choice([c for c in parts if len(c) >= 3] or parts)
        if len(cell) >= 3 and cell not in met:
            met.append(cell)
    arbitrary = [tuple(sorted(rng.sample(game.codes, rng.randint(2, 25)))) for _ in range(8)]
    return met, arbitrary


@cache
def _entropy(candidates: tuple[str, ...]) -> str:
    return heuristic_guess(_classic(), candidates, "entropy")


def _product(guess: str, candidates: tuple[str, ...]) -> int:
    """prod n_i^n_i over the cells of the guess's partition of the candidates (smaller: more entropy)."""
    return _entropy_key(_classic().partition_sizes(guess, candidates).values())


def _bits(guess: str, candidates: tuple[str, ...]) -> float:
    """The entropy of the guess's partition of the candidates, in bits (for messages only)."""
    sizes = _classic().partition_sizes(guess, candidates).values()
    total = len(candidates)
    return -sum(size / total * math.log2(size / total) for size in sizes)


def _entropy_judge(case: tuple, given: str) -> str | None:
    (candidates,) = case
    expected = _entropy(candidates)
    if given == expected:
        return None
    among = set(candidates)
    game = _classic()

    def described(guess: str) -> str:
        sizes = sorted(game.partition_sizes(guess, candidates).values(), reverse=True)
        role = "a candidate" if guess in among else "not a candidate"
        return f"{guess} (cells {'+'.join(map(str, sizes))}, {role})"

    if _product(given, candidates) > _product(expected, candidates):
        why = "its entropy is the larger"
        gap = _bits(expected, candidates) - _bits(given, candidates)
        if gap < 1e-3:
            why += (
                f", by only {gap:.1e} bits: a rounded or tolerant float comparison misses it, the integers "
                "n_i^n_i do not"
            )
    else:
        tie = "their entropies are exactly equal (the products of n_i^n_i are), so the tie rule decides: "
        if (given in among) == (expected in among):
            why = tie + "the lower code wins"
        else:
            why = tie + "a candidate wins (it may be the secret)"
    return (
        f"on {_the_candidates(candidates)} you guess {described(given)}; the entropy rule guesses "
        f"{described(expected)}: {why}."
    )


def _entropy_hidden(draw: random.Random) -> list[Stage]:
    """8 candidate sets: 4 random sets of 2 to 40 codes and 4 cells met after random guesses."""
    return _drawn_candidate_sets(draw, _entropy_judge, 4, 40, 4, 80)


@exercise(
    "mastermind-9",
    names="candidates",
    time_limit=15,
    without="puzzles.mastermind.heuristics",
    asks=(
        "entropy_guess(candidates): the entropy rule's guess with exact ties (the product of n_i^n_i), "
        "ties to a candidate, then to the lowest code"
    ),
    verifies=(
        f"{len(ENTROPY_TIES)} sets where the best guesses tie exactly and a floating-point sum ranks "
        f"them by rounding ({ENTROPY_TIES_APART} of them ties between different cell sizes, where a sum "
        f"in sorted order or math.fsum of the terms ranks them by rounding too), "
        f"{len(ENTROPY_NEAR_TIES)} sets where the best guess wins by less than 10^-3 bits, two of them by "
        "less than 4*10^-6 (a float rounded to 5 decimals or compared within 10^-5 takes another), "
        "10 cells the entropy strategy meets and "
        "8 arbitrary sets of 2 to 25 codes; a wrong guess is told both partitions, whether the entropies "
        "tie exactly, and which is a candidate; refuses answers that reach puzzles.mastermind.heuristics"
    ),
    hidden=_entropy_hidden,
)
def _entropy_guess() -> Plan:
    """entropy_guess(candidates) -> the entropy heuristic's guess (exact ties: possible, then lowest)."""
    met, arbitrary = _entropy_sets()
    small = f"{min(map(len, arbitrary))} to {max(map(len, arbitrary))} codes"
    return Plan(
        [
            _candidate_stage(ENTROPY_TIES, _entropy_judge, f"the {len(ENTROPY_TIES)} sets with exact ties"),
            _candidate_stage(
                ENTROPY_NEAR_TIES, _entropy_judge, f"the {len(ENTROPY_NEAR_TIES)} sets with near ties"
            ),
            _candidate_stage(met, _entropy_judge, f"the {len(met)} cells of the entropy strategy"),
            _candidate_stage(arbitrary, _entropy_judge, f"the {len(arbitrary)} arbitrary sets"),
        ],
        what="your guess",
        kind=_classic_code,
        build=lambda case: (_unsorted(case[0]),),
        passed=(
            f"your guess is the entropy rule's on {len(ENTROPY_TIES)} sets where the best guesses tie "
            f"exactly ({ENTROPY_TIES_APART} of them between different cell sizes; a floating-point sum, "
            f"in any order or by math.fsum, can break such ties by rounding), {len(ENTROPY_NEAR_TIES)} sets "
            "where it wins by less than 10^-3 bits, two of them by less than 4*10^-6 (an entropy rounded "
            "to 5 decimals or compared within 10^-5 misses it), "
            f"{len(met)} cells of the entropy "
            f"strategy and {len(arbitrary)} arbitrary sets of {small}."
        ),
    )


# -- 4. obviously-optimal guesses ------------------------------------------------------------------

SEPARABLE_FOURTEEN = 4  # sets of 14 codes (the most 4 pegs can separate) that a candidate separates
OUTSIDE_THIRTEEN = 3  # sets of 13 codes that only a code outside them separates
OBVIOUS_SECOND_GUESSES = 2  # second guesses after each of three first guesses: the cells they leave


def _separating(candidates: tuple[str, ...]) -> list[str]:
    """Every code (in order) whose partition of the candidates has one code in each cell."""
    game = _classic()
    if len(candidates) > len(game.feedbacks):
        return []
    counts = game.reply_counts(np.array(game.indices(candidates)))
    return [game.codes[i] for i in np.flatnonzero(counts.max(axis=0) == 1).tolist()]


@cache
def _obvious(candidates: tuple[str, ...]) -> str | None:
    """The lowest separating candidate, else the lowest separating code, else None."""
    found = _separating(candidates)
    inside = [code for code in found if code in set(candidates)]
    return (inside or found or [None])[0]


@cache
def _obvious_sets() -> list[tuple[str, ...]]:
    """Random sets, cells met in play, and separable sets of 13 and 14 codes found by a seeded search."""
    game = _classic()
    rng = random.Random(10)
    sets = [tuple(sorted(rng.sample(game.codes, size))) for size in (1, 2, 3, 4, 6, 9, 12, 15, 16)]
    # cells met in play, where separating guesses (inside or outside) are common
    for first in ("1123", "1122", "1234"):
        for second in rng.sample(game.codes, OBVIOUS_SECOND_GUESSES):
            for cell in game.partition(second, game.partition(first)[(0, 1)]).values():
                if 2 <= len(cell) <= 14:
                    sets.append(tuple(cell))
    # the largest separable sets: one code from each cell of a guess g; with g itself 14 codes,
    # which g separates from inside; without it 13 codes, kept when no candidate separates them
    fourteen, thirteen = [], []
    while len(fourteen) < SEPARABLE_FOURTEEN or len(thirteen) < OUTSIDE_THIRTEEN:
        guess = rng.choice(game.codes)
        cells = [cell for reply, cell in game.partition(guess).items() if reply != game.hit]
        if len(cells) < len(game.feedbacks) - 1:
            continue
        picked = tuple(sorted(rng.choice(cell) for cell in cells))
        if len(fourteen) < SEPARABLE_FOURTEEN:
            fourteen.append(tuple(sorted((*picked, guess))))
        elif _obvious(picked) is not None and _obvious(picked) not in picked:
            thirteen.append(picked)
    rest = [code for code in game.codes if code not in fourteen[0]]
    sets += fourteen + thirteen + [tuple(sorted((*fourteen[0], rng.choice(rest))))]
    sets += [tuple(sorted(rng.sample(game.codes, size))) for size in (14, 15, 18, 30)]
    sets += OUTSIDE_ONLY
    return list(dict.fromkeys(sets))


# Sets that only codes above every candidate separate (2156, 2414), or only codes with a colour
# none of the candidates holds (4345, 3415): a search that skips those codes finds none.
OUTSIDE_ONLY = [
    ("1113", "1242", "1352", "1411", "1562", "1616"),
    ("1231", "1316", "1411", "1444", "1554", "1663"),
    ("1232", "1312", "1344", "2434", "3341", "4343", "4414", "4423"),
    ("1141", "2134", "2212", "3112", "3124", "3133", "3421", "4222"),
]


def _obvious_kind(value: Any) -> str | None:
    """A code of the classic game, or None."""
    if value is None or _classic_code(value) is None:
        return None
    return "not a code of the classic game: a string such as '1122', or None, is asked"


def _together(guess: str, candidates: tuple[str, ...]) -> str:
    """``1122 and 1123 (both reply (1, 1))``: two candidates a guess leaves in one cell."""
    cells = _classic().partition(guess, candidates)
    reply, cell = next((reply, cell) for reply, cell in cells.items() if len(cell) > 1)
    return f"{cell[0]} and {cell[1]} (both reply {reply})"


def _obvious_judge(case: tuple, given: str | None) -> str | None:
    (candidates,) = case
    expected = _obvious(candidates)
    if len(candidates) == 1:
        if given == expected:
            return None
        (only,) = candidates
        return (
            f"with the single candidate {only} you answer {given}, but guessing {only} itself wins at once."
        )
    where = f"on {_the_candidates(candidates)}"
    if given is None:
        if expected is None:
            return None
        role = "the candidate" if expected in candidates else "the code"
        return f"{where} you answer None, but {role} {expected} splits them into single codes."
    if max(_classic().partition_sizes(given, candidates).values()) > 1:
        together = _together(given, candidates)
        if expected is None and len(candidates) > len(_classic().feedbacks):
            return (
                f"{where} you answer {given}, but no guess splits {len(candidates)} codes into single codes: "
                f"a guess has at most {len(_classic().feedbacks)} replies (and {given} leaves {together})."
            )
        return f"{where} your guess {given} does not split them into single codes: it leaves {together}."
    if expected in candidates and given not in candidates:
        return (
            f"{where} you answer {given}, which splits them into single codes, but so does the candidate "
            f"{expected}, which may win at once."
        )
    return None


def _obvious_hidden(draw: random.Random) -> list[Stage]:
    """14 candidate sets: 8 random sets of 1 to 16 codes and 6 cells met after random guesses."""
    codes = _classic().codes
    sets = [tuple(sorted(draw.sample(codes, draw.randint(1, 16)))) for _ in range(8)]
    sets += _cells_after(draw, 6, 14)
    return [
        hidden_stage([(s,) for s in dict.fromkeys(sets)], judge=_obvious_judge, label="sets the grader drew")
    ]


@exercise(
    "mastermind-4",
    names="candidates",
    time_limit=15,
    without=("puzzles.mastermind.heuristics", "puzzles.mastermind.search"),
    asks=(
        "obviously_optimal(candidates): a guess splitting the candidates into single codes, "
        "a candidate if possible, else None"
    ),
    verifies=(
        "random sets of 1 to 16 codes, the cells met after two guesses, separable sets of 14 codes (the most "
        "4 pegs can separate) and of 13 codes separated only from outside, found by a seeded search, and "
        "sets of 14 to 30 codes; refuses answers that reach the package's heuristics or search"
    ),
    hidden=_obvious_hidden,
)
def _obviously_optimal() -> Plan:
    """obviously_optimal(candidates) -> a separating guess (from the candidates if possible) or None."""
    sets = _obvious_sets()
    tally = Counter(
        "none" if _obvious(s) is None else "inside" if _obvious(s) in s else "outside" for s in sets
    )
    largest = sum(1 for s in sets if len(s) >= 13 and _obvious(s) is not None)
    return Plan(
        [
            _candidate_stage(sets, _obvious_judge, f"the {len(sets)} candidate sets"),
        ],
        what="your guess",
        kind=_obvious_kind,
        build=lambda case: (_unsorted(case[0]),),
        passed=(
            f"right on {len(sets)} candidate sets: {tally['inside']} separated by a candidate, "
            f"{tally['outside']} only from outside, {tally['none']} by no code ({largest} of the separable "
            "ones hold 13 or 14 codes)."
        ),
    )


# -- 5. reveal or determine -----------------------------------------------------------------------


def _dawdling(tree: list, game: Game, depth: int = 1) -> list:
    """A copy of a strategy's JSON tree that makes one useless guess before every guess of a code
    already determined.

    Below the root, a node that only its own guess reaches becomes a node guessing another code
    (the lowest code other than it) whose only reply leads to the old node: the secret was known
    before the extra guess, so the number of guesses to determine it does not change.
    """
    guess, replies = tree
    if not replies and depth > 1:
        other = game.codes[0] if guess != game.codes[0] else game.codes[-1]
        black, white = game.feedback(other, guess)
        return [other, {f"{black},{white}": [guess, {}]}]
    return [guess, {reply: _dawdling(child, game, depth + 1) for reply, child in replies.items()}]


def _as_case(strategy: Strategy, name: str | None = None) -> tuple[dict]:
    """A strategy as plain data: its name, game and JSON tree."""
    data = strategy.to_json()
    return (
        {
            "name": name or strategy.name,
            "pegs": data["pegs"],
            "colours": data["colours"],
            "tree": data["tree"],
        },
    )


DETERMINE_SMALL_GAMES = [(1, 1), (1, 5), (2, 2), (3, 3), (2, 6), (4, 3), (3, 5)]


@cache
def _determine_cases() -> list[tuple[dict]]:
    """Strategies of eight games as plain data: heuristic and optimal ones, and some that dawdle.

    For 4x6 Knuth's strategy and the two optimal strategies the pack ships (read, not searched:
    the other heuristics of 4x6 take seconds to build and add no kind of tree).
    """
    classic = _classic()
    cases = [_as_case(heuristic_strategy(classic, "worst-case"))]
    for cap in (None, 5):
        cases.append(
            _as_case(build_data.load_optimal(cap), "optimal" + ("" if cap is None else f", at most {cap}"))
        )
    for pegs, colours in DETERMINE_SMALL_GAMES:
        game = _game(pegs, colours)
        cases += [_as_case(heuristic_strategy(game, h)) for h in HEURISTICS]
        cases.append(_as_case(OptimalSearch(game).strategy(), "optimal"))
    for (data,) in [cases[0], cases[1], *cases[-6:]]:
        game = _game(data["pegs"], data["colours"])
        cases.append(({**data, "name": data["name"] + ", dawdling", "tree": _dawdling(data["tree"], game)},))
    return cases


def _strategy(data: dict) -> Strategy:
    return Strategy.from_json(data)


_TOTALS: dict[tuple[str, int, int], tuple[int, int]] = {}


def _totals(data: dict) -> tuple[int, int]:
    """(guesses to determine, guesses to reveal) every secret of a strategy given as plain data."""
    key = (data["name"], data["pegs"], data["colours"])  # unique among the cases (a test says so)
    if key not in _TOTALS:
        strategy = _strategy(data)
        _TOTALS[key] = (
            evaluate_determined(strategy.game, strategy).total,
            evaluate(strategy.game, strategy).total,
        )
    return _TOTALS[key]


def _determine_judge(case: tuple, given: int) -> str | None:
    (data,) = case
    determined, revealed = _totals(data)
    if given == determined:
        return None
    first = data["tree"][0]
    game = _game_words(data["pegs"], data["colours"])
    where = f"for the strategy {data['name']!r} of {game} (first guess {first})"
    if given == revealed:
        return (
            f"{where} your total, {given}, is the total to reveal its secrets: a secret that is the only "
            "code left at a node is determined before that node's guess, not by it."
        )
    dawdles = (
        " This strategy goes on guessing after a secret is known: before it guesses a code already "
        "determined it makes a useless guess, so a secret can be determined two or more guesses before "
        "it is revealed."
        if data["name"].endswith(", dawdling")
        else ""
    )
    if (data["pegs"], data["colours"]) == (4, 6):  # the lesson's own game: its total is the answer
        return (
            f"{where} your total is {given}, not the number of guesses that determine its secrets (they are "
            f"revealed after {revealed}).{dawdles} Try your function on a small game first, such as "
            "heuristic_strategy(Game(2, 2), 'worst-case'), whose totals you can count by hand."
        )
    return (
        f"{where} your total is {given}; its secrets are determined after {determined} guesses in all "
        f"(and revealed after {revealed}).{dawdles}"
    )


HIDDEN_STRATEGY_GAMES = [(1, 3), (1, 7), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2), (2, 5)]


def _determine_hidden(draw: random.Random) -> list[Stage]:
    """Strategies of games the public cases do not hold: a heuristic strategy of each of three
    games drawn, one with a first guess drawn too, and one of them made to dawdle."""
    cases = []
    for pegs, colours in draw.sample(HIDDEN_STRATEGY_GAMES, 3):
        game = _game(pegs, colours)
        heuristic = draw.choice(HEURISTICS)
        first = draw.choice(game.codes)
        strategy = heuristic_strategy(game, heuristic, first_guess=first)
        cases.append(_as_case(strategy, f"{heuristic}, from {first}"))
    for (data,) in draw.sample(
        cases, len(cases)
    ):  # one that can dawdle (a 1-peg game may have to guess again)
        game = _game(data["pegs"], data["colours"])
        dawdling = {**data, "name": data["name"] + ", dawdling", "tree": _dawdling(data["tree"], game)}
        try:
            _totals(dawdling)
        except ValueError:
            continue
        cases.append((dawdling,))
        break
    return [hidden_stage(cases, judge=_determine_judge, label="strategies the grader drew")]


@exercise(
    "mastermind-5",
    names="strategy",
    time_limit=10,
    without="puzzles.mastermind.strategy",
    asks="determine_total(strategy): the guesses a strategy needs to determine (not reveal) every secret",
    verifies=(
        "Knuth's strategy and the two shipped optimal strategies of 4x6, the four heuristic strategies and "
        "an optimal one of seven smaller games (1x1 to 4x3), and eight strategies that waste guesses; the "
        "answer reads the tree (game, root, guess, replies) while puzzles.mastermind.strategy is closed"
    ),
    hidden=_determine_hidden,
)
def _determine_total() -> Plan:
    """determine_total(strategy) -> the sum over secrets of the guesses made until one code is left."""
    cases = _determine_cases()
    dawdling = sum(1 for (data,) in cases if data["name"].endswith("dawdling"))
    return Plan(
        [
            Stage(
                cases,
                judge=_determine_judge,
                label=f"the {len(cases)} strategies",
                smallest=False,
            )
        ],
        what="your total",
        kind=whole,
        build=lambda case: (_strategy(case[0]),),
        passed=(
            f"right on all {len(cases)} strategies: Knuth's and the two optimal strategies of 4x6, the "
            f"four heuristics and an optimal strategy of seven smaller games, and {dawdling} strategies "
            "that waste guesses."
        ),
    )


# -- 6. the capped recursion -----------------------------------------------------------------------
#
# The cap seldom changes the least total (in about 2 sets in 100 of 4x2, fewer elsewhere), so the
# sets were found by a seeded search (``find_capped_sets`` in tests/mastermind/test_exercises.py,
# which checks that it finds these again): 12 sets of 5 to 9 codes of 4x2 and one of 11 codes
# of 2x5 whose tightest cap raises the least total, six sets of 3 to 8 codes of each game where
# no cap does, and all the codes of 4x2 and 2x4. Searching takes seconds, so the sets are written
# here, each as ``mask:tightest-free``: the bits of ``mask`` are the indices of its codes in
# ``game.codes``, ``tightest`` is the tightest feasible cap and ``free`` the first cap at which the
# least total is T(S). The tests confirm every line with the bare recursion.

CAPPED_SETS: dict[tuple[int, int], str] = {
    (4, 2): """
        c976:3-4 6b98:3-4 f883:3-4 6dc5:3-4 d117:3-4 6d90:3-4 b9e:3-4 e998:3-4 e990:3-4 51f6:3-4
        a95e:3-4 819f:3-4 11d9:3-3 10f6:3-3 860b:3-3 eb08:3-3 a58:2-2 e50a:2-2 ffff:4-4
    """,
    (2, 5): """
        4931b5:3-4 28000e:3-3 401102:3-3 201001:2-2 806586:3-3 102c2e:3-3 501000:2-2
    """,
    (3, 3): """
        18410:2-2 3d0c100:3-3 1400004:2-2 415008c:2-2 534908:3-3 480640:2-2
    """,
    (2, 4): """
        2401:2-2 8050:2-2 10f4:3-3 5315:3-3 f882:3-3 31a:3-3 ffff:4-4
    """,
}
LOOSER_CAP_CODES = 7  # sets of at most this many codes are tried with one cap more than costs nothing

# In the sets above the cap binds at the first guess only: below it, the cells' least totals within
# the guesses left are their least totals without a cap. (Within two guesses left a cell never costs
# more than without a cap: a cell finished in two guesses needs a guess that splits it into single
# codes, and a total below that needs such a guess among the candidates.) The set below, found by a
# seeded search over random sets of 2x7 with the cap 4 and shrunk code by code, is one where the cap
# binds below the first guess: every first guess that leaves cells finishable within the 3 guesses
# left gives, with those cells at their least totals without a cap, 33 at best, and the least total
# within the cap is 34. The tests confirm both with the bare recursion.
CAPPED_BELOW_THE_FIRST_GUESS: tuple[tuple[int, int], tuple[str, ...], int] = (
    (2, 7),
    tuple("16 21 22 25 33 34 41 45 54 66 75 77".split()),
    4,
)


def _members(pegs: int, colours: int, mask: int) -> tuple[str, ...]:
    """The codes whose indices are the bits of ``mask``, in order."""
    return tuple(code for index, code in enumerate(_game(pegs, colours).codes) if mask >> index & 1)


# Written by hand: the doubles 11, 22, 33, ... of 2x4 and 2x5. A guess inside them only tells
# itself from the rest, one outside (12) splits them in two: the least total, and any total
# within the tightest cap, needs that outside guess with two cells and no win.
CAPPED_DOUBLES: dict[tuple[int, int], str] = {(2, 4): "8421:3-3", (2, 5): "1041041:4-4"}


def _capped_sets() -> list[tuple[tuple[int, int], int, int, int]]:
    """CAPPED_SETS and CAPPED_DOUBLES read: ((pegs, colours), mask, tightest cap, first cap that
    costs nothing)."""
    found = []
    for game, text in [*CAPPED_SETS.items(), *CAPPED_DOUBLES.items()]:
        for item in text.split():
            mask, caps = item.split(":")
            tightest, free = caps.split("-")
            found.append((game, int(mask, 16), int(tightest), int(free)))
    return found


@cache
def _capped_cases() -> list[tuple[tuple[int, int], tuple[str, ...], int]]:
    """((pegs, colours), candidates, d) for every feasible cap d up to the first that costs nothing (one
    more for small sets), the smallest sets first."""
    cases = []
    for (pegs, colours), mask, tightest, free in _capped_sets():
        candidates = _members(pegs, colours, mask)
        last = free + 1 if len(candidates) <= LOOSER_CAP_CODES else free
        cases += [((pegs, colours), candidates, d) for d in range(tightest, last + 1)]
    cases.sort(key=lambda case: (len(case[1]), case[0][1] ** case[0][0], case[0], case[1], case[2]))
    return cases


@cache
def _search(pegs: int, colours: int, cap: int | None) -> OptimalSearch:
    return OptimalSearch(_game(pegs, colours), cap)


def _total_kind(value: Any) -> str | None:
    """An integer; a float (not nan) is judged with its case, which tells an average from a total."""
    if isinstance(value, float) and not math.isnan(value):
        return None
    return whole(value)


def _within_by_candidates(game: Game, cell: tuple[str, ...], left: int) -> bool:
    """Whether some strategy that guesses only codes still possible reveals every code of the cell
    within ``left`` guesses (the cells the check asks are small: at most 11 codes)."""
    if len(cell) == 1:
        return left >= 1
    if left <= 1:
        return False
    return any(
        all(
            _within_by_candidates(game, tuple(part), left - 1)
            for reply, part in game.partition(guess, cell).items()
            if reply != game.hit
        )
        for guess in cell
    )


def _capped_float(
    game: Game, where: str, candidates: tuple[str, ...], given: float, expected: int, d: int
) -> str:
    """The verdict on a float total: no strategy found, an average, or a float for an integer.

    An infinite total says only that no strategy was found; the verdict names the causes that would
    give it on this case (a cap counted one guess short, guesses kept among the candidates), adds
    that a memo keyed on part of the state can return another set's inf, and blames none, since it
    cannot see which one the code has."""
    if math.isinf(given):
        causes = []
        one_short = d
        one_short -= 1  # the cap one guess short
        if d == 1 or _search(game.pegs, game.colours, one_short).value(candidates) >= INFEASIBLE:
            causes.append(
                f"a cap counted one guess short: within {one_short} guesses (one fewer than the cap) no "
                "strategy exists, so a recursion that runs out of guesses one guess early (a check "
                "such as left <= 1 where left == 0 is meant, or the cap lowered by one at the start) "
                "finds none"
            )
        if not _within_by_candidates(game, candidates, d):
            causes.append(
                "guesses kept among the candidates: no strategy that guesses only codes still possible "
                "stays within the cap, so the guesses must range over every code of the game"
            )
        if causes:
            listed = "; or ".join(causes)
            found = f" Two faults give inf here, and the check cannot tell which is yours: {listed}."
            if len(causes) == 1:
                found = f" One fault that gives inf here: {listed}."
        else:
            found = ""
        found += (
            " A memo keyed on part of the state (the set's size rather than its codes, or the set without "
            "the guesses left) can also return the inf of another set or of fewer guesses left."
        )
        return (
            f"{where} your total is {given}, an infinite float: a finite integer is asked, and a strategy "
            f"within the cap exists (its least total is {expected}), so your computation found none where "
            f"one exists.{found}"
        )
    if given * len(candidates) == expected:
        return (
            f"{where} your total is {given}, a float, and {given} x {len(candidates)} candidates = "
            f"{expected}, the least total: your answer is an average over the candidates, where the total "
            "(an integer) is asked."
        )
    return f"{where} your total is {given}, a float: an exact integer total is asked (integer arithmetic)."


def _cap_at_the_first_guess_only(pegs: int, colours: int, candidates: tuple[str, ...], d: int) -> float:
    """The least of |S| + sum of the cells' least totals *without* a cap, over the first guesses whose
    cells can each be finished within the guesses left after them: the cap kept at the first guess
    only."""
    game = _game(pegs, colours)
    after = d
    after -= 1  # the guesses the cells of the first guess have left
    within, free = _search(pegs, colours, after), _search(pegs, colours, None)
    best: float = math.inf
    for first in game.codes:
        split = game.partition(first, candidates)
        if game.hit not in split and len(split) < 2:  # all in one cell, the guess tells nothing
            continue
        rest = [tuple(codes) for answer, codes in split.items() if answer != game.hit]
        if all(within.value(codes) < INFEASIBLE for codes in rest):
            best = min(best, len(candidates) + sum(free.value(codes) for codes in rest))
    return best


def _capped_judge(case: tuple, given: int | float) -> str | None:
    (pegs, colours), candidates, d = case
    expected = _search(pegs, colours, d).value(candidates)
    if expected >= INFEASIBLE:
        raise PackFault(f"the check's case {case!r} has no strategy within its cap")
    where = f"in the game {pegs}x{colours} with {_the_candidates(candidates)} and at most d = {d} guesses"
    if isinstance(given, float):
        return _capped_float(_game(pegs, colours), where, candidates, given, expected, d)
    if given == expected:
        return None
    free = _search(pegs, colours, None).value(candidates)
    if (pegs, colours) == (4, 3) and given == _search(4, 2, d).value(candidates):
        return (
            f"{where} your total is {given}, but the least total is {expected}: {given} is this set's least "
            "total in 4x2, asked before. A memo kept between calls is keyed on the game as well as the "
            "set and the cap (a third colour gives better guesses)."
        )
    if free == expected:
        return (
            f"{where} your total is {given}, but the least total is {expected} (here the cap costs nothing)."
        )
    after = d
    after -= 1  # the guesses left after the first
    if after >= 1 and given == _cap_at_the_first_guess_only(pegs, colours, candidates, d):
        return (
            f"{where} your total is {given}, but the least total is {expected}: {given} is what the first "
            f"guesses whose cells can each be finished within the {after} guesses left after them give "
            "when every cell is then solved at its least total without the cap. Here the cap binds below "
            "the first guess: each cell must be solved within the guesses it has left, which costs some "
            "cell more than its least total without the cap."
        )
    looser = _search(pegs, colours, d + 1).value(candidates)
    if given == looser:  # a cap off by one (or a singleton worth 1 with no guess left), or no cap
        also = "and without any cap" if looser == free else f"({free} without any cap)"
        return (
            f"{where} your total is {given}, but the least total is {expected}: {given} is the least total "
            f"when a secret may take d + 1 = {d + 1} guesses {also}, so your answer lets some secret take "
            f"more than d = {d} guesses."
        )
    if given == free:
        return (
            f"{where} your total is {given}, but the least total is {expected}: {given} is the least total "
            f"without any cap ({looser} within d + 1 = {d + 1} guesses), so your answer lets some secret "
            f"take more than d + 1 guesses."
        )
    return f"{where} your total is {given}, but the least total is {expected} ({free} without the cap)."


HIDDEN_CAPPED_GAMES = [(2, 3), (3, 2), (2, 4), (3, 3), (2, 5)]


@cache
def _asked_again() -> list[tuple[tuple[int, int], tuple[str, ...], int]]:
    """The public 4x2 cases of at most 9 codes and a cap of at most 4 whose least total is another in
    4x3 (a third colour gives better guesses), asked again in 4x3."""
    again = [case for case in _capped_cases() if case[0] == (4, 2) and len(case[1]) <= 9 and case[2] <= 4]
    return [
        ((4, 3), candidates, d)
        for _, candidates, d in again
        if _search(4, 2, d).value(candidates) != _search(4, 3, d).value(candidates)
    ]


AGAIN_PUBLIC = 3  # of those, the notebook's check asks the first few; the grader draws among the rest


def _capped_hidden(draw: random.Random) -> list[Stage]:
    """Cases drawn for grading, after the public ones: 3 more sets of the public 4x2 cases asked
    again in 4x3, and 4 random sets of 3 to 7 codes of small games, each with its tightest cap and
    one more."""
    again = _asked_again()[AGAIN_PUBLIC:]
    cases = list(draw.sample(again, min(3, len(again))))
    for _ in range(4):
        pegs, colours = draw.choice(HIDDEN_CAPPED_GAMES)
        candidates = tuple(sorted(draw.sample(_game(pegs, colours).codes, draw.randint(3, 7))))
        tightest = next(
            d
            for d in range(1, len(candidates) + 1)
            if _search(pegs, colours, d).value(candidates) < INFEASIBLE
        )
        cases += [((pegs, colours), candidates, d) for d in (tightest, tightest + 1)]
    return [hidden_stage(cases, judge=_capped_judge, label="cases the grader drew")]


@exercise(
    "mastermind-6",
    names="game, candidates, d",
    time_limit=15,
    without="puzzles.mastermind.search",
    asks="capped_total(game, candidates, d): the least total of guesses when no secret may need more than d",
    verifies=(
        "all codes of 4x2 and 2x4 and 37 sets of 3 to 11 codes of 4x2, 2x5, 3x3 and 2x4, each with every cap "
        "from the least feasible one to the first that costs nothing (one more for sets of at most 7 codes); "
        "13 of the sets, found by a seeded search, cost more under their tightest cap; and the doubles (11, "
        "22, ...) of 2x4 and 2x5, which need a guess outside them; a set of 12 codes of 2x7 with the cap 4, "
        "which binds below the first guess; then three of the 4x2 sets asked again in "
        "4x3, where their least total is lower; refuses answers that reach puzzles.mastermind.search"
    ),
    hidden=_capped_hidden,
)
def _capped_total() -> Plan:
    """capped_total(game, candidates, d) -> T_d(S), checked where a strategy within d guesses exists."""
    cases = _capped_cases()
    again = _asked_again()[:AGAIN_PUBLIC]
    sets = len(_capped_sets())
    binding = sum(1 for _, _, tightest, free in _capped_sets() if tightest < free)
    return Plan(
        [
            Stage(cases, judge=_capped_judge, label=f"the {len(cases)} cases", smallest=False),
            Stage(
                [CAPPED_BELOW_THE_FIRST_GUESS],
                judge=_capped_judge,
                label="a set of 12 codes of 2x7 with the cap 4",
                smallest=False,
                far="a set of 2x7 where the cap binds below the first guess",
            ),
            Stage(
                again,
                judge=_capped_judge,
                label=f"{len(again)} sets of 4x2 asked again in 4x3",
                smallest=False,
                far="a set of 4x2 asked again in 4x3 (a memo kept between calls must hold the game)",
            ),
        ],
        what="your total",
        kind=_total_kind,
        build=lambda case: (_game(*case[0]), list(case[1]), case[2]),
        passed=(
            f"right on {len(cases) + 1 + len(again)} (game, candidates, cap) cases: {sets} sets of 4x2, 2x5, "
            f"3x3 and 2x4, each with every cap from the tightest up, {binding} of them with a cap that "
            "raises the least total, the doubles of 2x4 and 2x5, which need a guess outside them, a set "
            "of 2x7 where the cap 4 binds below the first guess, and "
            f"{len(again)} sets of 4x2 asked again in 4x3, where a third colour lowers the least total."
        ),
    )


# -- 7. a lower bound on the total ------------------------------------------------------------------


def _shipped_optima() -> dict[tuple[int, int], int]:
    """The optimal totals of the shipped small-games table.

    Read at every check (not cached), so that a file damaged or restored while the kernel runs
    is seen: ``load_small_games`` checks it against the manifest and against what it claims (a
    row per game, consistent, the smallest games searched again); a missing or damaged file is
    a ``DataFault`` naming the file and the command that rebuilds it.
    """
    data = build_data.load_small_games()
    return {(row["pegs"], row["colours"]): row["optimal total"] for row in data["games"]}


def _tree_bound(codes: int, branches: int) -> int:
    """The least conceivable total of ``codes`` candidates with ``branches`` non-winning replies
    a guess: the package's tree bound (``tree_lower_bound`` without its checks, and without its
    cut to infinity at the search's largest total, which games of 15**40 codes pass)."""
    return _tree_lower_bound(codes, branches, None)


def _total_lower_bound(pegs: int, colours: int) -> int:
    return _tree_bound(colours**pegs, _replies_in_game(pegs, colours) - 1)


BOUND_PEGS, BOUND_COLOURS = 40, 15


def _bound_hidden(draw: random.Random) -> list[Stage]:
    """12 games drawn beyond the public grid: up to 80 pegs and 40 colours (1 and 2 colours among them)."""
    games = {(draw.randint(BOUND_PEGS + 1, 80), draw.choice((1, 2, 3))) for _ in range(4)}
    games |= {(draw.randint(1, 80), draw.randint(BOUND_COLOURS + 1, 40)) for _ in range(8)}
    return [
        hidden_stage(
            sorted(games),
            reference=_total_lower_bound,
            label="games the grader drew",
            evidence="the tree-counting bound",
        )
    ]


def _below_the_optimum(case: tuple, given: int) -> str | None:
    """A shipped game: the bound may not exceed the exhaustive optimum, and is the tree bound."""
    pegs, colours = case
    optimum = _shipped_optima()[pegs, colours]
    bound = _total_lower_bound(pegs, colours)
    where = f"for {_game_words(pegs, colours)}"
    if given > optimum:
        return (
            f"{where} your bound {given} exceeds the optimal total {optimum} found by exhaustive search, "
            f"so it is not a lower bound (the tree-counting bound is {bound})."
        )
    if given != bound:
        return (
            f"{where} your bound is {given}, but the tree-counting bound is {bound} (the exhaustive "
            f"optimum is {optimum})."
        )
    return None


@exercise(
    "mastermind-7",
    names="pegs, colours",
    time_limit=5,
    without="puzzles.mastermind",
    asks=(
        "total_lower_bound(pegs, colours): the tree-counting lower bound on a whole game's optimal total, "
        "with the replies that really occur, without the package"
    ),
    verifies=(
        "the 15 shipped games first (never above their exhaustive optimum, file verified), then every game "
        f"with 1 to {BOUND_PEGS} pegs and 1 to {BOUND_COLOURS} colours (up to 15**40 codes: levels, not "
        "codes); refuses answers that reach puzzles.mastermind"
    ),
    hidden=_bound_hidden,
)
def _lower_bound() -> Plan:
    """total_lower_bound(pegs, colours) -> the tree bound for all c^p codes with R(p, c) - 1 branches."""
    shipped = sorted(build_data.SMALL_GAMES)
    grid = [(p, c) for p in range(1, BOUND_PEGS + 1) for c in range(1, BOUND_COLOURS + 1)]
    return Plan(
        [
            Stage(shipped, judge=_below_the_optimum, label=f"the {len(shipped)} shipped games"),
            Stage(
                grid,
                reference=_total_lower_bound,
                label=f"every game with 1 to {BOUND_PEGS} pegs and 1 to {BOUND_COLOURS} colours",
                evidence="the tree-counting bound",
                smallest=False,
            ),
        ],
        what="your bound",
        kind=whole,
        passed=(
            f"your bound is the tree-counting bound for every game with 1 to {BOUND_PEGS} pegs and 1 to "
            f"{BOUND_COLOURS} colours (a loop over codes could not reach 15**40 of them), and it stays at or "
            f"below the exhaustive optimum of all {len(shipped)} shipped games."
        ),
    )
