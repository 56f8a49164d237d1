"""Run a student's answer on a check's inputs in a child process and bring back plain data.

``probe(answer, inputs, ...)`` forks a child that

1. turns every descriptor it inherited, other than its own channel back, into ``/dev/null``
   (the kernel's sockets and pipes, or a grader's report channel, are not the answer's to
   write to), then builds each input's arguments (``build``, the pack's own code, before
   anything is closed),
2. puts ``guard.install`` in place (the modules the exercise forbids closed, no other
   programs, memory limited, every process it starts tied to it),
3. calls the answer on each input in turn, timing only the answer, and writes back, for each
   input, either the value it gave (as ``codec`` plain data) or the exception it raised,
4. ends with what the answer printed (capped at ``OUTPUT_CAP`` characters).

The caller reads ``Event``s as they come and may stop early (the first wrong value settles a
check). The child is killed when the answer has used up the time limit: the processor time
spent *inside* the answer, summed over the inputs (building inputs and writing values back do
not count, nor does a busy machine: the parent reads the child's processor time from /proc;
an answer that waits rather than computes is stopped at ``WALL_FACTOR`` times the limit plus
``WALL_MARGIN`` seconds of wall-clock time, and one still computing there, on a machine whose
cores are shared, only at ``BUSY_FACTOR`` times it plus ``BUSY_MARGIN``, as the machine's fault),
when the caller stops reading, or when the caller itself dies; nothing it started outlives it.
Nothing the child sends can be more than plain data: no verdict is decided here.
"""

from __future__ import annotations

import io
import mmap
import os
import select
import signal
import struct
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.course import codec, frames, guard

__all__ = [
    "Event",
    "Value",
    "Raised",
    "Finished",
    "TimedOut",
    "Died",
    "Garbled",
    "Fault",
    "probe",
    "OUTPUT_CAP",
    "fork_available",
]

OUTPUT_CAP = 2000  # characters of the answer's printed output brought back
OVERHEAD_ALLOWANCE = 60.0  # seconds outside the answer (building inputs, writing values) a check allows

# the shared record of the answer's time: a sequence number (odd while it is being written), the
# input being evaluated (-1: none), the answer's processor seconds before it, the child's processor
# clock at that call's start
_BOARD = struct.Struct(">Qqddd")  # ..., and the wall clock at that call's start
WALL_FACTOR, WALL_MARGIN = 4, 10  # an answer that waits (sleeps, blocks) is stopped after this many
# times its limit, plus this many seconds, of wall-clock time...
# ... unless it is computing there (at least BUSY_SHARE of a processor since it started): then the
# machine is busy (other work shares the cores) and its processor time decides, up to BUSY_FACTOR
# times its limit plus BUSY_MARGIN seconds of wall-clock time
BUSY_SHARE, BUSY_FACTOR, BUSY_MARGIN = 0.05, 24, 30


@dataclass(frozen=True)
class Event:
    """Something the child reported about one input (``index``) or about the whole run."""


@dataclass(frozen=True)
class Value(Event):
    index: int
    value: Any
    seconds: float


@dataclass(frozen=True)
class Raised(Event):
    """The answer raised on an input: ``kind`` is "exception", "package", "program", "memory",
    "recursion", "exit" (SystemExit) or "interrupt" (KeyboardInterrupt)."""

    index: int
    kind: str
    name: str  # the exception's class name
    message: str
    seconds: float


@dataclass(frozen=True)
class Finished(Event):
    output: str  # what the answer printed, capped
    seconds: float  # the answer's time, summed over the inputs


@dataclass(frozen=True)
class TimedOut(Event):
    index: int  # the input the answer was working on
    seconds: float
    output: str = ""
    busy: bool = False  # stopped by the wall clock while still computing: the machine was too busy


@dataclass(frozen=True)
class Garbled(Event):
    """What came back is not what the check's child writes: something else wrote into its channel."""

    index: int
    why: str


@dataclass(frozen=True)
class Fault(Event):
    """The check's child failed outside the answer. Before the answer was first called (building
    inputs, closing modules) that is the pack's fault; once the answer has run in the child,
    anything that fails there (a signal or timer the answer set, a "fault" frame it wrote into the
    channel itself) is the answer's doing: ``after_answer`` says which."""

    index: int
    why: str
    after_answer: bool = False


@dataclass(frozen=True)
class Died(Event):
    """The child ended without finishing: ``why`` in words (os._exit, a crash, memory)."""

    index: int
    why: str
    output: str = ""
    busy: bool = False  # still computing when the wall clock ran out: the machine was too busy


def fork_available() -> bool:
    return hasattr(os, "fork")


class _CappedText(io.TextIOBase):
    """A stdout that keeps the first OUTPUT_CAP characters and counts the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = OUTPUT_CAP - self.size
        if room > 0:
            self.kept.append(text[:room])
        self.size += len(text)
        return len(text)

    def text(self) -> str:
        kept = "".join(self.kept)
        if self.size > OUTPUT_CAP:
            kept += f"\n... (your answer printed {self.size} characters; the first {OUTPUT_CAP} are shown)"
        return kept


def _classify(error: BaseException) -> str:
    if isinstance(error, guard.PackageReached):
        return "package"
    if isinstance(error, guard.ProgramRefused):
        return "program"
    if isinstance(error, MemoryError):
        return "memory"
    if isinstance(error, RecursionError):
        return "recursion"
    if isinstance(error, SystemExit):
        return "exit"
    if isinstance(error, KeyboardInterrupt):
        return "interrupt"
    return "exception"


def _message_of(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:  # noqa: BLE001 - a broken __str__ of the student's own exception
        text = ""
    if isinstance(error, SystemExit):
        text = repr(error.code)
    return text if len(text) <= 300 else text[:297] + "..."


_encode = codec.encode  # taken at import: an answer that replaces codec.encode changes nothing
_encode_entries = codec.encode_entries
_encode_list = codec.encode_list


def _write_frame(fd: int, data: dict) -> None:
    _write_payload(fd, _encode(data).encode("ascii"))


_write_payload = frames.write  # taken at import, as the encoder is


class _Batch:
    """Frames gathered and written together (a check may have tens of thousands of inputs). A
    thread writes what has gathered every ``FLUSH_SECONDS``, also while the answer is busy on a
    slow input, so that the caller judges every value given before a timeout. Each frame is
    encoded when it is added, within the codec's caps on its own: a batch of many values near
    the caps travels whole."""

    FLUSH_SECONDS = 0.02

    def __init__(self, fd: int):
        self.fd = fd
        self.frames: list[str] = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._keep_flushing, daemon=True)
        self.thread.start()

    def _keep_flushing(self) -> None:
        while not self.stopped.wait(self.FLUSH_SECONDS):
            self.flush()

    def add(self, frame: dict) -> None:
        text = _encode_entries({key: _encode(value) for key, value in frame.items()})
        with self.lock:
            self.frames.append(text)

    def flush(self) -> None:
        with self.lock:
            frames, self.frames = self.frames, []
            if frames:
                _write_payload(self.fd, _encode_entries({"batch": _encode_list(frames)}).encode("ascii"))

    def close(self) -> None:
        self.stopped.set()
        self.flush()


def _only_own_descriptors(keep: int) -> None:
    """Point every descriptor of this process but ``keep`` at ``/dev/null``: standard input reads
    nothing, what is printed goes nowhere, and what the parent had open (a kernel's sockets and
    pipes, a grader's report channel, a test runner's channel) cannot be written to or read
    from. The numbers stay taken, so an object of the parent that still holds one touches
    ``/dev/null``, never a file opened later."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        inherited = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # no /proc: the descriptors a process usually has
        inherited = list(range(256))
    for number in inherited:
        if number not in (keep, devnull):
            try:
                os.dup2(devnull, number, inheritable=number < 3)
            except OSError:
                pass
    os.close(devnull)


def _child(
    answer: Any,
    inputs: Sequence[Any],
    build: Callable[[Any], tuple] | None,
    call: Callable[..., Any] | None,
    without: tuple[str, ...],
    board: mmap.mmap,
    fd: int,
) -> None:
    """The child's whole life; ends with os._exit."""
    code = 0
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _only_own_descriptors(fd)
        capture = _CappedText()
        sys.stdout = sys.stderr = capture
        arguments = [build(item) if build is not None else item for item in inputs]
        checker = sys.modules.get("puzzles.course.checker")
        if checker is not None:  # the plans (and their references' caches) are not the answer's to read
            checker._forget_plans()
        guard.install(without)
        # from here on the answer runs in this process: whatever fails later may be its doing,
        # and this frame (written before its first call, so never by it) tells the parent so
        _write_frame(fd, {"started": True})
        clock = time.process_time  # the answer's own processor time: a busy machine does not count
        used = 0.0
        sequence = 0
        batch = _Batch(fd)
        for index, args in enumerate(arguments):
            started = clock()
            sequence = _write_board(board, sequence, index, used, started, time.monotonic())
            try:
                value = (
                    call(answer, *args)
                    if call is not None
                    else (answer(*args) if callable(answer) else answer)
                )
            except BaseException as error:  # noqa: BLE001 - every way an answer can fail is reported
                seconds = clock() - started
                used += seconds
                sequence = _write_board(board, sequence, -1, used, 0.0, 0.0)
                frame = {
                    "i": index,
                    "e": [_classify(error), type(error).__name__, _message_of(error)],
                    "t": seconds,
                }
            else:
                seconds = clock() - started
                used += seconds
                sequence = _write_board(board, sequence, -1, used, 0.0, 0.0)
                frame = {"i": index, "v": value, "t": seconds}
            batch.add(frame)
        batch.close()
        _write_frame(fd, {"end": True, "output": capture.text(), "t": used})
    except BaseException as error:  # noqa: BLE001 - the child must reach os._exit
        code = 70
        try:
            _write_frame(fd, {"fault": f"{type(error).__name__}: {error}"[:300]})
        except BaseException:  # noqa: BLE001
            pass
    finally:
        os._exit(code)


def _write_board(
    board: mmap.mmap, sequence: int, index: int, used: float, started: float, wall: float
) -> int:
    """Publish the answer's time: the sequence number is odd while the record is being written."""
    board[0:8] = struct.pack(">Q", sequence + 1)
    board[8 : _BOARD.size] = _BOARD.pack(0, index, used, started, wall)[8:]
    board[0:8] = struct.pack(">Q", sequence + 2)
    return sequence + 2


def _read_board(board: mmap.mmap) -> tuple[int, float, float, float]:
    """The child's latest complete record (never one torn by a write in progress)."""
    while True:
        before, index, used, started, wall = _BOARD.unpack(board[: _BOARD.size])
        (after,) = struct.unpack(">Q", board[0:8])
        if before == after and before % 2 == 0:
            return index, used, started, wall


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _processor_seconds(pid: int) -> float | None:
    """The processor time a process has used so far (all its threads), read by its parent from
    /proc, where the process cannot change it; None where there is no /proc."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / _TICKS


class _Frames:
    """Length-prefixed frames from a pipe."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = frames.Buffer()
        self.closed = False

    def feed(self) -> bool:
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            self.closed = True
            return False
        self.buffer.feed(chunk)
        return True

    def frames(self) -> Iterator[dict]:
        for payload in self.buffer.frames():
            data = codec.decode(payload)
            if not isinstance(data, dict):
                raise codec.CodecError("a frame that is not a mapping")
            yield data


def _kill(pid: int) -> None:
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass


def _ended(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return status


def _why(status: int) -> str:
    if os.WIFEXITED(status):
        code = os.WEXITSTATUS(status)
        return f"ended the Python process (os._exit({code}) or similar)"
    number = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
    if number == signal.SIGKILL:
        return "was stopped by the system (most often: it used more memory than a check allows)"
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    return f"crashed the Python process ({name})"


def probe(
    answer: Any,
    inputs: Sequence[Any],
    *,
    time_limit: float,
    without: tuple[str, ...] = (),
    build: Callable[[Any], tuple] | None = None,
    call: Callable[..., Any] | None = None,
) -> Iterator[Event]:
    """The events of ``answer`` run on ``inputs`` in a child (see the module's description).

    Closing the iterator early (``close()``, or leaving a ``for`` loop) kills the child.
    """
    board = mmap.mmap(-1, _BOARD.size)
    board.write(_BOARD.pack(0, -1, 0.0, 0.0, 0.0))
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    guard.survey(without)  # the functions the child closes, listed here: the child copies no heap
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # fork with the kernel's threads: safe here
            pid = os.fork()
        if pid == 0:
            os.close(read_end)
            _child(answer, inputs, build, call, tuple(without), board, write_end)  # ends with os._exit
    finally:
        guard.forget_survey()  # in the parent only: the child never gets here
    os.close(write_end)
    frames = _Frames(read_end)
    started = time.monotonic()
    last_index = -1
    answer_started = False
    try:
        while True:
            index, used, call_started, call_wall = _read_board(board)
            now = time.monotonic()
            spent, waited, computed = used, 0.0, 0.0
            if index >= 0:
                processor = _processor_seconds(pid)
                waited = now - call_wall
                computed = (processor - call_started) if processor is not None else waited
                spent += computed
            if spent > time_limit:
                yield TimedOut(index if index >= 0 else last_index + 1, max(spent, 0.0))
                return
            if waited > WALL_FACTOR * time_limit + WALL_MARGIN:
                busy = computed >= BUSY_SHARE * waited  # computing, slowly: a busy machine, not a wait
                if not busy or waited > BUSY_FACTOR * time_limit + BUSY_MARGIN:
                    yield TimedOut(index, max(spent, 0.0), busy=busy)
                    return
            if now - started > WALL_FACTOR * time_limit + OVERHEAD_ALLOWANCE:
                whole = _processor_seconds(pid)
                busy = whole is not None and whole >= BUSY_SHARE * (now - started)
                if not busy or now - started > BUSY_FACTOR * time_limit + OVERHEAD_ALLOWANCE:
                    yield Died(
                        last_index + 1,
                        f"was still being checked after {now - started:.0f} s"
                        if busy
                        else "reading your answer's values back took too long (they are too large)",
                        busy=busy,
                    )
                    return
            wait = max(0.01, min(time_limit - spent, 0.25)) if index >= 0 else 0.25
            ready, _, _ = select.select([read_end], [], [], wait)
            if not ready:
                continue
            if not frames.feed():
                break
            try:
                received = []
                for frame in frames.frames():
                    batch = frame.get("batch")
                    if batch is None:
                        received.append(frame)
                    elif isinstance(batch, list) and all(isinstance(item, dict) for item in batch):
                        received.extend(batch)
                    else:
                        raise codec.CodecError("a damaged batch of values")
            except (codec.CodecError, KeyError, TypeError, ValueError) as error:
                yield Garbled(last_index + 1, str(error))
                return
            for frame in received:
                if frame.get("started") is True and not answer_started:
                    answer_started = True
                    continue
                if "fault" in frame:
                    yield Fault(last_index + 1, str(frame["fault"])[:300], after_answer=answer_started)
                    return
                if frame.get("end"):
                    yield Finished(str(frame.get("output", "")), float(frame.get("t", 0.0)))
                    return
                try:
                    last_index = int(frame["i"])
                    if "e" in frame:
                        kind, name, message = frame["e"]
                        event = Raised(
                            last_index, str(kind), str(name), str(message), float(frame.get("t", 0.0))
                        )
                    else:
                        event = Value(last_index, frame["v"], float(frame.get("t", 0.0)))
                except (KeyError, TypeError, ValueError) as error:
                    yield Garbled(last_index + 1, f"a damaged frame ({error})")
                    return
                yield event
        status = _ended(pid)
        pid = 0
        yield Died(last_index + 1, _why(status))
    finally:
        if pid:
            _kill(pid)  # finished or not: the process group, with anything the answer forked
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        os.close(read_end)
        board.close()
