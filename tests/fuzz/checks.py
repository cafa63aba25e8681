"""What the fuzzers demand of every run, and how they run the program.

* A loader or the replay either succeeds or raises one of the project's own errors
  (``PuzzlereelError``), whose message is one line naming the file (and the line or
  field where there is one).
* A command run in-process (``typer.testing.CliRunner`` on ``puzzlereel.cli.commands.app``)
  exits 0–4, prints no traceback, and on failure prints exactly one error line
  (``puzzlereel: …``, warnings aside) and, for bad input (1, 2), leaves no output file
  behind; no temporary file of ours is ever left.  Warnings of ours are printed as the
  command line prints them (one line each); any other warning fails the run.
* Nothing runs for ``LIMIT_SECONDS``: a guard against endless work (a loop, a search
  without bound, quadratic work on a huge input), far above what any run takes even on
  a machine busy with other work; how fast things are is the benchmarks' to measure.
"""

from __future__ import annotations

import contextlib
import signal
import traceback
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from typer.testing import CliRunner, Result

from puzzlereel.cli import commands as cli
from puzzlereel.ground import console
from puzzlereel.ground.errors import PuzzlereelError

LIMIT_SECONDS = 300.0
# a message quotes the bad input, cut short: at most this many characters (the problem
# itself at most errors.MAX_PROBLEM, besides the file's name, line and field)
MAX_MESSAGE: int | None = 1000


class TooSlow(Exception):
    """Raised in the main thread when one run takes longer than ``LIMIT_SECONDS``."""


@contextlib.contextmanager
def time_limit(seconds: float = LIMIT_SECONDS) -> Iterator[None]:
    """Raise ``TooSlow`` inside the block once it has run ``seconds``."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise TooSlow(f"still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def ours(category: type[Warning]) -> bool:
    """A warning the program gives its user (a class defined in puzzlereel)."""
    return category.__module__.startswith("puzzlereel")


@contextlib.contextmanager
def cli_warnings() -> Iterator[list[str]]:
    """Warnings as the command line prints them (one line each on stderr);
    yields the list of foreign warnings seen, which a check wants empty."""
    foreign: list[str] = []

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: object = None, line: str | None = None) -> None:
        if ours(category):
            console.warning_line(message, category, filename, lineno)
        else:
            foreign.append(f"{category.__name__}: {message} ({filename}:{lineno})")

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        yield foreign


def check_error(exc: BaseException, source: str, *, needs_line: bool = False) -> None:
    """``exc`` is one of ours, one line, naming ``source`` (and a line if asked)."""
    if not isinstance(exc, PuzzlereelError):
        raise AssertionError("an error that is not a PuzzlereelError escaped:\n"
                             + "".join(traceback.format_exception(exc))) from exc
    text = str(exc)
    assert "\n" not in text and "\r" not in text, f"message of several lines: {text!r:.500}"
    if MAX_MESSAGE is not None:
        assert len(text) <= MAX_MESSAGE, f"message of {len(text):,} characters: {text[:300]!r}…"
    assert exc.source == source, f"message does not name {source}: {text!r:.500}"
    if needs_line:
        assert exc.line is not None, f"message names no line: {text!r:.500}"


@dataclass(frozen=True)
class Run:
    """One command run in-process: its result and the files it was asked to write."""

    args: tuple[str, ...]
    result: Result
    outputs: tuple[Path, ...]
    foreign_warnings: tuple[str, ...]

    @property
    def code(self) -> int:
        return self.result.exit_code

    @property
    def error(self) -> str:
        """The error line (without ``puzzlereel: ``), or "" after success."""
        lines = error_lines(self.result.stderr)
        return lines[-1].removeprefix("puzzlereel: ") if lines else ""


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines()
            if line.startswith("puzzlereel: ") and not line.startswith("puzzlereel: warning: ")]


def run_cli(args: Sequence[str | Path], *, input: bytes | None = None,
            outputs: Sequence[Path] = (), seconds: float = LIMIT_SECONDS) -> Run:
    """``puzzlereel ARGS`` in-process, within ``seconds``, warnings printed as the CLI
    prints them; a command (ARGS not starting with an option) with ``--progress none``,
    so that no progress line, which a slow moment on a busy machine brings, reaches
    its stderr."""
    words = [str(a) for a in args]
    if words and not words[0].startswith("-"):
        words = ["--progress", "none", *words]
    with cli_warnings() as foreign, time_limit(seconds):
        result = CliRunner().invoke(cli.app, words, input=input)
    return Run(tuple(str(a) for a in args), result, tuple(outputs), tuple(foreign))


# failures after which an output is kept on purpose: a solved trace whose answer differs
# from the config's expect_moves is written in full first, to look at (docs/examples.md)
KEEPS_OUTPUT = ("solve.expect_moves: expected",)


def check_run(run: Run, folder: Path, *, source: str | None = None) -> None:
    """The invariants of every command run (see the module docstring)."""
    res = run.result
    where = f"puzzlereel {' '.join(a[:80] for a in run.args)}"
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        assert res.exc_info is not None
        raise AssertionError(f"{where}: exception escaped:\n"
                             + "".join(traceback.format_exception(*res.exc_info)))
    assert 0 <= res.exit_code <= 4, f"{where}: exit code {res.exit_code}"
    for name, text in (("stdout", res.stdout), ("stderr", res.stderr)):
        assert "Traceback" not in text, f"{where}: traceback on {name}:\n{text[-3000:]}"
    assert not run.foreign_warnings, f"{where}: warnings: {run.foreign_warnings}"
    if MAX_MESSAGE is not None:
        for line in res.stderr.splitlines():
            assert len(line) <= MAX_MESSAGE, f"{where}: stderr line of {len(line):,} characters"
    errors = error_lines(res.stderr)
    if res.exit_code:
        assert len(errors) == 1, f"{where}: exit {res.exit_code}, stderr:\n{res.stderr[-3000:]}"
        if res.exit_code == 1 and source is not None:
            assert errors[0].startswith(f"puzzlereel: {source}"), (
                f"{where}: error does not name {source}: {errors[0]!r}")
        kept = any(fragment in errors[0] for fragment in KEEPS_OUTPUT)
        if res.exit_code in (1, 2) and not kept:   # bad input: nothing written (3, 4 keep
            left = [p for p in run.outputs if p.exists()]       # the trace found so far)
            assert not left, f"{where}: failed (exit {res.exit_code}) but left {left}"
    else:
        assert not errors, f"{where}: exit 0 with an error line: {errors}"
    temporaries = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    assert not temporaries, f"{where}: temporary files left: {temporaries}"


__all__ = ["LIMIT_SECONDS", "Run", "TooSlow", "check_error", "check_run", "cli_warnings",
           "error_lines", "ours", "run_cli", "time_limit"]
