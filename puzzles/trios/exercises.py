"""Checks for the Tricky Trios exercises (ids "trios-1" .. "trios-5").

Lesson I (``notebooks/trios/01-the-game-and-the-rule.ipynb``): E(2) by hand, the orders of
the deck up to relabelling, the longest game. Lesson II (``02-states-and-memoisation``): the
dynamic programme with the Zero-Known transitions derived by the student, the rounds spent on
Three-Known trios.

Each check compares the answer with evidence computed another way than the answer is meant
to be computed (the enumeration of every order of the deck, the DP that allows every flip, a
recursion on the first card and its partners, the longest path through the states, a bound
proved in the lesson), on a range well beyond what the lessons print.
"""

from __future__ import annotations

import inspect
import random
import types
from fractions import Fraction
from functools import cache
from math import comb

from puzzles.course.checker import (
    counterexample_place,
    exact_number,
    exercise,
    first_disagreement,
    package_used,
    whole,
)
from puzzles.trios.model import (
    canonical_orders,
    enumeration_summary,
    free_choice_value,
    longest_game,
    most_rounds,
    rounds_table,
    state_value,
    three_known_rounds,
)

__all__: list[str] = []

ENUMERATED = 4  # every order of the deck is played for N <= 4 (15400 orders up to relabelling)
FREE_TRIOS = 6  # states with at most this many trios are checked against the free-choice DP


def _counterexample(found, names: str, source: str) -> tuple[bool, str]:
    case, given, expected = found
    place = counterexample_place(case, names)
    if isinstance(given, str):  # a value of the wrong kind, described in a sentence
        return False, f"at {place}: {given}."
    return False, f"smallest counterexample at {place}: your answer gives {given}, {source} gives {expected}."


PACKAGE = "puzzles.trios"


def _unwrapped(value):
    try:
        return inspect.unwrap(value)
    except ValueError:  # a cycle of __wrapped__
        return value


def _package_behind_caches(answer) -> str | None:
    """What of ``puzzles.trios`` the answer reaches through functions under ``functools.cache``.

    The checker's ``package_used`` follows plain functions; a memoised DP (``lru_cache``, the
    lessons' own pattern) hides its code behind a wrapper. Unwrap every function of the
    answer's own module (the notebook) that the answer can reach and ask ``package_used`` about
    each.
    """
    home = getattr(_unwrapped(answer), "__module__", None)  # where the student wrote the answer
    seen: set[int] = set()
    todo = [answer]
    while todo:
        value = _unwrapped(todo.pop())
        if id(value) in seen:
            continue
        seen.add(id(value))
        if (hit := package_used(value, PACKAGE)) is not None:
            return hit
        if not isinstance(value, types.FunctionType):
            continue
        codes = [value.__code__]
        names: set[str] = set()
        while codes:
            code = codes.pop()
            names.update(code.co_names)
            codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
        reachable = [value.__globals__[name] for name in names if name in value.__globals__]
        for cell in value.__closure__ or ():
            try:
                reachable.append(cell.cell_contents)
            except ValueError:  # an empty cell
                pass
        todo.extend(
            v
            for v in reachable
            if callable(v) and not isinstance(v, type) and getattr(_unwrapped(v), "__module__", None) == home
        )
    return None


def _refuse_package(answer) -> tuple[bool, str] | None:
    used = _package_behind_caches(answer)
    if used is None:
        return None
    return False, (
        f"this exercise asks you to work it out without the course package, but your answer uses {used}. "
        "Write the computation yourself."
    )


# ---------------------------------------------------------------------------------------------
# Lesson I


@exercise(
    "trios-1",
    asks="E(2), the expected number of rounds with two trios, as an exact Fraction, by playing the 10 orders "
    "of the deck up to relabelling by hand",
    verifies="the value, against the average of the rounds over every order of the two-trio deck played by "
    "the rule",
    giveaways=("17/5", "3.40000000", "34/10"),
)
def _two_trios(answer) -> tuple[bool, str]:
    """Exercise 1: E(2) as an exact fraction, by hand."""
    problem = exact_number(answer)
    if problem is not None:
        return False, f"E2 should be an exact number: {problem}."
    summary = enumeration_summary(2)
    expected = summary.expected_rounds
    if answer == expected:
        return True, (
            f"E(2) is the average of the rounds over all {summary.orders} orders of the deck up to "
            "relabelling, each played by the rule."
        )
    if (answer * summary.orders).denominator != 1:
        return False, (
            f"E2 = {answer} is not an average of {summary.orders} whole numbers of rounds: the "
            f"{summary.orders} orders are equally likely, so E2 times {summary.orders} is their total."
        )
    if answer == expected - Fraction(1, summary.orders):
        return False, (
            f"E2 = {answer} is one round short in total: the round that removes a Three-Known trio "
            "counts as a round of its own."
        )
    return False, f"E2 = {answer} is not the average of the rounds over the {summary.orders} orders."


@cache
def _orders_counted(N: int) -> int:
    return sum(1 for _ in canonical_orders(N))


def _orders_by_first_card(N: int) -> int:
    """The first free position and its two partners (C(3n - 1, 2) ways), then n - 1 trios."""
    count = 1
    for n in range(1, N + 1):
        count *= comb(3 * n - 1, 2)
    return count


ORDERS_RANGE = 300


def _prepare_orders() -> None:
    for N in range(1, ENUMERATED + 1):
        _orders_counted(N)


@exercise(
    "trios-2",
    names="N",
    prepare=_prepare_orders,
    on_timeout="The check asks for every N up to 300: listing the orders cannot get there, a count can.",
    asks="orders_up_to_relabelling(N): the number of orders of the 3N cards in which the numbers first "
    "appear as 1, 2, ..., N",
    verifies=f"every N = 1..{ORDERS_RANGE}: the orders listed one by one for N <= {ENUMERATED}, a count by "
    "the first card and its two partners beyond",
    giveaways=("15400", "1401400", "3!^N N!", "6**N * factorial(N)"),
)
def _orders(answer) -> tuple[bool, str]:
    """Exercise 2: the number of orders up to relabelling, as a function of N."""
    cases = [(N,) for N in range(1, ORDERS_RANGE + 1)]
    found = first_disagreement(
        answer,
        lambda N: _orders_counted(N) if N <= ENUMERATED else _orders_by_first_card(N),
        cases,
        kind=whole,
    )
    if found is not None:
        return _counterexample(found, "N", "the count")
    return True, (
        f"your count agrees with the orders listed one by one for N <= {ENUMERATED} and with a count "
        f"by the first card and its two partners for every N up to {ORDERS_RANGE}."
    )


LONGEST_BY_STATES = 40  # the longest path through the states is computed up to here
LONGEST_FAR = 10**15


@cache
def _longest_enumerated(N: int) -> int:
    return enumeration_summary(N).most_rounds


def _prepare_longest() -> None:
    for N in range(1, ENUMERATED + 1):
        _longest_enumerated(N)
    most_rounds(0, 0, LONGEST_BY_STATES)


def _longest_reference(N: int) -> int:
    if N <= ENUMERATED:
        return _longest_enumerated(N)
    if N <= LONGEST_BY_STATES:
        return most_rounds(0, 0, N)
    return longest_game(N)  # the bound proved in the lesson, reached by an explicit deal


def _far_cases() -> list[tuple[int]]:
    rng = random.Random(2018)
    far = {rng.randrange(LONGEST_BY_STATES + 1, 10**k) for k in range(2, 16) for _ in range(12)}
    far |= {LONGEST_FAR, LONGEST_FAR - 1, 10**6, 10**6 + 1}
    return [(N,) for N in sorted(far)]


@exercise(
    "trios-3",
    names="N",
    without="puzzles.trios",
    prepare=_prepare_longest,
    on_timeout="The check goes on to N = 10**15, where neither the orders nor a DP over the states can "
    "go: the exercise asks for a formula.",
    asks="longest_game(N): the most rounds any deal of N trios can take under the rule, as a formula "
    "(without the package), with the argument",
    verifies=f"N = 1..{LONGEST_BY_STATES} against every order (N <= {ENUMERATED}) and the longest path "
    f"through the states, then {len(_far_cases())} values of N up to 10**15 against the proved bound "
    "(no DP goes there)",
    giveaways=("(5 * N - 1) // 2", "(5N - 1)/2", "5N/2", "1, 4, 7, 9, 12"),
)
def _longest(answer) -> tuple[bool, str]:
    """Exercise 3: the longest game, as a closed form."""
    if (refused := _refuse_package(answer)) is not None:
        return refused
    cases = [(N,) for N in range(1, LONGEST_BY_STATES + 1)] + _far_cases()
    found = first_disagreement(answer, _longest_reference, cases, kind=whole)
    if found is not None:
        N = found[0][0]
        reference = (
            "the longest game over every order of the deck"
            if N <= ENUMERATED
            else "the longest path through the states (K2, K1, K0)"
            if N <= LONGEST_BY_STATES
            else "the bound proved by counting unknown flips (reached by a deal)"
        )
        return _counterexample(found, "N", reference)
    return True, (
        f"your longest_game(N) agrees with the longest game over every order of the deck for "
        f"N <= {ENUMERATED}, with the longest path through the states for N <= {LONGEST_BY_STATES}, and with "
        f"the proved bound at {len(_far_cases())} values of N up to 10**15, where neither enumeration nor a "
        "DP over states can go."
    )


# ---------------------------------------------------------------------------------------------
# Lesson II

F_RANGE = 30  # the DP is checked on states with up to this many trios
F_SAMPLE = 300  # random states with FREE_TRIOS + 1 .. F_RANGE trios


def _states(trios: int) -> list[tuple[int, int, int]]:
    return [(K2, K1, trios - K2 - K1) for K2 in range(trios + 1) for K1 in range(trios - K2 + 1)]


def _f_cases() -> list[tuple[int, int, int]]:
    small = [state for T in range(FREE_TRIOS + 1) for state in _states(T)]
    rng = random.Random(2018)
    large = {(0, 0, N) for N in range(FREE_TRIOS + 1, F_RANGE + 1)}
    while len(large) < F_SAMPLE:
        T = rng.randint(FREE_TRIOS + 1, F_RANGE)
        K2 = rng.randint(0, T)
        K1 = rng.randint(0, T - K2)
        large.add((K2, K1, T - K2 - K1))
    return small + sorted(large, key=lambda s: (sum(s), s))


def _prepare_f() -> None:
    rounds_table(F_RANGE)
    for T in range(FREE_TRIOS + 1):
        for state in _states(T):
            free_choice_value((0, *state))


def _f_reference(K2: int, K1: int, K0: int) -> Fraction:
    if K2 + K1 + K0 <= FREE_TRIOS:
        return free_choice_value((0, K2, K1, K0))
    return state_value(K2, K1, K0)


@exercise(
    "trios-4",
    names="K2, K1, K0",
    time_limit=10,
    without="puzzles.trios",
    prepare=_prepare_f,
    on_timeout="The check goes on to states with 30 trios, where a recursion without memo would make "
    "about 10**42 calls: memoise my_f (functools.lru_cache).",
    asks="my_f(K2, K1, K0): the DP of the lesson written without the package, with the Zero-Known "
    "transitions derived by the student, memoised",
    verifies=f"all states with <= {FREE_TRIOS} trios against the DP that allows every flip, then "
    f"(0, 0, N) for N <= {F_RANGE} and {F_SAMPLE} random states with up to {F_RANGE} trios (a recursion "
    "without memo cannot get there in time)",
    giveaways=("K_1 + 1, K_0 - 2", "K_1 + 2, K_0 - 2", "K_2 - 1, K_1 + 1", "Zero-Known, a pair"),
)
def _the_dp(answer) -> tuple[bool, str]:
    """Exercise 4: f(K2, K1, K0) by the student's own memoised DP."""
    if (refused := _refuse_package(answer)) is not None:
        return refused
    cases = _f_cases()
    found = first_disagreement(answer, _f_reference, cases, kind=exact_number)
    if found is not None:
        reference = (
            "the best play over every flip choice"
            if sum(found[0]) <= FREE_TRIOS
            else "the package's table of f"
        )
        return _counterexample(found, "K2, K1, K0", reference)
    small = sum(1 for state in cases if sum(state) <= FREE_TRIOS)
    return True, (
        f"your f agrees with the best play over every flip choice on all {small} states with at most "
        f"{FREE_TRIOS} trios, and with the package's table on {len(cases) - small} states with up to "
        f"{F_RANGE} trios, (0, 0, {F_RANGE}) included, where a recursion without memo would need about "
        "10**42 calls."
    )


E3_RANGE = 40


def _prepare_three_known() -> None:
    three_known_rounds(E3_RANGE)
    for N in range(1, ENUMERATED + 1):
        enumeration_summary(N)


def _three_known_reference(N: int) -> Fraction:
    if N <= ENUMERATED:
        return enumeration_summary(N).expected_three_known
    return three_known_rounds(N)


@exercise(
    "trios-5",
    names="N",
    time_limit=10,
    prepare=_prepare_three_known,
    on_timeout="The check goes on to N = 40: memoise the recursion over the states, and keep one memo "
    "for every N (do not build it again inside each call).",
    asks="three_known_rounds(N): the expected number of rounds spent removing Three-Known trios, exactly",
    verifies=f"N = 1..{E3_RANGE}: the average over every order of the deck for N <= {ENUMERATED}, the "
    "recursion over the states beyond",
    giveaways=("61/140", "2187/3080"),
)
def _three_known(answer) -> tuple[bool, str]:
    """Exercise 5: E3(N), the rounds spent on Three-Known trios."""
    cases = [(N,) for N in range(1, E3_RANGE + 1)]
    found = first_disagreement(answer, _three_known_reference, cases, kind=exact_number)
    if found is not None:
        N = found[0][0]
        reference = (
            "the average over every order of the deck" if N <= ENUMERATED else "the recursion over the states"
        )
        return _counterexample(found, "N", reference)
    return True, (
        f"your E3(N) agrees with the average over every order of the deck for N <= {ENUMERATED} and with "
        f"the recursion over the states for every N up to {E3_RANGE}."
    )
