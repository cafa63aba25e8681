"""The Mastermind scene: golden frames, pegs dropping in one by one, a board with more
guesses than rows scrolling."""

from __future__ import annotations

import numpy as np
import pytest

from tests.fixtures import GoldenImages
from tests.render.generate_and_test import MM, THEME, TOLERANCE, colour_near, scene_film


def test_mastermind_frames(golden: GoldenImages) -> None:
    from puzzlereel.render.film.shapes import texts
    from puzzlereel.render.film.theme import CATEGORICAL as PEG_COLOURS
    from puzzlereel.render.scenes.mastermind import RESULT, MastermindScene
    from tests.render.films import beat_time
    from tests.render.films import frame as film_frame

    cell = 14
    d = scene_film(MM, cell)
    plan = d.plan
    assert plan is not None and isinstance(d.scene, MastermindScene)
    assert [(b.move, b.units, b.note) for b in plan.beats] == [
        (1, 4, "0011 → ●"), (2, 4, "3052 → ●●●●")]
    first = film_frame(d.film, beat_time(plan, 0, 1.0))
    mid = film_frame(d.film, beat_time(plan, 1, 0.5))
    won = film_frame(d.film, beat_time(plan, 1, 1.0))
    golden.check("mastermind-first", first, TOLERANCE)
    golden.check("mastermind-mid", mid, TOLERANCE)
    golden.check("mastermind-won", won, TOLERANCE)
    # at 32-pixel cells the pegs carry their symbols and the rows their numbers
    big = scene_film(MM, 32)
    assert big.plan is not None
    at = beat_time(big.plan, 1, 0.5)
    shown = [t.text for s in big.film.still(at) for t in texts(s)]
    assert {"0", "1", "2", "3"} <= set(shown) and "secret" in shown
    golden.check("mastermind-symbols-mid", film_frame(big.film, at), TOLERANCE)
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
    from puzzlereel.render.film.shapes import Group, Text

    if isinstance(shape, Group):
        return [t for child in shape.children for t in _texts(child)]
    return [shape.text] if isinstance(shape, Text) else []


def test_mastermind_pegs_drop_in_one_by_one() -> None:
    """Peg j of a guess falls into its hole in the j-th quarter of the beat's time,
    faster as it falls, fading in over the first half of its fall, and clicks as it
    lands (never after); the pins and the codes left fade in as the last one lands."""
    from puzzlereel.render.film.timeline import MOVE
    from puzzlereel.render.scenes.mastermind import PEG_DROP
    from tests.render.films import beat_time

    cell = 20
    d = scene_film(MM, cell)
    plan, scene = d.plan, d.scene
    assert plan is not None
    row = scene.rows[0]
    number, pegs, result = row.elements[0], row.elements[1:5], row.elements[5]
    t0, t1 = next(plan.spans[k] for k, p in enumerate(plan.phases)
                  if p.kind == MOVE and p.step == 0)
    t = t0 + (t1 - t0) * 0.375          # peg 1 half-way down, 0 in, 2 and 3 not yet
    states = [p.state(t) for p in pegs]
    assert [round(s.opacity, 2) for s in states] == [1.0, 1.0, 0.0, 0.0]
    assert states[1].y - pegs[1].y == pytest.approx(-cell * PEG_DROP * 0.75)
    assert number.state(t).opacity == 1.0 and result.state(t).opacity == 0.0
    assert result.state(beat_time(plan, 0, 1.0)).opacity == 1.0
    clicks = [s.start for s in d.sounds if s.start < t1 + 1e-9]
    for j, peg in enumerate(pegs):
        lands = t0 + (t1 - t0) * (j + 1) / 4
        assert peg.state(lands).y == pytest.approx(peg.y)
        assert peg.state(lands - 0.02).y < peg.y - 0.5          # still falling just before
        assert clicks[j] == pytest.approx(lands)
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
    d = scene_film(_scrolling_mastermind(), cell)
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
    still = scene_film(MM, cell)
    assert all(el.clip == still.stage.box for row in still.scene.rows for el in row.elements)
