"""The words around the board, as elements: the side panel or the compact counter line.

The **panel** (``FrameLayout.panel``): the title, the goal sentence, the facts and a
small picture of the goal at the top (still), then the counter ("Move 12 / 81") with a
progress bar, and the last few moves with the current one marked.  The **counter line**
(compact layouts): the counter alone, under the board.  Each changing part is one
element whose variants are the texts it ever shows, switched at the start of the phase
that shows them (``Plan.counter``), so every backend shows the same words at the same
times.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import cast

from puzzlereel.trace import Header

from . import cards, draw
from .film import Element, Film, Motion
from .layout import FrameLayout
from .plan import Counter, Plan
from .shapes import Group, Rect, Shape, Text, group
from .theme import RGB, Theme


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


def counter_line(film: Film, layout: FrameLayout, theme: Theme, plan: Plan,
                 end_text: str) -> None:
    """The compact layouts' counter line under the board."""
    x, y, w, h = layout.bar
    if h <= 0:
        return

    def make(key: Hashable) -> Shape:
        text = str(key)
        px = draw.fit_text_px(text, int(w * 0.9), max(10, int(h * 0.62)), bold=True)
        text = draw.shorten(text, px, w, True)
        return Text(x + w // 2, y + h // 2, text, px, theme.text, bold=True)

    lines = Variants(make)
    changes = [(plan.spans[k][0], lines.of(plan.counter_line(plan.counter(k), end_text)))
               for k in range(len(plan.phases))]
    element = film.add("counter", lines.shapes, "chrome", role="chrome")
    element.shape = changes[0][1] if changes else 0
    switch_at(element, changes)


def panel(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, header: Header,
          goal: str, end_text: str, counter: bool, picture: GoalPicture | None) -> None:
    """The side panel (see the module docstring): ``goal`` the goal sentence,
    ``end_text`` the counter at the final hold of a solved trace, ``counter`` whether
    the counter and the list show, ``picture`` the goal drawn small (at most
    ``picture_room`` large, its shapes from its origin)."""
    x, y, w, h = layout.panel
    H = layout.height
    t = theme
    head, top = panel_head(layout, theme, plan, header, goal, picture)
    film.add("panel", [group(head, x, y)], "chrome", role="chrome")
    bpx_target = max(14, H // 16)
    cy = y + top

    def big(key: Hashable) -> Shape:
        text = str(key)
        px = draw.fit_text_px(text, w, bpx_target, bold=True)
        return top_text(x, cy, draw.shorten(text, px, w, True), px, t.text, True)

    bpx_line = int(bpx_target * 1.45)
    bar_h = max(4, H // 60)
    bar_y = cy + bpx_line
    room_top = bar_y + bar_h + int(H * 0.03)

    def bar(key: Hashable) -> Shape:
        done = cast(int, key)
        shapes: list[Shape] = [Rect(x, bar_y, w, bar_h, t.track, rx=bar_h / 2)]
        if done >= bar_h:
            shapes.append(Rect(x, bar_y, done, bar_h, t.accent, rx=bar_h / 2))
        return group(shapes)

    rpx = max(10, H // 34)
    row_h = int(rpx * 1.75)
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

    if not counter:
        return
    bigs, bars = Variants(big), Variants(bar)
    rows = [Variants(lambda key: entries.shapes[entries.of(key)]) for _ in range(room)]
    big_changes: list[tuple[float, int]] = []
    bar_changes: list[tuple[float, int]] = []
    row_changes: list[list[tuple[float, int]]] = [[] for _ in rows]
    blank = ("", "", False)
    for k in range(len(plan.phases)):
        c = plan.counter(k)
        t0 = plan.spans[k][0]
        big_changes.append((t0, bigs.of(plan.counter_line(c, end_text))))
        bar_changes.append((t0, bars.of(_done(plan, c, w))))
        listed = plan.recent(c.entry)[-room:] if room else []
        for slot, changes in enumerate(row_changes):
            changes.append((t0, rows[slot].of(listed[slot] if slot < len(listed) else blank)))
    for name, variants, changes, place in (
            ("counter", bigs, big_changes, (0, 0)),
            ("progress", bars, bar_changes, (0, 0)),
            *((f"row{slot}", rows[slot], row_changes[slot], (x, room_top + slot * row_h))
              for slot in range(room))):
        element = film.add(f"panel.{name}", variants.shapes, "chrome", x=place[0],
                           y=place[1], role="chrome")
        element.shape = changes[0][1] if changes else 0
        switch_at(element, changes)


def _done(plan: Plan, c: Counter, w: int) -> int:
    """The progress bar's filled width."""
    total = plan.totals.get(c.word)
    frac = 1.0 if (c.final and plan.solved()) else (c.move / total if total else 0.0)
    return int(round(w * min(max(frac, 0.0), 1.0)))


def label_px(layout: FrameLayout) -> int:
    return max(10, layout.height // 40)


def picture_room(layout: FrameLayout) -> tuple[int, int]:
    """The most room (w, h) the goal's small picture may take in the panel (beside its
    label "Goal:")."""
    lpx = label_px(layout)
    return (layout.panel[2] - draw.text_width("Goal:", lpx) - lpx, int(layout.height * 0.2))


def panel_head(layout: FrameLayout, theme: Theme, plan: Plan, header: Header, goal: str,
               picture: GoalPicture | None) -> tuple[list[Shape], int]:
    """The panel's still top part, relative to the panel's top-left, and its height:
    the title, the goal sentence, the facts line and the goal's picture."""
    _x, _y, w, h = layout.panel
    H = layout.height
    t = theme
    out: list[Shape] = []
    title_px, title = cards.fit_lines(cards.human_title(header), w, max(14, H // 15))
    cy = int(H * 0.06)
    for line in title:
        out.append(top_text(0, cy, draw.shorten(line, title_px, w, True), title_px, t.text,
                            True))
        cy += int(title_px * 1.3)
    cy += int(H * 0.01)
    goal_px = max(10, H // 30)
    whole = " ".join(goal.split())
    while goal_px > max(10, H // 45) and " ".join(draw.wrap(whole, goal_px, w, 4)) != whole:
        goal_px -= 1          # a long goal: smaller, rather than cut short
    for line in draw.wrap(goal, goal_px, w, 4):
        out.append(top_text(0, cy, line, goal_px, t.text))
        cy += int(goal_px * 1.4)
    cy += int(H * 0.012)
    facts = cards.facts_line(header, plan.totals.get(plan.word))
    if facts:
        fpx = max(10, H // 38)
        out.append(top_text(0, cy, draw.shorten(facts, fpx, w), fpx, t.muted))
        cy += int(fpx * 1.6)
    if picture is not None:
        lpx = label_px(layout)
        label_w = draw.text_width("Goal:", lpx) + lpx
        pw, ph = picture.width, picture.height
        out.append(Text(0, cy + ph // 2, "Goal:", lpx, t.muted, "start"))
        if cy + ph <= h and label_w + pw <= w:
            out.append(Group(picture.shapes, label_w, cy))
        cy += ph + int(H * 0.01)
    return out, min(h, cy + int(H * 0.03))


__all__ = ["GoalPicture", "Variants", "counter_line", "label_px", "panel", "panel_head",
           "picture_room", "switch_at", "top_text"]
