"""Sliding-tile benchmarks: counting the seed 8-puzzle's 40 optimal solutions side by side
with the seed article's Common Lisp IDA* under SBCL, and Korf's 100 15-puzzles.

Usage (from the repository root):

    python benchmarks/tiles_bench.py --events-only [--runs 15] [--record]
        # only the cost of the trace's search events (events off and on, side by side)

    python benchmarks/tiles_bench.py                 # everything, 5 runs per timing
    python benchmarks/tiles_bench.py --runs 9 --skip-korf
    python benchmarks/tiles_bench.py --korf100                  # Korf's 100: the summary
    python benchmarks/tiles_bench.py --korf-only                # ... instance by instance
    python benchmarks/tiles_bench.py --korf-only --korf-sample  # the 10 in ../shared/bench
    python benchmarks/tiles_bench.py --korf100 --pdb 6-6-3      # another partition

Timings on a shared machine are noisy, so every comparison with SBCL is measured in the
same run, alternating ours and the reference, and reported as a ratio (ours / reference;
< 1 means faster).  Search time is only compared with search time and whole-process time
with whole-process time:

- search ("inner"): the solver call alone.  SBCL's driver prints INNER_SECONDS around
  its solver call; ours is timed around ``TileSearch.run`` after the compiled code and
  the tables are loaded.
- process: a whole command, start-up included: ``sbcl --script drivers/<driver>.lisp``
  (loads a compiled fasl, counts, prints) against ``python benchmarks/tiles_bench.py
  --count HEURISTIC`` (starts Python, imports puzzlereel, loads its cached compiled code
  and tables, counts, prints), the same work.

The SBCL drivers are built by ``../shared/bench/peers/run_peers.sh`` into
``/tmp/puzzlereel-peers`` (``PUZZLEREEL_PEERS`` overrides it); without them only our
columns are printed.  Pattern databases are built (or loaded) before the Korf timings and
reported separately; they live in the user's cache folder (``PUZZLEREEL_CACHE``
overrides it).
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
from dataclasses import dataclass, field
from pathlib import Path

import doc_tables
import events_cost

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlereel.solvers.sliding_tile.config import (  # noqa: E402
    TilePuzzle,
    default_groups,
    group_spec,
)
from puzzlereel.solvers.sliding_tile.ida import IdaResult, TileSearch  # noqa: E402
from puzzlereel.solvers.sliding_tile.pdb import pdb_dir  # noqa: E402

PEERS = Path(os.environ.get("PUZZLEREEL_PEERS",
                            Path(tempfile.gettempdir()) / "puzzlereel-peers"))
KORF100 = ROOT / "benchmarks" / "data" / "korf100.json"
DOC = ROOT / "docs" / "sliding-tile.md"
KORF_SAMPLE = ROOT.parent / "shared" / "bench" / "korf-sample.json"
KORF = Path(os.environ.get("PUZZLEREEL_KORF", KORF100))
SEED = (8, 6, 7, 2, 5, 4, 3, 0, 1)
GOAL8 = (1, 2, 3, 4, 5, 6, 7, 8, 0)
COUNT_CHOICES = ("manhattan", "linear-conflict", "pdb", "none")

# The published figures for 7-8 pattern databases with reflection on Korf's 100
# instances (IDA*, nodes generated on average, average heuristic of the starts).
PUBLISHED_78 = {"nodes": 36_710, "nodes_plain": 136_288, "h0": 45.63, "seconds": 0.034}
PUBLISHED_NOTE = (
    "Published: A. Felner, R. E. Korf and S. Hanan, \"Additive Pattern Database "
    "Heuristics\", JAIR 22 (2004), 15-puzzle results (also in Felner, Korf, Meshulam and "
    "Holte, \"Compressed Pattern Databases\", JAIR 30 (2007)): the 7-8 partition, taking "
    "the larger of the regular and the reflected lookups, generates 36,710 nodes per "
    "instance on average over Korf's 100 instances (136,288 without the reflection), "
    "with an average heuristic of 45.63 at the starts and 0.034 s per instance on their "
    "2004 machine.  Figures as tabulated in A. Felner's lecture slides \"Origin and "
    "Construction of Heuristic Functions\" (slides 26 and 39), found with a search of "
    "stored public pages.")


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


def _seed_search(heuristic: str | None) -> TileSearch:
    """The seed puzzle's search for one lower bound (None: plain iterative deepening),
    its tables and compiled code loaded once."""
    if heuristic not in _SEARCHES:
        p = TilePuzzle(3, 3, SEED, GOAL8, heuristic=heuristic or "manhattan",
                       groups=default_groups(3, 3, GOAL8))
        ts = TileSearch(p, heuristic)
        ts.preload(count_all=True)
        _SEARCHES[heuristic] = ts
    return _SEARCHES[heuristic]


def ours_count(heuristic: str | None) -> tuple[float, int, int]:
    """(search seconds, solutions, nodes) of one count of the seed's optimal solutions."""
    ts = _seed_search(heuristic)
    t0 = time.perf_counter()
    res = ts.run(SEED, count_all=True)
    return time.perf_counter() - t0, res.solutions, res.nodes


def ours_process(heuristic: str | None) -> tuple[float, str]:
    """(seconds, RESULT) of a whole ``tiles_bench.py --count`` process."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--count",
                          heuristic or "none"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    wall = time.perf_counter() - t0
    return wall, re.search(r"RESULT\s+(\S+)", out).group(1)  # type: ignore[union-attr]


def cli_process() -> float:
    """Seconds of the user's command for the same count, ``puzzlereel analyze``."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlereel", "analyze",
                    str(ROOT / "configs" / "eight-puzzle.toml"), "--json"], cwd=ROOT,
                   capture_output=True, check=True)
    return time.perf_counter() - t0


def count_main(heuristic: str) -> None:
    """``--count``: what a Lisp driver does, in one Python process: count, print."""
    ts = _seed_search(None if heuristic == "none" else heuristic)
    t0 = time.perf_counter()
    res = ts.run(SEED, count_all=True)
    print(f"RESULT {res.solutions}\nINNER_SECONDS {time.perf_counter() - t0:.5f}")


def med(values: list[float]) -> float:
    return statistics.median(values)


def _ratio(ours: list[float], theirs: list[float], digits: int = 3) -> str:
    return f"{med(ours) / med(theirs):.{digits}f}" if ours and theirs else "-"


def _secs(values: list[float], digits: int = 5) -> str:
    return f"{med(values):.{digits}f}" if values else "-"


def seed_table(runs: int) -> None:
    print("## Counting the seed 8-puzzle's optimal solutions (8 6 7 / 2 5 4 / 3 0 1)\n")
    have_sbcl = (PEERS / "drivers" / "eight_id_lower.lisp").exists()
    if not have_sbcl:
        print(f"(no seed Lisp drivers in {PEERS}: build them with "
              "shared/bench/peers/run_peers.sh; only our columns are measured)\n")
    for h in ("manhattan", "linear-conflict", "pdb", None):
        ours_count(h)  # load the compiled code (and the 3x3 tables) once
    cases = [("IDA* Manhattan (the seed's lower bound)", "manhattan", "eight_id_lower"),
             ("IDA* Manhattan + linear conflict", "linear-conflict", "eight_id_lower"),
             ("IDA* pattern databases 7-1, mirrored", "pdb", "eight_id_lower"),
             ("iterative deepening, no bound", None, "eight_id_plain")]
    print("| case | solutions | nodes | ours search s | Lisp search s | ratio search "
          "| ours process s | Lisp process s | ratio process |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, heuristic, driver in cases:
        ours, theirs, ours_p, theirs_p = [], [], [], []
        sols = nodes = 0
        results = set()
        n = runs if driver != "eight_id_plain" else max(1, min(runs, 3))
        for _ in range(n):
            secs, sols, nodes = ours_count(heuristic)
            ours.append(secs)
            wall, result = ours_process(heuristic)
            ours_p.append(wall)
            results.add(result)
            if have_sbcl:
                inner, wall, result = sbcl(driver)
                theirs.append(inner)
                theirs_p.append(wall)
                results.add(result)
        agree = "" if results == {str(sols)} else f" (RESULTs {sorted(results)})"
        print(f"| {label} | {sols}{agree} | {nodes:,} | {_secs(ours)} | {_secs(theirs)} | "
              f"{_ratio(ours, theirs)} | {_secs(ours_p, 3)} | {_secs(theirs_p, 3)} | "
              f"{_ratio(ours_p, theirs_p, 2)} |")
    print(f"\nsearch: the count alone (medians of {runs} runs; iterative deepening at most 3); "
          "process: `python benchmarks/tiles_bench.py --count H` against "
          "`sbcl --script drivers/<driver>.lisp`, both a whole process that loads its "
          "compiled code, counts and prints.  The user's command for the linear-conflict "
          f"count, `python -m puzzlereel analyze configs/eight-puzzle.toml --json`, takes "
          f"{med([cli_process() for _ in range(3)]):.3f} s (it also loads the command "
          "line, the config reader and JSON).\n")


@dataclass(frozen=True)
class KorfRow:
    """One instance: published optimal length, ours, and what the search took."""

    id: int
    optimal: int
    ours: int
    nodes: int
    h0: int
    seconds: float                 # search seconds, median of the passes
    korf1985: int | None           # Korf's 1985 IDA* with Manhattan distance: nodes


@dataclass
class KorfRun:
    """Korf's instances solved ``runs`` times each with one set of tables."""

    name: str
    mirror: bool
    load_seconds: float
    pdb_note: str
    rows: list[KorfRow] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)   # search seconds of each whole pass


def run_korf(path: Path, runs: int, spec: str | None) -> KorfRun | None:
    if not path.exists():
        print(f"(no Korf instances at {path})")
        return None
    data = json.loads(path.read_text())
    goal = tuple(data["goal"])
    groups = group_spec(spec, 4, 4, goal) if spec else default_groups(4, 4, goal)
    base = TilePuzzle(4, 4, goal, goal, heuristic="pdb", groups=groups)
    t0 = time.perf_counter()
    ts = TileSearch(base, "pdb")
    ts.preload()
    load = time.perf_counter() - t0
    info = ts.pdb_info
    assert info is not None
    note = (f"pattern databases {info.name}: "
            f"{'built' if info.built else 'loaded from the cache'} in {info.seconds:.2f} s, "
            f"{info.bytes / 2**20:.1f} MiB ({pdb_dir()}); compiled code and tables loaded "
            f"in {load:.2f} s in all; mirrored lookups: {'yes' if ts.mirror else 'no'}")
    out = KorfRun(info.name, ts.mirror, load, note)
    per: dict[int, list[float]] = {}
    last: dict[int, IdaResult] = {}
    for _ in range(runs):
        total = 0.0
        for inst in data["instances"]:
            res = ts.run(tuple(inst["tiles"]))
            per.setdefault(inst["id"], []).append(res.seconds)
            total += res.seconds
            last[inst["id"]] = res
        out.totals.append(total)
    for inst in data["instances"]:
        res = last[inst["id"]]
        out.rows.append(KorfRow(id=inst["id"], optimal=inst["optimal"], ours=len(res.path),
                                nodes=res.nodes, h0=res.h0, seconds=med(per[inst["id"]]),
                                korf1985=inst.get("korf1985_nodes_ida_manhattan")))
    return out


def korf_instances(run: KorfRun, runs: int) -> None:
    print(f"| id | optimal (published) | ours | nodes | search s (median of {runs}) | nodes/s "
          "| Korf 1985 IDA* Manhattan nodes | node ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for r in run.rows:
        wrong = "" if r.ours == r.optimal else " WRONG"
        korf = f"{r.korf1985:,} | {r.nodes / r.korf1985:.2e}" if r.korf1985 else "- | -"
        print(f"| {r.id} | {r.optimal} | {r.ours}{wrong} | {r.nodes:,} | {r.seconds:.4f} | "
              f"{r.nodes / max(r.seconds, 1e-9):,.0f} | {korf} |")
    print()


def korf_summary(run: KorfRun, runs: int, label: str) -> None:
    n = len(run.rows)
    solved = sum(r.ours == r.optimal for r in run.rows)
    nodes = sum(r.nodes for r in run.rows)
    secs = [r.seconds for r in run.rows]
    total = med(run.totals)
    slowest = max(run.rows, key=lambda r: r.seconds)
    pub = run.name == "7-8" and run.mirror and n == 100
    print(f"## {label}: IDA* with {run.name} pattern databases"
          f"{', mirrored lookups' if run.mirror else ''}\n")
    print(run.pdb_note + "\n")
    print(f"| measure | ours | {'published, 7-8 with reflection' if pub else 'published'} |")
    print("|---|---|---|")
    print(f"| instances solved | {solved} of {n} | {'100 of 100' if pub else '-'} |")
    print(f"| all optimal (lengths = published optimal lengths) | "
          f"{'yes' if solved == n else 'NO'} | - |")
    print(f"| total search seconds, one core (median of {runs} passes: "
          f"{', '.join(f'{t:.3f}' for t in run.totals)}) | {total:.3f} | - |")
    print(f"| search seconds per instance: mean / median / max (#{slowest.id}) | "
          f"{total / n:.4f} / {med(secs):.4f} / {max(secs):.4f} | "
          f"{PUBLISHED_78['seconds'] if pub else '-'}"
          f"{' mean, on their 2004 machine' if pub else ''} |")
    print(f"| average nodes per instance | {nodes / n:,.0f} | "
          f"{format(PUBLISHED_78['nodes'], ',') if pub else '-'} |")
    print(f"| average heuristic at the start | {sum(r.h0 for r in run.rows) / n:.2f} | "
          f"{PUBLISHED_78['h0'] if pub else '-'} |")
    print(f"| nodes per second | {nodes / max(sum(secs), 1e-9):,.0f} | - |")
    print(f"| loading (compiled code, tables), once | {run.load_seconds:.2f} s | - |")
    print()
    if pub:
        print(PUBLISHED_NOTE + "\n")
    print("Search seconds are the IDA* runs alone (`TileSearch.run`, after the compiled code "
          "and tables are loaded); loading is reported apart, never added in.  For scale, "
          "the issue's yardstick (quoted, not measured here): a C IDA* with Manhattan plus "
          "linear conflicts needs about 280 s of search for all 100.\n")


def events_table(runs: int, record: bool) -> None:
    """The search events' cost: each algorithm on the example configs, events off and on."""
    configs = ROOT / "configs"
    eight = configs / "eight-puzzle.toml"
    cases = [
        events_cost.config_case("8-puzzle, ida* (linear conflict)", eight),
        events_cost.config_case("8-puzzle, iddfs", eight, algorithm="iddfs"),
        events_cost.config_case("8-puzzle, bfs", eight, algorithm="bfs"),
        events_cost.config_case("8-puzzle, bidirectional", eight, algorithm="bidirectional"),
        events_cost.config_case("3x4, ida* (pdb)", configs / "eleven-puzzle-3x4.toml"),
        events_cost.config_case("15-puzzle Korf #1, ida* (pdb 7-8)",
                                configs / "fifteen-puzzle-korf-1.toml"),
    ]
    lines = events_cost.table(cases, runs, "python benchmarks/tiles_bench.py --events-only "
                              f"--runs {runs}")
    print()
    if record:
        doc_tables.record(DOC, "tiles_events", lines)
        print(f"written into {DOC.relative_to(ROOT)}", file=sys.stderr)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--skip-korf", action="store_true")
    ap.add_argument("--korf-only", action="store_true",
                    help="only Korf's instances, instance by instance")
    ap.add_argument("--korf100", action="store_true",
                    help="only Korf's 100: the summary against the published figures")
    ap.add_argument("--korf", type=Path, default=KORF,
                    help="instances file (default: benchmarks/data/korf100.json, all 100)")
    ap.add_argument("--korf-sample", action="store_true",
                    help="use the 10-instance sample in ../shared/bench instead")
    ap.add_argument("--korf-runs", type=int, default=None,
                    help="timed passes over the Korf instances (median); default 3 with "
                    "--korf100, else 1")
    ap.add_argument("--pdb", default=None,
                    help="15-puzzle tables for the Korf runs, e.g. 6-6-3 (default 7-8)")
    ap.add_argument("--count", choices=COUNT_CHOICES, help=argparse.SUPPRESS)
    ap.add_argument("--events-only", action="store_true",
                    help="only the cost of the search events (events off and on)")
    ap.add_argument("--record", action="store_true",
                    help="with --events-only: write its table into docs/sliding-tile.md")
    a = ap.parse_args()
    if a.count:
        count_main(a.count)
        return
    if a.events_only:
        events_table(a.runs, a.record)
        return
    print(f"# tiles_bench  ({time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cpus, "
          f"load {os.getloadavg()[0]:.2f})\n")
    if not (a.korf_only or a.korf100):
        seed_table(a.runs)
        events_table(a.runs, False)
    if a.skip_korf:
        return
    runs = a.korf_runs or (3 if a.korf100 else 1)
    path = KORF_SAMPLE if a.korf_sample else (KORF100 if a.korf100 else a.korf)
    run = run_korf(path, runs, a.pdb)
    if run is None:
        return
    label = (f"Korf's 15-puzzles ({len(run.rows)} instances from {path.name}, goal blank-first "
             "as given)")
    if a.korf100:
        korf_summary(run, runs, label)
        korf_instances(run, runs)
    else:
        korf_instances(run, runs)
        korf_summary(run, runs, label)


if __name__ == "__main__":
    main()
