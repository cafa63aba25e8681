"""The render options are declared once (``render/declared.py``) and everything else
agrees with that table: the options of ``render``, ``run`` and ``preview`` and their
``--help``, ``RenderOptions`` and the ``[render]`` keys, the Python API's keywords, the
config template render.toml and the docs' tables."""

from __future__ import annotations

import dataclasses
import re
import tomllib
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import pytest
import typer

import puzzlereel
from puzzlereel.cli.commands import app
from puzzlereel.ground.errors import UsageError
from puzzlereel.render.declared import (
    OPTION_COMMANDS,
    OPTIONS,
    FrameKeywords,
    Option,
    RenderKeywords,
    flag_options,
)
from puzzlereel.render.options import KEYS, RenderOptions
from tests.fixtures import DATA, ROOT, cli

KEYS_DECLARED = sorted(key for option in OPTIONS for key in option.keys)


def words(text: str) -> str:
    """``text`` with its white space as single spaces (``--help`` wraps lines, after a
    hyphen too: "ease-" / "out" reads "ease-out")."""
    return re.sub(r"(\w)- (?=\w)", r"\1-", " ".join(text.split()))


def render_params(command: str) -> list[typer.core.TyperOption]:
    """The options of ``command`` that are render options' flags, in its order."""
    every = typer.main.get_command(app).commands[command].params   # type: ignore[attr-defined]
    spelt = {flag for option in OPTIONS for flag in option.flags}
    return [p for p in every if isinstance(p, typer.core.TyperOption)
            and set(p.opts) | set(p.secondary_opts) <= spelt]


@pytest.mark.parametrize("command", OPTION_COMMANDS)
def test_each_command_has_the_flags_of_its_options_with_their_help(command: str) -> None:
    params = render_params(command)
    declared = flag_options(command)
    assert [(*p.opts, *p.secondary_opts) for p in params] == [o.flags for o in declared]
    for param, option in zip(params, declared):
        assert param.help == option.help
        assert param.default == (False if option.switch else None)
        assert param.type_descriptor.annotation is option.value_type
        assert param.metavar == option.value_name
    shown = words(cli(command, "--help").stdout)
    for option in declared:
        assert words(option.help) in shown, (command, option.name)
    others = {flag for option in OPTIONS if command not in option.commands
              for flag in option.flags}
    assert others.isdisjoint(re.findall(r"(?<![\w-])--[\w-]+", shown)), others


def test_the_render_options_and_their_keys_are_the_declared_ones() -> None:
    base = RenderOptions()
    assert {f.name for f in dataclasses.fields(RenderOptions)} == {o.name for o in OPTIONS}
    for option in OPTIONS:
        assert getattr(base, option.name) == option.default, option.name
        assert isinstance(option.default, (*option.types, tuple, type(None))), option.name
    assert list(KEYS) == KEYS_DECLARED


def test_the_api_takes_every_key_as_a_keyword(tmp_path) -> None:
    solution = puzzlereel.load(DATA / "hakoiri-5.jsonl")
    with pytest.raises(UsageError) as bad:
        solution.render(tmp_path / "x.gif", bogus=1)
    assert str(bad.value) == (f"render(): bogus: unknown render option (known: "
                              f"{', '.join(KEYS_DECLARED)})")
    for key in KEYS_DECLARED:
        with pytest.raises(UsageError, match=rf"^render\(\): {key}: expected "):
            solution.render(tmp_path / "x.gif", **{key: object()})
    assert list(tmp_path.iterdir()) == []


# The Python type of a keyword whose value may have these ``[render]`` types (a tuple
# counts as a list: the API takes ``size=(640, 480)``)
PYTHON_TYPES: dict[tuple[type, ...], Any] = {
    (int,): int, (int, float): float, (bool,): bool, (str,): str,
    (str, list): str | tuple[int, int] | list[int], (dict,): Mapping[str, str],
}


def keyword_type(option: Option) -> Any:
    """The type the table gives ``option`` as a keyword argument: its names as a
    ``Literal`` where it declares them (a list of them for ``formats``), else its
    types'; None everywhere, for not given."""
    if option.choices:
        names = Literal[option.choices]       # type: ignore[valid-type]
        return (Sequence[names] if option.types == (list,) else names) | None
    return PYTHON_TYPES[option.types] | None


def test_the_keywords_types_are_the_tables() -> None:
    """``RenderKeywords`` is the table written out for type checkers: the same keys,
    each with the type its row declares; ``FrameKeywords`` is it without ``title``."""
    declared = {key: keyword_type(option) for option in OPTIONS for key in option.keys}
    assert typing.get_type_hints(RenderKeywords) == declared
    assert RenderKeywords.__required_keys__ == frozenset()
    assert typing.get_type_hints(FrameKeywords) == {
        key: value for key, value in declared.items() if key != "title"}


def test_the_config_template_shows_every_key_with_its_default() -> None:
    text = (ROOT / "puzzlereel" / "config-templates" / "render.toml").read_text()
    shown = {}
    for line in text.splitlines():
        found = re.match(r"#? ?(\w+) = (.*?)\s+#", line)
        if found:
            shown[found.group(1)] = tomllib.loads(f"v = {found.group(2)}")["v"]
    assert sorted(shown) == sorted(o.config_key for o in OPTIONS)
    for option in OPTIONS:
        if option.default is not None and option.types != (dict,):
            want = list(option.default) if isinstance(option.default, tuple) else option.default
            assert shown[option.config_key] == want, option.name


def _table(doc: str, heading: str) -> dict[str, list[str]]:
    """The rows of ``doc``'s table whose header starts with ``heading``, by each key in
    their first cell."""
    lines = (ROOT / doc).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        for key in re.findall(r"`(\w+)`", cells[0]):
            rows[key] = cells
    return rows


def _default_shown(option: Option, cell: str) -> bool:
    """Whether a docs table's default cell gives ``option``'s default (or says the
    puzzle family sets it)."""
    if option.default is None or isinstance(option.default, (dict, tuple, bool)):
        return True
    if isinstance(option.default, str):
        return f'`"{option.default}"`' in cell
    numbers = [float(n) for n in re.findall(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])", cell)]
    return option.default in numbers or "family" in cell


def test_the_rendering_guide_lists_every_option_with_its_flag() -> None:
    rows = _table("docs/rendering.md", "| `[render]` key | option |")
    assert sorted(rows) == KEYS_DECLARED
    for option in OPTIONS:
        _, flag, default, *_ = rows[option.name]
        if not flag.startswith("`run "):       # run --formats: run's own option
            assert tuple(re.findall(r"--[\w-]+", flag)) == option.flags, option.name
        assert _default_shown(option, default), (option.name, default)


def test_the_config_reference_lists_every_key_and_its_choices() -> None:
    rows = _table("docs/cli-and-config.md", "| key | type | default | range |")
    assert sorted(rows) == KEYS_DECLARED
    for option in OPTIONS:
        kind, default = rows[option.name][1:3]
        for choice in option.choices:
            assert f"`{choice}`" in kind or f'`"{choice}"`' in kind, (option.name, choice)
        assert _default_shown(option, default), (option.name, default)


@pytest.mark.parametrize("doc, opening", [
    ("docs/cli-and-config.md", "the same but"), ("docs/rendering.md", "all but")])
def test_the_docs_name_the_flags_preview_has_not(doc: str, opening: str) -> None:
    text = words((ROOT / doc).read_text(encoding="utf-8"))
    listed = re.search(rf"{opening} ((?:`--[\w-]+`(?:, | and )?)+)", text)
    assert listed is not None
    assert tuple(re.findall(r"--[\w-]+", listed.group(1))) == tuple(
        option.flags[0] for option in OPTIONS if option.flag and "preview" not in option.commands)


def test_the_config_reference_names_every_flag_of_render_and_run() -> None:
    text = words((ROOT / "docs/cli-and-config.md").read_text(encoding="utf-8"))
    listed = re.search(r"Command-line options of `render` and `run` \((.*?)\) override", text)
    assert listed is not None
    assert tuple(re.findall(r"--[\w-]+", listed.group(1))) == tuple(
        flag for option in flag_options("render") for flag in option.flags)
