"""The plan of a video: a trace's beats placed in time.

``plan(beats, ...)`` (the options already resolved: ``resolve``) lays the beats out as
phases (``timeline.schedule``: the opening with the title, the start hold, each beat,
pauses, the payoff, the hold, the result, a looping format's return; ``timeline.fit``
for ``--duration``) on one frame rate's grid, and says what the counter shows in each
phase: everything the panel, the counter line and the subtitles need, and nothing about
pixels.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from puzzlereel.render.direction.layout import RECENT
from puzzlereel.render.direction.resolve import family_pacing
from puzzlereel.render.direction.scene import Beat
from puzzlereel.render.direction.wording import counter_text
from puzzlereel.render.film.timeline import (
    END,
    HOLD,
    MOVE,
    PAUSE,
    PAYOFF,
    RETURN,
    RETURN_SECONDS,
    SEARCH,
    SEARCH_IN,
    SEARCH_OUT,
    START,
    TITLE,
    Clock,
    Pacing,
    Phase,
    fit,
    frames_of,
    least_frames,
    phases,
    spans,
    total_seconds,
)
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Header

PAYOFF_SECONDS = 1.2     # the payoff after the last move of a solved trace
NO_MOVES_START = 3.0     # a trace without moves: its start shows at least this long,
NO_MOVES_END = 4.0       # and its result (seconds)


def total_moves(header: Header) -> int | None:
    """The optional header field ``moves`` (the solution length), if present and sane."""
    value = header.fields.get("moves")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


@dataclass(frozen=True)
class Counter:
    """What the counter shows in a phase: the number and word, whether it is the final
    hold of a solved trace, and the entry of the move list marked (None: none)."""

    move: int
    word: str
    final: bool
    entry: int | None


@dataclass(frozen=True, slots=True)
class Cue:
    """One subtitle: from ``start`` to ``end`` seconds, ``text``."""

    start: float
    end: float
    text: str


@dataclass
class Plan:
    """The beats of a trace placed on one frame rate's grid (see the module docstring).

    ``phases`` with their frame ``counts`` and time ``spans``; ``shown[i]`` the counter
    (number, word) while beat i plays; ``notes`` every counted beat's (number, note,
    counter word), in order; ``totals`` the last number of each counter word (the header's ``moves``
    for the scene's word); ``moves`` the last number shown; ``payoff`` the payoff beat
    if it plays."""

    fps: int
    beats: list[Beat]
    phases: list[Phase]
    counts: list[int]
    spans: list[tuple[float, float]]
    shown: list[tuple[int, str]]
    notes: list[tuple[int, str, str]]
    note_at: dict[int, int]
    totals: dict[str, int]
    moves: int
    word: str
    final_word: str
    payoff: Beat | None
    end: End | None
    pacing: Pacing
    duration: float | None
    search: str = ""

    @property
    def total_frames(self) -> int:
        return sum(self.counts)

    @property
    def seconds(self) -> float:
        return self.total_frames / self.fps

    def solved(self) -> bool:
        return self.end is not None and self.end.status == "solved" and self.moves > 0

    def counter(self, k: int) -> Counter:
        """What the counter shows in phase ``k``."""
        phase = self.phases[k]
        if phase.kind in (TITLE, START, SEARCH_IN, SEARCH, SEARCH_OUT):
            return Counter(0, self.word, False, None)
        if phase.kind in (MOVE, PAUSE) and phase.step is not None:
            move, word = self.shown[phase.step]
            entry = self.note_at.get(phase.step)
            if entry is None:
                entry = self._entry_before(phase.step, move)
            return Counter(move, word, False, entry)
        last = len(self.notes) - 1 if self.notes and self.moves > 0 else None
        return Counter(self.moves, self.final_word, phase.kind in (HOLD, END, RETURN), last)

    def _entry_before(self, at: int, move: int) -> int | None:
        if move <= 0 or not self.notes:
            return None
        before = [pos for k, pos in self.note_at.items() if k <= at]
        return max(before) if before else None

    def counter_line(self, c: Counter, final: str) -> str:
        """The counter's words: "Move 12 / 81", "Start", or from the final hold on
        ``final``, the result's headline ("Solved in 81 moves", "No solution exists")."""
        if c.final:
            return final
        return counter_text(c.word, c.move, self.totals.get(c.word))

    def recent(self, entry: int | None) -> list[tuple[str, str, bool]]:
        """The panel's list: the last few counted beats up to ``entry`` (number, note,
        marked), the current one last, all of the current one's counter word (a list
        keeps to one notation: the search's steps, then the solutions); a number
        repeated by beats of one move is written once."""
        if not self.notes or entry is None:
            return []
        word = self.notes[entry][2]
        out: list[tuple[str, str, bool]] = []
        last_number = None
        for i in range(max(0, entry - (RECENT - 1)), entry + 1):
            number, text, said = self.notes[i]
            if said != word:
                continue
            out.append(("" if number == last_number else str(number), text, i == entry))
            last_number = number
        return out

    def span(self, kind: str) -> tuple[float, float] | None:
        """The times (start, end) of the first phase of ``kind`` that has frames."""
        for k, (phase, count) in enumerate(zip(self.phases, self.counts, strict=True)):
            if phase.kind == kind and count > 0:
                return self.spans[k]
        return None

    def ending_frame(self) -> int:
        """The last frame that shows the solved position (or the end of a trace without
        one) with its result: the video's last frame, or the one before a looping
        format's return to the start."""
        n = self.total_frames
        for phase, count in zip(reversed(self.phases), reversed(self.counts), strict=True):
            if phase.kind != RETURN:
                break
            n -= count
        return max(0, n - 1)

    def first(self, kind: str) -> int | None:
        """The first frame of the first phase of ``kind`` that has frames."""
        n = 0
        for phase, count in zip(self.phases, self.counts, strict=True):
            if phase.kind == kind and count > 0:
                return n
            n += count
        return None

    def shows_result(self, k: int) -> bool:
        """Whether phase ``k`` shows the result's note and details: the result's time,
        and a looping format's return after it."""
        kind = self.phases[k].kind
        return kind == END or (kind == RETURN and self.span(END) is not None)

    def before_moves(self) -> int | None:
        """The start hold's last frame, just before the first move (the opening's title
        crossfaded away), or None without moves."""
        first = self.first(MOVE)
        return None if first is None else max(0, first - 1)

    def after_move(self, move: int) -> int | None:
        """The frame that shows the position just after move ``move`` (its beat's last
        frame), or None when the counter never shows it."""
        n, found = 0, None
        for phase, count in zip(self.phases, self.counts, strict=True):
            n += count
            if phase.kind == MOVE and phase.step is not None \
                    and self.shown[phase.step][0] == move and self.beats[phase.step].move:
                found = n - 1
        return found

    def cues(self) -> list[Cue]:
        """One subtitle per counted beat (``subtitles``), on this plan's grid."""
        return list(subtitles(self.beats, self.totals, self.word, self.pacing,
                              self.duration, self.fps, self.search))


def _totals(beats: Sequence[Beat], header: Header, scene_word: str) -> dict[str, int]:
    """The last number of each counter word (the header's ``moves`` for the scene's)."""
    totals: dict[str, int] = {}
    for b in beats:
        if b.move:
            w = b.word or scene_word
            totals[w] = max(totals.get(w, 0), b.move)
    header_total = total_moves(header)
    if header_total is not None:
        totals[scene_word] = header_total
    return totals


def _pacing(beats: Sequence[Beat], header: Header, o: RenderOptions,
            payoff: Beat | None, search: bool = False, loop: bool = False) -> Pacing:
    """The seconds the phases take; a trace without moves (no solution, a search that
    stopped) shows its start and its result longer: there is nothing else to watch.
    ``loop``: the video returns to its start (GIF, SVG)."""
    still = not any(b.move for b in beats)
    base_speed = float(family_pacing(header).get("speed", RenderOptions.speed))
    return Pacing(
        speed=o.speed, pause=o.pause, hold_end=o.hold_end,
        hold_start=max(o.hold_start, NO_MOVES_START) if still else o.hold_start,
        title=o.title_seconds if o.title else 0.0,
        result=max(o.end_seconds, NO_MOVES_END) if still and o.end_seconds > 0
        else o.end_seconds,
        payoff=PAYOFF_SECONDS * min(1.0, o.speed / max(1e-9, base_speed))
        if payoff is not None else 0.0,
        search=o.search_seconds if search else 0.0,
        loop=RETURN_SECONDS if loop else 0.0)


def _phases(beats: Sequence[Beat], pacing: Pacing) -> Iterator[Phase]:
    return phases((b.units for b in beats), (b.pause for b in beats), len(beats), pacing)


def subtitles(beats: Sequence[Beat], totals: Mapping[str, int], scene_word: str,
              pacing: Pacing, duration: float | None, fps: int,
              search: str = "") -> Iterator[Cue]:
    """One subtitle per counted beat: its counter and notation, from its first frame to
    the next one's; the last ends with the payoff or the hold.  The phases are walked
    one at a time on the grid of ``fps`` (``--duration`` scales them all) and each cue
    is given as soon as the next one starts, so a long trace's subtitles are written
    without being held.  ``search``: the words of the "how it was found" segment, its
    own cue while it shows."""
    scale = 1.0
    if duration is not None:
        total = total_seconds(p for p in _phases(beats, pacing) if p.kind != RETURN)
        scale = duration / total if total > 0 else 1.0
    clock = Clock(fps)
    pending: Cue | None = None
    move, word = 0, scene_word
    closed = False
    for phase in _phases(beats, pacing):
        start = clock.frames / fps
        seconds = phase.seconds * (1.0 if phase.kind == RETURN else scale)
        clock.take(seconds, minimum=least_frames(phase.kind, seconds, phase.minimum, fps))
        if phase.kind == SEARCH and search:
            yield Cue(start, clock.frames / fps, search)
        if phase.kind in (HOLD, PAYOFF) and pending is not None and not closed:
            pending = replace(pending, end=min(pending.end, clock.frames / fps))
            closed = True
        if phase.kind != MOVE or phase.step is None:
            continue
        beat = beats[phase.step]
        if beat.move is not None:
            move, word = beat.move, beat.word or scene_word
        if not beat.move:
            continue
        text = counter_text(word, move, totals.get(word))
        text = f"{text}: {beat.note}" if beat.note else text
        if pending is not None and pending.text == text:
            continue
        if pending is not None and start > pending.start:
            yield replace(pending, end=start)
        pending = Cue(start, float("inf"), text)
    end = clock.frames / fps
    if pending is not None and min(pending.end, end) > pending.start:
        yield replace(pending, end=min(pending.end, end))


def plan(beats: Sequence[Beat], header: Header, options: RenderOptions, fps: int,
         end: End | None, scene_word: str, payoff: Beat | None, search: str = "",
         loop: bool = False) -> Plan:
    """Place ``beats`` on the grid of ``fps`` (``options`` already resolved);
    ``scene_word`` is the counter's word where a beat names none; ``payoff`` plays
    after the last beat of a solved trace; ``search``, the sentence that ends the "how
    it was found" segment, puts that segment after the title; ``loop`` ends the video
    with a return to its start (GIF, SVG)."""
    o = options
    beats = list(beats)
    words = [b.word or scene_word for b in beats]
    moved = [b.move for b in beats if b.move]
    moves = moved[-1] if moved else 0
    if not (end is not None and end.status == "solved" and beats):
        payoff = None
    totals = _totals(beats, header, scene_word)
    shown: list[tuple[int, str]] = []
    current, word = 0, scene_word
    for b, w in zip(beats, words, strict=True):
        if b.move is not None:
            current, word = b.move, w
        shown.append((current, word))
    notes: list[tuple[int, str, str]] = []
    note_at: dict[int, int] = {}
    for k, (b, (m, w)) in enumerate(zip(beats, shown, strict=True)):
        if b.move and b.note:
            note_at[k] = len(notes)
            notes.append((m, b.note, w))
    pacing = _pacing(beats, header, o, payoff, bool(search), loop)
    scheduled = list(_phases(beats, pacing))
    if o.duration is not None:
        scheduled = fit(scheduled, o.duration)
    counts = frames_of(scheduled, fps)
    return Plan(fps, beats, scheduled, counts, spans(counts, fps), shown, notes, note_at,
                totals, moves, scene_word, words[-1] if words else scene_word, payoff, end,
                pacing, o.duration, search)


def cues(beats: Sequence[Beat], header: Header, options: RenderOptions, fps: int,
         end: End | None, scene_word: str, payoff: Beat | None,
         search: str = "") -> Iterator[Cue]:
    """The subtitles of ``beats`` on the grid of ``fps``, without planning the rest of
    the video (``plan(...).cues()`` gives the same)."""
    if not (end is not None and end.status == "solved" and beats):
        payoff = None
    return subtitles(beats, _totals(beats, header, scene_word), scene_word,
                     _pacing(beats, header, options, payoff, bool(search)), options.duration,
                     fps, search)


__all__ = ["NO_MOVES_END", "NO_MOVES_START", "PAYOFF_SECONDS", "Counter", "Cue",
           "Plan", "cues", "plan", "subtitles", "total_moves"]
