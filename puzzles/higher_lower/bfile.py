"""OEIS b-files of V(N), the value of the higher-lower game, from the shipped certified data.

    python -m puzzles.higher_lower.data --bfile [--out FOLDER] [--max-n 1024]

writes ``b286676.txt`` (the numerators of V(N)) and ``b286677.txt`` (the denominators) in the
OEIS b-file format: a few ``#`` comment lines, then one line ``n a(n)`` for n = 1, 2, ...
OEIS A286676/A286677 ("Numerators/Denominators of the Nash equilibrium of guesses for the
number guessing game for n numbers") list V(N) = A286676(N)/A286677(N) for N <= 52; the
shipped data holds V(N) for every N = 1..1024, each certified by exact rational arithmetic
(Bob's best reply to Alice's distribution and Alice's best reply to Bob's mixture both equal
V(N)) before it was written.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path

from puzzles.higher_lower.data import load_records, sweep_range

__all__ = ["NUMERATORS", "DENOMINATORS", "values", "bfile_lines", "write_bfiles", "main"]

NUMERATORS = "A286676"
DENOMINATORS = "A286677"
NAMES = {
    NUMERATORS: "Numerators",
    DENOMINATORS: "Denominators",
}


def values(max_n: int | None = None) -> list[Fraction]:
    """[V(1), ..., V(max_n)] from the shipped records (every N up to ``max_n`` must be shipped)."""
    records = load_records()
    top = sweep_range()
    max_n = top if max_n is None else max_n
    if max_n < 1 or max_n > top:
        raise ValueError(f"the shipped data cover N = 1..{top}, so max_n must lie in 1..{top}, got {max_n}")
    return [Fraction(records[N]["value"]) for N in range(1, max_n + 1)]


def bfile_lines(sequence: str, terms: list[Fraction]) -> list[str]:
    """The lines of the b-file of ``sequence`` (A286676 or A286677) for V(1), V(2), ..."""
    if sequence not in NAMES:
        raise ValueError(f"the b-files are {NUMERATORS} and {DENOMINATORS}, got {sequence!r}")
    part = "numerator" if sequence == NUMERATORS else "denominator"
    lines = [
        f"# {sequence}: {NAMES[sequence]} of V(n), the value of Dresher's higher-lower guessing game on n "
        f"numbers, n = 1..{len(terms)}.",
        "# Each V(n) was computed by column generation and certified by exact rational arithmetic",
        "# (both players' exact best replies equal V(n)); from the data set of the dp-puzzles course pack.",
    ]
    for n, value in enumerate(terms, start=1):
        lines.append(f"{n} {getattr(value, part)}")
    return lines


def write_bfiles(folder: Path, max_n: int | None = None) -> list[Path]:
    """Write ``b286676.txt`` and ``b286677.txt`` into ``folder``; return their paths."""
    terms = values(max_n)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for sequence in (NUMERATORS, DENOMINATORS):
        path = folder / f"b{sequence[1:]}.txt"
        path.write_text("\n".join(bfile_lines(sequence, terms)) + "\n", encoding="ascii")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m puzzles.higher_lower.data",
        description="Commands on the shipped data set of certified higher-lower solutions.",
    )
    parser.add_argument(
        "--bfile",
        action="store_true",
        help=f"write the OEIS b-files of V(N): b{NUMERATORS[1:]}.txt and b{DENOMINATORS[1:]}.txt",
    )
    parser.add_argument("--out", type=Path, default=Path("."), help="the folder for the b-files (default .)")
    parser.add_argument("--max-n", type=int, default=None, help="the last N (default: every shipped N)")
    args = parser.parse_args(argv)
    if not args.bfile:
        parser.print_help()
        return
    for path in write_bfiles(args.out, args.max_n):
        lines = path.read_text().splitlines()
        print(f"{path}: {sum(not line.startswith('#') for line in lines)} terms")


if __name__ == "__main__":
    main()
