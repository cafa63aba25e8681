"""The actions without a command line: show and validate text, option merging, output
formats, run plans, and how a search's outcome becomes an error with an exit code."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlereel.actions import analyze as analysis
from puzzlereel.actions.draw import outputs_for, parse_formats, render_options
from puzzlereel.actions.show import open_trace, show_lines, validate_lines
from puzzlereel.actions.solve import LimitReached, Unsolvable, check_outcome
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.ground.errors import EXIT_LIMIT, EXIT_UNSOLVABLE, EXIT_USAGE, UsageError
from puzzlereel.render.api import UnsupportedFormat
from puzzlereel.trace import End, TraceError
from tests.fixtures import DATA


def test_show_lines_number_every_move_and_draw_the_board():
    with open_trace(str(DATA / "hakoiri-5.jsonl")) as (stream, name):
        lines = list(show_lines(stream, name))
    assert lines[0] == "Hakoiri Musume (first 5 moves) (sliding-block, metric piece)"
    assert lines[1].startswith("\nstart\nBAAC\nBAAC\n")
    assert lines[2].startswith("\nMove 1: I →→  (0, 4) → (2, 4)\n")
    assert len([line for line in lines if line.startswith("\nMove ")]) == 5
    assert lines[-1].startswith("\nend: ")


@pytest.mark.parametrize("name", ["hakoiri-musume", "rush-hour-style", "triangle",
                                  "eight-puzzle"])
def test_show_says_each_move_in_the_video_s_words_with_its_cells(name, tmp_path):
    """``show`` writes each move as the video's move list does ("S ↓", "c1 → c3",
    "Daughter → ↓ out"), the cells beside the words, from the one function both use."""
    import io

    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace
    from tests.render.films import directed

    text = example_trace(CONFIGS / f"{name}.toml")
    lines = list(show_lines(io.BytesIO(text.encode()), name))
    moves = [line.split("\n")[1] for line in lines if line.lower().startswith("\nmove ")]
    words = [move.split(": ", 1)[1].split("  ")[0] for move in moves]
    cells = [move.split("  ")[1] for move in moves]
    film = directed(text)
    assert film.plan is not None
    assert words == [b.note for b in film.plan.beats if b.move is not None]
    assert all(any(ch.isdigit() for ch in c) for c in cells)


@pytest.mark.parametrize("name", ["komachi-100", "oomachi", "send-more-money",
                                  "mastermind-9431-simple", "n-queens-8"])
def test_show_says_every_family_s_events_in_the_video_s_words(name):
    """The generate-and-test families too: what the video's list says of a solution, a
    guess or a step, ``show`` says first on its line ("1+2+34−5+67−8+9", "D = 7",
    "0123 → ○○", "row 3, col 5"), then the event as the trace writes it."""
    import io

    from tests.fixtures import CONFIGS
    from tests.render.examples import example_trace
    from tests.render.films import directed

    text = example_trace(CONFIGS / f"{name}.toml")
    lines = [line.split("\n")[1] for line in show_lines(io.BytesIO(text.encode()), name)
             if line.startswith(("\nsolution ", "\nguess ", "\nstep: "))]
    said = " · ".join(line.split(": ", 1)[1].split("  ")[0] for line in lines)
    film = directed(text)
    assert film.plan is not None
    notes = [b.note for b in film.plan.beats if b.note and not b.note.startswith("steps ")]
    assert notes and all(note in said for note in notes), (notes[:3], said[:200])


def test_validate_lines_end_with_a_summary():
    with open_trace(str(DATA / "hakoiri-5.jsonl")) as (stream, name):
        lines = list(validate_lines(stream, name))
    assert lines[-1].endswith("valid sliding-block trace (Hakoiri Musume (first 5 moves)): "
                              "5 moves, 8 events, status limit")


def test_open_trace_names_a_missing_file(tmp_path):
    with pytest.raises(TraceError, match=r"nope\.jsonl: no such file"), \
            open_trace(str(tmp_path / "nope.jsonl")):
        pass


def test_render_options_merge_defaults_config_then_flags(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[puzzle]\ntype = "n-queens"\nn = 4\n[render]\nspeed = 0.5\ntheme = "dark"\n',
                    encoding="utf-8")
    options, explicit = render_options(load_config(path), {"theme": "wood", "fps": None})
    assert (options.speed, options.theme, options.fps) == (0.5, "wood", 30)
    assert explicit == {"speed", "theme"}


def test_a_bad_render_value_names_its_config_line(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[puzzle]\ntype = "n-queens"\nn = 4\n\n[render]\nfps = 500\n',
                    encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        render_options(load_config(path), {})
    assert str(caught.value) == f"{path}: line 6: render.fps: must be between 1 and 120, got 500"


def test_a_bad_flag_is_a_usage_error_naming_the_flag():
    with pytest.raises(UsageError) as caught:
        render_options(None, {"gif_fps": 99})
    assert caught.value.exit_code == EXIT_USAGE
    assert str(caught.value).startswith("--gif-fps: must be between 1 and 50")


def test_formats_and_targets():
    assert parse_formats(" mp4, .GIF ,") == ("mp4", "gif")
    with pytest.raises(UsageError, match="--formats: avi is not one of: mp4, gif, png, webm"):
        parse_formats("mp4,avi")
    assert outputs_for(["a/x.MP4", "y.png"]) == [("mp4", Path("a/x.MP4")),
                                                    ("png", Path("y.png"))]
    with pytest.raises(UnsupportedFormat) as caught:
        outputs_for(["x.avi"])
    assert caught.value.exit_code == EXIT_USAGE
    assert str(caught.value).startswith("x.avi: unsupported output suffix .avi")


def test_an_unknown_puzzle_type_names_its_line(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('title = "x"\n[puzzle]\ntype = "sokoban"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"line 3: puzzle.type: unknown puzzle type "
                       r"'sokoban' \(known: alphametic, komachi, mastermind"):
        load_puzzle(path)


def test_outcomes_become_errors_with_exit_codes():
    check_outcome(End("solved", 3), "c.toml")
    with pytest.raises(Unsolvable) as no:
        check_outcome(End("unsolvable", None, {"reason": "parity"}), "c.toml")
    assert no.value.exit_code == EXIT_UNSOLVABLE
    assert str(no.value) == "c.toml: the puzzle has no solution (parity)"
    with pytest.raises(LimitReached) as limit:
        check_outcome(End("limit", None, {"limit": "--max-states 5"}), "c.toml")
    assert limit.value.exit_code == EXIT_LIMIT
    assert str(limit.value) == ("c.toml: stopped by a limit before a solution was found "
                                "(--max-states 5)")
    assert analysis.analysis_exit_code({"status": "limit"}) == EXIT_LIMIT
    assert analysis.analysis_exit_code({"status": "complete"}) == 0


def test_the_analysis_summary_wraps_a_short_list_and_counts_a_long_one():
    result = {"puzzle": "sliding-tile", "states": 181440, "found": True,
              "solution": list(range(30)), "depths": list(range(1, 500)),
              "by_bound": {"3": 7, "4": 29}, "farthest": [["..AA", "BB.."]], "empty": []}
    lines = list(analysis.analysis_lines(result, as_json=False))
    assert lines == [
        "puzzle    sliding-tile",
        "states    181,440",
        "found     yes",
        "solution  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,",
        "          20, 21, 22, 23, 24, 25, 26, 27, 28, 29]",
        "depths    499 values, from 1 to 499 (--json lists them all)",
        "by bound  {3: 7, 4: 29}",
        "farthest  [[..AA, BB..]]",
        "empty     []",
    ]


def test_piece_colours_take_either_spelling(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[puzzle]\ntype = "n-queens"\nn = 4\n[render]\ncolours = { A = "#123456" }\n'
                    'colors = { B = "#abcdef" }\n', encoding="utf-8")
    options, explicit = render_options(load_config(path), {})
    assert options.colours == {"A": "#123456", "B": "#abcdef"}
    with pytest.raises(ConfigError, match=r"line 5: render.colours.A: expected a "
                       r"colour like \"#3366cc\", got 'blue'"):
        path.write_text(path.read_text().replace("#123456", "blue"), encoding="utf-8")
        render_options(load_config(path), {})
