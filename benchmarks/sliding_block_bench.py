"""Sliding-block benchmark: puzzlereel's solver side by side with M. Hiroi's Common Lisp
program ``hako.lisp`` (his 箱入り娘 article) under SBCL, on his three problems.

Prints a Markdown table: search time (``end.stats.search_seconds``: the search alone, no
loading of compiled code), whole `puzzlereel solve` process time, and the same two for
SBCL (INNER_SECONDS printed by the driver, and the whole `sbcl --script` process), with
both ratios, plus positions stored and bytes stored per position.  The number of moves
of both sides must agree (the Lisp prints its boards numbered from 0): a difference
stops the run with exit 1.

Then the cost of the trace's search events (``events_cost``): each puzzle solved with
them off and on, side by side; ``--events-only`` prints just that table (no SBCL
needed), and with ``--record`` writes it into docs/sliding-block.md between the
``sliding_block_events`` markers.

Run:  python benchmarks/sliding_block_bench.py [--runs 7] [--peers DIR] [--record]
      python benchmarks/sliding_block_bench.py --events-only [--runs 21] [--record]
The SBCL drivers (``drivers/hako_q01.lisp`` ... loading ``build/hako.fasl``) are not part
of this repository; DIR defaults to $TMPDIR/puzzlereel-peers, and without them only
puzzlereel's columns are filled (``-`` in the others).  ``--record`` also writes the table
into docs/sliding-block.md between the ``sliding_block_bench`` markers.
"""

from __future__ import annotations

import argparse
import os
import re
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

from puzzlereel.ground.config import load_config  # noqa: E402
from puzzlereel.solvers.base import SolveOptions  # noqa: E402
from puzzlereel.solvers.sliding_block import SOLVER, load  # noqa: E402

DOC = ROOT / "docs" / "sliding-block.md"
CASES = [  # (name, config, seed driver)
    ("Hakoiri Musume (81)", "configs/hakoiri-musume.toml", "hako_q01"),
    ("98-move variant", "configs/hakoiri-musume-98.toml", "hako_q02"),
    ("Dad's puzzle (59)", "configs/dads-puzzle.toml", "hako_q03"),
]


def ours_inner(config: str) -> tuple[float, int | None, int | None, float | None]:
    """(search seconds, moves, positions, bytes per position) of one solve; the search
    alone (``end.stats.search_seconds``: no loading of compiled code)."""
    puzzle = load(load_config(ROOT / config))
    end = list(SOLVER.solve(puzzle, SolveOptions()))[-1]
    return end.stats["search_seconds"], end.moves, end.stats.get("states"), \
        end.stats.get("bytes_per_state")


def cell(value: object, fmt: str = "") -> str:
    """A table cell: ``value`` formatted, ``-`` where there is none."""
    return "-" if value is None else format(value, fmt)


def ratio(a: float | None, b: float | None) -> str:
    return "-" if a is None or not b else f"{a / b:.2f}"


def wall(cmd: list[str], cwd: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def sbcl_inner(driver: Path, cwd: Path) -> tuple[float, int | None]:
    """(INNER_SECONDS, moves) of one SBCL run: the driver prints the solution's boards
    numbered from 0, so the last number is the number of moves."""
    out = subprocess.run(["sbcl", "--script", str(driver)], cwd=cwd, check=True,
                         capture_output=True, text=True).stdout
    m = re.search(r"INNER_SECONDS ([0-9.]+)", out)
    if not m:
        raise SystemExit(f"{driver}: no INNER_SECONDS in its output")
    numbers = [int(n) for n in re.findall(r"^(\d+):\s*$", out, re.M)]
    return float(m.group(1)), (max(numbers) if numbers else None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--peers", type=Path,
                    default=Path(tempfile.gettempdir()) / "puzzlereel-peers")
    ap.add_argument("--record", action="store_true",
                    help="also write the table into docs/sliding-block.md")
    ap.add_argument("--events-only", action="store_true",
                    help="only the cost of the search events (events off and on)")
    args = ap.parse_args()
    if args.events_only:
        events_table(args.runs, args.record)
        return
    have_sbcl = (args.peers / "drivers").is_dir()
    if args.record and not have_sbcl:
        sys.exit(f"--record needs the SBCL drivers in {args.peers}/drivers")
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)
        print(line, flush=True)

    out(f"Run of {date.today().isoformat()}: `python benchmarks/sliding_block_bench.py "
        f"--runs {args.runs}`, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the start; medians.")
    out()
    out("| puzzle | moves | positions | bytes/pos | search s | SBCL search s | ratio | "
        "process s | SBCL process s | ratio |")
    out("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, config, driver in CASES:
        ours, ours_proc, lisp, lisp_proc = [], [], [], []
        moves: int | None = None
        states: int | None = None
        bps: float | None = None
        drv = args.peers / "drivers" / f"{driver}.lisp"
        for _ in range(args.runs):  # interleaved, so both see the same machine load
            s, moves, states, bps = ours_inner(config)
            ours.append(s)
            ours_proc.append(wall([sys.executable, "-m", "puzzlereel", "solve", config, "-o",
                                   os.devnull], ROOT))
            if have_sbcl:
                seconds, their_moves = sbcl_inner(drv, args.peers)
                if their_moves != moves:
                    sys.exit(f"ANSWERS DIFFER for {name}: ours {cell(moves)} moves, the "
                             f"Lisp's {cell(their_moves)}")
                lisp.append(seconds)
                lisp_proc.append(wall(["sbcl", "--script", str(drv)], args.peers))
        med = statistics.median
        o, op = med(ours), med(ours_proc)
        li = med(lisp) if lisp else None
        lp = med(lisp_proc) if lisp_proc else None
        out(f"| {name} | {cell(moves)} | {cell(states, ',')} | {cell(bps)} | {o:.4f} | "
            f"{cell(li, '.4f')} | {ratio(o, li)} | {op:.3f} | {cell(lp, '.3f')} | "
            f"{ratio(op, lp)} |")
    out()
    out("search s: end.stats.search_seconds against the Lisp's own timing of its search "
        "(INNER_SECONDS); process s: the whole command against the whole `sbcl --script`.")
    if args.record:
        doc_tables.record(DOC, "sliding_block_bench", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)
    print()
    events_table(args.runs, False)


def events_table(runs: int, record: bool) -> None:
    """The search events' cost: every case solved with them off and on."""
    cases = [events_cost.config_case(name, ROOT / config) for name, config, _ in CASES]
    lines = events_cost.table(cases, runs, "python benchmarks/sliding_block_bench.py "
                              f"--events-only --runs {runs}")
    if record:
        doc_tables.record(DOC, "sliding_block_events", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
