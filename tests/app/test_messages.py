"""Messages name the user's file, in one short line, whatever went wrong where.

A folder where an output file should be, a file where an output folder should be, a
full disk, a named pipe, ``/dev/null``: each is one line naming the user's path (never a
temporary ``.NAME.XXXX.part`` file), or works.  A batch names the config of every error,
also with ``--quiet``, and exits as the config alone would.  A huge bad input gives a
short message.  Counts read "1 position".  Ctrl-C during a Dask run is one line.  Every
command's ``--help`` names every format and option it accepts."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer

from puzzlereel.catalog import importers
from puzzlereel.cli import commands as cli_module
from puzzlereel.ground.errors import MAX_PROBLEM, PuzzlereelError
from puzzlereel.ground.fileio import atomic_path, atomic_text
from puzzlereel.registry import NAMES
from puzzlereel.render.options import FORMATS
from tests.fixtures import (
    CONFIGS,
    DATA,
    child_commands,
    cli,
    need_extra,
    one_line_error,
    pipe_read,
    tiny_block,
)

ME = [sys.executable, "-m", "puzzlereel"]
TRACE = DATA / "hakoiri-5.jsonl"
DADS = CONFIGS / "dads-puzzle.toml"


def tiny(folder: Path, name: str) -> Path:
    return tiny_block(folder, name, "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')


# ---------------------------------------------------------------- the user's own names


@pytest.mark.parametrize("args", [
    ["render", TRACE, "-o", "{out}.vtt"], ["render", TRACE, "-o", "{out}.mp4"],
    ["solve", DADS, "-o", "{out}.jsonl"], ["preview", TRACE, "-o", "{out}.png"],
    ["examples", "dads-puzzle", "-o", "{out}.toml"],
])
def test_a_folder_where_the_output_should_be_is_named(tmp_path, args):
    suffix = next(a for a in args if "{out}" in str(a)).split("}")[1]
    folder = tmp_path / f"x{suffix}"
    folder.mkdir()
    args = [str(a).replace("{out}", str(tmp_path / "x")) for a in args]
    one_line_error(cli(*args), 1, f"{folder}: is a folder, not a file")
    assert not [p for p in tmp_path.iterdir() if ".part" in p.name]


@pytest.mark.parametrize("args", [
    ["run", DADS, "--out-dir", "{file}"], ["import", "tiles", "{src}", "-o", "{file}"],
    ["solve", DADS, "-o", "{file}/t.jsonl"], ["render", TRACE, "-o", "{file}/t.gif"],
])
def test_a_file_where_an_output_folder_should_be_is_named(tmp_path, args):
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder", encoding="utf-8")
    source = tmp_path / "src.txt"
    source.write_text("1 2 3 0\n", encoding="utf-8")
    args = [str(a).replace("{file}", str(blocker)).replace("{src}", str(source))
            for a in args]
    res = cli(*args)
    one_line_error(res, 1, f"{blocker}: is a file, not a folder")
    assert "File exists" not in res.stderr


@pytest.mark.parametrize("args", [["solve", DADS, "-o", "/dev/full"],
                                  ["render", TRACE, "-o", "/dev/full", "--fps", "4"],
                                  ["new", "n-queens", "-o", "/dev/full"]])
def test_a_full_disk_names_the_file(args):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    one_line_error(cli(*args), 1, "/dev/full", "No space left on device")


def test_a_full_disk_names_the_file_not_its_temporary(tmp_path):
    target = tmp_path / "t.jsonl"
    with pytest.raises(OSError) as err, atomic_text(target) as handle:
        handle.write("x")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert err.value.filename == str(target)
    with pytest.raises(OSError) as err, atomic_path(target) as tmp:
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp))
    assert err.value.filename == str(target)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["solve", DADS, "-o", "/dev/null"], ["render", TRACE, "-o", "/dev/null", "--fps", "4"],
    ["render", TRACE, "-o", "/dev/null", "-o", "{tmp}/a.gif", "--fps", "4"],
    ["preview", TRACE, "-o", "/dev/null", "--cell", "8"],
    ["preview", DADS, "-o", "/dev/null", "--trace", "/dev/null", "--cell", "8"],
    ["analyze", DADS, "--plot", "/dev/null"], ["examples", "dads-puzzle", "-o", "/dev/null"],
    ["new", "sliding-block", "-o", "/dev/null"],
    ["import", "tiles", "{tmp}/src.txt", "-o", "/dev/null"],
])
def test_dev_null_works_for_every_command(tmp_path, args):
    (tmp_path / "src.txt").write_text("1 2 3 0\n", encoding="utf-8")
    res = cli(*[str(a).replace("{tmp}", str(tmp_path)) for a in args])
    assert res.exit_code == 0, res.output
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()
    assert {p.name for p in tmp_path.iterdir()} <= {"a.gif", "src.txt"}


@pytest.mark.timeout(900)
@pytest.mark.parametrize("suffix", [".mp4", ".gif", ".svg"])
def test_a_render_into_a_named_pipe_arrives_whole(tmp_path, suffix):
    pipe = tmp_path / f"pipe{suffix}"
    with pipe_read(pipe) as got:
        res = subprocess.run([*ME, "render", str(TRACE), "-o", str(pipe), "--fps", "4"],
                             capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "Traceback" not in res.stderr
    data = got[0]
    start = {".mp4": b"ftyp", ".gif": b"GIF8", ".svg": b"<svg"}[suffix]
    assert start in data[:64]


# ---------------------------------------------------------------- a batch's lines


def test_a_batch_names_the_config_of_an_error_even_when_quiet(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    tiny(configs, "good")
    bad = configs / "bad.toml"
    bad.write_text("[puzzle]\ntype = 'nonsense'\n", encoding="utf-8")
    res = cli("--quiet", "run", configs, "--out-dir", tmp_path / "out")
    assert res.exit_code == 1
    assert res.stdout == ""
    (line,) = res.stderr.splitlines()
    assert line.startswith(f"puzzlereel: {bad}: ")


def test_a_bad_option_exits_alike_alone_and_in_a_batch(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    one, two = (tiny_block(configs, name, "tiny", 'formats = ["gif"]\nfps = 5')
                for name in ("one", "two"))
    alone = cli("run", one, "--out-dir", tmp_path / "a", "--size", "16x16")
    batch = cli("--quiet", "run", configs, "--out-dir", tmp_path / "b", "--size", "16x16")
    assert alone.exit_code == batch.exit_code == 2, (alone.output, batch.output)
    for config in (one, two):
        assert f"puzzlereel: {config}: --size 16x16: too small" in batch.stderr


# ---------------------------------------------------------------- short, and in words


def test_a_huge_bad_input_gives_a_short_error(tmp_path):
    trace = tmp_path / "t.jsonl"
    header = ('{"type":"header","format":"puzzlereel-trace","version":1,'
              '"puzzle":"komachi","target":100}')
    trace.write_text(header + '\n{"type":"solution","k":1,"text":"' + "1" * 2_000_000
                     + '=100"}\n{"type":"end","status":"solved"}\n', encoding="utf-8")
    res = cli("validate", trace)
    one_line_error(res, 1, f"{trace}: line 2: text:", "characters cut")
    assert len(res.stderr) < 2 * MAX_PROBLEM
    rows = "\n".join(["1 2 3 " + "4 " * 100_000 + "x"])
    source = tmp_path / "big.txt"
    source.write_text(rows + "\n", encoding="utf-8")
    res = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert res.exit_code == 1 and max(map(len, res.stderr.splitlines())) < 2 * MAX_PROBLEM
    assert len(str(PuzzlereelError("x" * 10**6, source="f"))) < MAX_PROBLEM + 100
    assert importers  # the importer quotes lines cut short as well


def test_one_is_one_position(tmp_path):
    res = cli("solve", DADS, "--max-states", "1", "-o", tmp_path / "t.jsonl")
    one_line_error(res, 4, "stopped after 1 position at")


# ---------------------------------------------------------------- Ctrl-C under Dask


@pytest.mark.timeout(180)
def test_ctrl_c_during_a_dask_run_is_one_line(tmp_path):
    need_extra("dask", "distributed")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    args = [*ME, "--progress", "none", "run", str(CONFIGS / "hakoiri-musume.toml"),
            str(DADS), "--executor", "dask", "--jobs", "2", "--out-dir", str(tmp_path / "o"),
            "--formats", "mp4", "--size", "1920x1080"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, start_new_session=True)
    deadline = time.monotonic() + 600                 # a guard against a hang only
    while not any(p.name.startswith("puzzlereel-unit-") for p in scratch.iterdir()):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == ["puzzlereel: interrupted"], err


@pytest.mark.timeout(300)
def test_ctrl_c_while_the_dask_cluster_starts_stops_the_run(tmp_path):
    """A Ctrl-C that comes as the local cluster's first worker process starts (the run
    holds it back meanwhile, so that the workers never hear it) stops the run after."""
    need_extra("dask", "distributed")
    args = [*ME, "--progress", "none", "run", str(CONFIGS / "six-puzzle-2x3.toml"),
            "--executor", "dask", "--jobs", "1", "--out-dir", str(tmp_path), "--formats", "vtt"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    while not any("spawn_main" in args for args in child_commands(proc.pid).values()):
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=240)
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == ["puzzlereel: interrupted"], err
    assert not (tmp_path / "six-puzzle-2x3.vtt").exists()


# ---------------------------------------------------------------- --help


def help_of(*command: str) -> str:
    res = cli(*command, "--help")
    assert res.exit_code == 0, res.output
    return " ".join(res.stdout.split())


def commands() -> list[str]:
    group = typer.main.get_command(cli_module.app)
    return sorted(group.commands)             # type: ignore[attr-defined]


@pytest.mark.parametrize("command", commands())
def test_every_option_of_every_command_is_in_its_help(command):
    group = typer.main.get_command(cli_module.app)
    text = help_of(command)
    for param in group.commands[command].params:          # type: ignore[attr-defined]
        for name in param.opts:
            if name.startswith("-"):
                assert name in text, (command, name)


def test_the_help_names_every_format_the_code_writes():
    render = help_of("render")
    assert all(f".{fmt}" in render for fmt in FORMATS), render
    run = help_of("run")
    assert all(fmt in run for fmt in FORMATS), run
    imports = help_of("import")
    assert all(fmt in imports for fmt in importers.IMPORT_FORMATS), imports
    new = help_of("new")
    assert all(family in new for family in NAMES), new
