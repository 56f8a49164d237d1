"""One run of a lesson for both editions: the notebooks ``make nbval`` executes.

    python tests/support/both_editions.py --out build/nbval

For each notebook of the course, the teacher notebook as it is (every cell with its stored
outputs, so nbval checks the teacher edition as before), followed by the student edition from
its first cell that differs from the teacher's (the first stub, cleared check or reveal
placeholder) to its end. The student edition's cells before that one are the teacher's, and
run the same; so instead of running them again, a cell placed before the teacher's copy of
that cell saves the kernel's namespace, and the student part starts by putting it back: every
name bound since is removed or rebound, so the worked solutions, the reveals and whatever they
defined are gone, as they are for a student. (A module-level cache or an object changed in
place by a later teacher cell is not put back; the lessons' later cells build their own.)

In the student part, a cell copied from the teacher keeps the teacher's stored outputs, which
nbval compares (a cell that printed something else without the worked solution would show the
teacher's output to a student), and each check is expected to print its "Not attempted yet"
verdict. So one execution serves nbval and the student-edition run.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import nbformat

from puzzles.course.checker import _printed, verify
from puzzles.instructor import course as model
from puzzles.instructor.student import student_notebook

ROOT = Path(__file__).resolve().parents[2]
SAVED = "_both_editions_namespace"
SAVE_TAG = "both-editions-save"
RESTORE_TAG = "both-editions-restore"
SAVE_SOURCE = f"# (the student edition starts here: the namespace is saved)\n{SAVED} = dict(globals())"
# IPython's own history names (_, __, _i3, _3, ...) are left alone; every other new name goes
RESTORE_SOURCE = f"""# The student edition from its first stub, in the namespace of before its first exercise.
import re as _re

_saved = globals().pop("{SAVED}")
globals().update(_saved)
for _name in [n for n in globals() if n not in _saved and not _re.fullmatch(r"_+|_i+|_i?\\d+", n)]:
    del globals()[_name]
del _name"""


def first_difference(teacher: nbformat.NotebookNode, student: nbformat.NotebookNode) -> int:
    """The index of the student edition's first cell that is not the teacher's cell at that index."""
    for index, (ours, theirs) in enumerate(zip(student.cells, teacher.cells, strict=False)):
        if ours.get("id") != theirs.get("id") or ours.source != theirs.source:
            return index
        if ours.cell_type == "code" and ours.outputs != theirs.outputs:
            return index
    return min(len(student.cells), len(teacher.cells))


def _code(source: str, tag: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": [tag]})
    cell.id = tag
    return cell


def not_attempted(exercise_id: str) -> list[nbformat.NotebookNode]:
    """The outputs a check cell prints for an untouched stub."""
    text = _printed(verify(exercise_id, ...)) + "\n"
    return [nbformat.v4.new_output("stream", name="stdout", text=text)]


def both_editions(teacher: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The teacher notebook, then the student edition from its first difference."""
    student = student_notebook(teacher)
    start = first_difference(teacher, student)
    result = copy.deepcopy(teacher)
    if start == len(student.cells):  # no exercise: the student edition is the teacher's
        return result
    suffix = copy.deepcopy(student.cells[start:])
    places = model.locate(student)
    checks = {student.cells[place.check].get("id"): exercise_id for exercise_id, place in places.items()}
    for cell in suffix:
        cell.id = f"student-{cell.get('id')}"[:64]
        if cell.get("id").removeprefix("student-") in checks:
            cell.outputs = not_attempted(checks[cell.id.removeprefix("student-")])
            cell.execution_count = 1  # (nbval compares the outputs of a cell that was run)
    result.cells = [
        *result.cells[:start],
        _code(SAVE_SOURCE, SAVE_TAG),
        *result.cells[start:],
        _code(RESTORE_SOURCE, RESTORE_TAG),
        *suffix,
    ]
    result.metadata.pop("widgets", None)  # (nbval compares outputs, not the saved widget state)
    return result


def write(out: Path, source: Path = ROOT / "notebooks") -> list[Path]:
    """Write the notebook of both editions of every notebook of the course under ``out``, the
    course's layout kept (and its ``_toc.yml``, which some lessons read); return them."""
    course = model.load(source)
    written = []
    for path in course.notebooks():
        relative = path.relative_to(source)
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(both_editions(nbformat.read(path, as_version=4)), target)
        written.append(target)
    (out / model.TOC).write_text((source / model.TOC).read_text(encoding="utf-8"), encoding="utf-8")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="an empty or earlier output folder")
    args = parser.parse_args(argv)
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
