"""The N-Queens scene: golden frames, the tints following the queens, the montage of
solutions growing in every format and sharing its seconds, a whole MP4's frame count,
the end caption."""

from __future__ import annotations

import io
from pathlib import Path

import av
import numpy as np
import pytest

from puzzlereel.render.api import render_trace as render
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.timeline import frame_counts
from tests.fixtures import GoldenImages
from tests.render.generate_and_test import Q4, THEME, TOLERANCE, colour_near, scene_film


def test_queens_frames(golden: GoldenImages) -> None:
    from puzzlereel.render.scenes import n_queens
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 16
    d = scene_film(Q4, cell)
    plan = d.plan
    assert plan is not None
    # place x4, solution 1, remove, solution 2: the search counts steps, then solutions
    assert [(b.move, b.word) for b in plan.beats] == [
        (1, "Step"), (2, "Step"), (3, "Step"), (4, "Step"), (1, "Solution"), (5, "Step"),
        (2, "Solution")]
    assert [b.units for b in plan.beats] == [n_queens.SEARCH_UNITS] * 4 + [
        n_queens.SOLUTION_UNITS, n_queens.SEARCH_UNITS, n_queens.SOLUTION_UNITS]
    assert [b.note for b in plan.beats] == [
        "place row 1, column 2", "place row 2, column 4", "place row 3, column 1",
        "place row 4, column 3", "2 4 1 3", "remove row 4, column 3", "3 1 4 2"]
    side = d.scene.width                  # the board's pixels (the drawing rounds up)

    def board(t: float) -> np.ndarray:
        return film_frame(d.film, t)[:side, :side]

    half = board(beat_time(plan, 1, 0.5))       # the second queen fading in
    full = board(beat_time(plan, 3, 1.0))       # four queens on the board
    first = board(beat_time(plan, 4, 0.5))      # the first solution on the board
    sol = board(beat_time(plan, 6, 1.0))        # the montage of both solutions
    golden.check("n-queens-place-half", half, TOLERANCE)
    golden.check("n-queens-full", full, TOLERANCE)
    golden.check("n-queens-solution2", sol, TOLERANCE)
    # the solutions' queens are drawn in the goal colour, the search's are not
    assert colour_near(sol, THEME.goal) > 20 and colour_near(full, THEME.goal) < 5
    # each queen's square holds dark crown pixels in the search frame, and goal-coloured
    # ones when the first solution fills the board
    fp = max(2, round(0.32 * cell))
    for r, c in enumerate((1, 3, 0, 2)):
        sq = full[fp + r * cell:fp + (r + 1) * cell, fp + c * cell:fp + (c + 1) * cell]
        assert colour_near(sq, THEME.text, 30) > 10, (r, c)
        sq = first[fp + r * cell:fp + (r + 1) * cell, fp + c * cell:fp + (c + 1) * cell]
        assert colour_near(sq, THEME.goal, 30) > 4, (r, c)
    assert colour_near(first, THEME.goal, 30) == sum(
        colour_near(first[fp + r * cell:fp + (r + 1) * cell, fp + c * cell:fp + (c + 1) * cell],
                    THEME.goal, 30) for r, c in enumerate((1, 3, 0, 2)))


def test_queens_tints_follow_the_queens() -> None:
    """A placed queen fades in and the squares it attacks are tinted once it stands; a
    removed one fades out in the leaving colour, its tints gone at once; the first
    solution shows without tints; a step after it brings the search's board back."""
    from tests.render.films import beat_time

    d = scene_film(Q4, 16)
    plan, scene = d.plan, d.scene
    assert plan is not None
    queen, tints = scene.queens, scene.tints
    # the first queen (row 1, column 2) attacks (2, 1) on the diagonal
    assert queen[(0, 1)].state(beat_time(plan, 0, 0.5)).opacity == pytest.approx(0.5)
    assert tints[(1, 0)].state(beat_time(plan, 0, 0.5)).opacity == 0.0
    assert tints[(1, 0)].state(beat_time(plan, 0, 1.0)).opacity == 1.0
    # the first solution: queens in the goal look, no tints
    t = beat_time(plan, 4, 0.5)
    assert {sq for sq, el in queen.items() if el.state(t).opacity > 0} == \
        {(0, 1), (1, 3), (2, 0), (3, 2)}
    assert all(el.state(t).shape == 2 for sq, el in queen.items() if sq != (3, 3))
    assert all(el.state(t).opacity == 0.0 for el in tints.values())
    # the remove (row 4, column 3): back to the search's queens and tints, the queen
    # leaving in the target colour
    t = beat_time(plan, 5, 0.5)
    assert queen[(3, 2)].state(t).shape == 1 and 0 < queen[(3, 2)].state(t).opacity < 1
    assert queen[(0, 1)].state(t).shape == 0 and queen[(0, 1)].state(t).opacity == 1.0
    assert tints[(3, 1)].state(t).opacity == 1.0          # attacked by (row 1, column 2)
    assert scene.board.state(t).opacity == 1.0


def test_queens_montage_grows_as_solutions_arrive() -> None:
    """Every solution from the second on joins a grid of small boards that grows 2x2,
    3x3... (montage_grid, the one layout): each board is where the grid of the solutions
    shown so far puts it, at its size, in the film every format draws; the newest is
    outlined."""
    from puzzlereel.render.scenes.n_queens import montage_grid
    from tests.render.examples import STORED
    from tests.render.films import beat_time

    cell = 40
    d = scene_film((STORED / "n-queens-8.jsonl").read_text(), cell)
    plan, scene = d.plan, d.scene
    assert plan is not None
    beats = {b.move: k for k, b in enumerate(plan.beats) if b.word == "Solution"}
    assert len(beats) == 92 and len(scene.minis) == 92
    last = montage_grid(92, scene.width, scene.width, 8)
    seen_cols = set()
    for k in (2, 4, 5, 9, 10, 37, 50, 92):
        t = beat_time(plan, beats[k], 0.5)
        cols, gap, sq, size, x0, y0 = montage_grid(k, scene.width, scene.width, 8)
        seen_cols.add(cols)
        for i, mini in enumerate(scene.minis):
            s = mini.element.state(t)
            if i >= k:
                assert s.opacity == 0.0, (k, i)
                continue
            r, c = divmod(i, cols)
            assert s.opacity == 1.0
            assert (s.x, s.y) == d.stage.at(x0 + c * (size + gap), y0 + r * (size + gap))
            assert s.scale * last[2] == pytest.approx(sq)
        outline = scene.outline.state(t)
        r, c = divmod(k - 1, cols)
        assert (outline.x, outline.y) == d.stage.at(x0 + c * (size + gap), y0 + r * (size + gap))
        assert outline.shape == cols - 2
        assert scene.board.state(t).opacity == 0.0
    assert seen_cols == {2, 3, 4, 7, 8, 10}


def test_queens_svg_montage_grows() -> None:
    """The animated SVG writes the same growth: a board's keyframes take it to its place
    and size in each grid it lives through (the SVG once laid every board out on the
    last grid from the start)."""
    import re

    from puzzlereel.render.scenes.n_queens import montage_grid
    from puzzlereel.render.svg import svg_text
    from tests.render.examples import STORED

    d = scene_film((STORED / "n-queens-8.jsonl").read_text(), 20)
    scene = d.scene
    text = svg_text(d.film, d)
    last = montage_grid(92, scene.width, scene.width, 8)
    i = d.film.elements.index(scene.minis[0].element)
    moves = re.search(rf"@keyframes p{i}{{(.*?)}}}}", text)
    sizes = re.search(rf"@keyframes s{i}{{(.*?)}}}}", text)
    assert moves is not None and sizes is not None
    places = re.findall(r"translate\(([-\d.]+)px,([-\d.]+)px\)", moves.group(1))
    scales = re.findall(r"scale\(([\d.]+)\)", sizes.group(1))
    want_places, want_scales = [], []
    for cols in range(2, 11):
        _, _, sq, _, x0, y0 = montage_grid(cols * cols, scene.width, scene.width, 8)
        want_places.append(d.stage.at(x0, y0))
        want_scales.append(round(sq / last[2], 4))

    def runs(values: list) -> list:          # a value held over several keyframes, once
        return [v for k, v in enumerate(values) if k == 0 or values[k - 1] != v]

    assert runs([(float(x), float(y)) for x, y in places]) == runs(want_places)
    assert runs([float(v) for v in scales]) == runs(want_scales)


def test_queens_montage_frames_grow() -> None:
    """The frames show it: the first board's squares lie where the 2x2 grid puts them,
    then where the 3x3 grid does (a queen's square shows the goal colour at its
    middle, the others the chequer's colours)."""
    from puzzlereel.render.scenes.n_queens import montage_grid
    from tests.render.examples import STORED
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    d = scene_film((STORED / "n-queens-8.jsonl").read_text(), 30)
    plan, scene = d.plan, d.scene
    assert plan is not None
    beats = {b.move: k for k, b in enumerate(plan.beats) if b.word == "Solution"}
    sizes = []
    for k in (4, 5):
        img = film_frame(d.film, beat_time(plan, beats[k], 0.5))
        _, _, sq, _, x0, y0 = montage_grid(k, scene.width, scene.width, 8)
        sizes.append(sq)
        for r in range(8):
            for c in range(8):
                x, y = d.stage.at(x0 + c * sq + sq // 2, y0 + r * sq + round(sq * 0.6))
                pixel = tuple(int(v) for v in img[int(y), int(x)])
                if c == scene.first[r]:
                    assert colour_near(np.array([[pixel]]), THEME.goal, 60), (k, r, c, pixel)
                else:
                    assert pixel == (scene.dark if (r + c) % 2 else scene.light), (k, r, c)
    assert sizes[1] < sizes[0]


def test_queens_montage_shares_its_seconds() -> None:
    from puzzlereel.render.scenes import n_queens
    from tests.render.examples import STORED

    d = scene_film((STORED / "n-queens-8.jsonl").read_text(), 8)
    assert d.plan is not None
    units = {b.units for b in d.plan.beats if b.word == "Solution"}
    speed = d.options.speed
    assert len(units) == 1
    assert units.pop() == pytest.approx(n_queens.MONTAGE_SECONDS / (speed * 92))
    assert d.scene.end_text(d.plan.moves) == "92 solutions"
    assert d.ending().headline == "92 solutions"


def test_queens_hint_limits_solutions() -> None:
    text = Q4.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    d = scene_film(text, 8)
    assert d.plan is not None
    assert [b.move for b in d.plan.beats if b.word == "Solution"] == [1]
    assert d.scene.shown_count() == 1
    assert d.scene.outline is None            # one solution: no montage
    # the search goes on after the one solution shown: the video ends on its steps
    assert d.scene.end_text(d.plan.moves) == "5 steps"
    ended = Q4.split("\n")
    one = "\n".join(ended[:6] + ended[-2:])     # place x4, solution 1, end
    one = one.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    e = scene_film(one, 8)
    assert e.plan is not None and e.scene.end_text(e.plan.moves) == "1 solution shown"




def test_queens_mp4_frame_count(tmp_path: Path) -> None:
    from puzzlereel.render.scenes import n_queens
    from puzzlereel.render.timeline import CROSSFADE

    opts = RenderOptions(fps=10, size=(160, 120))
    out = tmp_path / "q.mp4"
    render(io.StringIO(Q4), "q4", [("mp4", out)], opts)
    with av.open(str(out)) as box:
        stream = box.streams.video[0]
        got = sum(1 for _ in box.decode(stream))
        size = (stream.codec_context.width, stream.codec_context.height)
    # the family's pacing (no pause), docs/rendering.md "Timing": title, crossfade, start
    # hold, place x4, solution 1, remove, solution 2 (the montage shares its seconds), the
    # end hold, crossfade and the end card; N-Queens has no payoff
    from puzzlereel.registry import KINDS

    pace = KINDS["n-queens"].pacing
    speed = pace["speed"]
    place = (n_queens.SEARCH_UNITS * speed, 1)
    shown = (min(n_queens.SOLUTION_UNITS * speed, n_queens.MONTAGE_SECONDS / 2), 1)
    phases = [(opts.title_seconds, 0), (CROSSFADE, 0), (pace["hold_start"], 0),
              place, place, place, place, shown, place, shown,
              (pace["hold_end"], 0), (CROSSFADE, 0), (opts.end_seconds, 0)]
    want = sum(frame_counts(phases, opts.fps))
    assert (got, size) == (want, (160, 120))


def test_end_captions_read_naturally() -> None:
    """Counting puzzles end with "92 solutions", not "Solved in 92 solutions"."""
    from puzzlereel.render.scenes.n_queens import NQueensScene
    from puzzlereel.words import plural

    assert [plural("move", 1), plural("move", 2), plural("guess", 5)] == \
        ["move", "moves", "guesses"]
    scene = NQueensScene.__new__(NQueensScene)
    scene.counter_word, scene.shown, scene.max_solutions = "Solution", 92, 200
    assert scene.end_text(92) == "92 solutions"
    scene.shown = 200
    assert scene.end_text(200) == "200 solutions shown"
