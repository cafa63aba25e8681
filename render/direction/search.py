"""How the answer was found: the trace's search events as a chart that grows in time.

A trace may tell how its search went (``search`` events, docs/trace-format.md): the
positions each layer of a breadth-first search added (from both ends, for a
bidirectional one), the nodes of each iteration of iterative deepening and its bound,
the candidates each step of a generate-and-test search tried and kept.  ``story`` reads
them into bars and words a viewer reads without knowing search, in the family's own
words for what it looked at (``registry.Searched``): "Searched 23,822 positions, up to
81 moves from the start in 15 ms — the daughter first reached the exit 81 moves from the
start."  ``render.direction.barchart`` draws a story.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.words import count_text, duration, plural, search_seconds
from puzzlereel.registry import Searched
from puzzlereel.trace import End, Search

PLAIN = Searched()        # positions explored: a family that says nothing else

ALGORITHM_WORDS = {"bfs": "Every position one move further, until the goal (breadth first)",
         "bidirectional": "From the start and from the goal at once, until the two meet",
         "ida*": "Each try allows more moves than the last (iterative deepening)",
         "deepening": "Each try allows one more move than the last (iterative deepening)",
         "dfs": "One line of moves after another (depth first)",
         "candidates": "Every possibility made and tested, one after another"}


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
    """A search told as a chart: its bars, their scale and what they count, in words a
    viewer reads without knowing search: ``axis`` under the bars, ``measure`` what a
    bar's height is, ``kept`` what the part drawn inside a bar in the accent colour is
    ("" for none)."""

    phase: str
    bars: tuple[Bar, ...]
    log: bool
    axis: str                  # under the bars: "moves from the start", "moves allowed"
    measure: str               # what a bar's height is: "positions first reached"...
    sentence: str
    heading: str = "How it was found"
    about: str = ""            # under the heading; the search's name when empty
    kept: str = ""

    @property
    def title(self) -> str:
        return self.about or ALGORITHM_WORDS.get(self.phase, "Search")


def moves_from_start(depth: int) -> str:
    """"9 moves from the start"."""
    return f"{depth} {plural('move', depth)} from the start"


def goal_reached(depth: int) -> str:
    """Where the search first reached the goal, in words ("the goal was first reached 9
    moves from the start"): a family's own words may name its goal instead."""
    return f"the goal was first reached {moves_from_start(depth)}"


def story(events: Sequence[Search], end: End | None, goal_clause: Callable[[int], str],
          searched: Searched = PLAIN) -> Story | None:
    """The chart of a trace's search events (None without any); ``goal_clause(depth)``
    says in words where the goal was reached ("the daughter first reached the exit 81
    moves from the start"); ``searched`` says what the search looks at, in the words the
    result uses too ("positions", "codes")."""
    if not events:
        return None
    phase = events[0].phase
    stats: Mapping[str, Any] = end.stats if end is not None and isinstance(
        end.stats, Mapping) else {}
    took = search_seconds(stats)
    # "15 ms" kept on one line: a no-break space
    when = f" in {duration(took).replace(' ', chr(0xA0))}" if took is not None else ""
    solved = end is not None and end.status == "solved"
    noun = searched.noun
    if phase in ("bfs", "bidirectional"):
        return _layers(events, phase, solved, when, goal_clause, noun)
    if phase in ("ida*", "deepening"):
        bars, nodes = [], 0
        for i, e in enumerate(events):
            nodes += e.nodes or 0
            last = i == len(events) - 1
            bars.append(Bar(e.nodes or 0, str(e.bound), mark="goal" if solved and last else "",
                            count=f"{count_text(nodes)} {plural(noun, nodes)}"))
        first, top = events[0].bound, events[-1].bound
        found = (f" — a solution appeared with {top} {plural('move', top or 0)} allowed"
                 if solved else "")
        text = (f"Tried {len(events)} move {plural('limit', len(events))}, from {first} to "
                f"{top}: {nodes:,} {plural(noun, nodes)}{when}{found}.")
        return Story(phase, tuple(bars), True, "moves allowed",
                     f"{plural(noun, 2)} tried with each limit", text)
    if phase == "dfs":
        nodes = sum(e.nodes or 0 for e in events)
        bars_ = (Bar(nodes, "all", mark="goal" if solved else "",
                     count=f"{count_text(nodes)} {plural(noun, nodes)}"),)
        how = " until it found a solution" if solved else ""
        return Story(phase, bars_, True, "the whole search", f"{plural(noun, 2)} tried",
                     f"Tried {nodes:,} {plural(noun, nodes)} one line after another"
                     f"{how}{when}.")
    return _steps(events, when, searched)


def _steps(events: Sequence[Search], when: str, searched: Searched) -> Story:
    """A generate-and-test search, a bar a step, in the family's words."""
    bars, tested, kept = [], 0, 0
    noun = searched.noun
    for i, e in enumerate(events):
        tested += e.tested or 0
        kept += e.accepted or 0
        count = (f"{count_text(tested)} {plural(noun, tested)} · {kept:,} "
                 f"{searched.kept}" if searched.adds_up else
                 f"{count_text(e.tested or 0)} → {count_text(e.accepted or 0)} "
                 f"{plural(noun, e.accepted or 0)}")
        bars.append(Bar(e.tested or 0, str(i + 1), kept=e.accepted or 0, count=count))
    if searched.adds_up:
        text = (f"Tried {tested:,} {plural(noun, tested)} and found {kept:,} "
                f"{searched.kept}{when}.")
    else:
        left = ", ".join(f"{e.accepted or 0:,}" for e in events)
        first = events[0].tested or 0
        text = (f"{first:,} {plural(noun, first)} to begin with; after each answer, fewer "
                f"still fit: {left}{when}.")
    return Story("candidates", tuple(bars), True, searched.step, searched.tested, text,
                 kept=searched.kept)


def _layers(events: Sequence[Search], phase: str, solved: bool, when: str,
            goal_clause: Callable[[int], str], noun: str) -> Story:
    bars: list[Bar] = []
    total = 0
    deepest: dict[str, int] = {}
    for e in events:
        total += e.new or 0
        side = 1 if e.side == "backward" else 0
        deepest[e.side or ""] = e.depth or 0
        bars.append(Bar(e.new or 0, str(e.depth), side,
                        count=f"{count_text(total)} {plural(noun, total)}"))
    measure = f"{plural(noun, 2)} first reached in k moves"
    if phase == "bfs":
        depth = events[-1].depth or 0
        if solved:
            bars[-1] = Bar(bars[-1].value, bars[-1].label, 0, "goal", bars[-1].count)
        tail = f" — {goal_clause(depth)}" if solved else ""
        text = (f"Searched {total:,} {plural(noun, total)}, up to {depth} "
                f"{plural('move', depth)} from the start{when}{tail}.")
        return Story(phase, tuple(bars), False, "k, moves from the start", measure, text)
    forward, backward = deepest.get("forward", 0), deepest.get("backward", 0)
    apart = forward + backward
    met = f" — the two met, {apart} {plural('move', apart)} apart" if solved else ""
    text = (f"Searched {total:,} {plural(noun, total)} from both ends, {forward} "
            f"{plural('move', forward)} from the start and {backward} from the "
            f"goal{when}{met}.")
    return Story(phase, tuple(bars), False,
                 "k, moves from the start (up) and from the goal (down)", measure, text)


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
                        count=f"{count_text(total)} {plural('position', total)}"))
    depth = events[-1].depth or 0
    far = events[-1].new or 0
    text = (f"{total:,} {plural('position', total)} can be reached; the farthest, "
            f"{far:,} of them, lie "
            f"{depth} {plural('move', depth)} from the start.")
    return Story("bfs", tuple(bars), False, "moves from the start",
                 "positions at each distance", text, heading="The whole space",
                 about="Every position reachable, by its distance from the start")


__all__ = ["ALGORITHM_WORDS", "PLAIN", "Bar", "Story", "goal_reached", "moves_from_start",
           "space_story", "story"]
