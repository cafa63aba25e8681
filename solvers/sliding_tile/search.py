"""Sliding-tile puzzles (8-puzzle, 15-puzzle, 24-puzzle, any rows x cols from 2x2 up).

A position is a row-major tuple of tile numbers, ``0`` the blank; a move names the tile
that slides into the blank.  Solvability is decided first, by parity (no search).  Then:

- ``bfs`` and ``bidirectional`` (breadth-first from both ends) run the shared search of
  ``solvers/search.py`` on tuples: fine for the 8-puzzle, hopeless beyond it;
- ``iddfs`` and ``ida*`` run the compiled IDA* of ``tile_kernels`` with a lower bound:
  none (``iddfs``), ``manhattan``, ``linear-conflict`` (Manhattan plus two moves per tile
  that must leave its goal row or column to let another pass), or ``pdb``: additive
  pattern databases (the tiles split into disjoint groups, e.g. 6-6-3 on the 15-puzzle;
  each group's table holds the fewest moves of *its* tiles to bring them home, so the
  tables add up).  Tables are built on first use and cached in the user's cache folder.

All of them return optimal solutions; ``analyze`` also counts every optimal move sequence
(IDA*'s last iteration, enumerated to the end) and, on small boards, the farthest positions.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from puzzlereel import __version__, cache
from puzzlereel.config import Config, ConfigError
from puzzlereel.fileio import atomic_path
from puzzlereel.progress import no_progress
from puzzlereel.rules.sliding_tile import (
    SCHEMES,
    Board,
    board_text,
    check_board,
    default_goal,
    neighbours,
    solvable,
)
from puzzlereel.solvers import search
from puzzlereel.trace import End, Event, Header, Note, TileMove

from ..base import Series, SolveOptions
from . import kernel as k

ALGORITHMS = ("ida*", "iddfs", "bfs", "bidirectional")
ALGORITHM_ALIASES = {"idastar": "ida*", "ida-star": "ida*", "ida": "ida*", "id": "iddfs",
                     "bidirectional-bfs": "bidirectional"}
HEURISTICS = ("manhattan", "linear-conflict", "pdb")
MODES = {"manhattan": k.MODE_MANHATTAN, "linear-conflict": k.MODE_LINEAR, "pdb": k.MODE_PDB}
MAX_CELLS = 49            # the compiled search keeps a board in one 64-bit occupancy mask
MAX_PDB_ENTRIES = 1 << 25  # one group's table: cells ** group size bytes (32 MiB)
FARTHEST_MAX_CELLS = 10   # the whole space: cells! / 2 boards
MAX_DEPTH = 1000
BFS_DEFAULT_CAP = 10_000_000  # positions kept by bfs / bidirectional without --max-states


class PuzzleError(ValueError):
    """A sliding-tile puzzle that cannot be searched as asked (message quotes the input)."""


# ---------------------------------------------------------------- the puzzle


@dataclass(frozen=True)
class TilePuzzle:
    """One instance: board size, start and goal, and how to solve it."""

    rows: int
    cols: int
    tiles: Board
    goal: Board
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

    def solvable(self) -> bool:
        return solvable(self.tiles, self.goal, self.cols)

    def text(self, tiles: Board | None = None) -> str:
        return board_text(self.tiles if tiles is None else tiles, self.cols)

    def is_goal(self, tiles: Board) -> bool:
        return tiles == self.goal

    def moves(self, tiles: Board) -> Iterator[tuple[int, Board]]:
        """(tile, next board) for every tile next to the blank."""
        blank = tiles.index(0)
        for cell in neighbours(blank, self.rows, self.cols):
            board = list(tiles)
            board[blank], board[cell] = board[cell], 0
            yield tiles[cell], tuple(board)

    def header(self, solver: Mapping[str, Any], moves: int | None = None) -> Header:
        fields: dict[str, Any] = {"rows": self.rows, "cols": self.cols,
                                  "tiles": list(self.tiles), "goal": list(self.goal)}
        if moves is not None:
            fields["moves"] = moves  # the solution's length, for the renderer's counter
        return Header(puzzle="sliding-tile", fields=fields, title=self.title,
                      solver={**solver, "program": f"puzzlereel {__version__}"},
                      render=dict(self.render))


def _group_spec(spec: str, rows: int, cols: int, goal: Board) -> tuple[tuple[int, ...], ...]:
    """Tile groups for a size spec like ``"6-6-3"``: compact blocks of goal cells."""
    sizes = [int(s) for s in spec.split("-")]
    tiles_by_cell = list(goal)
    blank = goal.index(0)
    br, bc = divmod(blank, cols)
    if rows == 4 and cols == 4 and sizes == [6, 6, 3] and br in (0, 3):
        # Korf & Felner's split: the blank's row (3 tiles), then the other three rows
        # cut into a left and a right half
        other = [r for r in range(4) if r != br]
        left = tuple(tiles_by_cell[r * 4 + c] for r in other for c in (0, 1))
        right = tuple(tiles_by_cell[r * 4 + c] for r in other for c in (2, 3))
        top = tuple(tiles_by_cell[br * 4 + c] for c in range(4) if br * 4 + c != blank)
        return (left, right, top)
    # otherwise: goal cells in row-major order, cut into runs of the given sizes
    order = [t for t in tiles_by_cell if t != 0]
    out = []
    i = 0
    for s in sizes:
        out.append(tuple(order[i:i + s]))
        i += s
    return tuple(out)


def default_groups(rows: int, cols: int, goal: Board) -> tuple[tuple[int, ...], ...]:
    n = rows * cols
    if rows == 4 and cols == 4:
        return _group_spec("6-6-3", rows, cols, goal)
    size = 1
    while size < n - 1 and n ** (size + 1) <= (1 << 24):
        size += 1
    sizes = []
    left = n - 1
    while left > 0:
        sizes.append(min(size, left))
        left -= sizes[-1]
    return _group_spec("-".join(map(str, sizes)), rows, cols, goal)


def _tile_list(cfg: Config, key: str) -> list[int]:
    raw = cfg.get(key, list)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in raw):
        raise cfg.error(key, f"expected a list of integers (0 = blank), got {raw!r}")
    return list(raw)


def load(cfg: Config) -> TilePuzzle:
    """Read ``[puzzle]`` (tiles, rows, cols, goal) and ``[solve]`` (algorithm, heuristic, pdb)."""
    tiles = _tile_list(cfg, "puzzle.tiles")
    n = len(tiles)
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
    why = check_board(tiles, rows, cols)
    if why:
        raise cfg.error("puzzle.tiles", why)
    if rows * cols > MAX_CELLS:
        raise cfg.error("puzzle.tiles", f"boards up to {MAX_CELLS} cells are supported, "
                        f"this one has {rows * cols}")
    raw_goal = cfg.get("puzzle.goal", (list, str), None)
    if raw_goal is None or raw_goal == "blank-last":
        goal = default_goal(n)
    elif raw_goal == "blank-first":
        goal = default_goal(n, blank_first=True)
    elif isinstance(raw_goal, str):
        raise cfg.error("puzzle.goal", f"{raw_goal!r}: expected a list of tiles, "
                        "'blank-last' (1..N then the blank) or 'blank-first'")
    else:
        goal = tuple(_tile_list(cfg, "puzzle.goal"))
        why = check_board(goal, rows, cols)
        if why:
            raise cfg.error("puzzle.goal", why)
    algorithm = cfg.get("solve.algorithm", str, "ida*")
    algorithm = ALGORITHM_ALIASES.get(algorithm, algorithm)
    if algorithm not in ALGORITHMS:
        raise cfg.error("solve.algorithm", f"{cfg.get('solve.algorithm', str)!r} is not one "
                        "of: " + ", ".join(ALGORITHMS))
    default_h = "linear-conflict" if rows * cols <= 9 else "pdb"
    heuristic = cfg.get("solve.heuristic", str, default_h, choices=HEURISTICS)
    groups = default_groups(rows, cols, goal)
    spec = cfg.get("solve.pdb", (str, list), None)
    if spec is not None:
        if heuristic != "pdb" and cfg.get("solve.heuristic", str, None) is None:
            heuristic = "pdb"
        groups = _parse_groups(cfg, spec, rows, cols, goal)
    title = cfg.title
    cfg.get("render.scheme", str, "auto", choices=("auto", *SCHEMES))
    render = dict(cfg.section("render"))
    return TilePuzzle(rows=rows, cols=cols, tiles=tuple(tiles), goal=goal, algorithm=algorithm,
                      heuristic=heuristic, groups=groups, title=title,
                      render={k_: v for k_, v in render.items() if k_ in ("scheme", "theme")},
                      source=cfg.path)


def _parse_groups(cfg: Config, spec: str | list[Any], rows: int, cols: int,
                  goal: Board) -> tuple[tuple[int, ...], ...]:
    n = rows * cols
    if isinstance(spec, str):
        parts = spec.split("-")
        if not all(p.isdigit() and int(p) > 0 for p in parts):
            raise cfg.error("solve.pdb", f"{spec!r}: expected group sizes like '6-6-3' or a "
                            "list of tile lists")
        if sum(int(p) for p in parts) != n - 1:
            raise cfg.error("solve.pdb", f"{spec!r} covers {sum(int(p) for p in parts)} tiles, "
                            f"the board has {n - 1}")
        groups = _group_spec(spec, rows, cols, goal)
    else:
        if not all(isinstance(g, list) and g and all(isinstance(t, int) and
                                                     not isinstance(t, bool) for t in g)
                   for g in spec):
            raise cfg.error("solve.pdb", f"expected a list of tile lists, got {spec!r}")
        flat = sorted(t for g in spec for t in g)
        if flat != list(range(1, n)):
            raise cfg.error("solve.pdb", f"the groups must hold each tile 1..{n - 1} exactly "
                            f"once, got {spec!r}")
        groups = tuple(tuple(g) for g in spec)
    for g in groups:
        if n ** len(g) > MAX_PDB_ENTRIES:
            raise cfg.error("solve.pdb", f"a group of {len(g)} tiles on {n} cells needs "
                            f"{n ** len(g):,} table entries (limit {MAX_PDB_ENTRIES:,}); "
                            "use smaller groups")
    return groups


# ---------------------------------------------------------------- pattern databases


def pdb_dir() -> Path:
    """Where pattern databases are kept: the ``pdb`` folder of the user cache
    (``puzzlereel.cache``)."""
    return cache.cache_dir() / "pdb"


@dataclass
class PdbInfo:
    """What building / loading the tables cost."""

    name: str
    seconds: float = 0.0
    bytes: int = 0
    built: int = 0
    loaded: int = 0
    files: list[str] = field(default_factory=list)


def _pdb_name(rows: int, cols: int, cells: tuple[int, ...]) -> str:
    key = f"{rows}x{cols}:" + ",".join(map(str, cells))
    digest = hashlib.sha1(key.encode()).hexdigest()[:12]
    return f"tiles-pdb-{rows}x{cols}-{len(cells)}-{digest}.npy"


def build_group_table(rows: int, cols: int, cells: tuple[int, ...],
                      progress: Callable[[str, int, int | None], None] | None = None
                      ) -> np.ndarray:
    """The table for tiles whose goal cells are ``cells``: entry (base-n digits = the tiles'
    cells) = fewest moves *of these tiles* to bring them all home (others move for free)."""
    n = rows * cols
    kk = len(cells)
    size = n ** kk
    table = np.full(size, 255, np.uint8)
    powers = np.array([n ** (kk - 1 - j) for j in range(kk)], np.int64)
    table[int(sum(c * p for c, p in zip(cells, powers, strict=True)))] = 0
    adj, deg = k.adjacency(rows, cols)
    pos = np.zeros(kk, np.int64)
    total = 1
    for j in range(kk):
        total *= n - j
    done = 1
    depth = 0
    while True:
        added = k.pdb_level(table, depth, n, kk, adj, deg, pos, powers)
        if added == 0:
            break
        done += added
        depth += 1
        if depth >= 255:
            raise PuzzleError("pattern database deeper than 254 moves")
        if progress is not None:
            progress(f"pattern database {kk} tiles, depth {depth}", done, total)
    return table


def load_tables(puzzle: TilePuzzle, progress: Callable[[str, int, int | None], None]
                ) -> tuple[np.ndarray, np.ndarray, PdbInfo]:
    """(flat tables, offsets, info): each group's table from the cache or built now."""
    goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
    info = PdbInfo(puzzle.pdb_name)
    t0 = time.perf_counter()
    tables = []
    folder = cache.writable(pdb_dir())  # None: build in memory only (warned once)
    for group in puzzle.groups:
        cells = tuple(goal_cell[t] for t in group)
        path = (folder or pdb_dir()) / _pdb_name(puzzle.rows, puzzle.cols, cells)
        size = puzzle.cells ** len(cells)
        table: np.ndarray | None = None
        if folder is not None and path.exists():
            try:
                table = np.load(path, allow_pickle=False)
            except (OSError, ValueError):
                table = None
            if table is not None and (table.dtype != np.uint8 or table.shape != (size,)):
                table = None
        if table is None:
            table = build_group_table(puzzle.rows, puzzle.cols, cells, progress)
            info.built += 1
            if folder is not None:
                try:
                    with atomic_path(path) as tmp, open(tmp, "wb") as handle:
                        np.save(handle, table, allow_pickle=False)
                except OSError as exc:  # a full disk only costs a rebuild next time
                    cache.warn_unusable(folder, exc.strerror or str(exc))
                else:
                    info.files.append(str(path))
        else:
            info.loaded += 1
            info.files.append(str(path))
        tables.append(table)
    offsets = np.zeros(len(tables), np.int64)
    for i in range(1, len(tables)):
        offsets[i] = offsets[i - 1] + tables[i - 1].shape[0]
    flat = np.concatenate(tables) if tables else np.zeros(1, np.uint8)
    info.bytes = int(flat.nbytes)
    info.seconds = time.perf_counter() - t0
    return flat, offsets, info


# ---------------------------------------------------------------- IDA*


def mirror_symmetric(goal: Board, rows: int, cols: int) -> bool:
    """Whether mirroring about the main diagonal maps the goal onto itself up to tile
    names: a square board with the blank's goal cell on the diagonal.  Then a board and
    its mirror image are equally far from the goal, and the tables can be looked up for
    both (the larger sum is still a lower bound)."""
    if rows != cols:
        return False
    r, c = divmod(goal.index(0), cols)
    return r == c


@dataclass
class IdaResult:
    """An IDA* run: status, one optimal solution (tiles moved), how many there are."""

    status: str
    path: list[int] = field(default_factory=list)
    solutions: int = 0
    nodes: int = 0
    seconds: float = 0.0
    iterations: list[tuple[int, int]] = field(default_factory=list)  # (bound, nodes)
    pdb: PdbInfo | None = None
    h0: int = 0


class TileSearch:
    """The arrays IDA* needs for one puzzle and one heuristic (tables loaded once)."""

    def __init__(self, puzzle: TilePuzzle, heuristic: str | None,
                 progress: Callable[[str, int, int | None], None] = no_progress) -> None:
        self.puzzle = puzzle
        rows, cols = puzzle.rows, puzzle.cols
        n = rows * cols
        self.mode = k.MODE_ZERO if heuristic is None else MODES[heuristic]
        self.adj, self.deg = k.adjacency(rows, cols)
        goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
        self.dist = np.zeros((n, n), np.int64)
        self.grow = np.zeros(n, np.int64)
        self.gcol = np.zeros(n, np.int64)
        for t in range(1, n):
            gr, gc = divmod(goal_cell[t], cols)
            self.grow[t], self.gcol[t] = gr, gc
            for cell in range(n):
                r, c = divmod(cell, cols)
                self.dist[t, cell] = abs(r - gr) + abs(c - gc)
        self.grp = np.zeros(n, np.int64)
        self.wt = np.zeros(n, np.int64)
        self.pdb = np.zeros(1, np.uint8)
        self.pdboff = np.zeros(1, np.int64)
        self.pdb_info: PdbInfo | None = None
        ngroups = 1
        if self.mode == k.MODE_PDB:
            for g, group in enumerate(puzzle.groups):
                for j, t in enumerate(group):
                    self.grp[t] = g
                    self.wt[t] = n ** (len(group) - 1 - j)
            self.pdb, self.pdboff, self.pdb_info = load_tables(puzzle, progress)
            ngroups = len(puzzle.groups)
        self.idx = np.zeros(ngroups, np.int64)
        self.idx2 = np.zeros(ngroups, np.int64)
        self.mgrp = np.zeros(n, np.int64)
        self.mwt = np.zeros(n, np.int64)
        self.tcell = np.zeros(n, np.int64)
        self.mirror = self.mode == k.MODE_PDB and mirror_symmetric(puzzle.goal, rows, cols)
        if self.mirror:
            # tile t sits, on the board mirrored about the main diagonal, as tile m(t)
            for cell in range(n):
                r, c = divmod(cell, cols)
                self.tcell[cell] = c * cols + r
            for t in range(1, n):
                m = puzzle.goal[int(self.tcell[goal_cell[t]])]
                self.mgrp[t] = self.grp[m]
                self.mwt[t] = self.wt[m]
        self.lcv = np.zeros(rows + cols, np.int64)
        self.scratch = np.zeros(2 * max(rows, cols) + 2, np.int64)

    def h(self, tiles: Board) -> int:
        """The heuristic's value for one board (tests, admissibility checks)."""
        board = np.array(tiles, np.int64)
        return int(self._full(board))

    def _full(self, board: np.ndarray) -> int:
        p = self.puzzle
        return int(k.heuristic(board, p.rows, p.cols, self.mode, self.dist, self.grow,
                               self.gcol, self.grp, self.wt, self.pdb, self.pdboff, self.idx,
                               self.lcv, self.scratch, self.mirror, self.mgrp, self.mwt,
                               self.tcell, self.idx2))

    def run(self, start: Board, *, count_all: bool = False, max_nodes: int | None = None,
            max_depth: int = MAX_DEPTH,
            progress: Callable[[str, int, int | None], None] | None = None,
            chunk: int = 2_000_000) -> IdaResult:
        """IDA* from ``start`` to the goal; with ``count_all`` also count optimal solutions."""
        p = self.puzzle
        t0 = time.perf_counter()
        out = IdaResult("solved", pdb=self.pdb_info)
        board = np.array(start, np.int64)
        h0 = self._full(board)
        out.h0 = h0
        if start == p.goal:
            out.solutions = 1
            out.seconds = time.perf_counter() - t0
            return out
        depth_cap = max_depth + 2
        blanks = np.zeros(depth_cap, np.int64)
        dirs = np.zeros(depth_cap, np.int64)
        hstk = np.zeros(depth_cap, np.int64)
        mdstk = np.zeros(depth_cap, np.int64)
        movestk = np.zeros(depth_cap, np.int64)
        lcsave = np.zeros((depth_cap, 4), np.int64)
        path = np.zeros(depth_cap, np.int64)
        sums = np.zeros((depth_cap, 2), np.int64)
        st = np.zeros(k.ST_SIZE, np.int64)
        bound = h0 if self.mode != k.MODE_ZERO else 1
        total_nodes = 0
        while True:
            if bound > max_depth:
                out.status = "limit"
                break
            board[:] = start
            self._full(board)
            sums[0, 0] = k.pdb_sum(self.pdb, self.pdboff, self.idx)
            sums[0, 1] = k.pdb_sum(self.pdb, self.pdboff, self.idx2)
            blanks[0] = list(start).index(0)
            dirs[0] = 0
            hstk[0] = h0
            mdstk[0] = int(k.manhattan(board, self.dist))
            st[:] = 0
            st[k.ST_BOUND] = bound
            st[k.ST_NEXT] = k.INF
            while True:
                budget = chunk
                if max_nodes is not None:
                    budget = min(budget, max_nodes - total_nodes - int(st[k.ST_NODES]))
                    if budget <= 0:
                        break
                status = k.ida_run(board, p.rows, p.cols, self.adj, self.deg, self.mode,
                                   self.dist, self.grow, self.gcol, self.grp, self.wt, self.pdb,
                                   self.pdboff, self.idx, self.lcv, self.scratch, st, blanks,
                                   dirs, hstk, mdstk, movestk, lcsave, path, count_all, budget,
                                   self.mirror, self.mgrp, self.mwt, self.tcell, self.idx2,
                                   sums)
                if progress is not None:
                    progress(f"bound {bound}", total_nodes + int(st[k.ST_NODES]), None)
                if status != 1:
                    break
            nodes = int(st[k.ST_NODES])
            total_nodes += nodes
            out.iterations.append((bound, nodes))
            if int(st[k.ST_SOLUTIONS]) > 0:
                out.solutions = int(st[k.ST_SOLUTIONS])
                out.path = [int(t) for t in path[:bound]]
                break
            if max_nodes is not None and total_nodes >= max_nodes:
                out.status = "limit"
                break
            if int(st[k.ST_NEXT]) >= k.INF:
                out.status = "unsolvable"
                break
            bound = int(st[k.ST_NEXT])
        out.nodes = total_nodes
        out.seconds = time.perf_counter() - t0
        return out


# ---------------------------------------------------------------- the family interface


@dataclass
class Solved:
    """What ``find_solution`` found, whichever algorithm ran."""

    status: str
    path: list[int]
    stats: dict[str, Any]
    notes: list[str]


def _heuristic_for(puzzle: TilePuzzle, algorithm: str) -> str | None:
    return None if algorithm == "iddfs" else puzzle.heuristic


def find_solution(puzzle: TilePuzzle, options: SolveOptions) -> Solved:
    algorithm = options.algorithm or puzzle.algorithm
    algorithm = ALGORITHM_ALIASES.get(algorithm, algorithm)
    if algorithm not in ALGORITHMS:
        raise ConfigError(f"{algorithm!r} is not one of: " + ", ".join(ALGORITHMS),
                          path=puzzle.source, field="solve.algorithm")
    notes: list[str] = []
    stats: dict[str, Any] = {"algorithm": algorithm}
    if algorithm in ("bfs", "bidirectional"):
        # positions are Python tuples in a dict (~200 bytes each): cap memory by default
        cap = options.max_states if options.max_states is not None else BFS_DEFAULT_CAP
        if algorithm == "bfs":
            res = search.bfs(puzzle.tiles, puzzle.moves, puzzle.is_goal,
                             max_states=cap, progress=options.progress)
        else:
            res = search.bidirectional_bfs(puzzle.tiles, puzzle.goal, puzzle.moves,
                                           max_states=cap, progress=options.progress)
        stats.update(states=res.stored, seconds=round(res.seconds, 4))
        if res.status == "limit":
            stats["limit"] = (f"--max-states {options.max_states}"
                              if options.max_states is not None else
                              f"{algorithm} stops at {BFS_DEFAULT_CAP:,} positions unless "
                              "--max-states says otherwise; ida* solves this size")
        return Solved(res.status, list(res.moves), stats, notes)
    heuristic = _heuristic_for(puzzle, algorithm)
    ts = TileSearch(puzzle, heuristic, options.progress)
    stats["heuristic"] = heuristic or "none"
    if ts.pdb_info is not None:
        info = ts.pdb_info
        stats.update(pdb=info.name, pdb_mirror=ts.mirror, pdb_bytes=info.bytes,
                     pdb_seconds=round(info.seconds, 3),
                     pdb_built=info.built)
        verb = "built" if info.built else "loaded"
        notes.append(f"pattern databases {info.name}: {verb} in {info.seconds:.2f} s, "
                     f"{info.bytes / 2**20:.1f} MiB, "
                     + (f"cached in {pdb_dir()}" if info.files else "not cached"))
    res2 = ts.run(puzzle.tiles, max_nodes=options.max_states, progress=options.progress)
    stats.update(nodes=res2.nodes, seconds=round(res2.seconds, 4), lower_bound=res2.h0,
                 iterations=len(res2.iterations))
    if res2.seconds > 0:
        stats["nodes_per_second"] = int(res2.nodes / res2.seconds)
    if res2.status == "limit":
        stats["limit"] = (f"--max-states {options.max_states} nodes"
                          if options.max_states is not None else f"depth {MAX_DEPTH}")
    return Solved(res2.status, res2.path, stats, notes)


def solve(puzzle: TilePuzzle, options: SolveOptions) -> Iterator[Event]:
    """Header, the optimal solution's moves (tile numbers), end with stats."""
    algorithm = ALGORITHM_ALIASES.get(options.algorithm or puzzle.algorithm,
                                      options.algorithm or puzzle.algorithm)
    solver: dict[str, Any] = {"algorithm": algorithm}
    if algorithm in ("ida*",):
        solver["heuristic"] = puzzle.heuristic
        if puzzle.heuristic == "pdb":
            solver["pdb"] = puzzle.pdb_name
    if not puzzle.solvable():
        yield puzzle.header(solver)
        reason = ("parity: the start and the goal are in different halves of the "
                  "positions (tile arrangement parity differs from the blank's distance "
                  "parity)")
        yield Note("No solution: " + reason + ".")
        yield End(status="unsolvable", stats={"reason": reason, "seconds": 0.0})
        return
    found = find_solution(puzzle, options)
    yield puzzle.header(solver, len(found.path) if found.status == "solved" else None)
    for note in found.notes:
        yield Note(note)
    for i, tile in enumerate(found.path):
        yield TileMove(n=i + 1, tile=tile)
    if found.status == "unsolvable":
        found.stats.setdefault("reason", "search space exhausted")
    yield End(status=found.status,
              moves=len(found.path) if found.status == "solved" else None, stats=found.stats)


def farthest_positions(puzzle: TilePuzzle,
                       progress: Callable[[str, int, int | None], None] | None = None
                       ) -> tuple[list[int], list[Board]]:
    """(count of boards at each distance from the goal, the boards farthest from it)."""
    n = puzzle.cells
    if n > FARTHEST_MAX_CELLS:
        raise PuzzleError(f"--farthest searches all {n}!/2 positions; supported up to "
                          f"{FARTHEST_MAX_CELLS} cells, this board has {n}")
    fact = np.ones(n + 1, np.int64)
    for i in range(1, n + 1):
        fact[i] = fact[i - 1] * i
    depth = np.full(int(fact[n]), 255, np.uint8)
    queue = np.zeros(int(fact[n]) // 2, np.int64)
    adj, deg = k.adjacency(puzzle.rows, puzzle.cols)
    if progress is not None:
        progress("every position", 0, int(fact[n]) // 2)
    reached = k.bfs_all(np.array(puzzle.goal, np.int64), puzzle.rows, puzzle.cols, adj, deg,
                        fact, depth, queue)
    if progress is not None:
        progress("every position", reached, int(fact[n]) // 2)
    ranks = queue[:reached]
    d = depth[ranks]
    counts = np.bincount(d).tolist()
    far = ranks[d == d.max()]
    boards = np.zeros((far.shape[0], n), np.int64)
    k.unrank_many(far, n, fact, boards)
    out = sorted(tuple(int(v) for v in row) for row in boards)
    return counts, out


def analyze(puzzle: TilePuzzle, options: SolveOptions) -> dict[str, Any]:
    """Optimal length and number of optimal solutions; with farthest: the whole space."""
    out: dict[str, Any] = {"puzzle": "sliding-tile", "rows": puzzle.rows, "cols": puzzle.cols,
                           "tiles": list(puzzle.tiles), "goal": list(puzzle.goal)}
    t0 = time.perf_counter()
    if not puzzle.solvable():
        out.update(status="unsolvable", optimal_moves=None, optimal_solutions=0)
    else:
        heuristic = puzzle.heuristic
        ts = TileSearch(puzzle, heuristic, options.progress)
        res = ts.run(puzzle.tiles, count_all=True, max_nodes=options.max_states,
                     progress=options.progress)
        out.update(status="limit" if res.status == "limit" else "complete",
                   optimal_moves=len(res.path) if res.status == "solved" else None,
                   optimal_solutions=res.solutions if res.status == "solved" else None,
                   solution=res.path, heuristic=heuristic, lower_bound=res.h0,
                   nodes=res.nodes, iterations=[list(it) for it in res.iterations])
        if ts.pdb_info is not None:
            out.update(pdb=ts.pdb_info.name, pdb_bytes=ts.pdb_info.bytes,
                       pdb_seconds=round(ts.pdb_info.seconds, 3))
    if options.farthest:
        try:
            counts, far = farthest_positions(puzzle, options.progress)
        except PuzzleError as exc:
            raise ConfigError(str(exc), path=puzzle.source, field="puzzle.tiles") from None
        out.update(max_depth=len(counts) - 1, farthest=[list(b) for b in far],
                   depths=counts, states=sum(counts))
    out["seconds"] = round(time.perf_counter() - t0, 4)
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    """The depth histogram (with --farthest), else nodes per IDA* iteration."""
    depths = result.get("depths")
    if depths:
        return Series(title=f"Positions at each distance from the goal "
                      f"({sum(depths):,} in all, {result.get('rows')}x{result.get('cols')})",
                      xlabel="moves from the goal", ylabel="positions",
                      points=list(enumerate(depths)))
    its = result.get("iterations")
    if its:
        return Series(title=f"IDA* nodes per iteration ({result.get('heuristic')})",
                      xlabel="cost bound", ylabel="nodes", points=[(b, n) for b, n in its])
    return None


__all__ = ["TilePuzzle", "TileSearch", "analyze", "pdb_dir", "farthest_positions",
           "find_solution", "load", "plot_series", "solve", "ConfigError", "PuzzleError"]
