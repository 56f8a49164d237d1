"""Points for an nbgrader course, decided by the pack's grader.

    dp-puzzles nbgrader-grade COURSE_DIR [--assignment ID] [--student ID] [--notebooks DIR]
                              [--jobs N] [--cell-timeout S] [--handin-timeout S] [--memory GB]

reads nbgrader's ``submitted/<student>/<assignment>/<lesson>.ipynb`` in the course directory
COURSE_DIR (the one ``dp-puzzles nbgrader`` exported, where ``nbgrader collect`` puts the
hand-ins), grades each hand-in with the grader of ``dp-puzzles grade`` and writes its points
into nbgrader's gradebook (``gradebook.db``, through nbgrader's own API): each exercise's points
become the score of its autograder test cell, and the check's sentence the comment on its
answer cell. formgrader, ``nbgrader export`` and ``nbgrader generate_feedback`` then show them.

Why: ``nbgrader autograde`` runs the tests in the student's own kernel, after the student's
cells, so a solution cell can rebind what the test calls (``puzzles.course.require``, the
checker) and collect points for wrong answers. The pack's grader runs the answers apart and
judges their values in its own process, from the hand-in's source, so nothing a cell does to
the kernel reaches the points. ``nbgrader autograde`` remains useful for the feedback its
tests print; its points on the tests are overridden here. The written arguments stay for the
instructor to mark in formgrader; this command does not touch their grades.

How a hand-in is read: the read-only cells of the assignment (the lesson's own cells, the
tests, the placeholders of the reveals) are taken from the course's ``source/`` notebook,
whatever the student did to them, as ``nbgrader autograde`` restores them; each test becomes
the lesson's ``check`` cell; the answer cells, the arguments and any cell the student added
are the student's. Each hand-in is graded from a private copy.

The points are written as the grade's manual score (nbgrader's own autograde score stays
beside it, as the kernel's run gave it, and a later ``nbgrader autograde`` leaves the manual
score in place but marks the cell for review): the score nbgrader reports is the pack's.
A hand-in the grader finds tampered, or could not grade, scores 0 on its tests and stays
marked as needing a manual grade, with the reason in the comment.
"""

from __future__ import annotations

import argparse
import ast
import copy
import dataclasses
import json
import os
import re
import sys
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor import grade as grading_options
from puzzles.instructor.nbgrader import CONFIG, PER_LESSON, PER_UNIT, assignment_of

__all__ = [
    "COMMENT_MARK",
    "NbgraderError",
    "Submission",
    "Scored",
    "course_directory",
    "submissions",
    "lesson_of",
    "autograder_tests",
    "handin_notebook",
    "points_of",
    "comment_text",
    "write_points",
    "grade_course",
    "add_arguments",
    "run",
    "main",
]

COMMENT_MARK = "dp-puzzles grade:"  # the first words of the comment this command writes
REVIEW = ("not graded", "check failed", "tampered")  # verdicts the instructor should look at


class NbgraderError(ValueError):
    """The course directory or its gradebook cannot be graded into; the message says why."""


@dataclass
class Submission:
    """One submitted notebook of one student's assignment."""

    student: str
    assignment: str
    notebook: str  # nbgrader's notebook id: the file's stem
    path: Path
    timestamp: object = None  # nbgrader's datetime of the submission, if timestamp.txt gives one


@dataclass
class Scored:
    """What was written for one submitted notebook."""

    submission: Submission
    lesson: str
    points: float
    maximum: float
    verdicts: dict[str, str] = field(default_factory=dict)  # exercise id -> verdict
    note: str = ""


# -- the course directory ------------------------------------------------------------------------


def course_directory(root: Path):
    """nbgrader's ``CourseDirectory`` of ``root``, with the settings of its ``nbgrader_config.py``
    (where the submissions are, the gradebook's address)."""
    from nbgrader.coursedir import CourseDirectory
    from traitlets.config import Config
    from traitlets.config.loader import PyFileConfigLoader

    root = Path(root).resolve()
    if not root.is_dir():
        raise NbgraderError(f"{root} is not a folder: give the nbgrader course directory")
    config = Config()
    if (root / CONFIG).is_file():
        config = PyFileConfigLoader(CONFIG, path=str(root)).load_config()
    coursedir = CourseDirectory(config=config)
    coursedir.root = str(root)
    return coursedir


def submissions(coursedir, assignment: str | None = None, student: str | None = None) -> list[Submission]:
    """Every submitted notebook (of ``assignment``, of ``student`` when given), in order."""
    pattern = re.compile(
        coursedir.format_path(
            coursedir.submitted_directory, "(?P<student>[^/]+)", "(?P<assignment>[^/]+)", escape=True
        )
        + "$"
    )
    folders = Path(coursedir.root).glob(
        os.path.relpath(
            coursedir.format_path(coursedir.submitted_directory, student or "*", assignment or "*"),
            coursedir.root,
        )
    )
    found = []
    for folder in sorted(folders):
        match = pattern.match(str(folder))
        if not folder.is_dir() or match is None:
            continue
        timestamp = coursedir.get_existing_timestamp(str(folder))
        for path in sorted(folder.glob("*.ipynb")):
            found.append(Submission(match["student"], match["assignment"], path.stem, path, timestamp))
    return found


def lesson_of(course: model.Course, assignment: str, notebook: str) -> model.Lesson | None:
    """The lesson a submitted notebook answers: the one the export wrote as
    ``<assignment>/<notebook>.ipynb`` (an assignment per lesson or per unit)."""
    for per in (PER_LESSON, PER_UNIT):
        for lesson in course.lessons:
            if lesson.stem == notebook and assignment_of(lesson, per) == assignment:
                return lesson
    return None


# -- a hand-in as the pack's grader reads it -----------------------------------------------------


def _meta(cell) -> dict:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def autograder_tests(source: nbformat.NotebookNode) -> dict[str, tuple[str, str]]:
    """The autograder tests of an exported notebook: grade id -> (exercise id, answer name),
    read from each test's ``require("egg-3", N)``."""
    found = {}
    for cell in source.cells:
        meta = _meta(cell)
        if cell.cell_type != "code" or not meta.get("grade") or meta.get("solution"):
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "require"
                and len(node.args) == 2
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and isinstance(node.args[1], ast.Name)
            ):
                found[meta["grade_id"]] = (node.args[0].value, node.args[1].id)
    return found


def handin_notebook(submitted: nbformat.NotebookNode, source: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The submitted notebook as the pack's grader reads it: every read-only cell of the source
    notebook put back (a test becomes the lesson's ``check`` cell, a reveal's placeholder is
    left empty), the student's answers, arguments and added cells as they are."""
    locked = {
        _meta(c)["grade_id"]: c for c in source.cells if _meta(c).get("locked") and "grade_id" in _meta(c)
    }
    tests = autograder_tests(source)
    notebook = copy.deepcopy(submitted)
    for cell in notebook.cells:
        grade_id = _meta(cell).get("grade_id")
        if grade_id not in locked:
            continue
        original = locked[grade_id]
        tags = list(original.metadata.get("tags", []))
        if grade_id in tests:
            exercise_id, answer = tests[grade_id]
            text = f"check({json.dumps(exercise_id)}, {answer})"
            tags = [*[t for t in tags if t != model.TAG_CHECK], model.TAG_CHECK]
        elif model.TAG_REVEALS in tags:
            text = ""
        else:
            text = original.source
        cell.cell_type = original.cell_type
        cell.source = text
        cell.metadata["tags"] = tags
        if cell.cell_type == "code":
            cell.setdefault("outputs", [])
            cell.setdefault("execution_count", None)
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
    return notebook


# -- points into nbgrader's gradebook --------------------------------------------------------------


def points_of(verdict: str, exercise: model.Exercise) -> float:
    """The check's points for a verdict: all of them when Correct, else none."""
    return float(exercise.points.check) if verdict == "correct" else 0.0


def comment_text(result, exercise: model.Exercise) -> str:
    """The comment on an exercise's answer cell: the verdict, its sentence and the points."""
    points = points_of(result.verdict, exercise)
    words = (
        f"{COMMENT_MARK} {result.verdict} ({exercise.id}), {points:g} of {exercise.points.check:g} points."
    )
    detail = (result.detail or "").strip()
    return f"{words} {detail}" if detail else words


def _merge_comment(old: str | None, ours: str) -> str:
    """The instructor's own comment kept, this command's earlier one replaced."""
    kept = [line for line in (old or "").split("\n\n") if line.strip() and not line.startswith(COMMENT_MARK)]
    return "\n\n".join([*kept, ours])


def write_points(gradebook, submission: Submission, lesson: model.Lesson, handin, tests: dict) -> Scored:
    """Write one graded hand-in into nbgrader's gradebook (see the module's description)."""
    from nbgrader.api import MissingEntry
    from sqlalchemy.exc import SAWarning

    assignment, student, notebook = submission.assignment, submission.student, submission.notebook
    gradebook.update_or_create_student(student)
    try:
        gradebook.find_submission(assignment, student)
    except MissingEntry:
        extra = {"timestamp": submission.timestamp} if submission.timestamp is not None else {}
        with warnings.catch_warnings():  # nbgrader's own way of adding one warns in SQLAlchemy 2
            warnings.simplefilter("ignore", SAWarning)
            gradebook.add_submission(assignment, student, **extra)
    by_exercise = {exercise_id: grade_id for grade_id, (exercise_id, _) in tests.items()}
    results = {result.exercise: result for result in handin.results}
    failed = next((r for r in handin.results if r.verdict in REVIEW and not r.exercise), None)
    scored = Scored(submission, lesson.file, 0.0, 0.0, note=handin.failure)
    for exercise in lesson.exercises:
        if exercise.id not in by_exercise:
            raise NbgraderError(
                f"{assignment}/{notebook}.ipynb in source/ has no autograder test of {exercise.id}: export "
                "the course again with dp-puzzles nbgrader"
            )
        result = results.get(exercise.id) or failed
        if result is None:
            raise NbgraderError(f"the grader gave no verdict on {exercise.id} for {student}")
        grade = gradebook.find_grade(by_exercise[exercise.id], notebook, assignment, student)
        points = points_of(result.verdict, exercise)
        grade.manual_score = points
        grade.needs_manual_grade = result.verdict in REVIEW
        scored.points += points
        scored.maximum += exercise.points.check
        scored.verdicts[exercise.id] = result.verdict
        try:
            comment = gradebook.find_comment(f"{exercise.id}-answer", notebook, assignment, student)
        except MissingEntry:
            continue
        comment.manual_comment = _merge_comment(comment.manual_comment, comment_text(result, exercise))
    gradebook.db.commit()
    return scored


# -- the command -----------------------------------------------------------------------------------


def _source_path(coursedir, submission: Submission) -> Path:
    """The exported notebook a submission was released from: ``source/<assignment>/<notebook>.ipynb``."""
    folder = Path(coursedir.format_path(coursedir.source_directory, ".", submission.assignment))
    return folder / f"{submission.notebook}.ipynb"


def grade_course(
    root: Path,
    course: model.Course,
    options=None,
    assignment: str | None = None,
    student: str | None = None,
    jobs: int = 1,
    progress: bool = False,
    log=print,
) -> list[Scored]:
    """Grade every submission of the course directory ``root`` (of ``assignment``, of
    ``student``) with the pack's grader and write the points into its gradebook, each hand-in's
    as soon as it is graded (stopping keeps those written)."""
    from nbgrader.api import Gradebook

    from puzzles.instructor.grade import grade
    from puzzles.instructor.grading.session import Options

    coursedir = course_directory(root)
    found = submissions(coursedir, assignment, student)
    if not found:
        where = coursedir.format_path(coursedir.submitted_directory, student or "*", assignment or "*")
        raise NbgraderError(f"no submitted notebook matches {where}/*.ipynb: run `nbgrader collect` first")
    database = _sqlite_file(coursedir.db_url)
    if database is not None and not database.is_file():
        raise NbgraderError(
            f"there is no gradebook at {database}: run `nbgrader generate_assignment` in the course "
            "directory first (it makes the gradebook and puts the assignments in it)"
        )
    base = options or Options()
    by_lesson: dict[str, list[tuple[Submission, Path]]] = {}
    sources: dict[str, dict] = {}
    with (
        Gradebook(coursedir.db_url) as gradebook,
        tempfile.TemporaryDirectory(prefix="dp-puzzles-nbgrader-") as private,
    ):
        for number, submission in enumerate(found):
            lesson = lesson_of(course, submission.assignment, submission.notebook)
            source_path = _source_path(coursedir, submission)
            if lesson is None or not source_path.is_file():
                log(
                    f"skipped: {submission.path}: no lesson of the course was exported as "
                    f"{submission.assignment}/{submission.notebook}.ipynb"
                )
                continue
            if str(source_path) not in sources:
                sources[str(source_path)] = _exported(source_path, lesson, gradebook, submission)
            source = sources[str(source_path)]
            try:
                submitted = nbformat.read(str(submission.path), as_version=4)
                readable = handin_notebook(submitted, source["notebook"])
            except Exception:  # noqa: BLE001 - a damaged file is the grader's to report, as it is
                copy_path = submission.path
            else:
                copy_path = Path(private) / f"{number:05d}" / f"{submission.notebook}.ipynb"
                copy_path.parent.mkdir()
                nbformat.write(readable, str(copy_path))
            by_lesson.setdefault(lesson.file, []).append((submission, copy_path))
        scored: list[Scored] = []
        for lesson_file, pairs in by_lesson.items():
            lesson = course.lesson(lesson_file)
            here = dataclasses.replace(base, lesson=lesson.file)
            of_path = {str(path): submission for submission, path in pairs}

            def done(handin, lesson=lesson, of_path=of_path) -> None:  # written as each finishes
                submission = of_path[handin.path]
                tests = sources[str(_source_path(coursedir, submission))]["tests"]
                scored.append(write_points(gradebook, submission, lesson, handin, tests))

            try:
                grade([path for _, path in pairs], course, here, jobs, progress, done)
            except KeyboardInterrupt:
                log(f"stopped: the points of {len(scored)} graded notebooks are written, no others")
                break
    return scored


def _sqlite_file(url: str) -> Path | None:
    """The file of an ``sqlite:///`` gradebook; None for another database."""
    return Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite:///") else None


def _exported(source_path: Path, lesson: model.Lesson, gradebook, submission: Submission) -> dict:
    """The exported notebook and its tests, once it is sure the gradebook holds its assignment and
    the notebook tests every exercise of the lesson (before any hand-in is run)."""
    from nbgrader.api import MissingEntry

    try:
        gradebook.find_notebook(submission.notebook, submission.assignment)
    except MissingEntry:
        raise NbgraderError(
            f"the gradebook has no notebook {submission.notebook!r} in assignment {submission.assignment!r}: "
            f"run `nbgrader generate_assignment {submission.assignment}` in the course directory first"
        ) from None
    notebook = nbformat.read(str(source_path), as_version=4)
    tests = autograder_tests(notebook)
    tested = {exercise_id for exercise_id, _ in tests.values()}
    missing = [exercise.id for exercise in lesson.exercises if exercise.id not in tested]
    if missing:
        raise NbgraderError(
            f"{source_path} has no autograder test of {', '.join(missing)}: it was exported from other "
            "lessons; export the course again with dp-puzzles nbgrader and generate the assignment again"
        )
    return {"notebook": notebook, "tests": tests}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("course_dir", type=Path, help="the nbgrader course directory (with submitted/)")
    parser.add_argument("--assignment", default=None, help="grade this assignment only (default: every one)")
    parser.add_argument("--student", default=None, help="grade this student only (default: every one)")
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the course's notebooks (default: the repository's)"
    )
    parser.add_argument(
        "--jobs",
        type=grading_options.jobs_count,
        default=os.cpu_count() or 1,
        help="hand-ins graded at once, 1 to 256 (default: the cores)",
    )
    parser.add_argument(
        "--cell-timeout",
        type=grading_options.cell_seconds,
        default=120.0,
        help="seconds a cell may run, 1 to 86400 (default 120)",
    )
    parser.add_argument(
        "--handin-timeout",
        type=grading_options.handin_seconds,
        default=900.0,
        help="seconds a whole hand-in may take, 10 to 604800 (default 900)",
    )
    parser.add_argument(
        "--memory",
        type=grading_options.memory_gigabytes,
        default=4.0,
        help="gigabytes of memory a hand-in may use, 0.25 to 1024 (default 4)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--unsafe",
        action="store_true",
        help="grade without the bubblewrap sandbox (a hand-in could then read and change what you can)",
    )


def run(args: argparse.Namespace) -> int:
    from puzzles.instructor.grade import UNSAFE
    from puzzles.instructor.grading import sandbox
    from puzzles.instructor.grading.session import Options

    with sandbox.grading_run("dp-puzzles nbgrader-grade", args.unsafe, UNSAFE) as refused:
        if refused:
            print(refused, file=sys.stderr)
            return 2
        return _run(args, Options)


def _run(args: argparse.Namespace, Options) -> int:  # noqa: N803 - the grader's options class
    try:
        course = model.load(args.notebooks)
        options = Options(
            cell_timeout=args.cell_timeout,
            handin_timeout=args.handin_timeout,
            memory=int(args.memory * 1024**3),
            sandbox=not args.unsafe,
        )
        scored = grade_course(
            args.course_dir,
            course,
            options,
            assignment=args.assignment,
            student=args.student,
            jobs=max(1, args.jobs),
            progress=not args.quiet,
            log=lambda line: print(line, file=sys.stderr),
        )
        scored.sort(key=lambda s: (s.submission.assignment, s.submission.notebook, s.submission.student))
    except (model.CourseError, NbgraderError) as error:
        print(f"dp-puzzles nbgrader-grade: {error}", file=sys.stderr)
        return 2
    width = max([len(s.submission.student) for s in scored] + [7])
    for s in scored:
        verdicts = ", ".join(f"{k} {v}" for k, v in s.verdicts.items())
        print(
            f"{s.submission.student:<{width}}  {s.submission.assignment}/{s.submission.notebook}  "
            f"{s.points:g} of {s.maximum:g}  ({verdicts})"
        )
    print(
        f"wrote the tests' points of {len(scored)} submitted notebooks into "
        f"{course_directory(args.course_dir).db_url}; the written arguments are left to formgrader"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles nbgrader-grade", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
