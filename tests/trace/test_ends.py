"""A trace's two ends read alone (``read_ends``, ``end_of``) refuse what ``read_trace``
refuses, as one ``TraceError`` naming the file, never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlereel.trace import TraceError
from puzzlereel.trace.ends import end_of, read_ends

DATA = Path(__file__).resolve().parent.parent / "data"
DEEP = "[" * 30000 + "]" * 30000


@pytest.mark.parametrize("first, last", [
    (DEEP, None), ("[1]", None), ("\xff", None), ("{", None),
    (None, DEEP), (None, "[1]"), (None, '{"type": "end", "status": 1e999}')])
def test_a_bad_first_or_last_line_is_one_trace_error(tmp_path, first, last) -> None:
    lines = (DATA / "hakoiri-5.jsonl").read_text(encoding="utf-8").splitlines()
    if first is not None:
        lines[0] = first
    if last is not None:
        lines[-1] = last
    path = tmp_path / "t.jsonl"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogateescape") + b"\n")
    with pytest.raises(TraceError) as caught:
        read_ends(path)
    assert str(path) in str(caught.value)
    if first is None:
        with pytest.raises(TraceError):
            end_of(path.read_bytes(), str(path))


def test_a_good_trace_gives_its_header_and_end() -> None:
    header, end = read_ends(DATA / "hakoiri-5.jsonl")
    assert header.puzzle == "sliding-block" and end.status in ("solved", "limit")
