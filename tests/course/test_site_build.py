"""The site builder writes only its own output folder, and its launch links have the formats
their services document. (The site itself: tests/site and tests/browser; both editions of a
small course: test_course_model.py.)"""

from __future__ import annotations

import json
import shutil
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
    for option in ("--edition", "--out", "--notebooks", "--hub", "--vendor-cache", "--jobs", "--until"):
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


# -- lessons released by a day: a later lesson gives no earlier answer away ---------------------------

TRIOS_TOC = """
format: jb-book
root: 00-course-map
parts:
  - caption: Tricky Trios
    unit: trios
    source: Code Jam to I/O for Women 2018
    teaches: a memoryless game by DP over states
    released: 2027-03-01
    chapters:
      - file: trios/01-the-game-and-the-rule
        title: I. The game and the rule
        minutes: 100
      - file: trios/02-states-and-memoisation
        title: II. States and memoisation
        minutes: 95
        released: 2027-03-08
        prints_answers_of: [trios-1, trios-2]
"""
TRIOS_II = "trios/02-states-and-memoisation"


@pytest.fixture(scope="module")
def trios_term(tmp_path_factory):
    """The pack's two trios lessons as a course of their own, trios II released a week after
    trios I; its student site of a day in between; the answer scan's markers of the course."""
    import nbformat

    from puzzles.instructor import course as model
    from support.answers import answer_markers
    from support.sites import fake_npm_cache

    work = tmp_path_factory.mktemp("trios-term")
    root = work / "notebooks"
    (root / "trios").mkdir(parents=True)
    for name in ("01-the-game-and-the-rule", "02-states-and-memoisation"):
        shutil.copy(NOTEBOOKS / "trios" / f"{name}.ipynb", root / "trios")
    (root / "_toc.yml").write_text(TRIOS_TOC)
    course_map = nbformat.v4.new_notebook()
    course_map.cells = [
        nbformat.v4.new_markdown_cell(
            "# The course map\n\nOne unit.\n\n<!-- lessons:start -->\n<!-- lessons:end -->\n"
        )
    ]
    nbformat.write(course_map, root / "00-course-map.ipynb")
    course = model.load(root)
    lines: list[str] = []
    out = work / "site"
    site.build(
        "student",
        out,
        root,
        cache=fake_npm_cache(work / "npm"),
        jobs="1",
        log=lines.append,
        until="2027-03-05",
    )
    return course, out, answer_markers(course), lines


def test_the_student_site_of_a_day_before_trios_ii_holds_no_trios_ii_and_no_answer(trios_term):
    from support.answers import documents, scan

    course, out, markers, lines = trios_term
    assert course.release_warnings() == [] and not any(line.startswith("warning:") for line in lines)
    # what trios II gives away: trios-1's E(2) = 17/5 among them (the scan's own data)
    given = [m for m in markers.all() if TRIOS_II in m.stated_later and m.exercise == "trios-1"]
    assert "17/5" in {m.text for m in given}, given
    docs = list(documents(out, course))
    names = [doc.name for doc in docs]
    assert "trios/01-the-game-and-the-rule.html" in names
    assert not [name for name in names if "02-states-and-memoisation" in name], "a page or file of trios II"
    assert sum(".zip!" in name and name.endswith(".ipynb") for name in names) == 2  # the map and trios I
    assert sorted(p.relative_to(out / "downloads").as_posix() for p in out.glob("downloads/**/*.ipynb")) == [
        "student/00-course-map.ipynb",
        "student/trios/01-the-game-and-the-rule.ipynb",
    ]
    # no answer anywhere, and none of trios II's give-aways even where a later lesson may state them
    assert not scan(markers, docs)
    assert not scan(type(markers)({"trios-1": given}), docs, excuse_later=False)
    # the home page names trios II with its day and links only to trios I
    home = (out / "index.html").read_text()
    assert "coming on 2027-03-08" in home and "02-states-and-memoisation" not in home
    assert 'href="trios/01-the-game-and-the-rule.html"' in home
    assert "released by 2027-03-05" in home
    # the launch links open the release of that day, which holds no trios II either
    release = read_release()
    page = (out / "trios" / "01-the-game-and-the-rule.html").read_text()
    assert f"/blob/v{release.version}-student-2027-03-05/notebooks/trios/" in page


def test_the_student_zip_of_a_day_after_trios_ii_holds_it_and_its_answer_to_trios_i(trios_term, tmp_path):
    import zipfile

    from puzzles.instructor.release import student_zip
    from support.answers import documents, scan

    course, _, markers, _ = trios_term
    given = [m for m in markers.all() if TRIOS_II in m.stated_later and m.exercise == "trios-1"]
    before = student_zip(course.released_by("2027-03-07"), tmp_path / "before" / "edition.zip")
    after = student_zip(course.released_by("2027-03-08"), tmp_path / "after" / "edition.zip")
    members = zipfile.ZipFile(after).namelist()
    assert f"dp-puzzles-student/notebooks/{TRIOS_II}.ipynb" in members
    assert not any(TRIOS_II in name for name in zipfile.ZipFile(before).namelist())
    # the scan that found nothing before finds trios II's E(2) once it is released (so it can fail)
    strict = type(markers)({"trios-1": given})
    assert not scan(strict, documents(before.parent, course), excuse_later=False)
    hits = scan(strict, documents(after.parent, course), excuse_later=False)
    assert {hit.document for hit in hits} == {f"edition.zip!dp-puzzles-student/notebooks/{TRIOS_II}.ipynb"}
    assert "17/5" in {hit.marker.text for hit in hits}
    # and it is no leak there: trios II states it after trios-1 is due
    assert not scan(markers, documents(after.parent, course))


def test_until_is_for_the_student_edition_and_must_be_a_day(tmp_path, capsys):
    with pytest.raises(ValueError, match="--until is for the student edition"):
        site.build("teacher", tmp_path / "t", until="2027-03-01", log=lambda line: None)
    assert main(["site", "--edition", "student", "--out", str(tmp_path / "s"), "--until", "March"]) == 2
    assert "--until must be a day written YYYY-MM-DD" in capsys.readouterr().err
    assert not (tmp_path / "t").exists() and not (tmp_path / "s").exists()
