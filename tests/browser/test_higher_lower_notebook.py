"""notebooks/higher-lower/01-game-and-lp.ipynb in a real browser: runs clean, and a round can be played.

Contract with the notebook: running all cells displays ``puzzles.higher_lower.widgets.play_game(N=10,
role="bob", seed=1)``: a "number" input, buttons "Guess" and "New round", and an HTML status line that
starts "Alice has hidden a number in 1..10", then reports "k: higher/lower. The number lies in a..b" after
each guess and "Correct, the number was s: you pay g." at the end of the round.

Before the first round no picture is shown (no empty image, hence no broken-image icon). After the round
two captioned pictures appear, each a loaded PNG: the caption "Your path" above the student's own guesses
(``plot_guesses``), and the caption "For comparison, Bob's optimal play" above the tree his optimal mix
plays most often, with its path to the same secret (``plot_tree``). "New round" hides them again.
"""

from __future__ import annotations

import re

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

NOTEBOOK = student_lesson("higher-lower/01-game-and-lp.ipynb")
RUN_TIMEOUT_MS = 180_000
INTERVAL = re.compile(r"lies in (\d+)\.\.(\d+); guesses so far: (\d+)")


def test_play_a_round_as_bob(jupyter_server, browser_page):
    page = browser_page
    open_notebook(page, jupyter_server, NOTEBOOK)
    run_all(page, timeout=RUN_TIMEOUT_MS)

    game = widget_area(find_button(page, "Guess"))
    status = game.locator(TEXT_OUTPUT).filter(has_text="Rounds played")
    expect(status).to_contain_text("Alice has hidden a number in 1..10")
    pictures = game.locator("img")
    assert [pictures.nth(i).is_visible() for i in range(pictures.count())] == [False] * pictures.count()
    low, high = 1, 10
    for guesses in range(1, 11):
        fill_input(game, "number", (low + high) // 2)
        click_button(game, "Guess")
        expect(status).to_contain_text(re.compile(rf"(guesses so far: {guesses}\.)|(you pay {guesses}\.)"))
        text = status.inner_text()
        if "Correct" in text:
            break
        found = INTERVAL.search(text)
        assert found, text
        low, high = int(found.group(1)), int(found.group(2))
    expect(status).to_contain_text("Rounds played: 1")
    assert guesses <= 4  # bisection on 1..10 never needs more

    # the student's own path and Bob's optimal tree, each a loaded picture under its own caption
    own = game.locator(TEXT_OUTPUT).filter(has_text="Your path")
    bob = game.locator(TEXT_OUTPUT).filter(has_text="For comparison, Bob's optimal play")
    expect(own).to_be_visible()
    expect(bob).to_contain_text("not your guesses")
    expect(bob).to_contain_text(f"you paid {guesses}")
    expect(pictures.first).to_be_visible()
    shown = [pictures.nth(i) for i in range(pictures.count()) if pictures.nth(i).is_visible()]
    assert len(shown) == 2
    for picture in shown:
        size = picture.evaluate("img => [img.complete, img.naturalWidth, img.getBoundingClientRect().width]")
        assert size[0] and size[1] > 300, size  # loaded, not a broken-image icon
        # shown at its own size (text keeps its 10 pt), neither stretched nor shrunk much
        assert 0.9 * min(size[1], 900) <= size[2] <= size[1] + 1, size
    own_box, bob_box = own.bounding_box(), bob.bounding_box()
    first, second = shown[0].bounding_box(), shown[1].bounding_box()
    assert own_box["y"] < first["y"] < bob_box["y"] < second["y"]  # caption, picture, caption, picture

    # a bad guess is refused with a sentence, and the round does not move on
    click_button(game, "New round")
    expect(own).to_be_hidden()
    fill_input(game, "number", 11)
    click_button(game, "Guess")
    expect(game.locator(".puzzles-error")).to_contain_text("between 1 and 10")
