"""The commands that write configs: ``examples`` (copy one that ships), ``new`` (a
family's commented template) and ``import`` (a collection, one config per puzzle).

Their options and help texts; ``puzzlereel.cli.commands`` registers them (``CONFIG_COMMANDS``) on
the
``puzzlereel`` command beside the others.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlereel.actions import flags
from puzzlereel.catalog import BLANKS, IMPORT_FORMATS
from puzzlereel.cli import completion
from puzzlereel.cli.parameters import Force, file_name, file_path, text_path
from puzzlereel.ground.exits import friendly
from puzzlereel.registry import NAMES
from puzzlereel.rules.sliding_block_layout import BLOCK_METRICS


@friendly
def examples(
    name: Annotated[str | None, typer.Argument(metavar="NAME",
                                               autocompletion=completion.examples,
                                               help="An example's name; "
                                               "without it, list every example.",
                                               show_default=False)] = None,
    output: Annotated[str | None, typer.Option("-o", "--output", metavar="FILE",
                                               help="Copy the example's "
                                               "config to this file ('-': stdout, the "
                                               "default).", parser=text_path)] = None,
    force: Force = False,
) -> None:
    """List the example configs that ship with puzzlereel, or copy one out to edit.

    The list gives each example's name, family, the published answer when it is known,
    title and what it is.  An example's name works wherever a config file is expected
    (solve, run, analyze, render --config, preview), from any folder.

    Examples:

    \b
      puzzlereel examples
      puzzlereel examples hakoiri-musume -o my.toml
      puzzlereel run hakoiri-musume --out-dir out
    """
    from puzzlereel.catalog import examples as catalog

    catalog.list_or_copy(name, output, force=force)


@friendly
def new(
    family: Annotated[str | None, typer.Argument(metavar="FAMILY",
                                                 autocompletion=completion.families,
                                                 help="The puzzle family "
                                                 "(new --list names them).",
                                                 show_default=False)] = None,
    output: Annotated[str, typer.Option("-o", "--output", metavar="FILE",
                                        help="The config to write ('-': "
                                        "stdout, the default).", parser=text_path)] = "-",
    list_families: Annotated[bool, typer.Option("--list", help="Name the families and "
                                                "what they are.")] = False,
    force: Force = False,
) -> None:
    """Write a commented starting config for a puzzle family.

    The config has every key the family reads, with its default and a one-line
    explanation, and solves as written (it describes a known puzzle of the family).
    Families: {families}.

    Examples:

    \b
      puzzlereel new --list
      puzzlereel new sliding-block -o puzzle.toml && puzzlereel solve puzzle.toml
      puzzlereel new peg-solitaire > pegs.toml
    """
    from puzzlereel.catalog import templates

    templates.new_config(family, output, list_families=list_families, force=force)


new.__doc__ = (new.__doc__ or "").replace("{families}", ", ".join(NAMES))   # the registry's


@friendly
def import_collection(
    fmt: Annotated[str, typer.Argument(metavar="FORMAT",
                                       autocompletion=completion.choices(IMPORT_FORMATS),
                                       help="The collection's format: "
                                       f"{', '.join(IMPORT_FORMATS)}.", show_default=False)],
    source: Annotated[str, typer.Argument(metavar="FILE", help="The collection: a file, "
                                          "or '-' for stdin.", show_default=False,
                                          parser=text_path)],
    out_dir: Annotated[Path, typer.Option("-o", "--out-dir", metavar="DIR",
                                          help="The folder to write the "
                                          "configs into.", parser=file_path)],
    name: Annotated[str | None, typer.Option("--name", metavar="NAME",
                                             help="Configs are NAME-LINE.toml "
                                             "(default: the source's file name); a plain "
                                             "name, no folder part.", parser=file_name)]
    = None,
    blank: Annotated[str | None, typer.Option("--blank", metavar="|".join(BLANKS),
                                              autocompletion=completion.choices(BLANKS),
                                              help="tiles: where the goal has the blank "
                                              f"(default {BLANKS[0]}; Korf's: "
                                              "first).")] = None,
    size: Annotated[str | None, typer.Option("--size", metavar="ROWSxCOLS",
                                             help="tiles: the board (default: a "
                                             "square of the count).")] = None,
    skip: Annotated[int | None, typer.Option("--skip", min=0, metavar="N",
                                             help="tiles: leading numbers of "
                                             "each line to ignore (an instance number).")]
    = None,
    with_moves: Annotated[bool, typer.Option("--with-moves", help="tiles: the last number of "
                                             "each line is its optimal length.")] = False,
    pdb: Annotated[str | None, typer.Option("--pdb", metavar="SIZES",
                                            help="tiles: the configs' pattern "
                                            "databases, e.g. 6-6-3.")] = None,
    piece: Annotated[str | None, typer.Option("--piece", metavar="LETTER",
                                              help="klotski: the goal piece "
                                              "(default: the largest).")] = None,
    at: Annotated[str | None, typer.Option("--at", metavar="X,Y",
                                           help="klotski: where the goal "
                                           "piece's top-left cell must end (default: bottom "
                                           "centre).")] = None,
    metric: Annotated[str | None, typer.Option("--metric", metavar="|".join(BLOCK_METRICS),
                                               autocompletion=completion.choices(BLOCK_METRICS),
                                               help="klotski: what counts as one move "
                                               f"(default {BLOCK_METRICS[0]})."
                                               )] = None,
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

    \b
      puzzlereel import rush-hour rush.txt -o rush
      puzzlereel import tiles korf100.txt -o korf --blank first --pdb 6-6-3
      puzzlereel import klotski layouts.txt -o klotski --piece A --at 1,3
    """
    from puzzlereel.catalog import importers

    tiles, klotski = flags.import_options(fmt, blank=blank, size=size, skip=skip,
                                          with_moves=with_moves, pdb=pdb, piece=piece, at=at,
                                          metric=metric)
    importers.import_file(fmt, source, out_dir, prefix=name, tiles=tiles, klotski=klotski,
                          force=force)


CONFIG_COMMANDS: dict[str, Callable[..., Any]] = {"examples": examples, "new": new,
                                           "import": import_collection}

__all__ = ["CONFIG_COMMANDS", "examples", "import_collection", "new"]
