"""Sliding-tile benchmarks: counting the seed 8-puzzle's 40 optimal solutions side by side
with the seed article's Common Lisp IDA* under SBCL, and the Korf 15-puzzle sample.

Usage (from the repository root):

    python benchmarks/tiles_bench.py                 # everything, 5 runs per timing
    python benchmarks/tiles_bench.py --runs 9 --skip-korf
    python benchmarks/tiles_bench.py --korf-only                # all 100 Korf instances
    python benchmarks/tiles_bench.py --korf-only --korf-sample  # the 10 in ../shared/bench

Timings on a shared machine are noisy, so every comparison is measured in the same run,
alternating ours and the reference, and reported as a ratio (ours / reference; < 1 means
faster).  "inner" = the solver call alone (SBCL's driver prints INNER_SECONDS, ours is
timed around ``TileSearch.run`` after the compiled code is loaded); "process" = the whole
command, start-up included.

Pattern databases are built (or loaded) before the Korf timings and reported separately;
they live in the user's cache directory (``PUZZLEREEL_CACHE`` overrides it).
"""

from __future__ import annotations

import argparse
import json
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

from puzzlereel.solvers.sliding_tile.config import TilePuzzle, default_groups  # noqa: E402
from puzzlereel.solvers.sliding_tile.pdb import pdb_dir  # noqa: E402
from puzzlereel.solvers.sliding_tile.search import TileSearch  # noqa: E402

PEERS = Path(os.environ.get("PUZZLEREEL_PEERS",
                            Path(tempfile.gettempdir()) / "puzzlereel-peers"))
KORF100 = ROOT / "benchmarks" / "data" / "korf100.json"
KORF_SAMPLE = ROOT.parent / "shared" / "bench" / "korf-sample.json"
KORF = Path(os.environ.get("PUZZLEREEL_KORF", KORF100))
SEED = (8, 6, 7, 2, 5, 4, 3, 0, 1)
GOAL8 = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def sbcl(driver: str) -> tuple[float, float, str]:
    """(inner seconds, process seconds, RESULT) of one run of a seed Lisp driver."""
    t0 = time.perf_counter()
    out = subprocess.run(["sbcl", "--script", f"drivers/{driver}.lisp"], cwd=PEERS,
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t0
    inner = float(re.search(r"INNER_SECONDS\s+([0-9.]+)", out).group(1))  # type: ignore[union-attr]
    result = re.search(r"RESULT\s+(\S+)", out).group(1)  # type: ignore[union-attr]
    return inner, wall, result


_SEARCHES: dict[str | None, TileSearch] = {}


def ours_count(heuristic: str | None) -> tuple[float, int, int]:
    """Time one count of the seed's optimal solutions (tables loaded beforehand)."""
    if heuristic not in _SEARCHES:
        p = TilePuzzle(3, 3, SEED, GOAL8, heuristic=heuristic or "manhattan",
                       groups=default_groups(3, 3, GOAL8))
        _SEARCHES[heuristic] = TileSearch(p, heuristic)
    ts = _SEARCHES[heuristic]
    t0 = time.perf_counter()
    res = ts.run(SEED, count_all=True)
    return time.perf_counter() - t0, res.solutions, res.nodes


def ours_process() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlereel", "analyze",
                    str(ROOT / "configs" / "eight-puzzle.toml"), "--json"], cwd=ROOT,
                   capture_output=True, check=True)
    return time.perf_counter() - t0


def med(values: list[float]) -> float:
    return statistics.median(values)


def seed_table(runs: int) -> None:
    print("## Counting the seed 8-puzzle's optimal solutions (8 6 7 / 2 5 4 / 3 0 1)\n")
    have_sbcl = (PEERS / "drivers" / "eight_id_lower.lisp").exists()
    if not have_sbcl:
        print(f"(no seed Lisp drivers in {PEERS}: build them with "
              "shared/bench/peers/run_peers.sh)\n")
    for h in ("manhattan", "linear-conflict", "pdb", None):
        ours_count(h)  # load the compiled code (and the 3x3 tables) once
    cases = [("IDA* Manhattan (the seed's lower bound)", "manhattan", "eight_id_lower"),
             ("IDA* Manhattan + linear conflict", "linear-conflict", "eight_id_lower"),
             ("IDA* pattern databases 7-1, mirrored", "pdb", "eight_id_lower"),
             ("iterative deepening, no bound", None, "eight_id_plain")]
    print("| case | ours inner s (median) | solutions | nodes | seed Lisp (SBCL) inner s "
          "| ratio inner | ours process s | Lisp process s | ratio process |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, heuristic, driver in cases:
        ours, theirs, ours_p, theirs_p = [], [], [], []
        sols = nodes = 0
        lisp_result = "-"
        n = runs if driver != "eight_id_plain" else max(1, min(runs, 3))
        for _ in range(n):
            secs, sols, nodes = ours_count(heuristic)
            ours.append(secs)
            if have_sbcl:
                inner, wall, lisp_result = sbcl(driver)
                theirs.append(inner)
                theirs_p.append(wall)
            if heuristic == "linear-conflict":
                ours_p.append(ours_process())
        row = [label, f"{med(ours):.5f}", str(sols), f"{nodes:,}"]
        if theirs:
            row += [f"{med(theirs):.5f} (RESULT {lisp_result})", f"{med(ours) / med(theirs):.3f}"]
        else:
            row += ["-", "-"]
        if ours_p and theirs_p:
            row += [f"{med(ours_p):.3f}", f"{med(theirs_p):.3f}",
                    f"{med(ours_p) / med(theirs_p):.2f}"]
        else:
            row += ["-", f"{med(theirs_p):.3f}" if theirs_p else "-", "-"]
        print("| " + " | ".join(row) + " |")
    print("\nours process = `python -m puzzlereel analyze configs/eight-puzzle.toml --json` "
          "(Python start-up, imports, cached numba code, the count, JSON); "
          "Lisp process = `sbcl --script drivers/<driver>.lisp` (loads a compiled fasl).\n")


def korf_table(runs: int, path: Path) -> None:
    if not path.exists():
        print(f"(no Korf instances at {path})")
        return
    data = json.loads(path.read_text())
    goal = tuple(data["goal"])
    print(f"## Korf 15-puzzle instances ({len(data['instances'])} of the 100, from {path.name}, "
          "goal blank-first as given)\n")
    groups = default_groups(4, 4, goal)
    base = TilePuzzle(4, 4, goal, goal, heuristic="pdb", groups=groups)
    t0 = time.perf_counter()
    ts = TileSearch(base, "pdb")
    info = ts.pdb_info
    assert info is not None
    print(f"pattern databases {info.name}: {'built' if info.built else 'loaded from cache'} in "
          f"{time.perf_counter() - t0:.2f} s, {info.bytes / 2**20:.1f} MiB "
          f"({pdb_dir()}); mirrored lookups: {ts.mirror}\n")
    ts.run(tuple(data["instances"][2]["tiles"]))  # warm-up
    print("| id | optimal | ours | nodes | seconds (median) | nodes/s | Korf 1985 IDA* MD nodes "
          "| node ratio |")
    print("|---|---|---|---|---|---|---|---|")
    total_s = 0.0
    total_nodes = 0
    ok = True
    for inst in data["instances"]:
        start = tuple(inst["tiles"])
        secs = []
        res = None
        for _ in range(runs):
            res = ts.run(start)
            secs.append(res.seconds)
        assert res is not None
        s = med(secs)
        total_s += s
        total_nodes += res.nodes
        good = len(res.path) == inst["optimal"]
        ok &= good
        korf_nodes = inst.get("korf1985_nodes_ida_manhattan")
        print(f"| {inst['id']} | {inst['optimal']} | {len(res.path)}{'' if good else ' WRONG'} | "
              f"{res.nodes:,} | {s:.3f} | {res.nodes / max(s, 1e-9):,.0f} | "
              + (f"{korf_nodes:,} | {res.nodes / korf_nodes:.4f}" if korf_nodes else "- | -")
              + " |")
    n = len(data["instances"])
    print(f"\nall optimal: {ok}; solver time {total_s:.2f} s in all, mean {total_s / n:.3f} s per "
          f"instance, {total_nodes / total_s:,.0f} nodes/s overall (1 core).")
    print("Reference figure from the issue (not measured here): a C IDA* with Manhattan + linear "
          "conflict needs about 280 s for all 100, i.e. 2.8 s per instance on average.\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-korf", action="store_true")
    ap.add_argument("--korf-only", action="store_true")
    ap.add_argument("--korf", type=Path, default=KORF,
                    help="instances file (default: benchmarks/data/korf100.json, all 100)")
    ap.add_argument("--korf-sample", action="store_true",
                    help="use the 10-instance sample in ../shared/bench instead")
    ap.add_argument("--korf-runs", type=int, default=1,
                    help="timed runs per Korf instance (median); default 1")
    a = ap.parse_args()
    print(f"# tiles_bench  ({time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cpus, "
          f"load {os.getloadavg()[0]:.2f})\n")
    if not a.korf_only:
        seed_table(a.runs)
    if not a.skip_korf:
        korf_table(a.korf_runs, KORF_SAMPLE if a.korf_sample else a.korf)


if __name__ == "__main__":
    main()
