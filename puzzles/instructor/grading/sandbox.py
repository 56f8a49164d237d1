"""The sandbox a hand-in's code runs in: bubblewrap (``bwrap``, Debian's ``bubblewrap``).

Every group of a hand-in's exercises (the exercises that close the same modules) runs in a
sandbox of its own, made by ``command``:

* no network and namespaces of its own (``--unshare-all``), no capabilities, no further user
  namespaces; it dies with the grader (``--die-with-parent``) and everything it started dies
  with it (its own process namespace); a terminal session of its own (``--new-session``);
* the system (``/usr``), the Python and its dependencies, read-only; the instructor's
  site-packages may be among them, but the pack's own files there (an editable install's
  hooks, ``direct_url.json``, an installed ``puzzles``) are covered, and the checkout is not
  in the sandbox at all;
* the pack, read-only, as ``Pack`` installed it: built as a wheel from the instructor's copy
  and unpacked into a throwaway folder for this grading run, then, for each set of closed
  modules, a view of it without their files (no source, no bytecode, no data);
* a private copy of the hand-in, read-only; a private home, ``/tmp`` and ``/dev/shm``
  (memory file systems, size-limited), gone when the sandbox ends;
* limits set before it starts (``limits``): memory (``RLIMIT_AS``), processor time, file size,
  processes.

Nothing else of the machine is in it: not the class folder, not the other hand-ins, not the
teacher notebooks, not the grader's records or gradebook. The runner inside reports on a pipe
the grader reads; the grader alone writes records, outside.

The closed modules are not files in the sandbox: the grader sends their source with the
instruction and the runner serves them from memory until it closes them (``guard.close``),
before the first cell of the student's. A closed unit's data travels the same way and is
written to a private memory file system for the pack's own code to read while the runner
builds the checks' inputs, then deleted, also before the first cell of the student's.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import functools
import os
import resource
import shutil
import site
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "INSTALL",
    "PACK_DIR",
    "CLOSED_DIR",
    "HOME",
    "Unavailable",
    "unavailable",
    "Pack",
    "View",
    "Limits",
    "command",
    "pack",
]

INSTALL = "sudo apt-get install bubblewrap"
PACK_DIR = "/opt/dp-puzzles"  # the pack's view, in the sandbox
MPL_DIR = "/opt/dp-puzzles-matplotlib"  # matplotlib's font list, made once, read-only
CLOSED_DIR = "/run/closed"  # where a closed unit's data lives while the runner builds the inputs
HOME = "/home/student"
_ETC = (
    "/etc/ld.so.cache",
    "/etc/localtime",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/fonts",
    "/etc/mime.types",
)


class Unavailable(RuntimeError):
    """No sandbox can be made on this machine."""


def _bwrap() -> str | None:
    return shutil.which("bwrap")


@functools.cache
def unavailable() -> str:
    """Why no sandbox can be made here, in a sentence; "" when it can."""
    bwrap = _bwrap()
    if bwrap is None:
        return (
            "bubblewrap (bwrap) is not installed, and every hand-in is graded in its sandbox: install it "
            f"with `{INSTALL}` (or pass --unsafe to grade without a sandbox, which gives up its protection)"
        )
    try:
        done = subprocess.run(
            [bwrap, *_base(), "--", "/bin/true" if Path("/bin/true").exists() else "/usr/bin/true"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bubblewrap (bwrap) could not be started ({error}); reinstall it with `{INSTALL}`"
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
        return (
            f"bubblewrap (bwrap) cannot make namespaces on this machine ({why}): allow unprivileged user "
            "namespaces (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu "
            f"kernel.apparmor_restrict_unprivileged_userns=0), or install it with `{INSTALL}`"
        )
    return ""


def _base() -> list[str]:
    """What every sandbox is: namespaces, the system read-only, /proc, /dev, private memory folders."""
    args = [
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/usr",
        "/usr",
    ]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for path in _ETC:
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    args += ["--proc", "/proc", "--dev", "/dev"]
    return args


@dataclass(frozen=True)
class Limits:
    memory: int = 4 * 1024**3  # bytes the runner may address (RLIMIT_AS)
    processor: int = 960  # seconds of processor time (RLIMIT_CPU)
    file_size: int = 256 * 1024**2  # bytes of one file (RLIMIT_FSIZE)
    processes: int = 512  # processes (RLIMIT_NPROC; the kernel does not apply it to root)
    tmp: int = 512 * 1024**2  # bytes of /tmp, of the home folder
    shm: int = 64 * 1024**2  # bytes of /dev/shm

    def apply(self) -> None:
        """In the child about to become the sandbox (``preexec_fn``): the kernel's limits."""
        for kind, value in (
            (resource.RLIMIT_AS, self.memory),
            (resource.RLIMIT_CPU, self.processor),
            (resource.RLIMIT_FSIZE, self.file_size),
            (resource.RLIMIT_NPROC, self.processes),
            (resource.RLIMIT_CORE, 0),
        ):
            try:
                resource.setrlimit(kind, (value, value))
            except (ValueError, OSError):
                pass


# -- the pack, built as a wheel ---------------------------------------------------------------------


@dataclass
class View:
    """The pack without the files of ``closed``: its folder on the grader's side, and what the
    runner serves from memory (module -> [file name in the sandbox, source, is a package]) and
    writes to ``CLOSED_DIR`` for a while (path in the sandbox -> base64 of the bytes)."""

    closed: tuple[str, ...]
    folder: Path
    modules: dict[str, list] = field(default_factory=dict)
    data: dict[str, str] = field(default_factory=dict)


def _source_root() -> Path | None:
    """The pack's source tree (the checkout an editable install points at), or None when the pack
    is installed as a wheel."""
    import puzzles

    root = Path(puzzles.__file__).resolve().parents[1]
    pyproject = root / "pyproject.toml"
    if pyproject.is_file() and 'name = "dp-puzzles"' in pyproject.read_text(errors="replace"):
        return root
    return None


def _ignore(_folder: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or n.endswith((".pyc", ".egg-info"))}


class Pack:
    """The pack for one grading run: built as a wheel from the instructor's copy and unpacked into
    a throwaway folder (never the checkout), and its views without closed modules."""

    def __init__(self) -> None:
        self.owner = os.getpid()
        self.folder = Path(tempfile.mkdtemp(prefix="dp-puzzles-pack-"))
        os.chmod(self.folder, 0o700)
        self.site = self.folder / "site"
        self.views: dict[tuple[str, ...], View] = {}
        try:
            self._install()
            self._matplotlib()
        except BaseException:
            self.remove()
            raise

    def _install(self) -> None:
        root = _source_root()
        if root is None:  # an installed pack is a wheel installed already: copy its files
            import puzzles

            shutil.copytree(Path(puzzles.__file__).resolve().parent, self.site / "puzzles", ignore=_ignore)
            return
        source = self.folder / "source"
        source.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (root / name).is_file():
                shutil.copy2(root / name, source / name)
        shutil.copytree(root / "puzzles", source / "puzzles", ignore=_ignore)
        wheels = self.folder / "wheel"
        wheels.mkdir()
        build = "import sys, setuptools.build_meta as backend\nprint(backend.build_wheel(sys.argv[1]))\n"
        done = subprocess.run(
            [sys.executable, "-c", build, str(wheels)], cwd=source, capture_output=True, text=True
        )
        built = sorted(wheels.glob("*.whl"))
        if done.returncode != 0 or not built:
            why = (done.stderr.strip().splitlines() or ["no reason given"])[-1]
            raise Unavailable(f"the pack could not be built as a wheel for the sandbox ({why})")
        with zipfile.ZipFile(built[0]) as wheel:
            wheel.extractall(self.site)
        shutil.rmtree(source)
        for path in sorted(self.site.rglob("*"), reverse=True):
            path.chmod(0o555 if path.is_dir() else 0o444)

    def _matplotlib(self) -> None:
        """matplotlib's font list, made once here, so that no sandbox spends seconds making it."""
        self.mpl = self.folder / "matplotlib"
        self.mpl.mkdir()
        subprocess.run(
            [sys.executable, "-c", "import matplotlib.font_manager"],
            env={**os.environ, "MPLCONFIGDIR": str(self.mpl), "MPLBACKEND": "Agg"},
            capture_output=True,
            check=False,
        )

    def _path_of(self, name: str) -> tuple[str, Path, bool] | None:
        """The module ``name`` names (for a function: its module), its file or folder, if a package."""
        parts = name.split(".")
        while parts:
            base = self.site.joinpath(*parts)
            if (base / "__init__.py").is_file():
                return ".".join(parts), base, True
            if base.with_suffix(".py").is_file():
                return ".".join(parts), base.with_suffix(".py"), False
            parts = parts[:-1]
        return None

    def view(self, closed: tuple[str, ...]) -> View:
        """The pack without the files of the modules ``closed`` names (made once per set)."""
        closed = tuple(sorted(closed))
        if closed in self.views:
            return self.views[closed]
        hidden: set[Path] = set()
        view = View(
            closed, self.folder / ("view-" + "-".join(closed).replace(".", "_") if closed else "view")
        )
        for name in closed:
            found = self._path_of(name)
            if found is None:
                continue
            module, path, package = found
            hidden.add(path)
            if package:  # the whole folder: every module, its data
                for file in sorted(path.rglob("*")):
                    if file.is_dir():
                        continue
                    relative = file.relative_to(self.site)
                    inside = f"{CLOSED_DIR}/{relative.as_posix()}"
                    if file.suffix == ".py":
                        dotted = ".".join(relative.with_suffix("").parts)
                        is_package = file.name == "__init__.py"
                        dotted = dotted.removesuffix(".__init__")
                        view.modules[dotted] = [inside, file.read_text(), is_package]
                    else:
                        view.data[inside] = base64.b64encode(file.read_bytes()).decode("ascii")
            else:  # one module: served under its own name in the view (its folder's data stays)
                inside = f"{PACK_DIR}/{path.relative_to(self.site).as_posix()}"
                view.modules[module] = [inside, path.read_text(), False]
        if not view.folder.exists():
            partial = Path(tempfile.mkdtemp(prefix="view-", dir=self.folder))
            _link_tree(self.site, partial / "site", hidden)
            try:
                os.rename(partial / "site", view.folder)
            except OSError:  # another worker made it meanwhile
                shutil.rmtree(partial / "site", ignore_errors=True)
            shutil.rmtree(partial, ignore_errors=True)
        self.views[closed] = view
        return view

    def remove(self) -> None:
        if os.getpid() != self.owner:
            return
        for path in [self.folder, *self.folder.rglob("*")] if self.folder.exists() else []:
            try:
                path.chmod(0o700)
            except OSError:
                pass
        shutil.rmtree(self.folder, ignore_errors=True)


def _link_tree(source: Path, target: Path, hidden: set[Path]) -> None:
    """``source`` as hard links (a copy where links cannot be made) in ``target``, without ``hidden``."""
    target.mkdir()
    for entry in sorted(source.iterdir()):
        if entry in hidden:
            continue
        if entry.is_dir():
            _link_tree(entry, target / entry.name, hidden)
        else:
            try:
                os.link(entry, target / entry.name)
            except OSError:
                shutil.copy2(entry, target / entry.name)
    target.chmod(0o555)


_PACK: list[Pack] = []


def pack() -> Pack:
    """This grading run's pack (built on first use, removed when the process that built it ends)."""
    if not _PACK or not _PACK[0].folder.exists():
        _PACK[:] = [Pack()]
        atexit.register(_PACK[0].remove)
    return _PACK[0]


def use(built: Pack | None) -> None:
    """Grade with ``built`` (the grading run's pack, built before its workers started)."""
    _PACK[:] = [built] if built is not None else []


@contextlib.contextmanager
def grading_run(command: str, unsafe: bool, warning: str):
    """A grading run's sandbox, for the commands that grade (``dp-puzzles grade``,
    ``nbgrader-grade``): yields "" once the pack is built (before the workers start; removed at
    the end), ``warning`` printed and "" with ``unsafe``, else the sentence that refuses."""
    if unsafe:
        print(warning, file=sys.stderr)
        yield ""
        return
    why = unavailable()
    if not why:
        try:
            use(Pack())
        except Unavailable as error:
            why = str(error)
    if why:
        yield f"{command}: {why}"
        return
    try:
        yield ""
    finally:
        if _PACK:
            _PACK[0].remove()
            use(None)


# -- the command ------------------------------------------------------------------------------------------


def _site_folders() -> list[str]:
    """The folders of this Python's installed packages (a virtual environment's and its base's)."""
    found = []
    for path in [*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]:
        if os.path.isdir(path) and path not in found:
            found.append(path)
    return found


def _covers(folder: str) -> list[str]:
    """What of the pack an installed environment holds, covered: an editable install's hooks (they
    name the checkout), its ``direct_url.json``, an installed ``puzzles``."""
    args = []
    for entry in sorted(os.listdir(folder)):
        path = os.path.join(folder, entry)
        if entry.startswith(("__editable__", "dp_puzzles", "dp-puzzles")) or entry == "puzzles":
            if os.path.isdir(path):
                args += ["--tmpfs", path]
            else:
                args += ["--ro-bind", "/dev/null", path]
    return args


BOOT = (
    "import sys\n"
    "sys.path[:0] = {paths!r}\n"
    "from puzzles.instructor.grading import runner\n"
    "raise SystemExit(runner.main())\n"
)


def command(view: View, handin: Path, channel: int, limits: Limits) -> tuple[list[str], dict[str, str]]:
    """The command that runs a runner for one group in its sandbox, and its environment; the
    runner reads its instruction on standard input and reports on descriptor ``channel``."""
    bwrap = _bwrap()
    if bwrap is None:
        raise Unavailable(unavailable())
    built = pack()
    python = os.path.realpath(sys.executable)
    args = [bwrap, *_base()]
    args += ["--size", str(limits.shm), "--tmpfs", "/dev/shm"]
    args += ["--size", str(limits.tmp), "--tmpfs", "/tmp"]
    args += ["--size", str(limits.tmp), "--tmpfs", HOME]
    if view.data or any(name.startswith(CLOSED_DIR) for name, _, _ in view.modules.values()):
        size = sum(len(text) for text in view.data.values()) + 16 * 1024**2
        args += ["--size", str(size), "--tmpfs", CLOSED_DIR]
    bound = ["/usr"]
    for folder in [sys.base_prefix, os.path.dirname(os.path.dirname(python))]:
        if not any(folder == b or folder.startswith(b + os.sep) for b in bound) and os.path.isdir(folder):
            args += ["--ro-bind", folder, folder]
            bound.append(folder)
    folders = _site_folders()
    for folder in folders:
        if not any(folder == b or folder.startswith(b + os.sep) for b in bound):
            args += ["--ro-bind", folder, folder]
    for folder in folders:
        args += _covers(folder)
    args += ["--ro-bind", str(view.folder), PACK_DIR]
    args += ["--ro-bind", str(built.mpl), MPL_DIR]
    args += ["--ro-bind", str(handin), f"{HOME}/{handin.name}"]
    args += ["--chdir", HOME, "--setenv", "HOME", HOME]
    boot = BOOT.format(paths=[PACK_DIR, *folders])
    args += ["--", python, "-I", "-S", "-B", "-c", boot]
    env = {
        "HOME": HOME,
        "TMPDIR": "/tmp",
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": f"{HOME}/.matplotlib",
        "PUZZLES_MATPLOTLIB_FONTS": MPL_DIR,  # copied to MPLCONFIGDIR by the runner before it starts
        "IPYTHONDIR": f"{HOME}/.ipython",
        "PUZZLES_PROGRESS": "0",
        "PUZZLES_RUNNER_FD": str(channel),
        "PUZZLES_GRADER": str(built.owner),  # which grading run this sandbox belongs to
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
    }
    return args, env
