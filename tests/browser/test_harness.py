"""The harness itself: a scratch notebook with a slider, an HTML readout and a button, driven in chromium."""

from __future__ import annotations

import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from lab_driver import (
    NotebookCellError,
    click_button,
    fill_input,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    texts_near,
    widget_area,
)
from playwright.sync_api import expect

HERE = Path(__file__).resolve().parent

WIDGET_CELL = """\
import ipywidgets as widgets

slider = widgets.IntSlider(description="size k", value=5, min=0, max=10)
readout = widgets.HTML(value="value = 5")
slider.observe(lambda change: setattr(readout, "value", f"value = {change['new']}"), names="value")
name = widgets.Text(description="name")
button = widgets.Button(description="Append")
log = widgets.HTML(value="log:")
button.on_click(lambda _: setattr(log, "value", log.value + f" clicked by {name.value or 'nobody'};"))
widgets.VBox([widgets.VBox([slider, readout]), widgets.HBox([name, button]), log])
"""


def _write_notebook(path: Path, sources: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nbformat.write(nb, path)


@pytest.fixture
def scratch_dir(jupyter_server) -> Iterator[Path]:
    """A directory under the server root (so JupyterLab can open it), removed afterwards."""
    path = HERE / f"_scratch_{secrets.token_hex(4)}"
    path.mkdir()
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def test_slider_html_and_button(jupyter_server, browser_page, scratch_dir):
    notebook = scratch_dir / "harness.ipynb"
    _write_notebook(notebook, ["import sys\nprint('prefix=' + sys.prefix)", WIDGET_CELL])
    page = browser_page

    open_notebook(page, jupyter_server, notebook.relative_to(jupyter_server.root).as_posix())
    run_all(page)
    # Kernelspec "python3" resolves to this very environment (the server's sys.executable).
    expect(page.locator(".jp-OutputArea-output").first).to_have_text(f"prefix={sys.prefix}")

    slider = find_slider(page, "size k")
    readout = texts_near(slider)
    expect(readout).to_have_text(["value = 5"])
    assert move_slider(slider, 1) == "6"
    expect(readout).to_have_text(["value = 6"])
    assert move_slider(slider, -2) == "4"
    expect(readout).to_have_text(["value = 4"])

    area = widget_area(slider)
    click_button(area, "Append")
    expect(area).to_contain_text("log: clicked by nobody;")
    fill_input(area, "name", "Ada")
    click_button(area, "Append")
    expect(area).to_contain_text("log: clicked by nobody; clicked by Ada;")


def test_run_all_reports_cell_errors(jupyter_server, browser_page, scratch_dir):
    notebook = scratch_dir / "broken.ipynb"
    _write_notebook(notebook, ["x = 1", "1 / 0", "print('never runs')"])
    open_notebook(browser_page, jupyter_server, notebook.relative_to(jupyter_server.root).as_posix())
    with pytest.raises(NotebookCellError, match="ZeroDivisionError"):
        run_all(browser_page)
