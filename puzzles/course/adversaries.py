"""Answers that must never pass a check, for the units' exercise tests.

Every unit's ``tests/<unit>/test_exercises.py`` feeds each of its checks the worked solution
(accepted) and the answers here or built from them (rejected): a loop, a function returning
None, a near miss, a lookup table of the values a lesson shows, and, for the exercises done
"without the package", the package's own solver.
"""

from __future__ import annotations

import ast
import dataclasses
import time
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat

from puzzles.course import checker
from puzzles.course.checker import Verdict, verify

__all__ = [
    "looping",
    "returns_none",
    "lookup_table",
    "rejected",
    "accepted",
    "time_limit",
    "exercise_cells",
    "worked_answer",
]


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


def _tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _checked(cell: dict) -> tuple[str, str] | None:
    """``(exercise id, answer name)`` of a check cell ``check("egg-3", N)``."""
    for node in ast.walk(ast.parse(cell.source)):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "check"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[1], ast.Name)
        ):
            return node.args[0].value, node.args[1].id
    return None


def exercise_cells(notebook: Path | str) -> dict[str, dict[str, Any]]:
    """Each exercise of a notebook: its statement, solution and check cell indices and answer name.

    ``{"egg-3": {"exercise": 28, "solutions": [29, 30], "check": 31, "answer": "N"}}``: the
    solution cells are those tagged ``solution`` between the statement and the check.
    """
    cells = nbformat.read(str(notebook), as_version=4).cells
    found: dict[str, dict[str, Any]] = {}
    statement = None
    for index, cell in enumerate(cells):
        tags = _tags(cell)
        if "exercise" in tags:
            statement = index
        if "check" in tags and cell.cell_type == "code" and (checked := _checked(cell)):
            exercise_id, name = checked
            start = statement if statement is not None else 0
            solutions = [i for i in range(start, index) if "solution" in _tags(cells[i])]
            found[exercise_id] = {
                "exercise": statement,
                "solutions": solutions,
                "check": index,
                "answer": name,
            }
            statement = None
    return found


def worked_answer(notebook: Path | str, exercise_id: str) -> Any:
    """The answer the notebook's worked solution defines for ``exercise_id``.

    Runs the notebook's first code cell (its imports) and the exercise's code solution cells
    in a fresh namespace, then returns the name the check cell passes to ``check``. A worked
    solution therefore needs nothing from the lesson but those imports.
    """
    cells = nbformat.read(str(notebook), as_version=4).cells
    place = exercise_cells(notebook)[exercise_id]
    namespace: dict[str, Any] = {"__name__": "__main__"}
    first_code = next(cell for cell in cells if cell.cell_type == "code")
    exec(compile(first_code.source, f"{notebook}:imports", "exec"), namespace)
    for index in place["solutions"]:
        if cells[index].cell_type == "code":
            exec(compile(cells[index].source, f"{notebook}:cell {index}", "exec"), namespace)
    return namespace[place["answer"]]
