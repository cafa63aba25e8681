"""Where things sit in a frame: the board's area, the counter line or the side panel.

``plan_layout`` is pure (a drawing's extent in cells and the options in, pixels out):

- **panel** (MP4/WebM at 1280x720 by default): the board fills the frame's height on the
  left, a side panel on the right holds the title, goal, facts, the counter with a
  progress bar and the last few moves;
- **compact** (GIFs, SVGs, ``--cell``, and frames too narrow for a panel): the board and
  one counter line under it, 480 px wide by default;
- **board** (the contact sheet's panels): the board alone at ``cell`` pixels a cell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from puzzlereel.errors import UsageError

from .options import RANGES, RenderOptions

VIDEO_SIZE = (1280, 720)     # MP4 / WebM default: 16:9, board + side panel
GIF_WIDTH = 480              # GIF default width (compact: board + one counter line)

Area = tuple[int, int, int, int]     # x, y, w, h in pixels


@dataclass(frozen=True)
class FrameLayout:
    """Where things sit in a frame, in pixels (not the puzzle's layout: that is the
    rules').  ``board``: the scene's area (its drawing is centred in it); ``bar``: the
    compact counter line (height 0: none); ``panel``: the side panel (width 0: none)."""

    width: int
    height: int
    cell: int
    board: Area
    bar: Area
    panel: Area = (0, 0, 0, 0)

    @property
    def compact(self) -> bool:
        return self.panel[2] <= 0

    def origin(self, size: tuple[int, int]) -> tuple[int, int]:
        """The top-left pixel of a drawing of ``size`` (w, h) centred in the board area."""
        bx, by, bw, bh = self.board
        return bx + max(0, (bw - size[0]) // 2), by + max(0, (bh - size[1]) // 2)


def even(v: int) -> int:
    return v + (v & 1)


def drawing_size(extent: tuple[float, float], cell: int) -> tuple[int, int]:
    """The pixels of a drawing ``extent`` cells large at ``cell`` pixels a cell."""
    return math.ceil(extent[0] * cell), math.ceil(extent[1] * cell)


def _check_frame(width: int, height: int, what: str) -> None:
    wr, hr = RANGES["size.width"], RANGES["size.height"]
    if not (wr.holds(width) and hr.holds(height)):
        raise UsageError(f"{what} makes a frame of {width}x{height} pixels; it must be "
                         f"between {wr.low:g}x{hr.low:g} and {wr.high:g}x{hr.high:g}")


def plan_layout(extent: tuple[float, float], options: RenderOptions, *, kind: str = "panel",
                counter: bool | None = None) -> FrameLayout:
    """The frame's pixels for a drawing ``extent`` cells large (pure: no drawing).

    ``kind`` is "panel", "compact" or "board" (see the module docstring); a panel frame
    not wide enough for one, or ``options.cell``, is compact.  A usage error when the
    board cannot fit the frame, or a ``cell`` makes a frame outside the size range."""
    counter = options.counter if counter is None else counter
    ew, eh = max(extent[0], 0.01), max(extent[1], 0.01)
    if kind == "board":
        cell = options.sheet_cell if options.cell is None else options.cell
        bw, bh = drawing_size((ew, eh), cell)
        return FrameLayout(bw, bh, cell, (0, 0, bw, bh), (0, bh, bw, 0))
    if options.cell is not None:
        cell = options.cell
        bar_h = max(18, round(cell * 0.55)) if counter else 0
        pad = max(4, round(cell * 0.15))
        bw, bh = drawing_size((ew, eh), cell)
        width, height = even(bw + 2 * pad), even(bh + bar_h + 2 * pad)
        _check_frame(width, height, f"--cell {cell} with a board of {ew:g}x{eh:g} cells")
        return _compact(width, height, cell, bw, bh, bar_h, pad, counter)
    if kind == "compact":
        if options.size is not None:
            width, height = even(options.size[0]), even(options.size[1])
        else:
            width, height = GIF_WIDTH, 0
        bar_h = max(18, round(width * 0.06)) if counter else 0
        pad = max(4, round(width * 0.03))
        max_h = height if height else round(GIF_WIDTH * 0.9)
        cell = int(min((width - 2 * pad) / ew, (max_h - bar_h - 2 * pad) / eh))
        if cell < 2:
            raise UsageError(f"--size {width}x{max_h}: too small for a board of "
                             f"{ew:g}x{eh:g} cells")
        bw, bh = drawing_size((ew, eh), cell)
        if not height:
            height = even(bh + bar_h + 2 * pad)
        return _compact(width, height, cell, bw, bh, bar_h, pad, counter)
    width, height = options.size or VIDEO_SIZE
    width, height = even(width), even(height)
    if width < height * 1.3:          # not wide enough for a panel: compact
        return plan_layout(extent, replace(options, size=(width, height)), kind="compact",
                           counter=counter)
    margin = max(4, round(height * 0.035))
    left = int(width * 0.56)          # the board's share of the width
    cell = int(min((left - 2 * margin) / ew, (height - 2 * margin) / eh))
    if cell < 2:
        raise UsageError(f"--size {width}x{height}: too small for a board of "
                         f"{ew:g}x{eh:g} cells")
    bw, bh = drawing_size((ew, eh), cell)
    bx = margin + (left - 2 * margin - bw) // 2
    by = (height - bh) // 2
    px = max(bx + bw + 2 * margin, int(width * 0.5))
    panel = (px, margin, width - px - 2 * margin, height - 2 * margin)
    return FrameLayout(width, height, cell, (bx, by, bw, bh), (0, height, width, 0), panel)


def _compact(width: int, height: int, cell: int, bw: int, bh: int, bar_h: int, pad: int,
             counter: bool) -> FrameLayout:
    bx = (width - bw) // 2
    by = pad + (height - bar_h - 2 * pad - bh) // 2
    bar = (0, height - bar_h - pad // 2, width, bar_h) if counter else (0, height, width, 0)
    return FrameLayout(width, height, cell, (bx, max(0, by), bw, bh), bar)


__all__ = ["GIF_WIDTH", "VIDEO_SIZE", "Area", "FrameLayout", "drawing_size", "even",
           "plan_layout"]
