"""The sound track of a video: sound events in, samples out (numpy only).

``synthesize(sounds, seconds)`` mixes a video's ``Sound`` events
(``render.film.sound_events``) into one mono track of float32 samples at 48 kHz, exactly
``round(seconds * 48000)`` long, levelled to about -16 LUFS with its sample peak at most
-2 dBFS (``render.encoders.loudness``); each sound's samples are its kind's voice
(``render.encoders.voices``), the variant of each event chosen by a seeded generator.  The same
sounds and length always give the same samples.  A sound that runs past the end of the
video is faded out over its last 10 ms.

Mono: the sounds have no place on the screen to follow, and one channel halves the work
and the bytes; players play it on both speakers.

The level: each voice is made at the same loudness when heard alone (``render.encoders.voices``).
Then the track (``level``) is measured as BS.1770 does and scaled to
``LOUDNESS``; if that would put its sample peak above ``PEAK``, the peak wins and the
track is quieter (lone sounds shorter than about 0.2 s: 0.06 s flicks 0.6 s apart read
-16.5 LUFS).  The measure reads the track a window at a time: each sound's K-weighted
copy is mixed beside it, so the K-weighting is computed once per distinct sound, never
over the whole track.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from puzzlereel.ground.errors import quoted
from puzzlereel.render.encoders.loudness import (
    HOP,
    RATE,
    block_powers,
    gated_loudness,
    hop_energies,
)
from puzzlereel.render.encoders.voices import SEED, VARIANTS, fades, voice
from puzzlereel.render.film.sound_events import Sound, SoundError

LOUDNESS = -16.0                    # LUFS, integrated
PEAK = -2.0                         # dBFS, sample peak: 1 dB below -1 dBFS for the codecs
SLIDE_SHORTEST, SLIDE_LONGEST = 0.06, 3.0     # seconds a slide sound may last
SLIDE_STEP = 0.01                   # slide lengths are kept to this grain (fewer to cache)
END_FADE = 0.010                    # seconds: a sound cut by the end of the video fades out


def _slide_length(seconds: float) -> int:
    """A slide's motion in samples: ``seconds`` kept between the shortest and longest
    slide, to the nearest ``SLIDE_STEP``."""
    seconds = min(max(seconds, SLIDE_SHORTEST), SLIDE_LONGEST)
    steps = max(1, round(seconds / SLIDE_STEP))
    return int(round(steps * SLIDE_STEP * RATE))


def _variant_key(sound: Sound, variant: int) -> tuple[str, int, int]:
    if sound.kind == "slide":
        return ("slide", _slide_length(sound.seconds), variant)
    if sound.kind in ("click", "pop"):
        return (sound.kind, 0, variant)
    return (sound.kind, 0, 0)


# ---------------------------------------------------------------- the track


def sample_count(seconds: float) -> int:
    """The samples of a track ``seconds`` long."""
    return int(round(seconds * RATE))


@dataclass(frozen=True)
class Placed:
    """One sound in a track: from sample ``at``, ``wave`` times ``gain``; ``weighted`` is
    the wave K-weighted (longer by the filters' tail)."""

    at: int
    wave: np.ndarray
    weighted: np.ndarray
    gain: float


def _mix_into(out: np.ndarray, start: int, placed: Sequence[Placed], starts: np.ndarray,
              longest: int, weighted: bool) -> None:
    """Add to ``out`` (zeros) the samples ``start`` to ``start + len(out)`` of the
    ``placed`` sounds (sorted by ``at``, whose ``at`` are ``starts``; none longer than
    ``longest``): their waves, or their K-weighted copies."""
    stop = start + len(out)
    first = int(np.searchsorted(starts, start - longest, side="left"))
    last = int(np.searchsorted(starts, stop, side="left"))
    for p in placed[first:last]:
        wave = p.weighted if weighted else p.wave
        a, b = max(start, p.at), min(stop, p.at + len(wave))
        if a < b:
            out[a - start:b - start] += np.float32(p.gain) * wave[a - p.at:b - p.at]


class SoundTrack:
    """A video's sound track, read in pieces (``read``) or whole (``samples``): the
    sounds placed on their samples, ``length`` samples long, times ``gain`` (the level).
    Nothing holds the whole track until asked: a five-minute track is 58 MB of samples,
    and the encoder takes it a second at a time."""

    def __init__(self, placed: Sequence[Placed], length: int, gain: float = 1.0) -> None:
        self.placed = sorted(placed, key=lambda p: p.at)
        self.length = length
        self.gain = gain
        self._starts = np.array([p.at for p in self.placed], np.int64)
        self._longest = max((len(p.weighted) for p in self.placed), default=0)

    @property
    def seconds(self) -> float:
        return self.length / RATE

    def read(self, start: int, stop: int) -> np.ndarray:
        """Samples ``start`` to ``stop`` (clipped to the track), float32, levelled; a
        sound cut by the end of the track fades out over its last ``END_FADE``."""
        start, stop = max(0, start), min(self.length, stop)
        out = np.zeros(max(0, stop - start), np.float32)
        _mix_into(out, start, self.placed, self._starts, self._longest, weighted=False)
        if self.gain != 1.0:
            out *= np.float32(self.gain)
        fade = min(self.length, int(END_FADE * RATE))
        if fade and stop > self.length - fade:
            a = max(start, self.length - fade)
            env = fades(fade, 0.0, END_FADE)[a - (self.length - fade):stop - (self.length - fade)]
            out[a - start:] *= env.astype(np.float32)
        return out

    def samples(self) -> np.ndarray:
        """The whole track, float32."""
        return self.read(0, self.length)

    def measure(self) -> tuple[float, float]:
        """(Integrated loudness in LUFS, sample peak as a ratio to full scale) of the
        track before its gain, a window at a time (-inf and 0 for silence)."""
        hops = np.zeros(self.length // HOP)
        top = 0.0
        raw = np.zeros(WINDOW, np.float32)
        kw = np.zeros(WINDOW, np.float32)
        for start in range(0, self.length, WINDOW):
            n = min(WINDOW, self.length - start)
            raw[:] = 0.0
            kw[:] = 0.0
            _mix_into(raw[:n], start, self.placed, self._starts, self._longest, False)
            _mix_into(kw[:n], start, self.placed, self._starts, self._longest, True)
            top = max(top, float(raw[:n].max()), -float(raw[:n].min()))
            energies = hop_energies(kw[:n])
            hops[start // HOP:start // HOP + len(energies)] = energies
        return gated_loudness(block_powers(hops)), top


WINDOW = 20 * HOP                   # samples measured at a time (a multiple of the hop)


def _variants(count: int) -> list[int]:
    """The variant of each of ``count`` events, in order (seeded: always the same)."""
    return np.random.default_rng(SEED).integers(0, VARIANTS, size=count).tolist()


def place(sounds: Iterable[Sound], seconds: float) -> SoundTrack:
    """The sounds on a track ``seconds`` long at their kinds' own levels (gain 1);
    sounds that start at or after the end, or have strength 0, are left out."""
    if not (isinstance(seconds, int | float) and math.isfinite(seconds) and seconds >= 0):
        raise SoundError(f"must be a finite number >= 0, got {quoted(seconds)}",
                         field="seconds")
    n = sample_count(seconds)
    events = list(sounds)
    placed = []
    for sound, variant in zip(events, _variants(len(events))):
        at = int(round(sound.start * RATE))
        if at < n and sound.strength > 0:
            wave, weighted = voice(*_variant_key(sound, variant))
            placed.append(Placed(at, wave, weighted, float(sound.strength)))
    return SoundTrack(placed, n)


def level(track: SoundTrack, loudness: float = LOUDNESS, peak: float = PEAK) -> SoundTrack:
    """``track`` with the gain that brings it to ``loudness`` LUFS, lowered if needed to
    keep its sample peak at most ``peak`` dBFS; silence keeps gain 1."""
    measured, top = track.measure()
    if top == 0.0:
        return SoundTrack(track.placed, track.length, 1.0)
    gain = 10 ** (peak / 20) / top
    if math.isfinite(measured):          # else too short or too quiet to measure
        gain = min(gain, 10 ** ((loudness - measured) / 20))
    return SoundTrack(track.placed, track.length, gain)


def soundtrack(sounds: Iterable[Sound], seconds: float, *, loudness: float = LOUDNESS,
               peak: float = PEAK) -> SoundTrack:
    """The sound track of a video ``seconds`` long, levelled: read it whole
    (``samples()``) or a piece at a time (``read``), or hand it to
    ``render.encoders.soundtrack.AudioMux``."""
    return level(place(sounds, seconds), loudness, peak)


def synthesize(sounds: Iterable[Sound], seconds: float, *, loudness: float = LOUDNESS,
               peak: float = PEAK) -> np.ndarray:
    """The sound track of a video ``seconds`` long as mono float32 samples at 48 kHz
    (``sample_count(seconds)`` of them), at ``loudness`` LUFS with its sample peak at
    most ``peak`` dBFS; silence when there are no sounds."""
    return soundtrack(sounds, seconds, loudness=loudness, peak=peak).samples()


__all__ = ["LOUDNESS", "PEAK", "RATE", "Placed", "SoundTrack", "level", "place", "sample_count",
           "soundtrack", "synthesize"]
