"""Every public name of every unit, fed bad values: a sentence, never a hang or a blow-up.

For each name in each unit's ``__all__`` (the result records the package returns are listed
in ``RECORDS`` and left out: they are outputs, not entry points), hypothesis draws calls in
which one argument is replaced by a bad value (None, bools, strings, floats, nan, inf,
negatives, huge integers, wrong lengths, wrong containers) and the others keep a valid
example. The calls run in a forked child, each with a 5 s time limit, with 1 GB of memory beyond
what the test process holds (one child takes a function's calls in turn; a hang or a crash ends
it, and a new one takes the calls after). It must either return, or raise ValueError or TypeError from a
``raise`` statement of the package itself (so the message is the package's sentence, not a
library's wording).
"""

from __future__ import annotations

import importlib
import inspect
import os
import pickle
import resource
import select
import signal
import sys
import traceback
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzles import egg, higher_lower, mastermind, matchsticks, trios

UNITS = ["egg", "matchsticks", "higher_lower", "mastermind", "trios"]
TIME_LIMIT = 5.0
MEMORY = 1024**3
PACKAGE = str(Path(__file__).resolve().parents[2] / "puzzles")

# Results the package returns (dataclasses and named tuples of outputs): not entry points.
RECORDS = {
    "higher_lower.DresherResult",
    "higher_lower.DresherStep",
    "higher_lower.Solution",
    "mastermind.Evaluation",
    "mastermind.Node",
    "trios.EnumerationSummary",
    "trios.SimulationResult",
    "mastermind.HEURISTICS",
}


def _game():
    from puzzles.mastermind import Game

    return Game(2, 3)


def _strategy():
    from puzzles.mastermind import heuristic_strategy

    return heuristic_strategy(_game(), "worst-case")


def _state():
    from puzzles.trios import State

    return State(1, 1, 1)


THIRD = Fraction(1, 3)
# Valid arguments for the required parameters, where 3 for each is not valid.
EXAMPLES = {
    "egg.DPTable": lambda: (egg.worst_case_table(2, 3).value, egg.worst_case_table(2, 3).drops),
    "matchsticks.Move": lambda: ("you", 1, 2),
    "egg.expected_trials": lambda: (2, [Fraction(1, 4)] * 4),
    "egg.expected_drops": lambda: (2, [Fraction(1, 4)] * 4),
    "matchsticks.eventual_period": lambda: ([0, 1, 0, 1, 0, 1, 0, 1], 2),
    "matchsticks.mex": lambda: ([0, 1, 3],),
    "matchsticks.nim_outcome": lambda: ([1, 2, 3],),
    "matchsticks.nim_winning_moves": lambda: ([1, 2, 4],),
    "matchsticks.grundy_sum": lambda: ([1, 2], 3),
    "matchsticks.sum_outcome": lambda: ([1, 2], 3),
    "matchsticks.sum_winning_moves": lambda: ([1, 2], 3),
    "matchsticks.parse_moves": lambda: ("1, 2, 3",),
    "matchsticks.MatchGame": lambda: (10,),
    "higher_lower.alice_best_reply": lambda: (3, [(Fraction(1), (2, 1, 2))]),
    "higher_lower.best_tree": lambda: ([1, 2, 3],),
    "higher_lower.best_bounded_tree": lambda: ([1, 2, 3], 2),
    "higher_lower.bob_best_payoff": lambda: ([THIRD, THIRD, THIRD],),
    "higher_lower.certify": lambda: (
        3,
        [Fraction(2, 5), Fraction(1, 5), Fraction(2, 5)],
        [(Fraction(3, 5), (2, 1, 2)), (Fraction(1, 5), (1, 2, 3)), (Fraction(1, 5), (3, 2, 1))],
        Fraction(9, 5),
    ),
    "higher_lower.dresher": lambda: ([[1, 2], [2, 1]],),
    "higher_lower.full_tree_depths": lambda: (2,),
    "higher_lower.is_search_tree": lambda: ((2, 1, 2),),
    "higher_lower.mirror": lambda: ((2, 1, 3, 2),),
    "higher_lower.tree_cost": lambda: ([1, 1, 1], (2, 1, 2)),
    "mastermind.OptimalSearch": lambda: (_game(),),
    "mastermind.Strategy": lambda: (_game(), _strategy().root),
    "mastermind.evaluate": lambda: (_game(), _strategy()),
    "mastermind.heuristic_guess": lambda: (_game(), ["11", "12", "21"], "worst-case"),
    "mastermind.heuristic_strategy": lambda: (_game(), "worst-case"),
    "mastermind.obviously_optimal_guess": lambda: (_game(), ["11", "12"]),
    "mastermind.optimal_strategy": lambda: (_game(),),
    "mastermind.plain_minimum_total": lambda: (_game(),),
    "mastermind.partition_score": lambda: ("worst-case", [3, 2, 1]),
    "mastermind.tree_lower_bound": lambda: (10, 4),
    "trios.State": lambda: (1, 1, 1),
    "trios.transitions": lambda: (_state(),),
    "trios.play_order": lambda: ((1, 1, 1, 2, 2, 2),),
    "trios.free_choice_value": lambda: ((0, 0, 0, 2),),
    "trios.free_choice_decisions": lambda: ((0, 0, 0, 2),),
    "trios.free_choice_first_flips": lambda: ((0, 0, 0, 3),),
    "trios.state_value": lambda: (0, 0, 2),
    "trios.simulate": lambda: (2, 10),
    "trios.sample_rounds": lambda: (2, 10),
    "trios.rule_flip": lambda: (1,),
}


def _public() -> list[str]:
    names = []
    for unit in UNITS:
        module = importlib.import_module(f"puzzles.{unit}")
        for name in module.__all__:
            if f"{unit}.{name}" not in RECORDS and callable(getattr(module, name)):
                names.append(f"{unit}.{name}")
    return names


PUBLIC = _public()


@pytest.fixture(scope="module", autouse=True)
def _shipped_data_read():
    """The shipped higher-lower data is read once per process (4 s on an idle machine), as in a
    student's kernel; read here, each forked call finds it read and its time limit is its own."""
    higher_lower.data.load_records()


NUMPY_SCALARS = [
    np.int64(-1),
    np.int64(10**12),
    np.int32(0),
    np.uint8(255),
    np.float64("nan"),
    np.float64(2.5),
    np.float32(-0.5),
    np.True_,
    np.False_,
    np.bool_(True),
]
DIGIT_STRINGS = ["3", "12", "-1", "2.5", "1e3", "١٢", "６", "²", " 7 "]

BAD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from(NUMPY_SCALARS),
    st.sampled_from(DIGIT_STRINGS),
    st.text(max_size=4),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**6), max_value=-1),
    st.integers(min_value=10**6, max_value=10**80),
    st.sampled_from([0, 10**9, 10**20, -1, 2**63]),
    st.lists(st.integers(min_value=-5, max_value=10**9), max_size=4),
    st.sampled_from([(), [], {}, set(), (1, 2, 3, 4, 5, 6, 7), [[1, 1, 1]], "1123", Fraction(3, 2)]),
)


def _parameters(function) -> list[inspect.Parameter]:
    kinds = (
        inspect.Parameter.POSITIONAL_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        inspect.Parameter.KEYWORD_ONLY,
    )
    return [p for p in inspect.signature(function).parameters.values() if p.kind in kinds]


def _classified(function, args: tuple, kwargs: dict) -> tuple[str, str]:
    """(kind, detail) of ``function(*args, **kwargs)``, in the child that runs it."""
    try:
        function(*args, **kwargs)
        return ("returned", "")
    except (ValueError, TypeError) as error:
        frames = traceback.extract_tb(error.__traceback__)
        last = frames[-1] if frames else None
        by_package = last is not None and last.filename.startswith(PACKAGE)
        by_raise = last is not None and (last.line or "").lstrip().startswith("raise")
        where = f"{last.filename}:{last.lineno}" if last else "?"
        detail = f"{type(error).__name__}: {error} (at {where})"
        return ("sentence" if by_package and by_raise else "library wording", detail)
    except MemoryError:
        return ("memory blow-up", "")
    except BaseException as error:  # noqa: BLE001 - any other exception is a finding
        frames = traceback.extract_tb(error.__traceback__)
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        return ("other exception", f"{type(error).__name__}: {str(error)[:200]} (at {where})")


def _outcomes(calls: list[tuple], time_limit: float = TIME_LIMIT) -> list[tuple[str, str]]:
    """(kind, detail) of each ``(function, args, kwargs)`` in ``calls``, run in turn in a forked
    child with the limits (one child for many calls: a fork of the test process costs more than
    most calls). A call that takes longer than ``time_limit`` is a hang, one that ends the child
    a crash; the child is killed and a new one takes the calls after it."""
    results: list[tuple[str, str]] = []
    while len(results) < len(calls):
        first = len(results)
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read_end)
                with open("/proc/self/statm") as statm:
                    in_use = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
                resource.setrlimit(resource.RLIMIT_AS, (in_use + MEMORY, resource.RLIM_INFINITY))
                sys.stdout = sys.stderr = open(os.devnull, "w")
                for function, args, kwargs in calls[first:]:
                    payload = pickle.dumps(_classified(function, args, kwargs))[:60000]
                    os.write(write_end, len(payload).to_bytes(4, "big") + payload)
            finally:
                os._exit(0)
        os.close(write_end)
        buffer = b""
        ended = False
        while not ended and len(results) < len(calls):
            ready, _, _ = select.select([read_end], [], [], time_limit)
            if not ready:
                results.append(("hang", f"no answer within {time_limit} s"))
                os.kill(pid, signal.SIGKILL)
                break
            chunk = os.read(read_end, 1 << 16)
            ended = not chunk
            buffer += chunk
            while len(buffer) >= 4 and len(buffer) >= 4 + int.from_bytes(buffer[:4], "big"):
                size = int.from_bytes(buffer[:4], "big")
                results.append(pickle.loads(buffer[4 : 4 + size]))
                buffer = buffer[4 + size :]
        if ended and len(results) < len(calls):
            results.append(("crash", "the child died"))
        os.close(read_end)
        os.waitpid(pid, 0)
    return results


def _outcome(function, args: tuple, kwargs: dict, time_limit: float = TIME_LIMIT) -> tuple[str, str]:
    """Run ``function(*args, **kwargs)`` in a forked child with the limits: (kind, detail)."""
    return _outcomes([(function, args, kwargs)], time_limit)[0]


def _function(qualified: str):
    unit, name = qualified.split(".")
    return getattr(importlib.import_module(f"puzzles.{unit}"), name)


def _call(qualified: str, position: int, bad) -> tuple[Any, tuple, dict, str]:
    """The call of ``qualified`` with its valid example, but ``bad`` in the parameter at
    ``position``: (function, args, kwargs, what it is in words)."""
    function = _function(qualified)
    parameters = _parameters(function)
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    example = EXAMPLES.get(qualified, lambda: (3,) * len(required))()
    values = {p.name: v for p, v in zip(required, example, strict=True)}
    values.update({p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty})
    target = parameters[position % len(parameters)]
    values[target.name] = bad
    args = [values[p.name] for p in parameters if p.kind != inspect.Parameter.KEYWORD_ONLY]
    kwargs = {p.name: values[p.name] for p in parameters if p.kind == inspect.Parameter.KEYWORD_ONLY}
    return function, tuple(args), kwargs, f"{qualified} with {target.name}={bad!r:.80}"


@pytest.mark.parametrize("qualified", PUBLIC)
def test_the_valid_example_runs(qualified):
    function = _function(qualified)
    required = [p for p in _parameters(function) if p.default is inspect.Parameter.empty]
    example = EXAMPLES.get(qualified, lambda: (3,) * len(required))()
    kind, detail = _outcome(function, example, {})
    assert kind == "returned", f"{qualified}{example!r:.80}: {kind} {detail}"


@pytest.mark.parametrize("qualified", [q for q in PUBLIC if _parameters(_function(q))])
def test_bad_values_get_a_sentence(qualified):
    drawn: list[tuple[int, Any]] = []

    @settings(
        max_examples=25,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        database=None,
    )
    @given(position=st.integers(min_value=0, max_value=5), bad=BAD_VALUES)
    def draw(position, bad):  # hypothesis draws the calls; one child runs them all
        drawn.append((position, bad))

    draw()
    calls = [_call(qualified, position, bad) for position, bad in drawn]
    outcomes = _outcomes([(function, args, kwargs) for function, args, kwargs, _ in calls])
    failures = [
        f"{what}: {kind} {detail}"
        for (_, _, _, what), (kind, detail) in zip(calls, outcomes, strict=True)
        if kind not in ("returned", "sentence")
    ]
    assert not failures, "\n".join(failures)


# -- numbers as numpy scalars, truth values as numpy booleans, digit strings where numbers are asked


@pytest.mark.parametrize(
    "call, expected",
    [
        (lambda: egg.worst_case_trials(np.int64(2), np.int64(100)), 14),
        (lambda: matchsticks.outcome(np.int64(5), 3, np.False_), "win"),
        (lambda: matchsticks.outcome(5, 3, np.bool_(False)), "win"),
        (lambda: trios.expected_rounds(np.int32(2)), Fraction(17, 5)),
        (lambda: higher_lower.catalan(np.uint8(5)), 42),
        (lambda: mastermind.Game(np.int64(4), np.int64(6)).size, 1296),
    ],
)
def test_numpy_scalars_are_the_values_they_stand_for(call, expected):
    assert call() == expected


@pytest.mark.parametrize(
    "call",
    [
        lambda: egg.worst_case_trials(True, 100),
        lambda: egg.worst_case_trials(np.True_, 100),
        lambda: egg.worst_case_trials("2", 100),
        lambda: egg.worst_case_trials(2, "١٠٠"),
        lambda: matchsticks.outcome(5, 3, "False"),
        lambda: higher_lower.best_tree([np.True_, 1]),
        lambda: higher_lower.best_tree(["1", "2"]),
        lambda: trios.expected_rounds(np.float64(2.0)),
    ],
)
def test_bools_and_digit_strings_are_refused_where_numbers_are_asked(call):
    with pytest.raises(ValueError, match="must be|got"):
        call()


# -- each cap's worst admitted input: within the memory, never a hang --------------------------

CAP_TIME_LIMIT = 120.0  # a hang detector on a busy machine; python -m puzzles.bench --caps times them


def _caps():
    from puzzles.bench import discover_caps

    return [cap for cap in discover_caps() if not cap.function.startswith("solve")]


@pytest.mark.parametrize("cap", _caps(), ids=lambda cap: f"{cap.function} {cap.call}")
def test_each_cap_serves_its_worst_admitted_input_within_the_limits(cap):
    arguments = () if cap.setup is None else (cap.setup(),)
    kind, detail = _outcome(cap.at_cap, arguments, {}, time_limit=CAP_TIME_LIMIT)
    # served, or stopped by a cost meter with the package's own sentence
    assert kind in ("returned", "sentence"), f"{cap.call}: {kind} {detail}"


def _numpy_integers(value):
    """``value`` with every integer, at any depth of lists and tuples, a numpy integer (and every
    Fraction one built from numpy integers, as ``Fraction(np.int64(3))`` is)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return np.int64(value) if -(2**63) <= value < 2**63 else value
    if isinstance(value, Fraction):
        return Fraction(np.int64(value.numerator)) / np.int64(value.denominator)
    if isinstance(value, list):
        return [_numpy_integers(item) for item in value]
    if isinstance(value, tuple) and type(value) is tuple:
        return tuple(_numpy_integers(item) for item in value)
    return value


@pytest.mark.parametrize("qualified", [q for q in PUBLIC if _parameters(_function(q))])
def test_numpy_integers_are_accepted_wherever_python_integers_are(qualified):
    function = _function(qualified)
    required = [p for p in _parameters(function) if p.default is inspect.Parameter.empty]
    example = EXAMPLES.get(qualified, lambda: (3,) * len(required))()
    numpy_example = _numpy_integers(example)
    kind, detail = _outcome(function, numpy_example, {})
    assert kind == "returned", f"{qualified}{numpy_example!r:.80}: {kind} {detail}"
    if qualified in ("trios.simulate", "trios.sample_rounds"):  # random draws: compared by kind only
        return
    given, expected = function(*numpy_example), function(*example)
    if " at 0x" in repr(expected):  # an object or generator without a value to compare
        assert type(given) is type(expected), qualified
    else:  # the same value, of Python's own types (no numpy integer leaks into a result)
        assert repr(given) == repr(expected), qualified
