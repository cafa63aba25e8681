"""The commands of a config or a trace that draw nothing: ``solve`` (a config to its trace),
``validate`` and ``show`` (a trace checked, or told as boards) and ``analyze``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from puzzlereel.actions import analyze as analysis
from puzzlereel.actions.show import open_trace, show_lines, validate_lines
from puzzlereel.actions.solve import solve_config
from puzzlereel.cli import completion
from puzzlereel.cli.help_text import streamed, suffixes
from puzzlereel.cli.parameters import (
    ConfigArg,
    MaxMemory,
    MaxStates,
    TraceArg,
    file_path,
    text_path,
)
from puzzlereel.ground import console
from puzzlereel.ground.exits import friendly
from puzzlereel.ground.formats import CHARTS
from puzzlereel.registry import ALGORITHMS, FAMILIES


def algorithms_by_family() -> str:
    """Each family's algorithms, as its registry row declares them."""
    return "; ".join(f"{row.name} {', '.join(row.algorithms)}" for row in FAMILIES.values()
                     if row.algorithms)


@friendly
def solve(
    config: ConfigArg,
    output: Annotated[str, typer.Option("-o", "--output", metavar="FILE",
                                        help="Trace file to write; '-' "
                                        "(the default) is stdout.", parser=text_path)] = "-",
    max_states: MaxStates = None,
    max_memory: MaxMemory = None,
    algorithm: Annotated[str | None, typer.Option("--algorithm", metavar="NAME",
                                                  autocompletion=completion.choices(ALGORITHMS),
                                                  help="Override [solve] algorithm: "
                                                  f"{algorithms_by_family()}.")] = None,
) -> None:
    """Solve a puzzle optimally and write its trace (JSON Lines).

    Examples:

    \b
      puzzlereel solve hakoiri-musume -o hakoiri.jsonl
      puzzlereel solve dads-puzzle | puzzlereel show -

    Exit codes: 0 solved, 1 bad config, 3 no solution (proved), 4 --max-states or
    --max-memory reached (the trace so far is written, valid, with status "limit").
    """
    solve_config(config, output, max_states=max_states, max_memory=max_memory,
                 algorithm=algorithm, stdout=sys.stdout)


@friendly
def validate(trace: TraceArg) -> None:
    """Check that a trace is well-formed and that every move is legal.

    Exit 0 and a one-line summary if it is; exit 1 with the line and field if not.

    Examples:

    \b
      puzzlereel validate hakoiri.jsonl
      puzzlereel solve hakoiri-musume | puzzlereel validate -
    """
    with open_trace(trace, sys.stdin) as (stream, name):
        for line in validate_lines(stream, name):
            console.echo(line)


@friendly
def show(trace: TraceArg) -> None:
    """Print the solution as numbered text boards, checking each move on the way.

    Examples:

    \b
      puzzlereel show hakoiri.jsonl
      puzzlereel solve hakoiri-musume | puzzlereel show -
    """
    with open_trace(trace, sys.stdin) as (stream, name):
        for line in show_lines(stream, name):
            console.echo(line)


@friendly
def analyze(
    config: ConfigArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", metavar="FILE",
                                              help="Also draw the whole space "
                                              "(positions by depth, the start and the "
                                              "farthest marked) as a PNG chart.",
                                              parser=file_path)] = None,
    video: Annotated[Path | None, typer.Option("--video", metavar="FILE",
                                               help="Also make a short video "
                                               f"({suffixes(CHARTS)}) of the whole space "
                                               "growing layer by layer. "
                                               + streamed("--video"), parser=file_path)]
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


SOLVE_COMMANDS: dict[str, Callable[..., Any]] = {"solve": solve, "validate": validate, "show": show,
                                           "analyze": analyze}

__all__ = ["SOLVE_COMMANDS", "analyze", "show", "solve", "validate"]
