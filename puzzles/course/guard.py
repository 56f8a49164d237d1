"""What a check's child process puts in place before the student's answer runs.

The child is a fork of the process that asked for the check (the notebook's kernel, or the
grader's runner). It lives only for the check; ``install`` makes it a place where

* the modules an exercise is to be done without cannot be used by the routes an answer has
  when it runs (formative in a student's kernel: see the README): every function defined in
  their files is replaced by one that raises ``PackageReached`` (so a name imported before,
  a helper that calls the package, ``importlib.import_module``, ``__import__``,
  ``sys.modules``, ``exec`` of a string and attribute chains all end there); their caches are
  emptied and their data dropped; a Python audit hook, which nothing can remove, refuses to
  load them again, to open their files, and to reach memory through ``ctypes`` or the
  interpreter's object lists (``gc``);
* no other program can be started (``subprocess``, ``os.system``, ``os.exec*``,
  ``os.posix_spawn``): a check runs the answer alone;
* every process the answer forks dies with its parent (``PR_SET_PDEATHSIG``), and the child
  itself dies with the process that asked for the check, so nothing outlives a check;
* memory is limited (``MEMORY_ALLOWANCE`` above what the kernel already holds).

What it cannot stop: code that was written to defeat this module itself before it ran, or a
compiled extension of the student's own. See the README's "What the checks protect".
"""

from __future__ import annotations

import ctypes
import functools
import gc
import importlib.util
import inspect
import linecache
import os
import resource
import signal
import sys
import types
import weakref
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = [
    "PackageReached",
    "ProgramRefused",
    "close",
    "install",
    "survey",
    "forbidden_files",
    "MEMORY_ALLOWANCE",
]

MEMORY_ALLOWANCE = 2 * 1024**3  # bytes a check may allocate beyond what the process holds
_PR_SET_PDEATHSIG = 1


class PackageReached(Exception):
    """The answer reached a module its exercise is to be done without."""

    def __init__(self, where: str):
        self.where = where + _called_by()
        super().__init__(
            f"this exercise is to be done without the course package, and your answer reached {self.where}"
        )


def _called_by() -> str:
    """ ", which M.F calls": the outermost function of the pack (kept open, such as a class's
    ``__init__``) between the answer and the closed function it reached, so that a refusal names
    what the answer called; "" when the answer called the closed function itself."""
    top = sys.modules.get("puzzles")
    if top is None or not getattr(top, "__file__", None):
        return ""
    folder = str(Path(top.__file__).resolve().parent) + os.sep
    frame = sys._getframe(3)  # _called_by, __init__, the tripwire: then whoever called the tripwire
    outermost = None
    while frame is not None and str(Path(frame.f_code.co_filename).resolve()).startswith(folder):
        outermost = frame
        frame = frame.f_back
    if outermost is None:
        return ""
    module = outermost.f_globals.get("__name__", "")
    qualname = outermost.f_code.co_qualname
    if qualname.endswith(".__init__"):  # the answer made an object of the class
        qualname = qualname.removesuffix(".__init__") + "(...)"
    return f", which {module}.{qualname} calls" if module else f", which {qualname} calls"


class ProgramRefused(Exception):
    """The answer tried to start another program, or to reach past the guard."""


_PRCTL: list = []  # libc's prctl, found before the audit hook refuses ctypes
_GET_OBJECTS = gc.get_objects  # taken at import: a cell that replaces gc's functions changes nothing
_UNFREEZE = gc.unfreeze
_FREEZE = gc.freeze
_SURVEY: list = []  # the functions and caches listed by ``survey`` in the parent, for its child
WHOLE_WALK_EVERY = 32  # surveys between two walks of the whole heap
_SEEN: weakref.WeakSet = weakref.WeakSet()  # every function and cache the surveys have listed
_WALKS = {"since_whole": WHOLE_WALK_EVERY, "other_freeze": False}


def survey(packages: Iterable[str]) -> None:
    """In the process about to fork a check's child: list every function and cache now, for the
    child to close those of ``packages``. Walking the whole heap in the child would touch every
    object and so copy every page of memory the fork shares with its parent; the list holds only
    the functions. ``forget_survey`` drops the list in the parent after the fork.

    A survey walks only the objects made since the one before: each ends by freezing the heap
    (``gc.freeze``), which takes what exists out of gc's object lists, so the next walk meets only
    what is new, and the functions met before are remembered (weakly: a function that dies is
    forgotten). The whole heap is walked again (unfrozen first, so that nothing frozen is left out)
    on the first survey, every ``WHOLE_WALK_EVERY`` surveys (with a collection, so that cyclic
    garbage among frozen objects goes), and after any other ``gc.freeze()`` (the ``gc`` module's
    ``freeze`` notes its calls). A freeze that goes past that name (``freeze`` taken from ``gc``
    before the pack was imported) hides what it froze until the next whole walk: code written
    to defeat this module, as the module's description says."""
    packages = tuple(packages)
    if packages and not _closed_already(packages):
        _SURVEY[:] = [_callables()]


def forget_survey() -> None:
    _SURVEY.clear()


def _noted_freeze() -> None:
    _WALKS["other_freeze"] = True
    _FREEZE()


_noted_freeze.__doc__ = gc.freeze.__doc__
gc.freeze = _noted_freeze  # a freeze of the caller's own: the next survey walks the whole heap


def _functions_among(objects: Iterable) -> list:
    kinds = (types.FunctionType, functools._lru_cache_wrapper)
    return [thing for thing in objects if isinstance(thing, kinds)]


def _callables() -> list:
    """Every function and ``lru_cache`` of this process (``survey``'s list, in a child that has one)."""
    if _SURVEY:
        return _SURVEY[0]
    whole = _WALKS["other_freeze"] or _WALKS["since_whole"] >= WHOLE_WALK_EVERY
    if whole:
        _UNFREEZE()
        gc.collect()  # before the heap is frozen again: what died in a cycle while frozen goes
        _SEEN.clear()
        _WALKS["since_whole"] = 0
    _SEEN.update(_functions_among(_GET_OBJECTS()))
    _FREEZE()
    _WALKS.update(other_freeze=False, since_whole=_WALKS["since_whole"] + 1)
    return list(_SEEN)


def _die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent ends (Linux)."""
    if not _PRCTL:
        try:
            _PRCTL.append(ctypes.CDLL(None, use_errno=True).prctl)
        except (OSError, AttributeError):  # not Linux: the process group is killed instead
            _PRCTL.append(None)
    if _PRCTL[0] is not None:
        _PRCTL[0](_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _limit_memory(allowance: int) -> None:
    try:
        with open("/proc/self/statm") as statm:
            in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return
    limit = in_use + allowance
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):
        pass


def split_names(names: Iterable[str]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The modules (and packages) among ``names``, and the functions: a dotted name whose last part
    is an attribute of a loaded module (``puzzles.trios.model.three_known_rounds``), mapped to it."""
    modules, functions = [], {}
    for name in names:
        parent, _, attribute = name.rpartition(".")
        owner = sys.modules.get(parent)
        if name not in sys.modules and owner is not None and callable(getattr(owner, attribute, None)):
            if not isinstance(getattr(owner, attribute), types.ModuleType):
                functions[name] = getattr(owner, attribute)
                continue
        modules.append(name)
    return tuple(modules), functions


def forbidden_files(packages: Iterable[str]) -> tuple[set[str], set[str]]:
    """The module names (loaded now) and the source files of ``packages`` and their submodules."""
    names, files = set(), set()
    packages = tuple(packages)
    for name, module in list(sys.modules.items()):
        if module is None or not any(name == p or name.startswith(p + ".") for p in packages):
            continue
        names.add(name)
        path = getattr(module, "__file__", None)
        if path:
            files.add(str(Path(path).resolve()))
    for package in packages:  # a package not imported yet: its folder, found without importing it
        top = sys.modules.get("puzzles")
        if top is None or not package.startswith("puzzles."):
            continue
        relative = package.split(".")[1:]
        folder = Path(top.__file__).resolve().parent.joinpath(*relative)
        if folder.is_dir():
            files |= {str(p.resolve()) for p in folder.rglob("*.py")}
        elif folder.with_suffix(".py").is_file():
            files.add(str(folder.with_suffix(".py").resolve()))
    return names, files


_TRIPWIRE_TEMPLATE = """
def _make({free}):
    def tripwire(*_puzzles_arguments, **_puzzles_keywords):  # names no closed function's free variable has
        {touch}
        raise _puzzles_package_reached(_WHERE)
    return tripwire
"""


def _close(function: types.FunctionType, where: str) -> None:
    """Make ``function`` raise ``PackageReached(where)`` whoever calls it, however it was reached."""
    free = function.__code__.co_freevars
    source = _TRIPWIRE_TEMPLATE.format(free=", ".join(free), touch="; ".join(free) if free else "pass")
    source = source.replace("_WHERE", repr(where))
    namespace: dict = {}
    exec(compile(source, "<the course package, closed for this exercise>", "exec"), namespace)
    code = namespace["_make"](*([None] * len(free))).__code__
    function.__code__ = code.replace(co_name=function.__name__, co_qualname=where)
    function.__defaults__ = None
    function.__kwdefaults__ = None


def _where(function: types.FunctionType, files: dict[str, str]) -> str:
    module = files.get(function.__code__.co_filename, "")
    return f"{module}.{function.__qualname__}" if module else function.__qualname__


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _constant(value: Any, depth: int = 0) -> bool:
    """A small immutable value (a cap, a name, a tuple of them): what a kept method may need, and no
    table of results."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, Fraction)):
        return not isinstance(value, (str, bytes)) or len(value) <= 1000
    if isinstance(value, (tuple, frozenset)) and depth < 3 and len(value) <= 64:
        return all(_constant(item, depth + 1) for item in value)
    return False


def _close_package(names: set[str], files: set[str]) -> None:
    """Replace every function of the forbidden files, empty their caches, drop their modules."""
    module_of_file = {}
    for name in names:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        if path:
            module_of_file[str(Path(path).resolve())] = name
    by_filename = {}
    for path in files:
        by_filename[path] = module_of_file.get(path, "")
    # code objects carry the file name as Python saw it when it compiled them
    for name in names:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None)
        if path:
            by_filename[path] = name
    closed: list[types.FunctionType] = []
    for thing in _callables():
        if isinstance(thing, functools._lru_cache_wrapper):
            wrapped = getattr(thing, "__wrapped__", None)
            if isinstance(wrapped, types.FunctionType) and wrapped.__code__.co_filename in by_filename:
                thing.cache_clear()
        elif isinstance(thing, types.FunctionType) and thing.__code__.co_filename in by_filename:
            if _dunder(thing.__name__) and thing.__name__ != "__call__":
                continue  # object plumbing (__init__, __repr__, __eq__): data, not a computation
            closed.append(thing)
    for function in closed:
        _close(function, _where(function, by_filename))
    import builtins

    builtins._puzzles_package_reached = PackageReached  # what every tripwire raises
    for name in names:
        module = sys.modules.get(name)
        if module is None:
            continue
        for key in list(vars(module)):
            value = vars(module)[key]
            if _dunder(key) or callable(value) or isinstance(value, types.ModuleType) or _constant(value):
                continue
            del vars(module)[key]  # cached tables and other mutable data of a closed module
    for path in files:
        linecache.cache.pop(path, None)


def _close_functions(functions: dict[str, Any]) -> set[str]:
    """Close single functions of modules that stay open otherwise (an exercise forbids one solver,
    not its module): each function, what it defined inside it, its cache; its module's file can no
    longer be read (no reload, no copy of the source). Returns that file."""
    files, targets = set(), []
    for where, function in functions.items():
        if hasattr(function, "cache_clear"):
            function.cache_clear()
        plain = inspect.unwrap(function) if callable(function) else function
        if isinstance(plain, types.FunctionType):
            targets.append((plain, where))
            files.add(plain.__code__.co_filename)
    for thing in _callables():
        if isinstance(thing, functools._lru_cache_wrapper):
            wrapped = getattr(thing, "__wrapped__", None)
            if any(wrapped is plain for plain, _ in targets):
                thing.cache_clear()
        elif isinstance(thing, types.FunctionType):
            for plain, where in targets:
                inside = plain.__qualname__ + ".<locals>."
                if thing.__code__.co_filename == plain.__code__.co_filename and thing.__qualname__.startswith(
                    inside
                ):
                    targets.append((thing, f"{where}.<locals>.{thing.__name__}"))
                    break
    import builtins

    builtins._puzzles_package_reached = PackageReached
    for plain, where in targets:
        _close(plain, where)
    resolved = set()
    for path in files:
        linecache.cache.pop(path, None)
        resolved.add(str(Path(path).resolve()))
        cached = importlib.util.cache_from_source(path)
        resolved.add(str(Path(cached).resolve()))
    return resolved


_BLOCKED_EVENTS = (
    "subprocess.Popen",
    "os.system",
    "os.exec",
    "os.posix_spawn",
    "os.spawn",
    "os.startfile",
    "pty.spawn",
)
_REACHING_EVENTS = ("gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._current_frames")


def _audit_hook(names: set[str], files: set[str], folders_of: set[str] | None = None):
    prctl = ctypes.cast(_PRCTL[0], ctypes.c_void_p).value if _PRCTL and _PRCTL[0] is not None else None
    folders = tuple(
        sorted({os.path.dirname(path) + os.sep for path in (files if folders_of is None else folders_of)})
    )
    packages = tuple(names)

    def hook(event: str, args: tuple) -> None:
        if event in _BLOCKED_EVENTS:
            raise ProgramRefused(
                f"your answer tried to start another program ({event}); a check runs your answer alone, "
                "in this Python"
            )
        if not packages:
            return
        if event == "import":
            module = args[0] if args else ""
            if isinstance(module, str) and any(module == p or module.startswith(p + ".") for p in packages):
                raise PackageReached(module)
        elif event == "open":
            path = args[0] if args else None
            if isinstance(path, (str, bytes, os.PathLike)):
                text = os.fsdecode(path)
                try:
                    text = os.path.realpath(text)
                except (OSError, ValueError):
                    pass
                if text in files or (text.endswith(".pyc") and any(text.startswith(f) for f in folders)):
                    raise PackageReached(_module_named(text, packages))
        elif event == "ctypes.call_function" and args and args[0] == prctl:
            return  # dying with the parent, in a process the answer forked
        elif event.startswith("ctypes.") or event in _REACHING_EVENTS:
            raise ProgramRefused(
                f"your answer reached into the interpreter ({event}); this exercise is to be done without "
                "the course package, and a check does not allow that route"
            )

    return hook


def _module_named(path: str, packages: tuple[str, ...]) -> str:
    """The module a file of the package holds (``.../trios/__pycache__/model.cpython-311.pyc``
    is ``puzzles.trios.model``), else the path."""
    parts = Path(path).with_suffix("").parts
    if "puzzles" in parts:
        inner = [p for p in parts[len(parts) - parts[::-1].index("puzzles") - 1 :] if p != "__pycache__"]
        name = ".".join(inner).split(".cpython")[0].removesuffix(".__init__")
        if any(name == p or name.startswith(p + ".") for p in packages):
            return name
    return path


_CLOSED: list[set[str]] = []  # the packages closed in this process so far (one hook covers them)


def _closed_already(packages: tuple[str, ...]) -> bool:
    """Whether this process has closed ``packages`` (a check's child forked from the grader's runner)."""
    return bool(_CLOSED) and set(packages) <= _CLOSED[0]


def close(packages: Iterable[str] = ()) -> None:
    """Close ``packages`` for the rest of this process, and refuse to start other programs.

    Every function defined in their files raises ``PackageReached`` from now on (the modules stay
    importable: a name imported from them is bound, and fails when called); their caches are
    emptied and their data dropped; an audit hook refuses to load them afresh or read their files.
    """
    _die_with_parent()  # resolves prctl before the hook refuses ctypes
    if not _CLOSED:
        os.register_at_fork(after_in_child=_die_with_parent)  # what this process forks dies with it
    packages = tuple(packages)
    if _closed_already(packages):
        return
    modules, functions = split_names(packages)
    names, files = forbidden_files(modules)
    if names or files:
        _close_package(names, files)
    module_files = set(files)
    if functions:
        files |= _close_functions(functions)
    sys.addaudithook(_audit_hook(names | set(functions), files, module_files))
    _CLOSED[:] = [set(packages) | (_CLOSED[0] if _CLOSED else set())]


def install(without: Iterable[str] = (), memory: int = MEMORY_ALLOWANCE) -> None:
    """Put a check child's protections in place (see the module's description). Call once, in the child."""
    _die_with_parent()
    _limit_memory(memory)
    close(without)
