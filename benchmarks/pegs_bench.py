"""Peg-solitaire benchmark: our solver side by side with M. Hiroi's Common Lisp programs.

Cases (from Hiroi's 反復深化と下限値枝刈り法, in お気楽 Common Lisp プログラミング入門;
his programs ``hoppers.lisp`` and the triangle's, compiled in a peers folder outside this
repository, $TMPDIR/puzzlereel-peers or $PUZZLEREEL_PEERS):
- Hoppers, centre empty, last peg in the centre: every minimal solution.  Hiroi's
  ``(solver-id 0 3 6)`` fixes the first jump and prints its 18 solutions; we time the
  same task, and also all 72 solutions with no jump fixed.
- The triangle's six complement problems of ``peg15_all.lisp``: ``(solver-id from del
  to)`` fixes the first jump, then iterative deepening on moves finds the fewest moves
  (or proves there is no solution).  We solve the same six problems.

Both sides are timed inside their process (the Lisp drivers print INNER_SECONDS: after
loading the compiled fasl; ours: the search call, after the compiled kernels are loaded
from numba's cache).  The whole-process times (SBCL start + fasl load vs. Python start +
numba import) are printed too, for honesty.  Runs alternate between the two sides.  The
triangle's answers must be the ones Hiroi's article gives (a difference: exit 1).

The output is Markdown; ``--record`` also writes it into docs/peg-solitaire.md between
the ``pegs_bench`` markers.

Then the cost of the trace's search events (``events_cost``): example configs solved
with them off and on; ``--events-only`` prints just that table (no SBCL needed), and
with ``--record`` writes it between the ``pegs_events`` markers.

usage: python benchmarks/pegs_bench.py [-n RUNS] [--english-moves SECONDS] [--record]
       python benchmarks/pegs_bench.py --events-only [-n RUNS] [--record]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import doc_tables
import events_cost

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlereel.solvers.peg_solitaire import search as ps  # noqa: E402
from puzzlereel.solvers.peg_solitaire.board import builtin_board  # noqa: E402
from puzzlereel.solvers.peg_solitaire.config import PegPuzzle  # noqa: E402

PEERS = Path(os.environ.get("PUZZLEREEL_PEERS",
                            Path(tempfile.gettempdir()) / "puzzlereel-peers"))
DOC = ROOT / "docs" / "peg-solitaire.md"
TRIANGLE_SIX = [(3, 1, 0), (6, 3, 1), (8, 4, 1), (10, 6, 3), (12, 7, 3), (11, 7, 4)]
SEED_ANSWERS = {(3, 1, 0): 10, (6, 3, 1): 11, (8, 4, 1): None, (10, 6, 3): 9, (12, 7, 3): 10,
                (11, 7, 4): None}

DRIVER = """(load "{fasl}")
(defun %now () (multiple-value-bind (s ns) (sb-unix::clock-gettime 1) (+ s (* ns 1d-9))))
(let ((t0 (%now)))
  (let ((r (progn {call})))
    (format t "~&RESULT ~S~%" r))
  (format t "~&INNER_SECONDS ~,5F~%" (- (%now) t0)))
"""


def lisp_run(driver: Path) -> tuple[float, float, str]:
    """(inner seconds, process seconds, stdout) of one SBCL run of ``driver``."""
    t0 = time.perf_counter()
    out = subprocess.run(["sbcl", "--script", str(driver)], cwd=PEERS, capture_output=True,
                         text=True, timeout=600, check=True).stdout
    wall = time.perf_counter() - t0
    m = re.search(r"INNER_SECONDS ([0-9.]+)", out)
    if not m:
        raise RuntimeError(f"no INNER_SECONDS from {driver}")
    return float(m.group(1)), wall, out


def shown(value: object, measured_in: str = "") -> str:
    """A value for the table, ``-`` where there is none."""
    return "-" if value is None else f"{value}{measured_in}"


def hoppers_puzzle(first: bool) -> PegPuzzle:
    b = builtin_board("hoppers")
    centre = b.bit((2, 2))
    fj = (0, 3, 6) if first else None
    return PegPuzzle(b, b.full & ~centre, centre, first=fj)


def triangle_puzzle(first: tuple[int, int, int]) -> PegPuzzle:
    b = builtin_board("triangle")
    f, o, t = first
    empty = b.holes[t]
    return PegPuzzle(b, b.full & ~b.bit(empty), b.bit(empty), first=(f, o, t))


def ours(puzzle: PegPuzzle, count: bool) -> tuple[float, ps.SearchOutcome]:
    t0 = time.perf_counter()
    out = ps.search_min_moves(puzzle, count=count)
    return time.perf_counter() - t0, out


def process_ours(config: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlereel", "analyze", str(config), "--json"],
                   cwd=ROOT, capture_output=True, check=True)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=5, help="runs per side (median reported)")
    ap.add_argument("--english-moves", type=float, default=0.0, metavar="SECONDS",
                    help="also search the English board's minimal moves (18) for up to "
                    "this long (stretch goal; runs to completion or reports how far it got)")
    ap.add_argument("--record", action="store_true",
                    help="also write the tables into docs/peg-solitaire.md")
    ap.add_argument("--events-only", action="store_true",
                    help="only the cost of the search events (events off and on)")
    args = ap.parse_args()
    if args.events_only:
        events_table(args.n, args.record)
        return
    if shutil.which("sbcl") is None or not (PEERS / "build" / "peg15.fasl").exists():
        sys.exit(f"needs sbcl and Hiroi's compiled programs in {PEERS}/build")
    tmp = Path(tempfile.mkdtemp(prefix="pegs-bench-"))
    cases: list[tuple[str, PegPuzzle, bool, Path, str]] = []
    drv = tmp / "hoppers.lisp"
    drv.write_text(DRIVER.format(fasl=PEERS / "build" / "hoppers.fasl",
                                 call="(solver-id 0 3 6)"))
    cases.append(("hoppers, first jump fixed: all 18", hoppers_puzzle(True), True, drv,
                  "18 solutions"))
    cases.append(("hoppers, no jump fixed: all 72", hoppers_puzzle(False), True, drv,
                  "72 (Hiroi's: 18)"))
    for first in TRIANGLE_SIX:
        drv = tmp / ("peg15_{}_{}_{}.lisp".format(*first))
        drv.write_text(DRIVER.format(fasl=PEERS / "build" / "peg15.fasl",
                                     call="(solver-id {} {} {})".format(*first)))
        cases.append(("triangle (solver-id {} {} {})".format(*first), triangle_puzzle(first), False,
                      drv, ""))

    # load the compiled kernels (numba cache) once, outside the timings
    ours(hoppers_puzzle(False), True)
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)
        print(line, flush=True)

    out(f"Run of {date.today().isoformat()}: `python benchmarks/pegs_bench.py -n {args.n}`, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
        "medians, runs alternating; search only on both sides.")
    out()
    out("| case | answer | ours (ms) | Hiroi's SBCL (ms) | ratio |")
    out("|---|---|---:|---:|---:|")
    worst = 0.0
    mismatches: list[str] = []
    for label, puzzle, count, driver, note in cases:
        mine: list[float] = []
        theirs: list[float] = []
        result = None
        for _ in range(args.n):
            sec, result = ours(puzzle, count)
            mine.append(sec)
            inner, _, _ = lisp_run(driver)
            theirs.append(inner)
        assert result is not None
        if result.status != "solved":
            answer = "none"
        elif count:
            answer = f"{shown(result.moves, ' mv')}, {shown(result.solutions)}"
        else:
            answer = shown(result.moves, " moves")
        if puzzle.board.name == "triangle":
            expected = SEED_ANSWERS[puzzle.first or (0, 0, 0)]
            got = result.moves if result.status == "solved" else None
            if got != expected:
                answer += " (!= Hiroi's)"
                mismatches.append(f"{label}: ours {shown(got, ' moves')}, Hiroi's "
                                  f"{shown(expected, ' moves')}")
        a, b = statistics.median(mine), statistics.median(theirs)
        if b > 0:
            worst = max(worst, a / b)
        shown_ratio = f"{a / b:.3f}" if b > 0 else "-"
        case = label + (" (Hiroi's: 18 only)" if note and "Hiroi" in note else "")
        out(f"| {case} | {answer} | {a * 1e3:.2f} | {b * 1e3:.2f} | {shown_ratio} |")
    out()
    out(f"Worst search ratio: {worst:.3f} (target <= 1.0).")

    # whole processes, for the record
    drv = tmp / "peg15_all.lisp"
    calls = " ".join("(solver-id {} {} {})".format(*f) for f in TRIANGLE_SIX)
    drv.write_text(DRIVER.format(fasl=PEERS / "build" / "peg15.fasl", call=calls))
    cfg = tmp / "hoppers.toml"
    cfg.write_text('[puzzle]\ntype = "peg-solitaire"\nboard = "hoppers"\nempty = 6\n'
                   'goal = "complement"\n[solve]\nfirst = [0, 6]\n')
    pw = statistics.median(process_ours(cfg) for _ in range(3))
    lw = statistics.median(lisp_run(tmp / "hoppers.lisp")[1] for _ in range(3))
    out()
    out(f"Whole process, Hoppers 18 solutions: ours {pw * 1e3:.0f} ms "
        f"(`python -m puzzlereel analyze --json`), Hiroi's {lw * 1e3:.0f} ms "
        f"(`sbcl --script`), ratio {pw / lw:.2f}: Python start-up and numba's import "
        "dominate.")

    # English board
    b = builtin_board("english")
    centre = b.bit((3, 3))
    eng = PegPuzzle(b, b.full & ~centre, centre, metric="jumps")
    ps.search_any(eng)
    times = []
    for _ in range(args.n):
        found = ps.search_any(eng)
        times.append(found.seconds)
    out()
    out(f"English central game, any solution: {len(found.jumps)} jumps in "
        f"{statistics.median(times) * 1e3:.1f} ms ({found.nodes:,} positions).")
    if args.record:
        doc_tables.record(DOC, "pegs_bench", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)
    print()
    events_table(args.n, False)
    if args.english_moves > 0:
        english_moves(args.english_moves)
    shutil.rmtree(tmp, ignore_errors=True)
    if mismatches:
        sys.exit("ANSWERS DIFFER from Hiroi's:\n  " + "\n  ".join(mismatches))


def events_table(runs: int, record: bool) -> None:
    """The search events' cost: the example configs solved with them off and on."""
    configs = ROOT / "configs"
    cases = [events_cost.config_case(label, configs / f"{name}.toml") for label, name in (
        ("Hoppers, fewest moves (ida*)", "hoppers"),
        ("triangle, fewest moves (ida*)", "triangle"),
        ("English central game, any solution (dfs)", "english"),
    )]
    lines = events_cost.table(cases, runs, "python benchmarks/pegs_bench.py --events-only "
                              f"-n {runs}")
    if record:
        doc_tables.record(DOC, "pegs_events", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)


def english_moves(limit: float) -> None:
    """Iterative deepening on moves for the English central game, in a child process so
    that it can be stopped after ``limit`` seconds; prints each budget as it finishes."""
    code = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from puzzlereel.solvers.peg_solitaire import search as ps\n"
        "from puzzlereel.solvers.peg_solitaire.board import builtin_board\n"
        "from puzzlereel.solvers.peg_solitaire.config import Puzzle\n"
        "b = builtin_board('english'); c = b.bit((3, 3))\n"
        "p = PegPuzzle(b, b.full & ~c, c, memory_mb=1536)\n"
        "t0 = time.perf_counter()\n"
        "def prog(label, done, total):\n"
        "    print(f'{time.perf_counter() - t0:9.1f} s  trying {label}', flush=True)\n"
        "r = ps.search_min_moves(p, progress=prog)\n"
        "moves = '-' if r.moves is None else r.moves\n"
        "print(f'{time.perf_counter() - t0:9.1f} s  {r.status}: {moves} moves, '\n"
        "      f'{r.nodes} positions; per budget {r.per_bound}', flush=True)\n"
    )
    print(f"english central game, fewest moves (stretch; stopped after {limit:.0f} s):")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    t0 = time.perf_counter()
    assert proc.stdout is not None
    try:
        import selectors

        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        while proc.poll() is None and time.perf_counter() - t0 < limit:
            if sel.select(timeout=1.0):
                line = proc.stdout.readline()
                if line:
                    print("   " + line.rstrip(), flush=True)
        for line in proc.stdout if proc.poll() is not None else []:
            print("   " + line.rstrip())
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            print(f"   stopped at {limit:.0f} s (the last budget shown was still running)")


if __name__ == "__main__":
    main()
