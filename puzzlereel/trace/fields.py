"""Reading the fields of a trace line: typed getters whose errors name the field.

Shared by the event parsers here and by each family's rules (``puzzlereel.rules``), so
that every message about a trace reads the same way ("pieces[2].x: expected an
integer, got 'a'"), and quotes a bad value short and on one line (``quoted``) however
long it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlereel.ground.errors import PuzzlereelError, quoted

Cell = tuple[int, int]


class TraceError(PuzzlereelError):
    """A malformed or illegal trace.  ``str()`` is one line: source, line, field, problem."""


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], *, prefix: str = "",
         optional: bool = False, default: Any = None) -> Any:
    name = prefix + key
    if key not in obj or (optional and obj[key] is None):
        if optional:
            return default
        raise TraceError("missing", field=name)
    value = obj[key]
    if kind is int or kind == (int,):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TraceError(f"expected an integer, got {quoted(value)}", field=name)
        return value
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TraceError(f"expected a number, got {quoted(value)}", field=name)
        return float(value)
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        jname = {"str": "a string", "dict": "an object", "list": "a list", "bool": "true/false"}
        raise TraceError(f"expected {jname.get(names, names)}, got {quoted(value)}", field=name)
    return value


# every integer of a trace is a signed 64-bit one: what the program counts and draws in
MAX_INT = 2**63 - 1


def get_int(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False,
            default: int | None = None, minimum: int | None = None,
            maximum: int | None = None) -> Any:
    """An integer field, from ``minimum`` to ``maximum`` (each None: to the end of the
    signed 64-bit range, ``MAX_INT``), or a ``TraceError`` naming the field."""
    value = _get(obj, key, int, prefix=prefix, optional=optional, default=default)
    if value is None:
        return value
    low = -MAX_INT - 1 if minimum is None else minimum
    high = MAX_INT if maximum is None else min(maximum, MAX_INT)
    if value < low:
        raise TraceError(f"must be >= {low:,}, got {quoted(value)}", field=prefix + key)
    if value > high:
        raise TraceError(f"must be <= {high:,}, got {quoted(value)}", field=prefix + key)
    return value


def get_str(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False,
            default: str | None = None) -> Any:
    return _get(obj, key, str, prefix=prefix, optional=optional, default=default)


def get_obj(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False) -> Any:
    return _get(obj, key, dict, prefix=prefix, optional=optional, default={})


def get_list(obj: Mapping[str, Any], key: str, *, prefix: str = "", optional: bool = False) -> Any:
    return _get(obj, key, list, prefix=prefix, optional=optional, default=None)


def as_cell(value: Any, name: str) -> Cell:
    """``[x, y]`` -> ``(x, y)``, or a TraceError naming the field."""
    if (not isinstance(value, list) or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise TraceError(f"expected [x, y] integers, got {quoted(value)}", field=name)
    return (value[0], value[1])


def as_cells(value: Any, name: str) -> tuple[Cell, ...]:
    if not isinstance(value, list):
        raise TraceError(f"expected a list of [x, y], got {quoted(value)}", field=name)
    return tuple(as_cell(v, f"{name}[{i}]") for i, v in enumerate(value))


def as_int_list(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int)
                                          for v in value):
        raise TraceError(f"expected a list of integers, got {quoted(value)}", field=name)
    return tuple(value)


