"""Content hashes: of bytes, of a file (read in blocks), of a JSON-able value (its keys
sorted), by which outputs are judged up to date whatever the files' times say."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str | None:
    """The file's SHA-256, or None when it cannot be read (missing, a folder, ...)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def key_of(value: object) -> str:
    """A content hash of a JSON-able value (dict keys sorted, tuples as lists)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return sha256_bytes(text.encode("utf-8"))


__all__ = ["key_of", "sha256_bytes", "sha256_file"]
