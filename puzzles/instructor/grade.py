"""Grade a class: run the hand-ins, judge every exercise, write a gradebook your LMS imports.

    dp-puzzles grade HANDIN... [--out grades.csv] [--format plain|canvas|moodle] [--jobs N]
                     [--due DATETIME] [--submitted worksheet.csv] [--similarity]
                     [--arguments DIR] [--marks marks.csv] [--exercise ID] [--unsafe]

HANDIN is a notebook or a folder of them (an LMS's unzipped download). For each hand-in the
grader finds its lesson in the course (by file name, else by the exercises it checks), runs the
student's own cells (the lesson's first code cell, the answers, and any cell the student added
or changed; ``--full-run`` runs every cell) in a bubblewrap sandbox per group of exercises
(``grading/sandbox.py``), evaluates each answer where its check cell stood, and judges the
values in the grader's own process, which never runs a student's code. Without bubblewrap it
refuses, unless ``--unsafe``. See the README's "What the checks protect" for what a notebook
can and cannot do to its grade.

It writes, next to ``--out``:

* the gradebook (``--out``): one row per student, points per exercise, total and maximum, in
  the ``--format`` your gradebook imports (plain, Canvas, Moodle);
* ``<out>-details.csv``: every exercise of every hand-in, its verdict, points and the sentence;
* ``<out>-feedback/``: one Markdown file per hand-in for the student;
* ``<out>-records/``: the values each answer gave, so that ``--exercise ID`` regrades one
  exercise without running a notebook again;
* with ``--similarity``, ``<out>-similarity.csv`` and ``<out>-similarity.md``: answers that are
  nearly the same as another student's or as the pack's own code (a hint, never a grade).

The gradebook is rewritten as each hand-in finishes: stopping the grader (Ctrl-C) keeps the
rows done so far and leaves no process behind. Students are named by the LMS's download names
(Canvas: ``name_12345_67890_file.ipynb``; Moodle: ``Full Name_12345_assignsubmission_file_``);
otherwise by the file's stem. With ``--format canvas`` or ``moodle`` every name must be that
LMS's: the grader lists those that are not, and gives them no made-up id. A hand-in is late
only when the LMS says so (Canvas's ``late`` in the name, or a submission time from
``--submitted`` after ``--due``), never because of a file's time.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime as dt
import json
import multiprocessing
import os
import queue
import re
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from puzzles.course import codec
from puzzles.instructor import course as model
from puzzles.instructor.builds import BuildRefused, OutputFolder
from puzzles.instructor.grading import gradebook, sandbox, similarity
from puzzles.instructor.grading.arguments import write_arguments
from puzzles.instructor.grading.names import PLATFORMS, Student, who
from puzzles.instructor.grading.session import (
    HandIn,
    Options,
    Result,
    grade_handin,
    rejudge,
)

__all__ = ["collect", "grade", "regrade", "add_arguments", "run", "main"]


def collect(paths: list[Path]) -> list[Path]:
    """The notebooks among ``paths``: files as given, folders searched (checkpoints left out)."""
    found = []
    for path in paths:
        if path.is_dir():
            found += sorted(
                p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts and p.is_file()
            )
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def _keys(paths: list[Path]) -> dict[str, str]:
    """A file name for each hand-in's record and feedback (letters of any script kept, as in
    ``müllerjürgen_1011_...``): its stem, or, where two hand-ins share a stem, its folder's name
    too (``alice--01-worst-case``)."""
    stems: dict[str, int] = {}
    for path in paths:
        stems[path.stem] = stems.get(path.stem, 0) + 1
    keys = {}
    for path in paths:
        key = path.stem if stems[path.stem] == 1 else f"{path.parent.name}--{path.stem}"
        keys[str(path)] = re.sub(r"[^\w. -]+", "_", key)[-150:] or "handin"
    return keys


# -- parallel workers -------------------------------------------------------------------------------


def _stopped(*_: object) -> None:  # pragma: no cover - in a worker
    raise SystemExit(0)


def _worker(tasks, results, course_root: str, options: Options) -> None:  # pragma: no cover - a child
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process decides when to stop
    signal.signal(signal.SIGTERM, _stopped)  # stopped: the hand-in's sandbox and private copy go first
    course = model.load(course_root)
    while True:
        task = tasks.get()
        if task is None:
            return
        index, path = task
        try:
            handin = grade_handin(Path(path), course, options)
        except Exception as error:  # noqa: BLE001 - one hand-in's failure is reported, the others go on
            student = who(Path(path), tuple(lesson.stem for lesson in course.lessons))
            handin = HandIn(
                path, student, results=[Result("", "check failed", f"the grader failed: {error}")]
            )
        results.put((index, handin))


class _Pool:
    """``jobs`` worker processes; a worker that dies (a hand-in killed it) costs that hand-in only."""

    def __init__(self, jobs: int, course: model.Course, options: Options):
        self.context = multiprocessing.get_context("fork")
        self.results = self.context.Queue()
        self.course, self.options = course, options
        self.workers: list[tuple[multiprocessing.Process, multiprocessing.Queue, tuple | None]] = []
        for _ in range(jobs):
            self.workers.append(self._start())

    def _start(self):
        tasks = self.context.Queue()
        process = self.context.Process(
            target=_worker, args=(tasks, self.results, str(self.course.root), self.options), daemon=True
        )
        process.start()
        return [process, tasks, None]

    def run(self, paths: list[Path]):
        """Yield ``(index, HandIn)`` as hand-ins finish, in whatever order."""
        waiting = list(enumerate(paths))
        busy = 0
        while waiting or busy:
            for slot in self.workers:
                if slot[2] is None and waiting:
                    slot[2] = waiting.pop(0)
                    slot[1].put((slot[2][0], str(slot[2][1])))
                    busy += 1
            try:
                index, handin = self.results.get(timeout=0.5)
            except queue.Empty:
                for number, slot in enumerate(self.workers):
                    process, _, task = slot
                    if task is not None and not process.is_alive():
                        busy -= 1
                        student = who(task[1], tuple(lesson.stem for lesson in self.course.lessons))
                        dead = HandIn(
                            str(task[1]),
                            student,
                            results=[
                                Result(
                                    "",
                                    "not graded",
                                    "the hand-in stopped the grader's process that ran it; grade it by hand",
                                )
                            ],
                        )
                        self.workers[number] = self._start()
                        yield task[0], dead
                continue
            for slot in self.workers:
                if slot[2] is not None and slot[2][0] == index:
                    slot[2] = None
            busy -= 1
            yield index, handin

    def close(self) -> None:
        for process, _, _ in self.workers:
            if process.is_alive():
                process.terminate()
        for process, _, _ in self.workers:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()


# -- the command ------------------------------------------------------------------------------------


class _Outputs:
    """Everything the grader writes, next to the gradebook."""

    def __init__(self, out: Path, course: model.Course, args: argparse.Namespace):
        self.out = out
        self.course = course
        self.form = args.format
        self.due = args.due
        self.assignment_name = args.assignment
        self.marks = gradebook.read_marks(args.marks, course) if args.marks else {}
        self.submitted = gradebook.read_submitted(args.submitted) if args.submitted else {}
        self.expect = args.format if args.format in PLATFORMS else None
        self.stems = tuple(lesson.stem for lesson in course.lessons)
        self.tidied: list[str] = []
        self.written: set[Path] = set()  # the gradebook files this run wrote
        self.details = out.with_name(out.stem + "-details.csv")
        sources = [course.root]
        self.feedback = OutputFolder(out.with_name(out.stem + "-feedback"), "grader feedback", sources)
        self.records = OutputFolder(out.with_name(out.stem + "-records"), "grader records", sources)

    def prepare(self, regrading: bool) -> None:
        if regrading:
            self.feedback.check()
            self.records.check()
        else:
            self.feedback.prepare()
            self.records.prepare()

    def identify(self, handin: HandIn) -> None:
        """Name the hand-in's student as the gradebook's LMS does (no made-up id for a name
        that is not that LMS's)."""
        handin.student = who(Path(handin.path), self.stems, self.expect)

    def record(self, handin: HandIn, key: str) -> None:
        self.identify(handin)
        self.records.write_text(key + ".json", record_text(asdict(handin)))
        late = gradebook.is_late(handin.student, self.submitted, self.due)
        self.feedback.write_text(key + ".md", gradebook.feedback_text(handin, self.course, self.marks, late))

    def gradebook(self, handins: list[HandIn]) -> list[Path]:
        names = {}
        if self.assignment_name:
            for lesson in {h.lesson for h in handins if h.lesson}:
                names[lesson] = self.assignment_name
        gradebook.write_details(self.details, handins, self.course)
        written = gradebook.write_gradebook(
            self.out,
            handins,
            self.course,
            form=self.form,
            marks=self.marks,
            due=self.due,
            assignments=names,
            submitted=self.submitted,
        )
        for message in gradebook.tidy_gradebooks(self.out, written, quiet=self.written):
            if message not in self.tidied:
                self.tidied.append(message)
        self.written.update(written)
        return written

    def finish(self) -> None:
        self.feedback.finish()
        self.records.finish()


def grade(paths: list[Path], course: model.Course, options: Options, jobs: int, progress: bool, done=None):
    """Grade ``paths`` with ``jobs`` workers; ``done(handin)`` is called as each finishes."""
    from tqdm import tqdm

    handins: list[HandIn | None] = [None] * len(paths)
    bar = tqdm(total=len(paths), desc="grading", unit="hand-in", disable=not progress, file=sys.stderr)
    pool = _Pool(max(1, jobs), course, options)
    try:
        for index, handin in pool.run(paths):
            handins[index] = handin
            if done:
                done(handin)
            bar.update()
    finally:
        pool.close()
        bar.close()
    return [h for h in handins if h is not None]


def record_text(value: object, depth: int = 0) -> str:
    """A hand-in's record as the codec's text, written piece by piece: each exercise's values
    came through the codec's caps one by one, and a record holds as many of them as the checks
    asked for (tens of thousands), so the record as a whole is never cut to a placeholder.
    ``codec.decode`` reads it back whole."""
    if depth < 8 and isinstance(value, dict) and all(isinstance(key, str) for key in value):
        return codec.encode_entries({key: record_text(item, depth + 1) for key, item in value.items()})
    if depth < 8 and isinstance(value, list):
        return codec.encode_list([record_text(item, depth + 1) for item in value])
    return codec.encode(value)


class RecordError(ValueError):
    """A record of an earlier run that cannot be read back (damaged, or cut by an older version)."""


def _read_record(path: Path) -> HandIn:
    try:
        data = codec.decode(path.read_text())
        if not isinstance(data, dict):
            raise TypeError(f"it holds {data!r} instead of a hand-in's record")
        student = Student(**data["student"])
        results = [Result(**r) for r in data["results"]]
        return HandIn(**{**data, "student": student, "results": results})
    except (OSError, UnicodeDecodeError, codec.CodecError, KeyError, TypeError) as error:
        raise RecordError(
            f"the record {path} cannot be read back ({error}); grade the hand-ins again without --exercise "
            "(the record is then written anew)"
        ) from None


def regrade(
    exercise_id: str, records: Path, course: model.Course, options: Options
) -> tuple[list[HandIn], list[str]]:
    """Every recorded hand-in with ``exercise_id`` judged again from its record; the hand-ins whose
    record cannot settle it are run again (only then)."""
    course.exercise(exercise_id)  # a sentence for an unknown id
    handins, rerun = [], []
    for path in sorted(records.glob("*.json")):
        handin = _read_record(path)
        if not isinstance(handin.record, dict):
            handin.record = {}
        if not isinstance(handin.record.get("exercises", {}), dict):  # unreadable: run again below
            handin.record["exercises"] = dict.fromkeys(r.exercise for r in handin.results)
        if all(r.exercise != exercise_id for r in handin.results):
            handins.append(handin)
            continue
        exercises = handin.record.get("exercises", {})
        entry = exercises.get(exercise_id, {})  # none: the hand-in never got to it
        state = entry.get("state", "") if isinstance(entry, dict) else "unreadable"
        if state not in ("evaluated", "unreadable"):  # a stub, a missing answer, never reached: unchanged
            handins.append(handin)
            continue
        fresh = rejudge(exercise_id, handin.record) if state == "evaluated" else None
        if fresh is None:
            rerun.append(handin.path)
            again = grade_handin(Path(handin.path), course, options, seed=handin.seed)
            old = next(r for r in handin.results if r.exercise == exercise_id)
            fresh = next((r for r in again.results if r.exercise == exercise_id), old)
            found = again.record.get("exercises", {})
            if exercise_id in found:
                handin.record.setdefault("exercises", {})[exercise_id] = found[exercise_id]
        old = next(r for r in handin.results if r.exercise == exercise_id)
        fresh.argument = old.argument
        handin.results = [fresh if r.exercise == exercise_id else r for r in handin.results]
        handins.append(handin)
    return handins, rerun


def _due(text: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"the due date is a date and time such as 2026-12-01T23:59 or '2026-12-01 23:59', got {text!r}"
        ) from None
    return moment if moment.tzinfo else moment.astimezone()


def _share(text: str) -> float:
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0 < share <= 1:
        raise argparse.ArgumentTypeError(f"the similarity threshold is a share between 0 and 1, got {text!r}")
    return share


MEMORY_RANGE = (0.25, 1024.0)  # gigabytes a hand-in may use: a Python kernel needs about 0.2
CELL_RANGE = (1.0, 86_400.0)  # seconds a cell may run
HANDIN_RANGE = (10.0, 7 * 86_400.0)  # seconds a hand-in may take
JOBS_RANGE = (1, 256)  # hand-ins graded at once


def _in_range(what: str, kind: type, low: float, high: float, unit: str = "") -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, else one sentence."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or value != value or not low <= value <= high:
            words = "a whole number" if kind is int else "a number"
            raise argparse.ArgumentTypeError(
                f"{what} is {words} from {low:g} to {high:g}{unit}, got {text!r}"
            )
        return value

    parse.__name__ = what  # argparse names the type in its own messages
    return parse


memory_gigabytes = _in_range("the memory a hand-in may use", float, *MEMORY_RANGE, " (gigabytes)")
cell_seconds = _in_range("the time a cell may run", float, *CELL_RANGE, " (seconds)")
handin_seconds = _in_range("the time a hand-in may take", float, *HANDIN_RANGE, " (seconds)")
jobs_count = _in_range("the number of hand-ins graded at once", int, *JOBS_RANGE)


def check_out(out: Path, handins: list[Path], regrading: bool) -> None:
    """Refuse, before any work, a gradebook path that would overwrite what the grader did not
    write: a folder, a file of the instructor's (``pyproject.toml``), a hand-in being graded.
    A gradebook or details file of an earlier run of the grader's own is fine (the gradebook is
    in the grader's list ``.<out>.written``; the details file starts with the grader's header)."""
    details = out.with_name(out.stem + "-details.csv")
    if out.is_dir():
        raise BuildRefused(
            f"--out {out} is a folder; give the gradebook's file name, such as {out / 'grades.csv'}"
        )
    if not out.parent.is_dir():
        raise BuildRefused(f"--out {out}: the folder {out.parent} does not exist; make it first")
    given = set()
    for handin in collect(handins) if not regrading else []:
        with contextlib.suppress(OSError):
            given.add(handin.resolve())
    for target in (out, details):
        if target.is_dir():
            raise BuildRefused(
                f"the grader writes the file {target}, and there is a folder of that name; move it"
            )
        if target.resolve() in given:
            raise BuildRefused(f"--out {out} would overwrite the hand-in {target}; choose another name")
    if out.exists() and not _own_gradebook(out):
        raise BuildRefused(
            f"--out {out} exists and was not written by the grader; it is left as it is: choose another name "
            "(or move that file)"
        )
    if details.exists() and not _own_details(details):
        raise BuildRefused(
            f"the grader writes its details to {details}, which exists and was not written by the grader; "
            "choose another --out (or move that file)"
        )


def _own_gradebook(out: Path) -> bool:
    manifest = out.with_name(f".{out.name}.written")
    try:
        files = json.loads(manifest.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return isinstance(files, dict) and out.name in files


def _own_details(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8", newline="") as stream:
            first = next(csv.reader(stream), [])
    except (OSError, UnicodeDecodeError, csv.Error):
        return False
    return first[:6] == ["student", "name", "file", "lesson", "exercise", "verdict"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("handins", nargs="*", type=Path, help="the hand-ins: notebooks, or folders of them")
    parser.add_argument(
        "--out", type=Path, default=Path("grades.csv"), help="the gradebook (default grades.csv)"
    )
    parser.add_argument(
        "--format",
        choices=gradebook.FORMATS,
        default="plain",
        help="plain: one row per student, points per exercise; canvas: Canvas's gradebook import; moodle: "
        "Moodle's offline grading worksheet (one file per lesson)",
    )
    parser.add_argument(
        "--assignment",
        default="",
        help="the assignment's name in the LMS (Canvas column, default: the lesson's title); for Canvas, "
        "'Name (12345)' with the assignment's id updates that assignment",
    )
    parser.add_argument(
        "--jobs",
        type=jobs_count,
        default=os.cpu_count() or 1,
        help=f"hand-ins graded at once, {JOBS_RANGE[0]} to {JOBS_RANGE[1]} (default: the cores)",
    )
    parser.add_argument(
        "--due",
        type=_due,
        default=None,
        help="the due date and time (e.g. 2026-12-01T23:59, local time unless it says +01:00): a hand-in "
        "whose submission time (--submitted) is later is marked late, as is one Canvas named late; file "
        "times are never used",
    )
    parser.add_argument(
        "--submitted",
        type=Path,
        default=None,
        help="when each student submitted, as the LMS recorded it: Moodle's grading worksheet (its 'Last "
        "modified (submission)' column) or a CSV with the columns student,submitted",
    )
    parser.add_argument(
        "--similarity",
        action="store_true",
        help="also write <out>-similarity.csv and .md: answers nearly the same as another student's or as "
        "the pack's own code (copydetect's winnowing; a hint for the instructor, never a grade)",
    )
    parser.add_argument(
        "--similarity-threshold",
        type=_share,
        default=similarity.THRESHOLD,
        help=f"the share of an answer that must match to be listed (default {similarity.THRESHOLD})",
    )
    parser.add_argument(
        "--arguments",
        type=Path,
        default=None,
        help="write the students' written arguments, one page per exercise with the model argument on top, "
        "and a marking sheet (marking-sheet.csv) to this folder",
    )
    parser.add_argument(
        "--marks",
        type=Path,
        default=None,
        help="a filled marking sheet: its points join the gradebook's totals",
    )
    parser.add_argument(
        "--exercise",
        default=None,
        help="regrade this exercise only, from the records of an earlier run (no notebook runs again "
        "unless its record cannot settle it)",
    )
    parser.add_argument(
        "--notebooks", type=Path, default=None, help="the course's notebooks (default: the repository's)"
    )
    parser.add_argument(
        "--lesson", default=None, help="grade every hand-in against this lesson (egg/01-worst-case)"
    )
    parser.add_argument(
        "--full-run",
        action="store_true",
        help="run every cell of each notebook, not only the student's own (slower; the verdicts are the same "
        "unless an answer relies on the lesson's own cells, which the grader notices and then does anyway)",
    )
    parser.add_argument(
        "--cell-timeout",
        type=cell_seconds,
        default=120.0,
        help=f"seconds a cell may run, {CELL_RANGE[0]:g} to {CELL_RANGE[1]:g} (default 120)",
    )
    parser.add_argument(
        "--handin-timeout",
        type=handin_seconds,
        default=900.0,
        help=f"seconds a whole hand-in may take, {HANDIN_RANGE[0]:g} to {HANDIN_RANGE[1]:g} (default 900)",
    )
    parser.add_argument(
        "--memory",
        type=memory_gigabytes,
        default=4.0,
        help=f"gigabytes of memory a hand-in may use, {MEMORY_RANGE[0]:g} to {MEMORY_RANGE[1]:g} (default 4)",
    )
    parser.add_argument(
        "--unsafe",
        action="store_true",
        help="run the hand-ins without a sandbox (where bubblewrap is missing): a hand-in can then read "
        "and change what you can (other hand-ins, the pack, the grader): its grades carry no weight",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    try:
        course = model.load(args.notebooks)
        if args.lesson:
            course.lesson(args.lesson)
        check_out(args.out, args.handins, regrading=bool(args.exercise))
        outputs = _Outputs(args.out, course, args)
        outputs.prepare(regrading=bool(args.exercise))
    except (model.CourseError, BuildRefused, gradebook.MarksError, gradebook.SubmittedError) as error:
        print(f"dp-puzzles grade: {error}", file=sys.stderr)
        return 2
    options = Options(
        cell_timeout=args.cell_timeout,
        handin_timeout=args.handin_timeout,
        memory=int(args.memory * 1024**3),
        full_run=args.full_run,
        sandbox=not args.unsafe,
        lesson=args.lesson,
    )
    with sandbox.grading_run("dp-puzzles grade", args.unsafe, UNSAFE) as refused:
        if refused:
            print(refused, file=sys.stderr)
            return 2
        return _run(args, course, outputs, options, time.monotonic())


UNSAFE = (
    "dp-puzzles grade: --unsafe: NO SANDBOX. Every hand-in runs as a plain process of yours: it can read "
    "the other hand-ins, the teacher notebooks and the records, change the pack and the grader, use the "
    "network and leave files behind. Use these grades for feedback only."
)


def _run(args, course, outputs, options, started) -> int:
    if args.exercise:
        try:
            handins, rerun = regrade(args.exercise, outputs.records.path, course, options)
        except (model.CourseError, RecordError) as error:
            print(f"dp-puzzles grade: {error}", file=sys.stderr)
            return 2
        if not handins:
            print(
                f"dp-puzzles grade: no records in {outputs.records.path}; grade the hand-ins first",
                file=sys.stderr,
            )
            return 2
        outputs.records.prepare()
        outputs.feedback.prepare()
        keys = _keys([Path(h.path) for h in handins])
        for handin in handins:
            outputs.record(handin, keys[handin.path])
        note = f"; run again: {len(rerun)}" if rerun else "; no notebook was run again"
        print(f"regraded {args.exercise} on {len(handins)} hand-ins from their records{note}")
    else:
        paths = collect(args.handins)
        if not paths:
            print("dp-puzzles grade: no hand-ins given (notebooks, or folders of them)", file=sys.stderr)
            return 2
        finished: list[HandIn] = []
        keys = _keys(paths)

        def done(handin: HandIn) -> None:
            finished.append(handin)
            outputs.record(handin, keys[handin.path])
            outputs.gradebook(finished)

        try:
            handins = grade(paths, course, options, args.jobs, not args.quiet, done)
        except KeyboardInterrupt:
            handins = finished
            print(
                f"\nstopped: {len(finished)} of {len(paths)} hand-ins graded; their rows are written",
                file=sys.stderr,
            )
    written = outputs.gradebook(handins)
    outputs.finish()
    warnings = gradebook.name_warnings(handins, args.format)
    if warnings:
        print(
            f"warning: {len(warnings)} hand-in name(s) need a look (also in {outputs.details.name}, "
            "column 'name problem'):",
            file=sys.stderr,
        )
        for warning in warnings:
            print(f"  {warning}", file=sys.stderr)
    for message in outputs.tidied:
        print(f"note: {message}", file=sys.stderr)
    if args.due is not None and not args.submitted and args.format != "canvas":
        print(
            "note: no --submitted times: only a mark the LMS put in a name makes a hand-in late (file times "
            "are never used)",
            file=sys.stderr,
        )
    if args.similarity:
        try:
            report = similarity.write_report(
                args.out, gradebook.latest_per_student(handins), course, args.similarity_threshold
            )
        except ModuleNotFoundError as error:
            print(
                f"dp-puzzles grade: --similarity needs {error.name}: pip install 'copydetect>=0.5' (the "
                "gradebook and feedback are written)",
                file=sys.stderr,
            )
            return 2
        except ValueError as error:
            print(f"dp-puzzles grade: {error}", file=sys.stderr)
            return 2
        print(
            f"similarity hints (not grades): {report.pairs} pair(s), {report.references} match(es) with "
            f"the pack's code; {report.csv}, {report.summary}"
        )
    if args.arguments:
        try:
            pages = write_arguments(args.arguments, handins, course, [course.root])
        except BuildRefused as error:
            print(f"dp-puzzles grade: {error}", file=sys.stderr)
            return 2
        print(f"written arguments: {len(pages)} pages and the marking sheet in {args.arguments}")
    print(gradebook.summary_table(gradebook.latest_per_student(handins)))
    isolation = (
        "NO SANDBOX (--unsafe): these grades carry no weight"
        if args.unsafe
        else "each in a bubblewrap sandbox of its own"
    )
    print(
        f"graded {len(handins)} hand-ins in {time.monotonic() - started:.0f} s ({isolation}); gradebook: "
        + ", ".join(map(str, written))
        + f"; details: {outputs.details}; feedback: {outputs.feedback.path}/"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles grade", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
