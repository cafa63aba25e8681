"""The write state of a command: the inputs it guards, the temporary files it is
writing, the checks of the outputs it is putting in place (``placing``), and whether
standard output is one of its outputs.

A command owns one ``WriteState``; ``fileio`` reads and changes the one of the command
that is running (``current``), never a state of another.  It lives in a context
variable, so two threads, each rendering in one process, each have their own: one
thread's inputs never guard the other's outputs, and one thread beginning or ending a
command never changes what the other knows.

- The command line begins a command's state as each command starts (``begin``, from
  ``console.start``).  Work that has none yet (the Python API) gets one of its own the
  first time it writes or guards an input: a thread starts with an empty context, so
  each thread has its own.
- The threads the program starts for a command's work (``interrupts.run_stoppable``)
  run in a copy of the command's context (``carried``), and so share its state: the
  command's inputs guard what they write, the outputs it is placing are checked as they
  put them in place, and what they write to standard output is known to the command's
  messages.

A signal that stops the program (Ctrl-C, SIGTERM) is handled in the main thread, which
cannot see another thread's context.  So every state is noted, as it is made, in the
process's index of open states (``_open``), and ``remove_unfinished`` (called by
``exits`` as a command stops on a signal, or runs out of memory) removes the temporary
files of every state in it, whichever thread is writing them.  The index holds the
states and nothing else: a command's inputs, files and standard output stay in its own
state.  It holds them weakly: a state drops out once nothing refers to it, and a state
with a file being written is always referred to (``fileio.atomic_path`` holds it until
the file is in place or removed).
"""

from __future__ import annotations

import contextlib
import contextvars
import threading
import weakref
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

Identity = tuple[int, int]         # (device, inode): one file, whatever names it has
Check = Callable[[Path, Path], None]     # (the output, the finished file to put there)


class WriteState:
    """One command's write state: its inputs by identity (what ``fileio.guarded`` keeps
    known), the temporary files it is writing now, the checks of the outputs it is
    placing (by absolute path), and whether standard output is one of its outputs
    (``-o /dev/stdout``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inputs: dict[Identity, str] = {}
        self._unfinished: set[Path] = set()
        self._checks: dict[str, Check] = {}
        self._stdout_output = False

    def guard(self, inputs: Iterable[tuple[Identity, str]]) -> list[Identity]:
        """Keep ``inputs`` (identity, name shown) known; the identities that were not known
        yet, for ``release``."""
        added: list[Identity] = []
        with self._lock:
            for found, shown in inputs:
                if found not in self._inputs:
                    self._inputs[found] = shown
                    added.append(found)
        return added

    def release(self, added: Iterable[Identity]) -> None:
        """Forget the inputs ``guard`` added."""
        with self._lock:
            for found in added:
                self._inputs.pop(found, None)

    def input_named(self, found: Identity) -> str | None:
        """The name of the input that is the file ``found``, None when it is no input."""
        with self._lock:
            return self._inputs.get(found)

    def writing(self, path: Path) -> None:
        """Note the temporary file ``path`` as being written."""
        with self._lock:
            self._unfinished.add(path)

    def written(self, path: Path) -> None:
        """The temporary file ``path`` is in place or removed."""
        with self._lock:
            self._unfinished.discard(path)

    @property
    def unfinished(self) -> frozenset[Path]:
        """The temporary files being written now."""
        with self._lock:
            return frozenset(self._unfinished)

    def remove_unfinished(self) -> None:
        """Delete every temporary file this state is writing (its work is stopping)."""
        with self._lock:
            paths = list(self._unfinished)
            self._unfinished.clear()
        for path in paths:
            with contextlib.suppress(OSError):
                path.unlink()

    def place(self, checks: Mapping[str, Check]) -> None:
        """Check each output of ``checks`` (absolute path -> its check) as it is put in
        place, until ``placed``."""
        with self._lock:
            self._checks.update(checks)

    def placed(self, checks: Mapping[str, Check]) -> None:
        """Forget the checks ``place`` was given (those a later ``place`` has not
        replaced)."""
        with self._lock:
            for key, check in checks.items():
                if self._checks.get(key) is check:
                    del self._checks[key]

    def check_of(self, key: str) -> Check | None:
        """The check of the output at the absolute path ``key``, None when it is not
        being placed."""
        with self._lock:
            return self._checks.get(key)

    def stdout_written(self) -> None:
        """Standard output is one of the outputs."""
        self._stdout_output = True

    @property
    def stdout_output(self) -> bool:
        """Whether standard output is one of the outputs."""
        return self._stdout_output


_current: contextvars.ContextVar[WriteState] = contextvars.ContextVar("puzzlereel_write_state")
_open: weakref.WeakSet[WriteState] = weakref.WeakSet()   # every state, for a signal's cleanup
_open_lock = threading.Lock()


def begin() -> WriteState:
    """A new command's state, current in this context from now on: no input guarded, no
    file being written, standard output no output of it yet."""
    state = WriteState()
    with _open_lock:
        _open.add(state)
    _current.set(state)
    return state


def current() -> WriteState:
    """The state of the command running in this context (one begun for it if none is)."""
    state = _current.get(None)
    return begin() if state is None else state


def stdout_is_output() -> bool:
    """Whether one of the outputs of the command running here is this process's standard
    output itself (``-o /dev/stdout``): the lines it would print there go to stderr."""
    state = _current.get(None)
    return state is not None and state.stdout_output


def carried(work: Callable[[], T]) -> Callable[[], T]:
    """``work`` to run on another thread in a copy of this context: with the state of the
    command running here (begun now if none is)."""
    current()
    context = contextvars.copy_context()
    return lambda: context.run(work)


def remove_unfinished() -> None:
    """Delete every temporary file being written in this process, by any thread's
    command (the program is stopping)."""
    with _open_lock:
        states = list(_open)
    for state in states:
        state.remove_unfinished()


__all__ = ["Check", "Identity", "WriteState", "begin", "carried", "current", "remove_unfinished",
           "stdout_is_output"]
