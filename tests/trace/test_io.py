"""Reading traces: streamed line by line, and every malformed line named by its number
and field in one line of text."""

from __future__ import annotations

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
