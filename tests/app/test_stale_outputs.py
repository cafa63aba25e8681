"""Batch outputs are never stale: after a config changes, no render of its older
version stays beside the new trace (or beside none), for the gallery to link.

A render made in another format than this run's, the renders of a re-run that stops at
a limit, and every output of a config that cannot be read any more are removed (and
said so); what a run does not touch (an up-to-date config) stays."""

from __future__ import annotations

from pathlib import Path

from puzzlereel.gallery import build as gallery
from puzzlereel.ground.manifest import Manifest
from tests.fixtures import cli, tiny_block
from tests.fuzz.checks import run_cli

RENDER = 'formats = ["gif", "png"]\nfps = 5\ncell = 8'


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if not p.name.startswith(".")}


def linked(folder: Path) -> str:
    return gallery.build(folder, posters=False).path.read_text(encoding="utf-8")


def two_configs(tmp_path: Path) -> tuple[Path, Path]:
    configs = tmp_path / "configs"
    configs.mkdir()
    tiny_block(configs, "a", "first", RENDER)
    tiny_block(configs, "b", "second", RENDER)
    out = tmp_path / "out"
    res = cli("run", configs, "--out-dir", out)
    assert res.exit_code == 0, res.output
    assert names(out) == {"a.jsonl", "a.gif", "a.png", "b.jsonl", "b.gif", "b.png"}
    return configs, out


def test_a_changed_config_leaves_no_render_of_its_older_version(tmp_path):
    configs, out = two_configs(tmp_path)
    tiny_block(configs, "a", "first, changed", RENDER)
    res = run_cli(["run", configs, "--out-dir", out, "--formats", "gif"]).result
    assert res.exit_code == 0, res.output
    assert "removed a.png" in res.stderr
    assert names(out) == {"a.jsonl", "a.gif", "b.jsonl", "b.gif", "b.png"}
    page = linked(out)
    assert 'href="a.png"' not in page and 'href="b.png"' in page
    assert set(Manifest.load(out).entries["a"].outputs) == {"jsonl", "gif"}


UNSOLVABLE = """[puzzle]
type = "sliding-block"
layout = "A.b"
goal = { piece = "A", x = 2, y = 0 }
[render]
formats = ["gif", "png"]
"""


def test_a_rerun_without_a_solution_leaves_no_older_render(tmp_path):
    configs, out = two_configs(tmp_path)
    (configs / "a.toml").write_text(UNSOLVABLE, encoding="utf-8")
    res = run_cli(["run", configs, "--out-dir", out]).result
    assert res.exit_code == 3, res.output
    assert names(out) == {"a.jsonl", "b.jsonl", "b.gif", "b.png"}    # a: the new trace
    assert "removed a.gif, a.png" in res.stderr


def test_a_config_that_cannot_be_read_any_more_takes_its_outputs_with_it(tmp_path):
    configs, out = two_configs(tmp_path)
    (configs / "a.toml").write_text("[puzzle\n", encoding="utf-8")
    res = run_cli(["run", configs, "--out-dir", out]).result
    assert res.exit_code == 1, res.output
    assert names(out) == {"b.jsonl", "b.gif", "b.png"}
    assert set(Manifest.load(out).entries) == {"b"}
    assert 'id="p-a"' not in linked(out)


def test_one_config_run_again_in_fewer_formats_is_up_to_date(tmp_path):
    """As in a batch: the files asked for are current, and the others are the config's
    too (made from the same version of it), so nothing is made and nothing removed."""
    config = tiny_block(tmp_path, "c", "one", RENDER)
    out = tmp_path / "out"
    assert cli("run", config, "--out-dir", out).exit_code == 0
    assert names(out) == {"c.jsonl", "c.gif", "c.png"}
    res = cli("run", config, "--out-dir", out, "--formats", "gif")
    assert res.exit_code == 0, res.output
    assert "up to date" in res.stderr and "removed" not in res.stderr
    assert res.stdout.splitlines() == [str(out / "c.jsonl"), str(out / "c.gif")]
    assert names(out) == {"c.jsonl", "c.gif", "c.png"}


def test_an_up_to_date_config_keeps_every_output(tmp_path):
    configs, out = two_configs(tmp_path)
    res = cli("run", configs, "--out-dir", out, "--formats", "gif")
    assert res.exit_code == 0 and "2 up to date" in res.stdout, res.output
    assert names(out) == {"a.jsonl", "a.gif", "a.png", "b.jsonl", "b.gif", "b.png"}


def test_no_input_is_removed_as_a_stale_output(tmp_path):
    """A config named like an output of another kind of its own (x.png holding TOML)
    is an input of the run: never removed."""
    configs = tmp_path / "configs"
    configs.mkdir()
    config = tiny_block(configs, "x", "one", 'formats = ["gif"]\nfps = 5\ncell = 8')
    out = tmp_path / "out"
    out.mkdir()
    sneaky = out / "x.png"
    sneaky.write_bytes(config.read_bytes())
    res = cli("run", sneaky, configs / "x.toml", "--out-dir", out)
    assert sneaky.exists() and sneaky.read_bytes() == config.read_bytes(), res.output
