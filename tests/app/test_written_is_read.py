"""Nothing the program writes is rejected by the program, and nothing that contradicts
itself is accepted.

* Every trace a solver writes is read back, line by line, as ``validate`` will read it
  before it is written (``trace.checked``): shipped configs and edge cases (a negative
  komachi target, boards at the trace format's limits) solve into traces that validate,
  and a puzzle beyond those limits is refused before the search, naming the config.
* Every config ``import`` writes is read by the family's own loader first: an entry that
  would make a config ``solve`` refuses is a bad entry, not a file.
* ``validate`` refuses a trace whose end contradicts its events (status "unsolvable"
  after the goal is reached, a solution listed, the code found) and Mastermind answers
  that no code can give."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest

from puzzlereel.actions.solve import solve_to
from puzzlereel.catalog.puzzles import load_puzzle
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import Header, TraceError, checked, read_trace, validate
from tests.fixtures import CONFIGS, DATA, cli, write
from tests.fixtures import header as head
from tests.fixtures import jsonl as lines

SMALL_SHIPPED = ["dads-puzzle", "rush-hour-style", "hakoiri-musume", "eight-puzzle",
                 "six-puzzle-2x3", "hoppers", "triangle", "n-queens-8", "komachi-100",
                 "komachi-100-all-operators", "oomachi", "send-more-money",
                 "mastermind-9431", "mastermind-knuth"]
EDGE = {
    "komachi-minus-44": '[puzzle]\ntype = "komachi"\ntarget = -44\n',
    "komachi-minus-all": '[puzzle]\ntype = "komachi"\ntarget = -7\n'
                         'operators = ["+", "-", "*", "/"]\ndigits = [1, 2, 3, 4, 5]\n',
    "komachi-zero": '[puzzle]\ntype = "komachi"\ntarget = 0\n',
    "queens-1": '[puzzle]\ntype = "n-queens"\nn = 1\n[solve]\nsteps = "all"\n',
    "queens-3": '[puzzle]\ntype = "n-queens"\nn = 3\n',
    "block-256-wide": '[puzzle]\ntype = "sliding-block"\nlayout = """\nA' + "." * 255
                      + '\n"""\ngoal = { piece = "A", x = 1, y = 0 }\n',
    "block-256-tall": '[puzzle]\ntype = "sliding-block"\nlayout = """\n'
                      + "A\n" + ".\n" * 15 + '"""\ngoal = { piece = "A", x = 0, y = 15 }\n',
}


def solved_and_read(path, options: SolveOptions | None = None) -> str:
    out = io.StringIO()
    loaded = load_puzzle(path)
    solve_to(loaded, "-", options or SolveOptions(), stdout=out)
    summary = validate(io.StringIO(out.getvalue()), str(path))
    assert summary.end is not None
    return summary.end.status


@pytest.mark.parametrize("name", SMALL_SHIPPED)
def test_every_shipped_config_solves_into_a_trace_that_validates(name):
    assert solved_and_read(CONFIGS / f"{name}.toml") in ("solved", "unsolvable")


@pytest.mark.parametrize("name", sorted(EDGE))
def test_edge_configs_solve_into_traces_that_validate(tmp_path, name):
    solved_and_read(write(tmp_path, f"{name}.toml", EDGE[name]))


@pytest.mark.parametrize("name", ["n-queens-8", "komachi-100-all-operators",
                                  "send-more-money", "mastermind-knuth", "hakoiri-musume"])
def test_a_trace_stopped_by_a_limit_validates(name):
    assert solved_and_read(CONFIGS / f"{name}.toml", SolveOptions(max_states=50)) == "limit"


@pytest.mark.parametrize("width, height", [(257, 1), (401, 2), (1, 300)])
def test_a_board_beyond_the_trace_format_is_refused_before_the_search(tmp_path, width,
                                                                      height):
    rows = ["A" + "." * (width - 1)] + ["." * width] * (height - 1)
    goal = "x = 1, y = 0" if width > 1 else "x = 0, y = 1"
    config = write(tmp_path, "wide.toml", '[puzzle]\ntype = "sliding-block"\nlayout = """\n'
                   + "\n".join(rows) + f'\n"""\ngoal = {{ piece = "A", {goal} }}\n')
    out = tmp_path / "wide.jsonl"
    res = cli("solve", config, "-o", out)
    assert res.exit_code == 1, res.output
    assert f"{config}: line 3: puzzle.layout:" in res.stderr and "at most 256" in res.stderr
    assert not out.exists()


def test_a_trace_is_read_back_before_it_is_written():
    """The mechanism itself: a header beyond the format, and a move the rules refuse,
    stop the events before they reach the writer."""
    wide = Header("sliding-block", fields={
        "board": {"width": 300, "height": 1, "walls": [], "exits": []},
        "pieces": [{"id": "A", "x": 0, "y": 0, "w": 1, "h": 1}],
        "goal": {"piece": "A", "x": 1, "y": 0}})
    with pytest.raises(TraceError, match="line 1: board.width: at most 256"):
        list(checked([wide]))
    with open(DATA / "hakoiri-5.jsonl", "rb") as handle:
        events = [event for _, event in read_trace(handle, "t", allow_partial=False)]
    header, first = events[0], events[1]
    bad = [header, first, replace(first, n=2, piece="A", path=((1, 1),))]   # onto E
    passed = []
    with pytest.raises(TraceError, match="line 3"):
        for event in checked(bad):
            passed.append(event)
    assert passed == bad[:2]


# ---------------------------------------------------------------- import


def test_import_writes_no_config_that_solve_refuses(tmp_path):
    big = "\n".join(["A" + "." * 60] + ["." * 61] * 81) + "\n"     # 5,002 cells
    wide = "A" + "." * 299 + "\n"                                  # 300 along a side
    good = "AA.\nb..\n"
    source = write(tmp_path, "layouts.txt", big + "\n" + wide + "\n" + good)
    out = tmp_path / "out"
    res = cli("import", "klotski", source, "-o", out, "--piece", "A")
    assert res.exit_code == 1, res.output
    assert res.stderr.count("the config it makes would not solve") == 2
    written = sorted(out.iterdir())
    assert len(written) == 1
    assert cli("solve", written[0], "-o", tmp_path / "t.jsonl").exit_code == 0
    tiles = write(tmp_path, "tiles.txt", " ".join(map(str, [*range(1, 64), 0])) + "\n")
    res = cli("import", "tiles", tiles, "-o", tmp_path / "t8")
    assert res.exit_code == 1 and "would not solve" in res.stderr     # 8x8: past 49 cells


# ---------------------------------------------------------------- contradictions


def rejected(text: str, field: str = "status") -> str:
    with pytest.raises(TraceError) as err:
        validate(io.StringIO(text), "t.jsonl")
    assert err.value.field == field, str(err.value)
    return str(err.value)


BLOCK = head("sliding-block", board={"width": 2, "height": 1, "walls": [], "exits": []},
             pieces=[{"id": "A", "x": 0, "y": 0, "w": 1, "h": 1}], goal={"piece": "A", "x": 1,
                                                                         "y": 0})
MOVE = {"type": "move", "n": 1, "piece": "A", "path": [[1, 0]]}


def test_a_status_that_denies_the_goal_reached_is_refused():
    assert "the moves reach the goal" in rejected(lines(BLOCK, MOVE, {"type": "end",
                                                                      "status": "unsolvable"}))
    tiles = head("sliding-tile", rows=2, cols=2, tiles=[1, 2, 0, 3])
    rejected(lines(tiles, {"type": "move", "n": 1, "tile": 3},
                   {"type": "end", "status": "unsolvable"}))
    pegs = head("peg-solitaire", holes=[[0, 0], [1, 0], [2, 0]], pegs=[[0, 0], [1, 0]])
    rejected(lines(pegs, {"type": "move", "n": 1, "from": [0, 0],
                          "path": [[2, 0]]}, {"type": "end", "status": "unsolvable"}))


def test_a_status_that_denies_its_solutions_is_refused():
    queens = head("n-queens", n=4)
    rejected(lines(queens, {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
                   {"type": "end", "status": "unsolvable", "stats": {}}))
    validate(io.StringIO(lines(queens, {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
                               {"type": "end", "status": "limit", "stats": {}})), "t")
    komachi = head("komachi", target=100)
    rejected(lines(komachi, {"type": "solution", "k": 1, "text": "1+2+3-4+5+6+78+9=100"},
                   {"type": "end", "status": "unsolvable", "stats": {}}))
    game = head("mastermind", symbols=6, length=4, repeats=True, secret=[1, 2, 3, 4])
    rejected(lines(game, {"type": "guess", "n": 1, "code": [1, 2, 3, 4], "bulls": 4,
                          "cows": 0}, {"type": "end", "status": "unsolvable", "stats": {}}))


@pytest.mark.parametrize("symbols, length, repeats", [(6, 4, True), (10, 4, False),
                                                      (10, 6, True), (36, 4, True)])
def test_mastermind_answers_no_code_can_give_are_refused(symbols, length, repeats):
    game = head("mastermind", symbols=symbols, length=length, repeats=repeats)
    guess = list(range(length))
    impossible = {"type": "guess", "n": 1, "code": guess, "bulls": length - 1, "cows": 1}
    rejected(lines(game, impossible, {"type": "end", "status": "limit", "stats": {}}),
             "cows")
    # each answer alone is possible, together no code gives them: every symbol of the
    # guess in place, then none of them anywhere
    first = {"type": "guess", "n": 1, "code": guess, "bulls": length, "cows": 0}
    other = list(range(length, 2 * length)) if not repeats else [length] * length
    second = {"type": "guess", "n": 1, "code": other, "bulls": 0, "cows": 0}
    rejected(lines(game, {**first, "bulls": length - 2, "cows": 0},
                   {**second, "n": 2, "code": guess, "bulls": length, "cows": 0},
                   {"type": "end", "status": "solved", "stats": {}}), "bulls")
