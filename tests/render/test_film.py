"""The film: motions through stops in eased progress, stepped variants, when a change
takes effect, and the picture at a time as plain shapes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.render.film.easing import progress
from puzzlereel.render.film.elements import Film, Motion
from puzzlereel.render.film.shapes import Group, Rect, bounds

RED, BLUE = (200, 0, 0), (0, 0, 200)


def film_with_one_piece() -> tuple[Film, object]:
    film = Film(100, 50, (255, 255, 255))
    piece = film.add("piece", [Rect(0, 0, 10, 10, RED), Rect(0, 0, 10, 10, BLUE)],
                     x=5, y=5)
    return film, piece


def test_a_motion_takes_effect_just_after_it_starts_and_holds_after_it_ends() -> None:
    _, piece = film_with_one_piece()
    piece.animate("pos", Motion(1.0, 2.0, "linear", ((0.0, (5.0, 5.0)), (1.0, (45.0, 5.0)))))
    assert piece.state(0.5).x == 5 and piece.state(1.0).x == 5
    assert piece.state(1.5).x == pytest.approx(25)
    assert piece.state(2.0).x == 45 and piece.state(9.0).x == 45


def test_a_path_is_eased_once_over_its_whole_length() -> None:
    """Stops are reached at their share of the eased progress: a corner is passed
    without stopping."""
    _, piece = film_with_one_piece()
    stops = ((0.0, (0.0, 0.0)), (0.5, (10.0, 0.0)), (1.0, (10.0, 10.0)))
    piece.animate("pos", Motion(0.0, 1.0, "ease-in-out", stops))
    for t in (0.1, 0.3, 0.5, 0.7, 0.9):
        p = progress("ease-in-out", t)
        s = piece.state(t)
        want = (20 * p, 0.0) if p <= 0.5 else (10.0, 20 * p - 10)
        assert (s.x, s.y) == pytest.approx(want)


def test_before_its_first_stop_a_motion_holds_the_first_value() -> None:
    _, piece = film_with_one_piece()
    piece.animate("opacity", Motion(0.0, 1.0, "linear", ((0.375, 1.0), (1.0, 0.0))))
    assert piece.state(0.2).opacity == 1.0
    assert piece.state(0.6875).opacity == pytest.approx(0.5)


def test_variants_step_when_the_progress_reaches_them() -> None:
    _, piece = film_with_one_piece()
    piece.animate("shape", Motion(1.0, 3.0, "linear", ((0.0, 0.0), (0.5, 1.0))))
    assert [piece.state(t).shape for t in (0.5, 1.5, 1.99, 2.01, 5.0)] == [0, 0, 0, 1, 1]
    piece.animate("shape", Motion(6.0, 6.0, "linear", ((0.0, 0.0),)))    # at once
    assert piece.state(6.0).shape == 1 and piece.state(6.0001).shape == 0


def test_motions_of_one_property_never_overlap() -> None:
    _, piece = film_with_one_piece()
    piece.animate("opacity", Motion(0.0, 2.0, "linear", ((0.0, 1.0), (1.0, 0.0))))
    with pytest.raises(ValueError, match="overlaps"):
        piece.animate("opacity", Motion(1.0, 3.0, "linear", ((0.0, 0.0), (1.0, 1.0))))
    with pytest.raises(ValueError, match="no property"):
        piece.animate("colour", Motion(3.0, 4.0, "linear", ((0.0, 0.0),)))


def test_the_picture_at_a_time_is_the_elements_as_they_show() -> None:
    film, piece = film_with_one_piece()
    piece.animate("pos", Motion(0.0, 1.0, "linear", ((0.0, (5.0, 5.0)), (1.0, (25.0, 5.0)))))
    piece.animate("shape", Motion(0.0, 1.0, "linear", ((0.5, 1.0),)))
    hidden = film.add("hidden", [Rect(0, 0, 5, 5, RED)], opacity=0.0)
    assert hidden.still
    [shape] = film.still(1.0)
    assert isinstance(shape, Group) and (shape.x, shape.y) == (25.0, 5.0)
    assert shape.children == (Rect(0, 0, 10, 10, BLUE),)
    assert film.colours() == [(255, 255, 255), RED, BLUE]


@given(st.lists(st.tuples(st.floats(0, 80), st.floats(0, 40)), min_size=2, max_size=6),
       st.floats(0, 1))
def test_every_picture_lies_in_the_swept_box(points: list[tuple[float, float]],
                                             t: float) -> None:
    _, piece = film_with_one_piece()
    stops = tuple((i / (len(points) - 1), p) for i, p in enumerate(points))
    piece.animate("pos", Motion(0.0, 1.0, "ease-in-out", stops))
    box = piece.swept()
    s = piece.state(t)
    x0, y0, x1, y1 = bounds(piece.variants[s.shape])
    assert box[0] - 1e-6 <= s.x + x0 and s.x + x1 <= box[2] + 1e-6
    assert box[1] - 1e-6 <= s.y + y0 and s.y + y1 <= box[3] + 1e-6


def test_a_variant_waits_for_its_first_stop_in_every_backend() -> None:
    """A switch half-way through a beat keeps the variant shown before until then: in the
    film (the raster frames), and in the SVG's windows of the variants."""
    from puzzlereel.render.backends.svg import windows

    _, piece = film_with_one_piece()
    piece.animate("shape", Motion(1.0, 3.0, "linear", ((0.5, 1.0),)))
    piece.animate("shape", Motion(4.0, 6.0, "linear", ((0.5, 0.0),)))
    assert [piece.state(t).shape for t in (1.5, 2.5, 4.5, 5.5)] == [0, 1, 1, 0]
    assert windows(piece, 0) == [(0.0, pytest.approx(2.0)), (pytest.approx(5.0), float("inf"))]
    assert windows(piece, 1) == [(pytest.approx(2.0), pytest.approx(5.0))]
