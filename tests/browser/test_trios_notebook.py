"""notebooks/trios/01-the-game-and-the-rule.ipynb in a real browser: runs clean, and the play widget
flips cards.

Contract with the notebook: running all cells displays ``puzzles.trios.widgets.trios_game(N=4)``: a
"trios N" slider, twelve card buttons titled "card 1" .. "card 12" showing "?", the buttons "Next
round" and "Play the hint", and an HTML status that mentions "rounds" and "E(4) = 118609/15400".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab_driver import (
    TEXT_OUTPUT,
    click_button,
    find_button,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    widget_area,
)
from playwright.sync_api import expect

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/trios/01-the-game-and-the-rule.ipynb"
RUN_TIMEOUT_MS = 180_000
OVER = re.compile("This round is over")  # case-sensitive, unlike a plain has_text string


@pytest.mark.skipif(not (REPO_ROOT / NOTEBOOK).exists(), reason=f"notebook not written yet: {NOTEBOOK}")
def test_trios_play_widget_flips_cards(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)

    board = widget_area(find_button(page, "Next round"))
    expect(board.locator(TEXT_OUTPUT).filter(has_text="E(4) = 118609/15400")).to_have_count(1)
    card = board.locator('button[title="card 1"]')
    expect(card).to_have_text("?")

    # flip card 1: it shows its number and the round is open
    card.click()
    expect(card).to_have_text(re.compile(r"^\s*[1-4]\s*$"))
    status = board.locator(TEXT_OUTPUT).filter(has_text=re.compile("1 round so far"))
    expect(status).to_have_count(1)
    number = card.inner_text().strip()

    # flip a second card; if it matches, flip cards until the round is over
    for title in ("card 2", "card 3", "card 4"):
        if board.locator(TEXT_OUTPUT).filter(has_text=OVER).count():
            break
        board.locator(f'button[title="{title}"]').click()
        page.wait_for_timeout(300)
    expect(board.locator(TEXT_OUTPUT).filter(has_text=OVER)).to_have_count(1)

    # a fourth card (or a third after a mismatch) is refused in words
    board.locator('button[title="card 12"]').click()
    expect(board.locator(".puzzles-error")).to_contain_text("press Next round")

    # next round: card 1 is face down but remembered
    click_button(board, "Next round")
    expect(card).to_have_text(f"({number})")
    expect(board.locator(".puzzles-error")).to_have_count(0)

    # the rule plays a card: the second round starts
    click_button(board, "Play the hint")
    expect(board.locator(TEXT_OUTPUT).filter(has_text="2 rounds so far")).to_have_count(1)

    # the slider deals a new game: five trios, fifteen cards
    expect(board.locator('button[title="card 13"]')).to_have_count(0)
    move_slider(find_slider(board, "trios N"), 1)
    expect(board.locator('button[title="card 15"]')).to_have_count(1)
    expect(board.locator(TEXT_OUTPUT).filter(has_text="0 rounds so far; 5 trios left")).to_have_count(1)
