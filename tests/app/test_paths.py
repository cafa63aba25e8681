"""Paths from inputs never leave the folder asked for, and an empty argument names
nothing.

``import --name`` takes a plain name only (``../x``, an absolute path, a hidden name are
usage errors, and nothing is written anywhere); names that come from files (configs,
traces, sources) are reduced to file names of their own (``filenames.safe_name``), which
no folder part can lead out of the output folder; and an empty argument to any command
(``run ''``, ``gallery ''``, ``-o ''``) is a usage error, never the current folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlereel.batch.sources import collect
from puzzlereel.gallery import build as gallery
from puzzlereel.ground.filenames import NAME_BYTES, safe_name
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


# ---------------------------------------------------------------- paths in the Python API


def test_a_solution_keeps_its_files_after_chdir(tmp_path, monkeypatch):
    """The files a solution came from are resolved when it is made: after ``os.chdir``
    it still names its trace, and no save or render may replace it or its config."""
    import puzzlereel
    from puzzlereel.ground.fileio import OverInput

    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(here)
    (here / "t.gif").write_bytes(TRACE.read_bytes())      # a trace that is named .gif
    (here / "c.toml").write_text(tiny_block(tmp_path, "c", "tiny", "").read_text())
    loaded = puzzlereel.load("t.gif")
    solved = puzzlereel.solve("c.toml")
    monkeypatch.chdir(elsewhere)
    with pytest.raises(OverInput):
        loaded.render(here / "t.gif")
    with pytest.raises(OverInput):
        loaded.save(here / "t.gif")
    with pytest.raises(OverInput):
        solved.save(here / "c.toml")
    assert (here / "t.gif").read_bytes() == TRACE.read_bytes()
    assert loaded.path == here / "t.gif"
    assert loaded.render("x.png") == [Path("x.png")] and (elsewhere / "x.png").is_file()


@pytest.mark.parametrize("call, named", [
    (lambda p: p.load(""), "load(): trace"),
    (lambda p: p.load(TRACE, config=""), "load(): config"),
    (lambda p: p.solve(""), "solve(): puzzle"),
    (lambda p: p.solve("dads-puzzle", trace=""), "solve(): trace"),
    (lambda p: p.load(TRACE).save(""), "save(): path"),
    (lambda p: p.load(TRACE).render(""), "render(): outputs"),
    (lambda p: p.load(TRACE).render(["a.png", ""]), "render(): outputs"),
])
def test_an_empty_string_in_the_api_names_no_file(tmp_path, monkeypatch, call, named):
    import puzzlereel
    from puzzlereel.ground.errors import UsageError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(UsageError) as caught:
        call(puzzlereel)
    assert str(caught.value).startswith(f"{named}: an empty string names no file")
    assert list(tmp_path.iterdir()) == []


def test_a_name_that_looks_like_json_is_the_file_when_it_exists(tmp_path, monkeypatch):
    """A string is a trace's text only when no file of that name exists."""
    import puzzlereel
    from puzzlereel.trace import TraceError

    monkeypatch.chdir(tmp_path)
    (tmp_path / "{2024}.jsonl").write_bytes(TRACE.read_bytes())
    found = puzzlereel.load("{2024}.jsonl")
    assert found.source == "{2024}.jsonl" and found.path == tmp_path / "{2024}.jsonl"
    assert found.jsonl() == puzzlereel.load(TRACE).jsonl()
    with pytest.raises(TraceError, match=r"^\{2025\}\.jsonl: no such file$"):
        puzzlereel.load("{2025}.jsonl")
    header = TRACE.read_text(encoding="utf-8").splitlines()[0]
    with pytest.raises(TraceError, match="^<text>: "):       # one line of JSON: the text
        puzzlereel.load(header)


def test_a_dash_is_standard_input(monkeypatch):
    import io

    import puzzlereel

    data = TRACE.read_bytes()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert puzzlereel.load("-").jsonl() == puzzlereel.load(TRACE).jsonl()


def test_saving_into_an_open_file_of_its_own_trace_is_refused(tmp_path):
    import puzzlereel
    from puzzlereel.ground.fileio import OverInput

    trace = tmp_path / "t.jsonl"
    puzzlereel.solve("dads-puzzle").save(trace)
    before = trace.read_bytes()
    loaded = puzzlereel.load(trace)
    with open(trace, "a", encoding="utf-8") as handle, pytest.raises(OverInput):
        loaded.save(handle)
    assert trace.read_bytes() == before
