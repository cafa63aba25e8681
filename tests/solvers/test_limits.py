"""Limits are honoured by every search, counting included: ``--max-states`` stops every
generate-and-test family, in ``solve`` and ``analyze``, with exit 4, a valid trace of
status ``limit`` and the count so far; a long count shows progress; the memory budget
bounds what a search stores."""

from __future__ import annotations

import json

import pytest

from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.solvers import n_queens
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.limits import Limits
from puzzlereel.trace import validate
from tests.fixtures import CONFIGS, cli, replayed, write
from tests.fuzz.checks import time_limit

EXAMPLES = ["n-queens-8", "n-queens-12", "komachi-100-all-operators", "oomachi",
            "send-more-money", "mastermind-9431", "mastermind-knuth"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_max_states_stops_solve_with_a_valid_trace_and_the_count_so_far(tmp_path, name):
    out = tmp_path / "t.jsonl"
    res = cli("solve", CONFIGS / f"{name}.toml", "--max-states", "100", "-o", out)
    assert res.exit_code == 4, res.output
    assert "--max-states 100" in res.stderr and "so far" in res.stderr
    with open(out, "rb") as handle:
        summary = validate(handle, str(out))
    assert summary.end is not None and summary.end.status == "limit"
    assert "so far" in summary.end.stats["limit"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_max_states_stops_analyze(name):
    res = cli("analyze", CONFIGS / f"{name}.toml", "--max-states", "100", "--json")
    assert res.exit_code == 4, res.output
    result = json.loads(res.stdout)
    assert result["status"] == "limit" and "--max-states 100" in result["limit"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_limit_the_search_does_not_reach_changes_nothing(name):
    loaded = load_puzzle(CONFIGS / f"{name}.toml")
    free = list(loaded.solver.solve(loaded.puzzle, SolveOptions()))
    capped = list(loaded.solver.solve(loaded.puzzle, SolveOptions(max_states=10**12)))
    assert [e for e in free if e.type != "end"] == [e for e in capped if e.type != "end"]
    assert capped[-1].status == free[-1].status != "limit"


def test_twenty_queens_stops_at_the_limit_with_the_count_so_far(tmp_path):
    """n = 20 is inside the documented range; counting all takes hours, so without a
    way to stop it the limit would not be looked at until then."""
    config = write(tmp_path, "q.toml", '[puzzle]\ntype = "n-queens"\nn = 20\n'
                                       "[solve]\nmax_solutions = 3\n")
    seen: list[tuple[str, int]] = []
    loaded = load_puzzle(config)
    options = SolveOptions(max_states=3 * n_queens.search.STEP,
                           progress=lambda label, done, total: seen.append((label, done)))
    with time_limit():
        result = loaded.solver.analyze(loaded.puzzle, options)
        listing = list(loaded.solver.solve(loaded.puzzle, SolveOptions(
            max_states=3 * n_queens.search.STEP, search_events=False)))
        events = list(loaded.solver.solve(loaded.puzzle,
                                          SolveOptions(max_states=3 * n_queens.search.STEP)))
    assert result["status"] == "limit" and result["solutions"] > 0
    assert result["placements"] == 3 * n_queens.search.STEP
    counting = [done for label, done in seen if "counting" in label]
    assert len(counting) >= 3 and counting == sorted(counting)     # progress as it goes
    end = listing[-1]       # the listing stops at max_solutions; counting the total, the
    assert end.status == "limit" and end.stats["solutions"] == 3     # limit stops it
    assert sum(e.type == "solution" for e in listing) == 3
    end = events[-1]        # with the search's events, the whole count comes first
    assert end.status == "limit" and "so far" in end.stats["limit"]
    assert sum(e.type == "search" for e in events) > 0
    replayed(events)        # valid: fewer solutions written than the count had found


def test_the_memory_budget_bounds_what_a_search_stores(tmp_path):
    # Mastermind's table of answers (5,040 codes: 25 MB) does not fit 1 MiB: it stops
    res = cli("solve", CONFIGS / "mastermind-9431.toml", "--max-memory", "1M",
              "-o", tmp_path / "m.jsonl")
    assert res.exit_code == 4 and "memory budget" in res.stderr, res.output
    # komachi tests its 390,625 expressions in blocks that fit: the same answer
    small = cli("solve", CONFIGS / "komachi-100-all-operators.toml", "--max-memory", "1M")
    whole = cli("solve", CONFIGS / "komachi-100-all-operators.toml")
    assert small.exit_code == whole.exit_code == 0
    assert small.stdout.splitlines()[:-1] == whole.stdout.splitlines()[:-1]


def test_listing_every_solution_holds_none_of_them():
    """Solutions come a step at a time: the first is out after one step of the walk,
    long before the last is found, in lexicographic order."""
    limits = Limits(None, 1 << 30)
    steps = n_queens.search.solutions_in_order(12, limits)
    first = [next(steps) for _ in range(3)]
    assert limits.states <= n_queens.search.STEP
    rest = list(steps)
    assert first + rest == sorted(first + rest) and len(first + rest) == 14200
    assert limits.states > n_queens.search.STEP or len(rest) > 0


def test_the_solutions_held_for_the_search_events_count_against_the_memory_budget(
        tmp_path):
    """With search events every solution is listed (and held) while the queens placed
    are counted: 14,200 solutions of 12 queens are about 2 MB, over a 1 MiB budget."""
    config = write(tmp_path, "q.toml", '[puzzle]\ntype = "n-queens"\nn = 12\n')
    small = cli("solve", config, "--max-memory", "1M", "-o", tmp_path / "t.jsonl")
    assert small.exit_code == 4, small.output
    lines = (tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    assert end["status"] == "limit" and "1 MiB memory budget" in end["stats"]["limit"]
    with open(tmp_path / "t.jsonl", encoding="utf-8") as trace:
        assert validate(trace).end is not None
    whole = cli("solve", config, "--max-memory", "8M", "-o", tmp_path / "w.jsonl")
    assert whole.exit_code == 0, whole.output


@pytest.mark.parametrize("steps", ["all", "first", "none"])
def test_a_memory_stop_in_the_events_pass_ends_the_search_there(steps):
    """Stopped by the memory budget while counting for the events, the watched
    backtracking does not run on: the trace is valid and says where it stopped."""
    config = n_queens.config.NQueens(n=8, steps=steps, max_steps=3_000_000)
    events, summary = replayed(n_queens.search.solve(config, SolveOptions(max_memory=1000)))
    end = events[-1]
    assert end.status == "limit" and "memory budget" in end.stats["limit"]
    assert not any(e.type in ("place", "remove") for e in events)
    assert summary.end is not None
