"""Drawing a trace into files: the render options from a config's ``[render]`` table and
the flags, each output's format from its suffix, and one pass of the renderer."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from puzzlereel.actions.show import open_trace
from puzzlereel.catalog import templates
from puzzlereel.catalog.puzzles import config_path
from puzzlereel.ground.config import Config, load_config
from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.fileio import guarded
from puzzlereel.ground.progress import Progress, Reporter, no_progress
from puzzlereel.trace import (
    End,
)

if TYPE_CHECKING:
    from puzzlereel.render.options import RenderOptions


def flag_name(key: str) -> str:
    """How a message names the command-line flag of a ``[render]`` key: ``--gif-fps``."""
    return "--" + key.replace("_", "-")


def render_options(config: Config | None, flags: Mapping[str, Any], *,
                   named: Callable[[str], str] = flag_name
                   ) -> tuple[RenderOptions, frozenset[str]]:
    """RenderOptions from defaults, the config's ``[render]`` table, then command-line
    flags (``None`` = not given).  Returns (options, names the config or flags set).

    A bad ``[render]`` value is a ``ConfigError`` naming its line; a bad flag a
    ``UsageError`` naming the flag as ``named`` spells it."""
    from puzzlereel.render.options import RenderOptionError, RenderOptions, with_values

    options = RenderOptions()
    explicit: set[str] = set()
    if config is not None:
        templates.check_keys(config, "", ("render",))   # [render] is every family's
        for key, value in config.section("render").items():
            try:
                options = with_values(options, {key: value})
            except RenderOptionError as exc:
                raise config.error(f"render.{exc.key}", exc.problem) from None
            explicit.add(key)
    given = {k: v for k, v in flags.items() if v is not None}
    try:
        options = with_values(options, given)
    except RenderOptionError as exc:
        raise UsageError(f"{named(exc.key)}: {exc.problem}") from None
    return options, frozenset(explicit | set(given))


def parse_formats(text: str) -> tuple[str, ...]:
    """``"mp4,gif"`` -> ("mp4", "gif"), or a ``UsageError`` naming the unknown ones."""
    from puzzlereel.ground.formats import SUFFIXES as FORMATS

    wanted = tuple(f.strip().lower().lstrip(".") for f in text.split(",") if f.strip())
    bad = [f for f in wanted if f not in FORMATS]
    if bad or not wanted:
        raise UsageError(f"--formats: {', '.join(bad) or '(none)'} is not one of: "
                         f"{', '.join(FORMATS)}")
    return wanted


def outputs_for(outputs: Iterable[str | Path]) -> list[tuple[str, Path]]:
    """(format, path) for each output file, the format taken from its suffix; a device
    or named pipe without a known one (``-o /dev/null``) gets the MP4."""
    from puzzlereel.render.api import format_of
    from puzzlereel.render.options import stream_format

    return [(stream_format(path) or format_of(path), Path(path)) for path in outputs]


def render_trace(stream: IO[Any], source: str, files: Sequence[tuple[str, str | Path]],
                 options: RenderOptions, *, explicit: Iterable[str] | None = None,
                 progress: Progress = no_progress, allow_partial: bool = False,
                 written: list[Any] | None = None) -> End | None:
    """Draw the trace in ``stream`` into every (format, path) of ``files`` at once
    (``explicit``: the options the user set; None: those differing from the defaults);
    ``written`` receives a ``render.api.Written`` per file (its ``summary()`` line)."""
    from puzzlereel.render.api import render_trace as draw_all

    return draw_all(stream, source, files, options, explicit=explicit, progress=progress,
                    allow_partial=allow_partial, written=written)


def render_files(trace: str, outputs: Iterable[str | Path], flags: Mapping[str, Any], *,
                 config: str | Path | None = None, allow_partial: bool = False,
                 stdin: IO[Any] | None = None) -> list[Any]:
    """``render``: draw ``trace`` ("-": ``stdin``) into every file of ``outputs``, with a
    progress bar; ``config``'s ``[render]`` table then ``flags``.  The renderer's account
    of each file written (``summary()``)."""
    config_file = config_path(config) if config is not None else None
    found = load_config(config_file) if config_file is not None else None
    files = outputs_for(outputs)             # the outputs and the options are
    render_options(found, flags)               # checked before the trace is opened
    inputs = [trace] + ([config_file] if config_file is not None else [])
    with guarded(inputs=inputs, outputs=[path for _, path in files]), \
            open_trace(trace, stdin) as (stream, name), Reporter("render") as progress:
        return render_outputs(stream, name, outputs, found, flags, progress=progress,
                              allow_partial=allow_partial)


def render_outputs(stream: IO[Any], source: str, outputs: Iterable[str | Path],
                   config: Config | None, flags: Mapping[str, Any], *,
                   progress: Progress = no_progress, allow_partial: bool = False,
                   named: Callable[[str], str] = flag_name) -> list[Any]:
    """Draw the trace in ``stream`` into every file of ``outputs`` (the format from each
    suffix) in one pass, with ``config``'s ``[render]`` table then ``flags``; the
    renderer's account of each file written (``render.api.Written``)."""
    files = outputs_for(outputs)
    options, explicit = render_options(config, flags, named=named)
    written: list[Any] = []
    render_trace(stream, source, files, options, explicit=explicit, progress=progress,
                 allow_partial=allow_partial, written=written)
    return written


__all__ = ["flag_name", "outputs_for", "parse_formats", "render_files", "render_options",
           "render_outputs", "render_trace"]
