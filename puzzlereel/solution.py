"""A solution in memory: a trace's events, and what can be done with them from Python.

``puzzlereel.solve`` and ``puzzlereel.load`` return a ``Solution``.  It holds every
event of the trace (header, moves, end) and the config it was solved from, if any, whose
``[render]`` table its renders start from, as ``run`` does.  It saves the trace
(``save``), draws it into files (``render``, the formats by suffix, the ``[render]``
keys as keyword arguments), draws one frame as a Pillow image (``frame``, the frame
``preview`` draws) and writes the player page (``player``).  In Jupyter it shows itself:
the player inline (``_repr_html_``: of at most ``INLINE_STEPS`` steps, with a line
saying so below a longer trace's), or its last frame where HTML is not shown
(``_repr_png_``; a longer trace's opening).
"""

from __future__ import annotations

import contextlib
import html
import importlib
import io
import os
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, Any, Literal, TypeAlias, Unpack, overload

from puzzlereel.actions import draw
from puzzlereel.actions.check import found_count
from puzzlereel.actions.draw import outputs_for, render_options
from puzzlereel.ground.config import MAX_NESTING, Config, ConfigError
from puzzlereel.ground.errors import UsageError, quoted
from puzzlereel.ground.fileio import atomic_text, check_handle, guarded
from puzzlereel.ground.progress import Progress, Reporter, no_progress
from puzzlereel.ground.suggest import did_you_mean
from puzzlereel.ground.words import plural
from puzzlereel.registry import FAMILIES
from puzzlereel.render.declared import FrameKeywords, RenderKeywords
from puzzlereel.trace import STATUSES, End, EndStatus, Event, Header, Note, Search, dumps


class _OnFirstUse(ModuleType):
    """Stands for module ``name`` and imports it when an attribute is first asked for, so
    that ``typing.get_type_hints`` resolves annotations naming it while this module
    loads nothing (Pillow here: only drawing a frame needs it)."""

    def __getattr__(self, attr: str) -> Any:
        return getattr(importlib.import_module(self.__name__), attr)


if TYPE_CHECKING:
    import PIL.Image as pil_image
else:
    pil_image = _OnFirstUse("PIL.Image")

Status: TypeAlias = EndStatus | Literal["partial"]
"""How a solution's search ended (``Solution.status``): ``solved``, ``unsolvable``,
``limit``, ``error`` as its trace's end says, or ``partial``: a trace without its end."""

ProgressChoice: TypeAlias = Progress | bool | str | None
"""How long work shows progress: a callable ``(label, done, total)``; ``True`` or
``"bar"`` a live bar on stderr; ``"plain"`` a line now and then; ``None`` / ``False``
nothing."""


@contextlib.contextmanager
def reporting(progress: ProgressChoice, description: str) -> Iterator[Progress]:
    """The ``Progress`` callback that ``progress`` asks for (see ``ProgressChoice``)."""
    if progress is None or progress is False:
        yield no_progress
    elif progress is True or progress in ("bar", "plain"):
        mode = "plain" if progress == "plain" else "bar"
        with Reporter(description, delay=0.0, mode=mode) as bar:
            yield bar
    elif callable(progress):
        yield progress
    else:
        raise UsageError(f"expected a callable (label, done, total), True, 'bar' or "
                         f"'plain', got {quoted(progress)}", field="progress")


INLINE_HEIGHT = 640          # pixels: the inline frame until the player says its height
INLINE_STEPS = 1000          # the steps (the events between the header and the end: moves,
                             # placings, guesses...) a notebook's inline player holds at most


def _is_step(event: Event) -> bool:
    """Whether ``event`` is a step of the solution (a move, a placing, a guess...), not
    the header, the search's figures, a note or the end."""
    return not isinstance(event, (Header, Search, Note, End))


def _first_steps(events: Sequence[Event], limit: int) -> list[Event]:
    """``events`` up to their ``limit``-th step, with every search event (the search's
    figures are the whole search's) and without the end."""
    kept: list[Event] = []
    steps = 0
    for event in events:
        if isinstance(event, End):
            continue
        steps += _is_step(event)
        if steps <= limit or isinstance(event, Search):
            kept.append(event)
    return kept


EMPTY_FILE = "an empty string names no file (write . for the current folder)"


def named_file(value: str | os.PathLike[str], called: str, field: str) -> str:
    """The file a path argument of ``called`` names (``"load()"``...), as a string; an
    empty one is a ``UsageError`` naming ``field``, never the current folder."""
    name = os.fspath(value)
    if name == "":
        raise UsageError(EMPTY_FILE, source=called, field=field)
    return name


def keywords_of(method: str) -> Callable[[str], str]:
    """How a message names a keyword argument of ``method``: ``render(): speed``."""
    return lambda key: f"{method}(): {key}"


FRAME_KEYWORDS = ("move", "time", "title", "end", "gif")     # frame()'s own


def check_own(method: str, options: Mapping[str, object], own: tuple[str, ...]) -> None:
    """A keyword argument of ``method`` that is no render option and close to one of
    its ``own`` keywords (``frame(mov=3)``) is a ``UsageError`` suggesting it."""
    from puzzlereel.render.options import KEYS

    for key in options:
        hint = "" if key in KEYS else did_you_mean(key, own)
        if hint:
            raise UsageError(f"not a keyword of {method}() ({', '.join(own)}) nor a render "
                             f"option{hint}", source=f"{method}()", field=key)


def text_target(value: object, called: str, field: str) -> str | IO[str]:
    """Where a trace is to be written: a path (``named_file``) or an open text file;
    anything else is a ``TypeError`` naming ``field`` of ``called``."""
    if isinstance(value, (str, os.PathLike)):
        return named_file(value, called, field)
    if callable(getattr(value, "write", None)):
        return value  # type: ignore[return-value]
    raise TypeError(f"{called}: {field} takes a path or an open text file, not "
                    f"{type(value).__name__}")


def plain(value: Any, source: str = "<dict>", *, at: tuple[str | int, ...] = ()) -> Any:
    """``value`` with tuples as lists and mappings as dicts: the values TOML gives
    (keyword arguments as ``[solve]``/``[render]`` values: ``size=(640, 480)``).
    Nested deeper than a config may be (a dict that holds itself) it is the
    ``ConfigError`` the same TOML gets, naming ``source`` and where."""
    if len(at) > MAX_NESTING:
        raise ConfigError(f"arrays or tables nested more than {MAX_NESTING} deep",
                          path=source,
                          field=".".join(k for k in at[:2] if isinstance(k, str)))
    if isinstance(value, Mapping):
        return {str(k): plain(v, source, at=(*at, str(k))) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v, source, at=(*at, i)) for i, v in enumerate(value)]
    return value


class Solution:
    """A trace in memory: ``events`` from the header to the end, with ``header``,
    ``end``, ``status``, ``moves`` and ``stats``; ``config`` is the config it was solved
    from (None for a trace loaded from a file without one); ``path`` is the trace's file,
    made absolute when the solution is made (None when it was not read from a file), so
    that a later ``os.chdir`` changes neither it nor the files no output may replace."""

    def __init__(self, events: Sequence[Event], *, config: Config | None = None,
                 source: str | None = None,
                 path: str | os.PathLike[str] | None = None) -> None:
        if not events or not isinstance(events[0], Header):
            raise ValueError("a solution's events start with the trace's header")
        self.events: tuple[Event, ...] = tuple(events)
        self.config = config
        self.source = source if source is not None else (
            config.path if config is not None else "<solution>")
        self.path = Path(os.path.abspath(path)) if path is not None else None
        read = (self.path, config.path if config is not None else None)
        self._files = tuple(os.path.abspath(p) for p in read
                            if p is not None and os.fspath(p) and os.path.isfile(p))

    # ------------------------------------------------------------ what it holds

    @property
    def header(self) -> Header:
        """The trace's first event: the puzzle, its title and layout, the solver."""
        header = self.events[0]
        assert isinstance(header, Header)
        return header

    @property
    def end(self) -> End | None:
        """The trace's last event (None only for a trace cut short)."""
        last = self.events[-1]
        return last if isinstance(last, End) else None

    @property
    def puzzle(self) -> str:
        """The puzzle's family: ``sliding-block``, ``n-queens``..."""
        return self.header.puzzle

    @property
    def title(self) -> str:
        """The puzzle's title, else its family's name."""
        return self.header.title or FAMILIES[self.puzzle].display_name

    @property
    def status(self) -> Status:
        """How the search ended: ``solved``, ``unsolvable``, ``limit`` (or ``error``), as
        the trace's end says; ``partial`` for a trace cut short (see ``Status``)."""
        if self.end is None:
            return "partial"
        status = self.end.status
        assert status in STATUSES, status     # as a trace's reader checks it
        return status

    @property
    def moves(self) -> int | None:
        """The solution's length in moves (None where the family counts something else:
        solutions found, see ``answer``)."""
        return self.end.moves if self.end is not None else None

    @property
    def stats(self) -> Mapping[str, Any]:
        """The search's statistics: positions explored, seconds..."""
        return self.end.stats if self.end is not None else {}

    @property
    def answer(self) -> str:
        """The answer in the puzzle's count noun: "81 moves", "92 solutions", "5 guesses";
        empty when there is none."""
        family = FAMILIES[self.puzzle]
        count = found_count(family, self.end) if self.end is not None else None
        return "" if count is None else f"{count:,} {plural(family.count_noun, count)}"

    def __repr__(self) -> str:
        answer = f", {self.answer}" if self.answer else ""
        return f"<Solution {self.title!r}: {self.status}{answer}>"

    # ------------------------------------------------------------ the trace

    def jsonl(self) -> str:
        """The trace as JSON Lines text, as ``solve`` writes it."""
        return "".join(dumps(event) + "\n" for event in self.events)

    def _inputs(self) -> list[str]:
        """The files this solution was read from: its trace and its config (none that
        was given as text or a dict), by the absolute paths they had when the solution
        was made; no output may replace them."""
        return [p for p in self._files if os.path.isfile(p)]

    def _stream(self) -> IO[bytes]:
        return io.BytesIO(self.jsonl().encode("utf-8"))

    @overload
    def save(self, path: str | os.PathLike[str]) -> Path: ...

    @overload
    def save(self, path: IO[str]) -> None: ...

    def save(self, path: str | os.PathLike[str] | IO[str]) -> Path | None:
        """Write the trace to ``path`` (atomically: it appears only when complete) and
        return it as a ``Path``, as ``render`` returns its files; or write it to an open
        text file (returns None).  Anything else is a ``TypeError``."""
        target = text_target(path, "save()", "path")
        if isinstance(target, str):
            with guarded(self._inputs(), [target]), atomic_text(target) as handle:
                handle.write(self.jsonl())
            return Path(target)
        check_handle(target, self._inputs())
        target.write(self.jsonl())
        return None

    # ------------------------------------------------------------ drawing

    def _options(self, method: str, options: Mapping[str, object]
                 ) -> tuple[Any, frozenset[str]]:
        return render_options(self.config, plain(options), named=keywords_of(method))

    def render(self, outputs: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
               progress: Progress | bool | str | None = None,
               **options: Unpack[RenderKeywords]) -> list[Path]:
        """Draw the solution into ``outputs`` (one path or several, each format from its
        suffix: .mp4 .gif .png .webm .vtt .svg .html), all in one pass, each file
        written atomically; ``options`` are ``[render]`` keys (``speed=0.1``,
        ``theme="dark"``, ``size=(640, 480)``; their types: ``RenderKeywords``) over the
        config's ``[render]`` table, None for one not given.  Returns the paths
        written."""
        given = [outputs] if isinstance(outputs, (str, os.PathLike)) else list(outputs)
        paths = [Path(named_file(p, "render()", "outputs")) for p in given]
        if not paths:
            raise UsageError("name at least one output file", field="outputs")
        outputs_for(paths)
        self._options("render", options)
        with guarded(self._inputs(), paths), reporting(progress, "render") as report:
            written = draw.render_outputs(self._stream(), self.source, paths, self.config,
                                          plain(options), progress=report,
                                          named=keywords_of("render"),
                                          allow_partial=self.end is None)
        return [item.path for item in written]

    def frame(self, move: int | None = None, *, time: float | None = None,
              title: bool = False, end: bool = False, gif: bool = False,
              **options: Unpack[FrameKeywords]) -> pil_image.Image:
        """One frame of the video as a Pillow image, the very frame ``preview`` draws:
        the position after ``move`` (0, the default: the start), the frame shown at
        ``time`` seconds, the ``title`` (the opening) or the ``end`` (the ending: the
        last position with the result); ``gif``: the GIF's frame instead of the MP4's;
        ``options`` as for ``render``, but ``title`` (``FrameKeywords``)."""
        from PIL import Image as Pillow

        from puzzlereel.actions import preview
        from puzzlereel.actions.flags import within

        check_own("frame", options, FRAME_KEYWORDS)
        within("move", move, name="move", source="frame()")
        within("time", time, name="time", source="frame()")
        when = preview.moment(move, time, title, end, asked=preview.KEYWORDS)
        rendering, explicit = self._options("frame", options)
        drawn = preview.draw_frame(self._stream(), self.source, rendering, when,
                                   explicit=explicit, allow_partial=self.end is None,
                                   gif=gif, asked=preview.KEYWORDS)
        return Pillow.fromarray(drawn.pixels)

    def player(self, **options: Unpack[RenderKeywords]) -> str:
        """The self-contained HTML player page (the ``.html`` format) as a string."""
        from puzzlereel.render.api import player_html

        rendering, explicit = self._options("player", options)
        return player_html(self._stream(), self.source, rendering, explicit=explicit,
                           allow_partial=self.end is None)

    # ------------------------------------------------------------ Jupyter

    def _repr_html_(self) -> str:
        """The player, inline: its page in a frame of its own, so that its style and
        script touch nothing else of the notebook.  A trace of more than
        ``INLINE_STEPS`` steps is cut to its first ones, which keeps the notebook's cell
        small; a line below the player says so and how to get the whole."""
        from puzzlereel.ground.pages import page

        steps = sum(map(_is_step, self.events))
        shown = self._inline(steps)
        cell = page("inline.html", page=shown.player(), title=self.title,
                    height=INLINE_HEIGHT, ident=f"puzzlereel-{uuid.uuid4().hex[:12]}")
        if shown is self:
            return cell
        note = (f"The player shows the first {INLINE_STEPS:,} of the trace's {steps:,} "
                'steps; solution.render("whole.html") writes a player of them all.')
        return f'{cell}<p class="puzzlereel-cut">{html.escape(note)}</p>\n'

    def _inline(self, steps: int) -> Solution:
        """What a notebook's cell shows of a trace of ``steps`` steps: itself, or its
        first ``INLINE_STEPS`` steps."""
        if steps <= INLINE_STEPS:
            return self
        return Solution(_first_steps(self.events, INLINE_STEPS), config=self.config,
                        source=self.source)

    def _repr_png_(self) -> bytes:
        """For where HTML is not shown (GitHub, nbviewer): the video's ending (the last
        position with the result: its most telling frame); for a trace of more than
        ``INLINE_STEPS`` steps, whose whole video a notebook should not wait for, its
        opening (the start position with the title)."""
        out = io.BytesIO()
        shown = self._inline(sum(map(_is_step, self.events)))
        picture = self.frame(end=True) if shown is self else shown.frame()
        picture.save(out, format="PNG")
        return out.getvalue()


__all__ = ["EMPTY_FILE", "INLINE_HEIGHT", "Solution", "Status", "keywords_of", "named_file"]
