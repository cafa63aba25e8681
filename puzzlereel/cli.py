"""The ``puzzlereel`` command: option declarations, one ``app`` function per command.

This is the edge of the program, and its top floor: the only place that reads
arguments, prints and exits.  Each command calls into ``puzzlereel.app``; every problem
with the user's input arrives as a ``PuzzlereelError`` and leaves as one line on stderr
naming the file, line and field, with the error's exit code: 1 bad input, 2 usage,
3 no solution, 4 a limit stopped the search.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer

from puzzlereel import __version__
from puzzlereel import app as work
from puzzlereel.errors import EXIT_BAD_INPUT, PuzzlereelError
from puzzlereel.progress import Progress, Reporter

if TYPE_CHECKING:
    from puzzlereel.solvers.base import SolveOptions

app = typer.Typer(
    name="puzzlereel",
    help="Solve classic puzzles optimally and turn the solutions into videos.\n\n"
    "Examples:\n\n"
    "\b\n"   # click prints the lines of a paragraph that starts with \b as they are
    "  puzzlereel solve configs/hakoiri-musume.toml -o hakoiri.jsonl\n"
    "  puzzlereel show hakoiri.jsonl\n"
    "  puzzlereel solve configs/hakoiri-musume.toml | puzzlereel validate -\n"
    "  puzzlereel analyze configs/hakoiri-musume.toml --json\n"
    "  puzzlereel render hakoiri.jsonl -o hakoiri.mp4\n"
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
    """Turn expected errors (bad input, I/O, a closed pipe) into one line and an exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PuzzlereelError as exc:
            fail(str(exc), exc.exit_code)
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
TraceArg = Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.")]


def _solve_options(max_states: int | None, algorithm: str | None, progress: Progress,
                   farthest: bool = False) -> SolveOptions:
    from puzzlereel.solvers.base import SolveOptions

    return SolveOptions(max_states=max_states, algorithm=algorithm, progress=progress,
                        farthest=farthest)


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

    \b
      puzzlereel solve configs/hakoiri-musume.toml -o hakoiri.jsonl
      puzzlereel solve configs/dads-puzzle.toml | puzzlereel show -

    Exit codes: 0 solved, 1 bad config, 3 no solution (proved), 4 --max-states reached.
    """
    loaded = work.load_puzzle(config)
    with Reporter("searching") as progress:
        end = work.solve_to(loaded, output, _solve_options(max_states, algorithm, progress),
                            stdout=sys.stdout)
    work.check_outcome(end, config)


@app.command()
@friendly
def validate(trace: TraceArg) -> None:
    """Check that a trace is well-formed and that every move is legal.

    Exit 0 and a one-line summary if it is; exit 1 with the line and field if not.

    Examples:

    \b
      puzzlereel validate hakoiri.jsonl
      puzzlereel solve configs/hakoiri-musume.toml | puzzlereel validate -
    """
    with work.open_trace(trace, sys.stdin) as (stream, name):
        for line in work.validate_lines(stream, name):
            typer.echo(line)


@app.command()
@friendly
def show(trace: TraceArg) -> None:
    """Print the solution as numbered text boards, checking each move on the way.

    Examples:

    \b
      puzzlereel show hakoiri.jsonl
      puzzlereel solve configs/hakoiri-musume.toml | puzzlereel show -
    """
    with work.open_trace(trace, sys.stdin) as (stream, name):
        for line in work.show_lines(stream, name):
            typer.echo(line)


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

    \b
      puzzlereel analyze configs/hakoiri-musume.toml --json
      puzzlereel analyze configs/hakoiri-musume.toml --plot depths.png
    """
    loaded = work.load_puzzle(config)
    with Reporter("analyzing") as progress:
        result = work.analyze(loaded, _solve_options(max_states, None, progress, farthest))
    if plot is not None:
        work.plot_analysis(loaded, result, plot)
    for line in work.analysis_lines(result, as_json=as_json):
        typer.echo(line)
    code = work.analysis_exit_code(result)
    if code:
        raise typer.Exit(code)


# ---------------------------------------------------------------- render / run

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
    """The render options given on the command line, by ``[render]`` key (None: not given)."""
    return {"fps": fps, "gif_fps": gif_fps, "size": size, "cell": cell, "speed": speed,
            "pause": pause, "easing": easing, "theme": theme,
            "title": False if no_title else None, "counter": False if no_counter else None,
            "labels": False if no_labels else None, "crf": crf}


@app.command()
@friendly
def render(
    trace: TraceArg,
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

    \b
      puzzlereel render hakoiri.jsonl -o hakoiri.mp4
      puzzlereel solve configs/hakoiri-musume.toml | puzzlereel render - -o hakoiri.gif
      puzzlereel render hakoiri.jsonl -o sheet.png -o small.gif --cell 24 --theme dark
      puzzlereel render hakoiri.jsonl -o fast.mp4 --speed 0.1 --no-title --size 1280x720
    """
    from puzzlereel.config import load_config

    cfg = load_config(work.config_path(config)) if config is not None else None
    targets = work.targets_for(output)
    options, explicit = work.render_options(cfg, _flags(fps, gif_fps, size, cell, speed,
                                                        pause, easing, theme, no_title,
                                                        no_counter, no_labels, crf))
    with work.open_trace(trace, sys.stdin) as (stream, name), \
            Reporter("rendering") as progress:
        work.render_trace(stream, name, targets, options, explicit=explicit,
                          progress=progress, allow_partial=partial)


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

    \b
      puzzlereel run configs/hakoiri-musume.toml
      puzzlereel run configs/hakoiri-musume.toml --out-dir site/media --formats mp4,png
    """
    plan = work.plan_run(config, out_dir, _flags(fps, gif_fps, size, cell, speed, pause,
                                                 easing, theme, no_title, no_counter,
                                                 no_labels, crf), formats)
    with Reporter("searching") as progress:
        end = work.solve_to(plan.loaded, plan.trace, _solve_options(max_states, None, progress))
    work.check_outcome(end, config)
    with work.open_trace(str(plan.trace)) as (stream, name), \
            Reporter("rendering") as progress:
        work.render_trace(stream, name, plan.targets, plan.options, explicit=plan.explicit,
                          progress=progress)
    for _, path in plan.targets:
        typer.echo(str(path))


# ---------------------------------------------------------------- examples / new / preview / import

Force = Annotated[bool, typer.Option("--force", help="Replace the output file(s) if they "
                                     "exist.")]


@app.command()
@friendly
def examples(
    name: Annotated[str | None, typer.Argument(metavar="NAME", help="An example's name; "
                                               "without it, list every example.",
                                               show_default=False)] = None,
    output: Annotated[str | None, typer.Option("-o", "--output", help="Copy the example's "
                                               "config to this file ('-': stdout, the "
                                               "default).")] = None,
    force: Force = False,
) -> None:
    """List the example configs that ship with puzzlereel, or copy one out to edit.

    The list gives each example's name, family, the published answer when it is known,
    title and what it is.  An example's name works wherever a config file is expected
    (solve, run, analyze, render --config, preview), from any folder.

    Examples:

      puzzlereel examples

      puzzlereel examples hakoiri-musume -o my.toml

      puzzlereel run hakoiri-musume --out-dir out
    """
    import shutil

    from puzzlereel import catalog
    from puzzlereel.errors import UsageError

    if name is None:
        if output is not None:
            raise UsageError("-o: name the example to copy (puzzlereel examples NAME -o FILE)")
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
        for line in catalog.table_lines(catalog.examples(), width):
            typer.echo(line)
        return
    catalog.copy_out(name, output or "-", force=force, stdout=sys.stdout)
    if output not in (None, "-"):
        typer.echo(output)


@app.command()
@friendly
def new(
    family: Annotated[str | None, typer.Argument(metavar="FAMILY", help="The puzzle family "
                                                 "(new --list names them).",
                                                 show_default=False)] = None,
    output: Annotated[str, typer.Option("-o", "--output", help="The config to write ('-': "
                                        "stdout, the default).")] = "-",
    list_families: Annotated[bool, typer.Option("--list", help="Name the families and "
                                                "what they are.")] = False,
    force: Force = False,
) -> None:
    """Write a commented starting config for a puzzle family.

    The config has every key the family reads, with its default and a one-line
    explanation, and solves as written (it describes a known puzzle of the family).
    Families: sliding-block, sliding-tile, peg-solitaire, n-queens, mastermind,
    komachi, oomachi, alphametic.

    Examples:

      puzzlereel new --list

      puzzlereel new sliding-block -o puzzle.toml && puzzlereel solve puzzle.toml

      puzzlereel new peg-solitaire > pegs.toml
    """
    from puzzlereel import templates
    from puzzlereel.errors import UsageError

    if list_families:
        if family is not None:
            raise UsageError("--list: give it alone, without FAMILY")
        for line in templates.list_lines():
            typer.echo(line)
        return
    if family is None:
        raise UsageError("FAMILY: name a puzzle family (puzzlereel new --list names them)")
    templates.write_new(family, output, force=force, stdout=sys.stdout)
    if output != "-":
        typer.echo(output)


@app.command()
@friendly
def preview(
    source: Annotated[str, typer.Argument(metavar="CONFIG_OR_TRACE", help="A trace ('-' = "
                                          "stdin), a config, or an example's name.",
                                          show_default=False)],
    output: Annotated[Path, typer.Option("-o", "--output", help="The PNG file to write.")],
    move: Annotated[int | None, typer.Option("--move", help="The position after move N (0, "
                                             "the default: the start).")] = None,
    at_time: Annotated[float | None, typer.Option("--time", help="The frame shown at this "
                                                  "many seconds into the video.")] = None,
    title_card: Annotated[bool, typer.Option("--title", help="The title card.")] = False,
    last: Annotated[bool, typer.Option("--end", help="The last frame.")] = False,
    config: Annotated[Path | None, typer.Option("--config", help="With a trace: take "
                                                "[render] options from this config.")] = None,
    trace: Annotated[Path | None, typer.Option("--trace", help="With a config: keep the "
                                               "solved trace in this file.")] = None,
    fps: Fps = None, size: Size = None, cell: Cell = None, speed: Speed = None,
    pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
) -> None:
    """Draw one frame of the video as a PNG, exactly as render draws it.

    The frame has the same scene, options and timing as `render` (a config's [render]
    table, then the options given here), and takes well under a second once the trace
    exists: tune colours, themes and sizes without rendering the whole video.  From a
    config it solves first (into a temporary trace, or the file --trace names).

    Examples:

      puzzlereel preview hakoiri.jsonl -o frame.png --move 40

      puzzlereel preview hakoiri-musume -o frame.png --theme dark --trace hakoiri.jsonl

      puzzlereel preview hakoiri.jsonl -o card.png --title --size 1280x720

      puzzlereel preview hakoiri.jsonl -o t.png --time 12.5 --config my.toml
    """
    from puzzlereel import preview as pictures

    when = pictures.moment(move, at_time, title_card, last)
    flags = _flags(fps, None, size, cell, speed, pause, easing, theme, no_title, no_counter,
                   no_labels, None)
    with Reporter("searching") as progress:
        done = pictures.preview(source, output, when, flags, config=config, keep_trace=trace,
                                stdin=sys.stdin, progress=progress)
    typer.echo(f"{done.output}: {when}, frame {done.frame.index} at "
               f"{done.frame.seconds:.2f} s")


@app.command("import")
@friendly
def import_collection(
    fmt: Annotated[str, typer.Argument(metavar="FORMAT", help="rush-hour, tiles or klotski.",
                                       show_default=False)],
    source: Annotated[str, typer.Argument(metavar="SOURCE", help="The collection: a file, "
                                          "or '-' for stdin.", show_default=False)],
    out_dir: Annotated[Path, typer.Option("-o", "--out-dir", help="The folder to write the "
                                          "configs into.")],
    name: Annotated[str | None, typer.Option("--name", help="Configs are NAME-LINE.toml "
                                             "(default: the source's file name).")] = None,
    blank: Annotated[str | None, typer.Option("--blank", help="tiles: where the goal has the "
                                              "blank, 'last' (default) or 'first' (Korf's)."
                                              )] = None,
    size: Annotated[str | None, typer.Option("--size", help="tiles: ROWSxCOLS (default: a "
                                             "square of the count).")] = None,
    skip: Annotated[int | None, typer.Option("--skip", min=0, help="tiles: leading numbers of "
                                             "each line to ignore (an instance number).")]
    = None,
    with_moves: Annotated[bool, typer.Option("--with-moves", help="tiles: the last number of "
                                             "each line is its optimal length.")] = False,
    pdb: Annotated[str | None, typer.Option("--pdb", help="tiles: the configs' pattern "
                                            "databases, e.g. 6-6-3.")] = None,
    piece: Annotated[str | None, typer.Option("--piece", help="klotski: the goal piece "
                                              "(default: the largest).")] = None,
    at: Annotated[str | None, typer.Option("--at", help="klotski: X,Y, where the goal "
                                           "piece's top-left cell must end (default: bottom "
                                           "centre).")] = None,
    metric: Annotated[str | None, typer.Option("--metric", help="klotski: piece (default), "
                                               "line or step.")] = None,
    force: Force = False,
) -> None:
    """Turn every puzzle of an existing collection into a config, one file each.

    rush-hour: the Rush Hour database's 36-character boards (rows of 6, 'o' empty, 'x'
    wall, 'A' the red car), one a line, alone or as 'MOVES BOARD CLUSTER_SIZE'; the
    move count becomes [solve] expect_moves, so solving checks it.

    tiles: one list of numbers a line, 0 the blank (Korf's 100, most benchmark files).

    klotski: layouts drawn in letters ('.' empty, '#' wall), separated by blank lines,
    or one a line with '/' between rows.

    Bad entries are reported on stderr with their line number (exit 1); the good ones
    are still written, as OUT_DIR/NAME-LINE.toml.

    Examples:

      puzzlereel import rush-hour rush.txt -o rush

      puzzlereel import tiles korf100.txt -o korf --blank first --pdb 6-6-3

      puzzlereel import klotski layouts.txt -o klotski --piece A --at 1,3
    """
    from puzzlereel import importers
    from puzzlereel.errors import UsageError

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
    with contextlib.ExitStack() as stack:
        stream = sys.stdin.buffer if source == "-" else stack.enter_context(open(source, "rb"))
        report = importers.import_collection(fmt, stream, source, out_dir, prefix=name,
                                             tiles=tiles, klotski=klotski, force=force)
    for path in report.written:
        typer.echo(str(path))
    for problem in report.problems:
        typer.echo(f"puzzlereel: {problem}", err=True)
    if report.problems:
        fail(f"{source}: {len(report.problems)} bad "
             f"{'entry' if len(report.problems) == 1 else 'entries'}, "
             f"{len(report.written)} configs written")


def _warning_line(message: Warning | str, category: type[Warning], filename: str,
                  lineno: int, file: Any = None, line: str | None = None) -> None:
    """Warnings reach the user as one line, like errors."""
    with contextlib.suppress(OSError):
        sys.stderr.write(f"puzzlereel: warning: {message}\n")


def _exit(code: object) -> NoReturn:
    """Leave with ``code``; once compiled search code is loaded, skip the interpreter's
    teardown.

    Tearing down numba's and LLVM's objects at exit costs about 0.2 s, more than many
    searches take.  By the time a command returns, every output is complete and closed
    and no thread of ours is left, so after flushing the standard streams nothing is
    lost by leaving at once (``os._exit``).  Without numba loaded, exit normally."""
    if "numba" not in sys.modules:
        raise SystemExit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:   # SystemExit("message"): print it as Python would, exit 1
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write(f"{code}\n")
        status = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe: the reader has gone
            status = status or EXIT_BAD_INPUT
    os._exit(status)


def main() -> None:
    """Console-script entry point."""
    warnings.showwarning = _warning_line
    try:
        app()
    except SystemExit as exc:
        _exit(exc.code)
    _exit(0)


if __name__ == "__main__":
    main()
