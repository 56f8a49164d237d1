"""``python -m puzzles.bench``: time every benchmark an issue names and print a table.

Each unit contributes ``puzzles/<unit>/benchmarks.py`` with a list ``BENCHMARKS`` of
``Benchmark`` objects; this runner finds them all. Options: ``--unit egg`` runs one unit,
``--skip-notebooks`` leaves out the (slow) whole-notebook timings.
Benchmarks print; tests never assert on time.

``python -m puzzles.bench --caps`` prints the cost caps instead: each function whose time or
memory grows with its arguments serves inputs up to a declared limit (a module constant) and
refuses more with a sentence naming the limit and a faster way. Each unit's ``CAPS`` lists
``Cap`` objects: the function, its largest input, a call at the cap on the worst input the cap
admits (random long Fractions, the worst matrix shape: timed here, with its peak memory, in a
child process) and a call just beyond it (which must be refused at once). A cap that measures
its cost as the computation goes shows "stopped" and the time it took to stop.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import puzzles

__all__ = [
    "Benchmark",
    "Cap",
    "discover",
    "discover_caps",
    "largest_admitted",
    "main",
    "notebook_benchmarks",
    "refused",
    "run",
    "run_caps",
]


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
    call is named in ``call``; with ``setup``, ``at_cap(setup())``, the setup untimed) and
    ``beyond()`` just past it, where it must raise ValueError."""

    function: str
    largest: str
    call: str
    at_cap: Callable[..., object]
    beyond: Callable[[], object]
    setup: Callable[[], object] | None = None  # builds the worst input, untimed: at_cap(input)


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


def largest_admitted(
    make: Callable[[int], object], admitted: Callable[[object], bool], low: int, high: int
) -> object:
    """``make(size)`` for the largest size in low..high that ``admitted`` accepts (bisection):
    the worst input a cap lets through, for timing it at the cap (``make(low)`` must be admitted)."""
    while low < high:
        middle = (low + high + 1) // 2
        if admitted(make(middle)):
            low = middle
        else:
            high = middle - 1
    return make(low)


def refused(call: Callable[[], object]) -> bool:
    """True when ``call()`` raises ValueError (a cap's sentence), False when it is served."""
    try:
        call()
    except ValueError:
        return True
    return False


def _measured(
    call: Callable[..., object], setup: Callable[[], object] | None = None
) -> tuple[float, float, str]:
    """(seconds, peak memory in MB beyond the start, outcome) of ``call()`` in a forked child,
    so that each cap's memory is its own."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.close(read_end)
            arguments = () if setup is None else (setup(),)
            with open("/proc/self/statm") as statm:
                start_rss = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            start = time.perf_counter()
            try:
                call(*arguments)
                outcome = "served"
            except ValueError as error:
                outcome = f"stopped: {str(error)[:60]}"
            seconds = time.perf_counter() - start
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - start_rss
            os.write(write_end, json.dumps([seconds, max(peak, 0) / 2**20, outcome]).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 1 << 16):
        data += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    if not data:
        return float("nan"), float("nan"), "the child died"
    seconds, megabytes, outcome = json.loads(data)
    return seconds, megabytes, outcome


def run_caps(caps: list[Cap]) -> list[tuple[Cap, float, str]]:
    """Time each call at its cap once (in a child process: time and peak memory), check that the
    call beyond is refused; print a table."""
    print(
        f"{'function':<43} {'largest input':<45} {'timed at the cap':<52} {'time':>9} {'memory':>8}  beyond"
    )
    print("-" * 175)
    results = []
    for cap in caps:
        seconds, megabytes, outcome = _measured(cap.at_cap, cap.setup)
        verdict = "refused" if refused(cap.beyond) else "SERVED"
        note = "" if outcome == "served" else f"  ({outcome})"
        print(
            f"{cap.function:<43} {cap.largest:<45} {cap.call:<52} {_seconds(seconds):>9} "
            f"{megabytes:>5.0f} MB  {verdict}{note}",
            flush=True,
        )
        results.append((cap, seconds, verdict))
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
