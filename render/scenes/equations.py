"""Equation cards for komachi, oomachi and alphametic traces: one card per solution, set
large in the bundled font (real − × ÷ glyphs, normal digit spacing) on a rounded board.

- alphametic: the words set out as a written sum (``SEND`` over ``+ MORE`` over the rule
  and ``MONEY``); the letters turn into their digits one letter at a time (every copy of
  the letter at once, one beat each, the letter fading out before its digit fades in),
  from the units column, the counter counting the letters fixed so far ("Letter 3 /
  8"); then a band lights up under the sum (the payoff) and stays faintly lit.
- komachi: the equation in one line over ``= target``; its operators fade in one after
  another, then the card holds.  At most ``MAX_CARDS`` cards are shown.
- oomachi: the consecutive factors, and under them the product whose ten digits drop in
  one at a time, each on a chip of its own colour: ten digits, ten colours.

Every character is a text of its own (``equation_glyphs``).

Elements: the board (with an alphametic's rule, and its signs) is still; an alphametic
has an element for each copy of a letter and one for its digit (ten variants, one per
digit, switched per card), the copies sharing their shapes; a komachi or oomachi card is
one element, and a komachi's operators one element each; an oomachi's product chips are
one element per place, with ten variants shared by every place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlereel.ground.words import plural
from puzzlereel.render.direction.scene import (
    Beat,
    BeatSound,
    SceneBase,
    Stage,
    Tween,
    fade,
    ramp,
    show,
    switch,
)
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Group, Rect, Shape, Text, group
from puzzlereel.render.film.theme import CATEGORICAL, Theme
from puzzlereel.render.film.typeset import fit_text_px, text_width
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.equation_glyphs import (
    OPERATORS,
    SYMBOLS,
    centred_x,
    line_glyphs,
    pretty,
)
from puzzlereel.rules.equations import AlphameticReplay, KomachiReplay, OomachiReplay
from puzzlereel.rules.notation import equation_words, letter_words, reveal_order
from puzzlereel.trace import Header, Replay, Replayed, SolutionFound

PAD = 0.4           # the board's margin, in cells
ROW = 1.15          # an alphametic row's height, in cells
DROP = 0.3          # how far an oomachi chip drops as it appears, in cells
CLEAR = 0.07        # a card's lines keep this share of the drawing's width clear on each
#                     side: inside the title-safe area in every layout (a landscape
#                     frame's board reaches past it)


class _CardScene(SceneBase):
    """One card per solution on a rounded board; subclasses say what a card holds."""

    MAX_CARDS = 200

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.shown = 0                          # cards shown so far
        self.left_out = False                   # a solution came past MAX_CARDS
        self.showing: list[Element] = []        # the elements of the card on show

    # subclasses ------------------------------------------------------------

    def grid(self) -> tuple[float, float]:
        """The card's size in cells, without the board's margin."""
        raise NotImplementedError

    def set_up(self, stage: Stage) -> None:
        """Add what every card shares (called once the board is staged)."""

    def card(self, event: SolutionFound) -> list[Beat]:
        """The beats that show ``event``'s card."""
        raise NotImplementedError

    # interface -------------------------------------------------------------

    def extent(self) -> tuple[float, float]:
        w, h = self.grid()
        return (w + 2 * PAD, h + 2 * PAD)

    def end_text(self, count: int) -> str:
        """"11 solutions", or "25 solutions shown" when more were found than shown."""
        more = " shown" if self.left_out else ""
        return f"{count} {plural('solution', count)}{more}"

    def shown_count(self) -> int | None:
        return self.shown

    def stage(self, stage: Stage) -> None:
        self.at_stage = stage
        self.cell = c = stage.cell
        self.W, self.H = stage.width, stage.height
        m = max(1, int(c * 0.1))
        stage.add("board", group([Rect(m, m, self.W - 2 * m, self.H - 2 * m, self.theme.board,
                                       rx=c * 0.3), *self.board_marks()]), "under")
        self.set_up(stage)

    def board_marks(self) -> list[Shape]:
        """Still shapes on the board under everything else (an alphametic's rule)."""
        return []

    def line_room(self) -> int:
        """The width a card's line may take: the board's inside, ``CLEAR`` kept clear."""
        return int(min(self.W - 2 * PAD * self.cell, self.W * (1 - 2 * CLEAR)))

    def line_set(self, raw: str, px: int, suffix: str = "") -> tuple[str, int]:
        """An equation and its size for a card's line, at about ``px``: spaced as people
        write it, else close set where only that holds it at the legible size
        (``suffix`` after it: " =")."""
        legible = self.at_stage.legible
        text = ""
        for spaced in (True, False):
            text = pretty(raw, spaced) + suffix
            size = fit_text_px(text, self.line_room(), px, bold=True)
            if size >= legible:
                return text, size
        return text, max(legible, fit_text_px(text, self.line_room(), px, bold=True))

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        ev = item.applied
        if not isinstance(ev, SolutionFound):
            return []
        if self.shown >= self.MAX_CARDS:
            self.left_out = True
            return []
        self.shown += 1
        return self.card(ev)

    # helpers ----------------------------------------------------------------

    def show_variant(self, elements: Sequence[Element], k: int) -> list[Tween]:
        """Tweens that make ``elements`` (hidden when a card starts) show variant ``k``
        for the card; nothing shows them before the first card, so they start on it."""
        if self.shown == 1:
            for e in elements:
                e.shape = k
            return []
        return [switch(e, [(0.0, k)]) for e in elements]

    def replace_card(self, elements: Sequence[Element]) -> list[Tween]:
        """Tweens that take the last card away and put ``elements`` (the new card's
        still part) on show as a beat starts."""
        tweens = [show(e, False) for e in self.showing]
        tweens += [show(e, True) for e in elements]
        self.showing = list(elements)
        return tweens


class AlphameticScene(_CardScene):
    """SEND + MORE = MONEY as a written sum; letters become digits one at a time."""

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
        # the order letters are revealed in: column by column from the units
        self.order = reveal_order([word for _, word in self.lines])

    def end_text(self, count: int) -> str:
        """"1 solution": the cards shown (the counter counts letters)."""
        return super().end_text(self.shown)

    def grid(self) -> tuple[float, float]:
        return (self.width + 1.6, len(self.lines) * ROW + 0.4)

    # ------------------------------------------------------------ geometry

    def row_y(self, r: int) -> int:
        return int((PAD + 0.55 + r * ROW + (0.4 if r >= self.split else 0.0)) * self.cell)

    def _metrics(self) -> tuple[int, int, int]:
        """The text size, one column's width (the widest of a digit and the letters,
        so that an M never touches its neighbour) and the right edge of the words."""
        c = self.cell
        px = max(8, int(c * 0.8))
        cw = max(text_width(ch, px, bold=True) for ch in ("0", *self.order))
        return px, cw, int((PAD + self.width + 1.3) * c)

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
        ry = int((PAD + self.split * ROW + 0.2) * c)
        x0 = int(PAD * c)
        return [Rect(x0, ry, self.W - 2 * x0, max(2, c // 14), self.theme.text)]

    def set_up(self, stage: Stage) -> None:
        t, c = self.theme, self.cell
        px, cw, right = self._metrics()
        # the band that lights the sum up (the payoff), under its rows
        row_h = int(ROW * c)
        first, last = self.row_y(self.split), self.row_y(len(self.lines) - 1)
        x0 = int(PAD * c)
        self.band = stage.add("band", Rect(x0, first - int(ROW * c / 2),
                                           self.W - int(2 * PAD * c), last - first + row_h,
                                           t.row, rx=c * 0.2),
                              "under", opacity=0.0)
        signs: list[Shape] = []
        places: dict[str, list[tuple[int, int]]] = {}
        for r, (op, word) in enumerate(self.lines):
            y = self.row_y(r)
            if op:
                sign = SYMBOLS.get(op, op)
                signs.append(Text(self._sign_x(sign, px, cw, right), y, sign, px, t.muted,
                                  bold=True))
            for i, ch in enumerate(word):
                places.setdefault(ch, []).append((right - (len(word) - i) * cw - cw // 2, y))
        if signs:
            stage.add("signs", group(signs), "under")
        # one element per copy of a letter and per copy of its digit; the copies share
        # their shapes (the digits' ten variants too)
        glyphs = {ch: Text(0, 0, ch, px, t.text, bold=True) for ch in self.order}
        numerals = [Text(0, 0, str(d), px, t.emphasis, bold=True) for d in range(10)]
        self.letters: dict[str, list[Element]] = {ch: [] for ch in self.order}
        self.digits: dict[str, list[Element]] = {ch: [] for ch in self.order}
        for ch in self.order:
            for x, y in places[ch]:
                self.letters[ch].append(stage.add("letter", glyphs[ch], x=x, y=y,
                                                  data=(("letter", ch),)))
                self.digits[ch].append(stage.add("digit", numerals, x=x, y=y, opacity=0.0,
                                                 data=(("letter", ch),)))

    # ------------------------------------------------------------ beats

    def card(self, event: SolutionFound) -> list[Beat]:
        values = {k.upper(): v for k, v in (event.assignment or {}).items()}
        n = len(self.order)
        beats = []
        for i, ch in enumerate(self.order):
            tweens = [fade(e, 1.0, 0.0, 0.0, 0.5) for e in self.letters[ch]]
            tweens += [fade(e, 0.0, 1.0, 0.5, 1.0) for e in self.digits[ch]]
            if i == 0:      # a new card: every letter back, each digit to its new value
                for x in self.order:
                    tweens += self.show_variant(self.digits[x], values.get(x, 0))
                if self.shown > 1:
                    for x in self.order[1:]:
                        tweens += [show(e, True) for e in self.letters[x]]
                        tweens += [show(e, False) for e in self.digits[x]]
            beats.append(Beat(tuple(tweens), move=i + 1, word="Letter", pause=i == n - 1,
                              sheet=i == n - 1, note=letter_words(ch, values.get(ch)),
                              sounds=(BeatSound("click", 0.5),)))
        return beats

    def payoff(self) -> Beat | None:
        """The sum lights up: the band under it pulses, then stays faintly lit."""
        stops = [(i / 8, round(_glow(i / 8), 3)) for i in range(9)]
        return Beat((ramp(self.band, "opacity", stops, "linear"),), pause=False, sheet=False)


def _glow(p: float) -> float:
    """The band's opacity ``p`` of the way through the payoff: up to about 0.9 half-way,
    then down to 0.2."""
    return math.sin(math.pi * p) * 0.8 + 0.2 * p


class KomachiScene(_CardScene):
    """1 + 2 + 3 − 4 + 5 + 6 + 78 + 9 = 100: one equation a card, operators fading in."""

    MAX_CARDS = 25

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = KomachiReplay(header)
        ops = " ".join(SYMBOLS.get(o, o) for o in rep.operators)
        self.sentence = self.goal_of(("operators", ops),
                                     ("the digits", f"the digits {' '.join(rep.digits)}"),
                                     ("the target", str(rep.target)))

    def goal_sentence(self) -> str:
        return self.sentence

    def grid(self) -> tuple[float, float]:
        return (10.0, 6.0)

    def card(self, event: SolutionFound) -> list[Beat]:
        t, c, W, H = self.theme, self.cell, self.W, self.H
        raw_left, _, right = (event.text or "").replace(" ", "").partition("=")
        left, px = self.line_set(raw_left, int(c * 1.6))
        colours = [t.emphasis if ch in OPERATORS else t.text for ch in left]
        glyphs = line_glyphs(left, px, int(H * 0.38), colours, centred_x(left, px, W))
        rest = f"= {right}"
        rpx = max(self.at_stage.legible, int(px * 1.2))
        still: list[Shape] = [g for g in glyphs if g.text not in OPERATORS]
        still += line_glyphs(rest, rpx, int(H * 0.68), [t.muted] * 2 + [t.text] * len(right),
                             centred_x(rest, rpx, W))
        card = self.at_stage.add("card", group(still), opacity=0.0,
                                 data=(("card", str(event.k)),))
        ops = [self.at_stage.add("operator", g, opacity=0.0)
               for g in glyphs if g.text in OPERATORS]
        tweens = self.replace_card([card])
        n = max(1, len(ops))
        for j, op in enumerate(ops):
            tweens.append(fade(op, 0.0, 1.0, j / n, (j + 1) / n))
        self.showing += ops
        clicks = tuple(BeatSound("click", j / n) for j in range(len(ops)))
        return [Beat(tuple(tweens), move=event.k, note=equation_words(event.text or ""),
                     sounds=clicks)]


class OomachiScene(_CardScene):
    """n × (n+1) × (n+2) over its product, whose ten digits appear in ten colours."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = OomachiReplay(header)
        self.terms = rep.terms
        self.ndigits = len(rep.digits)
        self.sentence = self.goal_of(("consecutive numbers", f"{self.terms} consecutive numbers"),
                                     ("the digits", f"the {self.ndigits} digits"))

    def goal_sentence(self) -> str:
        return self.sentence

    def grid(self) -> tuple[float, float]:
        return (max(self.ndigits + 2.0, self.terms * 6.0), 7.0)

    def set_up(self, stage: Stage) -> None:
        t, c, W = self.theme, self.cell, self.W
        n = max(1, self.ndigits)
        chip = max(6, min(int(self.line_room() / (n * 1.1)), int(c * 2)))
        gap = max(1, int(chip * 0.1))
        x0 = (W - (n * (chip + gap) - gap)) // 2
        y = int(self.H * 0.55)
        dpx = min(int(chip * 0.9), max(stage.legible, int(chip * 0.62)))
        faces: list[Shape] = []
        for d in range(10):
            fill = CATEGORICAL[d % len(CATEGORICAL)]
            faces.append(Group((Rect(0, 0, chip, chip, fill, rx=chip * 0.22),
                                Text(chip // 2, chip // 2, str(d), dpx, t.on(fill), bold=True))))
        self.chips = [stage.add("chip", faces, x=x0 + i * (chip + gap), y=y,
                                opacity=0.0) for i in range(self.ndigits)]

    def card(self, event: SolutionFound) -> list[Beat]:
        t, c, W = self.theme, self.cell, self.W
        left, _, product = (event.text or "").replace(" ", "").partition("=")
        text, px = self.line_set(left, int(c * 1.6), " =")
        line = line_glyphs(text, px, int(self.H * 0.32), [t.text] * len(text),
                           centred_x(text, px, W))
        card = self.at_stage.add("card", group(line), opacity=0.0,
                                 data=(("card", str(event.k)),))
        tweens = self.replace_card([card])
        n = max(1, len(product))
        for i, (chip, ch) in enumerate(zip(self.chips, product)):
            x = chip.x
            up, down = (x, chip.y - c * DROP), (x, chip.y)
            tweens += [*self.show_variant([chip], int(ch)),
                       fade(chip, 0.0, 1.0, i / n, (i + 1) / n),
                       Tween(chip, "pos", ((i / n, up), ((i + 1) / n, down)))]
        drops = tuple(BeatSound("click", (i + 1) / n) for i in range(len(product)))
        return [Beat(tuple(tweens), move=event.k, units=float(n),
                     note=equation_words(event.text or ""), sounds=drops)]


__all__ = ["AlphameticScene", "KomachiScene", "OomachiScene"]
