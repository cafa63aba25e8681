"""The ``puzzlereel`` command: its commands, their options and help texts.

This is the edge of the program, and its top floor: each command declares its options
and calls the function of the floor below that does its work (``puzzlereel.app``,
``batch.runner``, ``gallery``, ...), wrapped in ``exits.friendly``, which turns every
expected problem into one line on stderr and the error's exit code.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from puzzlereel import __version__, analysis, config_commands, console, exits, flags, progress
from puzzlereel import app as work
from puzzlereel.exits import friendly
from puzzlereel.parameters import (
    Cell,
    ConfigArg,
    Crf,
    Duration,
    Easing,
    Fps,
    GifFps,
    MaxMemory,
    MaxStates,
    NoCounter,
    NoLabels,
    NoTitle,
    Pause,
    Search,
    Size,
    Sound,
    Speed,
    Target,
    Theme,
    TraceArg,
    file_path,
    text_path,
)

app = typer.Typer(
    name="puzzlereel",
    cls=exits.Commands,
    help="Solve classic puzzles optimally and turn the solutions into videos.\n\n"
    "Examples:\n\n"
    "\b\n"   # click prints the lines of a paragraph that starts with \b as they are
    "  puzzlereel solve hakoiri-musume -o hakoiri.jsonl\n"
    "  puzzlereel show hakoiri.jsonl\n"
    "  puzzlereel solve hakoiri-musume | puzzlereel validate -\n"
    "  puzzlereel analyze hakoiri-musume --json\n"
    "  puzzlereel render hakoiri.jsonl -o hakoiri.mp4\n"
    "  puzzlereel run hakoiri-musume --out-dir outputs",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

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
    if progress_mode not in progress.MODES:
        raise typer.BadParameter(f"{progress_mode!r} is not one of: "
                                 f"{', '.join(progress.MODES)}", param_hint="--progress")
    console.start(progress_mode, quiet)


@app.command()
@friendly
def solve(
    config: ConfigArg,
    output: Annotated[str, typer.Option("-o", "--output", help="Trace file to write; '-' "
                                        "(the default) is stdout.", parser=text_path)] = "-",
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    algorithm: Annotated[str | None, typer.Option("--algorithm", help="Override [solve] "
                                                  "algorithm.")] = None,
) -> None:
    """Solve a puzzle optimally and write its trace (JSON Lines).

    Examples:

    \b
      puzzlereel solve hakoiri-musume -o hakoiri.jsonl
      puzzlereel solve dads-puzzle | puzzlereel show -

    Exit codes: 0 solved, 1 bad config, 3 no solution (proved), 4 --max-states or
    --max-memory reached (the trace so far is written, valid, with status "limit").
    """
    work.solve_config(config, output, max_states=max_states, max_memory=max_memory,
                      algorithm=algorithm, stdout=sys.stdout)


@app.command()
@friendly
def validate(trace: TraceArg) -> None:
    """Check that a trace is well-formed and that every move is legal.

    Exit 0 and a one-line summary if it is; exit 1 with the line and field if not.

    Examples:

    \b
      puzzlereel validate hakoiri.jsonl
      puzzlereel solve hakoiri-musume | puzzlereel validate -
    """
    with work.open_trace(trace, sys.stdin) as (stream, name):
        for line in work.validate_lines(stream, name):
            console.echo(line)


@app.command()
@friendly
def show(trace: TraceArg) -> None:
    """Print the solution as numbered text boards, checking each move on the way.

    Examples:

    \b
      puzzlereel show hakoiri.jsonl
      puzzlereel solve hakoiri-musume | puzzlereel show -
    """
    with work.open_trace(trace, sys.stdin) as (stream, name):
        for line in work.show_lines(stream, name):
            console.echo(line)


@app.command()
@friendly
def analyze(
    config: ConfigArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Also draw the whole space "
                                              "(positions by depth, the start and the "
                                              "farthest marked) as a PNG chart.",
                                              parser=file_path)] = None,
    video: Annotated[Path | None, typer.Option("--video", help="Also make a short video "
                                               "(.mp4, .webm or .gif) of the whole space "
                                               "growing layer by layer. A device or pipe "
                                               "without a suffix (--video /dev/null) gets "
                                               "the MP4.", parser=file_path)]
    = None,
    farthest: Annotated[bool, typer.Option("--farthest", help="Also search for the positions "
                                           "farthest from the goal (where the puzzle "
                                           "supports it).")] = False,
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
) -> None:
    """Explore a puzzle's whole search space: positions, depths, farthest positions.

    Examples:

    \b
      puzzlereel analyze hakoiri-musume --json
      puzzlereel analyze hakoiri-musume --plot depths.png
      puzzlereel analyze eight-puzzle --video space.mp4
    """
    result = analysis.analyze_config(config, plot=plot, video=video, farthest=farthest,
                                 max_states=max_states, max_memory=max_memory)
    for line in analysis.analysis_lines(result, as_json=as_json):
        console.echo(line)
    code = analysis.analysis_exit_code(result)
    if code:
        raise typer.Exit(code)


# ---------------------------------------------------------------- render / run

@app.command()
@friendly
def render(
    trace: TraceArg,
    output: Annotated[list[Path], typer.Option("-o", "--output", help="Output file: .mp4, "
                                               ".webm, .gif, .png (contact sheet), .vtt "
                                               "(subtitles), .svg (animated) or .html "
                                               "(player); repeat to write several in one "
                                               "pass. A device or pipe without a suffix "
                                               "(-o /dev/null) gets the MP4.",
                                               parser=file_path)],
    config: Annotated[Path | None, typer.Option("--config", help="Take [render] options "
                                                "from this config file.", parser=file_path)]
    = None,
    partial: Annotated[bool, typer.Option("--partial", help="Render a trace that stops "
                                          "without its 'end' line instead of failing.")]
    = False,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None, duration: Duration = None, target: Target = None, search: Search = None,
    sound: Sound = None,
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
      puzzlereel render hakoiri.jsonl -o short.mp4 --target shorts --sound --search
      puzzlereel render hakoiri.jsonl -o sheet.png -o small.gif --cell 24 --theme dark
      puzzlereel render hakoiri.jsonl -o fast.mp4 --speed 0.1 --no-title --fps 60
      puzzlereel render hakoiri.jsonl -o hakoiri.svg -o hakoiri.html -o hakoiri.vtt
    """
    given = flags.render_flags(fps, gif_fps, size, cell, speed, pause, easing, theme, no_title,
                               no_counter, no_labels, crf, duration, target=target,
                               search=search, sound=sound)
    console.summarise(work.render_files(trace, output, given, config=config,
                                        allow_partial=partial, stdin=sys.stdin))


ConfigsArg = Annotated[list[str], typer.Argument(
    metavar="CONFIG", show_default=False,
    help="Configs: files, folders (every *.toml inside, recursively), quoted glob patterns "
    "('puzzles/**/*.toml') or bundled example names, in any mix.", parser=text_path)]


@app.command()
@friendly
def run(
    configs: ConfigsArg,
    out_dir: Annotated[Path, typer.Option("--out-dir", help="Where to write "
                                          "<config name>.<ext> files.", parser=file_path)]
    = Path("outputs"),
    formats: Annotated[str | None, typer.Option("--formats", help="Comma-separated formats, "
                                                "overriding [render] formats: mp4, webm, "
                                                "gif, png, vtt, svg, html (e.g. "
                                                "mp4,gif,png).")] = None,
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    fps: Fps = None, gif_fps: GifFps = None, size: Size = None, cell: Cell = None,
    speed: Speed = None, pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    crf: Crf = None, duration: Duration = None, target: Target = None, search: Search = None,
    sound: Sound = None,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, help="Cores to use: "
                                             "configs worked on at once, each in its own "
                                             "process; their video encoders split the N "
                                             "cores (default: every core).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Make every config again, even "
                                        "those whose outputs are up to date, replacing "
                                        "files of their names that it did not make (and "
                                        "an index.html of the user's, with "
                                        "--gallery).")] = False,
    gallery: Annotated[bool, typer.Option("--gallery", help="Also write OUT_DIR/index.html, "
                                          "a page showing every puzzle (see `puzzlereel "
                                          "gallery`).")] = False,
    executor: Annotated[str, typer.Option("--executor", metavar="local|dask",
                                          help="Where configs are worked on: processes of "
                                          "this machine, or a Dask cluster (Dask: "
                                          "python3 -m pip install distributed).")]
    = "local",
    scheduler: Annotated[str | None, typer.Option("--scheduler", metavar="ADDRESS",
                                                  help="--executor dask: the scheduler, "
                                                  "e.g. tcp://10.0.0.5:8786 (default: a "
                                                  "cluster of --jobs workers started "
                                                  "here).")] = None,
) -> None:
    """Solve puzzles and render each in every format its [render] table names.

    Skips what is up to date: a manifest in OUT_DIR records what each file was made
    from (--force makes all again).  Replaces or removes only files the manifest records
    as the same config's: a file of the user's where an output goes, or the outputs of
    another config of the same name, stop that config (exit 1) unless --force.

    With one config: writes OUT_DIR/<config name>.jsonl (the trace) and
    OUT_DIR/<config name>.<ext> for each format ([render] formats, default mp4 and
    gif), prints their paths, and exits like `solve` (1 bad config, 3 no solution, 4 a
    limit).

    With several configs, a folder or a pattern: works on --jobs configs at once (an
    overview on stderr), goes on past a bad config, and ends with a summary table.
    Exit 0 when every config was solved, else the worst: 1 a config could not be used,
    then 4 a limit, then 3 no solution; 130 / 143 when Ctrl-C / SIGTERM stopped it
    (finished files stay, unfinished ones leave nothing).

    Examples:

    \b
      puzzlereel run hakoiri-musume
      puzzlereel run hakoiri-musume --out-dir site/media --formats mp4,png
      puzzlereel run hakoiri-musume dads-puzzle hoppers --jobs 2
      puzzlereel run my-puzzles/ 'more/**/*.toml' --out-dir site --gallery
      puzzlereel --progress plain run my-puzzles/ --force
      puzzlereel run my-puzzles/ --executor dask --scheduler tcp://10.0.0.5:8786
    """
    from puzzlereel.batch import runner
    from puzzlereel.overview import Overview

    console.usable(sys.stdout, "output")       # the summary and the paths go there
    given = flags.render_flags(fps, gif_fps, size, cell, speed, pause, easing, theme, no_title,
                               no_counter, no_labels, crf, duration, target=target,
                               search=search, sound=sound)
    runner.run(configs, out_dir, given, overview=lambda: Overview(None, quiet=console.quiet()),
               formats=formats, max_states=flags.within("max_states", max_states),
               max_memory=max_memory, jobs=flags.within("jobs", jobs),
               force=force, with_gallery=gallery, executor=executor, scheduler=scheduler)


@app.command("gallery")
@friendly
def gallery_page(
    out_dir: Annotated[Path, typer.Argument(metavar="OUT_DIR", show_default=False,
                                            help="A folder of outputs: traces and their "
                                            "videos, GIFs and sheets.", parser=file_path)],
    title: Annotated[str | None, typer.Option("--title", help="The page's heading "
                                              "(default: Puzzle gallery).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace OUT_DIR/index.html and "
                                        "the posters even when they are files of your "
                                        "own, not made by puzzlereel.")] = False,
) -> None:
    """Write OUT_DIR/index.html: one page with a card for every puzzle in the folder.

    Each card has the puzzle's title, what it asks, the answer, the search's
    statistics, the MP4 (playing muted, looping, with a poster frame) and links to the GIF,
    the PNG sheet and the trace.  The page has no script and loads nothing from the
    network: open it from disk or copy the folder to any static host.  Posters missing
    or older than their trace are drawn first (OUT_DIR/<name>.poster.png; a picture of
    your own by that name is shown as it is).  An index.html that is not such a page
    (a file of your own) is left alone, with exit 1.  --force replaces both.

    Examples:

    \b
      puzzlereel run hakoiri-musume dads-puzzle --out-dir site && puzzlereel gallery site
      puzzlereel gallery site --title "Sliding puzzles"
      puzzlereel run hakoiri-musume dads-puzzle --out-dir site --gallery
    """
    from puzzlereel import gallery

    gallery.write_page(out_dir, title, force=force)


# ---------------------------------------------------------------- preview

@app.command()
@friendly
def preview(
    source: Annotated[str, typer.Argument(metavar="CONFIG_OR_TRACE", help="A trace ('-' = "
                                          "stdin), a config, or an example's name.",
                                          show_default=False, parser=text_path)],
    output: Annotated[Path, typer.Option("-o", "--output", help="The PNG file to write.",
                                         parser=file_path)],
    move: Annotated[int | None, typer.Option("--move", help="The position after move N (0, "
                                             "the default: the start).")] = None,
    at_time: Annotated[float | None, typer.Option("--time", help="The frame shown at this "
                                                  "many seconds into the video.")] = None,
    opening: Annotated[bool, typer.Option("--title", help="The opening: the start "
                                          "position with the title.")] = False,
    last: Annotated[bool, typer.Option("--end", help="The ending: the last position with "
                                       "the result.")] = False,
    gif: Annotated[bool, typer.Option("--gif", help="The GIF's frame (compact layout, at "
                                      "the GIF's frame rate) instead of the MP4's.")] = False,
    config: Annotated[Path | None, typer.Option("--config", help="With a trace: take "
                                                "[render] options from this config.",
                                                parser=file_path)] = None,
    trace: Annotated[Path | None, typer.Option("--trace", help="With a config: keep the "
                                               "solved trace in this file.",
                                               parser=file_path)] = None,
    fps: Fps = None, size: Size = None, cell: Cell = None, speed: Speed = None,
    pause: Pause = None, easing: Easing = None, theme: Theme = None,
    no_title: NoTitle = False, no_counter: NoCounter = False, no_labels: NoLabels = False,
    target: Target = None, search: Search = None,
) -> None:
    """Draw one frame of the video as a PNG, exactly as render draws it.

    The frame has the same scene, options and timing as `render` (a config's [render]
    table, then the options given here), and takes well under a second once the trace
    exists: tune colours, themes and sizes without rendering the whole video.  From a
    config it solves first (into a temporary trace, or the file --trace names).

    Examples:

      puzzlereel preview hakoiri.jsonl -o frame.png --move 40

      puzzlereel preview hakoiri-musume -o frame.png --theme dark --trace hakoiri.jsonl

      puzzlereel preview hakoiri.jsonl -o opening.png --title --size 1280x720

      puzzlereel preview hakoiri.jsonl -o t.png --time 12.5 --config my.toml
    """
    from puzzlereel import preview as pictures

    when = pictures.moment(move, at_time, opening, last)
    given = flags.render_flags(fps, None, size, cell, speed, pause, easing, theme, no_title,
                               no_counter, no_labels, None, target=target, search=search)
    with progress.Reporter("preview") as bar:
        done = pictures.preview(source, output, when, given, config=config, keep_trace=trace,
                                stdin=sys.stdin, progress=bar, gif=gif)
    console.echo(f"{done.output}: {when}, frame {done.frame.index} at "
                 f"{done.frame.seconds:.2f} s")


# the commands that write configs: examples, new, import
for _name, _command in config_commands.COMMANDS.items():
    app.command(_name)(friendly(_command))


def main() -> None:
    """Run the command line (``puzzlereel.command`` calls this once signals are set up)."""
    exits.main(app)


if __name__ == "__main__":
    main()
