"""Mastermind: codes, feedback and partitions.

Source: a chapter draft on optimal Mastermind strategies (objectives, obviously-optimal guesses
after Koyama and Lai 1993, the number of distinct feedbacks, partitions). The classic game has
p = 4 pegs and c = 6 colours, so 6**4 = 1296 codes.

A code is written as a digit string, one digit per peg, colours numbered 1..c (``"1123"``).
The feedback on a guess against a secret is the pair (black, white): black counts the pegs of
the right colour in the right place, black + white counts the colours in common (with
multiplicity), so white counts the right colours in the wrong place.

Inside the package a code is also an *index*, its rank in lexicographic order (``"11..1"`` is 0),
and a feedback is an index into ``Game.feedbacks``: the p(p+3)/2 pairs (b, w) with b + w <= p
except (p - 1, 1), sorted, with the winning reply (p, 0) last. ``Game.table`` holds the feedback
index of every (guess, secret) pair as a numpy uint8 matrix.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from numbers import Integral

import numpy as np

from puzzles.course.validate import cap as _cap
from puzzles.course.validate import is_bool
from puzzles.course.validate import sequence as _sequence
from puzzles.course.validate import shown as _shown
from puzzles.course.validate import whole_number as _whole

__all__ = [
    "Feedback",
    "Game",
    "MAX_CODES",
    "MAX_PEGS",
    "check_game",
    "feedback_pairs",
    "number_of_feedbacks",
]

Feedback = tuple[int, int]
MAX_CODES = 4096  # the feedback table of the largest game takes 16 MB
MAX_PEGS = 12  # 2 colours on 12 pegs make 4096 codes: the most pegs a game of two colours or more has
FEEDBACK_PAIRS_LARGEST = 1_000  # pegs listed by feedback_pairs: 501 500 pairs, about 0.3 s


def number_of_feedbacks(pegs: int) -> int:
    """p(p+3)/2: the pairs (b, w) with b + w <= p other than (p - 1, 1), the replies a game with p
    pegs can give when it has enough colours; with too few colours some of them never occur
    (chapter, 'Obvious Guesses')."""
    pegs = _whole(pegs, "the number of pegs")
    if pegs < 1:
        raise ValueError(f"a code needs at least one peg, got {pegs}")
    return pegs * (pegs + 3) // 2


def feedback_pairs(pegs: int) -> tuple[Feedback, ...]:
    """Every reply (b, w) with b + w <= p except (p - 1, 1), sorted, the win (p, 0) last.

    (p - 1, 1) cannot occur: if p - 1 pegs match exactly and the last colour occurs in the
    secret, it occurs at the one place left, so it is black too.
    """
    number_of_feedbacks(pegs)  # validates
    pegs = int(pegs)  # a numpy integer would wrap around in pegs + 1
    _cap(pegs, "the number of pegs", FEEDBACK_PAIRS_LARGEST, "number_of_feedbacks(pegs) counts them")
    pairs = [(b, w) for b in range(pegs + 1) for w in range(pegs + 1 - b) if (b, w) != (pegs - 1, 1)]
    pairs.remove((pegs, 0))
    return (*pairs, (pegs, 0))


class Game:
    """Mastermind with ``pegs`` pegs and ``colours`` colours; codes are digit strings like ``"1122"``.

    Attributes:
        pegs, colours: the game's size, as given (``Game()`` is the classic 4 pegs, 6 colours).
        size: the number of codes, ``colours ** pegs``.
        codes: every code as a digit string, in lexicographic order (``codes[0]`` is ``"11..1"``).
        feedbacks: every reply ``(b, w)`` the game's pegs allow, the win last.
        hit: the winning reply ``(pegs, 0)``.
        table: the feedback index of every (guess, secret) pair, a numpy matrix.

    To play from code: ``feedback(guess, secret)`` scores a guess, ``partition(guess, candidates)``
    splits the candidates by the reply each would give (a dict reply -> codes; all codes when
    ``candidates`` is left out), ``partition_sizes`` gives the sizes only, and
    ``consistent(history)`` lists the codes that agree with ``[(guess, reply), ...]``.
    """

    def __init__(self, pegs: int = 4, colours: int = 6) -> None:
        pegs = _whole(pegs, "the number of pegs")
        colours = _whole(colours, "the number of colours")
        if pegs < 1:
            raise ValueError(f"a code needs at least one peg, got {pegs}")
        if colours < 1:
            raise ValueError(f"the game needs at least one colour, got {colours}")
        if colours > 9:
            raise ValueError(f"codes are written with the digits 1..9, so at most 9 colours, got {colours}")
        if pegs > MAX_PEGS:
            raise ValueError(
                f"this package handles games of at most {MAX_PEGS} pegs (and {MAX_CODES} codes), got {pegs}"
            )
        if colours**pegs > MAX_CODES:
            raise ValueError(
                f"{colours} colours on {pegs} pegs make {colours**pegs} codes; "
                f"this package handles games of at most {MAX_CODES} codes"
            )
        self.pegs = pegs
        self.colours = colours
        self.size = colours**pegs
        self.feedbacks: tuple[Feedback, ...] = feedback_pairs(pegs)
        self.hit: Feedback = (pegs, 0)
        self.hit_index = len(self.feedbacks) - 1
        self._feedback_index = {pair: i for i, pair in enumerate(self.feedbacks)}

    def __repr__(self) -> str:
        return f"Game(pegs={self.pegs}, colours={self.colours})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.pegs, self.colours) == (other.pegs, other.colours)

    def __hash__(self) -> int:
        return hash((Game, self.pegs, self.colours))

    # -- codes --------------------------------------------------------------------------

    @cached_property
    def digits(self) -> np.ndarray:
        """The codes as an (N, p) int8 array of colours 0..c-1, in index order."""
        grids = np.indices((self.colours,) * self.pegs).reshape(self.pegs, -1).T
        return np.ascontiguousarray(grids, dtype=np.int8)

    @cached_property
    def codes(self) -> tuple[str, ...]:
        """Every code as a digit string, in index order (``codes[0] == "11..1"``)."""
        return tuple("".join(str(d + 1) for d in row) for row in self.digits.tolist())

    @property
    def example(self) -> str:
        """A sample code, colours 1, 2, 3, ... in turn (``"1234"`` in the classic game)."""
        return "".join(str(1 + peg % self.colours) for peg in range(self.pegs))

    def code(self, index: int) -> str:
        """The digit string of the code with this index (0 .. size - 1)."""
        index = _whole(index, "a code's index", least=0, most=self.size - 1)
        return self.codes[index]

    @cached_property
    def _index_of(self) -> dict[str, int]:
        """code string -> index, so that a valid code is looked up without re-parsing it."""
        return {code: i for i, code in enumerate(self.codes)}

    def index(self, code: str | int) -> int:
        """The index of a code given as a digit string (``"1123"``) or an int (``1123``)."""
        if type(code) is str and (found := self._index_of.get(code)) is not None:
            return found
        if isinstance(code, str):
            text = str(code).strip()
        elif isinstance(code, Integral) and not is_bool(code):
            text = str(int(code))
        else:
            raise ValueError(
                f"a code is a string of {self.pegs} digits such as {self.example!r}, got {_shown(code)}"
            )
        if len(text) != self.pegs or not all(char in "0123456789" for char in text):
            raise ValueError(
                f"a code has exactly {self.pegs} digits 1..{self.colours} (one per peg), got {_shown(text)}"
            )
        value = 0
        for char in text:
            colour = int(char)
            if not 1 <= colour <= self.colours:
                raise ValueError(
                    f"colours are numbered 1 to {self.colours}, but {text!r} uses colour {colour}"
                )
            value = value * self.colours + colour - 1
        return value

    def indices(self, codes: Iterable[str | int]) -> list[int]:
        """The indices of several codes, each validated."""
        return [self.index(code) for code in codes]

    # -- feedback -----------------------------------------------------------------------

    def feedback(self, guess: str | int, secret: str | int) -> Feedback:
        """(black, white) for ``guess`` against ``secret``: right place, right colour in the wrong place.

        >>> Game().feedback("1122", "1234")
        (1, 1)
        """
        g, s = self.code(self.index(guess)), self.code(self.index(secret))
        black = sum(a == b for a, b in zip(g, s, strict=False))
        common = sum(min(g.count(colour), s.count(colour)) for colour in set(g))
        return black, common - black

    def feedback_index(self, feedback: Sequence[int]) -> int:
        """The position of a reply (b, w) in ``feedbacks``; a reply no game can give is a ValueError."""
        pair = f"a reply is a pair (black, white) of whole numbers, got {_shown(feedback)}"
        if isinstance(feedback, np.ndarray):
            feedback = feedback.tolist()
        if not isinstance(feedback, (tuple, list)) or len(feedback) != 2:
            raise ValueError(pair)
        if any(is_bool(v) or not isinstance(v, Integral) for v in feedback):
            raise ValueError(pair)
        black, white = (int(v) for v in feedback)
        if black < 0 or white < 0:
            raise ValueError(f"black and white cannot be negative, got ({black}, {white})")
        if black + white > self.pegs:
            raise ValueError(f"black + white is at most {self.pegs} (one per peg), got ({black}, {white})")
        if (black, white) == (self.pegs - 1, 1):
            raise ValueError(
                f"({black}, {white}) is impossible: with {black} pegs right, the last colour can only be "
                "right in its own place"
            )
        return self._feedback_index[(black, white)]

    @cached_property
    def table(self) -> np.ndarray:
        """T[g, s] = index of feedback(g, s) in ``feedbacks``, an (N, N) uint8 matrix (symmetric)."""
        digits = self.digits
        black = np.zeros((self.size, self.size), dtype=np.uint8)
        for peg in range(self.pegs):
            column = digits[:, peg]
            black += column[:, None] == column[None, :]
        counts = np.zeros((self.size, self.colours), dtype=np.uint8)
        for peg in range(self.pegs):
            counts[np.arange(self.size), digits[:, peg]] += 1
        common = np.zeros((self.size, self.size), dtype=np.uint8)
        for colour in range(self.colours):
            column = counts[:, colour]
            common += np.minimum(column[:, None], column[None, :])
        lookup = np.zeros((self.pegs + 1) * (self.pegs + 1), dtype=np.uint8)
        for i, (b, w) in enumerate(self.feedbacks):
            lookup[b * (self.pegs + 1) + w] = i
        table = lookup[black * np.uint8(self.pegs + 1) + (common - black)]
        table.flags.writeable = False
        return table

    # -- partitions ---------------------------------------------------------------------

    def _candidate_indices(self, candidates: Iterable[str | int] | None) -> np.ndarray:
        if candidates is None:
            return np.arange(self.size)
        if not isinstance(candidates, (set, frozenset)):
            try:
                candidates = _sequence(candidates, "the candidates")
            except ValueError:
                raise ValueError(
                    "the candidates must be a list of codes such as ['1122', '1234'], "
                    f"got {_shown(candidates)}"
                ) from None
        found = sorted(set(self.indices(candidates)))
        if not found:
            raise ValueError("the set of candidates is empty: no code is still possible")
        return np.array(found, dtype=np.int64)

    def partition(
        self, guess: str | int, candidates: Iterable[str | int] | None = None
    ) -> dict[Feedback, list[str]]:
        """feedback -> the candidates (sorted) that would give it; only non-empty cells, in feedback order.

        ``candidates`` defaults to every code.
        """
        g = self.index(guess)
        found = self._candidate_indices(candidates)
        replies = self.table[g, found]
        cells: dict[Feedback, list[str]] = {}
        for reply in np.unique(replies).tolist():
            cells[self.feedbacks[reply]] = [self.codes[i] for i in found[replies == reply].tolist()]
        return cells

    def partition_sizes(
        self, guess: str | int, candidates: Iterable[str | int] | None = None
    ) -> dict[Feedback, int]:
        """feedback -> number of candidates giving it (non-empty cells only)."""
        return {reply: len(cell) for reply, cell in self.partition(guess, candidates).items()}

    def consistent(self, history: Iterable[tuple[str | int, Sequence[int]]]) -> list[str]:
        """The codes that would have given every reply of ``history``, a list of (guess, (b, w)).

        >>> game = Game()
        >>> len(game.consistent([("1122", (1, 1))]))  # Knuth's opening, one black and one white
        208
        """
        try:
            steps = _sequence(history, "the history")
        except ValueError:
            raise ValueError(
                "the history must be a list of (guess, (black, white)) pairs, such as "
                f"[({self.example!r}, (1, 1))], got {_shown(history)}"
            ) from None
        alive = np.ones(self.size, dtype=bool)
        for step in steps:
            if not isinstance(step, (tuple, list)) or len(step) != 2:
                raise ValueError(
                    "each step of the history is a pair (guess, (black, white)), such as "
                    f"({self.example!r}, (1, 1)), got {_shown(step)}"
                )
            guess, reply = step
            alive &= self.table[self.index(guess)] == self.feedback_index(reply)
        return [self.codes[i] for i in np.flatnonzero(alive).tolist()]

    def _checked_indices(self, candidates: object) -> np.ndarray:
        """Candidate indices as a 1-D integer array, each in 0..size-1 (numpy would wrap -1)."""
        where = (
            "the candidates must be a list or array of code indices 0.."
            f"{self.size - 1} (game.index(code) gives one), got {_shown(candidates)}"
        )
        if isinstance(candidates, np.ndarray):
            array = candidates
        else:
            try:
                items = _sequence(candidates, "the candidates")
            except ValueError:
                raise ValueError(where) from None
            if any(is_bool(i) or not isinstance(i, Integral) for i in items):
                raise ValueError(where)
            array = np.array([int(i) for i in items], dtype=np.int64)
        if array.ndim != 1 or (array.size and not np.issubdtype(array.dtype, np.integer)):
            raise ValueError(where)
        if array.size and (array.min() < 0 or array.max() >= self.size):
            raise ValueError(where)
        return array

    def reply_counts(self, candidates: np.ndarray) -> np.ndarray:
        """C[f, g] = how many of the candidate indices give reply index f to guess g: a (K, N) int array.

        Column g is the partition of the candidates by guess g, as cell sizes in feedback order.
        """
        rows = self.table[self._checked_indices(candidates)].astype(np.int64) * self.size + np.arange(
            self.size
        )
        counts = np.bincount(rows.ravel(), minlength=len(self.feedbacks) * self.size)
        return counts.reshape(len(self.feedbacks), self.size)


def check_game(game: object) -> Game:
    """``game`` when it is a ``Game``; else a sentence saying how to make one."""
    if not isinstance(game, Game):
        raise ValueError(
            f"the game must be a Game, such as Game(4, 6) for 4 pegs and 6 colours, got {_shown(game)}"
        )
    return game
