"""Search events: each phase read and written, hostile values refused naming the field,
their order checked, their counts held against the ``end`` line, and the cap on their
number kept by merging adjacent ones."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.trace import Search, TraceError, event_from_json, validate
from puzzlereel.trace.search import (
    MAX_SEARCH_EVENTS,
    SearchLog,
    found_events,
    iteration_events,
    layer_events,
    merged,
    step_events,
)
from puzzlereel.trace.search_event import MAX_COUNT, PHASES
from tests.fixtures import TINY_BLOCK, header, trace_io

MOVES = TINY_BLOCK_MOVES = [
    {"type": "move", "n": 1, "piece": "b", "path": [[1, 1], [2, 1], [2, 0]]},
    {"type": "move", "n": 2, "piece": "A", "path": [[0, 1]]},
    {"type": "move", "n": 3, "piece": "A", "path": [[1, 1]]},
]


def bfs(depth: int, new: int, total: int, **more: Any) -> dict[str, Any]:
    return {"type": "search", "phase": "bfs", "depth": depth, "new": new, "total": total,
            **more}


LAYERS = [bfs(0, 1, 1), bfs(1, 2, 3), bfs(2, 3, 6), bfs(3, 2, 8)]


def end(moves: int | None = 3, status: str = "solved", **stats: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "end", "status": status, "stats": stats}
    if moves is not None:
        out["moves"] = moves
    return out


def block_trace(*search: dict[str, Any], **stats: Any) -> Any:
    """The tiny block puzzle's three-move solution, ``search`` events before the moves."""
    return trace_io(TINY_BLOCK, *search, *MOVES, end(**stats))


# ---------------------------------------------------------------- one event


EXAMPLES = [
    bfs(3, 10, 25),
    {"type": "search", "phase": "bidirectional", "side": "backward", "depth": 2, "new": 4,
     "total": 7},
    {"type": "search", "phase": "ida*", "bound": 31, "nodes": 487},
    {"type": "search", "phase": "deepening", "bound": 5, "nodes": 0},
    {"type": "search", "phase": "dfs", "nodes": 8992},
    {"type": "search", "phase": "candidates", "tested": 1378, "accepted": 1},
    bfs(9, 30, 40, span=4),
]


@pytest.mark.parametrize("obj", EXAMPLES)
def test_every_phase_round_trips_through_json(obj: dict[str, Any]) -> None:
    event = event_from_json(obj, "sliding-tile")
    assert isinstance(event, Search)
    assert event.to_json() == obj


def test_every_puzzle_kind_takes_search_events() -> None:
    from puzzlereel.registry import FAMILIES

    for family in FAMILIES:
        assert isinstance(event_from_json(EXAMPLES[0], family), Search)


HOSTILE = [-1, -(2**63), MAX_COUNT + 1, 10**30, True, False, 1.5, "3", None, [], {}]


@pytest.mark.parametrize("phase", list(PHASES))
@pytest.mark.parametrize("value", HOSTILE)
def test_a_bad_count_is_refused_naming_its_field(phase: str, value: Any) -> None:
    good = next(e for e in EXAMPLES if e["phase"] == phase)
    for key in PHASES[phase]:
        if key == "side":
            continue
        with pytest.raises(TraceError) as caught:
            Search.from_json({**good, key: value})
        assert caught.value.field == key, (key, value, str(caught.value))


@pytest.mark.parametrize("obj, field, words", [
    ({"type": "search"}, "phase", "missing"),
    ({"type": "search", "phase": "dijkstra"}, "phase", "unknown phase 'dijkstra'"),
    ({"type": "search", "phase": 7}, "phase", "expected a string"),
    ({"type": "search", "phase": "bfs", "depth": 1, "new": 1}, "total", "missing"),
    ({**bfs(1, 1, 2), "side": "forward"}, "side", "not a field of a 'bfs' search event"),
    ({**bfs(1, 1, 2), "nodes": 4}, "nodes", "not a field of a 'bfs'"),
    ({"type": "search", "phase": "bidirectional", "depth": 1, "new": 1, "total": 2},
     "side", "missing"),
    ({"type": "search", "phase": "bidirectional", "side": "up", "depth": 1, "new": 1,
      "total": 2}, "side", "expected forward or backward, got 'up'"),
    (bfs(1, 0, 0), "new", "every layer adds at least one"),
    (bfs(5, 3, 9, span=4), "new", "3 new positions in 4 layers"),
    (bfs(1, 5, 4), "total", "fewer than the 5 new ones"),
    (bfs(2, 9, 9, span=4), "depth", "depth 2 cannot end 4 layers"),
    (bfs(1, 1, 2, span=0), "span", "must be >= 1"),
    (bfs(1, 1, 2, span=True), "span", "expected an integer"),
    ({"type": "search", "phase": "candidates", "tested": 3, "accepted": 4}, "accepted",
     "4 accepted of 3 tested"),
])
def test_a_malformed_event_is_refused(obj: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(TraceError, match=words) as caught:
        Search.from_json(obj)
    assert caught.value.field == field


def test_a_hostile_value_in_a_trace_names_the_line_and_field() -> None:
    with pytest.raises(TraceError, match=r"^t: line 3: total: must be <= "):
        validate(block_trace(LAYERS[0], bfs(1, 2, 2**64)), "t")


@st.composite
def search_events(draw: st.DrawFn) -> Search:
    """Any valid search event."""
    counts = st.integers(0, MAX_COUNT)
    phase = draw(st.sampled_from(list(PHASES)))
    span = draw(st.integers(1, 1000))
    if phase in ("bfs", "bidirectional"):
        new = draw(st.integers(span, MAX_COUNT))
        side = draw(st.sampled_from(["forward", "backward"])) if phase != "bfs" else None
        return Search(phase, depth=draw(st.integers(span - 1, MAX_COUNT)), new=new,
                      total=draw(st.integers(new, MAX_COUNT)), side=side, span=span)
    if phase == "candidates":
        tested = draw(counts)
        return Search(phase, tested=tested, accepted=draw(st.integers(0, tested)), span=span)
    if phase == "dfs":
        return Search(phase, nodes=draw(counts), span=span)
    return Search(phase, bound=draw(counts), nodes=draw(counts), span=span)


@given(search_events())
def test_any_valid_event_reads_back_as_itself(event: Search) -> None:
    line = json.loads(json.dumps(event.to_json()))
    assert Search.from_json(line) == event


# ---------------------------------------------------------------- a trace's events


def test_a_trace_with_search_events_validates() -> None:
    summary = validate(block_trace(*LAYERS, states=8), "t")
    assert summary.moves == 3 and summary.end is not None


def test_a_trace_without_search_events_still_validates() -> None:
    assert validate(block_trace(states=8), "t").moves == 3


@pytest.mark.parametrize("events, where, words", [
    ([bfs(1, 2, 2)], "line 2: depth", "expected the layer at depth 0, got depth 1"),
    ([LAYERS[0], LAYERS[2]], "line 3: depth", "expected the layer at depth 1, got depth 2"),
    ([LAYERS[0], bfs(3, 5, 6, span=2)], "line 3: depth",
     "expected the layer at depth 1, got depths 2..3"),
    ([LAYERS[0], bfs(1, 2, 4)], "line 3: total", "says 4 positions in all, its layers add "
     "up to 3"),
    ([LAYERS[0], {"type": "search", "phase": "ida*", "bound": 3, "nodes": 1}],
     "line 3: phase", "'ida\\*' after 'bfs' search events"),
    ([{"type": "search", "phase": "ida*", "bound": 3, "nodes": 1},
      {"type": "search", "phase": "ida*", "bound": 3, "nodes": 1}], "line 3: bound",
     "bound 3 after bound 3"),
])
def test_search_events_must_follow_each_other(events: list[dict[str, Any]], where: str,
                                              words: str) -> None:
    with pytest.raises(TraceError, match=f"^t: {where}: {words}"):
        validate(block_trace(*events), "t")


def test_search_events_come_before_the_answer() -> None:
    stream = trace_io(TINY_BLOCK, MOVES[0], LAYERS[0], *MOVES[1:], end())
    with pytest.raises(TraceError, match="^t: line 3: type: a search event after the first "
                       "'move' event"):
        validate(stream, "t")
    notes = trace_io(TINY_BLOCK, {"type": "note", "text": "n"}, *LAYERS, *MOVES, end())
    assert validate(notes, "t").moves == 3      # a note before them is no answer


def test_a_bidirectional_search_counts_each_side_apart() -> None:
    def side(name: str, depth: int, new: int, total: int) -> dict[str, Any]:
        return {"type": "search", "phase": "bidirectional", "side": name, "depth": depth,
                "new": new, "total": total}

    good = [side("forward", 0, 1, 1), side("backward", 0, 1, 1), side("forward", 1, 2, 3),
            side("forward", 2, 4, 7), side("backward", 1, 2, 3)]
    assert validate(block_trace(*good, states=10), "t").moves == 3
    with pytest.raises(TraceError, match="line 9: moves: 3 moves, but the search events "
                       "reach the goal at depth 2"):
        validate(block_trace(*good[:4]), "t")
    with pytest.raises(TraceError, match="line 3: depth: expected the layer at depth 0 on "
                       "the backward side, got depth 1"):
        validate(block_trace(good[0], side("backward", 1, 1, 1)), "t")


def test_no_more_than_the_cap() -> None:
    many = [{"type": "search", "phase": "dfs", "nodes": 1}] * (MAX_SEARCH_EVENTS + 1)
    with pytest.raises(TraceError, match=f"line {MAX_SEARCH_EVENTS + 2}: type: more than "
                       "1,000 search events"):
        validate(block_trace(*many), "t")
    assert validate(block_trace(*many[:-1], nodes=MAX_SEARCH_EVENTS), "t").moves == 3


# ---------------------------------------------------------------- against the end line


@pytest.mark.parametrize("events, stats, field, words", [
    (LAYERS, {"states": 9}, "stats.states", "says 9, the search events count 8 positions"),
    ([{"type": "search", "phase": "ida*", "bound": 2, "nodes": 5},
      {"type": "search", "phase": "ida*", "bound": 3, "nodes": 6}], {"nodes": 12},
     "stats.nodes", "says 12, the search events count 11 nodes"),
    ([{"type": "search", "phase": "dfs", "nodes": 40}], {"nodes": 41}, "stats.nodes",
     "says 41"),
    ([{"type": "search", "phase": "candidates", "tested": 10, "accepted": 2}],
     {"candidates": 11}, "stats.candidates", "count 10 candidates tested"),
    ([{"type": "search", "phase": "candidates", "tested": 10, "accepted": 2}],
     {"solutions": 3}, "stats.solutions", "count 2 candidates accepted"),
    ([{"type": "search", "phase": "candidates", "tested": 10, "accepted": 2}],
     {"solutions": 2, "total_solutions": 3}, "stats.total_solutions", "says 3"),
    (LAYERS[:3], {"states": 6}, "moves", "3 moves, but the search events reach the goal at "
     "depth 2"),
    ([{"type": "search", "phase": "ida*", "bound": 4, "nodes": 5}], {}, "moves",
     "reach the goal at depth 4"),
    ([{"type": "search", "phase": "deepening", "bound": 2, "nodes": 5}], {}, "moves",
     "reach the goal at depth 2"),
])
def test_an_end_that_contradicts_the_search_is_refused(
        events: list[dict[str, Any]], stats: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(TraceError) as caught:
        validate(block_trace(*events, **stats), "t")
    err = caught.value
    assert (err.line, err.field) == (len(events) + 5, field), str(err)
    assert words in str(err) and "\n" not in str(err)


def test_what_the_end_does_not_say_is_not_checked() -> None:
    # no stats.states, a limit (the goal's depth tells nothing), stats of the wrong type
    assert validate(block_trace(*LAYERS), "t").moves == 3
    stream = trace_io(TINY_BLOCK, *LAYERS[:2], MOVES[0], end(moves=None, status="limit",
                                                             states=3))
    assert validate(stream, "t").end is not None
    assert validate(block_trace(*LAYERS, states="8"), "t").moves == 3


def test_the_cli_refuses_a_contradicting_trace_in_one_line(tmp_path) -> None:
    from tests.fixtures import cli, one_line_error

    path = tmp_path / "t.jsonl"
    path.write_text(block_trace(*LAYERS, states=9).getvalue(), encoding="utf-8")
    one_line_error(cli("validate", path), 1, f"{path}: line 9: stats.states: says 9, the "
                   "search events count 8 positions")
    path.write_text(block_trace(*LAYERS, states=8).getvalue(), encoding="utf-8")
    assert cli("validate", path).exit_code == 0


# ---------------------------------------------------------------- building and merging


def test_builders_write_what_they_are_given() -> None:
    assert [e.to_json() for e in layer_events([1, 2, 0, 5])] == [bfs(0, 1, 1), bfs(1, 2, 3)]
    assert [(e.side, e.phase) for e in layer_events([1], side="backward")] == [
        ("backward", "bidirectional")]
    assert [(e.bound, e.nodes) for e in iteration_events("ida*", [(3, 4), (5, 9)])] == [
        (3, 4), (5, 9)]
    assert [(e.tested, e.accepted) for e in step_events([(5, 1)])] == [(5, 1)]
    # accepted the 3rd and the 7th of 10: (3, 1), (4, 1), then the last 3 (3, 0)
    assert [(e.tested, e.accepted) for e in found_events([3, 7], 10)] == [
        (3, 1), (4, 1), (3, 0)]
    assert [(e.tested, e.accepted) for e in found_events([10], 10)] == [(10, 1)]


@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=3000),
       st.integers(2, MAX_SEARCH_EVENTS))
def test_merging_keeps_a_bfs_whole(layers: list[int], cap: int) -> None:
    events = merged(layer_events(layers), cap)
    assert len(events) <= cap
    assert (len(events) == len(layers)) == (len(layers) <= cap)
    assert sum(e.new or 0 for e in events) == sum(layers) == events[-1].total
    assert sum(e.span for e in events) == len(layers)
    assert events[-1].depth == len(layers) - 1
    log = SearchLog()
    for e in events:
        e.check()
        log.add(e)
    assert log.goal_depth() == len(layers) - 1 and log.new == sum(layers)


@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)), min_size=1,
                max_size=3000))
def test_merging_keeps_iterations_and_steps_whole(pairs: list[tuple[int, int]]) -> None:
    iterations = [(i * 2 + 1, n) for i, (n, _) in enumerate(pairs)]
    events = merged(iteration_events("ida*", iterations))
    assert len(events) <= MAX_SEARCH_EVENTS
    assert events[-1].bound == iterations[-1][0]
    assert sum(e.nodes or 0 for e in events) == sum(n for _, n in iterations)
    steps = [(t + a, a) for t, a in pairs]
    merged_steps = merged(step_events(steps))
    assert len(merged_steps) <= MAX_SEARCH_EVENTS
    assert sum(e.tested or 0 for e in merged_steps) == sum(t for t, _ in steps)
    assert sum(e.accepted or 0 for e in merged_steps) == sum(a for _, a in steps)
    log = SearchLog()
    for e in events:
        log.add(e)


def test_a_bidirectional_search_is_merged_side_by_side() -> None:
    events = layer_events([1] * 800, side="forward") + layer_events([2] * 700,
                                                                      side="backward")
    out = merged(events)
    assert len(out) <= MAX_SEARCH_EVENTS
    for side, layers, new in (("forward", 800, 800), ("backward", 700, 1400)):
        mine = [e for e in out if e.side == side]
        assert len(mine) <= MAX_SEARCH_EVENTS // 2
        assert sum(e.span for e in mine) == layers and sum(e.new or 0 for e in mine) == new
    log = SearchLog()
    for e in out:
        log.add(e)
    assert log.goal_depth() == 799 + 699


def test_a_merged_trace_validates() -> None:
    events = merged(layer_events([1] + [2] * 1500), 1000)
    assert len(events) == 751 and events[1].span == 2
    solved = [header("sliding-block", board={"width": 2, "height": 1},
                     pieces=[{"id": "a", "x": 0, "y": 0, "w": 1, "h": 1}]),
              *(e.to_json() for e in events), {"type": "end", "status": "limit",
                                               "stats": {"states": 3001}}]
    summary = validate(trace_io(*solved), "t")
    assert summary.events == len(events) + 2
