"""The two built course sites, for the tests that read them (``tests/site``, ``tests/browser``).

``make site`` builds ``build/site`` (teacher edition) and ``build/site-student`` just before
those tests run (``make test``); where one is missing, it is built into a temporary folder,
with the npm tarballs cached in ``build/vendor`` as ``make site`` caches them.
"""

from __future__ import annotations

import json
from pathlib import Path

from puzzles.instructor.builds import MARKER
from puzzles.instructor.site import ROOT, build, tool_name

__all__ = ["BUILT", "VENDOR_CACHE", "site_folder"]

BUILT = {"teacher": ROOT / "build" / "site", "student": ROOT / "build" / "site-student"}
VENDOR_CACHE = ROOT / "build" / "vendor"


def _built_by_make(edition: str) -> bool:
    folder = BUILT[edition]
    try:
        marker = json.loads((folder / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return (folder / "index.html").exists() and marker.get("tool") == tool_name(edition)


def site_folder(edition: str, tmp_path_factory) -> Path:
    """The built site of ``edition``: ``make site``'s, or one built now into a temporary folder."""
    if _built_by_make(edition):
        return BUILT[edition]
    out = tmp_path_factory.mktemp(f"site-{edition}") / "site"
    build(edition, out, cache=VENDOR_CACHE, log=lambda line: None)
    return out
