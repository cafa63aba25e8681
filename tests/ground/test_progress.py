"""The progress indicator: silent for quick work and with --quiet, a bar on a terminal,
plain lines in logs and pipes (at most every few seconds, and at each phase change)."""

from __future__ import annotations

import io
import threading

import pytest

from puzzlereel.ground import progress
from puzzlereel.ground.progress import Reporter, plain_line


def test_quiet_when_off_or_quick():
    out = io.StringIO()
    off = Reporter("searching", mode="none", delay=0, stream=out)
    off("depth 1", 10, None)
    quick = Reporter("searching", mode="plain", delay=60, stream=out)
    quick("depth 1", 10, None)
    bar = Reporter("searching", mode="bar", delay=60, stream=out)
    bar("depth 1", 10, None)
    assert bar._progress is None
    bar.close()
    assert out.getvalue() == ""


def test_shows_a_bar_after_the_delay():
    with Reporter("searching", mode="bar", delay=0, stream=io.StringIO()) as bar:
        bar("depth 3: 120 positions", 120, None)
        assert bar._progress.tasks[0].fields["amount"] == ""       # the label says it
        bar("depth 4", 250, 1000)
        task = bar._progress.tasks[0]
        assert (task.completed, task.total, task.fields["label"]) == (250, 1000, "depth 4")
        assert task.fields["amount"] == "250/1,000"
    assert bar._progress is None


def test_plain_lines_at_phase_changes_and_every_few_seconds(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    out = io.StringIO()
    rep = Reporter("search", mode="plain", delay=1.0, stream=out)
    clock[0] += 2
    rep("depth 40: 2.0 M positions", 2_000_000, None)   # first line
    clock[0] += 1
    rep("depth 41: 2.1 M positions", 2_100_000, None)   # same phase, 1 s later: nothing
    clock[0] += 5
    rep("depth 42: 3.5 M positions", 3_500_000, None)   # 6 s later: a line
    rep("writing moves", 1, 81)                         # a new phase: a line at once
    lines = out.getvalue().splitlines()
    assert lines == ["search: depth 40: 2.0 M positions, 2 s",
                     "search: depth 42: 3.5 M positions, 8 s",
                     "search: writing moves, 1 of 81 (1 %), 8 s, about 640 s left"]


def test_auto_is_a_bar_on_a_terminal_and_plain_elsewhere():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert Reporter("x", mode="auto", stream=Tty()).mode == "bar"
    assert Reporter("x", mode="auto", stream=io.StringIO()).mode == "plain"


def test_a_phase_reported_during_the_delay_shows_once_the_delay_is_over():
    """"loading compiled code" is reported once, at its start; if it is still the last
    word when the quiet first moments end, it shows (no bare number, no search yet)."""
    out = io.StringIO()
    rep = Reporter("search", mode="plain", delay=0.05, stream=out)
    rep("loading compiled code", 0, None)
    for _ in range(500):                   # the timer's thread writes it: wait, up to 5 s
        if out.getvalue():
            break
        threading.Event().wait(0.01)
    rep.close()
    assert out.getvalue().startswith("search: loading compiled code, ")
    quiet = io.StringIO()
    with Reporter("search", mode="plain", delay=60, stream=quiet) as closed:
        closed("loading compiled code", 0, None)
    assert closed._timer is not None and closed._timer.finished.is_set()   # cancelled
    assert quiet.getvalue() == ""


def test_plain_line_numbers_read_well():
    """With no total the label says what was counted; with one, the amount and share."""
    assert plain_line("search", "depth 3: 41 positions", 41, None, 3.2) == \
        "search: depth 3: 41 positions, 3 s"
    assert plain_line("render", "frames", 500, 1000, 10.0) == \
        "render: frames, 500 of 1,000 (50 %), 10 s, about 10 s left"


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="'loud' is not one of"):
        progress.set_mode("loud")
