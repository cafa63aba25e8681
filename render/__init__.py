"""The renderer: any valid trace drawn as video, GIF, PNG, WebVTT, animated SVG or an HTML
player; it reads traces (``puzzlereel.trace``), never the solvers.

Its floors, from the bottom: ``film`` (the vocabulary: shapes, elements and their
tracks, easing, timeline, theme, pixels and text, sound events), ``declared`` (each
render option declared once) and ``options`` (the options, checked), ``direction`` (a
replayed trace made into a film), ``scenes`` (one per family), ``backends`` (raster,
SVG, player) and ``encoders`` (video, GIF, PNG, sound, subtitles); ``outputs``,
``sinks`` (what writes each output format), ``still``, ``charts`` and ``api`` on top
(docs/architecture.md).
"""
