"""Reading a peg-solitaire config: the board (built in or drawn in ASCII), the jumps it
allows, the starting pegs, the goal, and how to solve it.

``load`` turns ``[puzzle]`` and ``[solve]`` into a ``PegPuzzle``: a ``PegBoard`` (``board``)
with the start and the goal as bitboards, plus the search settings (metric, algorithm,
a fixed first jump, a move limit, the memory budget).  Holes may be written ``[x, y]``
or as hole numbers (row by row from the top, from 0).  Every problem is a
``ConfigError`` naming the field and, for a drawn board, the line of the offending row.
Nothing here imports the compiled search: reading a config stays quick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzlereel.ground.config import Config, ConfigError
from puzzlereel.registry import FAMILIES
from puzzlereel.trace import Cell, Header

from .board import (
    DEFAULT_EMPTY,
    DIAGONAL,
    HOPPERS_JUMPS,
    ORTHOGONAL,
    TRIANGLE_JUMPS,
    Jump,
    PegBoard,
    PegConfigError,
    builtin_board,
    parse_ascii,
)

PEG_METRICS = ("moves", "jumps")
PEG_ALGORITHMS = FAMILIES["peg-solitaire"].algorithms   # declared in its registry row


@dataclass(frozen=True)
class PegPuzzle:
    """One instance: board, start position, goal (0 = one peg anywhere), how to solve."""

    board: PegBoard
    start: int
    goal: int
    metric: str = "moves"
    algorithm: str = "ida"
    title: str | None = None
    first: Jump | None = None
    max_moves: int | None = None
    memory_mb: int | None = None      # the position table's size (a tuning knob)
    max_memory: int | None = None     # bytes the search may use at most ([solve] max_memory)

    @property
    def goal_count(self) -> int:
        return bin(self.goal).count("1") if self.goal else 1

    def is_goal(self, pos: int) -> bool:
        if self.goal:
            return pos == self.goal
        return pos != 0 and pos & (pos - 1) == 0

    def header(self, algorithm: str, moves: int | None) -> Header:
        """The trace header: the board with its starting pegs and goal (the fields
        ``puzzlereel.rules.peg_solitaire.Layout`` reads back), the number of moves when
        known, and how the solution was searched."""
        fields = self.board.layout(self.start, self.goal).header_fields()
        if moves is not None:
            fields["moves"] = moves
        return Header(puzzle="peg-solitaire", title=self.title, fields=fields,
                      solver={"algorithm": algorithm, "metric": self.metric,
                              "optimal": self.metric == "jumps" or algorithm == "ida",
                              "program": "puzzlereel peg-solitaire"})


def _one_cell(cfg: Config, name: str, v: Any, board: PegBoard) -> Cell:
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


def _cell_list(cfg: Config, key: str, value: Any, board: PegBoard) -> list[Cell]:
    """One hole or several: ``[x, y]``, ``n``, ``[[x, y], ...]`` or ``[n, n, n, ...]``
    (two bare numbers ``[a, b]`` always mean the cell x = a, y = b)."""
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return [_one_cell(cfg, key, v, board) for v in value]
    if isinstance(value, list) and len(value) != 2:
        return [_one_cell(cfg, key, v, board) for v in value]
    return [_one_cell(cfg, key, value, board)]


def _jump_vectors(cfg: Config, raw: Any, board: PegBoard) -> list[Cell]:
    """``[puzzle] jumps``: a named set of vectors or a list of ``[dx, dy]``."""
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


def load(cfg: Config) -> PegPuzzle:
    """Read ``[puzzle]`` and ``[solve]`` of a peg-solitaire config; raise ``ConfigError``
    naming the field on bad input."""
    board, pegs_given = _board(cfg)
    empty, start = _start(cfg, board, pegs_given)
    goal = _goal(cfg, board, empty)
    metric = cfg.get("solve.metric", str, "moves", choices=PEG_METRICS)
    algorithm = cfg.get("solve.algorithm", str, "ida" if metric == "moves" else "dfs",
                        choices=PEG_ALGORITHMS)
    first = _first_jump(cfg, board, start)
    max_moves = cfg.get("solve.max_moves", int, None)
    if max_moves is not None and max_moves < 1:
        raise cfg.error("solve.max_moves", f"must be >= 1, got {max_moves}")
    memory_mb = cfg.get("solve.memory_mb", int, None)
    if memory_mb is not None and not 1 <= memory_mb <= 65536:
        raise cfg.error("solve.memory_mb", f"must be 1..65536 (MB), got {memory_mb}")
    return PegPuzzle(board, start, goal, metric, algorithm, cfg.title, first, max_moves,
                  memory_mb, cfg.size("solve.max_memory"))


def _board(cfg: Config) -> tuple[PegBoard, list[Cell] | None]:
    """The board (built in, or drawn in ``[puzzle] holes``) with its jumps, and the pegs
    a drawn board shows (None: it shows none, or the board is built in)."""
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
            board = _builtin(cfg, name)
        else:
            holes, pegs_given = parse_ascii(ascii_board, geometry)
            default = TRIANGLE_JUMPS if geometry == "triangle" else ORTHOGONAL
            board = PegBoard.make("custom", holes, default, geometry)
        raw_jumps = cfg.get("puzzle.jumps", (list, str), None)
        if raw_jumps is not None:
            vectors = _jump_vectors(cfg, raw_jumps, board)
            board = PegBoard.make(board.name, board.holes, vectors, board.geometry)
    except PegConfigError as exc:
        raise _board_error(cfg, exc.problem, ascii_board) from None
    return board, pegs_given


def _builtin(cfg: Config, name: str) -> PegBoard:
    """The built-in board ``name`` (a triangle of ``[puzzle] rows``)."""
    rows = cfg.get("puzzle.rows", int, 5)
    if name == "triangle" and not 3 <= rows <= 10:
        raise cfg.error("puzzle.rows", f"a triangle has 3 to 10 rows, got {rows}")
    return builtin_board(name, rows)


def _board_error(cfg: Config, problem: str, ascii_board: str | None) -> ConfigError:
    """The error for a board that cannot be made: on the drawn board's row it names, or
    on the jumps."""
    line = None
    if "row" in problem and ascii_board is not None:
        try:
            line = cfg.value_line("puzzle.holes", int(problem.split()[1].rstrip(":")) - 1)
        except (ValueError, IndexError):
            line = None
    return cfg.error("puzzle.holes" if ascii_board is not None and "jump" not in problem
                     else "puzzle.jumps", problem, line=line)


def _start(cfg: Config, board: PegBoard, pegs_given: list[Cell] | None
           ) -> tuple[list[Cell], int]:
    """The holes empty at the start, and the starting pegs: ``[puzzle] empty``, else the
    drawn board's pegs, else the board's usual empty hole."""
    if "empty" in cfg.section("puzzle"):
        empty = _cell_list(cfg, "puzzle.empty", cfg.get("puzzle.empty", (list, int)), board)
        return empty, board.full & ~board.mask(empty)
    if pegs_given is not None:
        empty = [c for c in board.holes if c not in set(pegs_given)]
        return empty, board.mask(pegs_given)
    empty = [DEFAULT_EMPTY[board.name]]
    return empty, board.full & ~board.mask(empty)


def _goal(cfg: Config, board: PegBoard, empty: list[Cell]) -> int:
    """``[puzzle] goal`` as a bitboard: 0 for one peg anywhere (``"one"``, the default),
    the start's empty holes (``"complement"``) or ``{ pegs = [...] }``."""
    raw_goal = cfg.get("puzzle.goal", (dict, str), None)
    if isinstance(raw_goal, str):
        if raw_goal == "complement":
            return board.mask(empty)
        if raw_goal != "one":
            raise cfg.error("puzzle.goal", f"expected \"one\", \"complement\" or "
                            f"{{ pegs = [[x, y], ...] }}, got {raw_goal!r}")
        return 0
    if isinstance(raw_goal, dict):
        unknown = set(raw_goal) - {"pegs"}
        if unknown:
            raise cfg.error("puzzle.goal", f"unknown key {sorted(unknown)[0]!r} "
                            "(a goal is { pegs = [[x, y], ...] })")
        return board.mask(_cell_list(cfg, "puzzle.goal.pegs",
                                     cfg.get("puzzle.goal.pegs", (list, int)), board))
    return 0


def _first_jump(cfg: Config, board: PegBoard, start: int) -> Jump | None:
    """``[solve] first``: the first jump's two holes, which must make a legal jump."""
    raw_first = cfg.get("solve.first", list, None)
    if raw_first is None:
        return None
    if len(raw_first) != 2:
        raise cfg.error("solve.first", "expected [from, to]: the first jump's two holes")
    cells = [_one_cell(cfg, "solve.first", v, board) for v in raw_first]
    f, t = board.index[cells[0]], board.index[cells[1]]
    match = [tr for tr in board.legal_jumps(start) if tr[0] == f and tr[2] == t]
    if not match:
        raise cfg.error("solve.first", f"{raw_first} is not a legal first jump")
    return match[0]


__all__ = ["PEG_ALGORITHMS", "PEG_METRICS", "PegPuzzle", "load"]
