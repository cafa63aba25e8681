"""Puzzle config files (TOML): loading them and reporting bad input by file, line and field.

A config describes one puzzle instance (``[puzzle]``), how to solve it (``[solve]``)
and how to draw it (``[render]``); the solvers read the first two, the renderer the last.

A ``Config`` keeps the file's text so that an error about ``puzzle.layout`` can name
the line the key stands on (tomllib itself only reports lines for syntax errors).

A file may start with a UTF-8 byte-order mark (as some editors write it); it is not part
of the text.  Hostile files end in a ``ConfigError`` too, never in a crash of the parser:
arrays and tables nested more than ``MAX_NESTING`` deep, integers of more digits than
Python converts, text that is not UTF-8.  Every number must be one a program can use: an
integer within TOML's 64-bit range (``INT_RANGE``), a float that is finite (TOML allows
``nan`` and ``inf``; no key takes them); each key's own range is its reader's.  Bad
values are shown with ``puzzlereel.ground.errors.quoted``, as in every other message: short and
on one line, however long or deep the value is.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlereel.ground.errors import PuzzlereelError, quoted

_MISSING: Any = object()

# how deep arrays and tables (objects) may nest in a config or a trace line; no puzzle
# needs more than four levels, and a fixed bound keeps every reader and writer of the
# data far from Python's recursion limit
MAX_NESTING = 32
# the largest config read: a 500x500 sliding-tile board is about 2 MB
MAX_CONFIG_BYTES = 16 << 20
# the most digits Python converts between text and an integer (4,300 unless changed)
MAX_DIGITS = sys.get_int_max_str_digits() or 4300
# the integers a config may hold: TOML's own, signed 64 bits (tomllib reads any size)
INT_RANGE = (-(1 << 63), (1 << 63) - 1)
BOM = "\ufeff"


def depth_of(data: object, limit: int = MAX_NESTING) -> tuple[int, tuple[str | int, ...]]:
    """How deep lists and dicts nest in ``data`` (a scalar is 0), and the path to the
    first place deeper than ``limit`` (empty when none is).  Iterative, so any depth is
    safe to measure; stops at the first place too deep."""
    deepest = 0
    stack: list[tuple[object, int, tuple[str | int, ...]]] = [(data, 0, ())]
    while stack:
        node, depth, path = stack.pop()
        items: Any
        if isinstance(node, dict):
            items = node.items()
        elif isinstance(node, list):
            items = enumerate(node)
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if depth > limit:
            return deepest, path
        stack.extend((child, depth, (*path, key)) for key, child in items
                     if isinstance(child, (dict, list)))
    return deepest, ()


_TOML_TOKENS = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"'
                          r"|'[^'\n]*'|#[^\n]*|[\[\]{}\n]", re.DOTALL)


def _deep_line(text: str, limit: int = MAX_NESTING) -> int | None:
    """The line where brackets and braces first nest deeper than ``limit`` (strings and
    comments skipped), if they do."""
    depth, line = 0, 1
    for m in _TOML_TOKENS.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                return line
        elif token in "]}":
            depth = max(0, depth - 1)
        else:
            line += token.count("\n")
    return None


def _key_on(text: str, line: int | None) -> str | None:
    """The dotted key assigned on ``line`` (``key = ...`` under its ``[table]``), if the
    line starts with one."""
    lines = text.splitlines()
    if line is None or line > len(lines):
        return None
    m = re.match(r"\s*([A-Za-z0-9_.\"' -]+?)\s*=", lines[line - 1])
    if not m:
        return None
    key = re.sub(r"[\"' ]", "", m.group(1))
    header = re.compile(r"^\s*\[+\s*([^\]]+?)\s*\]+\s*(#.*)?$")
    for above in reversed(lines[:line - 1]):
        h = header.match(above)
        if h:
            return re.sub(r"[\"' ]", "", h.group(1)) + "." + key
    return key


def _long_number_line(text: str) -> int | None:
    """The line of the first number written with more than ``MAX_DIGITS`` digits."""
    m = re.search(rf"[0-9_]{{{MAX_DIGITS + 1},}}", text)
    return text.count("\n", 0, m.start()) + 1 if m else None


class ConfigError(PuzzlereelError):
    """A config that cannot be used.  ``str()`` is one line: file, line, field, problem."""

    def __init__(self, problem: str, *, path: str, line: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(problem, source=path, line=line, field=field)

    @property
    def path(self) -> str:
        return str(self.source)


_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
               list: "a list", dict: "a table"}


@dataclass(frozen=True)
class Config:
    """One loaded config file: its path, text and parsed data."""

    path: str
    text: str
    data: Mapping[str, Any]

    @property
    def name(self) -> str:
        """The file name without its suffix: outputs are named after it."""
        return Path(self.path).stem

    @property
    def title(self) -> str | None:
        title = self.data.get("title")
        return title if isinstance(title, str) else None

    @property
    def goal_text(self) -> str | None:
        """The top-level ``goal_text`` (the goal in words, for the video), if given."""
        goal = self.get("goal_text", str, None)
        return goal.strip() or None if isinstance(goal, str) else None

    @property
    def puzzle_type(self) -> str:
        return str(self.get("puzzle.type", str))

    def section(self, name: str) -> Mapping[str, Any]:
        value = self.data.get(name, {})
        if not isinstance(value, dict):
            raise self.error(name, f"expected a table [{name}], got {quoted(value)}")
        return value

    # -------------------------------------------------------------- locating keys

    def line_of(self, dotted: str) -> int | None:
        """The line where ``dotted`` (for example ``puzzle.goal.x``) is written, if found."""
        parts = dotted.split(".")
        lines = self.text.splitlines()
        # find the deepest [table] header that is a prefix of the key
        for cut in range(len(parts) - 1, -1, -1):
            table = ".".join(parts[:cut])
            key = parts[cut] if cut < len(parts) else None
            start, end = self._table_span(lines, table)
            if start is None:
                continue
            if key is None:
                return start + 1 if table else None
            pat = re.compile(r"^\s*(\"?)" + re.escape(key) + r"\1\s*=")
            for i in range(start + (1 if table else 0), end):
                if pat.match(lines[i]):
                    return i + 1
            if table:
                return start + 1
        return None

    @staticmethod
    def _table_span(lines: list[str], table: str) -> tuple[int | None, int]:
        header = re.compile(r"^\s*\[+\s*([^\]]+?)\s*\]+\s*(#.*)?$")
        start: int | None = 0 if table == "" else None
        for i, line in enumerate(lines):
            m = header.match(line)
            if not m:
                continue
            if start is not None:
                return start, i
            if m.group(1).replace(" ", "").replace('"', "") == table:
                start = i
        return start, len(lines)

    def value_line(self, dotted: str, row: int) -> int | None:
        """The line of row ``row`` of a multi-line string value (a layout)."""
        line = self.line_of(dotted)
        if line is None:
            return None
        text = self.text.splitlines()[line - 1]
        after = text.split("=", 1)[1].strip()
        first = line + 1 if after in ('"""', "'''") else line
        return first + row

    def size(self, dotted: str, default: int | None = None) -> int | None:
        """A size in bytes: ``"2G"``/``"500 MiB"``, or a number of MiB."""
        raw = self.get(dotted, (str, int), None)
        if raw is None:
            return default
        if isinstance(raw, int):
            raw = f"{raw}M"
        try:
            return parse_size(raw)
        except ValueError as exc:
            raise self.error(dotted, str(exc)) from None

    def error(self, dotted: str, problem: str, *, line: int | None = None) -> ConfigError:
        return ConfigError(problem, path=self.path,
                           line=line if line is not None else self.line_of(dotted), field=dotted)

    # -------------------------------------------------------------- typed access

    def get(self, dotted: str, kind: type | tuple[type, ...], default: Any = _MISSING, *,
            choices: tuple[Any, ...] | None = None) -> Any:
        """The value at ``dotted``, checked against ``kind`` (and ``choices``)."""
        node: Any = self.data
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                if default is _MISSING:
                    raise self.error(dotted, "missing")
                return default
            node = node[part]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(
            (isinstance(node, k) and not (k in (int, float) and isinstance(node, bool)))
            or (k is float and isinstance(node, int) and not isinstance(node, bool))
            for k in kinds
        )
        if not ok:
            wanted = " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise self.error(dotted, f"expected {wanted}, got {quoted(node)}")
        if choices is not None and node not in choices:
            raise self.error(dotted, f"{quoted(node)} is not one of: "
                             + ", ".join(repr(c) for c in choices))
        return node


_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_size(text: str) -> int:
    """``"12G"``, ``"500 MiB"``, ``"1.5GB"`` -> bytes (units are powers of 1024), or a
    ``ValueError`` saying what is expected."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([KMGT]?)(?:i?B)?\s*", str(text), re.I)
    if not m or not text:
        raise ValueError(f"expected a size like 500M, 12G or 1.5 GiB, got {text!r}")
    value = float(m.group(1)) * _UNITS[m.group(2).upper()]
    if not 1 << 20 <= value <= 1 << 50:
        raise ValueError(f"{text!r} is outside 1 MiB .. 1 PiB")
    return int(value)


def format_size(n: int) -> str:
    """Bytes for people: 12884901888 -> "12 GiB", 1610612736 -> "1.5 GiB"."""
    for symbol, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20)):
        if n >= size:
            text = f"{n / size:.1f}".removesuffix(".0")
            return f"{text} {symbol}"
    return f"{n} bytes"


def load_config(path: str | Path) -> Config:
    """Read and parse a TOML config, or raise ``ConfigError``."""
    name = str(path)
    p = Path(path)
    try:
        with open(p, "rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError("no such file", path=name) from None
    except IsADirectoryError:
        raise ConfigError("is a directory, not a config file", path=name) from None
    except OSError as exc:
        raise ConfigError(f"cannot read ({exc.strerror})", path=name) from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError(f"larger than {MAX_CONFIG_BYTES >> 20} MiB, more than any config holds "
                          "(is this a config?)", path=name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text ({exc.reason})", path=name,
                          line=raw.count(b"\n", 0, exc.start) + 1) from None
    return parse_config(text, name)


def parse_config(text: str, name: str) -> Config:
    """A config from its TOML ``text`` (``name``: the file, as messages name it), or
    raise ``ConfigError``."""
    text = text.removeprefix(BOM)
    if not text.strip():
        raise ConfigError("empty file (a config needs at least a [puzzle] table)", path=name)
    try:
        data = tomllib.loads(text)
    except RecursionError:
        line = _deep_line(text)
        raise ConfigError(f"arrays or tables nested more than {MAX_NESTING} deep", path=name,
                          line=line, field=_key_on(text, line)) from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)
        if m:
            msg += f" (column {m.group(2)})"
        elif msg.endswith("(at end of document)"):   # the last line
            msg = msg.removesuffix("(at end of document)") + "(at the end of the file)"
            line = len(text.splitlines()) or 1
        raise ConfigError(f"TOML syntax error: {msg}", path=name, line=line) from None
    except ValueError:    # int() refused a number of too many digits
        line = _long_number_line(text)
        raise ConfigError(f"a number of more than {MAX_DIGITS:,} digits", path=name,
                          line=line, field=_key_on(text, line)) from None
    return checked(Config(path=name, text=text, data=data))


def _bad_number(value: object) -> str | None:
    """What is wrong with ``value`` as a number of a config, if it is one that is wrong."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and not INT_RANGE[0] <= value <= INT_RANGE[1]:
        return (f"{quoted(value)} is outside the integers a config holds "
                f"({INT_RANGE[0]:,} to {INT_RANGE[1]:,})")
    if isinstance(value, float) and not math.isfinite(value):
        return f"{quoted(value)} is not a number a config can use (give a finite one)"
    return None


def check_numbers(cfg: Config) -> None:
    """``ConfigError`` naming the line and key of the first number no key can use: an
    integer beyond 64 bits, ``nan`` or an infinity."""
    stack: list[tuple[object, tuple[str, ...]]] = [(cfg.data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, dict):
            stack.extend((child, (*path, str(key))) for key, child in node.items())
        elif isinstance(node, list):
            stack.extend((child, path) for child in node)
        elif (problem := _bad_number(node)) is not None:
            raise cfg.error(".".join(path[:3]), problem)


def checked(cfg: Config) -> Config:
    """``cfg`` once its tables are checked: not nested too deep, every number usable
    (``check_numbers``), a ``[puzzle]`` table, ``[solve]`` and ``[render]`` tables where
    given, a string ``title``."""
    name, text, data = cfg.path, cfg.text, cfg.data
    depth, where = depth_of(data)
    if where:
        dotted = ".".join(str(k) for k in where[:2] if isinstance(k, str))   # table.key
        raise cfg.error(dotted, f"arrays or tables nested more than {MAX_NESTING} deep",
                        line=_deep_line(text) or cfg.line_of(dotted))
    check_numbers(cfg)
    if "puzzle" not in data:
        raise ConfigError("missing [puzzle] table", path=name, field="puzzle")
    cfg.section("puzzle")
    cfg.section("solve")
    cfg.section("render")
    if "title" in data:
        cfg.get("title", str)
    return cfg
