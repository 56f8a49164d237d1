"""The widgets driven as a student would: set values, click buttons, read the text."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import re  # noqa: E402

from puzzles.higher_lower.data import load_solution, sweep_range  # noqa: E402
from puzzles.higher_lower.play import path_to  # noqa: E402
from puzzles.higher_lower.widgets import dresher_stepper, play_game, solution_explorer  # noqa: E402

PNG = b"\x89PNG"


def _bisect(w) -> list[int]:
    low, high, guesses = 1, w.game.N, []
    while not w.game.finished:
        w.number.value = (low + high) // 2
        guesses.append(w.number.value)
        w.go.click()
        low, high = w.game.low, w.game.high
    return guesses


def test_play_as_bob_until_correct():
    w = play_game(10, "bob", seed=1)
    assert "Your guess" in w.status.value
    _bisect(w)
    assert "Correct" in w.status.value
    assert bytes(w.path_picture.value).startswith(PNG) and bytes(w.tree_picture.value).startswith(PNG)
    assert "guess no." in w.history.value
    w.go.click()
    assert "round is over" in w.message.text
    w.again.click()
    assert w.message.text == "" and not w.game.finished
    assert w.pictures.layout.display == "none" and w.path_picture.value == b"" == w.tree_picture.value


def test_no_empty_picture_before_the_first_round():
    """An Image widget with no bytes shows a broken-image icon: the pictures stay hidden instead."""
    for role in ("bob", "alice"):
        w = play_game(10, role, seed=1)
        assert w.pictures.layout.display == "none"
        w.number.value = 11  # a refused move draws nothing either
        w.go.click()
        assert w.pictures.layout.display == "none" and "between 1 and 10" in w.message.text


def test_bob_sees_his_own_path_and_an_optimal_tree_labelled_apart(monkeypatch):
    import puzzles.higher_lower.widgets as module

    drawn = {}
    real_guesses, real_tree = module.plot_guesses, module.plot_tree
    monkeypatch.setattr(
        module, "plot_guesses", lambda N, g: drawn.setdefault("guesses", (N, g)) and real_guesses(N, g)
    )
    monkeypatch.setattr(
        module,
        "plot_tree",
        lambda t, path, title: drawn.setdefault("tree", (t, path, title)) and real_tree(t, path, title),
    )
    w = play_game(12, "bob", seed=4)
    w.number.value = 1  # a poor first guess, so that the student's path is not Bob's
    w.go.click()
    guesses = [1, *_bisect(w)]
    secret = w.game.secret
    # the student's own path: every guess with its answer, in order
    assert drawn["guesses"] == (12, [(g.number, g.answer) for g in w.game.guesses])
    assert [g for g, _ in drawn["guesses"][1]] == guesses[: len(w.game.guesses)]
    assert "Your path" in w.path_caption.value and w.path_picture.layout.display != "none"
    # Bob's side: the tree his optimal mix plays most often, with ITS path to the secret
    probability, likeliest = max(load_solution(12).searcher, key=lambda pair: pair[0])
    tree, path, title = drawn["tree"]
    assert tree == likeliest and path == path_to(likeliest, secret)
    assert (
        f"probability {float(probability):.3f}" in title and f"{len(path)} guesses to find {secret}" in title
    )
    assert "Bob's optimal play" in w.tree_caption.value and "not your guesses" in w.tree_caption.value
    assert f"you paid {len(w.game.guesses)}" in w.tree_caption.value
    # averaged over his mix, Bob pays the value for any secret Alice hides with positive probability
    assert "costs him 1461/470 guesses" in w.tree_caption.value


def test_alice_sees_bobs_tree_with_his_path_only():
    w = play_game(10, "alice", seed=2)
    w.number.value = 4
    w.go.click()
    assert w.pictures.layout.display == "" and w.path_picture.layout.display == "none"
    path = path_to(w.game.tree, 4)
    assert f"his path to 4: {len(path)} guesses" in w.tree_caption.value
    assert bytes(w.tree_picture.value).startswith(PNG)


def test_long_values_show_as_decimals_with_the_exact_value_on_demand():
    w = play_game(60, "bob", seed=3)
    value = load_solution(60).value
    assert str(value) == "19469426589/3834724061"
    assert str(value) not in w.status.value and f"V(60) ≈ {float(value):.6f}" in w.status.value
    assert (
        "<details>" in w.exact.value and str(value) in w.exact.value and "11 digits over 10" in w.exact.value
    )
    _bisect(w)
    assert str(value) not in w.status.value + w.tree_caption.value
    w.size.value = 10
    assert w.exact.value == "" and "V(10) = 35/12 = 2.9167" in w.status.value


def test_a_large_tree_stays_legible():
    """At N = 60 the picture keeps the PNG's own size: at 100 dpi, 10 pt labels are 14 px tall."""
    w = play_game(60, "bob", seed=3)
    _bisect(w)
    import io

    from PIL import Image

    for picture in (w.path_picture, w.tree_picture):
        width, _ = Image.open(io.BytesIO(bytes(picture.value))).size
        assert 300 < width <= 900, width  # no shrinking in a 900-pixel output area
        assert picture.layout.max_width == "100%"


def test_play_errors_are_shown():
    w = play_game(10, "bob")
    w.number.value = 42
    w.go.click()
    assert "between 1 and 10" in w.message.text
    assert w.game.guesses == []


def test_play_as_alice_draws_the_tree():
    w = play_game(10, "alice", seed=2)
    assert w.go.description == "Hide"
    w.number.value = 4
    w.go.click()
    assert w.game.finished and "pays you" in w.status.value
    assert bytes(w.tree_picture.value).startswith(PNG)


def test_switching_role_and_size():
    w = play_game(10, "bob")
    w.role.value = "alice"
    assert w.game.role == "alice" and w.go.description == "Hide"
    w.size.value = 5
    assert w.game.N == 5 and "1..5" in w.status.value


def test_dresher_stepper():
    w = dresher_stepper()
    assert "P0, P1, P8" in w.text.value and "P6 has the largest score" in w.text.value
    w.step.value = 4
    assert "optimal" in w.text.value and "value 4" in w.text.value
    assert bytes(w.picture.value).startswith(b"\x89PNG")


def test_solution_explorer():
    w = solution_explorer(12)
    assert "1461/470" in w.text.value and "certified" in w.text.value
    w.size.value = 4
    assert "<td" in w.text.value and ">2<" in w.text.value
    assert "Johnson 1: a1 = a2 + a3</td><td" in w.text.value and "- (for N &gt;= 5)" in w.text.value
    assert w.size.max == sweep_range()


def test_solution_explorer_never_shows_johnsons_second_pattern():
    """Lesson IV shows the explorer before the exercise on pattern 2: that row is not there."""
    w = solution_explorer(40)
    for N in (7, 14, 40, 70):
        w.size.value = N
        assert "Johnson 2" not in w.text.value and "Johnson 1" in w.text.value and "Johnson 3" in w.text.value


def test_solution_explorer_folds_long_fractions():
    """V(509) has 103 digits over 102: the table shows a decimal, the digits only when opened,
    wrapped; no label can be pushed into wrapping."""
    w = solution_explorer(509)
    value = load_solution(509).value
    assert str(value) in w.text.value
    folded = re.sub(r"<details>.*?</details>", "", w.text.value, flags=re.S)
    assert str(value.numerator) not in folded and not re.search(r"\d{15}", folded)
    assert "<summary>8.0278576978... (exact: 103 digits over 102)</summary>" in w.text.value
    assert "overflow-wrap:anywhere" in w.text.value and "white-space:nowrap" in w.text.value


def test_the_iterations_plot_marks_the_proved_guesses():
    from puzzles.higher_lower.plots import plot_iterations

    figure = plot_iterations({1: 3, 2: 40, 3: 12, 4: 50}, proved={3})
    ax = figure.axes[0]
    lp, dots = ax.lines[:2]
    assert list(dots.get_xdata()) == [3] and list(dots.get_ydata()) == [12]
    assert [x for x in lp.get_xdata() if x == x] == [1, 2, 4]  # NaN breaks the line at 3
    assert ax.get_legend() is not None
    assert plot_iterations({1: 3, 2: 40}).axes[0].get_legend() is None
