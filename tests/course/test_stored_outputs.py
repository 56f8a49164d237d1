"""What a reader sees in the committed notebooks: a table, a figure, a widget or a sentence.

No cell's result is a bare quoted string, a tuple, list or dict repr, a ``Fraction(...)``, and
no output carries a solver's banner.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
BANNERS = re.compile(r"Running HiGHS|Coefficient ranges|Presolving model|Copyright \(c\) \d{4} HiGHS")
RAW = re.compile(r"""^(?:'.*'|".*"|\(.*\)|\{.*\}|\[.*\]|Fraction\(.*\))$""", re.DOTALL)


def _findings(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream" and BANNERS.search(output.get("text", "")):
                found.append(f"cell {index}: a solver banner")
            if output.get("output_type") != "execute_result":
                continue
            data = output.get("data", {})
            if any(kind in data for kind in ("text/html", "image/png", "image/svg+xml", "text/markdown")):
                continue
            if "application/vnd.jupyter.widget-view+json" in data:
                continue
            text = data.get("text/plain", "").strip()
            if RAW.match(text) or "Fraction(" in text:
                found.append(f"cell {index}: the result is a raw repr: {text[:80]!r}")
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_raw_repr_or_banner_as_a_result(path):
    assert _findings(path) == []
