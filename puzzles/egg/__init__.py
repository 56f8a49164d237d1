"""Egg dropping (Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in Braunschweig and Hong Kong").

The public API that instructors script against; see ``puzzles.egg.model`` for the mathematics.
Several of these functions compute what the lessons' exercises ask for (L(1, k), F(n, t), W, X, Y
and the Laplace numerators): an exercise asks for the derivation, and its check refuses an answer
that calls this package.
"""

from puzzles.egg.model import (
    DPTable,
    dif,
    expected_drops,
    expected_trials,
    first,
    laplace_drops,
    laplace_numerator,
    laplace_rep,
    laplace_table,
    laplace_trials,
    max_size,
    nature_response,
    one_egg_laplace,
    rep,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)

__all__ = [
    "DPTable",
    "dif",
    "expected_drops",
    "expected_trials",
    "first",
    "laplace_drops",
    "laplace_numerator",
    "laplace_rep",
    "laplace_table",
    "laplace_trials",
    "max_size",
    "nature_response",
    "one_egg_laplace",
    "rep",
    "worst_case_drops",
    "worst_case_table",
    "worst_case_trials",
]
