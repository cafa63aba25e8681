"""Atomic outputs: complete files appear whole, failures leave nothing, devices survive."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from puzzlereel.fileio import atomic_path, atomic_text


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
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    with atomic_text(fifo) as handle:
        handle.write("through the pipe\n")
    reader.join(timeout=10)
    assert got == ["through the pipe\n"]
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
