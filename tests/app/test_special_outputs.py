"""Special outputs, and two writers of one file.

A process's open file (``/dev/stdout``, here a link to ``/proc/self/fd/1``, so that no
test can replace the system's own), a device and a named pipe are written through, never
replaced by a regular file; one without a suffix gets the MP4, for ``render -o`` and
``analyze --video`` alike.  Two processes writing one file each keep their own temporary
file, and the file is left whole."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import av
import pytest

from puzzlereel.catalog import templates
from tests.fixtures import CONFIGS, DATA, cli, one_line_error, pipe_read

ME = [sys.executable, "-m", "puzzlereel", "--progress", "none"]
TRACE = DATA / "hakoiri-5.jsonl"
DADS = CONFIGS / "dads-puzzle.toml"


def stdout_link(folder: Path, name: str) -> Path:
    """``folder/name``: a link to the writing process's standard output, as
    ``/dev/stdout`` is."""
    link = folder / name
    link.symlink_to("/proc/self/fd/1")
    return link


@pytest.fixture(autouse=True)
def _needs_proc():
    if not os.path.exists("/proc/self/fd/1"):
        pytest.skip("no /proc/self/fd here")


@pytest.mark.timeout(900)
@pytest.mark.parametrize(("name", "start"), [("out", b"ftyp"), ("out.gif", b"GIF8")])
def test_standard_output_that_is_a_file_is_written_through(tmp_path, name, start):
    """``-o /dev/stdout > file``: the file gets the video (the MP4 without a suffix), the
    link stays a link, and no file is left beside it."""
    link = stdout_link(tmp_path, name)
    received = tmp_path / "received"
    with open(received, "wb") as stdout:
        res = subprocess.run([*ME, "render", str(TRACE), "-o", str(link), "--fps", "4"],
                             stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert start in received.read_bytes()[:64]
    assert link.is_symlink() and os.readlink(link) == "/proc/self/fd/1"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "received"])


@pytest.mark.parametrize("args", [["new", "n-queens"], ["examples", "n-queens-8"]])
def test_standard_output_receives_a_config_alone(tmp_path, args):
    """``new``/``examples -o /dev/stdout > file``: the config, and no "already exists" or
    printed name mixed into it."""
    link = stdout_link(tmp_path, "out.toml")
    received = tmp_path / "received.toml"
    with open(received, "wb") as stdout:
        res = subprocess.run([*ME, *args, "-o", str(link)], stdout=stdout,
                             stderr=subprocess.PIPE, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    expected = (templates.template("n-queens").text if args[0] == "new"
                else (CONFIGS / "n-queens-8.toml").read_text(encoding="utf-8"))
    assert received.read_text(encoding="utf-8") == expected
    assert link.is_symlink()


def test_lines_go_to_stderr_when_standard_output_is_the_output(tmp_path):
    """``preview -o /dev/stdout > f.png``: the PNG alone in the file, its line on stderr."""
    link = stdout_link(tmp_path, "frame")
    received = tmp_path / "received.png"
    with open(received, "wb") as stdout:
        res = subprocess.run([*ME, "preview", str(TRACE), "-o", str(link), "--cell", "8"],
                             stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    data = received.read_bytes()
    assert data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82")
    assert res.stderr.startswith(f"{link}: move 0")


def test_a_closed_standard_output_is_one_line(tmp_path):
    link = stdout_link(tmp_path, "out.gif")
    res = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", *ME, "render", str(TRACE),
                          "-o", str(link), "--fps", "4"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 1, res.stderr
    assert res.stderr.strip() == f"puzzlereel: {link}: standard output is closed"
    assert link.is_symlink()


def test_analyze_video_takes_dev_null():
    res = subprocess.run([*ME, "analyze", str(DADS), "--video", "/dev/null"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert os.path.exists("/dev/null") and not Path("/dev/null").is_file()


@pytest.mark.timeout(900)
def test_analyze_video_into_a_named_pipe_arrives_as_an_mp4(tmp_path):
    pipe = tmp_path / "pipe"
    with pipe_read(pipe) as got:
        res = subprocess.run([*ME, "analyze", str(DADS), "--video", str(pipe)],
                             capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert b"ftyp" in got[0][:64]


def _paused_while_writing(target: Path) -> subprocess.Popen[bytes] | None:
    """A render into ``target``, stopped (SIGSTOP) once its encoder has begun writing its
    temporary file; None when it finished before it could be stopped."""
    first = subprocess.Popen([*ME, "render", str(TRACE), "-o", str(target)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    prefix = f".{target.name}."
    while first.poll() is None:
        if any(p.name.startswith(prefix) and p.stat().st_size > 0
               for p in target.parent.iterdir()):
            first.send_signal(signal.SIGSTOP)
            return first
        threading.Event().wait(0.005)
    assert first.returncode == 0, first.communicate()[1].decode()
    return None


@pytest.mark.timeout(900)
def test_two_renders_into_one_file_both_finish_and_leave_it_whole(tmp_path):
    """The first render is paused with its temporary file half written while a second
    render of the same file runs from start to end; then the first finishes.  Neither
    takes the other's temporary file for a stale one: both succeed, and the file is one
    whole video."""
    target = tmp_path / "same.mp4"
    for _ in range(3):                     # (a render the test could not catch at work)
        first = _paused_while_writing(target)
        if first is not None:
            break
    else:
        pytest.skip("the first render always finished before it could be paused")
    try:
        second = subprocess.run([*ME, "render", str(TRACE), "-o", str(target)],
                                capture_output=True, text=True, timeout=300)
    finally:
        first.send_signal(signal.SIGCONT)
    _, err = first.communicate(timeout=300)
    assert second.returncode == 0, second.stderr
    assert first.returncode == 0, err.decode()
    with av.open(str(target)) as video:
        frames = sum(1 for _ in video.decode(video=0))
    summary = re.search(r"(\d+) frames", second.stderr)      # what the second one wrote
    assert summary is not None and frames == int(summary[1])
    assert [p.name for p in tmp_path.iterdir()] == ["same.mp4"]


def test_import_into_a_pipe_is_no_folder(tmp_path):
    """Only the null device takes import's configs (checked, none written); a named pipe
    would swallow them without a word."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    source = tmp_path / "t.txt"
    source.write_text("1 2 3 4 5 6 7 8 0\n", encoding="utf-8")
    one_line_error(cli("import", "tiles", source, "-o", fifo), 1, f"{fifo}: is not a folder")


def test_a_stream_s_summary_gives_no_size_it_does_not_know():
    """A pipe or device has no size to read back (it said 0.00 MB)."""
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", "/dev/null", "--fps", "4")
    assert res.exit_code == 0, res.stderr
    (line,) = [x for x in res.stderr.splitlines() if x.startswith("/dev/null")]
    assert re.fullmatch(r"/dev/null: [\d.]+ s, \d+ frames", line), line
