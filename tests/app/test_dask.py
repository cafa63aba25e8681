"""The Dask executor: a batch sent to a Dask distributed cluster (two worker processes
on loopback, started here) makes the same outputs as the local worker processes — the
same moves in every trace (timing statistics aside), the same frame count and size in
every video — and the run writes them, so the workers need no shared folder.

Without Dask (the ``dask`` extra) these tests are skipped with a message naming it,
unless ``PUZZLEREEL_REQUIRE_DASK`` is set (``.ci/run`` sets it and installs the extra):
then they fail.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzlereel.batch.dask_executor import QUIET_WORKERS
from puzzlereel.ground.manifest import FILE_NAME
from tests.fixtures import CONFIGS, child_commands, cli, need_extra, one_line_error

SIX = ["six-puzzle-2x3", "rush-hour-style", "mastermind-9876-simple", "send-more-money",
       "oomachi", "french"]
SMALL = ["--size", "320x240", "--fps", "15", "--gif-fps", "10"]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A Dask cluster of two worker processes on loopback; its scheduler's address."""
    need_extra("dask", "distributed")
    import distributed

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address="127.0.0.1:0")
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def frames(path: Path) -> tuple[int, int, int]:
    """(frames, width, height) of a video or GIF, counted by decoding it."""
    if path.suffix == ".gif":
        from PIL import Image

        with Image.open(path) as gif:
            return getattr(gif, "n_frames", 1), gif.width, gif.height
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        count = sum(1 for _ in container.decode(stream))
        return count, stream.codec_context.width, stream.codec_context.height


def moves_of(path: Path) -> tuple[list[str], tuple[str, object]]:
    """A trace's lines but the last, and the last line's status and moves."""
    lines = path.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    return lines[:-1], (end["status"], end.get("moves"))


@pytest.mark.timeout(900)
def test_a_dask_cluster_makes_what_the_local_workers_make(scheduler, tmp_path):
    configs = [str(CONFIGS / f"{name}.toml") for name in SIX]
    local = cli("run", *configs, "--out-dir", tmp_path / "local", "--jobs", "2", *SMALL)
    remote = cli("--progress", "plain", "run", *configs, "--out-dir", tmp_path / "dask",
                 "--executor", "dask", "--scheduler", scheduler, *SMALL)
    assert local.exit_code == remote.exit_code == 3, (local.output, remote.output)
    assert "6 configs in " in remote.stdout
    assert "5 solved, 1 unsolvable; exit 3 (no solution: french)" in remote.stdout
    assert len([line for line in remote.stderr.splitlines() if line.startswith("[")]) == 6
    made = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert made == sorted(p.name for p in (tmp_path / "dask").iterdir())
    assert FILE_NAME in made and "french.jsonl" in made
    videos = 0
    for name in made:
        here, there = tmp_path / "local" / name, tmp_path / "dask" / name
        if name.endswith(".jsonl"):
            assert moves_of(here) == moves_of(there), name
        elif name.endswith((".mp4", ".gif")):
            assert frames(here) == frames(there), name
            assert frames(here)[1:] == (320, 240)
            videos += 1
    assert videos >= 8
    again = cli("run", *configs, "--out-dir", tmp_path / "dask", "--executor", "dask",
                "--scheduler", scheduler, *SMALL)
    assert "6 up to date" in again.stdout           # the manifest the client wrote


@pytest.mark.timeout(900)
def test_a_dask_run_with_a_bad_config_goes_on(scheduler, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[puzzle]\ntype = "sliding-block"\nlayout = "AB"\n')
    res = cli("run", bad, CONFIGS / "six-puzzle-2x3.toml", "--out-dir", tmp_path / "o",
              "--executor", "dask", "--scheduler", scheduler, *SMALL)
    assert res.exit_code == 1, res.output
    assert "1 solved, 1 error; exit 1 (bad input: bad)" in res.stdout
    assert f"{bad}: " in res.stdout                 # the config as the user named it
    assert (tmp_path / "o" / "six-puzzle-2x3.gif").is_file()


@pytest.mark.timeout(900)
def test_a_clusters_machines_split_their_cores_between_their_workers(scheduler):
    """Against a scheduler, each machine's tasks share its cores: the client counts the
    tasks every host runs at once (two worker processes of one thread here); a task's
    encoder gets that host's cores split between them (``share_of_cores``)."""
    from puzzlereel.batch.dask_executor import DaskExecutor

    with DaskExecutor(scheduler, 1) as ex:
        assert ex.slots() == {"127.0.0.1": 2}


@pytest.mark.timeout(900)
def test_a_local_cluster_starts_no_more_workers_than_configs(tmp_path, monkeypatch):
    """``--jobs 8`` with two configs: a cluster of two workers, not eight idle ones."""
    need_extra("dask", "distributed")
    import distributed

    started: list[int] = []

    class Counted(distributed.LocalCluster):  # type: ignore[misc]
        def __init__(self, *args: object, n_workers: int, **kwargs: object) -> None:
            started.append(n_workers)
            super().__init__(*args, n_workers=n_workers, **kwargs)

    monkeypatch.setattr(distributed, "LocalCluster", Counted)
    configs = [CONFIGS / "six-puzzle-2x3.toml", CONFIGS / "send-more-money.toml"]
    res = cli("run", *configs, "--out-dir", tmp_path, "--executor", "dask", "--jobs", "8",
              "--formats", "png", *SMALL)
    assert res.exit_code == 0, res.output
    assert started == [2]
    assert (tmp_path / "six-puzzle-2x3.png").is_file()


@pytest.mark.parametrize("address, code, words", [
    ("", 2, "--scheduler: an empty argument names no scheduler"),
    ("   ", 2, "--scheduler: an empty argument names no scheduler"),
    ("tls://127.0.0.1:1", 1, "--scheduler: cannot reach the Dask scheduler at tls://127.0.0.1:1"),
])
def test_a_scheduler_that_cannot_be_used_is_one_line(tmp_path, address, code, words):
    need_extra("dask", "distributed")
    res = cli("run", CONFIGS / "six-puzzle-2x3.toml", "--out-dir", tmp_path / "o",
              "--executor", "dask", "--scheduler", address, *SMALL)
    one_line_error(res, code, words)
    assert not (tmp_path / "o").exists()


def test_a_local_clusters_workers_log_nothing_when_the_scheduler_goes_first():
    """A worker of our cluster (its environment as the executor sets it) logging what a
    busy machine makes it log at shutdown prints nothing on the terminal it shares."""
    need_extra("dask", "distributed")
    worker = ("import logging, distributed.worker as w\n"
              "try:\n"
              "    raise OSError('Timed out trying to connect to tcp://127.0.0.1:1')\n"
              "except OSError:\n"
              "    w.logger.exception('Failed to communicate with scheduler during heartbeat.')\n"
              "logging.getLogger('distributed.nanny').error('Worker process died')\n")
    res = subprocess.run([sys.executable, "-c", worker], env={**os.environ, **QUIET_WORKERS},
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and res.stderr == "", res.stderr


# a run's local cluster, in a process of its own (its workers re-import no test module):
# what Dask logs in the run's process, in a worker, and in the worker its nanny starts
# after the first one is killed, prints nothing; every worker ignores Ctrl-C
NOISY_CLUSTER = """
import logging, os, signal, time
from puzzlereel.batch.dask_executor import DaskExecutor

def shout():
    import distributed.worker as w
    try:
        raise OSError("Timed out trying to connect to tcp://127.0.0.1:1")
    except OSError:
        w.logger.exception("Failed to communicate with scheduler during heartbeat.")
    for name in ("distributed.nanny", "distributed.core", "tornado.application"):
        logging.getLogger(name).error("%s: noise", name)
    return os.getpid(), signal.getsignal(signal.SIGINT) == signal.SIG_IGN

with DaskExecutor(None, 1) as ex:
    for name in ("distributed.client", "distributed.scheduler", "tornado.application"):
        logging.getLogger(name).error("%s: noise", name)
    first, deaf = ex.client.submit(shout, pure=False).result(timeout=300)
    assert deaf, "the first worker hears Ctrl-C"
    os.kill(first, signal.SIGKILL)
    deadline, pid = time.monotonic() + 300, first
    while pid == first:
        assert time.monotonic() < deadline, "no worker came back"
        try:
            pid, deaf = ex.client.submit(shout, pure=False).result(timeout=60)
        except Exception:
            time.sleep(1)
    assert deaf, "the worker started again hears Ctrl-C"
"""


@pytest.mark.timeout(900)
def test_a_local_cluster_prints_nothing_of_dasks_even_from_a_worker_started_again():
    """A worker its nanny starts after the first one died (as on a loaded machine) has
    the run's environment, not the one the cluster began with: it too is quiet and deaf
    to Ctrl-C, as are the scheduler, nannies and client in the run's own process."""
    need_extra("dask", "distributed")
    res = subprocess.run([sys.executable, "-c", NOISY_CLUSTER], capture_output=True,
                         text=True, timeout=800)
    assert res.returncode == 0 and res.stderr == "", res.stderr


def test_a_dask_run_works_with_port_8787_held_by_someone_else(tmp_path):
    """Dask's usual dashboard port, taken (here, or by anyone already): the run's own
    cluster serves on free ports and says nothing about it.  The run is a process of its
    own, as a user's, so that Dask's warning would reach its stderr as it would theirs."""
    need_extra("dask", "distributed")
    with contextlib.ExitStack() as stack:
        holder = stack.enter_context(socket.socket())
        with contextlib.suppress(OSError):          # held already: the same test
            holder.bind(("127.0.0.1", 8787))
            holder.listen()
        res = subprocess.run([sys.executable, "-m", "puzzlereel", "--progress", "none", "run",
                              str(CONFIGS / "six-puzzle-2x3.toml"), "--out-dir", str(tmp_path),
                              "--executor", "dask", "--jobs", "1", "--formats", "vtt"],
                             capture_output=True, text=True, timeout=500)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "six-puzzle-2x3.vtt").is_file() and res.stderr == "", res.stderr


def _blocked_signals(pid: int) -> int | None:
    """The signal mask of process ``pid`` (/proc/PID/status SigBlk), None once gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return None
    return next(int(line.split()[1], 16) for line in status.splitlines()
                if line.startswith("SigBlk:"))


@pytest.mark.timeout(300)
def test_a_local_clusters_workers_start_with_ctrl_c_held_back(tmp_path):
    """Every worker process of the run's own cluster starts with Ctrl-C blocked, so that
    one typed while it is still starting (before it ignores Ctrl-C) never reaches it:
    the terminal sends it to the run, which stops the cluster (multiprocessing's
    resource tracker, which unblocks it in the thread that starts it, is started first)."""
    need_extra("dask", "distributed")
    if not Path("/proc/self/status").is_file():
        pytest.skip("needs /proc to read a process's signal mask")
    import signal
    proc = subprocess.Popen(
        [sys.executable, "-m", "puzzlereel", "--progress", "none", "run",
         str(CONFIGS / "six-puzzle-2x3.toml"), "--executor", "dask", "--jobs", "1",
         "--out-dir", str(tmp_path), "--formats", "vtt"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    masks: dict[int, int] = {}
    while proc.poll() is None:
        for pid, args in child_commands(proc.pid).items():
            if "spawn_main" in args and pid not in masks:
                if (mask := _blocked_signals(pid)) is not None:
                    masks[pid] = mask
    proc.communicate(timeout=240)
    assert proc.returncode == 0
    assert masks, "no worker process was seen"
    assert all(mask & (1 << (signal.SIGINT - 1)) for mask in masks.values()), masks
