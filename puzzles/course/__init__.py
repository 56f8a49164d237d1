"""Course machinery shared by every unit: the exercise checker, display helpers, the
student-edition builder (``python -m puzzles.course.student``) and widget helpers.

This package serves every unit and imports none of them.
"""

from puzzles.course.checker import Verdict, check, exercise, first_disagreement, is_stub, verify
from puzzles.course.display import Ratio, decimal, exact_frame, format_set

__all__ = [
    "Ratio",
    "Verdict",
    "check",
    "decimal",
    "exact_frame",
    "exercise",
    "first_disagreement",
    "format_set",
    "is_stub",
    "verify",
]
