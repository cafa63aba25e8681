"""Peg solitaire: the English, French, Hoppers and triangle boards, or any ASCII board.

A peg jumps over a neighbouring peg into an empty hole and the peg jumped over is
removed; the aim is to leave one peg (anywhere, or in given holes: the "complement"
problem leaves it where the first hole was).  Two metrics: ``jumps`` (every jump counts;
all solutions have the same length, so any solution is optimal) and ``moves`` (a chain
of jumps by one peg counts as one move, the metric of the seed article).

The puzzle interface: ``Board`` (holes, jump vectors, symmetries, text form), positions
as bitboards (bit i = hole i, holes numbered row by row from the top), ``legal_jumps``,
``apply_jump``, ``is_goal`` and ``position_text``.  The searches run in compiled loops
(``solvers.peg_kernels``): a depth-first search with a table of dead positions reduced
by the board's symmetries, and iterative deepening on moves with a lower bound (pegs in
holes nothing can jump over must move), a table of budgets proved too small, and a
memo that counts every optimal solution.  A position-class (three-colouring) argument
proves some starts impossible at once, like the French board's central game.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzlereel.config import Config, ConfigError
from puzzlereel.trace import End, Event, Header, Note, PegMove

from ..base import Series, SolveOptions

Cell = tuple[int, int]

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


class PegConfigError(ValueError):
    """A board description that cannot be used (quotes the bad input)."""


# ---------------------------------------------------------------- the board


@dataclass(frozen=True)
class Board:
    """The holes (numbered row by row from the top), jump vectors and geometry."""

    name: str
    holes: tuple[Cell, ...]
    vectors: tuple[Cell, ...]
    geometry: str = "square"
    index: Mapping[Cell, int] = field(default_factory=dict, compare=False)
    triples: tuple[tuple[int, int, int], ...] = field(default=(), compare=False)

    @staticmethod
    def make(name: str, holes: Sequence[Cell], vectors: Sequence[Cell],
             geometry: str = "square") -> Board:
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
        return Board(name, ordered, tuple(vectors), geometry, index, tuple(triples))

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

    def legal_jumps(self, pos: int) -> Iterator[tuple[int, int, int]]:
        """(from, over, to) hole numbers of every jump possible in ``pos``."""
        for f, o, t in self.triples:
            if pos >> f & 1 and pos >> o & 1 and not pos >> t & 1:
                yield f, o, t

    @staticmethod
    def apply_jump(pos: int, jump: tuple[int, int, int]) -> int:
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
        xs = [x for x, _ in self.holes]
        ys = [y for _, y in self.holes]
        cands: list[dict[Cell, Cell]] = []
        if self.geometry == "triangle":
            n = max(ys) + 1
            for perm in ((0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 1, 0), (1, 2, 0), (2, 0, 1)):
                m: dict[Cell, Cell] = {}
                for x, y in self.holes:
                    abc = (x, y - x, n - 1 - y)
                    a, b = abc[perm[0]], abc[perm[1]]
                    m[(x, y)] = (a, a + b)
                cands.append(m)
        else:
            sx, sy = min(xs) + max(xs), min(ys) + max(ys)
            for swap in (False, True):
                for fx in (1, -1):
                    for fy in (1, -1):
                        m = {}
                        for x, y in self.holes:
                            u, v = 2 * x - sx, 2 * y - sy
                            if swap:
                                u, v = v, u
                            u, v = fx * u, fy * v
                            if (u + sx) % 2 or (v + sy) % 2:
                                break
                            m[(x, y)] = ((u + sx) // 2, (v + sy) // 2)
                        else:
                            cands.append(m)
        triples = set(self.triples)
        out: list[tuple[int, ...]] = []
        for m in cands:
            if any(c not in self.index for c in m.values()):
                continue
            perm_t = tuple(self.index[m[c]] for c in self.holes)
            if len(set(perm_t)) != self.size:
                continue
            if all((perm_t[f], perm_t[o], perm_t[t]) in triples for f, o, t in self.triples):
                if perm_t not in out:
                    out.append(perm_t)
        ident = tuple(range(self.size))
        out = [ident] + [p for p in out if p != ident]
        return out

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

    # ------------------------------------------------------------ text

    def position_text(self, pos: int) -> str:
        """The position as text: ``o`` peg, ``.`` empty hole (round-trips through parse)."""
        return render_text(self.holes, self.cells(pos), self.geometry)

    def header_fields(self, pos: int, goal: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "board": self.name,
            "holes": [list(c) for c in self.holes],
            "pegs": [list(c) for c in self.cells(pos)],
            "jumps": [list(v) for v in self.vectors],
            "geometry": self.geometry,
        }
        if goal:
            out["goal"] = {"pegs": [list(c) for c in self.cells(goal)]}
        return out


def render_text(holes: Sequence[Cell], pegs: Sequence[Cell], geometry: str) -> str:
    """Text board: square geometry one character per cell, triangle rows centred."""
    peg_set = set(pegs)
    hole_set = set(holes)
    xs = [x for x, _ in holes]
    ys = [y for _, y in holes]
    lines = []
    if geometry == "triangle":
        rows = max(ys) + 1
        for y in range(min(ys), rows):
            xs_row = sorted(x for x, yy in holes if yy == y)
            cells = " ".join("o" if (x, y) in peg_set else "." for x in xs_row)
            lines.append(" " * (rows - 1 - y) + cells)
        return "\n".join(line.rstrip() for line in lines)
    for y in range(min(ys), max(ys) + 1):
        text = "".join(("o" if (x, y) in peg_set else ".") if (x, y) in hole_set else " "
                       for x in range(min(xs), max(xs) + 1))
        lines.append(text.rstrip())
    return "\n".join(lines)


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


def triangle_board(rows: int) -> Board:
    holes = [(x, y) for y in range(rows) for x in range(y + 1)]
    return Board.make("triangle", holes, TRIANGLE_JUMPS, "triangle")


def builtin_board(name: str, rows: int = 5) -> Board:
    if name == "triangle":
        return triangle_board(rows)
    holes, _ = parse_ascii(BOARDS[name], "square")
    vectors = HOPPERS_JUMPS if name == "hoppers" else ORTHOGONAL
    return Board.make(name, holes, vectors)


# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class Puzzle:
    """One instance: board, start position, goal (0 = one peg anywhere), how to solve."""

    board: Board
    start: int
    goal: int
    metric: str = "moves"
    algorithm: str = "ida"
    title: str | None = None
    first: tuple[int, int, int] | None = None
    max_moves: int | None = None
    memory_mb: int | None = None

    @property
    def goal_count(self) -> int:
        return bin(self.goal).count("1") if self.goal else 1

    def is_goal(self, pos: int) -> bool:
        if self.goal:
            return pos == self.goal
        return pos != 0 and pos & (pos - 1) == 0


def _one_cell(cfg: Config, name: str, v: Any, board: Board) -> Cell:
    """A hole written as ``[x, y]`` or as a hole number (row by row from the top, from 0)."""
    if isinstance(v, int) and not isinstance(v, bool):
        if not 0 <= v < board.size:
            raise cfg.error(name, f"hole number {v} is not on the board "
                            f"(0..{board.size - 1}, counted row by row from the top)")
        return board.holes[v]
    if (isinstance(v, list) and len(v) == 2
            and all(isinstance(k, int) and not isinstance(k, bool) for k in v)):
        c = (v[0], v[1])
        if c not in board.index:
            raise cfg.error(name, f"{v} is not a hole of the board")
        return c
    raise cfg.error(name, f"expected [x, y] or a hole number, got {v!r}")


def _cell_list(cfg: Config, key: str, value: Any, board: Board) -> list[Cell]:
    """One hole or several: ``[x, y]``, ``n``, ``[[x, y], ...]`` or ``[n, n, n, ...]``
    (two bare numbers ``[a, b]`` always mean the cell x = a, y = b)."""
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return [_one_cell(cfg, key, v, board) for v in value]
    if isinstance(value, list) and len(value) != 2:
        return [_one_cell(cfg, key, v, board) for v in value]
    return [_one_cell(cfg, key, value, board)]


def load(cfg: Config) -> Puzzle:
    """Read ``[puzzle]`` and ``[solve]`` of a peg-solitaire config."""
    geometry = cfg.get("puzzle.geometry", str, "square", choices=("square", "triangle"))
    ascii_board = cfg.get("puzzle.holes", str, None)
    name = cfg.get("puzzle.board", str, None,
                   choices=("english", "french", "hoppers", "triangle"))
    if (ascii_board is None) == (name is None):
        raise cfg.error("puzzle.board", "give either board = \"english\" | \"french\" | "
                        "\"hoppers\" | \"triangle\" or a custom holes = \"\"\"...\"\"\"")
    pegs_given: list[Cell] | None = None
    try:
        if name is not None:
            rows = cfg.get("puzzle.rows", int, 5)
            if name == "triangle" and not 3 <= rows <= 10:
                raise cfg.error("puzzle.rows", f"a triangle has 3 to 10 rows, got {rows}")
            board = builtin_board(name, rows)
        else:
            holes, pegs_given = parse_ascii(ascii_board, geometry)
            default = TRIANGLE_JUMPS if geometry == "triangle" else ORTHOGONAL
            board = Board.make("custom", holes, default, geometry)
        raw_jumps = cfg.get("puzzle.jumps", (list, str), None)
        if raw_jumps is not None:
            vectors = _jump_vectors(cfg, raw_jumps, board)
            board = Board.make(board.name, board.holes, vectors, board.geometry)
    except PegConfigError as exc:
        line = None
        if "row" in str(exc) and ascii_board is not None:
            try:
                line = cfg.value_line("puzzle.holes", int(str(exc).split()[1].rstrip(":")) - 1)
            except (ValueError, IndexError):
                line = None
        raise cfg.error("puzzle.holes" if ascii_board is not None and "jump" not in str(exc)
                        else "puzzle.jumps", str(exc), line=line) from None

    if "empty" in cfg.section("puzzle"):
        empty = _cell_list(cfg, "puzzle.empty", cfg.get("puzzle.empty", (list, int)), board)
        start = board.full & ~board.mask(empty)
    elif pegs_given is not None:
        empty = [c for c in board.holes if c not in set(pegs_given)]
        start = board.mask(pegs_given)
    else:
        empty = [DEFAULT_EMPTY[board.name]]
        start = board.full & ~board.mask(empty)

    goal = 0
    raw_goal = cfg.get("puzzle.goal", (dict, str), None)
    if isinstance(raw_goal, str):
        if raw_goal == "complement":
            goal = board.mask(empty)
        elif raw_goal != "one":
            raise cfg.error("puzzle.goal", f"expected \"one\", \"complement\" or "
                            f"{{ pegs = [[x, y], ...] }}, got {raw_goal!r}")
    elif isinstance(raw_goal, dict):
        unknown = set(raw_goal) - {"pegs"}
        if unknown:
            raise cfg.error("puzzle.goal", f"unknown key {sorted(unknown)[0]!r} "
                            "(a goal is { pegs = [[x, y], ...] })")
        goal = board.mask(_cell_list(cfg, "puzzle.goal.pegs",
                                     cfg.get("puzzle.goal.pegs", (list, int)), board))
    metric = cfg.get("solve.metric", str, "moves", choices=("moves", "jumps"))
    algorithm = cfg.get("solve.algorithm", str, "ida" if metric == "moves" else "dfs",
                        choices=("ida", "dfs"))
    first = None
    raw_first = cfg.get("solve.first", list, None)
    if raw_first is not None:
        if len(raw_first) != 2:
            raise cfg.error("solve.first", "expected [from, to]: the first jump's two holes")
        cells = [_one_cell(cfg, "solve.first", v, board) for v in raw_first]
        f, t = board.index[cells[0]], board.index[cells[1]]
        match = [tr for tr in board.legal_jumps(start) if tr[0] == f and tr[2] == t]
        if not match:
            raise cfg.error("solve.first", f"{raw_first} is not a legal first jump")
        first = match[0]
    max_moves = cfg.get("solve.max_moves", int, None)
    if max_moves is not None and max_moves < 1:
        raise cfg.error("solve.max_moves", f"must be >= 1, got {max_moves}")
    memory_mb = cfg.get("solve.memory_mb", int, None)
    if memory_mb is not None and not 1 <= memory_mb <= 65536:
        raise cfg.error("solve.memory_mb", f"must be 1..65536 (MB), got {memory_mb}")
    return Puzzle(board, start, goal, metric, algorithm, cfg.title, first, max_moves,
                  memory_mb)


def _jump_vectors(cfg: Config, raw: Any, board: Board) -> list[Cell]:
    if isinstance(raw, str):
        named = {"orthogonal": list(ORTHOGONAL), "diagonal": list(ORTHOGONAL + DIAGONAL),
                 "triangle": list(TRIANGLE_JUMPS), "hoppers": list(HOPPERS_JUMPS)}
        if raw not in named:
            raise cfg.error("puzzle.jumps", f"{raw!r} is not one of: " + ", ".join(named))
        return named[raw]
    out: list[Cell] = []
    for i, v in enumerate(raw):
        if (not isinstance(v, list) or len(v) != 2
                or any(isinstance(k, bool) or not isinstance(k, int) for k in v)):
            raise cfg.error("puzzle.jumps", f"jumps[{i}]: expected [dx, dy], got {v!r}")
        out.append((v[0], v[1]))
    if not out:
        raise cfg.error("puzzle.jumps", "no jump vectors")
    return out


# ---------------------------------------------------------------- plain-Python reference


def chain_moves(board: Board, pos: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every move (one peg's chain of one or more jumps) as (holes visited, new position)."""
    stack: list[tuple[tuple[int, ...], int]] = []
    for f, o, t in board.legal_jumps(pos):
        stack.append(((f, t), Board.apply_jump(pos, (f, o, t))))
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
                stack.append((route + (t,), Board.apply_jump(p, (f, o, t))))


def reference_min_moves(puzzle: Puzzle) -> int | None:
    """Fewest moves by plain breadth-first search over whole moves (``search.bfs``):
    slow, simple, for checking the compiled search on small boards."""
    from puzzlereel.solvers.search import bfs

    def neighbors(pos: int) -> Iterator[tuple[tuple[int, ...], int]]:
        done: set[int] = set()
        for route, p in chain_moves(puzzle.board, pos):
            if p not in done:
                done.add(p)
                yield route, p

    result = bfs(puzzle.start, neighbors, puzzle.is_goal)
    return len(result.moves) if result.status == "solved" else None


# ---------------------------------------------------------------- compiled search glue


@dataclass
class Tables:
    """The numpy arrays the compiled searches read."""

    jf: np.ndarray
    jo: np.ndarray
    jt: np.ndarray
    jm: np.ndarray
    off: np.ndarray
    ptab: np.ndarray
    plast: np.ndarray
    umask: int


def tables(board: Board, goal: int) -> Tables:
    """Jump arrays (grouped by the jumping hole) and the symmetries that keep ``goal``."""
    trip = sorted(board.triples)
    n = board.size
    jf = np.array([t[0] for t in trip], np.int64)
    jo = np.array([t[1] for t in trip], np.int64)
    jt = np.array([t[2] for t in trip], np.int64)
    jm = np.array([(1 << f) | (1 << o) | (1 << t) for f, o, t in trip], np.int64)
    off = np.zeros(n + 1, np.int64)
    for f, _, _ in trip:
        off[f + 1] += 1
    off = np.cumsum(off).astype(np.int64)
    syms = [p for p in board.symmetries()
            if _permute_bits(goal, p) == goal]
    nbytes = (n + 7) // 8
    ptab = np.zeros((len(syms), max(nbytes, 1), 256), np.int64)
    plast = np.zeros((len(syms), n + 1), np.int64)
    for s, p in enumerate(syms):
        plast[s, 0] = -1
        for i in range(n):
            plast[s, i + 1] = p[i]
        vals = np.arange(256, dtype=np.int64)
        for k in range(nbytes):
            img = np.zeros(256, np.int64)
            for bit in range(min(8, n - 8 * k)):
                img |= ((vals >> bit) & 1) << p[8 * k + bit]
            ptab[s, k] = img
    umask = board.unjumpable() & ~goal
    return Tables(jf, jo, jt, jm, off, ptab, plast, umask)


def _permute_bits(bits: int, perm: Sequence[int]) -> int:
    out = 0
    for i, p in enumerate(perm):
        if bits >> i & 1:
            out |= 1 << p
    return out


def _table_arrays(states: int | None, puzzle: Puzzle) -> tuple[np.ndarray, np.ndarray,
                                                               np.ndarray]:
    """The hash table (three int64 arrays, 24 bytes an entry, allocated lazily by the OS):
    ``[solve] memory_mb`` if given, else about ``states`` entries, else by board size
    (at most 16M entries = 384 MB); always a power of two, at most 2^27 entries."""
    if puzzle.memory_mb:
        want = puzzle.memory_mb * (1 << 20) // 24
        size = 1 << max(12, min(27, want.bit_length() - 1))
    else:
        want = states if states else 1 << min(24, puzzle.board.size + 3)
        size = 1 << max(12, min(24, (max(want, 1) - 1).bit_length()))
    return np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)


@dataclass
class SearchOutcome:
    """What a search found: status, the jumps (from, over, to), counts and effort."""

    status: str
    jumps: list[tuple[int, int, int]] = field(default_factory=list)
    moves: int | None = None
    solutions: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    reason: str = ""
    per_bound: list[tuple[int, int]] = field(default_factory=list)


def _start_after_first(puzzle: Puzzle) -> tuple[int, int, list[tuple[int, int, int]]]:
    if puzzle.first is None:
        return puzzle.start, -1, []
    f, o, t = puzzle.first
    return Board.apply_jump(puzzle.start, puzzle.first), t, [puzzle.first]


@dataclass
class _Prepared:
    """What every search of one puzzle starts from: the position after the fixed first
    jump (if any), the jump tables, an empty position table and a path buffer."""

    start: int
    last: int
    prefix: list[tuple[int, int, int]]
    tb: Any
    tk: np.ndarray
    tk2: np.ndarray
    tv: np.ndarray
    path: np.ndarray


def _prepare(puzzle: Puzzle, max_states: int | None) -> _Prepared:
    start, last, prefix = _start_after_first(puzzle)
    tk, tk2, tv = _table_arrays(max_states, puzzle)
    return _Prepared(start, last, prefix, tables(puzzle.board, puzzle.goal), tk, tk2, tv,
                     np.zeros(puzzle.board.size + 1, np.int64))


def impossible_reason(puzzle: Puzzle) -> str | None:
    """A proof of impossibility that needs no search, if there is one."""
    b = puzzle.board
    if bin(puzzle.start).count("1") < puzzle.goal_count:
        return "fewer pegs than the goal asks for"
    cls = b.position_class(puzzle.start)
    if puzzle.goal:
        if b.position_class(puzzle.goal) != cls:
            return "position class: the start and the goal differ in colour-count parity"
    elif not any(b.position_class(1 << i) == cls for i in range(b.size)):
        return "position class: no single peg has the start's colour-count parity"
    return None


def search_any(puzzle: Puzzle, max_states: int | None = None) -> SearchOutcome:
    """Any solution, by depth-first search with a table of dead positions."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states)
    start, prefix, tb, tk, tk2, tv, path = s.start, s.prefix, s.tb, s.tk, s.tk2, s.tv, s.path
    status, nodes = k.dfs_jumps(start, puzzle.goal, puzzle.goal_count, tb.jf, tb.jo, tb.jt,
                                tb.jm, tb.ptab, tb.plast, tk, tk2, tv, max_states or 0, path)
    out = SearchOutcome({0: "unsolvable", 1: "solved", 2: "limit"}[int(status)], nodes=int(nodes))
    if status == 1:
        total = bin(start).count("1") - puzzle.goal_count
        out.jumps = prefix + [_triple(tb, int(j)) for j in path[:total]]
        out.moves = count_moves(out.jumps) if puzzle.metric == "moves" else len(out.jumps)
    elif status == 0:
        out.reason = "search space exhausted"
    out.seconds = time.perf_counter() - t0
    return out


def _triple(tb: Tables, j: int) -> tuple[int, int, int]:
    return int(tb.jf[j]), int(tb.jo[j]), int(tb.jt[j])


def count_moves(jumps: Sequence[tuple[int, int, int]]) -> int:
    """Moves in a jump sequence: a jump from where the previous one landed continues it."""
    moves = 0
    last = -1
    for f, _, t in jumps:
        if f != last:
            moves += 1
        last = t
    return moves


def group_moves(jumps: Sequence[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    out: list[list[tuple[int, int, int]]] = []
    last = -1
    for jump in jumps:
        if jump[0] == last and out:
            out[-1].append(jump)
        else:
            out.append([jump])
        last = jump[2]
    return out


def search_min_moves(puzzle: Puzzle, *, count: bool = False, max_states: int | None = None,
                     progress: Any = None) -> SearchOutcome:
    """Fewest moves by iterative deepening; with ``count``, also how many jump sequences
    reach the goal in that many moves.  ``max_states`` stops the search after that many
    positions (and sizes the hash table unless ``puzzle.memory_mb`` does)."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states)
    start, last0, prefix, tb, tk, tk2, tv, path = (s.start, s.last, s.prefix, s.tb, s.tk,
                                                   s.tk2, s.tv, s.path)
    base = 1 if prefix else 0
    total = bin(start).count("1") - puzzle.goal_count
    cap = total if puzzle.max_moves is None else min(total, puzzle.max_moves - base)
    budget_left = max_states or 0
    nodes = 0
    per_bound: list[tuple[int, int]] = []
    h0 = int(k.lower_bound(start, last0 if k.can_jump_from(start, last0, tb.off, tb.jo, tb.jt)
                           else -1, tb.umask, puzzle.goal == 0, puzzle.goal_count))
    found = None
    for bound in range(h0, cap + 1):
        if progress is not None:
            progress(f"{base + bound} moves", base + bound, base + cap)
        status, jumps, used = k.ida_moves(start, last0, bound, puzzle.goal, puzzle.goal_count,
                                          tb.jf, tb.jo, tb.jt, tb.jm, tb.off, tb.umask,
                                          tb.ptab, tb.plast, tk, tk2, tv, False, False,
                                          budget_left, path)
        nodes += int(used)
        per_bound.append((base + bound, int(used)))
        if status == 2:
            return SearchOutcome("limit", nodes=nodes, seconds=time.perf_counter() - t0,
                                 reason=f"max_states {max_states} reached below "
                                 f"{base + bound} moves", per_bound=per_bound)
        if budget_left:
            budget_left = max(1, budget_left - int(used))
        if status == 1:
            found = bound
            seq = prefix + [_triple(tb, int(j)) for j in path[:int(jumps)]]
            break
    if found is None:
        st = "unsolvable" if cap == total else "limit"
        why = "search space exhausted" if st == "unsolvable" else \
            f"no solution within max_moves = {puzzle.max_moves}"
        return SearchOutcome(st, nodes=nodes, seconds=time.perf_counter() - t0, reason=why,
                             per_bound=per_bound)
    out = SearchOutcome("solved", jumps=seq, moves=base + found, nodes=nodes,
                        per_bound=per_bound)
    if count:
        ck, ck2, cv = _table_arrays(max_states, puzzle)
        status, total_count, used = k.ida_moves(start, last0, found, puzzle.goal,
                                                puzzle.goal_count, tb.jf, tb.jo, tb.jt, tb.jm,
                                                tb.off, tb.umask, tb.ptab, tb.plast, ck, ck2,
                                                cv, True, False, max_states or 0, path)
        out.nodes += int(used)
        if status == 2:
            out.status = "limit"
            out.reason = f"max_states {max_states} reached while counting solutions"
        else:
            out.solutions = int(total_count)
    out.seconds = time.perf_counter() - t0
    return out


def count_jump_solutions(puzzle: Puzzle, max_states: int | None = None) -> SearchOutcome:
    """Every jump sequence that solves the puzzle (all have the same number of jumps)."""
    from . import kernel as k

    t0 = time.perf_counter()
    reason = impossible_reason(puzzle)
    if reason:
        return SearchOutcome("unsolvable", reason=reason, seconds=time.perf_counter() - t0)
    s = _prepare(puzzle, max_states)
    start, prefix, tb, tk, tk2, tv, path = s.start, s.prefix, s.tb, s.tk, s.tk2, s.tv, s.path
    # every jump costs 0 here, so a budget of one move covers any lower bound
    status, total_count, used = k.ida_moves(start, -1, 1, puzzle.goal, puzzle.goal_count,
                                            tb.jf, tb.jo, tb.jt, tb.jm, tb.off, 0, tb.ptab,
                                            tb.plast, tk, tk2, tv, True, True, max_states or 0,
                                            path)
    jumps = bin(start).count("1") - puzzle.goal_count + len(prefix)
    if status == 2:
        return SearchOutcome("limit", nodes=int(used), seconds=time.perf_counter() - t0,
                             reason=f"max_states {max_states} reached")
    if total_count == 0:
        return SearchOutcome("unsolvable", nodes=int(used), reason="search space exhausted",
                             seconds=time.perf_counter() - t0)
    return SearchOutcome("solved", moves=jumps, solutions=int(total_count), nodes=int(used),
                         seconds=time.perf_counter() - t0)


# ---------------------------------------------------------------- family interface


def _run(puzzle: Puzzle, options: SolveOptions, *, count: bool = False) -> SearchOutcome:
    algorithm = options.algorithm or puzzle.algorithm
    if algorithm not in ("ida", "dfs"):
        raise ConfigError(f"{algorithm!r} is not one of: 'ida', 'dfs'", path="--algorithm")
    if puzzle.metric == "jumps":
        found = search_any(puzzle, options.max_states)
        if not count or found.status != "solved":
            return found
        counted = count_jump_solutions(puzzle, options.max_states)
        counted.jumps = found.jumps
        counted.moves = len(found.jumps)
        counted.nodes += found.nodes
        return counted
    if algorithm == "dfs" and not count:
        return search_any(puzzle, options.max_states)
    return search_min_moves(puzzle, count=count, max_states=options.max_states,
                            progress=options.progress)


def solve(puzzle: Puzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, one ``move`` per move (per jump under the jumps metric), end.

    The search runs before the header is written, so that the header can carry the
    number of moves (the renderer's counter shows "Move 3 / 7")."""
    algorithm = options.algorithm or puzzle.algorithm
    if puzzle.metric == "jumps":
        algorithm = "dfs"
    b = puzzle.board
    result = _run(puzzle, options)
    groups: list[list[tuple[int, int, int]]] = []
    if result.status == "solved":
        groups = ([[j] for j in result.jumps] if puzzle.metric == "jumps"
                  else group_moves(result.jumps))
    fields = b.header_fields(puzzle.start, puzzle.goal)
    if groups:
        fields["moves"] = len(groups)
    yield Header(puzzle="peg-solitaire", title=puzzle.title, fields=fields,
                 solver={"algorithm": algorithm, "metric": puzzle.metric,
                         "optimal": puzzle.metric == "jumps" or algorithm == "ida",
                         "program": "puzzlereel peg-solitaire"})
    if puzzle.first is not None:
        f, _, t = puzzle.first
        yield Note(f"first jump fixed: {list(b.holes[f])} -> {list(b.holes[t])}")
    stats: dict[str, Any] = {"states": result.nodes, "seconds": round(result.seconds, 4)}
    if result.status != "solved":
        if result.reason:
            stats["reason" if result.status == "unsolvable" else "limit"] = result.reason
        yield End(status=result.status, stats=stats)
        return
    for n, group in enumerate(groups, 1):
        yield PegMove(n=n, start=b.holes[group[0][0]], path=tuple(b.holes[t] for _, _, t in group))
    stats["jumps"] = len(result.jumps)
    yield End(status="solved", moves=len(groups), stats=stats)


def analyze(puzzle: Puzzle, options: SolveOptions) -> dict[str, Any]:
    """``optimal_moves`` and ``optimal_solutions`` (distinct jump sequences)."""
    result = _run(puzzle, options, count=True)
    b = puzzle.board
    out: dict[str, Any] = {
        "puzzle": "peg-solitaire",
        "board": b.name,
        "holes": b.size,
        "pegs": bin(puzzle.start).count("1"),
        "goal": [list(c) for c in b.cells(puzzle.goal)] if puzzle.goal else "one peg",
        "metric": puzzle.metric,
        "status": result.status,
        "optimal_moves": result.moves,
        "optimal_solutions": result.solutions if result.status == "solved" else None,
        "states": result.nodes,
        "seconds": round(result.seconds, 4),
    }
    if puzzle.first is not None:
        f, _, t = puzzle.first
        out["first_jump"] = [list(b.holes[f]), list(b.holes[t])]
    if result.reason:
        out["reason"] = result.reason
    if result.jumps:
        out["example"] = [[list(b.holes[g[0][0]])] + [list(b.holes[t]) for _, _, t in g]
                          for g in group_moves(result.jumps)]
    if result.per_bound:
        out["nodes_per_bound"] = {str(m): n for m, n in result.per_bound}
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    per = result.get("nodes_per_bound")
    if not per:
        return None
    return Series(title="Peg solitaire: positions searched per move budget",
                  xlabel="move budget", ylabel="positions",
                  points=[(int(m), int(n)) for m, n in per.items()])
