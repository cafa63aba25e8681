"""The ``puzzlereel`` command: option declarations, one ``app`` function per command.

This is the edge of the program, and its top floor: the only place that reads
arguments, prints and exits.  Each command calls into ``puzzlereel.app``; every problem
with the user's input arrives as a ``PuzzlereelError`` and leaves as one line on stderr
naming the file, line and field, with the error's exit code: 1 bad input, 2 usage,
3 no solution, 4 a limit stopped the search, 128 + the signal's number when a signal
stopped it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), 141 when the reader of stdout went
away (like a program killed by SIGPIPE).
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

from puzzlereel import __version__, interrupts, progress
from puzzlereel import app as work
from puzzlereel.errors import EXIT_BAD_INPUT, PuzzlereelError, UsageError
from puzzlereel.progress import Progress, Reporter

if TYPE_CHECKING:
    from puzzlereel.batch import BatchOptions
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
T = TypeVar("T")

EXIT_CLOSED_PIPE = 141        # 128 + SIGPIPE: what a shell reports for `... | head`
_quiet = False                # --quiet: print errors only


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print one line to stderr and exit."""
    with contextlib.suppress(OSError, ValueError):
        typer.echo(f"puzzlereel: {message}", err=True)
    raise typer.Exit(code)


def say(line: str) -> None:
    """A line of output for people (not data): silent with --quiet."""
    if not _quiet:
        typer.echo(line)


def _reader_gone() -> NoReturn:
    """stdout's reader went away (``| head``): stop quietly, as SIGPIPE would."""
    with contextlib.suppress(Exception):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no more output anyway
    raise typer.Exit(EXIT_CLOSED_PIPE)


def stoppable(work: Callable[[], T]) -> T:
    """Run a search so that a signal stops it within a tenth of a second."""
    return interrupts.run_stoppable(work)


def friendly(func: F) -> F:
    """Turn expected errors (bad input, I/O, a closed pipe) into one line and an exit code."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PuzzlereelError as exc:
            fail(str(exc), exc.exit_code)
        except BrokenPipeError:
            _reader_gone()
        except OSError as exc:
            where = f"{exc.filename}: " if exc.filename else ""
            fail(f"{where}{exc.strerror or exc}")
        except interrupts.Interrupted as exc:
            fail(exc.message, exc.exit_code)
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
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only: no "
                                        "progress, warnings or summaries.")] = False,
    progress_mode: Annotated[str, typer.Option("--progress", metavar="auto|bar|plain|none",
                                               help="How long work shows progress on "
                                               "stderr: a live bar (on a terminal), plain "
                                               "lines every few seconds (logs, pipes), or "
                                               "nothing.")] = "auto",
) -> None:
    """Solve classic puzzles optimally and turn the solutions into videos."""
    global _quiet
    if progress_mode not in progress.MODES:
        raise typer.BadParameter(f"{progress_mode!r} is not one of: "
                                 f"{', '.join(progress.MODES)}", param_hint="--progress")
    _quiet = quiet
    progress.set_mode("none" if quiet else progress_mode)
    if quiet:
        warnings.simplefilter("ignore")


ConfigArg = Annotated[Path, typer.Argument(help="A puzzle config (TOML), e.g. "
                                           "configs/hakoiri-musume.toml.", show_default=False)]
MaxStates = Annotated[int | None, typer.Option("--max-states", min=1,
                                               help="Stop (exit 4) after storing this many "
                                               "positions.")]
MaxMemory = Annotated[str | None, typer.Option("--max-memory", metavar="SIZE",
                                               help="Stop (exit 4) before the search "
                                               "stores more than this, e.g. 500M or 12G "
                                               "(default: [solve] max_memory, else half "
                                               "of the memory available).")]
TraceArg = Annotated[str, typer.Argument(help="Trace file, or '-' for stdin.")]


def _solve_options(max_states: int | None, algorithm: str | None, progress: Progress,
                   farthest: bool = False, max_memory: str | None = None) -> SolveOptions:
    from puzzlereel.config import parse_size
    from puzzlereel.solvers.base import SolveOptions

    memory = None
    if max_memory is not None:
        try:
            memory = parse_size(max_memory)
        except ValueError as exc:
            raise UsageError(f"--max-memory: {exc}") from None
    return SolveOptions(max_states=max_states, algorithm=algorithm, progress=progress,
                        farthest=farthest, max_memory=memory)


@app.command()
@friendly
def solve(
    config: ConfigArg,
    output: Annotated[str, typer.Option("-o", "--output", help="Trace file to write; '-' "
                                        "(the default) is stdout.")] = "-",
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    algorithm: Annotated[str | None, typer.Option("--algorithm", help="Override [solve] "
                                                  "algorithm.")] = None,
) -> None:
    """Solve a puzzle optimally and write its trace (JSON Lines).

    Examples:

    \b
      puzzlereel solve configs/hakoiri-musume.toml -o hakoiri.jsonl
      puzzlereel solve configs/dads-puzzle.toml | puzzlereel show -

    Exit codes: 0 solved, 1 bad config, 3 no solution (proved), 4 --max-states or
    --max-memory reached (the trace so far is written, valid, with status "limit").
    """
    loaded = work.load_puzzle(config)
    with Reporter("search") as bar:
        options = _solve_options(max_states, algorithm, bar, max_memory=max_memory)
        end = stoppable(lambda: work.solve_to(loaded, output, options, stdout=sys.stdout))
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
    max_memory: MaxMemory = None,
) -> None:
    """Explore a puzzle's whole search space: positions, depths, farthest positions.

    Examples:

    \b
      puzzlereel analyze configs/hakoiri-musume.toml --json
      puzzlereel analyze configs/hakoiri-musume.toml --plot depths.png
    """
    loaded = work.load_puzzle(config)
    with Reporter("analyze") as bar:
        options = _solve_options(max_states, None, bar, farthest, max_memory)
        result = stoppable(lambda: work.analyze(loaded, options))
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
NoTitle = Annotated[bool, typer.Option("--no-title", help="No title card.")]
NoCounter = Annotated[bool, typer.Option("--no-counter", help="No move counter bar.")]
NoLabels = Annotated[bool, typer.Option("--no-labels", help="No piece labels.")]
Crf = Annotated[int | None, typer.Option("--crf", help="Video quality 0-51, lower is "
                                         "better (default 20).")]
Duration = Annotated[float | None, typer.Option("--duration", help="Fit the whole video to "
                                                "this many seconds (1-3600), scaling moves "
                                                "and holds together.")]


def _flags(fps: int | None, gif_fps: int | None, size: str | None, cell: int | None,
           speed: float | None, pause: float | None, easing: str | None, theme: str | None,
           no_title: bool, no_counter: bool, no_labels: bool, crf: int | None,
           duration: float | None = None) -> dict[str, Any]:
    """The render options given on the command line, by ``[render]`` key (None: not given)."""
    return {"fps": fps, "gif_fps": gif_fps, "size": size, "cell": cell, "speed": speed,
            "pause": pause, "easing": easing, "theme": theme,
            "title": False if no_title else None, "counter": False if no_counter else None,
            "labels": False if no_labels else None, "crf": crf, "duration": duration}


def _summarise(written: list[Any]) -> None:
    """One line per file written, on stderr (silent with --quiet)."""
    if _quiet:
        return
    for item in written:
        typer.echo(item.summary(), err=True)


@app.command()
@friendly
def render(
    trace: TraceArg,
    output: Annotated[list[Path], typer.Option("-o", "--output", help="Output file: .mp4, "
                                               ".gif, .webm, .png (contact sheet) or .vtt "
                                               "(subtitles); repeat "
                                               "to write several in one pass.")],
    config: Annotated[Path | None, typer.Option("--config", help="Take [render] options "
                                                "from this config file.")] = None,
    partial: Annotated[bool, typer.Option("--partial", help="Render a trace that stops "
                                          "without its 'end' line instead of failing.")]
    = False,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None, duration: Duration = None,
) -> None:
    """Draw a trace as an MP4 / WebM video, a GIF, a PNG contact sheet or subtitles.

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
                                                        no_counter, no_labels, crf, duration))
    written: list[Any] = []
    with work.open_trace(trace, sys.stdin) as (stream, name), \
            Reporter("render") as progress:
        work.render_trace(stream, name, targets, options, explicit=explicit,
                          progress=progress, allow_partial=partial, written=written)
    _summarise(written)


ConfigsArg = Annotated[list[str], typer.Argument(
    metavar="CONFIG", show_default=False,
    help="Configs: files, folders (every *.toml inside, recursively), quoted glob patterns "
    "('configs/**/*.toml') or bundled example names, in any mix.")]


@app.command()
@friendly
def run(
    configs: ConfigsArg,
    out_dir: Annotated[Path, typer.Option("--out-dir", help="Where to write "
                                          "<config name>.<ext> files.")] = Path("outputs"),
    formats: Annotated[str | None, typer.Option("--formats", help="Comma-separated formats, "
                                                "overriding [render] formats, e.g. "
                                                "mp4,gif,png.")] = None,
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None, duration: Duration = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Cores to use: "
                                             "configs worked on at once, each in its own "
                                             "process; their video encoders split the N "
                                             "cores (default: every core).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Make every config again, even "
                                        "those whose outputs are up to date.")] = False,
    gallery: Annotated[bool, typer.Option("--gallery", help="Also write OUT_DIR/index.html, "
                                          "a page showing every puzzle (see `puzzlereel "
                                          "gallery`).")] = False,
    executor: Annotated[str, typer.Option("--executor", metavar="local|dask",
                                          help="Where configs are worked on: processes of "
                                          "this machine, or a Dask cluster (pip install "
                                          "\"puzzlereel[dask]\").")] = "local",
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS",
                                                  help="--executor dask: the scheduler, "
                                                  "e.g. tcp://10.0.0.5:8786 (default: a "
                                                  "cluster of --jobs workers started "
                                                  "here).")] = None,
) -> None:
    """Solve puzzles and render each in every format its [render] table names.

    With one config: writes OUT_DIR/<config name>.jsonl (the trace) and
    OUT_DIR/<config name>.<ext> for each format ([render] formats, default mp4 and
    gif), prints their paths, and exits like `solve` (1 bad config, 3 no solution, 4 a
    limit).

    With several configs, a folder or a pattern: works on --jobs configs at once (an
    overview on stderr), skips every config whose outputs are up to date (a manifest in
    OUT_DIR records what each file was made from; --force makes all again), goes on
    past a bad config, and ends with a summary table.  Exit 0 when every config was
    solved, else the worst: 1 a config could not be used, then 4 a limit, then 3 no
    solution; 130 / 143 when Ctrl-C / SIGTERM stopped it (finished files stay,
    unfinished ones leave nothing).

    Examples:

    \b
      puzzlereel run configs/hakoiri-musume.toml
      puzzlereel run configs/hakoiri-musume.toml --out-dir site/media --formats mp4,png
      puzzlereel run configs/ --jobs 2
      puzzlereel run 'puzzles/**/*.toml' hakoiri-musume --out-dir site --gallery
      puzzlereel --progress plain run configs/ --force
      puzzlereel run configs/ --executor dask --scheduler tcp://10.0.0.5:8786
    """
    from puzzlereel import batch

    flags = _flags(fps, gif_fps, size, cell, speed, pause, easing, theme, no_title,
                   no_counter, no_labels, crf, duration)
    if executor == "local" and not batch.is_batch(configs):
        if scheduler is not None:
            raise UsageError("--scheduler: only with --executor dask")
        _run_one(Path(configs[0]), out_dir, flags, formats, max_states, max_memory)
        if gallery:
            _gallery(out_dir)
        return
    _run_batch(configs, batch.BatchOptions(
        out_dir=out_dir, flags=flags,
        formats=None if formats is None else work.parse_formats(formats),
        max_states=max_states, max_memory=_memory(max_memory), force=force,
        posters=gallery), jobs, executor, scheduler, gallery)


def _run_one(config: Path, out_dir: Path, flags: dict[str, Any], formats: str | None,
             max_states: int | None, max_memory: str | None) -> None:
    """``run`` with one config, as it has always worked: no manifest, no overview."""
    plan = work.plan_run(config, out_dir, flags, formats)
    with Reporter("search") as bar:
        options = _solve_options(max_states, None, bar, max_memory=max_memory)
        end = stoppable(lambda: work.solve_to(plan.loaded, plan.trace, options))
    work.check_outcome(end, config)
    written: list[Any] = []
    with work.open_trace(str(plan.trace)) as (stream, name), \
            Reporter("render") as progress:
        work.render_trace(stream, name, plan.targets, plan.options, explicit=plan.explicit,
                          progress=progress, written=written)
    _summarise(written)
    for _, path in plan.targets:
        typer.echo(str(path))


def _memory(max_memory: str | None) -> int | None:
    from puzzlereel.config import parse_size

    if max_memory is None:
        return None
    try:
        return parse_size(max_memory)
    except ValueError as exc:
        raise UsageError(f"--max-memory: {exc}") from None


def _run_batch(configs: list[str], options: BatchOptions, jobs: int | None, kind: str,
               scheduler: str | None, gallery: bool) -> None:
    """``run`` with many configs: plan, work (an overview on stderr), summarize."""
    from puzzlereel import batch, executors
    from puzzlereel.overview import Overview

    work.render_options(None, options.flags)        # a bad option stops the run at once
    if kind not in executors.EXECUTORS:
        raise UsageError(f"--executor: {kind!r} is not one of: "
                         f"{', '.join(executors.EXECUTORS)}")
    if kind == "local" and scheduler is not None:
        raise UsageError("--scheduler: only with --executor dask")
    plan = batch.plan(batch.collect(configs), options)
    workers = jobs or executors.default_jobs()
    with Overview(None, quiet=_quiet) as overview:
        with (executors.make(kind, workers, scheduler) if plan.jobs else executors.Idle()) \
                as runner:
            report = batch.run_plan(plan, runner, overview)
    if not _quiet:
        for line in batch.summary_lines(report):
            typer.echo(line)
    for result in report.results:
        if result.detail:                   # a bug's traceback, for the report
            typer.echo(result.detail.rstrip(), err=True)
    if report.signal_code is not None:
        message = report.interrupted.message if report.interrupted is not None \
            else "interrupted"
        fail(message, report.exit_code)
    if gallery:
        _gallery(options.out_dir, quiet=_quiet)
    if report.exit_code:
        raise typer.Exit(report.exit_code)


def _gallery(out_dir: Path, title: str | None = None, quiet: bool = False) -> Path:
    from puzzlereel import gallery as pages

    with Reporter("gallery") as bar:
        page = pages.build(out_dir, title=title or pages.DEFAULT_TITLE, progress=bar)
    if not quiet:
        typer.echo(str(page.path))
    return page.path


@app.command("gallery")
@friendly
def gallery_page(
    out_dir: Annotated[Path, typer.Argument(metavar="OUT_DIR", show_default=False,
                                            help="A folder of outputs: traces and their "
                                            "videos, GIFs and sheets.")],
    title: Annotated[str | None, typer.Option("--title", help="The page's heading "
                                              "(default: Puzzle gallery).")] = None,
) -> None:
    """Write OUT_DIR/index.html: one page with a card for every puzzle in the folder.

    Each card has the puzzle's title, what it asks, the answer, the search's
    statistics, the MP4 (muted, looping, with a poster frame) and links to the GIF,
    the PNG sheet and the trace.  The page has no script and loads nothing from the
    network: open it from disk or copy the folder to any static host.  Posters missing
    or older than their trace are drawn first (OUT_DIR/<name>.poster.png).

    Examples:

    \b
      puzzlereel run configs/ --out-dir site && puzzlereel gallery site
      puzzlereel gallery outputs --title "Sliding puzzles"
      puzzlereel run configs/ --out-dir site --gallery
    """
    _gallery(out_dir, title)


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
    gif: Annotated[bool, typer.Option("--gif", help="The GIF's frame (compact layout, at "
                                      "the GIF's frame rate) instead of the MP4's.")] = False,
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
                                stdin=sys.stdin, progress=progress, gif=gif)
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
            status = status or EXIT_CLOSED_PIPE
    os._exit(status)


def main() -> None:
    """Run the command line (``puzzlereel.command`` calls this once signals are set up)."""
    warnings.showwarning = _warning_line
    interrupts.install()
    try:
        app()
    except SystemExit as exc:
        _exit(exc.code)
    except interrupts.Interrupted as exc:      # outside a command: while parsing, say
        fail_now(exc.message, exc.exit_code)
    except KeyboardInterrupt:
        fail_now("interrupted", 130)
    except BrokenPipeError:
        _exit(EXIT_CLOSED_PIPE)
    _exit(0)


def fail_now(message: str, code: int) -> NoReturn:
    """One line on stderr, unfinished files removed, and leave with ``code``."""
    from puzzlereel import fileio

    fileio.remove_unfinished()
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(f"puzzlereel: {message}\n")
    _exit(code)


if __name__ == "__main__":
    main()
