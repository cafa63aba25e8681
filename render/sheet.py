"""The contact sheet (PNG): the start and the position after every move, each the
board's film sampled when its beat has ended, numbered, on a grid written band by band
under a heading (the title, the family, the length).

A small board's sheet is still legible: its cells grow (``sheet_cell`` up to the top of
its range) until the sheet is ``SHEET_WIDTH`` pixels wide, its moves counted from the
trace's header (else one); a sheet still narrower (more moves than the header said, or
``cell`` setting the board's size) is centred on that width; and the heading breaks
into up to three lines rather than shrink below ``HEAD_LEAST`` pixels.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import numpy as np

from puzzlereel.ground.progress import Progress, no_progress
from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction import wording
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.layout import drawing_size
from puzzlereel.render.direction.plan import total_moves
from puzzlereel.render.film import draw, typeset
from puzzlereel.render.film.timeline import MOVE
from puzzlereel.render.options import RANGES, RenderOptions
from puzzlereel.trace import End, Header, Replay, Replayed

SHEET_WIDTH = 360     # pixels: the least a contact sheet is wide
HEAD_LEAST = 12       # pixels: the heading's least size (it breaks into lines first)
HEAD_LINES = 3        # ... in at most this many lines


def sheet_panel(cell: int, board: tuple[int, int]) -> tuple[int, int, int, int]:
    """A contact sheet's padding, label height and panel width and height for a board
    of ``board`` pixels drawn at ``cell`` pixels a cell."""
    pad, label_px = max(4, cell // 3), max(10, round(cell * 0.6))
    return pad, label_px, board[0] + 2 * pad, board[1] + label_px + 2 * pad


def sheet_grid(n: int, pw: int, ph: int, columns: int) -> tuple[int, int]:
    """The columns and rows of ``n`` panels of ``pw`` x ``ph`` pixels: ``columns``, else
    (0) as many as make the sheet about 4:3."""
    cols = max(1, min(n, columns or max(1, round(math.sqrt(4 / 3 * n * ph / pw)))))
    return cols, (n + cols - 1) // cols


def heading_lines(text: str, room: int, px: int) -> tuple[int, list[str], int]:
    """The sheet's heading set in ``room`` pixels from ``px`` down: its size, its lines
    (one where it fits at ``HEAD_LEAST`` or more, else up to ``HEAD_LINES``) and the
    height of the band they take."""
    size = typeset.fit_text_px(text, room, px)
    lines = [text]
    if size < HEAD_LEAST:
        size, lines = typeset.fit_whole(text, px, HEAD_LEAST, room, HEAD_LINES)
    return size, lines, 2 * px + (len(lines) - 1) * round(size * 1.4)


class Sheet:
    """A PNG contact sheet of a trace (see the module's docstring); ``cell`` is the
    board's pixels a cell, grown for a small board."""

    def __init__(self, header: Header, options: RenderOptions, path: Path) -> None:
        self.options = options
        self.path = path
        self.header = header
        self.director = Director(header, options, options.fps, layout="board", whole=False)
        self.cell = self._legible_cell(total_moves(header) or 1)
        if self.cell != options.sheet_cell:
            self.director = Director(header, replace(options, sheet_cell=self.cell),
                                     options.fps, layout="board", whole=False)

    def _legible_cell(self, moves: int) -> int:
        """The least ``sheet_cell``, from the option's, whose sheet of ``moves`` moves is
        ``SHEET_WIDTH`` wide (the option's, when ``cell`` sets the board's size)."""
        cell, extent = self.options.sheet_cell, self.director.scene.extent()
        while self.options.cell is None and cell < RANGES["sheet_cell"].high:
            pad, _, pw, ph = sheet_panel(cell, drawing_size(extent, cell))
            if sheet_grid(moves + 1, pw, ph, self.options.sheet_columns)[0] * pw + 2 * pad \
                    >= SHEET_WIDTH:
                break
            cell += 1
        return int(cell)

    def feed(self, item: Replayed, rep: Replay) -> None:
        self.director.feed(item, rep)

    def finish(self, end: End | None, progress: Progress = no_progress) -> None:
        from puzzlereel.render.encoders.png import write_png

        d = self.director
        film = d.finish(end)
        plan = d.plan
        assert plan is not None
        frames = Compositor(film)
        t = d.theme
        sw, sh = film.width, film.height
        pad, label_px, pw, ph = sheet_panel(d.layout.cell, (sw, sh))
        panels: list[bytes] = []
        last = 0

        def add(when: float, label: str) -> None:
            img = np.empty((ph, pw, 3), np.uint8)
            draw.fill(img, t.background)
            img[pad:pad + sh, pad:pad + sw] = frames.frame(when)
            px = typeset.fit_text_px(label, pw - 2, label_px)
            typeset.draw_text(img, label, px, t.text, pw // 2, pad + sh + pad // 2, "mt")
            panels.append(zlib.compress(img.tobytes(), 1))

        add(0.0, "Start")
        for k, phase in enumerate(plan.phases):
            if phase.step is None or phase.kind != MOVE:
                continue
            beat = plan.beats[phase.step]
            if not beat.sheet:
                continue
            number = beat.move if beat.move else len(panels)
            last = number
            add(plan.spans[k][1], f"{beat.word or d.scene.counter_word} {number}")
        n = len(panels)
        cols, rows = sheet_grid(n, pw, ph, self.options.sheet_columns)
        width = max(SHEET_WIDTH, cols * pw + 2 * pad)
        left = (width - cols * pw) // 2
        total = total_moves(self.header)
        heading = "  ·  ".join(wording.title_lines(self.header, total if total is not None
                                                  else (last if last else None)))
        px, lines, head_h = heading_lines(heading, width - 2 * pad,
                                          max(HEAD_LEAST, round(self.options.sheet_cell * 0.9)))
        height = head_h + rows * ph + 2 * pad

        def bands() -> Iterable[np.ndarray]:
            top = np.empty((head_h + pad, width, 3), np.uint8)
            draw.fill(top, t.background)
            step = round(px * 1.4)
            for i, line in enumerate(lines):
                y = pad + head_h // 2 + (2 * i - len(lines) + 1) * step // 2
                typeset.draw_text(top, line, px, t.text, pad, y, "lm")
            yield top
            for r in range(rows):
                band = np.empty((ph, width, 3), np.uint8)
                draw.fill(band, t.background)
                for c in range(cols):
                    k = r * cols + c
                    if k >= n:
                        break
                    panel = np.frombuffer(zlib.decompress(panels[k]), np.uint8)
                    x = left + c * pw
                    band[:, x:x + pw] = panel.reshape(ph, pw, 3)
                yield band
            bottom = np.empty((pad, width, 3), np.uint8)
            draw.fill(bottom, t.background)
            yield bottom

        write_png(self.path, width, height, bands())


__all__ = ["HEAD_LEAST", "SHEET_WIDTH", "Sheet", "heading_lines", "sheet_grid",
           "sheet_panel"]
