"""Strategy trees: play, evaluate, save and load, drawing; the shipped data spot-checked."""

from __future__ import annotations

import json

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from puzzles.mastermind.build_data import first_guess_classes, load_optimal, load_small_games, small_game_row  # noqa: E402
from puzzles.mastermind.heuristics import heuristic_strategy  # noqa: E402
from puzzles.mastermind.model import Game  # noqa: E402
from puzzles.mastermind.plots import plot_distributions, plot_partition, plot_strategy  # noqa: E402
from puzzles.mastermind.search import OptimalSearch  # noqa: E402
from puzzles.mastermind.strategy import Node, Strategy, evaluate  # noqa: E402


def test_play_and_evaluate_agree():
    game = Game(3, 4)
    strategy = heuristic_strategy(game, "worst-case")
    result = evaluate(game, strategy)
    needed = [strategy.guesses_needed(code) for code in game.codes]
    assert sum(needed) == result.total and max(needed) == result.worst
    assert all(strategy.play(code)[-1] == (code, (3, 0)) for code in game.codes)
    assert result.average == pytest.approx(result.total / 64)


def test_save_and_load_round_trip(tmp_path):
    game = Game()
    strategy = heuristic_strategy(game, "most-parts")
    strategy.save(tmp_path / "s.json")
    loaded = Strategy.load(tmp_path / "s.json")
    assert loaded.root == strategy.root and loaded.game == game
    assert evaluate(game, loaded).total == 5668


def test_incomplete_or_bad_trees_are_refused(tmp_path):
    game = Game(2, 3)
    with pytest.raises(ValueError, match="no guess after"):
        evaluate(game, Strategy(game, Node("11")))
    bad = {"pegs": 2, "colours": 3, "tree": ["11", {"1,1": ["12", {}]}]}
    with pytest.raises(ValueError, match="impossible"):
        Strategy.from_json(bad)
    (tmp_path / "x.json").write_text(json.dumps({"pegs": 2}))
    with pytest.raises(ValueError, match="holds"):
        Strategy.load(tmp_path / "x.json")


def test_shipped_optimal_strategies_reach_the_literature_values():
    game = Game()
    free, capped = load_optimal(), load_optimal(5)
    assert evaluate(game, free).total == 5625 and evaluate(game, free).worst == 6
    assert evaluate(game, capped).total == 5626 and evaluate(game, capped).worst == 5
    assert free.first_guess == "1123"
    assert "1123" in free.outline(1) and "(0, 0) ->" in free.outline(2)


def test_shipped_small_games_spot_checked_against_a_fresh_search():
    data = load_small_games()
    rows = {(row["pegs"], row["colours"]): row for row in data["games"]}
    assert len(rows) == 15
    for key in [(2, 4), (3, 3), (4, 3), (3, 5)]:
        assert small_game_row(*key) == rows[key]
    assert rows[(4, 6)]["optimal total"] == 5625 and rows[(4, 6)]["optimal total within it"] == 5626
    totals = data["first guess totals 4x6"]
    assert sorted(totals) == first_guess_classes(Game()) == ["1111", "1112", "1122", "1123", "1234"]
    search = OptimalSearch(Game())
    for code in ("1123", "1234"):
        assert search.guess_value(code) == totals[code]


def test_plots_build():
    game = Game()
    strategy = load_optimal()
    assert plot_strategy(strategy, depth=3).axes
    assert plot_distributions({"optimal": evaluate(game, strategy)}).axes
    assert plot_partition(game.partition_sizes("1123")).axes
    with pytest.raises(ValueError):
        plot_distributions({})


def test_determined_counts_equal_the_consistent_codes_after_each_guess():
    """Reveal versus determine: a second count by replaying every secret with ``game.consistent``."""
    from puzzles.mastermind.reference import evaluate_determined

    for pegs, colours in [(1, 1), (2, 2), (3, 3), (2, 4)]:
        game = Game(pegs, colours)
        for strategy in (heuristic_strategy(game, "worst-case"), OptimalSearch(game).strategy()):
            needed = []
            for secret in game.codes:
                history = []
                while len(game.consistent(history)) > 1:
                    guess = strategy.next_guess([reply for _, reply in history])
                    history.append((guess, game.feedback(guess, secret)))
                needed.append(len(history))
            result = evaluate_determined(game, strategy)
            assert result.total == sum(needed) and result.worst == max(needed)
            assert result.total <= evaluate(game, strategy).total - (game.size > 1)
    game = Game(2, 2)
    assert evaluate_determined(game, OptimalSearch(game).strategy()).total == 6  # lesson 2's example
