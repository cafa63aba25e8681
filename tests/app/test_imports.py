"""Each command imports only what it needs: the command line, ``validate`` and ``show``
never load numba, OpenCV or PyAV; ``render`` never loads numba; reading any config loads
no compiled search code (so listing and checking configs stays quick)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.fixtures import CONFIGS, DATA

HEAVY = ("numba", "llvmlite", "cv2", "av")


def imported(*args: str) -> set[str]:
    """Top-level names of the modules a ``puzzlereel`` process imported (-X importtime)."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlereel", *args],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip().split(".")[0])
    assert "puzzlereel" in names, "no -X importtime output"
    return names


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"],
                                  ["validate", str(DATA / "hakoiri-5.jsonl")],
                                  ["show", str(DATA / "hakoiri-5.jsonl")]])
def test_light_commands_load_nothing_heavy(args):
    assert imported(*args) & set(HEAVY) == set()


def test_render_never_loads_the_compiled_search(tmp_path):
    names = imported("render", str(DATA / "hakoiri-5.jsonl"), "-o", str(tmp_path / "s.png"))
    assert "cv2" in names                      # it did draw
    assert names & {"numba", "llvmlite"} == set()


def test_reading_any_config_loads_no_compiled_code():
    code = ("import sys; from pathlib import Path; from puzzlereel.catalog import puzzles\n"
            f"for p in sorted(Path({str(CONFIGS)!r}).glob('*.toml')): puzzles.load_puzzle(p)\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert proc.stdout.strip() == "[]"


def test_a_small_sliding_block_space_is_solved_without_numpy_or_numba(tmp_path):
    """Hakoiri Musume's space is searched in plain Python: the process never loads numpy
    or the compiled search (loading them would take longer than the whole search)."""
    names = imported("--progress", "none", "solve", "hakoiri-musume", "-o",
                     str(tmp_path / "t.jsonl"))
    assert names & {"numpy", "numba", "llvmlite"} == set()
    assert (tmp_path / "t.jsonl").read_text().count('"type":"move"') == 81
