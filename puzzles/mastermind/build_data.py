"""``python -m puzzles.mastermind.build_data``: the shipped results of the exhaustive search.

Writes, under ``puzzles/mastermind/data/``:

* ``optimal_4x6.json``: a strategy minimising the total number of guesses (5625);
* ``optimal_4x6_cap5.json``: the same objective with at most five guesses per secret (5626);
* ``small_games.json``: for pegs 2..4 and colours 2..6, the optimal total, the worst case of
  the optimal strategy found, the least possible worst case and the optimal total under it;
  and for 4x6 the optimal total after each of the five first-guess classes.

Each file takes seconds to a minute on two cores; the notebooks load them and verify the
strategies by playing every secret, and the tests recompute spot checks.
"""

from __future__ import annotations

import argparse
import json
import time
from numbers import Integral
from pathlib import Path

from puzzles.course.manifest import DataFault, record, verified
from puzzles.course.validate import shown
from puzzles.mastermind.model import Game
from puzzles.mastermind.search import INFEASIBLE, OptimalSearch
from puzzles.mastermind.strategy import Strategy, evaluate

__all__ = ["DATA", "build", "first_guess_classes", "load_optimal", "load_small_games", "small_game_row"]

DATA = Path(__file__).resolve().parent / "data"
OPTIMAL_FILES = {None: "optimal_4x6.json", 5: "optimal_4x6_cap5.json"}
SMALL_GAMES = [(pegs, colours) for pegs in (2, 3, 4) for colours in range(2, 7)]


def first_guess_classes(game: Game) -> list[str]:
    """One code per colour pattern (1111, 1112, 1122, 1123, 1234 for 4x6): first guesses up to symmetry."""

    def patterns(left: int, largest: int) -> list[list[int]]:
        if left == 0:
            return [[]]
        return [
            [part, *rest] for part in range(min(left, largest), 0, -1) for rest in patterns(left - part, part)
        ]

    codes = []
    for pattern in patterns(game.pegs, game.pegs):
        if len(pattern) <= game.colours:
            codes.append("".join(str(colour + 1) * count for colour, count in enumerate(pattern)))
    return sorted(codes)


def small_game_row(pegs: int, colours: int) -> dict[str, int]:
    """Optimal total, its strategy's worst case, the least worst case and the optimal total under it."""
    game = Game(pegs, colours)
    free = OptimalSearch(game)
    strategy = free.strategy()
    result = evaluate(game, strategy)
    cap = 1
    while (capped := OptimalSearch(game, cap).value()) >= INFEASIBLE:
        cap += 1
    return {
        "pegs": pegs,
        "colours": colours,
        "codes": game.size,
        "optimal total": result.total,
        "worst case of that strategy": result.worst,
        "least worst case": cap,
        "optimal total within it": capped,
    }


def build(out: Path = DATA, verbose: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    game = Game(4, 6)
    for cap, name in OPTIMAL_FILES.items():
        start = time.perf_counter()
        strategy = OptimalSearch(game, cap).strategy()
        strategy.info.pop("search", None)  # the counters depend on the order of work, not on the result
        strategy.save(out / name)
        record(out / name)
        if verbose:
            print(f"{name}: total {strategy.info['total']} ({time.perf_counter() - start:.1f} s)", flush=True)
    rows = []
    for pegs, colours in SMALL_GAMES:
        rows.append(small_game_row(pegs, colours))
        if verbose:
            print(rows[-1], flush=True)
    search = OptimalSearch(game)
    first = {code: search.guess_value(code) for code in first_guess_classes(game)}
    if verbose:
        print("first guesses:", first, flush=True)
    (out / "small_games.json").write_text(
        json.dumps({"games": rows, "first guess totals 4x6": first}, indent=1, sort_keys=True) + "\n"
    )
    record(out / "small_games.json")


REBUILD = "python -m puzzles.mastermind.build_data"


def _read_json(path: Path) -> object:
    verified(path, REBUILD)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, OSError) as error:
        raise DataFault(
            f"the data file {path} cannot be read ({error}); rebuild it with `{REBUILD}`"
        ) from None


def load_optimal(max_guesses: int | None = None) -> Strategy:
    """The shipped optimal 4x6 strategy (``max_guesses`` None or 5)."""
    if max_guesses is not None and not isinstance(max_guesses, bool) and isinstance(max_guesses, Integral):
        max_guesses = int(max_guesses)
    if not (max_guesses is None or (type(max_guesses) is int and max_guesses in OPTIMAL_FILES)):
        raise ValueError(
            f"shipped optimal strategies exist for no cap (None) and for the cap 5, not {shown(max_guesses)}"
        )
    path = DATA / OPTIMAL_FILES[max_guesses]
    data = _read_json(path)
    try:
        strategy = Strategy.from_json(data)
        result = evaluate(strategy.game, strategy)  # plays every secret: a missing branch fails here
    except (ValueError, KeyError, TypeError) as error:
        raise DataFault(
            f"the data file {path} does not hold a strategy that reveals every secret ({error}); "
            f"rebuild it with `{REBUILD}`"
        ) from None
    claimed = strategy.info.get("total")
    if strategy.game != Game(4, 6) or result.total != claimed or (max_guesses and result.worst > max_guesses):
        raise DataFault(
            f"the data file {path} does not hold what it claims (a 4x6 strategy of total {claimed!r}"
            f"{f', at most {max_guesses} guesses' if max_guesses else ''}: playing it gives {result.total} "
            f"on {strategy.game!r}, worst case {result.worst}); rebuild it with `{REBUILD}`"
        )
    return strategy


ROW_KEYS = (
    "pegs",
    "colours",
    "codes",
    "optimal total",
    "worst case of that strategy",
    "least worst case",
    "optimal total within it",
)
RECHECKED_GAMES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]  # searched again on loading: 10 ms


def _small_games_fault(data: object) -> str | None:
    """Why the small-games table is not what it claims, or None."""
    if not isinstance(data, dict) or not isinstance(data.get("games"), list):
        return "it holds no list of games"
    rows = {}
    for row in data["games"]:
        if not isinstance(row, dict) or set(row) != set(ROW_KEYS):
            return f"a row is not {{{', '.join(ROW_KEYS)}}}: {shown(row)}"
        if any(isinstance(row[key], bool) or not isinstance(row[key], int) for key in ROW_KEYS):
            return f"a row holds something other than whole numbers: {shown(row)}"
        rows[row["pegs"], row["colours"]] = row
    if sorted(rows) != sorted(SMALL_GAMES) or len(data["games"]) != len(SMALL_GAMES):
        return f"it does not hold one row for each of the games {SMALL_GAMES}"
    for (pegs, colours), row in rows.items():
        if row["codes"] != colours**pegs or not (
            row["codes"] <= row["optimal total"] <= row["optimal total within it"]
            and row["least worst case"] <= row["worst case of that strategy"]
        ):
            return f"the row of {pegs} pegs and {colours} colours contradicts itself: {shown(row)}"
    for pegs, colours in RECHECKED_GAMES:
        searched = OptimalSearch(Game(pegs, colours)).value()
        if rows[pegs, colours]["optimal total"] != searched:
            return f"its optimal total for {pegs}x{colours} is not {searched}, found again now"
    first = data.get("first guess totals 4x6")
    classes = first_guess_classes(Game(4, 6))
    if not isinstance(first, dict) or sorted(first) != classes:
        return f"its first-guess totals for 4x6 are not one for each of {', '.join(classes)}"
    if min(first.values()) != rows[4, 6]["optimal total"]:
        return "the best of its first-guess totals for 4x6 differs from its optimal total for 4x6"
    return None


def load_small_games() -> dict:
    """The shipped table of small games and the 4x6 first-guess totals, checked for what they
    claim: one row per small game, consistent, the smallest games' totals searched again."""
    path = DATA / "small_games.json"
    data = _read_json(path)
    why = _small_games_fault(data)
    if why is not None:
        raise DataFault(f"the data file {path} is damaged: {why}; rebuild it with `{REBUILD}`")
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build the Mastermind unit's shipped search results.")
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write to")
    args = parser.parse_args(argv)
    build(args.out)


if __name__ == "__main__":
    main()
