"""Every exercise of every unit, from the notebooks: placed, summarised, honest and hidden.

For each check cell ``check("<id>", name)`` of every lesson:
- the exercise is registered by its unit, with what it asks and what its check verifies, and
  the table in ``notebooks/README.md`` lists it;
- the notebook's worked solution (run with only the lesson's imports) is accepted;
- a looping answer gets "Not yet" within the time limit, and an answer that forgot its
  ``return`` (or a value of the wrong kind) gets "Not yet", never "Correct";
- in the student edition, no solution text survives and none of the exercise's giveaways
  appears above its check (markdown, hints, stored outputs).
"""

from __future__ import annotations

import importlib
import re
import time
from pathlib import Path

import nbformat
import pytest

from puzzles.course.adversaries import (
    accepted,
    exercise_cells,
    looping,
    rejected,
    returns_none,
    time_limit,
    worked_answer,
)
from puzzles.course.catalogue import END, START, lessons, table
from puzzles.course.checker import registered, registration, verify
from puzzles.course.student import PROOF_STUB, student_notebook

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
UNITS = sorted(p.parent.name for p in (ROOT / "puzzles").glob("*/exercises.py"))
PLACES = {
    exercise_id: (notebook, place)
    for notebook in lessons(NOTEBOOKS)
    for exercise_id, place in exercise_cells(notebook).items()
}
IDS = sorted(PLACES)


def _unit_ids() -> set[str]:
    for unit in UNITS:
        importlib.import_module(f"puzzles.{unit}.exercises")
    prefixes = tuple(unit.replace("_", "-") + "-" for unit in UNITS)
    return {exercise_id for exercise_id in registered() if exercise_id.startswith(prefixes)}


def test_every_registered_exercise_is_in_exactly_one_lesson():
    seen: dict[str, Path] = {}
    for notebook in lessons(NOTEBOOKS):
        for exercise_id in exercise_cells(notebook):
            assert exercise_id not in seen, f"{exercise_id} is checked in {seen[exercise_id]} and {notebook}"
            seen[exercise_id] = notebook
    assert set(seen) == _unit_ids()


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_exercise_says_what_it_asks_and_what_its_check_verifies(exercise_id):
    summary = registration(exercise_id).summary
    assert summary.get("asks", "").strip(), f"{exercise_id}: exercise(..., asks='...') is missing"
    assert summary.get("verifies", "").strip(), f"{exercise_id}: exercise(..., verifies='...') is missing"


def test_the_table_of_exercises_is_up_to_date():
    text = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    shown = text.split(START, 1)[1].split(END, 1)[0].strip()
    assert shown == table(NOTEBOOKS), "run: python -m puzzles.course.catalogue --write"


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_worked_solution_is_accepted(exercise_id):
    notebook, _ = PLACES[exercise_id]
    accepted(exercise_id, worked_answer(notebook, exercise_id))


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_loop_or_a_forgotten_return_is_never_correct(exercise_id):
    notebook, _ = PLACES[exercise_id]
    worked = worked_answer(notebook, exercise_id)
    if callable(worked) and not isinstance(worked, type):
        with time_limit(exercise_id, 1.5):
            started = time.perf_counter()
            verdict = rejected(exercise_id, looping)
            assert time.perf_counter() - started < 15, verdict
        rejected(exercise_id, returns_none)
    else:
        assert verify(exercise_id, "a sentence instead of a value").status == "incorrect"
        assert verify(exercise_id, 0.5).status == "incorrect"


def _tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


@pytest.mark.parametrize("exercise_id", IDS)
def test_solutions_are_collapsed_and_their_first_line_gives_nothing_away(exercise_id):
    notebook_path, place = PLACES[exercise_id]
    cells = nbformat.read(notebook_path, as_version=4).cells
    assert place["solutions"], f"{exercise_id} has no solution cell"
    for index in place["solutions"]:
        cell = cells[index]
        assert cell.metadata.get("jupyter", {}).get("source_hidden"), f"{exercise_id}: cell {index} is open"
        if cell.cell_type == "code":
            first = cell.source.strip().splitlines()[0]
            assert first.startswith("#") and "=" not in first, f"{exercise_id}: first line {first!r}"


def _shown_text(cell) -> str:
    if cell.cell_type != "code":
        return cell.source
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append(output["text"])
        for value in output.get("data", {}).values():
            parts.append(value if isinstance(value, str) else "")
    return "\n".join(parts)


def _whole_word(text: str) -> re.Pattern[str]:
    """``text`` where it stands on its own: "m_1 = 5" does not match inside "m_1 = 59"."""
    before = r"(?<!\w)" if text[:1].isalnum() or text[:1] == "_" else ""
    after = r"(?!\w)" if text[-1:].isalnum() or text[-1:] == "_" else ""
    return re.compile(before + re.escape(text) + after)


@pytest.fixture(scope="module")
def student_edition():
    return {path: student_notebook(nbformat.read(path, as_version=4)) for path in lessons(NOTEBOOKS)}


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_student_edition_gives_no_answer_away(student_edition, exercise_id):
    notebook_path, place = PLACES[exercise_id]
    cells = student_edition[notebook_path].cells
    for index in place["solutions"]:
        cell = cells[index]
        if cell.cell_type == "markdown":
            assert cell.source == PROOF_STUB
        else:
            assert all("# your" in line for line in cell.source.splitlines() if "=" in line or "def " in line)
            assert not cell.outputs
    for giveaway in registration(exercise_id).giveaways:
        pattern = _whole_word(giveaway)
        for index in range(place["check"]):
            text = _shown_text(cells[index])
            assert not pattern.search(text), (
                f"{exercise_id}: {giveaway!r} appears in cell {index} of {notebook_path.name}, "
                "above the exercise's check, in the student edition"
            )
    for cell in cells:
        if "reveals" in _tags(cell) and cell.cell_type == "code":
            assert not cell.outputs
