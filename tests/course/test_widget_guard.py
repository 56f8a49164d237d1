"""``guarded``: a callback shows "working..." while it runs, then its result or one sentence."""

from __future__ import annotations

import numpy as np
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


# -- factories never clip an argument without a word, never show ipywidgets' TraitError --------


def _factories():
    from puzzles.egg import widgets as egg
    from puzzles.higher_lower import widgets as hl
    from puzzles.mastermind import widgets as mm
    from puzzles.matchsticks import widgets as ms
    from puzzles.trios import widgets as trios

    return [
        # (call, the control that starts clipped, where it starts, words of the sentence)
        (
            lambda: ms.match_game(10**7),
            lambda w: w.sticks.value,
            100,
            "the number of sticks N = 10000000 is outside the range 1..100",
        ),
        (
            lambda: ms.match_game(30, 0),
            lambda w: w.largest.value,
            1,
            "the largest take M = 0 is outside the range 1..10",
        ),
        (
            lambda: ms.match_game(30, 3, "me"),
            lambda w: w.first.value,
            "you",
            "who moves first must be one of 'you', 'computer', got 'me'",
        ),
        (
            lambda: ms.pattern_explorer("1, 3", "no"),
            lambda w: w.misere.value,
            False,
            "misere must be one of False, True, got 'no'",
        ),
        (lambda: ms.pattern_explorer("1, 3", np.True_), lambda w: w.misere.value, True, None),
        (
            lambda: ms.pattern_explorer(134),
            lambda w: w.moves.value,
            "1, 3, 4",
            "the take sizes are typed as text",
        ),
        (
            lambda: ms.pattern_explorer("1, 3", False, 5),
            lambda w: w.positions.value,
            10,
            "the number of positions n = 5 is outside",
        ),
        (
            lambda: hl.solution_explorer(10**9),
            lambda w: w.size.value,
            1024,
            "N = 1000000000 is outside the range 1..1024",
        ),
        (lambda: hl.solution_explorer("x"), lambda w: w.size.value, 1, "N must be a whole number, got 'x'"),
        (lambda: hl.play_game(10**6), lambda w: w.size.value, 60, "N = 1000000 is outside the range 1..60"),
        (
            lambda: hl.play_game(10, "carol"),
            lambda w: w.role.value,
            "bob",
            "the role must be one of 'bob', 'alice', got 'carol'",
        ),
        (
            lambda: trios.trios_game(N=100),
            lambda w: w.trios.value,
            12,
            "the number of trios N = 100 is outside the range 1..12",
        ),
        (
            lambda: trios.state_explorer(1, 1, -1),
            lambda w: w.K0.value,
            0,
            "K0 = -1 is outside the range 0..100",
        ),
        (
            lambda: egg.nature_game(0, -3),
            lambda w: (w.eggs.value, w.storeys.value),
            (1, 1),
            "the number of eggs = 0 is outside the range 1..8",
        ),
        (
            lambda: egg.nature_game(eggs=10**9),
            lambda w: w.eggs.value,
            8,
            "the number of eggs = 1000000000 is outside",
        ),
        (
            lambda: egg.NatureGame(2, 11, nature="kind"),
            lambda w: w.nature.value,
            "adversary",
            "Mother Nature must be one of",
        ),
        (
            lambda: egg.worst_case_solver(50, 10**5),
            lambda w: (w.n.value, w.k.value),
            (12, 2000),
            "eggs n = 50 is outside the range 1..12",
        ),
        (
            lambda: egg.laplace_solver(np.int64(3), np.int64(20)),
            lambda w: (w.n.value, w.k.value),
            (3, 20),
            None,
        ),
        (
            lambda: egg.prior_explorer(9, 0),
            lambda w: (w.n.value, w.H.value),
            (4, 1),
            "storeys H = 0 is outside the range 1..40",
        ),
        (
            lambda: egg.appendix_module(2.5, 15),
            lambda w: w.n.value,
            1,
            "eggs n must be a whole number, got 2.5",
        ),
        (
            lambda: egg.nature_map(3, 20, 99),
            lambda w: w.x.value,
            20,
            "drop x = 99 is outside the range 1..20",
        ),
        (
            lambda: mm.computer_breaker(2, 3, "optimal"),
            lambda w: w.strategy.value,
            "worst-case",
            "the strategy must be one of",
        ),
        (
            lambda: mm.search_stepper(9, 9),
            lambda w: w.game_menu.value,
            next(iter(mm.STEPPER_GAMES)),
            "the game (pegs, colours) must be one of",
        ),
    ]


@pytest.mark.parametrize("index", range(23))
def test_a_factory_says_when_it_cannot_start_where_asked(index):
    call, control, start, words = _factories()[index]
    widget = call()
    assert control(widget) == start
    if words is None:
        assert widget.message.text == ""
    else:
        assert words in widget.message.text and "puzzles-error" in widget.message.value


def test_a_long_exact_value_opens_on_all_its_digits():
    from fractions import Fraction

    from puzzles.higher_lower.widgets import exact_on_demand

    value = Fraction(10**5000 + 1, 3**3000)  # past Python's 4300-digit limit for int -> str
    text = exact_on_demand("V(N)", value)
    assert "5001 digits over 1432" in text
    digits = text.split('max-width:640px">')[1].split("</div>")[0]
    numerator, denominator = digits.split("/")
    assert numerator == "1" + "0" * 4999 + "1" and len(denominator) == 1432
    with pytest.raises(ValueError, match="an exact number"):
        exact_on_demand("V(N)", 0.5)


def test_a_damaged_block_is_named_by_the_explorer_instead_of_silently_shrinking_it(tmp_path, monkeypatch):
    import shutil

    from puzzles.higher_lower import data as hl_data
    from puzzles.higher_lower import widgets as hl

    folder = tmp_path / "data"
    shutil.copytree(hl_data.DATA, folder)
    monkeypatch.setattr(hl_data, "DATA", folder)
    hl_data.clear_cache()
    try:
        hl_data.block_path(50, folder).write_bytes(b"damaged")
        widget = hl.solution_explorer(100)
        assert widget.size.max == 32 and widget.size.value == 32
        assert "the slider stops at N = 32" in widget.message.text
        assert "solutions-0033-0064.json.xz is damaged" in widget.message.text
    finally:
        hl_data.clear_cache()
