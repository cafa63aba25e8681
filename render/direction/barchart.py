"""A search's story (``render.direction.search``) drawn as a chart that grows in time, as elements
of a film: a full-frame card where the bars rise one after another, values up its side,
the goal's bar marked, a count running, and the sentence at the end.  The same chart is
the video's "how it was found" segment (``--search``), the player's and the gallery
card's picture, and ``analyze``'s plot and video.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlereel.ground.words import count_text
from puzzlereel.render.direction.chartplot import (
    ChartGeometry,
    Count,
    Plot,
    frame_of,
    plot_of,
    ticks,
    word_span,
)
from puzzlereel.render.direction.head import top_text
from puzzlereel.render.direction.layout import legible_px
from puzzlereel.render.direction.panel import Variants, switch_at
from puzzlereel.render.direction.search import Bar, Story
from puzzlereel.render.film import typeset
from puzzlereel.render.film.elements import Element, Film, Motion
from puzzlereel.render.film.shapes import Rect, Shape, Text, group
from puzzlereel.render.film.theme import Theme, contrast


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


def chart(film: Film, frame: ChartGeometry, theme: Theme, told: Story, t0: float, t1: float,
          layer: str = "overlay", name: str = "search", words: bool = True) -> list[Element]:
    """The chart as elements of ``film``, its bars rising one after another from ``t0``
    and its sentence shown from 85 % of the way to ``t1``; returns every element (for a
    crossfade to fade them together).  With ``words``: the heading, what the search is,
    what a bar counts (and, in the accent colour, what it keeps), the values up its side,
    the bars' labels and what they are along the axis, the sentence, every text whole
    (wrapped or smaller, never cut).  Without, only the bars, their marks and the running
    count show (a small chart)."""
    u = frame.legible
    big = max(u, round(min(frame.width, frame.height) / 14))
    small = max(u, round(big * 0.5)) if words else u
    head: list[Shape] = [Rect(0, 0, frame.width, frame.height, theme.background)]
    y = frame.safe[1]
    sentence: tuple[int, list[str]] = (small, [])
    if words:
        said, y = _heading(frame, theme, told, big, small)
        head += said
        sentence = typeset.fit_whole(told.sentence, small, u, frame.safe[2], 6)
    count = Count.of(told.bars, frame, small, y)
    foot = round(sentence[0] * 1.45) * len(sentence[1]) + round(small * 0.8) if words else 0
    plot = plot_of(frame, told, small, count.below(u), foot, words)
    head += _scale_shapes(plot, frame, theme, told.axis, small, words)
    drawing = _Drawing(film, layer, name)
    drawing.add("card", [group(head)])
    times = _Times(t0, t1, max(1, len(told.bars)))
    _bars(drawing, plot, frame.legible, theme, told.bars, times)
    _counter(drawing, count, frame, theme, told.bars, times)
    if words:
        _sentence(drawing, frame, theme, sentence, foot, small, times)
    return drawing.made


@dataclass
class _Drawing:
    """The chart's elements as they are added to ``film``, named after ``name``."""

    film: Film
    layer: str
    name: str
    made: list[Element] = field(default_factory=list)

    def add(self, key: str, variants: Sequence[Shape], **kw: Any) -> Element:
        element = self.film.add(f"{self.name}.{key}", variants, self.layer, role="search",
                                **kw)
        self.made.append(element)
        return element


@dataclass(frozen=True)
class _Times:
    """When the bars rise: from ``t0``, the last at 80 % of the way to ``t1``, each in
    about two bars' time (``grow``), ``n`` of them."""

    t0: float
    t1: float
    n: int

    @property
    def span(self) -> float:
        return max(1e-6, self.t1 - self.t0)

    @property
    def grow(self) -> float:
        span = self.span
        return min(0.5, max(0.08, span * 0.8 / self.n * 2), span * 0.2)

    def at(self, i: int) -> float:
        """When bar ``i`` starts to rise."""
        return self.t0 + self.span * 0.8 * i / self.n


def _said(text: str, px: int, colour: tuple[int, int, int], most: int, frame: ChartGeometry,
          y: int, bold: bool = False) -> tuple[list[Shape], int]:
    """``text`` whole in at most ``most`` lines across the safe area from ``y``, and the
    y under it."""
    sx, _sy, sw, _sh = frame.safe
    size, lines = typeset.fit_whole(text, px, frame.legible, sw, most)
    shapes: list[Shape] = []
    for line in lines:
        shapes.append(top_text(sx, y, line, size, colour, bold))
        y += round(size * 1.35)
    return shapes, y


def _heading(frame: ChartGeometry, theme: Theme, told: Story, big: int, small: int
             ) -> tuple[list[Shape], int]:
    """The heading, what the search is, what a bar counts (in the bars' colour, where it
    reads) and what it keeps (in the kept ones' colour), and the y under them."""
    t = theme
    heading, y = _said(told.heading, big, t.text, 1, frame, frame.safe[1], bold=True)
    title, y = _said(told.title, small, t.muted, 4, frame, y)
    y += round(small * 0.3)
    bar_ink = t.pieces.get("primary", t.text)
    ink = bar_ink if contrast(bar_ink, t.background) >= 4.5 else t.text
    measure, y = _said(told.measure, small, ink, 3, frame, y)
    kept: list[Shape] = []
    if told.kept:
        kept, y = _said(told.kept, small, t.emphasis, 3, frame, y)
    return heading + title + measure + kept, y


def _scale_shapes(plot: Plot, frame: ChartGeometry, theme: Theme, axis: str, small: int,
                  words: bool) -> list[Shape]:
    """The values up the side, a faint line across at each, the base line and (with
    ``words``) what the bars are along the axis."""
    u, t = frame.legible, theme
    shapes: list[Shape] = []
    for v in plot.marks:
        for sign in ((1, -1) if plot.two_sided else (1,)):
            ty = plot.base - sign * plot.tall(v)
            shapes.append(Rect(plot.left, ty, plot.room, max(1, round(u / 20)), t.track))
            shapes.append(Text(plot.left - round(u * 0.4), ty, count_text(v), u, t.muted,
                               "end"))
    shapes.append(Rect(plot.left, plot.base, plot.room, max(1, round(u / 14)), t.muted))
    if not words:
        return shapes
    size, lines = typeset.fit_whole(f"{axis} →", small, u, plot.room, 2)
    cy = (plot.bottom if plot.two_sided else plot.base) + round(small * 1.4)
    for line in lines:
        shapes.append(top_text(plot.right, cy, line, size, t.muted, anchor="end"))
        cy += round(size * 1.3)
    return shapes


def _bars(drawing: _Drawing, plot: Plot, u: int, theme: Theme, bars: Sequence[Bar],
          times: _Times) -> None:
    """Each bar rising from the base (down from it, a bar of the chart's lower side) at
    its time, and the labelled ones' label under the axis and mark over the bar."""
    width = max(1.0, plot.pitch * 0.8)
    labelled = _labelled(bars, plot.pitch, typeset.text_width("0000", u))
    heights = [plot.tall(b.value) for b in bars]
    for i, bar in enumerate(bars):
        x = plot.left + i * plot.pitch + (plot.pitch - width) / 2
        h = heights[i]
        down = bar.side == 1
        rest_y = plot.base if down else plot.base - h
        hidden_y = plot.base - h if down else plot.base
        clip = (plot.left, plot.base if down else plot.top, plot.right,
                plot.bottom if down else plot.base)
        element = drawing.add(f"bar{i}", [group(_bar_shapes(bar, plot, width, theme))],
                              x=x, y=hidden_y, clip=clip)
        at = times.at(i)
        element.animate("pos", Motion(at, at + times.grow, "ease-out",
                                      ((0.0, (x, hidden_y)), (1.0, (x, rest_y)))))
        if i in labelled:
            shown = _label_shapes(bar, x + width / 2, h, heights, plot, u, theme)
            label = drawing.add(f"label{i}", [group(shown)], opacity=0.0)
            label.animate("opacity", Motion(at, at + times.grow, "linear",
                                            ((0.0, 0.0), (1.0, 1.0))))


def _bar_shapes(bar: Bar, plot: Plot, width: float, theme: Theme) -> list[Shape]:
    """A bar from its top-left: the goal's (or the farthest) in the accent colour, the
    lower side's muted, the rest in the pieces' colour; the part of it kept, on the
    chart's own scale, in the accent colour."""
    t = theme
    h = plot.tall(bar.value)
    colour = t.accent if bar.mark in ("goal", "farthest") else (
        t.muted if bar.side else t.pieces.get("primary", t.accent))
    shapes: list[Shape] = [Rect(0, 0, width, max(1.0, h), colour)]
    if bar.kept:
        kh = max(1.0, min(h, plot.tall(bar.kept)))
        shapes.append(Rect(0, h - kh, width, kh, t.accent))
    return shapes


def _label_shapes(bar: Bar, cx: float, h: float, heights: Sequence[float], plot: Plot,
                  u: int, theme: Theme) -> list[Shape]:
    """A bar's label under the axis (centred at ``cx``), and over a marked bar of the
    upper side its mark."""
    t = theme
    down = bar.side == 1
    under = (plot.bottom if down else plot.base) + round(u * 0.8)
    shown: list[Shape] = [Text(cx, under, bar.label, u, t.accent if bar.mark else t.muted)]
    if bar.mark and not down:
        shown += _mark(bar.mark, cx, h, heights, (plot.left, plot.right, plot.pitch,
                                                  plot.base), u, t.accent)
    return shown


def _counter(drawing: _Drawing, count: Count, frame: ChartGeometry, theme: Theme,
             bars: Sequence[Bar], times: _Times) -> None:
    """The running count, at the safe area's right, changing as each bar rises."""
    sx, _sy, sw, _sh = frame.safe
    u = frame.legible

    def count_shape(key: Hashable) -> Shape:
        px, parts = count.parts(str(key))
        return group([top_text(sx + sw, count.y + round(u * 1.3) * k, part, px, theme.text,
                               True, anchor="end") for k, part in enumerate(parts)])

    counts = Variants(count_shape)
    changes = [(times.at(i), counts.of(b.count)) for i, b in enumerate(bars) if b.count]
    if changes:
        counter = drawing.add("count", counts.shapes, opacity=0.0)
        counter.animate("opacity", Motion(changes[0][0], changes[0][0], "linear",
                                          ((0.0, 1.0),)))
        switch_at(counter, changes)


def _sentence(drawing: _Drawing, frame: ChartGeometry, theme: Theme, sentence: tuple[int,
                                                                                     list[str]],
              foot: int, small: int, times: _Times) -> None:
    """The sentence under the chart, ``foot`` pixels above the safe area's bottom,
    fading in from 85 % of the way."""
    sx, sy, _sw, sh = frame.safe
    size, lines = sentence
    y = sy + sh - foot + round(small * 0.8)
    said: list[Shape] = []
    for line in lines:
        said.append(top_text(sx, y, line, size, theme.text))
        y += round(size * 1.45)
    shown = drawing.add("sentence", [group(said)], opacity=0.0)
    at = times.t0 + times.span * 0.85
    shown.animate("opacity", Motion(at, min(times.t1, at + 0.4), "linear",
                                    ((0.0, 0.0), (1.0, 1.0))))


def _mark(mark: str, cx: float, h: float, heights: Sequence[float],
          row: tuple[float, float, float, float], u: int, colour: tuple[int, int, int]
          ) -> list[Shape]:
    """A bar's mark ("goal") above it, clear of the bars its word spans, and a line down
    from the word to the bar's top, so that it points at its own bar; ``row``: the
    bars' left and right edges, their pitch and the base line."""
    left, right, pitch, base = row
    n = len(heights)
    own = min(n - 1, max(0, math.floor((cx - left) / pitch)))
    side, spans = word_span(mark, own, (left, right, pitch, n), u)
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
    frame = ChartGeometry(width, height, (mx, my, width - 2 * mx, height - 2 * my), legible)
    chart(film, frame, theme, told, 0.0, seconds * 0.9, words=words)
    film.duration = seconds
    return film


__all__ = ["ChartGeometry", "chart", "chart_film", "frame_of", "ticks"]
