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
trace as it is now, never a render the manifest records as drawn from an older one.  A
trace that cannot be read or
drawn is skipped: its card says so and why, the rest of the page is written, and
``Gallery.exit_code`` is 1, as for bad input (``write_page`` warns of each such trace).
What each card and the page show is ``gallery.view``.
"""

from __future__ import annotations

import contextlib
import copy
import struct
from dataclasses import dataclass
from pathlib import Path

from puzzlereel.actions.check import explored, found_count
from puzzlereel.catalog import examples as catalog
from puzzlereel.gallery.lede import by_our_search
from puzzlereel.gallery.posters import refresh
from puzzlereel.gallery.view import DEFAULT_TITLE, Card, card_html, card_view, order, page_html
from puzzlereel.ground import console
from puzzlereel.ground import manifest as records
from puzzlereel.ground.errors import EXIT_BAD_INPUT, EXIT_OK, PuzzlereelError
from puzzlereel.ground.fileio import atomic_text, check_outputs, guarded
from puzzlereel.ground.formats import LISTED
from puzzlereel.ground.manifest import FILE_KINDS, POSTER, TRACE, ConfigRecord, Manifest, file_name
from puzzlereel.ground.owners import Claims
from puzzlereel.ground.placing import placing
from puzzlereel.ground.progress import Progress, Reporter, no_progress
from puzzlereel.ground.words import search_seconds
from puzzlereel.registry import FAMILIES
from puzzlereel.trace import End, Header, Note, Search, read_ends, read_trace

PAGE = "index.html"
GOAL_WIDTH = 160                   # characters of a config's opening sentence shown

# the files of a trace a card shows, by kind: <name>.<kind> (the poster <name>.poster.png),
# each format's that has a ``card``
CARD_KINDS = (TRACE, *(f.suffix for f in LISTED if f.card is not None), POSTER)


class GalleryError(PuzzlereelError):
    """A gallery that cannot be made: the folder is missing or holds no trace."""


@dataclass(frozen=True)
class Gallery:
    """What ``build`` wrote."""

    path: Path
    cards: tuple[Card, ...]
    posters: tuple[str, ...]           # posters drawn now
    skipped: tuple[PuzzlereelError, ...] = ()   # why each trace left out was

    @property
    def exit_code(self) -> int:
        """1 (bad input) when a trace was skipped, else 0."""
        return EXIT_BAD_INPUT if self.skipped else EXIT_OK


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


def _goal(name: str, family: str, entry: ConfigRecord | None) -> str:
    if entry is not None and entry.description:
        return _shorter(entry.description)
    bundled = catalog.path_of(name)
    if bundled is not None:
        with contextlib.suppress(OSError, UnicodeDecodeError):
            text = catalog.description(bundled.read_text(encoding="utf-8"), GOAL_WIDTH)
            if text:
                return text
    return FAMILIES[family].goal


def card_for(folder: Path, trace: Path, entry: ConfigRecord | None) -> Card:
    """The card of one trace in ``folder`` (``TraceError`` for a file that is no trace)."""
    header, end = read_ends(trace)
    name = trace.stem
    family = FAMILIES[header.puzzle]
    count = found_count(family, end)
    answer = f"{count:,} {catalog.plural(family.count_noun, count)}" if count is not None else ""
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
                metric=str(metric), explored=explored(family, end.stats),
                seconds=search_seconds(end.stats), reason=reason, files=files, sizes=sizes,
                frame=_png_size(folder / file_name(name, POSTER)),
                chart=_chart(trace, end), optimal=by_our_search(header, end))


def skipped_card(trace: Path, problem: PuzzlereelError) -> Card:
    """The card of a trace that cannot be shown: its name, why, and a link to it."""
    why = copy.copy(problem)
    why.source = trace.name            # the page is in the trace's folder
    size = trace.stat().st_size if trace.is_file() else 0
    return Card(name=trace.stem, title=trace.name, family="", goal="", status="skipped",
                answer="", metric="", explored=None, seconds=None,
                reason=f"Not shown: {why}", files={TRACE: trace.name},
                sizes={trace.name: size}, frame=None)


def _drawn_from(entry: ConfigRecord | None, kind: str, file: str, trace_sha: str | None) -> bool:
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
    skipped: list[PuzzlereelError] = []
    with guarded(inputs=found):
        for i, trace in enumerate(found):
            entry = entries.get(trace.stem)
            poster = out / file_name(trace.stem, POSTER)
            try:
                if posters:
                    progress(f"poster {trace.stem}", i, len(found))
                    if refresh(trace, poster, entry, force):
                        drawn.append(poster.name)
                cards.append(card_for(out, trace, entry))
            except PuzzlereelError as exc:     # a bad trace: the others are still shown
                problem = exc.located()
                problem.source = str(trace)    # named as the folder was given
                skipped.append(problem)
                cards.append(skipped_card(trace, skipped[-1]))
    cards.sort(key=order)
    path = out / PAGE
    check_outputs([path], found)
    with placing({path: lambda target, finished: check_page(out, force)}), \
            atomic_text(path) as handle:
        handle.write(page_html(cards, title))
    return Gallery(path, tuple(cards), tuple(drawn), tuple(skipped))


def write_page(folder: str | Path, title: str | None = None, *, show_path: bool = True,
               force: bool = False) -> Gallery:
    """``build`` with a progress bar on stderr; a warning line for each trace skipped,
    then the page's path (``show_path``)."""
    with Reporter("gallery") as bar:
        made = build(folder, title=title or DEFAULT_TITLE, progress=bar, force=force)
    for problem in made.skipped:
        console.warn(f"{problem}; skipped, its card in the page says so")
    if show_path:
        console.echo(str(made.path))
    return made


__all__ = ["DEFAULT_TITLE", "PAGE", "Card", "Gallery", "GalleryError", "build",
           "card_for", "card_html", "card_view", "check_page", "made_here", "page_html",
           "skipped_card", "traces", "write_page"]
