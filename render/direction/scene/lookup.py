"""The scene of a trace's puzzle: its family's scene class, named in the registry,
loaded and built (``scene_for``)."""

from __future__ import annotations

from typing import Any

from puzzlereel.registry import FAMILIES
from puzzlereel.render.direction.scene.interface import Scene
from puzzlereel.render.film.theme import Theme
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import Header, TraceError


def scene_for(header: Header, options: RenderOptions, theme: Theme) -> Scene:
    """The scene for ``header``'s puzzle, or a TraceError saying none exists yet."""
    family = FAMILIES.get(header.puzzle)
    if family is None or not family.scene:
        raise TraceError(f"cannot render {header.puzzle!r} traces yet (renderable: "
                         f"{', '.join(sorted(k.name for k in FAMILIES.values() if k.scene))})",
                         field="puzzle", line=1)
    cls: Any = family.load("scene")
    scene: Scene = cls(header, options, theme)
    return scene


__all__ = ["scene_for"]
