"""Sound events: the vocabulary of a video's sounds, as the director plans them.

A video's sounds are a list of ``Sound`` values: when each starts (seconds into the
video, the clock of the frames and of the WebVTT cues), its ``kind`` (``SOUND_KINDS``), for a
slide how long the motion lasts, and how strong it is; each is checked as it is made
(``SoundError``).  What each kind is for:

* ``open`` — the opening: a soft swell under the title, so that a video sounds from its
  first frame.
* ``click`` — a tile, a short move, a guess.
* ``slide`` — a piece sliding, as long as its motion.
* ``pop`` — a peg landing after a jump, a queen placed.
* ``chime`` — the payoff of a solved puzzle.
* ``low`` — no solution.

Nothing here makes a sample: ``render.encoders.voices`` makes each kind's sound and
``render.encoders.sound`` the levelled track of a list of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from puzzlereel.ground.errors import PuzzlereelError, quoted

SOUND_KINDS = ("open", "click", "slide", "pop", "chime", "low")


class SoundError(PuzzlereelError):
    """A sound event that cannot be played: an unknown kind, or a time, length or
    strength that is not a finite number >= 0."""


@dataclass(frozen=True)
class Sound:
    """One sound event: ``kind`` (one of ``SOUND_KINDS``) starting ``start`` seconds into the
    video.  ``seconds``: a slide's length, the motion's duration (other kinds have their
    own length and ignore it).  ``strength``: a gain, 1 the kind's normal level."""

    start: float
    kind: str
    seconds: float = 0.0
    strength: float = 1.0

    def __post_init__(self) -> None:
        if self.kind not in SOUND_KINDS:
            raise SoundError(f"{quoted(self.kind)} is not one of: {', '.join(SOUND_KINDS)}",
                             field="kind")
        for name in ("start", "seconds", "strength"):
            value = getattr(self, name)
            if not (isinstance(value, int | float) and math.isfinite(value) and value >= 0):
                raise SoundError(f"must be a finite number >= 0, got {quoted(value)}",
                                 field=name)


__all__ = ["SOUND_KINDS", "Sound", "SoundError"]
