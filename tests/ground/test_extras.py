"""pyproject's optional extras: the ``test`` extra holds what the tests need and none of
the heavy optional parts (Dask, the browser's Playwright, the notebook's kernel), each of
which is its own extra; ``all`` is every extra; and a test that needs an extra skips
with a reason naming it, or fails where CI sets the extra's variable."""

from __future__ import annotations

import re
import tomllib

import pytest

from tests.fixtures import EXTRAS_REQUIRED, ROOT, install_hint, need_extra

EXTRAS: dict[str, list[str]] = tomllib.loads(
    (ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
# the heavy parts, each in its own extra, by the distribution that brings it
HEAVY = {"dask": {"dask", "distributed"}, "browser": {"playwright"},
         "notebook": {"ipykernel", "nbclient", "nbformat", "matplotlib"}}
# what an extra's modules are imported as, where the tests look for them
MODULES = {"dask": "distributed", "browser": "playwright", "notebook": "nbclient"}


def names(requirements: list[str]) -> set[str]:
    """The distributions of ``requirements`` (``dask[distributed]>=2024.1`` -> dask and
    distributed)."""
    found: set[str] = set()
    for requirement in requirements:
        m = re.match(r"([A-Za-z0-9._-]+)(?:\[([^\]]*)\])?", requirement)
        assert m is not None, requirement
        found.add(m.group(1).lower())
        if m.group(1).lower() != "puzzlereel" and m.group(2):
            found |= {extra.strip().lower() for extra in m.group(2).split(",")}
    return found


def test_the_test_extra_holds_no_heavy_part():
    assert not names(EXTRAS["test"]) & set().union(*HEAVY.values())


@pytest.mark.parametrize("extra", sorted(HEAVY))
def test_each_heavy_part_is_its_own_extra(extra: str):
    assert names(EXTRAS[extra]) >= HEAVY[extra]
    assert extra in EXTRAS_REQUIRED


def test_all_is_every_extra():
    (everything,) = EXTRAS["all"]
    m = re.fullmatch(r"puzzlereel\[([\w,]+)\]", everything)
    assert m is not None, everything
    assert set(m.group(1).split(",")) == set(EXTRAS) - {"all"}


@pytest.mark.parametrize("extra", sorted(EXTRAS_REQUIRED))
def test_a_missing_extra_skips_naming_it(extra: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(EXTRAS_REQUIRED[extra], raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        need_extra(extra, "puzzlereel_no_such_module")
    assert f"'{extra}' extra" in str(skipped.value)
    assert install_hint(extra) in str(skipped.value)
    assert f".[{extra}]" in install_hint(extra)


@pytest.mark.parametrize("extra", sorted(EXTRAS_REQUIRED))
def test_a_missing_extra_fails_where_ci_requires_it(extra: str,
                                                    monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(EXTRAS_REQUIRED[extra], "1")
    with pytest.raises(pytest.fail.Exception, match=EXTRAS_REQUIRED[extra]):
        need_extra(extra, "puzzlereel_no_such_module")


def test_no_test_skips_on_an_extra_without_naming_it():
    """``pytest.importorskip`` of an extra's module would skip saying only that the module
    is missing; the tests ask ``need_extra`` instead."""
    quiet = re.compile(r"importorskip\(\s*[\"'](?:{})\b".format(
        "|".join(sorted({*MODULES.values(), *set().union(*HEAVY.values())}))))
    offenders = [str(path.relative_to(ROOT)) for path in sorted((ROOT / "tests").rglob("*.py"))
                 if quiet.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
