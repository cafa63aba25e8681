"""The plan of a video: a trace's beats placed in time.

``plan(given)`` (a ``PlanInput``: the beats, the trace's header and end, the options
already resolved by ``resolve``, the frame rate, ...) lays the beats out as
phases (``render.direction.schedule``: the opening with the title, the start hold, each
beat, pauses, the payoff, the hold, the result, a looping format's return, fitted to
``--duration``) on one frame rate's grid, groups the counted beats' notes into the move
list's lines, and says what the counter shows in each phase: everything the panel, the
counter line and the subtitles need, and nothing about pixels.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from puzzlereel.ground.words import plural
from puzzlereel.render.direction import pacing
from puzzlereel.render.direction.layout import RECENT
from puzzlereel.render.direction.pacing import Line
from puzzlereel.render.direction.scene.beats import Beat
from puzzlereel.render.direction.schedule import Timing, placed, timing
from puzzlereel.render.direction.wording import counter_text, remark
from puzzlereel.render.film.timeline import (
    END,
    HOLD,
    MOVE,
    PAUSE,
    PAYOFF,
    RETURN,
    SEARCH,
    SEARCH_IN,
    SEARCH_OUT,
    START,
    TITLE,
    Phase,
    spans,
)
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Header


def total_moves(header: Header) -> int | None:
    """The optional header field ``moves`` (the solution length), if present and sane."""
    value = header.fields.get("moves")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


@dataclass(frozen=True)
class Counter:
    """What the counter shows in a phase: the number and word, whether it is the final
    hold of a solved trace, the line of the move list marked (``entry``; None: none) and
    the last note of it that has begun (``note``; the list shows no move before it
    plays)."""

    move: int
    word: str
    final: bool
    entry: int | None
    note: int | None = None


@dataclass(frozen=True, slots=True)
class Cue:
    """One subtitle: from ``start`` to ``end`` seconds, ``text``."""

    start: float
    end: float
    text: str


@dataclass(frozen=True)
class PlanInput:
    """What a plan is made from: the ``beats`` the scene made of a trace with this
    ``header`` and ``end``, the ``options`` (already resolved: ``resolve``), the frame
    rate ``fps``, the counter's word where a beat names none (``scene_word``) and the
    ``payoff`` beat; ``search``: the sentence that ends the "how it was found" segment
    ("" for none), after the title or (``search_after``) after the solution; ``loop``:
    the video ends with a return to its start (GIF, SVG); ``words``: the opening's (the
    title and the goal), which it lasts long enough to read, and ``picture`` long
    enough to see the goal's picture after them."""

    beats: tuple[Beat, ...]
    header: Header
    options: RenderOptions
    fps: int
    end: End | None
    scene_word: str
    payoff: Beat | None = None
    search: str = ""
    loop: bool = False
    words: str = ""
    picture: bool = False
    search_after: bool = False


@dataclass
class Plan:
    """The beats of a trace placed on one frame rate's grid (see the module docstring),
    made from ``given``.

    ``phases`` with their frame ``counts`` and time ``spans``; ``shown[i]`` the counter
    (number, word) while beat i plays; ``notes`` every counted beat's (number, note,
    counter word), in order, and ``note_at`` the note of each beat that has one;
    ``lines`` the move list's lines (``pacing.lines``: a few notes each) and
    ``line_of`` the line of each note; ``totals`` the last number of each counter word
    (the header's ``moves`` for the scene's word); ``moves`` the last number shown;
    ``payoff`` the payoff beat if it plays."""

    given: PlanInput
    phases: list[Phase]
    counts: list[int]
    spans: list[tuple[float, float]]
    shown: list[tuple[int, str]]
    notes: list[tuple[int, str, str]]
    note_at: dict[int, int]
    lines: list[Line]
    line_of: list[int]
    totals: dict[str, int]
    moves: int
    word: str
    final_word: str
    payoff: Beat | None
    timing: Timing

    @property
    def fps(self) -> int:
        return self.given.fps

    @property
    def beats(self) -> Sequence[Beat]:
        return self.given.beats

    @property
    def end(self) -> End | None:
        return self.given.end

    @property
    def duration(self) -> float | None:
        """The video's length the options ask for (None: as long as it takes)."""
        return self.given.options.duration

    @property
    def search(self) -> str:
        return self.given.search

    @property
    def total_frames(self) -> int:
        return sum(self.counts)

    @property
    def seconds(self) -> float:
        return self.total_frames / self.fps

    def solved(self) -> bool:
        return self.end is not None and self.end.status == "solved" and self.moves > 0

    def counter(self, k: int) -> Counter:
        """What the counter shows in phase ``k`` (its ``entry``: the list's line)."""
        phase = self.phases[k]
        if phase.kind in (TITLE, START) or phase.kind in (SEARCH_IN, SEARCH, SEARCH_OUT) \
                and not self.timing.pacing.search_after:
            return Counter(0, self.word, False, None)
        if phase.kind in (MOVE, PAUSE) and phase.step is not None:
            move, word = self.shown[phase.step]
            note = self.note_at.get(phase.step)
            if note is None:
                note = self._note_before(phase.step, move)
            return Counter(move, word, False, None if note is None else self.line_of[note], note)
        marked = self.payoff is None or self.payoff.marks
        last = len(self.lines) - 1 if self.lines and self.moves > 0 and marked else None
        return Counter(self.moves, self.final_word, phase.kind in (HOLD, END, RETURN), last,
                       len(self.notes) - 1 if last is not None else None)

    def _note_before(self, at: int, move: int) -> int | None:
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

    def recent(self, entry: int | None, note: int | None = None
               ) -> list[tuple[str, tuple[str, ...], bool]]:
        """The panel's list: the last few lines up to line ``entry`` (number, notes,
        marked), the current one last and only as far as note ``note`` (the moves begun
        so far; None: all of it), all of the current one's counter word (a list keeps to
        one notation: the search's steps, then the solutions)."""
        if not self.lines or entry is None:
            return []
        word = self.lines[entry].word
        upto = len(self.notes) if note is None else note
        return [(line.number, line.texts_upto(upto) if i == entry else line.texts,
                 i == entry)
                for i in range(max(0, entry - (RECENT - 1)), entry + 1)
                if (line := self.lines[i]).word == word]

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

    def settled(self) -> float:
        """The time by which every change of the words is done: the start of a looping
        format's return (which changes them back), else the video's end."""
        return (self.ending_frame() + 1) / self.fps

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

    def cues(self) -> list[Cue]:
        """One subtitle per line of the move list (``subtitles``), on this plan's grid."""
        return list(subtitles(self))


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


@dataclass(frozen=True)
class Told:
    """The counted beats' notes in order (number, note, counter word), the beat each
    belongs to, the move list's lines made of them and the line of each note."""

    notes: list[tuple[int, str, str]]
    beats: list[int]
    lines: list[Line]
    line_of: list[int]


def told(beats: Sequence[Beat], scene_word: str, starts: Mapping[int, float]) -> Told:
    """The notes of ``beats`` (every counted beat's), grouped into the move list's
    lines by when they start (``starts``: each beat's start, in seconds)."""
    notes: list[tuple[int, str, str]] = []
    at: list[int] = []
    number, word = 0, scene_word
    for k, b in enumerate(beats):
        if b.move is not None:
            number, word = b.move, b.word or scene_word
        if b.move and b.note:
            notes.append((number, b.note, word))
            at.append(k)
    made = pacing.lines(notes, [starts[k] for k in at])
    line_of = [0] * len(notes)
    for i, line in enumerate(made):
        for n in line.notes:
            line_of[n] = i
    return Told(notes, at, made, line_of)


def move_starts(phases: Sequence[Phase], spans: Sequence[tuple[float, float]]
                ) -> dict[int, float]:
    """When each move's beat (by its index) starts playing, in seconds."""
    starts: dict[int, float] = {}
    for phase, (start, _stop) in zip(phases, spans, strict=True):
        if phase.kind == MOVE and phase.step is not None:
            starts.setdefault(phase.step, start)
    return starts


def _line_text(line: Line, totals: Mapping[str, int]) -> str:
    """A line as a subtitle: "Move 12 / 81: S3 ↑", "Moves 12–14 / 81: S3 ↑ · S1 ←"."""
    total = totals.get(line.word)
    if line.first == line.last:
        counter = counter_text(line.word, line.first, total)
    else:
        counter = f"{plural(line.word, 2)} {line.label}" + (f" / {total}" if total else "")
    return f"{counter}: {' · '.join(line.texts)}"


def subtitles(plan: Plan) -> Iterator[Cue]:
    """One subtitle per line of ``plan``'s move list (``pacing.lines``): its counter and
    notes, from its first frame to the next line's; the last ends with the payoff or the
    hold.  The "how it was found" segment's words (``search``) are its own cue while it
    shows (in time order with the others)."""
    starts = move_starts(plan.phases, plan.spans)
    ending: float | None = None
    chart: Cue | None = None
    end = plan.spans[-1][1] if plan.spans else 0.0
    for phase, (start, stop) in zip(plan.phases, plan.spans, strict=True):
        if phase.kind in (HOLD, PAYOFF) and ending is None:
            ending = start
        elif phase.kind == SEARCH and plan.search:
            chart = Cue(start, stop, plan.search)
    beat_of = {note: beat for beat, note in plan.note_at.items()}
    cues: list[Cue] = [] if chart is None else [chart]
    lines = plan.lines
    for i, line in enumerate(lines):
        start = starts[beat_of[line.notes[0]]]
        stop = starts[beat_of[lines[i + 1].notes[0]]] if i + 1 < len(lines) \
            else min(end, ending if ending is not None else end)
        if stop > start:
            cues.append(Cue(start, stop, _line_text(line, plan.totals)))
    yield from sorted(cues, key=lambda c: c.start)


def plan(given: PlanInput) -> Plan:
    """``given``'s beats placed on the grid of its frame rate (see ``PlanInput``); the
    payoff plays after the last beat of a solved trace."""
    beats, scene_word, end = given.beats, given.scene_word, given.end
    solved = end is not None and end.status == "solved"
    payoff = given.payoff if solved and beats else None
    words_of = [b.word or scene_word for b in beats]
    moved = [b.move for b in beats if b.move]
    shown: list[tuple[int, str]] = []
    current, word = 0, scene_word
    for b, w in zip(beats, words_of, strict=True):
        if b.move is not None:
            current, word = b.move, w
        shown.append((current, word))
    timed = timing(beats, given.header, given.options, payoff, words=given.words,
                   picture=given.picture, search=bool(given.search), solved=solved,
                   search_after=given.search_after, loop=given.loop)
    scheduled, counts = placed(timed, given.fps, given.options.duration)
    grid = spans(counts, given.fps)
    made = told(beats, scene_word, move_starts(scheduled, grid))
    return Plan(given, scheduled, counts, grid, shown, made.notes,
                {k: i for i, k in enumerate(made.beats)}, made.lines, made.line_of,
                _totals(beats, given.header, scene_word), moved[-1] if moved else 0,
                scene_word, words_of[-1] if words_of else scene_word, payoff, timed)


REMARK_SECONDS = 1.8      # a remark shows at least this long (unless another comes)


def remarks(plan: Plan) -> list[tuple[str, ...]]:
    """What each phase of ``plan`` says of a decisive move (``pacing.decisive``: the only
    move of its position that keeps the optimum, of more than usual; its words,
    ``wording.remark``, longest first, naming the move; () for none): from the move's
    start for ``REMARK_SECONDS``, or until the next decisive move, while moves play; the
    words that do not name the move only while it is the move on screen."""
    typical = pacing.typical_legal(plan.beats)
    out: list[tuple[str, ...]] = []
    said: tuple[str, ...] = ()
    remarked = -1
    until = 0.0
    for k, phase in enumerate(plan.phases):
        t0 = plan.spans[k][0]
        beat = plan.beats[phase.step] if phase.kind == MOVE and phase.step is not None \
            else None
        if beat is not None and beat.choices is not None and pacing.decisive(beat, typical):
            remarked = phase.step if phase.step is not None else -1
            move, word = plan.shown[remarked] if remarked >= 0 else (0, plan.word)
            said = remark(move, beat.choices.legal, word, plan.totals.get(word))
            until = t0 + REMARK_SECONDS
        elif t0 >= until - 1e-9 or phase.kind not in (MOVE, PAUSE):
            said = ()
        out.append(said if phase.step == remarked else said[:-1])
    return out


__all__ = ["REMARK_SECONDS", "Counter", "Cue", "Plan", "PlanInput", "Told", "plan", "remarks",
           "subtitles", "told", "total_moves"]
