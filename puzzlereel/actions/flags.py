"""Command-line values made into the program's options: a memory size; the search's
options; ``import``'s options; and the one table of ranges of the counts and times that
are not render options (``LIMITS``), which the command line and the Python API both check
with ``within``.  The render options given come by ``[render]`` key
(``puzzlereel.cli.parameters.with_render_flags``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from puzzlereel.ground.config import parse_size
from puzzlereel.ground.errors import UsageError, quoted
from puzzlereel.ground.progress import Progress, no_progress

if TYPE_CHECKING:
    from puzzlereel.catalog.importers import KlotskiOptions, TileOptions
    from puzzlereel.solvers.base import SolveOptions


MAX_FLAG_COUNT = 2**63 - 1     # the largest count the search kernels hold (a signed 64-bit integer)
MAX_JOBS = 1024           # processes `run --jobs` starts at most
MAX_TIME = 1e6            # seconds: a moment of a video (far beyond any video's end)

# The counts and times the command line and the Python API take besides render options
# (``render.options.RANGES``): the smallest and the largest value, whole numbers where
# the low end is an ``int``.  docs/cli-and-config.md lists them.
LIMITS: dict[str, tuple[int | float, int | float]] = {
    "max_states": (1, MAX_FLAG_COUNT),
    "jobs": (1, MAX_JOBS),
    "move": (0, MAX_FLAG_COUNT),
    "time": (0.0, MAX_TIME),
}


def flag_of(key: str) -> str:
    """The command-line option of a ``LIMITS`` key: ``--max-states``."""
    return "--" + key.replace("_", "-")


def within(key: str, value: Any, *, name: str | None = None,
           source: str | None = None) -> Any:
    """``value`` if it is in ``LIMITS[key]`` (None passes: not given), else a
    ``UsageError`` naming it as ``name`` (default: its option, ``--max-states``) and
    quoting the value short (an integer of 100 digits by its size)."""
    if value is None:
        return None
    low, high = LIMITS[key]
    whole = isinstance(low, int)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (
            whole and not isinstance(value, int)):
        kind = "a whole number" if whole else "a number"
        raise UsageError(f"expected {kind}, got {quoted(value)}", source=source,
                         field=name or flag_of(key))
    measured_in = "" if whole else " seconds"
    if isinstance(value, float) and math.isnan(value):
        raise UsageError("expected a number, got nan", source=source,
                         field=name or flag_of(key))
    if value < low:
        raise UsageError(f"must be >= {_figure(low)}{measured_in}, got {_figure(value)}",
                         source=source, field=name or flag_of(key))
    if value > high:
        raise UsageError(f"must be at most {_figure(high)}{measured_in}, got {_figure(value)}",
                         source=source, field=name or flag_of(key))
    return value


def _figure(value: int | float) -> str:
    """A number of a message, short: "1,000,000", "2.5", "1e+308", "nan"."""
    if isinstance(value, float):
        return f"{value:,.0f}" if value.is_integer() and abs(value) < 1e15 else f"{value:.3g}"
    return quoted(value) if abs(value) >= 10**20 else f"{value:,}"


def memory_size(text: str | None) -> int | None:
    """``--max-memory SIZE`` in bytes (None: not given), or a ``UsageError`` naming it."""
    if text is None:
        return None
    try:
        return parse_size(text)
    except ValueError as exc:
        raise UsageError(f"--max-memory: {exc}") from None


def solve_options(max_states: int | None, algorithm: str | None,
                  progress: Progress = no_progress, farthest: bool = False,
                  max_memory: str | None = None) -> SolveOptions:
    """The search's options from ``--max-states``, ``--algorithm``, ``--farthest`` and
    ``--max-memory``."""
    from puzzlereel.solvers.base import SolveOptions

    return SolveOptions(max_states=within("max_states", max_states), algorithm=algorithm,
                        progress=progress,
                        farthest=farthest, max_memory=memory_size(max_memory))



def import_options(fmt: str, *, blank: str | None = None, size: str | None = None,
                   skip: int | None = None, with_moves: bool = False, pdb: str | None = None,
                   piece: str | None = None, at: str | None = None,
                   metric: str | None = None) -> tuple[TileOptions, KlotskiOptions]:
    """``import FORMAT``'s options, each checked, and a ``UsageError`` for an unknown
    format or an option given that is not the format's."""
    from puzzlereel.catalog import importers

    if fmt not in importers.IMPORT_FORMATS:
        raise UsageError(f"FORMAT: {fmt!r} is not one of: {', '.join(importers.IMPORT_FORMATS)}")
    given = {"--blank": blank is not None, "--size": size is not None,
             "--skip": skip is not None, "--with-moves": with_moves, "--pdb": pdb is not None,
             "--piece": piece is not None, "--at": at is not None,
             "--metric": metric is not None}
    theirs = {"tiles": ("--blank", "--size", "--skip", "--with-moves", "--pdb"),
              "klotski": ("--piece", "--at", "--metric")}
    for option, on in given.items():
        if on and option not in theirs.get(fmt, ()):
            raise UsageError(f"{option}: not an option of `import {fmt}`")
    shape = importers.parse_size(size) if size is not None else None
    tiles = importers.TileOptions(
        blank=importers.check_blank(blank or "last"), size=shape, skip=skip or 0,
        with_moves=with_moves,
        pdb=None if pdb is None else importers.check_pdb(
            pdb, shape[0] * shape[1] if shape else None))
    klotski = importers.KlotskiOptions(
        piece=piece, at=importers.parse_at(at) if at is not None else None,
        metric=importers.check_metric(metric or "piece"))
    return tiles, klotski

__all__ = ["LIMITS", "MAX_FLAG_COUNT", "MAX_JOBS", "MAX_TIME", "flag_of", "import_options",
           "memory_size", "solve_options", "within"]
