"""Grade one hand-in: run its code in runners, judge what they report, here.

This module runs in the grader's own processes, which never run a student's code: a hand-in's
cells run in ``runner`` processes (one per set of modules its exercises forbid), under a
memory limit, in network and process namespaces of their own where the system allows, every
cell within its time limit (a cell past it is stopped for sure: the runner is killed with
everything it started). The runners report plain data; the verdicts are decided here by
``checker.judge`` from those values, with references computed in this process.

``grade_handin`` returns a ``HandIn``: one ``Result`` per exercise of the lesson, the first
cell of the student's that failed, the student's written arguments, and a record of the
values the answers gave (for ``--exercise`` regrading without running anything again).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import socket
import struct
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

from puzzles.course import checker, codec, probe
from puzzles.instructor import course as model
from puzzles.instructor.grading.names import Student, who
from puzzles.instructor.grading.runner import (
    PR_SET_CHILD_SUBREAPER,
    PR_SET_PDEATHSIG,
    case_digest,
    children_of,
    prctl,
)
from puzzles.instructor.student import ARGUMENT_STUB, student_notebook

__all__ = [
    "VERDICTS",
    "Options",
    "Result",
    "HandIn",
    "grade_handin",
    "match_lesson",
    "rejudge",
    "isolation_prefix",
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
_FRAME = struct.Struct(">I")


@dataclass
class Options:
    cell_timeout: float = 120.0  # seconds a cell may run
    handin_timeout: float = 900.0  # seconds a whole hand-in may take
    memory: int = 4 * 1024**3  # bytes a hand-in's runner may address
    full_run: bool = False  # run every cell of the notebook, not only the student's own
    isolation: str = "auto"  # "auto", "namespace" or "none"
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
    submitted: float = 0.0  # the file's modification time
    seconds: float = 0.0
    record: dict = field(default_factory=dict)  # the values the answers gave, for regrading

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


def _cells_to_run(notebook: Any, lesson: model.Lesson, full: bool) -> list[tuple[int, str]]:
    """The hand-in's code cells to run, with their indices: every one (``full``), or only the
    student's own (answers, and cells that are not the lesson's); never a check cell."""
    lesson_own = _lesson_sources(str(lesson.path))
    chosen = []
    for index, cell in enumerate(notebook.cells):
        if cell.get("cell_type") != "code" or not cell.get("source", "").strip():
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


def _cell_words(notebook: Any, index: int) -> str:
    if index < 0:
        return "the lesson's first code cell"
    first = _first_line(notebook.cells[index])
    if len(first) > 50:
        first = first[:47] + "..."
    return f'cell {index + 1} ("{first}")' if first else f"cell {index + 1}"


# -- isolation ---------------------------------------------------------------------------------------


@cache
def isolation_prefix() -> tuple[str, ...]:
    """The command prefix that runs a runner in network and process namespaces of its own, or ()."""
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if not unshare or not ip:
        return ()
    prefix = (
        unshare,
        "--net",
        "--pid",
        "--fork",
        "--kill-child",
        "--mount-proc",
        "--map-root-user",
        "sh",
        "-c",
        f'"{ip}" link set lo up && exec "$0" "$@"',
    )
    try:
        probe_run = subprocess.run(
            [*prefix, sys.executable, "-c", "import socket; socket.socket().bind(('127.0.0.1', 0))"],
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return prefix if probe_run.returncode == 0 else ()


def become_subreaper() -> None:
    """Processes orphaned below this one come to it (so that none outlives a hand-in)."""
    prctl(PR_SET_CHILD_SUBREAPER, 1)


def end_stragglers() -> None:
    """Kill and reap every process left below this one (adopted orphans of a hand-in)."""
    for _ in range(20):
        children = children_of(os.getpid())
        if not children:
            return
        for child in children:
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for child in children:
            try:
                os.waitpid(child, 0)
            except ChildProcessError:
                pass


def _last_lines(stream: Any) -> str:
    """The last three lines a process wrote to ``stream`` (a temporary file), joined."""
    stream.seek(0)
    lines = stream.read().decode("utf-8", "replace").strip().splitlines()
    return " / ".join(lines[-3:])


class _Server:
    """The runner server of this process (see ``runner.serve``): started once, used for every
    hand-in this process grades, started again after a hand-in that had to be stopped."""

    def __init__(self, isolation: str):
        prefix: tuple[str, ...] = ()
        if isolation != "none":
            prefix = isolation_prefix()
            if not prefix and isolation == "namespace":
                raise RuntimeError("--isolation namespace: this system cannot make namespaces (unshare)")
        self.isolation = isolation
        self.isolated = bool(prefix)
        self.owner = os.getpid()  # a forked grader process starts a server of its own
        env = dict(os.environ)
        for proxy in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
            env[proxy] = "http://127.0.0.1:9"  # the discard port: nothing gets out through a proxy
        env.pop("no_proxy", None)
        env.pop("NO_PROXY", None)
        env.update(MPLBACKEND="Agg", PUZZLES_PROGRESS="0")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [
                *prefix,
                sys.executable,
                "-m",
                "puzzles.instructor.grading.runner",
                "--serve",
                str(theirs.fileno()),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.stderr,
            cwd=tempfile.gettempdir(),
            env=env,
            pass_fds=(theirs.fileno(),),
            start_new_session=True,
            preexec_fn=lambda: prctl(PR_SET_PDEATHSIG, signal.SIGKILL),
        )
        theirs.close()
        self.control = ours
        self.lines = bytearray()
        if self._line(SERVER_START_SECONDS) != "ready":
            why = self.crash_text()
            self.stop()
            raise RuntimeError("the grader's runner server did not start" + (f": {why}" if why else ""))

    def _line(self, seconds: float) -> str | None:
        deadline = time.monotonic() + seconds
        while b"\n" not in self.lines:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.control], [], [], left)
            if ready:
                chunk = self.control.recv(4096)
                if not chunk:
                    return None
                self.lines += chunk
        line, _, rest = bytes(self.lines).partition(b"\n")
        self.lines = bytearray(rest)
        return line.decode("ascii", "replace")

    def start_handin(self, work: Path, memory: int, fds: list[int]) -> None:
        header = {"work": str(work), "memory": memory, "env": {"HOME": str(work)}}
        socket.send_fds(self.control, [json.dumps(header).encode("utf-8")], fds)

    def finished(self, seconds: float) -> bool:
        """Whether the hand-in ended and the server cleared what it left, within ``seconds``."""
        line = self._line(seconds)
        return line is not None and line.startswith("done")

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        for kill in (lambda: os.killpg(self.process.pid, signal.SIGKILL), self.process.kill):
            try:
                kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        self.control.close()
        end_stragglers()

    def crash_text(self) -> str:
        return _last_lines(self.stderr)


SERVER_START_SECONDS = 300.0  # importing the scientific stack on a busy machine
_SERVER: list[_Server] = []  # this process's runner server, once started


def _server(options: Options) -> _Server:
    if _SERVER:
        server = _SERVER[0]
        if server.owner != os.getpid():
            _SERVER.clear()  # the parent's server, inherited by a fork: not this process's to use
        elif not server.alive() or server.isolation != options.isolation:
            _drop_server()
    if not _SERVER:
        _SERVER.append(_Server(options.isolation))
    return _SERVER[0]


def _drop_server() -> None:
    if _SERVER:
        _SERVER.pop().stop()


class _Runner:
    """One hand-in's runner (a fork of the runner server) and its report channel."""

    def __init__(self, instruction: dict, work: Path, options: Options):
        self.server = _server(options)
        self.isolated = self.server.isolated
        read_end, write_end = os.pipe()
        errors = tempfile.TemporaryFile()
        instructions, self.instructions = os.pipe()
        try:
            self.server.start_handin(work, options.memory, [instructions, write_end, errors.fileno()])
        finally:
            os.close(instructions)
            os.close(write_end)
        self.stderr = errors
        self.fd = read_end
        self.buffer = bytearray()
        self.closed = False
        self._send(instruction)

    def _send(self, data: dict) -> None:
        payload = codec.encode(data).encode("ascii")
        try:
            view = memoryview(_FRAME.pack(len(payload)) + payload)
            while view:
                view = view[os.write(self.instructions, view) :]
        except (BrokenPipeError, OSError):
            pass

    def skip(self, exercise_id: str) -> None:
        self._send({"skip": exercise_id})

    def frames(self, deadline: float) -> Iterator[dict | None]:
        """Frames as they come; None when ``deadline`` (a time.monotonic) passed first."""
        while True:
            while len(self.buffer) >= _FRAME.size:
                (size,) = _FRAME.unpack_from(self.buffer)
                if size > 64 * 1024**2:
                    raise codec.CodecError("a frame larger than any report")
                if len(self.buffer) < _FRAME.size + size:
                    break
                payload = bytes(self.buffer[_FRAME.size : _FRAME.size + size])
                del self.buffer[: _FRAME.size + size]
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
                    self.buffer += chunk

    def stop(self) -> None:
        """The hand-in's runner ends: at once if it closed its reports (it ended), else the
        server is stopped with it (and started again for the next hand-in)."""
        for fd in (self.fd, self.instructions):
            try:
                os.close(fd)
            except OSError:
                pass
        if not (self.closed and self.server.finished(SERVER_CLEANUP_SECONDS)):
            _drop_server()

    def crash_text(self) -> str:
        return _last_lines(self.stderr)


SERVER_CLEANUP_SECONDS = 30.0


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
    notebook: Any, lesson: model.Lesson, groups: list[_Group], full: bool, options: Options, started: float
) -> list[_Run]:
    """Run the hand-in once for ``groups``: one runner, one fork per group (see ``runner``)."""
    runs = [_Run() for _ in groups]
    anchors = _anchors(notebook, lesson)
    cells = [[index, source] for index, source in _cells_to_run(notebook, lesson, full)]
    instruction = {
        "first": lesson.first_code_cell(),
        "groups": [
            {
                "without": list(group.without),
                "cells": cells,
                "exercises": [
                    {"id": e.id, "answer": e.answer, "anchor": anchors[e.id]} for e in group.exercises
                ],
            }
            for group in groups
        ],
    }
    with tempfile.TemporaryDirectory(prefix="dp-puzzles-handin-") as work:
        runner = _Runner(instruction, Path(work), options)
        reader = _Reader(runner, notebook, groups, runs, options, started)
        try:
            reader.read()
        except (codec.CodecError, ValueError, KeyError, TypeError, IndexError) as error:
            for run in runs:
                if not run.ended:
                    run.garbled = f"something in the notebook wrote into the grader's channel ({error})"
        finally:
            runner.stop()
        crash = ""
        for run in runs:
            if not run.killed and not run.ended and not run.garbled:
                crash = crash or runner.crash_text()
                run.killed = reader.killed or (
                    "the notebook's process ended early" + (f" ({crash})" if crash else "")
                )
    return runs


class _Reader:
    """Reads one runner's reports, judges each answer as its values come, here."""

    def __init__(
        self,
        runner: _Runner,
        notebook: Any,
        groups: list[_Group],
        runs: list[_Run],
        options: Options,
        started: float,
    ):
        self.runner, self.notebook, self.groups, self.runs = runner, notebook, groups, runs
        self.options = options
        self.budget_end = started + options.handin_timeout
        self.entries = {e.id: checker.registration(e.id) for group in groups for e in group.exercises}
        self.current_cell: int | None = None
        self.until = self.budget_end
        self.group: int | None = None
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
                    words = _cell_words(self.notebook, self.current_cell)
                    self.killed = f"{words} did not stop within {self.options.cell_timeout:g} s"
                else:
                    limit = f"{self.options.handin_timeout:g} s"
                    self.killed = f"the hand-in took longer than the {limit} a hand-in may take"
                for run in self.runs:
                    if not run.ended:
                        run.killed = self.killed
                return
            if not self.dispatch(frame):
                return

    def dispatch(self, frame: dict) -> bool:
        kind = frame.get("kind")
        run = self.runs[self.group] if self.group is not None else None
        if kind == "cases":
            digests = frame.get("digests", {})
            self.digests_ok = all(digests.get(i) == case_digest(i) for i in self.entries)
        elif kind == "group":
            index, state = int(frame["index"]), frame["state"]
            if not 0 <= index < len(self.runs):
                raise ValueError(f"a report on a group that does not exist ({index})")
            if state == "start":
                self.group = index
            elif state == "end":
                self.runs[index].ended = True
                self.group = None
            elif state == "died":
                self.runs[index].killed = f"the notebook's process ended early ({frame.get('why')})"
                self.group = None
        elif kind == "cell":
            index, state = int(frame["index"]), frame["state"]
            if state == "start":
                self.current_cell, self.until = index, time.monotonic() + self.options.cell_timeout
            elif state == "error":
                what = f"{frame.get('ename')}: {frame.get('evalue')}"
                for target in [run] if run is not None else self.runs:
                    target.errors.append((index, what))
            elif state == "done":
                self.current_cell, self.until = None, self.budget_end
        elif kind == "exercise":
            if run is None:
                raise ValueError("a report on an exercise outside its group")
            self.exercise(run, str(frame["id"]), str(frame["state"]), frame)
        elif kind == "end":
            return False
        elif kind == "crash":
            if run is not None:
                run.killed = f"the notebook's process failed: {frame.get('what')}"
            else:
                for target in self.runs:
                    target.killed = f"the notebook's process failed: {frame.get('what')}"
                return False
        else:
            raise ValueError(f"a report of an unknown kind {kind!r}")
        return True

    def exercise(self, run: _Run, exercise_id: str, state: str, frame: dict) -> None:
        group = self.groups[self.group]
        if exercise_id not in {e.id for e in group.exercises}:
            raise ValueError(f"a report on an exercise of another group ({exercise_id})")
        run.states[exercise_id] = state
        if state == "tampered":
            run.changed[exercise_id] = [str(x) for x in frame.get("changed", [])]
            return
        if state != "evaluating":
            return
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
                run.outcomes[exercise_id] = checker.judge(entry, generator)
            except checker.PackFault as error:
                run.outcomes[exercise_id] = (
                    "check failed",
                    f"{error}. This is the course pack's fault, not the student's.",
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


# -- one hand-in ------------------------------------------------------------------------------------------


def _not_graded(path: Path, student: Student, why: str, lesson: model.Lesson | None) -> HandIn:
    handin = HandIn(str(path), student, lesson.file if lesson else "")
    exercises = lesson.exercises if lesson else ()
    if exercises:
        handin.results = [Result(e.id, "not graded", why) for e in exercises]
    else:
        handin.results = [Result("", "not graded", why)]
    return handin


def grade_handin(path: Path, course: model.Course, options: Options) -> HandIn:
    """Grade one hand-in (see the module's description)."""
    started = time.monotonic()
    student = who(path, tuple(lesson.stem for lesson in course.lessons))
    forced = course.lesson(options.lesson) if options.lesson else None
    if not path.is_file():
        return _not_graded(path, student, "there is no such file", forced)
    try:
        notebook = nbformat.read(str(path), as_version=4)
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
    handin = HandIn(str(path), student, lesson.file, submitted=path.stat().st_mtime)
    arguments = _arguments(notebook, lesson)
    outcomes: dict[str, Result] = {}
    record: dict[str, Any] = {"lesson": lesson.file, "exercises": {}}
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
                "digest": case_digest(exercise.id),
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
    groups = _groups(lesson)
    runs = _run_groups(notebook, lesson, groups, options.full_run, options, started)
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
                _run_groups(notebook, lesson, again, True, options, started),
                strict=True,
            )
        )
        runs = [rerun.get(id(g), run) for g, run in zip(groups, runs, strict=True)]
    for group, run in zip(groups, runs, strict=True):
        own_errors = [(i, what) for i, what in run.errors if i >= 0 and not what.startswith("PackageReached")]
        own_errors = own_errors or [(i, what) for i, what in run.errors if i >= 0]
        if own_errors and not first_failure:
            index, what = own_errors[0]
            first_failure = f"{_cell_words(notebook, index)} raised {what}"
        for exercise in group.exercises:
            outcomes[exercise.id] = _result(exercise, run, notebook, options)
            record["exercises"][exercise.id] = {
                "digest": case_digest(exercise.id),
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


def _result(exercise: model.Exercise, run: _Run, notebook: Any, options: Options) -> Result:
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
                f"`{name}` is not defined: {_cell_words(notebook, index)} raised {what}",
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
    if data is None or data.get("digest") != case_digest(exercise_id):
        return None
    entry = checker.registration(exercise_id)
    events = [_event(e) for e in data.get("events", [])]
    complete = data.get("complete", False)
    if not events:
        return None
    status, message, output, seconds = checker.judge(entry, iter(events))
    if status == "check failed" and not complete:
        return None
    if status == "correct" or complete or any(isinstance(e, (probe.TimedOut, probe.Died)) for e in events):
        return Result(exercise_id, status, message, seconds, output[:300])
    # an early stop at the first wrong value: the same value is still wrong unless the check changed
    return Result(exercise_id, status, message, seconds, output[:300])
