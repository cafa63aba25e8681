"""A config read as its family's puzzle: the registry row its ``[puzzle] type`` names,
the family's loader, and the answer its ``[solve] expect_moves`` says a search finds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from puzzlereel.catalog import templates
from puzzlereel.catalog.examples import resolve
from puzzlereel.ground.config import Config, check_numbers, load_config
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.registry import ALSO_CALLED, FAMILIES, Family

if TYPE_CHECKING:
    from puzzlereel.solvers.base import Loader, Solver


P = TypeVar("P")


@dataclass(frozen=True)
class Loaded(Generic[P]):
    """A config read and checked: the file, its puzzle's family and the family's puzzle ``P``
    (the type the family's loader returns and its ``Solver[P]`` takes)."""

    config: Config
    family: Family
    puzzle: P
    expect_moves: int | None = None   # [solve] expect_moves: the answer the search must find

    @property
    def solver(self) -> Solver[P]:
        """The family's ``Solver``; importing it loads the family's compiled code."""
        solver: Solver[P] = self.family.load("solver")
        return solver


def family_of(config: Config) -> Family:
    """The registry row for ``config``'s ``[puzzle] type``, or ``ConfigError``."""
    name = config.puzzle_type
    family = FAMILIES.get(name)
    if family is None:
        raise config.error("puzzle.type", f"unknown puzzle type {name!r} (known: "
                           + ", ".join(sorted(FAMILIES)) + ")"
                           + did_you_mean(str(name), FAMILIES, also=ALSO_CALLED))
    return family


def config_path(arg: str | Path) -> Path:
    """The config file a command names: a path, or a bundled example's name
    (``hakoiri-musume``) when no such file exists; else ``ConfigError`` "no such file"
    suggesting the closest example names."""
    return resolve(arg)


def load_puzzle(path: str | Path) -> Loaded[Any]:
    """Read a config and its puzzle (``ConfigError`` naming file, line and field).

    ``path`` may name a bundled example (``config_path``).  The puzzle's type depends on
    the config's ``[puzzle] type``, so it is only known at run time; the family's solver
    takes exactly what its loader gave."""
    return puzzle_of(load_config(config_path(path)))


def puzzle_of(config: Config) -> Loaded[Any]:
    """The puzzle of a config already read (``load_puzzle`` without the file): a batch
    worker reads the config's bytes it was sent and names it as the user did."""
    family = family_of(config)
    check_numbers(config)           # solve()'s keyword arguments too
    templates.check_keys(config, family.name)
    expect = expected_count(config)
    loader: Loader = family.load("config")
    return Loaded(config, family, loader(config), expect)


EXPECT_KEY = "solve.expect_moves"


def expected_count(config: Config) -> int | None:
    """``[solve] expect_moves`` (a whole number), or None when the config has none."""
    value: int | None = config.get(EXPECT_KEY, int, None)
    if value is not None and value < 0:
        raise config.error(EXPECT_KEY, f"must be >= 0, got {value}")
    return value


__all__ = ["EXPECT_KEY", "Loaded", "config_path", "expected_count", "family_of", "load_puzzle",
           "puzzle_of"]
