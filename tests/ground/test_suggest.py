"""The one "did you mean" helper: a name written another way, another name of it, a
few letters off, or held in a longer one; nothing for a name unlike any."""

from __future__ import annotations

import pytest

from puzzlereel.ground.suggest import closest, did_you_mean
from puzzlereel.registry import ALSO_CALLED, NAMES


@pytest.mark.parametrize(("word", "choices", "expected"), [
    ("metrik", ("algorithm", "metric", "max_memory"), ["metric"]),
    ("Theme", ("theme", "title"), ["theme"]),                  # case
    ("gif-fps", ("fps", "gif_fps"), ["gif_fps"]),              # - for _
    ("queens", ("n-queens-8", "n-queens-12", "hoppers"), ["n-queens-8", "n-queens-12"]),
    ("sliding-tiles", NAMES, ["sliding-tile", "sliding-block"]),
    ("zzzz", ("theme", "title"), []),
    ("x" * 500, ("x" * 499,), []),                             # no misspelt name
])
def test_the_closest_names(word, choices, expected):
    assert closest(word, choices) == expected


@pytest.mark.parametrize(("word", "family"), [("klotski", "sliding-block"),
                                              ("Klotzki", "sliding-block"),
                                              ("15-puzzle", "sliding-tile"),
                                              ("hoppers", "peg-solitaire"),
                                              ("cryptarithm", "alphametic")])
def test_another_name_of_a_family_suggests_it(word, family):
    assert closest(word, NAMES, also=ALSO_CALLED)[0] == family
    assert closest(word, NAMES) != [family]                   # by its other name only


def test_the_end_of_a_message():
    assert did_you_mean("metrik", ["metric", "max_memory"]) == "; did you mean: metric?"
    assert did_you_mean("zzzz", ["metric"]) == ""
    assert did_you_mean("dad", ["dads", "x"], shown=lambda n: f"g/{n}.jsonl") == (
        "; did you mean: g/dads.jsonl?")
