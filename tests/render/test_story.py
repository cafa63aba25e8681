"""The story a video tells: text contrast in every theme, the result's words for each
way a trace ends, the goal sentence, and ``--duration`` fitting the whole video."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from puzzlereel.render.direction.director import Director
from puzzlereel.render.direction.wording import ending
from puzzlereel.render.film.shapes import Text
from puzzlereel.render.film.theme import THEMES, contrast
from puzzlereel.render.film.timeline import HOLD, MOVE, frame_time
from puzzlereel.render.options import RenderOptions
from puzzlereel.trace import End, Header
from tests.fixtures import DATA
from tests.render.films import directed, frame


@pytest.mark.parametrize("name", list(THEMES))
def test_every_text_pair_has_aa_contrast(name: str) -> None:
    for what, fg, bg in THEMES[name].text_pairs():
        assert contrast(fg, bg) >= 4.5, (name, what, fg, bg)


HEADER = Header(puzzle="sliding-block", title="Hakoiri Musume",
                solver={"metric": "piece", "program": "puzzlereel 0.1.0"})


def test_endings_say_what_happened() -> None:
    solved = ending(HEADER, End("solved", 81, {"states": 23822, "seconds": 0.29}), 81,
                    "Solved in 81 moves")
    assert solved.text == "Solved in 81 moves — the fewest possible"
    # what one move is in a viewer's words (never "piece metric"), then the search
    assert solved.details == ("Each slide of one piece, however far, is one move.",
                              "23,822 positions explored in 0.29 s")
    timed = ending(HEADER, End("solved", 31, {"nodes": 12226, "search_seconds": 0.0016,
                                              "load_seconds": 0.2049, "seconds": 0.2066}),
                   31, "Solved in 31 moves")
    assert timed.details[1] == "12,226 positions explored in 1.6 ms"   # the search's own
    none = ending(HEADER, End("unsolvable", None, {"reason": "parity"}), 0, "")
    assert none.headline == "No solution exists" and "parity" in none.details[0]
    limit = ending(HEADER, End("limit", None, {"states": 5000}), 3, "")
    assert "stopped after 5,000 positions" in limit.details[0]
    cut = ending(HEADER, None, 5, "")
    assert cut.headline == "Trace incomplete"


def _film(text: str, fps: int = 30, **values: object) -> Director:
    options = RenderOptions(**{"cell": 8, **values})            # type: ignore[arg-type]
    return directed(text, options, layout="compact", fps=fps, explicit=frozenset(values))


@pytest.mark.parametrize("seconds", [7.0, 20.0, 95.5])
def test_duration_fits_within_one_frame(seconds: float) -> None:
    d = _film((DATA / "hakoiri-5.jsonl").read_text(), duration=seconds)
    assert d.plan is not None
    assert abs(d.plan.total_frames / 30 - seconds) <= 1 / 30


SLIDE3 = "\n".join(json.dumps(x) for x in [
    {"type": "header", "format": "puzzlereel-trace", "version": 1, "puzzle": "sliding-block",
     "title": "three cells", "board": {"width": 5, "height": 1, "walls": [], "exits": []},
     "pieces": [{"id": "A", "x": 0, "y": 0, "w": 1, "h": 1}],
     "goal": {"piece": "A", "x": 4, "y": 0}, "solver": {"metric": "piece"}},
    {"type": "move", "n": 1, "piece": "A", "path": [[1, 0], [2, 0], [3, 0]]},
    {"type": "end", "status": "limit"}]) + "\n"


def test_a_three_cell_slide_measured_on_the_frames_has_one_velocity_peak() -> None:
    """A 3-cell straight slide, its piece found on every rendered frame of the move:
    the speed rises to one peak and falls (no stop at a cell boundary), and the piece
    ends exactly three cells on."""
    d = _film(SLIDE3, cell=40, fps=30, labels=False)     # its name would move the centroid
    plan = d.plan
    assert plan is not None
    k = next(i for i, p in enumerate(plan.phases) if p.kind == MOVE)
    first = sum(plan.counts[:k])
    fill = np.array(d.scene.fills[0], np.int16)          # type: ignore[attr-defined]

    def centre_x(index: int) -> float:
        import cv2

        img = frame(d.film, frame_time(index, 30)).astype(np.int16)
        near = (np.abs(img - fill).max(axis=2) <= 6).astype(np.uint8)
        # the goal's dashed outline shares the piece's colour: keep solid areas only
        ys, xs = np.nonzero(cv2.erode(near, np.ones((7, 7), np.uint8)))
        assert len(xs) > 200, index
        return float(xs.mean())

    xs = [centre_x(i) for i in range(first - 1, first + plan.counts[k])]
    assert abs((xs[-1] - xs[0]) - 3 * 40) <= 1.0
    v = [b - a for a, b in zip(xs, xs[1:])]
    # never back, and on every frame but the eased ends' first and last sub-pixel ones
    assert len(v) >= 15 and all(d >= 0 for d in v) and all(d > 0 for d in v[3:-3])
    peak = v.index(max(v))
    assert 0 < peak < len(v) - 1
    assert all(a <= b + 0.6 for a, b in zip(v[:peak], v[1:peak + 1]))   # rises ...
    assert all(a + 0.6 >= b for a, b in zip(v[peak:], v[peak + 1:]))    # ... then falls
    # one peak: no local maximum but the top one (half a pixel of rounding allowed)
    bumps = [i for i in range(1, len(v) - 1)
             if v[i] > v[i - 1] + 0.6 and v[i] > v[i + 1] + 0.6 and i != peak]
    assert bumps == []


# ---------------------------------------------------------------- golden frames

STORY = ["dads-puzzle", "six-puzzle-2x3", "triangle", "n-queens-8",
         "mastermind-9431-simple", "send-more-money"]      # one config per family
STORY_SIZE = (384, 216)


@pytest.mark.parametrize("name", STORY)
def test_opening_mid_move_and_ending_frames(golden, name: str) -> None:
    """Each family's first frame (the start position with its title), a frame half-way
    through its first move and its last frame (the last position with the result), in
    the 16:9 layout (board and side panel), against their golden images."""
    from tests.fixtures import Tolerance
    from tests.render.examples import STORED

    text = (STORED / f"{name}.jsonl").read_text()
    d = directed(text, RenderOptions(size=STORY_SIZE), layout="video")
    plan = d.plan
    assert plan is not None
    first_move = next(k for k, p in enumerate(plan.phases) if p.kind == MOVE)
    mid = sum(plan.counts[:first_move]) + (plan.counts[first_move] - 1) // 2
    frames = {"opening": 0, "mid": mid, "ending": plan.total_frames - 1}
    tolerance = Tolerance(mean=1.5, off=48, by_value=True)
    seen = {}
    for what, index in frames.items():
        img = frame(d.film, frame_time(index, plan.fps))
        assert img.shape == (STORY_SIZE[1], STORY_SIZE[0], 3)
        golden.check(f"story-{name}-{what}", img, tolerance)
        seen[what] = img
    # three different pictures: the start, a move under way, the end
    assert not np.array_equal(seen["opening"], seen["mid"])
    assert not np.array_equal(seen["mid"], seen["ending"])


def test_partial_draws_a_trace_cut_in_the_middle_of_a_line() -> None:
    """``--partial``: a trace cut anywhere, even mid-line, draws every whole event and
    ends on its last position with the result "Trace incomplete"; without
    it the cut is an error."""
    from puzzlereel.render.direction.resolve import resolve_options
    from puzzlereel.render.outputs import render_stream
    from puzzlereel.trace import TraceError

    text = (DATA / "hakoiri-5.jsonl").read_text()
    lines = text.splitlines(keepends=True)
    cut = "".join(lines[:4]) + lines[4][:17]     # two moves, a note, half a move
    made: list[Director] = []

    class Feed:
        def feed(self, item: object, rep: object) -> None:
            made[0].feed(item, rep)                              # type: ignore[arg-type]

        def finish(self, end: object, progress: object = None) -> None:
            pass

    def make(header: Header) -> list[Feed]:
        made.append(Director(header, resolve_options(header, RenderOptions(cell=40)), 10,
                             layout="compact"))
        return [Feed()]

    end = render_stream(io.BytesIO(cut.encode()), "cut", make, allow_partial=True)
    d = made[0]
    film = d.finish(end)
    assert end is None and d.plan is not None and d.plan.moves == 2
    assert d.ending().headline == "Trace incomplete"
    counter = film.names["counter"]
    said = counter.variants[counter.state(film.duration).shape]
    assert isinstance(said, Text) and said.text == "Trace incomplete"
    # the last position stays: the video's last frame is the ending's still picture
    hold = d.plan.span(HOLD)
    assert hold is not None
    assert np.array_equal(frame(film, film.duration), frame(film, hold[0] + 0.4))
    made.clear()
    with pytest.raises(TraceError):
        render_stream(io.BytesIO(cut.encode()), "cut", make)
