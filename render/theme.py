"""Colour themes: the named palettes a scene and the core draw with.

Colours are (r, g, b) tuples.  ``pieces`` maps a shape class to a colour; a scene picks
the class (the sliding-block scene uses "2x2", "2x1" (wide), "1x2" (tall), "1x1" and
"other").  Scenes for new puzzle families should draw with these colours too, so every
theme works for every puzzle; add keys to ``extra`` rather than new fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]

# ten well-separated colours for things told apart by colour alone (Mastermind's code
# pegs, the digits of an alphametic); symbols beyond ten reuse them, with their number
CATEGORICAL: tuple[RGB, ...] = (
    (31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189),
    (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34), (23, 190, 207),
)


@dataclass(frozen=True)
class Theme:
    name: str
    background: RGB          # around the board, and the title card
    board: RGB               # the playing area
    frame: RGB               # the board's frame / walls
    text: RGB                # counter and title text
    muted: RGB               # secondary text
    accent: RGB              # highlight: moving piece outline, counter number
    target: RGB              # marks the goal cells
    goal: RGB                # the goal piece
    pieces: Mapping[str, RGB] = field(default_factory=dict)
    label: RGB = (255, 255, 255)   # text on pieces
    extra: Mapping[str, RGB] = field(default_factory=dict)

    def colours(self) -> list[RGB]:
        """Every colour of the theme (for fixed GIF palettes)."""
        out = [self.background, self.board, self.frame, self.text, self.muted, self.accent,
               self.target, self.goal, self.label, *self.pieces.values(), *self.extra.values()]
        seen: list[RGB] = []
        for c in out:
            if c not in seen:
                seen.append(c)
        return seen


THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light",
        background=(246, 243, 236), board=(232, 225, 210), frame=(92, 74, 60),
        text=(40, 36, 32), muted=(120, 112, 104), accent=(230, 120, 20),
        target=(214, 90, 80), goal=(200, 48, 48),
        pieces={"2x2": (200, 48, 48), "2x1": (60, 110, 190), "1x2": (56, 150, 110),
                "1x1": (232, 178, 50), "other": (140, 100, 170)},
        label=(255, 255, 255),
    ),
    "dark": Theme(
        name="dark",
        background=(24, 26, 32), board=(40, 44, 54), frame=(110, 116, 130),
        text=(236, 238, 242), muted=(150, 156, 170), accent=(255, 190, 70),
        target=(240, 110, 100), goal=(236, 86, 86),
        pieces={"2x2": (236, 86, 86), "2x1": (90, 150, 240), "1x2": (80, 196, 150),
                "1x1": (245, 200, 90), "other": (180, 140, 230)},
        label=(20, 22, 28),
    ),
    "wood": Theme(
        name="wood",
        background=(250, 246, 238), board=(222, 196, 150), frame=(120, 80, 46),
        text=(60, 40, 24), muted=(130, 100, 70), accent=(30, 120, 200),
        target=(170, 40, 40), goal=(176, 52, 40),
        pieces={"2x2": (176, 52, 40), "2x1": (150, 104, 60), "1x2": (128, 86, 50),
                "1x1": (190, 140, 84), "other": (110, 90, 70)},
        label=(255, 244, 226),
    ),
}

__all__ = ["CATEGORICAL", "RGB", "Theme", "THEMES"]
