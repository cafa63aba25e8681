"""The N-Queens video's ending: the set of its solutions, small boards in a grid.

A solution turned a quarter, a half or three quarters, or mirrored, is a solution
too: the solutions fall into **classes** (``classes``), each standing for the 8, 4 or 2
solutions its turns and mirrors make, and the first of each to come is its
**fundamental** solution (for 8 queens: 12 of them for 92).  The ending shows every
solution small in a grid when they all fit legibly ("All 10 solutions"), else the
fundamental ones, as many as fit legibly, each labelled with how many solutions it
stands for (``×8``), under a caption that says the count ("12 distinct × turns and
mirrors = 92", "4 of 1,787 distinct solutions"); where leaving the labels out shows
more boards and those shown all stand for one number, the caption says it once ("4 of
12 distinct, ×8 each").

``set_grid`` sizes the grid in the board's square: boards whose queens are at least
``queen_floor`` pixels (about the project's text floor), a caption line above them and,
when labelled, a label line under each; ``QueenSet`` adds its elements to the stage and
fades them in."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlereel.ground.words import plural
from puzzlereel.render.direction.scene.beats import Tween
from puzzlereel.render.direction.scene.shown import Shown
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Chequer, Rect, Shape, Text, group
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.film.typeset import CAP_HEIGHT

QUEEN_LEAST = 0.9       # a small board's queen: at least this share of the text's capitals
QUEEN_FILL = 0.95       # a small board's queen fills this share of its square
BORDER = 0.12           # a small board's frame, a share of its square
SET_GAP = 0.015             # the space between boards, a share of the square's width
MAX_COLS = 6            # the set's grid has at most this many columns (and rows)
SET_LEADING = 1.3              # a text line's height, a share of its size


def symmetries(cols: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The 8 boards a solution's turns and mirrors make (repeats included), itself
    first."""
    n = len(cols)
    out: list[tuple[int, ...]] = []
    board = cols
    for _ in range(4):
        out.append(board)
        out.append(tuple(n - 1 - c for c in board))                 # mirrored left-right
        turned = [0] * n
        for r, c in enumerate(board):                                # a quarter turn
            turned[c] = n - 1 - r
        board = tuple(turned)
    return out


@dataclass(frozen=True)
class Fundamental:
    """A class of solutions: the first of them to come and how many it stands for."""

    cols: tuple[int, ...]
    stands_for: int


def classes(solutions: Sequence[tuple[int, ...]]) -> list[Fundamental]:
    """The classes of ``solutions`` under turns and mirrors, in the order their first
    solution comes."""
    seen: dict[tuple[int, ...], int] = {}
    out: list[Fundamental] = []
    for cols in solutions:
        images = symmetries(cols)
        key = min(images)
        if key not in seen:
            seen[key] = len(out)
            out.append(Fundamental(cols, len(set(images))))
    return out


@dataclass(frozen=True)
class SetGrid:
    """``cols`` x ``rows`` boards of ``n`` squares of ``sq`` pixels framed by ``border``,
    ``gap`` apart, the first board's squares at (``x0``, ``y0``); a label line of
    ``label_h`` under each board and the caption's line of ``text_px`` text at ``caption_y``
    (its middle)."""

    cols: int
    rows: int
    n: int
    sq: int
    border: int
    gap: int
    x0: int
    y0: int
    label_h: int
    text_px: int
    caption_y: int

    @property
    def places(self) -> int:
        return self.cols * self.rows

    @property
    def outer(self) -> int:
        """A board's side with its frame."""
        return self.sq * self.n + 2 * self.border

    def at(self, i: int) -> tuple[int, int]:
        """The top-left of board ``i``'s squares (row by row)."""
        r, c = divmod(i, self.cols)
        return (self.x0 + c * (self.outer + self.gap),
                self.y0 + r * (self.outer + self.label_h + self.gap))


def queen_floor(legible: int) -> int:
    """The smallest queen of a small board, in pixels, for a frame whose smallest text is
    ``legible`` pixels: ``QUEEN_LEAST`` of its capitals (about 2.3 % of the frame's
    height); 0 without a floor."""
    return math.ceil(legible * CAP_HEIGHT * QUEEN_LEAST) if legible else 0


def queen_px(sq: int) -> int:
    """A small board's queen in squares of ``sq`` pixels."""
    return max(3, round(sq * QUEEN_FILL))


def set_grid(count: int, width: int, n: int, floor: int, text_px: int,
             labelled: bool) -> SetGrid | None:
    """The grid that shows the most of ``count`` boards in a ``width``-pixel square, the
    largest such (queens of at least ``floor`` pixels, a caption line above, a label
    line under each board when ``labelled``); None when not one board fits."""
    gap = max(2, round(width * SET_GAP))
    line = math.ceil(text_px * SET_LEADING)
    label_h = line if labelled else 0
    best: SetGrid | None = None
    for cols in range(1, MAX_COLS + 1):
        for rows in range(1, MAX_COLS + 1):
            grid = _sized(cols, rows, width, n, gap, line, label_h, text_px)
            if grid is None or queen_px(grid.sq) < floor or grid.sq < 2:
                continue
            shown = min(grid.places, count)
            if best is None or (shown, grid.sq) > (min(best.places, count), best.sq):
                best = grid
    return best


def _sized(cols: int, rows: int, width: int, n: int, gap: int, line: int, label_h: int,
           text_px: int) -> SetGrid | None:
    """A ``cols`` x ``rows`` grid's largest squares in the square (None: none fit)."""
    across = (width - (cols + 1) * gap) / cols
    down = (width - line - (rows + 1) * gap) / rows - label_h
    sq = int(min(across, down) / (n + 2 * BORDER))
    while sq >= 1:
        border = max(1, round(sq * BORDER))
        outer = sq * n + 2 * border
        w = cols * outer + (cols - 1) * gap
        h = line + gap + rows * (outer + label_h) + (rows - 1) * gap
        if w <= width - 2 * gap and h <= width - 2 * gap:
            x0 = (width - w) // 2 + border
            top = (width - h) // 2
            return SetGrid(cols, rows, n, sq, border, gap, x0, top + line + gap + border,
                           label_h, text_px, top + line // 2)
        sq -= 1
    return None


@dataclass(frozen=True)
class SetLook:
    """How the set is drawn: its boards' colours, its queen (``crown``: a crown in a
    box of that many pixels), its words' colours."""

    light: RGB
    dark: RGB
    frame: RGB
    text: RGB
    muted: RGB
    crown: Callable[[int], Shape]


def caption(count: int, total: int, fundamental: Sequence[Fundamental] | None,
            each: int = 0) -> list[str]:
    """The set's caption, longest first: ``count`` boards shown of ``total`` solutions,
    or of the ``fundamental`` ones (that they make the total said where they do;
    ``each``: the one number of solutions every board shown stands for, said once)."""
    if fundamental is None:
        if count >= total:
            return [f"All {total:,} {plural('solution', total)}", f"All {total:,}"]
        return [f"{count:,} of {total:,} {plural('solution', total)}", f"{count:,} of {total:,}"]
    k = len(fundamental)
    times = f", ×{each} each" if each else ""
    if count >= k:
        whole = sum(f.stands_for for f in fundamental) == total
        return ([f"{k:,} distinct × turns and mirrors = {total:,}"] if whole and not each
                else []) + [f"The {k:,} distinct solutions{times}", f"{k:,} distinct{times}"]
    return [f"{count:,} of {k:,} distinct solutions{times}", f"{count:,} of {k:,} distinct{times}",
            f"{count:,} of {k:,}{times}"]


@dataclass(frozen=True)
class Chosen:
    """The set to show: its grid, the boards (their columns) in the order they fill it,
    each one's label and the caption's wordings, longest first."""

    grid: SetGrid
    boards: Sequence[tuple[int, ...]]
    labels: Sequence[str]
    words: Sequence[str]


def choose(solutions: Sequence[tuple[int, ...]], width: int, n: int, floor: int,
           text_px: int) -> Chosen | None:
    """Every solution, when all fit legibly in the ``width``-pixel square; else the
    fundamental ones, as many as fit, each labelled with how many solutions it stands for
    (or, where that shows more boards, unlabelled when the boards shown all stand for one
    number, which the caption says); None when not one board fits."""
    total = len(solutions)
    grid = set_grid(total, width, n, floor, text_px, labelled=False)
    if grid is not None and grid.places >= total:
        return Chosen(grid, solutions, (), caption(total, total, None))
    fundamental = classes(solutions)
    boards = [f.cols for f in fundamental]
    options: list[Chosen] = []
    grid = set_grid(len(boards), width, n, floor, text_px, labelled=True)
    if grid is not None:
        count = min(grid.places, len(boards))
        options.append(Chosen(grid, boards, [f"×{f.stands_for}" for f in fundamental],
                              caption(count, total, fundamental)))
    grid = set_grid(len(boards), width, n, floor, text_px, labelled=False)
    if grid is not None:
        count = min(grid.places, len(boards))
        each = {f.stands_for for f in fundamental[:count]}
        if len(each) == 1:
            options.append(Chosen(grid, boards, (),
                                  caption(count, total, fundamental, each.pop())))
    best = max(options, key=lambda c: min(c.grid.places, len(c.boards)), default=None)
    return best


class QueenSet:
    """The set on the stage: a board an element, their labels with them, the caption
    one element; all hidden until ``shows``."""

    def __init__(self, stage: Stage, chosen: Chosen, look: SetLook) -> None:
        grid, boards, labels, words = chosen.grid, chosen.boards, chosen.labels, chosen.words
        self.grid, self.look = grid, look
        self.boards: list[Element] = []
        for i, cols in enumerate(boards[:grid.places]):
            x, y = grid.at(i)
            label = labels[i] if i < len(labels) else ""
            self.boards.append(stage.add("set", self.board(cols, label), x=x, y=y,
                                         opacity=0.0))
        said = next((w for w in words
                     if stage.text_px(w, stage.width - 2 * grid.gap, grid.text_px, True)), "")
        self.caption: Element | None = None
        if said:
            px = stage.text_px(said, stage.width - 2 * grid.gap, grid.text_px, True)
            self.caption = stage.add("set-caption", Text(stage.width / 2, grid.caption_y,
                                                         said, px, look.text, bold=True),
                                     opacity=0.0)
        self.said = said

    def board(self, cols: tuple[int, ...], label: str) -> Shape:
        """A solution as a small framed board, its queens crowns, its label under it."""
        grid, look = self.grid, self.look
        sq, b, size = grid.sq, grid.border, grid.sq * grid.n
        queen = queen_px(sq)
        off = (sq - queen) / 2
        shapes: list[Shape] = [Rect(-b, -b, size + 2 * b, size + 2 * b, look.frame, rx=b),
                               Chequer(0, 0, grid.n, sq, look.light, look.dark)]
        crown = look.crown(queen)
        shapes += [group([crown], c * sq + off, r * sq + off)
                   for r, c in enumerate(cols) if c >= 0]
        if label and grid.label_h:
            shapes.append(Text(size / 2, size + b + grid.label_h / 2, label, grid.text_px,
                               look.muted, bold=True))
        return group(shapes)

    def shows(self, book: Shown, p0: float, p1: float) -> list[Tween]:
        """Every board and the caption fading in while the progress runs p0 -> p1."""
        out: list[Tween] = []
        for el in (*self.boards, *((self.caption,) if self.caption else ())):
            out += book.fade(el, True, p0, p1)
        return out


__all__ = ["Chosen", "Fundamental", "QueenSet", "SetGrid", "SetLook", "caption", "choose",
           "classes", "queen_floor", "queen_px", "set_grid", "symmetries"]
