"""A video as a viewer meets it, one test a rule: the first frame is the puzzle with its
title, the first move comes within a second and a half, the last frame is the last
position with the result, a GIF or SVG loops from the puzzle back to the puzzle with
no frame of text alone, every still picture of a video is a board, and 9:16 and 4:5
frames are filled around the platforms' own words.

"Cover" is ``benchmarks/screens.py``'s: the share of a frame's pixels more than 24
levels from its most common colour; a frame of text alone covers a few per cent, a
board a third or more."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from benchmarks.screens import cover, empty_band
from puzzlereel.render.backends.compositor import Compositor
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.layout import overlays
from puzzlereel.render.direction.room import TallWords
from puzzlereel.render.film.shapes import Group, Shape, texts
from puzzlereel.render.film.timeline import END, HOLD, MOVE, RETURN, SEARCH, START, frame_time
from puzzlereel.render.film.typeset import ELLIPSIS
from puzzlereel.render.options import RenderOptions
from tests.fixtures import CONFIGS, DATA
from tests.render.examples import example_trace
from tests.render.films import directed, frame

# one or two examples of every family (benchmarks/screens.py measures the same seven)
SEVEN = ["hakoiri-musume", "rush-hour-style", "eight-puzzle", "triangle", "n-queens-8",
         "send-more-money", "mastermind-9431"]
# the films every target of them gets: the MP4's (1280x720), 9:16, the GIF's
FILMS = {"video": (RenderOptions(), "video", False),
         "shorts": (RenderOptions(target="shorts"), "video", False),
         "gif": (RenderOptions(fps=15), "compact", True)}


def film_of(name: str, which: str) -> Director:
    options, layout, loop = FILMS[which]
    explicit = frozenset({"target"} if options.target else set())
    return directed(example_trace(CONFIGS / f"{name}.toml"), options, layout=layout,
                    fps=options.fps, whole=True, explicit=explicit, loop=loop)


def words(shapes: list[Shape]) -> list[str]:
    return [t.text for s in shapes for t in texts(s) if t.opacity > 0]


def at_frame(d: Director, index: int) -> np.ndarray:
    assert d.plan is not None
    return frame(d.film, frame_time(index, d.plan.fps))


def mid_cover(d: Director) -> float:
    assert d.plan is not None
    return cover(at_frame(d, d.plan.total_frames // 2))


def board_shapes(d: Director, t: float) -> list[Shape]:
    return d.film.still(t, role="board")


def phase_span(d: Director, kind: str) -> tuple[float, float]:
    assert d.plan is not None
    span = d.plan.span(kind)
    assert span is not None, kind
    return span


# ---------------------------------------------------------------- the opening


@pytest.mark.parametrize("which", list(FILMS))
@pytest.mark.parametrize("name", SEVEN)
def test_frame_zero_is_the_start_position_with_its_title(name: str, which: str) -> None:
    """Frame 0 shows the board as the start hold does (nothing over it), the title
    beside or above it, and covers at least 60 % of what a mid-video frame covers."""
    d = film_of(name, which)
    assert d.plan is not None
    t0 = frame_time(0, d.plan.fps)
    start = phase_span(d, START)
    assert board_shapes(d, t0) == board_shapes(d, start[1] - 1e-6), (name, which)
    assert d.film.still(t0, role="overlay") == []
    assert d.heading().title in " ".join(words(d.film.still(t0))), (name, which)
    assert cover(at_frame(d, 0)) >= 0.6 * mid_cover(d), (name, which)


@pytest.mark.parametrize("name", SEVEN)
def test_the_first_move_starts_by_three_seconds(name: str) -> None:
    """With the default options the first move starts as soon as the title and the goal
    have been read, within 3 s, and its subtitle with it (the title's time is part of
    the start hold)."""
    d = film_of(name, "video")
    plan = d.plan
    assert plan is not None
    first = next(plan.spans[k][0] for k, p in enumerate(plan.phases) if p.kind == MOVE)
    assert first <= 3.0, (name, first)
    cues = plan.cues()
    assert cues and cues[0].start <= first + 0.5, (name, cues[0])


def test_title_seconds_and_no_title_keep_their_meaning() -> None:
    """``title_seconds`` is how long the title shows over or beside the start position;
    the first move waits for it when it is longer than the start hold, and ``--no-title``
    opens on the start position alone for ``hold_start``."""
    text = example_trace(CONFIGS / "eight-puzzle.toml")
    for options, first_move in ((RenderOptions(title_seconds=3.0, hold_start=1.5), 3.3),
                                (RenderOptions(title=False, hold_start=1.5), 1.5),
                                (RenderOptions(hold_start=4.0), 4.0)):
        d = directed(text, options, layout="compact", whole=True,
                     explicit=frozenset({"title_seconds", "title", "hold_start"}))
        plan = d.plan
        assert plan is not None
        got = next(plan.spans[k][0] for k, p in enumerate(plan.phases) if p.kind == MOVE)
        assert got == pytest.approx(first_move, abs=1 / 30), options
        compact_title = d.film.names.get("head")
        assert (compact_title is not None) == options.title


def test_without_a_title_the_search_opens_on_the_board() -> None:
    """``--no-title --search``: frame 0 is the start board alone, the chart crossfading
    in only after it."""
    d = directed(example_trace(CONFIGS / "dads-puzzle.toml"),
                 RenderOptions(title=False, search=True), layout="video", whole=True,
                 explicit=frozenset({"title", "search"}))
    assert d.plan is not None and d.plan.span(SEARCH) is not None
    t0 = frame_time(0, d.plan.fps)
    assert board_shapes(d, t0) == board_shapes(d, phase_span(d, START)[1] - 1e-6)
    assert "How it was found" not in " ".join(words(d.film.still(t0)))
    assert "How it was found" in " ".join(words(d.film.still(phase_span(d, SEARCH)[0])))
    assert cover(at_frame(d, 0)) >= 0.6 * mid_cover(d)


@pytest.mark.parametrize("duration", [1.0, 2.0])
def test_a_search_squeezed_by_duration_still_rises_and_fades(duration: float) -> None:
    """``--duration`` scales the search's chart with the rest: each bar has risen (its
    label in) before the chart crossfades out."""
    d = directed(example_trace(CONFIGS / "dads-puzzle.toml"),
                 RenderOptions(search=True, duration=duration), layout="video", whole=True,
                 explicit=frozenset({"search", "duration"}))
    out = phase_span(d, SEARCH)[1]
    labels = [e for name, e in d.film.names.items() if name.startswith("search.label")]
    assert labels and all(e.state(out).opacity == 1.0 for e in labels)


@pytest.mark.parametrize("layout", ["compact", "video"])
def test_without_the_counter_the_ending_still_says_the_result(layout: str) -> None:
    """``--no-counter`` leaves out the counter while the moves play; the last frame
    still gives the result."""
    d = directed(example_trace(CONFIGS / "eight-puzzle.toml"), RenderOptions(counter=False),
                 layout=layout, whole=True, explicit=frozenset({"counter"}),
                 loop=layout == "compact")
    assert d.plan is not None
    mid = " ".join(words(d.film.still(phase_span(d, MOVE)[1] - 1e-6)))
    assert "Move" not in mid, layout
    t = frame_time(d.plan.ending_frame(), d.plan.fps)
    assert d.ending().headline in " ".join(words(d.film.still(t))), layout
    if layout == "video":                      # the result, not the progress bar
        bar = d.film.names["panel.progress"]
        assert bar.variants[bar.state(t).shape] == Group(())


def test_without_the_results_time_the_return_adds_no_words() -> None:
    """``end_seconds = 0``: a GIF's line keeps the headline alone as it returns to its
    start (the note belongs to the result's time, which is off), until it gives way to
    the start's line."""
    d = directed(example_trace(CONFIGS / "eight-puzzle.toml"), RenderOptions(end_seconds=0),
                 layout="compact", whole=True, explicit=frozenset({"end_seconds"}), loop=True)
    assert d.plan is not None and d.plan.span(END) is None
    e = d.ending()
    a, b = phase_span(d, RETURN)
    assert e.headline in words(d.film.still(a + (b - a) / 4, role="chrome"))
    for t in (a + (b - a) * k / 8 for k in range(9)):
        said = words(d.film.still(t, role="chrome"))
        assert not any(e.note in w for w in said if w != e.headline), t


def test_a_looping_panel_keeps_the_result_while_it_returns() -> None:
    """In a looping film with a panel (an SVG at a panel's size), the result's note
    shows as the return begins and the list of moves stays hidden while the start comes
    back."""
    d = directed(example_trace(CONFIGS / "hakoiri-musume.toml"), RenderOptions(),
                 layout="video", whole=True, loop=True)
    assert d.plan is not None
    a, b = phase_span(d, RETURN)
    assert d.ending().note in " ".join(words(d.film.still(a + (b - a) / 4, role="chrome")))
    for t in (a + (b - a) * k / 8 for k in range(9)):
        assert "Daughter →" not in " ".join(words(d.film.still(t, role="chrome"))), t


def test_a_long_title_is_shortened_not_dropped_in_a_compact_frame() -> None:
    """A title too long for a GIF's width at the legible size keeps its line, shortened
    with an ellipsis, and the goal sentence still shows under it."""
    import json

    head, rest = example_trace(CONFIGS / "eight-puzzle.toml").split("\n", 1)
    header = json.loads(head)
    header["title"] = "The eight-puzzle, " + "a very long name for a small puzzle, " * 6
    d = directed(json.dumps(header) + "\n" + rest, RenderOptions(), layout="compact",
                 whole=True, loop=True)
    said = words(d.film.still(frame_time(0, 15)))
    assert any(w.startswith("The eight-puzzle") and w.endswith(ELLIPSIS) for w in said)
    assert "Slide the tiles" in " ".join(said)


@pytest.mark.parametrize("cell", [6, 12, 24, 48])
def test_a_compact_frames_title_lines_get_the_room_they_are_drawn_in(cell: int) -> None:
    """With ``--cell`` the compact frame's height depends on its title lines and their
    size on its height: the room made for them is what they take at the frame's size."""
    from puzzlereel.render.direction.layout import legible_px
    from puzzlereel.render.direction.room import compact_head_height

    d = directed(example_trace(CONFIGS / "send-more-money.toml"), RenderOptions(cell=cell),
                 layout="compact", whole=True, explicit=frozenset({"cell"}), loop=True)
    L = d.layout
    assert L.head[3] > 0 or cell < 24          # too narrow a frame has no title lines
    assert L.head[3] == compact_head_height(d.heading(), L.width, legible_px(L.width, L.height))


def test_a_square_frame_opens_with_the_title_and_goal_in_its_panel() -> None:
    """1:1 has no head: its panel holds the title and the goal while the video opens,
    then gives way to the counter."""
    d = directed(example_trace(CONFIGS / "mastermind-9431.toml"), RenderOptions(target="square"),
                 layout="video", whole=True, explicit=frozenset({"target"}))
    assert d.plan is not None and d.layout.kind == "square"
    t0 = frame_time(0, d.plan.fps)
    said = words(d.film.still(t0))
    assert d.heading().title in said and "Start" not in said
    assert " ".join(said).count("secret code") == 1       # the goal, whole
    later = words(d.film.still(phase_span(d, MOVE)[0]))
    assert d.heading().title not in later and "Start" in later


@pytest.mark.parametrize("duration", [None, 4.0, 1.0])
def test_a_square_frames_title_is_gone_by_the_first_move(duration: float | None) -> None:
    """However short the start hold (``--duration`` fits every phase), the title has
    crossfaded out of the panel by the first move's first frame, and ``preview --move
    0`` shows the start hold's last frame, without it."""
    from puzzlereel.actions.preview import Moment, frame_index

    d = directed(example_trace(CONFIGS / "eight-puzzle.toml"),
                 RenderOptions(target="square", duration=duration), layout="video",
                 whole=True, explicit=frozenset({"target", "duration"}))
    assert d.plan is not None
    opening = d.film.names["panel.opening"]
    first = d.plan.first(MOVE)
    assert first is not None
    assert opening.state(frame_time(first, d.plan.fps)).opacity == 0.0, d.plan.span(START)
    index = frame_index(d.plan, Moment("move", 0))
    assert index == first - 1
    if d.plan.first(START) is not None:        # (1 s for 31 moves leaves the hold no frame)
        assert opening.state(frame_time(index, d.plan.fps)).opacity < 0.5


# ---------------------------------------------------------------- the ending


@pytest.mark.parametrize("which", ["video", "shorts"])
@pytest.mark.parametrize("name", SEVEN)
def test_the_last_frame_is_the_last_position_with_the_result(name: str, which: str) -> None:
    """The last frame shows the board as the final hold does, the result's headline
    beside it, and covers at least 60 % of what a mid-video frame covers."""
    d = film_of(name, which)
    assert d.plan is not None
    last = d.plan.total_frames - 1
    t = frame_time(last, d.plan.fps)
    hold = phase_span(d, HOLD)
    assert board_shapes(d, t) == board_shapes(d, hold[0] + 1e-6), (name, which)
    assert d.ending().headline in words(d.film.still(t)), (name, which)
    assert cover(at_frame(d, last)) >= 0.6 * mid_cover(d), (name, which)
    assert d.film.still(t, role="overlay") == []


def test_the_result_details_replace_the_list_for_the_results_time() -> None:
    d = film_of("hakoiri-musume", "video")
    hold, result = phase_span(d, HOLD), phase_span(d, END)
    e = d.ending()
    during_hold = words(d.film.still(hold[0] + 0.05))
    at_end = words(d.film.still(result[1] - 0.01))
    assert "Daughter →" in " ".join(during_hold) and e.note not in during_hold
    assert e.note in at_end and e.details[0] in " ".join(at_end)    # (in lines)
    assert "Daughter →" not in " ".join(at_end)


def test_generate_and_test_families_end_on_their_answer() -> None:
    """The sum over its digits and the key, the board with the secret uncovered, every
    equation."""
    send = film_of("send-more-money", "video")
    last = words(send.film.still(send.film.duration, role="board"))
    assert sorted(w for w in last if w.isdigit()) == sorted("9567" + "1085" + "10652"
                                                             + "75160892")
    assert sorted(w for w in last if w.isalpha()) == sorted("SENDMOREMONEY" + "DEMNORSY")
    master = film_of("mastermind-9431", "video")
    scene = master.scene
    assert scene.uncovered.state(master.film.duration).opacity == 1.0     # type: ignore[attr-defined]
    assert scene.covered.state(master.film.duration).opacity == 0.0       # type: ignore[attr-defined]
    komachi = directed(example_trace(CONFIGS / "komachi-100.toml"), RenderOptions(),
                       layout="video", whole=True)
    said = "".join(words(komachi.film.still(komachi.film.duration, role="board")))
    assert "123−45−67+89=100" in said and "1+2+3−4+5+6+78+9=100" in said   # all of them


@pytest.mark.parametrize(("trace", "headline"), [
    (CONFIGS / "french.toml", "No solution exists"),
    (DATA / "hakoiri-5.jsonl", "Search stopped")])
def test_a_trace_without_a_solution_says_so_over_its_board(trace: Path, headline: str) -> None:
    text = example_trace(trace) if trace.suffix == ".toml" else trace.read_text()
    for layout, loop in (("video", False), ("compact", True)):
        d = directed(text, RenderOptions(), layout=layout, whole=True, loop=loop)
        assert d.plan is not None and d.ending().headline == headline
        t = frame_time(d.plan.ending_frame(), d.plan.fps)
        assert headline in words(d.film.still(t))
        assert board_shapes(d, t) and d.film.still(t, role="overlay") == []


# ---------------------------------------------------------------- the loop


def gif_frames(d: Director) -> list[np.ndarray]:
    """Every frame of the film at its frame rate, drawn one after another."""
    plan = d.plan
    assert plan is not None
    frames = Compositor(d.film)
    out = []
    for i in range(plan.total_frames):
        frames.next(frame_time(i, plan.fps))
        out.append(frames.buf.copy())
    return out


@pytest.mark.parametrize("name", SEVEN)
def test_the_gif_plays_as_a_puzzle_forever(name: str) -> None:
    """No frame of the GIF covers under half of what the sparser of its middle frame
    and its ending covers (no text alone, ever: an ending such as N-Queens' set of small
    boards may hold less ink than the middle's board); it returns to its start by a
    crossfade and its last frame is its first picture again (within a level of
    rounding)."""
    d = film_of(name, "gif")
    plan = d.plan
    assert plan is not None and plan.span(RETURN) is not None
    shots = gif_frames(d)
    least = min(cover(f) for f in shots)
    sparser = min(cover(shots[len(shots) // 2]), cover(shots[plan.ending_frame()]))
    assert least >= 0.5 * sparser, (name, least)
    assert np.abs(shots[-1].astype(int) - shots[0].astype(int)).max() <= 1
    assert not np.array_equal(shots[plan.ending_frame()], shots[0])


def test_the_svg_loops_through_the_same_return() -> None:
    """The animated SVG is the same film: its result's line fades out in the first half
    of its return and the start's line fades in over the second, and its first frame
    is the start board with the title."""
    import re

    from puzzlereel.render.backends.svg import svg_text

    d = film_of("eight-puzzle", "gif")
    text = svg_text(d.film, d)
    i = d.film.elements.index(d.film.names["counter"])
    rule = re.search(rf"@keyframes o{i}{{(.*?)}}}}", text)
    assert rule is not None
    keys = [(float(k) / 100 * d.film.duration, float(v))
            for k, v in re.findall(r"([\d.]+)%\{opacity:([\d.]+)", rule.group(1))]
    a, b = phase_span(d, RETURN)
    returning = [(t, v) for t, v in keys if t >= a - 0.01]
    assert returning[0][1] == 1.0 and returning[-1] == (pytest.approx(b, abs=0.01), 1.0)
    gone = [t for t, v in returning if v == 0.0]
    assert gone and a < min(gone) and max(gone) < b
    assert d.heading().title in words(d.film.still(frame_time(0, d.plan.fps)))


# ---------------------------------------------------------------- still pictures


def test_every_still_picture_is_a_board(tmp_path: Path) -> None:
    """The gallery's poster, a notebook's PNG (``Solution._repr_png_``) and ``preview``'s
    default frame: a board, covering at least 60 % of what a mid-video frame covers."""
    import puzzlereel
    from puzzlereel.gallery.posters import draw_poster

    trace = tmp_path / "t.jsonl"
    trace.write_text(example_trace(CONFIGS / "send-more-money.toml"), encoding="utf-8")
    d = film_of("send-more-money", "video")
    least = 0.6 * mid_cover(d)
    poster = tmp_path / "poster.png"
    draw_poster(trace, poster, RenderOptions(), frozenset())
    with Image.open(poster) as im:
        drawn = np.asarray(im.convert("RGB"))
    assert np.array_equal(drawn, at_frame(d, d.plan.ending_frame()))   # type: ignore[union-attr]
    solution = puzzlereel.load(trace)
    with Image.open(io.BytesIO(solution._repr_png_())) as im:
        shown = np.asarray(im.convert("RGB"))
    assert np.array_equal(shown, drawn)
    start = np.asarray(solution.frame())
    for still in (drawn, start):
        assert cover(still) >= least


# ---------------------------------------------------------------- 9:16 and 4:5


@pytest.mark.parametrize("name", SEVEN)
def test_a_9_16_frame_keeps_clear_of_the_platforms_words(name: str) -> None:
    """Nothing that changes while the moves play (the counter, the bar, the list) lies
    in the bottom 18 % (the caption) or the right 12 % (the buttons)."""
    d = film_of(name, "shorts")
    film = d.film
    caption, buttons = overlays(film.width, film.height)
    assert caption == round(0.18 * film.height) and buttons == round(0.12 * film.width)
    assert d.plan is not None
    moves = [d.plan.spans[k] for k, p in enumerate(d.plan.phases) if p.kind == MOVE]
    first, last = moves[0][0], moves[-1][1]
    changing = [e for e in film.elements if e.role == "chrome"
                and any(t0 < last and t1 > first for t0, t1 in e.changes())]
    assert changing
    for e in changing:
        x0, y0, x1, y1 = e.swept()
        assert y1 <= film.height - caption and x1 <= film.width - buttons, (name, e.name)


@pytest.mark.parametrize("name", SEVEN)
def test_a_9_16_frame_has_no_empty_band_mid_video(name: str) -> None:
    """Between the title-safe top and the caption zone no band of empty rows is taller
    than 15 % of the height, half-way through the video."""
    d = film_of(name, "shorts")
    assert d.plan is not None
    band = empty_band(at_frame(d, d.plan.total_frames // 2), 0.05, 0.82)
    assert band <= 0.15, (name, band)


@pytest.mark.parametrize("target", ["shorts", "instagram"])
@pytest.mark.parametrize("name", SEVEN)
def test_no_text_is_cut_in_9_16_or_4_5(name: str, target: str) -> None:
    """Every word of every phase is whole (wrapped or smaller, never cut with an
    ellipsis) and at least the legible size; a board about as wide as tall takes at
    least 85 % of the width, unless the goal the opening sets under it needs the room."""
    d = directed(example_trace(CONFIGS / f"{name}.toml"), RenderOptions(target=target),
                 layout="video", whole=True, explicit=frozenset({"target"}))
    plan = d.plan
    assert plan is not None
    for k in range(len(plan.phases)):
        for text in (t for s in d.film.still(plan.spans[k][1] - 1e-6) for t in texts(s)):
            if text.opacity <= 0:
                continue
            assert not text.text.endswith(ELLIPSIS), (name, target, text.text)
            assert text.size >= d.layout.legible, (name, target, text.text)
    ew, eh = d.scene.extent()
    L = d.layout
    if ew >= 0.9 * eh:
        opening = TallWords(L.legible, L.width, L.words, d.heading(), True).opening(
            L.panel[2]).height()
        assert L.board[2] >= 0.85 * L.width or L.panel[3] <= opening + 2 * L.legible, \
            (name, target)


@pytest.mark.parametrize("name", SEVEN)
def test_no_caption_is_on_screen_for_under_a_quarter_second(name: str) -> None:
    """Every subtitle of the default video lasts at least 0.25 s: a move, a step of the
    queens' time-lapse or a letter turning, never a flicker."""
    d = film_of(name, "video")
    assert d.plan is not None
    cues = d.plan.cues()
    assert cues
    short = [c for c in cues if c.end - c.start < 0.25 - 1e-9]
    assert short == [], (name, short[:3])
