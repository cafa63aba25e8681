"""Config files as a careless or unlucky user writes them: a byte-order mark, a key no
family reads, numbers no key can use (TOML allows ``nan``, ``inf`` and integers of any
size), piece ids outside ASCII, an exit off its side.  Each is accepted as the same
config, or refused with one line naming the file, line and key (exit 1), never a
traceback; the Python API says what a config file says."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import puzzlereel
from puzzlereel.ground.config import ConfigError, parse_config
from puzzlereel.ground.errors import UsageError
from tests.fixtures import CONFIGS, DATA, cli, one_line_error, write

HAKOIRI = (CONFIGS / "hakoiri-musume.toml").read_text(encoding="utf-8")
KOMACHI = (CONFIGS / "komachi-100.toml").read_text(encoding="utf-8")


def edited(text: str, old: str, new: str) -> str:
    """``text`` with its one line matching ``old`` (a regex) made ``new``."""
    changed, count = re.subn(old, new, text, count=1, flags=re.M)
    assert count == 1, old
    return changed


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_byte_order_mark_is_not_part_of_the_config(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HAKOIRI.encode("utf-8"))
    res = cli("solve", path, "-o", tmp_path / "t.jsonl")
    assert res.exit_code == 0, res.stderr
    assert parse_config("\ufeff" + HAKOIRI, "<toml>").title == "Hakoiri Musume"


@pytest.mark.parametrize(("after", "key", "problem"), [
    ("^title = .*", "bogus_key", "bogus_key: not a top-level key (known: title, goal_text"),
    (r"^\[puzzle\]", "bogus_key", "puzzle.bogus_key: not a [puzzle] key of sliding-block "
     "puzzles (known: type, layout, goal,"),
    (r"^\[solve\]", "bogus_key", "solve.bogus_key: not a [solve] key of sliding-block "
     "puzzles (known: algorithm, metric,"),
    (r"^\[solve\]", "metrik", "solve.metrik: not a [solve] key of sliding-block puzzles "
     "(known: algorithm, metric, max_memory, memory_mb, expect_moves); did you mean: "
     "metric?"),
    (r"^\[render\]", "spede", "render.spede: not a [render] key (known: formats,"),
])
def test_a_key_no_family_reads_is_an_error_naming_its_line(tmp_path, after, key, problem):
    text = re.sub(f"({after})$", rf"\1\n{key} = 3", HAKOIRI, count=1, flags=re.M)
    path = write(tmp_path, "c.toml", text)
    one_line_error(cli("solve", path, "-o", tmp_path / "t.jsonl"), 1,
                   f"{path}: line {line_of(text, f'{key} = 3')}: {problem}")
    assert not (tmp_path / "t.jsonl").exists()


def test_render_config_refuses_an_unknown_render_key_as_solve_does(tmp_path):
    text = edited(HAKOIRI, r"^fps = 30$", "fps = 30\nspede = 1")
    path = write(tmp_path, "c.toml", text)
    solved = cli("solve", path, "-o", tmp_path / "t.jsonl")
    rendered = cli("render", DATA / "hakoiri-5.jsonl", "--config", path,
                   "-o", tmp_path / "x.png")
    one_line_error(solved, 1, f"{path}: line {line_of(text, 'spede')}: render.spede: ")
    assert rendered.exit_code == 1 and rendered.stderr == solved.stderr


def test_solve_s_keyword_and_a_config_s_key_get_one_message(tmp_path):
    path = write(tmp_path, "c.toml", edited(HAKOIRI, r"^metric = .*", 'metrik = "line"'))
    with pytest.raises(ConfigError) as in_file:
        puzzlereel.solve(path)
    with pytest.raises(UsageError) as in_call:
        puzzlereel.solve("hakoiri-musume", metrik="line")
    # one message; the keyword arguments also know solve()'s own max_states
    assert in_file.value.problem == in_call.value.problem.replace(", max_states)", ")")
    assert in_file.value.problem.endswith("expect_moves); did you mean: metric?")


@pytest.mark.parametrize(("config", "old", "new", "key", "problem"), [
    (KOMACHI, r"^target = 100$", "target = 1" + "0" * 100, "puzzle.target",
     "<an integer of 101 digits> is outside the integers a config holds"),
    (KOMACHI, r"^target = 100$", f"target = {2 ** 63}", "puzzle.target",
     f"{2 ** 63} is outside the integers a config holds (-9,223,372,036,854,775,808 to "),
    (HAKOIRI, r"^expect_moves = 81", "expect_moves = -1" + "0" * 30, "solve.expect_moves",
     f"-1{'0' * 30} is outside the integers a config holds"),
    (HAKOIRI, r"^exit = .*", 'exit = { side = "bottom", offset = nan, length = 2 }',
     "puzzle.exit.offset", "nan is not a number a config can use"),
    (HAKOIRI, r"^fps = 30$", "fps = inf", "render.fps", "inf is not a number a config can use"),
    (HAKOIRI, r"^fps = 30$", "fps = 1e400", "render.fps", "inf is not a number a config can"),
    (HAKOIRI, r"^exit = .*", "exit = { side = 'bottom', offset = 1, length = 2 }\nx = [-inf]",
     "puzzle.x", "-inf is not a number a config can use"),
])
def test_a_number_no_key_can_use_names_its_line(tmp_path, config, old, new, key, problem):
    """TOML's integers of any size, ``nan`` and ``inf``: refused where the file is read,
    before any key's reader (a komachi target of 10**100 once reached the search)."""
    text = edited(config, old, new)
    path = write(tmp_path, "c.toml", text)
    one_line_error(cli("solve", path, "-o", tmp_path / "t.jsonl"), 1,
                   f"{path}: line {line_of(text, new.splitlines()[-1])}: {key}: {problem}")


def test_solve_s_keywords_are_held_to_the_same_numbers():
    with pytest.raises(ConfigError, match=r"^solve\(\): expect_moves: <an integer of 101 "
                       "digits> is outside the integers a config holds"):
        puzzlereel.solve("hakoiri-musume", expect_moves=10 ** 100)


@pytest.mark.parametrize("exit_", [
    '{ side = "bottom", offset = 9223372036854775807, length = 2 }',
    '{ side = "bottom", offset = -1, length = 2 }',
    '{ side = "bottom", offset = 1, length = 1.5 }',
    '{ side = "bottom", offset = 3, length = 2 }',
    '{ side = "left", offset = 0, length = 0 }',
])
def test_an_exit_lies_along_the_side_it_names(tmp_path, exit_):
    """An exit's offset and length are cells of its side (a huge one once made the
    renderer ask for an image of 10**19 pixels)."""
    text = edited(HAKOIRI, r"^exit = .*", f"exit = {exit_}")
    path = write(tmp_path, "c.toml", text)
    one_line_error(cli("solve", path, "-o", tmp_path / "t.jsonl"), 1,
                   f"{path}: line {line_of(text, 'exit = ')}: puzzle.exit: ")


def test_a_trace_s_exit_lies_along_its_side_too(tmp_path):
    lines = (DATA / "hakoiri-5.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["board"]["exits"] = [{"side": "bottom", "offset": 2 ** 62, "length": 2}]
    trace = write(tmp_path, "t.jsonl", "\n".join([json.dumps(header), *lines[1:]]) + "\n")
    one_line_error(cli("validate", trace), 1, f"{trace}: line 1: board.exits[0]: offset: ")


@pytest.mark.parametrize("letter", ["É", "箱"])
def test_a_piece_id_outside_ascii_is_refused_saying_ascii(tmp_path, letter):
    """Piece ids are ASCII letters and digits (the solver's packed positions and every
    trace reader count on it); the message and docs/sliding-block.md say so."""
    text = edited(HAKOIRI, r"^DGHF$", f"DGH{letter}").replace("DEEF", f"DEE{letter}")
    path = write(tmp_path, "c.toml", text)
    one_line_error(cli("solve", path, "-o", tmp_path / "t.jsonl"), 1,
                   f"{path}: line {line_of(text, 'DEE')}: puzzle.layout: ",
                   f"{letter!r} is not a piece (ASCII letters and digits)")
    docs = (Path(__file__).resolve().parents[2] / "docs" / "sliding-block.md").read_text(
        encoding="utf-8")
    assert "a piece id (ASCII letters" in docs



@pytest.mark.parametrize(("old", "new", "key", "problem"), [
    (r"^goal = .*", 'goal = { piece = "A", x = 1, y = 3, z = 0 }', "puzzle.goal",
     "unknown key 'z' (a goal has piece, x and y)"),
    (r"^goal = .*", 'goal = [{ piece = "A", x = 1, y = 3, peice = "B" }]', "puzzle.goal",
     "goal[0]: unknown key 'peice' (a goal has piece, x and y)"),
    (r"^exit = .*", 'exit = { side = "bottom", offset = 1, length = 2, lenght = 3 }',
     "puzzle.exit", "unknown key 'lenght' (an exit has side, offset and length)"),
])
def test_a_misspelt_key_of_an_inline_table_is_an_error(tmp_path, old, new, key, problem):
    text = edited(HAKOIRI, old, new)
    path = write(tmp_path, "c.toml", text)
    one_line_error(cli("solve", path, "-o", tmp_path / "t.jsonl"), 1,
                   f"{path}: line {line_of(text, new)}: {key}: {problem}")
