"""Screenshots of every lesson as a student sees it in JupyterLab (``make screenshots``).

Starts a private JupyterLab (``lab_server.py``), opens each lesson in Debian's headless chromium at
a 1280-pixel-wide window (the default layout, file browser open: an output area of about 900 px),
runs all its cells, and saves

* ``build/screenshots/<unit>/<lesson>/cell-NN-<kind>.png``: one element screenshot of every cell
  output that holds a widget, an image (a figure) or a table, and of every traceback; ``NN`` is the
  cell's index in the notebook counted from 0 (as ``nbformat`` and the browser tests count), and
  ``<kind>`` is ``widget``, ``image``, ``table`` or ``error`` (``-2``, ``-3``... for a second output of
  the same kind in one cell);
* ``build/screenshots/<unit>/<lesson>/page.png``: the whole notebook, top to bottom (the window is
  made as tall as the notebook, up to 16,000 px).

The course map's shots go to ``build/screenshots/00-course-map/``.  A lesson whose cell raises is
recorded and the run goes on; a summary (lessons, images saved, errors) ends the run and is written
to ``build/screenshots/summary.txt``.  Nothing is written into the notebooks (autosave is off).

    python tests/browser/screenshots.py                          # every notebooks/**/*.ipynb
    python tests/browser/screenshots.py --lesson egg/01-worst-case.ipynb
    LESSONS="egg/01-worst-case.ipynb trios" python tests/browser/screenshots.py

A lesson is named by its path under ``notebooks/`` (``.ipynb`` optional) or a unit by its folder.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from lab_driver import NotebookCellError, notebook_errors, open_notebook, run_all  # noqa: E402
from lab_server import REPO_ROOT, VIEWPORT, chromium, jupyter_lab  # noqa: E402

NOTEBOOKS = REPO_ROOT / "notebooks"
OUT = REPO_ROOT / "build" / "screenshots"
MAX_PAGE_HEIGHT = 16_000  # pixels; chromium's screenshots grow unreliable beyond ~16k
RUN_TIMEOUT_S = 900.0
# Every cell stays in the DOM (no virtual scrolling), so the tall window renders the whole notebook.
SETTINGS = {"@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"}}

# Tag each top-level output of a code cell worth a picture with data-shot="cell-NN-kind[-i]".
_TAG_OUTPUTS_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const names = [];
  const seen = {};
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const area = cell.node.querySelector('.jp-Cell-outputArea');
    if (!area) return;
    for (const out of area.querySelectorAll(':scope > .jp-OutputArea-child > .jp-OutputArea-output')) {
      const mime = out.getAttribute('data-mime-type') || '';
      let kind = null;
      if (mime.includes('widget-view') || out.querySelector('.jupyter-widgets')) kind = 'widget';
      else if (mime === 'application/vnd.jupyter.stderr' && /Traceback|Error\b/.test(out.textContent))
        kind = 'error';
      else if (mime.startsWith('image/') || out.querySelector('img, svg')) kind = 'image';
      else if (out.querySelector('table')) kind = 'table';
      if (!kind) continue;
      const base = `cell-${String(index).padStart(2, '0')}-${kind}`;
      seen[base] = (seen[base] || 0) + 1;
      const name = seen[base] === 1 ? base : `${base}-${seen[base]}`;
      out.setAttribute('data-shot', name);
      names.push(name);
    }
  });
  return names;
}
"""

# Images loaded and fonts ready: what the student sees once the page settles.
_SETTLED_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const imgs = Array.from(panel.node.querySelectorAll('img'));
  return document.fonts.status === 'loaded' && imgs.every((img) => img.complete);
}
"""

# How much taller the notebook is than its visible part.
_OVERFLOW_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  let extra = 0;
  for (const el of [panel.node, ...panel.node.querySelectorAll('*')]) {
    if (el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 200) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY)) extra = Math.max(extra, el.scrollHeight - el.clientHeight);
    }
  }
  return extra;
}
"""

# Back to the top (run-all leaves the last cell in view), so page.png starts at the first cell.
_SCROLL_TOP_JS = r"""
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const el of [panel.node, ...panel.node.querySelectorAll('*')]) if (el.scrollTop) el.scrollTop = 0;
}
"""

_OUTPUT_WIDTH_JS = r"""
() => {
  const out = window.jupyterapp.shell.currentWidget.node.querySelector('.jp-OutputArea-output');
  return out ? Math.round(out.getBoundingClientRect().width) : null;
}
"""


@dataclass
class LessonResult:
    lesson: str
    seconds: float = 0.0
    images: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # cell errors, timeouts, failed shots
    output_width: int | None = None


def all_lessons() -> list[Path]:
    found = sorted(NOTEBOOKS.glob("**/*.ipynb"))
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def select_lessons(names: list[str]) -> list[Path]:
    """The lessons named (paths under notebooks/, with or without .ipynb, or unit folders)."""
    lessons = all_lessons()
    if not names:
        return lessons
    chosen: list[Path] = []
    for name in names:
        rel = name.strip().removeprefix("notebooks/").removesuffix("/")
        if not rel:
            continue
        hits = [
            p
            for p in lessons
            if (r := p.relative_to(NOTEBOOKS).as_posix()) in (rel, rel + ".ipynb") or r.startswith(rel + "/")
        ]
        if not hits:
            raise SystemExit(f"no lesson matches {name!r} (try e.g. egg/01-worst-case.ipynb)")
        chosen += [p for p in hits if p not in chosen]
    return chosen


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else text.strip()


def shoot_lesson(page, server, lesson: Path, out_root: Path, run_timeout_s: float) -> LessonResult:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    rel = lesson.relative_to(NOTEBOOKS)
    result = LessonResult(rel.as_posix())
    out_dir = out_root / rel.with_suffix("")
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    page.set_viewport_size(VIEWPORT)
    try:
        open_notebook(page, server, lesson.relative_to(server.root).as_posix())
        try:
            run_all(page, timeout=run_timeout_s * 1000)
        except NotebookCellError:
            for index, text in notebook_errors(page):
                result.errors.append(f"cell {index} raised: {_first_line(text)}")
        except PlaywrightTimeout:
            result.errors.append(f"cells still running after {run_timeout_s:.0f} s; shots taken as they were")
        result.output_width = page.evaluate(_OUTPUT_WIDTH_JS)
        try:
            page.wait_for_function(_SETTLED_JS, timeout=15_000, polling=200)
        except PlaywrightTimeout:
            result.errors.append("an image did not finish loading within 15 s")
        page.wait_for_timeout(500)  # widget views render asynchronously after their models arrive

        extra = page.evaluate(_OVERFLOW_JS)
        height = min(VIEWPORT["height"] + extra + 40, MAX_PAGE_HEIGHT)
        if VIEWPORT["height"] + extra + 40 > MAX_PAGE_HEIGHT:
            result.errors.append(f"page.png cut at {MAX_PAGE_HEIGHT} px (notebook is {extra + 900} px tall)")
        page.set_viewport_size({"width": VIEWPORT["width"], "height": height})
        page.wait_for_timeout(800)  # JupyterLab relayouts on resize

        for name in page.evaluate(_TAG_OUTPUTS_JS):
            target = out_dir / f"{name}.png"
            try:
                element = page.locator(f'[data-shot="{name}"]').first
                box = element.bounding_box()
                if not box or box["width"] < 1 or box["height"] < 1:
                    result.errors.append(f"{name}: the output has no visible area, nothing to shoot")
                    continue
                element.screenshot(path=str(target), animations="disabled", timeout=60_000)
                result.images.append(target.relative_to(out_root).as_posix())
            except PlaywrightError as exc:
                result.errors.append(f"{name}: screenshot failed: {_first_line(str(exc))}")
        page.evaluate(_SCROLL_TOP_JS)
        page.wait_for_timeout(300)
        page_png = out_dir / "page.png"
        page.screenshot(path=str(page_png), animations="disabled", timeout=120_000)
        result.images.append(page_png.relative_to(out_root).as_posix())
    except PlaywrightError as exc:
        result.errors.append(f"lesson could not be shot: {_first_line(str(exc))}")
    finally:
        result.seconds = time.monotonic() - start
        try:
            page.set_viewport_size(VIEWPORT)
            page.goto("about:blank")
        except PlaywrightError:
            pass
        server.shutdown_kernels()  # one kernel at a time on a small machine
    return result


def summarize(results: list[LessonResult], seconds: float) -> str:
    n_images = sum(len(r.images) for r in results)
    n_errors = sum(len(r.errors) for r in results)
    lines = [
        f"{len(results)} lessons, {n_images} images saved, {n_errors} errors, {seconds:.0f} s "
        f"(window {VIEWPORT['width']} px wide)"
    ]
    for r in results:
        width = f", output area {r.output_width} px" if r.output_width else ""
        lines.append(f"  {r.lesson}: {len(r.images)} images, {r.seconds:.0f} s{width}")
        lines += [f"    ERROR {e}" for e in r.errors]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--lesson",
        action="append",
        default=[],
        help="a lesson under notebooks/ (egg/01-worst-case.ipynb) or a unit (egg); repeatable; "
        "default: $LESSONS (space or comma separated), else every lesson",
    )
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default build/screenshots)")
    parser.add_argument(
        "--timeout", type=float, default=RUN_TIMEOUT_S, help="seconds to run one lesson's cells"
    )
    args = parser.parse_args(argv)
    names = args.lesson or re.split(r"[\s,]+", os.environ.get("LESSONS", "").strip())
    lessons = select_lessons([n for n in names if n])
    out_root = args.out.resolve()
    out_root.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    results: list[LessonResult] = []
    start = time.monotonic()
    home = Path(tempfile.mkdtemp(prefix="puzzles-chromium-"))
    try:
        with jupyter_lab(REPO_ROOT, settings=SETTINGS) as server, sync_playwright() as pw:
            with chromium(pw, home) as browser:
                context = browser.new_context(viewport=VIEWPORT)
                context.set_default_timeout(30_000)
                page = context.new_page()
                for i, lesson in enumerate(lessons, 1):
                    print(f"[{i}/{len(lessons)}] {lesson.relative_to(NOTEBOOKS)}", flush=True)
                    result = shoot_lesson(page, server, lesson, out_root, args.timeout)
                    print(
                        f"    {len(result.images)} images, {len(result.errors)} errors, "
                        f"{result.seconds:.0f} s",
                        flush=True,
                    )
                    results.append(result)
                context.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)
    summary = summarize(results, time.monotonic() - start)
    (out_root / "summary.txt").write_text(summary + "\n")
    print(summary)
    print(f"screenshots in {out_root}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
