"""Mastermind (bulls and cows): find a secret code from the answers to guesses.

Every possible code is generated; after each answer only the codes that would have
given the same answers stay possible (generate and test).  Strategies choose the next
guess:

- ``simple`` (the seed article's): the first possible code in lexicographic order;
- ``minimax`` (Knuth): the guess whose worst answer leaves the fewest codes;
- ``expected`` (default): the guess that leaves the fewest codes on average
  (smallest sum of squared partition sizes).

``minimax`` and ``expected`` consider every code as a guess, prefer one that is still
possible, then the lowest.  The answer to a guess is (bulls, cows): bulls are symbols in
the right place, cows right symbols in the wrong place.  The pairwise answer table and the
partition counting are compiled loops (numba, cached).

Config::

    [puzzle]
    type = "mastermind"
    symbols = 10          # symbols 0..symbols-1
    length = 4
    repeats = false
    secret = [9, 4, 3, 1] # needed by `solve`; `analyze` plays every secret
    [solve]
    strategy = "expected" # or "minimax", "simple"
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from puzzlereel.config import Config
from puzzlereel.progress import Progress, no_progress
from puzzlereel.solvers.jit import njit
from puzzlereel.trace import End, Event, Guess, Header

from .base import Analysis, Series, SolveOptions, Solver

STRATEGIES = ("expected", "minimax", "simple")
MAX_CODES = 200_000        # codes the simple strategy can walk
MAX_TABLE = 12_000         # codes for which the pairwise answer table is built (n^2 bytes)


@dataclass(frozen=True)
class Mastermind:
    symbols: int = 10
    length: int = 4
    repeats: bool = False
    secret: tuple[int, ...] | None = None
    strategy: str = "expected"
    title: str | None = None
    config: Config | None = field(default=None, compare=False, repr=False)


def code_count(symbols: int, length: int, repeats: bool) -> int:
    if repeats:
        return int(symbols ** length)
    out = 1
    for i in range(length):
        out *= symbols - i
    return out


def load(config: Config) -> Mastermind:
    symbols = config.get("puzzle.symbols", int, 10)
    if not 2 <= symbols <= 36:
        raise config.error("puzzle.symbols", f"between 2 and 36 symbols, got {symbols}")
    length = config.get("puzzle.length", int, 4)
    if not 1 <= length <= 10:
        raise config.error("puzzle.length", f"codes of 1 to 10 places, got {length}")
    repeats = config.get("puzzle.repeats", bool, False)
    if not repeats and length > symbols:
        raise config.error("puzzle.length", f"{length} places without repeats need at least "
                           f"{length} symbols, there are {symbols}")
    n = code_count(symbols, length, repeats)
    if n > MAX_CODES:
        raise config.error("puzzle.length", f"{n:,} possible codes; at most {MAX_CODES:,} "
                           "are supported")
    secret = None
    raw = config.get("puzzle.secret", (list, str), None)
    if raw is not None:
        if isinstance(raw, str):
            if not raw.isdigit():
                raise config.error("puzzle.secret", f"expected digits, got {raw!r}")
            raw = [int(ch) for ch in raw]
        if any(isinstance(x, bool) or not isinstance(x, int) for x in raw):
            raise config.error("puzzle.secret", f"expected a list of integers, got {raw!r}")
        if len(raw) != length:
            raise config.error("puzzle.secret", f"{len(raw)} symbols, codes have {length}")
        bad = [x for x in raw if not 0 <= x < symbols]
        if bad:
            raise config.error("puzzle.secret", f"symbol {bad[0]} is not in 0..{symbols - 1}")
        if not repeats and len(set(raw)) != len(raw):
            raise config.error("puzzle.secret", f"{raw} repeats a symbol (repeats = false)")
        secret = tuple(raw)
    strategy = config.get("solve.strategy", str, None, choices=STRATEGIES)
    if strategy is None:
        strategy = config.get("solve.algorithm", str, "expected", choices=STRATEGIES)
    if strategy != "simple" and n > MAX_TABLE:
        raise config.error("solve.strategy", f"{strategy!r} needs a table of every pair of "
                           f"codes; {n:,} codes is too many (at most {MAX_TABLE:,}); "
                           "use strategy = \"simple\"")
    return Mastermind(symbols=symbols, length=length, repeats=repeats, secret=secret,
                      strategy=strategy, title=config.title, config=config)


# ------------------------------------------------------------------ codes and answers


class Codes:
    """All codes of a game, in lexicographic order, with their symbol counts."""

    def __init__(self, symbols: int, length: int, repeats: bool) -> None:
        self.symbols = symbols
        self.length = length
        self.repeats = repeats
        # every row of symbols^length in lexicographic order; without repeats keep the
        # rows whose symbols are all different (the order stays lexicographic)
        grid = np.indices((symbols,) * length, dtype=np.int8).reshape(length, -1).T
        if not repeats:
            keep = np.ones(len(grid), dtype=bool)
            for a in range(length):
                for b in range(a + 1, length):
                    keep &= grid[:, a] != grid[:, b]
            grid = grid[keep]
        self.codes = np.ascontiguousarray(grid)
        self.n = len(self.codes)
        self._counts: np.ndarray | None = None
        # without repeats the common symbols of two codes are the bits their symbol sets share
        self.sets: np.ndarray | None = None
        if not repeats:
            wide = self.codes.astype(np.int64)
            sets = np.left_shift(1, wide[:, 0])
            for p in range(1, length):
                sets |= np.left_shift(1, wide[:, p])
            self.sets = sets
        self.radix = length + 1
        self.win = length * self.radix
        self._table: np.ndarray | None = None

    @property
    def counts(self) -> np.ndarray:
        """How many times each symbol occurs in each code (codes x symbols)."""
        if self._counts is None:
            counts = np.zeros((self.n, self.symbols), dtype=np.int8)
            rows = np.arange(self.n)
            for p in range(self.length):
                counts[rows, self.codes[:, p]] += 1
            self._counts = counts
        return self._counts

    def index(self, code: tuple[int, ...]) -> int:
        """Position of ``code`` in the lexicographic order."""
        idx = 0
        if self.repeats:
            for x in code:
                idx = idx * self.symbols + x
            return idx
        used: list[int] = []
        for i, x in enumerate(code):
            smaller = x - sum(1 for u in used if u < x)
            block = code_count(self.symbols - i - 1, self.length - i - 1, False)
            idx += smaller * block
            used.append(x)
        return idx

    def answers(self, guess: int, among: np.ndarray) -> np.ndarray:
        """Encoded answers (bulls * (length+1) + cows) of guess ``guess`` to codes ``among``."""
        if self._table is not None:
            return self._table[guess, among]
        g = self.codes[guess]
        sub = self.codes[among]
        bulls = (sub == g).sum(axis=1, dtype=np.uint8)
        if self.sets is not None:
            common = np.bitwise_count(self.sets[among] & self.sets[guess])
        else:
            common = np.minimum(self.counts[among], self.counts[guess]).sum(axis=1,
                                                                           dtype=np.uint8)
        return bulls * np.uint8(self.length) + common.astype(np.uint8)

    def table(self) -> np.ndarray:
        if self._table is None:
            self._table = _answer_table(self.codes, self.counts, self.radix)
        return self._table

    def split(self, answer: int) -> tuple[int, int]:
        return divmod(answer, self.radix)


@njit(cache=True)
def _answer_table(codes: np.ndarray, counts: np.ndarray,
                  radix: int) -> np.ndarray:  # pragma: no cover - numba
    n, length = codes.shape
    symbols = counts.shape[1]
    out = np.empty((n, n), dtype=np.uint8)
    for i in range(n):
        for j in range(i, n):
            bulls = 0
            for p in range(length):
                if codes[i, p] == codes[j, p]:
                    bulls += 1
            common = 0
            for s in range(symbols):
                a = counts[i, s]
                b = counts[j, s]
                common += a if a < b else b
            v = bulls * radix + common - bulls
            out[i, j] = v
            out[j, i] = v
    return out


@njit(cache=True)
def _best_guess(table: np.ndarray, remaining: np.ndarray, kind: int,
                win: int) -> int:  # pragma: no cover - numba
    """kind 0: minimax (largest part), 1: expected size (sum of squared parts)."""
    n = table.shape[0]
    counts = np.zeros(win + 1, dtype=np.int64)
    best = -1
    best_key = 0
    best_possible = False
    for g in range(n):
        counts[:] = 0
        for r in remaining:
            counts[table[g, r]] += 1
        key = 0
        for i in range(counts.shape[0]):
            c = int(counts[i])
            if kind == 0:
                if c > key:
                    key = c
            else:
                key += c * c
        possible = counts[win] > 0
        if best < 0 or key < best_key or (key == best_key and possible and not best_possible):
            best = g
            best_key = key
            best_possible = possible
    return best


def choose(codes: Codes, remaining: np.ndarray, strategy: str) -> int:
    """The next guess (an index into ``codes``) given the codes still possible."""
    if strategy == "simple" or len(remaining) <= 2:
        return int(remaining[0])
    kind = 0 if strategy == "minimax" else 1
    return int(_best_guess(codes.table(), remaining.astype(np.int64), kind, codes.win))


def play(codes: Codes, secret: int, strategy: str) -> Iterator[tuple[int, int, int]]:
    """(guess, answer, codes still possible after it) until the secret is found."""
    remaining = np.arange(codes.n, dtype=np.int64)
    while True:
        guess = choose(codes, remaining, strategy)
        row = codes.answers(guess, remaining)
        # the secret is always among the codes still possible
        answer = int(row[np.searchsorted(remaining, secret)])
        remaining = remaining[row == answer]
        yield guess, answer, len(remaining)
        if answer == codes.win:
            return
        if len(remaining) == 0:  # pragma: no cover - answers come from a real secret
            raise AssertionError("no code is consistent with the answers")


# ------------------------------------------------------------------ family interface


def header(puzzle: Mastermind, strategy: str, moves: int | None = None) -> Header:
    fields: dict[str, Any] = {"symbols": puzzle.symbols, "length": puzzle.length,
                              "repeats": puzzle.repeats}
    if puzzle.secret is not None:
        fields["secret"] = list(puzzle.secret)
    if moves is not None:
        fields["moves"] = moves          # the number of guesses (the renderer's counter)
    return Header(puzzle="mastermind", fields=fields, title=puzzle.title or "Mastermind",
                  solver={"algorithm": strategy, "program": "puzzlereel"})


def solve(puzzle: Mastermind, options: SolveOptions) -> Iterator[Event]:
    if puzzle.secret is None:
        assert puzzle.config is not None
        raise puzzle.config.error("puzzle.secret", "missing: `solve` needs the secret code "
                                  "(`analyze` plays every secret)")
    t0 = time.perf_counter()
    strategy = options.algorithm or puzzle.strategy
    if strategy not in STRATEGIES:
        assert puzzle.config is not None
        raise puzzle.config.error("solve.strategy", f"unknown strategy {strategy!r} (known: "
                                  + ", ".join(STRATEGIES) + ")")
    codes = Codes(puzzle.symbols, puzzle.length, puzzle.repeats)
    game = list(play(codes, codes.index(puzzle.secret), strategy))
    yield header(puzzle, strategy, moves=len(game))
    n = 0
    for guess, answer, left in game:
        n += 1
        bulls, cows = codes.split(answer)
        yield Guess(n=n, code=tuple(int(x) for x in codes.codes[guess]), bulls=bulls,
                    cows=cows, remaining=left)
    yield End(status="solved", stats={"guesses": n, "codes": codes.n,
                                      "seconds": round(time.perf_counter() - t0, 4)})


def all_secrets(codes: Codes, strategy: str, progress: Progress = no_progress) -> dict[int, int]:
    """Guesses needed for every secret (secret index -> guesses), by walking the
    strategy's decision tree once: the next guess depends only on the codes still possible."""
    result: dict[int, int] = {}
    stack: list[tuple[np.ndarray, int]] = [(np.arange(codes.n, dtype=np.int64), 1)]
    while stack:
        remaining, depth = stack.pop()
        guess = choose(codes, remaining, strategy)
        row = codes.answers(guess, remaining)
        order = np.argsort(row, kind="stable")
        values, starts = np.unique(row[order], return_index=True)
        ends = list(starts[1:]) + [len(order)]
        for v, a, b in zip(values, starts, ends, strict=False):
            part = remaining[np.sort(order[a:b])]
            if int(v) == codes.win:
                result[int(part[0])] = depth
            else:
                stack.append((part, depth + 1))
        progress(f"{strategy} strategy", len(result), codes.n)
    return result


def analyze(puzzle: Mastermind, options: SolveOptions) -> Analysis:
    t0 = time.perf_counter()
    strategy = options.algorithm or puzzle.strategy
    if strategy not in STRATEGIES:
        assert puzzle.config is not None
        raise puzzle.config.error("solve.strategy", f"unknown strategy {strategy!r}")
    codes = Codes(puzzle.symbols, puzzle.length, puzzle.repeats)
    guesses = all_secrets(codes, strategy, options.progress)
    total = sum(guesses.values())
    hist: dict[int, int] = {}
    for g in guesses.values():
        hist[g] = hist.get(g, 0) + 1
    worst = max(guesses.values())
    first = choose(codes, np.arange(codes.n, dtype=np.int64), strategy)
    return {
        "strategy": strategy,
        "secrets": codes.n,
        "total_guesses": total,
        "average": round(total / codes.n, 4),
        "max": worst,
        "histogram": {str(k): hist[k] for k in sorted(hist)},
        "first_guess": [int(x) for x in codes.codes[first]],
        "hardest": [[int(x) for x in codes.codes[s]] for s in sorted(guesses)
                    if guesses[s] == worst][:20],
        "seconds": round(time.perf_counter() - t0, 3),
    }


def plot_series(result: Mapping[str, Any]) -> Series | None:
    hist = result.get("histogram")
    if not hist:
        return None
    return Series(title=f"Mastermind, {result['strategy']} strategy: average "
                  f"{result['average']}, max {result['max']} over {result['secrets']} secrets",
                  xlabel="guesses", ylabel="secrets",
                  points=[(int(k), int(v)) for k, v in hist.items()])


SOLVER: Solver[Mastermind] = Solver(solve=solve, analyze=analyze, plot_series=plot_series)
