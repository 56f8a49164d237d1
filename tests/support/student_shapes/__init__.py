"""Wrong answers shaped like the ones students write, for every check (tests-only data).

Each module of this package (one per unit, ``egg``, ``matchsticks``, ``higher_lower``,
``mastermind``, ``trios``, or per lesson of a large unit) declares, for each exercise with a
check, the wrong answers a student plausibly writes after reading the lesson, each under one of
``KINDS``::

    @shape("matchsticks-7", "search then formula")
    def sum_move_formula_beyond_small_sums(piles):
        '''An exact search on small sums, beyond it the Grundy formula without checking that a
        take fits its pile (plays (0, 4) from [1, 10**18]).'''
        ...

    shape("egg-11", "float")(Fraction(5150, 101) + 0.0)   # a value exercise: the value itself

The contract (``tests/course/test_student_shapes.py``, and ``dp-puzzles check-strength``'s
table beside the mutants): the notebook's check refuses every shape, except one fitted to the
public cases (kind ``"fitted to the public cases"``), which the grader's hidden cases refuse.
A lookup table of the public cases is added for every function exercise without being declared
(``support.shapes.public_table``).

A shape must not use the course package (it runs where the exercise's unit is closed) and must
stop within the check's time limit. Its docstring says what it gets wrong, in a sentence a
teacher would write in the margin.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

__all__ = ["KINDS", "Shape", "shape", "shapes_of", "all_shapes"]

KINDS = {
    "small inputs only": "right on small inputs only (a search, a table, a loop with a cap)",
    "search then formula": "an exact search on small inputs and a formula beyond it",
    "printed sizes": "right on the sizes the lesson prints or plots",
    "partial cache": "a cache keyed on part of the input, or kept between calls",
    "greedy": "a greedy or myopic rule where a DP or a search is asked",
    "float": "a float where an exact value is asked",
    "off by one": "off by one at a boundary (a range's end, a base case, a count)",
    "wrong model": "a plausible misreading of the statement or of the model",
    "fitted to the public cases": (
        "fitted to what the notebook's check asks; the grader's hidden cases refuse it"
    ),
}


@dataclass(frozen=True)
class Shape:
    exercise: str
    kind: str
    name: str
    answer: Any
    doc: str

    def __str__(self) -> str:
        return f"{self.exercise} [{self.kind}] {self.name}"


_SHAPES: dict[str, list[Shape]] = {}


def shape(exercise_id: str, kind: str, name: str | None = None):
    """Declare a student-shaped wrong answer of ``exercise_id`` (a decorator; also takes a value)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; one of {sorted(KINDS)}")

    def declare(answer: Any) -> Any:
        label = name or getattr(answer, "__name__", None) or repr(answer)[:60]
        doc = (getattr(answer, "__doc__", None) or "").strip() if callable(answer) else ""
        _SHAPES.setdefault(exercise_id, []).append(Shape(exercise_id, kind, label, answer, doc))
        return answer

    return declare


def _load() -> None:
    """Import every module of this package (one per unit, or per lesson of a large unit)."""
    import pkgutil

    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


def shapes_of(exercise_id: str) -> list[Shape]:
    _load()
    return list(_SHAPES.get(exercise_id, ()))


def all_shapes() -> dict[str, list[Shape]]:
    _load()
    return {key: list(value) for key, value in _SHAPES.items()}
