"""``python -m puzzles.higher_lower.sweep --max-n 1024``: solve and certify every N in order.

Each N is warm-started from the last: Alice's previous optimal distribution, grown by one key
in the middle, is the centre of the column generation (between powers of two it is exactly
optimal), and Bob's previous optimal trees, grown the same way, are start columns. The guess
goes in as floats: with the dense simplex as the LP engine the column generation is faster
than proving an exact guess by least squares (measured at N = 971: 109 s against 219 s), and
it does not lose time when the guess is not optimal. After each N the certified solution is
written to ``puzzles/higher_lower/data/`` (xz-compressed JSON, see
``puzzles.higher_lower.data``) and ``data/checkpoint.json`` records how far the sweep got and
for how long it ran, so an interrupted sweep resumes where it stopped. ``--status`` prints
what is shipped and the solve times by range; ``--verify`` re-checks every shipped record
with the exact ``certify`` instead of solving; ``--single N`` solves one size on its own and
stores it as an extra record; ``--from N --data FOLDER`` starts a second range at N in a
fresh folder, so that two cores can sweep two ranges at once. Copy its block files into the
shipped folder afterwards: a resumed sweep steps over every N that a block file already
holds, and goes on from there. ``--time-steps K`` times every K-th step with the current code
(each warm-started from the shipped record of N - 1, as the sweep would) and estimates how
long a whole sweep would take (step times interpolated between the timed sizes), without
running it.
"""

from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
from tqdm import tqdm

from puzzles.higher_lower.data import (
    DATA,
    block_path,
    decode_tree,
    hider_of,
    load_records,
    read_block,
    record_of,
    solution_of,
    write_block,
)
from puzzles.higher_lower.solver import solve

__all__ = [
    "main",
    "warm_start",
    "step",
    "checkpoint",
    "status",
    "time_steps",
    "timing_report",
    "estimated_seconds",
]


def checkpoint(folder: Path = DATA) -> dict:
    """``{"done": last certified N, "seconds": total solve time so far}``."""
    path = folder / "checkpoint.json"
    if path.exists():
        return json.loads(path.read_text())
    return {"done": 0, "seconds": 0.0}


def warm_start(record: dict, N: int) -> tuple[list[Fraction], list[tuple[int, ...]]]:
    """The guess and start trees for N from the record of a smaller size (normally N - 1).

    Both are grown by one key at a time in the middle, so that every key keeps its distance
    to the nearer end: Alice's distribution gets a copy of its middle entry (between powers of
    two, one such step from N - 1 gives her optimal distribution for N exactly), and each of
    Bob's trees gets the new key as a leaf between its two middle keys. The guess is exact
    (Fractions): ``solve`` can try to prove it optimal without an LP (the sweep passes it as
    floats instead, see above). From further below (``--from``) it is only a rough centre.
    """
    if not 1 <= record["N"] < N:
        raise ValueError(f"a warm start grows a smaller solution, not N = {record['N']} into {N}")
    weights = list(hider_of(record))
    trees = [decode_tree(t) for t in record["trees"]]
    for size in range(record["N"] + 1, N + 1):
        first = (size + 1) // 2  # the first ceil(size/2) keys and the last floor(size/2) keep their weights
        weights = weights[:first] + weights[len(weights) - (size - first) :]
        m = (size - 1) // 2  # the new key sits between the old keys m - 1 and m (0-based)
        grown = []
        for tree in trees:
            below = tree[m - 1] if m > 0 else 0  # the deeper neighbour has a free child on that side
            grown.append(tree[:m] + (max(below, tree[m]) + 1,) + tree[m:])
        trees = grown
    total = sum(weights)
    return [w / total for w in weights], trees


def _timed(solver, *args):
    """``(solver(*args), seconds it took)``: every solve the sweep records or reports is timed so."""
    began = time.perf_counter()
    solution = solver(*args)
    return solution, time.perf_counter() - began


def step(previous: dict | None, N: int):
    """One step of the sweep: the certified ``Solution`` for N, warm-started from the record
    ``previous`` of a smaller size (cold when None)."""
    if previous is None:
        return solve(N, patient=True)
    guess, trees = warm_start(previous, N)
    centre = [float(g) for g in guess]  # the column generation, not the proof (see above)
    return solve(N, guess=centre, trees=trees, ties=(N + 1) // 2, patient=True)


def _runs(sizes: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for N in sizes:
        if runs and runs[-1][1] == N - 1:
            runs[-1] = (runs[-1][0], N)
        else:
            runs.append((N, N))
    return runs


def _ranges(runs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a}..{b}" if a < b else f"{a}" for a, b in runs) or "none"


def _swept(folder: Path) -> dict[int, dict]:
    """The sweep's records in ``folder`` by N (read afresh; the extra records are left out)."""
    return {r["N"]: r for path in folder.glob("solutions-*.json.xz") for r in read_block(path)}


def status(folder: Path = DATA, max_n: int = 1024, width: int = 128) -> str:
    """The sweep's state as Markdown: shipped and missing sizes, and solve times by range."""
    records = _swept(folder)
    sizes = sorted(N for N in records if N <= max_n)
    missing = [N for N in range(1, max_n + 1) if N not in records]
    lines = [
        f"* Shipped: N = {_ranges(_runs(sizes))} ({len(sizes)} sizes).",
        f"* Missing: N = {_ranges(_runs(missing))} ({len(missing)} sizes).",
        f"* Summed solve time: {sum(records[N]['seconds'] for N in sizes) / 3600:.1f} h.",
        "",
        "| N | sizes | solve time | mean per N | guesses proved | mean LP iterations (the others) |",
        "|---|---|---|---|---|---|",
    ]
    for low in range(1, max_n + 1, width):
        block = [records[N] for N in sizes if low <= N < low + width]
        if not block:
            continue
        seconds = sum(r["seconds"] for r in block)
        proved = [r for r in block if r.get("method") == "proved guess"]
        others = [r["iterations"] for r in block if r.get("method") != "proved guess"]
        mean_lp = f"{sum(others) / len(others):.0f}" if others else "-"
        lines.append(
            f"| {low}..{min(low + width - 1, max_n)} | {len(block)} | {seconds:.0f} s | "
            f"{seconds / len(block):.1f} s | {len(proved)} | {mean_lp} |"
        )
    return "\n".join(lines)


def time_steps(stride: int, max_n: int = 1024, folder: Path = DATA, progress: bool = True) -> list[dict]:
    """Time the sweep step for N = stride, 2 stride, ... <= max_n with the current code, each
    from the record of N - 1 in ``folder`` (N = 1 cold), and check it against the record of N.

    Returns one row per N: ``N``, ``seconds``, ``iterations``, ``method`` and the record's
    ``shipped_seconds``. Raises ValueError when a needed record is missing, and RuntimeError
    when a step's certified value differs from the shipped one.
    """
    if stride < 1:
        raise ValueError(f"the stride must be a positive number of sizes, got {stride}")
    records = _swept(folder)
    sizes = list(range(stride, max_n + 1, stride))
    missing = next((N for N in sizes if N not in records or (N > 1 and N - 1 not in records)), None)
    if missing is not None:
        raise ValueError(f"timing N = {missing} needs the records of N - 1 and N, which are not in {folder}")
    rows = []
    for N in tqdm(sizes, disable=not progress, desc="timed steps"):
        solution, seconds = _timed(step, records.get(N - 1), N)
        if solution.value != Fraction(records[N]["value"]):
            raise RuntimeError(
                f"N = {N}: the step found V = {solution.value}, the record holds {records[N]['value']}"
            )
        rows.append(
            {
                "N": N,
                "seconds": round(seconds, 2),
                "iterations": solution.iterations,
                "method": solution.method,
                "shipped_seconds": records[N]["seconds"],
            }
        )
    return rows


def estimated_seconds(rows: list[dict]) -> float:
    """A whole sweep's time up to the last timed size: the step time of every N, interpolated
    linearly between the timed sizes (and from 0 at N = 0), summed."""
    if not rows:
        return 0.0
    sizes = [0] + [row["N"] for row in rows]
    seconds = [0.0] + [row["seconds"] for row in rows]
    return float(np.interp(np.arange(1, sizes[-1] + 1), sizes, seconds).sum())


def timing_report(rows: list[dict]) -> str:
    """The timed steps as Markdown, and the whole sweep's time they suggest (``estimated_seconds``)."""
    lines = [
        "| N | step time | LP iterations | method | time in the shipped record |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row['N']} | {row['seconds']:.1f} s | {row['iterations']} | {row['method']} | "
            f"{row['shipped_seconds']:.1f} s |"
        )
    last = rows[-1]["N"] if rows else 0
    hours = estimated_seconds(rows) / 3600
    lines += ["", f"Estimated sweep of N = 1..{last} with this code: {hours:.1f} h on one core."]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Solve the higher-lower game for N = 1..max-n, with checkpoints."
    )
    parser.add_argument("--max-n", type=int, default=1024, help="the largest N to solve (default 1024)")
    parser.add_argument("--data", type=Path, default=DATA, help="the data folder (default: the shipped one)")
    parser.add_argument("--verify", action="store_true", help="re-certify every shipped record instead")
    parser.add_argument("--status", action="store_true", help="print what is shipped and the timings")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument(
        "--from",
        dest="first",
        type=int,
        default=1,
        help="start a fresh data folder at this N, from the largest shipped size below it "
        "grown to N (to run a second range on another core)",
    )
    parser.add_argument("--single", type=int, help="solve only this N (cold) and store it as an extra record")
    parser.add_argument(
        "--time-steps",
        type=int,
        metavar="K",
        help="time every K-th step from the shipped data and estimate a whole sweep (writes nothing)",
    )
    args = parser.parse_args(argv)
    if args.time_steps is not None:
        try:
            rows = time_steps(args.time_steps, args.max_n, args.data, progress=not args.no_progress)
        except ValueError as error:
            parser.error(str(error))
        print(timing_report(rows))
        return
    if args.single is not None:
        solution, seconds = _timed(lambda N: solve(N, patient=True), args.single)
        write_block(args.data / f"extra-{args.single:04d}.json.xz", [record_of(solution, seconds)])
        print(
            f"N = {args.single}: V = {solution.value}, certified, {seconds:.0f} s, "
            f"{solution.iterations} iterations"
        )
        return
    if args.max_n < 1:
        parser.error("--max-n must be at least 1")
    if args.status:
        print(status(args.data, args.max_n))
        return
    folder: Path = args.data
    state = checkpoint(folder)
    if args.verify:
        records = load_records(folder)
        sizes = [N for N in sorted(records) if N <= args.max_n]
        for N in tqdm(sizes, disable=args.no_progress, desc="certify"):
            if not solution_of(records[N]).certified:
                raise SystemExit(f"N = {N}: the shipped solution fails the exact check")
        print(f"all {len(sizes)} shipped solutions with N <= {args.max_n} pass the exact check")
        return
    solved = _swept(folder)
    if state["done"] == 0 and args.first > 1:  # a fresh folder for a later range
        state["done"] = args.first - 1
    start = state["done"] + 1
    previous = solved.get(start - 1)
    if previous is None and folder.resolve() != DATA.resolve():  # a second range: start from
        shipped = load_records()  # the largest shipped size below it (None: cold)
        previous = shipped.get(max((N for N in shipped if N < start), default=0))
    bar = tqdm(
        range(start, args.max_n + 1), initial=start - 1, total=args.max_n, disable=args.no_progress, desc="N"
    )
    for N in bar:
        if N in solved:  # a range swept earlier (e.g. on another core and copied in): go on from it
            previous = solved[N]
            state = {"done": N, "seconds": round(state["seconds"] + previous["seconds"], 3)}
            (folder / "checkpoint.json").write_text(json.dumps(state) + "\n")
            continue
        solution, seconds = _timed(step, previous, N)
        if not solution.certified:  # pragma: no cover - solve never returns uncertified
            raise SystemExit(f"N = {N} was not certified")
        record = record_of(solution, seconds)
        path = block_path(N, folder)
        records = sorted([r for r in read_block(path) if r["N"] != N] + [record], key=lambda r: r["N"])
        write_block(path, records)
        state = {"done": N, "seconds": round(state["seconds"] + seconds, 3)}
        (folder / "checkpoint.json").write_text(json.dumps(state) + "\n")
        bar.set_postfix(iterations=solution.iterations, total=f"{state['seconds']:.0f}s")
        previous = record
    print(f"certified every N from {start} to {state['done']}; {state['seconds']:.0f} s of solving in all")
    if folder.resolve() == DATA.resolve() and start <= state["done"]:
        # lessons 3 and 4 and their stored outputs read the shipped records
        print(f"the shipped data changed: re-execute the lessons that read them, {REEXECUTE}")


REEXECUTE = (
    "make notebooks NOTEBOOKS='"
    + " ".join(
        f"notebooks/higher-lower/{name}.ipynb"
        for name in ("03-column-generation", "04-distributions", "05-appendix-engineering")
    )
    + "'"
)


if __name__ == "__main__":
    main()
