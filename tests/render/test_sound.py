"""The sound track: synthesis (deterministic, faded, levelled), the loudness measure
against pyloudnorm, and the audio stream of MP4 and WebM files decoded back with PyAV
(codec, rate, length, level, and each sound's onset against its start time)."""

from __future__ import annotations

import functools
import io
from fractions import Fraction
from typing import Any

import av
import numpy as np
import pytest

from puzzlereel.render.encoders import video as encode
from puzzlereel.render.encoders.loudness import RATE, integrated_loudness, peak_db
from puzzlereel.render.encoders.sound import (
    LOUDNESS,
    PEAK,
    place,
    sample_count,
    soundtrack,
    synthesize,
)
from puzzlereel.render.encoders.soundtrack import ArrayTrack, AudioMux
from puzzlereel.render.encoders.video import VideoSink
from puzzlereel.render.encoders.voices import voice
from puzzlereel.render.film.sound_events import SOUND_KINDS, Sound, SoundError
from puzzlereel.render.options import RenderOptions

FPS = 30
FRAME = 1 / FPS


@functools.cache
def meter() -> Any:
    """pyloudnorm's meter, imported when a test first measures (pyloudnorm brings SciPy's
    signal package: seconds that collecting the suite need not spend)."""
    import pyloudnorm

    return pyloudnorm.Meter(RATE)


def lufs(samples: np.ndarray) -> float:
    """Integrated loudness by pyloudnorm (BS.1770-4), the reference measure."""
    return float(meter().integrated_loudness(np.asarray(samples, np.float64)))


def moves(count: int, every: float, kind: str = "slide", first: float = 1.0,
          seconds: float = 0.25) -> list[Sound]:
    return [Sound(first + i * every, kind, seconds) for i in range(count)]


# patterns of sounds and the video's length: from one sound to a five-minute video
PATTERNS: dict[str, tuple[list[Sound], float]] = {
    "dense slides": (moves(200, 0.25, seconds=0.22), 54.0),
    "Hakoiri-like": (moves(81, 0.45) + [Sound(38.0, "chime")], 43.0),
    "sparse clicks": (moves(12, 3.0, "click") + [Sound(40.0, "chime")], 43.0),
    "pegs": (moves(31, 0.45, "pop") + [Sound(15.5, "chime")], 19.0),
    "queens": (moves(40, 0.25, "pop"), 12.0),
    "no solution": ([Sound(2.0, "low")], 6.0),
    "very short": ([Sound(0.1, "pop")], 0.5),
    "quick flicks": (moves(10, 0.6, seconds=0.06), 8.0),
    "five minutes": (moves(1000, 0.29, seconds=0.22) + [Sound(292.0, "chime")], 300.0),
    **{f"one {kind}": ([Sound(1.0, kind, 0.3)], 5.0) for kind in SOUND_KINDS},
}


# ---------------------------------------------------------------- events


@pytest.mark.parametrize("fields, name", [
    ({"start": 0.0, "kind": "beep"}, "kind"),
    ({"start": -0.1, "kind": "click"}, "start"),
    ({"start": float("nan"), "kind": "click"}, "start"),
    ({"start": 1.0, "kind": "slide", "seconds": float("inf")}, "seconds"),
    ({"start": 1.0, "kind": "pop", "strength": -1.0}, "strength"),
])
def test_a_sound_that_cannot_play_is_an_error_naming_its_field(fields: dict[str, Any],
                                                               name: str) -> None:
    with pytest.raises(SoundError) as info:
        Sound(**fields)
    assert info.value.field == name
    assert "\n" not in str(info.value)


def test_a_track_of_a_bad_length_is_an_error() -> None:
    with pytest.raises(SoundError, match="seconds"):
        synthesize([], float("nan"))


# ---------------------------------------------------------------- synthesis


def test_the_same_sounds_give_the_same_samples() -> None:
    sounds, seconds = PATTERNS["Hakoiri-like"]
    first = synthesize(sounds, seconds)
    voice.cache_clear()                      # made again from nothing
    second = synthesize(sounds, seconds)
    assert first.dtype == np.float32 and first.shape == (sample_count(seconds),)
    assert np.array_equal(first, second)
    moved = synthesize([Sound(s.start + 0.01, s.kind, s.seconds) for s in sounds], seconds)
    assert not np.array_equal(first, moved)


def test_each_sound_starts_at_its_time() -> None:
    track = synthesize([Sound(0.5, "click"), Sound(1.25, "pop")], 2.0)
    audible = np.flatnonzero(np.abs(track) > 1e-4)
    assert audible[0] in range(24_000, 24_000 + 48)         # within 1 ms of 0.5 s
    after = audible[audible > 40_000]
    assert after[0] in range(60_000, 60_000 + 48)            # 1.25 s


@pytest.mark.parametrize("piece", [1, 1000, 4800, RATE, 3 * RATE + 7])
def test_a_track_read_in_pieces_is_the_track_read_whole(piece: int) -> None:
    """The encoder reads the track a piece at a time: the same samples, the end's fade
    included, whatever the pieces."""
    track = soundtrack(moves(12, 0.3) + [Sound(4.2, "chime")], 5.0)
    whole = track.samples()
    if piece == 1:                                # one sample at a time: the last 0.1 s
        start = track.length - RATE // 10
        parts = [track.read(i, i + 1) for i in range(start, track.length)]
        assert np.array_equal(np.concatenate(parts), whole[start:])
        return
    parts = [track.read(i, i + piece) for i in range(0, track.length, piece)]
    assert np.array_equal(np.concatenate(parts), whole)


def test_moves_vary_but_repeat_within_their_variants() -> None:
    """Clicks, slides and pops come in a few versions, so a run of moves is not one
    sample over and over; the chime and the low tone are always the same."""
    for kind in ("click", "slide", "pop"):
        waves = {voice(kind, 12_000 if kind == "slide" else 0, v)[0].tobytes()
                 for v in range(4)}
        assert len(waves) == 4, kind


def test_a_slide_lasts_as_long_as_its_motion() -> None:
    short = voice("slide", sample_count(0.2), 0)[0]
    long = voice("slide", sample_count(0.8), 0)[0]
    assert len(long) - len(short) == sample_count(0.6)


@pytest.mark.parametrize("kind", SOUND_KINDS)
@pytest.mark.parametrize("length", [0.06, 0.3, 1.5])
def test_every_sound_fades_in_from_silence_and_out_to_it(kind: str, length: float) -> None:
    """No waveform starts or stops with a jump: each sound's first and last samples are
    silence, its first quarter millisecond rises at under a third of its steepest slope
    (a cut waveform starts at full slope), and its last 2 ms are almost silent."""
    wave = np.asarray(voice(kind, sample_count(length) if kind == "slide" else 0, 1)[0],
                      np.float64)
    top = np.abs(wave).max()
    steepest = np.abs(np.diff(wave)).max()
    assert abs(wave[0]) <= 1e-3 * top and abs(wave[-1]) <= 1e-3 * top
    assert np.abs(np.diff(wave[:RATE // 4000])).max() <= steepest / 3
    assert np.abs(wave[-RATE // 500:]).max() <= 0.02 * top


def test_a_sound_cut_by_the_end_of_the_video_fades_out() -> None:
    track = synthesize([Sound(0.9, "chime")], 1.0)     # a 1.8 s chime in a 1 s video
    top = np.abs(track).max()
    assert abs(track[-1]) <= 1e-3 * top
    assert np.abs(np.diff(track[-int(0.003 * RATE):])).max() <= 0.05 * top


def test_there_is_no_jump_where_sounds_start_and_end_in_a_track() -> None:
    sounds = [Sound(0.3 + 0.6 * i, kind, 0.2) for i, kind in enumerate(("click", "slide", "pop"))]
    track = synthesize(sounds, 2.5).astype(np.float64)
    top = np.abs(track).max()
    for s in sounds:
        at = int(round(s.start * RATE))
        assert abs(track[at] - track[at - 1]) <= 1e-3 * top


# ---------------------------------------------------------------- level


# patterns whose peak keeps them below the loudness (lone sounds of 0.06 to 0.2 s)
PEAK_BOUND = {"quick flicks"}


@pytest.mark.parametrize("name", PATTERNS)
def test_the_track_is_at_the_loudness_and_below_the_peak(name: str) -> None:
    """-16 LUFS (within 0.5, or within 2 where the peak keeps the track down) and the
    sample peak at most -2 dBFS, for any pattern of sounds."""
    sounds, seconds = PATTERNS[name]
    track = synthesize(sounds, seconds)
    assert peak_db(track) <= PEAK + 1e-4
    assert lufs(track) == pytest.approx(LOUDNESS, abs=2.0 if name in PEAK_BOUND else 0.5)


def test_a_track_without_sounds_is_silence() -> None:
    track = synthesize([], 3.0)
    assert track.shape == (3 * RATE,) and not np.any(track)
    assert np.all(np.isfinite(soundtrack([Sound(5.0, "pop")], 3.0).samples()))  # too late
    assert len(synthesize([], 0.0)) == 0


def test_strength_scales_a_sound_within_the_mix() -> None:
    loud = place([Sound(0.5, "click")], 1.0).samples()
    soft = place([Sound(0.5, "click", strength=0.5)], 1.0).samples()
    assert np.allclose(soft, 0.5 * loud, atol=1e-7)


@pytest.mark.parametrize("name", ["dense slides", "sparse clicks", "one low", "one chime"])
def test_our_loudness_measure_agrees_with_pyloudnorm(name: str) -> None:
    sounds, seconds = PATTERNS[name]
    track = place(sounds, seconds).samples()
    assert integrated_loudness(track) == pytest.approx(lufs(track), abs=0.1)


def test_our_loudness_measure_gives_the_standards_reference_value() -> None:
    """BS.1770: a 997 Hz sine at full scale reads -3.01 LUFS (pyloudnorm's own filter
    design reads 0.04 dB low, hence the 0.1 LU of the test above)."""
    t = np.arange(5 * RATE) / RATE
    assert integrated_loudness(np.sin(2 * np.pi * 997 * t)) == pytest.approx(-3.01, abs=0.01)
    assert integrated_loudness(np.zeros(RATE)) == float("-inf")


# ---------------------------------------------------------------- files


def write_video(path: Any, fmt: str, frames: int, track: Any) -> None:
    """A video of ``frames`` frames of changing solid grey at 30 fps (H.264 in an MP4,
    VP9 in a WebM) with ``track`` as its sound, muxed as the renderer muxes it: the
    audio up to each video packet's time before that packet."""
    container = av.open(path, "w", format=fmt)
    video: Any = container.add_stream("libx264" if fmt == "mp4" else "libvpx-vp9", rate=FPS)
    video.width, video.height, video.pix_fmt = 64, 48, "yuv420p"
    audio = AudioMux(container, track)
    for i in range(frames + 1):
        frame = None
        if i < frames:
            frame = av.VideoFrame.from_ndarray(np.full((48, 64, 3), 8 * (i % 30), np.uint8),
                                               format="rgb24")
            frame.pts = i
        for packet in video.encode(frame):
            audio.mux_before(packet)
            container.mux(packet)
    audio.finish()
    container.close()


def decode_audio(data: bytes) -> tuple[Any, np.ndarray, float]:
    """(The audio stream, its samples from time 0, the video's length in seconds)."""
    with av.open(io.BytesIO(data)) as container:
        stream = container.streams.audio[0]
        info = {"codec": stream.codec_context.name, "rate": stream.rate,
                "channels": stream.codec_context.channels,
                "duration": float(stream.duration * stream.time_base)
                if stream.duration is not None else None}
        chunks, first = [], None
        for frame in container.decode(stream):
            if first is None:
                first = float(frame.pts * frame.time_base)
            chunks.append(frame.to_ndarray().reshape(-1))
        assert first == 0.0
    with av.open(io.BytesIO(data)) as container:
        frames = sum(1 for _ in container.decode(video=0))
    return info, np.concatenate(chunks), frames / FPS


def onsets(samples: np.ndarray) -> list[float]:
    """Times where the sound rises from silence: the first 1 ms window above -40 dB (of
    the loudest window) after at least 100 ms all below -60 dB."""
    hop = RATE // 1000
    n = len(samples) // hop
    energy = (samples[:n * hop].astype(np.float64).reshape(n, hop) ** 2).mean(axis=1)
    level = 10 * np.log10(energy + 1e-20)
    level -= level.max()
    found, quiet, armed = [], 0, False
    for i, value in enumerate(level):
        quiet = quiet + 1 if value < -60 else 0
        armed = armed or quiet >= 100
        if armed and value > -40:
            found.append(i * hop / RATE)
            armed = False
    return found


# well apart, so that each one rises from silence
SPACED = [Sound(0.5, "click"), Sound(1.3, "slide", 0.3), Sound(2.4, "pop"),
          Sound(3.2, "click"), Sound(4.0, "low"), Sound(6.1, "slide", 0.6),
          Sound(7.3, "pop"), Sound(8.0, "chime")]


@pytest.mark.parametrize("fmt, codec", [("mp4", "aac"), ("webm", "opus")])
def test_a_video_carries_the_track_in_time_at_its_level(fmt: str, codec: str) -> None:
    frames = 300                                  # 10 s
    seconds = frames / FPS
    buffer = io.BytesIO()
    track = soundtrack(SPACED, seconds).samples()
    write_video(buffer, fmt, frames, track)
    info, samples, video_seconds = decode_audio(buffer.getvalue())
    assert info["codec"] == codec and info["rate"] == RATE and info["channels"] == 1
    assert video_seconds == pytest.approx(seconds)
    assert len(samples) / RATE == pytest.approx(seconds, abs=FRAME)
    if info["duration"] is not None:              # MP4 says it; WebM streams do not
        assert info["duration"] == pytest.approx(seconds, abs=FRAME)
    assert peak_db(samples) <= -1.0
    assert lufs(samples) == pytest.approx(LOUDNESS, abs=2.0)
    found = onsets(samples)
    assert len(found) == len(SPACED)
    for sound, time in zip(SPACED, found):
        assert time == pytest.approx(sound.start, abs=FRAME), sound
    # the whole track, decoded, lines up with the one given to the sample: the codecs'
    # priming samples are skipped by the players, not played
    assert lag(samples[:len(track)], track) == 0


def lag(decoded: np.ndarray, given: np.ndarray) -> int:
    """The shift in samples that best lines ``decoded`` up with ``given`` (cross-
    correlation; > 0: ``decoded`` late)."""
    size = 1 << (2 * len(given) - 1).bit_length()
    spectrum = np.fft.rfft(decoded, size) * np.conj(np.fft.rfft(given, size))
    best = int(np.argmax(np.fft.irfft(spectrum, size)))
    return best if best < size // 2 else best - size


# the file's audio decoded by the page (WebAudio), handed back as base64 float32 bytes
DECODE_IN_THE_PAGE = """async (b64) => {
    const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
    const context = new OfflineAudioContext(1, 48000, 48000);
    const buffer = await context.decodeAudioData(bytes.buffer);
    const out = new Uint8Array(buffer.getChannelData(0).buffer);
    let text = "";
    for (let i = 0; i < out.length; i += 32768) {
        text += String.fromCharCode.apply(null, out.subarray(i, i + 32768));
    }
    return {rate: buffer.sampleRate, samples: btoa(text)};
}"""


@pytest.mark.parametrize("fmt", ["mp4", "webm"])
def test_a_browser_plays_the_sounds_at_their_times(browser: Any, fmt: str) -> None:
    """Chromium's own demuxer and decoder (WebAudio) skip the codecs' priming as PyAV's
    do: each sound within a frame of its time, the whole track within 1 ms (a WebM's
    timestamps are whole milliseconds), as long as the video."""
    import base64

    buffer = io.BytesIO()
    track = soundtrack(SPACED, 10.0).samples()
    write_video(buffer, fmt, 300, track)
    page = browser.new_page()
    try:
        decoded = page.evaluate(DECODE_IN_THE_PAGE,
                                base64.b64encode(buffer.getvalue()).decode("ascii"))
    finally:
        page.close()
    samples = np.frombuffer(base64.b64decode(decoded["samples"]), "<f4")
    assert decoded["rate"] == RATE
    assert len(samples) / RATE == pytest.approx(10.0, abs=FRAME)
    found = onsets(samples)
    assert len(found) == len(SPACED)
    for sound, time in zip(SPACED, found):
        assert time == pytest.approx(sound.start, abs=FRAME), sound
    assert abs(lag(samples[:len(track)], track)) <= RATE // 1000


def test_audio_and_video_packets_lie_side_by_side_in_the_file() -> None:
    buffer = io.BytesIO()
    write_video(buffer, "mp4", 600, soundtrack(moves(40, 0.45), 20.0))
    with av.open(io.BytesIO(buffer.getvalue())) as container:
        packets = [(p.pos, p.stream.type, float(p.pts * p.time_base))
                   for p in container.demux() if p.pts is not None and p.pos is not None]
    latest = {"audio": 0.0, "video": 0.0}
    apart = 0.0
    for _, kind, time in sorted(packets):
        latest[kind] = max(latest[kind], time)
        apart = max(apart, abs(latest["audio"] - latest["video"]))
    assert {kind for _, kind, _ in packets} == {"audio", "video"}
    assert apart < 1.0


@pytest.mark.parametrize("threads", [0, 1])
def test_the_video_sink_adds_the_sound_beside_its_frames(tmp_path: Any, threads: int) -> None:
    """``VideoSink.add_sound``: with the encoder on its own thread (0) or in the drawing
    thread (1); captions and metadata as before."""
    from puzzlereel.render.direction.plan import Cue

    encode.encoder_threads(threads)
    try:
        path = tmp_path / "v.mp4"
        sink = VideoSink(path, 64, 48, FPS, RenderOptions())
        sink.describe([Cue(0.5, 1.5, "Move 1"), Cue(1.5, 3.0, "Move 2")], {"title": "t"})
        sink.add_sound(soundtrack([Sound(0.5, "click"), Sound(1.5, "pop")], 3.0))
        for i in range(90):
            sink.write(np.full((48, 64, 3), 2 * i, np.uint8), 1)
        sink.close()
    finally:
        encode.encoder_threads(0)
    with av.open(str(path)) as container:
        kinds = sorted(s.type for s in container.streams)
        assert container.metadata.get("title") == "t"
    assert kinds == ["audio", "subtitle", "video"]
    info, samples, video_seconds = decode_audio(path.read_bytes())
    assert video_seconds == pytest.approx(3.0)
    assert len(samples) / RATE == pytest.approx(3.0, abs=FRAME)
    assert [round(t * FPS) for t in onsets(samples)] == [15, 45]


def test_a_silent_track_makes_a_valid_silent_stream() -> None:
    buffer = io.BytesIO()
    write_video(buffer, "mp4", 60, soundtrack([], 2.0))
    info, samples, _ = decode_audio(buffer.getvalue())
    assert info["codec"] == "aac" and len(samples) / RATE == pytest.approx(2.0, abs=FRAME)
    assert not np.any(samples)


def test_an_aborted_video_stops_the_audio_encoder(tmp_path: Any) -> None:
    sink = VideoSink(tmp_path / "v.mp4", 64, 48, FPS, RenderOptions())
    sink.add_sound(soundtrack(moves(100, 0.3), 40.0))
    for i in range(30):
        sink.write(np.full((48, 64, 3), i, np.uint8), 1)
    sink.abort()
    assert sink.sound is not None and sink.sound.finished


def test_array_samples_play_as_given() -> None:
    """A track given as samples (not made by render.encoders.sound) plays as it is."""
    samples = np.zeros(2 * RATE, np.float32)
    t = np.arange(4800) / RATE                            # 100 ms of 1 kHz, Hann-shaped
    samples[RATE:RATE + 4800] = 0.5 * np.sin(2 * np.pi * 1000 * t) * np.sin(np.pi * t / 0.1) ** 2
    buffer = io.BytesIO()
    write_video(buffer, "webm", 60, samples)
    _, decoded, _ = decode_audio(buffer.getvalue())
    assert onsets(decoded) == [pytest.approx(1.0, abs=0.005)]
    assert Fraction(len(decoded), RATE) == 2


def test_an_error_while_encoding_the_audio_reaches_the_muxing_thread() -> None:
    class Broken(ArrayTrack):
        def read(self, start: int, stop: int) -> np.ndarray:
            if start >= RATE:
                raise RuntimeError("no more samples")
            return super().read(start, stop)

    container = av.open(io.BytesIO(), "w", format="mp4")
    mux = AudioMux(container, Broken(np.zeros(5 * RATE, np.float32)))
    with pytest.raises(RuntimeError, match="no more samples"):
        mux.mux_until(3.0)
    mux.abort()
    container.close()
