"""The public API is typed: ``py.typed`` ships, ``mypy --strict`` passes on the public
modules and on a small client of them (``tests/data/typed_client.py``), and the names
the package's stub gives type checkers are the names it exports."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

import puzzlereel
from tests.fixtures import ROOT


def test_the_stub_states_every_public_name():
    stub = ast.parse((ROOT / "puzzlereel" / "__init__.pyi").read_text(encoding="utf-8"))
    named = {alias.asname for node in stub.body if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    named |= {node.target.id for node in stub.body
              if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    assert named == set(puzzlereel.__all__)
    for name in puzzlereel.__all__:
        assert getattr(puzzlereel, name) is not None


def test_py_typed_ships():
    assert (ROOT / "puzzlereel" / "py.typed").is_file()


@pytest.mark.timeout(240)
def test_mypy_strict_passes_on_the_public_api_and_a_client():
    proc = subprocess.run([sys.executable, str(ROOT / ".ci" / "typecheck.py"), "--public"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues found in 4 source files" in proc.stdout
