"""The exercise checker: verdicts, stubs, time limits, output caps, kinds, package use, faults, and
the ways an answer might try to fool it."""

import contextlib
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from fractions import Fraction

import numpy as np
import pytest

from puzzles.course.checker import (
    PackFault,
    Plan,
    Stage,
    boolean,
    check,
    evaluate,
    exact_number,
    exercise,
    hidden_stage,
    is_stub,
    judge,
    package_used,
    registration,
    require,
    set_of_whole,
    show,
    verify,
    whole,
)
from support.adversaries import (
    AlwaysEqualFraction,
    AlwaysEqualInt,
    AlwaysEqualSet,
    AlwaysEqualTuple,
    looping,
    rejected,
    returns_none,
    time_limit,
)


@exercise("demo-1", names="k", time_limit=2)
def _squares() -> Plan:
    return Plan(
        [
            Stage(
                [(k,) for k in range(10)], reference=lambda k: k * k, label="every k in 0..9", evidence="k*k"
            )
        ],
        kind=whole,
        what="your square",
        passed="k*k for k in 0..9.",
    )


@exercise("demo-2", names="k", without="fractions")
def _without_fractions() -> Plan:
    return _squares()


@exercise("demo-3", names="k")
def _damaged_data() -> Plan:
    def reference(k):
        raise PackFault("the data file demo.json.xz is damaged; rebuild it with `make data`")

    return Plan([Stage([(1,)], reference=reference)], passed="")


@exercise("demo-4", names="n, k")
def _sets() -> Plan:
    return Plan(
        [Stage([(1, 2), (3, 4)], reference=lambda n, k: {n, k})],
        kind=set_of_whole,
        same=lambda given, expected: set(given) == expected,
        passed="sets.",
    )


@exercise(
    "demo-5", names="k", time_limit=1, on_timeout="This check goes on to k = 10**15: a formula is asked."
)
def _formula() -> Plan:
    return Plan(
        [
            Stage(
                [(k,) for k in range(1, 101)],
                reference=lambda k: k * k,
                label="every k in 1..100",
                evidence="k*k",
            ),
            Stage(
                [(10**15,)],
                reference=lambda k: k * k,
                label="k = 10**15",
                evidence="k*k",
                smallest=False,
                far="a size no loop reaches",
            ),
        ],
        kind=whole,
        what="your square",
        passed="squares.",
    )


@exercise("demo-6", names="")
def _a_third() -> Plan:
    return Plan(
        [Stage([()], reference=lambda: Fraction(1, 3), evidence="the sum")],
        kind=exact_number,
        value=True,
        what="your a",
        passed="1/3.",
    )


@exercise("demo-7", names="k")
def _truth() -> Plan:
    return Plan(
        [Stage([(k,) for k in range(4)], reference=lambda k: k % 2 == 0)], kind=boolean, passed="even."
    )


@exercise("demo-8", names="k", without="puzzles.trios")
def _without_trios() -> Plan:
    from puzzles.trios import expected_rounds

    return Plan(
        [Stage([(k,) for k in range(1, 6)], reference=expected_rounds)], kind=exact_number, passed="E."
    )


def _drawn_cubes(draw):
    return [
        hidden_stage(
            [(draw.randrange(10**6, 10**9),) for _ in range(3)] + [(7,)],
            reference=lambda k: k * k,
            label="3 sizes the grader draws",
            evidence="k*k",
        )
    ]


@exercise("demo-hidden-1", names="k", hidden=_drawn_cubes)
def _squares_with_hidden_cases() -> Plan:
    return _squares()


# -- hidden cases --------------------------------------------------------------------------------


def _public_table(k):
    """Right on the public cases 0..9 only: a lookup table of what the notebook's check asks."""
    return {k: k * k for k in range(10)}.get(k, 0)


def test_without_a_seed_the_plan_is_the_public_one_and_the_notebook_runs_only_it():
    entry = registration("demo-hidden-1")
    assert entry.plan() is entry.plan(None)
    # the public cases, then the first three asked again (an answer keeping state between calls)
    assert [case for _, case in entry.plan().cases()] == [(k,) for k in range(10)] + [(0,), (1,), (2,)]
    assert verify("demo-hidden-1", _public_table).passed  # the notebook's check cannot see the hidden cases
    assert not any(stage.hidden for stage in entry.plan().stages)


def test_a_seed_adds_hidden_stages_drawn_with_it_after_the_public_ones():
    entry = registration("demo-hidden-1")
    first, again, other = entry.plan(1), entry.plan(1), entry.plan(2)
    cases = [case for _, case in first.cases()]
    assert cases[:13] == [(k,) for k in range(10)] + [(0,), (1,), (2,)] and len(cases) == 17
    assert cases == [case for _, case in again.cases()]  # the same seed draws the same cases
    assert cases != [case for _, case in other.cases()]
    assert first.public_count() == 13 and [stage.hidden for stage in first.stages] == [False, False, True]
    assert entry.plan().public_count() == 13 and len(entry.plan().stages) == 2  # the public plan untouched


@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_a_lookup_table_of_the_public_cases_is_refused_on_a_hidden_case(seed):
    verdict = verify("demo-hidden-1", _public_table, seed=seed)
    assert verdict.status == "incorrect"
    assert "right for every k in 0..9, but at k = " in verdict.message
    assert "(a case the grader drew) it gives 0, where k*k gives" in verdict.message
    assert verify("demo-hidden-1", lambda k: k * k, seed=seed).passed


def test_judge_and_evaluate_take_the_seed_the_grader_records():
    entry = registration("demo-hidden-1")
    with contextlib.closing(evaluate("demo-hidden-1", _public_table, seed=5)) as events:
        status, message, _, _ = judge(entry, events, seed=5)
    assert status == "incorrect" and "a case the grader drew" in message
    with contextlib.closing(evaluate("demo-hidden-1", _public_table)) as events:
        assert judge(entry, events)[0] == "correct"
    # values for the public cases only, judged against a graded plan, are too few: never Correct
    with contextlib.closing(evaluate("demo-hidden-1", lambda k: k * k)) as events:
        assert judge(entry, events, seed=5)[0] == "incorrect"


def test_a_value_exercise_and_one_without_hidden_cases_keep_their_plan_with_a_seed():
    assert registration("demo-6").plan(3) is registration("demo-6").plan()
    assert registration("demo-1").plan(3) is registration("demo-1").plan()


@pytest.mark.parametrize("seed", [1.5, "1", True])
def test_a_seed_that_is_no_integer_is_refused_with_a_sentence(seed):
    with pytest.raises(ValueError, match="a grading seed is an integer or None"):
        registration("demo-hidden-1").plan(seed)


def test_a_hidden_stage_needs_a_reference_or_a_judge():
    with pytest.raises(ValueError, match="either a reference or a judge"):
        hidden_stage([(1,)])


# -- verdicts ------------------------------------------------------------------------------------


def test_correct_incorrect_and_not_attempted(capsys):
    right = verify("demo-1", lambda k: k * k)
    assert right.passed and right.seconds is not None and right.time_limit == 2
    check("demo-1", lambda k: k * k)
    assert capsys.readouterr().out.splitlines()[-1].startswith("Your answer took ")  # on a line of its own
    wrong = verify("demo-1", lambda k: k * k if k < 3 else 0)
    assert wrong.status == "incorrect"
    assert "smallest counterexample at k = 3: your square gives 0, k*k gives 9." in wrong.message
    check("demo-1", lambda k: k * k if k < 3 else 0)
    printed = capsys.readouterr().out
    assert " s." not in printed and " s)" not in printed  # a wrong value: nothing said of time

    def stub(k): ...

    def passing(k):
        pass

    assert verify("demo-1", stub).status == "not attempted"
    assert verify("demo-1", passing).status == "not attempted"
    assert verify("demo-1", ...).status == "not attempted"
    check("demo-1", stub)
    assert "Not attempted yet" in capsys.readouterr().out


def test_beyond_the_first_stage_the_place_is_named_not_called_smallest():
    verdict = verify("demo-5", lambda k: k * k if k < 10**6 else 0)
    assert "smallest" not in verdict.message
    assert (
        "right for every k in 1..100, but at k = 10**15 (a size no loop reaches) it gives 0"
        in verdict.message
    )


def test_exact_numbers_read_as_fractions_and_floats_get_one_clean_sentence():
    verdict = rejected("demo-6", Fraction(2, 7))
    assert "your a is 2/7, but the sum gives 1/3." in verdict.message and "Fraction(" not in verdict.message
    verdict = rejected("demo-6", 0.5)
    assert "your a is 0.5, a float: an exact value is asked" in verdict.message
    verdict = rejected("demo-1", lambda k: float(k * k))
    assert "at k = 0 your square gives 0.0, a float: an exact integer is asked" in verdict.message


def test_a_function_returning_none_on_purpose_is_an_answer():
    def forgot_the_value(k):
        return None

    assert not is_stub(forgot_the_value)
    verdict = rejected("demo-1", forgot_the_value, "gives None, a NoneType: an integer is asked")
    assert verdict.status == "incorrect"
    rejected("demo-1", returns_none)


def test_an_exception_in_the_answer_is_reported_where_it_happens():
    verdict = verify("demo-1", lambda k: 1 // (k - 4) and k * k)
    assert (
        "your square raised ZeroDivisionError: integer division or modulo by zero (at k = 4)"
        in verdict.message
    )

    def missing_file(k):
        open("/nonexistent/notes.txt")

    verdict = rejected("demo-1", missing_file, "FileNotFoundError")
    assert "pack" not in verdict.message  # the student's own error, not the pack's


def test_sets_may_be_given_as_lists_but_must_hold_integers():
    assert verify("demo-4", lambda n, k: [k, n]).passed
    rejected("demo-4", lambda n, k: {n, k + 0.5}, "a float")
    rejected("demo-4", lambda n, k: None)


def test_sys_exit_os_exit_and_keyboard_interrupt_are_named():
    rejected("demo-1", lambda k: sys.exit(3), "called sys.exit(3)")
    rejected("demo-1", lambda k: os._exit(4), "os._exit(4)")

    def interrupt(k):
        raise KeyboardInterrupt

    rejected("demo-1", interrupt, "raised KeyboardInterrupt")


# -- answers that try to fool the comparison ---------------------------------------------------------


class LyingStr(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


def test_an_answer_whose_eq_is_always_true_is_compared_by_the_value_it_holds():
    rejected("demo-1", lambda k: AlwaysEqualInt(7), "smallest counterexample at k = 0")
    rejected("demo-6", AlwaysEqualFraction(1, 5), "your a is 1/5")
    rejected("demo-4", lambda n, k: AlwaysEqualSet({0}))
    rejected("demo-1", lambda k: AlwaysEqualTuple((k * k,)), "a tuple: an integer is asked")
    rejected("demo-1", lambda k: LyingStr("yes"), "a str: an integer is asked")
    assert verify("demo-1", lambda k: AlwaysEqualInt(k * k)).passed  # it does hold the square


def test_numpy_numbers_and_truth_values_are_what_they_stand_for():
    assert verify("demo-1", lambda k: np.int64(k * k)).passed
    assert verify("demo-7", lambda k: np.bool_(k % 2 == 0)).passed
    assert verify("demo-7", lambda k: np.True_ if k % 2 == 0 else np.False_).passed
    rejected("demo-1", lambda k: np.float64(k * k), "a float")


def test_the_value_kinds_on_plain_values():
    assert whole(3) is None and whole(True) is not None and "float" in whole(3.0)
    assert exact_number(Fraction(1, 3)) is None and "Fraction" in exact_number(0.5)
    assert set_of_whole({1, 2}) is None and set_of_whole("12") is not None
    assert boolean(False) is None and boolean(0) is not None
    assert show(Fraction(23, 7)) == "23/7" and show(10**15) == "10**15" and show({3, 1}) == "{1, 3}"


def test_a_forged_message_a_patched_encoder_or_a_peek_at_the_caller_gains_nothing():
    def forger(k):
        # write an "all done" frame straight into the check's channel, then a fake value
        from puzzles.course import probe

        for fd in map(int, os.listdir("/proc/self/fd")):
            try:
                if stat.S_ISFIFO(os.fstat(fd).st_mode):
                    probe._write_frame(fd, {"end": True, "output": "", "t": 0.0})
            except OSError:
                pass
        return 0

    forged = verify("demo-1", forger)
    assert forged.status == "incorrect", forged

    def patcher(k):
        from puzzles.course import codec

        codec.encode = lambda value: '{"$":"other","type":"x","repr":"forged"}'
        codec.plain = lambda value: 81
        return 0

    assert verify("demo-1", patcher).status == "incorrect"

    def peeker(k):
        frame = sys._getframe(1)
        while frame is not None:
            for name in ("expected", "reference"):
                if name in frame.f_locals:
                    return frame.f_locals[name]
            frame = frame.f_back
        return -1

    assert verify("demo-1", peeker).status == "incorrect"


def test_the_answer_cannot_reach_a_descriptor_of_the_process_that_checks_it():
    """What the checking process has open (a kernel's sockets and pipes, a grader's report
    channel, a test runner's channel) is /dev/null in the answer's child: a forged frame written
    to every descriptor there reaches none of them (only the answer's own channel, which makes
    the check fail), and reading one gives nothing."""
    read_end, write_end = os.pipe()
    os.set_blocking(read_end, False)
    seen = []

    def writes_everywhere(k):
        for fd in map(int, os.listdir("/proc/self/fd")):
            try:
                os.write(fd, b"\x00\x00\x00\x02{}")
            except OSError:
                pass
        return k * k

    def reads(k):
        return len(os.read(read_end, 100)) + k * k

    try:
        os.write(write_end, b"left")
        assert not verify("demo-1", writes_everywhere).passed  # its own channel is garbled: incorrect
        assert verify("demo-1", reads).passed  # the child read nothing: len(...) == 0
        seen.append(os.read(read_end, 100))
        with pytest.raises(BlockingIOError):
            os.read(read_end, 100)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert seen == [b"left"]


def test_objects_frozen_with_gc_freeze_are_closed_too():
    """``gc.freeze()`` hides objects from gc's object lists; a check still closes every function
    of the package the exercise is to be done without."""
    import gc

    import puzzles.egg.exercises  # noqa: F401 - registers egg-11 (without puzzles.egg)

    def route(k):
        module = sys.modules["puzzles" + ".egg" + ".model"]
        return getattr(module, "one_egg_" + "laplace")(k)

    gc.freeze()
    try:
        verdict = verify("egg-11", route)
    finally:
        gc.unfreeze()
    assert verdict.status == "incorrect" and "reached puzzles.egg.model.one_egg_laplace" in verdict.message


def test_a_survey_meets_what_was_made_or_frozen_since_the_last_one():
    """A survey walks only the objects made since the one before (the rest is frozen and
    remembered); a function made after it, or frozen by the caller's ``gc.freeze()`` since, is
    still listed."""
    import gc

    from puzzles.course import guard

    guard._callables()

    def made_after():
        pass

    assert made_after in guard._callables()

    def frozen_by_the_caller():
        pass

    gc.freeze()
    try:
        assert frozen_by_the_caller in guard._callables()
    finally:
        gc.unfreeze()


def test_surveys_leave_no_cycle_frozen_for_good():
    """Between two walks of the whole heap, frozen objects are not collected; the next whole walk
    unfreezes them, and cyclic garbage goes."""
    import gc
    import weakref

    from puzzles.course import guard

    class Node:
        pass

    node = Node()
    node.me = node
    alive = weakref.ref(node)
    guard._callables()  # node frozen
    del node
    for _ in range(guard.WHOLE_WALK_EVERY + 1):
        guard._callables()
    gc.collect()
    assert alive() is None


# -- "without the package", at run time -----------------------------------------------------------------

ROUTES = {
    "a name imported before": "from puzzles.trios import expected_rounds\nanswer = expected_rounds",
    "importlib": (
        "import importlib\n"
        "answer = lambda k: importlib.import_module('puzzles.trios.model').expected_rounds(k)"
    ),
    "__import__": "answer = lambda k: __import__('puzzles.trios.model', fromlist=['x']).expected_rounds(k)",
    "sys.modules": "import sys\nanswer = lambda k: sys.modules['puzzles.trios.model'].expected_rounds(k)",
    "exec of a string": (
        "def answer(k):\n    scope = {}\n    exec('from puzzles.trios import expected_rounds as e', scope)\n"
        "    return scope['e'](k)"
    ),
    "an attribute chain": (
        "import puzzles\nanswer = lambda k: getattr(getattr(puzzles, 'tri' + 'os'), 'expected_rounds')(k)"
    ),
    "a cache filled before": (
        "from puzzles.trios.model import state_value\nstate_value(0, 0, 3)\n"
        "answer = lambda k: __import__('puzzles.trios.model', fromlist=['x']).state_value(0, 0, k)"
    ),
    "a fresh Python": (
        "import subprocess, sys\n"
        "answer = lambda k: eval(subprocess.run([sys.executable, '-c', "
        "'from puzzles.trios import expected_rounds as e; print(repr(e(%d)))' % k], capture_output=True, "
        "text=True).stdout)"
    ),
}


@pytest.mark.parametrize("route", ROUTES)
def test_a_forbidden_package_cannot_be_reached_by_any_route(route):
    scope: dict = {}
    exec(compile(ROUTES[route], f"<route {route}>", "exec"), scope)
    verdict = verify("demo-8", scope["answer"])
    assert verdict.status == "incorrect", verdict
    assert "without puzzles.trios" in verdict.message or "another program" in verdict.message, verdict


def test_an_answer_using_a_forbidden_package_is_refused_before_it_runs():
    def helper(k):
        return Fraction(k * k)

    def answer(k):
        return int(helper(k))

    verdict = rejected("demo-2", answer, "without fractions")
    assert "fractions.Fraction" in verdict.message
    assert package_used(lambda k: k * k, "fractions") is None
    assert verify("demo-2", lambda k: k * k).passed


def test_package_use_is_found_through_closures_modules_classes_and_caches():
    import fractions
    import functools
    import math

    def outer():
        f = fractions.Fraction
        return lambda k: f(k)

    class Solver:
        def value(self, k):
            return fractions.Fraction(k)

    assert package_used(outer(), "fractions") is not None
    assert package_used(Solver, "fractions") is not None
    import puzzles

    assert package_used(lambda k: puzzles.egg.model.W(2, k), "puzzles.egg") == "puzzles.egg"
    assert package_used(lambda k: puzzles.course.checker.whole(k), "puzzles.egg") is None

    @functools.cache
    def memoised(k):
        return fractions.Fraction(k)

    assert package_used(memoised, "fractions") == "fractions.Fraction"
    assert package_used(functools.cache(lambda k: math.isqrt(k)), "fractions") is None


# -- time, memory, output, processes -------------------------------------------------------------------


def test_a_looping_answer_gets_a_verdict_within_the_time_limit():
    started = time.perf_counter()
    verdict = rejected("demo-1", looping, "took longer than 2 s at k = 0")
    # the limit counts the answer's processor time; on a busy machine the wall clock runs longer
    assert time.perf_counter() - started < 30 and verdict.seconds is not None


def test_the_time_limit_can_be_shortened_for_tests():
    with time_limit("demo-1", 0.5):
        started = time.perf_counter()
        rejected("demo-1", looping, "took longer than 0.5 s")
        assert time.perf_counter() - started < 5


def _square_by_a_python_loop(k):
    """k*k, right, after a loop in Python bytecode that takes k steps (the check's reader keeps
    reading while it runs, unlike one long call of C code such as sum(range(k)))."""
    total = 0
    for _ in range(k):
        total += 1
    return total * k


def test_a_timeout_verdict_says_why_when_the_exercise_says():
    verdict = rejected("demo-5", _square_by_a_python_loop, "took longer than 1 s at k = 10**15")
    assert "every k in 1..100" in verdict.message and "a formula is asked" in verdict.message


def test_a_timeout_after_passed_cases_says_right_so_far_not_an_endless_loop():
    verdict = rejected("demo-5", _square_by_a_python_loop, "took longer than 1 s at k = 10**15")
    assert "right so far, but too slow for the size reached" in verdict.message, verdict
    assert "It was right on every case before (every k in 1..100" in verdict.message, verdict
    assert "never ends" not in verdict.message and "first case" not in verdict.message, verdict


def test_a_timeout_claims_right_so_far_only_for_the_values_read_back():
    # the child writes values in batches: an answer that held the interpreter may leave values unsent
    from puzzles.course import probe as probes

    entry = registration("demo-5")
    plan = entry.plan(None)
    size = len(plan.stages[0].cases)
    unread = [probes.TimedOut(size, 1.5)]  # stopped at the first large case, no value read back
    status, message, _, _ = judge(entry, unread)
    assert status == "incorrect" and "took longer than 1 s at k = 10**15" in message, message
    assert "right so far" not in message and "it was right" not in message, message
    read = [probes.Value(i, k * k, 0.0) for i, (k,) in enumerate(plan.stages[0].cases)] + unread
    status, message, _, _ = judge(entry, read)
    assert "right so far, but too slow for the size reached" in message, message


@exercise(
    "demo-formula-limits",
    names="k",
    on_limits="This check goes on to k = 10**15, where no recursion or table over k can go: "
    "a formula is asked.",
)
def _formula_with_its_own_advice() -> Plan:
    return _formula()


def _raised(exercise_id: str, kind: str, name: str) -> str:
    """The verdict on an answer that raised ``name`` at the first case (the judge alone, no child)."""
    from puzzles.course import probe as probes

    status, message, _, _ = judge(registration(exercise_id), [probes.Raised(0, kind, name, "", 0.1)])
    assert status == "incorrect", message
    return message


def test_a_recursion_error_gets_advice_that_fits_a_table_or_a_formula():
    message = _raised("demo-5", "recursion", "RecursionError")
    assert "recursed too deeply (RecursionError, at k = 1)" in message, message
    assert "a memo does not make them shallower" in message, message
    # the general advice names both routes: a table where allowed, a formula where asked
    assert "Where the exercise allows a table" in message and "where it asks for a formula" in message, (
        message
    )
    assert "explicit stack" not in message, message


def test_an_exercise_gives_its_own_advice_after_a_recursion_or_memory_error():
    recursion = _raised("demo-formula-limits", "recursion", "RecursionError")
    assert "a memo does not make them shallower. This check goes on to k = 10**15" in recursion, recursion
    assert "Where the exercise allows a table" not in recursion, recursion
    memory = _raised("demo-formula-limits", "memory", "MemoryError")
    assert memory.endswith(
        "(MemoryError, at k = 1). This check goes on to k = 10**15, where no recursion or table "
        "over k can go: a formula is asked."
    ), memory
    assert _raised("demo-5", "memory", "MemoryError").endswith("(MemoryError, at k = 1)."), (
        "no advice by default"
    )


def test_a_timeout_verdict_says_what_time_is_measured():
    from puzzles.course import probe as probes
    from puzzles.course.checker import Verdict, _printed

    entry = registration("demo-5")
    status, message, _, seconds = judge(entry, [probes.TimedOut(0, 1.5)])
    printed = _printed(Verdict("demo-5", status, message, seconds=seconds, time_limit=entry.time_limit))
    words = " ".join(printed.split())
    assert "took longer than 1 s at k = 1" in words, printed
    assert (
        "The 1 s are your answer's own computing time, its processor seconds summed over the cases" in words
    )
    assert "the check's own work adds to it, and so do other programs sharing a busy machine" in words, (
        printed
    )


def test_a_timeout_at_the_first_case_points_at_a_loop_that_never_ends():
    verdict = rejected("demo-1", looping, "took longer than 2 s at k = 0, the check's first case")
    assert "a loop that never ends" in verdict.message and "right so far" not in verdict.message, verdict


def test_only_the_answers_own_time_counts():
    # 100 calls of 0.3 s of the answer's = 30 s; each within the 1 s budget only if the time between calls
    # (writing values back, the judge's references) were counted: the answer here is fast, the check slow
    @exercise("demo-9", names="k", time_limit=1)
    def _slow_reference() -> Plan:
        def reference(k):
            time.sleep(0.02)
            return k

        return Plan([Stage([(k,) for k in range(100)], reference=reference)], kind=whole, passed="identity.")

    verdict = verify("demo-9", lambda k: k)
    assert verdict.passed and verdict.seconds < 0.5


def test_a_memory_hungry_answer_does_not_kill_the_caller():
    verdict = rejected("demo-1", lambda k: len(bytearray(8 * 1024**3)))
    assert "MemoryError" in verdict.message


def test_printed_output_is_capped_and_returned(capsys):
    def chatty(k):
        print("x" * 10_000)
        return k * k

    verdict = verify("demo-1", chatty)
    # ten cases and the first three asked again: 13 lines of 10,001 characters
    assert verdict.passed and len(verdict.output) < 2200 and "130013 characters" in verdict.output
    check("demo-1", chatty)
    out = capsys.readouterr().out
    assert out.startswith("Your answer printed:") and "Correct (demo-1)" in out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_a_process_the_answer_forks_ends_with_the_check(tmp_path):
    record = tmp_path / "pid"

    def forks(k):
        if k == 0:
            child = os.fork()
            if child == 0:
                os.setsid()  # a session of its own: out of the check's process group
                while True:
                    pass
            record.write_text(str(child))
        return k * k

    assert verify("demo-1", forks).passed
    pid = int(record.read_text())
    deadline = time.time() + 5
    while _alive(pid) and time.time() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def test_a_check_whose_caller_is_killed_leaves_nothing_running(tmp_path):
    script = tmp_path / "caller.py"
    record = tmp_path / "pid"
    script.write_text(
        textwrap.dedent(
            f"""
            import os
            from puzzles.course.checker import Plan, Stage, exercise, verify

            @exercise("demo-killed", names="k", time_limit=600)
            def _plan():
                return Plan([Stage([(1,)], reference=lambda k: k)], passed="")

            def answer(k):
                open({str(record)!r}, "w").write(str(os.getpid()))
                while True:
                    pass

            verify("demo-killed", answer)
            """
        )
    )
    caller = subprocess.Popen([sys.executable, str(script)])
    deadline = time.time() + 30
    while not record.exists() and time.time() < deadline:
        time.sleep(0.05)
    child = int(record.read_text())
    assert _alive(child)
    caller.send_signal(signal.SIGKILL)
    caller.wait()
    deadline = time.time() + 5
    while _alive(child) and time.time() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


# -- faults, stubs, ids ----------------------------------------------------------------------------------


def test_a_fault_of_the_pack_is_not_blamed_on_the_student():
    verdict = verify("demo-3", lambda k: k)
    assert verdict.status == "check failed"
    assert "demo.json.xz" in verdict.message and "not your answer's" in verdict.message
    assert str(verdict).startswith("This check could not run (demo-3)")


def test_require_raises_unless_correct(capsys):
    require("demo-1", lambda k: k * k)
    with pytest.raises(AssertionError, match=r"Not yet \(demo-1\): smallest counterexample"):
        require("demo-1", lambda k: 0)
    assert "Not yet (demo-1)" in capsys.readouterr().out


def test_stub_detection_is_not_fooled_by_constant_answers():
    def documented(k):
        """Docstring only."""
        ...

    assert is_stub(documented) and is_stub(None)
    assert not is_stub(lambda k: "either")
    assert not is_stub(lambda k: 0)
    assert not is_stub(True) and not is_stub(0)


def test_unknown_exercise_names_the_known_ones():
    with pytest.raises(ValueError, match="no exercise 'egg-99'"):
        verify("egg-99", 1)
    with pytest.raises(ValueError, match="looks like 'egg-3'"):
        verify("nonsense", 1)


def test_unit_exercises_load_on_first_use():
    assert verify("egg-1", lambda k: 0).status == "incorrect"


def test_a_closed_closure_whose_free_variables_are_named_args_and_kwargs_is_closed_too():
    """A function of a closed module may close over variables called ``args`` and ``kwargs`` (a
    task made by a helper): the tripwire keeps its free variables and raises when called."""
    from puzzles.course import guard

    def made(args, kwargs):
        def task():
            return args, kwargs

        return task

    task = made(1, 2)
    guard._close(task, "puzzles.example.task")
    assert task.__code__.co_freevars == ("args", "kwargs")
    assert task.__code__.co_qualname == "puzzles.example.task"  # the tripwire, no longer the task
    with pytest.raises(BaseException):  # noqa: B017 - outside a check the tripwire's exception is not set up
        task()


# -- whatever the answer returns or does is the answer's -------------------------------------------------


@exercise("demo-11", names="k")
def _lengths() -> Plan:
    return Plan(
        [Stage([(k,) for k in range(3)], reference=lambda k: k, evidence="k")],
        same=lambda given, expected: len(given) == expected,
        what="your items",
        passed="lengths.",
    )


@pytest.mark.parametrize("exercise_id", ["demo-1", "demo-4", "demo-11"])
def test_a_value_the_check_cannot_compare_or_show_is_the_answers_fault(exercise_id):
    # range(1, 10**40) has no len(); a check that shows, compares or measures it must not fail
    verdict = verify(exercise_id, lambda *args: range(1, 10**40))
    assert verdict.status == "incorrect", verdict
    assert "pack's fault" not in verdict.message
    assert "10**40" in verdict.message or "cannot compare or show" in verdict.message


def test_a_value_whose_own_code_fails_when_read_is_the_answers_fault():
    class Unreadable:
        @property
        def __class__(self):
            raise RuntimeError("no class for you")

    verdict = verify("demo-1", lambda k: Unreadable())
    assert verdict.status == "incorrect", verdict
    assert "pack's fault" not in verdict.message


def _channels() -> list[int]:
    found = []
    for fd in map(int, os.listdir("/proc/self/fd")):
        try:
            if stat.S_ISFIFO(os.fstat(fd).st_mode):
                found.append(fd)
        except OSError:
            pass
    return found


def test_a_fault_frame_the_answer_forges_is_its_own_fault():
    def forger(k):
        from puzzles.course import probe

        for fd in _channels():
            with contextlib.suppress(OSError):
                probe._write_frame(fd, {"fault": "MemoryError: the course pack broke"})
        return k * k

    verdict = verify("demo-1", forger)
    assert verdict.status == "incorrect", verdict
    assert "pack's fault" not in verdict.message and "your answer" in verdict.message


def test_a_timer_the_answer_sets_in_the_checks_process_is_its_own_fault():
    class Ring(BaseException):
        pass

    def timer(k):
        def ring(number, frame):
            raise Ring

        if k == 9:  # rings while the check's own code writes back the long value returned
            value = list(range(150_000))
            signal.signal(signal.SIGALRM, ring)
            signal.setitimer(signal.ITIMER_REAL, 0.002)
            return value
        return k * k

    verdict = verify("demo-1", timer)
    assert verdict.status == "incorrect", verdict
    assert "pack's fault" not in verdict.message


def test_an_answer_that_keeps_something_between_calls_is_refused_when_asked_again():
    # right while the inputs grow (the public cases go 0..9), wrong for a smaller one afterwards:
    # a bound kept from the last call and only ever raised
    kept = {"largest": 0}

    def warm_start(k):
        kept["largest"] = max(kept["largest"], k)
        return kept["largest"] ** 2

    verdict = verify("demo-1", warm_start)
    assert verdict.status == "incorrect", verdict
    assert "at k = 0 (asked again after larger cases: does your answer keep something" in verdict.message
    assert "it gives 81, where k*k gives 0" in verdict.message


def test_a_value_too_large_to_check_keeps_its_words_when_passed_on_again():
    # the grader's runner passes the probe's values on: a value already read as too large must
    # still say so, not "<Other object>"
    from puzzles.course import codec

    once = codec.decode(codec.encode(list(range(codec.MAX_ITEMS + 10))))
    twice = codec.decode(codec.encode(once))
    assert isinstance(twice, codec.Other) and twice.type_name == "list"
    assert "too large to check" in twice.shown and "Other" not in twice.shown


def _duty(share: float, seconds: float = 60.0):
    """An answer that computes ``share`` of the time and sleeps the rest: what an answer that only
    computes looks like on a machine whose cores are shared with other work."""

    def slowly(k):
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            burst = time.thread_time()
            while time.thread_time() - burst < 0.02 * share:
                pass
            time.sleep(0.02 * (1 - share))
        return k * k

    return slowly


def test_an_answer_that_waits_is_stopped_by_the_wall_clock(monkeypatch):
    from puzzles.course import probe

    monkeypatch.setattr(probe, "WALL_FACTOR", 1)
    monkeypatch.setattr(probe, "WALL_MARGIN", 0)
    verdict = verify("demo-1", lambda k: time.sleep(60))
    assert verdict.status == "incorrect", verdict
    assert "waited 2 s at k = 0 without finishing (sleeping, or blocked on something)" in verdict.message


def test_an_answer_computing_on_a_busy_machine_is_judged_by_its_processor_time(monkeypatch):
    # half a processor: 2 s of computing take 4 s; the wall clock (2 s here) must not call it waiting
    from puzzles.course import probe

    monkeypatch.setattr(probe, "WALL_FACTOR", 1)
    monkeypatch.setattr(probe, "WALL_MARGIN", 0)
    verdict = verify("demo-1", _duty(0.5))
    assert verdict.status == "incorrect", verdict
    assert "took longer than 2 s at k = 0" in verdict.message, verdict
    # and past the busy machine's own wall-clock limit, the check says the machine was too busy
    monkeypatch.setattr(probe, "BUSY_FACTOR", 1)
    monkeypatch.setattr(probe, "BUSY_MARGIN", 0)
    verdict = verify("demo-1", _duty(0.2))
    assert verdict.status == "check failed", verdict
    assert verdict.message.startswith("the machine was too busy to finish this check"), verdict


def test_a_refusal_names_what_the_exercise_is_done_without_but_no_private_helper():
    import puzzles.trios.exercises  # noqa: F401 - registers trios-5 (without two functions of the model)
    from puzzles.course.checker import _REGISTRY

    entry = _REGISTRY["trios-5"]
    assert "puzzles.trios.model._three_known" in entry.without
    assert entry.said_without == "puzzles.trios.model.three_known_rounds"
