"""Reading a sliding-tile config: the board, the goal, and how to search.

``load`` turns ``[puzzle]`` (tiles, rows, cols, goal) and ``[solve]`` (algorithm,
heuristic, pattern-database groups) into a ``TilePuzzle``, the puzzle type the rest of
the family works on; every problem is a ``ConfigError`` naming the field.  Nothing here
imports compiled code, so a config reads quickly.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlereel import __version__
from puzzlereel.ground.config import Config
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.registry import FAMILIES
from puzzlereel.rules.sliding_tile import (
    SCHEMES,
    TileLayout,
    Tiles,
    check_tiles,
    default_goal,
    neighbours,
    solvable,
    tiles_text,
)
from puzzlereel.trace import Header

TILE_ALGORITHMS = FAMILIES["sliding-tile"].algorithms   # declared in its registry row
ALGORITHM_ALIASES = {"idastar": "ida*", "ida-star": "ida*", "ida": "ida*", "id": "iddfs",
                     "bidirectional-bfs": "bidirectional"}
HEURISTICS = ("manhattan", "linear-conflict", "pdb")
MAX_TILE_CELLS = 49            # the compiled search keeps a board in one 64-bit occupancy mask
MAX_GROUP_TILES = 8       # building a table keeps k * k tables of k! ranks (k = 8: 10 MB)
MAX_PDB_ENTRIES = 600_000_000  # one group's table: n! / (n - k)! placements (16!/8! = 518.9 M)


class PuzzleError(PuzzlereelError):
    """A sliding-tile puzzle that cannot be searched as asked (message quotes the input)."""


@dataclass(frozen=True)
class TilePuzzle:
    """One instance: board size, start (``tiles``) and goal, and how to solve it."""

    rows: int
    cols: int
    tiles: Tiles
    goal: Tiles
    algorithm: str = "ida*"
    heuristic: str = "linear-conflict"
    groups: tuple[tuple[int, ...], ...] = ()
    title: str | None = None
    render: Mapping[str, Any] = field(default_factory=dict)
    source: str = "<puzzle>"

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    @property
    def pdb_name(self) -> str:
        return "-".join(str(len(g)) for g in self.groups)

    @property
    def layout(self) -> TileLayout:
        """Board size, start and goal as the trace header carries them (shared rules)."""
        return TileLayout(rows=self.rows, cols=self.cols, start=self.tiles, goal=self.goal)

    def solvable(self) -> bool:
        return solvable(self.tiles, self.goal, self.cols)

    def text(self, tiles: Tiles | None = None) -> str:
        return tiles_text(self.tiles if tiles is None else tiles, self.cols)

    def is_goal(self, tiles: Tiles) -> bool:
        return tiles == self.goal

    def moves(self, tiles: Tiles) -> Iterator[tuple[int, Tiles]]:
        """(tile, next position) for every tile next to the blank."""
        blank = tiles.index(0)
        for cell in neighbours(blank, self.rows, self.cols):
            after = list(tiles)
            after[blank], after[cell] = after[cell], 0
            yield tiles[cell], tuple(after)

    def header(self, solver: Mapping[str, Any], moves: int | None = None) -> Header:
        fields = self.layout.header_fields()
        if moves is not None:
            fields["moves"] = moves  # the solution's length, for the renderer's counter
        return Header(puzzle="sliding-tile", fields=fields, title=self.title,
                      solver={**solver, "program": f"puzzlereel {__version__}"},
                      render=dict(self.render))


# Korf & Felner's 6-6-6-6 split of the 24-puzzle, as (row, column) goal cells for the
# blank in the top-left corner: a 2x3 block with a tail, two 3x2 blocks and a 2x3 block,
# not its own mirror image, so the mirrored lookups add information
KORF_FELNER_24 = (((0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 2)),
                  ((0, 3), (0, 4), (1, 3), (1, 4), (2, 3), (2, 4)),
                  ((2, 0), (2, 1), (3, 0), (3, 1), (4, 0), (4, 1)),
                  ((3, 2), (3, 3), (3, 4), (4, 2), (4, 3), (4, 4)))


def group_spec(spec: str, rows: int, cols: int, goal: Tiles) -> tuple[tuple[int, ...], ...]:
    """Tile groups for a size spec like ``"7-8"``: compact blocks of goal cells.

    On 4x4: 7-8 (or 8-7) is the two rows holding the blank's goal cell (7 tiles) and the
    other two rows (8); 6-6-3 with the blank's goal in the top or bottom row is Korf &
    Felner's split (the blank's row, then the other three rows cut into a left and a
    right half).  On 5x5 with the blank's goal in a corner, 6-6-6-6 is Korf & Felner's
    split (``KORF_FELNER_24``, turned to that corner).  Otherwise the goal cells in
    row-major order are cut into runs of the given sizes."""
    sizes = [int(s) for s in spec.split("-")]
    br, bc = divmod(goal.index(0), cols)
    if rows == 4 and cols == 4 and sorted(sizes) == [7, 8]:
        return _halves_15(sizes, goal, br)
    if rows == 4 and cols == 4 and sizes == [6, 6, 3] and br in (0, 3):
        return _korf_felner_15(goal, br)
    if rows == 5 and cols == 5 and sizes == [6, 6, 6, 6] and br in (0, 4) and bc in (0, 4):
        return _korf_felner_24(goal, br, bc)
    return _runs(sizes, goal)


def _halves_15(sizes: list[int], goal: Tiles, br: int) -> tuple[tuple[int, ...], ...]:
    """4x4's 7-8 (in the order of ``sizes``): the two rows holding the blank's goal cell
    (row ``br``), and the other two rows."""
    blank = goal.index(0)
    half = (0, 1) if br < 2 else (2, 3)
    seven = tuple(goal[r * 4 + c] for r in half for c in range(4) if r * 4 + c != blank)
    eight = tuple(goal[r * 4 + c] for r in range(4) if r not in half for c in range(4))
    return tuple(seven if s == 7 else eight for s in sizes)


def _korf_felner_15(goal: Tiles, br: int) -> tuple[tuple[int, ...], ...]:
    """4x4's 6-6-3 with the blank's goal in row ``br`` (the top or the bottom): the other
    three rows' left and right halves, then the blank's row."""
    blank = goal.index(0)
    other = [r for r in range(4) if r != br]
    left = tuple(goal[r * 4 + c] for r in other for c in (0, 1))
    right = tuple(goal[r * 4 + c] for r in other for c in (2, 3))
    top = tuple(goal[br * 4 + c] for c in range(4) if br * 4 + c != blank)
    return (left, right, top)


def _korf_felner_24(goal: Tiles, br: int, bc: int) -> tuple[tuple[int, ...], ...]:
    """5x5's 6-6-6-6: ``KORF_FELNER_24`` turned to the blank's goal corner (``br``,
    ``bc``)."""
    def cell(r: int, c: int) -> int:
        return (r if br == 0 else 4 - r) * 5 + (c if bc == 0 else 4 - c)
    return tuple(tuple(goal[cell(r, c)] for r, c in block) for block in KORF_FELNER_24)


def _runs(sizes: list[int], goal: Tiles) -> tuple[tuple[int, ...], ...]:
    """The goal's tiles in row-major order, cut into runs of ``sizes``."""
    order = [t for t in goal if t != 0]
    out = []
    i = 0
    for s in sizes:
        out.append(tuple(order[i:i + s]))
        i += s
    return tuple(out)


def default_groups(rows: int, cols: int, goal: Tiles) -> tuple[tuple[int, ...], ...]:
    """The pattern groups used without ``[solve] pdb``: 7-8 on the 15-puzzle, 6-6-6-6 on
    the 24-puzzle, else runs of goal cells as large as keep n ** k within 16 M."""
    n = rows * cols
    if rows == 4 and cols == 4:
        return group_spec("7-8", rows, cols, goal)
    if rows == 5 and cols == 5:
        return group_spec("6-6-6-6", rows, cols, goal)
    size = 1
    while size < n - 1 and n ** (size + 1) <= (1 << 24):
        size += 1
    sizes = []
    left = n - 1
    while left > 0:
        sizes.append(min(size, left))
        left -= sizes[-1]
    return group_spec("-".join(map(str, sizes)), rows, cols, goal)


def _tile_list(cfg: Config, key: str) -> list[int]:
    """A config list of tile numbers (integers, not yet checked as a position)."""
    raw = cfg.get(key, list)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in raw):
        raise cfg.error(key, f"expected a list of integers (0 = blank), got {raw!r}")
    return list(raw)


def load(cfg: Config) -> TilePuzzle:
    """Read ``[puzzle]`` (tiles, rows, cols, goal) and ``[solve]`` (algorithm, heuristic, pdb)."""
    tiles = _tile_list(cfg, "puzzle.tiles")
    rows, cols = _board_size(cfg, len(tiles))
    why = check_tiles(tiles, rows, cols)
    if why:
        raise cfg.error("puzzle.tiles", why)
    if rows * cols > MAX_TILE_CELLS:
        raise cfg.error("puzzle.tiles", f"boards up to {MAX_TILE_CELLS} cells are supported, "
                        f"this one has {rows * cols}")
    goal = _goal(cfg, rows, cols)
    algorithm = _algorithm(cfg)
    heuristic, groups = _heuristic(cfg, rows, cols, goal)
    title = cfg.title
    cfg.get("render.scheme", str, "auto", choices=("auto", *SCHEMES))
    render = dict(cfg.section("render"))
    return TilePuzzle(rows=rows, cols=cols, tiles=tuple(tiles), goal=goal, algorithm=algorithm,
                      heuristic=heuristic, groups=groups, title=title,
                      render={key: v for key, v in render.items() if key in ("scheme", "theme")},
                      source=cfg.path)


def _board_size(cfg: Config, n: int) -> tuple[int, int]:
    """``[puzzle] rows`` and ``cols`` for ``n`` tiles: a square board when neither is
    given, the other worked out when one is."""
    rows = cfg.get("puzzle.rows", int, None)
    cols = cfg.get("puzzle.cols", int, None)
    for key, v in (("puzzle.rows", rows), ("puzzle.cols", cols)):
        if v is not None and v < 2:
            raise cfg.error(key, f"a board needs at least 2 rows and 2 columns, got {v}")
    if rows is None and cols is None:
        side = int(round(n ** 0.5))
        if side * side != n:
            raise cfg.error("puzzle.tiles", f"{n} tiles is not a square board: give rows "
                            "(and cols)")
        rows = cols = side
    elif rows is None:
        assert cols is not None
        if n % cols:
            raise cfg.error("puzzle.cols", f"{n} tiles do not fill rows of {cols}")
        rows = n // cols
    elif cols is None:
        if n % rows:
            raise cfg.error("puzzle.rows", f"{n} tiles do not fill {rows} rows")
        cols = n // rows
    if rows < 2 or cols < 2:
        raise cfg.error("puzzle.rows", f"a board needs at least 2 rows and 2 columns, got "
                        f"{rows}x{cols}")
    return rows, cols


def _goal(cfg: Config, rows: int, cols: int) -> Tiles:
    """``[puzzle] goal``: a list of tiles, ``"blank-last"`` (the default) or
    ``"blank-first"``."""
    n = rows * cols
    raw_goal = cfg.get("puzzle.goal", (list, str), None)
    if raw_goal is None or raw_goal == "blank-last":
        return default_goal(n)
    if raw_goal == "blank-first":
        return default_goal(n, blank_first=True)
    if isinstance(raw_goal, str):
        raise cfg.error("puzzle.goal", f"{raw_goal!r}: expected a list of tiles, "
                        "'blank-last' (1..N then the blank) or 'blank-first'")
    goal = tuple(_tile_list(cfg, "puzzle.goal"))
    why = check_tiles(goal, rows, cols)
    if why:
        raise cfg.error("puzzle.goal", why)
    return goal


def _algorithm(cfg: Config) -> str:
    """``[solve] algorithm``, its aliases read as the names they stand for."""
    algorithm = cfg.get("solve.algorithm", str, "ida*")
    algorithm = ALGORITHM_ALIASES.get(algorithm, algorithm)
    if algorithm not in TILE_ALGORITHMS:
        raise cfg.error("solve.algorithm", f"{cfg.get('solve.algorithm', str)!r} is not one "
                        "of: " + ", ".join(TILE_ALGORITHMS))
    return algorithm


def _heuristic(cfg: Config, rows: int, cols: int, goal: Tiles
               ) -> tuple[str, tuple[tuple[int, ...], ...]]:
    """``[solve] heuristic`` and the pattern groups: ``[solve] pdb`` when given (which
    also makes the heuristic ``pdb`` unless one is named), else the default groups."""
    default_h = "linear-conflict" if rows * cols <= 9 else "pdb"
    heuristic = cfg.get("solve.heuristic", str, default_h, choices=HEURISTICS)
    groups = default_groups(rows, cols, goal)
    spec = cfg.get("solve.pdb", (str, list), None)
    if spec is not None:
        if heuristic != "pdb" and cfg.get("solve.heuristic", str, None) is None:
            heuristic = "pdb"
        groups = _parse_groups(cfg, spec, rows, cols, goal)
    return heuristic, groups


def _parse_groups(cfg: Config, spec: str | list[Any], rows: int, cols: int,
                  goal: Tiles) -> tuple[tuple[int, ...], ...]:
    """``[solve] pdb``: group sizes (``"6-6-3"``) or the groups' tiles, each table in size."""
    n = rows * cols
    if isinstance(spec, str):
        groups = _sized_groups(cfg, spec, rows, cols, goal)
    else:
        groups = _listed_groups(cfg, spec, n)
    for g in groups:
        entries = math.perm(n, len(g))
        if len(g) > MAX_GROUP_TILES or entries > MAX_PDB_ENTRIES:
            raise cfg.error("solve.pdb", f"a group of {len(g)} tiles on {n} cells needs "
                            f"{entries:,} table entries (limit {MAX_GROUP_TILES} tiles and "
                            f"{MAX_PDB_ENTRIES:,} entries); use smaller groups")
    return groups


def _sized_groups(cfg: Config, spec: str, rows: int, cols: int, goal: Tiles
                  ) -> tuple[tuple[int, ...], ...]:
    """The groups of a size spec (``"6-6-3"``), whose sizes cover the board's tiles."""
    n = rows * cols
    parts = spec.split("-")
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise cfg.error("solve.pdb", f"{spec!r}: expected group sizes like '6-6-3' or a "
                        "list of tile lists")
    if sum(int(p) for p in parts) != n - 1:
        raise cfg.error("solve.pdb", f"{spec!r} covers {sum(int(p) for p in parts)} tiles, "
                        f"the board has {n - 1}")
    return group_spec(spec, rows, cols, goal)


def _listed_groups(cfg: Config, spec: list[Any], n: int) -> tuple[tuple[int, ...], ...]:
    """Groups given as lists of tiles, which hold each of the ``n - 1`` tiles once."""
    if not all(isinstance(g, list) and g and all(isinstance(t, int) and
                                                 not isinstance(t, bool) for t in g)
               for g in spec):
        raise cfg.error("solve.pdb", f"expected a list of tile lists, got {spec!r}")
    flat = sorted(t for g in spec for t in g)
    if flat != list(range(1, n)):
        raise cfg.error("solve.pdb", f"the groups must hold each tile 1..{n - 1} exactly "
                        f"once, got {spec!r}")
    return tuple(tuple(g) for g in spec)


__all__ = ["ALGORITHM_ALIASES", "HEURISTICS", "KORF_FELNER_24", "MAX_GROUP_TILES",
           "MAX_PDB_ENTRIES", "MAX_TILE_CELLS", "TILE_ALGORITHMS", "PuzzleError", "TilePuzzle",
           "default_groups", "group_spec", "load"]
