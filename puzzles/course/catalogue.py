"""The table of every exercise in the pack, kept in ``notebooks/README.md``.

    python -m puzzles.course.catalogue            # print the table
    python -m puzzles.course.catalogue --write    # rewrite it in notebooks/README.md

One row per exercise, in course order (the course map's links, then any lesson it does not
link): its id, its lesson, what it asks and what its check verifies on which range (from the
``asks`` and ``verifies`` given to ``exercise(...)``), and the check's time limit. A test keeps
the README's table equal to this one.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import nbformat

from puzzles.course.adversaries import exercise_cells
from puzzles.course.checker import registration

__all__ = ["lessons", "rows", "table", "write"]

START, END = "<!-- exercises:start -->", "<!-- exercises:end -->"
COURSE_MAP = "00-course-map.ipynb"


def lessons(notebooks: Path) -> list[Path]:
    """Every lesson under ``notebooks``, in the course map's order, then the rest by path."""
    found = sorted(
        p for p in notebooks.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts and p.name != COURSE_MAP
    )
    ordered: list[Path] = []
    course_map = notebooks / COURSE_MAP
    if course_map.exists():
        text = "".join(cell.source for cell in nbformat.read(course_map, as_version=4).cells)
        for link in re.findall(r"\]\(([\w/.-]+\.ipynb)\)", text):
            path = notebooks / link
            if path in found and path not in ordered:
                ordered.append(path)
    return ordered + [p for p in found if p not in ordered]


def _heading(notebook: nbformat.NotebookNode, index: int | None) -> str:
    if index is None:
        return ""
    first = notebook.cells[index].source.strip().splitlines()[0]
    return first.lstrip("#").strip()


def rows(notebooks: Path) -> list[dict[str, str]]:
    """One row per exercise: id, lesson, heading, asks, verifies, limit."""
    result = []
    for path in lessons(notebooks):
        notebook = nbformat.read(path, as_version=4)
        for exercise_id, place in exercise_cells(path).items():
            entry = registration(exercise_id)
            title = notebook.cells[0].source.strip().splitlines()[0].lstrip("#").strip()
            result.append(
                {
                    "id": exercise_id,
                    "lesson": f"[{title}]({path.relative_to(notebooks).as_posix()})",
                    "heading": _heading(notebook, place["exercise"]),
                    "asks": entry.summary.get("asks", ""),
                    "verifies": entry.summary.get("verifies", ""),
                    "limit": f"{entry.time_limit:g} s"
                    + (f", without `{'`, `'.join(entry.without)}`" if entry.without else ""),
                }
            )
    return result


def table(notebooks: Path) -> str:
    """The markdown table of every exercise."""

    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = [
        "| id | lesson | exercise | what it asks | what the check verifies | limit |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows(notebooks):
        lines.append(
            "| "
            + " | ".join(cell(row[key]) for key in ("id", "lesson", "heading", "asks", "verifies", "limit"))
            + " |"
        )
    return "\n".join(lines)


def write(readme: Path, notebooks: Path) -> bool:
    """Put the table between the markers of ``readme``; True when the file changed."""
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise ValueError(f"{readme} has no {START} ... {END} markers for the exercise table")
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    new = f"{before}{START}\n{table(notebooks)}\n{END}{after}"
    if new != text:
        readme.write_text(new, encoding="utf-8")
    return new != text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The table of every exercise in the course pack.")
    parser.add_argument("--notebooks", type=Path, default=Path("notebooks"))
    parser.add_argument("--write", action="store_true", help="rewrite the table in notebooks/README.md")
    args = parser.parse_args(argv)
    if args.write:
        changed = write(args.notebooks / "README.md", args.notebooks)
        print(f"{args.notebooks / 'README.md'}: {'table rewritten' if changed else 'already up to date'}")
    else:
        print(table(args.notebooks))


if __name__ == "__main__":
    main()
