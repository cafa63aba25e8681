"""The example configs inside the package (`puzzlereel examples`, a bundled name wherever
a config is expected, "did you mean" for a missing file) and ``[solve] expect_moves``:
the answer a config states is checked against what the search finds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlereel.actions.check import UnexpectedAnswer, check_expected, found_count
from puzzlereel.actions.solve import solve_to
from puzzlereel.catalog import examples as catalog
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.registry import FAMILIES
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import End
from tests.fixtures import CONFIGS, cli, one_line_error, write

# ---------------------------------------------------------------- the list


def test_the_list_names_every_config_with_family_answer_and_description():
    result = cli("examples")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "family", "answer", "title", "description"]
    rows = {line.split()[0]: line for line in lines[1:]}
    assert set(rows) == {path.stem for path in CONFIGS.glob("*.toml")}
    hakoiri = rows["hakoiri-musume"]
    assert "sliding-block" in hakoiri and "81 moves" in hakoiri
    assert "Hakoiri Musume, the standard Japanese layout." in hakoiri
    assert "92 solutions" in rows["n-queens-8"] and "9 guesses" in rows["mastermind-9431-simple"]
    assert rows["rush-hour-style"].split()[2] == "-"      # no established answer


def test_descriptions_are_one_short_line():
    for item in catalog.examples():
        assert item.description and "\n" not in item.description
        assert len(item.description) <= catalog.DESCRIPTION_WIDTH, item.name
    assert catalog.description("# Oomachi: n * (n+1) * (n+2) uses each digit (0 to 9\n"
                               "# once). More") == "Oomachi: n * (n+1) * (n+2) uses each digit."
    assert catalog.description("# Instance 1 of R. E. Korf's set. More.\n") == \
        "Instance 1 of R. E. Korf's set."


def test_an_example_is_copied_out_and_not_over_an_existing_file(tmp_path):
    out = tmp_path / "my.toml"
    result = cli("examples", "hakoiri-musume", "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_text() == (CONFIGS / "hakoiri-musume.toml").read_text()
    one_line_error(cli("examples", "dads-puzzle", "-o", out), 1, str(out),
                   "already exists (use --force")
    assert cli("examples", "dads-puzzle", "-o", out, "--force").exit_code == 0
    assert "Dad's Puzzle" in out.read_text()
    printed = cli("examples", "n-queens-8")
    assert printed.exit_code == 0 and printed.stdout == (CONFIGS / "n-queens-8.toml").read_text()


def test_an_unknown_example_name_suggests_close_ones():
    one_line_error(cli("examples", "hakoiri"), 2, "no example called 'hakoiri'",
                   "did you mean: hakoiri-musume, hakoiri-musume-98?")


# ---------------------------------------------------------------- names for config paths


def test_a_bundled_name_works_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("solve", "dads-puzzle", "-o", "d.jsonl")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "d.jsonl").read_text().splitlines()[-1])["moves"] == 59
    result = cli("run", "hakoiri-musume", "--out-dir", "out", "--formats", "png")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        ".puzzlereel-manifest.json", ".puzzlereel-manifest.lock", "hakoiri-musume.jsonl",
        "hakoiri-musume.png"]
    result = cli("analyze", "dads-puzzle.toml", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["states"] > 0
    result = cli("render", str(tmp_path / "d.jsonl"), "-o", "d.png", "--config", "dads-puzzle")
    assert result.exit_code == 0, result.output


def test_a_file_wins_over_a_bundled_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "dads-puzzle", '[puzzle]\ntype = "n-queens"\nn = 4\n')
    assert load_puzzle("dads-puzzle").family.name == "n-queens"


@pytest.mark.parametrize("arg, hint", [
    ("hakoiri-musum", "; did you mean: hakoiri-musume, hakoiri-musume-98?"),
    ("configs-moved/eight-puzzle.toml", " (there is no folder configs-moved); did you mean: "
     "eight-puzzle?"),
    ("queens", "; did you mean: n-queens-8, n-queens-12?"),
])
def test_a_missing_config_suggests_close_names(tmp_path, monkeypatch, arg, hint):
    monkeypatch.chdir(tmp_path)
    one_line_error(cli("solve", arg), 1, f"{arg}: no such file{hint}")


def test_a_missing_config_unlike_any_name_just_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("solve", "zzzz-qqqq.toml")
    one_line_error(result, 1, "zzzz-qqqq.toml: no such file")
    assert "did you mean" not in result.stderr


# ---------------------------------------------------------------- expect_moves

SMALL = '''[puzzle]
type = "sliding-block"
layout = """
AA.
b..
"""
goal = { piece = "A", x = 1, y = 1 }

[solve]
expect_moves = %s
'''


def test_a_wrong_expected_answer_fails_naming_file_line_and_field(tmp_path):
    cfg = write(tmp_path, "tiny.toml", SMALL % "2")
    out = tmp_path / "t.jsonl"
    result = cli("solve", cfg, "-o", out)
    one_line_error(result, 1, f"{cfg}: line 10: solve.expect_moves: expected 2 moves, the "
                   "search found 1")
    assert out.exists(), "the trace is written in full before the check"
    assert cli("solve", write(tmp_path, "ok.toml", SMALL % "1"), "-o", out).exit_code == 0
    result = cli("run", cfg, "--out-dir", tmp_path / "o", "--formats", "png")
    one_line_error(result, 1, "solve.expect_moves")
    assert not (tmp_path / "o" / "tiny.png").exists(), "nothing is rendered after a mismatch"


@pytest.mark.parametrize("value, problem", [('"3"', "expected an integer, got '3'"),
                                            ("3.0", "expected an integer, got 3.0"),
                                            ("true", "expected an integer, got True"),
                                            ("-1", "must be >= 0, got -1")])
def test_a_bad_expected_answer_is_a_config_error(tmp_path, value, problem):
    cfg = write(tmp_path, "bad.toml", SMALL % value)
    with pytest.raises(ConfigError) as caught:
        load_puzzle(cfg)
    assert str(caught.value) == f"{cfg}: line 10: solve.expect_moves: {problem}"


@pytest.mark.parametrize("family, end, count", [
    ("sliding-block", End("solved", moves=81), 81),
    ("n-queens", End("solved", stats={"solutions": 10, "total_solutions": 92}), 92),
    ("komachi", End("solved", stats={"solutions": 11}), 11),
    ("mastermind", End("solved", stats={"guesses": 9}), 9),
    ("mastermind", End("solved", stats={}), None),
])
def test_what_expect_moves_is_compared_with(family, end, count):
    assert found_count(FAMILIES[family], end) == count


def test_only_solved_searches_are_checked_and_mastermind_strategy_overrides_skip(tmp_path):
    path = write(tmp_path, "m.toml", '[puzzle]\ntype = "mastermind"\nsecret = [9, 4, 3, 1]\n'
                 '[solve]\nstrategy = "simple"\nexpect_moves = 9\n')
    loaded = load_puzzle(path)
    check_expected(loaded, End("limit", stats={}))
    check_expected(loaded, End("solved", stats={"guesses": 5}),
                       SolveOptions(algorithm="expected"))
    with pytest.raises(UnexpectedAnswer, match="expected 9 guesses, the search found 5"):
        check_expected(loaded, End("solved", stats={"guesses": 5}), SolveOptions())
    result = cli("solve", path, "--algorithm", "expected", "-o", tmp_path / "m.jsonl")
    assert result.exit_code == 0, result.output


def test_the_examples_state_only_established_answers():
    """The configs whose answer is published (or, for a few, stated in docs/) carry it;
    the made-up and impossible ones do not."""
    stated = {item.name: item.expect for item in catalog.examples()}
    assert stated["hakoiri-musume"] == 81 and stated["hakoiri-musume-98"] == 98
    assert stated["dads-puzzle"] == 59 and stated["eight-puzzle"] == 31
    assert stated["fifteen-puzzle-korf-1"] == 57 and stated["english-18"] == 18
    for name in ("rush-hour-style", "eleven-puzzle-3x4", "french", "mastermind-knuth"):
        assert stated[name] is None, name


# The examples a regression run can afford here: the rest are checked elsewhere or too
# slow for the suite (english-18: a minute; fifteen-puzzle-korf-1: its default 7-8
# pattern databases take a minute to build; french-solvable: a few seconds).
SLOW = {"english-18", "fifteen-puzzle-korf-1", "french-solvable"}


@pytest.mark.parametrize("name", [item.name for item in catalog.examples()
                                  if item.expect is not None and item.name not in SLOW])
def test_every_example_finds_its_stated_answer(tmp_path, name):
    loaded = load_puzzle(name)
    end = solve_to(loaded, tmp_path / "t.jsonl", SolveOptions())   # raises on a mismatch
    assert end is not None and found_count(loaded.family, end) == loaded.expect_moves


def test_bundled_files_read_as_configs():
    for name in catalog.names():
        path = catalog.path_of(name)
        assert path is not None and load_config(path).name == name
    assert catalog.path_of("hakoiri-musume.toml") == catalog.path_of("hakoiri-musume")
    assert catalog.path_of("nope") is None
    assert isinstance(catalog.resolve(str(CONFIGS / "triangle.toml")), Path)


@pytest.mark.parametrize("args", [["examples"], ["examples", "hakoiri-musume"],
                                  ["new", "--list"], ["new", "sliding-tile"]])
def test_listing_and_copying_load_nothing_heavy(args):
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlereel", *args],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = {line.rsplit("|", 1)[1].strip().split(".")[0]
             for line in proc.stderr.splitlines() if line.startswith("import time:")}
    assert "puzzlereel" in names and names & {"numba", "llvmlite", "cv2", "av", "numpy"} == set()


@pytest.mark.parametrize("command", ["examples", "new", "preview", "import"])
def test_the_new_commands_have_help_with_examples(command):
    result = cli(command, "--help")
    assert result.exit_code == 0
    assert "Examples:" in result.stdout and f"puzzlereel {command} " in result.stdout
