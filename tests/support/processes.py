"""The processes of one grading run, found by the mark its grader puts in their environment."""

from __future__ import annotations

import os


def processes_of(grader: int) -> list[int]:
    """The processes of a grading run (its sandboxes and everything started in them): those whose
    environment names the grader; a grading on another test worker is not this one's."""
    found = []
    mark = f"PUZZLES_GRADER={grader}".encode()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if mark in environ.read().split(b"\0"):
                        found.append(int(entry))
            except OSError:
                continue
    return found
