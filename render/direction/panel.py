"""The words around the board that change as the video plays, as elements, in every
layout (``render.direction.layout``; the still head above or beside the board is
``render.direction.head``).

The **counter block** (``FrameLayout.panel``): the counter ("Move 12 / 81"), a progress
bar and the last few moves with the current one marked; in a square frame, which has no
head, the title and the goal stand in its place while the video opens.  The **counter
line** (compact layouts): the counter alone, under the board.  The ending shows the
**result** there: the counter gives the headline ("Solved in 81 moves", "No solution
exists") from the final hold on, and for the result's time the list gives way to its
note and details ("optimal (piece metric)", "23,822 positions explored in 16 ms").
Each changing part is one element whose variants are the texts it ever shows, switched
at the start of the phase that shows them (``Plan.counter``), so every backend shows the
same words at the same times.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import cast

from puzzlereel.render.direction.head import (
    COUNTER_HEIGHT,
    GoalPicture,
    Said,
    Sizes,
    head_shapes,
    sizes,
    top_text,
)
from puzzlereel.render.direction.layout import FrameLayout, overlays
from puzzlereel.render.direction.listing import REMARK, latest, result_filling
from puzzlereel.render.direction.opening import opening
from puzzlereel.render.direction.plan import Counter, Plan, remarks
from puzzlereel.render.direction.room import BAR, spacing
from puzzlereel.render.direction.transitions import ease_in, rise, settle
from puzzlereel.render.direction.wording import Ending
from puzzlereel.render.film import typeset
from puzzlereel.render.film.elements import Element, Film, Motion
from puzzlereel.render.film.shapes import Rect, Shape, Text, group
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.film.timeline import END, HOLD


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


def counter_line(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, said: Said,
                 counting: bool = True) -> None:
    """The compact layouts' counter line under the board (``counting`` False: empty
    until the result's headline); for the result's time, the result's note after its
    headline when the line holds both at a fair size."""
    x, y, w, h = layout.bar
    if h <= 0:
        return
    room = min(int(w * 0.9), layout.width - 2 * layout.safe[0])
    target = max(layout.legible, int(h * 0.62))

    def make(key: Hashable) -> Shape:
        text = str(key)
        px = max(layout.legible, typeset.fit_text_px(text, room, target, bold=True))
        text = typeset.shorten(text, px, room, True)
        return Text(x + w // 2, y + h // 2, text, px, theme.text, bold=True)

    e = said.ending
    longer = f"{e.headline} · {e.note}" if e.note else e.headline
    fair = typeset.fit_text_px(longer, room, target, bold=True) >= max(layout.legible,
                                                                       round(target * 0.75))
    lines = Variants(make)
    changes = []
    for k in range(len(plan.phases)):
        c = plan.counter(k)
        text = plan.counter_line(c, e.headline) if counting or c.final else ""
        if fair and plan.shows_result(k):
            text = longer
        changes.append((plan.spans[k][0], lines.of(text)))
    element = film.add("counter", lines.shapes, "chrome", role="chrome")
    element.shape = changes[0][1] if changes else 0
    switch_at(element, changes)
    for at in _result_times(plan, changes):
        ease_in(element, at, plan.settled(), rise_of(layout, element))


def words(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, said: Said,
          counter: bool, picture: GoalPicture | None) -> None:
    """The head and the counter block of a landscape, portrait or square frame
    (``counter``: whether the counter, bar and list show while the moves play; the
    result shows at the end either way; ``picture``: the goal drawn small, in the
    landscape head at most ``picture_room`` large, in a portrait or square frame's
    opening after its words, as large as ``opening_room``); a square frame's title and
    goal, a portrait frame's goal, while the video opens."""
    s = sizes(layout)
    top = 0
    landscape = layout.kind == "landscape"
    if layout.head[2] > 0:
        x, y, _w, _h = layout.head
        head, top = head_shapes(layout, theme, said, picture if landscape else None, s)
        element = film.add("panel", [group(head, x, y)], "chrome", role="chrome")
        settle(element, plan.settled(), rise_of(layout, element))
    shown = opening(film, layout, theme, plan, said, None if landscape else picture) \
        if layout.kind in ("square", "portrait") else None
    if layout.panel[2] <= 0:
        return
    if landscape:                        # the block goes on under the head, in its column
        x, y, w, h = layout.panel
        block = (x, y + top, w, h - top)
    else:
        block = layout.panel
    counter_block(film, layout, theme, plan, said.ending, block, s, counter, shown)


def counter_block(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, ending: Ending,
                  area: tuple[int, int, int, int], s: Sizes,
                  counting: bool = True,
                  coming: tuple[float, float] | None = None) -> list[Element]:
    """The counter, the progress bar and the last moves, from the top of ``area``; the
    result's headline in the counter's place from the final hold on, its note and
    details in the list's place for the result's time, each easing in.  ``counting``
    False: no counter, bar or list while the moves play, only the result; ``coming``:
    the times the block fades in over (as the opening goes), else it shows from the
    start.  Returns the elements made."""
    block = _Block.of(layout, plan, area, s)
    pictures = _Pictures(block, layout, theme, s.counter)
    entries = Variants(pictures.row)     # one shape an entry, shared by the rows showing it
    counters, bars = Variants(pictures.counter), Variants(pictures.bar)
    rows = [Variants(lambda key: entries.shapes[entries.of(key)]) for _ in range(block.rows)]
    counter_changes: list[tuple[float, int]] = []
    bar_changes: list[tuple[float, int]] = []
    row_changes: list[list[tuple[float, int]]] = [[] for _ in rows]
    for t0, headline, done, listed in _shown(plan, ending, block, counting,
                                             overlays(layout.width, layout.height)[0] > 0):
        counter_changes.append((t0, counters.of(headline)))
        bar_changes.append((t0, bars.of(done)))
        for slot, line in enumerate(listed):
            row_changes[slot].append((t0, rows[slot].of(line)))
    made = [_switching(film, "counter", counters, counter_changes, (0, 0), coming),
            _switching(film, "progress", bars, bar_changes, (0, 0), coming)]
    for at in _result_times(plan, counter_changes):          # the result's headline eases in
        ease_in(made[0], at, plan.settled(), rise_of(layout, made[0]))
    made += [_switching(film, f"row{slot}", rows[slot], row_changes[slot],
                        (block.x, block.room_top + slot * block.row_h), coming)
             for slot in range(block.rows)]
    _result(film, layout, theme, plan, ending, block)
    return made


@dataclass(frozen=True)
class _Block:
    """Where the counter block's parts sit in its area (``x``, ``y``, ``w``, ``h``): the
    counter at its top, the progress bar (``bar_y``, ``bar_h``), then the list's
    ``rows`` rows ``row_h`` apart from ``room_top``, set at ``rpx``, their numbers
    right-aligned in ``num_w``; ``line``: a row's height in multiples of its size."""

    x: int
    y: int
    w: int
    h: int
    bar_y: int
    bar_h: int
    room_top: int
    rpx: int
    row_h: int
    rows: int
    num_w: int
    line: float

    @staticmethod
    def of(layout: FrameLayout, plan: Plan, area: tuple[int, int, int, int], s: Sizes
           ) -> _Block:
        x, y, w, h = area
        landscape = layout.kind == "landscape"
        bar_h = max(4, layout.height // 60) if landscape \
            else max(4, round(layout.legible * BAR))
        bar_y = y + int(s.counter * COUNTER_HEIGHT)
        space = spacing(layout.words)
        room_top = bar_y + bar_h + (int(layout.height * 0.03) if landscape
                                    else round(layout.legible * space.under_bar))
        rpx = s.row
        row_h = int(rpx * space.row)
        digits = "0" * max([2] + [len(line.number) for line in plan.lines])
        num_w = typeset.text_width(digits, rpx, True) + rpx // 2   # a right-aligned number
        return _Block(x, y, w, h, bar_y, bar_h, room_top, rpx, row_h,
                      max(0, (y + h - room_top) // row_h), num_w, space.row)


Row = tuple[str, tuple[str, ...], bool]      # a list row: number, notes, marked
BLANK_ROW: Row = ("", (), False)


@dataclass(frozen=True)
class _Pictures:
    """The counter block's pictures, by key: the counter's words, the progress bar
    filled so far, a row of the list."""

    block: _Block
    layout: FrameLayout
    theme: Theme
    counter_px: int

    def counter(self, key: Hashable) -> Shape:
        text, b = str(key), self.block
        px = max(self.layout.legible, typeset.fit_text_px(text, b.w, self.counter_px,
                                                          bold=True))
        return top_text(b.x, b.y, typeset.shorten(text, px, b.w, True), px, self.theme.text,
                        True)

    def bar(self, key: Hashable) -> Shape:
        """The bar ``key`` pixels filled (none while the moves play without a counter:
        a negative key)."""
        done, b = cast(int, key), self.block
        if done < 0:
            return group([])
        shapes: list[Shape] = [Rect(b.x, b.bar_y, b.w, b.bar_h, self.theme.track,
                                    rx=b.bar_h / 2)]
        if done >= b.bar_h:
            shapes.append(Rect(b.x, b.bar_y, done, b.bar_h, self.theme.accent,
                               rx=b.bar_h / 2))
        return group(shapes)

    def row(self, key: Hashable) -> Shape:
        """One line of the list, from the row's top-left: its number and its moves (the
        latest of them that fit); or a remark ("!", its words longest first, False): the
        longest that fits, in the emphasis colour."""
        number, notes, current = cast(Row, key)
        b, t = self.block, self.theme
        if number == REMARK:
            said = next((n for n in notes if typeset.fits(n, b.rpx, b.w, True)), "")
            return group([Text(0, b.row_h // 2, said, b.rpx, t.emphasis, "start", bold=True)]
                         if said else [])
        colour = t.text if current else t.muted
        shapes: list[Shape] = []
        if current:
            shapes.append(Rect(0, 0, b.w, b.row_h, t.row))
        bold, note_x, (note, px) = self._whole_row(notes, bool(current), b.num_w + b.rpx)
        if number and note_x:
            shapes.append(Text(b.num_w - b.rpx // 2, b.row_h // 2, number, b.rpx, colour,
                               "end", bold=bold))
        if note:
            shapes.append(Text(note_x, b.row_h // 2, note, px, colour, "start", bold=bold))
        return group(shapes)

    def _whole_row(self, notes: tuple[str, ...], bold: bool,
                   note_x: int) -> tuple[bool, int, tuple[str, int]]:
        """Where and how a line's moves are set whole: in bold (the marked line) after
        the number, else in the regular weight, else without the number (the counter
        says it); a move too long for all three is shortened."""
        b = self.block
        for weight, x0 in ((bold, note_x), (False, note_x), (False, 0)):
            fitted = latest(notes, b.rpx, b.w - x0, self.layout.legible, weight)
            if fitted is not None:
                return weight, x0, fitted
        return bold, note_x, (typeset.shorten(notes[-1], b.rpx, b.w - note_x, bold), b.rpx)


def _shown(plan: Plan, ending: Ending, block: _Block, counting: bool, bottom: bool
           ) -> list[tuple[float, str, int, list[Row]]]:
    """What the block shows in each phase, from its start: the counter's words, the
    bar's filled width (-1: no bar) and each row of the list."""
    remarked = remarks(plan)
    out: list[tuple[float, str, int, list[Row]]] = []
    for k in range(len(plan.phases)):
        c = plan.counter(k)
        headline = plan.counter_line(c, ending.headline) if counting or c.final else ""
        out.append((plan.spans[k][0], headline, _done(plan, c, block.w) if counting else -1,
                    _listed(plan, k, c, remarked[k], block, counting, bottom)))
    return out


def _listed(plan: Plan, k: int, c: Counter, remarked: tuple[str, ...], block: _Block,
            counting: bool, bottom: bool) -> list[Row]:
    """The list's rows in phase ``k``: a remark that fits first (or none), then the last
    few lines, which give way to the result; a short list ends at the bottom of a 9:16
    frame's block (``bottom``: which ends at the platforms' caption), elsewhere it
    starts under the bar (after a remark)."""
    rows = block.rows
    said = tuple(n for n in remarked if typeset.fits(n, block.rpx, block.w, True)) \
        if counting and rows >= 2 else ()
    free = rows - 1 if said else rows
    listed = plan.recent(c.entry, c.note)[-free:] \
        if free and counting and not plan.shows_result(k) else []
    first = rows - len(listed) if bottom else (1 if said else 0)
    out = [listed[slot - first] if 0 <= slot - first < len(listed) else BLANK_ROW
           for slot in range(rows)]
    if said and rows:
        out[0] = (REMARK, said, False)
    return out


def _switching(film: Film, name: str, variants: Variants, changes: list[tuple[float, int]],
               place: tuple[int, int], coming: tuple[float, float] | None) -> Element:
    """An element of the block at ``place`` showing its ``variants`` as they change,
    fading in over ``coming`` (None: shown from the start)."""
    element = film.add(f"panel.{name}", variants.shapes, "chrome", x=place[0], y=place[1],
                       role="chrome")
    element.shape = changes[0][1] if changes else 0
    if coming is not None:
        element.opacity = 0.0
        element.animate("opacity", Motion(*coming, "linear", ((0.0, 0.0), (1.0, 1.0))))
    switch_at(element, changes)
    return element


def _result(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, ending: Ending,
            block: _Block) -> None:
    """The result's note and details in the list's room (in its middle in a portrait
    frame), easing in at the result's time."""
    shown = plan.span(END)
    px, lines = result_filling(ending, block.rpx, block.w, block.y + block.h - block.room_top,
                               block.line)
    if shown is None or not lines:
        return
    colours = {"note": theme.emphasis, "detail": theme.muted}
    line_h = int(px * block.line)
    shapes = [Text(0, line_h * i + line_h // 2, text, px, colours[kind], "start",
                   bold=kind == "note") for i, (text, kind) in enumerate(lines)]
    top = block.room_top
    if layout.kind != "landscape":
        top += max(0, block.y + block.h - block.room_top - line_h * len(lines)) // 2
    result = film.add("panel.result", [group(shapes)], "chrome", x=block.x, y=top,
                      opacity=0.0, role="chrome")
    ease_in(result, shown[0], plan.settled(), rise_of(layout, result))


def _result_times(plan: Plan, changes: Sequence[tuple[float, int]]) -> list[float]:
    """The times at which the result's words come in, of a counter's ``changes`` (one a
    phase): where it changes in the final hold and the result's time."""
    out, shown = [], changes[0][1] if changes else 0
    for k, (t, shape) in enumerate(changes):
        if shape != shown and plan.phases[k].kind in (HOLD, END):
            out.append(t)
        shown = shape
    return out


def rise_of(layout: FrameLayout, element: Element) -> float:
    """How far ``element`` rises into place as it eases in (``transitions.rise``)."""
    return rise(element, layout.legible, layout.safe)


def _done(plan: Plan, c: Counter, w: int) -> int:
    """The progress bar's filled width."""
    total = plan.totals.get(c.word)
    frac = 1.0 if (c.final and plan.solved()) else (c.move / total if total else 0.0)
    return int(round(w * min(max(frac, 0.0), 1.0)))


__all__ = ["Variants", "counter_block", "counter_line", "switch_at", "words"]
