"""``guarded``: a callback shows "working..." while it runs, then its result or one sentence."""

from __future__ import annotations

import pytest

from puzzles.course.manifest import DataFault
from puzzles.course.widgets import BUSY, MessageLine, guarded


def test_the_line_says_working_while_the_callback_runs_and_clears_after():
    message = MessageLine()
    seen = []

    def action():
        seen.append((message.busy, BUSY in message.value, message.text))
        return 42

    assert guarded(action, message)() == 42
    assert seen == [(True, True, "")]
    assert (message.busy, message.value, message.text) == (False, "", "")


@pytest.mark.parametrize(
    "error",
    [
        ValueError("N must be at least 1, got 0"),
        DataFault("the shipped data file x.json is missing; rebuild it with `make data`"),
    ],
)
def test_a_bad_value_or_damaged_data_is_one_sentence(error):
    message = MessageLine()

    def action():
        raise error

    assert guarded(action, message)() is None
    assert message.text == str(error) and "puzzles-error" in message.value and not message.busy


def test_a_bug_still_raises_and_leaves_no_busy_line():
    message = MessageLine()

    def action():
        raise KeyError("a bug")

    with pytest.raises(KeyError):
        guarded(action, message)()
    assert (message.busy, message.value) == (False, "")


def test_a_callback_that_writes_its_own_message_keeps_it():
    message = MessageLine()
    guarded(lambda: message.show_error("typed twice"), message)()
    assert message.text == "typed twice"
