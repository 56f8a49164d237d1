"""``python -m puzzles.instructor.grading.bench``: time ``dp-puzzles grade`` on a class of hand-ins.

A class of ``--students`` hand-ins of one lesson is written to a folder, under Canvas's download
names, in four kinds that a real class mixes: the worked notebook (every answer right), the
student edition untouched, the worked notebook with half its exercises left as stubs, and the
worked notebook with one answer that loops for ever (a different exercise in turn). The grader is then
run on it as an instructor runs it (``--jobs``, a Canvas gradebook, every hand-in in its
bubblewrap sandbox, the pack built as a wheel at the start included) and the wall time, the
hand-ins per minute, the machine's load before and after (a shared machine's other work shows
there) and the verdicts are printed. Nothing is asserted: this is a measurement.
``--unsafe`` measures the same without the sandbox, for comparison.

    python -m puzzles.instructor.grading.bench --lesson higher-lower/03-column-generation \\
        --students 120 --jobs 2
"""

from __future__ import annotations

import argparse
import collections
import copy
import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor.student import student_notebook

KINDS = ("worked", "half", "untouched", "looping")
LOOP = "    while True:  # a loop that never ends\n        pass\n"


def _loops(source: str, name: str) -> str:
    """The answer cell with ``name``'s body replaced by an endless loop (its signature kept)."""
    lines = source.splitlines(keepends=True)
    for number, line in enumerate(lines):
        if line.startswith(f"def {name}("):
            end = number
            while not lines[end].rstrip().endswith(":"):
                end += 1
            return "".join(lines[: end + 1]) + LOOP
    return f"def {name}(*args, **kwargs):\n" + LOOP


def write_class(lesson: model.Lesson, students: int, folder: Path) -> dict[str, str]:
    """``students`` hand-ins of ``lesson`` in ``folder``, in turn worked (every answer right),
    half (every other exercise left as its stub), untouched (the student edition) and looping
    (one answer, a different one in turn, loops for ever): file name -> kind."""
    teacher = lesson.notebook
    stub = student_notebook(teacher)
    stub_cells = {cell.id: cell for cell in stub.cells}
    coded = [exercise for exercise in lesson.exercises if exercise.cells.solutions]
    stem = Path(lesson.path).stem
    kinds = {}
    for number in range(students):
        kind = KINDS[number % len(KINDS)]
        turn = number // len(KINDS)
        notebook = copy.deepcopy(teacher)
        if kind == "untouched":
            notebook = stub
        elif kind == "half":
            for exercise in coded[turn % 2 :: 2]:
                for index in exercise.cells.solutions:
                    notebook.cells[index] = copy.deepcopy(stub_cells[teacher.cells[index].id])
        elif kind == "looping" and coded:
            exercise = coded[turn % len(coded)]
            index = (
                next(
                    i
                    for i in exercise.cells.solutions
                    if f"def {exercise.answer}(" in teacher.cells[i].source
                )
                if exercise.kind == "function"
                else exercise.cells.solutions[-1]
            )
            notebook.cells[index].source = _loops(teacher.cells[index].source, exercise.answer)
        name = f"student{number:03d}_{5000 + number}_{9000 + number}_{stem}.ipynb"
        nbformat.write(notebook, folder / name)
        kinds[name] = kind
    return kinds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m puzzles.instructor.grading.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--lesson", default="higher-lower/03-column-generation", help="the lesson, as in _toc.yml"
    )
    parser.add_argument("--students", type=int, default=120, help="how many hand-ins (default 120)")
    parser.add_argument("--jobs", type=int, default=2, help="the grader's workers (default 2)")
    parser.add_argument("--keep", type=Path, help="write the class and the gradebook here and keep them")
    parser.add_argument("--unsafe", action="store_true", help="grade without the sandbox (for comparison)")
    args = parser.parse_args(argv)
    if args.students < 1:
        parser.error(f"--students must be at least 1, got {args.students}")
    course = model.load()
    try:
        lesson = course.lesson(args.lesson)
    except model.CourseError as error:
        parser.error(str(error))
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-grade-bench-") as scratch:
        root = args.keep or Path(scratch)
        folder = root / "class"
        folder.mkdir(parents=True, exist_ok=True)
        kinds = write_class(lesson, args.students, folder)
        out = root / "grades.csv"
        command = [str(Path(sys.executable).parent / "dp-puzzles"), "grade", str(folder), "--out", str(out)]
        command += ["--format", "canvas", "--jobs", str(args.jobs), "--quiet"]
        command += ["--unsafe"] if args.unsafe else []
        before = os.getloadavg()
        started = time.monotonic()
        done = subprocess.run(command, cwd=root, capture_output=True, text=True)
        seconds = time.monotonic() - started
        if done.returncode != 0:
            print(done.stdout, done.stderr, sep="\n")
            return done.returncode
        with out.with_name("grades-details.csv").open() as stream:
            rows = list(csv.DictReader(stream))
        verdicts = collections.Counter((kinds[row["file"]], row["verdict"]) for row in rows)
    after = os.getloadavg()
    mode = "without a sandbox (--unsafe)" if args.unsafe else "each group of each hand-in in its sandbox"
    print(
        f"{args.students} hand-ins of {args.lesson}, --jobs {args.jobs}, {mode}: {seconds:.0f} s "
        f"({60 * args.students / seconds:.1f} hand-ins a minute, {seconds / args.students:.1f} s each) on "
        f"{os.cpu_count()} cores; load average (1, 5, 15 min) before {before[0]:.1f} {before[1]:.1f} "
        f"{before[2]:.1f}, after {after[0]:.1f} {after[1]:.1f} {after[2]:.1f}"
    )
    for kind in KINDS:
        found = {verdict: count for (k, verdict), count in sorted(verdicts.items()) if k == kind}
        if found:
            print(f"  {kind}: " + ", ".join(f"{count} {verdict}" for verdict, count in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
