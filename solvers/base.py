"""What every puzzle family provides, and the options the CLI passes to it.

A family is one module (``solvers/sliding_block.py``, ...) with four functions:

- ``load(config) -> puzzle``: read the ``[puzzle]`` and ``[solve]`` tables, or raise
  ``ConfigError`` naming the field;
- ``solve(puzzle, options) -> Iterator[Event]``: header, moves/solutions, end;
- ``analyze(puzzle, options) -> dict``: the ``analyze --json`` object;
- ``plot_series(result) -> Series | None``: what ``analyze --plot`` draws.

Inside the module the puzzle itself has the small interface of the brief: parse, legal
moves, apply, is-goal and a text form for its states.  Solvers never print or write
files: they yield events, and report progress through ``options.progress``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from puzzlereel.trace import Event

from .config import Config

ProgressFn = Callable[[str, int, "int | None"], None]
"""``progress(label, done, total)``: called from long searches; total may be unknown."""


def no_progress(label: str, done: int, total: int | None) -> None:
    return None


@dataclass(frozen=True)
class SolveOptions:
    """Settings from the command line that override or add to ``[solve]``."""

    max_states: int | None = None
    algorithm: str | None = None
    progress: ProgressFn = no_progress
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Series:
    """A bar chart for ``analyze --plot``."""

    title: str
    xlabel: str
    ylabel: str
    points: list[tuple[int, int]]


class PuzzleUnsolvable(ValueError):
    """Raised by ``load`` when a puzzle is impossible on its face (trace says unsolvable)."""


class Family(Protocol):
    def load(self, config: Config) -> Any: ...

    def solve(self, puzzle: Any, options: SolveOptions) -> Iterator[Event]: ...

    def analyze(self, puzzle: Any, options: SolveOptions) -> dict[str, Any]: ...

    def plot_series(self, result: Mapping[str, Any]) -> Series | None: ...
