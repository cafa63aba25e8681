"""The progress indicator: silent for quick work and off a terminal, a bar otherwise."""

from __future__ import annotations

from puzzlereel.progress import Reporter


def test_quiet_when_not_a_terminal_or_quick(capsys):
    off = Reporter("searching", enabled=False, delay=0)
    off("depth 1", 10, None)
    assert off._progress is None
    quick = Reporter("searching", enabled=True, delay=60)
    quick("depth 1", 10, None)
    assert quick._progress is None
    quick.close()
    assert capsys.readouterr().err == ""


def test_shows_a_bar_after_the_delay():
    with Reporter("searching", enabled=True, delay=0) as bar:
        bar("depth 3", 120, None)
        bar("depth 4", 250, 1000)
        task = bar._progress.tasks[0]
        assert (task.completed, task.total, task.fields["label"]) == (250, 1000, "depth 4")
    assert bar._progress is None
