"""The interactive player: one self-contained HTML page that plays a film's board.

The board is the film's own elements as SVG (the same shapes as the animated SVG), and
the film's tracks are embedded as data: every motion of every element, with its easing.
The page's script (``templates/player.js``) samples them at any time exactly as the
raster backend does (the same easing polynomials, the same interpolation between stops),
so the player honours ``--easing`` and ``--speed`` and does no puzzle logic: it can play
any valid trace.  Controls: play/pause, step back and forward (a step plays the next
move; after the last, the ending), a scrubber in time, a speed menu, the keyboard
(space, ←, →, Home, End), the move list growing as the moves begin (nothing of the
answer before it plays) with the current move marked as the counter turns to it (click
a move to go there), the goal sentence and the counter in the puzzle's count noun.  No
network, no external file: it works from ``file://``.

The page is a Jinja2 template (``templates/player.html``), rendered by the one
environment of every page (``puzzlereel.ground.pages``: autoescaping, every value given); the
data is JSON made safe inside a ``<script>`` element (``script_json``).
"""

from __future__ import annotations

import math
from importlib import resources
from typing import Any

from markupsafe import Markup

from puzzlereel.ground import escape
from puzzlereel.ground.pages import page
from puzzlereel.render.backends.markup import Defs, hexcolour, markup, num, xml_text
from puzzlereel.render.direction import barchart, wording
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import Element, Film
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.film.timeline import END, HOLD, SEARCH, START

CHART = (960, 540)           # the "how it was found" chart's frame on the page

SPEEDS = ("0.25", "0.5", "1", "2", "4")
SCRUB_STEP = 10              # the scrubber's step, in milliseconds (its value's unit)


def script_json(data: Any) -> str:
    """``data`` as JSON that cannot end or comment out the ``<script>`` holding it
    (``puzzlereel.ground.escape``)."""
    return escape.script_json(data)


def _value(v: Any) -> Any:
    return [round(v[0], 2), round(v[1], 2)] if isinstance(v, tuple) else round(float(v), 4)


def element_data(ident: str, e: Element) -> dict[str, Any]:
    tracks = {prop: [[round(m.t0, 4), round(m.t1, 4), m.easing,
                      [[round(p, 5), _value(v)] for p, v in m.stops]] for m in track.motions]
              for prop, track in e.tracks.items() if track.motions}
    return {"id": ident, "x": round(e.x, 2), "y": round(e.y, 2), "o": e.opacity,
            "s": e.scale, "k": e.shape, "variants": [0] * len(e.variants), "tracks": tracks}


def search_film(director: Director) -> Film | None:
    """The "how it was found" chart for the page (``--search``): the film's chart on its
    own, growing over the film's search phase and staying once grown."""
    plan = director.plan
    told = director.search_story(plan.end if plan is not None else None)
    if plan is None or told is None:
        return None
    shown = plan.span(SEARCH)
    if shown is None:
        return None
    film = Film(CHART[0], CHART[1], director.theme.background)
    frame = barchart.ChartGeometry(CHART[0], CHART[1], (24, 16, CHART[0] - 48, CHART[1] - 32), 14)
    barchart.chart(film, frame, director.theme, told, *shown)
    return film


def film_data(film: Film, director: Director, chart: Film | None) -> dict[str, Any]:
    """What the page plays: the board's elements (and the search's ``chart``) and their
    tracks, the time from the chart's start (else the start position's) to the end of
    the result, the counter's words over time, and each counted move's end, counter and
    notation."""
    plan = director.plan
    assert plan is not None
    first = plan.span(SEARCH) or plan.span(START)
    start = first[0] if first is not None else 0.0
    end = max([t1 for phase, (_t0, t1) in zip(plan.phases, plan.spans, strict=True)
               if phase.kind in (HOLD, END)] or [start])
    end = max(end, start)
    board = [(f"e{i}", e) for i, e in enumerate(film.elements) if e.role == "board"]
    if chart is not None:
        board += [(f"s{i}", e) for i, e in enumerate(chart.elements)]
    counters: list[list[Any]] = []
    beats: list[list[Any]] = []
    headline = director.ending().headline
    for k in range(len(plan.phases)):
        text = plan.counter_line(plan.counter(k), headline)
        if not counters or counters[-1][1] != text:
            counters.append([round(plan.spans[k][0], 4), text])
        phase = plan.phases[k]
        if phase.kind == "move" and phase.step is not None and plan.beats[phase.step].move:
            beat = plan.beats[phase.step]
            beats.append([round(plan.spans[k][1], 4), text, beat.note,
                          round(plan.spans[k][0], 4)])
    return {"start": round(start, 4), "end": round(end, 4),
            "elements": [element_data(ident, e) for ident, e in board],
            "counter": counters, "beats": beats}


def stage_svg(film: Film, director: Director) -> str:
    """The board's elements as an SVG, each variant a group the script shows or hides."""
    elements = [(f"e{i}", e) for i, e in enumerate(film.elements) if e.role == "board"]
    return svg_of(elements, director.stage.box, film.background,
                  wording.human_title(director.header), "b")


def svg_of(elements: list[tuple[str, Element]], box: tuple[float, float, float, float],
           background: RGB, label: str, space: str) -> str:
    """``elements`` as they start, in an SVG showing ``box`` of the frame; its patterns'
    and clips' ids begin with ``space``."""
    defs = Defs(space=space)
    body = []
    for ident, e in elements:
        state = e.state(0.0)
        variants = "".join(
            f'<g id="{ident}v{k}" visibility="{"visible" if k == state.shape else "hidden"}">'
            f"{markup(v, defs)}</g>" for k, v in enumerate(e.variants))
        transform = f"translate({num(state.x)} {num(state.y)})" + (
            f" scale({num(state.scale, 4)})" if state.scale != 1.0 else "")
        clip = f' clip-path="url(#{defs.clip(e.clip)})"' if e.clip is not None else ""
        body.append(f'<g{clip}><g id="{ident}" transform="{transform}" '
                    f'opacity="{num(state.opacity, 3)}">{variants}</g></g>')
    x0, y0, x1, y1 = box
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{num(x0)} {num(y0)} '
            f'{num(x1 - x0)} {num(y1 - y0)}" role="img" aria-label="{xml_text(label)}">')
    rect = (f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" '
            f'height="{num(y1 - y0)}" fill="{hexcolour(background)}"/>')
    return head + defs.markup() + rect + "".join(body) + "</svg>"


def scrub_max(seconds: float) -> int:
    """The scrubber's last value: ``seconds`` in milliseconds, up to a whole step, so
    that its last step reaches the end (the page stops at the end)."""
    return math.ceil(round(seconds * 1000) / SCRUB_STEP) * SCRUB_STEP


def html_text(film: Film, director: Director) -> str:
    """The whole player page of a film."""
    t, h = director.theme, director.header
    chart = search_film(director)
    data = film_data(film, director, chart)
    plan = director.plan
    assert plan is not None
    script = resources.files("puzzlereel.render").joinpath("templates/player.js").read_text(
        encoding="utf-8")
    return page(
        "player.html", title=wording.human_title(h), goal=director.goal_sentence(),
        facts=wording.facts_line(h, plan.totals.get(plan.word)),
        colours={"bg": hexcolour(t.background), "fg": hexcolour(t.text),
                 "muted": hexcolour(t.muted), "accent": hexcolour(t.accent),
                 "row": hexcolour(t.row)},
        stage=Markup(stage_svg(film, director)), unit=director.scene.family.count_noun,
        chart=Markup(svg_of([(f"s{i}", e) for i, e in enumerate(chart.elements)],
                            (0, 0, chart.width, chart.height), chart.background,
                            "How it was found", "s")) if chart is not None else "",
        notes=[note or str(n) for n, (_end, _text, note, _start) in enumerate(data["beats"], 1)],
        number_width=len(f"{len(data['beats'])}."),
        speeds=SPEEDS, scrub_max=scrub_max(data["end"] - data["start"]),
        scrub_step=SCRUB_STEP, film_json=Markup(script_json(data)), script=Markup(script))


__all__ = ["film_data", "html_text", "script_json"]
