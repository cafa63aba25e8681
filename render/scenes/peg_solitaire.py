"""The peg-solitaire scene: a board of holes, pegs that jump along an arc, the peg jumped
over fading out, the current move's chain of holes ringed, and "Pegs left: n" under
the board.

Holes are placed by the trace's geometry: ``square`` puts hole [x, y] at cell (x, y);
``triangle`` shifts row y right by half a cell per hole it lacks against the bottom row
and packs rows at sqrt(3)/2 so the triangle is equilateral.  Each hole has one peg
element, shown while the hole holds a peg; a move (a chain of jumps) hides the peg
where it starts and a single jumping peg, above the others, follows an arc through
every jump of the chain as one eased motion (stops sampled along the arcs), with an
outline that fades in and out; the peg jumped over fades out during its jump.  The
holes the chain lands in are ringed from the move's start to the next move's (the last
move's until it ends).  The
count under the board is one element with a variant per number of pegs, switched
half-way through each jump.  The goal holes are ringed on the board; the goal is also
the panel's small picture (without the count), and a solved trace ends with the last
pegs pulsing (the payoff); a goal hole's ring is wider than a peg, so that the last peg
and its ring both show.  The board has its coordinates in the margin, so that the move
list's "c1 → c3" can be found on it, at least at the frame's legible size: on a square
board column letters above and row numbers to the left; on a triangle, whose hole
[x, y] is the x-th of row y, row numbers left of the rows and each column's letter at
the top right end of its line of holes (parallel to the left side, "a" beside the top
hole), on that line.
"""

from __future__ import annotations

import math
from dataclasses import replace

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import glow
from puzzlereel.render.film.draw import darker, mix
from puzzlereel.render.film.elements import Element, Stop
from puzzlereel.render.film.shapes import Circle, Group, Rect, Shape, Text, group
from puzzlereel.render.film.theme import RGB, Theme
from puzzlereel.render.film.typeset import fit_text_px
from puzzlereel.render.options import RenderOptions
from puzzlereel.rules.notation import chain_words, column_letter, hole_name
from puzzlereel.rules.peg_solitaire import PegLayout
from puzzlereel.trace import Cell, Header, PegMove, Replay, Replayed

MARGIN = 0.45      # around the holes, in cells
FOOTER = 0.75      # the peg counter's strip under the board, in cells
PEG = 0.72         # peg diameter, in cells
HOLE = 0.36        # empty hole diameter
RING = 0.92        # chain highlight ring diameter
GOAL_RING = 0.96   # a goal hole's ring, around a peg standing in it
LIFT = 0.55        # height of the jump's arc, in cells
ROW_TRI = math.sqrt(3) / 2
LABEL = 0.26       # coordinate letters and numbers, in cells
LABEL_MAX = 0.7    # ... raised to the legible size up to this, else none
LABEL_MIN_PX = 9   # smaller boards (contact sheets) go without them
LABEL_OFF = 0.8    # a triangle's label from the hole at the end of its line, in cells
ROWS_ROOM = 0.4    # a triangle's margin left of the holes widened for the row numbers
ARC_STOPS = 12     # stops per jump along its arc (the arc is straight between them)
PULSE_STOPS = 8    # stops of the payoff's pulse (a half sine)
JUMPED_GONE = 0.8         # the jumped peg is gone after this share of its jump


def ring(d: int, width: int, colour: RGB, opacity: float = 1.0) -> Circle:
    """A ring ``width`` pixels wide inside a disc ``d`` pixels across, centred at
    (d / 2, d / 2)."""
    return Circle(d / 2, d / 2, (d - width) / 2, None, colour, width, opacity)


class PegSolitaireScene(SceneBase):
    """Draws peg-solitaire traces (English, French, Hoppers, triangle, custom boards)."""


    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        layout = PegLayout.from_header(header)         # parses and checks the header
        self.holes: tuple[Cell, ...] = layout.holes
        self.geometry = layout.geometry
        self.goal_pegs: frozenset[Cell] = frozenset(layout.goal or ())
        self.pegs: set[Cell] = set(layout.pegs)
        xs = [x for x, _ in self.holes]
        ys = [y for _, y in self.holes]
        self.x0, self.y0 = min(xs), min(ys)
        self.rows = max(ys) + 1
        centres = [self.centre(c) for c in self.holes]
        self.w_cells = max(x for x, _ in centres) + 0.5 + MARGIN
        self.h_cells = max(y for _, y in centres) + 0.5 + MARGIN
        self.peg_fill: RGB = theme.pieces.get("primary", theme.accent)
        self.hole_fill: RGB = mix(theme.board, theme.frame, 0.5)

    # ---------------------------------------------------------------- geometry

    def centre(self, c: Cell) -> tuple[float, float]:
        """Centre of hole ``c`` in cells from the drawing's top-left."""
        x, y = c
        if self.geometry == "triangle":
            shift = (self.rows - 1 - y) / 2 + ROWS_ROOM
            return (MARGIN + 0.5 + x + shift, MARGIN + 0.5 + (y - self.y0) * ROW_TRI)
        return (MARGIN + 0.5 + x - self.x0, MARGIN + 0.5 + y - self.y0)

    def coordinates(self, cell: int,
                    legible: int = 0) -> tuple[int, list[tuple[str, float, float]]]:
        """The coordinates drawn in the margin, as the notation writes them ("d4"): the
        text size in pixels (``LABEL`` of a cell, raised to ``legible``) and each
        label's text and centre in cells.  A square board: each column's letter above
        it, each row's number left of it.  A triangle (hole x the x-th of its row from
        the left): each row's number left of its first hole, and each column's letter
        where its line of holes, parallel to the left side, ends at the right side:
        beyond that hole, on the line.  None when the text would be under
        ``LABEL_MIN_PX`` or over ``LABEL_MAX`` of a cell."""
        px = max(round(LABEL * cell), legible)
        if px < LABEL_MIN_PX or px > LABEL_MAX * cell:
            return px, []
        columns = sorted({x for x, _ in self.holes})
        rows = sorted({y for _, y in self.holes})
        if self.geometry == "triangle":
            ends = [min((h for h in self.holes if h[0] == x), key=lambda h: h[1])
                    for x in columns]
            out = [(column_letter(x), self.centre(h)[0] + LABEL_OFF / 2,
                    self.centre(h)[1] - LABEL_OFF * ROW_TRI) for x, h in zip(columns, ends,
                                                                            strict=True)]
            firsts = [min(h for h in self.holes if h[1] == y) for y in rows]
            out += [(str(y + 1), self.centre(h)[0] - LABEL_OFF, self.centre(h)[1])
                    for y, h in zip(rows, firsts, strict=True)]
            return px, out
        out = [(column_letter(x), self.centre((x, self.y0))[0], MARGIN / 2) for x in columns]
        out += [(str(y + 1), MARGIN / 2, self.centre((self.x0, y))[1]) for y in rows]
        return px, out

    # ---------------------------------------------------------------- words

    def extent(self) -> tuple[float, float]:
        return (self.w_cells, self.h_cells + FOOTER)

    def picture_extent(self) -> tuple[float, float]:
        return (self.w_cells, self.h_cells)          # not "Pegs left: 1"

    def goal_sentence(self) -> str:
        if len(self.goal_pegs) == 1:
            return self.goal_of(("one peg is left", "one peg is left in the ringed hole"))
        if self.goal_pegs:
            return self.goal_of(("one peg is left", "only the ringed holes hold pegs"))
        return self.family.goal

    def notation(self, chain: tuple[Cell, ...]) -> str:
        """"d2 → d4 → f4": the holes the peg stands in, jump by jump (``show`` writes
        them so too: ``notation.chain_words``)."""
        return chain_words(chain)

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c = stage.cell
        self.cell = c
        self.at_stage = stage
        t = self.theme
        self.peg_d = d = max(3, round(PEG * c))
        bw = max(1, round(c * 0.05))                 # the outline in whole pixels
        self.peg = Circle(d / 2, d / 2, (d - bw) / 2, self.peg_fill, darker(self.peg_fill), bw)
        self.width = math.ceil(self.w_cells * c)
        self.height = math.ceil((self.h_cells + FOOTER) * c)
        stage.add("board", group(self._board()), "under")
        self.ring_d = max(4, round(RING * c))
        self.ring_shape = ring(self.ring_d, max(1, round(c * 0.06)), t.highlight, 0.5)
        self.rings: dict[Cell, Element] = {}          # made when a chain first rings a hole
        self.ringed: tuple[Cell, ...] = ()
        self.hole_pegs: dict[Cell, Element] = {}
        for hole in self.holes:
            x, y = self._corner(hole, d)
            self.hole_pegs[hole] = stage.add(
                f"peg-{hole_name(hole)}", self.peg, x=x, y=y,
                opacity=1.0 if hole in self.pegs else 0.0, data=(("peg", hole_name(hole)),))
        self.jumper = stage.add("peg-jumping", self.peg, opacity=0.0)
        self.outline: Element | None = None
        if self.options.highlight:
            self.outline = stage.add("peg-outline",
                                     ring(d, max(2, round(c * 0.08)), t.highlight), "over",
                                     opacity=0.0)
        self.footer = stage.add("pegs-left", [self._footer(n)
                                              for n in range(len(self.pegs) + 1)], "over")
        self.footer.shape = len(self.pegs)

    def _corner(self, hole: Cell, d: int) -> tuple[float, float]:
        """The drawing's pixel of the top-left of a ``d`` pixels wide disc on ``hole``
        (whole pixels: round(centre - d / 2))."""
        x, y = self.centre(hole)
        return (round(x * self.cell - d / 2), round(y * self.cell - d / 2))

    def _disc(self, hole: Cell, d: int) -> tuple[float, float]:
        """The centre of a ``d`` pixels wide disc on ``hole``, its box on whole pixels."""
        x, y = self._corner(hole, d)
        return (x + d / 2, y + d / 2)

    def _board(self) -> list[Shape]:
        t, c = self.theme, self.cell
        out: list[Shape] = [Rect(0, 0, self.width, round(self.h_cells * c), t.board,
                                 rx=c * 0.35)]
        hd = max(2, round(HOLE * c))
        gd = max(3, round(GOAL_RING * c))
        gw = max(1, round(c * 0.07))
        for hole in self.holes:
            x, y = self._disc(hole, hd)
            out.append(Circle(x, y, hd / 2, self.hole_fill))
            if hole in self.goal_pegs:
                gx, gy = self._corner(hole, gd)
                out.append(Circle(gx + gd / 2, gy + gd / 2, (gd - gw) / 2, None, t.target, gw))
        px, labels = (0, []) if self.at_stage.picture else \
            self.coordinates(c, self.at_stage.legible)
        out += [Text(round(x * c), round(y * c), text, px, t.muted) for text, x, y in labels]
        return out

    def _footer(self, n: int) -> Shape:
        """The line "Pegs left: n" under the board."""
        top = round(self.h_cells * self.cell)
        text = f"Pegs left: {n}"
        px = max(self.at_stage.legible,
                 fit_text_px(text, int(self.width * 0.9), max(8, int(FOOTER * self.cell * 0.6))))
        return Text(self.width // 2, (top + self.height) // 2, text, px, self.theme.muted)

    def _rings_to(self, holes: tuple[Cell, ...]) -> list[Tween]:
        """Ring ``holes`` (the chain of the move starting) instead of the last chain's,
        as the beat starts."""
        if not self.options.highlight:
            return []
        out = [Tween(self.rings[h], "opacity", ((0.0, 0.0),))
               for h in self.ringed if h not in holes]
        for h in holes:
            if h not in self.ringed:
                if h not in self.rings:
                    x, y = self._corner(h, self.ring_d)
                    self.rings[h] = self.at_stage.add(f"ring-{hole_name(h)}", self.ring_shape,
                                                      "under", x=x, y=y, opacity=0.0)
                out.append(Tween(self.rings[h], "opacity", ((0.0, 1.0),)))
        self.ringed = holes
        return out

    # ---------------------------------------------------------------- beats

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        move = item.applied
        if not isinstance(move, PegMove):
            return []
        chain = (move.start, *move.path)
        k = len(move.path)
        jumped = [((a[0] + b[0]) // 2, (a[1] + b[1]) // 2) for a, b in zip(chain, chain[1:])]
        # each hole's peg: gone as the move starts, fading during its jump, back on landing
        stops: dict[Cell, list[Stop]] = {move.start: [(0.0, 0.0)]}
        for j, hole in enumerate(jumped):
            stops.setdefault(hole, []).extend([(j / k, 1.0), ((j + JUMPED_GONE) / k, 0.0)])
        stops.setdefault(chain[-1], []).extend([(1.0, 0.0), (1.0, 1.0)])
        tweens = [Tween(self.hole_pegs[h], "opacity", tuple(s)) for h, s in stops.items()]
        arc = self._arc(chain, self.peg_d)
        tweens += [Tween(self.jumper, "pos", arc),
                   Tween(self.jumper, "opacity", ((0.0, 1.0), (1.0, 1.0), (1.0, 0.0)))]
        if self.outline is not None:
            tweens += [Tween(self.outline, "pos", arc), glow(self.outline)]
        # the count drops half-way through each jump
        left = len(self.pegs)
        counts = [(0.0, left)] + [((j + 0.5) / k, left - j - 1) for j in range(k)]
        tweens.append(Tween(self.footer, "shape", tuple((p, float(n)) for p, n in counts)))
        tweens += self._rings_to(tuple(dict.fromkeys(chain[1:])))   # a chain may loop
        self.pegs -= {move.start, *jumped}
        self.pegs.add(chain[-1])
        landings = tuple(BeatSound("pop", (j + 1) / k) for j in range(k))
        return [Beat(tuple(tweens), move=move.n, units=2.0 * k, note=self.notation(chain),
                     sounds=landings, choices=move.choices)]

    def _arc(self, chain: tuple[Cell, ...], d: int) -> tuple[Stop, ...]:
        """The top-left (frame pixels) of a ``d`` pixels wide disc jumping through
        ``chain``: ``ARC_STOPS`` stops a jump, each jump an arc ``LIFT`` cells high, the
        chain's jumps sharing the progress equally."""
        k = len(chain) - 1
        c = self.cell
        out: list[Stop] = []
        for j in range(k):
            (ax, ay), (bx, by) = self.centre(chain[j]), self.centre(chain[j + 1])
            if j == 0:
                out.append((0.0, self.at_stage.at(*self._corner(chain[0], d))))
            for i in range(1, ARC_STOPS):
                f = i / ARC_STOPS
                x = (ax + (bx - ax) * f) * c - d / 2
                y = (ay + (by - ay) * f - LIFT * math.sin(math.pi * f)) * c - d / 2
                out.append(((j + f) / k, self.at_stage.at(x, y)))
            # the holes themselves exactly where the resting pegs stand
            out.append(((j + 1) / k, self.at_stage.at(*self._corner(chain[j + 1], d))))
        return tuple(out)

    def retime(self, beats: list[Beat]) -> list[Beat]:
        """The last move's rings go as it ends: the payoff or the hold follow it at once
        (the rings of every other move stay through the pause after it)."""
        if not beats or not self.ringed:
            return beats
        last = self.ringed
        self.ringed = ()
        rings = {id(self.rings[h]) for h in last}
        tweens = [tw for tw in beats[-1].tweens if id(tw.element) not in rings]
        tweens += [Tween(self.rings[h], "opacity", ((0.0, 1.0), (1.0, 1.0), (1.0, 0.0)))
                   for h in last]
        return [*beats[:-1], replace(beats[-1], tweens=tuple(tweens))]

    def payoff_area(self) -> tuple[float, float, float, float] | None:
        """The goal's holes (the last peg stands there)."""
        if not self.goal_pegs:
            return None
        centres = [self.centre(h) for h in self.goal_pegs]
        return (min(x for x, _ in centres) - 0.5, min(y for _, y in centres) - 0.5,
                max(x for x, _ in centres) + 0.5, max(y for _, y in centres) + 0.5)

    def payoff(self) -> Beat | None:
        """A ring pulses out from each peg left."""
        c = self.cell
        d = max(4, round(PEG * c * 1.5))
        pulse = ring(d, max(2, round(c * 0.1)), self.theme.accent)
        shape = Group(tuple(Group((pulse,), *self._corner(h, d)) for h in sorted(self.pegs)))
        el = self.at_stage.add("pulse", shape, "over", opacity=0.0)
        wave = tuple((i / PULSE_STOPS, round(math.sin(math.pi * i / PULSE_STOPS), 4))
                     for i in range(PULSE_STOPS + 1))
        return Beat((Tween(el, "opacity", wave),), pause=False, sheet=False)

    def goal(self) -> Beat | None:
        """Pegs in the goal holes only, without the count under the board."""
        if not self.goal_pegs:
            return None
        tweens = [Tween(el, "opacity", ((0.0, 1.0 if h in self.goal_pegs else 0.0),))
                  for h, el in self.hole_pegs.items()]
        tweens.append(Tween(self.footer, "opacity", ((0.0, 0.0),)))
        return Beat(tuple(tweens), units=0, pause=False, sheet=False)


__all__ = ["PegSolitaireScene", "hole_name"]
