"""Mastermind as vector shapes: the board of guess rows, each guess's pegs dropping in
one by one, then its pins (black: right colour, right place; white: right colour, wrong
place) and how many codes are left; the secret, covered until the winning guess.

Sizes, places and colours are the raster scene's (``render/scenes/mastermind.py``).
A board with more guesses than visible rows scrolls as the video's does: when a guess
comes in below the last row, every row moves up one and the top one goes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlereel.trace import Guess, Replay, Replayed

from .. import draw as gfx
from ..core import AnyStep
from ..scenes import mastermind as raster_mm
from ..theme import CATEGORICAL, INK_DARK
from .family import Actor, Key, VectorScene, span
from .shapes import Circle, Rect, Shape, Text

PAD, INDEX_W, TOP_H = raster_mm.PAD, raster_mm.INDEX_W, raster_mm.TOP_H


class MastermindVector(VectorScene):
    """Mastermind traces: one row per guess."""

    raster: raster_mm.MastermindScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        r, c = self.raster, self.cell
        self.length = r.length
        self.visible = r.visible
        self.peg_d = max(4, int(round(c * 0.78)))
        self.rows = 0
        self.row_actors: list[list[int]] = []     # each guess's actors (number, pegs, pins)
        self.first = 0                            # the guess in the top visible row
        self.revealed: int | None = None
        if r.secret is not None:
            shapes = [self.peg(j, PAD + TOP_H / 2 - 0.1, sym) for j, sym in enumerate(r.secret)]
            self.revealed = self.add(Actor("s", [s for group in shapes for s in group],
                                           self.ox, self.oy, opacity=0.0))

    def px(self, u: float) -> float:
        return u * self.cell

    def peg(self, j: int, row_centre: float, sym: int) -> list[Shape]:
        """A code peg (its number on it) centred in column ``j`` at ``row_centre`` cells."""
        c, d = self.cell, self.peg_d
        fill = CATEGORICAL[sym % len(CATEGORICAL)]
        bw = max(1.0, c * 0.05)
        x = round((PAD + INDEX_W + j + 0.5) * c - d / 2) + d / 2
        y = round(row_centre * c - d / 2) + d / 2
        return [Circle(x, y, (d - bw) / 2, fill, gfx.darker(fill), bw),
                Text(x, y, str(sym), max(6, int(d * 0.5)), self.theme.on(fill), bold=True)]

    def statics(self) -> list[Shape]:
        r, t, c = self.raster, self.theme, self.cell
        w, h = r.extent()
        W, H = math.ceil(w * c), math.ceil(h * c)
        x0 = int(PAD * c * 0.5)
        ox, oy = self.ox, self.oy
        out: list[Shape] = [Rect(ox + x0, oy + x0, W - 2 * x0, H - 2 * x0, t.board, rx=c * 0.3)]
        if r.secret is not None:
            px = gfx.fit_text_px("secret", int(raster_mm.SECRET_W * c), max(8, int(c * 0.34)))
            out.append(Text(ox + int((PAD + INDEX_W - 0.1) * c),
                            oy + int((PAD + TOP_H / 2 - 0.1) * c), "secret", px, t.muted,
                            anchor="end"))
            d, bw = self.peg_d, max(1.0, c * 0.05)
            for j in range(self.length):
                x = ox + round((PAD + INDEX_W + j + 0.5) * c - d / 2) + d / 2
                y = oy + round((PAD + TOP_H / 2 - 0.1) * c - d / 2) + d / 2
                out += [Circle(x, y, (d - bw) / 2, t.muted, gfx.darker(t.muted), bw),
                        Text(x, y, "?", max(6, int(d * 0.55)), t.background)]
        y_rule = int((PAD + TOP_H - 0.12) * c)
        out.append(Rect(ox + int(PAD * c), oy + y_rule, W - 2 * int(PAD * c), max(1, c // 24),
                        t.muted))
        hole_d = max(3, int(round(c * 0.3)))
        hole = gfx.darker(t.board, 0.88)
        for slot in range(self.visible):
            yc = oy + int((PAD + TOP_H + slot + 0.5) * c)
            for j in range(self.length):
                out.append(Circle(ox + int((PAD + INDEX_W + j + 0.5) * c), yc, hole_d / 2, hole))
        return out

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        ev = item.applied
        if not isinstance(ev, Guess) or not steps:
            return []
        i = self.rows
        self.rows += 1
        self.note = f"{''.join(str(v) for v in ev.code)} → {ev.bulls} black, {ev.cows} white"
        t, c = self.theme, self.cell
        keys: list[Key] = []
        first = max(0, i + 1 - self.visible)
        if first != self.first:                   # the board scrolls as the guess comes in
            self.first = first
            for j, actors in enumerate(self.row_actors):
                for a in actors:
                    keys += [Key(a, 0.0), Key(a, 0.0, y=self.oy - first * c,
                                               opacity=1.0 if j >= first else 0.0)]
        top = self.oy - first * c                 # where row 0 sits now
        centre = PAD + TOP_H + i + 0.5
        yc = int(centre * c)
        number = self.add(Actor(f"i{i}", [Text(int((PAD + INDEX_W - 0.2) * c), yc, str(i + 1),
                                                max(8, int(c * 0.4)), t.muted, anchor="end")],
                                self.ox, top, opacity=0.0))
        keys += [Key(number, 0.0, opacity=0.0), Key(number, 0.0, opacity=1.0)]
        actors = [number]
        drop = c * 0.35
        for j, sym in enumerate(ev.code):
            a = self.add(Actor(f"k{i}_{j}", self.peg(j, centre, sym), self.ox, top - drop,
                               opacity=0.0))
            s0, s1, timing = span(j / self.length, (j + 1) / self.length, self.options.easing)
            keys += [Key(a, s0, y=top - drop, opacity=0.0, timing=timing),
                     Key(a, s1, y=top, opacity=1.0)]
            actors.append(a)
        result = self.add(Actor(f"r{i}", self.results(i, ev), self.ox, top, opacity=0.0))
        keys += [Key(result, 1.0, opacity=0.0), Key(result, 1.0, opacity=1.0)]
        actors.append(result)
        self.row_actors.append(actors)
        if ev.bulls == self.length and self.revealed is not None:
            keys += [Key(self.revealed, 1.0, opacity=0.0), Key(self.revealed, 1.0, opacity=1.0)]
        return keys

    def results(self, slot: int, ev: Guess) -> list[Shape]:
        """The pins and the note of a guess row."""
        t, c = self.theme, self.cell
        per_row = math.ceil(self.length / 2)
        x0 = (PAD + INDEX_W + self.length + PAD) * c
        y0 = (PAD + TOP_H + slot + 0.25) * c
        pin_d = max(3, int(round(c * 0.36)))
        ring = max(1.0, pin_d * 0.16)
        kinds = ["bull"] * ev.bulls + ["cow"] * ev.cows
        kinds += ["hole"] * (self.length - len(kinds))
        out: list[Shape] = []
        for n, kind in enumerate(kinds):
            row, k = divmod(n, per_row)
            cx, cy = x0 + (k + 0.5) * 0.5 * c, y0 + row * 0.5 * c
            if kind == "hole":
                out.append(Circle(cx, cy, max(2, pin_d // 2) / 2, gfx.darker(t.board, 0.85)))
            elif kind == "bull":
                out.append(Circle(cx, cy, (pin_d - ring) / 2, INK_DARK, (235, 235, 235), ring))
            else:
                out.append(Circle(cx, cy, (pin_d - ring) / 2, (255, 255, 255), INK_DARK, ring))
        if ev.bulls == self.length:
            note, colour = "found it", t.emphasis
        elif ev.remaining is not None:
            note, colour = f"{ev.remaining:,} left", t.text
        else:
            note, colour = "", t.text
        if note:
            pins_w = self.raster.pins_w
            out.append(Text(int((PAD + INDEX_W + self.length + PAD + pins_w + PAD) * c),
                            int((PAD + TOP_H + slot + 0.5) * c), note, max(8, int(c * 0.38)),
                            colour, anchor="start"))
        return out


__all__ = ["MastermindVector"]
