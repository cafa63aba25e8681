"""Batch runs: wall time of ``puzzlereel run CONFIGS`` with one worker process, with two,
and on a Dask cluster of two worker processes (``LocalCluster`` on loopback), on the
same configs.  Prints a table with the speed-ups over one job; the target is two
workers at least 1.6x faster than one on a two-core machine.

The configs are every example in ``configs/`` but ``english-18`` (a minute of search on
its own), unless ``--configs`` names others.  A warm-up run (not timed) fills the user
cache first: compiled search code, and the 15-puzzle's pattern databases (about 275 MiB,
some 70 s the very first time).  Each timed run writes into a fresh folder, so every
config is solved and rendered (no manifest to skip from); runs of the three kinds are
interleaved (``--runs``) and the median is shown.  The machine's load average and how
many cores two busy-looping processes get are printed before and after: other work on
the machine takes cores from the parallel runs first, and the "cores used" column shows
how many the runs actually had.  The runs get the environment this script started
with: Dask's ``LocalCluster`` writes its workers' variables (``MALLOC_TRIM_THRESHOLD_``
and others) into the process that starts it, and a render under that trim threshold
is about 1.7x slower, so it must not leak into the local runs.

Usage::

    python benchmarks/batch_bench.py                 # one run of each kind
    python benchmarks/batch_bench.py --runs 3
    python benchmarks/batch_bench.py --configs configs/hakoiri-musume.toml configs/dads-puzzle.toml
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = ("english-18",)
TARGET = 1.6


def default_configs() -> list[str]:
    return [str(p) for p in sorted((ROOT / "configs").glob("*.toml")) if p.stem not in SKIP]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


ENVIRON = dict(os.environ)   # before Dask's LocalCluster adds its workers' variables


def timed_run(configs: list[str], out: Path, extra: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one whole ``puzzlereel run`` process and its worker
    processes (0 or 3 expected: the French board has no solution).  A Dask cluster's
    workers are not this run's processes: their CPU time is not counted."""
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "puzzlereel", "--progress", "none", "run", *configs,
           "--out-dir", str(out), *extra]
    cpu = cpu_of_children()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=ENVIRON)
    seconds = time.perf_counter() - t0
    if proc.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}"
                         f"{proc.stderr[-2000:]}")
    return seconds, cpu_of_children() - cpu


def capacity(seconds: float = 3.0) -> float:
    """How many cores two busy-looping processes get now: 2.0 on an idle two-core
    machine, less when other work shares it (then no run here can reach 2x)."""
    loop = f"import time\nt = time.time()\nwhile time.time() - t < {seconds}: pass"
    cpu = cpu_of_children()
    t0 = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(2)]
    for proc in procs:
        proc.wait()
    return (cpu_of_children() - cpu) / (time.perf_counter() - t0)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="timed runs of each kind (median)")
    ap.add_argument("--configs", nargs="+", help="configs to run (default: configs/ but "
                    "english-18)")
    ap.add_argument("--no-dask", action="store_true", help="leave the Dask run out")
    args = ap.parse_args()
    configs = args.configs or default_configs()
    work = Path(tempfile.mkdtemp(prefix="puzzlereel-batch-bench-"))
    print(f"{len(configs)} configs; {os.cpu_count()} cores; load average (1/5/15 min) "
          f"before: {load()}; two busy loops get {capacity():.2f} cores")
    t0 = time.perf_counter()
    timed_run(configs, work / "warm", ["--jobs", "2"])
    print(f"warm-up run (not timed): {time.perf_counter() - t0:.1f} s")

    cluster = None
    kinds: list[tuple[str, list[str]]] = [("run --jobs 1", ["--jobs", "1"]),
                                          ("run --jobs 2", ["--jobs", "2"])]
    if not args.no_dask:
        try:
            from distributed import LocalCluster
        except ImportError:
            print("Dask is not installed (pip install -e \".[dask]\"): no Dask run")
        else:
            t0 = time.perf_counter()
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address="127.0.0.1:0")
            print(f"Dask LocalCluster (2 worker processes) started in "
                  f"{time.perf_counter() - t0:.1f} s (not timed)")
            kinds.append(("run --executor dask (2 workers)",
                          ["--executor", "dask", "--scheduler", cluster.scheduler_address]))
    times: dict[str, list[float]] = {name: [] for name, _ in kinds}
    cpus: dict[str, list[float]] = {name: [] for name, _ in kinds}
    try:
        for run in range(args.runs):
            for i, (name, extra) in enumerate(kinds):
                wall, cpu = timed_run(configs, work / f"out-{run}-{i}", extra)
                times[name].append(wall)
                cpus[name].append(cpu)
    finally:
        if cluster is not None:
            cluster.close()
        shutil.rmtree(work, ignore_errors=True)

    base = statistics.median(times[kinds[0][0]])
    width = max(len(name) for name, _ in kinds)
    print()
    print(f"{'mode':<{width}}  {'wall s':>7}  {'speed-up':>8}  {'cores used':>10}  runs")
    for name, extra in kinds:
        wall = statistics.median(times[name])
        runs = ", ".join(f"{t:.1f}" for t in times[name])
        used = "-" if "dask" in extra else \
            f"{statistics.median(c / t for c, t in zip(cpus[name], times[name])):.2f}"
        print(f"{name:<{width}}  {wall:7.1f}  {base / wall:7.2f}x  {used:>10}  {runs}")
    print("(cores used: CPU seconds of the run and its workers per wall second; on an "
          "otherwise idle machine --jobs 2 uses close to 2)")
    print()
    print(f"load average after: {load()}; two busy loops get {capacity():.2f} cores")
    slowest = max(statistics.median(times[name]) for name, _ in kinds[1:])
    verdict = "met" if base / slowest >= TARGET else "NOT met"
    print(f"target: every two-worker run at least {TARGET}x faster than one job: {verdict}")


if __name__ == "__main__":
    main()
