"""A video directed by what the solver knows, one test a rule, on the bundled examples:
the moves that matter get the time, the list's lines stay long enough to read, the
opening and the ending are sized to the video, every word is large enough on a phone and
in a viewer's words, portrait frames are filled, and the sound tells moves apart.

``benchmarks/direction.py`` prints the same figures for every example."""

from __future__ import annotations

import re
import statistics

import numpy as np
import pytest

from benchmarks.direction import bands
from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.layout import clear_of_buttons, drawing_size, overlays
from puzzlereel.render.direction.plan import remarks
from puzzlereel.render.encoders.loudness import integrated_loudness, peak_db
from puzzlereel.render.encoders.sound import RATE, synthesize
from puzzlereel.render.film.shapes import texts
from puzzlereel.render.film.timeline import END, HOLD, MOVE, PAUSE, PAYOFF, frame_time
from puzzlereel.render.film.typeset import CAP_HEIGHT
from puzzlereel.render.options import RenderOptions
from tests.fixtures import CONFIGS
from tests.render.examples import example_trace
from tests.render.films import directed, frame

# one example of every family, and the sliding blocks' others
FAMILIES = ["hakoiri-musume", "eight-puzzle", "triangle", "n-queens-8", "mastermind-9431",
            "komachi-100", "oomachi", "send-more-money"]
BLOCKS = ["hakoiri-musume", "dads-puzzle", "rush-hour-style"]
TARGETS = {"landscape": (RenderOptions(), "video", False),
           "9:16": (RenderOptions(target="shorts"), "video", False),
           "4:5": (RenderOptions(target="instagram"), "video", False),
           "gif": (RenderOptions(fps=15), "compact", True)}
ENGINE = re.compile(r"metric|bit ?mask|vectori[sz]ed|carries|strategy:", re.IGNORECASE)


def film(name: str, target: str = "landscape", **options: object) -> Director:
    base, layout, loop = TARGETS[target]
    given = {**{k: getattr(base, k) for k in ("target", "fps")}, **options}
    opts = RenderOptions(**given)                 # type: ignore[arg-type]
    explicit = frozenset(k for k in given if k != "fps" or target == "gif") - {"target"} \
        | ({"target"} if opts.target else set())
    return directed(example_trace(CONFIGS / f"{name}.toml"), opts, layout=layout,
                    fps=opts.fps, whole=True, explicit=explicit, loop=loop)


def on_screen(d: Director) -> dict[int, float]:
    """Each counted move's time on screen: its motion and the pause after it."""
    p = d.plan
    assert p is not None
    out: dict[int, float] = {}
    for k, phase in enumerate(p.phases):
        if phase.kind in (MOVE, PAUSE) and phase.step is not None and p.beats[phase.step].move:
            n = p.beats[phase.step].move
            assert n is not None
            out[n] = out.get(n, 0.0) + p.spans[k][1] - p.spans[k][0]
    return out


def first_move(d: Director) -> float:
    p = d.plan
    assert p is not None
    return next(p.spans[k][0] for k, ph in enumerate(p.phases) if ph.kind == MOVE)


# ---------------------------------------------------------------- the pace


def test_hakoiri_gives_the_moves_that_matter_the_time() -> None:
    """The daughter's moves and the last five are on screen at least 1.6 times as long
    as the median move; the video lasts within 15 % of the uniform pace's 40.2 s."""
    d = film("hakoiri-musume")
    times = on_screen(d)
    median = statistics.median(times.values())
    text = example_trace(CONFIGS / "hakoiri-musume.toml")
    daughter = [int(m.group(1)) for m in re.finditer(r'"n":(\d+),"piece":"A"', text)]
    assert len(daughter) == 9
    for n in {*daughter, *range(77, 82)}:
        assert times[n] >= 1.6 * median, (n, times[n], median)
    assert d.plan is not None and abs(d.plan.seconds - 40.17) <= 0.15 * 40.17


def test_hakoiri_says_its_decisive_moves_in_words() -> None:
    """A move that was the only one of many to keep the optimum is said on screen,
    naming it: "Move 5: the only one of 6 that keeps 81", or a shorter form that still
    names it ("Move 5: only 1 of 6 keeps 81") where the row is narrower."""
    d = film("hakoiri-musume")
    assert d.plan is not None
    longest = {r[0] for r in remarks(d.plan) if r}
    assert longest and all(re.fullmatch(r"Move \d+: the only one of \d+ that keeps 81", s)
                           for s in longest)
    # shown in the longest of its forms that name the move and fit the row
    said = {text for r in remarks(d.plan) for text in r if text.startswith("Move ")}
    rows = [e for name, e in d.film.names.items() if name.startswith("panel.row")]
    assert any(t.text in said for e in rows for v in e.variants for t in texts(v))


def test_a_remark_that_does_not_name_its_move_shows_only_during_that_move() -> None:
    """The shortest words of a remark ("1 of 6 keeps 81") leave out the move's number,
    so they are offered only while that move is the one on screen."""
    d = film("hakoiri-musume")
    assert d.plan is not None
    plan = d.plan
    unnamed = later = 0
    for k, said in enumerate(remarks(plan)):
        if not said:
            continue
        named = int(re.match(r"Move (\d+):", said[0]).group(1))  # type: ignore[union-attr]
        step = plan.phases[k].step
        assert step is not None
        on_screen = plan.shown[step][0]
        bare = [s for s in said if not s.startswith("Move ")]
        if on_screen == named:
            unnamed += 1
            assert bare == [said[-1]] and re.fullmatch(r"1 of \d+ keeps 81", bare[0])
        else:
            later += 1
            assert not bare
    assert unnamed and later


@pytest.mark.parametrize("target", ["landscape", "9:16", "gif"])
def test_the_current_line_of_the_list_changes_at_most_twice_a_second(target: str) -> None:
    """Hakoiri's list never changes its current line twice within 0.5 s."""
    d = film("hakoiri-musume", target)
    p = d.plan
    assert p is not None
    changes, current = [], None
    for k in range(len(p.phases)):
        entry = p.counter(k).entry
        if entry is not None and entry != current:
            changes.append(p.spans[k][0])
        current = entry
    assert min(b - a for a, b in zip(changes, changes[1:])) >= 0.5


@pytest.mark.parametrize("name", FAMILIES + BLOCKS[1:])
def test_the_ending_is_at_most_fifteen_percent_and_two_seconds(name: str) -> None:
    """The payoff, the hold and the result together: at most 15 % of the default video
    (a frame's rounding aside), at least 2 s."""
    d = film(name)
    p = d.plan
    assert p is not None
    ending = sum(p.spans[k][1] - p.spans[k][0] for k, ph in enumerate(p.phases)
                 if ph.kind in (PAYOFF, HOLD, END))
    assert ending >= 2.0 - 1 / p.fps - 1e-9
    assert ending <= max(2.0, 0.15 * p.seconds) + 1 / p.fps, (ending, p.seconds)


@pytest.mark.parametrize("name", FAMILIES + BLOCKS[1:])
@pytest.mark.parametrize("target", ["9:16", "4:5"])
def test_short_form_with_search_moves_first_by_three_seconds(name: str, target: str) -> None:
    """9:16 and 4:5 with ``--search``: the first move by 3 s; the chart is told after
    the solution."""
    d = film(name, target, search=True)
    assert first_move(d) <= 3.0
    p = d.plan
    assert p is not None and p.timing.pacing.search_after == (p.span("search") is not None)


def test_the_opening_lasts_as_long_as_its_words() -> None:
    """A long rule opens longer than a short one, and a short video opens briefly."""
    assert first_move(film("mastermind-9431")) > first_move(film("rush-hour-style"))
    assert first_move(film("rush-hour-style")) <= 1.5


# ---------------------------------------------------------------- words


def frame_texts(d: Director) -> list[tuple[str, int]]:
    """Every text drawn at the start, middle and end of every phase: (text, size)."""
    p = d.plan
    assert p is not None
    out = []
    for t0, t1 in p.spans:
        for t in (t0 + 1e-4, (t0 + t1) / 2, max(t0, t1 - 1e-4)):
            for shape in d.film.still(t):
                out += [(x.text, x.size) for x in texts(shape)
                        if x.text.strip() and x.opacity > 0]
    return out


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("name", FAMILIES + BLOCKS[1:])
def test_every_word_is_large_enough_and_in_a_viewers_words(name: str, target: str) -> None:
    """No text's capitals under 2.5 % of the frame's height; no solver's own words
    (its metric, bit masks, vectorised, carries, "strategy:")."""
    d = film(name, target)
    said = frame_texts(d)
    least = min(size for _, size in said)
    assert least * CAP_HEIGHT >= 0.025 * d.film.height - 1e-9, (least, d.film.height)
    assert not [text for text, _ in said if ENGINE.search(text)]


def test_the_cap_height_is_the_fonts() -> None:
    from puzzlereel.render.film.typeset import font

    left, top, right, bottom = font(1000).getbbox("H")
    assert abs((bottom - top) / 1000 - CAP_HEIGHT) < 0.005


# ---------------------------------------------------------------- portrait frames


@pytest.mark.parametrize("name", FAMILIES + BLOCKS[1:])
@pytest.mark.parametrize("target", ["9:16", "4:5"])
def test_portrait_frames_are_filled_down_to_the_caption(name: str, target: str) -> None:
    """The first, middle and last frames: no empty band over 6 % of the height between
    the content and the caption zone (the bottom 18 %)."""
    d = film(name, target)
    p = d.plan
    assert p is not None
    for index in (0, p.total_frames // 2, p.total_frames - 1):
        tail, _ = bands(frame(d.film, frame_time(index, p.fps)))
        assert tail <= 0.06, (index, tail)


@pytest.mark.parametrize("name", BLOCKS + ["triangle"])
def test_the_payoff_stays_clear_of_the_buttons(name: str) -> None:
    """In 9:16 the payoff (the exit and the leaving piece, the goal hole) stays left of
    the platforms' buttons in the lower half of the frame."""
    d = film(name, "9:16")
    L = d.layout
    assert clear_of_buttons(L, d.scene.extent(), d.scene.payoff_area())
    box = d.scene.payoff_area()
    if box is not None:
        x, y = L.origin(drawing_size(d.scene.extent(), L.cell))
        _, buttons = overlays(L.width, L.height)
        assert x + box[2] * L.cell <= L.width - buttons or y + box[3] * L.cell <= L.height / 2


# ---------------------------------------------------------------- sound


def gaps_between_moves(d: Director, samples: np.ndarray) -> list[float]:
    """The quietest 10 ms (RMS, dBFS) between the end of each move and the next's start."""
    p = d.plan
    assert p is not None
    moves = [p.spans[k] for k, ph in enumerate(p.phases) if ph.kind == MOVE]
    w = int(0.01 * RATE)
    out = []
    for (_, a), (b, _) in zip(moves, moves[1:]):
        seg = samples[int(a * RATE):int(b * RATE)].astype(np.float64)
        k = len(seg) // w
        assert k >= 1, (a, b)
        rms = np.sqrt((seg[:k * w].reshape(k, w) ** 2).mean(axis=1)).min()
        out.append(20 * np.log10(max(float(rms), 1e-12)))
    return out


def test_sliding_moves_are_heard_apart() -> None:
    """Hakoiri's track falls below -50 dBFS between every two moves."""
    d = film("hakoiri-musume", sound=True)
    assert d.plan is not None
    samples = synthesize(d.sounds, d.plan.seconds)
    assert max(gaps_between_moves(d, samples)) < -50.0


@pytest.mark.parametrize("name", FAMILIES + BLOCKS[1:])
def test_every_track_is_levelled_and_sounds_from_the_first_frame(name: str) -> None:
    """-16 +- 1 LUFS with the sample peak at most -1 dBFS, and a sound at 0 s."""
    d = film(name, sound=True)
    assert d.plan is not None
    samples = synthesize(d.sounds, d.plan.seconds)
    assert abs(integrated_loudness(samples) + 16.0) <= 1.0
    assert peak_db(samples) <= -1.0
    assert d.sounds[0].start == 0.0
    assert np.abs(samples[:int(0.1 * RATE)]).max() > 0


@pytest.mark.parametrize("name", ["hakoiri-musume", "eight-puzzle", "n-queens-8",
                                  "mastermind-9431"])
@pytest.mark.parametrize("target", ["landscape", "9:16", "4:5"])
def test_the_search_chart_keeps_every_word_whole(name: str, target: str) -> None:
    """With ``--search``, every text of every phase lies inside the frame, whole (never
    cut with an ellipsis) and at the legible size at least: a count too long for one
    line takes two."""
    from puzzlereel.render.film.shapes import bounds
    from puzzlereel.render.film.typeset import ELLIPSIS
    from tests.render.test_layouts import texts as placed

    d = film(name, target, search=True)
    p = d.plan
    assert p is not None and p.span("search") is not None
    for t0, t1 in p.spans:
        for text, dx, dy in placed(d.film.still((t0 + t1) / 2)):
            if not text.text.strip() or text.opacity <= 0:
                continue
            x0, y0, x1, y1 = bounds(text)
            assert 0 <= x0 + dx and x1 + dx <= d.film.width, text.text
            assert 0 <= y0 + dy and y1 + dy <= d.film.height, text.text
            assert not text.text.endswith(ELLIPSIS), text.text
            assert text.size >= d.layout.legible, text.text
