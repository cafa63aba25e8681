"""Bringing in puzzles from existing collections: each entry of a file becomes a config.

Formats (``puzzlereel import FORMAT SOURCE -o DIR``):

* ``rush-hour`` — the 36-character notation of Michael Fogleman's Rush Hour database:
  six rows of six, ``o`` (or ``.``) empty, ``x`` a wall, ``A`` the red car, other
  letters cars (2 long) and trucks (3 long).  A line is the board alone, or the
  database's own ``MOVES BOARD CLUSTER_SIZE``.  Each becomes a sliding-block config
  with walls, every vehicle held to its axis, the line metric (a move is one straight
  slide of any length, the database's unit) and the red car's exit on the right; a
  line's move count becomes ``[solve] expect_moves``, so solving checks it.
* ``tiles`` — sliding-tile positions, one list of numbers a line (Korf's 100 and most
  benchmark files), 0 the blank; the goal convention (blank last or first) is an option.
* ``klotski`` — Klotski / Hakoiri Musume layouts drawn as rows of letters (``.`` empty,
  ``#`` wall), separated by blank lines or written on one line with ``/`` between rows;
  the goal piece and its place are options (default: the largest piece, bottom centre).

Every entry is checked with the family's rules (``puzzlereel.rules``) before its config
is written; a bad entry is reported with its line number and field, and the good ones
are still written.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from puzzlereel.catalog import Exists, write_text
from puzzlereel.config import parse_config
from puzzlereel.errors import PuzzlereelError, UsageError, quoted
from puzzlereel.escape import toml_comment, toml_string
from puzzlereel.fileio import guarded, is_stream
from puzzlereel.rules.sliding_block import METRICS, PIECE_CHARS, connected, shape_of
from puzzlereel.rules.sliding_tile import check_tiles, default_goal, solvable
from puzzlereel.trace import Cell

FORMATS = ("rush-hour", "tiles", "klotski")
RUSH_SIZE = 6
BLANKS = ("last", "first")


class BadEntry(PuzzlereelError):
    """One entry of a collection that is not a puzzle of its format (file, line, field)."""


@dataclass(frozen=True)
class Entry:
    """One good entry: the line it starts on and the config written from it."""

    line: int
    text: str


@dataclass(frozen=True)
class TileOptions:
    """How to read sliding-tile lines."""

    blank: str = "last"                   # the goal: 1..N then the blank, or the blank first
    size: tuple[int, int] | None = None   # (rows, cols); default: a square of the count
    skip: int = 0                         # leading numbers to ignore (an instance number)
    with_moves: bool = False              # the last number is the optimal length
    pdb: str | None = None                # [solve] pdb for the configs (pattern databases)


@dataclass(frozen=True)
class KlotskiOptions:
    """Where the goal piece of a Klotski layout must go."""

    piece: str | None = None              # default: the largest piece
    at: tuple[int, int] | None = None     # its top-left cell; default: bottom centre
    metric: str = "piece"


@dataclass(frozen=True)
class Report:
    """What an import did: the configs written and the entries that were bad."""

    written: tuple[Path, ...] = ()
    problems: tuple[PuzzlereelError, ...] = field(default_factory=tuple)


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
    return ["", "[render]", 'formats = ["mp4", "gif"]']


# ---------------------------------------------------------------- Rush Hour


def _bad(problem: str, source: str, line: int, field: str | None = None) -> BadEntry:
    return BadEntry(problem, source=source, line=line, field=field)


def _whole(token: str) -> int | None:
    return int(token) if token.isdigit() else None


def rush_hour_entry(text: str, source: str, line: int, title: str) -> Entry:
    """One line of the Rush Hour database as a sliding-block config (``BadEntry`` if not)."""
    tokens = text.split()
    moves: int | None = None
    cluster: int | None = None
    if len(tokens) == 1:
        board = tokens[0]
    elif len(tokens) in (2, 3):
        moves = _whole(tokens[0])
        if moves is None:
            raise _bad(f"{quoted(tokens[0])} is not a number of moves (a line is BOARD or "
                       "MOVES BOARD CLUSTER_SIZE)", source, line, "moves")
        board = tokens[1]
        if len(tokens) == 3:
            cluster = _whole(tokens[2])
            if cluster is None:
                raise _bad(f"{quoted(tokens[2])} is not a number of positions", source, line,
                           "cluster size")
    else:
        raise _bad(f"{quoted(text.strip())}: expected BOARD or MOVES BOARD CLUSTER_SIZE",
                   source, line)
    size = RUSH_SIZE
    if len(board) != size * size:
        raise _bad(f"{quoted(board)} has {len(board)} characters, a board has {size * size} "
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
                raise _bad(f"{quoted(board)}: {ch!r} (row {y + 1}, column {x + 1}) is not 'o' "
                           "(empty), 'x' (wall) or a letter A-Z", source, line, "board")
        rows.append(row)
    axes: dict[str, str] = {}
    for pid in sorted(cells):
        axis = _straight(cells[pid])
        if axis is None or len(cells[pid]) not in (2, 3):
            raise _bad(f"{quoted(board)}: piece {quoted(pid)} ({len(cells[pid])} cells) is "
                       "not a car (2 in a row) or a truck (3 in a row)", source, line, "board")
        axes[pid] = axis
    if "A" not in cells:
        raise _bad(f"{quoted(board)}: no red car 'A'", source, line, "board")
    if axes["A"] != "x":
        raise _bad(f"{quoted(board)}: the red car 'A' stands upright; it must lie along its row "
                   "to leave on the right", source, line, "board")
    (_, ay), shape = shape_of(cells["A"])
    width = max(dx for dx, _ in shape) + 1
    out = _header("rush-hour", source, line, [text.strip()])
    out += ["# The red car A leaves on the right; every car and truck slides along its own",
            "# axis, and a move is one straight slide of any length (the line metric).",
            f"title = {_str(title)}", "", "[puzzle]", 'type = "sliding-block"',
            'layout = """', *rows, '"""',
            f"axis = {_table(axes)}",
            f"goal = {_table({'piece': 'A', 'x': size - width, 'y': ay})}",
            f"exit = {_table({'side': 'right', 'offset': ay, 'length': 1})}",
            f"labels = {_table({'A': 'red car'})}",
            "", "[solve]", 'metric = "line"']
    if moves is not None:
        note = f"   # the collection's answer ({cluster} positions)" if cluster else \
            "   # the collection's answer"
        out.append(f"expect_moves = {moves}{note}")
    out += _render_table()
    return Entry(line, "\n".join(out) + "\n")


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
                options: TileOptions) -> Entry:
    """One line of numbers as a sliding-tile config (``BadEntry`` if it is not one)."""
    tokens = [t for t in re.split(r"[\s,;\[\]()]+", text.strip()) if t]
    numbers: list[int] = []
    for token in tokens:
        value = _whole(token)
        if value is None:
            raise _bad(f"{quoted(token)} is not a whole number", source, line, "tiles")
        numbers.append(value)
    numbers = numbers[options.skip:]
    moves: int | None = None
    if options.with_moves:
        if not numbers:
            raise _bad("no numbers left for the optimal length", source, line, "moves")
        moves = numbers.pop()
    n = len(numbers)
    if options.size is not None:
        rows, cols = options.size
    else:
        side = int(round(n ** 0.5))
        if side < 2 or side * side != n:
            raise _bad(f"{n} numbers is not a square board (give --size ROWSxCOLS)",
                       source, line, "tiles")
        rows = cols = side
    why = check_tiles(numbers, rows, cols)
    if why:
        raise _bad(f"{_numbers(numbers)}: {why}", source, line, "tiles")
    blank_first = options.blank == "first"
    goal = default_goal(n, blank_first=blank_first)
    if not solvable(numbers, goal, cols):
        other = "last" if blank_first else "first"
        raise _bad(f"{_numbers(numbers)}: cannot reach the goal with the blank "
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
    return Entry(line, "\n".join(out) + "\n")


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
                  options: KlotskiOptions, original: list[str]) -> Entry:
    """One layout (its rows start on ``line``) as a sliding-block config."""
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise _bad(f"ragged layout: row {r + 1} {quoted(row)} has {len(row)} cells, row 1 has "
                       f"{width}", source, line + r, "layout")
        for ch in row:
            if ch not in PIECE_CHARS and ch not in ".#":
                raise _bad(f"row {r + 1} {quoted(row)}: {ch!r} is not a piece (letters and "
                           "digits), '.' (empty) or '#' (wall)", source, line + r, "layout")
    cells: dict[str, list[Cell]] = {}
    walls: set[Cell] = set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                walls.add((x, y))
            elif ch != ".":
                cells.setdefault(ch, []).append((x, y))
    if not cells:
        raise _bad("no pieces in the layout", source, line, "layout")
    for pid, cs in cells.items():
        if not connected(cs):
            first = min(cs, key=lambda c: (c[1], c[0]))
            raise _bad(f"piece {quoted(pid)} is split in two or more parts", source,
                       line + first[1], "layout")
    if options.piece is not None:
        pid = options.piece
    else:
        most = max(len(cs) for cs in cells.values())
        largest = sorted(p for p, cs in cells.items() if len(cs) == most)
        if len(largest) > 1:
            raise _bad(f"no single largest piece ({', '.join(largest)}): give --piece",
                       source, line, "goal")
        pid = largest[0]
    if pid not in cells:
        raise _bad(f"no piece {quoted(pid)} in the layout", source, line, "goal")
    _, shape = shape_of(cells[pid])
    w = max(dx for dx, _ in shape) + 1
    h = max(dy for _, dy in shape) + 1
    height = len(rows)
    gx, gy = options.at if options.at is not None else ((width - w) // 2, height - h)
    for dx, dy in shape:
        c = (gx + dx, gy + dy)
        if not (0 <= c[0] < width and 0 <= c[1] < height):
            raise _bad(f"piece {quoted(pid)} at x={gx}, y={gy} lies off the {width}x{height} "
                       "board", source, line, "goal")
        if c in walls:
            raise _bad(f"piece {quoted(pid)} at x={gx}, y={gy} overlaps a wall", source, line,
                       "goal")
    out = _header("klotski", source, line, original)
    out += [f"title = {_str(title)}", "", "[puzzle]", 'type = "sliding-block"',
            'layout = """', *rows, '"""',
            f"goal = {_table({'piece': pid, 'x': gx, 'y': gy})}"]
    if gy + h == height:
        out.append(f"exit = {_table({'side': 'bottom', 'offset': gx, 'length': w})}")
    out += ["", "[solve]", f"metric = {_str(options.metric)}"]
    out += _render_table()
    return Entry(line, "\n".join(out) + "\n")


def _klotski_blocks(lines: Sequence[str]) -> Iterator[tuple[int, list[str], list[str]]]:
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


# ---------------------------------------------------------------- a whole collection


def accepted(entry: Entry, source: str) -> Entry:
    """``entry`` when the config it makes is one ``solve`` takes (read by the family's
    own loader, every limit of it checked), else ``BadEntry``: import never writes a
    config the program refuses."""
    from puzzlereel import app

    try:
        app.puzzle_of(parse_config(entry.text, source))
    except PuzzlereelError as exc:
        where = f"{exc.field}: " if exc.field else ""
        raise _bad(f"the config it makes would not solve ({where}{exc.problem})", source,
                   entry.line) from None
    return entry


def _prefix(source: str) -> str:
    stem = Path(source).stem if source != "-" else "stdin"
    return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") or "puzzle"


def entries(fmt: str, lines: Sequence[str], source: str, prefix: str, *,
            tiles: TileOptions = TileOptions(),
            klotski: KlotskiOptions = KlotskiOptions()) -> Iterator[Entry | BadEntry]:
    """Every entry of a collection, as a config or the problem with it, in file order.

    Blank lines (and, for ``rush-hour`` and ``tiles``, lines starting with ``#``) are
    not entries."""
    if fmt == "klotski":
        for line, rows, original in _klotski_blocks(lines):
            try:
                yield accepted(klotski_entry(rows, source, line, f"{prefix} #{line}",
                                             klotski, original), source)
            except BadEntry as exc:
                yield exc
        return
    if fmt not in ("rush-hour", "tiles"):
        raise UsageError(f"FORMAT: {quoted(fmt)} is not one of: {', '.join(FORMATS)}")
    for line, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        title = f"{prefix} #{line}"
        try:
            if fmt == "rush-hour":
                yield accepted(rush_hour_entry(text, source, line, f"Rush Hour: {title}"),
                               source)
            else:
                yield accepted(tiles_entry(text, source, line, title, tiles), source)
        except BadEntry as exc:
            yield exc


MAX_LINE = 16 << 20     # bytes of one line of a collection, at most (Korf's 100: 60)


def read_lines(stream: IO[bytes], source: str) -> list[str]:
    """A collection's lines (UTF-8), none read past ``MAX_LINE`` bytes, or a
    ``PuzzlereelError`` naming the file and the line."""
    out: list[str] = []
    for number, raw in enumerate(iter(lambda: stream.readline(MAX_LINE + 1), b""), 1):
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            raise PuzzlereelError(f"longer than {MAX_LINE:,} bytes, more than a line of a "
                                  "collection holds", source=source, line=number)
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise PuzzlereelError(f"not UTF-8 text (byte {exc.start + 1})", source=source,
                                  line=number) from None
        text = text.removesuffix("\n").removesuffix("\r")
        out.extend(text.split("\r"))         # old Mac line ends: lines of their own
    return out


def import_collection(fmt: str, stream: IO[bytes], source: str, out_dir: str | Path, *,
                      prefix: str | None = None, tiles: TileOptions = TileOptions(),
                      klotski: KlotskiOptions = KlotskiOptions(),
                      force: bool = False) -> Report:
    """Write one config per good entry of ``stream`` into ``out_dir``, named
    ``PREFIX-LINE.toml`` (default prefix: the source's name); report the bad entries
    (and files that exist, unless ``force``)."""
    if fmt not in FORMATS:
        raise UsageError(f"FORMAT: {quoted(fmt)} is not one of: {', '.join(FORMATS)}")
    lines = read_lines(stream, source)
    name = _prefix(source) if prefix is None else prefix
    digits = len(str(max(1, len(lines))))
    folder = Path(out_dir)
    written: list[Path] = []
    problems: list[PuzzlereelError] = []
    planned: list[tuple[Entry, Path]] = []
    for item in entries(fmt, lines, source, name, tiles=tiles, klotski=klotski):
        if isinstance(item, BadEntry):
            problems.append(item)
        else:
            planned.append((item, folder / f"{name}-{item.line:0{digits}d}.toml"))
    if is_stream(folder):       # -o /dev/null: every entry checked, no file written
        return Report((), tuple(problems))
    with guarded(inputs=[source], outputs=[path for _, path in planned]):
        for item, path in planned:
            try:
                write_text(item.text, path, force=force)
            except Exists as exc:
                problems.append(exc)
                continue
            written.append(path)
    return Report(tuple(written), tuple(problems))



def import_file(fmt: str, source: str, out_dir: str | Path, *, prefix: str | None = None,
                tiles: TileOptions = TileOptions(), klotski: KlotskiOptions = KlotskiOptions(),
                force: bool = False) -> None:
    """``import``: ``import_collection`` of the file ``source`` ("-": stdin); print each
    config written, each bad entry on stderr, and fail (exit 1) if there was one."""
    from puzzlereel import console, exits

    with contextlib.ExitStack() as stack:
        stream = sys.stdin.buffer if source == "-" else stack.enter_context(open(source, "rb"))
        report = import_collection(fmt, stream, source, out_dir, prefix=prefix, tiles=tiles,
                                   klotski=klotski, force=force)
    for path in report.written:
        console.echo(str(path))
    for problem in report.problems:
        console.echo(f"puzzlereel: {problem}", err=True)
    if report.problems:
        exits.fail(f"{source}: {len(report.problems)} bad "
                   f"{'entry' if len(report.problems) == 1 else 'entries'}, "
                   f"{len(report.written)} configs written")

def parse_size(text: str) -> tuple[int, int]:
    """``--size 4x4`` -> (rows, cols)."""
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m or int(m.group(1)) < 2 or int(m.group(2)) < 2:
        raise UsageError(f"--size: expected ROWSxCOLS of at least 2x2, got {quoted(text)}")
    return int(m.group(1)), int(m.group(2))


def parse_at(text: str) -> tuple[int, int]:
    """``--at 1,3`` -> (x, y)."""
    m = re.fullmatch(r"\s*(\d+)\s*,\s*(\d+)\s*", text)
    if not m:
        raise UsageError(f"--at: expected X,Y (the goal piece's top-left cell), got {quoted(text)}")
    return int(m.group(1)), int(m.group(2))


def check_metric(metric: str) -> str:
    if metric not in METRICS:
        raise UsageError(f"--metric: {quoted(metric)} is not one of: {', '.join(METRICS)}")
    return metric


def check_blank(blank: str) -> str:
    if blank not in BLANKS:
        raise UsageError(f"--blank: {quoted(blank)} is not one of: {', '.join(BLANKS)}")
    return blank


__all__ = ["BLANKS", "FORMATS", "BadEntry", "Entry", "KlotskiOptions", "Report",
           "TileOptions", "check_blank", "check_metric", "check_pdb", "entries",
           "import_collection", "import_file", "klotski_entry", "parse_at", "parse_size",
           "read_lines", "rush_hour_entry", "tiles_entry"]
