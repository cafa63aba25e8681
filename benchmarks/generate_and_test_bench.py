"""Generate-and-test puzzles, timed side by side with M. Hiroi's Common Lisp (SBCL).

The Lisp side is the program of Hiroi's generate-and-test chapter ("お気楽 Common Lisp
プログラミング入門", ``puzzle01.lisp``), run by small drivers (``drivers/komachi.lisp``,
...) in a peers folder outside this repository (``--peers``).  For each case it and
puzzlereel are timed in the same run, alternately, and the table shows the ratio
puzzlereel / Lisp (<= 1.0 means puzzlereel is as fast or faster):

- "work": the seed driver's own INNER_SECONDS (the Lisp function call, printing its
  answers) against puzzlereel's solver in this process producing the same answers as a
  whole trace (events built and written as JSON Lines to memory), after one warm-up call
  that loads numba's cached machine code.  Median of the runs.
- "process": wall time of the whole program: ``sbcl --script driver`` against
  ``python -m puzzlereel solve CONFIG -o /dev/null`` (or ``analyze --json`` for the
  counting cases), including interpreter start-up and imports.

Every case's answers are compared with the Lisp's printed ones (the solutions in order,
the count, the guesses with their bulls and cows); a difference stops the run with exit 1.

Then the N-Queens counts for n = 12, 14 and 16 and Mastermind over every secret for each
strategy (puzzlereel alone; the Lisp has no counterpart), whose totals must be the known
ones (simple 28,024, minimax 27,139, expected 26,551 guesses over 5,040 secrets).

The output is Markdown; ``--record`` also writes it into docs/generate-and-test.md
between the ``generate_and_test_bench`` markers (the doc's tables are never edited by
hand; tests/solvers/test_generate_and_test.py checks that their ratios agree with their
times).

Usage::

    python benchmarks/generate_and_test_bench.py     # 5 runs each (1 for the slow Lisp n=11)
    python benchmarks/generate_and_test_bench.py --runs 3 --quick
        # --quick skips the 14 s Lisp nqueens_11 and n=16
    python benchmarks/generate_and_test_bench.py --peers /tmp/puzzlereel-peers
    python benchmarks/generate_and_test_bench.py --runs 5 --record   # refresh the doc
    python benchmarks/generate_and_test_bench.py --events-only [--runs 15] [--record]

Last, the cost of the trace's search events (``events_cost``): the example configs
solved with them off and on.  ``--events-only`` prints just that table (no SBCL needed),
and with ``--record`` writes it between the ``generate_and_test_events`` markers.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

import doc_tables
import events_cost

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzlereel.ground.config import load_config  # noqa: E402
from puzzlereel.solvers import alphametic, komachi, mastermind, n_queens, oomachi  # noqa: E402
from puzzlereel.solvers.base import SolveOptions  # noqa: E402
from puzzlereel.trace import write_trace  # noqa: E402

OPTS = SolveOptions()
DOC = ROOT / "docs" / "generate-and-test.md"
# Mastermind, 10 symbols, 4 places, no repeats: total guesses over the 5,040 secrets
KNOWN_TOTALS = {"simple": 28024, "minimax": 27139, "expected": 26551}

# what a case's answer is, and how to read it from each side
Answer = object


class Mismatch(SystemExit):
    """Our answers differ from the Lisp program's: the run stops with exit 1."""

    def __init__(self, label: str, ours: Answer, theirs: Answer) -> None:
        super().__init__(f"ANSWERS DIFFER for {label}:\n  ours: {_short(ours)}\n"
                         f"  Lisp: {_short(theirs)}")


def _short(value: Answer) -> str:
    text = repr(value)
    return text if len(text) < 300 else text[:297] + "..."


def lisp_answer(kind: str, out: str) -> Answer:
    """The answer the Lisp driver printed: equations (spaces removed), queen columns,
    the ``RESULT`` count, or the guesses with bulls and cows, in the printed order."""
    if kind == "count":
        m = re.search(r"^RESULT (\d+)\s*$", out, re.M)
        return int(m.group(1)) if m else None
    if kind == "equations":
        return [line.replace(" ", "") for line in out.splitlines()
                if "=" in line and not line.startswith(("RESULT", "INNER_SECONDS"))]
    if kind == "queens":
        return [tuple(int(v) for v in m.split())
                for m in re.findall(r"^\(([\d ]+)\)", out, re.M)]
    if kind == "guesses":
        return [(tuple(int(v) for v in code.split()), int(b), int(c)) for code, b, c in
                re.findall(r"^\s*\d+: \(([\d ]+)\), bulls = (\d+), cows = (\d+)", out, re.M)]
    raise ValueError(kind)


def our_answer(kind: str, result: object) -> Answer:
    """The same answer from our trace (or count)."""
    if kind == "count":
        return result
    assert isinstance(result, str)
    events = [json.loads(line) for line in result.splitlines()]
    if kind == "equations":
        return [e["text"] for e in events if e["type"] == "solution"]
    if kind == "queens":
        return [tuple(e["cols"]) for e in events if e["type"] == "solution"]
    if kind == "guesses":
        return [(tuple(e["code"]), e["bulls"], e["cows"]) for e in events
                if e["type"] == "guess"]
    raise ValueError(kind)


def ratio(a: float, b: float, digits: int) -> str:
    """``a / b`` for the table, ``-`` where ``b`` is 0."""
    return f"{a / b:.{digits}f}" if b > 0 else "-"


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
    ap.add_argument("--record", action="store_true",
                    help="also write the tables into docs/generate-and-test.md")
    ap.add_argument("--events-only", action="store_true",
                    help="only the cost of the search events (events off and on)")
    a = ap.parse_args()
    if a.events_only:
        events_table(a.runs, a.record)
        return 0
    if a.record and a.quick:
        print("--record needs the full run (no --quick)", file=sys.stderr)
        return 2
    if shutil.which("sbcl") is None or not (a.peers / "drivers").is_dir():
        print(f"needs sbcl and the seed drivers in {a.peers}/drivers", file=sys.stderr)
        return 1
    tmp = Path(tempfile.mkdtemp(prefix="generate-and-test-bench-"))
    cfgs = ROOT / "configs"
    for n in (8, 9, 10, 11):
        (tmp / f"q{n}.toml").write_text(f'[puzzle]\ntype = "n-queens"\nn = {n}\n')

    def count(n: int) -> Callable[[], int]:
        return lambda: n_queens.count_solutions(n)

    # (label, lisp driver, our call, our process args, the kind of answer that must agree)
    cases: list[tuple[str, str, Callable[[], object], list[str], str]] = [
        ("komachi 100 (11 solutions)", "komachi",
         solve_trace(komachi, cfgs / "komachi-100.toml"),
         ["solve", str(cfgs / "komachi-100.toml"), "-o", os.devnull], "equations"),
        ("oomachi, 3 terms (2)", "oomachi", solve_trace(oomachi, cfgs / "oomachi.toml"),
         ["solve", str(cfgs / "oomachi.toml"), "-o", os.devnull], "equations"),
        ("SEND+MORE=MONEY (1)", "hukumen",
         solve_trace(alphametic, cfgs / "send-more-money.toml"),
         ["solve", str(cfgs / "send-more-money.toml"), "-o", os.devnull], "equations"),
    ]
    for n in (8, 9, 10, 11):
        if n == 11 and a.quick:
            continue
        cases.append((f"n-queens {n}: list all", f"nqueens_{n}",
                      solve_trace(n_queens, tmp / f"q{n}.toml"),
                      ["solve", str(tmp / f"q{n}.toml"), "-o", os.devnull], "queens"))
    for n in (8, 9, 10, 11):
        cases.append((f"n-queens {n}: count", f"nqueens1_{n}", count(n),
                      ["analyze", str(tmp / f"q{n}.toml"), "--json"], "count"))
    for secret in ("9431", "9876"):
        cfg = cfgs / f"mastermind-{secret}-simple.toml"
        cases.append((f"mastermind {secret}, simple", f"mastermind_{secret}",
                      solve_trace(mastermind, cfg), ["solve", str(cfg), "-o", os.devnull],
                      "guesses"))

    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)
        print(line, flush=True)

    out(f"Run of {date.today().isoformat()}: `python benchmarks/generate_and_test_bench.py "
        f"--runs {a.runs}`, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.1f} at the start. Every answer was checked "
        "against the Lisp's.")
    out()
    out("| case | Lisp work s | ours work s | ratio | Lisp process s | ours process s "
        "| ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|")
    worst = 0.0
    for label, driver, ours, proc_args, kind in cases:
        lisp_runs = 1 if driver == "nqueens_11" else a.runs
        inner, walls, pwalls = [], [], []
        printed = ""
        for _ in range(lisp_runs):
            i, w, printed = run_lisp(a.peers, driver)
            inner.append(i)
            walls.append(w)
            pwalls.append(run_process(proc_args))
        mine, theirs = our_answer(kind, ours()), lisp_answer(kind, printed)
        if mine != theirs or theirs in (None, []):
            raise Mismatch(label, mine, theirs)
        ours_s = median_call(ours, a.runs)
        li, lw, pw = (statistics.median(x) for x in (inner, walls, pwalls))
        if li > 0:
            worst = max(worst, ours_s / li)
        out(f"| {label} | {li:.5f} | {ours_s:.5f} | {ratio(ours_s, li, 3)} | {lw:.3f} | "
            f"{pw:.3f} | {ratio(pw, lw, 2)} |")
    out()
    out(f"Worst work ratio: {worst:.3f} ({'<= 1.0' if worst <= 1.0 else 'ABOVE 1.0'}).")

    out()
    out("| N-Queens count (puzzlereel, numba, mirror symmetry) | solutions | seconds |")
    out("|---|---:|---:|")
    for n in (12, 14) + (() if a.quick else (16,)):
        t0 = time.perf_counter()
        c = n_queens.count_solutions(n)
        out(f"| n = {n} | {c:,} | {time.perf_counter() - t0:.3f} |")

    out()
    out("| Mastermind, 10 symbols, 4 places, no repeats: strategy | total guesses | "
        "average | max | seconds |")
    out("|---|---:|---:|---:|---:|")
    for strategy in ("simple", "minimax", "expected"):
        codes = mastermind.Codes(10, 4, False)
        t0 = time.perf_counter()
        res = mastermind.all_secrets(codes, strategy)
        dt = time.perf_counter() - t0
        total = sum(res.values())
        if total != KNOWN_TOTALS[strategy] or codes.n != 5040:
            raise Mismatch(f"mastermind {strategy} over every secret",
                           (total, codes.n), (KNOWN_TOTALS[strategy], 5040))
        out(f"| {strategy} | {total:,} / {codes.n:,} | {total / codes.n:.4f} | "
            f"{max(res.values())} | {dt:.3f} |")
    shutil.rmtree(tmp, ignore_errors=True)
    if a.record:
        doc_tables.record(DOC, "generate_and_test_bench", lines)
        print(f"\nwritten into {DOC.relative_to(ROOT)}", file=sys.stderr)
    print()
    events_table(a.runs, False)
    return 0


def events_table(runs: int, record: bool) -> None:
    """The search events' cost: the example configs solved with them off and on."""
    configs = ROOT / "configs"
    cases = [events_cost.config_case(label, configs / f"{name}.toml") for label, name in (
        ("komachi 100 (11 solutions)", "komachi-100"),
        ("komachi 100, + - * / (101)", "komachi-100-all-operators"),
        ("oomachi, 3 terms (2)", "oomachi"),
        ("SEND+MORE=MONEY (1)", "send-more-money"),
        ("n-queens 8 (92)", "n-queens-8"),
        ("n-queens 12 (14,200)", "n-queens-12"),
        ("mastermind 9431, simple", "mastermind-9431-simple"),
        ("mastermind 9431, expected", "mastermind-9431"),
    )]
    lines = events_cost.table(cases, runs, "python benchmarks/generate_and_test_bench.py "
                              f"--events-only --runs {runs}")
    if record:
        doc_tables.record(DOC, "generate_and_test_events", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
