"""Damaged state heals: a cache file cut short or emptied, a manifest that is no
manifest, a cache folder that names no home, a memory budget larger than the process
may take.  Each is met with at most one warning line and the work goes on (or stops
at its limit with exit 4), never with a traceback."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlereel.ground import memory
from puzzlereel.ground.manifest import (
    FILE_NAME,
    ConfigRecord,
    Manifest,
    ManifestWarning,
    OutputRecord,
)
from puzzlereel.solvers import base, limits
from tests.fixtures import OPEN_BOARD, cli, tiny_block
from tests.fuzz.checks import run_cli

ME = [sys.executable, "-m", "puzzlereel"]


def run(*args: str | Path, cache: Path | str, cwd: Path | None = None,
        limit: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PUZZLEREEL_CACHE": str(cache)}
    env.pop("NUMBA_CACHE_DIR", None)

    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.run([*ME, "--progress", "none", *map(str, args)], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=300, preexec_fn=limited)


def warnings_of(res: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in res.stderr.splitlines() if line.startswith("puzzlereel: warning")]


# ---------------------------------------------------------------- compiled code cache


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A cache folder with the sliding-block kernels compiled, and the open board's trace."""
    cache = tmp_path_factory.mktemp("compiled")
    res = run("solve", OPEN_BOARD, cache=cache)
    assert res.returncode == 0, res.stderr
    return cache, res.stdout


def moves(trace: str) -> list[str]:
    """A trace's lines but the end's statistics (its times differ run to run)."""
    return trace.splitlines()[:-1]


# the kernel whose cache files are damaged: one the search calls from Python (so that
# its files are read), and among the quickest to compile again; a kernel's files are
# healed one kernel at a time, so one kernel shows it as all would
DAMAGED_KERNEL = "kernel.insert_start-"


def damage(folder: Path, how: str) -> None:
    suffix = ".nbi" if how.endswith("index") else ".nbc"
    files = sorted(folder.rglob(f"{DAMAGED_KERNEL}*{suffix}"))
    assert files, f"no {DAMAGED_KERNEL}*{suffix} in {folder}"
    for path in files:
        if how.startswith(("pipe", "folder", "link")):
            path.unlink()
        if how.startswith("pipe"):
            os.mkfifo(path)
        elif how.startswith("folder"):
            path.mkdir()
            (path / "kept").write_text("not ours to lose")
        elif how.startswith("link"):
            path.symlink_to("/dev/zero")
        elif how.startswith("empty"):
            path.write_bytes(b"")
        elif how.startswith("cut"):
            path.write_bytes(path.read_bytes()[:len(path.read_bytes()) // 3])
        else:
            path.write_bytes(b"\x80\x04not a pickle at all")


@pytest.mark.parametrize("how", ["empty data", "cut data", "empty index", "garbled index",
                                 "pipe for index", "pipe for data", "folder for index",
                                 "folder for data", "link to a device for data"])
def test_a_damaged_compiled_code_cache_is_removed_and_rebuilt(tmp_path, compiled, how):
    """A named pipe in place of a file is set aside, never opened (the subprocess's
    timeout only guards the suite: opening the pipe would wait forever)."""
    source, trace = compiled
    cache = tmp_path / "cache"
    shutil.copytree(source, cache)
    damage(cache / "numba", how)
    res = run("solve", OPEN_BOARD, cache=cache)
    assert res.returncode == 0, res.stderr
    assert moves(res.stdout) == moves(trace)
    assert "Traceback" not in res.stderr and "Aborted" not in res.stderr
    (line,) = warnings_of(res)
    assert "compiled code cache" in line and "was damaged" in line
    again = run("solve", OPEN_BOARD, cache=cache)            # healed: quiet, and the same
    assert again.returncode == 0 and moves(again.stdout) == moves(trace)
    assert not warnings_of(again)


# ---------------------------------------------------------------- the cache folder


def test_a_cache_folder_of_no_home_is_one_warning_line(tmp_path):
    res = run("solve", OPEN_BOARD, cache="~nosuchuser-puzzlereel/x", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    (line,) = warnings_of(res)
    assert "~nosuchuser-puzzlereel" in line and "working without a cache" in line
    assert res.stderr.count("\n") == 1 and "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == []         # no folder named "~nosuchuser..." here


# ---------------------------------------------------------------- the manifest


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def bad_size(text: str) -> str:
    data = json.loads(text)
    data["entries"]["a"]["outputs"]["jsonl"]["size"] = "SIZE"
    return json.dumps(data).replace('"SIZE"', "1e400")


def bad_file(text: str) -> str:
    data = json.loads(text)
    data["entries"]["a"]["outputs"]["jsonl"]["file"] = "../outside.txt"
    return json.dumps(data)


MANIFESTS = {
    "nested deeply": lambda text: nested(100_000),
    "a size of 1e400": bad_size,
    "a file outside the folder": bad_file,
    "not an object": lambda text: "[1, 2, 3]",
    "entries not an object": lambda text: '{"format": "puzzlereel-manifest", "version": 1, '
                                          '"entries": [1]}',
    "not UTF-8": lambda text: "\udcff",
    "empty": lambda text: "",
    "a folder": None,
}


def good_manifest(folder: Path) -> Path:
    manifest = Manifest(folder, {"a": ConfigRecord("a.toml", "solved", outputs={
        "jsonl": OutputRecord("a.jsonl", "0" * 64, 10, {"config": "x"})})})
    manifest.save()
    return manifest.path


@pytest.mark.parametrize("kind", sorted(MANIFESTS))
def test_a_corrupt_manifest_is_set_aside_with_a_warning(tmp_path, kind):
    path = good_manifest(tmp_path)
    change = MANIFESTS[kind]
    if change is None:
        path.unlink()
        (path / "inside").mkdir(parents=True)
    else:
        path.write_bytes(change(path.read_text(encoding="utf-8")).encode(
            "utf-8", "surrogateescape"))
    with pytest.warns(ManifestWarning, match="set aside as") as caught:
        assert Manifest.load(tmp_path).entries == {}
    assert len(caught) == 1 and len(str(caught[0].message)) < 400
    assert not path.exists()                   # out of the way of the next save
    assert not (tmp_path.parent / "outside.txt").exists()
    good_manifest(tmp_path)
    assert set(Manifest.load(tmp_path).entries) == {"a"}


def test_a_run_over_a_folder_in_the_manifests_place_goes_on(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    for name in ("a", "b"):
        tiny_block(configs, name, "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')
    out = tmp_path / "out"
    (out / FILE_NAME / "inside").mkdir(parents=True)
    res = run_cli(["run", configs, "--out-dir", out]).result
    assert res.exit_code == 0, res.output
    lines = [line for line in res.stderr.splitlines() if "warning" in line]
    assert len(lines) == 1 and "set aside" in lines[0], res.stderr
    assert set(Manifest.load(out).entries) == {"a", "b"}
    res = cli("run", configs, "--out-dir", out)                # healed
    assert res.exit_code == 0 and "2 up to date" in res.stdout and "warning" not in res.stderr


def test_a_run_after_its_manifest_is_damaged_makes_its_outputs_again(tmp_path):
    """With no record of whose file is whose, the files named as a config's outputs are
    that config's: the run replaces them (no --force), it does not stop at them."""
    configs = tmp_path / "configs"
    configs.mkdir()
    for name in ("a", "b"):
        tiny_block(configs, name, "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')
    out = tmp_path / "out"
    assert cli("run", configs, "--out-dir", out).exit_code == 0
    (out / FILE_NAME).write_text("{not json", encoding="utf-8")
    res = run_cli(["run", configs, "--out-dir", out]).result
    assert res.exit_code == 0, res.stderr
    lines = [line for line in res.stderr.splitlines() if "warning" in line]
    assert len(lines) == 1 and "set aside" in lines[0], res.stderr
    assert set(Manifest.load(out).entries) == {"a", "b"}


# ---------------------------------------------------------------- the memory budget


def test_the_budget_respects_the_process_address_space_limit(tmp_path):
    code = ("from puzzlereel.ground import memory\n"
            "from puzzlereel.solvers import base, limits\n"
            "print(limits.memory_budget(base.SolveOptions()), memory.status_bytes('VmSize'))")
    limit = 1200 << 20
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, preexec_fn=lambda: resource.setrlimit(
                             resource.RLIMIT_AS, (limit, limit)))
    budget, used = map(int, res.stdout.split())
    assert budget <= (limit - used) // 2 + 1


def test_the_budget_respects_the_cgroup_limit(tmp_path):
    (tmp_path / "proc").write_text("0::/user/job\n", encoding="utf-8")
    job = tmp_path / "cg" / "user" / "job"
    job.mkdir(parents=True)
    (job / "memory.max").write_text("max\n", encoding="utf-8")
    (job.parent / "memory.max").write_text(f"{3 << 30}\n", encoding="utf-8")
    (job.parent / "memory.current").write_text(f"{1 << 30}\n", encoding="utf-8")
    assert memory.cgroup_room(str(tmp_path / "proc"), str(tmp_path / "cg")) == 2 << 30
    (tmp_path / "proc").write_text("4:memory:/docker/x\n", encoding="utf-8")
    v1 = tmp_path / "cg" / "memory"
    v1.mkdir()
    (v1 / "memory.limit_in_bytes").write_text(f"{1 << 30}\n", encoding="utf-8")
    (v1 / "memory.usage_in_bytes").write_text(f"{1 << 28}\n", encoding="utf-8")
    assert memory.cgroup_room(str(tmp_path / "proc"), str(tmp_path / "cg")) == 3 << 28


def test_searches_at_once_share_the_default_budget(monkeypatch):
    monkeypatch.setattr(limits, "available_memory", lambda: 8 << 30)
    alone = limits.memory_budget(base.SolveOptions())
    limits.share_memory(4)
    try:
        assert limits.memory_budget(base.SolveOptions()) == alone // 4
        assert limits.memory_budget(base.SolveOptions(max_memory=1 << 30)) == 1 << 30
    finally:
        limits.share_memory(1)


BIG = '''[puzzle]
type = "sliding-block"
layout = """
AAbcde
AAfghi
jklmno
pqrstu
vwx...
yz0...
"""
goal = { piece = "A", x = 4, y = 4 }
'''


def test_a_search_under_an_address_space_limit_stops_at_the_budget(tmp_path, compiled):
    """No numpy MemoryError: the default budget is what the limit leaves, and the
    search stops there with exit 4."""
    cache, _ = compiled
    probe = ("import sys; from puzzlereel.catalog import puzzles\n"
             "from puzzlereel.solvers import base\n"
             "from puzzlereel.solvers.sliding_block import compiled, tables\n"
             "p = puzzles.load_puzzle(sys.argv[1]).puzzle\n"
             "compiled._loaded_kernel(tables.Tables(p))\n"
             "from puzzlereel.ground import memory\n"
             "print(memory.status_bytes('VmSize'))")
    config = tmp_path / "big.toml"
    config.write_text(BIG, encoding="utf-8")
    env = {**os.environ, "PUZZLEREEL_CACHE": str(cache)}
    used = int(subprocess.run([sys.executable, "-c", probe, str(config)], env=env,
                              capture_output=True, text=True, timeout=300).stdout)
    res = run("analyze", config, "--json", cache=cache, limit=used + (240 << 20))
    assert res.returncode == 4, res.stderr[-2000:]
    assert "Traceback" not in res.stderr
    assert "memory budget" in json.loads(res.stdout)["limit"]
