"""`puzzlereel import`: collections of Rush Hour boards, sliding-tile lists and Klotski
layouts become configs that solve to the collections' published answers.

The Rush Hour lines are from Michael Fogleman's database of every "interesting" Rush
Hour puzzle (M. Fogleman, "Solving Rush Hour, the Puzzle", July 2018,
https://www.michaelfogleman.com/rush/ ; the database ``rush.txt`` has one line
``MOVES BOARD CLUSTER_SIZE`` per puzzle, a move being one straight slide of any length).
``60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332`` is the example line that page quotes
(also the default puzzle of its online player, github.com/fogleman/rush web/app.js,
"movesRequired = 60"); the other five are lines of the same database as copied into
third-party projects that ship parts of it.  Because those five come second hand, the
test does not take them on trust: a plain breadth-first search written here, sharing
nothing with puzzlereel's solver, checks each line's move count and cluster size too.

The tile instance is Korf's instance 1 (``benchmarks/data/korf100.json``: R. E. Korf,
Artificial Intelligence 27, 1985, Table 1: 57 moves); the Klotski layouts are Hakoiri
Musume (81 moves) and its 98-move variant (M. Hiroi's q01 and q02, see configs/).
"""

from __future__ import annotations

import io
import json
from collections import deque
from pathlib import Path

import pytest

from puzzlereel.actions import analyze as analysis
from puzzlereel.actions.solve import solve_to
from puzzlereel.catalog import importers
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import load_config
from puzzlereel.solvers.base import SolveOptions
from tests.fixtures import CONFIGS, ROOT, cli, one_line_error, write

RUSH = [  # MOVES BOARD CLUSTER_SIZE, from Fogleman's database (see the module docstring)
    "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332",
    "58 BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN 9192",
    "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780",
    "30 BBoLooxJoLDDIJAAMNIEEoMNooKFFNGGKHHo 17039",
    "15 xooIoooooIKoGAAJKLGCCJoLooHDDLxoHoFF 12021",
    "10 oHoooxoHCCCKAAIJoKooIJDDooooooEEFFxo 304",
]


def plain_rush_hour(board: str) -> tuple[int, int]:
    """(fewest moves, positions reachable) of a Rush Hour board, by a plain BFS over the
    vehicles' offsets along their lines; a move slides one vehicle any distance."""
    cells: dict[str, list[int]] = {}
    for i, ch in enumerate(board):
        cells.setdefault(ch, []).append(i)
    walls = set(cells.pop("x", []))
    cells.pop("o", None)
    names = sorted(cells)
    lanes = []   # (the lane's first cell, stride along it, the vehicle's length)
    start = []
    for name in names:
        idx = cells[name]
        stride = 1 if idx[1] - idx[0] == 1 else 6
        base = idx[0] - idx[0] % 6 if stride == 1 else idx[0] % 6   # row start, column top
        lanes.append((base, stride, len(idx)))
        start.append((idx[0] - base) // stride)
    red = names.index("A")

    def occupied(pos: tuple[int, ...]) -> set[int]:
        taken = set(walls)
        for (base, stride, n), p in zip(lanes, pos):
            taken.update(base + stride * (p + k) for k in range(n))
        return taken

    first = tuple(start)
    depth = {first: 0}
    queue = deque([first])
    best = -1
    while queue:
        pos = queue.popleft()
        if best < 0 and pos[red] == 6 - lanes[red][2]:
            best = depth[pos]
        taken = occupied(pos)
        for v, ((base, stride, n), p) in enumerate(zip(lanes, pos)):
            for step in (-1, 1):
                q = p
                while True:
                    q += step
                    edge = q if step < 0 else q + n - 1
                    if not 0 <= edge < 6 or base + stride * edge in taken:
                        break
                    nxt = pos[:v] + (q,) + pos[v + 1:]
                    if nxt not in depth:
                        depth[nxt] = depth[pos] + 1
                        queue.append(nxt)
    return best, len(depth)


@pytest.mark.parametrize("line", RUSH)
def test_the_plain_search_agrees_with_the_database(line):
    moves, board, cluster = line.split()
    assert plain_rush_hour(board) == (int(moves), int(cluster))


def test_rush_hour_lines_solve_to_their_published_lengths(tmp_path):
    source = write(tmp_path, "rush.txt", "\n".join(RUSH) + "\n")
    result = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    paths = [Path(p) for p in result.stdout.split()]
    assert [p.name for p in paths] == [f"rush-{n}.toml" for n in range(1, 7)]
    for path, line in zip(paths, RUSH):
        moves, _, cluster = map(int, line.replace(line.split()[1], "0").split())
        loaded = load_puzzle(path)
        assert loaded.expect_moves == moves
        end = solve_to(loaded, tmp_path / "t.jsonl", SolveOptions())   # checks it too
        assert end is not None and end.moves == moves, path
        assert analysis.analyze(loaded, SolveOptions())["states"] == cluster, path
        assert cli("validate", tmp_path / "t.jsonl").exit_code == 0


def test_a_rush_hour_config_has_walls_axes_the_line_metric_and_the_exit(tmp_path):
    entry = importers.rush_hour_entry(RUSH[0], "rush.txt", 1, "t")
    config = load_config(write(tmp_path, "r.toml", entry.text))
    puzzle = config.section("puzzle")
    # relettered as Rush Hour's cards write them: the red car X, the other cars A-K and
    # the trucks O-R in reading order of their first cell
    assert puzzle["layout"].split() == ["ABB#..", "A..CDD", "EXXC..", "E.FGGO", "HHF..O",
                                        "IIPPPO"]
    assert puzzle["axis"] == {"A": "y", "B": "x", "C": "y", "D": "x", "E": "y", "F": "y",
                              "G": "x", "H": "x", "I": "x", "O": "y", "P": "x", "X": "x"}
    assert puzzle["goal"] == {"piece": "X", "x": 4, "y": 2}
    assert puzzle["labels"] == {"X": "red car"}
    assert puzzle["exit"] == {"side": "right", "offset": 2, "length": 1}
    assert config.section("solve") == {"metric": "line", "expect_moves": 60}
    bare = importers.rush_hour_entry(RUSH[0].split()[1], "rush.txt", 1, "t")
    assert "expect_moves" not in bare.text


def test_one_bad_entry_and_one_config_are_counted_in_the_singular(tmp_path):
    bad = "ten oHoooxoHCCCKAAIJoKooIJDDooooooEEFFxo 304"
    source = write(tmp_path, "two.txt", f"{RUSH[5]}\n{bad}\n")
    result = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (f"puzzlereel: {source}: 1 bad entry, "
                                              "1 config written")


def test_importing_a_good_file_again_keeps_what_is_there(tmp_path):
    source = write(tmp_path, "good.txt", "\n".join([RUSH[5], RUSH[4]]) + "\n")
    first = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert first.exit_code == 0 and len(first.stdout.split()) == 2
    again = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert (again.exit_code, again.stdout, again.stderr) == (0, first.stdout, "")


def test_bad_lines_are_reported_and_the_good_ones_written(tmp_path):
    source = write(tmp_path, "mixed.txt", "\n".join([
        "# a comment", RUSH[5],
        "10 oHoooxoHCCCKAAIJoKooIJDDooooooEEFF 304",          # 34 characters
        "oHoooxoHCCCKBBIJoKooIJDDooooooEEFFxo",               # no red car
        "oHoooxoHCCCKAAIJoKooIJDDoooooo?EFFxo",               # a stray character
        "oHoooxoHCCCKAAIJoKooIJDDooooooEEEExo",               # a vehicle of 4
        "ten oHoooxoHCCCKAAIJoKooIJDDooooooEEFFxo 304",
        "", RUSH[4]]) + "\n")
    result = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert [Path(p).name for p in result.stdout.split()] == ["mixed-2.toml", "mixed-9.toml"]
    err = result.stderr.splitlines()
    assert err[0].startswith(f"puzzlereel: {source}: line 3: board: ")
    assert "has 34 characters, a board has 36" in err[0]
    assert f"{source}: line 4: board: " in err[1] and "no red car 'A'" in err[1]
    assert f"{source}: line 5: board: " in err[2] and "'?' (row 6, column 1)" in err[2]
    assert f"{source}: line 6: board: " in err[3] and "piece 'E' (4 cells)" in err[3]
    assert f"{source}: line 7: moves: 'ten' is not a number" in err[4]
    assert err[5] == f"puzzlereel: {source}: 5 bad entries, 2 configs written"
    again = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert again.stdout == result.stdout
    assert again.stderr.splitlines()[-1] == (f"puzzlereel: {source}: 5 bad entries, 0 configs "
                                             "written, 2 kept (already there, the same)")
    (tmp_path / "out" / "mixed-9.toml").write_text("# edited by hand\n")
    edited = cli("import", "rush-hour", source, "-o", tmp_path / "out")
    assert "mixed-9.toml: already exists (use --force" in edited.stderr
    assert edited.stderr.splitlines()[-1] == (
        f"puzzlereel: {source}: 5 bad entries, 0 configs written, 1 kept (already there, "
        "the same), 1 already there with other text (--force replaces it)")
    forced = cli("import", "rush-hour", source, "-o", tmp_path / "out", "--force", "--name",
                 "rh")
    assert [Path(p).name for p in forced.stdout.split()] == ["rh-2.toml", "rh-9.toml"]


def test_korf_instance_1_from_a_list_of_numbers(tmp_path, pdb_cache):
    korf = json.loads((ROOT / "benchmarks" / "data" / "korf100.json").read_text())
    first = korf["instances"][0]
    assert first["id"] == 1 and first["optimal"] == 57
    line = " ".join(map(str, [1, *first["tiles"], first["optimal"]]))   # id, tiles, length
    source = write(tmp_path, "korf.txt", line + "\n")
    result = cli("import", "tiles", source, "-o", tmp_path, "--blank", "first", "--skip", "1",
                 "--with-moves", "--pdb", "6-6-3")
    assert result.exit_code == 0, result.output
    path = Path(result.stdout.strip())
    loaded = load_puzzle(path)
    assert loaded.puzzle.tiles == tuple(first["tiles"]) and loaded.expect_moves == 57
    assert loaded.puzzle.goal == tuple(korf["goal"])
    end = solve_to(loaded, tmp_path / "k.jsonl", SolveOptions())
    assert end is not None and end.moves == 57


def test_tile_lines_check_size_tiles_and_the_goal_convention(tmp_path):
    source = write(tmp_path, "t.txt", "8 6 7 2 5 4 3 0 1\n"
                   "6,8,7,2,5,4,3,0,1\n"          # two tiles swapped: the wrong parity
                   "1 2 3 4 5\n"                  # not a square
                   "1 2 3 4 5 6 7 8 8\n"          # a repeated tile
                   "[4, 5, 0, 1, 2, 3]\n")        # 2x3, with --size only
    result = cli("import", "tiles", source, "-o", tmp_path / "o")
    assert result.exit_code == 1
    assert [Path(p).name for p in result.stdout.split()] == ["t-1.toml"]
    err = result.stderr
    assert f"{source}: line 2: tiles: 6 8 7 2 5 4 3 0 1: cannot reach the goal with the " \
           "blank last (wrong parity; is the collection's goal --blank first?)" in err
    assert f"{source}: line 3: tiles: 5 numbers is not a square board" in err
    assert f"{source}: line 4: tiles: 1 2 3 4 5 6 7 8 8: the tiles must be 0..8 once" in err
    loaded = load_puzzle(tmp_path / "o" / "t-1.toml")
    assert loaded.puzzle.tiles == (8, 6, 7, 2, 5, 4, 3, 0, 1)
    end = solve_to(loaded, tmp_path / "e.jsonl", SolveOptions())
    assert end is not None and end.moves == 31     # the seed article's 8-puzzle
    small = write(tmp_path, "s.txt", "4 5 0 1 2 3\n")
    result = cli("import", "tiles", small, "-o", tmp_path / "s", "--size", "2x3")
    assert result.exit_code == 0, result.output
    end = solve_to(load_puzzle(result.stdout.strip()), tmp_path / "s.jsonl",
                       SolveOptions())
    assert end is not None and end.moves == 21


HAKOIRI = "BAAC\nBAAC\nDEEF\nDGHF\nI..J\n"


def test_klotski_layouts_solve_to_their_published_lengths(tmp_path):
    source = write(tmp_path, "k.txt", HAKOIRI + "\n" + "BAAC/BAAC/DEEF/GGHH/I..J\n")
    result = cli("import", "klotski", source, "-o", tmp_path / "o")
    assert result.exit_code == 0, result.output
    paths = [Path(p) for p in result.stdout.split()]
    assert [p.name for p in paths] == ["k-1.toml", "k-7.toml"]
    for path, moves in zip(paths, (81, 98)):
        loaded = load_puzzle(path)
        assert loaded.puzzle.layout.goal == (("A", (1, 3)),)   # the largest piece, bottom centre
        end = solve_to(loaded, tmp_path / "t.jsonl", SolveOptions())
        assert end is not None and end.moves == moves
    same = load_config(CONFIGS / "hakoiri-musume.toml").section("puzzle")
    assert load_config(paths[0]).section("puzzle")["exit"] == same["exit"]


def test_klotski_options_and_bad_layouts(tmp_path):
    source = write(tmp_path, "k.txt", "AAb\nAA.\n...\n\nab.\n..\n\nab./.../...\n")
    result = cli("import", "klotski", source, "-o", tmp_path / "o", "--piece", "b",
                 "--at", "2,2", "--metric", "step")
    assert result.exit_code == 1
    assert [Path(p).name for p in result.stdout.split()] == ["k-1.toml", "k-8.toml"]
    assert f"{source}: line 6: layout: ragged layout: row 2 '..' has 2 cells" in result.stderr
    config = load_config(tmp_path / "o" / "k-1.toml")
    assert config.section("puzzle")["goal"] == {"piece": "b", "x": 2, "y": 2}
    assert config.section("solve") == {"metric": "step"}
    loaded = load_puzzle(tmp_path / "o" / "k-1.toml")
    assert solve_to(loaded, tmp_path / "t.jsonl", SolveOptions()) is not None
    tie = write(tmp_path, "tie.txt", "ab\n..\n")
    one = cli("import", "klotski", tie, "-o", tmp_path / "p")
    assert "line 1: goal: no single largest piece (a, b): give --piece" in one.stderr


@pytest.mark.parametrize("args, fragment", [
    (["chess", "x.txt"], "FORMAT: 'chess' is not one of: rush-hour, tiles, klotski"),
    (["rush-hour", "x.txt", "--blank", "first"], "--blank: not an option of `import "
                                                 "rush-hour`"),
    (["tiles", "x.txt", "--piece", "A"], "--piece: not an option of `import tiles`"),
    (["tiles", "x.txt", "--blank", "middle"], "--blank: 'middle' is not one of: last, first"),
    (["tiles", "x.txt", "--size", "4"], "--size: expected ROWSxCOLS"),
    (["tiles", "x.txt", "--size", "3x3", "--pdb", "4-3"], "--pdb: '4-3' covers 7 tiles"),
    (["klotski", "x.txt", "--at", "1;2"], "--at: expected X,Y"),
    (["klotski", "x.txt", "--metric", "hop"], "--metric: 'hop' is not one of"),
])
def test_usage_errors(tmp_path, args, fragment):
    write(tmp_path, "x.txt", "\n")
    one_line_error(cli("import", *[str(tmp_path / a) if a == "x.txt" else a for a in args],
                       "-o", tmp_path / "o"), 2, fragment)


def test_a_missing_or_binary_source(tmp_path):
    one_line_error(cli("import", "tiles", tmp_path / "none.txt", "-o", tmp_path), 1,
                   "none.txt", "No such file")
    binary = tmp_path / "b.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(importers.PuzzlereelError, match=r"b\.txt: line 1: not UTF-8 text"):
        importers.import_collection("tiles", io.BytesIO(binary.read_bytes()), str(binary),
                                    tmp_path)


def test_stdin_is_a_source(tmp_path):
    result = cli("import", "rush-hour", "-", "-o", tmp_path, input=RUSH[5] + "\n")
    assert result.exit_code == 0, result.output
    assert Path(result.stdout.strip()).name == "stdin-1.toml"


@pytest.mark.parametrize("token", ["²", "٣", "9" * 5000])
def test_a_number_that_is_no_plain_whole_number_is_a_bad_entry(tmp_path, token):
    """Digits ``int`` refuses (a superscript, more than 4,300 of them) or that are not
    ASCII: one line naming the file, line and field, not a traceback."""
    source = write(tmp_path, "tiles.txt", f"1 2 3 4 5 6 7 8 {token}\n")
    result = cli("import", "tiles", source, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"puzzlereel: {source}: line 1: tiles: ")
    assert "Traceback" not in result.stderr and len(result.stderr) < 400
