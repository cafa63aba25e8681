"""The render options a trace's video is made with: ``resolve_options`` applies a trace
header's render hints, the target's size and frame rate, and the family's pacing
(``registry``: ``family_pacing``) to the options the user gave.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from puzzlereel.registry import FAMILIES
from puzzlereel.render.options import (
    FIELD_OF,
    RANGES,
    TARGETS,
    RenderOptions,
    header_hints,
    with_values,
)
from puzzlereel.trace import Header

SCALED_WITH_SPEED = ("pause",)
APPLIED = ("speed", "pause", "search_seconds")    # the family pacing's options


def family_pacing(header: Header) -> Mapping[str, float]:
    """The family's default timing (its registry row), for the options nobody set."""
    family = FAMILIES.get(header.puzzle)
    return family.pacing if family is not None else {}


def resolve_options(header: Header, options: RenderOptions, explicit: Iterable[str] = (),
                    source: str | None = None) -> RenderOptions:
    """``options`` with the header's ``render`` hints applied where not set explicitly
    (a hint that cannot be used is ignored with a warning naming ``source``, the trace),
    then the target's size and frame rate where neither set them, then the family's
    pacing (speed, pause, the search's time) where nothing set it; a ``speed`` set by
    either scales the pause left to the defaults.  The family's holds are the usual
    lengths the plan sizes the opening and the ending from (``render.direction.plan``)."""
    skip = {FIELD_OF.get(key, key) for key in explicit}
    hinted: set[str] = set()
    family = FAMILIES.get(header.puzzle)
    schemes = family.load("scene").schemes if family is not None else ()
    for key, value in header_hints(header.render, source, schemes).items():
        if FIELD_OF.get(key, key) in skip:
            continue
        try:
            options = with_values(options, {key: value})
            hinted.add(FIELD_OF.get(key, key))
        except ValueError:
            pass   # hints are never required: ignore ones we cannot use
    chosen = skip | hinted
    if options.target is not None:         # the platform's size and rate, unless set
        target = TARGETS[options.target]
        if target.size is not None and not {"size", "cell"} & chosen:
            options = replace(options, size=target.size)
        if target.fps is not None and "fps" not in chosen:
            options = replace(options, fps=target.fps)
    pacing = dict(family_pacing(header))
    base_speed = float(pacing.get("speed", RenderOptions.speed))
    changes: dict[str, Any] = {k: v for k, v in pacing.items()
                               if k in APPLIED and k not in chosen}
    if "speed" in chosen:
        factor = options.speed / base_speed
        for key in SCALED_WITH_SPEED:
            if key not in chosen:
                base = float(changes.get(key, getattr(RenderOptions, key)))
                changes[key] = min(base * factor, RANGES[key].high)
    return replace(options, **changes) if changes else options


__all__ = ["family_pacing", "resolve_options"]
