"""Who handed a notebook in, from the name the learning platform gave the file.

* Canvas ("Download Submissions"): ``<name>_<late>_<user id>_<file id>_<original name>``.
  Canvas joins the student's sortable name ("Müller, Jürgen"), ``LATE`` when the submission
  was late, and the Canvas user id (the ``ID`` column of Canvas's gradebook) with ``_``, then
  removes every character that is not a word character (letters of any script, digits, ``_``)
  and lower-cases the name: ``müllerjürgen_1011_...``, ``shannonc_late_1010_...``. Then come
  the uploaded file's id and its own name, in which ``\\ / : * ? " < > |`` became ``_``.
  Canvas's source writes ``LATE``; downloads in lower case ``late`` are seen as well, so both
  are read. A file uploaded again under a name already taken gets ``-1``, ``-2`` ... before its
  extension (``lesson-2.ipynb``): the highest number is the latest upload. With anonymous
  grading there is no name and no user id: ``anon_<anonymous id>_<file id>_<original>``.
* Moodle ("Download all submissions"): ``Full Name_12345_assignsubmission_file_lesson.ipynb``,
  or, with "Download submissions in folders", a folder ``Full Name_12345_assignsubmission_file_``
  (some versions leave out the last ``_``) holding the file: the student's full name (Moodle
  turns ``_`` in it into spaces) and the participant number, ``Participant 12345`` in Moodle's
  grading worksheet. With blind marking the name is the word "Participant" (in the site's
  language). A group submission starts with the group's name and ``-``.
* Anything else: the file's stem is the student id (the folder's name when the file sits in a
  folder of its own and is named like the lesson).

When the gradebook is for an LMS (``expect="canvas"`` or ``"moodle"``), a name that is not that
LMS's form, or Canvas's anonymous form, is never given a made-up id: its ``Student.id`` is
empty and ``Student.problem`` says why, so that the grader can list it rather than write a row
the LMS would skip or match to nobody.

    >>> who(Path("lovelaceada_LATE_4021_99_01-worst-case.ipynb"))  # doctest: +NORMALIZE_WHITESPACE
    Student(id='4021', name='lovelaceada', platform='canvas', late=True, original='01-worst-case.ipynb',
            attempt=0, upload=99, problem='')
    >>> who(Path("müllerjürgen_late_1011_7_01-worst-case-2.ipynb")).attempt
    2
    >>> who(Path("Ada Lovelace_77_assignsubmission_file_01-worst-case.ipynb")).name
    'Ada Lovelace'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

__all__ = ["Student", "who", "PLATFORMS"]

PLATFORMS = ("canvas", "moodle")

# \w is Unicode-aware for str patterns: the same characters Ruby's [[:word:]] keeps in Canvas.
_CANVAS = re.compile(
    r"^(?P<name>\w+?)_(?:(?P<late>(?i:late))_)?(?P<id>\d+)_(?P<upload>\d+)_(?P<original>.+)$"
)
_CANVAS_ANONYMOUS = re.compile(
    r"^(?:(?P<late>(?i:late))_)?anon_(?P<anonymous>[A-Za-z0-9]+)_(?P<upload>\d+)_(?P<original>.+)$"
)
_MOODLE = re.compile(
    r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?:file|onlinetext)_(?P<original>.*)$", re.DOTALL
)
_MOODLE_FOLDER = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?:file|onlinetext)_?$")
# Canvas's Attachment.make_unique_filename: "name-1.ext" ... "name-7.ext" for a name already taken.
_RESUBMISSION = re.compile(r"^(?P<base>.+)-(?P<attempt>\d+)(?P<extension>\.[A-Za-z][A-Za-z0-9]*)$")
# What an LMS name looks like even when it did not parse: worth a warning in a plain gradebook.
_LOOKS_LIKE_LMS = re.compile(r"(?i)(assignsubmission|^\w+?_(late_)?\d+_|^(late_)?anon_)")

_FORMS = {
    "canvas": "Canvas's <name>_<late_><user id>_<file id>_<file> form",
    "moodle": "Moodle's <Full Name>_<participant>_assignsubmission_file_<file> form",
}


@dataclass(frozen=True)
class Student:
    """A hand-in's author as the platform names them: ``id`` is what its gradebook matches on
    (empty when the name did not give one; ``problem`` then says why)."""

    id: str
    name: str = ""
    platform: str = "plain"  # "canvas", "moodle" or "plain"
    late: bool = False  # the platform marked the hand-in late (Canvas's LATE or late)
    original: str = ""  # the file name the student uploaded
    attempt: int = 0  # Canvas's resubmission number (lesson-2.ipynb: 2); higher is later
    upload: int = 0  # Canvas's file id; a later upload has a higher one
    problem: str = ""  # why the name did not give an id the gradebook can use, in words


def _attempt(original: str) -> int:
    match = _RESUBMISSION.match(original)
    return int(match["attempt"]) if match else 0


def _parse(path: Path, lesson_stems: tuple[str, ...]) -> Student:
    name = path.name
    match = _CANVAS_ANONYMOUS.match(name)
    if match:
        original = match["original"]
        return Student(
            f"anon_{match['anonymous']}",  # not an id Canvas's gradebook knows: see who()
            f"anon_{match['anonymous']}",
            "canvas",
            bool(match["late"]),
            original,
            _attempt(original),
            int(match["upload"]),
            "Canvas anonymised this download (anonymous grading), so the name holds no user id; "
            "enter its grade in SpeedGrader, or download again once the grades are posted and "
            "anonymity is off",
        )
    match = _CANVAS.match(name)
    if match:
        original = match["original"]
        return Student(
            match["id"],
            match["name"],
            "canvas",
            bool(match["late"]),
            original,
            _attempt(original),
            int(match["upload"]),
        )
    match = _MOODLE.match(name)
    if match:
        return Student(match["id"], match["name"].strip(), "moodle", False, match["original"])
    for folder in path.parents:
        match = _MOODLE_FOLDER.match(folder.name)
        if match:
            return Student(match["id"], match["name"].strip(), "moodle", False, name)
    stem = path.stem
    problem = ""
    if _LOOKS_LIKE_LMS.search(name) or _LOOKS_LIKE_LMS.search(path.parent.name):
        problem = "the name looks like an LMS download name but is neither Canvas's nor Moodle's form"
    folder = path.parent.name
    if folder and any(stem == lesson or stem.startswith(lesson) for lesson in lesson_stems):
        return Student(folder, "", "plain", False, name, problem=problem)  # hand-ins/<student>/lesson
    return Student(stem, "", "plain", False, name, problem=problem)


def who(path: Path, lesson_stems: tuple[str, ...] = (), expect: str | None = None) -> Student:
    """The author of ``path`` (see the module's description).

    ``expect`` is the LMS the gradebook is for (``"canvas"`` or ``"moodle"``): a name not in its
    form gets an empty id and a ``problem``, never the file's stem.
    """
    if expect is not None and expect not in PLATFORMS:
        raise ValueError(f"the LMS to expect is one of {', '.join(PLATFORMS)}, got {expect!r}")
    student = _parse(Path(path), lesson_stems)
    if expect == "canvas" and student.platform == "canvas" and student.id.startswith("anon_"):
        return replace(student, id="")  # Canvas's import knows no anonymous id
    if expect is None or student.platform == expect:
        return student
    found = "a Moodle name" if student.platform == "moodle" else "a Canvas name"
    why = (
        f"the name is not in {_FORMS[expect]}"
        if student.platform == "plain"
        else f"the name is {found}, not in {_FORMS[expect]}"
    )
    return Student("", Path(path).name, expect, student.late, student.original, problem=why)
