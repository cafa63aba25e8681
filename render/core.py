"""The renderer core: replayed trace events in, frames out, for any puzzle with a scene.

``Movie`` turns the stream of replayed events into a timeline of frames (title card,
hold on the start, each step tweened with easing, pauses, hold on the end; the phases'
seconds summed by ``timeline.Clock``, so every format lasts the same) and hands
each frame to a sink (an encoder) as soon as it is drawn, into one reused buffer; the
``repeat`` count lets encoders store a held frame once.  ``Sheet`` collects one small
numbered panel per move (compressed) and writes a PNG contact sheet band by band.
``render_stream`` feeds one replay of a trace to any number of these at once.
Nothing here holds more than a frame (plus the compressed sheet panels).
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

import numpy as np

from puzzlereel.progress import Progress, no_progress
from puzzlereel.trace import End, Header, Replay, Replayed, TraceError, replay

from . import draw
from .options import FIELD_OF, RenderOptions, header_hints, with_values
from .scene import Scene, Step, scene_for
from .theme import THEMES, Theme
from .timeline import EASINGS, Clock, segmented

AnyScene = Scene[Any, Any]   # the core drives every family's scene alike
AnyStep = Step[Any, Any]

DEFAULT_SIZE = (640, 480)


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
    rules')."""

    width: int
    height: int
    cell: int
    board: tuple[int, int, int, int]   # x, y, w, h of the scene's area
    bar: tuple[int, int, int, int]     # x, y, w, h of the counter bar (h 0: none)


def even(v: int) -> int:
    return v + (v & 1)


def plan_frame(scene: AnyScene, options: RenderOptions, *,
                counter: bool | None = None) -> FrameLayout:
    """Pick the cell size and place the scene and the counter bar (even frame size)."""
    counter = options.counter if counter is None else counter
    ew, eh = scene.extent()
    if options.cell is not None:
        cell = options.cell
        bar_h = max(18, round(cell * 0.55)) if counter else 0
        pad = max(4, round(cell * 0.15))
        sw, sh = scene.prepare(cell)
        width = even(sw + 2 * pad)
        height = even(sh + bar_h + 2 * pad)
    else:
        width, height = options.size or DEFAULT_SIZE
        width, height = even(width), even(height)
        bar_h = max(18, round(height * 0.075)) if counter else 0
        pad = max(4, round(min(width, height) * 0.03))
        cell = max(2, int(min((width - 2 * pad) / ew, (height - bar_h - 2 * pad) / eh)))
        sw, sh = scene.prepare(cell)
    bx = (width - sw) // 2
    by = pad + (height - bar_h - 2 * pad - sh) // 2
    bar = (0, height - bar_h - pad // 2, width, bar_h) if counter else (0, height, width, 0)
    return FrameLayout(width, height, cell, (bx, max(0, by), sw, sh), bar)


def resolve_options(header: Header, options: RenderOptions,
                    explicit: Iterable[str] = ()) -> RenderOptions:
    """``options`` with the header's ``render`` hints applied where not set explicitly."""
    skip = {FIELD_OF.get(key, key) for key in explicit}
    for key, value in header_hints(header.render).items():
        if FIELD_OF.get(key, key) in skip:
            continue
        try:
            options = with_values(options, {key: value})
        except ValueError:
            pass   # hints are never required: ignore ones we cannot use
    return options


def total_moves(header: Header) -> int | None:
    """The optional header field ``moves`` (the solution length), if present and sane."""
    value = header.fields.get("moves")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return None


def counter_text(word: str, move: int | None, total: int | None) -> str:
    if not move:
        return "Start" + (f"  ·  {total} moves" if total is not None else "")
    return f"{word} {move} / {total}" if total is not None else f"{word} {move}"


TITLE_CHARS = 120   # a title card line is cut to this many characters, then fitted


def title_lines(header: Header, total: int | None) -> list[str]:
    """The title card's lines: the title, the puzzle (and metric), the move count.

    A trace's title and metric may be any length: each line is cut to ``TITLE_CHARS``
    characters with an ellipsis before anything measures it (drawing then shortens it
    further to fit the frame: ``draw.draw_text``)."""
    title = header.title or header.puzzle.replace("-", " ").title()
    sub = header.puzzle
    metric = header.solver.get("metric") if isinstance(header.solver, dict) else None
    if isinstance(metric, str):
        sub += f"  ·  {metric[:TITLE_CHARS]} metric"
    lines = [title, sub]
    if total is not None:
        lines.append(f"{total} moves")
    return [line if len(line) <= TITLE_CHARS else line[:TITLE_CHARS - 1].rstrip() + draw.ELLIPSIS
            for line in lines]


class Movie:
    """Frames of one video, pushed to ``sink`` as the replayed events come in."""

    def __init__(self, header: Header, options: RenderOptions, fps: int,
                 sink_factory: Callable[[int, int, AnyScene, Theme], Sink]) -> None:
        self.options = options
        self.fps = fps
        self.theme = THEMES[options.theme]
        self.scene = scene_for(header, options, self.theme)
        self.frame_layout = plan_frame(self.scene, options)
        self.ease = EASINGS[options.easing]
        self.total = total_moves(header)
        L = self.frame_layout
        self.buf = np.empty((L.height, L.width, 3), np.uint8)
        self.buf[:] = self.theme.background
        bx, by, bw, bh = L.board
        self.view = self.buf[by:by + bh, bx:bx + bw]
        self.sink = sink_factory(L.width, L.height, self.scene, self.theme)
        self.clock = Clock(fps)   # the phases' seconds so far -> frame boundaries
        self.frames = 0
        self.moves = 0
        self.pending = 0.0        # pause seconds owed for the last step
        self.last: AnyStep | None = None
        self.counter: str | None = None
        if options.title and options.title_seconds > 0:
            self._title_card(header)
        start: AnyStep = Step(self.scene.initial(), self.scene.initial(), move=0, segments=0,
                     pause=False)
        self._set_counter(0)
        self.scene.draw(self.view, start, 1.0)
        self._emit(self.clock.take(options.hold_start))
        self.last = start

    # ---------------------------------------------------------------- frames

    def _emit(self, repeat: int) -> None:
        if repeat > 0:
            self.sink.write(self.buf, repeat)
            self.frames += repeat

    def _title_card(self, header: Header) -> None:
        n = self.clock.take(self.options.title_seconds)
        if n <= 0:
            return
        L, t = self.frame_layout, self.theme
        card = self.buf
        card[:] = t.background
        lines = title_lines(header, self.total)
        big = draw.fit_text_px(lines[0], int(L.width * 0.9), max(14, L.height // 9))
        small = draw.fit_text_px(max(lines[1:], key=len), int(L.width * 0.9),
                                 max(10, L.height // 22))
        heights = [big] + [small] * (len(lines) - 1)
        gap = small // 2
        y = (L.height - sum(h * 1.3 for h in heights) - gap) / 2
        for i, (line, px) in enumerate(zip(lines, heights, strict=True)):
            colour = t.text if i == 0 else t.muted
            draw.draw_text(card, line, px, colour, L.width // 2, int(y), "mt")
            y += px * 1.3 + (gap if i == 0 else 0)
        self._emit(n)
        card[:] = t.background
        self.counter = None

    def _set_counter(self, move: int | None, text: str | None = None) -> None:
        if not self.options.counter:
            return
        if text is None:
            text = counter_text(self.scene.counter_word, move, self.total)
        if text == self.counter:
            return
        self.counter = text
        x, y, w, h = self.frame_layout.bar
        if h <= 0:
            return
        bar = self.buf[y:y + h, x:x + w]
        bar[:] = self.theme.background
        px = draw.fit_text_px(text, int(w * 0.9), max(10, int(h * 0.62)))
        draw.draw_text(bar, text, px, self.theme.text, w // 2, h // 2, "mm")

    def play(self, step: AnyStep) -> None:
        """Add one step: owed pause first, then the tweened motion."""
        if self.pending:
            self._emit(self.clock.take(self.pending))
        self.pending = 0.0
        if step.move is not None:
            self._set_counter(step.move)
            if step.move:
                self.moves = step.move    # the last number shown (a scene may restart its count)
        n = self.clock.take(step.duration_units * self.options.speed, minimum=1)
        if step.segments <= 0:
            self.scene.draw(self.view, step, 0.0)
            self._emit(n)
        else:
            for i in range(1, n + 1):
                p = segmented(i / n, step.segments, self.ease)
                self.scene.draw(self.view, step, p)
                self._emit(1)
        if step.pause:
            self.pending = self.options.pause
        self.last = step

    def feed(self, item: Replayed, rep: Replay) -> None:
        for step in self.scene.advance(item, rep):
            self.play(step)

    def finish(self, end: End | None) -> None:
        """The hold on the last position, then close the encoder (no pause after the
        last step)."""
        self.pending = 0.0
        assert self.last is not None
        still = self.last.still()
        if end is not None and end.status == "solved" and self.moves:
            self._set_counter(None, self.scene.end_text(self.moves))
        self.scene.draw(self.view, still, 1.0)
        self._emit(self.clock.take(self.options.hold_end, minimum=1 if self.frames == 0 else 0))
        self.sink.close()


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
        start: AnyStep = Step(self.scene.initial(), self.scene.initial(), move=0, segments=0)
        self._panel(start, "start")

    def _panel(self, step: AnyStep, label: str) -> None:
        t = self.theme
        img = np.empty((self.ph, self.pw, 3), np.uint8)
        img[:] = t.background
        view = img[self.pad:self.pad + self.sh, self.pad:self.pad + self.sw]
        self.scene.draw(view, step, 1.0)
        draw.draw_text(img, label, self.label_px, t.text, self.pw // 2,
                       self.pad + self.sh + self.pad // 2, "mt")
        self.panels.append(zlib.compress(img.tobytes(), 1))

    def feed(self, item: Replayed, rep: Replay) -> None:
        for step in self.scene.advance(item, rep):
            if step.sheet:
                self._panel(step, str(step.move if step.move else len(self.panels)))

    def finish(self, end: End | None) -> None:
        from .encode import write_png

        n = len(self.panels)
        cols = self.options.sheet_columns or max(
            1, min(n, round(math.sqrt(4 / 3 * n * self.ph / self.pw))))
        rows = (n + cols - 1) // cols
        t = self.theme
        head_px = max(12, round(self.options.sheet_cell * 0.9))
        head_h = head_px * 2
        width = cols * self.pw + 2 * self.pad
        height = head_h + rows * self.ph + 2 * self.pad
        total = total_moves(self.header)
        lines = title_lines(self.header, total if total is not None else n - 1)
        heading = "  ·  ".join(lines)

        def bands() -> Iterable[np.ndarray]:
            top = np.empty((head_h + self.pad, width, 3), np.uint8)
            top[:] = t.background
            px = draw.fit_text_px(heading, width - 2 * self.pad, head_px)
            draw.draw_text(top, heading, px, t.text, self.pad, self.pad + head_h // 2, "lm")
            yield top
            for r in range(rows):
                band = np.empty((self.ph, width, 3), np.uint8)
                band[:] = t.background
                for c in range(cols):
                    k = r * cols + c
                    if k >= n:
                        break
                    panel = np.frombuffer(zlib.decompress(self.panels[k]), np.uint8)
                    x = self.pad + c * self.pw
                    band[:, x:x + self.pw] = panel.reshape(self.ph, self.pw, 3)
                yield band
            bottom = np.empty((self.pad, width, 3), np.uint8)
            bottom[:] = t.background
            yield bottom

        write_png(self.path, width, height, bands())


Output = Movie | Sheet


def render_stream(stream: IO[Any], source: str,
                  make_outputs: Callable[[Header], list[Output]],
                  progress: Progress = no_progress, *,
                  allow_partial: bool = False) -> End | None:
    """Replay ``stream`` once, feeding every output; return the trace's ``end``.

    ``make_outputs(header)`` builds the outputs once the header is known.  A bad trace
    raises ``TraceError`` (from the replay) part-way; the caller's atomic files then
    vanish."""
    outputs: list[Output] = []
    end: End | None = None
    total: int | None = None
    moves = 0
    for rep, item in replay(stream, source, allow_partial=allow_partial):
        if isinstance(item.event, Header):
            try:
                outputs = make_outputs(item.event)
            except TraceError as exc:
                raise exc.located(line=item.line, source=source) from None
            total = total_moves(item.event)
            continue
        if isinstance(item.event, End):
            end = item.event
            continue
        for out in outputs:
            out.feed(item, rep)
        if item.applied is not None:
            moves += 1
            progress("rendering", moves, total)
    for out in outputs:
        out.finish(end)
    return end


__all__ = ["DEFAULT_SIZE", "AnyScene", "AnyStep", "FrameLayout", "Movie", "Sheet", "Sink",
           "counter_text", "plan_frame", "render_stream", "resolve_options", "title_lines",
           "total_moves"]
