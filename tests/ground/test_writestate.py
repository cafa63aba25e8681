"""The write state is each command's: two threads writing at once in one process share
neither their inputs, nor their temporary files, nor the checks of the outputs they are
placing, nor whether standard output is an output; a signal's cleanup still finds every
thread's temporary files."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from puzzlereel.ground import writestate
from puzzlereel.ground.fileio import OutputError, OverInput, atomic_path, atomic_text, guarded
from puzzlereel.ground.interrupts import run_stoppable
from puzzlereel.ground.placing import Check, check_of, placing

WAIT = 60       # seconds: a guard against a hang only


def both(a: Callable[[], None], b: Callable[[], None]) -> None:
    """Run ``a`` and ``b`` on two threads of their own; raise what either raised."""
    failures: list[BaseException] = []

    def guarded_run(work: Callable[[], None]) -> None:
        try:
            work()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            failures.append(exc)

    threads = [threading.Thread(target=guarded_run, args=(work,)) for work in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    if failures:
        raise failures[0]


def test_one_threads_inputs_do_not_guard_another_threads_outputs(tmp_path):
    """Thread A reads ``source``; thread B's output, a hard link to it under another
    name, is no input of B's: B writes it.  A itself may not write over its input, by
    another of its names either."""
    source = tmp_path / "source.toml"
    source.write_text("A reads this\n")
    sibling, twin = tmp_path / "sibling.toml", tmp_path / "twin.toml"
    os.link(source, sibling)
    os.link(source, twin)
    a_guards, b_wrote = threading.Event(), threading.Event()

    def a() -> None:
        with guarded(inputs=[source]):
            a_guards.set()
            assert b_wrote.wait(WAIT)
            with pytest.raises(OverInput), atomic_text(twin) as handle:
                handle.write("over A's input\n")

    def b() -> None:
        assert a_guards.wait(WAIT)
        try:
            with atomic_text(sibling) as handle:
                handle.write("B's output\n")
        finally:
            b_wrote.set()

    both(a, b)
    assert sibling.read_text() == "B's output\n"
    assert source.read_text() == "A reads this\n"


def test_one_thread_beginning_a_command_keeps_anothers_stdout_and_files(tmp_path):
    """Thread B writes to standard output and has a file half-written; thread A begins a
    command and ends it, abandoning its work: B's standard output is still an output,
    and its temporary file is still there, then put in place."""
    b_writing, a_done = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def b() -> None:
        with atomic_path(tmp_path / "b.bin") as tmp:
            with atomic_text("/dev/stdout"):
                pass                          # nothing: standard output is an output
            tmp.write_bytes(b"B")
            b_writing.set()
            assert a_done.wait(WAIT)
            seen["b's stdout"] = writestate.stdout_is_output()
            seen["b's file"] = tmp.exists()

    def a() -> None:
        assert b_writing.wait(WAIT)
        try:
            writestate.begin()
            seen["a's stdout"] = writestate.stdout_is_output()
            seen["a's files"] = writestate.current().unfinished
            writestate.current().remove_unfinished()
        finally:
            a_done.set()

    both(a, b)
    assert seen == {"a's stdout": False, "a's files": frozenset(),
                    "b's stdout": True, "b's file": True}
    assert (tmp_path / "b.bin").read_bytes() == b"B"


def test_a_signals_cleanup_finds_every_threads_temporary_files(tmp_path):
    """The program stopping (``writestate.remove_unfinished``, in the main thread) removes
    the temporary file another thread, with a command of its own, is writing."""
    writing, removed = threading.Event(), threading.Event()
    seen: list[bool] = []

    def b() -> None:
        writestate.begin()
        with pytest.raises(FileNotFoundError), atomic_path(tmp_path / "b.bin") as tmp:
            tmp.write_bytes(b"B")
            writing.set()
            assert removed.wait(WAIT)
            seen.append(tmp.exists())

    thread = threading.Thread(target=b)
    thread.start()
    assert writing.wait(WAIT)
    writestate.remove_unfinished()
    removed.set()
    thread.join(WAIT)
    assert seen == [False]
    assert list(tmp_path.iterdir()) == []


def test_stoppable_work_shares_its_commands_state(tmp_path):
    """Work on ``run_stoppable``'s thread is the command's: the command's inputs guard
    what it writes."""
    source = tmp_path / "source.toml"
    source.write_text("input\n")

    def work() -> None:
        with atomic_text(source) as handle:
            handle.write("over the input\n")

    with guarded(inputs=[source]), pytest.raises(OverInput):
        run_stoppable(work)
    assert source.read_text() == "input\n"


def test_two_commands_placing_one_output_each_call_their_own_check(tmp_path):
    """Threads A and B, each with a command of its own, place the same output with
    checks of their own: each write calls its own command's check, never the other's,
    and a command placing nothing sees neither."""
    out = tmp_path / "out.bin"
    calls: list[tuple[str, bytes]] = []
    seen: dict[str, object] = {}
    a_placed, b_placed, a_wrote = threading.Event(), threading.Event(), threading.Event()

    def checking(name: str) -> Check:
        def check(target: Path, finished: Path) -> None:
            calls.append((name, finished.read_bytes()))
        return check

    def a() -> None:
        writestate.begin()
        with placing({out: checking("A")}):
            a_placed.set()
            assert b_placed.wait(WAIT)
            with atomic_path(out) as tmp:
                tmp.write_bytes(b"A")
            a_wrote.set()

    def b() -> None:
        writestate.begin()
        assert a_placed.wait(WAIT)
        with placing({out: checking("B")}):
            b_placed.set()
            assert a_wrote.wait(WAIT)
            with atomic_path(out) as tmp:
                tmp.write_bytes(b"B")

    def neither() -> None:
        writestate.begin()
        assert b_placed.wait(WAIT)
        seen["neither's check"] = check_of(out)

    both(a, b)
    thread = threading.Thread(target=neither)
    thread.start()
    thread.join(WAIT)
    assert calls == [("A", b"A"), ("B", b"B")]
    assert seen == {"neither's check": None}
    assert out.read_bytes() == b"B"


def test_a_commands_checks_are_called_in_its_stoppable_work(tmp_path):
    """An output the command places is checked as work on ``run_stoppable``'s thread puts
    it in place: a check that refuses leaves what stands there as it was."""
    out, kept = tmp_path / "out.bin", tmp_path / "kept.bin"
    kept.write_bytes(b"the user's")
    calls: list[tuple[str, bytes]] = []

    def check(target: Path, finished: Path) -> None:
        calls.append((threading.current_thread().name, finished.read_bytes()))

    def refuse(target: Path, finished: Path) -> None:
        raise OutputError("not ours", source=str(target))

    def work(path: Path) -> Callable[[], None]:
        def write() -> None:
            with atomic_path(path) as tmp:
                tmp.write_bytes(b"made")
        return write

    with placing({out: check, kept: refuse}):
        run_stoppable(work(out))
        with pytest.raises(OutputError):
            run_stoppable(work(kept))
    assert calls == [("puzzlereel-work", b"made")]
    assert out.read_bytes() == b"made"
    assert kept.read_bytes() == b"the user's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.bin", "out.bin"]
