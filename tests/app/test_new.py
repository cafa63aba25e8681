"""`puzzlereel new`: one commented template a family, holding every key the family's
loader reads (and every ``[render]`` option), that solves as written to the answer its
comment states."""

from __future__ import annotations

import inspect
import re

import pytest

from puzzlereel.actions.check import check_expected
from puzzlereel.catalog import templates
from puzzlereel.catalog.puzzles import EXPECT_KEY, load_puzzle
from puzzlereel.ground.config import ConfigError
from puzzlereel.registry import FAMILIES, NAMES
from puzzlereel.render.options import KEYS as RENDER_KEYS
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.solvers.limits import DEFAULT_MEMORY_SHARE, read_max_memory
from tests.fixtures import ROOT, cli, one_line_error, replayed

STATED = re.compile(r"^# expect_moves = (\d+)", re.M)


def loader_keys(family: str) -> set[str]:
    """Every ``[puzzle]`` / ``[solve]`` / ``[render]`` key the family's loader reads: each
    such dotted name written in its module's source (``config.get("puzzle.n", ...)``,
    ``_tile_list(cfg, "puzzle.tiles")``), plus the ones the app reads for every family."""
    source = inspect.getsource(inspect.getmodule(FAMILIES[family].load("config")))
    if "read_max_memory" in source:    # the shared reader of [solve] max_memory
        source += inspect.getsource(read_max_memory)
    keys = set(re.findall(r"""["']((?:puzzle|solve|render)\.\w+(?:\.\w+)*)["']""", source))
    keys |= {f"puzzle.{k}" for k in re.findall(
        r"""["'](\w+)["']\s+in\s+\w+\.section\(\s*["']puzzle["']\s*\)""", source)}
    return keys | {EXPECT_KEY, "puzzle.type"}


def written(text: str, key: str) -> bool:
    """``key``'s last part is set in ``text``, or shown in a comment (``# key = ...``)."""
    name = key.rsplit(".", 1)[-1]
    return re.search(rf"(^#?\s*|\{{\s*){re.escape(name)}\s*=", text, re.M) is not None


@pytest.mark.parametrize("family", NAMES)
def test_a_template_has_every_key_its_loader_reads(family):
    text = templates.template(family).text
    keys = loader_keys(family)
    assert len(keys - {EXPECT_KEY, "puzzle.type"}) >= 1, "the scan found the loader's keys"
    missing = sorted(key for key in keys if not written(text, key))
    assert missing == [], f"{family} template lacks {missing}"
    render = text.split("\n[render]\n", 1)[1]
    missing = sorted(k for k in RENDER_KEYS if k != "colours" and not written(render, k))
    assert missing == [], f"[render] lacks {missing}"


@pytest.mark.parametrize("family", NAMES)
def test_a_template_solves_as_written_to_the_answer_it_states(tmp_path, family):
    text = templates.template(family).text
    stated = STATED.search(text)
    assert stated, "the template states its answer in a commented expect_moves"
    path = tmp_path / "p.toml"
    path.write_text(STATED.sub(r"expect_moves = \1", text), encoding="utf-8")
    loaded = load_puzzle(path)
    assert loaded.family.name == family and loaded.expect_moves == int(stated.group(1))
    events, summary = replayed(loaded.solver.solve(loaded.puzzle, SolveOptions()))
    end = summary.end
    assert end is not None and end.status == "solved"
    check_expected(loaded, end)


@pytest.mark.parametrize("family", NAMES)
def test_expect_moves_of_the_wrong_type_names_file_line_and_field(tmp_path, family):
    text = STATED.sub(r'expect_moves = "\1"', templates.template(family).text)
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    line = text[:text.index('expect_moves = "')].count("\n") + 1
    with pytest.raises(ConfigError) as caught:
        load_puzzle(path)
    assert str(caught.value).startswith(f"{path}: line {line}: solve.expect_moves: expected "
                                        "an integer, got '")


def test_new_writes_a_config_that_solves(tmp_path):
    out = tmp_path / "p.toml"
    result = cli("new", "sliding-block", "-o", out)
    assert result.exit_code == 0 and result.stdout.strip() == str(out)
    result = cli("solve", out, "-o", tmp_path / "p.jsonl")
    assert result.exit_code == 0, result.output
    one_line_error(cli("new", "n-queens", "-o", out), 1, "already exists")
    assert cli("new", "n-queens", "-o", out, "--force").exit_code == 0
    assert 'type = "n-queens"' in out.read_text()
    printed = cli("new", "komachi")
    assert printed.exit_code == 0 and printed.stdout == templates.template("komachi").text


def test_new_list_names_every_family():
    result = cli("new", "--list")
    assert result.exit_code == 0
    assert [line.split()[0] for line in result.stdout.splitlines()] == list(NAMES)


def test_new_usage_errors():
    one_line_error(cli("new", "sliding-blocks"), 2, "FAMILY: no puzzle family "
                   "'sliding-blocks'; did you mean: sliding-block")
    one_line_error(cli("new"), 2, "FAMILY: name a puzzle family")
    one_line_error(cli("new", "komachi", "--list"), 2, "--list: give it alone")


SHARES = {0.5: "half", 0.75: "three quarters"}
SHARE_WORDS = re.compile(r"\b(half|three quarters|3/4|quarter|two thirds|2/3)\b")


def test_the_memory_default_is_told_as_the_search_takes_it():
    """Every line of a template, README or the docs that tells the memory a search may
    use by default names the share ``memory_budget`` takes (half), and no other."""
    said = SHARES[DEFAULT_MEMORY_SHARE]
    files = [*sorted((ROOT / "puzzlereel" / "config-templates").glob("*.toml")),
             ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    told = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "memory" in line.lower() and SHARE_WORDS.search(line):
                told.append((path.name, number))
                assert SHARE_WORDS.findall(line) == [said], (path.name, number, line)
    assert {"sliding-block.toml", "README.md", "sliding-block.md"} <= {n for n, _ in told}
