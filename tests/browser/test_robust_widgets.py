"""No number typed into a widget kills or freezes the kernel (a real browser, a real kernel).

Typing 100000 as a take size in the match-stick pattern explorer once used 23 GB and killed the
kernel. Here JupyterLab runs the lessons that show the pattern explorer
(``pattern_explorer`` in notebooks/matchsticks/02-subtraction-games.ipynb) and the higher-lower
game (``play_game`` in notebooks/higher-lower/01-game-and-lp.ipynb); the test types 100000 and
10**20 into the take sizes and into the game's "N", and asserts that the model's sentence shows
in the widget, that the kernel is still alive and idle, and that the widget answers a good value
afterwards.
"""

from __future__ import annotations

from lab_driver import (
    fill_input,
    find_button,
    find_input,
    open_notebook,
    run_all,
    student_lesson,
    widget_area,
)
from playwright.sync_api import expect

EXPLORER_NOTEBOOK = student_lesson("matchsticks/02-subtraction-games.ipynb")
GAME_NOTEBOOK = student_lesson("higher-lower/01-game-and-lp.ipynb")
RUN_TIMEOUT_MS = 240_000
ANSWER_MS = 20_000  # a refused value is answered at once; this only allows for a busy machine

_KERNEL_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return kernel ? [kernel.status, kernel.connectionStatus] : ['none', 'none'];
}
"""


def _kernel_is_alive_and_idle(page) -> None:
    page.wait_for_function(
        "() => { const p = window.jupyterapp.shell.currentWidget;"
        " const k = p.sessionContext.session && p.sessionContext.session.kernel;"
        " return !!k && k.status === 'idle'; }",
        timeout=ANSWER_MS,
    )
    assert page.evaluate(_KERNEL_JS) == ["idle", "connected"]


def test_huge_take_sizes_get_a_sentence_and_the_kernel_lives(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, EXPLORER_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)
    explorer = widget_area(find_input(page, "take sizes"))
    expect(explorer).to_contain_text("period 7")
    error = explorer.locator(".puzzles-error")
    for typed, shown in (
        ("100000", "the largest take size = 100000 is beyond the largest this computes in seconds"),
        (str(10**20), "the largest take size = 100000000000000000000 is beyond"),
    ):
        fill_input(explorer, "take sizes", typed)
        expect(error).to_contain_text(shown, timeout=ANSWER_MS)
        _kernel_is_alive_and_idle(page)
    fill_input(explorer, "take sizes", "2, 5")  # the kernel still computes
    expect(explorer).to_contain_text("S = {2,5}", timeout=ANSWER_MS)
    expect(error).to_have_count(0)
    _kernel_is_alive_and_idle(page)


def test_a_huge_size_of_the_higher_lower_game_gets_a_sentence(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, GAME_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)
    game = widget_area(find_button(page, "Guess"))
    error = game.locator(".puzzles-error")
    for typed in ("100000", str(10**20)):
        fill_input(game, "N", typed)
        expect(error).to_contain_text("play with N at most 60", timeout=ANSWER_MS)
        _kernel_is_alive_and_idle(page)
    fill_input(game, "N", 5)  # the kernel still answers, and the game starts on 1..5
    expect(game).to_contain_text("Alice has hidden a number in 1..5", timeout=ANSWER_MS)
    expect(error).to_have_count(0)
    _kernel_is_alive_and_idle(page)
