"""Where things sit in a frame: the board, the words above it or beside it, the counter.

``plan_layout`` is pure (a drawing's extent in cells and the options in, pixels out).
The frame's shape picks the layout:

- **landscape** (wider than 1.3 : 1; MP4/WebM at 1280x720 by default): the board fills
  the frame's height on the left; a side panel on the right holds the title, goal and
  facts (``head``), then the counter, a progress bar and the last moves (``panel``);
- **portrait** (taller than 1.2 : 1; 9:16, 4:5): the title and the whole goal above the
  board (``head``), the board as wide as the room left allows (a board about as wide as
  tall at least 85 % of the frame's width, at 4:5 by making the words smaller), then
  the counter, progress bar and last moves below it (``panel``); a 9:16 frame keeps
  its words above the platforms' caption (its bottom 18 %) and the counter block left
  of their buttons (its right 12 %), and shares the room left between the parts;
- **square** (in between): the board, and a compact panel below it (counter, progress
  bar, the last move), which holds the title and the goal while the video opens;
- **compact** (GIFs, SVGs and the player by default, the ``docs`` target, ``--cell``):
  the title and the goal above the board (unless the title is off), the board and one
  counter line under it (``bar``), 480 px wide by default;
- **board** (the contact sheet's panels): the board alone at ``cell`` pixels a cell.

Every text stays inside the title-safe area, 5 % of the frame from each edge (``safe``),
and no text is smaller than ``legible`` pixels: the size whose capitals stand 2.5 % of
the frame's height (25 pixels at 1280x720, capitals 18 high; 66 at 1080x1920,
capitals 48 high), so that a phone shows every word large enough to read.  How much
room the words take is ``render.direction.room``'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from puzzlereel.ground.errors import UsageError
from puzzlereel.render.direction.room import (
    NO_HEADING,
    SAFE,
    Heading,
    TallWords,
    compact_head_height,
)
from puzzlereel.render.film import typeset
from puzzlereel.render.options import RANGES, RenderOptions

VIDEO_SIZE = (1280, 720)     # MP4 / WebM default: 16:9, board + side panel
GIF_WIDTH = 480              # GIF default width (compact: board + one counter line)
LEGIBLE = 0.025              # the smallest text's capitals, a share of the frame's height

Area = tuple[int, int, int, int]     # x, y, w, h in pixels
CellBox = tuple[float, float, float, float]   # x0, y0, x1, y1 in a drawing's cells
NONE: Area = (0, 0, 0, 0)
LAYOUT_KINDS = ("landscape", "portrait", "square", "compact", "board")
# a 9:16 frame (height at least TALL x its width) plays under the platforms' own words:
# their caption over its bottom CAPTION, their buttons down its right BUTTONS
TALL = 1.7
CAPTION = 0.18
BUTTONS = 0.12
RECENT = 5          # the moves the panel lists at most
RECENT_TALL = 3     # ... in a portrait or square frame (room left goes between the parts)
BAR_LINE = 1.5      # the compact counter line's height, in legible sizes


@dataclass(frozen=True)
class FrameLayout:
    """Where things sit in a frame, in pixels (not the puzzle's layout: that is the
    rules').  ``kind``: one of ``LAYOUT_KINDS``; ``board``: the scene's area (its drawing is
    centred in it); ``head``: the title, goal and facts; ``panel``: the counter, the
    progress bar and the last moves; ``bar``: the compact counter line (areas of
    width or height 0: none)."""

    width: int
    height: int
    cell: int
    board: Area
    bar: Area = NONE
    panel: Area = NONE
    head: Area = NONE
    kind: str = "compact"
    words: float = 1.0       # the portrait and square words' scale (``WORD_SIZES``)

    @property
    def compact(self) -> bool:
        return self.kind in ("compact", "board")

    @property
    def safe(self) -> Area:
        """The title-safe area: every text lies inside it."""
        mx, my = math.ceil(self.width * SAFE), math.ceil(self.height * SAFE)
        return (mx, my, self.width - 2 * mx, self.height - 2 * my)

    @property
    def legible(self) -> int:
        """The smallest text size, in pixels."""
        return legible_px(self.width, self.height)

    def origin(self, size: tuple[int, int]) -> tuple[int, int]:
        """The top-left pixel of a drawing of ``size`` (w, h) centred in the board area."""
        bx, by, bw, bh = self.board
        return bx + max(0, (bw - size[0]) // 2), by + max(0, (bh - size[1]) // 2)


def even(v: int) -> int:
    return v + (v & 1)


def drawing_size(extent: tuple[float, float], cell: int) -> tuple[int, int]:
    """The pixels of a drawing ``extent`` cells large at ``cell`` pixels a cell."""
    return math.ceil(extent[0] * cell), math.ceil(extent[1] * cell)


def shape_of(width: int, height: int) -> str:
    """"landscape", "portrait" or "square": the layout a frame's proportions ask for."""
    if width >= height * 1.3:
        return "landscape"
    if height >= width * 1.2:
        return "portrait"
    return "square"


def _check_frame(width: int, height: int, what: str) -> None:
    wr, hr = RANGES["size.width"], RANGES["size.height"]
    if not (wr.holds(width) and hr.holds(height)):
        raise UsageError(f"{what} makes a frame of {width}x{height} pixels; it must be "
                         f"between {wr.low:g}x{hr.low:g} and {wr.high:g}x{hr.high:g}")


def _too_small(width: int, height: int, ew: float, eh: float, kind: str) -> UsageError:
    return UsageError(f"--size {width}x{height}: too small for the {kind} layout of a board "
                      f"of {ew:g}x{eh:g} cells")


def plan_layout(extent: tuple[float, float], options: RenderOptions, *, purpose: str = "video",
                grow: bool = True, heading: Heading = NO_HEADING,
                payoff: CellBox | None = None) -> FrameLayout:
    """The frame's pixels for a drawing ``extent`` cells large (pure: no drawing; the
    words of ``heading`` are measured to make room for them).

    ``purpose``: "video" (the frame's proportions choose landscape, portrait or square;
    1280x720 when no size is given), "compact" or "board" (see the module docstring);
    ``options.cell`` makes any video compact.  When no size is given, the default frame
    grows (in whole multiples) until the board fits at 2 pixels a cell or more, so that
    any valid trace renders.  ``payoff``: where in the drawing (cells) the payoff plays,
    which a 9:16 frame keeps clear of the platforms' buttons (``clear_of_buttons``).  A
    usage error when the board cannot fit the frame asked for, or a ``cell`` makes a
    frame outside the size range."""
    ew, eh = max(extent[0], 0.01), max(extent[1], 0.01)
    if purpose == "board":
        cell = options.sheet_cell if options.cell is None else options.cell
        bw, bh = drawing_size((ew, eh), cell)
        return FrameLayout(bw, bh, cell, (0, 0, bw, bh), kind="board")
    if options.cell is not None:
        cell = options.cell
        pad = max(4, round(cell * 0.15))
        bw, bh = drawing_size((ew, eh), cell)
        width = even(bw + 2 * pad)
        bar_h = max(round(cell * 0.55), bar_height(width, legible_px(width, bh)))
        head_h, top, height, bar_h = _headed(heading, width, bh, bar_h, pad)
        _check_frame(width, height, f"--cell {cell} with a board of {ew:g}x{eh:g} cells")
        return _compact(width, height, cell, bw, bh, bar_h, pad, top, head_h)
    if options.size is None and grow:    # the default size grows to fit any board
        default = (GIF_WIDTH, round(GIF_WIDTH * 0.9)) if purpose == "compact" else VIDEO_SIZE
        for k in range(1, 17):
            grown = (even(default[0] * k), even(default[1] * k))
            if not (RANGES["size.width"].holds(grown[0])
                    and RANGES["size.height"].holds(grown[1])):
                break
            try:
                return plan_layout(extent, replace(options, size=grown if k > 1 else None),
                                   purpose=purpose, grow=False, heading=heading, payoff=payoff)
            except UsageError:
                continue
    return _sized(ew, eh, options, purpose, heading, payoff)


def _sized(ew: float, eh: float, options: RenderOptions, purpose: str,
           heading: Heading, payoff: CellBox | None = None) -> FrameLayout:
    if purpose == "compact":
        return _compact_in(ew, eh, options.size, heading)
    width, height = options.size or VIDEO_SIZE
    width, height = even(width), even(height)
    shape = shape_of(width, height)
    if shape == "landscape":
        return _landscape(width, height, ew, eh)
    layout = _tall(width, height, ew, eh, shape, heading)
    if not clear_of_buttons(layout, (ew, eh), payoff):
        layout = _tall(width, height, ew, eh, shape, heading, narrow=True)
    return layout


def clear_of_buttons(layout: FrameLayout, extent: tuple[float, float],
                     payoff: CellBox | None) -> bool:
    """Whether the payoff's box (``payoff``: cells of a drawing ``extent`` large) stays
    out of a 9:16 frame's buttons (its right ``BUTTONS`` in its lower half)."""
    _caption, buttons = overlays(layout.width, layout.height)
    if not buttons or payoff is None:
        return True
    x, y = layout.origin(drawing_size(extent, layout.cell))
    right = x + payoff[2] * layout.cell
    bottom = y + payoff[3] * layout.cell
    return right <= layout.width - buttons or bottom <= layout.height / 2


def legible_px(width: int, height: int) -> int:
    """The smallest text size of a ``width`` x ``height`` frame, in pixels: the size whose
    capitals and figures are ``LEGIBLE`` of the frame's height (25 pixels at 1280x720, 66
    at 1080x1920), 10 at the least; a frame narrower than 9:16 counts as 9:16 of its
    width (its words need the width too)."""
    return max(10, math.ceil(min(height, width * 16 / 9) * LEGIBLE / typeset.CAP_HEIGHT
                             - 1e-9))


def _compact_in(ew: float, eh: float, size: tuple[int, int] | None,
                heading: Heading) -> FrameLayout:
    if size is not None:
        width, height = even(size[0]), even(size[1])
    else:
        width, height = GIF_WIDTH, 0
    pad = max(4, round(width * 0.03))
    max_h = height if height else round(GIF_WIDTH * 0.9)
    bar_h = bar_height(width, legible_px(width, max_h))
    head_h = compact_head_height(heading, width, legible_px(width, height)) if height else 0
    if head_h:
        top = math.ceil(height * SAFE) + head_h
        room_h = math.floor(height * (1 - SAFE)) - top - bar_h
    else:             # (a frame without a height grows to take its title lines)
        top, room_h = pad, max_h - bar_h - 2 * pad
    cell = int(min((width - 2 * pad) / ew, room_h / eh))
    if cell < 2:
        raise _too_small(width, max_h, ew, eh, "compact")
    bw, bh = drawing_size((ew, eh), cell)
    if not height:
        head_h, top, height, bar_h = _headed(heading, width, bh, bar_h, pad)
    return _compact(width, height, cell, bw, bh, bar_h, pad, top, head_h)


def bar_height(width: int, legible: int) -> int:
    """The compact counter line's height in a frame ``width`` wide whose smallest text is
    ``legible``: room for a line at the legible size."""
    return max(18, round(width * 0.06), math.ceil(legible * BAR_LINE))


def _headed(heading: Heading, width: int, board_h: int, bar_h: int,
            pad: int) -> tuple[int, int, int, int]:
    """(title lines' height, the board's top, the frame's height, the counter line's
    height) of a compact frame ``width`` wide whose board takes ``board_h`` pixels
    (``pad`` around it and the counter line without title lines): the title lines and
    the counter line measured at the legible size of the frame they make, which depends
    on its height, so measured again until the two agree."""
    height, head_h, top = even(board_h + bar_h + 2 * pad), 0, pad
    for _ in range(12):
        legible = legible_px(width, height)
        bar_h = max(bar_h, bar_height(width, legible))
        head_h = compact_head_height(heading, width, legible)
        if not head_h:
            top, height = pad, even(board_h + bar_h + 2 * pad)
        else:
            top, height = headed_height(head_h, board_h + bar_h)
        if legible_px(width, height) == legible:
            break
    return head_h, top, height, bar_h


def headed_height(head_h: int, below: int) -> tuple[int, int]:
    """(the board's top, the frame's height) of a compact frame whose title lines take
    ``head_h`` pixels and whose board and counter line ``below`` pixels, with the
    title-safe margin above the title lines and under the counter line."""
    height = even(head_h + below)
    for _ in range(4):          # the margins follow the height; a few rounds settle them
        top = math.ceil(height * SAFE) + head_h
        height = even(math.ceil((top + below) / (1 - SAFE)))
    return math.ceil(height * SAFE) + head_h, height


def _compact(width: int, height: int, cell: int, bw: int, bh: int, bar_h: int, pad: int,
             top: int, head_h: int) -> FrameLayout:
    """The title lines (``head_h`` pixels above ``top``, the board's room), the board,
    then one counter line whose text lies inside the title-safe area (kept with the
    counter off too: the result shows there at the end)."""
    bottom = min(height - pad // 2, math.floor(height * (1 - SAFE)))
    bx = (width - bw) // 2
    by = top + (bottom - bar_h - top - bh) // 2
    bar = (0, bottom - bar_h, width, bar_h)
    mx = math.ceil(width * SAFE)
    head = (mx, top - head_h, width - 2 * mx, head_h) if head_h else NONE
    return FrameLayout(width, height, cell, (bx, max(0, by), bw, bh), bar, NONE, head,
                       kind="compact")


def _landscape(width: int, height: int, ew: float, eh: float) -> FrameLayout:
    margin = max(4, round(height * 0.035))
    left = int(width * 0.56)          # the board's share of the width
    cell = int(min((left - 2 * margin) / ew, (height - 2 * margin) / eh))
    if cell < 2:
        raise _too_small(width, height, ew, eh, "landscape")
    bw, bh = drawing_size((ew, eh), cell)
    bx = margin + (left - 2 * margin - bw) // 2
    by = (height - bh) // 2
    sx, sy, sw, sh = FrameLayout(width, height, cell, NONE).safe
    px = max(bx + bw + 2 * margin, int(width * 0.5))
    column = (px, margin, sx + sw - px, sy + sh - margin)
    return FrameLayout(width, height, cell, (bx, by, bw, bh), NONE, column, column,
                       "landscape")


# a portrait frame's words shrink (never under the legible size) down to this scale
# while a board about as wide as tall is narrower than BOARD_WIDTH of the frame
LEAST_WORDS = 0.55
BOARD_WIDTH = 0.85


def overlays(width: int, height: int) -> tuple[int, int]:
    """The pixels a 9:16 frame leaves to the platform's words: at its bottom (the
    caption) and down its right side (the buttons); (0, 0) for other frames."""
    if height < TALL * width:
        return (0, 0)
    return (math.ceil(height * CAPTION), math.ceil(width * BUTTONS))


def _tall(width: int, height: int, ew: float, eh: float, shape: str,
          heading: Heading, narrow: bool = False) -> FrameLayout:
    """Portrait: the title above the board, the counter block below (its room holds the
    goal while the video opens); square: the block below only (the title and the goal
    while it opens).  The words and the board lie between the title-safe area's top and
    its bottom, or a 9:16 frame's caption (``overlays``), the block left of its buttons.
    The board gets the title-safe width and gives up height only as far as the words
    need their least room; a portrait board about as wide as tall and narrower than
    ``BOARD_WIDTH`` of the frame gets room from smaller words (down to ``LEAST_WORDS``,
    never under the legible size), then from the list.  Room the board cannot use is
    shared out between the parts.  ``narrow``: the board keeps left of the buttons."""
    probe = FrameLayout(width, height, 2, NONE)
    sx, sy, sw, sh = probe.safe
    legible = probe.legible
    portrait = shape == "portrait"
    caption, buttons = overlays(width, height)
    top, bottom = sy, min(sy + sh, height - caption)
    zone = bottom - top
    panel_w = min(sw, width - buttons - sx)
    board_w = panel_w if narrow else sw
    widest = int(board_w / ew)
    floor = min(widest, math.ceil(BOARD_WIDTH * width / ew))

    def words_at(scale: float) -> TallWords:
        return TallWords(legible, sw, scale, heading, portrait)

    least_rows = 2 if caption else 1     # a 9:16 result: its note and a detail

    def least_panel(w: TallWords) -> int:
        return max(w.panel_room(least_rows), w.opening_room(panel_w))

    def largest_cell(w: TallWords) -> int:
        return int(min(widest, (zone - w.head_room() - least_panel(w) - 2 * w.gap) / eh))

    w = words_at(1.0)        # a board about as wide as tall: smaller words, wider board
    square_board = portrait and ew >= 0.9 * eh
    while square_board and w.scale > LEAST_WORDS + 1e-9 and largest_cell(w) < floor:
        w = words_at(round(w.scale - 0.05, 2))
    if square_board and largest_cell(w) < floor:
        least_rows = 0       # a long goal: the list gives way before the board does
    cell = largest_cell(w)
    if cell < 2:
        raise _too_small(width, height, ew, eh, shape)
    # the words' comfortable room (three lines of the list) is taken back from the board
    # as long as it stays BOARD_WIDTH of the frame's width
    comfort = w.head_room() + max(w.panel_room(3), w.opening_room(panel_w))
    if cell > floor:
        cell = max(floor, min(cell, int((zone - comfort - 2 * w.gap) / eh)))
    bw, bh = drawing_size((ew, eh), cell)
    left = zone - bh - 2 * w.gap
    head_h = w.head_room()
    left -= head_h
    rows = max(least_rows, min(RECENT_TALL, (left - w.panel_room(0)) // max(1, w.row)))
    panel_h = max(w.panel_room(rows), w.opening_room(panel_w))
    spare = max(0, left - panel_h)
    parts = 4 if portrait else 3       # above the head, between the parts, under them
    share = spare // parts
    y = top + share
    head = (sx, y, sw, head_h) if head_h else NONE
    if head_h:
        y += head_h + w.gap + share
    board = (sx + (board_w - bw) // 2, y, bw, bh)
    y += bh + w.gap + share
    panel = (sx, y, panel_w, panel_h + (spare - parts * share))
    return FrameLayout(width, height, cell, board, NONE, panel, head, shape, w.scale)


__all__ = ["BAR_LINE", "BOARD_WIDTH", "BUTTONS", "CAPTION", "GIF_WIDTH", "LAYOUT_KINDS",
           "LEAST_WORDS", "LEGIBLE", "RECENT", "RECENT_TALL", "TALL", "VIDEO_SIZE", "Area",
           "CellBox", "FrameLayout", "bar_height", "clear_of_buttons", "drawing_size", "even",
           "legible_px", "overlays", "plan_layout", "shape_of"]
