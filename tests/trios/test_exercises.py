"""The exercise checks accept right answers, reject wrong ones with a counterexample."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import factorial

from puzzles.course.checker import verify
from puzzles.trios import expected_rounds, state_value


def test_exercise_1():
    assert verify("trios-1", Fraction(17, 5)).passed
    assert not verify("trios-1", Fraction(7, 2)).passed
    assert not verify("trios-1", 3.4).passed
    assert verify("trios-1", ...).status == "not attempted"


def test_exercise_3():
    assert verify("trios-3", state_value).passed
    verdict = verify("trios-3", lambda K2, K1, K0: state_value(K2, K1, K0) + (K0 == 3))
    assert not verdict.passed and "(K2, K1, K0) = (0, 0, 3)" in verdict.message

    def stub(K2, K1, K0): ...

    assert verify("trios-3", stub).status == "not attempted"


def test_exercise_2():
    assert verify("trios-2", lambda N: factorial(3 * N) // (6**N * factorial(N))).passed
    verdict = verify("trios-2", lambda N: factorial(3 * N) // 6**N)
    assert not verdict.passed and "N = 2" in verdict.message


def test_exercise_4():
    @cache
    def three_known(K2, K1, K0):
        U = K2 + 2 * K1 + 3 * K0
        if U == 0:
            return Fraction(0)
        from puzzles.trios import State, transitions

        return sum(p * ((r - 1) + three_known(*nxt)) for p, r, nxt, _ in transitions(State(K2, K1, K0)))

    assert verify("trios-4", lambda N: three_known(0, 0, N)).passed
    assert not verify("trios-4", lambda N: expected_rounds(N) - N).passed
