"""Render options: bad values rejected naming the option, every number kept to its one
documented range, and a trace header's render hints applied unless an option was set
explicitly (an unusable hint ignored with one warning)."""

from __future__ import annotations

import dataclasses
import math
import re

import pytest

from puzzlereel.render import options as options_module
from puzzlereel.render.declared import Range
from puzzlereel.render.direction.resolve import resolve_options
from puzzlereel.render.options import (
    RANGES,
    SECONDS,
    RenderHintWarning,
    RenderOptionError,
    RenderOptions,
    header_hints,
    with_values,
)
from puzzlereel.trace import Header
from tests.fixtures import ROOT


def test_options_reject_bad_values() -> None:
    with pytest.raises(RenderOptionError, match="fps"):
        RenderOptions(fps=0)
    with pytest.raises(RenderOptionError, match="'neon'"):
        with_values(RenderOptions(), {"theme": "neon"})
    with pytest.raises(RenderOptionError, match="unknown render option"):
        with_values(RenderOptions(), {"sped": 1})
    with pytest.raises(RenderOptionError, match="#12"):
        with_values(RenderOptions(), {"colors": {"A": "#12"}})
    with pytest.raises(RenderOptionError, match="'bogus' is not an x264 preset"):
        with_values(RenderOptions(), {"preset": "bogus"})
    assert with_values(RenderOptions(), {"size": "320x240"}).size == (320, 240)


def _value(key: str, number: float) -> object:
    """``number`` as the option ``key`` takes it."""
    if key == "size.width":
        return [int(number), 100]
    if key == "size.height":
        return [100, int(number)]
    return number if key in SECONDS else int(number)


@pytest.mark.parametrize("key", sorted(RANGES))
def test_every_range_holds_its_ends_and_nothing_beyond(key: str) -> None:
    rng = RANGES[key]
    name = key.split(".")[0]
    ends = [rng.high] + ([] if rng.above else [rng.low])
    for number in ends:
        with_values(RenderOptions(), {name: _value(key, number)})
    beyond = [rng.high + 1, rng.low if rng.above else rng.low - 1]
    if key in SECONDS:
        beyond += [math.nan, math.inf, -math.inf, 10**400]
    for number in beyond:
        with pytest.raises(RenderOptionError, match=f"^{name}: must be "):
            with_values(RenderOptions(), {name: _value(key, number)})


def test_check_holds_each_value_to_the_table_it_walks(monkeypatch) -> None:
    """A range or names the table gives an option are enforced with no more code."""
    table = tuple(dataclasses.replace(o, choices=("auto", "rows")) if o.name == "scheme"
                  else dataclasses.replace(o, range=Range(0, 3)) if o.name == "sheet_columns"
                  else o for o in options_module.OPTIONS)
    monkeypatch.setattr(options_module, "OPTIONS", table)
    with pytest.raises(RenderOptionError, match="^scheme: 'bogus' is not one of: auto, rows$"):
        RenderOptions(scheme="bogus")
    with pytest.raises(RenderOptionError, match="^sheet_columns: must be between 0 and 3, got 4$"):
        RenderOptions(sheet_columns=4)
    assert RenderOptions(scheme="rows", sheet_columns=3).sheet_columns == 3


def test_minus_zero_seconds_are_zero() -> None:
    assert math.copysign(1, with_values(RenderOptions(), {"pause": -0.0}).pause) == 1
    with pytest.raises(RenderOptionError, match="got -0.0"):
        with_values(RenderOptions(), {"speed": -0.0})


def test_header_hints_apply_unless_set_explicitly() -> None:
    header = Header(puzzle="sliding-block", render={"theme": "dark", "fps": "fast",
                                                    "speed": 0.5, "formats": ["gif"]})
    with pytest.warns(RenderHintWarning, match="render.fps: expected an integer, got 'fast'"):
        opts = resolve_options(header, RenderOptions(), explicit={"speed"})
    assert opts.theme == "dark"          # a usable hint
    assert opts.fps == 30                # an unusable hint is ignored, with a warning
    assert opts.speed == 0.25            # set explicitly: the hint loses
    assert opts.formats == ("mp4", "gif")   # formats is not a hint for rendering


def test_each_unusable_hint_is_one_warning() -> None:
    """A bad value, and a key nothing reads; a scene's own hint and ``formats`` (which
    only ``run`` reads) are quiet when usable."""
    hints = {"speed": math.nan, "hold_end": 1e9, "preset": "bogus", "size": "1x1",
             "colors": {"A": "red"}, "max_solutions": 5, "theme": "wood", "bogus": 1,
             "formats": ["gif"], "max_solutions_": 5}
    with pytest.warns(RenderHintWarning) as caught:
        assert header_hints(hints) == {"theme": "wood"}
    assert [str(w.message).split(":")[1].strip() for w in caught] == [
        "render.speed", "render.hold_end", "render.preset", "render.size", "render.colors.A",
        "render.bogus", "render.max_solutions_"]
    for bad in ({"formats": ["avi"]}, {"max_solutions": -1}, {"max_solutions": 1e30}):
        with pytest.warns(RenderHintWarning) as caught:
            assert header_hints(bad) == {}
        assert len(caught) == 1
    assert all("\n" not in str(w.message) for w in caught)


def _doc_ranges(path: str) -> dict[str, str]:
    """The "range" column of a docs table, by its first column's keys."""
    text = (ROOT / path).read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if "| range |" in line)
    cells = [c.strip() for c in header.strip("|").split("|")]
    column = cells.index("range")
    rows: dict[str, str] = {}
    for line in text.splitlines()[text.splitlines().index(header) + 2:]:
        if not line.startswith("|"):
            break
        row = [c.strip() for c in line.strip().strip("|").split("|")]
        for key in re.findall(r"`(\w+)`", row[0]):
            rows[key] = row[column]
    return rows


@pytest.mark.parametrize("doc", ["docs/rendering.md", "docs/cli-and-config.md"])
def test_the_docs_list_the_ranges_the_program_checks(doc: str) -> None:
    rows = _doc_ranges(doc)
    for key, rng in RANGES.items():
        name = key.split(".")[0]
        assert name in rows, f"{doc}: no row for {name}"
        for end in (rng.low, rng.high):
            assert re.search(rf"(?<![\d.]){end:g}(?![\d.])", rows[name]), (
                f"{doc}: {name}: {end:g} is not in {rows[name]!r}")


def test_a_colour_scheme_hint_is_auto_or_one_its_scene_knows() -> None:
    tiles = Header(puzzle="sliding-tile", render={"scheme": "rows"})
    assert resolve_options(tiles, RenderOptions()).scheme == "rows"
    bogus = Header(puzzle="sliding-tile", render={"scheme": "bogus"})
    with pytest.warns(RenderHintWarning, match="render.scheme: 'bogus' is not one of: auto, "
                      "plain, rows, columns, fringe"):
        assert resolve_options(bogus, RenderOptions()).scheme == "auto"
    assert header_hints({"scheme": "auto"}) == {"scheme": "auto"}
    with pytest.warns(RenderHintWarning, match="render.scheme: 'rows' is not one of: auto "):
        assert header_hints({"scheme": "rows"}) == {}     # a scene without schemes
