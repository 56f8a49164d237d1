"""The paper's tables as pandas DataFrames, computed (never copied).

Each function returns a DataFrame shaped like the corresponding table of Sniedovich's
paper: exact values in object columns (``Fraction`` prints as ``5/3``; ``Ratio`` keeps the
paper's denominator k + 1), sets of optimal drops as ``{2,3}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

import pandas as pd

from puzzles.course.display import Ratio, decimal, exact_frame, format_set
from puzzles.egg.model import (
    dif,
    laplace_drops,
    laplace_numerator,
    laplace_rep,
    laplace_trials,
    nature_response,
    rep,
    worst_case_drops,
    worst_case_trials,
)

__all__ = [
    "one_egg_table",
    "worst_case_frame",
    "laplace_frame",
    "rep_frame",
    "pascal_frame",
    "dif_frame",
    "laplace_rep_frame",
    "drops_frame",
    "nature_frame",
]


def one_egg_table(sizes: Iterable[int] = (1, 2, 3, 4, 5, 10, 50, 100)) -> pd.DataFrame:
    """Table 1: W(1, k) and L(1, k), exact and as a decimal."""
    sizes = list(sizes)
    return exact_frame(
        {
            "W(1,k)": [worst_case_trials(1, k) for k in sizes],
            "L(1,k)": [laplace_trials(1, k) for k in sizes],
            "L(1,k) decimal": [decimal(laplace_trials(1, k)) for k in sizes],
        },
        sizes,
        "k",
    )


def worst_case_frame(eggs: Iterable[int], sizes: Iterable[int]) -> pd.DataFrame:
    """Tables 2 and 5: W(n, k) then X(n, k) for each n."""
    eggs, sizes = list(eggs), list(sizes)
    columns: dict[str, list] = {}
    for n in eggs:
        columns[f"W({n},k)"] = [worst_case_trials(n, k) for k in sizes]
    for n in eggs:
        columns[f"X({n},k)"] = [format_set(worst_case_drops(n, k)) for k in sizes]
    return exact_frame(columns, sizes, "k")


def laplace_frame(eggs: Iterable[int], sizes: Iterable[int], over_k_plus_1: bool = True) -> pd.DataFrame:
    """Tables 3, 4 and 6: L(n, k) then Y(n, k) for each n.

    With ``over_k_plus_1`` (Tables 4 and 6) L(n, k) prints as Nom(n, k)/(k + 1);
    otherwise (Table 3) in lowest terms.
    """
    eggs, sizes = list(eggs), list(sizes)
    columns: dict[str, list] = {}
    for n in eggs:
        if over_k_plus_1:
            columns[f"L({n},k)"] = [Ratio(laplace_numerator(n, k), k + 1) for k in sizes]
        else:
            columns[f"L({n},k)"] = [laplace_trials(n, k) for k in sizes]
    for n in eggs:
        columns[f"Y({n},k)"] = [format_set(laplace_drops(n, k)) for k in sizes]
    return exact_frame(columns, sizes, "k")


def _grid(cell, rows: Iterable[int], eggs: Iterable[int], row_name: str) -> pd.DataFrame:
    rows, eggs = list(rows), list(eggs)
    frame = pd.DataFrame([[cell(j, n) for n in eggs] for j in rows], columns=eggs, dtype=object)
    frame.index = pd.Index(rows, name=row_name)
    frame.columns.name = "n"
    return frame


def rep_frame(rows: Iterable[int] = range(1, 12), eggs: Iterable[int] = range(1, 12)) -> pd.DataFrame:
    """Table 7: rep(j, n), how often W(n, .) takes the value j."""
    return _grid(rep, rows, eggs, "j")


def pascal_frame(rows: Iterable[int] = range(1, 12), eggs: Iterable[int] = range(1, 12)) -> pd.DataFrame:
    """Table 8: Pascal's triangle B(j-1, n-1) in the paper's layout (row j, column n)."""
    return _grid(lambda j, n: comb(j - 1, n - 1), rows, eggs, "j")


def dif_frame(rows: Iterable[int] = range(1, 17), eggs: Iterable[int] = range(1, 12)) -> pd.DataFrame:
    """Table 9: Dif(j, n) = Nom(n, j) - Nom(n, j-1)."""
    return _grid(dif, rows, eggs, "j")


def laplace_rep_frame(rows: Iterable[int] = range(1, 13), eggs: Iterable[int] = range(1, 12)) -> pd.DataFrame:
    """Table 10: REP(j, n), how often Dif(., n) takes the value j."""
    return _grid(laplace_rep, rows, eggs, "j")


def drops_frame(sizes: Iterable[int] = range(1, 16), eggs: Iterable[int] = (1, 2, 3, 4)) -> pd.DataFrame:
    """Table 11: Y(n, k) for several n next to X(n_max, k)."""
    sizes, eggs = list(sizes), list(eggs)
    columns = {f"Y({n},k)": [format_set(laplace_drops(n, k)) for k in sizes] for n in eggs}
    columns[f"X({eggs[-1]},k)"] = [format_set(worst_case_drops(eggs[-1], k)) for k in sizes]
    return exact_frame(columns, sizes, "k")


def nature_frame(n: int, sizes: Iterable[int]) -> pd.DataFrame:
    """Mother Nature's optimal reply z(n, k, x) (Lemma 19) for every drop x <= k: B, S or * (either).

    Rows are sizes k, columns drops x; cells where x > k are blank.
    """
    sizes = list(sizes)
    letters = {"break": "B", "survive": "S", "either": "*"}
    width = max(sizes)
    rows = [[letters[nature_response(n, k, x)] if x <= k else "" for x in range(1, width + 1)] for k in sizes]
    frame = pd.DataFrame(rows, columns=range(1, width + 1), dtype=object)
    frame.index = pd.Index(sizes, name="k")
    frame.columns.name = "x"
    return frame
