"""The hand-in runner: the one process where a student's code runs while it is graded.

    python -m puzzles.instructor.grading.runner      (started by the grader, never by hand)

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
    os._exit(main())
