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


@pytest.mark.parametrize("newlines", ["\n", "\n\n\n", ""])
def test_an_end_line_longer_than_a_read_at_a_time_is_read_whole(tmp_path, newlines) -> None:
    """A valid trace whose end line holds 200 kB (a long limit message) reads as the
    whole trace does; reading only the file's last 64 kB would find half a line."""
    lines = (DATA / "hakoiri-5.jsonl").read_text(encoding="utf-8").splitlines()
    note = "x" * (200 << 10)
    lines[-1] = lines[-1].replace("the first five moves only", note)
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + newlines, encoding="utf-8")
    header, end = read_ends(path)
    assert end == end_of(path.read_bytes(), str(path)) and end.stats["limit"].endswith(note)
    assert header.puzzle == "sliding-block"


def test_an_end_line_longer_than_any_trace_line_is_refused_unread(tmp_path, monkeypatch) -> None:
    from puzzlereel.trace import ends

    monkeypatch.setattr(ends, "MAX_TRACE_LINE", 100_000)
    lines = (DATA / "hakoiri-5.jsonl").read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1].replace("the first five moves only", "x" * 150_000)
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TraceError, match="the last line is longer than 100,000 bytes"):
        read_ends(path)
