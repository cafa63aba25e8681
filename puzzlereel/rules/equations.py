"""Replaying the equation puzzles: komachi, oomachi and alphametic solutions.

Each ``solution`` event carries the solved equation as text (``1+2+34-5+67-8+9=100``,
``1267*1268*1269=2038719564``, ``9567+1085=10652``; alphametics also give the letter ->
digit ``assignment``).  The replay reads the text with ``arith`` (never ``eval``), works
the arithmetic out exactly and checks it against the puzzle in the header: the digits in
order and the allowed operators (komachi), consecutive factors and each digit once
(oomachi), one digit per letter, no leading zeros and the words spelled out (alphametic).
Solutions are numbered from 1 and none may repeat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzlereel.rules.arith import OPERATORS, ArithError, Expression, parse_equation
from puzzlereel.rules.notation import equation_words, letter_words, reveal_order
from puzzlereel.trace import End, Event, Header, SolutionFound, TraceError
from puzzlereel.trace.fields import get_int, get_list, get_str
from puzzlereel.trace.replay import check_status


def _spaced(text: str) -> str:
    out = []
    for ch in text:
        out.append(f" {ch} " if ch in OPERATORS or ch == "=" else ch)
    return "".join(out)


class _EquationReplay:
    """Shared bookkeeping: numbering, duplicates, the end's solution count."""

    puzzle = ""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.moves = 0
        self.solutions: list[SolutionFound] = []
        self.seen: set[str] = set()

    def check(self, event: SolutionFound, left: Expression, right: Expression) -> None:
        raise NotImplementedError

    def step(self, event: Event) -> Event | None:
        if isinstance(event, SolutionFound):
            if event.k != len(self.solutions) + 1:
                raise TraceError(f"expected solution {len(self.solutions) + 1}, got {event.k}",
                                 field="k")
            if event.text is None:
                raise TraceError(f"a {self.puzzle} solution needs its text", field="text")
            try:
                left, right = parse_equation(event.text)
            except ArithError as exc:
                raise TraceError(str(exc), field="text") from None
            self.check(event, left, right)
            key = event.text.replace(" ", "")
            if key in self.seen:
                raise TraceError(f"solution {event.text!r} was already given", field="text")
            self.seen.add(key)
            self.solutions.append(event)
            return event
        if isinstance(event, End):
            found = event.stats.get("solutions")
            if isinstance(found, int) and found != len(self.solutions):
                raise TraceError(f"says {found} solutions, the trace has "
                                 f"{len(self.solutions)}", field="stats.solutions")
            if event.status == "solved" and not self.solutions:
                raise TraceError("status is 'solved' but the trace holds no solution",
                                 field="status")
            check_status(event, bool(self.solutions), "the trace holds a solution")
        return None

    def text(self) -> str:
        if not self.solutions:
            return ""
        return _spaced(self.solutions[-1].text or "")

    def describe(self, event: Event) -> str:
        """One line for ``show``: the solution in the video's words, then as written."""
        if isinstance(event, SolutionFound):
            return f"solution {event.k}: {self.words(event)}  {event.text or ''}".rstrip()
        return event.type

    def words(self, event: SolutionFound) -> str:
        """A solution as the video's move list says it (``notation.equation_words``)."""
        return equation_words(event.text or "")


def _no_leading_zero(expr: Expression) -> None:
    for num in expr.numbers:
        if len(num) > 1 and num[0] == "0":
            raise TraceError(f"the number {num} starts with 0", field="text")


class KomachiReplay(_EquationReplay):
    """Digits in order with operators between them, equal to the target."""

    puzzle = "komachi"

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        f = header.fields
        self.target: int = get_int(f, "target")
        raw = get_list(f, "digits", optional=True)
        digits = raw if raw is not None else [1, 2, 3, 4, 5, 6, 7, 8, 9]
        if any(isinstance(d, bool) or not isinstance(d, int) or not 0 <= d <= 9
               for d in digits) or not digits:
            raise TraceError(f"expected a list of digits 0-9, got {digits!r}", field="digits")
        self.digits = "".join(str(d) for d in digits)
        ops = get_list(f, "operators", optional=True)
        ops = ["+", "-"] if ops is None else ops
        for op in ops:
            if op not in OPERATORS:
                raise TraceError(f"unknown operator {op!r} (known: {' '.join(OPERATORS)})",
                                 field="operators")
        self.operators = tuple(ops)
        join = f.get("join", True)
        if not isinstance(join, bool):
            raise TraceError(f"expected true/false, got {join!r}", field="join")
        self.join = join

    def check(self, event: SolutionFound, left: Expression, right: Expression) -> None:
        if len(right.numbers) != 1 or right.value() != self.target:
            raise TraceError(f"the right-hand side must be the target {self.target}, got "
                             f"{right.text()!r}", field="text")
        if "".join(left.numbers) != self.digits:
            raise TraceError(f"the digits must be {self.digits} in order, got "
                             f"{''.join(left.numbers)}", field="text")
        for op in left.ops:
            if op not in self.operators:
                raise TraceError(f"operator {op!r} is not allowed (allowed: "
                                 f"{' '.join(self.operators)})", field="text")
        if not self.join and any(len(n) > 1 for n in left.numbers):
            raise TraceError("digits may not be joined in this puzzle", field="text")
        _no_leading_zero(left)
        try:
            value = left.value()
        except ArithError as exc:
            raise TraceError(str(exc), field="text") from None
        if value != self.target:
            raise TraceError(f"{left.text()} is {value}, not {self.target}", field="text")


class OomachiReplay(_EquationReplay):
    """A product of consecutive integers that uses each digit exactly once."""

    puzzle = "oomachi"

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        f = header.fields
        self.terms: int = get_int(f, "terms", minimum=1)
        digits = get_str(f, "digits", optional=True, default="0123456789")
        if not digits.isdigit() or not digits.isascii() or len(set(digits)) != len(digits):
            raise TraceError(f"expected distinct digits, got {digits!r}", field="digits")
        self.digits = digits

    def check(self, event: SolutionFound, left: Expression, right: Expression) -> None:
        if any(op != "*" for op in left.ops):
            raise TraceError(f"expected a product, got {left.text()!r}", field="text")
        if len(left.numbers) != self.terms:
            raise TraceError(f"{len(left.numbers)} factors, the puzzle has {self.terms}",
                             field="text")
        factors = [int(n) for n in left.numbers]
        for a, b in zip(factors, factors[1:], strict=False):
            if b != a + 1:
                raise TraceError(f"the factors {a} and {b} are not consecutive", field="text")
        if len(right.numbers) != 1 or right.negative:
            raise TraceError("the right-hand side must be one number, a product of "
                             "positive factors", field="text")
        _no_leading_zero(left)
        _no_leading_zero(right)
        value = right.numbers[0]
        if left.value() != int(value):
            raise TraceError(f"{left.text()} is {left.value()}, not {value}", field="text")
        if sorted(value) != sorted(self.digits):
            raise TraceError(f"{value} does not use each of the digits {self.digits} once",
                             field="text")


class AlphameticReplay(_EquationReplay):
    """Letters replaced by digits: one digit per letter, the sum holds."""

    puzzle = "alphametic"

    def __init__(self, header: Header) -> None:
        super().__init__(header)
        self.equation: str = get_str(header.fields, "equation").upper()
        try:
            self.left, self.right = parse_equation(self.equation, symbols=True)
        except ArithError as exc:
            raise TraceError(str(exc), field="equation") from None
        words = self.left.numbers + self.right.numbers
        if any(not w.isalpha() for w in words):
            raise TraceError(f"expected words of letters, got {self.equation!r}",
                             field="equation")
        if any(op not in "+-" for op in self.left.ops + self.right.ops):
            raise TraceError("alphametic equations use + and - only", field="equation")
        self.letters = frozenset("".join(words))
        self.leading = frozenset(w[0] for w in words if len(w) > 1)

    def words(self, event: SolutionFound) -> str:
        """The letters' digits as the video reveals them, one a move: "D = 7 · E = 5 …"."""
        values = {k.upper(): v for k, v in (event.assignment or {}).items()}
        order = reveal_order(self.left.numbers + self.right.numbers)
        return " · ".join(letter_words(ch, values.get(ch)) for ch in order)

    def _number(self, word: str, assignment: Mapping[str, Any]) -> str:
        return "".join(str(assignment[ch]) for ch in word)

    def check(self, event: SolutionFound, left: Expression, right: Expression) -> None:
        a = event.assignment
        if a is None:
            raise TraceError("an alphametic solution needs its assignment", field="assignment")
        a = {k.upper(): v for k, v in a.items()}
        if set(a) != self.letters:
            missing = sorted(self.letters - set(a))
            extra = sorted(set(a) - self.letters)
            raise TraceError(f"the letters are {''.join(sorted(self.letters))}"
                             + (f"; missing {''.join(missing)}" if missing else "")
                             + (f"; not in the equation {''.join(extra)}" if extra else ""),
                             field="assignment")
        for ch, d in a.items():
            if not 0 <= d <= 9:
                raise TraceError(f"{ch} = {d} is not a digit", field="assignment")
            if d == 0 and ch in self.leading:
                raise TraceError(f"{ch} starts a word and may not be 0", field="assignment")
        if len(set(a.values())) != len(a):
            raise TraceError("two letters share a digit", field="assignment")
        want_left = Expression(tuple(self._number(w, a) for w in self.left.numbers),
                               self.left.ops)
        want_right = Expression(tuple(self._number(w, a) for w in self.right.numbers),
                                self.right.ops)
        if want_left.value() != want_right.value():
            raise TraceError(f"{want_left.text()} = {want_left.value()}, but "
                             f"{want_right.text()} = {want_right.value()}", field="assignment")
        if (left.text(), right.text()) != (want_left.text(), want_right.text()):
            raise TraceError(f"the text should read {want_left.text()}={want_right.text()} "
                             "under the assignment", field="text")

    def text(self) -> str:
        if not self.solutions:
            return ""
        return f"{_spaced(self.equation.replace(' ', ''))}\n{super().text()}"


__all__ = ["KomachiReplay", "OomachiReplay", "AlphameticReplay"]
