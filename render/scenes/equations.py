"""Equation cards for komachi, oomachi and alphametic traces: one card per solution, set
large in the bundled font (real − × ÷ glyphs, normal digit spacing).

- alphametic: the words set out as a written sum (``SEND`` over ``+ MORE`` over the rule
  and ``MONEY``); the letters turn into their digits one letter at a time (every copy of
  the letter at once, at least 0.8 s each), from the units column; then the whole sum
  holds and lights up (the payoff).
- komachi: the equation in one line; its operators fade in one after another, then the
  card holds (at least 2 s).  At most ``MAX_CARDS`` cards are shown.
- oomachi: the consecutive factors, and under them the product whose ten digits appear
  one at a time, each on a chip of its own colour: ten digits, ten colours, none
  repeated.

A card is a pure function of (solution, progress).  State: ``(k, reveal)`` where ``k``
is the solution number (0 before the first) and ``reveal`` how much of the card shows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Generic, TypeVar

import numpy as np

from puzzlereel.rules.equations import AlphameticReplay, KomachiReplay, OomachiReplay
from puzzlereel.trace import Header, Replay, Replayed, Solution
from puzzlereel.words import plural

from .. import draw as gfx
from ..options import RenderOptions
from ..scene import SceneBase, Step
from ..theme import CATEGORICAL, RGB, Theme

PAD = 0.4
SYMBOLS = {"*": "×", "/": "÷", "-": "−"}

# the state: (solution number, how far its card is revealed); a motion: -1 for the payoff
Reveal = tuple[int, float]

Card = TypeVar("Card")   # what one solution's card holds, as each subclass parses it


def pretty(text: str) -> str:
    """An equation as people write it: spaced operators, real − × ÷."""
    out = []
    for ch in text.replace(" ", ""):
        if ch in "+-*/=":
            out.append(f" {SYMBOLS.get(ch, ch)} ")
        else:
            out.append(ch)
    return "".join(out)


class _CardScene(SceneBase[Reveal, int], Generic[Card]):
    """A card on a board; subclasses say what a solution's card holds and paint it."""

    MAX_CARDS = 200

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
        raise NotImplementedError

    def parse(self, event: Solution) -> Card:
        raise NotImplementedError

    def steps_of(self, k: int, card: Card) -> list[Step[Reveal, int]]:
        """The steps that reveal card ``k``."""
        raise NotImplementedError

    def paint(self, img: np.ndarray, card: Card | None, reveal: float, lit: float) -> None:
        raise NotImplementedError

    # interface -------------------------------------------------------------

    def extent(self) -> tuple[float, float]:
        w, h = self.grid()
        return (w + 2 * PAD, h + 2 * PAD)

    def initial(self) -> Reveal:
        return (0, 0.0)

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[Reveal, int]]:
        ev = item.applied
        if not isinstance(ev, Solution) or self.shown >= self.MAX_CARDS:
            return ()
        self.shown += 1
        card = self.parse(ev)
        self.cards[ev.k] = card
        return self.steps_of(ev.k, card)

    def notation(self, step: Step[Reveal, int]) -> str:
        card = self.cards.get(step.after[0])
        return self.describe(card) if card is not None else ""

    def describe(self, card: Card) -> str:
        return ""

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.emphasis,
               t.row, *CATEGORICAL]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        w, h = self.extent()
        W, H = int(math.ceil(w * cell)), int(math.ceil(h * cell))
        t = self.theme
        self.background = np.empty((H, W, 3), np.uint8)
        gfx.fill(self.background, t.background)
        m = max(1, int(cell * 0.1))
        gfx.blend(self.background[m:H - m, m:W - m], gfx.solid((H - 2 * m, W - 2 * m), t.board),
                  gfx.rounded_mask(W - 2 * m, H - 2 * m, cell * 0.3))
        self.size = (W, H)
        self._cache.clear()
        return W, H

    def draw(self, out: np.ndarray, step: Step[Reveal, int], p: float) -> None:
        p = min(max(p, 0.0), 1.0)
        lit = 0.0
        if step.data == -1:                     # the payoff
            k, reveal = step.after
            lit = math.sin(math.pi * p) * 0.8 + (0.2 if p > 0.5 else 0.0)
        elif step.segments <= 0 or p >= 1.0:
            k, reveal = step.after
        else:
            k = step.after[0]
            a, b = step.before[1] if step.before[0] == k else 0.0, step.after[1]
            reveal = a + (b - a) * p
        key = (k, round(reveal, 3), round(lit, 2))
        img = self._cache.get(key)
        if img is None:
            img = self.background.copy()
            self.paint(img, self.cards.get(k), reveal, lit)
            img = self._cache.put(key, img)
        np.copyto(out, img)

    # helpers ----------------------------------------------------------------

    def text_line(self, img: np.ndarray, text: str, px: int, y: int,
                  colours: list[tuple[RGB, float]], x0: int | None = None) -> None:
        """``text`` centred (or from ``x0``) at row ``y``, character by character at the
        font's own spacing, each in its (colour, opacity)."""
        W = img.shape[1]
        width = gfx.text_width(text, px, bold=True)
        x = (W - width) // 2 if x0 is None else x0
        for i, ch in enumerate(text):
            colour, alpha = colours[i]
            if ch == " " or alpha <= 0:
                continue
            left = gfx.text_width(text[:i], px, bold=True) - 2 if i else 0
            if alpha >= 1.0:
                gfx.draw_text(img, ch, px, colour, x + left, y, "lm", bold=True)
            else:
                mask = gfx.text_mask(ch, px, True)
                h, w = mask.shape
                gfx.blit(img, gfx.fade((gfx.solid((h, w), colour), mask), alpha),
                         x + left, y - h // 2)


def _fade(reveal: float, unit: int) -> float:
    """How far unit ``unit`` (0-based) is shown at ``reveal``."""
    return min(max(reveal - unit, 0.0), 1.0)


class AlphameticScene(_CardScene[dict[str, int]]):
    """SEND + MORE = MONEY as a written sum; letters become digits one at a time."""

    PACING = {"speed": 0.9, "pause": 0.0, "hold_start": 1.5, "hold_end": 2.5}
    GOAL = "Give each letter its own digit so that the sum is right."

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
        # the order letters are revealed in: column by column from the units
        order: list[str] = []
        for col in range(self.width):
            for _, word in self.lines:
                if col < len(word) and word[-1 - col] not in order:
                    order.append(word[-1 - col])
        self.order = order

    def grid(self) -> tuple[float, float]:
        return (self.width + 1.6, len(self.lines) * 1.15 + 0.4)

    def parse(self, event: Solution) -> dict[str, int]:
        return {k.upper(): v for k, v in (event.assignment or {}).items()}

    def steps_of(self, k: int, card: dict[str, int]) -> list[Step[Reveal, int]]:
        n = len(self.order)
        return [Step((k, float(i)), (k, float(i + 1)), move=k, segments=1, units=1.0,
                     pause=i == n - 1, sheet=i == n - 1, data=i) for i in range(n)]

    def notation(self, step: Step[Reveal, int]) -> str:
        card = self.cards.get(step.after[0])
        i = int(step.after[1]) - 1
        if card is None or not 0 <= i < len(self.order):
            return ""
        letter = self.order[i]
        return f"{letter} = {card.get(letter, '?')}"

    def payoff(self, state: Reveal) -> Step[Reveal, int] | None:
        return Step(state, state, segments=1, pause=False, sheet=False, data=-1)

    def paint(self, img: np.ndarray, card: dict[str, int] | None, reveal: float,
              lit: float) -> None:
        t, c = self.theme, self.cell
        W = img.shape[1]
        px = max(8, int(c * 0.8))
        cw = gfx.text_width("0", px, bold=True)          # one column
        right = int((PAD + self.width + 1.3) * c)
        row_h = 1.15 * c
        for r, (op, word) in enumerate(self.lines):
            y = int((PAD + 0.55 + r * 1.15 + (0.4 if r >= self.split else 0.0)) * c)
            if r >= self.split and lit > 0:
                band = gfx.rounded_mask(W - int(2 * PAD * c), int(row_h), c * 0.2)
                y0 = y - int(row_h / 2)
                gfx.blit(img, gfx.fade((gfx.solid(band.shape, t.row), band), lit),
                         int(PAD * c), y0)
            if op:
                gfx.draw_text(img, SYMBOLS.get(op, op), px, t.muted,
                              right - (self.width + 1) * cw - cw // 2, y, "mm", bold=True)
            for i, ch in enumerate(word):
                x = right - (len(word) - i) * cw - cw // 2
                shown = _fade(reveal, self.order.index(ch)) if card and ch in self.order else 0
                if card and shown >= 1.0:
                    gfx.draw_text(img, str(card[ch]), px, t.emphasis, x, y, "mm", bold=True)
                elif card and shown > 0.0:
                    for text, colour, a in ((ch, t.text, 1.0 - shown),
                                            (str(card[ch]), t.emphasis, shown)):
                        mask = gfx.text_mask(text, px, True)
                        h, w = mask.shape
                        gfx.blit(img, gfx.fade((gfx.solid((h, w), colour), mask), a),
                                 x - w // 2, y - h // 2)
                else:
                    gfx.draw_text(img, ch, px, t.text, x, y, "mm", bold=True)
        ry = int((PAD + self.split * 1.15 + 0.2) * c)
        gfx.fill(img[ry:ry + max(2, c // 14), int(PAD * c):W - int(PAD * c)], t.text)


class KomachiScene(_CardScene[str]):
    """1 + 2 + 3 − 4 + 5 + 6 + 78 + 9 = 100: one equation a card, operators fading in."""

    MAX_CARDS = 25
    PACING = {"speed": 0.8, "pause": 2.0, "hold_start": 1.0, "hold_end": 1.5}

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = KomachiReplay(header)
        self.digits = rep.digits
        self.target = str(rep.target)
        ops = " ".join(SYMBOLS.get(o, o) for o in getattr(rep, "operators", ("+", "-")))
        self.GOAL = (f"Put {ops} between the digits {' '.join(self.digits)} "
                     f"(or join them) so that the sum is {self.target}.")

    def grid(self) -> tuple[float, float]:
        return (10.0, 6.0)

    def parse(self, event: Solution) -> str:
        return pretty(event.text or "")

    def describe(self, card: str) -> str:
        return card

    def steps_of(self, k: int, card: str) -> list[Step[Reveal, int]]:
        ops = sum(1 for ch in card if ch in "+−×÷")
        return [Step((k, 0.0), (k, float(max(1, ops))), move=k, segments=1, units=1.0,
                     data=ops)]

    def paint(self, img: np.ndarray, card: str | None, reveal: float, lit: float) -> None:
        if not card:
            return
        t = self.theme
        W, H = img.shape[1], img.shape[0]
        left, _, right = card.partition(" = ")
        px = gfx.fit_text_px(left, int(W - 2 * PAD * self.cell), int(self.cell * 1.6),
                             bold=True)
        colours: list[tuple[RGB, float]] = []
        op = 0
        for ch in left:
            if ch in "+−×÷":
                colours.append((t.emphasis, _fade(reveal, op)))
                op += 1
            else:
                colours.append((t.text, 1.0))
        self.text_line(img, left, px, int(H * 0.38), colours)
        rest = f"= {right}"
        self.text_line(img, rest, int(px * 1.2), int(H * 0.68),
                       [(t.muted, 1.0), (t.muted, 1.0)] + [(t.text, 1.0)] * len(right))


class OomachiScene(_CardScene[tuple[str, str]]):
    """n × (n+1) × (n+2) over its product, whose ten digits appear in ten colours."""

    PACING = {"speed": 0.35, "pause": 2.0, "hold_start": 1.0, "hold_end": 1.5}

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = OomachiReplay(header)
        self.terms = rep.terms
        self.ndigits = len(rep.digits)
        self.GOAL = (f"Find {self.terms} consecutive numbers whose product uses each of "
                     f"the {self.ndigits} digits exactly once.")

    def grid(self) -> tuple[float, float]:
        return (max(self.ndigits + 2.0, self.terms * 6.0), 7.0)

    def parse(self, event: Solution) -> tuple[str, str]:
        left, _, right = (event.text or "").replace(" ", "").partition("=")
        return pretty(left), right

    def describe(self, card: tuple[str, str]) -> str:
        return f"{card[0]} = {card[1]}"

    def steps_of(self, k: int, card: tuple[str, str]) -> list[Step[Reveal, int]]:
        n = max(1, len(card[1]))
        return [Step((k, 0.0), (k, float(n)), move=k, segments=1, units=float(n), data=n)]

    def paint(self, img: np.ndarray, card: tuple[str, str] | None, reveal: float,
              lit: float) -> None:
        if not card:
            return
        factors, product = card
        t, c = self.theme, self.cell
        W = img.shape[1]
        H = img.shape[0]
        px = gfx.fit_text_px(factors + " =", int(W - 2 * PAD * c), int(c * 1.6), bold=True)
        self.text_line(img, factors + " =", px, int(H * 0.32),
                       [(t.text, 1.0)] * (len(factors) + 2))
        n = max(1, len(product))
        chip = max(6, min(int((W - 2 * PAD * c) / (n * 1.1)), int(c * 2)))
        gap = max(1, int(chip * 0.1))
        total = n * (chip + gap) - gap
        x0 = (W - total) // 2
        y = int(H * 0.55)
        dpx = max(8, int(chip * 0.62))
        for i, ch in enumerate(product):
            shown = _fade(reveal, i)
            if shown <= 0:
                continue
            fill = CATEGORICAL[int(ch) % len(CATEGORICAL)] if ch.isdigit() else t.muted
            mask = gfx.rounded_mask(chip, chip, chip * 0.22)
            sprite = (gfx.solid((chip, chip), fill), mask)
            rgb = sprite[0].copy()
            gfx.draw_text(rgb, ch, dpx, t.on(fill), chip // 2, chip // 2, "mm", bold=True)
            drop = int((1.0 - shown) * c * 0.3)
            gfx.blit(img, gfx.fade((rgb, mask), shown), x0 + i * (chip + gap), y - drop)


__all__ = ["AlphameticScene", "KomachiScene", "OomachiScene", "pretty"]
