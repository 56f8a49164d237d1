"""Where a lesson runs: the release the launch links open, and the links themselves.

A release of the pack is the version in ``pyproject.toml``. ``dp-puzzles release`` commits
the student edition of that version (laid out as the student zip is) and names that one
commit twice (see ``puzzles.instructor.release``):

* the tag ``v<version>-student`` (``RELEASE_TAG``): Binder and Colab open a lesson there;
* the branch ``student-v<version>`` (``RELEASE_BRANCH``): nbgitpuller pulls from it. It needs
  a branch: on every click after the first it merges ``origin/<branch>`` into the student's
  copy, and a tag has no ``origin/<tag>``. The release step writes the branch once and never
  moves it, so it holds the same commit as the tag.

``dp-puzzles release --until DAY`` makes the release of the lessons released by that day
(``released`` in ``_toc.yml``), named ``v<version>-student-<DAY>`` and
``student-v<version>-<DAY>``; the student site built with the same ``--until`` opens that one,
so a launch link never opens a copy of the course that holds a lesson still to come.

The links (each checked against its service's documented format):

* Binder, ``https://mybinder.org/v2/gh/<owner>/<repo>/<tag>?urlpath=lab/tree/<path>``
  (mybinder.org's ``urlpath`` opens JupyterLab on a file of the repository);
* nbgitpuller on the instructor's JupyterHub,
  ``<hub>/hub/user-redirect/git-pull?repo=<url>&branch=<branch>&urlpath=lab/tree/<repo>/<path>``
  (the parameters of nbgitpuller's link generator; the path starts with the folder the
  repository is cloned into, named after it);
* Colab, ``https://colab.research.google.com/github/<owner>/<repo>/blob/<tag>/<path>``.

Binder and Colab need the repository on GitHub (``[project.urls] Repository`` in
``pyproject.toml``); the hub link needs the hub's address, ``[tool.dp-puzzles] jupyterhub``
in ``pyproject.toml`` or ``dp-puzzles site --hub``. A link whose address is not set is left out.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlencode, urlparse

__all__ = [
    "ROOT",
    "Release",
    "read_release",
    "release_tag",
    "release_branch",
    "github_parts",
    "binder_url",
    "hub_url",
    "colab_url",
    "launch_links",
]

ROOT = Path(__file__).resolve().parents[2]


def release_tag(version: str, until: datetime.date | None = None) -> str:
    """The tag of a release's student edition: ``v0.1.0-student``; of its lessons released by a
    day: ``v0.1.0-student-2027-03-08``."""
    return f"v{version}-student" + (f"-{until.isoformat()}" if until is not None else "")


def release_branch(version: str, until: datetime.date | None = None) -> str:
    """The branch nbgitpuller pulls a release's student edition from: ``student-v0.1.0``
    (``student-v0.1.0-2027-03-08`` for the lessons released by that day)."""
    return f"student-v{version}" + (f"-{until.isoformat()}" if until is not None else "")


@dataclass(frozen=True)
class Release:
    """What the launch links need: the version, the repository's address and the hub's."""

    version: str
    repository: str = ""  # https://github.com/<owner>/<repo>, or "" where it is not set
    hub: str = ""  # https://hub.example.edu, or "" where it is not set
    distribution: str = "dp-puzzles"
    until: datetime.date | None = None  # its student edition holds the lessons released by then

    @property
    def tag(self) -> str:
        return release_tag(self.version, self.until)

    @property
    def branch(self) -> str:
        return release_branch(self.version, self.until)


def read_release(root: Path = ROOT, hub: str | None = None) -> Release:
    """The release described by ``root/pyproject.toml``; ``hub`` overrides its hub address."""
    data = tomllib.loads((Path(root) / "pyproject.toml").read_text(encoding="utf-8"))
    project = data.get("project", {})
    repository = str(project.get("urls", {}).get("Repository", "")).strip().rstrip("/")
    configured = str(data.get("tool", {}).get("dp-puzzles", {}).get("jupyterhub", "")).strip()
    chosen = (hub if hub is not None else configured).strip().rstrip("/")
    if chosen and urlparse(chosen).scheme not in ("http", "https"):
        raise ValueError(f"the JupyterHub's address must start with https:// (or http://), got {chosen!r}")
    return Release(
        str(project.get("version", "0")), repository, chosen, str(project.get("name", "dp-puzzles"))
    )


def github_parts(repository: str) -> tuple[str, str] | None:
    """``(owner, name)`` of a GitHub repository address, else None."""
    match = re.fullmatch(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?", repository or "")
    return (match.group(1), match.group(2)) if match else None


def binder_url(release: Release, path: str) -> str:
    """mybinder.org's link that opens ``path`` (a file of the release's tree) in JupyterLab."""
    parts = github_parts(release.repository)
    if parts is None:
        return ""
    owner, name = parts
    return f"https://mybinder.org/v2/gh/{owner}/{name}/{quote(release.tag)}?" + urlencode(
        {"urlpath": f"lab/tree/{path}"}
    )


def hub_url(release: Release, path: str) -> str:
    """nbgitpuller's link: the hub clones (or updates) the release branch and opens ``path``."""
    if not release.hub or not release.repository:
        return ""
    folder = release.repository.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git")
    query = urlencode(
        {"repo": release.repository, "branch": release.branch, "urlpath": f"lab/tree/{folder}/{path}"}
    )
    return f"{release.hub}/hub/user-redirect/git-pull?{query}"


def colab_url(release: Release, path: str) -> str:
    """Colab's link that opens ``path`` of the release's tree from GitHub."""
    parts = github_parts(release.repository)
    if parts is None:
        return ""
    owner, name = parts
    return f"https://colab.research.google.com/github/{owner}/{name}/blob/{quote(release.tag)}/{quote(path)}"


def launch_links(release: Release, path: str) -> list[tuple[str, str, str]]:
    """``(css class, label, url)`` of every launch link that can be made for ``path``."""
    links = [
        ("binder-link", "Binder", binder_url(release, path)),
        ("hub-link", "your JupyterHub", hub_url(release, path)),
        ("colab-link", "Colab", colab_url(release, path)),
    ]
    return [link for link in links if link[2]]
