"""The one family of errors puzzlereel raises about its input, and their exit codes.

Every problem with what a user gave us (a config, a trace, an option, a puzzle that
cannot be searched as asked) is a ``PuzzlereelError``: a ``ValueError`` whose ``str()``
is one line naming where the problem is (file, line, field) and quoting the bad input.
The command line prints that line and exits with the class's ``exit_code``; nothing
else in the program needs to know which subclass it was.  ``quoted`` shows a bad value
the way every such message quotes it: short, on one line, safe for any size.
"""

from __future__ import annotations

import reprlib
from typing import Self

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_UNSOLVABLE = 3
EXIT_LIMIT = 4


MAX_PROBLEM = 400      # characters of a problem a message shows; the middle of a longer
                       # one (a value quoted whole somewhere) is cut


class PuzzlereelError(ValueError):
    """Bad input.  ``str()`` is one line: ``source: line N: field: problem``, short
    however large the input was (``MAX_PROBLEM``)."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, problem: str, *, source: str | None = None, line: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.source = source
        self.line = line
        self.field = field

    def located(self, *, source: str | None = None, line: int | None = None,
                field: str | None = None) -> Self:
        """A copy with the source, line and field filled in where this one has none."""
        new = type(self).__new__(type(self), *self.args)  # no __init__: keep every attribute
        new.__dict__.update(self.__dict__)
        new.source = self.source if self.source is not None else source
        new.line = self.line if self.line is not None else line
        new.field = self.field if self.field is not None else field
        return new

    def __str__(self) -> str:
        parts = [str(p) for p in (self.source,) if p is not None]
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field:
            parts.append(quoted(self.field, 80, quote=False))
        parts.append(_short(self.problem))
        return ": ".join(parts)


def _short(problem: str, limit: int = MAX_PROBLEM) -> str:
    """``problem`` on one line, its middle cut when it is longer than ``limit``."""
    line = problem.replace("\r", " ").replace("\n", " ")
    if len(line) <= limit:
        return line
    half = limit // 2
    return f"{line[:half]} … ({len(line) - 2 * half:,} characters cut) … {line[-half:]}"


class UsageError(PuzzlereelError):
    """A command-line option that cannot be used (exit 2, like the parser's own errors)."""

    exit_code = EXIT_USAGE


class UnsupportedFormat(UsageError):
    """An output whose suffix names no format puzzlereel writes."""


class _Short(reprlib.Repr):
    """``repr`` cut short: a few items of a container, a few levels deep, long integers
    by their size (``repr`` of one with more than 4,300 digits would raise)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxdict = self.maxlist = self.maxtuple = self.maxset = 6
        self.maxstring = self.maxother = limit
        self.maxlong = limit

    def repr_int(self, x: int, level: int) -> str:
        return _int_text(x, self.maxlong)


def _int_text(x: int, limit: int) -> str:
    if x.bit_length() <= 3 * limit:     # at most about 0.9 * limit digits
        return repr(x)
    size = abs(x)
    digits = int((size.bit_length() - 1) * 0.30102999566398120) + 1   # then made exact
    digits += size >= 10**digits
    digits -= size < 10 ** (digits - 1)
    return f"<an integer of {digits:,} digits>"


def quoted(value: object, limit: int = 60, *, quote: bool = True) -> str:
    """``value`` as an error message shows it: ``repr``, on one line and at most about
    ``limit`` characters (a longer string ends in "…", a container shows its first items,
    an integer of many digits its size).  ``quote=False`` leaves a string's quotes off
    (for names in a field path)."""
    if isinstance(value, str):
        text = repr(value[:limit])
        if len(value) > limit:
            text = text[:-1] + "…" + text[-1]
        return text if quote else text[1:-1]
    if isinstance(value, int) and not isinstance(value, bool):
        return _int_text(value, limit)
    text = _Short(limit).repr(value)
    return text if len(text) <= 2 * limit else text[:2 * limit] + "…"


__all__ = ["EXIT_BAD_INPUT", "EXIT_LIMIT", "EXIT_OK", "EXIT_UNSOLVABLE", "EXIT_USAGE",
           "PuzzlereelError", "UnsupportedFormat", "UsageError", "quoted"]
