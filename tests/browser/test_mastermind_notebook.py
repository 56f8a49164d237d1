"""notebooks/mastermind/01-codes-and-partitions.ipynb in a real browser: runs clean, and its widgets play.

Contract with the notebook: running all cells displays ``puzzles.mastermind.widgets.codebreaker(seed=2)``
(a "guess" Text, a "Guess" button, an HTML status "Guess the secret code: 1296 codes are possible.")
and ``computer_breaker(strategy="worst-case")`` (a "reply" Text, an "Answer" button, the status
"My guess 1: 1122").
"""

from __future__ import annotations

from lab_driver import TEXT_OUTPUT, click_button, fill_input, find_button, open_notebook, run_all, widget_area
from playwright.sync_api import expect

NOTEBOOK = "notebooks/mastermind/01-codes-and-partitions.ipynb"
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
