"""Mutation check: does the test suite notice when a search kernel is subtly wrong?

Not part of CI (it takes minutes); run it by hand after changing kernels or their tests::

    python .ci/mutation.py                      # 20 mutants per kernel, seed 1
    python .ci/mutation.py --per-file 40 --seed 7
    python .ci/mutation.py solvers/sliding_block/kernel.py

It copies the checkout's tracked files to a temporary folder (the working tree is never
touched), then for each kernel makes small single-point changes ("mutants") to its
source -- a comparison flipped (``<`` to ``<=``, ``==`` to ``!=``), ``+`` for ``-``,
``and`` for ``or``, ``&`` for ``|``, a shift reversed, an integer constant off by one,
a ``not`` dropped -- and runs that kernel's tests against each.  A mutant is *killed*
when a test fails or the run exceeds the time limit (a hang counts as caught, because
CI's per-test timeout fails it by name), and *survives* when the tests pass.  The
table at the end gives the kill rate per kernel and lists every survivor (line and
change) so the missing test is easy to write.  Mutants are a seeded random sample of
all the sites, so a run is repeatable.  Compiled code runs with bounds checks, so an
index off the end of an array is caught rather than silently reading other memory.

Some survivors are *equivalent* mutants -- changes that cannot alter any result, such as
an array one element longer than needed or ``min`` written with ``<=`` instead of ``<``
-- and no test can kill those; read the list before writing tests.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# kernel -> the tests that should notice a change in it
TARGETS: dict[str, tuple[str, ...]] = {
    "solvers/sliding_block/kernel.py": ("tests/solvers/test_sliding_block.py",),
    "solvers/sliding_tile/kernel.py": ("tests/solvers/test_sliding_tile.py",),
    "solvers/sliding_tile/space_kernel.py": ("tests/solvers/test_sliding_tile.py",),
    "solvers/sliding_tile/pdb_kernel.py": ("tests/solvers/test_sliding_tile.py",),
    "solvers/peg_solitaire/kernel.py": ("tests/solvers/test_peg_solitaire.py",),
    "solvers/n_queens/kernel.py": ("tests/solvers/test_generate_and_test.py",),
    "solvers/mastermind/kernel.py": ("tests/solvers/test_generate_and_test.py",),
}

SWAPS: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.Add: ast.Sub, ast.Sub: ast.Add,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift,
    ast.And: ast.Or, ast.Or: ast.And,
}


@dataclass(frozen=True)
class Site:
    """One place to change: the index of the node in ``ast.walk`` order, and how."""

    index: int
    kind: str      # "op" | "const" | "not"
    line: int
    text: str      # what the change is, for the report


def in_function(tree: ast.Module) -> set[int]:
    """ids of the nodes inside function bodies (module-level constants are tables the
    solvers check on import: mutating them tests nothing about the search)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for sub in ast.walk(node):
                inside.add(id(sub))
    return inside


def sites(tree: ast.Module) -> list[Site]:
    inside = in_function(tree)
    found: list[Site] = []
    for i, node in enumerate(ast.walk(tree)):
        if id(node) not in inside:
            continue
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in SWAPS:
            a, b = type(node.ops[0]).__name__, SWAPS[type(node.ops[0])].__name__
            found.append(Site(i, "op", line, f"{a} -> {b}"))
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in SWAPS:
            a, b = type(node.op).__name__, SWAPS[type(node.op)].__name__
            found.append(Site(i, "op", line, f"{a} -> {b}"))
        elif isinstance(node, ast.BoolOp) and type(node.op) in SWAPS:
            a, b = type(node.op).__name__, SWAPS[type(node.op)].__name__
            found.append(Site(i, "op", line, f"{a} -> {b}"))
        elif (isinstance(node, ast.Constant) and type(node.value) is int
              and not isinstance(node.value, bool)):
            found.append(Site(i, "const", line, f"{node.value} -> {node.value + 1}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append(Site(i, "not", line, "not x -> x"))
    return found


class Mutate(ast.NodeTransformer):
    """Apply one ``Site`` to a fresh parse of the source."""

    def __init__(self, site: Site, order: dict[int, int]) -> None:
        self.site = site
        self.order = order

    def visit(self, node: ast.AST) -> ast.AST:
        if self.order.get(id(node)) == self.site.index:
            return self.change(node)
        return self.generic_visit(node)

    def change(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.Compare):
            node.ops = [SWAPS[type(node.ops[0])]()]
        elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            node.op = SWAPS[type(node.op)]()
        elif isinstance(node, ast.Constant):
            node.value = node.value + 1
        elif isinstance(node, ast.UnaryOp):
            return node.operand
        return node


def mutant_source(source: str, site: Site) -> str:
    tree = ast.parse(source)
    order = {id(n): i for i, n in enumerate(ast.walk(tree))}
    new = Mutate(site, order).visit(tree)
    ast.fix_missing_locations(new)
    return ast.unparse(new) + "\n"


def copy_checkout(dest: Path) -> None:
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def run_tests(repo: Path, tests: tuple[str, ...], cache: Path, limit: float) -> tuple[str, float]:
    """("passed" | "failed" | "timeout", seconds)."""
    # bounds checks on: a mutant that writes past an array's end must fail, not corrupt
    # memory silently (compiled code does not check indexes unless told to)
    env = dict(os.environ, PYTHONPATH=str(repo), PUZZLEREEL_CACHE=str(cache),
               NUMBA_CACHE_DIR=str(cache / "numba"), NUMBA_BOUNDSCHECK="1")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", *tests]
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, cwd=repo, env=env, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "timeout", time.perf_counter() - t0
    return ("passed" if proc.returncode == 0 else "failed"), time.perf_counter() - t0


def pick(all_sites: list[Site], n: int, rng: random.Random) -> Iterator[Site]:
    chosen = all_sites if n >= len(all_sites) else rng.sample(all_sites, n)
    return iter(sorted(chosen, key=lambda s: (s.line, s.index)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernels", nargs="*", help="kernel files (default: all in TARGETS)")
    ap.add_argument("--per-file", type=int, default=20, help="mutants per kernel (20)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    kernels = args.kernels or list(TARGETS)
    rng = random.Random(args.seed)
    rows: list[tuple[str, int, int, int, int]] = []
    survivors: list[str] = []
    with tempfile.TemporaryDirectory(prefix="puzzlereel-mutation-") as tmp:
        repo, cache = Path(tmp) / "repo", Path(tmp) / "cache"
        copy_checkout(repo)
        for kernel in kernels:
            tests = TARGETS[kernel]
            path = repo / kernel
            original = path.read_text()
            status, base = run_tests(repo, tests, cache, 900)
            if status != "passed":
                print(f"{kernel}: the unmutated tests do not pass ({status}); skipped")
                continue
            limit = max(60.0, 4 * base)
            all_sites = sites(ast.parse(original))
            killed = timeouts = survived = 0
            for site in pick(all_sites, args.per_file, rng):
                path.write_text(mutant_source(original, site))
                status, secs = run_tests(repo, tests, cache, limit)
                path.write_text(original)
                if status == "passed":
                    survived += 1
                    survivors.append(f"{kernel}:{site.line}: {site.text}")
                elif status == "timeout":
                    timeouts += 1
                else:
                    killed += 1
                print(f"  {kernel}:{site.line} {site.text}: {status} ({secs:.0f} s)",
                      flush=True)
            rows.append((kernel, len(all_sites), killed, timeouts, survived))
    print()
    print("| kernel | sites | mutants | killed | hung (caught) | survived | kill rate |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    tot = [0, 0, 0, 0]
    for kernel, n_sites, killed, timeouts, survived in rows:
        n = killed + timeouts + survived
        tot = [tot[0] + n, tot[1] + killed, tot[2] + timeouts, tot[3] + survived]
        rate = (killed + timeouts) / n if n else 0.0
        print(f"| {kernel} | {n_sites} | {n} | {killed} | {timeouts} | {survived} | {rate:.0%} |")
    if tot[0]:
        print(f"| all | | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | "
              f"{(tot[1] + tot[2]) / tot[0]:.0%} |")
    if survivors:
        print("\nsurvivors (a test that would catch each is missing, or the change is "
              "equivalent):")
        for s in survivors:
            print("  " + s)
    return 0


if __name__ == "__main__":
    sys.exit(main())
