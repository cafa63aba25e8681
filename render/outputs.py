"""The files one replay of a trace feeds: videos, GIFs, contact sheets, subtitles and the
vector formats, each built from its own film (``render.direction.director``).

``render_stream`` replays a trace once and feeds every output; then each finishes:

- ``Movie`` (MP4, WebM, GIF): the film's frames through ``render.backends.compositor`` into an
  encoder, one frame time after another; a frame that changed only in part is handed
  over as that part, frames in which nothing changes as one held frame;
- ``Sheet`` (PNG): the start and the position after every move, each the board's film
  sampled when its beat has ended, numbered, on a grid written band by band;
- ``Captions`` (WebVTT): the film's cues (``captions``: the move list's lines, then the
  result), the MP4's subtitles too;
- ``Vector`` (SVG, HTML): the film written as CSS keyframes or as the player's data.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, Protocol

import numpy as np

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.plan import Cue
from puzzlereel.render.encoders.sound import SoundTrack, soundtrack
from puzzlereel.render.film.elements import Film
from puzzlereel.render.film.theme import RGB
from puzzlereel.render.film.timeline import END, HOLD, PAYOFF, RETURN, frame_time
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Header, Replay, Replayed, TraceError, replay
from puzzlereel.trace.io import lines


class Sink(Protocol):
    """Where frames go: an encoder.  ``frame`` is only valid during the call."""

    def describe(self, cues: Sequence[Cue], metadata: Mapping[str, str]) -> None:
        """The video's subtitles and title, before the first frame (a format without
        them ignores them)."""
        ...

    def add_sound(self, track: SoundTrack) -> None:
        """A sound track playing beside the frames, after ``describe`` and before the
        first frame (a format without sound ignores it)."""
        ...

    def write(self, frame: np.ndarray, repeat: int) -> None:
        """Add ``frame``, shown for ``repeat`` frame times."""
        ...

    def write_regions(self, frame: np.ndarray, repeat: int,
                      rects: Sequence[tuple[int, int, int, int]]) -> None:
        """Add ``frame``, which differs from the last one only inside ``rects``."""
        ...

    def hold(self, repeat: int) -> None:
        """The last frame again, ``repeat`` frame times."""
        ...

    def close(self) -> None:
        """Finish the file (the caller then renames it into place)."""
        ...

    def abort(self) -> None:
        """Stop without finishing: release the encoder, keep nothing."""
        ...


class Output(Protocol):
    """What ``render_stream`` feeds: one file drawn from one replay."""

    def feed(self, item: Replayed, rep: Replay) -> None: ...

    def finish(self, end: End | None, progress: Progress = no_progress) -> None: ...


SinkFactory = Callable[[Film, Director], Sink]


class Movie:
    """A video of the trace: its film, planned by ``director`` at its frame rate, drawn
    frame by frame into the sink ``make_sink`` opens."""

    def __init__(self, director: Director, make_sink: SinkFactory) -> None:
        self.fps = director.fps
        self.director = director
        self.make_sink = make_sink
        self.sink: Sink | None = None
        self.frames = 0

    @property
    def total_frames(self) -> int:
        plan = self.director.plan
        assert plan is not None, "finish() first"
        return max(1, plan.total_frames)

    @property
    def seconds(self) -> float:
        return self.total_frames / self.fps

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def plan(self, end: End | None) -> Film:
        return self.director.finish(end)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        """Plan the video, draw every frame into the sink, close it."""
        film = self.director.finish(end)
        sink = self.sink = self.make_sink(film, self.director)
        plan = self.director.plan
        assert plan is not None
        sink.describe(captions(self.director), self.director.metadata())
        if self.director.options.sound:
            sink.add_sound(soundtrack(self.director.sounds, self.seconds))
        play(film, self.fps, self.total_frames, sink, progress)
        self.frames = self.total_frames
        sink.close()

    def abort(self) -> None:
        if self.sink is not None:
            self.sink.abort()


def captions(director: Director) -> list[Cue]:
    """A planned video's subtitles: a cue per line of the move list (``Plan.cues``),
    then the result in the ending's words ("Solved in 81 moves — the fewest possible")
    from the ending's start (the payoff, else the final hold), or the last cue's end, to
    the video's end (a looping format's return to the start left out)."""
    from puzzlereel.render.encoders.subtitles import with_result

    plan = director.plan
    assert plan is not None, "finish() first"
    timed = [(phase.kind, span) for phase, count, span
             in zip(plan.phases, plan.counts, plan.spans, strict=True) if count > 0]
    ending = next((t0 for kind, (t0, _) in timed if kind in (PAYOFF, HOLD, END)), None)
    end = max((t1 for kind, (_, t1) in timed if kind != RETURN), default=0.0)
    return with_result(plan.cues(), director.ending().text,
                       end if ending is None else ending, end)


def play(film: Film, fps: int, total: int, sink: Sink, progress: Progress = no_progress
         ) -> None:
    """Every one of ``total`` frames of ``film`` at ``fps`` into ``sink``: a frame that
    changed only in part is handed over as its parts, frames in which nothing changes as
    one held frame."""
    frames = Compositor(film)
    f = 0
    while f < total:
        t = frame_time(f, fps)
        change = frames.next(t)
        quiet = frames.quiet_until()
        last = total if quiet == math.inf else min(total, math.floor(quiet * fps + 1e-6))
        n = max(1, last - f)
        if change.whole or f == 0:
            sink.write(frames.buf, n)
        elif change.same:
            sink.hold(n)
        else:
            sink.write_regions(frames.buf, n, change.rects)
        f += n
        progress("frames", f, total)


class Captions:
    """WebVTT subtitles of the video (one cue per line of the move list, then the
    result: ``captions``), timed as the MP4 at ``fps``."""

    def __init__(self, header: Header, options: RenderOptions, fps: int, path: Path) -> None:
        self.director = Director(header, options, fps, layout="compact", timing_only=True)
        self.path = path

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        from puzzlereel.render.encoders.subtitles import webvtt_lines

        self.director.finish(end)
        with open(self.path, "w", encoding="utf-8") as f:
            f.writelines(webvtt_lines(captions(self.director)))


class Vector:
    """An animated SVG or a player page of the trace: its film, planned by ``director``,
    as the text ``text`` makes of it (``backends.svg.svg_text``, ``backends.player.html_text``)."""

    def __init__(self, director: Director, path: Path,
                 text: Callable[[Film, Director], str]) -> None:
        self.path = path
        self.director = director
        self.text = text
        self.seconds = 0.0

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        film = self.director.finish(end)
        self.seconds = film.duration
        Path(self.path).write_text(self.text(film, self.director), encoding="utf-8")


def palette(film: Film, theme_colours: Iterable[RGB]) -> list[RGB]:
    """A GIF's key colours: the film's flat colours, then the theme's."""
    return [*film.colours(), *theme_colours]


class _CutLinesDropped:
    """A trace stream whose last line, when the trace was cut in the middle of it (no
    newline, not valid JSON), is left out: ``--partial`` draws a trace cut anywhere.
    Every other line, a whole last line included, passes as the stream gives it."""

    def __init__(self, stream: IO[Any]) -> None:
        self.source = stream

    def __iter__(self) -> Iterator[bytes | str | UnicodeDecodeError]:
        held: bytes | str | None = None
        for line in lines(self.source):        # each no longer than a trace line may be
            if isinstance(line, UnicodeDecodeError):   # the reader says where
                if held is not None:
                    yield held
                yield line
                return
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
        movie.plan(end)
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


__all__ = ["Captions", "Movie", "captions", "Output", "Sink", "Vector", "palette", "play",
           "render_stream"]
