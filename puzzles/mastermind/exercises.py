"""Checks for the Mastermind unit's exercises ("mastermind-1" .. "mastermind-7").

Lesson I: the feedback of a guess (1) and the number of replies a game with p pegs and c
colours can give (2). Lesson II: Knuth's guess (3), the obviously-optimal guess (4), and the
number of guesses a strategy needs to *determine* rather than reveal the secrets (5).
Lesson III: the least total under a cap on the number of guesses (6) and the tree-counting
lower bound on a whole game's total (7).

Every check compares the student's answer with independent evidence: a feedback written here
without the package's table, closed forms that the tests confirm by enumeration, the package's
heuristics, strategy evaluation and branch-and-bound search on many candidate sets and caps,
and the shipped table of small games (verified before it is used). The tests in
``tests/mastermind/test_exercises.py`` recompute the references by brute force.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

from puzzles.course.checker import PackFault, counterexample_place, exercise, first_disagreement, whole
from puzzles.mastermind import build_data
from puzzles.mastermind.heuristics import HEURISTICS, _obvious, heuristic_guess, heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.search import INFEASIBLE, OptimalSearch
from puzzles.mastermind.strategy import Node, Strategy, evaluate_determined

__all__: list[str] = []


def _shown(value, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _codes(candidates) -> str:
    codes = list(candidates)
    return ", ".join(codes[:6]) + (f", ... ({len(codes)} codes)" if len(codes) > 6 else "")


def _disagreement(found, names: str, noun: str = "the right value") -> tuple[bool, str]:
    case, given, expected = found
    return False, (
        f"counterexample at {counterexample_place(case, names)}: your answer gives {_shown(given)}, "
        f"{noun} is {_shown(expected)}."
    )


# -- 1. feedback --------------------------------------------------------------------------------


def _reference_feedback(guess: str, secret: str) -> tuple[int, int]:
    """(black, white) by multiset intersection: an algorithm other than the package's."""
    black = sum(1 for a, b in zip(guess, secret, strict=True) if a == b)
    common = sum((Counter(guess) & Counter(secret)).values())
    return black, common - black


def _pair_of_whole(value) -> str | None:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return f"{_shown(value)} is not a pair; return (black, white)"
    for part in value:
        if (problem := whole(part)) is not None:
            return f"in the pair {_shown(value)}, {problem}"
    return None


@cache
def _feedback_cases() -> list[tuple[str, str]]:
    small = Game(3, 4).codes
    cases = [(g, s) for g in small for s in small]
    rng = random.Random(2024)
    classic = Game(4, 6).codes
    cases += [(rng.choice(classic), rng.choice(classic)) for _ in range(3000)]
    for pegs, colours in [(1, 2), (1, 9), (2, 9), (5, 3), (6, 9), (8, 2), (8, 5), (12, 7)]:
        for _ in range(250):
            guess = "".join(rng.choice("123456789"[:colours]) for _ in range(pegs))
            secret = "".join(rng.choice("123456789"[:colours]) for _ in range(pegs))
            cases.append((guess, secret))
    return cases


@exercise(
    "mastermind-1",
    names="guess, secret",
    without="puzzles.mastermind",
    prepare=_feedback_cases,
    asks="feedback(guess, secret): the pair (black, white) for two codes of any length, without the package",
    verifies=(
        "all 4096 pairs of 3x4 codes, 3000 random 4x6 pairs and 2000 random pairs of 1 to 12 pegs "
        "with up to 9 colours; the answer must be a pair of integers"
    ),
    giveaways=("shared - black",),
)
def _feedback(answer) -> tuple[bool, str]:
    """feedback(guess, secret) -> (black, white) for digit strings of any length."""
    found = first_disagreement(
        answer,
        _reference_feedback,
        _feedback_cases(),
        same=lambda given, expected: tuple(given) == expected,
        kind=_pair_of_whole,
    )
    if found is not None:
        return _disagreement(found, "guess, secret", "the right score")
    return True, (
        "your feedback is right on all 4096 pairs of 3x4 codes, 3000 random pairs of 4x6 codes and "
        "2000 random pairs of codes with 1 to 12 pegs and up to 9 colours."
    )


# -- 2. replies that occur ------------------------------------------------------------------------


def _replies_in_game(pegs: int, colours: int) -> int:
    """The replies (b, w) that occur with p pegs and c colours.

    One colour: only the win. Two colours: on the pegs that are not black the guess and the
    secret swap colours, so w = 2 min(u, v) is even; for each b the even w <= p - b count,
    floor((p + 2)^2 / 4) in all. Three colours or more: every pair except (p - 1, 1).
    """
    if colours == 1:
        return 1
    if colours == 2:
        return (pegs + 2) ** 2 // 4
    return pegs * (pegs + 3) // 2


_REPLY_RANGE = [(pegs, colours) for pegs in range(1, 41) for colours in range(1, 16)]


@exercise(
    "mastermind-2",
    names="pegs, colours",
    asks="replies_in_game(pegs, colours): how many replies (b, w) occur in a game, for any pegs and colours",
    verifies=(
        "every game with 1 to 40 pegs and 1 to 15 colours (far beyond enumeration); "
        "the answer must be an integer"
    ),
    giveaways=("(p + 2) ** 2 // 4", "(pegs + 2) ** 2 // 4", "(p+2)**2//4"),
)
def _number_of_replies(answer) -> tuple[bool, str]:
    """replies_in_game(pegs, colours) -> the number of replies that occur in that game."""
    found = first_disagreement(answer, _replies_in_game, _REPLY_RANGE, kind=whole)
    if found is not None:
        return _disagreement(found, "pegs, colours", "the number of replies that occur")
    return True, (
        "your count is right for every game with 1 to 40 pegs and 1 to 15 colours (one colour, "
        "two colours and three or more all behave differently)."
    )


# -- 3. Knuth's guess ------------------------------------------------------------------------------


@cache
def _knuth_cases() -> list[tuple[tuple[str, ...], str]]:
    """(candidates, Knuth's guess): large sets his tree meets, smaller ones, and arbitrary sets.

    The large sets are the six largest below the three cells of 256 codes (208 down to 44 codes):
    all 1296 codes (whose answer, 1122, the lesson prints) and the 256-code cells would only
    repeat the same test at several times the cost.
    """
    game = Game(4, 6)
    knuth = heuristic_strategy(game, "worst-case")
    met: list[tuple[str, ...]] = []

    def collect(node: Node, candidates: list[str]) -> None:
        if len(candidates) > 1:
            met.append(tuple(candidates))
        for reply, cell in game.partition(node.guess, candidates).items():
            if reply in node.replies:
                collect(node.replies[reply], cell)

    collect(knuth.root, list(game.codes))
    met.sort(key=lambda s: (-len(s), s))
    rng = random.Random(3)
    middle = [s for s in met if 3 <= len(s) <= 40]
    sets = met[4:10] + rng.sample(middle, 12)
    sets += [tuple(sorted(rng.sample(game.codes, rng.randint(2, 25)))) for _ in range(14)]
    return [(s, heuristic_guess(game, s, "worst-case")) for s in sets]


@exercise(
    "mastermind-3",
    names="candidates",
    time_limit=10,
    without="puzzles.mastermind.heuristics",
    prepare=_knuth_cases,
    asks="knuth_guess(candidates): Knuth's worst-case guess, ties to a candidate, then to the lowest code",
    verifies=(
        "6 large candidate sets Knuth's strategy meets (44 to 208 codes), 12 smaller ones from its tree "
        "and 14 arbitrary sets of 2 to 25 codes"
    ),
    giveaways=(),
)
def _knuth_guess(answer) -> tuple[bool, str]:
    """knuth_guess(candidates) -> the worst-case heuristic's guess (ties: possible, then lowest)."""
    codes = set(Game(4, 6).codes)
    for candidates, expected in _knuth_cases():
        given = answer(list(candidates))
        if not isinstance(given, str) or given not in codes:
            return False, (
                f"on the candidates {_codes(candidates)} your answer is {_shown(given)}; "
                "a code of the classic game such as '1122' is asked."
            )
        if given != expected:
            return False, (
                f"on the {len(candidates)} candidates {_codes(candidates)} you guess {given}, "
                f"Knuth's rule guesses {expected}."
            )
    return True, (
        "your guess is Knuth's on 6 large candidate sets his strategy meets (44 to 208 codes), 12 smaller "
        "ones and 14 arbitrary sets of 2 to 25 codes."
    )


# -- 4. obviously-optimal guesses ------------------------------------------------------------------


@cache
def _obvious_cases() -> list[tuple[tuple[str, ...], str | None]]:
    """(candidates, the lowest separating candidate or code or None): random sets and real cells."""
    game = Game(4, 6)
    rng = random.Random(7)
    sets = [tuple(sorted(rng.sample(game.codes, 1 + trial % 16))) for trial in range(40)]
    # cells met in play, where separating guesses (inside or outside) are common
    for first in ("1123", "1122", "1234"):
        for second in rng.sample(game.codes, 6):
            for cell in game.partition(second, game.partition(first)[(0, 1)]).values():
                if 2 <= len(cell) <= 14:
                    sets.append(tuple(cell))
    sets += [tuple(sorted(rng.sample(game.codes, size))) for size in (15, 18, 30)]
    cases = []
    for candidates in dict.fromkeys(sets):
        found = _obvious(game, game._candidate_indices(candidates))
        cases.append((candidates, None if found is None else game.code(found)))
    return cases


@exercise(
    "mastermind-4",
    names="candidates",
    time_limit=15,
    without="puzzles.mastermind.heuristics",
    prepare=_obvious_cases,
    asks=(
        "obviously_optimal(candidates): a guess splitting the candidates into single codes, "
        "a candidate if possible, else None"
    ),
    verifies=(
        "110 candidate sets: 40 random sets of 1 to 16 codes, the cells met after two guesses (17 separated "
        "only from outside, 55 by no code) and sets of 15, 18 and 30 codes"
    ),
    giveaways=(),
)
def _obviously_optimal(answer) -> tuple[bool, str]:
    """obviously_optimal(candidates) -> a separating guess (from the candidates if possible) or None."""
    game = Game(4, 6)
    tally = Counter()
    for candidates, expected in _obvious_cases():
        given = answer(list(candidates))
        if expected is None:
            if given is not None:
                return False, f"no guess separates {_codes(candidates)}, but you answered {_shown(given)}."
            tally["none"] += 1
            continue
        if not isinstance(given, str) or given not in game.codes:
            return False, (
                f"{expected} separates {_codes(candidates)}, but you answered {_shown(given)} "
                "(a code such as '1122' is asked)."
            )
        sizes = game.partition_sizes(given, candidates).values()
        if max(sizes) != 1:
            return False, f"your guess {given} does not split {_codes(candidates)} into single codes."
        if expected in candidates and given not in candidates:
            return False, (
                f"{given} separates {_codes(candidates)}, but so does the candidate {expected}, which "
                "may win at once."
            )
        tally["inside" if given in candidates else "outside"] += 1
    return True, (
        f"right on {sum(tally.values())} candidate sets: {tally['inside']} separated by a candidate, "
        f"{tally['outside']} only from outside, {tally['none']} by no code."
    )


# -- 5. reveal or determine -----------------------------------------------------------------------


def _dawdling(strategy: Strategy) -> Strategy:
    """A copy that makes one useless guess before every guess of a code already determined.

    Below the root, a node that only its own guess reaches becomes a node guessing another code
    (the lowest code other than it) whose only reply leads to the old node: the secret was known
    before the extra guess, so the number of guesses to determine it does not change.
    """
    game = strategy.game

    def copy(node: Node, depth: int) -> Node:
        if not node.replies and depth > 1:
            other = game.codes[0] if node.guess != game.codes[0] else game.codes[-1]
            return Node(other, {game.feedback(other, node.guess): Node(node.guess)})
        return Node(node.guess, {reply: copy(child, depth + 1) for reply, child in node.replies.items()})

    return Strategy(game, copy(strategy.root, 1), f"{strategy.name}, dawdling", dict(strategy.info))


@cache
def _determine_cases() -> list[tuple[Strategy, int]]:
    strategies: list[Strategy] = []
    classic = Game(4, 6)
    strategies += [heuristic_strategy(classic, h) for h in HEURISTICS]
    strategies.append(heuristic_strategy(classic, "most-parts", "1234"))
    for pegs, colours in [(1, 1), (1, 5), (2, 2), (3, 3), (2, 6), (4, 3), (3, 5)]:
        game = Game(pegs, colours)
        strategies += [heuristic_strategy(game, h) for h in ("worst-case", "most-parts")]
        strategies.append(OptimalSearch(game).strategy())
    strategies += [_dawdling(s) for s in strategies[:2] + strategies[-3:]]
    return [(s, evaluate_determined(s.game, s).total) for s in strategies]


@exercise(
    "mastermind-5",
    names="strategy",
    time_limit=15,
    without="puzzles.mastermind.strategy",
    prepare=_determine_cases,
    asks="determine_total(strategy): the guesses a strategy needs to determine (not reveal) every secret",
    verifies=(
        "the four heuristic strategies of 4x6 and one with a forced opening, heuristic and optimal "
        "strategies of seven smaller games (1x1 to 4x3), and five strategies that waste guesses"
    ),
    giveaways=("4849", "4660", "4668"),
)
def _determine_total(answer) -> tuple[bool, str]:
    """determine_total(strategy) -> the sum over secrets of the guesses made until one code is left."""
    cases = _determine_cases()
    expected_total = {id(strategy): total for strategy, total in cases}
    found = first_disagreement(
        answer, lambda strategy: expected_total[id(strategy)], [(s,) for s, _ in cases], kind=whole
    )
    if found is not None:
        (strategy,), given, expected = found
        game = strategy.game
        return False, (
            f"for the strategy {strategy.name!r} of the game with {game.pegs} pegs and {game.colours} "
            f"colours (first guess {strategy.first_guess}) your total is {_shown(given)}; the secrets are "
            f"determined after {expected} guesses in all."
        )
    return True, (
        f"right on all {len(cases)} strategies: the four heuristics of 4x6 and a forced opening, "
        "heuristic and optimal strategies of seven smaller games, and five strategies that waste guesses."
    )


# -- 6. the capped recursion -----------------------------------------------------------------------


@cache
def _capped_cases() -> list[tuple[Game, tuple[str, ...], int, int, int]]:
    """(game, candidates, d, T_d(S), T(S)) for feasible caps d, smallest sets first.

    The cap seldom changes the least total (in about 3 sets in 100 of the 4x2 and 2x5 games), so
    random sets are drawn and every set where it does is kept, with about one in twelve of the
    others and all the codes of 4x2 and 2x4 (the whole 2x5 and 3x3 games, whose least totals the
    lesson prints, would add seconds and no case the random sets miss).
    """
    rng = random.Random(5)
    binding, others = [], []
    for (pegs, colours), draws in [((4, 2), 900), ((2, 5), 250), ((3, 3), 25), ((2, 4), 25)]:
        game = Game(pegs, colours)
        free = OptimalSearch(game)
        searches = {d: OptimalSearch(game, d) for d in range(1, 6)}
        sets = {
            tuple(sorted(rng.sample(game.codes, rng.randint(3, min(12, game.size))))) for _ in range(draws)
        }
        for candidates in sorted(sets) + [game.codes]:
            plain = free.value(candidates)
            rows = []
            for d in range(1, 6):
                value = searches[d].value(candidates)
                if value < INFEASIBLE:
                    rows.append((game, tuple(candidates), d, value, plain))
                    if value == plain:
                        break  # larger caps change nothing
            if any(value != plain for *_, value, plain in rows):
                binding += rows
            elif (len(candidates) == game.size and game.size <= 16) or rng.random() < 0.08:
                others += rows
    cases = binding + others
    cases.sort(key=lambda case: (len(case[1]), case[0].size, case[1], case[2]))
    return cases


@exercise(
    "mastermind-6",
    names="game, candidates, d",
    time_limit=10,
    without="puzzles.mastermind.search",
    prepare=_capped_cases,
    asks="capped_total(game, candidates, d): the least total of guesses when no secret may need more than d",
    verifies=(
        "all codes of 4x2 and 2x4 and 108 random sets of 3 to 12 codes of 4x2, 2x5, 3x3 and 2x4, each "
        "with every cap from the least feasible one up (138 cases); 28 of the sets cost more under their "
        "tightest cap"
    ),
    giveaways=("T_{d-1}", "d - 1"),
)
def _capped_total(answer) -> tuple[bool, str]:
    """capped_total(game, candidates, d) -> T_d(S), checked where a strategy within d guesses exists."""
    cases = _capped_cases()
    reference = {(game, candidates, d): value for game, candidates, d, value, _ in cases}
    found = first_disagreement(
        lambda game, candidates, d: answer(game, list(candidates), d),
        lambda game, candidates, d: reference[(game, candidates, d)],
        [(game, candidates, d) for game, candidates, d, _, _ in cases],
        kind=whole,
    )
    if found is not None:
        (game, candidates, d), given, expected = found
        return False, (
            f"in the game {game.pegs}x{game.colours} with the {len(candidates)} candidates "
            f"{_codes(candidates)} and at most d = {d} guesses, your total is {_shown(given)}; "
            f"the least total is {expected}."
        )
    binding = sum(1 for *_, value, plain in cases if value != plain)
    return True, (
        f"right on {len(cases)} (game, candidates, cap) cases in 4x2, 2x5, 3x3 and 2x4, {binding} of them "
        "with a cap that raises the least total."
    )


# -- 7. a lower bound on the total ------------------------------------------------------------------

SMALL_GAMES_FILE = "puzzles/mastermind/data/small_games.json"
_ROW_KEYS = {
    "pegs",
    "colours",
    "codes",
    "optimal total",
    "optimal total within it",
    "least worst case",
    "worst case of that strategy",
}


@cache
def _fresh_small_totals() -> dict[tuple[int, int], int]:
    """Optimal totals of the smallest shipped games, searched again (to catch a damaged file)."""
    return {
        (p, c): OptimalSearch(Game(p, c)).value() for p, c in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]
    }


def _shipped_small_games() -> list[dict[str, int]]:
    """The rows of the shipped small-games table, verified; a missing or damaged file is a PackFault."""
    path = build_data.DATA / "small_games.json"
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise PackFault(f"the shipped file {SMALL_GAMES_FILE} is missing") from None
    except (OSError, ValueError) as error:
        raise PackFault(f"the shipped file {SMALL_GAMES_FILE} cannot be read ({error})") from None

    def damaged(why: str) -> PackFault:
        return PackFault(f"the shipped file {SMALL_GAMES_FILE} is damaged: {why}")

    rows = data.get("games") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise damaged("it has no list 'games'")
    games = set()
    for row in rows:
        if not isinstance(row, dict) or set(row) != _ROW_KEYS:
            raise damaged(f"a row should hold {sorted(_ROW_KEYS)}, got {_shown(row)}")
        if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in row.values()):
            raise damaged(f"a row holds something other than positive integers: {_shown(row)}")
        pegs, colours = row["pegs"], row["colours"]
        if row["codes"] != colours**pegs:
            raise damaged(f"the game {pegs}x{colours} cannot have {row['codes']} codes")
        if not row["codes"] <= row["optimal total"] <= row["optimal total within it"]:
            raise damaged(f"the totals of the game {pegs}x{colours} are out of order")
        if not row["least worst case"] <= row["worst case of that strategy"]:
            raise damaged(f"the worst cases of the game {pegs}x{colours} are out of order")
        fresh = _fresh_small_totals().get((pegs, colours))
        if fresh is not None and fresh != row["optimal total"]:
            raise damaged(
                f"it gives {row['optimal total']} as the optimal total of {pegs}x{colours}; "
                f"a fresh search gives {fresh}"
            )
        games.add((pegs, colours))
    expected = set(build_data.SMALL_GAMES)
    if games != expected or len(rows) != len(expected):
        raise damaged(f"it should hold each of the games {sorted(expected)} once")
    return rows


def _tree_bound(codes: int, branches: int) -> int:
    """Fill 1 place at depth 1, ``branches`` at depth 2, branches^2 at depth 3, ... with ``codes`` codes."""
    total, depth, places, left = 0, 1, 1, codes
    while left > 0:
        take = min(left, places)
        total += take * depth
        left -= take
        depth += 1
        places *= branches
    return total


def _total_lower_bound(pegs: int, colours: int) -> int:
    return _tree_bound(colours**pegs, _replies_in_game(pegs, colours) - 1)


_BOUND_RANGE = [(pegs, colours) for pegs in range(1, 41) for colours in range(1, 16)]


@exercise(
    "mastermind-7",
    names="pegs, colours",
    time_limit=10,
    without="puzzles.mastermind",
    prepare=_fresh_small_totals,
    asks=(
        "total_lower_bound(pegs, colours): the tree-counting lower bound on a whole game's optimal total, "
        "with the replies that really occur, without the package"
    ),
    verifies=(
        "every game with 1 to 40 pegs and 1 to 15 colours (up to 15**40 codes: levels, not codes); "
        "never above the exhaustive optimum of the 15 shipped games (file verified first)"
    ),
    giveaways=("4986",),
)
def _lower_bound(answer) -> tuple[bool, str]:
    """total_lower_bound(pegs, colours) -> the tree bound for all c^p codes with R(p, c) - 1 branches."""
    rows = _shipped_small_games()
    for row in rows:
        pegs, colours = row["pegs"], row["colours"]
        given = answer(pegs, colours)
        if (problem := whole(given)) is not None:
            return False, f"at (pegs, colours) = ({pegs}, {colours}): {problem}."
        if given > row["optimal total"]:
            return False, (
                f"for {pegs} pegs and {colours} colours your bound {given} exceeds the optimal total "
                f"{row['optimal total']} found by exhaustive search, so it is not a lower bound."
            )
    found = first_disagreement(answer, _total_lower_bound, _BOUND_RANGE, kind=whole)
    if found is not None:
        return _disagreement(found, "pegs, colours", "the tree-counting bound")
    exact = sum(1 for row in rows if _total_lower_bound(row["pegs"], row["colours"]) == row["optimal total"])
    return True, (
        "your bound is the tree-counting bound for every game with 1 to 40 pegs and 1 to 15 colours "
        f"(a loop over codes could not reach 15**40 of them), and it stays at or below the exhaustive "
        f"optimum of all 15 shipped games ({exact} of them exactly)."
    )
