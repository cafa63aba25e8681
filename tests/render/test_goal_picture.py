"""The goal's small picture in every film that has room for it: the landscape panel's,
and the compact head of the GIF, the animated SVG and the player (under the goal
sentence, beside "Goal:"), with every number in it legible and clear of the board."""

from __future__ import annotations

import io

import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.shapes import Box, Group, Shape, Text, bounds, texts
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.still import direct
from tests.render.test_svg import trace_of

SIZES = {"landscape": (1280, 720)}


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
    ("fifteen-puzzle-korf-1", 15, "mp4", "landscape")])
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
