"""pytest's hooks and fixtures for the whole suite: the ``--update-golden`` switch and the
``golden`` fixture it sets, the ``--fuzz-long`` switch (read by ``tests/fuzz/``), and a
temporary cache folder for pattern databases.  Helpers that tests call directly are in
``tests/fixtures.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures import GOLDEN, UPDATE_GOLDEN, GoldenImages


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(UPDATE_GOLDEN, action="store_true", default=False,
                     help=f"write every golden image the run compares ({GOLDEN}) from the "
                          "frame drawn now, where it is missing or its pixels differ")
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="run the fuzzers in tests/fuzz/ with many more (random) examples "
                          "than the quick, repeatable default run")


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
