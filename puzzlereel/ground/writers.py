"""Who writes a temporary file: this process as a temporary file's name holds it
(``writer``: its id, when it started, the machine it runs on), and whether a writer
named so is gone.

A process id means something only on the machine that gave it, and only while that
process runs: with the time the process started (where the system tells it) it names
one process even once the id is used again, and with ``machine`` one machine.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import socket


def process_start(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot), "" where the system does
    not tell: with its id, it names one process, even once the id is used again."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return fields[19].decode("ascii") if fields[19].isdigit() else ""
    except (OSError, IndexError, ValueError):
        return ""


@functools.cache
def machine() -> str:
    """This machine (its name and, where the system tells it, this boot) as six hex
    digits: a process id means something only on the machine that gave it."""
    boot = ""
    with contextlib.suppress(OSError):
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as handle:
            boot = handle.read().strip()
    return hashlib.sha256(f"{socket.gethostname()}/{boot}".encode()).hexdigest()[:6]


def writer() -> str:
    """This process as a temporary file's name holds it: ``PID-START-MACHINE-``."""
    pid = os.getpid()                        # asked each time: a forked worker is another
    return f"{pid}-{process_start(pid)}-{machine()}-"


def gone(pid: int, start: str) -> bool:
    """Whether process ``pid`` of this machine, started at ``start`` ("": unknown), has
    ended."""
    if os.name == "nt":                      # no signal 0 there: never take it as gone
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:                  # alive, another user's
        pass
    except (OSError, OverflowError, ValueError):
        return True
    if not start:
        return False
    now = process_start(pid)
    return bool(now) and now != start        # the id is another process's now


__all__ = ["gone", "machine", "process_start", "writer"]
