"""The gradebook: points per exercise, one row per student, in the formats gradebooks import.

* ``plain``: ``student, name, platform, files, late, <exercise>..., total, maximum, to mark``
  (an exercise with a written argument has a second column, ``<exercise> argument``, filled
  from the marks once they are merged; ``to mark`` counts the arguments not marked yet);
* ``canvas``: the layout of Canvas's gradebook export, which its import reads back:
  ``Student, ID, SIS User ID, SIS Login ID, Section`` and one column per lesson (an assignment),
  with a ``Points Possible`` row; the ``ID`` is the Canvas user id from the download names;
* ``moodle``: Moodle's offline grading worksheet, one file per lesson (an assignment):
  ``Identifier`` (``Participant 12345``), ``Full name``, ..., ``Grade``, ``Maximum Grade``,
  ``Last modified (grade)``, ``Feedback comments``, as "Upload grading worksheet" reads it.

A check earns its points when its verdict is Correct; a written argument earns what the marker
gave it (``--marks``).

Lateness is the LMS's word, never a file's time (an unzipped download gives every file the
time of the unzipping): Canvas's ``late`` in the download name, or the submission time the LMS
recorded, read from Moodle's grading worksheet ("Last modified (submission)") or a plain
``student,submitted`` CSV (:func:`read_submitted`) and compared with the due date. A hand-in
with neither is not called late.

A hand-in whose name gave no id the LMS can match (``Student.problem``) is listed by
:func:`name_warnings`; Canvas gets its row with an empty ``ID`` (which Canvas's import cannot
match to a student), Moodle none (its import would skip a row without a participant number
silently).
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from puzzles.instructor import course as model
from puzzles.instructor.grading.names import Student
from puzzles.instructor.grading.session import VERDICTS, HandIn

__all__ = [
    "FORMATS",
    "Marks",
    "read_marks",
    "latest_per_student",
    "gradebook_rows",
    "write_gradebook",
    "write_details",
    "read_submitted",
    "is_late",
    "name_warnings",
    "tidy_gradebooks",
    "feedback_text",
    "summary_table",
]

FORMATS = ("plain", "canvas", "moodle")


class MarksError(ValueError):
    """A marks file that cannot be merged; the message names the file and the row."""


class SubmittedError(ValueError):
    """A submission-times file that cannot be read; the message names the file and the row."""


Submitted = dict[str, dt.datetime]  # student id -> when the LMS recorded the submission

# Moodle writes its dates with userdate() and the "strftimedatetime" family of formats, in the
# exporting user's time zone and language; these are the English ones (day with or without the
# weekday, 12- or 24-hour clock). A worksheet in another language needs a plain CSV instead.
_MOODLE_TIMES = (
    "%A, %d %B %Y, %I:%M %p",
    "%A, %d %B %Y, %H:%M",
    "%d %B %Y, %I:%M %p",
    "%d %B %Y, %H:%M",
)
_NOT_SUBMITTED = {"", "-", "no submission", "never"}


def _moment(text: str) -> dt.datetime | None:
    """A submission time as an LMS or a person writes it; None when it says there is none;
    a naive time is local time (as ``--due`` reads it)."""
    text = " ".join(text.split())
    if text.lower() in _NOT_SUBMITTED:
        return None
    moment = None
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        for form in _MOODLE_TIMES:
            try:
                moment = dt.datetime.strptime(text, form)
                break
            except ValueError:
                continue
    if moment is None:
        raise ValueError(text)
    return moment if moment.tzinfo else moment.astimezone()


def read_submitted(path: Path) -> Submitted:
    """When each student submitted, as the LMS recorded it.

    Either Moodle's grading worksheet as its "Download grading worksheet" writes it (columns
    ``Identifier`` = ``Participant 12345`` and ``Last modified (submission)``), or a plain CSV
    with the columns ``student`` (the id the gradebook uses) and ``submitted`` (a date and time
    such as ``2026-12-01 23:59`` or ``2026-12-01T23:59+01:00``). A row without a time (Moodle
    writes ``-``) means no submission; its student is not late.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise SubmittedError(f"the submission times {path} cannot be read ({error.strerror})") from None
    reader = csv.DictReader(io.StringIO(text))
    fields = set(reader.fieldnames or ())
    if {"Identifier", "Last modified (submission)"} <= fields:
        id_column, time_column = "Identifier", "Last modified (submission)"
    elif {"student", "submitted"} <= fields:
        id_column, time_column = "student", "submitted"
    else:
        raise SubmittedError(
            f"the submission times {path} need either Moodle's worksheet columns Identifier and "
            "'Last modified (submission)', or the columns student and submitted"
        )
    times: Submitted = {}
    for number, row in enumerate(reader, start=2):
        student = (row.get(id_column) or "").strip()
        if id_column == "Identifier":
            # Moodle's identifier is "Participant 12345" in the site's language: the number is the id.
            found = re.search(r"(\d+)\s*$", student)
            if not found:
                raise SubmittedError(
                    f"{path}, row {number}: the Identifier {student!r} does not end in a participant number"
                )
            student = found[1]
        if not student:
            raise SubmittedError(f"{path}, row {number}: the row names no student")
        try:
            moment = _moment(row.get(time_column) or "")
        except ValueError:
            raise SubmittedError(
                f"{path}, row {number}: the time {row.get(time_column)!r} is neither a date and time such as "
                "2026-12-01 23:59 nor Moodle's 'Tuesday, 1 December 2026, 11:59 PM'"
            ) from None
        if moment is not None:
            times[student] = moment
    return times


def is_late(student: Student, submitted: Submitted | None, due: dt.datetime | None) -> bool:
    """Whether the LMS says the hand-in is late: Canvas's mark in the name, or a recorded
    submission time after ``due``. Never the file's modification time."""
    if student.late:
        return True
    if due is None or not submitted or not student.id or student.id not in submitted:
        return False
    return submitted[student.id] > due


@dataclass(frozen=True)
class Mark:
    points: float
    comment: str = ""


Marks = dict[tuple[str, str], Mark]  # (student id, exercise id) -> the marker's points


def read_marks(path: Path, course: model.Course) -> Marks:
    """The marking sheet's points: columns ``student, exercise, points`` (and ``comment``)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise MarksError(f"the marks file {path} cannot be read ({error.strerror})") from None
    reader = csv.DictReader(io.StringIO(text))
    needed = {"student", "exercise", "points"}
    if reader.fieldnames is None or not needed <= set(reader.fieldnames):
        raise MarksError(f"the marks file {path} needs the columns student, exercise, points (and comment)")
    arguments = {e.id: e.points.argument for e in course.exercises if e.has_argument}
    marks: Marks = {}
    for number, row in enumerate(reader, start=2):
        exercise, student, given = row["exercise"].strip(), row["student"].strip(), row["points"].strip()
        if not given:
            continue  # not marked yet
        if exercise not in arguments:
            raise MarksError(f"{path}, row {number}: {exercise!r} is not an exercise with a written argument")
        try:
            points = float(given)
        except ValueError:
            raise MarksError(f"{path}, row {number}: the points {given!r} are not a number") from None
        if not 0 <= points <= arguments[exercise]:
            raise MarksError(
                f"{path}, row {number}: {points:g} points for {exercise}, whose argument is worth 0 to "
                f"{arguments[exercise]}"
            )
        marks[student, exercise] = Mark(points, (row.get("comment") or "").strip())
    return marks


def _who(handin: HandIn) -> str:
    """The row a hand-in belongs to: its student's id, or its own file when the name gave none."""
    return handin.student.id or f"file:{handin.path}"


def _order(handin: HandIn) -> tuple[int, int, str]:
    """Later uploads sort last: Canvas's resubmission number, then its file id (both from the
    LMS's names; file times say nothing in an unzipped download)."""
    return (handin.student.attempt, handin.student.upload, Path(handin.path).name)


def latest_per_student(handins: Iterable[HandIn]) -> list[HandIn]:
    """One hand-in per student and lesson: when a student handed a lesson in twice, the latest
    as the LMS's names order them (``lesson-2.ipynb`` after ``lesson-1.ipynb``, a higher Canvas
    file id after a lower one; otherwise the file name, and :func:`name_warnings` says so)."""
    chosen: dict[tuple[str, str], HandIn] = {}
    for handin in handins:
        key = (_who(handin), handin.lesson or handin.path)
        if key not in chosen or _order(handin) > _order(chosen[key]):
            chosen[key] = handin
    return sorted(chosen.values(), key=lambda h: (h.student.id, h.lesson, h.path))


def name_warnings(handins: Iterable[HandIn], form: str = "plain") -> list[str]:
    """A sentence for every hand-in whose name gave no id the gradebook can use, and for every
    student whose hand-ins of one lesson the names do not order."""
    handins = list(handins)
    warnings = []
    for handin in sorted(handins, key=lambda h: h.path):
        problem = handin.student.problem
        if not problem:
            continue
        if form == "moodle" and not handin.student.id:
            fate = "no row in the Moodle worksheet (grade it by hand)"
        elif form == "canvas" and not handin.student.id:
            fate = "a row with an empty ID, which Canvas's import cannot match (enter its grade by hand)"
        else:
            fate = f"graded as {handin.student.id!r}"
        warnings.append(f"{Path(handin.path).name}: {problem}; {fate}")
    groups: dict[tuple[str, str], list[HandIn]] = {}
    for handin in handins:
        if handin.student.id and handin.lesson:
            groups.setdefault((handin.student.id, handin.lesson), []).append(handin)
    for (student, lesson), group in sorted(groups.items()):
        orders = [_order(h)[:2] for h in group]
        if len(group) > 1 and len(set(orders)) < len(orders):
            latest = max(group, key=_order)
            warnings.append(
                f"student {student} handed {lesson} in {len(group)} times and the names do not say which "
                f"is the latest; graded {Path(latest.path).name} (check by hand)"
            )
    return warnings


def _points(handin: HandIn, exercise: model.Exercise) -> float:
    result = next((r for r in handin.results if r.exercise == exercise.id), None)
    return float(exercise.points.check) if result is not None and result.verdict == "correct" else 0.0


def _number(value: float) -> str:
    return f"{value:g}"


@dataclass
class Row:
    student: str
    name: str
    platform: str
    files: list[str]
    late: bool
    lessons: dict[str, tuple[float, float, int]]  # lesson file -> (points, maximum, arguments to mark)
    cells: dict[str, str]  # column -> value
    total: float
    maximum: float
    to_mark: int
    submitted: dt.datetime | None  # when the LMS says the student submitted (None: it did not say)
    problem: str = ""  # why the name gave no id the LMS can match


def _columns(course: model.Course, lessons: list[str]) -> list[tuple[str, model.Exercise, str]]:
    columns = []
    for lesson in course.lessons:
        if lesson.file not in lessons:
            continue
        for exercise in lesson.exercises:
            columns.append((exercise.id, exercise, "check"))
            if exercise.has_argument:
                columns.append((f"{exercise.id} argument", exercise, "argument"))
    return columns


def gradebook_rows(
    handins: list[HandIn],
    course: model.Course,
    marks: Marks,
    due: dt.datetime | None,
    submitted: Submitted | None = None,
) -> tuple[list[str], list[Row]]:
    """The gradebook's exercise columns, and one row per student (a hand-in whose name gave no
    id has a row of its own)."""
    graded = latest_per_student(handins)
    lessons = sorted(
        {h.lesson for h in graded if h.lesson},
        key=lambda f: [lesson.file for lesson in course.lessons].index(f),
    )
    columns = _columns(course, lessons)
    rows: dict[str, Row] = {}
    for handin in graded:
        student = handin.student
        recorded = (submitted or {}).get(student.id) if student.id else None
        row = rows.setdefault(
            _who(handin),
            Row(
                student.id,
                student.name,
                student.platform,
                [],
                False,
                {},
                {},
                0.0,
                0.0,
                0,
                recorded,
                student.problem,
            ),
        )
        row.files.append(Path(handin.path).name)
        row.late = row.late or is_late(student, submitted, due)
        if not handin.lesson:
            continue
        lesson = course.lesson(handin.lesson)
        earned, maximum, to_mark = 0.0, 0.0, 0
        for exercise in lesson.exercises:
            points = _points(handin, exercise)
            row.cells[exercise.id] = _number(points)
            earned += points
            maximum += exercise.points.check
            if exercise.has_argument:
                maximum += exercise.points.argument
                mark = marks.get((student.id, exercise.id))
                if mark is None:
                    row.cells[f"{exercise.id} argument"] = ""
                    to_mark += 1
                else:
                    row.cells[f"{exercise.id} argument"] = _number(mark.points)
                    earned += mark.points
        row.lessons[lesson.file] = (earned, maximum, to_mark)
        row.total += earned
        row.maximum += maximum
        row.to_mark += to_mark
    return [name for name, _, _ in columns], sorted(
        rows.values(), key=lambda r: (r.name or r.student, r.student)
    )


def _write_csv(path: Path, header: list[str], rows: list[list[str]]) -> None:
    """Write a CSV atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.part")
    with temporary.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        writer.writerows(rows)
    os.replace(temporary, path)


def _assignment(course: model.Course, lesson_file: str, names: dict[str, str]) -> str:
    return names.get(lesson_file) or course.lesson(lesson_file).heading


def write_gradebook(
    path: Path,
    handins: list[HandIn],
    course: model.Course,
    *,
    form: str = "plain",
    marks: Marks | None = None,
    due: dt.datetime | None = None,
    assignments: dict[str, str] | None = None,
    submitted: Submitted | None = None,
) -> list[Path]:
    """Write the gradebook in ``form``; return the files written (Moodle: one per lesson).

    ``submitted`` holds the LMS's submission times (:func:`read_submitted`); with ``due`` they
    decide the ``late`` column, with Canvas's mark in the names. Moodle gets no row for a
    hand-in whose name gave no participant number (:func:`name_warnings` lists them)."""
    marks = marks or {}
    assignments = assignments or {}
    columns, rows = gradebook_rows(handins, course, marks, due, submitted)
    lessons = [lesson.file for lesson in course.lessons if any(lesson.file in row.lessons for row in rows)]
    if form == "plain":
        header = [
            "student",
            "name",
            "platform",
            "files",
            "late",
            *columns,
            "total",
            "maximum",
            "to mark",
            "name problem",
        ]
        body = [
            [
                row.student,
                row.name,
                row.platform,
                " ".join(row.files),
                "yes" if row.late else "no",
                *(row.cells.get(column, "") for column in columns),
                _number(row.total),
                _number(row.maximum),
                str(row.to_mark),
                row.problem,
            ]
            for row in rows
        ]
        _write_csv(path, header, body)
        return [path]
    if form == "canvas":
        names = [_assignment(course, lesson, assignments) for lesson in lessons]
        header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *names]
        maxima = []
        for lesson in lessons:
            exercises = course.lesson(lesson).exercises
            maxima.append(_number(sum(e.points.total for e in exercises)))
        body = [["    Points Possible", "", "", "", "", *maxima]]
        for row in rows:
            scores = [_number(row.lessons[lesson][0]) if lesson in row.lessons else "" for lesson in lessons]
            body.append([row.name or row.student, row.student, "", "", "", *scores])
        _write_csv(path, header, body)
        return [path]
    if form == "moodle":
        written = []
        header = [
            "Identifier",
            "Full name",
            "Email address",
            "Status",
            "Grade",
            "Maximum Grade",
            "Grade can be changed",
            "Last modified (submission)",
            "Last modified (grade)",
            "Feedback comments",
        ]
        now = dt.datetime.now().strftime("%A, %d %B %Y, %I:%M %p")
        for lesson in lessons:
            target = (
                path if len(lessons) == 1 else path.with_name(f"{path.stem}-{Path(lesson).name}{path.suffix}")
            )
            exercises = course.lesson(lesson).exercises
            maximum = _number(sum(e.points.total for e in exercises))
            body = []
            for row in rows:
                if lesson not in row.lessons or not row.student:
                    continue  # no participant number: Moodle would skip the row without a word
                points, _, to_mark = row.lessons[lesson]
                when = "-" if row.submitted is None else row.submitted.strftime("%A, %d %B %Y, %I:%M %p")
                remark = f"{to_mark} written argument(s) still to mark." if to_mark else ""
                body.append(
                    [
                        f"Participant {row.student}",
                        row.name,
                        "",
                        "Submitted for grading" + (" (late)" if row.late else ""),
                        _number(points),
                        maximum,
                        "Yes",
                        when,
                        now,
                        remark,
                    ]
                )
            _write_csv(target, header, body)
            written.append(target)
        return written
    raise ValueError(f"the gradebook's format is one of {', '.join(FORMATS)}, got {form!r}")


def write_details(path: Path, handins: list[HandIn], course: model.Course) -> None:
    """Every exercise of every hand-in: verdict, points and the check's sentence."""
    header = [
        "student",
        "name",
        "file",
        "lesson",
        "exercise",
        "verdict",
        "points",
        "maximum",
        "seconds",
        "detail",
        "name problem",
        "seed",
    ]
    body = []
    for handin in handins:
        for result in handin.results:
            maximum = ""
            points = ""
            if result.exercise:
                exercise = course.exercise(result.exercise)
                maximum = str(exercise.points.check)
                points = str(exercise.points.check if result.verdict == "correct" else 0)
            seconds = "" if result.seconds is None else f"{result.seconds:.2f}"
            body.append(
                [
                    handin.student.id,
                    handin.student.name,
                    Path(handin.path).name,
                    handin.lesson,
                    result.exercise,
                    result.verdict,
                    points,
                    maximum,
                    seconds,
                    result.detail,
                    handin.student.problem,
                    str(handin.seed),
                ]
            )
    _write_csv(path, header, body)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tidy_gradebooks(out: Path, written: list[Path], quiet: Iterable[Path] = ()) -> list[str]:
    """Keep no stale gradebook beside the one just written for ``out``.

    The grader remembers the gradebook files it wrote (``.<out>.written``, beside them, with
    each file's digest). A file it wrote earlier but not now (Moodle's ``grades.csv`` of one
    lesson, once a second lesson makes it ``grades-<lesson>.csv``) is removed when it is
    unchanged since; one changed since is left where it is and named. So is an ``out`` this run
    did not write, whoever wrote it. Return a sentence for each (none for removing a file of
    ``quiet``: the same run wrote it a moment ago).
    """
    quiet = {Path(path) for path in quiet}
    manifest = out.with_name(f".{out.name}.written")
    try:
        previous = json.loads(manifest.read_text(encoding="utf-8"))["files"]
        if not isinstance(previous, dict):
            previous = {}
    except (OSError, ValueError, KeyError, TypeError):
        previous = {}
    names = {path.name for path in written}
    now = ", ".join(path.name for path in written)
    messages = []
    for name, digest in sorted(previous.items()):
        stale = out.with_name(str(name))
        if name in names or stale.parent != out.parent or not stale.is_file():
            continue
        if _digest(stale) == digest:
            stale.unlink()
            if stale not in quiet:
                messages.append(f"removed {stale}: the grader wrote it before and now writes {now} instead")
        else:
            messages.append(
                f"{stale} is left as it is: the grader wrote it before and it was changed since; it is not "
                f"this run's gradebook ({now}), so do not import it"
            )
    if out.is_file() and out.name not in names and out.name not in previous:
        messages.append(
            f"{out} is not this run's gradebook ({now}) and was not written by the grader; do not import it"
        )
    record = {"files": {path.name: _digest(path) for path in written if path.is_file()}}
    temporary = manifest.with_name(manifest.name + ".part")
    temporary.write_text(json.dumps(record, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, manifest)
    return messages


_ADVICE = {
    "incorrect": "Read each detail above: it names the first input where your answer differs, or why it was "
    "refused.",
    "not attempted": "Replace each `...` with your answer and run the check cell.",
    "not reached": "Fix the failing cell first, then run the whole notebook again (Restart & Run All) before "
    "handing it in.",
    "tampered": "Your notebook changed the grader's own machinery; ask your instructor.",
    "check failed": "This is the course pack's fault, not yours; your instructor will look at it.",
    "not graded": "Ask your instructor which lesson this file belongs to.",
}


def feedback_text(
    handin: HandIn, course: model.Course, marks: Marks | None = None, late: bool = False
) -> str:
    """The student's feedback on one hand-in (Markdown)."""
    marks = marks or {}
    lines = [f"# Feedback on {Path(handin.path).name}", ""]
    graded = [r for r in handin.results if r.exercise]
    if handin.lesson:
        lesson = course.lesson(handin.lesson)
        earned = sum(course.exercise(r.exercise).points.check for r in graded if r.verdict == "correct")
        maximum = sum(e.points.check for e in lesson.exercises)
        lines.append(
            f"Lesson: *{lesson.heading}*. Checks correct: **{handin.count('correct')} of {len(graded)}**, "
            f"{earned:g} of {maximum:g} points."
        )
        written = [e for e in lesson.exercises if e.has_argument]
        if written:
            marked = [marks[handin.student.id, e.id] for e in written if (handin.student.id, e.id) in marks]
            lines.append(
                f"Written arguments: {len(marked)} of {len(written)} marked"
                + (f", {sum(m.points for m in marked):g} points" if marked else "")
                + "."
            )
    if late:
        lines.append("This hand-in came in after the due date.")
    if handin.failure:
        lines += ["", f"When your notebook was run, {handin.failure}."]
    for note in handin.notes:
        if any(
            words in note
            for words in (
                "did not stop",
                "took longer than the",
                "ended early",
                "crashed",
                "not yours",
                "it was not run",
            )
        ):
            lines += ["", f"Note: {note}."]
    lines.append("")
    for result in handin.results:
        title = result.exercise or "this file"
        lines.append(f"- **{title}: {result.verdict}.** {result.detail}")
        mark = marks.get((handin.student.id, result.exercise))
        if mark is not None and mark.comment:
            lines.append(f"  Your argument: {mark.points:g} points. {mark.comment}")
    lines.append("")
    problems = [v for v in VERDICTS if v != "correct" and handin.count(v)]
    failed = bool(problems or handin.failure or any("did not stop" in n for n in handin.notes))
    if failed:
        lines += ["What to do next:", ""]
        lines += [f"- {_ADVICE[v]}" for v in problems]
        if handin.failure and "not reached" not in problems:
            lines.append(
                "- A cell of yours raised an error: fix it, then Restart & Run All before handing in."
            )
        lines.append("")
    elif graded:
        lines += ["Every check is correct. Well done.", ""]
    return "\n".join(lines)


def summary_table(handins: list[HandIn]) -> str:
    """One line per hand-in: its student and lesson and how many exercises got each verdict."""
    header = [
        "student",
        "lesson",
        "correct",
        "incorrect",
        "not attempted",
        "not reached",
        "other",
        "first failing cell",
    ]
    rows = []
    for handin in handins:
        exercises = sum(1 for r in handin.results if r.exercise)
        other = sum(handin.count(v) for v in ("tampered", "check failed", "not graded"))
        failure = handin.failure or next((n for n in handin.notes if "did not stop" in n), "")
        rows.append(
            [
                handin.student.id,
                handin.lesson or "(not graded)",
                f"{handin.count('correct')}/{exercises}",
                str(handin.count("incorrect")),
                str(handin.count("not attempted")),
                str(handin.count("not reached")),
                str(other),
                (failure[:50] + "...") if len(failure) > 50 else (failure or "-"),
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)
