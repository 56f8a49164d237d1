"""The student edition runs top to bottom without an error, and every check in it reports
"not attempted yet". The edition is built afresh (as ``make student`` does) into a temporary
folder, so the test needs no earlier step."""

from pathlib import Path

import nbclient
import nbformat
import pytest

from puzzles.instructor import course as model
from puzzles.instructor.student import ARGUMENT_STUB, build

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = [path.relative_to(ROOT / "notebooks") for path in model.load().notebooks()]


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("student")
    return build(ROOT / "notebooks", out / "edition", log=lambda line: None)[0]


@pytest.mark.parametrize("relative", NOTEBOOKS, ids=str)
def test_student_edition_executes(edition, relative):
    path = edition / relative
    notebook = nbformat.read(path, as_version=4)
    solutions = [c for c in notebook.cells if "solution" in c.metadata.get("tags", [])]
    assert all("# your" in c.source or c.source == ARGUMENT_STUB for c in solutions)
    nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    for cell in notebook.cells:
        if "check" in cell.metadata.get("tags", []):
            text = "".join(out.get("text", "") for out in cell.outputs)
            assert "Not attempted yet" in text, f"{relative}: a check cell printed {text!r}"
