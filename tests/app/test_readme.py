"""README stays true: its two set-up commands are what CI runs, and its Python example
runs as written."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re

from tests.fixtures import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def setup_commands() -> list[str]:
    """README's two set-up commands, as CI reads them (``.ci/readme_commands.py``)."""
    spec = importlib.util.spec_from_file_location("readme_commands",
                                                  ROOT / ".ci" / "readme_commands.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    commands: list[str] = module.setup_commands(README)
    return commands


def test_setup_has_exactly_two_commands():
    install, test = setup_commands()
    assert "pip install" in install and "puzzlereel" in install
    assert "pip install" in test and "pytest" in test


def test_both_setup_commands_work_in_the_checkouts_one_venv():
    """A system Python that refuses ``pip install`` outside a venv (PEP 668) runs both:
    each makes the checkout's ``.venv`` (or keeps the one there) and works inside it,
    without asking for the system's site-packages or the user's."""
    for command in setup_commands():
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && "), command
        assert not {"--break-system-packages", "--user", "sudo"} & set(command.split()), command


def test_nothing_points_outside_the_repository():
    assert "../" not in README


def test_the_python_example_runs(tmp_path, monkeypatch):
    blocks = re.findall(r"^```python\n(.*?)^```", README, re.M | re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    (tmp_path / "configs").symlink_to(ROOT / "configs")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    assert printed.getvalue().strip() == "solved 81"
    assert (tmp_path / "hakoiri.gif").stat().st_size > 10_000
    assert (tmp_path / "sheet.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
