"""The peg-solitaire scene: a board of holes, pegs that jump along an arc, the peg jumped
over fading out, the current move's chain of holes highlighted, and a peg counter.

Holes are placed by the trace's geometry: ``square`` puts hole [x, y] at cell (x, y);
``triangle`` shifts row y right by half a cell per hole it lacks against the bottom row
and packs rows at sqrt(3)/2 so the triangle is equilateral.  State: the frozenset of
holes holding a peg.  The board with the resting pegs is drawn once per position and
cached; a frame copies it and blits the fading peg and the jumping peg.  A move (a chain
of jumps) is one eased motion through all its jumps; the jumping peg's outline fades in
and out.  The move counter is the core's; the scene writes "Pegs left: n" under the
board.  The goal (its holes are ringed) is also the panel's small picture; a solved
trace ends with the last peg pulsing (the payoff).  Discs are anti-aliased and round.
A square board has its coordinates in the margin, column letters above and row numbers
to the left, so that the move list's "c1 → c3" can be found on it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from puzzlereel.rules.peg_solitaire import Layout
from puzzlereel.trace import Cell, Header, PegMove, Replay, Replayed

from .. import draw as gfx
from ..options import RenderOptions
from ..scene import SceneBase, Step
from ..theme import RGB, Theme

MARGIN = 0.45      # around the holes, in cells
FOOTER = 0.75      # the peg counter's strip under the board, in cells
PEG = 0.72         # peg diameter, in cells
HOLE = 0.36        # empty hole diameter
RING = 0.92        # chain highlight ring diameter
LIFT = 0.55        # height of the jump's arc, in cells
ROW_TRI = math.sqrt(3) / 2
LABEL = 0.26       # coordinate letters and numbers, in cells
LABEL_MIN_PX = 9   # smaller boards (contact sheets) go without them


def disc(d: int) -> np.ndarray:
    """Anti-aliased coverage of a disc ``d`` pixels across."""
    d = max(2, d)
    return gfx.rounded_mask(d, d, d / 2)


def ring(d: int, width: int) -> np.ndarray:
    outer = disc(d)
    inner = np.zeros_like(outer)
    k = max(1, width)
    if d - 2 * k > 1:
        inner[k:d - k, k:d - k] = disc(d - 2 * k)
    return np.clip(outer.astype(np.int16) - inner, 0, 255).astype(np.uint8)


Pegs = frozenset[Cell]    # the state: the holes that hold a peg
# a motion: the peg's hole, the holes it lands in jump by jump, the pegs jumped over
Chain = tuple[Cell, tuple[Cell, ...], tuple[Cell, ...]]


class PegSolitaireScene(SceneBase[Pegs, Chain]):
    """Draws peg-solitaire traces (English, French, Hoppers, triangle, custom boards)."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        layout = Layout.from_header(header)         # parses and checks the header
        self.holes: tuple[Cell, ...] = layout.holes
        self.geometry = layout.geometry
        self.goal: Pegs = frozenset(layout.goal or ())
        self.start: Pegs = frozenset(layout.pegs)
        self.state = self.start
        xs = [x for x, _ in self.holes]
        ys = [y for _, y in self.holes]
        self.x0, self.y0 = min(xs), min(ys)
        self.rows = max(ys) + 1
        centres = [self.centre(c) for c in self.holes]
        self.w_cells = max(x for x, _ in centres) + 0.5 + MARGIN
        self.h_cells = max(y for _, y in centres) + 0.5 + MARGIN
        self.peg_fill: RGB = theme.pieces.get("1x2", theme.accent)
        self.hole_fill: RGB = gfx.mix(theme.board, theme.frame, 0.5)
        self.cell = 0
        self._cache = gfx.Recent(6)

    # ---------------------------------------------------------------- geometry

    def centre(self, c: Cell) -> tuple[float, float]:
        """Centre of hole ``c`` in cells from the drawing's top-left."""
        x, y = c
        if self.geometry == "triangle":
            shift = (self.rows - 1 - y) / 2
            return (MARGIN + 0.5 + x + shift, MARGIN + 0.5 + (y - self.y0) * ROW_TRI)
        return (MARGIN + 0.5 + x - self.x0, MARGIN + 0.5 + y - self.y0)

    def coordinates(self, cell: int) -> tuple[int, list[tuple[str, float, float]]]:
        """The coordinates drawn in the margin: the text size in pixels and, for each
        column, its letter centred above it and, for each row, its number left of it, as
        the notation writes them ("d4"), centres in cells.  None on a triangular board
        (its rows are shifted) or when the text would be under ``LABEL_MIN_PX``."""
        px = round(LABEL * cell)
        if self.geometry == "triangle" or px < LABEL_MIN_PX:
            return px, []
        out = [(_column(x), self.centre((x, self.y0))[0], MARGIN / 2)
               for x in sorted({x for x, _ in self.holes})]
        out += [(str(y + 1), MARGIN / 2, self.centre((self.x0, y))[1])
                for y in sorted({y for _, y in self.holes})]
        return px, out

    # ---------------------------------------------------------------- interface

    PACING = {"speed": 0.3, "pause": 0.15, "hold_start": 1.0, "hold_end": 1.5}

    def extent(self) -> tuple[float, float]:
        return (self.w_cells, self.h_cells + FOOTER)

    def goal_sentence(self) -> str:
        if len(self.goal) == 1:
            return ("Jump pegs over each other, removing the peg jumped, until one peg "
                    "is left in the ringed hole.")
        if self.goal:
            return "Jump pegs over each other until only the ringed holes hold pegs."
        return "Jump pegs over each other, removing the peg jumped, until one peg is left."

    def goal_state(self) -> Pegs | None:
        return self.goal or None

    def picture_rows(self, cell: int, height: int) -> int:
        return min(height, round(self.h_cells * cell))     # not "Pegs left: 1"

    def notation(self, step: Step[Pegs, Chain]) -> str:
        if step.data is None:
            return ""
        start, path, _ = step.data
        return " → ".join(hole_name(c) for c in (start, *path))

    def payoff(self, state: Pegs) -> Step[Pegs, Chain] | None:
        """The pegs left pulse."""
        return Step(state, state, move=None, segments=1, pause=False, sheet=False,
                    data=((-1, -1), (), ()))

    def initial(self) -> Pegs:
        return self.start

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[Pegs, Chain]]:
        move = item.applied
        if not isinstance(move, PegMove):
            return ()
        before = self.state
        pegs = set(before)
        cur = move.start
        removed = []
        for nxt in move.path:
            mid = ((cur[0] + nxt[0]) // 2, (cur[1] + nxt[1]) // 2)
            pegs.discard(cur)
            pegs.discard(mid)
            pegs.add(nxt)
            removed.append(mid)
            cur = nxt
        after = frozenset(pegs)
        self.state = after
        k = len(move.path)
        return (Step(before, after, move=move.n, segments=k, units=2.0 * k,
                     data=(move.start, tuple(move.path), tuple(removed))),)

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.target,
               t.highlight, self.peg_fill, gfx.darker(self.peg_fill), self.hole_fill]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        W = int(math.ceil(self.w_cells * cell))
        H = int(math.ceil((self.h_cells + FOOTER) * cell))
        self.size = (W, H)
        self._cache.clear()
        self.background = self._draw_board(W, H)
        d = max(3, round(PEG * cell))
        mask = disc(d)
        self.peg = gfx.block_sprite(mask, self.peg_fill, gfx.darker(self.peg_fill),
                                    max(1.0, cell * 0.05))
        self.lit = (gfx.solid(mask.shape, self.theme.highlight),
                    ring(d, max(2, round(cell * 0.08))))
        rd = max(4, round(RING * cell))
        rmask = ring(rd, max(1, round(cell * 0.06)))
        self.ring = (gfx.solid((rd, rd), self.theme.highlight), rmask)
        pd = max(4, round(PEG * cell * 1.5))
        self.pulse = (gfx.solid((pd, pd), self.theme.accent), ring(pd, max(2, round(cell * 0.1))))
        return W, H

    def draw(self, out: np.ndarray, step: Step[Pegs, Chain], p: float) -> None:
        if step.segments <= 0 or step.data is None:
            np.copyto(out, self._composite(step.after if p >= 1.0 else step.before, (), ()))
            return
        start, path, removed = step.data
        if not path:     # the payoff: a ring pulses out from each peg left
            np.copyto(out, self._composite(step.after, (), ()))
            a = math.sin(math.pi * min(max(p, 0.0), 1.0))
            for c in step.after:
                self._blit_at(out, gfx.fade(self.pulse, a), self.centre(c))
            return
        k = len(path)
        s = min(max(p, 0.0), 1.0) * k
        j = min(int(s), k - 1)
        f = s - j
        chain = (start, *path)
        if p >= 1.0:
            np.copyto(out, self._composite(step.after, chain, ()))
            self._footer(out, len(step.after))
            return
        gone = set(removed[:j]) | {removed[j], start}
        resting = frozenset(step.before - gone)
        np.copyto(out, self._composite(resting, chain, ()))
        # the peg jumped over fades out
        rgb, alpha = self.peg
        fade = max(0.0, 1.0 - f * 1.25)
        if fade > 0:
            self._blit_at(out, (rgb, (alpha.astype(np.float32) * fade).astype(np.uint8)),
                          self.centre(removed[j]))
        # the jumping peg follows an arc from chain[j] to chain[j + 1]
        (ax, ay), (bx, by) = self.centre(chain[j]), self.centre(chain[j + 1])
        lift = LIFT * math.sin(math.pi * f)
        at = (ax + (bx - ax) * f, ay + (by - ay) * f - lift)
        self._blit_at(out, self.peg, at)
        glow = min(1.0, 5 * p, 5 * (1.0 - p))
        if self.options.highlight and glow > 0:
            self._blit_at(out, gfx.fade(self.lit, glow), at)
        left = len(step.before) - j - (1 if f >= 0.5 else 0)
        self._footer(out, left)

    # ---------------------------------------------------------------- drawing

    def _blit_at(self, out: np.ndarray, sprite: gfx.Sprite, at: tuple[float, float]) -> None:
        h, w = sprite[1].shape
        x = int(round(at[0] * self.cell - w / 2))
        y = int(round(at[1] * self.cell - h / 2))
        gfx.blit(out, sprite, x, y)

    def _composite(self, pegs: frozenset[Cell], chain: tuple[Cell, ...],
                   skip: tuple[Cell, ...]) -> np.ndarray:
        key = (pegs, chain)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = self.background.copy()
        if self.options.highlight:
            for c in chain[1:]:
                self._blit_at(img, gfx.fade(self.ring, 0.5), self.centre(c))
        for c in pegs:
            self._blit_at(img, self.peg, self.centre(c))
        self._footer(img, len(pegs))
        return self._cache.put(key, img)

    def _footer(self, img: np.ndarray, pegs: int) -> None:
        W, H = self.size
        top = int(round(self.h_cells * self.cell))
        gfx.fill(img[top:H, 0:W], self.theme.background)
        text = f"Pegs left: {pegs}"
        px = gfx.fit_text_px(text, int(W * 0.9), max(8, int(FOOTER * self.cell * 0.6)))
        gfx.draw_text(img, text, px, self.theme.muted, W // 2, (top + H) // 2, "mm")

    def _draw_board(self, W: int, H: int) -> np.ndarray:
        t, c = self.theme, self.cell
        img = np.empty((H, W, 3), np.uint8)
        gfx.fill(img, t.background)
        bh = int(round(self.h_cells * c))
        board = gfx.rounded_mask(W, bh, c * 0.35)
        solid = np.empty((bh, W, 3), np.uint8)
        gfx.fill(solid, t.board)
        gfx.blend(img[:bh], solid, board)
        hd = max(2, round(HOLE * c))
        hole = np.empty((hd, hd, 3), np.uint8)
        gfx.fill(hole, self.hole_fill)
        hole_sprite = (hole, disc(hd))
        gd = max(3, round(PEG * c * 1.05))
        goal_mask = ring(gd, max(1, round(c * 0.05)))
        goal = np.empty((gd, gd, 3), np.uint8)
        gfx.fill(goal, t.target)
        for h in self.holes:
            self._blit_at(img, hole_sprite, self.centre(h))
            if h in self.goal:
                self._blit_at(img, (goal, goal_mask), self.centre(h))
        px, labels = self.coordinates(c)
        for text, x, y in labels:
            gfx.draw_text(img, text, px, t.muted, round(x * c), round(y * c), "mm")
        return img


def _column(x: int) -> str:
    """Column ``x`` as the notation writes it: "a" for 0 (its number past "z")."""
    return chr(ord("a") + x) if 0 <= x < 26 else str(x)


def hole_name(c: Cell) -> str:
    """A hole as the panel writes it: column letter and row number ("d4")."""
    x, y = c
    return f"{_column(x)}{y + 1}"


__all__ = ["PegSolitaireScene", "hole_name"]
