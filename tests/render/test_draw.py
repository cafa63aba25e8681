"""The drawing helpers' fast paths give the pixels of their plain versions: ``blend``
of a frozen sprite (kept weights, an opaque core copied) against the same mask
writable, ``fill`` against numpy's broadcast; wrapped text ends in an ellipsis."""

from __future__ import annotations

import numpy as np
import pytest

from puzzlereel.render.backends.rasterize import paint
from puzzlereel.render.film import draw, typeset
from puzzlereel.render.film.shapes import Polygon, Rect, polyomino


def masks() -> dict[str, np.ndarray]:
    """Coverage masks as the rasterizer paints them: a rounded square, an L (no
    middle core), noise, and a rounded box covered fully only near its edge."""
    rng = np.random.default_rng(7)
    block = paint(Rect(0.5, 0.5, 44, 44, (9, 9, 9), rx=6.0)).alpha
    ell = paint(Polygon(polyomino([(0, 0), (0, 1), (1, 1)], 24, 2.0), (9, 9, 9))).alpha
    noise = rng.integers(0, 256, (30, 41), dtype=np.uint8)
    ring = paint(Rect(0.3, 0.3, 40, 28, (9, 9, 9), rx=9.0)).alpha.copy()
    ring[8:20, 8:32] = 0                                             # opaque only round
    return {"block": block, "ell": ell, "noise": noise, "ring": ring}


@pytest.mark.parametrize("name", ["block", "ell", "noise", "ring"])
def test_a_frozen_mask_blends_to_the_same_pixels(name: str) -> None:
    rng = np.random.default_rng(3)
    mask = masks()[name]
    h, w = mask.shape
    src = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    frozen = draw.frozen((src, mask.copy()))[1]
    assert not frozen.flags.writeable
    canvas = rng.integers(0, 256, (h + 20, w + 30, 3), dtype=np.uint8)
    for x, y in [(0, 0), (5, 7), (-9, 3), (w + 20, h + 10), (10, -h + 4)]:
        for _ in range(2):                         # the second time from kept weights
            plain, fast = canvas.copy(), canvas.copy()
            draw.blit(plain, (src, mask.copy()), x, y)
            draw.blit(fast, (src, frozen), x, y)
            assert np.array_equal(plain, fast), (name, x, y)
    # a part of a frozen mask (blit_within crops one) finds its place in the whole
    plain, fast = canvas.copy(), canvas.copy()
    draw.blit_within(plain, (src, mask.copy()), 3, 4, (6, 8, w // 2, h // 2))
    draw.blit_within(fast, (src, frozen), 3, 4, (6, 8, w // 2, h // 2))
    assert np.array_equal(plain, fast)


def test_blending_changes_only_where_the_mask_covers() -> None:
    mask = masks()["block"]
    h, w = mask.shape
    src = np.full((h, w, 3), 200, np.uint8)
    out = np.zeros((h, w, 3), np.uint8)
    draw.blit(out, draw.frozen((src, mask.copy())), 0, 0)
    assert (out[mask == 255] == 200).all() and (out[mask == 0] == 0).all()
    edge = (mask > 0) & (mask < 255)
    assert edge.any() and ((out[edge] > 0) & (out[edge] < 200)).all()


@pytest.mark.parametrize("shape", [(5, 7, 3), (1, 9, 3), (0, 4, 3), (6, 6)])
def test_fill_is_numpys_broadcast(shape: tuple[int, ...]) -> None:
    colour = (12, 34, 56) if len(shape) == 3 else 77
    a = np.zeros((8, 10, 3) if len(shape) == 3 else (8, 10), np.uint8)
    b = a.copy()
    h, w = shape[:2]
    draw.fill(a[1:1 + h, 2:2 + w], colour)
    b[1:1 + h, 2:2 + w] = colour
    assert np.array_equal(a, b)


@pytest.mark.parametrize("lines", [1, 2, 3])
def test_wrapped_text_that_does_not_fit_its_lines_ends_in_an_ellipsis(lines: int) -> None:
    text = "Jump pegs over each other, removing the peg jumped, until one peg is left"
    wrapped = typeset.wrap(text, 28, 500, lines)
    assert 1 <= len(wrapped) <= lines
    assert all(typeset.fits(line, 28, 500) for line in wrapped)
    if " ".join(wrapped) != text:
        assert wrapped[-1].endswith("…") and len(wrapped) == lines
    assert " ".join(wrapped).rstrip("…").split(" ")[:-1] == text.split(" ")[
        :len(" ".join(wrapped).split(" ")) - 1]


def test_text_set_whole_keeps_a_no_break_space_and_shrinks_before_it_cuts() -> None:
    """``fit_whole`` finds the largest size at which every word shows, never breaking
    "15 ms" at its no-break space; ``wrap_whole`` says None when a line had to be cut."""
    text = "It explored 23,822 positions from the start in 15\u00a0ms and then stopped there"
    for width in range(200, 420, 8):
        px, lines = typeset.fit_whole(text, 28, 10, width, 3)
        if typeset.wrap_whole(text, px, width, 3) is None:
            assert px == 10 and lines[-1].endswith("…")
            continue
        assert " ".join(lines) == text
        assert any("15\u00a0ms" in line for line in lines)
        assert all(typeset.fits(line, px, width) for line in lines)
        assert px == 28 or typeset.wrap_whole(text, px + 1, width, 3) is None
    assert typeset.wrap_whole(text, 28, 120, 1) is None


def test_bold_text_is_set_in_the_bundled_bold_face() -> None:
    """Bold text is DejaVu Sans Bold, the file shipped beside the regular face, not the
    regular face thickened."""
    assert typeset.BOLD_FONT_FILE.name == "DejaVuSans-Bold.ttf"
    assert typeset.BOLD_FONT_FILE.is_file()
    assert typeset.BOLD_FONT_FILE.parent == typeset.FONT_FILE.parent
    bold = typeset.font(40, True)
    regular = typeset.font(40)
    assert bold.path == str(typeset.BOLD_FONT_FILE)
    assert regular.path == str(typeset.FONT_FILE)
    assert bold.getname() == ("DejaVu Sans", "Bold")
    assert regular.getname() == ("DejaVu Sans", "Book")


def _smeared(text: str, px: int) -> np.ndarray:
    """``text`` as bold was faked: the regular face with a stroke of its own colour."""
    from PIL import Image, ImageDraw

    f = typeset.font(px)
    sw = max(1, round(px / 48))
    left, _, right, _ = f.getbbox(text, stroke_width=sw)
    ascent, descent = f.getmetrics()
    img = Image.new("L", (int(right - min(left, 0)) + 2, ascent + descent + 2 * sw), 0)
    ImageDraw.Draw(img).text((-min(left, 0) + 1, sw), text, fill=255, font=f,
                             stroke_width=sw, stroke_fill=255)
    return np.asarray(img)


@pytest.mark.parametrize("px", [24, 48, 96])
def test_bold_glyphs_are_the_bold_faces_not_the_smeared_regular(px: int) -> None:
    """Bold text has the bold face's own glyphs and advances: a line set bold is about
    a tenth wider than the regular line, where the regular face smeared by a stroke
    (the way bold was faked) keeps the regular's spacing; its stems are heavier."""
    text = "Solved in 81 moves"
    bold = typeset.text_mask(text, px, True)
    regular = typeset.text_mask(text, px)
    smeared = _smeared(text, px)
    assert bold.sum() > regular.sum()
    assert bold.shape[1] == typeset.text_width(text, px, True)
    assert bold.shape[1] > 1.08 * regular.shape[1] > smeared.shape[1] + 0.05 * regular.shape[1]
    assert bold.shape[0] == regular.shape[0]       # one line box for both weights

    def stem(mask: np.ndarray) -> int:
        """The width in pixels of the stem of a lone "l", across its middle row."""
        row = mask[mask.shape[0] // 2]
        return int((row > 127).sum())

    assert stem(typeset.text_mask("l", px, True)) > stem(typeset.text_mask("l", px))
