"""The commands that draw a trace: ``render`` (every output in one pass) and ``preview``
(one frame as a PNG, exactly as ``render`` draws it)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlereel.actions.draw import render_files
from puzzlereel.cli import completion
from puzzlereel.cli.help_text import streamed, suffixes
from puzzlereel.cli.parameters import (
    NO_FLAGS,
    RenderFlags,
    TraceArg,
    file_path,
    text_path,
    with_render_flags,
)
from puzzlereel.ground import console, progress
from puzzlereel.ground.exits import friendly
from puzzlereel.ground.formats import LISTED


@friendly
@with_render_flags("render")
def render(
    trace: TraceArg,
    output: Annotated[list[Path], typer.Option("-o", "--output", metavar="FILE",
                                               help=f"Output file: {suffixes(LISTED)}; "
                                               "repeat to write several in one pass. "
                                               + streamed("-o"),
                                               parser=file_path)],
    config: Annotated[Path | None, typer.Option("--config", metavar="CONFIG",
                                                autocompletion=completion.configs,
                                                help="Take [render] options "
                                                "from this config file.", parser=file_path)]
    = None,
    partial: Annotated[bool, typer.Option("--partial", help="Render a trace that stops "
                                          "without its 'end' line instead of failing.")]
    = False,
    given: RenderFlags = NO_FLAGS,
) -> None:
    """Draw a trace as a video, a GIF, a contact sheet, subtitles, an SVG or a player.

    The format comes from the output's suffix. The layout follows the frame's shape:
    landscape (board beside a panel), portrait 9:16 or 4:5 (words above and below), square
    (a compact panel below). The trace is read as a stream and every move is checked; a bad
    trace exits 1 naming the line and leaves no output behind.

    Examples:

    \b
      puzzlereel render hakoiri.jsonl -o hakoiri.mp4
      puzzlereel solve hakoiri-musume | puzzlereel render - -o hakoiri.gif
      puzzlereel render hakoiri.jsonl -o s.mp4 --target shorts --sound --search
      puzzlereel render hakoiri.jsonl -o sheet.png -o s.gif --cell 24 --theme dark
      puzzlereel render hakoiri.jsonl -o fast.mp4 --speed 0.1 --no-title --fps 60
      puzzlereel render hakoiri.jsonl -o h.svg -o h.html -o h.vtt
    """
    console.summarise(render_files(trace, output, given, config=config,
                                   allow_partial=partial, stdin=sys.stdin))


@friendly
@with_render_flags("preview")
def preview(
    source: Annotated[str, typer.Argument(metavar="CONFIG_OR_TRACE", help="A trace ('-' = "
                                          "stdin), a config, or an example's name.",
                                          show_default=False, parser=text_path,
                                          autocompletion=completion.configs_or_traces)],
    output: Annotated[Path, typer.Option("-o", "--output", metavar="FILE",
                                         help="The PNG file to write.",
                                         parser=file_path)],
    move: Annotated[int | None, typer.Option("--move", metavar="N",
                                             help="The position after move N (0, "
                                             "the default: the start).")] = None,
    at_time: Annotated[float | None, typer.Option("--time", metavar="SECONDS",
                                                  help="The frame shown at this "
                                                  "many seconds into the video.")] = None,
    opening: Annotated[bool, typer.Option("--title", help="The opening: the start "
                                          "position with the title.")] = False,
    last: Annotated[bool, typer.Option("--end", help="The ending: the last position with "
                                       "the result.")] = False,
    gif: Annotated[bool, typer.Option("--gif", help="The GIF's frame (compact layout, at "
                                      "the GIF's frame rate) instead of the MP4's.")] = False,
    config: Annotated[Path | None, typer.Option("--config", metavar="CONFIG",
                                                autocompletion=completion.configs,
                                                help="With a trace: take "
                                                "[render] options from this config.",
                                                parser=file_path)] = None,
    trace: Annotated[Path | None, typer.Option("--trace", metavar="FILE",
                                               help="With a config: keep the "
                                               "solved trace in this file.",
                                               parser=file_path)] = None,
    given: RenderFlags = NO_FLAGS,
) -> None:
    """Draw one frame of the video as a PNG, exactly as render draws it.

    The frame has the same scene, options and timing as `render` (a config's [render]
    table, then the options given here), and takes well under a second once the trace
    exists: tune colours, themes and sizes without rendering the whole video.  From a
    config it solves first (into a temporary trace, or the file --trace names).

    Examples:

    \b
      puzzlereel preview hakoiri.jsonl -o frame.png --move 40
      puzzlereel preview hakoiri-musume -o f.png --theme dark --trace h.jsonl
      puzzlereel preview hakoiri.jsonl -o opening.png --title --size 1280x720
      puzzlereel preview hakoiri.jsonl -o t.png --time 12.5 --config my.toml
    """
    from puzzlereel.actions import preview as pictures

    when = pictures.moment(move, at_time, opening, last)
    with progress.Reporter("preview") as bar:
        done = pictures.preview(source, output, when, given, config=config, keep_trace=trace,
                                stdin=sys.stdin, progress=bar, gif=gif)
    console.echo(f"{done.output}: {when}, frame {done.frame.index} at "
                 f"{done.frame.seconds:.2f} s")


RENDER_COMMANDS: dict[str, Callable[..., Any]] = {"render": render, "preview": preview}

__all__ = ["RENDER_COMMANDS", "preview", "render"]
