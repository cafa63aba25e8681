"""How puzzlereel words numbers for people, the same on every screen: plurals of the
puzzle's unit ("1 move", "92 solutions", "4 guesses"), durations ("0.21 s", "12 ms",
never "0.00 s"), counts ("41,000", "2.1 M"), file sizes ("61.2 kB", "1.04 MB"), and
which of a trace's timings is the search's own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def plural(word: str, count: int) -> str:
    """``word`` for ``count`` things: "move" / "moves", "guess" / "guesses"."""
    if count == 1:
        return word
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def duration(seconds: float) -> str:
    """A duration as people write it: "12 s", "0.21 s", "12 ms", "4.5 ms", "under
    0.1 ms" (a negative one counts as zero)."""
    if seconds >= 10:
        return f"{seconds:.0f} s"
    if seconds >= 0.1:
        return f"{seconds:.2f} s"
    ms = seconds * 1000
    if ms >= 9.95:
        return f"{ms:.0f} ms"
    return f"{ms:.1f} ms" if ms >= 0.05 else "under 0.1 ms"


def count_text(n: int) -> str:
    """A count as people read it at a glance: "41,000", "2.1 M", "16 M", "2.1 G"."""
    for size, unit in ((1e9, "G"), (1e6, "M")):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value >= 10 else f"{value:.1f} {unit}"
    return f"{n:,}"


def size_text(n_bytes: int) -> str:
    """A file's size, in powers of 1000 with three figures: "820 B", "61.2 kB", "220 kB",
    "1.04 MB", "2.31 GB"."""
    if n_bytes < 1000:
        return f"{n_bytes} B"
    value = float(n_bytes)
    for unit in ("kB", "MB", "GB", "TB"):
        value /= 1000
        if value < 999.5 or unit == "TB":
            break
    if value >= 99.95:
        return f"{value:.0f} {unit}"
    return f"{value:.1f} {unit}" if value >= 9.995 else f"{value:.2f} {unit}"


def search_seconds(stats: Mapping[str, Any]) -> float | None:
    """How long a trace's search took: its ``search_seconds`` (the search alone) where
    it has them, else ``seconds`` (a trace from another program); None when neither is
    a number of seconds."""
    for key in ("search_seconds", "seconds"):
        value = stats.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return float(value)
    return None
