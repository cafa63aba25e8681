"""Every puzzle family puzzlereel knows, one row each: the only list of puzzle names.

A row carries all that is said about a family: its count noun, the name people read, the
goal of its puzzles in one sentence, the video's default pacing and the moves before
the goal it slows down for, what one move is in a viewer's words, the template of
``puzzlereel new``, and the modules that make it up — its config loader, its rules (the
replay that checks a trace), its solver and its scene — as ``"module:attribute"``
strings, imported only when asked for.  So ``validate`` and ``show`` load the rules and
nothing else (no numba, no OpenCV), ``render`` never loads a solver, and ``solve`` loads
the solver of the one family it solves.  This module imports nothing of ours: every floor
of the program may read it (docs/architecture.md).

Adding a puzzle is one row here plus its modules (docs/adding-a-puzzle.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

PACING_KEYS = ("speed", "pause", "hold_end", "search_seconds")


@dataclass(frozen=True)
class Searched:
    """How a family's search is told in words, the same on the result and the chart:
    what it looks at (``noun``, ``verb``: "23,822 positions explored") and, for a
    generate-and-test chart of steps, what a step is, what its bar counts, what it keeps
    and whether the kept ones add up over the steps (solutions found) or are what is
    left after each (codes that still fit); and the end's statistics that count what it
    looked at, in the order a gallery card looks for them, each with the card's label
    (``counts``: "Positions 23,822")."""

    noun: str = "position"
    verb: str = "explored"
    step: str = "step"
    tested: str = "candidates tried"
    kept: str = "kept"
    adds_up: bool = True
    counts: tuple[tuple[str, str], ...] = (("states", "Positions"), ("nodes", "Nodes"))


@dataclass(frozen=True)
class Family:
    """One puzzle family: its name (config ``[puzzle] type`` and trace ``puzzle``), all that
    is said about it, and its parts."""

    name: str
    count_noun: str                    # what the trace counts: "move", "guess", "solution"
    events: tuple[str, ...]      # event classes a trace may hold, besides header/note/end
    display_name: str            # the family as people read it: "Sliding-block puzzle"
    goal: str                    # what a puzzle of the family asks, in one sentence (a
    #                              scene swaps its general phrases for its puzzle's:
    #                              "the queens" -> "8 queens on an 8×8 board")
    pacing: Mapping[str, float] = field(hash=False)   # the video's default speed, pause,
    #                              usual final hold (the ending is sized from it) and
    #                              the search segment's length (seconds; PACING_KEYS)
    template: str                # `puzzlereel new`'s file in puzzlereel/config-templates/
    config: str                  # "module:function" reading a Config into a puzzle
    rules: str                   # "module:Class" replaying a trace (puzzlereel.rules)
    solver: str                  # "module:SOLVER" (puzzlereel.solvers)
    scene: str                   # "module:Class" drawing a trace (puzzlereel.render)
    searched: Searched = Searched()   # how its search is told in words
    finale: int = 0              # how many of its last moves before the goal the video
    #                              slows down for (render.direction.pacing)
    counting: Mapping[str, str] = field(default_factory=dict, hash=False)
    #                              what one move is, in a viewer's words, by the trace's
    #                              solver.metric ("": a trace that names none)
    aliases: tuple[str, ...] = ()  # other names people give its puzzles ("klotski"): an
    #                              unknown family or example of one of them suggests it
    algorithms: tuple[str, ...] = ()  # what [solve] algorithm and `solve --algorithm` may
    #                              name (its solver reads them from here; none: it has one)

    def load(self, part: str) -> Any:
        """Import and return one part: ``"config"``, ``"rules"``, ``"solver"`` or ``"scene"``."""
        module, _, attribute = getattr(self, part).partition(":")
        return getattr(importlib.import_module(module), attribute)


_S = "puzzlereel.solvers"
_R = "puzzlereel.rules"
_D = "puzzlereel.render.scenes"


def _said(**sentences: str) -> Mapping[str, str]:
    return MappingProxyType(sentences)


def _pacing(speed: float, pause: float, hold_end: float,
            search_seconds: float) -> Mapping[str, float]:
    return MappingProxyType(dict(zip(PACING_KEYS, (speed, pause, hold_end, search_seconds))))


FAMILIES: dict[str, Family] = {k.name: k for k in (
    Family("sliding-block", "move", ("Search", "BlockMove", "State"),
           display_name="Sliding-block puzzle",
           aliases=("klotski", "huarong-dao", "rush-hour", "pennant",
                    "block-puzzle"),
           goal="Slide the goal piece to its target.",
           pacing=_pacing(0.22, 0.1, 1.5, 8.0), template="sliding-block.toml",
           config=f"{_S}.sliding_block.config:load", solver=f"{_S}.sliding_block:SOLVER",
           rules=f"{_R}.sliding_block:SlidingBlockReplay",
           scene=f"{_D}.sliding_block:SlidingBlockScene", finale=5, algorithms=("bfs",),
           counting=_said(piece="Each slide of one piece, however far, is one move.",
                          line="Each slide in a straight line is one move.",
                          step="Each step of one cell is one move.")),
    Family("sliding-tile", "move", ("Search", "TileMove"),
           display_name="Sliding-tile puzzle",
           aliases=("15-puzzle", "fifteen-puzzle", "8-puzzle", "n-puzzle", "gem-puzzle",
                    "tile-puzzle"),
           goal="Slide the tiles into order, one at a time into the empty space.",
           pacing=_pacing(0.3, 0.12, 1.5, 6.0), template="sliding-tile.toml",
           config=f"{_S}.sliding_tile.config:load", solver=f"{_S}.sliding_tile:SOLVER",
           rules=f"{_R}.sliding_tile:SlidingTileReplay",
           scene=f"{_D}.sliding_tile:SlidingTileScene", finale=5,
           algorithms=("ida*", "iddfs", "bfs", "bidirectional"),
           counting=_said(**{"": "Each tile slid into the gap is one move."})),
    Family("peg-solitaire", "move", ("Search", "PegMove"),
           display_name="Peg solitaire",
           aliases=("solitaire", "hi-q", "pegs", "peg", "brainvita", "hoppers"),
           goal="Jump pegs over each other, removing the peg jumped, until one peg is left.",
           pacing=_pacing(0.3, 0.15, 1.5, 5.0), template="peg-solitaire.toml",
           config=f"{_S}.peg_solitaire.config:load", solver=f"{_S}.peg_solitaire:SOLVER",
           rules=f"{_R}.peg_solitaire:PegSolitaireReplay",
           scene=f"{_D}.peg_solitaire:PegSolitaireScene", finale=3,
           algorithms=("ida", "dfs"),
           counting=_said(moves="A peg's chain of jumps is one move.",
                          jumps="Each jump is one move.")),
    Family("n-queens", "solution", ("Search", "Place", "Remove", "SolutionFound"),
           display_name="N queens",
           aliases=("queens", "eight-queens", "8-queens", "queen"),
           goal="Place the queens so that no two attack each other (same row, column or "
           "diagonal); find every way.",
           pacing=_pacing(0.25, 0.0, 2.0, 6.0), template="n-queens.toml",
           config=f"{_S}.n_queens:load", solver=f"{_S}.n_queens:SOLVER",
           rules=f"{_R}.n_queens:NQueensReplay", scene=f"{_D}.n_queens:NQueensScene",
           searched=Searched("placement", "tried", step="column of the first row's queen",
                           tested="placements tried", kept="solutions",
                           counts=(("candidates", "Candidates"), ("placed", "Queens placed")))),
    Family("mastermind", "guess", ("Search", "Guess"),
           display_name="Mastermind",
           aliases=("bulls-and-cows", "codebreaker", "master-mind"),
           goal="Find the secret code from the answers: a black pin for each right colour in "
           "the right place, a white pin for each right colour in the wrong place.",
           pacing=_pacing(0.35, 0.9, 2.0, 6.0), template="mastermind.toml",
           config=f"{_S}.mastermind:load", solver=f"{_S}.mastermind:SOLVER",
           rules=f"{_R}.mastermind:MastermindReplay", scene=f"{_D}.mastermind:MastermindScene",
           searched=Searched("code", "considered", step="guess",
                           tested="codes that could still be the secret",
                           kept="codes that fit every answer so far", adds_up=False,
                           counts=(("codes", "Codes"),)), finale=1,
           algorithms=("expected", "minimax", "simple")),
    Family("komachi", "solution", ("Search", "SolutionFound"),
           display_name="Komachi",
           aliases=("komachi-zan", "digits-to-100", "century-puzzle"),
           goal="Put operators between the digits (or join them) so that the sum is the "
           "target.",
           pacing=_pacing(0.8, 2.0, 1.5, 5.0), template="komachi.toml",
           config=f"{_S}.komachi:load", solver=f"{_S}.komachi:SOLVER",
           rules=f"{_R}.equations:KomachiReplay", scene=f"{_D}.equations:KomachiScene",
           searched=Searched("expression", "tested", step="answer",
                           tested="expressions tried for it", kept="answers",
                           counts=(("expressions", "Expressions"), ("candidates", "Candidates")))),
    Family("oomachi", "solution", ("Search", "SolutionFound"),
           display_name="Oomachi",
           aliases=("pandigital", "consecutive-product"),
           goal="Find consecutive numbers whose product uses each of the digits exactly once.",
           pacing=_pacing(0.35, 2.0, 1.5, 4.0), template="oomachi.toml",
           config=f"{_S}.oomachi:load", solver=f"{_S}.oomachi:SOLVER",
           rules=f"{_R}.equations:OomachiReplay", scene=f"{_D}.equations:OomachiScene",
           searched=Searched("number", "tested", step="answer",
                           tested="numbers tried for it", kept="answers",
                           counts=(("candidates", "Candidates"),))),
    Family("alphametic", "solution", ("Search", "SolutionFound"),
           display_name="Alphametic",
           aliases=("cryptarithm", "cryptarithmetic", "verbal-arithmetic",
                    "send-more-money"),
           goal="Give each letter its own digit so that the sum is right.",
           pacing=_pacing(0.9, 0.0, 2.5, 4.0), template="alphametic.toml",
           config=f"{_S}.alphametic:load", solver=f"{_S}.alphametic:SOLVER",
           rules=f"{_R}.equations:AlphameticReplay", scene=f"{_D}.equations:AlphameticScene",
           searched=Searched("assignment", "tried", step="answer",
                           tested="digits tried for it", kept="answers",
                           counts=(("nodes", "Nodes"),))),
)}

NAMES: tuple[str, ...] = tuple(FAMILIES)
# every other name of a family's puzzles, and the family it is one of
ALSO_CALLED: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {alias: (row.name,) for row in FAMILIES.values() for alias in row.aliases})
# every family's algorithms, each named once (`solve --algorithm`'s choices)
ALGORITHMS: tuple[str, ...] = tuple(dict.fromkeys(
    name for row in FAMILIES.values() for name in row.algorithms))


__all__ = ["ALGORITHMS", "ALSO_CALLED", "FAMILIES", "NAMES", "PACING_KEYS", "Family", "Searched"]
