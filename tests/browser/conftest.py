"""Fixtures for the real-browser tests: a private JupyterLab server and a headless chromium page.

* ``jupyter_server`` (session): JupyterLab started from this interpreter on 127.0.0.1, a free port and
  a random token, rooted at the repository, with ``window.jupyterapp`` exposed.  Its config, data,
  runtime, IPython and matplotlib directories live in a temporary directory, so nothing is written
  into the user's home and nothing tries to reach the internet (no news, no update check, no PyPI).
* ``browser_page`` (session): one page of Debian's ``/usr/bin/chromium`` driven by Playwright's sync
  API.  Chromium is never downloaded; when it is missing the tests skip (or fail when ``CI=true``).

Every test collected from this directory gets the ``browser`` marker.
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
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
if str(HERE) not in sys.path:  # so tests can ``import lab_driver``
    sys.path.insert(0, str(HERE))

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
DEFAULT_TIMEOUT_MS = 30_000

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.browser)


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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _private_jupyter_env(tmp: Path) -> dict[str, str]:
    """Environment with every per-user Jupyter/IPython location redirected into ``tmp``.

    The kernelspec ``python3`` still resolves: it lives in ``sys.prefix/share/jupyter/kernels``, which
    is on the data path whatever JUPYTER_DATA_DIR says, and its ``argv[0] == "python"`` is replaced
    by the server's ``sys.executable`` (this interpreter).
    """
    config, data, runtime = tmp / "config", tmp / "data", tmp / "runtime"
    for rel, content in LAB_USER_SETTINGS.items():
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
        try:
            for kernel in server.api("GET", "/api/kernels") or []:
                try:
                    server.api("DELETE", f"/api/kernels/{kernel['id']}", timeout=20.0)
                except (urllib.error.URLError, OSError):
                    pass
        except (urllib.error.URLError, OSError):
            pass
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


@pytest.fixture(scope="session")
def jupyter_server() -> Iterator[JupyterServer]:
    tmp = Path(tempfile.mkdtemp(prefix="puzzles-browser-"))
    env = _private_jupyter_env(tmp)
    port, token = _free_port(), secrets.token_hex(24)
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
        f"--ServerApp.root_dir={REPO_ROOT}",
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
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = JupyterServer(
        url=f"http://127.0.0.1:{port}", token=token, root=REPO_ROOT, process=process, log_path=log_path
    )
    try:
        _wait_for_status(server, SERVER_START_TIMEOUT)
        yield server
    finally:
        _shutdown_server(server)
        shutil.rmtree(tmp, ignore_errors=True)


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"{CHROMIUM} not found: install Debian's chromium (`apt-get install chromium`)"
    if os.environ.get("CI") == "true":
        pytest.fail(message + "; browser tests must run on CI", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def _chromium_available() -> None:
    """Autouse, so a missing browser skips (or fails) before the server is even started."""
    _require_chromium()


@pytest.fixture(scope="session")
def browser_page(tmp_path_factory: pytest.TempPathFactory):
    from playwright.sync_api import sync_playwright

    # Chromium writes crash-report settings and dconf data under $HOME/XDG dirs: keep them private.
    home = tmp_path_factory.mktemp("chromium-home")
    env = dict(os.environ, HOME=str(home))
    env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, env=env
        )
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(DEFAULT_TIMEOUT_MS)
            context.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
            page = context.new_page()
            try:
                yield page
            finally:
                context.close()
        finally:
            browser.close()
