"""Easing: how a motion's progress follows time, one table for every backend.

Each easing has a name (``--easing``), a function from linear time to progress in [0, 1]
(the raster frames and the player's script evaluate the very same polynomials), and
the CSS ``cubic-bezier`` curve that follows it within 1 % of the distance moved, for
the animated SVG (CSS has no cubic polynomials).  ``span`` finds where a part of a
motion between two progress values lies in time and which curve carries it there, so
that a motion through several points, eased once over its whole length, becomes CSS
keyframes at each point.
"""

from __future__ import annotations

from collections.abc import Callable

Easing = Callable[[float], float]
Curve = tuple[float, float, float, float]


def linear(t: float) -> float:
    return t


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out: slow start, slow end, symmetric."""
    if t < 0.5:
        return 4.0 * t * t * t
    u = 2.0 * t - 2.0
    return 0.5 * u * u * u + 1.0


def ease_in(t: float) -> float:
    return t * t * t


def ease_out(t: float) -> float:
    u = 1.0 - t
    return 1.0 - u * u * u


EASINGS: dict[str, Easing] = {
    "ease-in-out": ease_in_out,
    "linear": linear,
    "ease-out": ease_out,
    "ease-in": ease_in,
}

# cubic-bezier control points that follow the functions above within 1 % of the
# distance moved (tests/render/test_svg.py checks it)
CURVES: dict[str, Curve] = {
    "ease-in-out": (0.65, 0.0, 0.35, 1.0),
    "ease-in": (0.32, 0.0, 0.67, 0.0),
    "ease-out": (0.33, 1.0, 0.68, 1.0),
    "linear": (0.0, 0.0, 1.0, 1.0),
}


def progress(easing: str, t: float) -> float:
    """The progress of a motion eased by ``easing`` at linear time ``t`` (clamped)."""
    return EASINGS[easing](min(max(t, 0.0), 1.0))


def inverse(easing: str, p: float) -> float:
    """The linear time at which ``easing`` reaches progress ``p`` (bisection: every
    easing is monotonic)."""
    ease = EASINGS[easing]
    if p <= 0.0:
        return 0.0
    if p >= 1.0:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(48):
        mid = (lo + hi) / 2
        if ease(mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


# ---------------------------------------------------------------- CSS curves


def bezier(u: float, a: float, b: float) -> float:
    """One coordinate of the timing curve from (0, 0) to (1, 1) with controls a, b."""
    v = 1.0 - u
    return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u


def bezier_param(curve: Curve, q: float) -> float:
    """The curve's parameter where its progress (y) reaches ``q``."""
    lo, hi = 0.0, 1.0
    for _ in range(50):
        mid = (lo + hi) / 2
        if bezier(mid, curve[1], curve[3]) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def split(curve: Curve, u0: float, u1: float) -> Curve:
    """The part of ``curve`` between parameters ``u0`` and ``u1`` as a timing curve of
    its own (scaled to the unit square), by the curve's derivatives at both ends."""
    x1, y1, x2, y2 = curve

    def d(u: float, a: float, b: float) -> float:
        v = 1.0 - u
        return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)

    h = u1 - u0
    xa, xb = bezier(u0, x1, x2), bezier(u1, x1, x2)
    ya, yb = bezier(u0, y1, y2), bezier(u1, y1, y2)
    w, ht = max(xb - xa, 1e-12), (yb - ya) or 1e-12
    c1x = xa + h / 3 * d(u0, x1, x2)
    c1y = ya + h / 3 * d(u0, y1, y2)
    c2x = xb - h / 3 * d(u1, x1, x2)
    c2y = yb - h / 3 * d(u1, y1, y2)
    return (min(max((c1x - xa) / w, 0.0), 1.0), (c1y - ya) / ht,
            min(max((c2x - xa) / w, 0.0), 1.0), (c2y - ya) / ht)


def css(curve: Curve) -> str:
    """A timing curve as a CSS timing function."""
    if curve == CURVES["linear"]:
        return "linear"
    return "cubic-bezier({})".format(",".join(_short(v) for v in curve))


def _short(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    text = "0" if text in ("", "-0") else text
    return text[1:] if text.startswith("0.") else "-" + text[2:] if text.startswith("-0.") \
        else text


def span(easing: str, p0: float, p1: float) -> tuple[float, float, str]:
    """Where the eased progress runs from ``p0`` to ``p1``: the linear times (0..1) of
    both ends along the easing's CSS curve, and the CSS timing function between them."""
    curve = CURVES[easing]
    if curve == CURVES["linear"]:
        return p0, p1, "linear"
    u0, u1 = bezier_param(curve, p0), bezier_param(curve, p1)
    return (bezier(u0, curve[0], curve[2]), bezier(u1, curve[0], curve[2]),
            css(split(curve, u0, u1)))


__all__ = ["CURVES", "EASINGS", "Curve", "Easing", "bezier", "bezier_param", "css", "ease_in",
           "ease_in_out", "ease_out", "inverse", "linear", "progress", "span", "split"]
