"""Input checks shared by every unit: one sentence a student understands, raised as ValueError."""

from __future__ import annotations

import numbers

__all__ = ["whole_number"]


def whole_number(value: object, what: str) -> int:
    """``value`` as a Python int, or ``ValueError("<what> must be a whole number, got ...")``.

    Any integral number is accepted (``int``, numpy integers); ``bool`` and floats are refused.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return int(value)
