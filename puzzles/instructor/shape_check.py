"""Wrong answers shaped like students' run through each exercise's check, beside the mutants.

Mutants (``puzzles.instructor.strength``) change the worked solution one token at a time; the
answers students actually hand in are wrong in larger, typical ways: right on small inputs only,
an exact search on small inputs with a formula beyond it, right on the sizes the lesson prints, a
cache keyed on part of the input, a greedy rule where a DP is asked, a float where an exact value
is asked, off by one at a boundary, a misreading of the statement. The repository keeps such
answers for every check, as test data that never ships with the pack
(``tests/support/student_shapes/``, one module per unit, each answer declared with its kind).

Each is run through its exercise's check as the notebook runs it (the public cases). An answer
the notebook's check refuses is **refused**. One the notebook's check accepts is then checked as
the grader checks it, with the hidden cases of two seeds: **refused when graded** if both refuse
it (which is the contract for an answer fitted to the public cases, such as a lookup table of
them, and a weakness of the notebook's feedback for any other), **accepted** otherwise: a wrong
answer that earns the points.
"""

from __future__ import annotations

import importlib
import importlib.util
import multiprocessing
import sys
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzles.course import checker

__all__ = [
    "REFUSED",
    "GRADED",
    "ACCEPTED",
    "FITTED",
    "SECTION",
    "ShapeOutcome",
    "default_folder",
    "load",
    "run",
    "table",
    "section",
]

REFUSED, GRADED, ACCEPTED = "refused", "refused when graded", "accepted"
FITTED = "fitted to the public cases"  # the one kind the notebook's check is not expected to refuse
SEEDS = (1, 2)  # the grading seeds an answer the notebook's check accepts is tried with
SECTION = ("<!-- student-shapes:start -->", "<!-- student-shapes:end -->")
PACKAGE = "support.student_shapes"  # below the tests folder


@dataclass
class ShapeOutcome:
    """What an exercise's check said about one student-shaped wrong answer."""

    exercise: str
    kind: str
    name: str
    doc: str
    status: str  # refused, refused when graded, accepted
    message: str  # the verdict that decided it

    @property
    def as_expected(self) -> bool:
        """Refused where it should be: by the notebook's check, or (fitted ones) when graded."""
        return self.status == REFUSED or (self.status == GRADED and self.kind == FITTED)


def default_folder(notebooks: Path) -> Path | None:
    """The repository's tests folder beside the course's notebooks folder, when it holds the shapes."""
    tests = notebooks.resolve().parent / "tests"
    return tests if (tests / Path(*PACKAGE.split(".")) / "__init__.py").is_file() else None


def load(tests: Path) -> dict[str, list[Any]]:
    """Every declared shape, by exercise id, from ``tests/support/student_shapes`` (loaded from
    that folder under a name of its own, whatever else is imported)."""
    package = tests / Path(*PACKAGE.split("."))
    if not (package / "__init__.py").is_file():
        raise ValueError(f"{tests} holds no {PACKAGE} package of student-shaped answers")
    name = f"_student_shapes_{abs(hash(str(package.resolve())))}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, package / "__init__.py", submodule_search_locations=[str(package)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name].all_shapes()


def _short(text: str, size: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= size else text[: size - 3] + "..."


def _judge(shape: Any) -> ShapeOutcome:
    doc = " ".join(shape.doc.split())
    public = checker.verify(shape.exercise, shape.answer)
    if not public.passed:
        return ShapeOutcome(shape.exercise, shape.kind, shape.name, doc, REFUSED, _short(public))
    for seed in SEEDS:
        graded = checker.verify(shape.exercise, shape.answer, seed=seed)
        if graded.passed:
            message = f"graded with seed {seed}: {graded}"
            return ShapeOutcome(shape.exercise, shape.kind, shape.name, doc, ACCEPTED, _short(message))
    return ShapeOutcome(shape.exercise, shape.kind, shape.name, doc, GRADED, _short(graded))


_PENDING: list[Any] = []  # the shapes a forked worker reads by index


def _judge_index(index: int) -> ShapeOutcome:
    return _judge(_PENDING[index])


def run(
    shapes: dict[str, list[Any]], exercises: Iterable[str], *, jobs: int = 1, progress: bool = True
) -> list[ShapeOutcome]:
    """Every shape of ``exercises`` through its check, in the exercises' order."""
    from tqdm import tqdm

    order = list(exercises)
    _PENDING[:] = [shape for exercise in order for shape in shapes.get(exercise, ())]
    outcomes: list[ShapeOutcome | None] = [None] * len(_PENDING)
    bar = tqdm(
        total=len(_PENDING),
        desc="student-shaped answers",
        unit="answer",
        disable=not progress,
        file=sys.stderr,
    )
    with bar:
        if jobs <= 1 or len(_PENDING) <= 1:
            for index in range(len(_PENDING)):
                outcomes[index] = _judge_index(index)
                bar.update()
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork with tqdm's thread: safe here
                pool = multiprocessing.get_context("fork").Pool(jobs)
            with pool:
                indexed = pool.imap(_judge_index, range(len(_PENDING)), chunksize=1)
                for index, outcome in enumerate(indexed):
                    outcomes[index] = outcome
                    bar.update()
    _PENDING.clear()
    return [outcome for outcome in outcomes if outcome is not None]


def table(outcomes: list[ShapeOutcome], exercises: Iterable[tuple[str, str]], links: str = "") -> str:
    """The Markdown table: per exercise (id, lesson), its shapes, kinds and what the check said."""
    lines = [
        "| exercise | answers | kinds | refused by the notebook's check | refused only when graded "
        "| accepted |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for exercise, lesson in exercises:
        mine = [o for o in outcomes if o.exercise == exercise]
        kinds = ", ".join(sorted({o.kind for o in mine})) or "none declared"
        accepted = sum(o.status == ACCEPTED for o in mine)
        flag = " **!**" if accepted or not mine else ""
        lines.append(
            f"| [{exercise}]({links}{lesson}) | {len(mine)} | {kinds} | "
            f"{sum(o.status == REFUSED for o in mine)} | {sum(o.status == GRADED for o in mine)} | "
            f"{accepted}{flag} |"
        )
    refused = sum(o.status == REFUSED for o in outcomes)
    graded = sum(o.status == GRADED for o in outcomes)
    accepted = sum(o.status == ACCEPTED for o in outcomes)
    lines += [
        "",
        f"{len(outcomes)} student-shaped wrong answers: {refused} refused by the notebook's check, "
        f"{graded} only by the grader's hidden cases, {accepted} accepted.",
    ]
    return "\n".join(lines)


def section(outcomes: list[ShapeOutcome], exercises: Iterable[tuple[str, str]]) -> str:
    """The report's section (between ``SECTION``'s markers): the table, then every answer listed."""
    exercises = list(exercises)
    out = [
        "## Student-shaped wrong answers",
        "",
        " ".join(
            """Beside the mutants, every check is run on wrong answers written as students write them
            (kept with the tests in `tests/support/student_shapes/`, never shipped): each is refused by
            the notebook's check, or, when the notebook's check accepts it, checked with the grader's
            hidden cases of two seeds. An answer fitted to the public cases (a lookup table of them) is
            expected to pass the notebook's check and to be refused when graded; any other answer
            refused only when graded is a gap in the notebook's feedback.""".split()
        ),
        "",
        table(outcomes, exercises),
        "",
    ]
    for exercise, _ in exercises:
        mine = [o for o in outcomes if o.exercise == exercise]
        if not mine:
            continue
        out += [f"### {exercise}", ""]
        for o in mine:
            mark = "" if o.as_expected else " **(not as expected)**"
            out.append(f"- `{o.name}` ({o.kind}): {o.doc or 'a value'} **{o.status}**{mark}: {o.message}")
        out.append("")
    return "\n".join(out).rstrip()


def describe(outcomes: list[ShapeOutcome]) -> str:
    """Plain text for the terminal: the answers not refused as expected, then the totals."""
    lines = [
        f"{o.exercise}: student-shaped answer {o.name} ({o.kind}) {o.status}: {o.message}"
        for o in outcomes
        if not o.as_expected
    ]
    refused = sum(o.status == REFUSED for o in outcomes)
    graded = sum(o.status == GRADED for o in outcomes)
    lines.append(
        f"{len(outcomes)} student-shaped wrong answers: {refused} refused by the notebook's check, "
        f"{graded} only when graded, {len(outcomes) - refused - graded} accepted"
    )
    return "\n".join(lines)
