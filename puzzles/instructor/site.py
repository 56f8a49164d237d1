"""Build the course site: ``dp-puzzles site [--out build/site]`` (``make site``).

The site is the committed, executed lessons as web pages, built by Sphinx with MyST-NB and
the book theme, without executing a notebook and without the network at read time:

* the home page is the course map; one page per lesson follows, in course order (the course
  map's links, unit by unit, then any lesson it does not link, by folder and number), with
  a sidebar per unit, previous/next links and an API reference built from the docstrings;
* under each lesson's title, links to download the lesson, its student edition and the
  whole student edition (a zip that runs with ``make lab``), and to run it on Binder;
* worked solutions (code and prose) are collapsed and open on a click; the checks show
  their stored verdicts; formulas are typeset by a MathJax served from the site itself;
* a widget is rendered from the state stored in the notebook by the ipywidgets HTML manager
  (served from the site too), with one line saying that the notebook must run to play.

MathJax, the widget manager and RequireJS are fetched once from the npm registry with
``npm pack`` (pinned versions, cached in ``build/vendor/``) and copied into the site. The
Sphinx sources are written to ``build/site-src/`` from ``docs/`` and the notebooks; nothing
is written into ``notebooks/``.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import inspect
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import nbformat

from puzzles.instructor import course as model

__all__ = [
    "ROOT",
    "VENDORED",
    "vendor",
    "prepare",
    "build",
    "main",
]

ROOT = Path(__file__).resolve().parents[2]
COURSE_MAP = "00-course-map.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
BUILTIN_WIDGET_MODULES = {"@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/output"}
STUDENT_ZIP = "dp-puzzles-student-edition.zip"
SOLUTION_SHOW = "Show the worked solution"
SOLUTION_HIDE = "Hide the worked solution"


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
    """Copy the pinned npm packages' files into ``static/vendor``; fetch tarballs with ``npm pack``."""
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
            print(f"fetching {spec} from the npm registry", file=sys.stderr)
            subprocess.run(
                [npm, "pack", spec, "--pack-destination", str(cache), "--silent", "--no-fund", "--no-audit"],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        target = static / "vendor" / package.folder
        if target.exists():
            shutil.rmtree(target)
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


def _settings() -> dict:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    repository = project.get("urls", {}).get("Repository", "").rstrip("/")
    return {
        "version": project["version"],
        "distribution": project["name"],
        "repository": repository,
        "footer": (
            "Built from the executed notebooks of the course pack; run a lesson to play with its "
            "widgets and exercises."
        ),
    }


def binder_url(repository: str, notebook: str) -> str:
    """The mybinder.org link that opens ``notebook`` (a path in the repository) in JupyterLab."""
    match = re.match(r"https://github\.com/([^/]+)/([^/]+)", repository)
    if not match:
        return ""
    owner, name = match.groups()
    return f"https://mybinder.org/v2/gh/{owner}/{name}/HEAD?urlpath={quote('lab/tree/' + notebook, safe='')}"


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _add_tag(cell, tag: str) -> None:
    tags = _tags(cell)
    if tag not in tags:
        cell.setdefault("metadata", {})["tags"] = tags + [tag]


def _links_cell(up: str, relative: str, repository: str) -> nbformat.NotebookNode:
    """The line of links under a lesson's title."""
    links = [
        f'<a class="download-notebook" href="{up}downloads/notebooks/{relative}" download>'
        "⬇ This lesson (.ipynb)</a>",
        f'<a class="download-student-notebook" href="{up}downloads/student/{relative}" download>'
        "⬇ Its student edition, solutions left for you (.ipynb)</a>",
        f'<a class="download-student-zip" href="{up}downloads/{STUDENT_ZIP}" download>'
        "⬇ The whole student edition (.zip)</a>",
    ]
    binder = binder_url(repository, f"notebooks/{relative}")
    if binder:
        links.append(f'<a class="binder-link" href="{binder}">▶ Run it on Binder</a>')
    return nbformat.v4.new_markdown_cell('<div class="lesson-links">\n' + "\n".join(links) + "\n</div>")


def _widget_note(binder: str, shown: bool) -> nbformat.NotebookNode:
    where = f'<a href="{binder}">on Binder</a> or ' if binder else ""
    if shown:
        text = (
            "This widget shows the state it was saved with; to play, run the notebook "
            f"({where}with <code>make lab</code>)."
        )
    else:
        text = f"The widget appears when the notebook runs ({where}with <code>make lab</code>)."
    return nbformat.v4.new_markdown_cell(f'<p class="widget-note">{text}</p>')


def _rewrite_repo_links(source: str, relative: str, repository: str) -> str:
    """Links from a lesson to files of the repository (not lessons) point to the repository."""
    if not repository:
        return source
    base = Path("notebooks") / Path(relative).parent

    def fix(match: re.Match) -> str:
        text, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:|^#|^/", target) or target.split("#")[0].endswith(".ipynb"):
            return match.group(0)
        resolved = (base / target).as_posix()
        parts: list[str] = []
        for part in resolved.split("/"):
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        return f"[{text}]({repository}/blob/main/{'/'.join(parts)})"

    return re.sub(r"\[([^\]]*)\]\(([^)\s]+)\)", fix, source)


def lesson_page(
    notebook: nbformat.NotebookNode, relative: str, repository: str, up: str
) -> nbformat.NotebookNode:
    """The notebook as the site shows it: links under the title, solutions collapsed, widget notes."""
    page = copy.deepcopy(notebook)
    state = page.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    modules = {model.get("model_module") for model in state.values()}
    renderable = bool(state) and modules <= BUILTIN_WIDGET_MODULES
    if state and not renderable:  # a widget library the vendored manager does not carry
        page.metadata.pop("widgets", None)
    if renderable:
        _hide_empty_images(state)
    binder = binder_url(repository, f"notebooks/{relative}")
    cells = []
    for index, cell in enumerate(page.cells):
        tags = _tags(cell)
        if cell.cell_type == "markdown":
            cell.source = _rewrite_repo_links(cell.source, relative, repository)
            if "solution" in tags:
                cell.source = (
                    f'<details class="solution-text">\n<summary>{SOLUTION_SHOW}</summary>\n\n'
                    f"{cell.source}\n\n</details>"
                )
        elif cell.cell_type == "code":
            hidden = cell.metadata.get("jupyter", {})
            if "solution" in tags:
                _add_tag(cell, "hide-cell")
                cell.metadata["mystnb"] = {
                    "code_prompt_show": SOLUTION_SHOW,
                    "code_prompt_hide": SOLUTION_HIDE,
                }
            elif hidden.get("source_hidden"):
                _add_tag(cell, "hide-input")
        cells.append(cell)
        if index == 0:
            cells.append(_links_cell(up, relative, repository))
        if cell.cell_type == "code":
            views = [o for o in cell.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
            for output in views:
                model = output["data"][WIDGET_VIEW].get("model_id")
                if not (renderable and model in state):
                    del output["data"][WIDGET_VIEW]
                    output["data"].pop("text/plain", None)
            if views:
                cells.append(_widget_note(binder, all(WIDGET_VIEW in o["data"] for o in views)))
    page.cells = cells
    return page


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


def _toctree(units: list, api: list[str]) -> str:
    blocks = []
    for unit in units:
        entries = "\n".join(lesson.file for lesson in unit.lessons)
        blocks.append(f"```{{toctree}}\n:hidden:\n:caption: {unit.caption}\n\n{entries}\n```")
    blocks.append("```{toctree}\n:hidden:\n:caption: Reference\n\n" + "\n".join(api) + "\n```")
    return "\n\n".join(blocks)


def _home_page(notebooks: Path, units: list, api: list[str], repository: str) -> nbformat.NotebookNode:
    page = nbformat.read(notebooks / COURSE_MAP, as_version=4)
    links = [
        f'<a class="download-student-zip" href="downloads/{STUDENT_ZIP}" download>'
        "⬇ The student edition (.zip)</a>",
        f'<a class="download-notebook" href="downloads/notebooks/{COURSE_MAP}" download>'
        "⬇ The course map (.ipynb)</a>",
    ]
    binder = binder_url(repository, f"notebooks/{COURSE_MAP}")
    if binder:
        links.append(f'<a class="binder-link" href="{binder}">▶ Run the course on Binder</a>')
    banner = nbformat.v4.new_markdown_cell('<div class="lesson-links">\n' + "\n".join(links) + "\n</div>")
    # the links go under the title and its first paragraph, above the map's table
    first, *rest = page.cells
    head, _, tail = first.source.partition("\n\n")
    if first.cell_type == "markdown" and tail:
        intro, _, tail = tail.partition("\n\n")
        top = [nbformat.v4.new_markdown_cell(f"{head}\n\n{intro}"), banner]
        top += [nbformat.v4.new_markdown_cell(tail)] if tail.strip() else []
    else:
        top = [first, banner]
    page.cells = [*top, *rest, nbformat.v4.new_markdown_cell(_toctree(units, api))]
    for cell in page.cells:
        if cell.cell_type == "markdown":
            cell.source = _rewrite_repo_links(cell.source, COURSE_MAP, repository)
    return page


# -- API reference -----------------------------------------------------------------------------------


def _api_entries(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    lines = []
    for name in getattr(module, "__all__", []):
        value = getattr(module, name, None)
        target = f"{module_name}.{name}"
        if inspect.isclass(value):
            lines.append(f".. autoclass:: {target}\n   :members:\n")
        elif callable(value):
            lines.append(f".. autofunction:: {target}\n")
        elif not inspect.ismodule(value):
            lines.append(f".. autodata:: {target}\n   :no-value:\n")
    return lines


def api_pages(src: Path, units: list[model.Unit]) -> list[str]:
    """``api/<unit>.md`` for each unit's public API and ``api/course.md``; their page names."""
    folder = src / "api"
    folder.mkdir(parents=True, exist_ok=True)
    pages = []
    titles = {unit.folder.replace("-", "_"): unit.caption for unit in units}
    packages = [unit.folder.replace("-", "_") for unit in units]
    for package in packages:
        title = titles.get(package, package.replace("_", " ").capitalize())
        body = [
            f"# {title}: `puzzles.{package}`",
            "",
            "```{eval-rst}",
            f".. automodule:: puzzles.{package}",
            "",
        ]
        body += _api_entries(f"puzzles.{package}")
        body.append("```")
        (folder / f"{package}.md").write_text("\n".join(body) + "\n")
        pages.append(f"api/{package}")
    course = ["# Course machinery: checks, student edition, grading", "", "```{eval-rst}"]
    for module in ("puzzles.course", "puzzles.instructor.student", "puzzles.instructor.grade"):
        course += [f".. automodule:: {module}", ""] + _api_entries(module)
    course.append("```")
    (folder / "course.md").write_text("\n".join(course) + "\n")
    pages.append("api/course")
    return pages


# -- downloads ------------------------------------------------------------------------------------------

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


def student_zip(notebooks: Path, target: Path) -> Path:
    """A zip that runs on its own: the student edition of every notebook plus the package."""
    from puzzles.instructor.student import build as build_student

    target.parent.mkdir(parents=True, exist_ok=True)
    top = "dp-puzzles-student"
    with tempfile.TemporaryDirectory(prefix="puzzles-student-") as work:
        edition = Path(work) / "notebooks"
        build_student(notebooks, edition, log=lambda line: None)
        with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(f"{top}/START-HERE.md", STUDENT_README)
            for path in sorted(edition.rglob("*.ipynb")):
                archive.write(path, f"{top}/notebooks/{path.relative_to(edition).as_posix()}")
            for name in ("pyproject.toml", "environment.yml", "Makefile", "README.md", "LICENSE"):
                if (ROOT / name).exists():
                    archive.write(ROOT / name, f"{top}/{name}")
            for path in sorted((ROOT / "puzzles").rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".tmp"):
                    archive.write(path, f"{top}/{path.relative_to(ROOT).as_posix()}")
    return target


def _downloads(notebooks: Path, extra: Path, units: list[model.Unit]) -> None:
    from puzzles.instructor.student import student_notebook

    downloads = extra / "downloads"
    for path in [notebooks / COURSE_MAP] + [lesson.path for unit in units for lesson in unit.lessons]:
        if not path.exists():
            continue
        relative = path.relative_to(notebooks)
        teacher = downloads / "notebooks" / relative
        teacher.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, teacher)
        student = downloads / "student" / relative
        student.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(student_notebook(nbformat.read(path, as_version=4)), student)
    student_zip(notebooks, downloads / STUDENT_ZIP)


# -- the build ---------------------------------------------------------------------------------------


def prepare(src: Path, notebooks: Path, cache: Path) -> dict:
    """Write the Sphinx sources of the site into ``src`` (emptied first)."""
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "docs", src, ignore=shutil.ignore_patterns("__pycache__", "_build"))
    settings = _settings()
    (src / "site.json").write_text(json.dumps(settings, indent=2))
    units = model.load(notebooks).units
    for unit in units:
        for lesson in unit.lessons:
            relative = lesson.relative
            lesson = lesson.path
            page = lesson_page(nbformat.read(lesson, as_version=4), relative, settings["repository"], "../")
            target = src / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(page, target)
    api = api_pages(src, units)
    nbformat.write(_home_page(notebooks, units, api, settings["repository"]), src / "index.ipynb")
    vendor(cache, src / "_static")
    _downloads(notebooks, src / "_extra", units)
    return {"units": units, "api": api}


def build(
    out: Path = ROOT / "build" / "site",
    notebooks: Path = ROOT / "notebooks",
    src: Path | None = None,
    cache: Path = ROOT / "build" / "vendor",
    jobs: str = "auto",
) -> Path:
    """Build the site into ``out``; return the path of its home page."""
    started = time.perf_counter()
    src = src or out.parent / (out.name + "-src")
    prepare(src, notebooks, cache)
    doctrees = out.parent / (out.name + "-doctrees")
    warnings = out.parent / (out.name + "-warnings.txt")
    if out.exists():
        shutil.rmtree(out)
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-j", jobs, "-E", "-d", str(doctrees)]
    command += ["-w", str(warnings), str(src), str(out)]
    subprocess.run(command, check=True, cwd=ROOT)
    (out / ".nojekyll").write_text("")
    shown = [line for line in warnings.read_text().splitlines() if "WARNING" in line or "ERROR" in line]
    seconds = time.perf_counter() - started
    print(f"site: {out / 'index.html'} ({seconds:.0f} s; {len(shown)} Sphinx warnings, listed in {warnings})")
    return out / "index.html"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "site", help="the folder to write")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks", help="the course's notebooks")
    parser.add_argument("--vendor-cache", type=Path, default=ROOT / "build" / "vendor")
    parser.add_argument("--jobs", default="auto", help="Sphinx's -j (default auto)")


def run(args: argparse.Namespace) -> int:
    build(args.out.resolve(), args.notebooks.resolve(), cache=args.vendor_cache.resolve(), jobs=args.jobs)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles site", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
