"""The Mastermind scene: rows of coloured guesses, their bulls/cows markers, and how many
codes are still possible after each answer.

Each guess row fills in peg by peg, each peg falling into its hole in its own share of
the beat's time (faster as it falls) and clicking as it lands; as the last one lands its
markers fade in: a dark pin for each bull (right symbol, right
place), a light pin for each cow (right symbol, wrong place), and how many codes are
left ("found it" for the winning guess).  The secret, when the trace header gives it,
sits covered in the top row (its note: "secret") and is uncovered as the winning guess
lands.  Pegs carry their symbol number as well as a colour, so the board reads without
colour too; no text is set under the frame's legible size (one that cannot be set that
large in its room is left out).  With more guesses than rows the board scrolls: as a
guess comes in, the rows slide up one and the top one slides out under the rule (the
rows of a board that scrolls are clipped to their area).
"""

from __future__ import annotations

import math

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import fade, show
from puzzlereel.render.film.draw import darker
from puzzlereel.render.film.easing import progress
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Circle, Rect, Shape, Text, group
from puzzlereel.render.film.theme import CATEGORICAL, INK_DARK, RGB, Theme
from puzzlereel.render.options import RenderOptions
from puzzlereel.rules.mastermind import MastermindReplay
from puzzlereel.rules.notation import guess_words, pins
from puzzlereel.trace import Guess, Header, Replay, Replayed

PAD = 0.3
INDEX_W = 1.0
REMAIN_W = 3.4
TOP_H = 1.3
PEG_DROP = 0.35                      # how far a peg drops into its hole, in cells
RESULT = 0.9                     # a guess's pins and note fade in from this progress on
SCROLL = 0.2                     # the share of a guess's time the rows take to scroll
SLIDE = (0.0, 0.26, 0.74, 1.0)   # a scroll's way at 0, 1/3, 2/3 and all of its time: eased
BULL = (INK_DARK, (235, 235, 235))          # a bull: a black pin ringed in white,
COW = ((255, 255, 255), INK_DARK)           # a cow: a white pin ringed in black


class _Row:
    """A guess row's elements (its number, pegs, pins and note), the slot it came in
    at (where its elements were placed) and the slot it shows in now (< 0: gone)."""

    def __init__(self, elements: list[Element], slot: int) -> None:
        self.elements = elements
        self.born = slot
        self.slot = slot


class MastermindScene(SceneBase):
    """Draws mastermind traces: one row per guess, markers, codes left."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        game = MastermindReplay(header)        # parses and checks the header's fields
        self.length = game.length
        self.symbols = game.symbols
        self.secret = game.secret
        moves = header.fields.get("moves")
        rows = moves if isinstance(moves, int) and not isinstance(moves, bool) else 10
        self.visible = max(1, min(rows, 16))
        self.pins_w = math.ceil(self.length / 2) * 0.5
        self.guesses = 0

    # ---------------------------------------------------------------- words

    def goal_sentence(self) -> str:
        return self.goal_of(("the secret code",
                             f"the secret code of {self.length} pegs ({self.symbols} colours)"))

    def extent(self) -> tuple[float, float]:
        w = PAD + INDEX_W + self.length + PAD + self.pins_w + PAD + REMAIN_W + PAD
        h = PAD + TOP_H + self.visible + PAD
        return (w, h)

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c, t = stage.cell, self.theme
        self.st = stage
        self.cell = c
        self.peg_d = d = max(4, round(c * 0.78))
        self.border = max(1, round(max(1.0, c * 0.05)))
        self.pegs = [self._peg(CATEGORICAL[s % len(CATEGORICAL)], str(s), bold=True)
                     for s in range(self.symbols)]
        self.rows_top = stage.y + round((PAD + TOP_H) * c)
        stage.add("board", group(self._board()), "under")
        self.covered: Element | None = None          # the secret's covered pegs,
        self.uncovered: Element | None = None        # and its own, shown at the win
        if self.secret is not None:
            y = round((PAD + TOP_H / 2 - 0.1) * c - d / 2)
            hidden = self._peg(t.muted, "?", bold=False)
            self.covered = stage.add("secret", group(
                [self._peg_at(hidden, j, y) for j in range(self.length)]))
            self.uncovered = stage.add("secret-shown", group(
                [self._peg_at(self.pegs[s], j, y) for j, s in enumerate(self.secret)]),
                opacity=0.0)
        self.rows: list[_Row] = []
        self.scrolls = False

    def _peg(self, fill: RGB, label: str, bold: bool) -> Shape:
        """A code peg ``peg_d`` wide from (0, 0): a disc with a darker border inside its
        edge, and its symbol (or "?" on a covered peg)."""
        d, k, t = self.peg_d, self.border, self.theme
        px, ink = (int(d * 0.5), t.on(fill)) if bold else (int(d * 0.55), t.background)
        return group([Circle(d / 2, d / 2, (d - k) / 2, fill, darker(fill), k),
                      *self._text(label, d // 2, d // 2, d * 0.9, max(6, px), ink, "middle",
                                  bold)])

    def _text(self, text: str, x: int, y: int, room: float, px: int, colour: RGB,
              anchor: str, bold: bool = False) -> list[Shape]:
        """``text`` at ``px`` or smaller so that it fits ``room`` pixels, never under the
        frame's legible size (none when it cannot be set that large there)."""
        size = self.st.text_px(text, room, px, bold)
        return [Text(x, y, text, size, colour, anchor=anchor, bold=bold)] if size else []

    def _note_x(self) -> int:
        """Where the notes start: "secret", "k left", "found it"."""
        return int((PAD + INDEX_W + self.length + PAD + self.pins_w + PAD) * self.cell)

    def _peg_x(self, j: int) -> int:
        return round((PAD + INDEX_W + j + 0.5) * self.cell - self.peg_d / 2)

    def _peg_y(self, slot: int) -> int:
        return round((PAD + TOP_H + slot + 0.5) * self.cell - self.peg_d / 2)

    def _peg_at(self, peg: Shape, j: int, y: int) -> Shape:
        return group([peg], x=self._peg_x(j), y=y)

    def _board(self) -> list[Shape]:
        """The rounded board, the secret's label, the rule under it and the empty holes
        of every row."""
        t, c = self.theme, self.cell
        W, H = self.st.width, self.st.height
        m = int(PAD * c * 0.5)
        out: list[Shape] = [Rect(m, m, W - 2 * m, H - 2 * m, t.board, rx=c * 0.3)]
        if self.secret is not None:       # the secret row's note
            x = self._note_x()
            out += self._text("secret", x, int((PAD + TOP_H / 2 - 0.1) * c), W - m - x,
                              max(8, int(c * 0.38)), t.muted, "start")
        y_rule = int((PAD + TOP_H - 0.12) * c)
        out.append(Rect(int(PAD * c), y_rule, int(W - PAD * c) - int(PAD * c), max(1, c // 24),
                        t.muted))
        hole_d = max(3, round(c * 0.3))
        hole = darker(t.board, 0.88)
        for slot in range(self.visible):
            yc = int((PAD + TOP_H + slot + 0.5) * c)
            for j in range(self.length):
                x = int((PAD + INDEX_W + j + 0.5) * c - hole_d / 2)
                y = int(yc - hole_d / 2)
                out.append(Circle(x + hole_d / 2, y + hole_d / 2, hole_d / 2, hole))
        return out

    def _add_row(self, name: str, shapes: Shape, x: float, y: float) -> Element:
        """An element of a guess row at the drawing's pixel (x, y)."""
        el = self.st.add(name, shapes, x=x, y=y, opacity=0.0)
        if self.scrolls:
            self._clip(el)
        return el

    def _clip(self, el: Element) -> None:
        """``el`` drawn only within the rows' area (under the rule), for a board that
        scrolls."""
        x0, _, x1, y1 = self.st.box
        el.clip = (x0, self.rows_top, x1, y1)

    # ---------------------------------------------------------------- beats

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        ev = item.applied
        if not isinstance(ev, Guess):
            return []
        i = self.guesses
        self.guesses += 1
        L, c = self.length, self.cell
        tweens: list[Tween] = []
        sounds: list[BeatSound] = []
        start = 0.0                       # when the new row comes in, in the beat's time
        if i >= self.visible:
            tweens += self._scroll()
            start = SCROLL
        slot = i - max(0, i + 1 - self.visible)
        x = int((PAD + INDEX_W - 0.2) * c)
        number = self._add_row("number", group(self._text(
            str(i + 1), x, int((PAD + TOP_H + 0.5) * c), x - int(PAD * c * 0.5),
            max(8, int(c * 0.4)), self.theme.muted, "end")), 0, slot * c)
        first = progress(self.options.easing, start)     # the beat's progress then
        tweens.append(show(number, True, at=first))
        row = _Row([number], slot)
        for j, sym in enumerate(ev.code):
            peg = self._add_row("peg", self.pegs[sym], self._peg_x(j), self._peg_y(slot))
            # each peg falls in its own share of the beat's time, faster as it falls,
            # and clicks as it lands (linear time: the beat's easing does not stretch it)
            t0, t1 = (start + (1 - start) * k / L for k in (j, j + 1))
            fall = tuple((t0 + (t1 - t0) * u, (peg.x, peg.y - c * PEG_DROP * (1 - u * u)))
                         for u in (0.0, 0.25, 0.5, 0.75, 1.0))
            tweens += [Tween(peg, "pos", fall, "linear"),
                       Tween(peg, "opacity", ((t0, 0.0), ((t0 + t1) / 2, 1.0)), "linear")]
            row.elements.append(peg)
            sounds.append(BeatSound("click", t1))
        result = self._add_row("result", group(self._result(ev)), 0, slot * c)
        tweens.append(fade(result, 0.0, 1.0, p0=RESULT))
        row.elements.append(result)
        self.rows.append(row)
        if ev.bulls == L and self.covered is not None and self.uncovered is not None:
            tweens += [fade(self.covered, 1.0, 0.0, p0=RESULT),
                       fade(self.uncovered, 0.0, 1.0, p0=RESULT)]
        note = guess_words(ev.code, ev.bulls, ev.cows)     # as ``show`` writes it
        return [Beat(tuple(tweens), move=ev.n, units=L, note=note, sounds=tuple(sounds))]

    def _scroll(self) -> list[Tween]:
        """Every row still in sight sliding up one, smoothly, in the first ``SCROLL`` of
        the beat's time (before the new row comes in)."""
        out: list[Tween] = []
        c = self.cell
        if not self.scrolls:
            self.scrolls = True
            for row in self.rows:
                for el in row.elements:
                    self._clip(el)
        for row in self.rows:
            if row.slot < 0:
                continue                  # out of sight already
            shift = (row.slot - row.born) * c
            for el in row.elements:
                x, y = el.x, el.y + shift
                out.append(Tween(el, "pos", tuple((SCROLL * k / 3, (x, y - c * f))
                                                  for k, f in enumerate(SLIDE)), "linear"))
            row.slot -= 1
        return out

    def _result(self, ev: Guess) -> list[Shape]:
        """The pins and the note of a guess row in the top slot."""
        t, c = self.theme, self.cell
        per_row = math.ceil(self.length / 2)
        x0 = (PAD + INDEX_W + self.length + PAD) * c
        y0 = (PAD + TOP_H + 0.25) * c
        pin_d = max(3, round(c * 0.36))
        ring = max(1, round(max(1.0, pin_d * 0.16)))
        hole_d = max(2, pin_d // 2)
        pin_colours: list[tuple[RGB, RGB] | None] = [BULL] * ev.bulls
        pin_colours += [COW] * ev.cows
        pin_colours += [None] * (self.length - len(pin_colours))
        out: list[Shape] = []
        for n, pin_colour in enumerate(pin_colours):
            row, k = divmod(n, per_row)
            cx, cy = x0 + (k + 0.5) * 0.5 * c, y0 + row * 0.5 * c
            if pin_colour is None:
                x, y = round(cx - hole_d / 2), round(cy - hole_d / 2)
                out.append(Circle(x + hole_d / 2, y + hole_d / 2, hole_d / 2,
                                  darker(t.board, 0.85)))
                continue
            x, y = round(cx - pin_d / 2), round(cy - pin_d / 2)
            out.append(Circle(x + pin_d / 2, y + pin_d / 2, (pin_d - ring) / 2, pin_colour[0],
                              pin_colour[1], ring))
        if ev.bulls == self.length:
            note, colour = "found it", t.emphasis
        elif ev.remaining is not None:
            note, colour = f"{ev.remaining:,} left", t.text
        else:
            note, colour = "", t.text
        x = self._note_x()
        if note:
            out += self._text(note, x, int((PAD + TOP_H + 0.5) * c),
                              self.st.width - int(PAD * c * 0.5) - x, max(8, int(c * 0.38)),
                              colour, "start")
        return out


def answer(bulls: int, cows: int) -> str:
    """An answer as its pins are drawn: "●●○" (``notation.pins``)."""
    return pins(bulls, cows)


__all__ = ["MastermindScene", "answer"]
