"""How words come in and how a film changes picture, as motions of its elements.

**Easing in**: the result's headline and its details fade in as they appear and rise
a little into place (``ease_in``), over ``EASE_IN`` seconds, eased out, so that no
text appears from one frame to the next; the title and the goal rise into place as
the video opens (``settle``), shown from its first frame.

**Changing picture** without a double exposure: one picture's texts are gone before the
next one's show.  A looping format's return to its start (``back_to_start``) fades out
every element that differs from the first frame, then puts it where, as and how the
first frame shows it, then fades it in: the elements the two pictures share stay.  The
search's chart (``chart_cover``) comes in and goes over a cover of the background: the
cover fades in over the board before the chart's parts fade in on it, and the chart's
parts fade out before the cover fades off the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.render.film.elements import Element, ElementState, Film, Motion
from puzzlereel.render.film.shapes import Rect, bounds, group, texts

EASE_IN = 0.35        # seconds of a text easing in
RISE = 0.6            # how far it rises into place: this share of the legible size
EASE = "ease-out"     # its progress: quick at first, settling into place
FADE_EASING = "ease-in-out"  # a picture's elements fading out or in
SAME_WITHIN = 1e-6           # states this close are the same


def ease_in(element: Element, at: float, until: float, rise: float = 0.0) -> None:
    """``element`` fades in from ``at`` (from nothing to fully shown) and rises
    ``rise`` pixels into its place (see ``rise``), over ``EASE_IN`` seconds but done by
    ``until``; before ``at`` it shows as it did."""
    end = min(at + EASE_IN, until)
    if end <= at:
        return
    element.animate("opacity", Motion(at, end, EASE, ((0.0, 0.0), (1.0, 1.0))))
    if rise:
        _rise(element, at, end, rise)


def settle(element: Element, until: float, rise: float) -> None:
    """``element`` rises ``rise`` pixels into its place as the video opens, over
    ``EASE_IN`` seconds but done by ``until``: shown from the first frame (the picture
    players show before a video plays), moving into place."""
    end = min(EASE_IN, until)
    if end > 0 and rise:
        _rise(element, 0.0, end, rise)


def rise(element: Element, legible: int, safe: tuple[int, int, int, int]) -> float:
    """How far ``element`` rises into place as it eases in (negative: it comes down):
    ``RISE`` of the ``legible`` size, from below where the ``safe`` area (x, y, w, h)
    has that room under it, else from above where it has it over it, else as far as
    the side with more room allows."""
    distance = max(1, round(legible * RISE))
    box = bounds(group(element.variants, element.x, element.y))
    top, bottom = safe[1], safe[1] + safe[3]
    below, above = bottom - box[3], box[1] - top
    if below >= distance:
        return distance
    if above >= distance:
        return -distance
    return max(below, 0.0) if below >= above else -max(above, 0.0)


def _rise(element: Element, t0: float, t1: float, rise: float) -> None:
    """``element`` moves from ``rise`` pixels under its place (over it, when negative)
    into it between ``t0`` and ``t1``."""
    state = element.state(t0)
    if t0 <= 0:                       # from the first frame: it starts off its place
        element.x, element.y = state.x, state.y + rise
    element.animate("pos", Motion(t0, t1, EASE, ((0.0, (state.x, state.y + rise)),
                                                 (1.0, (state.x, state.y)))))


def back_to_start(film: Film, t0: float, t1: float, first: float) -> None:
    """From ``t0`` to ``t1`` seconds, every element whose state differs from the one it
    has at ``first`` (the first frame's time) goes back to it: one that shows another
    variant, or a piece in another place, fades out in the first half, changes at the
    middle and fades in (when the first frame shows it) in the second, so that no text
    shows over another; one that keeps its picture and shows throughout (the title, a
    piece in its place) fades or moves to its first state over the whole time, and so
    does one without words that only fades (a drawing giving way to the board)."""
    mid = (t0 + t1) / 2
    for element in film.elements:
        now, then = element.state(t0), element.state(first)
        if not _differ(now, then):
            continue
        free = max(t0, _last_change(element))
        if _moves_alone(element, now, then):
            _glide(element, now, then, free, max(free, t1))
            continue
        if _wordless(element) and now.shape == then.shape and _still(now, then):
            _fade(element, now.opacity, then.opacity, free, max(free, t1))
            continue
        turn = max(mid, free)
        if now.opacity > SAME_WITHIN and free < turn:
            element.animate("opacity", Motion(free, turn, FADE_EASING, ((0.0, now.opacity),
                                                                 (1.0, 0.0))))
        elif now.opacity > SAME_WITHIN:
            _set(element, "opacity", turn, 0.0)
        if abs(now.x - then.x) > SAME_WITHIN or abs(now.y - then.y) > SAME_WITHIN:
            _set(element, "pos", turn, (then.x, then.y))
        if now.shape != then.shape:
            _set(element, "shape", turn, float(then.shape))
        if abs(now.scale - then.scale) > SAME_WITHIN:
            _set(element, "scale", turn, then.scale)
        if then.opacity > SAME_WITHIN:
            element.animate("opacity", Motion(turn, max(turn, t1), FADE_EASING,
                                              ((0.0, 0.0), (1.0, then.opacity))))


def _wordless(element: Element) -> bool:
    """Whether no variant of ``element`` holds a text (nothing of it can be read twice)."""
    return not any(list(texts(variant)) for variant in element.variants)


def _still(now: ElementState, then: ElementState) -> bool:
    """Whether ``now`` and ``then`` differ in opacity alone."""
    return abs(now.x - then.x) <= SAME_WITHIN and abs(now.y - then.y) <= SAME_WITHIN \
        and abs(now.scale - then.scale) <= SAME_WITHIN


def _fade(element: Element, a: float, b: float, t0: float, t1: float) -> None:
    """``element``'s opacity from ``a`` to ``b`` between ``t0`` and ``t1``: a picture
    without words crosses the other over the whole return, so that the frame never
    empties (a board giving way to another drawing)."""
    if t1 > t0:
        element.animate("opacity", Motion(t0, t1, FADE_EASING, ((0.0, a), (1.0, b))))
    else:
        _set(element, "opacity", t0, b)


def chart_cover(cover: Element, parts: Sequence[Element],
                coming: tuple[float, float], going: tuple[float, float]) -> None:
    """The chart's ``parts`` over ``cover`` (the background, added under them): in
    ``coming``'s first half the cover fades in over the board and in its second the
    parts shown at once fade in; in ``going``'s first half every part fades out and in
    its second the cover fades off the board."""
    a, b = coming
    c, d = going
    m, n = (a + b) / 2, (c + d) / 2
    cover.opacity = 0.0
    cover.animate("opacity", Motion(a, m, FADE_EASING, ((0.0, 0.0), (1.0, 1.0))))
    cover.animate("opacity", Motion(n, d, FADE_EASING, ((0.0, 1.0), (1.0, 0.0))))
    for element in parts:
        if element.opacity > 0:          # unseen till it fades in
            element.opacity = 0.0
            element.animate("opacity", Motion(m, b, FADE_EASING, ((0.0, 0.0), (1.0, 1.0))))
        element.animate("opacity", Motion(c, n, FADE_EASING, ((0.0, 1.0), (1.0, 0.0))))


def cover_of(film: Film, name: str) -> Element:
    """A full-frame cover of the film's background in the overlay layer, unseen."""
    return film.add(name, [Rect(0, 0, film.width, film.height, film.background)], "overlay",
                    opacity=0.0, role="search")


def _differ(a: ElementState, b: ElementState) -> bool:
    if a.opacity <= SAME_WITHIN and b.opacity <= SAME_WITHIN:
        return False
    return (a.shape != b.shape or abs(a.opacity - b.opacity) > SAME_WITHIN
            or abs(a.x - b.x) > SAME_WITHIN or abs(a.y - b.y) > SAME_WITHIN
            or abs(a.scale - b.scale) > SAME_WITHIN)


def _moves_alone(element: Element, now: ElementState, then: ElementState) -> bool:
    """Whether ``element`` goes back without showing two pictures: it shows before and
    after, keeps its variant and size, and it is a word around the board (which
    nothing else takes the place of) or stays in place."""
    return (now.opacity > SAME_WITHIN and then.opacity > SAME_WITHIN
            and now.shape == then.shape and abs(now.scale - then.scale) <= SAME_WITHIN
            and (element.role == "chrome" or (abs(now.x - then.x) <= SAME_WITHIN
                                              and abs(now.y - then.y) <= SAME_WITHIN)))


def _glide(element: Element, now: ElementState, then: ElementState, t0: float, t1: float) -> None:
    """``element`` fades and moves from ``now`` to ``then`` between ``t0`` and ``t1``."""
    if abs(now.opacity - then.opacity) > SAME_WITHIN:
        element.animate("opacity", Motion(t0, t1, FADE_EASING, ((0.0, now.opacity),
                                                         (1.0, then.opacity))))
    if abs(now.x - then.x) > SAME_WITHIN or abs(now.y - then.y) > SAME_WITHIN:
        element.animate("pos", Motion(t0, t1, FADE_EASING, ((0.0, (now.x, now.y)),
                                                     (1.0, (then.x, then.y)))))


def _last_change(element: Element) -> float:
    return max((t1 for _t0, t1 in element.changes()), default=0.0)


def _set(element: Element, prop: str, at: float, value: float | tuple[float, float]) -> None:
    """``prop`` takes ``value`` just after ``at``."""
    element.animate(prop, Motion(at, at, "linear", ((0.0, value),)))


__all__ = ["EASE_IN", "RISE", "back_to_start", "chart_cover", "cover_of", "ease_in", "rise",
           "settle"]
