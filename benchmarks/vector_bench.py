"""Vector output benchmarks: the animated SVG's size against the GIF of the same trace,
per family, and the time to write each.  Prints a table; run from the repository root:

    python benchmarks/vector_bench.py            # one config per family + 1,000 moves
    python benchmarks/vector_bench.py --json     # the same figures as JSON

For each config: the SVG's bytes, the gzip-compressed SVG's bytes (what a web server
sends), the GIF's bytes (``render`` with default options), GIF / SVG, the seconds to write
the SVG and the GIF (in this process, the trace already solved and held in memory), and
the HTML player's bytes.  Last, a 1,000-move sliding-tile trace (a random walk out and
back, then home): its SVG must stay under 1 MB.  ``render_bench.py`` calls ``table()``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# one config per family: blocks, tiles, pegs, queens, Mastermind, the equations
CONFIGS = ["hakoiri-musume", "eight-puzzle", "english", "n-queens-8", "mastermind-knuth",
           "send-more-money", "komachi-100", "oomachi"]


def solved(name: str) -> str:
    """The trace of ``configs/<name>.toml`` (solved now, in this process)."""
    from puzzlereel.actions.solve import solve_events
    from puzzlereel.catalog.puzzles import load_puzzle
    from puzzlereel.solvers.base import SolveOptions
    from puzzlereel.trace import write_trace

    loaded = load_puzzle(ROOT / "configs" / f"{name}.toml")
    out = io.StringIO()
    write_trace(solve_events(loaded, SolveOptions()), out)
    return out.getvalue()


def long_walk(moves: int = 1000, seed: int = 13) -> str:
    """A valid 4x4 sliding-tile trace of ``moves`` moves ending solved (not optimal)."""
    rng = random.Random(seed)
    goal = list(range(1, 16)) + [0]

    def walk(board: list[int], n: int) -> list[int]:
        out: list[int] = []
        last = None
        for _ in range(n):
            b = board.index(0)
            r, c = divmod(b, 4)
            near = [p for p in (b - 1 if c else -1, b + 1 if c < 3 else -1, b - 4, b + 4)
                    if 0 <= p < 16 and board[p] != last]
            p = rng.choice(near)
            board[b], board[p] = board[p], 0
            out.append(board[b])
            last = board[b]
        return out

    start = goal[:]
    scramble = walk(start, 300)
    away = walk(start[:], (moves - 300) // 2)
    path = away + away[::-1] + scramble[::-1]
    lines = [json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                         "puzzle": "sliding-tile", "title": "A long walk", "rows": 4, "cols": 4,
                         "tiles": start, "goal": goal, "moves": len(path)})]
    lines += [json.dumps({"type": "move", "n": n, "tile": t}) for n, t in enumerate(path, 1)]
    lines.append(json.dumps({"type": "end", "status": "solved", "moves": len(path)}))
    return "\n".join(lines) + "\n"


def measure(name: str, trace: str, folder: Path, gif: bool = True) -> dict[str, Any]:
    from puzzlereel.render.api import render_trace
    from puzzlereel.render.options import RenderOptions

    options = RenderOptions()
    svg, html, gif_path = folder / f"{name}.svg", folder / f"{name}.html", folder / f"{name}.gif"
    t0 = time.perf_counter()
    render_trace(io.StringIO(trace), name, [("svg", svg)], options)
    svg_s = time.perf_counter() - t0
    render_trace(io.StringIO(trace), name, [("html", html)], options)
    row: dict[str, Any] = {"config": name, "svg_bytes": svg.stat().st_size,
                           "svg_gzip_bytes": len(gzip.compress(svg.read_bytes(), 9)),
                           "svg_seconds": round(svg_s, 3), "html_bytes": html.stat().st_size}
    if gif:
        t0 = time.perf_counter()
        render_trace(io.StringIO(trace), name, [("gif", gif_path)], options)
        row["gif_seconds"] = round(time.perf_counter() - t0, 3)
        row["gif_bytes"] = gif_path.stat().st_size
        row["gif_per_svg"] = round(row["gif_bytes"] / row["svg_bytes"], 1)
    return row


def table(quick: bool = False) -> list[dict[str, Any]]:
    """The benchmark's rows (``render_bench.py`` prints them too)."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in CONFIGS[:3] if quick else CONFIGS:
            rows.append(measure(name, solved(name), Path(tmp)))
        rows.append(measure("1000-move walk", long_walk(1000), Path(tmp), gif=not quick))
    return rows


def show(rows: list[dict[str, Any]]) -> None:
    head = (f"{'config':<18} {'SVG':>10} {'SVG.gz':>9} {'GIF':>10} {'GIF/SVG':>8} "
            f"{'SVG s':>7} {'GIF s':>7} {'HTML':>9}")
    print(head)
    print("-" * len(head))
    for r in rows:
        gif = f"{r['gif_bytes']:>10,}" if "gif_bytes" in r else f"{'-':>10}"
        ratio = f"{r['gif_per_svg']:>7}x" if "gif_per_svg" in r else f"{'-':>8}"
        gs = f"{r['gif_seconds']:>7.2f}" if "gif_seconds" in r else f"{'-':>7}"
        print(f"{r['config']:<18} {r['svg_bytes']:>10,} {r['svg_gzip_bytes']:>9,} {gif} "
              f"{ratio} {r['svg_seconds']:>7.2f} {gs} {r['html_bytes']:>9,}")
    hakoiri = next((r for r in rows if r["config"] == "hakoiri-musume"), None)
    if hakoiri and "gif_bytes" in hakoiri:
        ok = hakoiri["svg_bytes"] * 5 <= hakoiri["gif_bytes"]
        print(f"\nHakoiri Musume: SVG is 1/{hakoiri['gif_per_svg']} of its GIF "
              f"(target <= 1/5: {'ok' if ok else 'MISSED'}); gzip: "
              f"{hakoiri['svg_gzip_bytes']:,} bytes")
    walk = next((r for r in rows if r["config"] == "1000-move walk"), None)
    if walk:
        print(f"1,000-move trace: SVG {walk['svg_bytes'] / 1e6:.2f} MB (target <= 1 MB: "
              f"{'ok' if walk['svg_bytes'] <= 1_000_000 else 'MISSED'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="three configs, no long GIF")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rows = table(args.quick)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        show(rows)


if __name__ == "__main__":
    main()
