"""Colour themes: the named palettes a scene and the core draw with, and text contrast.

Colours are (r, g, b) tuples.  Hues come from the Okabe–Ito palette, which stays
distinguishable with the common colour-vision deficiencies: the goal piece takes the one
accent colour (vermillion; also the target outline, the exit arrow and the progress bar),
other pieces take the hue of their role (``pieces``: "primary", the first piece colour: a
tall block, a peg, a chart's bar; "wide", "small" and "other" blocks; a scene says which
of its pieces plays which role, and ``PIECE_ORDER`` gives the next hues for pieces of
no role), and the highlight of a moving piece differs from every piece colour.

Every text the renderer writes sits on one of a few backgrounds; ``Theme.text_pairs``
lists them all and ``contrast`` computes the WCAG ratio, which the tests keep at 4.5:1 or
more (AA) in every theme.  Text on a coloured fill uses ``on(fill)``: whichever of the
theme's dark or light ink reads better.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]

# Okabe & Ito (2008), "Color Universal Design": the hues of the palette
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)

# ten colours for things told apart by colour (Mastermind's code pegs, the digits of an
# oomachi product); they always carry their symbol too, so colour is never the only cue
CATEGORICAL: tuple[RGB, ...] = (
    BLUE, ORANGE, GREEN, PURPLE, SKY, VERMILLION, YELLOW, (112, 112, 112),
    (140, 86, 75), (200, 200, 200),
)

# the roles a piece's hue is named by (``Theme.pieces``): the first piece colour (a tall
# block, a peg, a chart's bar), a wide block, a small one, a block of any other shape
PIECE_ROLES = ("primary", "wide", "small", "other")
# piece hues for pieces of no role, after the theme's role hues, in order of first use
PIECE_ORDER: tuple[RGB, ...] = (BLUE, GREEN, SKY, PURPLE, ORANGE, (150, 110, 70),
                                (112, 112, 112), (110, 80, 160))

# colours by the words people use for them: a piece whose label names a colour ("red
# car") is drawn in it, so that what the words say and what the video shows agree
RED: RGB = (204, 37, 41)
NAMED_COLOURS: Mapping[str, RGB] = {
    "red": RED, "orange": ORANGE, "yellow": YELLOW, "green": GREEN, "blue": BLUE,
    "purple": (110, 80, 160), "pink": PURPLE,      # Okabe-Ito's reddish purple reads pink
    "brown": (150, 110, 70), "grey": (112, 112, 112), "gray": (112, 112, 112),
    "black": (40, 40, 40),
}


def colour_word(text: str) -> str | None:
    """The colour ``text`` names, the first of its words that is one of ``NAMED_COLOURS``'s
    ("red car" -> "red"), or None."""
    for word in text.lower().replace("-", " ").split():
        if word in NAMED_COLOURS:
            return word
    return None


INK_DARK: RGB = (17, 17, 17)
INK_LIGHT: RGB = (255, 255, 255)


def luminance(c: RGB) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def lin(v: int) -> float:
        s = v / 255.0
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def readable_on(fill: RGB) -> RGB:
    """Dark or light ink, whichever has more contrast on ``fill``."""
    return INK_DARK if contrast(INK_DARK, fill) >= contrast(INK_LIGHT, fill) else INK_LIGHT


@dataclass(frozen=True)
class Theme:
    name: str
    background: RGB          # around the board and the panel
    board: RGB               # the playing area
    frame: RGB               # the board's frame / walls
    text: RGB                # titles, counters, the panel
    muted: RGB               # secondary text
    accent: RGB              # the goal accent: target outline, exit arrow, progress bar
    target: RGB              # marks the goal cells (drawn above the pieces)
    goal: RGB                # the goal piece
    pieces: Mapping[str, RGB] = field(default_factory=dict)   # hues by role (PIECE_ROLES)
    label: RGB = (255, 255, 255)   # preferred text on pieces (``on`` picks if it fails)
    extra: Mapping[str, RGB] = field(default_factory=dict)
    highlight: RGB = INK_DARK      # the moving piece's outline (fades in and out)
    emphasis: RGB = (160, 56, 0)   # text in the accent's hue (readable on background/board)
    track: RGB = (220, 214, 202)   # the progress bar's empty track
    row: RGB = (253, 228, 207)     # behind the current move in the panel's list
    glow: RGB = YELLOW             # success: what lights up as a puzzle is solved

    def colours(self) -> list[RGB]:
        """Every colour of the theme (for fixed GIF palettes)."""
        out = [self.background, self.board, self.frame, self.text, self.muted, self.accent,
               self.target, self.goal, self.label, self.highlight, self.emphasis, self.track,
               self.glow, self.row, *self.pieces.values(), *self.extra.values()]
        seen: list[RGB] = []
        for c in out:
            if c not in seen:
                seen.append(c)
        return seen

    def on(self, fill: RGB) -> RGB:
        """The ink for text on ``fill``: the theme's label colour when it reads (4.5:1),
        else the better of dark and light."""
        return self.label if contrast(self.label, fill) >= 4.5 else readable_on(fill)

    def text_pairs(self) -> list[tuple[str, RGB, RGB]]:
        """Every (what, text colour, background) pair the renderer writes."""
        pairs = [("text on background", self.text, self.background),
                 ("muted on background", self.muted, self.background),
                 ("emphasis on background", self.emphasis, self.background),
                 ("text on board", self.text, self.board),
                 ("muted on board", self.muted, self.board),
                 ("emphasis on board", self.emphasis, self.board),
                 ("text on current row", self.text, self.row)]
        for key, fill in {**self.pieces, "goal": self.goal, "accent": self.accent}.items():
            pairs.append((f"label on {key}", self.on(fill), fill))
        for i, fill in enumerate((*PIECE_ORDER, *CATEGORICAL)):
            pairs.append((f"label on palette {i}", self.on(fill), fill))
        for word, fill in NAMED_COLOURS.items():
            pairs.append((f"label on {word}", self.on(fill), fill))
        return pairs


_PIECES = dict(zip(PIECE_ROLES, (BLUE, GREEN, SKY, PURPLE)))

THEMES: dict[str, Theme] = {
    "light": Theme(
        name="light",
        background=(246, 243, 236), board=(232, 225, 210), frame=(92, 74, 60),
        text=(33, 30, 28), muted=(92, 86, 80), accent=VERMILLION,
        target=VERMILLION, goal=VERMILLION, pieces=_PIECES, label=(255, 255, 255),
        highlight=INK_DARK, emphasis=(160, 56, 0), track=(222, 216, 204),
        row=(253, 228, 207),
    ),
    "dark": Theme(
        name="dark",
        background=(24, 26, 32), board=(44, 48, 58), frame=(110, 116, 130),
        text=(236, 238, 242), muted=(172, 178, 192), accent=VERMILLION,
        target=(255, 140, 60), goal=VERMILLION, pieces=_PIECES, label=(255, 255, 255),
        highlight=YELLOW, emphasis=(255, 160, 100), track=(64, 68, 80),
        row=(70, 50, 40),
    ),
    "wood": Theme(
        name="wood",
        background=(250, 246, 238), board=(226, 204, 164), frame=(120, 80, 46),
        text=(52, 34, 20), muted=(96, 66, 40), accent=VERMILLION,
        target=VERMILLION, goal=VERMILLION, pieces=_PIECES, label=(255, 250, 240),
        highlight=INK_DARK, emphasis=(150, 50, 0), track=(228, 216, 196),
        row=(250, 222, 196),
    ),
}

__all__ = ["CATEGORICAL", "INK_DARK", "INK_LIGHT", "NAMED_COLOURS", "PIECE_ORDER", "PIECE_ROLES",
           "RGB", "THEMES", "Theme", "colour_word", "contrast", "luminance", "readable_on"]
