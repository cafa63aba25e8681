"""The distribution claims one import name, ``puzzlereel``, and maps the repository's
top-level ``solvers/`` and ``render/`` folders into it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import puzzlereel
import puzzlereel.render
import puzzlereel.solvers
from tests.fixtures import ROOT

SETUP = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def _folder_of(package: str) -> Path:
    """Where pyproject says a package's files are."""
    mapping: dict[str, str] = SETUP.get("package-dir", {})
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in mapping:
            return ROOT / mapping[head] / Path(*parts[n:])
    return ROOT / Path(*parts)


def test_every_package_folder_is_listed_and_nothing_else():
    listed = set(SETUP["packages"])
    assert all(name == "puzzlereel" or name.startswith("puzzlereel.") for name in listed)
    for name in listed:
        assert (_folder_of(name) / "__init__.py").is_file(), name
    found = set()
    roots = {"puzzlereel": ROOT / "puzzlereel", **{
        name: ROOT / folder for name, folder in SETUP["package-dir"].items()}}
    for name, top in roots.items():
        for init in top.rglob("__init__.py"):
            rel = init.parent.relative_to(top).parts
            found.add(".".join((name, *rel)))
    assert found == listed


def test_the_imported_code_is_the_repositorys():
    assert Path(puzzlereel.__file__).resolve().parent == ROOT / "puzzlereel"
    assert Path(puzzlereel.solvers.__file__).resolve().parent == ROOT / "solvers"
    assert Path(puzzlereel.render.__file__).resolve().parent == ROOT / "render"
