"""Every range and every choice declared in the options table (``render/declared.py``) is
enforced through each way an option is given: its command-line flag, its ``[render]``
key in a config and its keyword in the Python API.  A value just outside a range, or a
name that is none of the choices, is refused in the table's words, naming the option as
that entry point spells it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import puzzlereel
from puzzlereel.actions.draw import render_options
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.ground.errors import UsageError, quoted
from puzzlereel.ground.escape import toml_string
from puzzlereel.render.declared import OPTIONS, Option, Range
from tests.fixtures import DATA, cli, one_line_error

RANGED = [option for option in OPTIONS if option.range is not None]
NAMED = [option for option in OPTIONS if option.choices]
UNKNOWN = "nonesuch"


def _just_outside(rng: Range, whole: bool) -> list[float]:
    """The values next to ``rng``'s ends outside it: one step of 1 for whole numbers, the
    next float for numbers with fractions (the low end itself when it is excluded)."""
    if whole:
        return [rng.low if rng.above else rng.low - 1, rng.high + 1]
    low = rng.low if rng.above else math.nextafter(rng.low, -math.inf)
    return [low, math.nextafter(rng.high, math.inf)]


def _bad_values(option: Option) -> list[tuple[Any, str]]:
    """(value as a config or keyword gives it, the refusal's words) for each value just
    outside ``option``'s range."""
    if isinstance(option.range, Range):
        words = f"must be {option.range}"
        whole = float not in option.types
        return [(int(v) if whole else v, words) for v in _just_outside(option.range, whole)]
    assert option.range is not None
    rw, rh = option.range
    words = f"must be between {rw.low:g}x{rh.low:g} and {rw.high:g}x{rh.high:g}"
    ok_w, ok_h = int(rw.low), int(rh.low)
    return ([(f"{int(w)}x{ok_h}", words) for w in _just_outside(rw, True)]
            + [(f"{ok_w}x{int(h)}", words) for h in _just_outside(rh, True)])


def _unknown(option: Option) -> tuple[Any, str]:
    value: Any = [UNKNOWN] if list in option.types else UNKNOWN
    return value, f"{quoted(UNKNOWN)} is not one of: {', '.join(option.choices)}"


def _toml(value: Any) -> str:
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def _refused_by_flag(option: Option, value: Any, words: str, tmp_path: Path) -> None:
    out = tmp_path / "v.mp4"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", out, option.flag, str(value))
    one_line_error(res, 2, f"{option.flag}: {words}")
    assert not out.exists()


def _refused_by_config(option: Option, value: Any, words: str, tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[puzzle]\ntype = "n-queens"\nn = 4\n\n[render]\n'
                    f"{option.config_key} = {_toml(value)}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        render_options(load_config(path), {})
    assert f"line 6: render.{option.config_key}: {words}" in str(caught.value)


def _refused_by_keyword(option: Option, value: Any, words: str, tmp_path: Path) -> None:
    solution = puzzlereel.load(DATA / "hakoiri-5.jsonl")
    with pytest.raises(UsageError) as caught:
        solution.render(tmp_path / "v.gif", **{option.config_key: value})  # type: ignore[misc]
    assert str(caught.value).startswith(f"render(): {option.config_key}: {words}")
    assert not (tmp_path / "v.gif").exists()


@pytest.mark.parametrize("option", RANGED, ids=lambda option: option.name)
def test_a_value_just_outside_a_declared_range_is_refused_everywhere(option: Option,
                                                                     tmp_path: Path):
    for value, words in _bad_values(option):
        if option.flag:
            _refused_by_flag(option, value, words, tmp_path)
        _refused_by_config(option, value, words, tmp_path)
        _refused_by_keyword(option, value, words, tmp_path)


@pytest.mark.parametrize("option", NAMED, ids=lambda option: option.name)
def test_an_unknown_choice_is_refused_everywhere(option: Option, tmp_path: Path):
    value, words = _unknown(option)
    if option.flag:
        _refused_by_flag(option, UNKNOWN, words, tmp_path)
    _refused_by_config(option, value, words, tmp_path)
    _refused_by_keyword(option, value, words, tmp_path)


def test_the_table_has_ranges_and_choices_to_walk():
    assert {"fps", "size", "speed", "sheet_cell"} <= {o.name for o in RANGED}
    assert {"easing", "theme", "target", "formats"} <= {o.name for o in NAMED}
