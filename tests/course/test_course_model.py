"""The course model: ``notebooks/_toc.yml`` is the one list of units and lessons, and every tool
follows it, the pack's own course and a small course made up here alike."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import sys
import textwrap
from datetime import date
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import catalogue, student
from puzzles.instructor import course as model
from support.sites import fake_npm_cache

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


def test_every_notebook_of_the_repository_is_in_the_table_of_contents():
    course = model.load()
    listed = {lesson.path for lesson in course.lessons} | {course.course_map}
    found = {p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    assert found == listed, f"not in _toc.yml: {sorted(map(str, found - listed))}"


def test_each_unit_has_its_package_with_exercises():
    for unit in model.load().units:
        assert (ROOT / unit.package.replace(".", "/") / "exercises.py").is_file(), unit.folder


def test_the_course_maps_lesson_table_and_the_exercise_table_are_generated_from_the_model():
    course = model.load()
    map_text = "".join(cell.source for cell in model.read_notebook(course.course_map).cells)
    start, end = catalogue.LESSONS
    assert map_text.split(start, 1)[1].split(end, 1)[0].strip() == catalogue.lesson_table(course), (
        "run: dp-puzzles catalogue --write"
    )
    readme = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    start, end = catalogue.EXERCISES
    assert readme.split(start, 1)[1].split(end, 1)[0].strip() == catalogue.exercise_table(course), (
        "run: dp-puzzles catalogue --write"
    )


def test_exercises_know_their_cells_kind_and_points():
    course = model.load()
    three = course.exercise("egg-3")
    assert three.answer == "N" and three.kind == "function" and three.lesson.file == "egg/02-expected-value"
    assert three.has_argument and three.points == model.Points(2, 2)
    cells = three.lesson.notebook.cells
    assert model.TAG_EXERCISE in model.tags(cells[three.cells.statement])
    assert cells[three.cells.check].source.strip() == 'check("egg-3", N)'
    assert all(three.cells.check < i for i in three.cells.reveals)
    assert course.exercise("trios-1").kind == "value"
    assert course.exercise("egg-13").points == model.Points(2, 0)  # no written argument: no points for one
    with pytest.raises(model.CourseError, match="no exercise 'egg-99'"):
        course.exercise("egg-99")


# -- a small course, made up here: two units, three lessons -------------------------------------

SMALL_TOC = """
format: jb-book
root: 00-course-map
parts:
  - caption: Second unit first
    unit: trios
    source: a source
    teaches: something
    chapters:
      - file: trios/01-only
        title: The only one
        minutes: 25
  - caption: Eggs
    unit: egg
    chapters:
      - file: egg/02-later
        title: Later
        minutes: 30
        points: {egg-3: {check: 5, argument: 1}}
      - file: egg/01-earlier
        title: Earlier
        minutes: 20
        optional: true
"""


def _lesson(*cells) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.cells = list(cells)
    return notebook


def _md(text, *tags, hidden=False):
    cell = nbformat.v4.new_markdown_cell(text, metadata={"tags": list(tags)} if tags else {})
    if hidden:
        cell.metadata["jupyter"] = {"source_hidden": True}
    return cell


def _code(text, *tags, hidden=False, output=None):
    cell = nbformat.v4.new_code_cell(text, metadata={"tags": list(tags)} if tags else {})
    if hidden:
        cell.metadata["jupyter"] = {"source_hidden": True}
    if output is not None:
        cell.outputs = [nbformat.v4.new_output("stream", text=output)]
    return cell


@pytest.fixture
def small_course(tmp_path) -> Path:
    return make_small_course(tmp_path / "course")


def make_small_course(root: Path) -> Path:
    """The small course, written into the new folder ``root``."""
    (root / "egg").mkdir(parents=True)
    (root / "trios").mkdir()
    (root / "_toc.yml").write_text(textwrap.dedent(SMALL_TOC))
    (root / "README.md").write_text("# Exercises\n\n<!-- exercises:start -->\n<!-- exercises:end -->\n")
    nbformat.write(
        _lesson(_md("# Map\n\n<!-- lessons:start -->\n<!-- lessons:end -->\n")), root / "00-course-map.ipynb"
    )
    nbformat.write(
        _lesson(
            _md("# Egg: later"),
            _code("from puzzles.course import check"),
            _md("### Exercise 3 (a formula)\n\nFind N(k).", "exercise"),
            _md("**Worked solution.** N(k) is SECRET-ARGUMENT.", "solution", hidden=True),
            _code(
                "# Worked solution: try first.\ndef N(k):\n    return 'SECRET-CODE'", "solution", hidden=True
            ),
            _code('check("egg-3", N)', "check", output="Correct (egg-3): ..."),
            _md("So N(k) is SECRET-REVEAL.", "reveals"),
            _code("print('SECRET-OUTPUT')", "reveals", output="SECRET-OUTPUT"),
        ),
        root / "egg" / "02-later.ipynb",
    )
    nbformat.write(_lesson(_md("# Egg: earlier"), _code("x = 1")), root / "egg" / "01-earlier.ipynb")
    nbformat.write(
        _lesson(
            _md("# Trios: the only one"),
            _code("from puzzles.course import check"),
            _md("### Exercise 1 (by hand)", "exercise"),
            _code("# Worked solution: try first.\nE2 = 'SECRET-VALUE'", "solution", hidden=True),
            _code('check("trios-1", E2)', "check"),
        ),
        root / "trios" / "01-only.ipynb",
    )
    return root


def test_a_small_course_is_read_in_the_order_of_its_table_of_contents(small_course):
    course = model.load(small_course)
    assert [unit.folder for unit in course.units] == ["trios", "egg"]
    assert [lesson.file for lesson in course.lessons] == ["trios/01-only", "egg/02-later", "egg/01-earlier"]
    assert [e.id for e in course.exercises] == ["trios-1", "egg-3"]
    assert course.exercise("egg-3").points == model.Points(5, 1)
    assert (
        course.exercise("trios-1").points == model.Points(2, 0) and course.exercise("trios-1").kind == "value"
    )
    assert course.units[1].minutes == 30  # the optional lesson does not count
    assert course.lesson("egg/01-earlier.ipynb").optional


def test_the_catalogue_follows_a_small_course(small_course):
    course = model.load(small_course)
    changed = catalogue.write(course)
    assert set(changed) == {small_course / "README.md", course.course_map}
    table = model.read_notebook(course.course_map).cells[0].source
    assert (
        table.index("trios/01-only.ipynb") < table.index("egg/02-later.ipynb") < table.index("egg/01-earlier")
    )
    assert "(20 min, optional)" in table
    readme = (small_course / "README.md").read_text()
    assert readme.index("| trios-1 |") < readme.index("| egg-3 |") and "5 + 1 (argument)" in readme
    assert catalogue.write(course) == []  # a second run changes nothing


def test_the_student_edition_follows_a_small_course_and_keeps_no_answer(small_course, tmp_path):
    out, written = student.build(small_course, tmp_path / "edition", log=lambda line: None)
    assert sorted(p.relative_to(out).as_posix() for p in written) == [
        "00-course-map.ipynb",
        "egg/01-earlier.ipynb",
        "egg/02-later.ipynb",
        "trios/01-only.ipynb",
    ]
    text = "".join(p.read_text() for p in written)
    assert "SECRET" not in text
    later = nbformat.read(out / "egg" / "02-later.ipynb", as_version=4)
    assert later.cells[4].source == "def N(k): ...  # your code here"
    assert later.cells[3].source == student.ARGUMENT_STUB
    assert "jupyter" not in later.cells[4].metadata  # visible
    teacher = model.read_notebook(small_course / "egg/02-later.ipynb").cells
    # the ids are kept; of the run of two reveal cells at the end, the first stays as the placeholder
    assert [c.get("id") for c in later.cells] == [c.get("id") for c in teacher[:-1]]
    assert "Exercise 3" in later.cells[-1].source and len(later.cells[-1].source.splitlines()) == 1


@pytest.mark.parametrize(
    "bad, why",
    [
        ("parts: []", "lists no unit"),
        ("parts:\n  - unit: egg\n    chapters: [{file: egg/09-missing}]", "has no notebook"),
        ("parts:\n  - unit: egg\n    chapters: [{file: trios/01-only}]", "not in its unit's folder"),
        ("parts:\n  - unit: egg\n    colour: red\n    chapters: [{file: egg/01-earlier}]", "unknown keys"),
        (
            "parts:\n  - unit: egg\n    chapters: [{file: egg/01-earlier, minutes: -3}]",
            "positive whole number",
        ),
        (
            "parts:\n  - unit: egg\n    chapters: [{file: egg/01-earlier}, {file: egg/01-earlier}]",
            "listed twice",
        ),
        ("parts: [", "not valid YAML"),
    ],
)
def test_a_broken_table_of_contents_is_one_sentence_naming_it(small_course, bad, why):
    (small_course / "_toc.yml").write_text(bad)
    with pytest.raises(model.CourseError, match=why):
        model.load(small_course)


def test_a_folder_without_a_table_of_contents_is_refused(tmp_path):
    with pytest.raises(model.CourseError, match="no table of contents"):
        model.load(tmp_path)


def test_the_default_course_is_found_wherever_the_tools_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert model.load().root == NOTEBOOKS


def test_a_copied_course_reads_the_same(tmp_path):
    copy = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, copy)
    assert [e.id for e in model.load(copy).exercises] == [e.id for e in model.load().exercises]


# -- the site, both editions, follows the small course ------------------------------------------


@pytest.fixture(scope="module")
def small_sites(tmp_path_factory):
    """Both editions of the site of the small course, built once for the tests below."""
    from puzzles.instructor import site

    work = tmp_path_factory.mktemp("small-sites")
    root = make_small_course(work / "course")
    cache = fake_npm_cache(work / "npm-cache")
    repository_cache = ROOT / "build" / "vendor"
    before = sorted(repository_cache.iterdir()) if repository_cache.exists() else None
    built = {
        edition: site.build(
            edition, work / f"site-{edition}", root, cache=cache, jobs="1", log=lambda line: None
        ).parent
        for edition in site.EDITIONS
    }
    after = sorted(repository_cache.iterdir()) if repository_cache.exists() else None
    assert before == after, "the build wrote into the repository's build/vendor"
    return root, built


def _everything(folder: Path) -> str:
    """Every file of a built site as text, the zip's members included."""
    import zipfile

    texts = []
    for path in folder.rglob("*"):
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as archive:
                texts += [archive.read(name).decode("utf-8", "replace") for name in archive.namelist()]
        elif path.is_file():
            texts.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(texts)


SMALL_LESSONS = ["trios/01-only", "egg/02-later", "egg/01-earlier"]


def test_the_site_follows_a_small_course_in_both_editions(small_sites):
    from html import unescape
    from urllib.parse import unquote

    from puzzles.instructor.launch import read_release

    release = read_release()
    for edition, folder in small_sites[1].items():
        home = (folder / "index.html").read_text()
        for lesson in SMALL_LESSONS:
            assert (folder / f"{lesson}.html").is_file(), (edition, lesson)
        positions = [home.index(f'href="{lesson}.html"') for lesson in SMALL_LESSONS]
        assert positions == sorted(positions), (
            f"{edition}: the sidebar is not in the table of contents' order"
        )
        assert home.index("Second unit first") < home.index("Eggs")
        assert sorted(p.stem for p in (folder / "api").glob("*.html")) == ["course", "egg", "trios"]
        assert f"Version {release.version}" in home and f"{edition} edition" in home
        notebooks = [
            "00-course-map.ipynb",
            "egg/01-earlier.ipynb",
            "egg/02-later.ipynb",
            "trios/01-only.ipynb",
        ]
        offered = sorted(
            p.relative_to(folder / "downloads").as_posix() for p in folder.glob("downloads/**/*.ipynb")
        )
        student = [f"student/{name}" for name in notebooks]
        assert offered == (
            student if edition == "student" else sorted([f"notebooks/{n}" for n in notebooks] + student)
        )
        assert (folder / "downloads" / "dp-puzzles-student-edition.zip").is_file()
        # the vendored scripts come from the cache the build was given
        assert "from the test's cache" in (folder / "_static/vendor/mathjax/tex-chtml.js").read_text()
        # each lesson's launch links open its student notebook at the release's tag
        for lesson in SMALL_LESSONS:
            page = unescape((folder / f"{lesson}.html").read_text())
            binder = unquote(re.search(r'class="binder-link" href="([^"]+)"', page).group(1))
            assert f"/{release.tag}?" in binder and binder.endswith(f"lab/tree/notebooks/{lesson}.ipynb")
            colab = re.search(r'class="colab-link" href="([^"]+)"', page).group(1)
            assert colab.endswith(f"/blob/{release.tag}/notebooks/{lesson}.ipynb")


def test_the_small_course_student_site_has_no_answer_in_any_file(small_sites):
    teacher, student = small_sites[1]["teacher"], small_sites[1]["student"]
    assert "SECRET" not in _everything(student)
    everything = _everything(teacher)
    for secret in ("SECRET-ARGUMENT", "SECRET-CODE", "SECRET-REVEAL", "SECRET-OUTPUT", "SECRET-VALUE"):
        assert secret in everything, secret
    later = (teacher / "egg" / "02-later.html").read_text()
    assert "Show the worked argument" in later and "Show the worked code" in later
    stub = (student / "egg" / "02-later.html").read_text()
    assert re.search(r"def.*N.*\(.*k.*\).*your code here", re.sub(r"<[^>]+>", "", stub))


def test_the_grader_follows_a_small_course(small_course, tmp_path):
    """Hand-ins of the small course's lessons are matched to its lessons, graded on its exercises
    and worth its points (egg-3: check 5, argument 1 in its table of contents)."""
    course = model.load(small_course)
    later = course.lesson("egg/02-later")
    handins = tmp_path / "handins"
    handins.mkdir()
    nbformat.write(later.notebook, handins / "adaa_101_201_02-later.ipynb")  # the teacher's notebook
    nbformat.write(
        student.student_notebook(later.notebook), handins / "bobb_102_202_02-later.ipynb"
    )  # untouched
    out = tmp_path / "grades.csv"
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "dp-puzzles"),
            "grade",
            str(handins),
            "--notebooks",
            str(small_course),
        ]
        + ["--out", str(out), "--format", "plain", "--jobs", "1", "--quiet"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    with out.with_name("grades-details.csv").open() as stream:
        details = list(csv.DictReader(stream))
    assert {(row["student"], row["lesson"], row["exercise"]) for row in details} == {
        ("101", "egg/02-later", "egg-3"),
        ("102", "egg/02-later", "egg-3"),
    }
    verdicts = {row["student"]: (row["verdict"], row["maximum"]) for row in details}
    # the small course's worked "answer" is a string, not the real egg-3 formula: not correct
    assert verdicts["101"][0] == "incorrect" and verdicts["102"][0] == "not attempted"
    assert float(verdicts["101"][1]) == 5
    with out.open() as stream:
        rows = list(csv.DictReader(stream))
    assert all(float(row["maximum"]) == 6 for row in rows)  # check 5 + argument 1


def test_each_lesson_states_the_time_the_table_of_contents_gives_it():
    """The course map's times come from ``_toc.yml``; each lesson's first cell says the same."""
    stated = {}
    for lesson in model.load().lessons:
        found = re.search(r"Time: about (\d+) minutes", lesson.notebook.cells[0].source)
        stated[lesson.file] = int(found.group(1)) if found else None
    assert stated == {lesson.file: lesson.minutes for lesson in model.load().lessons}


# -- release days: a lesson is given to students on its day -----------------------------------------


def _dated(root: Path, unit_day: str | None = None, **lesson_lines: str) -> Path:
    """The small course's table of contents with ``released`` on the trios unit and extra lines
    under a lesson (``egg_02_later="released: 2027-03-08"``)."""
    toc = textwrap.dedent(SMALL_TOC)
    if unit_day is not None:
        toc = toc.replace("    unit: trios\n", f"    unit: trios\n    released: {unit_day}\n")
    for name, lines in lesson_lines.items():
        file = name.replace("_", "/", 1).replace("_", "-")
        entry = f"      - file: {file}\n"
        assert entry in toc, file
        extra = "".join(f"        {line}\n" for line in lines.splitlines())
        toc = toc.replace(entry, entry + extra)
    (root / "_toc.yml").write_text(toc)
    return root


def test_the_pack_as_shipped_releases_every_lesson_from_the_start():
    course = model.load()
    assert [lesson.released for lesson in course.lessons] == [None] * len(course.lessons)
    early = course.released_by("2000-01-01")
    assert [lesson.file for lesson in early.lessons] == [lesson.file for lesson in course.lessons]
    assert early.withheld == []
    assert course.release_warnings() == []


def test_a_units_day_is_its_lessons_unless_a_lesson_sets_its_own(small_course):
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-08")
    course = model.load(small_course)
    days = {lesson.file: lesson.released for lesson in course.lessons}
    assert days == {
        "trios/01-only": date(2027, 3, 1),
        "egg/02-later": date(2027, 3, 8),
        "egg/01-earlier": None,  # no day: released from the start
    }
    later = course.lesson("egg/02-later")
    assert not later.released_by(date(2027, 3, 7)) and later.released_by(date(2027, 3, 8))
    assert later.released_by(None)


def test_the_course_released_by_a_day_holds_only_those_lessons(small_course):
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-08")
    course = model.load(small_course)
    before = course.released_by("2027-02-28")
    assert [lesson.file for lesson in before.lessons] == ["egg/01-earlier"]
    assert [unit.folder for unit in before.units] == ["egg"]  # a unit with no lesson is left out
    assert [lesson.file for lesson in before.withheld] == ["trios/01-only", "egg/02-later"]
    assert before.notebooks() == [course.course_map, small_course / "egg" / "01-earlier.ipynb"]
    assert [e.id for e in before.exercises] == []
    between = course.released_by(date(2027, 3, 7))
    assert [lesson.file for lesson in between.lessons] == ["trios/01-only", "egg/01-earlier"]
    assert [e.id for e in between.exercises] == ["trios-1"]
    assert between.until == date(2027, 3, 7) and between.complete() is course
    assert between.lessons[0].course is between and between.lessons[0].unit is between.units[0]
    after = between.released_by("2027-03-08")  # from the whole course, not from the smaller one
    assert [lesson.file for lesson in after.lessons] == [lesson.file for lesson in course.lessons]
    assert course.released_by(None) is course and between.released_by(None) is course


@pytest.mark.parametrize(
    "value, why",
    [
        ("2027-02-30", "the lesson egg/02-later must be a day written YYYY-MM-DD.*'2027-02-30'"),
        ("next week", "the lesson egg/02-later must be a day written YYYY-MM-DD.*'next week'"),
        ("3", "the lesson egg/02-later must be a day written YYYY-MM-DD.*3"),
    ],
)
def test_a_bad_release_day_is_a_sentence_naming_the_lesson_and_the_value(small_course, value, why):
    _dated(small_course, egg_02_later=f"released: {value}")
    with pytest.raises(model.CourseError, match=why):
        model.load(small_course)


def test_a_bad_units_day_and_a_bad_list_of_given_away_answers_are_named(small_course):
    _dated(small_course, "1 March")
    with pytest.raises(model.CourseError, match="the unit trios must be a day.*'1 March'"):
        model.load(small_course)
    _dated(small_course, egg_02_later="prints_answers_of: trios-1")
    with pytest.raises(model.CourseError, match="egg/02-later: prints_answers_of must be a list"):
        model.load(small_course)
    with pytest.raises(model.CourseError, match="--until must be a day.*'soon'"):
        model.parse_day("soon", "--until")


def test_a_lesson_released_before_the_answers_it_prints_are_due_is_named(small_course):
    # egg/02-later prints trios-1's answer (the trios lesson comes first in this course)
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-08\nprints_answers_of: [trios-1]")
    assert model.load(small_course).release_warnings() == []
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-01\nprints_answers_of: [trios-1]")
    (warning,) = model.load(small_course).release_warnings()
    assert "egg/02-later is released on 2027-03-01 and states the answer to trios-1" in warning
    assert "trios/01-only, released on 2027-03-01" in warning
    _dated(small_course, "2027-03-01", egg_02_later="prints_answers_of: [trios-1]")
    (warning,) = model.load(small_course).release_warnings()
    assert "egg/02-later is released from the start" in warning
    _dated(small_course, egg_02_later="prints_answers_of: [trios-1]")  # no days: nothing to wait for
    assert model.load(small_course).release_warnings() == []
    _dated(small_course, egg_02_later="prints_answers_of: [trios-9]")
    with pytest.raises(model.CourseError, match="egg/02-later lists 'trios-9'.*no exercise 'trios-9'"):
        model.load(small_course).release_warnings()
    _dated(small_course, trios_01_only="prints_answers_of: [egg-3]")
    with pytest.raises(
        model.CourseError, match="an exercise of egg/02-later, which is not an earlier lesson"
    ):
        model.load(small_course).release_warnings()


def test_the_lessons_that_print_earlier_answers_are_those_the_answer_scan_finds():
    """``prints_answers_of`` in ``_toc.yml`` is what the answer scan's markers say: the earlier
    exercises whose answers each lesson states in the open (its markers' ``stated_later``)."""
    from support.answers import answer_markers

    course = model.load()
    lesson_of = {exercise.id: exercise.lesson.file for exercise in course.exercises}
    found: dict[str, set[str]] = {}
    for marker in answer_markers(course).all():
        for lesson in marker.stated_later:
            if lesson != lesson_of[marker.exercise]:
                found.setdefault(lesson, set()).add(marker.exercise)
    declared = {
        lesson.file: set(lesson.prints_answers_of) for lesson in course.lessons if lesson.prints_answers_of
    }
    assert declared == found
    # the two the course is known for: trios II prints E(2) (trios-1), egg II states L(1,k) (egg-11)
    assert "trios-1" in declared["trios/02-states-and-memoisation"]
    assert "egg-11" in declared["egg/02-expected-value"]


def test_the_student_edition_until_a_day_holds_only_the_lessons_released_by_then(small_course, tmp_path):
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-08")
    catalogue.write(model.load(small_course))
    earlier = small_course / "egg" / "01-earlier.ipynb"
    notebook = nbformat.read(earlier, as_version=4)
    notebook.cells.append(
        _md("See [the later lesson](02-later.ipynb#exercise-3) and [this one](01-earlier.ipynb).")
    )
    nbformat.write(notebook, earlier)
    lines = []
    out, written = student.build(small_course, tmp_path / "edition", log=lines.append, until="2027-03-07")
    assert sorted(p.relative_to(out).as_posix() for p in written) == [
        "00-course-map.ipynb",
        "egg/01-earlier.ipynb",
        "trios/01-only.ipynb",
    ]
    assert not (out / "egg" / "02-later.ipynb").exists() and lines == []
    # its table of contents is a course of those lessons, which the tools read as any other
    edition = model.load(out)
    assert [lesson.file for lesson in edition.lessons] == ["trios/01-only", "egg/01-earlier"]
    assert "released by 2027-03-07" in (out / "_toc.yml").read_text()
    # the course map names the lesson to come with its day, and links only the lessons it holds
    course_map = "".join(c.source for c in nbformat.read(out / "00-course-map.ipynb", as_version=4).cells)
    assert "Later (coming on 2027-03-08; 30 min)" in course_map and "02-later.ipynb" not in course_map
    assert "](trios/01-only.ipynb)" in course_map and "](egg/01-earlier.ipynb)" in course_map
    assert "egg-3" not in "".join(p.read_text() for p in out.rglob("*") if p.is_file())
    # a link to the lesson to come becomes its text and its day; a link to a lesson it holds stays
    last = nbformat.read(out / "egg" / "01-earlier.ipynb", as_version=4).cells[-1].source
    assert last == "See the later lesson (a lesson coming on 2027-03-08) and [this one](01-earlier.ipynb)."
    # on its day the lesson is there
    out, written = student.build(small_course, tmp_path / "edition", log=lines.append, until=date(2027, 3, 8))
    assert (out / "egg" / "02-later.ipynb").is_file() and len(written) == 4
    course_map = "".join(c.source for c in nbformat.read(out / "00-course-map.ipynb", as_version=4).cells)
    assert "](egg/02-later.ipynb)" in course_map and "coming on" not in course_map
    assert "[the later lesson](02-later.ipynb#exercise-3)" in (out / "egg" / "01-earlier.ipynb").read_text()
    # without a day: every lesson, and a note that the table of contents sets days
    out, written = student.build(small_course, tmp_path / "edition", log=lines.append)
    assert len(written) == 4 and any(
        "without --until the student edition holds every lesson" in line for line in lines
    )


def test_the_student_command_takes_a_day_warns_and_refuses_a_bad_one(small_course, tmp_path):
    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-01\nprints_answers_of: [trios-1]")
    dp_puzzles = str(Path(sys.executable).parent / "dp-puzzles")
    done = subprocess.run(
        [
            dp_puzzles,
            "student",
            "--source",
            str(small_course),
            "--out",
            str(tmp_path / "a"),
            "--until",
            "2027-02-01",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "released by 2027-02-01" in done.stdout and "2 notebooks written" in done.stdout
    assert "warning: egg/02-later is released on 2027-03-01 and states the answer to trios-1" in done.stderr
    done = subprocess.run(
        [
            dp_puzzles,
            "student",
            "--source",
            str(small_course),
            "--out",
            str(tmp_path / "b"),
            "--until",
            "today",
        ],
        capture_output=True,
        text=True,
    )
    today = model.load(small_course).released_by(date.today())
    assert done.returncode == 0 and f"{len(today.notebooks())} notebooks written" in done.stdout
    done = subprocess.run(
        [
            dp_puzzles,
            "student",
            "--source",
            str(small_course),
            "--out",
            str(tmp_path / "c"),
            "--until",
            "2027-13-01",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        "dp-puzzles student: --until must be a day written YYYY-MM-DD (like 2027-01-18), got '2027-13-01'"
    )
    assert not (tmp_path / "c").exists()


def test_the_student_sites_sources_of_a_day_leave_out_the_units_and_lessons_to_come(small_course, tmp_path):
    """What Sphinx is given for the student site of a day (no build: ``site.prepare``)."""
    from dataclasses import replace

    from puzzles.instructor import site
    from puzzles.instructor.launch import read_release

    _dated(small_course, "2027-03-01", egg_02_later="released: 2027-03-08")
    catalogue.write(model.load(small_course))
    course = model.load(small_course).released_by("2027-02-01")
    edition = site.Edition("student", replace(read_release(), until=course.until))
    api = site.prepare(tmp_path / "src", course, edition, cache=None)
    src = tmp_path / "src"
    assert api == ["api/egg", "api/course"] and not (src / "api" / "trios.md").exists()
    assert sorted(p.relative_to(src).as_posix() for p in src.glob("*/*.ipynb")) == ["egg/01-earlier.ipynb"]
    home = "".join(cell.source for cell in nbformat.read(src / "index.ipynb", as_version=4).cells)
    assert "egg/01-earlier" in home and "trios/01-only\n" not in home and "egg/02-later\n" not in home
    assert "The only one (coming on 2027-03-01; 25 min)" in home and "Later (coming on 2027-03-08" in home
    assert "released by 2027-02-01" in home
    offered = sorted(p.relative_to(src / "_extra").as_posix() for p in (src / "_extra").rglob("*.ipynb"))
    assert offered == ["downloads/student/00-course-map.ipynb", "downloads/student/egg/01-earlier.ipynb"]
