"""Fuzzing configs: shipped configs, valid and mutated, through the config loader
(``puzzlereel.catalog.puzzles.load_puzzle``), ``puzzlereel solve`` and
``puzzlereel render --config``.
Only the project's own errors may come out, as one line naming the file."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given

from puzzlereel.catalog.puzzles import load_puzzle
from tests.fixtures import DATA
from tests.fuzz.checks import check_error, check_run, run_cli, time_limit
from tests.fuzz.conftest import Fuzz
from tests.fuzz.strategies import SMALL, Case, config_cases

TRACE = DATA / "hakoiri-5.jsonl"


def _folder(tmp_path: Path) -> Path:
    """A fresh folder for one example (the test's tmp_path is shared by all of them)."""
    return Path(tempfile.mkdtemp(dir=tmp_path))


def test_the_config_loader_raises_only_its_own_errors(fuzz: Fuzz, tmp_path: Path) -> None:
    @fuzz.settings(400)
    @given(config_cases())
    def run(case: Case) -> None:
        path = _folder(tmp_path) / "c.toml"
        path.write_bytes(case.data)
        caught: Exception | None = None
        try:
            with time_limit():
                load_puzzle(path)
        except Exception as exc:    # checked outside: a failed check shows no long chain
            caught = exc
        if caught is not None:
            check_error(caught, str(path))
            whole_file = "empty file" in str(caught)
            assert caught.line is not None or caught.field or whole_file, (   # type: ignore[attr-defined]
                f"names no line: {caught}")

    run()


def test_solve_on_mutated_small_configs(fuzz: Fuzz, tmp_path: Path) -> None:
    @fuzz.settings(60)
    @given(config_cases(SMALL))
    def run(case: Case) -> None:
        folder = _folder(tmp_path)
        config, trace = folder / "c.toml", folder / "c.jsonl"
        config.write_bytes(case.data)
        solved = run_cli(["solve", config, "-o", trace, "--max-states", "20000"],
                         outputs=[trace])
        check_run(solved, folder, source=str(config))
        if solved.code in (0, 3, 4):   # a trace was written: it is valid
            checked = run_cli(["validate", trace])
            check_run(checked, folder)
            assert checked.code == 0, checked.error

    run()


def test_render_tables_from_mutated_configs(fuzz: Fuzz, tmp_path: Path) -> None:
    @fuzz.settings(60)
    @given(config_cases(only_render=True))
    def run(case: Case) -> None:
        folder = _folder(tmp_path)
        config, out = folder / "c.toml", folder / "x.gif"
        config.write_bytes(case.data)
        drawn = run_cli(["render", TRACE, "--config", config, "-o", out, "--cell", "6",
                         "--fps", "4", "--speed", "0.05", "--pause", "0"], outputs=[out])
        check_run(drawn, folder, source=str(config))
        if drawn.code:
            assert "render." in drawn.error or "TOML" in drawn.error, drawn.error

    run()
