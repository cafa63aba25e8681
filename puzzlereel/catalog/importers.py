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
import hashlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from puzzlereel.catalog.entries import (
    BLANKS,
    IMPORT_FORMATS,
    PLAIN_KLOTSKI,
    PLAIN_TILES,
    BadEntry,
    ImportedConfig,
    ImportReport,
    KlotskiOptions,
    TileOptions,
    bad_entry,
    check_pdb,
    klotski_blocks,
    klotski_entry,
    rush_hour_entry,
    tiles_entry,
)
from puzzlereel.catalog.examples import Exists, write_text
from puzzlereel.ground.config import parse_config
from puzzlereel.ground.errors import PuzzlereelError, UsageError, quoted
from puzzlereel.ground.fileio import guarded
from puzzlereel.ground.filenames import NAME_BYTES, safe_name
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.words import plural
from puzzlereel.rules.sliding_block_layout import BLOCK_METRICS

# ---------------------------------------------------------------- a whole collection


def accepted(entry: ImportedConfig, source: str) -> ImportedConfig:
    """``entry`` when the config it makes is one ``solve`` takes (read by the family's
    own loader, every limit of it checked), else ``BadEntry``: import never writes a
    config the program refuses."""
    from puzzlereel.catalog.puzzles import puzzle_of

    try:
        puzzle_of(parse_config(entry.text, source))
    except PuzzlereelError as exc:
        where = f"{exc.field}: " if exc.field else ""
        raise bad_entry(f"the config it makes would not solve ({where}{exc.problem})", source,
                        entry.line) from None
    return entry


IMPORTED_SUFFIX = ".toml"
FINGERPRINT = 8        # hex digits of the SHA-256 of a name that had to be changed


def _stem(source: str) -> str:
    """The name of the source the configs are named after (``stdin`` for ``-``)."""
    return Path(source).stem if source != "-" else "stdin"


def _title(source: str, prefix: str | None) -> str:
    """What the configs' titles call the collection: ``--name``, else the source's name
    (any text: titles are escaped where they go)."""
    return prefix if prefix is not None else safe_name(_stem(source))


def _fitted(name: str, room: int, original: str) -> str:
    """``name`` (made from ``original``) as the start of file names, at most ``room``
    UTF-8 bytes; when it differs from ``original`` (characters replaced) or is cut to
    fit, ``-`` and the first ``FINGERPRINT`` hex digits of the SHA-256 of ``original``
    are added, so that names differing only where they were changed stay apart."""
    if name == original and len(name.encode("utf-8")) <= room:
        return name
    whole = original.encode("utf-8", "surrogateescape")
    mark = "-" + hashlib.sha256(whole).hexdigest()[:FINGERPRINT]
    kept = name.encode("utf-8")[:room - len(mark)]
    return kept.decode("utf-8", "ignore").rstrip("-. ") + mark


def config_names(source: str, prefix: str | None, lines: int) -> tuple[str, int]:
    """The start every config's file name shares and the digits its line number takes
    (``NAME-LINE.toml``, the line zero-padded to the length of ``lines``), so that every
    name is at most ``NAME_BYTES`` bytes.  NAME is ``prefix`` (``--name``) or the source's
    name with letters and digits of any script, ``.``, ``_`` and ``-`` kept and each run of
    other characters as ``-`` (``_fitted``: a name changed or cut gets its fingerprint)."""
    digits = len(str(max(1, lines)))
    room = NAME_BYTES - len(f"-{'0' * digits}{IMPORTED_SUFFIX}")
    if prefix is not None:
        return _fitted(prefix, room, prefix), digits
    stem = _stem(source)
    name = re.sub(r"[^\w.-]+", "-", stem).strip("-.") or "puzzle"
    return _fitted(name, room, stem), digits


def entries(fmt: str, lines: Sequence[str], source: str, prefix: str, *,
            tiles: TileOptions = PLAIN_TILES,
            klotski: KlotskiOptions = PLAIN_KLOTSKI) -> Iterator[ImportedConfig | BadEntry]:
    """Every entry of a collection, as a config or the problem with it, in file order.

    Blank lines (and, for ``rush-hour`` and ``tiles``, lines starting with ``#``) are
    not entries."""
    if fmt == "klotski":
        for line, rows, original in klotski_blocks(lines):
            try:
                yield accepted(klotski_entry(rows, source, line, f"{prefix} #{line}",
                                             klotski, original), source)
            except BadEntry as exc:
                yield exc
        return
    if fmt not in ("rush-hour", "tiles"):
        raise UsageError(f"FORMAT: {quoted(fmt)} is not one of: {', '.join(IMPORT_FORMATS)}")
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


MAX_IMPORT_LINE = 16 << 20     # bytes of one line of a collection, at most (Korf's 100: 60)


def read_lines(stream: IO[bytes], source: str) -> list[str]:
    """A collection's lines (UTF-8), none read past ``MAX_IMPORT_LINE`` bytes, or a
    ``PuzzlereelError`` naming the file and the line."""
    out: list[str] = []
    for number, raw in enumerate(iter(lambda: stream.readline(MAX_IMPORT_LINE + 1), b""), 1):
        if len(raw) > MAX_IMPORT_LINE and not raw.endswith(b"\n"):
            raise PuzzlereelError(f"longer than {MAX_IMPORT_LINE:,} bytes, more than a line of a "
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
                      prefix: str | None = None, tiles: TileOptions = PLAIN_TILES,
                      klotski: KlotskiOptions = PLAIN_KLOTSKI,
                      force: bool = False) -> ImportReport:
    """Write one config per good entry of ``stream`` into ``out_dir``, named
    ``NAME-LINE.toml`` (``config_names``; NAME: ``prefix``, default the source's name);
    report the bad entries (and files that exist, unless ``force``)."""
    if fmt not in IMPORT_FORMATS:
        raise UsageError(f"FORMAT: {quoted(fmt)} is not one of: {', '.join(IMPORT_FORMATS)}")
    lines = read_lines(stream, source)
    name, digits = config_names(source, prefix, len(lines))
    folder = Path(out_dir)
    written: list[Path] = []
    problems: list[PuzzlereelError] = []
    planned: list[tuple[ImportedConfig, Path]] = []
    for item in entries(fmt, lines, source, _title(source, prefix), tiles=tiles,
                        klotski=klotski):
        if isinstance(item, BadEntry):
            problems.append(item)
        else:
            planned.append((item, folder / f"{name}-{item.line:0{digits}d}{IMPORTED_SUFFIX}"))
    if _is_null(folder):        # -o /dev/null: every entry checked, no file written
        return ImportReport((), tuple(problems))
    kept: list[Path] = []
    with guarded(inputs=[source], outputs=[path for _, path in planned]):
        for item, path in planned:
            if not force and _holds(path, item.text):
                kept.append(path)
                continue
            try:
                write_text(item.text, path, force=force)
            except Exists as exc:
                problems.append(exc)
                continue
            written.append(path)
    return ImportReport(tuple(written), tuple(problems), tuple(kept))


def _holds(path: Path, text: str) -> bool:
    """Whether ``path`` is a file holding exactly ``text`` (a config imported before)."""
    data = text.encode("utf-8")
    try:
        if not path.is_file() or path.stat().st_size != len(data):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False



def _is_null(folder: Path) -> bool:
    """Whether ``folder`` is the null device (``-o /dev/null``)."""
    try:
        return is_stream(folder) and os.path.samefile(folder, os.devnull)
    except OSError:
        return False


def import_file(fmt: str, source: str, out_dir: str | Path, *, prefix: str | None = None,
                tiles: TileOptions = PLAIN_TILES, klotski: KlotskiOptions = PLAIN_KLOTSKI,
                force: bool = False) -> None:
    """``import``: ``import_collection`` of the file ``source`` ("-": stdin); print each
    config written, each bad entry on stderr, and fail (exit 1) if there was one."""
    from puzzlereel.ground import console, exits

    console.usable(sys.stdout, "output")           # the names written go there
    with contextlib.ExitStack() as stack:
        stream = console.usable(sys.stdin, "input").buffer if source == "-" else \
            stack.enter_context(open(source, "rb"))
        report = import_collection(fmt, stream, source, out_dir, prefix=prefix, tiles=tiles,
                                   klotski=klotski, force=force)
    for path in (*report.written, *report.kept):
        console.echo(str(path))
    for problem in report.problems:
        console.echo(f"puzzlereel: {problem}", err=True)
    if report.problems:
        exits.fail(f"{source}: {_counts(report)}")


def _counts(report: ImportReport) -> str:
    """What an import with problems did, in numbers: "2 bad entries, 0 configs written,
    3 kept (already there, the same)"."""
    there = sum(isinstance(problem, Exists) for problem in report.problems)
    bad = len(report.problems) - there
    parts = [f"{bad} bad {plural('entry', bad)}"] if bad else []
    parts.append(f"{len(report.written)} {plural('config', len(report.written))} written")
    if report.kept:
        parts.append(f"{len(report.kept)} kept (already there, the same)")
    if there:
        parts.append(f"{there} already there with other text (--force replaces "
                     f"{'it' if there == 1 else 'them'})")
    return ", ".join(parts)

def parse_size(text: str) -> tuple[int, int]:
    """``--size 4x4`` -> (rows, cols)."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})\s*", text)
    if not m or int(m.group(1)) < 2 or int(m.group(2)) < 2:
        raise UsageError(f"--size: expected ROWSxCOLS of at least 2x2, got {quoted(text)}")
    return int(m.group(1)), int(m.group(2))


def parse_at(text: str) -> tuple[int, int]:
    """``--at 1,3`` -> (x, y)."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*,\s*(\d{1,9})\s*", text)
    if not m:
        raise UsageError(f"--at: expected X,Y (the goal piece's top-left cell), got {quoted(text)}")
    return int(m.group(1)), int(m.group(2))


def check_metric(metric: str) -> str:
    if metric not in BLOCK_METRICS:
        raise UsageError(f"--metric: {quoted(metric)} is not one of: {', '.join(BLOCK_METRICS)}")
    return metric


def check_blank(blank: str) -> str:
    if blank not in BLANKS:
        raise UsageError(f"--blank: {quoted(blank)} is not one of: {', '.join(BLANKS)}")
    return blank


__all__ = ["BLANKS", "IMPORT_FORMATS", "BadEntry", "ImportReport", "ImportedConfig",
           "KlotskiOptions", "TileOptions", "check_blank", "check_metric", "check_pdb",
           "config_names", "entries", "import_collection", "import_file", "klotski_entry",
           "parse_at", "parse_size", "read_lines", "rush_hour_entry", "tiles_entry"]
