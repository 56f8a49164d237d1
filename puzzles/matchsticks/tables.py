"""Tables (pandas DataFrames) of the match-stick unit, for the lesson notebooks.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles" (the theorem of section IV and its instances (i)-(iv)); W. L. Winston's match puzzle.
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from puzzles.course.display import exact_frame, format_set
from puzzles.matchsticks.model import (
    Moves,
    feasible,
    first_pick,
    grundy_table,
    outcome_period,
    outcome_table,
    subtraction_set,
    theorem_levels,
    theorem_p,
    winning_moves,
)
from puzzles.matchsticks.plots import set_label

__all__ = ["backward_table", "theorem_table", "period_table"]


def backward_table(N: int, M: int) -> pd.DataFrame:
    """The backward DP for the paper's game: for n = 0..N, who wins and the winning takes."""
    outcomes = outcome_table(N, M)
    return exact_frame(
        {
            "outcome": outcomes,
            "winning takes": [format_set(winning_moves(n, M)) for n in range(N + 1)],
            f"n mod {M + 1}": [n % (M + 1) for n in range(N + 1)],
        },
        range(N + 1),
        "sticks n",
    )


def theorem_table(instances: Iterable[tuple[int, int]]) -> pd.DataFrame:
    """The theorem's quantities for each (N, M) next to the DP's verdict."""
    rows = list(instances)
    return exact_frame(
        {
            "N": [N for N, _ in rows],
            "M": [M for _, M in rows],
            "p": [theorem_p(N, M) for N, M in rows],
            "m1 (theorem)": [first_pick(N, M) for N, M in rows],
            "feasible": [feasible(N, M) for N, M in rows],
            "DP: outcome": [outcome_table(N, M)[N] for N, M in rows],
            "DP: winning takes": [format_set(winning_moves(N, M)) for N, M in rows],
            "levels n_j": [_levels_text(N, M) for N, M in rows],
        },
        range(1, len(rows) + 1),
        "instance",
    )


def _levels_text(N: int, M: int) -> str:
    levels = theorem_levels(N, M)
    if not levels:
        return "-"
    if len(levels) <= 4:
        return ", ".join(map(str, levels))
    return f"{levels[0]}, {levels[1]}, ..., {levels[-1]}"


def period_table(sets: Iterable[Moves], n_show: int = 30) -> pd.DataFrame:
    """For each subtraction set: the preperiod t and the period of its normal, misère and Grundy
    sequences (``outcome_period`` and ``grundy_period``), and its normal-play lost positions."""
    from puzzles.matchsticks.model import grundy_period

    sizes = [subtraction_set(s) for s in sets]
    columns: dict[str, list] = {
        "normal (t, period)": [],
        "misère (t, period)": [],
        "Grundy (t, period)": [],
        "lost (normal), n <= " + str(n_show): [],
    }
    for s in sizes:
        columns["normal (t, period)"].append(outcome_period(s, False))
        columns["misère (t, period)"].append(outcome_period(s, True))
        columns["Grundy (t, period)"].append(grundy_period(s))
        lost = [n for n, g in enumerate(grundy_table(n_show, s)) if g == 0]
        columns["lost (normal), n <= " + str(n_show)].append(format_set(lost))
    return exact_frame(columns, [set_label(s) for s in sizes], "S")
