"""Names of files the program makes: ``import``'s configs keep to the 200 bytes
docs/import.md promises, keep a source's name in any script, and never share a name
with another source's configs; an output whose name is near the file system's limit is
written (its temporary file's name fits too)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from puzzlereel.ground.filenames import NAME_BYTES
from tests.fixtures import CONFIGS, DATA, cli, write

RUSH = "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n"
LONG = "r" * 240                          # a source's name of 244 bytes with ".txt"


def imported(source: Path, out: Path, *args: str) -> list[Path]:
    res = cli("import", "rush-hour", source, "-o", out, *args)
    assert res.exit_code == 0, res.stderr
    return [Path(line) for line in res.stdout.splitlines()]


@pytest.mark.parametrize(("source", "name"), [("rush.txt", "a" * 200), (f"{LONG}.txt", None),
                                              ("rush.txt", "箱" * 66)])
def test_an_imported_config_s_name_is_at_most_200_bytes(tmp_path, source, name):
    path = write(tmp_path, source, RUSH * 12)     # lines 1..12: two digits
    written = imported(path, tmp_path / "out", *(["--name", name] if name else []))
    assert len(written) == 12
    for config in written:
        assert len(config.name.encode("utf-8")) <= NAME_BYTES, config.name
        assert config.name.endswith(".toml") and config.is_file()


def test_a_source_named_in_any_script_keeps_its_name(tmp_path):
    written = imported(write(tmp_path, "箱入り娘.txt", RUSH), tmp_path / "out")
    assert [p.name for p in written] == ["箱入り娘-1.toml"]
    assert 'title = "Rush Hour: 箱入り娘 #1"' in written[0].read_text(encoding="utf-8")


@pytest.mark.parametrize("names", [("a b.txt", "a+b.txt"), ("a\x01b.txt", "a\x02b.txt"),
                                   ("箱入り娘.txt", "華容道.txt")])
def test_sources_whose_names_differ_only_where_changed_never_share_configs(tmp_path, names):
    """Characters replaced by '-', or a name cut to fit: each source still names its own
    configs, so neither import finds the other's files (with --force, replaces them)."""
    out = tmp_path / "out"
    first = imported(write(tmp_path, names[0], RUSH), out, "--force")
    second = imported(write(tmp_path, names[1], RUSH), out, "--force")
    assert first[0] != second[0]
    assert sorted(p.name for p in out.iterdir()) == sorted([first[0].name, second[0].name])


# Needs fileio.atomic_path to keep its temporary file's name within 255 bytes (NAME_MAX):
# ".{NAME cut}.{writer}.part{.EXT}" (the writer's part owned by fileio/partfiles).
def test_an_output_named_near_the_file_system_s_limit_is_written(tmp_path):
    name = "n" * (255 - len(".svg")) + ".svg"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", tmp_path / name)
    assert res.exit_code == 0, res.stderr
    assert os.listdir(tmp_path) == [name]
    too_long = "n" * 256 + ".svg"
    res = cli("render", DATA / "hakoiri-5.jsonl", "-o", tmp_path / too_long)
    assert res.exit_code == 1 and too_long in res.stderr and ".part" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert os.listdir(tmp_path) == [name]


def test_a_config_named_near_the_limit_runs_up_to_date_the_second_time(tmp_path):
    """Its outputs' names (200 bytes and a suffix) are names the manifest reads back."""
    config = tmp_path / ("h" * 245 + ".toml")
    config.write_text((CONFIGS / "hoppers.toml").read_text(encoding="utf-8"),
                      encoding="utf-8")
    out = tmp_path / "out"
    for _ in range(2):
        res = cli("run", config, "--out-dir", out, "--formats", "vtt")
        assert res.exit_code == 0, res.stderr
    assert "up to date" in res.stderr and "set aside" not in res.stderr, res.stderr


def test_a_name_holds_no_c1_control_character(tmp_path):
    source = write(tmp_path, "t.txt", "1 2 3 4 5 6 7 8 0\n")
    res = cli("import", "tiles", source, "-o", tmp_path / "out", "--name", "a\x85b")
    assert res.exit_code == 2 and not (tmp_path / "out").exists()
