"""PNG files written band by band (contact sheets, preview frames)."""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Iterable

import numpy as np


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def write_png(path: str | os.PathLike[str], width: int, height: int,
              bands: Iterable[np.ndarray]) -> None:
    """Write an RGB PNG from horizontal bands (each (h, width, 3) uint8), streaming.

    Rows use the PNG "Sub" filter (good for flat colours); the bands' heights must add
    up to ``height``."""
    comp = zlib.compressobj(6)
    rows = 0
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        for band in bands:
            h, w, _ = band.shape
            if w != width:
                raise ValueError(f"band width {w} != {width}")
            flat = band.reshape(h, w * 3)
            sub = flat.copy()
            sub[:, 3:] = flat[:, 3:] - flat[:, :-3]   # uint8 wraps: mod 256
            filtered = np.empty((h, w * 3 + 1), np.uint8)
            filtered[:, 0] = 1
            filtered[:, 1:] = sub
            data = comp.compress(filtered.tobytes())
            if data:
                f.write(_chunk(b"IDAT", data))
            rows += h
        f.write(_chunk(b"IDAT", comp.flush()))
        f.write(_chunk(b"IEND", b""))
    if rows != height:
        raise ValueError(f"PNG bands add up to {rows} rows, expected {height}")


__all__ = ["write_png"]
