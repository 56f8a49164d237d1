"""The exercise checker: ``check("egg-3", answer)`` prints a verdict.

Each unit registers its exercises in ``puzzles/<unit>/exercises.py``. An exercise id is
``"<unit>-<number>"``; the checker imports the unit's ``exercises`` module on first use
(``"higher-lower-2"`` -> ``puzzles.higher_lower.exercises``), so this module imports no unit.

A unit says *what* a check compares, never how: its registered function returns a ``Plan``,
the inputs of one or more ``Stage``s with a reference (or a judgement) for each, the kind of
value asked, and the sentence for a pass. The checker does the rest, once for every unit:

1. ``not attempted yet`` for the untouched stub (``...``, ``None``, a body of only ``...``);
2. the answer runs in a child process (``probe``): the modules the exercise is to be done
   without are closed (formatively: code written in the student's kernel before the check to
   defeat it is not stopped there; the grader's sandbox is what binds, see the README's "What
   the checks protect"), only the answer's own time counts against the limit, and what comes
   back is plain data (``codec``): numbers, strings, containers;
3. the verdict is decided here, after the child, from that data alone: values are compared
   by their base type with the reference's own comparison, never the answer's ``__eq__``;
4. one comparison writes every message: the smallest counterexample when the inputs go from
   the smallest up, "at N = ... (a size no table reaches)" beyond, exact numbers as ``23/7``,
   a value of the wrong kind in one sentence, the exercise's own advice on a timeout, and how
   long the answer took.

**Public and hidden cases.** A plan's stages are public: the notebook's ``check()`` runs them,
and the student can read them. An exercise may declare ``hidden``, a function of a
``random.Random`` that returns more stages; ``plan(seed)`` with an integer seed (the grader's,
one per hand-in, recorded with the grade) is the public plan followed by the stages drawn with
``random.Random(seed)``. The notebook never runs them: a lookup table of the public cases, or a
formula right only where the public cases look, is caught when graded.

A fault of the pack's own data (``PackFault``) is "This check could not run", never the
student's. Where ``os.fork`` is missing (Windows) the answer runs in the kernel, without a
time limit.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import dis
import functools
import heapq
import importlib
import inspect
import math
import random
import re
import sys
import textwrap
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from puzzles.course import probe as probes
from puzzles.course.codec import MAX_ITEMS, Other

__all__ = [
    "Verdict",
    "Exercise",
    "Plan",
    "Stage",
    "PackFault",
    "hidden_stage",
    "exercise",
    "check",
    "require",
    "verify",
    "evaluate",
    "judge",
    "is_stub",
    "registered",
    "registration",
    "place",
    "show",
    "package_used",
    "whole",
    "exact_number",
    "set_of_whole",
    "boolean",
    "text",
    "pair_of",
    "sequence_of",
    "DEFAULT_TIME_LIMIT",
]

DEFAULT_TIME_LIMIT = 5.0  # seconds of the student's answer a check allows, unless the exercise says
VERDICT_WIDTH = 90  # characters a printed verdict's line holds (JupyterLab shows about 100)
STATUS_WORDS = {
    "correct": "Correct",
    "incorrect": "Not yet",
    "not attempted": "Not attempted yet",
    "check failed": "This check could not run",
}


class PackFault(Exception):
    """A fault of the course pack itself (a damaged or missing data file): never the student's."""


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: ``status`` is "correct", "incorrect", "not attempted" or "check failed"."""

    exercise_id: str
    status: str
    message: str
    output: str = ""  # what the answer printed while it was checked (capped)
    seconds: float | None = None  # the answer's own time
    time_limit: float | None = None  # the limit on it (None for a value)

    @property
    def passed(self) -> bool:
        return self.status == "correct"

    def __str__(self) -> str:
        return f"{STATUS_WORDS.get(self.status, self.status)} ({self.exercise_id}): {self.message}"


# -- what a unit declares --------------------------------------------------------------------------


@dataclass
class Stage:
    """Inputs tried in order, and what each answer value must be.

    ``cases`` are tuples of plain data (the arguments, or what ``Plan.build`` turns into them).
    Either ``reference(*case)`` gives the expected value (compared with ``Plan.same``), or
    ``judge(case, value)`` returns None for a right value and, for a wrong one, the whole
    sentence the student reads (``place(case, names)`` writes the case's place).
    ``evidence`` names where the reference comes from ("the dynamic programme"). With
    ``smallest`` the cases go from the smallest up, so the first failure is the smallest
    counterexample; otherwise ``far`` says where the stage's inputs lie ("a size no table
    reaches") and the message names the stages already passed.
    """

    cases: Sequence[tuple]
    reference: Callable[..., Any] | None = None
    judge: Callable[[tuple, Any], str | None] | None = None
    label: str = ""  # what a pass of this stage covered: "every k in 1..2000"
    evidence: str = "the right value"
    smallest: bool = True
    far: str = ""
    hidden: bool = False  # drawn for grading only (``Exercise.hidden``), never run by the notebook
    again: bool = False  # the plan's first cases asked once more at the end (see ``_plan_of``)


def hidden_stage(
    cases: Iterable[tuple],
    *,
    reference: Callable[..., Any] | None = None,
    judge: Callable[[tuple, Any], str | None] | None = None,
    label: str = "the cases the grader draws",
    evidence: str = "the right value",
) -> Stage:
    """A stage of cases drawn for grading: named "a case the grader drew", never "smallest"."""
    if (reference is None) == (judge is None):
        raise ValueError("a hidden stage needs either a reference or a judge, not both and not neither")
    return Stage(
        list(cases),
        reference=reference,
        judge=judge,
        label=label,
        evidence=evidence,
        smallest=False,
        far="a case the grader drew",
        hidden=True,
    )


@dataclass
class Plan:
    """What an exercise's check does; see ``Stage``.

    ``kind(value)`` returns None for a value of the kind asked, else the words after "gives
    <value>," ("a float: an exact integer is asked"). ``same(given, expected)`` compares plain
    values (default: equality). ``build(case)`` turns a case into the arguments of the call,
    in the child, with the pack's own code (a ``Game`` from its pegs and colours, a fresh copy
    of a dictionary); ``call(answer, *arguments)`` makes the call (default ``answer(*arguments)``).
    A ``value`` plan checks a value, not a function: one case, the value itself. ``conclude``
    sees every value at the end and may still refuse (None, or a sentence).
    """

    stages: list[Stage]
    passed: str
    kind: Callable[[Any], str | None] | None = None
    same: Callable[[Any, Any], bool] | None = None
    shown: Callable[[Any], str] | None = None
    what: str = "your answer"
    build: Callable[[tuple], tuple] | None = None
    call: Callable[..., Any] | None = None
    value: bool = False
    conclude: Callable[[list[Any]], str | None] | None = None

    def cases(self) -> list[tuple[Stage, tuple]]:
        return [(stage, case) for stage in self.stages for case in stage.cases]

    def public_count(self) -> int:
        """How many cases come before the first hidden stage (the notebook's whole check)."""
        return sum(len(stage.cases) for stage in self.stages if not stage.hidden)


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: how to make its plan, and how the checker runs it."""

    exercise_id: str
    make_plan: Callable[[], Plan]
    names: str = ""
    time_limit: float = DEFAULT_TIME_LIMIT
    without: tuple[str, ...] = ()
    summary: dict[str, str] = field(default_factory=dict)
    on_timeout: str = ""
    hidden: Callable[[random.Random], list[Stage]] | None = None
    on_limits: str = ""

    @property
    def said_without(self) -> str:
        """The modules the exercise is to be done without, in a verdict: as the exercise lists
        them, without the unit's own checks that ``exercise`` adds and without private helpers
        (``_name``): a student never met them."""
        own = _unit_module(self.exercise_id)
        met = [m for m in self.without if m != own and not any(p.startswith("_") for p in m.split("."))]
        named = met or [m for m in self.without if m != own] or list(self.without)
        return ", ".join(named) or "the course package"

    def plan(self, seed: int | None = None) -> Plan:
        """The public plan (``seed=None``: what the notebook's check runs), or with an integer
        ``seed`` the public stages followed by the hidden ones drawn with ``random.Random(seed)``."""
        public = _plan_of(self.exercise_id, self.make_plan)
        if seed is None:
            return public
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"a grading seed is an integer or None, got {seed!r}")
        if public.value or self.hidden is None:
            return public  # a value has one case: nothing is left to hide
        return _graded_plan(self.exercise_id, self.make_plan, self.hidden, seed)


@functools.lru_cache(maxsize=64)
def _graded_plan(
    exercise_id: str,
    make_plan: Callable[[], Plan],
    hidden: Callable[[random.Random], list[Stage]],
    seed: int,
) -> Plan:
    public = _plan_of(exercise_id, make_plan)
    drawn = list(hidden(random.Random(seed)))
    for stage in drawn:
        if not isinstance(stage, Stage) or not stage.hidden:
            raise ValueError(f"{exercise_id}: hidden cases are stages made by hidden_stage()")
    drawn = [stage for stage in drawn if stage.cases]
    return dataclasses.replace(public, stages=[*public.stages, *drawn])


AGAIN = 3  # how many of a plan's first cases are asked again after all the others
AGAIN_WORDS = "asked again after larger cases: does your answer keep something from one call to the next?"


@functools.cache
def _plan_of(exercise_id: str, make_plan: Callable[[], Plan]) -> Plan:
    """The plan, with, for a function, its first ``AGAIN`` cases asked once more at the end: an
    answer that keeps something between calls (a bound found for a large input and reused, a
    memo keyed on part of the input) gets them wrong after the larger ones."""
    plan = make_plan()
    if plan.value:
        stage = plan.stages[0]
        stage.cases = [()]
        plan.stages = [stage]
        plan.call = _the_value
        return plan
    first = plan.stages[0] if plan.stages else None
    if first is not None and not first.hidden and len(plan.cases()) > AGAIN:
        plan.stages.append(
            dataclasses.replace(
                first, cases=list(first.cases[:AGAIN]), label="", smallest=False, far=AGAIN_WORDS, again=True
            )
        )
    return plan


def _forget_plans() -> None:
    """Drop every plan and registration from this process (a check's child, before the answer runs)."""
    _plan_of.cache_clear()
    _graded_plan.cache_clear()
    _REGISTRY.clear()


def _the_value(answer: Any) -> Any:
    return answer


_REGISTRY: dict[str, Exercise] = {}


def exercise(
    exercise_id: str,
    *,
    names: str = "",
    time_limit: float = DEFAULT_TIME_LIMIT,
    without: str | Iterable[str] = (),
    asks: str = "",
    verifies: str = "",
    on_timeout: str = "",
    hidden: Callable[[random.Random], list[Stage]] | None = None,
    on_limits: str = "",
) -> Callable:
    """Register ``make_plan() -> Plan`` under ``exercise_id``.

    ``names`` names the answer's arguments in messages (``"k"``, ``"n, k"``); ``time_limit``
    is the seconds of the answer's own time a check allows; ``without`` lists the modules the
    answer must not reach (``"puzzles.egg"``: the whole unit; the unit's own ``exercises``
    module, which holds the references, is added to any list that does not cover it); ``asks``
    and ``verifies`` are a line each for the table of exercises; ``on_timeout`` is the advice
    added when the answer runs out of time; ``on_limits`` the exercise's own advice after a
    RecursionError or a MemoryError (where the general advice, a table filled from the smallest
    case up, is not the exercise's route); ``hidden(draw)`` returns the stages
    (``hidden_stage``) a grading with a seed adds after the public ones, drawn with the
    ``random.Random`` it is given.
    """
    packages = (without,) if isinstance(without, str) else tuple(without)
    own = _unit_module(exercise_id)
    if packages and own in sys.modules and not _inside(own, packages):
        # the unit's checks hold the references: an exercise done without part of its unit is
        # done without them too (``from puzzles.<unit>.exercises import ...`` is no answer)
        packages = (*packages, own)

    def register(make_plan: Callable[[], Plan]) -> Callable[[], Plan]:
        known = _REGISTRY.get(exercise_id)
        if known is not None and known.make_plan is not make_plan:
            raise ValueError(f"exercise {exercise_id!r} is registered twice")
        _REGISTRY[exercise_id] = Exercise(
            exercise_id,
            make_plan,
            names=names,
            time_limit=float(time_limit),
            without=packages,
            summary={"asks": asks, "verifies": verifies},
            on_timeout=on_timeout,
            hidden=hidden,
            on_limits=on_limits,
        )
        return make_plan

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
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(_unit_module(exercise_id))
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
    if type(answer) is types.FunctionType:
        if answer.__name__ == "<lambda>":
            return False  # the student edition's stubs are always ``def``
        code = answer.__code__
        constants = set(code.co_consts) - {answer.__doc__}
        if not (code.co_code in _stub_codes() and constants <= {None, Ellipsis}):
            return False
        by_source = _body_is_only_dots(answer)
        return True if by_source is None else by_source
    return False


# -- "without the package", read from the code before it runs ------------------------------------


def _module_of(value: Any) -> str:
    if isinstance(value, types.ModuleType):
        return value.__name__
    return getattr(value, "__module__", None) or ""


def _inside(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def package_used(answer: Any, packages: str | Iterable[str]) -> str | None:
    """The first object from ``packages`` that ``answer``'s code visibly names, or None.

    A quick reading before the answer runs (helpers the student wrote, closures, classes,
    ``functools`` wrappers, a parent package's alias); the child of every check closes the
    packages whatever the route, so this only gives the clearer message earlier.
    """
    packages = (packages,) if isinstance(packages, str) else tuple(packages)
    seen: set[int] = set()

    def codes(code: types.CodeType) -> Iterable[types.CodeType]:
        yield code
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                yield from codes(constant)

    def forbidden_below(module: types.ModuleType, attributes: set[str], depth: int = 0) -> str | None:
        if depth > 6:
            return None
        for package in packages:
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
            return f"{module}.{name}" if name != module else module
        if isinstance(value, (types.MethodType, staticmethod, classmethod)):
            return reach(value.__func__, depth + 1)
        if not isinstance(value, type):
            try:
                wrapped = inspect.getattr_static(value, "__wrapped__", None)
            except Exception:  # noqa: BLE001 - an object that refuses attribute lookups
                wrapped = None
            if wrapped is not None:
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
            except ValueError:
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


# -- showing values and places ---------------------------------------------------------------------


def _number(value: int) -> str:
    """An integer as a reader takes it in: ``10**15``, ``10**15 - 1``, or its digits."""
    if abs(value) >= 10**7:
        exponent = round(math.log10(abs(value)))
        for power in (exponent - 1, exponent, exponent + 1):
            gap = abs(value) - 10**power
            if abs(gap) <= 100 and power > 0:
                sign = "-" if value < 0 else ""
                rest = f" + {gap}" if gap > 0 else f" - {-gap}" if gap < 0 else ""
                return f"{sign}10**{power}{rest}"
    return str(value)


def show(value: Any, limit: int = 120) -> str:
    """A value as a reader takes it in: exact numbers as ``23/7``, sets sorted, long things cut
    (a large container is never written out whole: writing stops at the limit)."""

    def joined(items: Iterable[Any], room: int) -> str:
        parts, used = [], 0
        for item in items:
            if used > room:
                parts.append("...")
                break
            text = inner(item, room - used)
            parts.append(text)
            used += len(text) + 2
        return ", ".join(parts)

    def inner(item: Any, room: int) -> str:
        if isinstance(item, bool) or item is None:
            return repr(item)
        if isinstance(item, int):
            return _number(item)
        if isinstance(item, Fraction):
            return str(item)
        if isinstance(item, range):
            if item.step == 1 and item.stop - item.start > 8:  # never len(): it may pass sys.maxsize
                return f"range({inner(item.start, room)}, {inner(item.stop, room)})"
            return repr(item)
        if isinstance(item, (set, frozenset)):
            if not item:
                return "set()"
            try:
                items = sorted(item) if len(item) <= 1000 else heapq.nsmallest(60, item)
            except TypeError:
                items = sorted(item, key=repr) if len(item) <= 1000 else list(item)[:60]
            more = ", ..." if len(items) < len(item) else ""
            return "{" + joined(items, room) + more + "}"
        if isinstance(item, tuple):
            inside = joined(item, room)
            return f"({inside},)" if len(item) == 1 else f"({inside})"
        if isinstance(item, list):
            return "[" + joined(item, room) + "]"
        if isinstance(item, dict):
            return "{" + joined((_Pair(k, v) for k, v in item.items()), room) + "}"
        if isinstance(item, _Pair):
            return f"{inner(item.key, room)}: {inner(item.value, room)}"
        text = repr(item)
        return text if len(text) <= room + 3 else text[: room + 3]

    text = inner(value, limit)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class _Pair:
    key: Any
    value: Any


def place(case: tuple, names: str) -> str:
    """A case's place in words: ``k = 4`` for one argument, ``(n, k) = (2, 5)`` for several."""
    shown = [show(value, 60) for value in case]
    if not names:
        return f"the input ({', '.join(shown)})" if len(case) != 1 else f"the input {shown[0]}"
    if len(case) == 1:
        return f"{names} = {shown[0]}"
    return f"({names}) = ({', '.join(shown)})"


# -- kinds of value (on plain data: numpy scalars and subclasses are already their base values) --------


def _a(value: Any) -> str:
    if isinstance(value, Other):
        return f"a {value.type_name} object"
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def whole(value: Any) -> str | None:
    """An integer; not a bool, not a float that happens to be whole."""
    if isinstance(value, int) and not isinstance(value, bool):
        return None
    if isinstance(value, float) and math.isinf(value):
        return (
            "an infinite float: a finite integer is asked, and every case the check asks has one, "
            "so the computation found none where one exists"
        )
    if isinstance(value, float) and math.isnan(value):
        return "a float that is not a number (nan): an exact integer is asked"
    if isinstance(value, float):
        return "a float: an exact integer is asked (use //, not /, and integer arithmetic)"
    if isinstance(value, bool):
        return "a truth value: an integer is asked"
    return f"{_a(value)}: an integer is asked"


def exact_number(value: Any) -> str | None:
    """An integer or a ``Fraction``; floats are refused (they cannot be exact)."""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return None
    if isinstance(value, float):
        return "a float: an exact value is asked (use fractions.Fraction)"
    return f"{_a(value)}: a Fraction or an integer is asked"


def set_of_whole(value: Any) -> str | None:
    """A set (or range, list, tuple) of integers; a range holds integers (never walked through),
    and one of more items than a check's values may hold (``codec.MAX_ITEMS``) is refused, so that
    a check never builds a set of it."""
    if isinstance(value, range):
        if (value.stop - value.start) // value.step > MAX_ITEMS:
            return f"a range of more than {MAX_ITEMS} integers: far more than a set this check asks for"
        return None
    if not isinstance(value, (set, list, tuple)):
        return f"{_a(value)}: a set of integers is asked"
    for element in value:
        if (problem := whole(element)) is not None:
            return f"a collection holding {show(element, 40)}, {problem}"
    return None


def boolean(value: Any) -> str | None:
    """True or False (numpy's truth values arrive as these)."""
    if isinstance(value, bool):
        return None
    return f"{_a(value)}: True or False is asked"


def text(value: Any) -> str | None:
    if isinstance(value, str):
        return None
    return f"{_a(value)}: a string is asked"


def pair_of(kind: Callable[[Any], str | None], words: str = "a pair") -> Callable[[Any], str | None]:
    """A tuple or list of two values of ``kind``."""
    return sequence_of(kind, 2, words)


def sequence_of(
    kind: Callable[[Any], str | None], length: int | None = None, words: str = "a list"
) -> Callable[[Any], str | None]:
    """A tuple or list (of ``length`` items, when given) whose items are of ``kind``."""

    def check_kind(value: Any) -> str | None:
        if not isinstance(value, (tuple, list)) or (length is not None and len(value) != length):
            size = f" of {length}" if length is not None and words in ("a list", "a tuple") else ""
            count = len(value) if isinstance(value, (tuple, list)) else 0
            shape = f" of {count} item{'s' if count != 1 else ''}" if isinstance(value, (tuple, list)) else ""
            return f"{_a(value)}{shape}: {words}{size} is asked"
        for element in value:
            if (problem := kind(element)) is not None:
                return f"{words} holding {show(element, 40)}, {problem}"
        return None

    return check_kind


# -- the one comparison ----------------------------------------------------------------------------


@dataclass
class _Outcome:
    status: str
    message: str
    output: str = ""
    seconds: float | None = None


def _at(plan: Plan, stage: Stage, case: tuple, entry: Exercise) -> str:
    """Where an answer failed, in words: "at N = 440", and for a case only the grader asks,
    ", a case the grader drew", so that a student does not look for it in the notebook's check."""
    if plan.value:
        return ""
    drawn = f", {stage.far}" if (stage.hidden or stage.again) and stage.far else ""
    return f"at {place(case, entry.names)}{drawn}"


TIME_MEASURED = (
    "(The {limit:g} s are your answer's own computing time, its processor seconds summed over the cases "
    "asked. The wait on the clock is longer: the check's own work adds to it, and so do other programs "
    "sharing a busy machine.)"
)
RECURSION_ADVICE = (
    "Where the exercise allows a table, fill it from the smallest case up (a loop, not nested calls); "
    "where it asks for a formula, no recursion over the sizes reaches the largest ones the check asks."
)


def _raised_message(event: probes.Raised, where: str, what: str, entry: Exercise) -> str:
    if event.kind == "package":
        return (
            f"this exercise is to be done without {entry.said_without}, and "
            f"{what} reached {event.message.rsplit('reached ', 1)[-1]} ({where}). "
            "Write the computation yourself."
        )
    if event.kind == "program":
        return f"{event.message} ({where})."
    if event.kind == "memory":
        advice = f" {entry.on_limits}" if entry.on_limits else ""
        return f"{what} ran out of the memory a check allows (MemoryError, {where}).{advice}"
    if event.kind == "recursion":
        return (
            f"{what} recursed too deeply (RecursionError, {where}): the calls nested past Python's "
            f"limit, and a memo does not make them shallower. {entry.on_limits or RECURSION_ADVICE}"
        )
    if event.kind == "exit":
        return f"{what} called sys.exit({event.message}) ({where}); return the value instead."
    if event.kind == "interrupt":
        return f"{what} raised KeyboardInterrupt ({where}); return the value instead."
    detail = f": {event.message}" if event.message else ""
    return f"{what} raised {event.name}{detail} ({where})."


_TAMPERED = (
    "the check could not read your answer's values back: something other than the check wrote into its "
    "channel. A check reads only the values your answer returns."
)


def _right_before(plan: Plan, flat: list[tuple[Stage, tuple]], index: int) -> str:
    """`` (it was right for every k in 1..2000 and 16 larger sizes)``: what passed before ``index``."""
    parts = _right_so_far(plan, flat, index)
    return f" (it was right for {parts})" if parts else ""


def _right_so_far(plan: Plan, flat: list[tuple[Stage, tuple]], index: int) -> str:
    """``every k in 1..2000 and on 16 of the larger sizes``: what passed before ``index`` ("" if nothing)."""
    if index <= 0 or index > len(flat):
        return ""
    stage = flat[min(index, len(flat) - 1)][0]
    stage_index = next(i for i, s in enumerate(plan.stages) if s is stage)
    done = _passed_before(plan, stage_index + (index == len(flat)))
    inside = sum(1 for s, _ in flat[:index] if s is stage) if index < len(flat) else 0
    parts = [done] if done else []
    if inside:
        parts.append(f"{inside} of {stage.label}" if stage.label.startswith("the ") else f"{inside} inputs")
    return " and on ".join(parts)


def _passed_before(plan: Plan, stage_index: int) -> str:
    labels = [stage.label for stage in plan.stages[:stage_index] if stage.label]
    return " and ".join(labels)


def judge(
    entry: Exercise, events: Iterable[probes.Event], seed: int | None = None
) -> tuple[str, str, str, float | None]:
    """The verdict on the events of one probe: ``(status, message, output, answer seconds)``.

    Runs where the answer did not: it reads the values the child sent, in order, computes
    each reference here, and stops at the first wrong value. ``seed`` is the one the probe's
    inputs were drawn with (``Exercise.plan(seed)``); None for the notebook's public check.
    """
    plan = entry.plan(seed)
    flat = plan.cases()
    shown = plan.shown or show
    what = plan.what
    values: list[Any] = []
    index = 0
    for event in events:
        if isinstance(event, (probes.Value, probes.Raised)):
            if event.index != index or index >= len(flat):
                # only the answer's process writes to this channel: values out of order or too
                # many are its doing (e.g. it replaced the codec's functions), never the pack's
                return "incorrect", _TAMPERED, "", None
            stage_index = next(i for i, s in enumerate(plan.stages) if s is flat[index][0])
            stage, case = flat[index]
            if isinstance(event, probes.Raised):
                where = _at(plan, stage, case, entry)
                return "incorrect", _raised_message(event, where, what, entry), "", None
            value = event.value
            # the reference is the pack's (its faults stay the pack's); reading, comparing and
            # showing the answer's value is the answer's: a value the check cannot handle is wrong
            expected = stage.reference(*case) if stage.judge is None else None
            try:
                problem = _value_problem(plan, stage, stage_index, case, value, expected, entry, shown)
            except PackFault:
                raise
            except Exception as error:  # noqa: BLE001 - whatever the answer's value makes the check raise
                where = _at(plan, stage, case, entry)
                return "incorrect", _unhandled(what, where, error), "", None
            if problem is not None:
                return "incorrect", problem, "", None
            values.append(value)
            index += 1
        elif isinstance(event, probes.TimedOut):
            where = (
                ""
                if plan.value or event.index >= len(flat)
                else " " + _at(plan, flat[event.index][0], flat[event.index][1], entry)
            )
            before = _right_before(plan, flat, min(index, event.index))  # what was read back and judged
            advice = f" {entry.on_timeout}" if entry.on_timeout else ""
            if event.busy:  # stopped by the wall clock while computing: not the answer's doing
                waited = probes.BUSY_FACTOR * entry.time_limit + probes.BUSY_MARGIN
                return (
                    "check failed",
                    f"the machine was too busy to finish this check: {what} had computed "
                    f"{event.seconds:.1f} s of its {entry.time_limit:g} s{where} when the check stopped "
                    f"after {waited:g} s of waiting{before}. "
                    "Run the check again when the machine is quieter.",
                    "",
                    event.seconds,
                )
            if event.seconds < entry.time_limit:  # stopped by the wall clock: it waited, not computed
                limit = probes.WALL_FACTOR * entry.time_limit + probes.WALL_MARGIN
                return (
                    "incorrect",
                    f"{what} waited {limit:g} s{where} without finishing (sleeping, or blocked on something)"
                    f"{before}; a check gives an answer {entry.time_limit:g} s of computing.",
                    "",
                    event.seconds,
                )
            # the values judged right above are ``index`` many; a value the answer gave just before a
            # slow call may not have been read back (the child writes in batches): claim only those
            so_far = _right_so_far(plan, flat, event.index) if index == event.index else ""
            if index < event.index and not plan.value:
                message = (
                    f"{what} took longer than {entry.time_limit:g} s{where}"
                    f"{_right_before(plan, flat, index)}.{advice}"
                )
            elif so_far:  # the earlier cases passed: right so far, too slow for the size reached
                message = (
                    f"{what} took longer than {entry.time_limit:g} s{where}. It was right on every case "
                    f"before ({so_far}): right so far, but too slow for the size reached.{advice}"
                )
            elif event.index == 0 and not plan.value:
                message = (
                    f"{what} took longer than {entry.time_limit:g} s{where}, the check's first case: look "
                    f"for a loop that never ends (a while whose condition never changes).{advice}"
                )
            else:
                message = f"{what} took longer than {entry.time_limit:g} s{where}.{advice}"
            return ("incorrect", message, "", event.seconds)
        elif isinstance(event, probes.Fault) and event.after_answer:
            return (
                "incorrect",
                f"the check's process failed after {what} had started running in it ({event.why}): "
                "something your answer did (a timer or signal it set, or writing into the check's channel) "
                "stopped the check. A check reads only the values your answer returns.",
                "",
                None,
            )
        elif isinstance(event, probes.Fault):
            return (
                "check failed",
                f"the check could not run your answer ({event.why}). This is the course pack's fault, not "
                "your answer's; please report it.",
                "",
                None,
            )
        elif isinstance(event, probes.Garbled):
            return "incorrect", _TAMPERED, "", None
        elif isinstance(event, probes.Died):
            where = (
                ""
                if plan.value or event.index >= len(flat)
                else f" (at {place(flat[event.index][1], entry.names)})"
            )
            if event.busy:
                return (
                    "check failed",
                    f"the machine was too busy to finish this check: {what} {event.why}{where}, still "
                    "computing. Run the check again when the machine is quieter.",
                    event.output,
                    None,
                )
            return "incorrect", f"{what} {event.why}{where}.", event.output, None
        elif isinstance(event, probes.Finished):
            if index != len(flat):
                return "incorrect", _TAMPERED, event.output, None
            try:
                problem = plan.conclude(values) if plan.conclude is not None else None
            except PackFault:
                raise
            except Exception as error:  # noqa: BLE001 - the answer's values, taken together
                return "incorrect", _unhandled(what, "", error), event.output, event.seconds
            if problem is not None:
                return "incorrect", problem, event.output, event.seconds
            return "correct", plan.passed, event.output, event.seconds
    return "check failed", "the check's child sent no verdict data; please report it.", "", None


def _value_problem(
    plan: Plan,
    stage: Stage,
    stage_index: int,
    case: tuple,
    value: Any,
    expected: Any,
    entry: Exercise,
    shown: Callable[[Any], str],
) -> str | None:
    """What is wrong with the answer's ``value`` on ``case`` (None: it is right)."""
    what = plan.what
    if plan.kind is not None and (problem := plan.kind(value)) is not None:
        where = "" if plan.value else f"at {place(case, entry.names)}"
        prefix = f"{where} {what}" if where else what
        gives = "gives" if not plan.value else "is"
        return f"{prefix} {gives} {shown(value)}, {problem}."
    if stage.judge is not None:
        problem = stage.judge(case, value)
        if problem is not None and stage.hidden:  # the unit's sentence, and where the case came from
            problem = f"{problem.rstrip()} (This is a case the grader drew.)"
        return problem
    if not (plan.same or _equal)(value, expected):
        return _mismatch(plan, stage, stage_index, case, value, expected, entry, shown)
    return None


def _unhandled(what: str, where: str, error: Exception) -> str:
    """The sentence for a value the check cannot read, compare or show (never the pack's fault)."""
    try:
        detail = str(error)
    except Exception:  # noqa: BLE001
        detail = ""
    detail = detail if len(detail) <= 120 else detail[:117] + "..."
    name = type(error).__name__
    place_words = f" {where}" if where else ""
    return (
        f"{what} gave{place_words} a value the check cannot compare or show ({name}"
        f"{': ' + detail if detail else ''}): return a value of the kind asked, of a size the check can "
        "read (a range or container of at most a few million items)."
    )


def _equal(given: Any, expected: Any) -> bool:
    return (
        type(given) is type(expected)
        and given == expected
        or (
            isinstance(given, (int, Fraction)) and isinstance(expected, (int, Fraction)) and given == expected
        )
    )


def _mismatch(
    plan: Plan,
    stage: Stage,
    stage_index: int,
    case: tuple,
    value: Any,
    expected: Any,
    entry: Exercise,
    shown: Callable[[Any], str],
) -> str:
    if plan.value:
        return f"{plan.what} is {shown(value)}, but {stage.evidence} gives {shown(expected)}."
    where = place(case, entry.names)
    if stage.smallest and stage_index == 0:
        return (
            f"smallest counterexample at {where}: {plan.what} gives {shown(value)}, "
            f"{stage.evidence} gives {shown(expected)}."
        )
    far = f" ({stage.far})" if stage.far else ""
    done = _passed_before(plan, stage_index)
    if done:
        return (
            f"{plan.what} is right for {done}, but at {where}{far} it gives {shown(value)}, where "
            f"{stage.evidence} gives {shown(expected)}."
        )
    return (
        f"at {where}{far} {plan.what} gives {shown(value)}, where {stage.evidence} gives {shown(expected)}."
    )


# -- running a check ---------------------------------------------------------------------------------


def evaluate(exercise_id: str, answer: Any, seed: int | None = None) -> Iterator[probes.Event]:
    """The events of ``answer`` run on the exercise's inputs in a child (plain data only): the
    public inputs, and with an integer ``seed`` the hidden ones drawn with it after them."""
    entry = registration(exercise_id)
    plan = entry.plan(seed)
    inputs = [case for _, case in plan.cases()]
    return probes.probe(
        answer, inputs, time_limit=entry.time_limit, without=entry.without, build=plan.build, call=plan.call
    )


def _seconds(value: float | None) -> str:
    if value is None:
        return ""
    if value < 0.01:
        return "under 0.01 s"
    return f"{value:.2f} s" if value < 10 else f"{value:.0f} s"


def verify(exercise_id: str, answer: Any, seed: int | None = None) -> Verdict:
    """Run the exercise's check on ``answer`` and return the verdict (without printing).

    ``seed=None`` is the notebook's check (the public cases); an integer ``seed`` adds the hidden
    cases drawn with it, as the grader does.
    """
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
                f"this exercise is to be done without {entry.said_without}, and your answer uses "
                f"{used}. Write the computation yourself.",
            )
    try:
        entry.plan(seed)
        if probes.fork_available():
            with contextlib.closing(evaluate(exercise_id, answer, seed)) as events:
                status, message, output, seconds = judge(entry, events, seed)
        else:  # pragma: no cover - Windows: no child, no time limit
            status, message, output, seconds = judge(entry, _in_kernel(entry, answer, seed), seed)
    except PackFault as error:
        return Verdict(
            exercise_id,
            "check failed",
            f"{error}. This is the course pack's fault, not your answer's; please report it.",
        )
    except Exception as error:  # noqa: BLE001 - the check's own code failed on plain data: the pack's fault
        return Verdict(
            exercise_id,
            "check failed",
            f"the check itself failed ({type(error).__name__}: {error}). This is the course pack's fault, "
            "not your answer's; please report it.",
        )
    return Verdict(
        exercise_id, status, message, output, seconds, entry.time_limit if not entry.plan().value else None
    )


def _in_kernel(  # pragma: no cover - Windows
    entry: Exercise, answer: Any, seed: int | None = None
) -> Iterator[probes.Event]:
    plan = entry.plan(seed)
    total = 0.0
    import time

    for index, (_, case) in enumerate(plan.cases()):
        args = plan.build(case) if plan.build else case
        started = time.perf_counter()
        try:
            value = plan.call(answer, *args) if plan.call else answer(*args)
        except Exception as error:  # noqa: BLE001
            yield probes.Raised(index, "exception", type(error).__name__, str(error), 0.0)
            return
        total += time.perf_counter() - started
        from puzzles.course.codec import decode, encode

        yield probes.Value(index, decode(encode(value)), 0.0)
    yield probes.Finished("", total)


def check(exercise_id: str, answer: Any) -> None:
    """Print the verdict on ``answer`` for exercise ``exercise_id`` (and what the answer printed)."""
    print(_printed(verify(exercise_id, answer)))


def require(exercise_id: str, answer: Any) -> None:
    """``check``, then ``AssertionError`` unless the verdict is Correct (for nbgrader's autograder)."""
    __tracebackhide__ = True  # the checker's own lines stay out of the student's feedback
    verdict = verify(exercise_id, answer)
    print(_printed(verdict))
    if not verdict.passed:
        raise AssertionError(str(verdict))


def _printed(verdict: Verdict) -> str:
    lines = []
    if verdict.output:
        lines += ["Your answer printed:", verdict.output.rstrip(), ""]
    # wrapped between words: a notebook's output area breaks long lines anywhere, even mid-word;
    # a number and its unit ("5 s") stay on one line
    kept = re.sub(r"(\d) (s|ms)\b", "\\1\u00a0\\2", str(verdict))
    wrapped = textwrap.fill(kept, width=VERDICT_WIDTH, break_long_words=False, break_on_hyphens=False)
    lines.append(wrapped.replace("\u00a0", " "))
    if verdict.time_limit is not None and verdict.status in ("correct", "incorrect"):
        if verdict.seconds is not None and verdict.status == "correct":
            lines.append(f"Your answer took {_seconds(verdict.seconds)} of its {verdict.time_limit:g} s.")
        elif "took longer than" in verdict.message:  # a wrong value says nothing of time
            measured = TIME_MEASURED.format(limit=verdict.time_limit)
            lines.append(textwrap.fill(measured, width=VERDICT_WIDTH, break_long_words=False))
    return "\n".join(lines)
