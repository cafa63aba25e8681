"""Equation cards as vector shapes, one card per solution: alphametic sums whose letters
turn into digits one letter at a time, komachi equations whose operators fade in, and
oomachi products whose ten digits appear one by one on chips of ten colours.

Every character is placed where the raster scene (``render/scenes/equations.py``) puts
it, measured with the same font metrics (``render.draw.text_width``), so the browser's
own glyph widths cannot push a line out of place; sizes and colours are the raster's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from puzzlereel.trace import Replay, Replayed, Solution

from .. import draw as gfx
from ..core import AnyStep
from ..scenes import equations as raster_eq
from ..theme import CATEGORICAL, RGB
from .family import Actor, Key, VectorScene, ramp, span, when
from .shapes import Group, Rect, Shape, Text

PAD = raster_eq.PAD
OPERATORS = "+−×÷"


class CardVector(VectorScene):
    """Komachi, oomachi and alphametic traces."""

    raster: raster_eq.AlphameticScene | raster_eq.KomachiScene | raster_eq.OomachiScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.W, self.H = self.raster.size
        self.showing: list[int] = []          # actors of the card on show
        self.band: int | None = None
        self.kind = self.header.puzzle
        if isinstance(self.raster, raster_eq.AlphameticScene):
            r, t, c = self.raster, self.theme, self.cell
            if len(r.lines) > r.split:          # under the sum, behind its digits
                row_h = 1.15 * c
                y0 = int((PAD + 0.55 + r.split * 1.15 + 0.4) * c) - int(row_h / 2)
                self.band = self.add(Actor("band", [Rect(
                    self.ox + int(PAD * c), self.oy + y0, self.W - int(2 * PAD * c),
                    int(row_h), t.row, rx=c * 0.2)], opacity=0.0))

    # ------------------------------------------------------------ text placement

    def line(self, text: str, px: int, y: float, colours: Sequence[RGB],
             x0: int | None = None) -> list[tuple[int, Text]]:
        """``text`` laid out as the raster's ``text_line``: (index, glyph) per character
        that is not a space."""
        width = gfx.text_width(text, px, bold=True)
        x = (self.W - width) // 2 if x0 is None else x0
        out = []
        for i, ch in enumerate(text):
            if ch == " ":
                continue
            left = gfx.text_width(text[:i], px, bold=True) - 2 if i else 0
            out.append((i, Text(self.ox + x + left + 1, self.oy + y, ch, px, colours[i],
                                anchor="start", bold=True)))
        return out

    def statics(self) -> list[Shape]:
        t, c = self.theme, self.cell
        m = max(1, int(c * 0.1))
        out: list[Shape] = [Rect(self.ox + m, self.oy + m, self.W - 2 * m, self.H - 2 * m,
                                 t.board, rx=c * 0.3)]
        if isinstance(self.raster, raster_eq.AlphameticScene):
            r = self.raster
            ry = int((PAD + r.split * 1.15 + 0.2) * c)
            out.append(Rect(self.ox + int(PAD * c), self.oy + ry, self.W - 2 * int(PAD * c),
                            max(2, c // 14), t.text))
        return out

    # ------------------------------------------------------------ events

    def card(self, shapes: list[Shape], opacity: float = 0.0) -> int:
        return self.add(Actor(f"c{len(self.actors)}", shapes, 0.0, 0.0, opacity=opacity))

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        ev = item.applied
        if not isinstance(ev, Solution) or not steps:
            return []
        keys: list[Key] = []
        for a in self.showing:                  # the last card goes as this one comes
            keys += [Key(a, 0.0), Key(a, 0.0, opacity=0.0)]
        self.showing = []
        if self.kind == "alphametic":
            keys += self.alphametic(ev)
        elif self.kind == "komachi":
            keys += self.komachi(ev)
        else:
            keys += self.oomachi(ev)
        return keys

    def show(self, actor: int) -> list[Key]:
        self.showing.append(actor)
        return [Key(actor, 0.0, opacity=0.0), Key(actor, 0.0, opacity=1.0)]

    def komachi(self, ev: Solution) -> list[Key]:
        t, c = self.theme, self.cell
        card = raster_eq.pretty(ev.text or "")
        self.note = card
        left, _, right = card.partition(" = ")
        px = gfx.fit_text_px(left, int(self.W - 2 * PAD * c), int(c * 1.6), bold=True)
        colours = [t.emphasis if ch in OPERATORS else t.text for ch in left]
        glyphs = self.line(left, px, int(self.H * 0.38), colours)
        still: list[Shape] = [g for i, g in glyphs if left[i] not in OPERATORS]
        rest = f"= {right}"
        still += [g for _, g in self.line(rest, int(px * 1.2), int(self.H * 0.68),
                                          [t.muted, t.muted] + [t.text] * len(right))]
        keys = self.show(self.card(still))
        ops = [g for i, g in glyphs if left[i] in OPERATORS]
        n = max(1, len(ops))
        for j, glyph in enumerate(ops):
            a = self.card([glyph])
            self.showing.append(a)
            keys += self.reveal(a, j / n, (j + 1) / n)
        return keys

    def reveal(self, actor: int, p0: float, p1: float) -> list[Key]:
        """Keys fading ``actor`` in while the card's eased progress runs p0 -> p1."""
        return ramp(actor, p0, p1, self.options.easing, opacity=(0.0, 1.0))

    def oomachi(self, ev: Solution) -> list[Key]:
        t, c = self.theme, self.cell
        left, _, product = (ev.text or "").replace(" ", "").partition("=")
        factors = raster_eq.pretty(left)
        self.note = f"{factors} = {product}"
        text = factors + " ="
        px = gfx.fit_text_px(text, int(self.W - 2 * PAD * c), int(c * 1.6), bold=True)
        keys = self.show(self.card([g for _, g in self.line(text, px, int(self.H * 0.32),
                                                             [t.text] * len(text))]))
        n = max(1, len(product))
        chip = max(6, min(int((self.W - 2 * PAD * c) / (n * 1.1)), int(c * 2)))
        gap = max(1, int(chip * 0.1))
        x0 = (self.W - (n * (chip + gap) - gap)) // 2
        y = int(self.H * 0.55)
        dpx = max(8, int(chip * 0.62))
        drop = c * 0.3
        for i, ch in enumerate(product):
            fill = CATEGORICAL[int(ch) % len(CATEGORICAL)] if ch.isdigit() else t.muted
            x = self.ox + x0 + i * (chip + gap)
            shapes: list[Shape] = [Rect(0, 0, chip, chip, fill, rx=chip * 0.22),
                                   Text(chip // 2, chip // 2, ch, dpx, t.on(fill), bold=True)]
            a = self.add(Actor(f"d{len(self.actors)}", [Group(shapes)], x,
                               self.oy + y - drop, opacity=0.0))
            self.showing.append(a)
            s0, s1, timing = span(i / n, (i + 1) / n, self.options.easing)
            keys += [Key(a, s0, y=self.oy + y - drop, opacity=0.0, timing=timing),
                     Key(a, s1, y=self.oy + y, opacity=1.0)]
        return keys

    def alphametic(self, ev: Solution) -> list[Key]:
        r, t, c = cast(raster_eq.AlphameticScene, self.raster), self.theme, self.cell
        card = {k.upper(): v for k, v in (ev.assignment or {}).items()}
        px = max(8, int(c * 0.8))
        cw = gfx.text_width("0", px, bold=True)
        right = int((PAD + r.width + 1.3) * c)
        order: list[str] = list(r.order)
        n = max(1, len(order))
        still: list[Shape] = []
        letters: dict[str, list[Shape]] = {}
        digits: dict[str, list[Shape]] = {}
        for row, (op, word) in enumerate(r.lines):
            y = self.oy + int((PAD + 0.55 + row * 1.15 + (0.4 if row >= r.split else 0.0)) * c)
            if op:
                still.append(Text(self.ox + right - (r.width + 1) * cw - cw // 2, y,
                                  raster_eq.SYMBOLS.get(op, op), px, t.muted, bold=True))
            for i, ch in enumerate(word):
                x = self.ox + right - (len(word) - i) * cw - cw // 2
                letters.setdefault(ch, []).append(Text(x, y, ch, px, t.text, bold=True))
                digits.setdefault(ch, []).append(Text(x, y, str(card.get(ch, "?")), px,
                                                      t.emphasis, bold=True))
        keys = self.show(self.card(still))
        for ch, shapes in letters.items():
            a = self.card(shapes)
            self.showing.append(a)
            keys += [Key(a, 0.0, opacity=0.0), Key(a, 0.0, opacity=1.0)]
            b = self.card(digits[ch])
            self.showing.append(b)
            if ch in order:
                j = order.index(ch)
                # each letter has a step of its own: the video eases each one
                keys += [Key(a, j / n, opacity=1.0), Key(a, (j + 1) / n, opacity=0.0),
                         Key(b, j / n, opacity=0.0), Key(b, (j + 1) / n, opacity=1.0)]
        self.note = " ".join(f"{ch}={card.get(ch, '?')}" for ch in order)
        return keys

    def payoff(self, step: AnyStep) -> list[Key]:
        """The sum lights up (alphametics): a band under its last line, pulsing."""
        if self.band is None:
            return []
        keys = []
        for i in range(17):
            p = i / 16
            lit = math.sin(math.pi * p) * 0.8 + (0.2 if p > 0.5 else 0.0)
            keys.append(Key(self.band, when(p, self.options.easing), opacity=round(lit, 3),
                            timing="linear"))
        return keys

    def finish(self, final: object) -> list[Key]:
        if self.band is None or final is None:      # after the payoff: its last picture
            return []
        return [Key(self.band, 0.0), Key(self.band, 0.0, opacity=0.0)]


__all__ = ["CardVector"]
