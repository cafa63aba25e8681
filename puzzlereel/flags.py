"""Command-line values made into the program's options: the render options given, by
``[render]`` key; a memory size; the search's options; ``import``'s options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzlereel.config import parse_size
from puzzlereel.errors import UsageError
from puzzlereel.progress import Progress, no_progress

if TYPE_CHECKING:
    from puzzlereel.importers import KlotskiOptions, TileOptions
    from puzzlereel.solvers.base import SolveOptions


def render_flags(fps: int | None, gif_fps: int | None, size: str | None, cell: int | None,
                 speed: float | None, pause: float | None, easing: str | None,
                 theme: str | None, no_title: bool, no_counter: bool, no_labels: bool,
                 crf: int | None, duration: float | None = None, *,
                 target: str | None = None, search: bool | None = None,
                 sound: bool | None = None) -> dict[str, Any]:
    """The render options given on the command line, by ``[render]`` key (None: not given)."""
    return {"fps": fps, "gif_fps": gif_fps, "size": size, "cell": cell, "speed": speed,
            "pause": pause, "easing": easing, "theme": theme,
            "title": False if no_title else None, "counter": False if no_counter else None,
            "labels": False if no_labels else None, "crf": crf, "duration": duration,
            "target": target, "search": search, "sound": sound}


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

    return SolveOptions(max_states=max_states, algorithm=algorithm, progress=progress,
                        farthest=farthest, max_memory=memory_size(max_memory))



def import_options(fmt: str, *, blank: str | None = None, size: str | None = None,
                   skip: int | None = None, with_moves: bool = False, pdb: str | None = None,
                   piece: str | None = None, at: str | None = None,
                   metric: str | None = None) -> tuple[TileOptions, KlotskiOptions]:
    """``import FORMAT``'s options, each checked, and a ``UsageError`` for an unknown
    format or an option given that is not the format's."""
    from puzzlereel import importers

    if fmt not in importers.FORMATS:
        raise UsageError(f"FORMAT: {fmt!r} is not one of: {', '.join(importers.FORMATS)}")
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

__all__ = ["import_options", "memory_size", "render_flags", "solve_options"]
