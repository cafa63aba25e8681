"""Generate-and-test solvers: known answers, cross-checks against brute force, config
errors, and every trace they write replayed through ``puzzlereel.trace.validate``."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.doc_tables import block, ratio_agrees, tables
from puzzlereel.ground.config import ConfigError, load_config
from puzzlereel.rules.arith import Expression
from puzzlereel.solvers import alphametic, komachi, mastermind, n_queens, oomachi
from puzzlereel.solvers.base import SolveOptions
from puzzlereel.trace import Guess, Place, Remove, SolutionFound
from tests.fixtures import CONFIGS, ROOT, replayed, write

OPTS = SolveOptions()


def cfg(tmp_path: Path, text: str) -> object:
    return load_config(write(tmp_path, "c.toml", text))


# ---------------------------------------------------------------- komachi

SEED_KOMACHI = [  # the seed article's output for (komachi 100), in its order
    "1+2+3-4+5+6+78+9", "1+2+34-5+67-8+9", "1+23-4+5+6+78-9", "1+23-4+56+7+8+9",
    "12+3+4+5-6-7+89", "12+3-4+5+67+8+9", "12-3-4+5-6+7+89", "123+4-5+67-89",
    "123+45-67+8-9", "123-4-5-6-7+8-9", "123-45-67+89",
]


def test_komachi_100_has_the_seeds_11_solutions_in_order() -> None:
    assert komachi.solutions(komachi.Komachi()) == SEED_KOMACHI


def test_komachi_trace_replays() -> None:
    cfg_ = load_config(CONFIGS / "komachi-100.toml")
    evs, summary = replayed(komachi.solve(komachi.load(cfg_), OPTS))
    sols = [e for e in evs if isinstance(e, SolutionFound)]
    assert [s.text for s in sols] == [t + "=100" for t in SEED_KOMACHI]
    assert summary.end is not None and summary.end.status == "solved"
    assert (summary.end.stats["solutions"], summary.end.stats["expressions"]) == (11, 3 ** 8)


def brute_komachi(digits: tuple[int, ...], choices: tuple[str, ...], target: int) -> list[str]:
    """Independent check: write out every expression and evaluate it with arith."""
    out = []
    for combo in itertools.product(choices, repeat=len(digits) - 1):
        text = str(digits[0]) + "".join(c + str(d) for c, d in zip(combo, digits[1:], strict=False))
        nums: list[str] = []
        ops: list[str] = []
        cur = str(digits[0])
        for c, d in zip(combo, digits[1:], strict=False):
            if c == "":
                cur += str(d)
            else:
                nums.append(cur)
                ops.append(c)
                cur = str(d)
        nums.append(cur)
        if any(len(n) > 1 and n[0] == "0" for n in nums):
            continue
        divisors = [n for o, n in zip(ops, nums[1:], strict=True) if o == "/"]
        if any(int(n) == 0 for n in divisors):
            continue
        if Expression(tuple(nums), tuple(ops)).value() == target:
            out.append(text)
    return out


@settings(max_examples=25, deadline=None)
@given(digits=st.lists(st.integers(0, 9), min_size=2, max_size=6),
       ops=st.sets(st.sampled_from(["+", "-", "*", "/"]), min_size=1),
       join=st.booleans(), target=st.integers(-50, 150))
def test_komachi_matches_brute_force(digits: list[int], ops: set[str], join: bool,
                                     target: int) -> None:
    ordered = tuple(o for o in ("+", "-", "*", "/") if o in ops)
    p = komachi.Komachi(target=target, digits=tuple(digits), operators=ordered, join=join)
    assert komachi.solutions(p) == brute_komachi(tuple(digits), p.choices, target)


def test_komachi_all_operators_trace_replays() -> None:
    p = komachi.load(load_config(CONFIGS / "komachi-100-all-operators.toml"))
    evs, summary = replayed(komachi.solve(p, OPTS))
    texts = [e.text for e in evs if isinstance(e, SolutionFound)]
    assert "1+2+3+4+5+6+7+8*9=100" in texts and len(texts) == len(set(texts)) == 101
    assert summary.end is not None and summary.end.stats["expressions"] == 5 ** 8


def test_komachi_unsolvable_target(tmp_path: Path) -> None:
    p = komachi.load(cfg(tmp_path, '[puzzle]\ntype = "komachi"\ntarget = 100000000\n'))
    evs, summary = replayed(komachi.solve(p, OPTS))
    assert summary.end is not None and summary.end.status == "unsolvable"


@pytest.mark.parametrize("body, field", [
    ('operators = ["+", "^"]', "puzzle.operators"),
    ("digits = [1, 23]", "puzzle.digits"),
    ("target = 1.5", "puzzle.target"),
])
def test_komachi_bad_config(tmp_path: Path, body: str, field: str) -> None:
    c = cfg(tmp_path, f'[puzzle]\ntype = "komachi"\n{body}\n')
    with pytest.raises(ConfigError) as err:
        komachi.load(c)  # type: ignore[arg-type]
    assert err.value.field == field and err.value.line == 3


# ---------------------------------------------------------------- oomachi


def brute_oomachi(terms: int) -> list[int]:
    out = []
    n = 1
    while True:
        p = 1
        for i in range(terms):
            p *= n + i
        if p > 9876543210:
            return out
        if sorted(str(p)) == list("0123456789"):
            out.append(n)
        n += 1


def test_oomachi_three_terms() -> None:
    assert oomachi.solutions(oomachi.Oomachi(terms=3)) == [(1267, 2038719564),
                                                           (1332, 2368591704)]


@pytest.mark.parametrize("terms", [3, 4, 5])
def test_oomachi_matches_brute_force(terms: int) -> None:
    assert [n for n, _ in oomachi.solutions(oomachi.Oomachi(terms=terms))] == \
        brute_oomachi(terms)


def test_oomachi_trace_replays() -> None:
    p = oomachi.load(load_config(CONFIGS / "oomachi.toml"))
    evs, summary = replayed(oomachi.solve(p, OPTS))
    assert [e.text for e in evs if isinstance(e, SolutionFound)] == [
        "1267*1268*1269=2038719564", "1332*1333*1334=2368591704"]
    # n from the cube roots of 1023456789 and 9876543210, every one tested
    assert summary.end is not None
    stats = summary.end.stats
    assert (stats["n_from"], stats["n_to"], stats["candidates"]) == (1007, 2144, 1138)


# ---------------------------------------------------------------- alphametic


def brute_alphametic(equation: str) -> list[dict[str, int]]:
    left, right = equation.replace(" ", "").split("=")
    words_l = left.split("+")
    words_r = right.split("+")
    letters = sorted(set("".join(words_l + words_r)))
    leading = {w[0] for w in words_l + words_r if len(w) > 1}
    out = []
    for perm in itertools.permutations(range(10), len(letters)):
        a = dict(zip(letters, perm, strict=False))
        if any(a[ch] == 0 for ch in leading):
            continue

        def num(w: str, a: dict[str, int] = a) -> int:
            return int("".join(str(a[ch]) for ch in w))

        if sum(map(num, words_l)) == sum(map(num, words_r)):
            out.append(a)
    return out


def test_send_more_money() -> None:
    p = alphametic.load(load_config(CONFIGS / "send-more-money.toml"))
    evs, summary = replayed(alphametic.solve(p, OPTS))
    sols = [e for e in evs if isinstance(e, SolutionFound)]
    assert len(sols) == 1
    assert sols[0].text == "9567+1085=10652"
    # the column-wise search's nodes (docs/generate-and-test.md: 1,919 against the
    # 1.8 million permutations of a plain generator)
    assert summary.end is not None and summary.end.stats["nodes"] == 1919
    assert sols[0].assignment == {"D": 7, "E": 5, "M": 1, "N": 6, "O": 0, "R": 8, "S": 9,
                                  "Y": 2}


@pytest.mark.parametrize("equation", ["TO + GO = OUT", "A + B = C", "AB + BA = CC",
                                      "ONE + ONE = TWO", "I + BB = ILL"])
def test_alphametic_matches_brute_force(equation: str) -> None:
    got = list(alphametic.search(alphametic.parse(equation)))
    key = sorted(tuple(sorted(a.items())) for a in got)
    assert key == sorted(tuple(sorted(a.items())) for a in brute_alphametic(equation))


def test_alphametic_subtraction_and_many_addends() -> None:
    sub = list(alphametic.search(alphametic.parse("MONEY - MORE = SEND")))
    assert len(sub) == 1 and sub[0]["Y"] == 2
    many = alphametic.parse("SO+MANY+MORE+MEN+SEEM+TO+SAY+THAT+THEY+MAY+SOON+TRY+TO+STAY+AT+"
                            "HOME+SO+AS+TO+SEE+OR+HEAR+THE+SAME+ONE+MAN+TRY+TO+MEET+THE+TEAM+"
                            "ON+THE+MOON+AS+HE+HAS+AT+THE+OTHER+TEN=TESTS")
    evs, _ = replayed(alphametic.solve(many, OPTS))
    sols = [e for e in evs if isinstance(e, SolutionFound)]
    assert len(sols) == 1 and sols[0].text is not None and sols[0].text.endswith("=90393")


@pytest.mark.parametrize("equation", ["SEND * MORE = MONEY", "SEND + MORE", "A+B=1",
                                      "ABCDEFGHIJ + K = AB"])
def test_alphametic_bad_equation(tmp_path: Path, equation: str) -> None:
    c = cfg(tmp_path, f'[puzzle]\ntype = "alphametic"\nequation = "{equation}"\n')
    with pytest.raises(ConfigError) as err:
        alphametic.load(c)  # type: ignore[arg-type]
    assert err.value.field == "puzzle.equation" and err.value.line == 3


# ---------------------------------------------------------------- n-queens

KNOWN_QUEENS = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]


def test_queens_counts_up_to_12() -> None:
    assert [n_queens.count_solutions(n) for n in range(1, 13)] == KNOWN_QUEENS


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_queens_listing_matches_brute_force(n: int) -> None:
    brute = [p for p in itertools.permutations(range(n))
             if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))]
    assert n_queens.list_solutions(n) == brute


def test_queens_8_trace_with_steps_replays() -> None:
    p = n_queens.load(load_config(CONFIGS / "n-queens-8.toml"))
    evs, summary = replayed(n_queens.solve(p, OPTS))
    sols = [e for e in evs if isinstance(e, SolutionFound)]
    assert len(sols) == 92 and sols[0].cols == (0, 4, 7, 5, 2, 6, 1, 3)
    places = sum(isinstance(e, Place) for e in evs)
    removes = sum(isinstance(e, Remove) for e in evs)
    assert places - removes == 8            # the board is full at the first solution
    assert (places, removes) == (113, 105)  # the backtracking's steps to it
    assert summary.moves == places + removes == 218
    assert summary.end is not None
    assert (summary.end.stats["placed"], summary.end.stats["removed"]) == (113, 105)


@pytest.mark.parametrize("steps, max_steps", [("all", 100000), ("all", 50), ("none", 0)])
def test_queens_6_all_steps_replays(tmp_path: Path, steps: str, max_steps: int) -> None:
    c = cfg(tmp_path, f'[puzzle]\ntype = "n-queens"\nn = 6\n[solve]\nsteps = "{steps}"\n'
                      f"max_steps = {max_steps}\n")
    evs, _ = replayed(n_queens.solve(n_queens.load(c), OPTS))  # type: ignore[arg-type]
    assert sum(isinstance(e, SolutionFound) for e in evs) == 4
    if steps == "all" and max_steps > 1000:
        # every placement is taken back in the end
        assert sum(isinstance(e, Place) for e in evs) == sum(isinstance(e, Remove) for e in evs)


def test_queens_12_trace_replays() -> None:
    p = n_queens.load(load_config(CONFIGS / "n-queens-12.toml"))
    evs, _ = replayed(n_queens.solve(p, OPTS))
    assert sum(isinstance(e, SolutionFound) for e in evs) == 14200


def test_queens_3_is_unsolvable(tmp_path: Path) -> None:
    c = cfg(tmp_path, '[puzzle]\ntype = "n-queens"\nn = 3\n')
    evs, summary = replayed(n_queens.solve(n_queens.load(c), OPTS))  # type: ignore[arg-type]
    assert summary.end is not None and summary.end.status == "unsolvable"


def test_queens_analyze() -> None:
    p = n_queens.load(load_config(CONFIGS / "n-queens-8.toml"))
    result = n_queens.analyze(p, OPTS)
    assert result["solutions"] == 92 and sum(result["by_first_column"]) == 92
    series = n_queens.plot_series(result)
    assert series is not None and len(series.points) == 8


def test_queens_too_many_to_list(tmp_path: Path) -> None:
    c = cfg(tmp_path, '[puzzle]\ntype = "n-queens"\nn = 16\n')
    with pytest.raises(ConfigError) as err:
        n_queens.load(c)  # type: ignore[arg-type]
    assert err.value.field == "puzzle.n"


# ---------------------------------------------------------------- mastermind


def guesses_of(config: str, **over: object) -> list[Guess]:
    p = mastermind.load(load_config(CONFIGS / config))
    evs, _ = replayed(mastermind.solve(p, SolveOptions(**over)))  # type: ignore[arg-type]
    return [e for e in evs if isinstance(e, Guess)]


def test_mastermind_simple_9431_is_the_seeds_game() -> None:
    gs = guesses_of("mastermind-9431-simple.toml")
    assert [g.code for g in gs] == [(0, 1, 2, 3), (1, 0, 4, 5), (2, 3, 5, 4), (3, 4, 0, 6),
                                    (3, 5, 6, 1), (6, 5, 0, 2), (7, 4, 3, 1), (8, 4, 3, 1),
                                    (9, 4, 3, 1)]
    assert [(g.bulls, g.cows) for g in gs] == [(0, 2), (0, 2), (0, 2), (1, 1), (1, 1), (0, 0),
                                               (3, 0), (3, 0), (4, 0)]


def test_mastermind_simple_9876() -> None:
    gs = guesses_of("mastermind-9876-simple.toml")
    assert [g.code for g in gs][-2:] == [(8, 9, 7, 6), (9, 8, 7, 6)] and len(gs) == 6


@pytest.mark.parametrize("strategy", ["expected", "minimax"])
def test_mastermind_better_strategies_win(strategy: str) -> None:
    gs = guesses_of("mastermind-9431.toml", algorithm=strategy)
    assert gs[-1].code == (9, 4, 3, 1) and len(gs) < 9
    assert gs[-1].remaining == 1


def test_mastermind_analyze_simple_matches_the_seed() -> None:
    p = mastermind.load(load_config(CONFIGS / "mastermind-9431-simple.toml"))
    r = mastermind.analyze(p, OPTS)
    assert (r["secrets"], r["total_guesses"], r["max"]) == (5040, 28024, 9)
    assert [9, 4, 3, 1] in r["hardest"]
    assert sum(r["histogram"].values()) == 5040


# every secret of 10 symbols, 4 places, no repeats: strategy -> (total guesses, how many
# secrets need 1, 2, ... guesses)
STRATEGIES = {"simple": (28024, [1, 13, 108, 596, 1668, 1768, 752, 129, 5]),
              "minimax": (27139, [1, 3, 44, 515, 2124, 2151, 202]),
              "expected": (26551, [1, 4, 59, 574, 2430, 1885, 87])}


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_mastermind_strategy_totals_over_every_secret(strategy: str) -> None:
    """The totals docs/generate-and-test.md gives (10 symbols, 4 places, no repeats):
    any change to a strategy's choice or tie rule shows here."""
    total, histogram = STRATEGIES[strategy]
    p = mastermind.load(load_config(CONFIGS / "mastermind-9431.toml"))
    assert p.strategy == "expected"     # the config's; --algorithm chooses the others
    r = mastermind.analyze(p, SolveOptions(algorithm=strategy))
    assert (r["strategy"], r["secrets"], r["total_guesses"]) == (strategy, 5040, total)
    assert sum(int(k) * v for k, v in r["histogram"].items()) == total
    assert r["average"] == pytest.approx(total / 5040, abs=1e-4)
    assert [r["histogram"][str(k)] for k in range(1, len(histogram) + 1)] == histogram
    assert r["max"] == len(histogram) and r["first_guess"] == [0, 1, 2, 3]


def test_mastermind_knuth_minimax() -> None:
    # Knuth (1977): 6 colours, 4 pegs, repeats: at most 5 guesses, 5801 in all
    p = mastermind.load(load_config(CONFIGS / "mastermind-knuth.toml"))
    r = mastermind.analyze(p, OPTS)
    assert (r["max"], r["total_guesses"], r["first_guess"]) == (5, 5801, [0, 0, 1, 1])
    gs = guesses_of("mastermind-knuth.toml")
    assert gs[-1].code == (3, 0, 5, 2) and len(gs) <= 5


@pytest.mark.parametrize("body, field", [
    ("secret = [1, 1, 2, 3]", "puzzle.secret"),
    ("secret = [1, 2, 3]", "puzzle.secret"),
    ("secret = [1, 2, 3, 10]", "puzzle.secret"),
    ("symbols = 3", "puzzle.length"),
])
def test_mastermind_bad_config(tmp_path: Path, body: str, field: str) -> None:
    c = cfg(tmp_path, f'[puzzle]\ntype = "mastermind"\n{body}\n')
    with pytest.raises(ConfigError) as err:
        mastermind.load(c)  # type: ignore[arg-type]
    assert err.value.field == field


def test_mastermind_solve_needs_a_secret(tmp_path: Path) -> None:
    c = cfg(tmp_path, '[puzzle]\ntype = "mastermind"\n')
    p = mastermind.load(c)  # type: ignore[arg-type]
    with pytest.raises(ConfigError) as err:
        list(mastermind.solve(p, OPTS))
    assert err.value.field == "puzzle.secret"


# ---------------------------------------------------------------- the benchmark's tables


def test_doc_benchmark_tables_are_one_consistent_run() -> None:
    """docs/generate-and-test.md's timing tables are benchmarks/generate_and_test_bench.py's
    output (``--record``): every ratio is its two times divided, and the answers are the
    known ones."""
    doc = (ROOT / "docs" / "generate-and-test.md").read_text(encoding="utf-8")
    text = block(doc, "generate_and_test_bench")
    assert text.startswith("Run of ") and "Every answer was checked" in text
    timing, queens, strategies = tables(text)
    assert timing[0] == ["case", "Lisp work s", "ours work s", "ratio", "Lisp process s",
                         "ours process s", "ratio"]
    assert len(timing) > 10
    for row in timing[1:]:
        assert ratio_agrees(row[2], row[1], row[3]), row
        assert ratio_agrees(row[5], row[4], row[6]), row
    counts = {row[0]: row[1] for row in queens[1:]}
    assert counts == {"n = 12": "14,200", "n = 14": "365,596", "n = 16": "14,772,512"}
    totals = {row[0]: row[1] for row in strategies[1:]}
    assert totals == {name: f"{total:,} / 5,040" for name, (total, _) in STRATEGIES.items()}


def test_doc_mastermind_table_holds_the_pinned_figures() -> None:
    """The strategy table of docs/generate-and-test.md says what the solver gives."""
    doc = (ROOT / "docs" / "generate-and-test.md").read_text(encoding="utf-8")
    (table,) = [t for t in tables(doc) if t[0][:2] == ["strategy", "total guesses"]]
    for name, total, average, most, histogram in table[1:]:
        want, counts = STRATEGIES[name]
        assert (int(total), average, int(most)) == (want, f"{want / 5040:.4f}", len(counts))
        assert [int(v) for v in histogram.split(",")] == counts
