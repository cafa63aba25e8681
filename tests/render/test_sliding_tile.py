"""The sliding-tile scene: tiny golden frames (with a tolerance), colour schemes, and
frame counts of a short rendered trace."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scene import Step, scene_for
from puzzlereel.render.scenes.sliding_tile import tile_groups
from puzzlereel.render.theme import THEMES
from puzzlereel.rules.sliding_tile import SlidingTileReplay
from puzzlereel.trace import Header, Replayed, TileMove, TraceError
from tests.fixtures import GoldenImages, Tolerance

START = (1, 2, 3, 4, 0, 5, 7, 8, 6)   # two moves from the goal: 5 then 6
TOLERANCE = Tolerance(mean=1.5, off=40)


def header(**render: object) -> Header:
    return Header(puzzle="sliding-tile", fields={"rows": 3, "cols": 3, "tiles": list(START),
                                                 "goal": [1, 2, 3, 4, 5, 6, 7, 8, 0],
                                                 "moves": 2},
                  render=dict(render))


def frames_of(opts: RenderOptions) -> tuple[np.ndarray, np.ndarray]:
    scene = scene_for(header(), opts, THEMES[opts.theme])
    w, h = scene.prepare(12)
    rep = SlidingTileReplay(header())
    move = TileMove(1, 5)
    rep.step(move)
    (step,) = scene.advance(Replayed(2, move, move), rep)
    still = np.zeros((h, w, 3), np.uint8)
    scene.draw(still, Step(scene.initial(), scene.initial(), segments=0), 1.0)
    mid = np.zeros((h, w, 3), np.uint8)
    scene.draw(mid, step, 0.5)
    return still, mid


def test_golden_frames_start_and_mid_slide(golden: GoldenImages):
    still, mid = frames_of(RenderOptions())
    golden.check("sliding-tile-start", still, TOLERANCE)
    golden.check("sliding-tile-mid", mid, TOLERANCE)
    # the tile is half-way: the frame differs from both ends
    assert (still != mid).any()


def test_draw_is_a_pure_function_of_step_and_p():
    a, b = frames_of(RenderOptions()), frames_of(RenderOptions())
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()


def test_colour_schemes():
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    assert set(tile_groups(3, 3, goal, "plain").values()) == {0}
    assert tile_groups(3, 3, goal, "rows") == {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2}
    assert tile_groups(3, 3, goal, "columns")[7] == 0 and tile_groups(3, 3, goal, "columns")[3] == 2
    fringe = tile_groups(4, 4, tuple(range(1, 16)) + (0,), "fringe")
    assert sorted(t for t, g in fringe.items() if g == 0) == [1, 2, 3, 4, 5, 9, 13]
    assert sorted(t for t, g in fringe.items() if g == 2) == [11, 12, 15]
    # blank first (Korf's goal): the fringes start from the far corner
    korf = tile_groups(4, 4, tuple(range(16)), "fringe")
    assert sorted(t for t, g in korf.items() if g == 0) == [3, 7, 11, 12, 13, 14, 15]
    plain, _ = frames_of(RenderOptions(scheme="plain"))
    fringe_img, _ = frames_of(RenderOptions(scheme="fringe"))
    assert (plain != fringe_img).any()


def test_unknown_scheme_is_a_trace_error():
    with pytest.raises(TraceError) as info:
        scene_for(header(), RenderOptions(scheme="rainbow"), THEMES["light"])
    assert info.value.field == "render.scheme"


def test_rendered_gif_and_mp4_frame_counts(tmp_path):
    av = pytest.importorskip("av")
    from puzzlereel.render.api import render_trace as render

    trace = "\n".join([
        '{"type":"header","format":"puzzlereel-trace","version":1,"puzzle":"sliding-tile",'
        '"rows":3,"cols":3,"tiles":[1,2,3,4,0,5,7,8,6],"goal":[1,2,3,4,5,6,7,8,0],"moves":2}',
        '{"type":"move","n":1,"tile":5}', '{"type":"move","n":2,"tile":6}',
        '{"type":"end","status":"solved","moves":2}']) + "\n"
    opts = RenderOptions(fps=10, speed=0.2, pause=0.1, hold_start=0.5, hold_end=0.5,
                         title=False, cell=16)
    mp4 = tmp_path / "t.mp4"
    render(io.StringIO(trace), "<t>", [("mp4", mp4), ("png", tmp_path / "t.png")], opts)
    with av.open(str(mp4)) as c:
        n = sum(1 for _ in c.decode(video=0))
    # the options given win over the family's pacing: start hold, 2 moves with a pause
    # between them, the payoff (tiles light up; shortened as speed is faster than the
    # family's), the end hold, a crossfade and the end card
    from puzzlereel.render.scene import PAYOFF_SECONDS
    from puzzlereel.render.scenes.sliding_tile import SlidingTileScene
    from puzzlereel.render.timeline import CROSSFADE, frame_counts

    payoff = PAYOFF_SECONDS * min(1.0, opts.speed / SlidingTileScene.PACING["speed"])
    phases = [(opts.hold_start, 0), (opts.speed, 1), (opts.pause, 0), (opts.speed, 1),
              (payoff, 0), (opts.hold_end, 0), (CROSSFADE, 0), (opts.end_seconds, 0)]
    assert n == sum(frame_counts(phases, opts.fps)) == 5 + 2 + 1 + 2 + 8 + 5 + 3 + 30
    with Image.open(tmp_path / "t.png") as sheet:
        assert sheet.width > 50 and sheet.height > 50


def test_a_slide_redrawn_frame_to_frame_is_drawn_whole():
    """``redraw`` (the frame before, painted over inside the rectangle it returns) gives
    exactly the pixels of ``draw``, and the frames differ nowhere outside it; the
    payoff's wave over every tile says it cannot be redrawn in part."""
    scene = scene_for(header(), RenderOptions(), THEMES["light"])
    w, h = scene.prepare(40)
    rep = SlidingTileReplay(header())
    steps = []
    for n, tile in enumerate((5, 6), start=1):
        move = TileMove(n, tile)
        rep.step(move)
        steps.extend(scene.advance(Replayed(n + 1, move, move), rep))

    def draw(step: Step, p: float) -> np.ndarray:
        out = np.zeros((h, w, 3), np.uint8)
        scene.draw(out, step, p)
        return out

    ps = [0.0, 0.05, 0.18, 0.5, 0.85, 1.0]
    for step in steps:
        out = draw(step, ps[0])
        for p0, p1 in zip(ps, ps[1:]):
            before = out.copy()
            rect = scene.redraw(out, step, p0, p1)
            assert rect is not None
            assert np.array_equal(out, draw(step, p1)), (step.data, p0, p1)
            x, y, rw, rh = rect
            outside = np.ones((h, w), bool)
            outside[y:y + rh, x:x + rw] = False
            assert np.array_equal(before[outside], out[outside])
    wave = scene.payoff(steps[-1].after)
    assert wave is not None
    assert scene.redraw(draw(wave, 0.2), wave, 0.2, 0.4) is None
