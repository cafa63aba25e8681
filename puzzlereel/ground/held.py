"""Holding back the signals that stop a command (Ctrl-C, SIGTERM, SIGHUP) for a few
steps that must not be cut in two: one that comes meanwhile is handled as they end."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)   # the signals that stop a command


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold the signals that stop a command (``STOPPING``) back while the block runs:
    one that comes meanwhile is handled as the block ends, so that a temporary file is
    never made without being noted for removal."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


__all__ = ["STOPPING", "signals_held"]
