"""Peg solitaire as vector shapes: the board of holes (goal holes ringed), one element per
peg that jumps along an arc while the peg it jumps over fades out, rings on the holes of
the current chain, the "Pegs left" line, and the last pegs pulsing as the payoff.

Geometry (hole centres for square and triangular boards, peg and hole sizes, the arc's
height) and colours are the raster scene's (``render/scenes/peg_solitaire.py``); the
jump follows the video's easing over the whole chain, sampled finely enough that the arc
reads as an arc.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlereel.trace import Cell, PegMove, Replay, Replayed

from .. import draw as gfx
from ..core import AnyStep
from ..scenes import peg_solitaire as raster_pegs
from ..timeline import EASINGS
from .family import Actor, Key, VectorScene, ramp, when
from .shapes import Circle, Rect, Shape, Text

SAMPLES = 8      # keys per jump of the arc (linear between them)


class PegVector(VectorScene):
    """English, French, Hoppers, triangular and custom boards."""

    raster: raster_pegs.PegSolitaireScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        r, c = self.raster, self.cell
        self.ease = EASINGS.get(self.options.easing, EASINGS["linear"])
        self.peg_d = max(3, round(raster_pegs.PEG * c))
        self.peg_at: dict[Cell, int] = {}
        for hole in sorted(r.start):
            x, y = self.at(hole)
            self.peg_at[hole] = self.add(Actor(f"g{len(self.actors)}", self.peg_shapes(), x, y,
                                               data=(("peg", "1"),), glow=self.glow_shapes()))
        self.rings: dict[Cell, int] = {}        # chain highlight rings, made when needed
        self.lit_rings: list[int] = []
        self.counts: dict[int, int] = {}        # "Pegs left: n" lines, made when needed
        self.count = len(r.start)
        self.shown_count = self.footer(self.count)
        self._show(self.shown_count, True)

    def at(self, hole: Cell) -> tuple[float, float]:
        cx, cy = self.raster.centre(hole)
        return (self.ox + cx * self.cell, self.oy + cy * self.cell)

    def peg_shapes(self) -> list[Shape]:
        fill = self.raster.peg_fill
        bw = max(1.0, self.cell * 0.05)
        d = self.peg_d
        return [Circle(0, 0, (d - bw) / 2, fill, gfx.darker(fill), bw)]

    def glow_shapes(self) -> list[Shape]:
        if not self.options.highlight:
            return []
        w = max(2, round(self.cell * 0.08))
        return [Circle(0, 0, (self.peg_d - w) / 2, None, self.theme.highlight, w)]

    def statics(self) -> list[Shape]:
        r, t, c = self.raster, self.theme, self.cell
        W = math.ceil(r.w_cells * c)
        bh = round(r.h_cells * c)
        out: list[Shape] = [Rect(self.ox, self.oy, W, bh, t.board, rx=c * 0.35)]
        hd = max(2, round(raster_pegs.HOLE * c))
        gd = max(3, round(raster_pegs.PEG * c * 1.05))
        gw = max(1, round(c * 0.05))
        for hole in r.holes:
            x, y = self.at(hole)
            out.append(Circle(x, y, hd / 2, r.hole_fill))
            if hole in r.goal:
                out.append(Circle(x, y, (gd - gw) / 2, None, t.target, gw))
        px, labels = r.coordinates(c)
        out += [Text(self.ox + round(x * c), self.oy + round(y * c), text, px, t.muted)
                for text, x, y in labels]
        return out

    # ------------------------------------------------------------ the counter line

    def footer(self, n: int) -> int:
        """The actor of the line "Pegs left: n" (made hidden the first time)."""
        actor = self.counts.get(n)
        if actor is None:
            r, c = self.raster, self.cell
            W = math.ceil(r.w_cells * c)
            H = math.ceil((r.h_cells + raster_pegs.FOOTER) * c)
            top = round(r.h_cells * c)
            text = f"Pegs left: {n}"
            px = gfx.fit_text_px(text, int(W * 0.9), max(8, int(raster_pegs.FOOTER * c * 0.6)))
            shape = Text(W // 2, (top + H) // 2, text, px, self.theme.muted)
            actor = self.counts[n] = self.add(Actor(f"n{n}", [shape], self.ox, self.oy,
                                                    opacity=0.0))
        return actor

    def _show(self, actor: int, now: bool) -> None:
        self.actors[actor].opacity = 1.0 if now else self.actors[actor].opacity

    def switch(self, s: float, n: int) -> list[Key]:
        """Keys changing the counter line to ``n`` pegs at ``s``."""
        new = self.footer(n)
        if new == self.shown_count:
            return []
        old, self.shown_count = self.shown_count, new
        return [Key(old, s, opacity=1.0), Key(old, s, opacity=0.0),
                Key(new, s, opacity=0.0), Key(new, s, opacity=1.0)]

    # ------------------------------------------------------------ chain rings

    def ring(self, hole: Cell) -> int:
        actor = self.rings.get(hole)
        if actor is None:
            d = max(4, round(raster_pegs.RING * self.cell))
            w = max(1, round(self.cell * 0.06))
            x, y = self.at(hole)
            actor = self.rings[hole] = self.add(Actor(
                f"r{len(self.actors)}", [Circle(0, 0, (d - w) / 2, None, self.theme.highlight,
                                                w)], x, y, opacity=0.0))
        return actor

    def rings_to(self, holes: Sequence[Cell]) -> list[Key]:
        """Keys showing the chain rings on ``holes`` (at half strength) from the motion's
        start, and hiding the last chain's."""
        if not self.options.highlight:
            return []
        new = [self.ring(h) for h in holes]
        keys: list[Key] = []
        for a in self.lit_rings:
            if a not in new:
                keys += [Key(a, 0.0, opacity=0.5), Key(a, 0.0, opacity=0.0)]
        for a in new:
            if a not in self.lit_rings:
                keys += [Key(a, 0.0, opacity=0.0), Key(a, 0.0, opacity=0.5)]
        self.lit_rings = new
        return keys

    # ------------------------------------------------------------ events

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        move = item.applied
        if not isinstance(move, PegMove) or not steps:
            return []
        chain = (move.start, *move.path)
        k = len(move.path)
        removed = [((a[0] + b[0]) // 2, (a[1] + b[1]) // 2) for a, b in zip(chain, chain[1:],
                                                                           strict=False)]
        peg = self.peg_at.pop(move.start)
        keys = self.rings_to(chain[1:]) + self.glow_keys(peg)
        # the jumping peg: an arc per jump, the whole chain eased once
        lift = raster_pegs.LIFT * self.cell
        n = SAMPLES * k
        for i in range(n + 1):
            s = i / n
            p = self.ease(s) * k
            j = min(int(p), k - 1)
            f = p - j
            (ax, ay), (bx, by) = self.at(chain[j]), self.at(chain[j + 1])
            keys.append(Key(peg, s, ax + (bx - ax) * f,
                            ay + (by - ay) * f - lift * math.sin(math.pi * f),
                            timing="linear"))
        self.peg_at[chain[-1]] = peg
        # each peg jumped over fades out during its jump; the count drops half-way
        easing = self.options.easing
        for j, hole in enumerate(removed):
            gone = self.peg_at.pop(hole)
            keys += ramp(gone, j / k, (j + 0.8) / k, easing, opacity=(1.0, 0.0))
            self.count -= 1
            keys += self.switch(when((j + 0.5) / k, easing), self.count)
        self.note = " → ".join(raster_pegs.hole_name(c) for c in chain)
        return keys

    def payoff(self, step: AnyStep) -> list[Key]:
        """A ring pulses out from each peg left (and the chain rings go)."""
        keys = self.rings_to(())
        c = self.cell
        d = max(4, round(raster_pegs.PEG * c * 1.5))
        w = max(2, round(c * 0.1))
        for hole in sorted(self.peg_at):
            x, y = self.at(hole)
            a = self.add(Actor(f"u{len(self.actors)}", [Circle(0, 0, (d - w) / 2, None,
                                                               self.theme.accent, w)],
                               x, y, opacity=0.0))
            for i in range(9):
                p = i / 8
                keys.append(Key(a, when(p, self.options.easing),
                                opacity=round(math.sin(math.pi * p), 3), timing="linear"))
        return keys

    def finish(self, final: object) -> list[Key]:
        return self.rings_to(())


__all__ = ["PegVector"]
