"""Start-up: how long whole `puzzlereel` commands take, against their targets.

Every command runs as a fresh process (``python -m puzzlereel ...``), interleaved with
the others so that they all see the same machine load; the table gives the median of
``--runs`` runs, the floor (``python3 -c pass`` measured in the same run) and the peak
memory.  The compiled search code is warmed into the user cache first, so the figures
are what a user sees from the second run on.  Bytecode is cached too, as it is after
``pip install .`` or any first run: the children run without ``PYTHONDONTWRITEBYTECODE``
(a shell that sets it would otherwise recompile the project's modules from source on
every run, about 0.06 s more per command on this machine).

Then, when SBCL and the seed's Lisp drivers are at hand (``--peers``, default
$TMPDIR/puzzlereel-peers, as ``shared/bench/peers/run_peers.sh`` leaves them), the whole
``puzzlereel solve hakoiri-musume`` process against the whole ``sbcl --script
drivers/hako_q01.lisp`` process (M. Hiroi's ``hako.lisp`` on the same puzzle): the medians
of ``--pairs`` interleaved pairs and their ratio, against the target of 3.0.

Usage::

    python benchmarks/startup_bench.py              # 10 runs each, 7 pairs
    python benchmarks/startup_bench.py --runs 20 --pairs 15 --peers /tmp/puzzlereel-peers
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, peak resident MB) of one run of ``cmd`` (the peak of that process
    alone, from ``wait4``)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    proc.stderr.close()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode()[-500:]}")
    return seconds, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--pairs", type=int, default=7)
    ap.add_argument("--peers", type=Path,
                    default=Path(tempfile.gettempdir()) / "puzzlereel-peers")
    args = ap.parse_args()
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    work = Path(tempfile.mkdtemp(prefix="puzzlereel-startup-"))
    py = sys.executable
    me = [py, "-m", "puzzlereel"]
    hakoiri = str(ROOT / "configs" / "hakoiri-musume.toml")
    eight = str(ROOT / "configs" / "eight-puzzle.toml")
    trace = str(work / "hakoiri.jsonl")
    # warms the compiled-code cache and the bytecode
    subprocess.run([*me, "solve", hakoiri, "-o", trace], check=True, env=env)
    subprocess.run([*me, "solve", eight, "-o", os.devnull], check=True, env=env)
    cases: list[tuple[str, list[str], float | None]] = [
        ("python3 -c pass (floor)", [py, "-c", "pass"], None),
        ("python3 -c 'import puzzlereel'", [py, "-c", "import puzzlereel"], 0.15),
        ("puzzlereel --help", [*me, "--help"], 0.25),
        ("puzzlereel --version", [*me, "--version"], 0.25),
        ("puzzlereel validate hakoiri.jsonl", [*me, "validate", trace], 0.30),
        ("puzzlereel show hakoiri.jsonl", [*me, "show", trace], 0.30),
        ("puzzlereel solve hakoiri-musume.toml -o t.jsonl",
         [*me, "solve", hakoiri, "-o", str(work / "t.jsonl")], 0.50),
        ("puzzlereel solve eight-puzzle.toml -o t.jsonl",
         [*me, "solve", eight, "-o", str(work / "t8.jsonl")], 0.50),
        ("puzzlereel render hakoiri.jsonl -o sheet.png",
         [*me, "render", trace, "-o", str(work / "sheet.png")], None),
    ]
    for _, cmd, _ in cases:                       # bytecode of every command's modules
        subprocess.run(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, check=True)
    times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    peaks: dict[str, float] = {name: 0.0 for name, _, _ in cases}
    for _ in range(args.runs):
        for name, cmd, _ in cases:
            seconds, peak = timed(cmd, work, env)
            times[name].append(seconds)
            peaks[name] = max(peaks[name], peak)
    floor = statistics.median(times[cases[0][0]])
    print(f"runs per command: {args.runs} (median); machine: {os.cpu_count()} cores; "
          f"python: {py}; bytecode cached")
    print("| command | median s | min s | target s | meets | minus floor s | peak MB |")
    print("|---|---:|---:|---:|---|---:|---:|")
    for name, _, target in cases:
        med = statistics.median(times[name])
        meets = "-" if target is None else ("yes" if med <= target else "NO")
        tgt = "-" if target is None else f"{target:.2f}"
        print(f"| {name} | {med:.3f} | {min(times[name]):.3f} | {tgt} | {meets} | "
              f"{med - floor:.3f} | {peaks[name]:.0f} |")

    against_sbcl(args.peers, args.pairs, env, work)


SBCL_TARGET = 3.0     # the whole solve, at most this many times SBCL's whole process


def against_sbcl(peers: Path, pairs: int, env: dict[str, str], work: Path) -> None:
    """``solve hakoiri-musume`` (the console script, as a user runs it) against the seed's
    Lisp program under SBCL, both as whole processes, in interleaved pairs."""
    driver = peers / "drivers" / "hako_q01.lisp"
    if shutil.which("sbcl") is None or not driver.is_file():
        print(f"\nno SBCL comparison: needs sbcl on PATH and {driver} "
              "(shared/bench/peers/run_peers.sh)")
        return
    script = Path(sys.executable).parent / "puzzlereel"
    ours_cmd = ([str(script)] if script.is_file() else [sys.executable, "-m", "puzzlereel"]
                ) + ["solve", "hakoiri-musume", "-o", os.devnull]
    sbcl_cmd = ["sbcl", "--script", str(driver)]
    ours, theirs = [], []
    for _ in range(pairs):
        ours.append(timed(ours_cmd, work, env)[0])
        theirs.append(timed(sbcl_cmd, peers, env)[0])
    o, t = statistics.median(ours), statistics.median(theirs)
    print(f"\nwhole processes, median of {pairs} interleaved pairs:")
    print("| command | median s | min s |")
    print("|---|---:|---:|")
    print(f"| puzzlereel solve hakoiri-musume | {o:.3f} | {min(ours):.3f} |")
    print(f"| sbcl --script hako_q01.lisp | {t:.3f} | {min(theirs):.3f} |")
    print(f"ratio {o / t:.2f} (target at most {SBCL_TARGET:.1f}: "
          f"{'yes' if o / t <= SBCL_TARGET else 'NO'})")


if __name__ == "__main__":
    main()
