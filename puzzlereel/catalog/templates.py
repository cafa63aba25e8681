"""Starting configs for ``puzzlereel new``: one commented template per puzzle family.

Each family's template (the file its registry row names in
``puzzlereel/config-templates/``, shipped inside the package) holds every key the
family's loader reads, with its default and a one-line explanation, and describes a real
puzzle that solves as written; the ``[render]`` table every family shares is kept once
(``render.toml``) and added at the end.

The templates are also the list of the keys a config may hold (``keys``): a key no
template shows is one no loader reads, and ``check_keys`` refuses it, naming its line,
as ``solve()`` refuses such a keyword argument, with the same message.
"""

from __future__ import annotations

import functools
import importlib.resources
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import IO

from puzzlereel.catalog.examples import description, write_text
from puzzlereel.ground.config import Config
from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.fileio import guarded
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.registry import ALSO_CALLED, FAMILIES, NAMES

TEMPLATES_PACKAGE = "puzzlereel"
TEMPLATES_FOLDER = ("config-templates",)
RENDER = "render.toml"


@dataclass(frozen=True)
class Template:
    """One family's starting config."""

    family: str
    text: str

    @property
    def description(self) -> str:
        """The template's first sentence (``new --list``)."""
        return description(self.text)


def _entry(name: str) -> Traversable:
    return importlib.resources.files(TEMPLATES_PACKAGE).joinpath(*TEMPLATES_FOLDER, name)


def _read(name: str) -> str:
    return _entry(name).read_text(encoding="utf-8")


def sources(family: str) -> list[str]:
    """The files ``family``'s template is read from, where they are files on disk (a
    config written must never replace them)."""
    return [str(entry) for name in (FAMILIES[family].template, RENDER)
            if isinstance(entry := _entry(name), Path)]


def families() -> tuple[str, ...]:
    """The families ``new`` writes a template for: every one of them."""
    return NAMES


def template(family: str) -> Template:
    """The template for ``family`` (its ``[puzzle] type``), or ``UsageError`` naming
    the closest families."""
    if family not in NAMES:
        hint = (did_you_mean(family, NAMES, also=ALSO_CALLED)
                or f" (known: {', '.join(NAMES)})")
        raise UsageError(f"no puzzle family {family!r}{hint}", field="FAMILY")
    return Template(family, _read(FAMILIES[family].template) + _read(RENDER))


def templates() -> list[Template]:
    """Every family's template, in the registry's order."""
    return [template(family) for family in NAMES]


TOP_KEYS = ("title", "goal_text", "puzzle", "solve", "render")   # outside every table
TABLES = ("puzzle", "solve", "render")
ALIASES = {"colors": "colours"}    # a key that may also be spelt the other way


def _table_keys(text: str, table: str) -> tuple[str, ...]:
    """The keys a template's ``[table]`` sets or shows commented out (``# key = ...``),
    in its order."""
    found = re.search(rf"^\[{table}\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    if found is None:
        return ()
    keys = re.findall(r"^#? ?([a-z_]+) *=", found.group(1), re.M)
    keys += [ALIASES[key] for key in keys if key in ALIASES]
    return tuple(dict.fromkeys(keys))


@functools.cache
def keys(family: str, table: str) -> tuple[str, ...]:
    """The keys ``family``'s configs may hold in ``[table]`` (``puzzle``, ``solve`` or
    ``render``; ``""``: outside every table): the ones its template sets or shows, which
    are every key its loader and the renderer read."""
    if table == "":
        return TOP_KEYS
    name = RENDER if table == "render" else FAMILIES[family].template
    return _table_keys(_read(name), table)


def solve_keys(family: str) -> tuple[str, ...]:
    """The ``[solve]`` keys ``family``'s loader reads, in its template's order: the keys
    the template sets and those it shows commented out (``# max_memory = "2G"``)."""
    return keys(family, "solve")


def unknown_key(family: str, table: str, key: str, extra: tuple[str, ...] = ()) -> str | None:
    """The problem with ``key`` in ``[table]`` of a ``family`` config (None: a key it
    reads): the one message for a config's key and for ``solve()``'s keyword argument
    (whose ``extra`` keywords are known too)."""
    known = (*keys(family, table), *extra)
    if key in known:
        return None
    where = f"a [{table}] key" if table else "a top-level key"
    of = f" of {family} puzzles" if table in ("puzzle", "solve") else ""
    return f"not {where}{of} (known: {', '.join(known)}){did_you_mean(key, known)}"


def check_keys(config: Config, family: str, tables: tuple[str, ...] = ("", *TABLES)) -> None:
    """``ConfigError`` naming the file, line and key of the first key in ``tables`` of
    ``config`` that ``family`` does not read (a misspelt key is never silently unused)."""
    for table in tables:
        entries = config.data if table == "" else config.section(table)
        for key in entries:
            problem = unknown_key(family, table, str(key))
            if problem is not None:
                dotted = f"{table}.{key}" if table else str(key)
                raise config.error(dotted, problem)


def list_lines() -> Iterator[str]:
    """``new --list``: one family a line, with what it is."""
    width = max(len(family) for family in NAMES)
    for item in templates():
        yield f"{item.family.ljust(width)}  {item.description}"


def write_new(family: str, output: str | Path, *, force: bool = False,
              stdout: IO[str] | None = None) -> Template:
    """Write ``family``'s template to ``output`` ("-": ``stdout``), atomically; an
    existing file is replaced only with ``force``."""
    found = template(family)
    with guarded(inputs=sources(family), outputs=[output]):
        write_text(found.text, output, force=force, stdout=stdout)
    return found



def new_config(family: str | None, output: str = "-", *, list_families: bool = False,
               force: bool = False) -> None:
    """``new``: with ``list_families``, print the families; else write ``family``'s
    template to ``output`` ("-": stdout) and print the file's name."""
    from puzzlereel.ground import console

    if list_families:
        if family is not None:
            raise UsageError("--list: give it alone, without FAMILY")
        for line in list_lines():
            console.echo(line)
        return
    if family is None:
        raise UsageError("FAMILY: name a puzzle family (puzzlereel new --list names them)")
    write_new(family, output, force=force, stdout=sys.stdout)
    if output != "-" and not is_stream(output):             # not into -o /dev/stdout
        console.echo(output)

__all__ = ["TABLES", "TOP_KEYS", "Template", "check_keys", "families", "keys", "list_lines",
           "new_config", "solve_keys", "template", "templates", "unknown_key", "write_new"]
