"""The LMS's download names, its lateness and the gradebooks it imports (no grading run).

The Canvas names are built here the way Canvas's ``ContentZipper`` builds them (sortable name,
``LATE``, user id joined with ``_``, every non-word character removed, the name lower-cased;
then the file id and the file's name), the Moodle names the way ``mod/assign`` builds them
(full name with ``_`` turned into spaces, the participant number, ``assignsubmission_file_``),
so that the parser is tested against the LMS's rule, not against its own regular expressions.
Gradebooks are written from ``HandIn`` objects built directly.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.grading import gradebook
from puzzles.instructor.grading.names import Student, who
from puzzles.instructor.grading.session import HandIn, Result
from puzzles.instructor.student import student_notebook

COURSE = model.load()
FIRST = COURSE.lesson("egg/01-worst-case")
SECOND = COURSE.lesson("egg/02-expected-value")
DP_PUZZLES = Path(sys.executable).parent / "dp-puzzles"


def canvas_name(
    sortable: str | None, user: int | None, upload: int, original: str, late: bool = False
) -> str:
    """The name Canvas's "Download Submissions" gives a file (lib/content_zipper.rb)."""
    name = None
    if sortable is not None:
        name = re.sub(r"_(\d+)_", r"\1", sortable).lower()
    ident = f"anon_{user}" if sortable is None else str(user)
    joined = "_".join(part for part in (name, "LATE" if late else None, ident) if part)
    joined = re.sub(r"[^\w]", "", joined)
    display = re.sub(r'[\x00/\\:*?"<>|]+', "_", original)
    return f"{joined}_{upload}_{display}"


def moodle_name(full: str, participant: int, original: str) -> str:
    """The name Moodle's "Download all submissions" gives a file (mod/assign, flat form)."""
    return f"{full.replace('_', ' ')}_{participant}_assignsubmission_file_{original}"


# -- names -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sortable", "user", "late", "name"),
    [
        ("Müller, Jürgen", 1011, False, "müllerjürgen"),
        ("Shannon, C.", 1010, True, "shannonc"),
        ("Åse, Øyvind", 1012, False, "åseøyvind"),
        ("李, 雷", 1013, True, "李雷"),
        ("O'Brien-Núñez, Zoë", 1014, False, "obriennúñezzoë"),
    ],
)
def test_canvas_names_as_canvas_writes_them(sortable, user, late, name):
    file = canvas_name(sortable, user, 555, "01-worst-case.ipynb", late)
    student = who(Path(file), expect="canvas")
    assert (student.id, student.name, student.platform, student.late) == (str(user), name, "canvas", late)
    assert student.original == "01-worst-case.ipynb" and student.upload == 555 and not student.problem


@pytest.mark.parametrize("mark", ["late", "LATE", "Late"])
def test_the_late_mark_in_either_case(mark):
    student = who(Path(f"shannonc_{mark}_1010_55_01-worst-case.ipynb"))
    assert (student.id, student.late) == ("1010", True)


def test_resubmission_suffixes_and_the_characters_canvas_replaces():
    names = [
        canvas_name("Turing, Alan", 4022, n, f"01-worst-case{s}.ipynb")
        for n, s in ((7, ""), (9, "-1"), (12, "-2"))
    ]
    attempts = [who(Path(n)).attempt for n in names]
    assert attempts == [0, 1, 2]
    odd = who(Path(canvas_name("Turing, Alan", 4022, 7, 'my: "worst"? case.ipynb')))
    assert (odd.id, odd.original) == ("4022", "my_ _worst_ case.ipynb")


def test_anonymous_grading_names_no_student_and_says_so():
    for late in (False, True):
        student = who(Path(canvas_name(None, "Xk3pQ", 77, "01-worst-case.ipynb", late)), expect="canvas")
        assert student.id == "" and student.late == late
        assert "anonymous grading" in student.problem
    plain = who(Path(canvas_name(None, "Xk3pQ", 77, "01-worst-case.ipynb")))
    assert plain.id == "anon_Xk3pQ" and "anonymous grading" in plain.problem  # a key for a plain gradebook


@pytest.mark.parametrize(
    ("path", "participant", "name"),
    [
        (moodle_name("Jürgen Müller", 12345, "01-worst-case.ipynb"), "12345", "Jürgen Müller"),
        (moodle_name("Ada_Lovelace", 77, "01-worst-case.ipynb"), "77", "Ada Lovelace"),
        ("Zoë Núñez_12346_assignsubmission_file_/01-worst-case.ipynb", "12346", "Zoë Núñez"),
        ("Zoë Núñez_12346_assignsubmission_file/01-worst-case.ipynb", "12346", "Zoë Núñez"),
        ("Participant_5001_assignsubmission_file_/sub/01-worst-case.ipynb", "5001", "Participant"),
        ("Team A-Li Lei_12347_assignsubmission_file_01-worst-case.ipynb", "12347", "Team A-Li Lei"),
    ],
)
def test_moodle_flat_and_folder_forms(path, participant, name):
    student = who(Path("download") / path, expect="moodle")
    assert (student.id, student.name, student.platform, student.problem) == (participant, name, "moodle", "")
    assert student.original == "01-worst-case.ipynb"


@pytest.mark.parametrize(
    ("path", "expect"),
    [
        ("alice.ipynb", "canvas"),
        ("alice_12_01-worst-case.ipynb", "canvas"),  # a user id but no file id
        ("Ada Lovelace_77_assignsubmission_file_01-worst-case.ipynb", "canvas"),  # Moodle's, not Canvas's
        ("lovelaceada_4021_99_01-worst-case.ipynb", "moodle"),
        ("Participant 77.ipynb", "moodle"),
    ],
)
def test_a_name_not_in_the_lms_form_gets_no_made_up_id(path, expect):
    student = who(Path(path), expect=expect)
    assert student.id == "" and student.problem and student.platform == expect
    assert Path(path).stem not in student.id


def test_plain_names_keep_the_stem_and_flag_broken_lms_names():
    assert who(Path("bob.ipynb")) == Student("bob", "", "plain", False, "bob.ipynb")
    broken = who(Path("lovelaceada_4021_01-worst-case.ipynb"))
    assert broken.id == "lovelaceada_4021_01-worst-case" and "LMS download name" in broken.problem
    with pytest.raises(ValueError, match="one of canvas, moodle"):
        who(Path("bob.ipynb"), expect="blackboard")


# -- gradebooks from hand-ins built directly ------------------------------------------------------------


def handin(path: str, lesson: model.Lesson = FIRST, correct: int = 1, expect: str | None = None):
    results = [
        Result(e.id, "correct" if n < correct else "incorrect", "") for n, e in enumerate(lesson.exercises)
    ]
    return HandIn(path, who(Path(path), expect=expect), lesson.file, results)


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def test_the_warning_lists_every_name_that_did_not_parse(tmp_path):
    handins = [
        handin("müllerjürgen_1011_5_01-worst-case.ipynb", expect="canvas"),
        handin("alice.ipynb", expect="canvas"),
        handin("Ada Lovelace_77_assignsubmission_file_01-worst-case.ipynb", expect="canvas"),
        handin("anon_Xk3pQ_77_01-worst-case.ipynb", expect="canvas"),
    ]
    warnings = gradebook.name_warnings(handins, "canvas")
    assert len(warnings) == 3
    for name in ("alice.ipynb", "Ada Lovelace_77", "anon_Xk3pQ"):
        assert sum(name in w for w in warnings) == 1
    assert all("empty ID" in w for w in warnings)
    out = tmp_path / "grades.csv"
    gradebook.write_gradebook(out, handins, COURSE, form="canvas")
    with out.open(encoding="utf-8") as stream:
        table = list(csv.reader(stream))
    ids = [row[1] for row in table[2:]]
    assert sorted(ids) == ["", "", "", "1011"]  # never a file stem, one row per unparsed file
    assert not any(i in {"alice", "77"} for i in ids)
    details = tmp_path / "details.csv"
    gradebook.write_details(details, handins, COURSE)
    problems = {row["file"]: row["name problem"] for row in rows(details)}
    assert problems["müllerjürgen_1011_5_01-worst-case.ipynb"] == ""
    assert all(problems[h.path] for h in handins[1:])


def test_moodle_refuses_a_row_it_would_skip_silently(tmp_path):
    handins = [
        handin(moodle_name("Jürgen Müller", 12345, "01-worst-case.ipynb"), expect="moodle"),
        handin("lovelaceada_4021_99_01-worst-case.ipynb", expect="moodle"),
    ]
    out = tmp_path / "grades.csv"
    gradebook.write_gradebook(out, handins, COURSE, form="moodle")
    sheet = rows(out)
    assert [row["Identifier"] for row in sheet] == ["Participant 12345"]
    assert sheet[0]["Full name"] == "Jürgen Müller"
    assert not any(
        row["Identifier"].startswith("Participant ") and not row["Identifier"][12:].isdigit() for row in sheet
    )
    (warning,) = gradebook.name_warnings(handins, "moodle")
    assert "lovelaceada_4021_99" in warning and "no row in the Moodle worksheet" in warning


# -- lateness ------------------------------------------------------------------------------------------

DUE = dt.datetime(2026, 12, 1, 23, 0).astimezone()


def test_a_file_time_never_makes_a_hand_in_late(tmp_path):
    future = tmp_path / "lovelaceada_4021_99_01-worst-case.ipynb"
    nbformat.write(student_notebook(FIRST.notebook), future)
    later = DUE.timestamp() + 10 * 86400
    os.utime(future, (later, later))
    early = tmp_path / "turingalan_LATE_4022_98_01-worst-case.ipynb"
    nbformat.write(student_notebook(FIRST.notebook), early)
    os.utime(early, (1_600_000_000, 1_600_000_000))
    handins = [handin(str(p)) for p in (future, early)]
    out = tmp_path / "grades.csv"
    gradebook.write_gradebook(out, handins, COURSE, form="plain", due=DUE)
    late = {row["student"]: row["late"] for row in rows(out)}
    assert late == {"4021": "no", "4022": "yes"}  # the LMS's mark decides, not the file's time
    assert not gradebook.is_late(handins[0].student, {}, DUE)


MOODLE_HEADER = (
    "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
    "Last modified (submission),Last modified (grade),Feedback comments\n"
)


def test_lateness_from_moodle_s_worksheet(tmp_path):
    worksheet = tmp_path / "worksheet.csv"
    worksheet.write_text(
        MOODLE_HEADER + '"Participant 12345","Jürgen Müller",j@example.org,"Submitted for grading",,4.00,Yes,'
        '"Wednesday, 2 December 2026, 9:05 AM","-",\n'
        + '"Participant 12346","Zoë Núñez",z@example.org,"Submitted for grading",,4.00,Yes,'
        '"Tuesday, 1 December 2026, 10:59 PM","-",\n'
        + '"Participant 12347","Li Lei",l@example.org,"No submission",,4.00,Yes,-,-,\n',
        encoding="utf-8-sig",
    )
    times = gradebook.read_submitted(worksheet)
    assert set(times) == {"12345", "12346"}
    assert times["12345"] == dt.datetime(2026, 12, 2, 9, 5).astimezone()
    handins = [
        handin(moodle_name(name, number, "01-worst-case.ipynb"), expect="moodle")
        for name, number in (("Jürgen Müller", 12345), ("Zoë Núñez", 12346), ("Li Lei", 12347))
    ]
    assert [gradebook.is_late(h.student, times, DUE) for h in handins] == [True, False, False]
    assert not gradebook.is_late(handins[0].student, times, None)  # no due date, no lateness
    out = tmp_path / "grades.csv"
    gradebook.write_gradebook(out, handins, COURSE, form="moodle", due=DUE, submitted=times)
    sheet = {row["Identifier"]: row for row in rows(out)}
    assert sheet["Participant 12345"]["Status"].endswith("(late)")
    assert not sheet["Participant 12346"]["Status"].endswith("(late)")
    assert sheet["Participant 12345"]["Last modified (submission)"] == "Wednesday, 02 December 2026, 09:05 AM"
    assert sheet["Participant 12347"]["Last modified (submission)"] == "-"  # never a file time


def test_lateness_from_a_plain_submitted_csv(tmp_path):
    table = tmp_path / "submitted.csv"
    table.write_text(
        "student,submitted\n4021,2026-12-01T23:30+01:00\n4022,2026-12-03 08:00\n", encoding="utf-8"
    )
    times = gradebook.read_submitted(table)
    due = dt.datetime(2026, 12, 1, 23, 0, tzinfo=dt.UTC)
    assert gradebook.is_late(Student("4021"), times, due) is False  # 22:30 UTC
    assert gradebook.is_late(Student("4022"), times, due) is True  # local time, a day and more later
    assert gradebook.is_late(Student("4023"), times, due) is False  # no time recorded: not late


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("name,when\nbob,2026-12-01\n", "need either Moodle's worksheet columns"),
        ("student,submitted\nbob,yesterday\n", "row 2: the time 'yesterday'"),
        (MOODLE_HEADER + 'Someone,x,,,,,,"1 December 2026, 10:59 PM",,\n', "does not end in a participant"),
    ],
)
def test_a_bad_submission_times_file_is_a_sentence(tmp_path, text, words):
    table = tmp_path / "times.csv"
    table.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(words)):
        gradebook.read_submitted(table)


def test_the_latest_resubmission_is_graded_not_the_newest_file(tmp_path):
    older = handin("turingalan_4022_9_01-worst-case-1.ipynb", correct=0)
    newer = handin("turingalan_4022_12_01-worst-case-2.ipynb", correct=2)
    (chosen,) = gradebook.latest_per_student([older, newer])
    assert chosen is newer
    assert gradebook.name_warnings([older, newer]) == []
    twice = [handin("bob/01-worst-case.ipynb"), handin("bob/01-worst-case copy.ipynb")]
    twice = [HandIn(h.path, Student("bob"), h.lesson, h.results) for h in twice]
    (warning,) = gradebook.name_warnings(twice)
    assert "do not say which is the latest" in warning


# -- stale gradebooks ----------------------------------------------------------------------------------


def test_no_stale_gradebook_beside_the_per_lesson_ones(tmp_path):
    out = tmp_path / "grades.csv"
    one = [handin(moodle_name("Jürgen Müller", 12345, "01-worst-case.ipynb"), expect="moodle")]
    written = gradebook.write_gradebook(out, one, COURSE, form="moodle")
    assert written == [out]
    assert gradebook.tidy_gradebooks(out, written) == []
    two = one + [
        handin(moodle_name("Jürgen Müller", 12345, "02-expected-value.ipynb"), SECOND, expect="moodle")
    ]
    written = gradebook.write_gradebook(out, two, COURSE, form="moodle")
    assert sorted(p.name for p in written) == ["grades-01-worst-case.csv", "grades-02-expected-value.csv"]
    (message,) = gradebook.tidy_gradebooks(out, written)
    assert not out.exists() and message.startswith(f"removed {out}")
    # a file the instructor changed since is left, and named
    edited = gradebook.write_gradebook(out, one, COURSE, form="moodle")
    gradebook.tidy_gradebooks(out, edited)
    out.write_text(out.read_text(encoding="utf-8") + "a note of mine\n", encoding="utf-8")
    written = gradebook.write_gradebook(out, two, COURSE, form="moodle")
    (message,) = gradebook.tidy_gradebooks(out, written)
    assert out.exists() and "changed since" in message and "do not import it" in message


def test_a_gradebook_the_grader_did_not_write_is_never_deleted(tmp_path):
    out = tmp_path / "grades.csv"
    out.write_text("Identifier,Grade\nParticipant 1,4\n", encoding="utf-8")
    two = [
        handin(moodle_name("Li Lei", 7, "01-worst-case.ipynb"), expect="moodle"),
        handin(moodle_name("Li Lei", 7, "02-expected-value.ipynb"), SECOND, expect="moodle"),
    ]
    written = gradebook.write_gradebook(out, two, COURSE, form="moodle")
    (message,) = gradebook.tidy_gradebooks(out, written)
    assert out.read_text(encoding="utf-8") == "Identifier,Grade\nParticipant 1,4\n"
    assert "not written by the grader" in message


# -- the command ----------------------------------------------------------------------------------------


def test_the_command_warns_and_never_uses_file_times(tmp_path):
    """Untouched student editions are judged without running a cell, so this is quick."""
    folder = tmp_path / "download"
    folder.mkdir()
    stub = student_notebook(FIRST.notebook)
    names = [
        canvas_name("Müller, Jürgen", 1011, 5, "01-worst-case.ipynb"),
        "shannonc_late_1010_55_01-worst-case.ipynb",
        "alice-01-worst-case.ipynb",
    ]
    future = DUE.timestamp() + 86400
    for name in names:
        nbformat.write(stub, folder / name)
        os.utime(folder / name, (future, future))
    out = tmp_path / "grades.csv"
    done = subprocess.run(
        [
            str(DP_PUZZLES),
            "grade",
            str(folder),
            "--out",
            str(out),
            "--format",
            "canvas",
            "--quiet",
            "--jobs",
            "1",
            "--due",
            DUE.isoformat(),
            "--similarity",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "warning: 1 hand-in name(s) need a look" in done.stderr
    assert "alice-01-worst-case.ipynb: the name is not in Canvas's" in done.stderr
    with out.open(encoding="utf-8") as stream:
        table = list(csv.reader(stream))
    assert sorted(row[1] for row in table[2:]) == ["", "1010", "1011"]
    feedback = {p.name: p.read_text(encoding="utf-8") for p in (tmp_path / "grades-feedback").iterdir()}
    late = [name for name, text in feedback.items() if "after the due date" in text]
    assert late == ["shannonc_late_1010_55_01-worst-case.md"]
    details = rows(tmp_path / "grades-details.csv")
    assert {row["file"] for row in details if row["name problem"]} == {"alice-01-worst-case.ipynb"}
    summary = (tmp_path / "grades-similarity.md").read_text(encoding="utf-8")
    assert "never a grade" in summary.splitlines()[0] and "0 answers compared" in summary


def test_a_gradebook_written_earlier_in_the_same_run_goes_without_a_word(tmp_path):
    out = tmp_path / "grades.csv"
    one = [handin(moodle_name("Li Lei", 7, "01-worst-case.ipynb"), expect="moodle")]
    first = gradebook.write_gradebook(out, one, COURSE, form="moodle")
    gradebook.tidy_gradebooks(out, first)
    two = one + [handin(moodle_name("Li Lei", 7, "02-expected-value.ipynb"), SECOND, expect="moodle")]
    written = gradebook.write_gradebook(out, two, COURSE, form="moodle")
    assert gradebook.tidy_gradebooks(out, written, quiet=first) == []
    assert not out.exists() and all(path.exists() for path in written)


def test_a_feedback_file_keeps_the_letters_of_a_canvas_name():
    from puzzles.instructor.grade import _keys

    paths = [Path("class/müllerjürgen_1011_5_01-worst-case.ipynb"), Path("class/a/b?c.ipynb")]
    assert list(_keys(paths).values()) == ["müllerjürgen_1011_5_01-worst-case", "b_c"]
