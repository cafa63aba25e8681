"""Encoders: frames in, files out, one frame at a time (nothing holds the whole video).

* ``VideoSink``: H.264 MP4 (libx264, yuv420p, +faststart) or VP9 WebM through PyAV,
  with the title and a comment (solver, metric) in the container's metadata; an MP4
  also carries the subtitles (one cue per move) as a ``mov_text`` track that players
  offer as captions.  ``add_sound`` adds a sound track (``render.soundtrack``).
  RGB is converted to I420 with OpenCV (BT.601 matrix, limited range), and the stream
  is tagged BT.601 (smpte170m primaries, transfer and matrix, tv range) to match, so
  browsers show the colours as drawn.  Encoding runs on a worker thread so drawing and
  encoding overlap on two cores (not when the process has one core's share: then it
  encodes between frames), and x264 threads by frames (its own default; PyAV's
  is by slices, about 20 % slower at 720p here and a few per cent bigger), on as many
  threads as ``encoder_threads`` allows: all cores by default, fewer when several
  renders share the machine (``run --jobs``).
* ``GifSink``: a looping GIF: one fixed palette (the scene's flat colours exactly, plus
  blends for anti-aliased edges), ordered by use when the file is written so that most
  frames need short LZW codes; identical frames merged into one longer frame, each
  frame cropped to what changed (and unchanged pixels inside the crop made transparent
  where that compresses better), delays in centiseconds distributed so the total
  duration is exact.  Pillow only compresses each frame's pixels (LZW).
* ``write_png``: a PNG written band by band (for contact sheets).
"""

from __future__ import annotations

import io
import os
import queue
import struct
import threading
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import cv2
import numpy as np
from PIL import Image

from .options import RenderOptions
from .theme import RGB

# ---------------------------------------------------------------- MP4 / WebM

_threads = 0      # encoder threads per video (0: the encoder's choice, from the cores)


def encoder_threads(count: int) -> None:
    """Let every video this process encodes from now on use ``count`` threads (0: as
    many as the encoder likes; 1: encode in the drawing thread, one core in all).  A
    batch worker that shares the machine with others sets its share of the cores, so
    that the workers do not fight over them."""
    global _threads
    _threads = max(0, int(count))


def x264_settings(options: RenderOptions) -> dict[str, str]:
    """libx264's options for ``options``: preset, quality, tuning and the BT.601 tags."""
    return {"preset": options.preset, "crf": str(options.crf), "tune": "animation",
            "x264-params": "colorprim=smpte170m:transfer=smpte170m:"
                           "colormatrix=smpte170m:range=tv"}


def configure_threads(codec_context: Any) -> None:
    """Frame threads (x264's default; PyAV's is slices) on this process's share of
    the cores (``encoder_threads``)."""
    codec_context.thread_type = "FRAME"
    codec_context.thread_count = _threads


# a frame for the encoder: whole I420 planes (rect None), a converted part of a frame and
# where it goes (x0, y0, x1, y1), or None for the last frame again
Job = tuple[np.ndarray, tuple[int, int, int, int] | None] | None


class VideoSink:
    """H.264 in MP4 (``codec="libx264"``) or VP9 in WebM (``codec="libvpx-vp9"``)."""

    def __init__(self, path: str | os.PathLike[str], width: int, height: int, fps: int,
                 options: RenderOptions, codec: str = "libx264", threaded: bool = True) -> None:
        import av

        if width % 2 or height % 2:
            raise ValueError(f"frame size must be even, got {width}x{height}")
        self.width, self.height = width, height
        fmt = "mp4" if codec == "libx264" else "webm"
        self.fmt = fmt
        opts = {"movflags": "+faststart"} if fmt == "mp4" else {}
        self.container: Any = av.open(str(path), mode="w", format=fmt, options=opts)
        self.container.metadata["encoder"] = "puzzlereel"
        stream: Any = self.container.add_stream(codec, rate=fps)
        stream.width, stream.height = width, height
        stream.pix_fmt = "yuv420p"
        if codec == "libx264":
            stream.options = x264_settings(options)
            configure_threads(stream.codec_context)
        else:
            stream.options = {"crf": str(options.crf + 12), "b": "0", "deadline": "realtime",
                              "cpu-used": "8", "row-mt": "1"}
            stream.codec_context.thread_count = _threads
        tag_bt601(stream.codec_context)
        self.stream = stream
        self.subtitles: Any = None
        self.cues: list[tuple[float, float, str]] = []
        self.sound: Any = None       # render.soundtrack.AudioMux, from add_sound
        self.pts = 0
        self._primed = False         # a whole frame was written: parts can follow
        self._canvas: np.ndarray | None = None   # the encoder's last frame (I420)
        self.error: BaseException | None = None
        self.queue: queue.Queue[tuple[Job, int] | None] | None = None
        self.thread: threading.Thread | None = None
        if threaded and _threads != 1:          # one core's share: no second thread
            self.queue = queue.Queue(maxsize=8)
            self.thread = threading.Thread(target=self._work, name="encoder", daemon=True)
            self.thread.start()

    def describe(self, cues: Sequence[Any], metadata: Mapping[str, str]) -> None:
        """Set the container's metadata and (MP4) the captions; before the first frame."""
        for key, value in metadata.items():
            if value:
                self.container.metadata[key] = value
        if self.fmt != "mp4" or not cues or self.pts:
            return
        from fractions import Fraction

        sub: Any = self.container.add_stream("mov_text")
        sub.codec_context.subtitle_header = ASS_HEADER
        sub.codec_context.time_base = Fraction(1, 1000)
        sub.time_base = Fraction(1, 1000)
        self.subtitles = sub
        self.cues = [(float(c.start), float(c.end), str(c.text)) for c in cues]

    def _mux_cues(self) -> None:
        import av

        sub = self.subtitles
        for start, end, text in self.cues:
            data = text.encode("utf-8")[:65535]
            a, b = int(round(start * 1000)), int(round(end * 1000))
            if b <= a:
                continue
            packet = av.Packet(struct.pack(">H", len(data)) + data)
            packet.stream = sub
            packet.pts = packet.dts = a
            packet.duration = b - a
            packet.time_base = sub.time_base
            self.container.mux(packet)

    def add_sound(self, track: Any) -> None:
        """An audio stream playing ``track`` (``render.sound.Track``, or mono float32
        samples at 48 kHz): AAC in an MP4, Opus in a WebM; after ``describe`` and before
        the first frame.  Its packets are muxed beside the video's (``_mux``)."""
        from .soundtrack import AudioMux

        self.sound = AudioMux(self.container, track, threaded=self.queue is not None)

    def _mux(self, packet: Any) -> None:
        """Mux a video packet, after the audio up to its time (one thread muxes both)."""
        if self.sound is not None:
            self.sound.mux_before(packet)
        self.container.mux(packet)

    def write(self, frame: np.ndarray, repeat: int) -> None:
        if repeat <= 0:
            return
        self._primed = True
        self._put((cv2.cvtColor(frame, cv2.COLOR_RGB2YUV_I420), None), repeat)

    def write_region(self, frame: np.ndarray, repeat: int,
                     rect: tuple[int, int, int, int]) -> None:
        """``write`` of a frame that differs from the last one only inside ``rect``
        (x, y, w, h): only that part (widened to even edges, where 4:2:0's chroma blocks
        lie) is converted to YUV, and the encoder patches it into its copy of the last
        frame.  The result is the same as converting the whole frame."""
        if repeat <= 0:
            return
        if not self._primed:
            self.write(frame, repeat)
            return
        H, W = self.height, self.width
        x, y, w, h = rect
        x0, y0 = max(0, x) & ~1, max(0, y) & ~1
        x1, y1 = min(W, x + w), min(H, y + h)
        x1, y1 = min(W, x1 + (x1 & 1)), min(H, y1 + (y1 & 1))
        if x1 <= x0 or y1 <= y0:
            self._put(None, repeat)
            return
        part = cv2.cvtColor(np.ascontiguousarray(frame[y0:y1, x0:x1]),
                            cv2.COLOR_RGB2YUV_I420)
        self._put((part, (x0, y0, x1, y1)), repeat)

    def _put(self, job: Job, repeat: int) -> None:
        """Hand a frame to the encoder: a whole I420 frame (rect None), a converted part
        of one and where it goes, or None for the last frame again."""
        if self.queue is None:
            self._encode(job, repeat)
            return
        if self.error is not None:
            raise self.error
        self.queue.put((job, repeat))

    def _work(self) -> None:
        assert self.queue is not None
        while True:
            item = self.queue.get()
            if item is None:
                return
            if self.error is not None:
                continue
            try:
                self._encode(*item)
            except BaseException as exc:  # handed to the drawing thread
                self.error = exc

    def _encode(self, job: Job, repeat: int) -> None:
        import av

        if job is not None:
            yuv, rect = job
            if rect is None:
                self._canvas = yuv       # the encoder's own from now on
            else:
                self._patch(yuv, rect)
        assert self._canvas is not None
        vf = av.VideoFrame.from_ndarray(self._canvas, format="yuv420p")
        for _ in range(repeat):      # a held frame: one copy, sent again with a new time
            vf.pts = self.pts
            self.pts += 1
            for packet in self.stream.encode(vf):
                self._mux(packet)

    def _patch(self, part: np.ndarray, rect: tuple[int, int, int, int]) -> None:
        """Put the I420 ``part`` of the frame at ``rect`` (x0, y0, x1, y1, even) into the
        last frame (which PyAV has copied for the encoder already)."""
        assert self._canvas is not None
        H, W = self.height, self.width
        x0, y0, x1, y1 = rect
        pw, ph = x1 - x0, y1 - y0
        flat, src = self._canvas.reshape(-1), part.reshape(-1)
        flat[:H * W].reshape(H, W)[y0:y1, x0:x1] = src[:ph * pw].reshape(ph, pw)
        q, pq = H * W // 4, ph * pw // 4
        for k in range(2):           # U, then V: quarter-size planes after Y
            plane = flat[H * W + k * q:H * W + (k + 1) * q].reshape(H // 2, W // 2)
            plane[y0 // 2:y1 // 2, x0 // 2:x1 // 2] = \
                src[ph * pw + k * pq:ph * pw + (k + 1) * pq].reshape(ph // 2, pw // 2)

    def close(self) -> None:
        try:
            if self.queue is not None and self.thread is not None:
                self.queue.put(None)
                self.thread.join()
                if self.error is not None:
                    raise self.error
            for packet in self.stream.encode(None):
                self._mux(packet)
            if self.sound is not None:
                self.sound.finish()
            if self.subtitles is not None:
                self._mux_cues()
        finally:
            if self.sound is not None:
                self.sound.abort()
            self.container.close()

    def abort(self) -> None:
        if self.queue is not None and self.thread is not None and self.thread.is_alive():
            self.error = self.error or RuntimeError("aborted")
            self.queue.put(None)
            self.thread.join()
        if self.sound is not None:
            self.sound.abort()
        self.container.close()


# the ASS header FFmpeg's mov_text encoder needs to open (one default style); players
# draw the captions in their own style
ASS_HEADER = (b"[Script Info]\r\nScriptType: v4.00+\r\nPlayResX: 384\r\nPlayResY: 288\r\n\r\n"
              b"[V4+ Styles]\r\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, "
              b"OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, "
              b"Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, "
              b"MarginV, Encoding\r\nStyle: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,"
              b"100,100,0,0,1,1,0,2,10,10,10,0\r\n\r\n[Events]\r\nFormat: Layer, Start, End, "
              b"Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n")


def webvtt(cues: Sequence[Any]) -> str:
    """WebVTT text of ``cues`` (``start``, ``end`` in seconds, ``text``)."""

    def stamp(t: float) -> str:
        ms = int(round(t * 1000))
        h, ms = divmod(ms, 3_600_000)
        m, ms = divmod(ms, 60_000)
        s, ms = divmod(ms, 1000)
        return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"

    out = ["WEBVTT", ""]
    for i, c in enumerate(cues, 1):
        text = " ".join(str(c.text).replace("-->", "→").split())
        out += [str(i), f"{stamp(c.start)} --> {stamp(c.end)}", text, ""]
    return "\n".join(out)


# FFmpeg's values for BT.601 as OpenCV's RGB -> I420 conversion makes it (AVColorSpace,
# AVColorPrimaries, AVColorTransferCharacteristic: SMPTE170M = 6; AVColorRange: MPEG,
# "tv" / limited, = 1).  The encoder writes them into the stream (VP9's colour space
# and range, H.264's VUI) and the muxer into the container (WebM's Colour element).
BT601 = (("colorspace", 6), ("color_primaries", 6), ("color_trc", 6), ("color_range", 1))


def tag_bt601(cc: Any) -> None:
    """Tag an encoder's codec context as BT.601, limited range.

    PyAV 13 and later take FFmpeg's numbers; older versions an enum of their own, looked
    up by the same number.  A PyAV without these attributes leaves the stream untagged."""
    for attr, value in BT601:
        try:
            current = getattr(cc, attr)
        except AttributeError:
            continue
        try:
            setattr(cc, attr, value)
        except (TypeError, ValueError):
            try:
                setattr(cc, attr, type(current)(value))
            except (TypeError, ValueError, AttributeError):
                pass


# ---------------------------------------------------------------- GIF


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
    lut = np.empty(len(centres), np.uint8)
    for s in range(0, len(centres), 4096):
        d = centres[s:s + 4096, None, :] - pal[None, :, :]
        lut[s:s + 4096] = np.argmin((d * d).sum(axis=2), axis=1)
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


# ---------------------------------------------------------------- PNG


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


__all__ = ["ASS_HEADER", "BT601", "GifSink", "VideoSink", "build_palette", "palette_lut",
           "quantize", "tag_bt601", "webvtt", "write_png"]
