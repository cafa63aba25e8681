"""Every count and time the command line and the Python API take is checked against one
table (``flags.LIMITS``): a value out of range is one line naming the option (exit 2),
never an OverflowError; and however large a figure a trace claims, its words stay
short."""

from __future__ import annotations

import json

import pytest

import puzzlereel
from puzzlereel.ground.errors import UsageError
from puzzlereel.ground.words import count_text, duration, size_text, whole
from puzzlereel.render.direction.wording import ending
from puzzlereel.trace import End, Header
from tests.fixtures import CONFIGS, DATA, cli, one_line_error

DADS = CONFIGS / "dads-puzzle.toml"
TRACE = DATA / "hakoiri-5.jsonl"
HUGE = str(10**100)


@pytest.mark.parametrize("args, message", [
    (["solve", DADS, "--max-states", HUGE],
     "--max-states: must be at most 9,223,372,036,854,775,807, got <an integer of 101 digits>"),
    (["analyze", DADS, "--max-states", HUGE], "--max-states: must be at most"),
    (["run", DADS, "--out-dir", "{tmp}", "--formats", "vtt", "--max-states", HUGE],
     "--max-states: must be at most"),
    (["run", DADS, "--out-dir", "{tmp}", "--formats", "vtt", "--jobs", HUGE],
     "--jobs: must be at most 1,024, got <an integer of 101 digits>"),
    (["preview", TRACE, "-o", "{tmp}/p.png", "--time", "1e308"],
     "--time: must be at most 1,000,000 seconds, got 1e+308"),
    (["preview", TRACE, "-o", "{tmp}/p.png", "--move", HUGE], "--move: must be at most"),
    (["preview", TRACE, "-o", "{tmp}/p.png", "--time", "nan"], "--time: expected a number"),
])
def test_a_count_or_time_out_of_range_is_a_usage_error(tmp_path, args, message):
    res = cli(*[str(a).replace("{tmp}", str(tmp_path)) for a in args])
    one_line_error(res, 2, message)
    assert list(tmp_path.iterdir()) == []


def test_the_api_checks_the_same_ranges():
    with pytest.raises(UsageError, match=r"^solve\(\): max_states: must be at most "):
        puzzlereel.solve("dads-puzzle", max_states=10**100)
    solution = puzzlereel.load(TRACE)
    with pytest.raises(UsageError, match=r"^frame\(\): time: must be at most 1,000,000 "
                       "seconds"):
        solution.frame(time=1e308)
    with pytest.raises(UsageError, match=r"^frame\(\): move: must be >= 0, got -1$"):
        solution.frame(move=-1)
    with pytest.raises(UsageError, match=r"^frame\(\): time: expected a number, got nan$"):
        solution.frame(time=float("nan"))


@pytest.mark.parametrize("words, n, longest", [
    (whole, 10**300, 9), (count_text, 10**400, 9), (size_text, 10**300, 11),
    (duration, 1e308, 10),
])
def test_an_absurd_figure_is_worded_short(words, n, longest):
    assert len(words(n)) <= longest


def test_the_result_of_a_search_of_1e308_seconds_is_short():
    header = Header("n-queens", {"n": 4})
    end = End("solved", None, {"states": 10**30, "seconds": 1e308, "search_seconds": 1e308})
    said = ending(header, end, 2, "2 solutions")
    assert said.details == ("1.00e+30 placements tried in 1.0e+308 s",)


def test_show_words_an_absurd_count_short(tmp_path):
    lines = TRACE.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    end["stats"]["nodes"] = 10**4000
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([*lines[:-1], json.dumps(end)]) + "\n", encoding="utf-8")
    res = cli("show", path)
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[-1].endswith("nodes 1.00e+4000)")
