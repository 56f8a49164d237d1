"""The student edition: every lesson with no answer in it.

    dp-puzzles student [--source notebooks] [--out build/student] [--until YYYY-MM-DD]

For each notebook of the course (the course map and every lesson of ``_toc.yml``; with
``--until DAY``, only the lessons released by that day, see below):

* a worked solution in code becomes a visible stub for the names it defines, its first line
  the one to fill in: ``def N(k): ...  # your code here`` for a function,
  ``answer = ...  # your answer here`` for a value;
* a worked argument (a Markdown solution cell) becomes ``ARGUMENT_STUB``, visible;
* a cell tagged ``reveals`` keeps no answer: its source becomes a one-line placeholder and
  its outputs go; the reveal cells that follow it (of the same exercise) are left out, so
  that a run of reveals reads as one placeholder;
* the checks' stored verdicts are cleared, so that each check, run, says "not attempted yet".

Every other cell is copied as it is, outputs included; cell ids are kept, so that the
grader can find each exercise's cells in a hand-in (find a cell by its id: after a run of
reveals, the student edition's cells are fewer than the teacher's). The teacher notebooks are never changed:
the output folder may not overlap the source, and is written only when it is new, empty or
this tool's own earlier output.

Release days. With ``--until DAY`` (``YYYY-MM-DD``, or ``today``) the edition holds only the
lessons released by that day (``released`` in ``_toc.yml``; a lesson without a date is always
there): the other lessons' notebooks are not written, its ``_toc.yml`` lists only the lessons
it holds, the course map names each lesson still to come with its day, without a link, and a
link from a lesson to one still to come becomes its text and the day.
Without ``--until`` it holds every lesson, released or not, as the instructor's copy does; when
the table of contents sets release days, the command says so. It warns about every lesson
released before the answers it states are due (``prints_answers_of`` in ``_toc.yml``).
"""

from __future__ import annotations

import argparse
import ast
import copy
import datetime
import io
import json
import re
import sys
import tokenize
from pathlib import Path

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor.builds import BuildRefused, OutputFolder

__all__ = [
    "ARGUMENT_STUB",
    "stub_source",
    "student_notebook",
    "reveal_placeholder",
    "show",
    "clear_outputs",
    "keep_displayed_widgets",
    "build",
    "edition_of",
    "released_toc",
    "release_notes",
    "until_day",
    "add_arguments",
    "run",
    "main",
]

ARGUMENT_STUB = (
    "*Write your argument here. The model argument is in the teacher edition, which your instructor "
    "shares once this exercise is handed in.*"
)
TOOL = "student edition"


def _written(source: str, node: ast.AST) -> str:
    """An annotation as the author wrote it (``ast.unparse`` would rewrite ``1e-9`` as ``1e-09``)."""
    return ast.get_source_segment(source, node) or ast.unparse(node)


def _signature(source: str, node: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The text between a function's parentheses, as the author wrote it, on one line."""
    segment = ast.get_source_segment(source, node) or ""
    depth, start, end = 0, None, None
    try:
        for token in tokenize.generate_tokens(io.StringIO(segment).readline):
            if token.type == tokenize.OP and token.string == "(":
                depth += 1
                if depth == 1 and start is None:
                    start = token.end
            elif token.type == tokenize.OP and token.string == ")":
                depth -= 1
                if depth == 0 and start is not None:
                    end = token.start
                    break
    except (tokenize.TokenError, SyntaxError):
        return ast.unparse(node.args)
    if start is None or end is None:
        return ast.unparse(node.args)
    lines = segment.splitlines()
    if start[0] == end[0]:
        text = lines[start[0] - 1][start[1] : end[1]]
    else:
        text = "\n".join(
            [lines[start[0] - 1][start[1] :], *lines[start[0] : end[0] - 1], lines[end[0] - 1][: end[1]]]
        )
    text = " ".join(part.strip() for part in text.splitlines()).strip().rstrip(",")
    return text.replace("( ", "(").replace(" )", ")")


def stub_source(source: str) -> str:
    """A solution cell's code turned into stubs for the names it defines, the first line first.

    Top-level functions keep their signature; top-level assignments keep their target names.
    An import is kept only where a stub's signature needs one of its names (an annotation, a
    default value), and then comes first; everything else is the worked solution, and goes.

    >>> print(stub_source("from fractions import Fraction\\n\\ndef f(k):\\n    return Fraction(k, 2)"))
    def f(k): ...  # your code here
    """
    tree = ast.parse(source)
    stubs: list[str] = []
    needed: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
            signature = _signature(source, node)
            returns = f" -> {_written(source, node.returns)}" if node.returns else ""
            stubs.append(f"{prefix} {node.name}({signature}){returns}: ...  # your code here")
            needed |= {n.id for n in ast.walk(node.args) if isinstance(n, ast.Name)}
            if node.returns is not None:
                needed |= {n.id for n in ast.walk(node.returns) if isinstance(n, ast.Name)}
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        stubs.append(f"{name.id} = ...  # your answer here")
    if not stubs:
        raise ValueError("a solution cell must define at least one name (a function or a value) to check")
    imports = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound = {(alias.asname or alias.name).split(".")[0] for alias in node.names}
            if bound & needed:
                imports.append(ast.unparse(node))
    return "\n".join(dict.fromkeys(imports + stubs))


def reveal_placeholder(
    cell_type: str, exercise: str, edition: str = "the student edition", after: str = "handed in"
) -> str:
    """The one line a reveal cell (or a run of them) keeps in ``edition`` (the nbgrader export
    says "this assignment" and "graded")."""
    words = (
        f"Left out of {edition}: what stood here states the answer to {exercise}. It is in the "
        f"teacher edition, which your instructor shares once the exercise is {after}."
    )
    return f"*{words}*" if cell_type == "markdown" else f"# {words}"


def show(cell: nbformat.NotebookNode) -> None:
    """Expand a collapsed cell (source and outputs)."""
    jupyter = cell.metadata.get("jupyter")
    if isinstance(jupyter, dict):
        jupyter.pop("source_hidden", None)
        jupyter.pop("outputs_hidden", None)
        if not jupyter:
            cell.metadata.pop("jupyter")


def clear_outputs(cell: nbformat.NotebookNode) -> None:
    """A code cell without outputs, as if never run."""
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None


def student_notebook(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``notebook`` with no answer in it (see the module's description)."""
    result = copy.deepcopy(notebook)
    places = model.locate(result)
    exercise_of = {}
    for exercise_id, place in places.items():
        heading = ""
        if place.statement is not None:
            lines = result.cells[place.statement].source.strip().splitlines()
            heading = lines[0].lstrip("#").strip() if lines else ""
        name = heading.split("(")[0].strip() or exercise_id
        for index in place.reveals:
            exercise_of[index] = name
    dropped: set[int] = set()
    for index, cell in enumerate(result.cells):
        cell_tags = model.tags(cell)
        if model.TAG_SOLUTION in cell_tags:
            if cell.cell_type == "code":
                cell.source = stub_source(cell.source)
            else:
                cell.source = ARGUMENT_STUB
            clear_outputs(cell)
            show(cell)
        elif model.TAG_REVEALS in cell_tags:
            name = exercise_of.get(index, "this exercise")
            before = result.cells[index - 1] if index else None
            if (
                before is not None
                and model.TAG_REVEALS in model.tags(before)
                and exercise_of.get(index - 1) == name
            ):
                dropped.add(index)
                continue
            cell.source = reveal_placeholder(cell.cell_type, name)
            clear_outputs(cell)
            cell.pop("attachments", None)
        elif model.TAG_CHECK in cell_tags:
            clear_outputs(cell)
    result.cells = [cell for index, cell in enumerate(result.cells) if index not in dropped]
    keep_displayed_widgets(result)
    return result


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def keep_displayed_widgets(notebook: nbformat.NotebookNode) -> dict:
    """Keep only the saved widget state that the notebook's outputs still display (the models they
    show and every model those refer to): a widget of a cleared cell, a reveal's say, would
    otherwise stay in the notebook's metadata with what it showed. Returns the state kept."""
    widgets = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {})
    state = widgets.get("state", {})
    wanted = [
        output.get("data", {})[WIDGET_VIEW].get("model_id")
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if WIDGET_VIEW in output.get("data", {})
    ]
    kept: dict = {}
    while wanted:
        model_id = wanted.pop()
        if model_id in kept or model_id not in state:
            continue
        kept[model_id] = state[model_id]
        wanted += re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(state[model_id]))
    if not kept:
        notebook.metadata.pop("widgets", None)
        return {}
    widgets["state"] = kept
    return widgets["state"]  # (a NotebookNode stores a copy of what it is given)


def released_toc(course: model.Course, until: datetime.date) -> str:
    """The text of ``course``'s ``_toc.yml`` with only the lessons released by ``until`` (a unit
    with none left out), for the student edition of that day."""
    import yaml

    toc = model.read_toc(course.root / model.TOC)
    kept = {lesson.file for lesson in course.released_by(until).lessons}
    parts = []
    for part in toc["parts"]:
        chapters = [c for c in part["chapters"] if c["file"].removesuffix(".ipynb") in kept]
        if chapters:
            parts.append({**part, "chapters": chapters})
    toc["parts"] = parts
    head = (
        f"# The lessons of the student edition released by {until.isoformat()} (written by "
        "`dp-puzzles student --until`;\n# the course's own table of contents lists every lesson).\n"
    )
    return head + yaml.safe_dump(toc, sort_keys=False, allow_unicode=True, width=100)


def release_notes(course: model.Course, until: datetime.date | None) -> list[str]:
    """What the builders of a student edition say about release days: a warning for each lesson
    released before the answers it states are due, and, without ``until`` where the table of
    contents sets days, that every lesson is in it."""
    course = course.complete()
    dated = [lesson for lesson in course.lessons if lesson.released is not None]
    notes = []
    if dated:  # without a day, every lesson is out from the start: no answer comes too early
        try:
            notes += [f"warning: {line}" for line in course.release_warnings()]
        except model.CourseError as error:  # a notebook that cannot be read is named by the build too
            notes.append(f"warning: the release days cannot be checked: {error}")
    if until is None and dated:
        notes.append(
            f"note: {len(dated)} lessons have a release day in {model.TOC}, and without --until the "
            "student edition holds every lesson; pass --until YYYY-MM-DD (or today) to hold only "
            "those released by that day"
        )
    return notes


_NOTEBOOK_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s#]+\.ipynb)(#[^)\s]*)?\)")


def _unlink_withheld(notebook: nbformat.NotebookNode, relative: Path, course: model.Course) -> None:
    """A Markdown link to a lesson that ``course`` withholds becomes its text and the lesson's day:
    the edition does not hold the notebook it would open."""
    withheld = {lesson.relative: lesson for lesson in course.withheld}
    if not withheld:
        return

    def unlink(match: re.Match) -> str:
        parts: list[str] = []
        for part in (relative.parent / match.group(2)).as_posix().split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        lesson = withheld.get("/".join(parts))
        if lesson is None:
            return match.group(0)
        return f"{match.group(1)} (a lesson coming on {lesson.released})"

    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = _NOTEBOOK_LINK.sub(unlink, cell.source)


def edition_of(notebook: nbformat.NotebookNode, path: Path, course: model.Course) -> nbformat.NotebookNode:
    """The student edition of ``notebook``, read from ``path`` of ``course``: ``student_notebook``,
    and for the course map of a course released by a day (``Course.released_by``), its table of
    lessons of that day: each lesson still to come named with its day, without a link."""
    from puzzles.instructor import catalogue

    edition = student_notebook(notebook)
    if course.until is None:
        return edition
    _unlink_withheld(edition, Path(path).relative_to(course.root), course)
    if Path(path) != course.course_map:
        return edition
    start, end = catalogue.LESSONS
    table = catalogue.lesson_table(course.complete(), course.until)
    for cell in edition.cells:
        if cell.cell_type == "markdown" and start in cell.source and end in cell.source:
            cell.source = catalogue.replace_between(cell.source, catalogue.LESSONS, table, "the course map")
    return edition


def build(
    source: Path | None = None,
    out: Path | None = None,
    log=print,
    until: datetime.date | str | None = None,
) -> tuple[Path, list[Path]]:
    """Write the student edition of the course in ``source`` to ``out``; return the folder and the
    notebooks written.

    With ``until`` (a day), only the lessons released by then (see the module's description).
    A notebook that cannot be read or turned into its student edition is named (with its cell)
    and left out; the others are still written. Raises ``CourseError`` when ``source`` holds no
    course or ``until`` is no day, and ``BuildRefused`` when ``out`` is not safe to write.
    """
    whole = model.load(source)
    day = None if until is None else model.parse_day(until, "--until")
    course = whole.released_by(day)
    for line in release_notes(whole, day):
        log(line)
    out = Path(out) if out is not None else whole.root.parent / "build" / "student"
    written: list[Path] = []
    failed: list[str] = []
    with OutputFolder(out, TOOL, sources=[course.root]) as folder:
        for path in course.notebooks():
            relative = path.relative_to(course.root)
            try:
                notebook = model.read_notebook(path)
            except model.CourseError as error:
                failed.append(str(error))
                continue
            try:
                edition = edition_of(notebook, path, course)
            except (SyntaxError, ValueError) as error:
                where = _failing_cell(notebook)
                failed.append(f"{path}: {where}{error}")
                continue
            target = folder.target(relative)
            nbformat.write(edition, str(target))
            written.append(target)
        toc = course.root / model.TOC
        if toc.exists():
            text = released_toc(whole, day) if day is not None else toc.read_text(encoding="utf-8")
            folder.write_text(model.TOC, text)
    for line in failed:
        log(f"left out: {line}")
    if failed:
        raise BuildFailed(written, failed)
    return folder.path, written


class BuildFailed(Exception):
    """Some notebooks could not be turned into their student edition (the others were written)."""

    def __init__(self, written: list[Path], failed: list[str]):
        self.written, self.failed = written, failed
        super().__init__(f"{len(failed)} notebook(s) left out of the student edition: " + "; ".join(failed))


def _failing_cell(notebook: nbformat.NotebookNode) -> str:
    for index, cell in enumerate(notebook.cells):
        if model.TAG_SOLUTION in model.tags(cell) and cell.cell_type == "code":
            try:
                stub_source(cell.source)
            except (SyntaxError, ValueError):
                return f"cell {index + 1} (a worked solution): "
    return ""


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
        help="the folder to write (default: build/student next to the notebooks folder); it must be new, "
        "empty, or this command's earlier output, and outside the source",
    )
    parser.add_argument(
        "--until",
        default=None,
        metavar="YYYY-MM-DD",
        help="hold only the lessons released by that day (their `released` in _toc.yml; a lesson "
        "without one is always held), or `today`; default: every lesson",
    )


def run(args: argparse.Namespace) -> int:
    try:
        day = until_day(args.until)
        out, written = build(args.source, args.out, log=lambda line: print(line, file=sys.stderr), until=day)
    except (model.CourseError, BuildRefused) as error:
        print(f"dp-puzzles student: {error}", file=sys.stderr)
        return 2
    except BuildFailed as error:
        print(
            f"student edition: {len(error.written)} notebooks written; {len(error.failed)} left out",
            file=sys.stderr,
        )
        return 1
    held = f" (the lessons released by {day})" if day is not None else ""
    print(f"student edition{held}: {len(written)} notebooks written to {out}")
    return 0


def until_day(value: str | None) -> datetime.date | None:
    """``--until``'s day: ``YYYY-MM-DD``, ``today``, or None (every lesson)."""
    if value is None:
        return None
    if value.strip().lower() == "today":
        return datetime.date.today()
    return model.parse_day(value, "--until")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles student", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
