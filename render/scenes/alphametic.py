"""The alphametic scene: SEND + MORE = MONEY solved in front of the viewer.

The drawing holds the puzzle and its answer together, column by column: the words set
out as a written sum (``SEND`` over ``+ MORE`` over the rule and ``MONEY``), under it
the same sum with a blank slot for each letter's digit, and under that the key: every
letter over a slot for its digit.  The letters are fixed one at a time, from the units
column (the counter counting them: "Letter 3 / 8"): the letter lights up in the words,
and its digit fills every slot that is its own, in the sum and in the key (the slot
fading out before the digit fades in).  Then a band lights up under the digits' sum
(the payoff) and stays faintly lit, so the video ends on the words, the digits and the
key at once.  A second solution's card empties the slots and fills them again.

Elements: the board (the rules and the signs) and the words' letters are still but for
a letter lighting up (two variants); each slot and each digit is an element of its own,
a digit's ten variants shared by its copies and switched per card.
"""

from __future__ import annotations

import math

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import fade, ramp, show, switch
from puzzlereel.render.film.draw import darker
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Rect, Shape, Text, group
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.film.typeset import text_width
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.cards import CARD_PAD, CLEAR, CardScene
from puzzlereel.render.scenes.equation_glyphs import SYMBOLS
from puzzlereel.rules.equations import AlphameticReplay
from puzzlereel.rules.notation import letter_words, reveal_order
from puzzlereel.trace import Header, SolutionFound

ROW = 1.1           # a sum's row's height, in cells
RULED = 0.4         # the room the rule takes between a sum's words and its result, in cells
SUMS_GAP = 0.35          # between the words' sum and the digits' sum, in cells
KEY_ROW = 0.9       # a key row's height, in cells
KEY_PX = 0.65       # the key's text size, in cells (never under the legible size)
KEY_STEP = 0.95     # the key's columns, in cells


class AlphameticScene(CardScene):
    """SEND + MORE = MONEY over its digits and the key; letters fixed one at a time."""

    counter_word = "Letter"

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
        # the order letters are fixed in: column by column from the units
        self.order = reveal_order([word for _, word in self.lines])
        self.lit: str | None = None            # the letter lit up in the words

    def end_text(self, count: int) -> str:
        """"1 solution": the cards shown (the counter counts letters)."""
        return super().end_text(self.shown)

    def sum_height(self) -> float:
        """One written sum's height in cells."""
        return len(self.lines) * ROW + RULED

    def grid(self) -> tuple[float, float]:
        return (max(self.width + 1.6, KEY_STEP * len(self.order) / (1 - 2 * CLEAR)),
                2 * self.sum_height() + SUMS_GAP + 2 * KEY_ROW)

    # ------------------------------------------------------------ geometry

    def row_y(self, r: int, block: int = 0) -> int:
        """The middle of row ``r`` of the words' sum (``block`` 0) or the digits' (1)."""
        top = CARD_PAD + block * (self.sum_height() + SUMS_GAP)
        return int((top + 0.55 + r * ROW + (RULED if r >= self.split else 0.0)) * self.cell)

    def key_y(self, row: int) -> int:
        """The middle of the key's letters (``row`` 0) or digits (1)."""
        return int((CARD_PAD + 2 * self.sum_height() + SUMS_GAP + (row
                                                                   + 0.5) * KEY_ROW) * self.cell)

    def _metrics(self) -> tuple[int, int, int]:
        """The text size, one column's width (the widest of a digit and the letters,
        so that an M never touches its neighbour) and the right edge of the words."""
        c = self.cell
        px = max(8, self.at_stage.legible, int(c * 0.8))
        cw = max(text_width(ch, px, bold=True) for ch in ("0", *self.order))
        return px, cw, int((self.W - (self.width + 1.6) * c) / 2 + (self.width + 1.3) * c)

    def _sign_x(self, sign: str, px: int, cw: int, right: int) -> int:
        """The middle of a row's sign: in the column left of the widest word, or further
        left where that would touch a signed row's first letter or digit (a sign, and
        some letters, are wider than a digit), a quarter of a column clear of it."""
        edge = min((right - len(w) * cw - cw // 2 - max(cw, text_width(w[0], px, True)) // 2
                    for op, w in self.lines if op), default=right)
        sw = text_width(sign, px, bold=True)
        return min(right - (self.width + 1) * cw - cw // 2, edge - cw // 4 - (sw - sw // 2))

    def board_marks(self) -> list[Shape]:
        c = self.cell
        x0 = int(CARD_PAD * c)
        out: list[Shape] = []
        for block in (0, 1):
            top = CARD_PAD + block * (self.sum_height() + SUMS_GAP)
            ry = int((top + self.split * ROW + 0.2) * c)
            out.append(Rect(x0, ry, self.W - 2 * x0, max(2, c // 14), self.theme.text))
        return out

    def _slot(self, w: int, h: int) -> Shape:
        """A blank digit: a rounded box a little darker than the board, ``w`` x ``h``,
        about its middle."""
        return Rect(-w // 2, -h // 2, w, h, darker(self.theme.board, 0.9), rx=min(w, h) * 0.2)

    def set_up(self, stage: Stage) -> None:
        t, c = self.theme, self.cell
        px, cw, right = self._metrics()
        row_h = int(ROW * c)
        first, last = self.row_y(self.split, 1), self.row_y(len(self.lines) - 1, 1)
        x0 = int(CARD_PAD * c)
        # the band that lights the digits' sum up (the payoff), under its result
        self.band = stage.add("band", Rect(x0, first - int(ROW * c / 2),
                                           self.W - int(2 * CARD_PAD * c), last - first + row_h,
                                           t.row, rx=c * 0.2),
                              "under", opacity=0.0)
        signs: list[Shape] = []
        places: dict[str, list[tuple[int, int]]] = {}       # (x, row) of each letter
        for r, (op, word) in enumerate(self.lines):
            for block in (0, 1):
                y = self.row_y(r, block)
                if op:
                    sign = SYMBOLS.get(op, op)
                    signs.append(Text(self._sign_x(sign, px, cw, right), y, sign, px, t.muted,
                                      bold=True))
            for i, ch in enumerate(word):
                places.setdefault(ch, []).append((right - (len(word) - i) * cw - cw // 2, r))
        stage.add("signs", group(signs), "under")
        letter = {ch: [Text(0, 0, ch, px, t.text, bold=True),
                       Text(0, 0, ch, px, t.emphasis, bold=True)] for ch in self.order}
        numerals = [Text(0, 0, str(d), px, t.emphasis, bold=True) for d in range(10)]
        slot = self._slot(int(cw * 0.8), int(px * 0.8))
        self.letters: dict[str, list[Element]] = {ch: [] for ch in self.order}
        self.slots: dict[str, list[Element]] = {ch: [] for ch in self.order}
        self.digits: dict[str, list[Element]] = {ch: [] for ch in self.order}
        for ch in self.order:
            for x, r in places[ch]:
                data, y = (("letter", ch),), self.row_y(r, 1)     # under the words' sum
                self.letters[ch].append(stage.add("letter", letter[ch], x=x, y=self.row_y(r),
                                                  data=data))
                self.slots[ch].append(stage.add("slot", slot, "under", x=x, y=y))
                self.digits[ch].append(stage.add("digit", numerals, x=x, y=y, opacity=0.0,
                                                 data=data))
        self._key(stage)

    def _key(self, stage: Stage) -> None:
        """The key: the letters in alphabetical order, each over a slot for its digit."""
        t, c = self.theme, self.cell
        keys = sorted(self.order)
        room = self.line_room()
        step = room / len(keys)
        glyph = max(text_width(ch, 100, True) for ch in "0M") / 100    # a wide glyph
        size = max(stage.legible, min(int(c * KEY_PX), int(step * 0.8 / glyph)))
        numerals = [Text(0, 0, str(d), size, t.emphasis, bold=True) for d in range(10)]
        slot = self._slot(int(step * 0.6), int(size * 0.8))
        x0 = (self.W - room) / 2
        letters: list[Shape] = []
        for i, ch in enumerate(keys):
            x = round(x0 + (i + 0.5) * step)
            letters.append(Text(x, self.key_y(0), ch, size, t.text, bold=True))
            self.slots[ch].append(stage.add("slot", slot, "under", x=x, y=self.key_y(1)))
            self.digits[ch].append(stage.add("digit", numerals, x=x, y=self.key_y(1),
                                             opacity=0.0, data=(("key", ch),)))
        stage.add("key", group(letters), "under")

    # ------------------------------------------------------------ beats

    def _light(self, ch: str | None) -> list[Tween]:
        """Tweens that light ``ch`` up in the words (none: no letter), and no other."""
        tweens: list[Tween] = []
        if self.lit is not None and self.lit != ch:
            tweens += [switch(e, [(0.0, 0)]) for e in self.letters[self.lit]]
        if ch is not None and ch != self.lit:
            tweens += [switch(e, [(0.0, 1)]) for e in self.letters[ch]]
        self.lit = ch
        return tweens

    def card(self, event: SolutionFound) -> list[Beat]:
        values = {k.upper(): v for k, v in (event.assignment or {}).items()}
        n = len(self.order)
        beats = []
        for i, ch in enumerate(self.order):
            tweens = self._light(ch)
            tweens += [fade(e, 1.0, 0.0, 0.0, 0.5) for e in self.slots[ch]]
            tweens += [fade(e, 0.0, 1.0, 0.5, 1.0) for e in self.digits[ch]]
            if i == 0:      # a new card: every slot blank again, each digit its new value
                for x in self.order:
                    tweens += self.show_variant(self.digits[x], values.get(x, 0))
                if self.shown > 1:
                    for x in self.order[1:]:
                        tweens += [show(e, True) for e in self.slots[x]]
                        tweens += [show(e, False) for e in self.digits[x]]
            beats.append(Beat(tuple(tweens), move=i + 1, word="Letter", pause=i == n - 1,
                              sheet=i == n - 1, note=letter_words(ch, values.get(ch)),
                              sounds=(BeatSound("click", 0.5),)))
        return beats

    def payoff(self) -> Beat | None:
        """The digits' sum lights up: the band under it pulses, then stays faintly lit;
        the last letter fixed goes back to the words' colour."""
        stops = [(i / 8, round(_glow(i / 8), 3)) for i in range(9)]
        return Beat((ramp(self.band, "opacity", stops, "linear"), *self._light(None)),
                    pause=False, sheet=False)


def _glow(p: float) -> float:
    """The band's opacity ``p`` of the way through the payoff: up to about 0.9 half-way,
    then down to 0.2."""
    return math.sin(math.pi * p) * 0.8 + 0.2 * p


__all__ = ["AlphameticScene"]
