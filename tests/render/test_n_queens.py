"""The N-Queens scene: golden frames, the tints following the queens, the search as a
time-lapse, the montage of a few boards and the count of the rest, the ending on the
set of the solutions, one notation a list, a whole MP4's frame count, the end caption
(tests/render/test_n_queens_ending.py: the set, the list and the montage in every frame
shape)."""

from __future__ import annotations

import io
from pathlib import Path

import av
import numpy as np
import pytest

from puzzlereel.render.api import render_trace as render
from puzzlereel.render.film.timeline import MOVE, frame_counts
from puzzlereel.render.options import RenderOptions
from tests.fixtures import END_SOLVED as END
from tests.fixtures import GoldenImages
from tests.fixtures import header as head
from tests.fixtures import jsonl as trace
from tests.render.films import beat_time, directed
from tests.render.generate_and_test import Q4, THEME, TOLERANCE, colour_near, scene_film


def test_queens_frames(golden: GoldenImages) -> None:
    from puzzlereel.render.scenes import n_queens
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 16
    d = scene_film(Q4, cell)
    plan = d.plan
    assert plan is not None
    # place x4, solution 1, (remove: not drawn), solution 2: the search counts steps,
    # then solutions
    assert [(b.move, b.word) for b in plan.beats] == [
        (1, "Step"), (2, "Step"), (3, "Step"), (4, "Step"), (1, "Solution"), (2, "Solution")]
    assert [b.units for b in plan.beats] == [n_queens.STEP_UNITS] * 4 + [
        n_queens.FIRST_UNITS, n_queens.SOLUTION_UNITS]
    assert [b.note for b in plan.beats] == [
        "row 1, col 2", "row 2, col 4", "row 3, col 1", "row 4, col 3", "2 4 1 3", "3 1 4 2"]
    side = d.scene.width                  # the board's pixels (the drawing rounds up)

    def board(t: float) -> np.ndarray:
        return film_frame(d.film, t)[:side, :side]

    half = board(beat_time(plan, 1, 0.5))       # the second queen fading in
    full = board(beat_time(plan, 3, 1.0))       # four queens on the board
    first = board(beat_time(plan, 4, 0.5))      # the first solution on the board
    sol = board(beat_time(plan, 5, 1.0))        # the montage of both solutions
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
    solution shows without tints."""
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
    # a remove (row 2, column 4): the queen leaving in the target colour, the others
    # and their tints staying, the tints it alone made gone at once
    back = trace(head("n-queens", n=4),
                 {"type": "place", "row": 0, "col": 1}, {"type": "place", "row": 1, "col": 3},
                 {"type": "remove", "row": 1, "col": 3}, {"type": "place", "row": 1, "col": 3},
                 {"type": "place", "row": 2, "col": 0}, {"type": "place", "row": 3, "col": 2},
                 {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]}, END)
    d = scene_film(back, 16)
    assert d.plan is not None
    queen, tints = d.scene.queens, d.scene.tints
    t = beat_time(d.plan, 2, 0.5)
    assert queen[(1, 3)].state(t).shape == 1 and 0 < queen[(1, 3)].state(t).opacity < 1
    assert queen[(0, 1)].state(t).shape == 0 and queen[(0, 1)].state(t).opacity == 1.0
    assert tints[(1, 0)].state(t).opacity == 1.0          # attacked by (row 1, column 2)
    assert tints[(2, 2)].state(t).opacity == 0.0          # by (row 2, column 4) alone
    assert d.scene.board.state(t).opacity == 1.0


def eight(cell: int = 48):
    from tests.render.examples import STORED

    return scene_film((STORED / "n-queens-8.jsonl").read_text(), cell)


def test_the_search_is_a_time_lapse_that_slows_for_the_first_solution() -> None:
    """218 steps to the first solution: the first and last few alone, those between a
    few a beat with the counter running on; no beat under a quarter of a second at the
    family's pace (on the frame grid too), and the first solution on screen by 12 s
    of the default video."""
    from puzzlereel.render import still
    from puzzlereel.render.scenes import n_queens
    from puzzlereel.render.scenes.montage import attacked
    from tests.render.examples import STORED

    d = eight(8)
    plan = d.plan
    assert plan is not None
    steps = [b for b in plan.beats if b.word == "Step"]
    alone, lapse = n_queens.ALONE, n_queens.LAPSE_UNITS
    assert [b.move for b in steps[:alone]] == list(range(1, alone + 1))
    assert [b.move for b in steps[-alone:]] == list(range(219 - alone, 219))
    middle = steps[alone:-alone]
    assert middle and all(b.units == lapse for b in middle)
    assert [b.note for b in middle[:2]] == [
        f"steps {alone + 1}–{middle[0].move}",
        f"steps {middle[0].move + 1}–{middle[1].move}"]
    numbers = [b.move for b in steps]
    assert numbers == sorted(numbers) and len(numbers) < 40        # a time-lapse
    path = STORED / "n-queens-8.jsonl"
    with open(path, encoding="utf-8") as f:
        video = still.direct(f, str(path), RenderOptions())
    p = video.plan
    assert p is not None
    moves = [(k, ph) for k, ph in enumerate(p.phases) if ph.kind == MOVE]
    assert all(p.counts[k] / p.fps >= 0.25 for k, _ in moves)
    first = next(p.spans[k][0] for k, ph in moves if p.beats[ph.step].word == "Solution")
    assert first <= 12.0, first
    # the board a lapse beat shows is where the search stands after its last step
    scene = video.scene
    k, ph = next((k, ph) for k, ph in moves if p.beats[ph.step].units == lapse)
    t = p.spans[k][1]
    standing = {sq for sq, el in scene.queens.items() if el.state(t).opacity > 0}
    walked = [r for r in scene.records if isinstance(r, n_queens.Step)]
    cols = walked[p.beats[ph.step].move - 1].after
    assert standing == {(r, c) for r, c in enumerate(cols) if c >= 0}
    assert {sq for sq, el in scene.tints.items() if el.state(t).opacity > 0} == \
        attacked(cols)


def test_the_montage_shows_a_few_boards_apart_and_counts_the_rest() -> None:
    """From the second solution on: GRID x GRID boards, empty till a solution comes to
    each, apart from each other, each a framed board whose queens are crowns like the
    board's (never plain squares); the newest outlined; once all hold one, several
    solutions a beat, the counter running to 92, the last of each beat shown."""
    from puzzlereel.render.film.shapes import Group, Polygon, Rect, bounds
    from puzzlereel.render.scenes.montage import GRID

    d = eight()
    plan, scene = d.plan, d.scene
    assert plan is not None
    solutions = [b for b in plan.beats if b.word == "Solution"]
    assert solutions[-1].move == 92 and len(solutions) < 40
    assert [b.move for b in solutions[:9]] == list(range(1, 10))    # one a beat at first
    montage = scene.montage
    assert montage is not None
    grid = montage.grid
    assert grid.cols == GRID
    assert len(montage.places) == GRID ** 2
    boxes = sorted((el.x, el.y) for el in montage.places)
    pitch = grid.size + 2 * grid.border
    for (x0, y0), (x1, y1) in zip(boxes, boxes[1:]):
        if y0 == y1:
            assert x1 - x0 >= pitch + grid.gap >= pitch + 4       # a gap between boards

    def crowns(shape) -> int:
        if isinstance(shape, Group):
            return sum(crowns(c) for c in shape.children)
        return isinstance(shape, Polygon)

    for el in montage.places:
        assert crowns(el.variants[0]) == 0                         # empty till it holds one
        for variant in el.variants[1:]:
            assert crowns(variant) >= 8                            # a crown a queen
            marks = [c for c in variant.children if isinstance(c, Rect)
                     and c.fill == scene.solved]
            assert marks == []
    for b in solutions[len(solutions) // 2:]:
        k = plan.beats.index(b)
        t = beat_time(plan, k, 1.0)
        showing = [el for el in montage.places if el.state(t).opacity > 0]
        assert len(showing) == GRID ** 2
        assert scene.board.state(t).opacity == 0.0
        outline = montage.outline.state(t)
        assert outline.opacity == 1.0
        place, variant = montage.at[scene.order[b.move]]
        newest = montage.places[place].state(t)
        assert (outline.x, outline.y) == (newest.x, newest.y) and newest.shape == variant
        x0, y0, x1, y1 = bounds(montage.places[place].variants[variant])
        assert x1 - x0 == pytest.approx(grid.size + 2 * grid.border)


def test_the_video_ends_on_the_set_of_its_solutions() -> None:
    """The payoff gives the montage's place to the set: the 12 fundamental solutions
    fade in over the montage, which is gone with its outline; the board stays away."""
    d = eight()
    plan, scene = d.plan, d.scene
    assert plan is not None and plan.payoff is not None and not plan.payoff.marks
    t = d.film.duration
    assert scene.board.state(t).opacity == 0.0
    assert not any(el.state(t).opacity > 0 for el in scene.queens.values())
    assert scene.montage is not None
    assert all(el.state(t).opacity == 0.0 for el in scene.montage.places)
    assert scene.montage.outline.state(t).opacity == 0.0
    queen_set = scene.payoff_set
    assert queen_set is not None and len(queen_set.boards) == 12
    assert all(el.state(t).opacity == 1.0 for el in queen_set.boards)
    assert queen_set.said == "12 distinct × turns and mirrors = 92"


def test_the_list_keeps_to_one_notation() -> None:
    """Once the solutions come, the panel lists solutions only (never a search step
    beside them)."""
    from tests.render.examples import STORED

    d = directed(STORED / "n-queens-8.jsonl", RenderOptions(size=(1280, 720)),
                 layout="video", whole=True, explicit=frozenset({"size"}))
    plan = d.plan
    assert plan is not None
    for k, ph in enumerate(plan.phases):
        if ph.kind != MOVE:
            continue
        listed = plan.recent(plan.counter(k).entry)
        word = plan.beats[ph.step].word
        notes = [note for _, line, _ in listed for note in line]
        steps = ("row", "take back", "steps")
        if word == "Solution":
            assert notes and all(not n.startswith(steps) for n in notes)
        else:
            assert all(n.startswith(steps) for n in notes)


def test_the_whole_search_makes_the_video_of_its_steps_to_the_first_solution(
        tmp_path: Path) -> None:
    """A trace of the whole search (``steps = "all"``, 2056 place/remove steps) makes the
    video of the one that stops recording them at the first solution: the steps after
    it are not drawn, the solutions come one after another, the video ends on the
    first solution and its result counts the solutions."""
    from puzzlereel.actions.solve import solve_events
    from puzzlereel.catalog.puzzles import load_puzzle
    from puzzlereel.render import still
    from puzzlereel.solvers.base import SolveOptions
    from puzzlereel.trace import write_trace
    from tests.fixtures import CONFIGS

    plans = {}
    for steps in ("first", "all"):
        config = tmp_path / f"{steps}.toml"
        text = (CONFIGS / "n-queens-8.toml").read_text(encoding="utf-8")
        config.write_text(text.replace('steps = "first"', f'steps = "{steps}"'),
                          encoding="utf-8")
        out = io.StringIO()
        write_trace(solve_events(load_puzzle(config), SolveOptions()), out)
        out.seek(0)
        video = still.direct(out, str(config), RenderOptions())
        assert video.plan is not None
        plans[steps] = video
    first, whole = plans["first"], plans["all"]
    assert whole.plan is not None and first.plan is not None
    assert sum(1 for ph in whole.plan.phases if ph.kind == MOVE) < 80
    assert [(ph.kind, n) for ph, n in zip(whole.plan.phases, whole.plan.counts)] == \
        [(ph.kind, n) for ph, n in zip(first.plan.phases, first.plan.counts)]
    assert whole.plan.payoff is not None
    assert whole.scene.end_text(whole.plan.moves) == "92 solutions"


def test_queens_hint_limits_solutions() -> None:
    text = Q4.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    d = scene_film(text, 8)
    assert d.plan is not None
    assert [b.move for b in d.plan.beats if b.word == "Solution"] == [1]
    assert d.scene.shown_count() == 1
    assert d.scene.montage is None            # one solution: no montage
    # the search after it is not drawn: the video ends on the solution
    assert d.scene.end_text(d.plan.moves) == "1 solution shown"
    # none shown: the search up to the first solution, and nothing after it
    none = scene_film(Q4.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 0}}'), 8)
    assert none.plan is not None
    assert [(b.move, b.word) for b in none.plan.beats] == [(k, "Step") for k in (1, 2, 3, 4)]


def test_queens_mp4_frame_count(tmp_path: Path) -> None:
    from puzzlereel.render.film.timeline import CROSSFADE
    from puzzlereel.render.scenes import n_queens

    opts = RenderOptions(fps=10, size=(160, 120), hold_start=1.5, title_seconds=1.0,
                         hold_end=2.0, end_seconds=2.0)
    out = tmp_path / "q.mp4"
    render(io.StringIO(Q4), "q4", [("mp4", out)], opts)
    with av.open(str(out)) as box:
        stream = box.streams.video[0]
        got = sum(1 for _ in box.decode(stream))
        size = (stream.codec_context.width, stream.codec_context.height)
    # the family's pacing (no pause), docs/rendering.md "Timing": the title, the rest of
    # the start hold, place x4, solution 1 on the board, solution 2 (the montage; the
    # remove before it is not drawn), the payoff (the set of both solutions), the
    # end hold and the result
    from puzzlereel.registry import FAMILIES
    from puzzlereel.render.direction.schedule import PAYOFF_SECONDS

    pace = FAMILIES["n-queens"].pacing
    speed = pace["speed"]
    step = (n_queens.STEP_UNITS * speed, 1)
    phases = [(1.0, 0), (max(1.5 - 1.0, CROSSFADE), 0),
              step, step, step, step, (n_queens.FIRST_UNITS * speed, 1),
              (n_queens.SOLUTION_UNITS * speed, 1), (PAYOFF_SECONDS, 0), (2.0, 0), (2.0, 0)]
    want = sum(frame_counts(phases, opts.fps))
    assert (got, size) == (want, (160, 120))


def test_end_captions_read_naturally() -> None:
    """Counting puzzles end with "92 solutions", not "Solved in 92 solutions"."""
    from puzzlereel.ground.words import plural
    from puzzlereel.render.scenes.n_queens import NQueensScene

    assert [plural("move", 1), plural("move", 2), plural("guess", 5)] == \
        ["move", "moves", "guesses"]
    scene = NQueensScene.__new__(NQueensScene)
    scene.counter_word, scene.shown, scene.max_solutions = "Solution", 92, 200
    assert scene.end_text(92) == "92 solutions"
    scene.shown = 200
    assert scene.end_text(200) == "200 solutions shown"
