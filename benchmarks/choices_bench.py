"""What the moves' ``legal`` / ``optimal`` counts cost ``solve``, on Hakoiri Musume, the
Rush Hour-style traffic jam and the 8-puzzle.  Two tables, medians of alternating runs:

- **processes**: the whole ``python -m puzzlereel --progress none solve CONFIG -o FILE``
  process (wall time, and the processor time of the child alone, from ``wait4``), and
  the ``end.stats.search_seconds`` it wrote, for this code (counts on, the default)
  against the code before the counts (``--base``: a copy installed where
  ``PYTHONPATH`` finds it first), run in pairs back to back, which goes first
  alternating.  This code is the installed one, or (``--now``) a copy installed as the
  one before was, so that both import the same way;
- **in one process**: the ``solve`` action's events (``actions.solve.solve_events``:
  the search, the counts, every event read back as ``validate`` reads it), with
  ``SolveOptions(choices=False)`` and with the counts on, alternately: processor time,
  and ``search_seconds``.

A ratio is the median of the pairs' ratios (a change of the machine's load between pairs
cancels out).  The compiled code and the bytecode are warmed first, as after any first
run.

Usage::

    git worktree add /tmp/base HEAD        # the code before the change, beside this one
    python -m pip install --no-deps --no-build-isolation --no-index \\
        --target /tmp/base-site /tmp/base
    python benchmarks/choices_bench.py --base /tmp/base-site --runs 21
    # this code installed the same way (a copy of the working tree, without build/):
    mkdir /tmp/now && tar -c --exclude=./build --exclude=./.git . | tar -x -C /tmp/now
    python -m pip install --no-deps --no-build-isolation --no-index \
        --target /tmp/now-site /tmp/now
    python benchmarks/choices_bench.py --base /tmp/base-site --now /tmp/now-site
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = [("Hakoiri", "hakoiri-musume"), ("Rush Hour", "rush-hour-style"),
         ("8-puzzle", "eight-puzzle")]

Run = tuple[float, float, float]    # wall s, processor s, search_seconds


def env_for(base: Path | None) -> dict[str, str]:
    """The children's environment: ``base`` first on the path (a copy installed there),
    or the installed code; bytecode cached as after an install."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPATH", None)
    if base is not None:
        env["PYTHONPATH"] = str(base)
    return env


def process(config: Path, out: Path, env: dict[str, str], cwd: Path) -> Run:
    """One ``solve`` process: (wall s, its processor s, the search_seconds it wrote)."""
    cmd = [sys.executable, "-m", "puzzlereel", "--progress", "none", "solve", str(config),
           "-o", str(out)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    proc.stderr.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err.decode()[-500:]}")
    end = json.loads(out.read_text(encoding="utf-8").splitlines()[-1])
    return wall, usage.ru_utime + usage.ru_stime, float(end["stats"]["search_seconds"])


def which_code(env: dict[str, str], cwd: Path) -> str:
    """Where the children import puzzlereel from."""
    return subprocess.run([sys.executable, "-c", "import puzzlereel; print(puzzlereel.__file__)"],
                          cwd=cwd, env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def ratio(pairs: list[tuple[float, float]]) -> str:
    """The median of the pairs' after / before."""
    ratios = [after / before for before, after in pairs if before > 0]
    return f"{statistics.median(ratios):.3f}" if ratios else "-"


def columns(pairs: list[tuple[float, float]], digits: int = 4) -> str:
    med = statistics.median
    return (f"{med(b for b, _ in pairs):.{digits}f} | {med(a for _, a in pairs):.{digits}f} | "
            f"{ratio(pairs)}")


def processes(base: Path, mine: Path | None, runs: int, out: Callable[[str], None]) -> None:
    """The table of whole processes, the code before against this code."""
    work = Path(tempfile.mkdtemp(prefix="puzzlereel-choices-"))
    before, now = env_for(base), env_for(mine)
    out(f"Processes: before = `{which_code(before, work)}`, now = "
        f"`{which_code(now, work)}`.")
    out("")
    out("| puzzle | wall s, before | wall s, now | ratio | CPU s, before | CPU s, now | ratio "
        "| search s, before | search s, now | ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, name in CASES:
        config = ROOT / "configs" / f"{name}.toml"
        trace = work / f"{name}.jsonl"
        for env in (before, now, before, now):           # compiled code, bytecode
            process(config, trace, env, work)
        wall, cpu, search = [], [], []
        for i in range(runs):
            sides = (before, now) if i % 2 == 0 else (now, before)
            got = {id(env): process(config, trace, env, work) for env in sides}
            b, a = got[id(before)], got[id(now)]
            wall.append((b[0], a[0]))
            cpu.append((b[1], a[1]))
            search.append((b[2], a[2]))
        out(f"| {label} | {columns(wall, 3)} | {columns(cpu, 3)} | {columns(search)} |")


def in_process(runs: int, out: Callable[[str], None]) -> None:
    """The table of ``solve_events`` calls in this process, counts off against on."""
    from puzzlereel.actions.solve import solve_events
    from puzzlereel.catalog.puzzles import load_puzzle
    from puzzlereel.solvers.base import SolveOptions
    from puzzlereel.trace import End

    def once(name: str, on: bool) -> tuple[float, float]:
        loaded = load_puzzle(ROOT / "configs" / f"{name}.toml")
        t0 = time.process_time()
        events = list(solve_events(loaded, SolveOptions(choices=on)))
        cpu = time.process_time() - t0
        end = events[-1]
        assert isinstance(end, End) and end.status == "solved"
        return cpu, float(end.stats["search_seconds"])

    out("| puzzle | solve CPU s, counts off | on | ratio | search s, counts off | on | "
        "ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|")
    for label, name in CASES:
        once(name, True)
        once(name, False)
        cpu, search = [], []
        for i in range(runs):
            order = (False, True) if i % 2 == 0 else (True, False)
            got = {on: once(name, on) for on in order}
            cpu.append((got[False][0], got[True][0]))
            search.append((got[False][1], got[True][1]))
        out(f"| {label} | {columns(cpu)} | {columns(search)} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", type=Path, help="the code before the counts, installed in "
                    "this folder (see above); without it, only the in-process table")
    ap.add_argument("--now", type=Path, help="this code, installed in this folder as the "
                    "code before is (default: the installed code)")
    ap.add_argument("--runs", type=int, default=21, help="pairs of runs per puzzle")
    args = ap.parse_args()

    def out(line: str) -> None:
        print(line, flush=True)

    out(f"Moves' counts, run of {date.today().isoformat()}: `{' '.join(sys.argv)}`, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
        f"{args.runs} pairs of runs, medians.")
    out("")
    if args.base is not None:
        processes(args.base.resolve(), args.now.resolve() if args.now else None, args.runs,
                  out)
        out("")
    out("In one process (this code):")
    out("")
    in_process(args.runs, out)
    out("")
    out("wall s, CPU s: the whole solve process (CPU: the child's user + system time); "
        "search s: end.stats.search_seconds; solve CPU s: processor time of one solve "
        "call (search, counts, every event read back); ratio: the median of the pairs' "
        "now / before (on / off).")


if __name__ == "__main__":
    main()
