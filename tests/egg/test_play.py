"""The game engine: every rule, the adversary's guarantee, Laplace's physical nature."""

from __future__ import annotations

import copy
import random
import re

import pytest

from puzzles.egg.model import nature_response, worst_case_drops, worst_case_trials
from puzzles.egg.play import Drop, EggGame, FloorState


def remaining(game: EggGame) -> float:
    """W(eggs_left, high - low), infinite when no egg is left for a non-empty interval."""
    if game.size == 0:
        return 0
    if game.eggs_left == 0:
        return float("inf")
    return worst_case_trials(game.eggs_left, game.size)


def play_hints(game: EggGame, rng: random.Random) -> EggGame:
    while not game.finished:
        game.drop(rng.choice(game.hint()))
    return game


# ---------------------------------------------------------------------------
# the adversary (Lemma 19)


@pytest.mark.parametrize("eggs", [1, 2, 3])
def test_optimal_play_against_the_adversary_takes_exactly_w_trials(eggs):
    for storeys in range(26):
        for seed in range(4):
            game = play_hints(EggGame(eggs, storeys, seed=seed), random.Random(seed))
            assert game.solved
            assert game.trials == worst_case_trials(eggs, storeys) == game.optimal
            assert game.critical == game.low == game.high
            assert game.status().endswith("so you played optimally.")


def test_the_hint_is_x_shifted_to_absolute_floors():
    game = EggGame(2, 30, seed=1)
    rng = random.Random(5)
    while not game.finished:
        relative = worst_case_drops(game.eggs_left, game.size)
        assert game.hint() == range(game.low + relative.start, game.low + relative.stop)
        game.drop(rng.choice(game.hint()))
    assert len(game.hint()) == 0


def _all_paths(game: EggGame, target: int, visited: list[int]) -> None:
    """Every sequence of legal drops: every deterministic policy follows one of them."""
    assert game.trials + remaining(game) >= target  # the adversary never lets the bound slip
    if game.finished:
        visited[0] += 1
        assert not game.solved or game.trials >= target
        return
    for height in range(game.low + 1, game.high + 1):
        child = copy.deepcopy(game)
        child.drop(height)
        _all_paths(child, target, visited)


@pytest.mark.parametrize("eggs", [1, 2, 3])
def test_the_adversary_forces_w_trials_against_every_policy_on_small_buildings(eggs):
    for storeys in range(10):
        for seed in range(2):
            visited = [0]
            _all_paths(EggGame(eggs, storeys, seed=seed), worst_case_trials(eggs, storeys), visited)
            assert visited[0] >= 1


def test_the_adversary_forces_w_trials_against_random_policies():
    rng = random.Random(2024)
    for _ in range(400):
        eggs, storeys = rng.randint(1, 4), rng.randint(0, 80)
        game = EggGame(eggs, storeys, seed=rng.randrange(1000))
        target = game.optimal
        while not game.finished:
            game.drop(rng.randint(game.low + 1, game.high))
            assert game.trials + remaining(game) >= target
        if game.solved:
            assert game.trials >= target
        else:
            assert game.eggs_left == 0 and game.low < game.high


def test_a_linear_scan_with_two_eggs_takes_all_h_trials():
    for storeys in range(1, 40):
        game = EggGame(2, storeys, seed=3)
        while not game.finished:
            game.drop(game.low + 1)
        assert game.solved and game.trials == storeys >= game.optimal


def test_one_egg_dropped_above_the_lowest_floor_breaks_and_leaves_c_unknown():
    game = EggGame(1, 10)
    assert game.drop(5) == "break"
    assert game.finished and not game.solved and game.critical is None
    assert (game.low, game.high, game.eggs_left) == (0, 4, 0)
    assert game.status() == "Out of eggs: C could still be any of 0..4."


def test_ties_are_broken_by_the_seed_and_reproducibly():
    assert nature_response(2, 3, 2) == "either"
    outcomes = {EggGame(2, 3, seed=seed).drop(2) for seed in range(30)}
    assert outcomes == {"break", "survive"}
    for seed in range(10):
        first = play_hints(EggGame(3, 40, seed=seed), random.Random(0)).history
        second = play_hints(EggGame(3, 40, seed=seed), random.Random(0)).history
        assert first == second


def test_the_adversary_follows_lemma_19():
    game = EggGame(3, 50, seed=0)
    rng = random.Random(9)
    while not game.finished:
        height = rng.randint(game.low + 1, game.high)
        reply = nature_response(game.eggs_left, game.size, height - game.low)
        outcome = game.drop(height)
        assert reply in (outcome, "either")


# ---------------------------------------------------------------------------
# Laplace's nature


def test_laplace_nature_reveals_the_c_it_drew():
    for seed in range(30):
        game = EggGame(6, 20, nature="laplace", seed=seed)
        assert game.drawn is None
        while not game.finished:  # bisection: 6 eggs are plenty for 20 floors
            game.drop((game.low + game.high + 1) // 2)
        assert game.solved and game.critical == game.drawn
        assert all((drop.outcome == "break") == (drop.height > game.drawn) for drop in game.history)


def test_laplace_draws_every_c_and_repeats_with_the_seed():
    drawn = set()
    for seed in range(200):
        game = play_hints(EggGame(2, 6, nature="laplace", seed=seed), random.Random(seed))
        again = play_hints(EggGame(2, 6, nature="laplace", seed=seed), random.Random(seed))
        assert game.history == again.history
        assert game.trials <= game.optimal  # hints guarantee W(2, 6) whatever C is
        drawn.add(game.critical)
    assert drawn == set(range(7))


def test_laplace_out_of_eggs_reveals_c():
    game = EggGame(1, 10, nature="laplace", seed=0)
    c = game._secret
    assert c is not None and c < 10
    game.drop(10)
    assert game.finished and not game.solved
    assert game.drawn == c
    assert game.status() == f"Out of eggs: C could still be any of 0..9. (Mother Nature had drawn C = {c}.)"


def test_laplace_can_beat_the_worst_case():
    seed = next(seed for seed in range(1000) if EggGame(2, 11, nature="laplace", seed=seed)._secret == 0)
    game = EggGame(2, 11, nature="laplace", seed=seed)
    assert game.drop(1) == "break"
    assert game.solved and game.critical == game.drawn == 0 and game.trials == 1
    assert game.status() == (
        f"Solved: C = 0 in 1 trial; W(2, 11) = {game.optimal}, so you did better than the worst case: "
        "Mother Nature was not playing against you."
    )


# ---------------------------------------------------------------------------
# state, reports and errors


def test_state_floor_states_and_history():
    game = EggGame(3, 10, seed=0)
    assert game.optimal == worst_case_trials(3, 10)
    assert [s.label for s in game.floor_states()] == ["untested"] * 10
    # drive a known path: drops at 1 (x = 1 survives unless a tie) and then at the top floor
    assert game.drop(1) == nature_response(3, 10, 1) == "survive"
    top = game.drop(10)
    assert top == nature_response(3, 9, 9) == "break"
    assert game.history == [Drop(1, "survive", 1), Drop(10, "break", 1)]
    assert game.current_egg == 2 and game.eggs_left == 2
    states = game.floor_states()
    assert [s.floor for s in states] == list(range(1, 11))
    assert states[0] == FloorState(1, "safe", ((1, "survive"),))
    assert states[9] == FloorState(10, "breaks", ((1, "break"),))
    assert all(s.label == "untested" and s.drops == () for s in states[1:9])
    assert game.status() == "C is between 1 and 9; 2 eggs left; 2 trials so far."
    assert game.drop(2) == "survive"
    assert game.history[-1] == Drop(2, "survive", 2)


def test_singular_words_in_the_status():
    game = EggGame(1, 3)
    game.drop(1)
    assert game.status() == "C is between 1 and 3; 1 egg left; 1 trial so far."


def test_suboptimal_play_is_reported():
    game = EggGame(2, 11, seed=0)
    while not game.finished:
        game.drop(game.low + 1)
    extra = game.trials - game.optimal
    assert extra == 11 - worst_case_trials(2, 11) > 0
    assert game.status() == (
        f"Solved: C = {game.critical} in 11 trials; W(2, 11) = {game.optimal}, "
        f"so you used {extra} trials more than the optimum."
    )


def test_an_empty_building_is_solved_at_once():
    game = EggGame(2, 0)
    assert game.solved and game.finished and game.critical == 0 and game.optimal == 0
    assert game.floor_states() == []
    assert len(game.hint()) == 0
    with pytest.raises(ValueError, match="the game is over: C = 0 is settled"):
        game.drop(1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0, 10), "at least one egg, got 0"),
        ((-1, 10), "at least one egg, got -1"),
        ((2, -1), "storeys H cannot be negative, got -1"),
        ((2.0, 10), "number of eggs must be a whole number"),
        ((2, "10"), "storeys H must be a whole number"),
    ],
)
def test_bad_games_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        EggGame(*arguments)


def test_unknown_nature_is_refused():
    with pytest.raises(ValueError, match="'adversary' .* or 'laplace'"):
        EggGame(2, 10, nature="kind")


def test_drops_outside_the_interval_are_refused():
    game = EggGame(2, 10, seed=0)
    game.drop(1)  # survives (x = 1 with 2 eggs and k = 10)
    game.drop(10)  # breaks (Lemma 19)
    assert (game.low, game.high) == (1, 9)
    with pytest.raises(
        ValueError,
        match=r"floor 1 is already settled \(an egg survives there\): the untested floors are 2..9",
    ):
        game.drop(1)
    with pytest.raises(
        ValueError, match=r"floor 10 is already settled \(an egg breaks there\): the untested floors are 2..9"
    ):
        game.drop(10)
    with pytest.raises(ValueError, match="floor 11 is not in the building"):
        game.drop(11)
    with pytest.raises(ValueError, match="floor 0 is not in the building"):
        game.drop(0)
    for bad in (2.5, True, "3", None):
        with pytest.raises(ValueError, match="the floor must be a whole number"):
            game.drop(bad)
    assert game.trials == 2 and len(game.history) == 2


def test_no_drop_after_the_end():
    game = play_hints(EggGame(2, 11), random.Random(0))
    with pytest.raises(ValueError, match="the game is over"):
        game.drop(game.low if game.low >= 1 else 1)
    broke = EggGame(1, 5)
    broke.drop(3)
    with pytest.raises(ValueError, match="no eggs left"):
        broke.drop(1)


def test_typed_number_hands_the_game_what_was_typed():
    from puzzles.egg.play import typed_number

    assert [typed_number(t) for t in ("12", " +3 ", "-1", "0")] == [12, 3, -1, 0]
    assert typed_number("5.5") == 5.5 and isinstance(typed_number("5.5"), float)
    for text in ("five", "", "--1", "1" * 19, "x" * 100, "1e3", "١٢", "６", " 12.0x"):
        assert typed_number(text) == text.strip()  # the sentence quotes what was typed, not 12.0
    game = EggGame(2, 11)
    for text, sentence in [
        ("5.5", "the floor must be a whole number, got 5.5"),
        ("6.0", "the floor must be a whole number, got 6.0"),
        ("١٢", "the floor must be a whole number, got '١٢'"),
        ("６", "the floor must be a whole number, got '６'"),
        ("1e1", "the floor must be a whole number, got '1e1'"),
        ("1" * 19, "the floor must be a whole number, got '1111111111111111111'"),
        ("0", "floor 0 is not in the building"),
    ]:
        with pytest.raises(ValueError, match=re.escape(sentence)):
            game.drop(typed_number(text))
    assert game.trials == 0
