"""The course site, in two editions: ``dp-puzzles site --edition teacher|student --out DIR``.

The site is the committed, executed lessons as web pages, built by Sphinx with MyST-NB and
the book theme, without executing a notebook and without the network at read time. Both
editions follow the course model (``notebooks/_toc.yml``): the course map as the home page,
one page per lesson in course order, a sidebar per unit, previous/next links, an API
reference from the docstrings, and the version of the pack on every page.

* The **teacher edition** (for self-study and instructors) shows each exercise's worked
  solution collapsed under a toggle named by what it holds ("Show the worked argument",
  "Show the worked code") and the reveal cells after the check. It offers the teacher
  notebooks, their student editions and the student zip for download.
* The **student edition** is built from the student edition of every notebook
  (``puzzles.instructor.student``): stubs in place of worked solutions, reveal cells reduced
  to a placeholder, checks without verdicts. No worked solution and no reveal is on it in any
  form, and its API pages leave out the instructor's tools. It offers only the student
  notebooks and the student zip.

With ``--until DAY`` the student edition holds only the lessons released by that day
(``released`` in ``_toc.yml``, see ``puzzles.instructor.course``): no page, download, zip or
API page of a unit of a lesson still to come, and the course map names each such lesson with
its day, without a link; its launch links open the release of that day, which
``dp-puzzles release --until DAY`` makes.

Under each lesson's title, launch links open the lesson's *student* notebook at the fixed
release of this version (Binder, the instructor's JupyterHub through nbgitpuller, Colab; see
``puzzles.instructor.launch`` and ``dp-puzzles release``), next to the downloads. A widget is
drawn from the state saved in the notebook by the ipywidgets HTML manager, under a note that
says it is a picture and links to the ways to run the lesson. Formulas are typeset by a MathJax
served from the site; one too wide for its column is set a little smaller, or scrolls.

MathJax, the widget manager and RequireJS come from the npm registry with ``npm pack``
(pinned versions), cached in ``--vendor-cache`` (default: the user's cache folder,
``~/.cache/dp-puzzles/npm``; ``make site`` uses ``build/vendor``). The Sphinx sources are
written to a temporary folder; the output folder is written only when it is new, empty or
this edition's own earlier output, never when it overlaps the notebooks (``OutputFolder``).
"""

from __future__ import annotations

import argparse
import copy
import importlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path

import nbformat

from puzzles.instructor import catalogue
from puzzles.instructor import course as model
from puzzles.instructor.builds import BuildRefused, OutputFolder
from puzzles.instructor.launch import ROOT, Release, launch_links, read_release
from puzzles.instructor.release import student_zip
from puzzles.instructor.student import (
    edition_of,
    keep_displayed_widgets,
    release_notes,
    student_notebook,
    until_day,
)

__all__ = [
    "ROOT",
    "EDITIONS",
    "VENDORED",
    "STUDENT_ZIP",
    "TOGGLES",
    "default_cache",
    "tool_name",
    "vendor",
    "lesson_page",
    "prepare",
    "build",
    "add_arguments",
    "run",
    "main",
]

EDITIONS = ("teacher", "student")
DOCS = ROOT / "docs"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BUILTIN_WIDGET_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
STUDENT_ZIP = "dp-puzzles-student-edition.zip"
# the teacher edition's toggles, named by what they hold: (shown collapsed, shown open)
TOGGLES = {
    "argument": ("Show the worked argument", "Hide the worked argument"),
    "code": ("Show the worked code", "Hide the worked code"),
}
SAVED_WIDGET_TAG = "saved-widget"
# what the student edition's API pages leave out: how a unit registers its checks (with the
# texts that would give each answer away) is the authors' business, not the student's
STUDENT_API_LEAVES_OUT = frozenset({"exercise"})


def tool_name(edition: str) -> str:
    """What the output folder's marker calls the tool: one edition never writes over the other."""
    return f"course site ({edition} edition)"


def default_cache() -> Path:
    """Where the npm tarballs are kept between builds: the user's cache folder."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dp-puzzles" / "npm"


@dataclass(frozen=True)
class Package:
    """An npm package copied into the site: which files, to which folder under _static/vendor."""

    name: str
    version: str
    folder: str
    keep: tuple[str, ...]  # regular expressions on the path inside the package
    drop: tuple[str, ...] = ()

    @property
    def tarball(self) -> str:
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


VENDORED = (
    Package(
        "mathjax",
        "3.2.2",
        "mathjax",
        keep=(r"^es5/",),
        drop=(r"svg", r"^es5/node-main", r"^es5/adaptors/", r"full-speech", r"^es5/sre/mathmaps/(?!base|en)"),
    ),
    Package(
        "@jupyter-widgets/html-manager",
        "1.0.15",
        "html-manager",
        keep=(r"^dist/[^/]+$",),
        drop=(r"\.map$", r"^dist/embed\.js", r"^dist/libembed-amd\.js$", r"LICENSE"),
    ),
    Package("requirejs", "2.3.8", "requirejs", keep=(r"^require\.js$",)),
)


# -- vendoring -------------------------------------------------------------------------------------


def vendor(cache: Path, static: Path) -> list[Path]:
    """Copy the pinned npm packages' files into ``static/vendor``; fetch tarballs with ``npm pack``
    into ``cache`` when they are not there yet."""
    cache.mkdir(parents=True, exist_ok=True)
    copied = []
    for package in VENDORED:
        tarball = cache / package.tarball
        if not tarball.exists():
            npm = shutil.which("npm")
            if npm is None:
                raise SystemExit(
                    "the site needs MathJax and the ipywidgets HTML manager from the npm registry, and "
                    "npm is not installed: install Node.js and npm (`apt-get install npm`), or put "
                    f"{package.tarball} into {cache}/"
                )
            spec = f"{package.name}@{package.version}"
            print(f"fetching {spec} from the npm registry into {cache}", file=sys.stderr)
            subprocess.run(
                [npm, "pack", spec, "--pack-destination", str(cache), "--silent", "--no-fund", "--no-audit"],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        target = static / "vendor" / package.folder
        with tarfile.open(tarball) as archive:
            for member in archive.getmembers():
                inner = member.name.split("/", 1)[1] if "/" in member.name else member.name
                if not member.isfile() or ".." in Path(inner).parts:
                    continue
                if not any(re.search(k, inner) for k in package.keep) or any(
                    re.search(d, inner) for d in package.drop
                ):
                    continue
                inner = inner.removeprefix("es5/").removeprefix("dist/")
                destination = target / inner
                destination.parent.mkdir(parents=True, exist_ok=True)
                with archive.extractfile(member) as source, destination.open("wb") as sink:
                    shutil.copyfileobj(source, sink)
                copied.append(destination)
    return copied


# -- the notebooks as pages ------------------------------------------------------------------------


@dataclass(frozen=True)
class Edition:
    """What one build of the site needs to know: which edition, of which release."""

    name: str  # "teacher" or "student"
    release: Release

    @property
    def student(self) -> bool:
        return self.name == "student"

    def settings(self) -> dict:
        """What the Sphinx configuration reads (``site.json``)."""
        release = self.release
        edition = "student edition" if self.student else "teacher edition"
        launch = f"launch links open the student notebooks of release {release.tag}"
        if release.until is not None:
            edition += f" of the lessons released by {release.until}"
        return {
            "version": release.version,
            "edition": self.name,
            "edition_label": edition,
            "repository": "" if self.student else release.repository,
            "footer": (
                f"Version {release.version} of the course pack, {edition}; {launch}. Built from the "
                "executed notebooks: run a lesson to play with its widgets and exercises."
            ),
        }


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _add_tag(cell, tag: str) -> None:
    tags = _tags(cell)
    if tag not in tags:
        cell.setdefault("metadata", {})["tags"] = tags + [tag]


def _link(css: str, href: str, text: str, download: bool = False) -> str:
    extra = " download" if download else ""
    return f'<a class="{css}" href="{escape(href)}"{extra}>{text}</a>'


def _launch_html(edition: Edition, relative: str) -> list[str]:
    return [
        _link(css, url, f"▶ {label}")
        for css, label, url in launch_links(edition.release, f"notebooks/{relative}")
    ]


def _links_cell(edition: Edition, relative: str, up: str) -> nbformat.NotebookNode:
    """The bar under a lesson's title: the ways to run it, and its downloads."""
    launch = _launch_html(edition, relative)
    downloads = [
        _link(
            "download-student-notebook",
            f"{up}downloads/student/{relative}",
            "⬇ This lesson, student edition (.ipynb)" if not edition.student else "⬇ This lesson (.ipynb)",
            download=True,
        ),
        _link(
            "download-student-zip", f"{up}downloads/{STUDENT_ZIP}", "⬇ The whole student edition (.zip)", True
        ),
    ]
    if not edition.student:
        downloads.insert(
            0,
            _link("download-notebook", f"{up}downloads/notebooks/{relative}", "⬇ This lesson (.ipynb)", True),
        )
    rows = []
    if launch:
        rows.append('<span class="links-label">Run it:</span> ' + " ".join(launch))
    else:
        rows.append(
            '<span class="links-label">Run it:</span> download it and open it in JupyterLab '
            "(<code>make lab</code>)"
        )
    rows.append('<span class="links-label">Download:</span> ' + " ".join(downloads))
    body = "\n".join(f'<div class="links-row">{row}</div>' for row in rows)
    return nbformat.v4.new_markdown_cell(f'<div class="lesson-links">\n{body}\n</div>')


def _widget_note(edition: Edition, relative: str, up: str, drawn: bool) -> nbformat.NotebookNode:
    """The note above a widget: what the reader sees is a picture; where the widget is live."""
    launch = _launch_html(edition, relative)
    download = _link(
        "download-student-notebook", f"{up}downloads/student/{relative}", "download the lesson", True
    )
    ways = (" · ".join(launch) + f", or {download} and run it in JupyterLab") if launch else download
    if drawn:
        text = (
            "<strong>A picture of the widget below, as it was saved:</strong> its buttons, sliders and "
            f"fields do nothing on this page. To play with it, run the lesson: {ways}."
        )
    else:
        text = f"<strong>A widget appears here when the lesson runs:</strong> {ways}."
    return nbformat.v4.new_markdown_cell(f'<div class="widget-note">\n{text}\n</div>')


def _rewrite_repo_links(source: str, relative: str, repository: str, ref: str) -> str:
    """Links from a lesson to files of the repository (not lessons) point to the repository."""
    if not repository:
        return source
    base = Path("notebooks") / Path(relative).parent

    def fix(match: re.Match) -> str:
        text, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:|^#|^/", target) or target.split("#")[0].endswith(".ipynb"):
            return match.group(0)
        parts: list[str] = []
        for part in (base / target).as_posix().split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        return f"[{text}]({repository}/blob/{ref}/{'/'.join(parts)})"

    return re.sub(r"\[([^\]]*)\]\(([^)\s]+)\)", fix, source)


def _widget_views(cell) -> list[dict]:
    return [o for o in cell.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]


def lesson_page(
    notebook: nbformat.NotebookNode, relative: str, edition: Edition, up: str
) -> nbformat.NotebookNode:
    """The notebook as the site shows it (a copy; for the student edition, of its student edition):
    the bar of links under the title, the teacher's solutions collapsed under named toggles, a
    note above each widget."""
    page = student_notebook(notebook) if edition.student else copy.deepcopy(notebook)
    state = keep_displayed_widgets(page)
    modules = {widget.get("model_module") for widget in state.values()}
    renderable = bool(state) and modules <= BUILTIN_WIDGET_MODULES
    if state and not renderable:  # a widget library the vendored manager does not carry
        page.metadata.pop("widgets", None)
    if renderable:
        _hide_empty_images(state)
    ref = edition.release.tag if edition.student else "main"
    cells = []
    for index, cell in enumerate(page.cells):
        tags = _tags(cell)
        if edition.student and model.TAG_REVEALS in tags:
            # the student edition's placeholder (one line, as prose), once for a run of them
            note = nbformat.v4.new_markdown_cell(
                f'<p class="reveal-placeholder">{escape(cell.source.lstrip("#*").rstrip("*").strip())}</p>'
            )
            if not (cells and cells[-1].source == note.source):
                cells.append(note)
            continue
        if model.TAG_CHECK in tags:
            for output in cell.get("outputs", []):
                if output.get("output_type") == "stream":
                    output["text"] = _reflow(output.get("text", ""))
        if cell.cell_type == "markdown":
            cell.source = _rewrite_repo_links(cell.source, relative, edition.release.repository, ref)
            if model.TAG_SOLUTION in tags and not edition.student:
                show, _ = TOGGLES["argument"]
                cell.source = (
                    f'<details class="solution-text">\n<summary>{show}</summary>\n\n'
                    f"{cell.source}\n\n</details>"
                )
        elif cell.cell_type == "code":
            hidden = cell.metadata.get("jupyter", {})
            if model.TAG_SOLUTION in tags and not edition.student:
                show, hide = TOGGLES["code"]
                _add_tag(cell, "hide-cell")
                cell.metadata["mystnb"] = {"code_prompt_show": show, "code_prompt_hide": hide}
            elif hidden.get("source_hidden"):
                _add_tag(cell, "hide-input")
            views = _widget_views(cell)
            for output in views:
                model_id = output["data"][WIDGET_VIEW].get("model_id")
                if not (renderable and model_id in state):
                    del output["data"][WIDGET_VIEW]
                    output["data"].pop("text/plain", None)
            if views:
                drawn = all(WIDGET_VIEW in o["data"] for o in views)
                cells.append(_widget_note(edition, relative, up, drawn))
                if drawn:
                    _add_tag(cell, SAVED_WIDGET_TAG)
        if index == 0 and cell.cell_type == "markdown" and cell.source.lstrip().startswith("# "):
            # the links go right under the title: the title line, the links, the rest of the cell
            title, _, rest = cell.source.lstrip().partition("\n")
            cells += [nbformat.v4.new_markdown_cell(title), _links_cell(edition, relative, up)]
            if rest.strip():
                cell.source = rest
                cells.append(cell)
            continue
        cells.append(cell)
        if index == 0:
            cells.append(_links_cell(edition, relative, up))
    page.cells = cells
    return page


def _reflow(text: str) -> str:
    """A verdict's lines joined into paragraphs: the checker breaks them at 90 characters for a
    notebook, and the page's narrower column would break them again, raggedly."""
    text = text if isinstance(text, str) else "".join(text)
    return re.sub(r"(?<=\S)\n(?=\S)", " ", text)


# a transparent PNG of one pixel, base64
_BLANK_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII="


def _hide_empty_images(state: dict) -> None:
    """An Image widget saved before it got its picture would show as a broken image: give it a
    blank pixel and hide it."""
    for widget in state.values():
        if widget.get("model_name") != "ImageModel":
            continue
        buffers = [b for b in widget.get("buffers", []) if b.get("path") == ["value"]]
        value = buffers[0].get("data", "") if buffers else widget["state"].get("value", "")
        if value:
            continue
        if buffers:
            buffers[0].update(data=_BLANK_PNG, encoding="base64")
        else:
            widget.setdefault("buffers", []).append(
                {"path": ["value"], "data": _BLANK_PNG, "encoding": "base64"}
            )
            widget["state"].pop("value", None)
        widget["state"]["format"] = "png"
        layout = str(widget["state"].get("layout", "")).removeprefix("IPY_MODEL_")
        if layout in state:
            state[layout]["state"]["display"] = "none"


def _toctree(units: list[model.Unit], api: list[str]) -> str:
    blocks = []
    for unit in units:
        entries = "\n".join(lesson.file for lesson in unit.lessons)
        blocks.append(f"```{{toctree}}\n:hidden:\n:caption: {unit.caption}\n\n{entries}\n```")
    blocks.append("```{toctree}\n:hidden:\n:caption: Reference\n\n" + "\n".join(api) + "\n```")
    return "\n\n".join(blocks)


def _home_banner(edition: Edition) -> nbformat.NotebookNode:
    release = edition.release
    map_name = model.COURSE_MAP
    launch = _launch_html(edition, map_name)
    zip_link = _link("download-student-zip", f"downloads/{STUDENT_ZIP}", "⬇ The student edition (.zip)", True)
    if edition.student:
        about = (
            f"<strong>Student edition, version {release.version}.</strong> The exercises are yours to "
            "solve: no worked solution is on this site. Download the student edition to work in "
            "JupyterLab (unzip it and run <code>make lab</code>), or run a lesson online from the links "
            "under its title."
        )
        if release.until is not None:
            about += (
                f" It holds the lessons released by {release.until}; the course map gives the day of "
                "each lesson still to come."
            )
        downloads = [
            zip_link,
            _link(
                "download-student-notebook",
                f"downloads/student/{map_name}",
                "⬇ The course map (.ipynb)",
                True,
            ),
        ]
    else:
        about = (
            f"<strong>Teacher edition, version {release.version}.</strong> Each exercise’s worked "
            "solution is collapsed under its statement: open it after trying. Students get the student "
            "edition, without any solution: the zip below, or the site that "
            "<code>dp-puzzles site --edition student</code> builds."
        )
        downloads = [
            zip_link,
            _link("download-notebook", f"downloads/notebooks/{map_name}", "⬇ The course map (.ipynb)", True),
        ]
    rows = [f'<div class="links-row">{about}</div>']
    if launch:
        rows.append(
            '<div class="links-row"><span class="links-label">Run the course:</span> '
            + " ".join(launch)
            + "</div>"
        )
    rows.append(
        '<div class="links-row"><span class="links-label">Download:</span> ' + " ".join(downloads) + "</div>"
    )
    return nbformat.v4.new_markdown_cell(
        '<div class="lesson-links home-links">\n' + "\n".join(rows) + "\n</div>"
    )


def _home_page(course: model.Course, edition: Edition, api: list[str]) -> nbformat.NotebookNode:
    teacher = model.read_notebook(course.course_map)
    page = edition_of(teacher, course.course_map, course) if edition.student else copy.deepcopy(teacher)
    ref = edition.release.tag if edition.student else "main"
    start, end = catalogue.LESSONS
    for cell in page.cells:
        if cell.cell_type == "markdown":
            cell.source = _rewrite_repo_links(cell.source, model.COURSE_MAP, edition.release.repository, ref)
            # the lesson table: a block of its own, laid out for a phone too (course.css)
            if start in cell.source and end in cell.source:
                before, rest = cell.source.split(start, 1)
                table, after = rest.split(end, 1)
                cell.source = f"{before}\n:::{{container}} course-map\n{table.strip()}\n:::\n{after}"
    banner = _home_banner(edition)
    # the links go under the title and its first paragraph, above the map's table
    first, *rest = page.cells
    head, _, tail = first.source.partition("\n\n")
    if first.cell_type == "markdown" and tail:
        intro, _, tail = tail.partition("\n\n")
        top = [nbformat.v4.new_markdown_cell(f"{head}\n\n{intro}"), banner]
        top += [nbformat.v4.new_markdown_cell(tail)] if tail.strip() else []
    else:
        top = [first, banner]
    page.cells = [*top, *rest, nbformat.v4.new_markdown_cell(_toctree(course.units, api))]
    return page


# -- API reference -----------------------------------------------------------------------------------


def _api_entries(module_name: str, leave_out: frozenset[str] = frozenset()) -> list[str]:
    module = importlib.import_module(module_name)
    lines = []
    for name in getattr(module, "__all__", []):
        if name in leave_out:
            continue
        value = getattr(module, name, None)
        target = f"{module_name}.{name}"
        if inspect.isclass(value):
            lines.append(f".. autoclass:: {target}\n   :members:\n")
        elif callable(value):
            lines.append(f".. autofunction:: {target}\n")
        elif not inspect.ismodule(value):
            lines.append(f".. autodata:: {target}\n   :no-value:\n")
    return lines


def api_pages(src: Path, units: list[model.Unit], edition: Edition) -> list[str]:
    """``api/<unit>.md`` for each unit's public API and ``api/course.md``; their page names.

    The student edition's course page documents what the notebooks use (``puzzles.course``,
    without ``STUDENT_API_LEAVES_OUT``); the teacher edition's adds the instructor's tools."""
    folder = src / "api"
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    for unit in units:
        package = unit.package.removeprefix("puzzles.")
        body = [
            f"# {unit.caption}: `{unit.package}`",
            "",
            "```{eval-rst}",
            f".. automodule:: {unit.package}",
            "",
        ]
        body += _api_entries(unit.package)
        body.append("```")
        (folder / f"{package}.md").write_text("\n".join(body) + "\n", encoding="utf-8")
        pages.append(f"api/{package}")
    if edition.student:
        modules = ("puzzles.course",)
        title = "# Course machinery: the checks"
    else:
        modules = ("puzzles.course", "puzzles.instructor.student", "puzzles.instructor.grade")
        title = "# Course machinery: checks, student edition, grading"
    leave_out = STUDENT_API_LEAVES_OUT if edition.student else frozenset()
    course = [title, "", "```{eval-rst}"]
    for module in modules:
        course += [f".. automodule:: {module}", ""] + _api_entries(module, leave_out)
    course.append("```")
    (folder / "course.md").write_text("\n".join(course) + "\n", encoding="utf-8")
    pages.append("api/course")
    return pages


# -- downloads ------------------------------------------------------------------------------------------


def _downloads(course: model.Course, edition: Edition, extra: Path) -> None:
    downloads = extra / "downloads"
    for path in course.notebooks():
        relative = path.relative_to(course.root)
        notebook = model.read_notebook(path)
        if not edition.student:
            teacher = downloads / "notebooks" / relative
            teacher.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, teacher)
        student = downloads / "student" / relative
        student.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(edition_of(notebook, path, course), str(student))
    student_zip(course, downloads / STUDENT_ZIP)


# -- the build ---------------------------------------------------------------------------------------


def prepare(src: Path, course: model.Course, edition: Edition, cache: Path | None) -> list[str]:
    """Write the Sphinx sources of the site into the new folder ``src``; return the API pages.

    ``cache`` is where the npm tarballs are kept; ``None`` leaves the vendored scripts out (the
    pages still refer to them: for tests of the pages' contents)."""
    shutil.copytree(DOCS, src, ignore=shutil.ignore_patterns("__pycache__", "_build"))
    (src / "site.json").write_text(json.dumps(edition.settings(), indent=2), encoding="utf-8")
    for lesson in course.lessons:
        page = lesson_page(lesson.notebook, lesson.relative, edition, "../" * lesson.relative.count("/"))
        target = src / lesson.relative
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(page, str(target))
    api = api_pages(src, course.units, edition)
    nbformat.write(_home_page(course, edition, api), str(src / "index.ipynb"))
    if cache is not None:
        vendor(cache, src / "_static")
    _downloads(course, edition, src / "_extra")
    return api


def build(
    edition: str = "teacher",
    out: Path | None = None,
    notebooks: Path | None = None,
    cache: Path | None = None,
    jobs: str = "auto",
    hub: str | None = None,
    vendored: bool = True,
    log=print,
    until=None,
) -> Path:
    """Build one edition of the site into ``out``; return the path of its home page.

    With ``until`` (a day; the student edition only), the site holds the lessons released by
    then: their pages, downloads and zip, the API pages of their units, a course map that names
    each lesson still to come with its day, and launch links that open the release of that day
    (``dp-puzzles release --until``). Raises ``BuildRefused`` (before anything is built) when
    ``out`` is not this edition's to write, ``CourseError`` when the notebooks hold no course or
    ``until`` is no day.
    """
    if edition not in EDITIONS:
        raise ValueError(f"the edition is 'teacher' or 'student', got {edition!r}")
    day = None if until is None else model.parse_day(until, "--until")
    if day is not None and edition != "student":
        raise ValueError(
            "--until is for the student edition (the teacher edition shows every lesson with its "
            "worked solutions): pass --edition student"
        )
    started = time.perf_counter()
    whole = model.load(notebooks)
    if edition == "student":
        for line in release_notes(whole, day):
            log(line)
    course = whole.released_by(day)
    chosen = Edition(edition, replace(read_release(ROOT, hub), until=day))
    default = "site" if edition == "teacher" else "site-student"
    out = Path(out) if out is not None else course.root.parent / "build" / default
    folder = OutputFolder(out, tool_name(edition), sources=[course.root, DOCS, ROOT / "puzzles"])
    folder.check()
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-site-") as work:
        src, html = Path(work) / "src", Path(work) / "html"
        prepare(src, course, chosen, (cache or default_cache()) if vendored else None)
        warnings = Path(work) / "warnings.txt"
        command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-j", jobs, "-E"]
        command += ["-d", str(Path(work) / "doctrees"), "-w", str(warnings), str(src), str(html)]
        subprocess.run(command, check=True, cwd=work)
        shown = [line for line in warnings.read_text().splitlines() if "WARNING" in line or "ERROR" in line]
        with folder:
            folder.copy_tree(html)
            folder.write_text(".nojekyll", "")
    for line in shown:
        log(f"  {line}")
    seconds = time.perf_counter() - started
    log(f"{edition} site: {folder.path / 'index.html'} ({seconds:.0f} s; {len(shown)} Sphinx warnings)")
    return folder.path / "index.html"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--edition",
        choices=EDITIONS,
        default="teacher",
        help="teacher: worked solutions collapsed, reveals after the checks, teacher downloads (the "
        "default); student: no worked solution and no reveal at all, student downloads only",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="the folder to write (default: build/site, or build/site-student for the student edition); "
        "it must be new, empty or this edition's earlier output, and outside the notebooks",
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=None,
        help="the course's notebooks folder, with its _toc.yml (default: notebooks/ of the repository "
        "this package comes from)",
    )
    parser.add_argument(
        "--hub",
        default=None,
        help="the address of your JupyterHub (with nbgitpuller), for the 'open on your JupyterHub' links "
        "(default: [tool.dp-puzzles] jupyterhub in pyproject.toml; none: no hub links)",
    )
    parser.add_argument(
        "--vendor-cache",
        type=Path,
        default=None,
        help="where the npm tarballs of MathJax and the widget manager are kept "
        f"(default: {default_cache()})",
    )
    parser.add_argument(
        "--until",
        default=None,
        metavar="YYYY-MM-DD",
        help="student edition only: hold only the lessons released by that day (`released` in "
        "_toc.yml; a lesson without one is always held), or `today`; the launch links open the "
        "release of that day (dp-puzzles release --until); default: every lesson",
    )
    parser.add_argument(
        "--jobs", type=sphinx_jobs, default="auto", help="Sphinx's -j: auto, or 1 to 256 (default auto)"
    )


def sphinx_jobs(text: str) -> str:
    """Sphinx's ``-j``: ``auto`` or a whole number from 1 to 256, else one sentence."""
    if text.strip() == "auto":
        return "auto"
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if not 1 <= jobs <= 256:
        raise argparse.ArgumentTypeError(f"Sphinx's -j is auto or a whole number from 1 to 256, got {text!r}")
    return str(jobs)


def run(args: argparse.Namespace) -> int:
    try:
        build(
            args.edition,
            args.out,
            args.notebooks,
            cache=args.vendor_cache,
            jobs=args.jobs,
            hub=args.hub,
            until=until_day(args.until),
        )
    except (BuildRefused, model.CourseError, ValueError) as error:
        print(f"dp-puzzles site: {error}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles site", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
