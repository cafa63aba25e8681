"""The renderer core: replayed trace events in, frames out, for any puzzle with a scene.

``Movie`` collects the steps the scene makes of the replayed events (small immutable
values), then plans the whole video as one list of phases in seconds
(``timeline.schedule``: title card, crossfade, start hold, each move eased once over its
path, pauses, the payoff, the hold, crossfade, end card; ``timeline.fit`` for
``--duration``) and draws it frame by frame into one reused buffer, handing each frame
to a sink (an encoder) as soon as it is drawn; the ``repeat`` count lets encoders store a
held frame once.  Every frame is a pure function of (phase, progress): ``frame_at``
draws any one of them alone (``puzzlereel preview``).

Layouts (``plan_layout``, pure: extent, options, frame kind -> pixels): MP4/WebM at
1280x720 by default with the board filling the frame's height and a side panel (title,
goal, facts, "Move 12 / 81" with a progress bar, the last few moves); GIFs and ``--cell``
compact (the board and one counter line), 480 px wide by default.

``Sheet`` collects one small numbered panel per move (compressed) and writes a PNG contact
sheet band by band.  ``render_stream`` feeds one replay of a trace to any number of these.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, Protocol

import cv2
import numpy as np

from puzzlereel.errors import UsageError
from puzzlereel.progress import Progress, no_progress
from puzzlereel.registry import KINDS
from puzzlereel.trace import End, Header, Replay, Replayed, TraceError, replay
from puzzlereel.words import plural

from . import cards, draw
from .cards import counter_text, title_lines
from .draw import Rect
from .options import FIELD_OF, RANGES, RenderOptions, header_hints, with_values
from .scene import PAYOFF_SECONDS, Scene, Step, scene_for
from .theme import THEMES, Theme
from .timeline import (
    EASINGS,
    END,
    FADE_IN,
    FADE_OUT,
    HOLD,
    MOVE,
    PAUSE,
    PAYOFF,
    START,
    TITLE,
    Pacing,
    Phase,
    eased,
    fit,
    frames_of,
    schedule,
    starts,
)

AnyScene = Scene[Any, Any]   # the core drives every family's scene alike
AnyStep = Step[Any, Any]

VIDEO_SIZE = (1280, 720)     # MP4 / WebM default: 16:9, board + side panel
GIF_WIDTH = 480              # GIF default width (compact: board + one counter line)
DEFAULT_SIZE = VIDEO_SIZE
RECENT = 5                   # moves listed in the panel
NO_MOVES_START = 3.0         # a trace without moves: its start shows at least this long,
NO_MOVES_END = 4.0           # and its end card (seconds)


class Sink(Protocol):
    """Where frames go: an encoder.  ``frame`` is only valid during the call."""

    def write(self, frame: np.ndarray, repeat: int) -> None:
        """Add ``frame``, shown for ``repeat`` frame times."""
        ...

    def close(self) -> None:
        """Finish the file (the caller then renames it into place)."""
        ...

    def abort(self) -> None:
        """Stop without finishing: release the encoder, keep nothing."""
        ...


@dataclass(frozen=True)
class FrameLayout:
    """Where things sit in a frame, in pixels (not the puzzle's layout: that is the
    rules').  ``board``: the scene's area (its drawing is centred in it); ``bar``: the
    compact counter line (height 0: none); ``panel``: the side panel (width 0: none)."""

    width: int
    height: int
    cell: int
    board: tuple[int, int, int, int]   # x, y, w, h
    bar: tuple[int, int, int, int]
    panel: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def compact(self) -> bool:
        return self.panel[2] <= 0


def even(v: int) -> int:
    return v + (v & 1)


def _check_frame(width: int, height: int, what: str) -> None:
    wr, hr = RANGES["size.width"], RANGES["size.height"]
    if not (wr.holds(width) and hr.holds(height)):
        raise UsageError(f"{what} makes a frame of {width}x{height} pixels; it must be "
                         f"between {wr.low:g}x{hr.low:g} and {wr.high:g}x{hr.high:g}")


def plan_layout(extent: tuple[float, float], options: RenderOptions, *,
                compact: bool = False, counter: bool | None = None) -> FrameLayout:
    """The frame's pixels for a drawing ``extent`` cells large (pure: no drawing).

    ``compact`` (GIFs) or ``options.cell``: the board and one counter line under it;
    otherwise (MP4/WebM) the board fills the frame's height beside a side panel, when
    the frame is wide enough (else compact too).  A usage error when the board cannot
    fit the frame, or a ``cell`` makes a frame outside the size range."""
    counter = options.counter if counter is None else counter
    ew, eh = max(extent[0], 0.01), max(extent[1], 0.01)
    if options.cell is not None:
        cell = options.cell
        bar_h = max(18, round(cell * 0.55)) if counter else 0
        pad = max(4, round(cell * 0.15))
        bw, bh = math.ceil(ew * cell), math.ceil(eh * cell)
        width, height = even(bw + 2 * pad), even(bh + bar_h + 2 * pad)
        _check_frame(width, height, f"--cell {cell} with a board of {ew:g}x{eh:g} cells")
        return _compact(width, height, cell, bw, bh, bar_h, pad, counter)
    if compact:
        if options.size is not None:
            width, height = even(options.size[0]), even(options.size[1])
        else:
            width, height = GIF_WIDTH, 0
        bar_h = max(18, round(width * 0.06)) if counter else 0
        pad = max(4, round(width * 0.03))
        max_h = height if height else round(GIF_WIDTH * 0.9)
        cell = int(min((width - 2 * pad) / ew, (max_h - bar_h - 2 * pad) / eh))
        if cell < 2:
            raise UsageError(f"--size {width}x{max_h}: too small for a board of "
                             f"{ew:g}x{eh:g} cells")
        bw, bh = math.ceil(ew * cell), math.ceil(eh * cell)
        if not height:
            height = even(bh + bar_h + 2 * pad)
        return _compact(width, height, cell, bw, bh, bar_h, pad, counter)
    width, height = options.size or VIDEO_SIZE
    width, height = even(width), even(height)
    if width < height * 1.3:          # not wide enough for a panel: compact
        return plan_layout(extent, replace(options, size=(width, height)), compact=True,
                           counter=counter)
    margin = max(4, round(height * 0.035))
    left = int(width * 0.56)          # the board's share of the width
    cell = int(min((left - 2 * margin) / ew, (height - 2 * margin) / eh))
    if cell < 2:
        raise UsageError(f"--size {width}x{height}: too small for a board of "
                         f"{ew:g}x{eh:g} cells")
    bw, bh = math.ceil(ew * cell), math.ceil(eh * cell)
    bx = margin + (left - 2 * margin - bw) // 2
    by = (height - bh) // 2
    px = max(bx + bw + 2 * margin, int(width * 0.5))
    panel = (px, margin, width - px - 2 * margin, height - 2 * margin)
    return FrameLayout(width, height, cell, (bx, by, bw, bh), (0, height, width, 0), panel)


def _compact(width: int, height: int, cell: int, bw: int, bh: int, bar_h: int, pad: int,
             counter: bool) -> FrameLayout:
    bx = (width - bw) // 2
    by = pad + (height - bar_h - 2 * pad - bh) // 2
    bar = (0, height - bar_h - pad // 2, width, bar_h) if counter else (0, height, width, 0)
    return FrameLayout(width, height, cell, (bx, max(0, by), bw, bh), bar)


def plan_frame(scene: AnyScene, options: RenderOptions, *, compact: bool = False,
               counter: bool | None = None) -> FrameLayout:
    """``plan_layout`` for ``scene``'s extent."""
    return plan_layout(scene.extent(), options, compact=compact, counter=counter)


def frame_layout(header: Header, options: RenderOptions, fmt: str = "mp4") -> FrameLayout:
    """The frame layout of a ``fmt`` video of ``header``'s trace (pure: the scene is
    built, nothing is drawn)."""
    scene = scene_for(header, options, THEMES[options.theme])
    return plan_frame(scene, options, compact=fmt == "gif")


# ---------------------------------------------------------------- options


def family_pacing(header: Header) -> Mapping[str, float]:
    """The family's default pacing (its registry row's), none for an unknown puzzle."""
    kind = KINDS.get(header.puzzle)
    return kind.pacing if kind is not None else {}


SCALED_WITH_SPEED = ("pause", "hold_start", "hold_end")


def resolve_options(header: Header, options: RenderOptions,
                    explicit: Iterable[str] = ()) -> RenderOptions:
    """``options`` with the header's ``render`` hints applied where not set explicitly,
    then the family's pacing where neither set it; a ``speed`` set by either scales the
    pauses and holds left to the defaults."""
    skip = {FIELD_OF.get(key, key) for key in explicit}
    hinted: set[str] = set()
    for key, value in header_hints(header.render).items():
        if FIELD_OF.get(key, key) in skip:
            continue
        try:
            options = with_values(options, {key: value})
            hinted.add(FIELD_OF.get(key, key))
        except ValueError:
            pass   # hints are never required: ignore ones we cannot use
    chosen = skip | hinted
    pacing = dict(family_pacing(header))
    base_speed = float(pacing.get("speed", RenderOptions.speed))
    changes: dict[str, Any] = {k: v for k, v in pacing.items() if k not in chosen}
    if "speed" in chosen:
        factor = options.speed / base_speed
        for key in SCALED_WITH_SPEED:
            if key not in chosen:
                base = float(changes.get(key, getattr(RenderOptions, key)))
                changes[key] = min(base * factor, RANGES[key].high)
    return replace(options, **changes) if changes else options


def total_moves(header: Header) -> int | None:
    """The optional header field ``moves`` (the solution length), if present and sane."""
    value = header.fields.get("moves")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


# ---------------------------------------------------------------- the plan


@dataclass(frozen=True)
class Cue:
    """One subtitle: from ``start`` to ``end`` seconds, ``text``."""

    start: float
    end: float
    text: str


class Movie:
    """One video of a trace: steps collected as the replayed events come in, then every
    frame drawn and pushed to ``sink`` by ``finish``."""

    def __init__(self, header: Header, options: RenderOptions, fps: int,
                 sink_factory: Callable[[int, int, AnyScene, Theme], Sink], *,
                 compact: bool = False) -> None:
        self.header = header
        self.options = options
        self.fps = fps
        self.theme = THEMES[options.theme]
        self.scene = scene_for(header, options, self.theme)
        self.frame_layout = plan_frame(self.scene, options, compact=compact)
        L = self.frame_layout
        self.ease = EASINGS[options.easing]
        self.buf = np.empty((L.height, L.width, 3), np.uint8)
        draw.fill(self.buf, self.theme.background)
        self._view: np.ndarray | None = None     # the board's part of buf, once prepared
        self._origin = (0, 0)
        self._board_rect = (0, 0, L.width, L.height)
        self.sink = sink_factory(L.width, L.height, self.scene, self.theme)
        self.steps: list[AnyStep] = []
        self.words: list[str] = []       # the counter word while each step plays
        self.frames = 0
        self.moves = 0                   # the last counter number shown
        self.plan: list[Phase] | None = None
        self.end: End | None = None
        self._screen: Any = None         # what the buffer shows outside the board view
        self._cards: dict[str, np.ndarray] = {}
        self._panel_top = 0
        self._whole = True               # the next frame differs beyond the board
        self._dirty: Rect | None = None  # where the frame differs from the last, if known
        self._moving: tuple[int, float] | None = None   # (step, p) of the last move frame
        self._previous: tuple[int, float] | None = None

    @property
    def view(self) -> np.ndarray:
        """The board's part of the frame buffer.  The scene prepares its sprites the
        first time a board is drawn, not before: by then the title card's frames are
        with the encoder, which works on them meanwhile."""
        if self._view is None:
            L = self.frame_layout
            sw, sh = self.scene.prepare(L.cell)
            bx, by, bw, bh = L.board
            ox, oy = bx + max(0, (bw - sw) // 2), by + max(0, (bh - sh) // 2)
            self._origin = (ox, oy)
            self._view = self.buf[oy:oy + sh, ox:ox + sw]
            vh, vw = self._view.shape[:2]
            self._board_rect = (ox, oy, vw, vh)
        return self._view

    @property
    def origin(self) -> tuple[int, int]:
        """The board's top-left pixel in the frame (the scene is prepared for it)."""
        _ = self.view
        return self._origin

    # ---------------------------------------------------------------- steps

    def feed(self, item: Replayed, rep: Replay) -> None:
        for step in self.scene.advance(item, rep):
            self.steps.append(step)
            self.words.append(self.scene.counter_word)

    # ---------------------------------------------------------------- planning

    def planned(self, end: End | None) -> list[Phase]:
        """The video's phases (computed once, when the trace has ended)."""
        if self.plan is not None:
            return self.plan
        self.end = end
        o = self.options
        retime = getattr(self.scene, "retime", None)
        if retime is not None:
            self.steps = list(retime(self.steps))
        moved = [s.move for s in self.steps if s.move]
        self.moves = moved[-1] if moved else 0
        self.last_state = self.steps[-1].after if self.steps else self.scene.initial()
        self.payoff_step: AnyStep | None = None
        if end is not None and end.status == "solved" and self.steps:
            self.payoff_step = self.scene.payoff(self.last_state)
        self.totals: dict[str, int] = {}
        for step, word in zip(self.steps, self.words, strict=True):
            if step.move:
                self.totals[word] = max(self.totals.get(word, 0), step.move)
        header_total = total_moves(self.header)
        if header_total is not None:
            self.totals[self.scene.counter_word] = header_total
        # the move each step shows on the counter (None keeps the last)
        self.shown: list[tuple[int, str]] = []
        current, word = 0, self.scene.counter_word
        for step, w in zip(self.steps, self.words, strict=True):
            if step.move is not None:
                current, word = step.move, w
            self.shown.append((current, word))
        self.final_word = self.words[-1] if self.words else self.scene.counter_word
        # a trace without moves (no solution, a search that stopped) shows its start and
        # its end card longer: there is nothing else to watch
        still = not any(s.move for s in self.steps)
        pacing = Pacing(
            speed=o.speed, pause=o.pause, hold_end=o.hold_end,
            hold_start=max(o.hold_start, NO_MOVES_START) if still else o.hold_start,
            title=o.title_seconds if o.title else 0.0,
            end_card=max(o.end_seconds, NO_MOVES_END) if still and o.end_seconds > 0
            else o.end_seconds,
            payoff=PAYOFF_SECONDS * min(1.0, o.speed / max(1e-9, float(
                family_pacing(self.header).get("speed", RenderOptions.speed))))
            if self.payoff_step is not None else 0.0)
        phases = schedule([s.duration_units for s in self.steps],
                          [s.pause for s in self.steps], pacing)
        if o.duration is not None:
            phases = fit(phases, o.duration)
        self.plan = phases
        self.counts = frames_of(phases, self.fps)
        return phases

    @property
    def total_frames(self) -> int:
        assert self.plan is not None, "planned() first"
        return sum(self.counts)

    def cues(self) -> list[Cue]:
        """One subtitle per counted step: its number and notation, from its first frame
        to the next one's (times on this video's frame boundaries)."""
        assert self.plan is not None, "planned() first"
        times = starts(self.plan)
        frame_t: list[float] = []
        n = 0
        for c in self.counts:
            frame_t.append(n / self.fps)
            n += c
        total_t = n / self.fps
        out: list[Cue] = []
        for k, phase in enumerate(self.plan):
            if phase.kind != MOVE or phase.step is None:
                continue
            step = self.steps[phase.step]
            if not step.move:
                continue
            move, word = self.shown[phase.step]
            text = counter_text(word, move, self.totals.get(word))
            note = self.scene.notation(step)
            text = f"{text}: {note}" if note else text
            start = frame_t[k]
            if out and out[-1].text == text:
                continue
            if out:
                out[-1] = replace(out[-1], end=start)
            out.append(Cue(start, total_t, text))
        for k, phase in enumerate(self.plan):
            if phase.kind in (HOLD, PAYOFF) and out:
                out[-1] = replace(out[-1], end=min(out[-1].end, frame_t[k] + self.counts[k]
                                                   / self.fps))
                break
        del times
        return [c for c in out if c.end > c.start]

    # ---------------------------------------------------------------- drawing

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        """Plan the video, draw every frame into the sink, close it."""
        phases = self.planned(end)
        describe = getattr(self.sink, "describe", None)
        if describe is not None:
            describe(self.cues(), self.metadata())
        total = self.total_frames
        for k, (phase, n) in enumerate(zip(phases, self.counts, strict=True)):
            if n <= 0:
                continue
            if self._still(phase):
                self._paint(k, 1.0)
                self._emit(n)
            else:
                for i in range(1, n + 1):
                    self._paint(k, i / n)
                    self._emit(1)
            progress("frames", self.frames, total)
        if self.frames == 0:      # an empty plan still makes a one-frame video
            self._paint(max(0, len(phases) - 1), 1.0)
            self._emit(1)
        self.sink.close()

    def metadata(self) -> dict[str, str]:
        """Container metadata: the title, and a comment with the solver and metric."""
        solver = self.header.solver if isinstance(self.header.solver, Mapping) else {}
        parts = [f"{k} {solver[k]}" for k in ("program", "algorithm", "metric")
                 if isinstance(solver.get(k), str)]
        facts = cards.facts_line(self.header, self.totals.get(self.final_word))
        comment = "; ".join(x for x in ("solver: " + ", ".join(parts) if parts else "",
                                        facts) if x)
        return {"title": cards.human_title(self.header), "comment": comment}

    def frame_at(self, index: int) -> np.ndarray:
        """The frame ``index`` of the planned video (the last one when beyond), alone."""
        assert self.plan is not None, "planned() first"
        self._moving = None             # drawn whole, whatever was drawn before
        n = 0
        for k, count in enumerate(self.counts):
            if count > 0 and index < n + count:
                i = index - n + 1
                self._paint(k, 1.0 if self._still(self.plan[k]) else i / count)
                return self.buf
            n += count
        last = max((k for k, c in enumerate(self.counts) if c > 0), default=0)
        self._paint(last, 1.0)
        return self.buf

    def index_after_move(self, move: int) -> int | None:
        """The frame that shows the position just after move ``move`` (its last motion
        frame), or None when the counter never shows it."""
        assert self.plan is not None, "planned() first"
        n, found = 0, None
        for phase, count in zip(self.plan, self.counts, strict=True):
            n += count
            if phase.kind == MOVE and phase.step is not None \
                    and self.shown[phase.step][0] == move and self.steps[phase.step].move:
                found = n - 1
        return found

    def index_of(self, kind: str) -> int | None:
        """The first frame of the first phase of ``kind``."""
        assert self.plan is not None, "planned() first"
        n = 0
        for phase, count in zip(self.plan, self.counts, strict=True):
            if phase.kind == kind and count > 0:
                return n
            n += count
        return None

    def _emit(self, repeat: int) -> None:
        """Hand the buffer to the sink; a sink with ``write_region`` is told when only
        the board changed since the last frame (the panel, counter and cards did not)."""
        if repeat <= 0:
            return
        region = getattr(self.sink, "write_region", None)
        if region is not None and not self._whole and self._screen is not None:
            region(self.buf, repeat, self._dirty or self._board_rect)
        else:
            self.sink.write(self.buf, repeat)
        self._whole = False
        self.frames += repeat

    @staticmethod
    def _still(phase: Phase) -> bool:
        return phase.kind in (TITLE, START, PAUSE, HOLD, END)

    def _paint(self, k: int, t: float) -> None:
        assert self.plan is not None
        phase = self.plan[k]
        kind = phase.kind
        self._dirty = None
        self._previous, self._moving = self._moving, None
        if kind == TITLE:
            self._show_card("title")
        elif kind == END:
            self._show_card("end")
        elif kind in (FADE_IN, FADE_OUT):
            card = self._card("title" if kind == FADE_IN else "end")
            self._board_frame(START if kind == FADE_IN else HOLD, None, 1.0)
            alpha = t if kind == FADE_IN else 1.0 - t     # the board's share
            cv2.addWeighted(self.buf, alpha, card, 1.0 - alpha, 0.0, dst=self.buf)
            self._screen = None
        else:
            self._board_frame(kind, phase.step, t)

    def _board_frame(self, kind: str, index: int | None, t: float) -> None:
        """The board with the panel or counter: ``kind`` START, MOVE, PAUSE, PAYOFF, HOLD."""
        if kind == START:
            step: AnyStep = Step(self.scene.initial(), self.scene.initial(), move=0,
                                 segments=0, pause=False)
            self._chrome(0, self.scene.counter_word, None)
            self.scene.draw(self.view, step, 1.0)
        elif kind in (MOVE, PAUSE) and index is not None:
            step = self.steps[index]
            move, word = self.shown[index]
            p = eased(t, self.ease) if kind == MOVE else 1.0
            if kind == MOVE and step.segments <= 0:
                p = 0.0
            self._chrome(move, word, step if step.move else None, at=index)
            last = self._previous if kind == MOVE and not self._whole else None
            redraw = getattr(self.scene, "redraw", None)
            rect = None
            if last is not None and last[0] == index and redraw is not None:
                rect = redraw(self.view, step, last[1], p)      # the same move, a frame on
            if rect is not None:
                ox, oy = self.origin
                self._dirty = (ox + rect[0], oy + rect[1], rect[2], rect[3])
            else:
                self.scene.draw(self.view, step, p if kind == MOVE else 1.0)
            if kind == MOVE:
                self._moving = (index, p)
        elif kind == PAYOFF and self.payoff_step is not None:
            self._chrome(self.moves, self.final_word, None)
            self.scene.draw(self.view, self.payoff_step, eased(t, self.ease))
        else:   # HOLD, and the board behind the crossfades: where the payoff left it
            self._chrome(self.moves, self.final_word, None, final=True)
            if self.payoff_step is not None:
                self.scene.draw(self.view, self.payoff_step, 1.0)
            else:
                final = self.last_state
                self.scene.draw(self.view, Step(final, final, segments=0, pause=False), 1.0)

    # ---------------------------------------------------------------- chrome

    def _chrome(self, move: int, word: str, step: AnyStep | None, final: bool = False,
                at: int | None = None) -> None:
        """The counter line or the panel for counter ``move`` (drawn when it changes);
        ``at``: the index of the step playing (the panel's list marks it)."""
        self._notes_list()
        pos = self._note_at.get(at) if at is not None else None
        if pos is None:   # between steps: the last noted step so far
            pos = self._note_upto(at, move, word, final)
        key = (move, word, final, pos)
        if self._screen == key:
            return
        fresh = self._screen is None      # after a card: the whole frame is redrawn
        if fresh:
            draw.fill(self.buf, self.theme.background)
        self._screen = key
        self._whole = True
        L = self.frame_layout
        solved = final and self.end is not None and self.end.status == "solved" and self.moves
        if L.compact:
            if not self.options.counter:
                return
            text = (self.scene.end_text(self.moves) if solved else
                    counter_text(word, move, self.totals.get(word)))
            x, y, w, h = L.bar
            if h <= 0:
                return
            bar = self.buf[y:y + h, x:x + w]
            draw.fill(bar, self.theme.background)
            px = draw.fit_text_px(text, int(w * 0.9), max(10, int(h * 0.62)), bold=True)
            draw.draw_text(bar, text, px, self.theme.text, w // 2, h // 2, "mm", bold=True)
            return
        self._panel(move, word, bool(solved), pos, fresh)

    def _panel_static(self) -> tuple[np.ndarray, int]:
        """The panel's top part (title, goal, facts, goal picture) and its height."""
        cached = self._cards.get("panel")
        if cached is not None:
            return cached, self._panel_top
        L, t = self.frame_layout, self.theme
        x, y, w, h = L.panel
        img = draw.solid((h, w), t.background)
        H = L.height
        title_px, title = cards.fit_lines(cards.human_title(self.header), w, max(14, H // 15))
        cy = int(H * 0.06)
        for line in title:
            draw.draw_text(img, line, title_px, t.text, 0, cy, "lt", bold=True)
            cy += int(title_px * 1.3)
        cy += int(H * 0.01)
        goal_px = max(10, H // 30)
        sentence = cards.goal_text(self.header, self.scene.goal_sentence())
        whole = " ".join(sentence.split())
        while goal_px > max(10, H // 45) and \
                " ".join(draw.wrap(whole, goal_px, w, 4)) != whole:
            goal_px -= 1          # a long goal: smaller, rather than cut short
        for line in draw.wrap(sentence, goal_px, w, 4):
            draw.draw_text(img, line, goal_px, t.text, 0, cy, "lt")
            cy += int(goal_px * 1.4)
        cy += int(H * 0.012)
        facts = cards.facts_line(self.header, self.totals.get(self.scene.counter_word))
        if facts:
            fpx = max(10, H // 38)
            draw.draw_text(img, facts, fpx, t.muted, 0, cy, "lt")
            cy += int(fpx * 1.6)
        goal = self.scene.goal_state()
        if goal is not None:
            cy = self._goal_picture(img, goal, cy, w, int(H * 0.2))
        height = min(h, cy + int(H * 0.03))
        self._cards["panel"] = img
        self._panel_top = height
        return img, height

    def _goal_picture(self, img: np.ndarray, goal: Any, cy: int, w: int, max_h: int) -> int:
        """The goal position drawn small, labelled "Goal:"; returns the next free row."""
        t = self.theme
        mini = scene_for(self.header, self.options, t)
        ew, eh = mini.extent()
        lpx = max(10, self.frame_layout.height // 40)
        label_w = draw.text_width("Goal:", lpx) + lpx
        cell = max(2, int(min((w - label_w) / ew, max_h / eh)))
        if cell < 3:
            return cy
        sw, full = mini.prepare(cell)
        pic = np.empty((full, sw, 3), np.uint8)
        mini.draw(pic, Step(goal, goal, segments=0, pause=False), 1.0)
        sh = mini.picture_rows(cell, full)
        pic = pic[:sh]
        draw.draw_text(img, "Goal:", lpx, t.muted, 0, cy + sh // 2, "lm")
        if cy + sh <= img.shape[0] and label_w + sw <= img.shape[1]:
            img[cy:cy + sh, label_w:label_w + sw] = pic
        return cy + sh + int(self.frame_layout.height * 0.01)

    def _panel(self, move: int, word: str, solved: bool, pos: int | None,
               fresh: bool = True) -> None:
        """The panel: its static top part (copied in only after the frame was cleared)
        and the counter, progress bar and list of moves below it."""
        L, t = self.frame_layout, self.theme
        x, y, w, h = L.panel
        static, top = self._panel_static()
        area = self.buf[y:y + h, x:x + w]
        if fresh:
            area[:top] = static[:top]
        draw.fill(area[top:], t.background)
        if not self.options.counter:
            return
        H = L.height
        total = self.totals.get(word)
        big = (self.scene.end_text(self.moves) if solved else counter_text(word, move, total))
        bpx = draw.fit_text_px(big, w, max(14, H // 16), bold=True)
        cy = top
        draw.draw_text(area, big, bpx, t.text, 0, cy, "lt", bold=True)
        cy += int(bpx * 1.45)
        bar_h = max(4, H // 60)
        frac = 1.0 if solved else (move / total if total else 0.0)
        if cy + bar_h < h:
            cards.draw_progress(area, t, 0, cy, w, bar_h, frac)
        cy += bar_h + int(H * 0.03)
        rpx = max(10, H // 34)
        row_h = int(rpx * 1.75)
        room = max(0, (h - cy) // row_h)
        rows = self._recent(pos)[-room:] if room else []   # the current one always shows
        num_w = draw.text_width("0000", rpx)
        for number, note, current in rows:
            if current:
                draw.fill(area[cy:cy + row_h, 0:w], t.row)
            colour = t.text if current else t.muted
            draw.draw_text(area, number, rpx, colour, num_w - rpx // 2, cy + row_h // 2,
                           "rm", bold=current)
            draw.draw_text(area, note, rpx, colour, num_w + rpx, cy + row_h // 2, "lm",
                           bold=current)
            cy += row_h

    def _notes_list(self) -> None:
        """Every counted step's (number, notation), in order, once."""
        if hasattr(self, "_notes"):
            return
        self._notes: list[tuple[int, str]] = []
        self._note_at: dict[int, int] = {}
        for k, (step, (m, _w)) in enumerate(zip(self.steps, self.shown, strict=True)):
            if step.move:
                text = self.scene.notation(step)
                if text:
                    self._note_at[k] = len(self._notes)
                    self._notes.append((m, text))

    def _note_upto(self, at: int | None, move: int, word: str, final: bool) -> int | None:
        """The list entry to mark when no counted step plays: none at the start, the
        last one at the end, else the last before step ``at``."""
        if move <= 0 or not self._notes:
            return None
        if final or at is None:       # the hold, the payoff: the last one
            return len(self._notes) - 1
        before = [pos for k, pos in self._note_at.items() if k <= at]
        return max(before) if before else None

    def _recent(self, pos: int | None) -> list[tuple[str, str, bool]]:
        """The panel's list: the last few steps up to entry ``pos`` in notation, the
        current one (the last) marked; none before the first move (a number repeated by
        steps of one move is written once)."""
        if not self._notes or pos is None:
            return []
        first = max(0, pos - (RECENT - 1))     # the moves so far, never the ones to come
        out: list[tuple[str, str, bool]] = []
        last_number = None
        for i in range(first, pos + 1):
            number, text = self._notes[i]
            shown = "" if number == last_number else str(number)
            last_number = number
            out.append((shown, text, i == pos))
        return out

    # ---------------------------------------------------------------- cards

    def _card(self, which: str) -> np.ndarray:
        img = self._cards.get(which)
        if img is not None:
            return img
        L, t, h = self.frame_layout, self.theme, self.header
        img = np.empty((L.height, L.width, 3), np.uint8)
        if which == "title":
            sentence = cards.goal_text(h, self.scene.goal_sentence())
            facts = cards.facts_line(h, self.totals.get(self.scene.counter_word))
            lines = [(sentence, "text")] + ([(facts, "muted")] if facts else [])
            cards.draw_card(img, t, cards.human_title(h), lines, top=cards.family_name(h))
        else:
            e = self.ending()
            lines = ([(e.note, "emphasis")] if e.note else []) + [(d, "muted")
                                                                    for d in e.details]
            cards.draw_card(img, t, e.headline, lines, top=cards.human_title(h))
        self._cards[which] = img
        return img

    def ending(self) -> cards.Ending:
        shown = getattr(self.scene, "shown", None)
        return cards.ending(self.header, self.end, self.moves,
                            self.scene.end_text(self.moves),
                            shown if isinstance(shown, int) else None)

    def _show_card(self, which: str) -> None:
        np.copyto(self.buf, self._card(which))
        self._screen = None


class NoFrames:
    """A sink that keeps nothing: a ``Movie`` planned or drawn for its timing, its cues
    or single frames (captions, previews, the vector outputs), never encoded."""

    def write(self, frame: np.ndarray, repeat: int) -> None:
        pass

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass


class Captions(Movie):
    """WebVTT subtitles of the video (one cue per move, its number and notation), timed
    as the MP4 at ``fps``; no frame is drawn."""

    def __init__(self, header: Header, options: RenderOptions, fps: int, path: Path) -> None:
        super().__init__(header, options, fps, lambda *_: NoFrames())
        self.path = path

    @property
    def total_frames(self) -> int:
        return 0

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        from .encode import webvtt

        self.planned(end)
        Path(self.path).write_text(webvtt(self.cues()) + "\n", encoding="utf-8")


# ---------------------------------------------------------------- contact sheet


class Sheet:
    """A PNG contact sheet: the start and the position after every move, numbered."""

    def __init__(self, header: Header, options: RenderOptions, path: Path) -> None:
        self.options = options
        self.path = path
        self.theme = THEMES[options.theme]
        self.scene = scene_for(header, options, self.theme)
        self.header = header
        cell = options.sheet_cell
        sw, sh = self.scene.prepare(cell)
        self.label_px = max(10, round(cell * 0.6))
        self.pad = max(4, cell // 3)
        self.pw = sw + 2 * self.pad
        self.ph = sh + self.label_px + 2 * self.pad
        self.sw, self.sh = sw, sh
        self.panels: list[bytes] = []
        self.last = 0
        start: AnyStep = Step(self.scene.initial(), self.scene.initial(), move=0, segments=0)
        self._panel(start, "Start")

    def _panel(self, step: AnyStep, label: str) -> None:
        t = self.theme
        img = np.empty((self.ph, self.pw, 3), np.uint8)
        draw.fill(img, t.background)
        view = img[self.pad:self.pad + self.sh, self.pad:self.pad + self.sw]
        self.scene.draw(view, step, 1.0)
        px = draw.fit_text_px(label, self.pw - 2, self.label_px)
        draw.draw_text(img, label, px, t.text, self.pw // 2,
                       self.pad + self.sh + self.pad // 2, "mt")
        self.panels.append(zlib.compress(img.tobytes(), 1))

    def feed(self, item: Replayed, rep: Replay) -> None:
        for step in self.scene.advance(item, rep):
            if step.sheet:
                number = step.move if step.move else len(self.panels)
                self.last = number
                self._panel(step, f"{self.scene.counter_word} {number}")

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        from .encode import write_png

        n = len(self.panels)
        auto = max(1, round(math.sqrt(4 / 3 * n * self.ph / self.pw)))
        cols = max(1, min(n, self.options.sheet_columns or auto))
        rows = (n + cols - 1) // cols
        t = self.theme
        head_px = max(12, round(self.options.sheet_cell * 0.9))
        head_h = head_px * 2
        width = cols * self.pw + 2 * self.pad
        height = head_h + rows * self.ph + 2 * self.pad
        total = total_moves(self.header)
        lines = title_lines(self.header, total if total is not None else
                            (self.last if self.last else None))
        heading = "  ·  ".join(lines)

        def bands() -> Iterable[np.ndarray]:
            top = np.empty((head_h + self.pad, width, 3), np.uint8)
            draw.fill(top, t.background)
            px = draw.fit_text_px(heading, width - 2 * self.pad, head_px)
            draw.draw_text(top, heading, px, t.text, self.pad, self.pad + head_h // 2, "lm")
            yield top
            for r in range(rows):
                band = np.empty((self.ph, width, 3), np.uint8)
                draw.fill(band, t.background)
                for c in range(cols):
                    k = r * cols + c
                    if k >= n:
                        break
                    panel = np.frombuffer(zlib.decompress(self.panels[k]), np.uint8)
                    x = self.pad + c * self.pw
                    band[:, x:x + self.pw] = panel.reshape(self.ph, self.pw, 3)
                yield band
            bottom = np.empty((self.pad, width, 3), np.uint8)
            draw.fill(bottom, t.background)
            yield bottom

        write_png(self.path, width, height, bands())


class Output(Protocol):
    """What ``render_stream`` feeds: a video (``Movie``), a contact sheet, captions, or any
    other file drawn from one replay (the vector outputs of ``render.vector``)."""

    def feed(self, item: Replayed, rep: Replay) -> None: ...

    def finish(self, end: End | None) -> None: ...


class _CutLinesDropped:
    """A trace stream whose last line, when the trace was cut in the middle of it (no
    newline, not valid JSON), is left out: ``--partial`` draws a trace cut anywhere.
    Every other line, a whole last line included, passes as the stream gives it."""

    def __init__(self, stream: IO[Any]) -> None:
        self.source: IO[Any] = getattr(stream, "buffer", None) or stream

    def __iter__(self) -> Iterator[bytes | str]:
        held: bytes | str | None = None
        for line in self.source:
            if held is not None:
                yield held
            held = line
        if held is None:
            return
        ends = held.endswith(b"\n") if isinstance(held, bytes) else held.endswith("\n")
        if not ends and held.strip():
            try:
                json.loads(held)
            except ValueError:
                return       # the cut line: the events before it are the trace
        yield held


def render_stream(stream: IO[Any], source: str,
                  make_outputs: Callable[[Header], list[Output]],
                  progress: Progress = no_progress, *,
                  allow_partial: bool = False) -> End | None:
    """Replay ``stream`` once, feeding every output; then finish each (videos are drawn
    then, frame by frame, reported as "frames, N of M"); return the trace's ``end``.
    With ``allow_partial`` the trace may stop anywhere, even in the middle of a line
    (that line is left out).

    ``make_outputs(header)`` builds the outputs once the header is known.  A bad trace
    raises ``TraceError`` (from the replay) part-way; the caller's atomic files then
    vanish."""
    outputs: list[Output] = []
    end: End | None = None
    lines: Any = _CutLinesDropped(stream) if allow_partial else stream
    for _rep, item in replay(lines, source, allow_partial=allow_partial):
        if isinstance(item.event, Header):
            try:
                outputs = make_outputs(item.event)
            except TraceError as exc:
                raise exc.located(line=item.line, source=source) from None
            continue
        if isinstance(item.event, End):
            end = item.event
            continue
        for out in outputs:
            out.feed(item, _rep)
    movies = [out for out in outputs if isinstance(out, Movie)]
    for movie in movies:
        movie.planned(end)
    total = sum(movie.total_frames for movie in movies)
    done = 0
    for out in outputs:
        if isinstance(out, Movie):
            offset = done

            def report(label: str, n: int, _total: int | None, offset: int = offset) -> None:
                progress(label, offset + n, total)

            out.finish(end, report)
            done += out.total_frames
        else:
            out.finish(end)
    return end


__all__ = ["DEFAULT_SIZE", "GIF_WIDTH", "VIDEO_SIZE", "AnyScene", "AnyStep", "Captions", "Cue",
           "FrameLayout", "Movie", "NoFrames", "Sheet", "Sink", "counter_text", "frame_layout",
           "plan_frame", "plan_layout", "plural", "render_stream", "resolve_options",
           "title_lines", "total_moves"]
