"""Checks for the egg-dropping exercises (Sniedovich's Exercises 1-10 and the pack's own).

Every check compares the student's answer with the plain dynamic programme
(``worst_case_table`` / ``laplace_table``) on the sizes a DP reaches, and the exercises that ask
for a formula also with the package's closed forms (tested against the DP in ``tests/egg``) at
sizes up to about 10**15, where no DP can go. Each reports the range it verified or the
smallest counterexample.
"""

from __future__ import annotations

import operator
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import cache
from typing import Any

from puzzles.course.checker import (
    counterexample_place,
    exact_number,
    exercise,
    first_disagreement,
    registration,
    set_of_whole,
    whole,
)
from puzzles.course.display import format_set
from puzzles.egg.model import (
    DPTable,
    first,
    laplace_drops,
    laplace_numerator,
    laplace_table,
    rep,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)

__all__: list[str] = []

TWO_EGG_SIZES = 2000  # k range of the two-egg checks
MANY_EGGS, MANY_SIZES = 6, 400  # n and k ranges of the n-egg checks


@cache
def _worst(n_max: int, k_max: int) -> DPTable:
    return worst_case_table(n_max, k_max)


@cache
def _laplace(n_max: int, k_max: int) -> DPTable:
    return laplace_table(n_max, k_max)


# -- two eggs (Lessons I and II): egg-1 .. egg-5 and egg-11 ----------------------------------
#
# These exercises ask for formulas, "without the DP and without the package": each check
# refuses an answer that reaches ``puzzles.egg`` (``without=``), compares the answer with the
# plain DP for every k in 1..TWO_EGG_SIZES, and then at sizes up to 10**15, where no table
# and no loop over k can go. There the references are the package's closed forms (tested
# against the DP in tests/egg), and a slow answer is stopped with a sentence that says why.

BEYOND_DP = 10**15  # the largest size the two-egg checks try


def _two_egg_sizes_beyond_dp() -> list[int]:
    """Sizes from 10**4 to 10**15: block ends (q = 0, 1, t-2, t-1 in W's block t) and random ones."""
    sizes = {BEYOND_DP}
    for top in (10**4, 10**6, 10**9, 10**12, BEYOND_DP):
        t = worst_case_trials(2, top)
        for s in (t - 2, t - 1):  # two whole blocks below ``top``
            start = s * (s - 1) // 2 + 1  # the first size with W(2, k) = s
            sizes |= {start, start + 1, start + s - 2, start + s - 1}
    draw = random.Random(2003)
    sizes |= {draw.randrange(BEYOND_DP // 100, BEYOND_DP) for _ in range(16)}
    return sorted(sizes)


BEYOND_DP_SIZES = _two_egg_sizes_beyond_dp()


class _OutOfTime(BaseException):
    """The answer ran past the check's own budget for the sizes beyond the DP."""


@contextmanager
def _budget(seconds: float) -> Iterator[None]:
    """Raise ``_OutOfTime`` after ``seconds`` (where the process has no other alarm running).

    The checker kills a check at its time limit anyway; this alarm rings a little earlier so
    that the verdict can say *why* a slow answer fails here.
    """
    usable = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )
    if not usable:
        yield
        return

    def ring(signum, frame):
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.05))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _shown_drops(drops: range | set) -> str:
    """``{3,4,5}``, or ``{q+1,...,t}`` written with its end points when it is long."""
    if isinstance(drops, range) and len(drops) > 8:
        return f"{{{drops.start},...,{drops.stop - 1}}}"
    return format_set(drops)


def _pair_of_whole(value: Any) -> str | None:
    """A pair (smallest, largest) of integers, as a tuple or a list."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
        return f"{shown} is not a pair; return (smallest, largest) as a tuple of two integers"
    for element in value:
        if (problem := whole(element)) is not None:
            return f"it contains {problem}"
    return None


def _same_pair(given: Any, expected: tuple[int, int]) -> bool:
    return tuple(given) == expected


def _formula_check(
    exercise_id: str,
    answer: Callable[[int], Any],
    dp_reference: Callable[[int], Any],
    closed_reference: Callable[[int], Any],
    what: str,
    kind: Callable[[Any], str | None],
    same: Callable[[Any, Any], bool] = lambda a, b: a == b,
    shown: Callable[[Any], str] = repr,
) -> tuple[bool, str]:
    """Compare ``answer(k)`` with the DP on 1..TWO_EGG_SIZES, then with closed forms up to 10**15."""
    started = time.perf_counter()

    def disagreement(found) -> tuple[bool, str]:
        (k,), given, expected = found
        given = given if isinstance(given, str) else shown(given)
        return (
            False,
            f"smallest counterexample at k = {k}: your answer gives {given}, it should be {shown(expected)}.",
        )

    found = first_disagreement(answer, dp_reference, [(k,) for k in range(1, TWO_EGG_SIZES + 1)], same, kind)
    if found is not None:
        return disagreement(found)
    left = 0.8 * registration(exercise_id).time_limit - (time.perf_counter() - started)
    k = BEYOND_DP_SIZES[0]
    try:
        with _budget(left):
            for k in BEYOND_DP_SIZES:
                found = first_disagreement(answer, closed_reference, [(k,)], same, kind)
                if found is not None:
                    return disagreement(found)
    except _OutOfTime:
        return False, (
            f"{what} is right for every k in 1..{TWO_EGG_SIZES}, but at k = {k} it did not finish in time. "
            f"This check goes on to sizes up to 10**15, where no DP table and no loop over k can go: "
            "the exercise asks for a formula in k."
        )
    return True, (
        f"{what} agrees with the dynamic programme for every k in 1..{TWO_EGG_SIZES} and with the "
        f"closed forms at {len(BEYOND_DP_SIZES)} sizes from 10**4 to 10**15, where no DP can go."
    )


def _prepare_two_eggs() -> None:
    _worst(2, TWO_EGG_SIZES)
    _laplace(2, TWO_EGG_SIZES)
    _laplace_penalties()


@exercise(
    "egg-11",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="Lemma 2: L(1, k), the expected trials of one egg when C is uniform on 0..k, as an exact "
    "formula in k, derived from Lemma 1 (without the package)",
    verifies="equals the one-egg DP (28) for k = 1..2000 and Lemma 2's closed form at sizes from "
    "10**4 to 10**15; refuses floats and answers that use puzzles.egg",
    giveaways=("k/2 + k/(k+1)", "k/(k+1)", "E[C] + P[C", "3k)/(2(k+1))", "3k)/2(k+1)"),
)
def _one_egg_laplace(answer) -> tuple[bool, str]:
    """Exercise 11: L(1, k) = k/2 + k/(k+1) (Lemma 2), exact, for k up to 10**15."""
    table = _laplace(2, TWO_EGG_SIZES)
    return _formula_check(
        "egg-11",
        answer,
        lambda k: table.fraction(1, k),
        lambda k: Fraction(k * (k + 3), 2 * (k + 1)),
        "your L(1,k)",
        exact_number,
        shown=str,
    )


@exercise(
    "egg-1",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="prove W(2,k) = max X(2,k) (Sniedovich, Exercise 1); return (min X(2,k), max X(2,k)) "
    "by a formula in k, without the DP or the package",
    verifies="the pair equals the ends of X(2,k) from the DP (19) for k = 1..2000 and from the "
    "closed form at sizes from 10**4 to 10**15; refuses answers that use puzzles.egg",
    giveaways=("removes the lowest one", "k - t(t-1)/2", "k - (t-1)t/2", "\\{q+1, \\dots, t\\}"),
)
def _optimal_drop_range(answer) -> tuple[bool, str]:
    """Exercise 1: the ends of X(2, k); the claim max X(2, k) = W(2, k) is its second half."""
    table = _worst(2, TWO_EGG_SIZES)

    def ends(drops: range) -> tuple[int, int]:
        return drops.start, drops.stop - 1

    return _formula_check(
        "egg-1",
        answer,
        lambda k: ends(table.drops[2][k]),
        lambda k: ends(worst_case_drops(2, k)),
        "your (min X(2,k), max X(2,k))",
        _pair_of_whole,
        _same_pair,
    )


@exercise(
    "egg-2",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="the pattern of Y(2,k) (Sniedovich, Exercise 2): return the set Y(2,k) by a formula in k, "
    "without the DP or the package",
    verifies="the set equals Y(2,k) from the DP (28) for k = 1..2000 and from the closed form at "
    "sizes from 10**4 to 10**15; refuses answers that use puzzles.egg",
    giveaways=("\\max(q+1, t-1)", "max(q + 1, t - 1)", "never holds more than two"),
)
def _two_egg_laplace_drops(answer) -> tuple[bool, str]:
    """Exercise 2: Y(2, k) as a set of at most two drops."""
    table = _laplace(2, TWO_EGG_SIZES)
    return _formula_check(
        "egg-2",
        answer,
        lambda k: set(table.drops[2][k]),
        lambda k: set(laplace_drops(2, k)),
        "your Y(2,k)",
        set_of_whole,
        shown=_shown_drops,
    )


def _two_egg_total(k: int) -> int:
    """N(k) = (k + 1) L(2, k) in closed form: k + sum of W(2, j) for j <= k, block by block.

    W(2, .) takes the value s exactly s times (sizes s(s-1)/2 + 1 .. s(s+1)/2), so with
    t = W(2, k) the sum is 1^2 + ... + (t-1)^2 plus t for each of the k - t(t-1)/2 sizes of
    the last block.
    """
    if k == 0:
        return 0
    t = worst_case_trials(2, k)
    return k + (t - 1) * t * (2 * t - 1) // 6 + t * (k - t * (t - 1) // 2)


@exercise(
    "egg-3",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="the pattern of L(2,k) = N(k)/(k+1) (Sniedovich, Exercise 3): the integer N(k) by a "
    "formula in k, without solving the functional equation",
    verifies="N(k) equals (k+1) L(2,k) from the DP (28) for k = 1..2000 and the block-sum closed "
    "form at sizes from 10**4 to 10**15; refuses floats and answers that use puzzles.egg",
    giveaways=("1 + W(2,k)", "1 + W(2, k)", "N(k) - N(k-1) ="),
)
def _two_egg_numerator(answer) -> tuple[bool, str]:
    """Exercise 3: N(k) with L(2, k) = N(k) / (k + 1)."""
    table = _laplace(2, TWO_EGG_SIZES)
    return _formula_check(
        "egg-3", answer, lambda k: int(table.value[2, k]), _two_egg_total, "your N(k)", whole
    )


@exercise(
    "egg-4",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="is there a robust optimal policy for two eggs (Sniedovich, Exercise 4)? Return a first "
    "drop optimal under both scenarios, for every k, without the DP or the package",
    verifies="the drop lies in X(2,k) and in Y(2,k) (from the DP for k = 1..2000, the closed forms "
    "at sizes from 10**4 to 10**15); a drop optimal in one scenario only is refused",
    giveaways=("W(2,k) \\in Y(2,k)", "\\max Y(2,k) = W(2,k)", "max Y(2,k) = W(2,k)"),
)
def _robust_two_eggs(answer) -> tuple[bool, str]:
    """Exercise 4: a first drop optimal under both scenarios, for every size k (two eggs)."""
    worst, laplace = _worst(2, TWO_EGG_SIZES), _laplace(2, TWO_EGG_SIZES)
    started = time.perf_counter()

    def verdict(k: int, x_drops: range, y_drops: range) -> str | None:
        given = answer(k)
        if (problem := whole(given)) is not None:
            return f"at k = {k}: {problem}."
        x = operator.index(given)
        in_x, in_y = x in x_drops, x in y_drops
        if in_x and in_y:
            return None
        sets = f"X(2,{k}) = {_shown_drops(x_drops)}, Y(2,{k}) = {_shown_drops(y_drops)}"
        if in_x:
            return f"at k = {k} your drop {x} is worst-case optimal but not optimal under Laplace ({sets})."
        if in_y:
            return f"at k = {k} your drop {x} is optimal under Laplace but not worst-case optimal ({sets})."
        return f"at k = {k} your drop {x} is optimal in neither scenario ({sets})."

    for k in range(1, TWO_EGG_SIZES + 1):
        if (problem := verdict(k, worst.drops[2][k], laplace.drops[2][k])) is not None:
            return False, problem
    left = 0.8 * registration("egg-4").time_limit - (time.perf_counter() - started)
    k = BEYOND_DP_SIZES[0]
    try:
        with _budget(left):
            for k in BEYOND_DP_SIZES:
                if (problem := verdict(k, worst_case_drops(2, k), laplace_drops(2, k))) is not None:
                    return False, problem
    except _OutOfTime:
        return False, (
            f"your drop is robust for every k in 1..{TWO_EGG_SIZES}, but at k = {k} it did not finish in "
            "time. This check goes on to sizes up to 10**15, where no DP table and no loop over k can go: "
            "the exercise asks for a formula in k."
        )
    return True, (
        f"your drop lies in X(2,k) and in Y(2,k) for every k in 1..{TWO_EGG_SIZES} (DP) and at "
        f"{len(BEYOND_DP_SIZES)} sizes from 10**4 to 10**15 (closed forms); playing it at every state "
        "is a robust optimal policy."
    )


def _laplace_cost_of_drop(
    k: int, x: int, one_egg: Callable[[int], int], two_eggs: Callable[[int], int]
) -> int:
    """(k + 1) L(2, k | x): the total trials over the k + 1 values of C when the first drop is x.

    The integer form of eq. (28): k + 1 for the first drop, then Nom(1, x - 1) below and
    N(k - x) above.
    """
    return k + 1 + one_egg(x - 1) + two_eggs(k - x)


@cache
def _laplace_penalties() -> tuple[int, ...]:
    """max over x in X(2, k) of (k+1) L(2, k | x) - (k+1) L(2, k), for k = 0..TWO_EGG_SIZES, by the DP."""
    worst, laplace = _worst(2, TWO_EGG_SIZES), _laplace(2, TWO_EGG_SIZES)
    nom = laplace.value

    def one_egg(m: int) -> int:
        return int(nom[1, m])

    def two_eggs(m: int) -> int:
        return int(nom[2, m])

    penalties = [0]
    for k in range(1, TWO_EGG_SIZES + 1):
        worst_cost = max(_laplace_cost_of_drop(k, x, one_egg, two_eggs) for x in worst.drops[2][k])
        penalties.append(worst_cost - two_eggs(k))
    return tuple(penalties)


def _laplace_penalty_closed(k: int) -> int:
    """The same penalty from closed forms: Nom(1, m) = m(m+3)/2 (Lemma 2), N(k) by blocks.

    (k+1) L(2, k | x) is convex in x (its steps x - W(2, k-x) increase), so its largest value
    on the interval X(2, k) sits at one of the interval's ends.
    """
    drops = worst_case_drops(2, k)

    def one_egg(m: int) -> int:
        return m * (m + 3) // 2

    ends = (drops.start, drops.stop - 1)
    worst_cost = max(_laplace_cost_of_drop(k, x, one_egg, _two_egg_total) for x in ends)
    return worst_cost - _two_egg_total(k)


@exercise(
    "egg-5",
    names="k",
    without="puzzles.egg",
    prepare=_prepare_two_eggs,
    asks="prove or refute Y(2,k) inside X(2,k) for every k (Sniedovich, Exercise 5); return the most "
    "extra total trials a worst-case-optimal first drop costs under Laplace, by a formula in k",
    verifies="the penalty equals the DP's (max over X(2,k) of (k+1)L(2,k|x), minus N(k)) for "
    "k = 1..2000 and the closed forms at sizes from 10**4 to 10**15; refuses answers that use puzzles.egg",
    giveaways=(
        "inside X(2,k) for every",
        "always lies inside",
        "(t-1-q)(t-2-q)/2",
        "(t-2-q)(t-1-q)/2",
        "\\binom{t-1-q}{2}",
        "y_within_x",
    ),
)
def _laplace_penalty(answer) -> tuple[bool, str]:
    """Exercise 5: the proof that Y(2, k) lies in X(2, k), and the penalty of the other drops of X."""
    penalties = _laplace_penalties()
    return _formula_check(
        "egg-5",
        answer,
        lambda k: penalties[k],
        _laplace_penalty_closed,
        "your penalty",
        whole,
    )


# -- many eggs (Lessons III and IV): egg-6 .. egg-10, egg-13, egg-14 -------------------------
#
# Lesson III (the worst case with n eggs) asks for W(n, k) (egg-13), X(n, k) (egg-14) and
# Mother Nature's replies to the optimal drops (egg-10); Lesson IV (Laplace's scenario with n
# eggs) for REP (egg-6), L (egg-7), Y (egg-8) and a robust policy (egg-9). All of them are
# done from rep and First, without the package: each check compares the answer with the plain
# DP (n <= MANY_EGGS, k <= MANY_SIZES), then at sizes up to 10**15, where no table and no loop
# over k can go. There the references are the package's closed forms (tested against the DP
# in tests/egg), and a slow answer is stopped with a sentence that says why.

MANY_BEYOND_EGGS = (1, 2, 3, 4, 5, 7, 10, 20, 64)  # n of the checks beyond the DP
MANY_ON_TIMEOUT = (
    "This check goes on to sizes up to 10**15, where no DP table and no loop over the sizes (or over "
    "the blocks of equal W) can go: work from rep and First, binomial sums with math.comb."
)


def _block_ends(n: int, k: int) -> set[int]:
    """Sizes around the block of equal W(n, .) that holds k: its first and last sizes and neighbours."""
    j = worst_case_trials(n, k)
    start, end = first(j, n), first(j + 1, n) - 1
    return {start - 1, start, start + 1, end - 1, end, end + 1}


def _many_egg_sizes_beyond_dp() -> list[tuple[int, int]]:
    """(n, k) from 10**9 to about 10**15: block ends, random sizes, and bisection's k <= 2**n."""
    cases: set[tuple[int, int]] = set()
    for n in MANY_BEYOND_EGGS:
        for top in (10**9, 10**12, BEYOND_DP):
            cases |= {(n, k) for k in _block_ends(n, top) | {top}}
    draw = random.Random(2003)
    for n in (2, 3, 4, 6):
        cases |= {(n, draw.randrange(10**13, BEYOND_DP)) for _ in range(4)}
    cases |= {(50, 2**49 + d) for d in (-1, 0, 1)} | {(50, 2**50 + d) for d in (-1, 0, 1)}
    return sorted((n, k) for n, k in cases if k >= 1)


MANY_BEYOND_SIZES = _many_egg_sizes_beyond_dp()


def _many_egg_cases() -> list[tuple[int, int]]:
    """Every (n, k) of the DP range, n first: the smallest counterexample comes first."""
    return [(n, k) for n in range(1, MANY_EGGS + 1) for k in range(1, MANY_SIZES + 1)]


def _prepare_many_eggs() -> None:
    _worst(MANY_EGGS, MANY_SIZES)
    _worst(8, 600)
    _laplace(MANY_EGGS, MANY_SIZES)
    _nature_counts_table()
    _laplace_rep_counts()


def _slow_place(n: int, k: int) -> str:
    """Where a slow answer stopped, and why nothing that loops over sizes or blocks can go there."""
    blocks = worst_case_trials(n, k)
    return (
        f"(n, k) = ({n}, {k}): a DP table, a loop over the {k} sizes or one over the {blocks} "
        "blocks of equal W(n,k) cannot finish in time there"
    )


def _many_check(
    exercise_id: str,
    answer: Callable[..., Any],
    dp_reference: Callable[..., Any],
    closed_reference: Callable[..., Any],
    what: str,
    kind: Callable[[Any], str | None],
    *,
    same: Callable[[Any, Any], bool] = lambda a, b: a == b,
    shown: Callable[[Any], str] = repr,
    small_cases: list[tuple] | None = None,
    small_range: str = f"n <= {MANY_EGGS} and k <= {MANY_SIZES}",
    big_cases: list[tuple] | None = None,
    big_range: str = "",
    big_reference: str = "closed forms",
    names: str = "n, k",
    slow_place: Callable[..., str] = _slow_place,
) -> tuple[bool, str]:
    """Compare ``answer`` with the DP on the small cases, then with closed forms beyond the DP."""
    started = time.perf_counter()
    small_cases = _many_egg_cases() if small_cases is None else small_cases
    big_cases = MANY_BEYOND_SIZES if big_cases is None else big_cases

    def disagreement(found) -> tuple[bool, str]:
        case, given, expected = found
        place = counterexample_place(case, names)
        if isinstance(given, str):  # a value of the wrong kind, described by ``kind``
            return False, f"at {place}: {given}."
        return False, (
            f"smallest counterexample at {place}: your answer gives {shown(given)}, "
            f"it should be {shown(expected)}."
        )

    found = first_disagreement(answer, dp_reference, small_cases, same, kind)
    if found is not None:
        return disagreement(found)
    left = 0.8 * registration(exercise_id).time_limit - (time.perf_counter() - started)
    case = big_cases[0]
    try:
        with _budget(left):
            for case in big_cases:
                found = first_disagreement(answer, closed_reference, [case], same, kind)
                if found is not None:
                    return disagreement(found)
    except _OutOfTime:
        return False, (
            f"{what} is right for every {small_range}, but it did not finish in time at "
            f"{slow_place(*case)}. This exercise asks for a computation from rep and First "
            "(binomial sums), which reaches such sizes at once."
        )
    big_range = big_range or (
        f"at {len(big_cases)} sizes from 10**9 to 10**15 (block ends and random ones) with n up to 64"
    )
    return True, (
        f"{what}: right for every {small_range} (dynamic programme), and {big_range}, where no DP "
        f"can go ({big_reference})."
    )


def _drops_kind(value: Any) -> str | None:
    """A set of drops: a range with step 1, or a set, list or tuple of integers."""
    if isinstance(value, range):
        if value.step != 1 and len(value) > 1:
            return f"{value!r} does not step by 1; return range(smallest, largest + 1)"
        return None
    return set_of_whole(value)


def _same_drops(given: Any, expected: range) -> bool:
    """Equal as sets of drops, without building a set of 10**10 drops from a range."""
    if isinstance(given, range):
        given = range(given.start, given.stop) if given.step == 1 else range(0)
        return given == expected or set(given) == set(expected)
    drops = set(given)
    if not drops or not expected:
        return not drops and not expected
    return len(drops) == len(expected) and min(drops) == expected[0] and max(drops) == expected[-1]


def _shown_given_drops(value: Any) -> str:
    """A set of drops in a line: ``{3,4,5}``, ``{q+1,...,t}`` when long, else cut."""
    if isinstance(value, range) and value.step == 1:
        return _shown_drops(value)
    if isinstance(value, (set, frozenset, list, tuple)):
        drops = sorted(value)
        if len(drops) > 8 and drops == list(range(drops[0], drops[-1] + 1)):
            return f"{{{drops[0]},...,{drops[-1]}}}"
        shown = format_set(drops[:8])
        return shown if len(drops) <= 8 else f"{shown[:-1]},...}} ({len(drops)} drops)"
    return repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."


def _slow_drops_place(symbol: str, drops: Callable[[int, int], range]) -> Callable[[int, int], str]:
    """Where a slow X or Y answer stopped: too many drops for a set, too many sizes for a loop."""

    def place(n: int, k: int) -> str:
        return (
            f"(n, k) = ({n}, {k}): {symbol}({n},k) holds {len(drops(n, k))} drops there, and there are "
            f"{k} sizes below it. Return the drops as range(smallest, largest + 1): a set that large, "
            "a DP table or a loop over the sizes cannot finish in time"
        )

    return place


@exercise(
    "egg-13",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=MANY_ON_TIMEOUT,
    asks="Theorem 6 at work: W(n, k) from the rep counts (binomial sums), fast enough for k up to "
    "10**15 and any n, without the DP or the package",
    verifies=f"equals W(n,k) from the DP (17) for n <= 8 and k <= 600, and the package's closed form "
    f"at {len(MANY_BEYOND_SIZES)} sizes (block ends, random) up to 10**15 with n up to 64; refuses "
    "floats and answers that use puzzles.egg",
    giveaways=(str(worst_case_trials(2, BEYOND_DP)), str(worst_case_trials(3, BEYOND_DP))),
)
def _many_egg_trials(answer) -> tuple[bool, str]:
    """Exercise 13: W(n, k) = min{j : rep(j+1, n+1) > k} (Theorem 6), evaluated fast."""
    table = _worst(8, 600)
    return _many_check(
        "egg-13",
        answer,
        lambda n, k: int(table.value[n, k]),
        worst_case_trials,
        "your W(n,k)",
        whole,
        small_cases=[(n, k) for n in range(1, 9) for k in range(1, 601)],
        small_range="n <= 8 and k <= 600",
    )


@exercise(
    "egg-14",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=MANY_ON_TIMEOUT,
    asks="Lemma 18, corrected: X(n, k), every optimal first drop of the worst case, as a range from "
    "rep and First, for k up to 10**15, without the DP or the package",
    verifies=f"equals X(n,k) from the DP (19) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"closed form at {len(MANY_BEYOND_SIZES)} sizes up to 10**15 with n up to 64; refuses answers "
    "that use puzzles.egg",
    giveaways=(
        "q+1, q+2, \\dots, \\mathrm{rep}(j,n)",
        "X(n, \\mathrm{First}(j,n) + q) =",
        _shown_drops(worst_case_drops(3, BEYOND_DP)),
    ),
)
def _many_egg_drops(answer) -> tuple[bool, str]:
    """Exercise 14: X(n, First(j,n) + q) = {q+1, ..., rep(j,n)} with j = W(n, k)."""
    table = _worst(MANY_EGGS, MANY_SIZES)
    return _many_check(
        "egg-14",
        answer,
        lambda n, k: table.drops[n][k],
        worst_case_drops,
        "your X(n,k)",
        _drops_kind,
        same=_same_drops,
        shown=_shown_given_drops,
        slow_place=_slow_drops_place("X", worst_case_drops),
    )


def _nature_counts(n: int, k: int) -> tuple[int, int, int]:
    """(survive, either, break): Mother Nature's replies (Lemma 19) over the drops of X(n, k).

    With j = W(n, k) >= 2, k = First(j, n) + q and r = rep(j-1, n), the break branch needs all
    j - 1 trials when x > r, the survive branch when x <= q + r; so Nature lets the drops
    q+1..r survive, breaks q+r+1..rep(j,n) and may do either in between.
    """
    j = worst_case_trials(n, k)
    if j == 1:
        return 0, 1, 0
    q, top, r = k - first(j, n), rep(j, n), rep(j - 1, n)
    survive, breaks = max(0, r - q), max(0, top - q - r)
    return survive, top - q - survive - breaks, breaks


@cache
def _nature_counts_table() -> dict[tuple[int, int], tuple[int, int, int]]:
    """The same counts over the DP's X(n, k), each reply by Lemma 19 on the DP's W."""
    table = _worst(MANY_EGGS, MANY_SIZES)
    value = table.value
    counts = {}
    for n in range(1, MANY_EGGS + 1):
        for k in range(1, MANY_SIZES + 1):
            replies = [0, 0, 0]
            for x in table.drops[n][k]:
                broken, survived = value[n - 1, x - 1], value[n, k - x]
                replies[0 if broken < survived else 2 if broken > survived else 1] += 1
            counts[n, k] = tuple(replies)
    return counts


def _three_counts(value: Any) -> str | None:
    """(survive, either, break): a tuple or list of three integers."""
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
        return f"{shown} is not three counts; return (survive, either, break) as a tuple of three integers"
    for element in value:
        if (problem := whole(element)) is not None:
            return f"it contains {problem}"
    return None


@exercise(
    "egg-10",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=(
        "This check goes on to sizes up to 10**15, where X(n,k) holds up to 10**10 drops: count them by "
        "windows of x from rep and First, not by asking Lemma 19 about each drop."
    ),
    asks="the structure of Mother Nature's replies to optimal drops (Sniedovich, Exercise 10): how many "
    "x in X(n,k) she answers 'survive', 'either', 'break', from rep and First, for k up to 10**15",
    verifies=f"the three counts equal those of Lemma 19 on the DP over X(n,k) for n <= {MANY_EGGS} and "
    f"k <= {MANY_SIZES}, and the window structure at {len(MANY_BEYOND_SIZES)} sizes up to 10**15 "
    "(about 10**10 optimal drops each); refuses answers that use puzzles.egg",
    giveaways=("r+1, \\dots, q+r", "x <= q + r", str(_nature_counts(3, BEYOND_DP))),
)
def _nature_on_optimal_drops(answer) -> tuple[bool, str]:
    """Exercise 10: Mother Nature's replies z(n, k, x) over the optimal drops x, counted."""
    counts = _nature_counts_table()

    def slow_place(n: int, k: int) -> str:
        return (
            f"(n, k) = ({n}, {k}): X({n},k) holds {len(worst_case_drops(n, k))} optimal drops there, "
            "too many to ask Lemma 19 about one by one"
        )

    return _many_check(
        "egg-10",
        answer,
        lambda n, k: counts[n, k],
        _nature_counts,
        "your counts (survive, either, break)",
        _three_counts,
        same=lambda given, expected: tuple(given) == expected,
        slow_place=slow_place,
    )


@cache
def _laplace_rep_counts(n_max: int = 8, k_max: int = 2100) -> dict[tuple[int, int], int]:
    """REP(j, n) counted in the DP's Dif(., n) = Nom(n, .) - Nom(n, . - 1), for the complete values j."""
    laplace = _laplace(n_max, k_max)
    counts = {}
    for n in range(1, n_max + 1):
        difs = [int(laplace.value[n, k] - laplace.value[n, k - 1]) for k in range(1, k_max + 1)]
        for j in range(1, 13):
            if j < difs[-1]:  # every size with Dif = j lies inside the table
                counts[j, n] = difs.count(j)
    return counts


@exercise(
    "egg-6",
    names="j, n",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=(
        "This check goes on to j = 150 and n = 40, counts of up to 10**40 sizes that no table of Dif "
        "reaches: write REP from the binomial sum of rep."
    ),
    asks="the relationship between rep(j,n) and REP(j,n) (Sniedovich, Exercise 6): REP(j, n) from your "
    "own rep (binomial sums), without the package",
    verifies="REP(j,n) equals the counts of each value in the DP's Dif(., n) for n <= 8 and j <= 12, "
    "and the theorem Dif = 1 + W for j <= 150 and n <= 40 (counts up to 10**40, beyond any table); "
    "refuses answers that use puzzles.egg",
    giveaways=(
        "\\mathrm{REP}(j+1,n) = \\mathrm{rep}(j,n)",
        "REP(j+1, n) = rep(j, n)",
        "rep(j - 1, n)",
        "down one row",
        "down by one row",
    ),
)
def _laplace_rep(answer) -> tuple[bool, str]:
    """Exercise 6: REP(1, n) = 0 and REP(j, n) = rep(j - 1, n)."""
    counts = _laplace_rep_counts()

    def theorem(j: int, n: int) -> int:
        return 0 if j == 1 else rep(j - 1, n)

    def slow_place(j: int, n: int) -> str:
        return f"(j, n) = ({j}, {n}): REP({j},{n}) counts {theorem(j, n)} sizes, more than any table holds"

    return _many_check(
        "egg-6",
        answer,
        lambda j, n: counts[j, n],
        theorem,
        "your REP(j,n)",
        whole,
        small_cases=sorted(counts, key=lambda case: (case[1], case[0])),
        small_range="n <= 8 and j <= 12",
        big_cases=[(j, n) for n in range(1, 41) for j in range(1, 151)],
        big_range="for every j <= 150 and n <= 40",
        big_reference="the theorem Dif = 1 + W",
        names="j, n",
        slow_place=slow_place,
    )


def _laplace_total(n: int, k: int) -> Fraction:
    """L(n, k) = Nom(n, k)/(k + 1), Nom by the package's block sums (tested against the DP)."""
    return Fraction(laplace_numerator(n, k), k + 1)


@exercise(
    "egg-7",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=MANY_ON_TIMEOUT,
    asks="L(n, k) in terms of rep and First (Sniedovich, Exercise 7), exact, for k up to 10**15: no "
    "functional equation, no loop over sizes or blocks, no package",
    verifies=f"equals L(n,k) from the DP (28) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"theorem's closed form at {len(MANY_BEYOND_SIZES)} sizes up to 10**15 with n up to 64; refuses "
    "floats and answers that use puzzles.egg",
    giveaways=(
        "\\mathrm{First}(j+1,n+1)",
        "First(j + 1, n + 1)",
        "F(n+1, j)",
        "F(n+1,j)",
        "F(n + 1, j)",
        str(laplace_numerator(2, BEYOND_DP)),
    ),
)
def _laplace_from_rep(answer) -> tuple[bool, str]:
    """Exercise 7: L(n, k) = j + 1 - First(j + 1, n + 1)/(k + 1) with j = W(n, k)."""
    table = _laplace(MANY_EGGS, MANY_SIZES)
    return _many_check(
        "egg-7",
        answer,
        table.fraction,
        _laplace_total,
        "your L(n,k)",
        exact_number,
        shown=str,
    )


@exercise(
    "egg-8",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=MANY_ON_TIMEOUT,
    asks="Y(n, k), every optimal first drop of Laplace's scenario, in terms of rep and First "
    "(Sniedovich, Exercise 8), as a range, for k up to 10**15, without the package",
    verifies=f"equals Y(n,k) from the DP (28) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"closed form at {len(MANY_BEYOND_SIZES)} sizes up to 10**15 with n up to 64; refuses answers "
    "that use puzzles.egg",
    giveaways=("q+1+\\mathrm{rep}(j-1,n)", "\\max(q+1, \\mathrm{rep}(j-1,n))", "q + 1 + rep(j - 1, n)"),
)
def _laplace_drops_from_rep(answer) -> tuple[bool, str]:
    """Exercise 8: Y(n, First(j,n) + q) = {max(q+1, rep(j-1,n)), ..., min(rep(j,n), q+1+rep(j-1,n))}."""
    table = _laplace(MANY_EGGS, MANY_SIZES)
    return _many_check(
        "egg-8",
        answer,
        lambda n, k: table.drops[n][k],
        laplace_drops,
        "your Y(n,k)",
        _drops_kind,
        same=_same_drops,
        shown=_shown_given_drops,
        slow_place=_slow_drops_place("Y", laplace_drops),
    )


ROBUST_EGGS, ROBUST_SIZES = 5, 300  # the states at which egg-9 plays the answer's policy


@exercise(
    "egg-9",
    names="n, k",
    without="puzzles.egg",
    prepare=_prepare_many_eggs,
    on_timeout=MANY_ON_TIMEOUT,
    asks="is there a robust optimal policy for every n (Sniedovich, Exercise 9)? Argue it, and return "
    "a first drop robust_drop(n, k) optimal under both scenarios, for k up to 10**15",
    verifies=f"played at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, the drop is optimal for "
    "the worst case and for Laplace (DP (17), (28)); at sizes up to 10**15 it lies in X(n,k) and "
    "Y(n,k) (closed forms); refuses answers that use puzzles.egg",
    giveaways=("\\subseteq X(n,k)", "every optimal Laplace policy is robust", "laplace_is_robust"),
)
def _robust_many_eggs(answer) -> tuple[bool, str]:
    """Exercise 9: a policy optimal under both scenarios, for every number of eggs."""
    worst, laplace = _worst(MANY_EGGS, MANY_SIZES), _laplace(MANY_EGGS, MANY_SIZES)
    started = time.perf_counter()

    def verdict(n: int, k: int, x_drops: range, y_drops: range, small: bool) -> str | None:
        given = answer(n, k)
        if (problem := whole(given)) is not None:
            return f"at (n, k) = ({n}, {k}): {problem}."
        x = operator.index(given)
        if not 1 <= x <= k:
            return f"at (n, k) = ({n}, {k}) your drop {x} is not a height of the interval 1..{k}."
        in_x, in_y = x in x_drops, x in y_drops
        if in_x and in_y:
            return None
        place = f"at (n, k) = ({n}, {k}) your drop {x}"
        sets = f"X({n},{k}) = {_shown_drops(x_drops)}, Y({n},{k}) = {_shown_drops(y_drops)}"
        if small and not in_x and n == 1:
            return (
                f"{place} is not worst-case optimal: if the only egg breaks, the {x - 1} heights below "
                f"it can no longer be told apart ({sets})."
            )
        if small and not in_x:
            needs = 1 + max(int(worst.value[n - 1, x - 1]), int(worst.value[n, k - x]))
            return (
                f"{place} lets Mother Nature force {needs} trials, more than W({n},{k}) = "
                f"{int(worst.value[n, k])}: it is not worst-case optimal ({sets})."
            )
        if small and not in_y:
            total = k + 1 + int(laplace.value[n - 1, x - 1]) + int(laplace.value[n, k - x])
            return (
                f"{place} costs {Fraction(total, k + 1)} trials on average, more than "
                f"L({n},{k}) = {laplace.fraction(n, k)}: it is not optimal under Laplace ({sets})."
            )
        if in_x:
            return f"{place} is worst-case optimal but not optimal under Laplace ({sets})."
        if in_y:
            return f"{place} is optimal under Laplace but not worst-case optimal ({sets})."
        return f"{place} is optimal in neither scenario ({sets})."

    for n in range(1, ROBUST_EGGS + 1):
        for k in range(1, ROBUST_SIZES + 1):
            if (problem := verdict(n, k, worst.drops[n][k], laplace.drops[n][k], True)) is not None:
                return False, problem
    left = 0.8 * registration("egg-9").time_limit - (time.perf_counter() - started)
    n, k = MANY_BEYOND_SIZES[0]
    try:
        with _budget(left):
            for n, k in MANY_BEYOND_SIZES:
                problem = verdict(n, k, worst_case_drops(n, k), laplace_drops(n, k), False)
                if problem is not None:
                    return False, problem
    except _OutOfTime:
        return False, (
            f"your policy is robust at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, but it did not "
            f"finish in time at {_slow_place(n, k)}. The exercise asks for a drop from rep and First."
        )
    return True, (
        f"played at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, your drop is optimal for the "
        "worst case and for Laplace, and it lies in X(n,k) and Y(n,k) at "
        f"{len(MANY_BEYOND_SIZES)} sizes up to 10**15: a robust optimal policy."
    )
