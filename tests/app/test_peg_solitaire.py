"""Peg solitaire on the command line: solve a board, validate the trace, analyze another
board as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fixtures import CONFIGS, cli


def test_cli_solve_validate_analyze(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    result = cli("solve", CONFIGS / "triangle.toml", "-o", out)
    assert result.exit_code == 0, result.output
    result = cli("validate", out)
    assert result.exit_code == 0 and "9 moves" in result.output
    result = cli("analyze", CONFIGS / "hoppers.toml", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["optimal_moves"] == 7 and data["optimal_solutions"] == 72
