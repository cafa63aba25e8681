"""The solvers: one module per puzzle family, all reached through ``family(name)``.

Each family reads its config, searches for an optimal solution and yields trace events
(``puzzlereel.trace``); none of them prints or writes files.
"""

from __future__ import annotations

import importlib
from typing import cast

from .base import Family
from .config import Config, ConfigError, load_config

# puzzle type (config `[puzzle] type`, trace `puzzle`) -> module
FAMILIES: dict[str, str] = {
    "sliding-block": "puzzlereel.solvers.sliding_block",
    "sliding-tile": "puzzlereel.solvers.sliding_tile",
    "komachi": "puzzlereel.solvers.komachi",
    "oomachi": "puzzlereel.solvers.oomachi",
    "alphametic": "puzzlereel.solvers.alphametic",
    "n-queens": "puzzlereel.solvers.n_queens",
    "mastermind": "puzzlereel.solvers.mastermind",
    "peg-solitaire": "puzzlereel.solvers.peg_solitaire",
}


def family(config: Config) -> Family:
    """The family module for ``config``'s ``[puzzle] type``, or ``ConfigError``."""
    kind = config.puzzle_type
    module = FAMILIES.get(kind)
    if module is None:
        raise config.error("puzzle.type", f"unknown puzzle type {kind!r} (known: "
                           + ", ".join(sorted(FAMILIES)) + ")")
    return cast(Family, importlib.import_module(module))


__all__ = ["FAMILIES", "Config", "ConfigError", "family", "load_config"]
