"""The goal's small picture in every film that has room for it: the landscape panel's,
the compact head of the GIF, the animated SVG and the player (under the goal sentence,
beside "Goal:"), and the opening of a portrait or square frame (after the words, in
their place), with every number in it legible and clear of the board; and a colour
scheme's key in the goal sentence."""

from __future__ import annotations

import io

import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.shapes import Box, Group, Shape, Text, bounds, texts
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.still import direct
from tests.render.test_svg import trace_of

SIZES = {"landscape": (1280, 720), "9:16": (1080, 1920), "4:5": (1080, 1350),
         "square": (1080, 1080)}


def director(name: str, fmt: str, frame: str | None = None) -> Director:
    options = RenderOptions(size=SIZES[frame]) if frame else RenderOptions()
    d = direct(io.StringIO(trace_of(name)), "trace", options, fmt=fmt,
               explicit=("size",) if frame else ())
    assert d.plan is not None
    return d


def pictures(film: Film) -> list[tuple[Shape, Box]]:
    """Each drawing labelled "Goal:" among the words (chrome) of ``film``: the group
    beside the label, and its box in the frame."""
    found = []
    for element in film.elements:
        if element.role != "chrome":
            continue
        for variant in element.variants:
            found += _beside_label(variant, element.x, element.y)
    return found


def _beside_label(shape: Shape, x: float, y: float) -> list[tuple[Shape, Box]]:
    if not isinstance(shape, Group):
        return []
    x, y = x + shape.x, y + shape.y
    out = []
    labelled = any(isinstance(c, Text) and c.text == "Goal:" for c in shape.children)
    for child in shape.children:
        if labelled and isinstance(child, Group):
            b = bounds(child)
            out.append((child, (b[0] + x, b[1] + y, b[2] + x, b[3] + y)))
        elif isinstance(child, Group):
            out += _beside_label(child, x, y)
    return out


def numbers(shape: Shape) -> list[Text]:
    return [t for t in texts(shape) if t.text.isdigit()]


@pytest.mark.parametrize(("name", "tiles", "fmt", "frame"), [
    ("eight-puzzle", 8, "gif", None), ("eight-puzzle", 8, "svg", None),
    ("eight-puzzle", 8, "html", None), ("eight-puzzle", 8, "mp4", "landscape"),
    ("fifteen-puzzle-korf-1", 15, "mp4", "landscape"), ("eight-puzzle", 8, "mp4", "9:16"),
    ("eight-puzzle", 8, "mp4", "4:5"), ("eight-puzzle", 8, "mp4", "square"),
    ("fifteen-puzzle-korf-1", 15, "mp4", "9:16")])
def test_the_goal_picture_is_in_the_film_with_every_number_legible(
        name: str, tiles: int, fmt: str, frame: str | None) -> None:
    d = director(name, fmt, frame)
    found = pictures(d.film)
    assert len(found) == 1, f"{fmt}: no goal picture" if not found else found
    picture, box = found[0]
    shown = numbers(picture)
    assert sorted(int(t.text) for t in shown) == list(range(1, tiles + 1))
    assert all(t.size >= d.layout.legible for t in shown)
    assert 0 <= box[0] and box[2] <= d.layout.width and 0 <= box[1] \
        and box[3] <= d.layout.height
    bx, by, bw, bh = d.layout.board
    assert box[3] <= by or box[1] >= by + bh or box[2] <= bx or box[0] >= bx + bw


def test_a_compact_goal_picture_without_words_is_there_too() -> None:
    """Peg solitaire's goal (one peg in the ringed hole) in its GIF's head."""
    d = director("english", "gif")
    assert len(pictures(d.film)) == 1


def test_a_compact_frame_holds_no_picture_it_has_no_room_for() -> None:
    """The 15-puzzle's numbers need a picture that would make the GIF taller than 9:16
    (the legible size follows a frame's height no further): it has none, and the frame
    stays as it would be without it; the frame's words still fit its head."""
    d = director("fifteen-puzzle-korf-1", "gif")
    assert pictures(d.film) == []
    assert d.layout.height * 9 <= d.layout.width * 16


def shown_at(d: Director, name: str, t: float) -> float:
    """The opacity of the element ``name`` at ``t`` seconds."""
    return next(e.state(t).opacity for e in d.film.elements if e.name == name)


@pytest.mark.parametrize("frame", ["9:16", "4:5", "square"])
def test_a_portrait_or_square_opening_shows_the_goal_after_its_words(frame: str) -> None:
    """The words first (alone for a second at least), then the goal's picture in their
    place until the opening ends; from the first move on neither shows."""
    d = director("eight-puzzle", "mp4", frame)
    assert d.plan is not None
    title = d.plan.span("title")
    first = d.plan.span("move")
    assert title is not None and first is not None
    turn = title[1] - 1.0
    assert turn >= 1.0
    assert shown_at(d, "panel.opening", 0.0) == 1 and shown_at(d, "panel.goal", 0.0) == 0
    assert shown_at(d, "panel.opening", turn - 0.01) == 1
    assert shown_at(d, "panel.goal", title[1] - 0.01) == 1
    assert shown_at(d, "panel.opening", turn + 0.5) == 0
    assert shown_at(d, "panel.goal", first[0]) == 0
    assert first[0] <= 3.0                      # a short-form video moves within 3 s


def test_an_opening_without_room_for_a_legible_picture_is_not_longer() -> None:
    """The 15-puzzle's numbers need more room than a square frame's opening has: no
    picture there, and the opening is as long as its words alone take."""
    d = director("fifteen-puzzle-korf-1", "mp4", "square")
    assert pictures(d.film) == [] and not d.pictured_opening
    assert director("fifteen-puzzle-korf-1", "mp4", "9:16").pictured_opening


@pytest.mark.parametrize("scheme", ["rows", "columns", "fringe"])
@pytest.mark.parametrize(("fmt", "frame"), [("mp4", "landscape"), ("mp4", "9:16"),
                                            ("gif", None), ("html", None)])
def test_a_colour_scheme_says_what_its_colours_mean(scheme: str, fmt: str,
                                                    frame: str | None) -> None:
    """Under a colour scheme the goal sentence says what a colour stands for, in every
    target's words; with the one colour of ``plain`` it says nothing of colours."""
    options = {"size": SIZES[frame]} if frame else {}
    d = direct(io.StringIO(trace_of("eight-puzzle")), "trace",
               RenderOptions(scheme=scheme, **options), fmt=fmt,   # type: ignore[arg-type]
               explicit=("scheme", *options))
    key = {"rows": "one row of the goal", "columns": "one column of the goal",
           "fringe": "one L-shaped layer of the goal"}[scheme]
    assert key in d.goal_sentence()
    words = " ".join(t.text for e in d.film.elements if e.role == "chrome"
                     for v in e.variants for t in texts(v))
    assert key.split()[-1] in words and "colour" in words
    plain = director("eight-puzzle", fmt, frame)
    assert "colour" not in plain.goal_sentence()
