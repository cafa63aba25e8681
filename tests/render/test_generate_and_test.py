"""Scenes for the generate-and-test puzzles: tiny golden frames (with a tolerance), what the
pixels must show, and whole renders checked by frame count and size."""

from __future__ import annotations

import io
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.api import render_trace as render
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scene import Scene, Step, scene_for
from puzzlereel.render.theme import THEMES
from puzzlereel.render.timeline import frame_counts
from puzzlereel.trace import replay
from tests.fixtures import END_SOLVED as END
from tests.fixtures import GoldenImages, Tolerance
from tests.fixtures import header as head
from tests.fixtures import jsonl as trace

THEME = THEMES["light"]
TOLERANCE = Tolerance(mean=1.5, off=48, by_value=True)

Q4 = trace(head("n-queens", n=4),
           {"type": "place", "row": 0, "col": 1}, {"type": "place", "row": 1, "col": 3},
           {"type": "place", "row": 2, "col": 0}, {"type": "place", "row": 3, "col": 2},
           {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
           {"type": "remove", "row": 3, "col": 2},
           {"type": "solution", "k": 2, "cols": [2, 0, 3, 1]}, END)
MM = trace(head("mastermind", symbols=6, length=4, repeats=True, secret=[3, 0, 5, 2], moves=2),
           {"type": "guess", "n": 1, "code": [0, 0, 1, 1], "bulls": 1, "cows": 0},
           {"type": "guess", "n": 2, "code": [3, 0, 5, 2], "bulls": 4, "cows": 0}, END)
AL = trace(head("alphametic", equation="TO + GO = OUT"),
           {"type": "solution", "k": 1, "text": "21+81=102",
            "assignment": {"T": 2, "O": 1, "G": 8, "U": 0}}, END)
KO = trace(head("komachi", target=6, digits=[1, 2, 3], operators=["+", "-"]),
           {"type": "solution", "k": 1, "text": "1+2+3=6"}, END)
OO = trace(head("oomachi", terms=3),
           {"type": "solution", "k": 1, "text": "1267*1268*1269=2038719564"}, END)


def steps_of(text: str, cell: int) -> tuple[Scene, list[Step]]:
    """The scene (laid out at ``cell`` px) and every step the trace makes."""
    scene: Scene | None = None
    steps: list[Step] = []
    for rep, item in replay(io.StringIO(text), "t"):
        if scene is None:
            scene = scene_for(item.event, RenderOptions(), THEME)  # type: ignore[arg-type]
            scene.prepare(cell)
            continue
        steps.extend(scene.advance(item, rep))
    assert scene is not None
    return scene, steps


def frame(scene: Scene, step: Step, p: float, cell: int) -> np.ndarray:
    w, h = scene.prepare(cell)
    out = np.zeros((h, w, 3), np.uint8)
    out[:] = (1, 2, 3)                    # draw() must paint every pixel
    scene.draw(out, step, p)
    return out


def colour_near(img: np.ndarray, rgb: tuple[int, int, int], tol: int = 12) -> int:
    """Pixels within ``tol`` of ``rgb``."""
    return int((np.abs(img.astype(np.int16) - np.array(rgb)).max(axis=2) <= tol).sum())


# ---------------------------------------------------------------- n-queens


def test_queens_frames(golden: GoldenImages) -> None:
    cell = 16
    scene, steps = steps_of(Q4, cell)
    assert [s.move for s in steps] == [1, 2, 3, 4, 1, 5, 2]
    assert [s.segments for s in steps] == [1, 1, 1, 1, 0, 1, 0]
    half = frame(scene, steps[1], 0.5, cell)       # the second queen fading in
    full = frame(scene, steps[3], 1.0, cell)       # four queens on the board
    sol = frame(scene, steps[6], 1.0, cell)        # the second solution
    golden.check("n-queens-place-half", half, TOLERANCE)
    golden.check("n-queens-full", full, TOLERANCE)
    golden.check("n-queens-solution2", sol, TOLERANCE)
    assert not (half == (1, 2, 3)).all(axis=2).any()
    # the solution's queens are drawn in the goal colour, the search's are not
    assert colour_near(sol, THEME.goal) > 20 and colour_near(full, THEME.goal) < 5
    # each queen's square holds dark crown pixels in the search frame
    fp = max(2, round(0.32 * cell))
    for r, c in enumerate((1, 3, 0, 2)):
        sq = full[fp + r * cell:fp + (r + 1) * cell, fp + c * cell:fp + (c + 1) * cell]
        assert colour_near(sq, THEME.text, 30) > 10, (r, c)


def test_queens_hint_limits_solutions() -> None:
    text = Q4.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    _, steps = steps_of(text, 8)
    assert sum(1 for s in steps if s.segments == 0) == 1


# ---------------------------------------------------------------- mastermind


def test_mastermind_frames(golden: GoldenImages) -> None:
    cell = 14
    scene, steps = steps_of(MM, cell)
    assert [(s.move, s.segments) for s in steps] == [(1, 4), (2, 4)]
    first = frame(scene, steps[0], 1.0, cell)
    mid = frame(scene, steps[1], 0.5, cell)
    won = frame(scene, steps[1], 1.0, cell)
    golden.check("mastermind-first", first, TOLERANCE)
    golden.check("mastermind-mid", mid, TOLERANCE)
    golden.check("mastermind-won", won, TOLERANCE)
    # the secret is covered until the winning guess: its colours appear only then
    from puzzlereel.render.theme import CATEGORICAL as PEG_COLOURS
    assert colour_near(won, PEG_COLOURS[5], 10) > colour_near(mid, PEG_COLOURS[5], 10)
    assert colour_near(won, THEME.goal, 30) > 0        # "found it"


# ---------------------------------------------------------------- equation cards


def test_alphametic_letters_turn_into_digits(golden: GoldenImages) -> None:
    cell = 16
    scene, steps = steps_of(AL, cell)
    # one step a letter, from the units column (O, T), then the tens (G, U)
    assert [scene.notation(s) for s in steps] == ["O = 1", "T = 2", "G = 8", "U = 0"]
    assert all(s.segments == 1 and s.move == 1 for s in steps)
    assert [s.sheet for s in steps] == [False, False, False, True]
    # each letter lasts at least 0.8 s at the family's pace
    from puzzlereel.render.scenes.equations import AlphameticScene
    assert all(s.units * AlphameticScene.PACING["speed"] >= 0.8 for s in steps)
    start = frame(scene, steps[0], 0.0, cell)
    half = frame(scene, steps[1], 0.5, cell)      # O shown, T half-way to 2
    done = frame(scene, steps[-1], 1.0, cell)
    golden.check("alphametic-half", half, TOLERANCE)
    golden.check("alphametic-done", done, TOLERANCE)
    # digits are drawn in the emphasis colour: none at the start, some half-way, all at the end
    g0, g1, g2 = (colour_near(x, THEME.emphasis, 40) for x in (start, half, done))
    assert g0 == 0 < g1 < g2


def test_komachi_and_oomachi_cards(golden: GoldenImages) -> None:
    scene, steps = steps_of(KO, 16)
    # one eased reveal of the card's two operators
    assert [(s.segments, s.data, s.after[1]) for s in steps] == [(1, 2, 2.0)]
    golden.check("komachi-done", frame(scene, steps[0], 1.0, 16), TOLERANCE)
    scene, steps = steps_of(OO, 24)
    assert [(s.segments, s.data, s.units) for s in steps] == [(1, 10, 10.0)]
    done = frame(scene, steps[0], 1.0, 24)
    golden.check("oomachi-done", done, TOLERANCE)
    from puzzlereel.render.theme import CATEGORICAL as PEG_COLOURS
    assert all(colour_near(done, c, 40) > 0 for c in PEG_COLOURS)   # ten digits, ten colours


# ---------------------------------------------------------------- whole renders


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
    pace = n_queens.NQueensScene.PACING
    speed = pace["speed"]
    place = (n_queens.SEARCH_UNITS * speed, 1)
    shown = (min(n_queens.SOLUTION_UNITS * speed, n_queens.MONTAGE_SECONDS / 2), 1)
    phases = [(opts.title_seconds, 0), (CROSSFADE, 0), (pace["hold_start"], 0),
              place, place, place, place, shown, place, shown,
              (pace["hold_end"], 0), (CROSSFADE, 0), (opts.end_seconds, 0)]
    want = sum(frame_counts(phases, opts.fps))
    assert (got, size) == (want, (160, 120))


@pytest.mark.parametrize("text, name", [(MM, "mm"), (AL, "al"), (KO, "ko"), (OO, "oo")])
def test_gif_and_png_render(tmp_path: Path, text: str, name: str) -> None:
    opts = RenderOptions(fps=10, size=(200, 150), title=False)
    gif, png = tmp_path / f"{name}.gif", tmp_path / f"{name}.png"
    render(io.StringIO(text), name, [("gif", gif), ("png", png)], opts)
    with Image.open(gif) as im:
        assert im.size == (200, 150) and getattr(im, "n_frames", 1) > 1
    with Image.open(png) as im:
        assert im.size[0] > 50 and im.size[1] > 50


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
