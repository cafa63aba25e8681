"""Additive pattern databases for the sliding-tile lower bound: building, caching, loading.

The tiles are split into disjoint groups (``TilePuzzle.groups``, e.g. 7-8 on the
15-puzzle).  A group's table holds, for every placement of its tiles, the fewest moves
*of those tiles* that bring them all to their goal cells, the other tiles being alike
and the blank moving for free through the cells the group does not occupy (but not
through its tiles): exact distances in that abstract puzzle, so the tables of disjoint
groups add up to a lower bound.  How a table is built and indexed is in
``pdb_kernel``; an entry is stored in 4 bits as half the moves beyond the group's
Manhattan distance (the two always differ by an even number), so the bound is the
board's Manhattan distance plus twice the sum of the entries.

``load_tables`` reads each group's table from the ``pdb`` folder of the user cache
(``puzzlereel.ground.cache``), or builds it (with progress and an estimate of the time left)
and saves it there atomically.  A table file starts with a header naming its board,
cells, size and CRC-32; a file that is cut short or altered is reported in one warning
and built again, never used.  How the search looks the tables up (a tile's group, the
mirrored board's lookups) is in ``pdb_lookup``.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache as memoized
from pathlib import Path

import numpy as np

from puzzlereel.ground import cache
from puzzlereel.ground.fileio import OutputError, atomic_path
from puzzlereel.ground.progress import Progress

from .arrays import adjacency
from .config import TilePuzzle

PDB_FORMAT = 2          # how tables are built and stored (part of every file's name and header)
MAGIC = b"puzzlereel sliding-tile pattern database\n"
MAX_HEADER = 4096
UNSET = 15          # a 4-bit entry not reached (yet)


class DamagedTableWarning(UserWarning):
    """A cached pattern database was cut short or altered; it is built again."""


def pdb_dir() -> Path | None:
    """Where pattern databases are kept: the ``pdb`` folder of the user cache
    (``puzzlereel.ground.cache``); None when there is no cache folder."""
    base = cache.cache_dir()
    return None if base is None else base / "pdb"


@dataclass
class PdbInfo:
    """What building / loading the tables cost."""

    name: str
    seconds: float = 0.0
    bytes: int = 0
    built: int = 0
    loaded: int = 0
    damaged: int = 0
    saturated: int = 0            # entries above 14 stored as 14 (a weaker, still valid bound)
    files: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Pattern:
    """One group's table: the board, the goal cells of the group's tiles (in group order)
    and the blank's goal cell, which is all the table depends on."""

    rows: int
    cols: int
    cells: tuple[int, ...]
    blank: int

    @property
    def n(self) -> int:
        return self.rows * self.cols

    @property
    def k(self) -> int:
        return len(self.cells)

    @property
    def entries(self) -> int:
        """Placements of the group's tiles: n! / (n - k)!."""
        return math.perm(self.n, self.k)

    @property
    def nbytes(self) -> int:
        return (self.entries + 1) // 2

    @property
    def file_name(self) -> str:
        key = f"{self.rows}x{self.cols}:{','.join(map(str, self.cells))}:blank {self.blank}"
        digest = hashlib.sha1(key.encode()).hexdigest()[:12]
        return f"tiles-pdb{PDB_FORMAT}-{self.rows}x{self.cols}-{self.k}-{digest}.pdb"

    def header(self, crc: int) -> dict[str, object]:
        return {"format": PDB_FORMAT, "rows": self.rows, "cols": self.cols,
                "cells": list(self.cells),
                "blank": self.blank, "entries": self.entries, "bytes": self.nbytes, "crc32": crc}


def patterns_of(puzzle: TilePuzzle) -> list[Pattern]:
    """The table of every group of ``puzzle``, in group order."""
    goal_cell = {t: i for i, t in enumerate(puzzle.goal)}
    blank = goal_cell[0]
    return [Pattern(puzzle.rows, puzzle.cols, tuple(goal_cell[t] for t in group), blank)
            for group in puzzle.groups]


@memoized
def popcounts() -> np.ndarray:
    """The number of set bits of every 16-bit value."""
    values = np.arange(1 << 16, dtype=np.uint32)
    return np.unpackbits(values.view(np.uint8)).reshape(-1, 32).sum(axis=1).astype(np.uint8)


def binomials(n: int, k: int) -> np.ndarray:
    """``binom[c, i]`` = C(c, i) for c <= n, i <= k + 1."""
    return np.array([[math.comb(c, i) for i in range(k + 2)] for c in range(n + 1)], np.int64)


# ---------------------------------------------------------------- building


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes} min {secs:02d} s"


class _Eta:
    """Progress over all the tables being built, with an estimate of the time left
    (the states reached so far against all the states, at the pace so far), put first
    in the label so that a narrow terminal still shows it."""

    def __init__(self, progress: Progress | None, title: str, total: int) -> None:
        self.progress = progress
        self.title = title
        self.total = total
        self.t0 = time.perf_counter()
        self.last = 0.0

    def __call__(self, details: str, done: int, *, force: bool = False) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if not force and now - self.last < 0.25:
            return
        self.last = now
        label = self.title
        if 0 < done < self.total:
            secs = (now - self.t0) * (self.total - done) / done
            label += f", about {_duration(secs)} left"
        self.progress(f"{label} ({details})", done, self.total)


class _Build:
    """The breadth-first search that fills one table (see ``pdb_kernel``): what it needs
    before the large arrays exist, so that every table's size is known up front."""

    def __init__(self, pattern: Pattern) -> None:
        from . import pdb_kernel as pk

        self.pattern = pattern
        n, k = pattern.n, pattern.k
        self.kf = math.factorial(k)
        self.binom = binomials(n, k)
        nsub = math.comb(n, k)
        self.masks = np.empty(nsub, np.int64)
        pk.k_subsets(n, k, self.masks)
        self.adj, self.deg = adjacency(pattern.rows, pattern.cols)
        self.labels = np.empty((nsub, n), np.int8)
        nreg = np.empty(nsub, np.int64)
        pk.free_regions(self.masks, n, self.adj, self.deg, self.labels, nreg)
        self.boff = np.zeros(nsub + 1, np.int64)
        np.cumsum(nreg, out=self.boff[1:])
        self.blocks = int(self.boff[-1])
        self.blk_s = np.repeat(np.arange(nsub, dtype=np.int64), nreg)
        self.blk_r = np.arange(self.blocks, dtype=np.int64) - self.boff[self.blk_s]
        self.stride = -(-self.kf // 32) * 32      # a block's states, padded to whole words

    @property
    def states(self) -> int:
        """Abstract states: placements times the blank's regions."""
        return self.blocks * self.kf

    def run(self, out: np.ndarray, report: Callable[[str, int], None] | None = None,
            done0: int = 0) -> tuple[int, int]:
        """Fill ``out`` (``pattern.nbytes`` bytes); returns (states reached, entries
        stored as 14 because they were larger)."""
        from . import pdb_kernel as pk

        p, kf = self.pattern, self.kf
        n, k = p.n, p.k
        pc = popcounts()
        remap = np.empty((k * k, kf), np.int32)
        perm = np.empty((kf, k), np.int8)
        pk.rank_moves(k, kf, pc, remap, perm)
        dgoal = np.zeros((k, n), np.int64)
        for j, cell in enumerate(p.cells):
            gr, gc = divmod(cell, p.cols)
            for c in range(n):
                r, cc = divmod(c, p.cols)
                dgoal[j, c] = abs(r - gr) + abs(cc - gc)
        words = np.zeros(self.blocks * self.stride // 32, np.int64)
        out.fill(0xFF)
        # the goal: the tiles home, the blank in the region of its goal cell
        occ = sum(1 << c for c in p.cells)
        s0 = int(pk.colex_rank(occ, n, self.binom))
        order = np.array(sorted(range(k), key=lambda j: p.cells[j]), np.int64)
        a0 = int(pk.lehmer_rank(order, k, pc))
        block0 = int(self.boff[s0]) + int(self.labels[s0, p.blank])
        ci = block0 * self.stride + a0
        words[ci >> 5] |= 1 << ((ci & 31) * 2)
        oi = s0 * kf + a0
        out[oi >> 1] &= 0xF0 if oi & 1 == 0 else 0x0F
        cur = np.zeros(self.blocks, np.uint8)
        cur[block0] = 1
        found = np.empty(kf, np.int64)
        cells2 = np.empty(k, np.int64)
        counts = np.zeros(2, np.int64)
        counts[0] = 1
        chunk = max(1, self.blocks // 64)
        depth = 0
        while True:
            nxt = np.zeros(self.blocks, np.uint8)
            added = 0
            for lo in range(0, self.blocks, chunk):
                added += pk.expand_blocks(words, out, self.masks, self.labels, self.boff,
                                          self.blk_s, self.blk_r, cur, nxt, lo,
                                          min(lo + chunk, self.blocks), depth, n, k, kf,
                                          self.stride, self.adj, self.deg, self.binom, remap,
                                          perm, dgoal, pc, found, cells2, counts)
                if report is not None:
                    report(f"depth {depth + 1}", done0 + int(counts[0]))
            if added == 0:
                break
            depth += 1
            cur = nxt
        return int(counts[0]), int(counts[1])


def build_group_table(pattern: Pattern, progress: Progress | None = None) -> np.ndarray:
    """The table of one group (4-bit entries, two a byte, low nibble first)."""
    out = np.empty(pattern.nbytes, np.uint8)
    job = _Build(pattern)
    eta = _Eta(progress, f"building a pattern database of {pattern.k} tiles", job.states)
    job.run(out, eta)
    return out


# ---------------------------------------------------------------- the cache


def _read_table(path: Path, pattern: Pattern, into: np.ndarray) -> str | None:
    """Fill ``into`` from ``path``: None when the file is sound, else what is wrong."""
    try:
        with cache.open_entry(path, len(MAGIC) + MAX_HEADER + pattern.nbytes) as fh:
            if fh.readline(len(MAGIC)) != MAGIC:
                return "not a pattern database file"
            line = fh.readline(MAX_HEADER)
            if not line.endswith(b"\n"):
                return "its header is cut short"
            try:
                meta = json.loads(line)
            except ValueError:
                return "its header is unreadable"
            crc = meta.get("crc32") if isinstance(meta, dict) else None
            if not isinstance(crc, int) or meta != pattern.header(crc):
                return "its header is for another table"
            size = os.fstat(fh.fileno()).st_size
            expected = fh.tell() + pattern.nbytes
            if size != expected:
                return f"{size:,} bytes where {expected:,} were expected"
            if fh.readinto(into.data) != pattern.nbytes:
                return "it is cut short"
    except OSError as exc:
        return f"it cannot be read: {exc.strerror or exc}"
    if zlib.crc32(into.data) != crc:
        return "its checksum does not match"
    return None


def _heal(path: Path) -> str | None:
    """What stood at ``path`` and was set aside (a named pipe, a folder, a link), so
    that the table can be saved there; None when it is a file or nothing."""
    try:
        kind = cache.heal(path)
    except OSError as exc:
        return f"not a file, and it cannot be set aside: {exc.strerror or exc}"
    return None if kind is None else f"{kind}, not a file; set it aside"


def _write_table(path: Path, pattern: Pattern, table: np.ndarray) -> None:
    header = json.dumps(pattern.header(zlib.crc32(table.data)), separators=(",", ":"))
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        fh.write(MAGIC)
        fh.write(header.encode() + b"\n")
        fh.write(table.data)


def load_tables(puzzle: TilePuzzle, progress: Progress | None
                ) -> tuple[np.ndarray, np.ndarray, PdbInfo]:
    """(tables, offsets, info): every group's table, one after another in one array
    (group g's starts at byte ``offsets[g]``), each read from the cache or built now."""
    info = PdbInfo(puzzle.pdb_name)
    t0 = time.perf_counter()
    patterns = patterns_of(puzzle)
    offsets = np.zeros(max(1, len(patterns)), np.int64)
    for i in range(1, len(patterns)):
        offsets[i] = offsets[i - 1] + patterns[i - 1].nbytes
    flat = np.empty(max(1, sum(p.nbytes for p in patterns)), np.uint8)
    folder = cache.folder("pdb")  # None: build in memory only (warned once)
    todo: list[int] = []
    for g, pattern in enumerate(patterns):
        if folder is None:
            todo.append(g)
            continue
        path = folder / pattern.file_name
        view = flat[offsets[g]:offsets[g] + pattern.nbytes]
        why = _heal(path)
        if why is None and not path.exists():
            todo.append(g)
            continue
        why = why or _read_table(path, pattern, view)
        if why is None:
            info.loaded += 1
            info.files.append(str(path))
            continue
        warnings.warn(f"pattern database {path} is damaged ({why}); building it again",
                      DamagedTableWarning, stacklevel=2)
        info.damaged += 1
        todo.append(g)
    if todo:
        jobs = [_Build(patterns[g]) for g in todo]
        eta = _Eta(progress, f"building pattern databases {puzzle.pdb_name}",
                   sum(job.states for job in jobs))
        done = 0
        for i, (g, job) in enumerate(zip(todo, jobs, strict=True)):
            pattern = patterns[g]
            view = flat[offsets[g]:offsets[g] + pattern.nbytes]
            what = f"table {i + 1} of {len(jobs)}, {pattern.k} tiles"

            def report(step: str, reached: int, what: str = what) -> None:
                eta(f"{what}, {step}", reached)

            _, saturated = job.run(view, report, done)
            done += job.states
            eta(what, done, force=True)
            info.built += 1
            info.saturated += saturated
            if folder is not None:
                path = folder / pattern.file_name
                try:
                    _write_table(path, pattern, view)
                except OSError as exc:  # a full disk only costs a rebuild next time
                    cache.warn_unusable(folder, exc.strerror or str(exc))
                except OutputError as exc:  # a folder there that could not be set aside
                    cache.warn_unusable(folder, str(exc))
                else:
                    info.files.append(str(path))
    info.bytes = int(flat.nbytes)
    info.seconds = time.perf_counter() - t0
    return flat, offsets, info


__all__ = ["PDB_FORMAT", "DamagedTableWarning", "Pattern", "PdbInfo", "binomials",
           "build_group_table", "load_tables", "patterns_of", "pdb_dir", "popcounts"]
