"""Student-shaped wrong answers of the match-stick checks (see the package's docstring)."""

from __future__ import annotations

import math
from functools import cache, reduce
from operator import xor

from . import shape


@cache
def _sum_search_wins(piles: tuple[int, ...]) -> bool:
    """S = {1, 4}, normal play, several piles: a plain game-tree search."""
    for i, pile in enumerate(piles):
        for take in (1, 4):
            if take <= pile:
                after = tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))
                if not _sum_search_wins(after):
                    return True
    return False


@shape("matchsticks-7", "search then formula")
def sum_move_formula_beyond_small_sums(piles):
    """An exact search on up to 4 piles of up to 9 sticks,
    and beyond, the Grundy values of S = {1, 4} without checking that a take fits its pile
    (from [1, 10**18] and from [1, 1, 1, 1, 1] it plays (0, 4))."""
    if len(piles) <= 4 and max(piles, default=0) <= 9:
        for i, pile in enumerate(piles):
            for take in (1, 4):
                if take <= pile:
                    after = piles[:i] + [pile - take] + piles[i + 1 :]
                    if not _sum_search_wins(tuple(sorted(after))):
                        return (i, take)
        return None
    grundy = (0, 1, 0, 1, 2)
    total = reduce(xor, (grundy[pile % 5] for pile in piles), 0)
    if total == 0:
        return None
    for i, pile in enumerate(piles):
        for take in (4, 1):
            if grundy[(pile - take) % 5] == total ^ grundy[pile % 5]:
                return (i, take)
    return None


@cache
def _misere_search_wins(piles: tuple[int, ...]) -> bool:
    if not any(piles):
        return True
    for i, pile in enumerate(piles):
        for take in range(1, pile + 1):
            if not _misere_search_wins(tuple(sorted(piles[:i] + (pile - take,) + piles[i + 1 :]))):
                return True
    return False


@shape("matchsticks-8", "search then formula")
def misere_nim_normal_play_beyond_small_piles(piles):
    """A misère search for up to 5 piles of up to 5 sticks,
    and beyond it normal play's rule (wrong on six or seven piles of one stick)."""
    if len(piles) <= 5 and max(piles, default=0) <= 5:
        return _misere_search_wins(tuple(sorted(piles)))
    return reduce(xor, piles, 0) != 0


def _lost_positions(sizes: tuple[int, ...], misere: bool, n_max: int) -> list[bool]:
    lost = []
    for n in range(n_max + 1):
        moves = [n - k for k in sizes if k <= n]
        lost.append(not misere if not moves else not any(lost[m] for m in moves))
    return lost


@shape("matchsticks-6", "small inputs only")
def misere_shift_searched_among_small_takes(moves):
    """The first shift d in 0..24 that turns the normal-play lost
    positions into the misère ones up to n = 200 (the takes of the lesson's tables are small),
    and the smallest take for the sets of huge takes; 0 when no small shift fits."""
    sizes = tuple(sorted(moves))
    if sizes[0] > 10**6:
        return sizes[0]
    normal, misere = _lost_positions(sizes, False, 200), _lost_positions(sizes, True, 200)
    for shift in range(25):
        if all((n >= shift and normal[n - shift]) == misere[n] for n in range(201)):
            return shift
    return 0


# -- Lesson I: the match-stick puzzle (takes 1..M, whoever takes the last stick loses) --------


@shape("matchsticks-1", "off by one")
def group_strategy_normal_play(n):
    """Leaves a multiple of 5, as if taking the last stick won: n % 5 where (n - 1) % 5 is asked."""
    return n % 5


@shape("matchsticks-1", "wrong model")
def group_strategy_three_takes(n):
    """Carries the lesson's table for M = 3 over to takes 1..4: (n - 1) % 4."""
    return (n - 1) % 4


@shape("matchsticks-1", "greedy")
def group_strategy_take_the_most(n):
    """Takes as many as it may, leaving at least one stick: min(4, n - 1)."""
    return min(4, max(1, n - 1))


@shape("matchsticks-1", "float")
def group_strategy_with_a_float_floor(n):
    """(n - 1) - 5 floor((n - 1) / 5) with / : wrong beyond 2**53, where floats round."""
    return int((n - 1) - 5 * math.floor((n - 1) / 5))


@cache
def _lost_up_to_2000() -> tuple[bool, ...]:
    """f(0..2000) for takes 1..4, misère play: n is lost when every take leaves a won position."""
    lost = [False]
    for m in range(1, 2001):
        lost.append(all(not lost[m - k] for k in range(1, min(4, m) + 1)))
    return tuple(lost)


@shape("matchsticks-1", "search then formula")
def group_strategy_table_then_one(n):
    """Reads its take off the table f(0..2000), and takes 1 beyond it."""
    if n > 2000:
        return 1
    lost = _lost_up_to_2000()
    for k in range(1, min(4, n) + 1):
        if lost[n - k]:
            return k
    return 1


_GROUP_LEFT: list[int] = []  # the sticks the previous call left, kept between calls


@shape("matchsticks-1", "partial cache")
def group_strategy_replying_to_the_last_take(n):
    """Plays the strategy as a reply rule, remembering what it left: inside a game it answers the
    opponent's take O with 4 - O (the M = 3 reply) where 5 - O is asked."""
    left = _GROUP_LEFT[-1] if _GROUP_LEFT else None
    take = (n - 1) % 5
    if left is not None and 1 <= left - n <= 4:
        take = 4 - (left - n)
    _GROUP_LEFT[:] = [n - take]
    return take


@shape("matchsticks-2", "off by one")
def winning_first_picks_without_the_empty_case(N, M):
    """{(N - 1) % (M + 1)} always: {0} where no first pick wins."""
    return {(N - 1) % (M + 1)}


@shape("matchsticks-2", "wrong model")
def winning_first_picks_normal_play(N, M):
    """Leaves a multiple of M + 1, as if taking the last stick won."""
    take = N % (M + 1)
    return {take} if take else set()


@shape("matchsticks-2", "float")
def winning_first_picks_by_the_papers_ceiling(N, M):
    """The paper's m1 = (N - 1) - p(M + 1) with p = ceil((N - (M + 1)) / (M + 1)) in floats."""
    p = math.ceil((N - (M + 1)) / (M + 1))
    take = (N - 1) - p * (M + 1)
    return {take} if 1 <= take <= M else set()


@shape("matchsticks-2", "wrong model")
def winning_first_picks_as_a_list_with_repeats(N, M):
    """The right picks, each twice in a list: a list with a repeat is not a set of picks."""
    take = (N - 1) % (M + 1)
    return [take, take] if take else []


@shape("matchsticks-2", "wrong model")
def winning_first_picks_as_a_tuple(N, M):
    """The right picks in a tuple where a set is asked."""
    take = (N - 1) % (M + 1)
    return (take,) if take else ()


_FIRST_PICKS_BY_N: dict[int, set[int]] = {}  # kept between calls


@shape("matchsticks-2", "partial cache")
def winning_first_picks_cached_on_n(N, M):
    """The right rule, cached on N alone: the set found for the first M asked is kept for every M."""
    if N not in _FIRST_PICKS_BY_N:
        take = (N - 1) % (M + 1)
        _FIRST_PICKS_BY_N[N] = {take} if take else set()
    return set(_FIRST_PICKS_BY_N[N])


@shape("matchsticks-3", "off by one")
def picks_in_game_without_the_last_pick(N, M):
    """Counts the rounds and the winner's first pick, but not the loser's forced last pick."""
    rounds, first = divmod(N - 1, M + 1)
    return 2 * rounds + (1 if first else 0)


@shape("matchsticks-3", "wrong model")
def picks_in_game_always_won(N, M):
    """2(p + 1) from the errata for every N, as if the first player always won."""
    rounds = (N - 1) // (M + 1)
    return 2 * rounds + 2


@shape("matchsticks-3", "float")
def picks_in_game_float_rounds(N, M):
    """The rounds counted as int((N - 1) / (M + 1)) in floats: wrong beyond 2**53."""
    rounds = int((N - 1) / (M + 1))
    first = (N - 1) - rounds * (M + 1)
    return 2 * rounds + 1 + (1 if first else 0)


@shape("matchsticks-3", "small inputs only")
def picks_in_game_played_out_up_to_a_cap(N, M):
    """Plays the game out (the loser takes one stick each time) up to N = 10**6, and beyond
    counts N // (M + 1) rounds."""
    if N > 10**6:
        return 2 * (N // (M + 1)) + 1
    sticks, picks, mover_wins = N, 0, (N - 1) % (M + 1) != 0
    winner_turn = mover_wins
    while sticks > 0:
        take = (sticks - 1) % (M + 1) if winner_turn else 1
        take = take or 1
        sticks -= take
        picks += 1
        winner_turn = not winner_turn
    return picks


@shape("matchsticks-4", "float")
def extreme_pick_by_float_quotients(N, M):
    """The two tests as ((N - 2) / (M + 1)).is_integer(): a float quotient looks whole beyond 2**53."""
    if ((N - 2) / (M + 1)).is_integer():
        return 1
    if ((N - (M + 1)) / (M + 1)).is_integer():
        return M
    return None


@shape("matchsticks-4", "off by one")
def extreme_pick_tests_n_minus_one(N, M):
    """Tests (N - 1) where the paper's first quotient has N - 2."""
    if (N - 1) % (M + 1) == 0:
        return 1
    if (N - (M + 1)) % (M + 1) == 0:
        return M
    return None


@shape("matchsticks-4", "off by one")
def extreme_pick_for_positive_quotients_only(N, M):
    """Reads 'k(M + 1)' as positive k only, as the paper says: misses N = 2 and N = M + 1."""
    if N > 2 and (N - 2) % (M + 1) == 0:
        return 1
    if N > M + 1 and (N - (M + 1)) % (M + 1) == 0:
        return M
    return None


@shape("matchsticks-4", "wrong model")
def extreme_pick_false_for_none(N, M):
    """Answers False where neither test holds, where None is asked."""
    if (N - 2) % (M + 1) == 0:
        return 1
    if (N - (M + 1)) % (M + 1) == 0:
        return M
    return False


# -- Lesson II: subtraction games --------------------------------------------------------------


@shape("matchsticks-5", "wrong model")
def lost_1_a_odd_rule_for_every_a(n, a):
    """The period 2a + 1 proved for odd a, used for even a too."""
    r = n % (2 * a + 1)
    return r % 2 == 0 and r < a


@shape("matchsticks-5", "off by one")
def lost_1_a_up_to_a(n, a):
    """The even residues up to a (r <= a), one class too many when a is even."""
    period = 2 * a + 1 if a % 2 else 2 * a
    r = n % period
    return r % 2 == 0 and r <= a


@shape("matchsticks-5", "printed sizes")
def lost_1_a_two_classes_mod_seven(n, a):
    """Reads section 3's strip of {1, 3, 4} (lost at 0, 2 mod 7) as the rule 'residues 0 and 2
    modulo 2a + 1' for every a."""
    return n % (2 * a + 1) in (0, 2)


@cache
def _lost_1_a_table(a: int) -> tuple[bool, ...]:
    lost: list[bool] = []
    for m in range(2001):
        lost.append(not any(lost[m - k] for k in (1, a, a + 1) if k <= m))
    return tuple(lost)


@shape("matchsticks-5", "small inputs only")
def lost_1_a_table_up_to_a_cap(n, a):
    """Fills the win/lose table up to n = 2000 for each a, and beyond calls every position won."""
    if n > 2000:
        return False
    return _lost_1_a_table(a)[n]


@shape("matchsticks-6", "off by one")
def misere_shift_smallest_take_minus_one(moves):
    """min(moves) - 1: counts the positions below the smallest take, not where the shift starts."""
    return min(moves) - 1


@shape("matchsticks-6", "wrong model")
def misere_shift_largest_take(moves):
    """max(moves): the paper's game has takes 1..M, and its lost positions move by one, not by M."""
    return max(moves)


@shape("matchsticks-6", "printed sizes")
def misere_shift_always_one(moves):
    """1, the shift of every set the lesson's table prints with a take of 1."""
    return 1


# -- Lesson III: sums of games and misère Nim ---------------------------------------------------


@shape("matchsticks-7", "wrong model")
def sum_move_with_the_win_lose_values(piles):
    """Xors 1 for a won pile and 0 for a lost one (the lost positions 0, 2 mod 5) in place of the
    Grundy values 0, 1, 0, 1, 2."""
    values = [0 if pile % 5 in (0, 2) else 1 for pile in piles]
    total = reduce(xor, values, 0)
    if total == 0:
        return None
    for i, pile in enumerate(piles):
        for take in (1, 4):
            if take <= pile and (pile - take) % 5 in (0, 2):
                return (i, take)
    return None


@shape("matchsticks-7", "off by one")
def sum_move_period_four(piles):
    """Reads the Grundy values as 0, 1, 0, 1 with period 4 (the value 2 at n = 4 missed)."""
    grundy = (0, 1, 0, 1)
    total = reduce(xor, (grundy[pile % 4] for pile in piles), 0)
    if total == 0:
        return None
    for i, pile in enumerate(piles):
        for take in (1, 4):
            if take <= pile and grundy[(pile - take) % 4] == total ^ grundy[pile % 4]:
                return (i, take)
    return None


@shape("matchsticks-7", "greedy")
def sum_move_take_four_from_the_largest(piles):
    """Takes 4 (or 1) from the largest pile when the position is won, without asking which pile."""
    grundy = (0, 1, 0, 1, 2)
    if reduce(xor, (grundy[pile % 5] for pile in piles), 0) == 0:
        return None
    i = max(range(len(piles)), key=lambda j: piles[j])
    return (i, 4 if piles[i] >= 4 else 1)


@shape("matchsticks-8", "wrong model")
def misere_nim_normal_play(piles):
    """Bouton's normal-play rule everywhere: the xor is not 0."""
    return reduce(xor, piles, 0) != 0


@shape("matchsticks-8", "off by one")
def misere_nim_odd_singles(piles):
    """Single sticks only: won when their number is odd (the parity read backwards)."""
    if all(pile <= 1 for pile in piles):
        return sum(piles) % 2 == 1
    return reduce(xor, piles, 0) != 0


@shape("matchsticks-8", "off by one")
def misere_nim_exception_for_empty_piles_only(piles):
    """The exception for piles of at most one stick applied only when every pile is 1 (a pile
    of 0 among them falls to normal play's rule)."""
    if piles and all(pile == 1 for pile in piles):
        return len(piles) % 2 == 0
    return reduce(xor, piles, 0) != 0


# the band between the checks' tables and 2**53, large take limits, many piles


@shape("matchsticks-1", "search then formula")
def group_strategy_table_then_the_rule_of_three(n):
    """A table of the lost positions up to 2000 by the recursion; beyond it, up to 10**12, the
    rule of Winston's instance (takes 1..3) read off the lesson's table; the right rule beyond."""
    if n <= 2000:
        return (n - 1) % 5
    if n < 10**12:
        return (n - 1) % 4
    return (n - 1) % 5


@shape("matchsticks-2", "search then formula")
def winning_first_picks_stale_rule_between(N, M):
    """Right on the DP's range and beyond 10**12; in between (300 < N < 10**12) it always
    picks 1."""
    take = (N - 1) % (M + 1)
    if 300 < N < 10**12:
        return {1}
    return {take} if take else set()


@shape("matchsticks-2", "wrong model")
def winning_first_picks_none_for_a_large_limit(N, M):
    """For a take limit above 10**4 it says no pick wins, as if such a game were never won."""
    take = (N - 1) % (M + 1)
    if M > 10**4:
        return set()
    return {take} if take else set()


@shape("matchsticks-3", "off by one")
def picks_in_game_a_round_when_no_round_is_played(N, M):
    """When N <= M + 1 (no round, p = 0) and M > 10 it counts three picks: a first pick, a
    reply and the last stick."""
    if M > 10 and N <= M + 1:
        return 3
    rounds, first = divmod(N - 1, M + 1)
    return 2 * rounds + (2 if first else 1)


@shape("matchsticks-5", "wrong model")
def lost_1_a_first_run_stretched(n, a):
    """The right rule, except for a beyond 40 below n = 10**6: there the first run of lost
    positions (the even n below a) is taken to go on, and every even n is lost."""
    if a > 40 and n < 10**6:
        return n % 2 == 0
    period = 2 * a + 1 if a % 2 else 2 * a
    r = n % period
    return r < a and r % 2 == 0


@shape("matchsticks-8", "wrong model")
def misere_nim_many_piles_always_won(piles):
    """Single sticks by parity, Bouton's rule on up to seven piles, and won whenever more than
    seven piles hold a pile of two or more (as if many piles always let the player to move
    fix the parity)."""
    if all(pile <= 1 for pile in piles):
        return sum(piles) % 2 == 0
    if len(piles) > 7:
        return True
    return reduce(xor, piles, 0) != 0


_SUM_MOVES_BY_RESIDUES: dict[tuple[int, ...], tuple[int, int] | None] = {}  # kept between calls


@shape("matchsticks-7", "partial cache")
def sum_move_cached_on_the_residues(piles):
    """The right Grundy move, kept between calls under the piles' residues mod 5: a take of 4
    found for a pile of 8 is played again on a pile of 3."""
    key = tuple(pile % 5 for pile in piles)
    if key not in _SUM_MOVES_BY_RESIDUES:
        grundy = (0, 1, 0, 1, 2)
        total = reduce(xor, (grundy[pile % 5] for pile in piles), 0)
        move = None
        for i, pile in enumerate(piles):
            for take in (4, 1):
                if total and move is None and take <= pile:
                    if grundy[(pile - take) % 5] == total ^ grundy[pile % 5]:
                        move = (i, take)
        _SUM_MOVES_BY_RESIDUES[key] = move
    return _SUM_MOVES_BY_RESIDUES[key]


@cache
def _misere_search_sorted(piles: tuple[int, ...]) -> bool:
    """Misère Nim by a search over the non-empty piles, sorted."""
    if not piles:
        return True
    for i, pile in enumerate(piles):
        if i and piles[i - 1] == pile:
            continue
        for left in range(pile):
            after = tuple(sorted(p for p in piles[:i] + (left,) + piles[i + 1 :] if p))
            if after and not _misere_search_sorted(after):
                return True
    return False


@shape("matchsticks-8", "search then formula")
def misere_nim_normal_play_beyond_thirty_sticks(piles):
    """A misère search where the piles hold at most 30 sticks in all, and beyond it normal
    play's rule (wrong on 31 or more single sticks)."""
    left = tuple(sorted(p for p in piles if p))
    if sum(left) <= 30:
        return _misere_search_sorted(left)
    return reduce(xor, left, 0) != 0


@shape("matchsticks-6", "small inputs only")
def misere_shift_for_few_takes(moves):
    """The smallest take where the set has at most five sizes, and 1 for larger sets (the sets
    of the lesson's tables have few sizes)."""
    return min(moves) if len(moves) <= 5 else 1


@shape("matchsticks-6", "float")
def misere_shift_through_floats(moves):
    """The smallest take, found among the take sizes turned into floats (rounded beyond 2**53)."""
    return int(min(float(size) for size in moves))


@shape("matchsticks-2", "small inputs only")
def winning_first_picks_table_then_one(N, M):
    """Right within the notebook's table (N <= 300, M <= 25), {1} beyond it."""
    if N <= 300 and M <= 25:
        take = (N - 1) % (M + 1)
        return {take} if take else set()
    return {1}
