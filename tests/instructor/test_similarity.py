"""Similarity hints (``dp-puzzles grade --similarity``): read from the hand-ins' sources, no cell run.

Hand-ins are the student edition of egg I with answers written into its solution cells: two
students share an answer with every name changed and a comment added, a third wrote their own;
a fourth pasted the worked solution; a fifth pasted code of the unit's package.
"""

from __future__ import annotations

import copy
import csv
import importlib.util
import inspect
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.grading import similarity
from puzzles.instructor.grading.names import Student
from puzzles.instructor.grading.session import HandIn
from puzzles.instructor.student import student_notebook

COURSE = model.load()
LESSON = COURSE.lesson("egg/01-worst-case")
EXERCISE = COURSE.exercise("egg-1")  # optimal_drop_range(k)

SHARED = """def optimal_drop_range(k):
    t = 0
    while (t + 1) * (t + 2) // 2 < k:
        t += 1
    t += 1
    low = k - (t - 1) * t // 2
    return low, t
"""
RENAMED = """import math


def optimal_drop_range(floors):
    # counting up until the triangle number reaches the floors
    drops = 0
    while (drops + 1) * (drops + 2) // 2 < floors:
        drops += 1
    drops += 1
    first = floors - (drops - 1) * drops // 2
    return first, drops
"""
OWN = """from math import ceil, sqrt


def optimal_drop_range(k):
    widths = []
    for x in range(1, k + 1):
        needed = ceil((sqrt(8 * x + 1) - 1) / 2)
        widths.append(needed)
    best = min(widths[-1:] or [1])
    smallest = next(x for x in range(1, k + 1) if x + best * (best - 1) // 2 >= k)
    return smallest, best
"""


def hand_in(code: str | None) -> nbformat.NotebookNode:
    notebook = student_notebook(LESSON.notebook)
    if code is not None:
        notebook = copy.deepcopy(notebook)
        # found by its id: the student edition has fewer cells where a run of reveals became one
        wanted = LESSON.notebook.cells[EXERCISE.cells.solutions[0]].id
        next(cell for cell in notebook.cells if cell.id == wanted).source = code
    return notebook


def answers(**codes: str | None) -> list[similarity.Answer]:
    found = []
    for student, code in codes.items():
        found += similarity.answers_of(hand_in(code), LESSON, student, student.title(), f"{student}.ipynb")
    return found


def test_a_shared_answer_with_renamed_names_is_listed_and_an_own_one_is_not():
    matches = similarity.find_matches(answers(ada=SHARED, bob=RENAMED, cy=OWN), COURSE)
    pairs = [m for m in matches if m.kind == "hand-ins"]
    assert [(m.exercise, {m.first.student, m.other}) for m in pairs] == [("egg-1", {"ada", "bob"})]
    assert pairs[0].share >= similarity.THRESHOLD and pairs[0].characters >= similarity.MINIMUM
    assert not any("cy" in (m.first.student, m.other) for m in matches)


def test_the_stub_and_the_imports_are_not_an_answer():
    assert answers(ada=None) == []  # the student edition as handed out
    (answer,) = answers(bob=RENAMED)
    assert "import" not in answer.code and answer.exercise == "egg-1"
    # two students who only added the same import to the stub share nothing worth a hint
    stub = student_notebook(LESSON.notebook).cells[EXERCISE.cells.solutions[0]].source
    same = answers(ada="import math\n" + stub, bob="import math\n" + stub)
    assert similarity.find_matches(same, COURSE) == []


def test_the_pasted_worked_solution_is_flagged_against_it():
    worked = EXERCISE.worked_code().replace("optimal_drop_range(k)", "optimal_drop_range(n)")
    worked = worked.replace("(8 * k", "(8 * n").replace("< k", "< n").replace("return k", "return n")
    matches = similarity.find_matches(answers(dee=worked, cy=OWN), COURSE)
    flagged = [m for m in matches if m.kind == "worked solution"]
    assert [(m.first.student, m.other) for m in flagged] == [("dee", "the worked solution of egg-1")]
    assert flagged[0].share >= similarity.THRESHOLD


def test_pasted_package_code_is_flagged_against_its_file():
    from puzzles.egg import model as egg_model

    pasted = inspect.getsource(egg_model.worst_case_drops)
    code = pasted + "\n\ndef optimal_drop_range(k):\n    return worst_case_drops(2, k), 1\n"
    matches = similarity.find_matches(answers(eve=code), COURSE)
    files = {m.other for m in matches if m.kind == "pack code"}
    origin = Path(importlib.util.find_spec("puzzles.egg.model").origin)
    assert f"puzzles/egg/{origin.name}" in files


def test_the_report_says_it_is_no_grade(tmp_path):
    handins = []
    for student, code in (("4021", SHARED), ("4022", RENAMED), ("4023", OWN), ("4024", None)):
        path = tmp_path / f"s{student}_{student}_9_01-worst-case.ipynb"
        nbformat.write(hand_in(code), path)
        handins.append(HandIn(str(path), Student(student, f"s{student}", "canvas"), LESSON.file))
    handins.append(HandIn(str(tmp_path / "gone.ipynb"), Student("4025"), LESSON.file))
    report = similarity.write_report(tmp_path / "grades.csv", handins, COURSE)
    assert report.csv == tmp_path / "grades-similarity.csv" and report.pairs == 1
    first = report.summary.read_text(encoding="utf-8").splitlines()[0]
    assert "never a grade" in first
    with report.csv.open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [(r["exercise"], r["kind"], {r["student"], r["matches"]}) for r in rows] == [
        ("egg-1", "hand-ins", {"4021", "4022"})
    ]
    assert "gone.ipynb" in report.summary.read_text(encoding="utf-8")


def test_a_threshold_outside_zero_to_one_is_a_sentence():
    with pytest.raises(ValueError, match="between 0 and 1"):
        similarity.find_matches([], COURSE, threshold=1.5)


def test_the_report_is_the_same_in_every_process():
    """copydetect hashes k-grams with Python's salted hash(); the report must not follow the salt."""
    script = (
        "import inspect\n"
        "from puzzles.egg import model\n"
        "from puzzles.instructor.grading import similarity\n"
        "fp = similarity._fingerprint(inspect.getsource(model.worst_case_drops))\n"
        "print(sorted(int(h) for h in fp.hashes)[:20])\n"
    )
    seen = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(seen) == 1, seen
