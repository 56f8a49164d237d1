"""The course site, both editions (``make site``), in a real browser, served from 127.0.0.1 only.

For each edition: every page loads without a console error, a failed request or a request to
another host; every image loads; the formulas are typeset by the site's own MathJax, and one
too wide for its column is set smaller or scrolls with a visible bar, at 1280 and at 400 px;
widgets are drawn from their saved state under a note that says so, and a click cannot reach
them; every link to a file of the site (downloads included) resolves, and the downloads are
what they say; each lesson's launch links open its student notebook at the release's tag; the
version and the edition are on every page. The teacher edition's worked solutions are hidden
until a toggle named by what it holds is clicked; the student edition has no toggle, only
visible stubs. On a phone, the course map's column of lessons is whole.

The sites are ``build/site`` and ``build/site-student`` (``make test`` builds them just before
the browser tests); a missing one is built into a temporary folder. ``make site-screenshots``
(``tests/browser/site_screenshots.py``) takes the screenshots to look at.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import threading
import urllib.request
import zipfile
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path
from urllib.parse import parse_qs, unquote, urljoin, urlparse

import pytest

from puzzles.instructor import course as model
from puzzles.instructor.launch import read_release
from puzzles.instructor.site import EDITIONS, STUDENT_ZIP, TOGGLES
from support.sites import site_folder

COURSE = model.load()
RELEASE = read_release()
LESSONS = [lesson.relative for lesson in COURSE.lessons]  # egg/01-worst-case.ipynb, ...
PHONE = {"width": 400, "height": 860}


@pytest.fixture(scope="module", params=EDITIONS)
def built(request, tmp_path_factory) -> tuple[str, Path]:
    return request.param, site_folder(request.param, tmp_path_factory)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(built):
    handler = functools.partial(_Quiet, directory=str(built[1]))
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


@pytest.fixture(scope="module")
def phone_page(browser_page):
    context = browser_page.context.browser.new_context(viewport=PHONE)
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
    """Every href and src of a page, with the element's attributes."""

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


def _settle(page) -> None:
    """Wait until MathJax (if the page loads it) has typeset the page and fitted its formulas."""
    page.evaluate(
        "() => window.MathJax && MathJax.startup && MathJax.startup.promise ? "
        "MathJax.startup.promise.then(() => true) : true"
    )
    page.wait_for_function(
        "() => !document.querySelector('.math') || document.documentElement.dataset.mathsFitted === 'true'"
    )


def _html(lesson: str) -> str:
    return lesson.removesuffix(".ipynb") + ".html"


# -- the site as files --------------------------------------------------------------------------------


def test_the_home_page_is_the_course_map_and_the_lessons_follow_in_course_order(built):
    edition, site_dir = built
    for lesson in LESSONS:
        assert (site_dir / _html(lesson)).exists(), f"{edition}: no page for {lesson}"
    home = (site_dir / "index.html").read_text()
    assert "course map" in home and "make student" not in home
    order = [
        url for tag, url, _ in _links(site_dir / "index.html") if tag == "a" and url in map(_html, LESSONS)
    ]
    assert list(dict.fromkeys(order)) == [_html(lesson) for lesson in LESSONS]


def test_every_page_shows_the_version_and_the_edition(built):
    edition, site_dir = built
    for name in _pages(site_dir):
        text = (site_dir / name).read_text(encoding="utf-8")
        assert f"Version {RELEASE.version} &middot; {edition} edition" in text, name


def test_no_page_asks_for_anything_outside_the_site(built):
    _, site_dir = built
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


def test_every_link_to_a_file_of_the_site_resolves(built):
    _, site_dir = built
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


def test_every_lesson_page_links_its_downloads_and_its_student_notebook_at_the_release(built):
    edition, site_dir = built
    for lesson in LESSONS:
        links = {attributes.get("class"): url for _, url, attributes in _links(site_dir / _html(lesson))}
        assert links["download-student-notebook"] == f"../downloads/student/{lesson}"
        assert links["download-student-zip"] == f"../downloads/{STUDENT_ZIP}"
        assert ("download-notebook" in links) == (edition == "teacher")
        binder = urlparse(links["binder-link"])
        assert binder.path.endswith(f"/{RELEASE.tag}") and "HEAD" not in binder.path
        assert parse_qs(binder.query)["urlpath"] == [f"lab/tree/notebooks/{lesson}"]
        assert links["colab-link"].endswith(f"/blob/{RELEASE.tag}/notebooks/{lesson}")
        assert ("hub-link" in links) == bool(RELEASE.hub)


def test_the_downloads_are_the_lessons_and_a_student_edition_that_runs(built):
    edition, site_dir = built
    downloads = site_dir / "downloads"
    for lesson in COURSE.lessons:
        student = json.loads((downloads / "student" / lesson.relative).read_text())
        solutions = [
            c for c in student["cells"] if model.TAG_SOLUTION in c.get("metadata", {}).get("tags", [])
        ]
        assert all("# your" in "".join(c["source"]) or c["cell_type"] == "markdown" for c in solutions)
        teacher = downloads / "notebooks" / lesson.relative
        assert teacher.exists() == (edition == "teacher")
        if edition == "teacher":
            assert json.loads(teacher.read_text())["cells"] == json.loads(lesson.path.read_text())["cells"]
    with zipfile.ZipFile(downloads / STUDENT_ZIP) as archive:
        names = set(archive.namelist())
    top = "dp-puzzles-student/"
    for needed in ("START-HERE.md", "pyproject.toml", "Makefile", "LICENSE", "puzzles/__init__.py"):
        assert top + needed in names
    for lesson in LESSONS:
        assert top + "notebooks/" + lesson in names
    assert not any("__pycache__" in name for name in names)


def test_the_student_site_holds_stubs_and_no_toggle(tmp_path_factory):
    site_dir = site_folder("student", tmp_path_factory)
    for name in _pages(site_dir):
        text = (site_dir / name).read_text(encoding="utf-8")
        assert "Show the worked" not in text and 'class="solution-text"' not in text, name
    lesson = (site_dir / "egg" / "01-worst-case.html").read_text(encoding="utf-8")
    assert "your code here" in re.sub(r"<[^>]+>", "", lesson)


# -- the site in the browser ------------------------------------------------------------------------------


def test_every_page_loads_cleanly_with_its_images_formulas_and_widgets(built, site_url, site_page):
    edition, site_dir = built
    page = site_page
    problems: list[str] = []
    current = {"name": ""}

    def local(url: str) -> bool:
        return url.startswith(site_url) or url.startswith(("data:", "blob:" + site_url, "about:"))

    def console(message) -> None:
        if message.type == "error":
            problems.append(f"{current['name']}: console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(f"{current['name']}: page error: {e}"))

    def failed(request) -> None:
        # chromium fetches the favicon on its own schedule, after "load": going on to the next
        # page aborts it (a missing favicon is a 404 response, which the handler below reports)
        if request.url.endswith("/favicon.svg") and "ERR_ABORTED" in (request.failure or ""):
            return
        problems.append(f"{current['name']}: failed {request.url} ({request.failure})")

    page.on("requestfailed", failed)
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
        _settle(page)
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
    assert not problems, f"{edition} site:\n" + "\n".join(problems)
    assert typeset >= 3 and widgets >= 1  # the check above has looked at real formulas and widgets


def test_a_worked_solution_is_hidden_until_its_toggle_named_by_what_it_holds_is_clicked(
    tmp_path_factory, browser_page
):
    site_dir = site_folder("teacher", tmp_path_factory)
    context = browser_page.context.browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto((site_dir / "egg" / "01-worst-case.html").as_uri(), wait_until="load")
        # Exercise 11 has a written argument and code: two toggles, each named by what it holds
        exercise = page.locator("section", has=page.locator("h3", has_text="Exercise 11")).first
        argument = exercise.locator("details.solution-text").first
        code = exercise.locator("details.hide").first
        assert argument.locator("summary").inner_text().strip() == TOGGLES["argument"][0]
        assert TOGGLES["code"][0] in code.locator("summary").inner_text()
        assert TOGGLES["argument"][0] != TOGGLES["code"][0]
        for toggle, content in ((argument, "mjx-container, p"), (code, "div.cell_input, pre")):
            shown = toggle.locator(content).first
            assert toggle.get_attribute("open") is None and not shown.is_visible()
            toggle.locator("summary").click()
            assert toggle.get_attribute("open") is not None
            shown.wait_for(state="visible")
    finally:
        context.close()


def test_a_saved_widget_has_a_note_above_it_and_takes_no_click(built, site_url, site_page):
    edition, _ = built
    page = site_page
    page.goto(site_url + "matchsticks/01-the-match-stick-puzzle.html", wait_until="load")
    page.wait_for_selector(".tag_saved-widget .jupyter-widgets")
    widget = page.locator(".tag_saved-widget").first
    note = page.locator(".widget-note").first
    note.scroll_into_view_if_needed()
    text = note.inner_text()
    assert "picture" in text and "do nothing" in text, text
    hrefs = note.locator("a").evaluate_all("links => links.map(a => a.href)")
    assert any("mybinder.org" in h for h in hrefs) and any(h.endswith(".ipynb") for h in hrefs), hrefs
    assert note.bounding_box()["y"] + note.bounding_box()["height"] <= widget.bounding_box()["y"] + 1
    button = widget.locator("button").first
    box = button.bounding_box()
    reached = page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.jupyter-widgets')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert not reached, f"{edition}: a click on the saved widget's button reaches it"


# every formula of a page: does it stick out of its column, is its ink (mjx-math) cut off by the
# nearest element that clips it, and is that element then a scroll box with the visible bar
# of class maths-scroll?
FORMULAS_JS = """() => Array.from(document.querySelectorAll('mjx-container')).map(m => {
  const display = m.getAttribute('display') === 'true';
  const column = display ? m.parentElement : m.parentElement.closest('p, li, td, th, dd, div, section');
  const ink = (m.querySelector('mjx-math') || m).getBoundingClientRect();
  let clip = m;
  while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
  const clipBox = (clip || document.documentElement).getBoundingClientRect();
  const style = getComputedStyle(clip || m);
  return {
    right: m.getBoundingClientRect().right, roomRight: column.getBoundingClientRect().right + 1,
    cut: ink.right > clipBox.right + 1 || ink.left < clipBox.left - 1,
    scrolls: clip === m && m.classList.contains('maths-scroll')
      && ['auto', 'scroll'].includes(style.overflowX),
    text: (m.querySelector('mjx-assistive-mml') || m).textContent.slice(0, 60),
  };
})"""


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE], ids=["1280px", "400px"])
def test_every_formula_fits_its_column_or_scrolls_with_a_visible_bar(built, site_url, browser_page, viewport):
    edition, site_dir = built
    context = browser_page.context.browser.new_context(viewport=viewport)
    page = context.new_page()
    problems, scrolled = [], []
    try:
        for lesson in (
            "egg/01-worst-case.html",
            "egg/04-laplace-many-eggs.html",
            "higher-lower/02-dresher.html",
        ):
            page.goto(site_url + lesson, wait_until="load")
            _settle(page)
            found = page.evaluate(FORMULAS_JS)
            for formula in found:
                if formula["right"] > formula["roomRight"]:
                    problems.append(f"{lesson}: {formula['text']!r} sticks out of its column")
                if formula["cut"] and not formula["scrolls"]:
                    problems.append(f"{lesson}: {formula['text']!r} is cut off with no scrollbar")
                if formula["scrolls"]:
                    scrolled.append(formula["text"])
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 0:
                problems.append(f"{lesson}: the page is {overflow} px wider than the window")
    finally:
        context.close()
    assert not problems, f"{edition} site at {viewport['width']} px:\n" + "\n".join(problems)
    if viewport["width"] == 1280:  # the "W(n,k|x,survive)=1+W(n," is whole, not scrolled
        assert not [text for text in scrolled if "survive" in text], scrolled


def test_the_course_maps_column_of_lessons_is_whole_on_a_phone(built, site_url, phone_page):
    page = phone_page
    page.goto(site_url + "index.html", wait_until="load")
    links = page.locator(".course-map table a")
    assert links.count() == len(LESSONS)
    for index in range(links.count()):
        link = links.nth(index)
        link.scroll_into_view_if_needed()
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], link.inner_text()
        # each line of the link (it may wrap) is what the reader sees at its place: not clipped
        seen = link.evaluate(
            """a => Array.from(a.getClientRects()).every(r => {
                 const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                 return e && e.closest('a') === a; })"""
        )
        assert seen, f"{link.inner_text()!r} is hidden"


def test_the_download_links_resolve_over_http(built, site_url, site_page):
    edition, _ = built
    page = site_page
    page.goto(site_url + "index.html", wait_until="load")
    zip_link = page.locator(".lesson-links a.download-student-zip")
    assert zip_link.is_visible() and zip_link.get_attribute("href") == f"downloads/{STUDENT_ZIP}"
    page.goto(site_url + _html(LESSONS[0]), wait_until="load")
    hrefs = page.eval_on_selector_all(".lesson-links a[download]", "links => links.map(a => a.href)")
    assert len(hrefs) == (3 if edition == "teacher" else 2)
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
    page.goto(urljoin(page.url, page.locator("a.right-next").get_attribute("href")), wait_until="load")
    assert page.locator("h1").count() >= 1


def test_the_api_page_shows_the_docstrings_and_their_examples(built, site_url, site_page):
    edition, site_dir = built
    assert {p.stem for p in (site_dir / "api").glob("*.html")} >= {
        "egg",
        "matchsticks",
        "higher_lower",
        "mastermind",
        "trios",
        "course",
    }
    page = site_page
    page.goto(site_url + "api/egg.html", wait_until="load")
    assert page.locator("dl.py.function").count() >= 5
    assert page.locator("div.doctest, .highlight-pycon, pre:has-text('>>>')").count() >= 1
    course = (site_dir / "api" / "course.html").read_text()
    assert ("puzzles.instructor.grade" in course) == (edition == "teacher")
