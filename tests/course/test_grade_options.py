"""Bad options and output paths of the instructor's commands: refused before any work, with one
sentence, never a traceback, and never a file overwritten that the command did not write."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import traceback
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.cli import main
from puzzles.instructor.student import student_notebook

DP_PUZZLES = Path(sys.executable).parent / "dp-puzzles"
LESSON = model.load().lesson("egg/01-worst-case")


def _run(*arguments, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(DP_PUZZLES), *map(str, arguments)], capture_output=True, text=True, timeout=300, cwd=cwd
    )


def _run_here(*arguments) -> subprocess.CompletedProcess:
    """``dp-puzzles`` run in this process, for a refusal that comes before any work: the same
    ``main`` as the installed script (``_run`` runs the script itself), without the second or so
    that a fresh interpreter spends importing the pack. A traceback is printed as the script's would be."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(argument) for argument in arguments])
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        except Exception:  # noqa: BLE001 - what the script would show
            traceback.print_exc()
            code = 1
    return subprocess.CompletedProcess(["dp-puzzles", *arguments], code, out.getvalue(), err.getvalue())


def _refused(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in done.stderr, done.stderr


@pytest.fixture
def handin(tmp_path) -> Path:
    """An untouched student edition: graded in a moment (nothing runs)."""
    path = tmp_path / "stubs_4050_950_01-worst-case.ipynb"
    nbformat.write(student_notebook(LESSON.notebook), path)
    return path


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--memory", "0.01", "0.25 to 1024"),
        ("--memory", "0", "0.25 to 1024"),
        ("--cell-timeout", "-1", "1 to 86400"),
        ("--handin-timeout", "0", "10 to 604800"),
        ("--jobs", "0", "1 to 256"),
        ("--jobs", "abc", "1 to 256"),
    ],
)
@pytest.mark.parametrize("command", ["grade", "nbgrader-grade"])
def test_option_values_outside_their_sense_are_refused_with_the_range(command, option, value, words, handin):
    arguments = (
        command,
        handin,
        option,
        value,
        "--out" if command == "grade" else "--quiet",
        handin.parent / "g.csv",
    )
    # the installed script for the first value of each command, the same main in this process for the others
    run = _run if (option, value) == ("--memory", "0.01") else _run_here
    _refused(run(*arguments), option, words, repr(value))


@pytest.mark.parametrize("jobs", ["abc", "0"])
def test_site_jobs_that_make_no_sense_are_refused_before_sphinx_runs(jobs, tmp_path):
    _refused(_run("site", "--jobs", jobs, "--out", tmp_path / "site"), "--jobs", "auto or a whole number")


def test_grade_refuses_to_overwrite_a_file_it_did_not_write(handin, tmp_path):
    instructors = tmp_path / "pyproject.toml"
    instructors.write_text("[project]\nname = 'mine'\n")
    _refused(_run("grade", handin, "--out", instructors), "was not written by the grader")
    assert instructors.read_text() == "[project]\nname = 'mine'\n"
    before = handin.read_bytes()
    _refused(_run("grade", handin, "--out", handin), "hand-in")
    assert handin.read_bytes() == before
    folder = tmp_path / "out-folder"
    folder.mkdir()
    _refused(_run("grade", handin, "--out", folder), "is a folder")
    foreign = tmp_path / "marks-details.csv"
    foreign.write_text("my own notes\n")
    _refused(_run("grade", handin, "--out", tmp_path / "marks.csv"), "marks-details.csv")
    assert foreign.read_text() == "my own notes\n"
    assert not (tmp_path / "marks.csv").exists()


def test_grade_may_write_over_its_own_gradebook_and_details_of_an_earlier_run(handin, tmp_path):
    out = tmp_path / "grades.csv"
    first = _run("grade", handin, "--out", out, "--quiet")
    assert first.returncode == 0, first.stderr
    again = _run("grade", handin, "--out", out, "--quiet")
    assert again.returncode == 0, again.stderr
    assert out.with_name("grades-details.csv").is_file()


@pytest.mark.parametrize("command", ["student", "site", "nbgrader"])
def test_the_builders_still_refuse_a_folder_of_someone_elses(command, tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    done = _run_here(command, "--out", mine)
    _refused(done)
    assert (mine / "pyproject.toml").read_text() == "[project]\nname = 'mine'\n"
