"""The timeline: easing curves, frame counts from the phases' summed seconds, and every
format of every example config lasting the same time."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.render.api import frame_rate
from puzzlereel.render.film.easing import EASINGS, inverse, progress
from puzzlereel.render.film.timeline import (
    END,
    HOLD,
    MOVE,
    RETURN,
    Clock,
    Phase,
    frame_counts,
    frames_of,
)
from tests.render.examples import EXAMPLES, example_options, example_trace
from tests.render.films import directed


@pytest.mark.parametrize("name", list(EASINGS))
def test_easing_ends(name: str) -> None:
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0) and ease(1.0) == pytest.approx(1.0)


@given(st.floats(0, 1), st.floats(0, 1), st.sampled_from(list(EASINGS)))
def test_easings_are_monotonic_and_inverted(a: float, b: float, name: str) -> None:
    lo, hi = sorted((a, b))
    assert progress(name, lo) <= progress(name, hi) + 1e-12
    assert 0.0 <= progress(name, lo) <= 1.0
    assert progress(name, inverse(name, lo)) == pytest.approx(lo, abs=1e-9)


def test_a_motion_gets_its_frames() -> None:
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


def test_the_ending_keeps_its_frames_however_many_are_owed() -> None:
    # 300 beats of 0.1 s at 5 fps: each shows one 0.2 s frame, 30 s owed in all; the
    # hold, the result and the return to the start keep all but one of their frames
    beats = [Phase(MOVE, 0.1, 1)] * 300
    ending = [Phase(HOLD, 2.0), Phase(END, 3.0), Phase(RETURN, 0.6)]
    counts = frames_of(beats + ending, 5)
    assert counts[:300] == [1] * 300
    assert counts[300] >= 9 and counts[301] >= 14 and counts[302] >= 2
    # with nothing owed the ending is as long as its seconds say
    assert frames_of([Phase(MOVE, 1.0, 1)] + ending, 5)[1:] == [10, 15, 3]


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


def frames_per_format(config: Path) -> dict[str, tuple[int, int]]:
    """(frames, fps) of the MP4, WebM and GIF of ``config``'s trace with its own options
    (planned at 4 px per cell, not drawn), up to the last frame of the last position."""
    options, explicit = example_options(config, cell=4)
    text = example_trace(config)
    out: dict[str, tuple[int, int]] = {}
    for fmt in ("mp4", "webm", "gif"):
        fps = frame_rate(fmt, options)
        d = directed(text, options, layout="compact" if fmt == "gif" else "video", fps=fps,
                     explicit=explicit, loop=fmt == "gif")
        assert d.plan is not None
        out[fmt] = (d.plan.ending_frame() + 1, d.plan.fps)
    return out


@pytest.mark.parametrize("config", EXAMPLES, ids=lambda path: path.stem)
def test_every_format_lasts_as_long(config: Path, pdb_cache: Path) -> None:
    """GIF, MP4 and WebM of every example config last the same time within one GIF
    frame up to their last position's last frame (the GIF's return to its start aside;
    before the timeline summed seconds they differed by up to 14 %), and that time is 5
    to 90 seconds at the config's own settings (a short solution opens and ends
    briefly)."""
    got = frames_per_format(config)
    seconds = {fmt: n / fps for fmt, (n, fps) in got.items()}
    gif_frame = 1 / got["gif"][1]
    assert got["webm"] == got["mp4"]
    assert abs(seconds["gif"] - seconds["mp4"]) <= gif_frame, (got, seconds)
    # each family's pacing keeps every example's video between 5 and 90 seconds
    assert 5.0 <= seconds["mp4"] <= 90.0, (config.stem, seconds)
