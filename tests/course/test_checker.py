"""The exercise checker: verdicts, stubs, time limits, output caps, kinds, package use, faults."""

import time
from fractions import Fraction

import pytest

from puzzles.course.checker import (
    PackFault,
    check,
    exact_number,
    exercise,
    first_disagreement,
    is_stub,
    package_used,
    set_of_whole,
    verify,
    whole,
)
from support.adversaries import looping, rejected, returns_none, time_limit


def _squares(answer):
    found = first_disagreement(answer, lambda k: k * k, [(k,) for k in range(10)], kind=whole)
    if found is None:
        return True, "k*k for k in 0..9"
    case, given, expected = found
    return False, f"at k = {case[0]}: {given!r} instead of {expected}"


exercise("demo-1", names="k", time_limit=2)(_squares)


@exercise("demo-2", names="k", without="fractions")
def _without_fractions(answer):
    return _squares(answer)


@exercise("demo-3", names="k")
def _damaged_data(answer):
    raise PackFault("the data file demo.json.xz is damaged; rebuild it with `make data`")


@exercise("demo-4", names="n, k")
def _sets(answer):
    found = first_disagreement(answer, lambda n, k: {n, k}, [(1, 2), (3, 4)], kind=set_of_whole)
    return found is None, "sets" if found is None else f"{found[1]!r}"


def test_correct_incorrect_and_not_attempted(capsys):
    assert verify("demo-1", lambda k: k * k).passed
    wrong = verify("demo-1", lambda k: k * k if k < 3 else 0)
    assert wrong.status == "incorrect" and "at k = 3: 0 instead of 9" in wrong.message
    assert "time limit 2 s" in wrong.message

    def stub(k): ...

    def passing(k):
        pass

    assert verify("demo-1", stub).status == "not attempted"
    assert verify("demo-1", passing).status == "not attempted"
    assert verify("demo-1", ...).status == "not attempted"
    check("demo-1", stub)
    assert "Not attempted yet" in capsys.readouterr().out


def test_a_function_returning_none_on_purpose_is_an_answer():
    def forgot_the_value(k):
        return None

    assert not is_stub(forgot_the_value)
    verdict = rejected("demo-1", forgot_the_value, "None is a NoneType; an integer is asked")
    assert verdict.status == "incorrect"
    rejected("demo-1", returns_none)


def test_an_exception_in_the_answer_is_reported_where_it_happens():
    verdict = verify("demo-1", lambda k: 1 // (k - 4) and k * k)
    assert verdict.status == "incorrect"
    assert "ZeroDivisionError" in verdict.message and "(at k = 4)" in verdict.message


def test_floats_are_not_truncated_into_integers():
    verdict = rejected("demo-1", lambda k: float(k * k))
    assert "0.0 is a float" in verdict.message


def test_sets_may_be_given_as_lists_but_must_hold_integers():
    assert verify("demo-4", lambda n, k: [k, n]).passed
    rejected("demo-4", lambda n, k: {n, k + 0.5}, "is a float")
    rejected("demo-4", lambda n, k: None)


def test_a_looping_answer_gets_a_verdict_within_the_time_limit():
    started = time.perf_counter()
    verdict = rejected("demo-1", looping, "took longer than 2 s")
    assert "k = 0" in verdict.message
    assert time.perf_counter() - started < 10


def test_the_time_limit_can_be_shortened_for_tests():
    with time_limit("demo-1", 0.5):
        started = time.perf_counter()
        rejected("demo-1", looping, "took longer than 0.5 s")
        assert time.perf_counter() - started < 5


def test_a_memory_hungry_answer_does_not_kill_the_caller():
    verdict = rejected("demo-1", lambda k: len(bytearray(8 * 1024**3)))
    assert "MemoryError" in verdict.message


def test_printed_output_is_capped_and_returned(capsys):
    def chatty(k):
        print("x" * 10_000)
        return k * k

    verdict = verify("demo-1", chatty)
    assert verdict.passed and len(verdict.output) < 2200 and "100010 characters" in verdict.output
    check("demo-1", chatty)
    out = capsys.readouterr().out
    assert out.startswith("Your answer printed:") and "Correct (demo-1)" in out


def test_an_answer_using_a_forbidden_package_is_refused_before_it_runs():
    def helper(k):
        return Fraction(k * k)

    def answer(k):
        return int(helper(k))

    verdict = rejected("demo-2", answer, "without the course package")
    assert "Fraction (fractions)" in verdict.message
    assert package_used(lambda k: k * k, "fractions") is None
    assert verify("demo-2", lambda k: k * k).passed


def test_package_use_is_found_through_closures_modules_and_classes():
    import fractions

    def outer():
        f = fractions.Fraction
        return lambda k: f(k)

    class Solver:
        def value(self, k):
            return fractions.Fraction(k)

    assert package_used(outer(), "fractions") is not None
    assert package_used(lambda k: fractions.Fraction(k), "fractions") == "Fraction (fractions)"
    assert package_used(Solver, "fractions") is not None
    import puzzles

    assert package_used(lambda k: puzzles.egg.model.W(2, k), "puzzles.egg") == "puzzles.egg"
    assert package_used(lambda k: puzzles.course.checker.whole(k), "puzzles.egg") is None

    def uses_an_attribute_named_like_a_global(k):
        return k.Fraction  # an attribute, not the global Fraction imported above

    assert package_used(uses_an_attribute_named_like_a_global, "fractions") is None


def test_a_fault_of_the_pack_is_not_blamed_on_the_student():
    verdict = verify("demo-3", lambda k: k)
    assert verdict.status == "check failed"
    assert "demo.json.xz" in verdict.message and "not your answer's" in verdict.message
    assert str(verdict).startswith("This check could not run (demo-3)")


def test_value_kinds():
    assert whole(3) is None and whole(True) is not None and "float" in whole(3.0)
    assert exact_number(Fraction(1, 3)) is None and "Fraction" in exact_number(0.5)
    assert set_of_whole({1, 2}) is None and set_of_whole("12") is not None


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


@exercise(
    "demo-5", names="k", time_limit=1, on_timeout="This check goes on to k = 10**15: a formula is asked."
)
def _formula(answer):
    return _squares(answer)


def test_a_timeout_verdict_says_why_when_the_exercise_says():
    rejected("demo-5", looping, "(it was working on k = 0). This check goes on to k = 10**15")


def test_package_use_is_found_behind_a_cache():
    import functools
    import math

    @functools.cache
    def memoised(k):
        return Fraction(k)

    @functools.lru_cache(maxsize=128)
    def through_helper(k):
        return memoised(k)

    assert package_used(memoised, "fractions") == "Fraction (fractions)"
    assert package_used(through_helper, "fractions") == "Fraction (fractions)"
    assert package_used(functools.cache(lambda k: math.isqrt(k)), "fractions") is None


def _broken_data():
    raise PackFault("the data file demo-data.json.xz is missing; rebuild it with `make data`")


@exercise("demo-6", names="k", prepare=_broken_data)
def _needs_data(answer):
    return _squares(answer)


def test_a_fault_while_preparing_the_check_is_the_packs():
    verdict = verify("demo-6", lambda k: k * k)
    assert verdict.status == "check failed" and "demo-data.json.xz" in verdict.message


def test_package_use_is_found_through_a_parent_package_alias():
    import puzzles
    import puzzles.higher_lower as hl

    solver = ("puzzles.higher_lower.solver", "puzzles.higher_lower.data")
    assert package_used(lambda N: hl.solve(N), solver) == "solve (puzzles.higher_lower.solver)"
    assert package_used(lambda N: puzzles.higher_lower.solver.solve(N), solver) is not None
    assert package_used(lambda w: hl.best_tree(w), solver) is None
    assert package_used(lambda w: puzzles.higher_lower.model.best_tree(w), solver) is None
