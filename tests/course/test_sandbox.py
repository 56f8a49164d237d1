"""The grader's sandbox: a class of hostile hand-ins, one of each kind, graded with ``--jobs 2``.

Each hostile hand-in attacks one thing (the pack, the teacher notebooks, a classmate, the records,
the memory folders, a closed module by another route, another group's reports) and gets no points
from it; the honest hand-ins in the same class get full points; the pack's files are
byte-identical afterwards, and nothing of the hand-ins is left in /tmp, /dev/shm or among the
processes.

``PUZZLES_TEST_UNSAFE=1`` grades the same class with ``--unsafe`` (the pack rewrite left out: it
would rewrite this checkout): most of these tests then fail, which shows that they test the sandbox.
"""

from __future__ import annotations

import copy
import csv
import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.grading import sandbox
from puzzles.instructor.student import student_notebook
from support import adversaries as hostile
from support.processes import processes_of

ROOT = Path(__file__).resolve().parents[2]
DP_PUZZLES = Path(sys.executable).parent / "dp-puzzles"
COURSE = model.load()
EGG = COURSE.lesson("egg/01-worst-case")
TRIOS = COURSE.lesson("trios/01-the-game-and-the-rule")
HIGHER_LOWER = COURSE.lesson("higher-lower/01-game-and-lp")
UNSAFE = os.environ.get("PUZZLES_TEST_UNSAFE") == "1"
MARKER = f"dp-puzzles-attack-{os.getpid()}-{time.monotonic_ns()}"

pytestmark = pytest.mark.skipif(
    sandbox.unavailable() != "" and not UNSAFE, reason="bubblewrap cannot make a sandbox here"
)


def _tree_digest(*folders: Path) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _handin(lesson: model.Lesson, answers: dict[str, str] | None = None, cell: str = "", worked=False):
    """The student edition of ``lesson`` (the teacher notebook if ``worked``) with ``answers``
    (exercise id -> source of its answer cell) and ``cell`` added after the lesson's first code cell."""
    teacher = lesson.notebook
    notebook = copy.deepcopy(teacher if worked else student_notebook(teacher))
    places = {cell.get("id"): index for index, cell in enumerate(notebook.cells)}
    for exercise in lesson.exercises:
        if exercise.id in (answers or {}):
            index = places[teacher.cells[exercise.cells.solutions[0]].get("id")]
            notebook.cells[index].source = answers[exercise.id]
    if cell:
        first = next(i for i, c in enumerate(notebook.cells) if c.cell_type == "code")
        notebook.cells.insert(first + 1, nbformat.v4.new_code_cell(cell))
    return notebook


def _lookup_table(exercise_id: str) -> str:
    """An answer cell that is a pasted table of every value the notebook's check asks for (the
    check's public cases, computed here with the check's own references), and nothing else."""
    from puzzles.course import checker

    exercise = COURSE.exercise(exercise_id)
    plan = checker.registration(exercise_id).plan()
    table = {case[0]: stage.reference(*case) for stage, case in plan.cases()}
    return f"TABLE = {table!r}\n\ndef {exercise.answer}(N):\n    return TABLE[N]\n"


WRONG_EGG = {
    "egg-11": "def one_egg_expected(k):\n    return 0\n",
    "egg-1": "def optimal_drop_range(k):\n    return (0, 0)\n",
}


def _class(folder: Path, records: Path) -> dict[str, str]:
    """The class: file name -> what it is."""
    victim = folder / "zuseconrad_4101_1_01-worst-case.ipynb"
    values = {"marker": MARKER, "classroom": folder, "records": records, "victim": victim}

    def attack(template: str) -> str:
        return template.format(**values)

    hand_ins = {
        victim.name: ("honest", _handin(EGG, worked=True)),
        "rewriter_4102_1_01-worst-case.ipynb": (
            "rewrites the pack",
            _handin(EGG, WRONG_EGG, attack(hostile.REWRITE_PACK)),
        ),
        "teacher_4103_1_01-worst-case.ipynb": (
            "reads the teacher notebooks",
            _handin(EGG, dict.fromkeys(("egg-11", "egg-1"), attack(hostile.READ_TEACHER))),
        ),
        "copier_4104_1_01-worst-case.ipynb": (
            "copies a classmate",
            _handin(EGG, dict.fromkeys(("egg-11", "egg-1"), attack(hostile.COPY_CLASSMATE))),
        ),
        "writer_4105_1_01-worst-case.ipynb": (
            "writes into the records and a classmate's hand-in",
            _handin(EGG, WRONG_EGG, attack(hostile.WRITE_RECORDS_AND_CLASSMATE)),
        ),
        "filler_4106_1_01-worst-case.ipynb": (
            "fills /dev/shm and /tmp",
            _handin(EGG, cell=attack(hostile.FILL_MEMORY_FOLDERS), worked=True),
        ),
        "zusetrios_4201_1_01-the-game-and-the-rule.ipynb": ("honest", _handin(TRIOS, worked=True)),
        "passer_4202_1_01-the-game-and-the-rule.ipynb": (
            "passes values through a file",
            _handin(TRIOS, {"trios-2": "pass", "trios-3": "pass"}, attack(hostile.PASS_THROUGH_A_FILE)),
        ),
        "table_4206_1_01-the-game-and-the-rule.ipynb": (
            "pastes a table of the check's public cases",
            _handin(TRIOS, {"trios-2": _lookup_table("trios-2")}, worked=True),
        ),
        "forger_4203_1_01-the-game-and-the-rule.ipynb": (
            "forges another group's reports",
            _handin(TRIOS, cell=attack(hostile.FORGE_ANOTHER_GROUP)),
        ),
        "linker_4204_1_01-the-game-and-the-rule.ipynb": (
            "reaches the closed unit by dir_fd and a hard link",
            _handin(
                TRIOS, {"trios-2": "pass", "trios-3": "pass"}, attack(hostile.CLOSED_BY_DIR_FD_AND_HARD_LINK)
            ),
        ),
        "bytecode_4205_1_01-the-game-and-the-rule.ipynb": (
            "reaches the closed unit by its bytecode and a fresh Python",
            _handin(
                TRIOS,
                {"trios-2": "pass", "trios-3": "pass"},
                attack(hostile.CLOSED_BY_BYTECODE_AND_A_FRESH_PYTHON),
            ),
        ),
        "seer_4301_1_01-game-and-lp.ipynb": (
            "looks around",
            _handin(HIGHER_LOWER, cell=attack(hostile.SEE_WHAT_IS_THERE)),
        ),
    }
    if UNSAFE:  # it would rewrite this checkout
        del hand_ins["rewriter_4102_1_01-worst-case.ipynb"]
    for name, (_, notebook) in hand_ins.items():
        nbformat.write(notebook, folder / name)
    return {name: what for name, (what, _) in hand_ins.items()}


def _leftovers() -> list[str]:
    return [str(p) for top in (Path("/tmp"), Path("/dev/shm")) for p in top.glob(f"{MARKER}*")]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    out = tmp_path_factory.mktemp("grades") / "grades.csv"
    records = out.with_name("grades-records")
    names = _class(folder, records)
    victim = folder / "zuseconrad_4101_1_01-worst-case.ipynb"
    victim_before = victim.read_bytes()
    pack_before = _tree_digest(ROOT / "puzzles", ROOT / "notebooks")
    command = [str(DP_PUZZLES), "grade", str(folder), "--out", str(out), "--jobs", "2", "--quiet"]
    command += ["--cell-timeout", "30"] + (["--unsafe"] if UNSAFE else [])
    started = time.monotonic()
    grader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=folder)
    stdout, stderr = grader.communicate(timeout=900)
    seconds = time.monotonic() - started
    assert grader.returncode == 0, stderr
    time.sleep(1)
    alive = processes_of(grader.pid)
    leftovers = _leftovers()
    for path in leftovers:
        Path(path).unlink(missing_ok=True)
    with out.with_name("grades-details.csv").open() as stream:
        rows = list(csv.DictReader(stream))
    verdicts: dict[str, dict[str, str]] = {}
    for row in rows:
        verdicts.setdefault(row["file"], {})[row["exercise"]] = row["verdict"]
    return {
        "names": names,
        "verdicts": verdicts,
        "rows": rows,
        "out": out,
        "records": records,
        "victim": victim.read_bytes() == victim_before,
        "pack": _tree_digest(ROOT / "puzzles", ROOT / "notebooks") == pack_before,
        "alive": alive,
        "leftovers": leftovers,
        "seconds": seconds,
        "stdout": stdout,
    }


def _of(graded, prefix: str) -> dict[str, str]:
    return next(v for file, v in graded["verdicts"].items() if file.startswith(prefix))


def _feedback(graded, prefix: str) -> str:
    return next(graded["out"].with_name("grades-feedback").glob(f"{prefix}*.md")).read_text()


def test_the_honest_hand_ins_get_full_points(graded):
    assert set(_of(graded, "zuseconrad").values()) == {"correct"}, _of(graded, "zuseconrad")
    assert set(_of(graded, "zusetrios").values()) == {"correct"}, _of(graded, "zusetrios")
    assert set(_of(graded, "filler").values()) == {"correct"}, _of(graded, "filler")
    assert "sandbox" in graded["stdout"]


@pytest.mark.skipif(UNSAFE, reason="the pack rewrite is left out without a sandbox")
def test_rewriting_the_pack_changes_nothing(graded):
    assert "correct" not in _of(graded, "rewriter").values()
    assert graded["pack"], "the pack's files changed during grading"


def test_the_teacher_notebooks_and_classmates_are_out_of_sight(graded):
    assert "correct" not in _of(graded, "teacher").values(), _of(graded, "teacher")
    assert "correct" not in _of(graded, "copier").values(), _of(graded, "copier")


def test_the_records_and_a_classmates_hand_in_cannot_be_written(graded):
    assert "correct" not in _of(graded, "writer").values()
    assert graded["victim"], "a classmate's hand-in was rewritten"
    assert not list(graded["records"].glob(f"{MARKER}*"))
    assert "results" in (graded["records"] / "zuseconrad_4101_1_01-worst-case.json").read_text()


def test_nothing_is_left_in_tmp_dev_shm_or_among_the_processes(graded):
    assert graded["leftovers"] == []
    assert graded["alive"] == []


def test_values_do_not_pass_between_groups_through_a_file(graded):
    verdicts = _of(graded, "passer")
    assert verdicts["trios-2"] != "correct" and verdicts["trios-3"] != "correct", verdicts


def test_a_table_of_the_public_cases_passes_the_notebook_but_not_the_grader(graded):
    from puzzles.course import checker

    namespace: dict = {}
    exec(_lookup_table("trios-2"), namespace)  # noqa: S102 - the hand-in's own answer cell
    answer = namespace[COURSE.exercise("trios-2").answer]
    assert checker.verify("trios-2", answer).passed  # the notebook's check: every public case holds
    verdicts = _of(graded, "table")
    assert verdicts["trios-2"] == "incorrect", verdicts  # the grader's hidden cases refuse it
    assert verdicts["trios-1"] == "correct" and verdicts["trios-3"] == "correct", verdicts


def test_another_groups_reports_cannot_be_forged(graded):
    assert "correct" not in _of(graded, "forger").values(), _of(graded, "forger")


def test_no_file_of_a_closed_unit_is_reachable_by_any_route(graded):
    for prefix in ("linker", "bytecode"):
        verdicts = _of(graded, prefix)
        assert verdicts["trios-2"] != "correct" and verdicts["trios-3"] != "correct", (prefix, verdicts)


def test_the_sandbox_holds_no_data_teacher_notebook_zip_or_bytecode_of_a_closed_unit(graded):
    assert "RuntimeError: seen 0: []" in _feedback(graded, "seer"), _feedback(graded, "seer")


def test_each_hand_in_has_a_seed_in_the_details(graded):
    seeds = {row["file"]: row["seed"] for row in graded["rows"]}
    assert all(seed.isdigit() for seed in seeds.values())
    assert len(set(seeds.values())) == len(seeds)  # one per hand-in, drawn afresh


def test_without_bubblewrap_the_grader_refuses_before_any_work(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    notebook = tmp_path / "alice_1_1_01-worst-case.ipynb"
    nbformat.write(EGG.notebook, notebook)
    done = subprocess.run(
        [str(DP_PUZZLES), "grade", str(notebook), "--out", str(tmp_path / "grades.csv"), "--quiet"],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(empty)},
        timeout=120,
    )
    assert done.returncode == 2 and "sudo apt-get install bubblewrap" in done.stderr, done.stderr
    assert "--unsafe" in done.stderr and not (tmp_path / "grades.csv").exists()
