"""Render options: bad values rejected naming the option, and a trace header's render
hints applied unless an option was set explicitly."""

from __future__ import annotations

import pytest

from puzzlereel.render.core import resolve_options
from puzzlereel.render.options import RenderOptionError, RenderOptions, with_values
from puzzlereel.trace import Header


def test_options_reject_bad_values() -> None:
    with pytest.raises(RenderOptionError, match="fps"):
        RenderOptions(fps=0)
    with pytest.raises(RenderOptionError, match="'neon'"):
        with_values(RenderOptions(), {"theme": "neon"})
    with pytest.raises(RenderOptionError, match="unknown render option"):
        with_values(RenderOptions(), {"sped": 1})
    with pytest.raises(RenderOptionError, match="#12"):
        with_values(RenderOptions(), {"colors": {"A": "#12"}})
    assert with_values(RenderOptions(), {"size": "320x240"}).size == (320, 240)


def test_header_hints_apply_unless_set_explicitly() -> None:
    header = Header(puzzle="sliding-block", render={"theme": "dark", "fps": "fast",
                                                    "speed": 0.5, "formats": ["gif"]})
    opts = resolve_options(header, RenderOptions(), explicit={"speed"})
    assert opts.theme == "dark"          # a usable hint
    assert opts.fps == 30                # an unusable hint is ignored
    assert opts.speed == 0.25            # set explicitly: the hint loses
    assert opts.formats == ("mp4", "gif")   # formats is not a hint for rendering
