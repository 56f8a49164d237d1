"""Grade submitted notebooks: run each one, then check every exercise of its lesson afresh.

    python -m puzzles.instructor.grade SUBMISSION.ipynb... [--out grades.csv] [--feedback DIR]

For each submission the grader

1. finds its lesson among the teacher notebooks (``notebooks/`` of this repository, or
   ``--lessons DIR``): by file name, else by a lesson name inside the file name, else by the
   exercise ids its check cells name (``--lesson`` forces one lesson for every submission);
2. executes it top to bottom with nbclient in a fresh kernel: a per-cell time limit
   (``--cell-timeout``), errors allowed cell by cell (the first failing cell is recorded), and
   no network: the kernel runs in a network namespace of its own when the system allows one
   (``unshare``), and refuses connections to anything but the machine itself in any case;
3. then, in that kernel, checks every exercise of the *teacher's* lesson itself: it takes the
   name that the teacher's check cell passes to ``check`` (``N`` for ``check("egg-3", N)``)
   from the student's namespace and calls ``verify`` of a freshly imported checker. Every
   ``puzzles`` module is imported anew first, so a check cell that was deleted or edited, a
   ``check`` or ``verify`` redefined or monkeypatched by the notebook, or a stored output
   cannot change a verdict.

It writes a CSV with one row per exercise (``file, exercise, verdict, detail``), a short
feedback file per submission (``--feedback``, by default ``<csv name>-feedback/``), and
prints a summary table. Verdicts: ``correct``, ``incorrect``, ``not attempted`` (the stub,
or no answer defined), ``not reached`` (the notebook failed before the answer was defined;
the detail names the failing cell), ``check failed`` (a fault of the pack, not the
student's), ``not graded`` (no lesson matches the file, or it is not a notebook).

The grader is a marking aid, not a sandbox: it runs the students' code with the grader's
rights. Run it in a container or a throw-away account for submissions you do not trust.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import nbformat

from puzzles.instructor import course as model

__all__ = [
    "VERDICTS",
    "Row",
    "Submission",
    "default_lessons",
    "grade",
    "grade_submission",
    "match_lesson",
    "anchors",
    "lesson_exercises",
    "write_csv",
    "write_feedback",
    "feedback_names",
    "summary_table",
    "main",
]

VERDICTS = ("correct", "incorrect", "not attempted", "not reached", "check failed", "not graded")
COURSE_MAP = "00-course-map.ipynb"
DEFAULT_CELL_TIMEOUT = 120.0  # seconds a cell of a submission may run
MARKER = "puzzles-grade-result"


@dataclass
class Row:
    """One line of the grade sheet."""

    file: str
    exercise: str
    verdict: str
    detail: str


@dataclass
class Submission:
    """What the grader learnt about one submitted notebook."""

    file: str
    lesson: str = ""
    rows: list[Row] = field(default_factory=list)
    failure: str = ""  # the first cell that failed, in words ("" when every cell ran)
    network: str = ""  # how the kernel was kept off the network
    seconds: float = 0.0

    def count(self, verdict: str) -> int:
        return sum(row.verdict == verdict for row in self.rows)


# -- lessons -----------------------------------------------------------------------------------


def default_lessons() -> Path:
    """The teacher notebooks of this repository (``notebooks/`` next to the package)."""
    return Path(__file__).resolve().parents[2] / "notebooks"


def _lesson_paths(lessons: Path) -> list[Path]:
    return [lesson.path for lesson in model.load(lessons).lessons]


def exercise_cells(notebook: Path) -> dict[str, dict[str, Any]]:
    """Each exercise of a notebook: statement, solution and check cells and answer name."""
    places = model.locate(model.read_notebook(Path(notebook)))
    return {
        i: {
            "exercise": p.statement,
            "solutions": [*p.solutions, *p.arguments],
            "check": p.check,
            "answer": p.answer,
        }
        for i, p in places.items()
    }


@cache
def lesson_exercises(lesson: Path) -> tuple[tuple[str, str], ...]:
    """``(exercise id, answer name)`` of every exercise of a teacher notebook, in its order."""
    return tuple((exercise_id, place["answer"]) for exercise_id, place in exercise_cells(lesson).items())


def match_lesson(submission: Path, lessons: Path) -> Path | None:
    """The teacher notebook a submission answers, or None.

    By file name (``01-worst-case.ipynb``), else by the longest lesson name inside the file
    name (``01-worst-case-alice.ipynb``), else by the exercise ids of its check cells.
    """
    candidates = _lesson_paths(lessons)
    for lesson in candidates:
        if lesson.name == submission.name:
            return lesson
    inside = [lesson for lesson in candidates if lesson.stem in submission.stem]
    if inside:
        return max(inside, key=lambda lesson: len(lesson.stem))
    try:
        named = set(exercise_cells(submission))
    except Exception:  # not a notebook nbformat can read: no ids to go by
        return None
    overlap = {lesson: len(named & {i for i, _ in lesson_exercises(lesson)}) for lesson in candidates}
    best = max(overlap, key=overlap.get, default=None)
    return best if best is not None and overlap[best] > 0 else None


# -- the code run in the student's kernel ----------------------------------------------------------

# Before the student's first cell: refuse network connections to anything but this machine
# (inside a network namespace there is nothing else to reach anyway; this covers the systems
# where no namespace can be made), and note after every cell what the answers' names are
# bound to, so that each exercise is checked on the answer in force at its check cell even
# when the lesson later reuses the name.
_PREAMBLE = """
def _grader_prepare(names):
    import ipaddress
    import socket
    import sys
    import types

    def local(address):
        host = address[0] if isinstance(address, tuple) else address
        if not isinstance(host, str) or host in ("localhost", ""):
            return True
        try:
            return ipaddress.ip_address(host.split("%")[0]).is_loopback
        except ValueError:
            return False  # a host name: resolving it would reach out

    def guard(method):
        def guarded(self, address, *args, **kwargs):
            if self.family in (socket.AF_INET, socket.AF_INET6) and not local(address):
                raise OSError(f"network access is switched off while grading (to {address!r})")
            return method(self, address, *args, **kwargs)

        return guarded

    socket.socket.connect = guard(socket.socket.connect)
    socket.socket.connect_ex = guard(socket.socket.connect_ex)

    from IPython import get_ipython as shell_of_this_kernel

    shell = shell_of_this_kernel()
    record = types.ModuleType("_puzzles_grader")
    record.bindings = []

    def after_cell(result=None):
        namespace = shell.user_ns
        record.bindings.append({name: namespace[name] for name in names if name in namespace})

    shell.events.register("post_run_cell", after_cell)
    sys.modules["_puzzles_grader"] = record


_grader_prepare(NAMES)
del _grader_prepare
"""

# After the student's last cell: fresh copies of every ``puzzles`` module, then ``verify`` on
# each answer as it was bound just before its check cell. The verdicts go to a file.
_VERIFY = """
def _grader_verify(wanted, target):
    import importlib
    import json
    import os
    import sys

    from IPython import get_ipython as shell_of_this_kernel

    namespace = shell_of_this_kernel().user_ns
    record = sys.modules.get("_puzzles_grader")
    bindings = getattr(record, "bindings", [])
    for name in [m for m in sys.modules if m == "puzzles" or m.startswith("puzzles.")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    checker = importlib.import_module("puzzles.course.checker")
    results = {}
    for exercise_id, name, moment in wanted:
        scope = bindings[moment] if moment is not None and moment < len(bindings) else namespace
        if name not in scope:
            results[exercise_id] = ["missing", "", ""]
            continue
        try:
            verdict = checker.verify(exercise_id, scope[name])
            results[exercise_id] = [verdict.status, verdict.message, verdict.output]
        except BaseException as error:  # the check itself could not run
            results[exercise_id] = ["check failed", f"{type(error).__name__}: {error}", ""]
    data = json.dumps(results).encode("utf-8")
    handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
    finally:
        os.close(handle)


_grader_verify(WANTED, TARGET)
del _grader_verify
"""


def _cell_words(cells: list, index: int) -> str:
    """``cell 12 ("N = ...")``: a cell's place (1-based, as a reader counts) and first line."""
    source = cells[index].source.strip().splitlines()
    first = source[0] if source else ""
    if len(first) > 50:
        first = first[:47] + "..."
    return f'cell {index + 1} ("{first}")' if first else f"cell {index + 1}"


def _first_line(cell) -> str:
    lines = cell.source.strip().splitlines()
    return lines[0].strip() if lines else ""


def anchors(submission: Path, lesson: Path) -> dict[str, int | None]:
    """For each exercise of the lesson, the submission's cell before which its answer is taken.

    The submission's own check cell for the exercise; if it was deleted, the next exercise
    statement after the exercise's statement (found by its heading); None (the end of the
    notebook) when neither is there.
    """
    cells = nbformat.read(str(submission), as_version=4).cells
    teacher_cells = nbformat.read(str(lesson), as_version=4).cells
    try:
        checks = exercise_cells(submission)
    except SyntaxError:  # a check cell the student broke: go by the statements
        checks = {}
    statements = [i for i, cell in enumerate(cells) if "exercise" in cell.metadata.get("tags", [])]
    found: dict[str, int | None] = {}
    for exercise_id, place in exercise_cells(lesson).items():
        if exercise_id in checks:
            found[exercise_id] = checks[exercise_id]["check"]
            continue
        found[exercise_id] = None
        if place["exercise"] is not None:
            heading = _first_line(teacher_cells[place["exercise"]])
            own = [i for i in statements if _first_line(cells[i]) == heading]
            if own:
                later = [i for i in statements if i > own[0]]
                found[exercise_id] = later[0] if later else None
    return found


def _run(submission: Path, lesson: Path, cell_timeout: float) -> dict[str, Any]:
    """Execute ``submission`` and verify the lesson's exercises in its kernel (the worker's job)."""
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    wanted = list(lesson_exercises(lesson))
    before = anchors(submission, lesson)
    notebook = nbformat.read(str(submission), as_version=4)
    student_cells = list(notebook.cells)
    failures: list[tuple[int, str]] = []
    executed: list[int] = []  # the student's cells sent to the kernel, in order
    died = ""
    results: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(prefix="puzzles-grade-") as work:
        work_path = Path(work)
        shutil.copy(submission, work_path / submission.name)
        target = str(work_path / f"{MARKER}.json")
        names = sorted({name for _, name in wanted})
        preamble = nbformat.v4.new_code_cell(_PREAMBLE.replace("NAMES", repr(names)))
        notebook.cells = [preamble, *student_cells]
        budget = 120 + sum(_time_limit(exercise_id) + 5 for exercise_id, _ in wanted)

        def on_error(cell, cell_index, execute_reply):
            content = execute_reply["content"]
            if 1 <= cell_index <= len(student_cells):
                failures.append((cell_index - 1, f"{content.get('ename')}: {content.get('evalue')}"))

        client = NotebookClient(
            notebook,
            timeout=int(cell_timeout),
            timeout_func=lambda cell: budget if cell.get("id") == "puzzles-grader" else int(cell_timeout),
            kernel_name="python3",
            allow_errors=True,
            interrupt_on_timeout=True,
            error_on_timeout={
                "ename": "TimeoutError",
                "evalue": f"the cell ran longer than the grader's {cell_timeout:g} s per cell",
            },
            record_timing=False,
            on_cell_error=on_error,
            resources={"metadata": {"path": work}},
        )
        env = dict(os.environ)
        for proxy in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
            env[proxy] = "http://127.0.0.1:9"  # the discard port: nothing gets out through a proxy
        env.pop("no_proxy", None)
        env.pop("NO_PROXY", None)
        try:
            with client.setup_kernel(env=env, cwd=work):
                client.execute_cell(preamble, 0, store_history=False)
                for index, cell in enumerate(student_cells):
                    if cell.cell_type != "code" or not cell.source.strip():
                        continue
                    executed.append(index)
                    try:
                        client.execute_cell(cell, index + 1)
                    except DeadKernelError:
                        died = f"the kernel died in {_cell_words(student_cells, index)}"
                        break
                if not died:
                    # the binding in force before cell a is the record after the last executed
                    # cell above a (record 0 is the preamble's)
                    moments = {
                        exercise_id: None if a is None else sum(1 for i in executed if i < a)
                        for exercise_id, a in before.items()
                    }
                    plan = [(exercise_id, name, moments.get(exercise_id)) for exercise_id, name in wanted]
                    verifier = nbformat.v4.new_code_cell(
                        _VERIFY.replace("WANTED", repr(plan)).replace("TARGET", repr(target))
                    )
                    verifier["id"] = "puzzles-grader"
                    notebook.cells.append(verifier)
                    try:
                        client.execute_cell(verifier, len(notebook.cells) - 1, store_history=False)
                    except DeadKernelError:
                        died = "the kernel died while the exercises were checked"
        except Exception as error:  # the kernel could not start, or nbclient itself failed
            died = f"the notebook could not be run ({type(error).__name__}: {error})"
        if Path(target).exists():
            results = json.loads(Path(target).read_text())
    first = ""
    if failures:
        index, what = failures[0]
        first = f"{_cell_words(student_cells, index)} raised {what}"
    # an answer missing at its check because an earlier cell failed was not reached
    reached = {
        exercise_id: not failures or (a is not None and failures[0][0] >= a)
        for exercise_id, a in before.items()
    }
    return {"results": results, "failure": first, "died": died, "reached": reached}


@cache
def _time_limit(exercise_id: str) -> float:
    from puzzles.course.checker import registration

    try:
        return registration(exercise_id).time_limit
    except ValueError:
        return 5.0


# -- isolation ----------------------------------------------------------------------------------


@cache
def _namespace_prefix() -> tuple[str, ...]:
    """The command prefix that runs a worker in a network namespace of its own, or () if none works."""
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if not unshare or not ip:
        return ()
    prefix = (unshare, "--net", "--map-root-user", "sh", "-c", f'"{ip}" link set lo up && exec "$0" "$@"')
    try:
        probe = subprocess.run(
            [*prefix, sys.executable, "-c", "import socket; socket.socket().bind(('127.0.0.1', 0))"],
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return prefix if probe.returncode == 0 else ()


def _worker(submission: Path, lesson: Path, cell_timeout: float, isolation: str) -> tuple[dict, str]:
    """Run ``_run`` in a child process (in its own network namespace when possible)."""
    prefix: tuple[str, ...] = ()
    network = "refused by the kernel (no network namespace available)"
    if isolation != "none":
        prefix = _namespace_prefix()
        if prefix:
            network = "none (a network namespace of its own)"
        elif isolation == "namespace":
            raise RuntimeError("--isolation namespace: this system cannot make a network namespace (unshare)")
    with tempfile.TemporaryDirectory(prefix="puzzles-grade-worker-") as work:
        out = Path(work) / "result.json"
        command = [
            *prefix,
            sys.executable,
            "-m",
            "puzzles.instructor.grade",
            "--worker",
            str(submission.resolve()),
            str(lesson.resolve()),
            str(cell_timeout),
            str(out),
        ]
        process = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        if out.exists():
            return json.loads(out.read_text()), network
        tail = " / ".join((process.stderr or process.stdout).strip().splitlines()[-3:])
        return {
            "results": {},
            "failure": "",
            "died": "",
            "error": f"the grader could not run: {tail}",
        }, network


# -- grading -------------------------------------------------------------------------------------


def _not_graded(file: str, why: str) -> Submission:
    return Submission(file, rows=[Row(file, "", "not graded", why)])


def grade_submission(
    submission: Path,
    lessons: Path | None = None,
    lesson: Path | None = None,
    cell_timeout: float = DEFAULT_CELL_TIMEOUT,
    isolation: str = "auto",
) -> Submission:
    """Grade one notebook: its lesson's exercises, one row each."""
    file = str(submission)
    started = time.perf_counter()
    if not submission.is_file():
        return _not_graded(file, "there is no such file")
    try:
        nbformat.read(str(submission), as_version=4)
    except Exception as error:
        return _not_graded(file, f"this is not a notebook that Jupyter can open ({type(error).__name__})")
    lessons = lessons or default_lessons()
    lesson = lesson or match_lesson(submission, lessons)
    if lesson is None:
        return _not_graded(
            file, f"no lesson under {lessons} matches this file by name or by the exercises it checks"
        )
    wanted = lesson_exercises(lesson)
    result = Submission(file, lesson=_lesson_name(lesson, lessons))
    if not wanted:
        result.rows.append(Row(file, "", "not graded", f"the lesson {result.lesson} has no exercises"))
        return result
    outcome, result.network = _worker(submission, lesson, cell_timeout, isolation)
    result.failure = outcome["died"] or outcome["failure"]
    for exercise_id, name in wanted:
        found = outcome["results"].get(exercise_id)
        if outcome.get("error"):
            verdict, detail = "check failed", outcome["error"]
        elif outcome["died"] and found is None:
            verdict, detail = "not reached", f"{outcome['died']}, before `{name}` was checked"
        elif found is None:
            verdict = "check failed"
            detail = "the grader could not check this exercise in this notebook's kernel; run it by hand"
        elif found[0] == "missing":
            if not outcome["reached"].get(exercise_id, True):
                verdict = "not reached"
                detail = f"`{name}` is not defined: {outcome['failure']}"
            else:
                verdict, detail = "not attempted", f"the notebook defines no `{name}`"
        else:
            verdict, detail = found[0], found[1]
            if found[2].strip():
                detail += f" Your answer printed: {found[2].strip()[:300]}"
        result.rows.append(Row(file, exercise_id, verdict, detail))
    result.seconds = time.perf_counter() - started
    return result


def _lesson_name(lesson: Path, lessons: Path) -> str:
    try:
        return lesson.resolve().relative_to(lessons.resolve()).as_posix()
    except ValueError:
        return lesson.name


def grade(
    submissions: list[Path],
    lessons: Path | None = None,
    lesson: Path | None = None,
    cell_timeout: float = DEFAULT_CELL_TIMEOUT,
    isolation: str = "auto",
    progress: bool = True,
) -> list[Submission]:
    """Grade every submission in turn, with a progress bar on stderr."""
    from tqdm import tqdm

    graded = []
    bar = tqdm(submissions, desc="grading", unit="notebook", disable=not progress, file=sys.stderr)
    for submission in bar:
        bar.set_postfix_str(submission.name)
        graded.append(grade_submission(submission, lessons, lesson, cell_timeout, isolation))
    return graded


# -- reports -------------------------------------------------------------------------------------


def write_csv(graded: list[Submission], path: Path) -> None:
    """The grade sheet: ``file, exercise, verdict, detail``, one row per exercise."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["file", "exercise", "verdict", "detail"])
        for submission in graded:
            for row in submission.rows:
                writer.writerow([row.file, row.exercise, row.verdict, row.detail])


_ADVICE = {
    "correct": "Well done.",
    "incorrect": "Read the detail: it names the first input where your answer differs.",
    "not attempted": "Replace the `...` with your answer and run the check cell.",
    "not reached": "Fix the failing cell first, then run the whole notebook again (Restart & Run All).",
    "check failed": "This is the course pack's fault, not yours; your instructor will look at it.",
    "not graded": "Ask your instructor which lesson this file belongs to.",
}


def feedback_names(graded: list[Submission]) -> dict[str, str]:
    """A feedback file name per submission: its stem, or its path below the submissions' common
    folder when two submissions share a file name (``alice/01-worst-case.ipynb`` ->
    ``alice--01-worst-case.md``)."""
    stems = Counter(Path(s.file).stem for s in graded)
    paths = [Path(s.file).resolve() for s in graded]
    common = Path(os.path.commonpath(paths)) if len(paths) > 1 else paths[0].parent if paths else Path()
    names = {}
    for submission, path in zip(graded, paths, strict=True):
        if stems[path.stem] == 1:
            names[submission.file] = path.stem + ".md"
        else:
            relative = path.relative_to(common) if path.is_relative_to(common) else Path(path.name)
            names[submission.file] = "--".join(relative.with_suffix("").parts) + ".md"
    return names


def write_feedback(submission: Submission, folder: Path, name: str | None = None) -> Path:
    """A short feedback file for the student (Markdown), named after the submission."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (name or Path(submission.file).stem + ".md")
    graded = [row for row in submission.rows if row.exercise]
    correct = submission.count("correct")
    lines = [f"# Feedback on {Path(submission.file).name}", ""]
    if submission.lesson:
        lines.append(f"Lesson: `{submission.lesson}`. Exercises correct: **{correct} of {len(graded)}**.")
    if submission.failure:
        lines += ["", f"When your notebook was run top to bottom, {submission.failure}."]
    lines.append("")
    for row in submission.rows:
        title = row.exercise or "this file"
        lines.append(f"- **{title}: {row.verdict}.** {row.detail}")
    lines.append("")
    advice = [_ADVICE[v] for v in VERDICTS if v != "correct" and submission.count(v)]
    if advice:
        lines += ["What to do next:", ""] + [f"- {a}" for a in advice] + [""]
    elif graded:
        lines += ["Every exercise is correct. Well done.", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def summary_table(graded: list[Submission]) -> str:
    """One line per submission: its lesson and how many exercises got each verdict."""
    header = [
        "submission",
        "lesson",
        "correct",
        "incorrect",
        "not attempted",
        "not reached",
        "first failing cell",
    ]
    rows = []
    for s in graded:
        exercises = sum(1 for row in s.rows if row.exercise)
        rows.append(
            [
                Path(s.file).name,
                s.lesson or "(not graded)",
                f"{s.count('correct')}/{exercises}",
                str(s.count("incorrect")),
                str(s.count("not attempted")),
                str(s.count("not reached")),
                (s.failure[:60] + "...") if len(s.failure) > 60 else (s.failure or "-"),
            ]
        )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    totals = Counter(row.verdict for s in graded for row in s.rows)
    lines.append("")
    lines.append("verdicts: " + ", ".join(f"{totals[v]} {v}" for v in VERDICTS if totals[v]))
    return "\n".join(line.rstrip() for line in lines)


# -- command line --------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("submissions", nargs="+", type=Path, help="the students' .ipynb files")
    parser.add_argument("--out", type=Path, default=Path("grades.csv"), help="the grade sheet (CSV)")
    parser.add_argument(
        "--feedback",
        type=Path,
        default=None,
        help="folder for one feedback file per submission (default: next to the CSV, <csv name>-feedback/)",
    )
    parser.add_argument(
        "--lessons", type=Path, default=None, help="the teacher notebooks (default: notebooks/)"
    )
    parser.add_argument(
        "--lesson", type=Path, default=None, help="grade every submission against this lesson"
    )
    parser.add_argument(
        "--cell-timeout",
        type=float,
        default=DEFAULT_CELL_TIMEOUT,
        help="seconds a cell may run (default 120)",
    )
    parser.add_argument(
        "--isolation",
        choices=("auto", "namespace", "none"),
        default="auto",
        help="auto: a network namespace when the system allows one; namespace: require it; "
        "none: only the kernel's own refusal of connections",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    lessons = args.lessons or default_lessons()
    graded = grade(args.submissions, lessons, args.lesson, args.cell_timeout, args.isolation, not args.quiet)
    write_csv(graded, args.out)
    feedback = args.feedback or args.out.with_name(args.out.stem + "-feedback")
    names = feedback_names(graded)
    for submission in graded:
        write_feedback(submission, feedback, names[submission.file])
    print(summary_table(graded))
    networks = sorted({s.network for s in graded if s.network})
    if networks:
        print("network while grading: " + "; ".join(networks))
    print(f"grade sheet: {args.out}; feedback files: {feedback}/")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:  # internal: one submission, in the child process
        submission, lesson, cell_timeout, out = argv[1:5]
        outcome = _run(Path(submission), Path(lesson), float(cell_timeout))
        Path(out).write_text(json.dumps(outcome))
        return 0
    parser = argparse.ArgumentParser(prog="dp-puzzles grade", description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
