"""The sliding-tile puzzles on the command line: the seed 8-puzzle analyzed with its
farthest positions and a plot, solve / validate / show with a tampered move caught, a
limit's exit code, and an analysis too big to run."""

from __future__ import annotations

import json
import re

import pytest

from puzzlereel.trace import validate
from tests.fixtures import CONFIGS, cli, write

pytestmark = pytest.mark.usefixtures("pdb_cache")   # pattern databases in a temporary cache


def test_seed_counts_via_the_cli_and_config(tmp_path):
    res = cli("analyze", CONFIGS / "eight-puzzle.toml", "--json", "--farthest")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert (out["optimal_moves"], out["optimal_solutions"]) == (31, 40)
    assert out["max_depth"] == 31
    assert sorted(out["farthest"]) == [[6, 4, 7, 8, 5, 0, 3, 2, 1], [8, 6, 7, 2, 5, 4, 3, 0, 1]]
    assert out["depths"][31] == 2 and sum(out["depths"]) == 181440
    assert out["seconds"] >= 0
    png = tmp_path / "d.png"
    res = cli("analyze", CONFIGS / "eight-puzzle.toml", "--farthest", "--plot", png)
    assert res.exit_code == 0 and png.stat().st_size > 1000


def test_show_and_validate_through_the_cli(tmp_path):
    out = tmp_path / "seed.jsonl"
    res = cli("solve", CONFIGS / "eight-puzzle.toml", "-o", out)
    assert res.exit_code == 0, res.output
    res = cli("validate", out)
    assert res.exit_code == 0 and "31 moves" in res.stdout
    res = cli("show", out)
    assert res.exit_code == 0 and re.search(r"\nmove 31: \d+ [←→↑↓]  \(row", res.stdout)
    assert "end: solved, 31 moves" in res.stdout
    # a tampered move is caught with its line and field
    lines = out.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if '"type":"move"' in line)
    bad = json.loads(lines[first])
    bad["tile"] = 8 if bad["tile"] != 8 else 6
    lines[first] = json.dumps(bad)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n")
    res = cli("validate", tmp_path / "bad.jsonl")
    assert res.exit_code == 1 and f"line {first + 1}: tile" in res.stderr


def test_node_limit_ends_with_status_limit_and_exit_4(tmp_path):
    path = write(tmp_path, "p.toml",
                 '[puzzle]\ntype = "sliding-tile"\ntiles = [8,6,7,2,5,4,3,0,1]\n')
    out = tmp_path / "t.jsonl"
    res = cli("solve", path, "--max-states", "100", "-o", out)
    assert res.exit_code == 4
    with open(out, "rb") as fh:
        assert validate(fh, str(out)).end.status == "limit"


def test_farthest_on_a_big_board_is_a_clear_error(tmp_path):
    path = write(tmp_path, "p.toml", '[puzzle]\ntype = "sliding-tile"\n'
                 'tiles = [1,2,3,4,5,6,7,8,9,10,11,0]\nrows = 3\n')
    res = cli("analyze", path, "--farthest")
    assert res.exit_code == 1 and "supported up to 10 cells" in res.stderr
