"""The hand-in runner: the one process where a student's code runs while it is graded.

    python -m puzzles.instructor.grading.runner   (started by the grader in a sandbox, never by hand)

The grader starts one runner per group of a hand-in's exercises (the exercises that close the
same modules), each in a sandbox of its own (``sandbox``), and sends it one instruction (JSON,
on standard input): the lesson's first code cell, the cells of the hand-in to run (with their
places), the group's exercises and the cell before which each answer is taken, the modules to
close, the hand-in's seed, and the source of the closed modules (their files are not in the
sandbox). The runner

1. serves the closed modules from memory (``_FromMemory``), writes a closed unit's data where
   the pack's code reads it, and builds each exercise's inputs before any student code runs,
   taking a snapshot of the machinery it relies on (``integrity``);
2. runs the lesson's first code cell, then closes the modules the exercises forbid, for the
   whole process (``guard.close``), forgets their source and deletes their data: from then on
   nothing in the sandbox (a cell, a hook, a thread, another program) can compute with them;
3. runs the cells in order with IPython, and, where an exercise's check cell stood, evaluates
   the answer then bound to its name: a ``probe`` child calls it on the exercise's inputs and
   the events come back as plain data, relayed to the grader as they come;
4. reports every cell that starts, fails or ends, and anything that changed the machinery.

It decides no verdict: the grader judges the relayed values in its own process. What the
runner reports is read as untrusted plain data, and only from the group the grader is running.
"""

from __future__ import annotations

import builtins
import hashlib
import importlib
import importlib.abc
import importlib.util
import json
import os
import pickle
import re
import select
import shutil
import sys
import types
from typing import Any

from puzzles.course import checker, codec, frames, guard, probe

__all__ = ["main", "run", "Channel", "integrity_snapshot", "changed_since", "case_digest", "CHANNEL_ENV"]

CHANNEL_ENV = "PUZZLES_RUNNER_FD"  # the descriptor the runner reports on


class Channel:
    """Length-prefixed plain-data frames to the grader."""

    def __init__(self, fd: int):
        self.fd = fd
        self._write = frames.write  # taken before any student code runs
        self._encode = codec.encode

    def send(self, **data: Any) -> None:
        self._write(self.fd, self._encode(data).encode("ascii"))


def case_digest(exercise_id: str, seed: int | None = None) -> str:
    """A fingerprint of an exercise's inputs (public and, with ``seed``, hidden): the grader and
    the runner must agree on them."""
    plan = checker.registration(exercise_id).plan(seed)
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
    "puzzles.course.frames",
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


def _read_frame(fd: int) -> dict:
    data = json.loads(frames.read(fd))
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
    except (EOFError, ValueError):
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


class _FromMemory(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The closed modules, served from the source the grader sent (their files are not in the
    sandbox), until ``forget``: then this finder finds nothing."""

    def __init__(self, modules: dict[str, list]):
        self.modules = {
            str(name): (str(f), str(source), bool(package)) for name, (f, source, package) in modules.items()
        }

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name not in self.modules:
            return None
        filename, _, package = self.modules[name]
        spec = importlib.util.spec_from_loader(name, self, origin=filename, is_package=package)
        spec.has_location = True  # __file__ names where the file would be: the pack's code finds its data
        if package:
            spec.submodule_search_locations = [os.path.dirname(filename)]
        return spec

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        filename, source, _ = self.modules[module.__spec__.name]
        exec(compile(source, filename, "exec", dont_inherit=True), module.__dict__)

    def forget(self) -> None:
        self.modules.clear()


def _write_data(data: dict[str, str]) -> list[str]:
    """A closed unit's data files, written where its code reads them; the folders written."""
    import base64

    tops = set()
    for path, encoded in data.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as stream:
            stream.write(base64.b64decode(encoded))
        tops.add(os.path.join("/", *path.split("/")[1:4]))
    return sorted(tops)


def _remove_data(folders: list[str]) -> None:
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
        if os.path.exists(folder):
            raise RuntimeError(f"the closed data in {folder} could not be removed")


def _not_dumpable() -> None:
    """No other process (a program a cell starts by a route the audit hook does not see) may read
    this one's memory, which may still hold freed bytes of the closed modules' source."""
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass


_OWN_MEMORY = re.compile(r"^/proc/(self|thread-self|\d+)(/task/\d+)?/(mem|pagemap|map_files(/.*)?)$")


def _refuse_own_memory(event: str, args: tuple) -> None:
    """An audit hook (it cannot be removed): this process's own memory is not read through /proc."""
    if event != "open" or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.fsdecode(args[0])
    if os.path.basename(path) in ("mem", "pagemap") or _OWN_MEMORY.match(os.path.realpath(path)):
        raise PermissionError(f"the grader's runner does not let a cell read its memory ({path})")


def run(instruction: dict, channel: Channel) -> None:
    """Run one group of the hand-in's exercises as instructed (see the module's description)."""
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    group, number = instruction["group"], int(instruction.get("index", 0))
    finder = _FromMemory(instruction.pop("modules", None) or {})
    if finder.modules:
        sys.meta_path.insert(0, finder)
    written = _write_data(instruction.pop("data", None) or {})
    seed = instruction.get("seed")  # the hand-in's hidden cases are drawn with it
    inputs = {}  # each exercise's arguments, built by the pack before any student code runs
    for exercise in group["exercises"]:
        plan = checker.registration(exercise["id"]).plan(seed)
        inputs[exercise["id"]] = [plan.build(case) if plan.build else case for _, case in plan.cases()]
    channel.send(kind="cases", digests={e["id"]: case_digest(e["id"], seed) for e in group["exercises"]})
    config = Config()
    config.HistoryManager.enabled = False  # no history thread, no database
    shell = InteractiveShell.instance(config=config)
    channel.send(kind="group", index=number, state="start")
    first = instruction.get("first", "")
    if first:
        _run_cell(channel, shell, -1, first, history=False)
    _not_dumpable()
    guard.close(tuple(group.get("without", ())))  # and no other program starts from here on
    sys.addaudithook(_refuse_own_memory)
    finder.forget()
    _remove_data(written)
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
    channel.send(kind="group", index=number, state="end")
    channel.send(kind="end")


def main() -> int:
    os.environ.setdefault("MPLBACKEND", "Agg")
    fonts = os.environ.pop("PUZZLES_MATPLOTLIB_FONTS", "")
    config = os.environ.get("MPLCONFIGDIR", "")
    if fonts and config and os.path.isdir(fonts):  # matplotlib's font list, made once by the grader
        shutil.copytree(fonts, config, dirs_exist_ok=True)
    os.environ.setdefault("IPYTHONDIR", os.path.join(os.getcwd(), ".ipython"))
    channel = Channel(int(os.environ.pop(CHANNEL_ENV)))
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
