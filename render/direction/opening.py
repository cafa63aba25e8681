"""A portrait or square frame's opening, in the counter block's place
(``FrameLayout.panel``) while the video opens: a square frame's title and goal, a
portrait frame's goal (its title is in the head), as large as fills the room, then,
for a puzzle with a goal picture that the frame sets legibly, "Goal:" and the goal
drawn small for the opening's last ``PICTURE_SECONDS``; then the counter block comes
in (``panel.counter_block``).
"""

from __future__ import annotations

from puzzlereel.render.direction.head import GoalPicture, Said, head_lines
from puzzlereel.render.direction.layout import FrameLayout
from puzzlereel.render.direction.pacing import PICTURE_SECONDS
from puzzlereel.render.direction.plan import Plan
from puzzlereel.render.direction.room import TallWords
from puzzlereel.render.direction.transitions import ease_in, rise, settle
from puzzlereel.render.film import typeset
from puzzlereel.render.film.elements import Element, Film, Motion
from puzzlereel.render.film.shapes import Group, Shape, Text, group
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.film.timeline import CROSSFADE, SEARCH_IN, START, TITLE

WORDS_LEAST = 1.0     # the opening's words before the goal's picture: at least these seconds


def opening_room(layout: FrameLayout) -> tuple[int, int]:
    """The room (w, h) of the goal's picture in a portrait or square frame's opening:
    the counter block's place, beside the label "Goal:"; (0, 0) in other layouts."""
    if layout.kind not in ("square", "portrait") or layout.panel[2] <= 0:
        return (0, 0)
    _x, _y, w, h = layout.panel
    return (w - _label_width(layout.legible), h)


def _label_width(px: int) -> int:
    """The width the label "Goal:" and its space take at ``px``."""
    return typeset.text_width("Goal:", px) + px


def opening(film: Film, layout: FrameLayout, theme: Theme, plan: Plan, said: Said,
             picture: GoalPicture | None) -> tuple[float, float] | None:
    """A square frame's title and goal (a portrait frame's goal) in its panel's room,
    as large as fills it, from the start until the title's time is over (without a
    title, until the first move), then crossfading (the times of that crossfade; None
    when there are no words to show).  With the goal's ``picture`` the words give way
    to it for the title's last ``PICTURE_SECONDS``, when that leaves them
    ``WORDS_LEAST``."""
    heading = said.heading
    shown = plan.span(TITLE) if heading.title else plan.span(START)
    if shown is None or not (heading.title or heading.goal):
        return None
    x, y, w, h = layout.panel
    lines = TallWords(layout.legible, layout.width, layout.words, heading,
                      layout.kind == "portrait").opening_in(w, h)
    shapes = head_lines(lines, theme)
    top = y + max(0, h - lines.height()) // 2     # in the middle of the room
    element = film.add("panel.opening", [group(shapes)], "chrome", x=x, y=top, role="chrome")
    searched, rest = plan.span(SEARCH_IN), plan.span(START)
    if searched is not None and not plan.timing.pacing.search_after:
        a = b = searched[0]
    elif heading.title:           # done by the first move, however short the start hold
        a = shown[1]
        b = a + min(CROSSFADE, rest[1] - a if rest is not None else 0.0)
    else:                         # the start hold's last crossfade
        a, b = max(shown[0], shown[1] - CROSSFADE), shown[1]
    settle(element, a, rise(element, layout.legible, layout.safe))
    turn = a - PICTURE_SECONDS
    if picture is not None and heading.title and turn >= shown[0] + WORDS_LEAST:
        fade_out(element, turn, turn + CROSSFADE)
        element = _opening_picture(film, layout, theme, picture)
        ease_in(element, turn, a, rise(element, layout.legible, layout.safe))
    fade_out(element, a, b)
    return a, b


def _opening_picture(film: Film, layout: FrameLayout, theme: Theme,
                     picture: GoalPicture) -> Element:
    """The goal's ``picture`` beside its label "Goal:", in the middle of the panel."""
    x, y, w, h = layout.panel
    u = layout.legible
    left = x + max(0, w - _label_width(u) - picture.width) // 2
    top = y + max(0, h - picture.height) // 2
    shapes: list[Shape] = [Text(0, picture.height // 2, "Goal:", u, theme.muted, "start"),
              Group(picture.shapes, _label_width(u), 0)]
    return film.add("panel.goal", [group(shapes)], "chrome", x=left, y=top, opacity=0.0,
                    role="chrome")


def fade_out(element: Element, a: float, b: float) -> None:
    """``element`` fades from shown to gone between ``a`` and ``b``."""
    element.animate("opacity", Motion(a, b, "linear", ((0.0, 1.0), (1.0, 0.0))))


__all__ = ["WORDS_LEAST", "fade_out", "opening", "opening_room"]
