"""Every puzzle kind puzzlereel knows, one row each: the only list of puzzle names.

A row names the modules that make up a kind — its config loader, its rules (the replay
that checks a trace), its solver and its scene — as ``"module:attribute"`` strings, and
they are imported only when asked for.  So ``validate`` and ``show`` load the rules and
nothing else (no numba, no OpenCV), ``render`` never loads a solver, and ``solve`` loads
the solver of the one kind it solves.  This module imports nothing of ours: every floor
of the program may read it (docs/architecture.md).

Adding a puzzle is one row here plus its modules (docs/adding-a-puzzle.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Kind:
    """One puzzle kind: its name (config ``[puzzle] type`` and trace ``puzzle``) and parts."""

    name: str
    unit: str                    # what the trace counts: "move", "guess", "solution"
    events: tuple[str, ...]      # event classes a trace may hold, besides header/note/end
    config: str                  # "module:function" reading a Config into a puzzle
    rules: str                   # "module:Class" replaying a trace (puzzlereel.rules)
    solver: str                  # "module:SOLVER" (puzzlereel.solvers)
    scene: str                   # "module:Class" drawing a trace (puzzlereel.render)

    def load(self, part: str) -> Any:
        """Import and return one part: ``"config"``, ``"rules"``, ``"solver"`` or ``"scene"``."""
        module, _, attribute = getattr(self, part).partition(":")
        return getattr(importlib.import_module(module), attribute)


_S = "puzzlereel.solvers"
_R = "puzzlereel.rules"
_D = "puzzlereel.render.scenes"

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("sliding-block", "move", ("Search", "BlockMove", "State"),
         config=f"{_S}.sliding_block.config:load", solver=f"{_S}.sliding_block:SOLVER",
         rules=f"{_R}.sliding_block:SlidingBlockReplay",
         scene=f"{_D}.sliding_block:SlidingBlockScene"),
    Kind("sliding-tile", "move", ("Search", "TileMove"),
         config=f"{_S}.sliding_tile.config:load", solver=f"{_S}.sliding_tile:SOLVER",
         rules=f"{_R}.sliding_tile:SlidingTileReplay",
         scene=f"{_D}.sliding_tile:SlidingTileScene"),
    Kind("peg-solitaire", "move", ("Search", "PegMove"),
         config=f"{_S}.peg_solitaire.config:load", solver=f"{_S}.peg_solitaire:SOLVER",
         rules=f"{_R}.peg_solitaire:PegSolitaireReplay",
         scene=f"{_D}.peg_solitaire:PegSolitaireScene"),
    Kind("n-queens", "solution", ("Search", "Place", "Remove", "Solution"),
         config=f"{_S}.n_queens:load", solver=f"{_S}.n_queens:SOLVER",
         rules=f"{_R}.n_queens:NQueensReplay", scene=f"{_D}.n_queens:NQueensScene"),
    Kind("mastermind", "guess", ("Search", "Guess"),
         config=f"{_S}.mastermind:load", solver=f"{_S}.mastermind:SOLVER",
         rules=f"{_R}.mastermind:MastermindReplay", scene=f"{_D}.mastermind:MastermindScene"),
    Kind("komachi", "solution", ("Search", "Solution"),
         config=f"{_S}.komachi:load", solver=f"{_S}.komachi:SOLVER",
         rules=f"{_R}.equations:KomachiReplay", scene=f"{_D}.equations:KomachiScene"),
    Kind("oomachi", "solution", ("Search", "Solution"),
         config=f"{_S}.oomachi:load", solver=f"{_S}.oomachi:SOLVER",
         rules=f"{_R}.equations:OomachiReplay", scene=f"{_D}.equations:OomachiScene"),
    Kind("alphametic", "solution", ("Search", "Solution"),
         config=f"{_S}.alphametic:load", solver=f"{_S}.alphametic:SOLVER",
         rules=f"{_R}.equations:AlphameticReplay", scene=f"{_D}.equations:AlphameticScene"),
)}

NAMES: tuple[str, ...] = tuple(KINDS)


__all__ = ["KINDS", "NAMES", "Kind"]
