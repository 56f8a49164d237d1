"""Short texts that would give each exercise's answer away: tests-only data.

They are the answer key in a few words (a value, a formula as the lessons write it, a phrase of
the worked argument), so they live here, with the tests, and never in the package a student
installs. The answer scan (``support.answers``) looks for them in everything the student
edition publishes, and ``tests/course/test_every_exercise.py`` above each exercise's check in
the student edition; both must find them on the teacher side, so a giveaway that no teacher
notebook holds any more is stale.
"""

from __future__ import annotations

from puzzles.egg.exercises import BEYOND_DP, _nature_counts, _shown_drops
from puzzles.egg.model import laplace_numerator, worst_case_drops, worst_case_trials

__all__ = ["GIVEAWAYS", "giveaways"]

GIVEAWAYS: dict[str, tuple[str, ...]] = {
    "egg-11": ("k/2 + k/(k+1)", "k/(k+1)", "E[C] + P[C", "3k)/(2(k+1))", "3k)/2(k+1)"),
    "egg-12": ("\\binom{t}{1} + \\binom{t}{2}", "C(t,1) + ... + C(t,n)", "comb(t, i) for i in range(1"),
    "egg-1": ("removes the lowest one", "k - t(t-1)/2", "k - (t-1)t/2", "\\{q+1, \\dots, t\\}"),
    "egg-2": ("\\max(q+1, t-1)", "max(q + 1, t - 1)", "never holds more than two"),
    "egg-3": ("1 + W(2,k)", "1 + W(2, k)", "N(k) - N(k-1) ="),
    "egg-4": (
        "W(2,k) \\in Y(2,k)",
        "\\max Y(2,k) = W(2,k)",
        "max Y(2,k) = W(2,k)",
        "It is not $W(2,k)$ there",
    ),
    "egg-5": (
        "inside X(2,k) for every",
        "always lies inside",
        "(t-1-q)(t-2-q)/2",
        "(t-2-q)(t-1-q)/2",
        "\\binom{t-1-q}{2}",
        "y_within_x",
    ),
    "egg-13": (str(worst_case_trials(2, BEYOND_DP)), str(worst_case_trials(3, BEYOND_DP))),
    "egg-14": (
        "q+1, q+2, \\dots, \\mathrm{rep}(j,n)",
        "X(n, \\mathrm{First}(j,n) + q) =",
        _shown_drops(worst_case_drops(3, BEYOND_DP)),
    ),
    "egg-10": ("r+1, \\dots, q+r", "x <= q + r", str(_nature_counts(3, BEYOND_DP))),
    "egg-6": (
        "\\mathrm{REP}(j+1,n) = \\mathrm{rep}(j,n)",
        "REP(j+1, n) = rep(j, n)",
        "rep(j - 1, n)",
        "down one row",
        "down by one row",
    ),
    "egg-7": (
        "\\mathrm{First}(j+1,n+1)",
        "First(j + 1, n + 1)",
        "F(n+1, j)",
        "F(n+1,j)",
        "F(n + 1, j)",
        str(laplace_numerator(2, BEYOND_DP)),
    ),
    "egg-8": ("q+1+\\mathrm{rep}(j-1,n)", "\\max(q+1, \\mathrm{rep}(j-1,n))", "q + 1 + rep(j - 1, n)"),
    "egg-9": ("\\subseteq X(n,k)", "every optimal Laplace policy is robust", "laplace_is_robust"),
    "matchsticks-1": ("(n - 1) % 5", "(n-1) % 5", "1 \\pmod 5", "1 (mod 5)", "1, 6, 11, 16"),
    "matchsticks-2": (
        "(N - 1) % (M + 1)",
        "(N-1) % (M+1)",
        "1 \\pmod{M+1}",
        "1 \\pmod{M + 1}",
        "1 (mod M+1)",
        "1 (mod M + 1)",
        "is not a multiple of $M + 1$",
    ),
    "matchsticks-3": ("2(p + 1)", "2(p+1)", "2p + 2", "2p+2", "2q + 1", "2q+1", "16 picks"),
    "matchsticks-4": (
        "m_1 = M = 5",
        "m1 = M = 5",
        "m_1 = 5$",
        "m1 = 5 ",
        "m_1 = r + 1",
        "the ceiling is $p = k$",
    ),
    "matchsticks-5": ("2a + 1", "2a+1", "2 a + 1", "r < a", "even and less than a"),
    "matchsticks-6": ("min(moves)", "min(S)", "d = \\min S", "delayed by", "by the smallest take"),
    "matchsticks-7": ("0, 1, 0, 1, 2", "0,1,0,1,2"),
    "matchsticks-8": ("odd number of single", "even number of single", "sum(piles) % 2", "an *odd* number"),
    "trios-1": ("17/5", "3.40000000", "34/10", "Fraction(17, 5)", "one round short"),
    "trios-2": ("15400", "1401400", "3!^N N!", "6**N * factorial(N)"),
    "trios-3": (
        "(5 * N - 1) // 2",
        "(5N - 1)/2",
        "5N/2",
        "1, 4, 7, 9, 12",
        "C \\le N - 1",
        "is not a Three-Known one",
    ),
    "trios-6": ("[x, two_known, x, x + 1, x + 1, x]", "1 2 1 2 3 1 3 2 4 3 4 5 5 4 5"),
    "trios-4": (
        "K_1 + 1, K_0 - 2",
        "K_1 + 2, K_0 - 2",
        "K_2 - 1, K_1 + 1",
        "Zero-Known, a pair",
        "Zero-Known, then a Two-Known's last card",
        "Zero-Known, then another Zero-Known",
    ),
    "trios-5": ("61/140", "2187/3080"),
    "mastermind-1": ("shared - black",),
    "mastermind-2": (
        "(p + 2) ** 2 // 4",
        "(pegs + 2) ** 2 // 4",
        "(p+2)**2//4",
        "with three colours or more",
    ),
    "mastermind-8": ('("2", "3"), ("3", "1")', "1-2, 2-3, 3-1", "with three colours or more"),
    "mastermind-9": ("\\log_2 \\prod_i n_i^{\\,n_i}", "exactly when its integer"),
    "mastermind-5": ("4849", "4660", "4668", "reaches a node alone", "one guess earlier"),
    "mastermind-6": ("T_{d-1}", "d - 1"),
    "mastermind-7": ("4986", "filling these"),
    "higher-lower-3": ("2/5", "9/5", "1.8"),
    "higher-lower-21": ("1, 2, 3, 6, 7, 14, 15", "costs exactly $2 = V(4)$"),
    "higher-lower-22": ("4 \\le V^s(4) \\le 13/3", "5, 14/3, 13/3, 13/3, 13/3, 13/3, 4"),
    "higher-lower-4": ("(2, 1, 3, 2)", "(2, 3, 1, 2)"),
    "higher-lower-5": ("87/23", "3.7826", "828/211", "3.9241", "3.9242", "251175/63263", "3.9703"),
    "higher-lower-9": ("lexicographic",),
    "higher-lower-6": ("13-16", "31-37", "65-79", "135-163", "276-333", "558-674", "(13, 16)", "(558, 674)"),
    "higher-lower-10": ("7/1300", "1/255", "(1/2, 0, 1/2)", "guarantees exactly V(N)"),
}


def giveaways(exercise_id: str) -> tuple[str, ...]:
    """The texts that would give ``exercise_id``'s answer away (none for an exercise without)."""
    return GIVEAWAYS.get(exercise_id, ())
