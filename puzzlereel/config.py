"""Puzzle config files (TOML): loading them and reporting bad input by file, line and field.

A config describes one puzzle instance (``[puzzle]``), how to solve it (``[solve]``)
and how to draw it (``[render]``); the solvers read the first two, the app the last.

A ``Config`` keeps the file's text so that an error about ``puzzle.layout`` can name
the line the key stands on (tomllib itself only reports lines for syntax errors).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlereel.errors import PuzzlereelError

_MISSING: Any = object()


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
    def puzzle_type(self) -> str:
        return str(self.get("puzzle.type", str))

    def section(self, name: str) -> Mapping[str, Any]:
        value = self.data.get(name, {})
        if not isinstance(value, dict):
            raise self.error(name, f"expected a table [{name}], got {value!r}")
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
            raise self.error(dotted, f"expected {wanted}, got {node!r}")
        if choices is not None and node not in choices:
            raise self.error(dotted, f"{node!r} is not one of: "
                             + ", ".join(repr(c) for c in choices))
        return node


def load_config(path: str | Path) -> Config:
    """Read and parse a TOML config, or raise ``ConfigError``."""
    name = str(path)
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise ConfigError("no such file", path=name) from None
    except IsADirectoryError:
        raise ConfigError("is a directory, not a config file", path=name) from None
    except OSError as exc:
        raise ConfigError(f"cannot read ({exc.strerror})", path=name) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError("not UTF-8 text", path=name) from None
    if not text.strip():
        raise ConfigError("empty file (a config needs at least a [puzzle] table)", path=name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)
        if m:
            msg += f" (column {m.group(2)})"
        raise ConfigError(f"TOML syntax error: {msg}", path=name, line=line) from None
    cfg = Config(path=name, text=text, data=data)
    if "puzzle" not in data:
        raise ConfigError("missing [puzzle] table", path=name, field="puzzle")
    cfg.section("puzzle")
    cfg.section("solve")
    cfg.section("render")
    if "title" in data:
        cfg.get("title", str)
    return cfg
