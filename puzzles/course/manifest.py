"""Integrity of the shipped data: a SHA-256 manifest per data folder.

Each unit's ``data/`` folder holds ``MANIFEST.sha256`` in the format of ``sha256sum``
(``<hex digest>  <file name>`` a line; ``sha256sum -c MANIFEST.sha256`` checks it by hand).
Loaders call ``verified(path, rebuild)`` before reading a file: a missing file, a file not in
the manifest, or a file whose digest differs raises ``DataFault`` naming the file and the
command that rebuilds it. The commands that write data call ``record(path)`` afterwards.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from puzzles.course.checker import PackFault

__all__ = ["MANIFEST", "DataFault", "damaged_lines", "digest", "read_manifest", "record", "verified"]

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


_LINE = re.compile(r"([0-9a-fA-F]{64}) [ *](.+)")


def read_manifest(folder: Path) -> dict[str, str]:
    """``{file name: hex digest}`` of a folder's manifest (empty when there is none).

    A line that is not ``<64 hex digits>  <name>`` is skipped, so one damaged line costs only
    the file it named (which is then "not listed"), never the whole folder.
    """
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return {}
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    entries = {}
    for line in text.splitlines():
        match = _LINE.fullmatch(line.rstrip("\r"))
        if match:
            entries[match.group(2)] = match.group(1).lower()
    return entries


def damaged_lines(folder: Path) -> list[int]:
    """The numbers (from 1) of the lines of a folder's manifest that ``read_manifest`` skips."""
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return []
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return [i for i, line in enumerate(lines, 1) if line.strip() and not _LINE.fullmatch(line.rstrip("\r"))]


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

    ``rebuild`` is the command that writes the file again (named in the message). A shipped
    folder without its manifest is a fault (deleting it must not switch the check off); with
    ``unlisted_ok`` (a user's own sweep folder, where blocks swept elsewhere may be copied in)
    a folder without a manifest, or a file the manifest does not list, is read as it is.
    """
    path = Path(path)
    folder = path.parent
    if not (folder / MANIFEST).is_file():
        if unlisted_ok:
            return path
        raise DataFault(
            f"the manifest {folder / MANIFEST} of the shipped data is missing, so {path.name} cannot "
            f"be checked; restore it with `git checkout -- {MANIFEST}` in its folder, "
            f"or rebuild with `{rebuild}`"
        )
    if not path.exists():
        raise DataFault(f"the shipped data file {path} is missing; rebuild it with `{rebuild}`")
    if not path.is_file():
        raise DataFault(
            f"the shipped data file {path} is not a file (a folder?); rebuild it with `{rebuild}`"
        )
    stat = path.stat()
    key = path.resolve()
    if _VERIFIED.get(key) == (stat.st_size, stat.st_mtime_ns):
        return path
    expected = read_manifest(folder).get(path.name)
    if expected is None and unlisted_ok:
        return path
    if expected is None:
        damaged = damaged_lines(folder)
        note = f" (its line {damaged[0]} is damaged)" if damaged else ""
        raise DataFault(
            f"the data file {path} is not listed in {folder / MANIFEST}{note}; rebuild it with `{rebuild}`"
        )
    if digest(path) != expected:
        raise DataFault(
            f"the shipped data file {path} is damaged (its SHA-256 differs from {MANIFEST}); "
            f"rebuild it with `{rebuild}`, or restore it with `git checkout -- {path.name}` in its folder"
        )
    _VERIFIED[key] = (stat.st_size, stat.st_mtime_ns)
    return path
