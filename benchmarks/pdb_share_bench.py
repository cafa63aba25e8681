"""Pattern databases shared between goals: a 15-puzzle whose goal is 1..15 with the blank
last, solved in a fresh cache right after one solve with Korf's goal (blank first).

Every solve is a whole ``puzzlereel solve`` process with ``PUZZLEREEL_CACHE`` pointing at
a new, empty folder (no tables, no compiled code).  First Korf's instance 1 with Korf's
goal, which builds the 7-8 tables (and compiles the search); then Korf's instances, each
turned by 180 degrees and its tiles renumbered t -> 16 - t, which makes the same puzzle
with the goal 1..15,0: the optimal lengths must be Korf's, and no table may be built
(``end.stats.pdb_built``).  With ``--other``, last, a goal no turn maps onto Korf's (the
blank on the second cell of the second row), which builds its own tables: what a first
use of such a goal costs.

Usage::

    python benchmarks/pdb_share_bench.py                 # instances 1-5
    python benchmarks/pdb_share_bench.py --instances 10 --other
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KORF = json.loads((ROOT / "benchmarks" / "data" / "korf100.json").read_text())
TARGET = 10.0        # seconds: a 15-puzzle with the goal 1..15,0 once Korf's tables exist


def config(title: str, tiles: list[int], goal: str | list[int]) -> str:
    goal_text = json.dumps(goal)
    return (f'title = "{title}"\n[puzzle]\ntype = "sliding-tile"\ntiles = {tiles}\n'
            f'goal = {goal_text}\n[solve]\nheuristic = "pdb"\n')


def solve(path: Path, env: dict[str, str]) -> tuple[float, dict[str, object]]:
    """(wall seconds, the trace's end) of one whole ``solve`` process."""
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-m", "puzzlereel", "--progress", "none", "solve",
                          str(path)], capture_output=True, text=True, env=env)
    seconds = time.perf_counter() - t0
    if res.returncode != 0:
        raise SystemExit(f"{path}: exit {res.returncode}: {res.stderr[-500:]}")
    end: dict[str, object] = json.loads(res.stdout.splitlines()[-1])
    return seconds, end


def turned_blank_last(tiles: list[int]) -> list[int]:
    """Korf's instance as the same puzzle with the goal 1..15,0: turned by 180 degrees
    (cell c -> 15 - c), each tile t renumbered 16 - t."""
    out = [0] * 16
    for c, t in enumerate(tiles):
        out[15 - c] = 0 if t == 0 else 16 - t
    return out


def scrambled(goal: list[int], moves: int) -> list[int]:
    """``goal`` after ``moves`` random slides of the blank (the same ones every run)."""
    rng = random.Random(1)
    board = list(goal)
    for _ in range(moves):
        b = board.index(0)
        r, c = divmod(b, 4)
        near = [(r + dr) * 4 + c + dc for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < 4 and 0 <= c + dc < 4]
        n = rng.choice(near)
        board[b], board[n] = board[n], 0
    return board


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--instances", type=int, default=5)
    ap.add_argument("--other", action="store_true",
                    help="also a goal that shares no tables (builds its own: a minute or two)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="puzzlereel-pdb-share-"))
    env = {**os.environ, "PUZZLEREEL_CACHE": str(work / "cache")}
    print(f"{os.cpu_count()} cores; fresh cache {work / 'cache'}; whole processes")
    print("| solve | goal | moves | Korf's | pdb_built | pdb_turn | seconds | target s |")
    print("|---|---|---:|---:|---:|---|---:|---:|")
    first = KORF["instances"][0]
    path = work / "korf-1.toml"
    path.write_text(config("Korf 1", first["tiles"], "blank-first"), encoding="utf-8")
    seconds, end = solve(path, env)
    stats = end["stats"]
    assert isinstance(stats, dict)
    print(f"| Korf 1 (first use: tables built) | blank first | {end['moves']} | "
          f"{first['optimal']} | {stats.get('pdb_built')} | - | {seconds:.2f} | - |")
    slow = 0
    for inst in KORF["instances"][:args.instances]:
        path = work / f"korf-{inst['id']}-blank-last.toml"
        path.write_text(config(f"Korf {inst['id']} turned", turned_blank_last(inst["tiles"]),
                               "blank-last"), encoding="utf-8")
        seconds, end = solve(path, env)
        stats = end["stats"]
        assert isinstance(stats, dict)
        if end["moves"] != inst["optimal"] or stats.get("pdb_built"):
            raise SystemExit(f"Korf {inst['id']} turned: {end['moves']} moves (Korf: "
                             f"{inst['optimal']}), {stats.get('pdb_built')} tables built")
        slow += seconds > TARGET
        print(f"| Korf {inst['id']} turned 180°, renumbered | 1..15,0 | {end['moves']} | "
              f"{inst['optimal']} | {stats.get('pdb_built')} | {stats.get('pdb_turn', '-')} | "
              f"{seconds:.2f} | {TARGET:.0f} |")
    if args.other:
        goal = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
        path = work / "other-goal.toml"
        path.write_text(config("Other goal", scrambled(goal, 200), goal), encoding="utf-8")
        seconds, end = solve(path, env)
        stats = end["stats"]
        assert isinstance(stats, dict)
        print(f"| 200 random moves from the goal (first use: tables built) | blank on "
              f"cell 5 | {end['moves']} | - | {stats.get('pdb_built')} | "
              f"{stats.get('pdb_turn', '-')} | {seconds:.2f} | - |")
    print(f"{args.instances - slow} of {args.instances} within the target of {TARGET:.0f} s")


if __name__ == "__main__":
    main()
