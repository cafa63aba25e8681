"""Exact arithmetic on equation text such as ``1+2+34-5=32`` or ``1267*1268*1269=2038719564``.

The generate-and-test replays (komachi, oomachi, alphametic) check a solution by reading
its text and working the sums out here: integers, ``+ - * /`` with the usual precedence,
evaluated with exact fractions.  Nothing is ever handed to ``eval``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from puzzlereel.ground.errors import PuzzlereelError

OPERATORS = ("+", "-", "*", "/")


class ArithError(PuzzlereelError):
    """Text that is not a well-formed equation; the message quotes the bad part."""


@dataclass(frozen=True)
class Expression:
    """A flat expression: ``numbers[0] ops[0] numbers[1] ...``, numbers as written."""

    numbers: tuple[str, ...]
    ops: tuple[str, ...]
    negative: bool = False           # a minus before the first number (``-44``)

    def value(self) -> Fraction:
        """The exact value, ``*`` and ``/`` binding tighter than ``+`` and ``-``."""
        total = Fraction(0)
        sign = 1
        term = Fraction(-int(self.numbers[0]) if self.negative else int(self.numbers[0]))
        for op, num in zip(self.ops, self.numbers[1:], strict=False):
            x = int(num)
            if op == "*":
                term *= x
            elif op == "/":
                if x == 0:
                    raise ArithError(f"division by zero in {self.text()!r}")
                term /= x
            else:
                total += sign * term
                sign = 1 if op == "+" else -1
                term = Fraction(x)
        return total + sign * term

    def text(self) -> str:
        out = ["-" + self.numbers[0] if self.negative else self.numbers[0]]
        for op, num in zip(self.ops, self.numbers[1:], strict=False):
            out += [op, num]
        return "".join(out)


def parse_expression(text: str, *, symbols: bool = False,
                     signed: bool = False) -> Expression:
    """Split ``text`` into numbers and operators (spaces ignored).

    With ``symbols`` the operands may be words of letters (alphametics) instead of
    digit strings; with ``signed`` the first number may have a minus (``-44``).
    """
    s = text.replace(" ", "")
    negative = signed and s.startswith("-")
    if negative:
        s = s[1:]
    if not s:
        raise ArithError("empty expression")
    numbers: list[str] = []
    ops: list[str] = []
    cur = ""
    for ch in s:
        if ch in OPERATORS:
            if not cur:
                raise ArithError(f"operator {ch!r} without a number before it in {text!r}")
            numbers.append(cur)
            ops.append(ch)
            cur = ""
        elif ch.isdigit() and ch.isascii() or symbols and ch.isalpha():
            cur += ch
        else:
            raise ArithError(f"unexpected character {ch!r} in {text!r}")
    if not cur:
        raise ArithError(f"{text!r} ends with an operator")
    numbers.append(cur)
    return Expression(tuple(numbers), tuple(ops), negative)


def parse_equation(text: str, *, symbols: bool = False) -> tuple[Expression, Expression]:
    """``left = right`` as two expressions; a number on the right may be negative
    (a komachi target of -44)."""
    parts = text.split("=")
    if len(parts) != 2:
        raise ArithError(f"expected exactly one '=' in {text!r}")
    return (parse_expression(parts[0], symbols=symbols),
            parse_expression(parts[1], symbols=symbols, signed=not symbols))


__all__ = ["OPERATORS", "ArithError", "Expression", "parse_expression", "parse_equation"]
