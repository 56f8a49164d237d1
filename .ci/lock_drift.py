"""What the newest releases change against requirements.lock: a Markdown report.

    python .ci/lock_drift.py requirements.lock freeze.txt

``freeze.txt`` is ``pip freeze --all --exclude-editable`` of an environment installed without the
lock (the scheduled job in .github/workflows/newest-releases.yml). Pins whose markers do not
hold for this interpreter and platform are left out. The report lists every package whose
version differs, and those that only one side has; it exits 0 (the tests decide the job).
"""

import re
import sys
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name


def locked(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)(?: ; (.+?))?(?: \\)?$", line)
        if match and (match.group(3) is None or Marker(match.group(3)).evaluate()):
            pins[canonicalize_name(match.group(1))] = match.group(2)
    return pins


def frozen(path: Path) -> dict[str, str]:
    versions = {}
    for line in path.read_text().splitlines():
        if "==" in line and not line.startswith(("#", "-e")):
            name, version = line.split("==", 1)
            if canonicalize_name(name) != "pip":  # the installer, not part of the lock
                versions[canonicalize_name(name)] = version.strip()
    return versions


def report(lock: dict[str, str], newest: dict[str, str]) -> str:
    rows = []
    for name in sorted(set(lock) | set(newest)):
        old, new = lock.get(name, "-"), newest.get(name, "-")
        if old != new:
            rows.append(f"| {name} | {old} | {new} |")
    if not rows:
        return "## The newest releases\n\nNothing moved: the lock holds the newest release of each package.\n"
    return "\n".join(
        [
            "## The newest releases against requirements.lock",
            "",
            f"{len(rows)} package(s) differ. To take them: `make lock UPGRADE=1`, `make venv`,",
            "`make notebooks`, review the diff, `make test`, commit.",
            "",
            "| package | lock | newest |",
            "|---|---|---|",
            *rows,
            "",
        ]
    )


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python .ci/lock_drift.py requirements.lock freeze.txt")
    print(report(locked(Path(sys.argv[1])), frozen(Path(sys.argv[2]))))
