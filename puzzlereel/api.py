"""puzzlereel from Python: ``solve`` a puzzle, ``load`` a trace; both give a ``Solution``.

``solve`` takes an example's name (``"hakoiri-musume"``), a config's path, a config's
TOML text or the same tables as a dict, and the ``[solve]`` keys of the puzzle's family
as keyword arguments (``metric="line"``, ``expect_moves=None`` to drop a check);
``max_states`` stops the search as ``--max-states`` does.  ``load`` takes a trace's
path, an open file or the JSON Lines text itself, and checks every move as ``validate``
does.  A string is a file's name when a file of that name exists (``given_text``); an
empty one is a ``UsageError``, never the current folder.  Problems are the command
line's ``PuzzlereelError`` subclasses with its one-line messages; an argument of the
wrong type is a ``TypeError``.

The command line's ``solve``, ``render`` and ``run`` and the functions here share
``actions.solve.solve_traced`` and ``actions.draw.render_outputs``, so a search or a
render is done one way whichever route asked for it.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any, TypeAlias

from puzzlereel.actions.flags import within
from puzzlereel.actions.show import open_trace
from puzzlereel.actions.solve import solve_traced
from puzzlereel.catalog import templates
from puzzlereel.catalog.puzzles import Loaded, config_path, family_of, puzzle_of
from puzzlereel.ground.config import Config, ConfigError, checked, load_config, parse_config
from puzzlereel.ground.errors import UsageError
from puzzlereel.solution import (
    ProgressChoice,
    Solution,
    named_file,
    plain,
    reporting,
    text_target,
)
from puzzlereel.trace import TraceError, replay

if TYPE_CHECKING:
    from puzzlereel.solvers.base import SolveOptions

PuzzleSource: TypeAlias = str | os.PathLike[str] | Mapping[str, Any]
"""What ``solve`` takes: an example's name or a config's path, TOML text (a string of
more than one line that names no file), or the config's tables as a dict."""
TraceSource: TypeAlias = str | bytes | os.PathLike[str] | IO[str] | IO[bytes]
"""What ``load`` takes: a trace's path (``"-"``: standard input), an open file, or the
JSON Lines themselves (see ``given_text``)."""
TraceTarget: TypeAlias = str | os.PathLike[str] | IO[str]

CALLED = "solve()"          # how messages name the keyword arguments of ``solve``


def _exists(text: str) -> bool:
    """Whether a file or folder of the name ``text`` exists (False for a string no file
    can be named: too long, a NUL in it)."""
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):
        return False


def given_text(value: str, *, one_line: bool = False) -> bool:
    """Whether the string ``value`` given to ``solve`` or ``load`` is the text itself
    rather than a file's name: never when a file of that name exists; else when it
    holds a line break, or (``one_line``: a trace, whose one line is a JSON object)
    when it starts with ``{`` and ends with ``}``."""
    if _exists(value):
        return False
    if "\n" in value:
        return True
    stripped = value.strip()
    return one_line and stripped.startswith("{") and stripped.endswith("}")


# ---------------------------------------------------------------- configs


@dataclass(frozen=True)
class _WithOptions(Config):
    """A config whose ``[solve]`` table took keyword arguments: a bad value among them is
    reported as the argument it came from, not as a line of the file."""

    given: frozenset[str] = frozenset()

    def error(self, dotted: str, problem: str, *, line: int | None = None) -> ConfigError:
        if dotted in self.given:
            return ConfigError(problem, path=CALLED, field=dotted.split(".", 1)[1])
        return super().error(dotted, problem, line=line)


def config_from(puzzle: PuzzleSource) -> Config:
    """The config ``puzzle`` names (see ``PuzzleSource``), read and checked."""
    if isinstance(puzzle, Mapping):
        return checked(Config(path="<dict>", text="", data=plain(puzzle)))
    if isinstance(puzzle, str) and given_text(puzzle):
        return parse_config(puzzle, "<toml>")
    if isinstance(puzzle, (str, os.PathLike)):
        return load_config(config_path(named_file(puzzle, CALLED, "puzzle")))
    raise TypeError("solve() takes an example's name, a config's path, TOML text or a "
                    f"dict, not {type(puzzle).__name__}")


def with_solve_options(config: Config, options: Mapping[str, object]) -> Config:
    """``config`` with ``options`` written into its ``[solve]`` table (a value of None
    removes the key); a key the family does not read is a ``UsageError``."""
    if not options:
        return config
    family = family_of(config).name
    for key in options:
        problem = templates.unknown_key(family, "solve", key, extra=("max_states",))
        if problem is not None:
            raise UsageError(problem, source=CALLED, field=key)
    table = dict(config.section("solve"))
    for key, value in options.items():
        if value is None:
            table.pop(key, None)
        else:
            table[key] = plain(value, CALLED, at=(key,))
    return _WithOptions(config.path, config.text, {**config.data, "solve": table},
                        frozenset(f"solve.{key}" for key in options))


def puzzle_from(puzzle: PuzzleSource, options: Mapping[str, object]) -> Loaded[Any]:
    """The puzzle of ``puzzle`` with the ``[solve]`` keys of ``options``."""
    return puzzle_of(with_solve_options(config_from(puzzle), options))


# ---------------------------------------------------------------- solving


def solve_loaded(loaded: Loaded[Any], options: SolveOptions, *,
                 trace: TraceTarget | None = None, check: bool = True,
                 source: str | os.PathLike[str] | None = None) -> Solution:
    """``actions.solve.solve_traced`` as a ``Solution``: search ``loaded``'s puzzle, keep
    its trace and write it to ``trace`` as it comes (a path, written atomically, or a
    text stream such as stdout); the expected answer and, with ``check``, the outcome
    are checked as there."""
    if trace is not None:
        trace = text_target(trace, CALLED, "trace")
    return Solution(solve_traced(loaded, options, trace=trace, check=check, source=source),
                    config=loaded.config)


def solve(puzzle: PuzzleSource, *, progress: ProgressChoice = None,
          trace: TraceTarget | None = None, max_states: int | None = None,
          check: bool = True, **options: object) -> Solution:
    """Solve ``puzzle`` optimally: an example's name (``"hakoiri-musume"``), a config's
    path, TOML text, or a dict of the config's tables.

    ``options`` are the family's ``[solve]`` keys (``metric="line"``,
    ``max_memory="2G"``; None removes the config's key, as ``expect_moves=None``);
    ``max_states`` stops the search after storing that many positions.  ``trace`` also
    writes the trace there as the search goes.  Raises ``Unsolvable`` or
    ``LimitReached`` when the search ends without a solution, unless ``check`` is
    False: then the ``Solution`` says so in its ``status``."""
    from puzzlereel.solvers.base import SolveOptions

    within("max_states", max_states, name="max_states", source=CALLED)
    loaded = puzzle_from(puzzle, options)
    with reporting(progress, "search") as report:
        return solve_loaded(loaded, SolveOptions(max_states=max_states, progress=report),
                            trace=trace, check=check)


# ---------------------------------------------------------------- loading


LOADED = "load()"           # how messages name the arguments of ``load``


@contextlib.contextmanager
def _opened(trace: TraceSource) -> Iterator[tuple[IO[Any], str, str | None]]:
    """The stream ``trace`` gives, the name messages call it, and the file it reads
    (None for text, bytes, standard input, a stream of no file)."""
    if isinstance(trace, bytes):
        yield io.BytesIO(trace), "<bytes>", None
    elif isinstance(trace, str) and given_text(trace, one_line=True):
        yield io.BytesIO(trace.encode("utf-8")), "<text>", None
    elif isinstance(trace, str) and trace == "-":
        with open_trace("-", getattr(sys.stdin, "buffer", sys.stdin)) as (stream, name):
            yield stream, name, None
    elif isinstance(trace, (str, os.PathLike)):
        with open_trace(named_file(trace, LOADED, "trace")) as (stream, name):
            yield stream, name, name
    elif hasattr(trace, "read"):
        called = getattr(trace, "name", None)
        read = isinstance(called, str) and called and os.path.isfile(called)
        yield trace, str(called or "<stream>"), called if read else None
    else:
        raise TypeError("load() takes a trace's path, an open file or its JSON Lines, "
                        f"not {type(trace).__name__}")


def load(trace: TraceSource, *, config: str | os.PathLike[str] | None = None) -> Solution:
    """The trace ``trace`` names (a path, an open file, or JSON Lines text), every move
    checked as ``validate`` checks it (``TraceError`` naming the line and field).
    ``config``: a config whose ``[render]`` table the solution's renders start from."""
    found = (load_config(config_path(named_file(config, LOADED, "config")))
             if config is not None else None)
    with _opened(trace) as (stream, name, path):
        events = [item.event for _, item in replay(stream, name)]
    if not events:
        raise TraceError("empty trace", source=name)
    return Solution(events, config=found, source=name, path=path)


__all__ = ["ProgressChoice", "PuzzleSource", "Solution", "TraceSource", "config_from",
           "given_text", "load", "puzzle_from", "reporting", "solve", "solve_loaded",
           "with_solve_options"]
