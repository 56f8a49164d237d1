"""The shipped data set of certified solutions, written by ``python -m puzzles.higher_lower.sweep``.

Files ``data/solutions-AAAA-BBBB.json.xz`` (blocks of 32 sizes) hold one record per N:

* ``value``: V(N) as the string ``"a/b"``;
* ``denominator`` and ``pairs``: Alice's optimal distribution, symmetric by Lemma 2, as the
  integers ``pairs[k-1]`` = denominator * P(secret = k) for k = 1..ceil(N/2);
* ``trees``: Bob's optimal trees, one of each mirror pair, as depth strings in base 36;
* ``tight``: the pairs whose equations (Bob's mixture pays exactly V(N) there) fix Bob's
  probabilities, which ``load_solution`` recomputes exactly (they are long fractions; the
  equations are much shorter to ship);
* ``iterations``, ``columns``, ``seconds``: the solve's LP iterations, trees generated, time;
* ``method``: "proved guess" when the sweep's grown guess was proved optimal without an LP
  (``iterations`` then counts least-squares rounds); missing or "column generation" otherwise.

Files ``data/extra-NNNN.json.xz`` hold single sizes solved on their own (``python -m
puzzles.higher_lower.sweep --single N``), ahead of the contiguous sweep.

``load_solution`` rebuilds the solution and runs the exact ``certify`` before returning it.

``data/MANIFEST.sha256`` holds each file's SHA-256 (``sha256sum -c`` reads it). Every block is
checked against it before it is read: a missing or damaged block raises ``DataFault`` naming
the file and the command that rebuilds it, for its own sizes only; ``shipped_sizes`` and
``sweep_range`` report the sizes whose blocks are intact.
"""

from __future__ import annotations

import json
import lzma
import os
from fractions import Fraction
from functools import cache
from pathlib import Path

from puzzles.course.manifest import MANIFEST, DataFault, read_manifest, verified
from puzzles.course.manifest import record as record_digest
from puzzles.course.validate import flag, shown
from puzzles.higher_lower.model import check_size, mirror
from puzzles.higher_lower.solver import Solution, _solve_exact, certify

__all__ = [
    "DATA",
    "BLOCK",
    "DataFault",
    "block_path",
    "data_faults",
    "decode_tree",
    "encode_tree",
    "load_records",
    "load_solution",
    "record_of",
    "require_sweep",
    "shipped_sizes",
    "solution_of",
    "sweep_range",
]

DATA = Path(__file__).resolve().parent / "data"
BLOCK = 32
LARGEST_NAMED = 9999  # block and extra file names hold N in four digits
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_DEPTH_DIGITS = DIGITS[1:].encode("ascii")


def _folder(folder: Path | None) -> Path:
    """The shipped folder (None), or a folder of blocks written by the sweep; anything else
    (no path, no folder, a folder with neither a manifest nor a block) is a sentence."""
    if folder is None:
        return DATA
    if not isinstance(folder, (str, os.PathLike)) or not str(folder).strip():
        raise ValueError(f"the data folder must be a path (a str or a Path), got {shown(folder)}")
    path = Path(folder)
    if not path.is_dir():
        raise ValueError(f"the data folder {str(path)!r} does not exist (or is not a folder)")
    if not (path / MANIFEST).exists() and not any(path.glob("solutions-*.json.xz")):
        raise ValueError(
            f"the folder {str(path)!r} holds no data of this unit (no {MANIFEST}, no solutions-*.json.xz "
            "block); python -m puzzles.higher_lower.sweep writes such a folder"
        )
    return path


def block_path(N: int, folder: Path | None = None) -> Path:
    """Where the block holding N lives (in a folder that may not exist yet: the sweep writes it)."""
    if folder is not None and not isinstance(folder, (str, os.PathLike)):
        raise ValueError(f"the data folder must be a path (a str or a Path), got {shown(folder)}")
    folder = DATA if folder is None else Path(folder)
    first = (N - 1) // BLOCK * BLOCK + 1
    return folder / f"solutions-{first:04d}-{first + BLOCK - 1:04d}.json.xz"


def encode_tree(depths) -> str:
    return "".join(DIGITS[d] for d in depths)


def decode_tree(text: str) -> tuple[int, ...]:
    return tuple(DIGITS.index(c) for c in text)


def record_of(solution: Solution, seconds: float) -> dict:
    """The shipped record of a certified solution."""
    if not solution.certified:
        raise ValueError("only certified solutions are shipped")
    N = solution.N
    P = (N + 1) // 2
    from math import lcm

    denominator = lcm(*(f.denominator for f in solution.hider[:P]))
    representatives: dict[tuple[int, ...], Fraction] = {}
    for p, tree in solution.searcher:
        key = min(tree, mirror(tree))
        representatives[key] = representatives.get(key, Fraction(0)) + p
    return {
        "N": N,
        "value": f"{solution.value.numerator}/{solution.value.denominator}",
        "denominator": denominator,
        "pairs": [int(f * denominator) for f in solution.hider[:P]],
        "trees": [encode_tree(t) for t in sorted(representatives)],
        "tight": list(solution.tight),
        "iterations": solution.iterations,
        "columns": solution.columns,
        "seconds": round(seconds, 3),
        "method": solution.method,
    }


REBUILD = "python -m puzzles.higher_lower.sweep --max-n 1024"


def _rebuild(path: Path) -> str:
    if path.name.startswith("extra-"):
        return f"python -m puzzles.higher_lower.sweep --single {int(path.name[6:10])}"
    return REBUILD


def read_block(path: Path) -> list[dict]:
    """The records of one block file ([] for a block not written yet); ``DataFault`` if damaged."""
    if not path.exists() and path.name not in read_manifest(path.parent):
        return []
    verified(path, _rebuild(path), unlisted_ok=path.parent.resolve() != DATA.resolve())
    try:
        with lzma.open(path, "rt", encoding="utf-8") as stream:
            records = json.load(stream)
    except (lzma.LZMAError, EOFError, json.JSONDecodeError, UnicodeDecodeError, OSError) as error:
        raise DataFault(
            f"the data file {path} cannot be read ({error}); rebuild it with `{_rebuild(path)}`"
        ) from None
    if not isinstance(records, list) or not all(isinstance(r, dict) and "N" in r for r in records):
        raise DataFault(
            f"the data file {path} does not hold a list of records; rebuild it with `{_rebuild(path)}`"
        )
    why = _block_problem(path, records)
    if why is not None:
        raise DataFault(f"the data file {path} is damaged: {why}; rebuild it with `{_rebuild(path)}`")
    return records


_RECORD_INTS = ("denominator", "iterations", "columns")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _record_problem(record: dict) -> str | None:
    """What is wrong with the form of one record (cheap: no tree is decoded), or None."""
    N = record.get("N")
    if not _whole(N) or N < 1:
        return f"a record has N = {shown(N)}"
    P = (N + 1) // 2
    for key in ("value", "denominator", "pairs", "trees", "tight", "iterations", "columns"):
        if key not in record:
            return f"the record of N = {N} has no {key!r}"
    if any(not _whole(record[key]) or record[key] < 0 for key in _RECORD_INTS) or record["denominator"] < 1:
        return f"the record of N = {N} holds a count that is no whole number"
    value, pairs, trees, tight = record["value"], record["pairs"], record["trees"], record["tight"]
    try:
        fraction = Fraction(value) if isinstance(value, str) and value.count("/") == 1 else None
    except (ValueError, ZeroDivisionError):
        fraction = None
    if fraction is None or not 1 <= fraction <= N:
        return f"the value of N = {N} is not a fraction a/b between 1 and N: {shown(value)}"
    if (
        not isinstance(pairs, list)
        or len(pairs) != P
        or set(map(type, pairs)) != {int}  # bools and floats are no whole numbers here
        or min(pairs) < 0
    ):
        return f"Alice's distribution for N = {N} is not {P} whole numbers"
    if 2 * sum(pairs) - (pairs[-1] if N % 2 else 0) != record["denominator"]:
        return f"Alice's distribution for N = {N} does not sum to 1"
    try:  # one pass in C: every tree a string, N characters each, each a depth 1..35
        joined = "".join(trees) if isinstance(trees, list) and trees else None
    except TypeError:
        joined = None
    if (
        joined is None
        or len(joined) != N * len(trees)
        or len(set(map(len, trees))) != 1
        or joined.encode("utf-8").translate(None, _DEPTH_DIGITS)  # what is no depth 1..35 stays
    ):
        return f"Bob's trees for N = {N} are not depth strings of {N} digits"
    if not isinstance(tight, list) or (
        tight and (set(map(type, tight)) != {int} or not 1 <= min(tight) <= max(tight) <= P)
    ):
        return f"the tight pairs of N = {N} are not numbers in 1..{P}"
    return None


def _block_problem(path: Path, records: list[dict]) -> str | None:
    """What is wrong with a block's records (their form, and the sizes it claims), or None."""
    for record in records:
        if (why := _record_problem(record)) is not None:
            return why
    sizes = [record["N"] for record in records]
    if path.name.startswith("extra-"):
        expected = [int(path.name[6:10])] if path.name[6:10].isdigit() else []
        return None if sizes == expected else f"it must hold the record of N = {shown(expected)} alone"
    first = int(path.name[10:14]) if path.name[10:14].isdigit() else 1
    if sizes != list(range(first, first + len(sizes))) or len(sizes) > BLOCK:
        return f"its records are not those of N = {first}, {first + 1}, ... in order, without a gap"
    return None


def write_block(path: Path, records: list[dict]) -> None:
    """Write a block and enter its SHA-256 in the folder's manifest."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with lzma.open(temporary, "wt", encoding="utf-8", preset=9) as stream:
        json.dump(records, stream, separators=(",", ":"))
    temporary.replace(path)
    record_digest(path)


def _block_files(folder: Path) -> list[Path]:
    listed = {folder / name for name in read_manifest(folder) if name.endswith(".json.xz")}
    present = set(folder.glob("solutions-*.json.xz")) | set(folder.glob("extra-*.json.xz"))
    blocks = sorted(p for p in listed | present if p.name.startswith("solutions-"))
    return blocks + sorted(p for p in listed | present if p.name.startswith("extra-"))


@cache
def _block(path: Path) -> list[dict] | DataFault:
    """One block's records, read once (or the fault that keeps it from being read)."""
    try:
        return read_block(path)
    except DataFault as fault:
        return fault


@cache
def _load(folder: Path) -> tuple[dict[int, dict], dict[Path, DataFault]]:
    records: dict[int, dict] = {}
    faults: dict[Path, DataFault] = {}
    files = _block_files(folder)
    blocks = [p for p in files if p.name.startswith("solutions-")]
    for path in files:
        block = _block(path)
        if not isinstance(block, DataFault) and path in blocks[:-1] and len(block) != BLOCK:
            block = DataFault(  # a block before the last one holds all its sizes
                f"the data file {path} is damaged: it holds {len(block)} of its {BLOCK} sizes, "
                f"though later blocks follow; rebuild it with `{_rebuild(path)}`"
            )
        if isinstance(block, DataFault):
            faults[path] = block
            continue
        for entry in block:
            records[entry["N"]] = entry
    return records, faults


def _record(N: int, folder: Path) -> dict | None:
    """The record of N, reading only the blocks that can hold it; None if none does."""
    extra = folder / f"extra-{N:04d}.json.xz"
    for path in (block_path(N, folder), extra):
        if not path.exists() and path.name not in read_manifest(folder):
            continue
        block = _block(path)
        if isinstance(block, DataFault):
            raise block
        for entry in block:
            if entry["N"] == N:
                return entry
    return None


def load_records(folder: Path | None = None) -> dict[int, dict]:
    """Every record of an intact block, by N (a damaged block's sizes are left out)."""
    return _load(_folder(folder))[0]


def data_faults(folder: Path | None = None) -> dict[Path, DataFault]:
    """The damaged or missing blocks of a folder, each with its ``DataFault``."""
    return _load(_folder(folder))[1]


def clear_cache() -> None:
    """Forget what was read (after the files changed)."""
    _load.cache_clear()
    _block.cache_clear()


def shipped_sizes(folder: Path | None = None) -> list[int]:
    """The sizes N with a shipped solution."""
    return sorted(load_records(folder))


def sweep_range(folder: Path | None = None) -> int:
    """The largest k such that every N in 1..k has a shipped solution."""
    records = load_records(folder)
    k = 0
    while k + 1 in records:
        k += 1
    return k


def hider_of(record: dict) -> tuple[Fraction, ...]:
    """Alice's full distribution from a record (exact)."""
    N, D = record["N"], record["denominator"]
    P = (N + 1) // 2
    hider = [Fraction(0)] * N
    for k, numerator in enumerate(record["pairs"]):
        hider[k] = hider[N - 1 - k] = Fraction(numerator, D)
    assert len(record["pairs"]) == P
    return tuple(hider)


def trees_of(record: dict) -> list[tuple[int, ...]]:
    """Bob's shipped trees from a record, one of each mirror pair, as depth vectors."""
    return [decode_tree(t) for t in record["trees"]]


def most_guesses(record: dict) -> int:
    """The most guesses any of Bob's shipped trees needs (Table 3.1): ``max(map(max, trees_of(record)))``.

    Computed without decoding any tree: the depth strings are searched for the digit of each
    depth, deepest first (a substring search, fast on strings of a thousand digits).
    """
    trees = record["trees"]
    for depth in range(len(DIGITS) - 1, 0, -1):
        if any(DIGITS[depth] in tree for tree in trees):
            return depth
    raise ValueError(f"the record for N = {record.get('N')} holds no tree")


def solution_of(record: dict, check: bool = True) -> Solution:
    """Rebuild a Solution from a record: Bob's probabilities by an exact linear solve, then certify."""
    N = record["N"]
    value = Fraction(record["value"])
    hider = hider_of(record)
    trees = trees_of(record)
    rows = [p - 1 for p in record["tight"]]
    folded = [[t[p] + t[N - 1 - p] for p in range((N + 1) // 2)] for t in trees]
    system = [[f[p] for f in folded] + [-1] for p in rows] + [[1] * len(trees) + [0]]
    z = _solve_exact(system, [0] * len(rows) + [1])
    if z is None or z[-1] != 2 * value or any(y <= 0 for y in z[:-1]):
        raise ValueError(f"the shipped record for N = {N} does not determine Bob's mixture")
    searcher: list[tuple[Fraction, tuple[int, ...]]] = []
    for y, tree in zip(z[:-1], trees, strict=True):
        if mirror(tree) == tree:
            searcher.append((y, tree))
        else:
            searcher += [(y / 2, tree), (y / 2, mirror(tree))]
    searcher.sort(key=lambda pair: pair[1])
    certified = certify(N, hider, searcher, value) if check else False
    return Solution(
        N,
        value,
        hider,
        tuple(searcher),
        certified,
        (),
        (),
        record["iterations"],
        record["columns"],
        tuple(record["tight"]),
        record.get("method", "column generation"),
    )


def require_sweep(through: int) -> dict[int, dict]:
    """The shipped records of every N in 1..``through``, by N; a damaged or missing block among
    them raises its ``DataFault`` (naming the file and the command that rebuilds it)."""
    through = check_size(through, "the last size needed")
    records, faults = _load(DATA)
    for path, fault in sorted(faults.items()):
        if path.name.startswith("extra-") or int(path.name[10:14]) <= through:
            raise fault
    missing = [N for N in range(1, through + 1) if N not in records]
    if missing:
        raise DataFault(
            f"the shipped data set lacks N = {missing[0]} (its block {block_path(missing[0]).name} in {DATA} "
            f"is missing or short); rebuild it with `{REBUILD}`"
        )
    return {N: records[N] for N in range(1, through + 1)}


def _source(N: int) -> Path:
    """The shipped file that holds the record of N."""
    extra = DATA / f"extra-{N:04d}.json.xz"
    return extra if extra.exists() else block_path(N)


def load_solution(N: int, check: bool = True) -> Solution:
    """The certified solution for N from the shipped data set (``certified`` is True only after
    the exact check has passed here; ``check=False`` skips it and leaves ``certified`` False)."""
    N = check_size(N)
    check = flag(check, "check")
    record = _record(N, DATA) if N <= LARGEST_NAMED else None  # file names hold four digits
    if record is None:
        named = [int(p.name[15:19]) for p in _block_files(DATA) if p.name.startswith("solutions-")]
        top = max(named, default=0)
        raise ValueError(
            f"N = {shown(N)} is not in the shipped data set (it covers N = 1..{top}); "
            "run python -m puzzles.higher_lower.sweep to extend it, or call solve(N)"
        )
    path = _source(N)
    try:
        solution = solution_of(record, check)
    except (ValueError, KeyError, TypeError, IndexError, ZeroDivisionError) as error:
        raise DataFault(
            f"the data file {path} is damaged: its record of N = {N} does not rebuild a solution ({error}); "
            f"rebuild it with `{_rebuild(path)}`"
        ) from None
    if check and not solution.certified:
        raise DataFault(
            f"the data file {path} is damaged: its solution for N = {N} fails the exact check; "
            f"rebuild it with `{_rebuild(path)}`"
        )
    return solution


def main(argv: list[str] | None = None) -> None:
    """``python -m puzzles.higher_lower.data --bfile``: the OEIS b-files of V(N) (see ``bfile``)."""
    from puzzles.higher_lower.bfile import main as bfile_main

    bfile_main(argv)


if __name__ == "__main__":
    main()
