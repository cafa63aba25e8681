"""Every solution of an equation puzzle at once, as a list set to fill a box: the picture
a komachi or oomachi video ends on.

An entry is one solution as lines (``1+2+3−4+5+6+78+9 = 100``, or an oomachi product
under its factors); a puzzle offers its entries in a few forms, the most complete
first.  The list takes the first form whose entries all fit the box at the frame's
legible size, in as many columns as sets them largest; when none does, it shows as
many entries of the last form as fit legibly and says how many more there are
("+ 5 more").  Lines are right-aligned in their column, so that the ``= 100`` of every
line stands in one column, never shortened, and set a glyph a text
(``equation_glyphs``), so that every format puts them where the raster does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlereel.ground.words import plural
from puzzlereel.render.film.shapes import Shape
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.film.typeset import text_width
from puzzlereel.render.scenes.equation_glyphs import line_glyphs

SOLUTION_LEADING = 1.3          # a line's height, in multiples of its size
ENTRY_GAP = 0.5     # between entries of several lines, in lines
COLUMN_GAP = 1.2    # between columns, in multiples of the size
MOST_COLUMNS = 4
BOLD = False       # the regular weight: a line of solutions as wide as it can stand

Entry = tuple[str, ...]      # one solution's lines


@dataclass(frozen=True)
class Listing:
    """The entries a list shows (the last may be "+ k more"), its size and columns."""

    entries: tuple[Entry, ...]
    px: int
    columns: int

    @property
    def rows(self) -> int:
        return math.ceil(len(self.entries) / self.columns)


def more(k: int) -> Entry:
    """The entry that stands for ``k`` solutions left out."""
    return (f"+ {k} more",)


def counted(k: int) -> Entry:
    """The entry that stands for all ``k`` solutions, where none fits."""
    return (f"{k} {plural('solution', k)}",)


def listing(forms: Sequence[Sequence[Entry]], width: int, height: int, legible: int,
            largest: int) -> Listing:
    """The list of one of ``forms`` (each: every solution as an entry) in ``width`` x
    ``height`` pixels, at most ``largest`` pixels, never under ``legible``."""
    for entries in forms:
        best = _best(entries, width, height, largest)
        if best is not None and best.px >= legible:
            return best
    return _as_many(forms[-1], width, height, legible)


def _block(entries: Sequence[Entry], px: int, columns: int) -> tuple[int, int]:
    """The width and height of ``entries`` set at ``px`` in ``columns``."""
    rows = math.ceil(len(entries) / columns)
    per = max(len(e) for e in entries)
    widest = max(text_width(line, px, BOLD) for e in entries for line in e)
    gap = ENTRY_GAP if per > 1 else 0.0
    h = math.ceil(px * (rows * per * SOLUTION_LEADING + (rows - 1) * gap * SOLUTION_LEADING))
    w = columns * widest + math.ceil((columns - 1) * COLUMN_GAP * px)
    return w, h


def _fits(entries: Sequence[Entry], px: int, columns: int, width: int, height: int) -> bool:
    w, h = _block(entries, px, columns)
    return w <= width and h <= height


def _largest(entries: Sequence[Entry], columns: int, width: int, height: int,
             largest: int) -> int:
    """The largest size (at most ``largest``) that sets ``entries`` in ``columns`` within
    the box (0: none)."""
    w, h = _block(entries, 100, columns)
    px = min(largest, int(100 * min(width / max(1, w), height / max(1, h))) + 1)
    while px > 0 and not _fits(entries, px, columns, width, height):
        px -= 1
    return px


def _best(entries: Sequence[Entry], width: int, height: int,
          largest: int) -> Listing | None:
    """``entries`` in the number of columns that sets them largest (None: no entries)."""
    if not entries:
        return None
    options = [Listing(tuple(entries), _largest(entries, k, width, height, largest), k)
               for k in range(1, min(MOST_COLUMNS, len(entries)) + 1)]
    return max(options, key=lambda o: (o.px, -o.columns))


def _as_many(entries: Sequence[Entry], width: int, height: int, legible: int) -> Listing:
    """As many of ``entries`` as fit at ``legible``, the last place saying how many are
    left out."""
    for keep in range(len(entries) - 1, 0, -1):
        shown = (*entries[:keep], more(len(entries) - keep))
        for k in range(1, MOST_COLUMNS + 1):
            if _fits(shown, legible, k, width, height):
                return Listing(shown, legible, k)
    return Listing((counted(len(entries)),), legible, 1)


def list_shapes(made: Listing, x: int, y: int, width: int, height: int,
                colours: Sequence[RGB]) -> list[Shape]:
    """The texts of ``made`` in the middle of the box from (``x``, ``y``); ``colours``:
    an entry's lines' colours, the last repeated for further lines."""
    px = made.px
    w, h = _block(made.entries, px, made.columns)
    widest = (w - math.ceil((made.columns - 1) * COLUMN_GAP * px)) // made.columns
    step = widest + math.ceil(COLUMN_GAP * px)
    per = max(len(e) for e in made.entries)
    entry_h = px * SOLUTION_LEADING * (per + (ENTRY_GAP if per > 1 else 0.0))
    left, top = x + (width - w) // 2, y + (height - h) // 2
    out: list[Shape] = []
    for i, entry in enumerate(made.entries):
        column, row = divmod(i, made.rows)
        right = left + column * step + widest
        for j, line in enumerate(entry):
            colour = colours[min(j, len(colours) - 1)]
            cy = top + row * entry_h + (j + 0.5) * px * SOLUTION_LEADING
            out += line_glyphs(line, px, round(cy), [colour] * len(line),
                               right - text_width(line, px, BOLD), BOLD)
    return out


__all__ = ["Entry", "Listing", "list_shapes", "listing", "more"]
