"""Check the floors of the program: which of our modules may import which.

The package is built in floors (docs/architecture.md); a module may import modules of
its own floor or of the floors below, never above, and the two halves on the fourth
floor, the solvers and the renderer, never import each other.  Every ``import`` in
every module counts, lazy ones inside functions and ``TYPE_CHECKING`` ones included.
The registry names modules only as strings, so it imports nothing of ours.

Run from anywhere: ``python3 .ci/layers.py`` prints each broken rule with the file and
line, and exits 1 if there is one.  It reads the source, imports nothing.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# floors, ground up: (name, module prefixes).  A prefix matches itself and its submodules.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground", ("puzzlereel", "puzzlereel.errors", "puzzlereel.registry", "puzzlereel.config",
                "puzzlereel.progress", "puzzlereel.fileio", "puzzlereel.cache",
                "puzzlereel.words")),
    ("trace", ("puzzlereel.trace",)),
    ("rules", ("puzzlereel.rules",)),
    ("solvers | render", ("puzzlereel.solvers", "puzzlereel.render")),
    ("app", ("puzzlereel.app", "puzzlereel.plot", "puzzlereel.catalog", "puzzlereel.templates",
             "puzzlereel.importers", "puzzlereel.preview", "puzzlereel.manifest",
             "puzzlereel.batch", "puzzlereel.executors", "puzzlereel.gallery")),
    ("cli", ("puzzlereel.cli", "puzzlereel.command", "puzzlereel.__main__",
             "puzzlereel.overview")),
)
# pairs on one floor that must stay apart (either direction)
APART: tuple[tuple[str, str], ...] = (("puzzlereel.solvers", "puzzlereel.render"),)
# modules that may import nothing of ours at all
LEAVES: tuple[str, ...] = ("puzzlereel.registry", "puzzlereel.errors")


@dataclass(frozen=True)
class Broken:
    path: Path
    line: int
    importer: str
    imported: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.importer} imports {self.imported}: {self.why}"


def _matches(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def floor_of(module: str) -> tuple[int, str]:
    """(floor number, the longest prefix that places it)."""
    best = (-1, "")
    for number, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if _matches(module, prefix) and len(prefix) > len(best[1]):
                best = (number, prefix)
    if best[0] < 0:
        raise SystemExit(f"layers: {module} is on no floor; add it to FLOORS in .ci/layers.py")
    return best


def package_roots(root: Path = ROOT) -> dict[str, Path]:
    """Import name -> folder, from pyproject's package-dir mapping."""
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    roots = {"puzzlereel": root / "puzzlereel"}
    for name, folder in setup.get("package-dir", {}).items():
        roots[name] = root / folder
    return roots


def modules(roots: dict[str, Path]) -> Iterator[tuple[str, Path, bool]]:
    """(module name, file, is a package's __init__) for every module of ours."""
    for name, top in roots.items():
        for path in sorted(top.rglob("*.py")):
            rel = path.relative_to(top).with_suffix("").parts
            is_init = rel[-1] == "__init__"
            parts = rel[:-1] if is_init else rel
            yield ".".join((name, *parts)), path, is_init


def imports(module: str, source: str, is_init: bool) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) for every import in ``source``."""
    package = module if is_init else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target
            for alias in node.names:   # `from puzzlereel import app` imports a module
                yield node.lineno, f"{target}.{alias.name}"


def check(roots: dict[str, Path] | None = None) -> list[Broken]:
    roots = roots if roots is not None else package_roots()
    ours = {name for name, _, _ in modules(roots)}
    broken: list[Broken] = []
    for module, path, is_init in modules(roots):
        if path.parent.name == "__pycache__":
            continue
        mine, _ = floor_of(module)
        for line, target in imports(module, path.read_text(encoding="utf-8"), is_init):
            if not _matches(target, "puzzlereel"):
                continue
            if target not in ours:   # `from puzzlereel.x import Name`: Name is no module
                continue
            if _matches(module, target):
                continue   # a module's own packages (their __init__ runs anyway)
            theirs, _ = floor_of(target)
            if any(_matches(module, leaf) for leaf in LEAVES):
                broken.append(Broken(path, line, module, target,
                                     "this module must import nothing of ours"))
            elif theirs > mine:
                broken.append(Broken(path, line, module, target,
                                     f"floor '{FLOORS[mine][0]}' may not import the floor "
                                     f"above it, '{FLOORS[theirs][0]}'"))
            for a, b in APART:
                if (_matches(module, a) and _matches(target, b)
                        or _matches(module, b) and _matches(target, a)):
                    broken.append(Broken(path, line, module, target,
                                         f"{a} and {b} never import each other"))
    return broken


def main() -> int:
    broken = check()
    for b in broken:
        print(f"layers: {b}", file=sys.stderr)
    if broken:
        return 1
    print("layers: ok (" + " < ".join(name for name, _ in FLOORS) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
