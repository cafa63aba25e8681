"""Reading a Mastermind config: the code space (symbols, length, repeats), the secret and
the strategy.

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

from dataclasses import dataclass, field

from puzzlereel.ground.config import Config
from puzzlereel.registry import FAMILIES

STRATEGIES = FAMILIES["mastermind"].algorithms   # declared in its registry row
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
    symbols, length, repeats = _code_space(config)
    n = code_count(symbols, length, repeats)
    if n > MAX_CODES:
        raise config.error("puzzle.length", f"{n:,} possible codes; at most {MAX_CODES:,} "
                           "are supported")
    secret = _secret(config, symbols, length, repeats)
    strategy = _strategy(config, n)
    return Mastermind(symbols=symbols, length=length, repeats=repeats, secret=secret,
                      strategy=strategy, title=config.title, config=config)


def _code_space(config: Config) -> tuple[int, int, bool]:
    """``[puzzle] symbols``, ``length`` and ``repeats``, checked together."""
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
    return symbols, length, repeats


def _secret(config: Config, symbols: int, length: int, repeats: bool
            ) -> tuple[int, ...] | None:
    """``[puzzle] secret`` (a list of symbols or a string of digits), a code of the space;
    None when not given."""
    raw = config.get("puzzle.secret", (list, str), None)
    if raw is None:
        return None
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
    return tuple(raw)


def _strategy(config: Config, n: int) -> str:
    """``[solve] strategy`` (else ``[solve] algorithm``), one the ``n`` codes allow."""
    strategy = config.get("solve.strategy", str, None, choices=STRATEGIES)
    if strategy is None:
        strategy = config.get("solve.algorithm", str, "expected", choices=STRATEGIES)
    if strategy != "simple" and n > MAX_TABLE:
        raise config.error("solve.strategy", f"{strategy!r} needs a table of every pair of "
                           f"codes; {n:,} codes is too many (at most {MAX_TABLE:,}); "
                           "use strategy = \"simple\"")
    return strategy


__all__ = ["MAX_CODES", "MAX_TABLE", "STRATEGIES", "Mastermind", "code_count", "load"]
