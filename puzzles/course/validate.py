"""Input checks shared by every unit: one sentence a student understands, raised as ValueError.

Every public function of every unit checks its arguments through these helpers, so a bad
value is refused with the same kind of sentence everywhere:

* ``whole_number`` (and ``at_most``): integers, numpy integers too; no bools, floats, None,
  strings, nan or infinities; with bounds;
* ``number``: a finite real number (int, float, Fraction, numpy), no bools; with bounds;
* ``cap``: the largest input a function serves in seconds and well under 1 GB, refused with a
  sentence naming the limit and the faster alternative;
* ``flag`` and ``one_of``: True/False, and a choice among named options;
* ``sequence``: a list or tuple (of a given length); ``probability_vector``: non-negative
  numbers summing to 1, exactly for integers and Fractions, or within a stated tolerance for
  floats (with a sentence pointing to ``fractions.Fraction`` when they do not);
* ``code``: a word over an alphabet (a Mastermind code, a take set).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "is_bool",
    "whole_number",
    "number",
    "at_most",
    "cap",
    "flag",
    "one_of",
    "sequence",
    "whole_numbers",
    "probability_vector",
    "code",
    "shown",
]

FLOAT_TOLERANCE = 1e-9  # how far from 1 a float probability vector may sum


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, shortened to ``limit`` characters (a huge list stays one line)."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__
        text = f"<a {type(value).__name__}>"
    if isinstance(value, int) and not isinstance(value, bool) and len(text) > limit:
        return f"a number with {len(text.lstrip('-'))} digits"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_bool(value: object) -> bool:
    """True for Python's and numpy's booleans, whatever numpy calls its type (``bool_`` before
    numpy 2, ``bool`` from numpy 2 on): a truth value, never a number."""
    return isinstance(value, (bool, np.bool_))


def whole_number(value: object, what: str, least: int | None = None, most: int | None = None) -> int:
    """``value`` as a Python int, or ``ValueError("<what> must be a whole number, got ...")``.

    Any integral number is accepted (``int``, numpy integers); ``bool``, floats (even 2.0),
    strings and None are refused. With ``least`` or ``most``, values outside are refused too
    ("<what> must be at least <least>, got ...").
    """
    if type(value) is not int:  # the common case skips the abstract-class checks
        if is_bool(value) or not isinstance(value, numbers.Integral):
            raise ValueError(f"{what} must be a whole number, got {shown(value)}")
        value = int(value)
    if least is not None and value < least:
        raise ValueError(f"{what} must be at least {least}, got {shown(value)}")
    if most is not None and value > most:
        raise ValueError(f"{what} must be at most {most}, got {shown(value)}")
    return value


def exact(value: object, what: str) -> int | Fraction:
    """``value`` as a Python int or a Fraction of Python ints, or ``ValueError("<what> must be an
    exact number (an int or a Fraction), got ...")``.

    numpy integers become Python ints, and a Fraction built from them (``Fraction(np.int64(3))``
    keeps numpy's numerator) is rebuilt from Python ints: exact arithmetic downstream may call
    ``int`` methods (``bit_length``) that numpy's integers lack. Bools and floats are refused.
    """
    if type(value) is int:
        return value
    if is_bool(value) or not isinstance(value, numbers.Rational):
        raise ValueError(f"{what} must be an exact number (an int or a Fraction), got {shown(value)}")
    if isinstance(value, numbers.Integral):
        return int(value)
    return Fraction(int(value.numerator), int(value.denominator))


def number(
    value: object,
    what: str,
    least: float | None = None,
    most: float | None = None,
    below: float | None = None,
) -> Any:
    """``value`` when it is a finite real number (ints, floats, Fractions; numpy numbers as the
    Python numbers they stand for).

    Bools, None, strings, complex numbers, nan and infinities are refused; ``least`` and ``most``
    bound it (inclusive), ``below`` from above (exclusive).
    """
    if type(value) is float and least is None and most is None and below is None:
        if not math.isfinite(value):  # the common case skips the abstract-class checks
            raise ValueError(f"{what} must be a finite number, got {shown(value)}")
        return value
    if is_bool(value) or not isinstance(value, numbers.Real):
        raise ValueError(f"{what} must be a number, got {shown(value)}")
    if not isinstance(value, numbers.Rational) and not math.isfinite(value):  # ints may exceed floats
        raise ValueError(f"{what} must be a finite number, got {shown(value)}")
    if isinstance(value, np.generic):  # numpy's numbers as the Python numbers they stand for
        value = value.item()
    elif isinstance(value, Fraction) and type(value.numerator) is not int:  # Fraction(np.int64(3))
        value = Fraction(int(value.numerator), int(value.denominator))
    if least is not None and value < least:
        raise ValueError(f"{what} must be at least {least}, got {shown(value)}")
    if most is not None and value > most:
        raise ValueError(f"{what} must be at most {most}, got {shown(value)}")
    if below is not None and value >= below:
        raise ValueError(f"{what} must be below {below}, got {shown(value)}")
    return value


def at_most(value: int, what: str, most: int) -> int:
    """``value`` when it is at most ``most``; else a ValueError saying so."""
    if value > most:
        raise ValueError(f"{what} must be at most {most}, got {shown(value)}")
    return value


def cap(value: int, what: str, largest: int, alternative: str = "") -> int:
    """``value`` when it is at most ``largest``, the largest input served in seconds.

    Beyond it: ``ValueError("<what> = <value> is beyond the largest this serves in seconds
    (<largest>); <alternative>")``.
    """
    if value > largest:
        tail = f"; {alternative}" if alternative else ""
        raise ValueError(
            f"{what} = {shown(value)} is beyond the largest this computes in seconds ({largest}){tail}"
        )
    return value


def flag(value: object, what: str) -> bool:
    """True or False (numpy bools of every version too, as the plain bool they stand for);
    anything else (``"no"``, 0, None) is refused."""
    if is_bool(value):
        return bool(value)
    raise ValueError(f"{what} must be True or False, got {shown(value)}")


def one_of(value: object, what: str, options: Iterable[Any]) -> Any:
    """``value`` when it is one of ``options``; else a sentence listing them."""
    options = tuple(options)
    if isinstance(value, np.generic):  # a numpy scalar stands for the Python value it holds
        value = value.item()
    for option in options:
        try:
            if type(value) is type(option) and value == option:
                return value
        except Exception:  # an uncomparable value
            continue
    listed = ", ".join(repr(option) for option in options)
    raise ValueError(f"{what} must be one of {listed}, got {shown(value)}")


def sequence(
    values: object,
    what: str,
    length: int | None = None,
    least: int | None = None,
    most: int | None = None,
) -> list:
    """``values`` as a list when it is a list, tuple, range or numpy array of the right length.

    Strings, sets (no order), dicts, None and numbers are refused; ``length`` fixes the length,
    ``least`` and ``most`` bound it.
    """
    if isinstance(values, (str, bytes, set, frozenset, dict)) or not isinstance(values, (Sequence, range)):
        if not isinstance(values, np.ndarray):
            raise ValueError(f"{what} must be a list or tuple, got {shown(values)}")
    items = list(values)
    if length is not None and len(items) != length:
        raise ValueError(f"{what} must have {length} entries, got {len(items)}")
    if least is not None and len(items) < least:
        raise ValueError(f"{what} must have at least {least} entries, got {len(items)}")
    if most is not None and len(items) > most:
        raise ValueError(f"{what} must have at most {most} entries, got {len(items)}")
    return items


def whole_numbers(
    values: object,
    what: str,
    length: int | None = None,
    least: int | None = None,
    most: int | None = None,
    longest: int | None = None,
) -> list[int]:
    """A sequence of whole numbers, each in ``[least, most]``; ``longest`` bounds the length."""
    items = sequence(values, what, length=length, most=longest)
    return [whole_number(item, f"each entry of {what}", least, most) for item in items]


def probability_vector(
    values: object,
    what: str = "a probability vector",
    length: int | None = None,
    longest: int | None = None,
    tolerance: float = FLOAT_TOLERANCE,
) -> list:
    """Non-negative numbers that sum to 1: exactly when all are ints or Fractions, else within
    ``tolerance``. A float vector that misses 1 is refused with a pointer to Fractions."""
    items = sequence(values, what, length=length, least=1, most=longest)
    items = [item.item() if isinstance(item, np.generic) else item for item in items]  # numpy: Python's
    for item in items:
        if is_bool(item) or not isinstance(item, numbers.Real):
            raise ValueError(f"each entry of {what} must be a number, got {shown(item)}")
        if isinstance(item, float) and not math.isfinite(item):
            raise ValueError(f"each entry of {what} must be a finite number, got {shown(item)}")
        if item < 0:
            raise ValueError(f"{what} cannot hold a negative probability, got {shown(item)}")
        if item > 1:
            raise ValueError(f"{what} cannot hold a probability above 1, got {shown(item)}")
    exact = all(isinstance(item, (numbers.Integral, Fraction)) for item in items)
    total = sum(Fraction(item) for item in items) if exact else math.fsum(float(item) for item in items)
    if exact and total != 1:
        raise ValueError(f"{what} must sum to 1, but it sums to {total}")
    if not exact and abs(total - 1) > tolerance:
        raise ValueError(
            f"{what} must sum to 1, but its floats sum to {total!r}; "
            "give the probabilities as fractions.Fraction values to make them exact"
        )
    return items


def code(values: object, what: str, alphabet: Iterable[Any], length: int | None = None) -> tuple:
    """A word over ``alphabet`` (each letter one of its symbols), of ``length`` letters if given."""
    symbols = tuple(alphabet)
    items = list(values) if isinstance(values, str) else sequence(values, what, length=None)
    if length is not None and len(items) != length:
        raise ValueError(f"{what} must have {length} symbols, got {len(items)}: {shown(values)}")
    for item in items:
        try:
            known = item in symbols
        except TypeError:
            known = False
        if not known or is_bool(item):
            listed = ", ".join(map(str, symbols))
            raise ValueError(f"{what} uses {shown(item)}, which is not one of {listed}")
    return tuple(items)
