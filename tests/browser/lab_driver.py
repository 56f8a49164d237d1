"""Drive JupyterLab 4 and ipywidgets 8 in a Playwright (sync API) page.

Named ``lab_driver`` so it can never shadow the real ``jupyterlab`` package.  The server must run with
``--LabApp.expose_app_in_browser=True`` (see ``conftest.py``): the helpers talk to ``window.jupyterapp``
for everything JupyterLab knows better than the DOM (which document is open, kernel state, outputs).

DOM produced by ipywidgets 8.1 in JupyterLab 4 (checked against the rendered page):

* IntSlider: ``div.widget-slider.widget-hslider`` > ``label.widget-label`` (description),
  ``.noUi-handle[role=slider][aria-valuenow]`` (focusable, arrow keys move it by one step) and
  ``div.widget-readout`` (the displayed value).
* HTML: ``div.widget-html`` > ``div.widget-html-content``; HTMLMath: ``div.widget-htmlmath`` >
  ``div.widget-htmlmath-content``; Label: ``div.widget-label`` (a *div*; descriptions are *label*s).
* Button: ``button.jupyter-button.widget-button`` with the description as text and title.
* Text/IntText/...: ``div.widget-inline-hbox`` > ``label.widget-label`` + ``input.widget-input``.
* Each displayed widget tree sits in a cell's ``div.jp-OutputArea-output``.
"""

from __future__ import annotations

import os
import re
import time
import urllib.parse
from typing import Protocol

from playwright.sync_api import Locator, Page, expect

DEFAULT_OPEN_TIMEOUT_MS = 60_000
DEFAULT_RUN_TIMEOUT_MS = 120_000
# The lessons run in the browser as students get them: the student edition, built for the session
# by conftest.py (one folder per pytest-xdist worker), relative to the server's root.
STUDENT_EDITION = f"build/browser-student-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"

SLIDER = ".widget-slider"
SLIDER_HANDLE = ".noUi-handle"
SLIDER_READOUT = ".widget-readout"
DESCRIPTION = "label.widget-label"
BUTTON = "button.jupyter-button"
TEXT_OUTPUT = "div.widget-html-content, div.widget-htmlmath-content, div.widget-label"
INPUT_WIDGET = ".jupyter-widgets.widget-inline-hbox"
OUTPUT_AREA = ".jp-OutputArea-output"
DIALOG_ACCEPT = ".jp-Dialog .jp-Dialog-button.jp-mod-accept"

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class ServerInfo(Protocol):
    url: str
    token: str


class NotebookCellError(AssertionError):
    """A cell of the notebook under test produced an error output."""


def _page(scope: Page | Locator) -> Page:
    return scope.page if isinstance(scope, Locator) else scope


def _ancestor_xpath(css_class: str, level: int) -> str:
    """XPath of the ``level``-th nearest ancestor div having ``css_class`` (1 = the closest)."""
    has_class = f"contains(concat(' ', normalize-space(@class), ' '), ' {css_class} ')"
    return f"xpath=ancestor::div[{has_class}][{level}]"


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


# --------------------------------------------------------------------------- notebooks

_READY_JS = """
(path) => {
  if (document.querySelector('.jp-Dialog')) return 'dialog';
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path || !panel.sessionContext) return false;
  if (!panel.context.isReady || !panel.sessionContext.isReady || !panel.isVisible) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}
"""


def student_lesson(relative: str) -> str:
    """The student edition of ``notebooks/<relative>``, relative to the server's root."""
    return f"{STUDENT_EDITION}/{relative}"


def open_notebook(
    page: Page, server: ServerInfo, relative_path: str, timeout: float = DEFAULT_OPEN_TIMEOUT_MS
) -> Locator:
    """Open ``relative_path`` (relative to the server root) and wait until its kernel is idle.

    Uses ``?reset`` so no workspace from an earlier test is restored; accepts any dialog that shows up
    meanwhile (kernel selection, "file not found", ...).  Returns the notebook panel's locator.
    """
    path = relative_path.replace("\\", "/").lstrip("/")
    if not getattr(page, "_lab_driver_dialogs", False):
        # A dirty notebook raises "leave site?" when the next test navigates away: always leave.
        page.on("dialog", lambda dialog: dialog.accept())
        page._lab_driver_dialogs = True  # type: ignore[attr-defined]
    query = urllib.parse.urlencode({"token": server.token})
    page.goto(f"{server.url}/lab/tree/{urllib.parse.quote(path)}?reset&{query}")
    deadline = time.monotonic() + timeout / 1000
    while True:
        remaining = max(1.0, (deadline - time.monotonic()) * 1000)
        state = page.wait_for_function(_READY_JS, arg=path, timeout=remaining).json_value()
        if state is True:
            break
        page.locator(DIALOG_ACCEPT).first.click()  # 'dialog': e.g. "Select Kernel" -> default choice
        page.locator(".jp-Dialog").first.wait_for(state="detached")
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").first


_START_RUN_ALL_JS = """
() => {
  const state = {done: false, ok: null, error: null};
  window.__labDriverRunAll = state;
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    (ok) => { state.ok = ok; state.done = true; },
    (err) => { state.error = String(err); state.done = true; });
}
"""

_RUN_FINISHED_JS = """
() => {
  const state = window.__labDriverRunAll;
  if (!state || !state.done) return false;
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const prompts = panel.node.querySelectorAll('.jp-InputArea-prompt');
  return !Array.from(prompts).some((p) => p.textContent.includes('*'));
}
"""

_ERRORS_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.model.toJSON().cells;
  const errors = [];
  cells.forEach((cell, index) => {
    for (const out of cell.outputs || []) {
      if (out.output_type === 'error') {
        errors.push({index, text: (out.traceback || []).join('\\n') || `${out.ename}: ${out.evalue}`});
      } else if (out.output_type === 'stream' && out.name === 'stderr') {
        const text = Array.isArray(out.text) ? out.text.join('') : out.text;
        if (/Traceback \\(most recent call last\\)/.test(text)) errors.push({index, text});
      }
    }
  });
  return {errors, state: window.__labDriverRunAll};
}
"""


def notebook_errors(page: Page) -> list[tuple[int, str]]:
    """(cell index, traceback text without ANSI codes) of every error output in the open notebook."""
    result = page.evaluate(_ERRORS_JS)
    return [(e["index"], _ANSI.sub("", e["text"])) for e in result["errors"]]


def run_all(page: Page, timeout: float = DEFAULT_RUN_TIMEOUT_MS) -> None:
    """Run all cells of the current notebook, wait until done; raise NotebookCellError on an error."""
    page.evaluate(_START_RUN_ALL_JS)
    page.wait_for_function(_RUN_FINISHED_JS, timeout=timeout, polling=100)
    errors = notebook_errors(page)
    if errors:
        index, text = errors[0]
        raise NotebookCellError(f"cell {index} raised (first of {len(errors)} errors):\n{text}")
    state = page.evaluate("() => window.__labDriverRunAll")
    if state.get("error") or state.get("ok") is False:
        raise NotebookCellError(f"notebook:run-all-cells did not succeed: {state}")


# --------------------------------------------------------------------------- widgets


def find_slider(scope: Page | Locator, label: str) -> Locator:
    """The first ipywidgets slider whose description is exactly ``label`` (waits until it is shown)."""
    slider = scope.locator(SLIDER).filter(has=_page(scope).locator(DESCRIPTION, has_text=_exact(label))).first
    slider.wait_for(state="visible")
    return slider


def slider_value(slider: Locator) -> str:
    """The slider's readout text (what the user sees next to the track)."""
    return slider.locator(SLIDER_READOUT).inner_text().strip()


def move_slider(slider: Locator, steps: int) -> str:
    """Move the slider by ``steps`` (positive: right) with the keyboard; return the new readout.

    Keyboard moves go through noUiSlider's own handlers, so ipywidgets syncs the value to the kernel
    exactly as for a drag (continuous_update or not).
    """
    handle = slider.locator(SLIDER_HANDLE)
    before = handle.get_attribute("aria-valuenow")
    handle.focus()
    for _ in range(abs(steps)):
        handle.press("ArrowRight" if steps > 0 else "ArrowLeft")
    if steps:
        expect(handle).not_to_have_attribute("aria-valuenow", before or "")
    handle.blur()
    return slider_value(slider)


def widget_area(widget: Locator) -> Locator:
    """The cell output (``.jp-OutputArea-output``) that displays ``widget``: a whole widget tree."""
    return widget.locator(_ancestor_xpath("jp-OutputArea-output", 1))


def texts_near(widget: Locator, max_levels: int = 8) -> Locator:
    """HTML/HTMLMath/Label outputs of the innermost widget box around ``widget`` that has any.

    Walks up the enclosing ``jupyter-widgets`` containers (HBox/VBox/...), stopping at the cell output.
    Use it with ``expect(...).to_contain_text(...)``; ``.all_inner_texts()`` reads them.
    """
    for level in range(1, max_levels + 1):
        box = widget.locator(_ancestor_xpath("jupyter-widgets", level))
        if box.count() == 0:
            break
        texts = box.locator(TEXT_OUTPUT)
        if texts.count() > 0:
            return texts
    return widget_area(widget).locator(TEXT_OUTPUT)


def find_button(scope: Page | Locator, text: str) -> Locator:
    """The first ipywidgets Button whose text is exactly ``text``."""
    button = scope.locator(BUTTON).filter(has_text=_exact(text)).first
    button.wait_for(state="visible")
    return button


def click_button(scope: Page | Locator, text: str) -> None:
    find_button(scope, text).click()


def find_input(scope: Page | Locator, label: str) -> Locator:
    """The ``input``/``textarea`` of the first Text-like widget described by ``label``."""
    page = _page(scope)
    widget = (
        scope.locator(INPUT_WIDGET)
        .filter(has=page.locator(DESCRIPTION, has_text=_exact(label)))
        .filter(has=page.locator("input, textarea"))
        .first
    )
    field = widget.locator("input, textarea").first
    field.wait_for(state="visible")
    return field


def fill_input(scope: Page | Locator, label: str, value: str | int | float) -> Locator:
    """Type ``value`` into the input described by ``label`` and commit it (Enter, then blur).

    Committing matters for IntText/FloatText (``continuous_update=False``: synced on change only).
    """
    field = find_input(scope, label)
    field.fill(str(value))
    field.press("Enter")
    field.blur()
    return field
