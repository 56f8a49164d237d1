"""``python -m puzzles.bench``: time every benchmark an issue names and print a table.

Each unit contributes ``puzzles/<unit>/benchmarks.py`` with a list ``BENCHMARKS`` of
``Benchmark`` objects; this runner finds them all. Options: ``--unit egg`` runs one unit,
``--skip-notebooks`` leaves out the (slow) whole-notebook timings.
Benchmarks print; tests never assert on time.

``python -m puzzles.bench --caps`` prints the cost caps instead: each function whose time or
memory grows with its arguments serves inputs up to a declared limit (a module constant) and
refuses more with a sentence naming the limit and a faster way. Each unit's ``CAPS`` lists
``Cap`` objects: the function, its largest input, a call at the cap (timed here) and a call
just beyond it (which must be refused at once).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import puzzles

__all__ = ["Benchmark", "Cap", "discover", "discover_caps", "run", "run_caps", "notebook_benchmarks", "main"]


@dataclass(frozen=True)
class Benchmark:
    """One timed task: ``task()`` runs ``repeats`` times and the median is compared with ``limit`` seconds."""

    name: str
    size: str
    target: str
    limit: float
    task: Callable[[], object]
    repeats: int = 5
    notebook: bool = False


@dataclass(frozen=True)
class Cap:
    """A cost cap: ``function`` serves inputs up to ``largest``; ``at_cap()`` calls it there (the
    call is named in ``call``) and ``beyond()`` just past it, where it must raise ValueError."""

    function: str
    largest: str
    call: str
    at_cap: Callable[[], object]
    beyond: Callable[[], object]


def _units(unit: str | None) -> list[object]:
    modules = []
    for module in sorted(pkgutil.iter_modules(puzzles.__path__), key=lambda m: m.name):
        if not module.ispkg or module.name == "course" or (unit and module.name != unit):
            continue
        try:
            modules.append(importlib.import_module(f"puzzles.{module.name}.benchmarks"))
        except ModuleNotFoundError:
            continue
    return modules


def discover_caps(unit: str | None = None) -> list[Cap]:
    """Every unit's ``CAPS``, in unit order."""
    return [cap for module in _units(unit) for cap in getattr(module, "CAPS", [])]


def run_caps(caps: list[Cap]) -> list[tuple[Cap, float, str]]:
    """Time each call at its cap once, check that the call beyond is refused; print a table."""
    print(f"{'function':<43} {'largest input':<45} {'timed at the cap':<44} {'time':>9}  beyond")
    print("-" * 156)
    results = []
    for cap in caps:
        start = time.perf_counter()
        cap.at_cap()
        seconds = time.perf_counter() - start
        try:
            cap.beyond()
            refused = "SERVED"
        except ValueError:
            refused = "refused"
        print(
            f"{cap.function:<43} {cap.largest:<45} {cap.call:<44} {_seconds(seconds):>9}  {refused}",
            flush=True,
        )
        results.append((cap, seconds, refused))
    return results


def discover(unit: str | None = None) -> list[Benchmark]:
    """Every unit's ``BENCHMARKS``, in unit order."""
    found: list[Benchmark] = []
    for module in sorted(pkgutil.iter_modules(puzzles.__path__), key=lambda m: m.name):
        if not module.ispkg or module.name == "course" or (unit and module.name != unit):
            continue
        try:
            benchmarks = importlib.import_module(f"puzzles.{module.name}.benchmarks")
        except ModuleNotFoundError:
            continue
        found.extend(benchmarks.BENCHMARKS)
    return found


def notebook_benchmarks(unit: str) -> list[Benchmark]:
    """One benchmark per lesson notebook of ``unit`` (the package name; notebook folders write
    ``_`` as ``-``): execute it top to bottom (nbclient)."""
    folder = Path(puzzles.__file__).resolve().parents[1] / "notebooks" / unit.replace("_", "-")
    benchmarks = []
    for path in sorted(folder.glob("*.ipynb")):

        def execute(path: Path = path) -> None:
            import nbclient
            import nbformat

            notebook = nbformat.read(path, as_version=4)
            nbclient.NotebookClient(
                notebook,
                timeout=600,
                kernel_name="python3",
                resources={"metadata": {"path": str(path.parent)}},
            ).execute()

        benchmarks.append(
            Benchmark(f"notebook {path.name}", "whole notebook", "< 60 s", 60.0, execute, 1, notebook=True)
        )
    return benchmarks


def _seconds(value: float) -> str:
    if value < 1e-3:
        return f"{value * 1e6:.0f} us"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def run(benchmarks: list[Benchmark]) -> list[tuple[Benchmark, float]]:
    """Time each benchmark (median of its repeats) and print one table row as it finishes."""
    print(f"{'benchmark':<46} {'size':<30} {'median':>10}  {'target':<22} met")
    print("-" * 118)
    results = []
    for bench in benchmarks:
        times = []
        for _ in range(bench.repeats):
            start = time.perf_counter()
            bench.task()
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        met = "yes" if median <= bench.limit else "NO"
        print(
            f"{bench.name:<46} {bench.size:<30} {_seconds(median):>10}  {bench.target:<22} {met}", flush=True
        )
        results.append((bench, median))
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Run the course pack's benchmarks.")
    parser.add_argument("--unit", help="run only this unit's benchmarks (e.g. egg)")
    parser.add_argument("--skip-notebooks", action="store_true", help="leave out whole-notebook timings")
    parser.add_argument("--caps", action="store_true", help="print the cost caps, timed at the cap, instead")
    args = parser.parse_args(argv)
    if args.caps:
        run_caps(discover_caps(args.unit))
        return
    benchmarks = discover(args.unit)
    if not args.skip_notebooks:
        units = sorted({b.task.__module__.split(".")[1] for b in benchmarks})
        for unit in units:
            benchmarks.extend(notebook_benchmarks(unit))
    run(benchmarks)


if __name__ == "__main__":
    main()
