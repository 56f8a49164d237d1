"""Tables generated from the course model, kept in the files readers open.

    dp-puzzles catalogue            # print both tables
    dp-puzzles catalogue --write    # rewrite them where they live

* the course map's table of units and lessons (``00-course-map.ipynb``, between the markers
  ``<!-- lessons:start -->`` and ``<!-- lessons:end -->``): each unit, its source, what it
  teaches, its lessons with their working times, from ``_toc.yml``;
* the table of every exercise in ``notebooks/README.md`` (between ``<!-- exercises:start -->``
  and ``<!-- exercises:end -->``): id, lesson, heading, what it asks, what the check verifies
  on which range, its time limit, what it must do without, and its points.

A test keeps both equal to what this module generates.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

from puzzles.course.checker import registration
from puzzles.instructor import course as model

__all__ = [
    "exercise_rows",
    "exercise_table",
    "lesson_table",
    "replace_between",
    "write",
    "add_arguments",
    "run",
]

EXERCISES = ("<!-- exercises:start -->", "<!-- exercises:end -->")
LESSONS = ("<!-- lessons:start -->", "<!-- lessons:end -->")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {rest:02d} min" if rest else f"{hours} h"


def exercise_rows(course: model.Course) -> list[dict[str, str]]:
    """One row per exercise, in course order."""
    rows = []
    for lesson in course.lessons:
        for exercise in lesson.exercises:
            entry = registration(exercise.id)
            limit = f"{entry.time_limit:g} s"
            if entry.without:
                limit += f", without `{'`, `'.join(entry.without)}`"
            points = f"{exercise.points.check}"
            if exercise.has_argument:
                points += f" + {exercise.points.argument} (argument)"
            rows.append(
                {
                    "id": exercise.id,
                    "lesson": f"[{lesson.heading}]({lesson.relative})",
                    "heading": exercise.heading,
                    "asks": entry.summary.get("asks", ""),
                    "verifies": entry.summary.get("verifies", ""),
                    "limit": limit,
                    "points": points,
                }
            )
    return rows


def exercise_table(course: model.Course) -> str:
    """The Markdown table of every exercise."""
    keys = ("id", "lesson", "heading", "asks", "verifies", "limit", "points")
    lines = [
        "| id | lesson | exercise | what it asks | what the check verifies | limit | points |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in exercise_rows(course):
        lines.append("| " + " | ".join(_cell(row[key]) for key in keys) + " |")
    return "\n".join(lines)


def lesson_table(course: model.Course, until=None) -> str:
    """The course map's table: one row per unit, its lessons linked with their working times.

    With ``until`` (a day), a lesson released after it is named with its release day, without
    a link: the student edition of that day does not hold it."""
    lines = ["| # | unit | what it teaches | lessons | time |", "|---|---|---|---|---|"]
    for number, unit in enumerate(course.units, start=1):
        links = []
        for lesson in unit.lessons:
            extra = ", optional" if lesson.optional else ""
            if not lesson.released_by(until):
                when = f"coming on {lesson.released}; {_duration(lesson.minutes)}{extra}"
                links.append(f"{lesson.title} ({when})")
                continue
            links.append(f"[{lesson.title}]({lesson.relative}) ({_duration(lesson.minutes)}{extra})")
        source = f" ({unit.source})" if unit.source else ""
        lines.append(
            f"| {number} | **{_cell(unit.caption)}**{_cell(source)} | {_cell(unit.teaches)} | "
            f"{' · '.join(links)} | {_duration(unit.minutes)} |"
        )
    lines.append("")
    lines.append(
        f"Working the whole course takes about {_duration(course.minutes)} (optional lessons left out), "
        "exercises included: the times are what students working the lessons needed (estimates for "
        "the lessons no student has timed yet), not a reading of the page."
    )
    return "\n".join(lines)


def replace_between(text: str, markers: tuple[str, str], body: str, where: str) -> str:
    start, end = markers
    if start not in text or end not in text:
        raise model.CourseError(f"{where} has no {start} ... {end} markers for its generated table")
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    return f"{before}{start}\n{body}\n{end}{after}"


def write(course: model.Course) -> list[Path]:
    """Rewrite both tables in place; return the files that changed."""
    changed = []
    readme = course.root / "README.md"
    text = readme.read_text(encoding="utf-8")
    new = replace_between(text, EXERCISES, exercise_table(course), str(readme))
    if new != text:
        readme.write_text(new, encoding="utf-8")
        changed.append(readme)
    notebook = model.read_notebook(course.course_map)
    holder = next((c for c in notebook.cells if LESSONS[0] in c.source), None)
    if holder is None:
        raise model.CourseError(f"{course.course_map} has no {LESSONS[0]} ... {LESSONS[1]} markers")
    new = replace_between(holder.source, LESSONS, lesson_table(course), str(course.course_map))
    if new != holder.source:
        holder.source = new
        nbformat.write(notebook, str(course.course_map))
        changed.append(course.course_map)
    return changed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--notebooks", type=Path, default=None, help="the course's notebooks folder")
    parser.add_argument(
        "--write",
        action="store_true",
        help="rewrite the course map's lesson table and notebooks/README.md's exercise table in place",
    )


def run(args: argparse.Namespace) -> int:
    try:
        course = model.load(args.notebooks)
        if args.write:
            changed = write(course)
            print("rewritten: " + ", ".join(map(str, changed)) if changed else "both tables are up to date")
        else:
            print(lesson_table(course))
            print()
            print(exercise_table(course))
    except model.CourseError as error:
        print(f"dp-puzzles catalogue: {error}", file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dp-puzzles catalogue", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
