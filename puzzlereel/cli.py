"""The ``puzzlereel`` command: solve, validate, show and analyze puzzles (and render them).

This is the edge of the program: the only place that reads arguments, prints, and writes
files.  Bad input ends with one line on stderr naming the file, line and field, and an
exit code: 1 bad input, 2 usage, 3 no solution, 4 a limit stopped the search.
"""

from __future__ import annotations

import contextlib
import functools
import json
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn, TypeVar

import typer

from puzzlereel import __version__
from puzzlereel.fileio import atomic_path, atomic_text
from puzzlereel.progress import Reporter
from puzzlereel.trace import End, Header, TraceError, dumps, replay, write_trace

EXIT_BAD_INPUT = 1
EXIT_UNSOLVABLE = 3
EXIT_LIMIT = 4

app = typer.Typer(
    name="puzzlereel",
    help="Solve classic puzzles optimally and turn the solutions into videos.\n\n"
    "Examples:\n\n"
    "  puzzlereel solve configs/hakoiri-musume.toml -o hakoiri.jsonl\n\n"
    "  puzzlereel show hakoiri.jsonl\n\n"
    "  puzzlereel solve configs/hakoiri-musume.toml | puzzlereel validate -\n\n"
    "  puzzlereel analyze configs/hakoiri-musume.toml --json\n\n"
    "  puzzlereel render hakoiri.jsonl -o hakoiri.mp4\n\n"
    "  puzzlereel run configs/hakoiri-musume.toml --out-dir outputs",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print one line to stderr and exit."""
    typer.echo(f"puzzlereel: {message}", err=True)
    raise typer.Exit(code)


def friendly(func: F) -> F:
    """Turn expected errors (bad config, bad trace, I/O) into one line and an exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from puzzlereel.solvers.config import ConfigError

        try:
            return func(*args, **kwargs)
        except (ConfigError, TraceError) as exc:
            fail(str(exc))
        except BrokenPipeError:
            # the reader went away (`| head`); say nothing more on a closed pipe
            with contextlib.suppress(Exception):
                sys.stdout = open("/dev/null", "w")  # noqa: SIM115
            raise typer.Exit(EXIT_BAD_INPUT) from None
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")
        except KeyboardInterrupt:
            fail("interrupted", 130)

    return wrapper  # type: ignore[return-value]


@contextlib.contextmanager
def open_trace(path: str) -> Iterator[tuple[IO[Any], str]]:
    """The trace to read: a file, or stdin for ``-``; yields (stream, name for messages)."""
    if path == "-":
        yield sys.stdin, "<stdin>"
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - bytes: read_trace decodes and reports
    except FileNotFoundError:
        raise TraceError("no such file", source=path) from None
    except IsADirectoryError:
        raise TraceError("is a directory, not a trace", source=path) from None
    with handle:
        yield handle, path


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"puzzlereel {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[bool, typer.Option("--version", "-V", callback=version_callback,
                                          is_eager=True, help="Print the version and exit.")]
    = False,
) -> None:
    """Solve classic puzzles optimally and turn the solutions into videos."""


ConfigArg = Annotated[Path, typer.Argument(help="A puzzle config (TOML), e.g. "
                                           "configs/hakoiri-musume.toml.", show_default=False)]
MaxStates = Annotated[int | None, typer.Option("--max-states", min=1,
                                               help="Stop (exit 4) after storing this many "
                                               "positions.")]


def _load(config: Path) -> tuple[Any, Any, Any]:
    from puzzlereel.solvers import family, load_config

    cfg = load_config(config)
    fam = family(cfg)
    return cfg, fam, fam.load(cfg)


def exit_for(end: End | None) -> int:
    if end is None:
        return EXIT_BAD_INPUT
    return {"solved": 0, "unsolvable": EXIT_UNSOLVABLE, "limit": EXIT_LIMIT}.get(end.status,
                                                                                EXIT_BAD_INPUT)


def solve_to(config: Path, output: str, max_states: int | None = None,
             algorithm: str | None = None) -> End | None:
    """Solve ``config`` and write its trace to ``output`` ("-" = stdout), atomically."""
    from puzzlereel.solvers.base import SolveOptions

    _, fam, puzzle = _load(config)
    with Reporter("searching") as progress:
        opts = SolveOptions(max_states=max_states, algorithm=algorithm, progress=progress)
        events = fam.solve(puzzle, opts)
        if output == "-":
            return write_trace(events, sys.stdout)
        with atomic_text(output) as handle:
            return write_trace(events, handle)


def report_end(end: End | None, config: Path) -> None:
    code = exit_for(end)
    if end is not None and end.status == "unsolvable":
        typer.echo(f"puzzlereel: {config}: the puzzle has no solution "
                   f"({end.stats.get('reason', 'search space exhausted')})", err=True)
    elif end is not None and end.status == "limit":
        typer.echo(f"puzzlereel: {config}: stopped by a limit before a solution was found "
                   f"({end.stats.get('limit', 'limit')})", err=True)
    if code:
        raise typer.Exit(code)


@app.command()
@friendly
def solve(
    config: ConfigArg,
    output: Annotated[str, typer.Option("-o", "--output", help="Trace file to write; '-' "
                                        "(the default) is stdout.")] = "-",
    max_states: MaxStates = None,
    algorithm: Annotated[str | None, typer.Option("--algorithm", help="Override [solve] "
                                                  "algorithm.")] = None,
) -> None:
    """Solve a puzzle optimally and write its trace (JSON Lines).

    Examples:

      puzzlereel solve configs/hakoiri-musume.toml -o hakoiri.jsonl

      puzzlereel solve configs/dads-puzzle.toml | puzzlereel show -

    Exit codes: 0 solved, 1 bad config, 3 no solution (proved), 4 --max-states reached.
    """
    end = solve_to(config, output, max_states, algorithm)
    report_end(end, config)


@app.command()
@friendly
def validate(
    trace: Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.")],
) -> None:
    """Check that a trace is well-formed and that every move is legal.

    Exit 0 and a one-line summary if it is; exit 1 with the line and field if not.

    Example: puzzlereel solve configs/hakoiri-musume.toml | puzzlereel validate -
    """
    from puzzlereel.trace import validate as check

    with open_trace(trace) as (stream, name):
        summary = check(stream, name)
    for note in summary.notes:
        typer.echo(f"note: {note}")
    end = summary.end
    status = end.status if end else "?"
    title = f" ({summary.header.title})" if summary.header.title else ""
    typer.echo(f"{name}: valid {summary.header.puzzle} trace{title}: {summary.moves} moves, "
               f"{summary.events} events, status {status}")


@app.command()
@friendly
def show(
    trace: Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.")],
) -> None:
    """Print the solution as numbered text boards, checking each move on the way.

    Example: puzzlereel solve configs/hakoiri-musume.toml | puzzlereel show -
    """
    with open_trace(trace) as (stream, name):
        for rep, item in replay(stream, name):
            event = item.event
            describe = getattr(rep, "describe", None)
            if isinstance(event, Header):
                title = event.title or event.puzzle
                typer.echo(f"{title} ({event.puzzle}"
                           + (f", metric {event.solver['metric']}" if "metric" in event.solver
                              else "") + ")")
                board = rep.text()
                if board:
                    typer.echo(f"\nstart\n{board}")
            elif isinstance(event, End):
                moves = f", {event.moves} moves" if event.moves is not None else ""
                stats = ", ".join(f"{k} {v}" for k, v in event.stats.items())
                typer.echo(f"\nend: {event.status}{moves}" + (f" ({stats})" if stats else ""))
            elif item.applied is None and event.type == "note":
                typer.echo(f"note: {event.to_json()['text']}")
            elif item.applied is not None:
                what = describe(item.applied) if describe else dumps(item.applied)
                board = rep.text()
                typer.echo(f"\n{what}" + (f"\n{board}" if board else ""))


@app.command()
@friendly
def analyze(
    config: ConfigArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Also draw the figures as a "
                                              "PNG bar chart.")] = None,
    farthest: Annotated[bool, typer.Option("--farthest", help="Also search for the positions "
                                           "farthest from the goal (where the puzzle "
                                           "supports it).")] = False,
    max_states: MaxStates = None,
) -> None:
    """Explore a puzzle's whole search space: positions, depths, farthest positions.

    Examples:

      puzzlereel analyze configs/hakoiri-musume.toml --json

      puzzlereel analyze configs/hakoiri-musume.toml --plot depths.png
    """
    from puzzlereel.solvers.base import SolveOptions

    _, fam, puzzle = _load(config)
    with Reporter("analyzing") as progress:
        opts = SolveOptions(max_states=max_states, progress=progress,
                            extra={"farthest": farthest})
        result = fam.analyze(puzzle, opts)
    if plot is not None:
        from puzzlereel.plot import bar_chart

        series = fam.plot_series(result)
        if series is None:
            fail(f"{config}: this puzzle type has nothing to plot", 2)
        with atomic_path(plot) as tmp:
            bar_chart(series, tmp)
    if as_json:
        typer.echo(json.dumps(result))
    else:
        for key, value in result.items():
            text = json.dumps(value)
            if len(text) > 200:
                text = text[:197] + "..."
            typer.echo(f"{key}: {text}")
    if result.get("status") == "limit":
        raise typer.Exit(EXIT_LIMIT)
    if result.get("status") == "unsolvable":
        raise typer.Exit(EXIT_UNSOLVABLE)


# ---------------------------------------------------------------- render / run

EXIT_USAGE = 2
_FLAG_KEYS = ("fps", "gif_fps", "size", "cell", "speed", "pause", "easing", "theme", "title",
              "counter", "labels", "crf")


def _render_options(config: Any, flags: dict[str, Any]) -> tuple[Any, set[str]]:
    """RenderOptions from defaults, the config's [render] table, then command-line flags.

    Returns (options, names set explicitly by the config or flags)."""
    from puzzlereel.render.options import RenderOptionError, RenderOptions, with_values

    options = RenderOptions()
    explicit: set[str] = set()
    if config is not None:
        table = config.section("render")
        for key, value in table.items():
            try:
                options = with_values(options, {key: value})
            except RenderOptionError as exc:
                raise config.error(f"render.{exc.key}", exc.problem) from None
            explicit.add(key)
    given = {k: v for k, v in flags.items() if v is not None}
    try:
        options = with_values(options, given)
    except RenderOptionError as exc:
        fail(f"--{exc.key.replace('_', '-')}: {exc.problem}", EXIT_USAGE)
    return options, explicit | set(given)


Fps = Annotated[int | None, typer.Option("--fps", help="Frames per second (default 30).")]
GifFps = Annotated[int | None, typer.Option("--gif-fps", help="GIF frame rate cap "
                                            "(default 15, at most 50).")]
Size = Annotated[str | None, typer.Option("--size", help="Frame size WIDTHxHEIGHT "
                                          "(default 640x480).")]
Cell = Annotated[int | None, typer.Option("--cell", help="Pixels per board cell; the frame "
                                          "is sized to fit (instead of --size).")]
Speed = Annotated[float | None, typer.Option("--speed", help="Seconds per one-cell slide "
                                             "(default 0.25).")]
Pause = Annotated[float | None, typer.Option("--pause", help="Seconds of stillness after "
                                             "each move (default 0.12).")]
Easing = Annotated[str | None, typer.Option("--easing", help="ease-in-out (default), "
                                            "linear, ease-in, ease-out.")]
Theme = Annotated[str | None, typer.Option("--theme", help="light (default), dark, wood.")]
NoTitle = Annotated[bool, typer.Option("--no-title", help="No title card.")]
NoCounter = Annotated[bool, typer.Option("--no-counter", help="No move counter bar.")]
NoLabels = Annotated[bool, typer.Option("--no-labels", help="No piece labels.")]
Crf = Annotated[int | None, typer.Option("--crf", help="Video quality 0-51, lower is "
                                         "better (default 20).")]


def _flags(fps: int | None, gif_fps: int | None, size: str | None, cell: int | None,
           speed: float | None, pause: float | None, easing: str | None, theme: str | None,
           no_title: bool, no_counter: bool, no_labels: bool, crf: int | None
           ) -> dict[str, Any]:
    return {"fps": fps, "gif_fps": gif_fps, "size": size, "cell": cell, "speed": speed,
            "pause": pause, "easing": easing, "theme": theme,
            "title": False if no_title else None, "counter": False if no_counter else None,
            "labels": False if no_labels else None, "crf": crf}


@app.command()
@friendly
def render(
    trace: Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.")],
    output: Annotated[list[Path], typer.Option("-o", "--output", help="Output file: .mp4, "
                                               ".gif, .webm or .png (contact sheet); repeat "
                                               "to write several in one pass.")],
    config: Annotated[Path | None, typer.Option("--config", help="Take [render] options "
                                                "from this config file.")] = None,
    partial: Annotated[bool, typer.Option("--partial", help="Render a trace that stops "
                                          "without its 'end' line instead of failing.")]
    = False,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None,
) -> None:
    """Draw a trace as an MP4 / WebM video, a GIF, or a PNG contact sheet.

    The format comes from the output's suffix. The trace is read as a stream and every
    move is checked; a bad trace exits 1 naming the line and leaves no output behind.

    Examples:

      puzzlereel render hakoiri.jsonl -o hakoiri.mp4

      puzzlereel solve configs/hakoiri-musume.toml | puzzlereel render - -o hakoiri.gif

      puzzlereel render hakoiri.jsonl -o sheet.png -o small.gif --cell 24 --theme dark

      puzzlereel render hakoiri.jsonl -o fast.mp4 --speed 0.1 --no-title --size 1280x720
    """
    from puzzlereel.render.api import UnsupportedFormat, format_of
    from puzzlereel.render.api import render as render_trace

    cfg = None
    if config is not None:
        from puzzlereel.solvers import load_config

        cfg = load_config(config)
    try:
        targets = [(format_of(path), path) for path in output]
    except UnsupportedFormat as exc:
        fail(str(exc), EXIT_USAGE)
    options, explicit = _render_options(cfg, _flags(fps, gif_fps, size, cell, speed, pause,
                                                    easing, theme, no_title, no_counter,
                                                    no_labels, crf))
    with open_trace(trace) as (stream, name), Reporter("rendering") as progress:
        render_trace(stream, name, targets, options, explicit=explicit, progress=progress,
                     allow_partial=partial)


@app.command()
@friendly
def run(
    config: ConfigArg,
    out_dir: Annotated[Path, typer.Option("--out-dir", help="Where to write "
                                          "<config name>.<ext> files.")] = Path("outputs"),
    formats: Annotated[str | None, typer.Option("--formats", help="Comma-separated formats, "
                                                "overriding [render] formats, e.g. "
                                                "mp4,gif,png.")] = None,
    max_states: MaxStates = None,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None,
) -> None:
    """Solve a puzzle and render it in every format its [render] table names.

    Writes OUT_DIR/<config name>.jsonl (the trace) and OUT_DIR/<config name>.<ext> for
    each format ([render] formats, default mp4 and gif), with a progress bar on stderr
    when it is a terminal.

    Examples:

      puzzlereel run configs/hakoiri-musume.toml

      puzzlereel run configs/hakoiri-musume.toml --out-dir site/media --formats mp4,png
    """
    from puzzlereel.render.api import render as render_trace
    from puzzlereel.render.options import FORMATS
    from puzzlereel.solvers import load_config

    cfg = load_config(config)
    options, explicit = _render_options(cfg, _flags(fps, gif_fps, size, cell, speed, pause,
                                                    easing, theme, no_title, no_counter,
                                                    no_labels, crf))
    wanted = options.formats
    if formats is not None:
        wanted = tuple(f.strip().lower().lstrip(".") for f in formats.split(",") if f.strip())
        bad = [f for f in wanted if f not in FORMATS]
        if bad or not wanted:
            fail(f"--formats: {', '.join(bad) or '(none)'} is not one of: "
                 f"{', '.join(FORMATS)}", EXIT_USAGE)
    trace_path = out_dir / f"{cfg.name}.jsonl"
    end = solve_to(config, str(trace_path), max_states)
    report_end(end, config)
    targets = [(fmt, out_dir / f"{cfg.name}.{fmt}") for fmt in dict.fromkeys(wanted)]
    with open_trace(str(trace_path)) as (stream, name), Reporter("rendering") as progress:
        render_trace(stream, name, targets, options, explicit=explicit, progress=progress)
    for _, path in targets:
        typer.echo(str(path))


def _warning_line(message: Warning | str, category: type[Warning], filename: str,
                  lineno: int, file: Any = None, line: str | None = None) -> None:
    """Warnings reach the user as one line, like errors."""
    with contextlib.suppress(OSError):
        sys.stderr.write(f"puzzlereel: warning: {message}\n")


def main() -> None:
    """Console-script entry point."""
    warnings.showwarning = _warning_line
    app()


if __name__ == "__main__":
    main()
