"""Alphametics (覆面算): words whose letters stand for digits, e.g. SEND + MORE = MONEY.

Different letters are different digits, and no number with more than one digit starts
with 0.  The search works column by column from the units, carrying as in written
addition: in each column only the letters seen for the first time are chosen, and the
last of them is worked out from the column sum where possible (it must make the column's
digit come out right), so whole families of wrong assignments are cut off at the column
where they first fail instead of being generated in full.  Words may be added or
subtracted on either side of ``=``.

Config::

    [puzzle]
    type = "alphametic"
    equation = "SEND + MORE = MONEY"
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlereel.ground.config import Config
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.rules.arith import ArithError, parse_equation
from puzzlereel.trace import End, Event, Header, SolutionFound
from puzzlereel.trace.search import found_events

from .base import Analysis, Series, SolveOptions, Solver
from .limits import Limits
from .stopwatch import Stopwatch

_INVERSE = {1: 1, 3: 7, 7: 3, 9: 9}   # inverses mod 10


@dataclass(frozen=True)
class Alphametic:
    equation: str
    words: tuple[tuple[str, int], ...]       # (word, +1/-1) with the right side negated
    letters: tuple[str, ...]                 # in the order the search assigns them
    leading: frozenset[str] = field(default_factory=frozenset)
    title: str | None = None

    def substitute(self, assignment: Mapping[str, int]) -> str:
        """The equation with every letter replaced by its digit (spaces dropped)."""
        return "".join(str(assignment[ch]) if ch.isalpha() else ch
                       for ch in self.equation if not ch.isspace())


class EquationError(PuzzlereelError):
    """An equation the alphametic solver cannot take; the message quotes it."""


def parse(equation: str, title: str | None = None) -> Alphametic:
    text = equation.upper()
    if "*" in text or "/" in text:
        raise EquationError(f"only + and - are supported, got {equation!r}")
    try:
        left, right = parse_equation(text, symbols=True)
    except ArithError as exc:
        raise EquationError(str(exc)) from None
    words: list[tuple[str, int]] = []
    for side, expr in ((1, left), (-1, right)):
        signs = [1] + [1 if op == "+" else -1 for op in expr.ops]
        for word, s in zip(expr.numbers, signs, strict=False):
            if not word.isalpha():
                raise EquationError(f"{word!r} is not a word of letters in {equation!r}")
            words.append((word, side * s))
    seen: list[str] = []
    width = max(len(w) for w, _ in words)
    for c in range(width):
        for w, _ in words:
            if c < len(w) and w[-1 - c] not in seen:
                seen.append(w[-1 - c])
    if len(seen) > 10:
        raise EquationError(f"{len(seen)} different letters, but there are only 10 digits")
    leading = frozenset(w[0] for w, _ in words if len(w) > 1)
    return Alphametic(equation=" ".join(text.split()), words=tuple(words), letters=tuple(seen),
                      leading=leading, title=title)


def load(config: Config) -> Alphametic:
    equation = config.get("puzzle.equation", str)
    try:
        return parse(equation, config.title)
    except EquationError as exc:
        raise config.error("puzzle.equation", str(exc)) from None


# ------------------------------------------------------------------ column-wise search


def search(puzzle: Alphametic, stats: dict[str, int] | None = None,
           limits: Limits | None = None) -> Iterator[dict[str, int]]:
    """Every assignment letter -> digit that makes the equation true (``limits``: at
    most ``--max-states`` digits tried, then it stops).  ``stats["nodes"]`` counts the
    digits tried so far: set before each assignment is given, and at the end."""
    letters = puzzle.letters
    index = {ch: i for i, ch in enumerate(letters)}
    width = max(len(w) for w, _ in puzzle.words)
    # per column: (letters new in this column with their coefficients, old letters' ones)
    plan: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = []
    assigned: set[int] = set()
    for c in range(width):
        coef: dict[int, int] = {}
        for w, s in puzzle.words:
            if c < len(w):
                li = index[w[-1 - c]]
                coef[li] = coef.get(li, 0) + s
        new = [(li, k) for li, k in coef.items() if li not in assigned]
        new.sort(key=lambda item: item[0])
        old = [(li, k) for li, k in coef.items() if li in assigned and k]
        assigned.update(li for li, _ in new)
        plan.append((new, old))
    nonzero = [ch in puzzle.leading for ch in letters]
    value = [-1] * len(letters)
    used = [False] * 10
    nodes = 0

    def column(c: int, carry: int) -> Iterator[dict[str, int]]:
        if c == width:
            if carry == 0:
                if stats is not None:
                    stats["nodes"] = nodes
                yield {ch: value[i] for i, ch in enumerate(letters)}
            return
        new, old = plan[c]
        s = carry + sum(k * value[li] for li, k in old)
        yield from choose(c, new, 0, s)

    def tried() -> bool:
        """Count one more digit tried; False when ``--max-states`` leaves no room."""
        nonlocal nodes
        if limits is not None:
            if limits.room(1) == 0:
                limits.stop(what="digit tried")
                return False
            limits.spend(1)
        nodes += 1
        return True

    def choose(c: int, new: list[tuple[int, int]], j: int, s: int) -> Iterator[dict[str, int]]:
        if limits is not None and limits.reached:
            return
        if j == len(new):
            if s % 10 == 0:
                yield from column(c + 1, s // 10)
            return
        li, k = new[j]
        low = 1 if nonzero[li] else 0
        if j == len(new) - 1 and k % 10 in _INVERSE:
            d = (-s * _INVERSE[k % 10]) % 10
            if d >= low and not used[d] and tried():
                value[li] = d
                used[d] = True
                yield from column(c + 1, (s + k * d) // 10)
                used[d] = False
            return
        for d in range(low, 10):
            if used[d]:
                continue
            if not tried():
                return
            value[li] = d
            used[d] = True
            yield from choose(c, new, j + 1, s + k * d)
            used[d] = False

    yield from column(0, 0)
    if stats is not None:
        stats["nodes"] = nodes


# ------------------------------------------------------------------ family interface


def solve(puzzle: Alphametic, options: SolveOptions) -> Iterator[Event]:
    watch = Stopwatch()     # pure Python: nothing to load, it is all search
    yield Header(puzzle="alphametic", fields={"equation": puzzle.equation},
                 title=puzzle.title or puzzle.equation,
                 solver={"algorithm": "column-wise search with carries",
                         "program": "puzzlereel"})
    stats: dict[str, Any] = {}
    limits = Limits.of(options)
    found: list[SolutionFound] = []      # the search's events come first: kept till it ends
    found_at: list[int] = []
    for assignment in watch.timed(search(puzzle, stats, limits)):
        found.append(SolutionFound(k=len(found) + 1, text=puzzle.substitute(assignment),
                              assignment={ch: assignment[ch] for ch in sorted(assignment)}))
        found_at.append(stats["nodes"])
    nodes = stats.get("nodes", 0)
    if options.search_events:   # a candidate: a digit tried for a letter
        yield from found_events(found_at, nodes)
    yield from found
    k = len(found)
    stats.update(solutions=k, candidates=nodes, **watch.stats())
    if limits.reached:
        stats["limit"] = limits.so_far(k)
        yield End(status="limit", stats=stats)
        return
    if not k:
        stats["reason"] = "no assignment of digits works"
    yield End(status="solved" if k else "unsolvable", stats=stats)


def analyze(puzzle: Alphametic, options: SolveOptions) -> Analysis:
    watch = Stopwatch()
    stats: dict[str, int] = {}
    limits = Limits.of(options)
    with watch.searching():
        found = [puzzle.substitute(a) for a in search(puzzle, stats, limits)]
    out: Analysis = {"equation": puzzle.equation, "letters": "".join(sorted(puzzle.letters)),
                     "solutions": len(found), "found": found[:100],
                     "nodes": stats.get("nodes", 0), **watch.stats()}
    if limits.reached:
        out.update(status="limit", limit=limits.so_far(len(found)))
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    return None


SOLVER: Solver[Alphametic] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
