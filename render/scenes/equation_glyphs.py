"""Equations set as lines of glyphs for the equation cards (``equations``): an equation
as people write it (spaced operators, real − × ÷), and a line set one character at a
time.  Every character is a text of its own, placed by the bundled font's metrics
(``typeset.text_width``), so that a line's glyphs stand where the raster puts them in every
format, whatever widths a browser's font would give the line.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.render.film.shapes import Text
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.film.typeset import text_width
from puzzlereel.rules.notation import SYMBOLS, pretty

OPERATOR_GLYPHS = "+−×÷"


def line_glyphs(text: str, px: int, y: int, colours: Sequence[RGB], x: int,
                bold: bool = True) -> list[Text]:
    """``text`` from ``x`` (its left edge) at row ``y``, one text per character that is
    not a space, each where the font's layout of the line puts it (bold, unless
    ``bold`` is False).  Each glyph
    is anchored at its middle: a browser centres the glyph's advance there, within about
    a pixel of where the raster centres its ink."""
    out = []
    for i, ch in enumerate(text):
        if ch == " ":
            continue
        left = text_width(text[:i], px, bold) - 2 if i else 0
        w = text_width(ch, px, bold)
        out.append(Text(x + left + w // 2, y, ch, px, colours[i], bold=bold))
    return out


def centred_x(text: str, px: int, width: int) -> int:
    """The left edge of ``text`` centred in ``width`` pixels."""
    return (width - text_width(text, px, bold=True)) // 2


__all__ = ["OPERATOR_GLYPHS", "SYMBOLS", "centred_x", "line_glyphs", "pretty"]
