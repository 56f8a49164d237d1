"""Similarity hints: answers nearly the same as another student's, or as the pack's own code.

A report for the instructor to read, never a grade: two students may well write the same
short function, and a hint says only where to look. Nothing here runs a cell: the answers are
read from the hand-ins' sources.

What is compared, exercise by exercise: a hand-in's answer is the code of its solution cells
(those tagged ``solution`` before the exercise's check, the cells the student edition turns
into stubs), never the lesson's own cells. Imports, lines left exactly as the student
edition's stub wrote them, and whatever the stub and the lesson's first code cell share with an
answer (copydetect's "boilerplate": the ``def`` line, the imports) are not counted.

How: copydetect's winnowing (Schleimer, Wilkerson and Aiken, 2003). The code is tokenised
with Pygments and every name becomes ``V``/``F`` and every string ``S``, so renamed variables
and reworded docstrings do not hide a copy; fingerprints are hashes of runs of ``NOISE``
tokenised characters, winnowed so that any run of ``GUARANTEE`` characters the two share is
found. An answer's *share* is the part of its fingerprinted code that the other matches.

Listed:

* two hand-ins whose answers to one exercise share ``THRESHOLD`` (0.8) or more of the shorter
  one's code, and at least ``MINIMUM`` tokenised characters;
* an answer of which ``THRESHOLD`` or more is the exercise's worked solution (the teacher
  notebook's solution cells) or a file of the unit's package (``puzzles/<unit>/*.py``).

An answer with fewer than ``MINIMUM`` (40) tokenised characters left is not compared: a
one-line formula written independently is often the same to the character.
"""

from __future__ import annotations

import ast
import csv
import io
import itertools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from puzzles.instructor import course as model
from puzzles.instructor.student import stub_source

__all__ = [
    "THRESHOLD",
    "MINIMUM",
    "NOISE",
    "GUARANTEE",
    "Answer",
    "Match",
    "Report",
    "answers_of",
    "find_matches",
    "write_report",
]

THRESHOLD = 0.8  # the share of an answer that must match to be listed
MINIMUM = 40  # tokenised characters an answer needs, and a match needs, to count
NOISE = 20  # copydetect's noise threshold: the length of a fingerprinted run (k)
GUARANTEE = 24  # copydetect's guarantee threshold: a shared run this long is always found


@dataclass(frozen=True)
class Answer:
    """One student's code for one exercise."""

    student: str  # the gradebook's id (or the file's name when the name gave none)
    name: str
    file: str
    lesson: str
    exercise: str
    code: str


@dataclass(frozen=True)
class Match:
    """Two answers, or an answer and the pack's code, nearly the same."""

    exercise: str
    kind: str  # "hand-ins", "worked solution" or "pack code"
    first: Answer
    other: str  # the other student's id, or the reference's name
    other_name: str
    other_file: str
    share: float  # of the first answer's code, the part the other matches
    other_share: float  # of the other's code, the part the first matches ("" for the pack's files)
    characters: int  # tokenised characters of the first answer that match


@dataclass
class Report:
    csv: Path
    summary: Path
    matches: list[Match] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def pairs(self) -> int:
        return len({(m.first.student, m.other) for m in self.matches if m.kind == "hand-ins"})

    @property
    def references(self) -> int:
        return sum(m.kind != "hand-ins" for m in self.matches)


# -- reading answers -----------------------------------------------------------------------------


def _without_imports(code: str) -> str:
    """``code`` without its import statements (as written, when it does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return "\n".join(
            line for line in code.splitlines() if not line.lstrip().startswith(("import ", "from "))
        )
    lines = code.splitlines()
    drop: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            drop.update(range(node.lineno - 1, (node.end_lineno or node.lineno)))
    return "\n".join(line for number, line in enumerate(lines) if number not in drop)


def _stub_lines(exercise: model.Exercise) -> set[str]:
    cells = exercise.lesson.notebook.cells
    lines: set[str] = set()
    for index in exercise.cells.solutions:
        try:
            lines.update(line.strip() for line in stub_source(cells[index].source).splitlines())
        except (SyntaxError, ValueError):
            continue
    return {line for line in lines if line}


def _clean(code: str, stub: set[str]) -> str:
    """An answer's own code: no imports, no line left as the stub wrote it."""
    kept = [line for line in _without_imports(code).splitlines() if line.strip() not in stub]
    return "\n".join(kept).strip()


def _cells(notebook: Any) -> list:
    return notebook.cells if hasattr(notebook, "cells") else notebook["cells"]


def answers_of(
    notebook: Any | Path, lesson: model.Lesson, student: str, name: str = "", file: str = ""
) -> list[Answer]:
    """The answers of one hand-in (a notebook, or the path of one) to ``lesson``'s exercises,
    read from its solution cells; an exercise left as the stub, or missing, gives none."""
    if isinstance(notebook, (str, Path)):
        file = file or Path(notebook).name
        notebook = nbformat.read(str(notebook), as_version=4)
    cells = _cells(notebook)
    places = model.locate(notebook)
    found = []
    for exercise in lesson.exercises:
        place = places.get(exercise.id)
        if place is None:
            continue
        code = _clean("\n\n".join(cells[i].get("source", "") for i in place.solutions), _stub_lines(exercise))
        if code:
            found.append(Answer(student, name, file, lesson.file, exercise.id, code))
    return found


# -- fingerprints ----------------------------------------------------------------------------------


def _stable_kgram_hashes(string: str, k: int):
    """The hashes of every k-gram of ``string``, the same in every process (BLAKE2, 8 bytes)."""
    import hashlib

    import numpy as np

    def stable(kgram: str) -> int:
        return int.from_bytes(hashlib.blake2b(kgram.encode(), digest_size=8).digest(), "big", signed=True)

    return np.array([stable(string[at : at + k]) for at in range(len(string) - k + 1)], dtype=np.int64)


def _copydetect():
    """copydetect, hashing k-grams the same way in every process. Its own ``hashed_kgrams`` uses
    Python's ``hash()``, which is salted per process (``PYTHONHASHSEED``): the winnowing then
    keeps other fingerprints on every run, and a share near the threshold would list a pair on
    one run and not the next."""
    import copydetect
    import copydetect.utils

    copydetect.utils.hashed_kgrams = _stable_kgram_hashes
    return copydetect


def _fingerprint(code: str, boilerplate: list[int] | None = None):
    copydetect = _copydetect()

    return copydetect.CodeFingerprint(
        "answer.py",
        NOISE,
        GUARANTEE - NOISE + 1,
        boilerplate=boilerplate or [],
        language="python",
        fp=io.StringIO(code),
    )


def _boilerplate(exercise: model.Exercise) -> list[int]:
    """The fingerprints the student edition gives every student alike: the stub and the
    lesson's first code cell (its imports)."""
    cells = exercise.lesson.notebook.cells
    text = [exercise.lesson.first_code_cell()]
    for index in exercise.cells.solutions:
        try:
            text.append(stub_source(cells[index].source))
        except (SyntaxError, ValueError):
            continue
    return sorted(_fingerprint("\n\n".join(text)).hashes)


def _shares(first, second) -> tuple[float, float, int]:
    copydetect = _copydetect()

    if not (first.hashes & second.hashes) or not first.token_coverage or not second.token_coverage:
        return 0.0, 0.0, 0
    overlap, (one, two), _ = copydetect.compare_files(first, second)
    return float(one), float(two), int(overlap)


def _pack_files(lesson: model.Lesson) -> list[Path]:
    """The unit's package: its Python files (the pack's own code students could copy), found
    beside the pack's own ``__init__`` (not through the import system, whose state a notebook
    or a check may have changed in this process)."""
    import puzzles

    folder = Path(puzzles.__file__).resolve().parent.joinpath(*lesson.unit.package.split(".")[1:])
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def find_matches(
    answers: list[Answer], course: model.Course, threshold: float = THRESHOLD, references: bool = True
) -> list[Match]:
    """Every pair of answers to one exercise nearly the same, and (``references``) every answer
    nearly the same as its worked solution or the unit's package (see the module's description)."""
    if not 0 < threshold <= 1:
        raise ValueError(f"the similarity threshold is a share between 0 and 1, got {threshold}")
    matches: list[Match] = []
    by_exercise: dict[str, list[Answer]] = {}
    for answer in answers:
        by_exercise.setdefault(answer.exercise, []).append(answer)
    pack: dict[str, list[tuple[str, Any]]] = {}
    for exercise_id, group in sorted(by_exercise.items()):
        exercise = course.exercise(exercise_id)
        boilerplate = _boilerplate(exercise)
        prints = [(answer, _fingerprint(answer.code, boilerplate)) for answer in group]
        prints = [(a, p) for a, p in prints if p.token_coverage >= MINIMUM]
        for (one, first), (two, second) in itertools.combinations(prints, 2):
            if one.student == two.student:
                continue
            share, other_share, characters = _shares(first, second)
            if characters >= MINIMUM and max(share, other_share) >= threshold:
                if (-share, one.student) > (-other_share, two.student):  # the more copied one first
                    one, two, share, other_share = two, one, other_share, share
                matches.append(
                    Match(
                        exercise_id,
                        "hand-ins",
                        one,
                        two.student,
                        two.name,
                        two.file,
                        share,
                        other_share,
                        characters,
                    )
                )
        if not references or not prints:
            continue
        worked = _clean(exercise.worked_code(), set())
        sources = [("worked solution", f"the worked solution of {exercise_id}", worked)]
        lesson = exercise.lesson
        if lesson.unit.package not in pack:
            pack[lesson.unit.package] = [
                (os.path.relpath(path, path.parents[2]), _fingerprint(path.read_text(encoding="utf-8")))
                for path in _pack_files(lesson)
            ]
        reference_prints = [(kind, label, _fingerprint(text, boilerplate)) for kind, label, text in sources]
        reference_prints += [("pack code", label, fp) for label, fp in pack[lesson.unit.package]]
        for answer, fingerprint in prints:
            for kind, label, reference in reference_prints:
                share, other_share, characters = _shares(fingerprint, reference)
                if characters >= MINIMUM and share >= threshold:
                    matches.append(
                        Match(exercise_id, kind, answer, label, "", "", share, other_share, characters)
                    )
    return matches


# -- the report ------------------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{round(100 * value)} %"


def _who(student: str, name: str) -> str:
    return f"{name} ({student})" if name and name != student else student


def write_report(out: Path, handins: list, course: model.Course, threshold: float = THRESHOLD) -> Report:
    """Write ``<out>-similarity.csv`` and ``<out>-similarity.md`` for graded hand-ins (objects
    with ``path``, ``lesson`` and ``student``: the grader's HandIn); read their sources only."""
    answers: list[Answer] = []
    skipped = []
    for handin in handins:
        if not handin.lesson:
            continue
        student = handin.student.id or Path(handin.path).name
        try:
            notebook = nbformat.read(str(handin.path), as_version=4)
            answers += answers_of(
                notebook, course.lesson(handin.lesson), student, handin.student.name, Path(handin.path).name
            )
        except Exception as error:  # noqa: BLE001 - a damaged or missing file is named, the rest go on
            skipped.append(f"{Path(handin.path).name} ({type(error).__name__})")
    matches = find_matches(answers, course, threshold)
    report = Report(
        out.with_name(out.stem + "-similarity.csv"),
        out.with_name(out.stem + "-similarity.md"),
        matches,
        skipped,
    )
    report.csv.parent.mkdir(parents=True, exist_ok=True)
    with report.csv.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(
            [
                "exercise",
                "kind",
                "student",
                "name",
                "file",
                "matches",
                "other name",
                "other file",
                "share of the answer",
                "share of the other",
                "characters",
            ]
        )
        for m in matches:
            writer.writerow(
                [
                    m.exercise,
                    m.kind,
                    m.first.student,
                    m.first.name,
                    m.first.file,
                    m.other,
                    m.other_name,
                    m.other_file,
                    f"{m.share:.2f}",
                    f"{m.other_share:.2f}" if m.kind != "pack code" else "",
                    str(m.characters),
                ]
            )
    report.summary.write_text(_summary(report, threshold, len(answers)), encoding="utf-8")
    return report


def _summary(report: Report, threshold: float, answers: int) -> str:
    lines = [
        "# Similarity hints: a report for the instructor, never a grade",
        "",
        f"{answers} answers compared, exercise by exercise, with copydetect's winnowing: an answer is "
        f"listed when {_percent(threshold)} or more of it matches another student's answer to the same "
        "exercise, the worked solution or the unit's package, over at least "
        f"{MINIMUM} characters of tokenised code (names and strings count alike, imports and the stub "
        "do not). Two students can write the same short function on their own: read both notebooks, "
        "and ask, before anything else.",
        "",
    ]
    pairs: dict[tuple[str, str], list[Match]] = {}
    for m in report.matches:
        if m.kind == "hand-ins":
            pairs.setdefault((m.first.student, m.other), []).append(m)
    lines += ["## Hand-ins with nearly the same answers", ""]
    if not pairs:
        lines += ["None.", ""]
    for (first, other), group in sorted(pairs.items()):
        head = group[0]
        lines.append(
            f"- **{_who(first, head.first.name)}** and **{_who(other, head.other_name)}** "
            f"({head.first.file}, {head.other_file}): "
            + "; ".join(f"{m.exercise} {_percent(m.share)} / {_percent(m.other_share)}" for m in group)
        )
    lines += ["", "## Answers nearly the same as a worked solution or the pack's own code", ""]
    references = [m for m in report.matches if m.kind != "hand-ins"]
    if not references:
        lines += ["None.", ""]
    for m in references:
        lines.append(
            f"- **{_who(m.first.student, m.first.name)}** ({m.first.file}), {m.exercise}: "
            f"{_percent(m.share)} of the answer is {m.other}"
        )
    if report.skipped:
        lines += ["", "Not read (not a notebook, or gone): " + ", ".join(report.skipped) + "."]
    lines.append("")
    return "\n".join(lines)
