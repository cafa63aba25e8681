"""The GIF encoder: a looping GIF with one fixed palette.

The palette holds the film's flat colours exactly, plus blends for anti-aliased edges,
ordered by use when the file is written so that most frames need short LZW codes;
identical frames are merged into one longer frame, each frame is cropped to what
changed (and unchanged pixels inside the crop made transparent where that compresses
better), and delays are in centiseconds distributed so the total duration is exact.
Pillow only compresses each frame's pixels (LZW).
"""

from __future__ import annotations

import io
import os
import struct
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from PIL import Image

from puzzlereel.render.film.theme import RGB


def build_palette(keys: Sequence[RGB], size: int = 255) -> np.ndarray:
    """A fixed palette: ``keys`` exactly, then blends of pairs for anti-aliased edges.

    Blends at 1/2 of every pair come first, then 1/4 and 3/4, then 1/8.., until ``size``
    colours; duplicates are skipped.  Returns a (size, 3) uint8 array."""
    out: list[RGB] = []
    seen: set[RGB] = set()

    def add(c: RGB) -> None:
        if c not in seen and len(out) < size:
            seen.add(c)
            out.append(c)

    for k in keys:
        add(tuple(int(v) for v in k))  # type: ignore[arg-type]
    base = list(out)
    for ts in ((0.5,), (0.25, 0.75), (0.125, 0.375, 0.625, 0.875)):
        for i, a in enumerate(base):
            for b in base[i + 1:]:
                for t in ts:
                    add(tuple(int(round(a[j] + (b[j] - a[j]) * t)) for j in range(3)))  # type: ignore[arg-type]
    while len(out) < size:   # pad with greys
        g = (len(out) * 37) % 256
        if (g, g, g) in seen:
            out.append(out[-1])
        else:
            add((g, g, g))
    return np.array(out[:size], np.uint8)


def palette_lut(palette: np.ndarray, keys: Sequence[RGB]) -> np.ndarray:
    """A 32x32x32 lookup table: RGB >> 3 -> nearest palette index; key colours exact."""
    g = (np.arange(32, dtype=np.int32) * 8 + 4)
    r, gg, b = np.meshgrid(g, g, g, indexing="ij")
    centres = np.stack([r.ravel(), gg.ravel(), b.ravel()], axis=1)
    pal = palette.astype(np.int32)
    # |c - p|^2 = |c|^2 - 2 c.p + |p|^2, and |c|^2 is the same for every p of a row: the
    # nearest colour (the first of equals) from one product, exact in integers
    weight = (pal * pal).sum(axis=1)
    lut = np.empty(len(centres), np.uint8)
    for s in range(0, len(centres), 4096):
        lut[s:s + 4096] = np.argmin(weight[None, :] - 2 * (centres[s:s + 4096] @ pal.T), axis=1)
    for i, k in enumerate(keys):   # flat colours always map to themselves
        key = (k[0] >> 3) << 10 | (k[1] >> 3) << 5 | (k[2] >> 3)
        lut[key] = i
    return lut


def quantize(frame: np.ndarray, lut: np.ndarray) -> np.ndarray:
    """RGB frame -> palette indices through ``lut``."""
    f = frame.astype(np.uint16) >> 3
    key = (f[..., 0] << 10) | (f[..., 1] << 5) | f[..., 2]
    return lut[key]


def lzw(indices: np.ndarray, bits: int) -> bytes:
    """The LZW part of a GIF image of ``indices`` (all below ``2 ** bits``): the minimum
    code size byte, the data sub-blocks and the terminator, compressed by Pillow.

    A smaller ``bits`` (the image uses only the first colours of the table) makes every
    code shorter.  Pillow's own GIF writer always uses 8; its encoder takes any size, so
    it is called directly, and through the writer (8 bits) if that ever changes."""
    im = Image.fromarray(np.ascontiguousarray(indices), "P")
    try:
        encoder = Image._getencoder("P", "gif", "P", (bits, 0))
        encoder.setimage(im.im, (0, 0, *im.size))
        chunks = []
        while True:
            _, status, data = encoder.encode(1 << 16)
            chunks.append(data)
            if status:
                break
        if status < 0:
            raise OSError(f"GIF encoder error {status}")
        return bytes([bits]) + b"".join(chunks) + b"\0"
    except (AttributeError, TypeError, ValueError):  # pragma: no cover - Pillow changed
        return _lzw_through_writer(im)


def _lzw_through_writer(im: Image.Image) -> bytes:
    """The LZW part of ``im`` saved as a GIF by Pillow's writer (8-bit codes)."""
    im.putpalette(bytes(768))
    buf = io.BytesIO()
    im.save(buf, "GIF", optimize=False, interlace=False)
    data = buf.getvalue()
    pos = 13
    if data[10] & 0x80:
        pos += 3 * (2 << (data[10] & 7))
    while data[pos] == 0x21:        # skip extensions
        pos += 2
        while data[pos]:
            pos += data[pos] + 1
        pos += 1
    if data[pos] != 0x2C:
        raise RuntimeError("unexpected GIF layout from Pillow")
    flags = data[pos + 9]
    if flags & 0x40:
        raise RuntimeError("Pillow wrote an interlaced GIF frame")
    pos += 10
    if flags & 0x80:
        pos += 3 * (2 << (flags & 7))
    start = pos
    pos += 1
    while data[pos]:
        pos += data[pos] + 1
    return data[start:pos + 1]


def code_bits(indices: np.ndarray) -> int:
    """The smallest LZW minimum code size for ``indices`` (2 to 8)."""
    return max(2, int(indices.max()).bit_length())


TRANSPARENT = 255


def _extend_runs(sub: np.ndarray, same: np.ndarray) -> np.ndarray:
    """``sub`` with its unchanged pixels (``same``) chosen to make long runs for LZW.

    An unchanged pixel may show its own colour or be transparent (the viewer then keeps
    the old pixel, which has that colour).  In raster order, a run of equal colours that
    contains a changed pixel stays opaque from that pixel on (one run instead of two);
    every other unchanged pixel is transparent, so unchanged stretches of mixed colours
    become one run."""
    flat = sub.ravel()
    changed = ~same.ravel()
    starts = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]])
    run = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, flat.size]))
    count = np.cumsum(changed)
    before = count[starts] - changed[starts]     # changed pixels before each run
    reached = count - before[run] > 0            # a changed pixel earlier in this run
    return np.where(reached, flat, np.uint8(TRANSPARENT)).reshape(sub.shape)


def _fewest_runs_per_row(choices: Sequence[np.ndarray]) -> np.ndarray:
    """Row by row, the choice with the fewest runs of equal pixels."""
    stack = np.stack(choices)                                 # (k, h, w)
    runs = (stack[:, :, 1:] != stack[:, :, :-1]).sum(axis=2)  # (k, h)
    best = runs.argmin(axis=0)                                # (h,)
    return stack[best, np.arange(stack.shape[1])]


class GifSink:
    """A looping GIF with one fixed palette (see the module docstring).

    Frames are chosen as they come (merged when identical, cropped to what changed,
    unchanged pixels made transparent where that compresses better) and kept compressed;
    ``close`` then orders the palette by how often each colour was used, so that most
    frames need only the first few colours and shorter LZW codes, and writes the file."""

    def __init__(self, path: str | os.PathLike[str], width: int, height: int, fps: int,
                 keys: Sequence[RGB]) -> None:
        if fps > 100:
            raise ValueError("GIF frame rate is at most 100")
        self.width, self.height, self.fps = width, height, fps
        flat: list[RGB] = list(dict.fromkeys((int(k[0]), int(k[1]), int(k[2]))
                                             for k in keys))[:64]
        self.palette = build_palette(flat)                 # 255 colours; 255 = transparent
        self.lut = palette_lut(self.palette, flat)
        self.file = open(path, "wb")  # noqa: SIM115 - closed in close()
        self.shown: np.ndarray | None = None     # what the viewer shows now
        self.held: np.ndarray | None = None      # frame waiting for its duration
        self.held_frames = 0
        self.frame_no = 0                         # frames before the held one
        self.cs_written = 0
        self.images = 0
        self.delays: list[int] = []   # centiseconds of every image (small: ints only)
        # chosen images, compressed: (zlib of indices, x, y, w, h, delay, transparent)
        self.pending: list[tuple[bytes, int, int, int, int, int, bool]] = []
        self.uses = np.zeros(256, np.int64)       # how often each palette index is used

    def describe(self, cues: Sequence[Any], metadata: Mapping[str, str]) -> None:
        """A GIF carries no subtitles nor metadata."""

    def add_sound(self, track: Any) -> None:
        """A GIF has no sound."""

    def write(self, frame: np.ndarray, repeat: int) -> None:
        if repeat <= 0:
            return
        idx = quantize(frame, self.lut)
        if self.held is not None and np.array_equal(idx, self.held):
            self.held_frames += repeat
            return
        self._flush()
        self.held = idx
        self.held_frames = repeat

    def write_regions(self, frame: np.ndarray, repeat: int,
                      rects: Sequence[tuple[int, int, int, int]]) -> None:
        """``write``: a GIF frame is cropped to what changed when the file is written."""
        self.write(frame, repeat)

    def hold(self, repeat: int) -> None:
        """The last frame again, ``repeat`` frame times."""
        if repeat > 0 and self.held is not None:
            self.held_frames += repeat

    def _flush(self) -> None:
        if self.held is None:
            return
        end = self.frame_no + self.held_frames
        end_cs = (end * 100 + self.fps // 2) // self.fps
        delay = end_cs - self.cs_written
        self._image(self.held, delay)
        self.cs_written = end_cs
        self.frame_no = end
        self.shown = self.held
        self.held = None

    def _image(self, idx: np.ndarray, delay: int) -> None:
        x0, y0, x1, y1 = 0, 0, self.width, self.height
        candidates: list[np.ndarray] = []
        if self.shown is not None:
            diff = idx != self.shown
            rows = np.flatnonzero(diff.any(axis=1))
            cols = np.flatnonzero(diff.any(axis=0))
            if len(rows) == 0:     # same picture (cannot happen after merging): 1 pixel
                rows = cols = np.array([0])
            y0, y1 = int(rows[0]), int(rows[-1]) + 1
            x0, x1 = int(cols[0]), int(cols[-1]) + 1
        sub = idx[y0:y1, x0:x1]
        candidates.append(sub)
        if self.shown is not None:
            same = ~diff[y0:y1, x0:x1]
            clear = sub.copy()
            clear[same] = TRANSPARENT
            runs = _extend_runs(sub, same)
            candidates += [clear, runs, _fewest_runs_per_row((sub, clear, runs))]
        sizes = [len(lzw(c, 8)) for c in candidates]
        best = min(range(len(sizes)), key=sizes.__getitem__)
        chosen = candidates[best]
        self.uses += np.bincount(chosen.ravel(), minlength=256)
        packed = zlib.compress(np.ascontiguousarray(chosen).tobytes(), 1)
        while delay > 0xFFFF:   # absurdly long hold: split (stays exact)
            self.pending.append((packed, x0, y0, x1 - x0, y1 - y0, 0xFFFF, best > 0))
            delay -= 0xFFFF
        self.pending.append((packed, x0, y0, x1 - x0, y1 - y0, delay, best > 0))

    def close(self) -> None:
        try:
            self._flush()
            self._write_file()
        finally:
            self.file.close()

    def _write_file(self) -> None:
        # the palette by use, most used first: index order[i] becomes i
        order = np.argsort(-self.uses, kind="stable")
        new_index = np.empty(256, np.uint8)
        new_index[order] = np.arange(256, dtype=np.uint8)
        pal = np.zeros((256, 3), np.uint8)
        pal[:255] = self.palette
        f = self.file
        f.write(b"GIF89a" + struct.pack("<HHBBB", self.width, self.height, 0xF7, 0, 0))
        f.write(pal[order].tobytes())
        # NETSCAPE2.0: loop forever
        f.write(b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
        clear = int(new_index[TRANSPARENT])
        for packed, x, y, w, h, delay, transparent in self.pending:
            idx = new_index[np.frombuffer(zlib.decompress(packed), np.uint8)].reshape(h, w)
            packed_flags = (1 << 2) | (1 if transparent else 0)   # disposal 1: leave
            f.write(struct.pack("<BBBBHBB", 0x21, 0xF9, 4, packed_flags, delay,
                                clear if transparent else 0, 0))
            f.write(b"\x2c" + struct.pack("<HHHHB", x, y, w, h, 0))
            f.write(lzw(idx, code_bits(idx)))
            self.images += 1
            self.delays.append(delay)
        f.write(b"\x3b")

    def abort(self) -> None:
        self.file.close()


__all__ = ["GifSink", "build_palette", "palette_lut", "quantize"]
