"""The site builder writes only its own output folder, and its launch links have the formats
their services document. (The site itself: tests/site and tests/browser; both editions of a
small course: test_course_model.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from puzzles.instructor import site
from puzzles.instructor.builds import MARKER, BuildRefused
from puzzles.instructor.cli import main
from puzzles.instructor.launch import (
    Release,
    binder_url,
    colab_url,
    github_parts,
    hub_url,
    launch_links,
    read_release,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"


# -- never over what it did not write ------------------------------------------------------------


def _listing(folder: Path) -> list[tuple[str, bytes]]:
    return sorted(
        (p.relative_to(folder).as_posix(), p.read_bytes()) for p in folder.rglob("*") if p.is_file()
    )


@pytest.mark.parametrize("edition", site.EDITIONS)
def test_an_occupied_folder_is_refused_and_left_as_it_was(tmp_path, edition):
    out = tmp_path / "my-site"
    (out / "notes").mkdir(parents=True)
    (out / "index.html").write_text("my own page")
    (out / "notes" / "draft.md").write_text("a draft")
    before = _listing(out)
    with pytest.raises(BuildRefused, match="not empty and was not written by this tool"):
        site.build(edition, out, log=lambda line: None)
    assert _listing(out) == before


@pytest.mark.parametrize(
    "where",
    [
        lambda: NOTEBOOKS,  # the notebooks themselves
        lambda: NOTEBOOKS / "site",  # inside them
        lambda: ROOT,  # the repository, which holds them
        lambda: ROOT / "docs" / "_build",  # inside the site's own sources
    ],
)
def test_an_output_folder_that_overlaps_a_source_is_refused(where):
    before = _listing(NOTEBOOKS)
    with pytest.raises(BuildRefused, match="overlaps its source"):
        site.build("student", where(), log=lambda line: None)
    assert _listing(NOTEBOOKS) == before
    assert not (NOTEBOOKS / "site").exists()


def test_one_edition_never_writes_over_the_other(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / MARKER).write_text(json.dumps({"tool": site.tool_name("student"), "files": []}))
    (out / "index.html").write_text("the student site")
    with pytest.raises(BuildRefused, match="output of another tool"):
        site.build("teacher", out, log=lambda line: None)
    assert (out / "index.html").read_text() == "the student site"


def test_the_command_refuses_with_a_sentence_and_a_non_zero_status(tmp_path, capsys):
    (tmp_path / "keep.txt").write_text("mine")
    assert main(["site", "--edition", "student", "--out", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("dp-puzzles site: ") and str(tmp_path) in error and "Traceback" not in error
    assert (tmp_path / "keep.txt").read_text() == "mine"
    assert main(["site", "--edition", "student", "--out", str(NOTEBOOKS)]) == 2
    assert "overlaps its source" in capsys.readouterr().err


def test_every_option_is_described(capsys):
    with pytest.raises(SystemExit):
        main(["site", "--help"])
    text = capsys.readouterr().out
    for option in ("--edition", "--out", "--notebooks", "--hub", "--vendor-cache", "--jobs"):
        assert option in text
    assert "student" in text and "teacher" in text


def test_the_npm_cache_is_the_users_never_the_repository(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert site.default_cache() == tmp_path / "cache" / "dp-puzzles" / "npm"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert not site.default_cache().resolve().is_relative_to(ROOT)


# -- the launch links ---------------------------------------------------------------------------------

RELEASE = Release("1.2.3", "https://github.com/someone/dp-puzzles", "https://hub.example.edu")
LESSON = "notebooks/egg/01-worst-case.ipynb"


def test_binders_link_opens_the_lesson_in_jupyterlab_at_the_release_tag():
    # mybinder.org: /v2/gh/<owner>/<repo>/<ref>?urlpath=<path in the Jupyter server>
    url = urlparse(binder_url(RELEASE, LESSON))
    assert (url.scheme, url.netloc, url.path) == (
        "https",
        "mybinder.org",
        "/v2/gh/someone/dp-puzzles/v1.2.3-student",
    )
    assert parse_qs(url.query) == {"urlpath": [f"lab/tree/{LESSON}"]}


def test_the_hub_link_pulls_the_release_branch_with_nbgitpuller_and_opens_the_lesson():
    # nbgitpuller's link generator: <hub>/hub/user-redirect/git-pull?repo=&branch=&urlpath=, the
    # path starting with the folder the repository is cloned into (its name)
    url = urlparse(hub_url(RELEASE, LESSON))
    assert (url.scheme, url.netloc, url.path) == ("https", "hub.example.edu", "/hub/user-redirect/git-pull")
    assert parse_qs(url.query) == {
        "repo": ["https://github.com/someone/dp-puzzles"],
        "branch": ["student-v1.2.3"],
        "urlpath": [f"lab/tree/dp-puzzles/{LESSON}"],
    }


def test_colabs_link_opens_the_lesson_from_github_at_the_release_tag():
    url = urlparse(colab_url(RELEASE, LESSON))
    assert (url.netloc, url.path) == (
        "colab.research.google.com",
        f"/github/someone/dp-puzzles/blob/v1.2.3-student/{LESSON}",
    )


def test_a_link_whose_address_is_not_set_is_left_out():
    assert [css for css, _, _ in launch_links(RELEASE, LESSON)] == ["binder-link", "hub-link", "colab-link"]
    no_hub = Release("1.2.3", "https://github.com/someone/dp-puzzles")
    assert [css for css, _, _ in launch_links(no_hub, LESSON)] == ["binder-link", "colab-link"]
    elsewhere = Release("1.2.3", "https://gitlab.com/someone/dp-puzzles", "https://hub.example.edu")
    assert [css for css, _, _ in launch_links(elsewhere, LESSON)] == ["hub-link"]
    assert launch_links(Release("1.2.3"), LESSON) == []
    assert (
        github_parts("https://github.com/a/b.git") == ("a", "b")
        and github_parts("https://github.com/a") is None
    )


def test_the_release_and_the_hub_come_from_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "dp-puzzles"\nversion = "2.0.1"\n'
        '[project.urls]\nRepository = "https://github.com/someone/fork/"\n'
        '[tool.dp-puzzles]\njupyterhub = "https://hub.example.edu/"\n'
    )
    release = read_release(tmp_path)
    assert (release.version, release.repository, release.hub) == (
        "2.0.1",
        "https://github.com/someone/fork",
        "https://hub.example.edu",
    )
    assert (release.tag, release.branch) == ("v2.0.1-student", "student-v2.0.1")
    assert read_release(tmp_path, hub="https://other.example.org").hub == "https://other.example.org"
    assert read_release(tmp_path, hub="").hub == ""
    with pytest.raises(ValueError, match="must start with https://"):
        read_release(tmp_path, hub="hub.example.edu")
    own = read_release()  # the pack's own: its version, a GitHub repository
    assert own.version and github_parts(own.repository) is not None
