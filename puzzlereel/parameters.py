"""The options and arguments several commands share, declared once for the command line
(``puzzlereel.cli``): what they are called, their help texts and defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from puzzlereel.errors import quoted
from puzzlereel.outpaths import NAME_BYTES, safe_name

EMPTY = "an empty argument names no file or folder (write . for the current folder)"


def text_path(value: str | Path) -> str:
    """A file or folder named on the command line, as given; an empty one is a usage
    error, not the current folder."""
    if isinstance(value, str) and value == "":
        raise typer.BadParameter(EMPTY)
    return str(value)


def file_path(value: str | Path) -> Path:
    """``text_path`` as a ``Path``."""
    return Path(text_path(value))


def file_name(value: str) -> str:
    """A name for files (``import --name``): one of its own, no folder part."""
    if not value or safe_name(value, "") != value:
        raise typer.BadParameter(f"{quoted(value)} is not a plain file name (no folder part, "
                                 "no leading dot, no control characters, at most "
                                 f"{NAME_BYTES} bytes)")
    return value


ConfigArg = Annotated[Path, typer.Argument(help="A puzzle config (TOML), e.g. "
                                           "my-puzzle.toml, or a bundled example's name "
                                           "(puzzlereel examples).", show_default=False,
                                           metavar="CONFIG", parser=file_path)]
MaxStates = Annotated[int | None, typer.Option("--max-states", min=1,
                                               help="Stop (exit 4) after storing this many "
                                               "positions.")]
MaxMemory = Annotated[str | None, typer.Option("--max-memory", metavar="SIZE",
                                               help="Stop (exit 4) before the search "
                                               "stores more than this, e.g. 500M or 12G "
                                               "(default: [solve] max_memory, else half "
                                               "of the memory available).")]
TraceArg = Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.", metavar="TRACE",
                                         parser=text_path)]

# render options (render, run, preview)
Fps = Annotated[int | None, typer.Option("--fps", help="Frames per second (default 30).")]
GifFps = Annotated[int | None, typer.Option("--gif-fps", help="GIF frame rate cap "
                                            "(default 15, at most 50).")]
Size = Annotated[str | None, typer.Option("--size", help="Frame size WIDTHxHEIGHT "
                                          "(default 1280x720 for MP4/WebM, 480 px wide "
                                          "for GIF).")]
Cell = Annotated[int | None, typer.Option("--cell", help="Pixels per board cell; the frame "
                                          "is sized to fit (instead of --size).")]
Speed = Annotated[float | None, typer.Option("--speed", help="Seconds per one-cell slide "
                                             "(default: the puzzle family's pacing, "
                                             "0.25 for most).")]
Pause = Annotated[float | None, typer.Option("--pause", help="Seconds of stillness after "
                                             "each move (default: the family's pacing; "
                                             "scaled with --speed when not set).")]
Easing = Annotated[str | None, typer.Option("--easing", help="ease-in-out (default), "
                                            "linear, ease-in, ease-out.")]
Theme = Annotated[str | None, typer.Option("--theme", help="light (default), dark, wood.")]
NoTitle = Annotated[bool, typer.Option("--no-title", help="Open without the title: the "
                                       "start position held for hold_start alone.")]
NoCounter = Annotated[bool, typer.Option("--no-counter", help="No move counter while the "
                                         "moves play (the result still shows at the end).")]
NoLabels = Annotated[bool, typer.Option("--no-labels", help="No piece labels.")]
Crf = Annotated[int | None, typer.Option("--crf", help="Video quality 0-51, lower is "
                                         "better (default 20).")]
Duration = Annotated[float | None, typer.Option("--duration", help="Fit the whole video to "
                                                "this many seconds (1-3600), scaling moves "
                                                "and holds together.")]

Target = Annotated[str | None, typer.Option(
    "--target", metavar="NAME", help="The platform the video is for, which sets its size and "
    "frame rate unless --size, --cell or --fps do: youtube 1920x1080, shorts and reels "
    "1080x1920, instagram 1080x1350, square 1080x1080, 4k 3840x2160, docs (compact, "
    "480 px wide).")]
Search = Annotated[bool | None, typer.Option(
    "--search/--no-search", show_default=False, help="After the title, show how the answer "
    "was found: the search's layers growing as a chart (default: [render] search, "
    "else off).")]
Sound = Annotated[bool | None, typer.Option(
    "--sound/--no-sound", show_default=False, help="Give MP4 and WebM a sound track: a "
    "click or slide per move, a chime at the goal (default: [render] sound, else off).")]

Force = Annotated[bool, typer.Option("--force", help="Replace the output file(s) if they "
                                     "exist.")]
