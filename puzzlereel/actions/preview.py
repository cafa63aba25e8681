"""One frame of a solution, drawn exactly as ``render`` would draw it, for tuning the look.

``puzzlereel preview`` picks one moment of the video — the opening (the start position
with its title), the position after move N, the frame shown at a time, or the ending
(the last position with the result) — and writes that frame as a PNG.  It plans the
renderer's own film of the trace (the same scene, timeline, options and header hints as
``render``; ``render.still``) and draws that one frame alone, which is the very frame
the encoder would receive: a frame is a pure function of time, so no other frame is
drawn.  From a config it solves first (into a temporary trace, or the
file ``--trace`` names).
"""

from __future__ import annotations

import contextlib
import math
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import numpy as np

from puzzlereel.actions.draw import render_options
from puzzlereel.actions.flags import within
from puzzlereel.actions.show import open_trace
from puzzlereel.actions.solve import check_outcome, solve_to
from puzzlereel.catalog.puzzles import config_path, load_puzzle
from puzzlereel.ground.config import Config, load_config
from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.fileio import atomic_path, guarded
from puzzlereel.ground.filenames import safe_name
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.ground.words import plural
from puzzlereel.render import still
from puzzlereel.render.direction.plan import Plan
from puzzlereel.render.film.timeline import MOVE
from puzzlereel.render.options import RenderOptions


@dataclass(frozen=True)
class Moment:
    """Which frame: ``"title"`` (the opening: the start position with the title),
    ``"move"`` (after move ``value``), ``"time"`` (the frame shown at ``value``
    seconds), ``"end"`` (the ending: the last position with the result, before a GIF's
    return to its start) or ``"phase"`` (the first frame of the phase ``name``:
    ``payoff``, ``hold``, ``end``...)."""

    kind: str
    value: float = 0.0
    name: str = ""

    def __str__(self) -> str:
        if self.kind == "move":
            return f"move {int(self.value)}"
        if self.kind == "time":
            return f"{self.value:g} s"
        if self.kind == "phase":
            return self.name
        return self.kind


@dataclass(frozen=True)
class Asked:
    """How messages name the ways of asking for a frame: the command line's flags
    (``--move 60``) or, from ``source``, a function's keywords (``frame(): move=60``)."""

    source: str | None = None
    prefix: str = "--"
    joiner: str = " "

    def name(self, key: str) -> str:
        return self.prefix + key

    def given(self, key: str, value: object) -> str:
        return f"{self.prefix}{key}{self.joiner}{value}"


FLAGS = Asked()
KEYWORDS = Asked(source="frame()", prefix="", joiner="=")     # Solution.frame's


def moment(move: int | None = None, time: float | None = None, title: bool = False,
           end: bool = False, *, asked: Asked = FLAGS) -> Moment:
    """The frame the options ask for (``UsageError`` for more than one, naming them as
    ``asked`` does); by default the start position (move 0)."""
    given = [asked.name(name) for name, on in (("move", move is not None),
                                               ("time", time is not None),
                                               ("title", title), ("end", end)) if on]
    if len(given) > 1:
        choices = ", ".join(asked.name(name) for name in ("move", "time", "title", "end"))
        raise UsageError(f"give one of {choices}", source=asked.source,
                         field=" and ".join(given))
    if move is not None:
        return Moment("move", within("move", move))
    if time is not None:
        return Moment("time", within("time", time))
    if title:
        return Moment("title")
    if end:
        return Moment("end")
    return Moment("move", 0)


@dataclass(frozen=True)
class Frame:
    """The frame drawn: its pixels (height, width, 3) RGB, its index in the video and the
    time it is shown at."""

    pixels: np.ndarray
    index: int
    fps: int

    @property
    def seconds(self) -> float:
        return self.index / self.fps


def frame_index(plan: Plan, when: Moment, asked: Asked = FLAGS) -> int:
    """The frame of ``plan`` that ``when`` names (a usage error naming it as ``asked``
    does when there is none)."""
    index: int | None
    if when.kind == "title":
        index = plan.first("title")
    elif when.kind == "time":
        index = int(math.floor(when.value * plan.fps + 1e-9))
    elif when.kind == "move":
        move = int(when.value)
        if move == 0:
            index = plan.before_moves()
            index = plan.first("start") if index is None else index
        else:
            index = shown_moves(plan).get(move)
        if index is None:
            raise UsageError(_not_shown(plan, move, asked), source=asked.source,
                             field=asked.given("move", move))
    elif when.kind == "phase":
        index = plan.first(when.name)
        if index is None:
            raise UsageError(f"this video has no {when.name} phase", source=asked.source,
                             field=asked.name(when.name))
    else:
        index = plan.ending_frame()
    return min(max(0, index if index is not None else 0), max(0, plan.total_frames - 1))


def shown_moves(plan: Plan) -> dict[int, int]:
    """Each number of the counter's last word (the solutions after N-Queens' steps) that
    the video shows on its own, and the frame that shows it: the last of its beat."""
    frames: dict[int, int] = {}
    n = 0
    for phase, count in zip(plan.phases, plan.counts, strict=True):
        n += count
        if phase.kind == MOVE and phase.step is not None and plan.beats[phase.step].move:
            number, word = plan.shown[phase.step]
            if word == plan.final_word:
                frames[number] = n - 1
    return frames


def ranges(numbers: list[int]) -> str:
    """Sorted ``numbers`` as runs: "1–4, 12, 20"."""
    runs: list[list[int]] = []
    for k in numbers:
        if runs and k == runs[-1][-1] + 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r))
                     for r in runs)


def _not_shown(plan: Plan, move: int, asked: Asked) -> str:
    """Why ``move`` names no frame, and which do."""
    if move > plan.moves:
        return f"the trace's counter stops at {plan.moves}"
    word = plan.final_word.lower()
    return (f"the video shows {word} {move} only in a run of several at once; it shows "
            f"{plural(word, 2)} {ranges(sorted(shown_moves(plan)))} on their own "
            f"(or give {asked.name('time')})")


def draw_frame(stream: IO[Any], source: str, options: RenderOptions, when: Moment, *,
               explicit: frozenset[str] | set[str] = frozenset(),
               allow_partial: bool = False, gif: bool = False, asked: Asked = FLAGS) -> Frame:
    """The frame ``when`` of the trace in ``stream``, as ``render`` draws it: the MP4's
    frame (side panel), or with ``gif`` the GIF's (compact, at the GIF's frame rate);
    a frame there is not is a ``UsageError`` naming it as ``asked`` does."""

    def check(opts: RenderOptions) -> None:
        if when.kind == "title" and not (opts.title and opts.title_seconds != 0):
            raise UsageError("this video opens without its title (title is off)",
                             source=asked.source, field=asked.name("title"))

    director = still.direct(stream, source, options, explicit=explicit,
                            allow_partial=allow_partial, fmt="gif" if gif else "mp4",
                            check=check)
    plan = director.plan
    assert plan is not None
    index = frame_index(plan, when, asked)
    return Frame(still.frame_at(director, index), index, plan.fps)


def write_frame(frame: Frame, output: str | Path) -> None:
    """The frame as a PNG at ``output`` (atomically)."""
    from puzzlereel.render.encoders.png import write_png

    height, width, _ = frame.pixels.shape
    with atomic_path(output) as tmp:
        write_png(tmp, width, height, [frame.pixels])


def check_output(output: str | Path) -> Path:
    """``-o`` must name a ``.png`` file (or a device or pipe: ``-o /dev/null``)."""
    path = Path(output)
    if path.suffix.lower() != ".png" and not is_stream(path):
        raise UsageError(f"-o: preview writes a PNG; {str(output)!r} does not end in .png")
    return path


def is_config(arg: str) -> bool:
    """Whether ``preview``'s input is a config (a ``.toml`` file, or a bundled example's
    name when no such file exists) rather than a trace."""
    if arg == "-":
        return False
    path = Path(arg)
    if path.suffix.lower() == ".toml":
        return True
    if path.exists():
        return False
    return path.suffix == ""   # a bundled example's name (or a missing config: say so)


@dataclass(frozen=True)
class Preview:
    """What ``preview`` drew and where it came from."""

    frame: Frame
    output: Path
    trace: Path | None      # the trace solved on the way (kept with --trace)


@contextlib.contextmanager
def _trace_for(config_arg: str, keep: str | Path | None, flags: Mapping[str, Any],
               progress: Progress) -> Iterator[tuple[Path, Config, RenderOptions, frozenset[str]]]:
    """Solve the config into a trace (a temporary one unless ``keep``); yield the trace,
    the config and the render options from its ``[render]`` table and ``flags``."""
    from puzzlereel.solvers.base import SolveOptions

    loaded = load_puzzle(config_arg)
    options, explicit = render_options(loaded.config, flags)
    with tempfile.TemporaryDirectory(prefix="puzzlereel-preview-") as folder:
        trace = Path(folder) / f"{safe_name(loaded.config.name)}.jsonl"
        end = solve_to(loaded, trace, SolveOptions(progress=progress))
        if keep is not None:           # kept as solved (also when it has no solution)
            with atomic_path(keep) as kept, open(trace, "rb") as source, \
                    open(kept, "wb") as sink:
                shutil.copyfileobj(source, sink)
        check_outcome(end, loaded.config.path)
        progress("drawing the frame", 0, None)      # the search is over
        yield trace, loaded.config, options, explicit


def preview(arg: str, output: str | Path, when: Moment, flags: Mapping[str, Any], *,
            config: str | Path | None = None, keep_trace: str | Path | None = None,
            stdin: IO[Any] | None = None, progress: Progress = no_progress,
            gif: bool = False) -> Preview:
    """Draw one frame of ``arg`` (a trace, ``-``, a config or a bundled example's name)
    into the PNG ``output``, with ``render``'s options: the config's ``[render]`` table
    (``config`` for a trace) and then ``flags``; ``gif``: the GIF's frame."""
    out = check_output(output)
    if is_config(arg) and config is not None:
        raise UsageError("--config: give it with a trace; a config brings its own "
                         "[render] table")
    if not is_config(arg) and keep_trace is not None:
        raise UsageError("--trace: only with a config (the input is already a trace)")
    source = config_path(arg) if is_config(arg) else arg
    config_file = config_path(config) if config is not None else None
    inputs = [source] + ([config_file] if config_file is not None else [])
    outputs = [out] + ([keep_trace] if keep_trace is not None else [])
    with guarded(inputs=inputs, outputs=outputs):
        frame, kept = _frame_of(arg, when, flags, config_file, keep_trace, stdin, progress,
                                gif)
        write_frame(frame, out)
    return Preview(frame, out, kept)


def _frame_of(arg: str, when: Moment, flags: Mapping[str, Any], config: Path | None,
              keep_trace: str | Path | None, stdin: IO[Any] | None, progress: Progress,
              gif: bool) -> tuple[Frame, Path | None]:
    """The frame of ``arg`` (a trace or a config solved on the way), and the trace kept."""
    if is_config(arg):
        with _trace_for(arg, keep_trace, flags, progress) as (trace, cfg, options, explicit):
            named = str(keep_trace) if keep_trace is not None else f"{cfg.path} (its trace)"
            with open_trace(str(trace)) as (stream, _):
                frame = draw_frame(stream, named, options, when, explicit=explicit, gif=gif)
            return frame, Path(keep_trace) if keep_trace is not None else None
    given = load_config(config) if config is not None else None
    options, explicit = render_options(given, flags)
    with open_trace(arg, stdin) as (stream, name):
        return draw_frame(stream, name, options, when, explicit=explicit, gif=gif), None


__all__ = ["FLAGS", "KEYWORDS", "Asked", "Frame", "Moment", "Preview", "check_output",
           "draw_frame", "is_config", "moment",
           "preview", "ranges", "shown_moves", "write_frame"]
