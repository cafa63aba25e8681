"""``run`` with many configs: collecting them, the overview and the summary, exit codes
when configs end differently, the manifest that makes a second run do nothing, and a
clean stop on a signal (nothing partial left, the summary says what was interrupted)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlereel.actions.draw import parse_formats
from puzzlereel.batch import allocator, planning, running, sources
from puzzlereel.batch.planning import Result
from puzzlereel.batch.running import Finished, Progressed
from puzzlereel.batch.sources import Source
from puzzlereel.batch.task import Outcome, Steps
from puzzlereel.ground.config import load_config
from puzzlereel.ground.errors import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_UNSOLVABLE
from puzzlereel.ground.manifest import FILE_NAME, LOCK_NAME, Manifest
from tests.fixtures import CONFIGS, cli, need_extra, tiny_block, write

ME = [sys.executable, "-m", "puzzlereel"]


def tiny(folder: Path, name: str, title: str = "tiny", fps: int = 10,
         formats: str = '"gif", "png"') -> Path:
    """A sliding-block config of one move that renders in a blink."""
    return tiny_block(folder, name, title, f"formats = [{formats}]\nfps = {fps}\ncell = 8")


def files(folder: Path) -> dict[str, int]:
    """name -> mtime_ns of every file in ``folder`` (hidden ones too)."""
    return {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}


def summary(stdout: str) -> dict[str, list[str]]:
    """The summary table's rows by config name: [status, moves, seconds, files...]."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("config "))
    rows = {}
    for line in lines[start + 1:]:
        if not line.strip():
            break
        cells = line.split()
        rows[cells[0]] = cells[1:]
    return rows


# ---------------------------------------------------------------- collecting configs


def test_collect_takes_files_folders_patterns_and_example_names(tmp_path):
    a = tiny(tmp_path, "a")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    b = tiny(tmp_path / "deep" / "er", "b")
    (tmp_path / ".hidden").mkdir()
    tiny(tmp_path / ".hidden", "secret")
    c = tiny(tmp_path, "c")
    found = sources.collect([str(tmp_path), str(a), str(tmp_path / "c*.toml"),
                           "hakoiri-musume", str(tmp_path / "nothing-*.toml"),
                           str(tmp_path / "missing.toml")])
    paths = [s.path for s in found]
    assert paths[:3] == [a, c, b]                       # folder: sorted, recursive, once
    assert paths[3] == CONFIGS / "hakoiri-musume.toml"  # an example's name
    assert [s.path for s in found[4:]] == [None, None]
    assert "no file matches this pattern" in str(found[4].problem)
    assert "no such file" in str(found[5].problem)
    assert all(".hidden" not in str(p) for p in paths if p)


def test_one_config_file_runs_alone_the_rest_is_a_batch(tmp_path):
    config = tiny(tmp_path, "a")
    assert not sources.is_batch([str(config)])
    assert not sources.is_batch(["hakoiri-musume"])
    assert sources.is_batch([str(tmp_path)])
    assert sources.is_batch([str(tmp_path / "*.toml")])
    assert sources.is_batch([str(config), "hakoiri-musume"])


def test_the_worst_status_decides_the_exit_code():
    def results(*statuses: str) -> list[Result]:
        return [Result(f"c{i}", "c", s) for i, s in enumerate(statuses)]

    assert running.exit_code(results("solved", "solved")) == 0
    assert running.exit_code(results("solved", "unsolvable")) == EXIT_UNSOLVABLE
    assert running.exit_code(results("unsolvable", "limit")) == EXIT_LIMIT
    assert running.exit_code(results("limit", "error", "unsolvable")) == EXIT_BAD_INPUT
    assert running.exit_code(results("error"), signal_code=130) == 130
    skipped = Result("f", "f.toml", "skipped", recorded="unsolvable")
    assert running.exit_code([skipped]) == EXIT_UNSOLVABLE   # up to date, still no solution


# ---------------------------------------------------------------- a whole run


def test_a_batch_goes_on_past_bad_configs_and_sums_up(tmp_path):
    good = [tiny(tmp_path, name) for name in ("one", "two", "three")]
    bad = write(tmp_path, "broken.toml", '[puzzle]\ntype = "no-such-kind"\n')
    out = tmp_path / "out"
    res = cli("--progress", "plain", "run", *good, bad, CONFIGS / "french.toml",
              tmp_path / "gone.toml", "--out-dir", out, "--jobs", "2")
    assert res.exit_code == EXIT_BAD_INPUT, res.output
    rows = summary(res.stdout)
    assert list(rows) == ["one", "two", "three", "broken", "french", "gone"]
    assert [rows[n][0] for n in rows] == ["solved"] * 3 + ["error", "unsolvable", "error"]
    assert rows["one"][1] == "1" and rows["one"][-3:] == ["jsonl", "gif", "png"]
    assert rows["french"][-1] == "jsonl"
    assert "6 configs in " in res.stdout
    assert "3 solved, 1 unsolvable, 2 error; exit 1 (bad input: broken, gone)" in res.stdout
    assert "broken.toml: line 2: puzzle.type: unknown puzzle type 'no-such-kind'" in res.stdout
    # plain progress: one line per finished config on stderr
    finished = [line for line in res.stderr.splitlines() if line.startswith("[")]
    assert len(finished) == 6
    assert any(re.fullmatch(r"\[\d/6\] one: solved, 1 move, \d+\.\d s, wrote jsonl gif png",
                            line) for line in finished), finished
    made = sorted(p.name for p in out.iterdir())
    assert made == sorted([FILE_NAME, LOCK_NAME, "french.jsonl"] + [f"{n}.{ext}" for n in
                                                          ("one", "two", "three")
                                                          for ext in ("jsonl", "gif", "png")])


def test_quiet_prints_only_the_configs_that_failed(tmp_path):
    good = tiny(tmp_path, "one")
    res = cli("--quiet", "run", good, CONFIGS / "french.toml", "--out-dir", tmp_path / "o",
              "--jobs", "1")
    assert res.exit_code == EXIT_UNSOLVABLE
    assert res.stdout == ""
    why = (f"puzzlereel: {CONFIGS / 'french.toml'}: the puzzle has no solution (position "
           "class: no single peg has the start's colour-count parity)")
    assert res.stderr.strip().splitlines() == [why]
    again = cli("--quiet", "run", good, CONFIGS / "french.toml", "--out-dir", tmp_path / "o")
    assert again.exit_code == EXIT_UNSOLVABLE     # up to date, and still no solution
    assert (again.stdout, again.stderr.strip()) == ("", why)


def test_a_run_of_one_config_counts_it_in_the_singular(tmp_path):
    (tmp_path / "folder").mkdir()
    tiny(tmp_path / "folder", "one", formats='"png"')      # a folder: many configs' way
    res = cli("--progress", "plain", "run", tmp_path / "folder", "--out-dir", tmp_path / "out")
    assert res.exit_code == 0, res.output
    assert "1 config: 0 up to date, 1 to make" in res.stderr


def test_a_second_run_is_up_to_date_and_a_change_redoes_only_that_config(tmp_path):
    configs = [tiny(tmp_path, name, title=name) for name in ("one", "two", "three")]
    out = tmp_path / "out"
    first = cli("run", *configs, "--out-dir", out, "--jobs", "2")
    assert first.exit_code == 0, first.output
    before = files(out)

    again = cli("--progress", "plain", "run", *configs, "--out-dir", out, "--jobs", "2")
    assert again.exit_code == 0, again.output
    assert "3 configs: 3 up to date, 0 to make" in again.stderr   # the plan, before any work
    assert "3 up to date; exit 0" in again.stdout
    assert [row[0] for row in summary(again.stdout).values()] == ["skipped"] * 3
    assert files(out) == before                       # nothing written, not even the manifest

    tiny(tmp_path, "two", title="two, retitled")      # one config changes
    changed = cli("run", *configs, "--out-dir", out, "--jobs", "2")
    rows = summary(changed.stdout)
    assert [rows[n][0] for n in ("one", "two", "three")] == ["skipped", "solved", "skipped"]
    assert rows["two"][-3:] == ["jsonl", "gif", "png"]
    now = files(out)
    assert {n for n in now if now[n] != before.get(n)} == {
        "two.jsonl", "two.gif", "two.png", FILE_NAME}

    (out / "one.gif").write_bytes(b"edited")          # an edited output, a missing one
    (out / "three.png").unlink()
    mended = cli("run", *configs, "--out-dir", out, "--jobs", "2")
    rows = summary(mended.stdout)
    assert rows["one"][-1] == "gif" and rows["three"][-1] == "png"   # the trace is kept
    assert rows["two"][0] == "skipped"
    assert (out / "one.gif").read_bytes()[:6] == b"GIF89a"

    forced = cli("run", *configs, "--out-dir", out, "--jobs", "2", "--force")
    assert [row[0] for row in summary(forced.stdout).values()] == ["solved"] * 3


def test_new_render_options_render_again_without_solving_again(tmp_path):
    config = tiny(tmp_path, "one")
    out = tmp_path / "out"
    assert cli("run", config, tmp_path / "*.toml", "--out-dir", out).exit_code == 0
    trace = (out / "one.jsonl").stat().st_mtime_ns
    res = cli("run", tmp_path / "*.toml", "--out-dir", out, "--theme", "dark")
    assert res.exit_code == 0, res.output
    assert summary(res.stdout)["one"][-2:] == ["gif", "png"]
    assert (out / "one.jsonl").stat().st_mtime_ns == trace


def test_the_manifest_records_what_each_output_was_made_from(tmp_path):
    config = tiny(tmp_path, "one")
    out = tmp_path / "out"
    assert cli("run", tmp_path, "--out-dir", out).exit_code == 0
    data = json.loads((out / FILE_NAME).read_text())
    assert data["format"] == "puzzlereel-manifest" and data["version"] == 1
    entry = data["entries"]["one"]
    assert entry["status"] == "solved" and entry["answer"] == "1 move"
    assert entry["config"] == str(config)
    outputs = entry["outputs"]
    assert set(outputs) == {"jsonl", "gif", "png"}
    assert set(outputs["jsonl"]["made_from"]) == {"config", "solve", "puzzlereel"}
    assert set(outputs["gif"]["made_from"]) == {"config", "trace", "render", "puzzlereel"}
    assert outputs["gif"]["made_from"]["trace"] == outputs["jsonl"]["sha256"]
    assert outputs["gif"]["made_from"]["render"] != outputs["png"]["made_from"]["render"]
    loaded = Manifest.load(out)
    assert loaded.entries["one"].outputs["gif"].file == "one.gif"


def test_an_unreadable_manifest_is_set_aside_with_a_warning(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / FILE_NAME).write_text("{not json")
    with pytest.warns(UserWarning, match="not a manifest this version reads"):
        manifest = Manifest.load(out)
    assert manifest.entries == {}


def test_a_unit_names_every_output_after_the_config(tmp_path):
    path = CONFIGS / "n-queens-8.toml"
    options = planning.BatchOptions(tmp_path, formats=parse_formats("png,mp4,png"))
    task, _, _ = planning.task_for(path, load_config(path), options)
    assert task.formats == ("png", "mp4")
    assert task.trace_source == str(tmp_path / "n-queens-8.jsonl")
    steps = Steps(task, tmp_path)
    assert [steps.path(kind) for kind in ("jsonl", *task.formats)] == [
        tmp_path / "n-queens-8.jsonl", tmp_path / "n-queens-8.png", tmp_path / "n-queens-8.mp4"]


def test_two_configs_of_one_name_do_not_overwrite_each_other(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = tiny(tmp_path / "a", "same")
    second = tiny(tmp_path / "b", "same")
    plan = planning.plan(sources.collect([str(first), str(second)]),
                      planning.BatchOptions(out_dir=tmp_path / "out"))
    assert [job.task.source for job in plan.jobs] == [str(first)]
    (clash,) = plan.done.values()
    assert clash.status == "error"
    assert f"{second}: its outputs same.* would replace those of {first}" in clash.message


def test_one_config_runs_without_summary_and_skips_what_is_up_to_date(tmp_path):
    """The files' paths on stdout, each once, the trace first; the manifest, so that a
    second run makes nothing (--force makes it again); the error of a one-config run."""
    config = tiny(tmp_path, "one")
    out = tmp_path / "out"
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 0, res.output
    paths = [str(out / "one.jsonl"), str(out / "one.gif"), str(out / "one.png")]
    assert res.stdout.splitlines() == paths
    assert (out / FILE_NAME).exists()
    made = {p: Path(p).stat().st_mtime_ns for p in paths}
    again = cli("run", config, "--out-dir", out)
    assert again.exit_code == 0 and again.stdout.splitlines() == paths
    assert "one: up to date" in again.stderr
    assert {p: Path(p).stat().st_mtime_ns for p in paths} == made
    forced = cli("run", config, "--out-dir", out, "--force")
    assert forced.exit_code == 0 and "up to date" not in forced.stderr
    assert all(Path(p).stat().st_mtime_ns > made[p] for p in paths)
    res = cli("run", CONFIGS / "french.toml", "--out-dir", tmp_path / "out")
    assert res.exit_code == EXIT_UNSOLVABLE
    assert res.stderr.startswith(f"puzzlereel: {CONFIGS / 'french.toml'}: the puzzle has no")


def test_a_limit_is_its_own_status(tmp_path):
    config = tiny(tmp_path, "one")
    res = cli("run", config, CONFIGS / "hakoiri-musume.toml", "--out-dir", tmp_path / "out",
              "--max-states", "5", "--jobs", "1")
    assert res.exit_code == EXIT_LIMIT, res.output
    rows = summary(res.stdout)
    assert rows["hakoiri-musume"][0] == "limit"
    assert "exit 4 (a limit stopped the search: hakoiri-musume)" in res.stdout


def test_bad_options_stop_a_batch_before_it_starts(tmp_path):
    res = cli("run", tmp_path, "--out-dir", tmp_path / "o", "--fps", "0")
    assert res.exit_code == 2
    assert res.stderr.strip() == "puzzlereel: --fps: must be between 1 and 120, got 0"
    res = cli("run", tmp_path, "--scheduler", "tcp://127.0.0.1:1")
    assert res.exit_code == 2
    assert "--scheduler: only with --executor dask" in res.stderr


def _processes_with(marker: str) -> list[int]:
    """Processes whose environment holds ``marker`` (a run's and its workers')."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.parametrize("name", ["SIGINT", "SIGTERM"])
def test_a_signal_stops_a_batch_cleanly(tmp_path, name):
    """Finished outputs stay, the tasks still running leave no file at all (no .part),
    the workers and their scratch folder are gone, and the summary says what stopped."""
    signum = getattr(signal, name)
    quick = tiny(tmp_path, "quick")
    out = tmp_path / "out"
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    marker = f"PUZZLEREEL_TEST_RUN={tmp_path.name}-{name}"
    env = {**os.environ, "TMPDIR": str(scratch), marker.split("=")[0]: marker.split("=")[1]}
    proc = subprocess.Popen(
        [*ME, "--progress", "plain", "run", str(quick), str(CONFIGS / "hakoiri-musume.toml"),
         str(CONFIGS / "dads-puzzle.toml"), "--out-dir", str(out), "--jobs", "2",
         "--fps", "60", "--speed", "1.0"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 600      # a guard against a hang only
    while not (out / "quick.png").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.5)                         # the long ones are rendering now
    proc.send_signal(signum)
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 128 + signum, stderr
    assert "Traceback" not in stderr
    expected = "interrupted" if name == "SIGINT" else f"stopped by {name}"
    assert stderr.strip().splitlines()[-1] == f"puzzlereel: {expected}"
    rows = summary(stdout)
    assert rows["quick"][0] == "solved"
    assert rows["hakoiri-musume"][0] == rows["dads-puzzle"][0] == "interrupted"
    assert f"exit {128 + signum} (stopped by a signal; 2 not finished)" in stdout
    left = sorted(p.name for p in out.iterdir())
    assert left == sorted([FILE_NAME, LOCK_NAME, "quick.jsonl", "quick.gif", "quick.png"])
    assert list(scratch.iterdir()) == []    # the workers' scratch folder is removed
    assert _processes_with(marker) == []     # no worker outlives the run
    manifest = Manifest.load(out)
    assert set(manifest.entries) == {"quick"}


def test_help_of_run_and_gallery_shows_each_example_on_its_own_line():
    from typer.testing import CliRunner

    from puzzlereel.cli import commands as cli_module
    from puzzlereel.cli import run_commands

    for command, func in (("run", run_commands.run), ("gallery", run_commands.gallery_page)):
        assert func.__doc__ is not None
        wanted = [line.strip() for line in func.__doc__.splitlines()
                  if line.strip().startswith("puzzlereel ")]
        assert len(wanted) >= 3
        res = CliRunner().invoke(cli_module.app, [command, "--help"], terminal_width=50)
        assert res.exit_code == 0, res.output
        shown = [line.strip() for line in res.stdout.splitlines()
                 if line.strip().startswith("puzzlereel ")]
        assert shown == wanted


def test_run_help_loads_no_dask():
    proc = subprocess.run([*ME, "run", "--help"], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPROFILEIMPORTTIME": "1"})
    modules = {line.rsplit("|", 1)[1].strip().split(".")[0]
               for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "puzzlereel" in modules
    assert not modules & {"dask", "distributed", "numba", "cv2", "av"}


def test_sources_with_a_problem_keep_it():
    (source,) = sources.collect(["/nonexistent/folder/x.toml"])
    assert isinstance(source, Source) and source.path is None
    assert source.problem is not None and "no such file" in str(source.problem)


def test_a_worker_that_dies_takes_only_its_own_config_with_it(tmp_path):
    from puzzlereel.batch.executors import LocalExecutor

    quick = tiny(tmp_path, "quick")
    options = planning.BatchOptions(out_dir=tmp_path / "out", flags={"fps": 60, "speed": 1.0})
    plan = planning.plan(sources.collect([str(CONFIGS / "hakoiri-musume.toml"), str(quick)]),
                      options)
    outcomes: dict[str, Outcome] = {}
    with LocalExecutor(1) as executor:
        executor.submit([job.task for job in plan.jobs])
        deadline = time.monotonic() + 600      # a guard against a hang only
        killed = False
        while len(outcomes) < 2 and time.monotonic() < deadline:
            for event in executor.events(0.1):
                if isinstance(event, Progressed) and event.name == "hakoiri-musume" \
                        and event.stage.startswith("render") and not killed:
                    (pid,) = [w.process.pid for w in executor._workers
                              if w.task is not None and w.task.name == "hakoiri-musume"]
                    os.kill(pid, signal.SIGKILL)
                    killed = True
                elif isinstance(event, Finished):
                    outcomes[event.outcome.name] = event.outcome
    assert killed
    assert outcomes["hakoiri-musume"].status == "error"
    assert outcomes["hakoiri-musume"].message == (
        f"{CONFIGS / 'hakoiri-musume.toml'}: the worker process died (signal 9) while "
        "working on it")
    assert outcomes["quick"].status == "solved"      # a new worker took the rest


@pytest.mark.parametrize("cores", [1, 2, 8])
def test_jobs_are_a_budget_of_cores_that_the_running_units_split(monkeypatch, cores):
    """--jobs N is N cores: one task with every core lets the encoder choose (0); tasks
    at once split the budget (at least one thread each); --jobs 1 keeps to one core."""
    from puzzlereel.batch import executors

    monkeypatch.setattr(executors, "default_jobs", lambda: cores)
    share = executors.share_of_cores
    assert share(cores, 1) == 0                       # the whole machine: x264's choice
    assert share(1, 1) == (0 if cores == 1 else 1)    # --jobs 1: one core
    assert share(cores, cores) == (0 if cores == 1 else 1)
    assert share(4 * cores, 4 * cores) == (0 if cores == 1 else 1)
    if cores == 8:
        assert share(8, 2) == 4 and share(4, 2) == 2 and share(8, 3) == 2
        assert share(16, 1) == 0                      # more jobs than cores: all of them


class _Pipe:
    def __init__(self) -> None:
        self.sent: list = []

    def send(self, message) -> None:
        self.sent.append(message)


def test_each_unit_is_handed_its_share_of_the_cores_and_memory(monkeypatch):
    """The local executor sends every task with its encoder threads (the budget split
    between the tasks at work and waiting, the whole machine for a task alone) and the
    number of searches that share the machine's memory."""
    from puzzlereel.batch import executors

    monkeypatch.setattr(executors, "default_jobs", lambda: 8)

    def handed(jobs: int, tasks: int) -> list:
        ex = executors.LocalExecutor(jobs)
        ex._waiting.extend(f"u{i}" for i in range(tasks))
        workers = [executors._Worker(None, _Pipe()) for _ in range(min(jobs, tasks))]
        for w in workers:
            ex._workers.append(w)
            ex._next(w)
        while any(w.task is not None for w in workers):    # the first busy one finishes
            ex._next(next(w for w in workers if w.task is not None))
        return [m for w in workers for m in w.conn.sent]

    assert handed(1, 3) == [("u0", 1, 1), ("u1", 1, 1), ("u2", 1, 1), None]
    assert handed(8, 1) == [("u0", 0, 1), None]               # alone: every core
    four = handed(4, 6)
    assert sorted(m[:2] for m in four if m) == [(f"u{i}", 1) for i in range(6)]
    assert {m[2] for m in four if m} <= {2, 3, 4} and four[0][2] == 4
    two = handed(2, 5)
    assert sorted(m[:2] for m in two if m) == [(f"u{i}", 1) for i in range(5)]
    assert handed(2, 1) == [("u0", 2, 1), None]               # --jobs 2 of 8: two threads


class _FakeLibc:
    """Records the allocator calls ``roomy_allocator`` makes."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def mallopt(self, param: int, value: int) -> int:
        self.calls.append(("mallopt", param, value))
        return 1

    def malloc_trim(self, pad: int) -> int:
        self.calls.append(("malloc_trim", pad, 0))
        return 1


def test_a_unit_undoes_dasks_trim_threshold_while_it_runs(monkeypatch):
    """Under MALLOC_TRIM_THRESHOLD_ (Dask's nanny sets 65536), a task runs with frame-sized
    blocks kept on the heap, then the worker's setting is back and memory is returned;
    without the variable nothing is touched."""
    fake = _FakeLibc()
    monkeypatch.setattr(allocator, "_glibc", lambda: fake)
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    with allocator.roomy_allocator():
        pass
    assert fake.calls == []

    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    with allocator.roomy_allocator():
        assert fake.calls == [("mallopt", allocator.M_MMAP_THRESHOLD, allocator.ROOMY_MMAP),
                              ("mallopt", allocator.M_TRIM_THRESHOLD, allocator.ROOMY_TRIM)]
    assert fake.calls[2:] == [("mallopt", allocator.M_TRIM_THRESHOLD, 65536),
                              ("mallopt", allocator.M_MMAP_THRESHOLD, allocator.GLIBC_MMAP),
                              ("malloc_trim", 0, 0)]


def test_starting_a_local_dask_cluster_leaves_the_runs_environment_alone():
    """Dask's LocalCluster writes its workers' variables (MALLOC_TRIM_THRESHOLD_, ...)
    into the process that starts it; the executor puts the run's environment back."""
    need_extra("dask", "distributed")
    from puzzlereel.batch.dask_executor import DaskExecutor

    before = dict(os.environ)
    executor = DaskExecutor(None, 1)
    try:
        assert dict(os.environ) == before
    finally:
        executor.close()
