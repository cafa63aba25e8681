"""The scene interface: how one puzzle family describes its puzzle, once, for every format.

A scene never draws.  It puts named elements (``render.film.elements``) on a **stage** —
the board, the pieces, labels, targets — and turns each replayed event into **beats**:
one animated change each (``Tween``: a property through stops in the beat's eased
progress), how long it lasts in the video's units of time, the counter from then on and
the move in words.  The director (``render.direction.director``) places the beats on the
video's timeline and adds the words around the board; the backends draw the film.

A scene is built as ``Cls(header, options, theme)`` and reads the puzzle from the header
through its family's rules (never a solver).  Then, in order:

1. ``extent()``: the drawing's size in board cells; the layout picks a cell size;
2. ``stage(stage)``: the scene adds its elements at that cell size;
3. ``advance(item, replay)`` for each replayed event: its beats (none for notes);
4. ``retime(beats)``, then ``payoff()`` after a solved trace's last move (the goal piece
   leaving through the exit, tiles lighting up in order), if the scene has one.

``goal()``: an instant beat showing the goal (the panel's picture of it; None: none);
``payoff_area()``: where the payoff plays.  ``docs/adding-a-puzzle.md`` has an example.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from puzzlereel.ground.words import plural
from puzzlereel.registry import FAMILIES, Family
from puzzlereel.render.direction import search
from puzzlereel.render.film.elements import Element, Film, Stop, Value
from puzzlereel.render.film.shapes import Box, Shape
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import Choices, Header, Replay, Replayed, TraceError


@dataclass(frozen=True)
class Tween:
    """``element``'s ``prop`` ("pos", "opacity", "scale", "shape") through ``stops``
    (progress, value) while a beat plays; ``easing`` None follows the video's easing."""

    element: Element
    prop: str
    stops: tuple[Stop, ...]
    easing: str | None = None


@dataclass(frozen=True)
class BeatSound:
    """A sound a beat makes (``--sound``): ``kind``, one of ``render.film.sound_events.SOUND_KINDS``
    ("slide", "click", "pop"...), starting at ``at``, a share of the beat's time on
    screen; a slide lasts from there to the beat's end, the motion it follows."""

    kind: str
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class Beat:
    """One animated change, as the director schedules it.

    ``tweens``: what changes.  ``move``: the number the counter shows from this beat on
    (None keeps the previous one; 0 shows "Start"), ``word`` the counter's word then
    ("" for the scene's).  ``units``: the length in multiples of ``RenderOptions.speed``
    (0: an instant, shown one frame).  ``pause``: ``RenderOptions.pause`` follows it.
    ``sheet``: the PNG contact sheet shows the position after it.  ``note``: the move in
    words ("B ↓↓").  For the pace (``render.direction.pacing``): the move's ``choices``
    (the trace's), ``leading``: it moves the piece the puzzle is about."""

    tweens: tuple[Tween, ...] = ()
    move: int | None = None
    word: str = ""
    units: float = 1.0
    pause: bool = True
    sheet: bool = True
    note: str = ""
    sounds: tuple[BeatSound, ...] = ()
    choices: Choices | None = None
    leading: bool = False
    marks: bool = True        # a payoff: the list keeps its last line marked (False: none)


# ---------------------------------------------------------------- tweens


def slide(element: Element, points: Sequence[tuple[float, float]],
          easing: str | None = None) -> Tween:
    """``element`` moving along ``points`` (frame pixels) as one motion eased over its
    whole length: each point is reached at its share of the distance."""
    pts = [tuple(p) for p in points]
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        lengths.append(lengths[-1] + math.hypot(bx - ax, by - ay))
    total = lengths[-1] or 1.0
    stops: list[Stop] = []
    for d, p in zip(lengths, pts):
        # points inside a straight run change nothing: keep the corners
        if stops and len(stops) >= 2 and _straight(stops[-2][1], stops[-1][1], p):
            stops[-1] = (d / total, (p[0], p[1]))
            continue
        stops.append((d / total, (p[0], p[1])))
    if len(stops) == 1:
        stops.append((1.0, stops[0][1]))
    return Tween(element, "pos", tuple(stops), easing)


def _straight(a: Value, b: Value, c: tuple[float, ...]) -> bool:
    assert isinstance(a, tuple) and isinstance(b, tuple)
    return abs((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])) < 1e-9


def fade(element: Element, a: float, b: float, p0: float = 0.0, p1: float = 1.0,
         easing: str | None = None) -> Tween:
    """``element``'s opacity from ``a`` to ``b`` while the progress runs p0 -> p1."""
    return Tween(element, "opacity", ((p0, a), (p1, b)), easing)


def show(element: Element, visible: bool, at: float = 0.0) -> Tween:
    """``element`` appearing or vanishing at once, when the progress reaches ``at``."""
    v = 1.0 if visible else 0.0
    if at <= 0:
        return Tween(element, "opacity", ((0.0, v),))
    return Tween(element, "opacity", ((0.0, 1.0 - v), (at, 1.0 - v), (at, v)))


def switch(element: Element, variants: Sequence[tuple[float, int]]) -> Tween:
    """``element`` showing variant ``k`` from progress ``p`` on, for each (p, k)."""
    return Tween(element, "shape", tuple((p, float(k)) for p, k in variants))


def ramp(element: Element, prop: str, stops: Sequence[Stop], easing: str | None = None) -> Tween:
    return Tween(element, prop, tuple(stops), easing)


def glow(element: Element) -> Tween:
    """A moving piece's outline: in over the first fifth of the motion's eased progress,
    out over the last fifth (never changing the piece's size or place)."""
    return Tween(element, "opacity", ((0.0, 0.0), (0.2, 1.0), (0.8, 1.0), (1.0, 0.0)))


def time_lapse(index: Sequence[int], *, units: float, budget: float, lapse: float,
               head: int = 0, tail: int = 0) -> list[list[int]]:
    """The beats of a run of ``index``: one an item of ``units`` while they all fit
    ``budget`` units; else a time-lapse: the first ``head`` and the last ``tail`` alone,
    those between them a few a beat, in as many beats of ``lapse`` units as the budget
    leaves (a beat then shows where the last of its items leaves things)."""
    n = len(index)
    if n * units <= budget or n <= head + tail:
        return [[i] for i in index]
    middle = list(index[head:n - tail])
    count = max(1, int((budget - (head + tail) * units) / lapse))
    size = math.ceil(len(middle) / count)
    return ([[i] for i in index[:head]]
            + [middle[j:j + size] for j in range(0, len(middle), size)]
            + [[i] for i in index[n - tail:]])


class Shown:
    """What each element shows as a scene makes its beats one after another: whether it
    is visible and which variant, so that a beat's tweens change only what differs (a
    scene that sets many elements at once, like a board of queens)."""

    def __init__(self) -> None:
        self.on: dict[Element, bool] = {}
        self.look: dict[Element, int] = {}

    def visible(self, el: Element, first: bool, then: bool | None = None,
                last: float = 0.1) -> list[Tween]:
        """``el`` shown or not from the beat's start (``first``), then (``then``) by its
        end, fading over the ``last`` share of its progress; nothing when that changes
        nothing."""
        then = first if then is None else then
        was = self.on.get(el, el.opacity > 0)
        self.on[el] = then
        if was == first == then:
            return []
        if first == then:
            return [show(el, first)]
        a, b = float(first), float(then)
        return [Tween(el, "opacity", ((0.0, a), (1.0 - last, a), (1.0, b)))]

    def fade(self, el: Element, visible: bool, p0: float, p1: float) -> list[Tween]:
        """``el`` fading in or out while the progress runs p0 -> p1 (nothing when it
        already shows so)."""
        was = self.on.get(el, el.opacity > 0)
        self.on[el] = visible
        if was == visible:
            return []
        return [fade(el, float(was), float(visible), p0, p1)]

    def looks(self, el: Element, k: int) -> list[Tween]:
        """``el`` showing its variant ``k`` from the beat's start (from the film's start
        when it has not shown yet)."""
        if self.look.get(el, el.shape) == k:
            return []
        self.look[el] = k
        if el not in self.on:
            el.shape = k
            return []
        return [switch(el, [(0.0, k)])]

    def showing(self, el: Element) -> bool:
        return self.on.get(el, el.opacity > 0)


# ---------------------------------------------------------------- the stage


@dataclass
class Stage:
    """Where a scene puts its elements: the film, the pixels of one board cell, its
    drawing's top-left (``x``, ``y``) and size in the frame, the smallest text it may
    show (``legible``: a text too large for its room is left out), whether it is the
    goal's small picture (``picture``: no coordinates).  All is clipped to the drawing."""

    film: Film
    cell: int
    x: int
    y: int
    width: int
    height: int
    legible: int = 0          # no text smaller than this (pixels); 0: no floor
    prefix: str = ""
    picture: bool = False
    names: dict[str, int] = field(default_factory=dict)

    @property
    def box(self) -> Box:
        return (self.x, self.y, self.x + self.width, self.y + self.height)

    def text_px(self, text: str, room: float, px: int, bold: bool = False) -> int:
        """The size to set ``text`` at: ``px`` or smaller to fit ``room`` pixels, never
        under the legible size nor 6 pixels (0: it cannot be set legibly in its room)."""
        from puzzlereel.render.film.typeset import fit_text_px, fits

        floor = max(self.legible, 6)
        fitted = fit_text_px(text, int(room), max(px, self.legible), bold)
        if fitted < floor:          # its steps of a tenth may pass over the floor itself
            fitted = floor
        return fitted if fits(text, fitted, int(room), bold) else 0

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The frame pixel of the drawing's pixel (x, y)."""
        return (self.x + x, self.y + y)

    def add(self, name: str, variants: Sequence[Shape] | Shape, layer: str = "pieces", *,
            x: float = 0.0, y: float = 0.0, opacity: float = 1.0,
            data: tuple[tuple[str, str], ...] = ()) -> Element:
        """An element named ``name`` (numbered when taken) at the drawing's pixel (x, y)."""
        count = self.names.get(name, 0)
        self.names[name] = count + 1
        full = f"{self.prefix}{name}" + (f"-{count}" if count else "")
        shapes = [variants] if not isinstance(variants, Sequence) else list(variants)
        return self.film.add(full, shapes, layer, x=self.x + x, y=self.y + y,
                             opacity=opacity, clip=self.box, role="board", data=data)


# ---------------------------------------------------------------- scenes


@runtime_checkable
class Scene(Protocol):
    """What the director needs from a puzzle family's scene (see the module docstring)."""

    family: Family
    #: the word on the counter: "Move 12 / 81", "Guess 3", "Solution 2 / 92"
    counter_word: str

    def extent(self) -> tuple[float, float]:
        """The drawing's size in board cells (width, height), margins included."""
        ...

    def picture_extent(self) -> tuple[float, float]:
        """The part of the drawing the goal's small picture shows (default: all)."""
        ...

    def stage(self, stage: Stage) -> None:
        """Add the scene's elements to ``stage`` (at ``stage.cell`` pixels a cell)."""
        ...

    def advance(self, item: Replayed, replay: Replay) -> Sequence[Beat]:
        """The beats one replayed event makes (none for notes).  ``item.applied`` is the
        normalised event the replay returned; ``replay`` the live position *after* it
        (read it, never keep it)."""
        ...

    def retime(self, beats: list[Beat]) -> list[Beat]:
        """The beats once all are known: a scene may change their ``units``."""
        ...

    def payoff(self) -> Beat | None:
        """A last beat after the final move of a solved trace (None: none)."""
        ...

    def payoff_area(self) -> Box | None:
        """Where the payoff plays in the drawing's cells (None: nowhere in particular)."""
        ...

    def goal(self) -> Beat | None:
        """An instant beat that shows the goal position (None: no goal picture)."""
        ...

    def goal_sentence(self) -> str:
        """The goal in one sentence: the family's (its registry row's), with what this
        puzzle makes of it ("Get the daughter out through the gap at the bottom.")."""
        ...

    def end_text(self, count: int) -> str:
        """The counter on the final hold of a solved trace ("Solved in 81 moves")."""
        ...

    def shown_count(self) -> int | None:
        """How many solutions the video shows, when it shows fewer than exist."""
        ...

    def goal_reached(self, depth: int) -> str:
        """Where the search first reached the goal, in words, for the end of the "how it
        was found" segment."""
        ...


class SceneBase:
    """Defaults for scenes: keeps header, options and theme and the family's registry
    row; the counter word is the puzzle's unit ("Move", "Guess", "Solution") unless the
    class says otherwise."""

    counter_word: str = ""
    schemes: tuple[str, ...] = ()     # the colour schemes it draws with, besides "auto"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        self.header = header
        self.options = options
        self.theme = theme
        self.family = FAMILIES[header.puzzle]
        self.unit = self.family.unit
        if not self.counter_word:
            self.counter_word = self.unit.capitalize()

    def picture_extent(self) -> tuple[float, float]:
        return self.extent()

    def extent(self) -> tuple[float, float]:
        raise NotImplementedError

    def retime(self, beats: list[Beat]) -> list[Beat]:
        return beats

    def payoff(self) -> Beat | None:
        return None

    def payoff_area(self) -> Box | None:
        return None

    def goal(self) -> Beat | None:
        return None

    def goal_sentence(self) -> str:
        """The family's goal in one sentence (its registry row's)."""
        return self.family.goal

    def goal_of(self, *swaps: tuple[str, str]) -> str:
        """The row's goal sentence made this puzzle's: each general phrase of it swapped,
        where it first appears, for what this puzzle makes of it (``("the queens", "8
        queens on a 8×8 board")``); a LookupError for a phrase the sentence lacks."""
        text = self.family.goal
        for general, specific in swaps:
            if general not in text:
                raise LookupError(f"{self.family.name}: {general!r} is not in {text!r}")
            text = text.replace(general, specific, 1)
        return text

    def end_text(self, count: int) -> str:
        """"Solved in 81 moves" (``count`` = the last counter value shown)."""
        return f"Solved in {count} {plural(self.unit, count)}"

    def goal_reached(self, depth: int) -> str:
        """Where the search first reached the goal, in words (``search.goal_reached``)."""
        return search.goal_reached(depth)

    def shown_count(self) -> int | None:
        return None


def scene_for(header: Header, options: RenderOptions, theme: Theme) -> Scene:
    """The scene for ``header``'s puzzle, or a TraceError saying none exists yet."""
    family = FAMILIES.get(header.puzzle)
    if family is None or not family.scene:
        raise TraceError(f"cannot render {header.puzzle!r} traces yet (renderable: "
                         f"{', '.join(sorted(k.name for k in FAMILIES.values() if k.scene))})",
                         field="puzzle", line=1)
    cls: Any = family.load("scene")
    scene: Scene = cls(header, options, theme)
    return scene


__all__ = ["Beat", "BeatSound", "Scene", "SceneBase", "Stage", "Tween", "fade", "glow", "ramp",
           "Shown", "scene_for", "show", "slide", "switch", "time_lapse"]
