"""The course site (``make site``) in a real browser, served from 127.0.0.1 only.

Every page loads without a console error, a failed request or a request to another host;
every image loads; the formulas are typeset by the site's own MathJax; a worked solution is
hidden until its toggle is clicked; widgets are drawn from their saved state; every link to
a file of the site (downloads included) resolves, and the downloads are what they say.

The site is ``build/site`` (``make test`` builds it just before the browser tests); when it is
missing, it is built into a temporary folder. Set ``SITE_SCREENSHOTS=folder`` to keep
screenshots of the home page, a lesson with a solution opened, a widget and the API page.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import threading
import urllib.request
import zipfile
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from puzzles.instructor import course as model
from puzzles.instructor.site import ROOT, STUDENT_ZIP, build


def lessons_in_order(notebooks):
    return [lesson.path for lesson in model.load(notebooks).lessons]

SITE = ROOT / "build" / "site"
SCREENSHOTS = os.environ.get("SITE_SCREENSHOTS")


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory) -> Path:
    if (SITE / "index.html").exists():
        return SITE
    out = tmp_path_factory.mktemp("site") / "site"
    build(out)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(site_dir):
    handler = functools.partial(_Quiet, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_page(browser_page):
    """A page in a browser context of its own (the JupyterLab tests keep theirs)."""
    context = browser_page.context.browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def _pages(site_dir: Path) -> list[str]:
    """Every page of the site (the theme's template fragments under _static are not pages)."""
    return sorted(
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*.html")
        if not p.relative_to(site_dir).parts[0].startswith("_")
    )


class _Links(HTMLParser):
    """Every href and src of a page, and the lesson links' classes."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, dict]] = []  # (tag, url, attributes)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for key in ("href", "src"):
            if attributes.get(key):
                self.links.append((tag, attributes[key], attributes))


def _links(path: Path) -> list[tuple[str, str, dict]]:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.links


def _typeset(page) -> None:
    """Wait until MathJax (if the page loads it) has typeset the page."""
    page.evaluate(
        "() => window.MathJax && MathJax.startup && MathJax.startup.promise ? "
        "MathJax.startup.promise.then(() => true) : true"
    )


# -- the site as files --------------------------------------------------------------------------------


def test_the_site_has_the_course_map_home_page_and_one_page_per_lesson_in_course_order(site_dir):
    notebooks = ROOT / "notebooks"
    lessons = lessons_in_order(notebooks)
    for lesson in lessons:
        page = site_dir / lesson.relative_to(notebooks).with_suffix(".html")
        assert page.exists(), f"no page for {lesson}"
    home = (site_dir / "index.html").read_text()
    assert "course map" in home
    # the sidebar lists the lessons in course order
    order = [
        url
        for tag, url, _ in _links(site_dir / "index.html")
        if tag == "a" and re.match(r"^[\w-]+/\d\d-[\w-]+\.html$", url)
    ]
    expected = [lesson.relative_to(notebooks).with_suffix(".html").as_posix() for lesson in lessons]
    assert list(dict.fromkeys(o for o in order if o in expected)) == expected


def test_no_page_asks_for_anything_outside_the_site(site_dir):
    for name in _pages(site_dir):
        for tag, url, attributes in _links(site_dir / name):
            if tag in ("script", "link", "img", "iframe", "source") and urlparse(url).scheme in (
                "http",
                "https",
            ):
                if tag == "link" and attributes.get("rel") not in (
                    "stylesheet",
                    "preload",
                    "icon",
                    "prefetch",
                ):
                    continue
                pytest.fail(f"{name} loads {url} from another host")


def test_every_link_to_a_file_of_the_site_resolves(site_dir):
    missing = []
    for name in _pages(site_dir):
        for _, url, _ in _links(site_dir / name):
            parsed = urlparse(url)
            if parsed.scheme or url.startswith(("#", "mailto:", "data:", "javascript:")):
                continue
            target = (site_dir / name).parent / unquote(parsed.path)
            if parsed.path and not target.exists():
                missing.append(f"{name} -> {url}")
    assert not missing, missing


def test_every_lesson_page_links_its_downloads_and_binder(site_dir):
    notebooks = ROOT / "notebooks"
    for lesson in lessons_in_order(notebooks):
        relative = lesson.relative_to(notebooks)
        page = site_dir / relative.with_suffix(".html")
        classes = {attributes.get("class"): url for _, url, attributes in _links(page)}
        assert classes["download-notebook"] == f"../downloads/notebooks/{relative.as_posix()}"
        assert classes["download-student-notebook"] == f"../downloads/student/{relative.as_posix()}"
        assert classes["download-student-zip"] == f"../downloads/{STUDENT_ZIP}"
        binder = classes["binder-link"]
        assert binder.startswith("https://mybinder.org/v2/gh/") and relative.name in unquote(binder)


def test_the_downloads_are_the_lessons_and_a_student_edition_that_runs(site_dir):
    notebooks = ROOT / "notebooks"
    for lesson in lessons_in_order(notebooks):
        relative = lesson.relative_to(notebooks)
        teacher = json.loads((site_dir / "downloads" / "notebooks" / relative).read_text())
        assert teacher["cells"][0]["source"] == json.loads(lesson.read_text())["cells"][0]["source"]
        student = json.loads((site_dir / "downloads" / "student" / relative).read_text())
        solutions = [c for c in student["cells"] if "solution" in c.get("metadata", {}).get("tags", [])]
        assert all("# your" in "".join(c["source"]) or c["cell_type"] == "markdown" for c in solutions)
    with zipfile.ZipFile(site_dir / "downloads" / STUDENT_ZIP) as archive:
        names = set(archive.namelist())
    top = "dp-puzzles-student/"
    for needed in ("START-HERE.md", "pyproject.toml", "Makefile", "LICENSE", "puzzles/__init__.py"):
        assert top + needed in names
    for lesson in lessons_in_order(notebooks):
        assert top + "notebooks/" + lesson.relative_to(notebooks).as_posix() in names
    assert not any("__pycache__" in name for name in names)


# -- the site in the browser ------------------------------------------------------------------------------


def test_every_page_loads_cleanly_with_its_images_formulas_and_widgets(site_dir, site_url, site_page):
    page = site_page
    problems: list[str] = []
    current = {"name": ""}

    def local(url: str) -> bool:
        return url.startswith(site_url) or url.startswith(("data:", "blob:" + site_url, "about:"))

    page.on(
        "console",
        lambda m: (
            problems.append(f"{current['name']}: console {m.type}: {m.text}") if m.type == "error" else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(f"{current['name']}: page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"{current['name']}: failed {r.url} ({r.failure})"))
    page.on(
        "request",
        lambda r: None if local(r.url) else problems.append(f"{current['name']}: request to {r.url}"),
    )
    page.on(
        "response",
        lambda r: problems.append(f"{current['name']}: {r.status} {r.url}") if r.status >= 400 else None,
    )
    typeset = widgets = 0
    for name in _pages(site_dir):
        current["name"] = name
        page.goto(site_url + name, wait_until="load")
        _typeset(page)
        if page.locator('script[type="application/vnd.jupyter.widget-state+json"]').count():
            page.wait_for_selector(
                ".cell_output .widget-subarea, .cell_output .jupyter-widgets", timeout=20_000
            )
            widgets += 1
        page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=20_000)
        broken = page.evaluate(
            "() => Array.from(document.images)"
            ".filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
        )
        problems += [f"{name}: image {src} did not load" for src in broken]
        formulas = page.locator("span.math, div.math").count()
        if formulas:
            rendered = page.locator("mjx-container").count()
            if rendered < formulas:
                problems.append(f"{name}: {formulas} formulas, {rendered} typeset")
            if page.locator("mjx-merror").count():
                problems.append(f"{name}: MathJax reports an error in a formula")
            typeset += 1
    page.wait_for_timeout(500)
    assert not problems, "\n".join(problems)
    assert typeset >= 3 and widgets >= 1  # the check above has looked at real formulas and widgets


def test_a_worked_solution_is_hidden_until_its_toggle_is_clicked(site_dir, site_url, site_page):
    page = site_page
    name = next(
        n
        for n in _pages(site_dir)
        if "Show the worked solution" in (site_dir / n).read_text(encoding="utf-8")
    )
    page.goto(site_url + name, wait_until="load")
    solution = page.locator("details.hide", has_text="Show the worked solution").first
    code = solution.locator("div.cell_input, pre").first
    assert solution.get_attribute("open") is None
    assert not code.is_visible()
    solution.locator("summary").click()
    assert solution.get_attribute("open") is not None
    code.wait_for(state="visible")
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        solution.scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SCREENSHOTS) / "lesson-solution-open.png"))
    # prose solutions too, where a lesson has one
    for other in _pages(site_dir):
        if 'class="solution-text"' in (site_dir / other).read_text(encoding="utf-8"):
            page.goto(site_url + other, wait_until="load")
            prose = page.locator("details.solution-text").first
            assert prose.get_attribute("open") is None
            prose.locator("summary").click()
            assert prose.get_attribute("open") is not None
            break


def test_a_widget_page_says_that_the_notebook_must_run_to_play(site_dir, site_url, site_page):
    page = site_page
    name = next(
        n for n in _pages(site_dir) if 'class="widget-note"' in (site_dir / n).read_text(encoding="utf-8")
    )
    page.goto(site_url + name, wait_until="load")
    note = page.locator(".widget-note").first
    assert "run the notebook" in note.inner_text() or "notebook runs" in note.inner_text()
    note.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    if SCREENSHOTS:
        page.screenshot(path=str(Path(SCREENSHOTS) / "lesson-widget.png"))


def test_the_download_links_resolve_over_http(site_dir, site_url, site_page):
    page = site_page
    page.goto(site_url + "index.html", wait_until="load")
    if SCREENSHOTS:  # a fresh context: the theme keeps the sidebar's scroll from page to page
        context = page.context.browser.new_context(viewport={"width": 1280, "height": 900})
        fresh = context.new_page()
        fresh.goto(site_url + "index.html", wait_until="load")
        fresh.screenshot(path=str(Path(SCREENSHOTS) / "home.png"))
        context.close()
    zip_link = page.locator(".lesson-links a.download-student-zip")
    assert zip_link.is_visible() and zip_link.get_attribute("href") == f"downloads/{STUDENT_ZIP}"
    name = (
        lessons_in_order(ROOT / "notebooks")[0]
        .relative_to(ROOT / "notebooks")
        .with_suffix(".html")
        .as_posix()
    )
    page.goto(site_url + name, wait_until="load")
    hrefs = page.eval_on_selector_all(".lesson-links a[download]", "links => links.map(a => a.href)")
    assert len(hrefs) == 3
    for href in hrefs:
        assert href.startswith(site_url)
        with urllib.request.urlopen(href, timeout=30) as response:
            assert response.status == 200
            body = response.read()
        if href.endswith(".ipynb"):
            assert json.loads(body)["nbformat"] == 4
        else:
            assert zipfile.ZipFile(BytesIO(body)).testzip() is None
    # previous / next links lead through the course
    assert page.locator("a.right-next").count() == 1 and page.locator("a.left-prev").count() == 1
    next_url = urljoin(page.url, page.locator("a.right-next").get_attribute("href"))
    page.goto(next_url, wait_until="load")
    assert page.locator("h1").count() >= 1


def test_the_api_page_shows_the_docstrings_and_their_examples(site_dir, site_url, site_page):
    page = site_page
    api = sorted((site_dir / "api").glob("*.html"))
    assert {p.stem for p in api} >= {"egg", "matchsticks", "higher_lower", "mastermind", "trios", "course"}
    page.goto(site_url + "api/egg.html", wait_until="load")
    assert page.locator("dl.py.function").count() >= 5
    assert page.locator("div.doctest, .highlight-pycon, pre:has-text('>>>')").count() >= 1
    if SCREENSHOTS:
        page.locator("div.doctest, .highlight-pycon").first.scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SCREENSHOTS) / "api.png"))
