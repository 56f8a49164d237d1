"""Who handed a notebook in, from the name the learning platform gave the file.

* Canvas ("Download submissions"): ``lastfirst_12345_67890_lesson.ipynb``: the student's
  name (lower case, run together), the Canvas user id (the ``ID`` column of Canvas's
  gradebook), the submission id, then the file's own name; a late hand-in reads
  ``lastfirst_LATE_12345_67890_lesson.ipynb``; a resubmission may end in ``-1``, ``-2``.
* Moodle ("Download all submissions"): ``Full Name_12345_assignsubmission_file_lesson.ipynb``,
  or a folder ``Full Name_12345_assignsubmission_file_`` holding the file: the student's full
  name and the participant number (``Participant 12345`` in Moodle's grading worksheet).
* Anything else: the file's stem is the student id (the folder's name when the file sits in a
  folder of its own and is named like the lesson).

    >>> who(Path("lovelaceada_LATE_4021_99_01-worst-case.ipynb"))
    Student(id='4021', name='lovelaceada', platform='canvas', late=True, original='01-worst-case.ipynb')
    >>> who(Path("Ada Lovelace_77_assignsubmission_file_01-worst-case.ipynb")).name
    'Ada Lovelace'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Student", "who"]

_CANVAS = re.compile(
    r"^(?P<name>[a-z0-9]+)_(?P<late>LATE_)?(?P<id>\d+)_(?P<submission>\d+)_(?P<original>.+)$"
)
_MOODLE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_(?:file|onlinetext)_(?P<original>.*)$")


@dataclass(frozen=True)
class Student:
    """A hand-in's author as the platform names them: ``id`` is what its gradebook matches on."""

    id: str
    name: str = ""
    platform: str = "plain"  # "canvas", "moodle" or "plain"
    late: bool = False  # the platform marked the hand-in late (Canvas's LATE)
    original: str = ""  # the file name the student uploaded


def who(path: Path, lesson_stems: tuple[str, ...] = ()) -> Student:
    """The author of ``path`` (see the module's description)."""
    name = path.name
    match = _CANVAS.match(name)
    if match:
        return Student(match["id"], match["name"], "canvas", bool(match["late"]), match["original"])
    match = _MOODLE.match(name)
    if match:
        return Student(match["id"], match["name"].strip(), "moodle", False, match["original"])
    folder = path.parent.name
    match = _MOODLE.match(folder + ("" if folder.endswith("_") else "_"))
    if match and folder:
        return Student(match["id"], match["name"].strip(), "moodle", False, name)
    stem = path.stem
    if folder and any(stem == lesson or stem.startswith(lesson) for lesson in lesson_stems):
        return Student(folder, "", "plain", False, name)  # hand-ins/<student>/01-worst-case.ipynb
    return Student(stem, "", "plain", False, name)
