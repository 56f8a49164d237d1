"""``dp-puzzles check-strength``: mutants of the worked solutions, run through the checks.

The mutator is tested on a made-up cell (one mutant of each kind the issue names); the runner
on a few mutants of two egg exercises (some killed, one known to be equivalent and listed as
such), and on a small course whose check is deliberately weak, where a mutant survives and the
tool says so. The whole course is measured by ``make check-strength``, not here.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import nbformat
import pytest

from puzzles.course import checker
from puzzles.course.checker import Plan, Stage, whole
from puzzles.instructor import course as model
from puzzles.instructor import strength
from puzzles.instructor.mutants import OPERATORS, mutations

ROOT = Path(__file__).resolve().parents[2]

CELL = textwrap.dedent(
    '''\
    # Worked solution: a comment that every mutant keeps.
    def best(items, limit):
        """A docstring, never mutated."""
        ranked = sorted(items, key=lambda item: (item[1], item[0]))
        total = 0
        for i in range(1, limit):
            if total / 2 >= limit:
                break
            total += min(ranked[i][1], limit) * 2
        return max(total // 3, 0), comb(limit, 2)
    '''
)


def _changes(source: str) -> set[tuple[str, str, str]]:
    return {(m.operator, m.before, m.after) for m in mutations(source)}


@pytest.mark.parametrize(
    "operator, before, after",
    [
        ("constant+1", "total = 0", "total = 1"),  # constants off by one
        ("constant-1", "total = 0", "total = -1"),
        ("swap-operator", "if total / 2 >= limit:", "if total / 2 > limit:"),  # < for <=
        ("comparison-negated", "if total / 2 >= limit:", "if total / 2 < limit:"),
        ("swap-operator", "total += min(ranked[i][1], limit) * 2", "total -= min(ranked[i][1], limit) * 2"),
        ("arithmetic", "total += min(ranked[i][1], limit) * 2", "total += min(ranked[i][1], limit) // 2"),
        ("arithmetic", "if total / 2 >= limit:", "if total // 2 >= limit:"),  # / for //
        (
            "swap-operator",
            "return max(total // 3, 0), comb(limit, 2)",
            "return max(total / 3, 0), comb(limit, 2)",
        ),
        ("drop-call", "ranked = sorted(items, key=lambda item: (item[1], item[0]))", "ranked = items"),
        ("min-max", "return max(total // 3, 0), comb(limit, 2)", "return min(total // 3, 0), comb(limit, 2)"),
        (
            "tie-break",
            "ranked = sorted(items, key=lambda item: (item[1], item[0]))",
            "ranked = sorted(items, key=lambda item: (item[1],))",
        ),
        (
            "swap-arguments",
            "return max(total // 3, 0), comb(limit, 2)",
            "return max(total // 3, 0), comb(2, limit)",
        ),
        (
            "swap-items",
            "return max(total // 3, 0), comb(limit, 2)",
            "return comb(limit, 2), max(total // 3, 0)",
        ),
        ("drop-statement", "break", "pass"),  # an early exit removed
        ("keyword", "break", "return"),  # an early return
        ("condition", "if total / 2 >= limit:", "if True:"),
        ("condition", "if total / 2 >= limit:", "if False:"),
        ("range", "for i in range(1, limit):", "for i in range(1, limit + 1):"),  # the neighbouring case
        ("range", "for i in range(1, limit):", "for i in range(2, limit):"),
        ("drop-argument", "for i in range(1, limit):", "for i in range(limit):"),
    ],
)
def test_the_mutator_makes_each_kind_of_mistake_the_issue_names(operator, before, after):
    assert (operator, before, after) in _changes(CELL)


def test_a_mutant_changes_one_place_and_keeps_comments_layout_and_docstrings():
    found = mutations(CELL)
    assert len(found) > 40
    assert {m.operator for m in found} <= set(OPERATORS)
    lines = CELL.splitlines()
    for mutant in found:
        new = mutant.source.splitlines()
        assert new[:2] == lines[:2] and new[2] == lines[2]  # the comment and the docstring
        changed = [i for i, (a, b) in enumerate(zip(lines, new, strict=False)) if a != b]
        assert changed and changed[0] + 1 == mutant.line
        compile(mutant.source, "<mutant>", "exec")
    assert len({m.source for m in found}) == len(found)  # no mutant twice
    assert not any("None" in m.after and "None" not in m.before for m in found)  # mutmut's None-for-a-value


def test_mutants_that_are_the_same_program_are_made_once():
    found = mutations("def f(n):\n    return sum(range(1, n))\n")
    afters = [m.after for m in found]
    assert "return sum(range(2, n))" in afters  # by the range operator or the constant one, but once
    assert not any("1 + 1" in after for after in afters)


# -- a sample of egg's mutants, through the real checks ---------------------------------------------

SAMPLE = {
    # (exercise, operator, changed line, its replacement): the verdict expected
    ("egg-3", "constant+1", "full_blocks = (t - 1) * t * (2 * t - 1) // 6", "// 7"): strength.KILLED,
    ("egg-3", "swap-operator", "t += 1", "t -= 1"): strength.KILLED,
    ("egg-3", "arithmetic", "return k + full_blocks + t * (k - t * (t - 1) // 2)", "* 2)"): strength.KILLED,
    ("egg-1", "swap-items", "return k - (t - 1) * t // 2, t", "return t, "): strength.KILLED,
    ("egg-1", "constant+1", "t = (isqrt(8 * k + 1) - 1) // 2", "8 * k + 2"): strength.EQUIVALENT,
}


def _sampled_by(key: tuple[str, str, str, str], mutant: strength.Mutant) -> bool:
    exercise, operator, before, part = key
    return (
        mutant.exercise == exercise
        and mutant.operator == operator
        and mutant.mutation.before.startswith(before)
        and part in mutant.mutation.after
    )


def _sampled(mutant: strength.Mutant) -> bool:
    return any(_sampled_by(key, mutant) for key in SAMPLE)


def test_a_sample_of_egg_mutants_is_killed_and_a_listed_equivalent_one_is_recognised():
    course = model.load()
    result = strength.measure(
        course,
        strength.select(course, ["egg-3", "egg-1"]),
        jobs=2,
        keep=_sampled,
        progress=False,
    )
    assert [e.exercise for e in result.exercises] == ["egg-1", "egg-3"]  # course order
    outcomes = {}
    for exercise in result.exercises:
        assert exercise.measured, exercise.why_not
        assert 0 < exercise.worked_seconds and exercise.mutant_limit <= exercise.check_limit
        for outcome in exercise.outcomes:
            key = next(k for k in SAMPLE if _sampled_by(k, outcome.mutant))
            outcomes[key] = outcome
    assert {key: outcome.status for key, outcome in outcomes.items()} == SAMPLE
    equivalent = outcomes[("egg-1", "constant+1", "t = (isqrt(8 * k + 1) - 1) // 2", "8 * k + 2")]
    assert "square" in equivalent.equivalent.reason
    egg_1 = result.exercises[0]
    assert (
        egg_1.considered == 1 and egg_1.kill_rate == 1.0 and not egg_1.stale
    )  # a sample judges no entry stale
    killed = outcomes[("egg-3", "swap-operator", "t += 1", "t -= 1")]
    assert killed.message.startswith("Not yet (egg-3): at k = ")


def test_the_reviewed_file_names_real_exercises_and_operators_with_a_reason_each():
    course = model.load()
    entries = strength.load_equivalents(course.root / strength.EQUIVALENTS)
    ids = {exercise.id for exercise in course.exercises}
    assert entries
    for entry in entries:
        assert entry.exercise in ids and entry.operator in OPERATORS
        assert entry.line != entry.becomes and len(entry.reason) > 20


# -- a small course whose check is deliberately weak -----------------------------------------------

WEAK_TOC = """
format: jb-book
root: 00-course-map
parts:
  - caption: Triangles
    unit: weak
    chapters:
      - file: weak/01-triangles
        title: Triangles
        minutes: 20
"""
WORKED = "# Worked solution.\ndef T(k):\n    return k * (k + 1) // 2\n"
SURVIVOR = ("constant+1", "return k * (k + 1) // 2", "return k * (k + 2) // 2")


def _triangles(sizes):
    def make_plan() -> Plan:
        return Plan(
            [Stage([(k,) for k in sizes], reference=lambda k: k * (k + 1) // 2, label="some k")],
            what="your T(k)",
            kind=whole,
            passed="your T(k) is right.",
        )

    return make_plan


@pytest.fixture
def weak_course(tmp_path):
    """A course of one exercise, weak-1, whose check tries k = 1 only (k * (k + 2) // 2 = 1 there too)."""
    root = tmp_path / "notebooks"
    (root / "weak").mkdir(parents=True)
    (root / "_toc.yml").write_text(textwrap.dedent(WEAK_TOC))
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Triangles"),
        nbformat.v4.new_code_cell("from puzzles.course import check"),
        nbformat.v4.new_markdown_cell(
            "### Exercise 1\n\nT(k) = 1 + ... + k.", metadata={"tags": ["exercise"]}
        ),
        nbformat.v4.new_code_cell(WORKED, metadata={"tags": ["solution"]}),
        nbformat.v4.new_code_cell('check("weak-1", T)', metadata={"tags": ["check"]}),
    ]
    nbformat.write(notebook, root / "weak" / "01-triangles.ipynb")
    nbformat.write(nbformat.v4.new_notebook(), root / "00-course-map.ipynb")
    (tmp_path / "README.md").write_text(f"# A course\n\n{strength.SUMMARY[0]}\n{strength.SUMMARY[1]}\n")
    checker.exercise("weak-1", names="k")(_triangles([1]))
    yield root
    checker._REGISTRY.pop("weak-1", None)


def test_a_weak_check_lets_a_mutant_survive_and_the_tool_reports_it(weak_course, capsys):
    course = model.load(weak_course)
    result = strength.measure(course, course.exercises, jobs=1, progress=False)
    (weak,) = result.exercises
    survivors = {
        (o.mutant.operator, o.mutant.mutation.before, o.mutant.mutation.after) for o in weak.survivors
    }
    assert SURVIVOR in survivors
    assert weak.kill_rate < strength.GOAL and not weak.meets_goal and not result.ok
    text = strength.describe(result)
    assert "weak-1: kill rate" in text and "below the goal of 90%" in text
    assert "      - return k * (k + 1) // 2\n      + return k * (k + 2) // 2" in text
    report = strength.report(result)
    assert "```diff\n- return k * (k + 1) // 2\n+ return k * (k + 2) // 2\n```" in report
    assert "**below 90%**" in report
    # the command says so too, and fails
    code = strength.main(["--notebooks", str(weak_course), "--no-progress", "--jobs", "1"])
    assert code == 1
    assert "+ return k * (k + 2) // 2" in capsys.readouterr().out


def test_the_same_mutant_is_killed_by_a_stronger_check(weak_course):
    checker._REGISTRY.pop("weak-1")
    checker.exercise("weak-1", names="k")(_triangles(range(1, 30)))
    course = model.load(weak_course)
    result = strength.measure(course, course.exercises, jobs=1, progress=False, keep=_is_survivor)
    (outcome,) = result.exercises[0].outcomes
    assert outcome.status == strength.KILLED
    assert "smallest counterexample at k = 2" in outcome.message


def _is_survivor(mutant) -> bool:
    return (mutant.operator, mutant.mutation.before, mutant.mutation.after) == SURVIVOR


def _entry(operator, line, becomes, reason="it is listed to test the tool, and computes the same"):
    return (
        f'[[weak-1]]\noperator = "{operator}"\nline = "{line}"\nbecomes = "{becomes}"\nreason = "{reason}"\n'
    )


def test_equivalent_entries_count_neither_way_and_stale_or_wrong_ones_are_reported(weak_course):
    path = weak_course / strength.EQUIVALENTS
    path.write_text(
        _entry(*SURVIVOR)  # survives: equivalent as far as this weak check can tell
        + _entry("swap-operator", "return k * (k + 1) // 2", "return k * (k - 1) // 2")  # refused: wrong
        + _entry("constant+1", "return k * (k + 1) // 2", "return k * (k + 9) // 2")  # matches nothing
    )
    course = model.load(weak_course)
    result = strength.measure(course, course.exercises, jobs=1, progress=False)
    (weak,) = result.exercises
    equivalent = [o for o in weak.outcomes if o.status == strength.EQUIVALENT]
    assert [(o.mutant.mutation.after, o.equivalent.reason[:9]) for o in equivalent] == [
        ("return k * (k + 2) // 2", "it is lis")
    ]
    assert weak.considered == len(weak.outcomes) - 1
    assert [e.becomes for e in weak.stale] == ["return k * (k + 9) // 2"]
    assert [o.mutant.mutation.after for o in weak.refused] == ["return k * (k - 1) // 2"]
    text = strength.describe(result)
    assert "stale entry in equivalent-mutants.toml" in text and "but the check refuses it" in text
    assert not result.ok


@pytest.mark.parametrize(
    "content, why",
    [
        ("[weak-1]\noperator = 'range'\n", "must be written [[weak-1]]"),
        (
            "[[weak-1]]\noperator = 'range'\nline = 'a'\nbecomes = 'b'\n",
            "needs operator, line, becomes and reason",
        ),
        (_entry("no-such", "a", "b"), "unknown operator 'no-such'"),
        (_entry("range", "a", "b", reason=""), "the reason is one line"),
        ("[[weak-1]\n", "is not valid TOML"),
    ],
)
def test_a_damaged_reviewed_file_is_one_sentence_naming_it(tmp_path, content, why):
    path = tmp_path / strength.EQUIVALENTS
    path.write_text(content)
    with pytest.raises(strength.StrengthError, match=re.escape(why)):
        strength.load_equivalents(path)


def test_write_rewrites_the_report_and_the_readme_table_from_a_whole_run(weak_course):
    course = model.load(weak_course)
    result = strength.measure(course, course.exercises, jobs=1, progress=False)
    changed = strength.write(result, course)
    assert changed == [weak_course / strength.REPORT, weak_course.parent / "README.md"]
    readme = (weak_course.parent / "README.md").read_text()
    assert "| [weak-1](notebooks/weak/01-triangles.ipynb) |" in readme
    assert strength.write(result, course) == []  # nothing changes the second time
    # a partial run may not rewrite the report of the whole course
    assert strength.main(["--notebooks", str(weak_course), "--unit", "weak", "--write"]) == 2


def test_unknown_exercises_and_units_are_refused_with_the_known_ones(weak_course):
    course = model.load(weak_course)
    with pytest.raises(strength.StrengthError, match="no exercise 'weak-9'; it has weak-1"):
        strength.select(course, ["weak-9"])
    with pytest.raises(strength.StrengthError, match="no unit 'egg'; it has weak"):
        strength.select(course, units=["egg"])


def test_help_describes_every_option():
    import argparse

    parser = argparse.ArgumentParser()
    strength.add_arguments(parser)
    for action in parser._actions:
        assert action.help, f"{action.option_strings} has no help"
    text = parser.format_help()
    for option in (
        "--exercise",
        "--unit",
        "--operator",
        "--jobs",
        "--time-factor",
        "--time-margin",
        "--notebooks",
        "--equivalents",
        "--write",
        "--no-progress",
    ):
        assert option in text


# -- the committed report and the README agree ------------------------------------------------------


def _table(text: str, prefix: str) -> list[str]:
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    return [row.replace(f"]({prefix}", "](") for row in rows]


def test_the_readme_shows_the_reports_table():
    report = (ROOT / "notebooks" / strength.REPORT).read_text()
    readme = (ROOT / "README.md").read_text()
    start, end = strength.SUMMARY
    block = readme.split(start, 1)[1].split(end, 1)[0]
    table = report.split("## Kill rates", 1)[1].split("## ", 1)[0]
    assert _table(block, "notebooks/") == _table(table, "") and _table(table, "")
    assert table.strip().splitlines()[-1] in block  # the totals and the run's time


def test_a_mutant_whose_cells_never_finish_is_stopped_and_set_aside():
    source = "def T(k):\n    return k\nwhile True:\n    pass\n"
    with pytest.raises(strength._TooLong, match="still running after 0.3 s"):
        strength._define({}, [source], "T", "<mutant>", 0.3)
    assert strength._define({}, [source.split("while")[0]], "T", "<mutant>", 0.3)(4) == 4


# -- student-shaped answers beside the mutants ----------------------------------------------------------


def _shapes_folder(tmp_path: Path) -> Path:
    """A tests folder whose student_shapes declare, for matchsticks-1, one answer the notebook's
    check refuses, one it accepts that the grader's hidden cases refuse, and the worked solution
    itself (a "wrong" answer the checks accept: the tool must say accepted)."""
    package = tmp_path / "tests" / "support" / "student_shapes"
    package.mkdir(parents=True)
    (tmp_path / "tests" / "support" / "__init__.py").write_text("")
    source = (ROOT / "tests" / "support" / "student_shapes" / "__init__.py").read_text()
    (package / "__init__.py").write_text(source)
    (package / "matchsticks.py").write_text(
        textwrap.dedent(
            '''\
            from . import shape


            @shape("matchsticks-1", "off by one")
            def always_one(*arguments):
                """Says 1 whatever it is asked."""
                return 1
            '''
        )
    )
    return tmp_path / "tests"


def test_check_strength_runs_the_student_shaped_answers_and_says_which_got_through(tmp_path, monkeypatch):
    from puzzles.instructor import shape_check
    from support.adversaries import worked_answer
    from support.shapes import public_table

    folder = _shapes_folder(tmp_path)
    shapes = shape_check.load(folder)
    worked = worked_answer(ROOT / "notebooks/matchsticks/01-the-match-stick-puzzle.ipynb", "matchsticks-1")
    Shape = type(shapes["matchsticks-1"][0])
    shapes["matchsticks-1"] += [
        Shape(
            "matchsticks-1",
            "fitted to the public cases",
            "table",
            public_table("matchsticks-1", worked),
            "A table.",
        ),
        Shape("matchsticks-1", "greedy", "worked", worked, "The worked solution, to show an accepted row."),
    ]
    outcomes = shape_check.run(shapes, ["matchsticks-1"], jobs=1, progress=False)
    assert [(o.name, o.status, o.as_expected) for o in outcomes] == [
        ("always_one", shape_check.REFUSED, True),
        ("table", shape_check.GRADED, True),
        ("worked", shape_check.ACCEPTED, False),
    ]
    text = shape_check.section(outcomes, [("matchsticks-1", "matchsticks/01-the-match-stick-puzzle.ipynb")])
    assert "| 3 | fitted to the public cases, greedy, off by one | 1 | 1 | 1 **!** |" in text
    assert (
        "`worked` (greedy): The worked solution, to show an accepted row. **accepted** **(not as expected)**"
        in text
    )
    assert "grader drew" in outcomes[1].message


def test_check_strength_shapes_only_rewrites_only_their_section(tmp_path):
    report = tmp_path / "notebooks" / strength.REPORT
    report.parent.mkdir()
    report.write_text(
        "# kept\n\n<!-- student-shapes:start -->\nold\n<!-- student-shapes:end -->\n\nkept too\n"
    )
    course = model.load()
    folder = _shapes_folder(tmp_path)
    args = ["--shapes-only", "--exercise", "matchsticks-1", "--shapes", str(folder), "--no-progress"]
    assert strength.main(args) == 0
    outcome = strength.Strength([], 0.0, 1, report.parent / strength.EQUIVALENTS)
    from puzzles.instructor import shape_check

    outcome.exercises = [strength.ExerciseStrength("matchsticks-1", "h", "l", False, "not run")]
    outcome.shapes = shape_check.run(shape_check.load(folder), ["matchsticks-1"], progress=False)
    assert strength.write(outcome, course, report) == [report]
    text = report.read_text()
    assert text.startswith("# kept\n\n<!-- student-shapes:start -->\n## Student-shaped wrong answers")
    assert text.endswith("<!-- student-shapes:end -->\n\nkept too\n")
    assert "always_one" in text and "old" not in text
    assert strength.main(["--shapes-only", "--no-shapes"]) == 2
