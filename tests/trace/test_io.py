"""Reading traces: streamed line by line, from bytes or text alike, and every malformed
line (hostile ones too: not UTF-8, nested thousands deep, numbers of thousands of
digits, NaN and Infinity, integers beyond 64 bits) named by its number and field in one
line of text.  Writing: UTF-8 whatever the stream's encoding, and never NaN."""

from __future__ import annotations

import io
import json

import pytest

from puzzlereel.trace import End, Note, Place, TraceError, dumps, read_trace, validate, write_trace
from tests.fixtures import DATA, ROOT, TINY_BLOCK, lines_io

HEADER = TINY_BLOCK


def test_reader_streams_line_by_line():
    """Events come out before the stream has ended (works on pipes)."""
    it = read_trace(iter(['{"type":"header","format":"puzzlereel-trace","version":1,'
                          '"puzzle":"n-queens","n":4}\n',
                          '{"type":"place","row":0,"col":1}\n']), "pipe")  # type: ignore[arg-type]
    assert next(it)[1].type == "header"
    assert next(it) == (2, Place(0, 1))
    with pytest.raises(TraceError, match="line 3: truncated"):
        next(it)


@pytest.mark.parametrize("lines, expected", [
    ([], "line 1: empty trace"),
    (["{not json"], "line 1: invalid JSON"),
    (["[1, 2]"], "line 1: expected a JSON object"),
    ([json.dumps({**HEADER, "version": 2})], "line 1: version: unsupported version 2"),
    ([json.dumps({**HEADER, "format": "other"})], "line 1: format: expected"),
    ([json.dumps({**HEADER, "puzzle": "chess"})], "line 1: puzzle: unknown puzzle 'chess'"),
    ([json.dumps({"type": "move"})], "line 1: type: the first line must be a header"),
    ([json.dumps(HEADER), ""], "line 2: blank line"),
    ([json.dumps(HEADER), '{"type":"teleport"}'], "line 2: type: unknown event type"),
    ([json.dumps(HEADER), '{"type":"place","row":0,"col":0}'], "line 2: type: a sliding-block "
     "trace has no 'place' events"),
    ([json.dumps(HEADER), json.dumps(HEADER)], "line 2: type: a second header"),
    ([json.dumps(HEADER), '{"type":"move","n":1,"piece":"b"}'], "line 2: path: missing"),
    ([json.dumps(HEADER), '{"type":"move","n":1,"piece":"b","path":[[1]]}'],
     r"line 2: path\[0\]: expected \[x, y\]"),
    ([json.dumps(HEADER), '{"type":"end","status":"done"}'], "line 2: status: unknown status"),
    ([json.dumps(HEADER), '{"type":"end","status":"error"}', '{"type":"note","text":"x"}'],
     "line 3: type: a line after the 'end' event"),
    ([json.dumps(HEADER), '{"type":"note","text":"x"}'], "line 3: truncated"),
])
def test_malformed_traces_name_the_line_and_field(lines, expected):
    with pytest.raises(TraceError, match=expected) as info:
        validate(lines_io(*lines), "bad.jsonl")
    assert str(info.value).startswith("bad.jsonl: line ")
    assert "\n" not in str(info.value)


def test_a_json_error_says_at_once():
    # "Unterminated string starting at" + " at column": the word came twice
    with pytest.raises(TraceError) as info:
        validate(lines_io('{"type": "head'), "t.jsonl")
    assert str(info.value) == ("t.jsonl: line 1: invalid JSON (Unterminated string starting "
                               "at column 10)")


@pytest.mark.parametrize("line, expected", [
    ("[" * 100_000, "invalid JSON (arrays or objects nested more than 32 deep)"),
    ('{"a": ' + "[" * 40 + "]" * 40 + "}", "a: arrays or objects nested more than 32 deep"),
    ('{"a": ' + "9" * 4_301 + "}", "invalid JSON (a number of more than 4,300 digits at "
                                   "column 7)"),
    ('{"a": "\\udc80"}', "invalid JSON (a \\u escape of half a surrogate pair"),
])
def test_hostile_lines_are_trace_errors(line, expected):
    with pytest.raises(TraceError) as info:
        validate(lines_io(line), "t.jsonl")
    assert str(info.value).startswith(f"t.jsonl: line 1: {expected}")


def test_nesting_up_to_the_limit_and_surrogate_pairs_are_fine():
    deep = "[" * 30 + "]" * 30
    events = list(read_trace(lines_io(json.dumps({**HEADER, "title": "\ud83d\ude00"}),
                                      '{"type": "note", "text": "n", "x": ' + deep + "}"),
                             "t.jsonl", allow_partial=True))
    assert events[0][1].title == "\U0001F600"   # type: ignore[union-attr]


BAD = json.dumps({**HEADER, "title": "TITLE"}).encode().replace(b"TITLE", b"caf\xe9")


@pytest.mark.parametrize("stream", [
    lambda: io.BytesIO(BAD + b"\n"),                                         # a file
    lambda: io.TextIOWrapper(io.BytesIO(BAD + b"\n"), encoding="utf-8"),     # stdin, strict
    lambda: io.TextIOWrapper(io.BytesIO(BAD + b"\n"), encoding="utf-8",      # stdin in the C
                             errors="surrogateescape"),                      # locale
    lambda: io.StringIO((BAD + b"\n").decode("utf-8", "surrogateescape")),   # text, no bytes
])
def test_bytes_that_are_not_utf8_are_one_error_however_they_come(stream):
    with pytest.raises(TraceError) as info:
        validate(stream(), "t.jsonl")
    assert str(info.value).startswith("t.jsonl: line 1: not UTF-8")


def test_a_long_bad_value_is_quoted_short():
    head = {**HEADER, "pieces": "W" * 1_000_000}
    with pytest.raises(TraceError) as info:
        validate(lines_io(json.dumps(head)), "t.jsonl")
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_a_line_that_is_not_utf8_is_named_by_its_own_number(errors):
    data = (json.dumps(HEADER) + '\n{"type":"note","text":"a"}\n').encode() + b'\xff\n'
    for stream in (io.BytesIO(data), io.TextIOWrapper(io.BytesIO(data), errors=errors)):
        with pytest.raises(TraceError, match="^t.jsonl: line 3: not UTF-8"):
            validate(stream, "t.jsonl")


# ---------------------------------------------------------------- numbers JSON has not

HAKOIRI = DATA / "hakoiri-5.jsonl"
SEARCHED = ROOT / "tests" / "render" / "data" / "six-puzzle-2x3.jsonl"   # with search events


@pytest.mark.parametrize("where", [0, 1, -1])      # the header, a move, the end
@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_nan_and_infinity_anywhere_are_invalid_json(where, number):
    lines = HAKOIRI.read_text(encoding="utf-8").splitlines()
    lines[where] = lines[where][:-1] + f', "extra": [{number}]}}'
    with pytest.raises(TraceError) as caught:
        validate(io.BytesIO(("\n".join(lines) + "\n").encode()), "t.jsonl")
    line = where % len(lines) + 1
    assert str(caught.value).startswith(f"t.jsonl: line {line}: invalid JSON ({number} ")


def test_nan_is_never_written():
    with pytest.raises(TraceError, match="NaN or infinite"):
        dumps(End("solved", 0, {"seconds": float("nan")}))


def test_a_trace_is_utf8_on_a_stream_of_another_encoding():
    raw = io.BytesIO()
    ascii_out = io.TextIOWrapper(raw, encoding="ascii")
    write_trace([Note("箱入り娘 — ☃"), End("solved", 0)], ascii_out)
    assert raw.getvalue().decode("utf-8").splitlines()[0] == \
        '{"type":"note","text":"箱入り娘 — ☃"}'


def test_integers_beyond_64_bits_are_refused():
    lines = HAKOIRI.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    end["moves"] = 10**30
    lines[-1] = json.dumps(end)
    with pytest.raises(TraceError, match=r"line \d+: moves: must be <= 9,223,372,036,854,775,807, "
                                         r"got 10{30}$"):
        validate(io.BytesIO(("\n".join(lines) + "\n").encode()), "t.jsonl")


def test_an_absurd_count_is_named_short():
    lines = SEARCHED.read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    end["stats"]["states"] = 10**300
    lines[-1] = json.dumps(end)
    with pytest.raises(TraceError) as caught:
        validate(io.BytesIO(("\n".join(lines) + "\n").encode()), "t.jsonl")
    assert "stats.states: says 1.00e+300, the search events count" in str(caught.value)
    assert len(str(caught.value)) < 120


def test_the_headers_count_of_moves_is_checked_on_its_own_line():
    lines = HAKOIRI.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["moves"] = 2**63
    lines[0] = json.dumps(head)
    with pytest.raises(TraceError, match=r"line 1: moves: expected a count of moves \(0 to "
                       r"9,223,372,036,854,775,807\), got 9223372036854775808$"):
        validate(io.BytesIO(("\n".join(lines) + "\n").encode()), "t.jsonl")
