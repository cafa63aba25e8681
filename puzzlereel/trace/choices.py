"""A move's choices: how many moves its position allowed, and how many of them keep the
optimum.

Every move event (``BlockMove``, ``TileMove``, ``PegMove``, and the sliding-block
``State``) may carry them as two integer fields of its line, both or neither:
``legal``, the distinct positions the position before the move reaches in one legal
move, and ``optimal``, how many of those can still reach the goal in the moves that
follow this one in the trace (this move's own position among them).  ``choices_from_json``
reads them, ``choices_json`` writes them, and ``check_legal`` is the check a family's
rules make where they can count the moves of a position themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from puzzlereel.trace.fields import TraceError, get_int


@dataclass(frozen=True)
class Choices:
    """``legal`` moves from the position before a move; ``optimal`` of them keep the
    optimum (0 <= optimal <= legal)."""

    legal: int
    optimal: int


def choices_from_json(obj: Mapping[str, Any]) -> Choices | None:
    """The fields ``legal`` and ``optimal`` of a move's line (None when neither is there),
    each an integer from 0 to ``MAX_INT``, ``optimal`` at most ``legal``; a
    ``TraceError`` names the field that is wrong or missing."""
    if "legal" not in obj and "optimal" not in obj:
        return None
    for name, other in (("legal", "optimal"), ("optimal", "legal")):
        if name not in obj:
            raise TraceError(f"missing (a move that gives {other!r} gives {name!r} too)",
                             field=name)
    legal: int = get_int(obj, "legal", minimum=0)
    optimal: int = get_int(obj, "optimal", minimum=0)
    if optimal > legal:
        raise TraceError(f"says {optimal:,} moves keep the optimum, more than the {legal:,} "
                         "legal moves", field="optimal")
    return Choices(legal=legal, optimal=optimal)


def choices_json(choices: Choices | None) -> dict[str, int]:
    """The fields a move's line holds for ``choices`` (none for None)."""
    if choices is None:
        return {}
    return {"legal": choices.legal, "optimal": choices.optimal}


def check_legal(choices: Choices | None, count: Callable[[], int]) -> None:
    """When a move gives its ``choices``, its ``legal`` must be ``count()``, the moves
    the rules find from the position before it (counted only then)."""
    if choices is None:
        return
    have = count()
    if choices.legal != have:
        raise TraceError(f"says {choices.legal:,} legal moves, the position has {have:,}",
                         field="legal")


__all__ = ["Choices", "check_legal", "choices_from_json", "choices_json"]
