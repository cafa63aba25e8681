"""``--help`` as a user reads it: every value named as a person would (``FILE``, ``N``,
``SECONDS``), never by a Python type; the choices of every option that has them, as they
are declared; examples that are whole lines in an 80-column terminal; and the shell's
completion of example names, families, topics and each option's choices."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from puzzlereel.batch import EXECUTORS
from puzzlereel.catalog import BLANKS as IMPORT_BLANKS
from puzzlereel.catalog import IMPORT_FORMATS, manual
from puzzlereel.catalog import examples as catalog
from puzzlereel.cli import commands as cli_module
from puzzlereel.ground import progress
from puzzlereel.registry import ALGORITHMS, FAMILIES, NAMES
from puzzlereel.render.declared import FORMATS, OPTIONS, TARGETS
from puzzlereel.render.film.easing import EASINGS
from puzzlereel.render.film.theme import THEMES
from puzzlereel.rules.sliding_block_layout import BLOCK_METRICS
from tests.fixtures import ROOT

GROUP = typer.main.get_command(cli_module.app)
COMMANDS: list[str] = sorted(GROUP.commands)          # type: ignore[attr-defined]
WIDTH = 80
# a Python type where a value's name belongs: <list[Path]>, <int range>, <str>, {CONFIG}
PYTHON_TYPE = re.compile(r"<(?:list\[|int\b|float\b|str>|bool>|Path>)|\{[A-Z_]+\}")


@functools.cache
def help_text(command: str | None) -> str:
    """``puzzlereel [COMMAND] --help`` in a terminal of 80 columns (``COLUMNS``, as a
    shell sets it; the checkout's code)."""
    args = [command, "--help"] if command else ["--help"]
    env = {**os.environ, "COLUMNS": str(WIDTH)}
    res = subprocess.run([sys.executable, "-m", "puzzlereel", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    assert res.returncode == 0, res.stderr
    return res.stdout


def records(command: str | None) -> dict[str, str]:
    """Each option's help record (its flags and value name, then its help) by flag."""
    cmd = GROUP if command is None else GROUP.commands[command]   # type: ignore[attr-defined]
    ctx = cmd.make_context(command or "puzzlereel", [], resilient_parsing=True)
    found = {}
    for param in cmd.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None:
            for name in (*param.opts, *param.secondary_opts):
                found[name] = " ".join(record)
    return found


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_no_value_is_named_by_a_python_type(command: str | None) -> None:
    text = help_text(command)
    assert not PYTHON_TYPE.findall(text), text


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_line_fits_80_columns(command: str | None) -> None:
    text = help_text(command)
    assert all(len(line) <= WIDTH for line in text.splitlines()), \
        [line for line in text.splitlines() if len(line) > WIDTH]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_example_is_one_whole_line_at_80_columns(command: str | None) -> None:
    """An example in the docstring shows as the same line in the help (click re-wraps a
    paragraph unless it starts with ``\\b``), so it can be copied and pasted."""
    doc = cli_module.app.info.help if command is None else \
        cli_module.COMMANDS[command].__doc__
    assert isinstance(doc, str)
    wanted = [line.strip() for line in doc.splitlines()
              if line.strip().startswith("puzzlereel ")]
    assert wanted, f"{command}: no example"
    shown = {line.strip() for line in help_text(command).splitlines()}
    assert [line for line in wanted if line not in shown] == []


DECLARED_CHOICES = [
    (None, "--progress", progress.PROGRESS_MODES),
    ("run", "--executor", EXECUTORS),
    ("run", "--formats", FORMATS),
    ("import", "--blank", IMPORT_BLANKS),
    ("import", "--metric", BLOCK_METRICS),
    ("solve", "--algorithm", ALGORITHMS),
    *((command, option.flags[0], option.choices) for option in OPTIONS
      if option.flag and option.choices for command in option.commands),
]


@pytest.mark.parametrize(("command", "flag", "choices"), DECLARED_CHOICES)
def test_an_option_with_choices_lists_them(command: str | None, flag: str,
                                           choices: tuple[str, ...]) -> None:
    record = records(command)[flag]
    assert choices and all(re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", record)
                           for c in choices), record


def test_the_choices_are_the_declared_ones() -> None:
    declared = {option.name: option.choices for option in OPTIONS}
    assert declared["theme"] == tuple(THEMES)
    assert declared["easing"] == tuple(EASINGS)
    assert declared["target"] == tuple(TARGETS)
    assert "rush-hour, tiles, klotski" in help_text("import")


def test_the_algorithms_are_those_the_solvers_take() -> None:
    """``solve --algorithm`` lists each family's algorithms from its registry row, the
    same names its config loader accepts in [solve] algorithm."""
    from puzzlereel.solvers.mastermind.config import STRATEGIES
    from puzzlereel.solvers.peg_solitaire.config import PEG_ALGORITHMS as PEGS
    from puzzlereel.solvers.sliding_block.config import BLOCK_ALGORITHMS as BLOCKS
    from puzzlereel.solvers.sliding_tile.config import TILE_ALGORITHMS as TILES

    taken = {"sliding-block": BLOCKS, "sliding-tile": TILES, "peg-solitaire": PEGS,
             "mastermind": STRATEGIES}
    assert {row.name: row.algorithms for row in FAMILIES.values() if row.algorithms} == taken
    assert set(ALGORITHMS) == {name for names in taken.values() for name in names}
    record = records("solve")["--algorithm"]
    for family, names in taken.items():
        assert f"{family} {', '.join(names)}" in " ".join(record.split()), record


def complete(words: str, cwd: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What bash's completion of ``puzzlereel WORDS`` offers (the last word being
    completed), asked in ``cwd`` as the completion script asks it."""
    line = f"puzzlereel {words}"
    count = len(line.split()) - (0 if line.endswith(" ") else 1)
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(cli_module.app, [], prog_name="puzzlereel", env={
        "_PUZZLEREEL_COMPLETE": "complete_bash", "COMP_WORDS": line,
        "COMP_CWORD": str(count)})
    assert result.exit_code == 0, result.output
    return result.stdout.split()


def test_completion_offers_example_names_and_configs(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "hand.toml").write_text("")
    (tmp_path / "hats").mkdir()
    (tmp_path / "hakoiri.jsonl").write_text("")
    wanted = [name for name in catalog.names() if name.startswith("ha")]
    assert wanted
    assert complete("solve ha", tmp_path, monkeypatch) == [*wanted, "hand.toml", "hats/"]
    assert complete("run hoppers ha", tmp_path, monkeypatch) == [*wanted, "hand.toml", "hats/"]
    assert complete("preview ha", tmp_path, monkeypatch) == [*wanted, "hakoiri.jsonl", "hand.toml",
                                                "hats/"]
    assert complete("examples ha", tmp_path, monkeypatch) == wanted


@pytest.mark.parametrize(("words", "wanted"), [
    ("new ", NAMES),
    ("new sl", tuple(n for n in NAMES if n.startswith("sl"))),
    ("render t.jsonl --theme ", tuple(THEMES)),
    ("run x --easing ", tuple(EASINGS)),
    ("preview x -o f.png --target ", tuple(TARGETS)),
    ("render t.jsonl --target s", tuple(t for t in TARGETS if t.startswith("s"))),
    ("--progress ", progress.PROGRESS_MODES),
    ("run x --executor ", EXECUTORS),
    ("solve x --algorithm ", ALGORITHMS),
    ("solve x --algorithm id", ("ida*", "iddfs", "ida")),
    ("run x --formats mp4,g", ("mp4,gif",)),
    ("import ", IMPORT_FORMATS),
    ("docs ", manual.topics()),
    ("docs ren", ("rendering",)),
])
def test_completion_offers_the_declared_values(tmp_path: Path, words: str,
                                                wanted: tuple[str, ...],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    assert complete(words, tmp_path, monkeypatch) == list(wanted)


@pytest.mark.parametrize("command", ["run", "import"])
def test_help_loads_neither_the_executors_nor_the_importers(command: str) -> None:
    """The choices --help lists are named without loading the code that uses them."""
    res = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlereel", command,
                          "--help"], cwd=ROOT, capture_output=True, text=True, check=True)
    loaded = {line.rsplit("|", 1)[1].strip() for line in res.stderr.splitlines()
              if line.startswith("import time:")}
    assert "puzzlereel.cli.commands" in loaded
    assert not loaded & {"puzzlereel.batch.executors", "puzzlereel.catalog.entries",
                         "puzzlereel.catalog.importers", "multiprocessing"}
