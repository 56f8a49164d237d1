"""The student edition's builder: stubs first and visible, reveals emptied, and it never writes
over what it did not write."""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.builds import MARKER, BuildRefused
from puzzles.instructor.student import ARGUMENT_STUB, BuildFailed, build, stub_source, student_notebook

ROOT = Path(__file__).resolve().parents[2]
DP_PUZZLES = Path(sys.executable).parent / "dp-puzzles"


def test_stub_source_keeps_names_and_signatures_and_starts_with_the_line_to_fill_in():
    source = (
        "# Worked solution: try the exercise before opening this cell.\n"
        "from math import isqrt\n"
        "from fractions import Fraction\n"
        "def N(k, *, eggs=2, unit=Fraction(1)) -> int:\n    return isqrt(k) + eggs\n"
        "answer = N(3)\n"
        "a, b = 1, 2\n"
        "print(answer)\n"
    )
    stub = stub_source(source)
    lines = stub.splitlines()
    assert lines[0] == "from fractions import Fraction"  # the signature needs it; isqrt is the solution's
    assert lines[1] == "def N(k, *, eggs=2, unit=Fraction(1)) -> int: ...  # your code here"
    assert "answer = ...  # your answer here" in stub and "a = ..." in stub and "b = ..." in stub
    assert "print" not in stub and "return" not in stub and "isqrt" not in stub and "Worked" not in stub
    namespace = {}
    exec(stub, namespace)
    assert namespace["N"](3) is None and namespace["answer"] is Ellipsis


def test_a_solution_must_define_something():
    with pytest.raises(ValueError, match="define at least one name"):
        stub_source("print(1)\n")


def test_student_notebook_rewrites_solutions_reveals_and_checks_only():
    notebook = nbformat.v4.new_notebook()
    lesson = nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", text="kept")])
    statement = nbformat.v4.new_markdown_cell("### Exercise 1 (doubling)", metadata={"tags": ["exercise"]})
    solution = nbformat.v4.new_code_cell(
        "from math import isqrt\ndef f(k):\n    return 2 * k",
        metadata={"tags": ["solution"], "jupyter": {"source_hidden": True}},
    )
    solution.outputs = [nbformat.v4.new_output("stream", text="secret")]
    proof = nbformat.v4.new_markdown_cell(
        "**Worked solution.** Because 2k is even.",
        metadata={"tags": ["solution"], "jupyter": {"source_hidden": True}},
    )
    verdict = nbformat.v4.new_code_cell('check("egg-1", f)', metadata={"tags": ["check"]})
    verdict.outputs = [nbformat.v4.new_output("stream", text="Correct")]
    shown = nbformat.v4.new_code_cell("table = f(21)\ntable", metadata={"tags": ["reveals"]})
    shown.outputs = [nbformat.v4.new_output("stream", text="42")]
    shown.execution_count = 7
    summary = nbformat.v4.new_markdown_cell("So the answer is 2k, 42 at 21.", metadata={"tags": ["reveals"]})
    notebook.cells = [lesson, statement, solution, proof, verdict, shown, summary]
    edition = student_notebook(notebook)
    assert edition.cells[0].outputs[0].text == "kept"
    assert edition.cells[2].source == "def f(k): ...  # your code here" and edition.cells[2].outputs == []
    assert "jupyter" not in edition.cells[2].metadata and "jupyter" not in edition.cells[3].metadata
    assert edition.cells[3].source == ARGUMENT_STUB
    assert edition.cells[4].outputs == []
    assert edition.cells[5].outputs == [] and edition.cells[5].execution_count is None
    # a run of reveal cells reads as one placeholder: the first says what is left out, the rest are empty
    assert "42" not in edition.cells[5].source and "Exercise 1" in edition.cells[5].source
    assert edition.cells[5].source.startswith("# ")
    assert len(edition.cells) == 6 and summary.id not in {cell.id for cell in edition.cells}
    assert notebook.cells[2].source.startswith("from math import isqrt\ndef f(k):\n")  # the original


# -- the builder refuses what is not its own -------------------------------------------------------


def test_the_edition_is_never_written_over_its_source(tmp_path):
    with pytest.raises(BuildRefused, match="overlaps its source"):
        build(ROOT / "notebooks", ROOT / "notebooks")
    with pytest.raises(BuildRefused, match="overlaps its source"):
        build(ROOT / "notebooks", ROOT / "notebooks" / "student")
    with pytest.raises(BuildRefused, match="overlaps its source"):
        build(ROOT / "notebooks", ROOT)
    assert not (ROOT / "notebooks" / "student").exists()


def test_a_folder_that_is_not_its_own_is_refused_and_left_as_it_is(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("years of work")
    with pytest.raises(BuildRefused, match="not empty and was not written by this tool"):
        build(ROOT / "notebooks", mine)
    assert [p.name for p in mine.iterdir()] == ["thesis.tex"]


def test_a_rebuild_removes_only_what_the_earlier_build_wrote(tmp_path):
    out = tmp_path / "edition"
    build(ROOT / "notebooks", out, log=lambda line: None)
    assert (out / MARKER).is_file() and (out / "egg" / "01-worst-case.ipynb").is_file()
    (out / "notes.md").write_text("the instructor's notes")
    (out / "egg" / "01-worst-case.ipynb").write_text("stale")
    build(ROOT / "notebooks", out, log=lambda line: None)
    assert (out / "notes.md").read_text() == "the instructor's notes"
    assert nbformat.read(out / "egg" / "01-worst-case.ipynb", as_version=4).cells


def test_a_notebook_that_cannot_be_read_is_named_and_the_rest_is_built(tmp_path):
    source = tmp_path / "notebooks"
    import shutil

    shutil.copytree(ROOT / "notebooks", source)
    (source / "egg" / "02-expected-value.ipynb").write_text("{ not json")
    lines = []
    with pytest.raises(BuildFailed) as failure:
        build(source, tmp_path / "out", log=lines.append)
    assert len(failure.value.failed) == 1 and "02-expected-value.ipynb" in failure.value.failed[0]
    assert any("02-expected-value.ipynb" in line for line in lines)
    assert (tmp_path / "out" / "egg" / "01-worst-case.ipynb").is_file()
    assert len(failure.value.written) == len(model.load().notebooks()) - 1


def test_a_broken_worked_solution_is_named_with_its_cell(tmp_path):
    import shutil

    source = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", source)
    path = source / "egg" / "01-worst-case.ipynb"
    notebook = nbformat.read(path, as_version=4)
    place = model.locate(notebook)["egg-11"]
    notebook.cells[place.solutions[0]].source = "def broken(:\n"
    nbformat.write(notebook, path)
    with pytest.raises(BuildFailed) as failure:
        build(source, tmp_path / "out", log=lambda line: None)
    assert f"cell {place.solutions[0] + 1}" in failure.value.failed[0]


def _command(*args, cwd):
    return subprocess.run(
        [str(DP_PUZZLES), "student", *args], capture_output=True, text=True, cwd=cwd, env=dict(os.environ)
    )


def test_the_command_finds_the_course_from_anywhere_and_refuses_with_a_sentence(tmp_path):
    done = _command("--out", str(tmp_path / "edition"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"{len(model.load().notebooks())} notebooks written" in done.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    done = _command("--source", str(empty), "--out", str(tmp_path / "x"), cwd=tmp_path)
    assert done.returncode == 2 and "no table of contents" in done.stderr and "Traceback" not in done.stderr
    done = _command("--out", str(ROOT / "notebooks"), cwd=tmp_path)
    assert done.returncode == 2 and "overlaps its source" in done.stderr
