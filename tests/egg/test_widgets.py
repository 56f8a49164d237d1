"""The unit's widgets, driven as a student would: set values, click buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import html  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402

import ipywidgets as widgets  # noqa: E402
import pytest  # noqa: E402

from puzzles.course.display import decimal, format_set  # noqa: E402
from puzzles.course.widgets import MessageLine, guarded, html_table  # noqa: E402
from puzzles.egg.model import (  # noqa: E402
    expected_drops,
    expected_trials,
    laplace_drops,
    laplace_numerator,
    laplace_table,
    laplace_trials,
    worst_case_drops,
    worst_case_table,
    worst_case_trials,
)
from puzzles.egg.widgets import (  # noqa: E402
    PRIOR_SHAPES,
    AppendixModule,
    LaplaceSolver,
    NatureGame,
    NatureMap,
    PriorExplorer,
    WorstCaseSolver,
    appendix_module,
    compact_set,
    laplace_solver,
    nature_game,
    nature_map,
    prior_explorer,
    prior_shape,
    worst_case_solver,
)

# ---------------------------------------------------------------------------
# the game against Mother Nature


def test_nature_game_starts_a_game_from_its_sliders():
    box = nature_game(eggs=2, storeys=11, seed=0)
    assert isinstance(box, NatureGame) and isinstance(box, widgets.VBox)
    assert (box.eggs.description, box.storeys.description) == ("eggs", "storeys")
    assert (box.floor.description, box.drop_button.description) == ("floor", "Drop egg")
    assert (box.new_button.description, box.hint.description) == ("New game", "hint")
    assert (box.storeys.min, box.storeys.max) == (1, 100)
    game = box.game
    assert (game.eggs, game.storeys, game.trials, game.nature) == (2, 11, 0, "adversary")
    assert html.escape(game.status()) in box.status.value
    assert f"W(2, 11) = {worst_case_trials(2, 11)}" in box.status.value
    assert box.building.value.count("<tr>") == 12  # a header and one row per floor


def test_playing_the_hints_in_the_widget_is_optimal():
    box = nature_game(eggs=2, storeys=20, seed=3)
    box.hint.value = True
    rng = random.Random(1)
    while not box.game.finished:
        floors = box.game.hint()
        assert compact_set(floors) in box.hint_line.value
        assert "&larr; hint" in box.building.value
        box.floor.value = str(rng.choice(floors))
        box.drop_button.click()
        assert box.message.text == ""
    assert box.game.solved and box.game.trials == worst_case_trials(2, 20)
    assert "you played optimally" in box.status.value
    assert box.hint_line.value == ""


def test_an_illegal_floor_shows_the_sentence_instead_of_raising():
    box = nature_game(eggs=2, storeys=11, seed=0)
    box.floor.value = "1"
    box.drop_button.click()  # x = 1 with two eggs: Mother Nature lets it survive
    assert box.game.low == 1
    box.floor.value = "1"
    box.drop_button.click()
    assert box.game.trials == 1
    assert (
        box.message.text
        == "floor 1 is already settled (an egg survives there): the untested floors are 2..11"
    )
    assert "puzzles-error" in box.message.value and "floor 1 is already settled" in box.message.value
    box.floor.value = "40"
    box.drop_button.click()
    assert "floor 40 is not in the building" in box.message.value
    box.floor.value = "2"
    box.drop_button.click()
    assert box.message.value == "" and box.game.trials == 2


def test_a_floor_that_is_not_a_whole_number_is_refused_in_words():
    box = nature_game(eggs=2, storeys=11, seed=0)
    for typed, sentence in [
        ("5.5", "the floor must be a whole number, got 5.5"),  # never read as 55
        ("five", "the floor must be a whole number, got 'five'"),
        ("", "the floor must be a whole number, got ''"),
        ("55", "floor 55 is not in the building: the untested floors are 1..11"),
    ]:
        box.floor.value = typed
        box.drop_button.click()
        assert box.message.text == sentence
        assert box.game.trials == 0
    box.floor.value = " 6 "
    box.drop_button.click()
    assert box.message.text == "" and box.game.history[-1].height == 6


def test_the_building_shows_the_drops_in_the_egg_columns():
    box = nature_game(eggs=2, storeys=11, seed=0)
    box.floor.value = "11"
    box.drop_button.click()  # x = 11 with two eggs: Mother Nature breaks it
    assert box.game.history[-1].outcome == "break"
    assert "broke" in box.building.value
    rows = box.building.value.split("<tr>")[2:]
    assert ">11</td>" in rows[0] and ">1</td>" in rows[-1]  # top floor first


def test_after_the_end_a_drop_is_refused_in_words():
    box = nature_game(eggs=1, storeys=5, seed=0)
    box.floor.value = "3"
    box.drop_button.click()  # one egg above the lowest floor: it breaks
    assert box.game.finished and not box.game.solved
    assert "Out of eggs" in box.status.value
    box.floor.value = "1"
    box.drop_button.click()
    assert "the game is over" in box.message.text


def test_sliders_and_the_new_game_button_start_new_games():
    box = nature_game(eggs=2, storeys=11, seed=7)
    box.floor.value = "5"
    box.drop_button.click()
    box.eggs.value = 3
    assert (box.game.eggs, box.game.storeys, box.game.trials) == (3, 11, 0)
    box.storeys.value = 30
    assert box.game.storeys == 30 and box.building.value.count("<tr>") == 31
    seed = box.game.seed
    box.floor.value = "10"
    box.drop_button.click()
    box.new_button.click()
    assert box.game.trials == 0 and box.game.seed == seed + 1
    box.nature.value = "laplace"
    assert box.game.nature == "laplace"


def test_nature_game_is_deterministic():
    def play(seed):
        box = NatureGame(eggs=3, storeys=40, seed=seed)
        for floor in (20, 10, 5, 30, 15, 25, 35, 2, 38):
            box.floor.value = str(floor)
            box.drop_button.click()
        return box.game.history, box.building.value, box.status.value

    assert play(4) == play(4)


# ---------------------------------------------------------------------------
# the solvers


def test_worst_case_solver_reacts_to_the_size_slider():
    box = worst_case_solver()
    assert isinstance(box, WorstCaseSolver)
    assert (box.n.description, box.k.description) == ("eggs n", "size k")
    assert (box.n.min, box.n.max, box.k.min, box.k.max) == (1, 12, 0, 2000)
    before = f"W(2, 36) = {worst_case_trials(2, 36)}"
    assert before == "W(2, 36) = 8"  # the browser test relies on this value
    assert before in box.result.value
    assert f"X(2, 36) = {compact_set(worst_case_drops(2, 36))}" in box.result.value
    box.k.value = 37
    after = f"W(2, 37) = {worst_case_trials(2, 37)}"
    assert after in box.result.value and before not in box.result.value
    assert f"X(2, 37) = {compact_set(worst_case_drops(2, 37))}" in box.result.value
    cells = "|" + re.sub(r"<[^>]+>", "", re.sub(r"</t[dh]>", "|", box.table.value))
    for k in range(34, 41):
        assert f"|{k}|{worst_case_trials(2, k)}|{compact_set(worst_case_drops(2, k))}|" in cells


def test_worst_case_solver_over_its_whole_range():
    box = worst_case_solver(n=1, k=0)
    assert "W(1, 0) = 0" in box.result.value and "X(1, 0) = {}" in box.result.value
    for n, k in [(1, 2000), (12, 2000), (3, 1), (5, 1000)]:
        box.n.value, box.k.value = n, k
        assert f"W({n}, {k}) = {worst_case_trials(n, k)}" in box.result.value
        assert f"X({n}, {k}) = {compact_set(worst_case_drops(n, k))}" in box.result.value
        assert box.message.text == ""


def test_laplace_solver_shows_the_exact_fraction_over_k_plus_1():
    box = laplace_solver()
    assert isinstance(box, LaplaceSolver)
    assert (box.n.description, box.k.description) == ("eggs n", "size k")
    assert f"L(2, 15) = {laplace_numerator(2, 15)}/16" in box.result.value
    assert decimal(laplace_trials(2, 15)) in box.result.value
    assert f"Y(2, 15) = {compact_set(laplace_drops(2, 15))}" in box.result.value
    box.k.value = 8
    assert "L(2, 8) = 30/9 = 10/3" in box.result.value  # the paper prints L(2, 8) as 30/9
    assert laplace_trials(2, 8) * 9 == 30
    box.n.value = 3
    assert f"L(3, 8) = {laplace_numerator(3, 8)}/9" in box.result.value


def test_compact_set():
    assert compact_set(range(3, 6)) == format_set(range(3, 6)) == "{3,4,5}"
    assert compact_set(range(1, 10)) == "{1,...,9}"
    assert compact_set(range(0)) == "{}"


# ---------------------------------------------------------------------------
# the appendix modules: W, X, L, Y with the waves; Mother Nature's map

DP_N, DP_K = 20, 2000
_TABLES: dict[str, object] = {}


def _dp(kind: str):
    """The plain DP's tables (eq. (17) and (28)), independent of the closed forms the widgets use."""
    if kind not in _TABLES:
        _TABLES[kind] = (worst_case_table if kind == "W" else laplace_table)(DP_N, DP_K + 20)
    return _TABLES[kind]


def _table_rows(html_text: str) -> list[list[str]]:
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html_text)
    return [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)] for r in rows]


def _agrees_with_the_dp(box: AppendixModule) -> None:
    n, k = box.n.value, box.k.value
    worst, laplace = _dp("W"), _dp("L")
    header, *rows = _table_rows(box.table.value)
    assert header == ["k", f"W({n}, k)", f"X({n}, k)", f"L({n}, k)", "decimal", f"Y({n}, k)"]
    assert k in [int(row[0]) for row in rows] and len(rows) == 12
    for size, w, x, ell, dec, y in rows:
        size = int(size)
        assert int(w) == int(worst.value[n, size])
        assert x == compact_set(worst.drops[n][size])
        assert ell == f"{int(laplace.value[n, size])}/{size + 1}"
        assert dec == decimal(laplace.fraction(n, size), 4)
        assert y == compact_set(laplace.drops[n][size])
    assert f"W({n}, {k}) = {int(worst.value[n, k])}" in box.result.value
    assert f"Y({n}, {k}) = {compact_set(laplace.drops[n][k])}" in box.result.value
    block = [size for size in range(1, DP_K + 21) if worst.value[n, size] == worst.value[n, k]]
    end = str(block[-1]) if block[-1] < DP_K + 20 else ""  # a block beyond the DP's table: its start
    assert f"for the sizes k = {block[0]}..{end}" in box.result.value


def test_appendix_module_agrees_with_the_dp_wherever_its_sliders_go():
    box = appendix_module(n=3, k=15)
    assert isinstance(box, AppendixModule)
    assert (box.n.description, box.k.description) == ("eggs n", "size k")
    assert (box.n.min, box.n.max, box.k.min, box.k.max) == (1, 20, 1, 2000)
    assert not box.n.continuous_update and not box.k.continuous_update  # one figure per release
    assert "L(3, 15) = 65/16" in box.result.value  # the paper's Table 6 writes 65/16
    _agrees_with_the_dp(box)
    for n, k in [(2, 36), (1, 1), (1, 2000), (20, 2000), (7, 300), (4, 16)]:
        box.n.value, box.k.value = n, k
        assert box.message.text == "" and box.busy.value == ""
        _agrees_with_the_dp(box)


def test_appendix_module_draws_the_waves_to_the_end_of_the_block():
    box = appendix_module(n=3, k=15)
    left, right = box.figure.axes
    assert "X(3, k)" in left.get_title() and "Y(3, k)" in right.get_title()
    assert len(left.collections[0].get_segments()) == 30  # at least k = 1..30
    assert any(list(line.get_xdata()) == [15, 15] for line in left.lines)  # k is marked
    assert box.plot.value[:8] == b"\x89PNG\r\n\x1a\n"
    box.k.value = 26  # W(3, 26) = 6 for k = 26..41
    assert len(box.figure.axes[0].collections[0].get_segments()) == 41
    box.n.value, box.k.value = 2, 1990  # the block 1954..2016 is cut at 2000
    assert len(box.figure.axes[0].collections[0].get_segments()) == 2000


def test_nature_map_explains_the_drop_by_lemma_19():
    box = nature_map(n=3, k=20, x=5)
    assert isinstance(box, NatureMap)
    assert [s.description for s in (box.n, box.k, box.x)] == ["eggs n", "size k", "drop x"]
    assert (box.n.max, box.k.max, box.x.max) == (20, 80, 20)
    worst = _dp("W")
    for n, k, x in [(3, 20, 5), (3, 20, 11), (2, 10, 4), (2, 80, 80), (20, 80, 40), (1, 10, 3), (1, 10, 1)]:
        box.n.value, box.k.value, box.x.value = n, k, x
        assert box.message.text == "" and box.busy.value == ""
        broken = int(worst.value[n - 1, x - 1]) if n > 1 or x == 1 else float("inf")
        survived = int(worst.value[n, k - x])
        reply = "break" if broken > survived else "survive" if broken < survived else "either"
        assert f"z({n}, {k}, {x}) = {reply}" in box.result.value
        optimal = x in worst.drops[n][k]
        assert ("is an optimal drop" in box.result.value) == optimal
        assert ("is not an optimal drop" in box.result.value) == (not optimal)
        ax = box.figure.axes[0]
        assert f"z({n}, k, x)" in ax.get_title()
        assert ax.images[0].get_array().shape == (max(20, k), max(20, k))
        assert [list(p) for p in ax.collections[1].get_offsets()] == [[k, x]]


def test_nature_map_keeps_the_drop_inside_the_interval():
    box = nature_map(n=2, k=30, x=25)
    box.k.value = 12
    assert box.x.max == 12 and box.x.value == 12
    assert "z(2, 12, 12) = break" in box.result.value
    box.k.value = 40
    assert box.x.max == 40 and box.x.value == 12


# ---------------------------------------------------------------------------
# the prior explorer


@pytest.mark.parametrize("name", PRIOR_SHAPES)
def test_prior_shapes_are_positive_integer_weights(name):
    for H in (0, 1, 7, 40):
        weights = prior_shape(name, H)
        assert len(weights) == H + 1
        assert all(isinstance(w, int) and w > 0 for w in weights)


def test_prior_shapes_have_their_shapes():
    assert prior_shape("uniform (Laplace)", 3) == [1, 1, 1, 1]
    assert prior_shape("rising", 3) == [1, 2, 3, 4]
    assert prior_shape("falling", 3) == [4, 3, 2, 1]
    assert prior_shape("peaked in the middle", 4) == [1, 3, 5, 3, 1]
    assert prior_shape("U-shaped", 4) == [5, 3, 1, 3, 5]
    assert prior_shape("geometric", 3) == [8, 4, 2, 1]
    with pytest.raises(ValueError, match="there is no prior called 'flat'"):
        prior_shape("flat", 3)
    with pytest.raises(ValueError, match="cannot be negative"):
        prior_shape("rising", -1)


def test_prior_explorer_follows_its_controls():
    box = prior_explorer()
    assert isinstance(box, PriorExplorer)
    assert (box.prior.description, box.n.description, box.H.description) == ("prior", "eggs n", "storeys H")
    assert (box.n.min, box.n.max, box.H.min, box.H.max) == (1, 4, 1, 40)
    uniform = laplace_trials(2, 20)
    assert expected_trials(2, [1] * 21) == uniform
    assert f"A(2, 20, 1) = {uniform}" in box.result.value
    assert f"L(2, 20) = {uniform}" in box.result.value and "as it must be" in box.result.value
    assert box.figure is not None and len(box.figure.axes) == 1
    for name in PRIOR_SHAPES:
        box.prior.value = name
        weights = prior_shape(name, 20)
        value = expected_trials(2, weights)
        assert f"A(2, 20, 1) = {value}" in box.result.value
        assert decimal(value) in box.result.value
        assert format_set(expected_drops(2, weights)) in box.result.value
    box.n.value, box.H.value = 4, 40
    assert f"A(4, 40, 1) = {expected_trials(4, prior_shape(box.prior.value, 40))}" in box.result.value
    assert box.message.text == ""


def test_prior_explorer_never_rounds_a_value_below_two_up_to_two():
    box = prior_explorer()
    box.prior.value, box.H.value = "geometric", 40
    value = expected_trials(2, prior_shape("geometric", 40))
    assert value < 2 and decimal(value) == "2.00000"  # five places would round it up
    assert "&asymp; 1.99999999998 expected trials" in box.result.value
    assert "2.00000" not in box.result.value


# ---------------------------------------------------------------------------
# the shared helpers


def test_guarded_shows_value_errors_and_lets_bugs_through():
    line = MessageLine()

    def complain(_):
        raise ValueError("n must be a positive number of eggs, got 0")

    guarded(complain, line)(None)
    assert line.text == "n must be a positive number of eggs, got 0"
    assert "puzzles-error" in line.value
    assert guarded(lambda: 3, line)() == 3 and line.value == ""

    def bug():
        raise KeyError("oops")

    with pytest.raises(KeyError):
        guarded(bug, line)()


def test_html_table_escapes_and_highlights():
    table = html_table(["k", "X"], [(1, "{1}"), (2, "<b>")], highlight=1)
    assert "&lt;b&gt;" in table and table.count("<tr") == 3 and "background:#fff3bf" in table
