"""The peg-solitaire board: holes, jump vectors, symmetries, positions as bitboards.

A ``PegBoard`` numbers its holes row by row from the top (at most 63, so that a position
fits one 64-bit word: bit ``i`` set = a peg in hole ``i``) and lists every jump as a
(from, over, to) triple of hole numbers.  The family's small interface lives here:
``legal_jumps``, ``apply_jump``, ``chain_moves`` (a move is a chain of jumps by one
peg), the symmetries that map jumps to jumps, Conway's position class, and a text form
(the shared ``board_text`` of ``puzzlereel.rules.peg_solitaire``) that ``parse_ascii``
reads back.  The built-in boards are the English, French, Hoppers and triangle boards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.rules.peg_solitaire import PegLayout, board_text
from puzzlereel.trace import Cell

Jump = tuple[int, int, int]
"""A jump as hole numbers: (from, over, to)."""

ORTHOGONAL: tuple[Cell, ...] = ((2, 0), (-2, 0), (0, 2), (0, -2))
DIAGONAL: tuple[Cell, ...] = ((2, 2), (-2, -2), (2, -2), (-2, 2))
TRIANGLE_JUMPS: tuple[Cell, ...] = ((2, 0), (-2, 0), (0, 2), (0, -2), (2, 2), (-2, -2))
HOPPERS_JUMPS: tuple[Cell, ...] = ((4, 0), (-4, 0), (0, 4), (0, -4), (2, 2), (2, -2),
                                   (-2, 2), (-2, -2))

BOARDS: dict[str, str] = {
    "english": """
  ooo
  ooo
ooooooo
ooooooo
ooooooo
  ooo
  ooo
""",
    "french": """
  ooo
 ooooo
ooooooo
ooooooo
ooooooo
 ooooo
  ooo
""",
    "hoppers": """
o o o
 o o
o o o
 o o
o o o
""",
}
DEFAULT_EMPTY: dict[str, Cell] = {"english": (3, 3), "french": (3, 3), "hoppers": (2, 2),
                                  "triangle": (0, 0)}
MAX_HOLES = 63


class PegConfigError(PuzzlereelError):
    """A board description that cannot be used (quotes the bad input)."""


@dataclass(frozen=True)
class PegBoard:
    """The holes (numbered row by row from the top), jump vectors and geometry."""

    name: str
    holes: tuple[Cell, ...]
    vectors: tuple[Cell, ...]
    geometry: str = "square"
    index: Mapping[Cell, int] = field(default_factory=dict, compare=False)
    triples: tuple[Jump, ...] = field(default=(), compare=False)

    @staticmethod
    def make(name: str, holes: Sequence[Cell], vectors: Sequence[Cell],
             geometry: str = "square") -> PegBoard:
        ordered = tuple(sorted(set(holes), key=lambda c: (c[1], c[0])))
        if len(ordered) != len(holes):
            raise PegConfigError("a hole is listed twice")
        if not ordered:
            raise PegConfigError("the board has no holes")
        if len(ordered) > MAX_HOLES:
            raise PegConfigError(f"{len(ordered)} holes; at most {MAX_HOLES} are supported")
        for v in vectors:
            if v[0] % 2 or v[1] % 2 or v == (0, 0):
                raise PegConfigError(f"jump {list(v)} has no hole at its midpoint "
                                     "(both offsets must be even and not both 0)")
        index = {c: i for i, c in enumerate(ordered)}
        triples = []
        for i, (x, y) in enumerate(ordered):
            for dx, dy in vectors:
                over = index.get((x + dx // 2, y + dy // 2))
                to = index.get((x + dx, y + dy))
                if over is not None and to is not None:
                    triples.append((i, over, to))
        return PegBoard(name, ordered, tuple(vectors), geometry, index, tuple(triples))

    @property
    def size(self) -> int:
        return len(self.holes)

    @property
    def full(self) -> int:
        return (1 << self.size) - 1

    def bit(self, cell: Cell) -> int:
        return 1 << self.index[cell]

    def mask(self, cells: Sequence[Cell]) -> int:
        m = 0
        for c in cells:
            m |= self.bit(c)
        return m

    def cells(self, bits: int) -> list[Cell]:
        return [c for i, c in enumerate(self.holes) if bits >> i & 1]

    # ------------------------------------------------------------ rules

    def legal_jumps(self, pos: int) -> Iterator[Jump]:
        """(from, over, to) hole numbers of every jump possible in ``pos``."""
        for f, o, t in self.triples:
            if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1:
                yield f, o, t

    @staticmethod
    def apply_jump(pos: int, jump: Jump) -> int:
        f, o, t = jump
        return pos ^ (1 << f) ^ (1 << o) ^ (1 << t)

    def unjumpable(self) -> int:
        """Holes that are never the midpoint of a jump: a peg there must move itself."""
        m = self.full
        for _, o, _ in self.triples:
            m &= ~(1 << o)
        return m

    # ------------------------------------------------------------ symmetry

    def symmetries(self) -> list[tuple[int, ...]]:
        """Hole permutations (identity first) mapping holes to holes and jumps to jumps."""
        maps = self._triangle_maps() if self.geometry == "triangle" else self._square_maps()
        out: list[tuple[int, ...]] = []
        for m in maps:
            perm_t = self._permutation(m)
            if perm_t is not None and perm_t not in out:
                out.append(perm_t)
        ident = tuple(range(self.size))
        out = [ident] + [p for p in out if p != ident]
        return out

    def _triangle_maps(self) -> list[dict[Cell, Cell]]:
        """The six turns and mirrors of a triangle, as maps of its cells: each permutes
        a cell's three distances to the sides."""
        n = max(y for _, y in self.holes) + 1
        maps = []
        for perm in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 1, 0), (1, 2, 0), (2, 0, 1)):
            m: dict[Cell, Cell] = {}
            for x, y in self.holes:
                abc = (x, y - x, n - 1 - y)
                a, b = abc[perm[0]], abc[perm[1]]
                m[(x, y)] = (a, a + b)
            maps.append(m)
        return maps

    def _square_maps(self) -> list[dict[Cell, Cell]]:
        """The eight turns and mirrors of the square grid about the board's centre, as
        maps of its cells (those that land between cells left out)."""
        xs = [x for x, _ in self.holes]
        ys = [y for _, y in self.holes]
        centre = (min(xs) + max(xs), min(ys) + max(ys))
        maps = []
        for swap in (False, True):
            for fx in (1, -1):
                for fy in (1, -1):
                    m = self._square_map(centre, swap, fx, fy)
                    if m is not None:
                        maps.append(m)
        return maps

    def _square_map(self, centre: Cell, swap: bool, fx: int, fy: int
                    ) -> dict[Cell, Cell] | None:
        """The cells moved about ``centre`` (twice the centre's coordinates): x and y
        swapped with ``swap``, then each multiplied by ``fx``, ``fy``; None when a cell
        lands between cells."""
        sx, sy = centre
        m = {}
        for x, y in self.holes:
            u, v = 2 * x - sx, 2 * y - sy
            if swap:
                u, v = v, u
            u, v = fx * u, fy * v
            if (u + sx) % 2 or (v + sy) % 2:
                return None
            m[(x, y)] = ((u + sx) // 2, (v + sy) // 2)
        return m

    def _permutation(self, m: dict[Cell, Cell]) -> tuple[int, ...] | None:
        """The map ``m`` as a permutation of hole numbers, when it maps holes onto holes
        and every jump to a jump (else None)."""
        if any(c not in self.index for c in m.values()):
            return None
        perm_t = tuple(self.index[m[c]] for c in self.holes)
        if len(set(perm_t)) != self.size:
            return None
        triples = set(self.triples)
        if all((perm_t[f], perm_t[o], perm_t[t]) in triples for f, o, t in self.triples):
            return perm_t
        return None

    # ------------------------------------------------------------ invariants

    def position_class(self, pos: int) -> tuple[int, ...]:
        """Conway's position class: for each 3-colouring of the holes in which every jump
        covers three colours, the parities of two colour counts.  Jumps never change it."""
        sig: list[int] = []
        for a, b in ((1, 1), (1, 2), (1, 0), (0, 1)):
            ok = all(len({(a * x + b * y) % 3 for x, y in (self.holes[f], self.holes[o],
                                                              self.holes[t])}) == 3
                     for f, o, t in self.triples)
            if not ok or not self.triples:
                continue
            counts = [0, 0, 0]
            for i, (x, y) in enumerate(self.holes):
                if pos >> i & 1:
                    counts[(a * x + b * y) % 3] += 1
            sig += [(counts[0] + counts[1]) % 2, (counts[1] + counts[2]) % 2]
        return tuple(sig)

    # ------------------------------------------------------------ text and header

    def position_text(self, pos: int) -> str:
        """The position as text: ``o`` peg, ``.`` empty hole (round-trips through parse)."""
        return board_text(self.holes, set(self.cells(pos)), self.geometry)

    def layout(self, pos: int, goal: int) -> PegLayout:
        """The shared board value of the trace header: this board, pegs ``pos`` and the
        goal's pegs (``goal`` = 0: one peg anywhere)."""
        return PegLayout(holes=self.holes, pegs=tuple(self.cells(pos)), jumps=self.vectors,
                      geometry=self.geometry,
                      goal=tuple(self.cells(goal)) if goal else None, board=self.name)


# ---------------------------------------------------------------- moves


def chain_moves(board: PegBoard, pos: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every move (one peg's chain of one or more jumps) as (holes visited, new position)."""
    stack: list[tuple[tuple[int, ...], int]] = []
    for f, o, t in board.legal_jumps(pos):
        stack.append(((f, t), PegBoard.apply_jump(pos, (f, o, t))))
    seen: set[tuple[tuple[int, ...], int]] = set()
    while stack:
        route, p = stack.pop()
        if (route, p) in seen:
            continue
        seen.add((route, p))
        yield route, p
        here = route[-1]
        for f, o, t in board.legal_jumps(p):
            if f == here:
                stack.append((route + (t,), PegBoard.apply_jump(p, (f, o, t))))


def count_moves(jumps: Sequence[Jump]) -> int:
    """Moves in a jump sequence: a jump from where the previous one landed continues it."""
    moves = 0
    last = -1
    for f, _, t in jumps:
        if f != last:
            moves += 1
        last = t
    return moves


def group_moves(jumps: Sequence[Jump]) -> list[list[Jump]]:
    """A jump sequence cut into moves (each a chain of jumps by one peg)."""
    out: list[list[Jump]] = []
    last = -1
    for jump in jumps:
        if jump[0] == last and out:
            out[-1].append(jump)
        else:
            out.append([jump])
        last = jump[2]
    return out


# ---------------------------------------------------------------- boards from text


def parse_ascii(text: str, geometry: str) -> tuple[list[Cell], list[Cell]]:
    """(holes, pegs) from an ASCII board: ``o`` peg, ``.`` empty, space no hole.

    Square geometry: x = the character's column.  Triangle geometry: x = the hole's
    place in its row (spaces only centre the rows)."""
    rows = text.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    holes: list[Cell] = []
    pegs: list[Cell] = []
    for y, row in enumerate(rows):
        k = 0
        for col, ch in enumerate(row):
            if ch == " ":
                continue
            if ch not in "o.":
                raise PegConfigError(f"row {y + 1}: unexpected character {ch!r} "
                                     "(use 'o' peg, '.' empty hole, space no hole)")
            cell = (k, y) if geometry == "triangle" else (col, y)
            k += 1
            holes.append(cell)
            if ch == "o":
                pegs.append(cell)
    return holes, pegs


def triangle_board(rows: int) -> PegBoard:
    holes = [(x, y) for y in range(rows) for x in range(y + 1)]
    return PegBoard.make("triangle", holes, TRIANGLE_JUMPS, "triangle")


def builtin_board(name: str, rows: int = 5) -> PegBoard:
    if name == "triangle":
        return triangle_board(rows)
    holes, _ = parse_ascii(BOARDS[name], "square")
    vectors = HOPPERS_JUMPS if name == "hoppers" else ORTHOGONAL
    return PegBoard.make(name, holes, vectors)


__all__ = ["BOARDS", "DEFAULT_EMPTY", "DIAGONAL", "HOPPERS_JUMPS", "MAX_HOLES", "ORTHOGONAL",
           "TRIANGLE_JUMPS", "Jump", "PegBoard", "PegConfigError", "builtin_board", "chain_moves",
           "count_moves", "group_moves", "parse_ascii", "triangle_board"]
