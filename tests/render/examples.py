"""The example configs' traces for the render tests, with each config's own render options.

A trace is read from ``tests/render/data/<config name>.jsonl`` where one is stored, else
solved on the spot (once per test session).  Stored are the traces whose search takes
long or first builds a pattern database (English board in 18 moves, the 11- and
15-puzzles) and the ones the counter tests read (one config per scene), so that the
scene tests run without loading any solver.  A stored trace is the solver's output:
``puzzlereel solve configs/<name>.toml -o tests/render/data/<name>.jsonl``.

Import it as ``tests.render.examples``.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

from puzzlereel.actions.draw import render_options
from puzzlereel.actions.solve import solve_events
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.render.options import RenderOptions
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import write_trace
from tests.fixtures import CONFIGS

STORED = Path(__file__).resolve().parent / "data"   # <config name>.jsonl
EXAMPLES = sorted(CONFIGS.glob("*.toml"))


@functools.cache
def example_trace(config: Path) -> str:
    """The trace of an example config: the stored one, else the solver's answer now."""
    stored = STORED / f"{config.stem}.jsonl"
    if stored.exists():
        return stored.read_text(encoding="utf-8")
    loaded = load_puzzle(config)
    out = io.StringIO()
    write_trace(solve_events(loaded, SolveOptions()), out)
    return out.getvalue()


def example_options(config: Path, **flags: object) -> tuple[RenderOptions, frozenset[str]]:
    """The config's render options (its ``[render]`` table, then ``flags``) and the names
    it sets, as ``render`` and ``run`` get them."""
    return render_options(load_puzzle(config).config, flags)


__all__ = ["EXAMPLES", "STORED", "example_options", "example_trace"]
