"""The command that prints the documentation installed with the package: ``docs`` (its
topics, or one topic as plain text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer

from puzzlereel.cli import completion
from puzzlereel.ground import console
from puzzlereel.ground.exits import friendly


@friendly
def docs(
    topic: Annotated[str | None, typer.Argument(metavar="TOPIC",
                                                autocompletion=completion.topics,
                                                help="A topic's name; without it, list "
                                                "every topic.", show_default=False)] = None,
) -> None:
    """Print the documentation that comes with puzzlereel, as plain text.

    Without a topic, list the topics and where the same docs are online; with one,
    print it (pipe it to a pager such as less to page through it).  A link to another
    topic reads "puzzlereel docs TOPIC"; a link to a picture or another file of the
    repository is its address online.

    Examples:

    \b
      puzzlereel docs
      puzzlereel docs rendering
      puzzlereel docs batch > batch.md
    """
    from puzzlereel.catalog import manual

    if topic is None:
        for line in manual.listing():
            console.echo(line)
    else:
        console.echo(manual.text(topic).rstrip("\n"))


DOCS_COMMANDS: dict[str, Callable[..., Any]] = {"docs": docs}

__all__ = ["DOCS_COMMANDS", "docs"]
