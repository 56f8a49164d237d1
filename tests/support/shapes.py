"""Wrong answers shaped like the ones students write, for the hidden cases' tests (tests-only data).

A check's public cases are in the student's hands (the notebook runs them, and the checks ship
with the student edition), so an answer can be fitted to them: a lookup table of every public
case, a search on small inputs with a formula beyond that is right only where the public cases
look, a cache keyed on part of the input. Graded with a seed (``verify(..., seed=...)``), the
hidden cases drawn with it must refuse such answers, and the worked solution must still pass,
within a third of the check's time limit.

``public_table(exercise_id, answer)`` is the lookup table of the public cases, built here from
a right answer (the worked solution) and guessing elsewhere; ``hidden_cases_hold`` asserts the
whole contract for one exercise. Each unit's tests add the shapes of its own exercises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from puzzles.course.checker import Verdict, registration, verify

__all__ = ["SEEDS", "frozen", "public_table", "hidden_cases_hold", "refused_when_graded"]

SEEDS = (1, 2)  # the grading seeds the tests try (the grader draws one per hand-in)


def frozen(value: Any) -> Any:
    """A hashable stand-in for arguments as an answer receives them (lists, dicts, sets)."""
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(frozen(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((frozen(k), frozen(v)) for k, v in value.items()))
    if hasattr(value, "__dict__") and not callable(value):
        return (type(value).__name__, frozen(vars(value)))
    return value


def public_table(exercise_id: str, answer: Callable[..., Any], key: Callable[..., Any] | None = None):
    """An answer that knows the value of every public case of the check (computed here with
    ``answer``) and, elsewhere, gives the value of the last public case it knows: a lookup
    table of exactly what the notebook's check asks."""
    plan = registration(exercise_id).plan()
    call = plan.call or (lambda function, *arguments: function(*arguments))
    keyed = key or (lambda *arguments: frozen(arguments))
    table: dict[Any, Any] = {}
    last: Any = None
    for _, case in plan.cases():
        arguments = plan.build(case) if plan.build else case
        the_key = keyed(*arguments)
        arguments = plan.build(case) if plan.build else case  # a fresh copy: the answer may change it
        last = table[the_key] = call(answer, *arguments)

    def table_answer(*arguments):
        return table.get(keyed(*arguments), last)

    return table_answer


def refused_when_graded(exercise_id: str, answer: Any, seeds: Iterable[int] = SEEDS) -> list[Verdict]:
    """Assert that ``answer`` passes the notebook's check and is refused with every seed."""
    public = verify(exercise_id, answer)
    assert public.passed, f"{exercise_id}: this shape should pass the public cases; it got: {public}"
    verdicts = []
    for seed in seeds:
        verdict = verify(exercise_id, answer, seed=seed)
        assert verdict.status == "incorrect", f"{exercise_id}, seed {seed}: should be refused; got {verdict}"
        assert "grader drew" in verdict.message, f"{exercise_id}, seed {seed}: {verdict}"
        verdicts.append(verdict)
    return verdicts


def hidden_cases_hold(
    exercise_id: str,
    worked: Callable[..., Any],
    shapes: Iterable[Any] = (),
    seeds: Iterable[int] = SEEDS,
    table: bool = True,
) -> None:
    """Every seed draws hidden cases; the worked solution passes with the first, in at most a
    third of the time limit (the seeds draw the same kinds of case, and the solution's time is
    what one seed can tell; test_every_exercise checks that the seeds draw different cases); a
    lookup table of the public cases (with ``table``) and each of ``shapes`` pass the
    notebook's check and are refused with the first seed."""
    entry = registration(exercise_id)
    seeds = tuple(seeds)
    for seed in seeds:
        assert entry.plan(seed).public_count() < len(entry.plan(seed).cases()), (
            f"{exercise_id}: no hidden case"
        )
    for seed in seeds[:1]:
        verdict = verify(exercise_id, worked, seed=seed)
        assert verdict.passed, f"{exercise_id}, seed {seed}: the worked solution got {verdict}"
        assert verdict.seconds is not None and verdict.seconds < entry.time_limit / 3, (
            f"{exercise_id}, seed {seed}: the worked solution took {verdict.seconds:.2f} s "
            f"of {entry.time_limit} s"
        )
    if table:
        refused_when_graded(exercise_id, public_table(exercise_id, worked), seeds[:1])
    for shape in shapes:
        refused_when_graded(exercise_id, shape, seeds[:1])
