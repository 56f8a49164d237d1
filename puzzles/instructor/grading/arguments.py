"""Written arguments, collected for marking.

``dp-puzzles grade ... --arguments DIR`` writes, for each exercise that asks for an argument,
``DIR/<exercise>.md``: the exercise's statement, the model argument (the teacher's worked
solution), then every student's argument in turn with the verdict of their check beside it;
Markdown, so that JupyterLab (or any editor with a preview) shows the students' formulas. It
also writes ``DIR/marking-sheet.csv`` (student, name, exercise, points, maximum, comment) for
the marker to fill in; ``--marks`` merges it into the gradebook. The marking sheet is never
overwritten: a later run only adds the rows of new hand-ins.
"""

from __future__ import annotations

import csv
from pathlib import Path

from puzzles.instructor import course as model
from puzzles.instructor.builds import OutputFolder
from puzzles.instructor.grading.session import HandIn

__all__ = ["MARKING_SHEET", "write_arguments"]

MARKING_SHEET = "marking-sheet.csv"
_SHEET_COLUMNS = ["student", "name", "exercise", "points", "maximum", "comment"]


def _quoted(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.strip().splitlines())


def write_arguments(
    folder: Path, handins: list[HandIn], course: model.Course, sources: list[Path]
) -> list[Path]:
    """Write the argument pages and the marking sheet; return the pages written."""
    exercises = [e for e in course.exercises if e.has_argument]
    wanted = {e.id for e in exercises}
    handed = {
        r.exercise for h in handins for r in h.results if r.exercise in wanted and r.argument is not None
    }
    pages = []
    out = OutputFolder(folder, "argument pages", sources=sources)
    with out:
        for exercise in exercises:
            if exercise.id not in handed:
                continue
            cells = exercise.lesson.notebook.cells
            statement = cells[exercise.cells.statement].source if exercise.cells.statement is not None else ""
            lines = [
                f"# {exercise.id}: written arguments",
                "",
                f"Lesson: *{exercise.lesson.heading}*. The argument is worth {exercise.points.argument} "
                "points; "
                f"the check, marked by the grader, {exercise.points.check}.",
                "",
                "## The exercise",
                "",
                _quoted(statement),
                "",
                "## The model argument",
                "",
                exercise.model_argument()
                .replace("**Worked solution** (open it after trying the exercise).", "")
                .strip(),
                "",
            ]
            for handin in sorted(handins, key=lambda h: (h.student.name or h.student.id, h.student.id)):
                result = next((r for r in handin.results if r.exercise == exercise.id), None)
                if result is None:
                    continue
                who = f"{handin.student.id}" + (f", {handin.student.name}" if handin.student.name else "")
                lines += [
                    f"## {who}",
                    "",
                    f"*Check: {result.verdict}.* File: `{Path(handin.path).name}`.",
                    "",
                ]
                text = (result.argument or "").strip()
                lines += [text if text else "*(no argument written)*", "", "---", ""]
            pages.append(out.write_text(f"{exercise.id}.md", "\n".join(lines)))
    _extend_marking_sheet(out.path / MARKING_SHEET, handins, course)
    return pages


def _extend_marking_sheet(path: Path, handins: list[HandIn], course: model.Course) -> None:
    """Add a row for every (student, exercise) argument not on the sheet yet; keep every row it has."""
    rows: list[dict[str, str]] = []
    if path.exists():
        with path.open(newline="", encoding="utf-8-sig") as stream:
            rows = list(csv.DictReader(stream))
    present = {(row.get("student", ""), row.get("exercise", "")) for row in rows}
    for handin in sorted(handins, key=lambda h: (h.student.name or h.student.id, h.student.id)):
        for result in handin.results:
            if result.argument is None or not result.exercise:
                continue
            key = (handin.student.id, result.exercise)
            if key in present:
                continue
            present.add(key)
            exercise = course.exercise(result.exercise)
            rows.append(
                {
                    "student": handin.student.id,
                    "name": handin.student.name,
                    "exercise": result.exercise,
                    "points": "" if (result.argument or "").strip() else "0",
                    "maximum": str(exercise.points.argument),
                    "comment": "" if (result.argument or "").strip() else "no argument written",
                }
            )
    temporary = path.with_name(f".{path.name}.part")
    with temporary.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=_SHEET_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    temporary.replace(path)
