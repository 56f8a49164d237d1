"""The OEIS b-files of V(N) (``python -m puzzles.higher_lower.data --bfile``) agree with OEIS.

The published terms were read from the OEIS entry A286676 (data section, N = 1..52, "More
terms from Lewis Chen, Oct 29 2019") and from its example line, which prints
a(n)/A286677(n) for N = 1..21. The denominators A286677(N) for N = 22..52 were not found in
a source we could read here; for them (and for every N <= 52) the test compares the b-file
with a fresh certified solve of the game.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from math import gcd

import pytest

from puzzles.higher_lower.bfile import DENOMINATORS, NUMERATORS, bfile_lines, values, write_bfiles
from puzzles.higher_lower.solver import solve

# A286676, the data section: numerators of V(N) for N = 1..52.
A286676 = [
    1, 3, 9, 2, 20, 12, 23, 27, 31, 35, 187, 1461, 485, 105, 64, 69, 67, 18, 11, 41, 87, 23,
    97, 828, 251175, 497650, 1582733, 480083, 3070955, 139927, 1253, 1301, 160, 83,
    172, 89, 184, 181, 187, 193, 199, 205, 211, 217, 223, 229, 235, 241, 247, 253, 259, 265,
]  # fmt: skip

# A286676's example: a(n)/A286677(n) for N = 1..21.
EXAMPLE = (
    "1, 3/2, 9/5, 2, 20/9, 12/5, 23/9, 27/10, 31/11, 35/12, 187/62, 1461/470, 485/152, 105/32, "
    "64/19, 69/20, 67/19, 18/5, 11/3, 41/11, 87/23"
)


@pytest.fixture(scope="module")
def bfiles(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bfiles")
    paths = write_bfiles(folder)
    return {path.name: path.read_text().splitlines() for path in paths}


def _terms(lines: list[str]) -> dict[int, int]:
    terms = {}
    for line in lines:
        if line.startswith("#"):
            continue
        n, value = line.split(" ")
        terms[int(n)] = int(value)
    return terms


def test_the_bfiles_hold_every_n_from_1_to_1024_in_the_oeis_format(bfiles):
    assert set(bfiles) == {"b286676.txt", "b286677.txt"}
    for lines in bfiles.values():
        body = [line for line in lines if not line.startswith("#")]
        assert [int(line.split(" ")[0]) for line in body] == list(range(1, 1025))
        assert all(line == line.strip() and line.count(" ") == 1 for line in body)
        assert all(line.startswith("#") for line in lines[: len(lines) - len(body)])  # comments first
    numerators, denominators = _terms(bfiles["b286676.txt"]), _terms(bfiles["b286677.txt"])
    assert all(gcd(numerators[n], denominators[n]) == 1 for n in numerators)  # reduced fractions


def test_the_numerators_are_the_published_terms_of_a286676(bfiles):
    numerators = _terms(bfiles["b286676.txt"])
    assert [numerators[n] for n in range(1, 53)] == A286676


def test_the_fractions_are_the_published_example_of_a286676_over_a286677(bfiles):
    numerators, denominators = _terms(bfiles["b286676.txt"]), _terms(bfiles["b286677.txt"])
    published = [Fraction(term) for term in EXAMPLE.split(", ")]
    assert [Fraction(numerators[n], denominators[n]) for n in range(1, 22)] == published


def test_every_published_size_agrees_with_a_fresh_certified_solve(bfiles):
    numerators, denominators = _terms(bfiles["b286676.txt"]), _terms(bfiles["b286677.txt"])
    for N in range(1, 53):
        solution = solve(N)
        assert solution.certified
        assert Fraction(numerators[N], denominators[N]) == solution.value, N


def test_a_shorter_bfile_and_its_bounds():
    lines = bfile_lines(NUMERATORS, values(5))
    assert [line for line in lines if not line.startswith("#")] == ["1 1", "2 3", "3 9", "4 2", "5 20"]
    assert bfile_lines(DENOMINATORS, values(3))[-1] == "3 5"
    with pytest.raises(ValueError, match="max_n must lie in 1.."):
        values(0)
    with pytest.raises(ValueError, match="max_n must lie in 1.."):
        values(10**6)


def test_the_module_command_writes_both_files(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "puzzles.higher_lower.data", "--bfile", "--out", str(tmp_path), "--max-n=8"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "b286676.txt: 8 terms" in done.stdout and "b286677.txt: 8 terms" in done.stdout
    assert (tmp_path / "b286677.txt").read_text().splitlines()[-1] == "8 10"
