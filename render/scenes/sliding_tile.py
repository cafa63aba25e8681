"""The sliding-tile scene: numbered square tiles in a framed tray, each move one tile
sliding into the blank.

Colour schemes (``[render] scheme`` or the trace header's ``render.scheme`` hint):
``plain`` (the default: every tile alike, its number all that tells it), ``rows`` (by
the tile's goal row), ``columns`` (by its goal column) and ``fringe``: the L-shaped
layers speed-solvers fill one after another - first the row and column farthest from the
blank's goal cell, then the next row and column of the smaller board left, and so on. A
scheme colours a tile by the part of the goal it belongs to, the goal sentence says so
(``COLOUR_LEGENDS``), and the goal's picture shows those parts in the same colours. Colours come
from the colour-blind-safe hues of ``theme.PIECE_ORDER``; numbers take the ink that
reads on their tile. Each tile is one element that slides; one outline, shared by all
tiles, follows the moving tile and fades in and out. The goal (the tiles in order) is
the panel's small picture, and a solved trace ends with the tiles lighting up one after
another in goal order, each ringed in the theme's glow colour, and staying lit (the
payoff).
"""

from __future__ import annotations

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import glow, slide
from puzzlereel.render.film.draw import darker
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Rect, Shape, Text, group, rounded_box
from puzzlereel.render.film.theme import PIECE_ORDER, RGB, Theme
from puzzlereel.render.options import RenderOptions
from puzzlereel.rules.notation import tile_words
from puzzlereel.rules.sliding_tile import SCHEMES, TileLayout, Tiles
from puzzlereel.trace import Header, Replay, Replayed, TileMove, TraceError

TILE_BORDER = 0.25      # frame thickness, in cells

# what a colour scheme's colours mean, said after the goal sentence (the colour key)
COLOUR_LEGENDS = {"rows": "Each colour is one row of the goal.",
        "columns": "Each colour is one column of the goal.",
        "fringe": "Each colour is one L-shaped layer of the goal, solved one after another."}


def tile_groups(rows: int, cols: int, goal: Tiles, scheme: str) -> dict[int, int]:
    """Tile -> colour group under ``scheme`` (plain: all 0)."""
    blank = goal.index(0)
    br, bc = divmod(blank, cols)
    out: dict[int, int] = {}
    for cell, tile in enumerate(goal):
        if tile == 0:
            continue
        r, c = divmod(cell, cols)
        # rows / columns counted from the side opposite the blank's goal cell
        rr = r if br >= rows / 2 else rows - 1 - r
        cc = c if bc >= cols / 2 else cols - 1 - c
        if scheme == "rows":
            out[tile] = rr
        elif scheme == "columns":
            out[tile] = cc
        elif scheme == "fringe":
            out[tile] = min(rr, cc)
        else:
            out[tile] = 0
    return out


def chosen_scheme(header: Header, options: RenderOptions) -> str:
    """The colour scheme: the option, else the header's hint, else ``plain`` (a colour
    only where asked for, so that it never says what the frame does not); a TraceError
    for a scheme nobody knows."""
    scheme = options.scheme
    if scheme == "auto":
        hint = header.render.get("scheme") if isinstance(header.render, dict) else None
        scheme = hint if isinstance(hint, str) and hint in SCHEMES else "plain"
    if scheme not in SCHEMES:
        raise TraceError(f"unknown colour scheme {scheme!r} for sliding tiles (known: "
                         f"{', '.join(SCHEMES)})", field="render.scheme")
    return scheme


class SlidingTileScene(SceneBase):
    """Draws sliding-tile traces (8-puzzle, 15-puzzle, any rows x cols)."""

    schemes = SCHEMES

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        layout = TileLayout.from_header(header)     # parses and checks the header's fields
        self.rows, self.cols = layout.rows, layout.cols
        self.start: Tiles = layout.start
        self.goal_tiles: Tiles = layout.goal
        self.scheme = chosen_scheme(header, options)
        groups = tile_groups(self.rows, self.cols, self.goal_tiles, self.scheme)
        palette = list(PIECE_ORDER)
        self.fills: dict[int, RGB] = {t: palette[g % len(palette)] for t, g in groups.items()}
        self.state: list[int] = list(self.start)

    # ---------------------------------------------------------------- words

    def goal_sentence(self) -> str:
        """The family's goal, and under a colour scheme what its colours mean
        (``COLOUR_LEGENDS``), so that no colour is without a meaning the frame says."""
        return " ".join(x for x in (self.family.goal, COLOUR_LEGENDS.get(self.scheme, "")) if x)

    def extent(self) -> tuple[float, float]:
        return (self.cols + 2 * TILE_BORDER, self.rows + 2 * TILE_BORDER)

    def notation(self, tile: int, src: int, dst: int) -> str:
        """"5 ←": the tile and the way it slides (from cell ``src`` to ``dst``), as
        ``show`` writes it too (``notation.tile_words``)."""
        return tile_words(tile, src, dst, self.cols)

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c = stage.cell
        self.cell = c
        # the frame in whole pixels, never wider than the drawing
        self.fp = fp = min(max(2, round(TILE_BORDER * c)),
                           max(0, min(stage.width - self.cols * c,
                                      stage.height - self.rows * c) // 2))
        self.at_stage = stage
        self.inset = max(1, round(c * 0.04))      # whole pixels: crisp edges
        self.border = max(1, round(c * 0.05))
        self.radius = c * 0.18 - max(1.0, c * 0.04) / 2
        W, H = self.cols * c + 2 * fp, self.rows * c + 2 * fp
        t = self.theme
        stage.add("board", group([Rect(0, 0, W, H, t.frame, rx=fp * 0.9),
                                  Rect(fp, fp, W - 2 * fp, H - 2 * fp, t.board)]), "under")
        # one size for every number, the widest's: all set alike, or (too small to be
        # legible on this frame) none
        widest = max((str(tile) for tile in self.state if tile), key=len, default="")
        self.label_px, self.label_bold = 0, True
        if self.options.labels and widest:      # bold, else regular (narrower), else none
            for bold in (True, False):
                self.label_px = stage.text_px(widest, c * 0.76, max(6, int(c * 0.42)), bold)
                if self.label_px:
                    self.label_bold = bold
                    break
        self.tiles: dict[int, Element] = {}
        for pos, tile in enumerate(self.state):
            if tile:
                x, y = self._cell(pos)
                self.tiles[tile] = stage.add(f"tile{tile}", self._tile(tile), x=x, y=y,
                                             data=(("tile", str(tile)),))
        self.outline: Element | None = None
        if self.options.highlight:
            self.outline = stage.add("tile-outline", self._outline(), "over", opacity=0.0)

    def _cell(self, pos: int) -> tuple[float, float]:
        """The drawing's pixel of cell ``pos``'s top-left (row-major)."""
        r, col = divmod(pos, self.cols)
        return (self.fp + col * self.cell, self.fp + r * self.cell)

    def _tile(self, tile: int) -> Shape:
        c, k = self.cell, self.inset
        fill = self.fills[tile]
        shapes: list[Shape] = [rounded_box(k, k, c - 2 * k, c - 2 * k, fill, darker(fill),
                                           self.border, self.radius)]
        if self.label_px:
            shapes.append(Text(c // 2, c // 2, str(tile), self.label_px, self.theme.on(fill),
                               bold=self.label_bold))
        return group(shapes)

    def _outline(self) -> Shape:
        """The moving tile's highlight: a band inside its edge."""
        c, k = self.cell, self.inset
        bw = max(2, round(c * 0.07))
        return Rect(k + bw / 2, k + bw / 2, c - 2 * k - bw, c - 2 * k - bw, None,
                    rx=max(0.0, self.radius - bw / 2), stroke=self.theme.highlight,
                    stroke_width=bw)

    # ---------------------------------------------------------------- beats

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        move = item.applied
        if not isinstance(move, TileMove):
            return []
        src = self.state.index(move.tile)
        dst = self.state.index(0)
        self.state[dst], self.state[src] = move.tile, 0
        points = [self.at_stage.at(*self._cell(p)) for p in (src, dst)]
        tweens: list[Tween] = [slide(self.tiles[move.tile], points)]
        if self.outline is not None:
            tweens += [slide(self.outline, points), glow(self.outline)]
        return [Beat(tuple(tweens), move=move.n, units=1,
                     note=self.notation(move.tile, src, dst), sounds=(BeatSound("slide"),),
                     choices=move.choices)]

    def payoff(self) -> Beat | None:
        """The tiles light up one after another in goal order: a bright ring inside each
        tile's edge, in ``theme.glow``, rising over 1.5 / (n + 1) of the payoff, the next
        one starting 1 / (n + 1) later, and staying lit: the solved tray the video ends
        on."""
        c, k = self.cell, self.inset
        bw = max(2, round(c * 0.09))
        ring = Rect(k + bw / 2, k + bw / 2, c - 2 * k - bw, c - 2 * k - bw, None,
                    rx=max(0.0, self.radius - bw / 2), stroke=self.theme.glow, stroke_width=bw)
        order = [t for t in self.goal_tiles if t]
        n = max(1, len(order))
        tweens = []
        for j, tile in enumerate(order):
            x, y = self._cell(self.state.index(tile))
            lit = self.at_stage.add(f"tile-light{tile}", ring, "over", x=x, y=y, opacity=0.0)
            lo, hi = j / (n + 1), min(1.0, (j + 1.5) / (n + 1))
            tweens.append(Tween(lit, "opacity", ((lo, 0.0), (hi, 1.0))))
        return Beat(tuple(tweens), pause=False, sheet=False)

    def goal(self) -> Beat | None:
        """Every tile in its goal cell."""
        tweens = [Tween(self.tiles[tile], "pos", ((0.0, self.at_stage.at(*self._cell(pos))),))
                  for pos, tile in enumerate(self.goal_tiles) if tile]
        return Beat(tuple(tweens), units=0, pause=False, sheet=False)


__all__ = ["COLOUR_LEGENDS", "SlidingTileScene", "chosen_scheme", "tile_groups"]
