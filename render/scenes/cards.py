"""What the equation scenes share (``equations``, ``alphametic``): one card per solution
on a rounded board, its lines kept clear of the board's sides and set no smaller than
the frame's legible size; and, for a scene that lists them (komachi, oomachi), the
ending: the last card gives way to every solution at once (``solutions``).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.ground.words import plural
from puzzlereel.render.direction.scene.beats import Beat, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import fade, show, switch
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Rect, Shape, group
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.film.typeset import fit_text_px
from puzzlereel.render.options import RenderOptions
from puzzlereel.render.scenes.equation_glyphs import pretty
from puzzlereel.render.scenes.solutions import Entry, list_shapes, listing
from puzzlereel.trace import Header, Replay, Replayed, SolutionFound

CARD_PAD = 0.4           # the board's margin, in cells
CLEAR = 0.07        # a card's lines keep this share of the drawing's width clear on each
#                     side: inside the title-safe area in every layout (a landscape
#                     frame's board reaches past it)
LIST_SIZE = 1.1        # the ending's list is set at most this many cells large


class CardScene(SceneBase):
    """One card per solution on a rounded board; subclasses say what a card holds."""

    MAX_CARDS = 200

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.shown = 0                          # cards shown so far
        self.left_out = False                   # a solution came past MAX_CARDS
        self.showing: list[Element] = []        # the elements of the card on show
        self.found: list[str] = []              # the shown solutions' texts ("1+2=3")

    # subclasses ------------------------------------------------------------

    def grid(self) -> tuple[float, float]:
        """The card's size in cells, without the board's margin."""
        raise NotImplementedError

    def set_up(self, stage: Stage) -> None:
        """Add what every card shares and the puzzle shown before the first card
        (called once the board is staged)."""

    def card(self, event: SolutionFound) -> list[Beat]:
        """The beats that show ``event``'s card."""
        raise NotImplementedError

    def forms(self) -> list[list[Entry]]:
        """Every solution shown, as entries of the ending's list, in the forms the list
        may take, the most complete first (none: the video ends on the last card)."""
        return []

    def leaving(self) -> list[Element]:
        """What gives way to the ending's list: the card on show."""
        return self.showing

    # interface -------------------------------------------------------------

    def extent(self) -> tuple[float, float]:
        w, h = self.grid()
        return (w + 2 * CARD_PAD, h + 2 * CARD_PAD)

    def end_text(self, count: int) -> str:
        """"11 solutions", or "25 solutions shown" when more were found than shown."""
        more = " shown" if self.left_out else ""
        return f"{count} {plural('solution', count)}{more}"

    def shown_count(self) -> int | None:
        return self.shown

    def stage(self, stage: Stage) -> None:
        self.at_stage = stage
        self.cell = c = stage.cell
        self.W, self.H = stage.width, stage.height
        m = max(1, int(c * 0.1))
        stage.add("board", group([Rect(m, m, self.W - 2 * m, self.H - 2 * m, self.theme.board,
                                       rx=c * 0.3), *self.board_marks()]), "under")
        self.set_up(stage)

    def board_marks(self) -> list[Shape]:
        """Still shapes on the board under everything else (an alphametic's rule)."""
        return []

    def line_room(self) -> int:
        """The width a card's line may take: the board's inside, ``CLEAR`` kept clear."""
        return int(min(self.W - 2 * CARD_PAD * self.cell, self.W * (1 - 2 * CLEAR)))

    def line_set(self, raw: str, px: int, suffix: str = "") -> tuple[str, int]:
        """An equation and its size for a card's line, at about ``px``: spaced as people
        write it, else close set where only that holds it at the legible size
        (``suffix`` after it: " =")."""
        legible = self.at_stage.legible
        text = ""
        for spaced in (True, False):
            text = pretty(raw, spaced) + suffix
            size = fit_text_px(text, self.line_room(), px, bold=True)
            if size >= legible:
                return text, size
        return text, max(legible, fit_text_px(text, self.line_room(), px, bold=True))

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        ev = item.applied
        if not isinstance(ev, SolutionFound):
            return []
        if self.shown >= self.MAX_CARDS:
            self.left_out = True
            return []
        self.shown += 1
        self.found.append((ev.text or "").replace(" ", ""))
        return self.card(ev)

    def payoff(self) -> Beat | None:
        """The last card gives way to every solution at once (``forms``): the card
        fades out over the first half of the beat, the list in over the second."""
        forms = self.forms()
        if not forms or not self.found:
            return None
        c = self.cell
        room = self.line_room()
        x, y = (self.W - room) // 2, int(CARD_PAD * c)
        height = self.H - 2 * y
        legible = self.at_stage.legible
        made = listing(forms, room, height, legible, max(legible, int(c * LIST_SIZE)))
        t = self.theme
        shapes = list_shapes(made, x, y, room, height, [t.text, t.emphasis])
        self.listed = self.at_stage.add("solutions", group(shapes), opacity=0.0)
        tweens = [fade(e, 1.0, 0.0, 0.0, 0.5) for e in self.leaving()]
        tweens.append(fade(self.listed, 0.0, 1.0, 0.5, 1.0))
        self.showing = [self.listed]
        return Beat(tuple(tweens), pause=False, sheet=False)

    # helpers ----------------------------------------------------------------

    def show_variant(self, elements: Sequence[Element], k: int) -> list[Tween]:
        """Tweens that make ``elements`` (hidden when a card starts) show variant ``k``
        for the card; nothing shows them before the first card, so they start on it."""
        if self.shown == 1:
            for e in elements:
                e.shape = k
            return []
        return [switch(e, [(0.0, k)]) for e in elements]

    def replace_card(self, elements: Sequence[Element]) -> list[Tween]:
        """Tweens that take the last card (or the puzzle, before the first) away and put
        ``elements`` (the new card's still part) on show as a beat starts."""
        tweens = [show(e, False) for e in self.showing]
        tweens += [show(e, True) for e in elements]
        self.showing = list(elements)
        return tweens


__all__ = ["CARD_PAD", "CLEAR", "CardScene"]
