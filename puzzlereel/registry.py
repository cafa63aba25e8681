"""Every puzzle kind puzzlereel knows, one row each: the only list of puzzle names.

A row carries all that is said about a kind: its unit word, the name people read, the
goal of its puzzles in one sentence, the video's default pacing, the template of
``puzzlereel new``, and the modules that make it up — its config loader, its rules (the
replay that checks a trace), its solver and its scene — as ``"module:attribute"``
strings, imported only when asked for.  So ``validate`` and ``show`` load the rules and
nothing else (no numba, no OpenCV), ``render`` never loads a solver, and ``solve`` loads
the solver of the one kind it solves.  This module imports nothing of ours: every floor
of the program may read it (docs/architecture.md).

Adding a puzzle is one row here plus its modules (docs/adding-a-puzzle.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

PACING_KEYS = ("speed", "pause", "hold_start", "hold_end", "search_seconds")


@dataclass(frozen=True)
class Searched:
    """How a family's search is told in words, the same on the result and the chart:
    what it looks at (``noun``, ``verb``: "23,822 positions explored") and, for a
    generate-and-test chart of steps, what a step is, what its bar counts, what it keeps
    and whether the kept ones add up over the steps (solutions found) or are what is
    left after each (codes that still fit)."""

    noun: str = "position"
    verb: str = "explored"
    step: str = "step"
    tested: str = "candidates tried"
    kept: str = "kept"
    adds_up: bool = True


@dataclass(frozen=True)
class Kind:
    """One puzzle kind: its name (config ``[puzzle] type`` and trace ``puzzle``), all that
    is said about it, and its parts."""

    name: str
    unit: str                    # what the trace counts: "move", "guess", "solution"
    events: tuple[str, ...]      # event classes a trace may hold, besides header/note/end
    display_name: str            # the family as people read it: "Sliding-block puzzle"
    goal: str                    # what a puzzle of the family asks, in one sentence
    pacing: Mapping[str, float] = field(hash=False)   # the video's default speed, pause,
    #                              hold_start, hold_end and the search segment's length
    #                              (seconds; PACING_KEYS)
    template: str                # `puzzlereel new`'s file in puzzlereel/config-templates/
    config: str                  # "module:function" reading a Config into a puzzle
    rules: str                   # "module:Class" replaying a trace (puzzlereel.rules)
    solver: str                  # "module:SOLVER" (puzzlereel.solvers)
    scene: str                   # "module:Class" drawing a trace (puzzlereel.render)
    searched: Searched = Searched()   # how its search is told in words

    def load(self, part: str) -> Any:
        """Import and return one part: ``"config"``, ``"rules"``, ``"solver"`` or ``"scene"``."""
        module, _, attribute = getattr(self, part).partition(":")
        return getattr(importlib.import_module(module), attribute)


_S = "puzzlereel.solvers"
_R = "puzzlereel.rules"
_D = "puzzlereel.render.scenes"


def _pacing(speed: float, pause: float, hold_start: float, hold_end: float,
            search_seconds: float) -> Mapping[str, float]:
    return MappingProxyType(dict(zip(PACING_KEYS, (speed, pause, hold_start, hold_end,
                                                   search_seconds))))


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("sliding-block", "move", ("Search", "BlockMove", "State"),
         display_name="Sliding-block puzzle",
         goal="Slide the blocks one at a time, without lifting any, until the goal piece "
              "reaches its place.",
         pacing=_pacing(0.22, 0.1, 1.5, 1.5, 8.0), template="sliding-block.toml",
         config=f"{_S}.sliding_block.config:load", solver=f"{_S}.sliding_block:SOLVER",
         rules=f"{_R}.sliding_block:SlidingBlockReplay",
         scene=f"{_D}.sliding_block:SlidingBlockScene"),
    Kind("sliding-tile", "move", ("Search", "TileMove"),
         display_name="Sliding-tile puzzle",
         goal="Slide tiles into the empty space until every tile is back in order.",
         pacing=_pacing(0.3, 0.12, 1.5, 1.5, 6.0), template="sliding-tile.toml",
         config=f"{_S}.sliding_tile.config:load", solver=f"{_S}.sliding_tile:SOLVER",
         rules=f"{_R}.sliding_tile:SlidingTileReplay",
         scene=f"{_D}.sliding_tile:SlidingTileScene"),
    Kind("peg-solitaire", "move", ("Search", "PegMove"),
         display_name="Peg solitaire",
         goal="Jump a peg over its neighbour into an empty hole, removing the peg jumped, "
              "until the goal position is left.",
         pacing=_pacing(0.3, 0.15, 1.5, 1.5, 5.0), template="peg-solitaire.toml",
         config=f"{_S}.peg_solitaire.config:load", solver=f"{_S}.peg_solitaire:SOLVER",
         rules=f"{_R}.peg_solitaire:PegSolitaireReplay",
         scene=f"{_D}.peg_solitaire:PegSolitaireScene"),
    Kind("n-queens", "solution", ("Search", "Place", "Remove", "Solution"),
         display_name="N queens",
         goal="Place the queens so that no two share a row, a column or a diagonal.",
         pacing=_pacing(0.25, 0.0, 1.5, 2.0, 6.0), template="n-queens.toml",
         config=f"{_S}.n_queens:load", solver=f"{_S}.n_queens:SOLVER",
         rules=f"{_R}.n_queens:NQueensReplay", scene=f"{_D}.n_queens:NQueensScene",
         searched=Searched("placement", "tried", step="column of the first row's queen",
                           tested="placements tried", kept="solutions")),
    Kind("mastermind", "guess", ("Search", "Guess"),
         display_name="Mastermind",
         goal="Find the secret code; every guess is scored by how many pegs are right, and "
              "how many right but misplaced.",
         pacing=_pacing(0.35, 0.9, 1.5, 2.0, 6.0), template="mastermind.toml",
         config=f"{_S}.mastermind:load", solver=f"{_S}.mastermind:SOLVER",
         rules=f"{_R}.mastermind:MastermindReplay", scene=f"{_D}.mastermind:MastermindScene",
         searched=Searched("code", "considered", step="guess",
                           tested="codes that could still be the secret",
                           kept="codes that fit every answer so far", adds_up=False)),
    Kind("komachi", "solution", ("Search", "Solution"),
         display_name="Komachi",
         goal="Put operators between the digits, in order, so that the expression comes to "
              "the target.",
         pacing=_pacing(0.8, 2.0, 1.5, 1.5, 5.0), template="komachi.toml",
         config=f"{_S}.komachi:load", solver=f"{_S}.komachi:SOLVER",
         rules=f"{_R}.equations:KomachiReplay", scene=f"{_D}.equations:KomachiScene",
         searched=Searched("expression", "tested", step="answer",
                           tested="expressions tried for it", kept="answers")),
    Kind("oomachi", "solution", ("Search", "Solution"),
         display_name="Oomachi",
         goal="Find consecutive numbers whose digits, written out, use every digit exactly "
              "once.",
         pacing=_pacing(0.35, 2.0, 1.5, 1.5, 4.0), template="oomachi.toml",
         config=f"{_S}.oomachi:load", solver=f"{_S}.oomachi:SOLVER",
         rules=f"{_R}.equations:OomachiReplay", scene=f"{_D}.equations:OomachiScene",
         searched=Searched("number", "tested", step="answer",
                           tested="numbers tried for it", kept="answers")),
    Kind("alphametic", "solution", ("Search", "Solution"),
         display_name="Alphametic",
         goal="Give every letter its own digit so that the sum written in words is right.",
         pacing=_pacing(0.9, 0.0, 1.5, 2.5, 4.0), template="alphametic.toml",
         config=f"{_S}.alphametic:load", solver=f"{_S}.alphametic:SOLVER",
         rules=f"{_R}.equations:AlphameticReplay", scene=f"{_D}.equations:AlphameticScene",
         searched=Searched("assignment", "tried", step="answer",
                           tested="digits tried for it", kept="answers")),
)}

NAMES: tuple[str, ...] = tuple(KINDS)


__all__ = ["KINDS", "NAMES", "PACING_KEYS", "Kind", "Searched"]
