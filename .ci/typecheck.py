"""Run mypy on the package as it is installed: ``puzzlereel`` with ``solvers/`` and
``render/`` inside it.

mypy names modules after folders and cannot follow pyproject's package-dir mapping, so
this builds a tree of symbolic links shaped like the installed package (in
``build/typecheck``, made anew each time; the data packages, ``configs/`` and ``docs/``,
are left out, as their code is not installed) and checks that, with the repository's
mypy settings.

``--public`` checks the public API instead, with ``mypy --strict``: the package's root (its
``__init__.pyi``), ``puzzlereel.api`` and ``puzzlereel.solution``, and a small client
script using them (``tests/data/typed_client.py``); the modules they import are read for
their types but not reported on.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ("puzzlereel/__init__.pyi", "puzzlereel/api.py", "puzzlereel/solution.py")
CLIENT = ROOT / "tests" / "data" / "typed_client.py"


def main() -> int:
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    mapping: dict[str, str] = setup.get("package-dir", {})
    tree = ROOT / "build" / "typecheck"
    top = tree / "puzzlereel"
    shutil.rmtree(top, ignore_errors=True)
    top.mkdir(parents=True)
    for entry in (ROOT / "puzzlereel").iterdir():
        if entry.name != "__pycache__":
            (top / entry.name).symlink_to(entry)
    for name, folder in mapping.items():
        parts = name.split(".")
        assert parts[0] == "puzzlereel" and len(parts) == 2, name
        if (ROOT / folder / "__init__.py").is_file():   # not the data packages: configs/,
            (top / parts[1]).symlink_to(ROOT / folder)  # docs/ (and the script of its images)
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
           "--cache-dir", str(tree / ".mypy_cache")]
    args = sys.argv[1:]
    if "--public" in args:
        args.remove("--public")
        cmd += ["--strict", "--follow-imports=silent", str(CLIENT), *PUBLIC]
    else:
        cmd += ["-p", "puzzlereel"]
    return subprocess.call(cmd + args, cwd=tree)


if __name__ == "__main__":
    raise SystemExit(main())
