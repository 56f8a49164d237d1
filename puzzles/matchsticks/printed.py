"""The values printed in the paper's worked instances, set against a fresh computation.

Source: Chukwunenye, Ishaya, Ibrahim, "Discrete Optimal Control of a Class of Match-Stick
Puzzles", section IV.D ("Solutions to the Analytical Puzzles"). The printed numbers are data
to be checked, never used as truth: ``instance_errata`` recomputes p and m1 and asks the DP.
"""

from __future__ import annotations

import pandas as pd

from puzzles.course.display import exact_frame, format_set
from puzzles.matchsticks.model import theorem_p, winning_moves

__all__ = ["PRINTED_INSTANCES", "instance_errata"]

# (N, M) -> (p, m1) as printed in the paper's solutions (i)-(iv)
PRINTED_INSTANCES: dict[tuple[int, int], tuple[int, int]] = {
    (60, 5): (9, 4),
    (42, 4): (8, 1),
    (72, 6): (10, 1),
    (61, 5): (10, 0),
}


def instance_errata() -> pd.DataFrame:
    """Printed p and m1 next to the recomputed ones and the DP's winning first takes."""
    rows = list(PRINTED_INSTANCES.items())
    computed_p = [theorem_p(N, M) for (N, M), _ in rows]
    computed_m1 = [(N - 1) - p * (M + 1) for ((N, M), _), p in zip(rows, computed_p, strict=True)]
    return exact_frame(
        {
            "N": [N for (N, _), _ in rows],
            "M": [M for (_, M), _ in rows],
            "printed p": [p for _, (p, _) in rows],
            "computed p": computed_p,
            "printed m1": [m1 for _, (_, m1) in rows],
            "computed m1": computed_m1,
            "DP: winning first takes": [format_set(winning_moves(N, M)) for (N, M), _ in rows],
            "agrees": [
                printed == (p, m1) for (_, printed), p, m1 in zip(rows, computed_p, computed_m1, strict=True)
            ],
        },
        ["(i)", "(ii)", "(iii)", "(iv)"],
        "instance",
    )
