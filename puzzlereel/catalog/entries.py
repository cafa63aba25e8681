"""One puzzle of a collection read into a config's text (``puzzlereel import``): a Rush
Hour board, a list of tiles, a Klotski layout; each checked with the family's rules
(``puzzlereel.rules``), or a ``BadEntry`` naming its line and field.  The formats are
described in ``puzzlereel.catalog.importers``, which reads whole collections.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from puzzlereel.catalog import BLANKS, IMPORT_FORMATS
from puzzlereel.ground.errors import PuzzlereelError, UsageError, quoted
from puzzlereel.ground.escape import toml_comment, toml_string
from puzzlereel.ground.formats import DEFAULT
from puzzlereel.rules.sliding_block_layout import BLOCK_METRICS, BadLayout, layout_cells, shape_of
from puzzlereel.rules.sliding_tile import check_tiles, default_goal, solvable
from puzzlereel.trace import Cell

RUSH_SIZE = 6


class BadEntry(PuzzlereelError):
    """One entry of a collection that is not a puzzle of its format (file, line, field)."""


@dataclass(frozen=True)
class ImportedConfig:
    """One good entry: the line it starts on and the config written from it."""

    line: int
    text: str


@dataclass(frozen=True)
class TileOptions:
    """How to read sliding-tile lines."""

    blank: str = BLANKS[0]                # the goal: 1..N then the blank, or the blank first
    size: tuple[int, int] | None = None   # (rows, cols); default: a square of the count
    skip: int = 0                         # leading numbers to ignore (an instance number)
    with_moves: bool = False              # the last number is the optimal length
    pdb: str | None = None                # [solve] pdb for the configs (pattern databases)


@dataclass(frozen=True)
class KlotskiOptions:
    """Where the goal piece of a Klotski layout must go."""

    piece: str | None = None              # default: the largest piece
    at: tuple[int, int] | None = None     # its top-left cell; default: bottom centre
    metric: str = BLOCK_METRICS[0]


PLAIN_TILES = TileOptions()         # the options' defaults, as argument defaults
PLAIN_KLOTSKI = KlotskiOptions()


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the configs written, the ones kept (already there, the same
    text), and the problems: entries that were bad, files there with other text."""

    written: tuple[Path, ...] = ()
    problems: tuple[PuzzlereelError, ...] = field(default_factory=tuple)
    kept: tuple[Path, ...] = ()


# ---------------------------------------------------------------- TOML text


def _str(text: str) -> str:
    """A TOML basic string."""
    return toml_string(text)


def _table(items: dict[str, Any]) -> str:
    """A TOML inline table of strings and integers."""
    parts = [f"{key} = {_str(v) if isinstance(v, str) else v}" for key, v in items.items()]
    return "{ " + ", ".join(parts) + " }"


def _header(fmt: str, source: str, line: int, original: Sequence[str]) -> list[str]:
    shown = [f"#   {toml_comment(row)}" for row in original]
    return [f"# Imported by `puzzlereel import {fmt}` from {toml_comment(source)}, "
            f"line {line}:", *shown]


def _render_table() -> list[str]:
    return ["", "[render]", f"formats = [{', '.join(_str(f) for f in DEFAULT)}]"]


# ---------------------------------------------------------------- Rush Hour


def bad_entry(problem: str, source: str, line: int, field: str | None = None) -> BadEntry:
    return BadEntry(problem, source=source, line=line, field=field)


def _whole(token: str) -> int | None:
    """``token`` as a whole number written in ASCII digits (at most 18 of them), else
    None ("²" is a digit to ``str.isdigit`` but no number to ``int``)."""
    return int(token) if token.isascii() and token.isdigit() and len(token) <= 18 else None


def rush_hour_entry(text: str, source: str, line: int, title: str) -> ImportedConfig:
    """One line of the Rush Hour database as a sliding-block config (``BadEntry`` if not)."""
    board, moves, cluster = _rush_tokens(text, source, line)
    rows, cells = _rush_grid(board, source, line)
    axes = _rush_axes(board, cells, source, line)
    names = card_letters(cells)
    rows = ["".join(names.get(ch, ch) for ch in row) for row in rows]
    axes = {names[pid]: axis for pid, axis in sorted(axes.items(), key=lambda kv: names[kv[0]])}
    (_, ay), shape = shape_of(cells["A"])
    width = max(dx for dx, _ in shape) + 1
    size = RUSH_SIZE
    out = _header("rush-hour", source, line, [text.strip()])
    out += ["# The red car X leaves on the right; every car and truck slides along its own",
            "# axis, and a move is one straight slide of any length (the line metric).",
            f"title = {_str(title)}", "", "[puzzle]", 'type = "sliding-block"',
            'layout = """', *rows, '"""',
            f"axis = {_table(axes)}",
            f"goal = {_table({'piece': RED_CAR, 'x': size - width, 'y': ay})}",
            f"exit = {_table({'side': 'right', 'offset': ay, 'length': 1})}",
            f"labels = {_table({RED_CAR: 'red car'})}",
            "", "[solve]", 'metric = "line"']
    if moves is not None:
        note = f"   # the collection's answer ({cluster} positions)" if cluster else \
            "   # the collection's answer"
        out.append(f"expect_moves = {moves}{note}")
    out += _render_table()
    return ImportedConfig(line, "\n".join(out) + "\n")


def _rush_tokens(text: str, source: str, line: int) -> tuple[str, int | None, int | None]:
    """A line's board, and its moves and cluster size when given (BOARD or MOVES BOARD
    [CLUSTER_SIZE])."""
    tokens = text.split()
    if len(tokens) == 1:
        return tokens[0], None, None
    if len(tokens) not in (2, 3):
        raise bad_entry(f"{quoted(text.strip())}: expected BOARD or MOVES BOARD CLUSTER_SIZE",
                        source, line)
    moves = _whole(tokens[0])
    if moves is None:
        raise bad_entry(f"{quoted(tokens[0])} is not a number of moves (a line is BOARD or "
                        "MOVES BOARD CLUSTER_SIZE)", source, line, "moves")
    cluster: int | None = None
    if len(tokens) == 3:
        cluster = _whole(tokens[2])
        if cluster is None:
            raise bad_entry(f"{quoted(tokens[2])} is not a number of positions", source, line,
                            "cluster size")
    return tokens[1], moves, cluster


def _rush_grid(board: str, source: str, line: int) -> tuple[list[str], dict[str, list[Cell]]]:
    """The board's rows as a layout (``.`` empty, ``#`` wall, letters) and each letter's
    cells."""
    size = RUSH_SIZE
    if len(board) != size * size:
        raise bad_entry(f"{quoted(board)} has {len(board)} characters, a board has {size * size} "
                        f"({size} rows of {size})", source, line, "board")
    cells: dict[str, list[Cell]] = {}
    rows: list[str] = []
    for y in range(size):
        row = ""
        for x in range(size):
            ch = board[y * size + x]
            if ch in "o.":
                row += "."
            elif ch == "x":
                row += "#"
            elif "A" <= ch <= "Z":
                row += ch
                cells.setdefault(ch, []).append((x, y))
            else:
                raise bad_entry(f"{quoted(board)}: {ch!r} (row {y + 1}, column {x + 1}) is not 'o' "
                                "(empty), 'x' (wall) or a letter A-Z", source, line, "board")
        rows.append(row)
    return rows, cells


def _rush_axes(board: str, cells: dict[str, list[Cell]], source: str, line: int
               ) -> dict[str, str]:
    """Each piece's axis: every piece is a car or a truck, and the red car 'A' lies along
    its row."""
    axes: dict[str, str] = {}
    for pid in sorted(cells):
        axis = _straight(cells[pid])
        if axis is None or len(cells[pid]) not in (2, 3):
            raise bad_entry(f"{quoted(board)}: piece {quoted(pid)} ({len(cells[pid])} cells) is "
                            "not a car (2 in a row) or a truck (3 in a row)", source, line, "board")
        axes[pid] = axis
    if "A" not in cells:
        raise bad_entry(f"{quoted(board)}: no red car 'A'", source, line, "board")
    if axes["A"] != "x":
        raise bad_entry(f"{quoted(board)}: the red car 'A' stands upright; it must lie "
                        "along its row to leave on the right", source, line, "board")
    return axes


RED_CAR = "X"                  # the red car's letter on Rush Hour's cards
CAR_LETTERS = "ABCDEFGHIJK"     # the other cars', in reading order
TRUCK_LETTERS = "OPQR"          # the trucks'
SPARE_LETTERS = "LMNSTUVWYZ"    # for a board with more cars or trucks than the cards have


def card_letters(cells: dict[str, list[Cell]]) -> dict[str, str]:
    """Each vehicle's letter as Rush Hour's cards write them, from the database's: the red
    car ``A`` is X, the other cars A-K and the trucks O-R in reading order of their first
    cell, and any beyond those the letters left (L, M, N, S...)."""
    order = sorted((pid for pid in cells if pid != "A"), key=lambda pid: min(
        (y, x) for x, y in cells[pid]))
    cars = iter(CAR_LETTERS)
    trucks = iter(TRUCK_LETTERS)
    spare = iter(SPARE_LETTERS)
    names = {"A": RED_CAR}
    for pid in order:
        names[pid] = next(trucks if len(cells[pid]) == 3 else cars, None) or next(spare)
    return names


def _straight(cells: list[Cell]) -> str | None:
    """"x" or "y" when ``cells`` are one unbroken straight row or column, else None."""
    xs = sorted({x for x, _ in cells})
    ys = sorted({y for _, y in cells})
    if len(ys) == 1 and xs == list(range(xs[0], xs[0] + len(cells))):
        return "x"
    if len(xs) == 1 and ys == list(range(ys[0], ys[0] + len(cells))):
        return "y"
    return None


# ---------------------------------------------------------------- sliding tiles


def _numbers(numbers: Sequence[int], shown: int = 16) -> str:
    """A line's numbers as a message shows them: the first few of a long line."""
    more = f" … ({len(numbers):,} numbers)" if len(numbers) > shown else ""
    return " ".join(map(str, numbers[:shown])) + more


def tiles_entry(text: str, source: str, line: int, title: str,
                options: TileOptions) -> ImportedConfig:
    """One line of numbers as a sliding-tile config (``BadEntry`` if it is not one)."""
    tokens = [t for t in re.split(r"[\s,;\[\]()]+", text.strip()) if t]
    numbers: list[int] = []
    for token in tokens:
        value = _whole(token)
        if value is None:
            raise bad_entry(f"{quoted(token)} is not a whole number", source, line, "tiles")
        numbers.append(value)
    numbers = numbers[options.skip:]
    moves: int | None = None
    if options.with_moves:
        if not numbers:
            raise bad_entry("no numbers left for the optimal length", source, line, "moves")
        moves = numbers.pop()
    n = len(numbers)
    if options.size is not None:
        rows, cols = options.size
    else:
        side = int(round(n ** 0.5))
        if side < 2 or side * side != n:
            raise bad_entry(f"{n} numbers is not a square board (give --size ROWSxCOLS)",
                            source, line, "tiles")
        rows = cols = side
    why = check_tiles(numbers, rows, cols)
    if why:
        raise bad_entry(f"{_numbers(numbers)}: {why}", source, line, "tiles")
    blank_first = options.blank == "first"
    goal = default_goal(n, blank_first=blank_first)
    if not solvable(numbers, goal, cols):
        other = "last" if blank_first else "first"
        raise bad_entry(f"{_numbers(numbers)}: cannot reach the goal with the blank "
                        f"{options.blank} (wrong parity; is the collection's goal --blank "
                        f"{other}?)", source, line, "tiles")
    pad = len(str(n - 1))
    grid = [", ".join(str(t).rjust(pad) for t in numbers[r * cols:(r + 1) * cols])
            for r in range(rows)]
    lead = "tiles = ["
    body = (",\n" + " " * len(lead)).join(grid)
    out = _header("tiles", source, line, [text.strip()])
    out += [f"title = {_str(title)}", "", "[puzzle]", 'type = "sliding-tile"',
            f"rows = {rows}", f"cols = {cols}", f"{lead}{body}]",
            f'goal = "blank-{options.blank}"', "", "[solve]", 'algorithm = "ida*"']
    if options.pdb is not None:
        out += ['heuristic = "pdb"', f"pdb = {_str(options.pdb)}"]
    if moves is not None:
        out.append(f"expect_moves = {moves}   # the collection's answer")
    out += _render_table()
    return ImportedConfig(line, "\n".join(out) + "\n")


def check_pdb(spec: str, cells: int | None = None) -> str:
    """``--pdb`` as group sizes ``"6-6-3"`` (``UsageError`` if not)."""
    parts = spec.split("-")
    if not all(p.isdigit() and int(p) > 0 for p in parts):
        raise UsageError(f"--pdb: {quoted(spec)}: expected group sizes like '6-6-3'")
    if cells is not None and sum(map(int, parts)) != cells - 1:
        raise UsageError(f"--pdb: {quoted(spec)} covers {sum(map(int, parts))} tiles, the board "
                         f"has {cells - 1}")
    return spec


# ---------------------------------------------------------------- Klotski


def klotski_entry(rows: list[str], source: str, line: int, title: str,
                  options: KlotskiOptions, original: list[str]) -> ImportedConfig:
    """One layout (its rows start on ``line``) as a sliding-block config."""
    try:
        cells, walls = layout_cells(rows)
    except BadLayout as exc:
        raise bad_entry(exc.problem, source, line + exc.row, "layout") from None
    if not cells:
        raise bad_entry("no pieces in the layout", source, line, "layout")
    if options.piece is not None:
        pid = options.piece
    else:
        most = max(len(cs) for cs in cells.values())
        largest = sorted(p for p, cs in cells.items() if len(cs) == most)
        if len(largest) > 1:
            raise bad_entry(f"no single largest piece ({', '.join(largest)}): give --piece",
                            source, line, "goal")
        pid = largest[0]
    if pid not in cells:
        raise bad_entry(f"no piece {quoted(pid)} in the layout", source, line, "goal")
    _, shape = shape_of(cells[pid])
    w = max(dx for dx, _ in shape) + 1
    h = max(dy for _, dy in shape) + 1
    width, height = len(rows[0]), len(rows)
    gx, gy = options.at if options.at is not None else ((width - w) // 2, height - h)
    for dx, dy in shape:
        c = (gx + dx, gy + dy)
        if not (0 <= c[0] < width and 0 <= c[1] < height):
            raise bad_entry(f"piece {quoted(pid)} at x={gx}, y={gy} lies off the {width}x{height} "
                            "board", source, line, "goal")
        if c in walls:
            raise bad_entry(f"piece {quoted(pid)} at x={gx}, y={gy} overlaps a wall", source, line,
                            "goal")
    out = _header("klotski", source, line, original)
    out += [f"title = {_str(title)}", "", "[puzzle]", 'type = "sliding-block"',
            'layout = """', *rows, '"""',
            f"goal = {_table({'piece': pid, 'x': gx, 'y': gy})}"]
    if gy + h == height:
        out.append(f"exit = {_table({'side': 'bottom', 'offset': gx, 'length': w})}")
    out += ["", "[solve]", f"metric = {_str(options.metric)}"]
    out += _render_table()
    return ImportedConfig(line, "\n".join(out) + "\n")


def klotski_blocks(lines: Sequence[str]) -> Iterator[tuple[int, list[str], list[str]]]:
    """(first line number, rows, the text as written) of every layout in ``lines``."""
    block: list[str] = []
    start = 0
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if "/" in text:
            if block:
                yield start, [r.replace(" ", "") for r in block], block
                block = []
            yield number, [r.strip().replace(" ", "") for r in text.split("/")], [text]
            continue
        if not text:
            if block:
                yield start, [r.replace(" ", "") for r in block], block
                block = []
            continue
        if not block:
            start = number
        block.append(text)
    if block:
        yield start, [r.replace(" ", "") for r in block], block


__all__ = ["BLANKS", "IMPORT_FORMATS", "RUSH_SIZE", "BadEntry", "ImportedConfig", "KlotskiOptions",
           "ImportReport", "TileOptions", "PLAIN_KLOTSKI", "PLAIN_TILES", "bad_entry", "check_pdb",
           "klotski_blocks", "klotski_entry", "rush_hour_entry", "tiles_entry"]
