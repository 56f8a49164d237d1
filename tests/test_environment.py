"""pyproject.toml and environment.yml list the same packages (the conda route matches pip)."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _conda(path):
    conda = {}
    text = path.read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"^  - ([A-Za-z0-9_.\-]+)(.*)$", line)
        if match and match.group(1) not in ("python", "pip"):
            conda[match.group(1).lower()] = match.group(1) + match.group(2).replace(" ", "")
    return conda


def test_conda_and_pip_list_the_same_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    pip = {_name(r): r for r in project["dependencies"] + extras["dev"] + extras["site"] + extras["grading"]}
    conda = _conda(ROOT / "environment.yml")
    assert set(conda) == set(pip)
    for name, requirement in pip.items():
        assert conda[name] == requirement.replace(" ", ""), (
            f"{name}: pip says {requirement}, conda {conda[name]}"
        )


def test_conda_installs_the_local_package_and_names_the_environment():
    text = (ROOT / "environment.yml").read_text()
    assert "name: dp-puzzles" in text and "conda-forge" in text and "- -e ." in text


def test_the_distribution_is_dp_puzzles_and_the_import_name_puzzles():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "dp-puzzles"  # "puzzles" on the package index is another project
    assert (ROOT / "puzzles" / "__init__.py").exists()
    assert (ROOT / project["license-files"][0]).read_text().startswith("MIT License")


def test_binder_installs_the_runtime_packages_and_then_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {_name(r): r.replace(" ", "") for r in project["dependencies"]}
    binder = _conda(ROOT / ".binder" / "environment.yml")
    assert binder == {name: runtime[name] for name in runtime}
    post_build = (ROOT / ".binder" / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post_build
