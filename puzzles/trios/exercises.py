"""Checks for the Tricky Trios exercises (ids "trios-1" .. "trios-5").

Lesson I (``notebooks/trios/01-the-game-and-the-rule.ipynb``): E(2) by hand, the orders of
the deck up to relabelling, the longest game. Lesson II (``02-states-and-memoisation``): the
dynamic programme with the Zero-Known transitions derived by the student, the rounds spent on
Three-Known trios.

Each check compares the answer with evidence computed another way than the answer is meant
to be computed (the enumeration of every order of the deck, the DP that allows every flip, a
recursion on the first card and its partners, the longest path through the states, a bound
proved in the lesson), on a range well beyond what the lessons print. The checker writes the
messages.

The exercises that ask for the student's own count or computation are done without the
package: ``puzzles.trios`` is closed to the answer while it runs (bindingly in the grader) (trios-2,
trios-3, trios-4). Trios-5 lets the student build on the package's ``transitions``, so only
the package's own solver of that exercise is closed (``three_known_rounds`` and its memoised
helper: ``exercise(..., without=SOLVER)`` names the two functions, and the checker closes them).

When graded (``plan(seed)``), the checks of functions add cases drawn with the grader's seed
beyond the public ones: N up to 2000 for the count, N of every magnitude up to 10**15 for the
longest game, states the public cases leave out (and up to 50 trios) for f, one N up to 28 and one from 41
to 50 for E3. A table of the public range does not pass there. The public checks of trios-3,
trios-5 and trios-6 also ask a few N that the statements do not name (drawn once, with a fixed
seed: the notebook's process and the grader must ask the same inputs). Trios-1 asks for one
value: nothing to draw.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from puzzles.course.checker import Plan, Stage, exact_number, exercise, hidden_stage, show, whole
from puzzles.trios.model import (
    _play_order,
    canonical_orders,
    count_orders,
    enumeration_summary,
    free_choice_value,
    longest_game,
    most_rounds,
    state_value,
    three_known_rounds,
)

__all__: list[str] = []

PACKAGE = "puzzles.trios"
ENUMERATED = 4  # every order of the deck is played for N <= 4 (15400 orders up to relabelling)
FREE_TRIOS = 6  # states with at most this many trios are checked against the free-choice DP


# ---------------------------------------------------------------------------------------------
# Lesson I


def _e2_problem(case: tuple, value: Fraction | int) -> str | None:
    """None for E(2); otherwise what is wrong with the value, in a sentence."""
    summary = enumeration_summary(2)
    expected, orders = summary.expected_rounds, summary.orders
    if value == expected:
        return None
    if (Fraction(value) * orders).denominator != 1:
        return (
            f"E2 = {value} is not an average of {orders} whole numbers of rounds: the {orders} orders are "
            f"equally likely, so E2 times {orders} is their total."
        )
    if value < 2:
        return (
            f"E2 = {value} is below 2, yet every game of two trios takes at least 2 rounds (a round "
            f"removes at most one trio): is the total divided by more than the {orders} orders that begin "
            "with a 1 (by all 20, say)? The other orders are their relabellings and are not averaged a "
            "second time."
        )
    if value > LONGEST_TWO_TRIOS:
        return (
            f"E2 = {value} is more than the longest game of two trios takes under the rule, so it cannot be "
            "their average: is some round counted twice, or a game played on past its last trio?"
        )
    # Between 2 and 4 the sentence is the same for every wrong value, so that trying values in
    # turn does not say which way the answer lies; it names the slips that lead there.
    return (
        f"E2 = {value} is not the average of the rounds over the {orders} orders. Replay each order by the "
        "rule, the unknown cards from left to right, and look for the usual slips: a round that only "
        "removes a Three-Known trio not counted, or counted twice; an order missed, or listed twice; a "
        f"total divided by another number than the {orders} orders that begin with a 1."
    )


# No game of two trios takes more rounds (Exercise 3's bound at N = 2; the check's tests compare
# it with the longest game over every order).
LONGEST_TWO_TRIOS = 4


@exercise(
    "trios-1",
    asks="E(2), the expected number of rounds with two trios, as an exact Fraction, by playing the 10 orders "
    "of the deck up to relabelling by hand",
    verifies="the value, against the average of the rounds over every order of the two-trio deck played by "
    "the rule; a value is checked as the number it holds (a Fraction subclass with its own == is read as "
    "its numerator and denominator), and how it was found cannot be watched",
)
def _two_trios() -> Plan:
    """Exercise 1: E(2) as an exact fraction, by hand."""
    orders = enumeration_summary(2).orders
    return Plan(
        [Stage([()], judge=_e2_problem, evidence="the average over every order of the deck")],
        what="E2",
        kind=exact_number,
        value=True,
        passed=f"E(2) is the average of the rounds over all {orders} orders of the deck up to relabelling, "
        "each played by the rule.",
    )


@cache
def _orders_counted(N: int) -> int:
    return sum(1 for _ in canonical_orders(N))


def _orders_by_first_card(N: int) -> int:
    """The orders up to relabelling, as the package counts them (``count_orders``); the tests
    compare it with a count by the first card and its two partners."""
    return count_orders(N, relabel=True)


ORDERS_RANGE = 300


def _count_differs(value: int, expected: int) -> str:
    """How a wrong count differs from the right one, in words that show it even when both
    numbers are too long to print whole and their first digits agree."""
    gap = value - expected
    text = f"yours is {'larger' if gap > 0 else 'smaller'} by {show(abs(gap))}"
    mine, right = str(abs(value)), str(expected)
    if len(right) <= 30:
        return text
    if len(mine) != len(right) or value < 0:
        return f"{text} (yours has {len(mine)} digits, the count {len(right)})"
    first = next(i for i, (a, b) in enumerate(zip(mine, right, strict=True)) if a != b) + 1
    return f"{text} (both have {len(right)} digits, and they first differ at digit {first} from the left)"


def _orders_far_judge(case: tuple, value: int) -> str | None:
    """Beyond the listed orders: the count by the first card and its partners, and where a wrong
    count differs from it (two long numbers are cut when printed, and may agree where they are cut)."""
    (N,) = case
    expected = _orders_by_first_card(N)
    if value == expected:
        return None
    return (
        f"your count is right for every N <= {N - 1}, but at N = {N} it gives {show(value)}, where a count "
        f"by the first card and its two partners gives {show(expected)}: {_count_differs(value, expected)}."
    )


def _orders_hidden(draw: random.Random) -> list[Stage]:
    """8 N drawn for grading beyond the public 1..300: 4 up to 1000, 4 up to 2000."""
    drawn = {draw.randint(ORDERS_RANGE + 1, 1000) for _ in range(4)} | {
        draw.randint(1001, 2000) for _ in range(4)
    }
    return [
        hidden_stage(
            [(N,) for N in sorted(drawn)],
            reference=_orders_by_first_card,
            label="N the grader drew",
            evidence="the count of the orders",
        )
    ]


@exercise(
    "trios-2",
    names="N",
    without=PACKAGE,
    on_timeout="The check asks for every N up to 300: listing the orders cannot get there, a count can.",
    asks="orders_up_to_relabelling(N): the number of orders of the 3N cards in which the numbers first "
    "appear as 1, 2, ..., N, counted without the package",
    verifies=f"every N = 1..{ORDERS_RANGE}: the orders listed one by one for N <= {ENUMERATED}, a count by "
    "the first card and its two partners beyond; refuses answers that reach puzzles.trios (count_orders "
    "among them)",
    hidden=_orders_hidden,
)
def _orders() -> Plan:
    """Exercise 2: the number of orders up to relabelling, as a function of N."""
    return Plan(
        [
            Stage(
                [(N,) for N in range(1, ENUMERATED + 1)],
                reference=_orders_counted,
                label=f"every N <= {ENUMERATED}",
                evidence="listing the orders one by one",
            ),
            Stage(
                [(N,) for N in range(ENUMERATED + 1, ORDERS_RANGE + 1)],
                reference=_orders_by_first_card,  # the value (for tools); the judge writes the message
                judge=_orders_far_judge,
                label=f"every N in {ENUMERATED + 1}..{ORDERS_RANGE}",
                evidence="a count by the first card and its two partners",
            ),
        ],
        what="your count",
        kind=whole,
        passed=f"your count agrees with the orders listed one by one for N <= {ENUMERATED} and with a count "
        f"by the first card and its two partners for every N up to {ORDERS_RANGE}.",
    )


LONGEST_BY_STATES = 40  # the longest path through the states is computed up to here
LONGEST_FAR = 10**30  # past 2**53: a bound computed with / in floats is wrong there


@cache
def _longest_enumerated(N: int) -> int:
    return enumeration_summary(N).most_rounds


def _trios(N: int) -> str:
    return "one trio" if N == 1 else f"{N} trios"


def _longest_judge(longest, evidence: str):
    """A judge for N whose longest game is known: says which way the answer is wrong, not the
    longest game itself (the lesson asks for the argument, not for a fit to the values)."""

    def judge(case: tuple, value: int) -> str | None:
        (N,) = case
        most = longest(N)
        if value == most:
            return None
        if value > most:
            return (
                f"smallest counterexample at N = {N}: your longest_game(N) gives {value}, but no deal of "
                f"{_trios(N)} takes that many rounds ({evidence}). Which rounds can flip fewer than two "
                "unknown cards, and how many of them can a game have?"
            )
        return (
            f"smallest counterexample at N = {N}: your longest_game(N) gives {value}, but some deal of "
            f"{_trios(N)} takes more rounds ({evidence}). Build an unlucky deal by hand and play it."
        )

    return judge


def _far_judge(case: tuple, value: int) -> str | None:
    """Beyond the states: which way the answer is wrong, never the longest game itself, nor how
    the check knows it (the exercise asks for that argument)."""
    (N,) = case
    most = longest_game(N)
    if value == most:
        return None
    way = (
        f"too large: no deal of {N} trios takes that many rounds"
        if value > most
        else f"too small: some deal of {N} trios takes more rounds"
    )
    floats = (
        " At this size a value that went through a float (/, math.floor, 2.5 * N) is no longer exact."
        if 5 * N > 2**53
        else ""
    )
    return (
        f"at N = {N}, beyond the N <= {LONGEST_BY_STATES} that the check plays through the states, your "
        f"longest_game(N) gives {value}, {way}.{floats}"
    )


def _far_cases() -> list[tuple[int]]:
    rng = random.Random(2018)
    far = {rng.randrange(LONGEST_BY_STATES + 1, 10**k) for k in range(2, 31) for _ in range(12)}
    far |= {LONGEST_FAR, LONGEST_FAR - 1, 10**6, 10**6 + 1}
    return [(N,) for N in sorted(far)]


LONGEST_FAR_CASES = _far_cases()
LONGEST_DRAWN = 4  # N beside the fixed ones that the statement does not name


def _longest_hidden(draw: random.Random) -> list[Stage]:
    """16 N drawn for grading: 4 in 41..1000 and 12 of every magnitude up to 10**15, odd and even."""
    drawn = {draw.randint(LONGEST_BY_STATES + 1, 1000) for _ in range(4)}
    while len(drawn) < 16:
        drawn.add(int(10 ** draw.uniform(3, 15)) + draw.randint(0, 1))
    return [
        hidden_stage(
            [(N,) for N in sorted(drawn)],
            judge=_far_judge,
            label="N the grader drew",
            evidence="the longest game, which the check knows in closed form",
        )
    ]


@exercise(
    "trios-3",
    names="N",
    without=PACKAGE,
    on_timeout="The check goes on to N = 10**30, where neither the orders nor a DP over the states can "
    "go: the exercise asks for a formula.",
    asks="longest_game(N): the most rounds any deal of N trios can take under the rule, as a formula "
    "(without the package), with the argument that no deal does worse and a deal reaching it for every N",
    verifies=f"N = 1..{LONGEST_BY_STATES} against every order (N <= {ENUMERATED}) and the longest path "
    f"through the states, then {len(LONGEST_FAR_CASES)} values of N up to 10**30 and {LONGEST_DRAWN} "
    "more that the statement does not name against the proved bound "
    "(no DP goes there); refuses answers that reach puzzles.trios",
    hidden=_longest_hidden,
)
def _longest() -> Plan:
    """Exercise 3: the longest game, as a closed form."""
    # and a few N that the statement does not name
    drawn = _drawn_sizes(
        LONGEST_DRAWN, LONGEST_BY_STATES + 1, LONGEST_FAR, tuple(N for (N,) in LONGEST_FAR_CASES)
    )
    far_cases = sorted({*LONGEST_FAR_CASES, *((N,) for N in drawn)})
    far = len(far_cases)
    return Plan(
        [
            Stage(
                [(N,) for N in range(1, ENUMERATED + 1)],
                judge=_longest_judge(_longest_enumerated, "every order of the deck was played by the rule"),
                label=f"every N <= {ENUMERATED}",
                evidence="the longest game over every order of the deck",
            ),
            Stage(
                [(N,) for N in range(ENUMERATED + 1, LONGEST_BY_STATES + 1)],
                judge=_longest_judge(
                    lambda N: most_rounds(0, 0, N), "the longest path through the states (K2, K1, K0) says so"
                ),
                label=f"every N in {ENUMERATED + 1}..{LONGEST_BY_STATES}",
                evidence="the longest path through the states (K2, K1, K0)",
            ),
            Stage(
                far_cases,
                judge=_far_judge,
                label=f"the {far} values of N up to 10**30",
                evidence="the longest game, which the check knows in closed form",
                smallest=False,
                far="neither enumeration nor a DP over the states reaches it",
            ),
        ],
        what="your longest_game(N)",
        kind=whole,
        passed=f"your longest_game(N) agrees with the longest game over every order of the deck for "
        f"N <= {ENUMERATED}, with the longest path through the states for N <= {LONGEST_BY_STATES}, and with "
        f"the proved bound at {far} values of N up to 10**30, where neither enumeration nor a DP over states "
        "can go.",
    )


DEAL_SIZES = (*range(1, 61), 99, 100, 501, 1000)  # a deal of 1000 trios is played in about 1 ms
DEAL_DRAWN = 4  # and this many sizes that the statement does not name
DEAL_DRAWN_MOST = 20_000  # a table of deals up to here would hold 600 million cards
DEAL_HIDDEN_MOST = 3000


def _drawn_sizes(
    count: int, low: int, high: int, listed: tuple[int, ...] = (), seed: int = 2018
) -> list[int]:
    """``count`` different N in low..high, none of them ``listed``, drawn with ``seed``: sizes the
    statement does not name (so a table of the sizes it names fails), the same in every process
    (the notebook's process and the grader compare the inputs they ask)."""
    draw = random.Random(seed)
    drawn: set[int] = set()
    while len(drawn) < count:
        N = draw.randint(low, high)
        if N not in listed:
            drawn.add(N)
    return sorted(drawn)


def _deal_kind(value: object) -> str | None:
    """A list (or tuple) of integers."""
    if isinstance(value, (list, tuple)) and all(
        isinstance(card, int) and not isinstance(card, bool) for card in value
    ):
        return None
    if isinstance(value, (list, tuple)):
        odd = next(card for card in value if not isinstance(card, int) or isinstance(card, bool))
        return f"a list holding {show(odd, 40)}: a list of card numbers 1..N is asked"
    return "not a list: a list of card numbers (the deal, left to right) is asked"


def _deal_problem(case: tuple, deal: list[int], drawn: bool = False) -> str | None:
    """None for a deal of N trios that the rule plays in longest_game(N) rounds."""
    (N,) = case
    note = " (a size the statement does not name)" if drawn else ""
    where = f"at N = {N}{note} your longest_deal(N)"
    if len(deal) != 3 * N:
        return f"{where} has {len(deal)} cards: a deal of {N} trios has {3 * N}."
    counts: dict[int, int] = {}
    for card in deal:
        counts[card] = counts.get(card, 0) + 1
    if set(counts) != set(range(1, N + 1)) or any(count != 3 for count in counts.values()):
        stray = sorted(card for card in counts if not 1 <= card <= N)
        if stray:
            numbered = "are all 1s" if N == 1 else f"are numbered 1 to {N}"
            return f"{where} holds the card {stray[0]}: the cards of {_trios(N)} {numbered}."
        short = min(card for card in range(1, N + 1) if counts.get(card, 0) != 3)
        return (
            f"{where} holds the number {short} {counts.get(short, 0)} times: a deal holds each number "
            "1..N three times."
        )
    rounds, _ = _play_order(deal)
    most = longest_game(N)
    if rounds == most:
        return None
    return (
        f"{where} takes {rounds} rounds when the rule plays it (unknown cards from left to right), "
        "fewer than the bound of Exercise 3: which round of your deal does not flip the cards your argument "
        "needs?"
    )


def _deal_hidden(draw: random.Random) -> list[Stage]:
    """6 N drawn for grading beyond the public sizes: 3 in 61..1000, 3 in 1001..3000."""
    drawn = {draw.randint(61, 1000) for _ in range(3)} | {
        draw.randint(1001, DEAL_HIDDEN_MOST) for _ in range(3)
    }
    return [
        hidden_stage(
            [(N,) for N in sorted(drawn)],
            judge=_deal_problem,
            label="N the grader drew",
            evidence="the deal played by the rule",
        )
    ]


@exercise(
    "trios-6",
    names="N",
    without=PACKAGE,
    on_timeout="Each deal is a list of 3N cards: build it card by card, without searching over orders.",
    asks="longest_deal(N): a deal of N trios (the cards in the order the rule turns them) that takes the "
    "most rounds of Exercise 3, built by the student's construction, without the package",
    verifies=f"N = 1..60, 99, 100, 501, 1000 and {DEAL_DRAWN} sizes up to {DEAL_DRAWN_MOST} that the "
    "statement does not name: the deal holds each number 1..N three times and, played "
    "by the rule, takes the bound proved in Exercise 3 (checked against every order for N <= 4 and the "
    "longest path through the states for N <= 40 in the tests); refuses answers that reach puzzles.trios",
    hidden=_deal_hidden,
)
def _the_longest_deal() -> Plan:
    """Exercise 3b: the construction of Exercise 3, as code the check plays."""
    drawn = _drawn_sizes(DEAL_DRAWN, 61, DEAL_DRAWN_MOST, DEAL_SIZES)
    sizes = ", ".join(map(str, drawn))
    return Plan(
        [
            Stage(
                [(N,) for N in DEAL_SIZES],
                judge=_deal_problem,
                label="N = 1..60, 99, 100, 501 and 1000",
                evidence="the deal played by the rule",
            ),
            Stage(
                [(N,) for N in drawn],
                judge=lambda case, deal: _deal_problem(case, deal, drawn=True),
                label=f"N = {sizes}",
                evidence="the deal played by the rule",
                smallest=False,
                far="a size the statement does not name",
            ),
        ],
        what="your longest_deal(N)",
        kind=_deal_kind,
        passed="your longest_deal(N) is a deal of N trios that the rule plays in the most rounds any deal "
        f"can take (the bound of Exercise 3) for N = 1..60, 99, 100, 501, 1000 and {DEAL_DRAWN} sizes up to "
        f"{DEAL_DRAWN_MOST} that the statement does not name: the construction half of Exercise 3 holds.",
    )


# ---------------------------------------------------------------------------------------------
# Lesson II

F_RANGE = 30  # the DP is checked on states with up to this many trios
F_SAMPLE = 300  # random states with FREE_TRIOS + 1 .. F_RANGE trios
F_BEYOND = 45  # and on a few states with F_RANGE + 1 .. F_BEYOND trios: a table of f up to 30 trios fails
F_HIDDEN_MOST = 50  # the grader's draw goes on beyond F_BEYOND


def _states(trios: int) -> list[tuple[int, int, int]]:
    return [(K2, K1, trios - K2 - K1) for K2 in range(trios + 1) for K1 in range(trios - K2 + 1)]


def _small_f_cases() -> list[tuple[int, int, int]]:
    return [state for T in range(FREE_TRIOS + 1) for state in _states(T)]


def _large_f_cases() -> list[tuple[int, int, int]]:
    rng = random.Random(2018)
    large = {(0, 0, N) for N in range(FREE_TRIOS + 1, F_RANGE + 1)}
    while len(large) < F_SAMPLE:
        T = rng.randint(FREE_TRIOS + 1, F_RANGE)
        K2 = rng.randint(0, T)
        K1 = rng.randint(0, T - K2)
        large.add((K2, K1, T - K2 - K1))
    return sorted(large, key=lambda s: (sum(s), s))


def _beyond_f_cases() -> list[tuple[int, int, int]]:
    """(0, 0, N) for N = 36, 40, 45, and 9 states with 31 to 45 trios."""
    rng = random.Random(2019)
    beyond = {(0, 0, N) for N in (36, 40, F_BEYOND)}
    while len(beyond) < 12:
        T = rng.randint(F_RANGE + 1, F_BEYOND)
        K2 = rng.randint(0, T)
        K1 = rng.randint(0, T - K2)
        beyond.add((K2, K1, T - K2 - K1))
    return sorted(beyond, key=lambda s: (sum(s), s))


def _states_hidden(draw: random.Random) -> list[Stage]:
    """24 states drawn for grading that the public cases leave out: 20 with 7 to 30 trios
    (the one-known and two-known counts drawn too) and 4 with 46 to 50."""
    public = set(_large_f_cases()) | set(_beyond_f_cases())
    drawn: set[tuple[int, int, int]] = set()
    while len(drawn) < 24:
        T = (
            draw.randint(FREE_TRIOS + 1, F_RANGE)
            if len(drawn) < 20
            else draw.randint(F_BEYOND + 1, F_HIDDEN_MOST)
        )
        K2 = draw.randint(0, T)
        K1 = draw.randint(0, T - K2)
        if (K2, K1, T - K2 - K1) not in public:
            drawn.add((K2, K1, T - K2 - K1))
    return [
        hidden_stage(
            sorted(drawn, key=lambda state: (sum(state), state)),
            reference=state_value,
            label="states the grader drew",
            evidence="the package's table of f",
        )
    ]


@exercise(
    "trios-4",
    names="K2, K1, K0",
    time_limit=15,
    without=PACKAGE,
    on_timeout="The check goes on to states with 30 trios, where a recursion without memo would make "
    "about 10**42 calls: memoise my_f with an unbounded cache, @functools.lru_cache(maxsize=None) or "
    "@functools.cache (a bare @lru_cache keeps only the last 128 states, far too few here).",
    asks="my_f(K2, K1, K0): the DP of the lesson written without the package, with the Zero-Known "
    "transitions derived by the student, memoised",
    verifies=f"all states with <= {FREE_TRIOS} trios against the DP that allows every flip, then "
    f"(0, 0, N) for N <= {F_RANGE} and {F_SAMPLE} random states with up to {F_RANGE} trios against the "
    f"package's table of f (a recursion without memo cannot get there in time), then 12 states with "
    f"{F_RANGE + 1} to {F_BEYOND} trios (a table of f made beforehand for the states up to {F_RANGE} trios "
    "has none of them); refuses answers that reach puzzles.trios",
    hidden=_states_hidden,
)
def _the_dp() -> Plan:
    """Exercise 4: f(K2, K1, K0) by the student's own memoised DP."""
    small, large, beyond = _small_f_cases(), _large_f_cases(), _beyond_f_cases()
    return Plan(
        [
            Stage(
                small,
                reference=lambda K2, K1, K0: free_choice_value((0, K2, K1, K0)),
                label=f"all {len(small)} states with at most {FREE_TRIOS} trios",
                evidence="the best play over every flip choice",
            ),
            Stage(
                large,
                reference=state_value,
                label=f"the {len(large)} states with up to {F_RANGE} trios",
                evidence="the package's table of f",
                smallest=False,
                far="a state the every-flip DP does not reach",
            ),
            Stage(
                beyond,
                reference=state_value,
                label=f"the {len(beyond)} states with {F_RANGE + 1} to {F_BEYOND} trios",
                evidence="the package's table of f",
                smallest=False,
                far=f"a state with more than {F_RANGE} trios",
            ),
        ],
        what="your f",
        kind=exact_number,
        passed=f"your f agrees with the best play over every flip choice on all {len(small)} states with at "
        f"most {FREE_TRIOS} trios, and with the package's table on {len(large)} states with up to {F_RANGE} "
        f"trios, (0, 0, {F_RANGE}) included, where a recursion without memo would need about 10**42 calls, "
        f"and on {len(beyond)} states with {F_RANGE + 1} to {F_BEYOND} trios.",
    )


E3_RANGE = 25  # N of trios-5: a natural answer takes 0.4-0.8 s of CPU here, 2.5-6 s at a load of 9 on 2 cores
# and two N beyond, where an answer exact up to 25 and extrapolated beyond is refused: the natural
# answer reaches N = 40 in about 1 s of CPU (N = 100, where the lesson's tables end, takes 27 s)
E3_FAR = (30, 40)
# and one N past 40 that the statement does not name (about 0.1 s of CPU per N there): an answer exact up to
# the largest N the statement names and extrapolated beyond is refused
E3_DRAWN_MOST = 46
E3_HIDDEN_MOST = 50  # the grader's draw goes on to N = 50 (about 2.5 s of CPU)
# what trios-5 is done without: the package's E3 solver and its memoised recursion (transitions
# stay open: the exercise builds on them); the checker closes these two functions, not the module
SOLVER = ("puzzles.trios.model.three_known_rounds", "puzzles.trios.model._three_known")


def _three_known_enumerated(N: int) -> Fraction:
    return enumeration_summary(N).expected_three_known


def _three_known_far(words: str):
    """A judge for N beyond the first stages: the two exact values are long fractions, so the
    message says by how much they differ as well."""

    def judge(case: tuple, value: Fraction) -> str | None:
        (N,) = case
        expected = three_known_rounds(N)
        if value == expected:
            return None
        gap = Fraction(value) - expected
        before = [str(n) for n in E3_FAR if n < N]
        asked = f" and for N = {' and '.join(before)}" if before else ""
        return (
            f"your E3(N) is right for every N up to {E3_RANGE}{asked}, but at N = {N} "
            f"({words}) it gives {show(value)}, where the recursion over the states gives {show(expected)}: "
            f"yours is {'larger' if gap > 0 else 'smaller'} by about {float(abs(gap)):.2g}."
        )

    return judge


def _three_known_hidden(draw: random.Random) -> list[Stage]:
    """Two N drawn for grading beyond the public 1..25, one up to 28 and one from 41 to 50."""
    drawn = [draw.randrange(E3_RANGE + 1, E3_RANGE + 4), draw.randrange(E3_FAR[-1] + 1, E3_HIDDEN_MOST + 1)]
    return [
        hidden_stage(
            [(N,) for N in drawn],
            reference=three_known_rounds,
            label="N the grader drew",
            evidence="the recursion over the states",
        )
    ]


@exercise(
    "trios-5",
    names="N",
    time_limit=15,
    without=SOLVER,
    on_timeout=f"The check goes on to N = {E3_DRAWN_MOST} at most: memoise the recursion over the states "
    "with an unbounded cache (lru_cache(maxsize=None) or functools.cache; a bare @lru_cache keeps only 128 "
    "states), and keep one memo for every N (do not build it again inside each call).",
    asks="three_known_rounds(N): E3(N), the expected number of rounds spent removing Three-Known trios, "
    "exactly, by the student's own recursion on the package's transitions, with why the recursion "
    "that counts 1 round for a Three-Known trio falls short by E3(N)",
    verifies=f"N = 1..{E3_RANGE}, N = {E3_FAR[0]}, {E3_FAR[1]} and one N from {E3_FAR[-1] + 1} to "
    f"{E3_DRAWN_MOST} that the statement does not name: the average over every order of the deck "
    f"for N <= {ENUMERATED}, the recursion over the states beyond; refuses answers that reach the "
    "package's own three_known_rounds",
    hidden=_three_known_hidden,
)
def _three_known() -> Plan:
    """Exercise 5: E3(N), the rounds spent on Three-Known trios."""
    (drawn,) = _drawn_sizes(1, E3_FAR[-1] + 1, E3_DRAWN_MOST, seed=2019)
    return Plan(
        [
            Stage(
                [(N,) for N in range(1, ENUMERATED + 1)],
                reference=_three_known_enumerated,
                label=f"every N <= {ENUMERATED}",
                evidence="the average over every order of the deck",
            ),
            Stage(
                [(N,) for N in range(ENUMERATED + 1, E3_RANGE + 1)],
                reference=three_known_rounds,
                label=f"every N in {ENUMERATED + 1}..{E3_RANGE}",
                evidence="the recursion over the states",
            ),
            Stage(
                [(N,) for N in E3_FAR],
                reference=three_known_rounds,  # the value (for tools); the judge writes the message
                judge=_three_known_far(f"beyond N = {E3_RANGE}"),
                label=f"N = {E3_FAR[0]} and {E3_FAR[1]}",
                evidence="the recursion over the states",
                smallest=False,
                far=f"beyond N = {E3_RANGE}",
            ),
            Stage(
                [(drawn,)],
                reference=three_known_rounds,
                judge=_three_known_far(
                    f"from {E3_FAR[-1] + 1} to {E3_DRAWN_MOST}, not named by the statement"
                ),
                label=f"N = {drawn}",
                evidence="the recursion over the states",
                smallest=False,
                far=f"from {E3_FAR[-1] + 1} to {E3_DRAWN_MOST}, not named by the statement",
            ),
        ],
        what="your E3(N)",
        kind=exact_number,
        passed=f"your E3(N) agrees with the average over every order of the deck for N <= {ENUMERATED} and "
        f"with the recursion over the states for every N up to {E3_RANGE}, for N = {E3_FAR[0]} and "
        f"{E3_FAR[1]}, and for one N from {E3_FAR[-1] + 1} to {E3_DRAWN_MOST} that the statement does not "
        "name.",
    )
