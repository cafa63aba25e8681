"""The fuzzers' fixture: how many examples to run.  Three depths, each fuzzer naming its
full number of examples ``n``: by default a quarter of ``n`` (at least ``QUICK_LEAST``),
the same ones each run; ``PUZZLEREEL_FUZZ=full`` in the environment runs all ``n``, the
same ones each run; ``--fuzz-long`` (declared in tests/conftest.py) runs ``LONG_FACTOR
* n`` random ones, different each run."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, settings

F = TypeVar("F", bound=Callable[..., Any])

LONG_FACTOR = 25    # --fuzz-long runs this many times the examples, each run different
QUICK_SHARE = 4     # the default run: this many times fewer examples than the full run
QUICK_LEAST = 10    # ... and never fewer than this
FULL = "PUZZLEREEL_FUZZ"   # =full: the full number of examples


@dataclass(frozen=True)
class Fuzz:
    """Hypothesis settings for one fuzzer: ``fuzz.settings(n)`` decorates a ``@given``
    test to run ``n`` examples at full depth, fewer by default, ``LONG_FACTOR * n`` with
    ``--fuzz-long`` (the module docstring)."""

    long: bool
    full: bool = False

    def examples(self, examples: int) -> int:
        if self.long:
            return examples * LONG_FACTOR
        return examples if self.full else min(examples, max(QUICK_LEAST,
                                                             examples // QUICK_SHARE))

    def settings(self, examples: int) -> Callable[[F], F]:
        return settings(
            max_examples=self.examples(examples),
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
    return Fuzz(long=bool(request.config.getoption("--fuzz-long")),
                full=os.environ.get(FULL) == "full")
