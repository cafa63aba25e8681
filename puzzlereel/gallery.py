"""The gallery: one static web page showing every solved puzzle of an output folder.

``build(OUT_DIR)`` writes ``OUT_DIR/index.html`` (``puzzlereel gallery OUT_DIR``, and
``run --gallery``): a card per trace in the folder with the puzzle's title, what it
asks (the config's opening sentence when the manifest or a bundled example knows it,
else a line about its family), the answer and its metric, the search's statistics
(positions explored, seconds), the MP4 in a muted looping ``<video>`` with a poster
frame, and links to the GIF, the PNG contact sheet and the trace.

The page is self-contained: inline CSS, no script, no font or file from the network,
every link relative, so it works opened from disk (``file://``) and from any static
host.  Every string that came from a config or a trace is escaped.  A poster
(``<name>.poster.png``) that is missing or older than its trace is drawn here, with the
config's ``[render]`` options when the config is known (``run --gallery`` draws them on
its workers, with the run's options).
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

from puzzlereel import __version__, app, catalog, console, escape
from puzzlereel.config import load_config
from puzzlereel.errors import PuzzlereelError
from puzzlereel.fileio import atomic_text, check_outputs, guarded
from puzzlereel.manifest import ALL_KINDS, POSTER, TRACE, Claims, Entry, Manifest, file_name
from puzzlereel.posters import draw_poster
from puzzlereel.progress import Progress, Reporter, no_progress
from puzzlereel.registry import KINDS
from puzzlereel.trace import read_ends
from puzzlereel.words import count_text, duration, search_seconds, size_text

PAGE = "index.html"
GOAL_WIDTH = 160                   # characters of a config's opening sentence shown
DEFAULT_TITLE = "Puzzle gallery"

# statistics of a search's end, in the order a card looks for them: (key, label)
EXPLORED: tuple[tuple[str, str], ...] = (
    ("states", "Positions"), ("nodes", "Nodes"), ("expressions", "Expressions"),
    ("candidates", "Candidates"), ("codes", "Codes"), ("placed", "Queens placed"))
VIDEOS = (("mp4", "video/mp4"), ("webm", "video/webm"))
# the files of a trace a card shows, by kind: <name>.<kind> (the poster <name>.poster.png)
FILE_KINDS = (TRACE, "mp4", "webm", "gif", "png", "svg", "html", POSTER)


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
    return KINDS[family].goal


def _explored(stats: Mapping[str, Any]) -> tuple[str, int] | None:
    for key, label in EXPLORED:
        value = stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return label, value
    return None


def card_for(folder: Path, trace: Path, entry: Entry | None) -> Card:
    """The card of one trace in ``folder`` (``TraceError`` for a file that is no trace)."""
    header, end = read_ends(trace)
    name = trace.stem
    kind = KINDS[header.puzzle]
    count = app.found_count(kind, end)
    answer = f"{count:,} {catalog.plural(kind.unit, count)}" if count is not None else ""
    if header.solver.get("metric"):
        metric = f"{header.solver['metric']} metric"
    elif header.solver.get("heuristic"):
        metric = f"{header.solver['heuristic']} heuristic"
    else:
        metric = ""
    files: dict[str, str] = {}
    sizes: dict[str, int] = {}
    for kind_name in FILE_KINDS:
        path = folder / file_name(name, kind_name)
        with contextlib.suppress(OSError):
            if path.is_file():
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
                metric=str(metric), explored=_explored(end.stats),
                seconds=search_seconds(end.stats), reason=reason, files=files, sizes=sizes,
                frame=_png_size(folder / file_name(name, POSTER)))


def traces(folder: Path) -> list[Path]:
    """The traces of an output folder (``*.jsonl``, not hidden), by name."""
    return sorted(p for p in folder.glob("*.jsonl") if p.is_file()
                  and not p.name.startswith("."))


# ---------------------------------------------------------------- posters


def _stale(poster: Path, trace: Path) -> bool:
    try:
        return poster.stat().st_mtime < trace.stat().st_mtime
    except OSError:
        return True


def _poster(trace: Path, poster: Path, entry: Entry | None) -> None:
    """Draw ``trace``'s poster with its config's ``[render]`` options when the manifest
    names a config that is still there."""
    config = None
    if entry is not None and Path(entry.config).is_file():
        with contextlib.suppress(PuzzlereelError):
            config = load_config(entry.config)
    options, explicit = app.render_options(config, {})
    draw_poster(trace, poster, options, explicit)


# ---------------------------------------------------------------- the page


def _e(text: object) -> str:
    return escape.html_text(str(text))


def _url(name: str) -> str:
    return _e(quote(name, errors="surrogateescape"))   # a name's own bytes


def _prose(text: str) -> str:
    """Escaped text, with `code` spans set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", _e(text))


def _stat(label: str, value: str, note: str = "", exact: str = "") -> str:
    small = f" <small>{_e(note)}</small>" if note else ""
    tip = f' title="{_e(exact)}"' if exact else ""
    return f'<div><dt>{_e(label)}</dt><dd{tip}>{_e(value)}{small}</dd></div>'


def _media(card: Card) -> str:
    poster = card.files.get(POSTER)
    width, height = card.frame or (640, 480)
    size = f'width="{width}" height="{height}"'
    alt = card.title
    for kind, mime in VIDEOS:
        video = card.files.get(kind)
        if video is not None:
            poster_attr = f' poster="{_url(poster)}"' if poster else ""
            return (f'<video controls muted loop playsinline preload="metadata" {size}'
                    f'{poster_attr} aria-label="{_e(card.title)}">'
                    f'<source src="{_url(video)}" type="{mime}">'
                    f'<a href="{_url(video)}">{_e(video)}</a></video>')
    picture = poster or card.files.get("svg") or card.files.get("gif")
    if picture is not None:
        return f'<img src="{_url(picture)}" alt="{_e(alt)}" {size}>'
    return '<div class="blank">no picture</div>'


BADGES = {"solved": "Solved", "unsolvable": "No solution", "limit": "Stopped at a limit"}


def card_html(card: Card) -> str:
    """One card as HTML (every string escaped)."""
    family = KINDS[card.family].display_name
    stats: list[str] = []
    if card.answer:
        label = card.answer.split(" ", 1)[1].capitalize()
        stats.append(_stat(label, card.answer.split(" ", 1)[0], card.metric))
    elif card.status != "solved":
        stats.append(_stat("Solution", "none", "proved impossible"
                           if card.status == "unsolvable" else "not found"))
    if card.explored is not None:
        label, count = card.explored
        stats.append(_stat(label, count_text(count), exact=f"{count:,}"))
    if card.seconds is not None:
        stats.append(_stat("Search", duration(card.seconds)))
    links = []
    for kind, label in (("html", "Player"), ("svg", "SVG"), ("gif", "GIF"),
                        ("png", "PNG sheet"), (TRACE, "Trace"), ("mp4", "MP4"), ("webm", "WebM")):
        name = card.files.get(kind)
        if name is None or (kind in ("mp4", "webm") and _first_video(card) == kind):
            continue
        save = " download" if kind == TRACE else ""     # pictures open, the trace saves
        links.append(f'<a href="{_url(name)}"{save}>{_e(label)}'
                     f'<small>{_e(size_text(card.sizes.get(name, 0)))}</small></a>')
    reason = f'<p class="reason">{_e(card.reason)}</p>' if card.reason else ""
    return (f'<article class="card {_e(card.status)}" id="{_e("p-" + card.name)}">\n'
            f'<div class="media">{_media(card)}</div>\n'
            f'<div class="body">\n'
            f'<p class="kicker"><span class="family">{_e(family)}</span>'
            f'<span class="badge">{_e(BADGES.get(card.status, card.status))}</span></p>\n'
            f'<h2>{_e(card.title)}</h2>\n'
            f'<p class="goal">{_prose(card.goal)}</p>\n{reason}'
            f'<dl class="stats">{"".join(stats)}</dl>\n'
            f'<nav class="files" aria-label="Files of {_e(card.title)}">{"".join(links)}</nav>\n'
            f'</div>\n</article>')


def _first_video(card: Card) -> str | None:
    return next((kind for kind, _ in VIDEOS if kind in card.files), None)


CSS = """
:root {
  --bg: #f4f1ea; --card: #ffffff; --ink: #1f2328; --muted: #5f6670; --line: #e3ddd0;
  --frame: #f6f3ec; --accent: #b3412f; --chip: #efe9dc; --ok: #1f7a4d; --ok-bg: #e3f3ea;
  --warn: #8a5a00; --warn-bg: #fbefd5; --shadow: 0 1px 2px rgb(40 30 10 / 6%),
  0 8px 24px -12px rgb(40 30 10 / 18%);
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #16181c; --card: #1f2227; --ink: #e8e6e1; --muted: #a3a8b0;
    --line: #30343b; --chip: #2a2e35; --accent: #f08a73; --ok: #7fd4a5; --ok-bg: #193326;
    --warn: #f2c26b; --warn-bg: #3a2e14; --shadow: 0 1px 2px rgb(0 0 0 / 40%); }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--ink); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
  sans-serif; }
a { color: var(--accent); }
.top { max-width: 1240px; margin: 0 auto; padding: 48px 24px 8px; }
.brand { display: inline-flex; align-items: center; gap: 8px; font-weight: 650;
  letter-spacing: .02em; color: var(--muted); font-size: .9rem; text-transform: uppercase; }
.brand svg { width: 22px; height: 22px; }
h1 { font-size: clamp(1.9rem, 4vw, 2.8rem); line-height: 1.15; margin: .35em 0 .25em;
  letter-spacing: -.02em; }
.lede { color: var(--muted); margin: 0 0 20px; max-width: 60ch; }
.chips { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.chips a { display: inline-block; padding: 4px 12px; border-radius: 999px;
  background: var(--chip); color: var(--ink); text-decoration: none; font-size: .875rem; }
.chips a:hover { background: var(--line); }
.chips b { font-weight: 600; color: var(--muted); margin-left: 4px; }
main { max-width: 1240px; margin: 0 auto; padding: 16px 24px 48px; display: grid;
  gap: 24px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr)); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 14px;
  overflow: hidden; box-shadow: var(--shadow); display: flex; flex-direction: column;
  scroll-margin-top: 16px; }
.media { background: var(--frame); border-bottom: 1px solid var(--line); }
.media video, .media img { display: block; width: 100%; height: auto; }
.media .blank { aspect-ratio: 4 / 3; display: grid; place-items: center;
  color: var(--muted); }
.body { padding: 16px 18px 18px; display: flex; flex-direction: column; flex: 1; }
.kicker { display: flex; justify-content: space-between; align-items: center; gap: 8px;
  margin: 0 0 6px; font-size: .8rem; }
.family { color: var(--muted); text-transform: uppercase; letter-spacing: .06em;
  font-weight: 600; }
.badge { padding: 2px 10px; border-radius: 999px; font-weight: 600; white-space: nowrap;
  background: var(--ok-bg); color: var(--ok); }
.unsolvable .badge, .limit .badge { background: var(--warn-bg); color: var(--warn); }
h2 { font-size: 1.2rem; line-height: 1.3; margin: 0 0 6px; overflow-wrap: anywhere; }
.goal { margin: 0 0 12px; color: var(--muted); font-size: .95rem; }
code { font: .85em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  background: var(--chip); padding: 1px 5px; border-radius: 4px; overflow-wrap: anywhere; }
.reason { margin: -4px 0 12px; font-size: .875rem; color: var(--warn); }
.stats { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px;
  margin: auto 0 14px; padding: 12px 0 0; border-top: 1px solid var(--line); }
.stats div { min-width: 0; }
.stats dt { font-size: .72rem; text-transform: uppercase; letter-spacing: .06em;
  color: var(--muted); }
.stats dd { margin: 0; font-size: 1.15rem; font-weight: 650;
  font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.stats small { display: block; font-size: .75rem; font-weight: 400; color: var(--muted); }
.files { display: flex; flex-wrap: wrap; gap: 8px; }
.files a { display: inline-flex; align-items: baseline; gap: 6px; padding: 6px 12px;
  border: 1px solid var(--line); border-radius: 8px; text-decoration: none;
  color: var(--ink); font-size: .875rem; font-weight: 550; }
.files a:hover { border-color: var(--accent); color: var(--accent); }
.files small { color: var(--muted); font-weight: 400; }
footer { max-width: 1240px; margin: 0 auto; padding: 0 24px 40px; color: var(--muted);
  font-size: .85rem; }
@media (max-width: 520px) {
  .top { padding: 28px 16px 4px; }
  main { padding: 12px 12px 32px; gap: 16px; }
  .body { padding: 14px 14px 16px; }
  footer { padding: 0 16px 32px; }
}
"""

# the mark: three blocks of a sliding puzzle and the space they slide into
ICON = ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' aria-hidden='true'>"
        "<rect x='2' y='2' width='9' height='9' rx='2' fill='#b3412f'/>"
        "<rect x='13' y='2' width='9' height='9' rx='2' fill='#d9a441'/>"
        "<rect x='2' y='13' width='9' height='9' rx='2' fill='#3f6fb5'/>"
        "<rect x='13.5' y='13.5' width='8' height='8' rx='2' fill='none' stroke='#8a8f98' "
        "stroke-dasharray='2 2'/></svg>")
ICON_URL = "data:image/svg+xml," + quote(ICON, safe=" ='/:")


def page_html(cards: Sequence[Card], title: str = DEFAULT_TITLE,
              made: datetime.date | None = None) -> str:
    """The whole page."""
    made = made or datetime.date.today()
    families: dict[str, int] = {}
    for card in cards:
        families[card.family] = families.get(card.family, 0) + 1
    first: dict[str, str] = {}
    for card in cards:
        first.setdefault(card.family, card.name)
    chips = "".join(
        f'<li><a href="#{_e("p-" + first[family])}">'
        f'{_e(KINDS[family].display_name)}<b>{count}</b></a></li>'
        for family, count in families.items())
    solved = sum(1 for card in cards if card.status == "solved")
    n = len(cards)
    lede = (f"{n} {catalog.plural('puzzle', n)}, {solved} solved optimally by search and "
            "drawn move by move. Each video starts muted and loops; the GIF, the contact "
            "sheet and the trace behind it are one click away.")
    body = [card_html(card) for card in cards]
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="puzzlereel {_e(__version__)}">
<title>{_e(title)}</title>
<link rel="icon" href="{_e(ICON_URL)}">
<style>{CSS}</style>
</head>
<body>
<header class="top">
<div class="brand">{ICON}puzzlereel</div>
<h1>{_e(title)}</h1>
<p class="lede">{_e(lede)}</p>
<ul class="chips" aria-label="Families">{chips}</ul>
</header>
<main>
{chr(10).join(body)}
</main>
<footer>Made with puzzlereel {_e(__version__)} on {_e(made.isoformat())}. Every file is
beside this page: copy the folder anywhere.</footer>
</body>
</html>
"""


def _order(card: Card) -> tuple[int, str]:
    families = list(KINDS)
    return (families.index(card.family) if card.family in families else len(families),
            card.name)


def build(folder: str | Path, *, title: str = DEFAULT_TITLE, progress: Progress = no_progress,
          posters: bool = True) -> Gallery:
    """Write ``folder/index.html`` for every trace in ``folder``, drawing the posters that
    are missing or older than their trace first (``posters``)."""
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
        claims.take(trace.stem, str(trace), ALL_KINDS)
    entries = Manifest.load(out).entries
    drawn: list[str] = []
    cards: list[Card] = []
    with guarded(inputs=found):
        for i, trace in enumerate(found):
            entry = entries.get(trace.stem)
            poster = out / file_name(trace.stem, POSTER)
            if posters and _stale(poster, trace):
                progress(f"poster {trace.stem}", i, len(found))
                _poster(trace, poster, entry)
                drawn.append(poster.name)
            cards.append(card_for(out, trace, entry))
    cards.sort(key=_order)
    path = out / PAGE
    check_outputs([path], found)
    with atomic_text(path) as handle:
        handle.write(page_html(cards, title))
    return Gallery(path, tuple(cards), tuple(drawn))


def write_page(folder: str | Path, title: str | None = None, *, show_path: bool = True
               ) -> Path:
    """``build`` with a progress bar on stderr; print the page's path (``show_path``)."""
    with Reporter("gallery") as bar:
        page = build(folder, title=title or DEFAULT_TITLE, progress=bar)
    if show_path:
        console.echo(str(page.path))
    return page.path


__all__ = ["DEFAULT_TITLE", "PAGE", "Card", "Gallery", "GalleryError", "build",
           "card_for", "card_html", "page_html", "traces", "write_page"]
