"""The N-Queens scene's montage of solutions, and its geometry: the squares a set of
queens attacks, and the grid of a few small boards, apart from each other, inside the
board's square, as many across as keep their queens at least the frame's floor
(``queens_set.queen_floor``: about 2.3 % of its height).

``Montage`` lays out the solutions the video shows there (known once the trace has
ended): each place of the grid is one element whose variants are an empty board and the
solutions it holds in turn, so that a solution coming is a switch of variant; the newest
is outlined.  The scene's ``Shown`` book says what already shows, so a beat changes only
what differs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlereel.render.direction.scene.beats import Tween
from puzzlereel.render.direction.scene.shown import Shown
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Chequer, Rect, Shape, group
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.scenes.crown import crown_box

GRID = 3                # the montage shows at most GRID x GRID boards
MONTAGE_GAP = 0.06              # the space between the montage's boards, a share of its width
CROWN_LEAST = 10        # squares smaller than this (pixels) show a queen as a plain mark


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


@dataclass(frozen=True)
class Grid:
    """Where the montage's boards sit in a ``width``-pixel square: ``cols`` x ``cols``
    boards ``gap`` pixels apart (and from the edge), each framed by ``border`` pixels
    around ``n`` squares of ``sq`` pixels, the first board's squares at (``x0``,
    ``y0``)."""

    cols: int
    gap: int
    border: int
    sq: int
    x0: int
    y0: int
    n: int

    @property
    def size(self) -> int:
        """A board's squares' side, in pixels."""
        return self.sq * self.n

    def at(self, i: int) -> tuple[int, int]:
        """The top-left of board ``i``'s squares (row by row)."""
        r, c = divmod(i, self.cols)
        pitch = self.size + 2 * self.border + self.gap
        return self.x0 + c * pitch, self.y0 + r * pitch


def grid_cols(count: int, width: int, n: int, floor: int = 0) -> int:
    """The montage's columns (and rows) for ``count`` boards in a ``width``-pixel square:
    2 for up to four, else ``GRID``, fewer while a board's queens would be under
    ``floor`` pixels (1 at the least)."""
    cols = 2 if count <= 4 else GRID
    while cols > 1 and crown_box(_square(cols, width, n))[0] < floor:
        cols -= 1
    return cols


def _square(cols: int, width: int, n: int) -> int:
    """A board's square, in pixels, in a montage of ``cols`` across ``width`` pixels."""
    gap = max(2, round(width * MONTAGE_GAP))
    border = max(1, round(width * 0.012))
    return max(1, int(((width - (cols + 1) * gap) / cols - 2 * border) // n))


def montage_grid(count: int, width: int, n: int, floor: int = 0) -> Grid:
    """The montage of ``count`` boards of ``n`` x ``n`` squares in a ``width``-pixel
    square (``grid_cols``: queens of ``floor`` pixels at the least)."""
    cols = grid_cols(count, width, n, floor)
    gap = max(2, round(width * MONTAGE_GAP))
    border = max(1, round(width * 0.012))
    sq = _square(cols, width, n)
    pitch = sq * n + 2 * border + gap
    x0 = (width - (cols * pitch - gap)) // 2 + border
    return Grid(cols, gap, border, sq, x0, x0, n)


@dataclass(frozen=True)
class Look:
    """How a small board is drawn: its chequer's colours, its frame's, the queen in a
    square of ``sq`` pixels (a crown), and the plain square's colour where that is too
    small for a crown."""

    light: RGB
    dark: RGB
    frame: RGB
    highlight: RGB
    solved: RGB
    crown: Callable[[int], Shape]


class Montage:
    """The grid of small boards the solutions ``shown`` (their columns, in the order
    they come) take in turn: the k-th (from 0) goes to place k mod the grid's places."""

    def __init__(self, stage: Stage, shown: Sequence[tuple[int, ...]], width: int, n: int,
                 look: Look, floor: int = 0) -> None:
        self.stage, self.n, self.look = stage, n, look
        grid = self.grid = montage_grid(len(shown), width, n, floor)
        places = min(grid.cols ** 2, len(shown))
        held: list[list[tuple[int, ...]]] = [[] for _ in range(places)]
        self.at: list[tuple[int, int]] = []           # each solution's (place, variant)
        for k, cols in enumerate(shown):
            held[k % places].append(cols)
            self.at.append((k % places, len(held[k % places])))
        self.places: list[Element] = []
        for place, solutions in enumerate(held):
            x, y = grid.at(place)
            self.places.append(stage.add(
                "solution", [self.board(()), *(self.board(cols) for cols in solutions)],
                x=x, y=y, opacity=0.0))
        b = grid.border
        w = max(2, round(b * 0.8))
        ring = Rect(-b - w, -b - w, grid.size + 2 * (b + w), grid.size + 2 * (b + w), None,
                    stroke=look.highlight, stroke_width=w, rx=b + w)
        x, y = grid.at(0)
        self.outline = stage.add("newest", [ring], "over", x=x, y=y, opacity=0.0)

    def board(self, cols: tuple[int, ...]) -> Shape:
        """A solution as a small framed board, its queens crowns as the board's (an
        empty board for no columns)."""
        grid, look = self.grid, self.look
        sq, b = grid.sq, grid.border
        shapes: list[Shape] = [Rect(-b, -b, grid.size + 2 * b, grid.size + 2 * b, look.frame,
                                    rx=b),
                               Chequer(0, 0, self.n, sq, look.light, look.dark)]
        if sq >= CROWN_LEAST:
            queen = look.crown(sq)
            shapes += [group([queen], c * sq, r * sq) for r, c in enumerate(cols) if c >= 0]
        else:                   # too small for a crown's shape: the square in its colour
            shapes += [Rect(c * sq, r * sq, sq, sq, look.solved)
                       for r, c in enumerate(cols) if c >= 0]
        return group(shapes)

    def comes(self, k: int, book: Shown) -> list[Tween]:
        """Solution ``k`` (from 0 in ``shown``) on its board, the newest outlined."""
        place, variant = self.at[k]
        x, y = self.grid.at(place)
        return [*book.looks(self.places[place], variant),
                Tween(self.outline, "pos", ((0.0, self.stage.at(x, y)),), "linear"),
                *book.visible(self.outline, True)]

    def opens(self, book: Shown) -> list[Tween]:
        """Every board of the grid fading in over the first part of a beat, empty or
        holding the solution it last showed (the first solution in its place)."""
        place, variant = self.at[0]
        out = book.looks(self.places[place], variant)
        for el in self.places:
            out += book.fade(el, True, 0.0, 0.35)
        return out

    def leaves(self, book: Shown, fading: tuple[float, float] | None = None) -> list[Tween]:
        """The outline gone at once (no board is the newest any more), and every board
        at once or (``fading``) while the progress runs over that span."""
        out = book.visible(self.outline, False)
        for el in self.places:
            out += book.fade(el, False, *fading) if fading else book.visible(el, False)
        return out

    def showing(self, book: Shown) -> bool:
        return any(book.showing(el) for el in self.places)


__all__ = ["CROWN_LEAST", "GRID", "MONTAGE_GAP", "Grid", "Look", "Montage", "attacked", "grid_cols",
           "montage_grid"]
