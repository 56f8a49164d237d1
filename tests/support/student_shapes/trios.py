"""Student-shaped wrong answers of the Tricky Trios checks (see the package's docstring).

The shapes of trios-4 and trios-5 write the round's transitions out themselves (``_ways``), as a
student who derived them would, with a knob per mistake.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from . import shape

# -- 1. E(2) by hand ----------------------------------------------------------------------------------

shape("trios-1", "float", "E(2) as a decimal")(3.4)
shape("trios-1", "wrong model", "E(2) without the Three-Known round")(Fraction(2 + 5 * 3 + 4 * 4, 10))
shape("trios-1", "wrong model", "E(2) as the mean of 2, 3 and 4")(Fraction(3))


# -- 2. orders up to relabelling --------------------------------------------------------------------


@shape("trios-2", "float")
def orders_with_a_slash(N):
    """(3N)! / (3!^N N!) with /, a float (and an OverflowError once the factorials pass 10**308)."""
    return math.factorial(3 * N) / (6**N * math.factorial(N))


@shape("trios-2", "wrong model")
def orders_without_relabelling(N):
    """Counts every order of the deck, (3N)! / 3!^N: the N! relabellings are not divided out."""
    return math.factorial(3 * N) // 6**N


@shape("trios-2", "off by one")
def orders_first_card_fixed_only(N):
    """Divides by (N - 1)! only, as if fixing the first card's number were the whole relabelling."""
    return math.factorial(3 * N) // (6**N * math.factorial(N - 1))


@shape("trios-2", "printed sizes")
def orders_from_the_printed_table(N):
    """The counts the lesson prints for N <= 5, and the formula without the N! beyond."""
    printed = {1: 1, 2: 10, 3: 280, 4: 15400, 5: 1401400}
    return printed.get(N, math.factorial(3 * N) // 6**N)


# -- 3. the longest game -------------------------------------------------------------------------------


@shape("trios-3", "off by one")
def longest_without_the_last_trio(N):
    """(5N + 1) / 2 rounded down: lets the trio removed last be Three-Known too (C <= N)."""
    return (5 * N + 1) // 2


@shape("trios-3", "off by one")
def longest_without_the_one_trio_case(N):
    """The bound (5N - 1) // 2 for every N, also N = 1, where it gives 2 for a one-round game."""
    return (5 * N - 1) // 2


@shape("trios-3", "wrong model")
def longest_two_unknown_flips_a_round(N):
    """Every round flips two unknown cards, so 3N / 2 rounds rounded up: forgets the rounds that
    complete a known trio."""
    return (3 * N + 1) // 2


@shape("trios-3", "float")
def longest_with_a_slash(N):
    """The right bound, (5N - 1) / 2 computed with /: a float."""
    return 1 if N == 1 else (5 * N - 1) / 2


@shape("trios-3", "search then formula")
def longest_listed_then_guessed(N):
    """The longest games of the lesson's enumeration for N <= 4, then 5N / 2 rounded down beyond."""
    return {1: 1, 2: 4, 3: 7, 4: 9}.get(N, 5 * N // 2)


# -- 3b. a longest deal, as code --------------------------------------------------------------------


@shape("trios-6", "wrong model")
def deal_every_number_in_turn(N):
    """1, 2, ..., N three times over: spreads each trio as far as it goes, but from the second
    pass on every first card completes a known pair, so no trio ever becomes Three-Known."""
    return list(range(1, N + 1)) * 3


@shape("trios-6", "greedy")
def deal_longest_pairs_repeated(N):
    """The longest deal of two trios, 1 2 1 2 1 2, repeated for each pair of trios (and a lone
    trio's three cards at the end): the best deal for two trios, not for N."""
    deal = []
    for x in range(1, N, 2):
        deal += [x, x + 1, x, x + 1, x, x + 1]
    if N % 2:
        deal += [N, N, N]
    return deal


def _deal_two_at_a_time(N, last_step_too=False):
    if N == 1:
        return [1, 1, 1]
    deal = [1, 2, 1, 2]
    if N == 2:
        return deal + [1, 2]
    deal += [3, 1, 3, 2]
    two_known, new = 3, 4
    while N - new + 1 >= (1 if last_step_too else 2):
        x, y = new, new + 1
        deal += [x, two_known, x, y, y, x]
        two_known, new = y, new + 2
    if new == N:
        deal += [new, two_known, new, new]
    else:
        deal.append(two_known)
    return deal


@shape("trios-6", "off by one")
def deal_one_step_too_many(N):
    """The construction of the worked argument, its two-trio step taken while one new trio is left
    (>= 1 instead of >= 2): for even N the deal holds a trio N + 1."""
    return _deal_two_at_a_time(N, last_step_too=True)


@shape("trios-6", "off by one")
def deal_without_the_last_card(N):
    """The construction of the worked argument, the last card of the trio left Two-Known forgotten
    (odd N): 3N - 1 cards."""
    deal = _deal_two_at_a_time(N)
    return deal[:-1] if N % 2 and N > 1 else deal


@shape("trios-6", "small inputs only")
def deal_listed_then_in_turn(N):
    """Longest deals found by trying every order for N <= 4, then 1, 2, ..., N three times over."""
    listed = {1: "111", 2: "112212", 3: "121231323", 4: "112213234434"}
    if N in listed:
        return [int(card) for card in listed[N]]
    return list(range(1, N + 1)) * 3


# -- 4 and 5. the round's transitions -----------------------------------------------------------------


def _ways(K2, K1, K0, *, other_zero=1, two_known_round=2):
    """The ways a round from (K2, K1, K0) ends under the rule: (probability, rounds, next state).
    ``other_zero`` is the Zero-Known trios a second card can come from besides the first card's
    own (1: the others, right; 0: every Zero-Known trio, the pitfall); ``two_known_round`` the
    rounds charged when a Zero-Known start turns up a Two-Known trio's last card second."""
    U = K2 + 2 * K1 + 3 * K0
    ways = []
    if K2:
        ways.append((Fraction(K2, U), 1, (K2 - 1, K1, K0)))
    if K1:
        p = Fraction(2 * K1, U)
        ways.append((p * Fraction(1, U - 1), 1, (K2, K1 - 1, K0)))
        if K2:
            ways.append((p * Fraction(K2, U - 1), 2, (K2, K1 - 1, K0)))
        if K1 >= 2:
            ways.append((p * Fraction(2 * (K1 - 1), U - 1), 1, (K2 + 2, K1 - 2, K0)))
        if K0:
            ways.append((p * Fraction(3 * K0, U - 1), 1, (K2 + 1, K1, K0 - 1)))
    if K0:
        p = Fraction(3 * K0, U)
        pair = p * Fraction(2, U - 1)
        ways.append((pair * Fraction(1, U - 2), 1, (K2, K1, K0 - 1)))
        if K2:
            ways.append((pair * Fraction(K2, U - 2), 2, (K2, K1, K0 - 1)))
        if K1:
            ways.append((pair * Fraction(2 * K1, U - 2), 1, (K2 + 2, K1 - 1, K0 - 1)))
        others = K0 - other_zero
        if K0 >= 2:
            ways.append((pair * Fraction(3 * others, U - 2), 1, (K2 + 1, K1 + 1, K0 - 2)))
        if K2:
            ways.append((p * Fraction(K2, U - 1), two_known_round, (K2 - 1, K1 + 1, K0 - 1)))
        if K1:
            ways.append((p * Fraction(2 * K1, U - 1), 1, (K2 + 1, K1, K0 - 1)))
        if K0 >= 2:
            ways.append((p * Fraction(3 * others, U - 1), 1, (K2, K1 + 2, K0 - 2)))
    return ways


def _f_with(**knobs):
    @cache
    def f(K2, K1, K0):
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * (rounds + f(*after)) for p, rounds, after in _ways(K2, K1, K0, **knobs))

    return f


_F_PITFALL = _f_with(other_zero=0)
_F_ONE_ROUND = _f_with(two_known_round=1)
_F_RIGHT = _f_with()


@shape("trios-4", "wrong model")
def my_f_same_or_other_zero_known(K2, K1, K0):
    """Lets the second card come from any of the K0 Zero-Known trios, the first card's own among
    them (3 K0 where 3 (K0 - 1) is meant): the analysis's first pitfall."""
    return _F_PITFALL(K2, K1, K0)


@shape("trios-4", "off by one")
def my_f_three_known_round_forgotten(K2, K1, K0):
    """Charges one round where a Zero-Known start turns up a Two-Known trio's last card second:
    the round that removes the Three-Known trio it makes is not counted."""
    return _F_ONE_ROUND(K2, K1, K0)


@shape("trios-4", "float")
def my_f_in_floats(K2, K1, K0):
    """The right recursion in floats."""
    return float(_F_RIGHT(K2, K1, K0))


_F_BY_CARDS: dict = {}


@shape("trios-4", "partial cache")
def my_f_memoised_on_the_unknown_cards(K2, K1, K0):
    """Memoised on the number of unknown cards K2 + 2 K1 + 3 K0 alone, kept between calls: two
    states with as many unknown cards share a value."""
    cards = K2 + 2 * K1 + 3 * K0
    if cards not in _F_BY_CARDS:
        _F_BY_CARDS[cards] = _F_RIGHT(K2, K1, K0)
    return _F_BY_CARDS[cards]


def _three_known_with(extra):
    @cache
    def e(K2, K1, K0):
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        return sum(p * (extra(rounds) + e(*after)) for p, rounds, after in _ways(K2, K1, K0))

    return e


_E3_RIGHT = _three_known_with(lambda rounds: rounds - 1)
_H_FORGETFUL = _three_known_with(lambda rounds: 1)


def _filled(e, N):
    for n in range(1, N + 1):
        e(0, 0, n)
    return e(0, 0, N)


@shape("trios-5", "wrong model")
def three_known_as_the_forgetful_count(N):
    """Returns the forgetful recursion's count h(0, 0, N) = E(N) - E3(N), the rounds that are not
    Three-Known removals."""
    return _filled(_H_FORGETFUL, N)


@shape("trios-5", "wrong model")
def three_known_as_every_round(N):
    """Returns E(N), every round, not the rounds that remove a Three-Known trio."""
    for n in range(1, N + 1):
        _F_RIGHT(0, 0, n)
    return _F_RIGHT(0, 0, N)


@shape("trios-5", "float")
def three_known_in_floats(N):
    """The right recursion, its value returned as a float."""
    return float(_filled(_E3_RIGHT, N))


@shape("trios-5", "off by one")
def three_known_one_trio_short(N):
    """E3(N - 1): the recursion started from one trio fewer."""
    return _filled(_E3_RIGHT, N - 1) if N > 1 else Fraction(0)


@shape("trios-3", "float")
def longest_through_a_float(N):
    """int((5N - 1) / 2): an integer, but computed through a float, so wrong once 5N passes 2**53."""
    return 1 if N == 1 else int((5 * N - 1) / 2)


@shape("trios-3", "float")
def longest_ceiling_of_a_float(N):
    """math.ceil(5N / 2 - 1): the right values while 5N / 2 fits a float exactly, not beyond 2**53."""
    return 1 if N == 1 else math.ceil(5 * N / 2 - 1)


# -- more of what students tried (the reports of lessons I and II) --------------------------------------

shape("trios-1", "float", "Fraction(3.4), the float's binary value")(Fraction(3.4))
shape("trios-1", "wrong model", "7/2: one order played a round too long")(Fraction(7, 2))
shape("trios-1", "off by one", "the total divided by all 20 orders, not the 10 up to relabelling")(
    Fraction(34, 20)
)


@shape("trios-2", "wrong model")
def orders_divided_by_N(N):
    """Divides (3N)!/3!^N by N instead of N!: one relabelling per number, not every permutation."""
    return math.factorial(3 * N) // (6**N * N)


@shape("trios-2", "float")
def orders_int_of_a_float(N):
    """The right formula with /, then int(): exact up to N = 4, wrong from N = 11 (53 bits), and
    an OverflowError once (3N)! passes 10**308."""
    return int(math.factorial(3 * N) / (6**N * math.factorial(N)))


@shape("trios-3", "small inputs only")
def longest_fitted_to_three_trios(N):
    """3N - 2: fits the longest games for N = 1, 2, 3 (1, 4, 7), and overshoots from N = 4."""
    return 3 * N - 2


@shape("trios-3", "off by one")
def longest_parities_swapped(N):
    """(5N - 2) // 2: the bound with the parities swapped (one round short for odd N)."""
    return 1 if N == 1 else (5 * N - 2) // 2


def _f_memoised_on(key):
    memo: dict = {}

    def f(K2, K1, K0):
        if K2 + K1 + K0 == 0:
            return Fraction(0)
        if key(K2, K1, K0) not in memo:
            memo[key(K2, K1, K0)] = sum(p * (rounds + f(*after)) for p, rounds, after in _ways(K2, K1, K0))
        return memo[key(K2, K1, K0)]

    return f


_F_ON_K1_K0 = _f_memoised_on(lambda K2, K1, K0: (K1, K0))


@shape("trios-4", "partial cache")
def my_f_memoised_on_K1_and_K0(K2, K1, K0):
    """A hand-made memo keyed on (K1, K0), kept between calls: states that differ only in K2 share
    a value."""
    return _F_ON_K1_K0(K2, K1, K0)


@shape("trios-4", "off by one")
@cache
def my_f_without_the_zero_probability_guard(K2, K1, K0):
    """Tables (a), (b) and (c) written out with every term evaluated, also those of probability 0
    (Hint 3 skipped): it asks for states with a negative count, where U - 1 or U - 2 can be 0."""
    U = K2 + 2 * K1 + 3 * K0
    if U == 0:
        return Fraction(0)
    f = my_f_without_the_zero_probability_guard
    total = Fraction(K2, U) * (1 + f(K2 - 1, K1, K0))
    p = Fraction(2 * K1, U)
    total += p * Fraction(1, U - 1) * (1 + f(K2, K1 - 1, K0))
    total += p * Fraction(K2, U - 1) * (2 + f(K2, K1 - 1, K0))
    total += p * Fraction(2 * (K1 - 1), U - 1) * (1 + f(K2 + 2, K1 - 2, K0))
    total += p * Fraction(3 * K0, U - 1) * (1 + f(K2 + 1, K1, K0 - 1))
    p = Fraction(3 * K0, U)
    pair = p * Fraction(2, U - 1)
    total += pair * Fraction(1, U - 2) * (1 + f(K2, K1, K0 - 1))
    total += pair * Fraction(K2, U - 2) * (2 + f(K2, K1, K0 - 1))
    total += pair * Fraction(2 * K1, U - 2) * (1 + f(K2 + 2, K1 - 1, K0 - 1))
    total += pair * Fraction(3 * (K0 - 1), U - 2) * (1 + f(K2 + 1, K1 + 1, K0 - 2))
    total += p * Fraction(K2, U - 1) * (2 + f(K2 - 1, K1 + 1, K0 - 1))
    total += p * Fraction(2 * K1, U - 1) * (1 + f(K2 + 1, K1, K0 - 1))
    total += p * Fraction(3 * (K0 - 1), U - 1) * (1 + f(K2, K1 + 2, K0 - 2))
    return total


def _ways_pair_half(K2, K1, K0):
    """``_ways`` with the pair's probability 1/(U - 1) where 2/(U - 1) is meant (and the rest of
    the first card's ways as they are)."""
    U = K2 + 2 * K1 + 3 * K0
    ways = []
    for p, rounds, after in _ways(K2, K1, K0):
        ways.append((p, rounds, after))
    if K0 and U > 2:  # take half of the four pair terms away again
        p = Fraction(3 * K0, U) * Fraction(1, U - 1)
        ways.append((-p * Fraction(1, U - 2), 1, (K2, K1, K0 - 1)))
        if K2:
            ways.append((-p * Fraction(K2, U - 2), 2, (K2, K1, K0 - 1)))
        if K1:
            ways.append((-p * Fraction(2 * K1, U - 2), 1, (K2 + 2, K1 - 1, K0 - 1)))
        if K0 >= 2:
            ways.append((-p * Fraction(3 * (K0 - 1), U - 2), 1, (K2 + 1, K1 + 1, K0 - 2)))
    return ways


@cache
def _f_pair_half(K2, K1, K0):
    if K2 + K1 + K0 == 0:
        return Fraction(0)
    return sum(p * (rounds + _f_pair_half(*after)) for p, rounds, after in _ways_pair_half(K2, K1, K0))


@shape("trios-4", "wrong model")
def my_f_pair_with_one_card(K2, K1, K0):
    """The second card of the same Zero-Known trio with probability 1/(U - 1), as if T had one
    unknown card left, not two: the probabilities of table (c) no longer add up to 1."""
    return _f_pair_half(K2, K1, K0)


@shape("trios-5", "wrong model")
def three_known_from_three_halves(N):
    """E(N) - 3N/2: reads section 5's '1.5 rounds' as the rounds that are not Three-Known removals."""
    for n in range(1, N + 1):
        _F_RIGHT(0, 0, n)
    return _F_RIGHT(0, 0, N) - Fraction(3 * N, 2)


@shape("trios-5", "search then formula")
def three_known_listed_then_scaled(N):
    """The enumeration's values for N <= 4, then E3(4) * N / 4 beyond, as if E3 grew linearly."""
    listed = {1: Fraction(0), 2: Fraction(1, 10), 3: Fraction(61, 140), 4: Fraction(2187, 3080)}
    return listed.get(N, listed[4] * N / 4)


_E3_ON_K1_K0: dict = {}


def _three_known_on_K1_K0(K2, K1, K0):
    if K2 + K1 + K0 == 0:
        return Fraction(0)
    if (K1, K0) not in _E3_ON_K1_K0:
        _E3_ON_K1_K0[K1, K0] = sum(
            p * ((rounds - 1) + _three_known_on_K1_K0(*after)) for p, rounds, after in _ways(K2, K1, K0)
        )
    return _E3_ON_K1_K0[K1, K0]


@shape("trios-5", "partial cache")
def three_known_memoised_on_K1_and_K0(N):
    """The right recursion with a hand-made memo keyed on (K1, K0): states that differ only in K2
    share a value."""
    return _three_known_on_K1_K0(0, 0, N)


_F_TABLE: dict = {}


@shape("trios-4", "small inputs only")
def my_f_from_a_table_up_to_30_trios(K2, K1, K0):
    """A table of f made beforehand for every state with at most 30 trios (the check's sample
    stopped there), looked up: no value for a larger game."""
    if not _F_TABLE:
        for T in range(31):
            for a in range(T + 1):
                for b in range(T + 1 - a):
                    _F_TABLE[a, b, T - a - b] = _F_RIGHT(a, b, T - a - b)
    return _F_TABLE[K2, K1, K0]


# -- the fourth report of lesson I ----------------------------------------------------------------------

shape("trios-1", "wrong model", "a round that removes a Three-Known trio counted twice")(
    Fraction(2 + 4 * 3 + 5 * 5, 10)
)
shape("trios-1", "off by one", "every game counted one round long")(Fraction(34 + 10, 10))


@shape("trios-3", "float")
def longest_floor_of_a_float(N):
    """1 if N == 1 else math.floor((5N - 1) / 2): right while (5N - 1) / 2 is exact in a float."""
    return 1 if N == 1 else math.floor((5 * N - 1) / 2)


@shape("trios-6", "small inputs only")
def deal_naive_beyond_sixty(N):
    """The construction up to N = 60 (the sizes the check names first), 1..N three times beyond."""
    if N > 60:
        return [card for _ in range(3) for card in range(1, N + 1)]
    return _deal_two_at_a_time(N)


@shape("trios-5", "search then formula")
def three_known_exact_then_extrapolated(N):
    """The exact recursion up to N = 25, where the check used to stop, and a straight line through
    E3(24) and E3(25) beyond (25.7627 for N = 100, where E3(100) = 25.7561...)."""
    if N <= 25:
        return _filled(_E3_RIGHT, N)
    last, before = _filled(_E3_RIGHT, 25), _E3_RIGHT(0, 0, 24)
    return last + (N - 25) * (last - before)


_LISTED_DEALS = {N: _deal_two_at_a_time(N) for N in (*range(1, 61), 99, 100, 501, 1000)}


@shape("trios-6", "printed sizes")
def deal_table_of_the_listed_sizes(N):
    """A table of longest deals for exactly the sizes the statement lists (1..60, 99, 100, 501,
    1000), made beforehand; 1..N three times over for any other size."""
    if N in _LISTED_DEALS:
        return list(_LISTED_DEALS[N])
    return list(range(1, N + 1)) * 3


@shape("trios-5", "search then formula")
def three_known_exact_to_forty_then_extrapolated(N):
    """The exact recursion up to N = 40, the largest N the check named, and a straight line through
    E3(39) and E3(40) beyond (off by about 2 * 10**-6 at N = 41)."""
    if N <= 40:
        return _filled(_E3_RIGHT, N)
    last, before = _filled(_E3_RIGHT, 40), _E3_RIGHT(0, 0, 39)
    return last + (N - 40) * (last - before)


@shape("trios-2", "off by one")
def orders_one_too_many_beyond_a_hundred(N):
    """The right count up to N = 100 and one more beyond: wrong only where both numbers are too long
    to print whole (the message says by how much they differ)."""
    count = math.factorial(3 * N) // (6**N * math.factorial(N))
    return count + 1 if N > 100 else count
