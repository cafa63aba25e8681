"""One name, one meaning (docs/architecture.md, "Names"): no two public classes of the
package share a name, nor two public module-level constants, wherever they are defined.

A constant bound to another module's object of the same name (``X = other.X``) is that
object re-exported, not a second meaning.  Type variables (``T = TypeVar("T")``) are
type parameters, local to the signatures of their module.  ``SOLVER`` is the one name
by which the registry finds each family's solver in its package (``registry.Family``):
one meaning, defined once a family.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("puzzlereel", "render", "solvers")
ONE_PER_FAMILY = {"SOLVER"}
TYPE_PARAMETERS = {"TypeVar", "ParamSpec", "TypeVarTuple"}


def _is_constant(name: str) -> bool:
    return name[:1].isupper() and name.upper() == name and not name.startswith("_")


def _is_type_parameter(value: ast.expr | None) -> bool:
    return (isinstance(value, ast.Call) and isinstance(value.func, (ast.Name, ast.Attribute))
            and (value.func.id if isinstance(value.func, ast.Name) else value.func.attr)
            in TYPE_PARAMETERS)


def _is_reexport(name: str, value: ast.expr | None) -> bool:
    return isinstance(value, ast.Attribute) and value.attr == name


def _constants(node: ast.stmt) -> list[str]:
    """The public constants a module-level statement defines (not type parameters, not
    another module's object bound to its own name)."""
    if isinstance(node, ast.Assign):
        targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
        value: ast.expr | None = node.value
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
            and node.value is not None:
        targets, value = [node.target.id], node.value
    else:
        return []
    return [name for name in targets if _is_constant(name)
            and not _is_type_parameter(value) and not _is_reexport(name, value)]


def definitions(sources: dict[str, str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The public classes and the public constants of modules ``{path: source}``, each
    name with the modules that define it."""
    classes: dict[str, list[str]] = defaultdict(list)
    constants: dict[str, list[str]] = defaultdict(list)
    for path, source in sources.items():
        for node in ast.parse(source, path).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                classes[node.name].append(path)
            for name in _constants(node):
                constants[name].append(path)
    return classes, constants


def twice(named: dict[str, list[str]], allowed: set[str] = frozenset()) -> list[str]:
    return [f"{name}: {', '.join(paths)}" for name, paths in sorted(named.items())
            if len(paths) > 1 and name not in allowed]


def package_sources() -> dict[str, str]:
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def test_no_two_public_classes_share_a_name() -> None:
    classes, _ = definitions(package_sources())
    assert len(classes) > 100            # the walk found the package's classes
    assert not twice(classes), "one name, two classes (give each the name of its meaning)"


def test_no_two_public_constants_share_a_name() -> None:
    _, constants = definitions(package_sources())
    assert len(constants) > 100
    assert not twice(constants, ONE_PER_FAMILY), "one name, two constants"


def test_the_walk_finds_a_name_defined_twice() -> None:
    """The check can fail: a class or a constant defined in two modules is named, a
    type variable, a re-export and the per-family SOLVER are not."""
    sources = {"a.py": "class Plan:\n    pass\nLIMIT = 3\nT = TypeVar('T')\nSOLVER = 1\n",
               "b.py": "class Plan:\n    pass\nLIMIT = 4\nT = typing.TypeVar('T')\n"
                       "SOLVER = 2\nWIDTH = a.WIDTH\n",
               "c.py": "WIDTH = 5\nclass _Private:\n    pass\n",
               "d.py": "class _Private:\n    pass\nlimit = 1\n"}
    classes, constants = definitions(sources)
    assert twice(classes) == ["Plan: a.py, b.py"]
    assert twice(constants, ONE_PER_FAMILY) == ["LIMIT: a.py, b.py"]
