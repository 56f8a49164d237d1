"""Input checks shared by every unit: one sentence a student understands, raised as ValueError."""

from __future__ import annotations

import numbers

__all__ = ["whole_number"]


def whole_number(value: object, what: str, least: int | None = None) -> int:
    """``value`` as a Python int, or ``ValueError("<what> must be a whole number, got ...")``.

    Any integral number is accepted (``int``, numpy integers); ``bool`` and floats are refused.
    With ``least``, a smaller value is refused too ("<what> must be at least <least>, got ...").
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    if least is not None and value < least:
        raise ValueError(f"{what} must be at least {least}, got {value}")
    return int(value)
