"""The words around the board, as elements, in every layout (``render.layout``).

The **head** (``FrameLayout.head``): the title, the goal sentence, the facts and, in the
landscape panel, a small picture of the goal; in compact frames the title and the goal
above the board; still.  The **counter block** (``FrameLayout.panel``): the counter
("Move 12 / 81"), a progress bar and the last few moves with the current one marked;
in a square frame, which has no head, the title and the goal stand in its place while
the video opens.  The **counter line** (compact layouts): the counter alone, under the
board.  The ending shows the **result** there: the counter gives the headline ("Solved
in 81 moves", "No solution exists") from the final hold on, and for the result's time
the list gives way to its note and details ("optimal (piece metric)", "23,822 positions
explored in 16 ms").  Each changing part is one element whose variants are the texts it
ever shows, switched at the start of the phase that shows them (``Plan.counter``), so
every backend shows the same words at the same times.  Sizes follow the frame: the
landscape panel's from its height, the portrait and square ones from the legible size
(``FrameLayout.legible``, scaled by ``FrameLayout.words``), never under it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import cast

from . import draw
from .film import Element, Film, Motion
from .layout import FrameLayout
from .plan import Counter, Plan
from .room import (
    BAR,
    COMPACT_LINES,
    FACTS_LINE,
    LINE_HEIGHTS,
    Heading,
    HeadLines,
    TallWords,
    compact_head,
    spacing,
    word_size,
)
from .shapes import Group, Rect, Shape, Text, group
from .theme import RGB, Theme
from .timeline import CROSSFADE, END, SEARCH_IN, TITLE
from .wording import Ending

TITLE_HEIGHT, GOAL_HEIGHT, COUNTER_HEIGHT = LINE_HEIGHTS   # a line's height / its size


@dataclass(frozen=True)
class GoalPicture:
    """The goal position drawn small: its shapes from (0, 0), ``width`` x ``height``."""

    shapes: tuple[Shape, ...]
    width: int
    height: int


@dataclass
class Variants:
    """The distinct pictures one element shows, by key, in order of first use."""

    make: Callable[[Hashable], Shape]
    shapes: list[Shape] = field(default_factory=list)
    index: dict[Hashable, int] = field(default_factory=dict)

    def of(self, key: Hashable) -> int:
        k = self.index.get(key)
        if k is None:
            k = self.index[key] = len(self.shapes)
            self.shapes.append(self.make(key))
        return k


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


def switch_at(element: Element, changes: Sequence[tuple[float, int]]) -> None:
    """``element`` shows variant k from just after t on, for each (t, k)."""
    shown = element.shape
    for t, k in changes:
        if k != shown:
            element.animate("shape", Motion(t, t, "linear", ((0.0, float(k)),)))
            shown = k


def top_text(x: float, y_top: float, text: str, px: int, colour: RGB, bold: bool = False,
             anchor: str = "start") -> Text:
    """A line whose line box starts at ``y_top`` (as ``draw.draw_text`` with "t")."""
    return Text(x, y_top + draw.text_box(text, px, bold)[1] // 2, text, px, colour, anchor, bold)


@dataclass(frozen=True)
class Said:
    """What the words around the board say: the title and the goal (``heading``), the
    facts line and how the trace ended (``ending``: the result)."""

    heading: Heading
    facts: str
    ending: Ending


def counter_line(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, said: Said) -> None:
    """The compact layouts' counter line under the board; for the result's time, the
    result's note after its headline when the line holds both at a fair size."""
    x, y, w, h = layout.bar
    if h <= 0:
        return
    room = min(int(w * 0.9), layout.width - 2 * layout.safe[0])
    target = max(10, int(h * 0.62))

    def make(key: Hashable) -> Shape:
        text = str(key)
        px = draw.fit_text_px(text, room, target, bold=True)
        text = draw.shorten(text, px, room, True)
        return Text(x + w // 2, y + h // 2, text, px, theme.text, bold=True)

    e = said.ending
    longer = f"{e.headline} · {e.note}" if e.note else e.headline
    fair = draw.fit_text_px(longer, room, target, bold=True) >= max(layout.legible,
                                                                     round(target * 0.75))
    lines = Variants(make)
    changes = []
    for k, phase in enumerate(plan.phases):
        text = plan.counter_line(plan.counter(k), e.headline)
        if phase.kind == END and fair:
            text = longer
        changes.append((plan.spans[k][0], lines.of(text)))
    element = film.add("counter", lines.shapes, "chrome", role="chrome")
    element.shape = changes[0][1] if changes else 0
    switch_at(element, changes)


def compact_title(film: Film, layout: FrameLayout, theme: Theme, heading: Heading) -> None:
    """A compact frame's title and goal, centred above the board (``FrameLayout.head``)."""
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
    title = draw.shorten(heading.title, title_px, w)
    shapes.append(Text(cx, y + line // 2, title, title_px, theme.text))
    cy = y + line
    step = int(goal_px * COMPACT_LINES[1])
    for text in draw.wrap(heading.goal, goal_px, w, goal_lines)[:goal_lines]:
        shapes.append(Text(cx, cy + step // 2, text, goal_px, theme.muted))
        cy += step
    film.add("head", [group(shapes)], "chrome", role="chrome")


def words(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, said: Said,
          counter: bool, picture: GoalPicture | None) -> None:
    """The head and the counter block of a landscape, portrait or square frame
    (``counter``: whether the counter, bar and list show; ``picture``: the goal drawn
    small, landscape only, at most ``picture_room`` large); a square frame's title and
    goal while the video opens."""
    s = sizes(layout)
    top = 0
    if layout.head[2] > 0:
        x, y, _w, _h = layout.head
        head, top = head_shapes(layout, theme, said, picture, s)
        film.add("panel", [group(head, x, y)], "chrome", role="chrome")
    opening = _opening(film, layout, theme, plan, said) if layout.kind == "square" else None
    if not counter or layout.panel[2] <= 0:
        return
    if layout.kind == "landscape":       # the block goes on under the head, in its column
        x, y, w, h = layout.panel
        block = (x, y + top, w, h - top)
    else:
        block = layout.panel
    made = counter_block(film, layout, theme, plan, said.ending, block, s)
    if opening is not None:              # the block comes in as the opening goes
        a, b = opening
        for element in made:
            element.opacity = 0.0
            element.animate("opacity", Motion(a, b, "linear", ((0.0, 0.0), (1.0, 1.0))))


def _opening(film: Film, layout: FrameLayout, theme: Theme, plan: Plan,
             said: Said) -> tuple[float, float] | None:
    """A square frame's title and goal in its panel's room, from the start until the
    title's time is over, then crossfading (the times of that crossfade; None when the
    video has no title)."""
    shown = plan.span(TITLE)
    if shown is None or not said.heading.title:
        return None
    x, y, w, _h = layout.panel
    lines = TallWords(layout.legible, layout.width, layout.words, said.heading,
                      False).opening(w)
    shapes = _head_lines(lines, theme)
    element = film.add("panel.opening", [group(shapes)], "chrome", x=x, y=y, role="chrome")
    a = shown[1]
    searched = plan.span(SEARCH_IN)
    b = searched[0] if searched is not None else a + CROSSFADE
    if searched is not None:
        a = b
    element.animate("opacity", Motion(a, b, "linear", ((0.0, 1.0), (1.0, 0.0))))
    return a, b


def _head_lines(lines: HeadLines, theme: Theme) -> list[Shape]:
    """A title and goal set by ``layout.head_lines``, from their top-left."""
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


def counter_block(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, ending: Ending,
                  area: tuple[int, int, int, int], s: Sizes) -> list[Element]:
    """The counter, the progress bar and the last moves, from the top of ``area``; the
    result's note and details in the list's place for the result's time.  Returns the
    elements made."""
    x, y, w, h = area
    t = theme

    def big(key: Hashable) -> Shape:
        text = str(key)
        px = max(layout.legible, draw.fit_text_px(text, w, s.counter, bold=True))
        return top_text(x, y, draw.shorten(text, px, w, True), px, t.text, True)

    bar_h = max(4, layout.height // 60) if layout.kind == "landscape" \
        else max(4, round(layout.legible * BAR))
    bar_y = y + int(s.counter * COUNTER_HEIGHT)
    space = spacing(layout.words)
    room_top = bar_y + bar_h + (int(layout.height * 0.03) if layout.kind == "landscape"
                                else round(layout.legible * space.under_bar))

    def bar(key: Hashable) -> Shape:
        done = cast(int, key)
        shapes: list[Shape] = [Rect(x, bar_y, w, bar_h, t.track, rx=bar_h / 2)]
        if done >= bar_h:
            shapes.append(Rect(x, bar_y, done, bar_h, t.accent, rx=bar_h / 2))
        return group(shapes)

    rpx = s.row
    row_h = int(rpx * space.row)
    room = max(0, (y + h - room_top) // row_h)
    num_w = draw.text_width("0000", rpx)

    def row(key: Hashable) -> Shape:
        """One entry of the list, from the row's top-left."""
        number, note, current = cast(tuple[str, str, bool], key)
        colour = t.text if current else t.muted
        shapes: list[Shape] = []
        if current:
            shapes.append(Rect(0, 0, w, row_h, t.row))
        if number:
            shapes.append(Text(num_w - rpx // 2, row_h // 2, number, rpx, colour, "end",
                               bold=current))
        note_x = num_w + rpx
        note = draw.shorten(note, rpx, w - note_x, bool(current))
        if note:
            shapes.append(Text(note_x, row_h // 2, note, rpx, colour, "start", bold=current))
        return group(shapes)

    entries = Variants(row)          # one shape an entry, shared by the rows showing it
    bigs, bars = Variants(big), Variants(bar)
    rows = [Variants(lambda key: entries.shapes[entries.of(key)]) for _ in range(room)]
    big_changes: list[tuple[float, int]] = []
    bar_changes: list[tuple[float, int]] = []
    row_changes: list[list[tuple[float, int]]] = [[] for _ in rows]
    blank = ("", "", False)
    for k, phase in enumerate(plan.phases):
        c = plan.counter(k)
        t0 = plan.spans[k][0]
        big_changes.append((t0, bigs.of(plan.counter_line(c, ending.headline))))
        bar_changes.append((t0, bars.of(_done(plan, c, w))))
        listed = plan.recent(c.entry)[-room:] if room and phase.kind != END else []
        for slot, changes in enumerate(row_changes):
            changes.append((t0, rows[slot].of(listed[slot] if slot < len(listed) else blank)))
    made: list[Element] = []
    for name, variants, changes, place in (
            ("counter", bigs, big_changes, (0, 0)),
            ("progress", bars, bar_changes, (0, 0)),
            *((f"row{slot}", rows[slot], row_changes[slot], (x, room_top + slot * row_h))
              for slot in range(room))):
        element = film.add(f"panel.{name}", variants.shapes, "chrome", x=place[0],
                           y=place[1], role="chrome")
        element.shape = changes[0][1] if changes else 0
        switch_at(element, changes)
        made.append(element)
    shown = plan.span(END)
    lines = result_lines(ending, rpx, w, room)
    if shown is not None and lines:
        colours = {"note": t.emphasis, "detail": t.muted}
        shapes = [Text(0, row_h * i + row_h // 2, text, rpx, colours[kind], "start",
                       bold=kind == "note") for i, (text, kind) in enumerate(lines)]
        result = film.add("panel.result", [group(shapes)], "chrome", x=x, y=room_top,
                          opacity=0.0, role="chrome")
        result.animate("opacity", Motion(shown[0], shown[0], "linear", ((0.0, 1.0),)))
    return made


def result_lines(ending: Ending, px: int, width: int, most: int) -> list[tuple[str, str]]:
    """The result's note and details as lines of ``width`` pixels at ``px``: (text,
    "note" | "detail"), at most ``most`` of them (a detail that no longer fits whole is
    left out, never cut)."""
    out: list[tuple[str, str]] = []
    for text, kind in ([(ending.note, "note")] if ending.note else []) + \
            [(d, "detail") for d in ending.details]:
        lines = draw.wrap(text, px, width, most, bold=kind == "note")
        if " ".join(lines) != " ".join(text.split()) or len(out) + len(lines) > most:
            continue
        out += [(line, kind) for line in lines]
    return out


def _done(plan: Plan, c: Counter, w: int) -> int:
    """The progress bar's filled width."""
    total = plan.totals.get(c.word)
    frac = 1.0 if (c.final and plan.solved()) else (c.move / total if total else 0.0)
    return int(round(w * min(max(frac, 0.0), 1.0)))


PICTURE_HEIGHT = 0.2          # the goal's picture: at most this share of the frame's height,
PICTURE_HEIGHT_TEXT = 0.26    # or this much where its words need the room to be legible


def picture_room(layout: FrameLayout, share: float = PICTURE_HEIGHT) -> tuple[int, int]:
    """The most room (w, h) the goal's small picture may take in the head (beside its
    label "Goal:"), at most ``share`` of the frame's height; none outside the landscape
    panel."""
    if layout.kind != "landscape":
        return (0, 0)
    lpx = sizes(layout).label
    return (layout.head[2] - draw.text_width("Goal:", lpx) - lpx, int(layout.height * share))


def head_shapes(layout: FrameLayout, theme: Theme, said: Said, picture: GoalPicture | None,
                s: Sizes) -> tuple[list[Shape], int]:
    """The head's shapes, from its top-left, and the height they take: the title, the
    goal sentence, the facts line and (landscape) the goal's picture.  A portrait head
    sets the title and the whole goal as its layout measured them (``TallWords.head``),
    then the facts where they fit."""
    _x, _y, w, h = layout.head
    H = layout.height
    t = theme
    facts = said.facts
    if layout.kind != "landscape":
        lines = TallWords(layout.legible, w, layout.words, said.heading, True).head()
        out = _head_lines(lines, t)
        cy = lines.height()
        if facts and cy + s.facts * 1.3 <= h:
            out.append(top_text(0, cy, draw.shorten(facts, s.facts, w), s.facts, t.muted))
        return out, h
    out = []
    title_px, title = draw.fit_lines(said.heading.title, w, s.title)
    title_px = max(layout.legible, title_px)
    cy = int(H * 0.06)
    for line in title:
        out.append(top_text(0, cy, draw.shorten(line, title_px, w, True), title_px, t.text,
                            True))
        cy += int(title_px * TITLE_HEIGHT)
    cy += int(H * 0.01)
    goal = said.heading.goal
    goal_px = s.goal
    whole = " ".join(goal.split())
    while goal_px > s.goal_min and " ".join(draw.wrap(whole, goal_px, w, 4)) != whole:
        goal_px -= 1          # a long goal: smaller, rather than cut short
    for line in draw.wrap(goal, goal_px, w, 4):
        out.append(top_text(0, cy, line, goal_px, t.text))
        cy += int(goal_px * GOAL_HEIGHT)
    cy += int(H * 0.012)
    if facts:
        out.append(top_text(0, cy, draw.shorten(facts, s.facts, w), s.facts, t.muted))
        cy += int(s.facts * FACTS_LINE)
    if picture is not None:
        lpx = s.label
        label_w = draw.text_width("Goal:", lpx) + lpx
        pw, ph = picture.width, picture.height
        out.append(Text(0, cy + ph // 2, "Goal:", lpx, t.muted, "start"))
        if cy + ph <= h and label_w + pw <= w:
            out.append(Group(picture.shapes, label_w, cy))
        cy += ph + int(H * 0.01)
    return out, min(h, cy + int(H * 0.03))


__all__ = ["PICTURE_HEIGHT", "PICTURE_HEIGHT_TEXT", "GoalPicture", "Said", "Sizes", "Variants",
           "compact_title", "counter_block", "counter_line", "head_shapes", "picture_room",
           "result_lines", "sizes", "switch_at", "top_text", "words"]
