"""A long run of events as a few beats: its ends alone, the middle a few a beat."""

from __future__ import annotations

import math
from collections.abc import Sequence


def time_lapse(index: Sequence[int], *, units: float, budget: float, lapse: float,
               head: int = 0, tail: int = 0) -> list[list[int]]:
    """The beats of a run of ``index``: one an item of ``units`` while they all fit
    ``budget`` units; else a time-lapse: the first ``head`` and the last ``tail`` alone,
    those between them a few a beat, in as many beats of ``lapse`` units as the budget
    leaves (a beat then shows where the last of its items leaves things)."""
    n = len(index)
    if n * units <= budget or n <= head + tail:
        return [[i] for i in index]
    middle = list(index[head:n - tail])
    count = max(1, int((budget - (head + tail) * units) / lapse))
    size = math.ceil(len(middle) / count)
    return ([[i] for i in index[:head]]
            + [middle[j:j + size] for j in range(0, len(middle), size)]
            + [[i] for i in index[n - tail:]])


__all__ = ["time_lapse"]
