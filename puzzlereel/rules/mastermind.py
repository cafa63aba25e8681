"""Replaying mastermind traces: each guess, its answer, and the codes still possible.

A guess must be a code of the header's shape (``length`` symbols from ``0..symbols-1``,
no symbol twice unless ``repeats``).  With a ``secret`` in the header every answer must be
the true (bulls, cows) against it; without one the answers must at least be consistent:
some code must agree with all of them.  ``remaining``, when given, must be the number of
codes still consistent with every answer so far.  Every game is checked for answers
no code can give (``length - 1`` bulls and a cow; fewer symbols in common than two
codes without repeats must share); a game of at most ``MAX_TRACKED`` codes keeps every
code still possible, so answers that no code satisfies together are refused as well; a
larger game keeps one code that agrees with every answer so far, and when an answer
rules it out looks for another (``agreeing_code``: place by place, pruned by what each
answer still allows), so contradicting answers are refused in a game of any size.
Nothing may follow the winning guess.

A game's ``candidates`` search events, one per guess before the guesses, tell how the
codes still possible narrow: step ``i`` tested the codes still possible before guess
``i`` against its answer and accepted the ones that agree.  So the first step tests every
code of the game, each step tests what the one before accepted, and step ``i`` accepts
guess ``i``'s ``remaining``.  (Merged steps, ``span`` > 1, are only checked for their
sums, as every trace's are.)
"""

from __future__ import annotations

from typing import Any

from puzzlereel.rules.notation import guess_words
from puzzlereel.trace import End, Event, Guess, Header, Search, TraceError
from puzzlereel.trace.fields import as_int_list, get_int
from puzzlereel.trace.replay import check_status

MAX_TRACKED = 2_000_000     # codes kept as one array of bytes (20 MB at 10 places)
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
        self.possible: Any = None       # the codes still possible (numpy rows), if kept
        self.answers: list[tuple[tuple[int, ...], int, int]] = []   # (guess, bulls, cows)
        self.witness: tuple[int, ...] | None = None   # a code agreeing with them all
        if total <= MAX_TRACKED:
            self.possible = every_code(self.symbols, self.length, repeats)

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

    def _check_possible(self, bulls: int, cows: int) -> None:
        """Refuse an answer that no code can give to any guess."""
        if bulls == self.length - 1 and cows == 1:
            raise TraceError(f"bulls {bulls} and a cow: with one place left, its symbol "
                             "cannot be elsewhere too", field="cows")
        least = 2 * self.length - self.symbols
        if not self.repeats and bulls + cows < least:
            raise TraceError(f"bulls + cows = {bulls + cows}: two codes of {self.length} "
                             f"different symbols out of {self.symbols} share at least "
                             f"{least}", field="cows")

    def step(self, event: Event) -> Event | None:
        if isinstance(event, Search):
            self._search(event)
            return None
        if isinstance(event, Guess):
            self._guess(event)
            return event
        if isinstance(event, End):
            self._end(event)
        return None

    def _guess(self, event: Guess) -> None:
        """A guess: its number, its code and its answer checked, then played."""
        if self.won:
            raise TraceError("a guess after the code was found", field="type")
        if event.n != self.moves + 1:
            raise TraceError(f"expected guess {self.moves + 1}, got {event.n}", field="n")
        code = self._check_code(event.code, "code")
        if event.bulls + event.cows > self.length:
            raise TraceError(f"bulls + cows = {event.bulls + event.cows} is more than the "
                             f"{self.length} places", field="cows")
        self._check_against_secret(event, code)
        self._check_possible(event.bulls, event.cows)
        if self.possible is None and self.secret is None:
            self._keep_a_witness(code, event.bulls, event.cows)
        if self.possible is not None:
            self._narrow(event, code)
        self._narrowed(event)
        self.rows.append(event)
        self.moves += 1
        self.won = event.bulls == self.length

    def _check_against_secret(self, event: Guess, code: tuple[int, ...]) -> None:
        """The guess's answer is the one the secret gives (when the header has it)."""
        if self.secret is None:
            return
        true = answer(self.secret, code)
        if (event.bulls, event.cows) != true:
            which = "bulls" if event.bulls != true[0] else "cows"
            raise TraceError(f"against the secret {list(self.secret)} the guess "
                             f"{list(code)} scores bulls {true[0]}, cows {true[1]}, not "
                             f"bulls {event.bulls}, cows {event.cows}", field=which)

    def _narrow(self, event: Guess, code: tuple[int, ...]) -> None:
        """Keep the codes that agree with the guess's answer: some must, and as many as
        the guess says remain."""
        self.possible = self.possible[agrees(self.possible, code, event.bulls, event.cows)]
        if not len(self.possible):
            raise TraceError("no code agrees with all the answers so far", field="bulls")
        if event.remaining is not None and event.remaining != len(self.possible):
            raise TraceError(f"{len(self.possible)} codes are still possible, the "
                             f"trace says {event.remaining}", field="remaining")

    def _end(self, event: End) -> None:
        """The end: one candidates step a guess (when they are kept so), and a status
        and a count of guesses that agree with the game."""
        if self._one_step_a_guess() and len(self.steps) != self.moves:
            steps = len(self.steps)
            raise TraceError(f"{steps} candidates {'step' if steps == 1 else 'steps'} "
                             f"for {self.moves} {'guess' if self.moves == 1 else 'guesses'}",
                             field="type")
        if event.status == "solved" and not self.won:
            raise TraceError("status is 'solved' but no guess found the code",
                             field="status")
        check_status(event, self.won, "a guess found the code")
        if self.declared is not None and event.status == "solved" \
                and self.declared != self.moves:
            raise TraceError(f"the header says {self.declared} guesses, the trace has "
                             f"{self.moves}", field="moves")

    def _keep_a_witness(self, code: tuple[int, ...], bulls: int, cows: int) -> None:
        """Keep a code that agrees with every answer so far (a game too large to keep
        them all); none left is a ``TraceError``.  A search too long to finish leaves the
        answers unchecked from then on."""
        self.answers.append((code, bulls, cows))
        if self.witness is not None and answer(self.witness, code) == (bulls, cows):
            return
        if self.witness is None and len(self.answers) > 1:
            return                      # an earlier search gave up
        try:
            self.witness = agreeing_code(self.answers, self.symbols, self.length,
                                         self.repeats)
        except Undecided:
            return
        if self.witness is None:
            raise TraceError("no code agrees with all the answers so far", field="bulls")

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
            words = guess_words(event.code, event.bulls, event.cows)
            return f"guess {event.n}: {words}  {list(event.code)}{won}"
        return event.type


class Undecided(Exception):
    """The search for an agreeing code took more steps than it may."""


SEARCH_STEPS = 200_000      # codes tried place by place before a search gives up


def agreeing_code(answers: list[tuple[tuple[int, ...], int, int]], symbols: int,
                  length: int, repeats: bool, steps: int = SEARCH_STEPS
                  ) -> tuple[int, ...] | None:
    """A code that answers every (guess, bulls, cows) of ``answers`` as they say, or None
    when none does; ``Undecided`` after ``steps`` places tried.

    The code is built place by place.  A symbol no guess holds scores nothing, so one
    such symbol (an unused one, without repeats) stands for them all; a partial code is
    dropped as soon as some answer's bulls, or bulls and cows together, are already
    exceeded or can no longer be reached with the places left."""
    seen = sorted({x for guess, _, _ in answers for x in guess})
    fresh = [x for x in range(symbols) if x not in set(seen)]
    wanted = [(bulls, bulls + cows) for _, bulls, cows in answers]
    in_guess = [{x: guess.count(x) for x in guess} for guess, _, _ in answers]
    hits = [0] * len(answers)
    common = [0] * len(answers)
    used: dict[int, int] = {}
    code: list[int] = []
    budget = [steps]

    def possible(left: int) -> bool:
        return all(h <= b <= h + left and c <= t <= c + left
                   for h, c, (b, t) in zip(hits, common, wanted, strict=True))

    def mark(x: int, place: int, sign: int) -> None:
        """Put ``x`` at ``place`` (``sign`` 1) or take it away from there (-1)."""
        if sign < 0:
            used[x] -= 1
        for i, (guess, _, _) in enumerate(answers):
            hits[i] += sign * (guess[place] == x)
            common[i] += sign * (used.get(x, 0) < in_guess[i].get(x, 0))
        if sign > 0:
            used[x] = used.get(x, 0) + 1

    def extend() -> bool:
        if not possible(length - len(code)):
            return False
        if len(code) == length:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            raise Undecided
        spare = [x for x in fresh if repeats or not used.get(x)][:1]
        for x in seen + spare:
            if not repeats and used.get(x):
                continue
            mark(x, len(code), 1)
            code.append(x)
            if extend():
                return True
            code.pop()
            mark(x, len(code), -1)
        return False

    return tuple(code) if extend() else None


def every_code(symbols: int, length: int, repeats: bool) -> Any:
    """Every code of a game as rows of a numpy array (symbols as bytes)."""
    import numpy as np

    grid = np.indices((symbols,) * length, dtype=np.int8).reshape(length, -1).T
    if not repeats:
        keep = np.ones(len(grid), dtype=bool)
        for a in range(length):
            for b in range(a + 1, length):
                keep &= grid[:, a] != grid[:, b]
        grid = grid[keep]
    return np.ascontiguousarray(grid)


def agrees(codes: Any, guess: tuple[int, ...], bulls: int, cows: int) -> Any:
    """Which of ``codes`` (numpy rows) answer ``guess`` with (bulls, cows)."""
    import numpy as np

    g = np.asarray(guess, dtype=np.int8)
    hits = (codes == g).sum(axis=1)
    common = np.zeros(len(codes), dtype=np.int64)
    for symbol in set(guess):
        common += np.minimum((codes == symbol).sum(axis=1), guess.count(symbol))
    return (hits == bulls) & (common - hits == cows)


__all__ = ["MastermindReplay", "Undecided", "agreeing_code", "agrees", "answer",
           "every_code"]
