"""The sliding-block scene: a framed board with its exit, rounded pieces that slide.

Pieces are coloured by shape class (2x2, 2x1, 1x2, 1x1, other) or per piece from the
options / trace ``render.colors`` (or ``colours``); the goal piece stands out and its
target is marked with an outline.  Sprites and the board are drawn once per cell size; a
frame is a copy of a cached composite (the board with the resting pieces) plus one blit
of the moving piece.
State: a tuple of piece top-left positions, in the header's piece order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import cv2
import numpy as np

from puzzlereel.rules.sliding_block import Layout
from puzzlereel.trace import BlockMove, Cell, Header, Replay, Replayed

from .. import draw as gfx
from ..options import RenderOptions, parse_colour
from ..scene import SceneBase, Step
from ..theme import RGB, Theme

FRAME = 0.32    # frame thickness, in cells


def shape_class(cells: tuple[Cell, ...]) -> str:
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    if len(cells) != w * h:
        return "other"
    return {(2, 2): "2x2", (2, 1): "2x1", (1, 2): "1x2", (1, 1): "1x1"}.get((w, h), "other")


Positions = tuple[Cell, ...]            # the state: every piece's top-left, header order
Slide = tuple[int, tuple[Cell, ...]]    # a motion: the piece's index and its route


class SlidingBlockScene(SceneBase[Positions, Slide]):
    """Draws sliding-block traces (Hakoiri Musume, Klotski, Dad's puzzle, Rush Hour-like)."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        layout = Layout.from_header(header)     # parses and checks the header's fields
        self.width, self.height = layout.width, layout.height
        self.walls = sorted(layout.walls)
        self.exits = layout.exits
        self.ids = [p.id for p in layout.pieces]
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.pieces = list(layout.pieces)
        self.start: tuple[Cell, ...] = layout.start
        self.goals = [(self.index[pid], xy) for pid, xy in layout.goal]
        goal_ids = {i for i, _ in self.goals}
        colours: dict[str, Any] = {}
        for key in ("colors", "colours"):
            hint = header.render.get(key) if isinstance(header.render, dict) else None
            if isinstance(hint, dict):
                colours.update(hint)
        colours.update(options.colours)
        self.fills: list[RGB] = []
        for i, piece in enumerate(self.pieces):
            given = colours.get(piece.id)
            fill: RGB
            if isinstance(given, str):
                try:
                    fill = parse_colour(given, f"colors.{piece.id}")
                except ValueError:
                    given = None
            if not isinstance(given, str):
                fill = theme.goal if i in goal_ids else theme.pieces.get(
                    shape_class(piece.cells), theme.pieces.get("other", theme.accent))
            self.fills.append(fill)
        self.state: tuple[Cell, ...] = self.start
        self.cell = 0
        self.frame_px = 0
        self._cache = gfx.Recent(4)

    # ---------------------------------------------------------------- interface

    def extent(self) -> tuple[float, float]:
        return (self.width + 2 * FRAME, self.height + 2 * FRAME)

    def initial(self) -> Positions:
        return self.start

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[Positions, Slide]]:
        move = item.applied
        if not isinstance(move, BlockMove):
            return ()
        i = self.index[move.piece]
        before = self.state
        path = (before[i], *move.path)
        after = before[:i] + (move.path[-1],) + before[i + 1:]
        self.state = after
        return (Step(before, after, move=move.n, segments=len(move.path), data=(i, path)),)

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.target, t.label]
        for f in self.fills:
            out += [f, gfx.darker(f)]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        self.frame_px = fp = max(2, round(FRAME * cell))
        W, H = self.width * cell + 2 * fp, self.height * cell + 2 * fp
        self._cache.clear()
        self.background = self._draw_board(W, H)
        inset = max(1.0, cell * 0.05)
        border = max(1.0, cell * 0.06)
        self.sprites: list[gfx.Sprite] = []
        self.lit: list[gfx.Sprite] = []
        for piece, fill in zip(self.pieces, self.fills, strict=True):
            mask = gfx.mask_from_cells(list(piece.cells), cell, inset)
            sprite = gfx.block_sprite(mask, fill, gfx.darker(fill), border, shine=0.0)
            if self.options.labels and piece.label:
                self._label(sprite, piece.label)
            self.sprites.append(sprite)
            lit = gfx.block_sprite(mask, fill, self.theme.accent, border * 1.6, shine=0.0)
            if self.options.labels and piece.label:
                self._label(lit, piece.label)
            self.lit.append(lit if self.options.highlight else sprite)
        return W, H

    def draw(self, out: np.ndarray, step: Step[Positions, Slide], p: float) -> None:
        if step.segments <= 0 or step.data is None:
            np.copyto(out, self._composite(step.after if p >= 1.0 else step.before, None))
            return
        i, path = step.data
        np.copyto(out, self._composite(step.before, i))
        k = len(path) - 1
        s = min(max(p, 0.0), 1.0) * k
        j = min(int(s), k - 1)
        f = s - j
        (ax, ay), (bx, by) = path[j], path[j + 1]
        x = self.frame_px + (ax + (bx - ax) * f) * self.cell
        y = self.frame_px + (ay + (by - ay) * f) * self.cell
        gfx.blit(out, self.lit[i], int(round(x)), int(round(y)))

    # ---------------------------------------------------------------- drawing

    def _composite(self, state: tuple[Cell, ...], skip: int | None) -> np.ndarray:
        key = (state, skip)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = self.background.copy()
        for i, (x, y) in enumerate(state):
            if i != skip:
                gfx.blit(img, self.sprites[i], self.frame_px + x * self.cell,
                          self.frame_px + y * self.cell)
        return self._cache.put(key, img)

    def _draw_board(self, W: int, H: int) -> np.ndarray:
        t, c, fp = self.theme, self.cell, self.frame_px
        img = gfx.framed_board(W, H, fp, t.background, t.frame, t.board)
        for ex in self.exits:     # openings in the frame
            side = ex.get("side")
            off = ex.get("offset", 0)
            length = ex.get("length", 1)
            if not isinstance(off, int) or not isinstance(length, int):
                continue
            a, b = fp + off * c, fp + (off + length) * c
            if side == "bottom":
                img[H - fp:H, a:b] = t.background
            elif side == "top":
                img[0:fp, a:b] = t.background
            elif side == "left":
                img[a:b, 0:fp] = t.background
            elif side == "right":
                img[a:b, W - fp:W] = t.background
        for x, y in self.walls:
            img[fp + y * c:fp + (y + 1) * c, fp + x * c:fp + (x + 1) * c] = t.frame
        for i, (gx, gy) in self.goals:      # the goal's target: an outline
            piece = self.pieces[i]
            mask = gfx.mask_from_cells(list(piece.cells), c, max(1.0, c * 0.05))
            ring_w = max(1, round(c * 0.05))
            inner = gfx.erode(mask, ring_w)
            ring = cv2.subtract(mask, inner)
            colour = np.empty(mask.shape + (3,), np.uint8)
            colour[:] = t.target
            gfx.blit(img, (colour, ring), fp + gx * c, fp + gy * c)
        return img

    def _label(self, sprite: gfx.Sprite, text: str) -> None:
        rgb, alpha = sprite
        h, w = alpha.shape
        px = gfx.fit_text_px(text, int(w * 0.86), max(8, int(self.cell * 0.28)))
        if px < 8:
            return
        gfx.draw_text(rgb, text, px, self.theme.label, w // 2, h // 2, "mm")


__all__ = ["SlidingBlockScene", "shape_class"]
