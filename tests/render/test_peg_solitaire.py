"""The peg-solitaire scene: tiny golden frames (start, mid-jump, end of a chain), the jump
along an arc as one motion (in the frames and in the SVG), the jumped peg fading, the
count under the board, the chain's rings, the coordinates of square boards, the goal's
picture, the payoff, and a short trace rendered to GIF/MP4 with the frame count the
timing rules give."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.scene.lookup import scene_for
from puzzlereel.render.film.shapes import Circle, Group, Text
from puzzlereel.render.film.theme import THEMES
from puzzlereel.render.film.timeline import HOLD, PAYOFF
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.peg_solitaire import (
    ARC_STOPS,
    LIFT,
    PEG,
    PegSolitaireScene,
    hole_name,
)
from puzzlereel.trace import Header
from tests.fixtures import GoldenImages, Tolerance, cli, header, jsonl
from tests.render.films import beat_time, directed, frame

# a 3-row triangle: the peg at [0, 2] jumps over [0, 1] to [0, 0], then over [1, 1] to [2, 2]
HEADER = header("peg-solitaire", title="tiny triangle",
                holes=[[0, 0], [0, 1], [1, 1], [0, 2], [1, 2], [2, 2]],
                pegs=[[0, 1], [1, 1], [0, 2], [1, 2]],
                jumps=[[2, 0], [-2, 0], [0, 2], [0, -2], [2, 2], [-2, -2]],
                geometry="triangle", goal={"pegs": [[2, 2]]}, moves=2,
                solver={"metric": "moves"})
MOVES = [{"type": "move", "n": 1, "from": [0, 2], "path": [[0, 0], [2, 2]]},
         {"type": "move", "n": 2, "from": [2, 2], "path": [[0, 2]]}]
TOLERANCE = Tolerance(mean=1.5, off=60, by_value=True)
QUARTER = 0.25 + 1e-9     # just past the first jump's half-way point: the count has dropped


def trace_text(end: str = "limit") -> str:
    """The two moves, ending ``end``; a solved trace's goal is where they end, [0, 2]."""
    head = HEADER if end != "solved" else {**HEADER, "goal": {"pegs": [[0, 2]]}}
    return jsonl(head, *MOVES, {"type": "end", "status": end, "moves": 2})


def film_of(end: str = "limit", cell: int = 14, **values: object) -> Director:
    return directed(trace_text(end), RenderOptions(cell=cell, **values))  # type: ignore[arg-type]


def frames_of_first_move(cell: int = 14) -> dict[str, np.ndarray]:
    d = film_of(cell=cell)
    assert d.plan is not None
    first = d.plan.beats[0]
    assert first.units == 4 and first.move == 1        # two jumps of two units each
    return {"start": frame(d.film, 0.0), "mid": frame(d.film, beat_time(d.plan, 0, QUARTER)),
            "end": frame(d.film, beat_time(d.plan, 0, 1.0))}


def test_golden_frames(golden: GoldenImages) -> None:
    frames = frames_of_first_move()
    for name, img in frames.items():
        golden.check(f"peg-solitaire-{name}", img, TOLERANCE)
    # the frames differ from each other where pegs moved (the test can fail)
    assert np.abs(frames["start"].astype(int) - frames["end"].astype(int)).max() > 100
    assert np.abs(frames["mid"].astype(int) - frames["end"].astype(int)).max() > 100


def test_a_frame_is_a_pure_function_of_time() -> None:
    a = frames_of_first_move()
    b = frames_of_first_move()
    for k in a:
        assert np.array_equal(a[k], b[k])


def centre_px(d: Director, hole: tuple[int, int]) -> tuple[float, float]:
    scene = d.scene
    assert isinstance(scene, PegSolitaireScene)
    x, y = scene.centre(hole)
    return (d.stage.x + x * scene.cell, d.stage.y + y * scene.cell)


def jumper_centre(d: Director, t: float) -> tuple[float, float]:
    scene = d.scene
    assert isinstance(scene, PegSolitaireScene)
    s = d.film.names["peg-jumping"].state(t)
    return (s.x + scene.peg_d / 2, s.y + scene.peg_d / 2)


def test_a_chain_of_jumps_is_one_motion_along_arcs() -> None:
    """The jumping peg leaves its hole as the move starts, passes over the first jump's
    middle LIFT cells above it at a quarter of the move (two jumps share it), lands in
    the chain's middle hole half-way, and is back at rest in the last hole at the end."""
    cell = 40
    d = film_of(cell=cell)
    plan = d.plan
    assert plan is not None
    start, middle, last = (0, 2), (0, 0), (2, 2)
    a, b, c = centre_px(d, start), centre_px(d, middle), centre_px(d, last)
    top = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - LIFT * cell)
    for p, want in ((0.25, top), (0.5, b)):
        got = jumper_centre(d, beat_time(plan, 0, p))
        assert math.dist(got, want) <= 1.0, (p, got, want)
    # along a jump the peg rises and falls: above the straight line, by a sine
    for p in (0.1, 0.4, 0.6, 0.9):
        f = (p * 2) % 1.0
        ax, ay = (a, b)[int(p * 2)]
        bx, by = (b, c)[int(p * 2)]
        x, y = jumper_centre(d, beat_time(plan, 0, p))
        assert x == pytest.approx(ax + (bx - ax) * f, abs=0.5)
        assert y == pytest.approx(ay + (by - ay) * f - LIFT * cell * math.sin(math.pi * f),
                                  abs=0.5)
    pegs = {hole: d.film.names[f"peg-{hole_name(hole)}"] for hole in (start, middle, last)}
    during = beat_time(plan, 0, 0.5)
    assert d.film.names["peg-jumping"].state(during).opacity == 1.0
    assert pegs[start].state(during).opacity == 0.0          # the peg left its hole
    assert pegs[middle].state(during).opacity == 0.0         # passing through, not resting
    end = beat_time(plan, 0, 1.0)
    assert d.film.names["peg-jumping"].state(end).opacity == 0.0
    assert pegs[last].state(end).opacity == 1.0
    img = frame(d.film, end)
    cx, cy = (round(v) for v in c)
    assert tuple(int(v) for v in img[cy, cx]) == THEMES["light"].pieces["primary"]


def test_the_jumped_peg_fades_during_its_jump_and_the_count_drops_half_way() -> None:
    d = film_of()
    plan = d.plan
    assert plan is not None
    first, second = d.film.names["peg-a2"], d.film.names["peg-b2"]     # (0, 1), (1, 1)
    assert first.state(beat_time(plan, 0, 0.0)).opacity == 1.0
    assert first.state(beat_time(plan, 0, 0.2)).opacity == pytest.approx(0.5)
    assert first.state(beat_time(plan, 0, 0.4)).opacity == pytest.approx(0.0, abs=1e-9)
    assert second.state(beat_time(plan, 0, 0.4)).opacity == 1.0        # not jumped yet
    assert second.state(beat_time(plan, 0, 0.7)).opacity == pytest.approx(0.5)
    assert second.state(beat_time(plan, 0, 0.9)).opacity == pytest.approx(0.0, abs=1e-9)
    footer = d.film.names["pegs-left"]
    shown = [footer.state(beat_time(plan, 0, p)).shape for p in (0.0, 0.2, 0.3, 0.7, 0.8, 1.0)]
    assert shown == [4, 4, 3, 3, 2, 2]          # the variant shown is the count
    assert footer.state(beat_time(plan, 1, 0.4)).shape == 2
    assert footer.state(beat_time(plan, 1, 0.6)).shape == 1


def test_the_count_line_reads_the_same_in_the_svg() -> None:
    """The SVG shows the count's variants in the same windows of time as the frames
    (a variant shows from the progress its stop names, not before)."""
    from puzzlereel.render.backends.svg import windows

    d = film_of()
    plan = d.plan
    assert plan is not None
    footer = d.film.names["pegs-left"]
    for k in (4, 3, 2, 1):
        for a, b in windows(footer, k):
            mid = (a + b) / 2 if b != float("inf") else a + 0.01
            assert footer.state(mid).shape == k, (k, a, b)
    assert windows(footer, 3)[0][0] == pytest.approx(beat_time(plan, 0, 0.25), abs=1e-6)


def test_the_chain_s_holes_are_ringed_from_its_move_until_the_next_and_the_payoff() -> None:
    d = film_of("solved")
    plan = d.plan
    assert plan is not None
    names = d.film.names
    a1, c3, a3 = names["ring-a1"], names["ring-c3"], names["ring-a3"]   # move 1, move 2

    def lit(t: float) -> list[bool]:
        return [r.state(t).opacity > 0 for r in (a1, c3, a3)]

    assert lit(0.0) == [False, False, False]                 # none at the start
    assert lit(beat_time(plan, 0, 0.1)) == [True, True, False]
    assert lit(beat_time(plan, 1, 0.0)) == [True, True, False]     # through the pause
    assert lit(beat_time(plan, 1, 0.1)) == [False, False, True]
    assert lit(beat_time(plan, 1, 0.99)) == [False, False, True]
    assert lit(beat_time(plan, 1, 1.0)) == [False, False, False]   # the last move's go as it ends
    k = next(i for i, p in enumerate(plan.phases) if p.kind == PAYOFF)
    assert lit(plan.spans[k][0] + 0.01) == [False, False, False]   # none in the payoff
    unsolved = film_of("limit")
    assert unsolved.plan is not None
    hold = next(i for i, p in enumerate(unsolved.plan.phases) if p.kind == HOLD)
    assert all(e.state(unsolved.plan.spans[hold][0] + 0.01).opacity == 0
               for name, e in unsolved.film.names.items() if name.startswith("ring-"))
    assert a1.variants[0] is c3.variants[0]                  # one ring, drawn once
    plain = film_of(highlight=False)
    assert not [n for n in plain.film.names if n.startswith("ring-")]
    assert "peg-outline" not in plain.film.names


def test_the_payoff_pulses_the_last_pegs() -> None:
    d = film_of("solved")
    plan = d.plan
    assert plan is not None and plan.payoff is not None
    k = next(i for i, p in enumerate(plan.phases) if p.kind == PAYOFF)
    t0, t1 = plan.spans[k]
    pulse = d.film.names["pulse"]
    values = [pulse.state(t).opacity for t in np.linspace(t0, t1, 61)]
    assert values[0] == 0.0 and values[-1] == 0.0
    assert max(values) == pytest.approx(1.0, abs=0.01)
    peak = int(np.argmax(values))
    assert 20 <= peak <= 40                                  # in the middle (eased)
    assert isinstance(pulse.variants[0], Group) and len(pulse.variants[0].children) == 1
    assert "pulse" not in film_of("limit").film.names       # only a solved trace


def test_goal_holes_are_ringed_on_the_board() -> None:
    """The goal ring lies outside a peg standing in the goal hole: the ring and the peg
    both show (the last peg never hides its ring)."""
    from puzzlereel.render.scenes.peg_solitaire import GOAL_RING

    d = film_of(cell=40)
    img = frame(d.film, 0.0)
    cx, cy = centre_px(d, (2, 2))
    r = round(GOAL_RING * 40) / 2 - 1           # just inside the ring's outer edge
    assert tuple(int(v) for v in img[round(cy), round(cx + r)]) == THEMES["light"].target
    ring_inner = (round(GOAL_RING * 40) - 2 * max(1, round(40 * 0.07))) / 2
    assert ring_inner > PEG * 40 / 2 + 1           # clear of the peg's edge


def test_the_goal_picture_shows_the_goal_pegs_without_the_count() -> None:
    d = directed(trace_text("solved"), RenderOptions(), layout="panel")
    picture = d.goal_picture()
    assert picture is not None
    mini = scene_for(d.header, d.options, d.theme)
    assert isinstance(mini, PegSolitaireScene)
    cell = next(c for c in range(2, 200) if math.ceil(mini.w_cells * c) == picture.width)
    assert picture.height == math.ceil(mini.h_cells * cell)     # the count's strip cut
    inner = [s.children[0] for s in picture.shapes if isinstance(s, Group)]
    assert not [t for t in inner if isinstance(t, Text) and "Pegs left" in t.text]
    pegs = [s for s in picture.shapes if isinstance(s, Group)
            and isinstance(s.children[0], Circle) and s.children[0].fill == mini.peg_fill]
    assert len(pegs) == 1                        # one peg, in the goal hole [0, 2]
    x, y = mini.centre((0, 2))
    d_px = max(3, round(PEG * cell))
    assert abs(pegs[0].x + d_px / 2 - x * cell) <= 1 and abs(pegs[0].y + d_px / 2 - y * cell) <= 1
    no_goal = {k: v for k, v in HEADER.items() if k != "goal"}
    bare = directed(jsonl(no_goal, *MOVES, {"type": "end", "status": "limit"}),
                    RenderOptions(), layout="panel")
    assert bare.goal_picture() is None


def test_the_svg_follows_the_arc_in_keyframes() -> None:
    """The jumping peg's place is a keyframe at each of ARC_STOPS stops a jump (one
    animation for the whole chain), so the SVG's path bends with the arc."""
    from puzzlereel.render.backends.svg import svg_text

    d = film_of()
    text = svg_text(d.film, d)
    index = d.film.elements.index(d.film.names["peg-jumping"])
    rule = re.search(rf"@keyframes p{index}\{{(.*?)\}}\}}", text)
    assert rule is not None
    keys = re.findall(r"translate\(([-\d.]+)px,([-\d.]+)px\)", rule.group(1))
    # three jumps in two moves: ARC_STOPS per jump, the start of each move, held places
    assert len(keys) >= 3 * ARC_STOPS
    ys = [float(y) for _, y in keys]
    assert keys[0] == ("0", "0")                    # where it waits, hidden, before move 1
    leaves = next(float(y) for x, y in keys if (x, y) != ("0", "0"))
    assert min(ys) < leaves - LIFT * 14 * 0.9       # it rises well above the hole it leaves


SQUARE = {"jumps": [[2, 0], [-2, 0], [0, 2], [0, -2]], "geometry": "square"}
LOOPS: dict[str, tuple[dict[str, Any], dict[str, Any], tuple[int, int]]] = {
    # lands in (2, 2) twice: (2, 0) -> (2, 2) -> (0, 2) -> (0, 4) -> (2, 4) -> (2, 2)
    "through a hole twice": (
        header("peg-solitaire", holes=[[x, y] for y in range(5) for x in range(3)],
               pegs=[[2, 0], [2, 1], [1, 2], [0, 3], [1, 4], [2, 3]],
               goal={"pegs": [[2, 2]]}, **SQUARE),
        {"type": "move", "n": 1, "from": [2, 0],
         "path": [[2, 2], [0, 2], [0, 4], [2, 4], [2, 2]]}, (2, 2)),
    # back where it started: (0, 0) -> (2, 0) -> (2, 2) -> (0, 2) -> (0, 0)
    "back to its start": (
        header("peg-solitaire", holes=[[x, y] for y in range(3) for x in range(3)],
               pegs=[[0, 0], [1, 0], [2, 1], [1, 2], [0, 1]],
               goal={"pegs": [[0, 0]]}, **SQUARE),
        {"type": "move", "n": 1, "from": [0, 0], "path": [[2, 0], [2, 2], [0, 2], [0, 0]]},
        (0, 0)),
}


@pytest.mark.parametrize("name", list(LOOPS))
def test_a_chain_that_loops(name: str) -> None:
    """A chain may land in a hole twice or end where it began: every peg jumped goes,
    the peg ends at rest in its last hole, each hole it lands in is ringed once."""
    head, move, last = LOOPS[name]
    d = directed(jsonl(head, move, {"type": "end", "status": "solved", "moves": 1}),
                 RenderOptions(cell=20))
    plan = d.plan
    assert plan is not None
    end = beat_time(plan, 0, 1.0)
    shown = {name for name, e in d.film.names.items()
             if name.startswith("peg-") and name != "peg-jumping" and e.state(end).opacity > 0}
    assert shown == {f"peg-{hole_name(last)}"}
    assert d.film.names["pegs-left"].state(end).shape == 1
    lands = {tuple(c) for c in move["path"]}
    rings = {n for n in d.film.names if n.startswith("ring-")}
    assert rings == {f"ring-{hole_name((c[0], c[1]))}" for c in lands}
    assert math.dist(jumper_centre(d, beat_time(plan, 0, 0.999999)), centre_px(d, last)) < 1


@pytest.mark.parametrize("suffix", [".gif", ".mp4", ".png", ".svg"])
def test_render_short_trace(tmp_path: Path, suffix: str) -> None:
    trace = tmp_path / "t.jsonl"
    held = {"hold_start": 1.5, "hold_end": 1.5, "end_seconds": 2.0}     # (hints)
    trace.write_text(jsonl({**HEADER, "render": held}, *MOVES,
                           {"type": "end", "status": "limit", "moves": 2}))
    out = tmp_path / f"t{suffix}"
    result = cli("render", trace, "-o", out, "--fps", "10", "--no-title", "--size", "160x120")
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 0
    if suffix == ".mp4":
        import av

        with av.open(str(out)) as c:
            n = sum(1 for _ in c.decode(video=0))
        # the family's pacing (docs/rendering.md "Timing") and the trace's holds: start
        # hold, move 1 (2 jumps of 2 cells), pause, move 2 (1 jump), end hold, the
        # result (the trace ends on "limit": no payoff), at 10 fps
        from puzzlereel.registry import FAMILIES
        from puzzlereel.render.film.timeline import frame_counts

        pace = FAMILIES["peg-solitaire"].pacing
        phases = [(held["hold_start"], 0), (4 * pace["speed"], 1), (pace["pause"], 0),
                  (2 * pace["speed"], 1), (held["hold_end"], 0), (held["end_seconds"], 0)]
        assert n == sum(frame_counts(phases, 10))


def test_a_square_board_shows_the_coordinates_the_move_list_uses() -> None:
    """Column letters above the columns and row numbers left of the rows, as the
    notation writes holes ("c1 → c3"); none when the text would be too small to
    read."""
    fields = {"holes": [[x, y] for y in range(3) for x in range(1, 4)],
              "pegs": [[1, 0], [2, 0]], "jumps": [[2, 0], [-2, 0], [0, 2], [0, -2]],
              "geometry": "square"}
    square = scene_for(Header(puzzle="peg-solitaire", title="square", fields=fields),
                       RenderOptions(), THEMES["light"])
    assert isinstance(square, PegSolitaireScene)
    px, labels = square.coordinates(40)
    assert px >= 9
    assert [text for text, _, _ in labels] == ["b", "c", "d", "1", "2", "3"]
    letters = {text: x for text, x, _ in labels[:3]}
    assert letters["c"] == square.centre((2, 0))[0]           # over its column
    rows = {text: y for text, _, y in labels[3:]}
    assert rows["3"] == square.centre((1, 2))[1]               # beside its row
    assert square.notation(((1, 0), (3, 0))) == "b1 → d1"
    assert square.coordinates(12)[1] == []                     # a contact sheet's cell
    drawn = directed(jsonl(header("peg-solitaire", title="square", **fields),
                           {"type": "end", "status": "limit"}), RenderOptions(cell=40))
    board = drawn.film.names["board"].variants[0]
    assert isinstance(board, Group)
    assert [t.text for t in board.children if isinstance(t, Text)] == ["b", "c", "d",
                                                                       "1", "2", "3"]
    d = film_of()
    assert d.plan is not None
    assert [b.note for b in d.plan.beats] == ["a3 → a1 → c3", "c3 → a3"]


def test_a_triangle_shows_the_coordinates_its_move_list_uses() -> None:
    """On the triangle hole "c3" is the third hole of the third row: its row's number
    stands left of that row, and its column's letter on the line of holes "c1", "c2"...
    (parallel to the left side), beyond the line's top end, so that every hole the move
    list names is where its letter's line meets its number's row."""
    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace

    cell = 60
    d = directed(example_trace(CONFIGS / "triangle.toml"), RenderOptions(cell=cell))
    scene = d.scene
    assert isinstance(scene, PegSolitaireScene) and d.plan is not None
    board = d.film.names["board"].variants[0]
    assert isinstance(board, Group)
    drawn = {t.text: (t.x / cell, t.y / cell) for t in board.children if isinstance(t, Text)}
    assert set(drawn) == {"1", "2", "3", "4", "5", "a", "b", "c", "d", "e"}
    named = {hole for b in d.plan.beats for hole in (b.note or "").split(" → ")}
    assert len(named) > 5
    for hole in named:
        col, row = ord(hole[0]) - ord("a"), int(hole[1:]) - 1
        (lx, ly), (rx, ry) = drawn[hole[0]], drawn[str(row + 1)]
        line = [scene.centre((col, y)) for y in range(col, 5)]        # its column's holes
        (ax, ay), (bx, by) = line[0], line[-1]
        for px, py in ((lx, ly), *line):                             # one straight line
            assert abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) < 0.05, hole
        assert ly < ay                                              # beyond its top end
        hx, hy = scene.centre((col, row))
        assert ry == pytest.approx(hy, abs=0.02) and rx < scene.centre((0, row))[0]


@pytest.mark.parametrize("name", ["triangle", "english"])
def test_the_coordinates_are_drawn_legibly_in_every_layout(name: str) -> None:
    """In 9:16, 4:5 and a GIF as in landscape the board carries its coordinates, at no
    less than the frame's legible size."""
    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace

    trace = example_trace(CONFIGS / f"{name}.toml")
    for target, layout in (("shorts", "video"), ("instagram", "video"), ("square", "video"),
                           (None, "compact")):
        options = RenderOptions(target=target) if target else RenderOptions(fps=15)
        d = directed(trace, options, layout=layout, whole=True,
                     explicit=frozenset({"target"} if target else {"fps"}))
        board = d.film.names["board"].variants[0]
        assert isinstance(board, Group)
        labels = [t for t in board.children if isinstance(t, Text)]
        assert {t.text for t in labels} >= {"a", "b", "c", "1", "2", "3"}, target
        assert min(t.size for t in labels) >= d.layout.legible, target
