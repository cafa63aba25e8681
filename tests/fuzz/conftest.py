"""The fuzzers' fixture: how many examples to run, quick and repeatable by default,
many more and random with ``--fuzz-long`` (the switch is declared in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, settings

F = TypeVar("F", bound=Callable[..., Any])

LONG_FACTOR = 25    # --fuzz-long runs this many times the examples, each run different


@dataclass(frozen=True)
class Fuzz:
    """Hypothesis settings for one fuzzer: ``fuzz.settings(n)`` decorates a ``@given``
    test to run ``n`` examples (the same ones each run), or ``LONG_FACTOR * n`` random
    ones with ``--fuzz-long``."""

    long: bool

    def settings(self, examples: int) -> Callable[[F], F]:
        return settings(
            max_examples=examples * LONG_FACTOR if self.long else examples,
            derandomize=not self.long,
            database=None,
            deadline=None,
            print_blob=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                   HealthCheck.large_base_example,
                                   HealthCheck.function_scoped_fixture],
        )


@pytest.fixture
def fuzz(request: pytest.FixtureRequest) -> Fuzz:
    return Fuzz(long=bool(request.config.getoption("--fuzz-long")))
