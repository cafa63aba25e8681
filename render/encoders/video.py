"""The video encoder: H.264 MP4 (libx264, yuv420p, +faststart) or VP9 WebM through PyAV.

The container carries the title and a comment (solver, metric) as metadata; an MP4 also
carries the subtitles (the move list's lines, then the result) as a ``mov_text`` track
that players offer as captions, off until a viewer turns them on unless ``captions_on``
(the muxer enables it whatever its disposition says: ``render.encoders.tracks`` sets the
flag in the finished file); ``add_sound`` adds a sound track
(``render.encoders.soundtrack``). RGB is converted to I420 with OpenCV (BT.601 matrix,
limited range), and the stream is tagged BT.601 (smpte170m primaries, transfer and
matrix, tv range) to match, so browsers show the colours as drawn. Encoding runs on a
worker thread so drawing and encoding overlap on two cores (not when the process has one
core's share: then it encodes between frames), and x264 threads by frames (its own
default; PyAV's is by slices, about 20 % slower at 720p here and a few per cent bigger),
on as many threads as ``encoder_threads`` allows: all cores by default, fewer when
several renders share the machine (``run --jobs``). A frame that differs from the last
only in a rectangle is converted only there and patched into the encoder's copy of the
last frame; a held frame is sent again with new times. The encoder is opened before the
first frame is drawn, so a size it cannot take (a 4K video under a memory limit) stops
the render at once; a failure of the encoder then or later is one ``EncoderError`` line
naming the output, never PyAV's traceback.
"""

from __future__ import annotations

import contextlib
import os
import queue
import struct
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.memory import rlimit_room
from puzzlereel.render.encoders.tracks import enable_subtitles
from puzzlereel.render.options import RenderOptions


class EncoderError(PuzzlereelError):
    """A video the encoder could not make: out of memory for its size, most often."""


CODEC_NAMES = {"libx264": "H.264", "libvpx-vp9": "VP9"}

# what encoding a video takes at least, measured with x264 on two cores: its threads,
# stacks and buffers, and its frames (look-ahead, references, ours) by the pixel
ENCODER_BYTES = 200 << 20
BYTES_PER_PIXEL = 130


def video_bytes(width: int, height: int) -> int:
    """About the least memory encoding a ``width`` x ``height`` video takes."""
    return ENCODER_BYTES + BYTES_PER_PIXEL * width * height

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


# a frame for the encoder: I420 patches, each a whole frame (rect None) or a converted
# part of one and where it goes (x0, y0, x1, y1); or None for the last frame again
Job = list[tuple[np.ndarray, tuple[int, int, int, int] | None]] | None


class VideoSink:
    """H.264 in MP4 (``codec="libx264"``) or VP9 in WebM (``codec="libvpx-vp9"``);
    messages name the output ``name`` (default: ``path``)."""

    def __init__(self, path: str | os.PathLike[str], width: int, height: int, fps: int,
                 options: RenderOptions, codec: str = "libx264", threaded: bool = True,
                 name: str | None = None) -> None:
        if width % 2 or height % 2:
            raise ValueError(f"frame size must be even, got {width}x{height}")
        self.width, self.height = width, height
        self.name = name if name is not None else str(path)
        self.path = path
        self.captions_on = options.captions_on
        self.codec = codec
        self.fmt = "mp4" if codec == "libx264" else "webm"
        self.container: Any = None
        left, need = rlimit_room(), video_bytes(width, height)
        if left is not None and left < need:
            raise EncoderError(f"a {width}x{height} video needs about {need >> 20:,} MB to "
                               f"encode, and the memory limit leaves {left >> 20:,} MB; a "
                               "smaller size needs less memory", source=self.name)
        with self._failing("start"):
            self._open(path, fps, options)
        self.subtitles: Any = None
        self.cues: list[tuple[float, float, str]] = []
        self.sound: Any = None       # render.encoders.soundtrack.AudioMux, from add_sound
        self.pts = 0
        self._primed = False         # a whole frame was written: parts can follow
        self._canvas: np.ndarray | None = None   # the encoder's last frame (I420)
        self.error: BaseException | None = None
        self.queue: queue.Queue[tuple[Job, int] | None] | None = None
        self.thread: threading.Thread | None = None
        if threaded and _threads != 1:          # one core's share: no second thread
            self.queue = queue.Queue(maxsize=4)
            self.thread = threading.Thread(target=self._work, name="encoder", daemon=True)
            self.thread.start()

    @contextlib.contextmanager
    def _failing(self, doing: str) -> Iterator[None]:
        """PyAV's errors and a want of memory in the block as one ``EncoderError`` line
        naming the output and the frame size."""
        import av

        try:
            yield
        except (av.error.FFmpegError, MemoryError) as exc:
            if isinstance(exc, OSError):    # a file that cannot be written: said as such
                raise
            if doing == "start" and self.container is not None:
                with contextlib.suppress(Exception):
                    self.container.close()
            why = exc.strerror if isinstance(exc, av.error.FFmpegError) else "out of memory"
            raise EncoderError(
                f"the {CODEC_NAMES.get(self.codec, self.codec)} encoder could not {doing} "
                f"a {self.width}x{self.height} video ({why}); a smaller size needs less "
                "memory", source=self.name) from None

    def _open(self, path: str | os.PathLike[str], fps: int, options: RenderOptions) -> None:
        import av
        import av.logging

        # FFmpeg's own lines (x264's "malloc failed"...) would come before ours: a
        # failure is said once, by EncoderError
        av.logging.set_libav_level(av.logging.FATAL)
        fmt, codec, width, height = self.fmt, self.codec, self.width, self.height
        opts = {"movflags": "+faststart"} if fmt == "mp4" else {}
        self.container = av.open(str(path), mode="w", format=fmt, options=opts)
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
        stream.codec_context.open()     # its buffers now, before any frame is drawn

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
        sub.disposition = 1 if self.captions_on else 0    # AV_DISPOSITION_DEFAULT
        sub.codec_context.time_base = Fraction(1, 1000)
        sub.time_base = Fraction(1, 1000)
        self.subtitles = sub
        self.cues = [(float(c.start), float(c.end), str(c.text)) for c in cues]

    def add_sound(self, track: Any) -> None:
        """An audio stream playing ``track`` (``render.encoders.sound.Track``, or mono float32
        samples at 48 kHz): AAC in an MP4, Opus in a WebM; after ``describe`` and before
        the first frame.  Its packets are muxed beside the video's (``_mux``)."""
        from puzzlereel.render.encoders.soundtrack import AudioMux

        self.sound = AudioMux(self.container, track, threaded=self.queue is not None)

    def _mux(self, packet: Any) -> None:
        """Mux a video packet, after the audio up to its time (one thread muxes both)."""
        if self.sound is not None:
            self.sound.mux_before(packet)
        self.container.mux(packet)

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

    def write(self, frame: np.ndarray, repeat: int) -> None:
        if repeat <= 0:
            return
        self._primed = True
        self._put([(cv2.cvtColor(frame, cv2.COLOR_RGB2YUV_I420), None)], repeat)

    def write_regions(self, frame: np.ndarray, repeat: int,
                      rects: Sequence[tuple[int, int, int, int]]) -> None:
        """``write`` of a frame that differs from the last one only inside ``rects``
        (x, y, w, h each): only those parts (widened to even edges, where 4:2:0's chroma
        blocks lie) are converted to YUV, and the encoder patches them into its copy of
        the last frame.  The result is the same as converting the whole frame."""
        if repeat <= 0:
            return
        if not self._primed:
            self.write(frame, repeat)
            return
        H, W = self.height, self.width
        parts: list[tuple[np.ndarray, tuple[int, int, int, int] | None]] = []
        for x, y, w, h in rects:
            x0, y0 = max(0, x) & ~1, max(0, y) & ~1
            x1, y1 = min(W, x + w), min(H, y + h)
            x1, y1 = min(W, x1 + (x1 & 1)), min(H, y1 + (y1 & 1))
            if x1 > x0 and y1 > y0:
                parts.append((cv2.cvtColor(np.ascontiguousarray(frame[y0:y1, x0:x1]),
                                           cv2.COLOR_RGB2YUV_I420), (x0, y0, x1, y1)))
        self._put(parts or None, repeat)

    def hold(self, repeat: int) -> None:
        """The last frame again, ``repeat`` frame times."""
        if repeat > 0:
            self._put(None, repeat)

    def _put(self, job: Job, repeat: int) -> None:
        """Hand a frame to the encoder: I420 patches (``Job``), or None for the last frame
        again."""
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
        with self._failing("encode"):
            self._encode_frames(job, repeat)

    def _encode_frames(self, job: Job, repeat: int) -> None:
        import av

        for yuv, rect in job or ():
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
            with self._failing("finish"):
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
        if self.subtitles is not None:
            enable_subtitles(self.path, self.captions_on)

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


__all__ = ["ASS_HEADER", "BT601", "EncoderError", "VideoSink", "configure_threads",
           "encoder_threads", "tag_bt601", "video_bytes", "x264_settings"]
