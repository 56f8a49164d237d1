"""Plain data: what an answer gives back, as text that carries numbers, strings and containers and
nothing executable.

A check runs the student's answer in a child process (or, for the grader, in the student's own
kernel) and decides the verdict somewhere else, from what this module writes: JSON with a few
tagged forms. Nothing is pickled, so a value cannot bring code with it, and every value is
read through its *base* type, never through the student's own methods:

* ``bool``, ``int``, ``float``, ``str`` (subclasses too, read as the base type: an ``int``
  whose ``__eq__`` always says True arrives as the plain integer it holds);
* ``Fraction`` (and numbers registered as ``numbers.Rational``), ``complex``;
* ``list``, ``tuple``, ``set``/``frozenset``, ``dict``, ``range``;
* numpy scalars as the Python numbers and truth values they stand for (numpy 1 and 2), numpy
  arrays as (nested) lists;
* anything else as ``Other(type name, short repr)``, which a check reports as the wrong kind.

A value larger than the caps (``MAX_ITEMS`` items, ``MAX_DEPTH`` levels, ``MAX_DIGITS``
digits in one integer) is written as ``Other`` too, saying so.

    >>> from fractions import Fraction
    >>> class Liar(int):
    ...     def __eq__(self, other): return True
    >>> decode(encode([Liar(3), Fraction(1, 3), {2, 1}, (1, "a")]))
    [3, Fraction(1, 3), {1, 2}, (1, 'a')]
"""

from __future__ import annotations

import json
import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = [
    "Other",
    "CodecError",
    "encode",
    "encode_entries",
    "encode_list",
    "decode",
    "plain",
    "MAX_ITEMS",
    "MAX_DEPTH",
    "MAX_DIGITS",
]

MAX_ITEMS = 200_000  # items and numbers, all levels together: far above any answer a check asks for
MAX_DEPTH = 200
MAX_DIGITS = 100_000  # decimal digits of one integer

# References taken when the module is imported: a notebook that later replaces json.dumps or
# json.loads does not change how this module writes or reads.
_dumps = json.JSONEncoder(
    ensure_ascii=True, check_circular=False, allow_nan=False, separators=(",", ":")
).encode


def _no_constant(name: str) -> Any:
    raise CodecError(f"the constant {name} is not plain data here")


_loads = json.JSONDecoder(parse_constant=_no_constant).decode
_int_of = int.__int__
_str_of = str.__str__
_float_of = float.__float__
_list_len, _list_get = list.__len__, list.__getitem__
_tuple_len, _tuple_get = tuple.__len__, tuple.__getitem__
_dict_items = dict.items
_set_iter, _frozenset_iter = set.__iter__, frozenset.__iter__


@dataclass(frozen=True)
class Other:
    """A value that is not plain data (an object, a function, a generator), or too large: what a
    check can say about it."""

    type_name: str
    shown: str

    def __repr__(self) -> str:
        return self.shown


class CodecError(ValueError):
    """Text that is not what ``encode`` writes (damaged, forged or cut off)."""


def _short_repr(value: Any, limit: int = 120) -> str:
    try:
        text = object.__repr__(value) if isinstance(value, type) else _safe_repr(value)
    except Exception:  # noqa: BLE001 - the student's __repr__ may raise anything
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _safe_repr(value: Any) -> str:
    kind = type(value)
    if kind.__module__ in ("builtins", "fractions", "numpy") or kind.__name__ in ("function", "generator"):
        return repr(value)
    return f"<{kind.__name__} object>"


class _Budget:
    def __init__(self) -> None:
        self.items = 0


def _numpy_scalar(value: Any) -> Any:
    """A numpy scalar as the Python value it stands for, or the value itself."""
    kind = type(value)
    if kind.__module__ != "numpy":
        return value
    import numpy as np

    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, np.complexfloating):
        return complex(value)
    if isinstance(value, np.ndarray):
        return value.tolist() if value.size <= MAX_ITEMS else value
    if isinstance(value, np.str_):
        return str(value)
    return value


def _plain(value: Any, depth: int, budget: _Budget) -> Any:
    """``value`` as JSON-able data with tags (see the module's description)."""
    budget.items += 1
    if budget.items > MAX_ITEMS:
        raise _TooLarge(f"more than {MAX_ITEMS} items")
    if depth > MAX_DEPTH:
        raise _TooLarge(f"nested more than {MAX_DEPTH} levels deep")
    value = _numpy_scalar(value)
    if value is None:
        return None
    if isinstance(value, bool):  # bool has no subclasses
        return value
    if isinstance(value, int):
        number = _int_of(value)
        if number.bit_length() > MAX_DIGITS * 3.33:
            raise _TooLarge(f"an integer of more than {MAX_DIGITS} digits")
        return number if abs(number) < 2**53 else {"$": "int", "v": format(number, "x")}
    if isinstance(value, float):
        number = _float_of(value)
        if math.isfinite(number):
            return {"$": "float", "v": number.hex()}
        return {"$": "float", "v": "nan" if math.isnan(number) else ("inf" if number > 0 else "-inf")}
    if isinstance(value, str):
        text = _str_of(value)
        budget.items += len(text) // 64
        return text
    if isinstance(value, Fraction):
        numerator, denominator = Fraction.numerator.fget(value), Fraction.denominator.fget(value)
        return {
            "$": "fraction",
            "n": _plain(numerator, depth + 1, budget),
            "d": _plain(denominator, depth + 1, budget),
        }
    if isinstance(value, numbers.Rational) and type(value).__module__ != "builtins":
        return {
            "$": "fraction",
            "n": _plain(int(value.numerator), depth + 1, budget),
            "d": _plain(int(value.denominator), depth + 1, budget),
        }
    if isinstance(value, complex):
        return {"$": "complex", "v": [complex.real.__get__(value).hex(), complex.imag.__get__(value).hex()]}
    if isinstance(value, list):
        return [_plain(_list_get(value, i), depth + 1, budget) for i in range(_list_len(value))]
    if isinstance(value, tuple):
        items = [_plain(_tuple_get(value, i), depth + 1, budget) for i in range(_tuple_len(value))]
        return {"$": "tuple", "v": items}
    if isinstance(value, (set, frozenset)):
        iterate = _frozenset_iter if isinstance(value, frozenset) else _set_iter
        return {"$": "set", "v": [_plain(item, depth + 1, budget) for item in iterate(value)]}
    if isinstance(value, dict):
        pairs = [[_plain(k, depth + 1, budget), _plain(v, depth + 1, budget)] for k, v in _dict_items(value)]
        return {"$": "dict", "v": pairs}
    if isinstance(value, range):
        return {
            "$": "range",
            "v": [
                _plain(value.start, depth + 1, budget),
                _plain(value.stop, depth + 1, budget),
                _plain(value.step, depth + 1, budget),
            ],
        }
    if isinstance(value, Other):  # passed on again (a runner's report, a record): kept as it was read
        return {"$": "other", "type": value.type_name, "repr": value.shown}
    return {"$": "other", "type": type(value).__name__, "repr": _short_repr(value)}


class _TooLarge(Exception):
    pass


def plain(value: Any) -> Any:
    """``value`` as JSON-able data (the form ``encode`` writes as text)."""
    try:
        return _plain(value, 0, _Budget())
    except _TooLarge as why:
        return {"$": "other", "type": type(value).__name__, "repr": f"<a value too large to check: {why}>"}
    except RecursionError:
        return {"$": "other", "type": type(value).__name__, "repr": "<a value nested too deeply to check>"}
    except Exception as error:  # noqa: BLE001 - an object whose own code fails when read is not plain data
        return {
            "$": "other",
            "type": type(value).__name__,
            "repr": f"<a value that could not be read: {type(error).__name__}>",
        }


def encode(value: Any) -> str:
    """``value`` as plain-data text."""
    return _dumps(plain(value))


def encode_entries(entries: dict[str, str]) -> str:
    """The text ``encode`` writes for a mapping of string keys, from its values already encoded
    one by one, each within the caps on its own (so that a value too large to check becomes
    ``Other`` in its place, not the whole mapping). ``encode_list`` joins encoded items.

    >>> decode(encode_entries({"i": encode(0), "batch": encode_list([encode({"v": 1}), encode({1, 2})])}))
    {'i': 0, 'batch': [{'v': 1}, {1, 2}]}
    """
    return (
        '{"$":"dict","v":[' + ",".join(f"[{json.dumps(key)},{text}]" for key, text in entries.items()) + "]}"
    )


def encode_list(encoded: list[str]) -> str:
    """The text ``encode`` writes for a list, from its items already encoded one by one."""
    return "[" + ",".join(encoded) + "]"


def _value(data: Any, depth: int = 0) -> Any:
    if depth > MAX_DEPTH + 2:
        raise CodecError("nested too deeply")
    if data is None or isinstance(data, (bool, int, str)):
        if isinstance(data, int) and not isinstance(data, bool) and abs(data) >= 2**53:
            raise CodecError("a large integer outside its tag")
        return data
    if isinstance(data, float):
        raise CodecError("an untagged float")
    if isinstance(data, list):
        return [_value(item, depth + 1) for item in data]
    if not isinstance(data, dict) or not isinstance(data.get("$"), str):
        raise CodecError(f"an unknown form {type(data).__name__}")
    tag = data["$"]
    try:
        if tag == "int":
            text = data["v"]
            if not isinstance(text, str) or len(text) > MAX_DIGITS:
                raise CodecError("a damaged integer")
            return int(text, 16)
        if tag == "float":
            text = data["v"]
            if text in ("nan", "inf", "-inf"):
                return float(text)
            return float.fromhex(text)
        if tag == "fraction":
            numerator, denominator = _value(data["n"], depth + 1), _value(data["d"], depth + 1)
            if not isinstance(numerator, int) or not isinstance(denominator, int) or denominator == 0:
                raise CodecError("a damaged fraction")
            return Fraction(numerator, denominator)
        if tag == "complex":
            real, imag = data["v"]
            return complex(float.fromhex(real), float.fromhex(imag))
        if tag == "tuple":
            return tuple(_value(item, depth + 1) for item in data["v"])
        if tag == "set":
            return {_hashable(_value(item, depth + 1)) for item in data["v"]}
        if tag == "dict":
            return {_hashable(_value(k, depth + 1)): _value(v, depth + 1) for k, v in data["v"]}
        if tag == "range":
            start, stop, step = (_value(part, depth + 1) for part in data["v"])
            return range(start, stop, step)
        if tag == "other":
            return Other(str(data["type"])[:80], str(data["repr"])[:200])
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, CodecError):
            raise
        raise CodecError(f"a damaged {tag}: {error}") from None
    raise CodecError(f"an unknown tag {tag!r}")


def _hashable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_hashable(item) for item in value)
    if isinstance(value, set):
        return frozenset(value)
    if isinstance(value, dict):
        return tuple(sorted(value.items(), key=repr))
    return value


def decode(text: str | bytes) -> Any:
    """The value ``encode`` wrote; ``CodecError`` for anything else."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "strict")
    try:
        return _value(_loads(text))
    except (ValueError, RecursionError) as error:
        if isinstance(error, CodecError):
            raise
        raise CodecError(f"not plain data: {error}") from None
