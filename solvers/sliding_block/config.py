"""Reading a sliding-block config: the layout drawn as rows of letters, the goal, which
pieces are alike, and how to solve it.

``load`` turns ``[puzzle]`` and ``[solve]`` into a ``BlockPuzzle``: the shared ``BlockLayout``
(``puzzlereel.rules.sliding_block_layout``) plus what only the search needs (groups of
interchangeable pieces, memory budget).  Every problem is a ``ConfigError`` naming the
field and, for layouts, the line of the offending row.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlereel import __version__
from puzzlereel.ground.config import Config
from puzzlereel.registry import FAMILIES
from puzzlereel.rules.sliding_block_layout import (
    BLOCK_METRICS,
    MAX_BLOCK_CELLS,
    MAX_SIDE,
    BadLayout,
    BlockLayout,
    Piece,
    exit_problem,
    layout_cells,
    shape_of,
)
from puzzlereel.solvers.limits import read_max_memory
from puzzlereel.trace import Cell, Header

BLOCK_ALGORITHMS = FAMILIES["sliding-block"].algorithms   # declared in its registry row


@dataclass(frozen=True)
class BlockPuzzle:
    """A sliding-block puzzle as the config describes it, plus its solve settings.

    ``groups`` are the sets of interchangeable pieces (by default: same shape and axis,
    except the goal's pieces), in reading order of their first piece."""

    layout: BlockLayout
    groups: tuple[tuple[str, ...], ...] = ()
    algorithm: str = "bfs"
    max_memory: int | None = None     # bytes: ``[solve] max_memory`` (or ``memory_mb``)
    title: str | None = None
    render: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""

    @property
    def metric(self) -> str:
        return self.layout.metric

    def header(self, extra: Mapping[str, Any] | None = None) -> Header:
        fields = self.layout.header_fields()
        if extra:
            fields.update(extra)
        return Header(puzzle="sliding-block", fields=fields, title=self.title,
                      solver={"algorithm": self.algorithm, "metric": self.metric,
                              "program": f"puzzlereel {__version__}"},
                      render=dict(self.render))


# ---------------------------------------------------------------- the layout


def _parse_layout(cfg: Config, key: str, text: str) -> tuple[list[str], list[int]]:
    """Rows of a layout string, and each row's line in the file (for messages)."""
    lines = text.split("\n")
    rows: list[str] = []
    where: list[int] = []
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped:
            rows.append(stripped.replace(" ", ""))
            where.append(i)
    if not rows:
        raise cfg.error(key, "empty layout")
    return rows, where


def _pieces_of(cfg: Config, key: str, rows: list[str], where: list[int]
               ) -> tuple[dict[str, list[Cell]], set[Cell]]:
    try:
        return layout_cells(rows)
    except BadLayout as exc:
        raise cfg.error(key, exc.problem, line=cfg.value_line(key, where[exc.row])) from None


def _extra_walls(cfg: Config, rows: list[str], walls: set[Cell]) -> None:
    """``[puzzle] walls = [[x, y], ...]``: walls given apart from the layout."""
    height, width = len(rows), len(rows[0])
    for i, w in enumerate(cfg.get("puzzle.walls", list, [])):
        name = f"puzzle.walls[{i}]"
        if (not isinstance(w, list) or len(w) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in w)):
            raise cfg.error("puzzle.walls", f"{name}: expected [x, y], got {w!r}")
        wx, wy = w
        if not (0 <= wx < width and 0 <= wy < height):
            raise cfg.error("puzzle.walls", f"{name}: wall [{wx}, {wy}] lies off the "
                            f"{width}x{height} board")
        ch = rows[wy][wx]
        if ch not in ".#":
            raise cfg.error("puzzle.walls", f"{name}: piece {ch!r} overlaps the wall at "
                            f"[{wx}, {wy}]")
        walls.add((wx, wy))


def _pieces(cfg: Config, cells: dict[str, list[Cell]]) -> tuple[list[Piece], list[Cell]]:
    """The pieces in reading order of their first cell, with axes and labels."""
    axes = cfg.get("puzzle.axis", dict, {})
    for pid, ax in axes.items():
        if pid not in cells:
            raise cfg.error("puzzle.axis", f"no piece {pid!r} in the layout")
        if ax not in ("x", "y"):
            raise cfg.error("puzzle.axis", f"piece {pid!r}: axis is 'x' or 'y', got {ax!r}")
    pieces: list[Piece] = []
    start: list[Cell] = []
    for pid in sorted(cells, key=lambda p: min((y, x) for x, y in cells[p])):
        pos, rel = shape_of(cells[pid])
        pieces.append(Piece(id=pid, cells=rel, axis=axes.get(pid)))
        start.append(pos)
    return pieces, start


# ---------------------------------------------------------------- the goal


GOAL_KEYS = ("piece", "x", "y")
EXIT_KEYS = ("side", "offset", "length")


def _unknown_key(table: object, known: tuple[str, ...], what: str) -> str | None:
    """What is wrong with an inline ``table`` holding a key none of ``known`` is (a
    misspelt key would otherwise go unused), if anything."""
    if not isinstance(table, dict):
        return None
    for key in table:
        if key not in known:
            return f"unknown key {key!r} ({what} has {', '.join(known[:-1])} and {known[-1]})"
    return None


def _goal(cfg: Config, raw_goal: dict[str, Any] | list[Any], by_id: Mapping[str, Piece],
          width: int, height: int, walls: set[Cell]) -> list[tuple[str, Cell]]:
    items = raw_goal if isinstance(raw_goal, list) else [raw_goal]
    if not items:
        raise cfg.error("puzzle.goal", "empty goal list")
    goal: list[tuple[str, Cell]] = []
    for i, g in enumerate(items):
        name = "" if isinstance(raw_goal, dict) else f"goal[{i}]: "
        if not isinstance(g, dict):
            raise cfg.error("puzzle.goal", f"{name}expected {{ piece = ..., x = ..., "
                            f"y = ... }}, got {g!r}")
        unknown = _unknown_key(g, GOAL_KEYS, "a goal")
        if unknown is not None:
            raise cfg.error("puzzle.goal", f"{name}{unknown}")
        pid = g.get("piece")
        if not isinstance(pid, str) or pid not in by_id:
            raise cfg.error("puzzle.goal", f"{name}piece: no piece {pid!r} in the layout")
        gx, gy = g.get("x"), g.get("y")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (gx, gy)):
            raise cfg.error("puzzle.goal", f"{name}x and y must be integers, got "
                            f"x={gx!r}, y={gy!r}")
        assert isinstance(gx, int) and isinstance(gy, int)
        for dx, dy in by_id[pid].cells:
            c = (gx + dx, gy + dy)
            if not (0 <= c[0] < width and 0 <= c[1] < height):
                raise cfg.error("puzzle.goal", f"{name}piece {pid!r} at x={gx}, y={gy} "
                                f"lies off the {width}x{height} board")
            if c in walls:
                raise cfg.error("puzzle.goal", f"{name}piece {pid!r} at x={gx}, y={gy} "
                                f"overlaps a wall")
        goal.append((pid, (gx, gy)))
    return goal


def _target(cfg: Config, raw_target: str, rows: list[str], pieces: list[Piece],
            walls: set[Cell]) -> tuple[str, ...]:
    height, width = len(rows), len(rows[0])
    trows, twhere = _parse_layout(cfg, "puzzle.target", raw_target)
    if len(trows) != height or len(trows[0]) != width:
        raise cfg.error("puzzle.target", f"target is {len(trows[0])}x{len(trows)}, the "
                        f"layout is {width}x{height}")
    tcells, twalls = _pieces_of(cfg, "puzzle.target", trows, twhere)
    if twalls != {w for w in walls if rows[w[1]][w[0]] == "#"}:
        raise cfg.error("puzzle.target", "the target's walls differ from the layout's")
    start_shapes = sorted(p.cells for p in pieces)
    target_shapes = sorted(shape_of(cs)[1] for cs in tcells.values())
    if start_shapes != target_shapes:
        raise cfg.error("puzzle.target", "the target does not have the same pieces "
                        "(shapes) as the layout")
    return tuple(trows)


def _groups(cfg: Config, pieces: list[Piece], start: list[Cell],
            goal_ids: set[str]) -> list[tuple[str, ...]]:
    """Groups of interchangeable pieces: ``[puzzle] alike``, else by shape and axis."""
    by_id = {p.id: p for p in pieces}
    at = {p.id: pos for p, pos in zip(pieces, start, strict=True)}
    alike = cfg.get("puzzle.alike", list, None)
    groups: list[tuple[str, ...]] = []
    if alike is not None:
        used: set[str] = set()
        for i, grp in enumerate(alike):
            if not isinstance(grp, str) or not grp:
                raise cfg.error("puzzle.alike", f"alike[{i}]: expected a string of piece ids, "
                                f"got {grp!r}")
            for pid in grp:
                if pid not in by_id:
                    raise cfg.error("puzzle.alike", f"alike[{i}]: no piece {pid!r}")
                if pid in used:
                    raise cfg.error("puzzle.alike", f"alike[{i}]: piece {pid!r} is in two "
                                    "groups")
                used.add(pid)
            shapes = {(by_id[p].cells, by_id[p].axis) for p in grp}
            if len(shapes) != 1:
                raise cfg.error("puzzle.alike", f"alike[{i}] {grp!r}: pieces of one group "
                                "must have the same shape (and axis)")
            groups.append(tuple(grp))
        groups += [(p.id,) for p in pieces if p.id not in used]
    else:
        by_shape: dict[Any, list[str]] = {}
        for p in pieces:
            if p.id in goal_ids:
                groups.append((p.id,))
            else:
                by_shape.setdefault((p.cells, p.axis), []).append(p.id)
        groups += [tuple(ids) for ids in by_shape.values()]
    groups.sort(key=lambda g: min((at[p][1], at[p][0]) for p in g))
    return groups


# ---------------------------------------------------------------- the whole config


def load(cfg: Config) -> BlockPuzzle:
    """Read a sliding-block config; raise ``ConfigError`` naming the field on bad input."""
    rows, where = _board(cfg)
    height, width = len(rows), len(rows[0])
    cells, walls = _pieces_of(cfg, "puzzle.layout", rows, where)
    if not cells:
        raise cfg.error("puzzle.layout", "no pieces in the layout")
    _extra_walls(cfg, rows, walls)
    pieces, start = _pieces(cfg, cells)
    goal, target = _goal_or_target(cfg, rows, pieces, walls)
    groups = _groups(cfg, pieces, start, {pid for pid, _ in goal})
    exits = _exits(cfg, width, height)
    pieces = _labelled(cfg, pieces, cells)
    metric = cfg.get("solve.metric", str, "piece", choices=BLOCK_METRICS)
    algorithm = cfg.get("solve.algorithm", str, "bfs", choices=BLOCK_ALGORITHMS)
    max_memory = read_max_memory(cfg)
    layout = BlockLayout(width=width, height=height, walls=frozenset(walls), pieces=tuple(pieces),
                    start=tuple(start), exits=tuple(exits), goal=tuple(goal), target=target,
                    metric=metric)
    return BlockPuzzle(layout=layout, groups=tuple(groups), algorithm=algorithm,
                  max_memory=max_memory, title=cfg.title, render=_render(cfg), source=cfg.path)


def _board(cfg: Config) -> tuple[list[str], list[int]]:
    """``[puzzle] layout``'s rows (and where each sits in the config), within the sizes a
    board may have."""
    layout_text = cfg.get("puzzle.layout", str)
    rows, where = _parse_layout(cfg, "puzzle.layout", layout_text)
    height, width = len(rows), len(rows[0])
    if width * height > MAX_BLOCK_CELLS:
        raise cfg.error("puzzle.layout", f"board of {width}x{height} cells is larger than "
                        f"{MAX_BLOCK_CELLS} cells")
    if max(width, height) > MAX_SIDE:      # a trace holds no wider board
        raise cfg.error("puzzle.layout", f"board of {width}x{height} cells: at most "
                        f"{MAX_SIDE} cells along a side")
    return rows, where


def _goal_or_target(cfg: Config, rows: list[str], pieces: list[Piece], walls: set[Cell]
                    ) -> tuple[list[tuple[str, Cell]], tuple[str, ...] | None]:
    """The goal: ``[puzzle] goal`` (pieces and where they must go) or ``[puzzle] target``
    (a whole layout to reach), exactly one of them."""
    raw_goal = cfg.get("puzzle.goal", (dict, list), None)
    raw_target = cfg.get("puzzle.target", str, None)
    if raw_goal is None and raw_target is None:
        raise cfg.error("puzzle.goal", "missing: give `goal = { piece = ..., x = ..., y = ... }` "
                        "or a `target` layout")
    if raw_goal is not None and raw_target is not None:
        raise cfg.error("puzzle.target", "give either `goal` or `target`, not both")
    if raw_goal is not None:
        width, height = len(rows[0]), len(rows)
        return _goal(cfg, raw_goal, {p.id: p for p in pieces}, width, height, walls), None
    assert raw_target is not None
    return [], _target(cfg, raw_target, rows, pieces, walls)


def _exits(cfg: Config, width: int, height: int) -> list[dict[str, Any]]:
    """``[puzzle] exit``: one exit or a list of them."""
    raw_exit = cfg.get("puzzle.exit", (dict, list), None)
    given = [] if raw_exit is None else raw_exit if isinstance(raw_exit, list) else [raw_exit]
    exits = []
    for e in given:
        problem = exit_problem(e, width, height) or _unknown_key(e, EXIT_KEYS, "an exit")
        if problem is not None:
            raise cfg.error("puzzle.exit", problem)
        exits.append(dict(e))
    return exits


def _labelled(cfg: Config, pieces: list[Piece], cells: dict[str, list[Cell]]) -> list[Piece]:
    """The pieces with the labels ``[puzzle] labels`` gives them."""
    labels = cfg.get("puzzle.labels", dict, {})
    for pid, lab in labels.items():
        if pid not in cells or not isinstance(lab, str):
            raise cfg.error("puzzle.labels", f"{pid!r} = {lab!r}: expected a piece id and "
                            "a string")
    return [Piece(p.id, p.cells, p.axis, labels.get(p.id)) for p in pieces]


def _render(cfg: Config) -> dict[str, Any]:
    """``[render]``, with the piece colours ``[puzzle]`` may hold too."""
    render = dict(cfg.section("render"))
    for key in ("colors", "colours"):   # piece colours may sit in [puzzle] too
        if key in cfg.section("puzzle"):
            render.setdefault(key, cfg.get(f"puzzle.{key}", dict))
    return render


__all__ = ["BLOCK_ALGORITHMS", "MAX_BLOCK_CELLS", "BlockPuzzle", "load"]
