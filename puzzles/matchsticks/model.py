"""The mathematics of match-stick games: the backward DP, the paper's closed form, Sprague-Grundy, Nim.

Source: U. Chukwunenye, T. Ishaya, L. U. Ibrahim, "Discrete Optimal Control of a Class of
Match-Stick Puzzles" (the theorem of section IV), generalising W. L. Winston's match puzzle in
*Operations Research: Applications and Algorithms* (N = 30 sticks, take 1 to 3).

Conventions. A position is the number ``n`` of sticks on the table before a move; a move takes
``k`` sticks for some ``k`` in the subtraction set ``S`` with ``k <= n``. ``moves`` is either a
whole number M (meaning S = {1, ..., M}, the paper's game) or any collection of positive take
sizes. A position with no legal move ends the game (with S lacking 1, sticks may be left over).

* misere play (``misere=True``, the paper's rule): whoever makes the last move loses, so the
  player to move at an end position *wins* (the opponent has just made the last move);
* normal play (``misere=False``): the player who cannot move loses.

``outcome`` is "win" when the player to move can force a win, "lose" otherwise. Pure Python,
no UI: the widgets, plots and tables import from here.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Sequence, Sized
from functools import lru_cache, reduce
from operator import xor

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import flag as _flag
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _whole

__all__ = [
    "subtraction_set",
    "parse_moves",
    "win_table",
    "outcome",
    "outcome_table",
    "losing_positions",
    "winning_moves",
    "theorem_p",
    "first_pick",
    "feasible",
    "reply",
    "theorem_levels",
    "theorem_disagreements",
    "game_lengths",
    "grundy",
    "grundy_table",
    "mex",
    "eventual_period",
    "outcome_period",
    "grundy_period",
    "grundy_sum",
    "sum_outcome",
    "sum_winning_moves",
    "nim_outcome",
    "nim_winning_moves",
]

Moves = int | Iterable[int]

# Cost caps, timed on two cores busy with other work (the figures below; on an idle machine
# ``python -m puzzles.bench --caps`` times each cap 2 to 5 times faster).
# Beyond them a function refuses with a sentence naming the limit and a faster way.
LARGEST_M = 100_000  # a largest take M lists the take sizes 1..M
WIN_TABLE_LARGEST = 1_000_000  # positions of the backward DP (1..3: about 0.4 s)
WIN_TABLE_LARGEST_WORK = 10**9  # positions times the largest take used (10**6 x 1000: about 1.3 s)
GRUNDY_LARGEST_WORK = 1_000_000  # positions times the number of take sizes in the Grundy DP (about 2 s)
PERIOD_LARGEST_TAKE = 10_000  # outcome_period and grundy_period: take sizes up to this (about 1 s)
THEOREM_LEVELS_LARGEST = 1_000_000  # levels n_j listed by theorem_levels
THEOREM_CHECK_LARGEST = 5_000_000  # M_max**2 * N_max for theorem_disagreements (about 1.5 s)
MEX_LARGEST = 1_000_000  # values given to mex (range(10**6): about 1 s; 10**7 took minutes)


# ---------------------------------------------------------------------------
# input checks


def _sticks(n: object, what: str = "the number of sticks n") -> int:
    n = _whole(n, what)
    if n < 0:
        raise ValueError(f"{what} cannot be negative, got {n}")
    return n


def _start(N: object) -> int:
    N = _whole(N, "the number of sticks N")
    if N < 1:
        raise ValueError(f"a game starts with at least one stick on the table, got N = {N}")
    return N


def _largest_take(M: object) -> int:
    M = _whole(M, "the largest take M")
    if M < 1:
        raise ValueError(f"the largest take M must be at least 1 stick, got M = {M}")
    return M


def subtraction_set(moves: Moves) -> tuple[int, ...]:
    """The take sizes as a sorted tuple: ``3`` -> (1, 2, 3); ``{4, 1}`` -> (1, 4).

    Raises ValueError for M < 1, an empty set, or a take size that is not a positive whole number.
    """
    if isinstance(moves, bool):
        raise ValueError(f"moves must be a largest take M or a set of take sizes, got {_shown(moves)}")
    if isinstance(moves, numbers.Integral):
        M = _cap(
            _largest_take(moves), "the largest take M", LARGEST_M, "give the take sizes as a set instead"
        )
        return tuple(range(1, M + 1))
    if isinstance(moves, str):
        return parse_moves(moves)
    if isinstance(moves, (set, frozenset)):
        values = list(moves)
    else:
        try:
            values = _sequence(moves, "moves")
        except ValueError:
            raise ValueError(
                f"moves must be a largest take M or a set of take sizes, got {_shown(moves)}"
            ) from None
    if not values:
        raise ValueError("the set of take sizes is empty: give at least one positive take size")
    sizes = set()
    for value in values:
        size = _whole(value, "a take size")
        if size < 1:
            raise ValueError(f"every take size must be a positive number of sticks, got {size}")
        sizes.add(size)
    return tuple(sorted(sizes))


def parse_moves(text: str) -> tuple[int, ...]:
    """Read a subtraction set typed as ``"1, 3, 4"`` (commas or spaces), for the widgets."""
    if not isinstance(text, str):
        raise ValueError(f"type the take sizes as text such as '1, 3, 4', got {_shown(text)}")
    parts = [part for part in text.replace(",", " ").replace("{", " ").replace("}", " ").split() if part]
    if not parts:
        raise ValueError("the set of take sizes is empty: type positive whole numbers such as 1, 3, 4")
    values = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            raise ValueError(
                f"{_shown(part, 30)} is not a whole number: type take sizes such as 1, 3, 4"
            ) from None
    return subtraction_set(values)


# ---------------------------------------------------------------------------
# the backward DP


@lru_cache(maxsize=32)
def _cached_table(moves: tuple[int, ...], misere: bool, n_max: int) -> bytes:
    """win[n] for n = 0..n_max as bytes (1 = the player to move wins); see ``win_table``."""
    end_value = 1 if misere else 0
    moves = tuple(k for k in moves if k <= n_max)  # a larger take is never legal here
    if not moves:
        return bytes([end_value]) * (n_max + 1)
    smallest, largest = moves[0], moves[-1]
    # bit (k - 1) of `reach` is set when k is a take size; bit i of `recent` tells whether
    # position n - 1 - i is lost for the player to move there (positions below 0: never).
    reach = sum(1 << (k - 1) for k in moves)
    keep = (1 << largest) - 1
    win = bytearray(n_max + 1)
    recent = 0
    for n in range(n_max + 1):
        if n < smallest:  # no legal move: the game is over
            value = end_value
        else:
            value = 1 if recent & reach else 0
        win[n] = value
        recent = ((recent << 1) | (value ^ 1)) & keep
    return bytes(win)


def win_table(n_max: int, moves: Moves, misere: bool = True) -> bytes:
    """The backward DP: byte n is 1 when the player to move with n sticks can force a win.

    f(n) = win  iff  some take k in S with k <= n leaves the opponent a lost position f(n - k);
    a position with no legal move is a win under misere play and a loss under normal play.
    The paper's stages run backwards from the end of the game; this table fills them from
    n = 0 upwards, one position at a time, so a million positions take a fraction of a second.
    """
    n_max = _sticks(n_max, "the largest number of sticks")
    sizes, misere = subtraction_set(moves), _flag(misere, "misere")
    _check_win_cost(n_max, sizes)
    return _cached_table(sizes, misere, n_max)


def _check_win_cost(n_max: int, sizes: tuple[int, ...]) -> None:
    alternative = (
        "the outcomes repeat with a period (lesson 2's outcome_period(moves) gives it, with the "
        "preperiod): reduce n with it"
    )
    _cap(n_max, "the number of sticks", WIN_TABLE_LARGEST, alternative)
    largest = max((k for k in sizes if k <= n_max), default=0)
    _cap(
        (n_max + 1) * largest,
        "the positions times the largest take",
        WIN_TABLE_LARGEST_WORK,
        alternative,
    )


def outcome(n: int, moves: Moves, misere: bool = True) -> str:
    """ "win" or "lose" for the player to move with n sticks (n = 0 is the end of the game).

    >>> outcome(5, 3)  # misere, takes 1..3: whoever faces 5 sticks loses against best play
    'lose'
    >>> losing_positions(20, 3)
    [1, 5, 9, 13, 17]
    """
    n = _sticks(n)
    return "win" if win_table(n, moves, misere)[n] else "lose"


def outcome_table(n_max: int, moves: Moves, misere: bool = True) -> list[str]:
    """``outcome(n, moves, misere)`` for n = 0..n_max."""
    return ["win" if bit else "lose" for bit in win_table(n_max, moves, misere)]


def losing_positions(n_max: int, moves: Moves, misere: bool = True) -> list[int]:
    """Every n in 0..n_max where the player to move loses against best play."""
    return [n for n, bit in enumerate(win_table(n_max, moves, misere)) if not bit]


def winning_moves(n: int, moves: Moves, misere: bool = True) -> list[int]:
    """Every take k that leaves the opponent a lost position, smallest first (empty when none)."""
    n = _sticks(n)
    sizes = subtraction_set(moves)
    table = win_table(n, sizes, misere)
    return [k for k in sizes if k <= n and not table[n - k]]


# ---------------------------------------------------------------------------
# the paper's theorem (section IV), for S = {1, ..., M} under misere play


def theorem_p(N: int, M: int) -> int:
    """p = ceil((N - (M + 1)) / (M + 1)): the paper's p, with the least integer function."""
    N, M = _start(N), _largest_take(M)
    return -((M + 1 - N) // (M + 1))  # ceiling division in exact integers


def first_pick(N: int, M: int) -> int | None:
    """The paper's m1 = (N - 1) - p (M + 1); None when it falls outside 1..M (no winning pick).

    >>> first_pick(10, 3)  # 10 sticks, takes 1..3: take 1
    1
    >>> first_pick(9, 3) is None  # 9 sticks, takes 1..3: no winning first pick
    True
    """
    N, M = _start(N), _largest_take(M)
    m1 = (N - 1) - theorem_p(N, M) * (M + 1)
    return m1 if 1 <= m1 <= M else None


def feasible(N: int, M: int) -> bool:
    """The paper's feasibility condition: (N - 2) mod (M + 1) differs from M."""
    N, M = _start(N), _largest_take(M)
    return (N - 2) % (M + 1) != M


def reply(M: int, taken: int) -> int:
    """The paper's m_j = (M + 1) - O_{j-1}: answer the opponent's take O with M + 1 - O."""
    M = _largest_take(M)
    taken = _whole(taken, "the opponent's take O")
    if not 1 <= taken <= M:
        raise ValueError(f"the opponent takes between 1 and M = {M} sticks, got O = {taken}")
    return M + 1 - taken


def theorem_levels(N: int, M: int) -> list[int]:
    """n_j = (p + 1 - j)(M + 1) + 1 for j = 1..p+1: the sticks left before the opponent's picks.

    Empty when no winning first pick exists.
    """
    N, M = _start(N), _largest_take(M)  # Python ints from here on (numpy integers too)
    if first_pick(N, M) is None:
        return []
    p = theorem_p(N, M)
    _cap(
        p + 1,
        "the number of levels",
        THEOREM_LEVELS_LARGEST,
        "n_j = (p + 1 - j)(M + 1) + 1: compute the ones you need",
    )
    return [(p + 1 - j) * (M + 1) + 1 for j in range(1, p + 2)]


def theorem_disagreements(M_max: int = 50, N_max: int = 500) -> list[tuple[int, int, str]]:
    """Check the theorem against the DP for every 1 <= M <= M_max and 1 <= N <= N_max.

    For each (M, N) the DP must find: a winning first move exactly when ``first_pick`` gives
    one, and then ``first_pick`` as the only winning move; ``feasible`` against the DP's
    outcome of N; and at every level n_j above 1, the reply M + 1 - O as a winning answer to each
    opponent's take O. Returns the disagreements (M, N, what) found: none.
    """
    M_max, N_max = _largest_take(M_max), _start(N_max)
    _cap(M_max**2 * N_max, "M_max**2 * N_max", THEOREM_CHECK_LARGEST, "check fewer M or N")
    found: list[tuple[int, int, str]] = []
    for M in range(1, M_max + 1):
        table = win_table(N_max, M)
        for N in range(1, N_max + 1):
            wins = [k for k in range(1, min(M, N) + 1) if not table[N - k]]
            m1 = first_pick(N, M)
            if (m1 is None and wins) or (m1 is not None and wins != [m1]):
                found.append((M, N, f"first pick {m1}, but the DP's winning moves are {wins}"))
            if feasible(N, M) != bool(table[N]):
                found.append((M, N, "the feasibility condition disagrees with the DP"))
            if N % (M + 1) == 1 and N > 1:  # a level n_j: every opponent's take is answered
                for taken in range(1, M + 1):
                    left = N - taken
                    if table[left - reply(M, taken)]:
                        found.append((M, N, f"the reply to O = {taken} does not leave a lost position"))
    return found


GAME_LENGTHS_LARGEST = 20_000  # sticks game_lengths serves in seconds (its table grows with N * M)


@lru_cache(maxsize=16)
def _length_table(M: int, n_max: int) -> tuple[frozenset[int], ...]:
    """lengths[n]: the numbers of picks in every game from n (see ``game_lengths``)."""
    table = win_table(n_max, M)
    lengths: list[frozenset[int]] = [frozenset({0})]  # no stick left: the game is over
    for n in range(1, n_max + 1):
        takes = range(1, min(M, n) + 1)
        if table[n]:  # the player to move wins and makes a winning take, any of them
            takes = [k for k in takes if not table[n - k]]
        lengths.append(frozenset(1 + length for k in takes for length in lengths[n - k]))
    return tuple(lengths)


def game_lengths(N: int, M: int) -> frozenset[int]:
    """Every number of picks a game from N sticks (takes 1..M, misere) can last, by a DP over positions.

    The player who can force a win always makes a winning take (any one, if there were
    several); the other player may take anything legal. The paper's Remark B describes the
    positions n_j that such a game passes through; this function counts its picks, line by
    line of the losing player, without any closed form. Serves N up to 20 000.
    """
    N, M = _start(N), _largest_take(M)
    _cap(N, "the number of sticks N", GAME_LENGTHS_LARGEST, "count the rounds instead")
    return _length_table(min(M, N), N)[N]


# ---------------------------------------------------------------------------
# Sprague-Grundy values and periodicity (normal play)


def mex(values: Iterable[int]) -> int:
    """The minimum excludant: the least non-negative integer not among ``values``."""
    if isinstance(values, Sized) and not isinstance(values, (str, bytes, dict)):
        _cap(len(values), "the number of values", MEX_LARGEST, "no game here has that many options")
    items = list(values) if isinstance(values, (set, frozenset)) else _sequence(values, "the values")
    _cap(len(items), "the number of values", MEX_LARGEST, "no game here has that many options")
    return _mex(_whole(value, "each value", least=0) for value in items)


def _mex(values: Iterable[int]) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


@lru_cache(maxsize=32)
def _cached_grundy(moves: tuple[int, ...], n_max: int) -> tuple[int, ...]:
    g: list[int] = []
    for n in range(n_max + 1):
        g.append(_mex(g[n - k] for k in moves if k <= n))
    return tuple(g)


def grundy_table(n_max: int, moves: Moves) -> tuple[int, ...]:
    """G(n) = mex{G(n - k) : k in S, k <= n} for n = 0..n_max (normal play).

    >>> grundy_table(10, {1, 2})
    (0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1)
    """
    sizes, n_max = subtraction_set(moves), _sticks(n_max, "the largest number of sticks")
    used = tuple(k for k in sizes if k <= n_max)  # a larger take is never legal here
    alternative = "grundy_period(moves) gives the period of G: reduce n with it"
    _cap(n_max, "the number of sticks", GRUNDY_LARGEST_WORK, alternative)
    _cap(
        (n_max + 1) * len(used),
        "the positions times the number of take sizes",
        GRUNDY_LARGEST_WORK,
        alternative,
    )
    return _cached_grundy(used, n_max)


def grundy(n: int, moves: Moves) -> int:
    """The Sprague-Grundy value G(n) of one pile of n sticks under normal play."""
    n = _sticks(n)
    return grundy_table(n, moves)[n]


def eventual_period(values: Sequence, window: int) -> tuple[int, int] | None:
    """(preperiod, period) of a sequence in which each term is a function of the ``window`` before it.

    Such a sequence repeats from the first time a window of ``window`` consecutive terms
    recurs (pigeonhole). Returns the least preperiod t and least period p with
    values[i] == values[i + p] for all i >= t, or None if ``values`` is too short to see a
    window recur.
    """
    if not isinstance(values, (bytes, bytearray)):
        values = _sequence(values, "the values")
    window = _whole(window, "the window", least=1)
    return _eventual_period(values, window)


_HASH_MODULUS = (1 << 61) - 1
_HASH_BASE = 1_000_003


def _eventual_period(values: Sequence, window: int) -> tuple[int, int] | None:
    """``eventual_period`` without input checks: windows found again by a rolling hash, O(len)."""
    if window > len(values):
        return None
    try:
        codes = [hash(value) % _HASH_MODULUS for value in values]
    except TypeError:
        raise ValueError("each value must be a number or a word (something that can be compared)") from None
    drop = pow(_HASH_BASE, window - 1, _HASH_MODULUS)
    key = 0
    for code in codes[:window]:
        key = (key * _HASH_BASE + code) % _HASH_MODULUS
    seen: dict[int, list[int]] = {}
    for start in range(len(values) - window + 1):
        if start:
            key = ((key - codes[start - 1] * drop) * _HASH_BASE + codes[start + window - 1]) % _HASH_MODULUS
        bucket = seen.setdefault(key, [])
        for first in bucket:  # a window with the same hash: the same window, unless a rare collision
            if values[first : first + window] == values[start : start + window]:
                period = start - first
                preperiod = first
                while preperiod > 0 and values[preperiod - 1] == values[preperiod - 1 + period]:
                    preperiod -= 1
                return preperiod, period
        bucket.append(start)
    return None


def _period(
    make: Callable[[int], Sequence], window: int, largest: int, what: str, alternative: str
) -> tuple[int, int]:
    """The period of ``make(length)``, trying longer lengths up to ``largest`` positions."""
    length = min(8 * window + 64, largest)
    while True:
        found = _eventual_period(make(length), window)
        if found is not None:
            return found
        if length >= largest:
            raise ValueError(
                f"the {what} of these take sizes does not repeat within the first {largest:,} positions, "
                f"the most this examines in seconds; {alternative}"
            )
        length = min(length * 4, largest)


def outcome_period(moves: Moves, misere: bool = True) -> tuple[int, int]:
    """(preperiod, period) of the win/lose sequence n = 0, 1, 2, ... of a subtraction game.

    Misere play by default, as ``outcome``, ``losing_positions`` and ``win_table``; pass
    ``misere=False`` for normal play.

    With s = max S, f(n) depends only on f(n - s), ..., f(n - 1) once n >= s, so the sequence
    repeats as soon as a block of s consecutive outcomes recurs: after at most 2**s positions.
    """
    sizes, misere = subtraction_set(moves), _flag(misere, "misere")
    window = _period_take(sizes)
    largest = min(WIN_TABLE_LARGEST, WIN_TABLE_LARGEST_WORK // window - 1)
    return _period(
        lambda length: win_table(length, sizes, misere),
        window,
        largest,
        "win/lose pattern",
        "outcome(n, moves) and losing_positions(n_max, moves) give the positions one by one",
    )


def _period_take(sizes: tuple[int, ...]) -> int:
    return _cap(
        sizes[-1],
        "the largest take size",
        PERIOD_LARGEST_TAKE,
        "outcome(n, moves) and losing_positions(n_max, moves) give the pattern up to a given n",
    )


def grundy_period(moves: Moves) -> tuple[int, int]:
    """(preperiod, period) of the Sprague-Grundy sequence G(0), G(1), ... of a subtraction game."""
    sizes = subtraction_set(moves)
    window = _period_take(sizes)
    largest = GRUNDY_LARGEST_WORK // len(sizes) - 1
    return _period(
        lambda length: grundy_table(length, sizes),
        window,
        largest,
        "Grundy sequence",
        "grundy(n, moves) and grundy_table(n_max, moves) give the values one by one",
    )


# ---------------------------------------------------------------------------
# several piles at once


def _piles(piles: Iterable[int]) -> tuple[int, ...]:
    try:
        values = tuple(_sequence(piles, "the piles"))
    except ValueError:
        raise ValueError(
            f"give the piles as a list of stick counts, for example [3, 4, 5], got {_shown(piles)}"
        ) from None
    if not values:
        raise ValueError("give at least one pile")
    return tuple(_sticks(v, "a pile") for v in values)


def grundy_sum(piles: Iterable[int], moves: Moves) -> int:
    """G(p1) xor G(p2) xor ...: the Sprague-Grundy value of several piles played side by side."""
    piles = _piles(piles)
    table = grundy_table(max(piles), moves)
    return reduce(xor, (table[p] for p in piles), 0)


def sum_outcome(piles: Iterable[int], moves: Moves) -> str:
    """Normal play on several piles, each move taking k in S from one pile: "win" iff the xor is not 0."""
    return "win" if grundy_sum(piles, moves) else "lose"


def sum_winning_moves(piles: Iterable[int], moves: Moves) -> list[tuple[int, int]]:
    """Every winning move (pile index, take) of the sum of subtraction games under normal play."""
    piles = _piles(piles)
    sizes = subtraction_set(moves)
    table = grundy_table(max(piles), sizes)
    total = reduce(xor, (table[p] for p in piles), 0)
    return [
        (i, k)
        for i, pile in enumerate(piles)
        for k in sizes
        if k <= pile and table[pile - k] == total ^ table[pile]
    ]


def nim_outcome(piles: Iterable[int], misere: bool = False) -> str:
    """Nim (take any number from one pile): "win" or "lose" for the player to move.

    Normal play by Bouton's rule ("win" iff p1 xor p2 xor ... is not 0); ``misere=True``
    for the game where whoever takes the last stick loses.
    """
    piles, misere = _piles(piles), _flag(misere, "misere")
    if misere and all(p <= 1 for p in piles):
        return "win" if sum(piles) % 2 == 0 else "lose"
    return "win" if reduce(xor, piles, 0) else "lose"


def nim_winning_moves(piles: Iterable[int], misere: bool = False) -> list[tuple[int, int]]:
    """Every winning move (pile index, take) of Nim, under normal play (Bouton's rule) or,
    with ``misere=True``, when whoever takes the last stick loses.

    A move leaves v < p sticks on a pile of p; only three values of v can win, so each pile is
    settled in constant time.
    """
    piles, misere = _piles(piles), _flag(misere, "misere")
    total = reduce(xor, piles, 0)
    big = sum(1 for p in piles if p > 1)
    ones = sum(1 for p in piles if p == 1)
    moves = []
    for i, pile in enumerate(piles):
        takes = []
        for left in {total ^ pile, 0, 1}:
            if left >= pile:
                continue
            big_after = big - (pile > 1) + (left > 1)
            if misere and big_after == 0:
                lost = (ones - (pile == 1) + (left == 1)) % 2 == 1
            else:
                lost = total ^ pile ^ left == 0
            if lost:
                takes.append(pile - left)
        moves += [(i, take) for take in sorted(takes)]
    return moves
