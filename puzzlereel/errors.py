"""The one family of errors puzzlereel raises about its input, and their exit codes.

Every problem with what a user gave us (a config, a trace, an option, a puzzle that
cannot be searched as asked) is a ``PuzzlereelError``: a ``ValueError`` whose ``str()``
is one line naming where the problem is (file, line, field) and quoting the bad input.
The command line prints that line and exits with the class's ``exit_code``; nothing
else in the program needs to know which subclass it was.
"""

from __future__ import annotations

from typing import Self

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_UNSOLVABLE = 3
EXIT_LIMIT = 4


class PuzzlereelError(ValueError):
    """Bad input.  ``str()`` is one line: ``source: line N: field: problem``."""

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
            parts.append(self.field)
        parts.append(self.problem)
        return ": ".join(parts)


class UsageError(PuzzlereelError):
    """A command-line option that cannot be used (exit 2, like the parser's own errors)."""

    exit_code = EXIT_USAGE


__all__ = ["EXIT_BAD_INPUT", "EXIT_LIMIT", "EXIT_OK", "EXIT_UNSOLVABLE", "EXIT_USAGE",
           "PuzzlereelError", "UsageError"]
