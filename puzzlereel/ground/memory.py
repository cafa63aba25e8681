"""What memory this process may still take: what the machine has available, what its
cgroup allows beyond what the group uses, and what its own limits (``ulimit -v``,
``ulimit -d``) leave it.  The searches' budget and the encoder's check before a large
video read it here."""

from __future__ import annotations

import os

UNLIMITED = 1 << 62            # a cgroup's "no limit" is written as a number this large


def status_bytes(field: str) -> int | None:
    """A ``/proc/self/status`` size (``VmSize``, ``VmData``) in bytes."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def rlimit_room() -> int | None:
    """What this process's own limits leave it: the address space (``ulimit -v``) and
    the data segment (``ulimit -d``) less what it already has of each."""
    try:
        import resource
    except ImportError:        # pragma: no cover - not on Windows
        return None
    rooms = []
    for limit, field in ((resource.RLIMIT_AS, "VmSize"), (resource.RLIMIT_DATA, "VmData")):
        soft, _ = resource.getrlimit(limit)
        if soft != resource.RLIM_INFINITY and soft > 0:
            used = status_bytes(field)
            rooms.append(max(0, soft - (used or 0)))
    return min(rooms) if rooms else None


def _machine_available() -> int | None:
    """MemAvailable on Linux, else the free pages, else None."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _read_int(path: str) -> int | None:
    try:
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def cgroup_room(membership: str = "/proc/self/cgroup",
                 root: str = "/sys/fs/cgroup") -> int | None:
    """What this process's cgroup (v2 ``memory.max``, v1 ``memory.limit_in_bytes``, and
    those of the groups above it) lets it take beyond what the group uses now."""
    try:
        with open(membership, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    rooms = []
    for line in lines:
        _, controllers, path = (line.split(":", 2) + ["", ""])[:3]
        if controllers == "":
            base, limit, usage = root, "memory.max", "memory.current"
        elif "memory" in controllers.split(","):
            base, limit, usage = (os.path.join(root, "memory"), "memory.limit_in_bytes",
                                  "memory.usage_in_bytes")
        else:
            continue
        parts = [p for p in path.split("/") if p]
        for depth in range(len(parts), -1, -1):
            folder = os.path.join(base, *parts[:depth])
            most = _read_int(os.path.join(folder, limit))
            if most is not None and most < UNLIMITED:
                rooms.append(max(0, most - (_read_int(os.path.join(folder, usage)) or 0)))
    return min(rooms) if rooms else None


def available_memory() -> int:
    """Bytes this process may still take: the least of the machine's available memory,
    what its cgroup allows beyond what the group uses, and what its own limits
    (``ulimit -v``, ``ulimit -d``) leave it; 8 GiB when none is known."""
    known = [room for room in (_machine_available(), cgroup_room(), rlimit_room())
             if room is not None]
    return min(known) if known else 8 << 30


__all__ = ["UNLIMITED", "available_memory", "cgroup_room", "rlimit_room", "status_bytes"]
