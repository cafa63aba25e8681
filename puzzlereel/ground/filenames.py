"""The names of the files the program makes from what people give it (a title, a
config's name): each a file name of its own, which no folder part can lead out of its
folder."""

from __future__ import annotations

import re

NAME_BYTES = 200       # a name's longest UTF-8 form, leaving room for ".poster.png" & co.
_NOT_IN_NAMES = re.compile(r"[\x00-\x1f\x7f-\x9f/\\\ud800-\udfff]+")


def safe_name(text: str, default: str = "puzzle", limit: int = NAME_BYTES) -> str:
    """``text`` made a file name of its own, which no folder part can lead out of the
    folder it is written in: path separators, control characters (C0 and C1) and bytes
    that are not UTF-8 as ``-``, no leading dot (``..``, hidden files), at most ``limit``
    bytes; ``default`` when nothing is left."""
    name = _NOT_IN_NAMES.sub("-", str(text)).lstrip(".").strip()
    while len(name.encode("utf-8")) > limit:
        name = name[:-1]
    return name or default


__all__ = ["NAME_BYTES", "safe_name"]
