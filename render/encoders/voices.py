"""The voices of the sound track: each kind of sound made as samples (numpy only).

The kinds (``render.film.sound_events.SOUND_KINDS``), all made here from sines and seeded noise
(no sample files):

* ``open`` — the opening: two soft bell tones a fifth apart (G4, D5) swelling in over
  80 ms and dying away, 1.2 s.
* ``click`` — a soft wooden tock (a tile, a short move): three inharmonic modes of a
  struck bar at 760 Hz, its first cycles rounded off (a soft mallet), 0.24 s.
* ``slide`` — a piece sliding for ``seconds``: a muffled rub (noise in 180-900 Hz) whose
  level follows the eased motion's speed, then a short low wooden knock (340 Hz) as the
  piece arrives, gone 20 ms after the motion ends: the pause after a move is silent,
  so moves are heard one by one however fast they come.  A quick flick (under 0.2 s)
  rubs more softly: it is mostly its knock.
* ``pop`` — a round bloop (a peg landing after a jump, a queen placed): a sine gliding
  up an octave from 430 Hz in a few ms and dying away in about 60 ms, 0.28 s.
* ``chime`` — the payoff of a solved puzzle: a rising arpeggio, C5 E5 G5 C6, of soft
  bell tones, 1.8 s.
* ``low`` — no solution: one low, soft tone sinking from G3 to F3, 1.4 s.

Every sound rises from silence (within 1-6 ms) and falls back to it (``fades``), so no
waveform starts or stops with a jump.  Clicks, slides and pops come in ``VARIANTS``
slightly different versions (pitch, noise), so a long run of moves does not sound like
one sample repeated.  Each sound is made at the same loudness when heard alone
(``LEVELS``: -20 LUFS, measured once when it is made and cached), and each is shaped to
carry that loudness with its sample peak no more than about 14 dB above it (modes that
ring for tens of ms, noise with its peaks rounded off): short sounds read quiet on a
400 ms loudness block, so a sharp click would need a peak above full scale to reach
-16 LUFS alone.  ``voice`` gives one sound's samples; ``render.encoders.sound`` places and levels
them into a track.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from puzzlereel.render.encoders.loudness import (
    BLOCK,
    RATE,
    block_powers,
    gated_loudness,
    hop_energies,
    k_weighted,
)

VARIANTS = 4                        # versions of each move sound
SEED = 20240611                     # the variant of each event, and the noise
RUB_FULL = 0.2                      # seconds: shorter slides rub more softly
KNOCK_LEAD = 0.035                  # seconds: a slide's knock starts this long before
KNOCK_TAIL = 0.02                   # ... the motion ends, and is gone this long after it
SLIDE_DRIVE = 2.0                   # a slide's loudest moments rounded off this much
KNOCK_DECAY = 0.009                 # seconds: the knock's ring dies this fast


# ---------------------------------------------------------------- building blocks


def _times(n: int) -> np.ndarray:
    return np.arange(n) / RATE


def fades(n: int, fade_in: float, fade_out: float) -> np.ndarray:
    """An envelope of ``n`` samples: a raised-cosine rise from 0 over ``fade_in`` seconds
    and a fall to 0 over the last ``fade_out`` seconds, 1 between."""
    env = np.ones(n)
    for seconds, rising in ((fade_in, True), (fade_out, False)):
        k = min(n, max(1, int(round(seconds * RATE))))
        ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(k) / k)     # 0 ... just below 1
        if rising:
            env[:k] *= ramp
        else:
            env[n - k:] *= ramp[::-1] * (np.arange(k, 0, -1) > 1)   # ends on an exact 0
    return env


def _modes(t: np.ndarray, modes: Sequence[tuple[float, float, float]]) -> np.ndarray:
    """A struck object: the sum of ``amplitude * exp(-t / decay) * sin(2 pi f t)``."""
    out = np.zeros_like(t)
    for freq, amplitude, decay in modes:
        out += amplitude * np.exp(-t / decay) * np.sin(2 * np.pi * freq * t)
    return out


def _band(x: np.ndarray, low: float, high: float) -> np.ndarray:
    """``x`` band-limited softly to ``low``..``high`` Hz: a first-order rise below
    ``low``, a second-order fall above ``high`` (shaped in the frequency domain)."""
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    shape = (f / np.hypot(f, low)) / (1 + (f / high) ** 2)
    return np.fft.irfft(np.fft.rfft(x) * shape, len(x))


def _unit(x: np.ndarray) -> np.ndarray:
    rms = float(np.sqrt(np.mean(x * x))) if len(x) else 0.0
    return x / rms if rms > 0 else x


def _noise(n: int, seed: int, low: float, high: float) -> np.ndarray:
    """Seeded noise of unit RMS in the band ``low``..``high`` Hz, its peaks rounded off at
    twice its RMS (tanh: still noise to the ear, at about 2.7 times its RMS instead of
    4 or more) and what that spreads above the band taken away again."""
    if n == 0:
        return np.zeros(0)
    band = _unit(_band(np.random.default_rng(seed).standard_normal(n), low, high))
    return _unit(_band(np.tanh(0.5 * band), 20.0, 1.6 * high))


def _soft_clip(x: np.ndarray, drive: float) -> np.ndarray:
    """``x`` with its loudest moments rounded off (tanh; ``drive`` 0 leaves it as it was):
    the peak stays, quieter parts come up, so the sound carries more for its peak."""
    top = float(np.max(np.abs(x)))
    if top == 0 or drive <= 0:
        return x
    return np.tanh(drive * x / top) * (top / math.tanh(drive))


def _detune(variant: int, spread: float) -> float:
    """A pitch factor for ``variant``: evenly spread over 1 +- ``spread``."""
    if VARIANTS <= 1:
        return 1.0
    return 1.0 + spread * (2 * variant / (VARIANTS - 1) - 1)


# ---------------------------------------------------------------- the kinds


def _strike(t: np.ndarray, f0: float, decay: float, rise: float = 0.001) -> np.ndarray:
    """A struck wooden bar: three inharmonic modes, the higher ones dying sooner, each
    rising over ``rise`` seconds (no jump at the strike)."""
    out = np.zeros_like(t)
    for ratio, amplitude, share in ((1.0, 1.0, 1.0), (2.71, 0.35, 0.33), (5.1, 0.12, 0.13)):
        d = decay * share
        out += (amplitude * (1 - np.exp(-t / rise)) * np.exp(-t / d)
                * np.sin(2 * np.pi * f0 * ratio * t))
    return out


def _click(variant: int) -> np.ndarray:
    """A wooden tock, its first cycles rounded off a little (a soft mallet)."""
    n = int(0.24 * RATE)
    f0 = 760.0 * _detune(variant, 0.03)
    return _soft_clip(_strike(_times(n), f0, 0.065), 1.2) * fades(n, 0.0, 0.04)


def _slide(length: int, variant: int) -> np.ndarray:
    """A slide of ``length`` samples of motion: a soft rub that follows the eased
    motion's speed and stops just before the piece arrives, then a short wooden knock
    as it does, gone within ``KNOCK_TAIL`` after the motion ends, so that the pause
    after a move is silent and every move is heard apart."""
    lead = min(int(KNOCK_LEAD * RATE), length // 2)     # the knock, this early
    arrival = length - lead
    n = length + int(KNOCK_TAIL * RATE)
    u = np.minimum(_times(length) * RATE / max(1, length), 1.0)     # 0..1 through it
    # the motion is eased (slow, fast, slow): the rub follows its speed, from a floor
    # that makes the start audible at once
    swell = 0.45 + 0.55 * np.sin(np.pi * u) ** 2
    # a quick flick is mostly its knock (a burst of noise is all peak and no body)
    swell *= min(1.0, length / (RUB_FULL * RATE))
    rub = np.zeros(n)
    rub[:arrival] = _noise(arrival, SEED + 100 + variant, 180, 900) * swell[:arrival]
    rub[:arrival] *= fades(arrival, 0.006, 0.02)
    m = n - arrival
    knock = _strike(_times(m), 340.0 * _detune(variant, 0.04), KNOCK_DECAY)
    rub[arrival:] += 0.5 * _soft_clip(knock, 2.0) * fades(m, 0.0, 0.02)
    return _soft_clip(rub, SLIDE_DRIVE)


def _pop(variant: int) -> np.ndarray:
    """A round bloop: a sine gliding up an octave in a few ms, dying in about 60 ms."""
    n = int(0.28 * RATE)
    t = _times(n)
    f0 = 430.0 * _detune(variant, 0.05)
    freq = f0 * (2.0 - np.exp(-t / 0.008))
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    env = (1 - np.exp(-t / 0.0015)) * np.exp(-t / 0.06)
    tone = env * (np.sin(phase) + 0.15 * np.sin(2 * phase))
    return _soft_clip(tone, 0.8) * fades(n, 0.0, 0.04)


def _bell(t: np.ndarray, freq: float) -> np.ndarray:
    """A soft bell tone: its fundamental rings longest, two overtones die sooner."""
    return _modes(t, ((freq, 1.0, 0.55), (freq * 2.0, 0.22, 0.25), (freq * 3.0, 0.06, 0.12)))


def _chime() -> np.ndarray:
    """A rising arpeggio, C5 E5 G5 C6, of soft bell tones."""
    n = int(1.8 * RATE)
    out = np.zeros(n)
    for k, (freq, amplitude) in enumerate(((523.25, 1.0), (659.26, 0.85), (783.99, 0.8),
                                           (1046.50, 0.75))):
        start = int(k * 0.11 * RATE)
        m = n - start
        out[start:] += amplitude * _bell(_times(m), freq) * fades(m, 0.003, 0.0)
    return out * fades(n, 0.0, 0.3)


def _open() -> np.ndarray:
    """Two soft bell tones a fifth apart, G4 and D5, swelling in and dying away."""
    n = int(1.2 * RATE)
    t = _times(n)
    tone = _bell(t, 392.0) + 0.7 * _bell(t, 587.33)
    return tone * (1 - np.exp(-t / 0.03)) * fades(n, 0.0, 0.4)


def _low() -> np.ndarray:
    """A low soft tone sinking from G3 to F3."""
    n = int(1.4 * RATE)
    t = _times(n)
    freq = 174.61 + (196.0 - 174.61) * np.exp(-t / 0.35)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    tone = np.sin(phase) + 0.3 * np.sin(2 * phase) + 0.08 * np.sin(3 * phase)
    return tone * np.exp(-t / 0.9) * fades(n, 0.012, 0.45)


# each kind's loudness when it plays alone, before the track is levelled (LUFS): all
# alike, so that any mix of them levels without its peak in the way
LEVELS = {"open": -20.0, "click": -20.0, "slide": -20.0, "pop": -20.0, "chime": -20.0,
          "low": -20.0}


@lru_cache(maxsize=96)
def voice(kind: str, length: int, variant: int) -> tuple[np.ndarray, np.ndarray]:
    """The samples of one sound (float32) at its kind's ``LEVELS`` loudness, and their
    K-weighted copy for the loudness measure (float32, with the filters' tail);
    read-only and cached.  ``length``: a slide's motion in samples (0 for the other
    kinds)."""
    if kind == "slide":
        wave = _slide(length, variant)
    elif kind == "click":
        wave = _click(variant)
    elif kind == "pop":
        wave = _pop(variant)
    elif kind == "chime":
        wave = _chime()
    elif kind == "open":
        wave = _open()
    else:
        wave = _low()
    weighted = k_weighted(wave)
    silence = np.zeros(BLOCK)         # whole blocks on both sides, as in a track
    alone = gated_loudness(block_powers(hop_energies(np.concatenate([silence, weighted,
                                                                       silence]))))
    gain = 10 ** ((LEVELS[kind] - alone) / 20)
    wave32, weighted32 = (wave * gain).astype(np.float32), (weighted * gain).astype(np.float32)
    wave32.flags.writeable = weighted32.flags.writeable = False
    return wave32, weighted32


__all__ = ["LEVELS", "SEED", "VARIANTS", "fades", "voice"]
