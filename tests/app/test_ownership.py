"""Whose file is it: an output folder may hold the user's own files.

``run`` replaces or removes only the files its manifest records as the same config's: a
file of the user's where an output goes stops that config (``--force`` replaces it), a
file of the config's name that no run made is never removed as stale, and another
config of the same name is a clash, named.  ``gallery`` replaces only an ``index.html``
it made (``--force`` replaces any)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from puzzlereel.batch import planning, running, sources
from puzzlereel.batch.task import Outcome, Product
from puzzlereel.gallery import build as gallery
from puzzlereel.ground.manifest import FILE_NAME, Manifest
from tests.fixtures import cli, one_line_error, tiny_block

RENDER = 'formats = ["gif"]\nfps = 5\ncell = 8'
MINE = b"the user's own file\n"


def tiny(folder: Path, name: str = "intro", title: str = "tiny") -> Path:
    folder.mkdir(exist_ok=True)
    return tiny_block(folder, name, title, RENDER)


def test_a_first_run_removes_no_file_of_the_users(tmp_path):
    """Files of the config's name in formats this run does not make are the user's."""
    config = tiny(tmp_path)
    for way in ("one", "batch"):
        out = tmp_path / f"out-{way}"
        out.mkdir()
        theirs = [out / f"intro.{ext}" for ext in ("html", "svg", "png")]
        for path in theirs:
            path.write_bytes(MINE)
        res = cli("run", config if way == "one" else tmp_path, "--out-dir", out)
        assert res.exit_code == 0, res.output
        assert "removed" not in res.stderr, res.stderr
        assert all(path.read_bytes() == MINE for path in theirs), way
        assert (out / "intro.gif").exists()


def test_a_file_of_the_users_where_an_output_goes_is_replaced_only_with_force(tmp_path):
    config = tiny(tmp_path)
    for way in ("one", "batch"):
        for ext in ("jsonl", "gif"):
            out = tmp_path / f"out-{way}-{ext}"
            out.mkdir()
            theirs = out / f"intro.{ext}"
            theirs.write_bytes(MINE)
            arg = config if way == "one" else tmp_path
            res = cli("run", arg, "--out-dir", out)
            assert res.exit_code == 1, res.output
            line = res.stderr.strip() if way == "one" else res.stdout.splitlines()[-1]
            assert f"{theirs}: not made by puzzlereel" in line, res.output
            assert "--force replaces it" in line
            if way == "one":
                one_line_error(res, 1, str(config))
            assert theirs.read_bytes() == MINE
            assert sorted(p.name for p in out.iterdir()) == [theirs.name], way
            res = cli("run", arg, "--out-dir", out, "--force")
            assert res.exit_code == 0, res.output
            assert theirs.read_bytes() != MINE


def test_another_config_of_the_same_name_in_a_later_run_is_a_clash(tmp_path):
    first = tiny(tmp_path / "a", title="first")
    second = tiny(tmp_path / "b", title="second")
    out = tmp_path / "out"
    assert cli("run", first, "--out-dir", out).exit_code == 0
    made = {p.name: p.read_bytes() for p in out.iterdir()}
    res = cli("run", second, "--out-dir", out)
    one_line_error(res, 1, f"{second}: its outputs intro.* would replace those of {first}",
                   "rename one of the two")
    res = cli("run", tmp_path / "b", "--out-dir", out)           # a batch: the same line
    assert res.exit_code == 1, res.output
    assert f"{second}: its outputs intro.* would replace those of {first}" in res.stdout
    assert {p.name: p.read_bytes() for p in out.iterdir()} == made
    # given together, the name stays with the config the manifest records it for
    res = cli("run", second, first, "--out-dir", out)
    assert res.exit_code == 1, res.output
    assert f"{second}: its outputs intro.* would replace those of {first}" in res.stdout
    assert "1 up to date" in res.stdout
    # the manifest says which config made each file
    entry = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))["entries"]["intro"]
    assert entry["path"] == str(first.resolve())
    # --force takes the name over, saying whose files it removed
    res = cli("run", second, "--out-dir", out, "--force", "--formats", "png")
    assert res.exit_code == 0, res.output
    assert f"removed intro.gif: made from {first}" in res.stderr
    entry = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))["entries"]["intro"]
    assert entry["path"] == str(second.resolve())


def test_a_config_that_cannot_be_read_removes_only_its_own_outputs(tmp_path):
    first = tiny(tmp_path / "a")
    out = tmp_path / "out"
    assert cli("run", first, "--out-dir", out).exit_code == 0
    made = {p.name: p.read_bytes() for p in out.iterdir()}
    broken = tmp_path / "b" / "intro.toml"
    broken.parent.mkdir()
    broken.write_text("[puzzle\n", encoding="utf-8")
    res = cli("run", tmp_path / "b", "--out-dir", out)
    assert res.exit_code == 1, res.output
    assert "removed" not in res.stderr
    assert {p.name: p.read_bytes() for p in out.iterdir()} == made


def test_gallery_replaces_only_an_index_html_it_made(tmp_path):
    out = tmp_path / "out"
    assert cli("run", tiny(tmp_path), "--out-dir", out).exit_code == 0
    page = out / "index.html"
    page.write_bytes(MINE)
    one_line_error(cli("gallery", out), 1, f"{page}: not a gallery page puzzlereel made",
                   "--force replaces it")
    assert page.read_bytes() == MINE
    res = cli("run", tmp_path / "intro.toml", "--out-dir", out, "--gallery")
    one_line_error(res, 1, f"{page}: not a gallery page puzzlereel made")
    assert page.read_bytes() == MINE
    res = cli("gallery", out, "--force")
    assert res.exit_code == 0, res.output
    assert page.read_bytes() != MINE
    res = cli("gallery", out, "--title", "Again")                 # its own page: replaced
    assert res.exit_code == 0, res.output
    assert "<h1>Again</h1>" in page.read_text(encoding="utf-8")


def test_a_poster_of_the_users_is_shown_never_drawn_over(tmp_path):
    """Beside a trace no manifest records (one ``solve -o`` wrote), a poster without
    puzzlereel's mark is the user's: the gallery shows it as it is."""
    out = tmp_path / "out"
    out.mkdir()
    assert cli("solve", tiny(tmp_path), "-o", out / "intro.jsonl").exit_code == 0
    poster = out / "intro.poster.png"
    poster.write_bytes(MINE)
    os.utime(poster, (1, 1))                          # older than the trace
    res = cli("gallery", out)
    assert res.exit_code == 0, res.output
    assert poster.read_bytes() == MINE
    res = cli("gallery", out, "--force")
    assert res.exit_code == 0, res.output
    assert poster.read_bytes()[:4] == b"\x89PNG"


def test_a_recorded_configs_poster_without_the_mark_is_the_gallerys(tmp_path):
    """A poster an earlier version drew (no mark, or one a PNG optimiser took out) beside
    a config the manifest records: drawn again when its trace is newer, by ``gallery``
    and by ``run --gallery``, without --force."""
    config = tiny(tmp_path)
    out = tmp_path / "out"
    assert cli("run", config, "--out-dir", out).exit_code == 0
    poster = out / "intro.poster.png"
    poster.write_bytes(MINE)
    os.utime(poster, (1, 1))
    assert gallery.build(out).posters == (poster.name,)
    poster.write_bytes(MINE)
    config.write_text(config.read_text(encoding="utf-8") + "\n# changed\n",
                      encoding="utf-8")
    res = cli("run", config, "--out-dir", out, "--gallery")
    assert res.exit_code == 0, res.output
    assert poster.read_bytes()[:4] == b"\x89PNG"


def test_every_file_a_run_writes_is_recorded_as_the_configs(tmp_path):
    """Even the trace of a search that did not end: the next run knows it for the
    config's own (and makes it again), not for a file of the user's."""
    config = tiny(tmp_path)
    out = tmp_path / "out"
    batch = planning.plan(sources.collect([str(config)]), planning.BatchOptions(out_dir=out))
    (job,) = batch.jobs
    outcome = Outcome("intro", "error", (Product("jsonl", b"{}\n"),), searched=None,
                      message=f"{config}: the solver wrote no 'end' event", exit_code=1)
    running.store(batch, job, outcome)
    batch.manifest.flush()
    entry = Manifest.load(out).entries["intro"]
    assert entry.path == str(config) and set(entry.outputs) == {"jsonl"}
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert (out / "intro.jsonl").read_bytes() != b"{}\n"


def test_a_moved_project_keeps_its_outputs_as_its_own(tmp_path):
    """The manifest's config path gone (the project moved, the config deleted and
    written again): its files are puzzlereel's, taken over without --force."""
    project = tmp_path / "proj"
    config = tiny(project)
    assert cli("run", config, "--out-dir", project / "out").exit_code == 0
    moved = tmp_path / "proj2"
    project.rename(moved)
    res = cli("run", moved / "intro.toml", "--out-dir", moved / "out")
    assert res.exit_code == 0, res.stderr
    other = tmp_path / "b"
    config = tiny(other)
    assert cli("run", other, "--out-dir", moved / "out").exit_code == 0
    config.rename(tmp_path / "aside.toml")
    assert cli("run", tmp_path / "proj2", "--out-dir", moved / "out").exit_code == 0
    (tmp_path / "aside.toml").rename(config)          # back: its files are still its own
    res = cli("run", other, "--out-dir", moved / "out")
    assert res.exit_code == 0, res.stderr


def test_the_same_config_text_elsewhere_is_the_same_config(tmp_path):
    """A bundled example reached from another install: the same text is no clash."""
    first = tiny(tmp_path / "a")
    second = tmp_path / "b" / "intro.toml"
    second.parent.mkdir()
    second.write_bytes(first.read_bytes())
    out = tmp_path / "out"
    assert cli("run", first, "--out-dir", out).exit_code == 0
    res = cli("run", second, "--out-dir", out)
    assert res.exit_code == 0, res.stderr
