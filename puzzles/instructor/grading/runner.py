"""The hand-in runner: the one process where a student's code runs while it is graded.

    python -m puzzles.instructor.grading.runner --serve   (started by the grader, never by hand)

The grader sends one instruction (plain data, on standard input): the lesson's first code
cell, the cells of the hand-in to run (with their places), the exercises to evaluate and the
cell before which each answer is taken, and the modules to close. The runner

1. imports the checker, the exercises' plans and their cases before any student code runs,
   and takes a snapshot of the machinery it relies on (``integrity``);
2. runs the lesson's first code cell, then closes the modules the exercises forbid, for the
   whole process (``guard.close``): from then on nothing in it (a cell, a hook, a thread)
   can compute with them;
3. runs the cells in order with IPython, and, where an exercise's check cell stood, evaluates
   the answer then bound to its name: a ``probe`` child calls it on the exercise's inputs and
   the events come back as plain data, relayed to the grader as they come;
4. reports every cell that starts, fails or ends, and anything that changed the machinery.

It decides no verdict: the grader judges the relayed values in its own process. What the
runner reports is read as untrusted plain data.

The grader starts one runner server per worker (``serve``), in namespaces of its own: it imports
IPython, the scientific stack and every unit's checks once, and runs no student code itself.
For each hand-in it receives, on its control socket, the hand-in's folder, limits and the two
pipes (instructions in, reports out), forks, and the fork is the runner above, in a session of
its own, with the memory limit and the folder as its home. When the fork ends, the server kills
whatever the hand-in left behind (every other process of its namespace) and says "done". A
hand-in that must be stopped early is stopped with the whole server, which the grader then
starts again.
"""

from __future__ import annotations

import builtins
import hashlib
import importlib
import json
import os
import pickle
import select
import struct
import sys
import types
from typing import Any

from puzzles.course import checker, codec, guard, probe

__all__ = ["main", "Channel", "integrity_snapshot", "changed_since", "case_digest"]

_FRAME = struct.Struct(">I")
CHANNEL_ENV = "PUZZLES_RUNNER_FD"  # the descriptor the grader reads the runner's reports from


class Channel:
    """Length-prefixed plain-data frames to the grader."""

    def __init__(self, fd: int):
        self.fd = fd
        self._write = os.write  # taken before any student code runs
        self._encode = codec.encode

    def send(self, **data: Any) -> None:
        payload = self._encode(data).encode("ascii")
        view = memoryview(_FRAME.pack(len(payload)) + payload)
        while view:
            view = view[self._write(self.fd, view) :]


def case_digest(exercise_id: str) -> str:
    """A fingerprint of an exercise's inputs: the grader and the runner must agree on them."""
    plan = checker.registration(exercise_id).plan()
    text = codec.encode([case for _, case in plan.cases()])
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


# -- what must not change while the student's cells run ---------------------------------------------

_WATCHED = {
    "builtins.__import__": lambda: builtins.__import__,
    "importlib.import_module": lambda: importlib.import_module,
    "importlib.reload": lambda: importlib.reload,
    "json.dumps": lambda: json.dumps,
    "json.loads": lambda: json.loads,
    "pickle.dumps": lambda: pickle.dumps,
    "pickle.loads": lambda: pickle.loads,
    "os.fork": lambda: os.fork,
    "os.write": lambda: os.write,
    "os.read": lambda: os.read,
    "os.pipe": lambda: os.pipe,
    "sys.meta_path": lambda: tuple(sys.meta_path),
    "sys.path_hooks": lambda: tuple(sys.path_hooks),
}
_OWN_MODULES = (
    "puzzles.course.checker",
    "puzzles.course.probe",
    "puzzles.course.guard",
    "puzzles.course.codec",
    "puzzles.instructor.grading.runner",
)


def _module_state(name: str) -> dict[str, Any]:
    module = sys.modules.get(name)
    if module is None:
        return {}
    state = {}
    for key, value in vars(module).items():
        state[key] = value
        if isinstance(value, types.FunctionType):
            state[key + ".__code__"] = value.__code__
    return state


def integrity_snapshot() -> dict[str, Any]:
    """What the runner relies on, as it is now (taken before the first student cell)."""
    snapshot = {name: get() for name, get in _WATCHED.items()}
    for module in _OWN_MODULES:
        for key, value in _module_state(module).items():
            snapshot[f"{module}.{key}"] = value
    return snapshot


def changed_since(snapshot: dict[str, Any]) -> list[str]:
    """The names in ``snapshot`` whose objects were replaced since."""
    now = integrity_snapshot()

    def same(before: Any, after: Any) -> bool:
        if isinstance(before, tuple) and isinstance(after, tuple):  # the import machinery's lists
            return len(before) == len(after) and all(a is b for a, b in zip(before, after, strict=True))
        return before is after

    changed = [name for name, value in snapshot.items() if not same(value, now.get(name, _MISSING))]
    return sorted(name.removesuffix(".__code__") for name in changed)


_MISSING = object()


# -- the run --------------------------------------------------------------------------------------------


def _event_data(event: probe.Event) -> dict[str, Any]:
    data = {"type": type(event).__name__}
    data.update(vars(event))
    return data


def _evaluate(channel: Channel, shell: Any, exercise: dict, snapshot: dict[str, Any], inputs: list) -> None:
    exercise_id, name = exercise["id"], exercise["answer"]
    changed = changed_since(snapshot)
    if changed:
        channel.send(kind="exercise", id=exercise_id, state="tampered", changed=changed[:12])
        return
    namespace = shell.user_ns
    if name not in namespace:
        channel.send(kind="exercise", id=exercise_id, state="missing")
        return
    answer = namespace[name]
    if checker.is_stub(answer):
        channel.send(kind="exercise", id=exercise_id, state="stub")
        return
    entry = checker.registration(exercise_id)
    plan = entry.plan()
    channel.send(kind="exercise", id=exercise_id, state="evaluating")
    events = probe.probe(answer, inputs, time_limit=entry.time_limit, without=entry.without, call=plan.call)
    try:
        for event in events:
            channel.send(kind="event", id=exercise_id, event=_event_data(event))
            if _skip_requested(exercise_id):
                break
    finally:
        events.close()
    channel.send(kind="exercise", id=exercise_id, state="evaluated")


def _read_exactly(fd: int, size: int) -> bytes:
    data = bytearray()
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            raise EOFError("the grader closed the instructions")
        data += chunk
    return bytes(data)


def _read_frame(fd: int) -> dict:
    (size,) = _FRAME.unpack(_read_exactly(fd, _FRAME.size))
    data = codec.decode(_read_exactly(fd, size))
    if not isinstance(data, dict):
        raise ValueError("an instruction that is not a mapping")
    return data


def _skip_requested(exercise_id: str) -> bool:
    """Whether the grader asked to stop checking ``exercise_id`` (its verdict is settled)."""
    ready, _, _ = select.select([0], [], [], 0)
    if not ready:
        return False
    try:
        return _read_frame(0).get("skip") == exercise_id
    except (EOFError, ValueError, codec.CodecError):
        return True


def _run_cell(channel: Channel, shell: Any, index: int, source: str, history: bool = True) -> None:
    channel.send(kind="cell", index=index, state="start")
    result = shell.run_cell(source, store_history=history)
    error = result.error_before_exec or result.error_in_exec
    if error is not None:
        channel.send(
            kind="cell", index=index, state="error", ename=type(error).__name__, evalue=str(error)[:300]
        )
    channel.send(kind="cell", index=index, state="done")


def _run_group(channel: Channel, shell: Any, group: dict, inputs: dict[str, list]) -> None:
    """One group of exercises, in a fork made before any student code ran: close the group's
    modules for the whole process, run the cells, evaluate each answer where its check stood."""
    guard.close(tuple(group.get("without", ())))  # and no other program starts from here on
    snapshot = integrity_snapshot()  # after the closing, which replaces the closed functions
    by_anchor: dict[int | None, list[dict]] = {}
    for exercise in group["exercises"]:
        by_anchor.setdefault(exercise.get("anchor"), []).append(exercise)
    for index, source in group["cells"]:
        for anchor in sorted(a for a in by_anchor if a is not None and a <= index):
            for exercise in by_anchor.pop(anchor):  # answers taken where their check cells stood
                _evaluate(channel, shell, exercise, snapshot, inputs[exercise["id"]])
        _run_cell(channel, shell, index, source)
    for anchor in sorted(by_anchor, key=lambda a: (a is None, a or 0)):
        for exercise in by_anchor[anchor]:
            _evaluate(channel, shell, exercise, snapshot, inputs[exercise["id"]])


def run(instruction: dict, channel: Channel) -> None:
    """Run the hand-in's cells as instructed (see the module's description)."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    groups = instruction["groups"]
    exercises = [exercise for group in groups for exercise in group["exercises"]]
    inputs = {}  # each exercise's arguments, built by the pack before any student code runs
    for exercise in exercises:
        plan = checker.registration(exercise["id"]).plan()
        inputs[exercise["id"]] = [plan.build(case) if plan.build else case for _, case in plan.cases()]
    channel.send(kind="cases", digests={e["id"]: case_digest(e["id"]) for e in exercises})
    config = Config()
    config.HistoryManager.enabled = False  # no history thread, no database: the runner forks
    shell = InteractiveShell.instance(config=config)
    first = instruction.get("first", "")
    if first:
        _run_cell(channel, shell, -1, first, history=False)
    for number, group in enumerate(groups):
        channel.send(kind="group", index=number, state="start")
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                _run_group(channel, shell, group, inputs)
                channel.send(kind="group", index=number, state="end")
            except BaseException as error:  # noqa: BLE001 - reported, then this fork ends
                code = 1
                try:
                    channel.send(kind="crash", what=f"{type(error).__name__}: {error}"[:300])
                except BaseException:  # noqa: BLE001
                    pass
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
            why = (
                f"signal {os.WTERMSIG(status)}"
                if os.WIFSIGNALED(status)
                else f"exit status {os.WEXITSTATUS(status)}"
            )
            channel.send(kind="group", index=number, state="died", why=why)
    channel.send(kind="end")


PRELOAD = (
    "numpy",
    "pandas",
    "scipy.optimize",
    "matplotlib.pyplot",
    "ipywidgets",
    "IPython.core.interactiveshell",
    "traitlets.config",
)
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_CHILD_SUBREAPER = 1, 4, 36


def prctl(option: int, value: int) -> None:
    """``prctl(2)`` where the system has it (Linux); nothing elsewhere."""
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _preload() -> None:
    """Import what every hand-in needs, once: the scientific stack and every unit's checks."""
    import pkgutil

    import puzzles

    os.environ.setdefault("MPLBACKEND", "Agg")
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    for unit in pkgutil.iter_modules(puzzles.__path__):
        if unit.ispkg and unit.name not in ("course", "instructor"):
            try:
                importlib.import_module(f"puzzles.{unit.name}.exercises")
            except ImportError:
                pass


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, read from /proc (none where there is no /proc)."""
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found


def _leave_nothing_behind() -> None:
    """Kill and reap every process the hand-in left (they were adopted by this server)."""
    import signal

    for _ in range(50):
        if os.getpid() == 1:  # the namespace's first process: every other one in it goes
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for child in children_of(os.getpid()):
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                break
        if not children_of(os.getpid()):
            return
        select.select([], [], [], 0.02)


def _handin(header: dict, fds: list[int]) -> None:
    """In the fork: become the hand-in's runner (``main``) with its pipes, folder and limits."""
    import resource
    import signal

    instructions, reports, errors = fds
    os.setsid()
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    os.dup2(instructions, 0)
    os.dup2(errors, 2)
    os.close(instructions)
    os.close(errors)
    os.chdir(header["work"])
    os.environ.update(header["env"])
    os.environ[CHANNEL_ENV] = str(reports)
    memory = int(header["memory"])
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ValueError, OSError):
        pass
    os._exit(main())


_CLONE_NEWNS, _CLONE_NEWPID = 0x00020000, 0x20000000
_MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 2, 4, 8
_NO_NAMESPACE = 99  # the runner could not make its own process namespace: run without one


def _own_namespace() -> bool:
    """In a server that is the first process of its namespace: give the coming fork a process
    namespace of its own (and a mount namespace for its /proc), so that the hand-in's runner is
    the first process there, out of reach of the signals its cells send, and everything it
    starts ends with it."""
    import ctypes

    if os.getppid() != 1:  # the server is not the first process of a namespace: no isolation
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.unshare(_CLONE_NEWPID | _CLONE_NEWNS) == 0


def _mount_proc() -> bool:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    flags = _MS_NOSUID | _MS_NODEV | _MS_NOEXEC
    return libc.mount(b"proc", b"/proc", b"proc", flags, None) == 0


def _run_handin(header: dict, fds: list[int]) -> None:
    """In the server's fork: run the hand-in, as the first process of a namespace of its own
    where the system allows (this fork waits for it), else here."""
    import signal

    if _own_namespace():
        pid = os.fork()
        if pid == 0:
            if not _mount_proc():
                os._exit(_NO_NAMESPACE)
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            _handin(header, fds)
        _, status = os.waitpid(pid, 0)  # this fork keeps the pipes open until the runner ends
        if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == _NO_NAMESPACE):
            os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
    _handin(header, fds)


def serve(control_fd: int) -> int:
    """The runner server's loop (see the module's description)."""
    import signal
    import socket

    prctl(PR_SET_DUMPABLE, 0)  # a hand-in may not trace or read this process
    prctl(PR_SET_CHILD_SUBREAPER, 1)  # what a hand-in leaves behind comes to this process
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control = socket.socket(fileno=control_fd)
    _preload()
    control.sendall(b"ready\n")
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 1 << 16, 3)
        except OSError:
            return 0
        if not message:
            return 0
        header = json.loads(message.decode("utf-8"))
        pid = os.fork()
        if pid == 0:
            control.close()
            try:
                _run_handin(header, fds)
            finally:
                os._exit(70)
        for fd in fds:
            os.close(fd)
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = 0
        _leave_nothing_behind()
        control.sendall(f"done {status}\n".encode("ascii"))


def main() -> int:
    os.environ.setdefault("MPLBACKEND", "Agg")
    os.environ["IPYTHONDIR"] = os.path.join(os.getcwd(), ".ipython")
    channel = Channel(int(os.environ[CHANNEL_ENV]))
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # what the cells print goes nowhere; their errors are reported
    os.dup2(devnull, 2)
    try:
        run(_read_frame(0), channel)
    except BaseException as error:  # noqa: BLE001 - reported, then the process ends
        try:
            channel.send(kind="crash", what=f"{type(error).__name__}: {error}"[:300])
        except OSError:
            pass
        return 1
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        os._exit(serve(int(sys.argv[2])))
    os._exit(main())
