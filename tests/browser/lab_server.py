"""A private JupyterLab server and Debian's headless chromium, for the browser tests and screenshots.

* ``jupyter_lab(root)`` (context manager): JupyterLab started from this interpreter on 127.0.0.1, a
  free port and a random token, rooted at ``root``, with ``window.jupyterapp`` exposed.  Its config,
  data, runtime, IPython and matplotlib directories live in a temporary directory, so nothing is
  written into the user's home and nothing tries to reach the internet (no news, no update check, no
  PyPI).  Autosave is off: nothing run in the browser is written into the course's notebooks.
* ``chromium(pw, home)`` (context manager): Debian's ``/usr/bin/chromium`` launched by Playwright.
  Chromium is never downloaded.

Used by ``conftest.py`` (the pytest fixtures) and ``screenshots.py`` (``make screenshots``).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_START_TIMEOUT = 60.0  # seconds
VIEWPORT = {"width": 1280, "height": 900}

# JupyterLab user settings written into the private config dir: never autosave (tests must not write
# outputs into the course's notebooks), never fetch news or check for updates, no toasts over cells.
LAB_USER_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
}


@dataclass
class JupyterServer:
    url: str  # e.g. http://127.0.0.1:8931 (no trailing slash)
    token: str
    root: Path  # the server's root_dir (the repository root)
    process: subprocess.Popen = field(repr=False)
    log_path: Path = field(repr=False)

    def api(self, method: str, path: str, timeout: float = 10.0):
        """Call the REST API (``path`` like ``/api/kernels``); returns decoded JSON or None."""
        req = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def shutdown_kernels(self, timeout: float = 20.0) -> None:
        """Shut down every running kernel (best effort)."""
        try:
            kernels = self.api("GET", "/api/kernels") or []
        except (urllib.error.URLError, OSError):
            return
        for kernel in kernels:
            try:
                self.api("DELETE", f"/api/kernels/{kernel['id']}", timeout=timeout)
            except (urllib.error.URLError, OSError):
                pass


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def private_jupyter_env(tmp: Path, settings: Mapping[str, dict] | None = None) -> dict[str, str]:
    """Environment with every per-user Jupyter/IPython location redirected into ``tmp``.

    ``settings`` (plugin settings file -> content) are written as user settings on top of
    ``LAB_USER_SETTINGS``.  The kernelspec ``python3`` still resolves: it lives in
    ``sys.prefix/share/jupyter/kernels``, which is on the data path whatever JUPYTER_DATA_DIR says,
    and its ``argv[0] == "python"`` is replaced by the server's ``sys.executable`` (this interpreter).
    """
    config, data, runtime = tmp / "config", tmp / "data", tmp / "runtime"
    for rel, content in {**LAB_USER_SETTINGS, **(settings or {})}.items():
        target = config / "lab" / "user-settings" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(content))
    for d in (data, runtime, tmp / "ipython", tmp / "mpl"):
        d.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(data),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTER_PLATFORM_DIRS="0",
        IPYTHONDIR=str(tmp / "ipython"),
        MPLCONFIGDIR=str(tmp / "mpl"),
        PYTHONUNBUFFERED="1",
    )
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    return env


def _wait_for_status(server: JupyterServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with code {server.process.returncode} during startup:\n{server.log()}"
            )
        try:
            server.api("GET", "/api/status", timeout=2.0)
            return
        except (urllib.error.URLError, ConnectionError, OSError) as exc:
            last_error = exc
            time.sleep(0.25)
    raise RuntimeError(
        f"JupyterLab did not answer /api/status within {timeout:.0f} s ({last_error!r}):\n{server.log()}"
    )


def _shutdown_server(server: JupyterServer) -> None:
    # Kernels run in their own session (jupyter_client uses start_new_session), so killing the
    # server's process group would orphan them: shut them down through the API first.
    if server.process.poll() is None:
        server.shutdown_kernels()
    pgid = server.process.pid  # start_new_session=True: the server leads its own process group
    for sig, wait in ((signal.SIGTERM, 15.0), (signal.SIGKILL, 5.0)):
        if server.process.poll() is not None:
            break
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            break
        try:
            server.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
    # Anything still left in the group (e.g. a helper that ignored SIGTERM).
    try:
        os.killpg(pgid, signal.SIGKILL)
    except ProcessLookupError:
        pass


@contextmanager
def jupyter_lab(
    root: Path = REPO_ROOT,
    settings: Mapping[str, dict] | None = None,
    start_timeout: float = SERVER_START_TIMEOUT,
) -> Iterator[JupyterServer]:
    """A private JupyterLab server rooted at ``root``; stopped (kernels included) on exit."""
    tmp = Path(tempfile.mkdtemp(prefix="puzzles-browser-"))
    env = private_jupyter_env(tmp, settings)
    port, token = free_port(), secrets.token_hex(24)
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--ServerApp.open_browser=False",
    ]
    log_path = tmp / "jupyter.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            cmd,
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = JupyterServer(
        url=f"http://127.0.0.1:{port}", token=token, root=Path(root), process=process, log_path=log_path
    )
    try:
        _wait_for_status(server, start_timeout)
        yield server
    finally:
        _shutdown_server(server)
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def chromium(pw, home: Path, scrollbars: bool = False):
    """Debian's chromium, headless, launched by Playwright ``pw`` (``sync_playwright()``'s value).

    Chromium writes crash-report settings and dconf data under $HOME/XDG dirs: they go to ``home``.
    Playwright hides scrollbars in headless chromium; ``scrollbars=True`` draws them, as a reader
    sees them (for screenshots). Raises FileNotFoundError when ``/usr/bin/chromium`` is missing
    (it is never downloaded).
    """
    if not CHROMIUM.exists():
        raise FileNotFoundError(
            f"{CHROMIUM} not found: install Debian's chromium (`apt-get install chromium`)"
        )
    env = dict(os.environ, HOME=str(home))
    env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"))
    browser = pw.chromium.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        env=env,
        ignore_default_args=["--hide-scrollbars"] if scrollbars else None,
    )
    try:
        yield browser
    finally:
        browser.close()
