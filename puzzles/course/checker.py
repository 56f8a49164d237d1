"""The exercise checker: ``check("egg-3", answer)`` prints a verdict.

Each unit registers its exercises in ``puzzles/<unit>/exercises.py`` with the ``exercise``
decorator. An exercise id is ``"<unit>-<number>"``; the checker imports the unit's
``exercises`` module on first use (``"higher-lower-2"`` -> ``puzzles.higher_lower.exercises``),
so this module never imports a unit itself.

A verifier receives the student's answer and returns ``(passed, message)``: what was verified
and on which range, or the smallest counterexample. The checker around it makes the verdict
honest and safe:

* a stub answer (``...``, ``None``, or a function whose body is only ``...``) gets
  ``not attempted yet`` without calling the verifier; nothing else does;
* an exercise registered with ``without="puzzles.egg"`` refuses an answer whose code reaches
  that package (directly, through a helper the student wrote, or through a closure);
* the verifier runs in a forked child process with a time limit (stated in the verdict), a
  memory limit and a cap on printed output, so a slow, looping or memory-hungry answer gets
  "Not yet: your answer took longer than 5 s (at k = 1234)" and the kernel stays alive;
* an exception raised by the student's function is reported with the input that caused it;
  an exception raised anywhere else (a damaged data file, say) is reported as the pack's
  fault, never as the student's.

Where ``os.fork`` is missing (Windows) the verifier runs in the kernel itself, without a
time limit.
"""

from __future__ import annotations

import ast
import dis
import functools
import importlib
import inspect
import io
import mmap
import numbers
import os
import pickle
import re
import resource
import select
import signal
import sys
import textwrap
import time
import types
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "Verdict",
    "Exercise",
    "AnswerError",
    "PackFault",
    "exercise",
    "check",
    "verify",
    "is_stub",
    "first_disagreement",
    "registered",
    "registration",
    "counterexample_place",
    "package_used",
    "whole",
    "exact_number",
    "set_of_whole",
    "boolean",
    "DEFAULT_TIME_LIMIT",
    "OUTPUT_CAP",
]

DEFAULT_TIME_LIMIT = 5.0  # seconds a check gives the student's answer, unless the exercise says
VERDICT_WIDTH = 90  # characters a printed verdict's line holds (JupyterLab shows about 100)
OUTPUT_CAP = 2000  # characters of the answer's printed output shown with the verdict
MEMORY_ALLOWANCE = 2 * 1024**3  # bytes the check may allocate beyond what the kernel holds


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``status`` is "correct", "incorrect" or "not attempted"."""

    exercise_id: str
    status: str
    message: str
    output: str = ""  # what the answer printed while it was checked (capped)

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        mark = {
            "correct": "Correct",
            "incorrect": "Not yet",
            "not attempted": "Not attempted yet",
            "check failed": "This check could not run",
        }
        return f"{mark[self.status]} ({self.exercise_id}): {self.message}"


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its verifier and how the checker runs it.

    ``names`` names the answer's arguments in messages (``"k"``, ``"n, k"``); ``time_limit``
    is the seconds the whole check may take; ``without`` lists packages the answer must not
    use; ``prepare`` runs before the time starts (to fill the verifier's caches).
    """

    exercise_id: str
    verifier: Callable[[Any], tuple[bool, str]]
    names: str = ""
    time_limit: float = DEFAULT_TIME_LIMIT
    without: tuple[str, ...] = ()
    prepare: Callable[[], Any] | None = None
    summary: dict[str, str] = field(default_factory=dict)
    giveaways: tuple[str, ...] = ()
    on_timeout: str = ""


class AnswerError(Exception):
    """The student's function raised; carries the input it was called with."""

    def __init__(self, place: str, error: BaseException):
        self.place, self.error = place, error
        super().__init__(f"your answer raised {type(error).__name__}: {error} (at {place})")


class PackFault(Exception):
    """A fault of the course pack itself (a damaged or missing data file): never the student's."""


_PACK_FAULTS: tuple[type[BaseException], ...] = (PackFault, OSError, EOFError)


class _TimeUp(BaseException):
    """Raised by the in-kernel alarm where there is no fork (never caught by student code's
    ``except Exception``)."""


_REGISTRY: dict[str, Exercise] = {}


def exercise(
    exercise_id: str,
    *,
    names: str = "",
    time_limit: float = DEFAULT_TIME_LIMIT,
    without: str | Iterable[str] = (),
    prepare: Callable[[], Any] | None = None,
    asks: str = "",
    verifies: str = "",
    giveaways: Iterable[str] = (),
    on_timeout: str = "",
) -> Callable:
    """Register ``verifier(answer) -> (passed, message)`` under ``exercise_id``.

    ``asks`` and ``verifies`` are one line each for the pack's table of exercises: what the
    exercise asks for, and what the check verifies on which range. ``giveaways`` are short
    texts that would give the answer away (``"m1 = 5"``); a test asserts that none of them
    appears above the exercise's check in the student edition. ``on_timeout`` is a sentence
    added to the verdict when the answer runs out of time ("This check goes on to k = 10**15,
    where no loop over k can go: the exercise asks for a formula.").
    """
    packages = (without,) if isinstance(without, str) else tuple(without)

    def register(verifier: Callable[[Any], tuple[bool, str]]) -> Callable:
        known = _REGISTRY.get(exercise_id)
        if known is not None and known.verifier is not verifier:
            raise ValueError(f"exercise {exercise_id!r} is registered twice")
        _REGISTRY[exercise_id] = Exercise(
            exercise_id,
            verifier,
            names=names,
            time_limit=float(time_limit),
            without=packages,
            prepare=prepare,
            summary={"asks": asks, "verifies": verifies},
            giveaways=tuple(giveaways),
            on_timeout=on_timeout,
        )
        return verifier

    return register


def registered() -> list[str]:
    """Every exercise id registered so far (units register theirs on import)."""
    return sorted(_REGISTRY, key=_sort_key)


def _sort_key(exercise_id: str) -> tuple[str, int]:
    unit, _, number = exercise_id.rpartition("-")
    return unit, int(number) if number.isdigit() else 0


def _unit_module(exercise_id: str) -> str:
    if not isinstance(exercise_id, str):
        raise ValueError(f"an exercise id is a string like 'egg-3', got {exercise_id!r}")
    unit, _, number = exercise_id.rpartition("-")
    if not unit or not number:
        raise ValueError(f"an exercise id looks like 'egg-3', got {exercise_id!r}")
    return f"puzzles.{unit.replace('-', '_')}.exercises"


def registration(exercise_id: str) -> Exercise:
    """The registered exercise ``exercise_id`` (importing its unit's checks on first use)."""
    if exercise_id not in _REGISTRY:
        try:
            importlib.import_module(_unit_module(exercise_id))
        except ModuleNotFoundError:
            pass
    if exercise_id not in _REGISTRY:
        raise ValueError(f"there is no exercise {exercise_id!r}; known ones: {', '.join(registered())}")
    return _REGISTRY[exercise_id]


# -- stubs ---------------------------------------------------------------------------------


def _stub_codes() -> set[bytes]:
    def stub(*args, **kwargs): ...

    def documented_stub(*args, **kwargs):
        """A docstring."""
        ...

    def passing_stub(*args, **kwargs):
        pass

    return {stub.__code__.co_code, documented_stub.__code__.co_code, passing_stub.__code__.co_code}


def _body_is_only_dots(function: types.FunctionType) -> bool | None:
    """Whether the function's source body is only ``...`` or ``pass``; None without source."""
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None  # a lambda or something unusual: decide by the bytecode
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        if isinstance(body[0].value.value, str):
            body = body[1:]  # the docstring
    return len(body) == 1 and (
        isinstance(body[0], ast.Pass)
        or (isinstance(body[0], ast.Expr) and getattr(body[0].value, "value", None) is Ellipsis)
    )


def is_stub(answer: Any) -> bool:
    """True for ``...``, ``None`` and a function whose body is only ``...`` or ``pass``.

    A function that returns None on purpose (``return None``) is an answer, not a stub: where
    the source is known the body is read, not only the bytecode.
    """
    if answer is None or answer is Ellipsis:
        return True
    if isinstance(answer, types.FunctionType):
        if answer.__name__ == "<lambda>":
            return False  # the student edition's stubs are always ``def``
        code = answer.__code__
        constants = set(code.co_consts) - {answer.__doc__}
        if not (code.co_code in _stub_codes() and constants <= {None, Ellipsis}):
            return False
        by_source = _body_is_only_dots(answer)
        return True if by_source is None else by_source
    return False


# -- "without the package" -------------------------------------------------------------------


def _module_of(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return value.__name__
    return getattr(value, "__module__", None) or ""


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def package_used(answer: Any, packages: str | Iterable[str]) -> str | None:
    """The first object from ``packages`` that ``answer``'s code can reach, or None.

    Follows the global names and closures of the answer's code (nested functions and
    comprehensions included) and, recursively, of every function or class the student wrote.
    ``"laplace_trials (puzzles.egg.model)"`` names what was found.
    """
    packages = (packages,) if isinstance(packages, str) else tuple(packages)
    seen: set[int] = set()

    def codes(code: types.CodeType) -> Iterable[types.CodeType]:
        yield code
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                yield from codes(constant)

    def forbidden_below(module: types.ModuleType, attributes: set[str], depth: int = 0) -> str | None:
        """``import puzzles.higher_lower as hl`` then ``hl.solve``: what the code's attribute
        names reach inside a module (and its submodules, for ``puzzles.egg.model.W``)."""
        if depth > 6:
            return None
        for package in packages:  # a submodule not imported yet: judged by the names alone
            if package.startswith(module.__name__ + "."):
                path = package[len(module.__name__) + 1 :].split(".")
                if all(part in attributes for part in path):
                    return package
        for name in sorted(attributes):
            try:
                found = inspect.getattr_static(module, name)
            except AttributeError:
                continue
            if isinstance(found, types.ModuleType):
                if _inside(found.__name__, packages):
                    return found.__name__
                if found.__name__.startswith(module.__name__ + "."):
                    if (hit := forbidden_below(found, attributes, depth + 1)) is not None:
                        return hit
            elif (hit := reach(found, depth + 1)) is not None:
                return hit
        return None

    def reach(value: Any, depth: int) -> str | None:
        if id(value) in seen or depth > 50:
            return None
        seen.add(id(value))
        if isinstance(value, functools.partial):
            for part in (value.func, *value.args, *value.keywords.values()):
                if (hit := reach(part, depth + 1)) is not None:
                    return hit
            return None
        module = _module_of(value)
        if _inside(module, packages):
            name = getattr(value, "__name__", type(value).__name__)
            return f"{name} ({module})" if name != module else module
        if isinstance(value, (types.MethodType, staticmethod, classmethod)):
            return reach(value.__func__, depth + 1)
        if not isinstance(value, type):
            try:
                wrapped = inspect.getattr_static(value, "__wrapped__", None)
            except Exception:  # an object that refuses attribute lookups
                wrapped = None
            if wrapped is not None:  # functools.cache, lru_cache, wraps: look at what they wrap
                return reach(wrapped, depth + 1)
        if isinstance(value, type):
            if module in ("builtins", "fractions", "math", "collections", "functools", "itertools"):
                return None
            for attribute in vars(value).values():
                if (hit := reach(attribute, depth + 1)) is not None:
                    return hit
            return None
        if not isinstance(value, types.FunctionType):
            return None
        globals_ = value.__globals__
        for code in codes(value.__code__):
            attributes = set(code.co_names)
            for instruction in dis.get_instructions(code):
                if instruction.opname not in ("LOAD_GLOBAL", "LOAD_NAME"):
                    continue
                name = instruction.argval
                if name not in globals_:
                    continue
                found = globals_[name]
                if isinstance(found, types.ModuleType) and (hit := forbidden_below(found, attributes)):
                    return hit
                if (hit := reach(found, depth + 1)) is not None:
                    return hit
        for cell in value.__closure__ or ():
            try:
                contents = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if isinstance(contents, types.ModuleType) and (
                hit := forbidden_below(contents, set(value.__code__.co_names))
            ):
                return hit
            if (hit := reach(contents, depth + 1)) is not None:
                return hit
        for default in (*(value.__defaults__ or ()), *(value.__kwdefaults__ or {}).values()):
            if (hit := reach(default, depth + 1)) is not None:
                return hit
        return None

    return reach(answer, 0)


# -- value kinds -------------------------------------------------------------------------------
# Each returns None for a value of the kind asked, or a sentence saying what is wrong with it.


def _shown(value: Any, limit: int = 120) -> str:
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ in the student's object
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole(value: Any) -> str | None:
    """An integer (numpy integers too); not a bool, not a float that happens to be whole."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return None
    if isinstance(value, float):
        return f"{_shown(value)} is a float; an exact integer is asked (use //, not /, or int arithmetic)"
    return f"{_shown(value)} is a {type(value).__name__}; an integer is asked"


def exact_number(value: Any) -> str | None:
    """An integer or a ``Fraction``; floats are refused (they cannot be exact)."""
    if isinstance(value, (numbers.Integral, Fraction)) and not isinstance(value, bool):
        return None
    if isinstance(value, float):
        return f"{_shown(value)} is a float; an exact value is asked (use fractions.Fraction)"
    return f"{_shown(value)} is a {type(value).__name__}; a Fraction or an integer is asked"


def set_of_whole(value: Any) -> str | None:
    """A set (or frozenset, range, list, tuple) of integers."""
    if not isinstance(value, (set, frozenset, range, list, tuple)):
        return f"{_shown(value)} is a {type(value).__name__}; a set of integers is asked"
    for element in value:
        if (problem := whole(element)) is not None:
            return f"it contains {problem}"
    return None


def boolean(value: Any) -> str | None:
    """True or False (numpy bools too)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    return f"{_shown(value)} is a {type(value).__name__}; True or False is asked"


def _comparable(value: Any) -> Any:
    """Sets given as lists, tuples or ranges compare as sets."""
    if isinstance(value, (frozenset, range, list, tuple)):
        return set(value)
    return value


def first_disagreement(
    answer: Callable[..., Any],
    reference: Callable[..., Any],
    cases: Iterable[tuple],
    same: Callable[[Any, Any], bool] = lambda a, b: a == b,
    kind: Callable[[Any], str | None] | None = None,
) -> tuple[tuple, Any, Any] | None:
    """The first case (in the order given, smallest first) where ``answer`` differs from ``reference``.

    Returns ``(case, answer's value, reference value)`` or None when they agree everywhere.
    With ``kind`` (``whole``, ``exact_number``, ``set_of_whole``, ``boolean``), a value of the
    wrong kind is a disagreement, reported as the sentence ``kind`` returns. Sets given as
    lists or tuples are compared as sets when ``kind`` is ``set_of_whole``. An exception
    raised by ``answer`` propagates as an ``AnswerError`` naming the case.
    """
    for case in cases:
        expected = reference(*case)
        given = answer(*case)
        if kind is not None:
            problem = kind(given)
            if problem is not None:
                return case, _KindProblem(problem), expected
            if kind is set_of_whole:
                given = _comparable(given)
        if not same(given, expected):
            return case, given, expected
    return None


class _KindProblem(str):
    """A disagreement of kind (a float for an integer): shown as the sentence itself."""

    def __repr__(self) -> str:
        return str(self)


def counterexample_place(case: tuple, names: str) -> str:
    """A counterexample's place in words: ``k = 4`` for one argument, ``(n, k) = (2, 5)`` for several."""
    shown = [_shown(value, 60) for value in case]
    if not names:
        return f"input ({', '.join(shown)})" if len(case) != 1 else f"input {shown[0]}"
    if len(case) == 1:
        return f"{names} = {shown[0]}"
    return f"({names}) = ({', '.join(shown)})"


# -- running an answer safely -----------------------------------------------------------------


class _CappedText(io.TextIOBase):
    """A stdout that keeps the first OUTPUT_CAP characters and counts the rest."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
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


class _Watched:
    """The student's function, wrapped: records the input being evaluated, names its errors."""

    def __init__(self, function: Callable, names: str, board: mmap.mmap | None):
        self._function, self._names, self._board = function, names, board
        functools.update_wrapper(self, function, updated=())

    def __call__(self, *args, **kwargs):
        place = counterexample_place(args, self._names) if args else "with no arguments"
        if self._board is not None:
            data = place.encode("utf-8", "replace")[: len(self._board) - 2]
            self._board.seek(0)
            self._board.write(len(data).to_bytes(2, "big") + data)
        try:
            return self._function(*args, **kwargs)
        except (AnswerError, _TimeUp):
            raise
        except RecursionError as error:
            raise AnswerError(place, error) from None
        except MemoryError:
            raise AnswerError(place, MemoryError("more memory than a check allows")) from None
        except Exception as error:
            raise AnswerError(place, error) from error


def _last_place(board: mmap.mmap) -> str:
    board.seek(0)
    size = int.from_bytes(board.read(2), "big")
    return board.read(size).decode("utf-8", "replace") if size else ""


def _outcome(entry: Exercise, answer: Any, board: mmap.mmap | None) -> tuple[str, str]:
    """(status, message) of the verifier on ``answer``; run in the child."""
    if callable(answer) and not isinstance(answer, type):
        answer = _Watched(answer, entry.names, board)
    try:
        passed, message = entry.verifier(answer)
    except AnswerError as error:
        return "incorrect", f"{error}."
    except RecursionError:
        return (
            "incorrect",
            "your answer recursed too deeply (RecursionError); turn the recursion into a loop.",
        )
    except MemoryError:
        return "incorrect", "your answer ran out of the memory a check allows (MemoryError)."
    except _PACK_FAULTS as error:
        return "check failed", (
            f"{type(error).__name__}: {error}. This is the course pack's fault, not your answer's; "
            "please report it."
        )
    except Exception as error:  # the check tripped over the value the answer gave
        return "incorrect", (
            f"the check could not use what your answer gave ({type(error).__name__}: {error}); "
            "look at the kind of value the exercise asks for."
        )
    if not isinstance(passed, bool) or not isinstance(message, str):  # pragma: no cover - a bug
        return "check failed", "the verifier returned no verdict; this is the course pack's fault."
    return ("correct" if passed else "incorrect"), message


def _limit_memory() -> None:
    try:
        with open("/proc/self/statm") as statm:
            in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return
    limit = in_use + MEMORY_ALLOWANCE
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _in_child(entry: Exercise, answer: Any) -> tuple[str, str, str]:
    """Fork; run the verifier in the child; kill it at the time limit: (status, message, output)."""
    board = mmap.mmap(-1, 512)
    read_end, write_end = os.pipe()
    started = time.perf_counter()
    sys.stdout.flush()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # fork with the kernel's threads: safe here
        pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read_end)
            capture = _CappedText()
            sys.stdout = sys.stderr = capture
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            _limit_memory()
            status, message = _outcome(entry, answer, board)
            data = pickle.dumps((status, message, capture.text()))
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view) :]
        except BaseException:  # noqa: BLE001 - the child must reach os._exit
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = started + entry.time_limit
    timed_out = False
    try:
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    except KeyboardInterrupt:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    finally:
        os.close(read_end)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, wait_status = os.waitpid(pid, 0)
    if timed_out:
        place = _last_place(board)
        where = f" (it was working on {place})" if place else ""
        why = f" {entry.on_timeout}" if entry.on_timeout else ""
        return "incorrect", f"your answer took longer than {_seconds(entry.time_limit)}{where}.{why}", ""
    board.close()
    if not chunks:
        signal_number = os.WTERMSIG(wait_status) if os.WIFSIGNALED(wait_status) else None
        why = (
            "it ran out of memory or crashed the interpreter"
            if signal_number != signal.SIGKILL
            else "it was stopped"
        )
        return "incorrect", f"your answer could not be checked: {why}.", ""
    status, message, output = pickle.loads(b"".join(chunks))
    return status, message, output


def _in_kernel(entry: Exercise, answer: Any) -> tuple[str, str, str]:
    """Without fork: run in this process, with an alarm where the platform has one."""
    capture = _CappedText()
    alarm = hasattr(signal, "setitimer")

    def time_up(signum, frame):
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up) if alarm else None
    saved = sys.stdout, sys.stderr
    try:
        sys.stdout = sys.stderr = capture
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, entry.time_limit)
        status, message = _outcome(entry, answer, None)
    except _TimeUp:
        why = f" {entry.on_timeout}" if entry.on_timeout else ""
        status, message = "incorrect", f"your answer took longer than {_seconds(entry.time_limit)}.{why}"
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        sys.stdout, sys.stderr = saved
    return status, message, capture.text()


def _seconds(value: float) -> str:
    return f"{value:g} s"


def verify(exercise_id: str, answer: Any) -> Verdict:
    """Run the exercise's check on ``answer`` and return the verdict (without printing)."""
    entry = registration(exercise_id)
    if is_stub(answer):
        return Verdict(
            exercise_id, "not attempted", "replace the ... with your answer, then run this cell again."
        )
    if entry.without:
        used = package_used(answer, entry.without)
        if used is not None:
            return Verdict(
                exercise_id,
                "incorrect",
                f"this exercise asks you to work it out without the course package, but your answer "
                f"uses {used}. Write the computation yourself.",
            )
    if entry.prepare is not None:
        try:
            entry.prepare()
        except Exception as error:  # the check's own work, before the answer runs: the pack's fault
            return Verdict(
                exercise_id,
                "check failed",
                f"{type(error).__name__}: {error}. This is the course pack's fault, not your answer's; "
                "please report it.",
            )
    runner = _in_child if hasattr(os, "fork") else _in_kernel
    status, message, output = runner(entry, answer)
    if status in ("correct", "incorrect") and "took longer than" not in message:
        message = f"{message.rstrip()} (time limit {_seconds(entry.time_limit)})"
    return Verdict(exercise_id, status, message, output)


def check(exercise_id: str, answer: Any) -> None:
    """Print the verdict on ``answer`` for exercise ``exercise_id`` (and what the answer printed)."""
    verdict = verify(exercise_id, answer)
    if verdict.output:
        print("Your answer printed:")
        print(verdict.output.rstrip())
        print()
    # wrapped between words: a notebook's output area breaks long lines anywhere, even mid-word;
    # a number and its unit ("5 s") stay on one line
    kept = re.sub(r"(\d) (s|ms)\b", "\\1\u00a0\\2", str(verdict))
    wrapped = textwrap.fill(kept, width=VERDICT_WIDTH, break_long_words=False, break_on_hyphens=False)
    print(wrapped.replace("\u00a0", " "))
