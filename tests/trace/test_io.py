"""Reading traces: streamed line by line, from bytes or text alike, and every malformed
line (hostile ones too: not UTF-8, nested thousands deep, numbers of thousands of
digits) named by its number and field in one line of text."""

from __future__ import annotations

import io
import json

import pytest

from puzzlereel.trace import Place, TraceError, read_trace, validate
from tests.fixtures import TINY_BLOCK, lines_io

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
