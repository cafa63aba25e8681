"""The docs run as written: every shell block of README.md and docs/*.md runs in a fresh
folder outside the checkout against the installed ``puzzlereel`` command (the test run's
own HOME and cache folder, so compiled code is not compiled again for each block), and
the Python blocks of docs/python.md run in order.

How a block says what it is:

- a ``sh`` block is a script: it must end with exit 0.  A line ending in ``# exit N``
  (N a number, then anything) must end with that exit code instead.
- a ``console`` block shows commands (``$ `` lines) each followed by its exact output
  (stdout); a line ``...`` stands for any number of lines.
- a block right after the line ``<!-- illustration: why -->`` only illustrates (a
  cluster's address, files the reader has) and is not run.

Videos are drawn small, here and in the ``--help`` examples: each ``render`` and ``run``
gets ``--size`` (its ``--target``'s frame, else the default 1280x720, shrunk to
``SMALL_SIDE`` pixels on its longer side, its shape kept) and ``--fps 5`` right after
its name, so that what the command itself
says about size -- its own ``--size``, ``--cell`` or ``--fps`` -- still wins.  What is
run is every command as written, at a fraction of the pixels; the Python guide's
``Solution.render`` calls are drawn small the same way.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from puzzlereel.render.declared import TARGETS
from puzzlereel.solution import Solution
from tests.fixtures import ROOT, cli

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(?:(?P<mark><!-- illustration: [^\n]*-->)\n)?```(?P<lang>[\w+-]*)\n"
                   r"(?P<body>.*?)^```$", re.M | re.S)
EXIT = re.compile(r"^(?P<command>.*?)\s*#\s*exit (?P<code>\d+)\b.*$")
# a command that makes videos: `puzzlereel [--progress plain ...] render|run`
DRAWING = re.compile(r"\bpuzzlereel(?:\s+--?\w[\w-]*(?:\s+(?:auto|bar|plain|none))?)*"
                     r"\s+(?:render|run)(?=\s|$)")
COMMENT = re.compile(r"(?P<code>.*?)(?P<comment>(?:^|\s)#.*)?")
DEFAULT_SIZE = (1280, 720)         # the frame of a video without --size or --target
SMALL_SIDE = 320                   # ... drawn with this many pixels on its longer side
SMALL_FPS = 5


def shrunk_size(size: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` (None: the default frame) with ``SMALL_SIDE`` pixels on its longer side,
    its shape kept, each side even (as a video's must be)."""
    width, height = size or DEFAULT_SIZE
    scale = SMALL_SIDE / max(width, height)
    return 2 * round(width * scale / 2), 2 * round(height * scale / 2)


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    body: str
    illustration: bool

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start("lang")) + 1
        out.append(Block(path, line, m.group("lang"), m.group("body"),
                         m.group("mark") is not None))
    return out


SHELL = [b for path in DOCS for b in blocks(path) if b.lang in ("sh", "console")]
RUN = [b for b in SHELL if not b.illustration]


def environment(cwd: Path) -> dict[str, str]:
    """The test's own environment with the installed command first on PATH, and neither
    the checkout nor its tests on Python's path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = env.get("HOME", str(cwd))
    return env


def small(line: str) -> str:
    """``line`` with each ``render`` and ``run`` in its code (not its comment) drawing a
    small frame at ``SMALL_FPS``: the flags go right after the command's name, so the
    command's own ``--size``, ``--cell`` and ``--fps`` come later and win."""
    found = COMMENT.fullmatch(line)
    assert found is not None
    code, comment = found.group("code"), found.group("comment") or ""

    def shrunk(m: re.Match[str]) -> str:
        rest = re.split(r"\|\||&&|[|;]", code[m.end():], maxsplit=1)[0]
        target = re.search(r"--target[ =](\w+)", rest)
        size = TARGETS[target.group(1)].size if target and target.group(1) in TARGETS else None
        width, height = shrunk_size(size)
        return f"{m.group(0)} --size {width}x{height} --fps {SMALL_FPS}"

    return DRAWING.sub(shrunk, code) + comment


def drawn_small(render: Callable[..., Any]) -> Callable[..., Any]:
    """``Solution.render`` drawing small as ``small`` makes a command draw, unless the
    call sets its own ``size``, ``cell`` or ``fps``."""

    def small_render(solution: Solution, outputs: Any, **options: Any) -> Any:
        target = TARGETS.get(str(options.get("target")))
        size = shrunk_size(target.size if target and target.size else None)
        return render(solution, outputs, **{"size": size, "fps": SMALL_FPS, **options})

    return small_render


def script(body: str) -> str:
    """A sh block as a bash script: stop at the first failure; ``# exit N`` lines must
    end with N."""
    lines = ["set -eo pipefail"]
    for line in map(small, body.splitlines()):
        m = EXIT.match(line)
        if m and not line.lstrip().startswith("#"):
            code = m.group("code")
            lines.append(f"rc=0; {m.group('command')} || rc=$?; if [ $rc -ne {code} ]; then "
                         f"echo 'expected exit {code}, got '$rc >&2; exit 1; fi")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def matches(shown: list[str], got: list[str]) -> bool:
    """Whether ``got`` is ``shown``, a ``...`` line standing for any lines."""
    if not shown:
        return not got
    if shown[0] == "...":
        return any(matches(shown[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == shown[0] and matches(shown[1:], got[1:])


def console_steps(body: str) -> list[tuple[str, list[str]]]:
    steps: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise AssertionError(f"output before any '$ ' command: {line!r}")
    return steps


def test_every_shell_block_is_run_or_marked_as_an_illustration():
    """Commands are in sh or console blocks, which run unless marked; a block of another
    kind that starts with a command (puzzlereel, python, pip) is a mistake.  ``text``
    blocks are for what is not run: synopses, outputs."""
    assert len(RUN) >= 10
    for path in DOCS:
        for block in blocks(path):
            first = block.body.lstrip().split(" ", 1)[0]
            if block.lang not in ("sh", "console", "text") and \
                    first in ("puzzlereel", "python", "python3", "pip"):
                raise AssertionError(f"{block.name}: commands in a {block.lang or 'plain'} "
                                     "block: mark it sh (run) or console")


@pytest.mark.timeout(1200)
@pytest.mark.parametrize("block", RUN, ids=[b.name for b in RUN])
def test_the_block_runs_as_written(block: Block, tmp_path: Path):
    env = environment(tmp_path)
    if block.lang == "sh":
        res = subprocess.run(["bash", "-c", script(block.body)], cwd=tmp_path, env=env,
                             stdin=subprocess.DEVNULL, capture_output=True, text=True,
                             timeout=1100)
        assert res.returncode == 0, f"{block.name}:\n{block.body}\n{res.stderr[-3000:]}"
        return
    for command, shown in console_steps(block.body):
        res = subprocess.run(["bash", "-c", "set -o pipefail\n" + small(command)], cwd=tmp_path,
                             env=env, stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=1100)
        assert res.returncode == 0, f"{block.name}: $ {command}\n{res.stderr[-3000:]}"
        got = res.stdout.rstrip("\n").split("\n") if res.stdout else []
        assert matches(shown, got), (f"{block.name}: $ {command}\nshown:\n"
                                     + "\n".join(shown) + "\ngot:\n" + "\n".join(got))


@pytest.mark.timeout(1200)
def test_the_python_guide_runs_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    guide = [b for b in blocks(ROOT / "docs" / "python.md")
             if b.lang == "python" and not b.illustration]
    assert guide
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(Solution, "render", drawn_small(Solution.render))
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in guide:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block.body, block.name, "exec"), namespace)  # noqa: S102
        # a print's comment is what it prints, "..." standing for any text
        shown = [m.group(1) for m in re.finditer(r"^\s*print\(.*\)\s*# (.*)$", block.body,
                                                 re.M)]
        got = printed.getvalue().splitlines()
        assert len(got) == len(shown), (block.name, got, shown)
        for want, line in zip(shown, got):
            pattern = ".*".join(re.escape(part.strip()) for part in want.split("..."))
            assert re.fullmatch(pattern, line), (block.name, want, line)


def test_the_runner_catches_a_broken_command(tmp_path: Path):
    """What makes the docs test fail: a command that exits 1, a wrong exit code, output
    that differs from what a block shows."""
    env = environment(tmp_path)
    broken = subprocess.run(["bash", "-c", script("puzzlereel solve configs/nope.toml\n")],
                            cwd=tmp_path, env=env, capture_output=True, text=True)
    assert broken.returncode != 0
    wrong = subprocess.run(["bash", "-c", script("puzzlereel --version  # exit 3\n")],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert wrong.returncode != 0 and "expected exit 3, got 0" in wrong.stderr
    assert matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert not matches(["a", "z"], ["a", "b", "z"])


@pytest.mark.parametrize(("written", "run"), [
    ("puzzlereel render t.jsonl -o t.mp4  # the mp4",
     "puzzlereel render --size 320x180 --fps 5 t.jsonl -o t.mp4  # the mp4"),
    ("puzzlereel solve x | puzzlereel render - -o s.mp4 --target shorts --sound",
     "puzzlereel solve x | puzzlereel render --size 180x320 --fps 5 - -o s.mp4 "
     "--target shorts --sound"),
    ("puzzlereel render t.jsonl -o 4k.mp4 --target 4k && puzzlereel run a --target shorts",
     "puzzlereel render --size 320x180 --fps 5 t.jsonl -o 4k.mp4 --target 4k && "
     "puzzlereel run --size 180x320 --fps 5 a --target shorts"),
    ("puzzlereel render t.jsonl -o i.mp4 --target instagram",
     "puzzlereel render --size 256x320 --fps 5 t.jsonl -o i.mp4 --target instagram"),
    ("puzzlereel --progress plain run my/ --force",
     "puzzlereel --progress plain run --size 320x180 --fps 5 my/ --force"),
    ("puzzlereel render t.jsonl -o a.gif --cell 24 --fps 60",
     "puzzlereel render --size 320x180 --fps 5 t.jsonl -o a.gif --cell 24 --fps 60"),
    ("puzzlereel solve run -o render.jsonl  # then puzzlereel render it",
     "puzzlereel solve run -o render.jsonl  # then puzzlereel render it"),
    ("# puzzlereel run my-puzzles/", "# puzzlereel run my-puzzles/"),
])
def test_videos_are_drawn_small_unless_the_command_sizes_them(written: str, run: str):
    assert small(written) == run


def test_the_python_guide_draws_small_unless_the_call_sizes_it():
    calls: list[dict[str, Any]] = []
    render = drawn_small(lambda solution, outputs, **options: calls.append(options))
    render(None, "a.mp4")
    render(None, "b.mp4", target="shorts", sound=True)
    render(None, "c.gif", size=(640, 480), fps=60)
    assert calls == [{"size": (320, 180), "fps": 5},
                     {"size": (180, 320), "fps": 5, "target": "shorts", "sound": True},
                     {"size": (640, 480), "fps": 60}]


HELP_COMMANDS = ["", "solve", "validate", "show", "analyze", "render", "examples", "preview",
                 "new", "run", "gallery", "import", "docs"]
NEEDS_A_CLUSTER = "--executor dask"


def help_examples(command: str, env: dict[str, str], cwd: Path) -> list[str]:
    """The example commands of ``puzzlereel COMMAND --help``, a wrapped one joined."""
    res = subprocess.run(["puzzlereel", *([command] if command else []), "--help"],
                         cwd=cwd, env=env, capture_output=True, text=True, check=True)
    examples: list[str] = []
    indent = None
    for line in res.stdout.splitlines():
        stripped = line.strip()
        if stripped.startswith("puzzlereel "):
            examples.append(stripped)
            indent = len(line) - len(line.lstrip())
        elif examples and indent is not None and stripped and \
                len(line) - len(line.lstrip()) == indent and not stripped.startswith("-"):
            examples[-1] += " " + stripped        # the rest of a wrapped example
        else:
            indent = None
    return examples


@pytest.fixture(scope="module")
def users_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the ``--help`` examples find in the user's folder, made once a module
    by the commands that make them (in-process): the root's first example's trace
    (``hakoiri.jsonl``), folders of configs, a config to edit (``my.toml``: ``examples``
    leaves it out, its own example makes it) and collections to import."""
    folder = tmp_path_factory.mktemp("users-files")
    (folder / "my-puzzles").mkdir()
    (folder / "more" / "blocks").mkdir(parents=True)
    for args in (["solve", "hakoiri-musume", "-o", "hakoiri.jsonl"],     # the root's first
                 ["examples", "hoppers", "-o", "my-puzzles/hoppers.toml"],
                 ["examples", "dads-puzzle", "-o", "more/blocks/dads-puzzle.toml"],
                 ["examples", "hakoiri-musume", "-o", "my.toml"]):
        made = cli(*args[:-1], folder / args[-1])
        assert made.exit_code == 0, made.output
    (folder / "rush.txt").write_text("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n")
    (folder / "korf100.txt").write_text("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n")
    (folder / "layouts.txt").write_text("BAAC/BAAC/DEEF/DGHF/I..J\n")
    return folder


@pytest.mark.timeout(1200)
@pytest.mark.parametrize("command", HELP_COMMANDS, ids=[c or "puzzlereel" for c in HELP_COMMANDS])
def test_every_help_example_runs_in_an_empty_folder(tmp_path: Path, command: str,
                                                     users_files: Path):
    """Every example of a command's --help, in order, in an empty folder outside the
    checkout where the root's first example has run (``hakoiri.jsonl``) and the files the
    examples name as the user's own are (``users_files``).  Only the example that needs a
    Dask cluster is not run."""
    env = environment(tmp_path)
    shutil.copytree(users_files, tmp_path, dirs_exist_ok=True)
    if command == "examples":                 # whose own example makes it
        (tmp_path / "my.toml").unlink()
    examples = help_examples(command, env, tmp_path)
    assert examples, f"puzzlereel {command} --help shows no example"
    for example in examples:
        if NEEDS_A_CLUSTER in example:
            continue
        res = subprocess.run(["bash", "-c", "set -o pipefail\n" + small(example)], cwd=tmp_path,
                             env=env, stdin=subprocess.DEVNULL, capture_output=True,
                             text=True, timeout=1100)
        assert res.returncode == 0, f"puzzlereel {command} --help: {example}\n" \
                                    f"{res.stderr[-2000:]}"
