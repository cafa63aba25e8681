"""Every family's ``end.stats`` keeps the search apart from loading: ``search_seconds``,
``load_seconds`` and their sum ``seconds`` (docs/trace-format.md)."""

from __future__ import annotations

import pytest

from puzzlereel.actions import analyze as analysis
from puzzlereel.actions.solve import solve_events
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.stopwatch import Stopwatch
from puzzlereel.trace import End
from tests.fixtures import CONFIGS

FAST = ["dads-puzzle", "six-puzzle-2x3", "hoppers", "n-queens-8", "mastermind-knuth",
        "komachi-100", "oomachi", "send-more-money"]


@pytest.mark.parametrize("name", FAST)
def test_end_stats_split_search_from_loading(name):
    loaded = load_puzzle(CONFIGS / f"{name}.toml")
    end = list(solve_events(loaded, SolveOptions()))[-1]
    assert isinstance(end, End) and end.status == "solved"
    search, load, total = (end.stats[k] for k in ("search_seconds", "load_seconds", "seconds"))
    assert search >= 0 and load >= 0
    assert total == pytest.approx(search + load, abs=2e-4)
    # the same for analyze, where it reports time
    result = analysis.analyze(loaded, SolveOptions())
    if "seconds" in result:
        assert result["seconds"] == pytest.approx(result["search_seconds"]
                                                  + result["load_seconds"], abs=2e-4)


def test_stopwatch_counts_only_what_it_is_told():
    watch = Stopwatch()

    def slow_items():
        for i in range(3):
            with watch.loading():     # work inside the iterator, timed as search by timed()
                pass
            yield i

    assert list(watch.timed(slow_items())) == [0, 1, 2]
    stats = watch.stats()
    assert set(stats) == {"search_seconds", "load_seconds", "seconds"}
    assert stats["seconds"] == pytest.approx(stats["search_seconds"] + stats["load_seconds"],
                                             abs=2e-4)
