"""Screenshots of the course site, both editions, as a reader sees them (``make site-screenshots``).

Serves each built site (``build/site`` and ``build/site-student``, as ``make site`` writes them)
from 127.0.0.1 only, opens its pages in Debian's headless chromium (``lab_server.chromium``;
never a downloaded browser) and saves under ``build/screenshots/site/<edition>/``:

* ``home.png``, ``lesson.png`` (the top of a lesson with an exercise), ``exercise.png`` (that
  lesson scrolled to its first exercise, the worked solution opened where the edition has one),
  ``widget.png`` (a lesson's first widget with its note), ``maths.png`` (a lesson's widest
  display formula), ``api.png`` (the egg unit's API page): a 1280 x 900 window;
* ``phone-home.png``, ``phone-lesson.png``, ``phone-maths.png``: the same at 400 x 860, a phone.

A shot is of the window as the reader sees it, not the whole page. Each one is listed at the
end; look at every one of them before calling a change to the site done.

    python tests/browser/site_screenshots.py                     # both editions
    python tests/browser/site_screenshots.py --edition student   # one
    python tests/browser/site_screenshots.py --site DIR --edition student --out DIR
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from lab_server import REPO_ROOT, chromium  # noqa: E402

SITES = {"teacher": REPO_ROOT / "build" / "site", "student": REPO_ROOT / "build" / "site-student"}
OUT = REPO_ROOT / "build" / "screenshots" / "site"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 400, "height": 860}
LESSON = "egg/01-worst-case.html"  # a lesson with widgets, display maths and two kinds of solution
WIDGET_LESSON = "matchsticks/01-the-match-stick-puzzle.html"
EXERCISE = 'h3:has-text("Exercise")'  # the heading of the lesson's first exercise


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """The folder over HTTP on 127.0.0.1 and a free port; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def settle(page) -> None:
    """Wait for MathJax's typesetting and the pictures."""
    page.evaluate(
        "() => window.MathJax && MathJax.startup && MathJax.startup.promise ? "
        "MathJax.startup.promise.then(() => true) : true"
    )
    page.wait_for_function("() => Array.from(document.images).every(i => i.complete)", timeout=20_000)
    page.wait_for_timeout(300)


def _scroll_to(page, selector: str) -> bool:
    element = page.locator(selector).first
    if not element.count():
        return False
    element.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate("() => window.scrollBy(0, -70)")
    page.wait_for_timeout(200)
    return True


def shoot(site: Path, out: Path, browser) -> list[Path]:
    """Every screenshot of one built site; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []

    def save(page, name: str) -> None:
        path = out / name
        page.screenshot(path=str(path))
        shots.append(path)

    with serve(site) as base:
        for viewport, prefix in ((DESKTOP, ""), (PHONE, "phone-")):
            context = browser.new_context(viewport=viewport)
            context.set_default_timeout(30_000)
            page = context.new_page()
            page.goto(base + "index.html", wait_until="load")
            settle(page)
            save(page, prefix + "home.png")
            if prefix:
                if _scroll_to(page, "table"):
                    save(page, "phone-course-map.png")
            page.goto(base + LESSON, wait_until="load")
            settle(page)
            save(page, prefix + "lesson.png")
            # the widest display formula of the lesson
            widest = page.evaluate(
                """() => {
                  const all = Array.from(document.querySelectorAll('mjx-container[display="true"]'));
                  all.forEach((m, i) => m.setAttribute('data-shot-index', i));
                  all.sort((a, b) => b.scrollWidth - a.scrollWidth);
                  return all.length ? all[0].getAttribute('data-shot-index') : null;
                }"""
            )
            if widest is not None and _scroll_to(page, f'[data-shot-index="{widest}"]'):
                save(page, prefix + "maths.png")
            if not prefix:
                if _scroll_to(page, EXERCISE):
                    toggles = page.locator(".tag_solution summary, details.solution-text > summary")
                    for index in range(min(toggles.count(), 2)):
                        toggles.nth(index).click()
                    _scroll_to(page, EXERCISE)
                    save(page, "exercise.png")
                page.goto(base + WIDGET_LESSON, wait_until="load")
                settle(page)
                if _scroll_to(page, ".widget-note"):
                    page.wait_for_timeout(1500)
                    save(page, "widget.png")
                page.goto(base + "api/egg.html", wait_until="load")
                settle(page)
                save(page, "api.png")
                if _scroll_to(page, "div.doctest, .highlight-pycon"):
                    save(page, "api-example.png")
            else:
                page.goto(base + "api/egg.html", wait_until="load")
                settle(page)
                save(page, "phone-api.png")
            context.close()
    return shots


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edition", choices=sorted(SITES), action="append", help="default: both")
    parser.add_argument("--site", type=Path, help="a built site (with one --edition)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"default: {OUT}")
    args = parser.parse_args(argv)
    editions = args.edition or sorted(SITES)
    if args.site and len(editions) != 1:
        parser.error("--site needs exactly one --edition")
    from playwright.sync_api import sync_playwright

    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="site-shots-") as home, sync_playwright() as pw:
        with chromium(pw, Path(home), scrollbars=True) as browser:
            for edition in editions:
                site = args.site or SITES[edition]
                if not (site / "index.html").exists():
                    print(f"{site} has no index.html: run `make site` first", file=sys.stderr)
                    return 1
                written += shoot(site, args.out / edition, browser)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
