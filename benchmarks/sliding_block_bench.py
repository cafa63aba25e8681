"""Sliding-block benchmark: puzzlereel's solver side by side with the seed's Common Lisp
program under SBCL (shared/bench/peers), on the seed's three problems.

Prints a table: search time (``end.stats.search_seconds``: the search alone, no loading of
compiled code), whole `puzzlereel solve` process time, and the same two for SBCL
(INNER_SECONDS printed by the peers' driver, and the whole `sbcl --script` process), with
both ratios, plus positions stored and bytes stored per position.

Run:  python benchmarks/sliding_block_bench.py [--runs 7] [--peers DIR]
The SBCL drivers come from `ONLY=lisp ../shared/bench/peers/run_peers.sh` (default DIR:
$TMPDIR/puzzlereel-peers); without them only puzzlereel's columns are filled.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlereel.config import load_config  # noqa: E402
from puzzlereel.solvers.base import SolveOptions  # noqa: E402
from puzzlereel.solvers.sliding_block import SOLVER, load  # noqa: E402

CASES = [  # (name, config, seed driver)
    ("Hakoiri Musume (81)", "configs/hakoiri-musume.toml", "hako_q01"),
    ("98-move variant", "configs/hakoiri-musume-98.toml", "hako_q02"),
    ("Dad's puzzle (59)", "configs/dads-puzzle.toml", "hako_q03"),
]


def ours_inner(config: str) -> tuple[float, int, int, float]:
    """The search alone (``end.stats.search_seconds``: no loading of compiled code)."""
    puzzle = load(load_config(ROOT / config))
    end = list(SOLVER.solve(puzzle, SolveOptions()))[-1]
    return end.stats["search_seconds"], end.moves, end.stats["states"], \
        end.stats["bytes_per_state"]


def wall(cmd: list[str], cwd: Path) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def sbcl_inner(driver: Path, cwd: Path) -> float:
    out = subprocess.run(["sbcl", "--script", str(driver)], cwd=cwd, check=True,
                         capture_output=True, text=True).stdout
    m = re.search(r"INNER_SECONDS ([0-9.]+)", out)
    assert m, out
    return float(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--peers", type=Path,
                    default=Path(tempfile.gettempdir()) / "puzzlereel-peers")
    args = ap.parse_args()
    have_sbcl = (args.peers / "drivers").is_dir()
    rows = []
    for name, config, driver in CASES:
        ours, ours_proc, lisp, lisp_proc = [], [], [], []
        moves = states = bps = 0
        drv = args.peers / "drivers" / f"{driver}.lisp"
        for _ in range(args.runs):  # interleaved, so both see the same machine load
            s, moves, states, bps = ours_inner(config)
            ours.append(s)
            ours_proc.append(wall([sys.executable, "-m", "puzzlereel", "solve", config, "-o",
                                   os.devnull], ROOT))
            if have_sbcl:
                lisp.append(sbcl_inner(drv, args.peers))
                lisp_proc.append(wall(["sbcl", "--script", str(drv)], args.peers))
        med = statistics.median
        rows.append((name, moves, states, bps, med(ours), med(lisp) if lisp else None,
                     med(ours_proc), med(lisp_proc) if lisp_proc else None))
    print(f"runs per cell: {args.runs} (median); machine: {os.cpu_count()} cores")
    print("| puzzle | moves | positions | bytes/pos | search s | SBCL search s | ratio | "
          "process s | SBCL process s | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, moves, states, bps, o, lisp, op, lp in rows:
        r1 = f"{o / lisp:.2f}" if lisp else "-"
        r2 = f"{op / lp:.2f}" if lp else "-"
        print(f"| {name} | {moves} | {states} | {bps} | {o:.4f} | "
              f"{'-' if lisp is None else f'{lisp:.4f}'} | {r1} | {op:.3f} | "
              f"{'-' if lp is None else f'{lp:.3f}'} | {r2} |")
    print("search s: end.stats.search_seconds against the seed's own timing of its search "
          "(INNER_SECONDS); process s: the whole command against the whole `sbcl --script`.")


if __name__ == "__main__":
    main()
