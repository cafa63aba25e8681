"""The video's timeline, read off the raster renderer's own plan, as tracks of keys.

``Recorder`` is an output like the raster ``Movie`` (``feed`` each replayed event,
``finish`` at the end) and holds one: the Movie collects the raster scene's steps and
plans the video (``Movie.planned``: title card, crossfade, start hold, each move, pauses,
payoff, hold, crossfade, end card, per-family pacing, ``--duration``) and its frames
(``Movie.counts``), and draws nothing here.  The vector scene (``render.vector.family``)
says *what* moves for each event; the recorder says *when*, from the phase of each of the
event's steps, and keeps one track of points per actor.

Times are frame boundaries of the video at ``fps``: a step whose phase fills frames
``f0 .. f0 + n - 1`` moves from ``(f0 - 1) / fps`` (the last frame still showing the old
position) to ``(f0 + n - 1) / fps``, so the drawing at the time of a frame shows what the
frame shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Header, Replay, Replayed

from .. import cards
from ..core import AnyScene, FrameLayout, Movie, NoFrames, Sink, render_stream, resolve_options
from ..options import RenderOptions
from ..theme import Theme
from ..timeline import END, FADE_IN, FADE_OUT, HOLD, MOVE, PAUSE, PAYOFF, START, TITLE
from .family import Key, VectorScene, vector_scene_for

Values = tuple[float, float, float, float]     # x, y, opacity, glow


@dataclass(frozen=True)
class Point:
    """An actor at absolute time ``t``; ``timing``: the CSS timing function of the way to
    the next point (None: the video's easing)."""

    t: float
    x: float
    y: float
    opacity: float
    glow: float = 0.0
    timing: str | None = None
    sets: str = "xyog"      # the values this point sets (x, y, o: opacity, g: glow)
    late: bool = False      # set by a key late in its motion (a jump here lands before)


@dataclass(frozen=True)
class Beat:
    """One event as the video shows it: its motion from ``t0`` to ``t1`` seconds, the
    actors' values after it (``after``: actor -> (x, y, opacity, glow)), its notation
    and the counter line shown after it."""

    t0: float
    t1: float
    after: dict[int, Values]
    notation: str
    counter: str | None


@dataclass(frozen=True)
class Card:
    """A full-frame card's words, as ``cards.draw_card`` sets them: ``top`` small,
    ``big`` bold, then ``lines`` of (text, "text" | "muted" | "emphasis")."""

    big: str
    lines: tuple[tuple[str, str], ...]
    top: str | None


@dataclass
class Recording:
    """Everything a vector writer needs: the frame, the scene, the tracks, the beats, the
    counter lines and the cards, all in seconds."""

    header: Header
    options: RenderOptions
    theme: Theme
    layout: FrameLayout
    fps: int
    scene: VectorScene
    raster: AnyScene
    view: tuple[int, int, int, int] = (0, 0, 0, 0)   # the scene's drawing: x, y, w, h
    tracks: dict[int, list[Point]] = field(default_factory=dict)
    beats: list[Beat] = field(default_factory=list)
    counters: list[tuple[float, float, str]] = field(default_factory=list)
    title: tuple[float, float] | None = None    # title card shown until, faded out by
    end_card: tuple[float, float] | None = None  # end card fades in from, shown from
    ending: cards.Ending | None = None
    title_card: Card | None = None
    last_card: Card | None = None
    goal: str = ""
    facts: str = ""
    total: float = 0.0
    end: End | None = None



@dataclass
class _Event:
    first: int              # the event's first step (index into the Movie's steps)
    stop: int               # one past its last step
    keys: list[Key]
    notation: str


class Recorder:
    """The timeline of one trace for the vector writers: ``feed`` / ``finish``."""

    def __init__(self, header: Header, options: RenderOptions, *, compact: bool = True) -> None:
        def factory(w: int, h: int, scene: AnyScene, theme: Theme) -> Sink:
            return NoFrames()

        self.movie = Movie(header, options, options.fps, factory, compact=compact)
        self.fps = options.fps
        m = self.movie
        self.vector = vector_scene_for(header, options, m.theme, m.scene, m.frame_layout,
                                       m.origin)
        sh, sw = m.view.shape[:2]
        self.recording = Recording(header, options, m.theme, m.frame_layout, self.fps,
                                   self.vector, m.scene, (*m.origin, sw, sh))
        self.values: dict[int, Values] = {}
        self.events: list[_Event] = []
        self.now = 0.0          # the end of the last event applied, in seconds
        self.event = 0          # events applied so far
        self.touched: dict[tuple[int, str], int] = {}   # (actor, value) -> last event

    # ------------------------------------------------------------ the replay

    def feed(self, item: Replayed, rep: Replay) -> None:
        first = len(self.movie.steps)
        self.movie.feed(item, rep)
        steps = self.movie.steps[first:]
        keys = self.vector.advance(item, rep, steps)
        if steps or keys:
            # the move in words: the raster scene's own notation (the video's panel and
            # subtitles say the same), else the vector scene's
            said = [n for n in (self.movie.scene.notation(s) for s in steps) if n]
            note = ", ".join(dict.fromkeys(said)) or self.vector.notation(item)
            self.events.append(_Event(first, len(self.movie.steps), keys, note))

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        m, rec, fps = self.movie, self.recording, self.fps
        phases = m.planned(end)
        rec.end = end
        starts: list[int] = []
        n = 0
        for count in m.counts:
            starts.append(n)
            n += count
        rec.total = n / fps
        # when each step moves: (t0, t1) from its MOVE phase's frames
        span: dict[int, tuple[float, float]] = {}
        counters: list[tuple[float, float, str]] = []
        for k, phase in enumerate(phases):
            f0, count = starts[k], m.counts[k]
            a, b = f0 / fps, (f0 + count) / fps
            if phase.kind == TITLE:
                rec.title = (b, b)
            elif phase.kind == FADE_IN and rec.title is not None:
                rec.title = (a, b)
            elif phase.kind == FADE_OUT:
                rec.end_card = (a, b)
            elif phase.kind == END:
                rec.end_card = (rec.end_card[0], a) if rec.end_card else (a, a)
            if phase.kind == MOVE and phase.step is not None and count > 0:
                if m.steps[phase.step].segments > 0:
                    span[phase.step] = (max(0.0, (f0 - 1) / fps), (f0 + count - 1) / fps)
                else:
                    span[phase.step] = (a, a)
            if phase.kind == PAYOFF and m.payoff_step is not None:
                self._apply(self.vector.payoff(m.payoff_step),
                            max(0.0, (f0 - 1) / fps), (f0 + count - 1) / fps)
            text = self._counter(phase.kind, phase.step)
            if text is not None and count > 0:
                if counters and counters[-1][2] == text and counters[-1][1] == a:
                    counters[-1] = (counters[-1][0], b, text)
                else:
                    counters.append((a, b, text))
            if phase.kind == HOLD:
                self._events_ending_at(len(m.steps), span)
                # the hold shows the payoff's last picture, else the last state
                final = None if m.payoff_step is not None else m.last_state
                self._apply(self.vector.finish(final), a, a)
            if phase.kind == MOVE and phase.step is not None:
                self._events_ending_at(phase.step, span)
        self._events_ending_at(len(m.steps), span)
        rec.counters = counters
        rec.ending = e = m.ending()
        h = rec.header
        rec.goal = cards.goal_text(h, m.scene.goal_sentence())
        rec.facts = facts = cards.facts_line(h, m.totals.get(m.scene.counter_word))
        rec.title_card = Card(cards.human_title(h), ((rec.goal, "text"),) + (
            ((facts, "muted"),) if facts else ()), cards.family_name(h))
        note = getattr(e, "note", "")
        rec.last_card = Card(e.headline, ((note, "emphasis"),) * bool(note) + tuple(
            (d, "muted") for d in e.details), cards.human_title(h))

    def _events_ending_at(self, step: int, span: dict[int, tuple[float, float]]) -> None:
        """Apply the events whose last step is ``step`` (their steps are all timed)."""
        while self.events and self.events[0].stop - 1 <= step:
            ev = self.events.pop(0)
            times = [span[i] for i in range(ev.first, ev.stop) if i in span]
            t0 = times[0][0] if times else self.now
            t1 = times[-1][1] if times else t0
            self.now = t1
            after = self._apply(ev.keys, t0, t1)
            counter = self._counter(MOVE, ev.stop - 1) if ev.stop > ev.first else None
            self.recording.beats.append(Beat(t0, t1, after, ev.notation, counter))

    def _counter(self, kind: str, step: int | None) -> str | None:
        """The compact counter line a phase shows (None: none, or a card covers it)."""
        m = self.movie
        if not self.recording.options.counter or kind in (TITLE, END):
            return None
        if kind in (START, FADE_IN):
            word = m.scene.counter_word
            return cards.counter_text(word, 0, m.totals.get(word))
        if kind in (MOVE, PAUSE) and step is not None:
            move, word = m.shown[step]
            return cards.counter_text(word, move, m.totals.get(word))
        if kind == PAYOFF:
            return cards.counter_text(m.final_word, m.moves, m.totals.get(m.final_word))
        solved = m.end is not None and m.end.status == "solved" and m.moves
        if solved:
            return m.scene.end_text(m.moves)
        return cards.counter_text(m.final_word, m.moves, m.totals.get(m.final_word))

    def _track(self, i: int) -> list[Point]:
        track = self.recording.tracks.get(i)
        if track is None:
            actor = self.vector.actors[i]
            track = self.recording.tracks[i] = [Point(0.0, actor.x, actor.y, actor.opacity)]
            self.values[i] = (actor.x, actor.y, actor.opacity, 0.0)
        return track

    def _apply(self, keys: Iterable[Key], t0: float, t1: float) -> dict[int, Values]:
        """Add ``keys`` (an event's, moving from ``t0`` to ``t1``) to the tracks; return
        the changed actors' values after them.  Values never drift from one event to the
        next: the first key of an event that sets a value is preceded by a point holding
        the old value at the same time."""
        self.event += 1
        changed: dict[int, Values] = {}
        for key in sorted(keys, key=lambda k: k.s):     # stable: same-time keys keep order
            track = self._track(key.actor)
            old = self.values[key.actor]
            x, y, o, g = old
            x = x if key.x is None else key.x
            y = y if key.y is None else key.y
            o = o if key.opacity is None else key.opacity
            g = g if key.glow is None else key.glow
            t = max(t0 + (t1 - t0) * min(max(key.s, 0.0), 1.0), track[-1].t)
            sets = "".join(c for c, v in (("x", key.x), ("y", key.y), ("o", key.opacity),
                                          ("g", key.glow)) if v is not None)
            held = "".join(c for c in sets if self.touched.get((key.actor, c)) != self.event)
            if held:
                track.append(Point(t, *old, timing=None, sets=held))
                for c in held:
                    self.touched[(key.actor, c)] = self.event
            track.append(Point(t, x, y, o, g, key.timing, sets, key.s >= 0.5))
            self.values[key.actor] = changed[key.actor] = (x, y, o, g)
        return changed


def record(stream: IO[Any], source: str, options: RenderOptions, *,
           explicit: Iterable[str] = (), progress: Progress = no_progress,
           allow_partial: bool = False, compact: bool = True) -> Recording:
    """Replay the trace in ``stream`` and return its recording."""
    made: list[Recorder] = []

    def make(header: Header) -> list[Any]:
        made.append(Recorder(header, resolve_options(header, options, explicit),
                             compact=compact))
        return list(made)

    render_stream(stream, source, make, progress, allow_partial=allow_partial)
    return made[0].recording


__all__ = ["Beat", "Card", "Point", "Recorder", "Recording", "Values", "record"]
