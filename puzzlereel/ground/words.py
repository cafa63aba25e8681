"""How puzzlereel words numbers for people, the same on every screen: plurals of the
puzzle's count noun ("1 move", "92 solutions", "4 guesses"), durations ("0.21 s", "12 ms",
never "0.00 s"), counts ("41,000", "2.1 M"), file sizes ("61.2 kB", "1.04 MB"), and
which of a trace's timings is the search's own.  However large a figure a trace claims,
its words stay short ("1.00e+300 positions", "1.0e+308 s"); a short list ("a, b or c").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def plural(word: str, count: int) -> str:
    """``word`` for ``count`` things: "move" / "moves", "guess" / "guesses", "entry" /
    "entries"."""
    if count == 1:
        return word
    if len(word) > 1 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def article(n: int) -> str:
    """"a" or "an" before the number ``n`` said aloud: "an 8×8 board", "an 11", "a 12"."""
    text = str(abs(n))
    spoken_vowel = text.startswith("8") or text in ("11", "18") or (
        text.startswith(("11", "18")) and len(text) % 3 == 2)
    return "an" if spoken_vowel else "a"


def one_of(items: list[str], last: str = "or") -> str:
    """The items as a list in words: "a, b or c", "a or b", "a"."""
    return f" {last} ".join(part for part in (", ".join(items[:-1]), items[-1]) if part)


LARGE = 10**15     # a count from here on is shown by its first figures and its power of ten
LONG = 1e6         # seconds: a duration from here on is shown in scientific notation


def duration(seconds: float) -> str:
    """A duration as people write it: "12 s", "0.21 s", "12 ms", "4.5 ms", "under
    0.1 ms" (a negative one counts as zero), and one beyond ``LONG``, which a trace
    may claim but no search takes, short: "1.0e+308 s"."""
    if not seconds < LONG:        # NaN too
        return f"{seconds:.1e} s"
    if seconds >= 10:
        return f"{seconds:.0f} s"
    if seconds >= 0.1:
        return f"{seconds:.2f} s"
    ms = seconds * 1000
    if ms >= 9.95:
        return f"{ms:.0f} ms"
    return f"{ms:.1f} ms" if ms >= 0.05 else "under 0.1 ms"


def whole(n: int) -> str:
    """A count in full, "23,822"; from ``LARGE`` on (a figure a trace may claim but no
    search reaches) by its first three figures: "1.00e+300", however many digits."""
    if abs(n) < LARGE:
        return f"{n:,}"
    size = abs(n)
    digits = int((size.bit_length() - 1) * 0.30102999566398120) + 1   # then made exact
    digits += size >= 10**digits
    digits -= size < 10 ** (digits - 1)
    first = size // 10 ** (digits - 3)
    return f"{'-' if n < 0 else ''}{first // 100}.{first % 100:02d}e+{digits - 1}"


def count_text(n: int) -> str:
    """A count as people read it at a glance: "41,000", "2.1 M", "16 M", "2.1 G"; from
    ``LARGE`` on as ``whole`` shows it."""
    if abs(n) >= LARGE:
        return whole(n)
    for size, symbol in ((1e9, "G"), (1e6, "M")):
        if n >= size:
            value = n / size
            return f"{value:.0f} {symbol}" if value >= 10 else f"{value:.1f} {symbol}"
    return f"{n:,}"


def size_text(n_bytes: int) -> str:
    """A file's size, in powers of 1000 with three figures: "820 B", "61.2 kB", "220 kB",
    "1.04 MB", "2.31 GB"; from 1,000 TB on, "1.00e+18 B"."""
    if n_bytes < 1000:
        return f"{n_bytes} B"
    if n_bytes >= LARGE * 1000:
        return f"{whole(n_bytes)} B"
    value = float(n_bytes)
    for symbol in ("kB", "MB", "GB", "TB"):
        value /= 1000
        if value < 999.5 or symbol == "TB":
            break
    if value >= 99.95:
        return f"{value:.0f} {symbol}"
    return f"{value:.1f} {symbol}" if value >= 9.995 else f"{value:.2f} {symbol}"


def stat_text(value: Any) -> str:
    """A statistic of a trace's ``end`` as ``show`` prints it: a count as ``whole``
    writes one past ``LARGE`` ("1.00e+300"), a number of seconds as Python does
    ("0.011", "1e+308"), anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LARGE:
        return whole(value)
    return str(value)


def search_seconds(stats: Mapping[str, Any]) -> float | None:
    """How long a trace's search took: its ``search_seconds`` (the search alone) where
    it has them, else ``seconds`` (a trace from another program); None when neither is
    a number of seconds."""
    for key in ("search_seconds", "seconds"):
        value = stats.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return float(value)
    return None
