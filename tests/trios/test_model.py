"""The trios model: three methods agree exactly, the rule is optimal, simulation and limit."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.trios import (
    State,
    canonical_orders,
    count_orders,
    enumeration_summary,
    expected_rounds,
    expected_rounds_by_enumeration,
    expected_rounds_free_choice,
    expected_rounds_memo,
    free_choice_decisions,
    free_choice_first_flips,
    free_choice_value,
    model,
    play_order,
    rounds_per_trio_limit,
    rounds_table,
    rule_flip,
    sample_rounds,
    simulate,
    state_value,
    transitions,
)
from puzzles.trios.model import FLIP_KNOWN, FLIP_UNKNOWN, fluid_drift

# --- the three methods agree ------------------------------------------------------------


@pytest.mark.parametrize("N", [1, 2, 3, 4])
def test_dp_equals_enumeration(N):
    assert expected_rounds(N) == expected_rounds_by_enumeration(N)


def test_dp_equals_enumeration_for_five_trios():
    summary = enumeration_summary(5)
    assert summary.orders == 1_401_400
    assert summary.expected_rounds == expected_rounds(5)


def test_small_values_by_hand():
    # one trio: the first round flips three cards of the only number
    assert expected_rounds(1) == 1
    # two trios: the 10 orders up to relabelling, played one by one
    assert sorted(play_order(o)[0] for o in canonical_orders(2)) == [2, 3, 3, 3, 3, 4, 4, 4, 4, 4]
    assert expected_rounds(2) == Fraction(34, 10)


@pytest.mark.parametrize("N", range(1, 13))
def test_integer_dp_equals_fraction_memo(N):
    assert expected_rounds(N) == expected_rounds_memo(N)


def test_integer_dp_equals_fraction_memo_on_every_state():
    from puzzles.trios.model import _memo

    for T in range(0, 16):
        for K2 in range(T + 1):
            for K1 in range(T - K2 + 1):
                K0 = T - K2 - K1
                assert state_value(K2, K1, K0) == _memo(K2, K1, K0)


def test_integer_dp_at_forty_trios_equals_fraction_memo():
    assert expected_rounds(40) == expected_rounds_memo(40)


def test_table_for_one_hundred_trios():
    values = rounds_table(100)
    assert len(values) == 100 and values[0] == 1 and values[99] == expected_rounds(100)
    assert all(isinstance(v, Fraction) for v in values)
    assert all(b > a for a, b in zip(values, values[1:], strict=False))
    assert abs(float(values[99]) - 212.25369321351) < 1e-9


# --- transitions ----------------------------------------------------------------------------


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
@settings(max_examples=300, deadline=None)
def test_transition_probabilities_sum_to_one(K2, K1, K0):
    state = State(K2, K1, K0)
    out = transitions(state)
    if state.unknown_cards == 0:
        assert out == []
        return
    assert sum(p for p, *_ in out) == 1
    for p, rounds, nxt, _ in out:
        assert p > 0 and rounds in (1, 2) and min(nxt) >= 0
        assert nxt.unknown_cards < state.unknown_cards
        assert nxt.trios in (state.trios, state.trios - 1)
        # a round spends two rounds exactly when a trio disappears without flipping all of it
        if rounds == 2:
            assert nxt.trios == state.trios - 1


def test_the_worked_term_of_the_analysis():
    terms = {how: (p, r, nxt) for p, r, nxt, how in transitions(State(1, 1, 1))}
    p, rounds, nxt = terms["One-Known, then a Two-Known trio's last card"]
    assert p == Fraction(2, 6) * Fraction(1, 5) and rounds == 2 and nxt == State(1, 0, 1)


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 10))
@settings(max_examples=200, deadline=None)
def test_the_general_term_of_the_analysis(K2, K1, K0):
    U = K2 + 2 * K1 + 3 * K0
    if K1 == 0 or K2 == 0:
        return
    terms = {how: (p, nxt) for p, _, nxt, how in transitions(State(K2, K1, K0))}
    p, nxt = terms["One-Known, then a Two-Known trio's last card"]
    assert p == Fraction(2 * K1, U) * Fraction(K2, U - 1) and nxt == State(K2, K1 - 1, K0)


# --- the rule is optimal: a DP over every flip choice --------------------------------------


def _states(N):
    for K3 in range(N + 1):
        for K2 in range(N + 1 - K3):
            for K1 in range(N + 1 - K3 - K2):
                yield K3, K2, K1, N - K3 - K2 - K1


@pytest.mark.parametrize("N", range(1, 7))
def test_free_choice_dp_equals_rule_dp(N):
    assert expected_rounds_free_choice(N) == expected_rounds(N)
    for state in _states(N):
        K3, K2, K1, K0 = state
        assert free_choice_value(state) == state_value(K2, K1, K0, K3)


@pytest.mark.parametrize("N", range(1, 6))
def test_the_rule_is_among_the_optimal_choices_everywhere(N):
    for state in _states(N):
        for point, best in free_choice_decisions(state).items():
            if point == ("start",):
                choice = rule_flip(None, state[0])
                name = "known card of a trio with 3 known" if choice == FLIP_KNOWN else FLIP_UNKNOWN
            else:
                c, a, b, _ = point
                name = rule_flip(c + b)
            assert name in best, (state, point, best)


def _all_first_flips(state):
    """free_choice_first_flips without its refusal of the two-trio states of Lesson I's Exercise 1."""
    return model._free_round(model._full_state(state))[2]


@pytest.mark.parametrize("N", range(1, 7))
def test_a_known_first_flip_ties_exactly_when_one_trio_is_not_three_known(N):
    """The analysis's "strictly better" for an unknown first card, on every state with N trios,
    Three-Known trios included: a known card of a trio that is not Three-Known is never better,
    and ties exactly when that trio is the only one on the table that is not Three-Known."""
    compared = 0
    for state in _states(N):
        K3, K2, K1, K0 = state
        if K2 + K1 == 0:  # no known card of a trio that is not Three-Known: nothing to compare
            continue
        options = _all_first_flips(state)
        unknown = options.get(FLIP_UNKNOWN)
        for known in (1, 2):
            name = f"known card of a trio with {known} known"
            if name not in options:
                assert state[3 - known] == 0, (state, name)
                continue
            compared += 1
            if K2 + K1 + K0 >= 2:
                assert options[name] > unknown, (state, name, options[name], unknown)
            else:
                assert options[name] == unknown, (state, name, options[name], unknown)
    assert compared


@pytest.mark.parametrize("K3", [0, 1, 2])
@pytest.mark.parametrize("known", [(0, 0, 2), (0, 2, 0), (1, 1, 0)])
def test_the_two_trio_states_of_exercise_1_are_not_valued(K3, known):
    """Lesson I imports free_choice_first_flips before its Exercise 1 asks for E(2) by hand: the
    two-trio start and the two states its first round can leave without removing a trio (from
    which E(2) follows in a line), alone or beside Three-Known trios, get a sentence that points
    to the exercise instead of a value."""
    state = (K3, *known)
    with pytest.raises(ValueError, match="Exercise 1 asks you to find by hand") as raised:
        free_choice_first_flips(state)
    assert "17" not in str(raised.value)
    assert "expected_rounds" not in str(raised.value)  # the refusal names no route to the value
    assert free_choice_value((K3, 0, 0, 2)) == K3 + Fraction(17, 5)  # the function itself still knows it
    # E(2) by its first round from the refused values, so the refusal does hide E(2)
    a, b = (_all_first_flips((0, *s))[FLIP_UNKNOWN] for s in [(0, 2, 0), (1, 1, 0)])
    assert 1 + Fraction(3, 5) * a + Fraction(2, 5) * (Fraction(1, 4) + Fraction(3, 4) * b) == Fraction(17, 5)
    assert set(free_choice_first_flips((K3, 0, 1, 1))) >= {FLIP_UNKNOWN}  # one card known: valued
    assert set(free_choice_first_flips((K3, 2, 0, 0))) >= {FLIP_UNKNOWN}  # both Two-Known: valued


def test_the_ties_with_a_three_known_trio_take_two_rounds():
    for state in [(1, 1, 0, 0), (1, 0, 1, 0)]:
        assert set(free_choice_first_flips(state).values()) == {2}


# --- enumeration ----------------------------------------------------------------------------


@pytest.mark.parametrize("N", [1, 2, 3, 4])
def test_canonical_orders_are_all_orders_up_to_relabelling(N):
    orders = list(canonical_orders(N))
    assert len(orders) == len(set(orders)) == count_orders(N, relabel=True)
    if N <= 3:
        deck = [n for n in range(1, N + 1) for _ in range(3)]
        every = set(permutations(deck))
        assert len(every) == count_orders(N)

        def relabel(order):
            names = {}
            return tuple(names.setdefault(c, len(names) + 1) for c in order)

        assert {relabel(o) for o in every} == set(orders)


def test_order_counts_of_the_analysis():
    assert count_orders(4) == math.comb(12, 3) * math.comb(9, 3) * math.comb(6, 3) == 369_600
    assert count_orders(4, relabel=True) == 15_400
    assert count_orders(5, relabel=True) == 1_401_400


def test_enumeration_refuses_the_large_dataset():
    with pytest.raises(ValueError, match="small-dataset method for N <= 5"):
        expected_rounds_by_enumeration(6)


def test_play_order_follows_the_rule_on_small_examples():
    # round 1: 1, 2 differ; round 2: 1 (one known) then 1: the pair plus the known 1 removes it;
    # round 3: 2 (one known) then 2: removed
    assert play_order((1, 2, 1, 1, 2, 2)) == (3, 0)
    # round 1: 1, 2; round 2: 2 then 1 differ (both Two-Known now); rounds 3, 4: one card each
    assert play_order((1, 2, 2, 1, 1, 2)) == (4, 0)
    # round 1: 1, 2; round 2: 1, 3; round 3: 2 then 1 -- the 1s are all known (Three-Known),
    # round 4 removes them; round 5: 3 then 3 with the known 3; round 6: the last 2
    assert play_order((1, 2, 1, 3, 2, 1, 3, 3, 2)) == (6, 1)


# --- simulation -----------------------------------------------------------------------------


@pytest.mark.parametrize("N, seed", [(1, 0), (2, 1), (5, 2), (10, 3), (30, 4)])
def test_simulation_covers_the_exact_value(N, seed):
    result = simulate(N, 4000, seed=seed, confidence=0.99)
    assert result.covers(expected_rounds(N)) or N == 1
    if N == 1:
        assert result.mean == 1 and result.std_error == 0


def test_simulation_is_reproducible():
    assert sample_rounds(6, 50, seed=9) == sample_rounds(6, 50, seed=9)
    assert simulate(6, 50, seed=9) == simulate(6, 50, seed=9)


# --- the limit per trio ---------------------------------------------------------------------


def test_limit_per_trio_matches_the_exact_values():
    limit = rounds_per_trio_limit()
    values = rounds_table(100)
    increment = float(values[99] - values[98])
    assert abs(increment - limit) < 2e-5
    assert float(values[99]) / 100 < limit


def test_limit_with_scipy_as_a_second_integrator():
    scipy = pytest.importorskip("scipy.integrate")

    def rhs(u, y):
        d2, d1, d0, rounds = fluid_drift(*y[:3])
        speed = 2 - y[0] / (y[0] + 2 * y[1] + 3 * y[2])
        return [-d2 / speed, -d1 / speed, -d0 / speed, -rounds / speed]

    sol = scipy.solve_ivp(rhs, [3, 1e-9], [0, 0, 1, 0], rtol=1e-12, atol=1e-14, method="DOP853")
    assert abs(sol.y[3, -1] - rounds_per_trio_limit()) < 1e-8


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [0, -3])
def test_no_trios_is_refused_in_words(bad):
    for function in (expected_rounds, expected_rounds_by_enumeration, expected_rounds_memo):
        with pytest.raises(ValueError, match="N must be a positive number of trios"):
            function(bad)
    with pytest.raises(ValueError, match="positive number of trios"):
        simulate(bad, 10, 0)


@pytest.mark.parametrize("bad", [2.5, "3", True, None])
def test_non_integers_are_refused(bad):
    with pytest.raises(ValueError, match="whole number"):
        expected_rounds(bad)


def test_other_bad_input():
    with pytest.raises(ValueError, match="cannot be negative"):
        state_value(-1, 0, 0)
    with pytest.raises(ValueError, match="at least 2 games"):
        simulate(3, 1)
    with pytest.raises(ValueError, match="confidence level"):
        simulate(3, 10, confidence=0.5)


# -- the shared table under threads ------------------------------------------------------------


def _fresh_table(monkeypatch):
    from puzzles.trios import model

    table = model._ScaledTable()
    monkeypatch.setattr(model, "_TABLE", table)
    return table


def _race(calls):
    """Run the calls in threads released at the same moment: (results in order, errors)."""
    import threading

    start = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)
    errors: list[BaseException] = []

    def work(position, call):
        start.wait()
        try:
            results[position] = call()
        except BaseException as error:  # noqa: BLE001 - any error is the finding
            errors.append(error)

    threads = [threading.Thread(target=work, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors


def test_the_shared_table_is_right_when_threads_fill_it_at_once(monkeypatch):
    from puzzles.trios import expected_rounds, expected_rounds_memo

    reference = {n: expected_rounds_memo(n) for n in range(1, 41)}  # a second algorithm, in Fractions
    for run in range(30):
        _fresh_table(monkeypatch)
        sizes = [40, 25 + run % 10, 33, 12 + run % 28]
        results, errors = _race([lambda n=n: expected_rounds(n) for n in sizes])
        assert not errors, f"run {run}: {errors[0]!r}"
        assert results == [reference[n] for n in sizes], f"run {run}"
        assert [expected_rounds(n) for n in range(1, 41)] == [reference[n] for n in range(1, 41)], (
            f"run {run}"
        )


def test_two_threads_on_a_cold_table_of_100_trios(monkeypatch):
    from puzzles.trios import expected_rounds, rounds_table

    _fresh_table(monkeypatch)
    alone = rounds_table(100)  # one thread, a fresh table
    for _ in range(3):
        _fresh_table(monkeypatch)
        results, errors = _race([lambda: expected_rounds(100)] * 2)
        assert not errors and results == [alone[-1], alone[-1]]
        assert rounds_table(100) == alone


def test_a_fill_stopped_half_way_leaves_no_wrong_value(monkeypatch):
    from puzzles.trios import expected_rounds, expected_rounds_memo

    table = _fresh_table(monkeypatch)

    class Tripwire(list):  # layer 20, read while layer 21 is being filled
        reads = 0

        def __getitem__(self, index):
            Tripwire.reads += 1
            if Tripwire.reads == 7:
                raise KeyboardInterrupt  # the student pressed stop, half-way through layer 21
            return super().__getitem__(index)

    class Faulty(list):
        def __getitem__(self, index):
            value = super().__getitem__(index)
            return Tripwire(value) if index == 20 and Tripwire.reads < 7 else value

    expected_rounds(20)
    table.layers = Faulty(table.layers)
    with pytest.raises(KeyboardInterrupt):
        expected_rounds(30)
    assert len(table.layers) == 21  # layers 0..20 complete, layer 21 never published
    table.layers = list(table.layers)
    assert [expected_rounds(n) for n in range(1, 31)] == [expected_rounds_memo(n) for n in range(1, 31)]
