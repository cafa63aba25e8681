"""Start-up: how long whole `puzzlereel` commands take, against their targets.

Every command runs as a fresh process (``python -m puzzlereel ...``), interleaved with
the others so that they all see the same machine load; the table gives the median of
``--runs`` runs, the floor (``python3 -c pass`` measured in the same run) and the peak
memory.  The compiled search code is warmed into the user cache first, so the figures
are what a user sees from the second run on.  Bytecode is cached too, as it is after
``pip install .`` or any first run: the children run without ``PYTHONDONTWRITEBYTECODE``
(a shell that sets it would otherwise recompile the project's modules from source on
every run, about 0.06 s more per command on this machine).

Usage::

    python benchmarks/startup_bench.py              # 10 runs each
    python benchmarks/startup_bench.py --runs 20
"""

from __future__ import annotations

import argparse
import os
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


if __name__ == "__main__":
    main()
