"""``python -m puzzles.mastermind.first_guesses``: the heuristics after a forced first guess.

Mastermind II, section 4, keeps a heuristic and forces the first guess: for each colour pattern
of the classic game (``1111``, ``1112``, ``1122``, ``1123``, ``1234``) its lowest code, its
highest code and two more drawn at random (``random.Random(0)``), 20 codes, each played by the
four heuristics over all 1296 secrets: 80 strategy trees, about 20 seconds of one core. That is
too long for a lesson cell, so this command computes the totals once and writes them to
``puzzles/mastermind/data/first_guess_sample.json`` (entered in the folder's manifest); the
lesson draws the sample itself, loads the totals with :func:`load_first_guess_sample` and
plays two of them again, and ``tests/mastermind/test_first_guesses.py`` plays more.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

from puzzles.course.manifest import DataFault, record, verified
from puzzles.course.validate import shown
from puzzles.mastermind.build_data import DATA, first_guess_classes
from puzzles.mastermind.heuristics import HEURISTICS, heuristic_strategy
from puzzles.mastermind.model import Game
from puzzles.mastermind.strategy import evaluate

__all__ = [
    "SAMPLE_FILE",
    "SEED",
    "build",
    "colour_pattern",
    "first_guess_sample",
    "load_first_guess_sample",
    "sample_row",
]

SAMPLE_FILE = "first_guess_sample.json"
SEED = 0
REBUILD = "python -m puzzles.mastermind.first_guesses"
GAME = Game(4, 6)


def colour_pattern(code: str) -> tuple[int, ...]:
    """How often each colour occurs, largest first: 1123 and 4354 both give (2, 1, 1)."""
    return tuple(sorted(Counter(code).values(), reverse=True))


def first_guess_sample(game: Game = GAME, seed: int = SEED) -> dict[str, list[str]]:
    """For each colour pattern (named by its lowest code): the lowest code, the highest, and two
    drawn at random from the others, in that order (the lesson's sample, drawn the same way)."""
    rng = random.Random(seed)
    sample = {}
    for lowest in first_guess_classes(game):
        codes = [code for code in game.codes if colour_pattern(code) == colour_pattern(lowest)]
        sample[lowest] = [codes[0], codes[-1], *rng.sample(codes[1:-1], 2)]
    return sample


def sample_row(pattern: str, first: str, game: Game = GAME) -> dict[str, str | int]:
    """The total number of guesses of each heuristic's strategy after the first guess ``first``."""
    row: dict[str, str | int] = {"pattern": pattern, "first guess": first}
    for heuristic in HEURISTICS:
        row[heuristic] = evaluate(game, heuristic_strategy(game, heuristic, first)).total
    return row


def build(out: Path = DATA, verbose: bool = True) -> Path:
    """Play every sampled first guess with every heuristic; write and record the table."""
    start = time.perf_counter()
    sample = first_guess_sample()
    rows = [sample_row(pattern, first) for pattern, codes in sample.items() for first in codes]
    data = {
        "game": {"pegs": GAME.pegs, "colours": GAME.colours},
        "seed": SEED,
        "heuristics": list(HEURISTICS),
        "sample": sample,
        "rows": rows,
    }
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / SAMPLE_FILE
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    record(path)
    if verbose:
        seconds = time.perf_counter() - start
        print(f"{path}: {len(rows)} first guesses x {len(HEURISTICS)} heuristics ({seconds:.1f} s)")
    return path


def _fault(data: object) -> str | None:
    """Why the table is not what it claims, or None (cheap: no strategy is played here)."""
    if not isinstance(data, dict) or set(data) != {"game", "seed", "heuristics", "sample", "rows"}:
        return "it is not a table of game, seed, heuristics, sample and rows"
    if data["game"] != {"pegs": GAME.pegs, "colours": GAME.colours} or data["seed"] != SEED:
        return f"it is for another game or seed: {shown(data['game'])}, seed {shown(data['seed'])}"
    if data["heuristics"] != list(HEURISTICS):
        return f"its heuristics are {shown(data['heuristics'])}, not {list(HEURISTICS)}"
    sample = first_guess_sample()
    if data["sample"] != sample:
        return "its sample is not the one drawn with random.Random(0)"
    expected = [(pattern, first) for pattern, codes in sample.items() for first in codes]
    rows = data["rows"]
    if (
        not isinstance(rows, list)
        or [(row.get("pattern"), row.get("first guess")) if isinstance(row, dict) else None for row in rows]
        != expected
    ):
        return "its rows are not one for each sampled first guess, in the sample's order"
    for row in rows:
        if set(row) != {"pattern", "first guess", *HEURISTICS}:
            return f"a row is not pattern, first guess and the four heuristics: {shown(row)}"
        for heuristic in HEURISTICS:
            total = row[heuristic]
            # every secret needs at least one guess and, after the first, at most 1296 more
            if type(total) is not int or not GAME.size <= total <= GAME.size * (GAME.size + 1):
                return f"a total is not a possible number of guesses: {shown(row)}"
    return None


def load_first_guess_sample() -> dict:
    """The shipped table: ``sample`` ({pattern: its four codes}) and ``rows`` (pattern, first
    guess and the total of each heuristic), checked against the manifest and for its shape."""
    path = DATA / SAMPLE_FILE
    verified(path, REBUILD)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, OSError) as error:
        raise DataFault(
            f"the data file {path} cannot be read ({error}); rebuild it with `{REBUILD}`"
        ) from None
    why = _fault(data)
    if why is not None:
        raise DataFault(f"the data file {path} is damaged: {why}; rebuild it with `{REBUILD}`")
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Play Mastermind II's sample of first guesses with the four heuristics (about 20 s)."
    )
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write to")
    args = parser.parse_args(argv)
    build(args.out)


if __name__ == "__main__":
    main()
