"""Where things sit in a frame: the board, the words above it or beside it, the counter.

``plan_layout`` is pure (a drawing's extent in cells and the options in, pixels out).
The frame's shape picks the layout:

- **landscape** (wider than 1.3 : 1; MP4/WebM at 1280x720 by default): the board fills
  the frame's height on the left; a side panel on the right holds the title, goal and
  facts (``head``), then the counter, a progress bar and the last moves (``panel``);
- **portrait** (taller than 1.2 : 1; 9:16, 4:5): the title and goal above the board
  (``head``), the board as wide as the room left allows (a board about as wide as tall
  at least 85 % of the frame's width, at 4:5 by making the words smaller), then the
  counter, progress bar and last moves below it (``panel``);
- **square** (in between): the board, and a compact panel below it (counter, progress
  bar, the last move);
- **compact** (GIFs, SVGs and the player by default, the ``docs`` target, ``--cell``):
  the board and one counter line under it (``bar``), 480 px wide by default;
- **board** (the contact sheet's panels): the board alone at ``cell`` pixels a cell.

Every text stays inside the title-safe area, 5 % of the frame from each edge (``safe``),
and no text is smaller than ``legible`` pixels: 28 at a short side of 1080 pixels, in
proportion at other sizes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from puzzlereel.errors import UsageError

from .options import RANGES, TARGETS, RenderOptions

VIDEO_SIZE = (1280, 720)     # MP4 / WebM default: 16:9, board + side panel
GIF_WIDTH = 480              # GIF default width (compact: board + one counter line)
SAFE = 0.05                  # the title-safe margin, a share of each side
LEGIBLE = 28 / 1080          # the smallest text, a share of the frame's short side

Area = tuple[int, int, int, int]     # x, y, w, h in pixels
NONE: Area = (0, 0, 0, 0)
KINDS = ("landscape", "portrait", "square", "compact", "board")


@dataclass(frozen=True)
class FrameLayout:
    """Where things sit in a frame, in pixels (not the puzzle's layout: that is the
    rules').  ``kind``: one of ``KINDS``; ``board``: the scene's area (its drawing is
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
        return max(10, math.ceil(min(self.width, self.height) * LEGIBLE))

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


def layout_for(fmt: str, options: RenderOptions) -> str:
    """The layout a ``fmt`` file gets: "compact" for the ``docs`` target, and for GIFs,
    SVGs and players given no size (or target); else "video" (the frame's proportions
    choose; ``--cell`` makes it compact)."""
    if options.target is not None and TARGETS[options.target].compact:
        return "compact"
    if fmt in ("gif", "svg", "html") and options.size is None:
        return "compact"
    return "video"


def _check_frame(width: int, height: int, what: str) -> None:
    wr, hr = RANGES["size.width"], RANGES["size.height"]
    if not (wr.holds(width) and hr.holds(height)):
        raise UsageError(f"{what} makes a frame of {width}x{height} pixels; it must be "
                         f"between {wr.low:g}x{hr.low:g} and {wr.high:g}x{hr.high:g}")


def _too_small(width: int, height: int, ew: float, eh: float, kind: str) -> UsageError:
    return UsageError(f"--size {width}x{height}: too small for the {kind} layout of a board "
                      f"of {ew:g}x{eh:g} cells")


def plan_layout(extent: tuple[float, float], options: RenderOptions, *, kind: str = "video",
                counter: bool | None = None, grow: bool = True) -> FrameLayout:
    """The frame's pixels for a drawing ``extent`` cells large (pure: no drawing).

    ``kind``: "video" (the frame's proportions choose landscape, portrait or square;
    1280x720 when no size is given), "compact" or "board" (see the module docstring);
    ``options.cell`` makes any video compact.  When no size is given, the default frame
    grows (in whole multiples) until the board fits at 2 pixels a cell or more, so that
    any valid trace renders.  A usage error when the board cannot fit the frame asked
    for, or a ``cell`` makes a frame outside the size range."""
    counter = options.counter if counter is None else counter
    ew, eh = max(extent[0], 0.01), max(extent[1], 0.01)
    if kind == "board":
        cell = options.sheet_cell if options.cell is None else options.cell
        bw, bh = drawing_size((ew, eh), cell)
        return FrameLayout(bw, bh, cell, (0, 0, bw, bh), kind="board")
    if options.cell is not None:
        cell = options.cell
        bar_h = max(18, round(cell * 0.55)) if counter else 0
        pad = max(4, round(cell * 0.15))
        bw, bh = drawing_size((ew, eh), cell)
        width, height = even(bw + 2 * pad), even(bh + bar_h + 2 * pad)
        _check_frame(width, height, f"--cell {cell} with a board of {ew:g}x{eh:g} cells")
        return _compact(width, height, cell, bw, bh, bar_h, pad, counter)
    if options.size is None and grow:    # the default size grows to fit any board
        default = (GIF_WIDTH, round(GIF_WIDTH * 0.9)) if kind == "compact" else VIDEO_SIZE
        for k in range(1, 17):
            grown = (even(default[0] * k), even(default[1] * k))
            if not (RANGES["size.width"].holds(grown[0])
                    and RANGES["size.height"].holds(grown[1])):
                break
            try:
                return plan_layout(extent, replace(options, size=grown if k > 1 else None),
                                   kind=kind, counter=counter, grow=False)
            except UsageError:
                continue
    return _sized(ew, eh, options, kind, counter)


def _sized(ew: float, eh: float, options: RenderOptions, kind: str,
           counter: bool) -> FrameLayout:
    if kind == "compact":
        return _compact_in(ew, eh, options.size, counter)
    width, height = options.size or VIDEO_SIZE
    width, height = even(width), even(height)
    shape = shape_of(width, height)
    if shape == "landscape":
        return _landscape(width, height, ew, eh)
    return _tall(width, height, ew, eh, shape)


def _compact_in(ew: float, eh: float, size: tuple[int, int] | None,
                counter: bool) -> FrameLayout:
    if size is not None:
        width, height = even(size[0]), even(size[1])
    else:
        width, height = GIF_WIDTH, 0
    bar_h = max(18, round(width * 0.06)) if counter else 0
    pad = max(4, round(width * 0.03))
    max_h = height if height else round(GIF_WIDTH * 0.9)
    cell = int(min((width - 2 * pad) / ew, (max_h - bar_h - 2 * pad) / eh))
    if cell < 2:
        raise _too_small(width, max_h, ew, eh, "compact")
    bw, bh = drawing_size((ew, eh), cell)
    if not height:
        height = even(bh + bar_h + 2 * pad)
    return _compact(width, height, cell, bw, bh, bar_h, pad, counter)


def _compact(width: int, height: int, cell: int, bw: int, bh: int, bar_h: int, pad: int,
             counter: bool) -> FrameLayout:
    """The board above one counter line whose text lies inside the title-safe area."""
    bottom = min(height - pad // 2, math.floor(height * (1 - SAFE)))
    bx = (width - bw) // 2
    by = pad + (bottom - bar_h - pad - bh) // 2
    bar = (0, bottom - bar_h, width, bar_h) if counter else (0, height, width, 0)
    return FrameLayout(width, height, cell, (bx, max(0, by), bw, bh), bar, kind="compact")


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


# the words around the board of a portrait or square frame: their sizes in multiples
# of the legible size at full scale (title, goal, counter, a listed move), the line
# heights in multiples of their size, and the progress bar's height
WORD_SIZES = (2.3, 1.25, 2.0, 1.1)
LINE_HEIGHTS = (1.3, 1.4, 1.45)     # the title's, a goal line's, the counter's
FACTS_LINE = 1.6           # the facts line's height, in legible sizes
TITLE_GAP = 0.2              # the space between the title and the goal
BAR = 0.5                    # the progress bar's height
# a portrait frame's words shrink (never under the legible size) down to this scale
# while a board about as wide as tall is narrower than BOARD_WIDTH of the frame
LEAST_WORDS = 0.55
BOARD_WIDTH = 0.85


@dataclass(frozen=True)
class Spacing:
    """The space around the portrait and square words, in legible sizes: between the
    board and the words (``gap``), under the progress bar (``under_bar``), and a listed
    move's line height in multiples of its size (``row``); tighter where the words are
    made smaller to give the board room."""

    gap: float
    under_bar: float
    row: float


ROOMY = Spacing(0.5, 0.8, 1.75)
TIGHT = Spacing(0.25, 0.5, 1.5)


def spacing(words: float) -> Spacing:
    """The spacing of words at the scale ``words``."""
    return ROOMY if words >= 1.0 else TIGHT


def word_size(layout_words: float, k: int) -> float:
    """Size ``k`` of ``WORD_SIZES`` at the scale ``layout_words``, in legible sizes
    (1 at the least)."""
    return max(1.0, WORD_SIZES[k] * layout_words)


def _word_room(words: float, portrait: bool) -> tuple[float, float, float, float]:
    """In legible sizes, the head's least room (the title and two lines of the goal)
    and the panel's (the counter, the bar and one move), the head's comfortable room
    (the facts too) and the words' whole comfortable room (three moves too)."""
    title, goal, counter = (word_size(words, k) * LINE_HEIGHTS[k] for k in range(3))
    space = spacing(words)
    row = word_size(words, 3) * space.row
    head_least = title + TITLE_GAP + 2 * goal if portrait else 0.0
    head_full = head_least + FACTS_LINE if portrait else 0.0
    panel_least = counter + BAR + space.under_bar + row
    return head_least, panel_least, head_full, head_full + panel_least + 2 * row


def _tall(width: int, height: int, ew: float, eh: float, shape: str) -> FrameLayout:
    """Portrait: head above the board, panel below; square: the panel below only.

    The board first gets the width of the title-safe area; it gives up height only as
    far as the words need their smallest room (the title, two lines of the goal, the
    counter, the bar and one move), and what it does not use goes to the words.  A
    portrait board about as wide as tall (at least 0.9 of it) and narrower than
    ``BOARD_WIDTH`` of the frame gets room from smaller words, down to ``LEAST_WORDS``
    of their size (and never under the legible size)."""
    probe = FrameLayout(width, height, 2, NONE)
    sx, sy, sw, sh = probe.safe
    unit = probe.legible
    portrait = shape == "portrait"
    widest = int(sw / ew)
    floor = min(widest, math.ceil(BOARD_WIDTH * width / ew))

    def gap_of(words: float) -> int:
        return max(4, round(unit * spacing(words).gap))

    def least_room(words: float) -> tuple[int, int]:
        head, panel, _, _ = _word_room(words, portrait)
        return round(unit * head), round(unit * panel)

    def largest_cell(words: float) -> int:
        return int(min(widest, (sh - sum(least_room(words)) - 2 * gap_of(words)) / eh))

    words = 1.0               # a board about as wide as tall: smaller words, wider board
    while portrait and ew >= 0.9 * eh and words > LEAST_WORDS + 1e-9 \
            and largest_cell(words) < floor:
        words = round(words - 0.05, 2)
    gap = gap_of(words)
    _, _, head_full, comfort = _word_room(words, portrait)
    head_min, panel_min = least_room(words)
    cell = largest_cell(words)
    if cell < 2:
        raise _too_small(width, height, ew, eh, shape)
    # the words' comfortable room (the facts, three moves) is taken back from the board
    # as long as it stays BOARD_WIDTH of the frame's width
    if cell > floor:
        cell = max(floor, min(cell, int((sh - round(unit * comfort) - 2 * gap) / eh)))
    bw, bh = drawing_size((ew, eh), cell)
    spare = sh - bh - 2 * gap - head_min - panel_min
    if portrait:
        head_h = head_min + max(0, min(spare, round(unit * head_full) - head_min))
        spare -= head_h - head_min
    else:
        head_h = 0
    panel_h = panel_min + max(0, spare)
    head = (sx, sy, sw, head_h) if head_h else NONE
    by = sy + head_h + (gap if head_h else 0)
    board = (sx + (sw - bw) // 2, by, bw, bh)
    panel = (sx, by + bh + gap, sw, panel_h)
    return FrameLayout(width, height, cell, board, NONE, panel, head, shape, words)


__all__ = ["GIF_WIDTH", "KINDS", "LEGIBLE", "SAFE", "VIDEO_SIZE", "Area", "FrameLayout",
           "drawing_size", "even", "layout_for", "plan_layout", "shape_of"]
