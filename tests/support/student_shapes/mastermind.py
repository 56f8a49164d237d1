"""Student-shaped wrong answers of the Mastermind checks (see the package's docstring).

The shapes of exercises 3 and 4 (the classic game, ``game`` of the lesson) score codes with a
reply table of their own, built with numpy; those of 5 and 6 use the game object they are given.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache

import numpy as np

from . import shape

# -- 1. feedback ----------------------------------------------------------------------------------


@shape("mastermind-1", "wrong model")
def feedback_whites_without_multiplicity(guess, secret):
    """Counts the colours the codes share, not how often: '11' against '11' gets a white of -1."""
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    return black, len(set(guess) & set(secret)) - black


@shape("mastermind-1", "printed sizes")
def feedback_over_the_six_colours(guess, secret):
    """Counts the shared colours over "123456", the classic game's colours: wrong once a code
    holds 7, 8 or 9."""
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    shared = sum(min(guess.count(colour), secret.count(colour)) for colour in "123456")
    return black, shared - black


@shape("mastermind-1", "off by one")
def feedback_blacks_short_of_the_last_peg(guess, secret):
    """Compares the pegs over range(len(guess) - 1), so the last peg is never black."""
    black = sum(guess[i] == secret[i] for i in range(len(guess) - 1))
    shared = sum((Counter(guess) & Counter(secret)).values())
    return black, shared - black


_SCORE_BY_GUESS: dict = {}


@shape("mastermind-1", "partial cache")
def feedback_cached_on_the_guess(guess, secret):
    """Memoised on the guess alone: the second secret scored against a guess gets the first's score."""
    if guess not in _SCORE_BY_GUESS:
        black = sum(a == b for a, b in zip(guess, secret, strict=True))
        _SCORE_BY_GUESS[guess] = (black, sum((Counter(guess) & Counter(secret)).values()) - black)
    return _SCORE_BY_GUESS[guess]


@shape("mastermind-1", "float")
def feedback_as_averaged_floats(guess, secret):
    """Returns the counts as floats (from a mean over pegs scaled back): 1.0 is not the integer 1."""
    black = len(guess) * (sum(a == b for a, b in zip(guess, secret, strict=True)) / len(guess))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


# -- 2. replies that occur --------------------------------------------------------------------------


def _replies_by_search(pegs, colours):
    codes = list(itertools.product(range(colours), repeat=pegs))
    seen = set()
    for guess in codes:
        for secret in codes:
            black = sum(a == b for a, b in zip(guess, secret, strict=True))
            common = sum(min(guess.count(c), secret.count(c)) for c in range(colours))
            seen.add((black, common - black))
    return len(seen)


@shape("mastermind-2", "wrong model")
def replies_ignoring_two_colours(pegs, colours):
    """One colour gives the win only, every other game p(p+3)/2: two colours lose the odd whites."""
    return 1 if colours == 1 else pegs * (pegs + 3) // 2


@shape("mastermind-2", "search then formula")
def replies_searched_then_formula(pegs, colours):
    """Counts the replies of every pair of codes up to 256 codes, and beyond p(p+3)/2 (wrong for
    nine pegs of two colours)."""
    if colours**pegs <= 256:
        return _replies_by_search(pegs, colours)
    return pegs * (pegs + 3) // 2


@shape("mastermind-2", "off by one")
def replies_one_colour_any_black(pegs, colours):
    """One colour read as "any number of blacks": p + 1 replies where only the win occurs."""
    if colours == 1:
        return pegs + 1
    if colours == 2:
        return sum((pegs - black) // 2 + 1 for black in range(pegs + 1))
    return pegs * (pegs + 3) // 2


@shape("mastermind-2", "float")
def replies_halved_with_a_slash(pegs, colours):
    """Right counts, but p(p+3)/2 computed with /, a float."""
    if colours == 1:
        return 1
    if colours == 2:
        return sum((pegs - black) // 2 + 1 for black in range(pegs + 1))
    return pegs * (pegs + 3) / 2


@shape("mastermind-2", "wrong model")
def replies_three_colours_lose_one_for_odd_pegs(pegs, colours):
    """Believes three colours cannot balance an odd number of non-black pegs, and drops a reply
    for odd p."""
    if colours == 1:
        return 1
    if colours == 2:
        return sum((pegs - black) // 2 + 1 for black in range(pegs + 1))
    return pegs * (pegs + 3) // 2 - (pegs % 2 if colours == 3 else 0)


# -- 8. a guess and a secret for every reply -------------------------------------------------------


def _score(guess, secret):
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    return black, sum((Counter(guess) & Counter(secret)).values()) - black


def _built(black, white, mismatched, odd_block):
    """Blacks of colour 1, swaps 1-2/2-1 for the whites, ``odd_block`` for an odd one, 1 against 2 after."""
    block = [("1", "2"), ("2", "1")] * (white // 2)
    if white % 2:
        block = block[:-2] + odd_block if white > 1 else list(odd_block)
    block += [("1", "2")] * (mismatched - len(block))
    return "1" * black + "".join(g for g, _ in block), "1" * black + "".join(s for _, s in block)


@shape("mastermind-8", "wrong model")
def witness_with_three_colours_always(pegs, colours, black, white):
    """Builds every reply with the three-colour blocks, also in a game of two colours: odd whites
    get a code holding a 3, which is not a code of that game."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (mismatched == 1 and white == 1):
        return None
    odd = [("1", "2"), ("2", "3")] if white == 1 else [("1", "2"), ("2", "3"), ("3", "1")]
    return _built(black, white, mismatched, odd)


@shape("mastermind-8", "wrong model")
def witness_without_the_impossible_reply(pegs, colours, black, white):
    """Forgets that (p - 1, 1) never occurs, and builds a pair for it that scores (p - 1, 0)."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (colours == 2 and white % 2):
        return None
    if white == 1 and mismatched == 1:
        return "1" * black + "1", "1" * black + "2"
    odd = [("1", "2"), ("2", "3")] if white == 1 else [("1", "2"), ("2", "3"), ("3", "1")]
    return _built(black, white, mismatched, odd)


@shape("mastermind-8", "off by one")
def witness_refusing_one_black_short_of_the_win(pegs, colours, black, white):
    """Reads "p - 1 blacks" as impossible whatever the white count: answers None for (p - 1, 0),
    which a single differing peg gives."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (colours == 2 and white % 2) or mismatched == 1:
        return None
    odd = [("1", "2"), ("2", "3")] if white == 1 else [("1", "2"), ("2", "3"), ("3", "1")]
    return _built(black, white, mismatched, odd)


@shape("mastermind-8", "off by one")
def witness_with_a_filler_that_adds_a_white(pegs, colours, black, white):
    """Fills the pegs left after the block with 2 against 1 instead of 1 against 2: after the w = 1
    block, whose guess holds the spare 1, the first such peg adds a white."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (colours == 2 and white % 2) or (mismatched == 1 and white == 1):
        return None
    if white == 1:
        block = [("1", "2"), ("2", "3")] + [("2", "1")] * (mismatched - 2)
        return "1" * black + "".join(g for g, _ in block), "1" * black + "".join(s for _, s in block)
    return _built(black, white, mismatched, [("1", "2"), ("2", "3"), ("3", "1")])


def _witness_by_blocks(pegs, colours, black, white):
    """The construction of the worked solution: swaps, a cycle or the w = 1 block, 1 against 2 after."""
    mismatched = pegs - black
    if (colours == 1 and mismatched) or (colours == 2 and white % 2) or (mismatched == 1 and white == 1):
        return None
    if white == 1:
        block = [("1", "2"), ("2", "3")]
    else:
        block = [("1", "2"), ("2", "1")] * (white // 2)
        if white % 2:
            block[:2] = [("1", "2"), ("2", "3"), ("3", "1")]
    block += [("1", "2")] * (mismatched - len(block))
    return "1" * black + "".join(g for g, _ in block), "1" * black + "".join(s for _, s in block)


@shape("mastermind-8", "wrong model")
def witness_with_fresh_neutral_colours_by_parity(pegs, colours, black, white):
    """From five colours on, gives the neutral pegs fresh colours, 4 against 5 for an even count of
    colours or 9, but 4 against 4 for 5 and 7 colours: those pegs are blacks, and (0, 2) in the game
    of 6 pegs and 5 colours gets 124444 against 214444, which scores (4, 2)."""
    pair = _witness_by_blocks(pegs, colours, black, white)
    if pair is None or colours < 5:
        return pair
    mismatched = pegs - black
    neutral = mismatched - (white if white != 1 else 2)
    if not neutral:
        return pair
    fresh = "5" if colours % 2 == 0 or colours == 9 else "4"
    kept = pegs - neutral
    return pair[0][:kept] + "4" * neutral, pair[1][:kept] + fresh * neutral


@shape("mastermind-8", "small inputs only")
def witness_by_searching_every_pair(pegs, colours, black, white):
    """Searches every guess and secret: right up to 64 codes, and gives up (None) beyond."""
    if colours**pegs > 64:
        return None
    codes = ["".join(code) for code in itertools.product("123456789"[:colours], repeat=pegs)]
    for guess in codes:
        for secret in codes:
            if _score(guess, secret) == (black, white):
                return guess, secret
    return None


# -- 3 and 4. the classic game ---------------------------------------------------------------------


@cache
def _classic():
    """The 1296 codes of 4 pegs and 6 colours, and the reply table coded as 5 b + w."""
    codes = ["".join(code) for code in itertools.product("123456", repeat=4)]
    digits = np.array([[int(d) for d in code] for code in codes], dtype=np.int8)
    black = (digits[:, None, :] == digits[None, :, :]).sum(axis=2)
    counts = np.stack([(digits == colour).sum(axis=1) for colour in range(1, 7)], axis=1).astype(np.int8)
    common = np.minimum(counts[:, None, :], counts[None, :, :]).sum(axis=2)
    table = (5 * black + common - black).astype(np.int8)
    return codes, {code: i for i, code in enumerate(codes)}, table


def _cell_counts(candidates):
    """For every guess of the classic game, how many candidates give each reply (1296 x 25)."""
    codes, index, table = _classic()
    replies = table[:, [index[code] for code in candidates]]
    return (replies[:, :, None] == np.arange(25)).sum(axis=1)


def _worst(candidates):
    return _cell_counts(candidates).max(axis=1)


def _entropy_guess(candidates, key):
    """The code with the least key(cell sizes in reply order), ties to a candidate, then the lowest."""
    codes, index, _ = _classic()
    counts = _cell_counts(candidates)
    possible = set(candidates)
    scores = {code: key([int(s) for s in counts[index[code]] if s]) for code in codes}
    return min(codes, key=lambda code: (scores[code], code not in possible, code))


@shape("mastermind-9", "float")
def entropy_in_floating_point(candidates):
    """Sums p log2 p in floating point: an exact tie of two guesses is decided by a rounding error."""
    n = len(candidates)
    return _entropy_guess(candidates, lambda sizes: sum(s / n * math.log2(s / n) for s in sizes))


@shape("mastermind-9", "float")
def entropy_in_nats(candidates):
    """The entropy in natural logarithms, as a float: the same ranking but for the roundings, which
    break exact ties."""
    n = len(candidates)
    return _entropy_guess(candidates, lambda sizes: sum(s / n * math.log(s / n) for s in sizes))


@shape("mastermind-9", "float")
def entropy_over_sorted_cells(candidates):
    """Sums -p log2 p in floating point over the cell sizes sorted, so that guesses with the same
    sizes in another order tie: guesses with different sizes and an equal product of n_i^n_i
    (4+2+1+1+1+1+1+1 and 2+2+2+2+2+1+1 of 12) still differ in the last bit."""
    n = len(candidates)
    return _entropy_guess(candidates, lambda sizes: -sum(-s / n * math.log2(s / n) for s in sorted(sizes)))


@shape("mastermind-9", "float")
def entropy_by_fsum(candidates):
    """Adds the float terms -p log2 p with math.fsum: the sum is exact, but the terms were rounded,
    and two different partitions with an equal product of n_i^n_i round differently."""
    n = len(candidates)
    return _entropy_guess(candidates, lambda sizes: -math.fsum(-s / n * math.log2(s / n) for s in sizes))


@shape("mastermind-9", "float")
def entropy_sum_of_n_log_n_sorted(candidates):
    """Compares sum n_i log2 n_i (the hint's form) in floating point over the sorted sizes: the
    rounding of the partial sums can still tell two different partitions with equal products apart."""
    return _entropy_guess(candidates, lambda sizes: sum(s * math.log2(s) for s in sorted(sizes)))


def _bits(sizes):
    n = sum(sizes)
    return -sum(s / n * math.log2(s / n) for s in sizes)


def entropy_rounded_to_decimals(decimals):
    """The float entropy rounded to ``decimals`` places, then a candidate, then the lowest code."""

    def entropy_guess(candidates):
        return _entropy_guess(candidates, lambda sizes: -round(_bits(sizes), decimals))

    entropy_guess.__name__ = f"entropy_rounded_to_{decimals}_decimals"
    entropy_guess.__doc__ = (
        f"Rounds the float entropy to {decimals} decimals before comparing: two guesses that differ by "
        "less than the rounding tie, and the tie rule then takes the worse one."
    )
    return entropy_guess


for _decimals in (2, 3, 4, 5):
    shape("mastermind-9", "float")(entropy_rounded_to_decimals(_decimals))


@shape("mastermind-9", "float")
def entropy_within_a_thousandth(candidates):
    """Keeps every guess within 10^-3 bits of the best float entropy, then a candidate, then the
    lowest code: a guess that loses by less than that can win the tie rule."""
    codes, index, _ = _classic()
    counts = _cell_counts(candidates)
    possible = set(candidates)
    scores = {code: _bits([int(s) for s in counts[index[code]] if s]) for code in codes}
    best = max(scores.values())
    return min((code for code in codes if scores[code] >= best - 1e-3), key=lambda c: (c not in possible, c))


def entropy_within_tolerance(tolerance, name):
    """Keeps every guess within ``tolerance`` bits of the best float entropy (terms added by
    math.fsum), then a candidate, then the lowest code."""

    def entropy_guess(candidates):
        codes, index, _ = _classic()
        counts = _cell_counts(candidates)
        possible = set(candidates)

        def bits(sizes):
            n = sum(sizes)
            return math.fsum(-s / n * math.log2(s / n) for s in sizes)

        scores = {code: bits([int(s) for s in counts[index[code]] if s]) for code in codes}
        best = max(scores.values())
        near = (code for code in codes if scores[code] >= best - tolerance)
        return min(near, key=lambda c: (c not in possible, c))

    entropy_guess.__name__ = f"entropy_within_{name}"
    entropy_guess.__doc__ = (
        f"Keeps every guess within {tolerance:g} bits of the best float entropy (math.fsum of the terms), "
        "then a candidate, then the lowest code: a guess that loses by less than that can win the tie rule."
    )
    return entropy_guess


for _tolerance, _name in ((1e-5, "1e_5"), (2e-5, "2e_5")):
    shape("mastermind-9", "float")(entropy_within_tolerance(_tolerance, _name))


@shape("mastermind-9", "wrong model")
def entropy_largest_product(candidates):
    """Takes the guess with the largest product of n_i^n_i, which is the smallest entropy."""
    return _entropy_guess(candidates, lambda sizes: -math.prod(s**s for s in sizes))


@shape("mastermind-9", "wrong model")
def entropy_ties_to_the_lowest_code(candidates):
    """The exact rule, but a tie goes to the lowest code whether or not it is a candidate."""
    codes, index, _ = _classic()
    counts = _cell_counts(candidates)
    return min(codes, key=lambda code: (math.prod(int(s) ** int(s) for s in counts[index[code]] if s), code))


_ENTROPY_BY_SIZE: dict = {}


@shape("mastermind-9", "partial cache")
def entropy_cached_on_the_number_of_candidates(candidates):
    """The exact rule, memoised on the number of candidates, kept between calls."""
    if len(candidates) not in _ENTROPY_BY_SIZE:
        _ENTROPY_BY_SIZE[len(candidates)] = _entropy_guess(
            candidates, lambda sizes: math.prod(s**s for s in sizes)
        )
    return _ENTROPY_BY_SIZE[len(candidates)]


@shape("mastermind-3", "wrong model")
def knuth_ties_to_the_lowest_code(candidates):
    """The least largest cell, ties to the lowest code: a candidate is not preferred."""
    codes, _, _ = _classic()
    return codes[int(np.argmin(_worst(candidates)))]


@shape("mastermind-3", "greedy")
def knuth_among_the_candidates_only(candidates):
    """Knuth's rule among the candidates only, where a code already excluded may split better."""
    codes, index, _ = _classic()
    worst = _worst(candidates)
    return min(candidates, key=lambda code: (worst[index[code]], code))


@shape("mastermind-3", "wrong model")
def knuth_most_parts(candidates):
    """Maximises the number of cells (the most-parts rule), not the smallest largest cell."""
    codes, _, _ = _classic()
    possible = set(candidates)
    parts = (_cell_counts(candidates) > 0).sum(axis=1)
    return min(codes, key=lambda code: (-parts[_classic()[1][code]], code not in possible, code))


@shape("mastermind-3", "wrong model")
def knuth_first_minimum_in_list_order(candidates):
    """The first strict minimum over the candidates, then every code: a tie goes to the first
    candidate in the list's order, not the lowest (right only on a sorted list)."""
    codes, index, _ = _classic()
    worst = _worst(candidates)
    best = None
    for code in list(candidates) + codes:
        if best is None or worst[index[code]] < best[0]:
            best = (worst[index[code]], code)
    return best[1]


_KNUTH_BY_SIZE: dict = {}


@shape("mastermind-3", "partial cache")
def knuth_cached_on_the_number_of_candidates(candidates):
    """Knuth's rule, memoised on how many candidates are left: another set of that size gets the
    first set's guess."""
    if len(candidates) not in _KNUTH_BY_SIZE:
        codes, index, _ = _classic()
        possible, worst = set(candidates), _worst(candidates)
        _KNUTH_BY_SIZE[len(candidates)] = min(
            codes, key=lambda code: (worst[index[code]], code not in possible, code)
        )
    return _KNUTH_BY_SIZE[len(candidates)]


def _separating(candidates, cells_needed):
    codes, _, _ = _classic()
    parts = (_cell_counts(candidates) > 0).sum(axis=1)
    return [code for code, count in zip(codes, parts, strict=True) if count >= cells_needed]


@shape("mastermind-4", "greedy")
def obvious_among_the_candidates_only(candidates):
    """Looks for a separating guess among the candidates only: None where only another code
    separates them."""
    if len(candidates) > 14:
        return None
    found = set(_separating(candidates, len(candidates)))
    return next((code for code in sorted(candidates) if code in found), None)


@shape("mastermind-4", "wrong model")
def obvious_lowest_separating_code(candidates):
    """The lowest separating code, a candidate or not: misses that a candidate may win at once."""
    if len(candidates) > 14:
        return None
    return next(iter(_separating(candidates, len(candidates))), None)


@shape("mastermind-4", "off by one")
def obvious_one_pair_allowed(candidates):
    """Counts n - 1 cells as enough (one cell of two codes slips through)."""
    if len(candidates) > 14:
        return None
    found = _separating(candidates, max(1, len(candidates) - 1))
    inside = [code for code in found if code in set(candidates)]
    return (inside or found or [None])[0]


@shape("mastermind-4", "off by one")
def obvious_none_beyond_thirteen(candidates):
    """Answers None at once for more than 13 candidates (the bound for a guess outside them),
    missing the separable sets of 14 that a candidate splits."""
    if len(candidates) > 13:
        return None
    found = _separating(candidates, len(candidates))
    inside = [code for code in found if code in set(candidates)]
    return (inside or found or [None])[0]


@shape("mastermind-4", "wrong model")
def obvious_outside_codes_below_the_candidates(candidates):
    """Looks for an outside separator only among the codes not above the highest candidate."""
    if len(candidates) > 14:
        return None
    found = _separating(candidates, len(candidates))
    inside = [code for code in found if code in set(candidates)]
    return (inside or [code for code in found if code <= max(candidates)] or [None])[0]


@shape("mastermind-4", "wrong model")
def obvious_outside_codes_of_the_candidates_colours(candidates):
    """Looks for an outside separator only among codes made of colours the candidates hold: a
    colour none of them holds (a "blank peg") can be what separates them."""
    if len(candidates) > 14:
        return None
    colours = set("".join(candidates))
    found = _separating(candidates, len(candidates))
    inside = [code for code in found if code in set(candidates)]
    return (inside or [code for code in found if set(code) <= colours] or [None])[0]


_OBVIOUS_BY_SIZE: dict = {}


@shape("mastermind-4", "partial cache")
def obvious_cached_on_the_number_of_candidates(candidates):
    """The right search, memoised on the number of candidates: another set of that size gets the
    first set's answer."""
    if len(candidates) not in _OBVIOUS_BY_SIZE:
        found = _separating(candidates, len(candidates)) if len(candidates) <= 14 else []
        inside = [code for code in found if code in set(candidates)]
        _OBVIOUS_BY_SIZE[len(candidates)] = (inside or found or [None])[0]
    return _OBVIOUS_BY_SIZE[len(candidates)]


# -- 5. determine or reveal ------------------------------------------------------------------------


def _reveal_total(strategy):
    game = strategy.game

    def visit(node, codes, made):
        total = 0
        for reply, cell in game.partition(node.guess, codes).items():
            if reply == game.hit:
                total += made + 1
            else:
                total += visit(node.replies[reply], cell, made + 1)
        return total

    return visit(strategy.root, list(game.codes), 0)


@shape("mastermind-5", "wrong model")
def determine_counts_until_revealed(strategy):
    """Counts every secret until it is guessed: the total to reveal, not to determine."""
    return _reveal_total(strategy)


@shape("mastermind-5", "off by one")
def determine_one_less_for_every_secret(strategy):
    """The total to reveal less one guess for every secret, as if each were always known one
    guess before it is guessed."""
    return _reveal_total(strategy) - strategy.game.size


@shape("mastermind-5", "wrong model")
def determine_reveal_minus_leaves(strategy):
    """The total to reveal minus the leaves of the tree, read from the remark after the exercise
    as a rule: wrong for strategies that waste guesses after the secret is known."""

    def leaves(node):
        return 1 if not node.replies else sum(leaves(child) for child in node.replies.values())

    return _reveal_total(strategy) - leaves(strategy.root)


_DETERMINED_BY_GAME: dict = {}


@shape("mastermind-5", "partial cache")
def determine_cached_on_the_game(strategy):
    """The right walk, memoised on the game's size: another strategy of the same game gets the
    first strategy's total."""
    game = strategy.game
    key = (game.pegs, game.colours)
    if key not in _DETERMINED_BY_GAME:
        total = 0

        def visit(node, codes, made):
            nonlocal total
            if len(codes) == 1:
                total += made
                return
            for reply, cell in game.partition(node.guess, codes).items():
                if reply == game.hit:
                    total += made + 1
                else:
                    visit(node.replies[reply], cell, made + 1)

        visit(strategy.root, list(game.codes), 0)
        _DETERMINED_BY_GAME[key] = total
    return _DETERMINED_BY_GAME[key]


# -- 6. the capped recursion -----------------------------------------------------------------------


def _useful_splits(game, cell):
    """Each guess of the game that tells some codes of ``cell`` apart, with the cells of codes it
    leaves (a shared helper of the recursions below; each shape's own mistake is elsewhere)."""
    for guess in game.codes:
        parts = game.partition(guess, cell)
        if len(parts) == 1 and game.hit not in parts:
            continue
        yield guess, [tuple(part) for reply, part in parts.items() if reply != game.hit]


_LEAST_BY_CELL: dict = {}  # kept between calls: the memo of the answer below


@shape("mastermind-6", "partial cache")
def capped_total_memoised_without_the_game(game, candidates, d):
    """The lesson's recursion, memoised on (cell, guesses left)
    in one memo kept between calls (as the lesson's ``naive_total`` invites), so a set asked
    again in another game gets the first game's total."""

    def least(cell, guesses_left):
        key = (cell, guesses_left)
        if key in _LEAST_BY_CELL:
            return _LEAST_BY_CELL[key]
        if guesses_left == 0:
            best = math.inf
        elif len(cell) == 1:
            best = 1
        else:
            best = math.inf
            for _guess, cells in _useful_splits(game, cell):
                best = min(best, len(cell) + sum(least(part, guesses_left - 1) for part in cells))
        _LEAST_BY_CELL[key] = best
        return best

    return least(tuple(sorted(candidates)), d)


@shape("mastermind-6", "off by one")
def capped_total_one_guess_too_many(game, candidates, d):
    """Gives up on a set only below zero guesses left, so every secret may take d + 1 guesses."""

    @cache
    def least(cell, left):
        if left < 0:
            return math.inf
        if len(cell) == 1:
            return 1
        best = math.inf
        for _guess, cells in _useful_splits(game, cell):
            best = min(best, len(cell) + sum(least(part, left - 1) for part in cells))
        return best

    return least(tuple(sorted(candidates)), d)


@shape("mastermind-6", "off by one")
def capped_total_single_candidate_before_the_cap(game, candidates, d):
    """Tests for a single candidate before the guesses left, so a code found alone after d
    guesses still counts one guess more: every secret may take d + 1 guesses."""

    @cache
    def least(cell, left):
        if len(cell) == 1:
            return 1
        if left == 0:
            return math.inf
        best = math.inf
        for _guess, cells in _useful_splits(game, cell):
            best = min(best, len(cell) + sum(least(part, left - 1) for part in cells))
        return best

    return least(tuple(sorted(candidates)), d)


@shape("mastermind-6", "greedy")
def capped_total_uncapped_optimum_then_the_cap(game, candidates, d):
    """Plays the guess that is best without the cap, and only then asks whether its cells fit the
    cap: a guess that is worse without the cap may be the only one within it."""

    @cache
    def free(cell):
        if len(cell) == 1:
            return 1, None
        best = (math.inf, None)
        for guess, cells in _useful_splits(game, cell):
            best = min(best, (len(cell) + sum(free(part)[0] for part in cells), guess))
        return best

    def within(cell, left):
        if left == 0:
            return math.inf
        if len(cell) == 1:
            return 1
        guess = free(cell)[1]
        cells = [tuple(part) for reply, part in game.partition(guess, cell).items() if reply != game.hit]
        return len(cell) + sum(within(part, left - 1) for part in cells)

    return within(tuple(sorted(candidates)), d)


@shape("mastermind-6", "wrong model")
def capped_total_ignoring_the_cap(game, candidates, d):
    """Section 2's recursion as it stands: the cap is read but never used."""

    @cache
    def least(cell):
        if len(cell) == 1:
            return 1
        best = math.inf
        for _guess, cells in _useful_splits(game, cell):
            best = min(best, len(cell) + sum(least(part) for part in cells))
        return best

    return least(tuple(sorted(candidates)))


@shape("mastermind-6", "greedy")
def capped_total_guessing_candidates_only(game, candidates, d):
    """Guesses only codes that are still possible, where a code already excluded may split the
    set better (the doubles 11, 22, ... need one)."""

    @cache
    def least(cell, left):
        if left == 0:
            return math.inf
        if len(cell) == 1:
            return 1
        best = math.inf
        for guess in cell:
            cells = [tuple(part) for reply, part in game.partition(guess, cell).items() if reply != game.hit]
            best = min(best, len(cell) + sum(least(part, left - 1) for part in cells))
        return best

    return least(tuple(sorted(candidates)), d)


@shape("mastermind-6", "partial cache")
def capped_total_memoised_on_the_size(game, candidates, d):
    """The lesson's recursion with the guesses left, memoised on (number of codes, guesses left):
    another set of the same size gets the first one's total, or its inf."""
    memo = {}

    def least(cell, left):
        key = (len(cell), left)
        if key not in memo:
            if left == 0:
                memo[key] = math.inf
            elif len(cell) == 1:
                memo[key] = 1
            else:
                memo[key] = min(
                    len(cell) + sum(least(part, left - 1) for part in cells)
                    for _guess, cells in _useful_splits(game, cell)
                )
        return memo[key]

    return least(tuple(sorted(candidates)), d)


@shape("mastermind-6", "wrong model")
def capped_total_cap_at_the_first_guess_only(game, candidates, d):
    """Keeps the first guesses whose cells can each be finished within d - 1 guesses (least worst
    case), then adds those cells' least totals without the cap: the cap is kept at the first guess
    only, where a cell below it may cost more within the guesses it has left."""

    @cache
    def worst(cell):
        if len(cell) == 1:
            return 1
        return min(
            1 + max((worst(part) for part in cells), default=0)
            for _guess, cells in _useful_splits(game, cell)
        )

    @cache
    def free(cell):
        if len(cell) == 1:
            return 1
        return min(
            len(cell) + sum(free(part) for part in cells) for _guess, cells in _useful_splits(game, cell)
        )

    cell = tuple(sorted(candidates))
    if len(cell) == 1:
        return 1
    return min(
        (
            len(cell) + sum(free(part) for part in cells)
            for _guess, cells in _useful_splits(game, cell)
            if all(worst(part) <= d - 1 for part in cells)
        ),
        default=math.inf,
    )


def _capped_least(game, candidates, left):
    """The right capped recursion (a shared helper of the two shapes below, whose mistakes lie in
    what they pass it and what they do with its total)."""

    @cache
    def least(cell, left):
        if left == 0:
            return math.inf
        if len(cell) == 1:
            return 1
        best = math.inf
        for _guess, cells in _useful_splits(game, cell):
            best = min(best, len(cell) + sum(least(part, left - 1) for part in cells))
        return best

    return least(tuple(sorted(candidates)), left)


@shape("mastermind-6", "off by one")
def capped_total_one_guess_short(game, candidates, d):
    """Starts with d - 1 guesses left, so every secret must be found within d - 1 guesses."""
    return _capped_least(game, candidates, d - 1)


@shape("mastermind-6", "float")
def capped_total_as_an_average(game, candidates, d):
    """The right recursion, but returns the average number of guesses (total / |S|), a float."""
    return _capped_least(game, candidates, d) / len(candidates)


# -- 7. the tree-counting bound --------------------------------------------------------------------


def _replies(pegs, colours):
    if colours == 1:
        return 1
    if colours == 2:
        return sum((pegs - black) // 2 + 1 for black in range(pegs + 1))
    return pegs * (pegs + 3) // 2


def _fill(codes, branches, first_depth=1):
    total, depth, places, left = 0, first_depth, 1, codes
    while left > 0:
        placed = min(left, places)
        total += placed * depth
        left -= placed
        depth += 1
        places *= branches
    return total


@shape("mastermind-7", "wrong model")
def bound_with_every_reply(pegs, colours):
    """Lets every guess have p(p+3)/2 - 1 non-winning replies, also with one or two colours, where
    fewer occur."""
    if colours == 1:
        return 1
    return _fill(colours**pegs, pegs * (pegs + 3) // 2 - 1)


@shape("mastermind-7", "off by one")
def bound_counting_from_depth_zero(pegs, colours):
    """Counts the guesses before the revealing one: each secret's depth one too small."""
    return _fill(colours**pegs, _replies(pegs, colours) - 1, first_depth=0)


@shape("mastermind-7", "float")
def bound_with_float_levels(pegs, colours):
    """Computes each level's places as (R - 1) ** (k - 1) with floats (math.pow): exact only while
    the counts fit a float's 53 bits."""
    branches = _replies(pegs, colours) - 1
    total, depth, left = 0.0, 1, float(colours) ** pegs
    while left > 0:
        placed = min(left, math.pow(branches, depth - 1))
        total += placed * depth
        left -= placed
        depth += 1
    return int(total)


@shape("mastermind-7", "off by one")
def bound_with_all_replies_as_branches(pegs, colours):
    """Lets a guess branch R ways, counting the win among the branches."""
    return _fill(colours**pegs, _replies(pegs, colours))
