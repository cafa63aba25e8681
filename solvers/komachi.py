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

from puzzlereel.config import Config
from puzzlereel.trace import End, Event, Header, Solution
from puzzlereel.trace.search import found_events

from .base import Analysis, Series, SolveOptions, Solver, Stopwatch

OPERATORS = ("+", "-", "*", "/")
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
        if op not in OPERATORS:
            raise config.error("puzzle.operators", f"unknown operator {op!r} (known: "
                               + " ".join(OPERATORS) + ")")
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


def evaluate_all(puzzle: Komachi) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(numerators, denominators, valid) for every expression, in lexicographic order.

    The expressions are grown one digit at a time, breadth first, so that the partial
    values are shared between all expressions with the same beginning (M. Hiroi's
    depth-first generator in 「生成検定法」, done for a whole level at once).  Expression
    ``i`` chooses ``puzzle.choices[_decode(i)...]``.  Rows with a number that starts
    with 0 (like ``05``) or a division by zero are not valid.
    """
    digits = puzzle.digits
    choices = puzzle.choices
    i64 = np.int64
    cur = np.array([digits[0]], dtype=i64)
    valid = np.ones(1, dtype=bool)
    zero_start = np.array([digits[0] == 0])
    sign = np.ones(1, dtype=i64)
    if "*" not in choices and "/" not in choices:
        # sums only: a running total, the sign of the number being built, and the number
        total = np.zeros(1, dtype=i64)
        for d in digits[1:]:
            t_parts, s_parts, c_parts, v_parts, z_parts = [], [], [], [], []
            for ch in choices:
                if ch == "":
                    t_parts.append(total)
                    s_parts.append(sign)
                    c_parts.append(cur * 10 + d)
                    v_parts.append(valid & ~zero_start)
                    z_parts.append(zero_start)
                else:
                    t_parts.append(total + sign * cur)
                    s_parts.append(np.full_like(sign, -1 if ch == "-" else 1))
                    c_parts.append(np.full_like(cur, d))
                    v_parts.append(valid)
                    z_parts.append(np.full_like(zero_start, d == 0))
            total = _interleave(t_parts)
            sign = _interleave(s_parts)
            cur = _interleave(c_parts)
            valid = _interleave(v_parts)
            zero_start = _interleave(z_parts)
        total = total + sign * cur
        return total, np.ones_like(total), valid
    sn = np.zeros(1, dtype=i64)       # completed terms: sn / sd
    sd = np.ones(1, dtype=i64)
    tn = np.ones(1, dtype=i64)        # current term without the number being built
    td = np.ones(1, dtype=i64)
    pend_div = np.zeros(1, dtype=bool)     # the number being built divides the term
    reduce = "/" in choices

    def close_number(tn: np.ndarray, td: np.ndarray, valid: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        tn = np.where(pend_div, tn, tn * cur)
        zero = pend_div & (cur == 0)
        td = np.where(pend_div, np.where(zero, 1, td * cur), td)
        return tn, td, valid & ~zero

    def add_term(tn: np.ndarray, td: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        new_n = sn * td + sign * tn * sd
        new_d = sd * td
        if reduce:
            g = np.gcd(new_n, new_d)
            g[g == 0] = 1
            new_n //= g
            new_d //= g
        return new_n, new_d

    for d in digits[1:]:
        parts: dict[str, list[np.ndarray]] = {k: [] for k in
                                              ("sn", "sd", "tn", "td", "pd", "sg", "cur", "v",
                                               "z")}
        for ch in choices:
            if ch == "":
                vals = (sn, sd, tn, td, pend_div, sign, cur * 10 + d, valid & ~zero_start,
                        zero_start)
            else:
                ctn, ctd, cv = close_number(tn, td, valid)
                if ch in "+-":
                    nsn, nsd = add_term(ctn, ctd)
                    one = np.ones_like(ctn)
                    vals = (nsn, nsd, one, one, np.zeros_like(pend_div),
                            np.full_like(sign, -1 if ch == "-" else 1), np.full_like(cur, d),
                            cv, np.full_like(zero_start, d == 0))
                else:
                    vals = (sn, sd, ctn, ctd, np.full_like(pend_div, ch == "/"), sign,
                            np.full_like(cur, d), cv, np.full_like(zero_start, d == 0))
            for key, arr in zip(parts, vals, strict=False):
                parts[key].append(arr)
        sn, sd, tn, td, pend_div, sign, cur, valid, zero_start = (
            _interleave(parts[k]) for k in parts)
    tn, td, valid = close_number(tn, td, valid)
    sn, sd = add_term(tn, td)
    return sn, sd, valid


def expression_text(puzzle: Komachi, index: int) -> str:
    """Expression number ``index`` as text, e.g. ``1+2+3-4+5+6+78+9``."""
    gaps = len(puzzle.digits) - 1
    out = [str(puzzle.digits[0])]
    for j, ch in enumerate(_decode(index, len(puzzle.choices), gaps)):
        out.append(puzzle.choices[ch])
        out.append(str(puzzle.digits[j + 1]))
    return "".join(out)


def hits(puzzle: Komachi) -> np.ndarray:
    """The numbers (lexicographic order) of the expressions equal to the target."""
    num, den, valid = evaluate_all(puzzle)
    return np.flatnonzero(valid & (num == puzzle.target * den))


def solutions(puzzle: Komachi) -> list[str]:
    """Every expression equal to the target, as text like ``1+2+3-4+5+6+78+9``."""
    return [expression_text(puzzle, int(i)) for i in hits(puzzle)]


# ------------------------------------------------------------------ family interface


def solve(puzzle: Komachi, options: SolveOptions) -> Iterator[Event]:
    watch = Stopwatch()     # pure numpy: nothing to load, it is all search
    with watch.searching():
        found_at = hits(puzzle)
        found = [expression_text(puzzle, int(i)) for i in found_at]
    tested = len(puzzle.choices) ** (len(puzzle.digits) - 1)
    yield Header(puzzle="komachi",
                 fields={"target": puzzle.target, "digits": list(puzzle.digits),
                         "operators": list(puzzle.operators), "join": puzzle.join},
                 title=puzzle.title or f"Komachi: {puzzle.target}",
                 solver={"algorithm": "generate and test (vectorised)",
                         "program": "puzzlereel"})
    if options.search_events:   # the expressions are tested in lexicographic order
        yield from found_events((int(i) + 1 for i in found_at), tested)
    for k, text in enumerate(found, 1):
        yield Solution(k=k, text=f"{text}={puzzle.target}")
    stats: dict[str, Any] = {"solutions": len(found), "expressions": tested,
                             "candidates": tested, **watch.stats()}
    if not found:
        stats["reason"] = "no expression has that value"
    yield End(status="solved" if found else "unsolvable", stats=stats)


def analyze(puzzle: Komachi, options: SolveOptions) -> Analysis:
    watch = Stopwatch()
    with watch.searching():
        num, den, valid = evaluate_all(puzzle)
    hit = valid & (num == puzzle.target * den)
    ints = valid & (den == 1)
    lo = max(0, puzzle.target - 100)
    hi = puzzle.target + 100
    vals = num[ints & (num >= lo) & (num <= hi)]
    counts = np.bincount((vals - lo).astype(np.int64), minlength=hi - lo + 1)
    return {
        "target": puzzle.target,
        "solutions": int(hit.sum()),
        "expressions": len(num),
        "valid_expressions": int(valid.sum()),
        "solutions_by_target": {str(lo + i): int(c) for i, c in enumerate(counts)},
        **watch.stats(),
    }


def plot_series(result: Mapping[str, Any]) -> Series | None:
    by = result.get("solutions_by_target")
    if not by:
        return None
    return Series(title=f"komachi: solutions for each target near {result['target']}",
                  xlabel="target", ylabel="solutions",
                  points=[(int(k), int(v)) for k, v in by.items()])


SOLVER: Solver[Komachi] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
