"""Drawing: easing and timing rules, the sliding-block scene's frames against tiny golden
images (with a tolerance), and what a frame shows part-way through a move.

Regenerate the golden images after an intended change of the look with
``python tests/test_render_scene.py --update`` and look at them before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from puzzlereel.registry import KINDS
from puzzlereel.render.core import resolve_options
from puzzlereel.render.options import RenderOptionError, RenderOptions, with_values
from puzzlereel.render.scene import Scene, Step, scene_for
from puzzlereel.render.scenes.sliding_block import SlidingBlockScene
from puzzlereel.render.theme import THEMES
from puzzlereel.render.timeline import EASINGS, frames, segmented
from puzzlereel.rules.sliding_block import SlidingBlockReplay
from puzzlereel.trace import Header, Replayed, read_trace, replay

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "golden"
TRACE = DATA / "hakoiri-5.jsonl"
CELL = 8
BIG = 32


def header_of(trace: Path) -> Header:
    with open(trace, "rb") as f:
        for _, event in read_trace(f, str(trace), allow_partial=True):
            assert isinstance(event, Header)
            return event
    raise AssertionError("no header")


def steps_of(trace: Path, options: RenderOptions, cell: int = CELL) -> tuple[Scene, list[Step]]:
    scene = scene_for(header_of(trace), options, THEMES[options.theme])
    scene.prepare(cell)
    out: list[Step] = []
    with open(trace, "rb") as f:
        for rep, item in replay(f, str(trace)):
            if item.line > 1:
                out.extend(scene.advance(item, rep))
    return scene, out


def frame(scene: Scene, step: Step, p: float, cell: int = CELL) -> np.ndarray:
    w, h = scene.prepare(cell)
    out = np.zeros((h, w, 3), np.uint8)
    scene.draw(out, step, p)
    return out


def golden_cases() -> dict[str, np.ndarray]:
    scene, steps = steps_of(TRACE, RenderOptions())
    start = Step(scene.initial(), scene.initial(), move=0, segments=0)
    dark, dsteps = steps_of(TRACE, RenderOptions(theme="dark"))
    return {
        "hakoiri-start": frame(scene, start, 1.0),
        "hakoiri-move1-half": frame(scene, steps[0], 0.5),
        "hakoiri-move5-end": frame(scene, steps[4], 1.0),
        "hakoiri-dark-move3-quarter": frame(dark, dsteps[2], 0.25),
    }


@pytest.mark.parametrize("name", ["hakoiri-start", "hakoiri-move1-half", "hakoiri-move5-end",
                                  "hakoiri-dark-move3-quarter"])
def test_golden_frames(name: str) -> None:
    got = golden_cases()[name]
    want = np.asarray(Image.open(GOLDEN / f"{name}.png").convert("RGB"))
    assert got.shape == want.shape
    diff = np.abs(got.astype(int) - want.astype(int))
    assert diff.mean() < 1.0, diff.mean()
    assert (diff.max(axis=2) > 48).mean() < 0.01     # at most 1% of pixels clearly off


def test_frame_is_pure_and_shows_the_path() -> None:
    scene, steps = steps_of(TRACE, RenderOptions())
    first = steps[0]      # I slides (0,4) -> (1,4) -> (2,4): two segments
    assert first.segments == 2 and first.move == 1
    a = frame(scene, first, 0.5, BIG)
    assert np.array_equal(a, frame(scene, first, 0.5, BIG))          # same inputs, same pixels
    assert isinstance(scene, SlidingBlockScene)
    fp, t = scene.frame_px, THEMES["light"]
    i_fill = t.pieces["1x1"]

    def centre(img: np.ndarray, x: int, y: int) -> tuple[int, ...]:
        return tuple(int(v) for v in img[fp + y * BIG + BIG // 2, fp + x * BIG + BIG // 2])

    assert centre(a, 1, 4) == i_fill            # halfway along the path: on (1,4)
    assert centre(a, 0, 4) == t.board           # its old cell is empty
    assert centre(a, 2, 4) == t.board           # not there yet
    end = frame(scene, first, 1.0, BIG)
    assert centre(end, 2, 4) == i_fill and centre(end, 1, 4) == t.board
    start = frame(scene, first, 0.0, BIG)
    assert centre(start, 0, 4) == i_fill


def test_state_trace_gives_the_same_steps_as_moves() -> None:
    _, moves = steps_of(TRACE, RenderOptions())
    _, states = steps_of(DATA / "hakoiri-5-states.jsonl", RenderOptions())
    assert [(s.before, s.after, s.data, s.move) for s in moves] == \
        [(s.before, s.after, s.data, s.move) for s in states]


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


def test_options_reject_bad_values() -> None:
    with pytest.raises(RenderOptionError, match="fps"):
        RenderOptions(fps=0)
    with pytest.raises(RenderOptionError, match="'neon'"):
        with_values(RenderOptions(), {"theme": "neon"})
    with pytest.raises(RenderOptionError, match="unknown render option"):
        with_values(RenderOptions(), {"sped": 1})
    with pytest.raises(RenderOptionError, match="#12"):
        with_values(RenderOptions(), {"colors": {"A": "#12"}})
    assert with_values(RenderOptions(), {"size": "320x240"}).size == (320, 240)


def test_header_hints_apply_unless_set_explicitly() -> None:
    header = Header(puzzle="sliding-block", render={"theme": "dark", "fps": "fast",
                                                    "speed": 0.5, "formats": ["gif"]})
    opts = resolve_options(header, RenderOptions(), explicit={"speed"})
    assert opts.theme == "dark"          # a usable hint
    assert opts.fps == 30                # an unusable hint is ignored
    assert opts.speed == 0.25            # set explicitly: the hint loses
    assert opts.formats == ("mp4", "gif")   # formats is not a hint for rendering


def test_registry_points_at_scenes() -> None:
    assert KINDS["sliding-block"].scene.endswith(":SlidingBlockScene")
    header = header_of(TRACE)
    scene = scene_for(header, RenderOptions(), THEMES["light"])
    assert isinstance(scene, Scene)
    assert isinstance(SlidingBlockReplay(header).position.pieces, dict)
    assert Replayed  # the type scenes receive


if __name__ == "__main__" and "--update" in sys.argv:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for key, img in golden_cases().items():
        Image.fromarray(img).save(GOLDEN / f"{key}.png")
        print("wrote", GOLDEN / f"{key}.png", img.shape)
