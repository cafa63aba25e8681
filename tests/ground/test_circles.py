"""No import circle among the project's modules, and the tree's shape holds: few modules
at the two tops (the rest live in the packages that name the floors), none over 400 lines.

Every import counts, as for import-linter: lazy ones inside functions and ``if
TYPE_CHECKING:`` ones too.  ``from package import name`` depends on the module
``package.name`` when there is one, else on the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.fixtures import ROOT
from tests.ground.test_layers import SETUP, _folder_of

TOP_MODULES = 12        # modules at puzzlereel/'s top level, at most
RENDER_TOP_MODULES = 10 # modules at render/'s top level, at most
MODULE_LINES = 400      # lines of one module, at most


def modules() -> dict[str, Path]:
    """Every module of the installed package, by its dotted name."""
    found: dict[str, Path] = {}
    for package in SETUP["packages"]:
        for path in sorted(_folder_of(package).glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            found[name] = path
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project's modules that ``name`` imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[: None if is_package else -1]
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = {f"{module}.{alias.name}" for alias in node.names} & known
            if len(subs) < len(node.names):
                found.add(module)
            found |= subs
    return {m for m in found if m in known and m != name}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph_of(found: dict[str, Path]) -> dict[str, set[str]]:
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def test_no_module_imports_itself_through_others():
    assert circles(graph_of(modules())) == []


def test_a_planted_circle_is_found():
    graph = graph_of(modules())
    graph["puzzlereel.ground.words"].add("puzzlereel.registry")
    graph["puzzlereel.registry"].add("puzzlereel.ground.words")
    assert circles(graph) == [["puzzlereel.ground.words", "puzzlereel.registry"]]


def test_lazy_and_relative_imports_count(tmp_path):
    (tmp_path / "a.py").write_text("def f():\n    from . import b\n", encoding="utf-8")
    known = {"pkg.a", "pkg.b"}
    assert imports_of("pkg.a", tmp_path / "a.py", known) == {"pkg.b"}


def test_the_two_tops_hold_few_modules():
    tops = {"puzzlereel": (ROOT / "puzzlereel", TOP_MODULES),
            "puzzlereel.render": (ROOT / "render", RENDER_TOP_MODULES)}
    for name, (folder, most) in tops.items():
        held = sorted(p.name for p in folder.glob("*.py"))
        assert len(held) <= most, f"{name}: {len(held)} modules: {held}"


def test_no_module_is_over_400_lines():
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES}
    assert long == {}


def test_every_package_says_its_job_in_two_lines():
    """Each package's docstring opens with its job: a paragraph of one or two lines."""
    for name, path in modules().items():
        if path.name != "__init__.py":
            continue
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False)
        assert doc, name
        opening = doc.strip().split("\n\n")[0]
        assert len(opening.splitlines()) <= 2, f"{name}: {opening}"
