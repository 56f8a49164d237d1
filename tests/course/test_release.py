"""dp-puzzles release, on a temporary git repository: the student edition of the version in
pyproject.toml is committed under a tag (Binder, Colab) and a branch (nbgitpuller), the site's
launch links name files that exist there, the repository's own branch and files are untouched,
and a release is fixed."""

from __future__ import annotations

import json
import shutil
import subprocess
import textwrap
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.cli import main
from puzzles.instructor.launch import binder_url, colab_url, hub_url, read_release
from puzzles.instructor.release import COLAB_TAG, ReleaseError, release

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

TOC = """
format: jb-book
root: 00-course-map
parts:
  - caption: Eggs
    unit: egg
    chapters:
      - file: egg/01-only
        title: The only lesson
        minutes: 20
"""


def git(repo: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def _lesson(secret: str) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    solution = nbformat.v4.new_code_cell(
        f"# Worked solution: try first.\ndef N(k):\n    return '{secret}'", metadata={"tags": ["solution"]}
    )
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Egg: the only lesson"),
        nbformat.v4.new_code_cell("from puzzles.course import check"),
        nbformat.v4.new_markdown_cell("### Exercise 3 (a formula)", metadata={"tags": ["exercise"]}),
        solution,
        nbformat.v4.new_code_cell('check("egg-3", N)', metadata={"tags": ["check"]}),
    ]
    return notebook


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository of the pack's shape: a course of one lesson, a package, pyproject.toml."""
    root = tmp_path / "dp-puzzles"
    (root / "notebooks" / "egg").mkdir(parents=True)
    (root / "notebooks" / "_toc.yml").write_text(textwrap.dedent(TOC))
    map_notebook = nbformat.v4.new_notebook()
    map_notebook.cells = [nbformat.v4.new_markdown_cell("# Map")]
    nbformat.write(map_notebook, root / "notebooks" / "00-course-map.ipynb")
    nbformat.write(_lesson("SECRET-1"), root / "notebooks" / "egg" / "01-only.ipynb")
    (root / "puzzles").mkdir()
    (root / "puzzles" / "__init__.py").write_text('"""The package."""\n')
    (root / ".binder").mkdir()
    (root / ".binder" / "postBuild").write_text("python -m pip install --no-deps -e .\n")
    (root / "LICENSE").write_text("MIT\n")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "dp-puzzles"\nversion = "0.3.0"\n'
        '[project.urls]\nRepository = "https://github.com/someone/dp-puzzles"\n'
        '[tool.dp-puzzles]\njupyterhub = "https://hub.example.edu"\n'
    )
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.name", "Instructor")
    git(root, "config", "user.email", "instructor@example.edu")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "the course")
    return root


def _files(repo: Path, ref: str) -> list[str]:
    return git(repo, "ls-tree", "-r", "--name-only", ref).splitlines()


def test_the_release_commits_the_student_edition_under_a_tag_and_a_branch(repo):
    head, status = git(repo, "rev-parse", "HEAD"), git(repo, "status", "--porcelain")
    commit, info = release(repo, log=lambda line: None)
    assert (info.tag, info.branch) == ("v0.3.0-student", "student-v0.3.0")
    assert git(repo, "rev-parse", f"{info.tag}^{{commit}}") == commit == git(repo, "rev-parse", info.branch)
    # the repository's own branch, index and files are as they were
    assert git(repo, "rev-parse", "HEAD") == head and git(repo, "branch", "--show-current") == "main"
    assert git(repo, "status", "--porcelain") == status == ""
    files = _files(repo, info.tag)
    for needed in (
        "START-HERE.md",
        "notebooks/00-course-map.ipynb",
        "notebooks/egg/01-only.ipynb",
        "notebooks/_toc.yml",
        "puzzles/__init__.py",
        "pyproject.toml",
        "LICENSE",
        ".binder/postBuild",
    ):
        assert needed in files
    for name in files:  # no answer in any file of the release
        assert "SECRET" not in git(repo, "show", f"{info.tag}:{name}"), name
    lesson = json.loads(git(repo, "show", f"{info.tag}:notebooks/egg/01-only.ipynb"))
    codes = [cell for cell in lesson["cells"] if cell["cell_type"] == "code"]
    assert COLAB_TAG in codes[0]["metadata"]["tags"]  # the Colab set-up first ...
    assert "dp-puzzles @ git+https://github.com/someone/dp-puzzles@v0.3.0-student" in "".join(
        codes[0]["source"]
    )
    assert "".join(codes[2]["source"]).startswith("def N(k): ...")  # ... then the lesson, a stub


def test_the_sites_launch_links_name_files_of_the_release(repo):
    release(repo, log=lambda line: None)
    info = read_release(repo)
    files = set(_files(repo, info.tag))
    for lesson in model.load(repo / "notebooks").lessons:
        path = f"notebooks/{lesson.relative}"
        binder = urlparse(binder_url(info, path))
        assert binder.path.endswith(f"/{info.tag}")
        assert parse_qs(binder.query)["urlpath"][0].removeprefix("lab/tree/") in files
        colab = urlparse(colab_url(info, path)).path
        assert colab.split(f"/blob/{info.tag}/", 1)[1] in files
        hub = parse_qs(urlparse(hub_url(info, path)).query)
        assert hub["branch"] == [info.branch] and info.branch in git(repo, "branch", "--list", info.branch)
        assert hub["urlpath"][0].removeprefix(f"lab/tree/{repo.name}/") in files


def test_nbgitpuller_can_update_a_students_copy_from_the_branch_and_not_from_the_tag(repo, tmp_path):
    """nbgitpuller clones with --branch, and on every later click merges origin/<branch> into the
    student's copy (keeping their edits): a branch allows that, a tag has no origin/<tag>."""
    _, info = release(repo, log=lambda line: None)
    copy = tmp_path / "student" / repo.name
    git(tmp_path, "clone", "-q", "--branch", info.branch, str(repo), str(copy))
    git(copy, "config", "user.name", "Student")
    git(copy, "config", "user.email", "student@example.edu")
    notebook = copy / "notebooks" / "egg" / "01-only.ipynb"
    notebook.write_text(notebook.read_text().replace("def N(k): ...", "def N(k): return k"))
    git(copy, "commit", "-q", "-am", "WIP")
    git(copy, "fetch", "-q")
    git(copy, "merge", "-Xours", f"origin/{info.branch}")
    assert "def N(k): return k" in notebook.read_text()
    failed = subprocess.run(["git", "merge", f"origin/{info.tag}"], cwd=copy, capture_output=True, text=True)
    assert failed.returncode != 0


def test_a_release_is_fixed(repo):
    first, info = release(repo, log=lambda line: None)
    again, _ = release(repo, log=lambda line: None)
    assert again == first and git(repo, "rev-parse", info.branch) == first
    nbformat.write(_lesson("SECRET-2"), repo / "notebooks" / "egg" / "01-only.ipynb")
    nbformat.write(
        nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Map, changed")]),
        repo / "notebooks" / "00-course-map.ipynb",
    )
    git(repo, "commit", "-q", "-am", "a change")
    with pytest.raises(ReleaseError, match="already holds a different student edition of 0.3.0"):
        release(repo, log=lambda line: None)
    assert git(repo, "rev-parse", f"{info.tag}^{{commit}}") == first
    # the next version is a new release, after the first
    pyproject = repo / "pyproject.toml"
    pyproject.write_text(pyproject.read_text().replace('version = "0.3.0"', 'version = "0.4.0"'))
    git(repo, "commit", "-q", "-am", "0.4.0")
    second, info = release(repo, log=lambda line: None)
    assert info.tag == "v0.4.0-student" and git(repo, "rev-parse", f"{second}^") == first


def test_uncommitted_changes_are_refused_unless_allowed(repo, capsys):
    (repo / "LICENSE").write_text("changed\n")
    assert main(["release", "--repo", str(repo)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("dp-puzzles release: ") and "uncommitted changes" in error
    assert not git(repo, "tag", "--list")
    assert main(["release", "--repo", str(repo), "--allow-dirty"]) == 0
    assert git(repo, "tag", "--list") == "v0.3.0-student"
    assert "git push origin v0.3.0-student student-v0.3.0" in capsys.readouterr().out


def test_a_folder_that_is_not_a_repository_is_refused(tmp_path):
    with pytest.raises(ReleaseError, match="not a git repository"):
        release(tmp_path, log=lambda line: None)


def test_a_release_of_the_lessons_by_a_day_holds_only_those_and_is_named_for_the_day(repo, capsys):
    toc = repo / "notebooks" / "_toc.yml"
    toc.write_text(
        toc.read_text()
        + "      - file: egg/02-later\n        title: Later\n"
        + "        minutes: 30\n        released: 2027-03-08\n"
    )
    nbformat.write(_lesson("SECRET-3"), repo / "notebooks" / "egg" / "02-later.ipynb")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a second lesson, released a week later")
    assert main(["release", "--repo", str(repo), "--until", "2027-03-01"]) == 0
    assert "tag v0.3.0-student-2027-03-01, branch student-v0.3.0-2027-03-01" in capsys.readouterr().out
    first = _files(repo, "v0.3.0-student-2027-03-01")
    assert "notebooks/egg/01-only.ipynb" in first and "notebooks/egg/02-later.ipynb" not in first
    assert "the lessons released by 2027-03-01" in git(
        repo, "show", "v0.3.0-student-2027-03-01:START-HERE.md"
    )
    released_toc = git(repo, "show", "v0.3.0-student-2027-03-01:notebooks/_toc.yml")
    assert "egg/01-only" in released_toc and "02-later" not in released_toc
    # the week after, the next release of the same version holds both, after the first
    second, info = release(repo, log=lambda line: None, until=model.parse_day("2027-03-08", "--until"))
    assert (info.tag, info.branch) == ("v0.3.0-student-2027-03-08", "student-v0.3.0-2027-03-08")
    assert "notebooks/egg/02-later.ipynb" in _files(repo, info.tag)
    assert git(repo, "rev-parse", f"{second}^") == git(
        repo, "rev-parse", "v0.3.0-student-2027-03-01^{commit}"
    )
    # its launch links name files of that release
    path = "notebooks/egg/02-later.ipynb"
    assert colab_url(info, path).split(f"/blob/{info.tag}/", 1)[1] in _files(repo, info.tag)
    assert main(["release", "--repo", str(repo), "--until", "someday"]) == 2
    assert "--until must be a day written YYYY-MM-DD" in capsys.readouterr().err
