"""The generate-and-test puzzles end to end on the command line: solve, validate, show,
analyze (with a plot), a bad config in one line, and the exit code of no solution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fixtures import CONFIGS, cli, one_line_error


@pytest.mark.parametrize("config, expect", [
    ("komachi-100.toml", "25 events"),
    ("oomachi.toml", "7 events"),
    ("send-more-money.toml", "5 events"),
    ("mastermind-9431-simple.toml", "9 guesses"),
    ("n-queens-8.toml", "92 solutions"),
])
def test_cli_solve_validate_show(tmp_path: Path, config: str, expect: str) -> None:
    out = tmp_path / "t.jsonl"
    res = cli("solve", CONFIGS / config, "-o", out)
    assert res.exit_code == 0, res.output
    res = cli("validate", out)
    assert res.exit_code == 0 and expect in res.output, res.output
    res = cli("show", out)
    assert res.exit_code == 0 and "end: solved" in res.output


def test_cli_analyze_json_and_plot(tmp_path: Path) -> None:
    res = cli("analyze", CONFIGS / "n-queens-12.toml", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["solutions"] == 14200
    png = tmp_path / "mm.png"
    res = cli("analyze", CONFIGS / "mastermind-9431-simple.toml", "--json", "--plot", png)
    data = json.loads(res.stdout)
    assert res.exit_code == 0 and data["average"] == round(28024 / 5040, 4)
    assert png.stat().st_size > 1000


def test_cli_bad_config_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[puzzle]\ntype = "n-queens"\nn = 0\n')
    res = cli("solve", bad)
    assert res.exit_code == 1
    assert res.output.strip().endswith("line 3: puzzle.n: n must be between 1 and 20, got 0")


def test_cli_unsolvable_exit_code(tmp_path: Path) -> None:
    cfgp = tmp_path / "q3.toml"
    cfgp.write_text('[puzzle]\ntype = "n-queens"\nn = 3\n')
    res = cli("solve", cfgp, "-o", tmp_path / "t.jsonl")
    assert res.exit_code == 3


def test_a_configs_goal_text_reaches_the_header_and_the_opening(tmp_path: Path) -> None:
    """The config's top-level ``goal_text`` becomes the trace header's optional field of
    that name, which the video shows instead of the family's sentence."""
    from puzzlereel.render.direction.wording import goal_text
    from puzzlereel.trace import Header, read_trace

    cfg = tmp_path / "c.toml"
    cfg.write_text('goal_text = "Make 100 with the nine digits."\n'
                   + (CONFIGS / "komachi-100.toml").read_text())
    out = tmp_path / "t.jsonl"
    res = cli("solve", cfg, "-o", out)
    assert res.exit_code == 0, res.output
    with open(out, "rb") as f:
        header = next(event for _, event in read_trace(f))
    assert isinstance(header, Header)
    assert header.fields["goal_text"] == "Make 100 with the nine digits."
    assert goal_text(header, "the family's sentence") == "Make 100 with the nine digits."
    plain = Header(puzzle="komachi", fields={})
    assert goal_text(plain, "the family's sentence") == "the family's sentence"


def test_a_goal_text_that_is_not_a_string_is_one_line_and_no_file(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("goal_text = 5\n" + (CONFIGS / "komachi-100.toml").read_text())
    out = tmp_path / "t.jsonl"
    one_line_error(cli("solve", cfg, "-o", out), 1, "c.toml: line 1: goal_text:", "got 5")
    assert not out.exists()
    # the same in a trace's header: validate and render say so, and write nothing
    good = tmp_path / "good.jsonl"
    assert cli("solve", CONFIGS / "komachi-100.toml", "-o", good).exit_code == 0
    lines = good.read_text().splitlines()
    head = json.loads(lines[0])
    head["goal_text"] = ["a list"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    where = ("bad.jsonl: line 1: goal_text:", "a string")
    one_line_error(cli("validate", bad), 1, *where)
    one_line_error(cli("render", bad, "-o", tmp_path / "x.svg"), 1, *where)
    assert not (tmp_path / "x.svg").exists()
