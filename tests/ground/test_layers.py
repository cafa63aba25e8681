"""The floors of the program hold (import-linter's contracts in pyproject.toml), checked
on the package laid out as it installs, and a broken floor is caught: a lazy import
inside a function, an ``if TYPE_CHECKING:`` one, a leaf that imports, a module on no
floor."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.fixtures import ROOT

PYPROJECT = ROOT / "pyproject.toml"
SETUP = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["setuptools"]


def _folder_of(package: str) -> Path:
    """Where pyproject's package-dir puts a package's files in the checkout."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        head = ".".join(parts[:n])
        if head in SETUP.get("package-dir", {}):
            return ROOT / SETUP["package-dir"][head] / Path(*parts[n:])
    return ROOT / Path(*parts)


def installed_layout(dest: Path) -> Path:
    """The modules of every package pyproject lists, copied to where an install puts them
    (``solvers/`` as ``puzzlereel/solvers``...): the names ``lint-imports`` must see."""
    for package in SETUP["packages"]:
        target = dest.joinpath(*package.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for module in _folder_of(package).glob("*.py"):
            shutil.copy2(module, target / module.name)
    return dest


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with pyproject's contracts, run where ``puzzlereel`` is ``folder``'s."""
    command = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(command), "--no-cache", "--no-logo", str(PYPROJECT)],
                          cwd=folder, capture_output=True, text=True, timeout=300)


def test_the_installed_package_keeps_its_floors(tmp_path):
    done = lint_imports(installed_layout(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


def test_broken_floors_are_reported_lazy_and_type_only_imports_too(tmp_path):
    top = installed_layout(tmp_path) / "puzzlereel"
    (top / "render" / "planted.py").write_text(
        "def later():\n    from puzzlereel.solvers import base\n    return base\n")
    (top / "rules" / "planted.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
        "    from puzzlereel.actions import solve\n")
    with open(top / "registry.py", "a", encoding="utf-8") as registry:
        registry.write("\nfrom puzzlereel.ground import words\n")
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    for broken in ("puzzlereel.render.planted -> puzzlereel.solvers.base",
                   "puzzlereel.rules.planted -> puzzlereel.actions.solve",
                   "puzzlereel.registry -> puzzlereel.ground.words"):
        assert broken in done.stdout, done.stdout
    assert "0 kept, 3 broken" in done.stdout


def test_a_module_on_no_floor_is_reported(tmp_path):
    top = installed_layout(tmp_path) / "puzzlereel"
    (top / "stray.py").write_text('"""A module no floor names."""\n')
    done = lint_imports(tmp_path)
    assert done.returncode == 1
    assert "puzzlereel.stray" in done.stdout + done.stderr

