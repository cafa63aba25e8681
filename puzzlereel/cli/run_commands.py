"""The commands of many configs: ``run`` (solve and render, skipping what is up to date)
and ``gallery`` (one page showing every puzzle of a folder)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlereel.actions import flags
from puzzlereel.batch import EXECUTORS
from puzzlereel.cli import completion
from puzzlereel.cli.parameters import (
    NO_FLAGS,
    MaxMemory,
    MaxStates,
    RenderFlags,
    file_path,
    text_path,
    with_render_flags,
)
from puzzlereel.ground import console
from puzzlereel.ground.exits import friendly
from puzzlereel.ground.formats import SUFFIXES as FORMATS

ConfigsArg = Annotated[list[str], typer.Argument(
    metavar="CONFIG", show_default=False,
    help="Configs: files, folders (every *.toml inside, recursively), quoted glob patterns "
    "('puzzles/**/*.toml') or bundled example names, in any mix.", parser=text_path,
    autocompletion=completion.configs)]


@friendly
@with_render_flags("run")
def run(
    configs: ConfigsArg,
    out_dir: Annotated[Path, typer.Option("--out-dir", metavar="DIR", help="Where to write "
                                          "<config name>.<ext> files.", parser=file_path)]
    = Path("outputs"),
    formats: Annotated[str | None, typer.Option("--formats", metavar="FORMAT,...",
                                                autocompletion=completion.comma_list(FORMATS),
                                                help="Comma-separated formats, overriding "
                                                "[render] formats: "
                                                f"{', '.join(FORMATS)} (e.g. mp4,gif,png)."
                                                )] = None,
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    given: RenderFlags = NO_FLAGS,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, metavar="N",
                                             help="Cores to use: "
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
    executor: Annotated[str, typer.Option("--executor", metavar="|".join(EXECUTORS),
                                          autocompletion=completion.choices(EXECUTORS),
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
    from puzzlereel.batch.overview import Overview

    console.usable(sys.stdout, "output")       # the summary and the paths go there
    runner.run(configs, out_dir, given, overview=lambda: Overview(None, quiet=console.quiet()),
               formats=formats, max_states=flags.within("max_states", max_states),
               max_memory=max_memory, jobs=flags.within("jobs", jobs),
               force=force, with_gallery=gallery, executor=executor, scheduler=scheduler)


@friendly
def gallery_page(
    out_dir: Annotated[Path, typer.Argument(metavar="OUT_DIR", show_default=False,
                                            help="A folder of outputs: traces and their "
                                            "videos, GIFs and sheets.", parser=file_path)],
    title: Annotated[str | None, typer.Option("--title", metavar="TEXT",
                                              help="The page's heading "
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
    your own by that name is shown as it is).  A trace that cannot be read or drawn is
    skipped with a warning, its card says why, and the page is written all the same,
    with exit 1.  An index.html that is not such a page (a file of your own) is left
    alone, with exit 1.  --force replaces both.

    Examples:

    \b
      puzzlereel run hakoiri-musume dads-puzzle --out-dir site
      puzzlereel gallery site
      puzzlereel gallery site --title "Sliding puzzles"
      puzzlereel run hakoiri-musume dads-puzzle --out-dir site --gallery
    """
    from puzzlereel.gallery import build as gallery

    made = gallery.write_page(out_dir, title, force=force)
    if made.exit_code:
        raise SystemExit(made.exit_code)


RUN_COMMANDS: dict[str, Callable[..., Any]] = {"run": run, "gallery": gallery_page}

__all__ = ["RUN_COMMANDS", "gallery_page", "run"]
