"""The student edition runs top to bottom without an error, and every check in it reports
"not attempted yet".

``make nbval`` proves it for every notebook in the same run that checks the teacher notebook:
it executes the notebooks of ``tests/support/both_editions.py``, each the teacher notebook
followed by its student edition from the first cell the edition changes, started in the
namespace saved before the teacher's copy of that cell (the edition's cells before it are the
teacher's, which nbval has just run). nbval compares the student part's outputs too: each
check must print its "Not attempted yet" verdict, and each copied cell its stored output.

These tests check, without running the lessons, that each of those notebooks is what it
claims, and run one small notebook to show that the student part does not see what the
teacher's worked solutions defined.
"""

from pathlib import Path

import nbclient
import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.student import ARGUMENT_STUB, student_notebook
from support.both_editions import RESTORE_TAG, SAVE_TAG, both_editions, first_difference

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = [path.relative_to(ROOT / "notebooks") for path in model.load().notebooks()]


def _tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


@pytest.mark.parametrize("relative", NOTEBOOKS, ids=str)
def test_the_nbval_notebook_runs_the_teacher_notebook_then_the_student_edition(relative):
    teacher = nbformat.read(ROOT / "notebooks" / relative, as_version=4)
    student = student_notebook(teacher)
    combined = both_editions(teacher)
    solutions = [c for c in student.cells if "solution" in _tags(c)]
    assert all("# your" in c.source or c.source == ARGUMENT_STUB for c in solutions)
    places = model.locate(teacher)
    if not places:  # the course map: nothing to leave out, the student edition is the teacher's
        assert [c.source for c in student.cells] == [c.source for c in teacher.cells]
        assert [c.source for c in combined.cells] == [c.source for c in teacher.cells]
        return
    markers = [i for i, c in enumerate(combined.cells) if c.get("id") in (SAVE_TAG, RESTORE_TAG)]
    assert len(markers) == 2
    save, restore = markers
    start = first_difference(teacher, student)
    # the teacher notebook, every cell as it is, with the save cell before the first cell the
    # student edition changes, which is at or before the first exercise's first solution
    assert save == start <= min(min(p.solutions + p.arguments + (p.check,)) for p in places.values())
    teacher_part = combined.cells[:save] + combined.cells[save + 1 : restore]
    assert teacher_part == teacher.cells
    # then the student edition from that cell, every exercise's check in it
    student_part = combined.cells[restore + 1 :]
    assert [c.source for c in student_part] == [c.source for c in student.cells[start:]]
    checks = [c for c in student_part if "check" in _tags(c)]
    assert len(checks) == len(places)
    for cell, exercise_id in zip(checks, places, strict=True):
        assert f'check("{exercise_id}"' in cell.source
        (output,) = cell.outputs
        assert output.text.startswith(f"Not attempted yet ({exercise_id}): "), output.text
        assert cell.execution_count is not None  # nbval compares the outputs of cells that ran
    for cell in student_part:
        if cell.cell_type == "code" and "check" not in _tags(cell):
            original = next(c for c in student.cells if f"student-{c.get('id')}"[:64] == cell.get("id"))
            assert cell.outputs == original.outputs


def _notebook(*cells) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    for kind, source, tags in cells:
        make = nbformat.v4.new_code_cell if kind == "code" else nbformat.v4.new_markdown_cell
        notebook.cells.append(make(source, metadata={"tags": tags} if tags else {}))
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return notebook


LESSON = [
    ("code", "from puzzles.course import check\n\nsize = 3", []),
    ("markdown", "### Exercise 1 (the worst case)\n\nWrite `N(k)`.", ["exercise"]),
    ("code", "def helper(k):\n    return k\n\n\ndef N(k):\n    return helper(k)", ["solution"]),
    ("code", 'check("egg-1", N)', ["check"]),
]


def _run(notebook: nbformat.NotebookNode, tmp_path: Path) -> nbformat.NotebookNode:
    nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    ).execute()
    return notebook


def test_the_student_part_runs_without_the_names_the_worked_solutions_defined(tmp_path):
    fine = both_editions(_notebook(*LESSON, ("code", "print(size, N)", [])))
    ran = _run(fine, tmp_path)
    assert ran.cells[-1].outputs[0].text.startswith("3 <function N")  # the stub, not the solution
    check_output = "".join(o.get("text", "") for o in ran.cells[-2].outputs)
    assert check_output.startswith("Not attempted yet (egg-1)")
    # a cell after the exercise that uses a name only a reveal defines (the student edition
    # leaves the reveal out) fails for a student, and so it fails here, though the teacher's
    # copy of it ran a moment before
    reveal = ("code", "table = [N(k) for k in range(size)]", ["reveals"])
    broken = both_editions(_notebook(*LESSON, reveal, ("code", "print(len(table))", [])))
    with pytest.raises(nbclient.exceptions.CellExecutionError, match="name 'table' is not defined"):
        _run(broken, tmp_path)
    assert broken.cells[-1].get("id", "").startswith("student-")
    assert broken.cells[-6].outputs[0].text == "3\n"  # the teacher's copy
