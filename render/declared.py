"""The render options, each declared once: one row per option with its name, the
``[render]`` key, the types a value may have, the default, the help text, the range (the
numbers it takes) or the names it takes, and its command-line flag, if any, with the
commands that take the flag.

What else knows the options is made from ``OPTIONS``: the ``[render]`` keys, the trace
header's ``render`` hints and the Python API's keyword arguments that ``options.coerce``
takes (``VALUE_TYPES``), the ranges and the names ``options.check`` holds every value to
(it walks ``OPTIONS``; ``RANGES`` are the ranges by key), and the command-line options of
``render``, ``run`` and ``preview`` (``puzzlereel.cli.parameters.with_render_flags``).
``RenderOptions``' defaults, the docs' tables (docs/rendering.md, docs/cli-and-config.md)
and the config template render.toml are checked against it (tests/app/test_declared.py).

``RenderKeywords`` (and ``FrameKeywords``, the same without ``title``) state the
options' types for type checkers, as the keyword arguments of ``Solution.render``,
``frame`` and ``player`` (``**options: Unpack[RenderKeywords]``): a mistyped name or a
value of the wrong type is flagged before the code runs.  A type checker reads a class,
not a table, so they are written out; tests/app/test_declared.py checks that their keys
and types are the table's (``types``, ``choices``; None everywhere: not given).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from puzzlereel.ground.formats import DEFAULT, SUFFIXES
from puzzlereel.render.film.easing import EASINGS as EASING_CURVES
from puzzlereel.render.film.theme import THEMES

FORMATS = SUFFIXES      # the output formats' names (``puzzlereel.ground.formats``)


@dataclass(frozen=True)
class Target:
    """Where a video is going: its frame size and rate (None: the format's default) and
    whether every format gets the compact layout (the board and one counter line)."""

    name: str
    size: tuple[int, int] | None
    fps: int | None
    about: str
    compact: bool = False

    @property
    def shown(self) -> str:
        """The target in ``--target``'s help: ``youtube 1920x1080``, ``docs (compact, 480 px
        wide)``."""
        if self.size is None:
            return f"{self.name} (compact, 480 px wide)"
        return f"{self.name} {self.size[0]}x{self.size[1]}"


# The platforms a video is made for (``--target``, ``[render] target``); ``--size`` and
# ``--fps`` still win.  docs/rendering.md lists them.
TARGETS: dict[str, Target] = {t.name: t for t in (
    Target("youtube", (1920, 1080), 30, "YouTube, 16:9: the board beside a side panel"),
    Target("shorts", (1080, 1920), 30, "YouTube Shorts and TikTok, 9:16: words above "
           "and below the board"),
    Target("reels", (1080, 1920), 30, "Instagram Reels, 9:16"),
    Target("instagram", (1080, 1350), 30, "an Instagram post, 4:5"),
    Target("square", (1080, 1080), 30, "1:1: the board with a compact panel below"),
    Target("4k", (3840, 2160), 30, "YouTube in 4K, 16:9"),
    Target("docs", None, None, "a README or documentation page: compact, 480 px wide "
           "(the GIF's look in every format)", compact=True),
)}


@dataclass(frozen=True)
class Range:
    """The values a numeric option may take: finite, from ``low`` to ``high`` inclusive
    (``low`` itself excluded when ``above``), in ``measured_in``; ``why`` it ends there, said
    with a value refused ("" for nothing)."""

    low: float
    high: float
    measured_in: str = ""
    above: bool = False
    why: str = ""

    def holds(self, value: float) -> bool:
        """Whether ``value`` is in the range (NaN and infinities never are)."""
        if isinstance(value, float) and not math.isfinite(value):
            return False
        return (value > self.low if self.above else value >= self.low) and value <= self.high

    def __str__(self) -> str:
        measured_in = f" {self.measured_in}" if self.measured_in else ""
        if self.above:
            return f"> {self.low:g} and at most {self.high:g}{measured_in}"
        return f"between {self.low:g} and {self.high:g}{measured_in}"


OPTION_COMMANDS = ("render", "run", "preview")     # the commands that take render options
WHOLE_FILE_COMMANDS = ("render", "run")  # ... those that make whole files, not a frame
SECONDS_RANGE = Range(0, 60, "seconds")


@dataclass(frozen=True)
class Option:
    """One render option.  ``name`` is its ``RenderOptions`` field, ``key`` its
    ``[render]`` key when spelt otherwise (both are taken); ``types`` the types a
    ``[render]`` value, a header hint or a keyword argument may have; ``help`` its
    flag's help text (the option itself where it has no flag).  A number has a ``range``
    (``size``: its width's and its height's), a name its ``choices`` where the renderer
    declares them here (``preset`` is checked against x264's presets, ``options.PRESETS``,
    and ``scheme`` against the schemes of the trace's scene, ``SceneBase.schemes``).

    ``flag`` is how the command line gives it: ``--fps`` (a value: a float where a
    number may have a fraction, else the first of ``types``), ``--no-title`` (the
    option off), ``--search/--no-search`` (on or off), "" (no flag); ``commands`` take
    the flag, ``metavar`` names its value in ``--help``."""

    name: str
    types: tuple[type, ...]
    default: Any
    help: str
    range: Range | tuple[Range, Range] | None = None
    choices: tuple[str, ...] = ()
    key: str = ""
    flag: str = ""
    metavar: str | None = None
    commands: tuple[str, ...] = OPTION_COMMANDS

    @property
    def config_key(self) -> str:
        """The ``[render]`` key (and the key of the values a command was given)."""
        return self.key or self.name

    @property
    def keys(self) -> tuple[str, ...]:
        """Every ``[render]`` key of the option: ``colors``, ``colours``."""
        return tuple(dict.fromkeys((self.config_key, self.name)))

    @property
    def flags(self) -> tuple[str, ...]:
        """The flag's spellings: ``("--search", "--no-search")``."""
        return tuple(self.flag.split("/")) if self.flag else ()

    @property
    def switch(self) -> bool:
        """Whether the flag is ``--no-...`` alone: given, it turns the option off."""
        return self.types == (bool,) and "/" not in self.flag

    @property
    def value_name(self) -> str | None:
        """What ``--help`` calls the flag's value: its ``metavar``, else its choices
        (``light|dark|wood``); None for a switch."""
        if self.metavar is None and self.choices:
            return "|".join(self.choices)
        return self.metavar

    @property
    def value_type(self) -> type:
        """The type of the flag's value."""
        return float if float in self.types else self.types[0]


NUMBER = (int, float)
# The render options.  The ones with a flag come first, in the order ``--help`` lists
# them (and a command's values are checked in).
OPTIONS: tuple[Option, ...] = (
    Option("fps", (int,), 30, "Frames per second (default 30).", Range(1, 120),
           flag="--fps", metavar="N"),
    Option("gif_fps", (int,), 15, "GIF frame rate cap (default 15, at most 50).",
           Range(1, 50, why="browsers slow faster GIFs down"), flag="--gif-fps",
           metavar="N", commands=WHOLE_FILE_COMMANDS),
    Option("size", (str, list), None, "Frame size WIDTHxHEIGHT (default 1280x720 for "
           "MP4/WebM, 480 px wide for GIF).",
           (Range(16, 7680, "pixels"), Range(16, 4320, "pixels")), flag="--size",
           metavar="WIDTHxHEIGHT"),
    Option("cell", (int,), None, "Pixels per board cell; the frame is sized to fit "
           "(instead of --size).", Range(4, 512, "pixels"), flag="--cell", metavar="PIXELS"),
    Option("speed", NUMBER, 0.25, "Seconds per one-cell slide (default: the puzzle "
           "family's pacing, 0.25 for most).", Range(0, 10, "seconds", above=True),
           flag="--speed", metavar="SECONDS"),
    Option("pause", NUMBER, 0.12, "Seconds of stillness after each move (default: the "
           "family's pacing; scaled with --speed when not set).", SECONDS_RANGE,
           flag="--pause", metavar="SECONDS"),
    Option("easing", (str,), "ease-in-out", "How each move speeds up and slows down "
           "(default ease-in-out).", choices=tuple(EASING_CURVES), flag="--easing"),
    Option("theme", (str,), "light", "The colours of the board, the pieces and the words "
           "(default light).", choices=tuple(THEMES), flag="--theme"),
    Option("title", (bool,), True, "Open without the title: the start position held for "
           "hold_start alone.", flag="--no-title"),
    Option("counter", (bool,), True, "No move counter while the moves play (the result "
           "still shows at the end).", flag="--no-counter"),
    Option("labels", (bool,), True, "No piece labels.", flag="--no-labels"),
    Option("crf", (int,), 20, "Video quality 0-51, lower is better (default 20).",
           Range(0, 51), flag="--crf", metavar="N", commands=WHOLE_FILE_COMMANDS),
    Option("duration", NUMBER, None, "Fit the whole video to this many seconds (1-3600), "
           "scaling moves and holds together.", Range(1, 3600, "seconds"),
           flag="--duration", metavar="SECONDS", commands=WHOLE_FILE_COMMANDS),
    Option("target", (str,), None, "The platform the video is for, which sets its size "
           "and frame rate unless --size, --cell or --fps do: "
           f"{', '.join(target.shown for target in TARGETS.values())}.",
           choices=tuple(TARGETS), flag="--target", metavar="NAME"),
    Option("search", (bool,), False, "After the title (in a portrait frame, after the "
           "solution), show how the answer was found: the search's layers growing as a "
           "chart (default: [render] search, else off).", flag="--search/--no-search"),
    Option("sound", (bool,), False, "Give MP4 and WebM a sound track: a click or slide "
           "per move, a chime at the goal (default: [render] sound, else off).",
           flag="--sound/--no-sound", commands=WHOLE_FILE_COMMANDS),
    Option("captions_on", (bool,), False, "Turn the MP4's captions on from the start: "
           "its subtitle track (each line of moves, then the result) plays by default "
           "(default: [render] captions_on, else embedded but off until a viewer turns "
           "them on).", flag="--captions/--no-captions", commands=WHOLE_FILE_COMMANDS),
    Option("formats", (list,), DEFAULT, "What `run` writes.", choices=FORMATS),
    Option("hold_start", NUMBER, None, "Seconds on the start position before the first "
           "move, the title's included (default: as long as the title and the goal take "
           "to read).", SECONDS_RANGE),
    Option("hold_end", NUMBER, None, "Seconds on the final position, after the payoff "
           "(default: the ending sized to the video).", SECONDS_RANGE),
    Option("title_seconds", NUMBER, None, "Seconds of the opening with the title (part "
           "of hold_start; default: all of it but the last 0.4 s).", SECONDS_RANGE),
    Option("end_seconds", NUMBER, None, "Seconds of the result's details after the final "
           "hold (0: none; default: the ending sized to the video).", SECONDS_RANGE),
    Option("search_seconds", NUMBER, 6.0, "Seconds the search is shown (each family has "
           "its own).", Range(1, 60, "seconds")),
    Option("highlight", (bool,), True, "The moving piece stands out."),
    Option("colours", (dict,), {}, "Piece id -> \"#rrggbb\".", key="colors"),
    Option("scheme", (str,), "auto", "The colour scheme a scene reads (sliding tiles)."),
    Option("preset", (str,), "veryfast", "The x264 preset."),
    Option("sheet_columns", (int,), 0, "Contact sheet columns (0: automatic).",
           Range(0, 100)),
    Option("sheet_cell", (int,), 20, "Contact sheet pixels per board cell.",
           Range(2, 256)),
)
BY_NAME = {option.name: option for option in OPTIONS}

# ``[render]`` key -> the types its value may have
VALUE_TYPES: dict[str, tuple[type, ...]] = {key: option.types for option in OPTIONS
                                      for key in option.keys}
# ``[render]`` keys whose field is spelt otherwise: the config's stable key is
# ``colors``; code says colour, and configs may too
FIELD_OF = {option.key: option.name for option in OPTIONS if option.key}
# The one table of ranges, by option (``size``: ``size.width``, ``size.height``): every
# numeric render option, in the config, on the command line and as a trace header hint.
# docs/rendering.md ("range" column) and docs/cli-and-config.md list the same values.
RANGES: dict[str, Range] = {}
for _option in OPTIONS:
    if isinstance(_option.range, Range):
        RANGES[_option.name] = _option.range
    elif _option.range is not None:
        RANGES[f"{_option.name}.width"], RANGES[f"{_option.name}.height"] = _option.range
# the times in seconds (None where a default is not set: ``duration``, and the holds
# sized to the video)
SECONDS = tuple(option.name for option in OPTIONS if isinstance(option.range, Range)
                and option.range.measured_in == "seconds")


class FrameKeywords(TypedDict, total=False):
    """The render options as keyword arguments, but ``title`` (``Solution.frame``'s own
    ``title`` asks for the opening): ``OPTIONS``' keys and types, None for not given."""

    fps: int | None
    gif_fps: int | None
    size: str | tuple[int, int] | list[int] | None
    cell: int | None
    speed: float | None
    pause: float | None
    easing: Literal["ease-in-out", "linear", "ease-out", "ease-in"] | None
    theme: Literal["light", "dark", "wood"] | None
    counter: bool | None
    labels: bool | None
    crf: int | None
    duration: float | None
    target: Literal["youtube", "shorts", "reels", "instagram", "square", "4k",
                    "docs"] | None
    search: bool | None
    sound: bool | None
    captions_on: bool | None
    formats: Sequence[Literal["mp4", "gif", "png", "webm", "vtt", "svg", "html"]] | None
    hold_start: float | None
    hold_end: float | None
    title_seconds: float | None
    end_seconds: float | None
    search_seconds: float | None
    highlight: bool | None
    colors: Mapping[str, str] | None
    colours: Mapping[str, str] | None
    scheme: str | None
    preset: str | None
    sheet_columns: int | None
    sheet_cell: int | None


class RenderKeywords(FrameKeywords, total=False):
    """The render options as keyword arguments (``Solution.render``, ``player``): every
    ``[render]`` key of ``OPTIONS`` with its type, None for not given (the config's
    value, else the default)."""

    title: bool | None


def flag_options(command: str) -> tuple[Option, ...]:
    """The options ``command`` has a flag for, in ``--help``'s order."""
    return tuple(option for option in OPTIONS if option.flag and command in option.commands)


__all__ = ["BY_NAME", "OPTION_COMMANDS", "FIELD_OF", "FORMATS", "VALUE_TYPES", "OPTIONS", "RANGES",
           "SECONDS", "TARGETS", "WHOLE_FILE_COMMANDS", "FrameKeywords", "Option", "Range",
           "RenderKeywords", "Target", "flag_options"]
