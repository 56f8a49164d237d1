"""Display helpers: exact fractions and sets of integers in pandas tables.

pandas prints an object column with ``str``, so a column of ``Fraction`` already reads
``5/3``. The helpers here add what the sources print: fractions over a fixed denominator
(``20/7`` next to ``25/8`` rather than reduced ``5/2``), decimals next to exact values, and
sets of positions as ``{2,3,4}``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import pandas as pd

__all__ = ["Ratio", "format_set", "decimal", "exact_frame"]


class Ratio(Fraction):
    """A Fraction that prints over a chosen denominator, like the paper's ``30/9``.

    It compares and computes as the Fraction it equals; only ``str`` and ``repr`` differ.
    """

    _shown_denominator: int

    def __new__(cls, numerator: int, denominator: int) -> Ratio:
        if denominator <= 0:
            raise ValueError(f"a denominator must be positive, got {denominator}")
        self = super().__new__(cls, numerator, denominator)
        self._shown_denominator = denominator
        return self

    @property
    def shown(self) -> tuple[int, int]:
        """(numerator, denominator) as printed."""
        d = self._shown_denominator
        return self.numerator * (d // self.denominator), d

    def __str__(self) -> str:
        top, bottom = self.shown
        return f"{top}/{bottom}"

    __repr__ = __str__


def format_set(values: Iterable[int]) -> str:
    """``{1,2,3}`` for a range or any collection of integers, sorted; ``{}`` when empty."""
    return "{" + ",".join(str(v) for v in sorted(values)) + "}"


def decimal(value: Fraction, places: int = 5) -> str:
    """A fixed-point decimal string of an exact value, rounded half up, for display only."""
    scaled = Fraction(value) * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if whole < 0 else ""
    whole = abs(whole)
    if places == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole // 10**places}.{whole % 10**places:0{places}d}"


def exact_frame(columns: dict[str, list], index: Iterable, index_name: str) -> pd.DataFrame:
    """A DataFrame of exact values (ints, Fractions, Ratios, strings) with a named index.

    Every column keeps dtype ``object`` so that pandas never turns a Fraction into a float.
    """
    frame = pd.DataFrame({name: pd.Series(values, dtype=object) for name, values in columns.items()})
    frame.index = pd.Index(list(index), name=index_name)
    return frame
