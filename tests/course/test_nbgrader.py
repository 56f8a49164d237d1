"""The nbgrader export: every lesson's cells mapped to nbgrader's cell types, and a round trip
through nbgrader itself (generate_assignment, autograde, export) in a temporary course.

The round trip releases every lesson (nothing of an answer may be in a released notebook) and
grades one quick lesson, egg I, handed in three times: the teacher's worked notebook (every
autograded point), the released notebook untouched (none), and the released notebook with one
answer written in and the other exercise's test cell edited to pass (the points of the first
only: nbgrader puts the locked test back), and three times with every answer wrong under a
solution cell that patches what the tests call (``require``, the checker's ``verify``, its
``Verdict``): nbgrader alone gives those every test's points; after ``dp-puzzles
nbgrader-grade`` the gradebook holds the pack's grader's points (0 for them), read back through
nbgrader's API, its export CSV and its feedback page. PUZZLES_NBGRADER_EVERY_LESSON=1 (``make
nbgrader-check``) grades the worked and the released notebook of every lesson as well.
"""

import argparse
import copy
import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.builds import BuildRefused
from puzzles.instructor.nbgrader import (
    BEGIN_SOLUTION,
    CONFIG,
    END_SOLUTION,
    BuildFailed,
    add_arguments,
    assignment_of,
    build,
    solution_source,
)
from puzzles.instructor.nbgrader_grade import autograder_tests, handin_notebook
from puzzles.instructor.student import ARGUMENT_STUB, stub_source, student_notebook

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
QUICK = "egg/01-worst-case"  # runs in seconds; three exercises, each with a check and a written argument
EVERY_LESSON = os.environ.get("PUZZLES_NBGRADER_EVERY_LESSON") == "1"


def _nbgrader():
    try:
        import nbgrader  # noqa: F401
    except ModuleNotFoundError:  # pragma: no cover - the venv of `make` installs the grading extra
        pytest.fail("nbgrader is not installed: pip install -e '.[grading]' (make venv does it)")
    return BIN / "nbgrader"


def _meta(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def _quiet(line):
    pass


@pytest.fixture(scope="module")
def course():
    return model.load()


@pytest.fixture(scope="module")
def exported(course, tmp_path_factory):
    out = tmp_path_factory.mktemp("nbgrader") / "course"
    folder, written = build(course.root, out, log=_quiet)
    return folder, written


# -- the export: which cell becomes what -----------------------------------------------------------


def test_every_lesson_is_a_notebook_of_its_own_assignment(course, exported):
    folder, written = exported
    assert (folder / CONFIG).is_file()
    for lesson in course.lessons:
        assignment = assignment_of(lesson)
        assert assignment == f"{lesson.unit.folder}-{lesson.stem}"
        assert written[assignment] == [folder / "source" / assignment / f"{lesson.stem}.ipynb"]
    assert len(written) == len(course.lessons)


def test_the_metadata_is_nbgrader_s_own_schema(course, exported):
    _nbgrader()
    from nbgrader.nbgraderformat import MetadataValidator

    folder, _ = exported
    validator = MetadataValidator()
    for lesson in course.lessons:
        notebook = nbformat.read(folder / "source" / assignment_of(lesson) / f"{lesson.stem}.ipynb", 4)
        validator.validate_nb(notebook)  # raises on a bad cell or a duplicate grade_id
        assert all("nbgrader" in cell.metadata for cell in notebook.cells), lesson.file


def test_each_cell_of_each_exercise_becomes_its_nbgrader_cell(course, exported):
    folder, _ = exported
    for lesson in course.lessons:
        notebook = nbformat.read(folder / "source" / assignment_of(lesson) / f"{lesson.stem}.ipynb", 4)
        teacher = lesson.notebook.cells
        assert len(notebook.cells) == len(teacher)
        claimed = set()
        points = 0
        for exercise in lesson.exercises:
            place = exercise.cells
            for i in place.solutions:  # autograded answer: the stub first, then the worked code, marked
                cell = notebook.cells[i]
                assert _meta(cell) == {
                    "grade": False,
                    "grade_id": f"{exercise.id}-answer",
                    "locked": False,
                    "schema_version": 3,
                    "solution": True,
                }, (lesson.file, i)
                stub = stub_source(teacher[i].source)
                assert cell.source == f"{stub}\n{BEGIN_SOLUTION}\n{teacher[i].source.strip()}\n{END_SOLUTION}"
                assert cell.outputs == [] and "source_hidden" not in cell.metadata.get("jupyter", {})
            for i in place.arguments:  # manually graded answer, worth the argument points
                cell = notebook.cells[i]
                assert _meta(cell)["grade"] and _meta(cell)["solution"] and not _meta(cell)["locked"]
                assert _meta(cell)["points"] == exercise.points.argument
                assert cell.source == teacher[i].source  # the model argument, for the instructor
            check = notebook.cells[place.check]  # autograder test, locked, worth the check points
            assert _meta(check) == {
                "grade": True,
                "grade_id": f"{exercise.id}-check",
                "locked": True,
                "points": exercise.points.check,
                "schema_version": 3,
                "solution": False,
            }
            assert check.source.endswith(
                f'\nfrom puzzles.course import require\n\nrequire("{exercise.id}", {exercise.answer})'
            )
            assert check.outputs == []
            for i in place.reveals:  # a placeholder, locked: the source notebook keeps no reveal either
                cell = notebook.cells[i]
                assert _meta(cell)["locked"] and not _meta(cell)["grade"] and not _meta(cell)["solution"]
                assert exercise.heading.split("(")[0].strip() in cell.source
                assert "left out" in cell.source.lower()
                assert cell.get("outputs", []) == [] and "attachments" not in cell
            claimed |= {*place.solutions, *place.arguments, place.check, *place.reveals}
            points += exercise.points.total
        for i, cell in enumerate(notebook.cells):  # every other cell read-only, as it was
            if i not in claimed:
                assert _meta(cell)["locked"] and not _meta(cell)["grade"] and not _meta(cell)["solution"]
                assert cell.source == teacher[i].source
        graded = sum(_meta(cell).get("points", 0) for cell in notebook.cells)
        assert graded == points, lesson.file


def test_the_worked_solution_runs_after_its_stub():
    source = (
        "# Worked solution\nfrom fractions import Fraction\n\n"
        "def f(k: Fraction = Fraction(1)):\n    return 2 * k\n"
    )
    cell = solution_source(source)
    assert cell.splitlines()[:2] == [
        "from fractions import Fraction",
        "def f(k: Fraction = Fraction(1)): ...  # your code here",
    ]
    namespace = {}
    exec(cell, namespace)
    assert namespace["f"](3) == 6


def test_per_unit_puts_a_unit_s_lessons_in_one_assignment(course, tmp_path):
    folder, written = build(course.root, tmp_path / "course", per="unit", log=_quiet)
    assert sorted(written) == sorted(unit.folder for unit in course.units)
    assert sorted(p.name for p in (folder / "source" / "egg").iterdir()) == [
        f"{lesson.stem}.ipynb" for lesson in course.units[0].lessons
    ]
    with pytest.raises(ValueError, match="per 'lesson' or per 'unit'"):
        build(course.root, tmp_path / "other", per="week", log=_quiet)
    assert not (tmp_path / "other").exists()


def test_the_config_is_nbgrader_s_pipeline_without_clear_output_and_sets_the_stubs(exported, tmp_path):
    _nbgrader()
    from nbgrader.converters import GenerateAssignment
    from nbgrader.preprocessors import ClearOutput
    from traitlets.config.loader import PyFileConfigLoader

    folder, _ = exported
    config = PyFileConfigLoader(CONFIG, path=str(folder)).load_config()
    default = GenerateAssignment.class_traits()["preprocessors"].default()
    assert config.GenerateAssignment.preprocessors == [p for p in default if p is not ClearOutput]
    assert config.ClearSolutions.code_stub == {"python": ""}
    assert config.ClearSolutions.text_stub == ARGUMENT_STUB
    assert "course_id" not in config.CourseDirectory
    build(model.load().root, tmp_path / "c", course_id="dp101", clear_outputs=True, log=_quiet)
    config = PyFileConfigLoader(CONFIG, path=str(tmp_path / "c")).load_config()
    assert config.CourseDirectory.course_id == "dp101" and "preprocessors" not in config.GenerateAssignment


def test_a_solution_cell_outside_an_exercise_is_refused_by_name(tmp_path):
    source = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", source)
    path = source / "egg" / "02-expected-value.ipynb"
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[1].metadata["tags"] = ["solution"]  # the imports, outside any exercise
    nbformat.write(notebook, path)
    with pytest.raises(BuildFailed) as failure:
        build(source, tmp_path / "out", log=_quiet)
    assert failure.value.failed == [
        "egg/02-expected-value.ipynb, cell 2 is tagged 'solution' but belongs to no exercise (no statement "
        "and check around it); it would be released as it is"
    ]
    assert (tmp_path / "out" / "source" / "egg-01-worst-case" / "01-worst-case.ipynb").is_file()


def test_the_command_refuses_the_source_and_a_folder_not_its_own(tmp_path):
    mine = tmp_path / "hub-course"
    mine.mkdir()
    (mine / "gradebook.db").write_text("a term of grades")
    with pytest.raises(BuildRefused, match="not empty and was not written by this tool"):
        build(ROOT / "notebooks", mine, log=_quiet)
    with pytest.raises(BuildRefused, match="overlaps its source"):
        build(ROOT / "notebooks", ROOT / "notebooks" / "nbgrader", log=_quiet)
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    for option in ("--source", "--out", "--assignments", "--course-id", "--clear-outputs"):
        assert option in parser.format_help()
    done = subprocess.run(
        [str(BIN / "dp-puzzles"), "nbgrader", "--out", str(mine)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2 and "not empty" in done.stderr and "Traceback" not in done.stderr


# -- a submission as the pack's grader reads it (dp-puzzles nbgrader-grade) ---------------------------


def test_a_submission_is_read_with_the_read_only_cells_and_tests_put_back(course, exported):
    folder, _ = exported
    lesson = course.lesson(QUICK)
    source = nbformat.read(folder / "source" / assignment_of(lesson) / f"{lesson.stem}.ipynb", 4)
    assert autograder_tests(source) == {f"{e.id}-check": (e.id, e.answer) for e in lesson.exercises}
    submitted = copy.deepcopy(source)
    first, second, *_ = lesson.exercises
    lesson_cell = next(
        i
        for i, c in enumerate(submitted.cells)
        if c.cell_type == "code" and _meta(c)["grade_id"].startswith("locked")
    )
    submitted.cells[lesson_cell].source = "import puzzles.course; puzzles.course.require = print"
    submitted.cells[first.cells.check].source = 'print("Correct")'  # a test edited to pass
    submitted.cells[first.cells.check].metadata["nbgrader"]["locked"] = False  # and unlocked
    submitted.cells[first.cells.solutions[0]].source = "def mine(k):\n    return k"
    submitted.cells.append(nbformat.v4.new_code_cell("extra = 1"))  # a cell of the student's own
    read = handin_notebook(submitted, source)

    assert len(read.cells) == len(submitted.cells)
    assert read.cells[lesson_cell].source == lesson.notebook.cells[lesson_cell].source
    teacher = model.locate(lesson.notebook)
    found = model.locate(read)  # the tests are the lesson's checks again, where the teacher has them
    assert {k: (v.answer, v.check) for k, v in found.items()} == {
        k: (v.answer, v.check) for k, v in teacher.items()
    }
    assert read.cells[first.cells.check].source == lesson.notebook.cells[first.cells.check].source.strip()
    assert read.cells[first.cells.solutions[0]].source == "def mine(k):\n    return k"
    assert read.cells[-1].source == "extra = 1"
    for exercise in lesson.exercises:
        for i in exercise.cells.reveals:
            assert read.cells[i].source == ""  # a reveal's placeholder: nothing to run
        for i in exercise.cells.arguments:
            assert read.cells[i].source == submitted.cells[i].source
    assert submitted.cells[first.cells.check].source == 'print("Correct")'  # the submission is not changed


def test_submissions_are_found_where_the_course_s_configuration_puts_them(course, tmp_path):
    from puzzles.instructor.nbgrader_grade import course_directory, lesson_of, submissions

    root = tmp_path / "course"
    root.mkdir()
    (root / CONFIG).write_text(
        'c = get_config()  # noqa: F821\nc.CourseDirectory.submitted_directory = "handed-in"\n'
    )
    for student, assignment in (("ada", "egg-01-worst-case"), ("bo", "egg-01-worst-case"), ("ada", "egg")):
        folder = root / "handed-in" / student / assignment
        folder.mkdir(parents=True)
        (folder / "01-worst-case.ipynb").write_text("{}")
    (root / "handed-in" / "ada" / "egg" / "timestamp.txt").write_text("2026-11-30 12:00:00.000000 UTC")
    (root / "submitted" / "cy" / "egg").mkdir(parents=True)  # nbgrader's default, not this course's
    (root / "submitted" / "cy" / "egg" / "01-worst-case.ipynb").write_text("{}")
    coursedir = course_directory(root)
    found = [(s.student, s.assignment, s.notebook) for s in submissions(coursedir)]
    assert found == [
        ("ada", "egg", "01-worst-case"),
        ("ada", "egg-01-worst-case", "01-worst-case"),
        ("bo", "egg-01-worst-case", "01-worst-case"),
    ]
    ada = submissions(coursedir, assignment="egg", student="ada")
    assert [str(s.timestamp) for s in ada] == ["2026-11-30 12:00:00"]  # nbgrader keeps UTC, naive
    assert [s.student for s in submissions(coursedir, assignment="egg-01-worst-case")] == ["ada", "bo"]
    lesson = course.lesson(QUICK)
    assert lesson_of(course, "egg-01-worst-case", "01-worst-case") is lesson  # one assignment per lesson
    assert lesson_of(course, "egg", "01-worst-case") is lesson  # per unit
    assert lesson_of(course, "egg", "02-worst-case") is None
    assert lesson_of(course, "trios", "01-worst-case") is None


def test_nbgrader_grade_names_what_is_missing_before_running_anything(
    course, exported, tmp_path, monkeypatch, capsys
):
    from puzzles.instructor.nbgrader_grade import main

    folder, _ = exported
    root = tmp_path / "course"
    shutil.copytree(folder, root)

    def command(*args):
        code = main(list(args))
        return code, capsys.readouterr().err

    code, said = command(str(root))
    assert code == 2 and "run `nbgrader collect` first" in said, said
    lesson = course.lesson(QUICK)
    assignment = assignment_of(lesson)
    source = nbformat.read(root / "source" / assignment / f"{lesson.stem}.ipynb", 4)
    _hand_in(root, "ada", assignment, f"{lesson.stem}.ipynb", source)
    code, said = command(str(root))
    assert code == 2 and "no gradebook" in said, said
    assert not (root / "gradebook.db").exists()
    _nbgrader()
    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")  # nbgrader runs alembic
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}"):
        pass  # a gradebook without the assignment
    code, said = command(str(root), "--assignment", assignment)
    assert code == 2 and f"nbgrader generate_assignment {assignment}" in said, said
    done = subprocess.run(  # the instructor's command has it
        [str(BIN / "dp-puzzles"), "nbgrader-grade", str(tmp_path / "nowhere")], capture_output=True, text=True
    )
    assert done.returncode == 2 and "is not a folder" in done.stderr and "Traceback" not in done.stderr


# -- nbgrader itself ---------------------------------------------------------------------------------


def _run(course_dir: Path, *args: str) -> subprocess.CompletedProcess:
    """An nbgrader command in the course directory, with this venv first on PATH (nbgrader runs
    alembic from there) and no Jupyter configuration of the user's."""
    jupyter = course_dir.parent / "jupyter"
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "JUPYTER_CONFIG_DIR": str(jupyter / "config"),
        "JUPYTER_DATA_DIR": str(jupyter / "data"),
    }
    done = subprocess.run(
        [str(_nbgrader()), *args], cwd=course_dir, env=env, capture_output=True, text=True, timeout=1800
    )
    assert done.returncode == 0, (
        f"nbgrader {' '.join(args)} failed:\n{done.stdout[-4000:]}\n{done.stderr[-6000:]}"
    )
    return done


def _texts(cell) -> list[str]:
    """The stripped lines of a cell's source and of its outputs' text (stream, plain, HTML, ...)."""
    texts = [cell.get("source", "")]
    for output in cell.get("outputs", []):
        values = [output.get("text", ""), output.get("evalue", ""), *output.get("data", {}).values()]
        texts += [
            value if isinstance(value, str) else "".join(value)
            for value in values
            if isinstance(value, (str, list))
        ]
    return [line.strip() for text in texts for line in text.splitlines() if line.strip()]


def _leaks(lesson: model.Lesson, released: nbformat.NotebookNode) -> list[str]:
    """Lines of a worked solution, a model argument, a reveal or a stored verdict that are in the
    released notebook and nowhere else in the teacher notebook (so nothing but the answer put them
    there)."""
    teacher = lesson.notebook.cells
    secret: dict[int, list[str]] = {}  # teacher cell -> its lines that hold an answer
    for exercise in lesson.exercises:
        place = exercise.cells
        for i in (*place.solutions, *place.arguments, *place.reveals):
            secret[i] = _texts(teacher[i])
        secret[place.check] = _texts({**teacher[place.check], "source": ""})  # the verdict, not the call
    public = {  # what the lesson shows besides its answers
        line for i, cell in enumerate(teacher) for line in _texts(cell) if line not in secret.get(i, ())
    }
    shown = {line for cell in released.cells for line in _texts(cell)}
    found = []
    for exercise in lesson.exercises:
        place = exercise.cells
        stubs = {line for i in place.solutions for line in stub_source(teacher[i].source).splitlines()}
        for i in sorted({*place.solutions, *place.arguments, *place.reveals, place.check}):
            for line in secret[i]:
                if len(line) >= 6 and line in shown and line not in public and line not in stubs:
                    found.append(f"{exercise.id}, teacher cell {i + 1}: {line}")
    return found


def test_the_leak_finder_finds_every_exercise_s_answer_in_the_teacher_notebook(course):
    for lesson in course.lessons:
        found = _leaks(lesson, lesson.notebook)
        for exercise in lesson.exercises:  # the worked code, the argument, the reveals, the verdict
            assert any(line.startswith(f"{exercise.id}, ") for line in found), exercise.id
        assert _leaks(lesson, student_notebook(lesson.notebook)) == [], lesson.file


def _released_checks(lesson: model.Lesson, released: nbformat.NotebookNode) -> None:
    assert _leaks(lesson, released) == [], lesson.file
    text = json.dumps(released)
    assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
    assert "NotImplementedError" not in text and "YOUR ANSWER HERE" not in text
    for exercise in lesson.exercises:
        for i in exercise.cells.solutions:
            cell = released.cells[i]
            stub = stub_source(lesson.notebook.cells[i].source)
            assert cell.source.rstrip("\n") == stub, (lesson.file, i)  # the line to fill in comes first
            assert cell.metadata.get("editable", True) and not cell.metadata["deletable"]
        for i in exercise.cells.arguments:
            assert released.cells[i].source == ARGUMENT_STUB
        check = released.cells[exercise.cells.check]
        assert check.metadata["editable"] is False and check.outputs == []
    for i, cell in enumerate(released.cells):
        meta = _meta(cell)
        if meta["locked"]:
            assert cell.metadata["editable"] is False and cell.metadata["deletable"] is False, (
                lesson.file,
                i,
            )


def _hand_in(course_dir: Path, student: str, assignment: str, name: str, notebook) -> None:
    target = course_dir / "submitted" / student / assignment / name
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    (target.parent / "timestamp.txt").write_text("2026-11-30 12:00:00.000000 UTC")


def _grades(course_dir: Path) -> dict[tuple[str, str], dict]:
    with (course_dir / "grades.csv").open(newline="", encoding="utf-8") as handle:
        return {(row["assignment"], row["student_id"]): row for row in csv.DictReader(handle)}


def _test_outputs(notebook) -> dict[str, list]:
    return {
        _meta(c)["grade_id"]: c.outputs
        for c in notebook.cells
        if _meta(c).get("grade") and c.cell_type == "code"
    }


def _stdout(outputs) -> str:
    return "".join(o.text for o in outputs if o.output_type == "stream" and o.name == "stdout")


# Solution cells that rebind, in the student's kernel, what nbgrader's tests call; every answer
# below them is wrong. nbgrader alone gives them every test's points.
PATCHES = {
    "require": "import puzzles.course\n\npuzzles.course.require = lambda *args, **kwargs: None",
    "verify": (
        "import puzzles.course.checker as checker\n\n"
        'checker.verify = lambda exercise_id, answer: checker.Verdict(exercise_id, "correct", "fine")'
    ),
    "verdict": (
        "import puzzles.course.checker as checker\n\nchecker.Verdict.passed = property(lambda self: True)"
    ),
}


def _patched(released, lesson: model.Lesson, patch: str):
    notebook = copy.deepcopy(released)
    for exercise in lesson.exercises:
        wrong = f"def {exercise.answer}(k):\n    return 0"
        notebook.cells[exercise.cells.solutions[0]].source = f"{patch}\n\n\n{wrong}\n"
    return notebook


def test_nbgrader_releases_no_answer_and_grades_worked_stub_tampered_and_patched(course, tmp_path):
    _nbgrader()
    course_dir = tmp_path / "course"
    build(course.root, course_dir, log=_quiet)
    _run(course_dir, "generate_assignment", "*")
    for lesson in course.lessons:
        assignment = assignment_of(lesson)
        released = nbformat.read(course_dir / "release" / assignment / f"{lesson.stem}.ipynb", 4)
        _released_checks(lesson, released)

    lesson = course.lesson(QUICK)
    assignment, name = assignment_of(lesson), f"{lesson.stem}.ipynb"
    source = nbformat.read(course_dir / "source" / assignment / name, 4)
    released = nbformat.read(course_dir / "release" / assignment / name, 4)
    first, second, *_ = lesson.exercises
    half = nbformat.read(course_dir / "release" / assignment / name, 4)
    worked = lesson.notebook.cells[first.cells.solutions[0]].source
    half.cells[first.cells.solutions[0]].source = worked  # a student's own answer, written into the stub
    half.cells[second.cells.check].source = 'print("Correct")'  # a test cell edited to pass
    _hand_in(course_dir, "worked", assignment, name, source)
    _hand_in(course_dir, "stub", assignment, name, released)
    _hand_in(course_dir, "half", assignment, name, half)
    for student, patch in PATCHES.items():
        _hand_in(course_dir, student, assignment, name, _patched(released, lesson, patch))
    not_autograded = tmp_path / "not-autograded"
    shutil.copytree(course_dir, not_autograded)
    _run(course_dir, "autograde", assignment, "--create")
    _run(course_dir, "export")

    grades = _grades(course_dir)
    checks = sum(e.points.check for e in lesson.exercises)
    total = sum(e.points.total for e in lesson.exercises)
    assert float(grades[assignment, "worked"]["raw_score"]) == checks  # every autograded point
    assert float(grades[assignment, "stub"]["raw_score"]) == 0
    assert float(grades[assignment, "half"]["raw_score"]) == first.points.check
    for student in PATCHES:  # nbgrader alone: the patched kernel passes every test with wrong answers
        assert float(grades[assignment, student]["raw_score"]) == checks, student
    assert {float(grades[assignment, student]["max_score"]) for student in ("worked", "stub", "half")} == {
        total
    }

    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course_dir / 'gradebook.db'}") as gradebook:
        for student in ("worked", "stub", "half"):
            graded = gradebook.find_submission_notebook(lesson.stem, assignment, student)
            for grade in graded.grades:
                if grade.cell_type == "markdown":  # the written arguments: the instructor marks them
                    assert grade.name in {f"{e.id}-argument" for e in lesson.exercises}
                    assert (
                        grade.max_score
                        == course.exercise(grade.name.removesuffix("-argument")).points.argument
                    )
                    # an argument left as the prompt is 0 by itself; a written one waits for the formgrader
                    assert grade.needs_manual_grade == (student == "worked"), (student, grade.name)
                    assert grade.needs_manual_grade or grade.auto_score == 0
            assert graded.needs_manual_grade == (student == "worked")

    # the feedback a student reads: the check's verdict, and for a failed test an AssertionError
    for student, verdicts in (("worked", "Correct"), ("stub", "Not attempted yet")):
        autograded = nbformat.read(course_dir / "autograded" / student / assignment / name, 4)
        outputs = _test_outputs(autograded)
        for exercise in lesson.exercises:
            printed = _stdout(outputs[f"{exercise.id}-check"])
            assert printed.startswith(f"{verdicts} ({exercise.id}): "), printed
            errors = [o for o in outputs[f"{exercise.id}-check"] if o.output_type == "error"]
            if verdicts == "Correct":
                assert errors == []
            else:
                assert [e.ename for e in errors] == ["AssertionError"]
                assert errors[0].evalue.startswith(f"{verdicts} ({exercise.id})"), errors[0].evalue
    autograded = nbformat.read(course_dir / "autograded" / "half" / assignment / name, 4)
    assert "require(" in autograded.cells[second.cells.check].source  # nbgrader put the test back
    assert _stdout(_test_outputs(autograded)[f"{second.id}-check"]).startswith(
        f"Not attempted yet ({second.id})"
    )

    _the_pack_s_grader_decides_the_points(course, lesson, course_dir, not_autograded)


def _the_pack_s_grader_decides_the_points(course, lesson, course_dir: Path, not_autograded: Path) -> None:
    """dp-puzzles nbgrader-grade: the tests' points in nbgrader's gradebook come from the pack's
    grader, which judges the hand-ins' answers where no student code ran."""
    from nbgrader.api import Gradebook

    assignment = assignment_of(lesson)
    first, second, *_ = lesson.exercises
    expected = {  # student -> exercise -> points, from the course model
        "worked": {e.id: e.points.check for e in lesson.exercises},
        "stub": {e.id: 0 for e in lesson.exercises},
        "half": {e.id: first.points.check if e is first else 0 for e in lesson.exercises},
        **{student: {e.id: 0 for e in lesson.exercises} for student in PATCHES},
    }
    done = subprocess.run(
        [str(BIN / "dp-puzzles"), "nbgrader-grade", str(course_dir), "--jobs", "1", "--quiet"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"of {len(expected)} submitted notebooks" in done.stdout
    _run(course_dir, "export", "--to", "after.csv")
    with (course_dir / "after.csv").open(newline="", encoding="utf-8") as handle:
        after = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(handle)}
    total = sum(e.points.total for e in lesson.exercises)
    for student, points in expected.items():
        assert float(after[assignment, student]["raw_score"]) == sum(points.values()), student
        assert float(after[assignment, student]["max_score"]) == total

    with Gradebook(f"sqlite:///{course_dir / 'gradebook.db'}") as gradebook:
        for student, points in expected.items():
            graded = gradebook.find_submission_notebook(lesson.stem, assignment, student)
            grades = {grade.name: grade for grade in graded.grades}
            comments = {comment.name: comment.comment or "" for comment in graded.comments}
            for exercise in lesson.exercises:
                grade = grades[f"{exercise.id}-check"]
                assert (grade.score, grade.max_score) == (points[exercise.id], exercise.points.check)
                comment = comments[f"{exercise.id}-answer"]
                verdict = re.match(rf"dp-puzzles grade: ([a-z ]+) \({exercise.id}\), ", comment)
                assert verdict, comment
                assert (
                    f"({exercise.id}), {points[exercise.id]:g} of {exercise.points.check:g} points."
                    in comment
                )
                if points[exercise.id]:
                    assert verdict[1] == "correct"
                elif student == "stub" or (student == "half" and exercise is not first):
                    assert verdict[1] == "not attempted"
                else:  # a wrong answer, or a patch the grader noticed (then flagged for the instructor)
                    assert verdict[1] in ("incorrect", "tampered"), comment
                assert grade.needs_manual_grade == (verdict[1] == "tampered"), (student, exercise.id)
                # nbgrader's own score of the kernel's run stays beside it, for the instructor to see
                kernel = exercise.points.check if student in (*PATCHES, "worked") else grade.auto_score
                assert grade.auto_score == kernel, (student, exercise.id, grade.auto_score)
            for exercise in lesson.exercises:  # the arguments are still the formgrader's
                argument = grades[f"{exercise.id}-argument"]
                assert argument.manual_score is None
                assert argument.needs_manual_grade == (student == "worked")

    # the feedback nbgrader returns shows the pack's points and sentence
    _run(course_dir, "generate_feedback", assignment, "--student", "require")
    page = (course_dir / "feedback" / "require" / assignment / f"{lesson.stem}.html").read_text()
    assert re.search(
        rf"dp-puzzles grade: (incorrect|tampered) \({first.id}\), 0 of {first.points.check:g} points", page
    )
    assert f"Score: 0.0 / {float(total)}" in page

    # without nbgrader autograde: the command makes the submission in the gradebook itself
    done = subprocess.run(
        [str(BIN / "dp-puzzles"), "nbgrader-grade", str(not_autograded), "--student", "require", "--quiet"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    with Gradebook(f"sqlite:///{not_autograded / 'gradebook.db'}") as gradebook:
        submission = gradebook.find_submission(assignment, "require")
        assert str(submission.timestamp).startswith("2026-11-30 12:00:00")
        graded = gradebook.find_submission_notebook(lesson.stem, assignment, "require")
        assert {g.name: (g.score, g.auto_score) for g in graded.grades if g.name.endswith("-check")} == {
            f"{e.id}-check": (0, None) for e in lesson.exercises
        }
        assert [s.student_id for s in gradebook.assignment_submissions(assignment)] == ["require"]


@pytest.mark.skipif(not EVERY_LESSON, reason="every lesson through nbgrader: PUZZLES_NBGRADER_EVERY_LESSON=1")
def test_nbgrader_grades_the_worked_and_the_stub_of_every_lesson(course, tmp_path):
    course_dir = tmp_path / "course"
    build(course.root, course_dir, log=_quiet)
    _run(course_dir, "generate_assignment", "*")
    for lesson in course.lessons:
        assignment, name = assignment_of(lesson), f"{lesson.stem}.ipynb"
        _hand_in(
            course_dir,
            "worked",
            assignment,
            name,
            nbformat.read(course_dir / "source" / assignment / name, 4),
        )
        _hand_in(
            course_dir, "stub", assignment, name, nbformat.read(course_dir / "release" / assignment / name, 4)
        )
        _run(course_dir, "autograde", assignment, "--create")
    _run(course_dir, "export")
    grades = _grades(course_dir)
    wrong = []
    for lesson in course.lessons:
        assignment = assignment_of(lesson)
        checks = sum(e.points.check for e in lesson.exercises)
        if float(grades[assignment, "worked"]["raw_score"]) != checks:
            autograded = nbformat.read(
                course_dir / "autograded" / "worked" / assignment / f"{lesson.stem}.ipynb", 4
            )
            details = {k: re.sub(r"\s+", " ", _stdout(v))[:200] for k, v in _test_outputs(autograded).items()}
            wrong.append(
                f"{lesson.file}: worked {grades[assignment, 'worked']['raw_score']} of {checks}: {details}"
            )
        if float(grades[assignment, "stub"]["raw_score"]) != 0:
            wrong.append(f"{lesson.file}: stub {grades[assignment, 'stub']['raw_score']}")
    assert wrong == []

    # the pack's grader agrees on every lesson, from the submissions as nbgrader collected them
    done = subprocess.run(
        [str(BIN / "dp-puzzles"), "nbgrader-grade", str(course_dir), "--quiet"],
        capture_output=True,
        text=True,
        timeout=7200,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    _run(course_dir, "export", "--to", "after.csv")
    with (course_dir / "after.csv").open(newline="", encoding="utf-8") as handle:
        after = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(handle)}
    for lesson in course.lessons:
        assignment = assignment_of(lesson)
        checks = sum(e.points.check for e in lesson.exercises)
        if float(after[assignment, "worked"]["raw_score"]) != checks:
            score = after[assignment, "worked"]["raw_score"]
            wrong.append(f"{lesson.file}: dp-puzzles nbgrader-grade gave the worked {score} of {checks}")
        if float(after[assignment, "stub"]["raw_score"]) != 0:
            score = after[assignment, "stub"]["raw_score"]
            wrong.append(f"{lesson.file}: dp-puzzles nbgrader-grade gave the stub {score}")
    assert wrong == [], done.stdout
