"""The mathematics of Tricky Trios: the memoised DP over (K2, K1, K0), enumeration, simulation.

Source: the analysis of "Tricky Trios", Code Jam to I/O for Women 2018.

The game: 3N face-down cards, three of each number 1..N. A round flips a card, then a second;
if the two differ the round ends, if they match a third card is flipped, and when it matches
too the trio is removed. Flipped cards go back face down but are remembered.

The rule of the analysis ("only flip known cards when they are the last ones needed to remove
a trio") reduces what a player knows to the numbers of trios with two, one or no known cards,
the state (K2, K1, K0); a trio whose three cards are all known costs exactly one extra round.
Three methods compute the expected number of rounds E(N) = f(0, 0, N):

* ``expected_rounds``: the DP over (K2, K1, K0), bottom up in integers. Every unknown card is
  flipped exactly once in a game and the flip that reveals it has a probability with
  denominator "the number of unknown cards left", so g(s) = U! f(s) is an integer, with
  U = K2 + 2 K1 + 3 K0. The recursion for g needs only integer arithmetic;
* ``expected_rounds_by_enumeration``: the small-dataset method, every left-to-right order of
  the deck (up to relabelling) played by the rule and averaged, N <= 5;
* ``expected_rounds_free_choice``: a DP that allows *every* flip at every moment of a round
  (known or unknown cards, any trio), the computational check that the rule is optimal.

``simulate`` estimates E(N) by playing random deals.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import flag as _flag
from puzzles.course.validate import one_of as _one_of
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _whole

__all__ = [
    "State",
    "SimulationResult",
    "MAX_ENUMERATION",
    "check_trios",
    "expected_rounds",
    "rounds_table",
    "state_value",
    "state_after",
    "transitions",
    "RoundOutcome",
    "round_outcomes",
    "MAX_EXPLORE_TRIOS",
    "expected_rounds_memo",
    "expected_rounds_by_enumeration",
    "enumeration_summary",
    "canonical_orders",
    "count_orders",
    "play_order",
    "simulate",
    "sample_rounds",
    "expected_rounds_free_choice",
    "most_rounds",
    "three_known_rounds",
    "MAX_THREE_KNOWN",
    "free_choice_value",
    "free_choice_decisions",
    "free_choice_first_flips",
    "rule_flip",
    "FLIP_UNKNOWN",
    "FLIP_KNOWN",
    "FLIP_OTHER",
    "fluid_drift",
    "rounds_per_trio_limit",
    "EnumerationSummary",
]

MAX_ENUMERATION = 5  # the small dataset: N = 1..5
# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster).
# The integer DP of expected_rounds, rounds_table and state_value serves MAX_EXPLORE_TRIOS (100) trios.
MEMO_LARGEST = 40  # expected_rounds_memo in Fractions: about 4 s at 40 trios
FREE_CHOICE_LARGEST = 10  # trios of the every-flip DP: about 0.7 s at 10 (20: 11 s)
MOST_ROUNDS_LARGEST = 40  # trios of the longest-path DP over the states: about 2 s at 40
COUNT_ORDERS_LARGEST = 30_000  # count_orders: (3N)! has 370 000 digits at N = 30 000, about 1 s
ORDER_LARGEST = 3_000  # trios of canonical_orders: the first order of 3000 trios takes about 0.5 s
DEAL_LARGEST = 1_000_000  # trios of longest_deal: a list of 3 million cards
SIMULATION_LARGEST_WORK = 1_000_000  # N * games of sample_rounds and simulate: about 2 s
RK4_LARGEST_STEPS = 100_000  # integration steps of rounds_per_trio_limit: about 2 s


class _Counts(NamedTuple):
    two_known: int
    one_known: int
    zero_known: int


class State(_Counts):
    """The analysis's state (K2, K1, K0): trios with two, one and no known cards.

    (A trio with three known cards is removed in the next round: K3 is not part of the state.)
    Each count is a whole number >= 0 (numpy integers become ints); anything else is a sentence.
    """

    __slots__ = ()

    def __new__(cls, two_known: int, one_known: int, zero_known: int) -> State:
        counts = []
        for value, name in ((two_known, "K2"), (one_known, "K1"), (zero_known, "K0")):
            value = _whole(value, name)
            if value < 0:
                raise ValueError(f"{name} counts trios and cannot be negative, got {value}")
            counts.append(value)
        return _Counts.__new__(cls, *counts)

    @property
    def unknown_cards(self) -> int:
        """U = K2 + 2 K1 + 3 K0, the cards whose numbers are not known yet."""
        return self.two_known + 2 * self.one_known + 3 * self.zero_known

    @property
    def trios(self) -> int:
        return self.two_known + self.one_known + self.zero_known


# ---------------------------------------------------------------------------
# input checks


def check_trios(N: object) -> int:
    """N as an int, or a ValueError with a sentence for a student."""
    N = _whole(N, "the number of trios N")
    if N < 1:
        raise ValueError(f"N must be a positive number of trios (the deck has 3N cards), got {N}")
    return N


def _check_table(trios: int) -> None:
    _cap(
        trios,
        "the number of trios",
        MAX_EXPLORE_TRIOS,
        "the contest's largest game has 100 trios; rounds_per_trio_limit() gives the limit of E(N) / N",
    )


def _check_state(two_known: object, one_known: object, zero_known: object) -> State:
    counts = [
        _whole(v, w) for v, w in zip((two_known, one_known, zero_known), ("K2", "K1", "K0"), strict=True)
    ]
    for value, name in zip(counts, ("K2", "K1", "K0"), strict=True):
        if value < 0:
            raise ValueError(f"{name} counts trios and cannot be negative, got {value}")
    return State(*counts)


# ---------------------------------------------------------------------------
# the transitions of one round under the rule


def transitions(state: State) -> list[tuple[Fraction, int, State, str]]:
    """Every way a round can end from ``state`` under the rule: (probability, rounds, next, how).

    ``rounds`` is 1, or 2 when the round turns a Two-Known trio into a Three-Known one (its
    removal takes the next round); ``next`` is the state after that. The probabilities sum to
    1 for any state with unknown cards; the list is empty for (0, 0, 0).

    The ways after a Zero-Known first card are the table (c) that Exercise 4 of Lesson II asks
    you to derive: Lesson II imports this function after that exercise's check.
    """
    try:
        K2, K1, K0 = _sequence(state, "the state", length=3)
    except ValueError:
        raise ValueError(
            f"a state is State(K2, K1, K0), three counts of trios, got {_shown(state)}"
        ) from None
    state = _check_state(K2, K1, K0)  # no negative counts: their 'probabilities' would not sum to 1
    K2, K1, K0 = state
    U = state.unknown_cards
    out: list[tuple[Fraction, int, State, str]] = []

    def add(p: Fraction, rounds: int, nxt: tuple[int, int, int], how: str) -> None:
        if p:
            out.append((p, rounds, State._make(nxt), how))  # counts known valid: no checks

    if U == 0:
        return out
    # first card from a Two-Known trio: flip its two known cards, the trio is removed
    add(Fraction(K2, U), 1, (K2 - 1, K1, K0), "Two-Known trio completed")
    if K1:
        p = Fraction(2 * K1, U)
        add(p * Fraction(1, U - 1), 1, (K2, K1 - 1, K0), "One-Known: its last card, removed")
        add(p * Fraction(K2, U - 1), 2, (K2, K1 - 1, K0), "One-Known, then a Two-Known trio's last card")
        add(p * Fraction(2 * (K1 - 1), U - 1), 1, (K2 + 2, K1 - 2, K0), "One-Known, then another One-Known")
        add(p * Fraction(3 * K0, U - 1), 1, (K2 + 1, K1, K0 - 1), "One-Known, then a Zero-Known")
    if K0:
        p = Fraction(3 * K0, U)
        same = p * Fraction(2, U - 1)
        if U > 2:
            add(same * Fraction(1, U - 2), 1, (K2, K1, K0 - 1), "Zero-Known, a pair, its last card: removed")
            add(
                same * Fraction(K2, U - 2), 2, (K2, K1, K0 - 1), "Zero-Known, a pair, a Two-Known's last card"
            )
            add(
                same * Fraction(2 * K1, U - 2), 1, (K2 + 2, K1 - 1, K0 - 1), "Zero-Known, a pair, a One-Known"
            )
            add(
                same * Fraction(3 * (K0 - 1), U - 2),
                1,
                (K2 + 1, K1 + 1, K0 - 2),
                "Zero-Known, a pair, another Zero-Known",
            )
        add(p * Fraction(K2, U - 1), 2, (K2 - 1, K1 + 1, K0 - 1), "Zero-Known, then a Two-Known's last card")
        add(p * Fraction(2 * K1, U - 1), 1, (K2 + 1, K1, K0 - 1), "Zero-Known, then a One-Known")
        add(p * Fraction(3 * (K0 - 1), U - 1), 1, (K2, K1 + 2, K0 - 2), "Zero-Known, then another Zero-Known")
    return out


def state_after(state: State, how: str) -> State:
    """The next state of ``transitions(state)`` named ``how`` (for tables and tests)."""
    for _, _, nxt, name in transitions(state):
        if name == how:
            return nxt
    raise ValueError(f"no transition called {how!r} from the state {tuple(state)}")


MAX_EXPLORE_TRIOS = 100  # the contest's largest N: f of every state with 100 trios in under 3 s


@dataclass(frozen=True)
class RoundOutcome:
    """One way the next round can end: its probability, the rounds it costs, the next state and
    the expected rounds f(next) still needed from there; ``term`` = probability (rounds + f(next))."""

    how: str
    probability: Fraction
    rounds: int
    next_state: State
    next_value: Fraction

    @property
    def term(self) -> Fraction:
        return self.probability * (self.rounds + self.next_value)


def round_outcomes(two_known: int, one_known: int, zero_known: int) -> list[RoundOutcome]:
    """Every way a round from (K2, K1, K0) ends under the rule, each with f of its next state.

    The terms add up to f(K2, K1, K0) (the functional equation) and the probabilities to 1; the
    list is empty for (0, 0, 0). Serves states of at most ``MAX_EXPLORE_TRIOS`` trios.
    """
    state = _check_state(two_known, one_known, zero_known)
    _cap(
        state.trios,
        "the number of trios K2 + K1 + K0",
        MAX_EXPLORE_TRIOS,
        "the contest's largest game has 100 trios",
    )
    return [
        RoundOutcome(how, p, rounds, nxt, _TABLE.value(nxt)) for p, rounds, nxt, how in transitions(state)
    ]


# ---------------------------------------------------------------------------
# the memoised DP in Fractions, as the analysis writes it (the plain version)


@cache
def _memo(K2: int, K1: int, K0: int) -> Fraction:
    state = State(K2, K1, K0)
    if state.unknown_cards == 0:
        return Fraction(0)
    return sum((p * (rounds + _memo(*nxt)) for p, rounds, nxt, _ in transitions(state)), Fraction(0))


def expected_rounds_memo(N: int) -> Fraction:
    """f(0, 0, N) by the analysis's memoised recursion in Fractions (slower; a second algorithm)."""
    N = check_trios(N)
    _cap(N, "N", MEMO_LARGEST, "expected_rounds(N) computes the same value in integers, faster")
    for n in range(1, N + 1):  # grow the memo gradually: no deep recursion
        _memo(0, 0, n)
    return _memo(0, 0, N)


# ---------------------------------------------------------------------------
# the same DP in integers: g(s) = U! f(s), layer by layer


class _ScaledTable:
    """g[T][K1][K0] = U! f(K2, K1, K0) with K2 = T - K1 - K0, for T = 0..size - 1.

    Shared by every call, from any thread: ``extend`` runs under a lock, and a layer (and the
    factorials it needs) is published only once it is complete, so a reader never sees a
    half-filled layer and a fill stopped half-way (an error, KeyboardInterrupt) leaves only
    complete, correct layers behind.
    """

    def __init__(self) -> None:
        self.layers: list[list[list[int]]] = [[[0]]]
        self.factorial = [1]
        self._lock = threading.Lock()

    def extend(self, n_max: int) -> None:
        with self._lock:
            self._extend(n_max)

    def _extend(self, n_max: int) -> None:
        fact = list(self.factorial)
        while len(fact) <= 3 * n_max:
            fact.append(fact[-1] * len(fact))
        self.factorial = fact  # published whole, before any layer that needs it
        layers = self.layers
        for T in range(len(layers), n_max + 1):
            below = layers[T - 1]  # one trio fewer (a removal)
            here: list[list[int]] = [[0] * (T - K1 + 1) for K1 in range(T + 1)]
            # within the layer every transition lowers U = T + K1 + 2 K0: go by increasing U
            for U_part in range(0, 2 * T + 1):  # U_part = K1 + 2 K0
                for K0 in range(U_part // 2, -1, -1):
                    K1 = U_part - 2 * K0
                    if K1 + K0 > T:
                        continue
                    K2 = T - K1 - K0
                    U = T + U_part
                    if U == 0:
                        continue
                    total = 0
                    factor_terms = 0  # coefficient of (U-1)!, (U-2)!, (U-3)! parts, added below
                    if K2:
                        total += K2 * (fact[U - 1] + below[K1][K0])  # removal: (K2-1, K1, K0)
                    if K1:
                        two = 2 * K1
                        removed = below[K1 - 1][K0]  # (K2, K1-1, K0): one trio fewer
                        total += two * (1 + K2) * removed
                        factor_terms = two * (U - 1 + K2)
                        if K1 >= 2:
                            total += two * 2 * (K1 - 1) * here[K1 - 2][K0]  # (K2+2, K1-2, K0)
                        if K0:
                            total += two * 3 * K0 * here[K1][K0 - 1]  # (K2+1, K1, K0-1)
                    rest = factor_terms * fact[U - 2] if factor_terms else 0
                    if K0:
                        three = 3 * K0
                        if U > 2:
                            pair = 2 * three
                            total += pair * (1 + K2) * below[K1][K0 - 1]  # removal: (K2, K1, K0-1)
                            if K1:
                                total += pair * 2 * K1 * here[K1 - 1][K0 - 1]  # (K2+2, K1-1, K0-1)
                            if K0 >= 2:
                                total += pair * 3 * (K0 - 1) * here[K1 + 1][K0 - 2]  # (K2+1, K1+1, K0-2)
                            rest += pair * (U - 2 + K2) * fact[U - 3]
                        if K2:
                            total += three * K2 * below[K1 + 1][K0 - 1]  # (K2-1, K1+1, K0-1): a removal
                        if K1:
                            total += three * 2 * K1 * here[K1][K0 - 1]  # (K2+1, K1, K0-1)
                        if K0 >= 2:
                            total += three * 3 * (K0 - 1) * here[K1 + 2][K0 - 2]  # (K2, K1+2, K0-2)
                        rest += three * (U - 3 + K2) * fact[U - 2]
                    here[K1][K0] = total + rest
            layers.append(here)  # complete: now readers may use it

    def value(self, state: State) -> Fraction:
        T = state.trios
        if T >= len(self.layers):
            self.extend(T)
        return Fraction(
            self.layers[T][state.one_known][state.zero_known], self.factorial[state.unknown_cards]
        )


_TABLE = _ScaledTable()


def state_value(two_known: int, one_known: int, zero_known: int, three_known: int = 0) -> Fraction:
    """f(K3, K2, K1, K0): the expected number of rounds left when the rule of Lesson I is played.

    The rule is the best play on every state with at most ten trios (Lesson I checks it against
    the DP that allows every flip); beyond ten trios this is the rule's value, its optimality
    taken on trust.

    f(K3, K2, K1, K0) = K3 + f(K2, K1, K0): each Three-Known trio takes one round of its own.
    """
    state = _check_state(two_known, one_known, zero_known)
    three_known = _whole(three_known, "K3")
    if three_known < 0:
        raise ValueError(f"K3 counts trios and cannot be negative, got {three_known}")
    _check_table(state.trios)
    return three_known + _TABLE.value(state)


def expected_rounds(N: int) -> Fraction:
    """E(N) = f(0, 0, N): the exact expected number of rounds to remove all N trios.

    The DP over (K2, K1, K0) of the analysis, memoised in a table shared by every N and
    computed bottom up in integers (g = U! f); all N <= 100 together take about half a second
    of processor time.

    >>> print(expected_rounds(3))
    311/56
    """
    N = check_trios(N)
    _check_table(N)
    return _TABLE.value(State(0, 0, N))


def rounds_table(n_max: int) -> list[Fraction]:
    """[E(1), ..., E(n_max)]."""
    n_max = check_trios(n_max)
    _check_table(n_max)
    _TABLE.extend(n_max)
    return [_TABLE.value(State(0, 0, n)) for n in range(1, n_max + 1)]


# ---------------------------------------------------------------------------
# the small dataset: every left-to-right order, played by the rule


def count_orders(N: int, relabel: bool = False) -> int:
    """The number of orders of the deck, or with ``relabel=True`` of orders up to relabelling.

    >>> count_orders(2), count_orders(2, relabel=True)
    (20, 10)
    """
    N, relabel = check_trios(N), _flag(relabel, "relabel")
    _cap(N, "N", COUNT_ORDERS_LARGEST, "math.lgamma(3 * N + 1) gives the logarithm of (3N)!")
    orders = math.factorial(3 * N) // 6**N
    return orders // math.factorial(N) if relabel else orders


def canonical_orders(N: int) -> Iterator[tuple[int, ...]]:
    """Every order of 1,1,1,2,2,2,...,N,N,N in which the numbers first appear as 1, 2, ..., N.

    Relabelling the numbers turns any order into exactly one of these. The orders come one at
    a time (take the first few of a large N with ``itertools.islice``), in increasing order.
    """
    N = check_trios(N)
    _cap(N, "N", ORDER_LARGEST, "count_orders(N, relabel=True) counts them")
    return _canonical_orders(N)


def _canonical_orders(N: int) -> Iterator[tuple[int, ...]]:
    """The canonical orders depth first, without recursion (any N): at each position the
    labels are tried in increasing order, a label already used while copies are left, then the
    next new label."""
    length = 3 * N
    order = [0] * length  # 0: nothing tried at this position yet
    left = [3] * (N + 2)
    used = [0] * (length + 1)  # labels used before each position
    position = 0
    while position >= 0:
        if position == length:
            yield tuple(order)
            position -= 1
            continue
        label = order[position]
        if label:  # take back the label tried here, and try the next one
            left[label] += 1
        before = used[position]
        label += 1
        while label <= before and not left[label]:
            label += 1
        if label > before + 1 or label > N:  # every label tried: back up
            order[position] = 0
            position -= 1
            continue
        order[position] = label
        left[label] -= 1
        used[position + 1] = max(before, label)
        position += 1


def play_order(order: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """Play the rule when the unknown cards turn up in ``order``: (rounds, Three-Known rounds).

    The second number counts the rounds spent removing a trio whose three cards were all known.
    ``order`` is a whole deal: each number on it appears exactly three times.
    """
    try:
        cards = _sequence(order, "the order")
    except ValueError:
        raise ValueError(
            f"the order is a list of card numbers such as [1, 1, 2, 1, 2, 2], got {_shown(order)}"
        ) from None
    labels = [_whole(card, "each card of the order") for card in cards]
    counts: dict[int, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    wrong = sorted(label for label, count in counts.items() if count != 3)
    if wrong:
        raise ValueError(
            f"a deal holds each number three times, but {wrong[0]} appears {counts[wrong[0]]} times"
        )
    return _play_order(labels)


def _play_order(order: tuple[int, ...] | list[int]) -> tuple[int, int]:
    """``play_order`` without input checks (the enumeration and the simulation deal valid decks)."""
    known: dict[int, int] = {}
    rounds = extra = 0
    position, end = 0, len(order)
    while position < end:
        rounds += 1
        first = order[position]
        position += 1
        seen = known.get(first, 0)
        if seen == 2:  # its two known cards complete the trio
            del known[first]
            continue
        second = order[position]
        position += 1
        if second != first:
            known[first] = seen + 1
            if known.get(second, 0) == 2:  # a Three-Known trio: removed next round
                rounds += 1
                extra += 1
                del known[second]
            else:
                known[second] = known.get(second, 0) + 1
            continue
        if seen == 1:  # the pair plus the known card: removed
            del known[first]
            continue
        third = order[position]
        position += 1
        if third == first:
            continue  # three unknown cards in a row made the trio
        known[first] = 2
        if known.get(third, 0) == 2:
            rounds += 1
            extra += 1
            del known[third]
        else:
            known[third] = known.get(third, 0) + 1
    return rounds, extra


@dataclass(frozen=True)
class EnumerationSummary:
    """Totals over the canonical orders of N trios (``canonical_orders``)."""

    N: int
    orders: int  # canonical orders played
    total_rounds: int
    total_three_known: int  # rounds spent removing Three-Known trios
    most_rounds: int = 0  # the longest game among the orders

    @property
    def expected_rounds(self) -> Fraction:
        return Fraction(self.total_rounds, self.orders)

    @property
    def expected_three_known(self) -> Fraction:
        return Fraction(self.total_three_known, self.orders)


@cache
def _enumerate(N: int) -> EnumerationSummary:
    orders = total = extra = longest = 0
    for order in _canonical_orders(N):
        rounds, three = _play_order(order)
        orders += 1
        total += rounds
        extra += three
        longest = max(longest, rounds)
    return EnumerationSummary(N, orders, total, extra, longest)


def enumeration_summary(N: int) -> EnumerationSummary:
    """Play every canonical order of N <= 5 trios by the rule; totals and the number of orders."""
    N = check_trios(N)
    if N > MAX_ENUMERATION:
        orders = f"{count_orders(N, relabel=True):,}" if N <= 40 else "astronomically many"
        raise ValueError(
            f"enumeration is the small-dataset method for N <= {MAX_ENUMERATION}: "
            f"N = {_shown(N)} would mean {orders} orders"
        )
    return _enumerate(N)


def expected_rounds_by_enumeration(N: int) -> Fraction:
    """E(N) as the average number of rounds over every left-to-right order, N <= 5."""
    return enumeration_summary(N).expected_rounds


# ---------------------------------------------------------------------------
# the longest game and the rounds spent on Three-Known trios


def longest_game(N: int) -> int:
    """The reference the checks of Exercise 3 of Lesson I compare answers with (not part of the
    public API: the exercise asks for this value and for the argument behind it)."""
    N = check_trios(N)
    return 1 if N == 1 else (5 * N - 1) // 2


def longest_deal(N: int) -> list[int]:
    """The reference deal of Exercise 3b of Lesson I, which the tests play (not part of the public
    API: the exercise asks for a deal like it, built by the student)."""
    N = check_trios(N)
    _cap(N, "N", DEAL_LARGEST, "a deal of a million trios is the largest built here")
    if N == 1:
        return [1, 1, 1]
    deal = [1, 2, 1, 2]
    if N == 2:
        return deal + [1, 2]
    deal += [3, 1, 3, 2]  # 1 and 2 each become Three-Known in turn; 3 is left Two-Known
    two_known, new = 3, 4
    while N - new + 1 >= 2:
        x, y = new, new + 1
        deal += [x, two_known, x, y, y, x]
        two_known, new = y, new + 2
    if new == N:
        deal += [new, two_known, new, new]
    else:
        deal.append(two_known)
    return deal


@cache
def _most(K2: int, K1: int, K0: int) -> int:
    state = State(K2, K1, K0)
    if state.unknown_cards == 0:
        return 0
    return max(rounds + _most(*nxt) for _, rounds, nxt, _ in transitions(state))


def most_rounds(two_known: int, one_known: int, zero_known: int) -> int:
    """The most rounds the rule can still take from (K2, K1, K0): the longest path of the DP's graph.

    The DP of ``state_value`` with the max over the ways a round can end (each has a positive
    probability) in place of their average.
    """
    state = _check_state(two_known, one_known, zero_known)
    _cap(
        state.trios,
        "the number of trios",
        MOST_ROUNDS_LARGEST,
        "the longest path through the states takes about 2 s at 40 trios",
    )
    for T in range(state.trios + 1):  # grow the memo gradually: no deep recursion
        _most(0, 0, T)
    return _most(*state)


MAX_THREE_KNOWN = 60  # three_known_rounds(60) takes about 5 s


@cache
def _three_known(K2: int, K1: int, K0: int) -> Fraction:
    state = State(K2, K1, K0)
    if state.unknown_cards == 0:
        return Fraction(0)
    return sum(
        (p * ((rounds - 1) + _three_known(*nxt)) for p, rounds, nxt, _ in transitions(state)), Fraction(0)
    )


def three_known_rounds(N: int) -> Fraction:
    """E3(N): the expected number of rounds spent removing Three-Known trios, N <= 60.

    The recursion of f with a reward of 1 for a round that creates a Three-Known trio (the
    round after it removes the trio) and 0 for every other round.
    """
    N = check_trios(N)
    if N > MAX_THREE_KNOWN:
        raise ValueError(
            f"three_known_rounds serves N <= {MAX_THREE_KNOWN} (about 5 s in exact fractions), got {N}"
        )
    for n in range(1, N + 1):  # grow the memo gradually: no deep recursion
        _three_known(0, 0, n)
    return _three_known(0, 0, N)


# ---------------------------------------------------------------------------
# simulation


@dataclass(frozen=True)
class SimulationResult:
    """A Monte Carlo estimate of E(N): mean rounds over ``games`` random deals, with a CI."""

    N: int
    games: int
    seed: int
    mean: float
    std_error: float
    confidence: float
    low: float
    high: float

    def covers(self, value: Fraction | float) -> bool:
        return self.low <= float(value) <= self.high


_Z = {0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004, 0.999: 3.2905267314919255}


def sample_rounds(N: int, games: int, seed: int = 0) -> list[int]:
    """The rounds of ``games`` random deals of N trios, each played by the rule (seeded)."""
    N = check_trios(N)
    games = _whole(games, "the number of games")
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    seed = _whole(seed, "the seed")
    _cap(
        N * games,
        "N * games",
        SIMULATION_LARGEST_WORK,
        "expected_rounds(N) is exact; rounds_per_trio_limit() * N approximates a huge N",
    )
    rng = random.Random(seed)
    deck = [label for label in range(1, N + 1) for _ in range(3)]
    samples = []
    for _ in range(games):
        rng.shuffle(deck)
        samples.append(_play_order(deck)[0])
    return samples


def simulate(N: int, games: int, seed: int = 0, confidence: float = 0.95) -> SimulationResult:
    """Play ``games`` random deals of N trios by the rule; the mean and a normal-approximation CI."""
    N = check_trios(N)
    games = _whole(games, "the number of games")
    if games < 2:
        raise ValueError(f"a confidence interval needs at least 2 games, got {games}")
    try:
        _one_of(confidence, "the confidence level", sorted(_Z))
    except ValueError:
        raise ValueError(
            f"the confidence level must be one of {sorted(_Z)}, got {_shown(confidence)}"
        ) from None
    samples = sample_rounds(N, games, seed)
    total = sum(samples)
    total_squares = sum(r * r for r in samples)
    mean = total / games
    variance = (total_squares - total * total / games) / (games - 1)
    std_error = math.sqrt(max(variance, 0.0) / games)
    half = _Z[confidence] * std_error
    return SimulationResult(N, games, seed, mean, std_error, confidence, mean - half, mean + half)


# ---------------------------------------------------------------------------
# every flip allowed: the check that the rule is optimal

FLIP_UNKNOWN = "unknown card"
FLIP_KNOWN = "known card of this trio"
FLIP_OTHER = "known card of another trio"

# A knowledge state with Three-Known trios: (K3, K2, K1, K0).
FullState = tuple[int, int, int, int]


def _unknown(s: FullState) -> int:
    return s[1] + 2 * s[2] + 3 * s[3]


def _to_state(counts: list[int]) -> FullState:
    return (counts[3], counts[2], counts[1], counts[0])


def _full_state(state: object) -> FullState:
    """(K3, K2, K1, K0) as a tuple of counts, each at least 0, of at most FREE_CHOICE_LARGEST trios."""
    try:
        counts = _sequence(state, "the state", length=4)
    except ValueError:
        raise ValueError(
            f"a state is (K3, K2, K1, K0), four counts of trios such as (0, 0, 0, 3), got {_shown(state)}"
        ) from None
    names = ("K3", "K2", "K1", "K0")
    values = tuple(_whole(v, name, least=0) for v, name in zip(counts, names, strict=True))
    rule = "state_value(K2, K1, K0, K3) follows the rule"
    _cap(sum(values), "the number of trios", FREE_CHOICE_LARGEST, rule)
    return values  # type: ignore[return-value]


def free_choice_value(state: FullState) -> Fraction:
    """f(K3, K2, K1, K0) when every flip is allowed (known or unknown, any trio), minimised."""
    return _free_value(_full_state(state))


@cache
def _free_value(state: FullState) -> Fraction:
    return _free_round(state)[0]


def _end(counts: list[int], trio: int, flipped_unknown: int, removed: bool, other: int | None) -> FullState:
    """The knowledge after the round: the round's trio had class ``trio`` at its start."""
    after = list(counts)
    after[trio] -= 1
    if not removed:
        after[trio + flipped_unknown] += 1
    if other is not None:  # an unknown card of another trio of class ``other`` was revealed
        after[other] -= 1
        after[other + 1] += 1
    return _to_state(after)


def _free_round(state: FullState) -> tuple[Fraction, dict[tuple, frozenset[str]], dict[str, Fraction]]:
    """min over every way to play a round of E[1 + f(next)], and the optimal choices met.

    A decision point inside the round is (trio class c at the round's start, known cards of
    it flipped this round a, unknown cards of it flipped this round b), or ("start",).
    """
    counts = [state[3], state[2], state[1], state[0]]
    U = _unknown(state)
    if sum(counts) == 0:
        return Fraction(0), {}, {}
    decisions: dict[tuple, frozenset[str]] = {}
    infinity = math.inf

    def finish(after: FullState) -> Fraction | float:
        if after == state:
            return infinity  # nothing learned, nothing removed: a wasted round
        return 1 + _free_value(after)

    def mid(c: int, a: int, b: int) -> Fraction | float:
        """All flips so far from one trio T of class c: a known ones, b unknown ones."""
        flips = a + b
        options: dict[str, Fraction | float] = {}
        if c - a > 0:  # a known card of T not yet face up
            options[FLIP_KNOWN] = _after_match(c, a + 1, b)
        if U - b > 0:
            value: Fraction | float = 0
            left = U - b
            own = 3 - c - b
            if own:
                value += Fraction(own, left) * _after_match(c, a, b + 1)
            for other in range(3):  # another trio of class `other` (unknown cards 3 - other)
                trios = counts[other] - (1 if other == c else 0)
                if trios > 0:
                    p = Fraction(trios * (3 - other), left)
                    value += p * finish(_end(counts, c, b, False, other))
            options[FLIP_UNKNOWN] = value
        others_known = sum(counts[k] - (1 if k == c else 0) for k in range(1, 4) if counts[k])
        if others_known > 0:
            options[FLIP_OTHER] = finish(_end(counts, c, b, False, None))
        best = min(options.values())
        decisions[(c, a, b, flips)] = frozenset(k for k, v in options.items() if v == best)
        return best

    def _after_match(c: int, a: int, b: int) -> Fraction | float:
        if a + b == 3:  # three equal cards face up: the trio is removed
            return finish(_end(counts, c, b, True, None))
        return mid(c, a, b)

    options: dict[str, Fraction | float] = {}
    if U > 0:
        value: Fraction | float = 0
        for c in range(3):
            if counts[c]:
                value += Fraction(counts[c] * (3 - c), U) * _after_match(c, 0, 1)
        options[FLIP_UNKNOWN] = value
    for c in range(1, 4):
        if counts[c]:
            options[f"known card of a trio with {c} known"] = _after_match(c, 1, 0)
    best = min(options.values())
    decisions[("start",)] = frozenset(k for k, v in options.items() if v == best)
    finite = {k: v for k, v in options.items() if v != infinity}
    return best, decisions, finite  # type: ignore[return-value]


def expected_rounds_free_choice(N: int) -> Fraction:
    """E(N) when the player may flip any card at any moment and plays the best such strategy."""
    N = check_trios(N)
    _cap(N, "N", FREE_CHOICE_LARGEST, "expected_rounds(N) follows the rule, which is optimal")
    for n in range(1, N + 1):
        _free_value((0, 0, 0, n))
    return _free_value((0, 0, 0, N))


def free_choice_decisions(state: FullState) -> dict[tuple, frozenset[str]]:
    """The optimal flips at every decision point of a round from ``state`` (K3, K2, K1, K0).

    Keys: ("start",) before the first flip, else (c, a, b, flips): the round's trio had c known
    cards at the start, a of its known and b of its unknown cards are face up. Values: the set
    of optimal choices among ``FLIP_UNKNOWN``, ``FLIP_KNOWN``, ``FLIP_OTHER`` (and at the start
    "known card of a trio with c known").
    """
    return _free_round(_full_state(state))[1]


# The knowledge (K2, K1, K0) of a game of two trios before either is removed: (0, 0, 2) at the
# start, then (0, 2, 0) or (1, 1, 0) after a first round that removes nothing. Their values give
# E(2) in a line, and E(2) is what Lesson I's Exercise 1 asks to find by hand.
EXERCISE_1_STATES = frozenset({(0, 0, 2), (0, 2, 0), (1, 1, 0)})


def refuse_exercise_1(state: FullState, what: str) -> None:
    """Raise a ValueError when ``state`` (K3, K2, K1, K0) is a two-trio state of Exercise 1."""
    if tuple(state[1:]) in EXERCISE_1_STATES:
        raise ValueError(
            f"{what} does not value {tuple(state)}: the game of two trios before either is removed is "
            "the game whose average E(2) Lesson I's Exercise 1 asks you to find by hand, by playing its "
            "orders"
        )


def free_choice_first_flips(state: FullState) -> dict[str, Fraction]:
    """The value E[rounds left] of each possible first flip from ``state`` (K3, K2, K1, K0),
    when the rest of the game is played as well as possible.

    The states of a game of two trios before either is removed ((K2, K1, K0) = (0, 0, 2),
    (0, 2, 0) or (1, 1, 0), beside any Three-Known trios) are refused with a sentence: their
    values give at once what Exercise 1 of Lesson I asks to find by hand.
    """
    counts = _full_state(state)
    refuse_exercise_1(counts, "free_choice_first_flips")
    return _free_round(counts)[2]


def rule_flip(trio_known: int | None, three_known_trios: int = 0) -> str:
    """The analysis's rule at a decision point: ``FLIP_KNOWN`` or ``FLIP_UNKNOWN``.

    ``trio_known`` is None before the round's first flip, else the number of cards of the
    round's trio known so far (those face up included). Known cards are flipped only when they
    are the last ones needed: at the start when a Three-Known trio exists, later when every
    card of the round's trio is known.
    """
    if trio_known is not None:
        trio_known = _whole(trio_known, "the known cards of the round's trio", least=0, most=3)
    three_known_trios = _whole(three_known_trios, "the number of Three-Known trios", least=0)
    if trio_known is None:
        return FLIP_KNOWN if three_known_trios > 0 else FLIP_UNKNOWN
    return FLIP_KNOWN if trio_known == 3 else FLIP_UNKNOWN


# ---------------------------------------------------------------------------
# the limit of E(N) / N: the fluid approximation of a large game


def fluid_drift(k2: float, k1: float, k0: float) -> tuple[float, float, float, float]:
    """Expected changes of (K2, K1, K0) and of the rounds per round, for a huge deck.

    With N large a round's second card almost never matches the first, so a round is one of
    the first-card / second-card pairs of ``transitions`` without the pair terms; the state
    (k2, k1, k0) = (K2, K1, K0) / N changes by O(1/N) per round.
    """
    U = k2 + 2 * k1 + 3 * k0
    p2, p1, p0 = k2 / U, 2 * k1 / U, 3 * k0 / U
    d2 = -p2 + p1 * (2 * p1 + p0) + p0 * (p1 - p2)
    d1 = -p1 * (p2 + 2 * p1) + p0 * (p2 + 2 * p0)
    d0 = -p1 * p0 - p0 * (p2 + p1 + 2 * p0)
    rounds = 1 + (p1 + p0) * p2  # a Three-Known trio costs a round of its own
    return d2, d1, d0, rounds


def rounds_per_trio_limit(steps: int = 3000) -> float:
    """lim E(N)/N, from the fluid approximation integrated by RK4 over u = U/N from 3 down to 0.

    Each round lowers U by 2 - p2 on average, so with u as the clock
    dk/du = -drift / (2 - p2) and the rounds per trio are the integral of rounds / (2 - p2).
    """
    steps = _whole(steps, "the number of steps")
    if steps < 10:
        raise ValueError(f"use at least 10 integration steps, got {steps}")
    _cap(steps, "the number of steps", RK4_LARGEST_STEPS, "3000 steps already give 10 digits")

    def derivative(y: list[float]) -> list[float]:
        k2, k1, k0 = y[0], y[1], y[2]
        U = k2 + 2 * k1 + 3 * k0
        d2, d1, d0, rounds = fluid_drift(k2, k1, k0)
        speed = 2 - k2 / U  # unknown cards flipped per round
        return [d2 / speed, d1 / speed, d0 / speed, rounds / speed]

    h = 3 / steps
    y = [0.0, 0.0, 1.0, 0.0]  # per trio: all Zero-Known, no rounds yet
    for _ in range(steps - 1):  # stop one step short of u = 0, where the state vanishes
        a = derivative(y)
        b = derivative([v + h / 2 * d for v, d in zip(y, a, strict=True)])
        c = derivative([v + h / 2 * d for v, d in zip(y, b, strict=True)])
        d = derivative([v + h * e for v, e in zip(y, c, strict=True)])
        y = [v + h / 6 * (p + 2 * q + 2 * r + s) for v, p, q, r, s in zip(y, a, b, c, d, strict=True)]
    k2, k1, k0 = y[0], y[1], y[2]
    return y[3] + h * fluid_drift(k2, k1, k0)[3] / (2 - k2 / (k2 + 2 * k1 + 3 * k0))
