"""The ``puzzlereel`` command: the typer application, its root options (``--version``,
``--quiet``, ``--progress``) and its commands, registered in the order ``--help`` lists them.

This is the edge of the program, and its top floor: each command (``solve_commands``,
``render_commands``, ``run_commands``, ``config_commands``) declares its options and
calls the function of the floor below that does its work, wrapped in ``exits.friendly``,
which turns every expected problem into one line on stderr and the error's exit code.
"""

from __future__ import annotations

from typing import Annotated

import typer

from puzzlereel import __version__
from puzzlereel.cli import (
    completion,
    config_commands,
    docs_commands,
    help_text,
    render_commands,
    run_commands,
    solve_commands,
)
from puzzlereel.ground import console, exits, progress

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
    progress_mode: Annotated[str, typer.Option("--progress",
                                               metavar="|".join(progress.PROGRESS_MODES),
                                               autocompletion=completion.choices(progress.PROGRESS_MODES),
                                               help="How long work shows progress on "
                                               "stderr: a live bar (on a terminal), plain "
                                               "lines every few seconds (logs, pipes), or "
                                               "nothing.")] = "auto",
) -> None:
    """Solve classic puzzles optimally and turn the solutions into videos."""
    if progress_mode not in progress.PROGRESS_MODES:
        raise typer.BadParameter(f"{progress_mode!r} is not one of: "
                                 f"{', '.join(progress.PROGRESS_MODES)}", param_hint="--progress")
    console.start(progress_mode, quiet)


# the commands, in the order --help lists them
ORDER = ("solve", "validate", "show", "analyze", "render", "run", "gallery", "preview",
         "examples", "new", "import", "docs")
COMMANDS = {**solve_commands.SOLVE_COMMANDS, **render_commands.RENDER_COMMANDS,
            **run_commands.RUN_COMMANDS,
            **config_commands.CONFIG_COMMANDS, **docs_commands.DOCS_COMMANDS}
for _name in ORDER:
    app.command(_name, cls=help_text.Command)(COMMANDS[_name])


def main() -> None:
    """Run the command line (``puzzlereel.cli.main`` calls this once signals are set up)."""
    exits.main(app)


if __name__ == "__main__":
    main()
