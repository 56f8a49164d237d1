"""``dp-puzzles``: the instructor's command.

    dp-puzzles student        the student edition: every lesson with no answer in it
    dp-puzzles site           the course site (teacher or student edition)
    dp-puzzles release        commit the student edition of this version, for the launch links
    dp-puzzles grade          grade hand-ins: a gradebook, feedback, arguments to mark
    dp-puzzles nbgrader       the lessons as an nbgrader course
    dp-puzzles nbgrader-grade an nbgrader course's submissions graded, points into its gradebook
    dp-puzzles catalogue      the course map's lesson table and the table of exercises
    dp-puzzles check-strength how many wrong answers each exercise's check catches

``dp-puzzles COMMAND --help`` describes every option of a command. Each command reads the
course from ``notebooks/_toc.yml`` of the repository the package is installed from, wherever
it is run (``--source`` or ``--notebooks`` point it elsewhere).
"""

from __future__ import annotations

import argparse
import importlib
import sys

__all__ = ["COMMANDS", "parser", "main"]

# command -> (module, one line of help); each module has add_arguments(parser) and run(args)
COMMANDS: dict[str, tuple[str, str]] = {
    "student": ("puzzles.instructor.student", "write the student edition: every lesson with no answer in it"),
    "site": ("puzzles.instructor.site", "build the course site, teacher or student edition"),
    "release": (
        "puzzles.instructor.release",
        "commit the student edition of this version (tag and branch) for the sites' launch links",
    ),
    "grade": ("puzzles.instructor.grade", "grade hand-ins: a gradebook, feedback, arguments to mark"),
    "nbgrader": ("puzzles.instructor.nbgrader", "write the lessons as an nbgrader course"),
    "nbgrader-grade": (
        "puzzles.instructor.nbgrader_grade",
        "grade an nbgrader course's submissions with the pack's grader, into nbgrader's gradebook",
    ),
    "catalogue": ("puzzles.instructor.catalogue", "print or rewrite the course's generated tables"),
    "check-strength": (
        "puzzles.instructor.strength",
        "mutate each worked solution and report how many mutants each check catches",
    ),
}


def parser() -> argparse.ArgumentParser:
    """The command line, with every subcommand's options."""
    top = argparse.ArgumentParser(
        prog="dp-puzzles",
        description="The instructor's tools of the Puzzles & Dynamic Programming course pack.",
        epilog="dp-puzzles COMMAND --help describes every option of a command.",
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, summary) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            continue  # a command whose module is not part of this build
        description = (module.__doc__ or summary).strip()
        sub = commands.add_parser(
            name,
            help=summary,
            description=description,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        sub.set_defaults(run=module.run)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
