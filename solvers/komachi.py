"""Komachi arithmetic: put operators between digits in order so that the sum hits a target.

The classic puzzle: 1 2 3 4 5 6 7 8 9 with ``+`` and ``-`` between them (neighbouring
digits may also be joined into one number) so that the value is 100; there are 11 ways.
Every choice of operators is generated and tested, all at once: the expressions are the
rows of a numpy array, evaluated left to right with ``*`` and ``/`` binding tighter than
``+`` and ``-``, exactly (fractions as integer numerator/denominator pairs).  No text is
ever evaluated.

Config::

    [puzzle]
    type = "komachi"
    target = 100
    digits = [1, 2, 3, 4, 5, 6, 7, 8, 9]   # default
    operators = ["+", "-"]                  # any of + - * /
    join = true                             # neighbouring digits may form one number
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from puzzlereel.ground.config import Config
from puzzlereel.ground.words import count_text
from puzzlereel.trace import End, Event, Header, SolutionFound
from puzzlereel.trace.search import found_events

from .base import Analysis, Series, SolveOptions, Solver
from .limits import Limits
from .stopwatch import Stopwatch

KOMACHI_OPERATORS = ("+", "-", "*", "/")
MAX_EXPRESSIONS = 5 ** 9        # 9 gaps, 4 operators and joining: ~2 million rows


@dataclass(frozen=True)
class Komachi:
    target: int = 100
    digits: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    operators: tuple[str, ...] = ("+", "-")
    join: bool = True
    title: str | None = None

    @property
    def choices(self) -> tuple[str, ...]:
        """What may stand between two digits, in the order solutions are listed."""
        return self.operators + (("",) if self.join else ())


def load(config: Config) -> Komachi:
    target = config.get("puzzle.target", int, 100)
    digits = config.get("puzzle.digits", (list, str), [1, 2, 3, 4, 5, 6, 7, 8, 9])
    if isinstance(digits, str):
        if not digits.isdigit() or not digits.isascii():
            raise config.error("puzzle.digits", f"expected digits, got {digits!r}")
        digits = [int(ch) for ch in digits]
    if any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 9 for d in digits):
        raise config.error("puzzle.digits", f"expected single digits 0-9, got {digits!r}")
    if not 2 <= len(digits) <= 10:
        raise config.error("puzzle.digits", f"between 2 and 10 digits, got {len(digits)}")
    ops = config.get("puzzle.operators", list, ["+", "-"])
    for op in ops:
        if op not in KOMACHI_OPERATORS:
            raise config.error("puzzle.operators", f"unknown operator {op!r} (known: "
                               + " ".join(KOMACHI_OPERATORS) + ")")
    if len(set(ops)) != len(ops) or not ops:
        raise config.error("puzzle.operators", f"expected distinct operators, got {ops!r}")
    join = config.get("puzzle.join", bool, True)
    puzzle = Komachi(target=target, digits=tuple(digits), operators=tuple(ops), join=join,
                     title=config.title)
    count = len(puzzle.choices) ** (len(digits) - 1)
    if count > MAX_EXPRESSIONS:
        raise config.error("puzzle.operators", f"{count:,} expressions to test; at most "
                           f"{MAX_EXPRESSIONS:,} are supported")
    if "/" in ops and len(digits) > 9:
        raise config.error("puzzle.digits", "with '/' at most 9 digits (exact fractions "
                           "must fit in 64-bit integers)")
    return puzzle


# ------------------------------------------------------------------ generate and test


def _decode(index: int, c: int, gaps: int) -> list[int]:
    """The choices of expression ``index`` (first gap most significant, base ``c``)."""
    out = []
    for _ in range(gaps):
        index, r = divmod(index, c)
        out.append(r)
    return out[::-1]


def _interleave(parts: list[np.ndarray]) -> np.ndarray:
    """Children of node i at rows i*c .. i*c+c-1: lexicographic order of the choices."""
    return np.stack(parts, axis=1).reshape(-1)


State = dict[str, np.ndarray]     # the partial expressions of one level, a row each
BYTES_PER_ROW = 320                # what a row of the last level costs, temporaries too
BLOCK_ROWS = 1 << 16               # expressions evaluated at once, at most


def _sums_only(puzzle: Komachi) -> bool:
    return "*" not in puzzle.choices and "/" not in puzzle.choices


def _start(puzzle: Komachi) -> State:
    """The one partial expression of the first digit."""
    d0 = puzzle.digits[0]
    i64 = np.int64
    state = {"cur": np.array([d0], dtype=i64), "valid": np.ones(1, dtype=bool),
             "zero": np.array([d0 == 0]), "sign": np.ones(1, dtype=i64)}
    if _sums_only(puzzle):
        state["total"] = np.zeros(1, dtype=i64)      # a running total
    else:
        state.update(sn=np.zeros(1, dtype=i64), sd=np.ones(1, dtype=i64),  # finished terms
                     tn=np.ones(1, dtype=i64), td=np.ones(1, dtype=i64),   # the term so far
                     div=np.zeros(1, dtype=bool))     # the number being built divides it
    return state


def _closed(s: State) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The current term with the number being built put in: (tn, td, valid)."""
    div, cur = s["div"], s["cur"]
    tn = np.where(div, s["tn"], s["tn"] * cur)
    zero = div & (cur == 0)
    td = np.where(div, np.where(zero, 1, s["td"] * cur), s["td"])
    return tn, td, s["valid"] & ~zero


def _added(s: State, tn: np.ndarray, td: np.ndarray, reduce: bool
           ) -> tuple[np.ndarray, np.ndarray]:
    """The finished terms with the term ``tn / td`` added (signed)."""
    new_n = s["sn"] * td + s["sign"] * tn * s["sd"]
    new_d = s["sd"] * td
    if reduce:
        g = np.gcd(new_n, new_d)
        g[g == 0] = 1
        new_n //= g
        new_d //= g
    return new_n, new_d


def _child(puzzle: Komachi, s: State, ch: str, d: int) -> State:
    """Every partial expression of ``s`` followed by ``ch`` (an operator, or "" to join)
    and the digit ``d``."""
    full = np.full_like
    if ch == "":
        out = dict(s)
        out["cur"] = s["cur"] * 10 + d
        out["valid"] = s["valid"] & ~s["zero"]       # no number may start with 0 (05)
        return out
    common = {"cur": full(s["cur"], d), "zero": full(s["zero"], d == 0)}
    if _sums_only(puzzle):
        return {**common, "total": s["total"] + s["sign"] * s["cur"], "valid": s["valid"],
                "sign": full(s["sign"], -1 if ch == "-" else 1)}
    tn, td, valid = _closed(s)
    if ch in "+-":
        sn, sd = _added(s, tn, td, "/" in puzzle.choices)
        one = np.ones_like(tn)
        return {**common, "sn": sn, "sd": sd, "tn": one, "td": one, "valid": valid,
                "div": np.zeros_like(s["div"]), "sign": full(s["sign"], -1 if ch == "-" else 1)}
    return {**common, "sn": s["sn"], "sd": s["sd"], "tn": tn, "td": td, "valid": valid,
            "div": full(s["div"], ch == "/"), "sign": s["sign"]}


def _grow(puzzle: Komachi, state: State, digits: tuple[int, ...]) -> State:
    """The partial expressions of ``state`` extended by ``digits``, each level breadth
    first: the children of row i at rows i*c .. i*c+c-1, so the order stays
    lexicographic and the rows below a block of rows are a block too."""
    for d in digits:
        children = [_child(puzzle, state, ch, d) for ch in puzzle.choices]
        state = {key: _interleave([child[key] for child in children]) for key in state}
    return state


def _value(puzzle: Komachi, s: State) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(numerators, denominators, valid) of whole expressions."""
    if _sums_only(puzzle):
        total = s["total"] + s["sign"] * s["cur"]
        return total, np.ones_like(total), s["valid"]
    tn, td, valid = _closed(s)
    sn, sd = _added(s, tn, td, "/" in puzzle.choices)
    return sn, sd, valid


def evaluate_blocks(puzzle: Komachi, rows: int = BLOCK_ROWS
                    ) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """(index of the block's first expression, numerators, denominators, valid) of every
    expression, in lexicographic order, a block of at most about ``rows`` expressions at
    a time.

    The expressions are grown one digit at a time, breadth first, so that the partial
    values are shared between all expressions with the same beginning (M. Hiroi's
    depth-first generator in 「生成検定法」, done for a whole level at once).  Expression
    ``i`` chooses ``puzzle.choices[_decode(i)...]``.  Rows with a number that starts
    with 0 (like ``05``) or a division by zero are not valid.
    """
    c = len(puzzle.choices)
    gaps = len(puzzle.digits) - 1
    below = 0                                 # gaps grown a block at a time
    while below < gaps and c ** (below + 1) <= max(1, rows):
        below += 1
    top = _grow(puzzle, _start(puzzle), puzzle.digits[1:gaps - below + 1])
    subtree = c ** below
    parents = max(1, rows // subtree)
    count = len(top["cur"])
    for first in range(0, count, parents):
        block = {key: arr[first:first + parents] for key, arr in top.items()}
        num, den, valid = _value(puzzle, _grow(puzzle, block,
                                               puzzle.digits[gaps - below + 1:]))
        yield first * subtree, num, den, valid
def expression_text(puzzle: Komachi, index: int) -> str:
    """Expression number ``index`` as text, e.g. ``1+2+3-4+5+6+78+9``."""
    gaps = len(puzzle.digits) - 1
    out = [str(puzzle.digits[0])]
    for j, ch in enumerate(_decode(index, len(puzzle.choices), gaps)):
        out.append(puzzle.choices[ch])
        out.append(str(puzzle.digits[j + 1]))
    return "".join(out)


def hits(puzzle: Komachi, limits: Limits | None = None) -> np.ndarray:
    """The numbers (lexicographic order) of the expressions equal to the target, tested
    a block at a time; with ``limits``, the blocks fit the memory budget and the testing
    stops at ``--max-states`` expressions (the hits so far)."""
    rows = BLOCK_ROWS
    if limits is not None:
        rows = min(rows, limits.budget // BYTES_PER_ROW)
        if not limits.fits(len(puzzle.choices) * BYTES_PER_ROW, what="expression"):
            return np.zeros(0, dtype=np.int64)
    found: list[np.ndarray] = []
    for first, num, den, valid in evaluate_blocks(puzzle, rows):
        room = len(num) if limits is None else limits.room(len(num))
        found.append(first + np.flatnonzero((valid & (num == puzzle.target * den))[:room]))
        if limits is not None:
            limits.spend(room, what="expression")
            if room < len(num):
                limits.stop(what="expression")
                break
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def solutions(puzzle: Komachi, limits: Limits | None = None) -> list[str]:
    """Every expression equal to the target, as text like ``1+2+3-4+5+6+78+9`` (with
    ``limits``: those found before they stopped the testing)."""
    return [expression_text(puzzle, int(i)) for i in hits(puzzle, limits)]


# ------------------------------------------------------------------ family interface


def solve(puzzle: Komachi, options: SolveOptions) -> Iterator[Event]:
    watch = Stopwatch()     # pure numpy: nothing to load, it is all search
    limits = Limits.of(options)
    with watch.searching():
        found_at = hits(puzzle, limits)
        found = [expression_text(puzzle, int(i)) for i in found_at]
    every = len(puzzle.choices) ** (len(puzzle.digits) - 1)
    tested = limits.states if limits.reached else every
    yield Header(puzzle="komachi",
                 fields={"target": puzzle.target, "digits": list(puzzle.digits),
                         "operators": list(puzzle.operators), "join": puzzle.join},
                 title=puzzle.title or f"Komachi: {puzzle.target}",
                 solver={"algorithm": "generate and test (vectorised)",
                         "program": "puzzlereel"})
    if options.search_events:   # the expressions are tested in lexicographic order
        yield from found_events((int(i) + 1 for i in found_at), tested)
    for k, text in enumerate(found, 1):
        yield SolutionFound(k=k, text=f"{text}={puzzle.target}")
    stats: dict[str, Any] = {"solutions": len(found), "expressions": every,
                             "candidates": tested, **watch.stats()}
    if limits.reached:
        stats.update(tested=limits.states, limit=limits.so_far(len(found)))
        yield End(status="limit", stats=stats)
        return
    if not found:
        stats["reason"] = "no expression has that value"
    yield End(status="solved" if found else "unsolvable", stats=stats)


def analyze(puzzle: Komachi, options: SolveOptions) -> Analysis:
    """Every expression's value, a block at a time: the solutions, and how many
    expressions give each target near this one (``--max-states``: the expressions
    tested at most; reached, the figures so far, status ``limit``)."""
    watch = Stopwatch()
    limits = Limits.of(options)
    lo = max(0, puzzle.target - 100)
    hi = puzzle.target + 100
    counts = np.zeros(hi - lo + 1, dtype=np.int64)
    solutions = valid_count = tested = 0
    rows = min(BLOCK_ROWS, limits.budget // BYTES_PER_ROW)
    with watch.searching():
        if limits.fits(len(puzzle.choices) * BYTES_PER_ROW, what="expression"):
            for _, num, den, valid in evaluate_blocks(puzzle, rows):
                block = len(num)
                room = limits.room(block)
                num, den, valid = num[:room], den[:room], valid[:room]
                solutions += int((valid & (num == puzzle.target * den)).sum())
                valid_count += int(valid.sum())
                ints = valid & (den == 1)
                vals = num[ints & (num >= lo) & (num <= hi)]
                counts += np.bincount((vals - lo).astype(np.int64), minlength=hi - lo + 1)
                tested += room
                limits.spend(room, what="expression")
                options.progress(f"testing expressions: {count_text(tested)} tested", tested,
                                 None)
                if room < block:
                    limits.stop(what="expression")
                    break
    out: Analysis = {
        "target": puzzle.target,
        "solutions": solutions,
        "expressions": len(puzzle.choices) ** (len(puzzle.digits) - 1),
        "valid_expressions": valid_count,
        "solutions_by_target": {str(lo + i): int(c) for i, c in enumerate(counts)},
        **watch.stats(),
    }
    if limits.reached:
        out.update(status="limit", tested=tested,
                   limit=limits.so_far(solutions))
    return out


def plot_series(result: Mapping[str, Any]) -> Series | None:
    by = result.get("solutions_by_target")
    if not by:
        return None
    return Series(title=f"komachi: solutions for each target near {result['target']}",
                  xlabel="target", ylabel="solutions",
                  points=[(int(k), int(v)) for k, v in by.items()])


SOLVER: Solver[Komachi] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
