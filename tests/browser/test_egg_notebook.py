"""The egg lessons in a real browser: they run clean, and their widgets respond.

Contracts with the notebooks:

* notebooks/egg/01-worst-case.ipynb displays ``puzzles.egg.widgets.worst_case_solver(n=2, k=36)`` (a
  "size k" IntSlider and an HTML text with "W(2, 36) = 8"; one step right gives "W(2, 37) = 9"), and
  the "play against Mother Nature" game (a "floor" text field, a "Drop egg" button and an HTML status
  text that mentions trials); typing 5.5 as the floor is refused with the game's sentence.
* notebooks/egg/03-worst-case-many-eggs.ipynb displays ``nature_map(n=3, k=40, x=15)``: sliders
  "eggs n", "size k", "drop x", a sentence "z(3, 40, 15) = ..." and the map as an image; one step
  right on "drop x" gives "z(3, 40, 16) = ...".
* notebooks/egg/04-laplace-many-eggs.ipynb displays ``appendix_module(n=3, k=8)``: sliders "eggs n"
  and "size k", the values "W(3, 8) = 4" and "L(3, 8) = 29/9", a table and the waves as an image; one
  step right on "size k" gives "W(3, 9) = 4" and a new image.
"""

from __future__ import annotations

import re
from pathlib import Path

from lab_driver import (
    OUTPUT_AREA,
    TEXT_OUTPUT,
    click_button,
    fill_input,
    find_button,
    find_input,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    student_lesson,
    widget_area,
)
from playwright.sync_api import expect

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = student_lesson("egg/01-worst-case.ipynb")
NATURE_NOTEBOOK = student_lesson("egg/03-worst-case-many-eggs.ipynb")
APPENDIX_NOTEBOOK = student_lesson("egg/04-laplace-many-eggs.ipynb")
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

    # A floor that is not a whole number is refused in words (a number field used to read 5.5 as 55).
    field = find_input(game, "floor")
    field.fill("")
    field.press_sequentially("5.5")
    click_button(game, "Drop egg")
    expect(game.locator(".puzzles-error")).to_have_text("the floor must be a whole number, got 5.5")
    expect(field).to_have_value("5.5")


def _output_with(page, text: str):
    """The cell output whose widget shows ``text`` (an instruction line, say)."""
    area = page.locator(OUTPUT_AREA).filter(has_text=text).first
    area.wait_for(state="visible")
    return area


def test_nature_map_answers_a_drop(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, NATURE_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)
    area = _output_with(page, "Mother Nature answers by Lemma 19")
    expect(area).to_contain_text("z(3, 40, 15) = either")
    expect(area).to_contain_text("x = 15 is an optimal drop")
    image = area.locator("img")
    expect(image).to_have_count(1)
    before = image.get_attribute("src")
    move_slider(find_slider(area, "drop x"), 1)
    expect(area).to_contain_text("z(3, 40, 16) = ")
    expect(area.locator(".puzzles-busy")).to_have_count(0)
    expect(image).not_to_have_attribute("src", before or "")


def test_appendix_module_moves_through_a_block(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, APPENDIX_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)
    area = _output_with(page, "W, X (worst case) and L, Y (Laplace)")
    expect(area).to_contain_text("W(3, 8) = 4")
    expect(area).to_contain_text("L(3, 8) = 29/9")
    expect(area.locator("table tr")).to_have_count(13)
    image = area.locator("img")
    before = image.get_attribute("src")
    move_slider(find_slider(area, "size k"), 1)
    expect(area).to_contain_text("W(3, 9) = 4")
    expect(area).to_contain_text("Y(3, 9) = {4,5,6}")
    expect(image).not_to_have_attribute("src", before or "")
