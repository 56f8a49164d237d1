"""Every check refuses the wrong answers students write (``support.student_shapes``).

For each exercise with a check: at least ``MINIMUM`` student-shaped wrong answers of at least two
kinds are declared, the notebook's check refuses each of them, and a shape fitted to the public
cases (which the notebook's check cannot tell from a right answer) is refused by the grader's
hidden cases with every seed tried. ``dp-puzzles check-strength`` reports the same beside the
mutants.
"""

from __future__ import annotations

import pytest

from puzzles.course.checker import verify
from puzzles.instructor import course as model
from support.shapes import SEEDS
from support.student_shapes import KINDS, shapes_of

MINIMUM = {"function": 4, "value": 2}
EXERCISES = [exercise for exercise in model.load().exercises]


@pytest.mark.parametrize("exercise", EXERCISES, ids=[exercise.id for exercise in EXERCISES])
def test_every_check_has_student_shaped_wrong_answers(exercise):
    shapes = shapes_of(exercise.id)
    assert len(shapes) >= MINIMUM[exercise.kind], (
        f"{exercise.id}: {len(shapes)} student-shaped wrong answers declared, "
        f"at least {MINIMUM[exercise.kind]} asked"
    )
    assert len({shape.kind for shape in shapes}) >= 2, f"{exercise.id}: shapes of one kind only"
    for shape in shapes:
        assert shape.kind in KINDS
        assert shape.doc or not callable(shape.answer), f"{shape}: say in its docstring what it gets wrong"


SHAPES = [shape for exercise in EXERCISES for shape in shapes_of(exercise.id)]


@pytest.mark.parametrize("shape", SHAPES, ids=[f"{shape.exercise}-{shape.name}" for shape in SHAPES])
def test_the_check_refuses_a_student_shaped_answer(shape):
    if shape.kind == "fitted to the public cases":
        for seed in SEEDS[:2]:
            verdict = verify(shape.exercise, shape.answer, seed=seed)
            assert verdict.status == "incorrect", f"{shape}, seed {seed}: {verdict}"
            assert "grader drew" in verdict.message, f"{shape}, seed {seed}: {verdict}"
    else:
        verdict = verify(shape.exercise, shape.answer)
        assert verdict.status == "incorrect", f"{shape}: the notebook's check said {verdict}"
