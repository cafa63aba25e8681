"""A sound track as the audio stream of a video file, through PyAV.

``AudioMux(container, track)`` adds a mono 48 kHz audio stream to an output container
that is open for writing and has not written its header yet: AAC (64 kbit/s) in an MP4,
Opus (64 kbit/s) in a WebM.  The track (``render.encoders.sound.Track``, or an array of float32
samples) is then encoded and muxed as the video goes by:

* ``mux_until(seconds)`` before each video packet is muxed (``seconds``: that packet's
  decoding time): every audio packet up to ``LEAD`` seconds past it is muxed first.
  libavformat's interleaving then orders the two streams' packets by time, so the file
  has audio and video side by side as players read it, not one stream after the other.
* ``finish()`` after the last video packet and before the container is closed: the rest
  of the track, and the encoder's last packets.

Threads: the encoder runs on a thread of its own (``threaded=False``: in the muxing
thread, as the video needs it), started when the first packet is muxed
(``container.start_encoding`` writes the header then, with every stream); it never
touches the container and hands its packets over under a lock.  The muxing —
``mux_until`` and ``finish`` — happens on the thread that muxes the video (a container
is muxed from one thread at a time): there ``mux_until`` takes the packets made up to
its time, waiting for them if the encoder is behind, and muxes them.  The encoder runs
far ahead of the video (AAC about 150 times real time here, the video about 15).

Timing: the track's first sample is at time 0, the video's first frame.  The encoders
start with priming samples (AAC 1024, Opus 312), which they give negative times; the
MP4 muxer writes an edit list and the WebM muxer a codec delay so that players skip
them, and the last packet carries only the track's samples (its duration is cut to
them).  So a sound at ``t`` in the track plays at ``t`` in the video: measured through
PyAV's decoders, within a sample, for both formats (tests/render/test_sound.py).
"""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any

import numpy as np

from puzzlereel.ground.errors import quoted
from puzzlereel.render.encoders.loudness import RATE
from puzzlereel.render.encoders.sound import SoundTrack
from puzzlereel.render.film.sound_events import SoundError

# each container's audio codec (FFmpeg's encoder names), and its bit rate (mono)
CODECS = {"mp4": "aac", "webm": "libopus"}
BIT_RATES = {"aac": 64_000, "libopus": 64_000}
SAMPLE_FORMATS = {"aac": "fltp", "libopus": "flt"}   # float input each encoder takes
# the encoders' speed settings.  FFmpeg's AAC encoder takes most of a sound track's
# time, much of it on the spectrum above 6 kHz, where the sounds of render.encoders.sound have
# almost nothing (a Hakoiri track: -55 dB of its energy): cut there it takes about 4/5
# of the time, for a file as large.  libopus at complexity 5 of 10 takes about 3/4 of
# the time of 10
CODEC_OPTIONS = {"aac": {"cutoff": "6000"}, "libopus": {"compression_level": "5"}}
LEAD = 0.5            # seconds of audio muxed ahead of the video packet being muxed
CHUNK = RATE          # samples read from the track and handed to the encoder at a time


class ArrayTrack:
    """Samples already made (mono float32 at 48 kHz) as a track to read."""

    def __init__(self, samples: np.ndarray) -> None:
        self.data = np.ascontiguousarray(samples, np.float32).reshape(-1)
        self.length = len(self.data)

    def read(self, start: int, stop: int) -> np.ndarray:
        return self.data[max(0, start):min(self.length, stop)]


def container_format(container: Any) -> str:
    """``mp4`` or ``webm``: the output container's format, by its muxer's names."""
    names = str(container.format.name).split(",")
    for name in ("mp4", "webm"):
        if name in names:
            return name
    raise SoundError(f"no sound track for {quoted(container.format.name)}: only mp4 and "
                     "webm", field="format")


class AudioMux:
    """The audio stream of ``container`` playing ``track`` (see the module docstring).
    ``threaded``: encode on a thread of its own (False: in the muxing thread, as it
    goes, for a process that has one core's share)."""

    def __init__(self, container: Any, track: SoundTrack | ArrayTrack | np.ndarray, *,
                 bit_rate: int | None = None, threaded: bool = True) -> None:
        self.container = container
        self.track = track if isinstance(track, SoundTrack | ArrayTrack) else ArrayTrack(track)
        codec = CODECS[container_format(container)]
        stream: Any = container.add_stream(codec, rate=RATE, layout="mono")
        stream.bit_rate = bit_rate or BIT_RATES[codec]
        stream.codec_context.format = SAMPLE_FORMATS[codec]
        stream.options = dict(CODEC_OPTIONS.get(codec, {}))
        stream.time_base = Fraction(1, RATE)
        self.stream = stream
        self.codec = codec
        self.threaded = threaded
        self._position = 0                 # samples handed to the encoder so far
        self._ready: list[Any] = []        # encoded packets not muxed yet, in order
        self._encoded = 0.0                # seconds of the track encoded so far
        self._done = False                 # the encoder has given its last packet
        self._stop = False
        self._error: BaseException | None = None
        self._lock = threading.Condition()
        self._started = False
        self._thread: threading.Thread | None = None
        self._finished = False

    @property
    def finished(self) -> bool:
        """The stream is complete (``finish``) or given up (``abort``)."""
        return self._finished

    # ------------------------------------------------------------ encoding

    def _start(self) -> None:
        """Write the container's header (it needs every stream) and start encoding."""
        if self._started:
            return
        self._started = True
        self.container.start_encoding()
        if self.threaded:
            self._thread = threading.Thread(target=self._encode_all, name="audio",
                                            daemon=True)
            self._thread.start()

    def _encode_all(self) -> None:
        while not self._stop and self._encode_next():
            pass

    def _encode_next(self) -> bool:
        """Encode the next chunk of the track (or, after the last, flush the encoder)
        and hand its packets over; False when there is nothing more to encode."""
        import av

        try:
            length = self.track.length
            if self._position < length:
                end = min(self._position + CHUNK, length)
                samples = self.track.read(self._position, end)
                frame = av.AudioFrame.from_ndarray(samples.reshape(1, -1),
                                                   format=SAMPLE_FORMATS[self.codec],
                                                   layout="mono")
                frame.sample_rate = RATE
                frame.pts = self._position
                frame.time_base = Fraction(1, RATE)
                packets, self._position = self.stream.encode(frame), end
                self._hand_over(packets, end / RATE, False)
                return True
            self._hand_over(self.stream.encode(None), float("inf"), True)
        except BaseException as exc:  # handed to the muxing thread
            with self._lock:
                self._error = exc
                self._done = True
                self._lock.notify_all()
        return False

    def _hand_over(self, packets: list[Any], encoded: float, done: bool) -> None:
        with self._lock:
            self._ready.extend(packets)
            self._encoded = encoded
            self._done = done
            self._lock.notify_all()

    # ------------------------------------------------------------ muxing

    def _take(self, until: float) -> list[Any]:
        """The encoded packets up to ``until`` seconds, once the encoder is past it."""
        if not self.threaded:
            while not self._done and self._encoded < until and self._encode_next():
                pass
        with self._lock:
            self._lock.wait_for(lambda: self._done or self._encoded >= until)
            if self._error is not None:
                raise self._error
            k = 0
            while k < len(self._ready) and packet_seconds(self._ready[k]) <= until:
                k += 1
            taken, self._ready = self._ready[:k], self._ready[k:]
            return taken

    def mux_until(self, seconds: float) -> None:
        """Mux the audio up to ``seconds + LEAD`` into the video: call it before muxing
        a video packet of time ``seconds``, from the thread that muxes."""
        if self._finished:
            return
        self._start()
        for packet in self._take(seconds + LEAD):
            self.container.mux(packet)

    def mux_before(self, packet: Any) -> None:
        """``mux_until`` the time of the video ``packet`` about to be muxed."""
        self.mux_until(packet_seconds(packet))

    def finish(self) -> None:
        """Mux the rest of the track and the encoder's last packets; after the last
        video packet and before the container is closed (once)."""
        if self._finished:
            return
        self._start()
        for packet in self._take(float("inf")):
            self.container.mux(packet)
        if self._thread is not None:
            self._thread.join()
        self._finished = True

    def abort(self) -> None:
        """Stop encoding (the container is about to close without the rest)."""
        self._stop = True
        if self._thread is not None:
            self._thread.join()
        self._finished = True


def packet_seconds(packet: Any) -> float:
    """A packet's decoding time in seconds (its presentation time if it has no decoding
    time; 0 if neither)."""
    stamp = packet.dts if packet.dts is not None else packet.pts
    base = packet.time_base
    if stamp is None or base is None:
        return 0.0
    return stamp * base.numerator / base.denominator


__all__ = ["BIT_RATES", "CODECS", "LEAD", "ArrayTrack", "AudioMux", "container_format",
           "packet_seconds"]
