"""The Mastermind scene: rows of coloured guesses, their bulls/cows markers, and how many
codes are still possible after each answer.

Each guess row fills in peg by peg; then its markers show: a dark pin for each bull (right
symbol, right place), a light pin for each cow (right symbol, wrong place).  The secret,
when the trace header gives it, sits covered in the top row and is uncovered by the
winning guess.  Pegs carry their symbol number as well as a colour, so the board reads
without colour too.  With more guesses than rows the board scrolls.

State: ``(rows, revealed)`` with rows ``((code, bulls, cows, remaining), ...)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from puzzlereel.rules.mastermind import MastermindReplay
from puzzlereel.trace import Guess, Header, Replay, Replayed

from .. import draw as gfx
from ..options import RenderOptions
from ..scene import SceneBase, Step
from ..theme import CATEGORICAL, INK_DARK, RGB, Theme, readable_on

PAD = 0.3
INDEX_W = 1.0
SECRET_W = PAD + INDEX_W - 0.4   # the word "secret", right-aligned inside the board
REMAIN_W = 3.4
TOP_H = 1.3

Row = tuple[tuple[int, ...], int, int, int | None]
State = tuple[tuple[Row, ...], bool]


def label_colour(fill: RGB) -> RGB:
    """Dark or white text, whichever reads better on ``fill``."""
    return readable_on(fill)


class MastermindScene(SceneBase[State, Row]):
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
        self.rows: tuple[Row, ...] = ()
        self.cell = 0
        self._cache = gfx.Recent(6)

    # ---------------------------------------------------------------- interface

    PACING = {"speed": 0.35, "pause": 0.9, "hold_start": 1.0, "hold_end": 2.0}

    def goal_sentence(self) -> str:
        return (f"Find the secret code of {self.length} pegs ({self.symbols} colours) from "
                "the answers: a black pin for each right colour in the right place, a white "
                "pin for each right colour in the wrong place.")

    def notation(self, step: Step[State, Row]) -> str:
        if step.data is None:
            return ""
        code, bulls, cows, _ = step.data
        return f"{''.join(str(c) for c in code)}  → {bulls} black, {cows} white"

    def extent(self) -> tuple[float, float]:
        w = PAD + INDEX_W + self.length + PAD + self.pins_w + PAD + REMAIN_W + PAD
        h = PAD + TOP_H + self.visible + PAD
        return (w, h)

    def initial(self) -> State:
        return ((), False)

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[State, Row]]:
        ev = item.applied
        if not isinstance(ev, Guess):
            return ()
        before: State = (self.rows, False)
        row: Row = (tuple(ev.code), ev.bulls, ev.cows, ev.remaining)
        self.rows = self.rows + (row,)
        won = ev.bulls == self.length
        return (Step(before, (self.rows, won), move=ev.n, segments=self.length,
                     data=row),)

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.goal, t.label,
               (255, 255, 255), INK_DARK, (235, 235, 235), t.emphasis]
        for c in CATEGORICAL[:self.symbols]:
            out += [c, gfx.darker(c)]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        w, h = self.extent()
        W, H = int(math.ceil(w * cell)), int(math.ceil(h * cell))
        self.size = (W, H)
        self._cache.clear()
        t = self.theme
        self.background = np.empty((H, W, 3), np.uint8)
        gfx.fill(self.background, t.background)
        # the playing area: a rounded board
        x0, y0 = int(PAD * cell * 0.5), int(PAD * cell * 0.5)
        solid = np.empty((H - 2 * y0, W - 2 * x0, 3), np.uint8)
        gfx.fill(solid, t.board)
        gfx.blend(self.background[y0:H - y0, x0:W - x0], solid,
                  gfx.rounded_mask(W - 2 * x0, H - 2 * y0, cell * 0.3))
        d = max(4, int(round(cell * 0.78)))
        self.peg_d = d
        disc = gfx.rounded_mask(d, d, d / 2)
        border = max(1.0, cell * 0.05)
        self.pegs = []
        for s in range(self.symbols):
            fill = CATEGORICAL[s % len(CATEGORICAL)]
            rgb, mask = gfx.block_sprite(disc, fill, gfx.darker(fill), border)
            rgb = rgb.copy()
            px = max(6, int(d * 0.5))
            gfx.draw_text(rgb, str(s), px, t.on(fill), d // 2, d // 2, "mm", bold=True)
            self.pegs.append((rgb, mask))
        hole_d = max(3, int(round(cell * 0.3)))
        self.hole = gfx.block_sprite(gfx.rounded_mask(hole_d, hole_d, hole_d / 2),
                                     gfx.darker(t.board, 0.88), gfx.darker(t.board, 0.88), 1)
        self.hidden = gfx.block_sprite(disc, t.muted, gfx.darker(t.muted), border, shine=0.0)
        hrgb = self.hidden[0].copy()
        gfx.draw_text(hrgb, "?", max(6, int(d * 0.55)), t.background, d // 2, d // 2, "mm")
        self.hidden = (hrgb, self.hidden[1])
        pin_d = max(3, int(round(cell * 0.36)))
        pin = gfx.rounded_mask(pin_d, pin_d, pin_d / 2)
        # a bull: a black pin ringed in white; a cow: a white pin ringed in black, so the
        # two differ in every theme
        ring_px = max(1.0, pin_d * 0.16)
        self.bull = gfx.block_sprite(pin, INK_DARK, (235, 235, 235), ring_px)
        self.cow = gfx.block_sprite(pin, (255, 255, 255), INK_DARK, ring_px)
        self.pin_hole = gfx.block_sprite(gfx.rounded_mask(max(2, pin_d // 2), max(2, pin_d // 2),
                                                          pin_d / 4),
                                         gfx.darker(t.board, 0.85), gfx.darker(t.board, 0.85), 1)
        return W, H

    def draw(self, out: np.ndarray, step: Step[State, Row], p: float) -> None:
        if step.segments <= 0 or step.data is None or p >= 1.0:
            np.copyto(out, self._composite(step.after))
            return
        rows, _ = step.before
        np.copyto(out, self._composite(step.before, incoming=True))
        code = step.data[0]
        slot = self._slot(len(rows), len(rows) + 1)
        k = min(max(p, 0.0), 1.0) * self.length
        for j, sym in enumerate(code):
            alpha = min(max(k - j, 0.0), 1.0)
            if alpha <= 0:
                break
            rgb, mask = self.pegs[sym]
            faded = (mask.astype(np.float32) * alpha + 0.5).astype(np.uint8)
            x, y = self._peg_xy(j, slot)
            drop = int(round((1.0 - alpha) * self.cell * 0.35))
            gfx.blit(out, (rgb, faded), x, y - drop)

    # ---------------------------------------------------------------- drawing

    def _slot(self, i: int, count: int) -> int:
        """The visible slot (0 = top row) of guess ``i`` when ``count`` rows exist."""
        first = max(0, count - self.visible)
        return i - first

    def _peg_xy(self, j: int, slot: int) -> tuple[int, int]:
        c = self.cell
        x = (PAD + INDEX_W + j + 0.5) * c - self.peg_d / 2
        y = (PAD + TOP_H + slot + 0.5) * c - self.peg_d / 2
        return int(round(x)), int(round(y))

    def _composite(self, state: State, incoming: bool = False) -> np.ndarray:
        key = (state, incoming)
        img = self._cache.get(key)
        if img is not None:
            return img
        rows, revealed = state
        t, c = self.theme, self.cell
        img = self.background.copy()
        # top row: the secret, covered until it is found
        if self.secret is not None:
            px = gfx.fit_text_px("secret", int(SECRET_W * c), max(8, int(c * 0.34)))
            gfx.draw_text(img, "secret", px, t.muted,
                          int((PAD + INDEX_W - 0.1) * c), int((PAD + TOP_H / 2 - 0.1) * c),
                          "rm")
            for j, sym in enumerate(self.secret):
                x = int(round((PAD + INDEX_W + j + 0.5) * c - self.peg_d / 2))
                y = int(round((PAD + TOP_H / 2 - 0.1) * c - self.peg_d / 2))
                gfx.blit(img, self.pegs[sym] if revealed else self.hidden, x, y)
        y_rule = int((PAD + TOP_H - 0.12) * c)
        img[y_rule:y_rule + max(1, c // 24), int(PAD * c):int(img.shape[1] - PAD * c)] = t.muted
        count = len(rows) + (1 if incoming else 0)
        first = max(0, count - self.visible)
        for slot in range(self.visible):
            i = first + slot
            yc = int((PAD + TOP_H + slot + 0.5) * c)
            if i < count:
                gfx.draw_text(img, str(i + 1), max(8, int(c * 0.4)), t.muted,
                              int((PAD + INDEX_W - 0.2) * c), yc, "rm")
            if i < len(rows):
                code, bulls, cows, remaining = rows[i]
                for j, sym in enumerate(code):
                    x, y = self._peg_xy(j, slot)
                    gfx.blit(img, self.pegs[sym], x, y)
                self._pins(img, slot, bulls, cows)
                if bulls == self.length:
                    note, colour = "found it", t.emphasis
                elif remaining is not None:
                    note, colour = f"{remaining:,} left", t.text
                else:
                    note, colour = "", t.text
                gfx.draw_text(img, note, max(8, int(c * 0.38)), colour,
                              int((PAD + INDEX_W + self.length + PAD + self.pins_w + PAD) * c),
                              yc, "lm")
            else:
                for j in range(self.length):
                    hx = int((PAD + INDEX_W + j + 0.5) * c - self.hole[1].shape[1] / 2)
                    hy = int(yc - self.hole[1].shape[0] / 2)
                    gfx.blit(img, self.hole, hx, hy)
        return self._cache.put(key, img)

    def _pins(self, img: np.ndarray, slot: int, bulls: int, cows: int) -> None:
        c = self.cell
        per_row = math.ceil(self.length / 2)
        x0 = (PAD + INDEX_W + self.length + PAD) * c
        y0 = (PAD + TOP_H + slot + 0.25) * c
        kinds = ["bull"] * bulls + ["cow"] * cows
        kinds += ["hole"] * (self.length - len(kinds))
        for i, kind in enumerate(kinds):
            r, k = divmod(i, per_row)
            cx = x0 + (k + 0.5) * 0.5 * c
            cy = y0 + r * 0.5 * c
            sprite = {"bull": self.bull, "cow": self.cow, "hole": self.pin_hole}[kind]
            h, w = sprite[1].shape
            gfx.blit(img, sprite, int(round(cx - w / 2)), int(round(cy - h / 2)))


__all__ = ["MastermindScene", "CATEGORICAL"]
