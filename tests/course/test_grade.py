"""The grader (``dp-puzzles grade``): a class of hand-ins, honest, unfinished, hanging, failing and
cheating, graded in parallel into a gradebook that the LMSs' imports read back.

The class is graded once (a module fixture, ``--jobs 2``); the tests read its outputs. ``make
test`` also grades the first lesson of each unit, teacher notebook and student edition (every
check Correct, every check not attempted); ``make grade-check`` grades every lesson that way.
"""

from __future__ import annotations

import copy
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import pytest

from puzzles.course import codec
from puzzles.instructor import course as model
from puzzles.instructor.grading import gradebook
from puzzles.instructor.grading.names import who
from puzzles.instructor.grading.session import Options, grade_handin
from puzzles.instructor.student import student_notebook
from support.processes import processes_of

ROOT = Path(__file__).resolve().parents[2]
DP_PUZZLES = Path(sys.executable).parent / "dp-puzzles"
COURSE = model.load()
LESSON = COURSE.lesson("egg/01-worst-case")
FIRST, SECOND = LESSON.exercises[:2]  # egg-11 and egg-12 (egg-1 comes third)


def _with(notebook, index: int, source: str):
    changed = copy.deepcopy(notebook)
    changed.cells[index].source = source
    return changed


def _inserted(notebook, index: int, source: str):
    changed = copy.deepcopy(notebook)
    changed.cells.insert(index, nbformat.v4.new_code_cell(source))
    return changed


def _hand_ins(folder: Path) -> dict[str, str]:
    """A class under Canvas's download names: file -> what it is."""
    teacher = LESSON.notebook
    stub = student_notebook(teacher)
    first = FIRST.cells.solutions[0]
    hand_ins = {
        "lovelaceada_4021_901_01-worst-case.ipynb": (teacher, "worked"),
        "turingalan_LATE_4022_902_01-worst-case.ipynb": (stub, "untouched"),
        "hopperg_4023_903_01-worst-case.ipynb": (
            _inserted(
                _with(teacher, first, "def one_egg_expected(k):\n    while True:\n        pass\n"),
                SECOND.cells.statement,
                "sum(range(10**13))  # a cell that ignores interrupts",
            ),
            "loops, then hangs",
        ),
        "cheaterc_4024_904_01-worst-case.ipynb": (
            _inserted(
                stub,
                2,
                "import json, sys\njson.dumps = lambda *a, **k: '{}'\n"
                "class Finder:\n    def find_spec(self, *a):\n        return None\n"
                "sys.meta_path.insert(0, Finder())",
            ),
            "tampers",
        ),
        "packagep_4025_905_01-worst-case.ipynb": (
            _with(
                teacher,
                first,
                "import importlib\ndef one_egg_expected(k):\n"
                "    return importlib.import_module('puzzles.egg.model').one_egg_laplace(k)\n",
            ),
            "uses the package",
        ),
        "hookerh_4026_906_01-worst-case.ipynb": (
            _inserted(
                teacher,
                2,
                "import os\nget_ipython().events.register('post_run_cell', "
                "lambda *a: [open(f, 'w').write('{}') for f in os.listdir('.')])\n"
                "def forge(*a, **k):\n"
                "    for fd in range(3, 256):  # the grader's channel is one of them\n"
                "        try:\n"
                "            os.write(fd, b'\\x00\\x00\\x00\\x02{}')\n"
                "        except OSError:\n"
                "            pass\n"
                "get_ipython().events.register('pre_run_cell', forge)",
            ),
            "forges reports",
        ),
        "killerk_4027_907_01-worst-case.ipynb": (
            _inserted(
                teacher,
                SECOND.cells.statement,
                "import os, shutil, signal, time\nshutil.rmtree(os.getcwd(), ignore_errors=True)\n"
                "if os.fork() == 0:\n    os.setsid()\n    time.sleep(600)\n    os._exit(0)\n"
                "time.sleep(1)\nos.kill(os.getppid(), signal.SIGKILL)",
            ),
            "kills its parent",
        ),
        "crasherc_4030_910_01-worst-case.ipynb": (
            _inserted(teacher, SECOND.cells.statement, "import faulthandler\nfaulthandler._sigsegv()"),
            "crashes the process",
        ),
        "renamerr_4031_911_01-worst-case.ipynb": (
            _with(
                teacher,
                first,
                teacher.cells[first].source.replace("def one_egg_expected(", "def my_one_egg_expected("),
            ),
            "renames an answer: the lesson's own cells fail",
        ),
    }
    for name, (notebook, _) in hand_ins.items():
        nbformat.write(notebook, folder / name)
    deleted = copy.deepcopy(teacher)  # the check cell of the first exercise deleted: graded all the same
    del deleted.cells[FIRST.cells.check]
    nbformat.write(deleted, folder / "deletercheck_4028_908_01-worst-case.ipynb")
    (folder / "brokenb_4029_909_01-worst-case.ipynb").write_text("{ not json")
    names = {name: what for name, (_, what) in hand_ins.items()}
    names["deletercheck_4028_908_01-worst-case.ipynb"] = "deleted a check cell"
    names["brokenb_4029_909_01-worst-case.ipynb"] = "not a notebook"
    return names


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    names = _hand_ins(folder)
    os.utime(folder / "lovelaceada_4021_901_01-worst-case.ipynb", (1_700_000_000, 1_700_000_000))
    out = tmp_path_factory.mktemp("grades") / "grades.csv"
    started = time.monotonic()
    grader = subprocess.Popen(
        [
            str(DP_PUZZLES),
            "grade",
            str(folder),
            "--out",
            str(out),
            "--format",
            "canvas",
            "--jobs",
            "2",
            "--cell-timeout",
            "10",
            "--due",
            "2024-01-01T00:00",
            "--arguments",
            str(out.parent / "arguments"),
            "--quiet",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
    )
    stdout, stderr = grader.communicate(timeout=900)
    seconds = time.monotonic() - started
    assert grader.returncode == 0, stderr
    time.sleep(1)
    alive = processes_of(grader.pid)
    with (out.with_name("grades-details.csv")).open() as stream:
        details = list(csv.DictReader(stream))
    verdicts = {}
    for row in details:
        verdicts.setdefault(row["file"], {})[row["exercise"]] = (row["verdict"], row["detail"])
    return {
        "folder": folder,
        "out": out,
        "names": names,
        "verdicts": verdicts,
        "seconds": seconds,
        "stdout": stdout,
        "alive": alive,
    }


def _verdicts(graded, prefix: str) -> dict[str, tuple[str, str]]:
    return next(v for file, v in graded["verdicts"].items() if file.startswith(prefix))


def test_every_hand_in_gets_a_row_for_every_exercise(graded):
    assert len(graded["verdicts"]) == len(graded["names"])
    for file, exercises in graded["verdicts"].items():
        assert list(exercises) == [e.id for e in LESSON.exercises], file


def test_the_worked_notebook_gets_full_marks_and_the_stub_nothing(graded):
    assert {v for v, _ in _verdicts(graded, "lovelaceada").values()} == {"correct"}
    assert {v for v, _ in _verdicts(graded, "turingalan").values()} == {"not attempted"}
    assert {v for v, _ in _verdicts(graded, "deletercheck").values()} == {"correct"}


def test_a_loop_is_a_timeout_with_the_exercises_advice_and_a_hung_cell_is_stopped(graded):
    verdicts = _verdicts(graded, "hopperg")
    verdict, detail = verdicts[FIRST.id]
    assert verdict == "incorrect" and "took longer than" in detail and "formula" in detail
    verdict, detail = verdicts[SECOND.id]
    assert verdict == "not reached" and "did not stop within 10 s" in detail
    feedback = next((graded["out"].parent / "grades-feedback").glob("hopperg*.md")).read_text()
    assert "Well done" not in feedback and "did not stop" in feedback


def test_tampering_is_reported_and_never_correct(graded):
    for prefix in ("cheaterc", "hookerh"):
        verdicts = _verdicts(graded, prefix)
        assert "correct" not in {v for v, _ in verdicts.values()}, verdicts
        assert "check failed" not in {v for v, _ in verdicts.values()}, verdicts
    assert {v for v, _ in _verdicts(graded, "cheaterc").values()} == {"tampered"}
    assert "json.dumps" in _verdicts(graded, "cheaterc")[FIRST.id][1]


def test_the_package_is_closed_to_the_answer_by_any_route(graded):
    verdict, detail = _verdicts(graded, "packagep")[FIRST.id]
    assert verdict == "incorrect" and "reached puzzles.egg.model.one_egg_laplace" in detail
    assert _verdicts(graded, "packagep")[SECOND.id][0] == "correct"


def test_a_hand_in_that_kills_its_parent_costs_that_hand_in_only(graded):
    verdicts = _verdicts(graded, "killerk")
    # in the sandbox the runner's parent is the sandbox's first process, out of reach of its signals
    assert verdicts[FIRST.id][0] == "correct"
    assert verdicts[SECOND.id][0] in ("correct", "not reached")
    assert graded["alive"] == [], "a process the hand-in started outlived it"


def test_a_crash_names_the_cell_that_was_running(graded):
    verdicts = _verdicts(graded, "crasherc")
    assert verdicts[FIRST.id][0] == "correct"
    verdict, detail = verdicts[SECOND.id]
    cell = SECOND.cells.statement + 1
    assert verdict == "not reached" and f"cell {cell} (" in detail and "signal 11" in detail, detail
    feedback = next((graded["out"].parent / "grades-feedback").glob("crasherc*.md")).read_text()
    assert "crashed" in feedback and "signal 11" in feedback


def test_an_error_in_a_lesson_cell_is_never_blamed_on_the_student(graded):
    feedback = next((graded["out"].parent / "grades-feedback").glob("renamerr*.md")).read_text()
    assert "A cell of yours raised an error" not in feedback, feedback
    assert "that cell is the lesson's, not yours" in feedback, feedback


def test_an_unreadable_notebook_gets_a_row_for_every_exercise(graded):
    verdicts = _verdicts(graded, "brokenb")
    assert {v for v, _ in verdicts.values()} == {"not graded"}
    assert "not a notebook Jupyter can open" in verdicts[FIRST.id][1]


def test_the_canvas_gradebook_reads_back(graded):
    with graded["out"].open() as stream:
        rows = list(csv.reader(stream))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", LESSON.heading]
    assert rows[1][0].strip() == "Points Possible" and float(rows[1][5]) == sum(
        e.points.total for e in LESSON.exercises
    )
    scores = {row[1]: row[5] for row in rows[2:]}
    assert set(scores) == {str(n) for n in range(4021, 4032)}
    checks = sum(e.points.check for e in LESSON.exercises)
    assert float(scores["4021"]) == checks and float(scores["4022"]) == 0
    assert float(scores["4025"]) == sum(e.points.check for e in LESSON.exercises[1:])  # all but the first


def test_due_dates_and_the_lms_late_mark(graded, tmp_path):
    handins = [
        grade_handin(graded["folder"] / name, COURSE, Options(cell_timeout=10))
        for name in (
            "lovelaceada_4021_901_01-worst-case.ipynb",
            "turingalan_LATE_4022_902_01-worst-case.ipynb",
        )
    ]
    out = tmp_path / "plain.csv"
    due = __import__("datetime").datetime(2024, 1, 1).astimezone()
    gradebook.write_gradebook(out, handins, COURSE, form="plain", due=due)
    with out.open() as stream:
        rows = {row["student"]: row for row in csv.DictReader(stream)}
    assert rows["4021"]["late"] == "no"  # saved in 2023
    assert rows["4022"]["late"] == "yes"  # Canvas said LATE
    assert rows["4021"]["total"] == str(sum(e.points.check for e in LESSON.exercises))
    assert rows["4021"]["to mark"] == str(sum(1 for e in LESSON.exercises if e.has_argument))
    moodle = tmp_path / "moodle.csv"
    gradebook.write_gradebook(moodle, handins, COURSE, form="moodle")
    with moodle.open() as stream:
        sheet = list(csv.DictReader(stream))
    assert {row["Identifier"] for row in sheet} == {"Participant 4021", "Participant 4022"}
    assert {"Grade", "Maximum Grade", "Last modified (grade)", "Feedback comments"} <= set(sheet[0])


def test_written_arguments_are_collected_and_marks_join_the_totals(graded, tmp_path):
    folder = graded["out"].parent / "arguments"
    page = (folder / f"{FIRST.id}.md").read_text()
    assert "## The model argument" in page and page.index("model argument") < page.index("4021")
    assert "(no argument written)" in page  # the untouched stub
    sheet = folder / "marking-sheet.csv"
    with sheet.open() as stream:
        rows = list(csv.DictReader(stream))
    assert {(r["student"], r["exercise"]) for r in rows} >= {("4021", FIRST.id), ("4022", FIRST.id)}
    for row in rows:
        if row["student"] == "4021" and row["exercise"] == FIRST.id:
            row["points"], row["comment"] = str(FIRST.points.argument), "clear"
    marks = tmp_path / "marks.csv"
    with marks.open("w", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    done = subprocess.run(
        [
            str(DP_PUZZLES),
            "grade",
            "--exercise",
            FIRST.id,
            "--out",
            str(graded["out"]),
            "--marks",
            str(marks),
            "--format",
            "canvas",
            "--quiet",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "no notebook was run again" in done.stdout
    with graded["out"].open() as stream:
        scores = {row[1]: row[5] for row in list(csv.reader(stream))[2:]}
    checks = sum(e.points.check for e in LESSON.exercises)
    assert float(scores.get("4021", -1)) == checks + FIRST.points.argument, graded["out"].read_text()


def test_a_bad_marks_file_is_one_sentence(graded, tmp_path):
    marks = tmp_path / "marks.csv"
    marks.write_text(f"student,exercise,points,comment\n4021,{FIRST.id},99,too many\n")
    done = subprocess.run(
        [
            str(DP_PUZZLES),
            "grade",
            "--exercise",
            FIRST.id,
            "--out",
            str(graded["out"]),
            "--marks",
            str(marks),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "worth 0 to" in done.stderr and "Traceback" not in done.stderr


def test_records_hold_plain_data_only(graded):
    record = next((graded["out"].parent / "grades-records").glob("lovelaceada*.json"))
    data = codec.decode(record.read_text())
    assert data["record"]["exercises"][FIRST.id]["events"]


def test_lms_download_names():
    canvas = who(Path("lovelaceada_LATE_4021_99_01-worst-case-1.ipynb"))
    assert (canvas.id, canvas.name, canvas.platform, canvas.late) == ("4021", "lovelaceada", "canvas", True)
    moodle = who(Path("Ada Lovelace_77_assignsubmission_file_01-worst-case.ipynb"))
    assert (moodle.id, moodle.name, moodle.platform) == ("77", "Ada Lovelace", "moodle")
    folder = who(Path("Ada Lovelace_77_assignsubmission_file_/01-worst-case.ipynb"))
    assert (folder.id, folder.platform) == ("77", "moodle")
    plain = who(Path("class/alice/01-worst-case.ipynb"), ("01-worst-case",))
    assert plain.id == "alice"
    assert who(Path("bob-lesson1.ipynb")).id == "bob-lesson1"


def test_stopping_the_grader_keeps_the_rows_done_and_leaves_no_process(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    teacher = LESSON.notebook
    handins = 12  # enough that a stop after the first row comes well before the last
    for n in range(handins):
        nbformat.write(teacher, folder / f"stopped{os.getpid()}x{n}_{5000 + n}_1_01-worst-case.ipynb")
    out = tmp_path / "grades.csv"
    grader = subprocess.Popen(
        [str(DP_PUZZLES), "grade", str(folder), "--out", str(out), "--jobs", "1", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal: a run started in the background (a CI job, `make test &`) hands
        # its children SIGINT ignored, and Python then keeps it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.time() + 300
    while not out.exists() and time.time() < deadline:
        time.sleep(0.05)
    assert out.exists()
    grader.send_signal(signal.SIGINT)
    _, stderr = grader.communicate(timeout=120)
    with out.open() as stream:
        rows = list(csv.DictReader(stream))
    assert 1 <= len(rows) < handins, stderr
    assert "stopped" in stderr
    time.sleep(1)
    assert not processes_of(grader.pid), "a sandbox outlived the grader"
    mine = f"stopped{os.getpid()}x*"
    copies = [p for p in Path(tempfile.gettempdir()).glob("dp-puzzles-handin-*") if any(p.glob(mine))]
    assert not copies, "a hand-in's private copy outlived the grader"


# -- the teacher notebooks and the student edition, the first lesson of each unit ------------------------

EVERY_LESSON = os.environ.get("PUZZLES_GRADE_EVERY_LESSON") == "1"
GRADED = [lesson for lesson in COURSE.lessons if lesson.exercises]
if not EVERY_LESSON:
    GRADED = [unit.lessons[0] for unit in COURSE.units if unit.lessons[0].exercises]


@pytest.mark.parametrize("lesson", GRADED, ids=lambda lesson: lesson.file)
def test_a_teacher_notebook_is_all_correct_and_its_student_edition_all_not_attempted(lesson, tmp_path):
    student = tmp_path / f"student_{lesson.stem}.ipynb"
    nbformat.write(student_notebook(lesson.notebook), student)
    options = Options()
    teacher = grade_handin(lesson.path, COURSE, options)
    wrong = [(r.exercise, r.verdict, r.detail) for r in teacher.results if r.verdict != "correct"]
    assert not wrong, f"the teacher notebook is not all correct: {wrong}"
    assert teacher.failure == ""
    stub = grade_handin(student, COURSE, options)
    assert {r.verdict for r in stub.results} == {"not attempted"}, [
        (r.exercise, r.detail) for r in stub.results
    ]


def test_a_value_the_check_cannot_handle_and_a_huge_cell_cost_only_their_own_exercise(tmp_path):
    # a wrong answer returning range(1, 10**40) is "Not yet" with a sentence, the other exercise is
    # graded; a 50 MB cell is refused with a sentence naming it and the limit, the rest is run
    teacher = LESSON.notebook
    first = FIRST.cells.solutions[0]
    handed = _inserted(
        _with(teacher, first, "def one_egg_expected(k):\n    return range(1, 10**40)\n"),
        SECOND.cells.statement,
        "padding = '" + "x" * 50_000_000 + "'",
    )
    path = tmp_path / "overflowo_4040_940_01-worst-case.ipynb"
    nbformat.write(handed, path)
    handin = grade_handin(path, COURSE, Options())
    verdicts = {r.exercise: (r.verdict, r.detail) for r in handin.results}
    assert verdicts[FIRST.id][0] == "incorrect", verdicts
    assert "fault" not in verdicts[FIRST.id][1]
    assert verdicts[SECOND.id][0] == "correct", verdicts
    huge = [note for note in handin.notes if "50,000,012 characters" in note]
    assert huge and "1,000,000" in huge[0] and "cell" in huge[0], handin.notes
    # the student is told too: their cell was not run
    from puzzles.instructor.grading.gradebook import feedback_text

    assert f"Note: {huge[0]}." in feedback_text(handin, COURSE)


def test_a_record_over_the_codecs_cap_regrades_and_a_cut_record_is_one_sentence(tmp_path):
    # match sticks II's correct answers give more values, all told, than one codec value may hold
    lesson = COURSE.lesson("matchsticks/02-subtraction-games")
    folder = tmp_path / "class"
    folder.mkdir()
    nbformat.write(lesson.notebook, folder / "matchm_4041_941_02-subtraction-games.ipynb")
    out = tmp_path / "grades.csv"
    command = [str(DP_PUZZLES), "grade", "--out", str(out), "--quiet"]
    first = subprocess.run([*command, str(folder)], capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr
    (record,) = (tmp_path / "grades-records").glob("*.json")
    data = codec.decode(record.read_text())
    assert data["record"]["exercises"]["matchsticks-5"]["events"]
    assert isinstance(codec.decode(codec.encode(data)), codec.Other)  # over the cap of one value
    again = subprocess.run(
        [*command, "--exercise", "matchsticks-5"], capture_output=True, text=True, timeout=600
    )
    assert again.returncode == 0, again.stderr
    assert "no notebook was run again" in again.stdout
    with out.with_name("grades-details.csv").open() as stream:
        rows = {row["exercise"]: row["verdict"] for row in csv.DictReader(stream)}
    assert rows["matchsticks-5"] == "correct", rows
    # a record cut to a placeholder (as an older version wrote it): a sentence, no traceback
    record.write_text('{"$":"other","type":"dict","repr":"<cut>"}')
    cut = subprocess.run(
        [*command, "--exercise", "matchsticks-5"], capture_output=True, text=True, timeout=600
    )
    assert cut.returncode == 2 and "cannot be read back" in cut.stderr and "Traceback" not in cut.stderr


def test_a_check_that_fails_on_one_exercise_voids_no_other_exercise_of_the_hand_in(monkeypatch):
    from puzzles.instructor.grading import session

    judge = session.checker.judge

    def failing_on_the_first(entry, events, seed=None):
        if entry.exercise_id == FIRST.id:
            raise RuntimeError("the check's own code failed")
        return judge(entry, events, seed)

    monkeypatch.setattr(session.checker, "judge", failing_on_the_first)
    handin = grade_handin(LESSON.path, COURSE, Options())
    verdicts = {r.exercise: (r.verdict, r.detail) for r in handin.results}
    assert verdicts[FIRST.id][0] == "check failed" and "RuntimeError" in verdicts[FIRST.id][1], verdicts
    assert all(v == "correct" for e, (v, _) in verdicts.items() if e != FIRST.id), verdicts
