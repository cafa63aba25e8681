"""What memory this process may still take under its own limits (``ulimit -v``,
``ulimit -d``): the searches' budget and the encoder's check before a large video read
it here."""

from __future__ import annotations


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


__all__ = ["rlimit_room", "status_bytes"]
