"""What every puzzle family's solver provides, and the options the actions pass to it.

A family provides two things, each named by the family's row in
``puzzlereel.registry``:

- a config loader, ``load(config) -> P``: reads the ``[puzzle]`` and ``[solve]`` tables
  into the family's own puzzle type ``P``, or raises ``ConfigError`` naming the field
  (it imports no compiled code, so reading a config stays quick);
- one ``Solver`` value (``SOLVER`` in its module) holding three functions over ``P``:

- ``solve(puzzle, options) -> Iterator[Event]``: header, search events (unless
  ``options.search_events`` is off), moves/solutions (a move with its position's
  ``legal`` / ``optimal`` counts where the family works them out, unless
  ``options.choices`` is off), end;
- ``analyze(puzzle, options) -> dict``: the ``analyze --json`` object;
- ``plot_series(result) -> Series | None``: what ``analyze --plot`` draws.

Inside, each family has a small interface: parse, legal moves, apply,
is-goal and a text form for its states, with the rules it shares with the renderer in
``puzzlereel.rules``.  Solvers never print or write files: they yield events, and report
progress through ``options.progress``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from puzzlereel.ground.config import Config
from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.trace import Event

P = TypeVar("P")

Analysis = dict[str, Any]
"""The ``analyze --json`` object: JSON-compatible values only."""


@dataclass(frozen=True)
class SolveOptions:
    """Settings from the command line that override or add to ``[solve]``."""

    max_states: int | None = None
    max_memory: int | None = None   # bytes the search may store; None: ``[solve]`` or default
    algorithm: str | None = None
    progress: Progress = no_progress
    farthest: bool = False          # analyze: also find the positions farthest from the goal
    search_events: bool = True      # write the search's events (layers, iterations, steps)
    choices: bool = True            # write each move's legal and optimal counts


@dataclass(frozen=True)
class Series:
    """A bar chart for ``analyze --plot``."""

    title: str
    xlabel: str
    ylabel: str
    points: list[tuple[int, int]]


@dataclass(frozen=True)
class Solver(Generic[P]):
    """One family's solver: its three functions over its puzzle type ``P``."""

    solve: Callable[[P, SolveOptions], Iterator[Event]]
    analyze: Callable[[P, SolveOptions], Analysis]
    plot_series: Callable[[Mapping[str, Any]], Series | None]


Loader = Callable[[Config], Any]
"""A family's config loader: ``load(config) -> puzzle`` (the registry's ``config`` part)."""


__all__ = ["Analysis", "Loader", "P", "Series", "SolveOptions", "Solver"]
