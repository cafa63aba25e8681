"""The user cache folder: where it is, that nothing is written beside the installed
modules, and that an unusable cache costs one warning line and no more."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import puzzlereel.solvers
from puzzlereel.ground import cache
from puzzlereel.solvers import jit
from tests.fixtures import OPEN_BOARD


def test_cache_dir_prefers_puzzlereel_cache_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("PUZZLEREEL_CACHE", str(tmp_path / "own"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_dir() == tmp_path / "own"
    monkeypatch.delenv("PUZZLEREEL_CACHE")
    assert cache.cache_dir() == tmp_path / "xdg" / "puzzlereel"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/ignored")  # the XDG spec says so
    assert cache.cache_dir() == Path.home() / ".cache" / "puzzlereel"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir() == Path.home() / ".cache" / "puzzlereel"


def test_an_unwritable_folder_warns_once_and_is_not_used(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    target = blocker / "cache"
    with pytest.warns(cache.CacheWarning, match="cannot be written") as seen:
        assert cache.writable(target) is None
        assert cache.writable(target) is None
    assert len(seen) == 1 and str(target) in str(seen[0].message)


def test_a_failed_cache_write_turns_caching_off_with_a_warning():
    """A disk that fills up after start-up: numba's save raises, we warn and go on."""

    class Store:
        enabled = True

        def save_overload(self, sig: object, data: object) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        def disable(self) -> None:
            self.enabled = False

    class Dispatcher:
        _cache = Store()

    d = Dispatcher()
    jit._guard_saves(d)
    with pytest.warns(cache.CacheWarning, match="No space left on device"):
        d._cache.save_overload("sig", "data")
    assert d._cache.enabled is False


def _solve(tmp_path: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items()
            if k not in ("PUZZLEREEL_CACHE", "NUMBA_CACHE_DIR")}
    full.update(env)
    out = tmp_path / "t.jsonl"
    res = subprocess.run([sys.executable, "-m", "puzzlereel", "--progress", "none", "solve",
                          str(OPEN_BOARD), "-o", str(out)],
                         capture_output=True, text=True, env=full, cwd=tmp_path, timeout=300)
    assert res.returncode == 0, res.stderr
    last = json.loads(out.read_text().splitlines()[-1])
    assert last["type"] == "end" and last["status"] == "solved"
    return res


def _messages(stderr: str) -> list[str]:
    """The lines before the summary line ``solve -o FILE`` ends with (checked)."""
    *messages, summary = stderr.splitlines()
    assert "t.jsonl: " in summary and "searched in" in summary, stderr
    return messages


def _compiled_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.suffix in (".nbi", ".nbc")]


def test_compiled_code_goes_to_the_cache_folder_not_beside_the_modules(tmp_path):
    package = Path(puzzlereel.solvers.__file__).parent
    before = _compiled_files(package)
    res = _solve(tmp_path, {"PUZZLEREEL_CACHE": str(tmp_path / "cache")})
    assert _messages(res.stderr) == []
    assert _compiled_files(tmp_path / "cache" / "numba")
    assert _compiled_files(package) == before


def test_a_users_own_numba_cache_dir_is_respected(tmp_path):
    _solve(tmp_path, {"PUZZLEREEL_CACHE": str(tmp_path / "ours"),
                      "NUMBA_CACHE_DIR": str(tmp_path / "theirs")})
    assert _compiled_files(tmp_path / "theirs")
    assert not (tmp_path / "ours" / "numba").exists()


def test_an_unwritable_cache_still_solves_with_one_warning_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    res = _solve(tmp_path, {"PUZZLEREEL_CACHE": str(blocker / "cache")})
    lines = _messages(res.stderr)
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("puzzlereel: warning: cache folder ")
    assert "Traceback" not in res.stderr
