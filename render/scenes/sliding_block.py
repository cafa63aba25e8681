"""The sliding-block scene: a framed board with its exit, rounded pieces that slide.

Pieces are coloured by shape class (pieces of one shape look alike, as the search treats
them; each further shape takes the next hue of ``theme.PIECE_ORDER``) or per piece from
the options / trace ``render.colors`` (or ``colours``); the goal piece takes the accent
colour.  The goal stays visible: its target cells are outlined with a dashed line drawn
*above* the pieces, and the exit is an opening in the frame with an arrow pointing out.
A move is one eased motion along its path; the moving piece's outline fades in and out
(it never changes the piece's size or place).  After the last move of a solved trace the
goal piece leaves through the exit (the payoff).  Sprites and the board are drawn once
per cell size; a frame is a copy of a cached composite (the board with the resting
pieces) plus one blit of the moving piece.
State: a tuple of piece top-left positions, in the header's piece order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import cv2
import numpy as np

from puzzlereel.rules.sliding_block import Layout
from puzzlereel.trace import BlockMove, Cell, Header, Replay, Replayed

from .. import draw as gfx
from ..draw import Rect
from ..options import RenderOptions, parse_colour
from ..scene import SceneBase, Step
from ..theme import PIECE_ORDER, RGB, Theme

FRAME = 0.32    # frame thickness, in cells
ARROW = 0.5     # room for an exit's arrow beyond the frame, in cells


def shape_class(cells: tuple[Cell, ...]) -> str:
    """"2x2", "2x1" (wide), "1x2" (tall), "1x1", "3x1"..., or "other" for polyominoes."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    if len(cells) != w * h:
        return "other"
    return f"{w}x{h}"


ARROWS = {(1, 0): "→", (-1, 0): "←", (0, 1): "↓", (0, -1): "↑"}
SIDES = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


Positions = tuple[Cell, ...]            # the state: every piece's top-left, header order
Slide = tuple[int, tuple[tuple[float, float], ...]]   # a motion: the piece's index, its route


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
        class_fill: dict[str, RGB] = {}
        spare = [c for c in PIECE_ORDER if c not in theme.pieces.values()]
        used = {theme.goal}
        for i, piece in enumerate(self.pieces):
            given = colours.get(piece.id)
            fill: RGB
            if isinstance(given, str):
                try:
                    fill = parse_colour(given, f"colors.{piece.id}")
                except ValueError:
                    given = None
            if not isinstance(given, str):
                if i in goal_ids:
                    fill = theme.goal
                else:
                    key = shape_class(piece.cells)
                    if key not in class_fill:
                        named = theme.pieces.get(key)
                        if named is None or named in used or key == "2x2":
                            free = [c for c in (*theme.pieces.values(), *spare)
                                    if c not in used and c != theme.goal]
                            named = free[0] if free else theme.pieces.get("other", theme.muted)
                        class_fill[key] = named
                        used.add(named)
                    fill = class_fill[key]
            self.fills.append(fill)
        self.goal_ids = goal_ids
        goal_piece = self.pieces[self.goals[0][0]] if self.goals else None
        self.goal_name = None if goal_piece is None else (
            goal_piece.label or f"{self.piece_word(self.goals[0][0]).lower()} piece")
        self.state: tuple[Cell, ...] = self.start
        self.cell = 0
        self.frame_px = 0
        self._cache = gfx.Recent(4)

    # ---------------------------------------------------------------- interface

    PACING = {"speed": 0.22, "pause": 0.1, "hold_start": 1.0, "hold_end": 1.5}

    def extent(self) -> tuple[float, float]:
        # room beyond the frame for the exit arrows
        m = {side: (ARROW if any(e.get("side") == side for e in self.exits) else 0.0)
             for side in SIDES}
        self.margin = (m["left"], m["top"])
        self.margin_far = (m["right"], m["bottom"])
        return (self.width + 2 * FRAME + m["left"] + m["right"],
                self.height + 2 * FRAME + m["top"] + m["bottom"])

    def goal_sentence(self) -> str:
        if not self.goals:
            return "Slide the pieces into the target layout."
        name = (self.goal_name or "the piece").lower()
        the = "" if name.startswith("the ") else "the "
        if self.exits:
            side = self.exits[0].get("side", "")
            where = {"bottom": "the gap at the bottom", "top": "the gap at the top",
                     "left": "the exit on the left", "right": "the exit on the right"}.get(
                side, "the exit")
            return f"Get {the}{name} out through {where}."
        return f"Slide {the}{name} to the marked target."

    def notation(self, step: Step[Positions, Slide]) -> str:
        if step.data is None:
            return ""
        i, path = step.data
        arrows = []
        for (ax, ay), (bx, by) in zip(path, path[1:], strict=False):
            arrows.append(ARROWS.get((_sign(bx - ax), _sign(by - ay)), "·"))
        return f"{self.piece_word(i)} {''.join(arrows)}"

    def piece_word(self, i: int) -> str:
        """What the move list calls piece ``i``: its label, else a word for its shape that
        a viewer can match on the board (piece ids are not drawn): "Small" (one cell),
        "Tall" / "Wide" (two cells), "Long" (a longer bar), "Big" (a larger square), the
        size of another rectangle ("2×3"), else its cell count ("4-cell")."""
        piece = self.pieces[i]
        if piece.label:
            return piece.label
        w, h, n = piece.w, piece.h, len(piece.cells)
        if n != w * h:
            return f"{n}-cell"
        if n == 1:
            return "Small"
        if min(w, h) == 1:
            return "Long" if n > 2 else ("Tall" if h > w else "Wide")
        return "Big" if w == h else f"{w}×{h}"

    def payoff(self, state: Positions) -> Step[Positions, Slide] | None:
        """The goal piece slides out through the exit (if it stands at one)."""
        if not self.goals or not self.exits:
            return None
        i = self.goals[0][0]
        piece = self.pieces[i]
        x, y = state[i]
        for ex in self.exits:
            dx, dy = SIDES.get(str(ex.get("side")), (0, 0))
            if (dx, dy) == (0, 0):
                continue
            off, length = ex.get("offset", 0), ex.get("length", 1)
            if not isinstance(off, int) or not isinstance(length, int):
                continue
            # it slides into the opening as far as the drawing has room (the frame and
            # the arrow's margin), fading out as it goes: never cut off by the edge
            dist = FRAME + ARROW
            if dy:
                fits = off <= x and x + piece.w <= off + length
                at_edge = (y + piece.h == self.height) if dy > 0 else y == 0
            else:
                fits = off <= y and y + piece.h <= off + length
                at_edge = (x + piece.w == self.width) if dx > 0 else x == 0
            if fits and at_edge:
                path = ((x, y), (x + dx * dist, y + dy * dist))
                return Step(state, state, move=None, segments=1, pause=False, sheet=False,
                            data=(-1 - i, path))
        return None

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
        out = [t.background, t.board, t.frame, t.text, t.muted, t.accent, t.target,
               t.highlight]
        for f in self.fills:
            out += [f, gfx.darker(f), t.on(f)]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.extent()
        self.cell = cell
        self.frame_px = fp = max(2, round(FRAME * cell))
        ml, mt = (round(m * cell) for m in self.margin)
        self.ox, self.oy = ml + fp, mt + fp       # the board's top-left cell, in pixels
        mr, mb = (round(m * cell) for m in self.margin_far)
        W = self.ox + self.width * cell + fp + mr
        H = self.oy + self.height * cell + fp + mb
        self.size = (W, H)
        self._cache.clear()
        inset = max(1.0, cell * 0.05)
        border = max(1.0, cell * 0.05)
        self.sprites: list[gfx.Sprite] = []
        self.lit: list[gfx.Sprite] = []
        self.lit_full: list[gfx.Sprite] = []     # piece and outline at full strength
        for piece, fill in zip(self.pieces, self.fills, strict=True):
            mask = gfx.mask_from_cells(list(piece.cells), cell, inset)
            sprite = gfx.block_sprite(mask, fill, gfx.darker(fill), border)
            if self.options.labels and piece.label:
                self._label(sprite, piece.label, fill)
            self.sprites.append(sprite)
            # the highlight: an outline of the same shape, inside its edge, faded in and out
            ring = cv2.subtract(mask, gfx.erode(mask, max(2, round(cell * 0.07))))
            self.lit.append(gfx.frozen((gfx.solid(mask.shape, self.theme.highlight), ring)))
            full = sprite[0].copy()
            gfx.blend(full, self.lit[-1][0], ring)
            self.lit_full.append((full, sprite[1]))
        # the target overlay, cropped to where it draws (blended on every frame)
        self.targets, self.targets_at = gfx.trim(gfx.frozen(self._target_overlay()))
        self.background = self._draw_board(W, H)
        return W, H

    def draw(self, out: np.ndarray, step: Step[Positions, Slide], p: float) -> None:
        if step.segments <= 0 or step.data is None:
            np.copyto(out, self._composite(step.after if p >= 1.0 else step.before, None))
            return
        np.copyto(out, self._composite(step.before, self._mover(step)))
        self._draw_mover(out, step, p, None)

    def redraw(self, out: np.ndarray, step: Step[Positions, Slide], p0: float,
               p: float) -> Rect | None:
        """Only the moving piece changes in a move (its outline, and the target drawn
        over it, stay inside its own box): the board without it is put back where the
        piece was and is, and the piece drawn there."""
        if step.segments <= 0 or step.data is None:
            return None
        i, path = self._mover(step), step.data[1]
        h, w = self.sprites[i][1].shape
        rect = gfx.restore(out, self._composite(step.before, i), (w, h),
                           self._at(path, p0), self._at(path, p))
        self._draw_mover(out, step, p, rect)
        return rect

    def _mover(self, step: Step[Positions, Slide]) -> int:
        assert step.data is not None
        i = step.data[0]
        return -1 - i if i < 0 else i

    def _draw_mover(self, out: np.ndarray, step: Step[Positions, Slide], p: float,
                    within: Rect | None) -> None:
        """The moving piece at ``p`` over the board without it (``within``: the part of
        ``out`` being redrawn, None for all of it)."""
        assert step.data is not None
        i, path = step.data
        leaving = i < 0
        i = -1 - i if leaving else i
        x, y = self._at(path, p)
        if leaving:     # out through the exit, fading as it goes (above the target)
            if within is None:
                gfx.blit(out, self.targets, *self.targets_at)
            else:
                gfx.blit_within(out, self.targets, *self.targets_at, within)
            gfx.blit(out, gfx.fade(self.sprites[i], min(1.0, 1.6 * (1.0 - p))), x, y)
            return
        glow = min(1.0, 5 * p, 5 * (1.0 - p)) if self.options.highlight else 0.0
        if glow >= 1.0:     # most of a move: the piece with its outline, one blend
            gfx.blit(out, self.lit_full[i], x, y)
        else:
            gfx.blit(out, self.sprites[i], x, y)
            if glow > 0:
                gfx.blit(out, gfx.fade(self.lit[i], glow), x, y)
        # the target outline stays above: redrawn only where the piece crossed it
        h, w = self.sprites[i][1].shape
        gfx.blit_within(out, self.targets, *self.targets_at, (x, y, w, h))

    def _at(self, path: tuple[tuple[float, float], ...], p: float) -> tuple[int, int]:
        """The moving piece's top-left pixel at progress ``p`` along its ``path``."""
        k = len(path) - 1
        s = min(max(p, 0.0), 1.0) * k
        j = min(int(s), k - 1)
        f = s - j
        (ax, ay), (bx, by) = path[j], path[j + 1]
        return (int(round(self.ox + (ax + (bx - ax) * f) * self.cell)),
                int(round(self.oy + (ay + (by - ay) * f) * self.cell)))

    # ---------------------------------------------------------------- drawing

    def _composite(self, state: tuple[Cell, ...], skip: int | None) -> np.ndarray:
        key = (state, skip)
        img = self._cache.get(key)
        if img is not None:
            return img
        img = self.background.copy()
        for i, (x, y) in enumerate(state):
            if i != skip:
                gfx.blit(img, self.sprites[i], self.ox + x * self.cell, self.oy + y * self.cell)
        gfx.blit(img, self.targets, *self.targets_at)
        return self._cache.put(key, img)

    def _target_overlay(self) -> gfx.Sprite:
        """The goal's target cells as a dashed outline with a thin halo, drawn above the
        pieces so that it reads over any colour."""
        c = self.cell
        W, H = self.size
        line = np.zeros((H, W), np.uint8)
        halo = np.zeros((H, W), np.uint8)
        for i, (gx, gy) in self.goals:
            piece = self.pieces[i]
            mask = gfx.mask_from_cells(list(piece.cells), c, max(1.0, c * 0.02))
            width = max(2, round(c * 0.045))
            dashed = gfx.dashed_outline(mask, width, max(4, round(c * 0.16)))
            x0, y0 = self.ox + gx * c, self.oy + gy * c
            h, w = mask.shape
            region = (slice(y0, y0 + h), slice(x0, x0 + w))
            line[region] = np.maximum(line[region], dashed)
            halo[region] = np.maximum(halo[region], gfx.dilate(dashed, max(1, width // 2)))
        rgb = np.empty((H, W, 3), np.uint8)
        gfx.fill(rgb, self.theme.board)
        on = line > 0
        rgb[on] = self.theme.target
        return rgb, np.maximum(line, halo)

    def _draw_board(self, W: int, H: int) -> np.ndarray:
        t, c, fp = self.theme, self.cell, self.frame_px
        img = np.empty((H, W, 3), np.uint8)
        gfx.fill(img, t.background)
        bx, by = self.ox - fp, self.oy - fp
        bw, bh = self.width * c + 2 * fp, self.height * c + 2 * fp
        img[by:by + bh, bx:bx + bw] = gfx.framed_board(bw, bh, fp, t.background, t.frame,
                                                        t.board)
        ox, oy = self.ox, self.oy
        for ex in self.exits:     # openings in the frame, with an arrow pointing out
            side = str(ex.get("side"))
            off = ex.get("offset", 0)
            length = ex.get("length", 1)
            if not isinstance(off, int) or not isinstance(length, int):
                continue
            if side in ("bottom", "top"):
                a, b = ox + off * c, ox + (off + length) * c
                y0 = oy + self.height * c if side == "bottom" else by
                gfx.fill(img[y0:y0 + fp, a:b], t.board)
                self._arrow(img, (a + b) / 2, oy + self.height * c + fp + ARROW * c / 2
                            if side == "bottom" else by - ARROW * c / 2, SIDES[side])
            elif side in ("left", "right"):
                a, b = oy + off * c, oy + (off + length) * c
                x0 = ox + self.width * c if side == "right" else bx
                gfx.fill(img[a:b, x0:x0 + fp], t.board)
                self._arrow(img, ox + self.width * c + fp + ARROW * c / 2
                            if side == "right" else bx - ARROW * c / 2, (a + b) / 2,
                            SIDES[side])
        for x, y in self.walls:
            gfx.fill(img[oy + y * c:oy + (y + 1) * c, ox + x * c:ox + (x + 1) * c], t.frame)
        return img

    def _arrow(self, img: np.ndarray, cx: float, cy: float, d: tuple[int, int]) -> None:
        """A filled triangle in the accent colour pointing along ``d``, centred at (cx, cy)."""
        c = self.cell
        size = ARROW * c * 0.8
        S = gfx.SS
        box = int(math.ceil(size)) + 2
        big = np.zeros((box * S, box * S), np.uint8)
        m = box * S / 2
        r = size * S / 2
        dx, dy = d
        tip = (m + dx * r, m + dy * r)
        base = (m - dx * r * 0.6, m - dy * r * 0.6)
        nx, ny = -dy, dx
        pts = np.array([tip, (base[0] + nx * r, base[1] + ny * r),
                        (base[0] - nx * r, base[1] - ny * r)], np.int32)
        cv2.fillPoly(big, [pts], 255)
        mask = cv2.resize(big, (box, box), interpolation=cv2.INTER_AREA)
        gfx.blit(img, (gfx.solid((box, box), self.theme.accent), mask),
                 int(round(cx - box / 2)), int(round(cy - box / 2)))

    def _label(self, sprite: gfx.Sprite, text: str, fill: RGB) -> None:
        rgb, alpha = sprite
        h, w = alpha.shape
        px = gfx.fit_text_px(text, int(w * 0.86), max(8, int(self.cell * 0.2)), bold=True)
        if px < 8:
            return
        gfx.draw_text(rgb, text, px, self.theme.on(fill), w // 2, h // 2, "mm", bold=True)


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


__all__ = ["SlidingBlockScene", "shape_class"]
