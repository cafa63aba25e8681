"""The scene interface: how one puzzle family is drawn, and the registry of scenes.

The renderer core (``render.core``) reads a trace, replays it, and asks the puzzle's
*scene* for two things only:

1. **Steps.**  ``scene.advance(item, replay)`` turns one replayed event into zero or
   more ``Step`` values.  A step is an immutable record of one animated change: the
   scene's own state ``before`` and ``after`` (any immutable value, e.g. a tuple of piece
   positions), the move number the counter shows, how many eased sections (unit
   slides) the motion has, and free ``data`` for the scene (which piece moves, its path).
2. **Pixels.**  ``scene.draw(out, step, p)`` paints the position part-way through the
   step into ``out``, a reused ``(height, width, 3)`` uint8 RGB numpy view.  ``p`` in
   [0, 1] is the *eased* progress: the core has applied the easing once to the whole
   step, so a scene moving a piece along a k-cell path puts it at ``path[p * k]``
   (interpolated) and the piece moves in one motion, through corners and cell
   boundaries without stopping.  ``p == 0`` is ``before``, ``p == 1``
   is ``after``.  ``draw`` must paint every pixel of ``out`` (it is not cleared) and
   must depend only on (cell size, step, p): same inputs, same pixels.  Caching
   sprites or a pre-drawn background keyed on the cell size or the step is encouraged.

A scene may also say more (``SceneBase`` gives each a default): ``notation(step)``, the
move in words for the panel and the subtitles ("B ↓↓"); ``goal_sentence()``, the goal in
one sentence (a trace's ``goal_text`` wins); ``goal_state()``, a whole position to show
as the goal's picture; ``payoff(state)``, a last step after a solved trace's final move
(the goal piece leaving through the exit, tiles flashing in order); ``PACING``, the
family's default timing; ``redraw(out, step, p0, p1)``, the next frame of a step painted
over the last one inside a rectangle it returns (the moving piece's old and new
places), so that the core converts only that part of the frame for the encoder (a
scene that cannot is drawn and converted whole).

Everything else is the core's job, for every puzzle: the timeline (holds, pauses,
frame counts from ``RenderOptions``), easing, the title card, the move counter bar
("Move 12 / 81"), frame size, encoders (MP4, GIF, WebM, PNG contact sheet), progress,
atomic output files.  A scene never writes files and never imports ``solvers``.

Adding a scene for a new puzzle family:

* write ``render/scenes/<family>.py`` with a class satisfying ``Scene`` (subclassing
  ``SceneBase`` gives defaults), built as ``Cls(header, options, theme)``;
* name it in the puzzle's row of ``puzzlereel.registry`` (its ``scene`` part);
* test a few ``draw`` outputs against tiny golden images (tests/render/, tests/golden/).

``docs/rendering.md`` ("Writing a scene for a new puzzle family") walks through it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import numpy as np

from puzzlereel.registry import KINDS
from puzzlereel.trace import Header, Replay, Replayed, TraceError
from puzzlereel.words import plural

from .draw import Rect
from .options import RenderOptions
from .theme import RGB, Theme

S = TypeVar("S")   # a scene's state: an immutable value (tuple of piece positions, ...)
D = TypeVar("D")   # a scene's detail of one motion (which piece moves, along which path)


@dataclass(frozen=True)
class Step(Generic[S, D]):
    """One animated change, as the core schedules it.

    ``before``/``after``: the scene's immutable states (type ``S``).  ``move``: the
    number the counter shows from this step on (None keeps the previous number; 0 shows
    "Start").
    ``segments``: sections of the motion's path (unit slides), eased as one; 0 makes a
    still (``before`` is shown).  ``units``: duration in multiples of
    ``RenderOptions.speed`` (default: ``segments``; use e.g. 0.5 for quick events).
    ``pause``: add ``RenderOptions.pause`` after it.  ``sheet``: put ``after`` on the
    PNG contact sheet as a numbered panel.  ``data``: the scene's own detail of the
    motion (type ``D``; None for stills).
    """

    before: S
    after: S
    move: int | None = None
    segments: int = 1
    units: float | None = None
    pause: bool = True
    sheet: bool = True
    data: D | None = None

    @property
    def duration_units(self) -> float:
        return float(self.segments if self.units is None else self.units)

    def still(self) -> Step[S, D]:
        """A step that shows ``after`` without motion (used for holds)."""
        return Step(before=self.after, after=self.after, move=self.move, segments=0,
                    pause=False, sheet=False)


@runtime_checkable
class Scene(Protocol[S, D]):
    """What the core needs from a puzzle family's scene (see the module docstring):
    a scene of states ``S`` whose motions carry detail ``D``."""

    #: the word on the counter bar: "Move 12 / 81", "Guess 3", "Solution 2 / 92"
    counter_word: str

    def extent(self) -> tuple[float, float]:
        """The drawing's size in board cells (width, height), margins included.

        The core picks the pixel size of a cell so that the drawing fits the frame."""
        ...

    def prepare(self, cell: int) -> tuple[int, int]:
        """Prepare to draw at ``cell`` pixels per board cell; return (width, height) in
        pixels of the area ``draw`` paints (at most ``ceil(extent * cell)``)."""
        ...

    def initial(self) -> S:
        """The state before the first event (drawn on holds and the first sheet panel)."""
        ...

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[S, D]]:
        """The steps one replayed event makes (none for notes).  ``item.applied`` is the
        normalised event the replay class returned; ``replay`` is the live position
        *after* the event (read it, never keep it: it changes)."""
        ...

    def draw(self, out: np.ndarray, step: Step[S, D], p: float) -> None:
        """Paint ``step`` at eased progress ``p`` into ``out`` (h, w, 3) uint8."""
        ...

    def colours(self) -> list[RGB]:
        """The flat colours this scene paints (kept exact in GIF palettes)."""
        ...

    def end_text(self, count: int) -> str:
        """The counter bar on the final hold of a solved trace ("Solved in 81 moves")."""
        ...

    def notation(self, step: Step[S, D]) -> str:
        """The step in words for the panel's list and the subtitles ("" for none)."""
        ...

    def goal_sentence(self) -> str:
        """The goal in one sentence ("Get the daughter out through the gap at the
        bottom.")."""
        ...

    def goal_state(self) -> S | None:
        """A whole position that is the goal, drawn small in the panel (None: none)."""
        ...

    def picture_rows(self, cell: int, height: int) -> int:
        """How many of the ``height`` rows drawn at ``cell`` the panel's small goal
        picture keeps: the board without a counter strip the scene writes under it."""
        ...

    def payoff(self, state: S) -> Step[S, D] | None:
        """A last motion after the final move of a solved trace (None: none)."""
        ...


# seconds of the payoff after the last move of a solved trace
PAYOFF_SECONDS = 1.2


class SceneBase(Generic[S, D]):
    """Defaults for scenes: keeps header, options and theme; the counter word is the
    puzzle's unit in the registry ("Move", "Guess", "Solution") unless the class says
    otherwise."""

    counter_word: str = ""
    #: the family's default timing: render options (``speed``, ``pause``, ``hold_start``,
    #: ``hold_end``, ...) used where neither the user nor the trace's hints set them
    PACING: dict[str, float] = {}
    #: the default goal sentence ("" when the family has none)
    GOAL = ""

    def end_text(self, count: int) -> str:
        """"Solved in 81 moves" (``count`` = the last counter value shown)."""
        return f"Solved in {count} {plural(self.unit, count)}"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        self.header = header
        self.options = options
        self.theme = theme
        self.unit = KINDS[header.puzzle].unit if header.puzzle in KINDS else "move"
        if not self.counter_word:
            self.counter_word = self.unit.capitalize()

    def colours(self) -> list[RGB]:
        return self.theme.colours()

    def notation(self, step: Step[S, D]) -> str:
        return ""

    def goal_sentence(self) -> str:
        return self.GOAL

    def goal_state(self) -> S | None:
        return None

    def picture_rows(self, cell: int, height: int) -> int:
        return height

    def payoff(self, state: S) -> Step[S, D] | None:
        return None

    def retime(self, steps: list[Step[S, D]]) -> list[Step[S, D]]:
        """The steps once all are known: a scene may change their ``units`` (N-Queens
        shares a fixed time among its solutions)."""
        return steps

    def redraw(self, out: np.ndarray, step: Step[S, D], p0: float, p1: float) -> Rect | None:
        """``out`` holds ``draw(step, p0)``: make it ``draw(step, p1)`` by painting only
        inside a rectangle (x, y, w, h) of it, and return that rectangle (the only part
        of the two frames that differs); None when it cannot (the default): the core
        then draws the whole board."""
        return None


def scene_for(header: Header, options: RenderOptions, theme: Theme) -> Scene[Any, Any]:
    """The scene for ``header``'s puzzle, or a TraceError saying none exists yet."""
    kind = KINDS.get(header.puzzle)
    if kind is None or not kind.scene:
        raise TraceError(f"cannot render {header.puzzle!r} traces yet (renderable: "
                         f"{', '.join(sorted(k.name for k in KINDS.values() if k.scene))})",
                         field="puzzle", line=1)
    cls: Any = kind.load("scene")
    scene: Scene[Any, Any] = cls(header, options, theme)
    return scene


def scene_class(puzzle: str) -> Any:
    """The scene class of ``puzzle`` (None when it has none)."""
    kind = KINDS.get(puzzle)
    if kind is None or not kind.scene:
        return None
    return kind.load("scene")


__all__ = ["PAYOFF_SECONDS", "Scene", "SceneBase", "Step", "plural", "scene_class", "scene_for"]
