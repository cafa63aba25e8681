"""What a scene hands the director: beats (``Beat``), each a few animated changes
(``Tween``) and the sounds it makes (``BeatSound``)."""

from __future__ import annotations

from dataclasses import dataclass

from puzzlereel.render.film.elements import Element, Stop
from puzzlereel.trace import Choices


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


__all__ = ["Beat", "BeatSound", "Tween"]
