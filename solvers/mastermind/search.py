"""Playing Mastermind: every code of the game, the answers to a guess, the strategies'
choice of the next guess (with the compiled kernel), one game against a secret and the
whole decision tree over every secret.  ``solve`` and ``analyze`` are the family's
interface; ``narrowing`` is the game's search events (the codes each answer leaves).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

import numpy as np

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.rules.mastermind import every_code
from puzzlereel.trace import End, Event, Guess, Header, Search
from puzzlereel.trace.search import merged, step_events

from ..base import Analysis, Series, SolveOptions
from ..limits import Limits
from ..stopwatch import Stopwatch
from .config import STRATEGIES, Mastermind, code_count


def kernel() -> ModuleType:
    """The compiled loops (importing them loads numba)."""
    from . import kernel as compiled

    return compiled


def prepare(puzzle: Mastermind, strategy: str, limits: Limits | None = None) -> Codes | None:
    """Every code of the game and, for the strategies that need it, the table of answers
    between every pair (its compiled code loaded first): what the search starts from;
    None when that does not fit the memory budget of ``limits``."""
    n = code_count(puzzle.symbols, puzzle.length, puzzle.repeats)
    stored = n * (puzzle.length + puzzle.symbols + 8) + (n * n if strategy != "simple" else 0)
    if limits is not None and not limits.fits(stored, what="code"):
        return None
    codes = Codes(puzzle.symbols, puzzle.length, puzzle.repeats)
    if strategy != "simple":
        from puzzlereel.solvers.jit import preload

        k = kernel()
        codes.table()
        preload(k.best_guess, codes.table(), np.arange(2, dtype=np.int64), 0, codes.win)
    return codes


class Codes:
    """All codes of a game, in lexicographic order, with their symbol counts."""

    def __init__(self, symbols: int, length: int, repeats: bool) -> None:
        self.symbols = symbols
        self.length = length
        self.repeats = repeats
        # every code in lexicographic order (without repeats: those whose symbols are
        # all different), as the rules replay them
        self.codes = every_code(symbols, length, repeats)
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
            self._table = kernel().answer_table(self.codes, self.counts, self.radix)
        return self._table

    def split(self, answer: int) -> tuple[int, int]:
        return divmod(answer, self.radix)


def choose(codes: Codes, remaining: np.ndarray, strategy: str) -> int:
    """The next guess (an index into ``codes``) given the codes still possible."""
    if strategy == "simple" or len(remaining) <= 2:
        return int(remaining[0])
    scoring = 0 if strategy == "minimax" else 1
    return int(kernel().best_guess(codes.table(), remaining.astype(np.int64), scoring, codes.win))


def scored(codes: Codes, remaining: np.ndarray, strategy: str) -> int:
    """The answers ``choose`` and the split after it look at: every code still possible
    against every code for the strategies that weigh each guess, else once each."""
    weighs = strategy != "simple" and len(remaining) > 2
    return len(remaining) * (codes.n + 1 if weighs else 1)


def afford(limits: Limits | None, cost: int) -> bool:
    """Whether ``--max-states`` leaves room for ``cost`` answers more (spent if so)."""
    if limits is None:
        return True
    if limits.room(cost) < cost:
        limits.stop(what="answer")
        return False
    limits.spend(cost, what="answer")
    return True


def play(codes: Codes, secret: int, strategy: str,
         limits: Limits | None = None) -> Iterator[tuple[int, int, int]]:
    """(guess, answer, codes still possible after it) until the secret is found, or
    until ``limits`` leave no room for the next guess."""
    remaining = np.arange(codes.n, dtype=np.int64)
    while True:
        if not afford(limits, scored(codes, remaining, strategy)):
            return
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
    strategy = options.algorithm or puzzle.strategy
    if strategy not in STRATEGIES:
        assert puzzle.config is not None
        raise puzzle.config.error("solve.strategy", f"unknown strategy {strategy!r} (known: "
                                  + ", ".join(STRATEGIES) + ")")
    watch = Stopwatch()
    limits = Limits.of(options)
    with watch.loading(options.progress, "loading compiled code, listing the codes"):
        codes = prepare(puzzle, strategy, limits)
    game = []
    if codes is not None:
        with watch.searching():
            game = list(play(codes, codes.index(puzzle.secret), strategy, limits))
    yield header(puzzle, strategy, moves=len(game))
    if codes is not None and game and options.search_events:
        yield from narrowing(codes, game)
    n = 0
    for guess, answer, left in game:
        assert codes is not None
        n += 1
        bulls, cows = codes.split(answer)
        yield Guess(n=n, code=tuple(int(x) for x in codes.codes[guess]), bulls=bulls,
                    cows=cows, remaining=left)
    if codes is None or limits.reached:
        yield End(status="limit", stats={"guesses": n, "answers": limits.states,
                                         "limit": limits.so_far(n, "guess"),
                                         **watch.stats()})
        return
    yield End(status="solved", stats={"guesses": n, "codes": codes.n, **watch.stats()})


def narrowing(codes: Codes, game: list[tuple[int, int, int]]) -> list[Search]:
    """The game's search events: one ``candidates`` step per guess, testing the codes
    still possible before it against its answer and accepting those that agree."""
    before = [codes.n] + [left for _, _, left in game[:-1]]
    return merged(step_events((b, left) for b, (_, _, left) in zip(before, game,
                                                                    strict=True)))


def all_secrets(codes: Codes, strategy: str, progress: Progress = no_progress,
                limits: Limits | None = None) -> dict[int, int]:
    """Guesses needed for every secret (secret index -> guesses), by walking the
    strategy's decision tree once: the next guess depends only on the codes still
    possible.  With ``limits``, the secrets done when they leave no room."""
    result: dict[int, int] = {}
    stack: list[tuple[np.ndarray, int]] = [(np.arange(codes.n, dtype=np.int64), 1)]
    while stack:
        remaining, depth = stack.pop()
        if not afford(limits, scored(codes, remaining, strategy)):
            break
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
    strategy = options.algorithm or puzzle.strategy
    if strategy not in STRATEGIES:
        assert puzzle.config is not None
        raise puzzle.config.error("solve.strategy", f"unknown strategy {strategy!r}")
    watch = Stopwatch()
    limits = Limits.of(options)
    with watch.loading(options.progress, "loading compiled code, listing the codes"):
        codes = prepare(puzzle, strategy, limits)
    if codes is None:
        return {"strategy": strategy, "secrets": 0, "status": "limit",
                "limit": limits.why, **watch.stats()}
    with watch.searching():
        guesses = all_secrets(codes, strategy, options.progress, limits)
        first = choose(codes, np.arange(codes.n, dtype=np.int64), strategy)
    if limits.reached:
        return {"strategy": strategy, "secrets": len(guesses), "status": "limit",
                "limit": f"{limits.why} ({len(guesses):,} of {codes.n:,} secrets played)",
                "total_guesses": sum(guesses.values()), **watch.stats()}
    total = sum(guesses.values())
    hist: dict[int, int] = {}
    for g in guesses.values():
        hist[g] = hist.get(g, 0) + 1
    worst = max(guesses.values())
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
        **watch.stats(),
    }


def plot_series(result: Mapping[str, Any]) -> Series | None:
    hist = result.get("histogram")
    if not hist:
        return None
    return Series(title=f"Mastermind, {result['strategy']} strategy: average "
                  f"{result['average']}, max {result['max']} over {result['secrets']} secrets",
                  xlabel="guesses", ylabel="secrets",
                  points=[(int(k), int(v)) for k, v in hist.items()])
