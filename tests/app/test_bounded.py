"""Everything is linear and bounded: no read of an endless line, no quadratic check, a
manifest written a bounded number of times per config, globs that end; a notebook's
inline player of a long trace is cut, a poster has the gallery's size whatever a trace
asks, and a video too large for the memory there is stops with one line.

The checks are of work, not of speed: an endless input read under a memory limit ends
with one error line naming the line; a quadratic check or a glob through a link loop
would run for minutes or forever, so each is run under ``LIMIT_SECONDS`` (the fuzzers'
bound for endless work); the manifest's writes are counted."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlereel.batch import planning, sources
from puzzlereel.catalog import importers
from puzzlereel.ground.manifest import ConfigRecord, Manifest, OutputRecord
from puzzlereel.rules.sliding_tile import check_tiles
from tests.fixtures import DATA, cli, long_tile_trace, tiny_block
from tests.fuzz.checks import time_limit

ME = [sys.executable, "-m", "puzzlereel"]
MEMORY = 1 << 30          # the address space the endless reads run in


def limited(*args: str | Path, stdin: Path | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    with open(stdin or os.devnull, "rb") as handle:
        return subprocess.run([*ME, *map(str, args)], stdin=handle, capture_output=True,
                              text=True, timeout=300, preexec_fn=limit)


@pytest.mark.parametrize("args, stdin, where", [
    (["validate", "-"], "/dev/zero", "<stdin>: line 1: longer than"),
    (["show", "/dev/zero"], None, "/dev/zero: line 1: longer than"),
    (["render", "-", "-o", "{tmp}/x.gif"], "/dev/zero", "<stdin>: line 1: longer than"),
    (["solve", "/dev/zero"], None, "/dev/zero: larger than"),
    (["import", "tiles", "-", "-o", "{tmp}/out"], "/dev/zero", "line 1: longer than"),
])
def test_an_endless_line_is_one_short_error_not_all_memory(tmp_path, args, stdin, where):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    res = limited(*args, stdin=Path(stdin) if stdin else None)
    assert res.returncode == 1, res.stderr[-2000:]
    assert where in res.stderr
    assert len(res.stderr) < 300 and "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_long_line_is_named_by_its_number(tmp_path):
    trace = tmp_path / "t.jsonl"
    with open(trace, "wb") as handle:
        handle.writelines(DATA.joinpath("hakoiri-5.jsonl").read_bytes().splitlines(True)[:3])
        handle.write(b"x" * (17 << 20))
    res = cli("validate", trace)
    assert res.exit_code == 1
    assert f"{trace}: line 4: longer than" in res.stderr and len(res.stderr) < 300
    gallery = tmp_path / "site"
    gallery.mkdir()
    (gallery / "a.jsonl").write_bytes(b"y" * (17 << 20))
    res = cli("gallery", gallery)
    assert res.exit_code == 1 and "line 1: longer than" in res.stderr


# ---------------------------------------------------------------- no quadratic checks

N = 500                                   # a 500x500 board: 250,000 tiles


def big_board(duplicate: bool = False) -> list[int]:
    tiles = list(range(1, N * N)) + [0]
    if duplicate:
        tiles[7] = tiles[8]
    return tiles


def test_checking_250000_tiles_is_linear(tmp_path):
    with time_limit():
        assert check_tiles(big_board(), N, N) is None
        why = check_tiles(big_board(duplicate=True), N, N)
    assert why is not None and "repeated 9" in why and "missing 8" in why
    assert len(why) < 200


def test_validate_and_import_a_250000_tile_board_end(tmp_path):
    tiles = big_board()
    tiles[-2], tiles[-1] = tiles[-1], tiles[-2]               # one move from the goal
    header = {"type": "header", "format": "puzzlereel-trace", "version": 1,
              "puzzle": "sliding-tile", "rows": N, "cols": N, "tiles": tiles}
    trace = tmp_path / "big.jsonl"
    move = {"type": "move", "n": 1, "tile": N * N - 1}
    end = {"type": "end", "status": "solved", "moves": 1}
    trace.write_text("".join(json.dumps(o) + "\n" for o in (header, move, end)),
                     encoding="utf-8")
    with time_limit():
        res = cli("validate", trace)
    assert res.exit_code == 0, res.output
    line = " ".join(map(str, big_board(duplicate=True)))
    source = tmp_path / "dup.txt"
    source.write_text(line + "\n", encoding="utf-8")
    with time_limit():
        res = cli("import", "tiles", source, "-o", tmp_path / "out", "--size", f"{N}x{N}")
    assert res.exit_code == 1
    assert "repeated 9" in res.stderr and max(map(len, res.stderr.splitlines())) < 400


# ---------------------------------------------------------------- the batch manifest


def entry(i: int, folder: Path) -> ConfigRecord:
    return ConfigRecord(f"c{i}.toml", "solved", path=str(folder / f"c{i}.toml"),
                 outputs={"jsonl": OutputRecord(f"c{i}.jsonl", "0" * 64, 1, {"config": "x"})})


def test_the_manifest_is_written_a_bounded_number_of_times(tmp_path, monkeypatch):
    """2,000 configs finishing one after another: the manifest is written O(log N)
    times by count, so the entries serialised in all stay linear in N."""
    writes: list[int] = []
    manifest = Manifest(tmp_path)
    real_save = Manifest.save

    def counted(self: Manifest) -> None:
        writes.append(len(self.entries))
        real_save(self)

    monkeypatch.setattr(Manifest, "save", counted)
    for i in range(2000):
        (tmp_path / f"c{i}.toml").touch()
        manifest.entries[f"c{i}"] = entry(i, tmp_path)
        manifest.changed()
    manifest.flush()
    assert sum(writes) <= 20 * 2000, (len(writes), sum(writes))
    assert set(Manifest.load(tmp_path).entries) == {f"c{i}" for i in range(2000)}


def test_entries_of_configs_that_no_longer_exist_are_dropped(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    keep = tiny_block(configs, "keep", "tiny", 'formats = ["gif"]')
    drop = tiny_block(configs, "drop", "tiny", 'formats = ["gif"]')
    out = tmp_path / "out"
    manifest = Manifest(out, {"keep": ConfigRecord("keep.toml", "solved", path=str(keep)),
                              "drop": ConfigRecord("drop.toml", "solved", path=str(drop)),
                              "old": ConfigRecord("relative.toml", "solved")})
    manifest.save()
    drop.unlink()
    planned = planning.plan(sources.collect([str(keep)]), planning.BatchOptions(out))
    assert set(planned.manifest.entries) == {"keep", "old"}   # "old": its path unknown
    planned.manifest.flush()                                   # as the run does at its end
    assert set(Manifest.load(out).entries) == {"keep", "old"}


# ---------------------------------------------------------------- globs


def test_a_glob_through_symlink_loops_ends(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deep = tmp_path / "cfg" / "a" / "b"
    deep.mkdir(parents=True)
    tiny_block(deep, "x", "tiny", "")
    tiny_block(tmp_path / "cfg", "top", "tiny", "")
    (deep / "up").symlink_to("..")
    (deep / "loop").symlink_to("../..")
    (tmp_path / "cfg" / "a" / "self").symlink_to(".")
    with time_limit():
        found = sources.collect(["cfg/**/*.toml"])
    assert sorted(str(s.path) for s in found) == ["cfg/a/b/x.toml", "cfg/top.toml"]
    with time_limit():
        plan = planning.plan(found, planning.BatchOptions(tmp_path / "out"))
    assert len(plan.jobs) == 2
    assert importers  # the importer's reader is bounded too (above)


# ---------------------------------------------------------------- bounded output


def test_the_inline_player_of_a_long_trace_is_cut_and_says_so():
    import puzzlereel
    from puzzlereel.solution import INLINE_STEPS

    solution = puzzlereel.load(long_tile_trace(100_000))
    steps = len(solution.events) - 2
    with time_limit():
        cell = solution._repr_html_()
    assert len(cell) < 1_000_000
    assert (f"The player shows the first {INLINE_STEPS:,} of the trace&#x27;s {steps:,} "
            "steps; solution.render(&quot;whole.html&quot;)") in cell


def test_a_poster_has_the_gallery_s_size_whatever_the_header_hints(tmp_path):
    from PIL import Image

    lines = DATA.joinpath("hakoiri-5.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    for name, hints in [("plain", {}), ("huge", {"size": "7680x4320"}), ("cell", {"cell": 400}),
                        ("tall", {"target": "shorts"})]:
        hinted = {**header, "render": {**header.get("render", {}), **hints}}
        (tmp_path / f"{name}.jsonl").write_text(
            "\n".join([json.dumps(hinted), *lines[1:]]) + "\n", encoding="utf-8")
    res = cli("gallery", tmp_path)
    assert res.exit_code == 0, res.output
    sizes = {}
    for poster in tmp_path.glob("*.poster.png"):
        with Image.open(poster) as image:
            sizes[poster.name] = image.size
    assert sizes == dict.fromkeys(["plain.poster.png", "huge.poster.png", "cell.poster.png",
                                   "tall.poster.png"], (1280, 720))


def test_a_4k_video_under_a_memory_limit_is_one_line_before_encoding(tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_bytes(DATA.joinpath("hakoiri-5.jsonl").read_bytes())
    out = tmp_path / "x.mp4"
    res = limited("--progress", "none", "render", trace, "-o", out, "--size", "3840x2160")
    assert res.returncode == 1, res.stderr[-2000:]
    assert res.stderr.startswith(f"puzzlereel: {out}: a 3840x2160 video needs about ")
    assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr
    assert list(tmp_path.iterdir()) == [trace]


def test_the_inline_player_counts_and_cuts_steps_only(monkeypatch):
    """A search's figures are no steps: Hakoiri's 81 moves, with one search event a
    depth, cut at 50 moves keeps every search event."""
    import puzzlereel
    from puzzlereel import solution as module
    from puzzlereel.trace import Search

    whole = puzzlereel.solve("hakoiri-musume")
    searches = sum(isinstance(e, Search) for e in whole.events)
    assert searches > 50
    monkeypatch.setattr(module, "INLINE_STEPS", 50)
    cell = whole._repr_html_()
    assert "The player shows the first 50 of the trace&#x27;s 81 steps" in cell
    cut = module._first_steps(whole.events, 50)
    assert sum(map(module._is_step, cut)) == 50
    assert sum(isinstance(e, Search) for e in cut) == searches


def test_the_notebook_picture_of_a_long_trace_is_its_opening():
    """Jupyter asks for every picture a cell has: a long trace's PNG is drawn from its
    first steps, not from the whole video's ending."""
    import io as bytes_io

    import numpy as np
    from PIL import Image

    import puzzlereel
    from puzzlereel.solution import INLINE_STEPS, Solution, _first_steps

    solution = puzzlereel.load(long_tile_trace(3 * INLINE_STEPS))
    opening = Solution(_first_steps(solution.events, INLINE_STEPS)).frame()
    with time_limit():
        shown = Image.open(bytes_io.BytesIO(solution._repr_png_()))
    assert np.array_equal(np.asarray(shown.convert("RGB")), np.asarray(opening))
