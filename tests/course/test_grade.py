"""The grader (``python -m puzzles.course.grade``): teacher notebooks are all correct, the
student edition is all "not attempted", and wrong or tampered answers cannot fake a verdict.

``make test`` grades the first lesson of each unit, its teacher notebook and its student
edition, one lesson per test so that ``pytest -n 2`` spreads them: running a notebook is the
whole cost, nbval already runs every teacher notebook (its check cells must print the stored
"Correct") and ``test_student_edition_runs.py`` every student notebook. ``make grade-check``
(``PUZZLES_GRADE_EVERY_LESSON=1``) grades every lesson both ways, as before a release. The
tampering tests use a small lesson made of a real lesson's imports, worked solutions and
checks, so that they run in seconds.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor.grade import (
    Row,
    Submission,
    anchors,
    exercise_cells,
    feedback_names,
    grade,
    grade_submission,
    lesson_exercises,
    match_lesson,
    summary_table,
    write_csv,
    write_feedback,
)
from puzzles.instructor.student import student_notebook
from support.adversaries import worked_answer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(
    p
    for p in NOTEBOOKS.rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts and p.name != "00-course-map.ipynb" and exercise_cells(p)
)


EVERY_LESSON = os.environ.get("PUZZLES_GRADE_EVERY_LESSON") == "1"
GRADED = (
    LESSONS if EVERY_LESSON else sorted({min(p for p in LESSONS if p.parent == q.parent) for q in LESSONS})
)


@pytest.mark.parametrize("lesson", GRADED, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_a_teacher_notebook_is_all_correct_and_its_student_edition_all_not_attempted(lesson, tmp_path):
    student = tmp_path / "student" / lesson.name
    student.parent.mkdir()
    nbformat.write(student_notebook(nbformat.read(lesson, as_version=4)), student)
    sheets = grade([lesson, student], NOTEBOOKS, progress=False)
    wanted = [exercise_id for exercise_id, _ in lesson_exercises(lesson)]
    teacher_sheet = sheets[0]
    assert teacher_sheet.lesson == lesson.relative_to(NOTEBOOKS).as_posix()
    assert [row.exercise for row in teacher_sheet.rows] == wanted
    wrong = [
        (row.exercise, row.verdict, row.detail) for row in teacher_sheet.rows if row.verdict != "correct"
    ]
    assert not wrong, f"the teacher notebook is not all correct: {wrong}"
    assert teacher_sheet.failure == ""
    student_sheet = sheets[1]
    assert student_sheet.lesson == teacher_sheet.lesson
    assert [row.exercise for row in student_sheet.rows] == wanted
    assert {row.verdict for row in student_sheet.rows} == {"not attempted"}, student_sheet.rows
    expected = ["correct"] * len(wanted) + ["not attempted"] * len(wanted)
    # the grade sheet says the same
    out = tmp_path / "grades.csv"
    write_csv(sheets, out)
    with out.open() as stream:
        rows = list(csv.DictReader(stream))
    assert list(rows[0]) == ["file", "exercise", "verdict", "detail"]
    assert [r["verdict"] for r in rows] == expected


# -- a small lesson, and notebooks that try to cheat or fail -------------------------------------------


def _cell(kind: str, source: str, tags: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source) if kind == "code" else nbformat.v4.new_markdown_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


@pytest.fixture(scope="module")
def small_lesson(tmp_path_factory):
    """A lesson with the first two exercises of a real one: statement, worked solution, check."""
    source = next(lesson for lesson in LESSONS if len(exercise_cells(lesson)) >= 2)
    cells = nbformat.read(source, as_version=4).cells
    places = list(exercise_cells(source).items())[:2]
    first_code = next(cell for cell in cells if cell.cell_type == "code")
    lesson_cells = [_cell("markdown", "# A small lesson"), _cell("code", first_code.source)]
    exercises = []
    for exercise_id, place in places:
        heading = f"### Exercise {exercise_id}"
        lesson_cells.append(_cell("markdown", heading + "\n\nThe statement.", ("exercise",)))
        solution = "\n\n".join(cells[i].source for i in place["solutions"] if cells[i].cell_type == "code")
        lesson_cells.append(_cell("code", solution, ("solution",)))
        lesson_cells.append(_cell("code", f'check("{exercise_id}", {place["answer"]})', ("check",)))
        exercises.append(
            (exercise_id, place["answer"], callable(worked_answer(source, exercise_id)), solution)
        )
    folder = tmp_path_factory.mktemp("lessons")
    lesson = folder / "unit" / "01-small.ipynb"
    lesson.parent.mkdir()
    notebook = nbformat.v4.new_notebook(cells=lesson_cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, lesson)
    return folder, lesson, exercises


def _wrong(name: str, is_function: bool) -> str:
    if is_function:
        return f"def {name}(*args, **kwargs):\n    return -1"
    return f'{name} = "not the answer"'


def test_the_small_lesson_grades_correct(small_lesson):
    folder, lesson, exercises = small_lesson
    sheet = grade_submission(lesson, folder)
    assert [row.verdict for row in sheet.rows] == ["correct", "correct"], sheet.rows


def test_wrong_and_tampered_answers_cannot_fake_a_verdict(small_lesson, tmp_path):
    folder, lesson, exercises = small_lesson
    (first_id, first_name, first_function, _), (second_id, second_name, second_function, solution) = exercises
    notebook = nbformat.read(lesson, as_version=4)
    cells = notebook.cells
    # Exercise 1: a wrong answer, the check cell kept but its stored output faked.
    cells[3].source = _wrong(first_name, first_function)
    cells[4].outputs = [nbformat.v4.new_output("stream", text=f"Correct ({first_id}): well done.\n")]
    # Exercise 2: the right answer, later rebound to garbage (a lesson reusing the name).
    cells.append(_cell("code", f"{second_name} = None"))
    # Cheating: check and verify replaced, the registry's verifiers patched, a fake module.
    cells.append(
        _cell(
            "code",
            "import puzzles.course.checker as _checker\n"
            "def check(*args, **kwargs):\n    print('Correct')\n"
            "_checker.verify = lambda exercise_id, answer: (\n"
            "    _checker.Verdict(exercise_id, 'correct', 'faked'))\n"
            "for _entry in list(_checker._REGISTRY.values()):\n"
            "    _checker._REGISTRY[_entry.exercise_id] = _entry.__class__(\n"
            "        _entry.exercise_id, lambda answer: (True, 'faked'))\n"
            "import puzzles.course\npuzzles.course.verify = _checker.verify\n",
        )
    )
    submission = tmp_path / "01-small-alice.ipynb"
    nbformat.write(notebook, submission)
    sheet = grade_submission(submission, folder)
    assert sheet.lesson == "unit/01-small.ipynb"
    verdicts = {row.exercise: (row.verdict, row.detail) for row in sheet.rows}
    assert verdicts[first_id][0] == "incorrect", verdicts
    assert "faked" not in verdicts[first_id][1]
    assert verdicts[second_id][0] == "correct", verdicts  # taken at its check, before the rebinding

    # Without its check cell, and with a wrong answer, exercise 1 is still graded (and wrong).
    del cells[4]
    nbformat.write(notebook, submission)
    sheet = grade_submission(submission, folder)
    assert sheet.rows[0].verdict == "incorrect", sheet.rows


def test_a_failing_notebook_gets_a_row_per_exercise(small_lesson, tmp_path):
    folder, lesson, exercises = small_lesson
    (first_id, first_name, _, _), (second_id, second_name, _, _) = exercises
    notebook = nbformat.read(lesson, as_version=4)
    cells = notebook.cells
    # the network is out of reach: the first failing cell
    cells.insert(2, _cell("code", "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=5)"))
    # exercise 2's solution fails before it defines the answer
    cells[7].source = "raise RuntimeError('a bug in my solution')\n" + cells[7].source
    submission = tmp_path / "01-small.ipynb"
    nbformat.write(notebook, submission)
    sheet = grade_submission(submission, folder)
    assert "cell 3" in sheet.failure and "raised OSError" in sheet.failure, sheet.failure
    verdicts = {row.exercise: row for row in sheet.rows}
    assert verdicts[first_id].verdict == "correct"
    assert verdicts[second_id].verdict == "not reached"
    assert f"`{second_name}` is not defined" in verdicts[second_id].detail
    assert "cell 3" in verdicts[second_id].detail


def test_a_kernel_that_dies_leaves_every_exercise_not_reached(small_lesson, tmp_path):
    folder, lesson, exercises = small_lesson
    notebook = nbformat.read(lesson, as_version=4)
    notebook.cells.insert(2, _cell("code", "import os\nos._exit(3)"))
    submission = tmp_path / "01-small.ipynb"
    nbformat.write(notebook, submission)
    sheet = grade_submission(submission, folder)
    assert [row.verdict for row in sheet.rows] == ["not reached", "not reached"]
    assert "the kernel died in cell 3" in sheet.rows[0].detail


def test_a_cell_over_the_time_limit_is_stopped_and_the_rest_runs(small_lesson, tmp_path):
    folder, lesson, exercises = small_lesson
    notebook = nbformat.read(lesson, as_version=4)
    notebook.cells.insert(2, _cell("code", "while True:\n    pass"))
    submission = tmp_path / "01-small.ipynb"
    nbformat.write(notebook, submission)
    sheet = grade_submission(submission, folder, cell_timeout=3)
    assert "cell 3" in sheet.failure and "3 s per cell" in sheet.failure, sheet.failure
    assert [row.verdict for row in sheet.rows] == ["correct", "correct"], sheet.rows


# -- matching, anchors and reports (no kernel) ----------------------------------------------------------


def test_a_submission_is_matched_by_name_then_by_its_exercises(small_lesson, tmp_path):
    folder, lesson, _ = small_lesson
    assert match_lesson(tmp_path / "01-small.ipynb", folder) == lesson
    assert match_lesson(tmp_path / "bob-01-small-final.ipynb", folder) == lesson
    renamed = tmp_path / "homework.ipynb"
    renamed.write_text(lesson.read_text())
    assert match_lesson(renamed, folder) == lesson
    empty = tmp_path / "empty.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), empty)
    assert match_lesson(empty, folder) is None
    sheet = grade_submission(empty, folder)
    assert [row.verdict for row in sheet.rows] == ["not graded"]
    broken = tmp_path / "01-small-broken.ipynb"
    broken.write_text("{ not json")
    assert grade_submission(broken, folder).rows[0].verdict == "not graded"


def test_anchors_are_the_check_cells_or_the_next_statement(small_lesson, tmp_path):
    folder, lesson, exercises = small_lesson
    (first_id, *_), (second_id, *_) = exercises
    assert anchors(lesson, lesson) == {first_id: 4, second_id: 7}
    notebook = nbformat.read(lesson, as_version=4)
    del notebook.cells[4]  # the first check: the answer is taken before the next statement
    del notebook.cells[6]  # the second check (now at 6): the answer is taken at the end
    submission = tmp_path / "s.ipynb"
    nbformat.write(notebook, submission)
    assert anchors(submission, lesson) == {first_id: 4, second_id: None}


def test_the_reports(tmp_path):
    alice = Submission(
        "alice/01-small.ipynb",
        lesson="unit/01-small.ipynb",
        rows=[
            Row("alice/01-small.ipynb", "egg-1", "correct", "fine."),
            Row("alice/01-small.ipynb", "egg-2", "not reached", "`N` is not defined: cell 3 raised X"),
        ],
        failure='cell 3 ("1/0") raised ZeroDivisionError: division by zero',
    )
    bob = Submission(
        "bob/01-small.ipynb",
        lesson="unit/01-small.ipynb",
        rows=[Row("bob/01-small.ipynb", "egg-1", "correct", "")],
    )
    names = feedback_names([alice, bob])
    assert names == {alice.file: "alice--01-small.md", bob.file: "bob--01-small.md"}
    text = write_feedback(alice, tmp_path, names[alice.file]).read_text()
    assert (
        "Exercises correct: **1 of 2**" in text
        and "ZeroDivisionError" in text
        and "Fix the failing cell" in text
    )
    table = summary_table([alice, bob])
    assert "1/2" in table and "1/1" in table and "verdicts: 2 correct, 1 not reached" in table


def test_the_command_line_writes_the_sheet_and_the_feedback(small_lesson, tmp_path):
    folder, lesson, _ = small_lesson
    out = tmp_path / "sheet.csv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "puzzles.instructor.grade",
            str(lesson),
            "--lessons",
            str(folder),
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "verdicts: 2 correct" in done.stdout
    assert "grading" in done.stderr  # the progress bar
    assert out.exists() and (tmp_path / "sheet-feedback" / "01-small.md").exists()
