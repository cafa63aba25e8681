"""Where a scene puts its elements (``Stage``): the board's place and cell size in the
frame, the smallest text it may show, its elements' names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from puzzlereel.render.film.elements import Element, Film
from puzzlereel.render.film.shapes import Box, Shape


@dataclass
class Stage:
    """Where a scene puts its elements: the film, the pixels of one board cell, its
    drawing's top-left (``x``, ``y``) and size in the frame, the smallest text it may
    show (``legible``: a text too large for its room is left out), whether it is the
    goal's small picture (``picture``: no coordinates).  All is clipped to the drawing."""

    film: Film
    cell: int
    x: int
    y: int
    width: int
    height: int
    legible: int = 0          # no text smaller than this (pixels); 0: no floor
    prefix: str = ""
    picture: bool = False
    names: dict[str, int] = field(default_factory=dict)

    @property
    def box(self) -> Box:
        return (self.x, self.y, self.x + self.width, self.y + self.height)

    def text_px(self, text: str, room: float, px: int, bold: bool = False) -> int:
        """The size to set ``text`` at: ``px`` or smaller to fit ``room`` pixels, never
        under the legible size nor 6 pixels (0: it cannot be set legibly in its room)."""
        from puzzlereel.render.film.typeset import fit_text_px, fits

        floor = max(self.legible, 6)
        fitted = fit_text_px(text, int(room), max(px, self.legible), bold)
        if fitted < floor:          # its steps of a tenth may pass over the floor itself
            fitted = floor
        return fitted if fits(text, fitted, int(room), bold) else 0

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The frame pixel of the drawing's pixel (x, y)."""
        return (self.x + x, self.y + y)

    def add(self, name: str, variants: Sequence[Shape] | Shape, layer: str = "pieces", *,
            x: float = 0.0, y: float = 0.0, opacity: float = 1.0,
            data: tuple[tuple[str, str], ...] = ()) -> Element:
        """An element named ``name`` (numbered when taken) at the drawing's pixel (x, y)."""
        count = self.names.get(name, 0)
        self.names[name] = count + 1
        full = f"{self.prefix}{name}" + (f"-{count}" if count else "")
        shapes = [variants] if not isinstance(variants, Sequence) else list(variants)
        return self.film.add(full, shapes, layer, x=self.x + x, y=self.y + y,
                             opacity=opacity, clip=self.box, role="board", data=data)


__all__ = ["Stage"]
