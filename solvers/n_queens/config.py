"""Reading an N-Queens config: the board size and how much of the search to record.

Config::

    [puzzle]
    type = "n-queens"
    n = 8
    [solve]
    steps = "first"       # "none" (default), "first" (until the first solution) or "all"
    max_steps = 20000     # stop recording place/remove after this many (solutions continue)
    max_solutions = 0     # 0 = every solution in the trace
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlereel.ground.config import Config

MAX_SOLVED_N = 20          # counting n = 20 takes hours; larger boards are refused
MAX_LIST_N = 14     # listing every solution in a trace stops here (365,596 at 14)
STEPS_CHOICES = ("none", "first", "all")


@dataclass(frozen=True)
class NQueens:
    n: int
    steps: str = "none"
    max_steps: int = 20000
    max_solutions: int = 0
    title: str | None = None


def load(config: Config) -> NQueens:
    n = config.get("puzzle.n", int)
    if not 1 <= n <= MAX_SOLVED_N:
        raise config.error("puzzle.n", f"n must be between 1 and {MAX_SOLVED_N}, got {n}")
    steps = config.get("solve.steps", str, "none", choices=STEPS_CHOICES)
    max_steps = config.get("solve.max_steps", int, 20000)
    if max_steps < 0:
        raise config.error("solve.max_steps", f"must be >= 0, got {max_steps}")
    max_solutions = config.get("solve.max_solutions", int, 0)
    if max_solutions < 0:
        raise config.error("solve.max_solutions", f"must be >= 0, got {max_solutions}")
    if n > MAX_LIST_N and max_solutions == 0:
        raise config.error("puzzle.n", f"n = {n} has too many solutions to list in a trace; "
                           "set [solve] max_solutions, or use `analyze` to count them")
    return NQueens(n=n, steps=steps, max_steps=max_steps, max_solutions=max_solutions,
                   title=config.title)


__all__ = ["MAX_LIST_N", "MAX_SOLVED_N", "NQueens", "STEPS_CHOICES", "load"]
