"""The animated SVG: a film as one self-contained, looping vector drawing.

Every element of the film is one ``<g>``; its tracks become CSS ``@keyframes``: its place
(``transform: translate``), its scale (on an inner group), its opacity, and which of its
variants shows (each variant a child group, visible in its own windows of time).  A
motion through several stops, eased once, becomes a keyframe at each stop with the part
of the easing's ``cubic-bezier`` curve between them (``easing.span``), so the file grows
with the moves, not with the frames.  All animations share one duration (the film's)
and loop, like a GIF.  There is no script, no font file and no external reference, so
the file plays inside an ``<img>`` tag (READMEs) in Chromium and Firefox.  The same
film gives the same bytes: ids are counters, numbers have a fixed number of decimals.

At time t the drawing shows what ``Film.still(t)`` says, which is what the raster
backend draws for the frame of that time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from puzzlereel.render.backends.markup import (
    FONT_STACK,
    Defs,
    hexcolour,
    markup,
    num,
    text_attrs,
    xml_text,
)
from puzzlereel.render.direction import wording
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film import easing
from puzzlereel.render.film.elements import Element, Film, Motion, Track, Value, scalar
from puzzlereel.render.film.shapes import Shape, Text

OFFSET_STEPS = 1_000_000    # keyframe offsets are whole millionths of the loop (4 decimals of %)



def offset(t: float, total: float) -> int:
    """``t`` seconds as millionths of ``total``."""
    if total <= 0:
        return 0
    return min(OFFSET_STEPS, max(0, round(t / total * OFFSET_STEPS)))


def pct(v: int) -> str:
    return num(v / 10_000, 4) + "%"


def points(track: Track, start: Value) -> Iterator[tuple[float, Value, str | None]]:
    """A track as (time, value, timing to the next point): a point where each motion
    starts (the value before it), then one at each of its stops, timed along the CSS
    curve of the motion's easing (None: the value holds, or jumps, to the next)."""
    before = start
    for m in track.motions:
        yield m.t0, before, None
        stops = m.stops
        if len(stops) == 1 or m.t1 <= m.t0:
            yield m.t0, stops[-1][1], None         # it takes the last value at once
            before = stops[-1][1]
            continue
        if stops[0][1] != before:
            yield m.t0, stops[0][1], None          # a jump as the motion starts
        times = [easing.span(m.easing, 0.0, p)[1] if p > 0 else 0.0 for p, _ in stops]
        for j, (p, v) in enumerate(stops):
            timing = easing.span(m.easing, p, stops[j + 1][0])[2] \
                if j + 1 < len(stops) and stops[j + 1][1] != v else None
            yield _at(m, times[j]), v, timing
        before = stops[-1][1]


def _at(m: Motion, s: float) -> float:
    return m.t0 + (m.t1 - m.t0) * s


def keyframes(name: str, track: Track, start: Value, total: float, ease_css: str,
              write: Callable[[Value], str]) -> str | None:
    """The ``@keyframes`` rule of one track (None when its value never changes): a
    keyframe where a value starts to change or is reached, none inside a still run.
    Two values at one moment (a jump) are one millionth of the loop apart."""
    seq = list(points(track, start))
    if len({repr(v) for _, v, _ in seq} | {repr(start)}) <= 1:
        return None
    keys: list[tuple[int, Value, str | None]] = []
    for t, value, timing in seq:
        v = offset(t, total)
        if keys and v <= keys[-1][0]:
            if keys[-1][1] == value:
                keys[-1] = (keys[-1][0], value, timing)      # the same moment, once
                continue
            v = keys[-1][0] + 1
        keys.append((v, value, timing))
    # a key between two of the same value changes nothing
    kept = [k for j, k in enumerate(keys)
            if not (0 < j < len(keys) - 1 and keys[j - 1][1] == k[1] == keys[j + 1][1])]
    body = []
    if kept[0][0] > 0:
        body.append(f"0%{{{write(start)}}}")
    for v, value, timing in kept:
        extra = f";animation-timing-function:{timing}" if timing and timing != ease_css else ""
        body.append(f"{pct(min(v, OFFSET_STEPS))}{{{write(value)}{extra}}}")
    if kept[-1][0] < OFFSET_STEPS:
        body.append(f"100%{{{write(kept[-1][1])}}}")
    return f"@keyframes {name}{{{''.join(body)}}}"


def windows(element: Element, k: int) -> list[tuple[float, float]]:
    """When variant ``k`` of ``element`` shows: (from, to) seconds, to the film's end."""
    track = element.tracks.get("shape")
    changes: list[tuple[float, int]] = [(0.0, element.shape)]
    if track is not None:
        for m in track.motions:
            for p, v in m.stops:
                t = m.t0 + (m.t1 - m.t0) * easing.inverse(m.easing, p) if m.t1 > m.t0 else m.t0
                changes.append((t, int(scalar(v))))
    out: list[tuple[float, float]] = []
    on: float | None = None
    for t, v in changes:
        if v == k and on is None:
            on = t
        elif v != k and on is not None:
            if t > on:
                out.append((on, t))
            on = None
    if on is not None:
        out.append((on, float("inf")))
    return out


def window_rule(name: str, spans: list[tuple[float, float]], total: float) -> str:
    """Keyframes showing an element (opacity 1) in ``spans`` and hiding it otherwise;
    timing ``steps(1, end)``."""
    keys: list[tuple[int, int]] = []
    for a, b in spans:
        keys.append((offset(a, total), 1))
        if b != float("inf"):
            keys.append((offset(b, total), 0))
    body = "" if keys and keys[0][0] == 0 else "0%{opacity:0}"
    last = -1
    for v, on in keys:
        v = max(v, last + 1) if v < OFFSET_STEPS else v
        body += f"{pct(v)}{{opacity:{on}}}"
        last = v
    return f"@keyframes {name}{{{body}}}"


def _translate(v: Value) -> str:
    assert isinstance(v, tuple)
    return f"transform:translate({num(v[0])}px,{num(v[1])}px)"


def _scale(v: Value) -> str:
    assert isinstance(v, (int, float))
    return f"transform:scale({num(v, 4)})"


def _opacity(v: Value) -> str:
    assert isinstance(v, (int, float))
    return f"opacity:{num(v, 3)}"


def shared_text(variants: Sequence[Shape]) -> str:
    """The attributes every variant shares when each is one line of text differing from
    the others only in its words (a counter), as a group's attributes that its texts
    inherit ("": not such variants)."""
    lines = [v for v in variants if isinstance(v, Text)]
    if len(variants) < 2 or len(lines) < len(variants):
        return ""
    first = lines[0]
    if first.vertical or any(replace(v, text=first.text) != first for v in lines):
        return ""
    return f' transform="translate({num(first.x)} {num(first.y)})"{text_attrs(first)}'


def element_markup(i: int, e: Element, total: float, ease_css: str, css: list[str],
                   defs: Defs) -> str:
    """One element as a group with its animations (their CSS rules go to ``css``)."""
    ident = f"e{i}"
    names = _moves(i, e, total, ease_css, css)
    if names:
        css.append(f"#{ident}{{animation-name:{','.join(names)}}}")
    inner = _scaled(i, e, _variants_markup(ident, e, total, css, defs), total, ease_css, css)
    return f"<g{_attributes(ident, e, bool(names))}>{inner}</g>"


def _moves(i: int, e: Element, total: float, ease_css: str, css: list[str]) -> list[str]:
    """The keyframes of the element's position and opacity (to ``css``), by name."""
    names = []
    for prop, write in (("pos", _translate), ("opacity", _opacity)):
        track = e.tracks.get(prop)
        if track is None:
            continue
        rule = keyframes(f"{prop[0]}{i}", track, e.start(prop), total, ease_css, write)
        if rule is not None:
            css.append(rule)
            names.append(f"{prop[0]}{i}")
    return names


def _attributes(ident: str, e: Element, animated: bool) -> str:
    """The element's group's attributes: its id, its class when ``animated``, where it
    starts, its opacity and its data."""
    attrs = f' id="{ident}"' + (' class="k"' if animated else "")
    if e.x or e.y:
        attrs += f' transform="translate({num(e.x)} {num(e.y)})"'
    if e.opacity < 1.0:
        attrs += f' opacity="{num(e.opacity, 3)}"'
    for key, value in e.data:
        attrs += f' data-{xml_text(key)}="{xml_text(value)}"'
    return attrs


def _variants_markup(ident: str, e: Element, total: float, css: list[str], defs: Defs) -> str:
    """The element's picture: its one variant, else each variant it shows in a group
    shown in its windows of time (their rules to ``css``); a counter's texts share their
    attributes in the group around them."""
    if len(e.variants) == 1 and "shape" not in e.tracks:
        return markup(e.variants[0], defs)
    shared = shared_text(e.variants)
    parts = []
    for k, variant in enumerate(e.variants):
        spans = windows(e, k)
        if not spans:
            continue
        vid = f"{ident}v{k}"
        drawn = f"<text>{xml_text(variant.text)}</text>" \
            if shared and isinstance(variant, Text) else markup(variant, defs)
        if spans == [(0.0, float("inf"))]:
            parts.append(f'<g id="{vid}">{drawn}</g>')
            continue
        css.append(f"#{vid}{{animation-name:{vid}}}" + window_rule(vid, spans, total))
        parts.append(f'<g id="{vid}" class="k w">{drawn}</g>')
    return f"<g{shared}>{''.join(parts)}</g>" if shared else "".join(parts)


def _scaled(i: int, e: Element, inner: str, total: float, ease_css: str,
            css: list[str]) -> str:
    """``inner`` in a group scaled as the element is (its keyframes to ``css``), or as
    it is when the element keeps its size."""
    scale = e.tracks.get("scale")
    if scale is None and e.scale == 1.0:
        return inner
    rule = keyframes(f"s{i}", scale, e.scale, total, ease_css, _scale) \
        if scale is not None else None
    if rule is not None:
        css.append(rule + f"#z{i}{{animation-name:s{i}}}")
    return (f'<g id="z{i}"' + (' class="k"' if rule else "")
            + f' transform="scale({num(e.scale, 4)})">{inner}</g>')


def svg_text(film: Film, director: Director) -> str:
    """The whole animated SVG of a film."""
    total = film.duration
    ease_css = easing.css(easing.CURVES[director.options.easing])
    css: list[str] = [
        f"svg{{font-family:{FONT_STACK}}}",
        "text{dominant-baseline:central;white-space:pre}",
        f".k{{animation-duration:{num(total, 3)}s;animation-iteration-count:infinite;"
        f"animation-timing-function:{ease_css};animation-fill-mode:both}}",
        ".w{opacity:0;animation-timing-function:steps(1,end)}",
    ]
    defs = Defs()
    body: list[str] = [f'<rect width="{film.width}" height="{film.height}" '
                       f'fill="{hexcolour(film.background)}"/>']
    clip = None
    for i, e in enumerate(film.elements):
        if e.clip != clip:
            if clip is not None:
                body.append("</g>")
            if e.clip is not None:
                body.append(f'<g clip-path="url(#{defs.clip(e.clip)})">')
            clip = e.clip
        body.append(element_markup(i, e, total, ease_css, css, defs))
    if clip is not None:
        body.append("</g>")
    title = xml_text(wording.human_title(director.header))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{film.width}" '
            f'height="{film.height}" viewBox="0 0 {film.width} {film.height}" role="img" '
            f'aria-label="{title}">')
    return "\n".join([head, f"<title>{title}</title>", "<style>" + "\n".join(css) + "</style>",
                      defs.markup(), *body, "</svg>", ""])


__all__ = ["keyframes", "offset", "svg_text", "windows"]
