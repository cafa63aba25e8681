"""Shared test helpers: paths, running the CLI in-process, a tiny puzzle config writer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def lines_io(*lines: str) -> io.StringIO:
    return io.StringIO("".join(line + "\n" for line in lines))
