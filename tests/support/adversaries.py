"""Answers that must never pass a check, for the units' exercise tests.

Every unit's ``tests/<unit>/test_exercises.py`` feeds each of its checks the worked solution
(accepted) and the answers here or built from them (rejected): a loop, a function returning
None, a near miss, a lookup table of the values a lesson shows, and, for the exercises done
"without the package", the package's own solver.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from puzzles.course import checker
from puzzles.course.checker import Verdict, verify
from puzzles.instructor import course as model

__all__ = [
    "always_equal",
    "AlwaysEqualInt",
    "AlwaysEqualFraction",
    "AlwaysEqualTuple",
    "AlwaysEqualList",
    "AlwaysEqualSet",
    "AlwaysEqualFrozenset",
    "AlwaysEqualStr",
    "PACKAGE_ROUTES",
    "by_route",
    "looping",
    "returns_none",
    "lookup_table",
    "rejected",
    "accepted",
    "time_limit",
    "worked_answer",
]


def always_equal(base: type) -> type:
    """A subclass of ``base`` whose ``==`` says True to anything (``AlwaysEqualInt(3) == 4``): an
    answer that would pass a check that trusted the answer's own comparison."""

    def __eq__(self, other):
        return True

    name = "AlwaysEqual" + base.__name__[:1].upper() + base.__name__[1:]
    return type(name, (base,), {"__eq__": __eq__, "__hash__": base.__hash__})


AlwaysEqualInt = always_equal(int)
AlwaysEqualFraction = always_equal(Fraction)
AlwaysEqualTuple = always_equal(tuple)
AlwaysEqualList = always_equal(list)
AlwaysEqualSet = always_equal(set)
AlwaysEqualFrozenset = always_equal(frozenset)
AlwaysEqualStr = always_equal(str)


PACKAGE_ROUTES = {  # how an answer reaches the package's function F
    "a name imported before": "imported",
    "importlib": "getattr(importlib.import_module('{model}'), '{name}')",
    "__import__": "getattr(__import__('{model}', fromlist=['_']), '{name}')",
    "sys.modules": "getattr(sys.modules['{model}'], '{name}')",
    "exec of a string": "executed('from {model} import {name} as F')",
}
_BY_ROUTE = """
import importlib
import sys
{imported}


def executed(statement):
    scope = {{}}
    exec(statement, scope)
    return scope["F"]


def answer({args}):
    F = {route}
    return {use}
"""


def by_route(model: str, route: str, args: str, name: str, use: str, label: str = "") -> Callable[..., Any]:
    """An answer ``answer(args)`` that returns ``use``, where F is ``model.name`` reached by
    ``route`` (a key of ``PACKAGE_ROUTES``): the package's own solver, smuggled in."""
    reach = PACKAGE_ROUTES[route].format(model=model, name=name)
    imported = f"from {model} import {name} as imported" if reach == "imported" else ""
    scope: dict = {}
    source = _BY_ROUTE.format(imported=imported, args=args, use=use, route=reach)
    exec(compile(source, f"<{label or name} by {route}>", "exec"), scope)
    return scope["answer"]


def looping(*args: Any, **kwargs: Any) -> Any:
    """An answer that never returns."""
    while True:
        pass


def returns_none(*args: Any, **kwargs: Any) -> Any:
    """An answer that forgot its ``return``."""
    return None


def lookup_table(shown: Mapping[Any, Any], fallback: Any = 0) -> Callable[..., Any]:
    """An answer that knows only the values a lesson shows (``shown[args]``) and guesses elsewhere."""

    def frozen(value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return tuple(frozen(item) for item in value)
        if isinstance(value, (set, frozenset)):
            return frozenset(value)
        return value

    table = {frozen(key): value for key, value in shown.items()}

    def answer(*args: Any) -> Any:
        key = frozen(args[0]) if len(args) == 1 else frozen(args)
        try:
            return table.get(key, fallback)
        except TypeError:  # an unhashable argument the lesson never shows
            return fallback

    return answer


def rejected(exercise_id: str, answer: Any, why: str | None = None) -> Verdict:
    """The verdict on ``answer``, asserted to be "Not yet" (and to say ``why``, when given)."""
    verdict = verify(exercise_id, answer)
    assert verdict.status == "incorrect", f"{exercise_id} should reject this answer; it said: {verdict}"
    if why is not None:
        assert why in verdict.message, f"{exercise_id}: expected {why!r} in: {verdict}"
    return verdict


def accepted(exercise_id: str, answer: Any) -> Verdict:
    """The verdict on ``answer``, asserted to be "Correct"."""
    verdict = verify(exercise_id, answer)
    assert verdict.passed, f"{exercise_id} should accept this answer; it said: {verdict}"
    return verdict


@contextmanager
def time_limit(exercise_id: str, seconds: float):
    """Run checks of ``exercise_id`` with a shorter time limit (to test a loop quickly)."""
    entry = checker.registration(exercise_id)
    checker._REGISTRY[exercise_id] = dataclasses.replace(entry, time_limit=seconds)
    started = time.perf_counter()
    try:
        yield
    finally:
        checker._REGISTRY[exercise_id] = entry
        assert time.perf_counter() - started < seconds + 30, "the check overran its time limit"


def worked_answer(notebook: Path | str, exercise_id: str) -> Any:
    """The answer the notebook's worked solution defines for ``exercise_id``.

    Runs the notebook's first code cell (its imports) and the exercise's code solution cells
    in a fresh namespace, then returns the name the check cell passes to ``check``. A worked
    solution therefore needs nothing from the lesson but those imports.
    """
    cells = model.read_notebook(Path(notebook)).cells
    place = model.locate(model.read_notebook(Path(notebook)))[exercise_id]
    namespace: dict[str, Any] = {"__name__": "__main__"}
    first_code = next(cell for cell in cells if cell.cell_type == "code")
    exec(compile(first_code.source, f"{notebook}:imports", "exec"), namespace)
    for index in place.solutions:
        exec(compile(cells[index].source, f"{notebook}:cell {index}", "exec"), namespace)
    return namespace[place.answer]


# -- hostile hand-ins for the grader (dp-puzzles grade), one cell each ---------------------------------
#
# Each is the source of a code cell a hand-in adds (or an answer cell it replaces). ``{marker}`` is a
# name unique to the test run (files it leaves on the machine are found by it), ``{classroom}`` the
# class folder, ``{records}`` the grader's records folder, ``{victim}`` a classmate's hand-in.

REWRITE_PACK = """
import os, puzzles
touched = []
for folder, _, files in os.walk(os.path.dirname(puzzles.__file__)):
    for name in files:
        if name.endswith('.py'):
            path = os.path.join(folder, name)
            try:
                with open(path, 'a') as stream:
                    stream.write('\\n# rewritten by a hand-in\\n')
                    if name == 'checker.py':
                        stream.write('def judge(*a, **k):\\n    return ("correct", "forged", "", 0.0)\\n')
                touched.append(path)
            except OSError:
                pass
"""

READ_TEACHER = """
import glob, json, os, puzzles
from importlib import metadata
roots = [os.path.dirname(os.path.dirname(puzzles.__file__))]
try:
    text = metadata.distribution('dp-puzzles').read_text('direct_url.json') or '{{}}'
    url = json.loads(text).get('url', '')
    roots.append(url.removeprefix('file://'))
except Exception:
    pass
for root in roots:
    for path in glob.glob(os.path.join(root, 'notebooks', 'egg', '01-*.ipynb')):
        for cell in json.load(open(path))['cells']:
            text = ''.join(cell['source'])
            if cell['cell_type'] == 'code' and text.startswith('# Worked solution'):
                exec(text)
"""

COPY_CLASSMATE = """
import glob, json, os
seen = []
home = os.path.expanduser('~/*.ipynb')
for pattern in ('{classroom}/*.ipynb', '/tmp/**/*.ipynb', home, '/home/**/*.ipynb'):
    seen += [p for p in glob.glob(pattern, recursive=True) if 'zuse' in p]
for path in seen:
    for cell in json.load(open(path))['cells']:
        text = ''.join(cell['source'])
        if cell['cell_type'] == 'code' and text.startswith('# Worked solution'):
            exec(text)
"""

WRITE_RECORDS_AND_CLASSMATE = """
import json, os
for path, text in (
    ('{victim}', json.dumps({{'cells': [], 'metadata': {{}}, 'nbformat': 4, 'nbformat_minor': 5}})),
    ('{records}/{marker}-forged.json', '{{}}'),
    ('{records}/zuseconrad_4101_1_01-worst-case.json', '{{}}'),
):
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as stream:
            stream.write(text)
    except OSError:
        pass
"""

FILL_MEMORY_FOLDERS = """
import os
block = b'x' * 2**20
home = os.path.expanduser('~/{marker}')
for path, megabytes in (('/dev/shm/{marker}', 1024), ('/tmp/{marker}', 64), (home, 64)):
    try:
        with open(path, 'wb') as stream:
            for _ in range(megabytes):
                stream.write(block)
    except OSError:
        pass
"""

# trios I: trios-1 (a value) is graded where the package is open, trios-2 and trios-3 where it is closed

PASS_THROUGH_A_FILE = """
import json, marshal, os
try:
    from puzzles.trios import exercises as _package
    _values = {{N: _package._orders_by_first_card(N) for N in range(1, 301)}}
    _code = marshal.dumps(_package.longest_game.__code__).hex()
    for _path in (os.path.expanduser('~/{marker}.json'), '/tmp/{marker}.json'):
        with open(_path, 'w') as _stream:
            json.dump({{'values': _values, 'code': _code}}, _stream)
except Exception:
    pass


def _passed():
    for path in (os.path.expanduser('~/{marker}.json'), '/tmp/{marker}.json'):
        if os.path.exists(path):
            return json.load(open(path))
    raise FileNotFoundError('no values passed on')


def orders_up_to_relabelling(N):
    return _passed()['values'][str(N)]


def longest_game(N):
    import types
    return types.FunctionType(marshal.loads(bytes.fromhex(_passed()['code'])), {{}})(N)
"""

FORGE_ANOTHER_GROUP = """
import os, threading, time
try:
    from puzzles.course import checker, codec
    import struct
    frames = []
    for exercise in ('trios-2', 'trios-3'):
        plan = checker.registration(exercise).plan()
        frames.append({{'kind': 'exercise', 'id': exercise, 'state': 'evaluating'}})
        for index, (stage, case) in enumerate(plan.cases()):
            value = stage.reference(*case)
            event = {{'type': 'Value', 'index': index, 'value': value, 'seconds': 0.0}}
            frames.append({{'kind': 'event', 'id': exercise, 'event': event}})
        event = {{'type': 'Finished', 'output': '', 'seconds': 0.0}}
        frames.append({{'kind': 'event', 'id': exercise, 'event': event}})
        frames.append({{'kind': 'exercise', 'id': exercise, 'state': 'evaluated'}})
    payload = b''.join(
        struct.pack('>I', len(text)) + text for text in (codec.encode(f).encode('ascii') for f in frames)
    )
    if os.fork() == 0:  # lives on, and writes when the other group runs
        os.setsid()
        for _ in range(40):
            time.sleep(0.5)
            for fd in range(3, 256):
                try:
                    os.write(fd, payload)
                except OSError:
                    pass
        os._exit(0)
except Exception:
    pass
"""

CLOSED_BY_DIR_FD_AND_HARD_LINK = """
import os, puzzles


def _unit_folder():
    return os.path.join(os.path.dirname(puzzles.__file__), 'trios')


def orders_up_to_relabelling(N):
    import sys, types
    folder = os.open(_unit_folder(), os.O_RDONLY)
    source = os.read(os.open('model.py', os.O_RDONLY, dir_fd=folder), 10**7).decode()
    module = sys.modules['copied_model'] = types.ModuleType('copied_model')
    exec(compile(source, 'copied_model.py', 'exec'), module.__dict__)
    return module.count_orders(N, relabel=True)


def longest_game(N):
    import importlib.util
    link = os.path.expanduser('~/copied_model.py')
    if not os.path.exists(link):
        os.link(os.path.join(_unit_folder(), 'model.py'), link)
    spec = importlib.util.spec_from_file_location('copied_model', link)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.longest_game(N)
"""

CLOSED_BY_BYTECODE_AND_A_FRESH_PYTHON = """
import glob, marshal, os, sys, types, puzzles


def orders_up_to_relabelling(N):
    folder = os.path.dirname(puzzles.__file__)
    found = glob.glob(os.path.join(folder, '**', 'trios', '**', 'model.*.pyc'), recursive=True)
    found += glob.glob('/opt/**/trios/__pycache__/model.*.pyc', recursive=True)
    code = marshal.loads(open(found[0], 'rb').read()[16:])
    module = sys.modules['copied_model'] = types.ModuleType('copied_model')
    exec(code, module.__dict__)
    return module.count_orders(N, relabel=True)


def longest_game(N):
    import _posixsubprocess
    read_end, write_end = os.pipe()
    error_read, error_write = os.pipe()
    program = 'import sys; from puzzles.trios import exercises as x; print(x.longest_game(int(sys.argv[1])))'
    arguments = [sys.executable, '-c', program, str(N)]
    pid = _posixsubprocess.fork_exec(
        arguments, [os.fsencode(sys.executable)], True, (write_end,), None, None,
        -1, -1, -1, write_end, -1, -1, error_read, error_write,
        False, False, -1, None, None, None, -1, None, False,
    )
    os.close(write_end)
    os.close(error_write)
    text = os.read(read_end, 1000)
    os.waitpid(pid, 0)
    return int(text)
"""

SEE_WHAT_IS_THERE = """
import os
try:
    catalan(3)  # imported by the lesson's first cell: closed in the group of higher-lower-1 and -2
    closed = False
except Exception as error:
    closed = type(error).__name__ == 'PackageReached'
seen = []
for top in ('/opt', '/run', '/work', '/home', '/tmp', '/srv', '/mnt', '/var', '/root'):
    for folder, folders, files in os.walk(top):
        if 'site-packages' in folder or '.pyenv' in folder:
            folders[:] = []
            continue
        for name in files:
            path = os.path.join(folder, name)
            if path.startswith(os.path.expanduser('~/')) and path.endswith('.ipynb'):
                continue  # the hand-in's own copy
            kinds = ('.json.xz', '.ipynb', '.zip', '.whl', '.pyc', '.csv')
            if name.endswith(kinds) or 'higher_lower' in path:
                seen.append(path)
if closed:
    raise RuntimeError(f'seen {{len(seen)}}: {{sorted(seen)[:6]}}')
"""
