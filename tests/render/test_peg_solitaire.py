"""The peg-solitaire scene: tiny golden frames (start, mid-jump, end of a chain) and a
short trace rendered to GIF/MP4 with the frame count the timing rules give."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scene import Step, scene_for
from puzzlereel.render.theme import THEMES
from puzzlereel.trace import Header, replay
from tests.fixtures import GoldenImages, Tolerance, cli, header, jsonl

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


def trace_text(end: str = "limit") -> str:
    return jsonl(HEADER, *MOVES, {"type": "end", "status": end, "moves": 2})


def frames_of_first_move(cell: int = 14) -> dict[str, np.ndarray]:
    header = Header(puzzle="peg-solitaire", title="tiny",
                    fields={k: v for k, v in HEADER.items()
                            if k not in ("type", "format", "version", "puzzle", "title",
                                         "solver")},
                    solver=HEADER["solver"])
    scene = scene_for(header, RenderOptions(), THEMES["light"])
    w, h = scene.prepare(cell)
    steps: list[Step] = []
    for rep, item in replay(io.StringIO(trace_text()), "tiny"):
        if item.applied is not None:
            steps.extend(scene.advance(item, rep))
    first = steps[0]
    assert first.segments == 2 and first.move == 1
    out = {}
    for name, step, p in (("start", Step(scene.initial(), scene.initial(), segments=0), 1.0),
                          ("mid", first, 0.25), ("end", first, 1.0)):
        buf = np.zeros((h, w, 3), np.uint8)
        scene.draw(buf, step, p)
        out[name] = buf
    return out


def test_golden_frames(golden: GoldenImages) -> None:
    frames = frames_of_first_move()
    for name, img in frames.items():
        golden.check(f"peg-solitaire-{name}", img, TOLERANCE)
    # the frames differ from each other where pegs moved (the test can fail)
    assert np.abs(frames["start"].astype(int) - frames["end"].astype(int)).max() > 100
    assert np.abs(frames["mid"].astype(int) - frames["end"].astype(int)).max() > 100


def test_draw_is_pure() -> None:
    a = frames_of_first_move()
    b = frames_of_first_move()
    for k in a:
        assert np.array_equal(a[k], b[k])


@pytest.mark.parametrize("suffix", [".gif", ".mp4", ".png"])
def test_render_short_trace(tmp_path: Path, suffix: str) -> None:
    trace = tmp_path / "t.jsonl"
    trace.write_text(trace_text())
    out = tmp_path / f"t{suffix}"
    result = cli("render", trace, "-o", out, "--fps", "10", "--no-title", "--size", "160x120")
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 0
    if suffix == ".mp4":
        import av

        with av.open(str(out)) as c:
            n = sum(1 for _ in c.decode(video=0))
        # the family's pacing (docs/rendering.md "Timing"): start hold, move 1 (2 jumps
        # of 2 cells), pause, move 2 (1 jump), end hold, crossfade, the end card (the
        # trace ends on "limit": no payoff), at 10 fps
        from puzzlereel.render.options import RenderOptions
        from puzzlereel.render.scenes.peg_solitaire import PegSolitaireScene
        from puzzlereel.render.timeline import CROSSFADE, frame_counts

        pace = PegSolitaireScene.PACING
        phases = [(pace["hold_start"], 0), (4 * pace["speed"], 1), (pace["pause"], 0),
                  (2 * pace["speed"], 1), (pace["hold_end"], 0), (CROSSFADE, 0),
                  (RenderOptions.end_seconds, 0)]
        assert n == sum(frame_counts(phases, 10))


def test_a_square_board_shows_the_coordinates_the_move_list_uses() -> None:
    """Column letters above the columns and row numbers left of the rows, as the
    notation writes holes ("c1 → c3"); none on a triangle (shifted rows) or when the
    text would be too small to read."""
    fields = {"holes": [[x, y] for y in range(3) for x in range(1, 4)],
              "pegs": [[1, 0], [2, 0]], "jumps": [[2, 0], [-2, 0], [0, 2], [0, -2]],
              "geometry": "square"}
    square = scene_for(Header(puzzle="peg-solitaire", title="square", fields=fields),
                       RenderOptions(), THEMES["light"])
    px, labels = square.coordinates(40)
    assert px >= 9
    assert [text for text, _, _ in labels] == ["b", "c", "d", "1", "2", "3"]
    letters = {text: x for text, x, _ in labels[:3]}
    assert letters["c"] == square.centre((2, 0))[0]           # over its column
    rows = {text: y for text, _, y in labels[3:]}
    assert rows["3"] == square.centre((1, 2))[1]               # beside its row
    assert square.notation(Step(square.initial(), square.initial(),
                                data=((1, 0), ((3, 0),), ((2, 0),)))) == "b1 → d1"
    assert square.coordinates(12)[1] == []                     # a contact sheet's cell
    header = Header(puzzle="peg-solitaire", title="tiny",
                    fields={k: v for k, v in HEADER.items()
                            if k not in ("type", "format", "version", "puzzle", "title",
                                         "solver")})
    assert scene_for(header, RenderOptions(), THEMES["light"]).coordinates(40)[1] == []
