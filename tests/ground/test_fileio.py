"""Atomic outputs: complete files appear whole, failures leave nothing, devices, streams
and links survive, and two writers of one file each keep their own temporary file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from puzzlereel.ground.fileio import atomic_path, atomic_text
from puzzlereel.ground.partfiles import FOREIGN_SECONDS
from puzzlereel.ground.writers import machine
from tests.fixtures import pipe_read


def test_file_appears_only_when_complete(tmp_path):
    target = tmp_path / "out" / "t.jsonl"
    with atomic_text(target) as handle:
        handle.write("partial")
        assert not target.exists()
    assert target.read_text() == "partial"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()


def test_failure_leaves_nothing_behind(tmp_path):
    target = tmp_path / "t.gif"
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_bytes(b"GIF89a")
        raise RuntimeError("encoder failed")
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_written_through_not_replaced(tmp_path):
    """`-o /dev/null` or a named pipe must not be replaced by a regular file."""
    fifo = tmp_path / "pipe"
    with pipe_read(fifo) as got, atomic_text(fifo) as handle:
        handle.write("through the pipe\n")
    assert got == [b"through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# ---------------------------------------------------------------- special outputs


def test_a_link_to_a_process_stream_is_written_through_and_stays(tmp_path):
    """A link to ``/proc/self/fd/N`` (what ``/dev/stdout`` is) reaches a process's open
    file, here a regular one: the bytes go into that file, and the link is never
    replaced by a file of its own."""
    sink = tmp_path / "sink.bin"
    fd = os.open(sink, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        link = tmp_path / "out-link.gif"
        link.symlink_to(f"/proc/self/fd/{fd}")
        with atomic_path(link) as tmp:
            tmp.write_bytes(b"GIF89a whole")
        assert link.is_symlink()
        assert os.readlink(link) == f"/proc/self/fd/{fd}"
    finally:
        os.close(fd)
    assert sink.read_bytes() == b"GIF89a whole"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out-link.gif", "sink.bin"]


def test_a_link_to_a_file_stays_a_link_and_the_file_is_replaced(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    real = elsewhere / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    with atomic_text(link) as handle:
        handle.write("new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"
    assert sorted(p.name for p in elsewhere.iterdir()) == ["real.jsonl"]


def test_an_output_name_near_the_file_system_limit_is_written(tmp_path):
    """The temporary file's name (``.NAME.PID-START-MACHINE-XXXXXXXX.part.EXT``) is cut to fit
    in 255 bytes, whatever the target's name."""
    target = tmp_path / ("é" * 60 + "x" * 126 + ".jsonl")      # 252 bytes
    assert len(os.fsencode(target.name)) == 252
    with atomic_text(target) as handle:
        handle.write("whole\n")
    assert target.read_text() == "whole\n"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


# ---------------------------------------------------------------- two writers, one file


def _temporary(folder, target_name: str, writer: str):
    """A temporary file beside ``target_name`` as writer ``PID-START-MACHINE`` names it."""
    suffix = os.path.splitext(target_name)[1]
    path = folder / f".{target_name}.{writer}-abcd1234.part{suffix}"
    path.write_bytes(b"half a file")
    return path


def _reaped() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_temporary_file_of_a_live_writer_is_kept(tmp_path):
    """Another writer's file, however old: its process (this one) is alive."""
    other = _temporary(tmp_path, "t.gif", f"{os.getpid()}--{machine()}")
    old = time.time() - 3600
    os.utime(other, (old, old))
    with atomic_path(tmp_path / "t.gif") as tmp:
        tmp.write_bytes(b"GIF89a")
    assert other.read_bytes() == b"half a file"
    assert (tmp_path / "t.gif").read_bytes() == b"GIF89a"


def test_a_temporary_file_of_a_writer_that_is_gone_is_removed(tmp_path):
    """However new: the process that made it has ended (or its id is another's now)."""
    gone = _temporary(tmp_path, "t.gif", f"{_reaped()}--{machine()}")
    if not os.path.exists(f"/proc/{os.getpid()}/stat"):
        reused = None
    else:
        reused = _temporary(tmp_path, "t.gif", f"{os.getpid()}-1-{machine()}")  # at tick 1
    with atomic_path(tmp_path / "t.gif") as tmp:
        tmp.write_bytes(b"GIF89a")
    assert not gone.exists()
    assert reused is None or not reused.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["t.gif"]


def test_another_machines_temporary_file_is_stale_only_when_long_untouched(tmp_path):
    """A writer on another machine sharing the folder cannot be asked whether it runs."""
    other = "000000" if machine() != "000000" else "ffffff"
    recent = _temporary(tmp_path, "t.gif", f"{_reaped()}--{other}")
    old = _temporary(tmp_path, "t.gif", f"{_reaped() + 1}--{other}")
    long_ago = time.time() - FOREIGN_SECONDS - 60
    os.utime(old, (long_ago, long_ago))
    with atomic_path(tmp_path / "t.gif") as tmp:
        tmp.write_bytes(b"GIF89a")
    assert recent.exists() and not old.exists()


def test_only_our_own_naming_is_taken_for_a_temporary_file(tmp_path):
    """The live temporary file of ``t.gif.gif`` is no leftover of ``t.gif``'s, however
    old (its middle is no writer's and no eight random characters)."""
    theirs = tmp_path / f".t.gif.gif.{os.getpid()}--{machine()}-abcd1234.part.gif"
    theirs.write_bytes(b"half a file")
    os.utime(theirs, (1, 1))
    with atomic_path(tmp_path / "t.gif") as tmp:
        tmp.write_bytes(b"GIF89a")
    assert theirs.exists()
