"""The sliding-block scene: frames of a five-move Hakoiri Musume trace against tiny golden
images (with a tolerance), what a frame shows part-way through a move, `state` traces
drawn like move traces, and the registry's row pointing at the scene."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from puzzlereel.registry import KINDS
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scene import Scene, Step, scene_for
from puzzlereel.render.scenes.sliding_block import SlidingBlockScene
from puzzlereel.render.theme import THEMES
from puzzlereel.rules.sliding_block import SlidingBlockReplay
from puzzlereel.trace import Header, Replayed, read_trace, replay
from tests.fixtures import DATA, GoldenImages, Tolerance

TRACE = DATA / "hakoiri-5.jsonl"
CELL = 8
BIG = 32
TOLERANCE = Tolerance(mean=1.0, off=48)     # at most 1% of pixels clearly off


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
        "sliding-block-start": frame(scene, start, 1.0),
        "sliding-block-move1-half": frame(scene, steps[0], 0.5),
        "sliding-block-move5-end": frame(scene, steps[4], 1.0),
        "sliding-block-dark-move3-quarter": frame(dark, dsteps[2], 0.25),
    }


@pytest.mark.parametrize("name", ["sliding-block-start", "sliding-block-move1-half",
                                  "sliding-block-move5-end", "sliding-block-dark-move3-quarter"])
def test_golden_frames(golden: GoldenImages, name: str) -> None:
    golden.check(name, golden_cases()[name], TOLERANCE)


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


def test_registry_points_at_scenes() -> None:
    assert KINDS["sliding-block"].scene.endswith(":SlidingBlockScene")
    header = header_of(TRACE)
    scene = scene_for(header, RenderOptions(), THEMES["light"])
    assert isinstance(scene, Scene)
    assert isinstance(SlidingBlockReplay(header).position.pieces, dict)
    assert Replayed  # the type scenes receive


def test_the_move_list_names_pieces_as_a_viewer_sees_them() -> None:
    """Piece ids are not drawn, so a move names its piece by label, else by shape."""
    scene, steps = steps_of(TRACE, RenderOptions())
    assert isinstance(scene, SlidingBlockScene)
    words = {pid: scene.piece_word(i) for i, pid in enumerate(scene.ids)}
    assert words == {"A": "Daughter", "B": "Tall", "C": "Tall", "D": "Tall", "E": "Wide",
                     "F": "Tall", "G": "Small", "H": "Small", "I": "Small", "J": "Small"}
    notes = [scene.notation(s) for s in steps]
    assert all(note.split(" ")[0] in set(words.values()) for note in notes), notes
    assert not any(note.split(" ")[0] in scene.ids for note in notes), notes


def test_shape_words_for_pieces_without_a_label() -> None:
    from puzzlereel.rules.sliding_block import Piece

    scene, _ = steps_of(TRACE, RenderOptions())
    assert isinstance(scene, SlidingBlockScene)
    shapes = {"one": ((0, 0),), "bar3": ((0, 0), (0, 1), (0, 2)),
              "big": ((0, 0), (1, 0), (0, 1), (1, 1)),
              "rect": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)),
              "ell": ((0, 0), (0, 1), (1, 1))}
    scene.pieces = [Piece(name, cells) for name, cells in shapes.items()]
    assert [scene.piece_word(i) for i in range(len(shapes))] == \
        ["Small", "Long", "Big", "2×3", "3-cell"]


def test_the_goal_sentence_names_the_goal_piece_as_a_viewer_sees_it() -> None:
    from tests.fixtures import TINY_BLOCK

    scene, _ = steps_of(TRACE, RenderOptions())
    assert scene.goal_sentence() == "Get the daughter out through the gap at the bottom."
    fields = {k: v for k, v in TINY_BLOCK.items()
              if k not in ("type", "format", "version", "puzzle")}
    tiny = scene_for(Header(puzzle="sliding-block", title="tiny", fields=fields),
                     RenderOptions(), THEMES["light"])
    assert tiny.goal_sentence() == "Slide the wide piece to the marked target."


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_move_redrawn_frame_to_frame_is_drawn_whole(theme: str) -> None:
    """``redraw`` (the frame before, painted over inside the rectangle it returns) gives
    exactly the pixels of ``draw``, for every move and for the daughter leaving through
    the exit; and the two frames differ nowhere outside that rectangle."""
    scene, steps = steps_of(TRACE, RenderOptions(theme=theme), cell=BIG)
    i, goal = scene.goals[0]
    at_goal = tuple(goal if k == i else xy for k, xy in enumerate(scene.initial()))
    leaving = scene.payoff(at_goal)
    assert leaving is not None and leaving.data is not None and leaving.data[0] < 0
    checked = 0
    for step in [*steps, leaving]:
        ps = [0.0, 0.03, 0.1, 0.37, 0.5, 0.81, 0.96, 1.0]
        out = frame(scene, step, ps[0], BIG)
        for p0, p1 in zip(ps, ps[1:]):
            before = out.copy()
            rect = scene.redraw(out, step, p0, p1)
            assert rect is not None
            whole = frame(scene, step, p1, BIG)
            assert np.array_equal(out, whole), (step.data, p0, p1)
            x, y, w, h = rect
            assert 0 <= x and 0 <= y and x + w <= out.shape[1] and y + h <= out.shape[0]
            outside = np.ones(out.shape[:2], bool)
            outside[y:y + h, x:x + w] = False
            assert np.array_equal(before[outside], whole[outside]), (step.data, p0, p1)
            checked += 1
    assert checked == 7 * (len(steps) + 1)
    still = Step(scene.initial(), scene.initial(), segments=0)
    assert scene.redraw(frame(scene, still, 1.0, BIG), still, 0.0, 1.0) is None
