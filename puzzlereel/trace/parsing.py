"""A trace's lines read as events: the header's checks, and each other line's class.

``header_from_json`` checks what every trace's first line says (the format, its version,
a puzzle the registry knows) and keeps the puzzle's own fields; ``event_from_json``
reads any later line with the event class its ``type`` names among those the puzzle's
family may hold (``puzzlereel.registry``), each class checking its own fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlereel.ground.errors import quoted
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.registry import ALSO_CALLED, FAMILIES
from puzzlereel.trace.events import (
    EVENT_CLASSES,
    TRACE_FORMAT,
    TRACE_VERSION,
    TYPES,
    End,
    Event,
    Header,
    Note,
)
from puzzlereel.trace.fields import TraceError, get_obj, get_str


def header_from_json(obj: Mapping[str, Any]) -> Header:
    if obj.get("type") != "header":
        raise TraceError(f"the first line must be a header, got type {quoted(obj.get('type'))}",
                         field="type")
    fmt = obj.get("format")
    if fmt != TRACE_FORMAT:
        raise TraceError(f"expected {TRACE_FORMAT!r}, got {quoted(fmt)}", field="format")
    version = obj.get("version")
    if version != TRACE_VERSION or isinstance(version, bool):
        raise TraceError(f"unsupported version {quoted(version)} (this program reads "
                         f"version {TRACE_VERSION})", field="version")
    puzzle = get_str(obj, "puzzle")
    if puzzle not in FAMILIES:
        raise TraceError(f"unknown puzzle {quoted(puzzle)} (known: {', '.join(FAMILIES)})"
                         + did_you_mean(str(puzzle), FAMILIES, also=ALSO_CALLED),
                         field="puzzle")
    title = get_str(obj, "title", optional=True)
    solver = get_obj(obj, "solver", optional=True)
    render = get_obj(obj, "render", optional=True)
    common = {"type", "format", "version", "puzzle", "title", "solver", "render"}
    fields = {k: v for k, v in obj.items() if k not in common}
    return Header(puzzle=puzzle, fields=fields, title=title, solver=solver, render=render)


def event_from_json(obj: Mapping[str, Any], puzzle: str) -> Event:
    """Parse one event line (not the header) of a trace of ``puzzle``."""
    type_name = get_str(obj, "type")
    if type_name == "header":
        raise TraceError("a second header", field="type")
    if type_name == "note":
        return Note.from_json(obj)
    if type_name == "end":
        return End.from_json(obj)
    if type_name not in TYPES:
        raise TraceError(f"unknown event type {quoted(type_name)}", field="type")
    for name in FAMILIES[puzzle].events:
        cls = EVENT_CLASSES[name]
        if cls.type == type_name:
            return cls.from_json(obj)
    raise TraceError(f"a {puzzle} trace has no {quoted(type_name)} events", field="type")


__all__ = ["event_from_json", "header_from_json"]
