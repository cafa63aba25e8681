"""``analyze``: a puzzle's whole search space explored, its figures printed, drawn as a
chart in the style of a video's "how it was found" segment, and grown as a video."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlereel.actions.flags import solve_options
from puzzlereel.actions.solve import LimitReached
from puzzlereel.catalog.puzzles import Loaded, config_path, load_puzzle
from puzzlereel.ground.errors import EXIT_LIMIT, EXIT_UNSOLVABLE, UsageError
from puzzlereel.ground.fileio import guarded
from puzzlereel.ground.interrupts import run_stoppable
from puzzlereel.ground.progress import Reporter

if TYPE_CHECKING:
    from puzzlereel.solvers.base import Analysis, SolveOptions


def analyze(loaded: Loaded[Any], options: SolveOptions) -> Analysis:
    """The family's exploration of the puzzle's whole space (``analyze --json``)."""
    return loaded.solver.analyze(loaded.puzzle, options)


def analysis_story(loaded: Loaded[Any], result: Mapping[str, Any]) -> Any:
    """``result`` as the renderer's chart: the whole space layer by layer when the
    analysis explored it breadth first (its start and farthest positions marked), else
    the family's own series (guesses per secret, solutions per placement...).  With no
    series, a search a limit stopped is ``LimitReached`` (exit 4), any other a
    ``UsageError``."""
    from puzzlereel.render.direction.search import Bar, Story, space_story
    from puzzlereel.trace import Search

    events = result.get("search")
    if isinstance(events, list) and events:
        told = space_story([Search.from_json(e) for e in events])
        if told is not None:
            return told
    series = loaded.solver.plot_series(result)
    if series is None and result.get("status") == "limit":
        raise LimitReached(f"{result.get('limit') or 'stopped by a limit'}; nothing to plot",
                           source=loaded.config.path)
    if series is None:
        raise UsageError("this puzzle type has nothing to plot", source=loaded.config.path)
    bars, total = [], 0
    for x, y in series.points:
        total += int(y)
        bars.append(Bar(int(y), str(x), count=f"{total:,} in all"))
    return Story("space", tuple(bars), False, series.xlabel, series.ylabel,
                 f"{series.title}: {total:,} in all.", heading="The analysis",
                 about=series.title)


def plot_analysis(loaded: Loaded[Any], result: Mapping[str, Any], path: str | Path) -> None:
    """Draw ``result`` as a PNG chart at ``path`` (atomically), in the style of a video's
    "how it was found" segment."""
    from puzzlereel.render.charts import chart_png
    from puzzlereel.render.options import RenderOptions

    chart_png(analysis_story(loaded, result), path, RenderOptions())


def analysis_video(loaded: Loaded[Any], result: Mapping[str, Any], path: str | Path) -> None:
    """The whole space growing layer by layer as a short video at ``path``."""
    from puzzlereel.render.charts import chart_video
    from puzzlereel.render.options import RenderOptions

    chart_video(analysis_story(loaded, result), path, RenderOptions())


WIDTH = 80          # columns the summary keeps within
FULL_LINES = 4      # a list or table longer than this many lines is counted, not listed


def _scalar(value: Any) -> str:
    """A number, word or flag as a person reads it: ``25,955``, ``sliding-block``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if value is None:
        return "none"
    return str(value)


def _compact(value: Any) -> str:
    """A value inside a list or table, on one line: ``[1, 4, 7]``, ``{3: 7, 4: 29}``
    (JSON without the quotes of its keys and words)."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    return "null" if value is None else str(value).lower() if isinstance(value, bool) \
        else str(value)


def _counted(value: list[Any] | Mapping[str, Any]) -> str:
    """What a list or table too long to list holds, in a few words (the numbers' least
    and greatest where they are all numbers)."""
    items = list(value.values() if isinstance(value, Mapping) else value)
    numbers = bool(items) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                  for v in items)
    text = f"{len(items):,} {'values' if numbers else 'entries'}"
    if numbers:
        text += f", from {_scalar(min(items))} to {_scalar(max(items))}"
    return text + " (--json lists them all)"


def _filled(words: list[str], room: int) -> list[str]:
    """``words`` joined by spaces into lines of at most ``room`` columns where each fits
    (a longer one alone on its line)."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 1 + len(word) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _value_lines(value: Any, room: int) -> list[str]:
    """``value`` in lines of at most ``room`` columns: a scalar as it is, a list or
    table whole where it takes at most ``FULL_LINES`` lines (wrapped between its
    entries), else counted; never cut."""
    if not isinstance(value, (list, tuple, Mapping)):
        return [_scalar(value)]
    entries = ([f"{k}: {_compact(v)}" for k, v in value.items()]
               if isinstance(value, Mapping) else [_compact(v) for v in value])
    ends = "{}" if isinstance(value, Mapping) else "[]"
    if not entries:
        return [ends]
    words = [entry + "," for entry in entries[:-1]] + [entries[-1]]
    words[0] = ends[0] + words[0]
    words[-1] += ends[1]
    lines = _filled(words, room)
    if len(lines) <= FULL_LINES and all(len(line) <= room for line in lines):
        return lines
    return [_counted(list(value) if isinstance(value, tuple) else value)]


def summary_lines(result: Mapping[str, Any]) -> Iterator[str]:
    """``analyze``'s summary for people: a line a figure, its name in words in a column
    of their own (``max depth``), numbers with thousands separators, a short list or
    table whole, wrapped within ``WIDTH`` columns, a long one counted."""
    labels = {key: str(key).replace("_", " ") for key in result}
    column = max(map(len, labels.values()), default=0) + 2
    for key, value in result.items():
        lines = _value_lines(value, max(WIDTH - column, 20))
        yield f"{labels[key]:<{column}}{lines[0]}".rstrip()
        yield from (" " * column + line for line in lines[1:])


def analysis_lines(result: Mapping[str, Any], *, as_json: bool) -> Iterator[str]:
    """``analyze``'s output: one JSON object, or ``summary_lines``."""
    if as_json:
        yield json.dumps(result)
        return
    yield from summary_lines(result)


def analysis_exit_code(result: Mapping[str, Any]) -> int:
    """0, or the exit code for an analysis that a limit cut short / found no solution."""
    return {"limit": EXIT_LIMIT, "unsolvable": EXIT_UNSOLVABLE}.get(result.get("status", ""), 0)


def analyze_config(config: str | Path, *, plot: str | Path | None = None,
                   video: str | Path | None = None, farthest: bool = False,
                   max_states: int | None = None, max_memory: str | None = None) -> Analysis:
    """``analyze``: explore ``config``'s space with a progress bar, stoppable by a signal
    at once; the chart too when ``plot`` names a PNG, and its video when ``video`` names
    an MP4, WebM or GIF."""
    path = config_path(config)
    if video is not None:                # a file that is no video: refused before the work
        from puzzlereel.render.charts import video_format

        video_format(video)
    drawn = [file for file in (plot, video) if file is not None]
    with guarded(inputs=[path], outputs=drawn):
        loaded = load_puzzle(path)
        with Reporter("analyze") as bar:
            options = solve_options(max_states, None, bar, farthest, max_memory)
            result = run_stoppable(lambda: analyze(loaded, options))
        if plot is not None:
            plot_analysis(loaded, result, plot)
        if video is not None:
            analysis_video(loaded, result, video)
    return result


__all__ = ["analysis_exit_code", "analysis_lines", "analysis_story", "analysis_video",
           "analyze", "analyze_config", "plot_analysis", "summary_lines"]
