"""The lessons as an nbgrader course.

    dp-puzzles nbgrader [--source notebooks] [--out build/nbgrader]
                        [--assignments lesson|unit] [--course-id ID] [--clear-outputs]

writes an nbgrader course directory: ``nbgrader_config.py`` and
``source/<assignment>/<lesson>.ipynb`` for every lesson of ``_toc.yml``. An assignment is one
lesson (``--assignments lesson``, the default: ``source/egg-01-worst-case/01-worst-case.ipynb``)
or one unit with all its lessons (``--assignments unit``: ``source/egg/01-worst-case.ipynb``,
``source/egg/02-expected-value.ipynb``, ...).

Each cell of a lesson gets nbgrader's cell metadata (``metadata.nbgrader``, schema 3):

* a worked solution in code becomes an *autograded answer* (``solution``): its first lines are
  the student edition's stub (``def N(k): ...  # your code here``), then the worked code between
  ``### BEGIN SOLUTION`` and ``### END SOLUTION``. ``nbgrader generate_assignment`` removes
  that region, so the released cell is the stub the student fills in;
* a check becomes a locked *autograder test* (``grade``, ``locked``) worth the exercise's check
  points: ``require("egg-3", N)`` prints the check's verdict and raises ``AssertionError`` unless
  it is Correct, so nbgrader gives the points only for a Correct verdict, and the verdict stays
  in the cell's output as the student's feedback;
* a written argument (a Markdown solution cell) becomes a *manually graded answer*
  (``grade``, ``solution``) worth the exercise's argument points; released, it reads
  the student edition's prompt (``ARGUMENT_STUB``), and the instructor marks it in the formgrader;
* a cell tagged ``reveals`` states the answer, so its text is left out of the source notebook
  too: it keeps the student edition's one-line placeholder, locked;
* every other cell (the lesson's text, code, figures and the exercises' statements) is
  *read-only* (``locked``): nbgrader makes it uneditable and undeletable, and puts its
  original back before grading.

Outputs of solution, check and reveal cells are cleared. ``nbgrader_config.py`` sets what
nbgrader must do for this mapping: nothing in place of a worked solution but the stub above
it, the argument prompt in place of an argument, a cell time limit fit for the lessons, and
(unless ``--clear-outputs``) released lessons that keep their other outputs (tables, figures,
widgets), as the student edition does. The teacher notebooks are never changed; the output
folder may not overlap the source, and is written only when it is new, empty or this tool's
own earlier output.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor.builds import BuildRefused, OutputFolder
from puzzles.instructor.student import ARGUMENT_STUB, clear_outputs, show, stub_source
from puzzles.instructor.student import reveal_placeholder as student_placeholder

__all__ = [
    "SCHEMA_VERSION",
    "BEGIN_SOLUTION",
    "END_SOLUTION",
    "CONFIG",
    "PER_LESSON",
    "PER_UNIT",
    "assignment_of",
    "solution_source",
    "autograder_test_source",
    "nbgrader_notebook",
    "reveal_placeholder",
    "config_text",
    "build",
    "BuildFailed",
    "add_arguments",
    "run",
    "main",
]

TOOL = "nbgrader course"
SCHEMA_VERSION = 3  # nbgrader's cell metadata schema (nbgrader 0.6 to 0.9)
BEGIN_SOLUTION = "### BEGIN SOLUTION"
END_SOLUTION = "### END SOLUTION"
CONFIG = "nbgrader_config.py"
PER_LESSON = "lesson"
PER_UNIT = "unit"
TEST_COMMENT = "# Autograder test: prints the check's verdict, and fails unless it is Correct."


# -- naming ----------------------------------------------------------------------------------------


def assignment_of(lesson: model.Lesson, per: str = PER_LESSON) -> str:
    """The nbgrader assignment a lesson belongs to: ``egg-01-worst-case`` (per lesson) or
    ``egg`` (per unit). Its notebook is ``<lesson's stem>.ipynb`` in either case."""
    if per == PER_UNIT:
        return lesson.unit.folder
    if per == PER_LESSON:
        return f"{lesson.unit.folder}-{lesson.stem}"
    raise ValueError(f"assignments are made per {PER_LESSON!r} or per {PER_UNIT!r}, not {per!r}")


# -- cells -----------------------------------------------------------------------------------------


def solution_source(worked: str) -> str:
    """A worked solution as an nbgrader solution cell: the stub first, then the worked code
    between the solution markers (which ``generate_assignment`` removes).

    >>> print(solution_source("def f(k):\\n    return 2 * k"))
    def f(k): ...  # your code here
    ### BEGIN SOLUTION
    def f(k):
        return 2 * k
    ### END SOLUTION
    """
    return f"{stub_source(worked)}\n{BEGIN_SOLUTION}\n{worked.strip(chr(10))}\n{END_SOLUTION}"


def autograder_test_source(exercise_id: str, answer: str) -> str:
    """The autograder test of an exercise: the check's verdict, and an error unless Correct.

    ``require`` is imported in the cell itself, so that a solution cell that rebinds the name
    changes nothing.

    >>> print(autograder_test_source("egg-3", "N"))
    # Autograder test: prints the check's verdict, and fails unless it is Correct.
    from puzzles.course import require
    <BLANKLINE>
    require("egg-3", N)
    """
    call = f"require({json.dumps(exercise_id)}, {answer})"
    return f"{TEST_COMMENT}\nfrom puzzles.course import require\n\n{call}"


def _metadata(
    grade_id: str, *, grade: bool = False, solution: bool = False, locked: bool = False, points: int = 0
) -> dict:
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": SCHEMA_VERSION,
        "solution": solution,
    }
    if grade:
        meta["points"] = points
    return meta


def _clear(cell: nbformat.NotebookNode) -> None:
    clear_outputs(cell)
    if cell.cell_type == "code":
        cell.metadata.pop("execution", None)


def reveal_placeholder(cell_type: str, exercise: str) -> str:
    """The one line a reveal cell keeps, in the source notebook and so in the released one."""
    return student_placeholder(cell_type, exercise, edition="this assignment", after="graded")


def _exercise_name(exercise: model.Exercise) -> str:
    return exercise.heading.split("(")[0].strip() or exercise.id


class LessonRefused(ValueError):
    """A lesson cannot become an nbgrader notebook; the message names the cell."""


def nbgrader_notebook(lesson: model.Lesson) -> nbformat.NotebookNode:
    """The lesson with nbgrader's cell metadata (see the module's description); the teacher
    notebook is not changed. Raises ``LessonRefused`` naming a cell that cannot be mapped."""
    notebook = copy.deepcopy(lesson.notebook)
    cells = notebook.cells
    role: dict[int, tuple[str, model.Exercise]] = {}
    for exercise in lesson.exercises:
        place = exercise.cells
        for i in place.solutions:
            role[i] = ("answer", exercise)
        for i in place.arguments:
            role[i] = ("argument", exercise)
        role[place.check] = ("test", exercise)
        for i in place.reveals:
            role[i] = ("reveals", exercise)

    used: set[str] = set()

    def unique(grade_id: str) -> str:
        candidate, n = grade_id, 2
        while candidate in used:
            candidate, n = f"{grade_id}-{n}", n + 1
        used.add(candidate)
        return candidate

    for index, cell in enumerate(cells):
        kind, exercise = role.get(index, ("locked", None))
        tags = model.tags(cell)
        where = f"{lesson.relative}, cell {index + 1}"
        if kind == "locked" and model.TAG_SOLUTION in tags:
            raise LessonRefused(
                f"{where} is tagged {model.TAG_SOLUTION!r} but belongs to no exercise (no statement "
                f"and check around it); it would be released as it is"
            )
        if kind == "locked" and model.TAG_REVEALS in tags:
            kind = "reveals"  # a reveal before any check: its text goes all the same
        if kind == "answer":
            try:
                cell.source = solution_source(cell.source)
            except (SyntaxError, ValueError) as error:
                raise LessonRefused(f"{where} (a worked solution): {error}") from None
            cell.metadata["nbgrader"] = _metadata(unique(f"{exercise.id}-answer"), solution=True)
            _clear(cell)
            show(cell)
        elif kind == "argument":
            first = index == exercise.cells.arguments[0]
            cell.metadata["nbgrader"] = _metadata(
                unique(f"{exercise.id}-argument"),
                grade=True,
                solution=True,
                points=exercise.points.argument if first else 0,
            )
            cell.pop("attachments", None)  # released, the cell is the prompt: no image of the argument
            show(cell)
        elif kind == "test":
            cell.source = autograder_test_source(exercise.id, exercise.answer)
            cell.metadata["nbgrader"] = _metadata(
                unique(f"{exercise.id}-check"), grade=True, locked=True, points=exercise.points.check
            )
            _clear(cell)
            show(cell)
        elif kind == "reveals":
            name = _exercise_name(exercise) if exercise is not None else "this exercise"
            cell.source = reveal_placeholder(cell.cell_type, name)
            cell.pop("attachments", None)
            owner = exercise.id if exercise is not None else "cell"
            cell.metadata["nbgrader"] = _metadata(unique(f"{owner}-reveals"), locked=True)
            _clear(cell)
        else:
            cell_id = str(cell.get("id", "") or f"{index:03d}")
            cell.metadata["nbgrader"] = _metadata(unique(f"locked-{cell_id}"), locked=True)
    return notebook


# -- the course directory ----------------------------------------------------------------------


def config_text(course_id: str | None = None, clear_outputs: bool = False) -> str:
    """The course's ``nbgrader_config.py``."""
    lines = [
        '"""nbgrader configuration of the Puzzles & Dynamic Programming course (dp-puzzles nbgrader)."""',
        "",
        "c = get_config()  # noqa: F821 (nbgrader defines it)",
        "",
    ]
    if course_id:
        lines += [
            "# The course's id on the hub: nbgrader's exchange releases and collects under it.",
            f"c.CourseDirectory.course_id = {json.dumps(course_id)}",
        ]
    else:
        lines += [
            "# The course's id on the hub, if your hub's nbgrader configuration does not set it:",
            '# c.CourseDirectory.course_id = "dp-puzzles"',
        ]
    lines += [
        "",
        "# A released solution cell starts with the stub the student fills in",
        "# (def N(k): ...  # your code here); the worked solution below it becomes nothing, not",
        "# nbgrader's `raise NotImplementedError()`, so that a released lesson runs without an error",
        "# up to its first autograder test.",
        'c.ClearSolutions.code_stub = {"python": ""}',
        f"c.ClearSolutions.text_stub = {json.dumps(ARGUMENT_STUB)}",
        "",
        "# Seconds a cell may run when nbgrader autogrades (nbgrader's default is 30; each lesson runs",
        "# in under 60 s, and a check stops a student's answer after its own time limit).",
        "c.Execute.timeout = 300",
    ]
    if not clear_outputs:
        lines += [
            "",
            "# Released lessons keep their tables, figures and widgets, as the pack's student edition does:",
            "# nbgrader's generate_assignment steps without ClearOutput. The export already cleared the",
            "# outputs of solution, check and reveal cells; autograde still clears a submission's outputs",
            "# before running it. Delete these lines to release lessons without outputs.",
            "from nbgrader.preprocessors import (  # noqa: E402",
            "    CheckCellMetadata,",
            "    ClearHiddenTests,",
            "    ClearMarkScheme,",
            "    ClearSolutions,",
            "    ComputeChecksums,",
            "    IncludeHeaderFooter,",
            "    InstantiateTests,",
            "    LockCells,",
            "    SaveCells,",
            ")",
            "",
            "c.GenerateAssignment.preprocessors = [",
            "    IncludeHeaderFooter,",
            "    InstantiateTests,",
            "    LockCells,",
            "    ClearSolutions,",
            "    CheckCellMetadata,",
            "    ComputeChecksums,",
            "    SaveCells,",
            "    ClearHiddenTests,",
            "    ClearMarkScheme,",
            "    ComputeChecksums,",
            "    CheckCellMetadata,",
            "]",
        ]
    return "\n".join(lines) + "\n"


class BuildFailed(Exception):
    """Some lessons could not be exported (the others were written)."""

    def __init__(self, written: list[Path], failed: list[str]):
        self.written, self.failed = written, failed
        super().__init__(f"{len(failed)} lesson(s) left out of the nbgrader course: " + "; ".join(failed))


def build(
    source: Path | None = None,
    out: Path | None = None,
    per: str = PER_LESSON,
    course_id: str | None = None,
    clear_outputs: bool = False,
    log=print,
) -> tuple[Path, dict[str, list[Path]]]:
    """Write the nbgrader course of the course in ``source`` to ``out``; return the folder and
    the notebooks written, by assignment.

    A lesson that cannot be read or mapped is named and left out; the others are still
    written (then ``BuildFailed``). Raises ``CourseError`` when ``source`` holds no course and
    ``BuildRefused`` when ``out`` is not safe to write.
    """
    course = model.load(source)
    assignment_of(course.lessons[0], per)  # an unknown layout is refused before anything is written
    out = Path(out) if out is not None else course.root.parent / "build" / "nbgrader"
    written: dict[str, list[Path]] = {}
    failed: list[str] = []
    with OutputFolder(out, TOOL, sources=[course.root]) as folder:
        folder.write_text(CONFIG, config_text(course_id, clear_outputs))
        for lesson in course.lessons:
            try:
                notebook = nbgrader_notebook(lesson)
            except (model.CourseError, LessonRefused) as error:
                failed.append(str(error))
                continue
            assignment = assignment_of(lesson, per)
            target = folder.target(Path("source") / assignment / f"{lesson.stem}.ipynb")
            nbformat.write(notebook, str(target))
            written.setdefault(assignment, []).append(target)
    for line in failed:
        log(f"left out: {line}")
    if failed:
        raise BuildFailed([p for paths in written.values() for p in paths], failed)
    return folder.path, written


# -- the command -----------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--source",
        type=Path,
        default=None,
        help="the course's notebooks folder, with its _toc.yml (default: notebooks/ of the repository "
        "this package comes from, wherever the command is run)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="the course directory to write (default: build/nbgrader next to the notebooks folder); it must "
        "be new, empty, or this command's earlier output, and outside the source",
    )
    parser.add_argument(
        "--assignments",
        choices=(PER_LESSON, PER_UNIT),
        default=PER_LESSON,
        help="one assignment per lesson (source/egg-01-worst-case/01-worst-case.ipynb, the default) or "
        "per unit, all its lessons in one (source/egg/01-worst-case.ipynb, ...)",
    )
    parser.add_argument(
        "--course-id",
        default=None,
        help="the course's id on the hub, written to nbgrader_config.py (default: left to your hub's "
        "nbgrader configuration)",
    )
    parser.add_argument(
        "--clear-outputs",
        action="store_true",
        help="release lessons without outputs (nbgrader's default); without it, released lessons keep "
        "their tables, figures and widgets, and only solution, check and reveal cells are cleared",
    )


def run(args: argparse.Namespace) -> int:
    try:
        out, written = build(args.source, args.out, args.assignments, args.course_id, args.clear_outputs)
    except (model.CourseError, BuildRefused) as error:
        print(f"dp-puzzles nbgrader: {error}", file=sys.stderr)
        return 2
    except BuildFailed as error:
        print(
            f"nbgrader course: {len(error.written)} lessons written; {len(error.failed)} left out",
            file=sys.stderr,
        )
        return 1
    notebooks = sum(len(paths) for paths in written.values())
    print(f"nbgrader course: {notebooks} lessons in {len(written)} assignments written to {out}")
    print(f"next: cd {out} && nbgrader generate_assignment {next(iter(written))}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles nbgrader", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
