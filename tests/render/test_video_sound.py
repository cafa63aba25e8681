"""A video's sounds (``--sound``): each family's moves make their sound as they happen
(a slide as long as the motion, a pop as a peg lands or a queen is placed, a click as a
peg, a digit, an operator or a solution appears), a solved puzzle chimes as its goal is reached, a
puzzle without a solution ends on a low tone; MP4 and WebM carry them, in time with the
frames; a GIF, an SVG and a player have no sound; without ``--sound`` a video is silent."""

from __future__ import annotations

import io
import json

import av
import numpy as np
import pytest

from puzzlereel.render.direction.director import CHIME_AFTER
from puzzlereel.render.film.timeline import HOLD, MOVE, PAYOFF, START
from puzzlereel.render.options import RenderOptions
from tests.fixtures import DATA, cli, tiny_block
from tests.render.films import directed
from tests.render.test_svg import EXAMPLES, trace_of

# the sound each family's moves make
KIND = {"sliding-block": {"slide"}, "sliding-tile": {"slide"}, "peg-solitaire": {"pop"},
        "n-queens": {"pop", "click"}, "mastermind": {"click"}, "alphametic": {"click"},
        "komachi": {"click"}, "oomachi": {"click"}}


def _spans(d, kind: str) -> list[tuple[float, float]]:
    p = d.plan
    return [p.spans[k] for k, phase in enumerate(p.phases) if phase.kind == kind]


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_familys_moves_make_their_sound_while_they_happen(name: str) -> None:
    d = directed(trace_of(name), RenderOptions(size=(640, 360), sound=True), layout="video",
                 whole=True, explicit=frozenset({"size", "sound"}))
    moves = _spans(d, MOVE)
    assert d.sounds[0].kind == "open" and d.sounds[0].start == 0.0   # a cue as it opens
    made = [s for s in d.sounds if s.kind not in ("chime", "open")]
    assert made and {s.kind for s in made} == KIND[d.header.puzzle], name
    for s in made:            # inside a move, never in a pause, a card or the search
        assert any(t0 - 1e-9 <= s.start <= t1 + 1e-9 for t0, t1 in moves), (name, s)
    chimes = [s for s in d.sounds if s.kind == "chime"]
    assert len(chimes) == 1 and chimes[0].start >= moves[-1][1] - 1e-9     # all solved


def test_a_slide_sounds_for_as_long_as_its_motion() -> None:
    d = directed(DATA / "hakoiri-5.jsonl", RenderOptions(size=(640, 360)), layout="video",
                 whole=True, explicit=frozenset({"size"}))
    slides = [t for s in d.sounds[1:] for t in (s.start, s.start + s.seconds)]
    assert slides == pytest.approx([t for span in _spans(d, MOVE) for t in span])
    # the opening's cue, then slides: a trace cut short has no chime
    assert [s.kind for s in d.sounds] == ["open"] + ["slide"] * 5


def test_pegs_pop_as_each_jump_of_a_chain_lands() -> None:
    d = directed(trace_of("triangle"), RenderOptions(size=(640, 360)), layout="video",
                 whole=True, explicit=frozenset({"size"}))
    paths = [len(json.loads(line)["path"]) for line in trace_of("triangle").splitlines()
             if json.loads(line)["type"] == "move"]
    pops = [s.start for s in d.sounds if s.kind == "pop"]
    spans = _spans(d, MOVE)
    assert len(spans) == len(paths)
    for (t0, t1), jumps in zip(spans, paths):     # a chain's jumps land one by one
        inside = [t for t in pops if t0 < t <= t1 + 1e-9]
        assert len(inside) == jumps
        assert inside == pytest.approx([t0 + (t1 - t0) * (j + 1) / jumps
                                        for j in range(jumps)])
    assert len(pops) == sum(paths)


def test_the_goal_chimes_as_the_payoff_starts() -> None:
    d = directed(trace_of("hakoiri-musume"), RenderOptions(size=(640, 360)),
                 layout="video", whole=True, explicit=frozenset({"size"}))
    (chime,) = [s for s in d.sounds if s.kind == "chime"]
    assert chime.start == pytest.approx(_spans(d, PAYOFF)[0][0] + CHIME_AFTER)


UNSOLVABLE = "\n".join(json.dumps(o) for o in (
    {"type": "header", "format": "puzzlereel-trace", "version": 1, "puzzle": "sliding-tile",
     "title": "Swapped", "rows": 2, "cols": 2, "tiles": [2, 1, 3, 0],
     "goal": [1, 2, 3, 0]},
    {"type": "end", "status": "unsolvable", "stats": {"reason": "parity"}})) + "\n"


def test_no_solution_ends_on_a_low_tone_as_the_result_shows() -> None:
    d = directed(UNSOLVABLE, RenderOptions(size=(640, 360)), layout="video",
                 whole=True, explicit=frozenset({"size"}))
    assert [s.kind for s in d.sounds] == ["open", "low"]
    assert d.sounds[1].start == pytest.approx(_spans(d, HOLD)[0][0])
    assert d.sounds[1].start > _spans(d, START)[0][0]


def _audio(path) -> tuple[str, np.ndarray] | None:
    with av.open(str(path)) as container:
        if not container.streams.audio:
            return None
        stream = container.streams.audio[0]
        samples = np.concatenate([f.to_ndarray().reshape(-1)
                                  for f in container.decode(stream)])
        return stream.codec_context.name, samples


@pytest.mark.parametrize("suffix, codec", [("mp4", "aac"), ("webm", "opus")])
def test_the_videos_sound_is_heard_when_the_moves_happen(tmp_path, suffix: str,
                                                        codec: str) -> None:
    trace = DATA / "hakoiri-5.jsonl"
    out = tmp_path / f"h.{suffix}"
    res = cli("render", trace, "-o", out, "--sound", "--size", "320x180", "--fps", "30")
    assert res.exit_code == 0, res.output
    found = _audio(out)
    assert found is not None
    name, samples = found
    assert name == codec
    d = directed(trace, RenderOptions(size=(320, 180)), layout="video", whole=True,
                 explicit=frozenset({"size"}))
    assert len(samples) / 48000 == pytest.approx(d.plan.seconds, abs=0.05)
    # the opening's cue from the first frame, then each move as it plays
    top = float(np.abs(samples).max())
    assert np.abs(samples[:int(0.03 * 48000)]).max() > 1e-3 * top
    for sound in d.sounds[1:]:
        at = int(sound.start * 48000)
        assert np.abs(samples[at:at + int(0.1 * 48000)]).max() > 0.1 * top, sound


def test_without_sound_a_video_is_silent_and_a_gif_never_has_any(tmp_path) -> None:
    trace = DATA / "hakoiri-5.jsonl"
    quiet = tmp_path / "q.mp4"
    assert cli("render", trace, "-o", quiet, "--size", "320x180").exit_code == 0
    assert _audio(quiet) is None
    gif = tmp_path / "s.gif"
    res = cli("render", trace, "-o", gif, "--sound", "--cell", "8")
    assert res.exit_code == 0, res.output
    assert gif.read_bytes()[:6] == b"GIF89a"


def test_sound_from_the_config(tmp_path) -> None:
    cfg = tiny_block(tmp_path, "s", "S", "sound = true")
    out = tmp_path / "s.mp4"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", out, "--config", cfg, "--size",
              "320x180")
    assert res.exit_code == 0, res.output
    assert _audio(out) is not None
    again = tmp_path / "n.mp4"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", again, "--config", cfg, "--size",
              "320x180", "--no-sound")
    assert res.exit_code == 0, res.output
    assert _audio(again) is None




SEVEN = ["hakoiri-musume", "rush-hour-style", "eight-puzzle", "triangle", "n-queens-8",
         "send-more-money", "mastermind-9431"]


@pytest.mark.parametrize("name", SEVEN)
def test_every_familys_track_is_as_loud_as_the_others(tmp_path, name: str) -> None:
    """Each family's sound track, decoded back from its MP4, is -16 ± 1 LUFS integrated
    (pyloudnorm, BS.1770) with its sample peak at most -1 dBFS: the goal's chime never
    falls on the last move's own sound, where their peaks would add up."""
    from puzzlereel.render.api import render_trace
    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace
    from tests.render.test_sound import lufs

    out = tmp_path / f"{name}.mp4"
    render_trace(io.StringIO(example_trace(CONFIGS / f"{name}.toml")), name, [("mp4", out)],
                 RenderOptions(size=(320, 180), sound=True, fps=10),
                 explicit=frozenset({"size", "sound", "fps"}))
    got = _audio(out)
    assert got is not None
    _codec, samples = got
    loudness = lufs(samples)
    peak = 20 * np.log10(np.abs(samples).max())
    assert -17.0 <= loudness <= -15.0, (name, loudness)
    assert peak <= -1.0, (name, peak)
