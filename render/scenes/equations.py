"""Equation cards for komachi, oomachi and alphametic traces: one card per solution.

- alphametic: the words set out as a written sum (``SEND`` over ``+MORE`` over the rule
  and ``MONEY``); on each card the letters turn into their digits column by column, from
  the units, as the column-wise search assigns them.
- komachi: the digits in a row with ``= target``; the operators drop into the gaps one by
  one (a gap left empty joins its digits into one number).
- oomachi: the consecutive factors, and below them the product's digits appearing one at a
  time, each digit in its own colour: ten digits, ten colours, none repeated.

Every character sits in a grid cell; a card is a pure function of (solution, progress).
State: ``(k, reveal)`` where ``k`` is the solution number (0 before the first) and
``reveal`` how many units of the card are shown (all of them for a finished card).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Generic, TypeVar

import numpy as np

from puzzlereel.rules.equations import AlphameticReplay, KomachiReplay, OomachiReplay
from puzzlereel.trace import Header, Replay, Replayed, Solution

from .. import draw as gfx
from ..options import RenderOptions
from ..scene import SceneBase, Step, plural
from ..theme import CATEGORICAL, RGB, Theme

PAD = 0.5
MAX_CARDS = 200

# one grid character: (col, row, text, colour key); colour keys are resolved per theme
Glyph = tuple[float, float, str, str]


# the state: (solution number, how far its card is revealed); a motion: the card's units
Reveal = tuple[int, float]


Card = TypeVar("Card")   # what one solution's card holds, as each subclass parses it


class _CardScene(SceneBase[Reveal, int], Generic[Card]):
    """A grid of characters on a board; subclasses say what the card of a solution holds."""

    def end_text(self, count: int) -> str:
        return f"{count} {plural('solution', count)}"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.cards: dict[int, Card] = {}
        self.shown = 0
        self.cell = 0
        self._cache = gfx.Recent(3)

    # subclasses ------------------------------------------------------------

    def grid(self) -> tuple[float, float]:
        """Width and height of the card in cells."""
        raise NotImplementedError

    def units(self, card: Card) -> int:
        """How many reveal units the card animates (columns, gaps, digits)."""
        raise NotImplementedError

    def glyphs(self, card: Card | None, reveal: float) -> list[Glyph]:
        """The characters of ``card`` with ``reveal`` units shown (fractions fade in)."""
        raise NotImplementedError

    def parse(self, event: Solution) -> Card:
        raise NotImplementedError

    def rules(self) -> list[tuple[float, float, float]]:
        """Horizontal rules: (row, col from, col to)."""
        return []

    # interface -------------------------------------------------------------

    def extent(self) -> tuple[float, float]:
        w, h = self.grid()
        return (w + 2 * PAD, h + 2 * PAD)

    def initial(self) -> Reveal:
        return (0, 0.0)

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[Reveal, int]]:
        ev = item.applied
        if not isinstance(ev, Solution) or self.shown >= MAX_CARDS:
            return ()
        self.shown += 1
        card = self.parse(ev)
        self.cards = {ev.k: card}          # only the current card is needed to draw
        units = self.units(card)
        return (Step((ev.k, 0.0), (ev.k, float(units)), move=ev.k, segments=max(1, units),
                     units=max(1.0, units * 0.5), data=units),)

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.goal,
               *CATEGORICAL]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        w, h = self.extent()
        W, H = int(math.ceil(w * cell)), int(math.ceil(h * cell))
        t = self.theme
        self.background = np.empty((H, W, 3), np.uint8)
        self.background[:] = t.background
        m = max(1, int(cell * 0.15))
        solid = np.empty((H - 2 * m, W - 2 * m, 3), np.uint8)
        solid[:] = t.board
        gfx.blend(self.background[m:H - m, m:W - m], solid,
                  gfx.rounded_mask(W - 2 * m, H - 2 * m, cell * 0.3))
        for row, a, b in self.rules():
            y = int((PAD + row) * cell)
            self.background[y:y + max(2, cell // 14),
                            int((PAD + a) * cell):int((PAD + b) * cell)] = t.text
        self._cache.clear()
        return W, H

    def draw(self, out: np.ndarray, step: Step[Reveal, int], p: float) -> None:
        k, reveal = step.after if (p >= 1.0 or step.segments <= 0) else step.before
        if step.segments > 0 and 0.0 < p < 1.0 and step.data is not None:
            k = step.after[0]
            reveal = min(max(p, 0.0), 1.0) * float(step.data)
        key = (k, round(reveal, 3))
        img = self._cache.get(key)
        if img is None:
            img = self._cache.put(key, self._render(k, reveal))
        np.copyto(out, img)

    def _render(self, k: int, reveal: float) -> np.ndarray:
        img = self.background.copy()
        card = self.cards.get(k)
        c = self.cell
        px = max(8, int(c * 0.62))
        for col, row, text, colour in self.glyphs(card, reveal):
            rgb, alpha = self._colour(colour)
            x = int(round((PAD + col + 0.5) * c))
            y = int(round((PAD + row + 0.5) * c))
            if alpha >= 1.0:
                gfx.draw_text(img, text, px, rgb, x, y, "mm")
            elif alpha > 0.0:
                layer = img.copy()
                gfx.draw_text(layer, text, px, rgb, x, y, "mm")
                a = np.full(img.shape[:2], int(round(alpha * 255)), np.uint8)
                gfx.blend(img, layer, a)
        return img

    def _colour(self, key: str) -> tuple[RGB, float]:
        name, _, alpha = key.partition("@")
        t = self.theme
        colour: RGB
        if name.startswith("peg"):
            colour = CATEGORICAL[int(name[3:]) % len(CATEGORICAL)]
        else:
            colour = {"text": t.text, "muted": t.muted, "accent": t.accent,
                      "goal": t.goal}.get(name, t.text)
        return colour, float(alpha) if alpha else 1.0


def _fade(reveal: float, unit: int) -> float:
    """How far unit ``unit`` (0-based) is shown at ``reveal``."""
    return min(max(reveal - unit, 0.0), 1.0)


class AlphameticScene(_CardScene[dict[str, int]]):
    """SEND + MORE = MONEY as a written sum; letters become digits column by column."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        eq = AlphameticReplay(header)          # parses and checks the equation
        self.lines: list[tuple[str, str]] = []   # (operator, word)
        for i, word in enumerate(eq.left.numbers):
            self.lines.append(("" if i == 0 else eq.left.ops[i - 1], word))
        self.split = len(self.lines)
        for i, word in enumerate(eq.right.numbers):
            self.lines.append(("" if i == 0 else eq.right.ops[i - 1], word))
        self.width = max(len(w) for _, w in self.lines)

    def grid(self) -> tuple[float, float]:
        return (self.width + 1.0, len(self.lines) + 0.3)

    def rules(self) -> list[tuple[float, float, float]]:
        return [(self.split + 0.12, 0.0, self.width + 1.0)]

    def parse(self, event: Solution) -> dict[str, int]:
        return {k.upper(): v for k, v in (event.assignment or {}).items()}

    def units(self, card: dict[str, int]) -> int:
        return self.width

    def glyphs(self, card: dict[str, int] | None, reveal: float) -> list[Glyph]:
        out: list[Glyph] = []
        for r, (op, word) in enumerate(self.lines):
            y = r + (0.3 if r >= self.split else 0.0)
            if op:
                out.append((0.0, y, op, "muted"))
            for i, ch in enumerate(word):
                col = self.width - len(word) + i + 1.0
                unit = len(word) - 1 - i          # column 0 is the units column
                shown = _fade(reveal, unit) if card else 0.0
                if card and shown >= 1.0:
                    out.append((col, y, str(card[ch]), "goal"))
                elif card and shown > 0.0:
                    out.append((col, y, ch, f"text@{1.0 - shown:.3f}"))
                    out.append((col, y, str(card[ch]), f"goal@{shown:.3f}"))
                else:
                    out.append((col, y, ch, "text"))
        return out


class KomachiScene(_CardScene[list[str]]):
    """1 2 3 4 5 6 7 8 9 = 100, the operators dropping into the gaps."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = KomachiReplay(header)
        self.digits = rep.digits
        self.target = str(rep.target)

    DIGIT = 0.8     # cells per digit
    GAP = 0.7       # cells per gap between digits

    def grid(self) -> tuple[float, float]:
        n = len(self.digits)
        return (n * self.DIGIT + (n - 1) * self.GAP + 1.0 + 0.6 * len(self.target), 1.0)

    def _gaps(self, card: list[str] | None, reveal: float) -> list[float]:
        """Width of each gap: a gap with no operator closes up as it is revealed, so the
        joined digits read as one number."""
        out = []
        for i in range(len(self.digits) - 1):
            shown = _fade(reveal, i) if card else 0.0
            closed = card is not None and not card[i]
            out.append(self.GAP * (1.0 - shown) + 0.05 * shown if closed else self.GAP)
        return out

    def parse(self, event: Solution) -> list[str]:
        left = (event.text or "").split("=")[0].replace(" ", "")
        gaps: list[str] = []
        pending = ""
        for ch in left[1:]:
            if ch.isdigit():
                gaps.append(pending)
                pending = ""
            else:
                pending = ch
        return gaps

    def units(self, card: list[str]) -> int:
        return len(self.digits) - 1

    def glyphs(self, card: list[str] | None, reveal: float) -> list[Glyph]:
        out: list[Glyph] = []
        gaps = self._gaps(card, reveal)
        n = len(self.digits)
        full = n * self.DIGIT + (n - 1) * self.GAP
        width = n * self.DIGIT + sum(gaps)
        x = (full - width) / 2 + (self.DIGIT - 1.0) / 2
        for i, d in enumerate(self.digits):
            out.append((x, 0.0, d, "text"))
            if i < n - 1:
                op = card[i] if card else ""
                shown = _fade(reveal, i) if card else 0.0
                if op and shown > 0:
                    sym = {"*": "x"}.get(op, op)    # the bundled font has no × ÷ −
                    out.append((x + (self.DIGIT + gaps[i]) / 2, 0.0, sym,
                                f"goal@{shown:.3f}"))
                x += self.DIGIT + gaps[i]
        x = full - 0.2
        out.append((x, 0.0, "=", "muted"))
        for j, ch in enumerate(self.target):
            out.append((x + 0.8 + 0.6 * j, 0.0, ch, "text"))
        return out


class OomachiScene(_CardScene[tuple[list[str], str]]):
    """n x (n+1) x (n+2) over its product, whose ten digits appear in ten colours."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = OomachiReplay(header)
        self.terms = rep.terms
        self.ndigits = len(rep.digits)

    def grid(self) -> tuple[float, float]:
        # factors: up to ndigits // terms + 1 digits each, with " x " between
        per = self.ndigits // max(1, self.terms) + 1
        top = self.terms * per + (self.terms - 1) * 3
        return (max(top, self.ndigits + 1) * 0.7 + 0.6, 2.2)

    def parse(self, event: Solution) -> tuple[list[str], str]:
        left, _, right = (event.text or "").replace(" ", "").partition("=")
        return left.split("*"), right

    def units(self, card: tuple[list[str], str]) -> int:
        return len(card[1]) if card else 1

    def glyphs(self, card: tuple[list[str], str] | None, reveal: float) -> list[Glyph]:
        if not card:
            return []
        factors, product = card
        out: list[Glyph] = []
        text = " x ".join(factors)
        w, _ = self.grid()
        x0 = (w - 0.7 * len(text)) / 2
        for i, ch in enumerate(text):
            if ch != " ":
                out.append((x0 + 0.7 * i, 0.0, ch, "text"))
        x1 = (w - 0.7 * (len(product) + 1)) / 2
        out.append((x1, 1.2, "=", "muted"))
        for i, ch in enumerate(product):
            shown = _fade(reveal, i)
            if shown > 0:
                out.append((x1 + 0.7 * (i + 1), 1.2, ch, f"peg{ch}@{shown:.3f}"))
        return out


__all__ = ["AlphameticScene", "KomachiScene", "OomachiScene"]
