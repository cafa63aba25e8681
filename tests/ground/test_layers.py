"""The floors of the program hold (.ci/layers.py), and the check does catch a broken one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.fixtures import ROOT


def _layers():
    spec = importlib.util.spec_from_file_location("layers", ROOT / ".ci" / "layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["layers"] = module      # dataclasses look their module up while defining
    spec.loader.exec_module(module)
    return module


def test_the_package_keeps_its_floors():
    assert [str(b) for b in _layers().check()] == []


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return {"puzzlereel": tmp_path / "puzzlereel",
            "puzzlereel.solvers": tmp_path / "solvers",
            "puzzlereel.render": tmp_path / "render"}


def test_broken_floors_are_reported_with_file_and_line(tmp_path):
    roots = _tree(tmp_path, {
        "puzzlereel/__init__.py": "",
        "puzzlereel/app.py": "import puzzlereel.solvers\nimport puzzlereel.render\n",
        "puzzlereel/registry.py": "from puzzlereel import errors\n",
        "puzzlereel/errors.py": "",
        "puzzlereel/trace/__init__.py": "\n\ndef f():\n    from puzzlereel import app\n",
        "solvers/__init__.py": "",
        "solvers/kernel.py": "from ..render import draw\n",
        "render/__init__.py": "",
        "render/draw.py": "from puzzlereel.trace import x\n",
    })
    broken = sorted(str(b).replace(str(tmp_path), "") for b in _layers().check(roots))
    assert broken == [
        "/puzzlereel/registry.py:1: puzzlereel.registry imports puzzlereel.errors: "
        "this module must import nothing of ours",
        "/puzzlereel/trace/__init__.py:4: puzzlereel.trace imports puzzlereel.app: "
        "floor 'trace' may not import the floor above it, 'app'",
        "/solvers/kernel.py:1: puzzlereel.solvers.kernel imports puzzlereel.render.draw: "
        "puzzlereel.solvers and puzzlereel.render never import each other",
        "/solvers/kernel.py:1: puzzlereel.solvers.kernel imports puzzlereel.render: "
        "puzzlereel.solvers and puzzlereel.render never import each other",
    ]
