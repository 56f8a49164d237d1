"""How strong each exercise's check is: its worked solution mutated, every mutant checked.

    dp-puzzles check-strength                     # every exercise, printed
    dp-puzzles check-strength --unit egg          # one unit (--exercise egg-3: one exercise)
    dp-puzzles check-strength --write             # and rewrite the report and the README's table

For each exercise, the worked solution (the lesson's first code cell, then the exercise's
code cells tagged `solution`) is first checked as it is: it must be Correct, and its own time
is measured. Then each mutant, the same cells with one small change (see
`puzzles.instructor.mutants` and the report's table of operators), is defined the same way
and run through the exercise's own check. A mutant the check refuses is killed; one it
accepts survives. The kill rate is killed / (mutants - equivalent); the goal is 90% for every
exercise.

* Equivalent mutants (those that compute the same answer as the worked solution) are listed,
  each with a one-line reason, in the reviewed file `notebooks/equivalent-mutants.toml`; they
  do not count. An entry that matches no mutant is reported as stale, and an entry whose
  mutant the check refuses as wrong.
* Time: a mutant gets the exercise's limit or 5 times the worked solution's time plus 1 s,
  whichever is less (`--time-factor`, `--time-margin`); a mutant that runs out of it is killed
  (the check would refuse it too, at its own limit, unless it is merely slower; the report
  counts timeouts apart). The mutants run in parallel workers (`--jobs`), each a fork of this
  process made after every reference table is computed, so that no mutant pays for them.
* The report (`notebooks/check-strength.md`, beside the table of every exercise) and the
  README's summary table are rewritten with `--write`, from a run over the whole course.

Why mutmut's operators and our own runner. mutmut (3.8.1) and cosmic-ray (8.7.0) both mutate
Python files on disk and run a test command or a pytest session per mutant; neither takes a
notebook's cells, and a check needs its reference tables warm. Measured on the 2-core
machine under its usual load (5 to 10): a fresh process that imports the pack, defines a
worked solution and runs its check takes 16 to 23 s, the check itself 1 to 2 s of it; so a
process per mutant would take about 2 hours for egg's 816 mutants on two workers, where
this tool takes 4 minutes on the idle machine and 14.5 under that load (0.5 to 1 s per
mutant in a warm process, and a loop mutated into an endless one stopped at the mutants'
limit). Their operator code,
though, works as a library on a cell's source: mutmut's node operators are plain functions
on libcst nodes (egg's 816 mutants made in 10 to 12 s, comments and layout kept); cosmic-ray's
work through `mutate_code(source, operator, occurrence)` on parso trees (2195 egg mutants, 1705
of them each binary operator for every other, made in 54 s by re-parsing per occurrence, and
it brings sqlalchemy, aiohttp and gitpython with it). So the mutants come from mutmut's
operators plus the pack's own (on the same libcst trees), and this module runs them.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import multiprocessing
import os
import signal
import sys
import time
import tomllib
import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzles.course import checker
from puzzles.instructor import course as model
from puzzles.instructor import shape_check
from puzzles.instructor.mutants import OPERATORS, Mutation, mutations

__all__ = [
    "GOAL",
    "REPORT",
    "EQUIVALENTS",
    "SUMMARY",
    "StrengthError",
    "Mutant",
    "Equivalent",
    "Outcome",
    "ExerciseStrength",
    "Strength",
    "load_equivalents",
    "select",
    "measure",
    "summary_table",
    "report",
    "write",
    "add_arguments",
    "run",
    "main",
]

GOAL = 0.9  # the share of non-equivalent mutants every check must refuse (issue 26)
TIME_FACTOR, TIME_MARGIN = 5.0, 1.0  # a mutant's limit: factor x the worked solution's time + margin
REPORT = "check-strength.md"  # in the course's notebooks folder, beside README.md's table of exercises
EQUIVALENTS = "equivalent-mutants.toml"  # the reviewed list of equivalent mutants, beside it
SUMMARY = ("<!-- check-strength:start -->", "<!-- check-strength:end -->")  # the README's generated table

KILLED, TIMED_OUT, SURVIVED, EQUIVALENT = "killed", "timed out", "survived", "equivalent"
CHECK_FAILED, STILLBORN = "check failed", "stillborn"


class StrengthError(ValueError):
    """A selection or a file that ``check-strength`` cannot work with; the sentence says which."""


# -- mutants and the reviewed equivalent ones --------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """One mutant of an exercise's worked solution: every solution cell's source, one of them changed."""

    exercise: str
    number: int  # from 1, in the order of the source
    cell: int  # the changed cell's index in the notebook, from 0
    mutation: Mutation
    sources: tuple[str, ...]
    occurrence: int = 1  # among this exercise's mutants with the same operator, line and change, from 1

    @property
    def operator(self) -> str:
        return self.mutation.operator

    @property
    def name(self) -> str:
        return f"{self.exercise}#{self.number}"

    def diff(self, indent: str = "") -> str:
        """The changed line(s), before (``-``) and after (``+``)."""
        lines = [f"{indent}- {text}" for text in self.mutation.before.splitlines() or [""]]
        lines += [f"{indent}+ {text}" for text in self.mutation.after.splitlines() or [""]]
        return "\n".join(lines)


@dataclass(frozen=True)
class Equivalent:
    """A reviewed mutant that computes what the worked solution computes, and why.

    Its identity is the exercise, the operator and the changed line before and after (stripped;
    lines joined by newlines where a change spans several), never a line number that shifts;
    where the same change can be made on several identical lines, ``occurrence`` (from 1, in
    the order of the source) says which one (0: every one).
    """

    exercise: str
    operator: str
    line: str
    becomes: str
    reason: str
    occurrence: int = 0

    def matches(self, mutant: Mutant) -> bool:
        return (
            mutant.exercise == self.exercise
            and mutant.operator == self.operator
            and _same_text(mutant.mutation.before, self.line)
            and _same_text(mutant.mutation.after, self.becomes)
            and self.occurrence in (0, mutant.occurrence)
        )

    def describe(self) -> str:
        return f"{self.exercise} [{self.operator}] `{self.line}` -> `{self.becomes}`"


def _normal(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def _same_text(a: str, b: str) -> bool:
    return [line.strip() for line in a.strip().splitlines()] == [
        line.strip() for line in b.strip().splitlines()
    ]


def load_equivalents(path: Path) -> list[Equivalent]:
    """The entries of the reviewed file (none when it does not exist).

    The file holds one array of tables per exercise::

        [[unit-7]]
        operator = "constant-1"
        line = "total = sum(x * x for x in range(1, n + 1))"
        becomes = "total = sum(x * x for x in range(0, n + 1))"
        reason = "the term x = 0 adds nothing to the sum"
    """
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise StrengthError(f"{path} is not valid TOML: {error}") from None
    entries = []
    for exercise, listed in data.items():
        if not isinstance(listed, list):
            raise StrengthError(f"{path}: [{exercise}] must be written [[{exercise}]], one table per mutant")
        for number, item in enumerate(listed, start=1):
            where = f"{path}: entry {number} of [[{exercise}]]"
            keys = {"operator", "line", "becomes", "reason"}
            if not isinstance(item, dict) or not keys <= set(item) <= keys | {"occurrence"}:
                raise StrengthError(
                    f"{where} needs operator, line, becomes and reason (and may say occurrence)"
                )
            occurrence = item.pop("occurrence", 0)
            if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 0:
                raise StrengthError(f"{where}: occurrence is a whole number from 1 (0 or absent: every one)")
            if not all(isinstance(value, str) for value in item.values()):
                raise StrengthError(f"{where}: every value is a string")
            if item["operator"] not in OPERATORS:
                known = ", ".join(OPERATORS)
                raise StrengthError(f"{where}: unknown operator {item['operator']!r}; known: {known}")
            if not item["reason"].strip() or "\n" in item["reason"].strip():
                raise StrengthError(f"{where}: the reason is one line, and not empty")
            entries.append(
                Equivalent(
                    exercise,
                    item["operator"],
                    item["line"],
                    item["becomes"],
                    item["reason"].strip(),
                    occurrence,
                )
            )
    return entries


# -- outcomes ------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What the check said about one mutant."""

    mutant: Mutant
    status: str  # killed, timed out, survived, equivalent, check failed, stillborn
    message: str = ""  # the verdict (or why the mutant could not be defined)
    equivalent: Equivalent | None = None


@dataclass
class ExerciseStrength:
    """One exercise's measurement, or why it could not be measured."""

    exercise: str
    heading: str
    lesson: str  # the lesson's notebook below the course folder: egg/02-expected-value.ipynb
    measured: bool
    why_not: str = ""
    worked_seconds: float = 0.0  # the worked solution's own time in the check
    check_limit: float = 0.0  # the check's own limit
    mutant_limit: float = 0.0  # the limit the mutants got
    outcomes: list[Outcome] = field(default_factory=list)
    stale: list[Equivalent] = field(default_factory=list)  # entries no mutant matches
    refused: list[Outcome] = field(default_factory=list)  # listed as equivalent, refused by the check

    def count(self, *statuses: str) -> int:
        return sum(1 for outcome in self.outcomes if outcome.status in statuses)

    @property
    def considered(self) -> int:
        """The mutants that count: all but the equivalent and the stillborn ones."""
        return len(self.outcomes) - self.count(EQUIVALENT, STILLBORN)

    @property
    def killed(self) -> int:
        return self.count(KILLED, TIMED_OUT)

    @property
    def survivors(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if outcome.status in (SURVIVED, CHECK_FAILED)]

    @property
    def kill_rate(self) -> float | None:
        return self.killed / self.considered if self.considered else None

    @property
    def meets_goal(self) -> bool:
        rate = self.kill_rate
        return self.measured and (rate is None or rate >= GOAL) and not self.count(CHECK_FAILED)


@dataclass
class Strength:
    """A run: every exercise asked for, how long it took, with how many workers."""

    exercises: list[ExerciseStrength]
    seconds: float
    jobs: int
    equivalents: Path
    shapes: list[shape_check.ShapeOutcome] | None = None  # the student-shaped answers, when run

    @property
    def measured(self) -> list[ExerciseStrength]:
        return [e for e in self.exercises if e.measured]

    @property
    def ok(self) -> bool:
        """Every exercise measured, each at the goal, and no entry of the reviewed file to fix."""
        mutants = all(e.measured and e.meets_goal and not e.stale and not e.refused for e in self.exercises)
        return mutants and all(outcome.as_expected for outcome in self.shapes or ())


# -- choosing exercises ------------------------------------------------------------------------------


def select(
    course: model.Course, exercises: Iterable[str] = (), units: Iterable[str] = ()
) -> list[model.Exercise]:
    """The exercises named by id or by unit (all when neither is given), in course order."""
    exercises, units = list(exercises), list(units)
    known = {exercise.id: exercise for exercise in course.exercises}
    for exercise_id in exercises:
        if exercise_id not in known:
            raise StrengthError(f"the course has no exercise {exercise_id!r}; it has {', '.join(known)}")
    folders = [unit.folder for unit in course.units]
    for unit in units:
        if unit not in folders:
            raise StrengthError(f"the course has no unit {unit!r}; it has {', '.join(folders)}")
    if not exercises and not units:
        return list(known.values())
    return [
        exercise
        for exercise in known.values()
        if exercise.id in exercises or exercise.lesson.unit.folder in units
    ]


# -- preparing and running ----------------------------------------------------------------------------


@dataclass
class _Prepared:
    exercise: model.Exercise
    base: dict[str, Any]  # the namespace after the lesson's first code cell
    sources: tuple[str, ...]
    worked_seconds: float
    mutant_limit: float
    mutants: dict[int, Mutant]  # by number


_PREPARED: dict[str, _Prepared] = {}  # what the forked workers read


def _first_cell_namespace(lesson: model.Lesson, cache: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if lesson.file not in cache:
        namespace: dict[str, Any] = {"__name__": "__main__"}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(lesson.first_code_cell(), f"{lesson.relative}:imports", "exec"), namespace)
        cache[lesson.file] = namespace
    return cache[lesson.file]


class _TooLong(Exception):
    """A mutant's cells did not finish defining its answer in time."""


def _define(
    base: dict[str, Any], sources: Iterable[str], answer: str, where: str, seconds: float | None = None
) -> Any:
    """The answer the cells define, run after the lesson's first cell in a fresh namespace.

    With ``seconds``, cells still running after that long (a mutant whose top-level loop no
    longer ends) raise ``_TooLong``: a worker is never lost to one mutant.
    """
    namespace = dict(base)

    def stop(signum: int, frame: Any) -> None:
        raise _TooLong(f"its cells were still running after {seconds:g} s")

    timed = seconds is not None and hasattr(signal, "setitimer")
    previous = signal.signal(signal.SIGALRM, stop) if timed else None
    if timed:
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for source in sources:
                exec(compile(source, where, "exec"), namespace)
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return namespace[answer]


@contextlib.contextmanager
def _time_limit(exercise_id: str, seconds: float):
    """The check of ``exercise_id`` with a shorter time limit, for the time of a with-block.

    The checker offers no public way to lower a limit (a unit's exercise never should); this
    tool swaps the registered entry for a copy, as the test helper does, in its own process.
    """
    entry = checker.registration(exercise_id)
    checker._REGISTRY[exercise_id] = dataclasses.replace(entry, time_limit=seconds)
    try:
        yield
    finally:
        checker._REGISTRY[exercise_id] = entry


def _prepare(
    exercise: model.Exercise,
    cache: dict[str, dict[str, Any]],
    factor: float,
    margin: float,
    operators: Iterable[str] | None,
) -> _Prepared | str:
    """The worked solution checked and timed, and its mutants; or why the exercise cannot be measured."""
    cells = exercise.lesson.notebook.cells
    if not exercise.cells.solutions:
        return "it has no worked solution in code"
    try:
        entry = checker.registration(exercise.id)
    except Exception as error:  # noqa: BLE001 - a unit whose checks do not import: say so and go on
        return f"its check cannot run here ({type(error).__name__}: {_short(str(error))})"
    sources = tuple(cells[i].source for i in exercise.cells.solutions)
    try:
        base = _first_cell_namespace(exercise.lesson, cache)
        answer = _define(base, sources, exercise.answer, f"{exercise.lesson.relative}:{exercise.id}")
    except Exception as error:  # noqa: BLE001
        return f"its worked solution does not run ({type(error).__name__}: {_short(str(error))})"
    seconds = 0.0
    runs, retried = 0, False
    while runs < 2:  # the first run also computes the references; the time is the slower one's
        verdict = checker.verify(exercise.id, answer)
        if not verdict.passed:
            if not retried and "took longer than" in verdict.message:
                retried = True  # once: a busy machine can stall a check; twice is the solution's doing
                continue
            return f"its worked solution is not accepted: {_short(str(verdict))}"
        seconds = max(seconds, verdict.seconds or 0.0)
        runs += 1
    limit = min(entry.time_limit, factor * seconds + margin)
    mutants: dict[int, Mutant] = {}
    seen: dict[tuple[str, str, str], int] = {}
    for position, (index, source) in enumerate(zip(exercise.cells.solutions, sources, strict=True)):
        try:
            found = mutations(source, operators)
        except SyntaxError as error:
            return f"its worked solution cannot be mutated ({error})"
        for mutation in found:
            changed = list(sources)
            changed[position] = mutation.source
            number = len(mutants) + 1
            key = (mutation.operator, _normal(mutation.before), _normal(mutation.after))
            seen[key] = seen.get(key, 0) + 1
            mutants[number] = Mutant(exercise.id, number, index, mutation, tuple(changed), seen[key])
    return _Prepared(exercise, base, sources, seconds, limit, mutants)


_REPOSITORY = str(Path(__file__).resolve().parents[2]) + os.sep


def _short(text: str, size: int = 240) -> str:
    """One line of at most ``size`` characters, with the repository's own paths made relative."""
    text = " ".join(text.replace(_REPOSITORY, "").split())
    return text if len(text) <= size else text[: size - 3] + "..."


def _judge(task: tuple[str, int]) -> tuple[str, int, str, str]:
    """``(exercise, mutant number) -> (exercise, number, status, verdict)``: one mutant checked."""
    exercise_id, number = task
    prepared = _PREPARED[exercise_id]
    mutant = prepared.mutants[number]
    try:
        answer = _define(
            prepared.base, mutant.sources, prepared.exercise.answer, f"<{mutant.name}>", prepared.mutant_limit
        )
    except Exception as error:  # noqa: BLE001 - the mutant's cells raise before the check
        return exercise_id, number, STILLBORN, f"{type(error).__name__}: {_short(str(error))}"
    with _time_limit(exercise_id, prepared.mutant_limit):
        verdict = checker.verify(exercise_id, answer)
    if verdict.status == "correct":
        status = SURVIVED
    elif verdict.status == "check failed":
        status = CHECK_FAILED
    elif "took longer than" in verdict.message:
        status = TIMED_OUT
    else:
        status = KILLED
    return exercise_id, number, status, _short(str(verdict), 400)


def measure(
    course: model.Course,
    exercises: Iterable[model.Exercise],
    *,
    jobs: int = 1,
    equivalents: Path | None = None,
    factor: float = TIME_FACTOR,
    margin: float = TIME_MARGIN,
    operators: Iterable[str] | None = None,
    keep: Callable[[Mutant], bool] | None = None,
    progress: bool = True,
) -> Strength:
    """Check every mutant of every exercise (those ``keep`` accepts, when given) and sort the outcomes."""
    from tqdm import tqdm

    started = time.monotonic()
    path = equivalents if equivalents is not None else course.root / EQUIVALENTS
    listed = load_equivalents(path)
    exercises = list(exercises)
    operators = list(operators) if operators is not None else None
    results: dict[str, ExerciseStrength] = {}
    cache: dict[str, dict[str, Any]] = {}
    _PREPARED.clear()
    for exercise in tqdm(
        exercises, desc="worked solutions", unit="exercise", disable=not progress, file=sys.stderr
    ):
        strength = ExerciseStrength(exercise.id, exercise.heading, exercise.lesson.relative, False)
        prepared = _prepare(exercise, cache, factor, margin, operators)
        if isinstance(prepared, str):
            strength.why_not = prepared
        else:
            if keep is not None:
                prepared.mutants = {n: m for n, m in prepared.mutants.items() if keep(m)}
            _PREPARED[exercise.id] = prepared
            strength.measured = True
            strength.worked_seconds = prepared.worked_seconds
            strength.check_limit = checker.registration(exercise.id).time_limit
            strength.mutant_limit = prepared.mutant_limit
        results[exercise.id] = strength
    tasks = [(exercise_id, number) for exercise_id, p in _PREPARED.items() for number in p.mutants]
    answers: list[tuple[str, int, str, str]] = []
    with tqdm(total=len(tasks), desc="mutants", unit="mutant", disable=not progress, file=sys.stderr) as bar:
        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                answers.append(_judge(task))
                bar.update()
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork with tqdm's thread: safe here
                pool = multiprocessing.get_context("fork").Pool(jobs)
            with pool:
                for answer in pool.imap_unordered(_judge, tasks, chunksize=1):
                    answers.append(answer)
                    bar.update()
    for exercise_id, number, status, message in sorted(answers, key=lambda a: (a[0], a[1])):
        mutant = _PREPARED[exercise_id].mutants[number]
        results[exercise_id].outcomes.append(Outcome(mutant, status, message))
    whole = keep is None and operators is None  # only a run of every mutant can call an entry stale
    for strength in results.values():
        if strength.measured:
            _apply_equivalents(strength, [e for e in listed if e.exercise == strength.exercise], whole)
    _PREPARED.clear()
    return Strength([results[e.id] for e in exercises], time.monotonic() - started, max(1, jobs), path)


def _apply_equivalents(strength: ExerciseStrength, listed: list[Equivalent], judge_stale: bool) -> None:
    for entry in listed:
        matched = [o for o in strength.outcomes if entry.matches(o.mutant)]
        if not matched and judge_stale:
            strength.stale.append(entry)
        for outcome in matched:
            outcome.equivalent = entry
            if outcome.status == SURVIVED:
                outcome.status = EQUIVALENT
            elif outcome.status in (KILLED, TIMED_OUT):
                strength.refused.append(outcome)


# -- what a run says ------------------------------------------------------------------------------------


def _rate(strength: ExerciseStrength) -> str:
    rate = strength.kill_rate
    return "no mutant" if rate is None else f"{strength.killed}/{strength.considered} = {100 * rate:.1f}%"


def _duration(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s" if minutes else f"{seconds:.1f} s"


def describe(strength: Strength) -> str:
    """The run in plain text: a line per exercise, its survivors as diffs, stale and wrong entries."""
    lines = []
    for e in strength.exercises:
        if not e.measured:
            lines.append(f"{e.exercise}: not measured: {e.why_not}")
            continue
        mark = "" if e.meets_goal else f"  <- below the goal of {GOAL:.0%}"
        lines.append(
            f"{e.exercise}: kill rate {_rate(e)}{mark} ({len(e.outcomes)} mutants: {e.count(KILLED)} killed, "
            f"{e.count(TIMED_OUT)} timed out at {e.mutant_limit:.1f} s, {e.count(EQUIVALENT)} equivalent, "
            f"{len(e.survivors)} survived{_stillborn(e)})"
        )
        for outcome in e.survivors:
            mutant = outcome.mutant
            why = " (the check itself failed)" if outcome.status == CHECK_FAILED else ""
            lines.append(f"  survived {mutant.name} [{mutant.operator}], cell {mutant.cell}{why}")
            lines.append(mutant.diff("      "))
        for entry in e.stale:
            lines.append(
                f"  stale entry in {strength.equivalents.name}: {entry.describe()}: matches no mutant"
            )
        for outcome in e.refused:
            lines.append(
                f"  listed as equivalent in {strength.equivalents.name}, but the check refuses it: "
                f"{outcome.mutant.name} {outcome.mutant.diff()!r}: {outcome.message}"
            )
    total = sum(len(e.outcomes) for e in strength.exercises)
    below = [e.exercise for e in strength.measured if not e.meets_goal]
    unmeasured = len(strength.exercises) - len(strength.measured)
    verdict = (
        f"below the goal: {', '.join(below)}" if below else f"every measured exercise at {GOAL:.0%} or more"
    )
    lines.append(
        f"{len(strength.measured)} exercises measured, {unmeasured} not; {total} mutants in "
        f"{_duration(strength.seconds)} with {strength.jobs} worker(s); {verdict}"
    )
    return "\n".join(lines)


def _stillborn(e: ExerciseStrength) -> str:
    count = e.count(STILLBORN)
    return f", {count} that do not define the answer" if count else ""


def summary_table(strength: Strength, links: str = "") -> str:
    """The table of kill rates (Markdown); ``links`` is the path from the reader's file to the notebooks."""
    lines = [
        "| exercise | mutants | equivalent | killed (of them timed out) | survived | kill rate |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for e in strength.measured:
        flag = "" if e.meets_goal else " **below 90%**"
        lines.append(
            f"| [{e.exercise}]({links}{e.lesson}) | {len(e.outcomes)} | {e.count(EQUIVALENT)} | "
            f"{e.killed} ({e.count(TIMED_OUT)}) | {len(e.survivors)} | {_rate(e)}{flag} |"
        )
    total = sum(len(e.outcomes) for e in strength.measured)
    killed = sum(e.killed for e in strength.measured)
    considered = sum(e.considered for e in strength.measured)
    overall = f"{100 * killed / considered:.1f}%" if considered else "none"
    lines.append("")
    missing = [e.exercise for e in strength.exercises if not e.measured]
    took = f"{_duration(strength.seconds)} with {strength.jobs} worker(s)"
    lines.append(
        f"{len(strength.measured)} exercises measured, {total} mutants, {killed} of {considered} "
        f"non-equivalent ones killed ({overall}); the run took {took}."
        + (f" Not measured: {len(missing)} exercises, each with the reason in the report." if missing else "")
    )
    return "\n".join(lines)


def report(strength: Strength) -> str:
    """The committed report (Markdown), written to the course's notebooks folder."""
    out = [
        "# How strong each check is",
        "",
        "<!-- Written by `dp-puzzles check-strength --write` (make check-strength); do not edit. The "
        f"equivalent mutants are reviewed in {EQUIVALENTS}. -->",
        "",
        "Each exercise's worked solution is mutated, a small change at a time (a constant off by one, `<` "
        "for `<=`, a swapped operator or argument, a dropped sort, a condition forced, the neighbouring "
        "range), and every mutant is run through the exercise's own check. A check kills a mutant when it "
        "refuses it. The kill rate is killed / (mutants - equivalent); the goal is 90% for every exercise. "
        f"Equivalent mutants compute what the worked solution computes; each is listed in [{EQUIVALENTS}]"
        f"({EQUIVALENTS}) with the reason, and counts neither way.",
        "",
        "## Kill rates",
        "",
        summary_table(strength),
        "",
    ]
    measured = strength.measured
    out += ["## Surviving mutants", ""]
    survivors = [e for e in measured if e.survivors]
    if not survivors:
        out += ["None: every non-equivalent mutant is refused by its check.", ""]
    for e in survivors:
        out += [f"### {e.exercise}: {e.heading}", ""]
        for outcome in e.survivors:
            failed = " (the check itself failed on it)" if outcome.status == CHECK_FAILED else ""
            out += [f"{outcome.mutant.name}, `{outcome.mutant.operator}`{failed}:", "", "```diff"]
            out += [outcome.mutant.diff(), "```", ""]
    out += [shape_check.SECTION[0], _shapes_section(strength), shape_check.SECTION[1], ""]
    out += ["## Equivalent mutants", ""]
    equivalent = [e for e in measured if e.count(EQUIVALENT)]
    if not equivalent:
        out += ["None.", ""]
    for e in equivalent:
        out += [f"### {e.exercise}: {e.heading}", ""]
        for outcome in e.outcomes:
            if outcome.status == EQUIVALENT and outcome.equivalent is not None:
                mutant, reason = outcome.mutant, outcome.equivalent.reason
                before, after = mutant.mutation.before, mutant.mutation.after
                if "\n" in before + after:
                    out += [f"- {mutant.name}, `{mutant.operator}`: {reason}", "", "  ```diff"]
                    out += [mutant.diff("  "), "  ```"]
                else:
                    out.append(f"- {mutant.name}, `{mutant.operator}`: `{before}` -> `{after}`: {reason}")
        out.append("")
    problems = [(e, entry) for e in measured for entry in e.stale]
    wrong = [(e, outcome) for e in measured for outcome in e.refused]
    if problems or wrong:
        out += [f"## Entries of {EQUIVALENTS} to fix", ""]
        out += [f"- stale (no mutant matches it): {entry.describe()}" for _, entry in problems]
        out += [f"- not equivalent (the check refuses it): {o.mutant.name}: {o.message}" for _, o in wrong]
        out.append("")
    missing = [e for e in strength.exercises if not e.measured]
    if missing:
        out += ["## Not measured", ""]
        out += [f"- {e.exercise}: {e.why_not}" for e in missing]
        out.append("")
    out += _method(strength)
    return "\n".join(out).rstrip() + "\n"


def _shapes_section(strength: Strength) -> str:
    if strength.shapes is None:
        why = "Not run (`--no-shapes`, or no `tests/support/student_shapes/`)."
        return f"## Student-shaped wrong answers\n\n{why}"
    return shape_check.section(strength.shapes, [(e.exercise, e.lesson) for e in strength.exercises])


def _method(strength: Strength) -> list[str]:
    counts: Counter[str] = Counter()
    kills: Counter[str] = Counter()
    for e in strength.measured:
        for outcome in e.outcomes:
            counts[outcome.mutant.operator] += 1
            kills[outcome.mutant.operator] += outcome.status in (KILLED, TIMED_OUT)
    lines = [
        "## How the mutants are made and run",
        "",
        "The worked solution is the lesson's first code cell (its imports) and the exercise's code cells "
        "tagged `solution`; a mutant changes one of those cells in one place. The operators:",
        "",
        "| operator | what it changes | mutants | killed |",
        "|---|---|---:|---:|",
    ]
    for name, words in OPERATORS.items():
        cell = words.replace("|", "\\|")
        lines.append(f"| `{name}` | {cell} | {counts[name]} | {kills[name]} |")
    lowest = min((e.mutant_limit for e in strength.measured), default=0.0)
    highest = max((e.mutant_limit for e in strength.measured), default=0.0)
    lines += [
        "",
        _prose(LEFT_OUT),
        "",
        _prose(TIMING.format(factor=TIME_FACTOR, margin=TIME_MARGIN, lowest=lowest, highest=highest)),
        "",
        _prose(WHY),
        "",
    ]
    return lines


LEFT_OUT = """
Mutants whose code is the worked solution's, or an earlier mutant's (the same Python syntax tree),
and those that do not compile, are left out. mutmut's operators that put None for a value, garble a
string or misspell a keyword argument are left out too: every check that calls the answer refuses
them, so they would only inflate a kill rate.
"""
TIMING = """
Each mutant gets the check's own limit or {factor:g} times the worked solution's time plus
{margin:g} s, whichever is less ({lowest:.1f} to {highest:.1f} s in this run); a mutant that runs
out of it (most often a loop whose exit was mutated away) is counted as killed, and shown in the
table as timed out. The mutants are checked by parallel workers, forks of one process in which
every check's reference tables were computed once.
"""
WHY = """
Why mutmut's operators and a runner of the pack's own: mutmut (3.8.1) and cosmic-ray (8.7.0) both
mutate Python files on disk and run a test command or a pytest session per mutant, and neither
takes a notebook's cells. Measured on the 2-core machine under its usual load, a fresh process
that imports the pack, defines a worked solution and runs its check takes 16 to 23 s, of which the
check is 1 to 2 s: a process per mutant would take about 2 hours for egg's 816 mutants on two
workers, where a check of a mutant in a warm process takes 0.5 to 1 s (the whole egg run: 4
minutes on the idle machine, 14.5 under that load). Their operator code works on a cell's source,
though: mutmut's node operators are plain functions on libcst nodes (egg's 816 mutants made in 10
to 12 s, comments and layout kept, so a survivor's diff is its changed line); cosmic-ray's
`mutate_code` re-parses the source for every occurrence of every operator (2195 egg mutants, 1705
of them each binary operator for every other, in 54 s) and brings sqlalchemy, aiohttp and
gitpython with it. So: mutmut's operators, the pack's own on the same trees, and
`puzzles/instructor/strength.py` to run them.
"""


def _prose(text: str) -> str:
    return " ".join(text.split())


def write(strength: Strength, course: model.Course, report_path: Path | None = None) -> list[Path]:
    """Rewrite the report and the README's summary table; return the files that changed."""
    from puzzles.instructor.catalogue import replace_between

    changed = []
    path = report_path if report_path is not None else course.root / REPORT
    if not strength.exercises or not any(e.measured for e in strength.exercises):
        # a run of the student-shaped answers alone (--shapes-only): only their section changes
        old = path.read_text(encoding="utf-8")
        text = replace_between(old, shape_check.SECTION, _shapes_section(strength), str(path))
        if text != old:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
        return changed
    text = report(strength)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
        changed.append(path)
    readme = course.root.parent / "README.md"
    if readme.exists():
        old = readme.read_text(encoding="utf-8")
        links = os.path.relpath(course.root, readme.parent).replace(os.sep, "/") + "/"
        body = summary_table(strength, links)
        new = replace_between(old, SUMMARY, body, str(readme))
        if new != old:
            readme.write_text(new, encoding="utf-8")
            changed.append(readme)
    return changed


# -- the command ----------------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--exercise",
        action="append",
        default=[],
        metavar="ID",
        help="measure this exercise (repeatable); default: every exercise of the course",
    )
    parser.add_argument(
        "--unit",
        action="append",
        default=[],
        metavar="UNIT",
        help="measure every exercise of this unit (repeatable)",
    )
    parser.add_argument(
        "--operator",
        action="append",
        default=None,
        metavar="NAME",
        choices=list(OPERATORS),
        help="make only this operator's mutants (repeatable); one of: " + ", ".join(OPERATORS),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="parallel workers that check mutants (default: the number of cores, %(default)s here)",
    )
    parser.add_argument(
        "--time-factor",
        type=float,
        default=TIME_FACTOR,
        help="a mutant's time limit is this many times the worked solution's time ... (default %(default)s)",
    )
    parser.add_argument(
        "--time-margin",
        type=float,
        default=TIME_MARGIN,
        help="... plus these seconds, and never more than the check's own limit (default %(default)s)",
    )
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the course's notebooks folder, with its _toc.yml"
    )
    parser.add_argument(
        "--equivalents",
        type=Path,
        default=None,
        help=f"the reviewed list of equivalent mutants (default: {EQUIVALENTS} in the notebooks folder)",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help=f"rewrite the report ({REPORT} in the notebooks folder) and the README's summary table; "
        "only for a run over the whole course",
    )
    parser.add_argument(
        "--shapes",
        type=Path,
        default=None,
        metavar="TESTS",
        help="the tests folder holding support/student_shapes/, the student-shaped wrong answers run "
        "beside the mutants (default: tests/ beside the notebooks folder, when it has them)",
    )
    parser.add_argument("--no-shapes", action="store_true", help="run the mutants only")
    parser.add_argument(
        "--shapes-only",
        action="store_true",
        help="run the student-shaped answers only (with --write, rewrite only their section of the report)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bars (they go to stderr)")


def run(args: argparse.Namespace) -> int:
    if args.no_shapes and (args.shapes_only or args.shapes):
        print(
            "dp-puzzles check-strength: --no-shapes goes with neither --shapes nor --shapes-only",
            file=sys.stderr,
        )
        return 2
    if args.write and (args.exercise or args.unit or args.operator):
        print(
            "dp-puzzles check-strength: --write rewrites the report of the whole course; run it without "
            "--exercise, --unit or --operator",
            file=sys.stderr,
        )
        return 2
    if args.jobs < 1 or args.time_factor <= 0 or args.time_margin < 0:
        print(
            "dp-puzzles check-strength: --jobs and --time-factor must be positive, --time-margin >= 0",
            file=sys.stderr,
        )
        return 2
    try:
        course = model.load(args.notebooks)
        chosen = select(course, args.exercise, args.unit)
        folder = None if args.no_shapes else (args.shapes or shape_check.default_folder(course.root))
        if args.shapes_only and folder is None:
            raise StrengthError(
                "--shapes-only: no tests/support/student_shapes/ beside the notebooks folder (give --shapes)"
            )
        if args.shapes_only:
            strength = Strength(
                [ExerciseStrength(e.id, e.heading, e.lesson.relative, False, "not run") for e in chosen],
                0.0,
                args.jobs,
                args.equivalents or course.root / EQUIVALENTS,
            )
        else:
            strength = measure(
                course,
                chosen,
                jobs=args.jobs,
                equivalents=args.equivalents,
                factor=args.time_factor,
                margin=args.time_margin,
                operators=args.operator,
                progress=not args.no_progress,
            )
            print(describe(strength))
        if folder is not None:
            try:
                shapes = shape_check.load(folder)
            except ValueError as error:
                raise StrengthError(str(error)) from None
            strength.shapes = shape_check.run(
                shapes, [e.id for e in chosen], jobs=args.jobs, progress=not args.no_progress
            )
            print(shape_check.describe(strength.shapes))
        if args.write:
            changed = write(strength, course)
            print("rewritten: " + ", ".join(map(str, changed)) if changed else "the report is up to date")
    except (model.CourseError, StrengthError) as error:
        print(f"dp-puzzles check-strength: {error}", file=sys.stderr)
        return 2
    if args.shapes_only:
        return 0 if all(outcome.as_expected for outcome in strength.shapes or ()) else 1
    return 0 if strength.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles check-strength", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
