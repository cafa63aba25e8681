"""Oomachi arithmetic: products of consecutive integers that use each digit 0-9 exactly once.

From M. Hiroi's 「生成検定法」 (the problem: C Magazine, Feb 1998): which three consecutive numbers
n·(n+1)·(n+2) multiply to a number that uses every digit 0-9 once?  The product has ten
digits, so n lies between the cube roots of 1023456789 and 9876543210 (1007..2144);
every n there is generated and its product tested, all at once with numpy.

Config::

    [puzzle]
    type = "oomachi"
    terms = 3                  # how many consecutive factors
    digits = "0123456789"      # the digits the product must use, each exactly once
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from puzzlereel.ground.config import Config
from puzzlereel.trace import End, Event, Header, SolutionFound
from puzzlereel.trace.search import found_events

from .base import Analysis, Series, SolveOptions, Solver
from .limits import Limits
from .stopwatch import Stopwatch

MAX_CANDIDATES = 5_000_000


@dataclass(frozen=True)
class Oomachi:
    terms: int = 3
    digits: str = "0123456789"
    title: str | None = None

    @property
    def smallest(self) -> int:
        """The smallest number using each digit once (no leading zero)."""
        ds = sorted(self.digits)
        if ds[0] == "0" and len(ds) > 1:
            ds[0], ds[1] = ds[1], ds[0]
        return int("".join(ds))

    @property
    def largest(self) -> int:
        return int("".join(sorted(self.digits, reverse=True)))


def product(n: int, terms: int) -> int:
    out = 1
    for i in range(terms):
        out *= n + i
    return out


def n_range(puzzle: Oomachi) -> tuple[int, int]:
    """The n whose product could have the right number of digits: lo..hi inclusive."""
    lo = max(1, int(round(puzzle.smallest ** (1 / puzzle.terms))) - puzzle.terms)
    while product(lo, puzzle.terms) < puzzle.smallest:
        lo += 1
    while lo > 1 and product(lo - 1, puzzle.terms) >= puzzle.smallest:
        lo -= 1
    hi = max(lo, int(round(puzzle.largest ** (1 / puzzle.terms))) + 1)
    while product(hi, puzzle.terms) > puzzle.largest:
        hi -= 1
    while product(hi + 1, puzzle.terms) <= puzzle.largest:
        hi += 1
    return lo, hi


def load(config: Config) -> Oomachi:
    terms = config.get("puzzle.terms", int, 3)
    if not 2 <= terms <= 10:
        raise config.error("puzzle.terms", f"between 2 and 10 factors, got {terms}")
    digits = config.get("puzzle.digits", str, "0123456789")
    if (not digits or not digits.isascii() or not digits.isdigit()
            or len(set(digits)) != len(digits)):
        raise config.error("puzzle.digits", f"expected distinct digits, got {digits!r}")
    puzzle = Oomachi(terms=terms, digits=digits, title=config.title)
    lo, hi = n_range(puzzle)
    if hi - lo + 1 > MAX_CANDIDATES:
        raise config.error("puzzle.terms", f"{hi - lo + 1:,} candidates for n; at most "
                           f"{MAX_CANDIDATES:,} are supported")
    return puzzle


AT_ONCE = 1 << 16          # candidates tested at once
BYTES_PER_CANDIDATE = 64  # their arrays, temporaries too


def solutions(puzzle: Oomachi, limits: Limits | None = None) -> list[tuple[int, int]]:
    """(n, product) for every n whose product uses each digit exactly once, tested a
    block of n at a time (``limits``: blocks that fit the memory budget, and at most
    ``--max-states`` candidates; then the solutions so far)."""
    lo, hi = n_range(puzzle)
    rows = AT_ONCE if limits is None else min(AT_ONCE, limits.budget // BYTES_PER_CANDIDATE)
    found: list[tuple[int, int]] = []
    for first in range(lo, hi + 1, max(1, rows)):
        last = min(hi, first + max(1, rows) - 1)
        if limits is not None:
            room = limits.room(last - first + 1)
            if room == 0:
                limits.stop(what="candidate")
                break
            cut = first + room - 1 < last
            last = first + room - 1
        found += _tested(puzzle, first, last)
        if limits is not None:
            limits.spend(last - first + 1, what="candidate")
            if cut:
                limits.stop(what="candidate")
                break
    return found


def _tested(puzzle: Oomachi, lo: int, hi: int) -> list[tuple[int, int]]:
    """The solutions among n = lo..hi."""
    n = np.arange(lo, hi + 1, dtype=np.int64)
    p = n.copy()
    for i in range(1, puzzle.terms):
        p *= n + i
    want = 0
    for ch in puzzle.digits:
        want |= 1 << int(ch)
    mask = np.zeros_like(p)
    ok = np.ones(len(p), dtype=bool)
    rest = p.copy()
    for _ in range(len(puzzle.digits)):
        bit = np.left_shift(1, rest % 10)
        ok &= (mask & bit) == 0          # a digit seen twice
        mask |= bit
        rest //= 10
    ok &= (rest == 0) & (mask == want)
    return [(int(a), int(b)) for a, b in zip(n[ok], p[ok], strict=False)]


def text(n: int, terms: int, value: int) -> str:
    return "*".join(str(n + i) for i in range(terms)) + f"={value}"


def solve(puzzle: Oomachi, options: SolveOptions) -> Iterator[Event]:
    watch = Stopwatch()     # pure numpy: nothing to load, it is all search
    limits = Limits.of(options)
    with watch.searching():
        found = solutions(puzzle, limits)
    lo, hi = n_range(puzzle)
    tested = limits.states if limits.reached else max(0, hi - lo + 1)
    yield Header(puzzle="oomachi", fields={"terms": puzzle.terms, "digits": puzzle.digits},
                 title=puzzle.title or f"Oomachi: {puzzle.terms} consecutive factors",
                 solver={"algorithm": "generate and test (vectorised)", "program": "puzzlereel"})
    if options.search_events:   # n is tested from lo up
        yield from found_events((n - lo + 1 for n, _ in found), tested)
    for k, (n, value) in enumerate(found, 1):
        yield SolutionFound(k=k, text=text(n, puzzle.terms, value))
    stats: dict[str, Any] = {"solutions": len(found), "candidates": tested,
                             "n_from": lo, "n_to": hi, **watch.stats()}
    if limits.reached:
        stats.update(tested=limits.states,
                     limit=limits.so_far(len(found)))
        yield End(status="limit", stats=stats)
        return
    if not found:
        stats["reason"] = "no product uses each digit once"
    yield End(status="solved" if found else "unsolvable", stats=stats)


def analyze(puzzle: Oomachi, options: SolveOptions) -> Analysis:
    watch = Stopwatch()
    limits = Limits.of(options)
    with watch.searching():
        found = solutions(puzzle, limits)
    lo, hi = n_range(puzzle)
    out: Analysis = {"terms": puzzle.terms, "solutions": len(found),
                     "candidates": max(0, hi - lo + 1), "n_from": lo, "n_to": hi,
                     "found": [text(n, puzzle.terms, v) for n, v in found], **watch.stats()}
    if limits.reached:
        out.update(status="limit", tested=limits.states,
                   limit=limits.so_far(len(found)))
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    return None


SOLVER: Solver[Oomachi] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
