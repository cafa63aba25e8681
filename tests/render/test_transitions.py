"""Words come in eased and pictures change without a double exposure, sampled from the
film every backend draws: the title and goal as the video opens and the result's
headline and details as they appear never go from unseen to fully shown between two
frames; a looping format's return to its start and the search's chart coming and going
never show two overlapping texts at once (tile numbers over tile numbers, "Solved"
over "Start")."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import still_shape
from puzzlereel.render.film.shapes import Box, Group, Rect, Shape, Text, bounds
from puzzlereel.render.film.timeline import (
    END,
    HOLD,
    RETURN,
    SEARCH_IN,
    SEARCH_OUT,
    frame_time,
)
from puzzlereel.render.options import RenderOptions
from tests.fixtures import CONFIGS
from tests.render.examples import example_trace
from tests.render.films import directed

# a trace of every family (the sliding blocks, the tiles, the pegs, N-Queens, an
# alphametic, Mastermind, Komachi and Oomachi)
FAMILIES = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8", "send-more-money",
            "mastermind-9431-simple", "komachi-100", "oomachi"]
# every layout: the MP4's landscape panel, 9:16 and 1:1 frames, a GIF's compact one
LAYOUTS = {"landscape": (RenderOptions(), "video"),
           "portrait": (RenderOptions(target="shorts"), "video"),
           "square": (RenderOptions(size=(1080, 1080)), "video"),
           "compact": (RenderOptions(fps=15), "compact")}
SEEN = 0.05          # a text at this opacity or less is not seen
FULL = 0.95          # nor eased in at this opacity or more
EASED = 0.5          # seconds by which a text has eased in


def film(name: str, layout: str, options: RenderOptions | None = None) -> Director:
    base, kind = LAYOUTS[layout]
    o = options or base
    explicit = frozenset(k for k in ("target", "size", "search") if getattr(o, k))
    return directed(example_trace(CONFIGS / f"{name}.toml"), o, layout=kind, fps=o.fps,
                    whole=True, explicit=explicit, loop=True)


@dataclass
class Seen:
    """A line of text in a frame: its words, its box and how much of it shows (its
    opacity under whatever opaque rectangles are drawn over it)."""

    text: str
    box: Box
    shown: float
    element: str
    role: str


def seen(d: Director, t: float, role: str | None = None) -> list[Seen]:
    """Every line of text of the film at ``t`` (of ``role``'s elements when given)."""
    out: list[Seen] = []
    for element in d.film.elements:
        shape = still_shape(element, element.state(t))
        if shape is None or role is not None and element.role != role:
            continue
        for kind, box, opacity, text in _drawn(shape, 0.0, 0.0, 1.0):
            if kind == "text":
                out.append(Seen(text, box, opacity, element.name, element.role))
            else:                       # an opaque rectangle hides what it covers
                for line in out:
                    if _covers(box, line.box):
                        line.shown *= 1.0 - opacity
    return out


def _drawn(shape: Shape, dx: float, dy: float,
           opacity: float) -> Iterator[tuple[str, Box, float, str]]:
    if isinstance(shape, Group):
        for child in shape.children:
            yield from _drawn(child, dx + shape.x, dy + shape.y, opacity * shape.opacity)
    elif isinstance(shape, Text) and shape.text.strip():
        b = bounds(shape)
        yield "text", (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), \
            opacity * shape.opacity, shape.text
    elif isinstance(shape, Rect) and shape.fill is not None:
        b = bounds(shape)
        yield "rect", (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy), \
            opacity * shape.opacity, ""


def _covers(outer: Box, inner: Box) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2]
            and outer[3] >= inner[3])


def _overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def doubled(d: Director, t: float, chart: bool = False) -> list[tuple[str, str]]:
    """The pairs of overlapping lines of text of two elements both seen at ``t`` (with
    ``chart``: one of the search's chart, one of the board or its words)."""
    lines = [s for s in seen(d, t) if s.shown > SEEN]
    return [(a.text, b.text) for i, a in enumerate(lines) for b in lines[i + 1:]
            if a.element != b.element and _overlap(a.box, b.box)
            and (not chart or (a.role == "search") != (b.role == "search"))]


def times(span: tuple[float, float], fps: int) -> list[float]:
    """Every frame's time in ``span`` and the times halfway between them."""
    a, b = span
    first, last = int(a * fps), int(b * fps) + 1
    return [(k + 1 + h) / fps for k in range(first, last) for h in (0.0, 0.5)
            if a <= (k + 1 + h) / fps <= b]


# ---------------------------------------------------------------- easing in


def announced(d: Director) -> set[str]:
    """The lines of the result: its headline, note and details (the counter line's
    "headline · note" too)."""
    e = d.ending()
    said = [x for x in (e.headline, e.note, *e.details) if x]
    plan = d.plan
    assert plan is not None
    hold = plan.span(HOLD)
    moments = [frame_time(plan.ending_frame(), d.fps)] + ([hold[1]] if hold else [])
    return {s.text for t in moments for s in seen(d, t, "chrome")
            if any(s.text in x or x in s.text for x in said)}


def shown_at(d: Director, t: float, lines: set[str]) -> dict[str, float]:
    out: dict[str, float] = {}
    for s in seen(d, t, "chrome"):
        if s.text in lines:
            out[s.text] = max(out.get(s.text, 0.0), s.shown)
    return out


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("name", FAMILIES)
def test_the_result_eases_in(name: str, layout: str) -> None:
    """Around the final hold's headline and the result's details, no line of them goes
    from unseen to fully shown in one frame: each passes through an opacity between."""
    d = film(name, layout)
    plan = d.plan
    assert plan is not None
    lines = announced(d)
    headline = d.ending().headline
    assert any(headline in line for line in lines), lines
    fps = plan.fps
    between: set[str] = set()
    for span in (plan.span(HOLD), plan.span(END)):
        if span is None:
            continue
        k0 = int(span[0] * fps) - 2
        before = shown_at(d, frame_time(k0, fps), lines)
        for k in range(k0 + 1, k0 + 1 + int(fps * 0.6)):
            now = shown_at(d, frame_time(k, fps), lines)
            for text, o in now.items():
                assert not (before.get(text, 0.0) <= SEEN and o >= FULL), (text, k, layout)
                if SEEN < o < FULL:
                    between.add(text)
            before = now
    assert any(headline in line for line in between), between


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("name", FAMILIES)
def test_the_title_and_the_goal_rise_into_place(name: str, layout: str) -> None:
    """As the video opens, the title's and the goal's lines show from the first frame
    (the picture a player shows before it plays), a little off their place (below it,
    or above where the safe area has no room under them), and move into it over the
    next frames."""
    d = film(name, layout)
    plan = d.plan
    assert plan is not None
    heading = d.heading()

    def heads(k: int) -> dict[str, Seen]:
        return {s.text: s for s in seen(d, frame_time(k, plan.fps), "chrome")
                if s.text in heading.title or s.text in heading.goal}

    first, second, placed = heads(0), heads(1), heads(int(EASED * plan.fps) + 1)
    assert first and first.keys() == placed.keys(), (first.keys(), placed.keys())
    for text, line in first.items():
        assert line.shown >= FULL, text
        off, nearer = line.box[1] - placed[text].box[1], second[text].box[1] - placed[text].box[1]
        assert off != 0 and abs(nearer) < abs(off) and off * nearer >= 0, text


# ---------------------------------------------------------------- changing picture


@pytest.mark.parametrize("layout", ["landscape", "compact"])
@pytest.mark.parametrize("name", FAMILIES)
def test_a_loop_returns_without_a_double_exposure(name: str, layout: str) -> None:
    """At every time of a GIF's or an SVG's return to its start no two overlapping lines
    of text show at once (the result over "Start", tile numbers over tile numbers),
    and the last frame is the first again."""
    d = film(name, layout)
    plan = d.plan
    assert plan is not None
    span = plan.span(RETURN)
    assert span is not None
    for t in times(span, plan.fps):
        assert doubled(d, t) == [], (t, span)
    first, last = d.film.still(frame_time(0, plan.fps)), d.film.still(d.film.duration)
    assert first == last


@pytest.mark.parametrize("layout", ["landscape", "portrait"])
@pytest.mark.parametrize("name", ["eight-puzzle", "triangle", "n-queens-8", "send-more-money",
                                  "komachi-100"])
def test_the_search_chart_comes_and_goes_without_a_double_exposure(name: str,
                                                                   layout: str) -> None:
    """``--search``: while the chart comes in over the board and gives way to it again,
    its words and the board's never show over each other."""
    base, _kind = LAYOUTS[layout]
    d = film(name, layout, RenderOptions(target=base.target, search=True))
    plan = d.plan
    assert plan is not None
    for kind in (SEARCH_IN, SEARCH_OUT):
        span = plan.span(kind)
        assert span is not None, kind
        for t in times(span, plan.fps):
            assert doubled(d, t, chart=True) == [], (kind, t)


def test_the_checks_see_a_double_exposure() -> None:
    """The checks above find two overlapping texts both shown: the same film with a
    second copy of its result's headline drawn over its counter at half opacity."""
    d = film("eight-puzzle", "compact")
    plan = d.plan
    assert plan is not None
    t = frame_time(plan.ending_frame(), plan.fps)
    assert doubled(d, t) == []
    counter = d.film.names["counter"]
    state = counter.state(t)
    ghost = d.film.add("ghost", [Group((counter.variants[0],), opacity=0.5)], "overlay",
                       x=state.x, y=state.y)
    assert ghost is not None and doubled(d, t) != []
