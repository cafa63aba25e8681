"""Render options: how a trace is turned into frames (size, timing, look), as one frozen value.

``RenderOptions`` is built from defaults, then the config's ``[render]`` table, then the
trace header's ``render`` hints where the config says nothing, then command-line options.
The same trace with the same options always gives the same frames.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from puzzlereel.errors import PuzzlereelError

FORMATS = ("mp4", "gif", "png", "webm")
EASINGS = ("ease-in-out", "linear", "ease-out", "ease-in")


class RenderOptionError(PuzzlereelError):
    """A render option that cannot be used; the message quotes the key and the bad value.

    ``key`` is the option's name; where it came from (a config line, a flag) is added by
    whoever read it."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(problem, field=key)
        self.key = key


@dataclass(frozen=True)
class RenderOptions:
    """Everything that decides what the frames look like and how long each lasts.

    Times are in seconds.  ``speed`` is the time of one unit slide (a one-cell move); a
    move along a path of k cells takes ``k * speed``.  ``size`` is the whole frame in
    pixels (always made even); when ``cell`` is set instead, the frame is sized to fit
    the board at that many pixels per cell.
    """

    fps: int = 30
    size: tuple[int, int] | None = None     # (width, height); default 640x480 unless cell
    cell: int | None = None                 # pixels per board cell (overrides size)
    speed: float = 0.25                     # seconds per unit slide
    pause: float = 0.12                     # still time after each move
    hold_start: float = 1.0                 # still time on the first position
    hold_end: float = 2.5                   # still time on the last position
    easing: str = "ease-in-out"
    theme: str = "light"
    title: bool = True                      # show a title card first
    title_seconds: float = 2.0
    counter: bool = True                    # "Move 12 / 81" bar under the board
    highlight: bool = True                  # the moving piece stands out
    labels: bool = True                     # piece labels from the trace / config
    colours: Mapping[str, str] = field(default_factory=dict)  # piece id -> "#rrggbb"
    formats: tuple[str, ...] = ("mp4", "gif")                 # what `run` writes
    gif_fps: int = 15                       # GIFs are played at min(fps, gif_fps)
    crf: int = 20                           # H.264 / VP9 quality (lower = better, bigger)
    preset: str = "veryfast"                # x264 preset
    sheet_columns: int = 0                  # contact sheet grid columns (0 = automatic)
    sheet_cell: int = 20                    # contact sheet pixels per cell
    scheme: str = "auto"                    # colour scheme, read by the scene (sliding-tile:
                                            # plain / rows / columns / fringe)

    def __post_init__(self) -> None:
        check(self)


def _positive(key: str, value: float, *, zero: bool = False) -> None:
    if value < 0 or (value == 0 and not zero):
        raise RenderOptionError(key, f"must be {'>= 0' if zero else '> 0'}, got {value!r}")


def check(o: RenderOptions) -> None:
    """Raise ``RenderOptionError`` for a value that cannot be rendered."""
    if not 1 <= o.fps <= 120:
        raise RenderOptionError("fps", f"must be between 1 and 120, got {o.fps!r}")
    if not 1 <= o.gif_fps <= 50:
        raise RenderOptionError("gif_fps", "must be between 1 and 50 (browsers slow faster "
                                f"GIFs down), got {o.gif_fps!r}")
    if o.size is not None:
        w, h = o.size
        if not (16 <= w <= 7680 and 16 <= h <= 4320):
            raise RenderOptionError("size", f"must be between 16x16 and 7680x4320, got {w}x{h}")
    if o.cell is not None and not 4 <= o.cell <= 512:
        raise RenderOptionError("cell", f"must be between 4 and 512 pixels, got {o.cell!r}")
    if not 2 <= o.sheet_cell <= 256:
        raise RenderOptionError("sheet_cell", f"must be between 2 and 256, got {o.sheet_cell!r}")
    if o.sheet_columns < 0:
        raise RenderOptionError("sheet_columns", f"must be >= 0, got {o.sheet_columns!r}")
    _positive("speed", o.speed)
    for key in ("pause", "hold_start", "hold_end", "title_seconds"):
        _positive(key, getattr(o, key), zero=True)
    if o.easing not in EASINGS:
        raise RenderOptionError("easing", f"{o.easing!r} is not one of: {', '.join(EASINGS)}")
    from .theme import THEMES

    if o.theme not in THEMES:
        raise RenderOptionError("theme", f"{o.theme!r} is not one of: {', '.join(THEMES)}")
    for fmt in o.formats:
        if fmt not in FORMATS:
            raise RenderOptionError("formats", f"{fmt!r} is not one of: {', '.join(FORMATS)}")
    if not 0 <= o.crf <= 51:
        raise RenderOptionError("crf", f"must be between 0 and 51, got {o.crf!r}")
    for pid, colour in o.colours.items():
        parse_colour(colour, f"colors.{pid}")


def parse_colour(text: str, key: str = "color") -> tuple[int, int, int]:
    """``"#rrggbb"`` or ``"#rgb"`` -> (r, g, b)."""
    if not isinstance(text, str) or not re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", text):
        raise RenderOptionError(key, f"expected a colour like \"#3366cc\", got {text!r}")
    h = text[1:]
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def parse_size(text: Any, key: str = "size") -> tuple[int, int]:
    """``"640x480"`` or ``[640, 480]`` -> (640, 480)."""
    if isinstance(text, (list, tuple)) and len(text) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in text):
        return (int(text[0]), int(text[1]))
    if isinstance(text, str):
        m = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
        if m:
            return (int(m.group(1)), int(m.group(2)))
    raise RenderOptionError(key, f"expected WIDTHxHEIGHT like \"640x480\", got {text!r}")


# key -> (python type accepted, converter)
_KINDS: dict[str, type | tuple[type, ...]] = {
    "fps": int, "cell": int, "speed": (int, float), "pause": (int, float),
    "hold_start": (int, float), "hold_end": (int, float), "easing": str, "theme": str,
    "title": bool, "title_seconds": (int, float), "counter": bool, "highlight": bool,
    "labels": bool, "colors": dict, "colours": dict, "formats": list, "gif_fps": int, "crf": int,
    "preset": str, "sheet_columns": int, "sheet_cell": int, "size": (str, list),
    "scheme": str,
}
KEYS = tuple(sorted(_KINDS))
# ``[render]`` keys whose dataclass field is spelt otherwise: the config's stable key is
# ``colors``; code says colour, and configs may too
FIELD_OF = {"colors": "colours"}


def coerce(key: str, value: Any) -> Any:
    """One ``[render]`` value checked and converted to the dataclass field's type."""
    kind = _KINDS.get(key)
    if kind is None:
        raise RenderOptionError(key, f"unknown render option (known: {', '.join(KEYS)})")
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise RenderOptionError(key, f"expected {_name(kinds)}, got {value!r}")
    if not isinstance(value, kinds):
        raise RenderOptionError(key, f"expected {_name(kinds)}, got {value!r}")
    raw: Any = value
    if key == "size":
        return parse_size(raw, key)
    if key in ("speed", "pause", "hold_start", "hold_end", "title_seconds"):
        return float(raw)
    if key == "formats":
        if not all(isinstance(v, str) for v in raw):
            raise RenderOptionError(key, f"expected a list of names, got {raw!r}")
        return tuple(v.lower().lstrip(".") for v in raw)
    if key in ("colors", "colours"):
        for pid, colour in raw.items():
            parse_colour(colour, f"{key}.{pid}")
        return dict(raw)
    return value


def _name(kinds: tuple[type, ...]) -> str:
    names = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
             dict: "a table", list: "a list"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def with_values(base: RenderOptions, values: Mapping[str, Any]) -> RenderOptions:
    """``base`` with ``values`` (raw ``[render]``-style keys) applied and checked."""
    changes: dict[str, Any] = {}
    for key, value in values.items():
        name = FIELD_OF.get(key, key)
        if name == "colours":   # piece colours add up: later tables override single pieces
            changes[name] = {**changes.get(name, base.colours), **coerce(key, value)}
        else:
            changes[name] = coerce(key, value)
    return replace(base, **changes)


def header_hints(render: Mapping[str, Any]) -> dict[str, Any]:
    """The trace header's ``render`` hints that are render options (others are ignored)."""
    return {k: v for k, v in render.items() if k in _KINDS and k != "formats"}


__all__ = ["RenderOptions", "RenderOptionError", "FORMATS", "EASINGS", "KEYS", "coerce",
           "with_values", "header_hints", "parse_colour", "parse_size"]
