"""The director: a trace's replayed events in, a film out, for any puzzle with a scene.

``Director(header, options, fps, layout)`` lays the frame out, stages the family's
scene, and collects the beats the scene makes of each replayed event (``feed``).  When
the trace has ended, ``finish`` plans the video on the frame grid of ``fps``
(``render.direction.plan``), turns every beat's tweens into motions at the beat's time, and adds
what every puzzle's video has: the words around the board (``render.direction.panel``: the title
and the goal from the first frame, the counter, the result over the last position)
and, for a format that loops (``loop``: GIF, SVG), a crossfade from the last position
back to the first frame.  The film it returns is all a backend reads; ``sounds`` are
the video's sound events (``--sound``): the ones the scene's beats make, a chime when a
solved puzzle reaches its goal, a low tone when there is no solution.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property

from puzzlereel.ground.errors import UsageError
from puzzlereel.render.direction import barchart, head, opening, panel, transitions, wording
from puzzlereel.render.direction.layout import (
    VIDEO_SIZE,
    FrameLayout,
    drawing_size,
    plan_layout,
    shape_of,
)
from puzzlereel.render.direction.plan import Plan, PlanInput, plan
from puzzlereel.render.direction.room import Heading, Picture, compact_head_height, compact_picture
from puzzlereel.render.direction.scene.beats import Beat
from puzzlereel.render.direction.scene.interface import Scene
from puzzlereel.render.direction.scene.lookup import scene_for
from puzzlereel.render.direction.scene.stage import Stage
from puzzlereel.render.direction.search import Story, story
from puzzlereel.render.film.elements import Film, Motion
from puzzlereel.render.film.shapes import placed_texts, texts
from puzzlereel.render.film.sound_events import Sound
from puzzlereel.render.film.theme import THEMES, Theme
from puzzlereel.render.film.timeline import (
    HOLD,
    MOVE,
    PAYOFF,
    RETURN,
    SEARCH,
    SEARCH_IN,
    SEARCH_OUT,
    frame_time,
)
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Header, Replay, Replayed, Search

PROBE = 40          # the legible size a goal picture's words are measured at (pixels)
MOST = 3            # a goal picture's words: those it sets at a cell this many legible sizes
SPARE = 1.1         # its cell: the least that sets them all, this many times over (rounding),
WORDED = 1.4        # and this many legible sizes at least (a number is not all its tile);
WORDLESS = 0.5      # a picture without words: a cell of this many legible sizes
CHIME_AFTER = 0.1     # seconds between the goal being reached and its chime
OPENING_CUE = 0.6     # the opening's soft cue, at this strength of a move's sound


class Director:
    """One film of one trace (see the module docstring).  ``layout`` is "video" (the
    frame's proportions choose), "compact" or "board" (``render.direction.layout``);
    ``whole`` False leaves the opening's title and the ending's result out (the contact
    sheet's film: the moves alone); ``loop`` ends the film with a
    crossfade back to its first frame (GIF, SVG); ``timing_only`` plans the video and
    keeps nothing of what it shows (the subtitles: a beat's tweens are dropped as soon
    as it is made)."""

    def __init__(self, header: Header, options: RenderOptions, fps: int, *,
                 layout: str = "video", whole: bool = True, loop: bool = False,
                 timing_only: bool = False) -> None:
        self.header = header
        self.options = options
        self.fps = fps
        self.whole = whole
        self.loop = loop and whole
        self.timing_only = timing_only
        self.theme: Theme = THEMES[options.theme]
        self.scene: Scene = scene_for(header, options, self.theme)
        self.picture = self._picture()
        self.measured = self.picture       # the goal picture's measure, in every layout
        self.layout: FrameLayout = self._layout(layout)
        L = self.layout
        self.film = Film(L.width, L.height, self.theme.background)
        size = drawing_size(self.scene.extent(), L.cell)
        x, y = L.origin(size)
        self.stage = Stage(self.film, L.cell, x, y, *size,
                           legible=0 if layout == "board" else L.legible)
        self.scene.stage(self.stage)
        self.beats: list[Beat] = []
        self.notes: dict[str, str] = {}     # one copy of each note, when timing only
        self.searched: list[Search] = []    # the trace's search events
        self.plan: Plan | None = None
        self.sounds: list[Sound] = []       # when the plan is made, in time order

    def _layout(self, purpose: str) -> FrameLayout:
        """The frame's layout (``render.direction.layout``); a compact one keeps the
        goal's picture in its head only where that costs the board nothing, keeps the
        frame within 9:16 (whose height the legible size follows no further) and the
        head's words and picture at the frame's legible size fit the head's room."""
        def planned() -> FrameLayout:
            return plan_layout(self.scene.extent(), self.options, purpose=purpose,
                               heading=self.heading(), payoff=self.scene.payoff_area())

        picture, self.picture = self.picture, None
        without = planned()
        if picture is None or not without.compact:
            return without
        self.picture = picture
        try:
            shown = planned()
        except UsageError:
            shown = None
        if shown is None or shown.cell < without.cell or shown.height * 9 > shown.width * 16 \
                or compact_head_height(self.heading(), shown.width, shown.legible) > shown.head[3]:
            self.picture = None
            return without
        return shown

    def feed(self, item: Replayed, replay: Replay) -> None:
        if isinstance(item.event, Search):
            self.searched.append(item.event)
            return
        beats = self.scene.advance(item, replay)
        if self.timing_only:        # what changes is not kept: only when, and in words
            beats = [replace(b, tweens=(), note=self.notes.setdefault(b.note, b.note))
                     for b in beats]
        self.beats.extend(beats)

    @property
    def search_after(self) -> bool:
        """Whether the "how it was found" chart is told after the solution: when the
        video's frame (the options' size, the MP4's) is portrait (9:16, 4:5), made for
        feeds where the first move must come within seconds; every output of one render
        (its subtitles too) is timed alike."""
        return shape_of(*(self.options.size or VIDEO_SIZE)) == "portrait"

    def opening_words(self) -> str:
        """The words the opening gives a viewer time to read: the title and the goal."""
        heading = self.heading()
        return f"{heading.title} {heading.goal}".strip()

    def search_story(self, end: End | None) -> Story | None:
        """The trace's search as a chart, when ``--search`` asks for it and the trace
        tells of one."""
        if not self.options.search or not self.searched:
            return None
        return story(self.searched, end, self.scene.goal_reached, self.scene.family.searched)

    def finish(self, end: End | None) -> Film:
        """Plan the video and complete the film (once; later calls return it)."""
        if self.plan is not None:
            return self.film
        given, told = self.planning(end)
        p = self.plan = plan(given)
        self.film.duration = max(p.seconds, 1 / self.fps)
        for phase, (t0, t1) in zip(p.phases, p.spans, strict=True):
            if phase.kind == MOVE and phase.step is not None:
                self._play(p.beats[phase.step], t0, t1)
            elif phase.kind == PAYOFF and p.payoff is not None:
                self._play(p.payoff, t0, t1)
        said = self.said()
        if not self.layout.compact:
            panel.words(self.film, self.layout, self.theme, p, said, self.options.counter,
                        self.goal_picture())
        else:
            head.compact_title(self.film, self.layout, self.theme, said.heading, p.settled(),
                               self.goal_picture())
            if self.layout.bar[3] > 0:
                panel.counter_line(self.film, self.layout, self.theme, p, said,
                                   self.options.counter)
        if told is not None:
            self._search(p, told)
        if p.span(RETURN) is not None:
            self._return(p)
        self.sounds = self._sounds(p)
        return self.film

    def planning(self, end: End | None) -> tuple[PlanInput, Story | None]:
        """What the plan is made from, and the search's story when the video tells it
        (a film not ``whole`` has no title, result or story)."""
        beats = tuple(self.scene.retime(self.beats))
        payoff = self.scene.payoff() if end is not None and end.status == "solved" else None
        o = self.options if self.whole else replace(self.options, title=False, end_seconds=0.0)
        told = self.search_story(end) if self.whole else None
        return PlanInput(beats, self.header, o, self.fps, end, self.scene.counter_word,
                         payoff=payoff, loop=self.loop, words=self.opening_words(),
                         search=f"How it was found: {told.sentence}" if told else "",
                         picture=self.pictured_opening, search_after=self.search_after), told

    def _sounds(self, p: Plan) -> list[Sound]:
        """A soft cue as the video opens (its first frame has sound); the beats' sounds at
        their times; the chime as the goal is reached (the payoff's start, else the final
        hold's, ``CHIME_AFTER`` later, so that its attack never falls on the last move's
        own sound) for a solved trace; the low tone as the final hold starts (the result
        "No solution exists" with it) for one without a solution."""
        made: list[Sound] = [Sound(0.0, "open", strength=OPENING_CUE)] if self.whole else []
        starts: dict[str, float] = {}
        for phase, (t0, t1) in zip(p.phases, p.spans, strict=True):
            starts.setdefault(phase.kind, t0)
            if phase.kind == MOVE and phase.step is not None:
                for s in p.beats[phase.step].sounds:
                    at = t0 + (t1 - t0) * s.at
                    made.append(Sound(at, s.kind, seconds=max(0.0, t1 - at)))
        status = p.end.status if p.end is not None else None
        if status == "solved" and (PAYOFF in starts or HOLD in starts):
            made.append(Sound(starts.get(PAYOFF, starts.get(HOLD, 0.0)) + CHIME_AFTER, "chime"))
        elif status == "unsolvable" and HOLD in starts:
            made.append(Sound(starts[HOLD], "low"))
        return sorted(made, key=lambda s: s.start)

    def _search(self, p: Plan, told: Story) -> None:
        """The "how it was found" chart: coming in over the opening board, growing while
        its phase plays, giving way to the board, each change over a cover of the
        background so that the chart's words never show over the board's
        (``transitions.chart_cover``)."""
        at = {phase.kind: p.spans[k] for k, phase in enumerate(p.phases)}
        t0, t1 = at[SEARCH]
        cover = transitions.cover_of(self.film, "search.cover")
        parts = barchart.chart(self.film, barchart.frame_of(self.layout), self.theme, told,
                               t0, t1)
        transitions.chart_cover(cover, parts, at[SEARCH_IN], at[SEARCH_OUT])

    def _return(self, p: Plan) -> None:
        """A looping format's way back: every element the first frame shows otherwise
        fades out, changes back and fades in (``transitions.back_to_start``), so that
        the loop starts again on the very picture it ends on."""
        span = p.span(RETURN)
        assert span is not None
        transitions.back_to_start(self.film, span[0], span[1], frame_time(0, self.fps))

    def _play(self, beat: Beat, t0: float, t1: float) -> None:
        for tween in beat.tweens:
            tween.element.animate(tween.prop, Motion(t0, t1, tween.easing or self.options.easing,
                                                     tween.stops))

    # ------------------------------------------------------------ words

    def goal_sentence(self) -> str:
        return wording.goal_text(self.header, self.scene.goal_sentence())

    def heading(self) -> Heading:
        """The title and the goal the frame makes room for (no title in a frame without
        its opening: the contact sheet's, or with ``title`` off in a compact one)."""
        if not self.whole or not self.options.title:
            return Heading("", self.goal_sentence())
        return Heading(wording.human_title(self.header), self.goal_sentence(),
                       self.picture)

    def ending(self) -> wording.Ending:
        assert self.plan is not None, "finish() first"
        p = self.plan
        return wording.ending(self.header, p.end, p.moves, self.scene.end_text(p.moves),
                            self.scene.shown_count())

    def said(self) -> head.Said:
        """What the words around the board say (``render.direction.panel``)."""
        assert self.plan is not None, "finish() first"
        p = self.plan
        return head.Said(self.heading(), wording.facts_line(self.header, p.totals.get(p.word)),
                          self.ending())

    def metadata(self) -> dict[str, str]:
        """Container metadata: the title, and a comment with the solver and metric."""
        assert self.plan is not None, "finish() first"
        solver = self.header.solver if isinstance(self.header.solver, Mapping) else {}
        parts = [f"{k} {solver[k]}" for k in ("program", "algorithm", "metric")
                 if isinstance(solver.get(k), str)]
        facts = wording.facts_line(self.header, self.plan.totals.get(self.plan.final_word))
        comment = "; ".join(x for x in ("solver: " + ", ".join(parts) if parts else "",
                                        facts) if x)
        return {"title": wording.human_title(self.header), "comment": comment}

    # ------------------------------------------------------------ the goal's picture

    def _picture(self) -> Picture | None:
        """The goal picture's size in cells and the pixels a cell takes per legible
        pixel: ``SPARE`` times the least that sets every word it sets at a cell of
        ``MOST`` legible sizes (measured at the legible size ``PROBE``), ``WORDED`` at
        least; ``WORDLESS`` for a picture without words there (a picture draws no
        board coordinates).  None: the scene draws none."""
        scene, _film = self._staged(8, 0)
        self.picture_words = 0
        if scene.goal() is None:
            return None
        pw, ph = scene.picture_extent()
        words = self.picture_words = _set(*self._staged(MOST * PROBE, PROBE), PROBE)
        if not words:
            return Picture(pw, ph, WORDLESS)
        lo, hi = PROBE // 2, MOST * PROBE       # the least cell setting all the words
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _set(*self._staged(mid, PROBE), PROBE) >= words \
                else (mid, hi)
        return Picture(pw, ph, max(WORDED, SPARE * hi / PROBE))

    def _staged(self, cell: int, legible: int) -> tuple[Scene, Film]:
        """The scene staged alone at ``cell`` pixels a cell, no word under ``legible``."""
        scene = scene_for(self.header, self.options, self.theme)
        size = drawing_size(scene.extent(), cell)
        film = Film(*size, self.theme.background)
        scene.stage(Stage(film, cell, 0, 0, *size, legible=legible, picture=True))
        return scene, film

    def goal_picture(self) -> head.GoalPicture | None:
        """The goal position drawn small: in a compact frame's head as large as its room
        (``room.compact_picture``); in a portrait or square frame's opening
        (``_opening_picture``); in the landscape panel ``head.PICTURE_HEIGHT`` of the
        frame's height at most, or larger (``PICTURE_HEIGHT_TEXT``) when that sets words
        in it (tile numbers) which are too small to be legible at the smaller size."""
        if self.layout.compact:
            return self._goal_picture(compact_picture(self.heading(), self.layout.width,
                                                      self.layout.legible))
        if self.layout.kind != "landscape":
            return self._opening_picture()
        small = self._goal_picture(head.picture_room(self.layout, head.PICTURE_HEIGHT))
        large = self._goal_picture(head.picture_room(self.layout, head.PICTURE_HEIGHT_TEXT))
        legible = self.layout.legible
        if large is not None and _words(large, legible) > _words(small, legible):
            return large
        return small

    @cached_property
    def pictured_opening(self) -> bool:
        """Whether the opening shows the goal's picture after its words: in a portrait
        or square video (the MP4's frame: every output of one render is timed alike)
        with its title, of a puzzle whose scene draws one the frame sets legibly."""
        if not (self.whole and self.options.title and self.measured is not None) \
                or shape_of(*(self.options.size or VIDEO_SIZE)) == "landscape":
            return False
        video = self.layout
        if video.compact or (video.width, video.height) != self.options.size:
            video = plan_layout(self.scene.extent(), self.options, purpose="video",
                                heading=replace(self.heading(), picture=None),
                                payoff=self.scene.payoff_area())
        return self._opening_picture_in(video) is not None

    def _opening_picture(self) -> head.GoalPicture | None:
        """The goal's picture in a portrait or square frame's opening."""
        return self._opening_picture_in(self.layout) if self.pictured_opening else None

    def _opening_picture_in(self, layout: FrameLayout) -> head.GoalPicture | None:
        """The goal's picture in the opening of ``layout`` (portrait or square), in the
        counter block's place after the words (``opening.opening_room``), when it sets
        every word of it (tile numbers) at the legible size; else None."""
        picture = self._goal_picture(opening.opening_room(layout), layout.legible)
        if picture is None or _words(picture, layout.legible) < self.picture_words:
            return None
        return picture

    def _goal_picture(self, room: tuple[int, int],
                      legible: int | None = None) -> head.GoalPicture | None:
        """The goal's picture within ``room`` (w, h): the scene staged again at a small
        cell size (no word under ``legible``, by default the frame's legible size), its
        goal beat played at once, taken as still shapes."""
        room_w, room_h = room
        if room_w <= 0 or room_h <= 0:
            return None
        mini = scene_for(self.header, self.options, self.theme)
        ew, eh = mini.extent()
        pw, ph = mini.picture_extent()
        cell = max(2, int(min(room_w / ew, room_h / eh)))
        if cell < 3:
            return None
        size = drawing_size((ew, eh), cell)
        film = Film(*size, self.theme.background)
        stage = Stage(film, cell, 0, 0, *size,
                      legible=self.layout.legible if legible is None else legible, picture=True)
        mini.stage(stage)
        beat = mini.goal()
        if beat is None:
            return None
        for tween in beat.tweens:
            tween.element.animate(tween.prop, Motion(0.0, 0.0, "linear", tween.stops))
        w, h = drawing_size((pw, ph), cell)
        return head.GoalPicture(tuple(film.still(1.0)), w, h)


def _set(scene: Scene, film: Film, legible: int) -> int:
    """How many words of ``scene``'s goal picture (the part ``picture_extent`` of its
    drawing, staged alone in ``film``) are set at the ``legible`` size or larger."""
    pw, ph = scene.picture_extent()
    right, bottom = pw * (film.width / scene.extent()[0]), ph * (film.height / scene.extent()[1])
    return sum(1 for shape in film.still(0.0) for x, y, t in placed_texts(shape)
               if t.size >= legible and x < right and y < bottom)


def _words(picture: head.GoalPicture | None, legible: int) -> int:
    """How many lines of text ``picture`` sets at the ``legible`` size or larger (0
    without a picture)."""
    return 0 if picture is None else sum(1 for s in picture.shapes for t in texts(s)
                                         if t.size >= legible)


__all__ = ["CHIME_AFTER", "OPENING_CUE", "Director"]
