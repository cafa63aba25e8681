"""The batch manifest's cost over a whole run: recording N configs one after another.

A run records each config in the manifest as it finishes (``Manifest.changed``), which
writes the file only when a sixteenth of its entries changed or a few seconds went by.
The reference is writing the whole file after every config (``Manifest.save`` each
time), which is quadratic in N.  Each entry is the size of a real one (three outputs);
the table gives the seconds of recording all N, and their ratio.

Usage::

    python benchmarks/manifest_bench.py                 # 200 and 2,000 configs
    python benchmarks/manifest_bench.py --sizes 200 2000 10000
"""

from __future__ import annotations

import argparse
import tempfile
import time

from puzzlereel.ground.manifest import ConfigRecord, Manifest, OutputRecord


def entry(i: int) -> ConfigRecord:
    made = {"config": "a" * 64, "trace": "b" * 64, "render": "c" * 64, "puzzlereel": "0.1.0"}
    outputs = {kind: OutputRecord(f"c{i}.{kind}", "0" * 64, 123_456, made)
               for kind in ("jsonl", "mp4", "gif")}
    return ConfigRecord(f"configs/c{i}.toml", "solved", "81 moves", 81, 1.0, "A title",
                 "sliding-block", "What the puzzle asks, in one sentence.", "", outputs,
                 f"/abs/configs/c{i}.toml")


def record(n: int, every_config: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        manifest = Manifest(folder)
        t0 = time.perf_counter()
        for i in range(n):
            manifest.entries[f"c{i}"] = entry(i)
            if every_config:
                manifest.save()
            else:
                manifest.changed()
        manifest.flush()
        return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 2000])
    args = parser.parse_args()
    print(f"{'configs':>8}  {'every config (s)':>16}  {'as changed (s)':>14}  {'ratio':>6}")
    for n in args.sizes:
        reference = record(n, every_config=True)
        ours = record(n, every_config=False)
        print(f"{n:>8,}  {reference:>16.2f}  {ours:>14.2f}  {ours / reference:>6.3f}")


if __name__ == "__main__":
    main()
