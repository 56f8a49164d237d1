"""Checks for the egg-dropping exercises (Sniedovich's Exercises 1-10 and the pack's own).

Every check compares the student's answer with the plain dynamic programme
(``worst_case_table`` / ``laplace_table``) on the sizes a DP reaches, from the smallest up,
then with the package's closed forms (tested against the DP in ``tests/egg``) at sizes up to
10**18 (two eggs) and about 1.1*10**15 (many eggs), where no DP can go. The checker writes the
messages: the smallest counterexample on the DP's range, the place and the closed form's value
beyond it.

All of them are done "without the package": while the answer runs, ``puzzles.egg`` is
closed to it (``exercise(..., without="puzzles.egg")``): formatively in the notebook, bindingly
in the grader's sandbox (see the README's "What the checks protect").

When graded (``plan(seed)``), each check adds sizes drawn with the grader's seed: just past the
DP's range, the ends of blocks of equal W at random magnitudes, random sizes up to the largest
the lesson promises, and (many eggs) more eggs than the DP's table holds. A table of the public
sizes, or a formula fitted to them, does not pass there.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from puzzles.course.checker import (
    Plan,
    Stage,
    exact_number,
    exercise,
    hidden_stage,
    pair_of,
    sequence_of,
    set_of_whole,
    show,
    whole,
)
from puzzles.course.codec import Other
from puzzles.course.display import format_set
from puzzles.egg.model import (
    DPTable,
    _max_size,
    first,
    laplace_drops,
    laplace_numerator,
    laplace_rep,
    laplace_table,
    nature_response,
    one_egg_laplace,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)

__all__: list[str] = []

TWO_EGG_SIZES = 2000  # k range of the two-egg checks
MANY_EGGS, MANY_SIZES = 6, 400  # n and k ranges of the n-egg checks
WITHOUT = "puzzles.egg"


def _exercise(exercise_id: str, *, on_timeout: str, **details: Any) -> Callable:
    """``exercise`` with the time-out advice given after a RecursionError or a MemoryError too:
    every egg exercise asks for a formula, so the general advice (a table filled from the smallest
    case up) is not its route, and the sizes a table or a recursion cannot reach are the reason."""
    return exercise(exercise_id, on_timeout=on_timeout, on_limits=on_timeout, **details)


@cache
def _worst(n_max: int, k_max: int) -> DPTable:
    return worst_case_table(n_max, k_max)


@cache
def _laplace(n_max: int, k_max: int) -> DPTable:
    return laplace_table(n_max, k_max)


def _powers(value: int) -> str:
    """``10**15`` for a power of ten, ``about 1.1*10**15`` otherwise: the largest size tried, in words."""
    exponent = len(str(value)) - 1
    if value == 10**exponent:
        return f"10**{exponent}"
    return f"about {value / 10**exponent:.1f}*10**{exponent}"


# -- two eggs (Lessons I and II): egg-1 .. egg-5 and egg-11 ----------------------------------
#
# These exercises ask for formulas, without the DP and without the package: each check compares
# the answer with the plain DP for every k in 1..TWO_EGG_SIZES, and then at sizes up to 10**18,
# where no table and no loop over k can go. There the references are the package's closed
# forms (tested against the DP in tests/egg).

BEYOND_DP = 10**15  # the size the many-egg checks go to, and the two-egg checks' random sizes below it
FLOATS_FAIL = 2**53  # beyond it a float no longer holds every integer: t(t+1)/2 in floats goes wrong
TWO_EGG_LARGEST = 10**18  # the largest size the two-egg checks try


def _two_egg_sizes_beyond_dp() -> list[int]:
    """Sizes from about 9.6*10**3 to 10**18: block ends (q = 0, 1, t-2, t-1 in W's block t) near 10**4,
    10**6, 10**9, 10**12, 10**15, 2**53 (where a float no longer holds every integer) and 10**18, and
    random sizes below 10**15."""
    sizes = {BEYOND_DP, TWO_EGG_LARGEST}
    for top in (10**4, 10**6, 10**9, 10**12, BEYOND_DP, FLOATS_FAIL, TWO_EGG_LARGEST):
        t = worst_case_trials(2, top)
        for s in (t - 2, t - 1):  # two whole blocks below ``top``
            start = s * (s - 1) // 2 + 1  # the first size with W(2, k) = s
            sizes |= {start, start + 1, start + s - 2, start + s - 1}
    draw = random.Random(2003)
    sizes |= {draw.randrange(BEYOND_DP // 100, BEYOND_DP) for _ in range(16)}
    return sorted(sizes)


BEYOND_DP_SIZES = _two_egg_sizes_beyond_dp()
TWO_EGG_SPAN = f"from {_powers(min(BEYOND_DP_SIZES))} to {_powers(max(BEYOND_DP_SIZES))}"
TWO_EGG_ON_TIMEOUT = (
    "This check goes on to sizes up to 10**18, where no DP table and no loop over k (nor over t, the "
    "blocks of equal W, or the drops) can go: the exercise asks for a formula in k, in integers "
    "(math.isqrt, //)."
)
ONE_EGG_ON_TIMEOUT = (
    "This check goes on to sizes up to 10**18, where no DP table and no sum over the heights can go: the "
    "exercise asks for a closed formula in k, returned exactly as a Fraction of two integers (never a float)."
)
TWO_EGG_RANGE = f"every k in 1..{TWO_EGG_SIZES}"
TWO_EGG_FAR = (
    f"{len(BEYOND_DP_SIZES)} sizes {TWO_EGG_SPAN} (block ends near 2**53, where floats stop being exact, "
    "among them)"
)


def _two_egg_hidden_sizes(draw: random.Random) -> list[int]:
    """16 sizes drawn for grading: 4 just past the DP's range, 8 block ends (q = 0, 1, t-2, t-1 in
    W's block t) at random magnitudes, 4 random sizes up to 10**18."""
    sizes = {draw.randrange(TWO_EGG_SIZES + 1, 10**6) for _ in range(4)}
    while len(sizes) < 12:
        s = int(10 ** draw.uniform(1.8, 9.1))  # block s holds the sizes s(s-1)/2 + 1 .. s(s+1)/2
        start = s * (s - 1) // 2 + 1
        size = start + draw.choice((0, 1, s - 2, s - 1))
        if TWO_EGG_SIZES < size <= TWO_EGG_LARGEST:
            sizes.add(size)
    while len(sizes) < 16:
        sizes.add(int(10 ** draw.uniform(6, 18)))
    return sorted(sizes)


def _two_egg_hidden(reference=None, judge=None) -> Callable[[random.Random], list[Stage]]:
    """The hidden stage of a two-egg check: the closed form (or judge) at sizes drawn for grading."""

    def stages(draw: random.Random) -> list[Stage]:
        return [
            hidden_stage(
                [(k,) for k in _two_egg_hidden_sizes(draw)],
                reference=reference,
                judge=judge,
                label="16 sizes the grader drew",
                evidence="the closed form",
            )
        ]

    return stages


ASKED_AGAIN = (1, 2, 3, 5, 36, 100, 1999, 2000)  # small sizes asked once more after the large ones
AGAIN_FAR = "asked again after the large sizes"


def _two_egg_stages(
    dp_reference=None,
    closed_reference=None,
    dp_judge=None,
    far_judge=None,
    again: tuple[int, ...] = ASKED_AGAIN,
    smallest: int = 1,
) -> list[Stage]:
    """The DP's range from k = ``smallest`` up (0 where the exercise asks for k = 0 too), then the
    sizes no table reaches, then small sizes again: an answer that keeps what it found between
    calls (a t that only grows) is wrong there."""

    def again_judge(case: tuple, value: Any) -> str | None:
        """``dp_judge``'s sentence, saying that this small size came after the large ones."""
        (k,) = case
        problem = dp_judge(case, value)
        return None if problem is None else problem.replace(f"at k = {k}", f"at k = {k} ({AGAIN_FAR})", 1)

    return [
        Stage(
            [(k,) for k in range(smallest, TWO_EGG_SIZES + 1)],
            reference=dp_reference,
            judge=dp_judge,
            label=f"every k in {smallest}..{TWO_EGG_SIZES}",
            evidence="the dynamic programme",
        ),
        Stage(
            [(k,) for k in BEYOND_DP_SIZES],
            reference=closed_reference,
            judge=far_judge,
            label=f"the {TWO_EGG_FAR}",
            evidence="the closed form",
            smallest=False,
            far=f"a size beyond the dynamic programme's range, k <= {TWO_EGG_SIZES}",
        ),
        Stage(
            [(k,) for k in again],
            reference=dp_reference,
            judge=None if dp_judge is None else again_judge,
            label="small sizes asked again after the large ones",
            evidence="the dynamic programme",
            smallest=False,
            far=AGAIN_FAR,
        ),
    ]


def _shown_drops(drops: range | set) -> str:
    """``{3,4,5}``, or ``{q+1,...,t}`` written with its end points when it is long."""
    if isinstance(drops, range) and len(drops) > 8:
        return f"{{{drops.start},...,{drops.stop - 1}}}"
    return format_set(drops)


@_exercise(
    "egg-11",
    names="k",
    without=WITHOUT,
    on_timeout=ONE_EGG_ON_TIMEOUT,
    asks="Lemma 2: L(1, k), the expected trials of one egg when C is uniform on 0..k, as an exact "
    "formula in k, derived from Lemma 1 (without the package)",
    verifies="equals the one-egg DP (28) for k = 1..2000 and Lemma 2's closed form at sizes "
    f"{TWO_EGG_SPAN}; refuses floats and answers that reach puzzles.egg",
    hidden=_two_egg_hidden(lambda k: one_egg_laplace(k)),
)
def _one_egg_laplace() -> Plan:
    """Exercise 11: L(1, k) (Lemma 2), exact, for k up to 10**18."""
    return Plan(
        _two_egg_stages(
            lambda k: _laplace(2, TWO_EGG_SIZES).fraction(1, k),
            one_egg_laplace,
            again=(0, *ASKED_AGAIN),
            smallest=0,
        ),
        what="your L(1,k)",
        kind=exact_number,
        passed=f"your L(1,k) agrees with the dynamic programme for every k in 0..{TWO_EGG_SIZES}, and with "
        f"the closed form at {TWO_EGG_FAR}, where no DP can go.",
    )


# -- egg-12: F(n, t), the largest size that n eggs settle in t trials (Lesson I) -------------

LARGEST_EGGS, LARGEST_SIZES = MANY_EGGS, MANY_SIZES  # the DP table F is read from


@cache
def _largest_sizes_by_dp() -> dict[tuple[int, int], int]:
    """F(n, t) read off the DP (17): the largest k <= 400 with W(n, k) <= t, for every n <= 6 and t
    with W(n, 400) > t (so that the largest such k lies inside the table), n = 0 included."""
    table = _worst(LARGEST_EGGS, LARGEST_SIZES)
    value = table.value
    sizes = {}
    for n in range(0, LARGEST_EGGS + 1):
        t = 0
        while t <= 12 if n == 0 else value[n, LARGEST_SIZES] > t:  # no egg: W(0, k) is infinite for k > 0
            sizes[n, t] = max(k for k in range(LARGEST_SIZES + 1) if value[n, k] <= t)
            t += 1
    return sizes


def _largest_sizes_beyond_dp() -> list[tuple[int, int]]:
    """(n, t) no table reaches: t from 10**3 to 10**18 (2**53 + 1 among them, where a float no longer
    holds every integer) with n up to 64, n >= t, where F(n, t) = 2**t - 1, up to t = 200, and
    10**18 eggs with few trials (a sum over i = 1..n that is not stopped at t never ends there)."""
    cases = {
        (n, t) for n in (1, 2, 3, 4, 5, 8, 20, 64) for t in (10**3, 10**6, 10**9, 2**53 + 1, 10**15, 10**18)
    }
    cases |= {(n, t) for n in (2, 3) for t in (2**53 - 1, 2**53, 2**54 + 1, 10**18 - 1)}
    cases |= {(t, t) for t in (0, 30, 64, 200)} | {(100, 60), (200, 150), (64, 63), (63, 64), (0, 10**18)}
    cases |= {(10**18, 5), (10**12, 40), (10**15, 10**3)}
    return sorted(cases, key=lambda case: (case[1], case[0]))  # the fewest trials first


LARGEST_FAR = _largest_sizes_beyond_dp()
LARGEST_FAR_LABEL = (
    f"{len(LARGEST_FAR)} (n, t) beyond the DP's table: t from 10**3 to 10**18 with n up to 64 (2**53 + 1, "
    "where floats stop being exact, among them), n >= t up to t = 200, and up to 10**18 eggs with 5 to "
    "1000 trials"
)


def _largest_hidden(draw: random.Random) -> list[Stage]:
    """egg-12 when graded: 13 (n, t) drawn: 4 with t up to 10**18 and n up to 64, 4 with n near t
    (t up to 300), 4 with t just past the DP's reach, 1 with up to 10**18 eggs and t <= 60."""
    cases = {(draw.randint(1, 64), int(10 ** draw.uniform(2, 18))) for _ in range(4)}
    for _ in range(4):
        t = draw.randint(1, 300)
        cases.add((max(0, t + draw.randint(-3, 3)), t))
    cases |= {(draw.randint(1, LARGEST_EGGS), draw.randint(20, 10**4)) for _ in range(4)}
    cases.add((int(10 ** draw.uniform(6, 18)), draw.randint(1, 60)))  # far more eggs than trials
    return [
        hidden_stage(
            sorted(cases),
            reference=_max_size,
            label=f"{len(cases)} (n, t) the grader drew",
            evidence="the binomial sum",
        )
    ]


@_exercise(
    "egg-12",
    names="n, t",
    without=WITHOUT,
    on_timeout=(
        "This check goes on to t = 10**18 trials, and to 10**18 eggs with few trials, where no table, no "
        "recursion over t and no loop over the eggs can go: the exercise asks for the solution of the "
        "recursion, a sum of binomial coefficients (math.comb) with no term that is zero, in integers."
    ),
    asks="F(n, t), the largest size n eggs settle in t trials: argue its recursion and solve it "
    "(a binomial sum), exactly, for t up to 10**18, without the DP or the package",
    verifies="equals the largest k with W(n,k) <= t in the DP (17) for n <= 6 and k <= 400, and the "
    "binomial sum at t up to 10**18 and n up to 64 (and n >= t up to t = 200); refuses floats and "
    "answers that reach puzzles.egg",
    hidden=_largest_hidden,
)
def _largest_size() -> Plan:
    """Exercise 12: F(n, t), the recursion argued and solved."""
    dp = _largest_sizes_by_dp()
    return Plan(
        [
            Stage(
                sorted(dp),
                reference=lambda n, t: dp[n, t],
                label=f"every n <= {LARGEST_EGGS} and every t whose F(n,t) the DP's table up to k = "
                f"{LARGEST_SIZES} holds",
                evidence="the dynamic programme",
            ),
            Stage(
                LARGEST_FAR,
                reference=_max_size,
                label=f"the {LARGEST_FAR_LABEL}",
                evidence="the binomial sum",
                smallest=False,
                far="beyond the DP's table",
            ),
        ],
        what="your F(n,t)",
        kind=whole,
        passed=f"your F(n,t) agrees with the dynamic programme (the largest k with W(n,k) <= t) for every "
        f"n <= {LARGEST_EGGS} as far as its table reaches, and with the binomial sum at the "
        f"{LARGEST_FAR_LABEL}.",
    )


def _ends(drops: range) -> tuple[int, int]:
    return drops.start, drops.stop - 1


@_exercise(
    "egg-1",
    names="k",
    without=WITHOUT,
    on_timeout=TWO_EGG_ON_TIMEOUT,
    asks="prove W(2,k) = max X(2,k) (Sniedovich, Exercise 1); return (min X(2,k), max X(2,k)) "
    "by a formula in k, without the DP or the package",
    verifies="the pair equals the ends of X(2,k) from the DP (19) for k = 1..2000 and from the "
    f"closed form at sizes {TWO_EGG_SPAN}; refuses answers that reach puzzles.egg",
    hidden=_two_egg_hidden(lambda k: _ends(worst_case_drops(2, k))),
)
def _optimal_drop_range() -> Plan:
    """Exercise 1: the ends of X(2, k); the claim max X(2, k) = W(2, k) is its second half."""
    return Plan(
        _two_egg_stages(
            lambda k: _ends(_worst(2, TWO_EGG_SIZES).drops[2][k]),
            lambda k: _ends(worst_case_drops(2, k)),
        ),
        what="your (min X(2,k), max X(2,k))",
        kind=pair_of(whole, "a pair (smallest, largest)"),
        same=lambda given, expected: tuple(given) == expected,
        passed=f"your pair agrees with the ends of X(2,k) from the dynamic programme for {TWO_EGG_RANGE} "
        f"and from the closed form at {TWO_EGG_FAR}.",
    )


@_exercise(
    "egg-2",
    names="k",
    without=WITHOUT,
    on_timeout=TWO_EGG_ON_TIMEOUT,
    asks="the pattern of Y(2,k) (Sniedovich, Exercise 2): return the set Y(2,k) by a formula in k, "
    "without the DP or the package",
    verifies="the set equals Y(2,k) from the DP (28) for k = 1..2000 and from the closed form at "
    f"sizes {TWO_EGG_SPAN}; refuses answers that reach puzzles.egg",
    hidden=_two_egg_hidden(lambda k: set(laplace_drops(2, k))),
)
def _two_egg_laplace_drops() -> Plan:
    """Exercise 2: Y(2, k) as a set of at most two drops."""
    return Plan(
        _two_egg_stages(
            lambda k: set(_laplace(2, TWO_EGG_SIZES).drops[2][k]),
            lambda k: set(laplace_drops(2, k)),
        ),
        what="your Y(2,k)",
        kind=set_of_whole,
        same=lambda given, expected: set(given) == expected,
        passed=f"your Y(2,k) agrees with the dynamic programme for {TWO_EGG_RANGE} and with the closed form "
        f"at {TWO_EGG_FAR}.",
    )


def _two_egg_total(k: int) -> int:
    """N(k) = (k + 1) L(2, k), from the package's closed form (tested against the DP in tests/egg)."""
    return laplace_numerator(2, k)


def _total_problem(k: int, value: Any, expected: int, where: str, evidence: str) -> str | None:
    """egg-3's verdict at one size: the quantity first (L(2,k) = N(k)/(k+1) returned in place of N(k)
    is named as such, for a Fraction or a float: an integer that happens to equal L(2,k) at one k,
    as N(1) = 1 does, is not diagnosed so), then the type, then the value."""
    said = f"{where} your N(k) gives {show(value)}"
    if isinstance(value, (Fraction, float)) and k > 0:
        exact = Fraction(value) if not isinstance(value, float) or value == value else None
        if exact is not None and exact != expected and exact * (k + 1) == expected:
            return (
                f"{said}, which is L(2,k) = N(k)/(k+1): the exercise asks for the total N(k) = (k+1) L(2,k) "
                f"of the trials over the k + 1 values of C, here {show(expected)}, an integer."
            )
    if (problem := whole(value)) is not None:
        return f"{said}, {problem}."
    if value != expected:
        return f"{said}, where {evidence} gives {show(expected)}."
    return None


def _two_egg_total_stages() -> list[Stage]:
    """egg-3's stages: every k in 1..2000 first (where L(2,k) and N(k) differ), then k = 0, then the
    sizes beyond the DP's range, then small sizes again."""
    dp = _laplace(2, TWO_EGG_SIZES)

    def by_dp(case: tuple, value: Any) -> str | None:
        (k,) = case
        where = f"at k = {k}" if k else f"at k = 0 (asked after k = 1..{TWO_EGG_SIZES})"
        return _total_problem(k, value, int(dp.value[2, k]), where, "the dynamic programme")

    def beyond(case: tuple, value: Any) -> str | None:
        (k,) = case
        where = (
            f"your N(k) is right for every k in 0..{TWO_EGG_SIZES}, but at k = {show(k)} (a size beyond "
            f"the dynamic programme's range, k <= {TWO_EGG_SIZES}):"
        )
        return _total_problem(k, value, _two_egg_total(k), where, "the closed form")

    def again(case: tuple, value: Any) -> str | None:
        (k,) = case
        where = f"at k = {k} ({AGAIN_FAR})"
        return _total_problem(k, value, int(dp.value[2, k]), where, "the dynamic programme")

    dp_stage, far_stage, again_stage = _two_egg_stages(dp_judge=by_dp, far_judge=beyond, again=ASKED_AGAIN)
    dp_stage = Stage(
        [(k,) for k in (*range(1, TWO_EGG_SIZES + 1), 0)],
        judge=by_dp,
        label=f"every k in 1..{TWO_EGG_SIZES}, then k = 0",
        evidence="the dynamic programme",
    )
    again_stage = Stage(
        [(k,) for k in (0, *ASKED_AGAIN)],
        judge=again,
        label=again_stage.label,
        evidence=again_stage.evidence,
        smallest=False,
        far=AGAIN_FAR,
    )
    return [dp_stage, far_stage, again_stage]


@_exercise(
    "egg-3",
    names="k",
    without=WITHOUT,
    on_timeout=TWO_EGG_ON_TIMEOUT,
    asks="the pattern of L(2,k) = N(k)/(k+1) (Sniedovich, Exercise 3): the integer N(k) by a "
    "formula in k, without solving the functional equation",
    verifies="N(k) equals (k+1) L(2,k) from the DP (28) for k = 1..2000 and the block-sum closed "
    f"form at sizes {TWO_EGG_SPAN}; names L(2,k) returned in place of N(k); refuses floats and answers "
    "that reach puzzles.egg",
    hidden=_two_egg_hidden(
        judge=lambda case, value: _total_problem(
            case[0], value, _two_egg_total(case[0]), f"at k = {show(case[0])}", "the closed form"
        )
    ),
)
def _two_egg_numerator() -> Plan:
    """Exercise 3: N(k) with L(2, k) = N(k) / (k + 1)."""
    return Plan(
        _two_egg_total_stages(),
        what="your N(k)",
        passed=f"your N(k) agrees with the dynamic programme for every k in 0..{TWO_EGG_SIZES} and with the "
        "block sums at "
        f"{TWO_EGG_FAR}, where no DP can go.",
    )


def _robust_drawn(case: tuple, x: int) -> str | None:
    """egg-4 at a size the grader drew: the drop in X(2,k) and Y(2,k), by the closed forms."""
    (k,) = case
    where = f"your drop is robust on the public sizes, but at k = {show(k)} (a size the grader drew)"
    return _robust_problem(where, x, worst_case_drops(2, k), laplace_drops(2, k), f"2,{show(k)}")


def _robust_problem(where: str, x: int, x_drops: range, y_drops: range, names: str = "2,k") -> str | None:
    """None when the drop ``x`` lies in both X and Y, else the sentence that says which it misses."""
    in_x, in_y = x in x_drops, x in y_drops
    if in_x and in_y:
        return None
    sets = f"X({names}) = {_shown_drops(x_drops)}, Y({names}) = {_shown_drops(y_drops)}"
    if in_x:
        return f"{where} your drop {x} is worst-case optimal but not optimal under Laplace ({sets})."
    if in_y:
        return f"{where} your drop {x} is optimal under Laplace but not worst-case optimal ({sets})."
    return f"{where} your drop {x} is optimal in neither scenario ({sets})."


@_exercise(
    "egg-4",
    names="k",
    without=WITHOUT,
    on_timeout=TWO_EGG_ON_TIMEOUT,
    asks="is there a robust optimal policy for two eggs (Sniedovich, Exercise 4)? Return a first "
    "drop optimal under both scenarios, for every k, without the DP or the package",
    verifies="the drop lies in X(2,k) and in Y(2,k) (from the DP for k = 1..2000, the closed forms "
    f"at sizes {TWO_EGG_SPAN}); a drop optimal in one scenario only is refused",
    hidden=_two_egg_hidden(judge=_robust_drawn),
)
def _robust_two_eggs() -> Plan:
    """Exercise 4: a first drop optimal under both scenarios, for every size k (two eggs)."""

    def small(case: tuple, x: int) -> str | None:
        (k,) = case
        worst, laplace = _worst(2, TWO_EGG_SIZES), _laplace(2, TWO_EGG_SIZES)
        return _robust_problem(f"at k = {k}", x, worst.drops[2][k], laplace.drops[2][k], f"2,{k}")

    def far(case: tuple, x: int) -> str | None:
        (k,) = case
        where = (
            f"your drop is robust for {TWO_EGG_RANGE}, but at k = {show(k)} (a size beyond the dynamic "
            f"programme's range, k <= {TWO_EGG_SIZES})"
        )
        return _robust_problem(where, x, worst_case_drops(2, k), laplace_drops(2, k), f"2,{show(k)}")

    return Plan(
        _two_egg_stages(dp_judge=small, far_judge=far),
        what="your drop",
        kind=whole,
        passed=f"your drop lies in X(2,k) and in Y(2,k) for {TWO_EGG_RANGE} (DP) and at {TWO_EGG_FAR} "
        "(closed forms): playing it at every two-egg state (and the lowest untested height with one "
        "egg) is a robust optimal policy.",
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
    """The same penalty from the package's closed forms: Nom(1, m) and Nom(2, m).

    (k+1) L(2, k | x) is convex in x (its steps x - W(2, k-x) increase), so its largest value
    on the interval X(2, k) sits at one of the interval's ends.
    """
    drops = worst_case_drops(2, k)

    def one_egg(m: int) -> int:
        return laplace_numerator(1, m)

    ends = (drops.start, drops.stop - 1)
    worst_cost = max(_laplace_cost_of_drop(k, x, one_egg, _two_egg_total) for x in ends)
    return worst_cost - _two_egg_total(k)


@_exercise(
    "egg-5",
    names="k",
    without=WITHOUT,
    on_timeout=TWO_EGG_ON_TIMEOUT,
    asks="prove Exercise 2's pattern of Y(2,k) and decide whether Y(2,k) lies in X(2,k) for every k "
    "(Sniedovich, Exercise 5); return the most "
    "extra total trials a worst-case-optimal first drop costs under Laplace, by a formula in k",
    verifies="the penalty equals the DP's (max over X(2,k) of (k+1)L(2,k|x), minus N(k)) for "
    f"k = 1..2000 and the closed forms at sizes {TWO_EGG_SPAN}; refuses answers that reach puzzles.egg",
    hidden=_two_egg_hidden(lambda k: _laplace_penalty_closed(k)),
)
def _laplace_penalty() -> Plan:
    """Exercise 5: how Y(2, k) and X(2, k) relate, and the penalty of a worst-case-optimal drop."""
    return Plan(
        _two_egg_stages(lambda k: _laplace_penalties()[k], _laplace_penalty_closed),
        what="your penalty",
        kind=whole,
        passed=f"your penalty agrees with the dynamic programme for {TWO_EGG_RANGE} and with the closed "
        f"forms at {TWO_EGG_FAR}.",
    )


# -- many eggs (Lessons III and IV): egg-6 .. egg-10, egg-13, egg-14 -------------------------
#
# Lesson III (the worst case with n eggs) asks for W(n, k) (egg-13), X(n, k) (egg-14) and
# Mother Nature's replies to the optimal drops (egg-10); Lesson IV (Laplace's scenario with n
# eggs) for REP (egg-6), L (egg-7), Y (egg-8) and a robust policy (egg-9). All of them are
# done from rep and First, without the package: each check compares the answer with the plain
# DP (n <= MANY_EGGS, k <= MANY_SIZES), then at sizes up to 2**50 + 1 (about 1.1*10**15), where no
# table and no loop over k can go; there the references are the package's closed forms (tested against the
# DP in tests/egg).

MANY_BEYOND_EGGS = (1, 2, 3, 4, 5, 7, 10, 20, 64)  # n of the checks beyond the DP


def _block_ends(n: int, k: int) -> set[int]:
    """Sizes around the block of equal W(n, .) that holds k: its first and last sizes and neighbours."""
    trials = worst_case_trials(n, k)
    start, end = first(trials, n), first(trials + 1, n) - 1
    return {start - 1, start, start + 1, end - 1, end, end + 1}


def _many_egg_sizes_beyond_dp() -> list[tuple[int, int]]:
    """(n, k) from about 10**3 to 2**50 + 1: block ends near 10**9, 10**12 and 10**15, random sizes,
    k = 2**49, 2**50 give or take one with 50 eggs, the end of bisection's reach k = 2**(n+1) - 2,
    2**(n+1) - 1 for every n = 9..49, and more eggs than the DP's table (n = 7..64) at sizes
    10**3 to 10**8. (Sizes below 10**3 with many eggs: ``_few_heights``.)"""
    cases: set[tuple[int, int]] = set()
    for n in MANY_BEYOND_EGGS:
        for top in (10**9, 10**12, BEYOND_DP):
            cases |= {(n, k) for k in _block_ends(n, top) | {top}}
    draw = random.Random(2003)
    for n in (2, 3, 4, 6):
        cases |= {(n, draw.randrange(10**13, BEYOND_DP)) for _ in range(4)}
    cases |= {(50, 2**49 + d) for d in (-1, 0, 1)} | {(50, 2**50 + d) for d in (-1, 0, 1)}
    cases |= {(n, 2 ** (n + 1) - d) for n in range(9, 50) for d in (1, 2)}
    for _ in range(8):
        n, k = draw.randint(7, 64), int(10 ** draw.uniform(3, 8))
        cases |= {(n, k)} | {(n, end) for end in _block_ends(n, k)}
    return sorted((n, k) for n, k in cases if k >= 1)


MANY_BEYOND_SIZES = _many_egg_sizes_beyond_dp()
MANY_LARGEST = max(k for _, k in MANY_BEYOND_SIZES)
MANY_SMALLEST = min(k for _, k in MANY_BEYOND_SIZES)
MANY_UP_TO = f"up to {_powers(MANY_LARGEST)}"  # the largest size the many-egg checks try, in words
MANY_FAR = (
    f"{len(MANY_BEYOND_SIZES)} sizes from {_powers(MANY_SMALLEST)} to {_powers(MANY_LARGEST)} with n up to "
    f"{max(n for n, _ in MANY_BEYOND_SIZES)} (block ends, random sizes, k = 2**49 and 2**50 give or take "
    "one, k = 2**(n+1) - 2 and 2**(n+1) - 1 for n = 9 to 49, more eggs than the DP's table)"
)


FEW_HEIGHTS = 999  # the largest size of the stage "many eggs, few heights"


def _few_heights(eggs: int, sizes: int) -> list[tuple[int, int]]:
    """(n, k) below 10**3 that a DP table of ``eggs`` eggs and ``sizes`` heights misses: n = eggs + 1
    to 64 at k = 1, 2, 3, 4, 6, 10, 31, 100, 300, 600, 999 and at the end of bisection's reach
    k = 2**(n+1) - 2, 2**(n+1) - 1 (and 2**(n+1)) where below 10**3; and n <= eggs at sizes from
    sizes + 1 to 999 (block ends near 700 and 999)."""
    cases = set()
    for n in range(eggs + 1, 65):
        ends = {2 ** (n + 1) - d for d in (2, 1, 0)}
        cases |= {
            (n, k) for k in {1, 2, 3, 4, 6, 10, 31, 100, 300, 600, FEW_HEIGHTS} | ends if k <= FEW_HEIGHTS
        }
    for n in range(1, eggs + 1):
        near = _block_ends(n, 700) | _block_ends(n, FEW_HEIGHTS) | {sizes + 1, FEW_HEIGHTS}
        cases |= {(n, k) for k in near if sizes < k <= FEW_HEIGHTS}
    return sorted(cases)


def _few_heights_label(eggs: int, sizes: int) -> str:
    reach = [n for n in range(eggs + 1, 65) if 2 ** (n + 1) - 1 <= FEW_HEIGHTS]  # bisection's end below 10**3
    ends = (
        f" (k = 2**(n+1) - 2 and 2**(n+1) - 1 for n = {', '.join(map(str, reach))} among them)"
        if reach
        else ""
    )
    return (
        f"{len(_few_heights(eggs, sizes))} states below 10**3 that the table misses: n = {eggs + 1} to 64 at "
        f"about a dozen sizes from 1 to {FEW_HEIGHTS}{ends}, and n <= {eggs} at block ends between k = "
        f"{sizes + 1} and {FEW_HEIGHTS}"
    )


def _few_heights_far(eggs: int, sizes: int) -> str:
    return f"beyond the dynamic programme's table, n <= {eggs} and k <= {sizes}"


MANY_RANGE = f"every n <= {MANY_EGGS} and k <= {MANY_SIZES}"
MANY_FEW = _few_heights_label(MANY_EGGS, MANY_SIZES)
MOST_OPTIMAL_DROPS = max(len(worst_case_drops(n, k)) for n, k in MANY_BEYOND_SIZES)  # X(64, 2**50)
MANY_ON_TIMEOUT = (
    f"This check goes on to sizes up to {_powers(MANY_LARGEST)}, where no DP table and no walk over the "
    "sizes, or over the blocks of equal W one by one, can go: a closed form is needed, from rep and First "
    "(binomial sums with math.comb, and a search that halves, not steps)."
)


def _many_egg_hidden_cases(draw: random.Random) -> list[tuple[int, int]]:
    """20 (n, k) drawn for grading: 4 just past the DP's sizes (n <= MANY_EGGS), 4 with more eggs
    than its table (n up to 12, k up to 3000), 8 block ends at random n <= 64 and magnitudes, and 4
    random states, every k up to the largest size the public cases reach."""
    cases = {(draw.randint(1, MANY_EGGS), draw.randrange(MANY_SIZES + 1, 10**6)) for _ in range(4)}
    cases |= {(draw.randint(MANY_EGGS + 1, 12), draw.randint(1, 3000)) for _ in range(4)}
    while len(cases) < 16:
        n, k = draw.randint(1, 64), int(10 ** draw.uniform(3, 15))
        trials = worst_case_trials(n, k)
        start, after = first(trials, n), first(trials + 1, n)
        ends = (start - 1, start, start + 1, after - 2, after - 1)
        size = draw.choice(ends)
        if 1 <= size <= MANY_LARGEST:
            cases.add((n, size))
    while len(cases) < 20:
        cases.add((draw.randint(1, 64), draw.randint(1, MANY_LARGEST)))
    return sorted(cases)


def _many_egg_hidden(reference=None, judge=None) -> Callable[[random.Random], list[Stage]]:
    def stages(draw: random.Random) -> list[Stage]:
        return [
            hidden_stage(
                _many_egg_hidden_cases(draw),
                reference=reference,
                judge=judge,
                label="20 states the grader drew",
                evidence="the closed form",
            )
        ]

    return stages


def _many_egg_cases() -> list[tuple[int, int]]:
    """Every (n, k) of the DP range, n first: the smallest counterexample comes first."""
    return [(n, k) for n in range(1, MANY_EGGS + 1) for k in range(1, MANY_SIZES + 1)]


def _many_stages(
    dp_reference=None,
    closed_reference=None,
    *,
    small_cases: list[tuple] | None = None,
    small_range: str = MANY_RANGE,
    big_cases: list[tuple] | None = None,
    big_range: str = MANY_FAR,
    big_evidence: str = "the closed form",
    dp_judge=None,
    far_judge=None,
    far: str = "no table reaches it",
    few: tuple[int, int] | None = (MANY_EGGS, MANY_SIZES),
    few_judge=None,
) -> list[Stage]:
    """The DP's table from the smallest state up; then, with ``few`` = (eggs, sizes) of that table,
    the states below 10**3 it misses (many eggs, few heights); then the sizes no table reaches."""
    stages = [
        Stage(
            _many_egg_cases() if small_cases is None else small_cases,
            reference=dp_reference,
            judge=dp_judge,
            label=small_range,
            evidence="the dynamic programme",
        ),
    ]
    if few is not None:
        stages.append(
            Stage(
                _few_heights(*few),
                reference=closed_reference,
                judge=few_judge or far_judge,
                label=f"the {_few_heights_label(*few)}",
                evidence=big_evidence,
                smallest=False,
                far=_few_heights_far(*few),
            )
        )
    return [
        *stages,
        Stage(
            MANY_BEYOND_SIZES if big_cases is None else big_cases,
            reference=closed_reference,
            judge=far_judge,
            label=f"the {big_range}",
            evidence=big_evidence,
            smallest=False,
            far=far,
        ),
    ]


RANGE_ASKED = "return range(smallest, largest + 1), which holds any number of drops"


def _drops_kind(value: Any) -> str | None:
    """A set of drops: a range with step 1, or a set, list or tuple of integers (a small one)."""
    if isinstance(value, range):
        if value.step != 1 and len(value) > 1:
            return f"a range that does not step by 1: {RANGE_ASKED}"
        return None
    if isinstance(value, Other) and value.type_name in ("set", "frozenset", "list", "tuple"):
        return f"a {value.type_name} of more drops than a check reads: {RANGE_ASKED}"
    if isinstance(value, tuple):
        return f"a tuple: the drops are asked as a range, not as a pair of ends or a tuple: {RANGE_ASKED}"
    if not isinstance(value, (set, list)):
        name = value.type_name if isinstance(value, Other) else type(value).__name__
        return f"a value of type {name}: the drops are asked as a range: {RANGE_ASKED}"
    return set_of_whole(value)


def _same_drops(given: Any, expected: range) -> bool:
    """Equal as sets of drops, without building a set of 10**15 drops from a range."""
    if isinstance(given, range):
        given = range(given.start, given.stop) if given.step == 1 else range(0)
        return given == expected or (len(given) == 0 and len(expected) == 0)
    drops = set(given)
    if not drops or not expected:
        return not drops and not expected
    return len(drops) == len(expected) and min(drops) == expected[0] and max(drops) == expected[-1]


def _shown_given_drops(value: Any) -> str:
    """A set of drops in a line: ``{3,4,5}``, ``{q+1,...,t}`` when long, else cut."""
    if isinstance(value, range) and value.step == 1:
        return _shown_drops(value)
    if isinstance(value, (set, list, tuple)):
        drops = sorted(value)
        if len(drops) > 8 and drops == list(range(drops[0], drops[-1] + 1)):
            return f"{{{drops[0]},...,{drops[-1]}}}"
        shown = format_set(drops[:8])
        return shown if len(drops) <= 8 else f"{shown[:-1]},...}} ({len(drops)} drops)"
    return show(value, 80)


FLOAT_TOPS = (2**53, 2**54, 2**56, 2**60, 10**18)  # where float sqrt and float binomial sums go wrong


def _past_floats() -> list[tuple[int, int]]:
    """(n, k) for two and three eggs at the block ends near 2**53, 2**54, 2**56, 2**60 and 10**18: a
    float no longer holds every integer there, so W by math.sqrt or by float sums is off by one."""
    return sorted({(n, k) for n in (2, 3) for top in FLOAT_TOPS for k in _block_ends(n, top) | {top}})


PAST_FLOATS = (
    "sizes from just below 2**53 to 10**18 with two and three eggs (where a float no longer holds every "
    "integer: past 2**53 itself, or below it with 8k + 1 past 2**53)"
)
# the exercise table's words (notebooks/README.md is generated from them)
PAST_FLOATS_LISTED = (
    "sizes from 2**53 to 10**18 with two and three eggs (where a float no longer holds every integer)"
)
FLOAT_ADVICE = "a float no longer holds every integer: compute in integers (math.isqrt, math.comb)"


@_exercise(
    "egg-13",
    names="n, k",
    without=WITHOUT,
    on_timeout=MANY_ON_TIMEOUT,
    asks="Theorem 6 at work: W(n, k) from the rep counts (binomial sums), fast enough for k "
    f"{MANY_UP_TO} and any n, without the DP or the package",
    verifies=f"equals W(n,k) from the DP (17) for n <= 8 and k <= 600, and the package's closed form "
    f"at n = 9 to 64 below 10**3, at {MANY_FAR} and at {PAST_FLOATS_LISTED}; refuses floats and answers "
    "that reach puzzles.egg",
    hidden=_many_egg_hidden(lambda n, k: worst_case_trials(n, k)),
)
def _many_egg_trials() -> Plan:
    """Exercise 13: W(n, k) from Theorem 6, evaluated fast, in integers (sizes past 2**53 too)."""
    stages = _many_stages(
        lambda n, k: int(_worst(8, 600).value[n, k]),
        worst_case_trials,
        small_cases=[(n, k) for n in range(1, 9) for k in range(1, 601)],
        small_range="every n <= 8 and k <= 600",
        few=(8, 600),
    )
    label = f"the {len(_past_floats())} {PAST_FLOATS}"
    stages.append(
        Stage(
            [case for case in _past_floats() if case[1] < 2**53],
            reference=worst_case_trials,
            label=label,
            evidence="the closed form",
            smallest=False,
            far=f"k below 2**53, but 8k + 1 past 2**53, where {FLOAT_ADVICE}",
        )
    )
    stages.append(
        Stage(
            [case for case in _past_floats() if case[1] >= 2**53],
            reference=worst_case_trials,
            label=label,
            evidence="the closed form",
            smallest=False,
            far=f"k past 2**53, where {FLOAT_ADVICE}",
        )
    )
    return Plan(
        stages,
        what="your W(n,k)",
        kind=whole,
        passed=f"your W(n,k) is right for every n <= 8 and k <= 600, by the dynamic programme, and at the "
        f"{_few_heights_label(8, 600)}; at {MANY_FAR}; and at the {len(_past_floats())} {PAST_FLOATS}, "
        "where no DP can go, by the closed form.",
    )


@_exercise(
    "egg-14",
    names="n, k",
    without=WITHOUT,
    on_timeout=MANY_ON_TIMEOUT
    + f" Return X(n,k) as range(smallest, largest + 1): it can hold {_powers(MOST_OPTIMAL_DROPS)} drops.",
    asks="Lemma 18, corrected: X(n, k), every optimal first drop of the worst case, as a range from "
    f"rep and First, for k {MANY_UP_TO}, without the DP or the package",
    verifies=f"equals X(n,k) from the DP (19) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"closed form at n = 7 to 64 below 10**3 and at {MANY_FAR}; refuses answers that reach puzzles.egg",
    hidden=_many_egg_hidden(lambda n, k: worst_case_drops(n, k)),
)
def _many_egg_drops() -> Plan:
    """Exercise 14: X(n, k) as a range, from rep and First."""
    return Plan(
        _many_stages(lambda n, k: _worst(MANY_EGGS, MANY_SIZES).drops[n][k], worst_case_drops),
        what="your X(n,k)",
        kind=_drops_kind,
        same=_same_drops,
        shown=_shown_given_drops,
        passed=f"your X(n,k) is right for {MANY_RANGE}, by the dynamic programme, and at the {MANY_FEW}; "
        f"and at the {MANY_FAR}, by the closed form.",
    )


_REPLY_ORDER = {"survive": 0, "either": 1, "break": 2}


def _nature_counts(n: int, k: int) -> tuple[int, int, int]:
    """(survive, either, break): Mother Nature's replies over the drops of X(n, k), from the
    package's ``nature_response`` (Lemma 19).

    As x grows the broken branch W(n-1, x-1) never falls and the survived one W(n, k-x) never
    rises, so the replies run "survive", then "either", then "break": two binary searches over
    X(n, k) find where each run ends, however many drops it holds.
    """
    drops = worst_case_drops(n, k)
    low, high = drops.start, drops.stop - 1

    def first_reaching(level: int) -> int:
        """The first x in X(n, k) whose reply is at least ``level`` in that order (high + 1: none)."""
        below, above = low, high + 1
        while below < above:
            middle = (below + above) // 2
            if _REPLY_ORDER[nature_response(n, k, middle)] >= level:
                above = middle
            else:
                below = middle + 1
        return below

    either_from, break_from = first_reaching(1), first_reaching(2)
    return either_from - low, break_from - either_from, high + 1 - break_from


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


@_exercise(
    "egg-10",
    names="n, k",
    without=WITHOUT,
    on_timeout=(
        f"This check goes on to sizes up to {_powers(MANY_LARGEST)}, where X(n,k) holds up to "
        f"{_powers(MOST_OPTIMAL_DROPS)} drops: count them by windows of x from rep and First, not by asking "
        "Lemma 19 about each drop."
    ),
    asks="the structure of Mother Nature's replies to optimal drops (Sniedovich, Exercise 10): how many "
    f"x in X(n,k) she answers 'survive', 'either', 'break', from rep and First, for k {MANY_UP_TO}",
    verifies=f"the three counts equal those of Lemma 19 on the DP over X(n,k) for n <= {MANY_EGGS} and "
    f"k <= {MANY_SIZES}, and the window structure at n = 7 to 64 below 10**3 and at {MANY_FAR}, where "
    "X(n,k) holds up to "
    f"{_powers(MOST_OPTIMAL_DROPS)} drops; refuses answers that reach puzzles.egg",
    hidden=_many_egg_hidden(lambda n, k: _nature_counts(n, k)),
)
def _nature_on_optimal_drops() -> Plan:
    """Exercise 10: Mother Nature's replies z(n, k, x) over the optimal drops x, counted."""
    return Plan(
        _many_stages(
            lambda n, k: _nature_counts_table()[n, k],
            _nature_counts,
            big_evidence="Lemma 19 through its thresholds on x",
        ),
        what="your counts (survive, either, break)",
        kind=sequence_of(whole, 3, "a tuple (survive, either, break)"),
        same=lambda given, expected: tuple(given) == expected,
        passed=f"your counts are right for {MANY_RANGE} (Lemma 19 on the DP), at the {MANY_FEW}, and at "
        f"{MANY_FAR}, where "
        f"X(n,k) holds up to {_powers(MOST_OPTIMAL_DROPS)} drops.",
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


def _rep_theorem(j: int, n: int) -> int:
    """REP(j, n) from the package (``laplace_rep``, tested against the DP's Dif in tests/egg)."""
    return laplace_rep(j, n)


REP_MORE_EGGS = (41, 50, 64, 100)  # more eggs than the grid below, as Exercises 7 to 9 reach
REP_FAR = [(j, n) for n in range(1, 41) for j in range(1, 151)] + [
    (j, n) for n in REP_MORE_EGGS for j in sorted({n, n + 1, n + 2, n + 5, 150})
]


def _rep_hidden(draw: random.Random) -> list[Stage]:
    """egg-6 when graded: 12 (j, n) beyond the public ones: j up to 400, or n up to 80."""
    cases = {(draw.randint(151, 400), draw.randint(1, 80)) for _ in range(6)}
    cases |= {(draw.randint(1, 150), draw.randint(41, 80)) for _ in range(6)}
    return [
        hidden_stage(
            sorted(cases, key=lambda case: (case[1], case[0])),
            reference=_rep_theorem,
            label="12 (j, n) the grader drew",
            evidence="the theorem Dif = 1 + W",
        )
    ]


REP_LARGEST = max(_rep_theorem(j, n) for j, n in REP_FAR)


@_exercise(
    "egg-6",
    names="j, n",
    without=WITHOUT,
    on_timeout=(
        f"This check goes on to j = 150 and n = 100, counts of up to {_powers(REP_LARGEST)} sizes that no "
        "table of Dif reaches: write REP from the binomial sum of rep."
    ),
    asks="the relationship between rep(j,n) and REP(j,n) (Sniedovich, Exercise 6): REP(j, n) from your "
    "own rep (binomial sums), without the package",
    verifies=f"REP(j,n) equals the counts of each value in the DP's Dif(., n) for n <= 8 and j <= 12, "
    f"and the theorem Dif = 1 + W for j <= 150 and n <= 40 or n = 41, 50, 64, 100 (counts up to "
    f"{_powers(REP_LARGEST)}, beyond any table); refuses answers that reach puzzles.egg",
    hidden=_rep_hidden,
)
def _laplace_rep() -> Plan:
    """Exercise 6: REP(j, n) from rep."""
    far = "every j <= 150 and n <= 40, and n = 41, 50, 64, 100 up to j = 150"
    return Plan(
        _many_stages(
            lambda j, n: _laplace_rep_counts()[j, n],
            _rep_theorem,
            small_cases=sorted(_laplace_rep_counts(), key=lambda case: (case[1], case[0])),
            small_range="every n <= 8 and j <= 12",
            big_cases=REP_FAR,
            big_range=far,
            big_evidence="the theorem Dif = 1 + W",
            far="beyond this check's table of Dif, which stops at n = 8 and j = 12",
            few=None,
        ),
        what="your REP(j,n)",
        kind=whole,
        passed=f"your REP(j,n) equals the counts in the DP's Dif for every n <= 8 and j <= 12, and the "
        f"theorem Dif = 1 + W for {far}: counts of up to {_powers(REP_LARGEST)} sizes, beyond any table.",
    )


def _over_sizes(value: Fraction, k: int) -> str:
    """``7/3`` written over k + 1 when lowest terms hide it: ``14/6``, the numerator Nom(n, k)."""
    numerator = value * (k + 1)
    if numerator.denominator != 1:
        return show(value)
    return f"{numerator.numerator}/{k + 1}"


def _numerators_shown(stages: list[Stage]) -> list[Stage]:
    """egg-7's stages past the DP's table with both values written over k + 1 (Nom(n, k)/(k + 1), as
    Table 6 does), so that a numerator off by one is not hidden by lowest terms (3/2 against 1 reads
    as 3/2 against 2/2). The DP's stage keeps the checker's words: its first cases are asked again
    at the end, and only the checker knows which time it is."""
    judged = stages[:1]
    for index, stage in enumerate(stages[1:], start=1):
        reference = stage.reference
        before = " and ".join(s.label for s in stages[:index] if s.label)

        def judge(case, value, reference=reference, stage=stage, before=before):
            n, k = case
            expected = reference(n, k)
            if value == expected:
                return None
            given = _over_sizes(Fraction(value), k) if isinstance(value, (int, Fraction)) else show(value)
            right = _over_sizes(expected, k)
            where = f"(n, k) = ({n}, {show(k)})"
            return (
                f"your L(n,k) is right for {before}, but at {where} ({stage.far}) it gives {given}, where "
                f"{stage.evidence} gives {right} (both over k + 1 = {show(k + 1)}, the numerators Nom(n,k))."
            )

        judged.append(dataclasses.replace(stage, reference=None, judge=judge))
    return judged


def _laplace_total(n: int, k: int) -> Fraction:
    """L(n, k) = Nom(n, k)/(k + 1), Nom by the package's block sums (tested against the DP)."""
    return Fraction(laplace_numerator(n, k), k + 1)


@_exercise(
    "egg-7",
    names="n, k",
    without=WITHOUT,
    on_timeout=MANY_ON_TIMEOUT,
    asks=f"L(n, k) in terms of rep and First (Sniedovich, Exercise 7), exact, for k {MANY_UP_TO}: no "
    "functional equation, no loop over sizes or blocks, no package",
    verifies=f"equals L(n,k) from the DP (28) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"theorem's closed form at n = 7 to 64 below 10**3 and at {MANY_FAR}; refuses floats and answers "
    "that reach puzzles.egg",
    hidden=_many_egg_hidden(lambda n, k: _laplace_total(n, k)),
)
def _laplace_from_rep() -> Plan:
    """Exercise 7: L(n, k) from rep and First, exact."""
    return Plan(
        _numerators_shown(
            _many_stages(lambda n, k: _laplace(MANY_EGGS, MANY_SIZES).fraction(n, k), _laplace_total)
        ),
        what="your L(n,k)",
        kind=exact_number,
        passed=f"your L(n,k) is right for {MANY_RANGE}, by the dynamic programme, and at the {MANY_FEW}; "
        f"and at the {MANY_FAR}, by the closed form.",
    )


@_exercise(
    "egg-8",
    names="n, k",
    without=WITHOUT,
    on_timeout=MANY_ON_TIMEOUT + " Return Y(n,k) as range(smallest, largest + 1).",
    asks="Y(n, k), every optimal first drop of Laplace's scenario, in terms of rep and First "
    f"(Sniedovich, Exercise 8), as a range, for k {MANY_UP_TO}, without the package",
    verifies=f"equals Y(n,k) from the DP (28) for n <= {MANY_EGGS} and k <= {MANY_SIZES}, and the "
    f"closed form at n = 7 to 64 below 10**3 and at {MANY_FAR}; refuses answers that reach puzzles.egg",
    hidden=_many_egg_hidden(lambda n, k: laplace_drops(n, k)),
)
def _laplace_drops_from_rep() -> Plan:
    """Exercise 8: Y(n, k) as a range, from rep and First."""
    return Plan(
        _many_stages(lambda n, k: _laplace(MANY_EGGS, MANY_SIZES).drops[n][k], laplace_drops),
        what="your Y(n,k)",
        kind=_drops_kind,
        same=_same_drops,
        shown=_shown_given_drops,
        passed=f"your Y(n,k) is right for {MANY_RANGE}, by the dynamic programme, and at the {MANY_FEW}; "
        f"and at the {MANY_FAR}, by the closed form.",
    )


ROBUST_EGGS, ROBUST_SIZES = 5, 300  # the states at which egg-9 plays the answer's policy


def _robust_small(case: tuple, x: int) -> str | None:
    """At a state the DP reaches: the drop's cost in each scenario, against the optimum."""
    n, k = case
    worst, laplace = _worst(MANY_EGGS, MANY_SIZES), _laplace(MANY_EGGS, MANY_SIZES)
    where = f"at (n, k) = ({n}, {k}) your drop {x}"
    if not 1 <= x <= k:
        return f"{where} is not a height of the interval 1..{k}."
    x_drops, y_drops = worst.drops[n][k], laplace.drops[n][k]
    if x in x_drops and x in y_drops:
        return None
    sets = f"X({n},{k}) = {_shown_drops(x_drops)}, Y({n},{k}) = {_shown_drops(y_drops)}"
    if x not in x_drops and n == 1:
        return (
            f"{where} is not worst-case optimal: if the only egg breaks there, C may be any of 0..{x - 1} "
            f"and no egg is left to tell them apart ({sets})."
        )
    if x not in x_drops:
        needs = 1 + max(int(worst.value[n - 1, x - 1]), int(worst.value[n, k - x]))
        return (
            f"{where} lets Mother Nature force {needs} trials, more than W({n},{k}) = "
            f"{int(worst.value[n, k])}: it is not worst-case optimal ({sets})."
        )
    total = k + 1 + int(laplace.value[n - 1, x - 1]) + int(laplace.value[n, k - x])
    return (
        f"{where} costs {Fraction(total, k + 1)} trials on average, more than "
        f"L({n},{k}) = {laplace.fraction(n, k)}: it is not optimal under Laplace ({sets})."
    )


def _robust_drawn_many(case: tuple, x: int) -> str | None:
    n, k = case
    where = (
        f"your policy is robust on the public states, but at (n, k) = ({n}, {show(k)}) "
        "(a state the grader drew)"
    )
    return _robust_problem(where, x, worst_case_drops(n, k), laplace_drops(n, k), f"{n},k")


def _robust_far(case: tuple, x: int, beyond: str = "no table reaches it") -> str | None:
    n, k = case
    where = (
        f"your policy is robust at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, but at "
        f"(n, k) = ({n}, {show(k)}) ({beyond})"
    )
    shown = f"{n},{k}" if k <= FEW_HEIGHTS else f"{n},k"
    return _robust_problem(where, x, worst_case_drops(n, k), laplace_drops(n, k), shown)


def _robust_few(case: tuple, x: int) -> str | None:
    return _robust_far(case, x, f"beyond the states played, n <= {ROBUST_EGGS} and k <= {ROBUST_SIZES}")


@_exercise(
    "egg-9",
    names="n, k",
    without=WITHOUT,
    on_timeout=MANY_ON_TIMEOUT,
    asks="is there a robust optimal policy for every n (Sniedovich, Exercise 9)? Argue it, and return "
    f"a first drop robust_drop(n, k) optimal under both scenarios, for k {MANY_UP_TO}",
    verifies=f"played at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, the drop is optimal for "
    f"the worst case and for Laplace (DP (17), (28)); at n = 6 to 64 below 10**3 and at {MANY_FAR} it "
    "lies in X(n,k) and Y(n,k) "
    "(closed forms); refuses answers that reach puzzles.egg",
    hidden=_many_egg_hidden(judge=_robust_drawn_many),
)
def _robust_many_eggs() -> Plan:
    """Exercise 9: a policy optimal under both scenarios, for every number of eggs."""
    return Plan(
        _many_stages(
            small_cases=[(n, k) for n in range(1, ROBUST_EGGS + 1) for k in range(1, ROBUST_SIZES + 1)],
            small_range=f"every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}",
            dp_judge=_robust_small,
            far_judge=_robust_far,
            few=(ROBUST_EGGS, ROBUST_SIZES),
            few_judge=_robust_few,
        ),
        what="your drop",
        kind=whole,
        passed=f"played at every state n <= {ROBUST_EGGS}, k <= {ROBUST_SIZES}, your drop is optimal for "
        f"the worst case and for Laplace, and it lies in X(n,k) and Y(n,k) at the "
        f"{_few_heights_label(ROBUST_EGGS, ROBUST_SIZES)}; and at {MANY_FAR}: a robust "
        "optimal policy.",
    )
