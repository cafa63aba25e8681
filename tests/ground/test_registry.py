"""Every registry row carries every part of its kind: nothing said about a family is
left to a fallback somewhere else."""

from __future__ import annotations

import importlib.resources

import pytest

from puzzlereel.registry import FAMILIES, PACING_KEYS, Family

PARTS = ("config", "rules", "solver", "scene")


@pytest.mark.parametrize("family", FAMILIES.values(), ids=list(FAMILIES))
def test_every_row_has_every_part(family: Family) -> None:
    assert family.display_name.strip() and family.display_name != family.name
    assert family.count_noun in ("move", "guess", "solution")
    assert family.goal.strip().endswith(".")
    assert tuple(family.pacing) == PACING_KEYS
    assert all(isinstance(v, float) and 0 <= v <= 10 for v in family.pacing.values())
    assert family.pacing["speed"] > 0
    template = importlib.resources.files("puzzlereel").joinpath("config-templates",
                                                                family.template)
    assert template.is_file(), family.template
    assert f'type = "{family.name}"' in template.read_text(encoding="utf-8")
    for part in PARTS:
        assert family.load(part) is not None, part


def test_names_people_read_are_unique() -> None:
    names = [kind.display_name for kind in FAMILIES.values()]
    assert len(set(names)) == len(names)
