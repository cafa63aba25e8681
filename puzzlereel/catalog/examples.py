"""The example configs that ship inside the package, and finding a config by name.

The repository's ``configs/`` folder is installed as the data package
``puzzlereel.examples`` (``pyproject.toml``), so an installed ``puzzlereel`` carries one
example config per puzzle.  This module lists them (name, family, title, the published
answer when the config states it, a one-line description), copies one out to be edited,
and turns a command's config argument into a file: an existing path as given, else a
bundled example's name (``hakoiri-musume``), else ``ConfigError`` "no such file" with
the closest example names.

In a source checkout (and an editable install) the examples are the checkout's
``configs/`` itself, so a checkout, an editable install and a plain install read the
same files.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import IO

from puzzlereel.catalog import bundled
from puzzlereel.ground.config import ConfigError
from puzzlereel.ground.errors import PuzzlereelError, UsageError
from puzzlereel.ground.fileio import atomic_text, guarded
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.ground.utf8 import utf8_writer
from puzzlereel.ground.words import plural
from puzzlereel.registry import ALSO_CALLED, FAMILIES

EXAMPLES_PACKAGE = "puzzlereel.examples"
EXAMPLE_SUFFIX = ".toml"
BY_NAME_HINT = ("; the bundled examples work by name from any folder ('puzzlereel examples' "
           "lists them)")
DESCRIPTION_WIDTH = 78


class Exists(PuzzlereelError):
    """An output file that is already there (replaced only with ``--force``)."""

    def __init__(self, path: str | Path) -> None:
        super().__init__("already exists (use --force to replace it)", source=str(path))


def folder() -> Traversable:
    """Where the example configs are: the checkout's ``configs/`` or the installed
    ``puzzlereel/examples/``."""
    return bundled.folder("configs", EXAMPLES_PACKAGE, "the example configs")


def names() -> tuple[str, ...]:
    """Every example's name (its file name without ``.toml``), sorted."""
    return tuple(sorted(entry.name[:-len(EXAMPLE_SUFFIX)] for entry in folder().iterdir()
                        if entry.name.endswith(EXAMPLE_SUFFIX) and entry.is_file()))


def path_of(name: str) -> Path | None:
    """The file of the example called ``name`` (``.toml`` optional), if there is one."""
    stem = name[:-len(EXAMPLE_SUFFIX)] if name.endswith(EXAMPLE_SUFFIX) else name
    if not stem or stem not in names():
        return None
    entry = folder().joinpath(stem + EXAMPLE_SUFFIX)
    return entry if isinstance(entry, Path) else Path(str(entry))


def by_family() -> dict[str, tuple[str, ...]]:
    """Each other name of a family's puzzles (``klotski``) and the examples of that
    family, for suggesting them."""
    family_of = {item.name: item.family for item in examples()}
    return {alias: tuple(name for name, family in family_of.items() if family in meant)
            for alias, meant in ALSO_CALLED.items()}


def _is_bare_name(arg: str) -> bool:
    """A name like ``hakoiri-musume`` (no folder part), not a path."""
    return bool(arg) and "/" not in arg and "\\" not in arg and not arg.startswith(".")


def _missing_folder(path: Path) -> Path | None:
    """The first folder of ``path`` (a file's, or ``path`` itself when it names a
    folder) that does not exist, if one does not."""
    for folder in reversed(path.parents[:-1] if path.is_absolute() else path.parents):
        if str(folder) != "." and not folder.is_dir():
            return folder
    return None


def resolve(arg: str | Path) -> Path:
    """The config file a command was given: ``arg`` itself when it exists, else the
    bundled example of that name, else ``ConfigError`` (no such file, folder or
    example, with the closest names: of the files in its folder for a path, of the
    examples for a name; a folder that is not there, ``my-puzzles/``, says so)."""
    path = Path(arg)
    text = os.fspath(arg)
    if path.exists():
        return path
    if _is_bare_name(text):
        bundled = path_of(text)
        if bundled is not None:
            return bundled
    raise ConfigError(_missing(text, path), path=text)


def _missing(text: str, path: Path) -> str:
    """What is wrong with ``text``, a config that is not there, and the closest names."""
    if text.endswith(("/", os.sep)):
        return f"no such folder{_near_in(path.parent, path.name, folders=True) or BY_NAME_HINT}"
    folder = _missing_folder(path)
    stem = path.name[:-len(EXAMPLE_SUFFIX)] if path.name.endswith(EXAMPLE_SUFFIX) else path.name
    hint = did_you_mean(stem, names(), also=by_family())
    if folder is not None:
        return f"no such file (there is no folder {folder}){hint}"
    hint = (_near_in(path.parent, path.name) or _near_in(path.parent, path.name, folders=True)
            or hint)
    return f"no such file{hint}" if hint else f"no such file or folder{BY_NAME_HINT}"


def _near_in(folder: Path, name: str, *, folders: bool = False) -> str:
    """"; did you mean: FOLDER/NAME?" naming the files (or ``folders``) of ``folder``
    closest to ``name``, or ""."""
    suffix = "" if folders else Path(name).suffix      # compared without it: "dad" and
    try:                                                # "dads", not ".jsonl" and ".jsonl"
        entries = [entry.name[:len(entry.name) - len(suffix)] for entry in folder.iterdir()
                   if entry.is_dir() == folders and entry.name.endswith(suffix)
                   and not entry.name.startswith(".")]
    except OSError:
        return ""
    end = "/" if folders else ""
    return did_you_mean(name[:len(name) - len(suffix)], entries,
                        shown=lambda entry: f"{folder / (entry + suffix)}{end}")


# ---------------------------------------------------------------- the list


@dataclass(frozen=True)
class Example:
    """One bundled example config, as ``puzzlereel examples`` lists it."""

    name: str
    family: str
    title: str
    expect: int | None        # [solve] expect_moves: the published answer, when stated
    count_noun: str                 # what ``expect`` counts: "move", "guess", "solution"
    description: str
    path: Path

    @property
    def answer(self) -> str:
        """``"81 moves"``, ``"92 solutions"``, or ``""`` when the config states none."""
        if self.expect is None:
            return ""
        return f"{self.expect} {plural(self.count_noun, self.expect)}"


def description(text: str, width: int = DESCRIPTION_WIDTH) -> str:
    """A one-line description from a config's opening comment: its first sentence,
    without parentheses, cut to ``width`` characters."""
    comment: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("#"):
            break
        comment.append(stripped.lstrip("#").strip())
    words = " ".join(part for part in comment if part)
    while True:   # drop parenthesised asides (not formulas like "n * (n+1)"), innermost first
        shorter = re.sub(r"\s+\((?=[^()]*(?:\s|[^\x00-\x7f]))[^()]*\)", "", words)
        if shorter == words:
            break
        words = shorter
    sentence = words
    for stop in re.finditer(r"\.(?=\s|$)", words):   # the first sentence's full stop
        before = words[:stop.start()].split()
        if before and len(before[-1]) > 2:           # not an initial ("R. E. Korf")
            sentence = words[:stop.start() + 1]
            break
    if len(sentence) > width:
        sentence = sentence[:width - 1].rstrip() + "…"
    return sentence


def _example(path: Path) -> Example:
    text = path.read_text(encoding="utf-8-sig")   # a byte-order mark is no part of it
    data = tomllib.loads(text)
    puzzle = data.get("puzzle", {})
    name = str(puzzle.get("type", "?"))
    row = FAMILIES.get(name)
    expect = data.get("solve", {}).get("expect_moves")
    return Example(name=path.stem, family=name, title=str(data.get("title", path.stem)),
                   expect=expect if isinstance(expect, int) else None,
                   count_noun=row.count_noun if row is not None else "move",
                   description=description(text), path=path)


def examples() -> list[Example]:
    """Every bundled example, by name."""
    found = []
    for name in names():
        path = path_of(name)
        assert path is not None
        found.append(_example(path))
    return found


def example(name: str) -> Example:
    """The bundled example called ``name``, or ``UsageError`` naming the closest ones."""
    path = path_of(name)
    if path is None:
        hint = did_you_mean(name, names(), also=by_family()) or \
            " (`puzzlereel examples` lists them)"
        raise UsageError(f"no example called {name!r}{hint}", field="NAME")
    return _example(path)


def table_lines(items: list[Example], width: int | None = None) -> Iterator[str]:
    """``puzzlereel examples``: one row an example, columns aligned; with ``width``
    (a terminal's), descriptions are cut to fit it (to no fewer than 24 characters)."""
    header = ("name", "family", "answer", "title", "description")
    rows = [header] + [(e.name, e.family, e.answer or "-", e.title, e.description)
                       for e in items]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header) - 1)]
    room = None if width is None else max(24, width - sum(w + 2 for w in widths) - 1)
    for row in rows:
        cells = [cell.ljust(w) for cell, w in zip(row, widths)]
        last = row[-1]
        if room is not None and len(last) > room:
            last = last[:room - 1].rstrip() + "…"
        yield "  ".join([*cells, last]).rstrip()


# ---------------------------------------------------------------- writing configs out


@contextlib.contextmanager
def _target(output: str | Path, force: bool, stdout: IO[str] | None) -> Iterator[IO[str]]:
    if str(output) == "-":
        yield stdout if stdout is not None else sys.stdout
        return
    path = Path(output)
    if path.is_file() and not is_stream(path) and not force:   # a device (-o /dev/null),
        raise Exists(path)                                       # /dev/stdout: written
    with atomic_text(path) as handle:
        yield handle


def write_text(text: str, output: str | Path, *, force: bool = False,
               stdout: IO[str] | None = None) -> None:
    """Write a config's ``text`` to ``output`` ("-": ``stdout``) atomically; an existing
    file is replaced only with ``force`` (``Exists`` otherwise)."""
    with _target(output, force, stdout) as handle:
        utf8_writer(handle)(text)


def copy_out(name: str, output: str | Path, *, force: bool = False,
             stdout: IO[str] | None = None) -> Example:
    """Copy the bundled example ``name`` to ``output`` (see ``write_text``)."""
    found = example(name)
    with guarded(inputs=[found.path], outputs=[output]):
        write_text(found.path.read_text(encoding="utf-8"), output, force=force,
                   stdout=stdout)
    return found



def list_or_copy(name: str | None, output: str | None = None, *, force: bool = False) -> None:
    """``examples``: without ``name``, print the table of examples (as wide as the
    terminal, when stdout is one); else copy the example to ``output`` ("-" or None:
    stdout) and print the file's name."""
    from puzzlereel.ground import console

    if name is None:
        if output is not None:
            raise UsageError("-o: name the example to copy (puzzlereel examples NAME -o FILE)")
        width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
        for line in table_lines(examples(), width):
            console.echo(line)
        return
    copy_out(name, output or "-", force=force, stdout=sys.stdout)
    if output not in (None, "-") and not is_stream(output):   # not into -o /dev/stdout
        console.echo(str(output))

__all__ = ["EXAMPLES_PACKAGE", "Example", "Exists", "copy_out", "description", "example",
           "examples", "by_family", "folder", "list_or_copy", "names", "path_of", "plural",
           "resolve", "table_lines", "write_text"]
