"""No Tricky Trios lesson hands out a function that answers one of its exercises above the check.

Table (c) of Exercise 4 is what ``transitions`` (and the explorer and ``round_outcomes`` built on
it) list for any state with a Zero-Known trio: Lesson II imports them only below Exercise 4's
check, Lesson I not at all. Lesson I imports ``free_choice_first_flips`` above Exercise 1, which
asks for E(2) by hand: the function refuses the two-trio start with a sentence, so the call
pattern the lesson shows cannot hand out the value.
"""

from __future__ import annotations

import ast
from fractions import Fraction

import pytest

from puzzles.instructor import course as model
from puzzles.trios import State, free_choice_first_flips, transitions

COURSE = model.load()
EXERCISES = {exercise.id: exercise for exercise in COURSE.exercises}
TABLE_C = {"transitions", "round_outcomes", "trios_explorer", "state_after", "explorer"}


def _imported_names(cells) -> dict[str, int]:
    """Every name imported from the pack by the code cells, with the first cell that imports it."""
    names: dict[str, int] = {}
    for index, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzles"):
                for alias in node.names:
                    names.setdefault(alias.name, index)
    return names


def test_table_c_is_imported_only_below_exercise_4s_check():
    exercise = EXERCISES["trios-4"]
    cells = exercise.lesson.notebook.cells
    imported = _imported_names(cells)
    assert "transitions" in imported  # the lesson builds on it after the exercise
    check = exercise.cells.check
    early = {name: index for name, index in imported.items() if name in TABLE_C and index < check}
    assert not early, f"imported above trios-4's check (cell {exercise.cells.check}): {early}"
    lesson_1 = EXERCISES["trios-1"].lesson.notebook.cells
    assert not TABLE_C & set(_imported_names(lesson_1)), "Lesson I imports a function that lists table (c)"


def test_transitions_does_list_table_c():
    """The reason for the test above: the Zero-Known ways of (1, 1, 2) are the seven lines of table (c)."""
    zero_known = [way for way in transitions(State(1, 1, 2)) if way[3].startswith("Zero-Known")]
    assert len(zero_known) == 7
    U = 1 + 2 + 6
    assert sum(p for p, *_ in zero_known) == Fraction(6, U)  # the first card is of a Zero-Known trio


def test_lesson_1_imports_free_choice_first_flips_above_exercise_1_and_it_refuses_e2():
    exercise = EXERCISES["trios-1"]
    imported = _imported_names(exercise.lesson.notebook.cells)
    assert imported["free_choice_first_flips"] < exercise.cells.check
    for K3 in range(4):
        for known in [(0, 0, 2), (0, 2, 0), (1, 1, 0)]:  # E(2) follows from these in a line
            with pytest.raises(ValueError, match="by hand"):
                free_choice_first_flips((K3, *known))
    # the routes that value any state, E(2) included, come only after Exercise 1's check
    for name in ("expected_rounds", "state_value", "TriosGame", "trios_game", "expected_rounds_free_choice"):
        assert imported.get(name, exercise.cells.check + 1) > exercise.cells.check, name


def test_help_of_the_package_lists_no_reference_answer_of_lesson_i():
    """``help(puzzles.trios)`` points to ``puzzles.trios.model``; neither page lists the
    references the checks of Exercises 3 and 3b compare with (their values give the formula, and
    a deal of 5 trios the construction), nor a call that prints them."""
    import pydoc

    import puzzles.trios
    import puzzles.trios.model

    for module in (puzzles.trios, puzzles.trios.model):
        page = pydoc.render_doc(module, renderer=pydoc.plaintext)
        for name in ("longest_game(", "longest_deal("):
            assert name not in page, (module.__name__, name)
        for giveaway in ("(5 * N - 1) // 2", "(5N - 1)", "1 2 1 2 3 1 3 2"):
            assert giveaway not in page, (module.__name__, giveaway)


def test_the_checks_of_lesson_i_ask_sizes_the_statement_does_not_list():
    """A table filled beforehand for the sizes Exercise 3b's statement lists is refused: the check
    asks sizes the statement does not name, the same in every process (the notebook's process and
    the grader must ask the same inputs)."""
    from puzzles.course.checker import registration
    from puzzles.trios.exercises import DEAL_DRAWN, DEAL_DRAWN_MOST, DEAL_SIZES

    asked = {case for _, case in registration("trios-6").plan().cases()}
    assert sorted(asked) == sorted({case for _, case in registration("trios-6").make_plan().cases()})
    beyond = {N for (N,) in asked} - set(DEAL_SIZES)
    assert len(beyond) == DEAL_DRAWN
    assert all(61 <= N <= DEAL_DRAWN_MOST for N in beyond)
