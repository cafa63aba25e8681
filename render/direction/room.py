"""The room the words around the board take: how large each is, how tall its lines, and
a heading (the title and the goal sentence) set in lines, measured with the bundled
font before anything is drawn, so that a layout can make room for exactly what will be
set there (``render.direction.layout``) and the words are then set as measured
(``render.direction.panel``).

Sizes are in multiples of the frame's legible size (``FrameLayout.legible``): the
portrait and square words (``WORD_SIZES``), scaled down together as a portrait board
needs the room (``TallWords``); the compact title lines in pixels of the frame's width.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from puzzlereel.render.film import typeset

SAFE = 0.05                  # the title-safe margin, a share of each side


@dataclass(frozen=True)
class Picture:
    """The goal's small picture as a layout measures it: ``width`` x ``height`` cells,
    and the pixels a cell needs for each pixel of the legible size (``cell``) so that
    the words in it (tile numbers) are set legibly."""

    width: float
    height: float
    cell: float


@dataclass(frozen=True)
class Heading:
    """The words a layout makes room for: the title and the goal sentence ("" for none:
    ``title`` "" leaves a compact frame without its title lines), and the goal's small
    picture (``picture``; None: none), which a compact frame sets under them."""

    title: str = ""
    goal: str = ""
    picture: Picture | None = None


NO_HEADING = Heading()


# the compact title line: the title's size (a share of the frame's width), the goal's
# (the legible size), and their line heights in multiples of their sizes
COMPACT_TITLE = 1 / 20
COMPACT_LINES = (1.3, 1.35)
COMPACT_GOAL_LINES = 6


def compact_head(heading: Heading, width: int, legible: int) -> tuple[int, int, int, int]:
    """The compact frame's title lines (the title, then the goal sentence) for a frame
    ``width`` wide: (title px, title lines, goal px, goal lines); 0 lines where a text is
    missing.  A title too long for the title-safe width at the legible size is set at
    that size and shortened where it is drawn."""
    room = width - 2 * math.ceil(width * SAFE)
    title_px = goal_lines = title_lines = 0
    if heading.title:
        title_px = max(legible, typeset.fit_text_px(
            heading.title, room, max(legible, round(width * COMPACT_TITLE)), bold=False))
        title_lines = 1
    goal_px = legible
    if heading.goal and title_lines:
        goal_lines = len(typeset.wrap(heading.goal, goal_px, room, COMPACT_GOAL_LINES))
    return title_px, title_lines, goal_px, goal_lines


def compact_head_height(heading: Heading, width: int, legible: int) -> int:
    """The pixels the compact title lines take (0: none), their space under them and
    the goal's picture (``compact_picture``) too."""
    title_px, title_lines, goal_px, goal_lines = compact_head(heading, width, legible)
    if not title_lines:
        return 0
    picture_h = compact_picture(heading, width, legible)[1]
    return (round(title_px * COMPACT_LINES[0]) + round(goal_px * COMPACT_LINES[1]) * goal_lines
            + round(goal_px * 0.4) + (picture_h + round(goal_px * 0.4) if picture_h else 0))


COMPACT_PICTURE = 0.55    # the compact goal's picture: at most this share of the width high


def compact_picture(heading: Heading, width: int, legible: int) -> tuple[int, int]:
    """The room (w, h) of a compact frame's goal picture, set under the goal sentence
    beside its label "Goal:" (at the ``legible`` size): as large as its words need
    (``Picture.cell``), but at most ``COMPACT_PICTURE`` of the frame's width high and
    within the title-safe width; (0, 0): no picture (none in the heading, or no title
    lines)."""
    p = heading.picture
    if p is None or p.width <= 0 or p.height <= 0 or not heading.title:
        return (0, 0)
    room = width - 2 * math.ceil(width * SAFE) - typeset.text_width("Goal:", legible) - legible
    cell = min(legible * p.cell, width * COMPACT_PICTURE / p.height, room / p.width)
    return (0, 0) if cell < 2 else (math.ceil(p.width * cell), math.ceil(p.height * cell))


# the words around the board of a portrait or square frame: their sizes in multiples
# of the legible size at full scale (title, goal, counter, a listed move), the line
# heights in multiples of their size, and the progress bar's height
WORD_SIZES = (1.45, 1.0, 1.4, 1.0)
LINE_HEIGHTS = (1.3, 1.4, 1.45)     # the title's, a goal line's, the counter's
FACTS_LINE = 1.6           # the facts line's height, in legible sizes
TITLE_GAP = 0.2              # the space between the title and the goal
BAR = 0.5                    # the progress bar's height


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


@dataclass(frozen=True)
class HeadLines:
    """A heading as a portrait head (or a square frame's opening) sets it: the title's
    size and lines, the goal's size and lines, and the space between them."""

    title_px: int
    title: tuple[str, ...]
    goal_px: int
    goal: tuple[str, ...]
    gap: int

    def height(self) -> int:
        return (len(self.title) * int(self.title_px * LINE_HEIGHTS[0])
                + (self.gap if self.title and self.goal else 0)
                + len(self.goal) * int(self.goal_px * LINE_HEIGHTS[1]))


GOAL_LINES = 8      # a goal sentence is wrapped into at most this many lines,
TITLE_LINES = 3     # a title too long for two lines at its size into this many
FILL = 1.8          # words set to fill their room grow to this many times their size


def head_lines(heading: Heading, width: int, legible: int, title_px: int,
               goal_px: int) -> HeadLines:
    """``heading`` set in ``width`` pixels: the title at about ``title_px`` (two larger
    lines rather than one small one; a title too long for that at the ``legible`` size
    in up to ``TITLE_LINES``), the goal at ``goal_px`` in as many lines as it takes;
    never under the legible size."""
    px, title = typeset.fit_lines(heading.title, width, title_px) if heading.title \
        else (title_px, [])
    if title and px < legible:          # too long for two lines: more, at the legible size
        px, title = legible, typeset.wrap(heading.title, legible, width, TITLE_LINES, bold=True)
    goal = typeset.wrap(heading.goal, max(legible, goal_px), width, GOAL_LINES) \
        if heading.goal else []
    return HeadLines(px, tuple(title), max(legible, goal_px), tuple(goal),
                     round(legible * TITLE_GAP))


def grown(size: int, fits: Callable[[int], bool]) -> int:
    """``size`` grown in steps of 5 % while ``fits`` holds, up to ``FILL`` times it (words
    set to fill their room)."""
    best = size
    for k in range(1, round((FILL - 1) / 0.05) + 1):
        bigger = round(size * (1 + 0.05 * k))
        if not fits(bigger):
            break
        best = bigger
    return best


@dataclass(frozen=True)
class TallWords:
    """The room the words of a portrait or square frame take at one scale, in pixels."""

    legible: int
    width: int               # the title-safe width
    scale: float
    heading: Heading
    portrait: bool

    def size(self, k: int) -> int:
        return round(self.legible * word_size(self.scale, k))

    @property
    def gap(self) -> int:
        return max(4, round(self.legible * spacing(self.scale).gap))

    @property
    def row(self) -> int:
        return int(self.size(3) * spacing(self.scale).row)

    def head(self) -> HeadLines:
        """The portrait head: the title (the goal opens in the counter block's place,
        ``opening``, so that the board has the room for the whole video)."""
        return head_lines(Heading(self.heading.title, ""), self.width, self.legible,
                          self.size(0), self.size(1))

    def head_room(self) -> int:
        """The portrait head's height: the title."""
        return self.head().height() if self.portrait else 0

    def panel_room(self, rows: int) -> int:
        """The counter block's height with ``rows`` listed moves."""
        space = spacing(self.scale)
        return (int(self.size(2) * LINE_HEIGHTS[2]) + max(4, round(self.legible * BAR))
                + round(self.legible * space.under_bar) + rows * self.row)

    def opening(self, width: int) -> HeadLines:
        """What the counter block's place (``width`` wide) shows while the video opens:
        a square frame's title and goal, a portrait frame's goal (its title is in the
        head)."""
        if self.portrait:
            return head_lines(Heading("", self.heading.goal), width, self.legible,
                              self.size(0), self.size(1))
        return head_lines(self.heading, width, self.legible, self.size(2), self.size(3))

    def opening_in(self, width: int, height: int) -> HeadLines:
        """``opening`` set as large as fits ``height`` pixels (``grown``), so that the
        words fill the room the counter block will take."""
        def at(legible: int) -> HeadLines:
            return TallWords(legible, self.width, self.scale, self.heading,
                             self.portrait).opening(width)

        return at(grown(self.legible, lambda legible: at(legible).height() <= height))

    def opening_room(self, width: int) -> int:
        """The height of ``opening`` (0: nothing to show)."""
        return self.opening(width).height() if self.heading.title or self.heading.goal \
            else 0


__all__ = ["BAR", "COMPACT_LINES", "COMPACT_PICTURE", "FACTS_LINE", "FILL", "GOAL_LINES",
           "LINE_HEIGHTS", "NO_HEADING", "TITLE_GAP", "TITLE_LINES", "WORD_SIZES", "HeadLines",
           "Heading", "Spacing", "TallWords", "compact_head", "compact_head_height",
           "compact_picture", "grown", "Picture", "head_lines", "spacing", "word_size"]
