"""Mastermind II's shipped sample of forced first guesses (puzzles/mastermind/data/first_guess_sample.json).

The lesson loads the 80 totals instead of playing them; these tests play a row of every colour
pattern again, compare the heuristics' own first guesses with the literature, and damage a copy
of the table to see it refused.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter

import pytest

from puzzles.course.manifest import DataFault, record
from puzzles.mastermind import first_guesses
from puzzles.mastermind.heuristics import HEURISTICS, heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.strategy import evaluate

# Knuth (1976) and Kooi (2005): each heuristic after its own first guess (tests/mastermind/test_heuristics.py)
LITERATURE = {
    "worst-case": ("1122", 5801),
    "expected-size": ("1123", 5696),
    "entropy": ("1234", 5722),
    "most-parts": ("1123", 5668),
}


@pytest.fixture(scope="module")
def shipped():
    return first_guesses.load_first_guess_sample()


def test_the_sample_is_four_codes_of_each_colour_pattern_drawn_with_seed_0(shipped):
    game = Game(4, 6)
    assert list(shipped["sample"]) == ["1111", "1112", "1122", "1123", "1234"]
    rng = random.Random(0)
    for lowest, codes in shipped["sample"].items():
        same = [c for c in game.codes if sorted(Counter(c).values()) == sorted(Counter(lowest).values())]
        assert codes[:2] == [same[0], same[-1]] and codes[0] == lowest
        assert codes[2:] == rng.sample(same[1:-1], 2)
    assert len(shipped["rows"]) == 20


def test_the_heuristics_own_first_guesses_give_the_literature_totals(shipped):
    rows = {row["first guess"]: row for row in shipped["rows"]}
    for heuristic, (first, total) in LITERATURE.items():
        assert heuristic_strategy(Game(4, 6), heuristic).first_guess == first
        assert rows[first][heuristic] == total


# codes that are neither a heuristic's own first guess nor played in the lesson: a drawn code
# of 1111 and of 1122, and the highest code of 1234
SPOT_CHECKS = ["3333", "5445", "6543"]


@pytest.mark.parametrize("first", SPOT_CHECKS)
def test_a_shipped_row_is_what_playing_the_strategies_gives(shipped, first):
    game = Game(4, 6)
    (row,) = [row for row in shipped["rows"] if row["first guess"] == first]
    for heuristic in HEURISTICS:
        strategy = heuristic_strategy(game, heuristic, first)
        assert strategy.first_guess == first
        assert evaluate(game, strategy).total == row[heuristic], (first, heuristic)


@pytest.fixture
def copy(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    shutil.copytree(first_guesses.DATA, folder)
    monkeypatch.setattr(first_guesses, "DATA", folder)
    return folder / first_guesses.SAMPLE_FILE


def test_a_damaged_table_names_itself_and_its_command(copy):
    copy.write_text(copy.read_text().replace('"worst-case": 5801', '"worst-case": 5800'))
    with pytest.raises(
        DataFault, match=r"first_guess_sample\.json.*python -m puzzles\.mastermind\.first_guesses"
    ):
        first_guesses.load_first_guess_sample()


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["sample"]["1234"].reverse(),
        lambda d: d["rows"].pop(),
        lambda d: d["rows"][3].update({"entropy": 12}),
        lambda d: d["rows"][3].update({"entropy": 5824.0}),
        lambda d: d.update({"seed": 1}),
        lambda d: d["heuristics"].reverse(),
    ],
    ids=["sample", "row missing", "impossible total", "float total", "seed", "heuristics"],
)
def test_a_rehashed_table_is_checked_for_what_it_claims(copy, edit):
    data = json.loads(copy.read_text())
    edit(data)
    copy.write_text(json.dumps(data))
    record(copy)
    with pytest.raises(DataFault, match=r"first_guess_sample\.json is damaged"):
        first_guesses.load_first_guess_sample()
