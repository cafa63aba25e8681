"""The timeline: easing curves, segmented progress along a move's path, frame counts
from the phases' summed seconds, and every format of every example config lasting the
same time."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.render.api import frame_rate
from puzzlereel.render.core import Movie, Output, render_stream, resolve_options
from puzzlereel.render.timeline import EASINGS, Clock, frame_counts, segmented
from puzzlereel.trace import Header
from tests.render.examples import EXAMPLES, example_options, example_trace


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
    assert frame_counts([(0.25, 1)], 30) == [8] and frame_counts([(0.01, 1)], 10) == [1]


# ---------------------------------------------------------------- the clock


def test_rounding_never_adds_up() -> None:
    # a pause of 0.12 s is 1.8 frames at 15 fps: rounded one by one, 100 pauses would
    # be 200 frames (2 each); cut at the rounded sums they are 180, as 12 s should be
    assert sum(frame_counts([(0.12, 0)] * 100, 15)) == 180
    assert frame_counts([(0.12, 0)] * 5, 15) == [2, 2, 1, 2, 2]


def test_a_forced_frame_is_given_back() -> None:
    clock = Clock(10)
    assert clock.take(0.01, minimum=1) == 1        # a motion always shows
    assert clock.take(0.01, minimum=1) == 1
    assert clock.take(0.5) == 3                      # 0.52 s: frame 5, 2 already shown
    assert clock.frames == 5 and clock.seconds == pytest.approx(0.52)
    with pytest.raises(ValueError, match="fps"):
        Clock(0)


@given(st.lists(st.tuples(st.floats(0, 5), st.integers(0, 1)), max_size=40),
       st.sampled_from([1, 5, 10, 12, 15, 24, 25, 30, 50, 60]))
def test_frames_follow_the_summed_time(phases: list[tuple[float, int]], fps: int) -> None:
    counts = frame_counts(phases, fps)
    assert all(n >= minimum for n, (_, minimum) in zip(counts, phases, strict=True))
    # the frames end where the rounded total ends, unless forced frames are still owed
    seconds = sum(s for s, _ in phases)
    assert sum(counts) >= round(seconds * fps) - 1
    if not any(minimum for _, minimum in phases):
        assert abs(sum(counts) - seconds * fps) <= 0.5 + 1e-6


# ---------------------------------------------------------------- every format, every example


class Count:
    """A sink that only counts the frames it is given."""

    def __init__(self) -> None:
        self.frames = 0

    def write(self, frame: np.ndarray, repeat: int) -> None:
        self.frames += repeat

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


def frames_per_format(config: Path) -> dict[str, tuple[int, int]]:
    """(frames, fps) of the MP4, WebM and GIF of ``config``'s trace with its own options
    (drawn at 4 px per cell, not encoded)."""
    options, explicit = example_options(config, cell=4)
    sinks: dict[int, Count] = {}
    rates: dict[str, int] = {}

    def outputs(header: Header) -> list[Output]:
        opts = resolve_options(header, options, explicit)
        rates.update({fmt: frame_rate(fmt, opts) for fmt in ("mp4", "webm", "gif")})
        movies: list[Output] = []
        for fps in sorted(set(rates.values())):
            sinks[fps] = Count()
            movies.append(Movie(header, opts, fps, lambda *_, sink=sinks[fps]: sink))
        return movies

    render_stream(io.StringIO(example_trace(config)), config.stem, outputs)
    return {fmt: (sinks[fps].frames, fps) for fmt, fps in rates.items()}


@pytest.mark.parametrize("config", EXAMPLES, ids=lambda path: path.stem)
def test_every_format_lasts_as_long(config: Path, pdb_cache: Path) -> None:
    """GIF, MP4 and WebM of every example config last the same time within one GIF
    frame (before the timeline summed seconds they differed by up to 14 %), and that
    time is 10 to 90 seconds at the config's own settings."""
    got = frames_per_format(config)
    seconds = {fmt: n / fps for fmt, (n, fps) in got.items()}
    gif_frame = 1 / got["gif"][1]
    assert got["webm"] == got["mp4"]
    assert abs(seconds["gif"] - seconds["mp4"]) <= gif_frame, (got, seconds)
    # each family's pacing keeps every example's video between 10 and 90 seconds
    assert 10.0 <= seconds["mp4"] <= 90.0, (config.stem, seconds)
