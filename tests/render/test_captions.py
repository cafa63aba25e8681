"""The video's captions: the MP4's subtitle track is embedded but off by default (its
disposition ``default`` 0, as ffprobe reads it), on with ``--captions`` or
``captions_on = true``; the cues of the MP4 and the WebVTT file end with the result in
the ending's words, lasting to the video's end."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import av
import pytest

from puzzlereel.render.encoders.tracks import enable_subtitles
from tests.fixtures import DATA, cli

SOLVED = Path(__file__).resolve().parent / "data" / "six-puzzle-2x3.jsonl"   # 21 moves
STOPPED = DATA / "hakoiri-5.jsonl"       # five moves, then the search stopped
SMALL = ["--cell", "8", "--fps", "10"]
RESULT = "Solved in 21 moves — the fewest possible"


def rendered(tmp_path: Path, trace: Path, *flags: str) -> tuple[Path, Path]:
    """An MP4 and a WebVTT file of ``trace``, made in one pass."""
    mp4, vtt = tmp_path / "t.mp4", tmp_path / "t.vtt"
    res = cli("render", str(trace), "-o", mp4, "-o", vtt, *SMALL, *flags)
    assert res.exit_code == 0, res.output
    return mp4, vtt


def probed_default(mp4: Path) -> dict[str, int]:
    """Each stream's ``default`` disposition as ffprobe reads it, by codec."""
    ffprobe = shutil.which("ffprobe")
    if ffprobe is None:
        pytest.skip("needs ffprobe")
    out = subprocess.run([ffprobe, "-v", "error", "-show_entries",
                          "stream=codec_name:stream_disposition=default", "-of", "json",
                          str(mp4)], capture_output=True, text=True, check=True).stdout
    return {s["codec_name"]: s["disposition"]["default"] for s in json.loads(out)["streams"]}


def track_cues(mp4: Path) -> tuple[list[tuple[float, float, str]], float]:
    """The MP4's subtitle cues (start, end, text; empty samples left out) and the
    video's length in seconds, as PyAV reads them."""
    with av.open(str(mp4)) as c:
        sub = c.streams.subtitles[0]
        video = c.streams.video[0]
        seconds = float(video.duration * video.time_base)
        cues = []
        for packet in c.demux(sub):
            data = bytes(packet)
            if packet.pts is None or len(data) <= 2:
                continue
            start = float(packet.pts * packet.time_base)
            cues.append((start, start + float(packet.duration * packet.time_base),
                         data[2:].decode("utf-8")))
    return cues, seconds


def vtt_cues(vtt: Path) -> list[tuple[str, str]]:
    """The WebVTT file's cues: (timing line, text)."""
    blocks = vtt.read_text(encoding="utf-8").split("\n\n")[1:]
    return [(lines[1], lines[2]) for block in blocks if (lines := block.strip().split("\n"))]


def test_the_mp4s_captions_are_embedded_but_off_by_default(tmp_path: Path) -> None:
    mp4, _ = rendered(tmp_path, SOLVED)
    assert probed_default(mp4) == {"h264": 1, "mov_text": 0}
    with av.open(str(mp4)) as c:
        assert len(c.streams.subtitles) == 1
        assert not c.streams.subtitles[0].disposition & av.stream.Disposition.default


def test_captions_on_makes_the_track_play_by_default(tmp_path: Path) -> None:
    mp4, _ = rendered(tmp_path, SOLVED, "--captions")
    assert probed_default(mp4) == {"h264": 1, "mov_text": 1}
    off, _ = rendered(tmp_path / "off", SOLVED, "--no-captions")
    assert probed_default(off)["mov_text"] == 0


def test_captions_on_from_the_config(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[puzzle]\ntype = "sliding-tile"\n[render]\ncaptions_on = true\n')
    mp4, _ = rendered(tmp_path, SOLVED, "--config", str(config))
    assert probed_default(mp4)["mov_text"] == 1


def test_the_last_cue_is_the_result_to_the_videos_end(tmp_path: Path) -> None:
    mp4, vtt = rendered(tmp_path, SOLVED)
    cues, seconds = track_cues(mp4)
    start, end, text = cues[-1]
    assert text == RESULT
    assert end == pytest.approx(seconds, abs=0.11)          # to the last frame
    assert start == pytest.approx(cues[-2][1], abs=1e-3)    # where the moves' cues stop
    assert cues[-2][2].startswith("Move 21 / 21")
    written = vtt_cues(vtt)
    assert [text for _, text in written] == [text for *_, text in cues]
    assert written[-1][1] == RESULT
    assert len(cues) == len({c[0] for c in cues})           # no two at once


def test_a_trace_that_stopped_ends_with_its_result_too(tmp_path: Path) -> None:
    mp4, vtt = rendered(tmp_path, STOPPED)
    cues, seconds = track_cues(mp4)
    assert cues[-1][2] == "Search stopped"
    assert cues[-1][1] == pytest.approx(seconds, abs=0.11)
    assert vtt_cues(vtt)[-1][1] == "Search stopped"


def test_a_file_without_a_movie_box_is_left_alone(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mp4"
    empty.write_bytes(b"")
    assert enable_subtitles(empty, False) == 0
    junk = tmp_path / "junk.mp4"
    junk.write_bytes(b"\x00\x00\x00\x10free" + b"\x00" * 8 + b"\x00\x00\x00\x03bad")
    assert enable_subtitles(junk, True) == 0
    assert junk.read_bytes().endswith(b"bad")
