"""The sliding-tile scene: tiny golden frames (with a tolerance), colour schemes, the
moving tile's place part-way through a slide, the move list's words, the payoff's
wave in goal order, the goal's picture, frames drawn in part equal to frames drawn
whole, and frame counts of a short rendered trace."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.scene.lookup import scene_for
from puzzlereel.render.film.shapes import Group, Text, texts
from puzzlereel.render.film.theme import THEMES
from puzzlereel.render.film.timeline import MOVE, PAYOFF, frame_time
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.sliding_tile import SlidingTileScene, tile_groups
from puzzlereel.trace import Header, TraceError
from tests.fixtures import GoldenImages, Tolerance, header, jsonl
from tests.render.films import beat_time, directed, frame

START = [1, 2, 3, 4, 0, 5, 7, 8, 6]   # two moves from the goal: 5 then 6
GOAL = [1, 2, 3, 4, 5, 6, 7, 8, 0]
TOLERANCE = Tolerance(mean=1.5, off=40)


def trace(end: str = "solved", **render: str) -> str:
    head = header("sliding-tile", rows=3, cols=3, tiles=START, goal=GOAL, moves=2,
                  **({"render": render} if render else {}))
    return jsonl(head, {"type": "move", "n": 1, "tile": 5}, {"type": "move", "n": 2, "tile": 6},
                 {"type": "end", "status": end, "moves": 2})


def film_of(options: RenderOptions, **render: str) -> Director:
    return directed(trace(**render), options)


def start_and_mid(options: RenderOptions) -> tuple[np.ndarray, np.ndarray]:
    d = film_of(options)
    assert d.plan is not None
    return frame(d.film, 0.0), frame(d.film, beat_time(d.plan, 0, 0.5))


def test_golden_frames_start_and_mid_slide(golden: GoldenImages) -> None:
    still, mid = start_and_mid(RenderOptions(cell=12))
    golden.check("sliding-tile-start", still, TOLERANCE)
    golden.check("sliding-tile-mid", mid, TOLERANCE)
    # the tile is half-way: the frame differs from both ends
    assert (still != mid).any()


def test_golden_frame_with_numbers(golden: GoldenImages) -> None:
    """At 28-pixel cells the numbers are large enough to read (at 12 they are 6-pixel
    specks): half-way through the first slide."""
    d = film_of(RenderOptions(cell=28))
    assert d.plan is not None
    mid = frame(d.film, beat_time(d.plan, 0, 0.5))
    shown = {t.text for s in d.film.still(beat_time(d.plan, 0, 0.5)) for t in texts(s)}
    assert shown == {str(k) for k in range(1, 9)}
    golden.check("sliding-tile-numbers-mid", mid, TOLERANCE)


def test_a_frame_is_a_pure_function_of_time() -> None:
    a, b = start_and_mid(RenderOptions(cell=12)), start_and_mid(RenderOptions(cell=12))
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


def cell_colour(img: np.ndarray, scene: SlidingTileScene, pos: int,
                dx: float = 0.5) -> tuple[int, ...]:
    """The pixel a quarter cell in from the left of cell ``pos``, ``dx`` cells on."""
    r, c = divmod(pos, scene.cols)
    x = int(scene.fp + (c + dx) * scene.cell)
    y = int(scene.fp + (r + 0.25) * scene.cell)
    return tuple(int(v) for v in img[y, x])


def test_the_tile_slides_into_the_blank() -> None:
    d = film_of(RenderOptions(cell=40))
    scene = d.scene
    assert isinstance(scene, SlidingTileScene) and d.plan is not None
    five = scene.fills[5]
    board = THEMES["light"].board
    start = frame(d.film, beat_time(d.plan, 0, 0.0))
    assert cell_colour(start, scene, 5) == five and cell_colour(start, scene, 4) == board
    half = frame(d.film, beat_time(d.plan, 0, 0.5))
    # half a cell on: the tile covers the right half of the blank and the left of its cell
    assert cell_colour(half, scene, 4, 0.75) == five
    assert cell_colour(half, scene, 4, 0.25) == board
    assert cell_colour(half, scene, 5, 0.25) == five
    assert cell_colour(half, scene, 5, 0.75) == board
    end = frame(d.film, beat_time(d.plan, 0, 1.0))
    assert cell_colour(end, scene, 4) == five and cell_colour(end, scene, 5) == board


def test_the_move_list_says_which_tile_went_which_way() -> None:
    d = film_of(RenderOptions(cell=12))
    assert d.plan is not None
    assert [(b.move, b.note, b.units) for b in d.plan.beats] == [(1, "5 ←", 1), (2, "6 ↑", 1)]


def test_the_moving_tile_s_outline_follows_it_and_fades_in_and_out() -> None:
    d = film_of(RenderOptions(cell=40))
    assert d.plan is not None
    outline, tile = d.film.names["tile-outline"], d.film.names["tile6"]
    for p in (0.1, 0.5, 0.9):
        t = beat_time(d.plan, 1, p)
        assert outline.state(t)[1:3] == tile.state(t)[1:3]
    assert outline.state(beat_time(d.plan, 1, 0.5)).opacity == 1.0
    assert outline.state(beat_time(d.plan, 1, 0.1)).opacity == pytest.approx(0.5)
    assert outline.state(beat_time(d.plan, 1, 1.0)).opacity == 0.0
    plain = film_of(RenderOptions(cell=40, highlight=False))
    assert "tile-outline" not in plain.film.names


def test_colour_schemes() -> None:
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
    plain, _ = start_and_mid(RenderOptions(cell=12, scheme="plain"))
    fringe_img, _ = start_and_mid(RenderOptions(cell=12, scheme="fringe"))
    assert (plain != fringe_img).any()


def test_the_header_hints_a_scheme_and_the_option_wins() -> None:
    hinted = film_of(RenderOptions(cell=12), scheme="rows").scene
    assert isinstance(hinted, SlidingTileScene) and hinted.scheme == "rows"
    assert hinted.fills[1] != hinted.fills[4]          # rows 1 and 2 of the goal differ
    chosen = directed(trace(scheme="rows"), RenderOptions(cell=12, scheme="plain"),
                      explicit=frozenset({"cell", "scheme"})).scene
    assert isinstance(chosen, SlidingTileScene) and chosen.scheme == "plain"
    assert len(set(chosen.fills.values())) == 1


def test_unknown_scheme_is_a_trace_error() -> None:
    head = Header(puzzle="sliding-tile", fields={"rows": 3, "cols": 3, "tiles": START,
                                                 "goal": GOAL})
    with pytest.raises(TraceError) as info:
        scene_for(head, RenderOptions(scheme="rainbow"), THEMES["light"])
    assert info.value.field == "render.scheme"


def test_the_payoff_lights_the_tiles_one_after_another_in_goal_order() -> None:
    """Each tile gains a bright ring in the theme's glow colour, one after another in goal
    order, and keeps it: the solved tray ends lit.  Its own colours never change (no
    paler tiles, no grey numbers): the ring is drawn over the tile's edge only."""
    from puzzlereel.render.film.shapes import Rect

    d = film_of(RenderOptions(cell=12))
    plan = d.plan
    assert plan is not None and plan.payoff is not None
    k = next(i for i, p in enumerate(plan.phases) if p.kind == PAYOFF)
    t0, t1 = plan.spans[k]
    lights = [d.film.names[f"tile-light{n}"] for n in range(1, 9)]
    lit_at = []
    for light, n in zip(lights, range(1, 9)):      # each lights up over its own tile
        tile = d.film.names[f"tile{n}"]
        assert light.state(t1)[1:3] == tile.state(t1)[1:3]
        ring = light.variants[0]
        assert isinstance(ring, Rect) and ring.fill is None
        assert ring.stroke == THEMES["light"].glow
        times = np.linspace(t0, t1, 241)
        values = [light.state(t).opacity for t in times]
        assert values[0] == 0.0 and values[-1] == 1.0 == light.state(d.film.duration).opacity
        assert values == sorted(values)                     # it rises and stays
        lit_at.append(times[next(i for i, v in enumerate(values) if v >= 0.5)])
        assert tile.state(d.film.duration).opacity == 1.0
    assert lit_at == sorted(lit_at) and len(set(lit_at)) == len(lit_at)
    unsolved = directed(trace("limit"), RenderOptions(cell=12))
    assert unsolved.plan is not None and unsolved.plan.payoff is None
    assert "tile-light1" not in unsolved.film.names


def test_the_goal_picture_shows_the_tiles_in_goal_order() -> None:
    d = directed(trace(), RenderOptions(), layout="panel")
    picture = d.goal_picture()
    assert picture is not None
    placed: dict[int, tuple[float, float]] = {}
    for shape in picture.shapes:          # one group an element: (its picture, x, y)
        assert isinstance(shape, Group)
        inner = shape.children[0]
        texts = [c for c in getattr(inner, "children", ()) if isinstance(c, Text)]
        if texts:
            placed[int(texts[0].text)] = (shape.x, shape.y)
    assert sorted(placed) == list(range(1, 9))
    xs = sorted({x for x, _ in placed.values()})
    ys = sorted({y for _, y in placed.values()})
    assert len(xs) == len(ys) == 3
    where = {tile: ys.index(y) * 3 + xs.index(x) for tile, (x, y) in placed.items()}
    assert where == {tile: GOAL.index(tile) for tile in range(1, 9)}


def test_incremental_frames_equal_whole_frames_and_a_slide_changes_only_its_tile() -> None:
    """Frames drawn one after another (only where elements changed) have exactly the
    pixels of frames drawn alone, and while a tile slides only the box of its two
    cells changes."""
    d = film_of(RenderOptions(cell=40))
    plan, scene = d.plan, d.scene
    assert plan is not None and isinstance(scene, SlidingTileScene)
    running = Compositor(d.film)
    moves = {k for k, p in enumerate(plan.phases) if p.kind == MOVE}
    n = 0
    for k, count in enumerate(plan.counts):
        for i in range(count):
            t = frame_time(n + i, plan.fps)
            change = running.next(t)
            assert np.array_equal(running.buf, frame(d.film, t)), (k, i)
            if k in moves and i > 0:
                step = plan.phases[k].step
                cells = (5, 4) if step == 0 else (8, 5)
                boxes = [(scene.fp + (c % 3) * 40, scene.fp + (c // 3) * 40) for c in cells]
                xs = [b[0] for b in boxes]
                ys = [b[1] for b in boxes]
                assert not change.whole
                for rx, ry, rw, rh in change.rects:
                    assert min(xs) <= rx and rx + rw <= max(xs) + 40
                    assert min(ys) <= ry and ry + rh <= max(ys) + 40
        n += count


def test_rendered_gif_and_mp4_frame_counts(tmp_path) -> None:
    av = pytest.importorskip("av")
    from puzzlereel.render.api import render_trace as render

    opts = RenderOptions(fps=10, speed=0.2, pause=0.1, hold_start=0.5, hold_end=0.5,
                         title=False, cell=16)
    mp4 = tmp_path / "t.mp4"
    render(io.StringIO(trace()), "<t>", [("mp4", mp4), ("png", tmp_path / "t.png")], opts)
    with av.open(str(mp4)) as c:
        n = sum(1 for _ in c.decode(video=0))
    # the options given win over the family's pacing: start hold, 2 moves with a pause
    # between them, the payoff (tiles light up; shortened as speed is faster than the
    # family's), the end hold and the result (its usual time: a hold given is not sized
    # to the video)
    from puzzlereel.registry import FAMILIES
    from puzzlereel.render.direction.schedule import PAYOFF_SECONDS, RESULT_SECONDS
    from puzzlereel.render.film.timeline import frame_counts

    payoff = PAYOFF_SECONDS * min(1.0, opts.speed / FAMILIES["sliding-tile"].pacing["speed"])
    phases = [(opts.hold_start, 0), (opts.speed, 1), (opts.pause, 0), (opts.speed, 1),
              (payoff, 0), (opts.hold_end, 0), (RESULT_SECONDS, 0)]
    assert n == sum(frame_counts(phases, opts.fps)) == 5 + 2 + 1 + 2 + 8 + 5 + 20
    with Image.open(tmp_path / "t.png") as sheet:
        assert sheet.width > 50 and sheet.height > 50


def test_tiles_look_alike_unless_a_scheme_is_asked_for_whose_colours_the_goal_shows() -> None:
    """By default every tile is drawn alike (a colour would say what no frame says);
    a scheme asked for colours each tile by its part of the goal, and the goal's
    picture shows each tile in the colour it has on the board."""
    plain = directed(trace(), RenderOptions(), layout="panel")
    assert isinstance(plain.scene, SlidingTileScene) and plain.scene.scheme == "plain"
    assert len(set(plain.scene.fills.values())) == 1
    fringe = directed(trace(scheme="fringe"), RenderOptions(), layout="panel")
    scene = fringe.scene
    assert isinstance(scene, SlidingTileScene) and len(set(scene.fills.values())) > 1
    picture = fringe.goal_picture()
    assert picture is not None
    shown: dict[int, object] = {}
    for shape in picture.shapes:
        assert isinstance(shape, Group)
        inner = shape.children[0]
        numbers = [c for c in getattr(inner, "children", ()) if isinstance(c, Text)]
        if numbers:
            body = inner.children[0]       # type: ignore[union-attr]
            shown[int(numbers[0].text)] = body.fill
    assert shown == scene.fills
