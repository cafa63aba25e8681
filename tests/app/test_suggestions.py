"""Every unknown name a user can give is answered the same way, "did you mean" with the
closest known names: config keys, the API's keywords, families (also by another name
of their puzzles), examples, commands, options, files and folders; a folder that is not
there says so and suggests no example; the API's errors name its own words, never a
command-line flag."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import puzzlereel
from puzzlereel.ground.errors import PuzzlereelError, UsageError
from tests.fixtures import CONFIGS, DATA, cli, one_line_error, write

DADS = CONFIGS / "dads-puzzle.toml"


@pytest.fixture(scope="module")
def dads() -> puzzlereel.Solution:
    return puzzlereel.load(DATA / "hakoiri-5.jsonl")


def _raised(call, kind=PuzzlereelError) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def test_a_config_key_and_a_family(tmp_path):
    text = DADS.read_text(encoding="utf-8")
    theem = write(tmp_path, "theem.toml",
                  text.replace("[render]\n", '[render]\ntheem = "dark"\n'))
    one_line_error(cli("solve", theem), 1, "render.theem: not a [render] key",
                   "; did you mean: theme?")
    tiles = write(tmp_path, "tiles.toml", text.replace('type = "sliding-block"',
                                                        'type = "sliding-tiles"'))
    one_line_error(cli("solve", tiles), 1, "puzzle.type: unknown puzzle type 'sliding-tiles'",
                   "; did you mean: sliding-tile, sliding-block?")
    klotski = write(tmp_path, "k.toml", text.replace('type = "sliding-block"',
                                                     'type = "klotski"'))
    one_line_error(cli("solve", klotski), 1, "did you mean: sliding-block?")
    header = json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                         "puzzle": "sliding-tiles"})
    one_line_error(cli("validate", "-", input=header + "\n"), 1, "<stdin>: line 1: puzzle: "
                   "unknown puzzle 'sliding-tiles'", "did you mean: sliding-tile, sliding-block?")


def test_the_api_s_keywords(tmp_path, dads):
    assert _raised(lambda: puzzlereel.solve("dads-puzzle", metrik="x"), UsageError).endswith(
        "; did you mean: metric?")
    sped = _raised(lambda: dads.render(tmp_path / "x.gif", sped=2), UsageError)
    assert sped.startswith("render(): sped: ") and sped.endswith("; did you mean: speed?")
    mov = _raised(lambda: dads.frame(mov=3), UsageError)
    assert mov.startswith("frame(): mov: ") and mov.endswith("; did you mean: move?")
    assert list(tmp_path.iterdir()) == []


def test_the_api_s_errors_name_its_own_words(dads):
    """``frame(move=500)`` is no ``--move``; the command line's own words stay."""
    assert _raised(lambda: dads.frame(move=500), UsageError) == (
        "frame(): move=500: the trace's counter stops at 5")
    assert _raised(lambda: dads.frame(move=2, end=True), UsageError) == (
        "frame(): move and end: give one of move, time, title, end")
    assert _raised(lambda: dads.frame(title=True, title_seconds=0), UsageError) == (
        "frame(): title: this video opens without its title (title is off)")
    for message in (_raised(lambda: dads.frame(move=500)),
                    _raised(lambda: dads.frame(move=2, end=True))):
        assert "--" not in message


def test_examples_families_and_other_names_of_them():
    one_line_error(cli("new", "klotski"), 2, "no puzzle family 'klotski'",
                   "did you mean: sliding-block?")
    one_line_error(cli("new", "sliding-tiles"), 2, "did you mean: sliding-tile, sliding-block?")
    one_line_error(cli("examples", "klotski"), 2, "no example called 'klotski'",
                   "hakoiri-musume")
    one_line_error(cli("solve", "Hakoiri-Musume"), 1, "no such file; did you mean: "
                   "hakoiri-musume?")


def test_commands_and_options():
    one_line_error(cli("solv", "dads-puzzle"), 2, "No such command 'solv'; did you mean: "
                   "solve? (see puzzlereel --help)")
    one_line_error(cli("solve", "dads-puzzle", "--max-state", "4"), 2,
                   "No such option: --max-state; did you mean: --max-states")


def test_a_missing_folder_says_so_and_suggests_no_example(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-puzzle").mkdir()
    for command in ("solve", "run"):
        result = cli(command, "my-puzzles/")
        one_line_error(result, 1, "my-puzzles/: no such folder; did you mean: my-puzzle/?")
        assert "dads-puzzle" not in result.stderr and "eight-puzzle" not in result.stderr
    result = cli("solve", "nowhere/")
    one_line_error(result, 1, "nowhere/: no such folder")
    assert "did you mean" not in result.stderr
    one_line_error(cli("solve", "moved/dads-puzzle.toml"), 1,
                   "moved/dads-puzzle.toml: no such file (there is no folder moved); "
                   "did you mean: dads-puzzle?")


def test_a_file_in_a_folder_suggests_its_neighbours(tmp_path: Path):
    write(tmp_path, "dads.toml", DADS.read_text(encoding="utf-8"))
    write(tmp_path, "notes.txt", "")
    one_line_error(cli("solve", tmp_path / "dad.toml"), 1,
                   f"no such file; did you mean: {tmp_path / 'dads.toml'}?")
