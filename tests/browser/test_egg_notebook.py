"""notebooks/egg/01-worst-case.ipynb in a real browser: runs clean, and its widgets respond.

Contract with the notebook: running all cells displays ``puzzles.egg.widgets.worst_case_solver(n=2,
k=36)`` (a "size k" IntSlider and an HTML text with "W(2, 36) = 8"; one step right gives
"W(2, 37) = 9"), and the "play against Mother Nature" game (a "floor" input, a "Drop egg" button and an
HTML status text that mentions trials).
"""

from __future__ import annotations

import re
from pathlib import Path

from lab_driver import (
    TEXT_OUTPUT,
    click_button,
    fill_input,
    find_button,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    widget_area,
)
from playwright.sync_api import expect

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/egg/01-worst-case.ipynb"
RUN_TIMEOUT_MS = 180_000


def test_worst_case_notebook_widgets(jupyter_server, browser_page):
    check_worst_case_notebook(browser_page, jupyter_server, NOTEBOOK)


def check_worst_case_notebook(page, server, notebook: str) -> None:
    open_notebook(page, server, notebook)
    run_all(page, timeout=RUN_TIMEOUT_MS)  # raises NotebookCellError with the first traceback

    # worst_case_solver(n=2, k=36): the first widget with a "size k" slider.
    slider = find_slider(page, "size k")
    solver = widget_area(slider)
    expect(solver).to_contain_text("W(2, 36) = 8")
    move_slider(slider, 1)
    expect(solver).to_contain_text("W(2, 37) = 9")

    # Play against Mother Nature: drop an egg from floor 1; the status text must change.
    game = widget_area(find_button(page, "Drop egg"))
    status = game.locator(TEXT_OUTPUT)
    before = status.all_inner_texts()
    fill_input(game, "floor", 1)
    click_button(game, "Drop egg")
    expect(status).not_to_have_text(before)
    expect(status.filter(has_text=re.compile("trial", re.IGNORECASE))).not_to_have_count(0)
