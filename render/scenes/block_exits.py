"""A sliding-block board's exits and goal marks: each exit an opening in the frame with
an arrow beyond it pointing out, and the colour of the goal's marks (the target outline,
the arrow): the theme's goal accent for a goal piece in the goal colour, else the goal
piece's own colour, so that a mark always matches the piece it is for (the "red car"'s
target and exit are red).

The exit's arrow lies beyond the frame (``ARROW`` cells of room), clear of the opening:
the goal piece's payoff slides it into the opening, flush with the frame's outside, and
stops there, so the arrow shows at every moment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from puzzlereel.render.film.shapes import Polygon, Rect, Shape
from puzzlereel.render.film.theme import RGB, Theme

ARROW = 0.5     # room for an exit's arrow beyond the frame, in cells
EXIT_DIRS = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


def mark_colour(theme: Theme, fill: RGB | None, themed: RGB) -> RGB:
    """A goal mark's colour: ``themed`` (the theme's own shade for that mark) for a goal
    piece of ``fill`` in the goal colour (or no goal piece), else ``fill``."""
    return themed if fill is None or fill == theme.goal else fill


def exit_shapes(exits: Sequence[Mapping[str, Any]], board: tuple[float, float, float, float],
                cell: float, frame: float, floor: RGB, mark: RGB) -> list[Shape]:
    """Each exit of ``exits`` as an opening in a frame ``frame`` pixels thick around
    ``board`` (x, y, w, h in pixels), in the board's colour ``floor``, and an arrow in
    ``mark`` beyond it; an exit with a side or an offset nobody knows is left out."""
    bx, by, W, H = board
    c, fp = cell, frame
    out: list[Shape] = []
    for ex in exits:
        side, off, length = str(ex.get("side")), ex.get("offset", 0), ex.get("length", 1)
        if not isinstance(off, int) or not isinstance(length, int) or side not in EXIT_DIRS:
            continue
        beyond = fp + ARROW * c / 2       # the arrow's centre, from the board's edge
        if side in ("bottom", "top"):
            a, b = bx + off * c, bx + (off + length) * c
            out.append(Rect(a, by + H if side == "bottom" else by - fp, b - a, fp, floor))
            cy = by + H + beyond if side == "bottom" else by - beyond
            out.append(arrow((a + b) / 2, cy, EXIT_DIRS[side], c, mark))
        else:
            a, b = by + off * c, by + (off + length) * c
            out.append(Rect(bx + W if side == "right" else bx - fp, a, fp, b - a, floor))
            cx = bx + W + beyond if side == "right" else bx - beyond
            out.append(arrow(cx, (a + b) / 2, EXIT_DIRS[side], c, mark))
    return out


def arrow(cx: float, cy: float, d: tuple[int, int], cell: float, colour: RGB) -> Polygon:
    """A filled triangle centred on (cx, cy) pointing along ``d``, sized to the
    ``ARROW`` room of a board of ``cell`` pixels a cell."""
    r = ARROW * cell * 0.8 / 2
    dx, dy = d
    tip = (cx + dx * r, cy + dy * r)
    base = (cx - dx * r * 0.6, cy - dy * r * 0.6)
    nx, ny = -dy, dx
    # clockwise on screen: tip, then the base's corners
    pts = (tip, (base[0] - nx * r, base[1] - ny * r), (base[0] + nx * r, base[1] + ny * r))
    return Polygon((pts,), colour)


__all__ = ["ARROW", "EXIT_DIRS", "arrow", "exit_shapes", "mark_colour"]
