"""The N-Queens video's solutions and ending: the set of the solutions it ends on (the
fundamental ones and how many each stands for, the count said, never cut), the move
list agreeing with the board at every frame, and montage boards whose queens are
legible, at a pace they can be seen, in every frame shape."""

from __future__ import annotations

import io
from functools import cache

import pytest

from puzzlereel.actions.draw import render_options
from puzzlereel.render import still
from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.shapes import Group, Polygon, Text, bounds
from puzzlereel.render.film.timeline import END, HOLD, MOVE, PAYOFF, frame_time
from puzzlereel.render.scenes.crown import crown_box
from puzzlereel.render.scenes.n_queens import Found
from puzzlereel.render.scenes.queens_set import classes, queen_floor, queen_px, symmetries
from tests.render.examples import STORED
from tests.render.generate_and_test import queens_trace

SHAPES = [({}, "mp4"), ({"target": "shorts"}, "mp4"), ({"target": "instagram"}, "mp4"),
          ({}, "gif"), ({}, "svg")]


@cache
def trace_text(name: str) -> str:
    """A stored trace (8 queens, its search to the first solution shown), or the
    solutions of ``queens-N`` alone."""
    if name.startswith("queens-"):
        return queens_trace(int(name.split("-")[1]))
    return (STORED / f"{name}.jsonl").read_text()


@cache
def video(name: str, target: str | None = None, fmt: str = "mp4") -> Director:
    """The planned director of a trace's ``fmt`` film (``target``: its frame)."""
    options, explicit = render_options(None, {"target": target} if target else {})
    return still.direct(io.StringIO(trace_text(name)), name, options, explicit=explicit,
                        fmt=fmt)


def solutions(name: str) -> list[tuple[int, ...]]:
    import json

    lines = trace_text(name).splitlines()
    return [tuple(e["cols"]) for e in map(json.loads, lines) if e.get("type") == "solution"]


def test_eight_queens_make_twelve_classes_of_eight_and_one_of_four() -> None:
    """Turned and mirrored, the 92 solutions fall into the 12 fundamental ones: 11
    standing for 8 each and the symmetric one for 4; each fundamental solution is the
    first of its class to come, so the first solution leads them."""
    found = solutions("n-queens-8")
    assert len(found) == 92
    assert len(set(symmetries(found[0]))) == 8 and symmetries(found[0])[0] == found[0]
    fundamental = classes(found)
    assert len(fundamental) == 12 and fundamental[0].cols == found[0]
    assert sorted(f.stands_for for f in fundamental) == [4] + [8] * 11
    assert sum(f.stands_for for f in fundamental) == 92
    orbits = {frozenset(symmetries(f.cols)) for f in fundamental}
    assert set().union(*orbits) == set(found)          # every solution in one class


def crowns(shape) -> list[tuple[float, float, float, float]]:
    """The boxes of a shape's crowns (a crown: a group whose first child is a polygon)."""
    if isinstance(shape, Group):
        if shape.children and isinstance(shape.children[0], Polygon):
            return [bounds(shape)]
        return [box for child in shape.children for box in crowns(child)]
    return []


def texts(shape) -> list[str]:
    if isinstance(shape, Group):
        return [t for child in shape.children for t in texts(child)]
    return [shape.text] if isinstance(shape, Text) else []


def ending(d: Director):
    """The scene's set, the frame's height and its end time."""
    plan = d.plan
    assert plan is not None
    return d.scene, d.layout.height, plan.ending_frame() / plan.fps


@pytest.mark.parametrize("flags, fmt", SHAPES)
def test_eight_queens_end_on_their_fundamental_solutions(flags, fmt) -> None:
    """The video ends on the set: the fundamental solutions (all 12 in a 1280x720
    frame), each with how many it stands for, the caption saying the count; the montage
    and the board gone; every board, label and the caption inside the board's square
    (nothing cut, clear of the result), the queens at least the frame's floor."""
    d = video("n-queens-8", flags.get("target"), fmt)
    scene, height, t = ending(d)
    queen_set = scene.payoff_set
    assert queen_set is not None
    showing = [el for el in queen_set.boards if el.state(t).opacity == 1.0]
    assert showing == queen_set.boards and len(showing) >= 2
    assert queen_set.caption is not None and queen_set.caption.state(t).opacity == 1.0
    count = len(showing)
    if not flags and fmt == "mp4":
        assert count == 12
        assert queen_set.said == "12 distinct × turns and mirrors = 92"
        assert sorted(texts(el.variants[0])[0] for el in showing) == ["×4"] + ["×8"] * 11
    else:
        assert queen_set.said.startswith(f"{count} of 12")    # "distinct" where it fits
        labels = [texts(el.variants[0]) for el in showing]
        assert all(labels) or queen_set.said.endswith("×8 each")
    assert scene.board.state(t).opacity == 0.0
    assert all(el.state(t).opacity == 0.0 for el in scene.montage.places)
    assert scene.montage.outline.state(t).opacity == 0.0
    x0, y0, x1, y1 = scene.st.box
    floor = queen_floor(scene.st.legible)
    assert floor >= 0.022 * min(height, d.layout.width * 16 / 9)
    for el in (*showing, queen_set.caption):
        bx0, by0, bx1, by1 = bounds(el.variants[0])
        assert x0 <= el.x + bx0 and el.x + bx1 <= x1 and y0 <= el.y + by0 and el.y + by1 <= y1
    for el in showing:
        boxes = crowns(el.variants[0])
        assert len(boxes) == 8
        assert all(by1 - by0 >= floor * 0.7 and bx1 - bx0 >= floor * 0.7
                   for bx0, by0, bx1, by1 in boxes)         # the crown's ink in its box
    assert queen_px(queen_set.grid.sq) >= floor


@pytest.mark.parametrize("flags, fmt", SHAPES[:2])
def test_twelve_queens_end_on_as_many_fundamental_solutions_as_fit(flags, fmt) -> None:
    """14,200 solutions, 1,787 fundamental: as many as fit legibly, the count said, in
    1280x720 and in 9:16 (one board at least, whose queens need the most room there),
    the queens at the frame's floor or over."""
    assert len(solutions("queens-12")) == 14200
    d = video("queens-12", flags.get("target"), fmt)
    scene, _, t = ending(d)
    queen_set = scene.payoff_set
    assert queen_set is not None
    count = sum(el.state(t).opacity == 1.0 for el in queen_set.boards)
    assert count >= (2 if not flags else 1)
    assert queen_set.said.startswith(f"{count} of 1,787")
    assert queen_set.caption is not None and queen_set.caption.state(t).opacity == 1.0
    assert queen_px(queen_set.grid.sq) >= queen_floor(scene.st.legible)


def board_shows(scene, t: float) -> tuple[int, ...] | None:
    """The one solution the picture shows at ``t``: the montage's outlined board (the
    newest; outlined from its beat's start, as the montage fades in over the board), else
    the board's queens; None when it shows no one solution."""
    montage = scene.montage
    if montage is not None and montage.outline.state(t).opacity > 0.5:
        outline = montage.outline.state(t)
        for place, el in enumerate(montage.places):
            state = el.state(t)
            if (state.x, state.y) == (outline.x, outline.y) and state.shape > 0:
                k = montage.at.index((place, state.shape))
                number = next(m for m, turn in scene.order.items() if turn == k)
                return next(f.cols for f in scene.records
                            if isinstance(f, Found) and f.number == number)
        return None
    if scene.board.state(t).opacity > 0.5:
        on = sorted(sq for sq, el in scene.queens.items() if el.state(t).opacity > 0.5)
        if len(on) == scene.n and all(scene.queens[sq].state(t).shape == 2 for sq in on):
            return tuple(c for _, c in on)
    return None


@pytest.mark.parametrize("flags, fmt", SHAPES[:4])
def test_the_list_marks_the_solution_the_board_shows_at_every_frame(flags, fmt) -> None:
    """At every frame from the first solution on, the solution the move list marks is
    the one the board (or the montage's outlined board) shows; from the payoff on the
    list marks none and the picture shows no one solution."""
    d = video("n-queens-8", flags.get("target"), fmt)
    plan, scene = d.plan, d.scene
    assert plan is not None
    first = next(k for k, ph in enumerate(plan.phases)
                 if ph.kind == MOVE and plan.beats[ph.step].word == "Solution")
    start = sum(plan.counts[:first])
    checked = ending = 0
    k, upto = first, start + plan.counts[first]
    for index in range(start, plan.ending_frame() + 1):
        while index >= upto:
            k += 1
            upto += plan.counts[k]
        t = frame_time(index, plan.fps)
        c = plan.counter(k)
        shows = board_shows(scene, t)
        if plan.phases[k].kind in (PAYOFF, HOLD, END):
            assert c.entry is None and shows is None, (t, plan.phases[k].kind)
            ending += 1
            continue
        marked = plan.notes[c.note][1]
        assert shows is not None, t
        assert " ".join(str(col + 1) for col in shows) == marked, t
        checked += 1
    assert checked > 100 and ending > 30


@pytest.mark.parametrize("flags, fmt", SHAPES[:4])
def test_the_montage_boards_are_legible_and_stay_to_be_seen(flags, fmt) -> None:
    """The montage's queens are at least the frame's floor (about 2.5 % of its height);
    its boards come at most two a second and each shows at least a second."""
    d = video("n-queens-8", flags.get("target"), fmt)
    plan, scene = d.plan, d.scene
    assert plan is not None and scene.montage is not None
    grid = scene.montage.grid
    floor = queen_floor(scene.st.legible)
    assert crown_box(grid.sq)[0] >= floor >= 0.022 * min(d.layout.height,
                                                        d.layout.width * 16 / 9)
    lengths = [(t1 - t0) for ph, (t0, t1) in zip(plan.phases, plan.spans, strict=True)
               if ph.kind == MOVE and plan.beats[ph.step].word == "Solution"
               and plan.beats[ph.step].move > 1]
    assert min(lengths) >= 0.45
    places = grid.cols ** 2
    assert min(sum(lengths[k:k + places]) for k in range(len(lengths) - places)) >= 0.95


@pytest.mark.parametrize("n, count", [(5, 10), (6, 4)])
def test_few_solutions_end_all_shown(n: int, count: int) -> None:
    """Where every solution fits legibly, the set is every one of them, unlabelled, the
    caption saying they are all."""
    d = video(f"queens-{n}")
    scene, _, t = ending(d)
    queen_set = scene.payoff_set
    assert queen_set is not None and queen_set.said == f"All {count} solutions"
    assert len(queen_set.boards) == count
    assert all(el.state(t).opacity == 1.0 and texts(el.variants[0]) == []
               for el in queen_set.boards)
