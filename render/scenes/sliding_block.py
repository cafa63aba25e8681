"""The sliding-block scene: a framed board with its exit, rounded pieces that slide.

Pieces are coloured by shape class (pieces of one shape look alike, as the search treats
them): a tall, a wide, a one-cell block and a polyomino take the theme's hue of their role
(``ROLES``), each further shape the next hue of ``theme.PIECE_ORDER``; or per piece from
the options / trace ``render.colors`` (or ``colours``); a piece whose label names a
colour ("red car") is drawn in it (``theme.NAMED``), else the goal piece takes the goal
colour.  Every piece carries its name, which the move list uses: its label, else its
letter from the puzzle (``puzzlereel.rules.notation``, which ``show`` uses too); a name
too long for its piece reads upwards on a tall piece, else breaks in two lines at a
space or a soft hyphen.  The goal stays visible: its target cells are outlined
(dashed, over a thin halo) under the pieces, and the exit is an opening in the frame with
an arrow pointing out.  A move is one eased motion along its path; the moving piece's
outline fades in and out.  After the last move of a solved trace the goal piece slides
into the exit's opening and stays there, outlined (the payoff; ``block_exits``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlereel.render.direction.scene.beats import Beat, BeatSound, Tween
from puzzlereel.render.direction.scene.interface import SceneBase
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.scene.tweens import glow, slide
from puzzlereel.render.direction.search import moves_from_start
from puzzlereel.render.film.draw import darker
from puzzlereel.render.film.elements import Element
from puzzlereel.render.film.shapes import Polygon, Rect, Shape, Text, group, polyomino, rounded_box
from puzzlereel.render.film.theme import NAMED_COLOURS, PIECE_ORDER, RGB, Theme, colour_word
from puzzlereel.render.options import RenderOptions, parse_colour
from puzzlereel.render.scenes.block_exits import ARROW, EXIT_DIRS, exit_shapes, mark_colour
from puzzlereel.rules.notation import SOFT_HYPHEN, piece_name, slide_words, two_lines
from puzzlereel.rules.sliding_block_layout import BlockLayout, Piece
from puzzlereel.trace import BlockMove, Cell, Header, Replay, Replayed

BLOCK_BORDER = 0.32    # frame thickness, in cells


def shape_class(cells: tuple[Cell, ...]) -> str:
    """"2x2", "2x1" (wide), "1x2" (tall), "1x1", "3x1"..., or "other" for polyominoes."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    if len(cells) != w * h:
        return "other"
    return f"{w}x{h}"


# the theme's piece role (``Theme.pieces``) of each shape class that has one
ROLES = {"1x2": "primary", "2x1": "wide", "1x1": "small", "other": "other"}


def _given_colours(header: Header, options: RenderOptions) -> dict[str, Any]:
    """The pieces' colours the trace's ``render.colors`` (or ``colours``) give, and the
    options' over them."""
    colours: dict[str, Any] = {}
    for key in ("colors", "colours"):
        hint = header.render.get(key) if isinstance(header.render, dict) else None
        if isinstance(hint, dict):
            colours.update(hint)
    colours.update(options.colours)
    return colours


def _own_colour(piece: Piece, given: Any) -> RGB | None:
    """A piece's own colour: the one given (when it is one), else the one its label names."""
    if isinstance(given, str):
        try:
            return parse_colour(given, f"colors.{piece.id}")
        except ValueError:
            pass
    said = colour_word(piece.label or "")
    return None if said is None else NAMED_COLOURS[said]


class _ClassColours:
    """Each shape class's colour, chosen as its first piece asks: the theme's hue of its
    role (``ROLES``) unless another class has it, else the first hue of the theme's, then
    of ``PIECE_ORDER``, that none has (and never the goal colour)."""

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self.spare = [c for c in PIECE_ORDER if c not in theme.pieces.values()]
        self.used = {theme.goal}
        self.fills: dict[str, RGB] = {}

    def of(self, key: str) -> RGB:
        if key not in self.fills:
            t = self.theme
            named = t.pieces.get(ROLES[key]) if key in ROLES else None
            if named is None or named in self.used:
                free = [c for c in (*t.pieces.values(), *self.spare)
                        if c not in self.used and c != t.goal]
                named = free[0] if free else t.pieces.get("other", t.muted)
            self.fills[key] = named
            self.used.add(named)
        return self.fills[key]


class SlidingBlockScene(SceneBase):
    """Hakoiri Musume, Klotski, Dad's puzzle, Rush Hour-like boards."""

    def __init__(self, header: Header, options: RenderOptions, theme: Theme) -> None:
        super().__init__(header, options, theme)
        self.layout = layout = BlockLayout.from_header(header)   # parses and checks the header
        self.width, self.height = layout.width, layout.height
        self.walls = sorted(layout.walls)
        self.exits = layout.exits
        self.index = {p.id: i for i, p in enumerate(layout.pieces)}
        self.pieces = list(layout.pieces)
        self.state: list[Cell] = list(layout.start)
        self.goals = [(self.index[pid], xy) for pid, xy in layout.goal]
        self.fills = self._fills(header, options, theme)
        self.names = self._names()
        goal = self.pieces[self.goals[0][0]] if self.goals else None
        self.goal_name = None if goal is None else (
            piece_name(goal.id, goal.label) if goal.label
            else f"{self.shape_word(self.goals[0][0]).lower()} piece")
        m = {side: (ARROW if any(e.get("side") == side for e in self.exits) else 0.0)
             for side in EXIT_DIRS}
        self.margin = (m["left"], m["top"])
        self.margin_far = (m["right"], m["bottom"])

    def _fills(self, header: Header, options: RenderOptions, theme: Theme) -> list[RGB]:
        """Each piece's colour: given, else the colour its label names, else the goal
        colour, else its shape class's."""
        colours = _given_colours(header, options)
        goal_ids = {i for i, _ in self.goals}
        by_class = _ClassColours(theme)
        return [_own_colour(piece, colours.get(piece.id))
                or (theme.goal if i in goal_ids else by_class.of(shape_class(piece.cells)))
                for i, piece in enumerate(self.pieces)]

    # ---------------------------------------------------------------- words

    def extent(self) -> tuple[float, float]:
        return (self.width + 2 * BLOCK_BORDER + self.margin[0] + self.margin_far[0],
                self.height + 2 * BLOCK_BORDER + self.margin[1] + self.margin_far[1])

    def goal_sentence(self) -> str:
        if not self.goals:
            return self.goal_of(("the goal piece to its target",
                                 "the pieces into the target layout"))
        name = (self.goal_name or "the piece").lower()
        piece = ("the goal piece", name if name.startswith("the ") else f"the {name}")
        if self.exits:
            side = self.exits[0].get("side", "")
            where = {"bottom": "the gap at the bottom", "top": "the gap at the top",
                     "left": "the exit on the left", "right": "the exit on the right"}.get(
                side, "the exit")
            return self.goal_of(("Slide", "Get"), ("to its target", f"out through {where}"), piece)
        return self.goal_of(("its target", "the marked target"), piece)

    def goal_reached(self, depth: int) -> str:
        name = (self.goal_name or "the goal piece").lower()
        the = "" if name.startswith("the ") else "the "
        moves = moves_from_start(depth)
        if self.exits:
            return f"{the}{name} first reached the exit {moves}"
        return f"{the}{name} first reached its target {moves}"

    def shape_word(self, i: int) -> str:
        """A word for piece ``i``'s shape: "Small" (one cell), "Tall" / "Wide" (two
        cells), "Long" (a longer bar), "Big" (a larger square), the size of another
        rectangle ("2×3"), else its cell count ("4-cell")."""
        piece = self.pieces[i]
        w, h, n = piece.w, piece.h, len(piece.cells)
        if n != w * h:
            return f"{n}-cell"
        if n == 1:
            return "Small"
        if min(w, h) == 1:
            return "Long" if n > 2 else ("Tall" if h > w else "Wide")
        return "Big" if w == h else f"{w}×{h}"

    def _names(self) -> list[str]:
        """Each piece's name, drawn on it and used by the move list: its label, else its
        letter from the puzzle (``notation.piece_name``)."""
        return [piece_name(p.id, p.label) for p in self.pieces]

    def notation(self, i: int, route: Sequence[Cell]) -> str:
        """The move list's words for piece ``i`` sliding along ``route``, the exit it
        leaves by said when the move reaches the goal (``notation.slide_words``)."""
        solved = bool(self.goals) and all(self.state[g] == xy for g, xy in self.goals)
        return slide_words(self.layout, self.pieces[i].id, route, solved)

    # ---------------------------------------------------------------- the stage

    def stage(self, stage: Stage) -> None:
        c = stage.cell
        self.cell = c
        self.fp = fp = max(2, round(BLOCK_BORDER * c))
        ml, mt = (round(m * c) for m in self.margin)
        self.ox, self.oy = ml + fp, mt + fp          # the board's first cell, in the drawing
        self.at_stage = stage
        self.upright = self._upright_labels()
        stage.add("board", group(self._board()), "under")
        self.piece_elements: list[Element] = []
        self.glows: list[Element | None] = []
        for i, (piece, fill) in enumerate(zip(self.pieces, self.fills, strict=True)):
            x, y = self._cell(self.state[i])
            shape = self._piece(piece.cells, piece.label or self.names[i], fill)
            el = stage.add("piece", shape, x=x, y=y, data=(("piece", piece.id),))
            self.piece_elements.append(el)
            lit = None
            if self.options.highlight:
                lit = stage.add("piece-outline", self._outline(piece.cells), x=x, y=y,
                                opacity=0.0)
            self.glows.append(lit)
        targets = self._targets()
        if targets:
            stage.add("target", group(targets), "under")

    def _cell(self, cell: tuple[float, float]) -> tuple[float, float]:
        """The drawing's pixel of a board cell's top-left."""
        return (self.ox + cell[0] * self.cell, self.oy + cell[1] * self.cell)

    def _board(self) -> list[Shape]:
        t, c, fp = self.theme, self.cell, self.fp
        bx, by = self.ox, self.oy
        W, H = self.width * c, self.height * c
        out: list[Shape] = [Rect(bx - fp, by - fp, W + 2 * fp, H + 2 * fp, t.frame,
                                 rx=fp * 0.9),
                            Rect(bx, by, W, H, t.board)]
        goal = self.fills[self.goals[0][0]] if self.goals else None
        out += exit_shapes(self.exits, (bx, by, W, H), c, fp, t.board,
                           mark_colour(t, goal, t.accent))
        out += [Rect(bx + x * c, by + y * c, c, c, t.frame) for x, y in self.walls]
        return out

    def _dims(self, cells: Sequence[Cell]) -> tuple[int, int, float, float]:
        """A piece's size in cells, its inset from its cells' edges and its border's
        width, in whole pixels (so that edges fall on pixel edges)."""
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        px = max(1, round(self.cell * 0.05))
        return w, h, px, px

    def _piece(self, cells: Sequence[Cell], label: str | None, fill: RGB) -> Shape:
        c = self.cell
        w, h, inset, border = self._dims(cells)
        radius = c * 0.18 - inset / 2
        body: Shape
        if len(cells) == w * h:
            body = rounded_box(inset, inset, w * c - 2 * inset, h * c - 2 * inset, fill,
                               darker(fill), border, radius)
        else:
            body = Polygon(polyomino(cells, c, inset + border / 2), fill, darker(fill), border,
                           radius=max(0.0, radius - border / 2))
        shapes: list[Shape] = [body]
        if label and self.options.labels:
            shapes += self._label(label, w, h, self.theme.on(fill))
        return group(shapes)

    def _label(self, label: str, w: int, h: int, colour: RGB) -> list[Shape]:
        """A piece's name set on a ``w`` x ``h`` cells piece: across it in one line,
        upright on a tall piece where the labels turn, else in two lines broken at a
        space or a soft hyphen; none where it cannot be set legibly."""
        c = self.cell
        upright = self.upright and h > w
        word = label.replace(SOFT_HYPHEN, "")
        px, bold = self._label_px(word, (h if upright else w) * c)
        if px:
            return [Text(w * c // 2, h * c // 2, word, px, colour, bold=bold, vertical=upright)]
        lines = two_lines(label)
        if lines is None:
            return []
        sizes = [self._label_px(line, w * c) for line in lines]
        px, bold = min(size for size, _ in sizes), all(b for _, b in sizes)
        if not px or 2.4 * px > h * c * 0.92:
            return []
        return [Text(w * c // 2, round(h * c / 2 + k * 0.6 * px), line, px, colour, bold=bold)
                for k, line in zip((-1, 1), lines, strict=True)]

    def _label_px(self, label: str, side: float) -> tuple[int, bool]:
        """A label's size along a piece's ``side`` pixels and whether bold: bold where it
        fits so, else regular (narrower, nearer the edges); (0, False): not legibly."""
        for bold, share in ((True, 0.86), (False, 0.92)):
            px = self.at_stage.text_px(label, side * share, max(8, int(self.cell * 0.2)), bold)
            if px >= 8:
                return px, bold
        return 0, False

    def _upright_labels(self) -> bool:
        """Whether the labels of pieces taller than wide read upwards: when one of them
        cannot be set across its piece legibly in one line, so that all of them turn
        alike."""
        if not self.options.labels:
            return False
        for piece, name in zip(self.pieces, self.names, strict=True):
            w, h, _, _ = self._dims(piece.cells)
            if h > w and not self._label_px(name, w * self.cell)[0]:
                return True
        return False

    def _outline(self, cells: Sequence[Cell]) -> Shape:
        """The highlight: an outline of the piece's shape, inside its edge."""
        c = self.cell
        w, h, inset, _ = self._dims(cells)
        bw = max(2, round(c * 0.07))
        colour = self.theme.highlight
        radius = max(0.0, c * 0.18 - inset / 2 - bw / 2)
        if len(cells) != w * h:
            return Polygon(polyomino(cells, c, inset + bw / 2), None, colour, bw, radius=radius)
        return Rect(inset + bw / 2, inset + bw / 2, w * c - 2 * inset - bw,
                    h * c - 2 * inset - bw, None, rx=radius, stroke=colour, stroke_width=bw)

    def _targets(self) -> list[Shape]:
        """The goal's target: a dashed outline of the goal piece where it must end, over
        a halo in the board's colour, on the board under the pieces."""
        c = self.cell
        k = max(1.0, c * 0.02)
        width = max(2, round(c * 0.045))
        dash = max(4, round(c * 0.16))
        out: list[Shape] = []
        for i, (gx, gy) in self.goals:
            cells = self.pieces[i].cells
            x, y = self._cell((gx, gy))
            w, h, _, _ = self._dims(cells)
            radius = max(0.0, c * 0.18 - k / 2 - width / 2)
            mark = mark_colour(self.theme, self.fills[i], self.theme.target)
            for colour, sw in ((self.theme.board, width * 2), (mark, width)):
                if len(cells) == w * h:
                    out.append(Rect(x + k + width / 2, y + k + width / 2, w * c - 2 * k - width,
                                    h * c - 2 * k - width, None, rx=radius, stroke=colour,
                                    stroke_width=sw, dash=dash))
                else:
                    out.append(Polygon(polyomino(cells, c, k + width / 2, x, y), None, colour,
                                       sw, radius=radius, dash=dash))
        return out

    # ---------------------------------------------------------------- beats

    def advance(self, item: Replayed, replay: Replay) -> list[Beat]:
        move = item.applied
        if not isinstance(move, BlockMove):
            return []
        i = self.index[move.piece]
        route = [self.state[i], *move.path]
        self.state[i] = move.path[-1]
        note = self.notation(i, route)
        points = [self.at_stage.at(*self._cell(p)) for p in route]
        tweens: list[Tween] = [slide(self.piece_elements[i], points)]
        lit = self.glows[i]
        if lit is not None:
            tweens += [slide(lit, points), glow(lit)]
        return [Beat(tuple(tweens), move=move.n, units=len(move.path),
                     note=note, sounds=(BeatSound("slide"),),
                     choices=move.choices, leading=any(i == g for g, _ in self.goals))]

    def payoff_area(self) -> tuple[float, float, float, float] | None:
        """The goal piece's target and the way out to the drawing's edge past the exit."""
        if not self.goals or not self.exits:
            return None
        i, (gx, gy) = self.goals[0]
        x0, y0 = self.margin[0] + BLOCK_BORDER + gx, self.margin[1] + BLOCK_BORDER + gy
        (ew, eh), (dx, dy) = self.extent(), EXIT_DIRS.get(str(self.exits[0].get("side")), (0, 0))
        return (0.0 if dx < 0 else x0, 0.0 if dy < 0 else y0,
                ew if dx > 0 else x0 + self.pieces[i].w, eh if dy > 0 else y0 + self.pieces[i].h)

    def payoff(self) -> Beat | None:
        """The goal piece slides into the exit's opening (if it stands at it) and stays
        there, outlined, flush with the frame's outside: the answer the video ends on,
        never over the frame's wall nor over the exit's arrow beyond it."""
        if not self.goals or not self.exits:
            return None
        i = self.goals[0][0]
        piece = self.pieces[i]
        x, y = self.state[i]
        for ex in self.exits:
            dx, dy = EXIT_DIRS.get(str(ex.get("side")), (0, 0))
            off, length = ex.get("offset", 0), ex.get("length", 1)
            if (dx, dy) == (0, 0) or not isinstance(off, int) or not isinstance(length, int):
                continue
            dist = self.fp / self.cell      # into the opening, flush with the frame's outside
            if dy:
                fits = off <= x and x + piece.w <= off + length
                at_edge = (y + piece.h == self.height) if dy > 0 else y == 0
            else:
                fits = off <= y and y + piece.h <= off + length
                at_edge = (x + piece.w == self.width) if dx > 0 else x == 0
            if fits and at_edge:
                route = [(x, y), (x + dx * dist, y + dy * dist)]
                el = self.piece_elements[i]
                points = [self.at_stage.at(*self._cell(p)) for p in route]
                tweens: list[Tween] = [slide(el, points)]
                lit = self.glows[i]
                if lit is not None:
                    tweens += [slide(lit, points),
                               Tween(lit, "opacity", ((0.0, 0.0), (0.3, 1.0), (1.0, 1.0)))]
                return Beat(tuple(tweens), pause=False, sheet=False)
        return None


__all__ = ["SlidingBlockScene", "shape_class"]
