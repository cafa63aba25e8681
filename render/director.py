"""The director: a trace's replayed events in, a film out, for any puzzle with a scene.

``Director(header, options, fps, layout)`` lays the frame out, stages the family's
scene, and collects the beats the scene makes of each replayed event (``feed``).  When
the trace has ended, ``finish`` plans the video on the frame grid of ``fps``
(``render.plan``), turns every beat's tweens into motions at the beat's time, and adds
what every puzzle's video has: the counter line or the side panel, the title card and
the end card, crossfading with the board.  The film it returns is all a backend reads;
``sounds`` are the video's sound events (``--sound``): the ones the scene's beats make,
a chime when a solved puzzle reaches its goal, a low tone when there is no solution.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from puzzlereel.trace import End, Header, Replay, Replayed, Search

from . import cards, panel, search
from .film import Film, Motion
from .layout import FrameLayout, drawing_size, plan_layout
from .options import RenderOptions
from .plan import Cue, Plan, cues, plan
from .scene import Beat, Scene, Stage, scene_for
from .search import Story, story
from .shapes import texts
from .sound import Sound
from .theme import THEMES, Theme
from .timeline import (
    END,
    FADE_IN,
    FADE_OUT,
    HOLD,
    MOVE,
    PAYOFF,
    SEARCH,
    SEARCH_OUT,
    TITLE,
)


class Director:
    """One film of one trace (see the module docstring).  ``layout`` is "video" (the
    frame's proportions choose), "compact" or "board" (``render.layout``);
    ``with_cards`` False leaves the title and end cards out (the contact sheet's
    film); ``timing_only`` plans the video and keeps nothing of what it shows (the
    subtitles: a beat's tweens are dropped as soon as it is made)."""

    def __init__(self, header: Header, options: RenderOptions, fps: int, *,
                 layout: str = "video", with_cards: bool = True,
                 timing_only: bool = False) -> None:
        self.header = header
        self.options = options
        self.fps = fps
        self.with_cards = with_cards
        self.timing_only = timing_only
        self.theme: Theme = THEMES[options.theme]
        self.scene: Scene = scene_for(header, options, self.theme)
        self.layout: FrameLayout = plan_layout(self.scene.extent(), options, kind=layout)
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

    def feed(self, item: Replayed, replay: Replay) -> None:
        if isinstance(item.event, Search):
            self.searched.append(item.event)
            return
        beats = self.scene.advance(item, replay)
        if self.timing_only:        # what changes is not kept: only when, and in words
            beats = [replace(b, tweens=(), note=self.notes.setdefault(b.note, b.note))
                     for b in beats]
        self.beats.extend(beats)

    def subtitles(self, end: End | None) -> Iterator[Cue]:
        """The video's subtitles, without planning the rest of it (``timing_only``)."""
        beats = self.scene.retime(self.beats)
        payoff = self.scene.payoff() if end is not None and end.status == "solved" else None
        told = self.search_story(end)
        return cues(beats, self.header, self.options, self.fps, end, self.scene.counter_word,
                    payoff, f"How it was found: {told.sentence}" if told else "")

    def search_story(self, end: End | None) -> Story | None:
        """The trace's search as a chart, when ``--search`` asks for it and the trace
        tells of one."""
        if not self.options.search or not self.searched:
            return None
        return story(self.searched, end, self.scene.goal_reached)

    def finish(self, end: End | None) -> Film:
        """Plan the video and complete the film (once; later calls return it)."""
        if self.plan is not None:
            return self.film
        o = self.options
        beats = self.scene.retime(self.beats)
        payoff = self.scene.payoff() if end is not None and end.status == "solved" else None
        if not self.with_cards:
            o = replace(o, title=False, end_seconds=0.0)
        told = self.search_story(end) if self.with_cards else None
        p = self.plan = plan(beats, self.header, o, self.fps, end, self.scene.counter_word,
                             payoff, f"How it was found: {told.sentence}" if told else "")
        self.film.duration = max(p.seconds, 1 / self.fps)
        for k, phase in enumerate(p.phases):
            t0, t1 = p.spans[k]
            if phase.kind == MOVE and phase.step is not None:
                self._play(p.beats[phase.step], t0, t1)
            elif phase.kind == PAYOFF and p.payoff is not None:
                self._play(p.payoff, t0, t1)
        if not self.layout.compact:
            panel.words(self.film, self.layout, self.theme, p, self.header,
                        self.goal_sentence(), self.scene.end_text(p.moves),
                        self.options.counter, self.goal_picture())
        elif self.options.counter and self.layout.bar[3] > 0:
            panel.counter_line(self.film, self.layout, self.theme, p,
                               self.scene.end_text(p.moves))
        if self.with_cards:
            self._cards(p, under_chart=told is not None)
        if told is not None:
            self._search(p, told)
        self.sounds = self._sounds(p)
        return self.film

    def _sounds(self, p: Plan) -> list[Sound]:
        """The beats' sounds at their times; the chime as the goal is reached (the
        payoff's start, else the final hold's) for a solved trace; the low tone as the
        end card comes in (else as the final hold starts) for one without a solution."""
        made: list[Sound] = []
        starts: dict[str, float] = {}
        for k, phase in enumerate(p.phases):
            t0, t1 = p.spans[k]
            starts.setdefault(phase.kind, t0)
            if phase.kind == MOVE and phase.step is not None:
                for s in p.beats[phase.step].sounds:
                    at = t0 + (t1 - t0) * s.at
                    made.append(Sound(at, s.kind, seconds=max(0.0, t1 - at)))
        status = p.end.status if p.end is not None else None
        if status == "solved" and (PAYOFF in starts or HOLD in starts):
            made.append(Sound(starts.get(PAYOFF, starts.get(HOLD, 0.0)), "chime"))
        elif status == "unsolvable" and (FADE_OUT in starts or HOLD in starts):
            made.append(Sound(starts.get(FADE_OUT, starts.get(HOLD, 0.0)), "low"))
        return sorted(made, key=lambda s: s.start)

    def _search(self, p: Plan, told: Story) -> None:
        """The "how it was found" chart: crossfading in as the title card goes, growing
        while its phase plays, crossfading to the board."""
        at = {phase.kind: p.spans[k] for k, phase in enumerate(p.phases)}
        t0, t1 = at[SEARCH]
        a, b = at[SEARCH_OUT]
        for element in search.chart(self.film, search.frame_of(self.layout), self.theme, told,
                                    t0, t1):
            if FADE_IN in at and element.opacity > 0:     # over the title card, unseen
                f0, f1 = at[FADE_IN]                        # till the crossfade
                element.opacity = 0.0
                element.animate("opacity", Motion(f0, f1, "linear", ((0.0, 0.0), (1.0, 1.0))))
            element.animate("opacity", Motion(a, b, "linear", ((0.0, 1.0), (1.0, 0.0))))

    def _play(self, beat: Beat, t0: float, t1: float) -> None:
        for tween in beat.tweens:
            tween.element.animate(tween.prop, Motion(t0, t1, tween.easing or self.options.easing,
                                                     tween.stops))

    # ------------------------------------------------------------ words

    def goal_sentence(self) -> str:
        return cards.goal_text(self.header, self.scene.goal_sentence())

    def ending(self) -> cards.Ending:
        assert self.plan is not None, "finish() first"
        p = self.plan
        return cards.ending(self.header, p.end, p.moves, self.scene.end_text(p.moves),
                            self.scene.shown_count())

    def metadata(self) -> dict[str, str]:
        """Container metadata: the title, and a comment with the solver and metric."""
        assert self.plan is not None, "finish() first"
        solver = self.header.solver if isinstance(self.header.solver, Mapping) else {}
        parts = [f"{k} {solver[k]}" for k in ("program", "algorithm", "metric")
                 if isinstance(solver.get(k), str)]
        facts = cards.facts_line(self.header, self.plan.totals.get(self.plan.final_word))
        comment = "; ".join(x for x in ("solver: " + ", ".join(parts) if parts else "",
                                        facts) if x)
        return {"title": cards.human_title(self.header), "comment": comment}

    # ------------------------------------------------------------ the goal's picture

    def goal_picture(self) -> panel.GoalPicture | None:
        """The goal position drawn small for the panel (``panel.PICTURE_HEIGHT`` of the
        frame's height at most), or larger (``PICTURE_HEIGHT_TEXT``) when that sets
        words in it (tile numbers) which are too small to be legible at the smaller
        size."""
        small = self._goal_picture(panel.PICTURE_HEIGHT)
        large = self._goal_picture(panel.PICTURE_HEIGHT_TEXT)
        legible = self.layout.legible
        if large is not None and _words(large, legible) > _words(small, legible):
            return large
        return small

    def _goal_picture(self, share: float) -> panel.GoalPicture | None:
        """The goal's picture within ``share`` of the frame's height: the scene staged
        again at a small cell size, its goal beat played at once, taken as still
        shapes."""
        room_w, room_h = panel.picture_room(self.layout, share)
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
        stage = Stage(film, cell, 0, 0, *size, legible=self.layout.legible)
        mini.stage(stage)
        beat = mini.goal()
        if beat is None:
            return None
        for tween in beat.tweens:
            tween.element.animate(tween.prop, Motion(0.0, 0.0, "linear", tween.stops))
        w, h = drawing_size((pw, ph), cell)
        return panel.GoalPicture(tuple(film.still(1.0)), w, h)

    # ------------------------------------------------------------ cards

    def _cards(self, p: Plan, under_chart: bool = False) -> None:
        """The title card (``under_chart``: staying whole while the search's chart
        crossfades in over it, so the board never shows through) and the end card."""
        L, t, h = self.layout, self.theme, self.header
        title_at = fade_in = fade_out = end_at = None
        for k, phase in enumerate(p.phases):
            if phase.kind == TITLE:
                title_at = p.spans[k]
            elif phase.kind == FADE_IN:
                fade_in = p.spans[k]
            elif phase.kind == FADE_OUT:
                fade_out = p.spans[k]
            elif phase.kind == END:
                end_at = p.spans[k]
        if title_at is not None:
            facts = cards.facts_line(h, p.totals.get(p.word))
            lines = [(self.goal_sentence(), "text")] + ([(facts, "muted")] if facts else [])
            shape = cards.card(L.width, L.height, t, cards.human_title(h), lines,
                               top=cards.family_name(h))
            element = self.film.add("card.title", [shape], "cards", role="card")
            if fade_in is not None and not under_chart:
                element.animate("opacity", Motion(fade_in[0], fade_in[1], "linear",
                                                  ((0.0, 1.0), (1.0, 0.0))))
            elif fade_in is not None:
                element.animate("opacity", Motion(fade_in[1], fade_in[1], "linear",
                                                  ((0.0, 0.0),)))
            else:
                element.animate("opacity", Motion(title_at[1], title_at[1], "linear",
                                                  ((0.0, 0.0),)))
        if end_at is not None or fade_out is not None:
            e = self.ending()
            lines = ([(e.note, "emphasis")] if e.note else []) + [(d, "muted") for d in e.details]
            shape = cards.card(L.width, L.height, t, e.headline, lines,
                               top=cards.human_title(h))
            element = self.film.add("card.end", [shape], "cards", opacity=0.0, role="card")
            a, b = fade_out if fade_out is not None else (end_at[0], end_at[0])  # type: ignore[index]
            element.animate("opacity", Motion(a, b, "linear", ((0.0, 0.0), (1.0, 1.0))))


def _words(picture: panel.GoalPicture | None, legible: int) -> int:
    """How many lines of text ``picture`` sets at the ``legible`` size or larger (0
    without a picture)."""
    return 0 if picture is None else sum(1 for s in picture.shapes for t in texts(s)
                                         if t.size >= legible)


__all__ = ["Director"]
