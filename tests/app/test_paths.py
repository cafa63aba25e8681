"""Paths from inputs never leave the folder asked for, and an empty argument names
nothing.

``import --name`` takes a plain name only (``../x``, an absolute path, a hidden name are
usage errors, and nothing is written anywhere); names that come from files (configs,
traces, sources) are reduced to file names of their own (``fileio.safe_name``), which
no folder part can lead out of the output folder; and an empty argument to any command
(``run ''``, ``gallery ''``, ``-o ''``) is a usage error, never the current folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel import gallery
from puzzlereel.batch.sources import collect
from puzzlereel.fileio import NAME_BYTES, safe_name
from tests.fixtures import DATA, cli, tiny_block

TRACE = DATA / "hakoiri-5.jsonl"


def everything(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")}


@pytest.mark.parametrize("name", ["../x", "../../x", "/tmp/abs", "a/b", ".hidden", "..",
                                  "x\ny", "a\\b", ""])
def test_import_name_is_a_plain_name_or_a_usage_error(tmp_path, name, monkeypatch):
    inside = tmp_path / "in" / "deep"
    inside.mkdir(parents=True)
    monkeypatch.chdir(inside)
    source = inside / "src.txt"
    source.write_text("1 2 3 0\n", encoding="utf-8")
    before = everything(tmp_path)
    res = cli("import", "tiles", source, "-o", inside / "out", "--name", name)
    assert res.exit_code == 2, res.output
    assert everything(tmp_path) == before
    assert not Path("/tmp/abs-1.toml").exists()


def test_import_writes_inside_the_folder_asked_for(tmp_path, monkeypatch):
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    source = tmp_path / "..weird name\x01.txt"
    source.write_text("1 2 3 0\n", encoding="utf-8")
    res = cli("import", "tiles", source, "-o", "out")
    assert res.exit_code == 0, res.output
    (made,) = (deep / "out").iterdir()
    assert made.parent == deep / "out" and made.name.endswith("-1.toml")
    assert not made.name.startswith(".")


@pytest.mark.parametrize("args", [
    ["run", ""], ["run", "x.toml", "--out-dir", ""], ["gallery", ""], ["solve", ""],
    ["solve", "x.toml", "-o", ""], ["validate", ""], ["show", ""], ["analyze", ""],
    ["analyze", "x.toml", "--plot", ""], ["render", "", "-o", "a.gif"],
    ["render", "t.jsonl", "-o", ""], ["render", "t.jsonl", "-o", "a.gif", "--config", ""],
    ["preview", "", "-o", "a.png"], ["preview", "t.jsonl", "-o", ""],
    ["preview", "x.toml", "-o", "a.png", "--trace", ""],
    ["preview", "t.jsonl", "-o", "a.png", "--config", ""],
    ["examples", "dads-puzzle", "-o", ""], ["new", "sliding-block", "-o", ""],
    ["import", "tiles", "", "-o", "out"], ["import", "tiles", "src.txt", "-o", ""],
])
def test_an_empty_argument_is_an_error_not_the_current_folder(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    tiny_block(tmp_path, "x", "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')
    (tmp_path / "t.jsonl").write_bytes(TRACE.read_bytes())
    (tmp_path / "src.txt").write_text("1 2 3 0\n", encoding="utf-8")
    before = everything(tmp_path)
    res = cli(*args)
    assert res.exit_code == 2, res.output
    assert "an empty argument names no file or folder" in res.output
    assert everything(tmp_path) == before


def test_the_python_api_refuses_an_empty_name_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tiny_block(tmp_path, "x", "tiny", "")
    (found,) = collect([""])
    assert found.path is None and "empty argument" in str(found.problem)
    with pytest.raises(gallery.GalleryError, match="empty"):
        gallery.build("")


def test_a_config_named_with_control_characters_writes_inside_the_out_dir(tmp_path):
    configs = tmp_path / "configs"
    configs.mkdir()
    tiny_block(configs, "odd\x1bname", "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')
    tiny_block(configs, "plain", "tiny", 'formats = ["gif"]\nfps = 5\ncell = 8')
    out = tmp_path / "out"
    res = cli("run", configs, "--out-dir", out)
    assert res.exit_code == 0, res.output
    names = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert names == ["odd-name.gif", "odd-name.jsonl", "plain.gif", "plain.jsonl"]


@given(st.text(st.characters(exclude_categories=()), max_size=300))
def test_a_safe_name_stays_in_its_folder(text):
    name = safe_name(text)
    folder = "/base/folder"
    joined = os.path.normpath(os.path.join(folder, name))
    assert os.path.dirname(joined) == folder
    assert name and not name.startswith(".") and "/" not in name and "\0" not in name
    assert len(name.encode("utf-8")) <= NAME_BYTES
    assert safe_name(name) == name
