"""The game engines without a browser."""

from __future__ import annotations

import pytest

from puzzles.mastermind.heuristics import heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.play import Codebreaker, ComputerBreaker, parse_reply


def test_codebreaker_narrows_the_candidates():
    game = Codebreaker(secret="3456")
    assert "1296 codes" in game.status()
    reply = game.guess("1123")
    assert reply == (0, 1) and len(game.candidates) == 276
    assert "0 black, 1 white; 276 codes" in game.status()
    assert all(Game().feedback("1123", code) == (0, 1) for code in game.candidates)
    options = game.options(limit=5)
    assert len(options) == 5 and all(option.code in game.candidates for option in options)
    assert [row[2] for row in options] == sorted(row[2] for row in options)
    for code, cells, largest, text in options:  # the fast table agrees with one partition at a time
        sizes = game.preview(code).values()
        assert (cells, largest, text) == (
            len(sizes),
            max(sizes),
            "+".join(map(str, sorted(sizes, reverse=True))),
        )
    assert sum(game.preview("3456").values()) == 276
    while not game.solved:
        game.guess(game.candidates[0])
    assert game.status().startswith("Solved: 3456")
    with pytest.raises(ValueError, match="game is over"):
        game.guess("1111")


def test_codebreaker_seeded_secret_and_bad_guess():
    assert Codebreaker(seed=4).secret == Codebreaker(seed=4).secret
    with pytest.raises(ValueError, match="colours are numbered 1 to 6"):
        Codebreaker(seed=0).guess("1239")


@pytest.mark.parametrize("text, reply", [("1 2", (1, 2)), ("(0,4)", (0, 4)), ("4, 0", (4, 0))])
def test_parse_reply(text, reply):
    assert parse_reply(text, Game()) == reply


@pytest.mark.parametrize(
    "text, words",
    [("12", "two numbers"), ("1 x 2", "two numbers"), ("3 1", "impossible"), ("3 3", "at most 4")],
)
def test_parse_reply_refuses(text, words):
    with pytest.raises(ValueError, match=words):
        parse_reply(text, Game())


def test_computer_breaks_every_code_of_a_small_game():
    game = Game(3, 3)
    strategy = heuristic_strategy(game, "entropy")
    for secret in game.codes:
        engine = ComputerBreaker(strategy, secret)
        while not engine.solved:
            engine.answer_for_me()
        assert engine.history[-1][0] == secret
        assert len(engine.history) == strategy.guesses_needed(secret)


def test_computer_breaker_refuses_impossible_replies():
    engine = ComputerBreaker(heuristic_strategy(Game(), "worst-case"))
    assert engine.guess == "1122"
    engine.answer("1 0")
    assert engine.guess == "1344"
    with pytest.raises(ValueError, match="no code gives 0 black, 4 white to 1344 and your earlier"):
        engine.answer("0 4")  # 4 whites would need all of 1, 3, 4, 4 in the secret, but 1122 scored 1 0
    with pytest.raises(ValueError, match="type your secret"):
        engine.answer_for_me()
    liar = ComputerBreaker(heuristic_strategy(Game(), "worst-case"), "1122")
    with pytest.raises(ValueError, match="scores 4 black, 0 white"):
        liar.answer("0 0")


# -- the branch-and-bound stepper ------------------------------------------------------------------


def _brute_total(game: Game, codes: tuple[str, ...]) -> int:
    """T(codes) by the bare recursion over every guess, from the feedback of single pairs."""
    from functools import cache

    @cache
    def best(cell: tuple[str, ...]) -> int:
        if len(cell) == 1:
            return 1
        totals = []
        for guess in game.codes:
            parts: dict[tuple[int, int], list[str]] = {}
            for code in cell:
                parts.setdefault(game.feedback(guess, code), []).append(code)
            if len(parts) == 1 and game.hit not in parts:
                continue
            totals.append(len(cell) + sum(best(tuple(p)) for r, p in parts.items() if r != game.hit))
        return min(totals)

    return best(tuple(codes))


def _places_bound(size: int, branches: int) -> int:
    total, depth, places = 0, 1, 1
    while size:
        take = min(size, places)
        total, size, depth, places = total + take * depth, size - take, depth + 1, places * branches
    return total


@pytest.mark.parametrize("pegs, colours", [(3, 3), (4, 2), (2, 4)])
def test_search_stepper_steps_agree_with_brute_force(pegs, colours):
    from puzzles.mastermind.play import SearchStepper

    stepper = SearchStepper(pegs, colours)
    game = stepper.game
    branches = pegs * (pegs + 3) // 2 - 1
    kinds = [step.kind for step in stepper.steps]
    assert kinds[-1] == "done" and kinds.count("try") == kinds.count("result")
    for step in stepper.steps:
        # the candidates are the codes consistent with the path
        expected = [c for c in game.codes if all(game.feedback(g, c) == r for g, r in step["path"])]
        assert list(step["codes"]) == expected
        if step.kind in ("try", "result", "prune"):
            cells = {}
            for code in step["codes"]:
                cells.setdefault(game.feedback(step["guess"], code), []).append(code)
            assert {c["reply"]: list(c["codes"]) for c in step["cells"]} == cells
            lower = sum(_places_bound(len(v), branches) for r, v in cells.items() if r != game.hit)
            assert step["bound"] == len(step["codes"]) + lower
            bounds = [b for _, b in step["queue"]]
            assert bounds == sorted(bounds) and step["guess"] in dict(step["queue"])
        if step.kind == "result" and (step["best"] is None or step["total"] < step["best"]):
            # a new best is the exact cost of that guess
            cost = len(step["codes"]) + sum(
                _brute_total(game, c["codes"]) for c in step["cells"] if not c["win"]
            )
            assert step["total"] == cost
        if step.kind == "prune":
            assert step["bound"] >= (step["best"] if step["best"] is not None else step["budget"])
        if step.kind == "shortcut":
            assert _brute_total(game, step["codes"]) == 2 * len(step["codes"]) - (
                "candidate" in step["outcome"]
            )
    done = stepper.steps[-1]
    assert done["total"] == _brute_total(game, game.codes)


def test_search_stepper_moves_and_explains():
    from puzzles.mastermind.play import SearchStepper

    stepper = SearchStepper()
    assert stepper.game == Game(3, 3) and stepper.at_start and len(stepper.steps) == 11
    assert (
        "Try 112" in stepper.explanation()
        and "27 + (1 + 7 + 5 + 11 + 7 + 3 + 11) = 72" in stepper.explanation()
    )
    with pytest.raises(ValueError, match="first step"):
        stepper.back()
    stepper.next()
    assert stepper.where() == "After 112 scored 2 black, 0 white: 6 codes left."
    stepper.next()
    assert "best total so far on these 6 codes" in stepper.explanation()
    stepper.next()
    assert stepper.step.kind == "prune"
    explanation = stepper.explanation()
    assert "Pruned: the bound of 132" in explanation and "15 classes of guesses after it" in explanation
    rows, current = stepper.queue_rows()
    assert rows[current][0] == "132" and rows[current + 1][2] == "never tried"
    while not stepper.at_end:
        stepper.next()
    assert "T(all 27 codes) = 73" in stepper.explanation()
    with pytest.raises(ValueError, match="search is over"):
        stepper.next()
    assert stepper.reset() is stepper.steps[0]


def test_search_stepper_shows_abandoned_guesses_and_budgets():
    from puzzles.mastermind.play import SearchStepper

    stepper = SearchStepper(4, 2)
    abandoned = [
        s for s in stepper.steps if s.kind == "result" and s["best"] is not None and s["total"] >= s["best"]
    ]
    assert [s["guess"] for s in abandoned] == ["1122", "1111"]
    stepper.position = stepper.steps.index(abandoned[0])
    assert "1122 is abandoned" in stepper.explanation() and "≥8" in stepper.explanation()
    assert any("over its budget 8" in row[3] for row in stepper.cell_rows())
    over = [s for s in stepper.steps if s.kind == "over budget"]
    assert [(len(s["codes"]), s["budget"]) for s in over] == [(4, 8), (6, 13)]


@pytest.mark.parametrize("pegs, colours", [(4, 6), (3, 5), (0, 3), ("3", 3)])
def test_search_stepper_refuses_large_games(pegs, colours):
    from puzzles.mastermind.play import SearchStepper

    with pytest.raises(ValueError, match="offered for the games"):
        SearchStepper(pegs, colours)
