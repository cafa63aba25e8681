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
from puzzlereel.render.theme import THEMES
from puzzlereel.render.timeline import frame_counts
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


def colour_near(img: np.ndarray, rgb: tuple[int, int, int], tol: int = 12) -> int:
    """Pixels within ``tol`` of ``rgb``."""
    return int((np.abs(img.astype(np.int16) - np.array(rgb)).max(axis=2) <= tol).sum())


# ---------------------------------------------------------------- n-queens


def _scene_film(text: str, cell: int):
    """The finished director of an n-queens or Mastermind trace: the scene alone at
    ``cell`` pixels a cell (tests.render.films)."""
    from tests.render.films import directed

    return directed(text, RenderOptions(cell=cell))


def test_queens_frames(golden: GoldenImages) -> None:
    from puzzlereel.render.scenes import n_queens
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 16
    d = _scene_film(Q4, cell)
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

    d = _scene_film(Q4, 16)
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
    d = _scene_film((STORED / "n-queens-8.jsonl").read_text(), cell)
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

    d = _scene_film((STORED / "n-queens-8.jsonl").read_text(), 20)
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

    d = _scene_film((STORED / "n-queens-8.jsonl").read_text(), 30)
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

    d = _scene_film((STORED / "n-queens-8.jsonl").read_text(), 8)
    assert d.plan is not None
    units = {b.units for b in d.plan.beats if b.word == "Solution"}
    speed = d.options.speed
    assert len(units) == 1
    assert units.pop() == pytest.approx(n_queens.MONTAGE_SECONDS / (speed * 92))
    assert d.scene.end_text(d.plan.moves) == "92 solutions"
    assert d.ending().headline == "92 solutions"


def test_queens_hint_limits_solutions() -> None:
    text = Q4.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    d = _scene_film(text, 8)
    assert d.plan is not None
    assert [b.move for b in d.plan.beats if b.word == "Solution"] == [1]
    assert d.scene.shown_count() == 1
    assert d.scene.outline is None            # one solution: no montage
    # the search goes on after the one solution shown: the video ends on its steps
    assert d.scene.end_text(d.plan.moves) == "5 steps"
    ended = Q4.split("\n")
    one = "\n".join(ended[:6] + ended[-2:])     # place x4, solution 1, end
    one = one.replace('"n": 4}', '"n": 4, "render": {"max_solutions": 1}}')
    e = _scene_film(one, 8)
    assert e.plan is not None and e.scene.end_text(e.plan.moves) == "1 solution shown"


# ---------------------------------------------------------------- mastermind


def test_mastermind_frames(golden: GoldenImages) -> None:
    from puzzlereel.render.scenes.mastermind import RESULT, MastermindScene
    from puzzlereel.render.theme import CATEGORICAL as PEG_COLOURS
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 14
    d = _scene_film(MM, cell)
    plan = d.plan
    assert plan is not None and isinstance(d.scene, MastermindScene)
    assert [(b.move, b.units, b.note) for b in plan.beats] == [
        (1, 4, "0011  → 1 black, 0 white"), (2, 4, "3052  → 4 black, 0 white")]
    first = film_frame(d.film, beat_time(plan, 0, 1.0))
    mid = film_frame(d.film, beat_time(plan, 1, 0.5))
    won = film_frame(d.film, beat_time(plan, 1, 1.0))
    golden.check("mastermind-first", first, TOLERANCE)
    golden.check("mastermind-mid", mid, TOLERANCE)
    golden.check("mastermind-won", won, TOLERANCE)
    # the secret is covered until the winning guess: its colours appear only then
    assert colour_near(won, PEG_COLOURS[5], 10) > colour_near(mid, PEG_COLOURS[5], 10)
    # uncovered as the winning guess's last peg lands, its pins fading in with it
    covered, shown, result = d.scene.covered, d.scene.uncovered, d.scene.rows[1].elements[5]
    assert covered is not None and shown is not None
    for p, was in ((0.5, 0.0), (RESULT, 0.0), ((RESULT + 1) / 2, 0.5), (1.0, 1.0)):
        t = beat_time(plan, 1, p)
        assert shown.state(t).opacity == pytest.approx(was)
        assert result.state(t).opacity == pytest.approx(was)
        assert covered.state(t).opacity == pytest.approx(1 - was)
    assert colour_near(won, THEME.emphasis, 30) > colour_near(mid, THEME.emphasis, 30)


def _texts(shape: object) -> list[str]:
    from puzzlereel.render.shapes import Group, Text

    if isinstance(shape, Group):
        return [t for child in shape.children for t in _texts(child)]
    return [shape.text] if isinstance(shape, Text) else []


def test_mastermind_pegs_drop_in_one_by_one() -> None:
    """Peg j of a guess fades in and drops into its hole while the beat's eased
    progress runs from j/4 to (j+1)/4; the pins and the codes left fade in as the last
    one lands."""
    from puzzlereel.render.scenes.mastermind import DROP
    from tests.render.films import beat_time

    cell = 20
    d = _scene_film(MM, cell)
    plan, scene = d.plan, d.scene
    assert plan is not None
    row = scene.rows[0]
    number, pegs, result = row.elements[0], row.elements[1:5], row.elements[5]
    t = beat_time(plan, 0, 0.375)           # peg 1 half-way, 0 in, 2 and 3 not yet
    states = [p.state(t) for p in pegs]
    assert [round(s.opacity, 2) for s in states] == [1.0, 0.5, 0.0, 0.0]
    assert states[1].y - pegs[1].y == pytest.approx(-cell * DROP / 2)
    assert number.state(t).opacity == 1.0 and result.state(t).opacity == 0.0
    assert result.state(beat_time(plan, 0, 1.0)).opacity == 1.0
    assert "found it" not in _texts(result.variants[0])
    assert "found it" in _texts(scene.rows[1].elements[5].variants[0])


def _scrolling_mastermind(guesses: int = 12) -> str:
    """``guesses`` guesses and no ``moves`` in the header: the board shows ten rows and
    scrolls for the rest."""
    import json
    import random

    from puzzlereel.rules.mastermind import answer

    secret = (1, 0, 1, 1)
    rng = random.Random(3)
    codes = [c for c in (tuple(rng.randrange(3) for _ in range(4)) for _ in range(40))
             if c != secret][:guesses - 1] + [secret]
    lines = [json.dumps({"type": "header", "format": "puzzlereel-trace", "version": 1,
                         "puzzle": "mastermind", "title": "Twelve guesses", "symbols": 3,
                         "length": 4, "repeats": True, "secret": list(secret)})]
    for n, code in enumerate(codes, 1):
        bulls, cows = answer(secret, code)
        lines.append(json.dumps({"type": "guess", "n": n, "code": list(code), "bulls": bulls,
                                 "cows": cows}))
    lines.append(json.dumps({"type": "end", "status": "solved"}))
    return "\n".join(lines) + "\n"


def test_mastermind_board_scrolls() -> None:
    """With more guesses than rows, each new guess slides the rows up one (clipped to
    the rows' area, never over the secret) before its own row comes in at the bottom."""
    from puzzlereel.render.scenes.mastermind import SCROLL
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 16
    d = _scene_film(_scrolling_mastermind(), cell)
    plan, scene = d.plan, d.scene
    assert plan is not None and scene.visible == 10 and len(scene.rows) == 12
    assert [r.slot for r in scene.rows] == [-1, -1] + list(range(10))   # -1: out of sight
    first_number = scene.rows[0].elements[0]
    t0, t1 = beat_time(plan, 10, 0.0), beat_time(plan, 10, 1.0)
    mid_slide = t0 + (t1 - t0) * SCROLL / 2
    assert first_number.state(t0).y == first_number.y
    assert first_number.y - cell < first_number.state(mid_slide).y < first_number.y
    assert first_number.state(t1).y == first_number.y - cell
    new = scene.rows[10].elements[0]                 # guess 11's number: after the slide
    assert new.state(mid_slide).opacity == 0.0 and new.state(t1).opacity == 1.0
    assert all(el.clip is not None and el.clip[1] == scene.rows_top
               for row in scene.rows for el in row.elements)
    # the secret and the rule above the rows never change while the rows slide
    top = scene.rows_top
    before = film_frame(d.film, t0)[:top]
    assert np.array_equal(film_frame(d.film, mid_slide)[:top], before)
    assert not np.array_equal(film_frame(d.film, mid_slide)[top:], film_frame(d.film, t0)[top:])
    # a board that never scrolls is not clipped
    still = _scene_film(MM, cell)
    assert all(el.clip == still.stage.box for row in still.scene.rows for el in row.elements)


# ---------------------------------------------------------------- equation cards


def _card_film(text: str, cell: int):
    """The finished director of ``text``'s film: the scene alone at ``cell`` pixels a
    cell (tests.render.films)."""
    from tests.render.films import directed

    return directed(text, RenderOptions(cell=cell))


def _equation_texts(elements):
    """Every text of film ``elements`` (all their variants): (its x and y in the frame,
    the text)."""
    from puzzlereel.render.shapes import Group, Text

    out = []

    def walk(shape: object, dx: float, dy: float) -> None:
        if isinstance(shape, Group):
            for child in shape.children:
                walk(child, dx + shape.x, dy + shape.y)
        elif isinstance(shape, Text):
            out.append((dx + shape.x, dy + shape.y, shape))

    for e in elements:
        for variant in e.variants:
            walk(variant, e.x, e.y)
    return out


def test_alphametic_letters_turn_into_digits(golden: GoldenImages) -> None:
    from puzzlereel.registry import KINDS
    from tests.render.films import beat_time, frame

    d = _card_film(AL, 16)
    plan = d.plan
    assert plan is not None
    # one beat a letter, from the units column (O, T), then the tens (G, U)
    assert [b.note for b in plan.beats] == ["O = 1", "T = 2", "G = 8", "U = 0"]
    assert all(b.move == 1 and b.units == 1.0 for b in plan.beats)
    assert [b.sheet for b in plan.beats] == [False, False, False, True]
    # each letter lasts at least 0.8 s at the family's pace
    assert all(b.units * KINDS["alphametic"].pacing["speed"] >= 0.8 for b in plan.beats)
    start = frame(d.film, beat_time(plan, 0, 0.0))
    half = frame(d.film, beat_time(plan, 1, 0.5))      # O shown, T half-way to 2
    done = frame(d.film, beat_time(plan, 3, 1.0))
    golden.check("alphametic-half", half, TOLERANCE)
    golden.check("alphametic-done", done, TOLERANCE)
    # digits are drawn in the emphasis colour: none at the start, some half-way, all at the end
    g0, g1, g2 = (colour_near(x, THEME.emphasis, 40) for x in (start, half, done))
    assert g0 == 0 < g1 < g2


def test_alphametic_turns_every_copy_of_a_letter_at_once() -> None:
    from puzzlereel.render.scenes.equations import AlphameticScene
    from tests.render.films import beat_time, frame

    cell = 24
    d = _card_film(AL, cell)
    assert d.plan is not None and isinstance(d.scene, AlphameticScene)
    scene = d.scene

    def lit_rows(t: float) -> list[bool]:
        img = frame(d.film, t)
        rows = []
        for r in range(3):
            y = d.stage.y + scene.row_y(r)
            band = img[y - cell // 2:y + cell // 2]
            rows.append(colour_near(band, THEME.emphasis, 40) > 10)
        return rows

    # TO + GO = OUT: O stands in all three rows and turns in all of them in beat 0;
    # T (rows 0 and 2) joins them in beat 1; G (row 1 only) has turned nowhere else
    assert lit_rows(beat_time(d.plan, 0, 0.0)) == [False, False, False]
    assert lit_rows(beat_time(d.plan, 0, 1.0)) == [True, True, True]
    end0, end1 = beat_time(d.plan, 0, 1.0), beat_time(d.plan, 1, 1.0)
    assert len(scene.digits["O"]) == 3 and len(scene.digits["T"]) == 2
    assert [e.state(end0).opacity for e in scene.digits["O"]] == [1.0] * 3
    assert [e.state(end0).opacity for e in scene.letters["O"]] == [0.0] * 3
    assert [e.state(end0).opacity for e in scene.digits["T"]] == [0.0] * 2
    assert [e.state(end0).shape for e in scene.digits["O"]] == [1] * 3
    assert [e.state(end1).shape for e in scene.digits["T"]] == [2] * 2


def test_alphametic_payoff_lights_the_sum() -> None:
    from puzzlereel.render.scenes.equations import AlphameticScene
    from puzzlereel.render.timeline import HOLD, PAYOFF
    from tests.render.films import frame

    d = _card_film(AL, 16)
    plan = d.plan
    assert plan is not None and isinstance(d.scene, AlphameticScene)
    kinds = [p.kind for p in plan.phases]
    t0, t1 = plan.spans[kinds.index(PAYOFF)]
    hold = plan.spans[kinds.index(HOLD)]
    band = d.scene.band
    assert band.state(t0).opacity == 0.0                   # dark until the sum is done
    peak = max(band.state(t0 + (t1 - t0) * i / 40).opacity for i in range(41))
    assert peak > 0.85
    assert band.state(hold[0] + 0.01).opacity == pytest.approx(0.2)   # stays faintly lit
    before = frame(d.film, t0).copy()
    mid = frame(d.film, (t0 + t1) / 2)
    assert colour_near(before, THEME.row, 6) == 0 < colour_near(mid, THEME.row, 6)
    # what lights up lies under the sum's row, below the rule
    ys = np.nonzero((mid != before).any(axis=2))[0]
    assert len(ys) > 100 and ys.min() > d.stage.y + d.scene.row_y(1)


def test_a_second_alphametic_card_starts_from_letters() -> None:
    from puzzlereel.render.scenes.equations import AlphameticScene
    from tests.render.films import beat_time

    two = trace(head("alphametic", equation="A + B = C"),
                {"type": "solution", "k": 1, "text": "1+2=3",
                 "assignment": {"A": 1, "B": 2, "C": 3}},
                {"type": "solution", "k": 2, "text": "1+3=4",
                 "assignment": {"A": 1, "B": 3, "C": 4}}, END)
    d = _card_film(two, 16)
    assert d.plan is not None and isinstance(d.scene, AlphameticScene)
    assert [(b.move, b.note) for b in d.plan.beats] == [
        (1, "A = 1"), (1, "B = 2"), (1, "C = 3"), (2, "A = 1"), (2, "B = 3"), (2, "C = 4")]
    s = d.scene
    before, early = beat_time(d.plan, 2, 1.0), beat_time(d.plan, 3, 0.05)
    letter = {x: s.letters[x][0] for x in "ABC"}       # each letter stands once
    digit = {x: s.digits[x][0] for x in "ABC"}
    assert all(letter[x].state(before).opacity == 0.0 for x in "ABC")
    assert [digit[x].state(before).shape for x in "ABC"] == [1, 2, 3]
    # the second card: letters back, the first card's digits gone, A turning again
    assert [letter[x].state(early).opacity for x in "BC"] == [1.0, 1.0]
    assert [digit[x].state(early).opacity for x in "BC"] == [0.0, 0.0]
    assert 0.0 < digit["A"].state(early).opacity < 1.0
    end = beat_time(d.plan, 5, 1.0)
    assert [digit[x].state(end).shape for x in "ABC"] == [1, 3, 4]


def test_komachi_operators_fade_in_one_after_another(golden: GoldenImages) -> None:
    from tests.render.films import beat_time, frame

    d = _card_film(KO, 16)
    plan = d.plan
    assert plan is not None
    # one beat a card, its note the equation as written
    assert [(b.move, b.units, b.note) for b in plan.beats] == [(1, 1.0, "1 + 2 + 3 = 6")]
    ops = [e for e in d.film.elements if e.name.startswith("operator")]
    assert len(ops) == 2

    def shown(p: float) -> list[float]:
        return [round(e.state(beat_time(plan, 0, p)).opacity, 2) for e in ops]

    assert shown(0.25) == [0.5, 0.0] and shown(0.75) == [1.0, 0.5] and shown(1.0) == [1, 1]
    quarter = frame(d.film, beat_time(plan, 0, 0.25))
    done = frame(d.film, beat_time(plan, 0, 1.0))
    golden.check("komachi-done", done, TOLERANCE)
    assert colour_near(quarter, THEME.emphasis, 40) < colour_near(done, THEME.emphasis, 40)


def test_komachi_shows_at_most_max_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzlereel.render.scenes.equations import KomachiScene
    from tests.render.examples import STORED
    from tests.render.films import beat_time

    monkeypatch.setattr(KomachiScene, "MAX_CARDS", 3)
    d = _card_film((STORED / "komachi-100.jsonl").read_text(), 8)
    assert d.plan is not None
    assert [b.move for b in d.plan.beats] == [1, 2, 3]
    assert d.scene.shown_count() == 3
    ending = d.ending()
    assert ending.headline == "3 solutions shown" and "3 of 11 shown" in ending.details
    # each card leaves as the next one comes
    cards = [e for e in d.film.elements if e.name.startswith("card")]
    assert len(cards) == 3
    t = beat_time(d.plan, 1, 0.5)
    assert [c.state(t).opacity for c in cards] == [0.0, 1.0, 0.0]
    monkeypatch.setattr(KomachiScene, "MAX_CARDS", 11)          # all of them: no "shown"
    every = _card_film((STORED / "komachi-100.jsonl").read_text(), 8)
    assert every.ending().headline == "11 solutions" and not any(
        "shown" in line for line in every.ending().details)


def test_oomachi_digits_drop_in_one_at_a_time(golden: GoldenImages) -> None:
    from puzzlereel.render.scenes.equations import DROP, OomachiScene
    from puzzlereel.render.theme import CATEGORICAL
    from tests.render.films import beat_time, frame

    cell = 24
    d = _card_film(OO, cell)
    plan = d.plan
    assert plan is not None and isinstance(d.scene, OomachiScene)
    assert [(b.move, b.units, b.note) for b in plan.beats] == [
        (1, 10.0, "1267 × 1268 × 1269 = 2038719564")]
    chips = d.scene.chips
    t = beat_time(plan, 0, 0.55)            # chips 0-4 in, chip 5 half-way, the rest out
    states = [c.state(t) for c in chips]
    assert [round(s.opacity, 2) for s in states] == [1.0] * 5 + [0.5] + [0.0] * 4
    assert [s.y - c.y for s, c in zip(states[:6], chips)] == \
        pytest.approx([0.0] * 5 + [-cell * DROP / 2])
    done = frame(d.film, beat_time(plan, 0, 1.0))
    assert [c.state(beat_time(plan, 0, 1.0)).shape for c in chips] == \
        [int(ch) for ch in "2038719564"]
    golden.check("oomachi-done", done, TOLERANCE)
    assert all(colour_near(done, c, 40) > 0 for c in CATEGORICAL)   # ten digits, ten colours


def test_oomachi_second_card_replaces_the_first() -> None:
    from puzzlereel.render.scenes.equations import OomachiScene
    from tests.render.examples import STORED
    from tests.render.films import beat_time

    d = _card_film((STORED / "oomachi.jsonl").read_text(), 8)
    assert d.plan is not None and isinstance(d.scene, OomachiScene)
    assert [b.note for b in d.plan.beats] == ["1267 × 1268 × 1269 = 2038719564",
                                              "1332 × 1333 × 1334 = 2368591704"]
    cards = [e for e in d.film.elements if e.name.startswith("card")]
    early, end = beat_time(d.plan, 1, 0.01), beat_time(d.plan, 1, 1.0)
    assert [c.state(early).opacity for c in cards] == [0.0, 1.0]
    assert all(c.state(early).opacity < 0.2 for c in d.scene.chips[1:])
    assert [c.state(end).shape for c in d.scene.chips] == [int(ch) for ch in "2368591704"]
    assert d.scene.goal_sentence() == ("Find 3 consecutive numbers whose product uses each "
                                       "of the 10 digits exactly once.")


@pytest.mark.parametrize("equation", ["TO + GO = OUT", "SO + MANY = MORE", "COUNT - COIN = SNUB"])
def test_alphametic_signs_stand_clear_of_the_words(equation: str) -> None:
    """A row's sign stands left of its word, with room between, even beside an addend
    as wide as the sum; the signs share one column."""
    from puzzlereel.render.draw import text_box
    from puzzlereel.render.scenes.equations import AlphameticScene

    unsolved = {"type": "end", "status": "limit"}
    d = _card_film(trace(head("alphametic", equation=equation), unsolved), 24)
    assert isinstance(d.scene, AlphameticScene)
    signs = _equation_texts([d.film.names["signs"]])
    letters = [g for copies in d.scene.letters.values() for g in _equation_texts(copies)]

    def left_right(x: float, t) -> tuple[float, float]:          # a middle-anchored text
        w = text_box(t.text, t.size, t.bold)[0]
        return x - w // 2, x - w // 2 + w

    assert signs and len({x for x, _, _ in signs}) == 1
    for x, y, sign in signs:
        word = min(left_right(lx, t)[0] for lx, ly, t in letters if ly == y)
        assert left_right(x, sign)[1] + d.scene.cell * 0.1 <= word, (sign.text, y)


@pytest.mark.parametrize("text, goal", [
    (AL, "Give each letter its own digit so that the sum is right."),
    (KO, "Put + − between the digits 1 2 3 (or join them) so that the sum is 6."),
    (OO, "Find 3 consecutive numbers whose product uses each of the 10 digits exactly once.")],
    ids=["alphametic", "komachi", "oomachi"])
def test_equation_videos_pose_the_goal(text: str, goal: str) -> None:
    """The panel video (title card and side panel) says the puzzle's own goal."""
    from tests.render.films import directed

    d = directed(text, RenderOptions(size=(640, 360)), layout="panel")
    assert d.layout.panel[2] > 0 and d.goal_sentence() == goal


@pytest.mark.parametrize("text, lines", [(KO, ["1 + 2 + 3", "= 6"]),
                                         (OO, ["1267 × 1268 × 1269 ="])],
                         ids=["komachi", "oomachi"])
def test_equation_lines_are_set_glyph_by_glyph(text: str, lines: list[str]) -> None:
    """Each character of a card's line is a text of its own (no line is left to a
    browser's font), left to right, the line as wide as the font sets it and centred."""
    from puzzlereel.render.draw import text_width

    d = _card_film(text, 16)
    parts = [e for e in d.film.elements if e.name.startswith(("card", "operator"))]
    rows: dict[float, list] = {}
    for x, y, t in _equation_texts(parts):
        rows.setdefault(y, []).append((x, t))
    assert len(rows) == len(lines)
    for line, y in zip(lines, sorted(rows)):
        glyphs = sorted(rows[y], key=lambda g: g[0])
        assert "".join(t.text for _, t in glyphs) == line.replace(" ", "")
        assert all(len(t.text) == 1 and t.anchor == "middle" for _, t in glyphs)
        px = glyphs[0][1].size
        # the glyphs' left edges as the raster places them
        xs = [x - text_width(t.text, px, True) // 2 for x, t in glyphs]
        assert len(set(xs)) == len(xs)
        width = xs[-1] + text_width(glyphs[-1][1].text, px, True) - xs[0]
        # as the font sets the whole line, within a glyph's own padding and bold stroke
        assert abs(width - text_width(line, px, True)) <= 4
        assert abs((xs[0] - d.stage.x) + width / 2 - d.stage.width / 2) <= 2


@pytest.mark.parametrize("name", ["komachi-100", "oomachi"])
def test_card_lines_keep_clear_of_the_boards_sides(name: str) -> None:
    """The longest lines and the chip row keep 7 % of the drawing's width clear on each
    side (the title-safe area of a landscape frame begins inside the board)."""
    from puzzlereel.render.shapes import bounds
    from tests.render.examples import STORED

    d = _card_film((STORED / f"{name}.jsonl").read_text(), 16)
    lo, hi = d.stage.x + 0.07 * d.stage.width, d.stage.x + 0.93 * d.stage.width
    parts = [e for e in d.film.elements if e.name.startswith(("card", "operator", "chip"))]
    boxes = [(e.x + b[0], e.x + b[2]) for e in parts for b in map(bounds, e.variants)]
    assert boxes and min(a for a, _ in boxes) >= lo - 1 and max(b for _, b in boxes) <= hi + 1


def test_alphametic_digits_stand_where_their_letters_do() -> None:
    from puzzlereel.render.scenes.equations import AlphameticScene

    d = _card_film(AL, 16)
    assert isinstance(d.scene, AlphameticScene)
    for ch in "TOGU":
        letters = _equation_texts(d.scene.letters[ch])
        at = {(x, y) for x, y, _ in letters}
        assert {t.text for _, _, t in letters} == {ch} and len(at) == "TOGOOUT".count(ch)
        for copy in d.scene.digits[ch]:       # each copy: ten digits, where its letter is
            digits = _equation_texts([copy])
            assert [t.text for _, _, t in digits] == list("0123456789")
            assert len({(x, y) for x, y, _ in digits}) == 1
            assert {(x, y) for x, y, _ in digits} <= at
        assert {(x, y) for x, y, _ in _equation_texts(d.scene.digits[ch])} == at


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
