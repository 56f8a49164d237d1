"""notebooks/matchsticks/01-the-match-stick-puzzle.ipynb in a real browser: runs clean, and its game plays.

Contract with the notebook: running all cells displays ``puzzles.matchsticks.widgets.match_game(N=30,
M=3, first="you")``: a "take" input, a "Take" button, a "New game" button, a "sticks N" slider, and an
HTML status that reads "30 sticks on the table". Taking 1 makes the computer answer with 1 (28 left);
an illegal take shows the engine's sentence in the widget; taking 3 leaves 25 and the computer's 1
leaves 24.
"""

from __future__ import annotations

from lab_driver import (
    click_button,
    fill_input,
    find_button,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    student_lesson,
    widget_area,
)
from playwright.sync_api import expect

NOTEBOOK = student_lesson("matchsticks/01-the-match-stick-puzzle.ipynb")
RUN_TIMEOUT_MS = 180_000


def test_match_stick_game_plays_in_jupyterlab(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)  # raises NotebookCellError with the first traceback

    game = widget_area(find_button(page, "Take"))
    expect(game).to_contain_text("30 sticks on the table; your move (take 1 to 3).")
    expect(game).to_contain_text("can force a win")

    # you take 1 (the winning pick), the computer answers with 1
    fill_input(game, "take", 1)
    click_button(game, "Take")
    expect(game).to_contain_text("28 sticks on the table")

    # an illegal take: the widget shows the sentence, nothing changes
    fill_input(game, "take", 5)
    click_button(game, "Take")
    expect(game.locator(".puzzles-error")).to_have_text("you may take 1 to 3 sticks, not 5")
    expect(game).to_contain_text("28 sticks on the table")

    # take 3: 25 = 6*4 + 1 is lost for the computer, which takes a single stick
    fill_input(game, "take", 3)
    click_button(game, "Take")
    expect(game).to_contain_text("24 sticks on the table")
    expect(game.locator(".puzzles-error")).to_have_count(0)

    # the hint shows the losing positions and the winning take
    game.get_by_text("hint: show the losing positions").click()
    expect(game).to_contain_text("Hint: take 3 to leave the computer a losing position.")

    # a new game with one more stick: 31 sticks, still a first-player win (take 2)
    move_slider(find_slider(game, "sticks N"), 1)
    click_button(game, "New game")
    expect(game).to_contain_text("31 sticks on the table")
    expect(game).to_contain_text("Hint: take 2 to leave the computer a losing position.")
