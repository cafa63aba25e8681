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


def test_mypy_strict_passes_on_the_public_api_and_a_client():
    proc = subprocess.run([sys.executable, str(ROOT / ".ci" / "typecheck.py"), "--public"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues found in 4 source files" in proc.stdout


def test_mypy_strict_finds_the_installed_package_from_any_folder(clients_checked):
    """README's install (strict editable, or a plain one) is one mypy can follow: a
    client outside the checkout is checked against the installed package."""
    assert clients_checked.returncode in (0, 1), clients_checked.stderr
    assert not [line for line in clients_checked.stdout.splitlines()
                if line.startswith("client.py:")], clients_checked.stdout
    assert "checked 2 source files" in clients_checked.stdout, clients_checked.stdout


def test_every_annotation_of_the_api_resolves_at_run_time():
    """``typing.get_type_hints`` on every function and property of the public API: no
    name that only a type checker knows."""
    import inspect
    import typing

    members = [puzzlereel.solve, puzzlereel.load]
    for name, member in inspect.getmembers(puzzlereel.Solution):
        if not name.startswith("__") and (inspect.isfunction(member) or
                                          isinstance(member, property)):
            members.append(member.fget if isinstance(member, property) else member)
    for member in members:
        hints = typing.get_type_hints(member)
        assert "return" in hints, member


MISTAKES = {
    's.render("x.gif", sped=2)': '"sped"',
    's.render("x.gif", theme="drak")': '"theme"',
    's.render("x.gif", size=640)': '"size"',
    's.frame(mov=3)': '"mov"',
    's.player(fps="30")': '"fps"',
    'n: None = s.save("x.jsonl")': "Path",
    'w: int = s.status': "Literal",
}


@pytest.fixture(scope="module")
def clients_checked(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` run once, in a folder outside the checkout, on two clients of the
    installed package: ``client.py`` (``tests/data/typed_client.py``, which must pass)
    and ``mistakes.py`` (one line for each of ``MISTAKES``, each to be flagged)."""
    folder = tmp_path_factory.mktemp("clients")
    client = folder / "client.py"
    client.write_text((ROOT / "tests" / "data" / "typed_client.py").read_text("utf-8"),
                      encoding="utf-8")
    mistakes = folder / "mistakes.py"
    lines = ["import puzzlereel", 's = puzzlereel.load("t.jsonl")', *MISTAKES]
    mistakes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                           "--hide-error-context", client.name, mistakes.name],
                          capture_output=True, text=True, check=False, cwd=folder)


def test_mypy_strict_flags_a_mistyped_keyword_and_a_value_of_the_wrong_type(clients_checked):
    """The render options are typed keywords (``RenderKeywords``), ``status`` a
    ``Literal`` and ``save`` returns the path: a client's mistakes are flagged before it
    runs, each on its own line."""
    errors = [line for line in clients_checked.stdout.splitlines() if ": error: " in line]
    for number, (code, word) in enumerate(MISTAKES.items(), start=3):
        found = [line for line in errors if line.startswith(f"mistakes.py:{number}:")]
        assert found and word in found[0], (code, clients_checked.stdout)
    assert len(errors) == len(MISTAKES), clients_checked.stdout
