"""The counter bar and the result of every scene, as the frames show them: "Start",
then the counter of each step ("Move 12 / 81", "Guess 3 / 9", "Step 40", "Solution 7"),
then from the final hold on the result's headline ("Solved in 81 moves", "92
solutions", "No solution exists"), with its note after it for the result's time where
the line holds both — for one example config of each family, the example's own trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlereel.render.direction.wording import counter_text
from puzzlereel.render.film.shapes import Text
from puzzlereel.render.options import RenderOptions
from tests.fixtures import CONFIGS, DATA
from tests.render.examples import example_options, example_trace
from tests.render.films import directed


def counters(text: str, config: Path | None = None) -> list[str]:
    """The counter texts a render of the trace ``text`` shows, in order, read off the
    film's counter line at the end of each phase of the video (with ``config``'s render
    options, if given; at a size where every counter fits its line)."""
    options, explicit = (example_options(config, cell=48) if config is not None
                         else (RenderOptions(cell=48), frozenset[str]()))
    d = directed(text, options, layout="compact", fps=5, explicit=explicit)
    assert d.plan is not None
    line = d.film.names["counter"]
    shown: list[str] = []
    for _t0, t1 in d.plan.spans:
        variant = line.variants[line.state(t1).shape]
        assert isinstance(variant, Text)
        if not shown or shown[-1] != variant.text:
            shown.append(variant.text)
    return shown


def moves(word: str, total: int) -> list[str]:
    return [f"{word} {n} / {total}" for n in range(1, total + 1)]


@pytest.mark.parametrize("name, start, steps, end", [
    ("dads-puzzle", "Start", moves("Move", 59), ["Solved in 59 moves"]),
    ("six-puzzle-2x3", "Start", moves("Move", 21), ["Solved in 21 moves"]),
    ("hoppers", "Start", moves("Move", 7), ["Solved in 7 moves"]),
    ("triangle", "Start", moves("Move", 9), ["Solved in 9 moves"]),
    ("mastermind-9431-simple", "Start", moves("Guess", 9), ["Solved in 9 guesses"]),
    ("komachi-100", "Start", moves("Solution", 11), ["11 solutions"]),
    ("oomachi", "Start", moves("Solution", 2), ["2 solutions"]),
    ("send-more-money", "Start", moves("Letter", 8), ["1 solution"]),
])
def test_every_scene_counts_and_ends_right(name: str, start: str, steps: list[str],
                                           end: list[str]) -> None:
    """The result's note joins its headline only where the line holds both at a fair
    size (in none of these, at this size and the legible size)."""
    config = CONFIGS / f"{name}.toml"
    assert counters(example_trace(config), config) == [start, *steps, *end]


def test_an_unsolved_trace_says_how_it_ended() -> None:
    """No "Solved in" caption unless the trace's end says solved: a trace stopped by a
    limit counts its moves, then says the search stopped; an unsolvable one goes from
    "Start" to "No solution exists"."""
    shown = counters((DATA / "hakoiri-5.jsonl").read_text(encoding="utf-8"))
    assert shown == ["Start", *moves("Move", 5), "Search stopped"]
    config = CONFIGS / "french.toml"
    assert counters(example_trace(config), config) == ["Start", "No solution exists"]


def test_counter_text() -> None:
    assert counter_text("Move", 0, 81) == "Start"
    assert counter_text("Move", None, None) == "Start"
    assert counter_text("Move", 12, 81) == "Move 12 / 81"
    assert counter_text("Guess", 3, None) == "Guess 3"


def test_a_time_lapse_counts_on_by_leaps() -> None:
    """N-Queens' search and solutions, shown a few at a beat in the middle of each run:
    the counter rises by one at each end of the search, by leaps in between, and ends
    on the last step and the last solution."""
    config = CONFIGS / "n-queens-8.toml"
    shown = counters(example_trace(config), config)
    assert shown[0] == "Start" and shown[-1] == "92 solutions"
    steps = [int(s.split()[1]) for s in shown if s.startswith("Step ")]
    found = [int(s.split()[1]) for s in shown if s.startswith("Solution ")]
    assert all(s.endswith(" / 218") for s in shown if s.startswith("Step "))
    assert steps[:6] == [1, 2, 3, 4, 5, 6] and steps[-6:] == list(range(213, 219))
    # one a beat while the montage fills (2x2 at 1280x720, where 3x3 boards' queens would
    # be under the text floor), then by leaps
    assert found[:4] == [1, 2, 3, 4] and found[-1] == 92
    for run in (steps, found):
        leaps = [b - a for a, b in zip(run, run[1:])]
        assert min(leaps) >= 1 and max(leaps) > 1
