"""What each element of a scene shows, beat after beat (``Shown``), so that a beat's
tweens change only what differs."""

from __future__ import annotations

from puzzlereel.render.direction.scene.beats import Tween
from puzzlereel.render.direction.scene.tweens import fade, show, switch
from puzzlereel.render.film.elements import Element


class Shown:
    """What each element shows as a scene makes its beats one after another: whether it
    is visible and which variant, so that a beat's tweens change only what differs (a
    scene that sets many elements at once, like a board of queens).  ``on`` holds what
    it was told of each element's visibility; an element the scene shows or hides with
    tweens of its own is noted there too (``on[el] = True``)."""

    def __init__(self) -> None:
        self.on: dict[Element, bool] = {}
        self.look: dict[Element, int] = {}

    def visible(self, el: Element, first: bool, then: bool | None = None,
                last: float = 0.1) -> list[Tween]:
        """``el`` shown or not from the beat's start (``first``), then (``then``) by its
        end, fading over the ``last`` share of its progress; nothing when that changes
        nothing."""
        then = first if then is None else then
        was = self.on.get(el, el.opacity > 0)
        self.on[el] = then
        if was == first == then:
            return []
        if first == then:
            return [show(el, first)]
        a, b = float(first), float(then)
        return [Tween(el, "opacity", ((0.0, a), (1.0 - last, a), (1.0, b)))]

    def fade(self, el: Element, visible: bool, p0: float, p1: float) -> list[Tween]:
        """``el`` fading in or out while the progress runs p0 -> p1 (nothing when it
        already shows so)."""
        was = self.on.get(el, el.opacity > 0)
        self.on[el] = visible
        if was == visible:
            return []
        return [fade(el, float(was), float(visible), p0, p1)]

    def looks(self, el: Element, k: int) -> list[Tween]:
        """``el`` showing its variant ``k`` from the beat's start (from the film's start,
        with no tween, when it has shown nothing yet: ``unseen``)."""
        if self.look.get(el, el.shape) == k:
            return []
        self.look[el] = k
        if self.unseen(el):
            el.shape = k
            return []
        return [switch(el, [(0.0, k)])]

    def unseen(self, el: Element) -> bool:
        """Whether ``el`` has shown nothing so far: hidden from the film's start (its
        opacity as added) and never shown or hidden through this book since.  Its
        starting look is then seen first when it appears."""
        return el not in self.on and el.opacity <= 0

    def showing(self, el: Element) -> bool:
        return self.on.get(el, el.opacity > 0)


__all__ = ["Shown"]
