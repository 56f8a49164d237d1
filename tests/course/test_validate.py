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
