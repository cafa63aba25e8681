"""The still words above or beside the board (``FrameLayout.head``), in every layout
(``render.direction.layout``): the title, the goal sentence, the facts line and, in the landscape
panel, a small picture of the goal; in compact frames the title and the goal centred
above the board.  Also what the words around the board share: what they say
(``Said``), their sizes in a layout (``sizes``: the landscape panel's follow the frame's
height, the portrait and square ones the legible size, never under it) and a line set
from its top (``top_text``).
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlereel.render.direction.layout import FrameLayout
from puzzlereel.render.direction.room import (
    COMPACT_LINES,
    FACTS_LINE,
    GOAL_LINES,
    LINE_HEIGHTS,
    TITLE_LINES,
    Heading,
    HeadLines,
    TallWords,
    compact_head,
    word_size,
)
from puzzlereel.render.direction.transitions import rise, settle
from puzzlereel.render.direction.wording import Ending
from puzzlereel.render.film import typeset
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.shapes import Group, Shape, Text, group
from puzzlereel.render.film.theme import RGB, Theme

TITLE_HEIGHT, GOAL_HEIGHT, COUNTER_HEIGHT = LINE_HEIGHTS   # a line's height / its size


@dataclass(frozen=True)
class GoalPicture:
    """The goal position drawn small: its shapes from (0, 0), ``width`` x ``height``."""

    shapes: tuple[Shape, ...]
    width: int
    height: int


@dataclass(frozen=True)
class Sizes:
    """The text sizes (pixels) of the words around the board in one layout."""

    title: int
    goal: int
    goal_min: int
    facts: int
    label: int
    counter: int
    row: int


def sizes(layout: FrameLayout) -> Sizes:
    """The landscape panel's sizes follow the frame's height; the portrait and square
    ones the legible size; none is under the legible size."""
    u = layout.legible
    if layout.kind == "landscape":
        H = layout.height
        return Sizes(max(u, 14, H // 15), max(u, H // 30), max(u, H // 45), max(u, H // 38),
                     max(u, H // 40), max(u, 14, H // 16), max(u, H // 34))
    title, goal, counter, row = (round(u * word_size(layout.words, k)) for k in range(4))
    return Sizes(title, goal, u, u, u, counter, row)


def top_text(x: float, y_top: float, text: str, px: int, colour: RGB, bold: bool = False,
             anchor: str = "start") -> Text:
    """A line whose line box starts at ``y_top`` (as ``typeset.draw_text`` with "t")."""
    return Text(x, y_top + typeset.text_box(text, px, bold)[1] // 2, text, px, colour, anchor, bold)


@dataclass(frozen=True)
class Said:
    """What the words around the board say: the title and the goal (``heading``), the
    facts line and how the trace ended (``ending``: the result)."""

    heading: Heading
    facts: str
    ending: Ending


def compact_title(film: Film, layout: FrameLayout, theme: Theme, heading: Heading,
                  until: float, picture: GoalPicture | None = None) -> None:
    """A compact frame's title and goal, centred above the board (``FrameLayout.head``),
    and under them the goal's ``picture`` beside its label "Goal:", rising into place
    as the video opens (done by ``until``)."""
    x, y, w, h = layout.head
    if h <= 0:
        return
    title_px, title_lines, goal_px, goal_lines = compact_head(heading, layout.width,
                                                              layout.legible)
    if not title_lines:
        return
    cx = layout.width // 2
    shapes: list[Shape] = []
    line = int(title_px * COMPACT_LINES[0])
    title = typeset.shorten(heading.title, title_px, w)
    shapes.append(Text(cx, y + line // 2, title, title_px, theme.text))
    cy = y + line
    step = int(goal_px * COMPACT_LINES[1])
    for text in typeset.wrap(heading.goal, goal_px, w, goal_lines):
        shapes.append(Text(cx, cy + step // 2, text, goal_px, theme.muted))
        cy += step
    if picture is not None:
        cy += round(goal_px * 0.4)
        label_w = typeset.text_width("Goal:", goal_px) + goal_px
        x0 = cx - (label_w + picture.width) // 2
        shapes += [Text(x0, cy + picture.height // 2, "Goal:", goal_px, theme.muted, "start"),
                   Group(picture.shapes, x0 + label_w, cy)]
    element = film.add("head", [group(shapes)], "chrome", role="chrome")
    settle(element, until, rise(element, layout.legible, layout.head))   # within its room


def head_lines(lines: HeadLines, theme: Theme) -> list[Shape]:
    """A title and goal set by ``room.head_lines``, from their top-left."""
    out: list[Shape] = []
    cy = 0
    for line in lines.title:
        out.append(top_text(0, cy, line, lines.title_px, theme.text, True))
        cy += int(lines.title_px * TITLE_HEIGHT)
    if lines.title and lines.goal:
        cy += lines.gap
    for line in lines.goal:
        out.append(top_text(0, cy, line, lines.goal_px, theme.text))
        cy += int(lines.goal_px * GOAL_HEIGHT)
    return out


PICTURE_HEIGHT = 0.2          # the goal's picture: at most this share of the frame's height,
PICTURE_HEIGHT_TEXT = 0.32    # or this much where its words need the room to be legible


def picture_room(layout: FrameLayout, share: float = PICTURE_HEIGHT) -> tuple[int, int]:
    """The most room (w, h) the goal's small picture may take in the head (beside its
    label "Goal:"), at most ``share`` of the frame's height; none outside the landscape
    panel."""
    if layout.kind != "landscape":
        return (0, 0)
    lpx = sizes(layout).label
    return (layout.head[2] - typeset.text_width("Goal:", lpx) - lpx, int(layout.height * share))


def head_shapes(layout: FrameLayout, theme: Theme, said: Said, picture: GoalPicture | None,
                s: Sizes) -> tuple[list[Shape], int]:
    """The head's shapes, from its top-left, and the height they take: the title, the
    goal sentence, the facts line and (landscape) the goal's picture.  A portrait head
    sets the title as its layout measured it (``TallWords.head``); its goal opens in
    the counter block's place (``panel``)."""
    _x, _y, w, h = layout.head
    H = layout.height
    t = theme
    facts = said.facts
    if layout.kind != "landscape":
        lines = TallWords(layout.legible, w, layout.words, said.heading, True).head()
        return head_lines(lines, t), h
    out: list[Shape] = []
    title_px, title = typeset.fit_lines(said.heading.title, w, s.title)
    if title and title_px < layout.legible:     # more lines at the legible size
        title_px = layout.legible
        title = typeset.wrap(said.heading.title, title_px, w, TITLE_LINES, bold=True)
    cy = int(H * 0.06)
    for line in title:
        out.append(top_text(0, cy, typeset.shorten(line, title_px, w, True), title_px, t.text,
                            True))
        cy += int(title_px * TITLE_HEIGHT)
    cy += int(H * 0.01)
    # a long goal: smaller, then in more lines, never cut short
    goal_px, goal = typeset.fit_whole(said.heading.goal, s.goal, s.goal_min, w, GOAL_LINES)
    for line in goal:
        out.append(top_text(0, cy, line, goal_px, t.text))
        cy += int(goal_px * GOAL_HEIGHT)
    cy += int(H * 0.012)
    if facts:       # whole: in two lines, else its first part ("21 moves")
        facts_lines = typeset.wrap_whole(facts, s.facts, w, 2) or [facts.split(",")[0]]
        for line in facts_lines:
            out.append(top_text(0, cy, typeset.shorten(line, s.facts, w), s.facts, t.muted))
            cy += int(s.facts * FACTS_LINE)
    if picture is not None:
        lpx = s.label
        label_w = typeset.text_width("Goal:", lpx) + lpx
        pw, ph = picture.width, picture.height
        out.append(Text(0, cy + ph // 2, "Goal:", lpx, t.muted, "start"))
        if cy + ph <= h and label_w + pw <= w:
            out.append(Group(picture.shapes, label_w, cy))
        cy += ph + int(H * 0.01)
    return out, min(h, cy + int(H * 0.03))


__all__ = ["COUNTER_HEIGHT", "GOAL_HEIGHT", "PICTURE_HEIGHT", "PICTURE_HEIGHT_TEXT",
           "TITLE_HEIGHT", "GoalPicture", "Said", "Sizes", "compact_title", "head_lines",
           "head_shapes", "picture_room", "sizes", "top_text"]
