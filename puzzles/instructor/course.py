"""One model of the course: Course -> Unit -> Lesson -> Exercise, read from ``notebooks/_toc.yml``.

The table of contents is the only list of units and lessons; the notebooks' cell tags say
where each exercise's statement, worked solution, check and reveals are. Every instructor
tool (student edition, site, grader, nbgrader export, catalogue) and every test asks this
module what a lesson or an exercise is; none re-parses notebooks or re-lists units.

    >>> course = load()                                   # doctest: +SKIP
    >>> course.exercise("egg-3").answer, course.exercise("egg-3").points.total  # doctest: +SKIP
    ('N', 2)

The tags (cell metadata ``tags``):

* ``exercise``: the statement (Markdown), ``### Exercise 3 (Sniedovich, Exercise 3)``;
* ``solution``: a worked solution, code (defines the answer) or Markdown (a written
  argument); collapsed in the teacher edition, a stub in the student edition;
* ``check``: the cell ``check("egg-3", N)``;
* ``reveals``: a cell after the check that states or shows the answer; the student edition
  keeps no answer in it.

Release dates. A unit or a lesson of ``_toc.yml`` may carry ``released: YYYY-MM-DD``, the day
its lesson (each of its lessons) is given to students; a lesson's own date overrides its
unit's, and a lesson without one (the pack as shipped has none) is released from the start.
``Course.released_by(day)`` is the course as students have it on that day: the student edition,
its zip and the student site built with ``--until`` hold only those lessons. A lesson whose
cells state an earlier exercise's answer (trios II prints E(2), the value trios-1 asks for)
lists those exercises in ``prints_answers_of``; ``Course.release_warnings()`` names every such
lesson released no later than the lesson of the exercise it gives away.
"""

from __future__ import annotations

import ast
import datetime
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import nbformat

__all__ = [
    "TAG_EXERCISE",
    "TAG_SOLUTION",
    "TAG_CHECK",
    "TAG_REVEALS",
    "TAGS",
    "TOC",
    "COURSE_MAP",
    "DEFAULT_POINTS",
    "CourseError",
    "Points",
    "Exercise",
    "Lesson",
    "Unit",
    "Course",
    "ExerciseCells",
    "default_root",
    "load",
    "tags",
    "checked",
    "locate",
    "defined_names",
    "read_notebook",
    "parse_day",
    "read_toc",
]

TAG_EXERCISE = "exercise"
TAG_SOLUTION = "solution"
TAG_CHECK = "check"
TAG_REVEALS = "reveals"
TAGS = (TAG_EXERCISE, TAG_SOLUTION, TAG_CHECK, TAG_REVEALS)
TOC = "_toc.yml"
COURSE_MAP = "00-course-map.ipynb"


class CourseError(ValueError):
    """The course's table of contents or one of its notebooks is not what the tools need."""


@dataclass(frozen=True)
class Points:
    """What an exercise is worth: its check, and its written argument (0 without one)."""

    check: int
    argument: int = 0

    @property
    def total(self) -> int:
        return self.check + self.argument


DEFAULT_POINTS = Points(check=2, argument=2)


# -- cells -------------------------------------------------------------------------------------


def tags(cell: Any) -> set[str]:
    """The tags of a notebook cell (a dict or an nbformat node)."""
    found = cell.get("metadata", {}).get("tags", [])
    return set(found) if isinstance(found, list) else set()


def checked(cell: Any) -> tuple[str, str] | None:
    """``(exercise id, answer name)`` of a check cell ``check("egg-3", N)``, else None."""
    if cell.get("cell_type") != "code":
        return None
    try:
        tree = ast.parse(cell.get("source", ""))
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "check"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and isinstance(node.args[1], ast.Name)
        ):
            return node.args[0].value, node.args[1].id
    return None


def defined_names(source: str) -> dict[str, str]:
    """The top-level names a code cell defines, each with its kind: "function" or "value"."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    names: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = "function"
        elif isinstance(node, ast.ClassDef):
            names[node.name] = "value"
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        names.setdefault(name.id, "value")
    return names


@dataclass(frozen=True)
class ExerciseCells:
    """Where one exercise sits in one notebook (a lesson, its student edition or a hand-in):
    cell indices, counted from 0."""

    id: str
    answer: str
    statement: int | None
    solutions: tuple[int, ...]  # code cells tagged solution between the statement and the check
    arguments: tuple[int, ...]  # Markdown cells tagged solution there: written arguments
    check: int
    reveals: tuple[int, ...]  # cells tagged reveals after the check, before the next statement


def locate(notebook: Any) -> dict[str, ExerciseCells]:
    """Every exercise of a notebook, in its order, found by the cells' tags and check calls.

    A check cell names its exercise and answer (``check("egg-3", N)``); the solution cells are
    those tagged ``solution`` between the exercise's statement and its check; the reveal cells
    those tagged ``reveals`` after the check and before the next statement.
    """
    cells = notebook.cells if hasattr(notebook, "cells") else notebook["cells"]
    found: dict[str, ExerciseCells] = {}
    statement: int | None = None
    last: str | None = None
    reveals: dict[str, list[int]] = {}
    for index, cell in enumerate(cells):
        cell_tags = tags(cell)
        if TAG_EXERCISE in cell_tags:
            statement, last = index, None
        if TAG_REVEALS in cell_tags and last is not None:
            reveals[last].append(index)
        if TAG_CHECK in cell_tags and (pair := checked(cell)) is not None:
            exercise_id, name = pair
            start = statement if statement is not None else 0
            between = [i for i in range(start, index) if TAG_SOLUTION in tags(cells[i])]
            found[exercise_id] = ExerciseCells(
                exercise_id,
                name,
                statement,
                tuple(i for i in between if cells[i].get("cell_type") == "code"),
                tuple(i for i in between if cells[i].get("cell_type") == "markdown"),
                index,
                (),
            )
            reveals[exercise_id] = []
            statement, last = None, exercise_id
    return {
        exercise_id: ExerciseCells(**{**place.__dict__, "reveals": tuple(reveals[exercise_id])})
        for exercise_id, place in found.items()
    }


def read_notebook(path: Path) -> nbformat.NotebookNode:
    """A notebook as nbformat reads it; a file it cannot read is a CourseError naming it."""
    try:
        return nbformat.read(str(path), as_version=4)
    except FileNotFoundError:
        raise CourseError(f"the notebook {path} does not exist") from None
    except Exception as error:  # nbformat raises many kinds for a damaged file
        raise CourseError(f"the notebook {path} cannot be read ({type(error).__name__}: {error})") from None


# -- the model -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """An exercise of the course, as its teacher notebook defines it."""

    id: str
    heading: str  # "Exercise 3 (Sniedovich, Exercise 3)"
    answer: str  # the name the check cell passes to check()
    kind: str  # "function" or "value": what the worked solution binds to that name
    defines: tuple[str, ...]  # every name the worked solution's code cells define
    cells: ExerciseCells  # where it sits in the teacher notebook
    cell_ids: dict[str, tuple[str, ...]]  # nbformat cell ids: statement, solutions, arguments, check
    points: Points
    lesson: Lesson = field(repr=False, compare=False)

    @property
    def has_argument(self) -> bool:
        return bool(self.cells.arguments)

    def model_argument(self) -> str:
        """The text of the worked argument (the teacher's Markdown solution cells)."""
        cells = self.lesson.notebook.cells
        return "\n\n".join(cells[i].source for i in self.cells.arguments)

    def worked_code(self) -> str:
        """The worked solution's code cells, joined."""
        cells = self.lesson.notebook.cells
        return "\n\n".join(cells[i].source for i in self.cells.solutions)

    def reveal_texts(self) -> list[str]:
        """The sources and stored text outputs of the exercise's reveal cells."""
        texts = []
        for i in self.cells.reveals:
            cell = self.lesson.notebook.cells[i]
            texts.append(cell.source)
            for output in cell.get("outputs", []):
                texts.append(_output_text(output))
        return texts


def _output_text(output: Any) -> str:
    text = output.get("text", "")
    data = output.get("data", {})
    text = text if isinstance(text, str) else "".join(text)
    for kind in ("text/plain", "text/html", "text/markdown", "text/latex"):
        value = data.get(kind, "")
        text += value if isinstance(value, str) else "".join(value)
    return text


@dataclass
class Lesson:
    """One lesson notebook of a unit."""

    file: str  # "egg/01-worst-case" (the table of contents' form: no extension)
    title: str  # short title for the course map: "I. The worst case"
    minutes: int
    optional: bool
    points: dict[str, Points]  # the table of contents' overrides, by exercise id
    unit: Unit = field(repr=False)
    course: Course = field(repr=False)
    released: datetime.date | None = None  # the day students get it; None: from the start
    prints_answers_of: tuple[str, ...] = ()  # earlier exercises whose answers its cells state

    def released_by(self, day: datetime.date | None) -> bool:
        """Whether students have the lesson on ``day`` (None: the whole course, every lesson)."""
        return day is None or self.released is None or self.released <= day

    @property
    def relative(self) -> str:
        """``egg/01-worst-case.ipynb``: the path below the course's notebooks folder."""
        return self.file + ".ipynb"

    @property
    def path(self) -> Path:
        return self.course.root / self.relative

    @property
    def stem(self) -> str:
        return Path(self.file).name

    @cached_property
    def notebook(self) -> nbformat.NotebookNode:
        return read_notebook(self.path)

    @property
    def heading(self) -> str:
        """The notebook's own title (its first line, without the #)."""
        cells = self.notebook.cells
        first = cells[0].source.strip().splitlines()[0] if cells and cells[0].source.strip() else self.title
        return first.lstrip("#").strip()

    @cached_property
    def exercises(self) -> tuple[Exercise, ...]:
        notebook = self.notebook
        cells = notebook.cells
        result = []
        for exercise_id, place in locate(notebook).items():
            defines: dict[str, str] = {}
            for i in place.solutions:
                defines.update(defined_names(cells[i].source))
            kind = defines.get(place.answer, "value")
            heading = ""
            if place.statement is not None:
                lines = cells[place.statement].source.strip().splitlines()
                heading = lines[0].lstrip("#").strip() if lines else ""
            chosen = self.points.get(exercise_id, DEFAULT_POINTS)
            points = Points(chosen.check, chosen.argument if place.arguments else 0)
            ids = {
                "statement": _ids(cells, () if place.statement is None else (place.statement,)),
                "solutions": _ids(cells, place.solutions),
                "arguments": _ids(cells, place.arguments),
                "check": _ids(cells, (place.check,)),
                "reveals": _ids(cells, place.reveals),
            }
            result.append(
                Exercise(
                    exercise_id,
                    heading,
                    place.answer,
                    kind,
                    tuple(defines),
                    place,
                    ids,
                    points,
                    self,
                )
            )
        return tuple(result)

    def first_code_cell(self) -> str:
        """The lesson's first code cell (its imports): a worked solution needs nothing else."""
        return next((cell.source for cell in self.notebook.cells if cell.cell_type == "code"), "")


def _ids(cells: list, indices: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(str(cells[i].get("id", "")) for i in indices)


@dataclass
class Unit:
    """A unit: a puzzle, its folder and its lessons in order."""

    folder: str  # "higher-lower"
    caption: str  # "The higher-lower game"
    source: str
    teaches: str
    lessons: list[Lesson] = field(default_factory=list)
    released: datetime.date | None = None  # its lessons' date, unless a lesson sets its own

    @property
    def package(self) -> str:
        """The unit's subpackage: ``puzzles.higher_lower``."""
        return "puzzles." + self.folder.replace("-", "_")

    @property
    def minutes(self) -> int:
        return sum(lesson.minutes for lesson in self.lessons if not lesson.optional)


@dataclass
class Course:
    """The course: its notebooks folder, the course map, and its units in order."""

    root: Path
    units: list[Unit]
    root_page: str = "00-course-map"
    until: datetime.date | None = None  # the day this course is released by; None: all of it
    withheld: list[Lesson] = field(default_factory=list)  # its lessons released after ``until``
    whole: Course | None = field(default=None, repr=False)  # the course with every lesson

    def complete(self) -> Course:
        """The course with every lesson, released or not (itself, unless it is ``released_by`` one)."""
        return self.whole if self.whole is not None else self

    @property
    def course_map(self) -> Path:
        return self.root / (self.root_page + ".ipynb")

    @property
    def lessons(self) -> list[Lesson]:
        return [lesson for unit in self.units for lesson in unit.lessons]

    @property
    def exercises(self) -> list[Exercise]:
        return [exercise for lesson in self.lessons for exercise in lesson.exercises]

    @property
    def minutes(self) -> int:
        return sum(unit.minutes for unit in self.units)

    def exercise(self, exercise_id: str) -> Exercise:
        for exercise in self.exercises:
            if exercise.id == exercise_id:
                return exercise
        known = ", ".join(e.id for e in self.exercises)
        raise CourseError(f"the course has no exercise {exercise_id!r}; it has {known}")

    def lesson(self, name: str | Path) -> Lesson:
        """A lesson by its file (``egg/01-worst-case``, with or without ``.ipynb``) or its path."""
        wanted = Path(name)
        for lesson in self.lessons:
            if wanted in (Path(lesson.file), Path(lesson.relative), lesson.path) or (
                wanted.is_absolute() and wanted.resolve() == lesson.path.resolve()
            ):
                return lesson
        raise CourseError(f"the course has no lesson {str(name)!r}")

    def notebooks(self) -> list[Path]:
        """The course map and every lesson, in course order."""
        return [self.course_map, *(lesson.path for lesson in self.lessons)]

    def released_by(self, day: datetime.date | str | None) -> Course:
        """The course as students have it on ``day``: only the lessons released by then (a unit
        with none left out), the others in ``withheld``; ``None`` gives the whole course.

        Each lesson's ``released`` date is compared with ``day``; a lesson without one is always
        there. The lessons kept are new objects of the new course; their notebooks are the same
        files.
        """
        if day is None:
            return self.complete()
        day = parse_day(day, "the release day")
        whole = self.complete()
        course = Course(whole.root, [], whole.root_page, day, [], whole)
        for unit in whole.units:
            kept = replace(unit, lessons=[])
            for lesson in unit.lessons:
                if lesson.released_by(day):
                    copy = replace(lesson, unit=kept, course=course)
                    if "notebook" in lesson.__dict__:  # read once: the same file
                        copy.__dict__["notebook"] = lesson.__dict__["notebook"]
                    kept.lessons.append(copy)
                else:
                    course.withheld.append(lesson)
            if kept.lessons:
                course.units.append(kept)
        return course

    def release_warnings(self) -> list[str]:
        """A sentence for each lesson released before the answers it states are due.

        A lesson lists in ``prints_answers_of`` the earlier exercises whose answers its cells
        state; students can read those answers the day it is released, so it must come after the
        exercise's own lesson, on a later day (by then that exercise is due). A lesson that states
        an answer and has no date while the exercise's lesson has one is named too. Raises
        ``CourseError`` for an exercise that is not in an earlier lesson.
        """
        everything = self.complete().lessons
        order = {lesson.file: n for n, lesson in enumerate(everything)}
        owner = {exercise.id: lesson for lesson in everything for exercise in lesson.exercises}
        warnings = []
        for lesson in everything:
            for exercise_id in lesson.prints_answers_of:
                earlier = owner.get(exercise_id)
                if earlier is None:
                    raise CourseError(
                        f"the lesson {lesson.file} lists {exercise_id!r} in prints_answers_of, and the "
                        f"course has no exercise {exercise_id!r}"
                    )
                if order[earlier.file] >= order[lesson.file]:
                    raise CourseError(
                        f"the lesson {lesson.file} lists {exercise_id!r} in prints_answers_of, an "
                        f"exercise of {earlier.file}, which is not an earlier lesson"
                    )
                if earlier.released is None:
                    continue  # the exercise's lesson is out from the start: nothing to wait for
                if lesson.released is None or lesson.released <= earlier.released:
                    when = "from the start" if lesson.released is None else f"on {lesson.released}"
                    warnings.append(
                        f"{lesson.file} is released {when} and states the answer to {exercise_id}, "
                        f"an exercise of {earlier.file}, released on {earlier.released}: release "
                        f"{lesson.file} after {exercise_id} is due (a later day than {earlier.released})"
                    )
        return warnings


# -- reading the table of contents -----------------------------------------------------------------

_PART_KEYS = {"caption", "unit", "source", "teaches", "chapters", "released"}
_CHAPTER_KEYS = {"file", "title", "minutes", "optional", "points", "released", "prints_answers_of"}


def parse_day(value: Any, what: str) -> datetime.date:
    """A day written ``YYYY-MM-DD`` (a date as YAML reads it, or that text); ``what`` names it in
    the sentence a bad value gets."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise CourseError(f"{what} must be a day written YYYY-MM-DD (like 2027-01-18), got {value!r}")


def default_root() -> Path:
    """The ``notebooks/`` folder of the repository this package is installed from."""
    return Path(__file__).resolve().parents[2] / "notebooks"


def read_toc(path: Path) -> Any:
    """A table of contents as YAML reads it, except that a day stays the text it is written as
    (``parse_day`` reads it, and names the lesson of a day that does not exist, 2027-02-30)."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.yaml_implicit_resolvers = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=Loader)  # noqa: S506 (a SafeLoader)


def load(root: Path | str | None = None) -> Course:
    """Read the course whose notebooks (and ``_toc.yml``) are in ``root`` (default: the repository's)."""
    import yaml

    root = Path(root) if root is not None else default_root()
    toc_path = root / TOC
    if not toc_path.is_file():
        raise CourseError(
            f"there is no table of contents {toc_path}: the course's notebooks folder holds {TOC}, "
            "the list of its units and lessons (run the tools from a clone of the repository, or "
            "point them at its notebooks folder)"
        )
    try:
        toc = read_toc(toc_path)
    except yaml.YAMLError as error:
        raise CourseError(f"{toc_path} is not valid YAML: {error}") from None

    def fail(why: str) -> CourseError:
        return CourseError(f"{toc_path}: {why}")

    if not isinstance(toc, dict) or not isinstance(toc.get("parts"), list):
        raise fail("it needs a list `parts`, one per unit, each with its `chapters`")
    course = Course(root, [], str(toc.get("root", "00-course-map")))
    seen: set[str] = set()
    for number, part in enumerate(toc["parts"], start=1):
        if not isinstance(part, dict):
            raise fail(f"part {number} is not a mapping")
        unknown = set(part) - _PART_KEYS
        if unknown:
            raise fail(f"part {number} has unknown keys {sorted(unknown)}; known: {sorted(_PART_KEYS)}")
        folder = part.get("unit")
        if not isinstance(folder, str) or not folder:
            raise fail(f"part {number} needs `unit`, its folder under notebooks/")
        unit = Unit(
            folder,
            str(part.get("caption", folder)),
            str(part.get("source", "")),
            str(part.get("teaches", "")),
            released=_day(part, f"the release day of the unit {folder}", fail),
        )
        chapters = part.get("chapters")
        if not isinstance(chapters, list) or not chapters:
            raise fail(f"the unit {folder} needs a list `chapters` of its lessons")
        for chapter in chapters:
            if not isinstance(chapter, dict) or not isinstance(chapter.get("file"), str):
                raise fail(f"a lesson of the unit {folder} needs `file` (like {folder}/01-name)")
            unknown = set(chapter) - _CHAPTER_KEYS
            if unknown:
                raise fail(f"the lesson {chapter['file']} has unknown keys {sorted(unknown)}")
            file = chapter["file"].removesuffix(".ipynb")
            if Path(file).parent.as_posix() != folder:
                raise fail(f"the lesson {file} is not in its unit's folder {folder}/")
            if file in seen:
                raise fail(f"the lesson {file} is listed twice")
            seen.add(file)
            if not (root / (file + ".ipynb")).is_file():
                raise fail(f"the lesson {file} has no notebook {root / (file + '.ipynb')}")
            minutes = chapter.get("minutes", 40)
            if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes <= 0:
                raise fail(f"the lesson {file}: minutes must be a positive whole number, got {minutes!r}")
            released = _day(chapter, f"the release day of the lesson {file}", fail)
            gives = chapter.get("prints_answers_of") or []
            if not isinstance(gives, list) or not all(isinstance(g, str) and g for g in gives):
                raise fail(
                    f"the lesson {file}: prints_answers_of must be a list of exercise ids "
                    f"(like [trios-1]), got {gives!r}"
                )
            unit.lessons.append(
                Lesson(
                    file,
                    str(chapter.get("title", Path(file).name)),
                    minutes,
                    bool(chapter.get("optional", False)),
                    _points(chapter.get("points") or {}, fail, file),
                    unit,
                    course,
                    released if released is not None else unit.released,
                    tuple(gives),
                )
            )
        course.units.append(unit)
    if not course.units:
        raise fail("it lists no unit")
    return course


def _day(entry: dict, what: str, fail) -> datetime.date | None:
    if entry.get("released") is None:
        return None
    try:
        return parse_day(entry["released"], what)
    except CourseError as error:
        raise fail(str(error)) from None


def _points(raw: Any, fail, file: str) -> dict[str, Points]:
    if not isinstance(raw, dict):
        raise fail(f"the lesson {file}: points must map exercise ids to {{check: P, argument: Q}}")
    result = {}
    for exercise_id, value in raw.items():
        if not isinstance(value, dict) or set(value) - {"check", "argument"}:
            raise fail(f"the lesson {file}: points of {exercise_id} must be {{check: P, argument: Q}}")
        numbers = [value.get("check", DEFAULT_POINTS.check), value.get("argument", DEFAULT_POINTS.argument)]
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
            raise fail(f"the lesson {file}: points of {exercise_id} must be whole numbers >= 0")
        result[str(exercise_id)] = Points(*numbers)
    return result
