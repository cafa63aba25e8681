"""Stopping on request and at the edges of a run: signals (from the first moment of
start-up, and in the middle of a compiled search), a reader that stops early, stale
temporary files, and the memory budget."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlereel.trace import validate
from tests.fixtures import CONFIGS, DATA, long_tile_trace, write

ME = [sys.executable, "-m", "puzzlereel"]


def start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([*ME, *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != "hakoiri.jsonl")


def once_writing(proc: subprocess.Popen[str], folder: Path) -> None:
    """Wait until ``proc`` writes its outputs (a temporary ``.part`` file in ``folder``):
    its command runs, whatever the machine's load made of its start-up."""
    deadline = time.monotonic() + 240                 # a guard against a hang only
    while not any(p.name.endswith((".part.mp4", ".part.gif")) for p in folder.iterdir()):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "no output begun"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def long_trace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Hakoiri Musume's 81 moves: a render of it at a slow pace takes several seconds."""
    folder = tmp_path_factory.mktemp("trace")
    out = folder / "hakoiri.jsonl"
    subprocess.run([*ME, "solve", str(CONFIGS / "hakoiri-musume.toml"), "-o", str(out)],
                   check=True, capture_output=True)
    return out


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_stops_a_render_cleanly(tmp_path, long_trace, name):
    signum = getattr(signal, name)
    proc = start(["--progress", "none", "render", str(long_trace), "-o", "out.mp4", "-o",
                  "out.gif", "--fps", "60", "--speed", "1.0"], tmp_path)
    once_writing(proc, tmp_path)       # in the drawing
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 128 + signum
    assert "Traceback" not in err
    expected = "interrupted" if name == "SIGINT" else f"stopped by {name}"
    assert err.strip().splitlines() == [f"puzzlereel: {expected}"]
    assert leftovers(tmp_path) == []   # no output, no .part file


def test_a_signal_stops_a_compiled_search(tmp_path):
    """In the compiled search (its first progress line says so): the search, which
    takes several seconds more, ends on the signal, without finishing."""
    proc = subprocess.Popen([*ME, "--progress", "plain", "solve",
                             str(CONFIGS / "english-18.toml"), "-o", "t.jsonl"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:                # plain progress lines, the search's last
        if line.startswith("search: "):
            break
    proc.send_signal(signal.SIGTERM)
    _, rest = proc.communicate(timeout=300)
    err = [line for line in rest.splitlines() if not line.startswith("search: ")]
    assert proc.returncode == 128 + signal.SIGTERM, err
    assert err == ["puzzlereel: stopped by SIGTERM"]
    assert list(tmp_path.iterdir()) == []


def before_the_command(err: str) -> bool:
    """CPython's report of an interrupt that came before any code of the command ran,
    while its own ``KeyboardInterrupt`` handler was in place: a fatal error in its
    start-up (``init_import_site``, ``init_sys_streams``...), a traceback none of whose
    frames is in the package but its ``__init__.py`` (which ``python -m`` imports
    first), or one it could not raise in a callback of its import system and reported
    ("Exception ignored in", the command then going on)."""
    ours = [line for line in err.splitlines() if line.strip().startswith("File ")
            and "puzzlereel" + os.sep in line]
    only_init = all(("puzzlereel" + os.sep + "__init__.py") in line for line in ours)
    lines = err.rstrip().splitlines()
    if err.startswith("Fatal Python error: init_"):
        return lines[-1] == "KeyboardInterrupt"
    if err.startswith("Traceback"):
        return lines[-1] == "KeyboardInterrupt" and only_init
    if err.startswith("Could not import runpy module"):
        return "KeyboardInterrupt" in lines
    if err.startswith("Exception ignored in"):
        return "KeyboardInterrupt" in lines and only_init
    return False


@pytest.mark.parametrize("delay", [0.0, 0.03, 0.08, 0.15])
def test_ctrl_c_during_start_up_prints_no_traceback(tmp_path, delay):
    proc = start(["render", str(DATA / "hakoiri-5.jsonl"), "-o", "x.mp4"], tmp_path)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    if before_the_command(err):
        # CPython itself was still starting up, or importing the package before its
        # ``__main__`` set a handler (on a loaded machine): its own message, like
        # -SIGINT below
        return
    assert "Traceback" not in err
    # 0: it finished before the signal came; -SIGINT: it came before Python was running
    assert proc.returncode in (0, 130, -signal.SIGINT)
    if proc.returncode == 130:
        assert err.strip() == "puzzlereel: interrupted"
        assert leftovers(tmp_path) == []


def test_a_reader_that_stops_early_ends_the_writer_quietly(tmp_path):
    # 3,000 positions: far more than a pipe holds, so the writer is still writing when
    # the reader goes, however busy the machine
    trace = write(tmp_path, "walk.jsonl", long_tile_trace(3000))
    proc = subprocess.Popen([*ME, "show", str(trace)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()                 # like `| head -1`
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=300) == 141
    assert first.startswith(b"A long walk")
    assert err == ""


def test_stale_temporary_files_of_ours_are_removed_when_the_target_is_written(tmp_path):
    stale = tmp_path / ".x.png.k3j2l1ab.part.png"        # what a killed run leaves
    other = tmp_path / ".x.png.notes"                     # not our naming pattern
    stale.write_bytes(b"half a picture")
    other.write_text("keep me")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    res = subprocess.run([*ME, "render", str(DATA / "hakoiri-5.jsonl"), "-o", "x.png"],
                         cwd=tmp_path, capture_output=True, text=True, check=False)
    assert res.returncode == 0, res.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".x.png.notes", "x.png"]


def test_the_memory_budget_stops_a_huge_search_with_a_valid_trace(tmp_path):
    """An 8x8 board with 16 unit pieces, one cell a move: far too many positions."""
    rows = "\n".join(["ABCDEFGH", "IJKLMNOP"] + ["........"] * 6)
    config = write(tmp_path, "big.toml", f'''
[puzzle]
type = "sliding-block"
layout = """
{rows}
"""
goal = {{ piece = "A", x = 7, y = 7 }}
[solve]
metric = "step"
''')
    res = subprocess.run([*ME, "--progress", "none", "solve", str(config), "-o", "t.jsonl",
                          "--max-memory", "64M"],
                         cwd=tmp_path, capture_output=True, text=True, check=False,
                         timeout=300)
    assert res.returncode == 4, res.stderr
    lines = [line for line in res.stderr.splitlines() if not line.startswith("search: ")]
    assert any("far more than the 64 MiB memory budget holds" in line for line in lines)
    assert lines[-1].startswith(f"puzzlereel: {config}: stopped after ")
    assert lines[-1].endswith(" positions at the 64 MiB memory budget; raise --max-memory "
                              "or --max-states")
    with open(tmp_path / "t.jsonl", "rb") as f:
        summary = validate(f, "t.jsonl")
    assert summary.end is not None and summary.end.status == "limit"


def test_a_bad_memory_size_is_a_usage_error(tmp_path):
    res = subprocess.run([*ME, "solve", str(CONFIGS / "dads-puzzle.toml"), "--max-memory",
                          "lots"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert res.returncode == 2
    assert res.stderr.strip() == ("puzzlereel: --max-memory: expected a size like 500M, 12G "
                                  "or 1.5 GiB, got 'lots'")
