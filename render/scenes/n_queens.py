"""The N-Queens scene: a chessboard where the backtracking search places and takes back
queens, then each solution in turn.

Squares attacked by the queens on the board are tinted, so the search's pruning can be
seen: a queen is only ever placed on an untinted square of the next row.  A placed queen
fades in, a removed one fades out in the theme's target colour.  Then the solutions fill
a montage: a grid of small boards, one added per solution, the newest outlined (at most
``MAX_SOLUTIONS`` of them, or the trace header's ``render.max_solutions`` hint), the whole
montage lasting at most ``MONTAGE_SECONDS``.

State: ``(mode, cols)`` where ``mode`` is "search" or "solution" and ``cols[row]`` is the
queen's column or -1 (for "solution", the solution's number is the step's ``move``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import replace

import cv2
import numpy as np

from puzzlereel.rules.n_queens import NQueensReplay
from puzzlereel.trace import Header, Place, Remove, Replay, Replayed, Solution
from puzzlereel.words import plural

from .. import draw as gfx
from ..options import RenderOptions
from ..scene import SceneBase, Step
from ..theme import RGB, Theme

FRAME = 0.32            # frame thickness, in cells
MAX_SOLUTIONS = 200     # solutions drawn by default (a 12-queens trace holds 14,200)
SEARCH_UNITS = 0.4      # a place/remove lasts this many `speed` units
SOLUTION_UNITS = 1.5    # each solution stays at most this long
MONTAGE_SECONDS = 25.0  # the whole montage of solutions lasts at most this long

State = tuple[str, tuple[int, ...]]


def attacked(cols: tuple[int, ...]) -> set[tuple[int, int]]:
    """Squares (row, col) attacked by the queens in ``cols`` (their own squares excluded)."""
    n = len(cols)
    out: set[tuple[int, int]] = set()
    for r, c in enumerate(cols):
        if c < 0:
            continue
        for k in range(n):
            out.add((r, k))
            out.add((k, c))
            for dr in (k, -k):
                if 0 <= r + dr < n:
                    for cc in (c + dr, c - dr):
                        if 0 <= cc < n:
                            out.add((r + dr, cc))
    return out - {(r, c) for r, c in enumerate(cols) if c >= 0}


def crown_mask(size: int) -> np.ndarray:
    """Coverage of a queen's crown filling a ``size`` x ``size`` box (anti-aliased)."""
    S = gfx.SS
    W = size * S
    big = np.zeros((W, W), np.uint8)

    def P(x: float, y: float) -> tuple[int, int]:
        return (int(round(x * W)), int(round(y * W)))

    body = np.array([P(0.20, 0.78), P(0.14, 0.34), P(0.33, 0.56), P(0.50, 0.26),
                     P(0.67, 0.56), P(0.86, 0.34), P(0.80, 0.78)], np.int32)
    cv2.fillPoly(big, [body], 255, lineType=cv2.LINE_8)
    cv2.rectangle(big, P(0.17, 0.80), P(0.83, 0.90), 255, -1)
    for cx, cy in ((0.14, 0.30), (0.50, 0.21), (0.86, 0.30)):
        cv2.circle(big, P(cx, cy), int(round(0.065 * W)), 255, -1, lineType=cv2.LINE_8)
    return cv2.resize(big, (size, size), interpolation=cv2.INTER_AREA)


# a motion of the search: ("place" / "remove", row, column)
Placing = tuple[str, int, int]



def montage_grid(count: int, width: int, height: int, n: int
                 ) -> tuple[int, int, int, int, int, int]:
    """Where ``count`` small n x n boards sit in a ``width`` x ``height`` montage: a square
    grid of ``cols`` columns (2x2, 3x3, ... as solutions arrive), ``gap`` pixels apart,
    squares of ``sq`` pixels (boards of ``size``), the grid's top-left at (``x0``, ``y0``).
    The video and the animated SVG both lay their montage out with it."""
    cols = rows = math.ceil(math.sqrt(max(count, 1)))
    gap = max(1, width // 120)
    size = max(2, min((width - gap) // cols - gap, (height - gap) // rows - gap))
    sq = max(1, size // n)
    size = sq * n
    x0 = (width - cols * (size + gap) + gap) // 2
    y0 = (height - rows * (size + gap) + gap) // 2
    return cols, gap, sq, size, x0, y0


class NQueensScene(SceneBase[State, Placing]):
    """Draws n-queens traces: the search (place/remove) and then the solutions."""

    counter_word = "Step"
    PACING = {"speed": 0.25, "pause": 0.0, "hold_start": 1.0, "hold_end": 2.0}

    def goal_sentence(self) -> str:
        return (f"Place {self.n} queens on a {self.n}×{self.n} board so that no two attack "
                "each other (same row, column or diagonal); find every way.")

    def notation(self, step: Step[State, Placing]) -> str:
        if step.data is not None:
            kind, row, col = step.data
            return f"{kind} row {row + 1}, column {col + 1}"
        mode, cols = step.after
        if mode == "solution":
            return " ".join(str(c + 1) for c in cols)
        return ""

    def retime(self, steps: list[Step[State, Placing]]) -> list[Step[State, Placing]]:
        """The montage's steps share ``MONTAGE_SECONDS`` (each at most ``SOLUTION_UNITS``)."""
        count = sum(1 for s in steps if s.after[0] == "solution")
        if not count:
            return steps
        self.total_shown = count
        units = min(SOLUTION_UNITS, MONTAGE_SECONDS / (self.options.speed * count))
        return [replace(s, units=units) if s.after[0] == "solution" else s for s in steps]

    def end_text(self, count: int) -> str:
        if self.counter_word == "Step":
            return f"{count} {plural('step', count)}"
        more = " shown" if self.shown >= self.max_solutions else ""
        return f"{count} {plural('solution', count)}{more}"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.n = NQueensReplay(header).n      # parses and checks the header's fields
        limit = header.render.get("max_solutions") if isinstance(header.render, dict) else None
        self.max_solutions = (limit if isinstance(limit, int) and not isinstance(limit, bool)
                              and limit >= 0 else MAX_SOLUTIONS)
        self.cols: tuple[int, ...] = (-1,) * self.n
        self.steps = 0
        self.shown = 0
        self.total_shown = 0
        self.solutions: list[tuple[int, ...]] = []
        self.light = theme.board
        self.dark = gfx.mix(theme.board, theme.frame, 0.4)
        self.tint = gfx.mix(theme.board, theme.target, 0.28)
        self.tint_dark = gfx.mix(self.dark, theme.target, 0.28)
        self.queen = theme.text
        self.solved = theme.goal
        self.leaving = theme.target
        self.cell = 0
        self.frame_px = 0
        self._cache = gfx.Recent(4)
        self._crowns: dict[tuple[str, int], gfx.Sprite] = {}

    # ---------------------------------------------------------------- interface

    def extent(self) -> tuple[float, float]:
        return (self.n + 2 * FRAME, self.n + 2 * FRAME)

    def initial(self) -> State:
        return ("search", (-1,) * self.n)

    def advance(self, item: Replayed, replay: Replay) -> Iterable[Step[State, Placing]]:
        ev = item.applied
        if isinstance(ev, (Place, Remove)):
            before: State = ("search", self.cols)
            cols = list(self.cols)
            cols[ev.row] = ev.col if isinstance(ev, Place) else -1
            self.cols = tuple(cols)
            self.steps += 1
            self.counter_word = "Step"
            kind = "place" if isinstance(ev, Place) else "remove"
            return (Step(before, ("search", self.cols), move=self.steps, segments=1,
                         units=SEARCH_UNITS, pause=False, sheet=False,
                         data=(kind, ev.row, ev.col)),)
        if isinstance(ev, Solution) and ev.cols is not None:
            if self.shown >= self.max_solutions:
                return ()
            self.shown += 1
            self.counter_word = "Solution"
            self.solutions.append(tuple(ev.cols))
            after: State = ("solution", tuple(ev.cols))
            return (Step(after, after, move=self.shown, segments=0, units=SOLUTION_UNITS,
                         pause=False, data=None),)
        return ()

    def colours(self) -> list[RGB]:
        t = self.theme
        out = [t.background, t.frame, self.light, self.dark, self.tint, self.tint_dark,
               self.queen, gfx.darker(self.queen), self.solved, gfx.darker(self.solved),
               self.leaving, t.text, t.muted, t.accent, t.highlight]
        return list(dict.fromkeys(out))

    def prepare(self, cell: int) -> tuple[int, int]:
        self.cell = cell
        self.frame_px = fp = max(2, round(FRAME * cell))
        W = H = self.n * cell + 2 * fp
        self._cache.clear()
        self.background = self._frame(W, H)
        size = max(4, int(round(cell * 0.84)))
        mask = crown_mask(size)
        border = max(1.0, cell * 0.05)
        self.offset = (cell - size) // 2
        self.sprites = {
            "queen": gfx.block_sprite(mask, self.queen, gfx.darker(self.queen, 0.5), border,
                                      shine=0.0),
            "solved": gfx.block_sprite(mask, self.solved, gfx.darker(self.solved), border,
                                       shine=0.0),
            "leaving": gfx.block_sprite(mask, self.leaving, gfx.darker(self.leaving), border,
                                        shine=0.0),
        }
        return W, H

    def draw(self, out: np.ndarray, step: Step[State, Placing], p: float) -> None:
        if step.after[0] == "solution" and (step.move or self.shown):
            # a solution, or the final hold: the montage of every solution shown
            np.copyto(out, self._montage(step.move or self.shown))
            return
        if step.segments <= 0 or step.data is None:
            np.copyto(out, self._composite(step.after if p >= 1.0 or step.segments <= 0
                                           else step.before))
            return
        kind, row, col = step.data
        p = min(max(p, 0.0), 1.0)
        if kind == "place":
            # the board before, then the new queen fading in
            np.copyto(out, self._composite(step.before))
            alpha = p
            sprite = self.sprites["queen"]
        else:
            np.copyto(out, self._composite(step.after))
            alpha = 1.0 - p
            sprite = self.sprites["leaving"]
        rgb, mask = sprite
        faded = (mask.astype(np.float32) * alpha + 0.5).astype(np.uint8)
        x = self.frame_px + col * self.cell + self.offset
        y = self.frame_px + row * self.cell + self.offset
        gfx.blit(out, (rgb, faded), x, y)

    # ---------------------------------------------------------------- drawing

    def _frame(self, W: int, H: int) -> np.ndarray:
        t = self.theme
        img = np.empty((H, W, 3), np.uint8)
        gfx.fill(img, t.background)
        solid = np.empty_like(img)
        gfx.fill(solid, t.frame)
        gfx.blend(img, solid, gfx.rounded_mask(W, H, self.frame_px * 0.9))
        return img

    def _montage(self, k: int) -> np.ndarray:
        """The montage with solutions 1..k, the k-th outlined."""
        key = ("montage", k)
        img = self._cache.get(key)
        if img is not None:
            return img
        t = self.theme
        H, W = self.background.shape[:2]
        if k <= 1 and self.solutions:      # the first solution fills the board
            return self._cache.put(key, self._composite(("solution", self.solutions[0])))
        # the grid zooms out as solutions arrive: 2x2, then 3x3... (the boards keep
        # their places until the grid next grows)
        cols, gap, sq, size, x0, y0 = montage_grid(k, W, H, self.n)
        img = np.empty((H, W, 3), np.uint8)
        gfx.fill(img, t.background)
        for i, sol in enumerate(self.solutions[:k]):
            r, c = divmod(i, cols)
            x, y = x0 + c * (size + gap), y0 + r * (size + gap)
            mini = img[y:y + size, x:x + size]
            for rr in range(self.n):
                for cc in range(self.n):
                    mini[rr * sq:(rr + 1) * sq, cc * sq:(cc + 1) * sq] = (
                        self.dark if (rr + cc) % 2 else self.light)
            crown = self._mini_crown(sq)
            for rr, cc in enumerate(sol):
                if crown is not None:
                    off = (sq - crown[1].shape[0]) // 2
                    gfx.blit(mini, crown, cc * sq + off, rr * sq + off)
                    continue
                m = max(0, sq // 6)
                mini[rr * sq + m:(rr + 1) * sq - m, cc * sq + m:(cc + 1) * sq - m] = self.solved
            if i == k - 1:
                w = max(1, gap)
                ys, xs = max(0, y - w), max(0, x - w)
                gfx.fill(img[ys:y, xs:x + size + w], t.highlight)
                gfx.fill(img[y + size:y + size + w, xs:x + size + w], t.highlight)
                gfx.fill(img[ys:y + size + w, xs:x], t.highlight)
                gfx.fill(img[ys:y + size + w, x + size:x + size + w], t.highlight)
        return self._cache.put(key, img)

    def _mini_crown(self, sq: int) -> gfx.Sprite | None:
        """A solved queen's crown for a montage square of ``sq`` pixels (None when too
        small to read: a plain square then)."""
        if sq < 12:
            return None
        key = ("crown", sq)
        cached = self._crowns.get(key)
        if cached is None:
            size = max(4, int(round(sq * 0.84)))
            cached = gfx.block_sprite(crown_mask(size), self.solved, gfx.darker(self.solved),
                                      max(1.0, sq * 0.05), shine=0.0)
            self._crowns[key] = cached
        return cached

    def _composite(self, state: State) -> np.ndarray:
        img = self._cache.get(state)
        if img is not None:
            return img
        mode, cols = state
        img = self.background.copy()
        c, fp = self.cell, self.frame_px
        hit = attacked(cols) if mode == "search" else set()
        for r in range(self.n):
            for k in range(self.n):
                dark = (r + k) % 2 == 1
                if (r, k) in hit:
                    colour = self.tint_dark if dark else self.tint
                else:
                    colour = self.dark if dark else self.light
                gfx.fill(img[fp + r * c:fp + (r + 1) * c, fp + k * c:fp + (k + 1) * c], colour)
        sprite = self.sprites["solved" if mode == "solution" else "queen"]
        for r, k in enumerate(cols):
            if k >= 0:
                gfx.blit(img, sprite, fp + k * c + self.offset, fp + r * c + self.offset)
        return self._cache.put(state, img)


__all__ = ["NQueensScene", "attacked", "crown_mask", "montage_grid"]
