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


def analysis_lines(result: Mapping[str, Any], *, as_json: bool) -> Iterator[str]:
    """``analyze``'s output: one JSON object, or ``key: value`` lines (long values cut)."""
    if as_json:
        yield json.dumps(result)
        return
    for key, value in result.items():
        text = json.dumps(value)
        if len(text) > 200:
            text = text[:197] + "..."
        yield f"{key}: {text}"


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
           "analyze", "analyze_config", "plot_analysis"]
