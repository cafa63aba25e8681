"""The equation cards (alphametics, komachi, oomachi): golden frames, letters turning
into digits, operators and digits appearing one after another, lines set glyph by
glyph and clear of the board's sides; GIF and contact sheet of each generate-and-test
family."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from puzzlereel.render.api import render_trace as render
from puzzlereel.render.options import RenderOptions
from tests.fixtures import END_SOLVED as END
from tests.fixtures import GoldenImages
from tests.fixtures import header as head
from tests.fixtures import jsonl as trace
from tests.render.generate_and_test import AL, KO, MM, OO, THEME, TOLERANCE, colour_near, scene_film


def _equation_texts(elements):
    """Every text of film ``elements`` (all their variants): (its x and y in the frame,
    the text)."""
    from puzzlereel.render.film.shapes import Group, Text

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
    from puzzlereel.registry import FAMILIES
    from tests.render.films import beat_time, frame

    d = scene_film(AL, 16)
    plan = d.plan
    assert plan is not None
    # one beat a letter, from the units column (O, T), then the tens (G, U), the
    # counter counting the letters fixed so far
    assert [b.note for b in plan.beats] == ["O = 1", "T = 2", "G = 8", "U = 0"]
    assert [(b.move, b.word) for b in plan.beats] == [(k, "Letter") for k in (1, 2, 3, 4)]
    assert all(b.units == 1.0 for b in plan.beats)
    assert [b.sheet for b in plan.beats] == [False, False, False, True]
    # each letter lasts at least 0.8 s at the family's pace
    assert all(b.units * FAMILIES["alphametic"].pacing["speed"] >= 0.8 for b in plan.beats)
    start = frame(d.film, beat_time(plan, 0, 0.0))
    half = frame(d.film, beat_time(plan, 1, 0.5))      # O shown, T half-way to 2
    done = frame(d.film, beat_time(plan, 3, 1.0))
    golden.check("alphametic-half", half, TOLERANCE)
    golden.check("alphametic-done", done, TOLERANCE)
    # digits are drawn in the emphasis colour in the digits' sum (under the words', where
    # the letter being fixed lights up): none at the start, some half-way, all at the end
    below = d.stage.y + d.scene.row_y(0, 1) - d.scene.cell // 2
    g0, g1, g2 = (colour_near(x[below:], THEME.emphasis, 40) for x in (start, half, done))
    assert g0 == 0 < g1 < g2


def test_alphametic_turns_every_copy_of_a_letter_at_once() -> None:
    from puzzlereel.render.scenes.equations import AlphameticScene
    from tests.render.films import beat_time, frame

    cell = 24
    d = scene_film(AL, cell)
    assert d.plan is not None and isinstance(d.scene, AlphameticScene)
    scene = d.scene

    def lit_rows(t: float) -> list[bool]:
        img = frame(d.film, t)
        rows = []
        for r in range(3):                 # the digits' sum
            y = d.stage.y + scene.row_y(r, 1)
            band = img[y - cell // 2:y + cell // 2]
            rows.append(colour_near(band, THEME.emphasis, 40) > 10)
        return rows

    # TO + GO = OUT: O stands in all three rows and turns in all of them in beat 0;
    # T (rows 0 and 2) joins them in beat 1; G (row 1 only) has turned nowhere else
    assert lit_rows(beat_time(d.plan, 0, 0.0)) == [False, False, False]
    assert lit_rows(beat_time(d.plan, 0, 1.0)) == [True, True, True]
    end0, end1 = beat_time(d.plan, 0, 1.0), beat_time(d.plan, 1, 1.0)
    # a copy in the sum for each letter, and one in the key
    assert len(scene.digits["O"]) == 4 and len(scene.digits["T"]) == 3
    assert [e.state(end0).opacity for e in scene.digits["O"]] == [1.0] * 4
    assert [e.state(end0).opacity for e in scene.slots["O"]] == [0.0] * 4
    assert [e.state(end0).opacity for e in scene.digits["T"]] == [0.0] * 3
    assert [e.state(end0).shape for e in scene.digits["O"]] == [1] * 4
    assert [e.state(end1).shape for e in scene.digits["T"]] == [2] * 3
    # the letter being fixed lights up in the words, and no other
    assert [e.state(end0).shape for e in scene.letters["O"]] == [1] * 3
    assert [e.state(end1).shape for e in scene.letters["O"]] == [0] * 3


def test_alphametic_payoff_lights_the_sum() -> None:
    from puzzlereel.render.film.timeline import HOLD, PAYOFF
    from puzzlereel.render.scenes.equations import AlphameticScene
    from tests.render.films import frame

    d = scene_film(AL, 16)
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
    d = scene_film(two, 16)
    assert d.plan is not None and isinstance(d.scene, AlphameticScene)
    assert [(b.move, b.note) for b in d.plan.beats] == [
        (1, "A = 1"), (2, "B = 2"), (3, "C = 3"), (1, "A = 1"), (2, "B = 3"), (3, "C = 4")]
    assert d.scene.end_text(d.plan.moves) == "2 solutions"
    s = d.scene
    before, early = beat_time(d.plan, 2, 1.0), beat_time(d.plan, 3, 0.05)
    letter = {x: s.slots[x][0] for x in "ABC"}         # each letter's slot in the sum
    digit = {x: s.digits[x][0] for x in "ABC"}
    assert all(letter[x].state(before).opacity == 0.0 for x in "ABC")
    assert [digit[x].state(before).shape for x in "ABC"] == [1, 2, 3]
    # the second card: letters back, the first card's digits gone, A turning again
    assert [letter[x].state(early).opacity for x in "BC"] == [1.0, 1.0]
    assert [digit[x].state(early).opacity for x in "BC"] == [0.0, 0.0]
    assert 0.0 < letter["A"].state(early).opacity < 1.0     # A's letter going first
    end = beat_time(d.plan, 5, 1.0)
    assert [digit[x].state(end).shape for x in "ABC"] == [1, 3, 4]


def test_komachi_operators_fade_in_one_after_another(golden: GoldenImages) -> None:
    from tests.render.films import beat_time, frame

    d = scene_film(KO, 16)
    plan = d.plan
    assert plan is not None
    # one beat a card, its note the equation as written
    assert [(b.move, b.units, b.note) for b in plan.beats] == [(1, 1.0, "1+2+3")]
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
    d = scene_film((STORED / "komachi-100.jsonl").read_text(), 8)
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
    every = scene_film((STORED / "komachi-100.jsonl").read_text(), 8)
    assert every.ending().headline == "11 solutions" and not any(
        "shown" in line for line in every.ending().details)


def test_oomachi_digits_drop_in_one_at_a_time(golden: GoldenImages) -> None:
    from puzzlereel.render.film.theme import CATEGORICAL
    from puzzlereel.render.scenes.equations import CHIP_DROP, OomachiScene
    from tests.render.films import beat_time, frame

    cell = 24
    d = scene_film(OO, cell)
    plan = d.plan
    assert plan is not None and isinstance(d.scene, OomachiScene)
    assert [(b.move, b.units, b.note) for b in plan.beats] == [
        (1, 10.0, "1267×1268×1269")]
    chips = d.scene.chips
    t = beat_time(plan, 0, 0.55)            # chips 0-4 in, chip 5 half-way, the rest out
    states = [c.state(t) for c in chips]
    assert [round(s.opacity, 2) for s in states] == [1.0] * 5 + [0.5] + [0.0] * 4
    assert [s.y - c.y for s, c in zip(states[:6], chips)] == \
        pytest.approx([0.0] * 5 + [-cell * CHIP_DROP / 2])
    done = frame(d.film, beat_time(plan, 0, 1.0))
    assert [c.state(beat_time(plan, 0, 1.0)).shape for c in chips] == \
        [int(ch) for ch in "2038719564"]
    golden.check("oomachi-done", done, TOLERANCE)
    assert all(colour_near(done, c, 40) > 0 for c in CATEGORICAL)   # ten digits, ten colours


def test_oomachi_second_card_replaces_the_first() -> None:
    from puzzlereel.render.scenes.equations import OomachiScene
    from tests.render.examples import STORED
    from tests.render.films import beat_time

    d = scene_film((STORED / "oomachi.jsonl").read_text(), 8)
    assert d.plan is not None and isinstance(d.scene, OomachiScene)
    assert [b.note for b in d.plan.beats] == ["1267×1268×1269", "1332×1333×1334"]
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
    from puzzlereel.render.film.typeset import text_box
    from puzzlereel.render.scenes.equations import AlphameticScene

    unsolved = {"type": "end", "status": "limit"}
    d = scene_film(trace(head("alphametic", equation=equation), unsolved), 24)
    assert isinstance(d.scene, AlphameticScene)
    signs = _equation_texts([d.film.names["signs"]])
    letters = [g for copies in (*d.scene.letters.values(), *d.scene.digits.values())
               for g in _equation_texts(copies)]

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
    from puzzlereel.render.film.typeset import text_width

    d = scene_film(text, 16)
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
    from puzzlereel.render.film.shapes import bounds
    from tests.render.examples import STORED

    d = scene_film((STORED / f"{name}.jsonl").read_text(), 16)
    lo, hi = d.stage.x + 0.07 * d.stage.width, d.stage.x + 0.93 * d.stage.width
    parts = [e for e in d.film.elements if e.name.startswith(("card", "operator", "chip"))]
    boxes = [(e.x + b[0], e.x + b[2]) for e in parts for b in map(bounds, e.variants)]
    assert boxes and min(a for a, _ in boxes) >= lo - 1 and max(b for _, b in boxes) <= hi + 1


def test_alphametic_digits_stand_under_their_letters() -> None:
    """Each digit stands in its letter's column and row of the digits' sum (under the
    words'), and once in the key, under its letter there."""
    from puzzlereel.render.scenes.equations import AlphameticScene

    d = scene_film(AL, 16)
    s = d.scene
    assert isinstance(s, AlphameticScene)
    key = {t.text: (x, y) for x, y, t in _equation_texts([d.film.names["key"]])}
    assert sorted(key) == sorted("TOGU")
    for ch in "TOGU":
        letters = _equation_texts(s.letters[ch])
        rows = {s.row_y(r) + d.stage.y: s.row_y(r, 1) + d.stage.y for r in range(3)}
        at = {(x, rows[y]) for x, y, _ in letters}
        assert {t.text for _, _, t in letters} == {ch} and len(at) == "TOGOOUT".count(ch)
        for copy in s.digits[ch]:       # each copy: ten digits, where its place is
            digits = _equation_texts([copy])
            assert [t.text for _, _, t in digits] == list("0123456789")
            assert len({(x, y) for x, y, _ in digits}) == 1
        places = {(x, y) for x, y, _ in _equation_texts(s.digits[ch])}
        kx, ky = key[ch]
        assert places == at | {(kx, s.key_y(1) + d.stage.y)} and ky < s.key_y(1) + d.stage.y


@pytest.mark.parametrize("text, name", [(MM, "mm"), (AL, "al"), (KO, "ko"), (OO, "oo")])
def test_gif_and_png_render(tmp_path: Path, text: str, name: str) -> None:
    opts = RenderOptions(fps=10, size=(200, 150), title=False)
    gif, png = tmp_path / f"{name}.gif", tmp_path / f"{name}.png"
    render(io.StringIO(text), name, [("gif", gif), ("png", png)], opts)
    with Image.open(gif) as im:
        assert im.size == (200, 150) and getattr(im, "n_frames", 1) > 1
    with Image.open(png) as im:
        assert im.size[0] > 50 and im.size[1] > 50


def test_an_alphametic_counts_letters_and_never_piles_glyphs() -> None:
    """SEND + MORE = MONEY: the counter says how many letters are fixed ("Letter 3 /
    8", the bar at 3/8), never a full bar from the first letter; each listed letter has
    its own number; a letter fades out before its digit fades in, so the two never show
    at once; and the sum ends with its digits, "1 solution"."""
    from puzzlereel.render.film.timeline import MOVE
    from puzzlereel.render.scenes.equations import AlphameticScene
    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace
    from tests.render.films import directed

    d = directed(example_trace(CONFIGS / "send-more-money.toml"), RenderOptions(),
                 layout="video", whole=True)
    plan, scene = d.plan, d.scene
    assert plan is not None and isinstance(scene, AlphameticScene)
    counted = []
    for k, phase in enumerate(plan.phases):
        if phase.kind != MOVE:
            continue
        c = plan.counter(k)
        counted.append(plan.counter_line(c, ""))
        listed = plan.recent(c.entry)
        assert all(number for number, _, _ in listed)          # a number a row
        assert [int(number) for number, _, _ in listed] == \
            list(range(c.move - len(listed) + 1, c.move + 1))
    assert counted == [f"Letter {k} / 8" for k in range(1, 9)]
    for ch in scene.order:
        for slot, digit in zip(scene.slots[ch], scene.digits[ch], strict=True):
            for t in np.linspace(0, d.film.duration, 2001):
                assert min(slot.state(t).opacity, digit.state(t).opacity) == 0.0, (ch, t)
    assert d.scene.end_text(plan.moves) == "1 solution"
