"""pytest's hooks and fixtures for the whole suite, and Hypothesis's settings for it: the
``--update-golden`` switch and the ``golden`` fixture it sets, the ``--fuzz-long`` switch
(read by ``tests/fuzz/``), a temporary cache folder for pattern databases, and
``browser``: headless Chromium for the tests that look at pages and animations in a real
browser.  Helpers that tests call directly are in ``tests/fixtures.py``."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.fixtures import (
    GOLDEN,
    REQUIRED_BROWSER,
    UPDATE_GOLDEN,
    GoldenImages,
    need_extra,
    skip_unless_required,
)

# Hypothesis times no example (its 200 ms deadline) and never calls generating data too
# slow: on a machine busy with other work both fail tests that are right.
settings.register_profile("busy-machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("busy-machine")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(UPDATE_GOLDEN, action="store_true", default=False,
                     help=f"write every golden image the run compares ({GOLDEN}) from the "
                          "frame drawn now, where it is missing or its pixels differ")
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="run the fuzzers in tests/fuzz/ with many more (random) examples "
                          "than the quick, repeatable default run (PUZZLEREEL_FUZZ=full: "
                          "the full number, repeatable)")


@pytest.fixture
def golden(request: pytest.FixtureRequest) -> GoldenImages:
    """The golden frames, rewritten on the way when the run has ``--update-golden``."""
    return GoldenImages(update=bool(request.config.getoption(UPDATE_GOLDEN)))


@pytest.fixture(scope="module")
def pdb_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Pattern databases go to a temporary cache, never the user's (one per module)."""
    cache = tmp_path_factory.mktemp("tile-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PUZZLEREEL_CACHE", str(cache))
        yield cache


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def chromium() -> str | None:
    """The system's Chromium (Debian's ``chromium``), if there is one; never downloaded."""
    for name in (os.environ.get("PUZZLEREEL_CHROMIUM"), "chromium", "chromium-browser",
                 "/usr/bin/chromium"):
        if name and (found := shutil.which(name)):
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright's Python package (``executable_path``: the
    system browser).  Without them the test is skipped with a message naming what to
    install (Chromium, or the ``browser`` extra), unless ``PUZZLEREEL_REQUIRE_BROWSER`` is
    set (``.ci/run`` sets it): then it fails."""
    need_extra("browser", "playwright")
    path = chromium()
    if path is None:
        skip_unless_required(REQUIRED_BROWSER, "needs Chromium: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
