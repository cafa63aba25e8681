"""Shared test helpers: the repository's folders, small configs and traces written on the
spot, the command line run in-process, solver events replayed through the validator, and
drawn frames compared with their golden images.

Test modules import this module (``from tests.fixtures import ...``; pytest puts the
repository root on the path).  pytest's own fixtures and hooks, among them the
``golden`` fixture and the ``--update-golden`` switch, are in ``conftest.py``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import random
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner, Result

from puzzlereel.cli.commands import app
from puzzlereel.ground.config import load_config
from puzzlereel.trace import (
    Event,
    Header,
    TraceSummary,
    dumps,
    read_trace,
    validate,
    write_trace,
)

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ROOT / "configs"
DATA = ROOT / "tests" / "data"        # traces the tests read (hakoiri-5.jsonl, ...)
OPEN_BOARD = DATA / "open-board.toml"  # a sliding-block search that needs the compiled code
GOLDEN = ROOT / "tests" / "golden"    # golden frames, <family>-<what>.png
# set in CI (.ci/run): a test that needs the browser fails instead of skipping
REQUIRED_BROWSER = "PUZZLEREEL_REQUIRE_BROWSER"
# the optional extras of pyproject.toml a test may need, each with the variable that CI
# (.ci/run) sets to make such a test fail instead of skipping
EXTRAS_REQUIRED = {"browser": REQUIRED_BROWSER, "dask": "PUZZLEREEL_REQUIRE_DASK",
                   "notebook": "PUZZLEREEL_REQUIRE_NOTEBOOK"}
UPDATE_GOLDEN = "--update-golden"     # the switch that rewrites them (conftest.py)


# ---------------------------------------------------------------- optional extras


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` into a checkout's environment."""
    return f'pip install -e ".[{extra}]" --config-settings editable_mode=strict'


def skip_unless_required(variable: str, message: str) -> None:
    """Skip the test with ``message``; fail it instead when ``variable`` is set (CI)."""
    if os.environ.get(variable):
        pytest.fail(f"{message}; {variable} is set, so this test may not be skipped")
    pytest.skip(message)


def need_extra(extra: str, *modules: str) -> None:
    """Skip the test, with a reason naming the extra and how to install it, unless every
    module of ``modules`` (which the ``extra`` extra installs) can be imported; in CI,
    where the extra's variable is set, fail instead."""
    for module in modules:
        if importlib.util.find_spec(module) is None:
            skip_unless_required(EXTRAS_REQUIRED[extra],
                                 f"needs the {extra!r} extra (no module {module!r}): "
                                 f"{install_hint(extra)}")


# ---------------------------------------------------------------- configs


def write(folder: Path, name: str, text: str) -> Path:
    """``text`` written to ``folder/name`` (a config or a trace for one test)."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def tiny_block(folder: Path, name: str, title: str, render: str) -> Path:
    """``folder/name.toml``: a sliding-block puzzle of one move (slide the long block
    down) titled ``title`` (any text, escaped), with ``render`` as its ``[render]`` table's
    body; it solves and renders in a blink."""
    quoted = title.replace("\\", "\\\\").replace('"', '\\"')
    return write(folder, f"{name}.toml", f'''# A tiny block puzzle: move the `long block` down.
title = "{quoted}"
[puzzle]
type = "sliding-block"
layout = """
AA.
b..
"""
goal = {{ piece = "A", x = 1, y = 1 }}
[render]
{render}
''')


def configs_of(kind: str) -> list[Path]:
    """The shipped configs (``configs/*.toml``) whose ``[puzzle] type`` is ``kind``."""
    return [path for path in sorted(CONFIGS.glob("*.toml"))
            if load_config(path).puzzle_type == kind]


# ---------------------------------------------------------------- traces


def lines_io(*lines: str) -> io.StringIO:
    """A text stream of the given lines, each ended by a newline."""
    return io.StringIO("".join(line + "\n" for line in lines))


def jsonl(*objs: Mapping[str, Any]) -> str:
    """Objects as JSON Lines, one trace line each."""
    return "".join(json.dumps(o) + "\n" for o in objs)


def header(puzzle: str, **fields: Any) -> dict[str, Any]:
    """A version-1 trace header line for ``puzzle``, with the puzzle's own fields."""
    return {"type": "header", "format": "puzzlereel-trace", "version": 1, "puzzle": puzzle,
            **fields}


END_SOLVED: dict[str, Any] = {"type": "end", "status": "solved", "stats": {}}

# a 3x2 sliding-block board: A (2x1) at the top left, b (1x1) below it; A must reach (1, 1)
TINY_BLOCK = header("sliding-block",
                    board={"width": 3, "height": 2, "walls": [], "exits": []},
                    pieces=[{"id": "A", "x": 0, "y": 0, "w": 2, "h": 1},
                            {"id": "b", "x": 0, "y": 1, "w": 1, "h": 1}],
                    goal={"piece": "A", "x": 1, "y": 1})
# ... and a legal solution of it in three moves, with a note
TINY_BLOCK_SOLVED: list[dict[str, Any]] = [
    {"type": "move", "n": 1, "piece": "b", "path": [[1, 1], [2, 1], [2, 0]]},
    {"type": "note", "text": "hello"},
    {"type": "move", "n": 2, "piece": "A", "path": [[0, 1]]},
    {"type": "move", "n": 3, "piece": "A", "path": [[1, 1]]},
    {"type": "end", "status": "solved", "moves": 3},
]


def trace_io(*objs: Mapping[str, Any]) -> io.StringIO:
    """A trace stream of the given lines (header first), as JSON Lines."""
    return lines_io(*(json.dumps(o) for o in objs))


def wire(header: Header) -> Header:
    """A header as a reader gets it back after it was written as a trace's first line."""
    ((_, event),) = read_trace(lines_io(dumps(header)), "<header>", allow_partial=True)
    assert isinstance(event, Header)
    return event


def replayed(events: Iterable[Event], source: str = "<test>") -> tuple[list[Event], TraceSummary]:
    """Write a solver's events as a trace and replay it through ``validate`` (every move
    checked by the rules): the events, and the validator's summary."""
    evs = list(events)
    out = io.StringIO()
    write_trace(evs, out)
    return evs, validate(io.StringIO(out.getvalue()), source)


# ---------------------------------------------------------------- the command line


def cli(*args: str | Path, input: str | None = None) -> Result:
    """``puzzlereel ARGS`` run in-process; the result keeps stdout and stderr apart.  A
    command (ARGS not starting with an option) runs with ``--progress none``, so that no
    progress line, which a slow moment on a busy machine brings, reaches its stderr."""
    words = [str(a) for a in args]
    if words and not words[0].startswith("-"):
        words = ["--progress", "none", *words]
    return CliRunner().invoke(app, words, input=input)


@contextlib.contextmanager
def pipe_read(pipe: Path) -> Iterator[list[bytes]]:
    """A named pipe made at ``pipe``, read whole on a thread while the block runs: the
    list holds its bytes once the block has ended (none when nothing opened it to write:
    the reader is then let go)."""
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    try:
        yield got
    finally:
        if reader.is_alive() and not got:
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=120)


def child_commands(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``, each with its whole command line, read from
    /proc (``ps`` cuts a command line to the width it guesses for its output, 80 columns
    under pytest, which a long venv path fills).  Skips the test where /proc is not."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").is_file():
        pytest.skip("needs /proc to list a process's children")
    children: dict[int, str] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="utf-8", errors="replace")
            # pid (comm) state ppid ...: comm may hold spaces and parentheses
            if int(stat.rsplit(")", 1)[1].split()[1]) != pid:
                continue
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError, ValueError):
            continue                                 # gone meanwhile
        children[int(entry.name)] = " ".join(w.decode(errors="replace") for w in words if w)
    return children


def one_line_error(result: Result, code: int, *fragments: str) -> None:
    """The command failed with exit ``code`` and one line on stderr holding every fragment."""
    assert result.exit_code == code, (result.exit_code, result.output)
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err, err
    for frag in fragments:
        assert frag in err, err


# ---------------------------------------------------------------- golden frames


@dataclass(frozen=True)
class Tolerance:
    """How far a drawn frame may be from its golden image: the mean absolute difference of
    all channel values stays below ``mean``, and less than ``share`` of the pixels (with
    ``by_value``: of the channel values) are off by more than ``off``."""

    mean: float
    off: int
    share: float = 0.01
    by_value: bool = False


def read_png(path: Path) -> np.ndarray:
    """An image file's pixels as an RGB array."""
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB"))


@dataclass(frozen=True)
class GoldenImages:
    """The golden frames in ``folder``.  With ``update`` (``--update-golden``) a frame is
    written as its golden image first when that image is missing or any pixel of it
    differs, so an unchanged image keeps its file."""

    folder: Path = GOLDEN
    update: bool = False

    def check(self, name: str, img: np.ndarray, tolerance: Tolerance) -> None:
        """The frame ``img`` matches ``<folder>/<name>.png``: same shape, within
        ``tolerance``."""
        path = self.folder / f"{name}.png"
        if self.update and (not path.exists() or not np.array_equal(read_png(path), img)):
            Image.fromarray(img).save(path)
        assert path.exists(), (f"missing golden image {path} (write it with "
                               f"python -m pytest {UPDATE_GOLDEN}, then look at it)")
        want = read_png(path)
        assert want.shape == img.shape, f"{name}: drawn {img.shape}, golden image {want.shape}"
        diff = np.abs(want.astype(np.int16) - img.astype(np.int16))
        off = diff > tolerance.off if tolerance.by_value else diff.max(axis=2) > tolerance.off
        assert diff.mean() < tolerance.mean and off.mean() < tolerance.share, (
            f"{name}: frame differs from {path} (mean difference {diff.mean():.3f}, "
            f"{off.mean():.2%} off by more than {tolerance.off}; after an intended change of "
            f"the look: python -m pytest {UPDATE_GOLDEN})")


def long_tile_trace(moves: int = 1000, seed: int = 13) -> str:
    """A valid (far from optimal) 4x4 sliding-tile trace of ``moves`` moves that ends
    solved: a random walk away from a scrambled start and back, then home."""
    rng = random.Random(seed)
    cols = 4
    goal = list(range(1, 16)) + [0]

    def walk(board: list[int], n: int) -> list[int]:
        tiles, last = [], None
        for _ in range(n):
            b = board.index(0)
            r, c = divmod(b, cols)
            near = [p for p in (b - 1 if c else -1, b + 1 if c < cols - 1 else -1,
                                b - cols, b + cols) if 0 <= p < 16 and board[p] != last]
            p = rng.choice(near)
            tile = board[p]
            board[b], board[p] = tile, 0
            tiles.append(tile)
            last = tile
        return tiles

    start = goal[:]
    scramble = walk(start, 300)                 # goal -> start
    board = start[:]
    away = walk(board, (moves - 300) // 2)      # start -> elsewhere, then straight back
    path = away + away[::-1] + scramble[::-1]
    lines = [json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                         "puzzle": "sliding-tile", "title": "A long walk", "rows": 4,
                         "cols": 4, "tiles": start, "goal": goal, "moves": len(path)})]
    lines += [json.dumps({"type": "move", "n": n, "tile": t}) for n, t in enumerate(path, 1)]
    lines.append(json.dumps({"type": "end", "status": "solved", "moves": len(path)}))
    return "\n".join(lines) + "\n"
