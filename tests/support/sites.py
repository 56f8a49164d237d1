"""The two built course sites, for the tests that read them (``tests/site``, ``tests/browser``).

``make site`` builds ``build/site`` (teacher edition) and ``build/site-student`` just before
those tests run (``make test``); where one is missing, it is built into a temporary folder,
with the npm tarballs cached in ``build/vendor`` as ``make site`` caches them. The sites of
small courses made up by the tests take their npm tarballs from ``fake_npm_cache``.
"""

from __future__ import annotations

import json
from pathlib import Path

from puzzles.instructor.builds import MARKER
from puzzles.instructor.site import ROOT, VENDORED, build, tool_name

__all__ = ["BUILT", "VENDOR_CACHE", "site_folder", "fake_npm_cache"]

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


def fake_npm_cache(folder: Path) -> Path:
    """The npm tarballs the site vendors, each with one small file: the site takes them from the
    cache it is given, and never asks npm (or the repository's build/vendor) for them."""
    import io
    import tarfile

    folder.mkdir(parents=True, exist_ok=True)
    inner = {"mathjax": "package/es5/tex-chtml.js", "requirejs": "package/require.js"}
    for package in VENDORED:
        member = inner.get(package.name, "package/dist/embed-amd.js")
        with tarfile.open(folder / package.tarball, "w:gz") as archive:
            data = f"/* {package.name} from the test's cache */".encode()
            info = tarfile.TarInfo(member)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return folder
