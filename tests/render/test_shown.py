"""``Shown``, what each element of a scene shows beat after beat: a beat's tweens change
only what differs, and an element keeps the look it was declared with until the beat
that changes it, whether or not ``Shown`` was ever told it shows."""

from __future__ import annotations

from puzzlereel.render.direction.scene.beats import Tween
from puzzlereel.render.direction.scene.shown import Shown
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.film.elements import Element, Film, Motion
from puzzlereel.render.film.shapes import Rect

WHITE, RED = (255, 255, 255), (200, 30, 30)


def _stage() -> Stage:
    return Stage(Film(100, 100, (0, 0, 0)), 10, 0, 0, 100, 100)


def _lamp(stage: Stage, name: str, opacity: float = 1.0) -> Element:
    """An element of two looks: white (0, as declared) and red (1)."""
    return stage.add(name, [Rect(0, 0, 10, 10, WHITE), Rect(0, 0, 10, 10, RED)],
                     opacity=opacity)


def _play(beats: list[list[Tween]]) -> None:
    """Each beat's tweens as motions, beat k from k to k + 1 seconds (as the director
    plays them)."""
    for k, tweens in enumerate(beats):
        for tween in tweens:
            tween.element.animate(tween.prop, Motion(k, k + 1, "linear", tween.stops))


def test_an_element_shown_from_the_start_keeps_its_look_until_its_beat():
    """Declared visible and never shown through ``Shown``: a later beat's look starts at
    that beat; the opening picture shows the declared one."""
    stage = _stage()
    lamp = _lamp(stage, "lamp")
    book = Shown()
    _play([[], [], book.looks(lamp, 1)])
    assert lamp.shape == 0
    assert [lamp.state(t).shape for t in (0.0, 1.5, 2.5, 3.5)] == [0, 0, 1, 1]
    assert book.looks(lamp, 1) == []


def test_a_hidden_element_takes_its_look_from_the_start_and_no_tween():
    """Hidden from the start until it appears: its look is set from the film's start
    (nothing shows it before), without a tween of its own."""
    stage = _stage()
    hidden = _lamp(stage, "hidden", opacity=0.0)
    book = Shown()
    tweens = book.looks(hidden, 1)
    assert [t.prop for t in tweens] == []
    _play([[], tweens + book.visible(hidden, True)])
    assert hidden.state(0.0).opacity == 0.0
    assert hidden.state(1.5).shape == 1 and hidden.state(1.5).opacity == 1.0


def test_an_element_shown_through_shown_switches_at_its_beat():
    stage = _stage()
    lamp = _lamp(stage, "lamp", opacity=0.0)
    book = Shown()
    first = book.visible(lamp, True)
    _play([first, book.looks(lamp, 1), book.looks(lamp, 0)])
    assert [lamp.state(t).shape for t in (0.5, 1.5, 2.5)] == [0, 1, 0]
