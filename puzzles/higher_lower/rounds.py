"""Round counts of the column generation, as lesson III (fig. 3.5) and the appendix (section D) show them.

``solve`` counts its LP re-solves in ``Solution.iterations``. With the exact LP engine
(``lp="exact"``, the default for N <= ``EXACT_LARGEST``) every step of a solve is fixed by the
data alone: the restricted LP is solved in integers with fixed tie-breaks, the pricing DP
works on Alice's exact duals rounded once to floats (elementwise operations, no BLAS), and
every comparison that decides whether a tree enters is exact. So these counts are the same
on every machine and under every BLAS, and they can be computed once and shipped:
``data/rounds.json``, written by ``python -m puzzles.higher_lower.rounds`` (a minute or two
on one core) and checked against fresh solves by the unit's tests (a sample of sizes, under
two OpenBLAS kernels). The lessons read the file and recompute a few sizes in front of the
reader.

* ``fig_3_5(N)``: the rounds of ``solve(N)`` priced at Alice's duals (``smoothing=0``) and
  priced at a blend with the guess (the certified optimal distribution for N - 1, grown by
  one key in the middle), both without extra points, from a cold start.
* ``smoothing_rows(N)``: the rounds and trees generated of a cold ``solve(N)`` with smoothing
  0, 0.5 and 0.95 (no extra points) and with the defaults (0.95 and extra points).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from puzzles.course.manifest import record, verified
from puzzles.course.validate import whole_number
from puzzles.higher_lower.data import DATA, load_records
from puzzles.higher_lower.solver import EXACT_LARGEST, solve
from puzzles.higher_lower.sweep import warm_start

__all__ = ["FIG_3_5_SIZES", "SMOOTHING_SIZES", "fig_3_5", "smoothing_rows", "load_rounds", "compute"]

FIG_3_5_SIZES = range(2, 65)
SMOOTHING_SIZES = (64, 100)
SETTINGS = (("0", 0.0, ()), ("0.5", 0.5, ()), ("0.95", 0.95, ()), ("0.95 + extra points", 0.95, (0.0,)))
ROUNDS = "rounds.json"
REBUILD = "python -m puzzles.higher_lower.rounds"


def _size(N: object) -> int:
    N = whole_number(N, "N", least=2)
    if N > EXACT_LARGEST:
        raise ValueError(
            f"round counts are fixed by the data alone only with the exact LP engine, which serves "
            f"N up to {EXACT_LARGEST}; got N = {N}"
        )
    return N


def fig_3_5(N: int) -> tuple[int, int]:
    """(rounds priced at Alice's duals, rounds priced at a blend with the grown guess) of a cold
    ``solve(N)`` with the exact LP engine and no extra points (lesson III, section 6)."""
    N = _size(N)
    plain = solve(N, smoothing=0.0, extra_points=(), lp="exact").iterations
    guess, _ = warm_start(load_records()[N - 1], N)  # the optimal distribution for N - 1, grown in the middle
    guessed = solve(N, guess=[float(g) for g in guess], extra_points=(), lp="exact").iterations
    return plain, guessed


def smoothing_rows(N: int) -> list[dict]:
    """Rounds and trees generated of a cold ``solve(N)`` (exact LP engine) for each smoothing of
    the appendix's section D: one dict per setting."""
    N = _size(N)
    rows = []
    for name, smoothing, extra in SETTINGS:
        s = solve(N, smoothing=smoothing, extra_points=extra, lp="exact")
        rows.append({"N": N, "smoothing": name, "rounds": s.iterations, "trees generated": s.columns})
    return rows


def compute() -> dict:
    """Every count the lessons show, computed afresh (a minute or two on one core)."""
    fig = {N: fig_3_5(N) for N in FIG_3_5_SIZES}
    return {
        "priced at the duals": {str(N): fig[N][0] for N in fig},
        "priced at a blend with the guess": {str(N): fig[N][1] for N in fig},
        "smoothing": [row for N in SMOOTHING_SIZES for row in smoothing_rows(N)],
    }


def load_rounds(folder: Path | None = None) -> dict:
    """The shipped counts: ``{"priced at the duals": {N: rounds}, "priced at a blend with the
    guess": {N: rounds}, "smoothing": [rows]}`` with int keys N (checked against the manifest)."""
    path = verified((DATA if folder is None else Path(folder)) / ROUNDS, REBUILD)
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("priced at the duals", "priced at a blend with the guess"):
        data[key] = {int(N): v for N, v in data[key].items()}
    return data


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file, write nothing")
    args = parser.parse_args(argv)
    data = compute()
    path = DATA / ROUNDS
    if args.check:
        shipped = json.loads(path.read_text(encoding="utf-8"))
        if shipped != data:
            raise SystemExit(f"{path} differs from a fresh computation; rebuild it with `{REBUILD}`")
        print(f"{path}: every count agrees with a fresh computation")
        return
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    record(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
