"""Generate-and-test rules: replays of n-queens, Mastermind and equation traces reject
what is wrong, naming the line and field; and the arithmetic the equations are read with."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlereel.rules.arith import Expression
from puzzlereel.trace import TraceError, validate
from tests.fixtures import END_SOLVED as END
from tests.fixtures import header as head
from tests.fixtures import jsonl as lines


def check(text: str) -> None:
    validate(io.StringIO(text), "t.jsonl")


def rejects(text: str, line: int, field: str) -> TraceError:
    with pytest.raises(TraceError) as err:
        check(text)
    assert (err.value.line, err.value.field) == (line, field), str(err.value)
    assert str(err.value).startswith(f"t.jsonl: line {line}: {field}: ")
    return err.value


# ---------------------------------------------------------------- n-queens

Q4 = head("n-queens", n=4)


def test_queens_good_trace() -> None:
    check(lines(Q4, {"type": "place", "row": 0, "col": 1}, {"type": "place", "row": 1, "col": 3},
                {"type": "place", "row": 2, "col": 0}, {"type": "place", "row": 3, "col": 2},
                {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
                {"type": "solution", "k": 2, "cols": [2, 0, 3, 1]},
                {"type": "end", "status": "solved", "stats": {"solutions": 2}}))


@pytest.mark.parametrize("events, line, field", [
    ([{"type": "place", "row": 0, "col": 0}, {"type": "place", "row": 1, "col": 1}], 3, "col"),
    ([{"type": "place", "row": 0, "col": 0}, {"type": "place", "row": 0, "col": 2}], 3, "row"),
    ([{"type": "remove", "row": 0, "col": 0}], 2, "col"),
    ([{"type": "place", "row": 4, "col": 0}], 2, "row"),
    ([{"type": "solution", "k": 1, "cols": [0, 2, 1, 3]}], 2, "cols"),
    ([{"type": "solution", "k": 1, "cols": [1, 3, 0]}], 2, "cols"),
    ([{"type": "solution", "k": 2, "cols": [1, 3, 0, 2]}], 2, "k"),
    ([{"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
      {"type": "solution", "k": 2, "cols": [1, 3, 0, 2]}], 3, "cols"),
    ([{"type": "place", "row": 0, "col": 1}, {"type": "place", "row": 1, "col": 3},
      {"type": "place", "row": 2, "col": 0}, {"type": "place", "row": 3, "col": 2},
      {"type": "solution", "k": 1, "cols": [2, 0, 3, 1]}], 6, "cols"),
    ([{"type": "guess", "n": 1, "code": [1], "bulls": 0, "cows": 0}], 2, "type"),
])
def test_queens_bad_traces(events: list[dict], line: int, field: str) -> None:
    rejects(lines(Q4, *events, END), line, field)


def test_queens_end_counts() -> None:
    rejects(lines(Q4, {"type": "end", "status": "solved", "stats": {}}), 2, "status")
    rejects(lines(Q4, {"type": "solution", "k": 1, "cols": [1, 3, 0, 2]},
                  {"type": "end", "status": "solved", "stats": {"solutions": 2}}),
            3, "stats.solutions")


# ---------------------------------------------------------------- mastermind

MM = head("mastermind", symbols=10, length=4, repeats=False, secret=[9, 4, 3, 1])


def guess(n: int, code: list[int], b: int, c: int, **kw: int) -> dict:
    return {"type": "guess", "n": n, "code": code, "bulls": b, "cows": c, **kw}


def test_mastermind_good_trace_without_secret() -> None:
    hdr = head("mastermind", symbols=10, length=4, repeats=False)
    check(lines(hdr, guess(1, [0, 1, 2, 3], 0, 2, remaining=1260),
                guess(2, [1, 0, 4, 5], 0, 2, remaining=288), END | {"status": "limit"}))


@pytest.mark.parametrize("events, line, field", [
    ([guess(1, [0, 1, 2, 3], 1, 1)], 2, "bulls"),
    ([guess(1, [0, 1, 2, 3], 0, 3)], 2, "cows"),
    ([guess(1, [0, 1, 2], 0, 2)], 2, "code"),
    ([guess(1, [0, 1, 1, 3], 0, 2)], 2, "code"),
    ([guess(1, [0, 1, 2, 10], 0, 2)], 2, "code"),
    ([guess(2, [0, 1, 2, 3], 0, 2)], 2, "n"),
    ([guess(1, [0, 1, 2, 3], 0, 2, remaining=1000)], 2, "remaining"),
    ([guess(1, [9, 4, 3, 1], 4, 0), guess(2, [0, 1, 2, 3], 0, 2)], 3, "type"),
    ([guess(1, [0, 1, 2, 3], 0, 2)], 3, "status"),
])
def test_mastermind_bad_traces(events: list[dict], line: int, field: str) -> None:
    rejects(lines(MM, *events, END), line, field)


def test_mastermind_inconsistent_answers_without_secret() -> None:
    hdr = head("mastermind", symbols=10, length=4, repeats=False)
    rejects(lines(hdr, guess(1, [0, 1, 2, 3], 0, 0), guess(2, [0, 4, 5, 6], 0, 4), END),
            3, "bulls")


@pytest.mark.parametrize("symbols, length", [(10, 4), (36, 10), (36, 6)])
@pytest.mark.parametrize("repeats", [False, True])
def test_mastermind_contradicting_answers_are_refused_at_any_size(symbols, length, repeats):
    """0 bulls 0 cows, then 1 bull for the same code: no secret answers both, however
    many codes the game has (too many to keep them all at 36 x 10)."""
    code = list(range(length))
    hdr = head("mastermind", symbols=symbols, length=length, repeats=repeats)
    rejects(lines(hdr, guess(1, code, 0, 0), guess(2, code, 1, 0), END), 3, "bulls")
    other = list(range(length, 2 * length))      # no symbol of the first guess
    rejects(lines(hdr, guess(1, code, length - 2, 2), guess(2, other, 1, 0), END), 3, "bulls")


def test_mastermind_a_large_game_of_agreeing_answers_is_valid() -> None:
    hdr = head("mastermind", symbols=36, length=10, repeats=False)
    secret = [5, 3, 30, 12, 0, 7, 21, 9, 35, 1]
    rows = []
    for n, code in enumerate([list(range(10)), list(range(10, 20)), list(range(20, 30)),
                              [5, 3, 30, 12, 0, 7, 21, 9, 35, 2], secret], 1):
        bulls = sum(a == b for a, b in zip(secret, code, strict=True))
        rows.append(guess(n, code, bulls, len(set(secret) & set(code)) - bulls))
    check(lines(hdr, *rows, END))


def test_mastermind_bad_header() -> None:
    rejects(lines(head("mastermind", symbols=10, length=4, secret=[1, 1, 2, 3]), END),
            1, "secret")
    rejects(lines(head("mastermind", symbols=3, length=4), END), 1, "length")


def step(tested: int, accepted: int, **kw: int) -> dict:
    return {"type": "search", "phase": "candidates", "tested": tested, "accepted": accepted,
            **kw}


GAME = [guess(1, [0, 1, 2, 3], 0, 2, remaining=1260), guess(2, [1, 0, 4, 5], 0, 2)]
LIMIT = END | {"status": "limit"}


def test_mastermind_candidates_steps_narrow_guess_by_guess() -> None:
    check(lines(MM, step(5040, 1260), step(1260, 288), *GAME, LIMIT))
    # merged steps are held to nothing more than their sums (checked for every trace)
    check(lines(MM, step(6300, 288, span=2), *GAME, LIMIT))


@pytest.mark.parametrize("events, line, field", [
    ([step(5000, 1260), step(1260, 288), *GAME], 2, "tested"),      # the game has 5,040
    ([step(5040, 1260), step(1200, 288), *GAME], 3, "tested"),      # step 1 accepted 1,260
    ([step(5040, 1261), step(1261, 288), *GAME], 4, "remaining"),   # guess 1 leaves 1,260
    ([step(5040, 1260), step(1260, 280), *GAME], 5, "remaining"),   # 288 are still possible
    ([step(5040, 1260), *GAME], 5, "type"),                         # one step for 2 guesses
])
def test_mastermind_candidates_steps_that_disagree_are_refused(events: list[dict], line: int,
                                                               field: str) -> None:
    err = rejects(lines(MM, *events, LIMIT), line, field)
    assert "\n" not in str(err)


# ---------------------------------------------------------------- equations

KO = head("komachi", target=100, digits=[1, 2, 3, 4, 5, 6, 7, 8, 9], operators=["+", "-"])


def sol(k: int, text: str, **kw: object) -> dict:
    return {"type": "solution", "k": k, "text": text, **kw}


@pytest.mark.parametrize("text", [
    "1+2+3-4+5+6+78+8=100",      # wrong digits
    "1+2+3-4+5+6+78+9=101",      # wrong target
    "1+2+3*4+5+6+78+9=100",      # operator not allowed (and wrong)
    "1+2+3-4+5+6+78-9=100",      # sums to 82
    "1+2+3-4+5+6+78+9=",         # no right side
    "1+2+3-4+5+6+78+9==100",
    "1+2+3-4+5+6+78+x=100",
])
def test_komachi_bad_solutions(text: str) -> None:
    rejects(lines(KO, sol(1, text), END), 2, "text")


def test_komachi_duplicate_and_division() -> None:
    rejects(lines(KO, sol(1, "1+2+3-4+5+6+78+9=100"), sol(2, "1+2+3-4+5+6+78+9=100"), END),
            3, "text")
    hdr = head("komachi", target=2, digits=[1, 0, 2], operators=["+", "/"], join=False)
    rejects(lines(hdr, sol(1, "1/0+2=2"), END), 2, "text")
    check(lines(head("komachi", target=3, digits=[1, 2], operators=["+"]), sol(1, "1+2=3"),
                END))


OO = head("oomachi", terms=3)


@pytest.mark.parametrize("text", [
    "1266*1268*1269=2036111112",          # not consecutive
    "1267*1268=1606556",                  # two factors
    "1267*1268*1269=2038719565",          # wrong product
    "1000*1001*1002=1003002000",          # repeats digits
    "1267+1268+1269=3804",
])
def test_oomachi_bad_solutions(text: str) -> None:
    rejects(lines(OO, sol(1, text), END), 2, "text")


AL = head("alphametic", equation="SEND + MORE = MONEY")
GOOD = {"S": 9, "E": 5, "N": 6, "D": 7, "M": 1, "O": 0, "R": 8, "Y": 2}


def test_alphametic_good() -> None:
    check(lines(AL, sol(1, "9567+1085=10652", assignment=GOOD), END))


@pytest.mark.parametrize("assignment, text", [
    (GOOD | {"Y": 3}, "9567+1085=10653"),           # the sum fails
    (GOOD | {"Y": 5}, "9567+1085=10655"),           # two letters share a digit
    ({k: v for k, v in GOOD.items() if k != "Y"}, "9567+1085=10652"),
    (GOOD | {"Z": 3}, "9567+1085=10652"),
    (GOOD | {"S": 10}, "9567+1085=10652"),
])
def test_alphametic_bad_assignment(assignment: dict, text: str) -> None:
    rejects(lines(AL, sol(1, text, assignment=assignment), END), 2, "assignment")


def test_alphametic_text_must_match_and_leading_zero() -> None:
    rejects(lines(AL, sol(1, "9567+1085=10625", assignment=GOOD), END), 2, "text")
    hdr = head("alphametic", equation="AB + C = AD")
    rejects(lines(hdr, sol(1, "01+2=03", assignment={"A": 0, "B": 1, "C": 2, "D": 3}), END),
            2, "assignment")


# ---------------------------------------------------------------- arith (the replays' reader)


@settings(max_examples=60, deadline=None)
@given(nums=st.lists(st.integers(0, 10**6), min_size=1, max_size=6),
       ops=st.lists(st.sampled_from(["+", "-", "*", "/"]), min_size=5, max_size=5))
def test_arith_text_round_trips(nums: list[int], ops: list[str]) -> None:
    from puzzlereel.rules.arith import parse_expression

    expr = Expression(tuple(str(n) for n in nums), tuple(ops[:len(nums) - 1]))
    again = parse_expression(" ".join(expr.text()))
    assert again == expr and again.text() == expr.text()


@pytest.mark.parametrize("text", ["", "1+", "+1", "1++2", "1+2a", "1=2=3"])
def test_arith_rejects(text: str) -> None:
    from puzzlereel.rules.arith import ArithError, parse_equation

    with pytest.raises(ArithError):
        parse_equation(text if "=" in text else text + "=1")


def test_arith_precedence_and_fractions() -> None:
    from fractions import Fraction

    from puzzlereel.rules.arith import parse_expression

    assert parse_expression("1+2*3-4/8").value() == Fraction(13, 2)
    assert parse_expression("12-3-4").value() == 5
