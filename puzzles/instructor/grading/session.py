"""Grade one hand-in: run its code in sandboxed runners, judge what they report, here.

This module runs in the grader's own processes, which never run a student's code: a hand-in's
cells run in ``runner`` processes, one per group of exercises (those that close the same
modules), each in a sandbox of its own (``sandbox``: bubblewrap, no network, a private copy of
the hand-in, private home and /tmp, no file of the closed modules, memory, processor, process
and file-size limits), every cell within its time limit (a cell past it is stopped for sure:
the sandbox is killed with everything in it). Each runner reports plain data on a pipe of its
own; the verdicts are decided here by ``checker.judge`` from those values, with references
computed in this process.

``grade_handin`` returns a ``HandIn``: one ``Result`` per exercise of the lesson, the first
cell of the student's that failed, the student's written arguments, the seed of its hidden
cases, and a record of the values the answers gave (for ``--exercise`` regrading without
running anything again, with the same seed).
"""

from __future__ import annotations

import json
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import nbformat

from puzzles.course import checker, codec, frames, probe
from puzzles.instructor import course as model
from puzzles.instructor.grading import sandbox
from puzzles.instructor.grading.names import Student, who
from puzzles.instructor.grading.runner import case_digest
from puzzles.instructor.student import ARGUMENT_STUB, student_notebook

__all__ = [
    "VERDICTS",
    "Options",
    "Result",
    "HandIn",
    "grade_handin",
    "match_lesson",
    "rejudge",
]

VERDICTS = (
    "correct",
    "incorrect",
    "not attempted",
    "not reached",
    "tampered",
    "check failed",
    "not graded",
)


@dataclass
class Options:
    cell_timeout: float = 120.0  # seconds a cell may run
    handin_timeout: float = 900.0  # seconds a whole hand-in may take
    memory: int = 4 * 1024**3  # bytes a hand-in's runner may address
    full_run: bool = False  # run every cell of the notebook, not only the student's own
    sandbox: bool = True  # False (--unsafe): the runners run as plain processes of the instructor's
    scratch: int = 512 * 1024**2  # bytes of a runner's home folder and of its /tmp
    lesson: str | None = None  # grade every hand-in against this lesson


@dataclass
class Result:
    """One exercise of one hand-in."""

    exercise: str
    verdict: str
    detail: str
    seconds: float | None = None
    output: str = ""
    argument: str | None = None  # the student's written argument; None when the exercise asks none


@dataclass
class HandIn:
    path: str
    student: Student
    lesson: str = ""
    results: list[Result] = field(default_factory=list)
    failure: str = ""  # the first of the student's cells that failed, in words
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    record: dict = field(default_factory=dict)  # the values the answers gave, for regrading
    seed: int = 0  # drawn for this hand-in: its hidden cases (kept in the record for regrading)

    def count(self, verdict: str) -> int:
        return sum(result.verdict == verdict for result in self.results)


# -- which lesson, which cells -----------------------------------------------------------------------


def match_lesson(path: Path, notebook: Any, course: model.Course) -> model.Lesson | None:
    """The lesson a hand-in answers: by the lesson's file name inside the hand-in's name (the
    longest wins), else by the exercises its check cells name."""
    lessons = course.lessons
    named = [lesson for lesson in lessons if lesson.stem in path.name]
    if named:
        return max(named, key=lambda lesson: len(lesson.stem))
    if notebook is None:
        return None
    ids = set(model.locate(notebook))
    overlap = {lesson.file: len(ids & {e.id for e in lesson.exercises}) for lesson in lessons}
    best = max(overlap, key=overlap.get, default=None)
    return course.lesson(best) if best is not None and overlap[best] > 0 else None


def _first_line(cell: Any) -> str:
    lines = cell.get("source", "").strip().splitlines()
    return lines[0].strip() if lines else ""


@cache
def _lesson_sources(lesson_path: str) -> frozenset[str]:
    """Every code cell's source of the lesson that is the lesson's own (not an answer), as the
    teacher edition and the student edition have it."""
    notebook = model.read_notebook(Path(lesson_path))
    sources = set()
    for edition in (notebook, student_notebook(notebook)):
        for cell in edition.cells:
            tags = model.tags(cell)
            if cell.cell_type == "code" and model.TAG_SOLUTION not in tags:
                sources.add(cell.source.strip())
    return frozenset(sources)


def _anchors(notebook: Any, lesson: model.Lesson) -> dict[str, int | None]:
    """For each exercise, the hand-in's cell before which its answer is taken: its own check
    cell; if deleted, the next exercise statement after its own statement; else the end."""
    cells = notebook.cells
    checks = model.locate(notebook)
    statements = [i for i, cell in enumerate(cells) if model.TAG_EXERCISE in model.tags(cell)]
    teacher = lesson.notebook.cells
    found: dict[str, int | None] = {}
    for exercise in lesson.exercises:
        if exercise.id in checks:
            found[exercise.id] = checks[exercise.id].check
            continue
        found[exercise.id] = None
        if exercise.cells.statement is not None:
            heading = _first_line(teacher[exercise.cells.statement])
            own = [i for i in statements if _first_line(cells[i]) == heading]
            if own:
                later = [i for i in statements if i > own[0]]
                found[exercise.id] = later[0] if later else None
    return found


MAX_CELL = 1_000_000  # characters of one code cell the grader runs: far above any answer's


def _huge_cells(notebook: Any) -> list[str]:
    """A sentence for each code cell too long to run (``MAX_CELL``): such a cell is not run, the
    others are."""
    found = []
    for index, cell in enumerate(notebook.cells):
        size = len(cell.get("source", "")) if cell.get("cell_type") == "code" else 0
        if size > MAX_CELL:
            found.append(
                f"cell {index + 1} holds {size:,} characters, more than the {MAX_CELL:,} a code cell may "
                "hold: it was not run (the other cells were)"
            )
    return found


def _cells_to_run(notebook: Any, lesson: model.Lesson, full: bool) -> list[tuple[int, str]]:
    """The hand-in's code cells to run, with their indices: every one (``full``), or only the
    student's own (answers, and cells that are not the lesson's); never a check cell, nor a cell
    longer than ``MAX_CELL`` characters."""
    lesson_own = _lesson_sources(str(lesson.path))
    chosen = []
    for index, cell in enumerate(notebook.cells):
        if cell.get("cell_type") != "code" or not cell.get("source", "").strip():
            continue
        if len(cell.source) > MAX_CELL:
            continue
        if model.TAG_CHECK in model.tags(cell) or model.checked(cell) is not None:
            continue
        if not full and cell.source.strip() in lesson_own:
            continue
        chosen.append((index, cell.source))
    return chosen


def _arguments(notebook: Any, lesson: model.Lesson) -> dict[str, str]:
    """The student's written argument of each exercise that asks for one ("" when not written)."""
    cells = notebook.cells
    by_id = {str(cell.get("id", "")): index for index, cell in enumerate(cells)}
    places = model.locate(notebook)
    found = {}
    for exercise in lesson.exercises:
        if not exercise.has_argument:
            continue
        indices = [by_id[i] for i in exercise.cell_ids["arguments"] if i and i in by_id]
        if not indices and exercise.id in places:
            indices = list(places[exercise.id].arguments)
        texts = [
            cells[i].source.replace(ARGUMENT_STUB, "").strip()
            for i in indices
            if cells[i].get("cell_type") == "markdown"
        ]
        text = "\n\n".join(t for t in texts if t)
        found[exercise.id] = text
    return found


def _lesson_cell(notebook: Any, index: int, lesson: model.Lesson | None) -> bool:
    """Whether the hand-in's cell ``index`` is one of the lesson's own, as the lesson has it."""
    if index < 0:
        return True
    if lesson is None:
        return False
    return notebook.cells[index].get("source", "").strip() in _lesson_sources(str(lesson.path))


def _cell_words(notebook: Any, index: int, lesson: model.Lesson | None = None) -> str:
    if index < 0:
        return "the lesson's first code cell"
    first = _first_line(notebook.cells[index])
    if len(first) > 50:
        first = first[:47] + "..."
    words = f'cell {index + 1} ("{first}")' if first else f"cell {index + 1}"
    return f"the lesson's own {words}" if _lesson_cell(notebook, index, lesson) else words


def _lesson_error(notebook: Any, index: int, what: str, lesson: model.Lesson) -> str:
    """An error in one of the lesson's own cells, in words that do not blame the student for it."""
    cause = (
        "it reached the package this exercise is to be done without, through a name one of your "
        "cells defined or changed"
        if what.startswith("PackageReached")
        else "it uses what your earlier cells define, so look at those first"
    )
    if index < 0:
        cause = "it runs before any cell of yours: the course pack's fault, not yours; ask your instructor"
    return (
        f"{_cell_words(notebook, index, lesson)} raised {what}; that cell is the lesson's, not yours: {cause}"
    )


# -- the runner, in its sandbox ----------------------------------------------------------------------


def _last_lines(stream: Any) -> str:
    """The last three lines a process wrote to ``stream`` (a temporary file), joined."""
    stream.seek(0)
    lines = stream.read().decode("utf-8", "replace").strip().splitlines()
    return " / ".join(lines[-3:])


def _signal_words(number: int) -> str:
    try:
        return f"signal {number}, {signal.Signals(number).name}"
    except ValueError:
        return f"signal {number}"


class _Runner:
    """One group's runner: a process in a sandbox of its own (``sandbox.command``), or, with
    ``--unsafe``, a plain process of the instructor's; its instructions in, its reports out."""

    def __init__(self, instruction: dict, handin: Path, options: Options, view: sandbox.View | None):
        read_end, write_end = os.pipe()
        instructions, self.instructions = os.pipe()
        self.stderr = tempfile.TemporaryFile()
        limits = sandbox.Limits(
            memory=options.memory, processor=int(options.handin_timeout) + 60, tmp=options.scratch
        )
        self.home = None
        if view is not None:
            command, env = sandbox.command(view, handin, write_end, limits)
            cwd = None
            instruction = {**instruction, "modules": view.modules, "data": view.data}
        else:
            self.home = tempfile.TemporaryDirectory(prefix="dp-puzzles-unsafe-")
            command = [sys.executable, "-m", "puzzles.instructor.grading.runner"]
            env = {**os.environ, "HOME": self.home.name, "MPLBACKEND": "Agg", "PUZZLES_PROGRESS": "0"}
            env["PUZZLES_RUNNER_FD"] = str(write_end)
            cwd = self.home.name
        try:
            self.process = subprocess.Popen(
                command,
                stdin=instructions,
                stdout=subprocess.DEVNULL,
                stderr=self.stderr,
                cwd=cwd,
                env=env,
                pass_fds=(write_end,),
                start_new_session=True,
                preexec_fn=limits.apply,
            )
        finally:
            os.close(instructions)
            os.close(write_end)
        self.fd = read_end
        self.buffer = frames.Buffer()
        self.closed = False
        self._send(instruction)

    def _send(self, data: dict) -> None:
        try:
            frames.write(self.instructions, json.dumps(data).encode("utf-8"))
        except OSError:  # the runner ended: what it reported says why
            pass

    def skip(self, exercise_id: str) -> None:
        self._send({"skip": exercise_id})

    def frames(self, deadline: float) -> Iterator[dict | None]:
        """Frames as they come; None when ``deadline`` (a time.monotonic) passed first."""
        while True:
            for payload in self.buffer.frames():
                data = codec.decode(payload)
                if not isinstance(data, dict):
                    raise codec.CodecError("a report that is not a mapping")
                yield data
            if self.closed:
                return
            left = deadline - time.monotonic()
            if left <= 0:
                yield None
                return
            ready, _, _ = select.select([self.fd], [], [], min(left, 1.0))
            if ready:
                chunk = os.read(self.fd, 1 << 16)
                if not chunk:
                    self.closed = True
                else:
                    self.buffer.feed(chunk)

    def stop(self) -> str:
        """End the runner (the sandbox and everything in it); how it ended, in words ("" for a
        normal end)."""
        for fd in (self.fd, self.instructions):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            self.process.wait(timeout=5 if self.closed else 0.1)
        except subprocess.TimeoutExpired:
            pass
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
            self.process.wait()
        if self.home is not None:
            self.home.cleanup()
        code = self.process.returncode
        if code is None or code in (0, 1, -signal.SIGKILL):
            return ""
        if code < 0:
            return _signal_words(-code)
        if code > 128:  # bubblewrap passes on the runner's signal as 128 + its number
            return _signal_words(code - 128)
        return f"exit status {code}"

    def crash_text(self) -> str:
        return _last_lines(self.stderr)


# -- reading one runner --------------------------------------------------------------------------------

_EVENT_TYPES = {
    cls.__name__: cls
    for cls in (
        probe.Value,
        probe.Raised,
        probe.Finished,
        probe.TimedOut,
        probe.Died,
        probe.Garbled,
        probe.Fault,
    )
}


def _event(data: Any) -> probe.Event:
    if not isinstance(data, dict) or data.get("type") not in _EVENT_TYPES:
        return probe.Garbled(0, "an event of no known kind")
    cls = _EVENT_TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    try:
        return cls(**fields)
    except TypeError:
        return probe.Garbled(0, "an event with the wrong fields")


@dataclass
class _Group:
    without: tuple[str, ...]
    exercises: list[model.Exercise]


def _groups(lesson: model.Lesson) -> list[_Group]:
    groups: dict[tuple[str, ...], list[model.Exercise]] = {}
    for exercise in lesson.exercises:
        without = tuple(sorted(checker.registration(exercise.id).without))
        groups.setdefault(without, []).append(exercise)
    return [_Group(without, exercises) for without, exercises in groups.items()]


@dataclass
class _Run:
    """What one runner reported."""

    outcomes: dict[str, tuple[str, str, str, float | None]] = field(default_factory=dict)
    states: dict[str, str] = field(default_factory=dict)  # "missing", "stub", "tampered", "evaluated", ...
    events: dict[str, list[dict]] = field(default_factory=dict)
    complete: dict[str, bool] = field(default_factory=dict)
    changed: dict[str, list[str]] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (cell index, "Name: message")
    killed: str = ""  # why the runner was stopped early, in words
    digests_ok: bool = True
    ended: bool = False
    garbled: str = ""  # the reports were not the runner's own: the notebook wrote into the channel


def _run_groups(
    notebook: Any,
    lesson: model.Lesson,
    groups: list[_Group],
    full: bool,
    options: Options,
    started: float,
    handin: Path,
    seed: int,
) -> list[_Run]:
    """Run the hand-in for ``groups``: one runner per group, each in a sandbox of its own, one
    after the other; each report is read from its own group's runner only (see ``runner``)."""
    runs = [_Run() for _ in groups]
    anchors = _anchors(notebook, lesson)
    cells = [[index, source] for index, source in _cells_to_run(notebook, lesson, full)]
    for number, (group, run) in enumerate(zip(groups, runs, strict=True)):
        if time.monotonic() > started + options.handin_timeout:
            run.killed = f"the hand-in took longer than the {options.handin_timeout:g} s a hand-in may take"
            continue
        instruction = {
            "first": lesson.first_code_cell(),
            "index": number,
            "seed": seed,
            "group": {
                "without": list(group.without),
                "cells": cells,
                "exercises": [
                    {"id": e.id, "answer": e.answer, "anchor": anchors[e.id]} for e in group.exercises
                ],
            },
        }
        view = sandbox.pack().view(group.without) if options.sandbox else None
        runner = _Runner(instruction, handin, options, view)
        reader = _Reader(runner, notebook, lesson, group, run, number, options, started, seed)
        try:
            reader.read()
        except (codec.CodecError, ValueError, KeyError, TypeError, IndexError) as error:
            if not run.ended:
                run.garbled = f"something in the notebook wrote into the grader's channel ({error})"
        finally:
            how = runner.stop()
        if not run.killed and not run.ended and not run.garbled:
            if how and reader.current_cell is not None:
                words = _cell_words(notebook, reader.current_cell, lesson)
                run.killed = f"{words} crashed the notebook's process ({how})"
            elif how and reader.checking:
                run.killed = f"the notebook's process crashed ({how}) while {reader.checking} was checked"
            else:
                crash = how or runner.crash_text()
                run.killed = reader.killed or (
                    "the notebook's process ended early" + (f" ({crash})" if crash else "")
                )
    return runs


class _Reader:
    """Reads one group's runner's reports, judges each answer as its values come, here."""

    def __init__(
        self,
        runner: _Runner,
        notebook: Any,
        lesson: model.Lesson,
        group: _Group,
        run: _Run,
        number: int,
        options: Options,
        started: float,
        seed: int,
    ):
        self.runner, self.notebook, self.lesson, self.group, self.run = runner, notebook, lesson, group, run
        self.number = number
        self.seed = seed
        self.options = options
        self.budget_end = started + options.handin_timeout
        self.entries = {e.id: checker.registration(e.id) for e in group.exercises}
        self.current_cell: int | None = None
        self.checking = ""  # the exercise being checked now
        self.until = self.budget_end
        self.started = False
        self.digests_ok = True
        self.killed = ""

    def next_frame(self, until: float) -> dict | None:
        return next(self.runner.frames(min(until, self.budget_end)), None)

    def read(self) -> None:
        while True:
            frame = self.next_frame(self.until)
            if frame is None:
                if self.runner.closed:
                    return
                if self.current_cell is not None and time.monotonic() < self.budget_end:
                    words = _cell_words(self.notebook, self.current_cell, self.lesson)
                    self.killed = f"{words} did not stop within {self.options.cell_timeout:g} s"
                else:
                    limit = f"{self.options.handin_timeout:g} s"
                    self.killed = f"the hand-in took longer than the {limit} a hand-in may take"
                if not self.run.ended:
                    self.run.killed = self.killed
                return
            if not self.dispatch(frame):
                return

    def dispatch(self, frame: dict) -> bool:
        kind = frame.get("kind")
        run = self.run
        if kind == "cases":
            digests = frame.get("digests", {})
            self.digests_ok = all(digests.get(i) == case_digest(i, self.seed) for i in self.entries)
        elif kind == "group":
            index, state = int(frame["index"]), frame["state"]
            if index != self.number:
                raise ValueError(f"a report on another group ({index}) than the one running ({self.number})")
            if state == "start":
                self.started = True
            elif state == "end":
                run.ended = True
            else:
                raise ValueError(f"a group report of an unknown state {state!r}")
        elif kind == "cell":
            index, state = int(frame["index"]), frame["state"]
            if state == "start":
                self.current_cell, self.until = index, time.monotonic() + self.options.cell_timeout
            elif state == "error":
                run.errors.append((index, f"{frame.get('ename')}: {frame.get('evalue')}"))
            elif state == "done":
                self.current_cell, self.until = None, self.budget_end
        elif kind == "exercise":
            if not self.started or run.ended:
                raise ValueError("a report on an exercise outside its group")
            self.exercise(run, str(frame["id"]), str(frame["state"]), frame)
        elif kind == "end":
            return False
        elif kind == "crash":
            run.killed = f"the notebook's process failed: {frame.get('what')}"
            return False
        else:
            raise ValueError(f"a report of an unknown kind {kind!r}")
        return True

    def exercise(self, run: _Run, exercise_id: str, state: str, frame: dict) -> None:
        if exercise_id not in self.entries:
            raise ValueError(f"a report on an exercise of another group ({exercise_id})")
        run.states[exercise_id] = state
        if state == "tampered":
            run.changed[exercise_id] = [str(x) for x in frame.get("changed", [])]
            return
        if state != "evaluating":
            return
        self.checking = exercise_id
        entry = self.entries[exercise_id]
        limit = time.monotonic() + entry.time_limit + probe.OVERHEAD_ALLOWANCE
        received: list[dict] = []
        finished = {"done": False}

        def events():
            while True:
                item = self.next_frame(limit)
                if item is None:
                    finished["done"] = True
                    yield probe.Died(len(received), "stopped answering while it was checked")
                    return
                if item.get("kind") == "event" and item.get("id") == exercise_id:
                    received.append(item["event"])
                    yield _event(item["event"])
                elif item.get("kind") == "exercise" and item.get("state") == "evaluated":
                    finished["done"] = True
                    return
                else:
                    finished["garbled"] = True
                    raise ValueError("a report out of place while an answer was checked")

        generator = events()
        if not self.digests_ok:
            run.outcomes[exercise_id] = (
                "check failed",
                "the notebook's process computed other inputs for this check than the grader; "
                "this is the course pack's fault",
                "",
                None,
            )
        else:
            try:
                run.outcomes[exercise_id] = checker.judge(entry, generator, self.seed)
            except checker.PackFault as error:
                run.outcomes[exercise_id] = (
                    "check failed",
                    f"{error}. This is the course pack's fault, not the student's.",
                    "",
                    None,
                )
            except Exception as error:  # noqa: BLE001 - one exercise's check failing voids no other
                if finished.get("garbled") or isinstance(error, codec.CodecError):
                    raise  # the runner's reports are not its own: the whole group is tampered
                run.outcomes[exercise_id] = (
                    "check failed",
                    f"the check itself failed on this answer ({type(error).__name__}: {str(error)[:200]}); "
                    "this is the course pack's fault, not the student's. The hand-in's other exercises "
                    "were graded.",
                    "",
                    None,
                )
        run.events[exercise_id] = received
        if not finished["done"]:
            self.runner.skip(exercise_id)
            for item in generator:  # the rest of this exercise's events, unread
                if isinstance(item, probe.Died):
                    break
        run.complete[exercise_id] = finished["done"] and not any(
            e.get("type") in ("TimedOut", "Died", "Garbled", "Fault") for e in received
        )
        run.states[exercise_id] = "evaluated"
        self.checking = ""


# -- one hand-in ------------------------------------------------------------------------------------------


def _not_graded(path: Path, student: Student, why: str, lesson: model.Lesson | None) -> HandIn:
    handin = HandIn(str(path), student, lesson.file if lesson else "")
    exercises = lesson.exercises if lesson else ()
    if exercises:
        handin.results = [Result(e.id, "not graded", why) for e in exercises]
    else:
        handin.results = [Result("", "not graded", why)]
    return handin


def grade_handin(path: Path, course: model.Course, options: Options, seed: int | None = None) -> HandIn:
    """Grade one hand-in (see the module's description), from a private copy made first; ``seed``
    draws its hidden cases (a fresh one unless regrading)."""
    started = time.monotonic()
    student = who(path, tuple(lesson.stem for lesson in course.lessons))
    forced = course.lesson(options.lesson) if options.lesson else None
    if not path.is_file():
        return _not_graded(path, student, "there is no such file", forced)
    if options.sandbox and sandbox.unavailable():
        raise sandbox.Unavailable(sandbox.unavailable())
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-handin-") as private:
        copy = Path(private) / (path.name if path.name.endswith(".ipynb") else "handin.ipynb")
        shutil.copyfile(path, copy)  # what is graded: nothing can change it from now on
        seed = secrets.randbits(63) if seed is None else seed
        handin = _grade_copy(path, copy, course, options, seed, student, forced, started)
    if not options.sandbox:
        handin.notes.append(UNSAFE_NOTE)
        for result in handin.results:
            result.detail = f"{result.detail} [{UNSAFE_NOTE}]"
    return handin


UNSAFE_NOTE = "graded without a sandbox (--unsafe): the hand-in could read and change what the grader can"


def _grade_copy(
    path: Path,
    copy: Path,
    course: model.Course,
    options: Options,
    seed: int,
    student: Student,
    forced: model.Lesson | None,
    started: float,
) -> HandIn:
    try:
        notebook = nbformat.read(str(copy), as_version=4)
        notebook.cells  # noqa: B018 - a JSON file without cells is not a notebook
    except Exception as error:  # noqa: BLE001 - nbformat raises many kinds for a damaged file
        lesson = forced or match_lesson(path, None, course)
        why = f"this file is not a notebook Jupyter can open ({type(error).__name__})"
        return _not_graded(path, student, why, lesson)
    lesson = forced or match_lesson(path, notebook, course)
    if lesson is None:
        return _not_graded(
            path, student, "no lesson of the course matches this file by name or by its exercises", None
        )
    handin = HandIn(str(path), student, lesson.file, seed=seed)
    arguments = _arguments(notebook, lesson)
    outcomes: dict[str, Result] = {}
    record: dict[str, Any] = {"lesson": lesson.file, "seed": seed, "exercises": {}}
    first_failure = ""
    if not options.full_run and _untouched(notebook, lesson):
        for exercise in lesson.exercises:
            result = Result(
                exercise.id,
                "not attempted",
                f"`{exercise.answer}` is still the stub: replace the ... with your answer.",
            )
            result.argument = arguments.get(exercise.id) if exercise.has_argument else None
            handin.results.append(result)
            record["exercises"][exercise.id] = {
                "digest": case_digest(exercise.id, seed),
                "events": [],
                "complete": True,
                "state": "stub",
            }
        handin.notes.append(
            "every answer is the student edition's stub and no cell of the student's own was added: "
            "nothing was run"
        )
        handin.record = record
        handin.seconds = time.monotonic() - started
        return handin
    handin.notes.extend(_huge_cells(notebook))
    groups = _groups(lesson)
    runs = _run_groups(notebook, lesson, groups, options.full_run, options, started, copy, seed)
    again = [
        g for g, run in zip(groups, runs, strict=True) if not options.full_run and _needs_full_run(run, g)
    ]
    if again:
        handin.notes.append(
            "an answer needed cells of the lesson itself: the whole notebook was run for "
            + ", ".join(e.id for g in again for e in g.exercises)
        )
        rerun = dict(
            zip(
                [id(g) for g in again],
                _run_groups(notebook, lesson, again, True, options, started, copy, seed),
                strict=True,
            )
        )
        runs = [rerun.get(id(g), run) for g, run in zip(groups, runs, strict=True)]
    for group, run in zip(groups, runs, strict=True):
        students = [(i, what) for i, what in run.errors if not _lesson_cell(notebook, i, lesson)]
        own_errors = [(i, what) for i, what in students if not what.startswith("PackageReached")]
        own_errors = own_errors or students
        if own_errors and not first_failure:
            index, what = own_errors[0]
            first_failure = f"{_cell_words(notebook, index, lesson)} raised {what}"
        lessons = [(i, what) for i, what in run.errors if _lesson_cell(notebook, i, lesson)]
        if lessons:
            note = _lesson_error(notebook, *lessons[0], lesson)
            if note not in handin.notes:
                handin.notes.append(note)
        for exercise in group.exercises:
            outcomes[exercise.id] = _result(exercise, run, notebook, options, lesson)
            record["exercises"][exercise.id] = {
                "digest": case_digest(exercise.id, seed),
                "events": run.events.get(exercise.id, []),
                "complete": run.complete.get(exercise.id, False),
                "state": run.states.get(exercise.id, ""),
            }
        if run.killed and run.killed not in handin.notes:
            handin.notes.append(run.killed)
    handin.failure = first_failure
    for exercise in lesson.exercises:
        result = outcomes[exercise.id]
        result.argument = arguments.get(exercise.id) if exercise.has_argument else None
        handin.results.append(result)
    handin.record = record
    handin.seconds = time.monotonic() - started
    return handin


@cache
def _stubs(lesson_path: str) -> frozenset[str]:
    """The student edition's stub of every answer cell of a lesson."""
    edition = student_notebook(model.read_notebook(Path(lesson_path)))
    return frozenset(
        cell.source.strip()
        for cell in edition.cells
        if cell.cell_type == "code" and model.TAG_SOLUTION in model.tags(cell)
    )


def _untouched(notebook: Any, lesson: model.Lesson) -> bool:
    """Every cell the grader would run is a stub of the student edition, untouched: nothing to run."""
    stubs = _stubs(str(lesson.path))
    return all(source.strip() in stubs for _, source in _cells_to_run(notebook, lesson, full=False))


def _needs_full_run(run: _Run, group: _Group) -> bool:
    """An answer that seems to rely on the lesson's own cells (run only in a full run)."""
    for exercise in group.exercises:
        if run.states.get(exercise.id) == "missing":
            return True
        status, message, _, _ = run.outcomes.get(exercise.id, ("", "", "", None))
        if status == "incorrect" and "raised NameError" in message:
            return True
    return False


def _result(
    exercise: model.Exercise, run: _Run, notebook: Any, options: Options, lesson: model.Lesson | None = None
) -> Result:
    state = run.states.get(exercise.id, "")
    name = exercise.answer
    if state == "tampered":
        changed = ", ".join(run.changed.get(exercise.id, [])) or "the grader's machinery"
        return Result(
            exercise.id,
            "tampered",
            f"the notebook replaced what the grader relies on ({changed}); its answers are not graded. "
            "Ask your instructor.",
        )
    if run.garbled and not (state == "evaluated" and exercise.id in run.outcomes):
        return Result(
            exercise.id, "tampered", f"{run.garbled}; the answers it had not reported yet are not graded"
        )
    if state == "evaluated" and exercise.id in run.outcomes:
        status, message, output, seconds = run.outcomes[exercise.id]
        return Result(exercise.id, status, message, seconds, output[:300])
    if state == "stub":
        return Result(
            exercise.id, "not attempted", f"`{name}` is still the stub: replace the ... with your answer."
        )
    errors_before = run.errors
    if state == "missing":
        if errors_before:
            index, what = errors_before[0]
            return Result(
                exercise.id,
                "not reached",
                f"`{name}` is not defined: {_cell_words(notebook, index, lesson)} raised {what}",
            )
        return Result(exercise.id, "not attempted", f"the notebook defines no `{name}`")
    if run.killed:
        return Result(exercise.id, "not reached", f"{run.killed}, before `{name}` was checked")
    return Result(
        exercise.id, "check failed", "the grader could not check this exercise; run the notebook by hand"
    )


def rejudge(exercise_id: str, record: dict) -> Result | None:
    """The verdict on one exercise from a hand-in's record, without running anything; None when
    the record cannot settle it (other inputs now, or values missing after an early stop)."""
    data = record.get("exercises", {}).get(exercise_id)
    seed = record.get("seed")
    if data is None or data.get("digest") != case_digest(exercise_id, seed):
        return None
    entry = checker.registration(exercise_id)
    events = [_event(e) for e in data.get("events", [])]
    complete = data.get("complete", False)
    if not events:
        return None
    status, message, output, seconds = checker.judge(entry, iter(events), seed)
    if status == "check failed" and not complete:
        return None
    if status == "correct" or complete or any(isinstance(e, (probe.TimedOut, probe.Died)) for e in events):
        return Result(exercise_id, status, message, seconds, output[:300])
    # an early stop at the first wrong value: the same value is still wrong unless the check changed
    return Result(exercise_id, status, message, seconds, output[:300])
