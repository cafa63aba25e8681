"""The N-Queens scene: a chessboard where the backtracking search places and takes back
queens, then each solution in turn.

Squares attacked by the queens on the board are tinted, so the search's pruning can be
seen: a queen is only ever placed on an untinted square of the next row.  A placed queen
fades in (the squares it attacks are tinted once it stands), a removed one fades out in
the theme's target colour.  The first solution fills the board, its queens in the goal
colour.  From the second on, the solutions fill a montage: a grid of small boards, one
added per solution, the newest outlined, the grid growing 2x2, 3x3... as solutions
arrive (each growth moves and shrinks the boards already there); at most
``MAX_SOLUTIONS`` of them, or the trace header's ``render.max_solutions`` hint, the
whole montage lasting at most ``MONTAGE_SECONDS``.

Every square that ever holds a queen has one element showing the queen of the search,
the leaving one or the solved one; every square ever attacked one tint.  The montage is
laid out by ``retime``, once the number of solutions shown is known: every small board
is one element drawn at the size of the last grid (crisp where the video ends, and the
same picture for all boards at any size) and scaled up while the grid is smaller; its
chequer is one pattern in SVG and its queens plain squares (rectangles, which the
raster fills from their exact edges), so a board is a few hundred bytes and about a
millisecond to draw at each size.
"""

from __future__ import annotations

import math
from dataclasses import replace

from puzzlereel.rules.n_queens import NQueensReplay
from puzzlereel.trace import Header, Place, Remove, Replay, Replayed, Solution
from puzzlereel.words import plural

from ..draw import darker, mix
from ..film import Element
from ..options import RenderOptions
from ..scene import Beat, BeatSound, SceneBase, Stage, Tween, fade, show, switch
from ..shapes import Chequer, Rect, Shape, group
from ..theme import Theme
from .crown import crown, crown_box

FRAME = 0.32            # frame thickness, in cells
MAX_SOLUTIONS = 200     # solutions drawn by default (a 12-queens trace holds 14,200)
SEARCH_UNITS = 0.4      # a place/remove lasts this many `speed` units
SOLUTION_UNITS = 1.5    # each solution stays at most this long
MONTAGE_SECONDS = 25.0  # the whole montage of solutions lasts at most this long
TINT = 0.1              # a placed queen's tints fade in over this last share of the step

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


def montage_grid(count: int, width: int, height: int, n: int
                 ) -> tuple[int, int, int, int, int, int]:
    """Where ``count`` small n x n boards sit in a ``width`` x ``height`` montage: a square
    grid of ``cols`` columns (2x2, 3x3, ... as solutions arrive), ``gap`` pixels apart,
    squares of ``sq`` pixels (boards of ``size``), the grid's top-left at (``x0``, ``y0``)."""
    cols = rows = math.ceil(math.sqrt(max(count, 1)))
    gap = max(1, width // 120)
    size = max(2, min((width - gap) // cols - gap, (height - gap) // rows - gap))
    sq = max(1, size // n)
    size = sq * n
    x0 = (width - cols * (size + gap) + gap) // 2
    y0 = (height - rows * (size + gap) + gap) // 2
    return cols, gap, sq, size, x0, y0


Grid = tuple[int, int, int, int, int, int]     # montage_grid's answer


class _Mini:
    """A small board of the montage: its element and where and how large it shows now."""

    def __init__(self, element: Element, place: tuple[float, float], scale: float) -> None:
        self.element = element
        self.place = place
        self.scale = scale


class NQueensScene(SceneBase):
    """Draws n-queens traces: the search (place/remove) and then the solutions."""

    counter_word = "Step"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.n = NQueensReplay(header).n      # parses and checks the header's fields
        limit = header.render.get("max_solutions") if isinstance(header.render, dict) else None
        self.max_solutions = (limit if isinstance(limit, int) and not isinstance(limit, bool)
                              and limit >= 0 else MAX_SOLUTIONS)
        self.cols: tuple[int, ...] = (-1,) * self.n
        self.steps = 0
        self.shown = 0
        self.first: tuple[int, ...] = ()
        self.light = theme.board
        self.dark = mix(theme.board, theme.frame, 0.4)
        self.tint = mix(theme.board, theme.target, 0.28)
        self.tint_dark = mix(self.dark, theme.target, 0.28)
        self.queen = theme.text
        self.solved = theme.goal
        self.leaving = theme.target

    # ---------------------------------------------------------------- words

    def extent(self) -> tuple[float, float]:
        return (self.n + 2 * FRAME, self.n + 2 * FRAME)

    def goal_sentence(self) -> str:
        return (f"Place {self.n} queens on a {self.n}×{self.n} board so that no two attack "
                "each other (same row, column or diagonal); find every way.")

    def end_text(self, count: int) -> str:
        if self.counter_word == "Step":
            return f"{count} {plural('step', count)}"
        more = " shown" if self.shown >= self.max_solutions else ""
        return f"{count} {plural('solution', count)}{more}"

    def shown_count(self) -> int | None:
        return self.shown

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c, t = stage.cell, self.theme
        self.st = stage
        self.cell = c
        self.fp = fp = max(2, round(FRAME * c))
        self.width = W = self.n * c + 2 * fp
        self.board = stage.add("board", group([Rect(0, 0, W, W, t.frame, rx=fp * 0.9),
                                               Chequer(fp, fp, self.n, c, self.light,
                                                       self.dark)]), "under")
        size, off, border = crown_box(c)
        # one shape per look, shared by every square: one sprite each
        self.crowns = [crown(off, off, size, fill, edge, border) for fill, edge in (
            (self.queen, darker(self.queen, 0.5)), (self.leaving, darker(self.leaving)),
            (self.solved, darker(self.solved)))]
        self.tint_shapes = (Rect(0, 0, c, c, self.tint), Rect(0, 0, c, c, self.tint_dark))
        self.tints: dict[tuple[int, int], Element] = {}
        self.queens: dict[tuple[int, int], Element] = {}
        self.on: dict[Element, bool] = {self.board: True}
        self.look: dict[Element, int] = {}
        self.made: list[tuple[int, ...] | None] = []   # each beat's solution (None: search)
        self.minis: list[_Mini] = []
        self.outline: Element | None = None

    def _square(self, row: int, col: int) -> tuple[int, int]:
        return (self.fp + col * self.cell, self.fp + row * self.cell)

    def _tint(self, sq: tuple[int, int]) -> Element:
        el = self.tints.get(sq)
        if el is None:
            x, y = self._square(*sq)
            el = self.tints[sq] = self.st.add("tint", self.tint_shapes[sum(sq) % 2], "under",
                                              x=x, y=y, opacity=0.0)
        return el

    def _queen(self, sq: tuple[int, int]) -> Element:
        """The queen of square ``sq``: variants for the search, leaving and solved."""
        el = self.queens.get(sq)
        if el is None:
            x, y = self._square(*sq)
            el = self.queens[sq] = self.st.add("queen", self.crowns, x=x, y=y, opacity=0.0)
        return el

    # ---------------------------------------------------------------- tweens

    def _visible(self, el: Element, first: bool, then: bool | None = None) -> list[Tween]:
        """``el`` shown or not from the beat's start (``first``), then (``then``) by its
        end, fading over the last ``TINT`` of its progress; nothing when that changes
        nothing."""
        then = first if then is None else then
        was = self.on.get(el, el.opacity > 0)
        self.on[el] = then
        if was == first == then:
            return []
        if first == then:
            return [show(el, first)]
        a, b = float(first), float(then)
        return [Tween(el, "opacity", ((0.0, a), (1.0 - TINT, a), (1.0, b)))]

    def _looks(self, el: Element, k: int) -> list[Tween]:
        """``el`` showing its variant ``k`` from the beat's start (from the film's start
        when it has not shown yet)."""
        if self.look.get(el, el.shape) == k:
            return []
        self.look[el] = k
        if el not in self.on:
            el.shape = k
            return []
        return [switch(el, [(0.0, k)])]

    def _queens_at(self, squares: set[tuple[int, int]], look: int,
                   skip: tuple[int, int] | None = None) -> list[Tween]:
        """Queens showing ``look`` on ``squares`` and nowhere else (``skip`` aside)."""
        out: list[Tween] = []
        for sq in sorted(set(self.queens) | squares):
            if sq == skip:
                continue
            el = self._queen(sq)
            if sq in squares:
                out += self._looks(el, look)
            out += self._visible(el, sq in squares)
        return out

    # ---------------------------------------------------------------- beats

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        ev = item.applied
        if isinstance(ev, (Place, Remove)):
            before = self.cols
            place = isinstance(ev, Place)
            self.cols = tuple((ev.col if place else -1) if r == ev.row else c
                              for r, c in enumerate(before))
            self.steps += 1
            self.counter_word = "Step"
            self.made.append(None)
            kind = "place" if place else "remove"
            return [Beat(tuple(self._search(before, self.cols, (ev.row, ev.col), place)),
                         move=self.steps, word="Step", units=SEARCH_UNITS, pause=False,
                         sheet=False, note=f"{kind} row {ev.row + 1}, column {ev.col + 1}",
                         sounds=(BeatSound("pop", 0.5),) if place else ())]
        if isinstance(ev, Solution) and ev.cols is not None:
            if self.shown >= self.max_solutions:
                return []
            self.shown += 1
            self.counter_word = "Solution"
            solution = tuple(ev.cols)
            self.made.append(solution)
            tweens = self._first(solution) if self.shown == 1 else self._board_leaves()
            return [Beat(tuple(tweens), move=self.shown, word="Solution",
                         units=SOLUTION_UNITS, pause=False,
                         note=" ".join(str(c + 1) for c in solution),
                         sounds=(BeatSound("click"),))]
        return []

    def _search(self, before: tuple[int, ...], after: tuple[int, ...], sq: tuple[int, int],
                place: bool) -> list[Tween]:
        """A queen fading in on ``sq`` (the squares it attacks tinted once it stands), or
        fading out there in the leaving colour (the tints it made gone at once)."""
        out = self._visible(self.board, True)
        standing = {(r, c) for r, c in enumerate(after) if c >= 0} - {sq}
        out += self._queens_at(standing, 0, skip=sq)
        el = self._queen(sq)
        out += self._looks(el, 0 if place else 1)
        out.append(fade(el, 0.0, 1.0) if place else fade(el, 1.0, 0.0))
        self.on[el] = place
        first = attacked(before) if place else attacked(after)
        then = attacked(after)
        for square in sorted(set(self.tints) | first | then):
            out += self._visible(self._tint(square), square in first, square in then)
        return out

    def _first(self, cols: tuple[int, ...]) -> list[Tween]:
        """The first solution on the board itself, its queens in the goal colour."""
        self.first = cols
        out = self._visible(self.board, True)
        for el in self.tints.values():
            out += self._visible(el, False)
        return out + self._queens_at({(r, c) for r, c in enumerate(cols) if c >= 0}, 2)

    def _board_leaves(self) -> list[Tween]:
        """The board and all on it gone for the montage (which ``retime`` lays out)."""
        out = self._visible(self.board, False)
        for el in (*self.tints.values(), *self.queens.values()):
            out += self._visible(el, False)
        return out

    # ---------------------------------------------------------------- the montage

    def retime(self, beats: list[Beat]) -> list[Beat]:
        """The montage, now that the number of solutions shown is known: its small boards
        are drawn at the last grid's size (crisp where the video ends) and scaled up
        while the grid is smaller; and the solutions share ``MONTAGE_SECONDS`` (each at
        most ``SOLUTION_UNITS``)."""
        count = sum(1 for cols in self.made if cols is not None)
        if not count:
            return beats
        units = min(SOLUTION_UNITS, MONTAGE_SECONDS / (self.options.speed * count))
        self.last = montage_grid(count, self.width, self.width, self.n)
        self.grid = 0                       # the columns of the grid laid out last
        showing = False                     # whether the montage showed last
        out = []
        k = 0
        for beat, cols in zip(beats, self.made, strict=True):
            extra: list[Tween] = []
            if cols is None:
                if showing:
                    extra = self._montage_leaves()
                showing = False
            else:
                k += 1
                if k >= 2:
                    extra = self._montage_beat(k, cols, showing)
                    showing = True
            out.append(replace(beat, tweens=beat.tweens + tuple(extra),
                               units=beat.units if cols is None else units))
        return out

    def _montage_leaves(self) -> list[Tween]:
        """The montage gone for the search's board (a search step after a solution)."""
        out: list[Tween] = []
        for mini in self.minis:
            out += self._visible(mini.element, False)
        if self.outline is not None:
            out += self._visible(self.outline, False)
        return out

    def _montage_beat(self, k: int, cols: tuple[int, ...], showing: bool) -> list[Tween]:
        """Solution ``k`` (2 or more) joining the montage, the grid growing if need be."""
        out: list[Tween] = []
        if not showing:
            for mini in self.minis:
                out += self._visible(mini.element, True)
        grid = montage_grid(k, self.width, self.width, self.n)
        if grid[0] != self.grid:
            for i, mini in enumerate(self.minis):
                out += self._regrid(mini, i, grid)
            self.grid = grid[0]
        if not self.minis:              # the first solution joins the second
            out += self._add_mini(self.first, grid, 0)
        out += self._add_mini(cols, grid, k - 1)
        return out + self._outline_on(k - 1, grid)

    def _place(self, i: int, grid: Grid) -> tuple[float, float]:
        """The frame pixel of board ``i``'s top-left in ``grid``."""
        cols, gap, _, size, x0, y0 = grid
        r, c = divmod(i, cols)
        return self.st.at(x0 + c * (size + gap), y0 + r * (size + gap))

    def _add_mini(self, cols: tuple[int, ...], grid: Grid, i: int) -> list[Tween]:
        """Board ``i`` (solution ``cols``) appearing in ``grid``."""
        place, scale = self._place(i, grid), grid[2] / self.last[2]
        el = self.st.add("solution", self._marked(cols, self.last[2]), x=place[0] - self.st.x,
                         y=place[1] - self.st.y, opacity=0.0)
        el.scale = scale
        self.minis.append(_Mini(el, place, scale))
        return self._visible(el, True)

    def _marked(self, cols: tuple[int, ...], sq: int) -> Shape:
        """A solution as a small board of ``sq``-pixel squares (the last grid's) with
        plain marks, inset by a sixth of a square in whole pixels."""
        m = sq // 6
        return group([Chequer(0, 0, self.n, sq, self.light, self.dark),
                      *(Rect(c * sq + m, r * sq + m, sq - 2 * m, sq - 2 * m, self.solved)
                        for r, c in enumerate(cols) if c >= 0)])

    def _regrid(self, mini: _Mini, i: int, grid: Grid) -> list[Tween]:
        """Board ``i`` moved and scaled into ``grid`` as the beat starts."""
        el = mini.element
        out: list[Tween] = []
        place, scale = self._place(i, grid), grid[2] / self.last[2]
        if place != mini.place:
            mini.place = place
            out.append(Tween(el, "pos", ((0.0, place),), "linear"))
        if scale != mini.scale:
            mini.scale = scale
            out.append(Tween(el, "scale", ((0.0, scale),), "linear"))
        return out

    def _outline_on(self, i: int, grid: Grid) -> list[Tween]:
        """The newest board's outline: one element, a variant for each grid size."""
        if self.outline is None:
            looks = []
            for cols in range(2, self.last[0] + 1):
                _, gap, _, size, _, _ = montage_grid(cols * cols, self.width, self.width,
                                                     self.n)
                w = max(1, gap)
                looks.append(Rect(-w / 2, -w / 2, size + w, size + w, None,
                                  stroke=self.theme.highlight, stroke_width=w))
            x, y = self._place(i, grid)
            self.outline = self.st.add("newest", looks, "over", x=x - self.st.x,
                                       y=y - self.st.y, opacity=0.0)
        el = self.outline
        out = [Tween(el, "pos", ((0.0, self._place(i, grid)),), "linear")]
        return out + self._looks(el, grid[0] - 2) + self._visible(el, True)


__all__ = ["MAX_SOLUTIONS", "MONTAGE_SECONDS", "NQueensScene", "SEARCH_UNITS",
           "SOLUTION_UNITS", "attacked", "montage_grid"]
