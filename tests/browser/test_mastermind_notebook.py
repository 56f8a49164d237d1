"""The Mastermind lessons in a real browser: they run clean, and their widgets play.

Contracts with the notebooks:

* notebooks/mastermind/01-codes-and-partitions.ipynb displays
  ``puzzles.mastermind.widgets.codebreaker(seed=2)`` (a "guess" Text, a "Guess" button, an HTML
  status "Guess the secret code: 1296 codes are possible.") and
  ``computer_breaker(strategy="worst-case")`` (a "reply" Text, an "Answer" button, the status
  "My guess 1: 1122").
* notebooks/mastermind/03-optimal-strategies.ipynb displays ``search_stepper()``: a "game" menu
  (3 pegs, 3 colours), the buttons "Back", "Next" and "Reset", and HTML texts: "Step 1 of 11. At
  the start: all 27 codes of the 3x3 game.", "Try 112", a table with the columns "candidates",
  "guess", "bound", "best so far"; the fourth step prunes 132 ("Pruned: the bound of 132").
"""

from __future__ import annotations

from lab_driver import (
    TEXT_OUTPUT,
    click_button,
    fill_input,
    find_button,
    open_notebook,
    run_all,
    student_lesson,
    widget_area,
)
from playwright.sync_api import expect

NOTEBOOK = student_lesson("mastermind/01-codes-and-partitions.ipynb")
SEARCH_NOTEBOOK = student_lesson("mastermind/03-optimal-strategies.ipynb")
RUN_TIMEOUT_MS = 180_000


def test_mastermind_notebook_widgets(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)  # raises NotebookCellError with the first traceback

    # The codebreaker: play the guess 1123; the status and the history change.
    breaker = widget_area(find_button(page, "Guess"))
    texts = breaker.locator(TEXT_OUTPUT)
    expect(texts.filter(has_text="1296 codes are possible")).not_to_have_count(0)
    fill_input(breaker, "guess", "1123")
    click_button(breaker, "Guess")
    expect(texts.filter(has_text="Guess 1: 1123 scores")).not_to_have_count(0)
    expect(texts.filter(has_text="still possible")).not_to_have_count(0)
    expect(texts.filter(has_text="Possible next guesses")).not_to_have_count(0)

    # A colour out of range: the widget shows the sentence, the game does not move on.
    fill_input(breaker, "guess", "1299")
    click_button(breaker, "Guess")
    expect(breaker.locator(".puzzles-error")).to_contain_text("colours are numbered 1 to 6")
    expect(texts.filter(has_text="Guess 2:")).to_have_count(0)

    # The computer breaks a code: an impossible reply is refused, a possible one is taken.
    computer = widget_area(find_button(page, "Answer for me"))
    expect(computer).to_contain_text("My guess 1: 1122")
    fill_input(computer, "reply", "3 1")
    click_button(computer, "Answer")
    expect(computer.locator(".puzzles-error")).to_contain_text("impossible")
    fill_input(computer, "reply", "1 0")
    click_button(computer, "Answer")
    expect(computer).to_contain_text("My guess 2: 1344")


def test_mastermind_search_stepper(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, SEARCH_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)

    stepper = widget_area(find_button(page, "Reset"))
    expect(stepper).to_contain_text("Step 1 of 11. At the start: all 27 codes of the 3x3 game.")
    expect(stepper).to_contain_text("Try 112")
    expect(stepper).to_contain_text("best so far")
    expect(find_button(stepper, "Back")).to_be_disabled()

    # Three steps on: 122 has totalled 12 on the first cell, and 132's bound 12 is pruned.
    for _ in range(3):
        click_button(stepper, "Next")
    expect(stepper).to_contain_text("Step 4 of 11")
    expect(stepper).to_contain_text("Pruned: the bound of 132")
    expect(stepper).to_contain_text("12 with 122")
    expect(stepper).to_contain_text("never tried")
    click_button(stepper, "Back")
    expect(stepper).to_contain_text("122 totals 6 + (3 + 1 + 1 + 1) = 12")
    click_button(stepper, "Reset")
    expect(stepper).to_contain_text("Step 1 of 11")
    expect(stepper.locator(".puzzles-error")).to_have_count(0)
