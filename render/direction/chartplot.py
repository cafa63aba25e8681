"""Where the parts of a search's chart (``render.direction.barchart``) sit: the frame it
fills, the values marked up its side, the running count above the bars, and the plot
the bars stand in (their scale, pitch and base), lowered where a bar's mark would meet
the count.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from puzzlereel.ground.words import count_text
from puzzlereel.render.direction.layout import FrameLayout
from puzzlereel.render.direction.search import Bar, Story
from puzzlereel.render.film import typeset


@dataclass(frozen=True)
class ChartGeometry:
    """Where the chart's parts sit on a ``width`` x ``height`` frame."""

    width: int
    height: int
    safe: tuple[int, int, int, int]
    legible: int


def frame_of(layout: FrameLayout) -> ChartGeometry:
    return ChartGeometry(layout.width, layout.height, layout.safe, layout.legible)


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


def word_span(mark: str, i: int, row: tuple[float, float, float, int], u: int
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


@dataclass(frozen=True)
class Count:
    """The running count above the bars, at ``y``: each count's size (``px``), set on
    one line, else its parts (" · ") a line each, at most ``lines`` lines."""

    px: dict[str, int]
    lines: int
    y: int
    small: int
    width: int

    @staticmethod
    def of(bars: Sequence[Bar], frame: ChartGeometry, small: int, y: int) -> Count:
        sw, u = frame.safe[2], frame.legible
        px = {b.count: max(u, typeset.fit_text_px(b.count, sw, small, bold=True))
              for b in bars if b.count}
        lines = max((1 if typeset.fits(c, size, sw, True) else len(c.split(" · "))
                     for c, size in px.items()), default=1)
        return Count(px, lines, y, small, sw)

    def below(self, u: int) -> int:
        """The y under the count's lines (``u``: the legible size)."""
        return self.y + round(self.small * 1.6) + round(u * 1.3) * (self.lines - 1)

    def parts(self, text: str) -> tuple[int, list[str]]:
        """The size ``text`` is set at and its lines."""
        px = self.px.get(text, self.small)
        return px, [text] if typeset.fits(text, px, self.width, True) else text.split(" · ")


@dataclass(frozen=True)
class Scale:
    """A bar's height as a share of the tallest's (``top``), on a log scale or not."""

    top: int
    log: bool

    def share(self, value: int) -> float:
        if value <= 0:
            return 0.0
        if self.log:
            return math.log10(value + 1) / math.log10(self.top + 1)
        return value / self.top


@dataclass(frozen=True)
class Plot:
    """Where the bars stand: ``n`` of them ``pitch`` apart from ``left`` (``room``
    pixels to the safe area's ``right``), in the box ``top`` to ``top + height``; the
    values marked up the side (``marks``); a two-sided chart's base is its middle."""

    left: int
    right: int
    room: int
    pitch: float
    n: int
    top: int
    height: int
    two_sided: bool
    scale: Scale
    marks: list[int]

    @property
    def base(self) -> int:
        return self.top + (self.height // 2 if self.two_sided else self.height)

    @property
    def bottom(self) -> int:
        return self.top + self.height

    def tall(self, value: int) -> float:
        """How far a bar of ``value`` reaches from the base."""
        reach = self.height // 2 if self.two_sided else self.height
        return reach * self.scale.share(value)


def plot_of(frame: ChartGeometry, told: Story, small: int, top: int, foot: int,
            words: bool) -> Plot:
    """Where the bars stand under ``top`` (the count's bottom), above ``foot`` pixels
    for the sentence and the axis' labels and caption."""
    sx, sy, sw, sh = frame.safe
    u = frame.legible
    bars = told.bars
    axis_h = round(small * (2.8 if words else 1.4))  # the labels, then the axis' caption
    chart_top = top + round(u * 0.6)
    chart_h = max(8, sy + sh - foot - axis_h - chart_top)
    n = max(1, len(bars))
    scale = Scale(max((b.value for b in bars), default=1) or 1, told.log)
    marks = ticks(scale.top, told.log) if words else []
    gutter = max((typeset.text_width(count_text(v), u) for v in marks), default=0)
    gutter += round(u * 0.6) if marks else 0
    plot = Plot(sx + gutter, sx + sw, sw - gutter, (sw - gutter) / n, n, chart_top, chart_h,
                 any(b.side for b in bars), scale, marks)
    drop = lowered(plot, bars, top - round(small * 0.3) + round(u * 1.9), u)
    return replace(plot, top=chart_top + drop, height=max(8, chart_h - drop)) if drop else plot


def lowered(plot: Plot, bars: Sequence[Bar], lowest: int, u: int) -> int:
    """How far the bars start lower so that the highest mark's word ("goal", standing
    over the bars it spans) stays under ``lowest`` (the count's bottom): 0 when it does."""
    row = (plot.left, plot.right, plot.pitch, plot.n)
    rise = max((plot.scale.share(max(bars[j].value for j in word_span(b.mark, i, row, u)[1]))
                for i, b in enumerate(bars) if b.mark and b.side != 1), default=0.0)
    half = 0.5 if plot.two_sided else 1.0
    clash = lowest - (plot.top + plot.height * half * (1 - rise))
    if rise > 0 and clash > 0:
        return math.ceil(clash / (1 - half * (1 - rise))) + 1
    return 0


__all__ = ["ChartGeometry", "Count", "Plot", "Scale", "frame_of", "lowered", "plot_of", "ticks",
           "word_span"]
