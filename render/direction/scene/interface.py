"""What the director asks of a puzzle family's scene (``Scene``; the package's
docstring tells the order of the calls) and the defaults scenes build on
(``SceneBase``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from puzzlereel.ground.words import plural
from puzzlereel.registry import FAMILIES, Family
from puzzlereel.render.direction import search
from puzzlereel.render.direction.scene.beats import Beat
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.film.shapes import Box
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import Header, Replay, Replayed


@runtime_checkable
class Scene(Protocol):
    """What the director needs from a puzzle family's scene (see the package's docstring)."""

    family: Family
    #: the word on the counter: "Move 12 / 81", "Guess 3", "Solution 2 / 92"
    counter_word: str

    def extent(self) -> tuple[float, float]:
        """The drawing's size in board cells (width, height), margins included."""
        ...

    def picture_extent(self) -> tuple[float, float]:
        """The part of the drawing the goal's small picture shows (default: all)."""
        ...

    def stage(self, stage: Stage) -> None:
        """Add the scene's elements to ``stage`` (at ``stage.cell`` pixels a cell)."""
        ...

    def advance(self, item: Replayed, replay: Replay) -> Sequence[Beat]:
        """The beats one replayed event makes (none for notes).  ``item.applied`` is the
        normalised event the replay returned; ``replay`` the live position *after* it
        (read it, never keep it)."""
        ...

    def retime(self, beats: list[Beat]) -> list[Beat]:
        """The beats once all are known: a scene may change their ``units``."""
        ...

    def payoff(self) -> Beat | None:
        """A last beat after the final move of a solved trace (None: none)."""
        ...

    def payoff_area(self) -> Box | None:
        """Where the payoff plays in the drawing's cells (None: nowhere in particular)."""
        ...

    def goal(self) -> Beat | None:
        """An instant beat that shows the goal position (None: no goal picture)."""
        ...

    def goal_sentence(self) -> str:
        """The goal in one sentence: the family's (its registry row's), with what this
        puzzle makes of it ("Get the daughter out through the gap at the bottom.")."""
        ...

    def end_text(self, count: int) -> str:
        """The counter on the final hold of a solved trace ("Solved in 81 moves")."""
        ...

    def shown_count(self) -> int | None:
        """How many solutions the video shows, when it shows fewer than exist."""
        ...

    def goal_reached(self, depth: int) -> str:
        """Where the search first reached the goal, in words, for the end of the "how it
        was found" segment."""
        ...


class SceneBase:
    """Defaults for scenes: keeps header, options and theme and the family's registry
    row; the counter word is the puzzle's count noun ("Move", "Guess", "Solution") unless the
    class says otherwise."""

    counter_word: str = ""
    schemes: tuple[str, ...] = ()     # the colour schemes it draws with, besides "auto"

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        self.header = header
        self.options = options
        self.theme = theme
        self.family = FAMILIES[header.puzzle]
        self.count_noun = self.family.count_noun
        if not self.counter_word:
            self.counter_word = self.count_noun.capitalize()

    def picture_extent(self) -> tuple[float, float]:
        return self.extent()

    def extent(self) -> tuple[float, float]:
        raise NotImplementedError

    def retime(self, beats: list[Beat]) -> list[Beat]:
        return beats

    def payoff(self) -> Beat | None:
        return None

    def payoff_area(self) -> Box | None:
        return None

    def goal(self) -> Beat | None:
        return None

    def goal_sentence(self) -> str:
        """The family's goal in one sentence (its registry row's)."""
        return self.family.goal

    def goal_of(self, *swaps: tuple[str, str]) -> str:
        """The row's goal sentence made this puzzle's: each general phrase of it swapped,
        where it first appears, for what this puzzle makes of it (``("the queens", "8
        queens on a 8×8 board")``); a LookupError for a phrase the sentence lacks."""
        text = self.family.goal
        for general, specific in swaps:
            if general not in text:
                raise LookupError(f"{self.family.name}: {general!r} is not in {text!r}")
            text = text.replace(general, specific, 1)
        return text

    def end_text(self, count: int) -> str:
        """"Solved in 81 moves" (``count`` = the last counter value shown)."""
        return f"Solved in {count} {plural(self.count_noun, count)}"

    def goal_reached(self, depth: int) -> str:
        """Where the search first reached the goal, in words (``search.goal_reached``)."""
        return search.goal_reached(depth)

    def shown_count(self) -> int | None:
        return None


__all__ = ["Scene", "SceneBase"]
