"""Checks for the ten exercises of Sniedovich's egg-dropping paper (ids "egg-1" .. "egg-10").

Every check compares the student's answer with the plain dynamic programme
(``worst_case_table`` / ``laplace_table``), never with the package's closed forms, and
reports the range it verified or the smallest counterexample.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from puzzles.course.checker import counterexample_place, exercise, first_disagreement
from puzzles.course.display import format_set
from puzzles.egg.model import DPTable, laplace_table, worst_case_table

__all__: list[str] = []

TWO_EGG_SIZES = 2000  # k range of the two-egg checks
MANY_EGGS, MANY_SIZES = 6, 400  # n and k ranges of the n-egg checks


@cache
def _worst(n_max: int, k_max: int) -> DPTable:
    return worst_case_table(n_max, k_max)


@cache
def _laplace(n_max: int, k_max: int) -> DPTable:
    return laplace_table(n_max, k_max)


def _as_set(value) -> set[int]:
    return {int(v) for v in value}


def _report(found, what: str, args: str, names: str = "k") -> tuple[bool, str]:
    if found is None:
        return True, f"{what} agrees with the dynamic programme for every {args}."
    case, given, expected = found
    shown = counterexample_place(case, names)
    if isinstance(expected, (set, range)):
        expected = format_set(expected)
        given = format_set(given) if isinstance(given, (set, range, list, tuple)) else given
    return False, f"smallest counterexample at {shown}: your answer gives {given}, the DP gives {expected}."


@exercise("egg-1")
def _largest_optimal_drop(answer) -> tuple[bool, str]:
    """Exercise 1: W(2, k) = max X(2, k). The answer returns max X(2, k) by a formula."""
    table = _worst(2, TWO_EGG_SIZES)
    for k in range(1, TWO_EGG_SIZES + 1):
        if max(table.drops[2][k]) != table.value[2, k]:  # the claim itself, on the DP
            return False, f"the claim fails at k = {k}"  # pragma: no cover - it holds
    found = first_disagreement(
        answer, lambda k: max(table.drops[2][k]), [(k,) for k in range(1, TWO_EGG_SIZES + 1)]
    )
    return _report(found, "max X(2,k) = W(2,k) holds, and your formula", f"k in 1..{TWO_EGG_SIZES}")


@exercise("egg-2")
def _two_egg_laplace_drops(answer) -> tuple[bool, str]:
    """Exercise 2: Y(2, k) as a set, from its smallest and largest elements."""
    table = _laplace(2, TWO_EGG_SIZES)
    found = first_disagreement(
        lambda k: _as_set(answer(k)),
        lambda k: set(table.drops[2][k]),
        [(k,) for k in range(1, TWO_EGG_SIZES + 1)],
    )
    return _report(found, "your Y(2,k)", f"k in 1..{TWO_EGG_SIZES}")


@exercise("egg-3")
def _two_egg_numerator(answer) -> tuple[bool, str]:
    """Exercise 3: N(k) with L(2, k) = N(k) / (k + 1)."""
    table = _laplace(2, TWO_EGG_SIZES)
    found = first_disagreement(
        answer, lambda k: int(table.value[2, k]), [(k,) for k in range(1, TWO_EGG_SIZES + 1)]
    )
    return _report(found, "your N(k)", f"k in 1..{TWO_EGG_SIZES}")


@exercise("egg-4")
def _robust_two_eggs(answer) -> tuple[bool, str]:
    """Exercise 4: a first drop optimal under both scenarios, for every size k (two eggs)."""
    worst, laplace = _worst(2, TWO_EGG_SIZES), _laplace(2, TWO_EGG_SIZES)
    for k in range(1, TWO_EGG_SIZES + 1):
        x = answer(k)
        both = set(worst.drops[2][k]) & set(laplace.drops[2][k])
        if x not in both:
            return False, (
                f"at k = {k} your drop {x} is not optimal for both scenarios: "
                f"X(2,{k}) = {format_set(worst.drops[2][k])}, Y(2,{k}) = {format_set(laplace.drops[2][k])}."
            )
    return True, (
        f"your drop lies in X(2,k) and in Y(2,k) for every k in 1..{TWO_EGG_SIZES}; "
        "playing it at every state is a robust optimal policy."
    )


def _subset_claim(answer, n_max: int, k_max: int, where: str) -> tuple[bool, str]:
    if not isinstance(answer, bool):
        return False, "answer True or False."
    worst, laplace = _worst(n_max, k_max), _laplace(n_max, k_max)
    for n in range(1, n_max + 1):
        for k in range(1, k_max + 1):
            if not set(laplace.drops[n][k]) <= set(worst.drops[n][k]):
                if answer:
                    return (
                        False,
                        f"at n = {n}, k = {k}: Y = {format_set(laplace.drops[n][k])} is not inside X.",
                    )
                return True, f"indeed, at n = {n}, k = {k} Y is not inside X."  # pragma: no cover
    if answer:
        return True, f"the DP confirms Y(n,k) inside X(n,k) for {where}; the proof covers every size."
    return False, f"the DP finds no counterexample for {where}: Y(n,k) always lies inside X(n,k) there."


@exercise("egg-5")
def _two_egg_subset(answer) -> tuple[bool, str]:
    """Exercise 5: is Y(2, k) a subset of X(2, k) for every k? (a bool)."""
    return _subset_claim(answer, 2, TWO_EGG_SIZES, f"n = 2 and k in 1..{TWO_EGG_SIZES}")


@exercise("egg-6")
def _laplace_rep(answer) -> tuple[bool, str]:
    """Exercise 6: REP(j, n) in terms of rep(j, n); checked by counting the DP's Dif values."""
    n_max, k_max = 8, 2100
    laplace = _laplace(n_max, k_max)
    for n in range(1, n_max + 1):
        difs = [int(laplace.value[n, k] - laplace.value[n, k - 1]) for k in range(1, k_max + 1)]
        for j in range(1, 13):
            if j >= difs[-1]:
                break  # the table is too short to count this value completely
            expected = difs.count(j)
            try:
                given = answer(j, n)
            except Exception as error:
                given = f"{type(error).__name__}: {error}"
            if given != expected:
                return False, (
                    f"smallest counterexample at (j, n) = ({j}, {n}): your answer gives {given}, "
                    f"but the DP's Dif(., {n}) takes the value {j} exactly {expected} times."
                )
    return True, "your REP(j,n) matches the counts of the DP's Dif(k,n) for n <= 8, j <= 12."


@exercise("egg-7")
def _laplace_from_rep(answer) -> tuple[bool, str]:
    """Exercise 7: L(n, k) expressed through rep; compared with the DP."""
    table = _laplace(MANY_EGGS, MANY_SIZES)
    cases = [(n, k) for n in range(1, MANY_EGGS + 1) for k in range(1, MANY_SIZES + 1)]
    found = first_disagreement(lambda n, k: Fraction(answer(n, k)), lambda n, k: table.fraction(n, k), cases)
    return _report(found, "your L(n,k)", f"n <= {MANY_EGGS} and k <= {MANY_SIZES}", "n, k")


@exercise("egg-8")
def _laplace_drops_from_rep(answer) -> tuple[bool, str]:
    """Exercise 8: Y(n, k) expressed through rep and First; compared with the DP."""
    table = _laplace(MANY_EGGS, MANY_SIZES)
    cases = [(n, k) for n in range(1, MANY_EGGS + 1) for k in range(1, MANY_SIZES + 1)]
    found = first_disagreement(lambda n, k: _as_set(answer(n, k)), lambda n, k: set(table.drops[n][k]), cases)
    return _report(found, "your Y(n,k)", f"n <= {MANY_EGGS} and k <= {MANY_SIZES}", "n, k")


@exercise("egg-9")
def _many_egg_subset(answer) -> tuple[bool, str]:
    """Exercise 9: is every optimal Laplace policy robust, i.e. Y(n, k) inside X(n, k)? (a bool)."""
    return _subset_claim(answer, 8, 1000, "n <= 8 and k in 1..1000")


@exercise("egg-10")
def _nature_on_optimal_drops(answer) -> tuple[bool, str]:
    """Exercise 10: Mother Nature's reply z(n, k, x) to an optimal drop x in X(n, k)."""
    table = _worst(MANY_EGGS, MANY_SIZES)

    def lemma_19(n: int, k: int, x: int) -> str:
        broken, survived = table.value[n - 1, x - 1], table.value[n, k - x]
        return "break" if broken > survived else "survive" if broken < survived else "either"

    cases = [
        (n, k, x)
        for n in range(1, MANY_EGGS + 1)
        for k in range(1, MANY_SIZES + 1)
        for x in table.drops[n][k]
    ]
    found = first_disagreement(answer, lemma_19, cases)
    return _report(found, "your z(n,k,x)", f"n <= {MANY_EGGS}, k <= {MANY_SIZES} and optimal x", "n, k, x")
