"""Progress bars for long runs (module commands, sweeps), after the GUIDE: tqdm, ``tqdm.auto``.

Notebook outputs must stay deterministic, so lessons never show a bar; module commands do.
Set ``PUZZLES_PROGRESS=0`` to silence every bar (CI logs, tests).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TypeVar

__all__ = ["progress"]

T = TypeVar("T")


def progress(
    iterable: Iterable[T], *, total: int | None = None, description: str | None = None, unit: str = "it"
) -> Iterator[T]:
    """Iterate with a tqdm bar (a widget in Jupyter, text in a terminal) unless silenced."""
    from tqdm.auto import tqdm

    silenced = os.environ.get("PUZZLES_PROGRESS", "1") == "0"
    return iter(
        tqdm(iterable, total=total, desc=description, unit=unit, disable=silenced, dynamic_ncols=True)
    )
