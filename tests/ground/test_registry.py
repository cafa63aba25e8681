"""Every registry row carries every part of its kind: nothing said about a family is
left to a fallback somewhere else."""

from __future__ import annotations

import importlib.resources

import pytest

from puzzlereel.registry import KINDS, PACING_KEYS, Kind

PARTS = ("config", "rules", "solver", "scene")


@pytest.mark.parametrize("kind", KINDS.values(), ids=list(KINDS))
def test_every_row_has_every_part(kind: Kind) -> None:
    assert kind.display_name.strip() and kind.display_name != kind.name
    assert kind.unit in ("move", "guess", "solution")
    assert kind.goal.strip().endswith(".")
    assert tuple(kind.pacing) == PACING_KEYS
    assert all(isinstance(v, float) and 0 <= v <= 10 for v in kind.pacing.values())
    assert kind.pacing["speed"] > 0
    template = importlib.resources.files("puzzlereel").joinpath("config-templates",
                                                                kind.template)
    assert template.is_file(), kind.template
    assert f'type = "{kind.name}"' in template.read_text(encoding="utf-8")
    for part in PARTS:
        assert kind.load(part) is not None, part


def test_names_people_read_are_unique() -> None:
    names = [kind.display_name for kind in KINDS.values()]
    assert len(set(names)) == len(names)
