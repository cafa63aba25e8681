"""The output folder's bookkeeping survives everyday accidents.

A run records the files it is about to write before it writes them, so a run that was
stopped or failed leaves its files its own and the same command finishes them; two
runs into one folder both end recorded; whose a file is, is checked again the moment
it is put in place (a file of the user's that came meanwhile stays, a link planted at
an output is replaced, never written through); a poster is judged by what it was drawn
from, never by the files' times, and follows its run's ``[render]``; a bad output is
its config's failure, not the batch's end."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from puzzlereel.batch import planning, running, sources
from puzzlereel.batch.task import Outcome, Product, Steps
from puzzlereel.gallery import build as gallery
from puzzlereel.ground.interrupts import Interrupted
from puzzlereel.ground.manifest import FILE_NAME, ConfigRecord, Manifest, OutputRecord
from tests.fixtures import cli, one_line_error, tiny_block

RENDER = 'formats = ["gif", "vtt"]\nfps = 5\ncell = 8'
MINE = b"the user's own file\n"


def tiny(folder: Path, name: str = "intro", title: str = "tiny", render: str = RENDER
         ) -> Path:
    folder.mkdir(exist_ok=True)
    return tiny_block(folder, name, title, render)


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if not p.name.startswith(".")}


def _render_fails(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    """The render step fails with ``error`` once the trace is written."""
    def render(self: Steps, *args: object, **kwargs: object) -> None:
        assert self.path("jsonl").is_file()
        raise error
    monkeypatch.setattr(Steps, "render", render)


# ---------------------------------------------------------------- a stopped run finishes


@pytest.mark.parametrize("error", [OSError(errno.EFBIG, "File too large"),
                                   OSError(errno.ENOSPC, "No space left on device"),
                                   Interrupted(15)], ids=["too-large", "full", "sigterm"])
def test_a_run_that_failed_after_its_trace_finishes_when_run_again(tmp_path, monkeypatch,
                                                                    error):
    config = tiny(tmp_path)
    out = tmp_path / "o"
    with monkeypatch.context() as patch:
        _render_fails(patch, error)
        res = cli("run", config, "--out-dir", out)
    assert res.exit_code != 0
    assert (out / "intro.jsonl").is_file()
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert names(out) == {"intro.jsonl", "intro.gif", "intro.vtt"}
    assert set(Manifest.load(out).entries["intro"].outputs) == {"jsonl", "gif", "vtt"}


def test_a_wrong_expect_moves_later_fixed_finishes(tmp_path):
    config = tiny_block(tmp_path, "intro", "tiny", RENDER + "\n[solve]\nexpect_moves = 5")
    fixed = config.read_text(encoding="utf-8").replace("expect_moves = 5", "expect_moves = 1")
    out = tmp_path / "o"
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 1 and (out / "intro.jsonl").is_file(), res.output
    config.write_text(fixed, encoding="utf-8")
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert {"intro.jsonl", "intro.gif"} <= names(out)


KILLED = """
import os, signal, sys
from puzzlereel.batch import task
def render(self, *args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
task.Steps.render = render
from puzzlereel.cli.main import main
sys.argv = ["puzzlereel", "--progress", "none", "run", *sys.argv[1:]]
main()
"""


def _killed_in_render(config: Path, out: Path) -> None:
    """``run CONFIG --out-dir OUT`` killed (SIGKILL: nothing of it runs on) once its trace
    is written."""
    done = subprocess.run([sys.executable, "-c", KILLED, str(config), "--out-dir", str(out)],
                          capture_output=True, timeout=300)
    assert done.returncode == -9, done.stderr


def test_a_killed_run_leaves_its_trace_its_own(tmp_path):
    config = tiny(tmp_path)
    out = tmp_path / "o"
    _killed_in_render(config, out)
    assert names(out) == {"intro.jsonl"}
    res = cli("run", config, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert names(out) == {"intro.jsonl", "intro.gif", "intro.vtt"}


def test_after_a_failure_no_card_links_a_render_of_the_older_config(tmp_path, monkeypatch):
    config = tiny(tmp_path)
    out = tmp_path / "o"
    assert cli("run", config, "--out-dir", out).exit_code == 0
    tiny(tmp_path, title="tiny, changed")
    _killed_in_render(config, out)              # a new trace beside the older GIF
    (card,) = gallery.build(out, posters=False).cards
    assert "gif" not in card.files and "vtt" not in card.files, card.files
    tiny(tmp_path, title="tiny, changed again")
    with monkeypatch.context() as patch:        # a failure it sees: the older GIF goes
        _render_fails(patch, OSError(errno.EFBIG, "File too large"))
        assert cli("run", config, "--out-dir", out).exit_code == 1
    assert names(out) == {"intro.jsonl", "index.html"}
    assert cli("run", config, "--out-dir", out).exit_code == 0
    (card,) = gallery.build(out, posters=False).cards
    assert {"gif", "jsonl"} <= set(card.files)


# ---------------------------------------------------------------- two runs, one folder


def _entry(name: str) -> ConfigRecord:
    return ConfigRecord(config=f"/nowhere/{name}.toml", status="solved",
                 outputs={"jsonl": OutputRecord(f"{name}.jsonl", "0" * 64, 1, {})})


def test_two_runs_into_one_folder_both_end_recorded(tmp_path):
    """Each run read the manifest before the other wrote it; each save keeps the other's."""
    first, second = Manifest.load(tmp_path), Manifest.load(tmp_path)
    first.entries["a"] = _entry("a")
    first.save()
    second.entries["b"] = _entry("b")
    second.save()
    assert set(Manifest.load(tmp_path).entries) == {"a", "b"}
    assert set(second.entries) == {"a", "b"}          # and the second sees the first's
    del first.entries["a"]                            # a run drops only what it dropped
    first.save()
    assert set(Manifest.load(tmp_path).entries) == {"b"}


def test_two_batches_at_once_into_one_folder(tmp_path):
    configs = [tiny(tmp_path / name, name) for name in ("a", "b")]
    out = tmp_path / "o"
    runs = [subprocess.Popen([sys.executable, "-m", "puzzlereel", "--progress", "none", "run",
                              str(config.parent), "--out-dir", str(out), "--jobs", "1"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for config in configs]
    for run in runs:
        _, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
    assert set(Manifest.load(out).entries) == {"a", "b"}
    res = cli("run", tmp_path / "a", tmp_path / "b", "--out-dir", out)
    assert res.exit_code == 0 and "2 up to date" in res.stdout, res.output


# ---------------------------------------------------------------- owners as files are put


def _planned(tmp_path: Path) -> tuple[planning.Batch, Path]:
    configs = tmp_path / "configs"
    tiny(configs, "a")
    tiny(configs, "b")
    out = tmp_path / "o"
    batch = planning.plan(sources.collect([str(configs)]), planning.BatchOptions(out))
    return batch, out


def _outcome(job: planning.Job) -> Outcome:
    return Outcome(job.task.name, "solved", (Product("jsonl", b"{}\n"), Product("gif", b"G")),
                   searched="solved", answer="1 move", moves=1)


def test_a_file_of_the_users_written_mid_run_is_not_replaced(tmp_path):
    batch, out = _planned(tmp_path)
    out.mkdir()
    theirs = out / "a.gif"
    theirs.write_bytes(MINE)                      # after the plan judged the name free
    jobs = {job.task.name: job for job in batch.jobs}
    a = running.store(batch, jobs["a"], _outcome(jobs["a"]))
    b = running.store(batch, jobs["b"], _outcome(jobs["b"]))
    assert theirs.read_bytes() == MINE
    assert a.status == "error" and f"{theirs}: written while the run worked" in a.message
    assert b.status == "solved" and (out / "b.gif").read_bytes() == b"G"
    assert "a.gif" not in {o.file for o in Manifest.load(out).entries["a"].outputs.values()}


def test_a_file_of_the_users_written_during_a_single_run_is_not_replaced(tmp_path,
                                                                         monkeypatch):
    config = tiny(tmp_path)
    out = tmp_path / "o"
    real = Steps.render

    def render(self: Steps, *args: object, **kwargs: object) -> None:
        (out / "intro.gif").write_bytes(MINE)
        real(self, *args, **kwargs)            # type: ignore[arg-type]
    monkeypatch.setattr(Steps, "render", render)
    res = cli("run", config, "--out-dir", out)
    one_line_error(res, 1, f"{out / 'intro.gif'}: written while the run worked")
    assert (out / "intro.gif").read_bytes() == MINE


@pytest.mark.parametrize("way, to", [("one", "outside"), ("batch", "outside"),
                                     ("one", "another output"), ("batch", "the config")])
def test_a_link_planted_at_an_output_is_replaced_never_written_through(tmp_path, way, to):
    config = tiny(tmp_path / "configs")
    out = tmp_path / "o"
    arg = config if way == "one" else config.parent
    assert cli("run", arg, "--out-dir", out).exit_code == 0
    outside = {"outside": tmp_path / "outside.txt", "another output": out / "intro.gif",
               "the config": config}[to]
    if to == "outside":
        outside.write_bytes(MINE)
    before = outside.read_bytes()
    (out / "intro.vtt").unlink()
    (out / "intro.vtt").symlink_to(outside)
    res = cli("run", arg, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert outside.read_bytes() == before
    assert not (out / "intro.vtt").is_symlink()
    assert (out / "intro.vtt").read_text(encoding="utf-8").startswith("WEBVTT")


def test_an_index_html_written_while_the_gallery_draws_posters_is_kept(tmp_path,
                                                                      monkeypatch):
    config = tiny(tmp_path)
    out = tmp_path / "o"
    assert cli("run", config, "--out-dir", out).exit_code == 0
    from puzzlereel.gallery import posters
    real = posters.draw_poster

    def draw(*args: object, **kwargs: object) -> None:
        (out / "index.html").write_bytes(MINE)
        real(*args, **kwargs)                  # type: ignore[arg-type]
    monkeypatch.setattr(posters, "draw_poster", draw)
    res = cli("gallery", out)
    one_line_error(res, 1, f"{out / 'index.html'}: not a gallery page puzzlereel made")
    assert (out / "index.html").read_bytes() == MINE


# ---------------------------------------------------------------- a bad output


def test_a_bad_output_is_its_configs_failure_not_the_batchs(tmp_path):
    configs = tmp_path / "configs"
    tiny(configs, "a")
    tiny(configs, "b")
    out = tmp_path / "o"
    assert cli("run", configs, "--out-dir", out).exit_code == 0
    (out / "a.vtt").unlink()
    (out / "a.vtt").mkdir()                     # a folder where a recorded output goes
    tiny(configs, "b", title="b, changed")
    res = cli("run", configs, "--out-dir", out)
    assert res.exit_code == 1, res.output
    lines = res.stdout.splitlines()
    assert any(line.split()[:2] == ["a", "error"] for line in lines), res.stdout
    assert any(line.split()[:2] == ["b", "solved"] for line in lines), res.stdout
    assert f"{out / 'a.vtt'}: is a folder, not a file" in res.stdout
    assert Manifest.load(out).entries["b"].title == "b, changed"


# ---------------------------------------------------------------- up to date by content


def _poster(out: Path) -> bytes:
    return (out / "intro.poster.png").read_bytes()


def test_posters_follow_their_trace_whatever_the_times(tmp_path):
    one, two = tiny(tmp_path / "one"), tiny(tmp_path / "two", render='formats = ["vtt"]\n'
                                            'theme = "dark"\ncell = 8')
    out, other = tmp_path / "o", tmp_path / "p"
    for config, folder in ((one, out), (two, other)):
        assert cli("run", config, "--out-dir", folder, "--formats", "vtt").exit_code == 0
        assert cli("gallery", folder).exit_code == 0
    first = _poster(out)
    trace = out / "intro.jsonl"
    # another trace in its place, dated long before the poster
    trace.write_bytes((other / "intro.jsonl").read_bytes().replace(b"tiny", b"tiny two"))
    os.utime(trace, (1, 1))
    assert cli("gallery", out).exit_code == 0
    second = _poster(out)
    assert second != first
    # a poster dated in the future, its trace changed again
    trace.write_bytes((other / "intro.jsonl").read_bytes())
    os.utime(out / "intro.poster.png", (4e9, 4e9))
    assert cli("gallery", out).exit_code == 0
    assert _poster(out) != second
    # nothing changed: nothing drawn
    from puzzlereel.ground.owners import poster_made_from

    made = poster_made_from(out / "intro.poster.png")
    assert made is not None
    assert gallery.build(out).posters == ()


def _mean(path: Path) -> float:
    return float(np.asarray(Image.open(path).convert("L")).mean())


def test_a_poster_follows_its_runs_theme(tmp_path):
    config = tiny(tmp_path)
    out, light = tmp_path / "o", tmp_path / "light"
    assert cli("run", config, "--out-dir", light, "--gallery").exit_code == 0
    res = cli("run", config, "--out-dir", out, "--gallery", "--theme", "dark")
    assert res.exit_code == 0, res.output
    assert _mean(out / "intro.poster.png") < _mean(light / "intro.poster.png") - 40
    batch = tmp_path / "batch"
    res = cli("run", config.parent, "--out-dir", batch, "--gallery", "--theme", "dark")
    assert res.exit_code == 0, res.output
    assert cli("gallery", batch).exit_code == 0         # the page again: not redrawn light
    assert _mean(batch / "intro.poster.png") < _mean(light / "intro.poster.png") - 40


def test_gallery_from_another_folder_reads_the_runs_config_not_the_cwds(tmp_path,
                                                                       monkeypatch):
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    tiny(here)
    tiny(elsewhere, render='theme = "dark"')
    monkeypatch.chdir(here)
    assert cli("run", "intro.toml", "--out-dir", tmp_path / "o").exit_code == 0
    assert cli("gallery", tmp_path / "o").exit_code == 0
    drawn = _poster(tmp_path / "o")
    (tmp_path / "o" / "intro.poster.png").unlink()
    monkeypatch.chdir(elsewhere)
    assert cli("gallery", tmp_path / "o").exit_code == 0
    assert _poster(tmp_path / "o") == drawn


def test_a_poster_without_a_recorded_render_reads_the_config_by_its_absolute_path(
        tmp_path, monkeypatch):
    """A manifest of an older version (no ``render`` recorded) names the config by the
    run's relative name; the gallery reads it by the absolute path recorded beside."""
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    tiny(here)
    tiny(elsewhere, render='theme = "dark"')
    monkeypatch.chdir(here)
    out = tmp_path / "o"
    assert cli("run", "intro.toml", "--out-dir", out).exit_code == 0
    data = json.loads((out / FILE_NAME).read_text(encoding="utf-8"))
    data["entries"]["intro"].pop("render", None)
    (out / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.chdir(elsewhere)
    assert cli("gallery", out).exit_code == 0
    light = _mean(out / "intro.poster.png")
    (out / "intro.poster.png").unlink()
    monkeypatch.chdir(tmp_path)
    assert cli("gallery", out).exit_code == 0
    assert _mean(out / "intro.poster.png") == light


# ---------------------------------------------------------------- names


def test_an_example_run_into_a_folder_of_its_name_runs_again(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        res = cli("run", "dads-puzzle", "--out-dir", "dads-puzzle", "--formats", "vtt")
        assert res.exit_code == 0, res.output
    assert "up to date" in res.stderr


def test_an_output_folder_given_as_configs_says_so(tmp_path):
    out = tmp_path / "o"
    assert cli("run", tiny(tmp_path), "--out-dir", out).exit_code == 0
    res = cli("run", out, tmp_path / "intro.toml", "--out-dir", tmp_path / "p")
    assert res.exit_code == 1
    assert f"{out}: no *.toml config in this folder (it is an output folder" in res.stdout


def test_an_output_folder_too_long_is_one_line_and_no_warning(tmp_path):
    configs = tmp_path / "configs"
    tiny(configs)
    res = cli("run", configs, "--out-dir", tmp_path / ("o" * 300))
    assert res.exit_code == 1, res.output
    assert "manifest" not in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
