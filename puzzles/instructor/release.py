"""Release the student edition, so that the launch links have something to open.

    dp-puzzles release [--repo .] [--allow-dirty] [--until YYYY-MM-DD]

The course site's launch links (Binder, nbgitpuller on a JupyterHub, Colab) open a lesson's
student notebook at a fixed release, never at ``HEAD`` (see ``puzzles.instructor.launch``).
This command makes that release, in the repository's own git history and without touching
its working tree, its index or its current branch:

1. it writes the student edition of the version in ``pyproject.toml``, laid out as the student
   zip is (``START-HERE.md``, ``notebooks/`` with the student notebooks, the ``puzzles``
   package, ``pyproject.toml``, ``requirements.lock``, ``environment.yml``, ``Makefile``,
   ``README.md``, ``LICENSE``),
   plus ``.binder/`` so that Binder can build it; where the repository is on GitHub, each
   notebook gets a first code cell that installs the package on Colab (and does nothing
   anywhere else);
2. it commits that tree as one commit whose parent is the previous student release, if any;
3. it names the commit with the tag ``v<version>-student`` and the branch ``student-v<version>``.

A release is fixed: run again on the same version, it changes nothing when the edition is
the same, and refuses when it differs (raise the version in ``pyproject.toml`` first). It also
refuses a working tree with uncommitted changes (``--allow-dirty`` to build it all the same),
since the release must be what the repository holds. Nothing is pushed: the command prints the
``git push`` that publishes the tag and the branch.

With ``--until DAY`` the release holds only the lessons released by that day (``released`` in
``_toc.yml``), and its tag and branch carry the day: ``v<version>-student-<DAY>``. The student
site built with the same ``--until`` opens lessons there, so its launch links never reach a
lesson that is still to come. Make one for each day a lesson is released.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import replace
from pathlib import Path

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor.launch import ROOT, Release, github_parts, read_release

__all__ = [
    "STUDENT_README",
    "TOP_FILES",
    "COLAB_TAG",
    "ReleaseError",
    "colab_setup_cell",
    "write_student_tree",
    "student_zip",
    "release",
    "add_arguments",
    "run",
]

TOP_FILES = ("pyproject.toml", "requirements.lock", "environment.yml", "Makefile", "README.md", "LICENSE")
COLAB_TAG = "colab-setup"
ZIP_TOP = "dp-puzzles-student"

STUDENT_README = """# Puzzles & Dynamic Programming: the student edition

Every worked solution in these notebooks is a stub for you to fill in, and each exercise's
check cell tells you whether your answer is right, where it first goes wrong, or that it
is not attempted yet.

To run the notebooks (Python 3.11 or newer):

    make lab      # creates .venv, installs the package, opens JupyterLab on the course map

or, without make:

    python -m venv .venv && .venv/bin/pip install -e .
    .venv/bin/jupyter lab notebooks/00-course-map.ipynb

Start from the course map, `notebooks/00-course-map.ipynb`.
"""


class ReleaseError(Exception):
    """The release cannot be made; the message says why and what to do."""


# -- the student edition as a tree of files ------------------------------------------------------


def colab_setup_cell(release: Release) -> nbformat.NotebookNode | None:
    """The cell that installs the release's package on Colab; None without a GitHub repository."""
    if github_parts(release.repository) is None:
        return None
    requirement = f"{release.distribution} @ git+{release.repository}@{release.tag}"
    source = (
        "# On Google Colab only: install this release of the course's package (anywhere else,\n"
        "# this cell does nothing).\n"
        "import sys\n"
        "\n"
        'if "google.colab" in sys.modules:\n'
        "    import subprocess\n"
        "\n"
        "    subprocess.run(\n"
        f'        [sys.executable, "-m", "pip", "install", "--quiet", "{requirement}"], check=True\n'
        "    )\n"
        "    from google.colab import output\n"
        "\n"
        "    output.enable_custom_widget_manager()  # the lessons' widgets"
    )
    cell = nbformat.v4.new_code_cell(source, metadata={"tags": [COLAB_TAG]})
    cell.id = "colab-setup"
    return cell


def _with_setup(path: Path, cell: nbformat.NotebookNode) -> None:
    notebook = nbformat.read(str(path), as_version=4)
    first_code = next((i for i, c in enumerate(notebook.cells) if c.cell_type == "code"), len(notebook.cells))
    notebook.cells.insert(first_code, cell)
    nbformat.write(notebook, str(path))


def write_student_tree(
    course: model.Course,
    target: Path,
    root: Path = ROOT,
    release: Release | None = None,
    until: datetime.date | None = None,
) -> list[Path]:
    """Write the student edition of ``course`` into the empty folder ``target``, laid out as the
    student zip is; with ``release``, add ``.binder/`` and the Colab set-up cell too; with
    ``until`` (a day), only the lessons released by then (``course.until`` where not given).

    Returns the files written. ``root`` is the repository whose package and files go with it.
    """
    until = until if until is not None else course.until
    from puzzles.instructor.student import build as build_student

    target = Path(target)
    written: list[Path] = []

    def copy(source: Path, relative: str) -> None:
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)
        written.append(destination)

    with tempfile.TemporaryDirectory(prefix="dp-puzzles-student-") as work:
        edition, _ = build_student(course.root, Path(work) / "notebooks", log=lambda line: None, until=until)
        for path in sorted(edition.rglob("*")):
            if path.is_file() and (path.suffix == ".ipynb" or path.name == model.TOC):
                copy(path, f"notebooks/{path.relative_to(edition).as_posix()}")
    cell = colab_setup_cell(release) if release is not None else None
    if cell is not None:
        for path in written:
            if path.suffix == ".ipynb":
                _with_setup(path, cell)
    readme = STUDENT_README
    if until is not None:
        readme += (
            f"\nThis edition holds the lessons released by {until.isoformat()}; the course map names each "
            "lesson still to come with the day it is released.\n"
        )
    (target / "START-HERE.md").write_text(readme, encoding="utf-8")
    written.append(target / "START-HERE.md")
    for name in TOP_FILES:
        if (root / name).is_file():
            copy(root / name, name)
    folders = ["puzzles"] + ([".binder"] if release is not None else [])
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".tmp"):
                copy(path, path.relative_to(root).as_posix())
    return written


def student_zip(
    course: model.Course, target: Path, root: Path = ROOT, until: datetime.date | None = None
) -> Path:
    """A zip of the student edition that runs on its own (``make lab``), under one top folder;
    with ``until`` (or ``course.until``), only the lessons released by that day."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-zip-") as work:
        tree = Path(work) / ZIP_TOP
        files = write_student_tree(course, tree, root, until=until)
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(files):
                archive.write(path, f"{ZIP_TOP}/{path.relative_to(tree).as_posix()}")
    return target


# -- the release in git -----------------------------------------------------------------------------


def _git(root: Path, *args: str, env: dict | None = None, check: bool = True) -> str:
    result = subprocess.run(["git", *args], cwd=root, env=env, capture_output=True, text=True, check=False)
    if check and result.returncode != 0:
        raise ReleaseError(f"git {' '.join(args)} failed: {result.stderr.strip() or result.stdout.strip()}")
    return result.stdout.strip()


def _resolve(root: Path, ref: str) -> str | None:
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        cwd=root,
        capture_output=True,
        text=True,
    )
    return found.stdout.strip() or None


def _previous_release(root: Path, tag: str, dated: bool = False) -> str | None:
    if dated:  # the releases of lessons by a day follow each other in the order they were made
        tags = _git(root, "tag", "--list", "v*-student*", "--sort=-creatordate").splitlines()
    else:
        tags = _git(root, "tag", "--list", "v*-student", "--sort=-v:refname").splitlines()
    for name in tags:
        if name != tag:
            return _resolve(root, f"refs/tags/{name}")
    return None


def release(
    root: Path = ROOT, allow_dirty: bool = False, log=print, until: datetime.date | None = None
) -> tuple[str, Release]:
    """Commit the student edition of ``root``'s version and name it; return the commit and release.

    With ``until`` (a day), the edition holds only the lessons released by then, and is named
    for that day too (``v<version>-student-<day>``, ``student-v<version>-<day>``)."""
    root = Path(root).resolve()
    if shutil.which("git") is None:
        raise ReleaseError("the release is made with git, which is not installed")
    if _git(root, "rev-parse", "--is-inside-work-tree", check=False) != "true":
        raise ReleaseError(f"{root} is not a git repository: the release is written into its history")
    top = Path(_git(root, "rev-parse", "--show-toplevel")).resolve()
    if top != root:
        raise ReleaseError(f"{root} is not the top of its git repository ({top} is)")
    info = replace(read_release(root), until=until)
    if not allow_dirty:
        changed = _git(root, "status", "--porcelain", "--untracked-files=no")
        if changed:
            raise ReleaseError(
                "the working tree has uncommitted changes; commit them first (the release must be what "
                "the repository holds), or pass --allow-dirty:\n" + changed
            )
    course = model.load(root / "notebooks").released_by(until)
    source = _resolve(root, "HEAD") or "no commit"
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-release-") as work:
        tree_dir = Path(work) / "tree"
        write_student_tree(course, tree_dir, root, release=info)
        env = dict(os.environ, GIT_INDEX_FILE=str(Path(work) / "index"))
        git_dir = _git(root, "rev-parse", "--absolute-git-dir")
        _git(root, f"--git-dir={git_dir}", f"--work-tree={tree_dir}", "add", "--all", "--force", ".", env=env)
        tree = _git(root, f"--git-dir={git_dir}", "write-tree", env=env)
    tagged = _resolve(root, f"refs/tags/{info.tag}")
    branched = _resolve(root, f"refs/heads/{info.branch}")
    for name, commit in ((info.tag, tagged), (info.branch, branched)):
        if commit is not None and _git(root, "rev-parse", f"{commit}^{{tree}}") != tree:
            raise ReleaseError(
                f"{name} already holds a different student edition of {info.version}: a release is fixed. "
                "Raise the version in pyproject.toml to release this one"
            )
    commit = tagged or branched
    if commit is None:
        parent = _previous_release(root, info.tag, dated=until is not None)
        held = f", the lessons released by {until}" if until is not None else ""
        message = f"Student edition of {info.distribution} {info.version}{held} (built from {source[:12]})"
        commit = _git(root, "commit-tree", tree, *(["-p", parent] if parent else []), "-m", message)
    if tagged is None:
        _git(root, "tag", "--annotate", info.tag, commit, "-m", f"Student edition of {info.version}")
    if branched is None:
        _git(root, "update-ref", f"refs/heads/{info.branch}", commit, "")
    state = "already released" if tagged and branched else "released"
    log(
        f"student edition of {info.version} {state}: commit {commit[:12]}, "
        f"tag {info.tag}, branch {info.branch}"
    )
    log(f"publish it with: git push origin {info.tag} {info.branch}")
    return commit, info


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--repo",
        type=Path,
        default=ROOT,
        help="the repository to release (default: the one this package is installed from)",
    )
    parser.add_argument(
        "--allow-dirty",
        action="store_true",
        help="release even though the working tree has uncommitted changes",
    )
    parser.add_argument(
        "--until",
        default=None,
        metavar="YYYY-MM-DD",
        help="release only the lessons released by that day (`released` in _toc.yml), or `today`, "
        "as v<version>-student-<day>; the student site built with the same --until opens it",
    )


def run(args: argparse.Namespace) -> int:
    try:
        from puzzles.instructor.student import until_day

        release(args.repo, allow_dirty=args.allow_dirty, until=until_day(args.until))
    except (ReleaseError, model.CourseError, ValueError) as error:
        print(f"dp-puzzles release: {error}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles release", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
