"""The gallery: one static web page showing every solved puzzle of an output folder.

``build(OUT_DIR)`` writes ``OUT_DIR/index.html`` (``puzzlereel gallery OUT_DIR``, and
``run --gallery``): a card per trace in the folder with the puzzle's title, what it
asks (the config's opening sentence when the manifest or a bundled example knows it,
else a line about its family), the answer and its metric, the search's statistics
(positions explored, seconds), the MP4 in a muted looping ``<video>`` with a poster
frame, and links to the GIF, the PNG contact sheet and the trace.

The page is self-contained: inline CSS, no script, no font or file from the network,
every link relative, so it works opened from disk (``file://``) and from any static
host.  The page is a Jinja2 template (``page-templates/gallery.html``) with
autoescaping, so every string that came from a config or a trace is escaped for where
it lands.  An ``index.html`` that is not such a page is the user's, replaced only with
``force``, and checked again as the page is put in place.  A poster
(``<name>.poster.png``) that is missing, or one of puzzlereel's drawn from another trace
or other options, is drawn here (``posters.refresh``; a picture of the user's by that
name is shown, or replaced with ``force``).  A card links the files drawn from its
trace as it is now, never a render the manifest records as drawn from an older one.
"""

from __future__ import annotations

import contextlib
import datetime
import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from puzzlereel import __version__
from puzzlereel.actions.check import found_count
from puzzlereel.catalog import examples as catalog
from puzzlereel.gallery.posters import refresh
from puzzlereel.ground import console
from puzzlereel.ground import manifest as records
from puzzlereel.ground.errors import PuzzlereelError
from puzzlereel.ground.fileio import atomic_text, check_outputs, guarded
from puzzlereel.ground.manifest import FILE_KINDS, POSTER, TRACE, Entry, Manifest, file_name
from puzzlereel.ground.owners import Claims
from puzzlereel.ground.pages import page
from puzzlereel.ground.placing import placing
from puzzlereel.ground.progress import Progress, Reporter, no_progress
from puzzlereel.ground.words import count_text, duration, search_seconds, size_text, whole
from puzzlereel.registry import FAMILIES
from puzzlereel.trace import End, Header, Note, Search, read_ends, read_trace

PAGE = "index.html"
GOAL_WIDTH = 160                   # characters of a config's opening sentence shown
DEFAULT_TITLE = "Puzzle gallery"

VIDEOS = (("mp4", "video/mp4"), ("webm", "video/webm"))
# the files of a trace a card shows, by kind: <name>.<kind> (the poster <name>.poster.png)
CARD_KINDS = (TRACE, "mp4", "webm", "gif", "png", "svg", "html", POSTER)


class GalleryError(PuzzlereelError):
    """A gallery that cannot be made: the folder is missing or holds no trace."""


@dataclass(frozen=True)
class Card:
    """One puzzle on the page: everything shown, already taken from the files."""

    name: str
    title: str
    family: str
    goal: str
    status: str                        # solved / unsolvable / limit
    answer: str                        # "81 moves", "92 solutions"; "" when none
    metric: str                        # "piece metric", "pdb heuristic", or ""
    explored: tuple[str, int] | None   # (label, count) of what the search went through
    seconds: float | None              # the search's own seconds
    reason: str                        # why there is no solution / where it stopped
    files: Mapping[str, str]           # kind -> file name, of the files that exist
    sizes: Mapping[str, int]           # file name -> bytes
    frame: tuple[int, int] | None      # the poster's (width, height)
    chart: str = ""                    # how it was found: a small SVG chart, or ""


@dataclass(frozen=True)
class Gallery:
    """What ``build`` wrote."""

    path: Path
    cards: tuple[Card, ...]
    posters: tuple[str, ...]           # posters drawn now


# ---------------------------------------------------------------- reading a folder


def _png_size(path: Path) -> tuple[int, int] | None:
    with contextlib.suppress(OSError), open(path, "rb") as handle:
        head = handle.read(24)
        if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
            width, height = struct.unpack(">II", head[16:24])
            return int(width), int(height)
    return None


def _shorter(text: str, width: int = GOAL_WIDTH) -> str:
    """``text`` cut at a word to at most ``width`` characters (with "…")."""
    if len(text) <= width:
        return text
    return text[:width - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _goal(name: str, family: str, entry: Entry | None) -> str:
    if entry is not None and entry.description:
        return _shorter(entry.description)
    bundled = catalog.path_of(name)
    if bundled is not None:
        with contextlib.suppress(OSError, UnicodeDecodeError):
            text = catalog.description(bundled.read_text(encoding="utf-8"), GOAL_WIDTH)
            if text:
                return text
    return FAMILIES[family].goal


def _explored(stats: Mapping[str, Any], family: str) -> tuple[str, int] | None:
    """The first of the family's counts of its search (``Searched.counts``) that the
    end's statistics hold: (its label, the number)."""
    for key, label in FAMILIES[family].searched.counts:
        value = stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return label, value
    return None


def card_for(folder: Path, trace: Path, entry: Entry | None) -> Card:
    """The card of one trace in ``folder`` (``TraceError`` for a file that is no trace)."""
    header, end = read_ends(trace)
    name = trace.stem
    family = FAMILIES[header.puzzle]
    count = found_count(family, end)
    answer = f"{count:,} {catalog.plural(family.unit, count)}" if count is not None else ""
    if header.solver.get("metric"):
        metric = f"{header.solver['metric']} metric"
    elif header.solver.get("heuristic"):
        metric = f"{header.solver['heuristic']} heuristic"
    else:
        metric = ""
    files: dict[str, str] = {}
    sizes: dict[str, int] = {}
    trace_sha = records.sha256_file(trace) if entry is not None else None
    for kind_name in CARD_KINDS:
        path = folder / file_name(name, kind_name)
        with contextlib.suppress(OSError):
            if path.is_file() and _drawn_from(entry, kind_name, path.name, trace_sha):
                files[kind_name] = path.name
                sizes[path.name] = path.stat().st_size
    reason = ""
    if end.status == "unsolvable":
        reason = str(end.stats.get("reason", "the search space is exhausted"))
    elif end.status == "limit":
        reason = str(end.stats.get("limit", "a limit stopped the search"))
    title = header.title or (entry.title if entry is not None else "") or name
    return Card(name=name, title=title, family=header.puzzle,
                goal=_goal(name, header.puzzle, entry), status=end.status, answer=answer,
                metric=str(metric), explored=_explored(end.stats, header.puzzle),
                seconds=search_seconds(end.stats), reason=reason, files=files, sizes=sizes,
                frame=_png_size(folder / file_name(name, POSTER)),
                chart=_chart(trace, end))


def _drawn_from(entry: Entry | None, kind: str, file: str, trace_sha: str | None) -> bool:
    """Whether the file ``file`` (of ``kind``) may be shown with the trace whose SHA-256
    is ``trace_sha``: the manifest records it as drawn from it, or does not know it as the config's
    (a file of the user's); not one drawn from an older trace, or left by a run that
    stopped before recording what it was drawn from."""
    if entry is None or kind in (TRACE, POSTER):
        return True
    recorded = next((out for out in entry.outputs.values() if out.file == file), None)
    if recorded is None:
        return file not in entry.writing
    return recorded.made_from.get("trace") == trace_sha


def _chart(trace: Path, end: End) -> str:
    """The trace's search as a small chart (its search events come first, after the
    header); "" when it tells of none."""
    from puzzlereel.render.charts import search_svg
    from puzzlereel.render.direction.search import PLAIN
    from puzzlereel.render.direction.wording import searched_of

    events: list[Search] = []
    searched = PLAIN
    with open(trace, "rb") as f:
        for _line, event in read_trace(f, str(trace)):
            if isinstance(event, Header):
                searched = searched_of(event)
            elif isinstance(event, Search):
                events.append(event)
            elif not isinstance(event, Note):
                break
    return search_svg(events, end, searched=searched)


def traces(folder: Path) -> list[Path]:
    """The traces of an output folder (``*.jsonl``, not hidden), by name."""
    return sorted(p for p in folder.glob("*.jsonl") if p.is_file()
                  and not p.name.startswith("."))


# ---------------------------------------------------------------- posters


# ---------------------------------------------------------------- the page
#
# The page is the template page-templates/gallery.html (with gallery.css and icon.svg),
# rendered with autoescaping: what is computed here is plain text and numbers, and the
# template escapes each for where it lands.

BADGES = {"solved": "Solved", "unsolvable": "No solution", "limit": "Stopped at a limit"}
LINKS = (("html", "Player"), ("svg", "SVG"), ("gif", "GIF"), ("png", "PNG sheet"),
         (TRACE, "Trace"), ("mp4", "MP4"), ("webm", "WebM"))


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
    for kind, mime in VIDEOS:
        video = card.files.get(kind)
        if video is not None:
            return {"kind": "video", "src": video, "mime": mime, "poster": poster,
                    "width": width, "height": height}
    picture = poster or card.files.get("svg") or card.files.get("gif")
    if picture is not None:
        return {"kind": "picture", "src": picture, "width": width, "height": height}
    return {"kind": "blank"}


def card_view(card: Card) -> dict[str, Any]:
    """Everything one card shows, as the template's plain values."""
    stats: list[dict[str, str]] = []
    if card.answer:
        count, unit = card.answer.split(" ", 1)
        stats.append(_stat(unit.capitalize(), count, card.metric))
    elif card.status != "solved":
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
        if name is None or (kind in ("mp4", "webm") and _first_video(card) == kind):
            continue
        links.append({"href": name, "label": label,       # pictures open, the trace saves
                      "size": size_text(card.sizes.get(name, 0)), "download": kind == TRACE})
    return {"id": "p-" + card.name, "status": card.status, "title": card.title,
            "family": FAMILIES[card.family].display_name,
            "badge": BADGES.get(card.status, card.status), "goal": spans(card.goal),
            "reason": card.reason, "stats": stats, "links": links, "media": _media(card),
            "chart": Markup(card.chart)}


def card_html(card: Card) -> str:
    """One card as HTML (every string escaped)."""
    return page("gallery-card.html", card=card_view(card))


def _first_video(card: Card) -> str | None:
    return next((kind for kind, _ in VIDEOS if kind in card.files), None)


def icon_url() -> str:
    """The mark (three blocks and the space they slide into) as a ``data:`` URL."""
    return "data:image/svg+xml," + quote(page("icon.svg").strip(), safe=" ='/:")


def page_html(cards: Sequence[Card], title: str = DEFAULT_TITLE,
              made: datetime.date | None = None) -> str:
    """The whole page."""
    made = made or datetime.date.today()
    families: dict[str, int] = {}
    first: dict[str, str] = {}
    for card in cards:
        families[card.family] = families.get(card.family, 0) + 1
        first.setdefault(card.family, card.name)
    chips = [{"href": "#p-" + first[family], "name": FAMILIES[family].display_name,
              "count": count} for family, count in families.items()]
    solved = sum(1 for card in cards if card.status == "solved")
    n = len(cards)
    lede = (f"{n} {catalog.plural('puzzle', n)}, {solved} solved optimally by search and "
            "drawn move by move. Each video starts muted and loops; the GIF, the contact "
            "sheet and the trace behind it are one click away.")
    return page("gallery.html", title=title, lede=lede, chips=chips,
                cards=[card_view(card) for card in cards], version=__version__,
                made=made.isoformat(), icon_url=icon_url())


def _order(card: Card) -> tuple[int, str]:
    families = list(FAMILIES)
    return (families.index(card.family) if card.family in families else len(families),
            card.name)


MARK = b'<meta name="generator" content="puzzlereel '    # in the head of every page
MARK_WITHIN = 4096                 # bytes: where a page of ours has it


def made_here(page: Path) -> bool:
    """Whether ``page`` is none, or not a regular file (for ``atomic_path`` to deal
    with), or a gallery page puzzlereel wrote: one it may replace."""
    try:
        if not page.is_file():
            return True
        with open(page, "rb") as handle:
            return MARK in handle.read(MARK_WITHIN)
    except OSError:
        return True                # unreadable: writing it says why, naming it


def check_page(folder: str | Path, force: bool = False) -> None:
    """``GalleryError`` unless ``folder/index.html`` may be written: there is none, it is
    a page puzzlereel made, or ``force``."""
    path = Path(folder) / PAGE
    if not force and not made_here(path):
        raise GalleryError("not a gallery page puzzlereel made; nothing was written over "
                           "it: move it away, or --force replaces it", source=str(path))


def build(folder: str | Path, *, title: str = DEFAULT_TITLE, progress: Progress = no_progress,
          posters: bool = True, force: bool = False) -> Gallery:
    """Write ``folder/index.html`` for every trace in ``folder``, drawing the posters that
    are missing or older than their trace first (``posters``).  An ``index.html`` or a
    poster that puzzlereel did not make is replaced only with ``force``."""
    if str(folder) == "":          # Path("") would be the current folder
        raise GalleryError("an empty name names no folder (write . for the current folder)")
    out = Path(folder)
    if not out.is_dir():
        raise GalleryError("is not a folder" if out.exists() else "no such folder",
                           source=str(out))
    found = traces(out)
    if not found:
        raise GalleryError("no traces (*.jsonl) here: run puzzlereel run CONFIG... "
                           f"--out-dir {out} first", source=str(out))
    claims = Claims(page=PAGE)          # every file a card links is its trace's alone
    for trace in found:
        claims.take(trace.stem, str(trace), FILE_KINDS)
    check_page(out, force)
    entries = Manifest.load(out).entries
    drawn: list[str] = []
    cards: list[Card] = []
    with guarded(inputs=found):
        for i, trace in enumerate(found):
            entry = entries.get(trace.stem)
            poster = out / file_name(trace.stem, POSTER)
            if posters:
                progress(f"poster {trace.stem}", i, len(found))
                if refresh(trace, poster, entry, force):
                    drawn.append(poster.name)
            cards.append(card_for(out, trace, entry))
    cards.sort(key=_order)
    path = out / PAGE
    check_outputs([path], found)
    with placing({path: lambda target, finished: check_page(out, force)}), \
            atomic_text(path) as handle:
        handle.write(page_html(cards, title))
    return Gallery(path, tuple(cards), tuple(drawn))


def write_page(folder: str | Path, title: str | None = None, *, show_path: bool = True,
               force: bool = False) -> Path:
    """``build`` with a progress bar on stderr; print the page's path (``show_path``)."""
    with Reporter("gallery") as bar:
        page = build(folder, title=title or DEFAULT_TITLE, progress=bar, force=force)
    if show_path:
        console.echo(str(page.path))
    return page.path


__all__ = ["DEFAULT_TITLE", "PAGE", "Card", "Gallery", "GalleryError", "build",
           "card_for", "card_html", "card_view", "check_page", "made_here", "page_html",
           "spans", "traces", "write_page"]
