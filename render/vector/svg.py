"""The animated SVG: a trace's video as one self-contained, looping vector drawing.

Every piece is one element moved by CSS ``@keyframes`` on ``transform`` (and
``opacity``), one ``@keyframes`` rule per piece holding a keyframe only where the piece
starts or stops moving, so the file grows with the moves, not with the frames.  All
animations share one duration (the video's length) and loop, like a GIF.  The counter
line is one ``<text>`` per line the video shows, each visible in its own window; the
title and end cards are full-frame groups that crossfade with the board when the video's
do.  Pieces are clipped to the scene's area, as in the video.  There is no script, no font file
and no external reference, so the file plays inside an ``<img>`` tag (READMEs) in
Chromium and Firefox.  The same trace and options give the same bytes: ids are counters,
numbers have a fixed number of decimals, nothing depends on the clock.

The timeline is the video's own (``render.vector.record``): a frame of the MP4 at time t
and this drawing at time t show the pieces in the same places.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from .. import cards
from .. import draw as gfx
from ..theme import RGB
from .family import CURVES, timing_css
from .record import Card, Point, Recording
from .shapes import FONT_STACK, Group, Rect, Shape, Text, hexcolour, markup, num

STEPS = 1_000_000    # keyframe offsets are whole millionths of the loop (4 decimals of %)


def pct(t: float, total: float) -> int:
    """``t`` seconds as millionths of ``total``."""
    if total <= 0:
        return 0
    return min(STEPS, max(0, round(t / total * STEPS)))


def pct_text(v: int) -> str:
    return num(v / 10_000, 4) + "%"


Value = tuple[float, ...]


Run = tuple[float, Value, str | None, bool]     # time, value, timing, late


def _runs(track: list[Point], get: Callable[[Point], Value]) -> list[Run]:
    """One property of a track as (time, value, timing, late), without the points in the
    middle of a still run (the same value on both sides: they change nothing)."""
    seq = [(p.t, get(p), p.timing, p.late) for p in track]
    out: list[Run] = []
    for i, item in enumerate(seq):
        if 0 < i < len(seq) - 1 and seq[i - 1][1] == item[1] == seq[i + 1][1]:
            continue
        if out and out[-1][1] == item[1] and i == len(seq) - 1:
            continue   # the value holds to the end of the loop anyway
        out.append(item)
    return out


def _transform(v: Value) -> str:
    return f"transform:translate({num(v[0])}px,{num(v[1])}px)"


def _opacity(v: Value) -> str:
    return f"opacity:{num(v[0], 3)}"


def keyframes(name: str, track: list[Point], total: float, ease: str,
              get: Callable[[Point], Value], write: Callable[[Value], str],
              sets: str = "xyog") -> str | None:
    """The ``@keyframes`` rule of one property of an actor's track (None when it never
    changes): the points that set one of ``sets``, read with ``get``, written with
    ``write``.  The last value holds until the loop ends."""
    track = [p for p in track if any(c in p.sets for c in sets)]
    if len({get(p) for p in track}) <= 1:
        return None
    points = _runs(track, get)
    offsets: list[int] = []
    bodies: list[str] = []
    for t, value, timing, late in points:
        v = pct(t, total)
        if offsets and v <= offsets[-1]:
            # two values at one moment: the change happens just after it, or for a
            # change that completes a motion (``late``), just before it
            floor = offsets[-2] if len(offsets) > 1 else -1
            if late and v - 1 > floor:
                offsets[-1] = v - 1
            else:
                v = offsets[-1] + 1
        offsets.append(v)
        body = write(value)
        if timing is not None and timing != ease:
            body += f";animation-timing-function:{timing}"
        bodies.append(body)
    frames = [f"{pct_text(v)}{{{b}}}" for v, b in zip(offsets, bodies, strict=True)]
    if offsets[-1] < STEPS:
        frames.append(f"100%{{{write(points[-1][1])}}}")
    return f"@keyframes {name}{{{''.join(frames)}}}"


def _xy(p: Point) -> Value:
    return (p.x, p.y)


def _o(p: Point) -> Value:
    return (p.opacity,)


def _g(p: Point) -> Value:
    return (p.glow,)


def window(name: str, start: float, end: float, total: float) -> str:
    """Keyframes showing an element (opacity 1) from ``start`` to ``end`` seconds and
    hiding it (its own opacity 0) the rest of the loop; timing ``steps(1, end)``."""
    a, b = pct(start, total), pct(end, total)
    body = f"{pct_text(a)}{{opacity:1}}"
    if b < STEPS:
        body += f"{pct_text(max(b, a + 1))}{{opacity:0}}"
    return f"@keyframes {name}{{{body}}}"


def card_shapes(rec: Recording, card: Card) -> list[Shape]:
    """A full-frame card placed and sized as ``cards.draw_card`` paints it (the same
    layout, redone here until ``cards`` offers it as a pure function)."""
    L, t = rec.layout, rec.theme
    w, h = L.width, L.height
    width = int(w * 0.86)
    target = max(14, h // 9)
    big_px = gfx.fit_text_px(card.big, width, target, bold=True)
    big_lines = gfx.wrap(card.big, big_px, width, 2, bold=True)
    whole = " ".join(card.big.split())
    px = int(target * 0.85)
    while px > big_px * 1.15:         # a long title reads better on two larger lines
        two = gfx.wrap(whole, px, width, 2, bold=True)
        if " ".join(two) == whole:
            big_px, big_lines = px, two
            break
        px -= 1
    small_px = max(10, min(h // 20, int(target * 0.5)))
    rows: list[tuple[str, int, RGB, bool]] = []
    if card.top:
        rows.append((card.top, small_px, t.muted, False))
    rows += [(line, big_px, t.text, True) for line in big_lines]
    colours = {"text": t.text, "muted": t.muted, "emphasis": t.emphasis}
    for words, kind in card.lines:
        for line in gfx.wrap(words, small_px, width, 4):
            rows.append((line, small_px, colours.get(kind, t.text), False))
    heights = [int(size * 1.45) for _, size, _, _ in rows]
    y = (h - sum(heights)) // 2
    out: list[Shape] = [Rect(0, 0, w, h, t.background)]
    for (text, size, colour, bold), lh in zip(rows, heights, strict=True):
        out.append(Text(w // 2, y + lh // 2, text, size, colour, bold=bold))
        y += lh
    return out


def fade(name: str, a: float, b: float, total: float, rising: bool) -> str:
    """Keyframes of a card's opacity: shown (or hidden) until ``a``, crossfading to the
    other until ``b``, then holding (linear timing)."""
    one, zero = ("0", "1") if rising else ("1", "0")
    pa, pb = pct(a, total), pct(b, total)
    pb = max(pb, pa + 1)
    body = f"0%{{opacity:{one}}}" if pa > 0 else ""
    body += f"{pct_text(pa)}{{opacity:{one}}}{pct_text(pb)}{{opacity:{zero}}}"
    if pb < STEPS:
        body += f"100%{{opacity:{zero}}}"
    return f"@keyframes {name}{{{body}}}"


def counter_shapes(rec: Recording) -> list[tuple[str, Text]]:
    """One text per counter line the video shows: (id, text)."""
    x, y, w, h = rec.layout.bar
    out: list[tuple[str, Text]] = []
    if h <= 0:
        return out
    sizes: dict[str, int] = {}
    for i, (_a, _b, line) in enumerate(rec.counters):
        px = sizes.get(line)
        if px is None:
            px = sizes[line] = gfx.fit_text_px(line, int(w * 0.9), max(10, int(h * 0.62)),
                                               bold=True)
        out.append((f"c{i}", Text(x + w / 2, y + h / 2, line, px, rec.theme.text, bold=True)))
    return out


def counter_lines(rec: Recording, css: list[str]) -> list[str]:
    """The counter lines, each shown in its window: one group carries what they share
    (place, size, colour, weight), so a line costs its words and its id."""
    texts = counter_shapes(rec)
    if not texts:
        return []
    first = texts[0][1]
    sw = num(max(0.6, first.size / 14))
    out = [f'<g transform="translate({num(first.x)} {num(first.y)})" '
           f'font-size="{num(first.size)}" text-anchor="middle" fill="{hexcolour(first.fill)}" '
           f'stroke="{hexcolour(first.fill)}" stroke-width="{sw}" stroke-linejoin="round">']
    for (ident, text), (a, b, _line) in zip(texts, rec.counters, strict=True):
        size = "" if text.size == first.size else (
            f' font-size="{num(text.size)}" stroke-width="{num(max(0.6, text.size / 14))}"')
        words = escape(text.text, quote=False)
        if a <= 0 and b >= rec.total:
            out.append(f"<text{size}>{words}</text>")
            continue
        css.append(f"#{ident}{{animation-name:{ident}}}{window(ident, a, b, rec.total)}")
        out.append(f'<text id="{ident}" class="k w"{size}>{words}</text>')
    out.append("</g>")
    return out


def svg_text(rec: Recording) -> str:
    """The whole animated SVG of a recording."""
    L, t, total = rec.layout, rec.theme, rec.total
    ease = timing_css(CURVES.get(rec.options.easing, CURVES["linear"]))
    css: list[str] = [
        f"svg{{font-family:{FONT_STACK}}}",
        "text{dominant-baseline:central;white-space:pre}",
        f".k{{animation-duration:{num(total, 3)}s;animation-iteration-count:infinite;"
        f"animation-timing-function:{ease};animation-fill-mode:both}}",
        ".w{opacity:0;animation-timing-function:steps(1,end)}",
    ]
    body: list[str] = [markup(Rect(0, 0, L.width, L.height, t.background))]
    vx, vy, vw, vh = rec.view      # pieces are clipped to the scene's area, as in the video
    body.insert(0, f'<defs><clipPath id="v"><rect x="{vx}" y="{vy}" width="{vw}" '
                   f'height="{vh}"/></clipPath>{rec.scene.defs()}</defs>')
    body += [markup(s) for s in rec.scene.statics()]
    body.append('<g clip-path="url(#v)">')
    for i, actor in enumerate(rec.scene.actors):
        track = rec.tracks.get(i) or [Point(0.0, actor.x, actor.y, actor.opacity)]
        names = []
        for prefix, get, write, sets in (("m", _xy, _transform, "xy"), ("o", _o, _opacity, "o")):
            rule = keyframes(f"{prefix}{i}", track, total, ease, get, write, sets=sets)
            if rule is not None:
                css.append(rule)
                names.append(f"{prefix}{i}")
        if names:
            css.append(f"#a{i}{{animation-name:{','.join(names)}}}")
        shapes = list(actor.shapes)
        if actor.glow:
            rule = keyframes(f"g{i}", track, total, ease, _g, _opacity, sets="g")
            if rule is not None:
                css.append(f"#g{i}{{animation-name:g{i}}}{rule}")
                shapes.append(Group(actor.glow, ident=f"g{i}", cls="k", opacity=0.0))
        first = track[0]
        body.append(markup(Group(shapes, ident=f"a{i}", x=first.x, y=first.y,
                                 opacity=first.opacity, cls="k" if names else None,
                                 data=actor.data)))
    body += [markup(s) for s in rec.scene.overlays()]
    body.append("</g>")
    body += counter_lines(rec, css)
    shown = ((rec.title, rec.title_card, "t", False), (rec.end_card, rec.last_card, "e", True))
    for when, card, ident, rising in shown:
        if when is None or card is None:
            continue
        css.append(f"#{ident}{{animation-name:{ident};animation-timing-function:linear}}"
                   + fade(ident, when[0], when[1], total, rising))
        body.append(markup(Group(card_shapes(rec, card), ident=ident, cls="k", opacity=0.0)))
    title = escape(cards.human_title(rec.header))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{L.width}" height="{L.height}" '
            f'viewBox="0 0 {L.width} {L.height}" role="img" aria-label="{title}">')
    return "\n".join([head, f"<title>{title}</title>",
                      "<style>" + "\n".join(css) + "</style>", *body, "</svg>", ""])


def write_svg(rec: Recording, path: str | Path) -> None:
    """Write the recording's SVG to ``path`` (the caller makes it atomic)."""
    Path(path).write_text(svg_text(rec), encoding="utf-8")


__all__ = ["keyframes", "svg_text", "write_svg"]
