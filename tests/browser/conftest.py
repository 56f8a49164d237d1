"""Fixtures for the real-browser tests: a private JupyterLab server and a headless chromium page.

* ``jupyter_server`` (session): JupyterLab started from this interpreter on 127.0.0.1, a free port and
  a random token, rooted at the repository, with ``window.jupyterapp`` exposed.  Its config, data,
  runtime, IPython and matplotlib directories live in a temporary directory, so nothing is written
  into the user's home and nothing tries to reach the internet (no news, no update check, no PyPI).
* ``student_edition`` (session, autouse): the student edition of the course, built into
  ``build/browser-student-<worker>/`` under the server's root: the lessons run in the browser as
  students get them (stubs, checks that say "not attempted yet"); nbval runs the teacher notebooks.
* ``browser_page`` (session): one page of Debian's ``/usr/bin/chromium`` driven by Playwright's sync
  API.  Chromium is never downloaded; when it is missing the tests skip (or fail when ``CI=true``).

The server and browser start-up lives in ``lab_server.py`` (shared with ``screenshots.py``).
Every test collected from this directory gets the ``browser`` marker.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
if str(HERE) not in sys.path:  # so tests can ``import lab_driver``
    sys.path.insert(0, str(HERE))

from lab_driver import STUDENT_EDITION  # noqa: E402
from lab_server import CHROMIUM, VIEWPORT, JupyterServer, chromium, jupyter_lab  # noqa: E402

DEFAULT_TIMEOUT_MS = 30_000
EXPECT_TIMEOUT_MS = 15_000

# an assertion waits for the kernel's round trip (a widget's reply after a click) as long as a
# loaded two-core machine needs, not Playwright's 5 s: a refusal shown after 6 s is still shown
from playwright.sync_api import expect  # noqa: E402

expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session", autouse=True)
def student_edition() -> Path:
    from puzzles.instructor.student import build

    return build(REPO_ROOT / "notebooks", REPO_ROOT / STUDENT_EDITION, log=lambda line: None)[0]


@pytest.fixture(scope="session")
def jupyter_server() -> Iterator[JupyterServer]:
    with jupyter_lab(REPO_ROOT) as server:
        yield server


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} not found: install Debian's chromium (`apt-get install chromium`)"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; browser tests must run on CI", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def _chromium_available() -> None:
    """Autouse, so a missing browser skips (or fails) before the server is even started."""
    _require_chromium()


@pytest.fixture(scope="session")
def browser_page(tmp_path_factory: pytest.TempPathFactory):
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    with sync_playwright() as pw, chromium(pw, home) as browser:
        context = browser.new_context(viewport=VIEWPORT)
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
        page = context.new_page()
        try:
            yield page
        finally:
            context.close()
