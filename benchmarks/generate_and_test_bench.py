"""Generate-and-test puzzles, timed side by side with the seed article's Common Lisp (SBCL).

For each case the seed program (a driver in the peers directory, e.g. drivers/komachi.lisp)
and puzzlereel are timed in the same run, alternately, and the table shows the ratio
puzzlereel / Lisp (<= 1.0 means puzzlereel is as fast or faster):

- "work": the seed driver's own INNER_SECONDS (the Lisp function call, printing its
  answers) against puzzlereel's solver in this process producing the same answers as a
  whole trace (events built and written as JSON Lines to memory), after one warm-up call
  that loads numba's cached machine code.  Median of the runs.
- "process": wall time of the whole program: ``sbcl --script driver`` against
  ``python -m puzzlereel solve CONFIG -o /dev/null`` (or ``analyze --json`` for the
  counting cases), including interpreter start-up and imports.

Then the N-Queens counts for n = 14 and 16 and Mastermind over every secret for each
strategy (puzzlereel alone; the seed has no counterpart).

Usage::

    python benchmarks/generate_and_test_bench.py     # 5 runs each (1 for the slow Lisp n=11)
    python benchmarks/generate_and_test_bench.py --runs 3 --quick
        # --quick skips the 14 s Lisp nqueens_11 and n=16
    python benchmarks/generate_and_test_bench.py --peers /tmp/puzzlereel-peers
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlereel.config import load_config  # noqa: E402
from puzzlereel.solvers import alphametic, komachi, mastermind, n_queens, oomachi  # noqa: E402
from puzzlereel.solvers.base import SolveOptions  # noqa: E402
from puzzlereel.trace import write_trace  # noqa: E402

OPTS = SolveOptions()


def solve_trace(module: object, config: Path) -> Callable[[], str]:
    """A call that solves ``config`` and writes its whole trace to memory."""
    puzzle = module.load(load_config(config))  # type: ignore[attr-defined]

    def run() -> str:
        buf = io.StringIO()
        write_trace(module.solve(puzzle, OPTS), buf)  # type: ignore[attr-defined]
        return buf.getvalue()

    return run


def median_call(fn: Callable[[], object], runs: int) -> float:
    """Median seconds per call; tiny calls are repeated to get above timer noise."""
    fn()  # warm-up: numba loads cached code on first use
    t0 = time.perf_counter()
    fn()
    once = time.perf_counter() - t0
    reps = max(1, int(0.02 / max(once, 1e-7)))
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        samples.append((time.perf_counter() - t0) / reps)
    return statistics.median(samples)


def run_lisp(peers: Path, driver: str) -> tuple[float, float, str]:
    """(INNER_SECONDS, process wall seconds, RESULT line) of one SBCL run."""
    t0 = time.perf_counter()
    out = subprocess.run(["sbcl", "--script", f"drivers/{driver}.lisp"], cwd=peers,
                         capture_output=True, text=True, check=True, timeout=600).stdout
    wall = time.perf_counter() - t0
    m = re.search(r"INNER_SECONDS ([0-9.]+)", out)
    if not m:
        raise RuntimeError(f"{driver}: no INNER_SECONDS in output")
    return float(m.group(1)), wall, out


def run_process(args: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlereel", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, timeout=600)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peers", type=Path,
                    default=Path(os.environ.get("PUZZLEREEL_PEERS",
                                              Path(tempfile.gettempdir()) / "puzzlereel-peers")))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--quick", action="store_true",
                    help="skip the slow Lisp nqueens_11 (14 s a run) and counting n = 16")
    a = ap.parse_args()
    if shutil.which("sbcl") is None or not (a.peers / "drivers").is_dir():
        print(f"needs sbcl and the seed drivers in {a.peers}/drivers", file=sys.stderr)
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="generate-and-test-bench-"))
    cfgs = ROOT / "configs"
    for n in (8, 9, 10, 11):
        (tmp / f"q{n}.toml").write_text(f'[puzzle]\ntype = "n-queens"\nn = {n}\n')

    def count(n: int) -> Callable[[], int]:
        return lambda: n_queens.count_solutions(n)

    # (label, lisp driver, our call, our process args, what must agree)
    cases: list[tuple[str, str, Callable[[], object], list[str]]] = [
        ("komachi 100 (11 solutions)", "komachi",
         solve_trace(komachi, cfgs / "komachi-100.toml"),
         ["solve", str(cfgs / "komachi-100.toml"), "-o", os.devnull]),
        ("oomachi, 3 terms (2)", "oomachi", solve_trace(oomachi, cfgs / "oomachi.toml"),
         ["solve", str(cfgs / "oomachi.toml"), "-o", os.devnull]),
        ("SEND+MORE=MONEY (1)", "hukumen",
         solve_trace(alphametic, cfgs / "send-more-money.toml"),
         ["solve", str(cfgs / "send-more-money.toml"), "-o", os.devnull]),
    ]
    for n in (8, 9, 10, 11):
        if n == 11 and a.quick:
            continue
        cases.append((f"n-queens {n}: list all", f"nqueens_{n}",
                      solve_trace(n_queens, tmp / f"q{n}.toml"),
                      ["solve", str(tmp / f"q{n}.toml"), "-o", os.devnull]))
    for n in (8, 9, 10, 11):
        cases.append((f"n-queens {n}: count", f"nqueens1_{n}", count(n),
                      ["analyze", str(tmp / f"q{n}.toml"), "--json"]))
    for secret in ("9431", "9876"):
        cfg = cfgs / f"mastermind-{secret}-simple.toml"
        cases.append((f"mastermind {secret}, simple", f"mastermind_{secret}",
                      solve_trace(mastermind, cfg), ["solve", str(cfg), "-o", os.devnull]))

    print(f"# generate-and-test vs seed Common Lisp (SBCL); runs={a.runs}; "
          f"python {sys.version.split()[0]}; peers {a.peers}")
    print("| case | Lisp work s | ours work s | ratio | Lisp process s | ours process s "
          "| ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    worst = 0.0
    for label, driver, ours, proc_args in cases:
        lisp_runs = 1 if driver == "nqueens_11" else a.runs
        inner, walls, pwalls = [], [], []
        for _ in range(lisp_runs):
            i, w, _ = run_lisp(a.peers, driver)
            inner.append(i)
            walls.append(w)
            pwalls.append(run_process(proc_args))
        ours_s = median_call(ours, a.runs)
        li, lw, pw = (statistics.median(x) for x in (inner, walls, pwalls))
        worst = max(worst, ours_s / li)
        print(f"| {label} | {li:.5f} | {ours_s:.5f} | {ours_s / li:.3f} | {lw:.3f} | "
              f"{pw:.3f} | {pw / lw:.2f} |", flush=True)
    print(f"\nworst work ratio: {worst:.3f} ({'<= 1.0' if worst <= 1.0 else 'ABOVE 1.0'})")

    print("\n| N-Queens count (puzzlereel, numba, mirror symmetry) | solutions | seconds |")
    print("|---|---:|---:|")
    for n in (12, 14) + (() if a.quick else (16,)):
        t0 = time.perf_counter()
        c = n_queens.count_solutions(n)
        print(f"| n = {n} | {c:,} | {time.perf_counter() - t0:.3f} |", flush=True)

    print("\n| Mastermind 10 symbols, 4 places, no repeats: every secret | average | max "
          "| seconds |")
    print("|---|---:|---:|---:|")
    for strategy in ("simple", "minimax", "expected"):
        codes = mastermind.Codes(10, 4, False)
        t0 = time.perf_counter()
        res = mastermind.all_secrets(codes, strategy)
        dt = time.perf_counter() - t0
        total = sum(res.values())
        print(f"| {strategy} | {total}/{codes.n} = {total / codes.n:.4f} | "
              f"{max(res.values())} | {dt:.3f} |", flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
