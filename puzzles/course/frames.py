"""Length-prefixed frames: a 4-byte big-endian length, then that many bytes. The one place that
writes and reads them: a check's child to the process that asked for the check (``probe``), the
grader's instructions to a hand-in's runner and the runner's reports back."""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator

__all__ = ["HEADER", "MAX_FRAME", "write", "read", "Buffer"]

HEADER = struct.Struct(">I")
MAX_FRAME = 256 * 1024**2  # bytes: larger than any instruction or report


def write(fd: int, payload: bytes, _write=os.write) -> None:
    """Write one frame to ``fd`` (``_write`` is bound when this module is imported: a cell that
    replaces ``os.write`` later changes nothing here)."""
    view = memoryview(HEADER.pack(len(payload)) + payload)
    while view:
        view = view[_write(fd, view) :]


def _exactly(fd: int, size: int) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            raise EOFError("the other side closed the channel")
        data += chunk
    return bytes(data)


def read(fd: int) -> bytes:
    """Read one whole frame from ``fd`` (blocking)."""
    (size,) = HEADER.unpack(_exactly(fd, HEADER.size))
    if size > MAX_FRAME:
        raise ValueError("a frame larger than any message")
    return _exactly(fd, size)


class Buffer:
    """Frames as they arrive in pieces (a non-blocking reader feeds it what ``os.read`` gave)."""

    def __init__(self) -> None:
        self.data = bytearray()

    def feed(self, chunk: bytes) -> None:
        self.data += chunk

    def frames(self) -> Iterator[bytes]:
        while len(self.data) >= HEADER.size:
            (size,) = HEADER.unpack_from(self.data)
            if size > MAX_FRAME:
                raise ValueError("a frame larger than any message")
            if len(self.data) < HEADER.size + size:
                return
            payload = bytes(self.data[HEADER.size : HEADER.size + size])
            del self.data[: HEADER.size + size]
            yield payload
