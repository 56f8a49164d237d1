"""The student-edition builder turns solutions into stubs and keeps everything else."""

import nbformat
import pytest

from puzzles.course.student import PROOF_STUB, stub_source, student_notebook


def test_stub_source_keeps_names_and_signatures():
    source = (
        "from math import isqrt\n"
        "def N(k, *, eggs=2):\n    return k + 1\n"
        "answer = N(3)\n"
        "a, b = 1, 2\n"
        "print(answer)\n"
    )
    stub = stub_source(source)
    assert "def N(k, *, eggs=2): ...  # your code here" in stub
    assert "answer = ...  # your answer here" in stub
    assert "a = ..." in stub and "b = ..." in stub
    assert "print" not in stub and "return" not in stub
    namespace = {}
    exec(stub, namespace)
    assert namespace["N"](3) is None and namespace["answer"] is Ellipsis


def test_a_solution_must_define_something():
    with pytest.raises(ValueError, match="define at least one name"):
        stub_source("print(1)\n")


def test_student_notebook_rewrites_only_solutions_and_checks():
    notebook = nbformat.v4.new_notebook()
    lesson = nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", text="kept")])
    solution = nbformat.v4.new_code_cell("def f(k):\n    return 2 * k", metadata={"tags": ["solution"]})
    solution.outputs = [nbformat.v4.new_output("stream", text="secret")]
    proof = nbformat.v4.new_markdown_cell("Because 2k is even.", metadata={"tags": ["solution"]})
    verdict = nbformat.v4.new_code_cell('check("egg-1", f)', metadata={"tags": ["check"]})
    verdict.outputs = [nbformat.v4.new_output("stream", text="Correct")]
    notebook.cells = [lesson, solution, proof, verdict]
    student = student_notebook(notebook)
    assert student.cells[0].outputs[0].text == "kept"
    assert student.cells[1].source == "def f(k): ...  # your code here" and student.cells[1].outputs == []
    assert student.cells[2].source == PROOF_STUB
    assert student.cells[3].outputs == []
    assert notebook.cells[1].source.startswith("def f(k):\n")  # the original is untouched


def test_markdown_solutions_lose_their_text_and_revealing_cells_are_cleared_or_folded():
    from puzzles.course.student import REVEAL_SUMMARY

    notebook = nbformat.v4.new_notebook()
    proof = nbformat.v4.new_markdown_cell(
        "**Worked solution.** The answer is 42.", metadata={"tags": ["solution"]}
    )
    shown = nbformat.v4.new_code_cell("table", metadata={"tags": ["reveals"]})
    shown.outputs = [nbformat.v4.new_output("stream", text="42")]
    shown.execution_count = 7
    summary = nbformat.v4.new_markdown_cell("So the answer is 42.", metadata={"tags": ["reveals"]})
    notebook.cells = [proof, shown, summary]
    student = student_notebook(notebook)
    assert student.cells[0].source == PROOF_STUB and "42" not in student.cells[0].source
    assert student.cells[1].outputs == [] and student.cells[1].execution_count is None
    assert student.cells[2].source.startswith(f"<details><summary>{REVEAL_SUMMARY}</summary>")
    assert "So the answer is 42." in student.cells[2].source
