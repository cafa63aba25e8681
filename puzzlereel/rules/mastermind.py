"""Replaying mastermind traces: each guess, its answer, and the codes still possible.

A guess must be a code of the header's shape (``length`` symbols from ``0..symbols-1``,
no symbol twice unless ``repeats``).  With a ``secret`` in the header every answer must be
the true (bulls, cows) against it; without one the answers must at least be consistent:
some code must agree with all of them.  ``remaining``, when given, must be the number of
codes still consistent with every answer so far (checked when the game has at most
``MAX_TRACKED`` codes).  Nothing may follow the winning guess.

A game's ``candidates`` search events, one per guess before the guesses, tell how the
codes still possible narrow: step ``i`` tested the codes still possible before guess
``i`` against its answer and accepted the ones that agree.  So the first step tests every
code of the game, each step tests what the one before accepted, and step ``i`` accepts
guess ``i``'s ``remaining``.  (Merged steps, ``span`` > 1, are only checked for their
sums, as every trace's are.)
"""

from __future__ import annotations

import itertools

from puzzlereel.trace import End, Event, Guess, Header, Search, TraceError
from puzzlereel.trace.fields import as_int_list, get_int

MAX_TRACKED = 60_000
MAX_SYMBOLS = 36        # as the solver allows: digits and letters
MAX_LENGTH = 10


def answer(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
    """(bulls, cows) of ``guess`` against ``secret``."""
    bulls = sum(1 for a, b in zip(secret, guess, strict=False) if a == b)
    common = sum(min(secret.count(s), guess.count(s)) for s in set(guess))
    return bulls, common - bulls


class MastermindReplay:
    """The board of a mastermind game: the guesses so far and what they leave possible."""

    def __init__(self, header: Header) -> None:
        f = header.fields
        self.symbols: int = get_int(f, "symbols", minimum=2)
        self.length: int = get_int(f, "length", minimum=1)
        if self.symbols > MAX_SYMBOLS:
            raise TraceError(f"at most {MAX_SYMBOLS} symbols, got {self.symbols}",
                             field="symbols")
        if self.length > MAX_LENGTH:
            raise TraceError(f"codes of at most {MAX_LENGTH} places, got {self.length}",
                             field="length")
        repeats = f.get("repeats", False)
        if not isinstance(repeats, bool):
            raise TraceError(f"expected true/false, got {repeats!r}", field="repeats")
        self.repeats = repeats
        if not repeats and self.length > self.symbols:
            raise TraceError(f"{self.length} places without repeats need at least "
                             f"{self.length} symbols", field="length")
        self.secret: tuple[int, ...] | None = None
        if f.get("secret") is not None:
            self.secret = self._check_code(as_int_list(f["secret"], "secret"), "secret")
        self.declared = get_int(f, "moves", optional=True, minimum=0)   # guesses, if given
        self.rows: list[Guess] = []
        self.moves = 0
        self.won = False
        total = self.symbols ** self.length if repeats else 0
        if not repeats:
            total = 1
            for i in range(self.length):
                total *= self.symbols - i
        self.total = total
        self.steps: list[Search] = []            # the candidates events, one per guess
        self.possible: list[tuple[int, ...]] | None = None
        if total <= MAX_TRACKED:
            gen = (itertools.product(range(self.symbols), repeat=self.length) if repeats
                   else itertools.permutations(range(self.symbols), self.length))
            self.possible = list(gen)

    def _check_code(self, code: tuple[int, ...], field: str) -> tuple[int, ...]:
        if len(code) != self.length:
            raise TraceError(f"{len(code)} symbols, codes have {self.length}", field=field)
        for x in code:
            if not 0 <= x < self.symbols:
                raise TraceError(f"symbol {x} is not in 0..{self.symbols - 1}", field=field)
        if not self.repeats and len(set(code)) != len(code):
            raise TraceError(f"{list(code)} repeats a symbol, the game has no repeats",
                             field=field)
        return code

    def step(self, event: Event) -> Event | None:
        if isinstance(event, Search):
            self._search(event)
            return None
        if isinstance(event, Guess):
            if self.won:
                raise TraceError("a guess after the code was found", field="type")
            if event.n != self.moves + 1:
                raise TraceError(f"expected guess {self.moves + 1}, got {event.n}", field="n")
            code = self._check_code(event.code, "code")
            if event.bulls + event.cows > self.length:
                raise TraceError(f"bulls + cows = {event.bulls + event.cows} is more than the "
                                 f"{self.length} places", field="cows")
            if self.secret is not None:
                true = answer(self.secret, code)
                if (event.bulls, event.cows) != true:
                    which = "bulls" if event.bulls != true[0] else "cows"
                    raise TraceError(f"against the secret {list(self.secret)} the guess "
                                     f"{list(code)} scores bulls {true[0]}, cows {true[1]}, not "
                                     f"bulls {event.bulls}, cows {event.cows}", field=which)
            if self.possible is not None:
                got = (event.bulls, event.cows)
                self.possible = [c for c in self.possible if answer(c, code) == got]
                if not self.possible:
                    raise TraceError("no code agrees with all the answers so far",
                                     field="bulls")
                if event.remaining is not None and event.remaining != len(self.possible):
                    raise TraceError(f"{len(self.possible)} codes are still possible, the "
                                     f"trace says {event.remaining}", field="remaining")
            self._narrowed(event)
            self.rows.append(event)
            self.moves += 1
            self.won = event.bulls == self.length
            return event
        if isinstance(event, End):
            if self._one_step_a_guess() and len(self.steps) != self.moves:
                steps = len(self.steps)
                raise TraceError(f"{steps} candidates {'step' if steps == 1 else 'steps'} "
                                 f"for {self.moves} {'guess' if self.moves == 1 else 'guesses'}",
                                 field="type")
            if event.status == "solved" and not self.won:
                raise TraceError("status is 'solved' but no guess found the code",
                                 field="status")
            if self.declared is not None and event.status == "solved" \
                    and self.declared != self.moves:
                raise TraceError(f"the header says {self.declared} guesses, the trace has "
                                 f"{self.moves}", field="moves")
        return None

    def _one_step_a_guess(self) -> bool:
        """Whether the game's candidates events are one per guess (none merged)."""
        return bool(self.steps) and all(s.phase == "candidates" and s.span == 1
                                        for s in self.steps)

    def _search(self, event: Search) -> None:
        """A candidates step: the first tests every code, each the last one's accepted."""
        self.steps.append(event)
        if not self._one_step_a_guess():
            return
        n = len(self.steps)
        before = self.total if n == 1 else self.steps[-2].accepted
        if event.tested != before:
            what = (f"the game has {before:,} codes" if n == 1
                    else f"step {n - 1} accepted {before:,}")
            raise TraceError(f"step {n} tests {event.tested:,} codes, but {what}",
                             field="tested")

    def _narrowed(self, guess: Guess) -> None:
        """Guess ``n``'s codes still possible against what step ``n`` accepted."""
        if not self._one_step_a_guess() or guess.n > len(self.steps):
            return
        accepted = self.steps[guess.n - 1].accepted
        left = guess.remaining if guess.remaining is not None else (
            len(self.possible) if self.possible is not None else None)
        if left is not None and accepted != left:
            raise TraceError(f"{left:,} codes still possible, but candidates step {guess.n} "
                             f"accepted {accepted:,}", field="remaining")

    def text(self) -> str:
        lines = []
        for g in self.rows:
            code = " ".join(str(x) for x in g.code)
            left = f"  ({g.remaining} possible)" if g.remaining is not None else ""
            lines.append(f"{g.n:2d}: {code}  bulls {g.bulls} cows {g.cows}{left}")
        return "\n".join(lines)

    def describe(self, event: Event) -> str:
        if isinstance(event, Guess):
            won = " - found it" if event.bulls == self.length else ""
            return f"guess {event.n}: {list(event.code)}{won}"
        return event.type


__all__ = ["MastermindReplay", "answer"]
