"""The exercise checker: ``check("egg-3", answer)`` prints a verdict.

Each unit registers its exercises in ``puzzles/<unit>/exercises.py`` with the ``exercise``
decorator. An exercise id is ``"<unit>-<number>"``; the checker imports the unit's
``exercises`` module on first use (``"higher-lower-2"`` -> ``puzzles.higher_lower.exercises``),
so this module never imports a unit itself.

A verifier receives the student's answer and returns a ``Verdict``: what was verified and on
which range, or the smallest counterexample. A stub answer (``...``, ``None``, or a function
whose body is only ``...``) gets ``not attempted yet`` without calling the verifier.
"""

from __future__ import annotations

import importlib
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "Verdict",
    "exercise",
    "check",
    "verify",
    "is_stub",
    "first_disagreement",
    "registered",
    "counterexample_place",
]


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``status`` is "correct", "incorrect" or "not attempted"."""

    exercise_id: str
    status: str
    message: str

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        mark = {"correct": "Correct", "incorrect": "Not yet", "not attempted": "Not attempted yet"}
        return f"{mark[self.status]} ({self.exercise_id}): {self.message}"


_REGISTRY: dict[str, Callable[[Any], tuple[bool, str]]] = {}


def exercise(exercise_id: str) -> Callable:
    """Register ``verifier(answer) -> (passed, message)`` under ``exercise_id``."""

    def register(verifier: Callable[[Any], tuple[bool, str]]) -> Callable:
        if exercise_id in _REGISTRY and _REGISTRY[exercise_id] is not verifier:
            raise ValueError(f"exercise {exercise_id!r} is registered twice")
        _REGISTRY[exercise_id] = verifier
        return verifier

    return register


def registered() -> list[str]:
    """Every exercise id registered so far (units register theirs on import)."""
    return sorted(_REGISTRY)


def _unit_module(exercise_id: str) -> str:
    unit, _, number = exercise_id.rpartition("-")
    if not unit or not number:
        raise ValueError(f"an exercise id looks like 'egg-3', got {exercise_id!r}")
    return f"puzzles.{unit.replace('-', '_')}.exercises"


def _verifier(exercise_id: str) -> Callable[[Any], tuple[bool, str]]:
    if exercise_id not in _REGISTRY:
        try:
            importlib.import_module(_unit_module(exercise_id))
        except ModuleNotFoundError:
            pass
    if exercise_id not in _REGISTRY:
        raise ValueError(f"there is no exercise {exercise_id!r}; known ones: {', '.join(registered())}")
    return _REGISTRY[exercise_id]


def _stub_codes() -> set[bytes]:
    def stub(*args, **kwargs): ...

    def documented_stub(*args, **kwargs):
        """A docstring."""
        ...

    return {stub.__code__.co_code, documented_stub.__code__.co_code}


def is_stub(answer: Any) -> bool:
    """True for ``...``, ``None`` and a function whose body is only ``...`` or ``pass``."""
    if answer is None or answer is Ellipsis:
        return True
    if isinstance(answer, types.FunctionType):
        code = answer.__code__
        constants = set(code.co_consts) - {answer.__doc__}
        return code.co_code in _stub_codes() and constants <= {None, Ellipsis}
    return False


def verify(exercise_id: str, answer: Any) -> Verdict:
    """Run the exercise's verifier on ``answer`` and return the verdict (without printing)."""
    verifier = _verifier(exercise_id)
    if is_stub(answer):
        return Verdict(
            exercise_id, "not attempted", "replace the ... with your answer, then run this cell again."
        )
    try:
        passed, message = verifier(answer)
    except Exception as error:  # the student's code failed inside the verifier
        return Verdict(exercise_id, "incorrect", f"your answer raised {type(error).__name__}: {error}")
    return Verdict(exercise_id, "correct" if passed else "incorrect", message)


def check(exercise_id: str, answer: Any) -> None:
    """Print the verdict on ``answer`` for exercise ``exercise_id``."""
    print(verify(exercise_id, answer))


def first_disagreement(
    answer: Callable[..., Any],
    reference: Callable[..., Any],
    cases: Iterable[tuple],
    same: Callable[[Any, Any], bool] = lambda a, b: a == b,
) -> tuple[tuple, Any, Any] | None:
    """The first case (in the order given, smallest first) where ``answer`` differs from ``reference``.

    Returns ``(case, answer's value, reference value)`` or None when they agree everywhere.
    An exception raised by ``answer`` is reported as its value, so the student sees where.
    """
    for case in cases:
        expected = reference(*case)
        try:
            given = answer(*case)
        except Exception as error:
            return case, f"{type(error).__name__}: {error}", expected
        if not same(given, expected):
            return case, given, expected
    return None


def counterexample_place(case: tuple, names: str) -> str:
    """A counterexample's place in words: ``k = 4`` for one argument, ``(n, k) = (2, 5)`` for several."""
    if len(case) == 1:
        return f"{names} = {case[0]}"
    return f"({names}) = ({', '.join(map(str, case))})"
