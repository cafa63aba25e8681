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
from puzzlereel.render.direction.opening import opening
from puzzlereel.render.direction.plan import Counter, Plan, remarks
from puzzlereel.render.direction.room import BAR, grown, spacing
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
    x, y, w, h = area
    t = theme

    def big(key: Hashable) -> Shape:
        text = str(key)
        px = max(layout.legible, typeset.fit_text_px(text, w, s.counter, bold=True))
        return top_text(x, y, typeset.shorten(text, px, w, True), px, t.text, True)

    bar_h = max(4, layout.height // 60) if layout.kind == "landscape" \
        else max(4, round(layout.legible * BAR))
    bar_y = y + int(s.counter * COUNTER_HEIGHT)
    space = spacing(layout.words)
    room_top = bar_y + bar_h + (int(layout.height * 0.03) if layout.kind == "landscape"
                                else round(layout.legible * space.under_bar))

    def bar(key: Hashable) -> Shape:
        done = cast(int, key)
        if done < 0:                     # none while the moves play (no counter)
            return group([])
        shapes: list[Shape] = [Rect(x, bar_y, w, bar_h, t.track, rx=bar_h / 2)]
        if done >= bar_h:
            shapes.append(Rect(x, bar_y, done, bar_h, t.accent, rx=bar_h / 2))
        return group(shapes)

    rpx = s.row
    row_h = int(rpx * space.row)
    room = max(0, (y + h - room_top) // row_h)
    digits = "0" * max([2] + [len(line.number) for line in plan.lines])
    num_w = typeset.text_width(digits, rpx, True) + rpx // 2   # a right-aligned number

    def row(key: Hashable) -> Shape:
        """One line of the list, from the row's top-left: its number and its moves (the
        latest of them that fit); or a remark ("!", its words longest first, False): the
        longest that fits, in the emphasis colour."""
        number, notes, current = cast(tuple[str, tuple[str, ...], bool], key)
        if number == REMARK:
            said = next((n for n in notes if typeset.fits(n, rpx, w, True)), "")
            return group([Text(0, row_h // 2, said, rpx, t.emphasis, "start", bold=True)]
                         if said else [])
        colour = t.text if current else t.muted
        shapes: list[Shape] = []
        if current:
            shapes.append(Rect(0, 0, w, row_h, t.row))
        bold, note_x, (note, px) = whole_row(notes, bool(current), num_w + rpx)
        if number and note_x:
            shapes.append(Text(num_w - rpx // 2, row_h // 2, number, rpx, colour, "end",
                               bold=bold))
        if note:
            shapes.append(Text(note_x, row_h // 2, note, px, colour, "start", bold=bold))
        return group(shapes)

    def whole_row(notes: tuple[str, ...], bold: bool,
                  note_x: int) -> tuple[bool, int, tuple[str, int]]:
        """Where and how a line's moves are set whole: in bold (the marked line) after
        the number, else in the regular weight, else without the number (the counter
        says it); a move too long for all three is shortened."""
        for weight, x0 in ((bold, note_x), (False, note_x), (False, 0)):
            fitted = latest(notes, rpx, w - x0, layout.legible, weight)
            if fitted is not None:
                return weight, x0, fitted
        return bold, note_x, (typeset.shorten(notes[-1], rpx, w - note_x, bold), rpx)

    entries = Variants(row)          # one shape an entry, shared by the rows showing it
    bigs, bars = Variants(big), Variants(bar)
    rows = [Variants(lambda key: entries.shapes[entries.of(key)]) for _ in range(room)]
    big_changes: list[tuple[float, int]] = []
    bar_changes: list[tuple[float, int]] = []
    row_changes: list[list[tuple[float, int]]] = [[] for _ in rows]
    blank: tuple[str, tuple[str, ...], bool] = ("", (), False)
    remarked = remarks(plan)
    bottom = overlays(layout.width, layout.height)[0] > 0
    for k in range(len(plan.phases)):
        c = plan.counter(k)
        t0 = plan.spans[k][0]
        visible = counting or c.final
        big_changes.append((t0, bigs.of(plan.counter_line(c, ending.headline) if visible
                                        else "")))
        bar_changes.append((t0, bars.of(_done(plan, c, w) if counting else -1)))
        said = tuple(n for n in remarked[k] if typeset.fits(n, rpx, w, True)) \
            if counting and room >= 2 else ()                # a remark that fits, or none
        free = room - 1 if said else room
        listed = plan.recent(c.entry, c.note)[-free:] \
            if free and counting and not plan.shows_result(k) else []   # gives way to it
        # a short list ends at the bottom of a 9:16 frame's block, which ends at the
        # platforms' caption; elsewhere it starts under the bar (after a remark)
        first = room - len(listed) if bottom else (1 if said else 0)
        for slot, changes in enumerate(row_changes):
            line = listed[slot - first] if 0 <= slot - first < len(listed) else blank
            if said and slot == 0:
                line = (REMARK, said, False)
            changes.append((t0, rows[slot].of(line)))
    made: list[Element] = []
    for name, variants, changes, place in (
            ("counter", bigs, big_changes, (0, 0)),
            ("progress", bars, bar_changes, (0, 0)),
            *((f"row{slot}", rows[slot], row_changes[slot], (x, room_top + slot * row_h))
              for slot in range(room))):
        element = film.add(f"panel.{name}", variants.shapes, "chrome", x=place[0],
                           y=place[1], role="chrome")
        element.shape = changes[0][1] if changes else 0
        if coming is not None:
            element.opacity = 0.0
            element.animate("opacity", Motion(*coming, "linear", ((0.0, 0.0), (1.0, 1.0))))
        switch_at(element, changes)
        if name == "counter":           # the result's headline eases in
            for at in _result_times(plan, changes):
                ease_in(element, at, plan.settled(), rise_of(layout, element))
        made.append(element)
    shown = plan.span(END)
    px, lines = result_filling(ending, rpx, w, y + h - room_top, space.row)
    if shown is not None and lines:
        colours = {"note": t.emphasis, "detail": t.muted}
        line_h = int(px * space.row)
        shapes = [Text(0, line_h * i + line_h // 2, text, px, colours[kind], "start",
                       bold=kind == "note") for i, (text, kind) in enumerate(lines)]
        top = room_top
        if layout.kind != "landscape":          # in the middle of a portrait list's room
            top += max(0, y + h - room_top - line_h * len(lines)) // 2
        result = film.add("panel.result", [group(shapes)], "chrome", x=x, y=top,
                          opacity=0.0, role="chrome")
        ease_in(result, shown[0], plan.settled(), rise_of(layout, result))
    return made


NOTES_GAP = " · "         # between the moves of one line of the list
REMARK = "!"              # a list row's number that makes it a remark
DROPPED = "… "            # before a line's moves when its first ones do not fit


def latest(notes: Sequence[str], px: int, width: int, floor: int,
           bold: bool = False) -> tuple[str, int] | None:
    """A line's moves in ``width`` pixels and the size they are set at: all of them at
    ``px``, else the latest that fit after ``DROPPED``, else the last one whole at the
    largest size down to ``floor`` that holds it; None when not even that fits."""
    for k in range(len(notes)):
        text = (DROPPED if k else "") + NOTES_GAP.join(notes[k:])
        if typeset.fits(text, px, width, bold):
            return text, px
    if not notes:
        return "", px
    smaller = typeset.fit_text_px(notes[-1], width, px, bold)
    if smaller >= floor and typeset.fits(notes[-1], smaller, width, bold):
        return notes[-1], smaller
    return None


def result_filling(ending: Ending, px: int, width: int, height: int,
                   line: float) -> tuple[int, list[tuple[str, str]]]:
    """The result's lines (``result_lines``) in ``width`` x ``height`` pixels, set as
    large as fills that room without leaving a line out (``grown`` from ``px``);
    ``line`` is a line's height in multiples of its size."""
    def lines_at(size: int) -> list[tuple[str, str]]:
        return result_lines(ending, size, width, max(0, height // max(1, int(size * line))))

    least = len(lines_at(px))
    size = grown(px, lambda size: len(made := lines_at(size)) >= least
                 and len(made) * int(size * line) <= height)
    return size, lines_at(size)


def result_lines(ending: Ending, px: int, width: int, most: int) -> list[tuple[str, str]]:
    """The result's note and details as lines of ``width`` pixels at ``px``: (text,
    "note" | "detail"), at most ``most`` of them (a detail that no longer fits whole is
    left out, never cut)."""
    out: list[tuple[str, str]] = []
    for text, kind in ([(ending.note, "note")] if ending.note else []) + \
            [(d, "detail") for d in ending.details]:
        lines = typeset.wrap_whole(text, px, width, most, bold=kind == "note")
        if lines is None or len(out) + len(lines) > most:
            continue
        out += [(line, kind) for line in lines]
    return out


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


__all__ = ["DROPPED", "NOTES_GAP", "Variants", "counter_block", "counter_line", "latest",
           "result_filling", "result_lines", "switch_at",
           "words"]
