"""The trios lessons in a real browser: they run clean, the play widget flips cards, and the state
explorer next to the game follows it.

Contracts with the notebooks:

* notebooks/trios/01-the-game-and-the-rule.ipynb displays ``puzzles.trios.widgets.trios_game(N=4)``:
  a "trios N" slider, twelve card buttons titled "card 1" .. "card 12" showing "?", the buttons "Next
  round" and "Play the hint", and an HTML status that mentions "rounds" and "E(4) = 118609/15400".
* notebooks/trios/02-states-and-memoisation.ipynb displays ``trios_explorer(N=4)``: the same game
  above a state explorer with sliders "K3", "K2", "K1", "K0", an "exact fractions" checkbox and the
  sentence "f(0, 0, 0, 4) = 7.7019"; after the first round it shows the game's new state.
"""

from __future__ import annotations

import re

from lab_driver import (
    TEXT_OUTPUT,
    click_button,
    find_button,
    find_slider,
    move_slider,
    open_notebook,
    run_all,
    student_lesson,
    widget_area,
)
from playwright.sync_api import expect

NOTEBOOK = student_lesson("trios/01-the-game-and-the-rule.ipynb")
# the teacher notebook: the explorer shows f at every state, so the student edition leaves it out
EXPLORER_NOTEBOOK = "notebooks/trios/02-states-and-memoisation.ipynb"
RUN_TIMEOUT_MS = 180_000
OVER = re.compile("This round is over")  # case-sensitive, unlike a plain has_text string


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


def test_state_explorer_follows_the_game(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, EXPLORER_NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)

    area = widget_area(find_button(page, "Next round"))
    explorer = area.locator(TEXT_OUTPUT).filter(has_text="rounds expected from here")
    expect(explorer).to_contain_text("f(0, 0, 0, 4) = 7.7019")
    expect(area.locator("table tr")).to_have_count(4)  # from (0, 0, 4): three ways a round ends

    # play one round by the rule, then turn the cards back: the explorer shows the game's state
    click_button(area, "Play the hint")
    expect(area.locator(TEXT_OUTPUT).filter(has_text="1 round so far")).to_have_count(1)
    click_button(area, "Play the hint")
    page.wait_for_timeout(500)
    if area.locator(TEXT_OUTPUT).filter(has_text=OVER).count() == 0:  # a pair: the third card
        click_button(area, "Play the hint")
    expect(area.locator(TEXT_OUTPUT).filter(has_text=OVER)).to_have_count(1)
    click_button(area, "Next round")
    known = area.locator(TEXT_OUTPUT).filter(has_text="Known so far")
    expect(known).to_have_count(1)
    state = re.search(r"\(K3, K2, K1, K0\) = \((\d+), (\d+), (\d+), (\d+)\)", known.inner_text())
    K3, K2, K1, K0 = (int(v) for v in state.groups())
    expect(explorer).to_contain_text(f"f({K3}, {K2}, {K1}, {K0}) = ")
    expect(explorer).not_to_contain_text("f(0, 0, 0, 4) =")

    # exact fractions alongside the decimals
    area.get_by_text("exact fractions").click()
    expect(area.locator("table")).to_contain_text(re.compile(r"\d\.\d{4} = \d+/\d+"))

    # the sliders pick any other state
    move_slider(find_slider(area, "K2"), 1)
    expect(explorer).to_contain_text(f"f({K3}, {K2 + 1}, {K1}, {K0}) = ")
    expect(area.locator(".puzzles-error")).to_have_count(0)
