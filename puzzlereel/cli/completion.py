"""The values the shell completes after a command's arguments and options: example
names (and config files and folders) for a config, the families for ``new``, the
documentation's topics for ``docs``, and each option's choices (themes, easings,
targets, ...) as they are declared.

Each completer is called as typer's ``autocompletion`` is, with the context, the words
so far and the word being completed, and returns the values that start with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import typer

Completer = Callable[[typer.Context, list[str], str], list[str]]


def starting(values: Iterable[str], incomplete: str) -> list[str]:
    """The values that start with ``incomplete``, in their order."""
    return [value for value in values if value.startswith(incomplete)]


def choices(values: Iterable[str]) -> Completer:
    """A completer of a fixed set of names: an option's declared choices."""
    names = tuple(values)

    def complete(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
        return starting(names, incomplete)

    return complete


def comma_list(values: Iterable[str]) -> Completer:
    """A completer of a comma-separated list of names (``--formats mp4,gif``): the last
    name of the list."""
    names = tuple(values)

    def complete(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
        done, _, last = incomplete.rpartition(",")
        head = f"{done}," if done else ""
        return [head + name for name in starting(names, last)]

    return complete


def configs(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """A config: the bundled examples' names, then the config files (``*.toml``) and
    folders whose path starts with ``incomplete``."""
    return examples(ctx, args, incomplete) + paths(incomplete, (".toml",))


def configs_or_traces(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """A config or a trace: the examples' names, configs, traces (``*.jsonl``) and
    folders."""
    return examples(ctx, args, incomplete) + paths(incomplete, (".toml", ".jsonl"))


def paths(incomplete: str, suffixes: tuple[str, ...]) -> list[str]:
    """The folders (with a trailing ``/``) and the files of ``suffixes`` whose path
    starts with ``incomplete``, written as it is (relative or not)."""
    stem = incomplete.rpartition("/")[2]
    prefix = incomplete[:len(incomplete) - len(stem)]      # "", "my-puzzles/" or "/"
    try:
        entries = sorted(Path(prefix or ".").iterdir())
    except OSError:
        return []
    found = []
    for entry in entries:
        if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem):
            continue
        if entry.is_dir():
            found.append(f"{prefix}{entry.name}/")
        elif entry.suffix in suffixes:
            found.append(f"{prefix}{entry.name}")
    return found


def families(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """``new``'s families, as the registry names them."""
    from puzzlereel.registry import NAMES

    return starting(NAMES, incomplete)


def examples(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """The bundled examples' names."""
    from puzzlereel.catalog import examples as catalog

    return starting(catalog.names(), incomplete)


def topics(ctx: typer.Context, args: list[str], incomplete: str) -> list[str]:
    """The documentation's topics (``puzzlereel docs TOPIC``)."""
    from puzzlereel.catalog import manual

    return starting(manual.topics(), incomplete)


__all__ = ["Completer", "choices", "comma_list", "configs", "configs_or_traces", "examples",
           "families", "paths", "starting", "topics"]
