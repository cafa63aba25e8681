"""Equation cards for komachi and oomachi traces: one card per solution, set large in
the bundled font (real − × ÷ glyphs, normal digit spacing) on a rounded board, and the
alphametic's scene (``alphametic``), which this module names too.

- komachi: the video opens on the puzzle, ``1 2 3 4 5 6 7 8 9`` with an empty slot
  between each two digits over ``= target``; on each card the equation in one line over
  ``= target``, its operators fading in one after another.  At most ``MAX_CARDS`` cards
  are shown.
- oomachi: the video opens on the puzzle, ``n × (n+1) × (n+2) =`` over an empty slot for
  each digit of the product; on each card the consecutive factors, and under them the
  product whose ten digits drop into the slots one at a time, each on a chip of its own
  colour: ten digits, ten colours.

Both end on every solution shown at once (``cards.CardScene.payoff``).  Every character
of a card is a text of its own (``equation_glyphs``).

Elements: the board is still; the puzzle is one element (an oomachi's slots are part of
the board); a card is one element, and a komachi's operators one element each; an
oomachi's product chips are one element per place, with ten variants shared by every
place; the ending's list is one element.
"""

from __future__ import annotations

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import fade
from puzzlereel.render.film.draw import darker
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Group, Rect, Shape, Text, group
from puzzlereel.render.film.theme import CATEGORICAL, RGB, Theme
from puzzlereel.render.film.typeset import fit_text_px
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.alphametic import AlphameticScene
from puzzlereel.render.scenes.cards import CardScene
from puzzlereel.render.scenes.equation_glyphs import (
    OPERATOR_GLYPHS,
    SYMBOLS,
    centred_x,
    line_glyphs,
    pretty,
)
from puzzlereel.render.scenes.solutions import Entry
from puzzlereel.rules.equations import KomachiReplay, OomachiReplay
from puzzlereel.rules.notation import equation_words
from puzzlereel.trace import Header, SolutionFound

CHIP_DROP = 0.3          # how far an oomachi chip drops as it appears, in cells


class KomachiScene(CardScene):
    """1 + 2 + 3 − 4 + 5 + 6 + 78 + 9 = 100: one equation a card, operators fading in."""

    MAX_CARDS = 25

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        rep = self.rep = KomachiReplay(header)
        ops = " ".join(SYMBOLS.get(o, o) for o in rep.operators)
        self.sentence = self.goal_of(("operators", ops),
                                     ("the digits", f"the digits {' '.join(rep.digits)}"),
                                     ("the target", str(rep.target)))

    def goal_sentence(self) -> str:
        return self.sentence

    def grid(self) -> tuple[float, float]:
        return (10.0, 8.0)       # room at the end for every solution, one a line

    def set_up(self, stage: Stage) -> None:
        """The puzzle, shown until the first card: the digits with an empty slot where
        each operator may go, over ``= target``."""
        t, c, W = self.theme, self.cell, self.W
        rep = self.rep
        raw = "+".join(str(d) for d in rep.digits)
        text, px = self.line_set(raw, int(c * 1.6))
        glyphs = line_glyphs(text, px, int(self.H * 0.38), [t.text] * len(text),
                             centred_x(text, px, W))
        side = max(2, int(px * 0.55))
        slot = darker(t.board, 0.88)
        shapes: list[Shape] = [Rect(g.x - side // 2, g.y - side // 2, side, side, slot,
                                    rx=side * 0.2) if g.text in OPERATOR_GLYPHS else g
                               for g in glyphs]
        shapes += self._target(str(rep.target), px)
        self.showing = [stage.add("puzzle", group(shapes))]

    def _target(self, right: str, px: int) -> list[Text]:
        """``= target`` under a card's line set at ``px``."""
        t = self.theme
        rest = f"= {right}"
        rpx = max(self.at_stage.legible, int(px * 1.2))
        return line_glyphs(rest, rpx, int(self.H * 0.68), [t.muted] * 2 + [t.text] * len(right),
                           centred_x(rest, rpx, self.W))

    def forms(self) -> list[list[Entry]]:
        """Each solution in one line, ``= 100`` and all, else without it (the title
        says it)."""
        whole: list[Entry] = [(pretty(text, spaced=False),) for text in self.found]
        bare: list[Entry] = [(pretty(text.partition("=")[0], spaced=False),)
                             for text in self.found]
        return [whole, bare]

    def card(self, event: SolutionFound) -> list[Beat]:
        t, c, W, H = self.theme, self.cell, self.W, self.H
        raw_left, _, right = (event.text or "").replace(" ", "").partition("=")
        left, px = self.line_set(raw_left, int(c * 1.6))
        colours = [t.emphasis if ch in OPERATOR_GLYPHS else t.text for ch in left]
        glyphs = line_glyphs(left, px, int(H * 0.38), colours, centred_x(left, px, W))
        still: list[Shape] = [g for g in glyphs if g.text not in OPERATOR_GLYPHS]
        still += self._target(right, px)
        card = self.at_stage.add("card", group(still), opacity=0.0,
                                 data=(("card", str(event.k)),))
        ops = [self.at_stage.add("operator", g, opacity=0.0)
               for g in glyphs if g.text in OPERATOR_GLYPHS]
        tweens = self.replace_card([card])
        n = max(1, len(ops))
        for j, op in enumerate(ops):
            tweens.append(fade(op, 0.0, 1.0, j / n, (j + 1) / n))
        self.showing += ops
        clicks = tuple(BeatSound("click", j / n) for j in range(len(ops)))
        return [Beat(tuple(tweens), move=event.k, note=equation_words(event.text or ""),
                     sounds=clicks)]


class OomachiScene(CardScene):
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
        return (max(self.ndigits + 2.0, self.terms * 6.0), 9.0)   # the end: two lines each

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
        hole = darker(t.board, 0.9)
        self.slots = stage.add("slots", group([Rect(x0 + i * (chip + gap), y, chip, chip, hole,
                                       rx=chip * 0.22) for i in range(self.ndigits)]), "under")
        self.showing = [stage.add("puzzle", group(self._line(self.puzzle(), t.muted)))]

    def leaving(self) -> list[Element]:
        return [*self.showing, *self.chips, self.slots]

    def puzzle(self) -> str:
        """The factors as the puzzle poses them: ``n × (n+1) × (n+2) =``."""
        terms = ["n", *(f"(n+{k})" for k in range(1, self.terms))]
        return " × ".join(terms) + " ="

    def _line(self, text: str, colour: RGB, spaced: bool = True) -> list[Text]:
        """``text`` set as a card's line of factors, in ``colour``."""
        if spaced:
            px = fit_text_px(text, self.line_room(), int(self.cell * 1.6), bold=True)
            px = max(self.at_stage.legible, px)
        else:
            text, px = self.line_set(text, int(self.cell * 1.6), " =")
        return line_glyphs(text, px, int(self.H * 0.32), [colour] * len(text),
                           centred_x(text, px, self.W))

    def forms(self) -> list[list[Entry]]:
        """Each solution in one line, else its factors over its product."""
        pairs = [text.partition("=")[::2] for text in self.found]
        one: list[Entry] = [(f"{pretty(left, spaced=False)} = {product}",)
                            for left, product in pairs]
        two: list[Entry] = [(f"{pretty(left, spaced=False)} =", product) for left, product in pairs]
        return [one, two]

    def card(self, event: SolutionFound) -> list[Beat]:
        t, c = self.theme, self.cell
        left, _, product = (event.text or "").replace(" ", "").partition("=")
        card = self.at_stage.add("card", group(self._line(left, t.text, False)), opacity=0.0,
                                 data=(("card", str(event.k)),))
        tweens = self.replace_card([card])
        n = max(1, len(product))
        for i, (chip, ch) in enumerate(zip(self.chips, product)):
            x = chip.x
            up, down = (x, chip.y - c * CHIP_DROP), (x, chip.y)
            tweens += [*self.show_variant([chip], int(ch)),
                       fade(chip, 0.0, 1.0, i / n, (i + 1) / n),
                       Tween(chip, "pos", ((i / n, up), ((i + 1) / n, down)))]
        drops = tuple(BeatSound("click", (i + 1) / n) for i in range(len(product)))
        return [Beat(tuple(tweens), move=event.k, units=float(n),
                     note=equation_words(event.text or ""), sounds=drops)]


__all__ = ["AlphameticScene", "KomachiScene", "OomachiScene"]
