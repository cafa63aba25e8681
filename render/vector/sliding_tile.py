"""Sliding tiles as vector shapes: the framed tray and one numbered element per tile,
each move one tile sliding into the blank.

Colours (the colour scheme), frame thickness, inset, rounding and number sizes are the
raster scene's (``render/scenes/sliding_tile.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.trace import Replay, Replayed, TileMove

from .. import draw as gfx
from ..core import AnyStep
from ..scenes.sliding_tile import SlidingTileScene
from .family import ARROWS, Actor, Key, VectorScene, motion_keys, ramp
from .shapes import Rect, Shape, Text, rounded_box


class TileVector(VectorScene):
    """The 8-puzzle, the 15-puzzle, any rows x columns."""

    raster: SlidingTileScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        r, c, t = self.raster, self.cell, self.theme
        self.fp = r.frame_px
        self.cols = r.cols
        self.state = list(r.start)
        k = max(1.0, c * 0.04)
        border = max(1.0, c * 0.05)
        self.actor_of: dict[int, int] = {}
        for pos, tile in enumerate(self.state):
            if not tile:
                continue
            fill = r.fills[tile]
            shapes: list[Shape] = list(rounded_box(k, k, c - 2 * k, c - 2 * k, fill,
                                                   gfx.darker(fill), border,
                                                   max(0.0, c * 0.18 - k / 2)))
            if self.options.labels:
                w = c - 2 * k
                px = gfx.fit_text_px(str(tile), int(w * 0.7), max(6, int(c * 0.42)), bold=True)
                if px >= 6:
                    shapes.append(Text(c / 2, c / 2, str(tile), px, t.on(fill), bold=True))
            glow: list[Shape] = []
            if self.options.highlight:
                bw = max(2, round(c * 0.07))
                glow = [Rect(k + bw / 2, k + bw / 2, c - 2 * k - bw, c - 2 * k - bw, None,
                             rx=max(0.0, c * 0.18 - k / 2 - bw / 2), stroke=t.highlight,
                             stroke_width=bw)]
            x, y = self.at(pos)
            self.actor_of[tile] = self.add(Actor(f"t{tile}", shapes, x, y,
                                                 data=(("tile", str(tile)),), glow=glow))

    def at(self, pos: int) -> tuple[float, float]:
        row, col = divmod(pos, self.cols)
        return (self.ox + self.fp + col * self.cell, self.oy + self.fp + row * self.cell)

    def statics(self) -> list[Shape]:
        r, t, c, fp = self.raster, self.theme, self.cell, self.fp
        W, H = r.cols * c + 2 * fp, r.rows * c + 2 * fp
        return [Rect(self.ox, self.oy, W, H, t.frame, rx=fp * 0.9),
                Rect(self.ox + fp, self.oy + fp, W - 2 * fp, H - 2 * fp, t.board)]


    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        move = item.applied
        if not isinstance(move, TileMove) or not steps:
            return []
        src = self.state.index(move.tile)
        dst = self.state.index(0)
        self.state[dst], self.state[src] = move.tile, 0
        (sr, sc), (dr, dc) = divmod(src, self.cols), divmod(dst, self.cols)
        self.note = f"{move.tile} {ARROWS.get((dc - sc, dr - sr), '·')}"
        i = self.actor_of[move.tile]
        return self.glow_keys(i) + motion_keys(i, [self.at(src), self.at(dst)], self.options.easing)

    def payoff(self, step: AnyStep) -> list[Key]:
        """The tiles light up one after another in goal order, a wave."""
        c, k = self.cell, max(1.0, self.cell * 0.04)
        order = [tile for tile in self.raster.goal if tile]
        n = max(1, len(order))
        e = self.options.easing
        keys: list[Key] = []
        for j, tile in enumerate(order):
            if tile not in self.state:
                continue
            x, y = self.at(self.state.index(tile))
            a = self.add(Actor(f"f{tile}", [Rect(k, k, c - 2 * k, c - 2 * k, (255, 255, 255),
                                                 rx=max(0.0, c * 0.18 - k / 2))],
                               x, y, opacity=0.0))
            lo, mid, hi = (max(0.0, min(1.0, (j + d) / (n + 2))) for d in (0.0, 1.5, 3.0))
            keys += ramp(a, lo, mid, e, opacity=(0.0, 0.45)) + ramp(a, mid, hi, e,
                                                                     opacity=(0.45, 0.0))
        return keys


__all__ = ["TileVector"]
