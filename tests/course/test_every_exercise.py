"""Every exercise of the course, from the course model: placed, summarised, honest and hidden.

For each exercise of every lesson of ``notebooks/_toc.yml``:
- it is registered by its unit, with what it asks and what its check verifies, and the table
  in ``notebooks/README.md`` lists it;
- the notebook's worked solution (run with only the lesson's first code cell) is a function
  where a function is asked (each unit's tests have it accepted, with what its verdict says,
  and nbval sees every check cell of every lesson print Correct);
- a looping answer gets "Not yet" within the time limit, and an answer that forgot its
  ``return`` (or a value of the wrong kind) gets "Not yet", never "Correct";
- its worked solution is collapsed and its first line gives nothing away; a written argument
  is a Markdown solution cell;
- in the student edition the stub is visible with the line to fill in first, no worked text
  survives, no reveal cell keeps its text or outputs, and none of the exercise's giveaways
  appears above its check;
- no unit's checks (``puzzles/<unit>/exercises.py``, shipped to students) hold a give-away or a
  line of a worked solution, and with a grading seed every check of a function adds hidden cases.
"""

from __future__ import annotations

import importlib
import re
import time
from pathlib import Path

import pytest

from puzzles.course.checker import registered, registration, verify
from puzzles.instructor import course as model
from puzzles.instructor.student import ARGUMENT_STUB, student_notebook
from support.adversaries import looping, rejected, returns_none, time_limit, worked_answer
from support.answers import Document, answer_markers
from support.giveaways import giveaways

COURSE = model.load()
EXERCISES = {exercise.id: exercise for exercise in COURSE.exercises}
IDS = list(EXERCISES)


def _unit_ids() -> set[str]:
    for unit in COURSE.units:
        importlib.import_module(f"{unit.package}.exercises")
    prefixes = tuple(unit.folder + "-" for unit in COURSE.units)
    return {exercise_id for exercise_id in registered() if exercise_id.startswith(prefixes)}


def test_every_registered_exercise_is_in_exactly_one_lesson():
    ids = [exercise.id for exercise in COURSE.exercises]
    assert len(ids) == len(set(ids)), "an exercise is checked in two lessons"
    assert set(ids) == _unit_ids()


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_exercise_says_what_it_asks_and_what_its_check_verifies(exercise_id):
    summary = registration(exercise_id).summary
    assert summary.get("asks", "").strip(), f"{exercise_id}: exercise(..., asks='...') is missing"
    assert summary.get("verifies", "").strip(), f"{exercise_id}: exercise(..., verifies='...') is missing"


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_loop_or_a_forgotten_return_is_never_correct(exercise_id):
    exercise = EXERCISES[exercise_id]
    worked = worked_answer(exercise.lesson.path, exercise_id)
    if exercise.kind == "function":
        assert callable(worked)
        registration(exercise_id).plan()  # built once, before the clock: some plans load recorded data
        with time_limit(exercise_id, 0.5):
            started = time.perf_counter()
            verdict = rejected(exercise_id, looping, why="took longer than 0.5 s")
            assert time.perf_counter() - started < 15, verdict
        rejected(exercise_id, returns_none, why="None")
    else:
        assert verify(exercise_id, "a sentence instead of a value").status == "incorrect"
        assert verify(exercise_id, 0.5).status == "incorrect"


@pytest.mark.parametrize("exercise_id", IDS)
def test_solutions_are_collapsed_and_their_first_line_gives_nothing_away(exercise_id):
    exercise = EXERCISES[exercise_id]
    cells = exercise.lesson.notebook.cells
    assert exercise.cells.solutions, f"{exercise_id} has no worked solution in code"
    assert exercise.answer in exercise.defines, f"{exercise_id}: the worked solution never defines it"
    for index in (*exercise.cells.solutions, *exercise.cells.arguments):
        cell = cells[index]
        assert cell.metadata.get("jupyter", {}).get("source_hidden"), f"{exercise_id}: cell {index} is open"
        first = cell.source.strip().splitlines()[0]
        if cell.cell_type == "code":
            assert first.startswith("#") and "=" not in first, f"{exercise_id}: first line {first!r}"
        else:
            assert first.lower().startswith("**worked solution"), f"{exercise_id}: first line {first!r}"


def _shown_text(cell) -> str:
    parts = [cell.source] if cell.cell_type == "markdown" else []
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
    return {lesson.file: student_notebook(lesson.notebook) for lesson in COURSE.lessons}


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_student_edition_gives_no_answer_away(student_edition, exercise_id):
    exercise = EXERCISES[exercise_id]
    edition = student_edition[exercise.lesson.file].cells
    teacher = exercise.lesson.notebook.cells
    by_id = {cell.id: cell for cell in edition}
    for index in exercise.cells.arguments:
        assert by_id[teacher[index].id].source == ARGUMENT_STUB
    for index in exercise.cells.solutions:
        cell = by_id[teacher[index].id]
        lines = cell.source.splitlines()
        assert lines and (
            lines[0].startswith(("def ", "async def ")) or " = ...  # your answer" in lines[0]
        ), f"{exercise_id}: the student's stub starts with {lines[:1]}"
        assert all("# your" in line for line in lines if not line.startswith(("import ", "from "))), lines
        assert not cell.outputs
        assert not cell.metadata.get("jupyter", {}).get("source_hidden"), f"{exercise_id}: stub collapsed"
    for index in exercise.cells.reveals:
        if index - 1 in exercise.cells.reveals:  # a run of reveals keeps one placeholder, the first
            assert teacher[index].id not in by_id, f"{exercise_id}: reveal cell {index} kept after another"
            continue
        cell = by_id[teacher[index].id]
        assert not cell.get("outputs"), f"{exercise_id}: reveal cell {index} keeps its outputs"
        assert cell.source != teacher[index].source and len(cell.source.splitlines()) == 1
    check = next(i for i, cell in enumerate(edition) if cell.id == teacher[exercise.cells.check].id)
    cells = edition
    for giveaway in giveaways(exercise_id):
        pattern = _whole_word(giveaway)
        for index in range(check):
            text = _shown_text(cells[index])
            assert not pattern.search(text), (
                f"{exercise_id}: {giveaway!r} appears in cell {index} of {exercise.lesson.file}, "
                "above the exercise's check, in the student edition"
            )


CHECK_MODULES = sorted((Path(__file__).resolve().parents[2] / "puzzles").glob("*/exercises.py"))


@pytest.fixture(scope="module")
def markers():
    return answer_markers(COURSE)


@pytest.mark.parametrize("path", CHECK_MODULES, ids=lambda path: path.parent.name)
def test_no_check_module_holds_an_answer(markers, path):
    """The checks ship with the student edition: none of them spells out a give-away or a line of a
    worked solution (their references come from the package's documented functions)."""
    document = Document.of(str(path), path.read_text(encoding="utf-8"))
    found = [
        f"{marker.exercise}: {marker.text!r} ({marker.kind})"
        for marker in markers.all()
        if marker.kind in ("giveaway", "code") and marker.found_in(document)
    ]
    assert not found, f"{path.name} of {path.parent.name} holds: " + "; ".join(found)


def test_the_scan_of_the_checks_can_fail(markers):
    giveaway = next(marker for marker in markers.all() if marker.kind == "giveaway" and marker.text == "17/5")
    assert giveaway.found_in(Document.of("exercises.py", 'passed="E(2) = 17/5 rounds"'))


@pytest.mark.parametrize("exercise_id", IDS)
def test_graded_every_check_of_a_function_adds_hidden_cases_and_keeps_its_public_ones(exercise_id):
    entry = registration(exercise_id)
    public = [case for _, case in entry.plan().cases()]
    if EXERCISES[exercise_id].kind != "function":
        assert entry.plan(1) is entry.plan()  # one value: nothing to draw
        return
    for seed in (1, 2):
        graded = entry.plan(seed)
        cases = [case for _, case in graded.cases()]
        assert cases[: len(public)] == public and len(cases) > len(public), exercise_id
        assert all(stage.hidden for stage in graded.stages[len(entry.plan().stages) :])
    drawn = {repr([case for _, case in entry.plan(seed).cases()]) for seed in range(1, 6)}
    assert len(drawn) > 1, f"{exercise_id}: every seed draws the same cases"


def _help_texts(cells) -> dict[str, str]:
    """What ``help()`` shows of every name the cells import from the pack: a function's or class's
    documentation (a class's with its methods'), a module's docstring."""
    import ast
    import inspect

    texts: dict[str, str] = {}
    for cell in cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzles"):
                module = importlib.import_module(node.module)
                texts[node.module] = inspect.getdoc(module) or ""  # help() of the module imported from
                for alias in node.names:
                    thing = getattr(module, alias.name, None)
                    if thing is None:
                        continue
                    parts = [inspect.getdoc(thing) or ""]
                    if inspect.isclass(thing):
                        parts += [inspect.getdoc(member) or "" for _, member in inspect.getmembers(thing)]
                    texts[f"{node.module}.{alias.name}"] = "\n".join(parts)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("puzzles"):
                        texts[alias.name] = inspect.getdoc(importlib.import_module(alias.name)) or ""
    return texts


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_help_text_of_what_the_lesson_imports_gives_the_answer_away(exercise_id):
    """``help(name)`` on anything the lesson imports above the exercise's check shows no giveaway
    of the exercise (a docstring's example is read before the exercise is solved)."""
    exercise = EXERCISES[exercise_id]
    texts = _help_texts(exercise.lesson.notebook.cells[: exercise.cells.check])
    found = [
        f"{giveaway!r} in help({name})"
        for giveaway in giveaways(exercise_id)
        for name, text in texts.items()
        if _whole_word(giveaway).search(text)
    ]
    assert not found, f"{exercise_id} ({exercise.lesson.file}): " + "; ".join(found)


@pytest.mark.parametrize("exercise_id", IDS)
def test_no_code_cell_above_the_check_spells_out_the_answer(exercise_id):
    """The lesson's own code above the exercise's check (shown in the student edition as it is)
    holds no giveaway of the exercise."""
    exercise = EXERCISES[exercise_id]
    cells = exercise.lesson.notebook.cells
    skip = {*exercise.cells.solutions}
    found = [
        f"{giveaway!r} in cell {index}"
        for giveaway in giveaways(exercise_id)
        for index, cell in enumerate(cells[: exercise.cells.check])
        if cell.cell_type == "code" and index not in skip and _whole_word(giveaway).search(cell.source)
    ]
    assert not found, f"{exercise_id} ({exercise.lesson.file}): " + "; ".join(found)


# -- whatever an answer returns or does is the answer's, on every exercise -----------------------------


class _EqualityRaises:
    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


class _ReprRaises:
    def __repr__(self):
        raise RuntimeError("no showing me")


class _HashRaises:
    def __hash__(self):
        raise RuntimeError("no hashing me")


class _TruthRaises:
    def __bool__(self):
        raise RuntimeError("no truth")

    def __eq__(self, other):
        return self

    __hash__ = object.__hash__


class _HugeLength:
    def __len__(self):
        return 10**30

    def __iter__(self):
        return iter(())


def _recursive_list():
    items = []
    items.append(items)
    return items


def _stops_itself(*arguments):
    import os
    import signal

    os.kill(os.getpid(), signal.SIGTERM)


def _interrupts(*arguments):
    raise KeyboardInterrupt


HOSTILE = {
    "a 5000-digit integer": lambda *arguments: 10**5000,
    "a value whose == raises": lambda *arguments: _EqualityRaises(),
    "a value whose repr raises": lambda *arguments: _ReprRaises(),
    "a value whose hash raises": lambda *arguments: _HashRaises(),
    "a value whose truth raises and == returns itself": lambda *arguments: _TruthRaises(),
    "a length of 10**30": lambda *arguments: _HugeLength(),
    "a list holding itself": lambda *arguments: _recursive_list(),
    "nan": lambda *arguments: float("nan"),
    "a generator": lambda *arguments: (item for item in range(3)),
    "range(1, 10**40)": lambda *arguments: range(1, 10**40),
    "SIGTERM to its own process": _stops_itself,
    "KeyboardInterrupt": _interrupts,
}
FUNCTIONS = [exercise_id for exercise_id in IDS if EXERCISES[exercise_id].kind == "function"]


@pytest.mark.parametrize(
    "exercise_id, hostile",
    [(exercise_id, list(HOSTILE)[n % len(HOSTILE)]) for n, exercise_id in enumerate(FUNCTIONS)],
)
def test_whatever_an_answer_returns_or_does_is_the_answers_fault(exercise_id, hostile):
    # one hostile answer per exercise, in turn (every one of them against every exercise: 840 checks,
    # all "incorrect", none the pack's fault, when this was written)
    verdict = verify(exercise_id, HOSTILE[hostile])
    assert verdict.status == "incorrect", f"{exercise_id}, {hostile}: {verdict}"
    assert "pack's fault" not in verdict.message, f"{exercise_id}, {hostile}: {verdict}"
