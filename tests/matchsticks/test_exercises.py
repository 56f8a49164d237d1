"""The exercise checks accept correct answers, reject wrong ones with a counterexample, and
report stubs as not attempted."""

from __future__ import annotations

import pytest

from puzzles.course.checker import verify


def stub(*args): ...


CASES = {
    "matchsticks-1": (lambda n: (n - 1) % 5, lambda n: 4),
    "matchsticks-2": ((9, 5), (9, 4)),  # the paper prints m1 = 4
    "matchsticks-3": ((8, 1), (8, 2)),
    "matchsticks-4": ((10, 1), (9, 1)),
    "matchsticks-5": (False, True),
    "matchsticks-6": (lambda N, M: (N - 1) % (M + 1) or None, lambda N, M: (N - 1) % (M + 1)),
    "matchsticks-7": (lambda n: n % 7 in (0, 2), lambda n: n % 7 == 0),
    "matchsticks-8": (lambda n: (0, 1, 0, 1, 2)[n % 5], lambda n: n % 2),
    "matchsticks-9": (lambda S: min(S), lambda S: 1),
}


def _sum_move(piles):
    grundy = [n % 4 for n in piles]
    total = grundy[0] ^ grundy[1] ^ grundy[2]
    for i, pile in enumerate(piles):
        for k in (1, 2, 3):
            if k <= pile and (pile - k) % 4 == total ^ grundy[i]:
                return (i, k)
    return None


def _misere_nim(piles):
    if all(p <= 1 for p in piles):
        return sum(piles) % 2 == 0
    x = 0
    for p in piles:
        x ^= p
    return x != 0


CASES["matchsticks-10"] = (_sum_move, lambda piles: (0, 1) if any(piles) else None)
CASES["matchsticks-11"] = (_misere_nim, lambda piles: _misere_nim(piles) if max(piles) > 1 else True)


@pytest.mark.parametrize("exercise_id", sorted(CASES))
def test_checks_accept_right_and_reject_wrong(exercise_id):
    right, wrong = CASES[exercise_id]
    verdict = verify(exercise_id, right)
    assert verdict.passed, verdict.message
    verdict = verify(exercise_id, wrong)
    assert verdict.status == "incorrect" and verdict.message
    assert verify(exercise_id, stub).status == "not attempted"
    assert verify(exercise_id, ...).status == "not attempted"


def test_the_paper_misprint_gets_a_useful_message():
    message = verify("matchsticks-2", (9, 4)).message
    assert "56 sticks" in message and "{5}" in message
    assert "p = 8" in verify("matchsticks-2", (8, 5)).message
