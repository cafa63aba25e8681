"""Loudness of a mono signal at 48 kHz as ITU-R BS.1770-4 / EBU R 128 define it.

The measure has two parts:

* **K-weighting**: two biquad filters given by the standard for 48 kHz (a high shelf of
  about +4 dB above 2 kHz, the head's effect, then a high-pass near 40 Hz).  They are
  applied in the frequency domain (``k_weighted``): the signal, padded with silence
  long enough for the filters' response to die away, times the filters' exact
  frequency response.  That is the same linear filter as running the recursion, with
  numpy only and without a loop over samples.
* **Gating** (``gated_loudness``): mean squares of 400 ms blocks every 100 ms; blocks
  below -70 LUFS are dropped, then blocks more than 10 LU below the mean of the rest;
  the loudness is -0.691 + 10 log10 of the mean of the blocks kept.  A signal with no
  block above -70 LUFS (silence, or shorter than one block) has no loudness: -inf.

The sound track is normalised with it (``render.encoders.sound``); the tests check it against
pyloudnorm, which the renderer does not load at run time (it needs SciPy).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

RATE = 48_000
BLOCK = RATE * 4 // 10          # 400 ms gating blocks ...
HOP = RATE // 10                # ... every 100 ms (75 % overlap)
ABSOLUTE_GATE = -70.0           # LUFS
RELATIVE_GATE = -10.0           # LU below the loudness of the blocks above the absolute gate
OFFSET = -0.691                 # the standard's constant: a 1 kHz sine at 0 dBFS is -3.01 LUFS

# BS.1770-4's K-weighting at 48 kHz: (b0, b1, b2), (1, a1, a2) of each stage
SHELF = ((1.53512485958697, -2.69169618940638, 1.19839281085285),
         (1.0, -1.69065929318241, 0.73248077421585))
HIGH_PASS = ((1.0, -2.0, 1.0),
             (1.0, -1.99004745483398, 0.99007225036621))
# samples after a signal's end until the filters' response to it is below 1e-9 of its
# start (the high-pass's poles have radius 0.99504: 0.99504 ** 4200 < 1e-9)
TAIL = 4200


def _fast_length(n: int) -> int:
    """The smallest 2^a * 3^b >= ``n`` (numpy's FFT is quick on such lengths)."""
    best = 1 << max(0, (n - 1).bit_length())
    three = 1
    while three < best:
        power = three
        while power < n:
            power *= 2
        best = min(best, power)
        three *= 3
    return best


@lru_cache(maxsize=32)
def _response(n: int) -> np.ndarray:
    """The K-weighting's complex frequency response at the ``n // 2 + 1`` bins of an
    ``n``-point real FFT (read-only, cached: templates come in few lengths)."""
    z = np.exp(-2j * np.pi * np.arange(n // 2 + 1) / n)     # z^-1 on the unit circle
    h = np.ones(n // 2 + 1, np.complex128)
    for b, a in (SHELF, HIGH_PASS):
        h *= (b[0] + z * (b[1] + z * b[2])) / (a[0] + z * (a[1] + z * a[2]))
    h.flags.writeable = False
    return h


def k_weighted(x: np.ndarray) -> np.ndarray:
    """``x`` (mono, 48 kHz) through the K-weighting filters, with the filters' tail:
    ``len(x) + TAIL`` samples, float64."""
    n = len(x) + TAIL
    size = _fast_length(n)
    spectrum = np.fft.rfft(np.asarray(x, np.float64), size) * _response(size)
    return np.fft.irfft(spectrum, size)[:n]


def hop_energies(weighted: np.ndarray) -> np.ndarray:
    """Sums of squares of the K-weighted signal's whole 100 ms hops (float64)."""
    hops = len(weighted) // HOP
    part = np.asarray(weighted[:hops * HOP]).reshape(hops, HOP)
    return np.einsum("ij,ij->i", part, part).astype(np.float64)


def block_powers(hops: np.ndarray) -> np.ndarray:
    """Mean squares of the 400 ms blocks, one every 100 ms, from the energies of the
    hops (``hop_energies``): only whole blocks, none for a signal shorter than one."""
    per = BLOCK // HOP
    if len(hops) < per:
        return np.zeros(0)
    return np.convolve(hops, np.ones(per), mode="valid") / BLOCK


def gated_loudness(powers: np.ndarray) -> float:
    """Integrated loudness (LUFS) from the blocks' mean squares, gated absolutely and
    relatively; -inf when no block is above the absolute gate."""
    with np.errstate(divide="ignore"):
        levels = OFFSET + 10 * np.log10(powers)
    kept = powers[levels > ABSOLUTE_GATE]
    if kept.size == 0:
        return float("-inf")
    relative = OFFSET + 10 * np.log10(kept.mean()) + RELATIVE_GATE
    kept = powers[(levels > ABSOLUTE_GATE) & (levels > relative)]
    return float(OFFSET + 10 * np.log10(kept.mean()))


def integrated_loudness(x: np.ndarray) -> float:
    """The integrated loudness (LUFS) of ``x``, mono at 48 kHz (-inf: silence)."""
    return gated_loudness(block_powers(hop_energies(k_weighted(x)[:len(x)])))


def peak_db(x: np.ndarray) -> float:
    """The sample peak of ``x`` in dBFS (-inf: silence); not the true (inter-sample) peak."""
    peak = float(np.max(np.abs(x))) if len(x) else 0.0
    return 20 * float(np.log10(peak)) if peak > 0 else float("-inf")


__all__ = ["BLOCK", "HOP", "RATE", "TAIL", "block_powers", "gated_loudness", "hop_energies",
           "integrated_loudness",
           "k_weighted", "peak_db"]
