"""How the answer was found: the trace's search events as a chart that grows in time.

A trace may tell how its search went (``search`` events, docs/trace-format.md): the
positions each layer of a breadth-first search added (from both ends, for a
bidirectional one), the nodes of each iteration of iterative deepening and its bound,
the candidates each step of a generate-and-test search tried and kept.  ``story`` reads
them into bars and words, and ``chart`` draws them as elements of a film, in the film's
layout: a full-frame card where the bars rise one after another, the goal's layer marked,
a count running, and one sentence in plain words at the end ("Searched 25,955 positions,
81 layers deep, in 15 ms — the first time the daughter reached the exit was at depth 81.").
The same chart is the video's "how it was found" segment (``--search``), the player's and
the gallery card's picture, and ``analyze``'s plot and video.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlereel.trace import End, Search
from puzzlereel.words import count_text, duration, plural, search_seconds

from . import draw
from .film import Element, Film, Motion
from .layout import FrameLayout
from .panel import Variants, switch_at, top_text
from .shapes import Rect, Shape, Text, group
from .theme import Theme

NAMES = {"bfs": "Breadth-first search, layer by layer",
         "bidirectional": "Breadth-first from both ends, until the two meet",
         "ida*": "Iterative deepening with a lower bound (IDA*)",
         "deepening": "Iterative deepening, one depth limit after another",
         "dfs": "Depth-first search",
         "candidates": "Generate and test: candidates tried, and the ones kept"}


@dataclass(frozen=True)
class Bar:
    """One bar of the chart: its ``value`` (drawn on a log scale when the story says),
    its label under the axis, ``side`` 1 for a bidirectional search's backward side
    (drawn down from the axis), ``mark`` the word above it when it stands out ("goal":
    it holds the goal), and the running count shown once it is up."""

    value: int
    label: str
    side: int = 0
    mark: str = ""             # said above the bar in the accent colour: "goal", "start"...
    count: str = ""
    kept: int = 0              # for generate-and-test: the candidates kept, drawn inside


@dataclass(frozen=True)
class Story:
    """A search told as a chart: its bars, their scale and what they count."""

    phase: str
    bars: tuple[Bar, ...]
    log: bool
    axis: str                  # under the bars: "depth", "bound", "step"
    measure: str               # what a bar's height is: "new positions", "nodes"...
    sentence: str
    heading: str = "How it was found"
    about: str = ""            # under the heading; the search's name when empty

    @property
    def title(self) -> str:
        return self.about or NAMES.get(self.phase, "Search")


def story(events: Sequence[Search], end: End | None, goal_clause: Callable[[int], str]
          ) -> Story | None:
    """The chart of a trace's search events (None without any); ``goal_clause(depth)``
    says in words where the goal was reached ("the goal was first reached at depth 9")."""
    if not events:
        return None
    phase = events[0].phase
    stats: Mapping[str, Any] = end.stats if end is not None and isinstance(
        end.stats, Mapping) else {}
    took = search_seconds(stats)
    # "15 ms" kept on one line: a no-break space
    when = f" in {duration(took).replace(' ', chr(0xA0))}" if took is not None else ""
    solved = end is not None and end.status == "solved"
    if phase in ("bfs", "bidirectional"):
        return _layers(events, phase, solved, when, goal_clause)
    if phase in ("ida*", "deepening"):
        bars, nodes = [], 0
        for i, e in enumerate(events):
            nodes += e.nodes or 0
            last = i == len(events) - 1
            bars.append(Bar(e.nodes or 0, str(e.bound), mark="goal" if solved and last else "",
                            count=f"{count_text(nodes)} nodes"))
        first, top = events[0].bound, events[-1].bound
        found = f" — a solution appeared at bound {top}" if solved else ""
        limit = "bound" if phase == "ida*" else "depth limit"
        text = (f"Tried {len(events)} {plural(limit, len(events))} from {first} to {top}: "
                f"{nodes:,} nodes{when}{found}.")
        return Story(phase, tuple(bars), True, limit, "nodes (log scale)", text)
    if phase == "dfs":
        nodes = sum(e.nodes or 0 for e in events)
        bars_ = (Bar(nodes, "all", mark="goal" if solved else "",
                     count=f"{count_text(nodes)} positions"),)
        how = " until it found a solution" if solved else ""
        return Story(phase, bars_, True, "the whole search", "positions (log scale)",
                     f"Tried {nodes:,} positions depth first{how}{when}.")
    bars, tested, kept = [], 0, 0
    for i, e in enumerate(events):
        tested += e.tested or 0
        kept += e.accepted or 0
        bars.append(Bar(e.tested or 0, str(i + 1), kept=e.accepted or 0,
                        count=f"{count_text(tested)} tested · {kept:,} kept"))
    return Story(phase, tuple(bars), True, "step", "candidates tested (log scale)",
                 f"Tested {tested:,} {plural('candidate', tested)} and kept {kept:,}{when}.")


def _layers(events: Sequence[Search], phase: str, solved: bool, when: str,
            goal_clause: Callable[[int], str]) -> Story:
    bars: list[Bar] = []
    total = 0
    deepest: dict[str, int] = {}
    for e in events:
        total += e.new or 0
        side = 1 if e.side == "backward" else 0
        deepest[e.side or ""] = e.depth or 0
        bars.append(Bar(e.new or 0, str(e.depth), side, count=f"{count_text(total)} positions"))
    if phase == "bfs":
        depth = events[-1].depth or 0
        if solved:
            bars[-1] = Bar(bars[-1].value, bars[-1].label, 0, "goal", bars[-1].count)
        tail = f" — {goal_clause(depth)}" if solved else ""
        text = (f"Searched {total:,} positions, {depth} {plural('layer', depth)} deep"
                f"{when}{tail}.")
        return Story(phase, tuple(bars), False, "depth", "new positions", text)
    forward, backward = deepest.get("forward", 0), deepest.get("backward", 0)
    met = f" — the two searches met at depth {forward + backward}" if solved else ""
    text = (f"Searched {total:,} positions from both ends, {forward} layers forward and "
            f"{backward} backward{when}{met}.")
    return Story(phase, tuple(bars), False, "depth", "new positions", text)


def space_story(events: Sequence[Search]) -> Story | None:
    """The whole reachable space of a puzzle (``analyze``'s breadth-first layers), its
    start and its farthest positions marked."""
    if not events:
        return None
    bars: list[Bar] = []
    total = 0
    for i, e in enumerate(events):
        total += e.new or 0
        mark = "start" if i == 0 else "farthest" if i == len(events) - 1 else ""
        bars.append(Bar(e.new or 0, str(e.depth), mark=mark,
                        count=f"{count_text(total)} positions"))
    depth = events[-1].depth or 0
    far = events[-1].new or 0
    text = (f"{total:,} positions can be reached; the farthest, {far:,} of them, lie "
            f"{depth} {plural('move', depth)} from the start.")
    return Story("bfs", tuple(bars), False, "depth", "positions at each depth", text,
                 heading="The whole space", about="Every position reachable, by its "
                 "distance from the start")


# ---------------------------------------------------------------- drawing


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


def chart(film: Film, frame: Frame, theme: Theme, told: Story, t0: float, t1: float,
          layer: str = "overlay", name: str = "search", words: bool = True) -> list[Element]:
    """The chart as elements of ``film``, its bars rising one after another from ``t0``
    and its sentence shown from 85 % of the way to ``t1``; returns every element (for a
    crossfade to fade them together).  Without ``words`` only the bars, their marks and
    the running count show (a small chart)."""
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
    top = sy
    sentence_lines: list[str] = []
    if words:
        title = draw.shorten(told.heading, big, sw, True)
        head.append(top_text(sx, sy, title, big, t.text, True))
        sub_y = sy + round(big * 1.35)
        sub_px = draw.fit_text_px(told.title, sw, small)
        if sub_px >= u:
            head.append(top_text(sx, sub_y, told.title, sub_px, t.muted))
        top = sub_y + round(small * 1.6)
        sentence_lines = draw.wrap(told.sentence, small, sw, 3)
    foot = round(small * 1.45) * len(sentence_lines) + round(small * 0.8) if words else 0
    axis_h = round(small * (2.8 if words else 1.4))  # the labels, then the axis' caption
    chart_top = top + round(small * 1.8)             # the running count above the bars
    chart_bottom = sy + sh - foot - axis_h
    chart_h = max(8, chart_bottom - chart_top)
    two_sided = any(b.side for b in told.bars)
    base = chart_top + (chart_h // 2 if two_sided else chart_h)
    head.append(Rect(sx, base, sw, max(1, round(u / 14)), t.muted))
    if words:
        caption = f"{told.axis} →"
        head.append(top_text(sx + sw, (chart_top + chart_h if two_sided else base)
                             + round(small * 1.4), caption, small, t.muted, anchor="end"))
        head.append(top_text(sx, top, draw.shorten(told.measure, small, sw // 2), small,
                             t.muted))
    add("card", [group(head)])
    bars = told.bars
    n = max(1, len(bars))
    pitch = sw / n
    width = max(1.0, pitch * 0.8)
    reach = chart_h // 2 if two_sided else chart_h
    top_value = max((b.value for b in bars), default=1) or 1

    def height(value: int) -> float:
        if value <= 0:
            return 0.0
        if told.log:
            return reach * math.log10(value + 1) / math.log10(top_value + 1)
        return reach * value / top_value

    span = max(1e-6, t1 - t0)
    grow = min(0.5, max(0.08, span * 0.8 / n * 2))
    labelled = _labelled(bars, pitch, draw.text_width("0000", u))
    for i, bar in enumerate(bars):
        h = height(bar.value)
        x = sx + i * pitch + (pitch - width) / 2
        colour = t.accent if bar.mark in ("goal", "farthest") else (
            t.muted if bar.side else t.pieces.get("1x2", t.accent))
        shapes: list[Shape] = [Rect(0, 0, width, max(1.0, h), colour)]
        if bar.kept:           # the share kept, of the bar's own height
            kh = max(1.0, h * bar.kept / max(1, bar.value))
            shapes.append(Rect(0, h - kh, width, kh, t.accent))
        down = bar.side == 1
        rest_y = base if down else base - h
        hidden_y = base - h if down else base
        clip = (sx, base if down else chart_top, sx + sw, chart_top + chart_h if down else base)
        element = add(f"bar{i}", [group(shapes)], x=x, y=hidden_y, clip=clip)
        at = t0 + span * 0.8 * i / n
        element.animate("pos", Motion(at, at + grow, "ease-out",
                                      ((0.0, (x, hidden_y)), (1.0, (x, rest_y)))))
        if i in labelled:
            under = (base if not down else chart_top + chart_h) + round(u * 0.8)
            marks: list[Shape] = [Text(x + width / 2, under, bar.label, u,
                                       t.accent if bar.mark else t.muted)]
            mark = bar.mark
            if mark and not down:       # the goal's layer, a step's finds, above its bar
                cx = x + width / 2
                wide = draw.text_width(mark, u, True)
                side = "end" if cx + wide / 2 > sx + sw else "start" if cx - wide / 2 < sx \
                    else "middle"
                left = {"end": cx - wide, "start": cx, "middle": cx - wide / 2}[side]
                under_word = range(max(0, math.floor((left - sx) / pitch)),
                                   min(n, math.ceil((left + wide - sx) / pitch)))
                near = max(height(bars[j].value) for j in (*under_word, i))
                marks.append(Text(max(sx, cx) if side == "start" else cx,
                                  base - near - round(u * 0.8), mark, u, t.accent,
                                  anchor=side, bold=True))
            label = add(f"label{i}", [group(marks)], opacity=0.0)
            label.animate("opacity", Motion(at, at + grow, "linear", ((0.0, 0.0), (1.0, 1.0))))
    counts = Variants(lambda key: top_text(sx + sw, top, str(key), small, t.text, True,
                                           anchor="end"))
    changes = [(t0 + span * 0.8 * i / n, counts.of(b.count)) for i, b in enumerate(bars)
               if b.count]
    if changes:
        counter = add("count", counts.shapes, opacity=0.0)
        counter.animate("opacity", Motion(changes[0][0], changes[0][0], "linear", ((0.0, 1.0),)))
        switch_at(counter, changes)
    if not words:
        return made
    y = sy + sh - foot + round(small * 0.8)
    lines = []
    for line in sentence_lines:
        lines.append(top_text(sx, y, line, small, t.text))
        y += round(small * 1.45)
    sentence = add("sentence", [group(lines)], opacity=0.0)
    at = t0 + span * 0.85
    sentence.animate("opacity", Motion(at, min(t1, at + 0.4), "linear", ((0.0, 0.0), (1.0, 1.0))))
    return made


def chart_film(told: Story, theme: Theme, width: int, height: int,
               seconds: float, words: bool = True) -> Film:
    """A film of the chart alone, growing over ``seconds`` (``analyze --video``, the
    plot and the gallery's small chart, without its ``words``, take it at its end)."""
    film = Film(width, height, theme.background)
    legible = max(10, math.ceil(min(width, height) * 28 / 1080))
    mx, my = math.ceil(width * 0.05), math.ceil(height * 0.05)
    frame = Frame(width, height, (mx, my, width - 2 * mx, height - 2 * my), legible)
    chart(film, frame, theme, told, 0.0, seconds * 0.9, words=words)
    film.duration = seconds
    return film


__all__ = ["NAMES", "Bar", "Frame", "Story", "chart", "chart_film", "frame_of", "space_story",
           "story"]
