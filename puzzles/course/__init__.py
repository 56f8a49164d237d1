"""What the units and the lessons import at run time: the exercise checker, input validation,
display and widget helpers, and the shipped data's manifest.

This package serves every unit and imports none of them. The instructor's tools (student
edition, site, grader, ...) live in ``puzzles.instructor``.
"""

from puzzles.course.checker import Verdict, check, exercise, is_stub, require, verify
from puzzles.course.display import Ratio, decimal, exact_frame, format_set

__all__ = [
    "Ratio",
    "Verdict",
    "check",
    "decimal",
    "exact_frame",
    "exercise",
    "format_set",
    "is_stub",
    "require",
    "verify",
]
