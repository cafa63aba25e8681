"""Stopping on request: Ctrl-C, ``kill``, a closed terminal, all handled alike.

SIGINT, SIGTERM (what ``timeout``, Docker, systemd and CI runners send) and SIGHUP raise
``Interrupted`` in the main thread, from the first moment of start-up (``install`` runs
before the heavy imports); the command line turns it into one line and the exit code
128 + the signal's number, after the unfinished output files are removed.  A signal
that comes while CPython runs code that cannot raise (a weakref callback, such as the
import system's, or a ``__del__``) is not lost: CPython hands that ``Interrupted`` to
``sys.unraisablehook``, and ours delivers the signal again a moment later, from outside
that code, instead of printing a traceback and going on.

A compiled search holds the main thread for as long as it runs, so a signal would wait
for it.  ``run_stoppable`` runs such work on a second thread (the compiled loops release
Python's lock) and keeps the main thread free to notice a signal within a tenth of a
second; the work runs with the command's write state (``writestate.carried``).  On a
signal it removes the unfinished files of that state and raises ``Interrupted`` at once,
leaving the abandoned thread to the process's exit.
"""

from __future__ import annotations

import _thread
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import TypeVar

from puzzlereel.ground import writestate

T = TypeVar("T")

SIGNALS: tuple[str, ...] = ("SIGINT", "SIGTERM", "SIGHUP")


class Interrupted(BaseException):
    """A signal asked the program to stop (a BaseException, like KeyboardInterrupt, so
    that no ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        try:
            self.name = signal.Signals(signum).name
        except ValueError:   # pragma: no cover - not a known signal number
            self.name = f"signal {signum}"
        super().__init__(self.name)

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a process the signal killed."""
        return 128 + self.signum

    @property
    def message(self) -> str:
        return "interrupted" if self.name == "SIGINT" else f"stopped by {self.name}"


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


AGAIN_AFTER = 0.01    # seconds before a swallowed signal is delivered again


def _again(signum: int) -> None:
    time.sleep(AGAIN_AFTER)          # (the main thread has left the hook by then)
    signal.raise_signal(signum)      # its handler runs on the main thread, as any signal's


def _unraisable(args: sys.UnraisableHookArgs) -> None:
    """An ``Interrupted`` raised where it could not propagate comes again; anything else
    goes to the hook that was there before."""
    if isinstance(args.exc_value, Interrupted):
        _thread.start_new_thread(_again, (args.exc_value.signum,))
        return
    _previous_hook(args)


_previous_hook = sys.unraisablehook


def install() -> None:
    """Make SIGINT, SIGTERM and SIGHUP (where the system has them) raise ``Interrupted``,
    and one swallowed where it could not propagate come again."""
    global _previous_hook
    if threading.current_thread() is not threading.main_thread():
        return
    if sys.unraisablehook is not _unraisable:
        _previous_hook = sys.unraisablehook
        sys.unraisablehook = _unraisable
    for name in SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _raise)


def run_stoppable(work: Callable[[], T], *, poll: float = 0.1) -> T:
    """``work()`` on a second thread, returning its result or raising its exception; a
    signal meanwhile removes the files it was writing and raises ``Interrupted``."""
    result: list[T] = []
    failure: list[BaseException] = []
    state = writestate.current()
    carried = writestate.carried(work)

    def target() -> None:
        try:
            result.append(carried())
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            failure.append(exc)

    worker = threading.Thread(target=target, name="puzzlereel-work", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(poll)
    except BaseException:
        state.remove_unfinished()
        raise
    if failure:
        raise failure[0]
    return result[0]


__all__ = ["SIGNALS", "Interrupted", "install", "run_stoppable"]
