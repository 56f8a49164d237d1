"""The answer scan: no exercise's answer in anything the student edition publishes.

Every exercise's answer is turned into markers drawn from the teacher notebooks through the
course model: distinctive lines of its worked code, the formulas and sentences of its worked
argument, the source and the printed or displayed outputs (pictures by their bytes) of its
reveal cells, and the giveaways its unit registered with its check. The rules, in
``support/answers.py``:

* text is compared with HTML turned into text, TeX's math delimiters and all white space
  removed, typographic quotes and dashes as ASCII; a giveaway must stand on its own
  (``2/5`` is not in ``12/5``);
* a marker is kept only when it is long enough to be distinctive (12 characters for a line of
  code or output, 10 for a formula, 24 for a sentence; a giveaway that is a bare number needs
  6), and when the student does not read it in the open before the exercise's check (the course
  map, earlier lessons, the lesson above the check, the student edition's stubs);
* a marker that a *later* lesson states in the open (it builds on the result) is no leak in
  that lesson's page and notebooks, and is one anywhere else (an API page, the home page, an
  earlier lesson).

The scan reads every page of the student site (with the widget state it embeds), every
notebook and file it offers for download, the student zip (its notebooks, its documents and
the docstrings of its Python files; not the checks and the checker, which must carry the
references), the student edition that ``dp-puzzles student`` writes, and the tree that
``dp-puzzles release`` commits. It must find nothing there, and the same scan on the teacher
site must find markers of every exercise (so it can fail); every marker drawn from a notebook
must be found on the teacher site at all, so that the normal form matches what the site renders.
"""

from __future__ import annotations

import collections
import re

import pytest

from puzzles.instructor import course as model
from puzzles.instructor import student
from puzzles.instructor.launch import Release
from puzzles.instructor.release import write_student_tree
from support.answers import (
    MIN_CODE,
    MIN_FORMULA,
    MIN_SENTENCE,
    Document,
    answer_markers,
    documents,
    normal,
    scan,
)

COURSE = model.load()


@pytest.fixture(scope="module")
def markers():
    return answer_markers(COURSE)


@pytest.fixture(scope="module")
def teacher_documents(teacher_site):
    return list(documents(teacher_site, COURSE))


@pytest.fixture(scope="module")
def student_documents(student_site):
    return list(documents(student_site, COURSE))


def _report(hits) -> str:
    lines = sorted(
        {
            f"{hit.marker.exercise}: {hit.marker.text[:90]!r} ({hit.marker.kind}) in {hit.document}"
            for hit in hits
        }
    )
    return "\n".join(lines[:60]) + (f"\n... and {len(lines) - 60} more" if len(lines) > 60 else "")


# -- the rules ---------------------------------------------------------------------------------------


def test_the_normal_form_ignores_markup_space_and_typography():
    assert normal("Mother Nature’s  \\(x = 1\\)\n$$y$$") == normal("Mother Nature's x=1 y")
    assert normal("a – b … “c”") == normal('a -- b ... "c"')


def test_a_giveaway_stands_on_its_own(markers):
    giveaway = next(m for m in markers.all() if m.kind == "giveaway" and m.text == "17/5")
    assert giveaway.found_in(Document.of("x", "E(2) = 17/5 rounds"))
    assert giveaway.found_in(Document.of("x", "E(2) = 17 / 5"))
    assert not giveaway.found_in(Document.of("x", "117/5 or 17/50"))


def test_every_exercise_has_distinctive_markers(markers):
    minimum = {"code": MIN_CODE, "output": MIN_CODE, "formula": MIN_FORMULA, "sentence": MIN_SENTENCE}
    assert [e.id for e in COURSE.exercises] == list(markers.by_exercise)
    for exercise_id, found in markers.by_exercise.items():
        assert len(found) >= 3, f"{exercise_id} has too few markers: {found}"
        for marker in found:
            assert marker.kind in ("giveaway", "picture") or len(marker.normal) >= minimum[marker.kind]
            assert marker.normal not in {"returnx", "importnumpyasnp", "t+=1"}


def test_what_the_lesson_says_before_the_check_is_no_marker(markers):
    # Lesson II states Lemma 2, L(1,k) = k/2 + k/(k+1), in the open: that is Exercise 11's
    # (Lesson I) answer, so it stays a marker, stated later in Lesson II only
    lemma = next(m for m in markers.by_exercise["egg-11"] if m.text == "k/2 + k/(k+1)")
    assert lemma.stated_later == {"egg/02-expected-value"}
    # the student edition's stub (the signature to fill in) is the student's to see
    functions = [exercise for exercise in COURSE.exercises if exercise.kind == "function"]
    assert len(functions) > 30
    for exercise in functions:
        cells = exercise.lesson.notebook.cells
        stubs = normal("\n".join(student.stub_source(cells[i].source) for i in exercise.cells.solutions))
        assert stubs.startswith("def") or "def" in stubs, exercise.id
        assert not [m.text for m in markers.by_exercise[exercise.id] if m.normal in stubs], exercise.id


# -- the teacher site: the scan finds what it looks for ------------------------------------------------


def test_every_marker_drawn_from_a_notebook_is_found_on_the_teacher_site(markers, teacher_documents):
    found = {hit.marker for hit in scan(markers, teacher_documents, excuse_later=False)}
    missing = [m for m in markers.all() if m.kind != "giveaway" and m not in found]
    assert not missing, "the normal form misses what the site shows:\n" + "\n".join(
        f"{m.exercise} {m.kind}: {m.text[:100]!r}" for m in missing
    )


def test_the_scan_finds_every_exercise_on_the_teacher_site(markers, teacher_documents):
    hits = scan(markers, teacher_documents)
    per_exercise = collections.Counter(hit.marker.exercise for hit in hits)
    markers_found = {e: len({h.marker for h in hits if h.marker.exercise == e}) for e in per_exercise}
    missing = [e for e in markers.by_exercise if not per_exercise[e]]
    assert not missing, f"the teacher site shows no answer of {missing}: the scan cannot fail for them"
    print("\nmarkers found on the teacher site, by exercise:")
    for exercise_id, found in markers.by_exercise.items():
        print(f"  {exercise_id:16} {markers_found[exercise_id]:3} of {len(found):3}")


# -- the student edition: nothing ------------------------------------------------------------------------


def test_the_student_site_and_its_downloads_hold_no_answer(markers, student_documents):
    names = [doc.name for doc in student_documents]
    assert sum(name.endswith(".html") for name in names) > len(COURSE.lessons)
    assert sum(re.search(r"^downloads/student/.*\.ipynb$", name) is not None for name in names) == len(
        COURSE.notebooks()
    )
    assert sum(".zip!" in name and name.endswith(".ipynb") for name in names) == len(COURSE.notebooks())
    assert any(".zip!" in name and name.endswith("model.py") for name in names)
    assert not any(name.startswith("downloads/notebooks/") for name in names), "a teacher notebook"
    hits = scan(markers, student_documents)
    assert not hits, "answers on the student site:\n" + _report(hits)


def test_the_student_edition_holds_no_answer(markers, tmp_path):
    out, written = student.build(None, tmp_path / "edition", log=lambda line: None)
    assert len(written) == len(COURSE.notebooks())
    hits = scan(markers, documents(out, COURSE))
    assert not hits, "answers in the student edition:\n" + _report(hits)


def test_the_released_tree_holds_no_answer(markers, tmp_path):
    release = Release("0.1.0", "https://github.com/dp-puzzles/dp-puzzles")
    write_student_tree(COURSE, tmp_path / "tree", release=release)
    docs = list(documents(tmp_path / "tree", COURSE))  # notebooks and documents (the package: in the zip)
    assert sum(doc.name.endswith(".ipynb") for doc in docs) == len(COURSE.notebooks())
    assert {"START-HERE.md", "README.md"} <= {doc.name for doc in docs}
    hits = scan(markers, docs)
    assert not hits, "answers in the released student edition:\n" + _report(hits)
