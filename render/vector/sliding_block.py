"""Sliding blocks as vector shapes: the framed board with its exits (an opening and an
arrow pointing out) and walls, one element per piece that slides along its route, and
the goal's target drawn as a dashed outline above the pieces.

Geometry and colours are the raster scene's (``render/scenes/sliding_block.py``): its
frame thickness, where its board starts, cell size, per-piece fills (shape classes,
``colors`` hints and options), label sizes and inks, and the inset and rounding of its
sprites.  The payoff is the raster scene's too: the goal piece leaves by its path.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.trace import BlockMove, Replay, Replayed

from .. import draw as gfx
from ..core import AnyStep
from ..scenes.sliding_block import SlidingBlockScene
from ..theme import RGB
from .family import Actor, Key, VectorScene, arrows, motion_keys, ramp
from .shapes import Path, Rect, Shape, Text, num, outline_path, rounded_box

SIDES = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


class BlockVector(VectorScene):
    """Hakoiri Musume, Klotski, Dad's puzzle, Rush Hour-like boards."""

    raster: SlidingBlockScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        r = self.raster
        self.fp = r.frame_px
        self.bx, self.by = self.ox + r.ox, self.oy + r.oy   # the board's first cell
        self.index = dict(r.index)
        self.state = list(r.start)
        c = self.cell
        self.inset = max(1.0, c * 0.05)
        self.border = max(1.0, c * 0.05)
        for i, (piece, fill) in enumerate(zip(r.pieces, r.fills, strict=True)):
            x, y = self.at(self.state[i])
            self.add(Actor(f"p{i}", self.piece_shapes(list(piece.cells), piece.label, fill),
                           x, y, data=(("piece", piece.id),),
                           glow=self.glow_shapes(list(piece.cells))))

    def at(self, cell: tuple[float, float]) -> tuple[float, float]:
        """The frame pixel of a board cell's top-left."""
        return (self.bx + cell[0] * self.cell, self.by + cell[1] * self.cell)

    def _radius(self, extra: float = 0.0) -> float:
        return max(0.0, self.cell * 0.18 - self.inset / 2 - extra)

    def piece_shapes(self, cells: list[tuple[int, int]], label: str | None,
                     fill: RGB) -> list[Shape]:
        c, k = self.cell, self.inset
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        out: list[Shape]
        if len(cells) == w * h:
            out = list(rounded_box(k, k, w * c - 2 * k, h * c - 2 * k, fill, gfx.darker(fill),
                                   self.border, self._radius()))
        else:
            b = self.border
            out = [Path(outline_path(cells, c, k + b / 2, self._radius(b / 2)), fill,
                        gfx.darker(fill), b)]
        if label and self.options.labels:
            px = gfx.fit_text_px(label, int((w * c - 2 * k) * 0.86), max(8, int(c * 0.2)),
                                 bold=True)
            if px >= 8:
                out.append(Text(w * c / 2, h * c / 2, label, px, self.theme.on(fill), bold=True))
        return out

    def glow_shapes(self, cells: list[tuple[int, int]]) -> list[Shape]:
        """The highlight: an outline of the piece's shape inside its edge."""
        if not self.options.highlight:
            return []
        c, k = self.cell, self.inset
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        bw = max(2, round(c * 0.07))
        colour = self.theme.highlight
        if len(cells) != w * h:
            return [Path(outline_path(cells, c, k + bw / 2, self._radius(bw / 2)), None,
                         colour, bw)]
        return [Rect(k + bw / 2, k + bw / 2, w * c - 2 * k - bw, h * c - 2 * k - bw, None,
                     rx=self._radius(bw / 2), stroke=colour, stroke_width=bw)]

    def statics(self) -> list[Shape]:
        r, t, c, fp = self.raster, self.theme, self.cell, self.fp
        bx, by = self.bx, self.by
        W, H = r.width * c, r.height * c
        out: list[Shape] = [Rect(bx - fp, by - fp, W + 2 * fp, H + 2 * fp, t.frame,
                                 rx=fp * 0.9),
                            Rect(bx, by, W, H, t.board)]
        size = 0.5 * c * 0.8          # the raster's ARROW * cell * 0.8
        for ex in r.exits:
            side, off, length = str(ex.get("side")), ex.get("offset", 0), ex.get("length", 1)
            if not isinstance(off, int) or not isinstance(length, int) or side not in SIDES:
                continue
            if side in ("bottom", "top"):
                a, b = bx + off * c, bx + (off + length) * c
                y0 = by + H if side == "bottom" else by - fp
                out.append(Rect(a, y0, b - a, fp, t.board))
                cy = by + H + fp + 0.25 * c if side == "bottom" else by - fp - 0.25 * c
                out.append(self.arrow((a + b) / 2, cy, SIDES[side], size))
            else:
                a, b = by + off * c, by + (off + length) * c
                x0 = bx + W if side == "right" else bx - fp
                out.append(Rect(x0, a, fp, b - a, t.board))
                cx = bx + W + fp + 0.25 * c if side == "right" else bx - fp - 0.25 * c
                out.append(self.arrow(cx, (a + b) / 2, SIDES[side], size))
        for x, y in r.walls:
            out.append(Rect(bx + x * c, by + y * c, c, c, t.frame))
        return out

    def arrow(self, cx: float, cy: float, d: tuple[int, int], size: float) -> Path:
        """A filled triangle in the accent colour pointing along ``d``."""
        r = size / 2
        dx, dy = d
        tip = (cx + dx * r, cy + dy * r)
        base = (cx - dx * r * 0.6, cy - dy * r * 0.6)
        nx, ny = -dy, dx
        pts = [tip, (base[0] + nx * r, base[1] + ny * r), (base[0] - nx * r, base[1] - ny * r)]
        d_attr = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in pts) + "Z"
        return Path(d_attr, self.theme.accent)

    def overlays(self) -> list[Shape]:
        """The goal's target: a dashed outline of the goal piece where it must end, with
        a thin halo in the board's colour, above the pieces."""
        r, c = self.raster, self.cell
        k = max(1.0, c * 0.02)
        width = max(2, round(c * 0.045))
        dash = max(4, round(c * 0.16))
        out: list[Shape] = []
        for i, (gx, gy) in r.goals:
            cells = list(r.pieces[i].cells)
            x, y = self.at((gx, gy))
            w = max(a for a, _ in cells) + 1
            h = max(b for _, b in cells) + 1
            for colour, sw in ((self.theme.board, width * 2), (self.theme.target, width)):
                if len(cells) == w * h:
                    shape: Shape = Rect(x + k + width / 2, y + k + width / 2,
                                        w * c - 2 * k - width, h * c - 2 * k - width, None,
                                        rx=max(0.0, c * 0.18 - k / 2 - width / 2),
                                        stroke=colour, stroke_width=sw, dash=dash)
                else:
                    shape = Path(outline_path(cells, c, k + width / 2,
                                              max(0.0, c * 0.18 - k / 2 - width / 2), x, y),
                                 None, colour, sw, dash=dash)
                out.append(shape)
        return out

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        move = item.applied
        if not isinstance(move, BlockMove) or not steps:
            return []
        i = self.index[move.piece]
        route = [self.state[i], *move.path]
        self.state[i] = move.path[-1]
        label = self.raster.pieces[i].label or move.piece
        self.note = f"{label} {arrows(route)}"
        return self.glow_keys(i) + motion_keys(i, [self.at(p) for p in route],
                                               self.options.easing)

    def finish(self, final: object) -> list[Key]:
        """The hold shows the raster's final state: every piece where it says (a piece
        that left the board stays away)."""
        keys: list[Key] = []
        if not isinstance(final, tuple) or len(final) != len(self.state):
            return keys
        r = self.raster
        for i, cell in enumerate(final):
            inside = 0 <= cell[0] < r.width and 0 <= cell[1] < r.height
            x, y = self.at(cell)
            keys += [Key(i, 0.0), Key(i, 0.0, x, y, opacity=1.0 if inside else 0.0)]
        return keys

    def payoff(self, step: AnyStep) -> list[Key]:
        """The goal piece slides out through the exit, fading as it goes."""
        if step.data is None:
            return []
        code, path = step.data
        i = -1 - code if code < 0 else code
        keys = motion_keys(i, [self.at(p) for p in path], self.options.easing)
        # as the raster: opacity min(1, 1.6 (1 - p)), full until p = 0.375
        return keys + ramp(i, 0.375, 1.0, self.options.easing, opacity=(1.0, 0.0))


__all__ = ["BlockVector"]
