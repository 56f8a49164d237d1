"""The match-stick model: the DP against a plain game-tree search, the paper's closed forms
against the DP, Sprague-Grundy values, periodicity, and Nim against brute force."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.matchsticks import (
    eventual_period,
    feasible,
    first_pick,
    grundy,
    grundy_period,
    grundy_sum,
    grundy_table,
    losing_positions,
    mex,
    nim_outcome,
    nim_winning_moves,
    outcome,
    outcome_period,
    outcome_table,
    parse_moves,
    reply,
    subtraction_set,
    sum_outcome,
    sum_winning_moves,
    theorem_disagreements,
    theorem_levels,
    theorem_p,
    win_table,
    winning_moves,
)

# ---------------------------------------------------------------------------
# independent evidence: a plain game-tree search (no table, no closed form)


def tree_wins(n: int, sizes: tuple[int, ...], misere: bool) -> bool:
    """Search every line of play from n sticks; True when the player to move can force a win."""
    legal = [k for k in sizes if k <= n]
    if not legal:
        return misere  # the game is over: under misère the opponent made the last move
    return any(not tree_wins(n - k, sizes, misere) for k in legal)


SMALL_SETS = [(1,), (1, 2), (1, 2, 3), (1, 3, 4), (2, 3), (2, 5), (1, 4), (3,), (2, 4, 7), (1, 2, 3, 4, 5)]


@pytest.mark.parametrize("sizes", SMALL_SETS, ids=str)
@pytest.mark.parametrize("misere", [True, False])
def test_dp_matches_plain_game_tree_search(sizes, misere):
    n_max = 22 if len(sizes) <= 3 else 16
    table = outcome_table(n_max, sizes, misere)
    for n in range(n_max + 1):
        expected = "win" if tree_wins(n, sizes, misere) else "lose"
        assert table[n] == expected == outcome(n, sizes, misere)
        moves = [k for k in sizes if k <= n and not tree_wins(n - k, sizes, misere)]
        assert winning_moves(n, sizes, misere) == moves


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 300), st.booleans())
@settings(max_examples=200, deadline=None)
def test_dp_satisfies_its_recursion(sizes, n, misere):
    """f(n) = win iff some legal take leaves a lost position; end positions by the rule."""
    legal = [k for k in sizes if k <= n]
    if not legal:
        assert outcome(n, sizes, misere) == ("win" if misere else "lose")
    else:
        lost_after = [k for k in sorted(legal) if outcome(n - k, sizes, misere) == "lose"]
        assert outcome(n, sizes, misere) == ("win" if lost_after else "lose")
        assert winning_moves(n, sizes, misere) == lost_after


def test_int_moves_mean_one_to_m():
    assert subtraction_set(3) == (1, 2, 3)
    assert subtraction_set([4, 1, 4]) == (1, 4)
    assert win_table(50, 4) == win_table(50, [1, 2, 3, 4])
    assert parse_moves("{1, 3,4}") == (1, 3, 4) == parse_moves("4 3 1")


# ---------------------------------------------------------------------------
# the paper's theorem, against the DP


def test_theorem_agrees_with_dp_for_every_m_up_to_50_and_n_up_to_500():
    assert theorem_disagreements(50, 500) == []


def test_theorem_disagreements_reports_a_wrong_closed_form(monkeypatch):
    """The check is not vacuous: the paper's typo m1 = (N - 1) - M p in instance (i) is caught."""
    import puzzles.matchsticks.model as model

    def misprinted(N, M):
        m1 = (N - 1) - M * model.theorem_p(N, M)
        return m1 if 1 <= m1 <= M else None

    monkeypatch.setattr(model, "first_pick", misprinted)
    found = model.theorem_disagreements(6, 80)
    assert any(case[:2] == (5, 60) for case in found)  # the paper's instance (i)


@given(st.integers(1, 60), st.integers(1, 3000))
@settings(max_examples=400, deadline=None)
def test_first_pick_is_the_unique_dp_winning_move(M, N):
    m1 = first_pick(N, M)
    wins = winning_moves(N, M)
    if m1 is None:
        assert wins == [] and outcome(N, M) == "lose"
        assert (N - 1) % (M + 1) == 0 and not feasible(N, M)
    else:
        assert wins == [m1] and 1 <= m1 <= M
        assert feasible(N, M)
        p = theorem_p(N, M)
        assert N - m1 == p * (M + 1) + 1  # the proof's N - m1 = p(M + 1) + 1


@given(st.integers(1, 30), st.integers(1, 1000))
@settings(max_examples=300, deadline=None)
def test_assertion_4_1_ceiling_against_floor(M, N):
    """ceil((N - (M+1))/(M+1)) = floor((N-2)/(M+1)) + [r = M], r = (N - 2) mod (M + 1)."""
    ceiling = theorem_p(N, M)
    floor = (N - 2) // (M + 1)
    assert ceiling == floor + (1 if (N - 2) % (M + 1) == M else 0)


def test_winston_and_paper_instances():
    assert first_pick(30, 3) == 1 and winning_moves(30, 3) == [1]  # Winston's example
    assert first_pick(40, 4) == 4 and winning_moves(40, 4) == [4]  # Winston's group problem
    # the paper's instances (i)-(iv): (N, M) -> (p, m1); (i) prints m1 = 4, the DP says 5
    assert (theorem_p(60, 5), first_pick(60, 5), winning_moves(60, 5)) == (9, 5, [5])
    assert (theorem_p(42, 4), first_pick(42, 4)) == (8, 1)
    assert (theorem_p(72, 6), first_pick(72, 6)) == (10, 1)
    assert (theorem_p(61, 5), first_pick(61, 5), outcome(61, 5)) == (10, None, "lose")


def test_levels_and_replies_keep_the_opponent_on_one_mod_m_plus_one():
    for N, M in [(30, 3), (40, 4), (60, 5), (42, 4), (72, 6), (100, 7)]:
        levels = theorem_levels(N, M)
        assert levels[0] == N - first_pick(N, M) and levels[-1] == 1
        assert all(n % (M + 1) == 1 and outcome(n, M) == "lose" for n in levels)
        for n in levels[:-1]:
            for taken in range(1, M + 1):
                assert n - taken - reply(M, taken) in levels
    assert theorem_levels(61, 5) == []


def test_small_n_edge_cases():
    assert outcome(1, 3) == "lose"  # you must take the last stick
    assert outcome(0, 3) == "win"  # the opponent has just taken it
    assert first_pick(1, 1) is None and first_pick(2, 1) == 1 and first_pick(3, 1) is None
    assert first_pick(4, 3) == 3 and theorem_p(4, 3) == 0  # p = 0 is allowed
    assert first_pick(5, 3) is None  # N = M + 2: k = 0 in N - 2 = k(M + 1) + M


# ---------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: outcome(5, 0), "at least 1"),
        (lambda: outcome(5, -2), "at least 1"),
        (lambda: outcome(5, []), "empty"),
        (lambda: outcome(5, {0, 2}), "positive"),
        (lambda: outcome(5, {-1}), "positive"),
        (lambda: outcome(-1, 3), "negative"),
        (lambda: outcome(2.5, 3), "whole number"),
        (lambda: outcome(5, True), "largest take"),
        (lambda: first_pick(0, 3), "at least one stick"),
        (lambda: first_pick(10, 0), "at least 1"),
        (lambda: winning_moves(4, {1.5}), "whole number"),
        (lambda: grundy(3, set()), "empty"),
        (lambda: parse_moves(" , "), "empty"),
        (lambda: parse_moves("1, two"), "not a whole number"),
        (lambda: reply(3, 4), "between 1 and M"),
        (lambda: nim_outcome([]), "at least one pile"),
        (lambda: nim_outcome([3, -1]), "negative"),
    ],
)
def test_bad_input_raises_one_clear_sentence(call, words):
    with pytest.raises(ValueError, match=words) as error:
        call()
    message = str(error.value)
    assert "\n" not in message and len(message) < 120


# ---------------------------------------------------------------------------
# Sprague-Grundy values and periodicity


def test_mex():
    assert mex([]) == 0 and mex([0, 1, 3]) == 2 and mex([1, 2]) == 0


@pytest.mark.parametrize("sizes", SMALL_SETS, ids=str)
def test_grundy_zero_exactly_at_normal_play_losses(sizes):
    values = grundy_table(200, sizes)
    assert [n for n, g in enumerate(values) if g == 0] == losing_positions(200, sizes, misere=False)


def test_grundy_known_sequences():
    assert list(grundy_table(13, (1, 3, 4))) == [0, 1, 0, 1, 2, 3, 2] * 2  # Winning Ways
    assert all(grundy(n, 5) == n % 6 for n in range(100))
    assert grundy_period((1, 3, 4)) == (0, 7)
    assert outcome_period((1, 3, 4), misere=False) == (0, 7)
    # misère play by default, as outcome, losing_positions and win_table
    assert outcome_period((1, 3, 4)) == outcome_period((1, 3, 4), misere=True)
    assert losing_positions(30, (1, 3, 4), misere=False) == [n for n in range(31) if n % 7 in (0, 2)]


@pytest.mark.parametrize("M", range(1, 9))
def test_one_to_m_periods(M):
    assert outcome_period(M, misere=False) == (0, M + 1)
    assert outcome_period(M, misere=True) == (0, M + 1)
    assert grundy_period(M) == (0, M + 1)


@given(st.sets(st.integers(1, 8), min_size=1, max_size=4), st.booleans())
@settings(max_examples=60, deadline=None)
def test_period_is_least_and_holds_far_out(sizes, misere):
    pre, period = outcome_period(sizes, misere)
    seq = win_table(pre + 40 * period + 200, sizes, misere)
    assert all(seq[i] == seq[i + period] for i in range(pre, len(seq) - period))
    if pre > 0:
        assert seq[pre - 1] != seq[pre - 1 + period]
    for shorter in range(1, period):  # no shorter period from pre on
        assert any(seq[i] != seq[i + shorter] for i in range(pre, len(seq) - shorter))
    g_pre, g_period = grundy_period(sizes)
    values = grundy_table(g_pre + 40 * g_period + 200, sizes)
    assert all(values[i] == values[i + g_period] for i in range(g_pre, len(values) - g_period))
    if not misere:  # the outcome is G(n) == 0: its period divides the Grundy period
        assert g_period % period == 0 and pre <= g_pre


def test_eventual_period_on_a_plain_sequence():
    assert eventual_period([5, 1, 2, 1, 2, 1, 2, 1, 2], 2) == (1, 2)
    assert eventual_period([1, 2, 3], 2) is None


@given(st.sets(st.integers(1, 7), min_size=1, max_size=4), st.integers(0, 200))
@settings(max_examples=200, deadline=None)
def test_misere_is_normal_shifted_by_the_smallest_take(sizes, n):
    s = min(sizes)
    shifted = "win" if n < s else outcome(n - s, sizes, misere=False)
    assert outcome(n, sizes, misere=True) == shifted


# ---------------------------------------------------------------------------
# several piles: Sprague-Grundy and Bouton against a game-tree search


@cache
def piles_win(piles: tuple[int, ...], sizes: tuple[int, ...] | None, misere: bool) -> bool:
    """Plain search over several piles; sizes None means Nim (take any number)."""
    moves = []
    for i, pile in enumerate(piles):
        takes = range(1, pile + 1) if sizes is None else [k for k in sizes if k <= pile]
        moves += [tuple(sorted(piles[:i] + (pile - k,) + piles[i + 1 :])) for k in takes]
    if not moves:
        return misere
    return any(not piles_win(after, sizes, misere) for after in moves)


@pytest.mark.parametrize("misere", [False, True])
def test_bouton_rule_matches_search(misere):
    for count in range(1, 5):
        for piles in product(range(6), repeat=count):
            expected = piles_win(tuple(sorted(piles)), None, misere)
            assert nim_outcome(piles, misere) == ("win" if expected else "lose"), piles
            for i, take in nim_winning_moves(piles, misere):
                after = list(piles)
                after[i] -= take
                assert not piles_win(tuple(sorted(after)), None, misere)
            if any(piles):  # at the end of the game a win needs no move
                assert bool(nim_winning_moves(piles, misere)) == expected


@pytest.mark.parametrize("sizes", [(1, 2, 3), (1, 3, 4), (2, 3), (1, 4)], ids=str)
def test_sprague_grundy_sum_matches_search(sizes):
    for piles in product(range(9), repeat=3):
        expected = piles_win(tuple(sorted(piles)), sizes, False)
        assert sum_outcome(piles, sizes) == ("win" if expected else "lose")
        assert (grundy_sum(piles, sizes) != 0) == expected
        moves = sum_winning_moves(piles, sizes)
        assert bool(moves) == expected
        for i, k in moves:
            after = list(piles)
            after[i] -= k
            assert not piles_win(tuple(sorted(after)), sizes, False)
