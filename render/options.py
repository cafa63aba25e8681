"""Render options: how a trace is turned into frames (size, timing, look), as one frozen value.

``RenderOptions`` is built from defaults, then the config's ``[render]`` table, then the
trace header's ``render`` hints where the config says nothing, then command-line options.
The same trace with the same options always gives the same frames.

Each option is declared once, in ``declared.OPTIONS``: its ``[render]`` key, the types
its value may have (``VALUE_TYPES``), its default and its range or its names; ``check``
walks that table.  Every numeric option has one range (``RANGES``, documented in
docs/rendering.md): finite, positive where it must be, and bounded above so that the
work a render does stays proportional to its trace.  An option outside its range, or a
name not among its choices, is a ``RenderOptionError`` (the command line and the config
loader say where it came from); a header hint outside it is ignored with one
``RenderHintWarning``, since hints are never required.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from puzzlereel.ground.config import quoted
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.formats import DEFAULT, STREAM
from puzzlereel.ground.outpaths import is_stream
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.render.declared import (
    FIELD_OF,
    FORMATS,
    OPTIONS,
    RANGES,
    SECONDS,
    TARGETS,
    VALUE_TYPES,
    Range,
    Target,
)


def stream_format(path: str | os.PathLike[str]) -> str | None:
    """The ``formats.STREAM`` format for a device or pipe (``/dev/null``, a FIFO,
    ``/dev/stdout``) whose name has no format's suffix; None for anything else."""
    if os.path.splitext(path)[1].lower().lstrip(".") in FORMATS:
        return None
    return STREAM.suffix if is_stream(path) else None


# libx264's presets, fastest first (``x264 --help``); anything else makes the encoder fail
PRESETS = ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
           "slower", "veryslow", "placebo")


class RenderHintWarning(UserWarning):
    """A trace header's render hint that cannot be used; it is ignored (one line each)."""


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
    move along a path of k cells takes ``k * speed`` on average (moves that matter
    take longer, routine ones less: ``render.direction.pacing``).  ``size`` is the whole frame in
    pixels (always made even; default 1280x720 for MP4/WebM with a side panel, 480 px
    wide for GIFs, compact); when ``cell`` is set instead, the frame is sized to fit the
    board at that many pixels per cell.  Each puzzle family brings its own pacing
    (``speed``, ``pause``) where these are not set; the holds left unset (None) are
    sized to the video; ``duration`` fits the whole video to that many seconds.
    """

    fps: int = 30
    size: tuple[int, int] | None = None     # (width, height); default: per format
    cell: int | None = None                 # pixels per board cell (overrides size)
    speed: float = 0.25                     # seconds per unit slide
    pause: float = 0.12                     # still time after each move
    hold_start: float | None = None         # still time on the first position before
                                            # the first move (the title's time included;
                                            # None: as long as its words take to read)
    hold_end: float | None = None           # still time on the last position (after the
                                            # payoff), the result's headline showing
    end_seconds: float | None = None        # then the result's details too (0: none;
                                            # None, for both: the ending sized to the video)
    duration: float | None = None           # fit the whole video to this many seconds
    easing: str = "ease-in-out"
    theme: str = "light"
    title: bool = True                      # open with the title beside or over the board
    title_seconds: float | None = None      # the opening's time (part of hold_start)
    counter: bool = True                    # "Move 12 / 81" bar under the board
    highlight: bool = True                  # the moving piece stands out
    labels: bool = True                     # piece labels from the trace / config
    colours: Mapping[str, str] = field(default_factory=dict)  # piece id -> "#rrggbb"
    formats: tuple[str, ...] = DEFAULT                        # what `run` writes
    gif_fps: int = 15                       # GIFs are played at min(fps, gif_fps)
    crf: int = 20                           # H.264 / VP9 quality (lower = better, bigger)
    preset: str = "veryfast"                # x264 preset (one of PRESETS)
    sheet_columns: int = 0                  # contact sheet grid columns (0 = automatic)
    sheet_cell: int = 20                    # contact sheet pixels per cell
    target: str | None = None               # a platform of TARGETS: its size and rate
    search: bool = False                    # show how the answer was found, after the title
    search_seconds: float = 6.0             # ... for this long (each family has its own)
    sound: bool = False                     # a sound track (MP4 and WebM)
    captions_on: bool = False               # the MP4's subtitle track on by default
    scheme: str = "auto"                    # colour scheme, read by the scene (its
                                            # ``schemes``)

    def __post_init__(self) -> None:
        check(self)


def changed_fields(options: RenderOptions) -> frozenset[str]:
    """The fields of ``options`` that differ from the defaults: what a caller that built
    the value itself (not from flags and a config) has chosen."""
    base = RenderOptions()
    return frozenset(f.name for f in fields(RenderOptions)
                     if getattr(options, f.name) != getattr(base, f.name))


def check(o: RenderOptions) -> None:
    """Raise ``RenderOptionError`` for a value that cannot be rendered: walking the table
    (``declared.OPTIONS``), a value outside its option's range or a name not among its
    choices; then an x264 preset not in ``PRESETS`` and a piece colour that is none."""
    for option in OPTIONS:
        value = getattr(o, option.name)
        if value is None:
            continue
        if isinstance(option.range, Range):
            _in_range(option.name, option.range, value)
        elif option.range is not None:
            _pair_in_range(option.name, option.range, value)
        if option.choices:
            _one_of(option.name, option.choices, value if isinstance(value, tuple) else (value,))
    if o.preset not in PRESETS:
        raise RenderOptionError("preset", f"{quoted(o.preset)} is not an x264 preset (one of: "
                                + ", ".join(PRESETS) + ")")
    for pid, colour in o.colours.items():
        parse_colour(colour, f"colors.{pid}")


def _in_range(key: str, rng: Range, value: float) -> None:
    if not rng.holds(value):
        why = f" ({rng.why})" if rng.why else ""
        raise RenderOptionError(key, f"must be {rng}{why}, got {quoted(value)}")


def _one_of(key: str, choices: tuple[str, ...], names: tuple[str, ...]) -> None:
    for name in names:
        if name not in choices:
            raise RenderOptionError(key, f"{quoted(name)} is not one of: " + ", ".join(choices))


def _pair_in_range(key: str, ranges: tuple[Range, Range], value: tuple[int, int]) -> None:
    """A pair of numbers (``size``: its width and its height) each in its range."""
    (w, h), (rw, rh) = value, ranges
    if not (rw.holds(w) and rh.holds(h)):
        raise RenderOptionError(key, f"must be between {rw.low:g}x{rh.low:g} and "
                                f"{rw.high:g}x{rh.high:g}, got {quoted(w)}x{quoted(h)}")


def parse_colour(text: str, key: str = "color") -> tuple[int, int, int]:
    """``"#rrggbb"`` or ``"#rgb"`` -> (r, g, b)."""
    if not isinstance(text, str) or not re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", text):
        raise RenderOptionError(key, f"expected a colour like \"#3366cc\", got {quoted(text)}")
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
        # at most 9 digits a side: bounds the number before it is converted
        m = re.fullmatch(r"\s*0*(\d{1,9})\s*[xX×]\s*0*(\d{1,9})\s*", text[:64])
        if m and len(text) <= 64:
            return (int(m.group(1)), int(m.group(2)))
    raise RenderOptionError(key, f"expected WIDTHxHEIGHT like \"640x480\", got {quoted(text)}")


KEYS = tuple(sorted(VALUE_TYPES))     # every [render] key (declared.py's options)


def coerce(key: str, value: Any) -> Any:
    """One ``[render]`` value checked and converted to the dataclass field's type."""
    types = VALUE_TYPES.get(key)
    if types is None:
        raise RenderOptionError(key, f"unknown render option (known: {', '.join(KEYS)})"
                                + did_you_mean(key, KEYS))
    if isinstance(value, bool) and bool not in types:
        raise RenderOptionError(key, f"expected {_name(types)}, got {quoted(value)}")
    if not isinstance(value, types):
        raise RenderOptionError(key, f"expected {_name(types)}, got {quoted(value)}")
    raw: Any = value
    if key == "size":
        return parse_size(raw, key)
    if key in SECONDS:      # checked before a huge integer is a float
        _in_range(key, RANGES[key], raw)
        return float(raw) + 0.0     # + 0.0: -0.0 is 0
    if key == "formats":
        if not all(isinstance(v, str) for v in raw):
            raise RenderOptionError(key, f"expected a list of names, got {quoted(raw)}")
        return tuple(v.lower().lstrip(".") for v in raw)
    if key in ("colors", "colours"):
        for pid, colour in raw.items():
            parse_colour(colour, f"{key}.{quoted(pid, quote=False)}")
        return dict(raw)
    return value


def _name(types: tuple[type, ...]) -> str:
    names = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
             dict: "a table", list: "a list"}
    return " or ".join(names.get(k, k.__name__) for k in types)


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


# hints a scene reads itself, not render options: each one's whole numbers
SCENE_HINTS = {"max_solutions": (0, 1_000_000)}


def _hint_problem(key: str, value: Any) -> str | None:
    """What is wrong with the header hint ``key`` that no render option takes (``formats``,
    which only ``run`` reads, a ``SCENE_HINTS`` one, or a key nothing reads), if anything."""
    if key == "formats":
        if isinstance(value, list) and all(v in FORMATS for v in value):
            return None
        return f"expected a list of: {', '.join(FORMATS)}; got {quoted(value)}"
    if key in SCENE_HINTS:
        low, high = SCENE_HINTS[key]
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return None
        return f"must be a whole number from {low:,} to {high:,}, got {quoted(value)}"
    return "not a render option"


def header_hints(render: Mapping[str, Any], source: str | None = None,
                 schemes: tuple[str, ...] = ()) -> dict[str, Any]:
    """The trace header's ``render`` hints that are usable render options.

    Every other hint is ignored: with one ``RenderHintWarning`` naming the hint, the
    problem and ``source`` when it is no key the renderer reads, or a value it cannot use
    (a wrong type, a value outside ``RANGES``, an unknown name, a colour scheme that is
    neither "auto" nor one of ``schemes``, those its scene draws with); quietly when it
    is ``formats`` or a ``SCENE_HINTS`` key, usable."""
    usable: dict[str, Any] = {}
    where = f"{source}: line 1: " if source else "trace header: "
    for key, value in render.items():
        if key not in VALUE_TYPES or key == "formats":
            problem = _hint_problem(str(key), value)
            if problem is not None:
                warnings.warn(f"{where}render.{key}: {problem} (hint ignored)",
                              RenderHintWarning, stacklevel=2)
            continue
        try:
            with_values(RenderOptions(), {key: value})
            if key == "scheme" and value not in ("auto", *schemes):
                raise RenderOptionError(key, f"{quoted(value)} is not one of: "
                                        + ", ".join(("auto", *schemes)))
        except RenderOptionError as exc:
            warnings.warn(f"{where}render.{exc.key}: {exc.problem} (hint ignored)",
                          RenderHintWarning, stacklevel=2)
            continue
        usable[key] = value
    return usable


__all__ = ["TARGETS", "Target", "RenderOptions", "changed_fields", "RenderOptionError",
           "RenderHintWarning", "Range", "RANGES", "FORMATS", "PRESETS",
           "SCENE_HINTS", "SECONDS", "KEYS", "coerce", "with_values", "header_hints",
           "parse_colour", "parse_size"]
