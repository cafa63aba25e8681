"""The pace of a video: how long each beat plays, how the moves are grouped into the
lines a viewer reads, and how long the video opens and ends.

**Weight.**  Each beat plays for ``units x speed`` seconds and rests ``pause`` after it,
both times its **weight** (``weights``): a routine move weighs 1, one where most moves
would have done as well a little less (``FREE``), and a move that matters plays at
least a few times as long as the median move (``stress``): a decisive move (the only
move of its position that keeps the optimum, where the position had more legal moves
than most: the trace's optional ``legal`` / ``optimal`` counts, ``Beat.choices``), a
move of the piece the puzzle is about (``Beat.leading``, the scene's fact) and the last
moves before the goal (the family's ``finale``).  Then every beat's time is scaled by
one factor so that the moves together last what they would unweighted (``timed``): the
video keeps its length, routine moves go a little faster and the moves that matter get
the time.  ``--speed`` and ``--pause`` keep their meaning (the average) and scale this
pace.

**Lines.**  The move list changes its current line no faster than a viewer reads it:
consecutive moves share a line until it has been on screen ``LINE_SECONDS`` (``lines``).

**Opening and ending.**  The opening lasts as long as its words take to read, within
bounds and never more than a share of the moves' time, and ``PICTURE_SECONDS`` more
when the goal's picture follows the words (``opening_seconds``); the ending
(the payoff, the final hold and the result) is at most ``ENDING_SHARE`` of the video and
at least ``ENDING_LEAST`` seconds (``ending_seconds``).

Everything here is a pure function of numbers and words: the schedule
(``render.direction.schedule``) and the plan call it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlereel.render.direction.scene.beats import Beat

FREE = 0.85            # the weight of a move where half or more of the legal moves keep
#                        the optimum (a routine move weighs 1)
# the moves that play at least this many times as long as the median move:
DECISIVE = 1.6         # the only move that keeps the optimum among more legal moves
#                        than most of its trace's positions have (``decisive``)
LEADING = 1.8          # a move of the piece the puzzle is about
FINALE = (1.8, 2.4)    # the last moves before the goal: the first of them, the very last
FINALE_MOVES = 5       # ... how many
SQUEEZE = 0.65         # the factor that keeps the moves' total never goes below this

LINE_SECONDS = 0.6     # a line of the move list stays at least this long (when it can)
LINE_MOVES = 4         # ... and holds at most this many moves

READ_RATE = 6.0               # words a second of a heading skimmed on screen
OPENING_BASE = 0.4            # seconds before the words are read
OPENING_BOUNDS = (1.0, 3.0)   # the opening's least and most seconds
OPENING_SHARE = 0.25          # ... and at most this share of the moves' time (from 1.2 s)
PICTURE_SECONDS = 1.0         # the goal's picture after the opening's words
ENDING_SHARE = 0.15           # the ending's most share of the video
ENDING_LEAST = 2.0            # ... and its least seconds


def typical_legal(beats: Sequence[Beat]) -> float:
    """The number of legal moves that three positions in four of the trace's have at
    most (its upper quartile, over the beats whose counts it gives; 0: none gives
    them)."""
    legal = sorted(b.choices.legal for b in beats if b.choices is not None)
    return float(legal[math.ceil(0.75 * len(legal)) - 1]) if legal else 0.0


def decisive(beat: Beat, typical: float) -> bool:
    """Whether ``beat`` was the only move of its position that keeps the optimum where
    the position had more legal moves than ``typical`` (``typical_legal``; at least
    3): a choice worth the time, and worth saying on screen.  A puzzle whose every
    move is forced has no move to single out for it."""
    c = beat.choices
    return c is not None and c.optimal == 1 and c.legal > max(typical, 2.0)


def choice_weight(beat: Beat) -> float:
    """``FREE`` for a move where half or more of the legal moves would keep the optimum
    as well, else 1."""
    c = beat.choices
    return FREE if c is not None and c.legal >= 2 and 2 * c.optimal >= c.legal else 1.0


def stress(beats: Sequence[Beat], finale: int = FINALE_MOVES) -> list[float]:
    """How much longer than the median move each beat plays at least (0: no more than
    its weight says): ``DECISIVE`` for a decisive move, ``LEADING`` for a move of the
    piece the puzzle is about, ``FINALE`` rising over the last ``finale`` counted beats
    before the goal."""
    counted = [k for k, b in enumerate(beats) if b.move and b.units > 0]
    last = {k: i for i, k in enumerate(reversed(counted[-finale:]))} if finale > 0 else {}
    typical = typical_legal(beats)
    lo, hi = FINALE
    out = []
    for k, beat in enumerate(beats):
        least = 0.0
        if beat.move and beat.units > 0:
            least = max(DECISIVE if decisive(beat, typical) else 0.0,
                        LEADING if beat.leading else 0.0)
        if k in last:
            least = max(least, hi - (hi - lo) * last[k] / max(1, finale - 1))
        out.append(least)
    return out


def weights(beats: Sequence[Beat], rests: Sequence[float], speed: float,
            finale: int = FINALE_MOVES) -> list[float]:
    """Each beat's weight (see the module docstring): its choices' (``choice_weight``),
    raised where the beat must play ``stress`` times as long as the median move once
    weighted (the median routine move where routine moves, counted beats without
    stress, are not the most) plays (``rests``: the pause after each; where every
    counted beat has some stress, none stands out and none is raised); beats the
    counter does not count (steps between moves, instants) weigh 1."""
    plain = [b.units * speed + r for b, r in zip(beats, rests, strict=True)]
    counted = [b.move is not None and b.move > 0 and b.units > 0 for b in beats]
    w = [choice_weight(b) if c else 1.0 for b, c in zip(beats, counted, strict=True)]
    least = stress(beats, finale)
    routine = sorted(p * x for p, x, c, s in zip(plain, w, counted, least, strict=True)
                     if c and not s)
    if not routine:             # every move matters as much: none stands out
        return w
    half = sum(counted) // 2
    # the median move once the stressed ones play longer than it: the routine move of
    # the same rank, while routine moves are more than half of them
    median = routine[half] if len(routine) > half else \
        routine[len(routine) // 2]
    return [max(x, s * median / p) if s and p > 0 else x
            for x, p, s in zip(w, plain, least, strict=True)]


@dataclass(frozen=True)
class Timed:
    """A beat's seconds: its motion and the stillness after it (0: none)."""

    motion: float
    pause: float


def timed(beats: Sequence[Beat], speed: float, pause: float,
          finale: int = FINALE_MOVES) -> list[Timed]:
    """Each beat's seconds at ``speed`` a unit and ``pause`` after each beat that has
    one (never after the last), weighted (``weights``) and then scaled together by one
    factor so that the beats last as long as unweighted, that factor never under
    ``SQUEEZE`` (a short video whose moves nearly all matter runs longer instead)."""
    last = len(beats) - 1
    rests = [pause if b.pause and k < last and pause > 0 else 0.0
             for k, b in enumerate(beats)]
    w = weights(beats, rests, speed, finale)
    plain = sum(b.units * speed + r for b, r in zip(beats, rests, strict=True))
    weighted = sum((b.units * speed + r) * x for b, r, x in zip(beats, rests, w, strict=True))
    scale = max(SQUEEZE, plain / weighted) if weighted > 0 else 1.0
    return [Timed(b.units * speed * x * scale, r * x * scale)
            for b, r, x in zip(beats, rests, w, strict=True)]


# ---------------------------------------------------------------- lines


@dataclass(frozen=True)
class Line:
    """One line of the move list: the counted beats' notes it holds (indexes into the
    plan's notes), their texts (a text repeated by the beats of one move told once) and
    the note each text is (``at``), the first and the last number it covers, and its
    counter word."""

    notes: tuple[int, ...]
    first: int
    last: int
    texts: tuple[str, ...]
    word: str
    at: tuple[int, ...] = ()

    @property
    def number(self) -> str:
        """The line's number column: its first move's number."""
        return str(self.first)

    @property
    def label(self) -> str:
        """The line's numbers in words: "12" or "12–14"."""
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"

    def texts_upto(self, note: int) -> tuple[str, ...]:
        """The texts of the notes up to note ``note``: the moves begun by then."""
        return tuple(t for t, i in zip(self.texts, self.at, strict=True) if i <= note)


def lines(notes: Sequence[tuple[int, str, str]], starts: Sequence[float]) -> list[Line]:
    """The move list's lines: ``notes`` (number, note, counter word) in order, each
    shown from ``starts[i]`` seconds, grouped so that a line stays at least
    ``LINE_SECONDS`` before the next begins, holds at most ``LINE_MOVES`` moves and
    keeps to one counter word; the notes of one move (beats of the same number in a
    row) stay on one line.  A line covers the numbers from the one after the last of
    the line before (a beat may stand for several: a time-lapse) to its own last."""
    out: list[Line] = []
    group: list[int] = []

    def close() -> None:
        if not group:
            return
        i0 = group[0]
        number, _, word = notes[i0]
        before = notes[i0 - 1][0] if i0 > 0 and notes[i0 - 1][2] == word else 0
        texts: list[str] = []
        at: list[int] = []
        for i in group:
            repeated = i > i0 and notes[i][:2] == notes[i - 1][:2]   # one move, one text
            if not repeated:
                texts.append(notes[i][1])
                at.append(i)
        out.append(Line(tuple(group), min(number, before + 1), notes[group[-1]][0],
                        tuple(texts), word, tuple(at)))
        group.clear()

    moves_in = 0
    for i, (number, _text, word) in enumerate(notes):
        if group:
            same_move = notes[group[-1]][0] == number
            aged = starts[i] - starts[group[0]] >= LINE_SECONDS - 1e-9
            if word != notes[group[0]][2] or (not same_move and
                                              (aged or moves_in >= LINE_MOVES)):
                close()
                moves_in = 0
        if not group or notes[group[-1]][0] != number:
            moves_in += 1
        group.append(i)
    close()
    return out


# ---------------------------------------------------------------- opening and ending


def reading_seconds(words: str) -> float:
    """The seconds a viewer takes to skim ``words`` on screen."""
    return OPENING_BASE + len(words.split()) / READ_RATE


def opening_seconds(words: str, moves_seconds: float, picture: bool = False) -> float:
    """The opening's length: as long as ``words`` (the title and the goal) take to read,
    and ``PICTURE_SECONDS`` more with a ``picture`` of the goal after them; at most
    ``OPENING_SHARE`` of the moves' time (but 1.2 s at least, and the picture's seconds
    more), within ``OPENING_BOUNDS``."""
    lo, hi = OPENING_BOUNDS
    extra = PICTURE_SECONDS if picture else 0.0
    most = min(hi, max(1.2, OPENING_SHARE * moves_seconds) + extra)
    return max(lo, min(reading_seconds(words) + extra, most))


def ending_seconds(before: float, usual: float) -> float:
    """The ending's length (the payoff, the hold and the result) after ``before``
    seconds of video: at most ``ENDING_SHARE`` of the whole video and ``usual`` (the
    family's own), at least ``ENDING_LEAST``."""
    share = ENDING_SHARE / (1 - ENDING_SHARE) * before
    return max(ENDING_LEAST, min(usual, share))


__all__ = ["DECISIVE", "ENDING_LEAST", "ENDING_SHARE", "FINALE", "FINALE_MOVES", "FREE",
           "LEADING", "LINE_MOVES", "LINE_SECONDS", "OPENING_BOUNDS", "PICTURE_SECONDS",
           "SQUEEZE", "Line",
           "Timed", "choice_weight", "decisive", "ending_seconds", "lines", "opening_seconds",
           "reading_seconds", "stress", "timed", "typical_legal", "weights"]
