"""docs/architecture.md and docs/adding-a-puzzle.md describe the tree as it is: every
file or folder they name exists, every dotted module or package they name is one, and
the floors' table names each package of pyproject's import-linter floors."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import puzzlereel
from tests.fixtures import ROOT
from tests.ground.test_circles import modules

DOCS = [ROOT / "docs" / "architecture.md", ROOT / "docs" / "adding-a-puzzle.md"]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# a path in the checkout: one of the installed folders, then folders and a .py file
PATH = re.compile(r"(?<![\w/.-])((?:puzzlereel|render|solvers|tests|benchmarks|configs)"
                  r"/[\w./<>-]*)")
# files the docs make as examples (adding-a-puzzle's Lights Out, a config "x.toml"): only
# their folder must exist
EXAMPLES = ("lights_out", "lights-out", "x.toml")
DOTTED = re.compile(r"(?<![\w.])(puzzlereel(?:\.\w+)+)")


def _named_paths(text: str) -> set[str]:
    return {m.rstrip(".") for m in PATH.findall(text) if "<" not in m}


def _is_module_or_attribute(dotted: str, known: set[str]) -> bool:
    """A module or package, or a name in one (``puzzlereel.trace.Search``); a name in
    the root is one of the public API's (``puzzlereel.solve``)."""
    parts = dotted.split(".")
    longest = max(n for n in range(1, len(parts) + 1) if ".".join(parts[:n]) in known)
    if longest == 1 and len(parts) == 2:
        return parts[1] in puzzlereel.__all__
    return longest >= len(parts) - 1


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_path_named_exists(doc: Path):
    missing = sorted(p for p in _named_paths(doc.read_text(encoding="utf-8"))
                     if not (ROOT / p).exists()
                     and not (any(e in p for e in EXAMPLES)
                              and (ROOT / p.rstrip("/")).parent.is_dir()))
    assert missing == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_module_named_is_one(doc: Path):
    known = set(modules())
    wrong = sorted({d for d in DOTTED.findall(doc.read_text(encoding="utf-8"))
                    if not _is_module_or_attribute(d, known)})
    assert wrong == []


def test_the_floors_table_names_every_floor_of_the_contracts():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for contract in PYPROJECT["tool"]["importlinter"]["contracts"]:
        if contract["type"] != "layers":
            continue
        container = contract["containers"][0]
        for layer in contract["layers"]:
            for name in re.split(r"[|:]", layer):
                name = name.strip()
                if name != "__main__":
                    assert f"{container}.{name}" in text, f"{container}.{name}"


def test_a_stale_name_is_caught():
    assert not _is_module_or_attribute("puzzlereel.app.solve_to", set(modules()))
    assert not _is_module_or_attribute("puzzlereel.app", set(modules()))
    assert _is_module_or_attribute("puzzlereel.Solution", set(modules()))
    assert "puzzlereel/app.py" in _named_paths("see `puzzlereel/app.py`.")
