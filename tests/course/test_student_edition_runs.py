"""The student edition (``make student`` -> build/student) runs top to bottom without an error,
and every check in it reports "not attempted yet"."""

from pathlib import Path

import nbclient
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
EDITION = ROOT / "build" / "student"
NOTEBOOKS = sorted(
    p.relative_to(ROOT / "notebooks")
    for p in (ROOT / "notebooks").rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


@pytest.mark.parametrize("relative", NOTEBOOKS, ids=str)
def test_student_edition_executes(relative):
    path = EDITION / relative
    if not path.exists():
        pytest.fail(f"{path} is missing: build the student edition first (make student)")
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    for cell in notebook.cells:
        if "check" in cell.metadata.get("tags", []):
            text = "".join(out.get("text", "") for out in cell.outputs)
            assert "Not attempted yet" in text, f"{relative}: a check cell printed {text!r}"
