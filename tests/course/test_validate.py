import numpy as np
import pytest

from puzzles.course.validate import whole_number


def test_whole_numbers_pass_and_come_back_as_int():
    assert whole_number(3, "n") == 3
    value = whole_number(np.int64(7), "n")
    assert value == 7 and type(value) is int


@pytest.mark.parametrize("bad", [2.5, 2.0, "3", True, None])
def test_anything_else_is_refused_with_a_sentence(bad):
    with pytest.raises(ValueError, match=r"^the number of eggs must be a whole number, got "):
        whole_number(bad, "the number of eggs")


def test_a_lower_bound_is_enforced_when_asked():
    assert whole_number(0, "k") == 0
    assert whole_number(5, "k", least=5) == 5
    with pytest.raises(ValueError, match=r"^the largest size must be at least 1, got 0$"):
        whole_number(0, "the largest size", least=1)


def test_numbers_pass_unchanged_and_anything_else_gets_a_sentence():
    from fractions import Fraction

    from puzzles.course.validate import number

    assert number(0.5, "x", least=0, below=1) == 0.5
    assert number(Fraction(1, 3), "x") == Fraction(1, 3) and number(np.float64(2), "x") == 2
    for bad in (True, None, "0.5", float("nan"), float("inf"), 1j):
        with pytest.raises(ValueError, match=r"^the smoothing must be a (finite )?number, got "):
            number(bad, "the smoothing")
    with pytest.raises(ValueError, match=r"^the smoothing must be below 1, got 1\.0$"):
        number(1.0, "the smoothing", least=0, below=1)
    with pytest.raises(ValueError, match=r"^purge must be at least 0, got -1$"):
        number(-1, "purge", least=0)


def test_a_cost_cap_names_the_limit_and_the_faster_way():
    from puzzles.course.validate import cap

    assert cap(10, "N", 10) == 10
    beyond = r"^N = 11 is beyond the largest this computes in seconds \(10\); use X$"
    with pytest.raises(ValueError, match=beyond):
        cap(11, "N", 10, "use X")
    with pytest.raises(ValueError, match=r"N = a number with 81 digits is beyond"):
        cap(10**80, "N", 10)


def test_numbers_beyond_any_float_are_judged_without_overflow():
    from puzzles.course.validate import number, probability_vector

    assert number(10**400, "x") == 10**400
    with pytest.raises(ValueError, match=r"^x must be at most 1, got a number with 401 digits$"):
        number(10**400, "x", most=1)
    with pytest.raises(ValueError, match="cannot hold a probability above 1, got a number with 401 digits"):
        probability_vector([10**400, 0.5], "p")


@pytest.mark.parametrize("truth", [np.True_, np.False_, np.bool_(True), np.array([True])[0]])
def test_numpy_booleans_of_every_version_are_truth_values(truth):
    # numpy 2 renamed the type of np.bool_ to "bool": recognised by type, not by name
    from puzzles.course.validate import flag, is_bool, number

    assert flag(truth, "misere") is bool(truth) and is_bool(truth)
    with pytest.raises(ValueError, match="must be a whole number"):
        whole_number(truth, "n")
    with pytest.raises(ValueError, match="must be a number"):
        number(truth, "x")


def test_numpy_scalars_stand_for_their_values():
    from puzzles.course.validate import number, one_of, probability_vector, sequence

    assert number(np.float64(0.25), "x", most=1) == 0.25 and number(np.int64(-3), "x") == -3
    assert one_of(np.int64(3), "the size", (2, 3)) == 3 and type(one_of(np.str_("a"), "c", ("a",))) is str
    assert probability_vector([np.int64(1), np.int64(0)], "p") == [1, 0]
    assert sequence(np.arange(3), "s") == [0, 1, 2]
    for digits in ("3", "١٢", "６"):
        with pytest.raises(ValueError, match="must be a whole number"):
            whole_number(digits, "n")
        with pytest.raises(ValueError, match="must be a number"):
            number(digits, "x")
