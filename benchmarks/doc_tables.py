"""Benchmark tables kept in the docs: each benchmark's Markdown output is written into its
doc between two markers, so the figures there are always one real run, never hand-edited.

``python benchmarks/<name>.py --record`` calls ``record(doc, name, lines)``; the doc holds
``<!-- NAME: begin (written by --record; do not edit) -->`` and ``<!-- NAME: end -->``.
``tables`` and ``ratio_agrees`` let the tests check a recorded block: every ratio must be
its two times divided, as far as their printed digits tell.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from pathlib import Path


def markers(name: str) -> tuple[str, str]:
    """The two marker lines around benchmark ``name``'s tables in a doc."""
    return (f"<!-- {name}: begin (written by --record; do not edit) -->",
            f"<!-- {name}: end -->")


def block(text: str, name: str) -> str:
    """The recorded lines of benchmark ``name`` in a doc's ``text`` ("" when empty);
    ``ValueError`` when the markers are missing."""
    begin, end = markers(name)
    if begin not in text or end not in text:
        raise ValueError(f"the markers of {name} ({begin!r} ... {end!r}) are missing")
    return text.split(begin, 1)[1].split(end, 1)[0].strip("\n")


def record(doc: Path, name: str, lines: list[str]) -> None:
    """Replace what is between benchmark ``name``'s markers in ``doc`` with ``lines``."""
    text = doc.read_text(encoding="utf-8")
    block(text, name)                          # the markers must be there
    begin, end = markers(name)
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    doc.write_text(head + begin + "\n" + "\n".join(lines) + "\n" + end + tail,
                   encoding="utf-8")


def tables(text: str) -> list[list[list[str]]]:
    """The Markdown tables in ``text``: each a list of rows (the header first, the ``---``
    line left out), each row a list of its cells' text."""
    found: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if not line.startswith("|"):
            current = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(c and set(c) <= set("-:") for c in cells):
            continue
        if current is None:
            current = []
            found.append(current)
        current.append(cells)
    return found


def _bounds(text: str) -> tuple[Decimal, Decimal]:
    """The interval a printed number stands for (half a unit of its last digit)."""
    value = Decimal(text.replace(",", ""))
    exponent = value.as_tuple().exponent
    half = Decimal(5).scaleb(exponent - 1) if isinstance(exponent, int) else Decimal(0)
    return value - half, value + half


def ratio_agrees(numerator: str, denominator: str, ratio: str) -> bool:
    """Whether the printed ``ratio`` can be ``numerator / denominator`` (each printed
    rounded to its last digit); ``-`` agrees only with a missing or zero denominator."""
    if ratio == "-":
        return "-" in (numerator, denominator) or Decimal(denominator) == 0
    try:
        n_lo, n_hi = _bounds(numerator)
        d_lo, d_hi = _bounds(denominator)
        r_lo, r_hi = _bounds(ratio)
    except InvalidOperation:
        return False
    if d_hi <= 0:
        return False
    lo = n_lo / d_hi
    hi = n_hi / d_lo if d_lo > 0 else Decimal("Infinity")
    return r_hi >= lo and r_lo <= hi


__all__ = ["block", "markers", "ratio_agrees", "record", "tables"]
