"""No function or method of solvers/, render/ or puzzlereel/ is more tangled than radon's
rank C: a cyclomatic complexity of at most 20.  The numba kernels are exempt (a compiled
loop keeps its branches inline for speed): a function decorated with numba's ``njit`` /
``jit`` (or the project's ``puzzlereel.solvers.jit.njit``, which wraps it) is skipped,
found by its decorator, never by a list of names."""

from __future__ import annotations

import ast
from pathlib import Path

from radon.complexity import add_inner_blocks, cc_visit
from radon.visitors import Function

from tests.fixtures import ROOT
from tests.ground.test_circles import modules

MOST = 20               # radon's rank C ends here; D and worse are offenders
NUMBA_DECORATORS = {"njit", "jit", "vectorize", "guvectorize", "cfunc", "stencil"}
NUMBA_MODULES = {"numba", "puzzlereel.solvers.jit"}


def _numba_names(tree: ast.Module, module: str) -> set[str]:
    """The names ``tree`` binds to numba's decorators or to the project's wrapper of them
    (``from numba import njit``, ``from puzzlereel.solvers.jit import njit``, ``from
    ..jit import njit``), and to numba itself (``import numba``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.asname or alias.name for alias in node.names
                         if alias.name == "numba")
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = module.split(".")[: len(module.split(".")) - node.level]
                source = ".".join(base + ([source] if source else []))
            if source in NUMBA_MODULES:
                names.update(alias.asname or alias.name for alias in node.names
                             if alias.name in NUMBA_DECORATORS)
    return names


def _is_numba(decorator: ast.expr, bound: set[str]) -> bool:
    """Whether ``decorator`` (``@njit``, ``@njit(cache=True)``, ``@numba.jit(...)``) is
    one of numba's, by the names ``bound`` to them."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Name):
        return target.id in bound
    return (isinstance(target, ast.Attribute) and target.attr in NUMBA_DECORATORS
            and isinstance(target.value, ast.Name) and target.value.id in bound)


def numba_lines(source: str, module: str) -> set[int]:
    """The ``def`` lines of the functions in ``source`` that numba compiles."""
    tree = ast.parse(source)
    bound = _numba_names(tree, module)
    return {node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and any(_is_numba(d, bound) for d in node.decorator_list)}


def offenders(module: str, path: Path) -> list[str]:
    """Every function or method of the module over ``MOST``, as ``path:line name (n)``,
    leaving out numba's."""
    source = path.read_text(encoding="utf-8")
    compiled = numba_lines(source, module)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    found = []
    for block in add_inner_blocks(cc_visit(source)):
        if not isinstance(block, Function) or block.lineno in compiled:
            continue
        if block.complexity > MOST:
            name = f"{block.classname}.{block.name}" if block.classname else block.name
            found.append(f"{shown}:{block.lineno} {name} ({block.complexity})")
    return found


def test_no_function_is_over_rank_c():
    found = [o for name, path in modules().items() for o in offenders(name, path)]
    assert not found, ("functions over a complexity of "
                       f"{MOST} (split them into named steps):\n" + "\n".join(found))


def test_numba_kernels_are_found_by_their_decorator():
    source = ("import numba\nfrom numba import njit as fast\nfrom ..jit import njit\n"
              "@fast\ndef a(): pass\n@numba.jit(nopython=True)\ndef b(): pass\n"
              "@njit(cache=True)\ndef c(): pass\n@other\ndef d(): pass\n"
              "def e(): pass\n")
    assert numba_lines(source, "puzzlereel.solvers.family.kernel") == {5, 7, 9}
    assert numba_lines(source, "puzzlereel.render.kernel") == {5, 7}


def test_an_offender_is_named_with_its_place(tmp_path):
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(21))
    path = tmp_path / "tangled.py"
    path.write_text(f"class A:\n    def f(self, x):\n{branches.replace('    ', '        ')}"
                    "        return -1\n")
    assert offenders("puzzlereel.tangled", path) == [f"{path}:2 A.f (22)"]
