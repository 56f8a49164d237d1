"""The exercise checker: verdicts, stubs, counterexamples, unknown ids."""

import pytest

from puzzles.course.checker import check, exercise, first_disagreement, is_stub, verify


@exercise("demo-1")
def _square(answer):
    found = first_disagreement(answer, lambda k: k * k, [(k,) for k in range(10)])
    if found is None:
        return True, "k*k for k in 0..9"
    case, given, expected = found
    return False, f"at k = {case[0]}: {given} instead of {expected}"


def test_correct_incorrect_and_not_attempted(capsys):
    assert verify("demo-1", lambda k: k * k).passed
    wrong = verify("demo-1", lambda k: k * k if k < 3 else 0)
    assert wrong.status == "incorrect" and "at k = 3: 0 instead of 9" in wrong.message

    def stub(k): ...

    assert verify("demo-1", stub).status == "not attempted"
    assert verify("demo-1", ...).status == "not attempted"
    check("demo-1", stub)
    assert "Not attempted yet" in capsys.readouterr().out


def test_an_exception_in_the_answer_is_reported_where_it_happens():
    verdict = verify("demo-1", lambda k: 1 // (k - 4) and k * k)
    assert (
        verdict.status == "incorrect"
        and "k = 4" in verdict.message
        and "ZeroDivisionError" in verdict.message
    )


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
    assert verify("egg-5", True).passed
    assert not verify("egg-5", False).passed
    assert verify("egg-5", "yes").status == "incorrect"
