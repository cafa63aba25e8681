"""A search's story (``render.direction.search``) drawn as a chart that grows in time, as elements
of a film: a full-frame card where the bars rise one after another, values up its side,
the goal's bar marked, a count running, and the sentence at the end.  The same chart is
the video's "how it was found" segment (``--search``), the player's and the gallery
card's picture, and ``analyze``'s plot and video.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.words import count_text
from puzzlereel.render.direction.head import top_text
from puzzlereel.render.direction.layout import FrameLayout, legible_px
from puzzlereel.render.direction.panel import Variants, switch_at
from puzzlereel.render.direction.search import Bar, Story
from puzzlereel.render.film import typeset
from puzzlereel.render.film.elements import Element, Film, Motion
from puzzlereel.render.film.shapes import Rect, Shape, Text, group
from puzzlereel.render.film.theme import Theme, contrast


@dataclass(frozen=True)
class Frame:
    """Where the chart's parts sit on a ``width`` x ``height`` frame."""

    width: int
    height: int
    safe: tuple[int, int, int, int]
    legible: int


def _labelled(bars: Sequence[Bar], pitch: float, room: float) -> set[int]:
    """The bars labelled under the axis: the goal's, the last and the first, then about
    eight more spread over the axis, never two closer than ``room`` pixels."""
    n = len(bars)
    order = [i for i, b in enumerate(bars) if b.mark or b.kept] + [n - 1, 0]
    order += list(range(0, n, max(1, round(n / 8))))
    chosen: list[int] = []
    for i in order:
        if 0 <= i < n and all(abs(i - j) * pitch >= room for j in chosen):
            chosen.append(i)
    return set(chosen)


def frame_of(layout: FrameLayout) -> Frame:
    return Frame(layout.width, layout.height, layout.safe, layout.legible)


def ticks(top: int, log: bool) -> list[int]:
    """The values marked up the chart's side: powers of ten up to ``top`` on a log scale
    (at most five of them, spread), else 0 and round steps up to it (at most four)."""
    if top <= 0:
        return [0]
    if log:
        powers = [10 ** k for k in range(int(math.log10(top)) + 1)]
        step = math.ceil(len(powers) / 5)
        return powers[::-1][::step][::-1]
    raw = top / 4
    mag = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    return list(range(0, top + 1, int(step)))


def chart(film: Film, frame: Frame, theme: Theme, told: Story, t0: float, t1: float,
          layer: str = "overlay", name: str = "search", words: bool = True) -> list[Element]:
    """The chart as elements of ``film``, its bars rising one after another from ``t0``
    and its sentence shown from 85 % of the way to ``t1``; returns every element (for a
    crossfade to fade them together).  With ``words``: the heading, what the search is,
    what a bar counts (and, in the accent colour, what it keeps), the values up its side,
    the bars' labels and what they are along the axis, the sentence, every text whole
    (wrapped or smaller, never cut).  Without, only the bars, their marks and the running
    count show (a small chart)."""
    W, H = frame.width, frame.height
    sx, sy, sw, sh = frame.safe
    u = frame.legible
    big = max(u, round(min(W, H) / 14))
    small = max(u, round(big * 0.5)) if words else u
    t = theme
    made: list[Element] = []

    def add(key: str, variants: Sequence[Shape], **kw: Any) -> Element:
        element = film.add(f"{name}.{key}", variants, layer, role="search", **kw)
        made.append(element)
        return element

    head: list[Shape] = [Rect(0, 0, W, H, t.background)]
    y = sy
    sentence: tuple[int, list[str]] = (small, [])

    def say(text: str, px: int, colour: tuple[int, int, int], most: int,
            bold: bool = False) -> None:
        nonlocal y
        size, lines = typeset.fit_whole(text, px, u, sw, most)
        for line in lines:
            head.append(top_text(sx, y, line, size, colour, bold))
            y += round(size * 1.35)

    if words:
        say(told.heading, big, t.text, 1, bold=True)
        say(told.title, small, t.muted, 4)
        y += round(small * 0.3)
        bar_ink = t.pieces.get("primary", t.text)       # in the bars' colour, where it reads
        say(told.measure, small, bar_ink if contrast(bar_ink, t.background) >= 4.5
            else t.text, 3)
        if told.kept:
            say(told.kept, small, t.emphasis, 3)                     # the kept ones' colour
        sentence = typeset.fit_whole(told.sentence, small, u, sw, 6)
    count_y = y
    # the running count above the bars: one line, else its parts (" · ") a line each
    count_px = {b.count: max(u, typeset.fit_text_px(b.count, sw, small, bold=True))
                for b in told.bars if b.count}
    count_lines = max((1 if typeset.fits(c, px, sw, True) else len(c.split(" · "))
                       for c, px in count_px.items()), default=1)
    top = y + round(small * 1.6) + round(u * 1.3) * (count_lines - 1)
    foot = round(sentence[0] * 1.45) * len(sentence[1]) + round(small * 0.8) if words else 0
    axis_h = round(small * (2.8 if words else 1.4))  # the labels, then the axis' caption
    chart_top = top + round(u * 0.6)
    chart_h = max(8, sy + sh - foot - axis_h - chart_top)
    two_sided = any(b.side for b in told.bars)
    bars = told.bars
    n = max(1, len(bars))
    top_value = max((b.value for b in bars), default=1) or 1

    def share(value: int) -> float:
        """A bar's height as a share of the tallest's."""
        if value <= 0:
            return 0.0
        if told.log:
            return math.log10(value + 1) / math.log10(top_value + 1)
        return value / top_value

    marks = ticks(top_value, told.log) if words else []
    gutter = max((typeset.text_width(count_text(v), u) for v in marks), default=0)
    gutter += round(u * 0.6) if marks else 0
    left, room = sx + gutter, sw - gutter
    pitch = room / n
    # a bar's mark ("goal") stands over the bars its word spans: the bars start low
    # enough that the highest mark's word stays under the count
    rise = max((share(max(bars[j].value for j in _word_span(b.mark, i, (left, sx + sw,
                                                                        pitch, n), u)[1]))
                for i, b in enumerate(bars) if b.mark and b.side != 1), default=0.0)
    half = 0.5 if two_sided else 1.0
    clash = (top - round(small * 0.3) + round(u * 1.9)
             - (chart_top + chart_h * half * (1 - rise)))
    if rise > 0 and clash > 0:
        drop = math.ceil(clash / (1 - half * (1 - rise))) + 1
        chart_top, chart_h = chart_top + drop, max(8, chart_h - drop)
    base = chart_top + (chart_h // 2 if two_sided else chart_h)
    reach = chart_h // 2 if two_sided else chart_h

    def height(value: int) -> float:
        return reach * share(value)

    for v in marks:                 # the values up the side, a faint line across at each
        for sign in ((1, -1) if two_sided else (1,)):
            ty = base - sign * height(v)
            head.append(Rect(left, ty, room, max(1, round(u / 20)), t.track))
            head.append(Text(left - round(u * 0.4), ty, count_text(v), u, t.muted, "end"))
    head.append(Rect(left, base, room, max(1, round(u / 14)), t.muted))
    if words:
        caption = f"{told.axis} →"
        size, lines = typeset.fit_whole(caption, small, u, room, 2)
        cy = (chart_top + chart_h if two_sided else base) + round(small * 1.4)
        for line in lines:
            head.append(top_text(sx + sw, cy, line, size, t.muted, anchor="end"))
            cy += round(size * 1.3)
    add("card", [group(head)])
    width = max(1.0, pitch * 0.8)
    span = max(1e-6, t1 - t0)
    # a bar rises in about two bars' time, done by t1 (the last starts at 80 % of the span)
    grow = min(0.5, max(0.08, span * 0.8 / n * 2), span * 0.2)
    labelled = _labelled(bars, pitch, typeset.text_width("0000", u))
    for i, bar in enumerate(bars):
        h = height(bar.value)
        x = left + i * pitch + (pitch - width) / 2
        colour = t.accent if bar.mark in ("goal", "farthest") else (
            t.muted if bar.side else t.pieces.get("primary", t.accent))
        shapes: list[Shape] = [Rect(0, 0, width, max(1.0, h), colour)]
        if bar.kept:           # the ones kept, on the chart's own scale
            kh = max(1.0, min(h, height(bar.kept)))
            shapes.append(Rect(0, h - kh, width, kh, t.accent))
        down = bar.side == 1
        rest_y = base if down else base - h
        hidden_y = base - h if down else base
        clip = (left, base if down else chart_top, sx + sw, chart_top + chart_h if down else base)
        element = add(f"bar{i}", [group(shapes)], x=x, y=hidden_y, clip=clip)
        at = t0 + span * 0.8 * i / n
        element.animate("pos", Motion(at, at + grow, "ease-out",
                                      ((0.0, (x, hidden_y)), (1.0, (x, rest_y)))))
        if i in labelled:
            under = (base if not down else chart_top + chart_h) + round(u * 0.8)
            shown: list[Shape] = [Text(x + width / 2, under, bar.label, u,
                                       t.accent if bar.mark else t.muted)]
            if bar.mark and not down:
                shown += _mark(bar.mark, x + width / 2, h, [height(b.value) for b in bars],
                               (left, sx + sw, pitch, base), u, t.accent)
            label = add(f"label{i}", [group(shown)], opacity=0.0)
            label.animate("opacity", Motion(at, at + grow, "linear", ((0.0, 0.0), (1.0, 1.0))))
    def count_shape(key: Hashable) -> Shape:
        text = str(key)
        px = count_px.get(text, small)
        parts = [text] if typeset.fits(text, px, sw, True) else text.split(" · ")
        return group([top_text(sx + sw, count_y + round(u * 1.3) * k, part, px, t.text, True,
                               anchor="end") for k, part in enumerate(parts)])

    counts = Variants(count_shape)
    changes = [(t0 + span * 0.8 * i / n, counts.of(b.count)) for i, b in enumerate(bars)
               if b.count]
    if changes:
        counter = add("count", counts.shapes, opacity=0.0)
        counter.animate("opacity", Motion(changes[0][0], changes[0][0], "linear", ((0.0, 1.0),)))
        switch_at(counter, changes)
    if not words:
        return made
    size, lines = sentence
    y = sy + sh - foot + round(small * 0.8)
    said = []
    for line in lines:
        said.append(top_text(sx, y, line, size, t.text))
        y += round(size * 1.45)
    shown_words = add("sentence", [group(said)], opacity=0.0)
    at = t0 + span * 0.85
    shown_words.animate("opacity", Motion(at, min(t1, at + 0.4), "linear",
                                          ((0.0, 0.0), (1.0, 1.0))))
    return made


def _word_span(mark: str, i: int, row: tuple[float, float, float, int], u: int
               ) -> tuple[str, list[int]]:
    """Where bar ``i``'s mark stands in ``row`` (the bars' left and right edges, their
    pitch and number): its anchor and the bars its word spans (its own too)."""
    left, right, pitch, n = row
    cx = left + i * pitch + pitch / 2
    wide = typeset.text_width(mark, u, True)
    side = "end" if cx + wide / 2 > right else "start" if cx - wide / 2 < left else "middle"
    x0 = {"end": cx - wide, "start": cx, "middle": cx - wide / 2}[side]
    spans = range(max(0, math.floor((x0 - left) / pitch)),
                  min(n, math.ceil((x0 + wide - left) / pitch)))
    return side, [*spans, i]


def _mark(mark: str, cx: float, h: float, heights: Sequence[float],
          row: tuple[float, float, float, float], u: int, colour: tuple[int, int, int]
          ) -> list[Shape]:
    """A bar's mark ("goal") above it, clear of the bars its word spans, and a line down
    from the word to the bar's top, so that it points at its own bar; ``row``: the
    bars' left and right edges, their pitch and the base line."""
    left, right, pitch, base = row
    n = len(heights)
    own = min(n - 1, max(0, math.floor((cx - left) / pitch)))
    side, spans = _word_span(mark, own, (left, right, pitch, n), u)
    near = max(heights[j] for j in spans)
    ty = base - near - round(u * 1.3)
    out: list[Shape] = [Text(max(left, cx) if side == "start" else cx, ty, mark, u, colour,
                             anchor=side, bold=True)]
    line_top, line_bottom = ty + u * 0.7, base - h - u * 0.2
    if line_bottom - line_top > u * 0.2:
        lw = max(1, round(u / 10))
        out.append(Rect(cx - lw / 2, line_top, lw, line_bottom - line_top, colour))
    return out


def chart_film(told: Story, theme: Theme, width: int, height: int,
               seconds: float, words: bool = True) -> Film:
    """A film of the chart alone, growing over ``seconds`` (``analyze --video``, the
    plot and the gallery's small chart, without its ``words``, take it at its end)."""
    film = Film(width, height, theme.background)
    legible = legible_px(width, height)
    mx, my = math.ceil(width * 0.05), math.ceil(height * 0.05)
    frame = Frame(width, height, (mx, my, width - 2 * mx, height - 2 * my), legible)
    chart(film, frame, theme, told, 0.0, seconds * 0.9, words=words)
    film.duration = seconds
    return film


__all__ = ["Frame", "chart", "chart_film", "frame_of", "ticks"]
