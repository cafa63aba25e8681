"""Text for the raster backend and the layouts: the font, measuring, fitting, drawing.

Text is set in the bundled font, DejaVu Sans (``render/fonts/``, the Bitstream Vera
licence with DejaVu's changes in the public domain: free to use, embed and
redistribute), which has real − × ÷ and arrow glyphs; bold text (headings, the counter)
in its own bold face, DejaVu Sans Bold, bundled beside it. Text never overflows and
never fails: ``fit_text_px`` picks the size at which a text fits, and ``draw_text``
shortens what still does not fit the image with an ellipsis ("…"). Text is measured by
its layout, not drawn, and a text longer (in characters) than the room has pixels is cut
before it is measured, so a title of a million characters costs no more than one that
fills the line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from puzzlereel.render.film.draw import blit, fill
from puzzlereel.render.film.theme import RGB

FONTS = Path(__file__).resolve().parent.parent / "fonts"
FONT_FILE = FONTS / "DejaVuSans.ttf"
BOLD_FONT_FILE = FONTS / "DejaVuSans-Bold.ttf"
CAP_HEIGHT = 0.729      # a capital's (and a figure's) height in the font, a share of its size


def font_file(bold: bool = False) -> Path:
    """The bundled face text is set in: DejaVu Sans, or with ``bold`` DejaVu Sans Bold."""
    return BOLD_FONT_FILE if bold else FONT_FILE


@lru_cache(maxsize=96)
def font(px: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The bundled font (DejaVu Sans, or its bold face) at ``px`` pixels; Pillow's own
    default font if the file is missing (a broken install), so that text never fails."""
    try:
        return ImageFont.truetype(str(font_file(bold)), max(6, px))
    except OSError:   # pragma: no cover - the fonts ship with the package
        return ImageFont.load_default(size=max(6, px))


# what ends a paragraph for the font's layout; a line of text is set with spaces there
PARAGRAPH_BREAKS = str.maketrans(dict.fromkeys("\n\r\x1c\x1d\x1e\x85\u2028\u2029", " "))


def one_line(text: str) -> str:
    """``text`` as one line: each paragraph or line break a space."""
    return text.translate(PARAGRAPH_BREAKS)


@lru_cache(maxsize=1024)
def text_mask(text: str, px: int, bold: bool = False) -> np.ndarray:
    """Coverage mask of ``text`` set at ``px`` pixels (in the bold face with ``bold``) on
    one line, cropped vertically to the font's line box (so masks of one size line up)."""
    text = one_line(text)
    f = font(px, bold)
    left, _, right, _ = f.getbbox(text)
    w, h = text_box(text, px, bold)
    img = Image.new("L", (w, h), 0)
    ImageDraw.Draw(img).text((-min(left, 0) + 1, 0), text, fill=255, font=f)
    return np.asarray(img).copy()


@lru_cache(maxsize=4096)
def text_width(text: str, px: int, bold: bool = False) -> int:
    """The width of ``text_mask(text, px)``, from the font's layout (nothing is drawn)."""
    left, _, right, _ = font(px, bold).getbbox(one_line(text))
    return max(1, int(right - min(left, 0)) + 2)


@lru_cache(maxsize=4096)
def text_box(text: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The size (width, height) of ``text_mask(text, px, bold)``, measured, not drawn."""
    f = font(px, bold)
    ascent, descent = f.getmetrics() if hasattr(f, "getmetrics") else (px, px // 4)
    return text_width(text, px, bold), ascent + descent


def fits(text: str, px: int, max_w: int, bold: bool = False) -> bool:
    """Whether ``text`` at ``px`` pixels is at most ``max_w`` wide.  A text of more
    characters than ``max_w`` is taken not to fit without measuring it (a character is
    at least a pixel wide)."""
    return len(text) <= max_w and text_width(text, px, bold) <= max_w


ELLIPSIS = "…"


def shorten(text: str, px: int, max_w: int, bold: bool = False) -> str:
    """``text`` cut short with an ellipsis so that it fits ``max_w`` pixels at ``px``
    (the whole text when it fits; "" when not even the ellipsis does)."""
    if fits(text, px, max_w, bold):
        return text
    lo, hi = 0, min(len(text), max(0, max_w))   # the longest prefix that fits, with "…"
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid].rstrip() + ELLIPSIS, px, max_w, bold):
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo].rstrip() + ELLIPSIS
    return cut if fits(cut, px, max_w, bold) else ""


def wrap(text: str, px: int, max_w: int, max_lines: int = 3, bold: bool = False) -> list[str]:
    """``text`` broken into lines at spaces so that each fits ``max_w`` pixels at ``px``;
    the last of ``max_lines`` lines is shortened with an ellipsis if text remains.  It
    breaks where a reader would: never inside an equation or a sum that fits a line
    (``_words``: the spaces around an operator or between two numbers hold), nor at a
    no-break space, and never leaves one word alone on the last line when the line
    before can give it a companion."""
    words = [part for word in _words(text) for part in _pieces(word, px, max_w, bold)]
    lines: list[list[str]] = []
    cur: list[str] = []
    for i, word in enumerate(words):
        if not cur or fits(" ".join([*cur, word]), px, max_w, bold):
            cur.append(word)
            continue
        if len(lines) >= max_lines - 1:      # the last line: the rest, shortened
            cur += words[i:]
            break
        lines.append(cur)
        cur = [word]
    if cur:
        lines.append(cur)
    if len(lines) >= 2 and len(lines[-1]) == 1 and len(lines[-2]) > 1:    # no widow
        moved = [lines[-2][-1], *lines[-1]]
        if fits(" ".join(moved), px, max_w, bold):
            lines[-2:] = [lines[-2][:-1], moved]
    return [shorten(" ".join(line), px, max_w, bold) for line in lines[:max_lines]]


def _pieces(word: str, px: int, max_w: int, bold: bool) -> list[str]:
    """``word`` (an equation held together) as ``wrap`` sets it: whole where it fits a
    line, else broken before its "=" first, then at its spaces."""
    if fits(word, px, max_w, bold):
        return [word]
    left, equals, right = word.partition(" = ")
    if equals and left and right:
        return _pieces(left, px, max_w, bold) + _pieces(f"= {right}", px, max_w, bold)
    return word.split(" ")


def _unbroken(text: str, px: int, max_w: int, bold: bool) -> bool:
    """Whether every piece ``wrap`` holds together (an equation) fits a line at ``px``."""
    return all(fits(word, px, max_w, bold) for word in _words(text))


OPERATOR_CHARS = frozenset("+-−×÷*/=<>≤≥→←↑↓·")


def _operator(word: str) -> bool:
    return word != "" and all(ch in OPERATOR_CHARS for ch in word)


def _number(word: str) -> bool:
    return word != "" and word.strip(",.()") != "" and all(
        ch.isdigit() or ch in ",." for ch in word.strip("()"))


def _words(text: str) -> list[str]:
    """The pieces ``wrap`` sets whole: words split at spaces, tabs and newlines, never
    at a no-break space, and the words of an equation held together (a space next to
    an operator, or between two numbers, does not break: "1 2 3 = 6", "SEND + MORE =
    MONEY")."""
    out: list[str] = []
    last = ""
    for word in text.replace("\t", " ").replace("\n", " ").split(" "):
        if not word:
            continue
        if out and (_operator(word) or _operator(last) or _number(word) and _number(last)):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
        last = word
    return out


def wrap_whole(text: str, px: int, max_w: int, max_lines: int = 3,
               bold: bool = False) -> list[str] | None:
    """``wrap``'s lines when they hold all of ``text`` (none shortened), else None."""
    lines = wrap(text, px, max_w, max_lines, bold)
    return lines if " ".join(lines) == " ".join(_words(text)) else None


def fit_whole(text: str, px: int, least: int, max_w: int, max_lines: int = 3,
              bold: bool = False) -> tuple[int, list[str]]:
    """The largest size from ``px`` down to ``least`` at which ``text`` fits whole in
    ``max_lines`` lines of ``max_w`` pixels, with its lines; at ``least``, the last line
    shortened, when none does."""
    for size in range(px, least - 1, -1):
        lines = wrap_whole(text, size, max_w, max_lines, bold)
        if lines is not None:
            return size, lines
    return least, wrap(text, least, max_w, max_lines, bold)


def fit_lines(text: str, width: int, target: int, bold: bool = True) -> tuple[int, list[str]]:
    """The size and lines to set ``text`` in ``width`` pixels at about ``target``
    pixels: one line if it fits near that size, else two larger lines, each equation
    whole, rather than one small one (the last shortened with an ellipsis if even two
    do not hold it)."""
    px = fit_text_px(text, width, target, bold=bold)
    size = int(target * 0.85)
    while size > px * 1.15:
        two = wrap_whole(text, size, width, 2, bold)
        if two is not None and _unbroken(text, size, width, bold):
            return size, two
        size -= 1
    return px, wrap(text, px, width, 2, bold=bold)


def draw_text(out: np.ndarray, text: str, px: int, colour: RGB, x: int, y: int,
              anchor: str = "lt", bold: bool = False) -> None:
    """Draw ``text`` at (x, y); ``anchor`` is two letters: l/m/r then t/m/b.  A text
    that would cross the left or right edge of ``out`` is shortened with an ellipsis."""
    W = out.shape[1]
    room = W - x if anchor[0] == "l" else x if anchor[0] == "r" else 2 * min(x, W - x)
    text = shorten(text, px, room, bold)
    if not text:
        return
    mask = text_mask(text, px, bold)
    h, w = mask.shape
    if anchor[0] == "m":
        x -= w // 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h // 2
    elif anchor[1] == "b":
        y -= h
    solid = np.empty((h, w, 3), np.uint8)
    fill(solid, colour)
    blit(out, (solid, mask), x, y)


def fit_text_px(text: str, max_w: int, px: int, bold: bool = False) -> int:
    """The largest size <= ``px`` at which ``text`` fits ``max_w`` pixels (or the
    smallest size tried, about 6 pixels, when it fits at none: ``draw_text`` then
    shortens it)."""
    while px > 6 and not fits(text, px, max_w, bold):
        px = int(px * 0.9)
    return px


__all__ = ["BOLD_FONT_FILE", "ELLIPSIS", "FONT_FILE", "draw_text", "fit_lines", "fit_text_px",
           "fits", "font", "font_file", "one_line", "shorten", "text_box", "text_mask",
           "text_width", "wrap"]
