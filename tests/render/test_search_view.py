"""How the answer was found, shown on screen (``--search``): the chart's bars are the
trace's search events (a layer, an iteration or a step each), the goal's bar is marked,
the sentence gives the totals the trace holds; the segment sits between the title and
the board and lengthens the video by the family's ``search_seconds`` plus one
crossfade; a trace without search events is drawn as without ``--search``; the
subtitles say the sentence; golden frames of the chart for each kind of search."""

from __future__ import annotations

import json

import numpy as np
import pytest

from puzzlereel.registry import FAMILIES as ROWS
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.timeline import CROSSFADE, SEARCH, SEARCH_IN, SEARCH_OUT, TITLE
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Search
from tests.fixtures import CONFIGS, Tolerance, cli
from tests.render.examples import example_trace
from tests.render.films import directed, frame

# one config for each kind of search the solvers report
EXAMPLES = {"bfs": "hakoiri-musume", "ida*": "eight-puzzle", "candidates": "n-queens-8"}


def _trace(name: str) -> str:
    return example_trace(CONFIGS / f"{name}.toml")


def _events(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines() if '"type":"search"' in
            line.replace(" ", "")]


def _end(text: str) -> End:
    last = json.loads(text.strip().splitlines()[-1])
    assert last["type"] == "end"
    return End(last["status"], last.get("moves"), last.get("stats", {}))


def _timeless(text: str) -> str:
    """The trace with its end line's timings left out (the sentence says them, and a
    search solved on the spot takes a different time each run)."""
    *lines, last = text.strip().splitlines()
    end = json.loads(last)
    end["stats"] = {k: v for k, v in end.get("stats", {}).items() if "seconds" not in k}
    return "\n".join([*lines, json.dumps(end)]) + "\n"


def _film(text: str, search: bool, size: tuple[int, int] = (640, 360)) -> Director:
    return directed(text, RenderOptions(size=size, search=search), layout="video",
                    whole=True, explicit=frozenset({"size", "search"}))


@pytest.mark.parametrize("phase", list(EXAMPLES))
def test_the_bars_are_the_traces_search_events(phase: str) -> None:
    text = _trace(EXAMPLES[phase])
    events = _events(text)
    assert events and {e["phase"] for e in events} == {phase}
    d = _film(text, True)
    told = d.search_story(_end(text))
    assert told is not None and told.phase == phase
    assert len(told.bars) == len(events)
    key = {"bfs": "new", "ida*": "nodes", "candidates": "tested"}[phase]
    assert [b.value for b in told.bars] == [e[key] for e in events]
    if phase == "bfs":
        assert [b.label for b in told.bars] == [str(e["depth"]) for e in events]
        total = sum(int(e["new"]) for e in events)          # type: ignore[call-overload]
        assert total == events[-1]["total"]
        assert f"Searched {total:,} positions, up to {events[-1]['depth']} moves from the " \
            "start" in told.sentence
    if phase == "ida*":
        assert [b.label for b in told.bars] == [str(e["bound"]) for e in events]
        nodes = sum(int(e["nodes"]) for e in events)        # type: ignore[call-overload]
        assert f"to {events[-1]['bound']}: {nodes:,} positions" in told.sentence
    if phase == "candidates":
        assert [b.kept for b in told.bars] == [e["accepted"] for e in events]
    marked = [b.mark for b in told.bars]
    if phase == "candidates":
        assert marked == [""] * len(events)          # every step is part of the answer
    else:                                            # the goal in the last layer or bound
        assert marked == [""] * (len(events) - 1) + ["goal"]


@pytest.mark.parametrize("name", ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8",
                                  "send-more-money", "komachi-100"])
def test_the_segment_follows_the_title_and_lasts_the_familys_seconds(name: str) -> None:
    text = _trace(name)
    plain, shown = _film(text, False), _film(text, True)
    assert plain.plan is not None and shown.plan is not None
    kinds = [p.kind for p in shown.plan.phases]
    assert SEARCH not in [p.kind for p in plain.plan.phases]
    assert kinds.index(SEARCH) == kinds.index(TITLE) + 2       # after the chart comes in
    assert kinds[kinds.index(SEARCH) - 1] == SEARCH_IN
    assert kinds[kinds.index(SEARCH) + 1] == SEARCH_OUT
    pace = ROWS[shown.header.puzzle].pacing
    seconds = pace["search_seconds"]
    assert 4 <= seconds <= 10
    # the chart and its two crossfades, and after it the whole start hold again (the
    # title's part of it was spent before the chart)
    o = shown.plan.timing.pacing
    rest = max(o.hold_start - o.title, CROSSFADE)
    longer = shown.plan.seconds - plain.plan.seconds
    want = seconds + 2 * CROSSFADE + o.hold_start - rest
    assert abs(longer - want) <= 1 / shown.plan.fps, (name, longer)


def test_a_trace_without_search_events_is_drawn_as_without_search() -> None:
    text = "\n".join(line for line in _trace("hakoiri-musume").splitlines()
                     if '"type":"search"' not in line.replace(" ", "")) + "\n"
    shown, plain = _film(text, True), _film(text, False)
    assert shown.search_story(_end(text)) is None
    assert shown.plan is not None and plain.plan is not None
    assert shown.plan.total_frames == plain.plan.total_frames


def test_search_events_are_not_moves() -> None:
    text = _trace("hakoiri-musume")
    d = _film(text, True)
    assert all(isinstance(e, Search) for e in d.searched)
    assert d.plan is not None and d.plan.moves == 81


def test_the_subtitles_say_how_it_was_found(tmp_path) -> None:
    trace = tmp_path / "h.jsonl"
    trace.write_text(_trace("hakoiri-musume"))
    vtt = tmp_path / "h.vtt"
    res = cli("render", trace, "-o", vtt, "--search")
    assert res.exit_code == 0, res.output
    cues = vtt.read_text().split("\n\n")
    said = [c for c in cues if "How it was found" in c]
    total = _events(_trace("hakoiri-musume"))[-1]["total"]
    assert len(said) == 1 and f"Searched {total:,} positions, up to 81 moves from the start" \
        in said[0]
    plain = tmp_path / "p.vtt"
    assert cli("render", trace, "-o", plain).exit_code == 0
    assert "How it was found" not in plain.read_text()


@pytest.mark.parametrize("phase", list(EXAMPLES))
@pytest.mark.parametrize("size", [(640, 360), (360, 640)])
def test_golden_chart_frames(golden, phase: str, size: tuple[int, int]) -> None:
    """The chart half grown and whole (its sentence shown), landscape and portrait."""
    d = _film(_timeless(_trace(EXAMPLES[phase])), True, size)
    p = d.plan
    assert p is not None
    k = [q.kind for q in p.phases].index(SEARCH)
    t0, t1 = p.spans[k]
    for what, t in (("half", t0 + (t1 - t0) * 0.45), ("whole", t1 - 0.05)):
        img = frame(d.film, t)
        golden.check(f"search-{phase.replace('*', 'star')}-{size[0]}x{size[1]}-{what}", img,
                     Tolerance(mean=1.5, off=48, share=0.01))


def test_the_opening_shows_whole_before_the_chart_comes_in_over_it() -> None:
    """The opening is the plain video's; then the background covers it, and only then
    the chart fades in: at no time do the opening's and the chart's pictures show
    together."""
    text = _timeless(_trace("hakoiri-musume"))
    shown, plain = _film(text, True), _film(text, False)
    assert shown.plan is not None and plain.plan is not None
    kinds = [q.kind for q in shown.plan.phases]
    t0, t1 = shown.plan.spans[kinds.index(TITLE)]
    middle = (t0 + t1) / 2
    assert np.array_equal(frame(shown.film, middle), frame(plain.film, middle))
    f0, f1 = shown.plan.spans[kinds.index(SEARCH_IN)]           # the change
    s0, _ = shown.plan.spans[kinds.index(SEARCH)]
    opening, chart = frame(shown.film, middle), frame(shown.film, s0)     # grown from s0 on
    ground = np.empty_like(opening)
    ground[:] = shown.film.background
    for at, picture in ((0.25, opening), (0.75, chart)):
        # a quarter of the way every pixel lies between the opening's and the ground's,
        # three quarters of the way between the chart's and the ground's
        seen = frame(shown.film, f0 + (f1 - f0) * at).astype(np.int16)
        lo = np.minimum(picture, ground).astype(np.int16) - 3
        hi = np.maximum(picture, ground).astype(np.int16) + 3
        assert ((seen >= lo) & (seen <= hi)).all(), at
        assert not np.array_equal(seen, picture) and not np.array_equal(seen, ground), at


# words a viewer who knows nothing of search cannot read
JARGON = ("bound", "node", "layer", "candidate", "log scale", "kept", "depth")


def _chart_texts(d: Director) -> list[str]:
    """Every word the chart shows: each of its elements' variants (all the running
    count's) as the search segment ends."""
    from puzzlereel.render.film.shapes import texts

    return [t.text for e in d.film.elements if e.role == "search"
            for v in e.variants for t in texts(v)]


@pytest.mark.parametrize("size", [(1280, 720), (1080, 1920)])
@pytest.mark.parametrize("name", ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8",
                                  "mastermind-9431", "send-more-money", "komachi-100"])
def test_the_chart_speaks_plain_words(name: str, size: tuple[int, int]) -> None:
    """No jargon (bound, nodes, layers, candidates, kept, log scale); every text whole
    (wrapped or smaller, never cut), in 9:16 too; values up the side; and what the
    search looked at named as the result names it ("positions", "codes")."""
    from puzzlereel.ground.words import plural
    from puzzlereel.render.film.typeset import ELLIPSIS

    d = _film(_trace(name), True, size)
    words = _chart_texts(d)
    assert words
    for text in words:
        low = text.lower()
        assert not any(j in low for j in JARGON), (name, text)
        assert not text.endswith(ELLIPSIS), (name, text)
    numbers = [w for w in words if w.replace(",", "").isdigit()]
    assert len({w for w in numbers}) >= 3, (name, words)      # values, and bar labels
    said = ROWS[d.header.puzzle].searched
    noun = plural(said.noun, 2)
    assert any(noun in w for w in words), (name, noun)
    assert any(f"{noun} {said.verb}" in detail for detail in d.ending().details), name


def test_the_goal_mark_points_at_the_goals_own_bar() -> None:
    """Hakoiri's goal layer (81 moves out) is marked by a word above it and a line from
    the word down to that bar, however far the word must stand from it."""
    from puzzlereel.render.film.shapes import Rect, Text, bounds

    d = _film(_timeless(_trace("hakoiri-musume")), True, (1280, 720))
    names = d.film.names
    bars = sorted((n for n in names if n.startswith("search.bar")),
                  key=lambda n: int(n.removeprefix("search.bar")))
    goal = names[bars[-1]]
    end = d.plan.span(SEARCH)[1]                             # type: ignore[union-attr]
    g = goal.state(end)
    x0, y0, x1, y1 = bounds(goal.variants[0])
    centre, top = g.x + (x0 + x1) / 2, g.y + y0
    label = names[f"search.label{len(bars) - 1}"].variants[0]
    parts = label.children                                   # type: ignore[attr-defined]
    assert any(isinstance(p, Text) and p.text == "goal" for p in parts)
    (line,) = [p for p in parts if isinstance(p, Rect)]
    assert abs(line.x + line.w / 2 - centre) <= 1.0
    # (a fifth of the legible size short of it)
    assert top - (line.y + line.h) <= 0.25 * d.layout.legible and line.y + line.h <= top + 0.5


@pytest.mark.parametrize("name", ["eight-puzzle", "triangle", "hakoiri-musume",
                                  "dads-puzzle"])
@pytest.mark.parametrize("size, words", [((320, 120), False), ((360, 640), True),
                                         ((640, 360), True)])
def test_the_goal_mark_stays_clear_of_the_count(name: str, size: tuple[int, int],
                                                words: bool) -> None:
    """The word over the goal's bar and the running count above the bars never overlap:
    in the gallery's small chart (320x120, no words) and in the video's, whatever the
    goal bar's height (the eight-puzzle's and the triangle's are among the tallest)."""
    from types import SimpleNamespace

    from puzzlereel.render.direction.barchart import chart_film
    from puzzlereel.render.direction.search import PLAIN, goal_reached, story
    from puzzlereel.render.film.theme import THEMES
    from tests.render.test_transitions import _overlap, seen

    text = _trace(name)
    events = [Search.from_json(e) for e in _events(text)]
    told = story(events, _end(text), goal_reached, PLAIN)
    assert told is not None and any(bar.mark == "goal" for bar in told.bars)
    film = chart_film(told, THEMES["light"], *size, 1.0, words=words)
    lines = seen(SimpleNamespace(film=film), film.duration)   # type: ignore[arg-type]
    goal = [line for line in lines if line.text == "goal"]
    counts = [line for line in lines if line.element.endswith(".count")]
    assert goal and counts, [line.text for line in lines]
    assert not any(_overlap(g.box, c.box) for g in goal for c in counts), (goal, counts)
