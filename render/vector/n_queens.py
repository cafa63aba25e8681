"""N queens as vector shapes: the search on a chessboard (each queen fading in as it is
placed, or out in the target colour as it is taken back, the squares the queens attack
tinted), then the solutions as a montage of small boards, one added per solution, the
newest outlined.

Colours, frame, queen size and the montage's grid are the raster scene's
(``render/scenes/n_queens.py``); the grid is laid out once the number of solutions
shown is known, at the end of the trace.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.trace import Place, Remove, Replay, Replayed, Solution

from .. import draw as gfx
from ..core import AnyStep
from ..scenes.n_queens import NQueensScene, attacked, montage_grid
from ..theme import RGB
from .family import Actor, Key, VectorScene, ramp
from .shapes import Group, Path, Rect, Shape, hexcolour, num

# the crown's outline in a unit box: the body's points, the band, the three balls
CROWN_BODY = ((0.20, 0.78), (0.14, 0.34), (0.33, 0.56), (0.50, 0.26), (0.67, 0.56),
              (0.86, 0.34), (0.80, 0.78))
CROWN_BAND = (0.17, 0.80, 0.83, 0.90)
CROWN_BALLS = ((0.14, 0.30), (0.50, 0.21), (0.86, 0.30))


def crown(x: float, y: float, size: float, fill: RGB, border: RGB, width: float) -> Path:
    """A queen's crown filling the ``size`` box at (x, y), as one path."""
    def p(u: float, v: float) -> str:
        return f"{num(x + u * size)} {num(y + v * size)}"

    d = "M" + "L".join(p(u, v) for u, v in CROWN_BODY) + "Z"
    a, b, c, e = CROWN_BAND
    d += f"M{p(a, b)}L{p(c, b)}L{p(c, e)}L{p(a, e)}Z"
    r = 0.065 * size
    for u, v in CROWN_BALLS:
        cx, cy = x + u * size, y + v * size
        d += (f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
              f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0Z")
    return Path(d, fill, border, width)


class QueensVector(VectorScene):
    """N-queens traces: the backtracking search, then the solutions."""

    raster: NQueensScene

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        r, c = self.raster, self.cell
        self.n = r.n
        self.fp = r.frame_px
        W = self.n * c + 2 * self.fp
        shapes: list[Shape] = [Rect(0, 0, W, W, self.theme.frame, rx=self.fp * 0.9)]
        for row in range(self.n):
            for col in range(self.n):
                colour = r.dark if (row + col) % 2 else r.light
                shapes.append(Rect(self.fp + col * c, self.fp + row * c, c, c, colour))
        self.board = self.add(Actor("b", shapes, self.ox, self.oy))
        self.cols: list[int] = [-1] * self.n
        self.tints: dict[tuple[int, int], int] = {}
        self.queens: dict[tuple[int, int], int] = {}
        self.leaving: dict[tuple[int, int], int] = {}
        self.shown_tints: set[tuple[int, int]] = set()
        self.visible: set[int] = set()          # search actors showing now
        self.minis: list[tuple[int, int, tuple[int, ...]]] = []   # (board, outline, cols)
        self.montage = False

    def square(self, row: int, col: int) -> tuple[float, float]:
        return (self.ox + self.fp + col * self.cell, self.oy + self.fp + row * self.cell)

    def tint(self, sq: tuple[int, int]) -> int:
        a = self.tints.get(sq)
        if a is None:
            r = self.raster
            colour = r.tint_dark if sum(sq) % 2 else r.tint
            x, y = self.square(*sq)
            a = self.tints[sq] = self.add(Actor(f"t{len(self.actors)}", [
                Rect(0, 0, self.cell, self.cell, colour)], x, y, opacity=0.0))
        return a

    def queen(self, sq: tuple[int, int], leaving: bool) -> int:
        table = self.leaving if leaving else self.queens
        a = table.get(sq)
        if a is None:
            r, c = self.raster, self.cell
            size = max(4, int(round(c * 0.84)))
            off = (c - size) // 2
            fill = r.leaving if leaving else r.queen
            border = gfx.darker(fill, 0.5) if fill == r.queen else gfx.darker(fill)
            x, y = self.square(*sq)
            a = table[sq] = self.add(Actor(f"q{len(self.actors)}", [
                crown(off, off, size, fill, border, max(1.0, c * 0.05))], x, y, opacity=0.0))
        return a

    def show(self, actor: int, on: bool) -> list[Key]:
        """Keys switching ``actor`` on or off as the step starts."""
        if on == (actor in self.visible):
            return []
        if on:
            self.visible.add(actor)
        else:
            self.visible.discard(actor)
        return [Key(actor, 0.0, opacity=0.0 if on else 1.0),
                Key(actor, 0.0, opacity=1.0 if on else 0.0)]

    def tints_to(self, cols: Sequence[int]) -> list[Key]:
        want = attacked(tuple(cols))
        keys: list[Key] = []
        for sq in sorted(want | self.shown_tints):
            keys += self.show(self.tint(sq), sq in want)
        self.shown_tints = set(want)
        return keys

    def advance(self, item: Replayed, replay: Replay, steps: Sequence[AnyStep]) -> list[Key]:
        ev = item.applied
        if not steps:
            return []
        e = self.options.easing
        if isinstance(ev, (Place, Remove)):
            before = list(self.cols)
            self.cols[ev.row] = ev.col if isinstance(ev, Place) else -1
            sq = (ev.row, ev.col)
            if isinstance(ev, Place):
                self.note = f"place row {ev.row + 1}, column {ev.col + 1}"
                keys = self.tints_to(before)
                q = self.queen(sq, False)
                self.visible.add(q)
                return keys + ramp(q, 0.0, 1.0, e, opacity=(0.0, 1.0))
            self.note = f"remove row {ev.row + 1}, column {ev.col + 1}"
            keys = self.tints_to(self.cols) + self.show(self.queen(sq, False), False)
            return keys + ramp(self.queen(sq, True), 0.0, 1.0, e, opacity=(1.0, 0.0))
        if isinstance(ev, Solution) and ev.cols is not None:
            keys = []
            if not self.montage:
                self.montage = True
                keys += self.show(self.board, True) if self.board not in self.visible else []
                self.visible.add(self.board)
                for a in sorted(self.visible):
                    keys += [Key(a, 0.0, opacity=1.0), Key(a, 0.0, opacity=0.0)]
                self.visible.clear()
            board = self.add(Actor(f"m{len(self.actors)}", [], 0.0, 0.0, opacity=0.0))
            outline = self.add(Actor(f"o{len(self.actors)}", [], 0.0, 0.0, opacity=0.0))
            if self.minis:
                keys += [Key(self.minis[-1][1], 0.0, opacity=1.0),
                         Key(self.minis[-1][1], 0.0, opacity=0.0)]
            self.minis.append((board, outline, tuple(ev.cols)))
            keys += [Key(board, 0.0, opacity=0.0), Key(board, 0.0, opacity=1.0),
                     Key(outline, 0.0, opacity=0.0), Key(outline, 0.0, opacity=1.0)]
            self.note = " ".join(str(c + 1) for c in ev.cols)
            return keys
        return []

    def finish(self, final: object) -> list[Key]:
        """Lay out the montage now that the number of solutions shown is known."""
        if not self.minis:
            return []
        keys: list[Key] = []      # the hold shows the montage, the last board outlined
        r, t = self.raster, self.theme
        W = H = self.n * self.cell + 2 * self.fp
        count = max(getattr(r, "total_shown", 0), len(self.minis), 1)
        cols, gap, sq, size, x0, y0 = montage_grid(count, W, H, self.n)
        self.mini_square = sq
        m = max(0, sq // 6)
        for i, (board, outline, sol) in enumerate(self.minis):
            rr, cc = divmod(i, cols)
            x, y = self.ox + x0 + cc * (size + gap), self.oy + y0 + rr * (size + gap)
            marks = "".join(f"M{b * sq + m} {a * sq + m}h{sq - 2 * m}v{sq - 2 * m}"
                            f"h{2 * m - sq}Z" for a, b in enumerate(sol))
            self.actors[board].shapes = [Group([Rect(0, 0, size, size, "url(#ck)"),
                                                Path(marks, r.solved)], x=x, y=y)]
            w = max(1, gap)
            self.actors[outline].shapes = [Rect(x - w / 2, y - w / 2, size + w, size + w, None,
                                                stroke=t.highlight, stroke_width=w)]
        return keys

    def defs(self) -> str:
        """The small boards' chequer, one pattern for all of them."""
        sq = getattr(self, "mini_square", 0)
        if not self.minis or not sq:
            return ""
        r = self.raster
        return (f'<pattern id="ck" width="{2 * sq}" height="{2 * sq}" '
                f'patternUnits="userSpaceOnUse"><rect width="{2 * sq}" height="{2 * sq}" '
                f'fill="{hexcolour(r.light)}"/><path d="M{sq} 0h{sq}v{sq}h-{sq}ZM0 {sq}h{sq}'
                f'v{sq}h-{sq}Z" fill="{hexcolour(r.dark)}"/></pattern>')



__all__ = ["QueensVector", "crown"]
