"""The move list's and the result's words fitted to their room in the counter block
(``render.direction.panel``): a line's moves (the latest that fit, smaller when one
alone does not) and the result's note and details, as large as fills their room.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlereel.render.direction.room import grown
from puzzlereel.render.direction.wording import Ending
from puzzlereel.render.film import typeset

NOTES_GAP = " · "         # between the moves of one line of the list
REMARK = "!"              # a list row's number that makes it a remark
DROPPED = "… "            # before a line's moves when its first ones do not fit


def latest(notes: Sequence[str], px: int, width: int, floor: int,
           bold: bool = False) -> tuple[str, int] | None:
    """A line's moves in ``width`` pixels and the size they are set at: all of them at
    ``px``, else the latest that fit after ``DROPPED``, else the last one whole at the
    largest size down to ``floor`` that holds it; None when not even that fits."""
    for k in range(len(notes)):
        text = (DROPPED if k else "") + NOTES_GAP.join(notes[k:])
        if typeset.fits(text, px, width, bold):
            return text, px
    if not notes:
        return "", px
    smaller = typeset.fit_text_px(notes[-1], width, px, bold)
    if smaller >= floor and typeset.fits(notes[-1], smaller, width, bold):
        return notes[-1], smaller
    return None


def result_filling(ending: Ending, px: int, width: int, height: int,
                   line: float) -> tuple[int, list[tuple[str, str]]]:
    """The result's lines (``result_lines``) in ``width`` x ``height`` pixels, set as
    large as fills that room without leaving a line out (``grown`` from ``px``);
    ``line`` is a line's height in multiples of its size."""
    def lines_at(size: int) -> list[tuple[str, str]]:
        return result_lines(ending, size, width, max(0, height // max(1, int(size * line))))

    least = len(lines_at(px))
    size = grown(px, lambda size: len(made := lines_at(size)) >= least
                 and len(made) * int(size * line) <= height)
    return size, lines_at(size)


def result_lines(ending: Ending, px: int, width: int, most: int) -> list[tuple[str, str]]:
    """The result's note and details as lines of ``width`` pixels at ``px``: (text,
    "note" | "detail"), at most ``most`` of them (a detail that no longer fits whole is
    left out, never cut)."""
    out: list[tuple[str, str]] = []
    for text, kind in ([(ending.note, "note")] if ending.note else []) + \
            [(d, "detail") for d in ending.details]:
        lines = typeset.wrap_whole(text, px, width, most, bold=kind == "note")
        if lines is None or len(out) + len(lines) > most:
            continue
        out += [(line, kind) for line in lines]
    return out


__all__ = ["DROPPED", "NOTES_GAP", "REMARK", "latest", "result_filling", "result_lines"]
