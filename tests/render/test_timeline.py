"""The timeline: easing curves, segmented progress along a move's path, and frame counts
from durations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.render.timeline import EASINGS, frames, segmented


@pytest.mark.parametrize("name", list(EASINGS))
def test_easing_ends(name: str) -> None:
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


@given(st.floats(0, 1), st.floats(0, 1), st.integers(1, 9), st.sampled_from(list(EASINGS)))
def test_segmented_progress_is_monotonic(a: float, b: float, k: int, name: str) -> None:
    lo, hi = sorted((a, b))
    ease = EASINGS[name]
    assert segmented(lo, k, ease) <= segmented(hi, k, ease) + 1e-12
    assert 0.0 <= segmented(lo, k, ease) <= 1.0


def test_segments_are_eased_separately() -> None:
    ease = EASINGS["ease-in-out"]
    # section boundaries are exact, and each section starts slowly
    assert segmented(0.5, 2, ease) == pytest.approx(0.5)
    assert segmented(0.55, 2, ease) - 0.5 < 0.05 / 2
    assert frames(0.25, 30, minimum=1) == 8 and frames(0.01, 10, minimum=1) == 1
