"""What a trace's end counts: the answer in the family's count noun, checked against the
config's ``[solve] expect_moves``, and how much the search looked at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from puzzlereel.catalog.puzzles import EXPECT_KEY, Loaded
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.words import plural
from puzzlereel.registry import Family
from puzzlereel.trace import (
    End,
)

if TYPE_CHECKING:
    from puzzlereel.solvers.base import SolveOptions

# what ``expect_moves`` is compared with when the end event has no ``moves``, by the
# registry's count noun: the number of solutions found, or of guesses the strategy needed
COUNT_STATS: dict[str, tuple[str, ...]] = {"solution": ("total_solutions", "solutions"),
                                           "guess": ("guesses",)}


class UnexpectedAnswer(PuzzlereelError):
    """The search found an answer other than the config's ``[solve] expect_moves``."""


def found_count(family: Family, end: End) -> int | None:
    """What ``expect_moves`` is checked against: ``end.moves`` (the optimal length), or
    for the families that count something else the end's statistic of that count noun."""
    if end.moves is not None:
        return end.moves
    for key in COUNT_STATS.get(family.count_noun, ()):
        value = end.stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def explored(family: Family, stats: Mapping[str, Any]) -> tuple[str, int] | None:
    """The first of the family's counts of its search (``Searched.counts``) that the
    end's statistics hold: (its label, the number), ("Positions", 23822)."""
    for key, label in family.searched.counts:
        value = stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return label, value
    return None


def check_expected(loaded: Loaded[Any], end: End | None,
                   options: SolveOptions | None = None) -> None:
    """Raise ``UnexpectedAnswer`` (exit 1, naming the config, line and field) when a
    solved search's count differs from ``[solve] expect_moves``.

    Only a search that ended ``solved`` is checked.  Mastermind's count is the number of
    guesses its strategy needs, so it is not checked when ``--algorithm`` (``options``)
    overrides the config's strategy."""
    want = loaded.expect_moves
    if want is None or end is None or end.status != "solved":
        return
    if loaded.family.count_noun == "guess" and options is not None and options.algorithm:
        return
    got = found_count(loaded.family, end)
    if got is None or got != want:
        found = "no count" if got is None else f"{got}"
        raise UnexpectedAnswer(f"expected {want} {plural(loaded.family.count_noun, want)}, the "
                               f"search found {found}",
                               source=loaded.config.path,
                               line=loaded.config.line_of(EXPECT_KEY), field=EXPECT_KEY)


__all__ = ["UnexpectedAnswer", "check_expected", "explored", "found_count"]
