"""Integrity of the shipped data: a SHA-256 manifest per data folder.

Each unit's ``data/`` folder holds ``MANIFEST.sha256`` in the format of ``sha256sum``
(``<hex digest>  <file name>`` a line; ``sha256sum -c MANIFEST.sha256`` checks it by hand).
Loaders call ``verified(path, rebuild)`` before reading a file: a missing file, a file not in
the manifest, or a file whose digest differs raises ``DataFault`` naming the file and the
command that rebuilds it. The commands that write data call ``record(path)`` afterwards.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from puzzles.course.checker import PackFault

__all__ = ["MANIFEST", "DataFault", "digest", "read_manifest", "record", "verified"]

MANIFEST = "MANIFEST.sha256"


class DataFault(PackFault):
    """A shipped data file is missing or damaged; the message names it and its rebuild command."""


_VERIFIED: dict[Path, tuple[int, int]] = {}  # path -> (size, mtime_ns) when last found intact


def digest(path: Path) -> str:
    """The SHA-256 of a file, as hex."""
    sha = hashlib.sha256()
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            sha.update(chunk)
    return sha.hexdigest()


def read_manifest(folder: Path) -> dict[str, str]:
    """``{file name: hex digest}`` of a folder's manifest (empty when there is none)."""
    path = Path(folder) / MANIFEST
    if not path.exists():
        return {}
    entries = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            hexdigest, name = line.split(maxsplit=1)
            entries[name.lstrip("*")] = hexdigest
    return entries


def record(path: Path) -> None:
    """Enter (or update) ``path``'s digest in its folder's manifest."""
    path = Path(path)
    entries = read_manifest(path.parent)
    entries[path.name] = digest(path)
    lines = [f"{entries[name]}  {name}\n" for name in sorted(entries)]
    (path.parent / MANIFEST).write_text("".join(lines), encoding="utf-8")
    _VERIFIED.pop(path.resolve(), None)


def verified(path: Path, rebuild: str, unlisted_ok: bool = False) -> Path:
    """``path``, after checking it against its folder's manifest; else ``DataFault``.

    ``rebuild`` is the command that writes the file again (named in the message). A folder
    without a manifest is not checked; with ``unlisted_ok`` (a user's own sweep folder, where
    blocks swept elsewhere may be copied in) a file the manifest does not list is read as it is.
    """
    path = Path(path)
    folder = path.parent
    if not (folder / MANIFEST).exists():
        return path
    if not path.exists():
        raise DataFault(f"the shipped data file {path} is missing; rebuild it with `{rebuild}`")
    stat = path.stat()
    key = path.resolve()
    if _VERIFIED.get(key) == (stat.st_size, stat.st_mtime_ns):
        return path
    expected = read_manifest(folder).get(path.name)
    if expected is None and unlisted_ok:
        return path
    if expected is None:
        raise DataFault(
            f"the data file {path} is not listed in {folder / MANIFEST}; rebuild it with `{rebuild}`"
        )
    if digest(path) != expected:
        raise DataFault(
            f"the shipped data file {path} is damaged (its SHA-256 differs from {MANIFEST}); "
            f"rebuild it with `{rebuild}`, or restore it with `git checkout -- {path.name}` in its folder"
        )
    _VERIFIED[key] = (stat.st_size, stat.st_mtime_ns)
    return path
