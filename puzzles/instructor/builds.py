"""Output folders that a builder may write, and never anything else.

Every instructor tool that writes a folder (the student edition, the sites, the nbgrader
course, the grader's feedback) goes through ``OutputFolder``. The rules:

* an output folder that overlaps a source (is it, lies inside it, or holds it) is refused;
* a folder that exists and is not empty is refused unless a marker file
  (``.dp-puzzles-build``) says an earlier run of the same tool wrote it;
* a rebuild deletes only the files the marker lists (what that earlier run wrote); a file
  someone added since is left where it is.

Each refusal is a ``BuildRefused`` with a sentence that names the folder and what to do.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

__all__ = ["MARKER", "BuildRefused", "OutputFolder"]

MARKER = ".dp-puzzles-build"


class BuildRefused(Exception):
    """A builder refused to write where it was pointed; the message says why and what to do."""


def _overlap(a: Path, b: Path) -> bool:
    return a == b or a.is_relative_to(b) or b.is_relative_to(a)


class OutputFolder:
    """A folder a tool (``tool``, e.g. "student edition") may write, checked before anything is written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as work:
    ...     out = OutputFolder(Path(work) / "edition", "student edition", sources=[Path(work) / "notebooks"])
    ...     out.prepare()
    ...     _ = out.write_text("a.txt", "hello")
    ...     out.finish()
    ...     sorted(p.name for p in out.path.iterdir())
    ['.dp-puzzles-build', 'a.txt']
    """

    def __init__(self, path: Path, tool: str, sources: list[Path] = ()):  # type: ignore[assignment]
        self.path = Path(path).resolve()
        self.tool = tool
        self.sources = [Path(s).resolve() for s in sources]
        self.written: list[str] = []

    def _marker(self) -> dict | None:
        marker = self.path / MARKER
        if not marker.is_file():
            return None
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def check(self) -> None:
        """Refuse (``BuildRefused``) unless the folder is safe to write; write nothing."""
        for source in self.sources:
            if _overlap(self.path, source):
                raise BuildRefused(
                    f"the {self.tool} would be written to {self.path}, which overlaps its source {source}; "
                    "choose an output folder outside the source (the default is under build/)"
                )
        if self.path.exists() and not self.path.is_dir():
            raise BuildRefused(f"{self.path} is a file, not a folder; choose another output folder")
        if self.path.is_dir() and any(self.path.iterdir()):
            marker = self._marker()
            if marker is None:
                raise BuildRefused(
                    f"{self.path} is not empty and was not written by this tool (it has no {MARKER} "
                    f"file); the {self.tool} is written only to an empty or new folder, or to its own "
                    "earlier output. Choose another folder, or empty this one yourself"
                )
            if marker.get("tool") != self.tool:
                raise BuildRefused(
                    f"{self.path} holds the output of another tool ({marker.get('tool')!r}), not of the "
                    f"{self.tool}; choose another folder"
                )

    def prepare(self) -> None:
        """Check, then remove what this tool wrote there before (only that), and mark the folder."""
        self.check()
        marker = self._marker()
        if marker is not None:
            for relative in sorted(marker.get("files", []), key=lambda p: -len(Path(p).parts)):
                target = (self.path / relative).resolve()
                if not target.is_relative_to(self.path) or target == self.path:
                    continue  # a marker edited to point elsewhere: ignored
                if target.is_file() or target.is_symlink():
                    target.unlink()
                elif target.is_dir():
                    shutil.rmtree(target)
            for folder in sorted(self.path.rglob("*"), key=lambda p: -len(p.parts)):
                if folder.is_dir() and not any(folder.iterdir()):
                    folder.rmdir()
        self.path.mkdir(parents=True, exist_ok=True)
        self._write_marker()

    def _write_marker(self) -> None:
        data = {"tool": self.tool, "files": sorted(dict.fromkeys(self.written))}
        (self.path / MARKER).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    def target(self, relative: str | Path) -> Path:
        """The path of a file to write below the folder (its parents made), recorded as ours."""
        relative = Path(relative)
        if relative.is_absolute() or ".." in relative.parts:
            raise BuildRefused(f"{relative} is not a path inside {self.path}")
        path = self.path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        self.written.append(relative.as_posix())
        return path

    def write_text(self, relative: str | Path, text: str) -> Path:
        path = self.target(relative)
        path.write_text(text, encoding="utf-8")
        return path

    def copy_tree(self, source: Path) -> None:
        """Copy every file below ``source`` into the folder (a built site, say), recorded as ours."""
        for path in sorted(source.rglob("*")):
            if path.is_file():
                shutil.copy2(path, self.target(path.relative_to(source)))

    def finish(self) -> None:
        """Record what was written, so that the next run removes exactly that."""
        self._write_marker()

    def __enter__(self) -> OutputFolder:
        self.prepare()
        return self

    def __exit__(self, *exc_info) -> None:
        self.finish()  # even after an error: what was written is recorded, and removed next time

    def __fspath__(self) -> str:
        return os.fspath(self.path)
