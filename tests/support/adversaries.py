"""Answers that must never pass a check, for the units' exercise tests.

Every unit's ``tests/<unit>/test_exercises.py`` feeds each of its checks the worked solution
(accepted) and the answers here or built from them (rejected): a loop, a function returning
None, a near miss, a lookup table of the values a lesson shows, and, for the exercises done
"without the package", the package's own solver.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from puzzles.course import checker
from puzzles.course.checker import Verdict, verify
from puzzles.instructor import course as model

__all__ = [
    "always_equal",
    "AlwaysEqualInt",
    "AlwaysEqualFraction",
    "AlwaysEqualTuple",
    "AlwaysEqualList",
    "AlwaysEqualSet",
    "AlwaysEqualFrozenset",
    "AlwaysEqualStr",
    "PACKAGE_ROUTES",
    "by_route",
    "looping",
    "returns_none",
    "lookup_table",
    "rejected",
    "accepted",
    "time_limit",
    "worked_answer",
]


def always_equal(base: type) -> type:
    """A subclass of ``base`` whose ``==`` says True to anything (``AlwaysEqualInt(3) == 4``): an
    answer that would pass a check that trusted the answer's own comparison."""

    def __eq__(self, other):
        return True

    name = "AlwaysEqual" + base.__name__[:1].upper() + base.__name__[1:]
    return type(name, (base,), {"__eq__": __eq__, "__hash__": base.__hash__})


AlwaysEqualInt = always_equal(int)
AlwaysEqualFraction = always_equal(Fraction)
AlwaysEqualTuple = always_equal(tuple)
AlwaysEqualList = always_equal(list)
AlwaysEqualSet = always_equal(set)
AlwaysEqualFrozenset = always_equal(frozenset)
AlwaysEqualStr = always_equal(str)


PACKAGE_ROUTES = {  # how an answer reaches the package's function F
    "a name imported before": "imported",
    "importlib": "getattr(importlib.import_module('{model}'), '{name}')",
    "__import__": "getattr(__import__('{model}', fromlist=['_']), '{name}')",
    "sys.modules": "getattr(sys.modules['{model}'], '{name}')",
    "exec of a string": "executed('from {model} import {name} as F')",
}
_BY_ROUTE = """
import importlib
import sys
{imported}


def executed(statement):
    scope = {{}}
    exec(statement, scope)
    return scope["F"]


def answer({args}):
    F = {route}
    return {use}
"""


def by_route(model: str, route: str, args: str, name: str, use: str, label: str = "") -> Callable[..., Any]:
    """An answer ``answer(args)`` that returns ``use``, where F is ``model.name`` reached by
    ``route`` (a key of ``PACKAGE_ROUTES``): the package's own solver, smuggled in."""
    reach = PACKAGE_ROUTES[route].format(model=model, name=name)
    imported = f"from {model} import {name} as imported" if reach == "imported" else ""
    scope: dict = {}
    source = _BY_ROUTE.format(imported=imported, args=args, use=use, route=reach)
    exec(compile(source, f"<{label or name} by {route}>", "exec"), scope)
    return scope["answer"]


def looping(*args: Any, **kwargs: Any) -> Any:
    """An answer that never returns."""
    while True:
        pass


def returns_none(*args: Any, **kwargs: Any) -> Any:
    """An answer that forgot its ``return``."""
    return None


def lookup_table(shown: Mapping[Any, Any], fallback: Any = 0) -> Callable[..., Any]:
    """An answer that knows only the values a lesson shows (``shown[args]``) and guesses elsewhere."""

    def frozen(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(frozen(item) for item in value)
        if isinstance(value, (set, frozenset)):
            return frozenset(value)
        return value

    table = {frozen(key): value for key, value in shown.items()}

    def answer(*args: Any) -> Any:
        key = frozen(args[0]) if len(args) == 1 else frozen(args)
        try:
            return table.get(key, fallback)
        except TypeError:  # an unhashable argument the lesson never shows
            return fallback

    return answer


def rejected(exercise_id: str, answer: Any, why: str | None = None) -> Verdict:
    """The verdict on ``answer``, asserted to be "Not yet" (and to say ``why``, when given)."""
    verdict = verify(exercise_id, answer)
    assert verdict.status == "incorrect", f"{exercise_id} should reject this answer; it said: {verdict}"
    if why is not None:
        assert why in verdict.message, f"{exercise_id}: expected {why!r} in: {verdict}"
    return verdict


def accepted(exercise_id: str, answer: Any) -> Verdict:
    """The verdict on ``answer``, asserted to be "Correct"."""
    verdict = verify(exercise_id, answer)
    assert verdict.passed, f"{exercise_id} should accept this answer; it said: {verdict}"
    return verdict


@contextmanager
def time_limit(exercise_id: str, seconds: float):
    """Run checks of ``exercise_id`` with a shorter time limit (to test a loop quickly)."""
    entry = checker.registration(exercise_id)
    checker._REGISTRY[exercise_id] = dataclasses.replace(entry, time_limit=seconds)
    started = time.perf_counter()
    try:
        yield
    finally:
        checker._REGISTRY[exercise_id] = entry
        assert time.perf_counter() - started < seconds + 30, "the check overran its time limit"


def worked_answer(notebook: Path | str, exercise_id: str) -> Any:
    """The answer the notebook's worked solution defines for ``exercise_id``.

    Runs the notebook's first code cell (its imports) and the exercise's code solution cells
    in a fresh namespace, then returns the name the check cell passes to ``check``. A worked
    solution therefore needs nothing from the lesson but those imports.
    """
    cells = model.read_notebook(Path(notebook)).cells
    place = model.locate(model.read_notebook(Path(notebook)))[exercise_id]
    namespace: dict[str, Any] = {"__name__": "__main__"}
    first_code = next(cell for cell in cells if cell.cell_type == "code")
    exec(compile(first_code.source, f"{notebook}:imports", "exec"), namespace)
    for index in place.solutions:
        exec(compile(cells[index].source, f"{notebook}:cell {index}", "exec"), namespace)
    return namespace[place.answer]
