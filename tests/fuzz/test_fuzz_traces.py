"""Fuzzing traces: traces solved from small configs (and the hand-written ones), valid
and mutated, through the reader and replay (``puzzlereel.trace.validate``) and the
commands that read them: ``validate`` and ``show`` (from a file and from stdin: the same
answer) and ``render`` (a trace ``validate`` accepts renders)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.trace import validate
from tests.fuzz.checks import check_error, check_run, cli_warnings, run_cli, time_limit
from tests.fuzz.conftest import Fuzz
from tests.fuzz.strategies import Case, trace_cases

# small frames and short motions: rendering costs little, hints still apply
SMALL_RENDER = ("--cell", "6", "--fps", "4", "--speed", "0.05", "--pause", "0")


def _folder(tmp_path: Path) -> Path:
    return Path(tempfile.mkdtemp(dir=tmp_path))


def test_the_reader_and_replay_raise_only_their_own_errors(fuzz: Fuzz) -> None:
    @fuzz.settings(1000)
    @given(trace_cases())
    def run(case: Case) -> None:
        caught: Exception | None = None
        try:
            with time_limit(), cli_warnings():
                validate(io.BytesIO(case.data), "t.jsonl")
        except Exception as exc:    # checked outside: a failed check shows no long chain
            caught = exc
        if caught is not None:
            check_error(caught, "t.jsonl", needs_line=True)

    run()


def test_validate_and_show_answer_the_same_from_a_file_and_from_stdin(
        fuzz: Fuzz, tmp_path: Path) -> None:
    @fuzz.settings(150)
    @given(trace_cases())
    def run(case: Case) -> None:
        folder = _folder(tmp_path)
        path = folder / "t.jsonl"
        path.write_bytes(case.data)
        for command in ("validate", "show"):
            from_file = run_cli([command, path])
            check_run(from_file, folder, source=str(path))
            from_stdin = run_cli([command, "-"], input=case.data)
            check_run(from_stdin, folder, source="<stdin>")
            assert from_file.code == from_stdin.code, (from_file.error, from_stdin.error)
            assert (from_file.error.removeprefix(str(path))
                    == from_stdin.error.removeprefix("<stdin>"))
            if command == "show":
                assert from_file.result.stdout == from_stdin.result.stdout

    run()


def test_render_draws_every_trace_validate_accepts(fuzz: Fuzz, tmp_path: Path) -> None:
    @fuzz.settings(120)
    @given(trace_cases(), st.sampled_from(["gif", "png", "mp4"]), st.booleans())
    def run(case: Case, fmt: str, partial: bool) -> None:
        folder = _folder(tmp_path)
        path, out = folder / "t.jsonl", folder / f"x.{fmt}"
        path.write_bytes(case.data)
        checked = run_cli(["validate", path])
        check_run(checked, folder, source=str(path))
        args = ["render", path, "-o", out, *SMALL_RENDER] + (["--partial"] if partial else [])
        drawn = run_cli(args, outputs=[out])
        check_run(drawn, folder, source=str(path))
        if checked.code == 0:
            assert drawn.code == 0, f"validate accepts it, render says: {drawn.error}"
            assert out.exists()

    run()
