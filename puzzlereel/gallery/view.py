"""What a gallery page shows: each card (``Card``, the values taken from a trace and its
files) as the template's plain values, and the whole page.

The page is the template ``page-templates/gallery.html`` (with ``gallery.css`` and
``icon.svg``), rendered with autoescaping: what is computed here is plain text and
numbers, and the template escapes each for where it lands.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from puzzlereel import __version__
from puzzlereel.gallery.lede import solved_text
from puzzlereel.ground.formats import FORMAT_ROWS, TRACE_PLACE
from puzzlereel.ground.manifest import POSTER, TRACE
from puzzlereel.ground.pages import page
from puzzlereel.ground.words import count_text, duration, size_text, whole
from puzzlereel.registry import FAMILIES

DEFAULT_TITLE = "Puzzle gallery"
# the formats a card shows (``formats.Format.card``), in their links' order
_SHOWN = sorted(((f.card, f) for f in FORMAT_ROWS if f.card is not None),
                key=lambda shown: shown[0].place)
VIDEO_TYPES = tuple((f.suffix, f.mime) for _, f in _SHOWN if f.video)   # the first is played
PICTURES = tuple(f.suffix for card, f in _SHOWN if card.picture)


@dataclass(frozen=True)
class Card:
    """One puzzle on the page: everything shown, already taken from the files."""

    name: str
    title: str
    family: str
    goal: str
    status: str                        # solved / unsolvable / limit / skipped
    answer: str                        # "81 moves", "92 solutions"; "" when none
    metric: str                        # "piece metric", "pdb heuristic", or ""
    explored: tuple[str, int] | None   # (label, count) of what the search went through
    seconds: float | None              # the search's own seconds
    reason: str                        # why there is no solution / where it stopped
    files: Mapping[str, str]           # kind -> file name, of the files that exist
    sizes: Mapping[str, int]           # file name -> bytes
    frame: tuple[int, int] | None      # the poster's (width, height)
    chart: str = ""                    # how it was found: a small SVG chart, or ""
    optimal: bool = False              # solved by puzzlereel's own search (optimal)


BADGES = {"solved": "Solved", "unsolvable": "No solution", "limit": "Stopped at a limit",
          "skipped": "Skipped"}
# (kind, label) of each link a card may have, in order
LINKS = tuple((kind, label) for _, kind, label in sorted(
    [(TRACE_PLACE, TRACE, "Trace"), *((card.place, f.suffix, card.link) for card, f in _SHOWN)]))


def spans(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into (words, is_code) pieces: `code` spans are set as code."""
    parts = re.split(r"`([^`]+)`", text)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def _stat(label: str, value: str, note: str = "", exact: str = "") -> dict[str, str]:
    return {"label": label, "value": value, "note": note, "exact": exact}


def _media(card: Card) -> dict[str, Any]:
    """What the card shows: its video (with the poster), else a picture, else nothing."""
    poster = card.files.get(POSTER)
    width, height = card.frame or (640, 480)
    for kind, mime in VIDEO_TYPES:
        video = card.files.get(kind)
        if video is not None:
            return {"kind": "video", "src": video, "mime": mime, "poster": poster,
                    "width": width, "height": height}
    picture = poster or next((card.files[k] for k in PICTURES if k in card.files), None)
    if picture is not None:
        return {"kind": "picture", "src": picture, "width": width, "height": height}
    return {"kind": "blank"}


def card_view(card: Card) -> dict[str, Any]:
    """Everything one card shows, as the template's plain values."""
    stats: list[dict[str, str]] = []
    if card.answer:
        count, noun = card.answer.split(" ", 1)
        stats.append(_stat(noun.capitalize(), count, card.metric))
    elif card.status in ("unsolvable", "limit"):
        stats.append(_stat("Solution", "none", "proved impossible"
                           if card.status == "unsolvable" else "not found"))
    if card.explored is not None:
        label, count_ = card.explored
        stats.append(_stat(label, count_text(count_), exact=whole(count_)))
    if card.seconds is not None:
        stats.append(_stat("Search", duration(card.seconds)))
    links = []
    for kind, label in LINKS:
        name = card.files.get(kind)
        if name is None or _first_video(card) == kind:      # shown, not linked
            continue
        links.append({"href": name, "label": label,       # pictures open, the trace saves
                      "size": size_text(card.sizes.get(name, 0)), "download": kind == TRACE})
    return {"id": "p-" + card.name, "status": card.status, "title": card.title,
            "family": FAMILIES[card.family].display_name if card.family else "Trace",
            "badge": BADGES.get(card.status, card.status), "goal": spans(card.goal),
            "reason": card.reason, "stats": stats, "links": links, "media": _media(card),
            "chart": Markup(card.chart)}


def card_html(card: Card) -> str:
    """One card as HTML (every string escaped)."""
    return page("gallery-card.html", card=card_view(card))


def _first_video(card: Card) -> str | None:
    return next((kind for kind, _ in VIDEO_TYPES if kind in card.files), None)


def icon_url() -> str:
    """The mark (three blocks and the space they slide into) as a ``data:`` URL."""
    return "data:image/svg+xml," + quote(page("icon.svg").strip(), safe=" ='/:")


def page_html(cards: Sequence[Card], title: str = DEFAULT_TITLE,
              made: datetime.date | None = None) -> str:
    """The whole page."""
    made = made or datetime.date.today()
    families: dict[str, int] = {}
    first: dict[str, str] = {}
    for card in (card for card in cards if card.family):
        families[card.family] = families.get(card.family, 0) + 1
        first.setdefault(card.family, card.name)
    chips = [{"href": "#p-" + first[family], "name": FAMILIES[family].display_name,
              "count": count} for family, count in families.items()]
    ours = sum(card.optimal for card in cards)
    others = sum(card.status == "solved" and not card.optimal for card in cards)
    lede = (f"{solved_text(len(cards), ours, others)}. Each video starts muted and loops; "
            "the GIF, the contact sheet and the trace behind it are one click away.")
    return page("gallery.html", title=title, lede=lede, chips=chips,
                cards=[card_view(card) for card in cards], version=__version__,
                made=made.isoformat(), icon_url=icon_url())


def order(card: Card) -> tuple[int, str]:
    """A card's place on the page: by family, in the registry's order (a skipped
    trace's card last), then by name."""
    families = list(FAMILIES)
    return (families.index(card.family) if card.family in families else len(families),
            card.name)


__all__ = ["BADGES", "DEFAULT_TITLE", "LINKS", "PICTURES", "VIDEO_TYPES", "Card", "card_html",
           "card_view", "icon_url", "order", "page_html", "spans"]
