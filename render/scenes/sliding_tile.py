"""The sliding-tile scene: numbered square tiles in a framed tray, each move one tile
sliding into the blank.

Colour schemes (``[render] scheme`` or the trace header's ``render.scheme`` hint):
``plain`` (every tile alike), ``rows`` (by the tile's goal row), ``columns`` (by its goal
column) and ``fringe`` (the default): the L-shaped layers speed-solvers fill one after
another - first the row and column farthest from the blank's goal cell, then the next
row and column of the smaller board left, and so on.  Colours come from the theme, so
every theme works, from the colour-blind-safe hues of ``theme.PIECE_ORDER``; numbers take
the ink that reads on their tile.  The moving tile's outline fades in and out; the goal
(the tiles in order) is the panel's small picture, and a solved trace ends with the tiles
lighting up one after another in goal order (the payoff).  State: the board as a tuple
of tiles (row-major, 0 = blank).
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

from puzzlereel.rules.sliding_tile import SCHEMES, Layout, Tiles
from puzzlereel.trace import Header, Replay, Replayed, TileMove, TraceError

from .. import draw as gfx
from ..draw import Rect
from ..options import RenderOptions
from ..scene import SceneBase, Step
from ..theme import PIECE_ORDER, RGB, Theme

FRAME = 0.25      # frame thickness, in cells
ARROWS = {1: "→", -1: "←"}


def tile_groups(rows: int, cols: int, goal: Tiles, scheme: str) -> dict[int, int]:
    """Tile -> colour group under ``scheme`` (plain: all 0)."""
    blank = goal.index(0)
    br, bc = divmod(blank, cols)
    out: dict[int, int] = {}
    for cell, tile in enumerate(goal):
        if tile == 0:
            continue
        r, c = divmod(cell, cols)
        # rows / columns counted from the side opposite the blank's goal cell
        rr = r if br >= rows / 2 else rows - 1 - r
        cc = c if bc >= cols / 2 else cols - 1 - c
        if scheme == "rows":
            out[tile] = rr
        elif scheme == "columns":
            out[tile] = cc
        elif scheme == "fringe":
            out[tile] = min(rr, cc)
        else:
            out[tile] = 0
    return out


# a motion: (the tile, the cell it leaves, the cell it slides into)
TileSlide = tuple[int, int, int]


class SlidingTileScene(SceneBase[Tiles, TileSlide]):
    """Draws sliding-tile traces (8-puzzle, 15-puzzle, any rows x cols)."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        layout = Layout.from_header(header)     # parses and checks the header's fields
        self.rows, self.cols = layout.rows, layout.cols
        self.start: Tiles = layout.start
        self.goal: Tiles = layout.goal
        scheme = options.scheme
        if scheme == "auto":
            hint = header.render.get("scheme") if isinstance(header.render, dict) else None
            scheme = hint if isinstance(hint, str) and hint in SCHEMES else "fringe"
        if scheme not in SCHEMES:
            raise TraceError(f"unknown colour scheme {scheme!r} for sliding tiles (known: "
                             f"{', '.join(SCHEMES)})", field="render.scheme")
        self.scheme = scheme
        groups = tile_groups(self.rows, self.cols, self.goal, scheme)
        palette = list(PIECE_ORDER)
        self.fills: dict[int, RGB] = {t: palette[g % len(palette)] for t, g in groups.items()}
        self.state: Tiles = self.start
        self.cell = 0
        self.frame_px = 0
        self._cache = gfx.Recent(4)

    # ---------------------------------------------------------------- interface

    PACING = {"speed": 0.3, "pause": 0.12, "hold_start": 1.0, "hold_end": 1.5}
    GOAL = "Slide the tiles into order, one at a time into the empty space."

    def extent(self) -> tuple[float, float]:
        return (self.cols + 2 * FRAME, self.rows + 2 * FRAME)

    def goal_state(self) -> Tiles | None:
        return self.goal

    def notation(self, step: Step[Tiles, TileSlide]) -> str:
        if step.data is None:
            return ""
        tile, src, dst = step.data
        if dst - src in (1, -1):
            arrow = ARROWS[dst - src]
        else:
            arrow = "↓" if dst > src else "↑"
        return f"{tile} {arrow}"

    def payoff(self, state: Tiles) -> Step[Tiles, TileSlide] | None:
        """The tiles light up one after another in goal order."""
        return Step(state, state, move=None, segments=1, pause=False, sheet=False,
                    data=(-1, -1, -1))

    def initial(self) -> Tiles:
        return self.start

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[Tiles, TileSlide]]:
        move = item.applied
        if not isinstance(move, TileMove):
            return ()
        before = self.state
        src = before.index(move.tile)
        dst = before.index(0)
        after = list(before)
        after[dst], after[src] = move.tile, 0
        self.state = tuple(after)
        return (Step(before, self.state, move=move.n, segments=1,
                     data=(move.tile, src, dst)),)

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.highlight]
        for f in dict.fromkeys(self.fills.values()):
            out += [f, gfx.darker(f), t.on(f)]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        self.frame_px = fp = max(2, round(FRAME * cell))
        W, H = self.cols * cell + 2 * fp, self.rows * cell + 2 * fp
        self._cache.clear()
        self.background = self._draw_board(W, H)
        inset = max(1.0, cell * 0.04)
        border = max(1.0, cell * 0.05)
        mask = gfx.mask_from_cells([(0, 0)], cell, inset)
        self.sprites: dict[int, gfx.Sprite] = {}
        self.lit: dict[int, gfx.Sprite] = {}
        ring = cv2.subtract(mask, gfx.erode(mask, max(2, round(cell * 0.07))))
        self.ring = gfx.frozen((gfx.solid(mask.shape, self.theme.highlight), ring))
        self.glow = gfx.frozen((gfx.solid(mask.shape, (255, 255, 255)), mask.copy()))
        for tile, fill in self.fills.items():
            sprite = gfx.block_sprite(mask, fill, gfx.darker(fill), border)
            self._number(sprite, tile, fill)
            self.sprites[tile] = sprite
        return W, H

    def draw(self, out: np.ndarray, step: Step[Tiles, TileSlide], p: float) -> None:
        if step.segments <= 0 or step.data is None:
            np.copyto(out, self._composite(step.after if p >= 1.0 else step.before, None))
            return
        tile, src, dst = step.data
        if tile < 0:        # the payoff: tiles light up in goal order, a wave
            np.copyto(out, self._composite(step.after, None))
            order = [t for t in self.goal if t]
            n = max(1, len(order))
            for k, t in enumerate(order):
                a = 1.0 - abs(p * (n + 2) - (k + 1.5)) / 1.5
                if a > 0 and t in step.after:
                    r, c = divmod(step.after.index(t), self.cols)
                    gfx.blit(out, gfx.fade(self.glow, 0.45 * a), self.frame_px + c * self.cell,
                             self.frame_px + r * self.cell)
            return
        np.copyto(out, self._composite(step.before, tile))
        self._draw_tile(out, step, p)

    def redraw(self, out: np.ndarray, step: Step[Tiles, TileSlide], p0: float,
               p: float) -> Rect | None:
        """A slide changes only the sliding tile's box at ``p0`` and at ``p``: the board
        without it is put back there and the tile drawn (not the payoff's wave, which
        lights every tile)."""
        if step.segments <= 0 or step.data is None or step.data[0] < 0:
            return None
        tile, src, dst = step.data
        h, w = self.ring[1].shape
        rect = gfx.restore(out, self._composite(step.before, tile), (w, h),
                           self._at(src, dst, p0), self._at(src, dst, p))
        self._draw_tile(out, step, p)
        return rect

    def _draw_tile(self, out: np.ndarray, step: Step[Tiles, TileSlide], p: float) -> None:
        """The sliding tile at ``p``, with its fading outline, over the board."""
        assert step.data is not None
        tile, src, dst = step.data
        x, y = self._at(src, dst, p)
        gfx.blit(out, self.sprites[tile], x, y)
        if self.options.highlight:
            f = min(max(p, 0.0), 1.0)
            glow = min(1.0, 5 * f, 5 * (1.0 - f))
            if glow > 0:
                gfx.blit(out, gfx.fade(self.ring, glow), x, y)

    def _at(self, src: int, dst: int, p: float) -> tuple[int, int]:
        """The sliding tile's top-left pixel at progress ``p`` from cell ``src`` to
        ``dst``."""
        f = min(max(p, 0.0), 1.0)
        (ar, ac), (br, bc) = divmod(src, self.cols), divmod(dst, self.cols)
        return (int(round(self.frame_px + (ac + (bc - ac) * f) * self.cell)),
                int(round(self.frame_px + (ar + (br - ar) * f) * self.cell)))

    # ---------------------------------------------------------------- drawing

    def _composite(self, state: Tiles, skip: int | None) -> np.ndarray:
        key = (state, skip)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = self.background.copy()
        for cell, tile in enumerate(state):
            if tile and tile != skip:
                r, c = divmod(cell, self.cols)
                gfx.blit(img, self.sprites[tile], self.frame_px + c * self.cell,
                         self.frame_px + r * self.cell)
        return self._cache.put(key, img)

    def _draw_board(self, W: int, H: int) -> np.ndarray:
        t = self.theme
        return gfx.framed_board(W, H, self.frame_px, t.background, t.frame, t.board)

    def _number(self, sprite: gfx.Sprite, tile: int, fill: RGB) -> None:
        if not self.options.labels:
            return
        rgb, alpha = sprite
        h, w = alpha.shape
        text = str(tile)
        px = gfx.fit_text_px(text, int(w * 0.7), max(6, int(self.cell * 0.42)), bold=True)
        if px < 6:
            return
        gfx.draw_text(rgb, text, px, self.theme.on(fill), w // 2, h // 2, "mm", bold=True)


__all__ = ["SlidingTileScene", "tile_groups"]
