"""The student edition: every hidden solution becomes a stub.

    python -m puzzles.course.student [--source notebooks] [--out build/student]

For each notebook under ``--source``, cells tagged ``solution`` are rewritten:

* a code cell keeps the *names* it defines and loses their bodies:
  ``def N(k): ...  # your code here`` for a function, ``answer = ...  # your answer here``
  for a value; its outputs are cleared and it stays collapsed;
* a markdown cell (a worked argument or proof) loses its text entirely and becomes the
  one-line invitation ``PROOF_STUB``.

Outputs of cells tagged ``check`` are cleared too, so that no verdict of the teacher's
solution survives; run top to bottom, each check then prints ``not attempted yet``.

A cell tagged ``reveals`` states or shows an exercise's answer (a "what we just proved"
summary below the check): a code cell loses its stored outputs (running it shows them
again), a markdown cell is folded into a ``<details>`` block the student opens after the
check says Correct. Other cells are copied as they are, outputs included.
"""

from __future__ import annotations

import argparse
import ast
import copy
from pathlib import Path

import nbformat

__all__ = ["stub_source", "student_notebook", "build", "PROOF_STUB", "REVEAL_SUMMARY"]

PROOF_STUB = "*Write your argument here.*"
REVEAL_SUMMARY = "What this exercise shows (open it after your check says Correct)"


def _signature(node: ast.FunctionDef) -> str:
    return ast.unparse(node.args)


def stub_source(source: str) -> str:
    """Turn a solution cell's code into stubs for the names it defines.

    Top-level functions keep their signature; top-level assignments keep their target
    names. Imports are kept (a stub may need them for its signature). Anything else
    is dropped, because it is part of the worked solution.
    """
    tree = ast.parse(source)
    lines: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            lines.append(ast.unparse(node))
        elif isinstance(node, ast.FunctionDef):
            lines.append(f"def {node.name}({_signature(node)}): ...  # your code here")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        lines.append(f"{name.id} = ...  # your answer here")
    if not lines:
        raise ValueError("a solution cell must define at least one name (a function or a value) to check")
    return "\n".join(dict.fromkeys(lines))  # drop repeats, keep order


def _tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def student_notebook(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``notebook`` with every solution replaced by a stub."""
    result = copy.deepcopy(notebook)
    for cell in result.cells:
        tags = _tags(cell)
        if "solution" in tags:
            if cell.cell_type == "code":
                cell.source = stub_source(cell.source)
                cell.outputs = []
                cell.execution_count = None
            else:
                cell.source = PROOF_STUB
        elif "check" in tags and cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        elif "reveals" in tags:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
            else:
                cell.source = f"<details><summary>{REVEAL_SUMMARY}</summary>\n\n{cell.source}\n\n</details>"
    return result


def build(source: Path, out: Path) -> list[Path]:
    """Write the student edition of every notebook under ``source`` to ``out``; return the paths."""
    written = []
    for path in sorted(source.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        target = out / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(student_notebook(nbformat.read(path, as_version=4)), target)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the student edition of the course notebooks.")
    parser.add_argument("--source", type=Path, default=Path("notebooks"))
    parser.add_argument("--out", type=Path, default=Path("build/student"))
    args = parser.parse_args(argv)
    written = build(args.source, args.out)
    print(f"student edition: {len(written)} notebooks written to {args.out}")


if __name__ == "__main__":
    main()
