"""The compiled Mastermind loops (numba, cached in the user cache folder): the table of
answers between every pair of codes, and the best next guess by the worst or the
expected size of what each answer would leave.
"""

from __future__ import annotations

import numpy as np

from puzzlereel.solvers.jit import njit


@njit(cache=True)
def answer_table(codes: np.ndarray, counts: np.ndarray,
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
def best_guess(table: np.ndarray, remaining: np.ndarray, scoring: int,
                win: int) -> int:  # pragma: no cover - numba
    """scoring 0: minimax (largest part), 1: expected size (sum of squared parts)."""
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
            if scoring == 0:
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


__all__ = ["answer_table", "best_guess"]
