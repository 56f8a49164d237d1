"""The source's tables as printed, and the errata found by recomputing every cell.

The strings below are the tables of Sniedovich, "OR/MS Games: 4. The Joy of Egg-Dropping in
Braunschweig and Hong Kong", as they stand in the text extraction of the paper (tabs between
columns). They are *not* data to trust: ``errata()`` recomputes every printed cell with
``puzzles.egg.model`` and lists each disagreement. Table 7's rows 10 and 11 are scattered
over several lines of the scan; they are gathered here by position, and the cells the scan
lost are left empty.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from math import comb

import pandas as pd

from puzzles.egg.model import (
    dif,
    laplace_drops,
    laplace_rep,
    laplace_trials,
    rep,
    worst_case_drops,
    worst_case_trials,
)

__all__ = ["PRINTED", "printed_table", "compute_cell", "errata"]

PRINTED: dict[str, str] = {
    "Table 1": """\
k	W(1,k)	L(1,k)
1	1	1
2	2	1.66667
3	3	2.25
4	4	2.8
5	5	3.33333
10	10	5.90909
50	50	25.98039
100	100	50.99009
""",
    "Table 2": """\
k	W(2,k)	X(2,k)
1	1	{1}
2	2	{1,2}
3	2	{2}
4	3	{1,2,3}
5	3	{2,3}
6	3	{3}
7	4	{1,2,3,4}
8	4	{2,3,4}
9	4	{3,4}
10	4	{4}
11	5	{1,2,3,4,5}
12	5	{2,3,4,5}
13	5	{3,4,5}
14	5	{4,5}
15	5	{5}
""",
    "Table 3": """\
k	L(2,k)	Y(2,k)
1	1	{1}
2	10/6	{1,2}
3	2	{2}
4	12/5	{2,3}
5	8/3	{2,3}
6	20/7	{3}
7	25/8	{3,4}
8	10/3	{3,4}
9	7/2	{3,4}
10	40/11	{4}
11	23/6	{4,5}
12	4	{4,5}
13	29/7	{4,5}
14	64/15	{4,5}
15	35/8	{5}
""",
    "Table 4": """\
k	L(2,k)	Y(2,k)
1	2/2	{1}
2	5/3	{1,2}
3	8/4	{2}
4	12/5	{2,3}
5	16/6	{2,3}
6	20/7	{3}
7	25/8	{3,4}
8	30/9	{3,4}
9	35/10	{3,4}
10	40/11	{4}
11	46/12	{4,5}
12	52/13	{4,5}
13	58/14	{4,5}
14	64/15	{4,5}
15	70/16	{5}
""",
    "Table 5": """\
k	W(1,k)	W(2,k)	W(3,k)	X(1,k)	X(2,k)	X(3,k)
1	1	1	1	{1}	{1}	{1}
2	2	2	2	{1}	{1,2}	{1,2}
3	3	2	2	{1}	{2}	{2}
4	4	3	3	{1}	{1,2,3}	{1,2,3,4}
5	5	3	3	{1}	{2,3}	{2,3,4}
6	6	3	3	{1}	{3}	{3,4}
7	7	4	3	{1}	{1,2,3,4}	{4}
8	8	4	4	{1}	{2,3,4}	{1,2,3,4,5,6,7}
9	9	4	4	{1}	{3,4}	{2,3,4,5,6,7}
10	10	4	4	{1}	{4}	{3,4,5,6,7}
11	11	5	4	{1}	{1,2,3,4,5}	{4,5,6,7}
12	12	5	4	{1}	{2,3,4,5}	{5,6,7}
13	13	5	4	{1}	{3,4,5}	{6,7}
14	14	5	4	{1}	{4,5}	{7}
15	15	5	5	{1}	{5}	{1,2,3,4,5,6,7,8,9,10,11}
""",
    "Table 6": """\
k	L(1,k)	L(2,k)	L(3,k)	Y(1,k)	Y(2,k)	Y(3,k)
1	2/2	2/2	2/2	{1}	{1}	{1}
2	5/3	5/3	5/3	{1}	{1,2}	{1,2}
3	9/4	8/4	8/4	{1}	{2}	{2}
4	14/5	12/5	12/5	{1}	{2,3}	{2,3}
5	20/6	16/6	16/6	{1}	{2,3}	{2,3,4}
6	27/7	20/7	20/7	{1}	{3}	{3,4}
7	35/8	25/8	24/8	{1}	{3,4}	{4}
8	44/9	30/9	29/9	{1}	{3,4}	{4,5}
9	54/10	35/10	34/10	{1}	{3,4}	{4,5,6}
10	65/11	40/11	39/11	{1}	{4}	{4,5,6,7}
11	77/12	46/12	44/12	{1}	{4,5}	{4,5,6,7}
12	90/13	52/13	49/13	{1}	{4,5}	{5,6,7}
13	104/14	58/14	54/14	{1}	{4,5}	{6,7}
14	119/15	64/15	59/15	{1}	{4,5}	{7}
15	135/16	70/16	65/16	{1}	{5}	{7,8}
""",
    "Table 7": """\
j \\ n	1	2	3	4	5	6	7	8	9	10	11
1	1	1	1	1	1	1	1	1	1	1	1
2	1	2	2	2	2	2	2	2	2	2	2
3	1	3	4	4	4	4	4	4	4	4	4
4	1	4	7	8	8	8	8	8	8	8	8
5	1	5	11	15	16	16	16	16	16	16	16
6	1	6	16	26	31	32	32	32	32	32	32
7	1	7	22	42	57	63	64	64	64	64	64
8	1	8	29	64	99	120	127	128	128	128	128
9	1	9	37	93	163	219	247	255			
10	1	10	46	130	256	382	466	502	511	512	512
11			56							1023	1024
""",
    "Table 8": """\
j \\ n	1	2	3	4	5	6	7	8	9	10	11
1	1	0	0	0	0	0	0	0	0	0	0
2	1	1	0	0	0	0	0	0	0	0	0
3	1	2	1	0	0	0	0	0	0	0	0
4	1	3	3	1	0	0	0	0	0	0	0
5	1	4	6	4	1	0	0	0	0	0	0
6	1	5	10	10	5	1	0	0	0	0	0
7	1	6	15	20	15	6	1	0	0	0	0
8	1	7	21	35	35	21	7	1	0	0	0
9	1	8	28	56	70	56	28	8	1	0	0
10	1	9	36	84	126	126	84	36	9	1	0
11	1	10	45	120	210	252	210	120	45	10	1
""",
    "Table 9": """\
j \\ n	1	2	3	4	5	6	7	8	9	10	11
1	2	2	2	2	2	2	2	2	2	2	2
2	3	3	3	3	3	3	3	3	3	3	3
3	4	3	3	3	3	3	3	3	3	3	3
4	5	4	4	4	4	4	4	4	4	4	4
5	6	4	4	4	4	4	4	4	4	4	4
6	7	4	4	4	4	4	4	4	4	4	4
7	8	5	4	4	4	4	4	4	4	4	4
8	9	5	5	5	5	5	5	5	5	5	5
9	10	5	5	5	5	5	5	5	5	5	5
10	11	5	5	5	5	5	5	5	5	5	5
11	12	6	5	5	5	5	5	5	5	5	5
12	13	6	5	5	5	5	5	5	5	5	5
13	14	6	5	5	5	5	5	5	5	5	5
14	15	6	5	5	5	5	5	5	5	5	5
15	16	6	6	5	5	5	5	5	5	5	5
16	17	7	6	5	5	5	5	5	5	5	5
""",
    "Table 10": """\
j \\ n	1	2	3	4	5	6	7	8	9	10	11
1	0	0	0	0	0	0	0	0	0	0	0
2	1	1	1	1	1	1	1	1	1	1	1
3	1	2	2	2	2	2	2	2	2	2	2
4	1	3	4	4	4	4	4	4	4	4	4
5	1	4	7	8	8	8	8	8	8	8	8
6	1	5	11	15	16	16	16	16	16	16	16
7	1	6	16	26	31	32	32	32	32	32	32
8	1	7	22	42	57	63	64	64	64	64	64
9	1	8	29	64	89	120	127	128	128	128	128
10	1	9	37	83	143	209	247	255	256	256	256
11	1	10	46	120	226	352	456	502	511	512	512
12	1	11	56	166	346	578	808	958	1013	1023	1024
""",
    "Table 11": """\
k	Y(1,k)	Y(2,k)	Y(3,k)	Y(4,k)	X(4,k)
1	{1}	{1}	{1}	{1}	{1}
2	{1}	{1,2}	{1,2}	{1,2}	{1,2}
3	{1}	{2}	{2}	{2}	{2}
4	{1}	{2,3}	{2,3}	{2,3}	{1,2,3,4}
5	{1}	{2,3}	{2,3,4}	{2,3,4}	{2,3,4}
6	{1}	{3}	{3,4}	{3,4}	{3,4}
7	{1}	{3,4}	{4}	{4}	{4}
8	{1}	{3,4}	{4,5}	{4,5}	{1,2,3,4,5,6,7,8}
9	{1}	{3,4}	{4,5,6}	{4,5,6}	{2,3,4,5,6,7,8}
10	{1}	{4}	{4,5,6,7}	{4,5,6,7}	{3,4,5,6,7,8}
11	{1}	{4,5}	{4,5,6,7}	{4,5,6,7,8}	{4,5,6,7,8}
12	{1}	{4,5}	{5,6,7}	{5,6,7,8}	{5,6,7,8}
13	{1}	{4,5}	{6,7}	{6,7,8}	{6,7,8}
14	{1}	{4,5}	{7}	{7,8}	{7,8}
15	{1}	{5}	{7,8}	{8}	{8}
""",
}

# What each "j \ n" table holds. Table 8 is headed B(j, n) but its entries are B(j-1, n-1):
# the paper's Pascal triangle is laid out from B(0, 0) in the top-left corner.
_GRID_TABLES: dict[str, Callable[[int, int], int]] = {
    "Table 7": lambda j, n: rep(j, n),
    "Table 8": lambda j, n: comb(j - 1, n - 1),
    "Table 9": lambda j, n: dif(j, n),
    "Table 10": lambda j, n: laplace_rep(j, n),
}

_HEADER = re.compile(r"^([WLXY])\((\d+),k\)$")


def printed_table(name: str) -> pd.DataFrame:
    """A printed table as strings, indexed like the paper (k or j), empty cells as ""."""
    lines = PRINTED[name].rstrip("\n").split("\n")
    header = lines[0].split("\t")
    rows = [line.split("\t") + [""] * (len(header) - len(line.split("\t"))) for line in lines[1:]]
    frame = pd.DataFrame([row[1:] for row in rows], columns=header[1:], dtype=object)
    frame.index = pd.Index([int(row[0]) for row in rows], name=header[0])
    return frame


def compute_cell(name: str, row: int, column: str) -> object:
    """The computed value of one cell of a printed table (an int, a Fraction or a range)."""
    if name in _GRID_TABLES:
        return _GRID_TABLES[name](row, int(column))
    match = _HEADER.match(column)
    if not match:
        raise ValueError(f"{name}: no rule to compute column {column!r}")
    symbol, n = match.group(1), int(match.group(2))
    compute = {"W": worst_case_trials, "L": laplace_trials, "X": worst_case_drops, "Y": laplace_drops}
    return compute[symbol](n, row)


def _agrees(printed: str, computed: object) -> bool:
    if isinstance(computed, range):
        return {int(v) for v in printed.strip("{}").split(",")} == set(computed)
    if "." in printed:  # a decimal, rounded or cut off (Table 1 cuts 50.990099 to 50.99009)
        places = len(printed.split(".")[1])
        error = Fraction(computed) - Fraction(printed)
        return -Fraction(1, 2 * 10**places) <= error < Fraction(1, 10**places)
    return Fraction(printed) == Fraction(computed)


def _show(value: object) -> str:
    if isinstance(value, range):
        return "{" + ",".join(map(str, value)) + "}"
    return str(value)


def errata(names: list[str] | None = None) -> pd.DataFrame:
    """Every printed cell that disagrees with the computation: table, row, column, printed, computed."""
    found = []
    for name in names or list(PRINTED):
        table = printed_table(name)
        for row, cells in table.iterrows():
            for column, printed in cells.items():
                if printed == "":
                    continue
                computed = compute_cell(name, int(row), column)
                if not _agrees(printed, computed):
                    found.append((name, int(row), column, printed, _show(computed)))
    frame = pd.DataFrame(found, columns=["table", "row", "column", "printed", "computed"], dtype=object)
    return frame
