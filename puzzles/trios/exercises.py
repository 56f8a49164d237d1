"""Checks for the Tricky Trios exercises (ids "trios-1" .. "trios-4").

Each check compares the student's answer with evidence computed another way than the
package's DP: the enumeration of every order of the deck, the DP that allows every flip, or
a count by brute force and a recursion.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from puzzles.course.checker import counterexample_place, exercise, first_disagreement
from puzzles.trios.model import canonical_orders, enumeration_summary, free_choice_value

__all__: list[str] = []

FREE_TRIOS = 6  # states (K2, K1, K0) with at most this many trios are checked against the free DP
ENUMERATED = 4  # enumeration of every order for N <= 4


def _report(found, what: str, where: str, names: str) -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees with {where}."
    case, given, expected = found
    shown = counterexample_place(case, names)
    return (
        False,
        f"smallest counterexample at {shown}: your answer gives {given}, the reference gives {expected}.",
    )


@exercise("trios-1")
def _two_trios(answer) -> tuple[bool, str]:
    """Exercise 1: E(2) as an exact fraction, by hand."""
    summary = enumeration_summary(2)
    expected = summary.expected_rounds
    try:
        given = Fraction(answer)
    except (TypeError, ValueError):
        return False, f"give E(2) as an exact number (a Fraction or an int), got {answer!r}."
    if isinstance(answer, float):
        return False, "give E(2) as an exact Fraction, not a float."
    if given == expected:
        return True, (
            f"E(2) = {expected}: the average over all {summary.orders} orders of the deck "
            "up to relabelling, played by the rule."
        )
    return False, f"your E(2) = {given} differs from the average over all {summary.orders} orders."


@exercise("trios-3")
def _the_dp(answer) -> tuple[bool, str]:
    """Exercise 3: f(K2, K1, K0), compared with the DP that allows every flip."""
    cases = [
        (K2, K1, K0)
        for T in range(FREE_TRIOS + 1)
        for K2 in range(T + 1)
        for K1 in range(T - K2 + 1)
        for K0 in [T - K2 - K1]
    ]
    found = first_disagreement(lambda *s: Fraction(answer(*s)), lambda *s: free_choice_value((0, *s)), cases)
    return _report(
        found,
        "your f(K2, K1, K0)",
        f"the best play over every flip choice for all {len(cases)} states with at most {FREE_TRIOS} trios",
        "K2, K1, K0",
    )


@cache
def _counted(N: int) -> int:
    return sum(1 for _ in canonical_orders(N))


def _by_recursion(N: int) -> int:
    """The card in position 1 and its two partners (C(3N-1, 2) ways), then N - 1 trios."""
    count = 1
    for n in range(1, N + 1):
        count *= comb(3 * n - 1, 2)
    return count


@exercise("trios-2")
def _orders(answer) -> tuple[bool, str]:
    """Exercise 2: the number of orders up to relabelling, as a function of N."""
    cases = [(N,) for N in range(1, 31)]
    found = first_disagreement(answer, lambda N: _counted(N) if N <= ENUMERATED else _by_recursion(N), cases)
    return _report(
        found,
        "your count",
        f"the orders counted one by one for N <= {ENUMERATED} and a recursion for N <= 30",
        "N",
    )


@exercise("trios-4")
def _three_known(answer) -> tuple[bool, str]:
    """Exercise 4: the expected number of rounds spent on Three-Known trios, E3(N)."""
    cases = [(N,) for N in range(1, ENUMERATED + 1)]
    found = first_disagreement(
        lambda N: Fraction(answer(N)), lambda N: enumeration_summary(N).expected_three_known, cases
    )
    return _report(
        found,
        "your E3(N)",
        f"the average over every order of the deck for N = 1..{ENUMERATED}",
        "N",
    )
